//! A session store in Redis.
//!
//! Key layout (`P` is the prefix, default `oxagent`; in each key part `%` is written `%25`
//! and `:` `%3A`, so parts never run into each other):
//!
//! | key | type | holds |
//! |---|---|---|
//! | `P:entries:<project>:<session>` | list | the main transcript's entries (JSON text), in order |
//! | `P:entries:<project>:<session>:<subpath>` | list | a subpath's entries (a subagent's transcript) |
//! | `P:subkeys:<project>:<session>` | hash | subpath -> its entries key |
//! | `P:sessions:<project>` | sorted set | session id, scored by its last write (epoch ms, the server's clock) |
//! | `P:summaries:<project>` | hash | session id -> its folded summary `data` (JSON) |
//! | `P:versions:<project>` | hash | session id -> how many times its summary was written |
//!
//! An append is one Lua script: the entries are pushed, the session's time and summary set,
//! together; no other client's command runs in between, so batches never interleave. The
//! summary is folded here from the one the store holds, and the script writes it only if
//! that one was not replaced meanwhile (its version is unchanged); else the append is
//! folded and tried again. Connections: a few multiplexed, self-reconnecting connections,
//! used in turn.

use std::sync::atomic::{AtomicUsize, Ordering};

use futures::future::BoxFuture;
use oxagent_core::store::{
    fold_session_summary, SessionKey, SessionStore, SessionSummary, StoreError, StoreListEntry,
    StoreMethod, StoreResult,
};
use redis::aio::ConnectionManager;
use serde_json::{Map, Value};

use crate::failed;

/// How a [`RedisSessionStore`] is set up.
#[derive(Debug, Clone)]
pub struct Config {
    /// The first part of every key.
    pub prefix: String,
    /// Connections (each multiplexed).
    pub connections: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            prefix: "oxagent".into(),
            connections: 4,
        }
    }
}

/// See the module docs.
pub struct RedisSessionStore {
    pool: Vec<ConnectionManager>,
    next: AtomicUsize,
    prefix: String,
    append_main: redis::Script,
    append_sub: redis::Script,
    delete_main: redis::Script,
}

impl std::fmt::Debug for RedisSessionStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RedisSessionStore")
            .field("prefix", &self.prefix)
            .finish_non_exhaustive()
    }
}

/// Pushes ARGV[4..] onto KEYS[1] if the summary version (KEYS[4][ARGV[1]]) is ARGV[2];
/// stamps the session in KEYS[2] with the server's time (after its last one); stores the
/// summary ARGV[3] in KEYS[3]. Returns the time, or -1 when the version moved on.
const APPEND_MAIN: &str = r"
local version = tonumber(redis.call('HGET', KEYS[4], ARGV[1]) or '0')
if version ~= tonumber(ARGV[2]) then return -1 end
for i = 4, #ARGV, 1000 do
  redis.call('RPUSH', KEYS[1], unpack(ARGV, i, math.min(i + 999, #ARGV)))
end
local t = redis.call('TIME')
local ms = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local last = tonumber(redis.call('ZSCORE', KEYS[2], ARGV[1]) or '0')
if ms <= last then ms = last + 1 end
redis.call('ZADD', KEYS[2], ms, ARGV[1])
redis.call('HSET', KEYS[3], ARGV[1], ARGV[3])
redis.call('HINCRBY', KEYS[4], ARGV[1], 1)
return ms
";

/// Pushes ARGV[2..] onto KEYS[1] and records it as subpath ARGV[1] in KEYS[2].
const APPEND_SUB: &str = r"
for i = 2, #ARGV, 1000 do
  redis.call('RPUSH', KEYS[1], unpack(ARGV, i, math.min(i + 999, #ARGV)))
end
redis.call('HSET', KEYS[2], ARGV[1], KEYS[1])
return 1
";

/// Deletes a session: its entries, its subpaths' entries, its time, summary and version.
const DELETE_MAIN: &str = r"
for _, k in ipairs(redis.call('HVALS', KEYS[2])) do redis.call('DEL', k) end
redis.call('DEL', KEYS[1], KEYS[2])
redis.call('ZREM', KEYS[3], ARGV[1])
redis.call('HDEL', KEYS[4], ARGV[1])
redis.call('HDEL', KEYS[5], ARGV[1])
return 1
";

/// Sorted-set members with their scores.
type Scores = Vec<(String, f64)>;

/// One part of a key: `%` and `:` escaped.
fn part(s: &str) -> String {
    s.replace('%', "%25").replace(':', "%3A")
}

impl RedisSessionStore {
    /// Connects to `url` (`redis://host:port/db`, `rediss://...`, `unix:///path`).
    pub async fn connect(url: &str, config: Config) -> StoreResult<RedisSessionStore> {
        let client = redis::Client::open(url).map_err(failed)?;
        let mut pool = Vec::new();
        for _ in 0..config.connections.max(1) {
            pool.push(
                ConnectionManager::new(client.clone())
                    .await
                    .map_err(failed)?,
            );
        }
        Ok(RedisSessionStore {
            pool,
            next: AtomicUsize::new(0),
            prefix: config.prefix,
            append_main: redis::Script::new(APPEND_MAIN),
            append_sub: redis::Script::new(APPEND_SUB),
            delete_main: redis::Script::new(DELETE_MAIN),
        })
    }

    fn conn(&self) -> ConnectionManager {
        let i = self.next.fetch_add(1, Ordering::Relaxed) % self.pool.len();
        self.pool[i].clone()
    }

    fn entries_key(&self, key: &SessionKey) -> String {
        let base = format!(
            "{}:entries:{}:{}",
            self.prefix,
            part(&key.project_key),
            part(&key.session_id)
        );
        match &key.subpath {
            Some(s) => format!("{base}:{}", part(s)),
            None => base,
        }
    }

    fn project_key(&self, kind: &str, project_key: &str) -> String {
        format!("{}:{kind}:{}", self.prefix, part(project_key))
    }

    fn subkeys_key(&self, project_key: &str, session_id: &str) -> String {
        format!(
            "{}:subkeys:{}:{}",
            self.prefix,
            part(project_key),
            part(session_id)
        )
    }

    async fn append_to_main(
        &self,
        key: &SessionKey,
        lines: &[String],
        entries: &[Value],
    ) -> StoreResult<()> {
        let (summaries, versions) = (
            self.project_key("summaries", &key.project_key),
            self.project_key("versions", &key.project_key),
        );
        let mut conn = self.conn();
        for _ in 0..100 {
            let (data, version): (Option<String>, Option<i64>) = redis::pipe()
                .hget(&summaries, &key.session_id)
                .hget(&versions, &key.session_id)
                .query_async(&mut conn)
                .await
                .map_err(failed)?;
            let prev = data
                .and_then(|d| serde_json::from_str::<Map<String, Value>>(&d).ok())
                .map(|data| SessionSummary {
                    session_id: key.session_id.clone(),
                    mtime: 0,
                    data,
                });
            let folded = fold_session_summary(prev.as_ref(), key, entries, false);
            let stamped: i64 = self
                .append_main
                .key(self.entries_key(key))
                .key(self.project_key("sessions", &key.project_key))
                .key(&summaries)
                .key(&versions)
                .arg(&key.session_id)
                .arg(version.unwrap_or(0))
                .arg(Value::Object(folded.data).to_string())
                .arg(lines)
                .invoke_async(&mut conn)
                .await
                .map_err(failed)?;
            if stamped >= 0 {
                return Ok(());
            }
        }
        Err(StoreError::Failed(format!(
            "the summary of {key} kept changing under this append"
        )))
    }
}

impl SessionStore for RedisSessionStore {
    fn append<'a>(
        &'a self,
        key: &'a SessionKey,
        entries: &'a [Value],
    ) -> BoxFuture<'a, StoreResult<()>> {
        Box::pin(async move {
            if entries.is_empty() {
                return Ok(());
            }
            let lines: Vec<String> = entries.iter().map(Value::to_string).collect();
            match &key.subpath {
                None => self.append_to_main(key, &lines, entries).await,
                Some(sub) => {
                    let mut conn = self.conn();
                    let _: i64 = self
                        .append_sub
                        .key(self.entries_key(key))
                        .key(self.subkeys_key(&key.project_key, &key.session_id))
                        .arg(sub)
                        .arg(&lines)
                        .invoke_async(&mut conn)
                        .await
                        .map_err(failed)?;
                    Ok(())
                }
            }
        })
    }

    fn load<'a>(&'a self, key: &'a SessionKey) -> BoxFuture<'a, StoreResult<Option<Vec<Value>>>> {
        Box::pin(async move {
            let mut conn = self.conn();
            let lines: Vec<String> = redis::cmd("LRANGE")
                .arg(self.entries_key(key))
                .arg(0)
                .arg(-1)
                .query_async(&mut conn)
                .await
                .map_err(failed)?;
            if lines.is_empty() {
                return Ok(None);
            }
            lines
                .iter()
                .map(|l| serde_json::from_str(l).map_err(failed))
                .collect::<StoreResult<Vec<Value>>>()
                .map(Some)
        })
    }

    fn supports(&self, _method: StoreMethod) -> bool {
        true
    }

    fn list_sessions<'a>(
        &'a self,
        project_key: &'a str,
    ) -> BoxFuture<'a, StoreResult<Vec<StoreListEntry>>> {
        Box::pin(async move {
            let mut conn = self.conn();
            let listed: Vec<(String, f64)> = redis::cmd("ZRANGE")
                .arg(self.project_key("sessions", project_key))
                .arg(0)
                .arg(-1)
                .arg("WITHSCORES")
                .query_async(&mut conn)
                .await
                .map_err(failed)?;
            Ok(listed
                .into_iter()
                .map(|(session_id, mtime)| StoreListEntry {
                    session_id,
                    mtime: mtime as u64,
                })
                .collect())
        })
    }

    fn list_session_summaries<'a>(
        &'a self,
        project_key: &'a str,
    ) -> BoxFuture<'a, StoreResult<Vec<SessionSummary>>> {
        Box::pin(async move {
            let mut conn = self.conn();
            let (summaries, times): (Vec<(String, String)>, Scores) = redis::pipe()
                .atomic()
                .cmd("HGETALL")
                .arg(self.project_key("summaries", project_key))
                .cmd("ZRANGE")
                .arg(self.project_key("sessions", project_key))
                .arg(0)
                .arg(-1)
                .arg("WITHSCORES")
                .query_async(&mut conn)
                .await
                .map_err(failed)?;
            let times: std::collections::HashMap<String, f64> = times.into_iter().collect();
            Ok(summaries
                .into_iter()
                .filter_map(|(session_id, data)| {
                    let mtime = *times.get(&session_id)? as u64;
                    let data = serde_json::from_str::<Map<String, Value>>(&data).ok()?;
                    Some(SessionSummary {
                        session_id,
                        mtime,
                        data,
                    })
                })
                .collect())
        })
    }

    fn delete<'a>(&'a self, key: &'a SessionKey) -> BoxFuture<'a, StoreResult<()>> {
        Box::pin(async move {
            let mut conn = self.conn();
            let subkeys = self.subkeys_key(&key.project_key, &key.session_id);
            match &key.subpath {
                Some(sub) => {
                    let _: () = redis::pipe()
                        .atomic()
                        .del(self.entries_key(key))
                        .hdel(subkeys, sub)
                        .query_async(&mut conn)
                        .await
                        .map_err(failed)?;
                }
                None => {
                    let _: i64 = self
                        .delete_main
                        .key(self.entries_key(key))
                        .key(subkeys)
                        .key(self.project_key("sessions", &key.project_key))
                        .key(self.project_key("summaries", &key.project_key))
                        .key(self.project_key("versions", &key.project_key))
                        .arg(&key.session_id)
                        .invoke_async(&mut conn)
                        .await
                        .map_err(failed)?;
                }
            }
            Ok(())
        })
    }

    fn list_subkeys<'a>(
        &'a self,
        project_key: &'a str,
        session_id: &'a str,
    ) -> BoxFuture<'a, StoreResult<Vec<String>>> {
        Box::pin(async move {
            let mut conn = self.conn();
            redis::cmd("HKEYS")
                .arg(self.subkeys_key(project_key, session_id))
                .query_async(&mut conn)
                .await
                .map_err(failed)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_parts_never_run_into_each_other() {
        assert_eq!(part("a:b%c"), "a%3Ab%25c");
        assert_eq!(part("-home-me-w"), "-home-me-w");
    }
}

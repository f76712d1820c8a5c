//! A session store in PostgreSQL.
//!
//! Table layout (`T` is the table prefix, default `oxagent`; made on first use):
//!
//! ```sql
//! CREATE TABLE T_entries (            -- every transcript entry, in append order
//!     project_key text   NOT NULL,
//!     session_id  text   NOT NULL,
//!     subpath     text   NOT NULL DEFAULT '',   -- '' for the main transcript
//!     seq         bigint GENERATED ALWAYS AS IDENTITY,
//!     entry       text   NOT NULL,              -- the entry as JSON text, byte for byte
//!     PRIMARY KEY (project_key, session_id, subpath, seq));
//! CREATE TABLE T_sessions (           -- one row per session (main transcripts only)
//!     project_key text   NOT NULL,
//!     session_id  text   NOT NULL,
//!     mtime       bigint NOT NULL,              -- last append, epoch ms, the server's clock
//!     summary     text   NOT NULL,              -- the folded summary's data (JSON)
//!     PRIMARY KEY (project_key, session_id));
//! ```
//!
//! An append is one transaction that first takes a transaction-scoped advisory lock on its
//! key: appends to one transcript run one after the other (their `seq` values follow each
//! other, a batch is never interleaved with another), and the session's time and summary
//! are read, folded and written under the same lock, so none is lost. Entries are kept as
//! text, not `jsonb`, so any JSON (a NUL escape included) comes back as it went in.
//! Connections come from a pool (deadpool-postgres).

use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod};
use futures::future::BoxFuture;
use oxagent_core::store::{
    fold_session_summary, SessionKey, SessionStore, SessionSummary, StoreError, StoreListEntry,
    StoreMethod, StoreResult,
};
use serde_json::{Map, Value};
use tokio_postgres::NoTls;

use crate::failed;

/// How a [`PostgresSessionStore`] is set up.
#[derive(Debug, Clone)]
pub struct Config {
    /// The tables are `<prefix>_entries` and `<prefix>_sessions`: lowercase letters, digits
    /// and `_`, starting with a letter or `_`.
    pub table_prefix: String,
    /// Connections in the pool.
    pub pool_size: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            table_prefix: "oxagent".into(),
            pool_size: 16,
        }
    }
}

/// See the module docs.
pub struct PostgresSessionStore {
    pool: Pool,
    entries: String,
    sessions: String,
}

impl std::fmt::Debug for PostgresSessionStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PostgresSessionStore")
            .field("entries", &self.entries)
            .finish_non_exhaustive()
    }
}

fn valid_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_lowercase() || c == '_')
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        && name.len() <= 50
}

/// The server's clock, in epoch milliseconds.
const NOW_MS: &str = "(extract(epoch from clock_timestamp()) * 1000)::bigint";

impl PostgresSessionStore {
    /// Connects to `url` (`postgres://user:password@host:port/db`) and makes the tables if
    /// they are not there.
    pub async fn connect(url: &str, config: Config) -> StoreResult<PostgresSessionStore> {
        if !valid_identifier(&config.table_prefix) {
            return Err(StoreError::Failed(format!(
                "table prefix {:?} must be lowercase letters, digits and _",
                config.table_prefix
            )));
        }
        let pg: tokio_postgres::Config = url.parse().map_err(failed)?;
        let manager = Manager::from_config(
            pg,
            NoTls,
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let pool = Pool::builder(manager)
            .max_size(config.pool_size.max(1))
            .build()
            .map_err(failed)?;
        let store = PostgresSessionStore {
            pool,
            entries: format!("{}_entries", config.table_prefix),
            sessions: format!("{}_sessions", config.table_prefix),
        };
        store.create_schema().await?;
        Ok(store)
    }

    async fn create_schema(&self) -> StoreResult<()> {
        let mut client = self.pool.get().await.map_err(failed)?;
        let tx = client.transaction().await.map_err(failed)?;
        // Two hosts starting at once must not both create the tables.
        tx.execute(
            "SELECT pg_advisory_xact_lock(hashtext('oxagent-session-store-schema'))",
            &[],
        )
        .await
        .map_err(failed)?;
        tx.batch_execute(&format!(
            "CREATE TABLE IF NOT EXISTS {e} (
                project_key text NOT NULL,
                session_id text NOT NULL,
                subpath text NOT NULL DEFAULT '',
                seq bigint GENERATED ALWAYS AS IDENTITY,
                entry text NOT NULL,
                PRIMARY KEY (project_key, session_id, subpath, seq));
             CREATE TABLE IF NOT EXISTS {s} (
                project_key text NOT NULL,
                session_id text NOT NULL,
                mtime bigint NOT NULL,
                summary text NOT NULL,
                PRIMARY KEY (project_key, session_id));",
            e = self.entries,
            s = self.sessions
        ))
        .await
        .map_err(failed)?;
        tx.commit().await.map_err(failed)
    }
}

fn subpath(key: &SessionKey) -> &str {
    key.subpath.as_deref().unwrap_or("")
}

impl SessionStore for PostgresSessionStore {
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
            let mut client = self.pool.get().await.map_err(failed)?;
            let tx = client.transaction().await.map_err(failed)?;
            let lock_name = format!(
                "{}\u{1f}{}\u{1f}{}",
                key.project_key,
                key.session_id,
                subpath(key)
            );
            tx.execute("SELECT pg_advisory_xact_lock(hashtext($1))", &[&lock_name])
                .await
                .map_err(failed)?;
            tx.execute(
                &format!(
                    "INSERT INTO {} (project_key, session_id, subpath, entry)
                     SELECT $1, $2, $3, e FROM unnest($4::text[]) WITH ORDINALITY AS t(e, n) ORDER BY n",
                    self.entries
                ),
                &[&key.project_key, &key.session_id, &subpath(key), &lines],
            )
            .await
            .map_err(failed)?;
            if key.subpath.is_none() {
                let row = tx
                    .query_opt(
                        &format!(
                            "SELECT summary FROM {} WHERE project_key = $1 AND session_id = $2",
                            self.sessions
                        ),
                        &[&key.project_key, &key.session_id],
                    )
                    .await
                    .map_err(failed)?;
                let prev = row
                    .and_then(|r| {
                        serde_json::from_str::<Map<String, Value>>(&r.get::<_, String>(0)).ok()
                    })
                    .map(|data| SessionSummary {
                        session_id: key.session_id.clone(),
                        mtime: 0,
                        data,
                    });
                let folded = fold_session_summary(prev.as_ref(), key, entries, false);
                let summary = Value::Object(folded.data).to_string();
                tx.execute(
                    &format!(
                        "INSERT INTO {s} AS x (project_key, session_id, mtime, summary)
                         VALUES ($1, $2, {NOW_MS}, $3)
                         ON CONFLICT (project_key, session_id) DO UPDATE
                         SET mtime = GREATEST({NOW_MS}, x.mtime + 1), summary = EXCLUDED.summary",
                        s = self.sessions
                    ),
                    &[&key.project_key, &key.session_id, &summary],
                )
                .await
                .map_err(failed)?;
            }
            tx.commit().await.map_err(failed)
        })
    }

    fn load<'a>(&'a self, key: &'a SessionKey) -> BoxFuture<'a, StoreResult<Option<Vec<Value>>>> {
        Box::pin(async move {
            let client = self.pool.get().await.map_err(failed)?;
            let rows = client
                .query(
                    &format!(
                        "SELECT entry FROM {} WHERE project_key = $1 AND session_id = $2 AND subpath = $3 ORDER BY seq",
                        self.entries
                    ),
                    &[&key.project_key, &key.session_id, &subpath(key)],
                )
                .await
                .map_err(failed)?;
            if rows.is_empty() {
                return Ok(None);
            }
            rows.iter()
                .map(|r| serde_json::from_str(&r.get::<_, String>(0)).map_err(failed))
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
            let client = self.pool.get().await.map_err(failed)?;
            let rows = client
                .query(
                    &format!(
                        "SELECT session_id, mtime FROM {} WHERE project_key = $1",
                        self.sessions
                    ),
                    &[&project_key],
                )
                .await
                .map_err(failed)?;
            Ok(rows
                .iter()
                .map(|r| StoreListEntry {
                    session_id: r.get(0),
                    mtime: r.get::<_, i64>(1).max(0) as u64,
                })
                .collect())
        })
    }

    fn list_session_summaries<'a>(
        &'a self,
        project_key: &'a str,
    ) -> BoxFuture<'a, StoreResult<Vec<SessionSummary>>> {
        Box::pin(async move {
            let client = self.pool.get().await.map_err(failed)?;
            let rows = client
                .query(
                    &format!(
                        "SELECT session_id, mtime, summary FROM {} WHERE project_key = $1",
                        self.sessions
                    ),
                    &[&project_key],
                )
                .await
                .map_err(failed)?;
            Ok(rows
                .iter()
                .filter_map(|r| {
                    Some(SessionSummary {
                        session_id: r.get(0),
                        mtime: r.get::<_, i64>(1).max(0) as u64,
                        data: serde_json::from_str(&r.get::<_, String>(2)).ok()?,
                    })
                })
                .collect())
        })
    }

    fn delete<'a>(&'a self, key: &'a SessionKey) -> BoxFuture<'a, StoreResult<()>> {
        Box::pin(async move {
            let mut client = self.pool.get().await.map_err(failed)?;
            let tx = client.transaction().await.map_err(failed)?;
            match &key.subpath {
                Some(sub) => {
                    tx.execute(
                        &format!(
                            "DELETE FROM {} WHERE project_key = $1 AND session_id = $2 AND subpath = $3",
                            self.entries
                        ),
                        &[&key.project_key, &key.session_id, sub],
                    )
                    .await
                    .map_err(failed)?;
                }
                None => {
                    for table in [&self.entries, &self.sessions] {
                        tx.execute(
                            &format!(
                                "DELETE FROM {table} WHERE project_key = $1 AND session_id = $2"
                            ),
                            &[&key.project_key, &key.session_id],
                        )
                        .await
                        .map_err(failed)?;
                    }
                }
            }
            tx.commit().await.map_err(failed)
        })
    }

    fn list_subkeys<'a>(
        &'a self,
        project_key: &'a str,
        session_id: &'a str,
    ) -> BoxFuture<'a, StoreResult<Vec<String>>> {
        Box::pin(async move {
            let client = self.pool.get().await.map_err(failed)?;
            let rows = client
                .query(
                    &format!(
                        "SELECT DISTINCT subpath FROM {} WHERE project_key = $1 AND session_id = $2 AND subpath <> ''",
                        self.entries
                    ),
                    &[&project_key, &session_id],
                )
                .await
                .map_err(failed)?;
            Ok(rows.iter().map(|r| r.get(0)).collect())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_prefixes_are_plain_identifiers() {
        assert!(valid_identifier("oxagent"));
        assert!(valid_identifier("_t1"));
        for bad in ["", "1x", "A", "a-b", "a;drop table x", "a b"] {
            assert!(!valid_identifier(bad), "{bad:?}");
        }
    }
}

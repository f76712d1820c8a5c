//! The saved-session functions over a store, for the faces: a [`StoreJob`] runs one
//! function (`list`, `info`, `messages`, `fork`, `import`, ...) in Rust; a store of the
//! host's is asked through `session_store` control requests the job hands out, as a session
//! hands out `can_use_tool`; a native store is called directly.
//!
//! ```no_run
//! # async fn demo() {
//! use std::sync::Arc;
//! use oxagent::store_jobs::{JobEvent, StoreJob, StoreSource};
//! let store = Arc::new(oxagent::store::InMemorySessionStore::new());
//! let mut job = StoreJob::spawn("list", serde_json::json!({"directory": "/w"}),
//!     StoreSource::Native(store), &tokio::runtime::Handle::current());
//! while let Some(event) = job.recv().await {
//!     if let JobEvent::Done(answer) = event {
//!         println!("{answer}"); // {"ok": [...]} or {"error": {"kind", "message"}}
//!     }
//! }
//! # }
//! ```

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use futures::channel::oneshot;
use futures::future::BoxFuture;
use oxagent_core::host::Host;
use oxagent_core::protocol::{ControlRequest, ControlResponse};
use oxagent_core::store::{
    fold_session_summary, HostStore, SessionKey, SessionStore, SessionSummary, StoreMethod,
};
use oxagent_core::sync::lock;
use oxagent_sessions::store_api as api;
use oxagent_sessions::{info_camel, SessionError, SessionInfo};
use serde_json::{json, Value};
use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver, UnboundedSender};

/// Which store a job works on.
#[derive(Clone)]
pub enum StoreSource {
    /// The host's store, with these optional methods.
    Host(Vec<StoreMethod>),
    Native(Arc<dyn SessionStore>),
}

/// What a job hands out.
#[derive(Debug, Clone, PartialEq)]
pub enum JobEvent {
    /// Answer this `session_store` control request (the `request` of a `control_request`
    /// frame) with [`StoreJob::answer`].
    Call { id: String, request: Value },
    /// The function's answer: `{"ok": value}` or `{"error": {"kind", "message", ...}}` (as
    /// `oxagent_sessions::json_api::call_json` answers).
    Done(Value),
}

type Waiting = Arc<Mutex<HashMap<String, oneshot::Sender<Result<ControlResponse, String>>>>>;

/// The host side of a job: requests go out as events, answers come back by id.
struct JobHost {
    tx: UnboundedSender<JobEvent>,
    waiting: Waiting,
    counter: AtomicU64,
}

impl Host for JobHost {
    fn control(&self, request: ControlRequest) -> BoxFuture<'_, Result<ControlResponse, String>> {
        let id = format!("store_{}", self.counter.fetch_add(1, Ordering::Relaxed));
        let (tx, rx) = oneshot::channel();
        lock(&self.waiting).insert(id.clone(), tx);
        let body = serde_json::to_value(&request).unwrap_or(Value::Null);
        let sent = self.tx.send(JobEvent::Call { id, request: body }).is_ok();
        Box::pin(async move {
            if !sent {
                return Err("the caller is gone".into());
            }
            rx.await
                .unwrap_or_else(|_| Err("the caller stopped answering".into()))
        })
    }
}

/// One running function; see the module docs.
pub struct StoreJob {
    rx: UnboundedReceiver<JobEvent>,
    waiting: Waiting,
}

impl StoreJob {
    /// Starts `op` with `args` on `rt`.
    pub fn spawn(
        op: &str,
        args: Value,
        source: StoreSource,
        rt: &tokio::runtime::Handle,
    ) -> StoreJob {
        let (tx, rx) = unbounded_channel();
        let waiting: Waiting = Arc::default();
        let store: Arc<dyn SessionStore> = match source {
            StoreSource::Native(s) => s,
            StoreSource::Host(methods) => {
                let host = JobHost {
                    tx: tx.clone(),
                    waiting: waiting.clone(),
                    counter: AtomicU64::new(0),
                };
                Arc::new(HostStore::new(Arc::new(host), methods))
            }
        };
        let op = op.to_string();
        rt.spawn(async move {
            let answer = run(&op, &args, store.as_ref()).await;
            let _ = tx.send(JobEvent::Done(answer_json(answer)));
        });
        StoreJob { rx, waiting }
    }

    /// The next event; `None` after [`JobEvent::Done`].
    pub async fn recv(&mut self) -> Option<JobEvent> {
        self.rx.recv().await
    }

    /// Answers the call `id`: the body of the answer (`{"result": ...}`), or its error text.
    pub fn answer(&self, id: &str, result: Result<Value, String>) {
        self.answerer().answer(id, result);
    }

    /// Answers calls while another task waits in [`StoreJob::recv`].
    pub fn answerer(&self) -> JobAnswerer {
        JobAnswerer(self.waiting.clone())
    }
}

/// See [`StoreJob::answerer`].
#[derive(Clone)]
pub struct JobAnswerer(Waiting);

impl JobAnswerer {
    /// See [`StoreJob::answer`].
    pub fn answer(&self, id: &str, result: Result<Value, String>) {
        if let Some(tx) = lock(&self.0).remove(id) {
            let _ = tx.send(result.and_then(|body| ControlResponse::read("session_store", body)));
        }
    }
}

fn answer_json(answer: Result<Value, SessionError>) -> Value {
    match answer {
        Ok(v) => json!({ "ok": v }),
        Err(e) => {
            let message = e.to_string();
            match e {
                SessionError::InvalidId { field, value } => json!({"error": {
                    "kind": "invalid_id", "field": field, "value": value, "message": message}}),
                SessionError::Invalid(_) => {
                    json!({"error": {"kind": "invalid", "message": message}})
                }
                SessionError::NotFound(_) => {
                    json!({"error": {"kind": "not_found", "message": message}})
                }
                SessionError::Io(_) => json!({"error": {"kind": "io", "message": message}}),
            }
        }
    }
}

fn projects_folder() -> PathBuf {
    let home = std::env::var_os("HOME").map_or_else(|| PathBuf::from("."), PathBuf::from);
    let config = std::env::var_os("CLAUDE_CONFIG_DIR").map(PathBuf::from);
    oxagent_sessions::projects_root(&home, config.as_deref())
}

/// Runs one function: `list`, `info`, `messages`, `subagents`, `subagent_messages`,
/// `rename`, `tag`, `delete`, `fork`, `import`, with the arguments of
/// `oxagent_sessions::json_api::call` (plus `include_subagents`, `batch_size` for
/// `import`); sessions in the Python SDK's names, or the TypeScript SDK's with `camel`.
pub async fn run(op: &str, args: &Value, store: &dyn SessionStore) -> Result<Value, SessionError> {
    let dir = args["directory"].as_str().map(Path::new);
    let id = args["session_id"].as_str().unwrap_or_default();
    let limit = args["limit"].as_u64().map(|n| n as usize);
    let offset = args["offset"].as_u64().unwrap_or(0) as usize;
    let camel = args["camel"].as_bool().unwrap_or(false);
    let shown = |info: &SessionInfo| if camel { info_camel(info) } else { json!(info) };
    match op {
        "list" => {
            let all = api::list_sessions_from_store(store, dir, limit, offset).await?;
            Ok(Value::Array(all.iter().map(shown).collect()))
        }
        "info" => Ok(api::session_info_from_store(store, id, dir)
            .await?
            .map_or(Value::Null, |i| shown(&i))),
        "messages" => Ok(json!(
            api::session_messages_from_store(store, id, dir, limit, offset, camel).await?
        )),
        "subagents" => Ok(json!(api::list_subagents_from_store(store, id, dir).await?)),
        "subagent_messages" => {
            let agent = args["agent_id"].as_str().unwrap_or_default();
            Ok(json!(
                api::subagent_messages_from_store(store, id, agent, dir, limit, offset).await?
            ))
        }
        "rename" => {
            let title = args["title"].as_str().unwrap_or_default();
            api::rename_session_via_store(store, id, title, dir).await?;
            Ok(Value::Null)
        }
        "tag" => {
            api::tag_session_via_store(store, id, args["tag"].as_str(), dir).await?;
            Ok(Value::Null)
        }
        "delete" => {
            api::delete_session_via_store(store, id, dir).await?;
            Ok(Value::Null)
        }
        "fork" => {
            let up_to = args["up_to_message_id"].as_str();
            let title = args["title"].as_str();
            let new_id = api::fork_session_via_store(store, id, dir, up_to, title).await?;
            Ok(json!({ "session_id": new_id }))
        }
        "import" => {
            let subagents = args["include_subagents"].as_bool().unwrap_or(true);
            let batch = args["batch_size"].as_u64().unwrap_or(500) as usize;
            api::import_session_to_store(&projects_folder(), id, store, dir, subagents, batch)
                .await?;
            Ok(Value::Null)
        }
        other => Err(SessionError::Invalid(format!(
            "unknown session store operation {other:?}"
        ))),
    }
}

/// `fold_session_summary` for the faces: `prev` (a summary or null), `key`, `entries` as
/// JSON; the summary in the Python SDK's names, or with `camel` the TypeScript SDK's.
pub fn fold_json(prev: &Value, key: &Value, entries: &Value, camel: bool) -> Result<Value, String> {
    let key = SessionKey::from_value(key).ok_or("key must have project_key and session_id")?;
    let prev = match prev {
        Value::Null => None,
        p => Some(SessionSummary {
            session_id: p
                .get("session_id")
                .or_else(|| p.get("sessionId"))
                .and_then(Value::as_str)
                .unwrap_or(&key.session_id)
                .to_string(),
            mtime: p["mtime"].as_f64().unwrap_or(0.0).max(0.0) as u64,
            data: p["data"].as_object().cloned().unwrap_or_default(),
        }),
    };
    let entries = entries.as_array().ok_or("entries must be a list")?;
    let s = fold_session_summary(prev.as_ref(), &key, entries, camel);
    Ok(if camel {
        json!({"sessionId": s.session_id, "mtime": s.mtime, "data": s.data})
    } else {
        json!({"session_id": s.session_id, "mtime": s.mtime, "data": s.data})
    })
}

/// One method of a native store, for the faces: `args` = `{key, entries, project_key}` (a
/// key in either SDK's names); the result in the Python SDK's names, or the TypeScript
/// SDK's with `camel`.
pub async fn call_native(
    store: &dyn SessionStore,
    method: &str,
    args: &Value,
    camel: bool,
) -> Result<Value, String> {
    let key =
        || SessionKey::from_value(&args["key"]).ok_or("key must have project_key and session_id");
    let pk = args
        .get("project_key")
        .or_else(|| args.get("projectKey"))
        .and_then(Value::as_str)
        .unwrap_or_default();
    let e = |e: oxagent_core::store::StoreError| e.to_string();
    let id_name = if camel { "sessionId" } else { "session_id" };
    match method {
        "append" => {
            let entries = args["entries"].as_array().cloned().unwrap_or_default();
            store.append(&key()?, &entries).await.map_err(e)?;
            Ok(Value::Null)
        }
        "load" => Ok(json!(store.load(&key()?).await.map_err(e)?)),
        "list_sessions" => Ok(Value::Array(
            store
                .list_sessions(pk)
                .await
                .map_err(e)?
                .into_iter()
                .map(|s| json!({id_name: s.session_id, "mtime": s.mtime}))
                .collect(),
        )),
        "list_session_summaries" => Ok(Value::Array(
            store
                .list_session_summaries(pk)
                .await
                .map_err(e)?
                .into_iter()
                .map(|s| json!({id_name: s.session_id, "mtime": s.mtime, "data": s.data}))
                .collect(),
        )),
        "delete" => {
            store.delete(&key()?).await.map_err(e)?;
            Ok(Value::Null)
        }
        "list_subkeys" => {
            let k = key()?;
            Ok(json!(store
                .list_subkeys(&k.project_key, &k.session_id)
                .await
                .map_err(e)?))
        }
        other => Err(format!("no session store method {other:?}")),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use oxagent_core::store::InMemorySessionStore;

    #[tokio::test]
    async fn a_host_store_is_asked_through_calls() {
        let rt = tokio::runtime::Handle::current();
        let mut job = StoreJob::spawn(
            "rename",
            json!({"session_id": "11111111-1111-4111-8111-111111111111", "title": " T ", "directory": "/"}),
            StoreSource::Host(vec![]),
            &rt,
        );
        let Some(JobEvent::Call { id, request }) = job.recv().await else {
            panic!("no call");
        };
        assert_eq!(request["subtype"], "session_store");
        assert_eq!(request["method"], "append");
        assert_eq!(request["entries"][0]["customTitle"], "T");
        job.answer(&id, Ok(json!({"result": null})));
        assert_eq!(job.recv().await, Some(JobEvent::Done(json!({"ok": null}))));
    }

    #[tokio::test]
    async fn errors_keep_their_kind() {
        let rt = tokio::runtime::Handle::current();
        let store = Arc::new(InMemorySessionStore::new());
        let mut job = StoreJob::spawn(
            "fork",
            json!({"session_id": "nope"}),
            StoreSource::Native(store),
            &rt,
        );
        let Some(JobEvent::Done(answer)) = job.recv().await else {
            panic!("no answer");
        };
        assert_eq!(answer["error"]["kind"], "invalid_id");
    }
}

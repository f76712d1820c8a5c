//! Session stores seen from Python.
//!
//! - `NativeStore`: a Redis or PostgreSQL store in Rust (connected on first use); its
//!   methods are asyncio awaitables taking and giving JSON text, and a session given it
//!   mirrors into it with no round trip through Python.
//! - `StoreJob`: one saved-session function over a store (`list`, `fork`, ...) run in
//!   Rust; a Python store is asked through `("callback", id, request)` actions read from
//!   `fileno()` / `poll()` as a session's are, answered with `answer()`; the last action is
//!   `("end", None, answer)`.
//! - `fold_session_summary(prev, key, entries, camel)`: the summary fold, JSON in and out.
//!
//! ```python
//! store = NativeStore.server("redis://127.0.0.1:6379/", '{"prefix": "oxagent"}')
//! await store.call("append", '{"key": {"project_key": "p", "session_id": "s"}, "entries": []}')
//! ```

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use oxagent::store::{postgres, redis, LazyStore, SessionStore, StoreMethod};
use oxagent::store_jobs::{JobEvent, StoreJob as Job, StoreSource};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use serde_json::Value;
use tokio::sync::mpsc::UnboundedSender;

use crate::error::json_error;
use crate::inbox::Inbox;
use crate::runtime;

/// A store in Rust.
#[pyclass(module = "claude_agent_sdk._native", frozen)]
pub struct NativeStore {
    pub(crate) store: Arc<dyn SessionStore>,
}

#[pymethods]
impl NativeStore {
    /// A Redis (`redis://`) or PostgreSQL (`postgres://`) store, connected on first use.
    /// `settings_json`: `{"prefix", "connections"}` (Redis), `{"table_prefix",
    /// "pool_size"}` (PostgreSQL).
    #[staticmethod]
    fn server(url: &str, settings_json: &str) -> PyResult<NativeStore> {
        let s: Value =
            serde_json::from_str(settings_json).map_err(|e| json_error("settings", e))?;
        let scheme = url.split("://").next().unwrap_or_default();
        if !matches!(
            scheme,
            "redis" | "rediss" | "unix" | "redis+unix" | "postgres" | "postgresql"
        ) {
            return Err(PyValueError::new_err(format!(
                "no session store for the URL scheme {scheme:?} (redis:// or postgres://)"
            )));
        }
        let mut r = redis::Config::default();
        let mut p = postgres::Config::default();
        if let Some(x) = s["prefix"].as_str() {
            r.prefix = x.to_string();
        }
        if let Some(n) = s["connections"].as_u64() {
            r.connections = n as usize;
        }
        if let Some(x) = s["table_prefix"].as_str() {
            p.table_prefix = x.to_string();
        }
        if let Some(n) = s["pool_size"].as_u64() {
            p.pool_size = n as usize;
        }
        Ok(NativeStore {
            store: Arc::new(LazyStore::new(url, r, p)),
        })
    }

    /// One store method (`append`, `load`, `list_sessions`, `list_session_summaries`,
    /// `delete`, `list_subkeys`) with `{key, entries, project_key}`: an awaitable of its
    /// result as JSON text. Raises RuntimeError with the store's error.
    fn call<'py>(
        &self,
        py: Python<'py>,
        method: String,
        args_json: &str,
    ) -> PyResult<Bound<'py, PyAny>> {
        let args: Value =
            serde_json::from_str(args_json).map_err(|e| json_error("arguments", e))?;
        let store = self.store.clone();
        runtime::into_awaitable(py, async move {
            oxagent::store_jobs::call_native(store.as_ref(), &method, &args, false)
                .await
                .map(|v| v.to_string())
                .map_err(PyRuntimeError::new_err)
        })
    }
}

/// One saved-session function over a store; see the module docs.
#[pyclass(module = "claude_agent_sdk._native", frozen)]
pub struct StoreJob {
    job: Arc<Mutex<Option<Job>>>,
    answers: Arc<Mutex<Option<UnboundedSender<Answer>>>>,
    inbox: Arc<Inbox>,
    pumping: AtomicBool,
}

/// An answer to one of the job's calls: its id, and the result or the error text.
type Answer = (String, Result<Value, String>);

#[pymethods]
impl StoreJob {
    /// Starts `op` with `args_json` on `store` (a `NativeStore`), or on the caller's store
    /// (`store=None`) with the optional `methods` it has.
    #[new]
    #[pyo3(signature = (op, args_json, store=None, methods=Vec::new()))]
    fn new(
        op: &str,
        args_json: &str,
        store: Option<PyRef<'_, NativeStore>>,
        methods: Vec<String>,
    ) -> PyResult<Self> {
        let args: Value =
            serde_json::from_str(args_json).map_err(|e| json_error("arguments", e))?;
        let source = match store {
            Some(s) => StoreSource::Native(s.store.clone()),
            None => StoreSource::Host(
                methods
                    .iter()
                    .filter_map(|m| StoreMethod::parse(m))
                    .collect(),
            ),
        };
        let rt = runtime::handle()?;
        let job = Job::spawn(op, args, source, &rt);
        Ok(StoreJob {
            job: Arc::new(Mutex::new(Some(job))),
            answers: Arc::default(),
            inbox: Arc::default(),
            pumping: AtomicBool::new(false),
        })
    }

    /// A descriptor that turns readable when `poll()` has something; the first call starts
    /// moving the job's events.
    fn fileno(&self) -> PyResult<i32> {
        let fd = self.inbox.fd()?;
        if !self.pumping.swap(true, Ordering::AcqRel) {
            let Some(mut job) = self.job.lock().unwrap_or_else(|p| p.into_inner()).take() else {
                return Err(PyRuntimeError::new_err("the job is gone"));
            };
            let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<Answer>();
            *self.answers.lock().unwrap_or_else(|p| p.into_inner()) = Some(tx);
            let inbox = self.inbox.clone();
            runtime::runtime()?.spawn(async move {
                loop {
                    tokio::select! {
                        event = job.recv() => match event {
                            Some(JobEvent::Call { id, request }) => {
                                inbox.push(Some(("callback", Some(id), Some(request.to_string()))));
                            }
                            Some(JobEvent::Done(answer)) => {
                                inbox.push(Some(("end", None, Some(answer.to_string()))));
                                inbox.push(None);
                                return;
                            }
                            None => {
                                inbox.push(None);
                                return;
                            }
                        },
                        Some((id, answer)) = rx.recv() => job.answer(&id, answer),
                    }
                }
            });
        }
        Ok(fd)
    }

    /// The actions waiting (possibly none); None once the job is over and drained.
    fn poll(&self) -> Option<Vec<crate::host::ActionTuple>> {
        self.inbox.take()
    }

    /// Answers the call `id`: `ok` with the method's result as JSON (`{"result": ...}`),
    /// or not with the error text.
    fn answer(&self, id: &str, ok: bool, payload: &str) -> PyResult<()> {
        let answer = if ok {
            Ok(serde_json::from_str(payload).map_err(|e| json_error("answer", e))?)
        } else {
            Err(payload.to_string())
        };
        if let Some(tx) = self
            .answers
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .as_ref()
        {
            let _ = tx.send((id.to_string(), answer));
        }
        Ok(())
    }
}

/// The summary fold: `prev` (a summary or null), `key`, `entries` as JSON; the summary as
/// JSON, in the TypeScript SDK's names with `camel`.
#[pyfunction]
#[pyo3(signature = (prev_json, key_json, entries_json, camel=false))]
pub fn fold_session_summary(
    prev_json: &str,
    key_json: &str,
    entries_json: &str,
    camel: bool,
) -> PyResult<String> {
    let parse =
        |what: &str, t: &str| serde_json::from_str::<Value>(t).map_err(|e| json_error(what, e));
    let (prev, key, entries) = (
        parse("prev", prev_json)?,
        parse("key", key_json)?,
        parse("entries", entries_json)?,
    );
    oxagent::store_jobs::fold_json(&prev, &key, &entries, camel)
        .map(|v| v.to_string())
        .map_err(PyValueError::new_err)
}

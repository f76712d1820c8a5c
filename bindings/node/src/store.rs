//! Session stores seen from JavaScript.
//!
//! - `NativeStore`: a Redis or PostgreSQL store in Rust (connected on first use); `call()`
//!   runs one method (JSON in, a Promise of JSON out, keys and results in the TypeScript SDK's
//!   names); a session given it mirrors into it with no round trip through JavaScript.
//! - `StoreJob`: one saved-session function over a store (`list`, `fork`, ...) run in Rust;
//!   `recv()` gives `callback` actions (a `session_store` request for the JavaScript store)
//!   answered with `answer()`, then the `end` action with the function's answer.
//! - `foldSessionSummary(prev, key, entries, camel)`: the summary fold, JSON in and out.

use std::sync::Arc;

use napi::bindgen_prelude::{within_runtime_if_available, PromiseRaw};
use napi::Env;
use napi_derive::napi;
use oxagent::store::{postgres, redis, LazyStore, SessionStore, StoreMethod};
use oxagent::store_jobs::{JobAnswerer, JobEvent, StoreJob as Job, StoreSource};
use serde_json::Value;

use crate::action::HostAction;
use crate::error::{json_error, Result};

/// A store in Rust.
#[napi]
pub struct NativeStore {
    pub(crate) store: Arc<dyn SessionStore>,
}

#[napi]
impl NativeStore {
    /// A Redis (`redis://`) or PostgreSQL (`postgres://`) store, connected on first use.
    /// `settings_json`: `{prefix, connections}` (Redis), `{tablePrefix, poolSize}`
    /// (PostgreSQL).
    #[napi(factory)]
    pub fn server(url: String, settings_json: String) -> napi::Result<NativeStore> {
        let s: Value = serde_json::from_str(&settings_json)
            .map_err(|e| napi::Error::from_reason(format!("settings are not JSON: {e}")))?;
        let scheme = url.split("://").next().unwrap_or_default();
        if !matches!(
            scheme,
            "redis" | "rediss" | "unix" | "redis+unix" | "postgres" | "postgresql"
        ) {
            return Err(napi::Error::from_reason(format!(
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
        if let Some(x) = s["tablePrefix"].as_str() {
            p.table_prefix = x.to_string();
        }
        if let Some(n) = s["poolSize"].as_u64() {
            p.pool_size = n as usize;
        }
        Ok(NativeStore {
            store: Arc::new(LazyStore::new(&url, r, p)),
        })
    }

    /// One store method (`append`, `load`, `list_sessions`, `list_session_summaries`,
    /// `delete`, `list_subkeys`) with `{key, entries, projectKey}`: a Promise of its result
    /// as JSON text; rejects with the store's error.
    #[napi(ts_return_type = "Promise<string>")]
    pub fn call<'env>(
        &self,
        env: &'env Env,
        method: String,
        args_json: String,
    ) -> napi::Result<PromiseRaw<'env, String>> {
        let args: Value = serde_json::from_str(&args_json)
            .map_err(|e| napi::Error::from_reason(format!("arguments are not JSON: {e}")))?;
        let store = self.store.clone();
        env.spawn_future(async move {
            oxagent::store_jobs::call_native(store.as_ref(), &method, &args, true)
                .await
                .map(|v| v.to_string())
                .map_err(napi::Error::from_reason)
        })
    }
}

/// One saved-session function over a store; see the module docs.
#[napi]
pub struct StoreJob {
    job: Arc<tokio::sync::Mutex<Job>>,
    answers: JobAnswerer,
}

#[napi]
impl StoreJob {
    /// Starts `op` with `args_json` on `store` (a `NativeStore`), or on the caller's store
    /// (`store` null) with the optional `methods` it has.
    #[napi(constructor)]
    pub fn new(
        op: String,
        args_json: String,
        store: Option<&NativeStore>,
        methods: Vec<String>,
    ) -> Result<Self> {
        let args: Value =
            serde_json::from_str(&args_json).map_err(|e| json_error("arguments", e))?;
        let source = match store {
            Some(s) => StoreSource::Native(s.store.clone()),
            None => StoreSource::Host(
                methods
                    .iter()
                    .filter_map(|m| StoreMethod::parse(m))
                    .collect(),
            ),
        };
        let rt = within_runtime_if_available(tokio::runtime::Handle::current);
        let job = Job::spawn(&op, args, source, &rt);
        let answers = job.answerer();
        Ok(StoreJob {
            job: Arc::new(tokio::sync::Mutex::new(job)),
            answers,
        })
    }

    /// The next action: `callback` (id, payload: the request), then `end` (payload: the
    /// answer, `{ok}` or `{error: {kind, message}}`); `null` after that.
    #[napi(ts_return_type = "Promise<HostAction | null>")]
    pub fn recv<'env>(&self, env: &'env Env) -> napi::Result<PromiseRaw<'env, Option<HostAction>>> {
        let job = self.job.clone();
        env.spawn_future(async move {
            Ok(match job.lock().await.recv().await {
                Some(JobEvent::Call { id, request }) => Some(HostAction {
                    kind: "callback".into(),
                    id: Some(id),
                    payload: Some(request.to_string()),
                }),
                Some(JobEvent::Done(answer)) => Some(HostAction {
                    kind: "end".into(),
                    id: None,
                    payload: Some(answer.to_string()),
                }),
                None => None,
            })
        })
    }

    /// Answers the call `id`: `ok` with `{"result": ...}` as JSON, or not with the error text.
    #[napi]
    pub fn answer(&self, id: String, ok: bool, payload: String) -> Result<()> {
        let answer = if ok {
            Ok(serde_json::from_str(&payload).map_err(|e| json_error("answer", e))?)
        } else {
            Err(payload)
        };
        self.answers.answer(&id, answer);
        Ok(())
    }
}

/// The summary fold: `prev` (a summary or null), `key`, `entries` as JSON; the summary as
/// JSON, in the TypeScript SDK's names with `camel`.
#[napi]
pub fn fold_session_summary(
    prev_json: String,
    key_json: String,
    entries_json: String,
    camel: bool,
) -> napi::Result<String> {
    let parse = |what: &str, t: &str| {
        serde_json::from_str::<Value>(t)
            .map_err(|e| napi::Error::from_reason(format!("{what} is not JSON: {e}")))
    };
    let (prev, key, entries) = (
        parse("prev", &prev_json)?,
        parse("key", &key_json)?,
        parse("entries", &entries_json)?,
    );
    oxagent::store_jobs::fold_json(&prev, &key, &entries, camel)
        .map(|v| v.to_string())
        .map_err(napi::Error::from_reason)
}

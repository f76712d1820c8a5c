//! `NativeSession`: one running session, read as the host protocol's actions.
//!
//! The JavaScript layer (`js/lib/query.cjs`) polls `recv()` for the next actions (a message,
//! a callback to run, a cancelled callback, the end and the error it raises), answers
//! callbacks with `answer()`, and asks its own requests with `request()`. What each frame
//! means is decided in Rust (`oxagent::protocol::stream_json`). Everything crossing the boundary is
//! owned, and no JavaScript function is held here (no ThreadsafeFunction), so a closed or
//! finished session leaves nothing that keeps Node's event loop alive.
//!
//! ```js
//! const s = new NativeSession(JSON.stringify({ max_turns: 2 }));
//! s.send(JSON.stringify({ type: "user", message: { role: "user", content: "Hi" }, parent_tool_use_id: null, session_id: "" }));
//! s.endInput();
//! for (let batch; (batch = await s.recv()) !== null; )
//!   for (const a of batch) if (a.kind === "message") console.log(JSON.parse(a.payload));
//! ```

use futures::FutureExt;
use napi::bindgen_prelude::{within_runtime_if_available, PromiseRaw};
use napi::Env;
use std::sync::{Arc, Mutex};

use napi_derive::napi;
use oxagent::protocol::stream_json::{Face, HostProtocol};
use oxagent::protocol::HostRequest;
use oxagent::{FrameSession, Options, OutFrame};
use serde_json::Value;

use crate::action::HostAction;
use crate::error::{
    json_error, session_error, throw, throw_options_error, throw_session_error, Result,
};

/// The most actions one `recv()` hands over.
const BATCH: usize = 512;

/// The host protocol's state, and whether its `end` action went out.
struct HostState {
    machine: HostProtocol,
    ended: bool,
}

/// The options of a session, checked: a refused one is thrown as its `TypeError`.
fn read_options(env: &Env, options_json: &str) -> napi::Result<Options> {
    let value: Value =
        serde_json::from_str(options_json).map_err(|e| throw(env, json_error("options", e)))?;
    Options::from_face(&value, Face::Node).map_err(|e| throw_options_error(env, e))
}

/// Checks options as `new NativeSession` does, without starting anything (a query whose
/// abort signal fired before it began).
#[napi]
pub fn check_options(env: Env, options_json: String) -> napi::Result<()> {
    read_options(&env, &options_json).map(drop)
}

/// The table of the documented options (`oxagent::options::table_json`) as JSON.
#[napi]
pub fn option_table() -> String {
    oxagent::options::table_json().to_string()
}

/// Whether the sessions' spans are exported (the OTEL_* environment asked for it; known once
/// a session has started).
#[napi]
pub fn telemetry_enabled() -> bool {
    oxagent::telemetry::enabled()
}

/// Sends the spans waiting in the export batch, then (`stop`) stops the exporter: at exit.
#[napi]
pub fn telemetry_flush(stop: Option<bool>) {
    match stop {
        Some(true) => oxagent::telemetry::shutdown(),
        _ => oxagent::telemetry::flush(),
    }
}

/// What the cassette at `path` did in this process (`OXAGENT_CASSETTE`), as JSON, or null
/// when no session used it; `close` forgets it afterwards.
#[napi]
pub fn cassette_status(path: String, close: Option<bool>) -> Option<String> {
    let path = std::path::Path::new(&path);
    let status = oxagent::cassette_status(path).map(|v| v.to_string());
    if close == Some(true) {
        oxagent::close_cassette(path);
    }
    status
}

#[napi]
pub struct NativeSession {
    handle: Arc<FrameSession>,
    host: Arc<Mutex<HostState>>,
}

#[napi]
impl NativeSession {
    /// Starts a session. `options_json` holds the options as the TypeScript SDK names them,
    /// callbacks as markers (see `oxagent::options`); a refused one throws its `TypeError`. A
    /// `store` (a `NativeStore`) is mirrored into without calling back into JavaScript.
    #[napi(constructor)]
    pub fn new(
        env: Env,
        options_json: String,
        store: Option<&crate::store::NativeStore>,
        traceparent: Option<String>,
    ) -> napi::Result<Self> {
        let mut options = read_options(&env, &options_json)?;
        // The caller's active OpenTelemetry span, when it has one, parents the session's.
        options.trace_parent = traceparent;
        if let Some(s) = store {
            options.session_store = Some(oxagent::SessionStoreOption::Native(s.store.clone()));
        }
        // napi's tokio runtime serves every session of the process; spawning needs its handle.
        let rt = within_runtime_if_available(tokio::runtime::Handle::current);
        let handle = FrameSession::spawn(options, &rt).map_err(|e| throw_session_error(&env, e))?;
        Ok(NativeSession {
            handle: Arc::new(handle),
            host: Arc::new(Mutex::new(HostState {
                machine: HostProtocol::new(Face::Node),
                ended: false,
            })),
        })
    }

    /// Hands the session a user message frame.
    #[napi]
    pub fn send(&self, frame_json: String) -> Result<()> {
        let frame: Value = serde_json::from_str(&frame_json).map_err(|e| json_error("frame", e))?;
        self.handle.send(frame).map_err(session_error)
    }

    /// Answers the session's request `id` (a `callback` action): `ok` with the response body
    /// (JSON), or not with the error text.
    #[napi]
    pub fn answer(&self, id: String, ok: bool, payload: String) -> Result<()> {
        let result = if ok {
            Ok(serde_json::from_str(&payload).map_err(|e| json_error("answer", e))?)
        } else {
            Err(payload)
        };
        self.handle
            .send(HostProtocol::answer(&id, result))
            .map_err(session_error)
    }

    /// A request of the host's (`{"subtype": "interrupt"}`, ...), answered at once: the
    /// response body as JSON. Throws with the session's error text.
    #[napi]
    pub fn request(&self, body_json: String) -> napi::Result<String> {
        let body: Value = serde_json::from_str(&body_json)
            .map_err(|e| napi::Error::from_reason(format!("request is not valid JSON: {e}")))?;
        HostRequest::read(&body)
            .and_then(|r| self.handle.runtime().host_request(r))
            .map(|reply| reply.to_body().to_string())
            .map_err(napi::Error::from_reason)
    }

    /// The next actions, in order: waits for one, then takes those already waiting (up to
    /// `BATCH`), so a fast stream costs one promise per batch, not per message. `null` once
    /// the session is over and its `end` action was taken.
    #[napi(ts_return_type = "Promise<HostAction[] | null>")]
    pub fn recv<'env>(
        &self,
        env: &'env Env,
    ) -> napi::Result<PromiseRaw<'env, Option<Vec<HostAction>>>> {
        // The future owns clones: nothing borrowed from JS lives across the await.
        let handle = self.handle.clone();
        let host = self.host.clone();
        env.spawn_future(async move {
            let mut batch = Vec::new();
            while batch.len() < BATCH {
                let frame = if batch.is_empty() {
                    handle.recv_out().await
                } else {
                    // Only what is ready now; a frame not yet produced waits for the next call
                    // (receiving is cancel-safe: the dropped poll takes nothing).
                    match handle.recv_out().now_or_never() {
                        Some(frame) => frame,
                        None => break,
                    }
                };
                let mut state = host.lock().unwrap_or_else(|e| e.into_inner());
                match frame {
                    Some(OutFrame::Value(frame)) => {
                        batch.extend(state.machine.feed(frame).map(HostAction::of))
                    }
                    Some(OutFrame::StreamEvent(text)) => {
                        batch.push(HostAction::of(state.machine.feed_stream_event(text)))
                    }
                    Some(OutFrame::Diagnostic(line)) => batch.push(HostAction::stderr(line)),
                    None if state.ended => break,
                    None => {
                        state.ended = true;
                        batch.push(HostAction::end(state.machine.end()));
                        break;
                    }
                }
            }
            Ok((!batch.is_empty()).then(|| HostAction::coalesced(batch)))
        })
    }

    /// No more prompts: the session ends once those already sent are answered.
    #[napi]
    pub fn end_input(&self) {
        self.handle.end_input();
    }

    /// Stops at once: the turn is aborted, tools are killed, and the end raises nothing.
    #[napi]
    pub fn close(&self) {
        self.host
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .machine
            .stop();
        self.handle.close();
    }
}

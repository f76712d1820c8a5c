//! `NativeSession`: one running session, driven by stream-json frames.
//!
//! The JavaScript layer (`js/lib/query.cjs`) polls `recv()` for outgoing frames and answers
//! the session's control requests with `send()`. Everything crossing the boundary is an owned
//! string, and no JavaScript function is held here (no ThreadsafeFunction), so a closed or
//! finished session leaves nothing that keeps Node's event loop alive.
//!
//! ```js
//! const s = new NativeSession(JSON.stringify({ max_turns: 2 }));
//! s.send(JSON.stringify({ type: "user", message: { role: "user", content: "Hi" }, parent_tool_use_id: null, session_id: "" }));
//! s.endInput();
//! for (let f; (f = await s.recv()) !== null; ) console.log(JSON.parse(f));
//! ```

use napi::bindgen_prelude::{within_runtime_if_available, PromiseRaw};
use napi::Env;
use std::sync::Arc;

use napi_derive::napi;
use oxagent::{FrameSession, Options};
use serde_json::Value;

use crate::error::{json_error, options_error, session_error, Result};

#[napi]
pub struct NativeSession {
    handle: Arc<FrameSession>,
}

#[napi]
impl NativeSession {
    /// Starts a session. `options_json` holds the options under their Python names.
    #[napi(constructor)]
    pub fn new(options_json: String) -> Result<Self> {
        let value: Value =
            serde_json::from_str(&options_json).map_err(|e| json_error("options", e))?;
        let options = Options::from_json(&value).map_err(options_error)?;
        // napi's tokio runtime serves every session of the process; spawning needs its handle.
        let rt = within_runtime_if_available(tokio::runtime::Handle::current);
        let handle = FrameSession::spawn(options, &rt).map_err(session_error)?;
        Ok(NativeSession {
            handle: Arc::new(handle),
        })
    }

    /// Hands the session one incoming frame (a user message, a control request or response).
    /// A control request is answered at once: its `control_response` frame is returned.
    #[napi]
    pub fn send(&self, frame_json: String) -> Result<Option<String>> {
        let frame: Value = serde_json::from_str(&frame_json).map_err(|e| json_error("frame", e))?;
        if frame.get("type").and_then(Value::as_str) == Some("control_request") {
            let reply = self.handle.control_reply(&frame).map_err(session_error)?;
            return Ok(Some(reply.to_string()));
        }
        self.handle
            .send(frame)
            .map_err(session_error)
            .map(|()| None)
    }

    /// The next outgoing frame as JSON; `null` once the session is over.
    #[napi(ts_return_type = "Promise<string | null>")]
    pub fn recv<'env>(&self, env: &'env Env) -> napi::Result<PromiseRaw<'env, Option<String>>> {
        // The future owns a clone of the handle: nothing borrowed from JS lives across the await.
        let handle = self.handle.clone();
        env.spawn_future(async move { Ok(handle.recv().await.map(|frame| frame.to_string())) })
    }

    /// No more prompts: the session ends once those already sent are answered.
    #[napi]
    pub fn end_input(&self) {
        self.handle.end_input();
    }

    /// Stops at once: the turn is aborted, tools are killed, `recv()` resolves to `null`.
    #[napi]
    pub fn close(&self) {
        self.handle.close();
    }
}

//! The documented SDKs' stream-json frames over the session runtime: the in-process twin of
//! the CLI those SDKs drive. The Python and Node bindings and the CLI speak it; the Rust API
//! does not (it reads [`crate::SessionRuntime`]'s events as they are).
//!
//! ```no_run
//! # async fn demo() -> Result<(), oxagent::Error> {
//! use serde_json::json;
//! let options = oxagent::Options::from_json(&json!({"max_turns": 2}))?;
//! let session = oxagent::FrameSession::spawn(options, &tokio::runtime::Handle::current())?;
//! session.send(json!({"type": "user", "message": {"role": "user", "content": "Hello"}}))?;
//! session.end_input();
//! while let Some(frame) = session.recv().await {
//!     println!("{frame}");
//! }
//! # Ok(()) }
//! ```
//!
//! Frames in: `user` messages, `control_response` (answers to the session's control
//! requests) and `control_request` (the host's requests: `interrupt`, `set_permission_mode`,
//! `set_model`, `initialize`, `mcp_status`, `get_context_usage`). Frames out: messages in the
//! TypeScript SDK's wire shape, and `control_request` (`can_use_tool`, `hook_callback`,
//! `mcp_message`).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use oxagent_core::message::ResultOrigin;
use oxagent_core::model::Model;
use oxagent_core::protocol::op::Prompt;
use oxagent_core::protocol::{Event, HostRequest, Op};
use oxagent_core::UserContent;
use serde_json::{json, Value};

use crate::options::Options;
use crate::{Error, Result};
use crate::{Events, SessionRuntime};

/// One session, driven by stream-json frames.
pub struct FrameSession {
    runtime: SessionRuntime,
    events: tokio::sync::Mutex<Events>,
}

impl FrameSession {
    /// Starts a session on `rt` with the Messages API client the environment configures.
    pub fn spawn(options: Options, rt: &tokio::runtime::Handle) -> Result<FrameSession> {
        let (runtime, events) = SessionRuntime::spawn(options, rt)?;
        Ok(Self::over(runtime, events))
    }

    /// Starts a session that talks to `model` (a cassette, a test double, another endpoint).
    pub fn spawn_with_model(
        options: Options,
        rt: &tokio::runtime::Handle,
        model: Arc<dyn Model>,
    ) -> Result<FrameSession> {
        let (runtime, events) = SessionRuntime::spawn_with_model(options, rt, model)?;
        Ok(Self::over(runtime, events))
    }

    fn over(runtime: SessionRuntime, events: Events) -> FrameSession {
        FrameSession {
            runtime,
            events: tokio::sync::Mutex::new(events),
        }
    }

    /// The runtime underneath.
    pub fn runtime(&self) -> &SessionRuntime {
        &self.runtime
    }

    pub fn session_id(&self) -> &str {
        self.runtime.session_id()
    }

    /// The next outgoing frame; `None` once the session is over. Diagnostic lines are left
    /// out (they are not frames: [`FrameSession::recv_out`] hands them over).
    pub async fn recv(&self) -> Option<Value> {
        let mut events = self.events.lock().await;
        loop {
            match events.next().await? {
                Event::Diagnostic(_) => continue,
                event => return Some(event_frame(&event)),
            }
        }
    }

    /// [`FrameSession::recv`], with a stream event's frame as its JSON text: the event goes
    /// out as the API sent it, without a `Value` built for it (see `ApiEvent`).
    pub async fn recv_out(&self) -> Option<OutFrame> {
        let event = self.events.lock().await.next().await?;
        if let Event::Diagnostic(line) = event {
            return Some(OutFrame::Diagnostic(line));
        }
        if let Event::Message(m) = &event {
            if matches!(**m, oxagent_core::Message::StreamEvent(_)) {
                if let Ok(text) = serde_json::to_string(m) {
                    FRAMES_ENCODED.fetch_add(1, Ordering::Relaxed);
                    return Some(OutFrame::StreamEvent(text));
                }
            }
        }
        Some(OutFrame::Value(event_frame(&event)))
    }

    /// Hands the session one incoming frame.
    pub fn send(&self, frame: Value) -> Result<()> {
        if self.runtime.is_closed() {
            return Err(Error::Closed);
        }
        match frame.get("type").and_then(Value::as_str) {
            Some("user") => {
                let content = frame
                    .pointer("/message/content")
                    .cloned()
                    .ok_or_else(|| Error::Frame("a user frame needs message.content".into()))?;
                let content: UserContent = serde_json::from_value(content)
                    .map_err(|e| Error::Frame(format!("message.content: {e}")))?;
                let uuid = frame
                    .get("uuid")
                    .and_then(Value::as_str)
                    .filter(|u| !u.is_empty())
                    .map(str::to_string);
                let origin = ResultOrigin::stamped(frame.get("origin"));
                let verbatim = frame.get("client_composed") == Some(&Value::Bool(true));
                self.runtime.submit(Op::Stamped(Prompt {
                    content,
                    uuid,
                    origin,
                    verbatim,
                }))
            }
            Some("control_response") => {
                let resp = frame.get("response").cloned().unwrap_or(Value::Null);
                let id = resp
                    .get("request_id")
                    .and_then(Value::as_str)
                    .unwrap_or("")
                    .to_string();
                let answer = match resp.get("subtype").and_then(Value::as_str) {
                    Some("error") => Err(resp
                        .get("error")
                        .and_then(Value::as_str)
                        .unwrap_or("error")
                        .to_string()),
                    _ => Ok(resp.get("response").cloned().unwrap_or(json!({}))),
                };
                self.runtime.answer_raw(&id, answer);
                Ok(())
            }
            Some("control_request") => Err(Error::Frame(
                "a host's control_request is answered by control_reply".into(),
            )),
            Some("control_cancel_request") | Some("keep_alive") => Ok(()),
            other => Err(Error::Frame(format!("unknown frame type {other:?}"))),
        }
    }

    /// The `control_response` frame answering a host's `control_request` frame. The session
    /// answers these at once.
    pub fn control_reply(&self, frame: &Value) -> Result<Value> {
        if self.runtime.is_closed() {
            return Err(Error::Closed);
        }
        let id = frame
            .get("request_id")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string();
        let body = frame.get("request").cloned().unwrap_or(Value::Null);
        let reply = HostRequest::read(&body).and_then(|r| self.runtime.host_request(r));
        Ok(match reply {
            Ok(reply) => json!({"type": "control_response", "response": {
                "subtype": "success", "request_id": id, "response": reply.to_body()}}),
            Err(e) => json!({"type": "control_response", "response": {
                "subtype": "error", "request_id": id, "error": e}}),
        })
    }

    /// No more prompts will come: the session ends after the prompts already sent.
    pub fn end_input(&self) {
        let _ = self.runtime.submit(Op::EndInput);
    }

    /// Stops at once: the turn is aborted, tools are killed, pending requests fail.
    pub fn close(&self) {
        self.runtime.close();
    }
}

/// An outgoing frame, from [`FrameSession::recv_out`].
#[derive(Debug, Clone, PartialEq)]
pub enum OutFrame {
    Value(Value),
    /// A `stream_event` frame, as JSON text (for `HostProtocol::feed_stream_event`).
    StreamEvent(String),
    /// A diagnostic line for the host's `stderr` callback (not a frame: the documented
    /// SDKs' CLI writes these to its standard error).
    Diagnostic(String),
}

static FRAMES_ENCODED: AtomicU64 = AtomicU64::new(0);

/// How many events this process has encoded as stream-json frames: the witness, in tests,
/// that the Rust API hands out messages without passing them through JSON.
#[doc(hidden)]
pub fn frames_encoded() -> u64 {
    FRAMES_ENCODED.load(Ordering::Relaxed)
}

/// An event as the stream-json frame the documented SDKs read from their CLI.
pub fn event_frame(event: &Event) -> Value {
    FRAMES_ENCODED.fetch_add(1, Ordering::Relaxed);
    match event {
        Event::Message(m) => serde_json::to_value(m).unwrap_or_else(|e| {
            json!({"type": "system", "subtype": "informational", "level": "warning",
                "content": format!("a message could not be serialized: {e}")})
        }),
        Event::Control { id, request } => json!({
            "type": "control_request",
            "request_id": id,
            "request": request,
        }),
        // Not a frame of the documented protocol ([`FrameSession::recv`] leaves these out);
        // as one, it reads as the informational notice it is.
        Event::Diagnostic(line) => json!({"type": "system", "subtype": "informational",
            "level": "debug", "content": line}),
    }
}

//! `HostProtocol`: the host's side of the control protocol for a custom `Transport`, where
//! the frames come from another process; and the action tuples both it and the native
//! session hand the Python layer.
//!
//! ```python
//! host = HostProtocol()
//! request_id, frame = host.request('{"subtype": "initialize"}')   # write frame to the transport
//! kind, ident, payload = host.feed(line)   # ("message" | "callback" | "cancel" | "reply", ...)
//! error = host.end()                       # JSON {"message", "result"} or None
//! ```

use oxagent::protocol::stream_json::{Action, EndError, Face, HostProtocol as Machine};
use pyo3::prelude::*;
use serde_json::json;

use crate::error::json_error;

/// An action as the Python layer sees it: `(kind, id, payload)`.
pub type ActionTuple = (&'static str, Option<String>, Option<String>);

/// An action as `(kind, id, payload)`; payloads are JSON texts. `("reply", id, payload)`:
/// `payload` is `{"ok": body}` or `{"error": text}`.
pub fn action_tuple(action: Action) -> ActionTuple {
    match action {
        Action::Message(frame) => ("message", None, Some(frame.to_string())),
        Action::MessageText(text) => ("message", None, Some(text)),
        Action::Callback { id, request } => ("callback", Some(id), Some(request.to_string())),
        Action::Cancel { id } => ("cancel", Some(id), None),
        Action::Reply { id, result } => {
            let payload = match result {
                Ok(body) => json!({ "ok": body }),
                Err(e) => json!({ "error": e }),
            };
            ("reply", Some(id), Some(payload.to_string()))
        }
    }
}

/// The last action: `("end", None, error)`.
pub fn end_tuple(end: Option<EndError>) -> ActionTuple {
    let error = end.map(|e| json!({"message": e.message, "result": e.result}).to_string());
    ("end", None, error)
}

/// The host protocol over frames a Python transport reads and writes.
#[pyclass(module = "claude_agent_sdk._native", name = "HostProtocol")]
pub struct PyHostProtocol {
    machine: Machine,
}

#[pymethods]
impl PyHostProtocol {
    #[new]
    fn new() -> Self {
        PyHostProtocol {
            machine: Machine::new(Face::Python),
        }
    }

    /// One frame (JSON text) from the transport -> an action tuple, or None.
    fn feed(&mut self, frame: &str) -> PyResult<Option<ActionTuple>> {
        let frame = serde_json::from_str(frame).map_err(|e| json_error("frame", e))?;
        Ok(self.machine.feed(frame).map(action_tuple))
    }

    /// A request of the host's -> `(id, frame)`; its answer comes back as a `reply` action.
    fn request(&mut self, body: &str) -> PyResult<(String, String)> {
        let body = serde_json::from_str(body).map_err(|e| json_error("request", e))?;
        let (id, frame) = self.machine.request(body);
        Ok((id, frame.to_string()))
    }

    /// Forgets a request nobody waits for any more.
    fn forget(&mut self, id: &str) {
        self.machine.forget(id);
    }

    /// The frame answering the session's request `id`.
    #[staticmethod]
    fn answer(id: &str, ok: bool, payload: &str) -> PyResult<String> {
        let result = if ok {
            Ok(serde_json::from_str(payload).map_err(|e| json_error("answer", e))?)
        } else {
            Err(payload.to_string())
        };
        Ok(Machine::answer(id, result).to_string())
    }

    /// The caller stopped the session: its end raises nothing.
    fn stop(&mut self) {
        self.machine.stop();
    }

    /// The frames ended: `{"message", "result"}` (JSON) when after an error result.
    fn end(&mut self) -> Option<String> {
        end_tuple(self.machine.end()).2
    }
}

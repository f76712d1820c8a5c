//! The host's side of the stream-json control protocol, without I/O: what a face does with
//! each frame a session sends, which of its own requests are waiting, and the error a
//! session's end raises. The Python and Node faces run it (through their bindings) over the
//! native session and over a custom transport alike; they only map its actions to their
//! callbacks, tasks and error classes.
//!
//! ```
//! use oxagent_core::protocol::stream_json::{Action, Face, HostProtocol};
//! use serde_json::json;
//! let mut host = HostProtocol::new(Face::Python);
//! let (id, frame) = host.request(json!({"subtype": "interrupt"}));
//! assert_eq!(frame["request"]["subtype"], "interrupt");
//! let reply = json!({"type": "control_response",
//!     "response": {"subtype": "success", "request_id": id, "response": {}}});
//! assert!(matches!(host.feed(reply), Some(Action::Reply { .. })));
//! let failed = json!({"type": "result", "subtype": "error_max_turns", "is_error": true,
//!     "num_turns": 3, "errors": ["Reached maximum number of turns (3)"]});
//! assert!(matches!(host.feed(failed), Some(Action::Message(_))));
//! let error = host.end().unwrap();
//! assert_eq!(error.message, "Claude Code returned an error result: Reached maximum number of turns (3)");
//! ```

use std::collections::HashSet;

use serde_json::{json, Value};

/// Which documented SDK's rules the host follows where the two differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Face {
    Python,
    Node,
}

/// What the host does with one frame.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// Hand this message to the caller.
    Message(Value),
    /// Hand this message, given as JSON text, to the caller (a stream event).
    MessageText(String),
    /// Answer the session's request `id` with the caller's callback, then send
    /// [`HostProtocol::answer`].
    Callback { id: String, request: Value },
    /// The session no longer needs the answer to `id`: stop that callback.
    Cancel { id: String },
    /// The session's answer to one of the host's own requests.
    Reply {
        id: String,
        result: Result<Value, String>,
    },
}

/// The error a session's end raises: it ended after an error result.
#[derive(Debug, Clone, PartialEq)]
pub struct EndError {
    /// `Claude Code returned an error result: <what the result says>`.
    pub message: String,
    /// The result frame.
    pub result: Value,
}

/// See the module docs.
#[derive(Debug)]
pub struct HostProtocol {
    face: Face,
    waiting: HashSet<String>,
    requests: u64,
    /// The session sent its `init`: it started.
    started: bool,
    /// The last result, while it is an error result nothing has followed.
    error_result: Option<Value>,
    /// The caller stopped the session: its end raises nothing.
    stopped: bool,
}

impl HostProtocol {
    pub fn new(face: Face) -> Self {
        HostProtocol {
            face,
            waiting: HashSet::new(),
            requests: 0,
            started: false,
            error_result: None,
            stopped: false,
        }
    }

    /// A request of the host's (`{"subtype": "interrupt"}`, ...): its id and the frame to send.
    pub fn request(&mut self, body: Value) -> (String, Value) {
        self.requests += 1;
        let nonce = uuid::Uuid::new_v4().simple().to_string();
        let id = format!("req_{}_{}", self.requests, &nonce[..8]);
        self.waiting.insert(id.clone());
        let frame = json!({"type": "control_request", "request_id": id, "request": body});
        (id, frame)
    }

    /// Forgets a request of the host's nobody waits for any more (it timed out).
    pub fn forget(&mut self, id: &str) {
        self.waiting.remove(id);
    }

    /// The ids of the host's requests still waiting.
    pub fn waiting(&self) -> Vec<String> {
        self.waiting.iter().cloned().collect()
    }

    /// The frame answering the session's request `id`: the callback's result, or its error.
    pub fn answer(id: &str, result: Result<Value, String>) -> Value {
        let response = match result {
            Ok(body) => json!({"subtype": "success", "request_id": id, "response": body}),
            Err(error) => json!({"subtype": "error", "request_id": id, "error": error}),
        };
        json!({"type": "control_response", "response": response})
    }

    /// What to do with one frame from the session (`None`: nothing).
    pub fn feed(&mut self, frame: Value) -> Option<Action> {
        let kind = frame.get("type").and_then(Value::as_str).unwrap_or("");
        match kind {
            "control_request" => Some(Action::Callback {
                id: text(&frame, "request_id"),
                request: frame.get("request").cloned().unwrap_or(json!({})),
            }),
            "control_response" => self.reply(&frame),
            "control_cancel_request" => Some(Action::Cancel {
                id: text(&frame, "request_id"),
            }),
            "keep_alive" | "transcript_mirror" => None,
            _ => self.message(frame),
        }
    }

    /// A `stream_event` frame, as JSON text: handed on unread (for the end, the conversation
    /// moved on, as with any message of [`HostProtocol::feed`]).
    pub fn feed_stream_event(&mut self, text: String) -> Action {
        if self.face == Face::Python {
            self.error_result = None;
        }
        Action::MessageText(text)
    }

    fn reply(&mut self, frame: &Value) -> Option<Action> {
        let response = frame.get("response").cloned().unwrap_or(json!({}));
        let id = text(&response, "request_id");
        if !self.waiting.remove(&id) {
            return None;
        }
        let result = match response.get("subtype").and_then(Value::as_str) {
            Some("error") => Err(response
                .get("error")
                .and_then(Value::as_str)
                .unwrap_or("control request failed")
                .to_string()),
            _ => Ok(match response.get("response") {
                Some(body @ Value::Object(_)) => body.clone(),
                _ => json!({}),
            }),
        };
        Some(Action::Reply { id, result })
    }

    fn message(&mut self, frame: Value) -> Option<Action> {
        let kind = frame.get("type").and_then(Value::as_str).unwrap_or("");
        let subtype = frame.get("subtype").and_then(Value::as_str).unwrap_or("");
        let state_change = kind == "system" && subtype == "session_state_changed";
        if state_change && frame.get("sdk_host_only") == Some(&Value::Bool(true)) {
            return None;
        }
        if kind == "system" && subtype == "init" {
            self.started = true;
        }
        if kind == "result" {
            let is_error = frame.get("is_error") == Some(&Value::Bool(true));
            self.error_result = is_error.then(|| frame.clone());
            let never_started = !self.started
                && is_error
                && frame.get("num_turns").and_then(Value::as_u64) == Some(0);
            // The Python SDK raises for a session that failed before it started (a resume
            // of an unknown session) without yielding the result; the TS SDK yields it.
            if never_started && self.face == Face::Python {
                return None;
            }
        } else if !state_change && self.face == Face::Python {
            // The conversation moved on: a later end is not "after an error result".
            self.error_result = None;
        }
        Some(Action::Message(frame))
    }

    /// The caller stopped the session: its end raises nothing.
    pub fn stop(&mut self) {
        self.stopped = true;
    }

    /// The session's frames ended: the error to raise, if it ended after an error result.
    pub fn end(&mut self) -> Option<EndError> {
        self.waiting.clear();
        if self.stopped {
            return None;
        }
        let result = self.error_result.take()?;
        Some(EndError {
            message: format!(
                "Claude Code returned an error result: {}",
                error_result_text(&result)
            ),
            result,
        })
    }
}

fn text(v: &Value, key: &str) -> String {
    match v.get(key) {
        Some(Value::String(s)) => s.clone(),
        Some(other) if !other.is_null() => other.to_string(),
        _ => String::new(),
    }
}

/// The most specific description of an error result: its errors, else its text, else its
/// subtype, else its API status.
pub fn error_result_text(result: &Value) -> String {
    let errors: Vec<&str> = match result.get("errors") {
        Some(Value::String(s)) => vec![s.trim()],
        Some(Value::Array(items)) => items
            .iter()
            .filter_map(Value::as_str)
            .map(str::trim)
            .collect(),
        _ => Vec::new(),
    };
    let errors: Vec<&str> = errors.into_iter().filter(|e| !e.is_empty()).collect();
    if !errors.is_empty() {
        return errors.join("; ");
    }
    if let Some(text) = result.get("result").and_then(Value::as_str).map(str::trim) {
        if !text.is_empty() {
            return text.to_string();
        }
    }
    match result.get("subtype").and_then(Value::as_str) {
        Some(s) if !s.is_empty() && s != "success" => return s.to_string(),
        _ => {}
    }
    match result.get("api_error_status") {
        Some(status) if !status.is_null() => format!("API error (HTTP {status})"),
        _ => "unknown error".to_string(),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn result(extra: Value) -> Value {
        let mut r =
            json!({"type": "result", "subtype": "success", "is_error": true, "num_turns": 1});
        r.as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        r
    }

    #[test]
    fn callbacks_cancels_and_replies() {
        let mut host = HostProtocol::new(Face::Node);
        let ask = json!({"type": "control_request", "request_id": "r1",
            "request": {"subtype": "can_use_tool"}});
        assert_eq!(
            host.feed(ask),
            Some(Action::Callback {
                id: "r1".into(),
                request: json!({"subtype": "can_use_tool"})
            })
        );
        let cancel = json!({"type": "control_cancel_request", "request_id": "r1"});
        assert_eq!(host.feed(cancel), Some(Action::Cancel { id: "r1".into() }));
        let (id, _) = host.request(json!({"subtype": "set_model"}));
        let failed = json!({"type": "control_response",
            "response": {"subtype": "error", "request_id": id, "error": "nope"}});
        assert_eq!(
            host.feed(failed.clone()),
            Some(Action::Reply {
                id: id.clone(),
                result: Err("nope".into())
            })
        );
        // Answered once only; unknown ids are ignored.
        assert_eq!(host.feed(failed), None);
        assert_eq!(
            HostProtocol::answer("r1", Ok(json!({"behavior": "allow"}))),
            json!({"type": "control_response", "response": {"subtype": "success",
                "request_id": "r1", "response": {"behavior": "allow"}}})
        );
    }

    #[test]
    fn the_end_raises_after_an_error_result_only() {
        let mut host = HostProtocol::new(Face::Python);
        host.feed(json!({"type": "system", "subtype": "init"}));
        host.feed(result(json!({"errors": [" boom "]})));
        assert_eq!(
            host.end().unwrap().message,
            "Claude Code returned an error result: boom"
        );
        // A message after the error result: Python no longer raises, Node does.
        for (face, raises) in [(Face::Python, false), (Face::Node, true)] {
            let mut host = HostProtocol::new(face);
            host.feed(result(json!({"result": "API Error: 500"})));
            host.feed(json!({"type": "assistant"}));
            assert_eq!(host.end().is_some(), raises, "{face:?}");
        }
        let mut host = HostProtocol::new(Face::Node);
        host.feed(result(json!({})));
        host.stop();
        assert_eq!(host.end(), None);
    }

    #[test]
    fn a_session_that_never_started_hides_its_result_from_python() {
        let failed = result(json!({"subtype": "error_during_execution", "num_turns": 0,
            "errors": ["No conversation found with session ID: x"]}));
        let mut py = HostProtocol::new(Face::Python);
        assert_eq!(py.feed(failed.clone()), None);
        assert!(py.end().is_some());
        let mut node = HostProtocol::new(Face::Node);
        assert!(matches!(node.feed(failed), Some(Action::Message(_))));
        assert!(node.end().is_some());
    }

    #[test]
    fn error_texts() {
        let t = |v: Value| error_result_text(&v);
        assert_eq!(t(json!({"errors": ["a", " ", "b"]})), "a; b");
        assert_eq!(t(json!({"result": " API Error "})), "API Error");
        assert_eq!(t(json!({"subtype": "error_max_turns"})), "error_max_turns");
        assert_eq!(
            t(json!({"subtype": "success", "api_error_status": 529})),
            "API error (HTTP 529)"
        );
        assert_eq!(t(json!({})), "unknown error");
    }
}

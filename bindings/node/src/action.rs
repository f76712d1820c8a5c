//! The actions the JavaScript layer takes from a session or a store job, one at a time.

use napi_derive::napi;
use oxagent::protocol::stream_json::{Action, EndError};
use serde_json::json;

/// What the JavaScript layer does next (see `oxagent::protocol::stream_json`): `message` (payload:
/// the frame), `callback` (id, payload: the request), `cancel` (id), `stderr` (payload: a
/// diagnostic line), and last `end` (payload: `{message, result}` when the session ended
/// after an error result).
#[napi(object)]
pub struct HostAction {
    pub kind: String,
    pub id: Option<String>,
    pub payload: Option<String>,
}

impl HostAction {
    pub(crate) fn of(action: Action) -> Self {
        let (kind, id, payload) = match action {
            Action::Message(frame) => ("message", None, Some(frame.to_string())),
            Action::MessageText(text) => ("message", None, Some(text)),
            Action::Callback { id, request } => ("callback", Some(id), Some(request.to_string())),
            Action::Cancel { id } => ("cancel", Some(id), None),
            // The host's own requests are answered at once (`request`): no reply comes.
            Action::Reply { id, .. } => ("reply", Some(id), None),
        };
        HostAction {
            kind: kind.into(),
            id,
            payload,
        }
    }

    /// A diagnostic line for the `stderr` callback.
    pub(crate) fn stderr(line: String) -> Self {
        HostAction {
            kind: "stderr".into(),
            id: None,
            payload: Some(line),
        }
    }

    pub(crate) fn end(error: Option<EndError>) -> Self {
        HostAction {
            kind: "end".into(),
            id: None,
            payload: error.map(|e| json!({"message": e.message, "result": e.result}).to_string()),
        }
    }
}

//! The actions the JavaScript layer takes from a session or a store job, one at a time.

use napi_derive::napi;
use oxagent::protocol::stream_json::{Action, EndError};
use serde_json::json;

/// What the JavaScript layer does next (see `oxagent::protocol::stream_json`): `message` (payload:
/// the frame), `messages` (payload: a JSON array of frames in order), `callback` (id, payload: the request), `cancel` (id), `stderr` (payload: a
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

    /// `batch` with each run of two or more `message` actions made one `messages` action whose
    /// payload is their frames as one JSON array: one object and one `JSON.parse` across the
    /// boundary for the run, not one a message.
    pub(crate) fn coalesced(batch: Vec<HostAction>) -> Vec<HostAction> {
        let mut out: Vec<HostAction> = Vec::new();
        let mut run: Vec<String> = Vec::new();
        let flush = |run: &mut Vec<String>, out: &mut Vec<HostAction>| match run.len() {
            0 => {}
            1 => out.push(HostAction {
                kind: "message".into(),
                id: None,
                payload: run.pop(),
            }),
            _ => {
                let len = run.iter().map(|p| p.len() + 1).sum::<usize>() + 1;
                let mut text = String::with_capacity(len);
                text.push('[');
                for (i, p) in run.drain(..).enumerate() {
                    if i > 0 {
                        text.push(',');
                    }
                    text.push_str(&p);
                }
                text.push(']');
                out.push(HostAction {
                    kind: "messages".into(),
                    id: None,
                    payload: Some(text),
                });
            }
        };
        for action in batch {
            if action.kind == "message" && action.payload.is_some() {
                run.extend(action.payload);
            } else {
                flush(&mut run, &mut out);
                out.push(action);
            }
        }
        flush(&mut run, &mut out);
        out
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

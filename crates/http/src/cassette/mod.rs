//! Record and replay Messages API exchanges, so a run can be repeated without a network.
//!
//! A cassette is a JSONL file, one line per completed exchange, in the order they completed:
//!
//! ```text
//! {"request": {...body...}, "events": [{"type": "message_start", ...}, ...]}
//! {"request": {...body...}, "error": {"status": 500, "kind": "server_error", "message": "..."}}
//! ```
//!
//! [`RecordingModel`] wraps any [`Model`](oxagent_core::model::Model) and appends these lines;
//! retried attempts are not kept, only the final outcome (an `error` line may also carry the
//! events streamed before the failure). [`ReplayModel`] serves the lines in order and checks
//! that each request's `messages` match the recorded ones (see [`first_difference`]).
//! Exchanges that run concurrently are recorded in completion order, so a replay of
//! concurrent requests must ask in the same order.
//!
//! ```no_run
//! use oxagent_http::cassette::{RecordingModel, ReplayModel};
//! # fn demo(live: oxagent_http::HttpModel) -> std::io::Result<()> {
//! let recording = RecordingModel::create(live, "run.cassette.jsonl")?;
//! // ... run a session with `recording`, then later, offline:
//! let replay = ReplayModel::open("run.cassette.jsonl")?;
//! # Ok(()) }
//! ```

mod coalesce;
mod diff;
mod recording;
mod replay;

pub use coalesce::coalesce;
pub use diff::{first_difference, normalize};
pub use recording::RecordingModel;
pub use replay::ReplayModel;

use oxagent_core::model::{ApiError, ApiErrorKind};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// One line of a cassette.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Exchange {
    /// The request body as sent.
    pub request: Value,
    /// The raw SSE events of the final attempt.
    #[serde(default)]
    pub events: Vec<Value>,
    /// The final failure, when the exchange ended in one.
    #[serde(default)]
    pub error: Option<RecordedError>,
}

/// An [`ApiError`] as a cassette stores it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RecordedError {
    pub status: Option<u16>,
    pub kind: ApiErrorKind,
    pub message: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_type: Option<String>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub endpoint: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_id: Option<String>,
}

impl From<&ApiError> for RecordedError {
    fn from(e: &ApiError) -> Self {
        RecordedError {
            status: e.status,
            kind: e.kind,
            message: e.message.clone(),
            error_type: e.error_type.clone(),
            endpoint: e.endpoint.clone(),
            request_id: e.request_id.clone(),
        }
    }
}

impl From<RecordedError> for ApiError {
    fn from(e: RecordedError) -> Self {
        ApiError {
            status: e.status,
            kind: e.kind,
            message: e.message,
            error_type: e.error_type,
            endpoint: e.endpoint,
            request_id: e.request_id,
        }
    }
}

impl Exchange {
    /// The JSON line: `events` is left out of a failure that streamed nothing.
    pub fn to_json(&self) -> Value {
        let mut line = Map::new();
        line.insert("request".into(), self.request.clone());
        if self.error.is_none() || !self.events.is_empty() {
            line.insert("events".into(), Value::Array(self.events.clone()));
        }
        if let Some(error) = &self.error {
            line.insert(
                "error".into(),
                serde_json::to_value(error).unwrap_or(Value::Null),
            );
        }
        Value::Object(line)
    }
}

/// Replaces every occurrence of each `from` with its `to` in all strings of `value`. Cassettes
/// store run-specific text (the working directory) as a placeholder so a recording replays
/// from anywhere.
pub fn substitute(value: &Value, subs: &[(String, String)]) -> Value {
    if subs.is_empty() {
        return value.clone();
    }
    match value {
        Value::String(s) => Value::String(
            subs.iter()
                .fold(s.clone(), |acc, (from, to)| acc.replace(from.as_str(), to)),
        ),
        Value::Array(a) => Value::Array(a.iter().map(|v| substitute(v, subs)).collect()),
        Value::Object(o) => Value::Object(
            o.iter()
                .map(|(k, v)| (k.clone(), substitute(v, subs)))
                .collect(),
        ),
        other => other.clone(),
    }
}

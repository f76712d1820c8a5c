//! The model edge: what the loop sends to a Messages API and what comes back.
//!
//! The loop builds a [`ModelRequest`] (the JSON body of `POST /v1/messages`) and reads a
//! stream of [`ModelEvent`]s: raw SSE events of the response, retry notices, and at most one
//! terminal failure. Retrying is the implementation's job (the HTTP crate retries 429, 529,
//! 5xx, connection errors and cut streams); it announces each retry with
//! [`ModelEvent::Retry`] so the loop can emit `system/api_retry` and drop partial state.
//!
//! ```
//! use oxagent_core::model::ApiErrorKind;
//! assert_eq!(ApiErrorKind::from_status(Some(529)).as_str(), "overloaded");
//! ```

use futures::stream::BoxStream;
use serde::{Deserialize, Serialize};
use serde_json::Value;

pub use crate::api_event::ApiEvent;

/// The body of one Messages API request, plus transport hints.
#[derive(Debug, Clone, PartialEq)]
pub struct ModelRequest {
    /// The JSON body (`model`, `max_tokens`, `system`, `messages`, `tools`, `stream`, ...).
    pub body: Value,
    /// `anthropic-beta` values to send.
    pub betas: Vec<String>,
}

impl ModelRequest {
    pub fn model(&self) -> &str {
        self.body.get("model").and_then(Value::as_str).unwrap_or("")
    }
}

/// One event of a model response stream.
#[derive(Debug, Clone, PartialEq)]
pub enum ModelEvent {
    /// A raw SSE event of the Messages API (`message_start`, `content_block_delta`, ...).
    Stream(ApiEvent),
    /// The attempt failed and will be retried after `delay_ms`; anything streamed by the
    /// failed attempt is void. `partial_usage` is what the failed attempt reported, if it got
    /// as far as `message_start` (it is billed).
    Retry(RetryNotice),
    /// The request failed for good. Nothing follows.
    Failed(ApiError),
    /// The API refused the request's `max_tokens` as over the model's output limit, which it
    /// named; the request is being sent again with that limit. The session keeps to it for
    /// the model from now on, and reports it as the model's `maxOutputTokens`.
    OutputLimit(u64),
}

#[derive(Debug, Clone, PartialEq)]
pub struct RetryNotice {
    pub attempt: u32,
    pub max_retries: u32,
    pub delay_ms: u64,
    pub error_status: Option<u16>,
    pub error: ApiErrorKind,
    /// Re-sent without telling the caller (the reference's non-streaming retry, or a stream
    /// that failed before its first block): reset, count the usage, show nothing.
    pub silent: bool,
    /// Whether the lost attempt is billed (its model usage and cost). A stream that failed
    /// with an `error` event before its first block is not, though the turn's usage still
    /// counts what it reported.
    pub billed: bool,
}

/// Whether a stream's `error` event (by its `error.type`; none for a cut connection) is one
/// the server gets over: overloaded, api_error, timeout. An answer such an error broke off is
/// asked again as it was (before any block) or resumed (after some); any other error ends
/// the answer: before any block it is asked once more without streaming, after some the turn
/// ends with the error unless the answer's tool calls run.
pub fn is_transient_stream_error(error_type: Option<&str>) -> bool {
    matches!(
        error_type,
        None | Some("overloaded_error" | "api_error" | "timeout_error")
    )
}

/// How the text of a request that got no answer in time starts; such a text is shown as is.
pub const TIMED_OUT: &str = "Request timed out.";
/// The text of a refused connection (its result and message are named `connection_failed`).
pub const CONNECTION_REFUSED: &str =
    "Connection refused — a firewall or proxy may be blocking it (ECONNREFUSED)";

/// The key that marks an event replayed from an answer that was not streamed (the
/// non-streaming retry): the loop reads it as any other, the caller is shown no stream
/// events for it, as the reference shows none.
pub const REPLAYED_EVENT: &str = "_oxagent_replayed";

/// A failed Messages API call.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("API Error: {}{}", status.map(|s| format!("{s} ")).unwrap_or_default(), message)]
pub struct ApiError {
    pub status: Option<u16>,
    pub kind: ApiErrorKind,
    /// The API's own `error.message` (or a description of the transport failure).
    pub message: String,
    /// The API's `error.type` (`invalid_request_error`, ...), when the body had one.
    pub error_type: Option<String>,
    /// `host:port` of the endpoint, named in server-error texts.
    pub endpoint: String,
    /// The `request-id` header of the failed answer, when it had one.
    pub request_id: Option<String>,
}

/// The categories the SDK reports on synthetic error messages and `api_retry` events.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ApiErrorKind {
    AuthenticationFailed,
    BillingError,
    RateLimit,
    Overloaded,
    InvalidRequest,
    ModelNotFound,
    ServerError,
    MaxOutputTokens,
    Unknown,
}

impl ApiErrorKind {
    pub fn from_status(status: Option<u16>) -> Self {
        match status {
            Some(401) | Some(403) => ApiErrorKind::AuthenticationFailed,
            Some(402) => ApiErrorKind::BillingError,
            Some(429) => ApiErrorKind::RateLimit,
            Some(529) => ApiErrorKind::Overloaded,
            Some(404) => ApiErrorKind::ModelNotFound,
            Some(s) if s >= 500 => ApiErrorKind::ServerError,
            _ => ApiErrorKind::Unknown,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            ApiErrorKind::AuthenticationFailed => "authentication_failed",
            ApiErrorKind::BillingError => "billing_error",
            ApiErrorKind::RateLimit => "rate_limit",
            ApiErrorKind::Overloaded => "overloaded",
            ApiErrorKind::InvalidRequest => "invalid_request",
            ApiErrorKind::ModelNotFound => "model_not_found",
            ApiErrorKind::ServerError => "server_error",
            ApiErrorKind::MaxOutputTokens => "max_output_tokens",
            ApiErrorKind::Unknown => "unknown",
        }
    }
}

/// A Messages API endpoint. Implementations stream; they never panic on bad input.
pub trait Model: Send + Sync {
    fn stream(&self, request: ModelRequest) -> BoxStream<'static, ModelEvent>;
}

//! What a failed attempt means: retry or give up, after how long, and reported how.
//!
//! Retried, as the reference retries: HTTP 401, 408, 409, 429 and 5xx (529 included), a 403
//! whose OAuth token was revoked (with two more attempts once the retries are spent),
//! failures to connect or to get the response headers in time, and streams that end, break or
//! stall before `message_stop`. An `x-should-retry: true|false` response header overrides the
//! status rule.
//!
//! A failure has two categories: the one its `api_retry` notice names (`rate_limit` for 429,
//! `overloaded` for 529, `authentication_failed` for 401, `server_error` for any other
//! status, `unknown` without one) and the one the final error message carries
//! (`server_error` for every 5xx, 529 included; `unknown` for 408 and 409; see
//! [`final_kind`]).
//!
//! The wait is 500 ms * 2^(attempt-1) capped at 32 s, or the server's positive `retry-after-ms`
//! / `retry-after` when that is longer, plus up to 25 % jitter; a `retry-after: 0` or a date
//! already past leaves the exponential wait, which is what the reference was observed to do.
//!
//! ```
//! # use std::time::Duration;
//! # use oxagent_http::retry::exponential_delay;
//! assert_eq!(exponential_delay(3), Duration::from_millis(2000));
//! ```

use std::time::Duration;

use oxagent_core::model::ApiErrorKind;
use reqwest::header::HeaderMap;
use serde_json::Value;

/// What a 403 says when the OAuth token it was sent with was revoked.
const REVOKED_TOKEN: &str = "OAuth token has been revoked";

/// How many more attempts a revoked token gets once the retries are spent: the reference
/// refreshes its token and tries again, announcing each with the last attempt's number.
pub(crate) const TOKEN_REFRESHES: u32 = 2;

/// One failed attempt, classified.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct AttemptError {
    pub status: Option<u16>,
    /// The category of the final error message, when this attempt is the last.
    pub kind: ApiErrorKind,
    /// The category named by the `api_retry` notice, when the attempt is retried.
    pub retry_kind: ApiErrorKind,
    pub message: String,
    pub error_type: Option<String>,
    pub retryable: bool,
    /// A 403 "OAuth token has been revoked": once the retries are spent, the reference tries
    /// again after refreshing its token, twice (see [`TOKEN_REFRESHES`]).
    pub token_revoked: bool,
    /// The wait the server asked for, when it asked for a positive one.
    pub server_delay: Option<Duration>,
    /// The answer's `request-id` header.
    pub request_id: Option<String>,
}

impl AttemptError {
    /// A non-2xx answer. The message is the body's `error.message` when it is the API's error
    /// JSON, else the body text.
    pub fn from_response(status: u16, headers: &HeaderMap, body: &[u8]) -> AttemptError {
        let json: Option<Value> = serde_json::from_slice(body).ok();
        let error = json.as_ref().and_then(|j| j.get("error"));
        let field = |k: &str| {
            error
                .and_then(|e| e.get(k))
                .and_then(Value::as_str)
                .map(str::to_string)
        };
        // An API error body without a message is named as compact JSON, as the reference
        // writes it back.
        let compact = json
            .as_ref()
            .filter(|j| j.is_object())
            .map(|j| j.to_string());
        let message = field("message").or(compact).unwrap_or_else(|| {
            let text = String::from_utf8_lossy(body)
                .trim()
                .chars()
                .take(1000)
                .collect::<String>();
            if text.is_empty() {
                format!("{status} status code (no body)")
            } else {
                text
            }
        });
        let token_revoked = status == 403 && message.contains(REVOKED_TOKEN);
        let retryable = match header(headers, "x-should-retry") {
            Some("true") => true,
            Some("false") => false,
            _ => matches!(status, 401 | 408 | 409 | 429) || status >= 500 || token_revoked,
        };
        let error_type = field("type");
        // An overloaded answer is retried as one whatever its status.
        let retried_as = if error_type.as_deref() == Some("overloaded_error") {
            ApiErrorKind::Overloaded
        } else if token_revoked {
            ApiErrorKind::AuthenticationFailed
        } else {
            retry_kind(status)
        };
        AttemptError {
            status: Some(status),
            kind: final_kind_of(status, &message),
            retry_kind: retried_as,
            message,
            error_type,
            retryable,
            token_revoked,
            server_delay: server_delay(headers),
            request_id: header(headers, "request-id").map(str::to_string),
        }
    }

    /// A transport failure: no connection, no headers in time, or a stream that stopped early.
    pub fn transport(message: impl Into<String>) -> AttemptError {
        AttemptError {
            status: None,
            kind: ApiErrorKind::Unknown,
            retry_kind: ApiErrorKind::Unknown,
            message: message.into(),
            error_type: None,
            retryable: true,
            token_revoked: false,
            server_delay: None,
            request_id: None,
        }
    }

    /// A request that got no answer at all. A refused connection is worded as the reference
    /// words it and shown as a server error; other failures name reqwest's reason.
    pub fn no_answer(error: &reqwest::Error) -> AttemptError {
        if refused(error) {
            return AttemptError {
                kind: ApiErrorKind::ServerError,
                ..AttemptError::transport(CONNECTION_REFUSED)
            };
        }
        AttemptError::transport(format!("Connection error. ({error})"))
    }

    /// An SSE `error` event. It ends the response for good at this level: the reference does
    /// not retry it but yields what streamed and lets the turn resume (see the crate docs).
    pub fn stream_event(event: &Value) -> AttemptError {
        let error = event.get("error");
        let field = |k: &str| {
            error
                .and_then(|e| e.get(k))
                .and_then(Value::as_str)
                .map(str::to_string)
        };
        let error_type = field("type");
        let kind = kind_of_error_type(error_type.as_deref());
        AttemptError {
            status: None,
            kind,
            retry_kind: kind,
            message: field("message").unwrap_or_else(|| "stream error".to_string()),
            error_type,
            retryable: false,
            token_revoked: false,
            server_delay: None,
            request_id: None,
        }
    }

    /// How long to wait before retry number `attempt` (1-based): the longer of the server's
    /// wait and the exponential one, plus jitter, as the reference waits (a `retry-after: 2`
    /// gave 2438 ms, a `retry-after-ms: 300` 549 ms).
    pub fn delay(&self, attempt: u32) -> Duration {
        let exponential = exponential_delay(attempt);
        with_jitter(
            self.server_delay
                .map_or(exponential, |d| d.max(exponential)),
        )
    }
}

pub use oxagent_core::model::CONNECTION_REFUSED;

/// Whether an I/O error somewhere in the chain is a refused connection.
/// Whether a request failed because its pooled connection was closed under it (reset, or
/// closed before any answer): nothing reached a server.
pub(crate) fn stale_connection(error: &reqwest::Error) -> bool {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(error);
    while let Some(e) = source {
        if e.downcast_ref::<std::io::Error>().is_some_and(|io| {
            matches!(
                io.kind(),
                std::io::ErrorKind::ConnectionReset
                    | std::io::ErrorKind::BrokenPipe
                    | std::io::ErrorKind::ConnectionAborted
            )
        }) || e
            .to_string()
            .contains("connection closed before message completed")
        {
            return true;
        }
        source = e.source();
    }
    false
}

fn refused(error: &(dyn std::error::Error + 'static)) -> bool {
    let mut source = Some(error);
    while let Some(e) = source {
        if e.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::ConnectionRefused)
        {
            return true;
        }
        source = e.source();
    }
    false
}

/// The category of a final error with this status: every 5xx is a server error (529 too),
/// a 413 an invalid request, the rest as [`ApiErrorKind::from_status`] has them.
pub fn final_kind(status: u16) -> ApiErrorKind {
    match status {
        s if s >= 500 => ApiErrorKind::ServerError,
        413 => ApiErrorKind::InvalidRequest,
        s => ApiErrorKind::from_status(Some(s)),
    }
}

/// The category of a final error, its message considered: a too-low credit balance is a
/// billing error, a conversation with unanswered tool calls an invalid request.
pub fn final_kind_of(status: u16, message: &str) -> ApiErrorKind {
    match status {
        400 if message.contains("credit balance is too low") => ApiErrorKind::BillingError,
        400 if message.contains("ids were found without `tool_result` blocks") => {
            ApiErrorKind::InvalidRequest
        }
        s => final_kind(s),
    }
}

/// The category an `api_retry` notice names for a retried status.
pub fn retry_kind(status: u16) -> ApiErrorKind {
    match status {
        401 => ApiErrorKind::AuthenticationFailed,
        429 => ApiErrorKind::RateLimit,
        529 => ApiErrorKind::Overloaded,
        _ => ApiErrorKind::ServerError,
    }
}

/// The category of an API `error.type`, for errors that come without an HTTP status.
fn kind_of_error_type(error_type: Option<&str>) -> ApiErrorKind {
    match error_type {
        Some("overloaded_error") => ApiErrorKind::Overloaded,
        Some("rate_limit_error") => ApiErrorKind::RateLimit,
        Some("api_error") => ApiErrorKind::ServerError,
        Some("authentication_error") | Some("permission_error") => {
            ApiErrorKind::AuthenticationFailed
        }
        Some("billing_error") => ApiErrorKind::BillingError,
        Some("not_found_error") => ApiErrorKind::ModelNotFound,
        Some("invalid_request_error") => ApiErrorKind::InvalidRequest,
        _ => ApiErrorKind::Unknown,
    }
}

fn header<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .map(str::trim)
}

/// `retry-after-ms` (milliseconds) or `retry-after` (seconds), when positive.
fn server_delay(headers: &HeaderMap) -> Option<Duration> {
    let positive = |v: Option<&str>, scale: f64| {
        v.and_then(|v| v.parse::<f64>().ok())
            .filter(|n| n.is_finite() && *n > 0.0)
            .map(|n| Duration::from_secs_f64(n * scale / 1000.0))
    };
    positive(header(headers, "retry-after-ms"), 1.0)
        .or_else(|| positive(header(headers, "retry-after"), 1000.0))
}

/// 500 ms * 2^(attempt-1), capped at 32 s.
pub fn exponential_delay(attempt: u32) -> Duration {
    let exp = attempt.saturating_sub(1).min(16);
    Duration::from_millis((500u64 << exp).min(32_000))
}

/// Adds up to 25 % so that many clients do not retry in lockstep.
fn with_jitter(base: Duration) -> Duration {
    base + base.mul_f64(fastrand::f64() * 0.25)
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;
    use reqwest::header::HeaderValue;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(*k, HeaderValue::from_static(v));
        }
        h
    }

    #[test]
    fn api_error_body_and_retry_after() {
        let body =
            br#"{"type":"error","error":{"type":"rate_limit_error","message":"Rate limited"}}"#;
        let e = AttemptError::from_response(429, &headers(&[("retry-after", "2")]), body);
        assert_eq!(
            e,
            AttemptError {
                status: Some(429),
                kind: ApiErrorKind::RateLimit,
                retry_kind: ApiErrorKind::RateLimit,
                message: "Rate limited".into(),
                error_type: Some("rate_limit_error".into()),
                retryable: true,
                token_revoked: false,
                server_delay: Some(Duration::from_secs(2)),
                request_id: None,
            }
        );
        let wait = |attempt| e.delay(attempt).as_millis();
        assert!((2000..=2500).contains(&wait(1)), "{}", wait(1));
        // Past the server's wait, the exponential one takes over.
        assert!((8000..=10000).contains(&wait(5)), "{}", wait(5));
    }

    #[test]
    fn statuses_and_override_header() {
        let retry = |s, h: &[(&'static str, &'static str)]| {
            AttemptError::from_response(s, &headers(h), b"").retryable
        };
        let got: Vec<bool> = [400, 401, 403, 404, 408, 409, 413, 422, 429, 500, 529]
            .iter()
            .map(|s| retry(*s, &[]))
            .collect();
        assert_eq!(
            got,
            [false, true, false, false, true, true, false, false, true, true, true]
        );
        assert!(retry(400, &[("x-should-retry", "true")]));
        assert!(!retry(503, &[("x-should-retry", "false")]));
        let e = AttemptError::from_response(502, &HeaderMap::new(), b"bad gateway\n");
        assert_eq!(
            (e.kind, e.message.as_str(), e.error_type),
            (ApiErrorKind::ServerError, "bad gateway", None)
        );
        assert_eq!(
            AttemptError::from_response(503, &HeaderMap::new(), b"").message,
            "503 status code (no body)"
        );
    }

    /// faults_*_every_attempt: what the notices and the final message are named.
    #[test]
    fn categories_of_statuses() {
        let names = |f: fn(u16) -> ApiErrorKind| {
            [401, 403, 404, 408, 409, 413, 429, 500, 503, 529]
                .map(|s| f(s).as_str())
                .to_vec()
        };
        assert_eq!(
            names(final_kind),
            [
                "authentication_failed",
                "authentication_failed",
                "model_not_found",
                "unknown",
                "unknown",
                "invalid_request",
                "rate_limit",
                "server_error",
                "server_error",
                "server_error"
            ]
        );
        // 403, 404 and 413 are not retried; their notice names nothing that is shown.
        assert_eq!(
            names(retry_kind),
            [
                "authentication_failed",
                "server_error",
                "server_error",
                "server_error",
                "server_error",
                "server_error",
                "rate_limit",
                "server_error",
                "server_error",
                "overloaded"
            ]
        );
    }

    #[test]
    fn zero_retry_after_uses_exponential_with_jitter() {
        let e = AttemptError::from_response(
            529,
            &headers(&[("retry-after", "0"), ("retry-after-ms", "0")]),
            b"{}",
        );
        assert_eq!(e.server_delay, None);
        let d = e.delay(2);
        assert!(
            d >= Duration::from_millis(1000) && d <= Duration::from_millis(1250),
            "{d:?}"
        );
        assert_eq!(exponential_delay(1), Duration::from_millis(500));
        assert_eq!(exponential_delay(7), Duration::from_millis(32_000));
        assert_eq!(exponential_delay(40), Duration::from_millis(32_000));
        let ms = AttemptError::from_response(
            429,
            &headers(&[("retry-after-ms", "150"), ("retry-after", "9")]),
            b"",
        );
        assert_eq!(ms.server_delay, Some(Duration::from_millis(150)));
    }

    #[test]
    fn stream_error_event_kinds() {
        let ev = serde_json::json!({"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}});
        assert_eq!(
            AttemptError::stream_event(&ev),
            AttemptError {
                status: None,
                kind: ApiErrorKind::Overloaded,
                retry_kind: ApiErrorKind::Overloaded,
                message: "Overloaded".into(),
                error_type: Some("overloaded_error".into()),
                retryable: false,
                token_revoked: false,
                server_delay: None,
                request_id: None,
            }
        );
    }
}

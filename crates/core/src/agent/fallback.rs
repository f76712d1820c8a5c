//! `fallback_model`: when the main model fails in one of the ways below, the request goes to
//! the fallback model instead, as the reference's CLI switches: a `system/model_fallback`
//! message, then the same request on the fallback model, its retries counted afresh. The
//! session stays on the fallback model afterwards; it switches once.
//!
//! ```text
//! 529 -> api_retry 1 -> 529 -> api_retry 2 -> 529 -> model_fallback (overloaded)
//! 500, 503 (any 5xx but 529), first time  -> model_fallback (server_error), retries left or not
//! 404                                     -> model_fallback (model_not_found)
//! 429, 401, ...                           -> retried or failed as without a fallback
//! ```

use crate::model::{ApiError, ApiErrorKind, RetryNotice};
use crate::protocol::system::{ModelFallback, SystemBody};

/// Overloaded answers in a row that switch to the fallback model.
const OVERLOADED_IN_A_ROW: u32 = 3;

/// Why the session switched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Trigger {
    Overloaded,
    ServerError,
    ModelNotFound,
}

impl Trigger {
    fn as_str(self) -> &'static str {
        match self {
            Trigger::Overloaded => "overloaded",
            Trigger::ServerError => "server_error",
            Trigger::ModelNotFound => "model_not_found",
        }
    }
}

/// Counts the overloaded answers of one request.
#[derive(Debug, Default)]
pub(crate) struct FallbackWatch {
    overloaded: u32,
    switched: bool,
}

impl FallbackWatch {
    /// Takes a retry notice of the request on `model`: the fallback to switch to now, and
    /// why, if any.
    pub fn on_retry(
        &mut self,
        notice: &RetryNotice,
        model: &str,
        fallback: Option<&str>,
    ) -> Option<(String, Trigger)> {
        if notice.error == ApiErrorKind::Overloaded {
            self.overloaded += 1;
        } else {
            self.overloaded = 0;
        }
        let trigger = match notice.error {
            ApiErrorKind::Overloaded if self.overloaded >= OVERLOADED_IN_A_ROW => {
                Trigger::Overloaded
            }
            ApiErrorKind::ServerError if notice.error_status.is_some_and(|s| s >= 500) => {
                Trigger::ServerError
            }
            _ => return None,
        };
        self.switch(model, fallback, trigger)
    }

    /// Takes the request's final failure: the fallback to switch to, when the model was
    /// not found or a server error (not an overload) had no retry left.
    pub fn on_failure(
        &mut self,
        err: &ApiError,
        model: &str,
        fallback: Option<&str>,
    ) -> Option<(String, Trigger)> {
        match err.status {
            Some(404) => self.switch(model, fallback, Trigger::ModelNotFound),
            // A server error no retry was left for switches too (fuzz-d/fd_102:
            // CLAUDE_CODE_MAX_RETRIES=0); an overloaded one does not.
            Some(s)
                if s >= 500
                    && s != 529
                    && err.kind != ApiErrorKind::Overloaded
                    && err.error_type.as_deref() != Some("overloaded_error") =>
            {
                self.switch(model, fallback, Trigger::ServerError)
            }
            _ => None,
        }
    }

    fn switch(
        &mut self,
        model: &str,
        fallback: Option<&str>,
        trigger: Trigger,
    ) -> Option<(String, Trigger)> {
        let fallback = fallback.filter(|f| !f.is_empty() && *f != model)?;
        if self.switched {
            return None;
        }
        self.switched = true;
        Some((fallback.to_string(), trigger))
    }
}

/// The `system/model_fallback` body for a switch from `original` to `fallback`; a smaller
/// context window is said.
pub(crate) fn fallback_body(original: &str, fallback: &str, trigger: Trigger) -> SystemBody {
    let (to, from) = (display_name(fallback), display_name(original));
    let mut content = match trigger {
        Trigger::ModelNotFound => format!("Switched to {to} because {from} is not available"),
        _ => format!("Switched to {to} due to high demand for {from}"),
    };
    let (was, now) = (
        crate::usage::context_window(original),
        crate::usage::context_window(fallback),
    );
    if now < was {
        content.push_str(&format!(
            " \u{b7} context window {} \u{2192} {} tokens",
            tokens(was),
            tokens(now)
        ));
    }
    SystemBody::ModelFallback(ModelFallback {
        trigger: trigger.as_str().into(),
        original_model: original.into(),
        fallback_model: fallback.into(),
        content,
    })
}

/// A token count as the reference writes a window: `1M`, `200K`.
fn tokens(n: u64) -> String {
    if n >= 1_000_000 && n.is_multiple_of(1_000_000) {
        format!("{}M", n / 1_000_000)
    } else if n >= 1_000 && n.is_multiple_of(1_000) {
        format!("{}K", n / 1_000)
    } else {
        n.to_string()
    }
}

/// How a model is named to people: `claude-sonnet-4-5` -> `Sonnet 4.5`; an id of another
/// form stays as it is.
pub(crate) fn display_name(model: &str) -> String {
    let canonical = crate::usage::canonical_model(model);
    let Some(rest) = canonical.strip_prefix("claude-") else {
        return model.to_string();
    };
    let mut parts = rest.split('-');
    let family = parts.next().unwrap_or_default();
    let version: Vec<&str> = parts
        .take_while(|p| p.len() <= 2 && p.chars().all(|c| c.is_ascii_digit()))
        .collect();
    let mut chars = family.chars();
    match (chars.next(), version.is_empty()) {
        (Some(first), false) if first.is_ascii_alphabetic() => {
            format!(
                "{}{} {}",
                first.to_ascii_uppercase(),
                chars.as_str(),
                version.join(".")
            )
        }
        _ => model.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn notice(error: ApiErrorKind) -> RetryNotice {
        RetryNotice {
            attempt: 1,
            max_retries: 10,
            delay_ms: 0,
            error_status: Some(529),
            error,
            silent: false,
            billed: true,
        }
    }

    fn failed(status: u16) -> ApiError {
        ApiError {
            status: Some(status),
            kind: ApiErrorKind::from_status(Some(status)),
            message: String::new(),
            error_type: None,
            endpoint: String::new(),
            request_id: None,
        }
    }

    #[test]
    fn the_third_overloaded_answer_in_a_row_switches_once() {
        let mut watch = FallbackWatch::default();
        let fb = Some("claude-haiku-4-5");
        let over = notice(ApiErrorKind::Overloaded);
        let m = "claude-sonnet-4-5";
        let limited = RetryNotice {
            error_status: Some(429),
            ..notice(ApiErrorKind::RateLimit)
        };
        assert_eq!(watch.on_retry(&over, m, fb), None);
        assert_eq!(watch.on_retry(&limited, m, fb), None);
        assert_eq!(watch.on_retry(&over, m, fb), None);
        assert_eq!(watch.on_retry(&over, m, fb), None);
        let switched = watch.on_retry(&over, m, fb);
        assert_eq!(
            switched,
            Some(("claude-haiku-4-5".into(), Trigger::Overloaded))
        );
        assert_eq!(watch.on_retry(&over, m, fb), None);
        let mut without = FallbackWatch::default();
        for _ in 0..5 {
            assert_eq!(without.on_retry(&over, m, None), None);
        }
    }

    #[test]
    fn a_server_error_or_a_missing_model_switches_at_once() {
        let m = "claude-opus-5-5";
        let fb = Some("claude-sonnet-4-5");
        let server = RetryNotice {
            error_status: Some(503),
            ..notice(ApiErrorKind::ServerError)
        };
        let mut watch = FallbackWatch::default();
        let switched = watch.on_retry(&server, m, fb);
        assert_eq!(
            switched,
            Some(("claude-sonnet-4-5".into(), Trigger::ServerError))
        );
        let mut watch = FallbackWatch::default();
        assert_eq!(watch.on_failure(&failed(400), m, fb), None);
        let switched = watch.on_failure(&failed(404), m, fb);
        assert_eq!(
            switched,
            Some(("claude-sonnet-4-5".into(), Trigger::ModelNotFound))
        );
        assert_eq!(watch.on_failure(&failed(404), m, fb), None);
        // Never to the model itself.
        let mut watch = FallbackWatch::default();
        assert_eq!(watch.on_failure(&failed(404), m, Some(m)), None);
        // A server error with no retry left switches too (fd_102); an overload does not.
        let mut watch = FallbackWatch::default();
        assert_eq!(watch.on_failure(&failed(529), m, fb), None);
        assert_eq!(
            watch.on_failure(&failed(500), m, fb),
            Some(("claude-sonnet-4-5".into(), Trigger::ServerError))
        );
    }

    #[test]
    fn the_message_says_why_and_a_smaller_window() {
        let content = |from: &str, to: &str, t: Trigger| match fallback_body(from, to, t) {
            SystemBody::ModelFallback(f) => f.content,
            other => panic!("{other:?}"),
        };
        assert_eq!(
            content("claude-opus-5-5", "claude-sonnet-4-5", Trigger::Overloaded),
            "Switched to Sonnet 4.5 due to high demand for Opus 5.5 \u{b7} context window 1M \u{2192} 200K tokens"
        );
        assert_eq!(
            content("claude-sonnet-4-5", "claude-opus-5-5", Trigger::ServerError),
            "Switched to Opus 5.5 due to high demand for Sonnet 4.5"
        );
        assert_eq!(
            content(
                "claude-opus-5-5",
                "claude-haiku-5-5",
                Trigger::ModelNotFound
            ),
            "Switched to Haiku 5.5 because Opus 5.5 is not available"
        );
    }

    #[test]
    fn models_are_named_as_the_reference_names_them() {
        let names: Vec<String> = [
            "claude-sonnet-4-5",
            "claude-haiku-4-5-20251001",
            "claude-opus-4-1",
            "claude-opus-5-5",
            "my-model",
        ]
        .iter()
        .map(|m| display_name(m))
        .collect();
        assert_eq!(
            names,
            [
                "Sonnet 4.5",
                "Haiku 4.5",
                "Opus 4.1",
                "Opus 5.5",
                "my-model"
            ]
        );
    }
}

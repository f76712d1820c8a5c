//! `fallback_model`: when the main model answers "overloaded" three times in a row, the
//! request goes to the fallback model instead, as the reference's CLI switches: a
//! `system/model_fallback` message, then the same request on the fallback model, its retries
//! counted afresh. The session stays on the fallback model afterwards.
//!
//! ```text
//! 529 -> api_retry 1 -> 529 -> api_retry 2 -> 529 -> model_fallback -> request on the fallback
//! ```

use crate::model::{ApiErrorKind, RetryNotice};
use crate::protocol::system::{ModelFallback, SystemBody};

/// Overloaded answers in a row that switch to the fallback model.
const OVERLOADED_IN_A_ROW: u32 = 3;

/// Counts the overloaded answers of one request.
#[derive(Debug, Default)]
pub(crate) struct FallbackWatch {
    overloaded: u32,
    switched: bool,
}

impl FallbackWatch {
    /// Takes a retry notice of the request on `model`: the fallback to switch to now, if
    /// any (at most once per request).
    pub fn on_retry(
        &mut self,
        notice: &RetryNotice,
        model: &str,
        fallback: Option<&str>,
    ) -> Option<String> {
        if notice.error == ApiErrorKind::Overloaded {
            self.overloaded += 1;
        } else {
            self.overloaded = 0;
        }
        let fallback = fallback.filter(|f| !f.is_empty() && *f != model)?;
        if self.switched || self.overloaded < OVERLOADED_IN_A_ROW {
            return None;
        }
        self.switched = true;
        Some(fallback.to_string())
    }
}

/// The `system/model_fallback` body for a switch from `original` to `fallback`.
pub(crate) fn fallback_body(original: &str, fallback: &str) -> SystemBody {
    SystemBody::ModelFallback(ModelFallback {
        trigger: "overloaded".into(),
        original_model: original.into(),
        fallback_model: fallback.into(),
        content: format!(
            "Switched to {} due to high demand for {}",
            display_name(fallback),
            display_name(original)
        ),
    })
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

    #[test]
    fn the_third_overloaded_answer_in_a_row_switches_once() {
        let mut watch = FallbackWatch::default();
        let fb = Some("claude-haiku-4-5");
        let over = notice(ApiErrorKind::Overloaded);
        let m = "claude-sonnet-4-5";
        assert_eq!(watch.on_retry(&over, m, fb), None);
        assert_eq!(
            watch.on_retry(&notice(ApiErrorKind::ServerError), m, fb),
            None
        );
        assert_eq!(watch.on_retry(&over, m, fb), None);
        assert_eq!(watch.on_retry(&over, m, fb), None);
        assert_eq!(watch.on_retry(&over, m, fb).as_deref(), fb);
        assert_eq!(watch.on_retry(&over, m, fb), None);
        let mut without = FallbackWatch::default();
        for _ in 0..5 {
            assert_eq!(without.on_retry(&over, m, None), None);
        }
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

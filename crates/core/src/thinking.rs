//! The `thinking` object of a request: what the caller asked for (the `thinking` option, or
//! `max_thinking_tokens`), shaped for the model the request goes to, as the reference shapes
//! it. Three kinds of model:
//!
//! - Claude 3 models get no `thinking` at all.
//! - The models that take a thinking budget (Sonnet 4 and 4.5, Haiku 4.5, Opus 4.5) get
//!   `enabled` with the budget asked for (31,999 tokens when none was), or `disabled` when
//!   thinking was turned off.
//! - Every other model thinks adaptively, but those that take thinking turned off (Opus 4.6
//!   to 4.8 and 5, Sonnet 4.6 and 5) get `disabled` when it was, and claude-mythos-5 no
//!   `thinking` then (recorded per model: fuzz-h/fh_155).
//!
//! Thinking that is sent carries its display: `summarized` when asked, else `updates` (also
//! when `omitted` was asked, with a budget or adaptively).
//!
//! ```
//! use oxagent_core::thinking::for_model;
//! use serde_json::json;
//! let off = json!({"type": "disabled"});
//! assert_eq!(for_model("claude-opus-5-5", Some(&off), 32_000), Some(json!({"type": "adaptive", "display": "updates"})));
//! assert_eq!(for_model("claude-sonnet-4-5", Some(&off), 32_000), Some(off.clone()));
//! assert_eq!(for_model("claude-haiku-4-5", None, 32_000),
//!            Some(json!({"type": "enabled", "budget_tokens": 31999, "display": "updates"})));
//! assert_eq!(for_model("claude-3-7-sonnet-20250219", None, 32_000), None);
//! ```

use serde_json::{json, Value};

use crate::usage::canonical_model;

/// The budget a budget model thinks with when the caller set none: one token less than the request's `max_tokens` (31,999 at
/// the default 32,000), at least 1,024 (probes pm_*: `CLAUDE_CODE_MAX_OUTPUT_TOKENS`).
pub fn default_budget(max_tokens: u64) -> u64 {
    max_tokens.saturating_sub(1).max(1_024)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    None,
    Budget,
    Adaptive,
}

/// The adaptive models that take thinking turned off (the others think whatever was asked).
fn turns_off(model: &str) -> bool {
    matches!(
        canonical_model(model),
        "claude-opus-4-6"
            | "claude-opus-4-7"
            | "claude-opus-4-8"
            | "claude-opus-5"
            | "claude-sonnet-4-6"
            | "claude-sonnet-5"
            | "claude-mythos-5"
    )
}

fn kind(model: &str) -> Kind {
    let m = canonical_model(model);
    if m.starts_with("claude-3") {
        return Kind::None;
    }
    let opus_4 = matches!(m, "claude-opus-4" | "claude-opus-4-0");
    let sonnet_4 = opus_4
        || m == "claude-sonnet-4"
        || m.starts_with("claude-sonnet-4-0")
        || m.starts_with("claude-sonnet-4-5");
    if sonnet_4 || m.starts_with("claude-haiku-4-5") || m.starts_with("claude-opus-4-5") {
        Kind::Budget
    } else {
        Kind::Adaptive
    }
}

/// The request's `thinking` for `model`, from what the caller asked (`None`: nothing).
pub fn for_model(model: &str, asked: Option<&Value>, max_tokens: u64) -> Option<Value> {
    // Only `summarized` is taken; any other display (`omitted` included) shows updates.
    let summarized =
        asked.and_then(|a| a.get("display")).and_then(Value::as_str) == Some("summarized");
    let display = json!(if summarized { "summarized" } else { "updates" });
    let asked_type = asked.and_then(|a| a.get("type")).and_then(Value::as_str);
    match kind(model) {
        Kind::None => None,
        Kind::Adaptive if asked_type == Some("disabled") && turns_off(model) => {
            (canonical_model(model) != "claude-mythos-5").then(|| json!({"type": "disabled"}))
        }
        Kind::Adaptive => Some(json!({"type": "adaptive", "display": display})),
        Kind::Budget if asked_type == Some("disabled") => Some(json!({"type": "disabled"})),
        Kind::Budget => {
            let budget = asked
                .filter(|_| asked_type == Some("enabled"))
                .and_then(|a| a.get("budget_tokens"))
                .and_then(Value::as_u64)
                .unwrap_or_else(|| default_budget(max_tokens));
            Some(json!({"type": "enabled", "budget_tokens": budget, "display": display}))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Thinking turned off, per model (recorded on eleven models: fuzz-h/fh_155).
    #[test]
    fn thinking_turned_off_per_model() {
        let off = json!({"type": "disabled"});
        for m in [
            "claude-opus-4-6",
            "claude-sonnet-4-6",
            "claude-opus-4-8",
            "claude-opus-5",
            "claude-sonnet-5",
        ] {
            assert_eq!(for_model(m, Some(&off), 32_000), Some(off.clone()), "{m}");
        }
        assert_eq!(for_model("claude-mythos-5", Some(&off), 32_000), None);
        let adaptive = json!({"type": "adaptive", "display": "updates"});
        for m in [
            "claude-opus-5-5",
            "claude-sonnet-5-5",
            "claude-haiku-5-5",
            "claude-fable-5-2",
        ] {
            assert_eq!(
                for_model(m, Some(&off), 32_000),
                Some(adaptive.clone()),
                "{m}"
            );
        }
        // Not asked to turn it off, they think adaptively.
        assert_eq!(for_model("claude-opus-4-6", None, 32_000), Some(adaptive));
    }
}

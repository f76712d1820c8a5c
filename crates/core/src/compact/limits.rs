//! How large a conversation may grow before it is compacted.
//!
//! The auto-compact threshold is the reference's: the model's window, less the room kept for
//! one answer (`min(max_output_tokens, 20,000)`), less a 13,000-token margin. The same
//! environment variables move it.
//!
//! ```
//! use oxagent_core::compact::{auto_compact_threshold, CompactionSettings};
//! let s = CompactionSettings::default();
//! assert_eq!(auto_compact_threshold("claude-opus-5-5", 128_000, &s), Some(967_000));
//! // Models of the 4.5 generation are compacted only when the API says the prompt is too long.
//! assert_eq!(auto_compact_threshold("claude-sonnet-4-5", 32_000, &s), None);
//! ```

use crate::usage::canonical_model;

/// Room kept for the answer, at most.
const ANSWER_ROOM: u64 = 20_000;
/// Margin below the usable window where auto-compaction fires.
const MARGIN: u64 = 13_000;
/// `CLAUDE_CODE_AUTO_COMPACT_WINDOW` below this is raised to it.
const MIN_WINDOW: u64 = 100_000;
/// The reference's default cap on one MCP tool result, in tokens.
pub const DEFAULT_MCP_OUTPUT_TOKENS: u64 = 25_000;

/// Compaction switches and overrides, read from the session's environment.
#[derive(Debug, Clone, PartialEq)]
pub struct CompactionSettings {
    /// `DISABLE_COMPACT`: no compaction at all, `/compact` included.
    pub disabled: bool,
    /// `DISABLE_AUTO_COMPACT`: no threshold-triggered compaction.
    pub auto_disabled: bool,
    /// `CLAUDE_CODE_AUTO_COMPACT_WINDOW`: the window auto-compaction works against.
    pub window: Option<u64>,
    /// `CLAUDE_AUTOCOMPACT_PCT_OVERRIDE`: fire at this percentage of the usable window.
    pub pct_override: Option<f64>,
    /// `MAX_MCP_OUTPUT_TOKENS`: longer MCP tool results are cut.
    pub mcp_output_tokens: u64,
}

impl Default for CompactionSettings {
    fn default() -> Self {
        CompactionSettings {
            disabled: false,
            auto_disabled: false,
            window: None,
            pct_override: None,
            mcp_output_tokens: DEFAULT_MCP_OUTPUT_TOKENS,
        }
    }
}

/// `200000`, `200k`, `1m`, `1.5M`, `200_000` -> tokens; anything else -> `None`.
pub fn parse_token_count(text: &str) -> Option<u64> {
    let t: String = text
        .trim()
        .chars()
        .filter(|c| *c != '_' && *c != ',')
        .collect::<String>()
        .to_ascii_lowercase();
    let (number, scale) = match t.strip_suffix('k') {
        Some(n) => (n, 1_000.0),
        None => match t.strip_suffix('m') {
            Some(n) => (n, 1_000_000.0),
            None => (t.as_str(), 1.0),
        },
    };
    let value: f64 = number.parse().ok()?;
    (value.is_finite() && value > 0.0).then(|| (value * scale).round() as u64)
}

impl CompactionSettings {
    /// Reads the variables through `get` (the session's environment).
    pub fn from_env(get: impl Fn(&str) -> Option<String>) -> Self {
        let flag = |k: &str| get(k).is_some_and(|v| crate::env_var::truthy(&v));
        CompactionSettings {
            disabled: flag("DISABLE_COMPACT"),
            auto_disabled: flag("DISABLE_AUTO_COMPACT"),
            window: get("CLAUDE_CODE_AUTO_COMPACT_WINDOW")
                .and_then(|v| parse_token_count(&v))
                .map(|w| w.max(MIN_WINDOW)),
            pct_override: get("CLAUDE_AUTOCOMPACT_PCT_OVERRIDE")
                .and_then(|v| v.trim().parse::<f64>().ok())
                .filter(|p| *p > 0.0 && *p <= 100.0),
            mcp_output_tokens: get("MAX_MCP_OUTPUT_TOKENS")
                .and_then(|v| v.trim().parse::<u64>().ok())
                .filter(|n| *n > 0)
                .unwrap_or(DEFAULT_MCP_OUTPUT_TOKENS),
        }
    }
}

/// Models whose threshold compaction the reference leaves to the API's prompt-too-long
/// answer unless a window is configured.
fn reactive_only(m: &str) -> bool {
    matches!(
        m,
        "claude-sonnet-4-5" | "claude-opus-4-5" | "claude-haiku-4-5"
    )
}

/// The context window of `model` as compaction sees it (`[1m]` selects the 1M-token beta).
pub fn context_window(model: &str) -> u64 {
    let m = canonical_model(model);
    let small = reactive_only(m)
        || matches!(
            m,
            "claude-opus-4-6" | "claude-opus-4-7" | "claude-opus-4-8" | "claude-sonnet-4-6"
        );
    if small && !model.ends_with("[1m]") {
        200_000
    } else {
        1_000_000
    }
}

/// The token count at which the conversation is compacted before the next request, or
/// `None` when nothing but a prompt-too-long answer triggers it. `max_output` is the
/// request's `max_tokens`.
pub fn auto_compact_threshold(
    model: &str,
    max_output: u64,
    settings: &CompactionSettings,
) -> Option<u64> {
    if settings.disabled || settings.auto_disabled {
        return None;
    }
    let model_window = context_window(model);
    let window = match settings.window {
        Some(w) => w.min(model_window),
        None if reactive_only(canonical_model(model)) => return None,
        None => model_window,
    };
    let usable = window.saturating_sub(max_output.min(ANSWER_ROOM));
    let mut threshold = usable.saturating_sub(MARGIN);
    if let Some(pct) = settings.pct_override {
        threshold = threshold.min((usable as f64 * pct / 100.0).floor() as u64);
    }
    Some(threshold)
}

/// Room below the usable window at which a request is refused before it is sent.
const BLOCKING_MARGIN: u64 = 3_000;

/// The context size at which the next request is refused before it is sent ("Prompt is too
/// long", `blocking_limit`) when no compaction made it smaller: the model's usable window
/// (`CLAUDE_CODE_AUTO_COMPACT_WINDOW` does not move it) less 3,000 tokens. `None` for the
/// models left to the API's prompt-too-long answer while automatic compaction is on.
pub fn blocking_limit(model: &str, max_output: u64, settings: &CompactionSettings) -> Option<u64> {
    let auto_on = !settings.disabled && !settings.auto_disabled;
    if auto_on && settings.window.is_none() && reactive_only(canonical_model(model)) {
        return None;
    }
    let usable = context_window(model).saturating_sub(max_output.min(ANSWER_ROOM));
    Some(usable.saturating_sub(BLOCKING_MARGIN))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    fn settings(pairs: &[(&str, &str)]) -> CompactionSettings {
        let env: BTreeMap<String, String> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        CompactionSettings::from_env(|k| env.get(k).cloned())
    }

    #[test]
    fn thresholds_per_model() {
        let s = CompactionSettings::default();
        assert_eq!(
            auto_compact_threshold("claude-opus-5-5", 128_000, &s),
            Some(967_000)
        );
        assert_eq!(
            auto_compact_threshold("claude-opus-4-6", 64_000, &s),
            Some(167_000)
        );
        assert_eq!(
            auto_compact_threshold("claude-opus-4-6[1m]", 64_000, &s),
            Some(967_000)
        );
        assert_eq!(auto_compact_threshold("claude-haiku-4-5", 64_000, &s), None);
        // A small max_tokens leaves less room for the answer.
        assert_eq!(
            auto_compact_threshold("claude-opus-5-5", 4_000, &s),
            Some(983_000)
        );
    }

    #[test]
    fn environment_overrides() {
        let s = settings(&[("CLAUDE_AUTOCOMPACT_PCT_OVERRIDE", "50")]);
        assert_eq!(
            auto_compact_threshold("claude-opus-5-5", 128_000, &s),
            Some(490_000)
        );
        let s = settings(&[("CLAUDE_CODE_AUTO_COMPACT_WINDOW", "200k")]);
        assert_eq!(
            auto_compact_threshold("claude-sonnet-4-5", 32_000, &s),
            Some(167_000)
        );
        let s = settings(&[("CLAUDE_CODE_AUTO_COMPACT_WINDOW", "5000")]);
        assert_eq!(s.window, Some(100_000));
        assert_eq!(
            auto_compact_threshold(
                "claude-opus-5-5",
                128_000,
                &settings(&[("DISABLE_AUTO_COMPACT", "1")])
            ),
            None
        );
        assert!(settings(&[("DISABLE_COMPACT", "true")]).disabled);
        assert_eq!(
            settings(&[("MAX_MCP_OUTPUT_TOKENS", "100")]).mcp_output_tokens,
            100
        );
    }

    #[test]
    fn blocking_limits() {
        let on = CompactionSettings::default();
        let off = settings(&[("DISABLE_AUTO_COMPACT", "1")]);
        assert_eq!(
            blocking_limit("claude-opus-4-6", 64_000, &on),
            Some(177_000)
        );
        assert_eq!(
            blocking_limit("claude-sonnet-4-6", 4_000, &off),
            Some(193_000)
        );
        assert_eq!(
            blocking_limit("claude-opus-5-5", 128_000, &off),
            Some(977_000)
        );
        // Left to the API's answer while automatic compaction is on.
        assert_eq!(blocking_limit("claude-sonnet-4-5", 64_000, &on), None);
        assert_eq!(
            blocking_limit("claude-sonnet-4-5", 64_000, &off),
            Some(177_000)
        );
        let window = settings(&[("CLAUDE_CODE_AUTO_COMPACT_WINDOW", "100k")]);
        assert_eq!(
            blocking_limit("claude-sonnet-4-5", 64_000, &window),
            Some(177_000)
        );
    }

    #[test]
    fn token_counts() {
        assert_eq!(parse_token_count("200000"), Some(200_000));
        assert_eq!(parse_token_count("1.5M"), Some(1_500_000));
        assert_eq!(parse_token_count("200_000"), Some(200_000));
        assert_eq!(parse_token_count("lots"), None);
        assert_eq!(parse_token_count("-5"), None);
    }
}

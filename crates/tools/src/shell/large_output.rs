//! How the reference keeps large tool output out of the conversation: the limits past which
//! an output is saved to a file, the `<persisted-output>` preview that stands in for it, and
//! the middle cut of a long error.
//!
//! Lengths follow the reference's JavaScript strings: the preview, the result-size limit and
//! the error cut count UTF-16 code units; a command's output limit counts the bytes it wrote.
//!
//! ```
//! use std::collections::BTreeMap;
//! use oxagent_tools::shell::large_output::{bash_output_limit, preview, truncate_error};
//! assert_eq!(bash_output_limit(&BTreeMap::new()), 30_000);
//! let long = "x".repeat(2500);
//! let (shown, more) = preview(&long);
//! assert_eq!((shown.len(), more), (2000, true));
//! let error = "e".repeat(11_025);
//! assert!(truncate_error(&error).contains("\n\n... [1025 characters truncated] ...\n\n"));
//! ```

use std::collections::BTreeMap;
use std::path::Path;

use crate::paths::format_size;

/// Bytes a command may print before its output is saved to a file: `BASH_MAX_OUTPUT_LENGTH`
/// when it is a positive number (at most [`MAX_BASH_OUTPUT`]), else 30,000.
pub const DEFAULT_BASH_OUTPUT: usize = 30_000;
pub const MAX_BASH_OUTPUT: usize = 150_000;
/// A result text longer than this (UTF-16 units) is saved and previewed too.
pub const MAX_RESULT_CHARS: usize = 30_000;
/// UTF-16 units of a saved output the preview shows.
const PREVIEW_UNITS: usize = 2_000;
/// An error text longer than this is cut...
const ERROR_CUT_ABOVE: usize = 11_024;
/// ...to this many units: its first and last halves.
const MAX_ERROR_CHARS: usize = 10_000;

/// The output limit for a command run with `env` (the session's environment, then the
/// process's).
pub fn bash_output_limit(env: &BTreeMap<String, String>) -> usize {
    match super::setting(env, "BASH_MAX_OUTPUT_LENGTH").and_then(|v| v.trim().parse::<usize>().ok())
    {
        Some(n) if n > 0 => n.min(MAX_BASH_OUTPUT),
        _ => DEFAULT_BASH_OUTPUT,
    }
}

/// The inline output limit a settings file's `bashOutputMaxChars` sets: a whole number,
/// clamped to 4,000-128,000; anything else sets none (optedge/oe_set_bash_output_max*).
pub fn settings_limit(value: &serde_json::Value) -> Option<usize> {
    let n = value.as_u64().filter(|n| *n > 0)?;
    Some((n as usize).clamp(4_000, 128_000))
}

/// The length of `s` in UTF-16 code units.
pub fn utf16_len(s: &str) -> usize {
    s.chars().map(char::len_utf16).sum()
}

/// The longest prefix of `s` of at most `units` UTF-16 units that splits no character.
fn utf16_prefix(s: &str, units: usize) -> &str {
    let mut used = 0;
    for (i, c) in s.char_indices() {
        used += c.len_utf16();
        if used > units {
            return &s[..i];
        }
    }
    s
}

/// The first 2,000 units of `s`, ending at its last line break when that lies past the
/// first 1,000; and whether anything was left out.
pub fn preview(s: &str) -> (&str, bool) {
    let head = utf16_prefix(s, PREVIEW_UNITS);
    if head.len() == s.len() {
        return (s, false);
    }
    match head.rfind('\n') {
        Some(nl) if utf16_len(&head[..nl]) > PREVIEW_UNITS / 2 => (&head[..nl], true),
        _ => (head, true),
    }
}

/// What the model reads in place of an output of `size` bytes saved at `path`, previewing
/// `shown`; `...` marks a preview that left something out.
pub fn persisted_text(size: u64, path: &Path, shown: &str) -> String {
    let (head, more) = preview(shown);
    format!(
        "<persisted-output>\nOutput too large ({}). Full output saved to: {}\n\nPreview (first 2KB):\n{head}\n{}</persisted-output>",
        format_size(size),
        path.display(),
        if more { "...\n" } else { "" }
    )
}

/// An error text cut in the middle when it is longer than 11,024 units: its first and last
/// 5,000 units around a note of how many were left out.
pub fn truncate_error(text: &str) -> String {
    let len = utf16_len(text);
    if len <= ERROR_CUT_ABOVE {
        return text.to_string();
    }
    let half = MAX_ERROR_CHARS / 2;
    let start = utf16_prefix(text, half);
    let end = utf16_suffix(text, half);
    format!(
        "{start}\n\n... [{} characters truncated] ...\n\n{end}",
        len - MAX_ERROR_CHARS
    )
}

/// The longest suffix of `s` of at most `units` UTF-16 units that splits no character.
fn utf16_suffix(s: &str, units: usize) -> &str {
    let mut used = 0;
    for (i, c) in s.char_indices().rev() {
        used += c.len_utf16();
        if used > units {
            return &s[i + c.len_utf8()..];
        }
    }
    s
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_settings_limit_is_a_whole_number_clamped() {
        use serde_json::json;
        assert_eq!(settings_limit(&json!(5000)), Some(5000));
        assert_eq!(settings_limit(&json!(100)), Some(4000));
        assert_eq!(settings_limit(&json!(200_000)), Some(128_000));
        assert_eq!(settings_limit(&json!("5000")), None);
        assert_eq!(settings_limit(&json!(0)), None);
        assert_eq!(settings_limit(&json!(5000.5)), None);
    }

    use super::*;

    /// outputs_preview_*: where the preview ends.
    #[test]
    fn the_preview_ends_at_a_line_break_past_the_first_half() {
        let s = format!("{}\n{}", "f".repeat(1001), "g".repeat(5000));
        assert_eq!(preview(&s), (&s[..1001], true));
        let s = format!("{}\n{}", "f".repeat(1000), "g".repeat(5000));
        assert_eq!(preview(&s), (&s[..2000], true));
        let lines: String = (0..300).map(|i| format!("L{i:05}xxx\n")).collect();
        assert_eq!(preview(&lines).0.len(), 1999);
        assert_eq!(preview("short\n"), ("short\n", false));
    }

    /// outputs_emoji_*, outputs_utf8_*: units, not bytes or characters.
    #[test]
    fn the_preview_counts_utf16_units_and_keeps_pairs_whole() {
        let s = format!("a{}", "😀".repeat(2000));
        let (head, more) = preview(&s);
        assert!(more);
        assert_eq!(head.chars().count(), 1000);
        let s = "é".repeat(3000);
        assert_eq!(preview(&s).0.chars().count(), 2000);
    }

    /// outputs_env_limit_1000_over: a preview of everything kept has no `...`.
    #[test]
    fn the_text_says_whether_the_preview_is_whole() {
        let path = Path::new("/r/toolu_01.txt");
        assert_eq!(
            persisted_text(5000, path, "a\nb"),
            "<persisted-output>\nOutput too large (4.9KB). Full output saved to: /r/toolu_01.txt\n\nPreview (first 2KB):\na\nb\n</persisted-output>"
        );
        assert!(persisted_text(40_000, path, &"x".repeat(3000))
            .ends_with("x\n...\n</persisted-output>"));
    }

    /// outputs_exit1_*: a failure's text keeps both ends once past 11,024 units.
    #[test]
    fn long_errors_keep_both_ends() {
        let text = format!("Exit code 1\n{}", "x".repeat(20_000));
        let cut = truncate_error(&text);
        assert!(cut.starts_with("Exit code 1\nxxx"));
        assert!(cut.contains("\n\n... [10012 characters truncated] ...\n\n"));
        assert_eq!(cut.len(), 10_040);
        let at = "x".repeat(11_024);
        assert_eq!(truncate_error(&at), at);
        assert!(truncate_error(&format!("{at}x")).contains("[1025 characters truncated]"));
    }

    #[test]
    fn the_limit_comes_from_the_environment() {
        let env = |v: &str| BTreeMap::from([("BASH_MAX_OUTPUT_LENGTH".to_string(), v.to_string())]);
        assert_eq!(bash_output_limit(&env("10000")), 10_000);
        assert_eq!(bash_output_limit(&env("200000")), 150_000);
        assert_eq!(bash_output_limit(&env("abc")), 30_000);
        assert_eq!(bash_output_limit(&env("0")), 30_000);
    }
}

//! The text of `/cost` (`/usage`): what the session has spent, how long its API calls and
//! the session itself took, the lines its file tools changed, and the tokens per model.
//!
//! ```text
//! Estimated cost:        $0.0398
//! Total duration (API):  0s
//! Total duration (wall): 0s
//! Total code changes:    4 lines added, 0 lines removed
//! Usage by model:
//!      claude-opus-5-5:  1.2k input, 572 output, 8.9k cache read, 4.3k cache write ($0.0398)
//! ```
//!
//! A session that has made no model call reads `Usage:` followed by zeros instead of the
//! per-model lines. The numbers are written as the reference writes them: money with four
//! decimals up to $0.50 and two above, token counts of 1,000 and more in compact notation
//! with one decimal (`1.0k`, `20.6k`, `1.0m`), durations in whole seconds below a minute.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::duration::format_duration;
use crate::usage::{canonical_model, known_price, ModelUsage};

/// What a session has done besides spending tokens, kept across resumes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct CodeLedger {
    /// Milliseconds spent waiting for the API.
    pub api_ms: u64,
    /// Lines the file tools added and removed.
    pub lines_added: u64,
    pub lines_removed: u64,
}

impl CodeLedger {
    /// Counts the lines a Write or Edit call changed, from its structured result: every line
    /// of a new file (as many as the content has line breaks plus one; none for an empty
    /// file), or the `+` and `-` lines of the change's hunks.
    pub fn count_edit(&mut self, tool: &str, structured: Option<&serde_json::Value>) {
        if tool != "Write" && tool != "Edit" {
            return;
        }
        let Some(result) = structured.filter(|s| s.is_object()) else {
            return;
        };
        if result.get("type").and_then(|t| t.as_str()) == Some("create") {
            let content = result.get("content").and_then(|c| c.as_str()).unwrap_or("");
            if !content.is_empty() {
                self.lines_added += content.split('\n').count() as u64;
            }
            return;
        }
        let hunks = result.get("structuredPatch").and_then(|p| p.as_array());
        for line in hunks
            .into_iter()
            .flatten()
            .filter_map(|h| h.get("lines").and_then(|l| l.as_array()))
            .flatten()
            .filter_map(|l| l.as_str())
        {
            if line.starts_with('+') {
                self.lines_added += 1;
            } else if line.starts_with('-') {
                self.lines_removed += 1;
            }
        }
    }
}

/// The report of `/cost`: `total_cost_usd` and `usage` as the session keeps them, `wall_ms`
/// the time since the session started.
pub fn cost_report(
    total_cost_usd: f64,
    usage: &BTreeMap<String, ModelUsage>,
    ledger: &CodeLedger,
    wall_ms: u64,
) -> String {
    let unknown = usage.keys().any(|m| !known_price(m));
    let note = if unknown {
        " (costs may be inaccurate due to usage of unknown models)"
    } else {
        ""
    };
    let plural = |n: u64| if n == 1 { "line" } else { "lines" };
    format!(
        "Estimated cost:        {}{note}\nTotal duration (API):  {}\nTotal duration (wall): {}\nTotal code changes:    {} {} added, {} {} removed\n{}",
        money(total_cost_usd),
        format_duration(ledger.api_ms as f64, false),
        format_duration(wall_ms as f64, false),
        ledger.lines_added,
        plural(ledger.lines_added),
        ledger.lines_removed,
        plural(ledger.lines_removed),
        usage_lines(usage),
    )
}

/// `Usage by model:` and a line per model (the spellings of one model added together), or
/// the line of zeros.
fn usage_lines(usage: &BTreeMap<String, ModelUsage>) -> String {
    if usage.is_empty() {
        return "Usage:                 0 input, 0 output, 0 cache read, 0 cache write".into();
    }
    // The reference lists the models in the order the session first used them; the
    // session's map keeps them sorted by name, and so are they here.
    let mut by_name: Vec<(String, ModelUsage)> = Vec::new();
    for (model, u) in usage {
        let name = canonical_model(model).to_string();
        match by_name.iter_mut().find(|(n, _)| *n == name) {
            Some((_, sum)) => {
                sum.input_tokens += u.input_tokens;
                sum.output_tokens += u.output_tokens;
                sum.cache_read_input_tokens += u.cache_read_input_tokens;
                sum.cache_creation_input_tokens += u.cache_creation_input_tokens;
                sum.web_search_requests += u.web_search_requests;
                sum.cost_usd += u.cost_usd;
            }
            None => by_name.push((name, u.clone())),
        }
    }
    let mut out = String::from("Usage by model:");
    for (name, u) in by_name {
        let searches = if u.web_search_requests > 0 {
            format!(", {} web search", count(u.web_search_requests))
        } else {
            String::new()
        };
        out.push_str(&format!(
            "\n{:>21}  {} input, {} output, {} cache read, {} cache write{searches} ({})",
            format!("{name}:"),
            count(u.input_tokens),
            count(u.output_tokens),
            count(u.cache_read_input_tokens),
            count(u.cache_creation_input_tokens),
            money(u.cost_usd),
        ));
    }
    out
}

/// `$0.0398`; above half a dollar `$4.22`.
pub fn money(usd: f64) -> String {
    if usd > 0.5 {
        format!("${}", to_fixed((usd * 100.0).round() / 100.0, 2))
    } else {
        format!("${}", to_fixed(usd, 4))
    }
}

/// `x` with `digits` decimals, a tie (in the number's exact decimal value) rounded up, as
/// JavaScript's `toFixed` rounds.
fn to_fixed(x: f64, digits: usize) -> String {
    let exact = format!("{:.60}", x.abs());
    let (int, frac) = exact.split_once('.').unwrap_or((&exact, ""));
    let (kept, rest) = frac.split_at(digits.min(frac.len()));
    let mut number: Vec<u8> = format!("{int}{kept}").into_bytes();
    if rest.as_bytes().first().is_some_and(|d| *d >= b'5') {
        let mut i = number.len();
        loop {
            if i == 0 {
                number.insert(0, b'1');
                break;
            }
            i -= 1;
            if number[i] == b'9' {
                number[i] = b'0';
            } else {
                number[i] += 1;
                break;
            }
        }
    }
    let text = String::from_utf8(number).unwrap_or_default();
    let (int, frac) = text.split_at(text.len() - digits);
    let sign = if x < 0.0 && text.bytes().any(|b| b != b'0') {
        "-"
    } else {
        ""
    };
    if digits == 0 {
        format!("{sign}{int}")
    } else {
        format!("{sign}{int}.{frac}")
    }
}

/// A token count: `572`; from 1,000 on in compact notation with one decimal, lower case
/// (`1.2k`, `1.0m`, `3.4b`).
pub fn count(n: u64) -> String {
    if n < 1000 {
        return n.to_string();
    }
    const UNITS: [(u64, &str); 4] = [
        (1_000, "k"),
        (1_000_000, "m"),
        (1_000_000_000, "b"),
        (1_000_000_000_000, "t"),
    ];
    let mut i = UNITS.iter().rposition(|(u, _)| n >= *u).unwrap_or(0);
    loop {
        let unit = UNITS[i].0 as u128;
        // Tenths of the unit, half rounded up.
        let tenths = (n as u128 * 10 + unit / 2) / unit;
        if tenths >= 10_000 && i + 1 < UNITS.len() {
            i += 1;
            continue;
        }
        return format!("{}.{}{}", tenths / 10, tenths % 10, UNITS[i].1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn money_has_four_decimals_up_to_half_a_dollar() {
        assert_eq!(money(0.0), "$0.0000");
        assert_eq!(money(0.039801), "$0.0398");
        assert_eq!(money(0.004875), "$0.0049");
        assert_eq!(money(0.03125), "$0.0313");
        assert_eq!(money(0.5), "$0.5000");
        assert_eq!(money(0.839801), "$0.84");
        assert_eq!(money(4.224991), "$4.22");
        assert_eq!(money(12.0), "$12.00");
    }

    #[test]
    fn counts_are_compact_from_a_thousand() {
        assert_eq!(count(0), "0");
        assert_eq!(count(572), "572");
        assert_eq!(count(999), "999");
        assert_eq!(count(1000), "1.0k");
        assert_eq!(count(1234), "1.2k");
        assert_eq!(count(1250), "1.3k");
        assert_eq!(count(101_244), "101.2k");
        assert_eq!(count(999_949), "999.9k");
        assert_eq!(count(999_999), "1.0m");
        assert_eq!(count(1_000_000), "1.0m");
        assert_eq!(count(2_345_678_901), "2.3b");
    }

    #[test]
    fn durations_are_whole_seconds_then_units() {
        let duration = |ms: u64| format_duration(ms as f64, false);
        assert_eq!(duration(0), "0s");
        assert_eq!(duration(999), "0s");
        assert_eq!(duration(59_999), "59s");
        assert_eq!(duration(60_000), "1m 0s");
        assert_eq!(duration(125_600), "2m 6s");
        assert_eq!(duration(3_603_000), "1h 0m 3s");
        assert_eq!(duration(3_599_600), "1h 0m 0s");
        assert_eq!(duration(183_600_000), "2d 3h 0m");
    }

    #[test]
    fn edits_count_their_lines() {
        let mut l = CodeLedger::default();
        l.count_edit(
            "Write",
            Some(&json!({"type": "create", "content": "1\n2\n3\n"})),
        );
        l.count_edit("Write", Some(&json!({"type": "create", "content": "a\nb"})));
        l.count_edit("Write", Some(&json!({"type": "create", "content": ""})));
        assert_eq!((l.lines_added, l.lines_removed), (6, 0));
        let patch = json!({"type": "update", "structuredPatch": [
            {"oldStart": 1, "lines": [" x", "-y", "+Y", " z", "+w"]}]});
        l.count_edit("Write", Some(&patch));
        l.count_edit("Edit", Some(&patch));
        l.count_edit("Bash", Some(&patch));
        l.count_edit("Edit", Some(&json!("Error")));
        assert_eq!((l.lines_added, l.lines_removed), (10, 2));
    }

    #[test]
    fn a_session_without_calls_reads_zeros() {
        let text = cost_report(0.0, &BTreeMap::new(), &CodeLedger::default(), 0);
        assert_eq!(
            text,
            "Estimated cost:        $0.0000\nTotal duration (API):  0s\nTotal duration (wall): 0s\nTotal code changes:    0 lines added, 0 lines removed\nUsage:                 0 input, 0 output, 0 cache read, 0 cache write"
        );
    }

    #[test]
    fn models_are_listed_by_their_canonical_names() {
        let mut usage = BTreeMap::new();
        usage.insert(
            "claude-sonnet-4-5-20250929".to_string(),
            ModelUsage {
                input_tokens: 1500,
                output_tokens: 25,
                cost_usd: 0.004875,
                ..Default::default()
            },
        );
        usage.insert(
            "my-own-model".to_string(),
            ModelUsage {
                input_tokens: 1,
                web_search_requests: 2,
                ..Default::default()
            },
        );
        let ledger = CodeLedger {
            api_ms: 61_000,
            lines_added: 1,
            lines_removed: 1,
        };
        assert_eq!(
            cost_report(0.024875, &usage, &ledger, 2_000),
            "Estimated cost:        $0.0249 (costs may be inaccurate due to usage of unknown models)\nTotal duration (API):  1m 1s\nTotal duration (wall): 2s\nTotal code changes:    1 line added, 1 line removed\nUsage by model:\n   claude-sonnet-4-5:  1.5k input, 25 output, 0 cache read, 0 cache write ($0.0049)\n        my-own-model:  1 input, 0 output, 0 cache read, 0 cache write, 2 web search ($0.0000)"
        );
    }
}

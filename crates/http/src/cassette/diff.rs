//! Comparing a recorded request with a new one, ignoring what legitimately varies.
//!
//! Cache breakpoints (`cache_control`) move as a conversation grows and `<system-reminder>`
//! text blocks carry dates, paths and other per-run context, so both are removed before the
//! `messages` of two requests are compared. The first remaining difference is described with
//! its path, e.g. `messages[0].content[1].text: recorded "a", got "b"`.
//!
//! ```
//! use oxagent_http::cassette::first_difference;
//! use serde_json::json;
//! let recorded = json!([{"role": "user", "content": [{"type": "text", "text": "hi", "cache_control": {"type": "ephemeral"}}]}]);
//! let got = json!([{"role": "user", "content": [{"type": "text", "text": "<system-reminder>now</system-reminder>"},
//!                                               {"type": "text", "text": "hi"}]}]);
//! assert_eq!(first_difference("messages", &recorded, &got), None);
//! ```

use serde_json::Value;

const REMINDER: &str = "<system-reminder>";

/// `value` without `cache_control` keys and without `<system-reminder>` text blocks.
pub fn normalize(value: &Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.iter()
                .filter(|(k, _)| *k != "cache_control")
                .map(|(k, v)| (k.clone(), normalize(v)))
                .collect(),
        ),
        Value::Array(items) => Value::Array(
            items
                .iter()
                .filter(|v| !is_reminder(v))
                .map(normalize)
                .collect(),
        ),
        other => other.clone(),
    }
}

fn is_reminder(block: &Value) -> bool {
    block.get("type").and_then(Value::as_str) == Some("text")
        && block
            .get("text")
            .and_then(Value::as_str)
            .is_some_and(|t| t.starts_with(REMINDER))
}

/// The first difference between two values after [`normalize`], described from `path`.
pub fn first_difference(path: &str, recorded: &Value, got: &Value) -> Option<String> {
    diff(path, &normalize(recorded), &normalize(got))
}

fn diff(path: &str, recorded: &Value, got: &Value) -> Option<String> {
    match (recorded, got) {
        (Value::Object(a), Value::Object(b)) => {
            for (key, av) in a {
                let here = format!("{path}.{key}");
                match b.get(key) {
                    Some(bv) => {
                        if let Some(d) = diff(&here, av, bv) {
                            return Some(d);
                        }
                    }
                    None => return Some(format!("{here}: recorded {}, got nothing", show(av))),
                }
            }
            let extra = b.iter().find(|(key, _)| !a.contains_key(*key));
            extra.map(|(key, bv)| format!("{path}.{key}: recorded nothing, got {}", show(bv)))
        }
        (Value::Array(a), Value::Array(b)) => {
            let common = a.iter().zip(b).enumerate();
            if let Some(d) = common
                .filter_map(|(i, (av, bv))| diff(&format!("{path}[{i}]"), av, bv))
                .next()
            {
                return Some(d);
            }
            (a.len() != b.len())
                .then(|| format!("{path}: recorded {} items, got {}", a.len(), b.len()))
        }
        _ if recorded == got => None,
        _ => Some(format!(
            "{path}: recorded {}, got {}",
            show(recorded),
            show(got)
        )),
    }
}

/// A value as compact JSON, shortened for a one-line message.
fn show(value: &Value) -> String {
    let text = value.to_string();
    if text.chars().count() > 120 {
        format!("{}...", text.chars().take(117).collect::<String>())
    } else {
        text
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn names_the_first_difference() {
        let a = json!([{"role": "user", "content": [{"type": "text", "text": "one"}]}]);
        let changed = json!([{"role": "user", "content": [{"type": "text", "text": "two"}]}]);
        let longer = json!([{"role": "user", "content": [{"type": "text", "text": "one"}]}, {"role": "assistant", "content": "x"}]);
        let extra_key = json!([{"role": "user", "content": [{"type": "text", "text": "one", "is_error": true}]}]);
        assert_eq!(
            first_difference("messages", &a, &changed).as_deref(),
            Some(r#"messages[0].content[0].text: recorded "one", got "two""#)
        );
        assert_eq!(
            first_difference("messages", &a, &longer).as_deref(),
            Some("messages: recorded 1 items, got 2")
        );
        assert_eq!(
            first_difference("messages", &a, &extra_key).as_deref(),
            Some("messages[0].content[0].is_error: recorded nothing, got true")
        );
        assert_eq!(first_difference("messages", &a, &a), None);
    }

    #[test]
    fn long_values_are_shortened() {
        let long = "x".repeat(300);
        let message = first_difference("m", &json!(long), &json!("y")).unwrap_or_default();
        assert_eq!(
            message,
            format!("m: recorded \"{}..., got \"y\"", "x".repeat(116))
        );
    }
}

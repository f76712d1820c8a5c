//! `\uXXXX` escapes a model left in a known tool's input (text that was escaped once too
//! often) are read as the characters they name before the call is stored, shown or run.
//! Every string value is read this way, in arrays and nested objects too (WebSearch's
//! `allowed_domains`); keys and the inputs of tools that do not exist stay as written.
//!
//! The reading: `\\` is an escaped backslash and is kept (with what follows it) as it is;
//! `\u` with four hex digits is the character; a high surrogate followed by a low one is the
//! pair's character; a lone surrogate, fewer than four digits and any other escape (`\x41`,
//! `\U0001F600`, `\t`) stay as written.

use serde_json::Value;

/// The input (an object; anything else is left alone) with its string values decoded.
pub(crate) fn decoded_input(mut input: Value) -> Value {
    if input.is_object() {
        decode_values(&mut input);
    }
    input
}

/// Decodes every string value under `v` in place.
fn decode_values(v: &mut Value) {
    match v {
        Value::String(s) => {
            if let Some(d) = decode(s) {
                *s = d;
            }
        }
        Value::Array(items) => items.iter_mut().for_each(decode_values),
        Value::Object(map) => map.values_mut().for_each(decode_values),
        _ => {}
    }
}

fn hex4(chars: &[char], at: usize) -> Option<u32> {
    let digits: String = chars.get(at..at + 4)?.iter().collect();
    if !digits.chars().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    u32::from_str_radix(&digits, 16).ok()
}

/// The UTF-16 unit a `\u` escape at `at` (its backslash) names.
fn escape_at(chars: &[char], at: usize) -> Option<u32> {
    (chars.get(at + 1) == Some(&'u'))
        .then(|| hex4(chars, at + 2))
        .flatten()
}

/// `s` with its `\uXXXX` escapes read; `None` when it has none to read.
pub(crate) fn decode(s: &str) -> Option<String> {
    if !s.contains("\\u") {
        return None;
    }
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len());
    let mut changed = false;
    let mut i = 0;
    while i < chars.len() {
        if chars[i] != '\\' {
            out.push(chars[i]);
            i += 1;
            continue;
        }
        if chars.get(i + 1) == Some(&'\\') {
            out.push_str("\\\\");
            i += 2;
            continue;
        }
        let Some(unit) = escape_at(&chars, i) else {
            out.push('\\');
            i += 1;
            continue;
        };
        let decoded = if (0xD800..0xDC00).contains(&unit) {
            let low = (chars.get(i + 6) == Some(&'\\'))
                .then(|| escape_at(&chars, i + 6))
                .flatten()
                .filter(|l| (0xDC00..0xE000).contains(l));
            low.and_then(|l| char::from_u32(0x10000 + ((unit - 0xD800) << 10) + (l - 0xDC00)))
                .map(|c| (c, 12))
        } else {
            char::from_u32(unit).map(|c| (c, 6))
        };
        match decoded {
            Some((c, len)) => {
                out.push(c);
                changed = true;
                i += len;
            }
            None => {
                out.push('\\');
                i += 1;
            }
        }
    }
    changed.then_some(out)
}

#[cfg(test)]
mod tests {
    use super::{decode, decoded_input};
    use serde_json::json;

    #[test]
    fn escapes_are_read_as_the_reference_reads_them() {
        assert_eq!(decode(r"a\u00e9b").as_deref(), Some("aéb"));
        assert_eq!(decode(r"\u00E9\u0020x").as_deref(), Some("é x"));
        assert_eq!(decode(r"\ud83d\ude00").as_deref(), Some("😀"));
        assert_eq!(decode(r"\\\u00e9").as_deref(), Some(r"\\é"));
        assert_eq!(decode(r"\\u00e9"), None);
        assert_eq!(decode(r"\ud83d x"), None);
        assert_eq!(decode(r"\u004 \u00zz \x41 \U0001F600"), None);
    }

    #[test]
    fn nested_values_are_read_and_keys_kept() {
        let input =
            json!({"q": r"caf\u00e9", "d": [r"caf\u00e9.com"], r"\u0061": {"k": r"\u00e9"}});
        let want = json!({"q": "café", "d": ["café.com"], r"\u0061": {"k": "é"}});
        assert_eq!(decoded_input(input), want);
        assert_eq!(decoded_input(json!(r"\u00e9")), json!(r"\u00e9"));
    }
}

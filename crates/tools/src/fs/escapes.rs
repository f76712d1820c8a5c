//! Edit's second try at an `old_string` it cannot find: the same text with its `\uXXXX`
//! escapes read as the characters they stand for, or its characters outside ASCII written as
//! `\uXXXX` escapes (JavaScript's, surrogate pairs beyond U+FFFF), as the reference tries.
//!
//! ```
//! use oxagent_tools::fs::escapes::{escaped, unescaped};
//! assert_eq!(escaped("café 😀").as_deref(), Some("caf\\u00e9 \\ud83d\\ude00"));
//! assert_eq!(unescaped("caf\\u00e9 \\ud83d\\ude00").as_deref(), Some("café 😀"));
//! assert_eq!(escaped("plain"), None);
//! ```

/// `text` with every character outside ASCII written as `\uXXXX`; `None` if there is none.
pub fn escaped(text: &str) -> Option<String> {
    if text.is_ascii() {
        return None;
    }
    let mut out = String::with_capacity(text.len() * 2);
    for c in text.chars() {
        if c.is_ascii() {
            out.push(c);
            continue;
        }
        let mut units = [0u16; 2];
        for unit in c.encode_utf16(&mut units) {
            out.push_str(&format!("\\u{unit:04x}"));
        }
    }
    Some(out)
}

/// `text` with its `\uXXXX` escapes read; `None` if it has none.
pub fn unescaped(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut units: Vec<u16> = Vec::new();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let mut any = false;
    let flush = |units: &mut Vec<u16>, out: &mut String| {
        out.extend(char::decode_utf16(units.drain(..)).map(|r| r.unwrap_or('\u{fffd}')));
    };
    while i < bytes.len() {
        let hex = bytes
            .get(i + 2..i + 6)
            .and_then(|h| std::str::from_utf8(h).ok());
        if bytes[i] == b'\\' && bytes.get(i + 1) == Some(&b'u') {
            if let Some(unit) = hex.and_then(|h| u16::from_str_radix(h, 16).ok()) {
                units.push(unit);
                any = true;
                i += 6;
                continue;
            }
        }
        flush(&mut units, &mut out);
        let c = text[i..].chars().next().unwrap_or('\u{fffd}');
        out.push(c);
        i += c.len_utf8();
    }
    flush(&mut units, &mut out);
    any.then_some(out)
}

/// The other spellings of `old` to try, and whether a failed search should say they were
/// tried.
pub fn alternatives(old: &str) -> (Vec<String>, bool) {
    let tries: Vec<String> = [unescaped(old), escaped(old)]
        .into_iter()
        .flatten()
        .collect();
    let tried = !tries.is_empty();
    (tries, tried)
}

/// Added to "String to replace not found" when the other spellings were tried too.
pub const TRIED_NOTE: &str = "\n(note: Edit also tried swapping \\uXXXX escapes and their characters; neither form matched, so the mismatch is likely elsewhere in old_string. Re-read the file and copy the exact surrounding text.)";

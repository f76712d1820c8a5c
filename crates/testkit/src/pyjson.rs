//! JSON text exactly as Python's `json.dumps` writes it by default.
//!
//! The reference fixture (`mockapi.py`) serializes every SSE payload and every JSON body with
//! `json.dumps`: `", "` and `": "` separators and non-ASCII escaped as `\uXXXX`. Writing the
//! same bytes keeps the chunk boundaries of `partial_json` deltas (which slice a dumped
//! string) identical, so raw stream events recorded against either server compare equal.
//!
//! ```
//! use serde_json::json;
//! assert_eq!(oxagent_testkit::dumps(&json!({"a": [1, "é"]})), r#"{"a": [1, "\u00e9"]}"#);
//! ```

use std::io::{self, Write};

use serde::Serialize;
use serde_json::ser::{CharEscape, Formatter, Serializer};
use serde_json::Value;

/// `json.dumps(value)` with Python's defaults.
pub fn dumps(value: &Value) -> String {
    let mut out = Vec::new();
    let mut ser = Serializer::with_formatter(&mut out, PythonFormatter);
    // Writing a `Value` into a Vec cannot fail: keys are strings and the sink is memory.
    if value.serialize(&mut ser).is_err() {
        return String::from("null");
    }
    String::from_utf8(out).unwrap_or_default()
}

/// Separators `", "` / `": "` and `ensure_ascii` escaping.
struct PythonFormatter;

impl Formatter for PythonFormatter {
    fn begin_array_value<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        if first {
            Ok(())
        } else {
            w.write_all(b", ")
        }
    }

    fn begin_object_key<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        if first {
            Ok(())
        } else {
            w.write_all(b", ")
        }
    }

    fn begin_object_value<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        w.write_all(b": ")
    }

    /// Python escapes everything outside printable ASCII (`[^\ -~]`), DEL included, with
    /// UTF-16 surrogate pairs for characters beyond the BMP.
    fn write_string_fragment<W: ?Sized + Write>(&mut self, w: &mut W, s: &str) -> io::Result<()> {
        let mut start = 0;
        for (i, c) in s.char_indices() {
            if (' '..='~').contains(&c) {
                continue;
            }
            w.write_all(&s.as_bytes()[start..i])?;
            let mut units = [0u16; 2];
            for unit in c.encode_utf16(&mut units) {
                write!(w, "\\u{unit:04x}")?;
            }
            start = i + c.len_utf8();
        }
        w.write_all(&s.as_bytes()[start..])
    }

    fn write_char_escape<W: ?Sized + Write>(
        &mut self,
        w: &mut W,
        escape: CharEscape,
    ) -> io::Result<()> {
        // Same short escapes as Python; other control characters as lowercase \u00XX.
        let short: &[u8] = match escape {
            CharEscape::Quote => b"\\\"",
            CharEscape::ReverseSolidus => b"\\\\",
            CharEscape::Backspace => b"\\b",
            CharEscape::FormFeed => b"\\f",
            CharEscape::LineFeed => b"\\n",
            CharEscape::CarriageReturn => b"\\r",
            CharEscape::Tab => b"\\t",
            CharEscape::Solidus => b"/",
            CharEscape::AsciiControl(byte) => return write!(w, "\\u{byte:04x}"),
        };
        w.write_all(short)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn matches_python_defaults() {
        // Expected strings produced by CPython 3 `json.dumps` on the same values.
        let v = json!({"t": "a\"b\\c\n\t\u{1}\u{7f}", "e": "€😀", "n": null, "l": [true, 1.5, -2], "o": {}});
        assert_eq!(
            dumps(&v),
            r#"{"t": "a\"b\\c\n\t\u0001\u007f", "e": "\u20ac\ud83d\ude00", "n": null, "l": [true, 1.5, -2], "o": {}}"#
        );
    }
}

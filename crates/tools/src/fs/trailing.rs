//! Write and Edit drop the whitespace at the end of each line they write, as the reference
//! does, except in Markdown files (`.md`), where two trailing spaces break a line. Line
//! endings (`\n`, `\r\n`) stay; the whitespace is JavaScript's (`\s`: spaces, tabs, no-break
//! and ideographic spaces ...).
//!
//! ```
//! use oxagent_tools::fs::trailing::strip_line_ends;
//! assert_eq!(strip_line_ends("x = 1   \r\ny\t\n z \u{3000}"), "x = 1\r\ny\n z");
//! ```

use serde_json::Value;

fn js_space(c: char) -> bool {
    matches!(
        c,
        ' ' | '\t' | '\u{b}' | '\u{c}' | '\u{a0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200a}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202f}'
                | '\u{205f}'
                | '\u{3000}'
                | '\u{feff}'
    )
}

/// `text` with the whitespace at the end of every line removed, line endings kept.
pub fn strip_line_ends(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let (body, cr) = match line.strip_suffix('\r') {
            Some(body) => (body, "\r"),
            None => (line, ""),
        };
        out.push_str(body.trim_end_matches(js_space));
        out.push_str(cr);
    }
    out
}

/// `input` with its `field` tidied, unless the `file_path` is a Markdown file.
pub fn tidy_field(mut input: Value, field: &str) -> Value {
    let markdown = input
        .get("file_path")
        .and_then(Value::as_str)
        .is_some_and(|p| p.to_ascii_lowercase().ends_with(".md"));
    if markdown {
        return input;
    }
    if let Some(Value::String(text)) = input.get_mut(field) {
        let tidy = strip_line_ends(text);
        if tidy != *text {
            *text = tidy;
        }
    }
    input
}

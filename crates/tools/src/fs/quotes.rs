//! Edit's tolerance of quote styles: an `old_string` written with straight quotes finds the
//! same text written with curly ones in the file, and the other way round. The replacement
//! then follows the file: when the matched text uses curly quotes, the straight quotes of
//! `new_string` become curly (opening after a space or an opening bracket, closing
//! elsewhere).
//!
//! ```
//! use oxagent_tools::fs::quotes::{find_ignoring_quote_style, in_style_of};
//! let file = "It\u{2019}s \u{201c}quoted\u{201d} here\n";
//! let found = find_ignoring_quote_style(file, "It's \"quoted\"").unwrap();
//! assert_eq!(found, "It\u{2019}s \u{201c}quoted\u{201d}");
//! assert_eq!(in_style_of(&found, "It is 'quoted'"), "It is \u{2018}quoted\u{2019}");
//! ```

const LEFT_SINGLE: char = '\u{2018}';
const RIGHT_SINGLE: char = '\u{2019}';
const LEFT_DOUBLE: char = '\u{201c}';
const RIGHT_DOUBLE: char = '\u{201d}';

fn straight(c: char) -> char {
    match c {
        LEFT_SINGLE | RIGHT_SINGLE => '\'',
        LEFT_DOUBLE | RIGHT_DOUBLE => '"',
        c => c,
    }
}

/// The first text of `haystack` equal to `needle` once every curly quote of both reads as
/// straight; `None` when there is none or the needle is empty.
pub fn find_ignoring_quote_style(haystack: &str, needle: &str) -> Option<String> {
    let wanted: Vec<char> = needle.chars().map(straight).collect();
    if wanted.is_empty() {
        return None;
    }
    let chars: Vec<(usize, char)> = haystack.char_indices().collect();
    let plain: Vec<char> = chars.iter().map(|(_, c)| straight(*c)).collect();
    let start = plain.windows(wanted.len()).position(|w| w == wanted)?;
    let from = chars[start].0;
    let to = chars
        .get(start + wanted.len())
        .map_or(haystack.len(), |(i, _)| *i);
    Some(haystack[from..to].to_string())
}

/// `text` with its straight quotes turned curly for each kind (single, double) that
/// `model` writes curly; unchanged otherwise.
pub fn in_style_of(model: &str, text: &str) -> String {
    let curly_single = model.contains([LEFT_SINGLE, RIGHT_SINGLE]);
    let curly_double = model.contains([LEFT_DOUBLE, RIGHT_DOUBLE]);
    if !curly_single && !curly_double {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut prev: Option<char> = None;
    for c in text.chars() {
        let opens = prev.is_none_or(|p| p.is_whitespace() || "([{\u{2014}\u{2013}".contains(p));
        let styled = match c {
            '\'' if curly_single => {
                if opens {
                    LEFT_SINGLE
                } else {
                    RIGHT_SINGLE
                }
            }
            '"' if curly_double => {
                if opens {
                    LEFT_DOUBLE
                } else {
                    RIGHT_DOUBLE
                }
            }
            c => c,
        };
        out.push(styled);
        prev = Some(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn curly_needle_finds_straight_text() {
        assert_eq!(
            find_ignoring_quote_style("It's \"quoted\" here", "It\u{2019}s \u{201c}quoted\u{201d}")
                .as_deref(),
            Some("It's \"quoted\"")
        );
    }

    #[test]
    fn apostrophes_close() {
        assert_eq!(
            in_style_of("\u{2019}", "don't 'x'"),
            "don\u{2019}t \u{2018}x\u{2019}"
        );
    }

    #[test]
    fn straight_files_keep_straight_quotes() {
        assert_eq!(in_style_of("plain", "'a' \"b\""), "'a' \"b\"");
        assert_eq!(find_ignoring_quote_style("abc", "x"), None);
        assert_eq!(find_ignoring_quote_style("abc", ""), None);
    }
}

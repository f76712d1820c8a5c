//! The arguments of a command or skill written into its body: `$ARGUMENTS` is all of them,
//! `$0`, `$1`, ... one word each (counted from 0), as the reference reads them.

/// `$ARGUMENTS` and `$0`, `$1`, ... replaced; whether the body had any.
fn substitute(body: &str, args: &str) -> (String, bool) {
    let words: Vec<&str> = args.split_whitespace().collect();
    let mut out = String::with_capacity(body.len());
    let mut found = false;
    let mut rest = body;
    while let Some(at) = rest.find('$') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        if let Some(tail) = after.strip_prefix("ARGUMENTS") {
            out.push_str(args);
            found = true;
            rest = tail;
            continue;
        }
        let digits = after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        // `$n` past the last word stays as written (and is no placeholder).
        let word = after[..digits]
            .parse::<usize>()
            .ok()
            .and_then(|n| words.get(n));
        if let Some(word) = word.filter(|_| digits > 0) {
            out.push_str(word);
            found = true;
            rest = &after[digits..];
            continue;
        }
        out.push('$');
        rest = after;
    }
    out.push_str(rest);
    (out, found)
}

/// The body with its placeholders filled; without any, the arguments follow on a line of
/// their own (`ARGUMENTS: ...`).
pub(crate) fn fill(body: &str, args: &str) -> String {
    let (mut body, placeholders) = substitute(body, args);
    if !placeholders && !args.is_empty() {
        body.push_str(&format!("\n\nARGUMENTS: {args}"));
    }
    body
}

//! The arguments of a command or skill written into its body: `$ARGUMENTS` is all of them,
//! `$0`, `$1`, ... and `$ARGUMENTS[0]`, ... one word each (counted from 0), as the reference
//! reads them. Words split as a shell splits them (quotes group and go, a backslash escapes),
//! without expanding anything; a quote left open starts a last word that runs to the end.
//! The words end at the first control operator outside quotes (`;`, `|`, `&`, a line break,
//! a parenthesis, a redirection): `$1` of `a;b` or of `a` and `b` on two lines stays as
//! written, while `$ARGUMENTS` is still all of it.

/// `$ARGUMENTS` and `$0`, `$1`, ... replaced; whether the body had any.
fn substitute(body: &str, args: &str) -> (String, bool) {
    let words = words(args);
    let mut out = String::with_capacity(body.len());
    let mut found = false;
    let mut rest = body;
    while let Some(at) = rest.find('$') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        if let Some((word, tail)) = indexed(after, &words) {
            // Past the last word it stays as written.
            match word {
                Some(w) => out.push_str(w),
                None => out.push_str(&rest[at..rest.len() - tail.len()]),
            }
            found |= word.is_some();
            rest = tail;
            continue;
        }
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

/// `ARGUMENTS[n]` at the start of `after`: word `n` (when there is one) and what follows.
fn indexed<'a, 'w>(after: &'a str, words: &'w [String]) -> Option<(Option<&'w str>, &'a str)> {
    let inner = after.strip_prefix("ARGUMENTS[")?;
    let (n, tail) = inner.split_once(']')?;
    let n: usize = n
        .parse()
        .ok()
        .filter(|_| n.bytes().all(|b| b.is_ascii_digit()))?;
    Some((words.get(n).map(String::as_str), tail))
}

/// The words of `args` as a shell splits them, quotes and escapes taken out, nothing
/// expanded; a quote left open and the rest of the line are one last word.
fn words(args: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = args.chars();
    while let Some(c) = chars.next() {
        match c {
            // What follows an operator is another command's, not an argument.
            ';' | '|' | '&' | '\n' | '(' | ')' | '<' | '>' => {
                out.extend(word.take());
                return out;
            }
            c if c.is_whitespace() => out.extend(word.take()),
            '\\' => {
                let w = word.get_or_insert_with(String::new);
                w.extend(chars.next());
            }
            '\'' | '"' => {
                let w = word.get_or_insert_with(String::new);
                let before = w.clone();
                let rest = chars.as_str();
                loop {
                    match chars.next() {
                        // A quote left open: it and everything after it are one last word.
                        None => {
                            out.push(format!("{before}{c}{rest}"));
                            return out;
                        }
                        Some(q) if q == c => break,
                        Some('\\') if c == '"' => w.extend(chars.next()),
                        Some(x) => w.push(x),
                    }
                }
            }
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    out.extend(word);
    out
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

#[cfg(test)]
mod tests {
    use super::fill;

    const BODY: &str = "A=$ARGUMENTS[5]|B=$ARGUMENTS[x]|C=$0|D=$1|E=$2|G=$ARGUMENTS";

    #[test]
    fn words_split_as_a_shell_splits_them() {
        assert_eq!(
            fill(BODY, "'q r' s"),
            "A=$ARGUMENTS[5]|B='q r' s[x]|C=q r|D=s|E=$2|G='q r' s"
        );
        assert_eq!(
            fill(BODY, "a\\ b c"),
            "A=$ARGUMENTS[5]|B=a\\ b c[x]|C=a b|D=c|E=$2|G=a\\ b c"
        );
        assert_eq!(
            fill(BODY, "x\"y z\" w"),
            "A=$ARGUMENTS[5]|B=x\"y z\" w[x]|C=xy z|D=w|E=$2|G=x\"y z\" w"
        );
        assert_eq!(
            fill(BODY, "\"\" e f"),
            "A=$ARGUMENTS[5]|B=\"\" e f[x]|C=|D=e|E=f|G=\"\" e f"
        );
        assert_eq!(
            fill(BODY, "$HOME *.txt"),
            "A=$ARGUMENTS[5]|B=$HOME *.txt[x]|C=$HOME|D=*.txt|E=$2|G=$HOME *.txt"
        );
    }

    #[test]
    fn an_open_quote_runs_to_the_end() {
        assert_eq!(
            fill(BODY, "a 'b"),
            "A=$ARGUMENTS[5]|B=a 'b[x]|C=a|D='b|E=$2|G=a 'b"
        );
        assert_eq!(
            fill(BODY, "a 'b c"),
            "A=$ARGUMENTS[5]|B=a 'b c[x]|C=a|D='b c|E=$2|G=a 'b c"
        );
    }

    /// commands p10, p11, p23-p26c: the words stop at the first operator or line break.
    #[test]
    fn words_end_at_a_control_operator() {
        const B: &str = "P0=$0|P1=$1|P2=$2|A=$ARGUMENTS";
        assert_eq!(fill(B, "a b\nc d"), "P0=a|P1=b|P2=$2|A=a b\nc d");
        assert_eq!(fill(B, "a\nb c"), "P0=a|P1=$1|P2=$2|A=a\nb c");
        assert_eq!(fill(B, "a;b c"), "P0=a|P1=$1|P2=$2|A=a;b c");
        assert_eq!(fill(B, "a | b"), "P0=a|P1=$1|P2=$2|A=a | b");
        assert_eq!(fill(B, "a && b"), "P0=a|P1=$1|P2=$2|A=a && b");
        assert_eq!(fill(B, "a\tb"), "P0=a|P1=b|P2=$2|A=a\tb");
        assert_eq!(fill(B, "a\r\nb c"), "P0=a|P1=$1|P2=$2|A=a\r\nb c");
        assert_eq!(fill(B, "'a;b' c"), "P0=a;b|P1=c|P2=$2|A='a;b' c");
        // Nothing replaced: the arguments follow.
        assert_eq!(
            fill("Read $1 for me.\n", "x.txt\nsecond line"),
            "Read $1 for me.\n\n\nARGUMENTS: x.txt\nsecond line"
        );
    }

    #[test]
    fn indexed_arguments_count_from_zero() {
        assert_eq!(
            fill(
                "Braced ${ARGUMENTS} and $ARGUMENTS[0] and $ARGUMENTS[1]\n",
                "p q"
            ),
            "Braced ${ARGUMENTS} and p and q\n"
        );
    }
}

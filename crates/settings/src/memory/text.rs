//! What an instruction file says once read: its front matter (a rule's `paths:` globs) and
//! block HTML comments left out, and the `@path` imports of its text.
//!
//! - Front matter: a first line `---` up to the next line `---` (trailing blanks allowed);
//!   unclosed, the file is taken as written.
//! - A comment that starts a block (`<!--` at the start of a line, or indented up to three
//!   spaces after a blank line) is removed with the blank lines after it, unless text follows
//!   its close on the same line, which stays. Comments inside a line, inside code, or never
//!   closed stay.
//! - An import is `@` at the start of a line or after whitespace, then every character up to
//!   the next whitespace (`\ ` keeps a space; `#` ends the path): `@docs/a.md`, `@./x`,
//!   `@~/notes.md`, `@/abs/path`. Code blocks and spans import nothing; neither does a link.
//!   Inside `**..**` or `*..*` an import counts, after the other imports of a list item.

/// An instruction file's parts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Parsed {
    /// What the model is shown.
    pub body: String,
    /// A rule's `paths:` globs; `None`: the file applies everywhere.
    pub globs: Option<Vec<String>>,
    /// The `@` references, as written (anchors cut, escapes undone), in order, no repeats.
    pub imports: Vec<String>,
}

pub(crate) fn parse(text: &str) -> Parsed {
    let (front, body) = split_front_matter(text);
    let globs = front.and_then(paths_of);
    let body = strip_block_comments(body);
    let imports = if body.contains('@') {
        imports(&body)
    } else {
        Vec::new()
    };
    Parsed {
        body,
        globs,
        imports,
    }
}

fn is_fence(line: &str) -> bool {
    let t = line.trim_end_matches('\r');
    t == "---" || (t.starts_with("---") && t[3..].trim().is_empty())
}

/// `(front matter, body)`.
fn split_front_matter(text: &str) -> (Option<&str>, &str) {
    let Some(first_end) = text.find('\n') else {
        return (None, text);
    };
    if !is_fence(&text[..first_end]) {
        return (None, text);
    }
    let mut pos = first_end + 1;
    while pos <= text.len() {
        let end = text[pos..].find('\n').map_or(text.len(), |i| pos + i);
        if is_fence(&text[pos..end]) {
            let body = text.get(end + 1..).unwrap_or("");
            return (Some(&text[first_end + 1..pos]), body);
        }
        if end == text.len() {
            break;
        }
        pos = end + 1;
    }
    (None, text)
}

/// The `paths:` value of front matter: a string, a `[a, b]` list or a `- a` block list;
/// each entry split at commas outside braces and its braces expanded. A trailing `/**` is
/// dropped; only `**` left means everywhere.
fn paths_of(front: &str) -> Option<Vec<String>> {
    let lines: Vec<&str> = front.lines().collect();
    let i = lines.iter().position(|l| {
        l.strip_prefix("paths")
            .is_some_and(|r| r.trim_start().starts_with(':'))
    })?;
    let value = lines[i].split_once(':')?.1.trim();
    let mut raw: Vec<String> = Vec::new();
    if value.is_empty() {
        for l in &lines[i + 1..] {
            let t = l.trim();
            match t.strip_prefix('-') {
                Some(item) if l.starts_with([' ', '\t', '-']) => raw.push(unquote(item.trim())),
                _ if t.is_empty() => {}
                _ => break,
            }
        }
    } else if let Some(inner) = value.strip_prefix('[').and_then(|v| v.strip_suffix(']')) {
        raw.extend(split_top(inner).into_iter().map(|s| unquote(&s)));
    } else {
        raw.push(unquote(value));
    }
    let globs: Vec<String> = raw
        .iter()
        .flat_map(|r| split_top(r))
        .flat_map(|g| expand_braces(&g))
        .map(|g| g.strip_suffix("/**").map(str::to_string).unwrap_or(g))
        .filter(|g| !g.is_empty())
        .collect();
    if globs.iter().all(|g| g == "**") {
        None
    } else {
        Some(globs)
    }
}

fn unquote(s: &str) -> String {
    let s = s.trim();
    for q in ['"', '\''] {
        if let Some(inner) = s.strip_prefix(q).and_then(|r| r.strip_suffix(q)) {
            return inner.to_string();
        }
    }
    s.to_string()
}

/// Splits at commas outside braces, trimming, dropping empty parts.
fn split_top(s: &str) -> Vec<String> {
    let (mut out, mut cur, mut depth) = (Vec::new(), String::new(), 0i32);
    for c in s.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                out.push(std::mem::take(&mut cur));
                continue;
            }
            _ => {}
        }
        cur.push(c);
    }
    out.push(cur);
    out.into_iter()
        .map(|p| p.trim().to_string())
        .filter(|p| !p.is_empty())
        .collect()
}

/// `src/{a,b}.js` -> `src/a.js`, `src/b.js` (at most 1,000 results).
fn expand_braces(glob: &str) -> Vec<String> {
    let (mut out, mut todo) = (Vec::new(), vec![glob.to_string()]);
    while let Some(g) = todo.pop() {
        let open = g.find('{');
        let close = open.and_then(|o| g[o..].find('}').map(|c| o + c));
        match (open, close) {
            (Some(o), Some(c)) if out.len() + todo.len() < 1000 => {
                for alt in g[o + 1..c].split(',').rev() {
                    todo.push(format!("{}{}{}", &g[..o], alt.trim(), &g[c + 1..]));
                }
            }
            _ => out.push(g),
        }
    }
    out
}

fn opens_fence(line: &str) -> Option<&'static str> {
    let t = line.trim_start();
    if line.len() - t.len() > 3 {
        return None;
    }
    if t.starts_with("```") {
        Some("```")
    } else if t.starts_with("~~~") {
        Some("~~~")
    } else {
        None
    }
}

/// Removes the HTML comments that are blocks of their own.
fn strip_block_comments(text: &str) -> String {
    if !text.contains("<!--") {
        return text.to_string();
    }
    let text = text.replace("\r\n", "\n");
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let mut out = String::with_capacity(text.len());
    let (mut fence, mut prev_blank, mut i) = (None::<&str>, true, 0);
    while i < lines.len() {
        let line = lines[i];
        if let Some(f) = fence {
            if line.trim_start().starts_with(f) {
                fence = None;
            }
            out.push_str(line);
            prev_blank = false;
            i += 1;
            continue;
        }
        if let Some(f) = opens_fence(line) {
            fence = Some(f);
            out.push_str(line);
            prev_blank = false;
            i += 1;
            continue;
        }
        let indent = line.len() - line.trim_start_matches(' ').len();
        let starts =
            line[indent..].starts_with("<!--") && (indent == 0 || (indent <= 3 && prev_blank));
        if starts {
            // The block runs to the line that closes the comment, then its blank lines.
            let mut joined = line[indent + 4..].to_string();
            let mut j = i;
            while !joined.contains("-->") && j + 1 < lines.len() {
                j += 1;
                joined.push_str(lines[j]);
            }
            if joined.contains("-->") {
                while j + 1 < lines.len() && lines[j + 1].trim().is_empty() {
                    j += 1;
                }
                let block: String = lines[i..=j].concat();
                let left = remove_comments(&block);
                if !left.trim().is_empty() {
                    out.push_str(&left);
                }
                prev_blank = true;
                i = j + 1;
                continue;
            }
        }
        out.push_str(line);
        prev_blank = line.trim().is_empty();
        i += 1;
    }
    out
}

fn remove_comments(s: &str) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some(start) = rest.find("<!--") {
        match rest[start + 4..].find("-->") {
            Some(end) => {
                out.push_str(&rest[..start]);
                rest = &rest[start + 4 + end + 3..];
            }
            None => break,
        }
    }
    out.push_str(rest);
    out
}

/// The `@` references of a body, outside code.
fn imports(text: &str) -> Vec<String> {
    let mut found: Vec<String> = Vec::new();
    let mut add = |t: String| {
        if !found.contains(&t) {
            found.push(t);
        }
    };
    let (mut fence, mut block, mut list_item) = (None::<&str>, Vec::<&str>::new(), false);
    let flush = |block: &mut Vec<&str>, list_item: bool, add: &mut dyn FnMut(String)| {
        if block.is_empty() {
            return;
        }
        let text = strip_code_spans(&block.join("\n"));
        let (plain, emphasized) = references(&text);
        if list_item {
            plain
                .into_iter()
                .chain(emphasized)
                .map(|(_, t)| t)
                .for_each(add);
        } else {
            let mut all: Vec<(usize, String)> = plain.into_iter().chain(emphasized).collect();
            all.sort_by_key(|(at, _)| *at);
            all.into_iter().map(|(_, t)| t).for_each(add);
        }
        block.clear();
    };
    let mut prev_blank = true;
    for line in text.lines() {
        if let Some(f) = fence {
            if line.trim_start().starts_with(f) {
                fence = None;
            }
            continue;
        }
        if let Some(f) = opens_fence(line) {
            flush(&mut block, list_item, &mut add);
            fence = Some(f);
            prev_blank = false;
            continue;
        }
        if line.trim().is_empty() {
            flush(&mut block, list_item, &mut add);
            prev_blank = true;
            continue;
        }
        // Indented code after a blank line.
        if prev_blank && block.is_empty() && (line.starts_with("    ") || line.starts_with('\t')) {
            continue;
        }
        let t = line.trim_start();
        let item = t.starts_with("- ") || t.starts_with("* ") || t.starts_with("+ ") || {
            let d = t.len() - t.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            d > 0 && (t[d..].starts_with(". ") || t[d..].starts_with(") "))
        };
        if item {
            flush(&mut block, list_item, &mut add);
            list_item = true;
            let body = t.split_once(' ').map_or("", |(_, b)| b);
            block.push(body);
        } else {
            if block.is_empty() {
                list_item = false;
            }
            block.push(line);
        }
        prev_blank = false;
    }
    flush(&mut block, list_item, &mut add);
    found
}

fn strip_code_spans(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut parts = text.split('`');
    if let Some(first) = parts.next() {
        out.push_str(first);
    }
    let rest: Vec<&str> = parts.collect();
    // An odd count of backticks leaves the last one unpaired: its text is kept.
    let paired = rest.len() - rest.len() % 2;
    for (i, p) in rest.iter().enumerate() {
        if i % 2 == 1 || i >= paired {
            if i >= paired {
                out.push('`');
            }
            out.push_str(p);
        } else {
            out.push(' ');
        }
    }
    out
}

/// `(position, reference)` of the plain references (`@` at the start or after whitespace)
/// and of those opening an emphasis (`**@x**`).
/// References found in a block, each with its byte position.
type Found = Vec<(usize, String)>;

fn references(text: &str) -> (Found, Found) {
    let (mut plain, mut emph) = (Vec::new(), Vec::new());
    let bytes = text.as_bytes();
    for (at, _) in text.match_indices('@') {
        let before = text[..at].chars().next_back();
        let token = token_at(&text[at + 1..]);
        if before.is_none_or(char::is_whitespace) {
            if let Some(t) = valid(&token) {
                plain.push((at, t));
            }
            continue;
        }
        // `**@x.md**`: an emphasis that opens at the start or after whitespace.
        let mut k = at;
        while k > 0 && matches!(bytes[k - 1], b'*' | b'_') {
            k -= 1;
        }
        if k < at && (k == 0 || (bytes[k - 1] as char).is_whitespace()) {
            let marks = &text[k..at];
            if let Some(t) = token.strip_suffix(marks).and_then(valid) {
                emph.push((at, t));
            }
        }
    }
    (plain, emph)
}

fn token_at(s: &str) -> String {
    let mut out = String::new();
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' && chars.peek() == Some(&' ') {
            out.push_str("\\ ");
            chars.next();
        } else if c.is_whitespace() || c == '\\' {
            break;
        } else {
            out.push(c);
        }
    }
    out
}

/// A reference as the reference's loader accepts it, anchor cut and escapes undone.
fn valid(token: &str) -> Option<String> {
    let t = token.split('#').next().unwrap_or("").replace("\\ ", " ");
    if t.is_empty() {
        return None;
    }
    let ok = t.starts_with("./")
        || t.starts_with("~/")
        || (t.starts_with('/') && t != "/")
        || (!t.starts_with('@')
            && !t.starts_with(['#', '%', '^', '&', '*', '(', ')'])
            && t.starts_with(|c: char| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-')));
    ok.then_some(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn front_matter() {
        let p = parse("---\ntitle: x\npaths:\n  - \"src/*.py\"\n  - \"lib/**\"\n---\nBody.\n");
        assert_eq!(p.body, "Body.\n");
        assert_eq!(p.globs, Some(vec!["src/*.py".into(), "lib".into()]));
        assert_eq!(parse("---\n---\nB\n").body, "B\n");
        assert_eq!(parse("---  \ntitle: x\n---  \nS\n").body, "S\n");
        assert_eq!(
            parse("---\nnever closed\nB\n").body,
            "---\nnever closed\nB\n"
        );
        assert_eq!(
            parse("I\n---\nt: x\n---\nA\n").body,
            "I\n---\nt: x\n---\nA\n"
        );
        assert_eq!(parse("---\npaths: \"**\"\n---\nS\n").globs, None);
        assert_eq!(
            parse("---\npaths: \"docs/*.md, src/{a,b}.js\"\n---\n").globs,
            Some(vec![
                "docs/*.md".into(),
                "src/a.js".into(),
                "src/b.js".into()
            ])
        );
        assert_eq!(
            parse("---\npaths: ['**/*.py']\n---\n").globs,
            Some(vec!["**/*.py".into()])
        );
    }

    #[test]
    fn comments() {
        // mem_html_comment_forms and va_md_html_comment, as the reference shows them.
        let src = "A.\n   <!-- indented -->\nB.\n<!-- c --> after close\nC.\n```\n<!-- fenced -->\n```\n- item <!-- in item -->\n\n<!-- multi\nline -->\n\nD.\n<!-- never closed\nE.\n";
        assert_eq!(
            parse(src).body,
            "A.\n   <!-- indented -->\nB.\n after close\nC.\n```\n<!-- fenced -->\n```\n- item <!-- in item -->\n\nD.\n<!-- never closed\nE.\n"
        );
        let p = parse("Visible 1.\n<!-- hidden block\nstill hidden @docs/h.md -->\nVisible 2 <!-- inline --> end.\n");
        assert_eq!(p.body, "Visible 1.\nVisible 2 <!-- inline --> end.\n");
        assert!(p.imports.is_empty());
    }

    #[test]
    fn import_forms() {
        // mem_import_forms: the order is the reference's.
        let src = "@./a.md\nSee @b\\ c.md and @d.md#part\n- @e.md\n**@f.md**\n[l](@g.md)\n@H.MD @i.png @noext @dir @@j.md\n";
        assert_eq!(
            parse(src).imports,
            ["./a.md", "b c.md", "d.md", "e.md", "H.MD", "i.png", "noext", "dir", "f.md"]
        );
        let punct =
            "See @docs/a.md. Also (@docs/b.md), mail me@docs.md, and @ alone, #@docs/c.md\n";
        assert_eq!(parse(punct).imports, ["docs/a.md."]);
        assert!(parse("```\n@x.md\n```\nuse `@y.md`\n").imports.is_empty());
    }
}

//! `@path` mentions: a prompt (or the body of the command it invokes) that names a file as
//! `@path` gets the file attached for the model, numbered as the Read tool shows it, without
//! a tool call. A directory is attached as its listing. `@path#L5` and `@path#L5-9` attach
//! those lines; `@"a path with spaces"` is quoted. A mention starts a word (`me@host` is
//! none); a path that names nothing is left as written.
//!
//! ```
//! use oxagent_tools::session::mentions::mentions;
//! let found = mentions("see @a.txt, @\"b c.md\" and @src/#L2-4 or mail me@x.org");
//! let paths: Vec<&str> = found.iter().map(|m| m.path.as_str()).collect();
//! assert_eq!(paths, ["a.txt,", "b c.md", "src/"]);
//! assert_eq!(found[2].lines, Some((2, Some(4))));
//! ```

use std::path::Path;

use crate::fs::file_state::FileState;

/// Lines attached at most from one file (as a Read without a limit).
const MAX_LINES: usize = 2000;

/// One `@path` of a text.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Mention {
    /// As written (relative to the session's folder unless absolute, `~/` for home).
    pub path: String,
    /// `#L<first>` or `#L<first>-<last>` (1-based, inclusive).
    pub lines: Option<(usize, Option<usize>)>,
}

/// The mentions of `text`, in order.
pub fn mentions(text: &str) -> Vec<Mention> {
    let mut out = Vec::new();
    let mut prev = ' ';
    let mut rest = text;
    while let Some(at) = rest.find('@') {
        let before = rest[..at].chars().last().unwrap_or(prev);
        let after = &rest[at + 1..];
        prev = '@';
        rest = after;
        if !before.is_whitespace() {
            continue;
        }
        let (word, tail) = match after.strip_prefix('"') {
            Some(quoted) => match quoted.split_once('"') {
                Some((inner, tail)) => (inner, tail),
                None => continue,
            },
            None => {
                let end = after.find(char::is_whitespace).unwrap_or(after.len());
                (&after[..end], &after[end..])
            }
        };
        rest = tail;
        if word.is_empty() {
            continue;
        }
        let (path, lines) = match word.rsplit_once("#L") {
            Some((path, range)) => match range_of(range) {
                Some(lines) => (path, Some(lines)),
                None => (word, None),
            },
            None => (word, None),
        };
        out.push(Mention {
            path: path.to_string(),
            lines,
        });
    }
    out
}

fn range_of(text: &str) -> Option<(usize, Option<usize>)> {
    let (first, last) = match text.split_once('-') {
        Some((a, b)) => (a, Some(b)),
        None => (text, None),
    };
    let first: usize = first.parse().ok().filter(|n| *n > 0)?;
    let last = match last {
        Some(l) => Some(l.parse().ok()?),
        None => None,
    };
    Some((first, last))
}

/// What the model reads for each mention of `text` that names a file or a folder (`cwd`:
/// where relative paths start, `home`: what `~/` names). A mention written twice is attached
/// once. With `files`, a file attached counts as read (an Edit may follow: fuzz-m/fm_075).
pub fn attachments(
    text: &str,
    cwd: &Path,
    home: Option<&Path>,
    files: Option<&FileState>,
) -> Vec<String> {
    let mut seen = std::collections::HashSet::new();
    mentions(text)
        .into_iter()
        .filter(|m| seen.insert(m.clone()))
        .filter_map(|m| attachment(&m, cwd, home, files))
        .collect()
}

fn attachment(
    m: &Mention,
    cwd: &Path,
    home: Option<&Path>,
    files: Option<&FileState>,
) -> Option<String> {
    let path = match (m.path.strip_prefix("~/"), home) {
        (Some(rest), Some(home)) => home.join(rest),
        _ => cwd.join(&m.path),
    };
    if path.is_dir() {
        let mut names: Vec<String> = std::fs::read_dir(&path)
            .ok()?
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| !n.starts_with('.'))
            .collect();
        names.sort();
        return Some(format!(
            "The user's message mentions the folder {}, which holds:\n{}",
            path.display(),
            names.join("\n")
        ));
    }
    let text = std::fs::read_to_string(&path).ok()?;
    let all: Vec<&str> = text.split('\n').collect();
    let (first, last) = match m.lines {
        Some((first, last)) => (first, last.unwrap_or(all.len()).min(all.len())),
        None => (1, all.len()),
    };
    let shown: Vec<&str> = all
        .iter()
        .skip(first - 1)
        .take(last.saturating_sub(first - 1).min(MAX_LINES))
        .copied()
        .collect();
    if let Some(files) = files {
        match shown.len() == all.len() {
            true => files.record(&path, &text),
            false => files.record_partial(&path, &text),
        }
    }
    Some(format!(
        "The user's message mentions the file {}; as the Read tool shows it:\n{}",
        path.display(),
        crate::fs::read::number_lines(&shown, first as u64)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// fuzz-m/fm_pin_mention_*: what is a mention, and what it attaches.
    #[test]
    fn files_folders_ranges_and_what_is_no_mention() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("x.txt"), "data\n").unwrap();
        std::fs::write(dir.path().join("two.txt"), "l1\nl2\nl3\n").unwrap();
        std::fs::create_dir(dir.path().join("sub")).unwrap();
        std::fs::write(dir.path().join("sub/y.txt"), "why\n").unwrap();
        let got = |t: &str| attachments(t, dir.path(), None, None);
        let x = got("Look at @x.txt please");
        assert_eq!(x.len(), 1);
        assert!(x[0].ends_with(":\n1\tdata\n2\t"), "{}", x[0]);
        assert!(got("@missing.txt what").is_empty());
        assert!(got("email me@x.txt").is_empty());
        assert!(got("see @sub/ now")[0].ends_with(", which holds:\ny.txt"));
        assert!(got("read @two.txt#L2-3")[0].ends_with(":\n2\tl2\n3\tl3"));
        assert!(got("read @two.txt#L3")[0].ends_with(":\n3\tl3\n4\t"));
        assert!(got("read @\"two.txt\" ok")[0].ends_with(":\n1\tl1\n2\tl2\n3\tl3\n4\t"));
        assert_eq!(got("@x.txt and @x.txt").len(), 1);
        // A file attached counts as read; a folder does not.
        let files = FileState::new();
        attachments("@x.txt @sub/", dir.path(), None, Some(&files));
        assert!(files.has_seen(&dir.path().join("x.txt")));
        assert!(!files.has_seen(&dir.path().join("sub")));
    }
}

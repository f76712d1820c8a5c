//! The files a Bash command shows, as a Read would: `cat file`, `head -n 5 file`,
//! `sed -n 3,9p file`, `grep word file`. Such a file brings in the instruction files of its
//! directory, as the reference's Bash tool does. A line with a pipe or a redirection shows
//! no file; in a line of several commands every command must show one file (or be an
//! `echo`, `printf`, `true` or `:`), and a grep counts only alone on its line.
//!
//! ```
//! use oxagent_core::memory::bash_reads::{shown_files, Shown};
//! let shown = shown_files("head -n 2 a.txt && true");
//! assert_eq!(shown[0].path, "a.txt");
//! assert_eq!(shown[0].lines, Shown::Head(2));
//! assert!(shown_files("cat a.txt | head").is_empty());
//! assert!(shown_files("cat a.txt b.txt").is_empty());
//! ```

use std::path::{Path, PathBuf};

use crate::rules::shell;

/// The largest file a command is taken to have shown.
const MAX_SHOWN_BYTES: u64 = 10 * 1024 * 1024;

/// One file a finished command showed, checked against the disk and what it printed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seen {
    pub path: PathBuf,
    pub lines: Shown,
    /// The file's text (none for a grep, whose output is not compared with it).
    pub content: Option<String>,
}

/// The files `command`, run in `cwd`, showed: each an existing file of 10 MiB at most whose
/// shown part `output` holds; a grep's file only when the command `succeeded`.
pub fn files_shown(command: &str, cwd: &Path, output: &str, succeeded: bool) -> Vec<Seen> {
    shown_files(command)
        .into_iter()
        .filter_map(|f| {
            let path = crate::rules::path::normalize(&cwd.join(&f.path));
            let meta = std::fs::metadata(&path).ok()?;
            if !meta.is_file() || meta.len() > MAX_SHOWN_BYTES {
                return None;
            }
            let content = match f.lines {
                Shown::Matches if succeeded => None,
                Shown::Matches => return None,
                _ => {
                    let text = std::fs::read_to_string(&path).ok()?;
                    output_shows(&f.lines, &text, output).then_some(Some(text))?
                }
            };
            Some(Seen {
                path,
                lines: f.lines,
                content,
            })
        })
        .collect()
}

/// Which part of the file the command prints.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shown {
    /// The whole file; `numbered`: with line numbers (`cat -n`, `nl`).
    Whole { numbered: bool },
    /// The first N lines.
    Head(usize),
    /// The last N lines.
    Tail(usize),
    /// Lines `from..=to` (`sed -n`).
    Lines(usize, usize),
    /// Matching lines only (grep, rg): the command must succeed, and what it printed is not
    /// compared with the file.
    Matches,
}

/// One file a command shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShownFile {
    /// As written in the command.
    pub path: String,
    pub lines: Shown,
}

/// The files `command` shows, in order.
pub fn shown_files(command: &str) -> Vec<ShownFile> {
    if command.contains(['|', '<', '>']) {
        return Vec::new();
    }
    let parsed = shell::parse(command);
    if parsed.hazard.is_some() || !parsed.nested.is_empty() || parsed.commands.is_empty() {
        return Vec::new();
    }
    let alone = parsed.commands.len() == 1;
    let mut out = Vec::new();
    for cmd in &parsed.commands {
        let w = &cmd.words;
        let found = sed(w)
            .or_else(|| cat(w))
            .or_else(|| head_tail(w))
            .or_else(|| if alone { grep(w) } else { None });
        match found {
            Some(f) => out.push(f),
            None if !alone
                && matches!(
                    w.first().map(String::as_str),
                    Some("echo" | "printf" | "true" | ":")
                ) => {}
            None => return Vec::new(),
        }
    }
    out
}

fn sed(w: &[String]) -> Option<ShownFile> {
    if w.first()? != "sed" {
        return None;
    }
    let (mut quiet, mut script, mut file) = (false, None, None);
    for a in &w[1..] {
        if let Some(long) = a.strip_prefix("--") {
            if long.starts_with("in-place") || long == "expression" {
                return None;
            }
            quiet |= long == "quiet" || long == "silent";
        } else if a.starts_with('-') {
            if a.contains('i') || a == "-e" {
                return None;
            }
            quiet |= a.contains('n');
        } else if script.is_none() {
            script = Some(a.as_str());
        } else if file.is_none() {
            file = Some(a.clone());
        } else {
            return None;
        }
    }
    let (script, path) = (script?, file?);
    if !quiet {
        return None;
    }
    let body = script.strip_suffix('p')?;
    let number = |s: &str| {
        (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse().ok())
            .flatten()
    };
    let lines = match body.split_once(',') {
        Some((a, b)) => Shown::Lines(number(a)?, number(b)?),
        None => {
            let n = number(body)?;
            Shown::Lines(n, n)
        }
    };
    Some(ShownFile { path, lines })
}

fn cat(w: &[String]) -> Option<ShownFile> {
    let flags: &[&str] = match w.first()?.as_str() {
        "cat" => &["-n", "--number"],
        "nl" => &[],
        "bat" | "batcat" => &["-n", "--number", "-p", "--plain"],
        _ => return None,
    };
    let mut file = None;
    for a in &w[1..] {
        if a.starts_with('-') && a != "-" {
            if !flags.contains(&a.as_str()) {
                return None;
            }
        } else if file.replace(a.clone()).is_some() {
            return None;
        }
    }
    let path = file.filter(|f| f != "-")?;
    let numbered = w[0] == "nl" || w.iter().any(|a| a == "-n" || a == "--number");
    Some(ShownFile {
        path,
        lines: Shown::Whole { numbered },
    })
}

fn head_tail(w: &[String]) -> Option<ShownFile> {
    let head = match w.first()?.as_str() {
        "head" => true,
        "tail" => false,
        _ => return None,
    };
    let digits = |s: &str| {
        (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse::<usize>().ok())
            .flatten()
    };
    let (mut count, mut file) = (None, None);
    let mut i = 1;
    while i < w.len() {
        let a = w[i].as_str();
        if a == "-n" || a == "--lines" {
            i += 1;
            count = Some(digits(w.get(i)?)?);
        } else if let Some(n) = a.strip_prefix("--lines=") {
            count = Some(digits(n)?);
        } else if let Some(n) = a.strip_prefix("-n").filter(|n| digits(n).is_some()) {
            count = digits(n);
        } else if let Some(n) = a.strip_prefix('-').filter(|n| digits(n).is_some()) {
            count = digits(n);
        } else if a.starts_with('-') || file.replace(a.to_string()).is_some() {
            return None;
        }
        i += 1;
    }
    let path = file.filter(|f| f != "-")?;
    let count = count.unwrap_or(10);
    if count == 0 {
        return None;
    }
    let lines = if head {
        Shown::Head(count)
    } else {
        Shown::Tail(count)
    };
    Some(ShownFile { path, lines })
}

fn grep(w: &[String]) -> Option<ShownFile> {
    let rg = match w.first()?.as_str() {
        "rg" => true,
        "grep" | "egrep" | "fgrep" => false,
        _ => return None,
    };
    let short_ok = |a: &str| {
        let letters = if rg { "iSswxFnNHUP" } else { "niwxEFGPHh" };
        a.len() > 1 && a[1..].chars().all(|c| letters.contains(c))
    };
    let long_ok: &[&str] = if rg {
        &[
            "--ignore-case",
            "--smart-case",
            "--case-sensitive",
            "--word-regexp",
            "--line-regexp",
            "--fixed-strings",
            "--line-number",
            "--no-line-number",
            "--with-filename",
            "--no-filename",
            "--multiline",
            "--pcre2",
        ]
    } else {
        &[
            "--line-number",
            "--ignore-case",
            "--word-regexp",
            "--line-regexp",
            "--extended-regexp",
            "--fixed-strings",
            "--basic-regexp",
            "--perl-regexp",
            "--with-filename",
            "--no-filename",
            "--color=never",
            "--color=auto",
        ]
    };
    let context = |a: &str| {
        let short = a.len() > 2
            && matches!(&a[..2], "-A" | "-B" | "-C")
            && a[2..].bytes().all(|b| b.is_ascii_digit());
        let long = ["--after-context=", "--before-context=", "--context="]
            .iter()
            .any(|p| {
                a.strip_prefix(p)
                    .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
            });
        short || long
    };
    let (mut pattern, mut file) = (None, None);
    let mut i = 1;
    while i < w.len() {
        let a = w[i].as_str();
        if a.starts_with('-') && a != "-" {
            let takes_count = matches!(a, "-A" | "-B" | "-C")
                || (rg && matches!(a, "--after-context" | "--before-context" | "--context"));
            if takes_count {
                i += 1;
                let n = w.get(i)?;
                if n.is_empty() || !n.bytes().all(|b| b.is_ascii_digit()) {
                    return None;
                }
            } else if !(context(a) || short_ok(a) || long_ok.contains(&a)) {
                return None;
            }
        } else if pattern.is_none() {
            pattern = Some(a);
        } else if file.is_none() {
            file = Some(a.to_string());
        } else {
            return None;
        }
        i += 1;
    }
    pattern?;
    let path = file.filter(|f| f != "-" && !f.contains(['*', '?', '[', '{']))?;
    Some(ShownFile {
        path,
        lines: Shown::Matches,
    })
}

/// Whether `output` (what the command printed) holds the part of `content` the command
/// shows; `None` when that part is empty in a file that is not.
pub fn output_shows(shown: &Shown, content: &str, output: &str) -> bool {
    let content = content.replace("\r\n", "\n");
    let lines: Vec<&str> = {
        let mut l: Vec<&str> = content.split('\n').collect();
        if matches!(shown, Shown::Tail(_)) && l.last() == Some(&"") {
            l.pop();
        }
        l
    };
    let part = match shown {
        Shown::Matches => return true,
        Shown::Whole { .. } => content.clone(),
        Shown::Tail(n) => {
            if lines.is_empty() {
                return false;
            }
            let k = (*n).min(lines.len());
            lines[lines.len() - k..].join("\n")
        }
        Shown::Head(n) => slice(&lines, 1, *n),
        Shown::Lines(a, b) => {
            if (*a).max(1) > lines.len() {
                return false;
            }
            slice(&lines, *a, *b)
        }
    };
    if part.trim().is_empty() && !content.trim().is_empty() {
        return false;
    }
    let wanted = part.trim_start_matches(['\n', ' ', '\t', '\r']);
    let wanted = wanted.trim_end();
    let output = output.replace("\r\n", "\n");
    if output.contains(wanted) {
        return true;
    }
    let numbered = matches!(shown, Shown::Whole { numbered: true });
    numbered && {
        let plain: Vec<&str> = output.split('\n').map(strip_number).collect();
        plain.join("\n").contains(wanted)
    }
}

fn slice(lines: &[&str], from: usize, to: usize) -> String {
    let from = from.max(1);
    let to = to.max(from).min(lines.len());
    if from > lines.len() {
        return String::new();
    }
    lines[from - 1..to].join("\n")
}

/// A line of `cat -n` or `nl` output without its number.
fn strip_number(line: &str) -> &str {
    let t = line.trim_start_matches([' ', '\t']);
    let digits = t.len() - t.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits > 0 && t[digits..].starts_with([' ', '\t']) {
        &t[digits + 1..]
    } else if line.trim().is_empty() {
        ""
    } else {
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paths(c: &str) -> Vec<String> {
        shown_files(c).into_iter().map(|f| f.path).collect()
    }

    #[test]
    fn the_reference_cases() {
        // Recorded in tests/conformance/memory (mem_bash_*).
        for shown in [
            "cat a/x.txt",
            "head -n 1 b/x.txt",
            "tail -n 1 c/x.txt",
            "grep data e/x.txt",
            "sed -n 1p f/x.txt",
            "cat ./g/x.txt",
            "cat a/x.txt; true",
            "nl h/x.txt",
            "rg data m/x.txt",
            "head -n1 n/x.txt && true",
        ] {
            assert_eq!(paths(shown).len(), 1, "{shown}");
        }
        for not in [
            "wc -l d/x.txt",
            "less g/x.txt | cat",
            "cd i && cat x.txt",
            "ls a",
            "echo hi > b/new.txt",
            "cat < e/x.txt",
            "cat c/x.txt d/x.txt",
            "awk 1 e/x.txt",
            "sort f/x.txt",
            "grep -r data l",
            "sed -i s/x/y/ p/x.txt",
            "tac o/x.txt",
            "diff j/x.txt j/x.txt",
            "cat b/x.txt | head -n 1",
            "grep a x && true",
        ] {
            assert!(paths(not).is_empty(), "{not}");
        }
    }

    #[test]
    fn parts_shown() {
        let c = "1\n2\n3\n";
        assert!(output_shows(
            &Shown::Whole { numbered: false },
            c,
            "1\n2\n3\n"
        ));
        assert!(output_shows(
            &Shown::Whole { numbered: true },
            c,
            "     1\t1\n     2\t2\n     3\t3\n"
        ));
        assert!(output_shows(&Shown::Head(2), c, "1\n2\n"));
        assert!(output_shows(&Shown::Tail(1), c, "3\n"));
        assert!(output_shows(&Shown::Lines(2, 3), c, "2\n3"));
        assert!(!output_shows(&Shown::Lines(7, 7), c, ""));
        assert!(!output_shows(&Shown::Whole { numbered: false }, c, "other"));
    }
}

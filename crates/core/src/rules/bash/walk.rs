//! The search for a deny or ask rule in one pipeline segment: every simple command, read
//! every way it can be read ([`spellings`]), and every command it runs by a detour
//! ([`super::detours`]), recursively.
//!
//! ```text
//! segment "env unlink d/f"
//!   spellings: [env unlink d/f], [unlink d/f]
//!   detours of [unlink d/f]: Command([rm d/f])  -> matches Bash(rm *)
//! ```

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::super::path::{resolve, rule_matches, rule_matches_dir};
use super::super::shell::{parse, Hazard, Parsed, SimpleCommand};
use super::super::{path_rule_kind, RuleEntry, RuleRoots};
use super::detours::{detours, shell_c_script, Detour, View};
use super::{pattern_matches, strip_wrapper};

/// How deep scripts inside scripts are followed.
const MAX_DEPTH: usize = 4;

/// The file commands the reference checks Edit rules against (with output redirections);
/// the others (`ln`, `truncate`, `dd` ...) only on the strict walk, which refuses only what
/// would otherwise run (fa_028: `ln -s notes.txt x` under a deny `Edit(./notes.txt)` is
/// asked about as any unknown command).
const KNOWN_WRITERS: &[&str] = &["touch", "mkdir", "rm", "rmdir", "mv", "cp", "sed", "tee"];

/// Commands that only change the files they name: a Read rule does not apply to them
/// (fa_rdeny_writers_*); `cp` and `mv` read all but their last path.
const WRITE_ONLY: &[&str] = &["rm", "rmdir", "touch", "mkdir", "chmod"];

/// The arguments a Read rule is checked against: those a command reads.
fn read_args(words: &[String]) -> Vec<&String> {
    let name = words.first().map(String::as_str).unwrap_or_default();
    if WRITE_ONLY.contains(&name) {
        return Vec::new();
    }
    let mut args: Vec<&String> = words.iter().skip(1).collect();
    if matches!(name, "cp" | "mv") {
        if let Some(last) = args.iter().rposition(|a| !a.starts_with('-')) {
            args.remove(last);
        }
    }
    args
}

/// Commands that only read the files they name: an Edit rule does not apply to them.
const READERS: &[&str] = &[
    "cat",
    "head",
    "tail",
    "less",
    "more",
    "grep",
    "egrep",
    "fgrep",
    "rg",
    "wc",
    "ls",
    "stat",
    "file",
    "diff",
    "cmp",
    "md5sum",
    "sha1sum",
    "sha256sum",
    "sha512sum",
    "base64",
    "od",
    "xxd",
    "hexdump",
    "strings",
    "echo",
    "printf",
    "test",
    "[",
    "cd",
    "du",
    "tree",
    "nl",
    "realpath",
    "readlink",
    "basename",
    "dirname",
];

pub(super) struct Walk<'e, 'r> {
    pub entries: &'e [&'r RuleEntry],
    pub roots: &'e RuleRoots,
    /// Where the line runs: the shell's directory (relative paths start there).
    pub start: &'e std::path::Path,
    /// Follow every detour and path spelling (stricter than the reference); otherwise only
    /// wrappers, spellings and `sh -c` scripts, as the reference does.
    pub strict: bool,
    /// The first code found that no rule can be checked against.
    pub opaque: Option<String>,
}

impl<'r> Walk<'_, 'r> {
    /// The first rule covering a command of `text`, and whether it sits in a script.
    pub fn text(
        &mut self,
        text: &str,
        depth: usize,
        in_script: bool,
    ) -> Option<(&'r RuleEntry, bool)> {
        if let Some(e) = self.entries.iter().find(|e| {
            e.rule.tool == "Bash"
                && e.rule
                    .content
                    .as_deref()
                    .is_some_and(|c| pattern_matches(c, text))
        }) {
            return Some((e, in_script));
        }
        let parsed = parse(text);
        if self.strict && parsed.hazard == Some(Hazard::Unsupported) {
            self.opaque
                .get_or_insert_with(|| "shell syntax that cannot be followed".into());
        }
        let vars = literal_variables(&parsed);
        let mut cwd = self.start.to_path_buf();
        for cmd in parsed.all_commands() {
            let (words, dynamic) = substituted(cmd, &vars);
            if let Some(hit) = self.words(words.clone(), dynamic, cmd, &cwd, depth, in_script) {
                return Some(hit);
            }
            if let [cd, dir] = words.as_slice() {
                if cd == "cd" && self.strict {
                    cwd = resolve(dir, &cwd, self.roots.home.as_deref());
                }
            }
        }
        None
    }

    fn words(
        &mut self,
        words: Vec<String>,
        dynamic: Vec<bool>,
        cmd: &SimpleCommand,
        cwd: &Path,
        depth: usize,
        in_script: bool,
    ) -> Option<(&'r RuleEntry, bool)> {
        for (words, dynamic) in spellings(words, dynamic) {
            if let Some(e) = self.matching(&words, cmd, cwd) {
                return Some((e, in_script));
            }
            if !self.strict {
                if let Some(script) = shell_c_script(&words).filter(|_| depth < MAX_DEPTH) {
                    if let Some((e, _)) = self.text(script, depth + 1, true) {
                        return Some((e, true));
                    }
                }
                continue;
            }
            if dynamic.first().copied().unwrap_or(false) {
                self.opaque.get_or_insert_with(|| {
                    "a command whose name is only known when it runs".into()
                });
            }
            if depth >= MAX_DEPTH {
                continue;
            }
            let view = View {
                words: &words,
                dynamic: &dynamic,
                cmd,
                cwd,
            };
            for detour in detours(&view) {
                match detour {
                    Detour::Command(inner) => {
                        let n = inner.len();
                        let bare = SimpleCommand::default();
                        if let Some(hit) =
                            self.words(inner, vec![false; n], &bare, cwd, depth + 1, in_script)
                        {
                            return Some(hit);
                        }
                    }
                    Detour::Script(script) => {
                        if let Some((e, _)) = self.text(&script, depth + 1, true) {
                            return Some((e, true));
                        }
                    }
                    Detour::Opaque(what) => {
                        self.opaque.get_or_insert(what);
                    }
                }
            }
        }
        None
    }

    /// A rule that covers this reading of a command: a Bash pattern, or a path rule that
    /// covers one of its paths (arguments, redirections, input files).
    fn matching(&self, words: &[String], cmd: &SimpleCommand, cwd: &Path) -> Option<&'r RuleEntry> {
        let joined = words.join(" ");
        let reader = words.first().is_some_and(|w| READERS.contains(&w.as_str()));
        self.entries
            .iter()
            .copied()
            .find(|e| match (&e.rule.content, e.rule.tool.as_str()) {
                (Some(c), "Bash") => pattern_matches(c, &joined),
                (Some(c), _) if !self.strict => {
                    let r = self.roots.for_source(e.source);
                    let edit = path_rule_kind(&e.rule) == Some("Edit");
                    let writer = words
                        .first()
                        .is_some_and(|w| KNOWN_WRITERS.contains(&w.as_str()));
                    let args: Vec<&String> = if edit {
                        words
                            .iter()
                            .skip(1)
                            .filter(|_| !reader && writer)
                            .chain(cmd.redirects.iter())
                            .collect()
                    } else {
                        read_args(words)
                    };
                    args.into_iter().any(|arg| {
                        let abs = resolve(arg, self.start, self.roots.home.as_deref());
                        !arg.starts_with('-') && rule_matches(c, &abs, &r.cwd, r.home.as_deref())
                    })
                }
                (Some(c), _) => {
                    let r = self.roots.for_source(e.source);
                    let edit = path_rule_kind(&e.rule) == Some("Edit");
                    let args: Vec<&String> = if edit {
                        words.iter().skip(1).filter(|_| !reader).collect()
                    } else {
                        read_args(words)
                    };
                    let args = args.into_iter().filter(|a| !a.starts_with('-'));
                    let outputs = cmd.redirects.iter().filter(|_| edit);
                    let inputs = cmd.inputs.iter().filter(|_| !edit);
                    args.chain(outputs).chain(inputs).any(|arg| {
                        self.paths_of(arg, cwd).iter().any(|p| {
                            rule_matches(c, p, &r.cwd, r.home.as_deref())
                                || (!edit && rule_matches_dir(c, p, &r.cwd, r.home.as_deref()))
                        })
                    })
                }
                _ => false,
            })
    }

    /// The files an argument may name: as written, after `NAME=`/`--opt=`, with `$HOME`
    /// read as `~`, through symlinks, and what a glob in it matches.
    fn paths_of(&self, arg: &str, cwd: &Path) -> Vec<PathBuf> {
        let mut spellings = vec![arg.to_string()];
        if let Some((_, value)) = arg.split_once('=') {
            spellings.push(value.to_string());
        }
        for s in spellings.clone() {
            for var in ["$HOME", "${HOME}"] {
                if let Some(rest) = s.strip_prefix(var) {
                    spellings.push(format!("~{rest}"));
                }
            }
        }
        let home = self.roots.home.as_deref();
        let mut out = Vec::new();
        for s in spellings {
            let abs = resolve(&s, cwd, home);
            if s.contains(['*', '?', '[']) {
                out.extend(expand_glob(&abs));
            }
            out.push(abs);
        }
        let real: Vec<PathBuf> = out
            .iter()
            .filter_map(|p| std::fs::canonicalize(p).ok())
            .collect();
        out.extend(real);
        out
    }
}

/// The existing paths a glob matches (`*`, `?`, `[..]` within segments), at most a few
/// hundred.
fn expand_glob(pattern: &Path) -> Vec<PathBuf> {
    let mut found = vec![PathBuf::from("/")];
    for seg in pattern.components().skip(1) {
        let seg = seg.as_os_str().to_string_lossy();
        let mut next = Vec::new();
        for dir in &found {
            if !seg.contains(['*', '?', '[']) {
                next.push(dir.join(seg.as_ref()));
                continue;
            }
            let Ok(entries) = std::fs::read_dir(dir) else {
                continue;
            };
            for entry in entries.flatten().take(500) {
                let name = entry.file_name().to_string_lossy().into_owned();
                if super::super::path::glob_segment(&seg, &name) {
                    next.push(dir.join(name));
                }
            }
        }
        found = next;
        found.truncate(500);
    }
    found.into_iter().filter(|p| p.exists()).collect()
}

/// A command's words with the line's literal variables put in, and which are still dynamic.
fn substituted(cmd: &SimpleCommand, vars: &BTreeMap<String, String>) -> (Vec<String>, Vec<bool>) {
    cmd.words
        .iter()
        .enumerate()
        .map(|(i, w)| {
            let dynamic = cmd.dynamic.get(i).copied().unwrap_or(false);
            match substitute(w, vars) {
                Some(v) => (v, false),
                None => (w.clone(), dynamic),
            }
        })
        .unzip()
}

fn substitute(word: &str, vars: &BTreeMap<String, String>) -> Option<String> {
    let name = word
        .strip_prefix("${")
        .and_then(|w| w.strip_suffix('}'))
        .or_else(|| word.strip_prefix('$'))?;
    vars.get(name).cloned()
}

/// `NAME=literal` commands (assignments alone) on the line, in order.
fn literal_variables(parsed: &Parsed) -> BTreeMap<String, String> {
    let mut vars = BTreeMap::new();
    for cmd in &parsed.commands {
        if cmd.words.is_empty() {
            for a in &cmd.assignments {
                if let Some((name, value)) = a.split_once('=') {
                    if !value.contains(['$', '`']) {
                        let value = value.trim_matches(|c| c == '"' || c == '\'');
                        vars.insert(name.to_string(), value.to_string());
                    }
                }
            }
        }
    }
    vars
}

/// The ways a simple command can be read: as written, then with each wrapper taken off and
/// the command name's directory dropped. Each with its words' dynamic flags.
fn spellings(mut words: Vec<String>, mut dynamic: Vec<bool>) -> Vec<(Vec<String>, Vec<bool>)> {
    let mut out = vec![(words.clone(), dynamic.clone())];
    for _ in 0..8 {
        if let Some(first) = words.first_mut() {
            if first.contains('/') {
                let base = first.rsplit('/').next().unwrap_or("").to_string();
                if !base.is_empty() {
                    *first = base;
                    out.push((words.clone(), dynamic.clone()));
                }
            }
        }
        match strip_wrapper(&words) {
            Some(rest) if !rest.is_empty() => {
                let cut = words.len() - rest.len();
                dynamic = dynamic.get(cut..).map(<[bool]>::to_vec).unwrap_or_default();
                words = rest;
                out.push((words.clone(), dynamic.clone()));
            }
            _ => break,
        }
    }
    out
}

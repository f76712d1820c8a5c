//! Bash rules, checked part by part.
//!
//! A command line is read with [`super::shell`] into simple commands. An allow rule covers a
//! simple command only as written (no environment-variable prefix other than a few harmless
//! ones); a deny or ask rule looks through spelling and wrappers: quotes and backslashes,
//! `/bin/rm` for `rm`, `command`/`env`/`nice`/`timeout`/`exec`/`xargs`/`nohup`/`stdbuf`/
//! `sudo`/`time` in front, subshells and groups, `$(...)` contents, literal variables set
//! earlier on the line (`RM=rm; $RM -rf x`) and `sh -c '...'` scripts.
//!
//! ```
//! use oxagent_core::rules::{bash, RuleSet, RuleBehavior, RuleSource};
//! let mut rules = RuleSet::default();
//! rules.add(RuleBehavior::Deny, RuleSource::CliArg, "Bash(rm *)").unwrap();
//! let hit = bash::find_rule(&rules, RuleBehavior::Deny, "echo a | timeout 5 /bin/rm -rf x", &Default::default()).unwrap();
//! assert_eq!(hit.command, "timeout 5 /bin/rm -rf x");
//! assert!(bash::pattern_matches("npm *", "npm"));
//! assert!(!bash::pattern_matches("npm *", "npmx test"));
//! assert!(bash::pattern_matches("npm run test:*", "npm run test -- -u"));
//! ```

mod detours;
mod walk;

use super::shell::{parse, SimpleCommand};
use super::{path_rule_kind, RuleBehavior, RuleEntry, RuleRoots, RuleSet};

/// Variables whose value cannot change what a command does; a prefix setting one of them
/// does not defeat an allow rule.
pub const SAFE_ENV_VARS: &[&str] = &[
    "LANG",
    "LANGUAGE",
    "LC_ALL",
    "LC_CTYPE",
    "LC_COLLATE",
    "LC_MESSAGES",
    "LC_NUMERIC",
    "LC_TIME",
    "CHARSET",
    "TERM",
    "COLORTERM",
    "NO_COLOR",
    "FORCE_COLOR",
    "TZ",
    "LS_COLORS",
    "LSCOLORS",
    "GREP_COLOR",
    "GREP_COLORS",
    "GCC_COLORS",
    "TIME_STYLE",
    "BLOCK_SIZE",
    "BLOCKSIZE",
    "RUST_BACKTRACE",
    "RUST_LOG",
    "NODE_ENV",
    "PYTHONUNBUFFERED",
    "PYTHONDONTWRITEBYTECODE",
    "GOOS",
    "GOARCH",
    "CGO_ENABLED",
];

/// Whether every `NAME=value` prefix of the command sets a harmless variable to a literal.
pub fn only_safe_assignments(cmd: &SimpleCommand) -> bool {
    cmd.assignments.iter().all(|a| {
        let (name, value) = a.split_once('=').unwrap_or((a, ""));
        SAFE_ENV_VARS.contains(&name) && !value.contains(['$', '`'])
    })
}

/// `cmd` exact, `prefix:*` (legacy: the prefix, then nothing or a space and anything) and
/// `*` wildcards (`npm *` also covers a bare `npm`).
pub fn pattern_matches(spec: &str, text: &str) -> bool {
    let text = text.trim();
    if let Some(prefix) = spec.strip_suffix(":*") {
        return text == prefix || text.starts_with(&format!("{prefix} "));
    }
    if !spec.contains('*') {
        return spec.trim() == text;
    }
    if let Some(head) = spec.strip_suffix(" *") {
        if !head.contains('*') && text == head {
            return true;
        }
    }
    wildcard(spec, text)
}

/// `*` matches any run of characters (spaces and slashes included); `\*` is a literal star.
fn wildcard(pattern: &str, text: &str) -> bool {
    let mut parts: Vec<String> = vec![String::new()];
    let mut chars = pattern.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&'*') => {
                chars.next();
                if let Some(last) = parts.last_mut() {
                    last.push('*');
                }
            }
            '*' => parts.push(String::new()),
            other => {
                if let Some(last) = parts.last_mut() {
                    last.push(other);
                }
            }
        }
    }
    let mut rest = text;
    let last = parts.len() - 1;
    for (i, part) in parts.iter().enumerate() {
        if i == 0 {
            match rest.strip_prefix(part.as_str()) {
                Some(r) => rest = r,
                None => return false,
            }
        } else if i == last {
            return rest.ends_with(part.as_str());
        } else {
            match rest.find(part.as_str()) {
                Some(pos) => rest = &rest[pos + part.len()..],
                None => return false,
            }
        }
    }
    rest.is_empty()
}

/// Whether an allow rule covers this simple command as written.
pub fn allow_covers(rules: &RuleSet, cmd: &SimpleCommand) -> bool {
    if cmd.words.is_empty()
        || cmd.dynamic.first().copied().unwrap_or(true)
        || !only_safe_assignments(cmd)
    {
        return false;
    }
    let text = cmd.words.join(" ");
    rules.of(RuleBehavior::Allow).any(|e| {
        e.rule.tool == "Bash"
            && e.rule
                .content
                .as_deref()
                .is_some_and(|c| pattern_matches(c, &text))
    })
}

/// A deny or ask rule that covers (part of) a command line.
#[derive(Debug, Clone, PartialEq)]
pub struct RuleHit {
    pub entry: RuleEntry,
    /// The part of the line the decision names: the whole line, or one pipeline segment.
    pub command: String,
    /// The covered command sits inside a `sh -c` / `bash -c` script.
    pub in_shell_script: bool,
    /// No rule covers a command, but the line runs code no rule can be checked against
    /// (deny rules only): what that code is.
    pub opaque: Option<String>,
}

/// The first `behavior` rule (deny or ask) that covers any part of `command`, found as the
/// reference finds it.
pub fn find_rule(
    rules: &RuleSet,
    behavior: RuleBehavior,
    command: &str,
    roots: &RuleRoots,
) -> Option<RuleHit> {
    find_rule_from(rules, behavior, command, roots, &roots.cwd)
}

/// [`find_rule`] for a line the shell runs from `start` (after a `cd`).
pub fn find_rule_from(
    rules: &RuleSet,
    behavior: RuleBehavior,
    command: &str,
    roots: &RuleRoots,
    start: &std::path::Path,
) -> Option<RuleHit> {
    search(rules, behavior, command, roots, start, false)
}

/// Like [`find_rule`], and also through every detour (a deletion spelled
/// otherwise, find's commands, eval, script files, path spellings), with
/// [`RuleHit::opaque`] set when no rule matches but a deny rule applies to Bash and the
/// line runs code nobody can check. Stricter than the reference, which runs all of these.
pub fn find_rule_strict(
    rules: &RuleSet,
    behavior: RuleBehavior,
    command: &str,
    roots: &RuleRoots,
    start: &std::path::Path,
) -> Option<RuleHit> {
    search(rules, behavior, command, roots, start, true)
}

fn search(
    rules: &RuleSet,
    behavior: RuleBehavior,
    command: &str,
    roots: &RuleRoots,
    start: &std::path::Path,
    strict: bool,
) -> Option<RuleHit> {
    let entries: Vec<&RuleEntry> = rules
        .of(behavior)
        .filter(|e| {
            (e.rule.tool == "Bash" && e.rule.content.is_some())
                || (e.rule.content.is_some() && path_rule_kind(&e.rule).is_some())
        })
        .collect();
    if entries.is_empty() {
        return None;
    }
    let parsed = parse(command);
    let segments = if parsed.pipe_segments.len() > 1 {
        parsed.pipe_segments.clone()
    } else {
        vec![command.trim().to_string()]
    };
    let mut walk = walk::Walk {
        entries: &entries,
        roots,
        start,
        strict,
        opaque: None,
    };
    for segment in &segments {
        if let Some((entry, in_shell_script)) = walk.text(segment, 0, false) {
            return Some(RuleHit {
                entry: entry.clone(),
                command: segment.clone(),
                in_shell_script,
                opaque: None,
            });
        }
    }
    // A pipe feeding a shell is only seen as a whole line.
    if strict && segments.len() > 1 {
        walk.text(command, 0, false);
    }
    match (behavior, walk.opaque) {
        (RuleBehavior::Deny, Some(what)) => Some(RuleHit {
            entry: entries[0].clone(),
            command: command.trim().to_string(),
            in_shell_script: false,
            opaque: Some(what),
        }),
        _ => None,
    }
}

/// Options of wrappers that take a value as the next word.
fn takes_value(wrapper: &str, flag: &str) -> bool {
    match wrapper {
        "env" => matches!(
            flag,
            "-u" | "--unset" | "-C" | "--chdir" | "-S" | "--split-string"
        ),
        "nice" => matches!(flag, "-n" | "--adjustment"),
        "timeout" => matches!(flag, "-s" | "--signal" | "-k" | "--kill-after"),
        "xargs" => matches!(
            flag,
            "-n" | "-L"
                | "-I"
                | "-d"
                | "-P"
                | "-s"
                | "-E"
                | "-a"
                | "--max-args"
                | "--max-lines"
                | "--delimiter"
                | "--max-procs"
                | "--arg-file"
        ),
        "sudo" => matches!(
            flag,
            "-u" | "-g" | "-C" | "-D" | "-h" | "-p" | "-U" | "-r" | "-t"
        ),
        "stdbuf" => matches!(flag, "-i" | "-o" | "-e"),
        "ionice" => matches!(
            flag,
            "-c" | "-n" | "-p" | "-P" | "-u" | "--class" | "--classdata"
        ),
        "exec" => flag == "-a",
        _ => false,
    }
}

/// The command a wrapper runs, or `None` when `words` is not a wrapper call.
pub fn strip_wrapper(words: &[String]) -> Option<Vec<String>> {
    let name = words.first()?.as_str();
    let wrapper = match name {
        "command" | "builtin" | "exec" | "nohup" | "time" | "nice" | "env" | "timeout"
        | "xargs" | "stdbuf" | "sudo" | "doas" | "setsid" | "ionice" => name,
        _ => return None,
    };
    // `command -v NAME` looks a name up; it runs nothing.
    if wrapper == "command"
        && words
            .iter()
            .skip(1)
            .take_while(|w| w.starts_with('-'))
            .any(|w| w == "-v" || w == "-V")
    {
        return None;
    }
    let mut i = 1;
    while let Some(w) = words.get(i) {
        if w == "--" {
            i += 1;
            break;
        }
        if w.starts_with('-') && w.len() > 1 {
            let numeric = w[1..].chars().all(|c| c.is_ascii_digit());
            if takes_value(wrapper, w) && !(wrapper == "nice" && numeric) {
                i += 2;
            } else {
                i += 1;
            }
            continue;
        }
        if wrapper == "env" && w.contains('=') {
            i += 1;
            continue;
        }
        break;
    }
    if wrapper == "timeout"
        && words
            .get(i)
            .is_some_and(|d| d.starts_with(|c: char| c.is_ascii_digit()))
    {
        i += 1;
    }
    Some(words.get(i..).map(<[String]>::to_vec).unwrap_or_default())
}

#[cfg(test)]
mod tests;

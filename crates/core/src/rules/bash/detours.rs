//! What a simple command runs besides itself, for deny rules.
//!
//! A deny rule on `rm` means "do not delete my files". A command can delete without being
//! called `rm`, or run code the rule never sees; each such way is a [`Detour`]:
//!
//! - another command it runs: find's `-exec`/`-execdir`/`-ok`/`-okdir` command, a
//!   multi-call binary's applet (`busybox rm`);
//! - a deletion spelled otherwise, read as the `rm` call that does the same (the table
//!   below): `unlink F` as `rm F`, `rmdir D` as `rm -d D`, `shred -u F` as `rm F`, `find P
//!   -delete` as `rm -rf P`, `mv X /dev/null` as `rm -rf X`, `git clean -f` as `rm -rf`;
//! - shell code given as text: `eval WORDS`, an alias's value, a shell script named on the
//!   line (`sh FILE`, `source FILE`), read and checked like `sh -c`;
//! - code that cannot be read before it runs ([`Detour::Opaque`]): an interpreter's inline
//!   program (`python3 -c`, `perl -e`, `node -e`, ...), a shell or interpreter reading its
//!   program from standard input (`cat s.sh | sh`, `bash <<< ...`), an awk program that runs
//!   commands, a command name or `eval` text only known when the line runs.
//!
//! ```text
//! find d -exec rm {} +   ->  Command([rm, {}])
//! unlink d/f             ->  Command([rm, d/f])
//! eval "rm -rf d"        ->  Script("rm -rf d")
//! python3 -c "..."       ->  Opaque("python3 -c")
//! ```

use std::path::Path;

use super::super::shell::SimpleCommand;

/// Shells whose `-c` script or script file is read like a command line.
pub(super) const SHELLS: &[&str] = &["sh", "bash", "zsh", "dash", "ksh", "mksh", "ash"];

/// A script file larger than this is not read; it counts as opaque.
const MAX_SCRIPT: u64 = 256 * 1024;

#[derive(Debug, Clone, PartialEq)]
pub(super) enum Detour {
    /// Another command the line runs, as words.
    Command(Vec<String>),
    /// Shell code given as text.
    Script(String),
    /// Code that cannot be checked; the text says which.
    Opaque(String),
}

/// The script of `sh -c SCRIPT` (and `bash -lc`, `zsh -c` ...).
pub(super) fn shell_c_script(words: &[String]) -> Option<&str> {
    let name = words.first()?;
    if !SHELLS.contains(&name.as_str()) {
        return None;
    }
    let mut it = words.iter().skip(1);
    while let Some(w) = it.next() {
        if w.starts_with('-') && !w.starts_with("--") && w.contains('c') {
            return it.next().map(String::as_str);
        }
        if !w.starts_with('-') {
            return None;
        }
    }
    None
}

/// One reading of a simple command: its words (wrappers taken off) and, per word, whether
/// its value is only known at run time.
pub(super) struct View<'a> {
    pub words: &'a [String],
    pub dynamic: &'a [bool],
    pub cmd: &'a SimpleCommand,
    /// Where relative script paths start.
    pub cwd: &'a Path,
}

fn is_flag(w: &str) -> bool {
    w.starts_with('-') && w.len() > 1
}

/// A short-option cluster (`-Sc`, `-pe`) that holds `letter`.
fn cluster_has(w: &str, letters: &[char]) -> bool {
    w.starts_with('-') && !w.starts_with("--") && w[1..].chars().any(|c| letters.contains(&c))
}

fn operands(args: &[String]) -> Vec<String> {
    args.iter()
        .filter(|a| !is_flag(a) && a.as_str() != "--")
        .cloned()
        .collect()
}

fn rm(flags: &[&str], paths: Vec<String>) -> Detour {
    let mut words = vec!["rm".to_string()];
    words.extend(flags.iter().map(|f| f.to_string()));
    words.extend(paths);
    Detour::Command(words)
}

/// The detours of one view of a command.
pub(super) fn detours(view: &View<'_>) -> Vec<Detour> {
    let Some(name) = view.words.first() else {
        return Vec::new();
    };
    let args = &view.words[1..];
    let dyn_arg = |i: usize| view.dynamic.get(i + 1).copied().unwrap_or(false);
    let name = name.as_str();
    let program = name.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    match name {
        "find" => find(args),
        "unlink" => vec![rm(&[], operands(args))],
        "rmdir" => vec![rm(&["-d"], operands(args))],
        "shred"
            if args.iter().any(|a| {
                a == "--remove" || a.starts_with("--remove=") || cluster_has(a, &['u'])
            }) =>
        {
            let mut paths = Vec::new();
            let mut skip = false;
            for a in args {
                if std::mem::take(&mut skip) {
                    continue;
                }
                if matches!(a.as_str(), "-n" | "-s" | "--iterations" | "--size") {
                    skip = true;
                } else if !is_flag(a) {
                    paths.push(a.clone());
                }
            }
            vec![rm(&[], paths)]
        }
        "mv" => {
            let ops = operands(args);
            match ops.split_last() {
                Some((last, rest)) if last.trim_end_matches('/') == "/dev/null" => {
                    vec![rm(&["-rf"], rest.to_vec())]
                }
                _ => Vec::new(),
            }
        }
        "git" => git_clean(args),
        "busybox" | "toybox" if !args.is_empty() => vec![Detour::Command(args.to_vec())],
        "eval" => {
            if (0..args.len()).any(dyn_arg) {
                vec![Detour::Opaque(
                    "eval of text only known when it runs".into(),
                )]
            } else {
                vec![Detour::Script(args.join(" "))]
            }
        }
        "alias" => args
            .iter()
            .filter_map(|a| a.split_once('='))
            .map(|(_, value)| Detour::Script(value.to_string()))
            .collect(),
        "source" | "." => script_file(args.first(), name, view.cwd),
        _ if SHELLS.contains(&name) => shell(view, args),
        "awk" | "gawk" | "mawk" | "nawk" | "busybox-awk" => awk(args),
        _ if interpreter_inline(program, args) => {
            vec![Detour::Opaque(format!(
                "{name} with a program given inline"
            ))]
        }
        _ if is_interpreter(program) && reads_program_from_stdin(view, args) => {
            vec![Detour::Opaque(format!(
                "{name} reading its program from standard input"
            ))]
        }
        _ => Vec::new(),
    }
}

/// find's actions: the command of `-exec`/`-execdir`/`-ok`/`-okdir` (up to `;` or `+`), and
/// `-delete` as `rm -rf` of the starting points.
fn find(args: &[String]) -> Vec<Detour> {
    let mut out = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if matches!(a.as_str(), "-exec" | "-execdir" | "-ok" | "-okdir") {
            let inner: Vec<String> = it
                .by_ref()
                .take_while(|w| w.as_str() != ";" && w.as_str() != "+")
                .cloned()
                .collect();
            if !inner.is_empty() {
                out.push(Detour::Command(inner));
            }
        }
    }
    if args.iter().any(|a| a == "-delete") {
        let mut starts: Vec<String> = args
            .iter()
            .take_while(|a| !a.starts_with('-') && !matches!(a.as_str(), "(" | "!" | ")"))
            .cloned()
            .collect();
        if starts.is_empty() {
            starts.push(".".into());
        }
        out.push(rm(&["-rf"], starts));
    }
    out
}

/// `git [global options] clean -f ...`: removes untracked files, which git cannot restore.
fn git_clean(args: &[String]) -> Vec<Detour> {
    let mut i = 0;
    while let Some(a) = args.get(i) {
        if matches!(
            a.as_str(),
            "-C" | "-c" | "--git-dir" | "--work-tree" | "--namespace"
        ) {
            i += 2;
        } else if a.starts_with('-') {
            i += 1;
        } else {
            break;
        }
    }
    if args.get(i).map(String::as_str) != Some("clean") {
        return Vec::new();
    }
    let rest = &args[i + 1..];
    let forced = rest
        .iter()
        .any(|a| a == "--force" || cluster_has(a, &['f']));
    if !forced {
        return Vec::new();
    }
    let mut paths = operands(rest);
    if paths.is_empty() {
        paths.push(".".into());
    }
    vec![rm(&["-rf"], paths)]
}

/// A script named on the line: its text, checked like `sh -c`; a script that cannot be read
/// (too large, not text) cannot be checked. A missing file runs nothing.
fn script_file(path: Option<&String>, runner: &str, cwd: &Path) -> Vec<Detour> {
    let Some(path) = path else {
        return Vec::new();
    };
    let full = cwd.join(path);
    let Ok(meta) = std::fs::metadata(&full) else {
        return Vec::new();
    };
    match std::fs::read_to_string(&full) {
        Ok(text) if meta.len() <= MAX_SCRIPT => vec![Detour::Script(text)],
        _ => vec![Detour::Opaque(format!("{runner} running {path}"))],
    }
}

/// `sh -c SCRIPT`, `sh FILE`, or `sh` reading its program from standard input.
fn shell(view: &View<'_>, args: &[String]) -> Vec<Detour> {
    let name = &view.words[0];
    let mut i = 0;
    while let Some(w) = args.get(i) {
        if w.starts_with('-') && !w.starts_with("--") && w.contains('c') {
            return match args.get(i + 1) {
                Some(_) if view.dynamic.get(i + 2).copied().unwrap_or(false) => {
                    vec![Detour::Opaque(format!(
                        "{name} -c with a script only known when it runs"
                    ))]
                }
                Some(script) => vec![Detour::Script(script.clone())],
                None => Vec::new(),
            };
        }
        if w == "-s" || w == "-" {
            break;
        }
        if !w.starts_with('-') {
            return script_file(Some(w), name, view.cwd);
        }
        // Options that take a value (`-o opt`, `-O shopt`).
        if matches!(
            w.as_str(),
            "-o" | "-O" | "+o" | "+O" | "--rcfile" | "--init-file"
        ) {
            i += 1;
        }
        i += 1;
    }
    if view.cmd.piped || view.cmd.stdin_redirected {
        vec![Detour::Opaque(format!(
            "{name} reading its program from standard input"
        ))]
    } else {
        Vec::new()
    }
}

/// An awk program that runs commands (`system(...)`, `print | "cmd"`, `"cmd" | getline`).
fn awk(args: &[String]) -> Vec<Detour> {
    if args.iter().any(|a| a == "-f" || a.starts_with("--file")) {
        return Vec::new();
    }
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if matches!(a.as_str(), "-v" | "-F" | "--assign" | "--field-separator") {
            it.next();
            continue;
        }
        if is_flag(a) {
            continue;
        }
        if a.contains("system") || a.contains('|') {
            return vec![Detour::Opaque("an awk program that runs commands".into())];
        }
        break;
    }
    Vec::new()
}

fn is_interpreter(program: &str) -> bool {
    matches!(
        program,
        "python"
            | "pypy"
            | "perl"
            | "ruby"
            | "node"
            | "nodejs"
            | "bun"
            | "deno"
            | "php"
            | "lua"
            | "luajit"
            | "Rscript"
            | "tclsh"
            | "osascript"
            | "pwsh"
            | "jshell"
    )
}

/// Whether an interpreter is handed its program on the command line.
fn interpreter_inline(program: &str, args: &[String]) -> bool {
    let before_operand = args.iter().take_while(|a| a.starts_with('-'));
    let any = |f: &dyn Fn(&str) -> bool| before_operand.clone().any(|a| f(a));
    match program {
        "python" | "pypy" => any(&|a| cluster_has(a, &['c'])),
        "perl" => any(&|a| cluster_has(a, &['e', 'E'])),
        "ruby" => any(&|a| cluster_has(a, &['e'])),
        "node" | "nodejs" | "bun" => {
            any(&|a| cluster_has(a, &['e', 'p']) || a == "--eval" || a == "--print")
        }
        "deno" => args.first().is_some_and(|a| a == "eval"),
        "php" => any(&|a| cluster_has(a, &['r'])),
        "lua" | "luajit" | "Rscript" | "osascript" => any(&|a| a == "-e"),
        "pwsh" => any(&|a| a.eq_ignore_ascii_case("-c") || a.eq_ignore_ascii_case("-command")),
        _ => false,
    }
}

/// An interpreter without a program file (or with `-`) runs what its standard input holds.
fn reads_program_from_stdin(view: &View<'_>, args: &[String]) -> bool {
    let first_operand = args
        .iter()
        .find(|a| !a.starts_with('-') || a.as_str() == "-");
    let from_stdin = first_operand.is_none_or(|a| a == "-");
    let version_only = args
        .iter()
        .any(|a| matches!(a.as_str(), "--version" | "-V" | "-v" | "--help" | "-h"));
    from_stdin && !version_only && (view.cmd.piped || view.cmd.stdin_redirected)
}

#[cfg(test)]
mod tests;

//! Bash's own permission check: which command lines may run without asking.
//!
//! The line is read with the core's shell reader ([`oxagent_core::rules::shell`]). It runs
//! without asking when every simple command is covered by an allow rule or known to be
//! read-only (`echo`, `ls`/`cat`/`grep` ... on paths inside the working directories, `git
//! status`/`log`/`diff` ...) and nothing writes a file; in `acceptEdits` mode, file commands
//! (`touch`, `mkdir`, `rm`, `sed -i`, `> file` ...) inside the working directories run too.
//! Syntax that hides what runs (`$(..)`, `<(..)`, `${..}`, unquoted here-documents, brace
//! groups, loops) is asked for, with the reference's wording for each.
//!
//! ```
//! use oxagent_core::{permission::{PermissionContext, ToolPermission}, PermissionMode};
//! use oxagent_tools::permission_checks::check_bash;
//! let ctx = PermissionContext::new("/ws", PermissionMode::Default);
//! assert_eq!(check_bash("echo hi && ls src | grep x", &ctx.cwd.clone(), &ctx), ToolPermission::Allow);
//! assert!(matches!(check_bash("touch t.txt", &ctx.cwd.clone(), &ctx), ToolPermission::Ask { .. }));
//! ```

use std::path::{Path, PathBuf};

use oxagent_core::permission::{PermissionContext, ToolPermission};
use oxagent_core::rules::bash::{allow_covers, only_safe_assignments, strip_wrapper};
use oxagent_core::rules::shell::{parse, Hazard, SimpleCommand};
use oxagent_core::PermissionMode;
use serde_json::Value;

use super::known_commands::{
    git_is_read_only, is_flag, literal_prefix, path_reader_verb, sed_names_files, sed_only_prints,
    sed_script_is_plain, strip_wrappers, xargs_is_plain, FILE_WRITERS, FIND_ACTIONS, PATTERN_FIRST,
    READ_ONLY, SHELL_CODE, VERSION_ONLY,
};
use super::offered_rules::{line_rule, parts_suggestions, path_rule, prefix_rule, rule_suggestion};
use super::{
    accept_edits_suggestion, add_directory_suggestion, directory_suggestion, locate, quoted_dirs,
    read_rule_suggestion, Location,
};
use crate::paths::real_path;

use super::resolve_in;

mod assigned;
mod paths;
#[cfg(test)]
mod tests;
use paths::{climbs_after_directory, redirect_verdict, writer_verdict, GLOB_WRITE, TRAVERSAL};

pub const UNSUPPORTED: &str = "This command requires approval";
/// A word after a redirection that follows the command name (`ls >/dev/null -a`).
const SWALLOWED: &str = "Redirect has multiple targets — post-redirect args swallowed";
/// A here-string after another redirection (`cat 2>&1 <<< x`).
const UNREAD_TAIL: &str = "Parser did not consume trailing input";
const BACKGROUND: &str = "This command uses the `&` background operator, which defers execution past approval-time safety checks. Approve only if you trust it.";

/// What one simple command needs.
enum Verdict {
    Fine,
    /// Needs approval, and there is a precise reason naming a path.
    Specific {
        message: String,
        blocked: PathBuf,
    },
    /// Refused for reading (or moving to) a path outside the working directories: `blocked`
    /// is where it really leads; `offer` whether rules to allow it are suggested (not for
    /// the filesystem root, nor for a path climbing out of a directory it named).
    Blocked {
        message: String,
        blocked: PathBuf,
        offer: bool,
    },
    /// Writes a protected path (`.git`, `.claude`, a shell profile): the file tools'
    /// question, asked as a safety check (protected/pp_bash_*).
    Protected {
        message: String,
        blocked: PathBuf,
    },
    /// Needs approval for a reason that is not about one path.
    Other(&'static str),
    /// A path that climbs out of a directory (`sub/../x`), as written and resolved.
    Traversal {
        written: String,
        resolved: PathBuf,
    },
    /// A question about an output redirection's target that offers no rule (`> o*.txt`,
    /// `> $HOME/x`): asked alone as itself, listed by its command among others.
    Expansion(&'static str),
    /// A file command given a path with glob characters: as written, and the directory
    /// offered for it (where it would be, or the path itself for `rmdir`).
    GlobWrite {
        written: String,
        dir: PathBuf,
    },
    /// Needs approval for no reason more precise than "not known to be safe".
    Unknown,
}

/// The verdicts on a command's output redirections.
fn redirect_verdicts<'a>(
    cmd: &'a SimpleCommand,
    cwd: &'a Path,
    ctx: &'a PermissionContext,
) -> impl Iterator<Item = Verdict> + 'a {
    cmd.redirects
        .iter()
        .zip(cmd.raw_redirects.iter())
        .map(move |(target, raw)| redirect_verdict(target, raw, cwd, ctx))
}

pub(super) fn hazard_text(h: Hazard) -> &'static str {
    match h {
        Hazard::Nested => "A nested command in this command can't be checked before it runs",
        Hazard::QuotedNested => "Quoted text in this command can't be checked before it runs",
        Hazard::ProcessSubstitution => {
            "A command used as a file in this command can't be checked before it runs"
        }
        Hazard::BraceVariable => {
            "A variable in braces in this command can't be checked before it runs"
        }
        Hazard::BraceExpansion => "Brace expansion",
        Hazard::Heredoc => "Heredoc with unquoted delimiter undergoes shell expansion",
        Hazard::EscapedWhitespace => "Contains backslash-escaped whitespace",
        Hazard::Variable => "A variable in this command can't be checked before it runs",
        Hazard::QuotedVariable => "Quoted text in this command can't be checked before it runs",
        Hazard::LoneDollar => "This command can't be checked before it runs",
        Hazard::Assignment => "A variable set in this command can't be checked before it runs",
        Hazard::Unsupported | Hazard::SpecialInQuotes => UNSUPPORTED,
    }
}

fn verdict(words: &[String], dynamic0: bool, cwd: &Path, ctx: &PermissionContext) -> Verdict {
    let Some(name) = words.first() else {
        return Verdict::Fine;
    };
    if dynamic0 || name.contains('/') {
        return Verdict::Unknown;
    }
    let args = &words[1..];
    match name.as_str() {
        "git" if git_is_read_only(args) => return Verdict::Fine,
        "docker" if matches!(args.first().map(String::as_str), Some("ps" | "images")) => {
            return Verdict::Fine
        }
        n if VERSION_ONLY.contains(&n) && args.len() == 1 && args[0] == "--version" => {
            return Verdict::Fine
        }
        "git" => return Verdict::Unknown,
        "env" => {
            let inner = strip_wrapper(words).unwrap_or_default();
            return match verdict(&inner, false, cwd, ctx) {
                s @ (Verdict::Specific { .. } | Verdict::Blocked { .. }) if !inner.is_empty() => s,
                _ => Verdict::Unknown,
            };
        }
        "xargs" => {
            let inner = strip_wrapper(words).unwrap_or_default();
            // The paths it reads come from its input, unseen: a command whose paths are
            // checked is asked about (`xargs cat`), one that takes none is not (`xargs echo`).
            let reads_paths = inner.first().is_some_and(|n| path_reader_verb(n).is_some());
            return match verdict(&inner, false, cwd, ctx) {
                Verdict::Fine if !inner.is_empty() && !reads_paths && xargs_is_plain(args) => {
                    Verdict::Fine
                }
                _ => Verdict::Unknown,
            };
        }
        _ => {}
    }
    // `sed` on files changes them unless it only prints (`sed -n 1p f`); on its input it
    // writes nothing.
    let in_place = args
        .iter()
        .any(|a| a == "-i" || a.starts_with("--in-place"));
    let sed_in_place = name == "sed"
        && (in_place
            || !sed_script_is_plain(args)
            || (sed_names_files(args) && !sed_only_prints(args)));
    // acceptEdits lets `sed -i` edit; any other sed that may write is the user's call.
    let bare_substitution = args.first().is_some_and(|a| a.starts_with("s/"));
    if sed_in_place && !in_place && !bare_substitution && ctx.mode == PermissionMode::AcceptEdits {
        return Verdict::Other(SED_EDIT);
    }
    if FILE_WRITERS.contains(&name.as_str()) || sed_in_place {
        return writer_verdict(name, args, cwd, ctx);
    }
    // A command whose paths are checked is refused a path outside first, whether or not
    // it would run unasked inside (`awk 1 /etc/x` is refused; `awk 1 notes.txt` asked).
    if let Some(verb) = path_reader_verb(name) {
        if let Some(v) = outside_read(name, verb, args, cwd, ctx) {
            return v;
        }
    }
    if !READ_ONLY.contains(&name.as_str()) {
        return Verdict::Unknown;
    }
    // `uniq IN OUT` writes OUT; the reference asks about any file named (fa_rd_inside_nocb).
    if name == "uniq" && args.iter().any(|a| !is_flag(a)) {
        return Verdict::Unknown;
    }
    if name == "sort"
        && args
            .iter()
            .any(|a| a.starts_with("-o") || a.starts_with("--output"))
    {
        return Verdict::Unknown;
    }
    Verdict::Fine
}

/// The paths a path-checked command `name` is given (its pattern first, for grep's kin and
/// sed, left out).
fn path_args<'a>(name: &str, args: &'a [String]) -> Vec<&'a String> {
    args.iter()
        .filter(|a| !is_flag(a))
        .skip(usize::from(PATTERN_FIRST.contains(&name) || name == "sed"))
        .collect()
}

/// Where `cd` (its words) takes a shell standing in `cwd`: home (the session's directory)
/// without a single argument.
fn cd_target(words: &[String], cwd: &Path, ctx: &PermissionContext) -> PathBuf {
    match words.get(1) {
        Some(dir) if words.len() == 2 => resolve_in(dir, cwd, ctx),
        _ => ctx.cwd.clone(),
    }
}

/// The refusal of a path-checked command naming a path outside the working directories
/// (the first such path, where it really leads), if it names one.
fn outside_read(
    name: &str,
    verb: &str,
    args: &[String],
    cwd: &Path,
    ctx: &PermissionContext,
) -> Option<Verdict> {
    let written = path_args(name, args);
    let mut paths: Vec<(PathBuf, bool)> = written
        .iter()
        .map(|a| {
            (
                resolve_in(literal_prefix(a), cwd, ctx),
                climbs_after_directory(a),
            )
        })
        .collect();
    if paths.is_empty() {
        paths.push((cwd.to_path_buf(), false));
    }
    let (path, climbs) = paths
        .into_iter()
        .find(|(p, _)| locate(p, ctx) != Location::Inside && !read_allowed(p, ctx))?;
    let real = real_path(&path);
    Some(Verdict::Blocked {
        message: format!(
            "{name} in '{}' was blocked. For security, Claude Code may only {verb} the allowed \
             working directories for this session: {}.",
            real.display(),
            quoted_dirs(ctx)
        ),
        offer: !climbs && real.parent().is_some(),
        blocked: real,
    })
}

/// A Read allow rule with a path covers `path`, and where it really leads: the commands
/// whose paths are checked read there (fa_334, fa_pin_readallow_*).
fn read_allowed(path: &Path, ctx: &PermissionContext) -> bool {
    let covered = |p: &Path| {
        let input = serde_json::json!({"file_path": p.display().to_string()});
        ctx.rules
            .find(
                oxagent_core::rules::RuleBehavior::Allow,
                "Read",
                &input,
                &ctx.roots(),
            )
            .is_some_and(|e| !e.rule.is_bare())
    };
    covered(path) && covered(&real_path(path))
}

/// With a Read deny rule naming paths in force, a line that moves the shell by `cd` (staying
/// in the working directories) and then reads by a relative path, or lists where it stands,
/// is asked about: which file it reads cannot be told before it runs (fa_374,
/// fa_pin_cdread_*). No rule is offered.
fn relative_read_after_cd(
    commands: &[SimpleCommand],
    shell_cwd: &Path,
    ctx: &PermissionContext,
) -> Option<ToolPermission> {
    let denies_paths = ctx
        .rules
        .of(oxagent_core::rules::RuleBehavior::Deny)
        .any(|e| e.rule.tool == "Read" && !e.rule.is_bare());
    if !denies_paths || commands.len() < 2 {
        return None;
    }
    let mut cwd = shell_cwd.to_path_buf();
    let mut moved = false;
    for cmd in commands {
        let words = strip_wrappers(&cmd.words);
        let Some(name) = words.first().map(String::as_str) else {
            continue;
        };
        if name == "cd" {
            let target = cd_target(words, &cwd, ctx);
            // A `cd` out of the working directories is its own question.
            if locate(&target, ctx) != Location::Inside {
                return None;
            }
            cwd = target;
            moved = true;
            continue;
        }
        let reader = path_reader_verb(name).is_some();
        let paths = path_args(name, &words[1..]);
        if moved && reader && (paths.is_empty() || paths.iter().any(|p| !p.starts_with('/'))) {
            let mut question = ask(
                format!(
                    "{name} reads a file by a relative path after a cd in a compound command; which \
                     file that is cannot be resolved statically while a Read() deny rule is \
                     configured, so this needs approval."
                ),
                Some("other"),
                None,
                Vec::new(),
            );
            if let ToolPermission::Ask { reason, .. } = &mut question {
                *reason = Some(
                    "Compound command contains cd with a relative file read while a Read() deny \
                     rule exists"
                        .to_string(),
                );
            }
            return Some(question);
        }
    }
    None
}

/// An input redirection from a file outside the working directories.
fn input_verdict(source: &str, cwd: &Path, ctx: &PermissionContext) -> Verdict {
    let path = resolve_in(source, cwd, ctx);
    if source.contains('$') || locate(&path, ctx) == Location::Inside {
        return Verdict::Fine;
    }
    let real = real_path(&path);
    Verdict::Blocked {
        offer: !climbs_after_directory(source) && real.parent().is_some(),
        message: format!(
            "Input redirection from '{}' was blocked. For security, Claude Code may only read files \
             in the allowed working directories for this session: {}.",
            real.display(),
            quoted_dirs(ctx)
        ),
        blocked: real,
    }
}

fn ask(
    message: String,
    reason: Option<&str>,
    blocked: Option<&Path>,
    suggestions: Vec<Value>,
) -> ToolPermission {
    ToolPermission::Ask {
        blocked_path: blocked.map(|p| p.display().to_string()),
        suggestions,
        reason_type: reason.map(str::to_string),
        // The one question whose stated reason is not its message.
        reason: (message == SED_EDIT).then(|| SED_EDIT_REASON.to_string()),
        message,
    }
}

/// What acceptEdits asks about a `sed` that may write without `-i`, and why.
pub(super) const SED_EDIT: &str =
    "sed command requires approval (contains potentially dangerous operations)";
const SED_EDIT_REASON: &str = "sed command contains operations that require explicit approval (e.g., write commands, execute commands)";

/// The verdicts of one simple command: the command itself (`cd` moves `cwd`), then its
/// redirections.
fn command_verdicts(
    cmd: &SimpleCommand,
    cwd: &mut PathBuf,
    cd_seen: &mut bool,
    ctx: &PermissionContext,
) -> Vec<Verdict> {
    let mut out = Vec::new();
    let words = strip_wrappers(&cmd.words);
    let offset = cmd.words.len() - words.len();
    if !only_safe_assignments(cmd) && !cmd.words.is_empty() {
        out.push(Verdict::Unknown);
    } else if allow_covers(&ctx.rules, cmd) || allow_covers(&ctx.rules, &unwrapped(cmd)) {
        // A rule allows the command, not reaching outside the working directories.
        let dynamic0 = cmd.dynamic.get(offset).copied().unwrap_or(false);
        out.push(match verdict(words, dynamic0, cwd, ctx) {
            Verdict::Specific { message, blocked } if locate(&blocked, ctx) != Location::Inside => {
                Verdict::Specific { message, blocked }
            }
            b @ Verdict::Blocked { .. } => b,
            _ => Verdict::Fine,
        });
    } else if words.first().map(String::as_str) == Some("cd") {
        // `cd` resolves from where the shell stands (fa_cd_from_src_nocb: after `cd src`,
        // `cd .. && ls` runs).
        let base = cwd.clone();
        *cd_seen = true;
        // `cd src/..` may leave through a symlink (fa_cd_out_nocb).
        if let Some(dir) = words.get(1).filter(|d| climbs_after_directory(d)) {
            out.push(Verdict::Traversal {
                written: dir.clone(),
                resolved: resolve_in(dir, &base, ctx),
            });
            out.extend(redirect_verdicts(cmd, cwd, ctx));
            return out;
        }
        let target = cd_target(words, &base, ctx);
        if words.len() <= 2 && locate(&target, ctx) == Location::Inside {
            out.push(Verdict::Fine);
        } else {
            out.push(Verdict::Blocked {
                message: format!(
                    "cd in '{}' was blocked. For security, Claude Code may only change directories to the \
                     allowed working directories for this session: {}.",
                    target.display(),
                    quoted_dirs(ctx)
                ),
                offer: target.parent().is_some(),
                blocked: target.clone(),
            });
        }
        *cwd = target;
    } else {
        let dynamic0 = cmd.dynamic.get(offset).copied().unwrap_or(false);
        out.push(match verdict(words, dynamic0, cwd, ctx) {
            // A writer fed by a pipe writes what nobody has seen.
            Verdict::Specific { .. } if cmd.piped => Verdict::Unknown,
            v => v,
        });
    }
    out.extend(redirect_verdicts(cmd, cwd, ctx));
    out.extend(cmd.inputs.iter().map(|t| input_verdict(t, cwd, ctx)));
    out
}

fn writes(cmd: &SimpleCommand) -> bool {
    !cmd.redirects.is_empty()
        || cmd
            .words
            .first()
            .is_some_and(|w| FILE_WRITERS.contains(&w.as_str()))
}

/// Whether `command` only reads, wherever its paths point (where it may read is
/// [`check_bash`]'s question). Such a call may run while other read-only calls run, a line
/// with a `cd` too: the calls beside it start where the shell stood before it, and the
/// calls after it where it left the shell (fa_cwd_parallel_readonly_mix).
pub fn is_read_only(command: &str) -> bool {
    let everywhere = PermissionContext::new("/", PermissionMode::Default);
    check_bash(command, Path::new("/"), &everywhere) == ToolPermission::Allow
}

/// `cmd` without a leading `nice [-n N]` or `nohup`: an allow rule for the command it runs
/// covers it, as the reference matches rules (`time` the reader takes off itself).
fn unwrapped(cmd: &SimpleCommand) -> SimpleCommand {
    let mut out = cmd.clone();
    loop {
        let skip = match out.words.first().map(String::as_str) {
            Some("nohup") => 1,
            Some("nice") if out.words.get(1).is_some_and(|w| w == "-n") => 3,
            Some("nice") => 1,
            _ => break,
        };
        let skip = skip.min(out.words.len());
        out.words.drain(..skip);
        out.dynamic.drain(..skip.min(out.dynamic.len()));
    }
    out
}

/// What follows a `time` that starts one of the line's commands, if one does.
fn timed(command: &str) -> Option<&str> {
    let mut starts = true;
    let mut rest = command;
    loop {
        rest = rest.trim_start();
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        if end == 0 {
            return None;
        }
        let (word, after) = rest.split_at(end);
        if starts && word == "time" {
            return Some(after.trim_start());
        }
        starts = matches!(word, ";" | "&&" | "||" | "|" | "&") || word.ends_with(';');
        rest = after;
    }
}

/// The question about a declaration whose operand holds a nested command (`export
/// x=$(cmd)`), the nested command shown as `$(…)`.
fn runtime_operand(parsed: &oxagent_core::rules::shell::Parsed) -> Option<String> {
    parsed.commands.iter().find_map(|cmd| {
        let name = cmd.words.first()?;
        if !matches!(
            name.as_str(),
            "export" | "declare" | "typeset" | "local" | "readonly"
        ) {
            return None;
        }
        let operand = cmd.words[1..]
            .iter()
            .zip(&cmd.dynamic[1..])
            .find(|(w, dynamic)| **dynamic && (w.contains("$(..)") || w.contains('`')))?
            .0;
        Some(format!(
            "'{name}' operand '{}' is runtime-determined and may carry an array subscript — shell arith-evals $(cmd) in subscripts",
            operand.replace("$(..)", "$(…)").replace("`..`", "$(…)")
        ))
    })
}

/// Bash: may `command` run without asking? `shell_cwd` is where the session's shell stands.
pub fn check_bash(command: &str, shell_cwd: &Path, ctx: &PermissionContext) -> ToolPermission {
    if ctx.mode == PermissionMode::BypassPermissions {
        return ToolPermission::Allow;
    }
    let parsed = parse(command);
    let other = |text: &str| {
        ask(
            text.to_string(),
            Some("other"),
            None,
            vec![rule_suggestion(&line_rule(command, &parsed))],
        )
    };
    // `time` runs what follows it; the reader takes it as a keyword, the reference asks.
    let ruled = parsed
        .commands
        .iter()
        .all(|c| allow_covers(&ctx.rules, c) || allow_covers(&ctx.rules, &unwrapped(c)));
    if let Some(after) = timed(command).filter(|_| !ruled) {
        return other(if after.starts_with('-') {
            "Command appears to be an incomplete fragment"
        } else {
            UNSUPPORTED
        });
    }
    // `export x=$(cmd)`: an operand known only when the line runs (fa_nest4_vars_default).
    if let Some(text) = runtime_operand(&parsed) {
        return ask(text, Some("other"), None, Vec::new());
    }
    // A construct the reference names (a `case`, a function definition, `$'..'` ...): the
    // question names it, and offers no rule (fa_nest3_cmds_default).
    if let Some(text) = parsed.construct {
        return ask(text.to_string(), Some("other"), None, Vec::new());
    }
    // A special parameter in quotes (`"a $?"`) is only not known to be safe: a command
    // alone is judged further (what it writes outranks it), a line of several is asked
    // about as a whole.
    let special_quoted = parsed.hazard == Some(Hazard::SpecialInQuotes);
    if special_quoted && parsed.commands.len() > 1 {
        return other(UNSUPPORTED);
    }
    if let Some(h) = parsed.hazard.filter(|_| !special_quoted) {
        // Variables set for the commands after them: nothing more precise is said. A line
        // that cannot be read through is offered no rule to allow it by, as in the reference.
        if h == Hazard::Assignment {
            return assigned::question(&parsed, shell_cwd, ctx);
        }
        return ask(hazard_text(h).to_string(), Some("other"), None, Vec::new());
    }
    if parsed.commands.iter().any(|c| c.late_here_string) {
        return ask(UNREAD_TAIL.to_string(), Some("other"), None, Vec::new());
    }
    if parsed.commands.iter().any(|c| c.swallowed) {
        return ask(SWALLOWED.to_string(), Some("other"), None, Vec::new());
    }
    for cmd in &parsed.commands {
        if cmd.words.len() > 1 && cmd.words[0] == "exec" {
            return other("'exec' evaluates arguments as shell code");
        }
        let words = strip_wrappers(&cmd.words);
        let first = words.first().map(String::as_str);
        if let Some((_, text)) = SHELL_CODE.iter().find(|(n, _)| Some(*n) == first) {
            return other(text);
        }
        match first {
            Some("eval") => return other("'eval' evaluates arguments as shell code"),
            Some("awk" | "gawk" | "mawk" | "nawk")
                if words.iter().skip(1).any(|w| w.contains("system(")) =>
            {
                return other("awk program contains system() which executes arbitrary commands");
            }
            Some("find") => {
                if let Some(action) = words.iter().find(|w| FIND_ACTIONS.contains(&w.as_str())) {
                    // No rule is offered: a prefix rule could never allow it.
                    return ask(
                        format!(
                            "find with '{action}' executes commands or modifies files — cannot be auto-allowed by a Bash(find:*) prefix rule"
                        ),
                        Some("other"),
                        None,
                        Vec::new(),
                    );
                }
            }
            _ => {}
        }
    }
    if let Some(question) = relative_read_after_cd(&parsed.commands, shell_cwd, ctx) {
        return question;
    }
    // A for loop's commands each need approval (their variable may be anything): one alone
    // is asked about in general words, several as the line's parts (sa_one_*); a loop that
    // uses its variable was asked about for it above.
    let in_loop = parsed.loops;
    if parsed.group {
        return other("A group in braces or double parentheses in this command can't be checked before it runs");
    }
    if parsed.subshell {
        return other(if parsed.leading_subshell {
            "This command can't be checked before it runs"
        } else {
            "This command uses shell operators that require approval for safety"
        });
    }
    let mut cwd = shell_cwd.to_path_buf();
    let mut parts: Vec<(&str, bool)> = Vec::new();
    let mut first_specific = None;
    // The first read refused for its path: (message, where it leads, rules offered?, the
    // command as written).
    let mut first_blocked: Option<(String, PathBuf, bool, &str)> = None;
    // Every command refused for where it reads (or moves the shell), as written.
    let mut blocked_parts: Vec<&str> = Vec::new();
    // The commands asked about for a file they change, as listed when two or more are,
    // and whether one of them is asked about for a redirection.
    let mut specific: Vec<&str> = Vec::new();
    let mut specific_redirect = false;
    // How many commands were asked about a path (or a redirection's target).
    let mut asked_commands = 0;
    // A redirection's target that offers no rule leaves the whole line without one.
    let mut unoffered = false;
    let mut first_other = None;
    let mut first_protected: Option<(String, PathBuf)> = None;
    let mut cd_part: Option<&str> = None;
    let mut cd_seen = false;
    // After `export`, what a later command does depends on a value set at run time.
    let mut exported = false;
    let mut substituted = false;
    for cmd in &parsed.commands {
        let is_cd = cmd.words.first().is_some_and(|w| w == "cd");
        // From a nested command whose output a variable takes on, each command needs
        // approval (sa_one_*: `x=$(cat f); echo done`).
        substituted |= cmd.substituted;
        let needs = in_loop || substituted;
        if (exported || needs)
            && !cmd.words.is_empty()
            && !parts.iter().any(|(t, _)| *t == cmd.text)
        {
            parts.push((&cmd.text, needs));
        }
        // So after `declare` and `read` (listed when another part is asked about).
        exported |= cmd
            .words
            .first()
            .is_some_and(|w| matches!(w.as_str(), "export" | "declare" | "typeset" | "read"));
        let mut asked = false;
        for v in command_verdicts(cmd, &mut cwd, &mut cd_seen, ctx) {
            let unknown = match v {
                Verdict::Fine => continue,
                Verdict::Unknown => true,
                Verdict::Other(text) => {
                    first_other.get_or_insert((text, None));
                    true
                }
                Verdict::Traversal { written, resolved } => {
                    let offered = add_directory_suggestion(&resolved);
                    first_other.get_or_insert((TRAVERSAL, Some((written, offered, false))));
                    true
                }
                Verdict::GlobWrite { written, dir } => {
                    let offered = directory_suggestion(&dir);
                    first_other.get_or_insert((GLOB_WRITE, Some((written, offered, true))));
                    true
                }
                Verdict::Protected { message, blocked } => {
                    first_protected.get_or_insert((message, blocked));
                    false
                }
                Verdict::Specific { message, blocked } => {
                    // Only questions about a file to change count (not a blocked `cd`).
                    if message.contains(" needs approval.") {
                        let redirect = message.starts_with("Output redirection");
                        specific_redirect |= redirect;
                        let listed = if redirect { &cmd.bare } else { &cmd.text };
                        if !specific.contains(&listed.as_str()) {
                            specific.push(listed);
                        }
                        asked = true;
                    }
                    first_specific.get_or_insert((message, Some(blocked), path_rule(cmd)));
                    false
                }
                Verdict::Expansion(text) => {
                    specific_redirect = true;
                    unoffered = true;
                    if !specific.contains(&cmd.bare.as_str()) {
                        specific.push(&cmd.bare);
                    }
                    asked = true;
                    first_specific.get_or_insert((text.to_string(), None, String::new()));
                    false
                }
                Verdict::Blocked {
                    message,
                    blocked,
                    offer,
                } => {
                    first_blocked.get_or_insert((message, blocked, offer, &cmd.text));
                    if !blocked_parts.contains(&cmd.text.as_str()) {
                        blocked_parts.push(&cmd.text);
                    }
                    false
                }
            };
            if !parts.iter().any(|(t, _)| *t == cmd.text) {
                parts.push((&cmd.text, unknown));
            }
        }
        asked_commands += usize::from(asked);
        if is_cd {
            cd_part = Some(&cmd.text);
        } else if let Some(cd) = cd_part.filter(|_| writes(cmd)) {
            // Changing directory, then writing: neither can be judged on its own.
            for t in [cd, cmd.text.as_str()] {
                match parts.iter_mut().find(|(p, _)| *p == t) {
                    Some(p) => p.1 = true,
                    None => parts.push((t, true)),
                }
            }
        }
    }
    if let Some((message, blocked)) = first_protected {
        return ToolPermission::Ask {
            blocked_path: Some(blocked.display().to_string()),
            // Its directory, for the session (fuzz-l/fl_076).
            suggestions: vec![add_directory_suggestion(&blocked)],
            reason_type: Some("safetyCheck".into()),
            reason: Some(message.clone()),
            message,
        };
    }
    let any_unknown = parts.iter().any(|(_, u)| *u);
    // A read refused in a pipeline is asked about as that part of the line; the rules
    // offered are the whole line and reading where the path leads.
    let blocked_offer = |rule: &str, blocked: &Path, offer: bool| {
        if offer {
            vec![rule_suggestion(rule), read_rule_suggestion(blocked)]
        } else {
            Vec::new()
        }
    };
    // With a Read deny rule in force, a line that moves the shell out of the working
    // directories by `cd` is asked about part by part, offering no rule (fa_072,
    // fa_pin_readdeny_sugg_*); a read out of them after a `cd` that stays is refused in its
    // own words (fa_pin_cdread_nocb).
    let read_denied = ctx
        .rules
        .of(oxagent_core::rules::RuleBehavior::Deny)
        .any(|e| e.rule.tool == "Read");
    let cd_blocked = parsed.commands.iter().any(|c| {
        c.words.first().is_some_and(|w| w == "cd") && blocked_parts.contains(&c.text.as_str())
    });
    if read_denied
        && parsed.commands.len() > 1
        && cd_blocked
        && !any_unknown
        && first_specific.is_none()
        && first_other.is_none()
    {
        let (noun, verb) = if blocked_parts.len() == 1 {
            ("part", "requires")
        } else {
            ("parts", "require")
        };
        return ask(
            format!(
                "This Bash command contains multiple operations. The following {noun} {verb} approval: {}",
                blocked_parts.join(", ")
            ),
            Some("subcommandResults"),
            None,
            Vec::new(),
        );
    }
    let pipeline = parsed.commands.iter().any(|c| c.piped);
    if let Some((_, blocked, offer, part)) = first_blocked.as_ref().filter(|_| pipeline) {
        if !any_unknown && first_specific.is_none() {
            return ask(
                format!(
                    "This Bash command contains multiple operations. The following part requires approval: {part}"
                ),
                Some("subcommandResults"),
                None,
                blocked_offer(command.trim(), blocked, *offer),
            );
        }
    }
    if !any_unknown && asked_commands > 1 && !parsed.background {
        // Two commands (or the same one twice) asked about for a path: the line is asked
        // about part by part; a redirection among them leaves it without a rule to offer.
        let (noun, verb) = if specific.len() == 1 {
            ("part", "requires")
        } else {
            ("parts", "require")
        };
        let message = format!(
            "This Bash command contains multiple operations. The following {noun} {verb} approval: {}",
            specific.join(", ")
        );
        let suggestions = if specific_redirect {
            Vec::new()
        } else {
            parts_suggestions(&parsed, &specific)
        };
        return ask(message, Some("subcommandResults"), None, suggestions);
    }
    // A `cd` that may leave through a symlink is the line's question (fa_cd_out_nocb).
    let cd_climbs = parsed.commands.iter().any(|c| {
        c.words.first().is_some_and(|w| w == "cd")
            && c.words.get(1).is_some_and(|d| climbs_after_directory(d))
    });
    if cd_climbs {
        return other(TRAVERSAL);
    }
    // Commands that only set variables are no parts of their own.
    let commands = parsed
        .commands
        .iter()
        .filter(|c| !c.words.is_empty() || c.assignments.is_empty())
        .count();
    if any_unknown && commands > 1 {
        let listed: Vec<&str> = parts.iter().map(|(t, _)| *t).collect();
        let (noun, verb) = if listed.len() == 1 {
            ("part", "requires")
        } else {
            ("parts", "require")
        };
        // Each part is named without the redirections after it (`tee > out.txt`: `tee`).
        let named: Vec<&str> = listed
            .iter()
            .map(|t| {
                parsed
                    .commands
                    .iter()
                    .find(|c| c.text == *t)
                    .map_or(*t, |c| c.bare.as_str())
            })
            .collect();
        let message = format!(
            "This Bash command contains multiple operations. The following {noun} {verb} approval: {}",
            named.join(", ")
        );
        // A line with a part sent to the background is offered no rule.
        let suggestions = if parsed.background || unoffered {
            Vec::new()
        } else {
            parts_suggestions(&parsed, &listed)
        };
        return ask(message, Some("subcommandResults"), None, suggestions);
    }
    // A command alone that writes a file is asked about for that path, though the command
    // itself is not known either.
    let path_first = commands == 1
        && first_other.is_none()
        && (first_specific.is_some() || first_blocked.is_some());
    match first_other {
        // The path is named as written; the directory offered is where it leads.
        Some((text, Some((written, offered, glob)))) if any_unknown => {
            // A glob in a path to write offers the line as written.
            let rule = if glob {
                command.trim().to_string()
            } else {
                prefix_rule(command)
            };
            let mut suggestions = vec![rule_suggestion(&rule), offered];
            if ctx.mode != PermissionMode::AcceptEdits {
                suggestions.push(accept_edits_suggestion());
            }
            return ask(
                text.to_string(),
                Some("other"),
                Some(Path::new(&written)),
                suggestions,
            );
        }
        Some((text, None)) if any_unknown => return other(text),
        // A line sent to the background is offered no rule (the host is told no list).
        _ if any_unknown && !path_first && parsed.background => {
            return ask(UNSUPPORTED.to_string(), Some("other"), None, Vec::new());
        }
        _ if any_unknown && !path_first => return other(UNSUPPORTED),
        _ => {}
    }
    if let Some((message, blocked, rule)) = first_specific {
        let Some(blocked) = blocked else {
            // A redirection's target that cannot be read before the line runs.
            return ask(message, Some("other"), None, Vec::new());
        };
        // In a line of several commands, a file command's question offers the line as
        // written (spaces kept); a redirection's offers its own command's rule.
        let rule = if parsed.commands.len() > 1
            && message.contains(" needs approval.")
            && !message.starts_with("Output redirection")
        {
            command.to_string()
        } else {
            rule
        };
        let mut suggestions = vec![rule_suggestion(&rule), add_directory_suggestion(&blocked)];
        // Switching to acceptEdits is offered for a file command, not for a redirection,
        // and not in acceptEdits itself.
        if ctx.mode != PermissionMode::AcceptEdits && !message.starts_with("Output redirection") {
            suggestions.push(accept_edits_suggestion());
        }
        return ask(message, None, Some(&blocked), suggestions);
    }
    if let Some((message, blocked, offer, _)) = first_blocked {
        // A line of several commands is offered as written; a command alone by its rule.
        let rule = match parsed.commands.as_slice() {
            [cmd] => path_rule(cmd),
            _ => command.trim().to_string(),
        };
        return ask(
            message,
            None,
            Some(&blocked),
            blocked_offer(&rule, &blocked, offer),
        );
    }
    if special_quoted {
        return other(UNSUPPORTED);
    }
    if parsed.background {
        return ask(
            BACKGROUND.to_string(),
            Some("safetyCheck"),
            None,
            vec![rule_suggestion(command)],
        );
    }
    ToolPermission::Allow
}

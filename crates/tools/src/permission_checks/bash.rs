//! Bash's own permission check: which command lines are plainly read-only.
//!
//! A command line is split into simple commands ([`super::shell_split`]); it runs without
//! asking only when every part is known to be read-only (`echo`, `pwd`, `ls`/`cat`/`grep` ...
//! on paths inside the working directories, `git status`/`log`/`diff` ...) and writes no file.
//! In `acceptEdits` mode, creating files inside the working directories (`touch`, `mkdir`,
//! `> file`) is allowed too. Everything else is asked for, with the reference's wording.
//!
//! ```
//! use oxagent_core::{permission::{PermissionContext, ToolPermission}, PermissionMode};
//! use oxagent_tools::permission_checks::check_bash;
//! let ctx = PermissionContext { cwd: "/ws".into(), additional_directories: vec![], mode: PermissionMode::Default };
//! assert_eq!(check_bash("echo hi && ls src | grep x", &ctx.cwd.clone(), &ctx), ToolPermission::Allow);
//! assert!(matches!(check_bash("touch t.txt", &ctx.cwd.clone(), &ctx), ToolPermission::Ask { .. }));
//! ```

use std::path::{Path, PathBuf};

use oxagent_core::permission::{PermissionContext, ToolPermission};
use oxagent_core::PermissionMode;
use serde_json::{json, Value};

use super::known_commands::{
    git_is_read_only, is_flag, literal_prefix, strip_wrappers, ACCEPT_EDITS_WRITERS, FILE_WRITERS,
    FIND_ACTIONS, NO_PATH_ARGS, PATTERN_FIRST, READ_ONLY,
};
use super::shell_split::{split, SimpleCommand, Split, UNSUPPORTED};
use super::{accept_edits_suggestion, add_directory_suggestion, locate, quoted_dirs, Location};
use crate::paths::{real_path, resolve};

/// What one simple command needs.
enum Verdict {
    Fine,
    /// Needs approval, and there is a precise reason naming a path.
    Specific {
        message: String,
        blocked: PathBuf,
        rule: String,
    },
    /// Needs approval for no reason more precise than "not known to be safe".
    Unknown,
}

fn verdict(cmd: &SimpleCommand, cwd: Option<&Path>, ctx: &PermissionContext) -> Verdict {
    if !cmd.assignments.is_empty() {
        return Verdict::Unknown;
    }
    let words = strip_wrappers(&cmd.words);
    let offset = cmd.words.len() - words.len();
    let Some(name) = words.first() else {
        return Verdict::Fine;
    };
    if cmd.dynamic.get(offset).copied().unwrap_or(false) || name.contains('/') {
        return Verdict::Unknown;
    }
    let args = &words[1..];
    let Some(cwd) = cwd else {
        // After a `cd` the check cannot follow, only commands without paths are judged.
        return if NO_PATH_ARGS.contains(&name.as_str()) {
            Verdict::Fine
        } else {
            Verdict::Unknown
        };
    };
    let paths = |skip_first: bool| -> Vec<PathBuf> {
        args.iter()
            .filter(|a| !is_flag(a))
            .skip(usize::from(skip_first))
            .map(|a| resolve(literal_prefix(a), cwd))
            .collect()
    };
    if name == "git" {
        return if git_is_read_only(args) {
            Verdict::Fine
        } else {
            Verdict::Unknown
        };
    }
    if FILE_WRITERS.contains(&name.as_str()) {
        let targets = paths(false);
        let Some(first) = targets.first() else {
            return Verdict::Unknown;
        };
        if let Some(outside) = targets.iter().find(|p| locate(p, ctx) != Location::Inside) {
            return Verdict::Specific {
                message: format!(
                    "{name} in '{}' needs approval. The path is outside the working directories for this \
                     session ({}). Allowing runs the command as written.",
                    outside.display(),
                    quoted_dirs(ctx)
                ),
                blocked: outside.clone(),
                rule: cmd.text.clone(),
            };
        }
        if ctx.mode == PermissionMode::AcceptEdits && ACCEPT_EDITS_WRITERS.contains(&name.as_str())
        {
            return Verdict::Fine;
        }
        let message = inside_needs_approval(&format!("{name} in '{}'", first.display()), ctx);
        return Verdict::Specific {
            message,
            blocked: first.clone(),
            rule: cmd.text.clone(),
        };
    }
    if !READ_ONLY.contains(&name.as_str()) {
        return Verdict::Unknown;
    }
    if name == "sort"
        && args
            .iter()
            .any(|a| a.starts_with("-o") || a.starts_with("--output"))
    {
        return Verdict::Unknown;
    }
    if NO_PATH_ARGS.contains(&name.as_str()) {
        return Verdict::Fine;
    }
    for path in paths(PATTERN_FIRST.contains(&name.as_str())) {
        if locate(&path, ctx) == Location::Inside {
            continue;
        }
        if name == "cat" {
            return Verdict::Specific {
                message: format!(
                    "cat in '{}' was blocked. For security, Claude Code may only concatenate files from \
                     the allowed working directories for this session: {}.",
                    real_path(&path).display(),
                    quoted_dirs(ctx)
                ),
                blocked: path,
                rule: cmd.text.clone(),
            };
        }
        return Verdict::Unknown;
    }
    Verdict::Fine
}

/// `subject` names the operation and its path, e.g. `touch in '/ws/t.txt'`.
fn inside_needs_approval(subject: &str, ctx: &PermissionContext) -> String {
    format!(
        "{subject} needs approval. The path is inside the working directories for this session ({}), \
         and Claude Code asks before a shell command creates, changes or removes files there.",
        quoted_dirs(ctx)
    )
}

fn redirect_verdict(
    target: &str,
    cmd: &SimpleCommand,
    cwd: Option<&Path>,
    ctx: &PermissionContext,
) -> Verdict {
    if matches!(
        target,
        "/dev/null" | "/dev/stdout" | "/dev/stderr" | "/dev/tty"
    ) {
        return Verdict::Fine;
    }
    let Some(cwd) = cwd else {
        return Verdict::Unknown;
    };
    let path = resolve(target, cwd);
    let message = match locate(&path, ctx) {
        Location::Inside if ctx.mode == PermissionMode::AcceptEdits => return Verdict::Fine,
        Location::Inside => inside_needs_approval(&format!("Output redirection to '{}'", path.display()), ctx),
        _ => format!(
            "Output redirection to '{}' needs approval. The path is outside the working directories for \
             this session ({}). Allowing runs the command as written.",
            path.display(),
            quoted_dirs(ctx)
        ),
    };
    Verdict::Specific {
        message,
        blocked: path,
        rule: cmd.text.clone(),
    }
}

fn ask(
    message: String,
    reason: Option<&str>,
    blocked: Option<&Path>,
    suggestions: Vec<Value>,
) -> ToolPermission {
    ToolPermission::Ask {
        message,
        blocked_path: blocked.map(|p| p.display().to_string()),
        suggestions,
        reason_type: reason.map(str::to_string),
    }
}

fn rule_suggestion(rule: &str) -> Value {
    json!({"type": "addRules", "rules": [{"toolName": "Bash", "ruleContent": rule}],
        "behavior": "allow", "destination": "localSettings"})
}

/// Bash: may `command` run without asking? `shell_cwd` is where the session's shell stands.
pub fn check_bash(command: &str, shell_cwd: &Path, ctx: &PermissionContext) -> ToolPermission {
    if ctx.mode == PermissionMode::BypassPermissions {
        return ToolPermission::Allow;
    }
    let commands = match split(command) {
        Split::Commands(c) => c,
        Split::Opaque(why) => {
            return ask(
                why.to_string(),
                Some("other"),
                None,
                vec![rule_suggestion(command)],
            )
        }
    };
    let mut cwd = Some(shell_cwd.to_path_buf());
    let mut unknown_parts = Vec::new();
    let mut first_specific = None;
    for cmd in &commands {
        let words = strip_wrappers(&cmd.words);
        match words.first().map(String::as_str) {
            Some("eval") => {
                return ask(
                    "'eval' evaluates arguments as shell code".into(),
                    Some("other"),
                    None,
                    vec![],
                )
            }
            Some("find") => {
                if let Some(action) = words.iter().find(|w| FIND_ACTIONS.contains(&w.as_str())) {
                    let message = format!(
                        "find with '{action}' executes commands or modifies files — cannot be auto-allowed by a Bash(find:*) prefix rule"
                    );
                    return ask(message, Some("other"), None, vec![]);
                }
            }
            _ => {}
        }
        let mut verdicts = Vec::new();
        if words.first().map(String::as_str) == Some("cd") && cmd.assignments.is_empty() {
            let target = cwd
                .as_deref()
                .zip(words.get(1))
                .map(|(base, dir)| resolve(dir, base));
            match target {
                Some(dir) if words.len() == 2 && locate(&dir, ctx) == Location::Inside => {
                    cwd = Some(dir)
                }
                _ => {
                    cwd = None;
                    verdicts.push(Verdict::Unknown);
                }
            }
        } else {
            verdicts.push(verdict(cmd, cwd.as_deref(), ctx));
        }
        verdicts.extend(
            cmd.redirects
                .iter()
                .map(|t| redirect_verdict(t, cmd, cwd.as_deref(), ctx)),
        );
        for v in verdicts {
            match v {
                Verdict::Fine => {}
                Verdict::Unknown => {
                    if !unknown_parts.contains(&cmd.text) {
                        unknown_parts.push(cmd.text.clone());
                    }
                }
                Verdict::Specific {
                    message,
                    blocked,
                    rule,
                } => {
                    first_specific.get_or_insert((message, blocked, rule));
                }
            }
        }
    }
    if let Some((message, blocked, rule)) = first_specific {
        let suggestions = vec![
            rule_suggestion(&rule),
            add_directory_suggestion(&blocked),
            accept_edits_suggestion(),
        ];
        return ask(message, None, Some(&blocked), suggestions);
    }
    match unknown_parts.len() {
        0 => ToolPermission::Allow,
        _ if commands.len() == 1 => ask(
            UNSUPPORTED.into(),
            Some("other"),
            None,
            vec![rule_suggestion(command)],
        ),
        n => {
            let (noun, verb) = if n == 1 {
                ("part", "requires")
            } else {
                ("parts", "require")
            };
            let message = format!(
                "This Bash command contains multiple operations. The following {noun} {verb} approval: {}",
                unknown_parts.join(", ")
            );
            let suggestions = unknown_parts.iter().map(|p| rule_suggestion(p)).collect();
            ask(message, Some("subcommandResults"), None, suggestions)
        }
    }
}

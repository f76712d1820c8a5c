//! Bash's permission check, the paths a command writes: file commands (`touch`, `rm`,
//! `sed -i` ...) and output redirections, inside or outside the working directories, and
//! `..` after a directory that may leave through a symlink.

use std::path::{Path, PathBuf};

use oxagent_core::permission::{PermissionContext, SHELL_EXPANSION};
use oxagent_core::rules::shell::Hazard;
use oxagent_core::PermissionMode;

use super::super::known_commands::{has_glob, is_flag, literal_prefix, ACCEPT_EDITS_WRITERS};
use super::super::{locate, quoted_dirs, resolve_in, Location};
use super::Verdict;

/// `subject` names the operation and its path, e.g. `touch in '/ws/t.txt'`.
fn inside_needs_approval(subject: &str, ctx: &PermissionContext) -> String {
    format!(
        "{subject} needs approval. The path is inside the working directories for this session ({}), \
         and Claude Code asks before a shell command creates, changes or removes files there.",
        quoted_dirs(ctx)
    )
}

fn outside_needs_approval(subject: &str, ctx: &PermissionContext) -> String {
    format!(
        "{subject} needs approval. The path is outside the working directories for this session \
         ({}). Allowing runs the command as written.",
        quoted_dirs(ctx)
    )
}

/// A `..` after a named directory (`src/../..`) may leave through a symlink.
pub(super) fn climbs_after_directory(arg: &str) -> bool {
    let mut named = false;
    for seg in arg.split('/') {
        match seg {
            ".." if named => return true,
            "" | "." | ".." => {}
            _ => named = true,
        }
    }
    false
}

/// Whether a `..` in `arg` is refused as a possible way out through a symlink: always when
/// the path leads inside the working directories, and outside them when a directory it
/// climbs out of does not exist (an existing one is read as the path it names).
fn traverses(arg: &str, cwd: &Path, ctx: &PermissionContext) -> bool {
    if !climbs_after_directory(arg) {
        return false;
    }
    if locate(&resolve_in(arg, cwd, ctx), ctx) != Location::Outside {
        return true;
    }
    let segs: Vec<&str> = arg.split('/').collect();
    segs.iter().enumerate().any(|(i, seg)| {
        *seg == ".."
            && i > 0
            && !matches!(segs[i - 1], "" | "." | "..")
            && !resolve_in(&segs[..i].join("/"), cwd, ctx).is_dir()
    })
}

/// Questions about a redirection's target that offer no rule (fa_wr_redirect_*), with
/// the variable hazard's own words for `> $HOME`.
const CONCATENATION: &str =
    "Redirect target concatenation contains $/` — unanalyzable gap or substitution";
const RUNTIME: &str = "Redirect target contains $(cmd) output — path is runtime-determined";

pub(super) const GLOB_WRITE: &str =
    "Glob patterns are not allowed in write operations. Please specify an exact file path.";

pub(super) const TRAVERSAL: &str = "Path contains '..' traversal after a directory segment, which may follow a symlink outside the working directory";

pub(super) fn writer_verdict(
    name: &str,
    args: &[String],
    cwd: &Path,
    ctx: &PermissionContext,
) -> Verdict {
    let targets: Vec<&String> = args.iter().filter(|a| !is_flag(a)).collect();
    // `touch -d DATE` and the like: acceptEdits lets only the plain form through.
    let plain = name != "touch" || targets.len() == args.len();
    if name == "sed" {
        // `sed -i SCRIPT FILE...`: the script is no path.
        return writer_paths(name, &targets[targets.len().min(1)..], plain, cwd, ctx);
    }
    writer_paths(name, &targets, plain, cwd, ctx)
}

fn writer_paths(
    name: &str,
    targets: &[&String],
    plain: bool,
    cwd: &Path,
    ctx: &PermissionContext,
) -> Verdict {
    if let Some(t) = targets.iter().find(|t| traverses(t, cwd, ctx)) {
        return Verdict::Traversal {
            written: t.to_string(),
            resolved: resolve_in(t, cwd, ctx),
        };
    }
    // Inside or out, in every mode that asks (fa_wr_globs_*).
    if let Some(t) = targets.iter().find(|t| has_glob(t)) {
        let path = resolve_in(t, cwd, ctx);
        let dir = match path.parent() {
            Some(parent) if name != "rmdir" => parent.to_path_buf(),
            _ => path,
        };
        return Verdict::GlobWrite {
            written: t.to_string(),
            dir,
        };
    }
    let paths: Vec<PathBuf> = targets
        .iter()
        .map(|a| resolve_in(literal_prefix(a), cwd, ctx))
        .collect();
    if paths.is_empty() {
        return Verdict::Unknown;
    }
    if let Some(outside) = paths.iter().find(|p| locate(p, ctx) != Location::Inside) {
        return Verdict::Specific {
            message: outside_needs_approval(&format!("{name} in '{}'", outside.display()), ctx),
            blocked: outside.clone(),
        };
    }
    if !matches!(name, "rm" | "rmdir") {
        if let Some(v) = protected(&paths) {
            return v;
        }
    }
    if ctx.mode == PermissionMode::AcceptEdits {
        // Only the plain forms of the file commands it knows (not `touch -d`, `tee`).
        return if ACCEPT_EDITS_WRITERS.contains(&name) && plain {
            Verdict::Fine
        } else {
            Verdict::Unknown
        };
    }
    // Paths an Edit allow rule names may be written, but the command itself is still asked
    // about: in the words of its own check for sed, else as any other (edges/rn_*).
    match paths.iter().find(|p| !edit_rule_covers(p, ctx)) {
        None if name == "sed" => Verdict::Other(super::SED_EDIT),
        None => Verdict::Unknown,
        Some(first) => Verdict::Specific {
            message: inside_needs_approval(&format!("{name} in '{}'", first.display()), ctx),
            blocked: first.clone(),
        },
    }
}

/// A write into a protected path (`.git`, `.claude`, shell profiles ...) inside the working
/// directories: the question the file tools ask, in every mode that asks, acceptEdits too
/// (protected/pp_bash_*).
fn protected(paths: &[PathBuf]) -> Option<Verdict> {
    paths.iter().find_map(|p| {
        let message = oxagent_core::permission::protected::message(p, &p.display().to_string())?;
        Some(Verdict::Protected {
            message,
            blocked: p.clone(),
        })
    })
}

/// Whether an allow rule naming paths for Edit (not a bare `Edit`) covers `path`.
fn edit_rule_covers(path: &Path, ctx: &PermissionContext) -> bool {
    let input = serde_json::json!({"file_path": path.to_string_lossy()});
    oxagent_core::permission::evaluate::edit_path_rule_allows(&input, ctx)
}

pub(super) fn redirect_verdict(
    target: &str,
    raw: &str,
    cwd: &Path,
    ctx: &PermissionContext,
) -> Verdict {
    if matches!(
        target,
        "/dev/null" | "/dev/stdout" | "/dev/stderr" | "/dev/tty"
    ) {
        return Verdict::Fine;
    }
    // `$HOME` unquoted is a variable (alone) or a concatenation; in double quotes it is the
    // home directory, and any other variable there is only known at run time
    // (fa_wr_redirect_pipes_nocb).
    if let Some(rest) = raw.strip_prefix("$HOME") {
        return Verdict::Expansion(if rest.is_empty() {
            super::hazard_text(Hazard::Variable)
        } else {
            CONCATENATION
        });
    }
    let quoted_home = raw.starts_with("\"$HOME");
    if raw.starts_with('"') && raw.contains('$') && !quoted_home {
        return Verdict::Expansion(RUNTIME);
    }
    if (target.starts_with('~') && !quoted_home) || target.contains('$') || has_glob(target) {
        return Verdict::Expansion(SHELL_EXPANSION);
    }
    if climbs_after_directory(target) {
        return Verdict::Other(TRAVERSAL);
    }
    let path = resolve_in(target, cwd, ctx);
    let subject = format!("Output redirection to '{}'", path.display());
    if locate(&path, ctx) == Location::Inside {
        if let Some(v) = protected(std::slice::from_ref(&path)) {
            return v;
        }
    }
    let message = match locate(&path, ctx) {
        Location::Inside if ctx.mode == PermissionMode::AcceptEdits => return Verdict::Fine,
        Location::Inside if edit_rule_covers(&path, ctx) => return Verdict::Fine,
        Location::Inside => inside_needs_approval(&subject, ctx),
        _ => outside_needs_approval(&subject, ctx),
    };
    Verdict::Specific {
        message,
        blocked: path,
    }
}

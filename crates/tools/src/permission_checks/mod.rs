//! The built-in tools' own permission checks (`Tool::check_permission`), kept in one place so
//! a fuller rule engine can replace them.
//!
//! - Read, Glob, Grep: allowed inside the working directories (cwd and additional
//!   directories), asked for elsewhere. Paths are resolved first (`~`, `..`), and a path that
//!   only leaves through a symlink is caught too.
//! - Write, Edit: allowed in `acceptEdits` mode inside the working directories, asked for
//!   otherwise, with a `setMode acceptEdits` suggestion.
//! - Bash: plainly read-only commands are allowed, see [`bash`].
//!
//! `bypassPermissions` allows everything here; the other modes are the loop's business.
//!
//! ```
//! use oxagent_core::{permission::{PermissionContext, ToolPermission}, PermissionMode};
//! use oxagent_tools::permission_checks::check_write;
//! let ctx = PermissionContext::new("/ws", PermissionMode::AcceptEdits);
//! assert_eq!(check_write("/ws/a.txt", &ctx), ToolPermission::Allow);
//! ```

pub mod bash;
pub mod known_commands;
mod offered_rules;
pub mod removals;

use std::path::{Path, PathBuf};

use oxagent_core::permission::{PermissionContext, ToolPermission};
use oxagent_core::PermissionMode;
use serde_json::{json, Value};

use crate::paths::{home_dir, normalize, real_path};

/// `input` as an absolute, normalized path: `~` is the session's home (else `$HOME`).
pub(crate) fn resolve_in(input: &str, cwd: &Path, ctx: &PermissionContext) -> PathBuf {
    let home = ctx.home.clone().or_else(home_dir);
    oxagent_core::rules::path::resolve(input, cwd, home.as_deref())
}

pub use bash::check_bash;

/// Where a resolved path lies relative to the working directories.
#[derive(Debug, Clone, PartialEq)]
pub enum Location {
    Inside,
    Outside,
    /// Inside by name, but a symlink on the way leads out to `target`.
    ThroughSymlink {
        target: PathBuf,
    },
}

/// The working directories of a permission context, normalized.
pub fn working_dirs(ctx: &PermissionContext) -> Vec<PathBuf> {
    std::iter::once(&ctx.cwd)
        .chain(ctx.additional_directories.iter())
        .map(|d| normalize(d))
        .collect()
}

/// `'<dir>'` or `'<a>', '<b>'`: how messages list the working directories.
pub fn quoted_dirs(ctx: &PermissionContext) -> String {
    working_dirs(ctx)
        .iter()
        .map(|d| format!("'{}'", d.display()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Locates an already resolved (absolute, normalized) path.
pub fn locate(path: &Path, ctx: &PermissionContext) -> Location {
    let dirs = working_dirs(ctx);
    if !dirs.iter().any(|d| path.starts_with(d)) {
        return Location::Outside;
    }
    let real = real_path(path);
    if dirs.iter().any(|d| real.starts_with(real_path(d))) {
        Location::Inside
    } else {
        Location::ThroughSymlink { target: real }
    }
}

fn symlink_note(path: &Path, target: &Path) -> String {
    format!(
        "{} resolves through a symlink to {}, which is outside the allowed working directories",
        path.display(),
        target.display()
    )
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
        reason: None,
    }
}

/// `{type: addDirectories}` for the directory holding `path`.
pub(crate) fn add_directory_suggestion(path: &Path) -> Value {
    let dir = if path.is_dir() {
        path
    } else {
        path.parent().unwrap_or(path)
    };
    directory_suggestion(dir)
}

/// `{type: addDirectories}` for `dir` itself, for the session.
pub(crate) fn directory_suggestion(dir: &Path) -> Value {
    json!({"type": "addDirectories", "directories": [dir.display().to_string()], "destination": "session"})
}

/// `{type: addRules}` allowing Read under the directory holding `path` for the session
/// (`//abs/dir/**`, the absolute-path rule spelling).
pub(crate) fn read_rule_suggestion(path: &Path) -> Value {
    let dir = if path.is_dir() {
        path
    } else {
        path.parent().unwrap_or(path)
    };
    let rule = format!("/{}/**", dir.display());
    json!({"type": "addRules", "rules": [{"toolName": "Read", "ruleContent": rule}],
           "behavior": "allow", "destination": "session"})
}

pub(crate) fn accept_edits_suggestion() -> Value {
    json!({"type": "setMode", "mode": "acceptEdits", "destination": "session"})
}

/// A write's suggestions: switching to acceptEdits (unless the session is in it already),
/// then `then`.
fn with_mode_suggestion(ctx: &PermissionContext, then: Value) -> Vec<Value> {
    let mode = (ctx.mode != PermissionMode::AcceptEdits).then(accept_edits_suggestion);
    mode.into_iter().chain(std::iter::once(then)).collect()
}

/// Read, Glob and Grep: may the model read `input_path` (a file or a directory)?
pub fn check_read(input_path: &str, ctx: &PermissionContext) -> ToolPermission {
    if ctx.mode == PermissionMode::BypassPermissions {
        return ToolPermission::Allow;
    }
    let path = resolve_in(input_path, ctx.dir(), ctx);
    let message = format!(
        "Claude requested permissions to read from {}, but you haven't granted it yet.",
        path.display()
    );
    match locate(&path, ctx) {
        Location::Inside => ToolPermission::Allow,
        Location::Outside => ask(
            message,
            Some("workingDir"),
            None,
            vec![read_rule_suggestion(&path)],
        ),
        // Reading the directory named is offered, and where it really is when that
        // differs (fa_links_default).
        Location::ThroughSymlink { target } => {
            let named = if path.is_dir() {
                path.clone()
            } else {
                path.parent()
                    .map(Path::to_path_buf)
                    .unwrap_or_else(|| path.clone())
            };
            let mut suggestions = vec![read_rule_suggestion(&named)];
            let real = real_path(&named);
            if real != named {
                suggestions.push(read_rule_suggestion(&real));
            }
            ask(
                format!("{message} {}.", symlink_note(&path, &target)),
                Some("workingDir"),
                Some(&target),
                suggestions,
            )
        }
    }
}

/// Glob and Grep: `path` is optional and defaults to the working directory.
pub fn check_search(input_path: Option<&str>, ctx: &PermissionContext) -> ToolPermission {
    match input_path {
        Some(p) if !p.is_empty() => check_read(p, ctx),
        _ => ToolPermission::Allow,
    }
}

/// The check of a tool whose input names the one file it writes under `key` (`file_path`,
/// `notebook_path`). An input without it is left to input validation. `read` tells whether
/// the model has read a file (by its resolved path) in this session.
pub fn check_write_input(
    input: &Value,
    key: &str,
    ctx: &PermissionContext,
    read: &dyn Fn(&Path) -> bool,
) -> ToolPermission {
    match input.get(key).and_then(Value::as_str) {
        Some(path) => check_write_read(path, ctx, read),
        None => ToolPermission::Allow,
    }
}

/// Write and Edit: may the model change `input_path`? (As if no file had been read.)
pub fn check_write(input_path: &str, ctx: &PermissionContext) -> ToolPermission {
    check_write_read(input_path, ctx, &|_| false)
}

/// [`check_write`], knowing which files the model has read: an existing file outside the
/// working directories that it has read is asked about, not refused (fa_links_default).
fn check_write_read(
    input_path: &str,
    ctx: &PermissionContext,
    read: &dyn Fn(&Path) -> bool,
) -> ToolPermission {
    if ctx.mode == PermissionMode::BypassPermissions {
        return ToolPermission::Allow;
    }
    let path = resolve_in(input_path, ctx.dir(), ctx);
    let home = ctx.home.clone().or_else(home_dir);
    let message = format!(
        "Claude requested permissions to write to {}, but you haven't granted it yet.",
        oxagent_core::rules::path::resolve_shown(input_path, ctx.dir(), home.as_deref())
    );
    match locate(&path, ctx) {
        Location::Inside if ctx.mode == PermissionMode::AcceptEdits => ToolPermission::Allow,
        Location::Inside => ask(message, None, None, vec![accept_edits_suggestion()]),
        // An existing file out there was never read in this session: the write fails first,
        // reached by `..` as much as through a link.
        Location::Outside if real_path(&path).is_file() && !read(&path) => not_read_yet(),
        Location::ThroughSymlink { target } if target.is_file() && !read(&path) => not_read_yet(),
        Location::Outside => ask(
            message,
            Some("workingDir"),
            None,
            with_mode_suggestion(ctx, add_directory_suggestion(&path)),
        ),
        // Both the directory named and the one it leads to would have to be added.
        Location::ThroughSymlink { target } => {
            let dirs: Vec<String> = [&path, &target]
                .iter()
                .filter_map(|p| p.parent())
                .map(|d| d.display().to_string())
                .collect();
            ask(
                format!("{message} {}.", symlink_note(&path, &target)),
                Some("safetyCheck"),
                Some(&target),
                with_mode_suggestion(
                    ctx,
                    json!({"type": "addDirectories", "directories": dirs, "destination": "session"}),
                ),
            )
        }
    }
}

fn not_read_yet() -> ToolPermission {
    ToolPermission::Deny {
        message: format!(
            "<tool_use_error>{}</tool_use_error>",
            oxagent_core::tool::NOT_READ_YET
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ctx(cwd: &Path, mode: PermissionMode) -> PermissionContext {
        PermissionContext::new(cwd, mode)
    }

    #[test]
    fn reads_inside_are_free_and_outside_asked() {
        let c = ctx(Path::new("/nonexistent-root/ws"), PermissionMode::Default);
        assert_eq!(
            check_read("/nonexistent-root/ws/src/../notes.txt", &c),
            ToolPermission::Allow
        );
        let ToolPermission::Ask {
            message,
            reason_type,
            ..
        } = check_read("../outside/x", &c)
        else {
            panic!("expected ask")
        };
        assert_eq!(
            message,
            "Claude requested permissions to read from /nonexistent-root/outside/x, but you haven't granted it yet."
        );
        assert_eq!(reason_type.as_deref(), Some("workingDir"));
    }

    #[test]
    fn accept_edits_is_not_suggested_in_accept_edits() {
        let mut ctx = PermissionContext::new("/ws", PermissionMode::AcceptEdits);
        let ToolPermission::Ask { suggestions, .. } = check_write("/elsewhere/x.txt", &ctx) else {
            panic!("a write outside asks");
        };
        assert_eq!(suggestions.len(), 1);
        assert_eq!(suggestions[0]["type"], "addDirectories");
        ctx.mode = PermissionMode::Default;
        let ToolPermission::Ask { suggestions, .. } = check_write("/elsewhere/x.txt", &ctx) else {
            panic!("a write outside asks");
        };
        assert_eq!(suggestions[0], accept_edits_suggestion());
    }

    #[test]
    fn writes_ask_in_default_mode_with_accept_edits_suggestion() {
        let c = ctx(Path::new("/nonexistent-root/ws"), PermissionMode::Default);
        assert_eq!(
            check_write("/nonexistent-root/ws/q.txt", &c),
            ToolPermission::Ask {
                message: "Claude requested permissions to write to /nonexistent-root/ws/q.txt, but you haven't granted it yet.".into(),
                blocked_path: None,
                suggestions: vec![json!({"type": "setMode", "mode": "acceptEdits", "destination": "session"})],
                reason_type: None,
                reason: None,
            }
        );
    }

    #[test]
    fn symlinks_leaving_the_workspace_are_caught() {
        let root = tempfile::tempdir().unwrap();
        let ws = root.path().join("ws");
        std::fs::create_dir_all(root.path().join("outside")).unwrap();
        std::fs::create_dir_all(&ws).unwrap();
        std::fs::write(root.path().join("outside/secret.txt"), "s").unwrap();
        std::os::unix::fs::symlink(root.path().join("outside"), ws.join("linkdir")).unwrap();
        let c = ctx(&ws, PermissionMode::Default);
        let ToolPermission::Ask { message, .. } =
            check_read(&format!("{}/linkdir/secret.txt", ws.display()), &c)
        else {
            panic!("expected ask")
        };
        let real_outside = std::fs::canonicalize(root.path().join("outside/secret.txt")).unwrap();
        assert!(message.ends_with(&format!(
            "linkdir/secret.txt resolves through a symlink to {}, which is outside the allowed working directories.",
            real_outside.display()
        )));
    }

    /// paths_*_edit_dotdot_outside: an existing file outside the workspace that was never
    /// read fails before anyone is asked, by `..` as much as through a link.
    #[test]
    fn unread_files_outside_fail_first() {
        let root = tempfile::tempdir().unwrap();
        let root = std::fs::canonicalize(root.path()).unwrap();
        let (ws, out) = (root.join("ws"), root.join("outside"));
        std::fs::create_dir_all(&ws).unwrap();
        std::fs::create_dir_all(&out).unwrap();
        std::fs::write(out.join("o.txt"), "O").unwrap();
        std::os::unix::fs::symlink(&out, ws.join("lout_dir")).unwrap();
        let c = ctx(&ws, PermissionMode::Default);
        for path in ["../outside/o.txt", "lout_dir/o.txt"] {
            assert_eq!(check_write(path, &c), not_read_yet());
        }
        assert!(matches!(
            check_write("../outside/new.txt", &c),
            ToolPermission::Ask { .. }
        ));
    }

    /// paths_callback_dotdot_*_outside, _tilde, _link_out_dir: what can_use_tool is offered
    /// for a write out of the workspace.
    #[test]
    fn outside_writes_offer_the_mode_then_the_directories() {
        let root = tempfile::tempdir().unwrap();
        let root = std::fs::canonicalize(root.path()).unwrap();
        let (ws, out) = (root.join("ws"), root.join("outside"));
        std::fs::create_dir_all(&ws).unwrap();
        std::fs::create_dir_all(&out).unwrap();
        std::os::unix::fs::symlink(&out, ws.join("lout_dir")).unwrap();
        let c = ctx(&ws, PermissionMode::Default);
        let asked = |p: ToolPermission| match p {
            ToolPermission::Ask {
                suggestions,
                blocked_path,
                ..
            } => (suggestions, blocked_path),
            other => panic!("expected ask, got {other:?}"),
        };
        let (s, blocked) = asked(check_write("../outside/new.txt", &c));
        assert_eq!(
            s,
            vec![
                accept_edits_suggestion(),
                json!({"type": "addDirectories", "directories": [out.display().to_string()], "destination": "session"})
            ]
        );
        assert_eq!(blocked, None);
        let (s, blocked) = asked(check_write("lout_dir/new.txt", &c));
        assert_eq!(s[0], accept_edits_suggestion());
        assert_eq!(
            s[1]["directories"],
            json!([
                ws.join("lout_dir").display().to_string(),
                out.display().to_string()
            ])
        );
        assert_eq!(blocked, Some(out.join("new.txt").display().to_string()));
    }

    /// turns_int_read_outside*: a read outside is offered a session rule for its directory.
    #[test]
    fn outside_reads_offer_a_read_rule() {
        let c = ctx(Path::new("/nonexistent-root/ws"), PermissionMode::Default);
        let ToolPermission::Ask { suggestions, .. } = check_read("../outside.txt", &c) else {
            panic!("expected ask")
        };
        assert_eq!(
            suggestions,
            vec![
                json!({"type": "addRules", "rules": [{"toolName": "Read", "ruleContent": "//nonexistent-root/**"}],
                        "behavior": "allow", "destination": "session"})
            ]
        );
    }
}

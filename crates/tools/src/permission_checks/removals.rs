//! `rm` and `rmdir` of a directory the session cannot do without: asked about in every
//! permission mode, as the reference asks.
//!
//! A target is critical when it is the root or a top-level directory (`/usr`, `//etc`,
//! `/us*`) or the home directory, and a workspace directory when it is a working directory
//! or one of their ancestors, or the shell's directory or one of its ancestors; a trailing `/*` counts as the directory itself. A relative
//! target is read from the shell's directory, unless the line changes directories first,
//! when it cannot be placed at all. Targets the check cannot read (`"$PWD"`, `$(..)`) are
//! left to the other rules.

use std::path::Path;

use oxagent_core::permission::evaluate::Prompt;
use oxagent_core::permission::PermissionContext;
use oxagent_core::rules::path::normalize;
use oxagent_core::rules::shell::parse;

const ASKS: &str =
    "This requires explicit approval and cannot be auto-allowed by permission rules.";

/// Why a target is dangerous.
enum Danger {
    Critical(String),
    Workspace(String),
    /// A relative target after a change of directory, as written.
    Unplaced(String),
}

/// The question for the first dangerous target of `command`, run from `shell_cwd`.
pub fn check(command: &str, shell_cwd: &Path, ctx: &PermissionContext) -> Option<Prompt> {
    let parsed = parse(command);
    let mut changed_dir = false;
    for cmd in &parsed.commands {
        let Some(first) = cmd.words.first() else {
            continue;
        };
        let name = first.rsplit('/').next().unwrap_or(first);
        if matches!(name, "cd" | "pushd" | "popd") {
            changed_dir = true;
            continue;
        }
        if name != "rm" && name != "rmdir" {
            continue;
        }
        let mut options_done = false;
        for (i, word) in cmd.words.iter().enumerate().skip(1) {
            if !options_done && word == "--" {
                options_done = true;
                continue;
            }
            if !options_done && word.starts_with('-') {
                continue;
            }
            let dynamic = cmd.dynamic.get(i).copied().unwrap_or(false);
            if let Some(danger) = classify(word, dynamic, changed_dir, shell_cwd, ctx) {
                return Some(question(name, danger));
            }
        }
    }
    None
}

fn question(command: &str, danger: Danger) -> Prompt {
    let (shown, reason, why) = match danger {
        Danger::Critical(p) => (
            p.clone(),
            format!("Dangerous {command} operation on critical path: {p}"),
            "This command would remove a critical system directory.".to_string(),
        ),
        Danger::Workspace(p) => (
            p.clone(),
            format!("Dangerous {command} operation on working directory or its ancestor: {p}"),
            "This command would remove a workspace directory (the working directory, an \
             additional working directory, or one of their parent directories)."
                .to_string(),
        ),
        Danger::Unplaced(p) => (
            p.clone(),
            format!(
                "Dangerous {command} operation on '{p}': Claude Code can't follow the directory \
                 changes in this command, so it can't tell what that would remove"
            ),
            "Claude Code can't follow the directory changes in this command, so it can't tell \
             what that target would remove."
                .to_string(),
        ),
    };
    Prompt {
        message: format!("Dangerous {command} operation detected: '{shown}'\n\n{why} {ASKS}"),
        reason_type: Some("safetyCheck".into()),
        reason: Some(reason),
        suppress_always_allow: true,
        ..Prompt::default()
    }
}

/// `~`, `~/x`, `$HOME`, `${HOME}/x` with the home directory written out.
fn expand_home(word: &str, home: Option<&Path>) -> Option<String> {
    let home = home?.to_string_lossy().into_owned();
    for prefix in ["~", "$HOME", "${HOME}"] {
        if let Some(rest) = word.strip_prefix(prefix) {
            if rest.is_empty() || rest.starts_with('/') {
                return Some(format!("{home}{rest}"));
            }
        }
    }
    None
}

fn classify(
    word: &str,
    dynamic: bool,
    changed_dir: bool,
    shell_cwd: &Path,
    ctx: &PermissionContext,
) -> Option<Danger> {
    let home = ctx.home.as_deref();
    let expanded = expand_home(word, home);
    let target = expanded.as_deref().unwrap_or(word);
    // Globs are read as written; any other expansion is not known before the command runs.
    if (dynamic && expanded.is_none() && target.contains(['$', '`'])) || target.is_empty() {
        return None;
    }
    let shown = if target.starts_with('/') {
        target.to_string()
    } else if changed_dir {
        // Only a target that names no entry of its own (`.`, `..`, `o/..`, a glob) is left
        // unplaced; `../d` or `name` after a `cd` pass, as in the reference.
        return names_no_entry(target).then(|| Danger::Unplaced(target.to_string()));
    } else {
        normalize(&shell_cwd.join(target))
            .to_string_lossy()
            .into_owned()
    };
    let dir = strip_glob_tail(&shown);
    let resolved = normalize(Path::new(dir));
    let top_level = dir.trim_start_matches('/').split('/').count() <= 1;
    if top_level || home.is_some_and(|h| resolved == normalize(h)) {
        return Some(Danger::Critical(shown));
    }
    // The shell's own directory counts too (`rm -rf ../sub` from inside `sub`).
    let in_use = std::iter::once(&ctx.cwd)
        .chain(&ctx.additional_directories)
        .chain(std::iter::once(&shell_cwd.to_path_buf()))
        .any(|d| normalize(d).starts_with(&resolved));
    in_use.then_some(Danger::Workspace(shown))
}

/// Whether a relative target's last part is `.`, `..` or a glob rather than a name.
fn names_no_entry(target: &str) -> bool {
    let last = target
        .trim_end_matches('/')
        .rsplit('/')
        .next()
        .unwrap_or("");
    matches!(last, "" | "." | "..") || super::known_commands::has_glob(last)
}

/// `dir/*`, `dir/**/`, `dir/` -> `dir`; `/`, `/*` -> `/`.
fn strip_glob_tail(path: &str) -> &str {
    let mut p = path;
    loop {
        let trimmed = p.trim_end_matches('/');
        let no_star = trimmed.trim_end_matches('*');
        if no_star.len() < trimmed.len() && (no_star.ends_with('/') || no_star.is_empty()) {
            p = no_star;
            continue;
        }
        return if trimmed.is_empty() && path.starts_with('/') {
            "/"
        } else {
            trimmed
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use oxagent_core::PermissionMode;

    fn ctx() -> PermissionContext {
        let mut ctx = PermissionContext::new("/t/r/ws", PermissionMode::BypassPermissions);
        ctx.home = Some("/t/r/home".into());
        ctx
    }

    fn reason(command: &str) -> Option<String> {
        check(command, Path::new("/t/r/ws"), &ctx()).and_then(|p| p.reason)
    }

    #[test]
    fn critical_paths() {
        for (cmd, path) in [
            ("rmdir /usr", "/usr"),
            ("rm -f /bin", "/bin"),
            ("rm /", "/"),
            ("rmdir //usr", "//usr"),
            ("rmdir /us*", "/us*"),
            ("rmdir /nonexistent_top", "/nonexistent_top"),
            ("rmdir ~", "/t/r/home"),
            ("echo x; rmdir ~/", "/t/r/home/"),
            ("rmdir $HOME", "/t/r/home"),
            ("rmdir sub2 && rmdir /usr", "/usr"),
        ] {
            assert_eq!(
                reason(cmd).as_deref(),
                Some(
                    format!(
                        "Dangerous {} operation on critical path: {path}",
                        cmd.split_whitespace()
                            .find(|w| w.starts_with("rm"))
                            .unwrap()
                    )
                    .as_str()
                ),
                "{cmd}"
            );
        }
    }

    #[test]
    fn workspace_paths() {
        for (cmd, path) in [
            ("rmdir /t/r/ws", "/t/r/ws"),
            ("rmdir ..", "/t/r"),
            ("rmdir .", "/t/r/ws"),
            ("rmdir ./", "/t/r/ws"),
            ("rmdir deep/er/../..", "/t/r/ws"),
            ("rmdir /t/r/ws/../", "/t/r/ws/../"),
            ("rm -rd -- /t/r/ws", "/t/r/ws"),
            ("rmdir /t/r/ws/*", "/t/r/ws/*"),
        ] {
            let verb = cmd.split_whitespace().next().unwrap();
            assert_eq!(
                reason(cmd),
                Some(format!(
                    "Dangerous {verb} operation on working directory or its ancestor: {path}"
                )),
                "{cmd}"
            );
        }
    }

    #[test]
    fn the_shells_directory_counts() {
        let prompt = check("rm -rf ../sub", Path::new("/t/r/ws/sub"), &ctx()).unwrap();
        assert_eq!(
            prompt.reason.as_deref(),
            Some("Dangerous rm operation on working directory or its ancestor: /t/r/ws/sub")
        );
        assert!(check("rm -rf ../other", Path::new("/t/r/ws/sub"), &ctx()).is_none());
    }

    #[test]
    fn harmless_and_unreadable_targets() {
        for cmd in [
            "rmdir sub",
            "rmdir /usr/local",
            "rmdir /usr/../etc",
            "rmdir /t/r/home/.cache",
            "rmdir \"$PWD\"",
            "rmdir -p sub2",
            "find . -delete",
            "rm -rf sub/*",
        ] {
            assert_eq!(reason(cmd), None, "{cmd}");
        }
    }

    #[test]
    fn a_change_of_directory_leaves_relative_targets_unplaced() {
        let prompt = check("cd deep && rmdir ..", Path::new("/t/r/ws"), &ctx()).unwrap();
        assert_eq!(
            prompt.message,
            "Dangerous rmdir operation detected: '..'\n\nClaude Code can't follow the directory \
             changes in this command, so it can't tell what that target would remove. This \
             requires explicit approval and cannot be auto-allowed by permission rules."
        );
        assert!(prompt.suppress_always_allow);
        assert_eq!(prompt.reason_type.as_deref(), Some("safetyCheck"));
        for cmd in [
            "cd a && rmdir .",
            "cd a && rmdir ./",
            "cd a && rmdir o/..",
            "cd a && rmdir ../..",
            "cd a && rm -rf ../r/*",
            "cd a && rmdir *",
        ] {
            assert!(reason(cmd).is_some(), "{cmd}");
        }
    }

    #[test]
    fn after_a_change_of_directory_a_target_that_names_an_entry_passes() {
        for cmd in [
            "cd a/b && rmdir ../b",
            "cd c/d && rmdir ../../c/d",
            "cd f && rmdir g",
            "cd i/j && rm -r ../j",
            "cd l && rmdir ../l/",
            "cd p && rmdir ../nonexist_q",
        ] {
            assert_eq!(reason(cmd), None, "{cmd}");
        }
    }
}

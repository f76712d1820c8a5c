//! Files a file-editing tool never changes on its own: the session's configuration and
//! what other programs run from. acceptEdits, allow rules and a hook's allow do not cover
//! them; only bypassPermissions (or the user's answer) does.
//!
//! - Under a `.git`, `.vscode`, `.idea` or `.claude` folder (at any depth, any letter case),
//!   and the files `.gitconfig`, `.gitmodules`, `.bashrc`, `.bash_profile`, `.zshrc`,
//!   `.zprofile`, `.profile`, `.ripgreprc`, `.mcp.json`, `.claude.json`: "Claude requested
//!   permissions to edit <path> which is a sensitive file."
//! - Claude's own settings (`.claude/settings.json`, `.claude/settings.local.json`) and its
//!   commands, agents and skills (`.claude/commands/`, `.claude/agents/`, `.claude/skills/`):
//!   the plain write question, "Claude requested permissions to write to <path>, but you
//!   haven't granted it yet."
//! - `.claude/worktrees/` is the session's own: not protected.
//!
//! Both are asked as `safetyCheck`, stating the question as the reason.
//!
//! ```
//! use oxagent_core::permission::{protected, PermissionContext};
//! use oxagent_core::PermissionMode;
//! let ctx = PermissionContext::new("/ws", PermissionMode::AcceptEdits);
//! let input = serde_json::json!({"file_path": "/ws/.git/config", "content": ""});
//! let prompt = protected::check("Write", &input, &ctx).unwrap();
//! assert_eq!(prompt.message, "Claude requested permissions to edit /ws/.git/config which is a sensitive file.");
//! assert_eq!(prompt.reason_type.as_deref(), Some("safetyCheck"));
//! let md = serde_json::json!({"file_path": "/ws/CLAUDE.md", "content": ""});
//! assert!(protected::check("Write", &md, &ctx).is_none());
//! ```

use std::path::{Component, Path};

use serde_json::Value;

use super::evaluate::Prompt;
use super::PermissionContext;
use crate::config::PermissionMode;
use crate::rules::path::{resolve, resolve_shown};
use crate::rules::{call_path, file_rule_kind};

/// Folders whose files are protected, wherever they are.
const FOLDERS: &[&str] = &[".git", ".vscode", ".idea", ".claude"];
/// File names protected wherever they are.
const FILES: &[&str] = &[
    ".gitconfig",
    ".gitmodules",
    ".bashrc",
    ".bash_profile",
    ".zshrc",
    ".zprofile",
    ".profile",
    ".ripgreprc",
    ".mcp.json",
    ".claude.json",
];
/// Under `.claude/`: Claude's own configuration, asked with the plain write question.
const CLAUDE_CONFIG_FILES: &[&str] = &["settings.json", "settings.local.json"];
const CLAUDE_CONFIG_FOLDERS: &[&str] = &["commands", "agents", "skills"];
/// Under `.claude/`: the session's own working space.
const CLAUDE_OWN_FOLDERS: &[&str] = &["worktrees"];

/// How a protected path is asked about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Protection {
    /// Claude's own configuration: the plain write question.
    ClaudeConfig,
    /// Any other protected file: "... which is a sensitive file."
    Sensitive,
}

/// Whether `path` (absolute, normalized) is protected, and how.
pub fn classify(path: &Path) -> Option<Protection> {
    let names: Vec<String> = path
        .components()
        .filter_map(|c| match c {
            Component::Normal(n) => Some(n.to_string_lossy().to_lowercase()),
            _ => None,
        })
        .collect();
    let (file, dirs) = names.split_last()?;
    if let Some(at) = dirs.iter().position(|d| FOLDERS.contains(&d.as_str())) {
        if dirs[at] != ".claude" {
            return Some(Protection::Sensitive);
        }
        let below = &names[at + 1..];
        return match below {
            [name] if CLAUDE_CONFIG_FILES.contains(&name.as_str()) => {
                Some(Protection::ClaudeConfig)
            }
            [folder, _, ..] if CLAUDE_CONFIG_FOLDERS.contains(&folder.as_str()) => {
                Some(Protection::ClaudeConfig)
            }
            [folder, _, ..] if CLAUDE_OWN_FOLDERS.contains(&folder.as_str()) => None,
            _ => Some(Protection::Sensitive),
        };
    }
    FILES
        .contains(&file.as_str())
        .then_some(Protection::Sensitive)
}

/// The question about writing `path` (shown as `shown`), when it is protected: the file
/// tools ask it, and so does Bash of a command that writes there (a redirection, `touch`,
/// `mkdir`, `cp`: tests/conformance/protected `pp_bash_*`).
pub fn message(path: &Path, shown: &str) -> Option<String> {
    Some(match classify(path)? {
        Protection::ClaudeConfig => format!(
            "Claude requested permissions to write to {shown}, but you haven't granted it yet."
        ),
        Protection::Sensitive => {
            format!("Claude requested permissions to edit {shown} which is a sensitive file.")
        }
    })
}

/// The question for a file edit (Write, Edit, NotebookEdit) of a protected path, in every
/// mode but bypassPermissions. A path that cannot be a file (a file on the way, or a file
/// named with a trailing `/`) is left to the call, which fails on its own.
pub fn check(tool: &str, input: &Value, ctx: &PermissionContext) -> Option<Prompt> {
    if ctx.mode == PermissionMode::BypassPermissions {
        return None;
    }
    question(tool, input, ctx)
}

/// [`check`]'s question whatever the mode: whether the call edits a protected path.
pub fn question(tool: &str, input: &Value, ctx: &PermissionContext) -> Option<Prompt> {
    if file_rule_kind(tool) != Some("Edit") {
        return None;
    }
    let written = call_path(input)?;
    let path = resolve(written, &ctx.cwd, ctx.home.as_deref());
    if not_a_directory_on_the_way(&path, written.ends_with('/')) {
        return None;
    }
    let shown = resolve_shown(written, &ctx.cwd, ctx.home.as_deref());
    let message = message(&path, &shown)?;
    // acceptEdits has no mode left to suggest; the other modes offer it.
    let suggestions = if ctx.mode == PermissionMode::AcceptEdits {
        Vec::new()
    } else {
        vec![
            serde_json::json!({"type": "setMode", "mode": "acceptEdits", "destination": "session"}),
        ]
    };
    Some(Prompt {
        reason: Some(message.clone()),
        message,
        reason_type: Some("safetyCheck".into()),
        suggestions,
        ..Prompt::default()
    })
}

/// Whether writing `path` fails with ENOTDIR: an existing file on the way, or the path
/// itself an existing file named as a directory.
fn not_a_directory_on_the_way(path: &Path, trailing_slash: bool) -> bool {
    if trailing_slash && path.is_file() {
        return true;
    }
    path.ancestors().skip(1).any(Path::is_file)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn asked(path: &str, mode: PermissionMode) -> Option<Prompt> {
        let ctx = PermissionContext::new("/nonexistent-ws", mode);
        let input = serde_json::json!({"file_path": path, "content": "x"});
        check("Write", &input, &ctx)
    }

    fn message(path: &str) -> Option<String> {
        asked(path, PermissionMode::AcceptEdits).map(|p| p.message)
    }

    /// pp_ae_dot_files, pp_ae_dot_dirs, vc_write_*_acceptEdits: the sensitive files.
    #[test]
    fn sensitive_files_are_named_so() {
        for p in [
            ".git/config",
            ".vscode/settings.json",
            ".idea/workspace.xml",
            ".claude/notes.txt",
            ".claude/rules/r.md",
            ".claude/CLAUDE.md",
            "sub/.git/HEAD",
            ".gitconfig",
            ".bashrc",
            ".mcp.json",
            ".claude.json",
            ".GIT/config",
        ] {
            assert_eq!(
                message(p).as_deref(),
                Some(
                    format!(
                        "Claude requested permissions to edit /nonexistent-ws/{p} which is a sensitive file."
                    )
                    .as_str()
                ),
                "{p}"
            );
        }
    }

    /// pp_ae_claude_subdirs, pp_ae_case, vc_write_claude_settings_acceptEdits: Claude's own
    /// configuration gets the plain write question.
    #[test]
    fn claude_configuration_gets_the_write_question() {
        for p in [
            ".claude/settings.json",
            ".claude/settings.local.json",
            ".claude/commands/x.md",
            ".claude/agents/a.md",
            ".claude/skills/s/SKILL.md",
            "sub/.claude/settings.json",
            ".Claude/settings.json",
            ".claude/Settings.json",
        ] {
            assert_eq!(
                message(p),
                Some(format!(
                    "Claude requested permissions to write to /nonexistent-ws/{p}, but you haven't granted it yet."
                )),
                "{p}"
            );
        }
        assert_eq!(
            message("src/../.git/x").as_deref(),
            Some("Claude requested permissions to edit /nonexistent-ws/.git/x which is a sensitive file.")
        );
    }

    #[test]
    fn ordinary_files_are_not_protected() {
        for p in [
            "CLAUDE.md",
            "CLAUDE.local.md",
            ".gitignore",
            ".env",
            ".github/workflows/ci.yml",
            "git/config",
            ".claude/worktrees/w/x.txt",
        ] {
            assert_eq!(message(p), None, "{p}");
        }
    }

    /// vc_write_*_bypass: bypassPermissions writes them all; the default mode asks too,
    /// offering acceptEdits (which would still ask).
    #[test]
    fn every_mode_but_bypass_asks() {
        assert!(asked(".git/config", PermissionMode::BypassPermissions).is_none());
        let p = asked(".git/config", PermissionMode::Default).unwrap();
        assert_eq!(p.reason.as_deref(), Some(p.message.as_str()));
        assert_eq!(p.suggestions[0]["mode"], "acceptEdits");
        assert!(asked(".git/config", PermissionMode::AcceptEdits)
            .unwrap()
            .suggestions
            .is_empty());
        assert!(asked(".git/config", PermissionMode::Plan).is_some());
    }

    #[test]
    fn only_file_edits_are_checked() {
        let ctx = PermissionContext::new("/nonexistent-ws", PermissionMode::AcceptEdits);
        let read = serde_json::json!({"file_path": "/nonexistent-ws/.git/config"});
        assert!(check("Read", &read, &ctx).is_none());
        let nb = serde_json::json!({"notebook_path": "/nonexistent-ws/.claude/n.ipynb", "new_source": ""});
        assert!(check("NotebookEdit", &nb, &ctx).is_some());
    }

    /// pp_ae_case: `.claude/settings.json/` (an existing file named as a folder) fails as
    /// the call, before any question.
    #[test]
    fn a_path_through_a_file_is_left_to_the_call() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join(".claude")).unwrap();
        std::fs::write(dir.path().join(".claude/settings.json"), "{}").unwrap();
        let ctx = PermissionContext::new(dir.path(), PermissionMode::AcceptEdits);
        let at = |p: &str| serde_json::json!({"file_path": dir.path().join(p), "content": ""});
        assert!(check("Write", &at(".claude/settings.json"), &ctx).is_some());
        let slash = format!("{}/.claude/settings.json/", dir.path().display());
        let input = serde_json::json!({"file_path": slash, "content": ""});
        assert!(check("Write", &input, &ctx).is_none());
        assert!(check("Write", &at(".claude/settings.json/x"), &ctx).is_none());
    }
}

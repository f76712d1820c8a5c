//! Permission decisions for tool calls.
//!
//! Order, as documented: deny rules -> ask rules -> permission mode -> allow rules -> the
//! tool's own check -> can_use_tool (no callback: deny). This module holds the vocabulary
//! and the evaluation ([`evaluate`]); rule parsing lives in [`crate::rules`].

mod denial;
mod detour;
pub mod evaluate;
pub mod protected;
pub mod write_target;

#[cfg(test)]
mod deny_read_tests;

use std::path::PathBuf;

use crate::rules::{RuleRoots, RuleSet};

use serde_json::Value;

use crate::config::PermissionMode;

/// Bash's question about an output redirection whose target the shell would expand (a glob,
/// `~`): the host is told no list of suggestions at all (fa_wr_redirect_globs_log_all).
pub const SHELL_EXPANSION: &str = "Shell expansion syntax in paths requires manual approval";

/// What a tool says about one call before any rule or callback is consulted.
#[derive(Debug, Clone, PartialEq)]
pub enum ToolPermission {
    /// Safe to run without asking (a read inside the working directories, `echo`, ...).
    Allow,
    /// Needs the user's approval; `message` is what the model reads if nobody grants it.
    Ask {
        message: String,
        blocked_path: Option<String>,
        /// PermissionUpdate suggestions offered to can_use_tool, in wire shape.
        suggestions: Vec<Value>,
        /// `decision_reason_type` of the permission_denied message, when not `"mode"`.
        reason_type: Option<String>,
        /// `decision_reason` of the permission_denied message, when it states more than
        /// `message` (else the reference's usual reason for `reason_type`).
        reason: Option<String>,
    },
    /// Refused outright, whatever the mode.
    Deny { message: String },
}

impl ToolPermission {
    pub fn ask(message: impl Into<String>) -> Self {
        ToolPermission::Ask {
            message: message.into(),
            blocked_path: None,
            suggestions: Vec::new(),
            reason_type: None,
            reason: None,
        }
    }

    /// What a tool without a check of its own answers: the user decides whether the model
    /// may use `tool` at all.
    ///
    /// ```
    /// use oxagent_core::permission::ToolPermission;
    /// assert_eq!(
    ///     ToolPermission::ask_to_use("WebFetch"),
    ///     ToolPermission::ask("Claude requested permissions to use WebFetch, but you haven't granted it yet.")
    /// );
    /// ```
    pub fn ask_to_use(tool: &str) -> Self {
        ToolPermission::ask(format!(
            "Claude requested permissions to use {tool}, but you haven't granted it yet."
        ))
    }
}

/// What a tool's permission check can see.
#[derive(Debug, Clone, Default)]
pub struct PermissionContext {
    pub cwd: PathBuf,
    pub additional_directories: Vec<PathBuf>,
    pub mode: PermissionMode,
    /// The session's rules: a tool that checks its call part by part (Bash) asks them
    /// whether an allow rule covers a part.
    pub rules: RuleSet,
    /// The home directory, for `~` in paths and rules.
    pub home: Option<PathBuf>,
    /// Where the session's shell stands after a `cd` (none: `cwd`): a relative path in a
    /// call starts there, while rules and the working directories keep to `cwd`.
    pub shell_dir: Option<PathBuf>,
    /// The session's model does not run auto mode: plan mode then asks as the default mode
    /// does, instead of leaving its questions to the auto-mode classifier and reading
    /// freely outside the working directories (see [`crate::model_names::runs_auto_mode`]).
    pub no_auto_mode: bool,
    /// The subagent whose call is checked (none: the main agent): what it has read decides
    /// some questions.
    pub agent_id: Option<String>,
}

impl PermissionContext {
    /// Whether the mode's questions go to the auto-mode classifier: auto mode, and plan mode
    /// on a model that runs auto mode.
    pub fn classifier_mode(&self) -> bool {
        match self.mode {
            PermissionMode::Auto => true,
            PermissionMode::Plan => !self.no_auto_mode,
            _ => false,
        }
    }
    pub fn new(cwd: impl Into<PathBuf>, mode: PermissionMode) -> Self {
        PermissionContext {
            cwd: cwd.into(),
            mode,
            ..Default::default()
        }
    }

    /// Where a relative path in a call starts: the shell's directory.
    pub fn dir(&self) -> &std::path::Path {
        self.shell_dir.as_deref().unwrap_or(&self.cwd)
    }

    /// Where rule paths start from.
    pub fn roots(&self) -> RuleRoots {
        RuleRoots {
            cwd: self.cwd.clone(),
            home: self.home.clone(),
        }
    }

    /// Whether `path` (absolute, normalized) lies in the working directories.
    pub fn is_inside(&self, path: &std::path::Path) -> bool {
        std::iter::once(&self.cwd)
            .chain(self.additional_directories.iter())
            .any(|dir| path.starts_with(dir))
    }
}

/// The final decision for one call.
#[derive(Debug, Clone, PartialEq)]
pub enum Decision {
    Allow {
        /// The input to run with (a callback or hook may have rewritten it).
        input: Value,
    },
    Deny {
        message: String,
        /// Stop the whole turn after this denial (can_use_tool's `interrupt`).
        interrupt: bool,
        /// Emit a `system/permission_denied` message for this denial.
        announce: bool,
        reason_type: Option<String>,
    },
}

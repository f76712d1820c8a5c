//! Permission decisions for tool calls.
//!
//! Order, as documented: deny rules -> ask rules -> permission mode -> allow rules -> the
//! tool's own check -> can_use_tool (no callback: deny). This module holds the vocabulary
//! and the evaluation; rule parsing lives in [`crate::rules`].

use std::path::PathBuf;

use serde_json::Value;

use crate::config::PermissionMode;

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
        }
    }
}

/// What a tool's permission check can see.
#[derive(Debug, Clone)]
pub struct PermissionContext {
    pub cwd: PathBuf,
    pub additional_directories: Vec<PathBuf>,
    pub mode: PermissionMode,
}

impl PermissionContext {
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

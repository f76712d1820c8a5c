//! Permission modes, answers and updates as the documented SDKs spell them
//! (`PermissionMode`, `PermissionResult`, `PermissionUpdate`).
//!
//! ```
//! use oxagent_core::protocol::permission::{PermissionAnswer, PermissionUpdate};
//! let a: PermissionAnswer = serde_json::from_str(
//!     r#"{"behavior": "allow", "updatedPermissions": [{"type": "setMode", "mode": "acceptEdits", "destination": "session"}]}"#,
//! ).unwrap();
//! let PermissionAnswer::Allow { updated_permissions, .. } = a else { panic!() };
//! assert!(matches!(updated_permissions[0], PermissionUpdate::SetMode { .. }));
//! ```

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;

/// The documented permission modes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum PermissionMode {
    #[default]
    Default,
    AcceptEdits,
    Plan,
    DontAsk,
    BypassPermissions,
    Auto,
}

impl PermissionMode {
    pub fn as_str(self) -> &'static str {
        match self {
            PermissionMode::Default => "default",
            PermissionMode::AcceptEdits => "acceptEdits",
            PermissionMode::Plan => "plan",
            PermissionMode::DontAsk => "dontAsk",
            PermissionMode::BypassPermissions => "bypassPermissions",
            PermissionMode::Auto => "auto",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Some(match s {
            "default" => PermissionMode::Default,
            "acceptEdits" => PermissionMode::AcceptEdits,
            "plan" => PermissionMode::Plan,
            "dontAsk" => PermissionMode::DontAsk,
            "bypassPermissions" => PermissionMode::BypassPermissions,
            "auto" => PermissionMode::Auto,
            _ => return None,
        })
    }
}

/// The answer to a permission question (can_use_tool, or a PermissionRequest hook's
/// `decision`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "behavior", rename_all = "lowercase")]
pub enum PermissionAnswer {
    /// Run the call, with a rewritten input if given, and these changes to the rules.
    Allow {
        #[serde(
            rename = "updatedInput",
            default,
            skip_serializing_if = "Option::is_none"
        )]
        updated_input: Option<Value>,
        #[serde(
            rename = "updatedPermissions",
            default,
            deserialize_with = "lenient_updates",
            skip_serializing_if = "Vec::is_empty"
        )]
        updated_permissions: Vec<PermissionUpdate>,
    },
    /// Refuse it; the model reads `message`. `interrupt` also ends the turn.
    Deny {
        #[serde(default)]
        message: String,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        interrupt: bool,
    },
}

impl PermissionAnswer {
    pub fn allow() -> Self {
        PermissionAnswer::Allow {
            updated_input: None,
            updated_permissions: Vec::new(),
        }
    }

    pub fn deny(message: impl Into<String>) -> Self {
        PermissionAnswer::Deny {
            message: message.into(),
            interrupt: false,
        }
    }
}

/// A rule in a permission update: `{toolName, ruleContent?}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RuleValue {
    #[serde(rename = "toolName")]
    pub tool_name: String,
    #[serde(
        rename = "ruleContent",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub rule_content: Option<String>,
}

/// A change to the permission rules, mode or directories (`PermissionUpdate`). `behavior`
/// is `allow`, `deny` or `ask`; `destination` is `session`, `userSettings`,
/// `projectSettings`, `localSettings` or `cliArg` (absent: the session).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum PermissionUpdate {
    AddRules {
        rules: Vec<RuleValue>,
        behavior: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        destination: Option<String>,
    },
    ReplaceRules {
        rules: Vec<RuleValue>,
        behavior: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        destination: Option<String>,
    },
    RemoveRules {
        rules: Vec<RuleValue>,
        behavior: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        destination: Option<String>,
    },
    SetMode {
        mode: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        destination: Option<String>,
    },
    AddDirectories {
        directories: Vec<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        destination: Option<String>,
    },
    RemoveDirectories {
        directories: Vec<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        destination: Option<String>,
    },
}

impl PermissionUpdate {
    pub fn destination(&self) -> Option<&str> {
        match self {
            PermissionUpdate::AddRules { destination, .. }
            | PermissionUpdate::ReplaceRules { destination, .. }
            | PermissionUpdate::RemoveRules { destination, .. }
            | PermissionUpdate::SetMode { destination, .. }
            | PermissionUpdate::AddDirectories { destination, .. }
            | PermissionUpdate::RemoveDirectories { destination, .. } => destination.as_deref(),
        }
    }
}

/// Updates a caller sent: each one that does not read as an update is left out, as the
/// reference ignores what it does not understand.
fn lenient_updates<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<PermissionUpdate>, D::Error> {
    let raw = Option::<Vec<Value>>::deserialize(d)?.unwrap_or_default();
    Ok(raw
        .into_iter()
        .filter_map(|v| serde_json::from_value(v).ok())
        .collect())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn deny_reads_with_defaults() {
        let a: PermissionAnswer = serde_json::from_value(json!({"behavior": "deny"})).unwrap();
        assert_eq!(a, PermissionAnswer::deny(""));
        let a: PermissionAnswer =
            serde_json::from_value(json!({"behavior": "deny", "message": "no", "interrupt": true}))
                .unwrap();
        assert_eq!(
            serde_json::to_value(a).unwrap(),
            json!({"behavior": "deny", "message": "no", "interrupt": true})
        );
    }

    #[test]
    fn unreadable_updates_are_left_out() {
        let a: PermissionAnswer = serde_json::from_value(json!({"behavior": "allow",
            "updatedInput": {"x": 1},
            "updatedPermissions": [{"type": "bogus"}, {"type": "addRules", "behavior": "allow",
                "rules": [{"toolName": "Bash", "ruleContent": "ls"}], "destination": "session"}]}))
        .unwrap();
        let PermissionAnswer::Allow {
            updated_input,
            updated_permissions,
        } = a
        else {
            panic!("not an allow")
        };
        assert_eq!(updated_input, Some(json!({"x": 1})));
        assert_eq!(updated_permissions.len(), 1);
        assert_eq!(updated_permissions[0].destination(), Some("session"));
    }
}

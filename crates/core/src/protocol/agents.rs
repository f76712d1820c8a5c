//! Subagents as the documented SDKs describe them: an [`AgentDefinition`] (the `agents`
//! option, an agent file, a built-in agent) and the Agent tool's input ([`AgentCall`]).
//!
//! ```
//! use oxagent_core::protocol::agents::AgentDefinition;
//! let d: AgentDefinition = serde_json::from_str(
//!     r#"{"description": "Reviews code", "prompt": "You review.", "tools": ["Read"], "maxTurns": 3}"#,
//! ).unwrap();
//! assert_eq!(d.max_turns, Some(3));
//! ```

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A subagent the model can delegate to (camelCase on the wire, as the SDKs spell it).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AgentDefinition {
    /// When to use the agent: the model reads it to choose.
    pub description: String,
    /// The agent's system prompt.
    pub prompt: String,
    /// The only tools it may use (none: every tool of the session).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tools: Option<Vec<String>>,
    /// Tools taken away from what it would otherwise have.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub disallowed_tools: Option<Vec<String>>,
    /// An alias (`sonnet`, `opus`, `haiku`), a model id, or `inherit` (none: the session's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub skills: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub memory: Option<String>,
    /// MCP servers by name or inline config.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mcp_servers: Option<Vec<Value>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initial_prompt: Option<String>,
    /// The most API calls the agent makes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_turns: Option<u32>,
    /// Always runs in the background.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub background: Option<bool>,
    /// `low` ... `max`, or a number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effort: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub permission_mode: Option<String>,
}

/// The Agent tool's input.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct AgentCall {
    /// A short description of the task (3-5 words).
    pub description: String,
    /// The task, as the agent's first prompt.
    pub prompt: String,
    /// Which agent (none: `general-purpose`).
    #[serde(default)]
    pub subagent_type: Option<String>,
    /// `sonnet`, `opus`, `haiku`: over the definition's model.
    #[serde(default)]
    pub model: Option<String>,
    #[serde(default)]
    pub effort: Option<String>,
    /// Left out: in the background, as the reference; only `false` runs in the foreground.
    #[serde(default)]
    pub run_in_background: Option<bool>,
    #[serde(default)]
    pub isolation: Option<String>,
    /// A name SendMessage can address the agent by, beside its id.
    #[serde(default)]
    pub name: Option<String>,
}

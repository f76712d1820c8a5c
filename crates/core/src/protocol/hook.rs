//! Hook inputs and outputs as the documented SDKs spell them (`HookInput`,
//! `HookJSONOutput`).
//!
//! Every input carries the session's common fields; the event's own fields come with its
//! `hook_event_name`:
//!
//! ```
//! use oxagent_core::protocol::hook::{HookEvent, HookInput};
//! let input = HookInput::new("s", "/w", HookEvent::UserPromptSubmit { prompt: "hi".into() });
//! let v = serde_json::to_value(&input).unwrap();
//! assert_eq!(v["hook_event_name"], "UserPromptSubmit");
//! assert_eq!(v["prompt"], "hi");
//! ```

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value};

use super::permission::{PermissionAnswer, PermissionUpdate};

/// What a hook callback receives.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HookInput {
    pub session_id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transcript_path: Option<String>,
    pub cwd: String,
    /// The prompt being answered (all events but SessionStart and the compaction ones).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prompt_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub permission_mode: Option<String>,
    /// The subagent the hook runs in (none: the main agent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agent_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agent_type: Option<String>,
    /// The effort of the turn (tool events and Stop).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effort: Option<Effort>,
    #[serde(flatten)]
    pub event: HookEvent,
    /// The MCP server of the tool a tool event is about: `{name, source}` (`sdk`, `stdio`,
    /// ...), after the event's fields (fuzz-j).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mcp_server: Option<Value>,
}

impl HookInput {
    pub fn new(session_id: impl Into<String>, cwd: impl Into<String>, event: HookEvent) -> Self {
        HookInput {
            session_id: session_id.into(),
            transcript_path: None,
            cwd: cwd.into(),
            prompt_id: None,
            permission_mode: None,
            agent_id: None,
            agent_type: None,
            effort: None,
            event,
            mcp_server: None,
        }
    }

    /// The input naming the MCP server `tool` comes from, if it comes from one.
    pub fn for_tool(mut self, tool: &dyn crate::tool::Tool) -> Self {
        self.mcp_server = crate::tool::mcp_server_ref(tool);
        self
    }

    /// The `hook_event_name`.
    pub fn event_name(&self) -> &'static str {
        self.event.name()
    }
}

/// `{level}`: the effort of the turn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Effort {
    pub level: String,
}

/// The event a hook runs for, with the event's own fields.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "hook_event_name")]
pub enum HookEvent {
    PreToolUse {
        tool_name: String,
        tool_input: Value,
        tool_use_id: String,
    },
    PostToolUse {
        tool_name: String,
        tool_input: Value,
        /// The tool's structured output, as the caller sees it in `tool_use_result`.
        tool_response: Value,
        tool_use_id: String,
        /// How long the tool ran, in milliseconds (permission questions and hooks excluded).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        duration_ms: Option<u64>,
    },
    PostToolUseFailure {
        tool_name: String,
        tool_input: Value,
        error: String,
        is_interrupt: bool,
        tool_use_id: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        duration_ms: Option<u64>,
    },
    PermissionRequest {
        tool_name: String,
        tool_input: Value,
        /// Left out when there is nothing to suggest (fuzz-i/fi_231: a PreToolUse hook's ask).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        permission_suggestions: Vec<PermissionUpdate>,
    },
    /// Every call of one response has its result: `{tool_name, tool_input, tool_use_id,
    /// tool_response}` each, `tool_response` being the text the model reads.
    PostToolBatch {
        tool_calls: Vec<Value>,
    },
    UserPromptSubmit {
        prompt: String,
    },
    Stop {
        stop_hook_active: bool,
        /// Left out when the last answer ended without text (a structured answer's call).
        #[serde(skip_serializing_if = "String::is_empty")]
        last_assistant_message: String,
        background_tasks: Vec<RunningTask>,
        session_crons: Vec<Value>,
    },
    SessionStart {
        /// `startup`, `resume`, `clear` or `compact`.
        source: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        model: Option<String>,
    },
    SessionEnd {
        reason: String,
    },
    PreCompact {
        /// `auto` or `manual`.
        trigger: String,
        custom_instructions: Option<String>,
    },
    PostCompact {
        trigger: String,
        compact_summary: String,
    },
    /// An assistant text is shown: one per text block, whole (`final`).
    MessageDisplay {
        turn_id: String,
        message_id: String,
        index: u32,
        #[serde(rename = "final")]
        is_final: bool,
        delta: String,
    },
    /// The turn ended on an API error instead of an answer (in place of Stop).
    StopFailure {
        /// The error's category (`authentication_failed`, `server_error`, ...).
        error: String,
        last_assistant_message: String,
    },
    /// A prompt that named a command was expanded (after UserPromptSubmit).
    UserPromptExpansion {
        /// `slash_command`.
        expansion_type: String,
        command_name: String,
        command_args: String,
        /// Where the command comes from: `projectSettings`, `userSettings`, `plugin`.
        command_source: String,
        prompt: String,
    },
    /// A CLAUDE.md file was read into the session's instructions.
    InstructionsLoaded {
        file_path: String,
        /// `Project`, `User`, `Local`.
        memory_type: String,
        /// `session_start`, `nested_traversal`, `include`, `path_glob_match`.
        load_reason: String,
        /// A conditional rule's `paths:` globs (`path_glob_match`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        globs: Option<Vec<String>>,
        /// The file a tool call touched that brought the instructions in (nested loads).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        trigger_file_path: Option<String>,
        /// The file whose `@path` imported this one (`include`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        parent_file_path: Option<String>,
    },
    /// A skill's ``!`command` `` is about to run (as a Bash call would).
    PreSkillShellCommand {
        tool_name: String,
        tool_input: Value,
        /// `<the call's id>:preamble-<n>`.
        tool_use_id: String,
        command_name: String,
        command_source: String,
        /// `claude`: the model called the skill.
        invoked_by: String,
    },
    /// A subagent starts (`agent_id`, `agent_type` are in the common fields).
    SubagentStart {},
    /// A subagent is about to end, as Stop is for the main agent.
    SubagentStop {
        stop_hook_active: bool,
        agent_transcript_path: String,
        last_assistant_message: String,
        background_tasks: Vec<RunningTask>,
        session_crons: Vec<Value>,
    },
}

/// A background task still running when a Stop or SubagentStop hook fires, as the hook is
/// told of it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum RunningTask {
    /// A command moved to the background.
    Shell {
        id: String,
        status: String,
        description: String,
        command: String,
    },
    /// A subagent running in the background.
    Subagent {
        id: String,
        status: String,
        description: String,
        agent_type: Option<String>,
    },
}

impl HookEvent {
    pub fn name(&self) -> &'static str {
        match self {
            HookEvent::PreToolUse { .. } => "PreToolUse",
            HookEvent::PostToolUse { .. } => "PostToolUse",
            HookEvent::PostToolUseFailure { .. } => "PostToolUseFailure",
            HookEvent::PermissionRequest { .. } => "PermissionRequest",
            HookEvent::PostToolBatch { .. } => "PostToolBatch",
            HookEvent::UserPromptSubmit { .. } => "UserPromptSubmit",
            HookEvent::Stop { .. } => "Stop",
            HookEvent::SessionStart { .. } => "SessionStart",
            HookEvent::SessionEnd { .. } => "SessionEnd",
            HookEvent::PreCompact { .. } => "PreCompact",
            HookEvent::PostCompact { .. } => "PostCompact",
            HookEvent::MessageDisplay { .. } => "MessageDisplay",
            HookEvent::StopFailure { .. } => "StopFailure",
            HookEvent::UserPromptExpansion { .. } => "UserPromptExpansion",
            HookEvent::InstructionsLoaded { .. } => "InstructionsLoaded",
            HookEvent::PreSkillShellCommand { .. } => "PreSkillShellCommand",
            HookEvent::SubagentStart { .. } => "SubagentStart",
            HookEvent::SubagentStop { .. } => "SubagentStop",
        }
    }
}

/// What a hook callback answers. Every field is optional; `{}` means "no opinion".
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct HookOutput {
    /// `false`: stop the turn after this point.
    #[serde(
        rename = "continue",
        default,
        deserialize_with = "bool_or_none",
        skip_serializing_if = "Option::is_none"
    )]
    pub continue_: Option<bool>,
    #[serde(
        rename = "suppressOutput",
        default,
        deserialize_with = "bool_or_none",
        skip_serializing_if = "Option::is_none"
    )]
    pub suppress_output: Option<bool>,
    #[serde(
        rename = "stopReason",
        default,
        deserialize_with = "text_or_none",
        skip_serializing_if = "Option::is_none"
    )]
    pub stop_reason: Option<String>,
    /// `approve` or `block`.
    #[serde(
        default,
        deserialize_with = "text_or_none",
        skip_serializing_if = "Option::is_none"
    )]
    pub decision: Option<String>,
    #[serde(
        default,
        deserialize_with = "text_or_none",
        skip_serializing_if = "Option::is_none"
    )]
    pub reason: Option<String>,
    #[serde(
        rename = "systemMessage",
        default,
        deserialize_with = "text_or_none",
        skip_serializing_if = "Option::is_none"
    )]
    pub system_message: Option<String>,
    #[serde(
        rename = "hookSpecificOutput",
        default,
        deserialize_with = "specific_or_none",
        skip_serializing_if = "Option::is_none"
    )]
    pub specific: Option<HookSpecificOutput>,
    #[serde(
        rename = "async",
        default,
        deserialize_with = "bool_or_none",
        skip_serializing_if = "Option::is_none"
    )]
    pub is_async: Option<bool>,
    #[serde(
        rename = "asyncTimeout",
        default,
        deserialize_with = "number_or_none",
        skip_serializing_if = "Option::is_none"
    )]
    pub async_timeout: Option<u64>,
    /// How a settings-file command hook ran (never on the wire).
    #[serde(skip)]
    pub command_run: Option<CommandRun>,
    /// Why the answer cannot be read as it stands (a decision no event knows); the parts
    /// that can be read still count unless the hook's matcher fails closed.
    #[serde(skip)]
    pub unreadable: Option<String>,
    /// A block's reason in the hook's own words, where the reason shown adds words of the
    /// session's (an agent hook's "Agent hook condition was not met: <this>").
    #[serde(skip)]
    pub block_words: Option<String>,
}

/// The event-specific part of a hook's answer.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct HookSpecificOutput {
    #[serde(
        rename = "hookEventName",
        default,
        deserialize_with = "text_or_none",
        skip_serializing_if = "Option::is_none"
    )]
    pub hook_event_name: Option<String>,
    /// PreToolUse: `allow`, `deny` or `ask`.
    #[serde(
        rename = "permissionDecision",
        default,
        deserialize_with = "text_or_none",
        skip_serializing_if = "Option::is_none"
    )]
    pub permission_decision: Option<String>,
    #[serde(
        rename = "permissionDecisionReason",
        default,
        deserialize_with = "text_or_none",
        skip_serializing_if = "Option::is_none"
    )]
    pub permission_decision_reason: Option<String>,
    /// PreToolUse: the input to run the tool with (only an object counts).
    #[serde(
        rename = "updatedInput",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub updated_input: Option<Value>,
    #[serde(
        rename = "additionalContext",
        default,
        deserialize_with = "text_or_none",
        skip_serializing_if = "Option::is_none"
    )]
    pub additional_context: Option<String>,
    /// PermissionRequest: the answer to the permission question.
    #[serde(
        default,
        deserialize_with = "answer_or_none",
        skip_serializing_if = "Option::is_none"
    )]
    pub decision: Option<PermissionAnswer>,
    /// UserPromptSubmit, SessionStart: the session's title from now on.
    #[serde(
        rename = "sessionTitle",
        default,
        deserialize_with = "text_or_none",
        skip_serializing_if = "Option::is_none"
    )]
    pub session_title: Option<String>,
    /// UserPromptSubmit: a block's notice leaves the prompt out.
    #[serde(
        rename = "suppressOriginalPrompt",
        default,
        deserialize_with = "bool_or_none",
        skip_serializing_if = "Option::is_none"
    )]
    pub suppress_original_prompt: Option<bool>,
    /// SessionStart: a prompt the session answers first, before the caller's.
    #[serde(
        rename = "initialUserMessage",
        default,
        deserialize_with = "text_or_none",
        skip_serializing_if = "Option::is_none"
    )]
    pub initial_user_message: Option<String>,
    /// MessageDisplay: the text shown in place of the model's.
    #[serde(
        rename = "displayContent",
        default,
        deserialize_with = "text_or_none",
        skip_serializing_if = "Option::is_none"
    )]
    pub display_content: Option<String>,
    /// PostToolUse: the tool's output to report instead of its own (any tool).
    #[serde(
        rename = "updatedToolOutput",
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub updated_tool_output: Option<Value>,
    /// PostToolUse: the same, for MCP tools only.
    #[serde(
        rename = "updatedMCPToolOutput",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub updated_mcp_tool_output: Option<Value>,
}

/// A field that counts when present, `null` included.
fn present<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(d).map(Some)
}

/// How a settings-file command hook ran, for the session's `hook_response` messages.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct CommandRun {
    pub stdout: String,
    pub stderr: String,
    pub exit_code: Option<i32>,
    /// What the response's `output` says (none: stdout and stderr on lines of their own).
    pub output: Option<String>,
    /// Whether the hook succeeded (none: it exited 0). An HTTP hook's `exit_code` is the
    /// answer's status.
    pub ok: Option<bool>,
}

impl HookOutput {
    /// Reads a callback's answer. An answer that is not an object is a failed callback,
    /// with the reason; one that names a decision the events do not know says so in
    /// [`HookOutput::unreadable`].
    pub fn from_value(value: Value) -> Result<HookOutput, String> {
        let out = match value {
            Value::Object(out) => out,
            Value::Null => return Err("the hook callback returned nothing".into()),
            _ => return Err("the hook callback's answer is not an object".into()),
        };
        let problem = unreadable(&out);
        let mut read: HookOutput = serde_json::from_value(Value::Object(out))
            .map_err(|e| format!("unreadable answer: {e}"))?;
        read.unreadable = problem;
        Ok(read)
    }

    /// `continue: false`.
    pub fn stops(&self) -> bool {
        self.continue_ == Some(false)
    }
}

/// What makes an answer unreadable: a permission decision or a decision the events do not
/// know.
fn unreadable(out: &Map<String, Value>) -> Option<String> {
    let decision = out
        .get("hookSpecificOutput")
        .and_then(|h| h.get("permissionDecision"));
    if let Some(d) =
        decision.filter(|d| !matches!(d.as_str(), Some("allow" | "deny" | "ask" | "defer")))
    {
        return Some(format!("unknown permissionDecision {d}"));
    }
    if let Some(c) = out.get("continue").filter(|c| !c.is_boolean()) {
        return Some(format!("continue is not a boolean: {c}"));
    }
    match out.get("decision") {
        Some(d) if !matches!(d.as_str(), Some("approve" | "block")) => {
            Some(format!("unknown decision {d}"))
        }
        _ => None,
    }
}

fn text_or_none<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    Ok(match Value::deserialize(d)? {
        Value::String(s) => Some(s),
        _ => None,
    })
}

fn bool_or_none<'de, D: Deserializer<'de>>(d: D) -> Result<Option<bool>, D::Error> {
    Ok(Value::deserialize(d)?.as_bool())
}

fn number_or_none<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
    Ok(Value::deserialize(d)?.as_u64())
}

fn specific_or_none<'de, D: Deserializer<'de>>(
    d: D,
) -> Result<Option<HookSpecificOutput>, D::Error> {
    Ok(serde_json::from_value(Value::deserialize(d)?).ok())
}

/// A PermissionRequest `decision` counts when it reads as an answer (has a `behavior`).
fn answer_or_none<'de, D: Deserializer<'de>>(d: D) -> Result<Option<PermissionAnswer>, D::Error> {
    Ok(serde_json::from_value(Value::deserialize(d)?).ok())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn outputs_read_leniently_where_the_reference_does() {
        let out = HookOutput::from_value(json!({"continue": false, "stopReason": "enough",
            "hookSpecificOutput": {"hookEventName": "PermissionRequest",
                "decision": {"behavior": "allow"}, "additionalContext": 3}}))
        .unwrap();
        assert!(out.stops());
        let specific = out.specific.unwrap();
        assert_eq!(specific.decision, Some(PermissionAnswer::allow()));
        assert_eq!(specific.additional_context, None);
    }

    #[test]
    fn unknown_decisions_are_reported() {
        let out = HookOutput::from_value(json!({"decision": "maybe", "systemMessage": "hi"}));
        let out = out.unwrap();
        assert_eq!(
            out.unreadable.as_deref(),
            Some("unknown decision \"maybe\"")
        );
        assert_eq!(out.system_message.as_deref(), Some("hi"));
        let out = HookOutput::from_value(json!({"hookSpecificOutput": {"permissionDecision": 1}}));
        assert_eq!(
            out.unwrap().unreadable.as_deref(),
            Some("unknown permissionDecision 1")
        );
        assert!(HookOutput::from_value(json!([])).is_err());
    }

    #[test]
    fn inputs_carry_the_event_fields() {
        let mut input = HookInput::new(
            "s",
            "/w",
            HookEvent::PreToolUse {
                tool_name: "Bash".into(),
                tool_input: json!({"command": "ls"}),
                tool_use_id: "t1".into(),
            },
        );
        input.permission_mode = Some("default".into());
        input.effort = Some(Effort {
            level: "medium".into(),
        });
        assert_eq!(
            serde_json::to_value(&input).unwrap(),
            json!({"session_id": "s", "cwd": "/w", "permission_mode": "default",
                "effort": {"level": "medium"}, "hook_event_name": "PreToolUse",
                "tool_name": "Bash", "tool_input": {"command": "ls"}, "tool_use_id": "t1"})
        );
        let back: HookInput =
            serde_json::from_value(serde_json::to_value(&input).unwrap()).unwrap();
        assert_eq!(back, input);
        // An MCP tool's server comes after the event's fields (fj_pin_hook_server_stdio).
        input.mcp_server = Some(json!({"name": "calc", "source": "dynamic"}));
        let text = serde_json::to_string(&input).unwrap();
        assert!(
            text.ends_with(
                r#""tool_use_id":"t1","mcp_server":{"name":"calc","source":"dynamic"}}"#
            ),
            "{text}"
        );
    }
}

//! The messages a session streams to its caller, in the TypeScript SDK's wire shape.
//!
//! The JSON of [`Message`] is exactly what the documented TypeScript SDK yields
//! (`{"type": "assistant", "message": {...}, "parent_tool_use_id": null, ...}`); the Python
//! face parses the same JSON into its dataclasses.
//!
//! ```
//! use oxagent_core::message::Message;
//! let m: Message = serde_json::from_str(
//!     r#"{"type":"system","subtype":"status","status":null,"uuid":"u","session_id":"s"}"#,
//! ).unwrap();
//! assert!(matches!(m, Message::System(ref s) if s.subtype == "status"));
//! ```

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::content::{ContentBlock, UserContent};
use crate::usage::{ModelUsage, Usage};

/// One item of a session's output stream.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Message {
    System(SystemMessage),
    Assistant(AssistantMessage),
    User(UserMessage),
    Result(ResultMessage),
    StreamEvent(StreamEventMessage),
}

impl Message {
    pub fn session_id(&self) -> Option<&str> {
        match self {
            Message::System(m) => Some(&m.session_id),
            Message::Assistant(m) => Some(&m.session_id),
            Message::User(m) => m.session_id.as_deref(),
            Message::Result(m) => Some(&m.session_id),
            Message::StreamEvent(m) => Some(&m.session_id),
        }
    }

    pub fn uuid(&self) -> Option<&str> {
        match self {
            Message::System(m) => Some(&m.uuid),
            Message::Assistant(m) => Some(&m.uuid),
            Message::User(m) => m.uuid.as_deref(),
            Message::Result(m) => Some(&m.uuid),
            Message::StreamEvent(m) => Some(&m.uuid),
        }
    }
}

/// `type: "system"`: `init`, `api_retry`, `compact_boundary`, `status`, ... The fields
/// besides `subtype` differ per subtype and are kept in `data`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SystemMessage {
    pub subtype: String,
    #[serde(flatten)]
    pub data: Map<String, Value>,
    pub uuid: String,
    pub session_id: String,
}

/// The raw API message carried by an assistant message (one content block each).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ApiMessage {
    pub id: String,
    #[serde(rename = "type", default = "message_type")]
    pub kind: String,
    #[serde(default = "assistant_role")]
    pub role: String,
    pub model: String,
    pub content: Vec<ContentBlock>,
    #[serde(default)]
    pub stop_reason: Option<String>,
    #[serde(default)]
    pub stop_sequence: Option<String>,
    #[serde(default)]
    pub usage: Usage,
    #[serde(default)]
    pub context_management: Option<Value>,
}

fn message_type() -> String {
    "message".into()
}

fn assistant_role() -> String {
    "assistant".into()
}

/// `type: "assistant"`: one completed content block of a model response.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AssistantMessage {
    pub message: ApiMessage,
    pub parent_tool_use_id: Option<String>,
    /// Set on synthetic messages that stand for an API failure (`server_error`, `rate_limit`...).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The failed call's status and error type, on the message that stands for it.
    #[serde(flatten, default, skip_serializing_if = "Option::is_none")]
    pub api_error: Option<Box<ApiErrorMark>>,
    /// A local command's failure this message reports.
    #[serde(flatten, default, skip_serializing_if = "Option::is_none")]
    pub local_command: Option<Box<LocalCommandMark>>,
    /// For a call of an MCP tool: how the TypeScript SDK names it (`display_name`, and
    /// `server_display_name`/`tool_name` when the tool exists).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tool_use_meta: Option<Value>,
    pub uuid: String,
    pub session_id: String,
}

/// What a synthetic assistant message says of the local command (`/compact`) whose failure
/// it reports.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LocalCommandMark {
    /// The command's output as the transcript records it (`<local-command-stderr>…`).
    pub local_command_source: String,
    /// `{command, args}`.
    pub local_command_run: Value,
    /// `{kind: "failed"}`.
    pub local_command_outcome: Value,
}

/// What a synthetic assistant message says of the API failure it stands for.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ApiErrorMark {
    pub is_api_error_message: bool,
    pub api_error_status: Option<u16>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api_error_type: Option<String>,
}

/// The `message` of a user message.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UserParam {
    #[serde(default = "user_role")]
    pub role: String,
    pub content: UserContent,
}

fn user_role() -> String {
    "user".into()
}

/// `type: "user"`: a prompt, or tool results the loop adds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UserMessage {
    pub message: UserParam,
    #[serde(default)]
    pub parent_tool_use_id: Option<String>,
    /// The tool's structured output (not the text the model sees); a bare string on errors.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tool_use_result: Option<Value>,
    #[serde(
        default,
        rename = "isSynthetic",
        skip_serializing_if = "Option::is_none"
    )]
    pub is_synthetic: Option<bool>,
    /// On the messages a `/compact` command replays: its output (`true`) and the summary it
    /// continues from (`false`).
    #[serde(default, rename = "isReplay", skip_serializing_if = "Option::is_none")]
    pub is_replay: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uuid: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session_id: Option<String>,
}

impl UserMessage {
    pub fn prompt(content: UserContent) -> Self {
        UserMessage {
            message: UserParam {
                role: user_role(),
                content,
            },
            parent_tool_use_id: None,
            tool_use_result: None,
            is_synthetic: None,
            is_replay: None,
            uuid: None,
            session_id: None,
        }
    }
}

/// A tool call the permission system refused.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PermissionDenial {
    pub tool_name: String,
    pub tool_use_id: String,
    pub tool_input: Value,
}

/// `type: "result"`: the end of one turn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ResultMessage {
    pub subtype: ResultSubtype,
    pub is_error: bool,
    pub duration_ms: u64,
    pub duration_api_ms: u64,
    pub num_turns: u32,
    /// The final assistant text; on an API failure, the error text. Absent on error subtypes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    pub stop_reason: Option<String>,
    pub session_id: String,
    #[serde(serialize_with = "crate::usage::js_number")]
    pub total_cost_usd: f64,
    pub usage: Usage,
    #[serde(rename = "modelUsage")]
    pub model_usage: BTreeMap<String, ModelUsage>,
    pub permission_denials: Vec<PermissionDenial>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub errors: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub structured_output: Option<Value>,
    #[serde(default)]
    pub api_error_status: Option<u16>,
    /// The API's `error.type` when an API error ended the turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api_error_type: Option<String>,
    /// The local command (`compact`) this result ends.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub local_command: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terminal_reason: Option<String>,
    pub uuid: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ResultSubtype {
    Success,
    ErrorMaxTurns,
    ErrorMaxBudgetUsd,
    ErrorDuringExecution,
    ErrorMaxStructuredOutputRetries,
}

/// `type: "stream_event"`: a raw API stream event, only with partial messages on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StreamEventMessage {
    pub event: Value,
    pub parent_tool_use_id: Option<String>,
    pub uuid: String,
    pub session_id: String,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn assistant_wire_shape() {
        let m = Message::Assistant(AssistantMessage {
            message: ApiMessage {
                id: "msg_1".into(),
                kind: "message".into(),
                role: "assistant".into(),
                model: "claude-opus-5-5".into(),
                content: vec![ContentBlock::text("hi")],
                stop_reason: None,
                stop_sequence: None,
                usage: Usage {
                    input_tokens: 3,
                    output_tokens: 1,
                    ..Usage::default()
                },
                context_management: None,
            },
            parent_tool_use_id: None,
            error: None,
            api_error: None,
            local_command: None,
            tool_use_meta: None,
            uuid: "u".into(),
            session_id: "s".into(),
        });
        assert_eq!(
            serde_json::to_value(&m).unwrap(),
            json!({"type": "assistant", "message": {"id": "msg_1", "type": "message",
                "role": "assistant", "model": "claude-opus-5-5",
                "content": [{"type": "text", "text": "hi"}], "stop_reason": null,
                "stop_sequence": null, "usage": {"input_tokens": 3, "output_tokens": 1,
                "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0},
                "context_management": null},
                "parent_tool_use_id": null, "uuid": "u", "session_id": "s"})
        );
    }

    #[test]
    fn system_message_flattens_data() {
        let raw = json!({"type": "system", "subtype": "api_retry", "attempt": 1,
                         "uuid": "u", "session_id": "s"});
        let m: Message = serde_json::from_value(raw.clone()).unwrap();
        assert_eq!(serde_json::to_value(&m).unwrap(), raw);
    }
}

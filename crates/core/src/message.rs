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
//! assert!(matches!(m, Message::System(ref s) if s.subtype() == "status"));
//! ```

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

pub use crate::api_event::ApiEvent;
use crate::content::{ContentBlock, UserContent};
pub use crate::protocol::system::SystemMessage;
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
    /// `/clear` ended the conversation: what follows belongs to a new session.
    ConversationReset(ConversationReset),
    /// A turn the session started by itself (a scheduled job came due) starts or ends.
    CommandLifecycle(CommandLifecycle),
}

impl Message {
    pub fn session_id(&self) -> Option<&str> {
        match self {
            Message::System(m) => Some(&m.session_id),
            Message::Assistant(m) => Some(&m.session_id),
            Message::User(m) => m.session_id.as_deref(),
            Message::Result(m) => Some(&m.session_id),
            Message::StreamEvent(m) => Some(&m.session_id),
            Message::ConversationReset(m) => Some(&m.session_id),
            Message::CommandLifecycle(m) => Some(&m.session_id),
        }
    }

    pub fn uuid(&self) -> Option<&str> {
        match self {
            Message::System(m) => Some(&m.uuid),
            Message::Assistant(m) => Some(&m.uuid),
            Message::User(m) => m.uuid.as_deref(),
            Message::Result(m) => Some(&m.uuid),
            Message::StreamEvent(m) => Some(&m.uuid),
            Message::ConversationReset(m) => Some(&m.uuid),
            Message::CommandLifecycle(m) => Some(&m.uuid),
        }
    }
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
    /// Other fields of the API's message (`container`, `stop_details`, ...), verbatim.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
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
    /// On a subagent's messages: which subagent, of which type, doing what.
    #[serde(flatten, default, skip_serializing_if = "Option::is_none")]
    pub subagent: Option<SubagentMark>,
    /// On a thinking block's message: how thinking is shown, as the request asked (the
    /// TypeScript SDK's field).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thinking_display: Option<String>,
    pub uuid: String,
    pub session_id: String,
}

/// What a subagent's messages say of it (the TypeScript SDK's `agent_id`, `subagent_type`,
/// `task_description`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SubagentMark {
    pub agent_id: String,
    pub subagent_type: String,
    pub task_description: String,
}

/// What a synthetic assistant message says of the local command (`/compact`) whose failure
/// it reports.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LocalCommandMark {
    /// The command's output as the transcript records it (`<local-command-stderr>…`).
    pub local_command_source: String,
    /// `{command, args}` (none for a forked skill's command).
    #[serde(default, skip_serializing_if = "Value::is_null")]
    pub local_command_run: Value,
    /// `{kind: "failed"}` (none for a forked skill's command).
    #[serde(default, skip_serializing_if = "Value::is_null")]
    pub local_command_outcome: Value,
}

/// What a synthetic assistant message says of the API failure it stands for.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ApiErrorMark {
    pub is_api_error_message: bool,
    /// Left out when the call got no status (a refused connection, a timeout, a broken
    /// stream), as the reference leaves it out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api_error_status: Option<u16>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api_error_type: Option<String>,
    /// What kind of failure got no answer at all (`connection_failed`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api_error: Option<String>,
    /// On the message shown for a second refusal: the refused answer's id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refused_message_id: Option<String>,
}

/// The `api_error` of a failed call, from the API's message or the text shown for it:
/// `connection_failed` for a refused connection (the text ends with
/// [`crate::model::CONNECTION_REFUSED`]), `tool_history_mismatch` for a conversation whose
/// tool calls went unanswered.
pub fn api_error_code(text: &str) -> Option<String> {
    if text.ends_with(crate::model::CONNECTION_REFUSED) {
        return Some("connection_failed".into());
    }
    if text == crate::compact::THRASHING {
        return Some("autocompact_thrashing".into());
    }
    (text.contains("ids were found without `tool_result` blocks")
        || text.contains("due to tool use concurrency issues"))
    .then(|| "tool_history_mismatch".into())
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
    /// A nudge the conversation carries as a system reminder: the transcript records it as
    /// the reminder's text (a meta row), as the reference does, and a resumed session reads
    /// it so (fuzz-d/fd_055). Not part of the message the caller sees.
    #[serde(skip)]
    pub as_reminder: bool,
    /// What the model reads after a tool call's result, as part of the results' message
    /// (a skill's instructions): the transcript marks its row as meta, and a resumed
    /// session puts it back with the results (fuzz-m/fm_005). Not seen by the caller.
    #[serde(skip)]
    pub follows_result: bool,
    /// On a subagent's messages: which subagent, of which type, doing what.
    #[serde(flatten, default, skip_serializing_if = "Option::is_none")]
    pub subagent: Option<SubagentMark>,
    /// On the note that follows a refused answer: which answer.
    #[serde(flatten, default, skip_serializing_if = "Option::is_none")]
    pub refusal: Option<RefusalRetry>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uuid: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session_id: Option<String>,
}

/// The answer a refusal note follows, and that the loop asks once more.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RefusalRetry {
    /// On the note: the refused answer's id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refused_message_id: Option<String>,
    pub refusal_retry: bool,
    /// On a result the refusal gave a call of that answer: `[{id, non_execution_kind}]`,
    /// `interrupted` for a call that had started, `cancelled` for one that had not.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tool_result_meta: Option<Value>,
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
            as_reminder: false,
            follows_result: false,
            subagent: None,
            refusal: None,
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
    /// The call a PreToolUse hook deferred (`{id, name, input}`), which ended the turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deferred_tool_use: Option<Value>,
    /// The failed request's HTTP status. Absent on error subtypes and on a turn that made
    /// no request; `Some(None)` is a `null` (a request was made and did not fail).
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub api_error_status: Option<Option<u16>>,
    /// The API's `error.type` when an API error ended the turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api_error_type: Option<String>,
    /// What kind of failure got no answer at all (see [`api_error_code`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api_error: Option<String>,
    /// The local command (`compact`) this result ends.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub local_command: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terminal_reason: Option<String>,
    /// The turn stopped because the permission check could not decide (auto mode without
    /// its classifier, once too often).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stopped_by_permission_check: Option<bool>,
    /// `off`: fast mode is not offered (absent on a session that never started).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fast_mode_state: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fast_mode_disabled_reason: Option<String>,
    /// Prompts waiting behind this turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub queued_turn_count: Option<u32>,
    /// What started a turn the caller did not prompt (a background task's notification).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin: Option<ResultOrigin>,
    /// The number of this result in the session's stream, from 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result_index: Option<u64>,
    /// With partial messages: the ids of the API messages whose streams began since the
    /// previous result (broken-off attempts included), in order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub begun_message_ids: Option<Vec<String>>,
    pub uuid: String,
}

impl ResultMessage {
    /// An empty success result of a session that started (its mode and queue state set);
    /// the loop fills in the rest.
    pub fn started(uuid: String) -> Self {
        ResultMessage {
            fast_mode_state: Some(crate::protocol::system::FAST_MODE_OFF.into()),
            fast_mode_disabled_reason: Some(
                crate::protocol::system::FAST_MODE_DISABLED_REASON.into(),
            ),
            queued_turn_count: Some(0),
            ..ResultMessage::unstarted(uuid)
        }
    }

    /// An empty success result of a session that never started (no mode or queue state).
    pub fn unstarted(uuid: String) -> Self {
        ResultMessage {
            subtype: ResultSubtype::Success,
            is_error: false,
            duration_ms: 0,
            duration_api_ms: 0,
            num_turns: 0,
            result: None,
            stop_reason: None,
            session_id: String::new(),
            total_cost_usd: 0.0,
            usage: Usage::default().for_result(),
            model_usage: BTreeMap::new(),
            permission_denials: Vec::new(),
            errors: None,
            structured_output: None,
            deferred_tool_use: None,
            api_error_status: None,
            api_error_type: None,
            api_error: None,
            local_command: None,
            terminal_reason: None,
            stopped_by_permission_check: None,
            fast_mode_state: None,
            fast_mode_disabled_reason: None,
            queued_turn_count: None,
            origin: None,
            result_index: None,
            begun_message_ids: None,
            uuid,
        }
    }
}

/// A field that, when present, holds a value or `null`.
fn present<'de, D: serde::Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(d).map(Some)
}

/// `conversation_reset`: the conversation of session `session_id` was set aside; the
/// session goes on as a new one. Its `uuid` is `new_conversation_id`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ConversationReset {
    pub new_conversation_id: String,
    pub uuid: String,
    /// `clear`.
    pub trigger: String,
    /// The prompt that asked for it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user_message_uuid: Option<String>,
    /// True when that prompt was stamped `{"kind": "human"}`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user_message_from_human: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timestamp: Option<String>,
    pub session_id: String,
}

/// `command_lifecycle`: a turn the session runs by itself, without a prompt from the caller
/// (a scheduled job's), `started` before its `system/init` and `completed` after its
/// result; both name the turn by the same `command_uuid`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CommandLifecycle {
    pub command_uuid: String,
    /// `started` or `completed`.
    pub state: String,
    /// What woke the session (`schedule_wakeup`), on `started` only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wakeup_source: Option<String>,
    pub uuid: String,
    pub session_id: String,
}

/// What started a turn: `{"kind": "human"}` when the host stamped its prompt so, or the
/// background task whose end the session turned into a prompt.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ResultOrigin {
    /// `human` or `task-notification`.
    pub kind: String,
    /// `session-task`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub producer: Option<String>,
    #[serde(default, rename = "runId", skip_serializing_if = "Option::is_none")]
    pub run_id: Option<String>,
}

impl ResultOrigin {
    /// The origin a host may stamp on a prompt: only `{"kind": "human"}` is honoured, as the
    /// reference (any other kind, or a malformed value, leaves the prompt unstamped).
    pub fn stamped(value: Option<&serde_json::Value>) -> Option<ResultOrigin> {
        let kind = value?.get("kind")?.as_str()?;
        (kind == "human").then(|| ResultOrigin {
            kind: kind.into(),
            producer: None,
            run_id: None,
        })
    }
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

impl ResultSubtype {
    /// The subtype as the result message spells it.
    pub fn as_str(self) -> &'static str {
        match self {
            ResultSubtype::Success => "success",
            ResultSubtype::ErrorMaxTurns => "error_max_turns",
            ResultSubtype::ErrorMaxBudgetUsd => "error_max_budget_usd",
            ResultSubtype::ErrorDuringExecution => "error_during_execution",
            ResultSubtype::ErrorMaxStructuredOutputRetries => "error_max_structured_output_retries",
        }
    }
}

/// `type: "stream_event"`: a raw API stream event, only with partial messages on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StreamEventMessage {
    /// The event as the API sent it (reads as a `Value`; see [`ApiEvent`]).
    pub event: ApiEvent,
    pub parent_tool_use_id: Option<String>,
    /// How thinking is displayed (the request's `thinking.display`), on the response's
    /// `message_start` and on each thinking block's start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thinking_display: Option<String>,
    /// The id of the response the event belongs to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api_message_id: Option<String>,
    /// On the `message_stop` that closes a response broken off by a stream error: the
    /// response's id and the index from which its blocks were given up.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub abandoned_blocks: Option<Value>,
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
                extra: Map::new(),
            },
            parent_tool_use_id: None,
            error: None,
            api_error: None,
            local_command: None,
            tool_use_meta: None,
            subagent: None,
            thinking_display: None,
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

    /// faults_connection_refused: no status, no `api_error_status` key.
    #[test]
    fn api_error_mark_leaves_out_a_missing_status() {
        let mark = |status| {
            serde_json::to_value(ApiErrorMark {
                is_api_error_message: true,
                api_error_status: status,
                api_error_type: None,
                api_error: None,
                refused_message_id: None,
            })
            .unwrap()
        };
        assert_eq!(mark(None), json!({"is_api_error_message": true}));
        assert_eq!(
            mark(Some(500)),
            json!({"is_api_error_message": true, "api_error_status": 500})
        );
        let back: ApiErrorMark =
            serde_json::from_value(json!({"is_api_error_message": true})).unwrap();
        assert_eq!(back.api_error_status, None);
    }

    #[test]
    fn system_message_has_typed_fields() {
        let raw = json!({"type": "system", "subtype": "api_retry", "attempt": 1,
            "max_retries": 10, "retry_delay_ms": 500, "error_status": null, "error": "unknown",
            "uuid": "u", "session_id": "s"});
        let m: Message = serde_json::from_value(raw.clone()).unwrap();
        assert_eq!(serde_json::to_value(&m).unwrap(), raw);
    }
}

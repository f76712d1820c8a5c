//! `type: "system"` messages: one variant per subtype, each with its own typed fields.
//!
//! ```
//! use oxagent_core::protocol::system::{Status, SystemBody, SystemMessage};
//! let m = SystemMessage::new(SystemBody::Status(Status::requesting()), "u", "s");
//! assert_eq!(
//!     serde_json::to_value(&m).unwrap(),
//!     serde_json::json!({"subtype": "status", "status": "requesting", "uuid": "u", "session_id": "s"})
//! );
//! assert_eq!(m.subtype(), "status");
//! ```

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::permission::PermissionMode;

/// A system message: what happened (`body`, tagged by `subtype`), and where.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SystemMessage {
    #[serde(flatten)]
    pub body: SystemBody,
    pub uuid: String,
    pub session_id: String,
}

impl SystemMessage {
    pub fn new(body: SystemBody, uuid: impl Into<String>, session_id: impl Into<String>) -> Self {
        SystemMessage {
            body,
            uuid: uuid.into(),
            session_id: session_id.into(),
        }
    }

    /// The `subtype` tag as it appears on the wire.
    pub fn subtype(&self) -> &'static str {
        self.body.subtype()
    }
}

/// The system message subtypes a session emits.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "subtype", rename_all = "snake_case")]
pub enum SystemBody {
    /// Opens each turn: what the session runs with.
    Init(Box<Init>),
    /// A request or a compaction starts or ends.
    Status(Status),
    /// A failed request is retried.
    ApiRetry(ApiRetry),
    /// The conversation was compacted; what follows continues from a summary.
    CompactBoundary(CompactBoundary),
    /// A tool call was refused without asking anyone.
    PermissionDenied(PermissionDenied),
    /// A notice for the user (hook system messages, a refused prompt).
    Informational(Informational),
    /// A notice the reference shows in its status line.
    Notification(Notification),
    /// A settings-file command hook started.
    HookStarted(HookStarted),
    /// A settings-file command hook ended.
    HookResponse(HookResponse),
    /// A background task, or a subagent, started.
    TaskStarted(TaskStarted),
    /// A subagent is about to run a tool.
    TaskProgress(TaskProgress),
    /// A background task's state changed.
    TaskUpdated(TaskUpdated),
    /// A background task ended; the model hears about it.
    TaskNotification(TaskNotification),
    /// The list of running background tasks changed.
    BackgroundTasksChanged(BackgroundTasksChanged),
    /// A batch of transcript entries could not be mirrored to the session store.
    MirrorError(MirrorError),
    ThinkingTokens(ThinkingTokens),
    /// The session got its title (the TypeScript `title` option), before `system/init`.
    SessionTitleChanged(SessionTitleChanged),
    /// The main model was overloaded; requests go to the fallback model from now on.
    ModelFallback(ModelFallback),
    /// The model refused again after the note on its first refusal, and no other model
    /// takes over: the turn gives up on the answer.
    ModelRefusalNoFallback(ModelRefusalNoFallback),
    /// A shell command changed the repository's state others see (a `git push`).
    VcsStateChanged(VcsStateChanged),
    /// Before the first message when the settings turn every hook off (`disableAllHooks`):
    /// the reference's CLI asks its screen to be drawn again (`{"event": "ui.render"}`).
    UiInvalidate(UiInvalidate),
}

impl SystemBody {
    pub fn subtype(&self) -> &'static str {
        match self {
            SystemBody::Init(_) => "init",
            SystemBody::Status(_) => "status",
            SystemBody::ApiRetry(_) => "api_retry",
            SystemBody::CompactBoundary(_) => "compact_boundary",
            SystemBody::PermissionDenied(_) => "permission_denied",
            SystemBody::Informational(_) => "informational",
            SystemBody::Notification(_) => "notification",
            SystemBody::HookStarted(_) => "hook_started",
            SystemBody::HookResponse(_) => "hook_response",
            SystemBody::TaskStarted(_) => "task_started",
            SystemBody::TaskProgress(_) => "task_progress",
            SystemBody::TaskUpdated(_) => "task_updated",
            SystemBody::TaskNotification(_) => "task_notification",
            SystemBody::BackgroundTasksChanged(_) => "background_tasks_changed",
            SystemBody::MirrorError(_) => "mirror_error",
            SystemBody::ThinkingTokens(_) => "thinking_tokens",
            SystemBody::SessionTitleChanged(_) => "session_title_changed",
            SystemBody::VcsStateChanged(_) => "vcs_state_changed",
            SystemBody::UiInvalidate(_) => "ui_invalidate",
            SystemBody::ModelFallback(_) => "model_fallback",
            SystemBody::ModelRefusalNoFallback(_) => "model_refusal_no_fallback",
        }
    }
}

/// An MCP server as `system/init` and `mcp_status` list it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct McpServerStatus {
    pub name: String,
    /// `connected`, `failed`, ...
    pub status: String,
    /// Why it failed (`mcp_status` only; `system/init` names no reasons).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// `dynamic` for the servers the session starts or dials itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
}

/// An MCP server as `mcp_status` details it (the TS SDK's `McpServerStatus`): its
/// connection, the config it was started from, and what it offers.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct McpServerDetail {
    pub name: String,
    /// `connected`, `failed`, `pending`, `disabled`.
    pub status: String,
    /// What the server said of itself on `initialize` (connected servers).
    #[serde(
        rename = "serverInfo",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub server_info: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// `{type, command, args}` or `{type, url, headers?}`; none for in-process servers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub config: Option<Value>,
    /// `stdio`, `http`, `sse` or `sdk`.
    pub transport: String,
    /// Where the config came from: `dynamic` for the options' servers.
    pub scope: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// The server's tools (connected servers), in its order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tools: Option<Vec<McpToolSummary>>,
    /// `{experimental: {...}}`, when the server declares experimental capabilities.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capabilities: Option<Value>,
}

/// A tool in [`McpServerDetail::tools`]: its bare name and the hints that hold.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct McpToolSummary {
    pub name: String,
    pub annotations: McpToolHints,
    /// The tool's `_meta.ui`, as `{ui: ...}`.
    #[serde(rename = "_meta", default, skip_serializing_if = "Option::is_none")]
    pub meta: Option<Value>,
}

/// The hints of an MCP tool that hold (each only when true).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct McpToolHints {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub read_only: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub destructive: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub open_world: Option<bool>,
}

impl McpToolSummary {
    /// The summary of one entry of a `tools/list` answer (`None` without a name).
    pub fn of_listed(tool: &Value) -> Option<Self> {
        let name = tool.get("name")?.as_str()?.to_string();
        let hint = |key: &str| {
            (tool.pointer(&format!("/annotations/{key}")) == Some(&Value::Bool(true)))
                .then_some(true)
        };
        Some(McpToolSummary {
            name,
            annotations: McpToolHints {
                read_only: hint("readOnlyHint"),
                destructive: hint("destructiveHint"),
                open_world: hint("openWorldHint"),
            },
            meta: tool
                .pointer("/_meta/ui")
                .map(|ui| serde_json::json!({ "ui": ui })),
        })
    }
}

/// A plugin as `system/init` lists it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PluginInfo {
    pub name: String,
    pub path: String,
    /// `<name>@inline` for a plugin the options name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
}

/// `system/init`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Init {
    pub cwd: String,
    pub tools: Vec<String>,
    pub mcp_servers: Vec<McpServerStatus>,
    pub model: String,
    #[serde(rename = "permissionMode")]
    pub permission_mode: PermissionMode,
    #[serde(rename = "apiKeySource")]
    pub api_key_source: String,
    #[serde(flatten)]
    pub setup: InitSetup,
}

/// The part of `system/init` that is fixed when the session starts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct InitSetup {
    /// The betas of the `betas` option the session uses (those it knows).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub betas: Vec<String>,
    pub slash_commands: Vec<String>,
    pub output_style: String,
    pub agents: Vec<String>,
    pub skills: Vec<String>,
    pub plugins: Vec<PluginInfo>,
    pub additional_directories: Vec<String>,
    pub fast_mode_state: String,
    pub fast_mode_disabled_reason: String,
    pub view_mode: String,
}

impl Default for InitSetup {
    fn default() -> Self {
        InitSetup {
            betas: Vec::new(),
            slash_commands: vec!["clear".into(), "compact".into()],
            output_style: "default".into(),
            agents: Vec::new(),
            skills: Vec::new(),
            plugins: Vec::new(),
            additional_directories: Vec::new(),
            // Fast mode is a product feature oxagent does not offer; the fields say so.
            fast_mode_state: FAST_MODE_OFF.into(),
            fast_mode_disabled_reason: FAST_MODE_DISABLED_REASON.into(),
            view_mode: "default".into(),
        }
    }
}

/// `fast_mode_state` of init and result messages.
pub const FAST_MODE_OFF: &str = "off";
/// `fast_mode_disabled_reason` of init and result messages.
pub const FAST_MODE_DISABLED_REASON: &str = "sdk_opt_in_required";

/// `system/status`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Status {
    /// `requesting`, `compacting`, or null when what was going on ended.
    pub status: Option<String>,
    /// `success` or `failed`, when a compaction ended.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub compact_result: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub compact_error: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub compact_output_chars: Option<u64>,
    /// The permission mode a tool call (EnterPlanMode, ExitPlanMode) switched to.
    #[serde(
        default,
        rename = "permissionMode",
        skip_serializing_if = "Option::is_none"
    )]
    pub permission_mode: Option<String>,
}

impl Status {
    fn of(status: Option<&str>) -> Self {
        Status {
            status: status.map(str::to_string),
            compact_result: None,
            compact_error: None,
            compact_output_chars: None,
            permission_mode: None,
        }
    }

    /// A tool call switched the permission mode.
    pub fn mode_changed(mode: &str) -> Self {
        let mut s = Status::of(None);
        s.permission_mode = Some(mode.to_string());
        s
    }

    /// A model request starts.
    pub fn requesting() -> Self {
        Status::of(Some("requesting"))
    }

    /// A compaction starts.
    pub fn compacting() -> Self {
        Status::of(Some("compacting"))
    }

    /// What was going on ended without a result (an automatic compaction a hook blocked).
    pub fn idle() -> Self {
        Status::of(None)
    }

    /// A compaction ended: `Ok(())` or the failure's code.
    pub fn compacted(outcome: Result<(), String>) -> Self {
        let mut s = Status::of(None);
        match outcome {
            Ok(()) => s.compact_result = Some("success".into()),
            Err(code) => {
                s.compact_result = Some("failed".into());
                s.compact_error = Some(code);
            }
        }
        s
    }
}

/// `system/api_retry`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ApiRetry {
    pub attempt: u32,
    pub max_retries: u32,
    pub retry_delay_ms: u64,
    pub error_status: Option<u16>,
    /// The error's kind (`server_error`, `rate_limit`, ...).
    pub error: String,
}

/// `system/compact_boundary`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CompactBoundary {
    pub compact_metadata: CompactMetadata,
    pub logical_parent_uuid: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CompactMetadata {
    /// `auto` or `manual`.
    pub trigger: String,
    pub pre_tokens: u64,
    pub post_tokens: u64,
    pub cumulative_dropped_tokens: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preserved_segment: Option<PreservedSegment>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preserved_messages: Option<PreservedMessages>,
}

/// The recent messages a compaction kept verbatim, by their first, anchor and last uuid.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PreservedSegment {
    pub head_uuid: Option<String>,
    pub anchor_uuid: Option<String>,
    pub tail_uuid: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PreservedMessages {
    pub anchor_uuid: Option<String>,
    pub uuids: Vec<String>,
    pub all_uuids: Vec<String>,
}

/// `system/permission_denied`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PermissionDenied {
    pub tool_name: String,
    pub tool_use_id: String,
    /// The subagent whose call it was (none: the main agent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agent_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decision_reason_type: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decision_reason_code: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decision_reason: Option<String>,
    pub message: String,
}

/// `system/mirror_error`: the store kept failing (or timed out) on a batch, which is
/// dropped; the session goes on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MirrorError {
    /// The store's error text.
    pub error: String,
    /// The batch's key, in the TypeScript SDK's names (`{projectKey, sessionId, subpath?}`).
    pub key: serde_json::Value,
}

/// `system/thinking_tokens`: how much a thinking block has said so far, sent before each of
/// its deltas (with or without partial messages). Each delta counts a quarter token per
/// UTF-16 unit, rounded up; the count starts again with each thinking block.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ThinkingTokens {
    pub estimated_tokens: u64,
    pub estimated_tokens_delta: u64,
}

/// `system/model_fallback`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ModelFallback {
    /// Why: `overloaded`.
    pub trigger: String,
    pub original_model: String,
    pub fallback_model: String,
    /// The notice for people: `Switched to Haiku 4.5 due to high demand for Sonnet 4.5`.
    pub content: String,
}

/// `system/model_refusal_no_fallback`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ModelRefusalNoFallback {
    pub original_model: String,
    /// The API's category and explanation of the refusal, when it gave them.
    pub api_refusal_category: Option<String>,
    pub api_refusal_explanation: Option<String>,
    /// The prompt the refused answer was for.
    pub refused_user_message_uuid: Option<String>,
    pub content: String,
    /// The refused answer's request id, which the transcript's row records (fuzz-d/fd_356).
    /// Not sent.
    #[serde(skip)]
    pub request_id: Option<String>,
}

/// `system/vcs_state_changed`: `kind` is what happened (`push`), `cwd` where the shell stood
/// after the command.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VcsStateChanged {
    pub kind: String,
    pub cwd: String,
}

/// `system/ui_invalidate`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UiInvalidate {
    pub event: String,
}

/// `system/session_title_changed`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SessionTitleChanged {
    pub title: String,
}

/// `system/informational`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Informational {
    pub content: String,
    /// `notice` or `warning`.
    pub level: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prevent_continuation: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prompt_submit_outcome: Option<PromptSubmitOutcome>,
    /// Whether the notice is for the model's context only (the classifier warning: `false`).
    #[serde(rename = "isMeta", default, skip_serializing_if = "Option::is_none")]
    pub is_meta: Option<bool>,
    /// What the notice is about, for a host that recognises it
    /// (`auto_mode_no_server_check`, `hook_no_verdict`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tag: Option<String>,
    /// With `tag: hook_no_verdict`: the hook whose answer could not be used.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hook_no_verdict: Option<HookNoVerdict>,
    /// Whether the transcript records it (a `system` row of subtype `informational`), as the
    /// reference records the notice of a refused answer (fuzz-d/fd_050). Not sent.
    #[serde(skip)]
    pub recorded: bool,
}

impl Informational {
    /// A plain warning: the text alone, nothing else set.
    pub fn warning(content: impl Into<String>) -> Self {
        Informational {
            content: content.into(),
            level: "warning".into(),
            prevent_continuation: None,
            prompt_submit_outcome: None,
            is_meta: None,
            tag: None,
            hook_no_verdict: None,
            recorded: false,
        }
    }
}

/// A hook that gave no usable answer, so it did not check the call.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HookNoVerdict {
    pub hook_event: String,
    pub tool_use_id: String,
    pub timed_out: bool,
}

/// How UserPromptSubmit hooks refused a prompt.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PromptSubmitOutcome {
    /// `blocked_by_hook` or `stopped_by_hook`.
    pub kind: String,
    pub prompt_kept: bool,
    /// Why, in the refusing hook's own words (a command's stderr); absent when it gave none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// `system/notification`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Notification {
    pub key: String,
    pub text: String,
    pub priority: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub color: Option<String>,
    /// How long a host shows it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timeout_ms: Option<u64>,
}

/// `system/hook_started`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HookStarted {
    pub hook_id: String,
    /// `<Event>` or `<Event>:<Tool>` (`SessionStart:<source>` for start hooks).
    pub hook_name: String,
    pub hook_event: String,
}

/// `system/hook_response`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HookResponse {
    pub hook_id: String,
    pub hook_name: String,
    pub hook_event: String,
    /// stdout and stderr, the non-empty ones joined by a newline.
    pub output: String,
    pub stdout: String,
    pub stderr: String,
    pub exit_code: Option<i32>,
    /// `success` or `error`.
    pub outcome: String,
}

/// `system/task_started`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TaskStarted {
    pub task_id: String,
    pub run_id: String,
    /// The call that started it; none (left out) for a forked skill typed as a command.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub tool_use_id: String,
    pub description: String,
    /// A subagent's type.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subagent_type: Option<String>,
    /// Left out for a Monitor's WebSocket.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_backgrounded: Option<bool>,
    /// A subagent's depth: 1 for one the main agent started.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spawn_depth: Option<u32>,
    /// The task of the subagent that started this one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parent_task_id: Option<String>,
    /// `local_bash` or `local_agent`.
    pub task_type: String,
    /// A subagent's prompt.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prompt: Option<String>,
    /// A forked skill's run: no transcript of its own in the caller's listings.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub skip_transcript: Option<bool>,
    /// A forked skill's run, which runs inside its caller's turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ambient: Option<bool>,
}

/// `system/task_progress`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TaskProgress {
    pub task_id: String,
    pub run_id: String,
    pub tool_use_id: String,
    /// What the subagent is doing (`Reading a.txt`, `Running echo`, ...).
    pub description: String,
    pub subagent_type: String,
    pub usage: TaskUsage,
    pub last_tool_name: String,
}

/// A subagent's work so far.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TaskUsage {
    pub total_tokens: u64,
    pub tool_uses: u32,
    pub duration_ms: u64,
}

/// `system/task_updated`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TaskUpdated {
    pub task_id: String,
    pub run_id: String,
    pub patch: TaskPatch,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TaskPatch {
    pub status: String,
    /// Why it failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// `system/task_notification`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TaskNotification {
    pub task_id: String,
    pub run_id: String,
    /// The call that started it; none (left out) for a forked skill typed as a command.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub tool_use_id: String,
    /// `completed`, `failed` or `stopped`.
    pub status: String,
    pub output_file: String,
    pub summary: String,
    /// A subagent's work (absent when it was stopped or failed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub usage: Option<TaskUsage>,
    /// A background subagent's summary is its report.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summary_is_report: Option<bool>,
    /// As [`TaskStarted::skip_transcript`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub skip_transcript: Option<bool>,
    /// As [`TaskStarted::ambient`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ambient: Option<bool>,
}

/// `system/background_tasks_changed`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BackgroundTasksChanged {
    pub tasks: Vec<BackgroundTask>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BackgroundTask {
    pub task_id: String,
    pub run_id: String,
    pub task_type: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subagent_type: Option<String>,
    pub description: String,
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    #[test]
    fn round_trips_through_the_wire_shape() {
        let raw = json!({"subtype": "api_retry", "attempt": 1, "max_retries": 2,
            "retry_delay_ms": 500, "error_status": 500, "error": "server_error",
            "uuid": "u", "session_id": "s"});
        let m: SystemMessage = serde_json::from_value(raw.clone()).unwrap();
        assert_eq!(m.subtype(), "api_retry");
        assert_eq!(serde_json::to_value(&m).unwrap(), raw);
    }

    #[test]
    fn init_flattens_its_setup() {
        let init = Init {
            cwd: "/w".into(),
            tools: vec!["Read".into()],
            mcp_servers: vec![],
            model: "m".into(),
            permission_mode: PermissionMode::Default,
            api_key_source: "none".into(),
            setup: InitSetup::default(),
        };
        let v = serde_json::to_value(SystemMessage::new(
            SystemBody::Init(Box::new(init)),
            "u",
            "s",
        ))
        .unwrap();
        assert_eq!(v["subtype"], "init");
        assert_eq!(v["permissionMode"], "default");
        assert_eq!(v["slash_commands"], json!(["clear", "compact"]));
        assert_eq!(v["fast_mode_state"], "off");
    }

    #[test]
    fn a_mode_change_is_a_status_with_the_new_mode() {
        let m = SystemMessage::new(SystemBody::Status(Status::mode_changed("plan")), "u", "s");
        let v = serde_json::to_value(m).unwrap();
        assert_eq!(v["subtype"], "status");
        assert_eq!(v["status"], Value::Null);
        assert_eq!(v["permissionMode"], "plan");
        assert!(v.get("compact_result").is_none());
    }
}

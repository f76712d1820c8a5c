//! The resolved configuration of one session, as the loop consumes it.
//!
//! The facade turns the user's documented options into this; the loop never sees an option
//! it does not act on.

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::protocol::hook::RunningTask;
pub use crate::protocol::permission::PermissionMode;

/// The default model, as the reference has it.
pub const DEFAULT_MODEL: &str = "claude-opus-5-5";

/// The background tasks running now, as Stop and SubagentStop hooks are told of them
pub trait RunningTasks: Send + Sync {
    fn running(&self) -> Vec<RunningTask>;
}

/// Messages for a running agent (SendMessage while it works): what arrived since the last
/// look, each as the text its conversation reads after its next tool round.
pub trait Inbox: Send + Sync {
    fn take(&self) -> Vec<String>;
}

/// Where the session's shell is now (a Bash `cd` moves it): hooks report it as their `cwd`.
pub trait WorkingDir: Send + Sync {
    fn current(&self) -> std::path::PathBuf;
}

/// A session's [`WorkingDir`].
#[derive(Clone)]
pub struct WorkingDirHandle(pub std::sync::Arc<dyn WorkingDir>);

impl std::fmt::Debug for WorkingDirHandle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("WorkingDirHandle")
    }
}

/// A session's [`Inbox`] (a subagent's: its caller writes to it).
#[derive(Clone)]
pub struct InboxHandle(pub std::sync::Arc<dyn Inbox>);

impl std::fmt::Debug for InboxHandle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("InboxHandle")
    }
}

/// A session's [`RunningTasks`], shared with the subagents it starts.
#[derive(Clone)]
pub struct TaskLister(pub std::sync::Arc<dyn RunningTasks>);

impl std::fmt::Debug for TaskLister {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TaskLister")
    }
}

impl TaskLister {
    pub fn running(&self) -> Vec<RunningTask> {
        self.0.running()
    }
}

#[derive(Debug, Clone)]
pub struct SessionConfig {
    pub session_id: String,
    pub cwd: PathBuf,
    pub additional_directories: Vec<PathBuf>,
    pub env: BTreeMap<String, String>,
    pub model: String,
    /// The caller named the model (the `model` option or `ANTHROPIC_MODEL`); otherwise a
    /// resumed session goes on with the model it last used.
    pub model_chosen: bool,
    /// The model plan mode runs instead of `model` (`haiku` plans on Sonnet).
    pub plan_model: Option<String>,
    pub fallback_model: Option<String>,
    /// System prompt blocks, in order. Empty: no `system` field.
    pub system_prompt: Vec<String>,
    /// Text appended to the first user prompt of the session as a system reminder
    /// (environment facts the model needs: cwd, platform, date).
    pub context_reminder: Option<String>,
    /// The plan-mode workflow the model is given while plan mode is on (TypeScript
    /// `planModeInstructions`; `None`: oxagent's own).
    pub plan_mode_instructions: Option<String>,
    /// The CLAUDE.md instructions as one `<system-reminder>` text: the first block of the
    /// first user message, and of the conversation again after a compaction.
    pub memory: Option<String>,
    /// Compaction switches and overrides (from the environment).
    pub compaction: crate::compact::CompactionSettings,
    pub max_turns: Option<i64>,
    pub max_budget_usd: Option<f64>,
    /// `max_tokens` of each request; `None`: the model's maximum.
    pub max_tokens: Option<u64>,
    /// The thinking the caller asked for (`None`: nothing asked); each request shapes it
    /// for its model ([`crate::thinking::for_model`]).
    pub thinking: Option<Value>,
    /// `output_config.effort`; `None`: omitted.
    pub effort: Option<String>,
    pub include_partial_messages: bool,
    /// Each prompt is echoed to the caller after the turn's `init` (`isReplay: true`, with
    /// the prompt's uuid), as the CLI's `--replay-user-messages` does.
    pub replay_prompts: bool,
    pub permission_mode: PermissionMode,
    /// Permission rules (`Bash`, `Bash(npm *)`, `Read(./src/**)`), in the documented syntax.
    pub allowed_tools: Vec<String>,
    pub disallowed_tools: Vec<String>,
    /// The tools the caller listed (the `tools` option); `None`: the default set.
    pub listed_tools: Option<Vec<String>>,
    /// Tools the session would offer that its minimal mode (`CLAUDE_CODE_SIMPLE`) holds back:
    /// calling one reads that it is not among the tools here.
    pub withheld_tools: Vec<String>,
    /// Tool names the model may use for others (`toolAliases`): a call naming a key runs,
    /// and is checked and hooked as, the tool its value names, when the session has it.
    pub tool_aliases: BTreeMap<String, String>,
    /// `apiKeySource` of the init message.
    pub api_key_source: String,
    /// `mcp_servers` of the init message.
    pub mcp_servers: Vec<crate::protocol::system::McpServerStatus>,
    /// The fields of the init message fixed at the session's start (slash commands, agents,
    /// skills, output style, ...).
    pub init: crate::protocol::system::InitSetup,
    /// `anthropic-beta` values sent with every request.
    pub betas: Vec<String>,
    /// Extra top-level request fields (metadata, ...).
    pub request_extra: serde_json::Map<String, Value>,
    /// Hook callbacks registered by the host, by event name.
    pub hooks: BTreeMap<String, Vec<HookMatcher>>,
    /// Report each run of a settings-file command hook (`hook_started`, `hook_response`).
    pub include_hook_events: bool,
    /// A tool whose successful call ends the turn, its input becoming the result's
    /// `structured_output` (`StructuredOutput`, with `output_format`).
    pub final_answer_tool: Option<String>,
    /// Rules from settings files (with their sources), besides `allowed_tools` and
    /// `disallowed_tools`.
    pub permission_rules: crate::rules::RuleSet,
    /// The home directory, for `~` in paths and rules.
    pub home: Option<PathBuf>,
    /// Where the session's transcript lives (reported to hooks as `transcript_path`).
    pub transcript_path: Option<PathBuf>,
    /// `host:port` of a Messages API endpoint other than Anthropic's (`ANTHROPIC_BASE_URL`),
    /// named when the auto-mode classifier cannot run through it.
    pub api_gateway: Option<String>,
    /// The background tasks running (Stop and SubagentStop hooks list them).
    pub running_tasks: Option<TaskLister>,
    /// Where messages sent to this session while it works arrive (a running subagent's);
    /// each is read after the tool round that ends next.
    pub inbox: Option<InboxHandle>,
    /// A subagent's: the main session's tools, by which the TypeScript face describes its
    /// MCP calls (`tool_use_meta`), whether the agent has the tool or brought it.
    pub meta_tools: Option<crate::tool::ToolRegistry>,
    /// Where the shell is now (none: `cwd`).
    pub working_dir: Option<WorkingDirHandle>,
    /// Where the tools resolve paths now (none: `cwd`): a worktree the session moved into.
    pub tool_dir: Option<WorkingDirHandle>,
    /// Set when this session is a subagent of another: who it is, for its hooks, its
    /// permission requests and its end.
    pub subagent: Option<SubagentRole>,
    /// The session's thinking is asked for without display (a subagent whose text nobody
    /// sees).
    pub thinking_omitted: bool,
}

/// A session that runs as a subagent: its id and type, and what it shares with the session
/// that started it.
#[derive(Debug, Clone, PartialEq)]
pub struct SubagentRole {
    /// `a` + 16 hex digits; also the id of its task.
    pub agent_id: String,
    /// The agent's name (`general-purpose`, `reviewer`, ...).
    pub agent_type: String,
    /// The prompt of the parent's turn that started it (its hooks report it).
    pub parent_prompt_id: Option<String>,
    /// Its own transcript (SubagentStop's `agent_transcript_path`).
    pub transcript_path: Option<PathBuf>,
}

/// Callbacks for one hook event whose tool-name pattern matches (`None`: every call).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HookMatcher {
    pub matcher: Option<String>,
    #[serde(rename = "hookCallbackIds")]
    pub callback_ids: Vec<String>,
    /// Seconds; the reference's default is 60.
    #[serde(default)]
    pub timeout: Option<f64>,
    /// `"block"`: a callback that fails (raises, times out, answers something unreadable)
    /// blocks what the hook guards, instead of counting as no decision.
    #[serde(rename = "onFailure", default, skip_serializing_if = "Option::is_none")]
    pub on_failure: Option<String>,
    /// Shell-command hooks of a settings file, which also see the session's start and end
    /// (the caller's callbacks are registered after the session started).
    #[serde(skip)]
    pub from_settings: bool,
}

impl SessionConfig {
    pub fn new(session_id: impl Into<String>, cwd: impl Into<PathBuf>) -> Self {
        SessionConfig {
            session_id: session_id.into(),
            cwd: cwd.into(),
            additional_directories: Vec::new(),
            env: BTreeMap::new(),
            model: DEFAULT_MODEL.to_string(),
            model_chosen: false,
            plan_model: None,
            fallback_model: None,
            system_prompt: Vec::new(),
            context_reminder: None,
            plan_mode_instructions: None,
            memory: None,
            compaction: crate::compact::CompactionSettings::default(),
            max_turns: None,
            max_budget_usd: None,
            max_tokens: None,
            thinking: None,
            effort: None,
            include_partial_messages: false,
            replay_prompts: false,
            permission_mode: PermissionMode::Default,
            allowed_tools: Vec::new(),
            disallowed_tools: Vec::new(),
            listed_tools: None,
            withheld_tools: Vec::new(),
            tool_aliases: BTreeMap::new(),
            api_key_source: "none".to_string(),
            mcp_servers: Vec::new(),
            init: Default::default(),
            betas: Vec::new(),
            request_extra: serde_json::Map::new(),
            hooks: BTreeMap::new(),
            include_hook_events: false,
            final_answer_tool: None,
            permission_rules: crate::rules::RuleSet::default(),
            home: None,
            transcript_path: None,
            api_gateway: None,
            running_tasks: None,
            inbox: None,
            meta_tools: None,
            working_dir: None,
            tool_dir: None,
            subagent: None,
            thinking_omitted: false,
        }
    }
}

/// The OS user a session's processes run as (the Python option `user`): Bash commands,
/// settings-file command hooks and stdio MCP servers start with this user and group id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunAs {
    pub uid: u32,
    pub gid: u32,
}

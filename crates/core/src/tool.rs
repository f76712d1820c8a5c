//! The tool edge: what the model can call.
//!
//! A [`Tool`] has a name, a description and an input JSON Schema that the model sees, and an
//! async `call` that turns a JSON input into a [`ToolOutput`]. A failure the model can act on
//! (file not found, bad input) is an output with `is_error: Some(true)`, never a panic or an
//! `Err` that ends the turn.
//!
//! ```
//! use oxagent_core::tool::ToolOutput;
//! let out = ToolOutput::error("<tool_use_error>File does not exist.</tool_use_error>");
//! assert_eq!(out.is_error, Some(true));
//! ```

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use futures::future::BoxFuture;
use serde_json::Value;

use crate::content::ToolResultContent;
use crate::conversation::Turn;
use crate::message::Message;
use crate::permission::{PermissionContext, ToolPermission};
use crate::signal::AbortSignal;
use crate::sync::lock;

pub use crate::tool_registry::ToolRegistry;

/// Everything a tool call may need besides its input.
#[derive(Clone, Debug)]
pub struct ToolContext {
    pub session_id: String,
    pub tool_use_id: String,
    /// The session's working directory.
    pub cwd: PathBuf,
    /// Where the session's shell stands after a `cd` (none: `cwd`): relative paths in a
    /// call start there ([`ToolContext::dir`]).
    pub shell_dir: Option<PathBuf>,
    /// Directories outside `cwd` the session may also touch.
    pub additional_directories: Vec<PathBuf>,
    /// Extra environment for processes the tool starts.
    pub env: BTreeMap<String, String>,
    /// Fires when the caller interrupts the turn; long-running tools stop and clean up.
    pub abort: AbortSignal,
    /// The subagent making the call (none: the main agent).
    pub agent_id: Option<String>,
    /// The prompt of the turn the call belongs to.
    pub prompt_id: Option<String>,
    /// The conversation as the call's response left it (the response included), for a tool
    /// that asks for it ([`Tool::needs_conversation`]).
    pub conversation: Option<Arc<Vec<Turn>>>,
    /// The paths of the session's `Read(...)` deny rules, which a search leaves out as the
    /// reference's does: absolute patterns for anchored rules (`/ws/secrets` for
    /// `Read(/secrets/**)`), the others as written (`**/.env`, matched at any depth).
    pub read_denied: Vec<String>,
    /// The session's permission mode when the call runs (the Bash tool records what a
    /// command changed in a git work tree only in bypassPermissions, as the reference does).
    pub permission_mode: crate::PermissionMode,
}

impl ToolContext {
    /// Where a relative path in the call starts: the shell's directory after a `cd`, as the
    /// reference resolves file tools' paths (`cd src`, then `Read app.js`).
    pub fn dir(&self) -> &std::path::Path {
        self.shell_dir.as_deref().unwrap_or(&self.cwd)
    }
}

/// What separates the texts of a `follow_up` that are read as messages of their own.
pub const FOLLOW_UP_BREAK: char = '\u{1e}';

/// The result of one tool call.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolOutput {
    /// What the model reads.
    pub content: ToolResultContent,
    /// `Some(true)` on failure. Some tools send an explicit `Some(false)` on success, as the
    /// reference does (Bash); most leave it out.
    pub is_error: Option<bool>,
    /// The structured output the caller sees as `tool_use_result`.
    pub structured: Option<Value>,
    /// Text the model reads after the round's results, which the caller sees as a message
    /// of its own (`isSynthetic`) right after this result: a skill's instructions.
    pub follow_up: Option<Box<String>>,
}

impl ToolOutput {
    pub fn text(content: impl Into<String>) -> Self {
        ToolOutput {
            follow_up: None,
            content: ToolResultContent::Text(content.into()),
            is_error: None,
            structured: None,
        }
    }

    /// A failure: the text goes to the model, and (as the reference does) the same text is the
    /// structured result.
    pub fn error(content: impl Into<String>) -> Self {
        let text = content.into();
        ToolOutput {
            follow_up: None,
            structured: Some(Value::String(text.clone())),
            content: ToolResultContent::Text(text),
            is_error: Some(true),
        }
    }

    pub fn with_follow_up(mut self, text: impl Into<String>) -> Self {
        self.follow_up = Some(Box::new(text.into()));
        self
    }

    /// Several texts the model reads after the result, each a message of its own (kept
    /// in `follow_up`, separated by [`FOLLOW_UP_BREAK`]).
    pub fn with_follow_ups(mut self, texts: Vec<String>) -> Self {
        self.follow_up = Some(Box::new(texts.join(&FOLLOW_UP_BREAK.to_string())));
        self
    }

    pub fn with_structured(mut self, value: Value) -> Self {
        self.structured = Some(value);
        self
    }

    pub fn with_is_error(mut self, is_error: Option<bool>) -> Self {
        self.is_error = is_error;
        self
    }
}

/// What a write of a file the model has not read is refused with (the model reads it as a
/// `<tool_use_error>`).
pub const NOT_READ_YET: &str = "File has not been read yet. Read it first before writing to it.";

/// A tool the model can call.
pub trait Tool: Send + Sync {
    fn name(&self) -> &str;
    /// The description the model reads.
    fn description(&self) -> String;
    /// The input JSON Schema.
    fn input_schema(&self) -> Value;
    /// The schema a call's input is checked against, when it is laxer than the one the
    /// model is shown (unknown keys dropped rather than refused).
    fn validation_schema(&self) -> Value {
        self.input_schema()
    }
    /// Whether this call only reads: it may run while other read-only calls of the same
    /// response run.
    fn is_read_only(&self, _input: &Value) -> bool {
        false
    }
    /// Whether the tool checks its input against its schema itself (with its own wording),
    /// instead of the loop's input validation.
    fn validates_own_input(&self) -> bool {
        false
    }
    /// The MCP server the tool belongs to, by the name the session gave it (`plugin:demo:calc`
    /// for a plugin's); `None` for the session's own tools.
    fn mcp_server(&self) -> Option<&str> {
        None
    }
    /// For an MCP tool: the name its server lists it by (`dot.name`, offered as `dot_name`)
    /// and where the server comes from (`dynamic`, `sdk`, `plugin`).
    fn mcp_origin(&self) -> Option<(&str, &str)> {
        None
    }
    /// For an MCP tool: the name its server gives itself when the session started it
    /// (`serverInfo.name`), which the TypeScript SDK shows as the server's display name.
    fn mcp_server_display(&self) -> Option<&str> {
        None
    }
    /// For an MCP tool: the title its server gives it (`annotations.title`), which the
    /// TypeScript SDK shows as the call's display name.
    fn mcp_title(&self) -> Option<&str> {
        None
    }
    /// Whether the failed call `tool_use_id` got no answer from its MCP server (a JSON-RPC
    /// error, a closed connection, an answer the client could not read) rather than an
    /// error result, and how; asked once per failed call.
    fn failed_unanswered(&self, _tool_use_id: &str) -> Option<Unanswered> {
        None
    }
    /// The shell commands this call runs before its own work (a skill's ``!`command` ``
    /// lines), for the PreSkillShellCommand hooks: what it is (its name and where it comes
    /// from, as hooks name it) and the commands, in order. `None`: it runs none.
    fn shell_preamble(&self, _input: &Value) -> Option<ShellPreamble> {
        None
    }
    /// What the tool refuses in a call whose input fits its schema, before any hook or
    /// permission check sees the call (TaskStop naming no task): the error text, which
    /// the model reads wrapped in `<tool_use_error>`.
    fn input_error(&self, _input: &Value) -> Option<String> {
        None
    }
    /// [`Tool::input_error`] for a call of the subagent `agent_id` (none: the main agent):
    /// what the file tools refuse depends on what that agent has seen.
    fn input_error_for(&self, input: &Value, _agent_id: Option<&str>) -> Option<String> {
        self.input_error(input)
    }
    /// The existing file this call would change that the model (of the subagent `agent_id`;
    /// none: the main agent) has not seen whole (Write and Edit): the call is refused as not
    /// read yet when the model must read before it writes (see `tool_calls::read_first`),
    /// before any other error of its input.
    fn unseen_file(&self, _input: &Value, _agent_id: Option<&str>) -> Option<std::path::PathBuf> {
        None
    }
    /// Whether [`Tool::input_error`]'s refusal of this input comes from reading the file on
    /// disk: the reference finds it only once the response has streamed, so it is not
    /// answered while the stream goes on (still before any hook or question).
    fn input_error_waits(&self, _input: &Value) -> bool {
        false
    }
    /// Issues the tool's own rules find in a call whose input fits its schema, as the
    /// reference's `custom` validation issues (`{"code": "custom", "message", "path"}`, keys
    /// in the order given): the call is refused as an InputValidationError listing them.
    fn input_issues(&self, _input: &Value) -> Vec<Value> {
        Vec::new()
    }
    /// Whether the tool reads the file on disk before its permission is decided (the
    /// read-before-write check of Write and Edit), so even a refusal comes after a wait.
    fn checks_disk_first(&self) -> bool {
        false
    }
    /// Whether this call may run without asking, before rules and callbacks are consulted.
    /// The default asks for every call.
    fn check_permission(&self, _input: &Value, _ctx: &PermissionContext) -> ToolPermission {
        ToolPermission::ask_to_use(self.name())
    }
    /// A short human description of the call (can_use_tool's `description`).
    /// A call the tool refuses in every permission mode, bypass included, as a permission
    /// denial (after the deny rules, before anything that would allow it).
    fn refusal(&self, _input: &Value) -> Option<crate::permission::evaluate::Denial> {
        None
    }
    /// A call the user must answer in every mode, bypassPermissions included, and whatever
    /// the allow rules and hooks say (Bash removing a critical or workspace directory):
    /// asked after the deny and ask rules.
    fn safety_check(
        &self,
        _input: &Value,
        _ctx: &crate::permission::PermissionContext,
    ) -> Option<crate::permission::evaluate::Prompt> {
        None
    }
    /// The result of a call whose input the answer to its permission question changed
    /// from `proposed` to `accepted`: file tools say so in their text and `userModified`
    /// when what they write changed.
    fn user_modified(&self, out: ToolOutput, _proposed: &Value, _accepted: &Value) -> ToolOutput {
        out
    }
    /// A call the user must answer whatever the allow rules say (Bash leaving the sandbox):
    /// asked after the deny and ask rules and bypassPermissions, before the allow rules.
    fn must_ask(&self, _input: &Value) -> Option<crate::permission::evaluate::Prompt> {
        None
    }

    fn describe_call(&self, input: &Value) -> Option<String> {
        input
            .get("description")
            .and_then(Value::as_str)
            .map(str::to_string)
    }
    fn call<'a>(&'a self, input: Value, ctx: &'a ToolContext) -> BoxFuture<'a, ToolOutput>;

    /// What the model reads for `output`, an output a PostToolUse hook gave in place of the
    /// call's own (`updatedToolOutput`); `None` when it does not have this tool's shape, and
    /// the hook's output is then ignored.
    fn render_output(&self, _output: &Value) -> Option<ToolOutput> {
        None
    }
    /// The call's block has streamed and the call is scheduled; it runs later. A tool that
    /// reports its start to the caller (a subagent's `task_started`) does it here, where the
    /// reference does. `agent_id`: the subagent making the call (none: the main agent).
    /// Returns what goes out once the response's stream has moved on by one more event (a
    /// subagent's prompt comes after the event that follows its call's block).
    fn announce(
        &self,
        _tool_use_id: &str,
        _input: &Value,
        _agent_id: Option<&str>,
    ) -> Vec<Message> {
        Vec::new()
    }
    /// A call announced ([`Tool::announce`]) that will not run: the turn ended before its
    /// calls ran (the budget ran out). Whatever the announcement began is undone.
    fn withdraw(&self, _tool_use_id: &str) {}
    /// The input as the caller is shown it in the call's assistant message, when it differs
    /// from what the model wrote (the conversation keeps the model's).
    fn shown_input(&self, _input: &Value) -> Option<Value> {
        None
    }
    /// Number and boolean fields whose string spelling (`"3"`, `"true"`) the call keeps as
    /// written, where the reference's tool reads the string itself (Read's `limit`, Grep's
    /// counts and flags); every other number or boolean written as a string is stored as the
    /// value it spells.
    fn keeps_strings(&self) -> &'static [&'static str] {
        &[]
    }
    /// Whether the call as stored gets the schema's defaults for the fields the model left
    /// out (Edit's `replace_all: false`); ToolSearch's call is kept as written.
    fn fills_defaults(&self) -> bool {
        true
    }
    /// The input as the call is stored and run, where the tool tidies what the model wrote
    /// (Write and Edit drop trailing whitespace from the lines they write). The caller, the
    /// conversation and the hooks see this input.
    fn tidy_input(&self, input: Value) -> Value {
        input
    }
    /// The input as the schema checks it, where the tool reads a field left out from
    /// another one (TaskCreate's subject and description stand for each other). The call
    /// itself keeps the input as written.
    fn input_as_checked(&self, input: &Value) -> Value {
        input.clone()
    }
    /// Whether this call reads the conversation so far (a fork of the session does).
    fn needs_conversation(&self, _input: &Value) -> bool {
        false
    }
    /// Whether only the user can answer this call: the modes that settle a prompt
    /// themselves (plan, auto) still hand it to can_use_tool, which sees
    /// `requires_user_interaction`.
    fn requires_user_interaction(&self) -> bool {
        false
    }
    /// Whether a question about this call should offer no way to allow it for good (what
    /// the call sets up outlives it: a skill's hooks).
    fn suppresses_always_allow(&self, _input: &Value) -> bool {
        false
    }
    /// How a successful call changes the session's permission mode (the plan-mode tools).
    fn mode_change(&self) -> Option<ModeChange> {
        None
    }
    /// The conversation was compacted (`compaction`: an id of that compaction, the same for
    /// every tool told of it); `kept_reads` are the `file_path`s of the Read calls among the
    /// messages it kept. A tool that remembers what the model has seen of files forgets what
    /// the summary replaced (the file tools, which share one record: `FileState::compacted`).
    fn context_compacted(&self, _compaction: &str, _kept_reads: &[String]) {}
    /// The results of a response that called this tool go to the model now: what its calls
    /// gave is part of the conversation from here on (the Skill tool's record of what each
    /// skill gave).
    fn results_sent(&self) {}
    /// The answer of a call that needs no waiting (a skill's instructions), given while the
    /// response still streams when nothing else (a hook, a question) has to come first.
    /// `None`: the call runs with the others once the response has streamed.
    fn answer_now(&self, _input: &Value) -> Option<ToolOutput> {
        None
    }
    /// [`Tool::answer_now`] for a call of the subagent `agent_id` (none: the main agent),
    /// for a tool that keeps a record per agent (what each was given of a skill).
    fn answer_now_for(&self, input: &Value, _agent_id: Option<&str>) -> Option<ToolOutput> {
        self.answer_now(input)
    }
}

/// The shell commands a call runs first (see [`Tool::shell_preamble`]).
#[derive(Debug, Clone, PartialEq)]
pub struct ShellPreamble {
    /// The skill or command they belong to.
    pub command_name: String,
    /// `projectSettings`, `userSettings`, `plugin`.
    pub command_source: String,
    pub commands: Vec<String>,
    /// Each command as the body writes it (``!`ls` ``), as a refusal names it.
    pub patterns: Vec<String>,
}

/// A permission mode change that a tool call asks for, applied by the loop once the call
/// succeeds (the mode is the session's, not the tool's).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ModeChange {
    /// Switch to plan mode, remembering the mode to come back to.
    EnterPlan,
    /// Leave plan mode for the mode it was entered from (`default` when the session
    /// started in plan mode).
    ExitPlan,
}

impl ModeChange {
    /// Where a session keeps its plan while in plan mode: `~/.claude/plans/<session id>.md`.
    /// ExitPlanMode shows the user what it holds.
    pub fn plan_file(home: &std::path::Path, session_id: &str) -> PathBuf {
        home.join(".claude")
            .join("plans")
            .join(format!("{session_id}.md"))
    }
}

/// The `tools` entry of a request for one tool. (Built field by field: `json!` would copy the
/// schema through the serializer, which was a quarter of building the definitions each round.)
/// How an MCP call failed without an error result from its server.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unanswered {
    /// A JSON-RPC error, a closed connection, an answer that is no `CallToolResult`.
    Error,
    /// An answer that is no MCP response at all: no PostToolUseFailure hook hears of it
    /// (fuzz-k/fk_012).
    NotMcp,
}

/// `{name, source}` of the MCP server `tool` comes from, as hooks and the permission
/// callback are told it; `None` for the session's own tools.
pub fn mcp_server_ref(tool: &dyn Tool) -> Option<Value> {
    let (name, (_, source)) = tool.mcp_server().zip(tool.mcp_origin())?;
    Some(serde_json::json!({"name": name, "source": source}))
}

pub fn api_definition(tool: &dyn Tool) -> Value {
    let mut entry = serde_json::Map::with_capacity(3);
    entry.insert("name".into(), Value::String(tool.name().to_string()));
    entry.insert("description".into(), Value::String(tool.description()));
    entry.insert("input_schema".into(), tool.input_schema());
    Value::Object(entry)
}

/// Tools whose definitions are held back from requests until the model looks them up (the
/// reference's tool search): the model sees their names only, asks a search tool for the
/// ones it needs, and from then on they are sent like any other. Clones share the state, so
/// the registry and the search tool can each hold one without holding each other.
///
/// The state keeps the tools themselves, not their request definitions: a definition is built
/// when a search reads it, so a session that never searches holds none (they were about 4 KB
/// a session, built at its start).
#[derive(Clone, Default)]
pub struct DeferredTools {
    inner: Arc<Mutex<DeferredState>>,
}

#[derive(Default)]
struct DeferredState {
    /// Every deferred tool, by name.
    tools: BTreeMap<String, Arc<dyn Tool>>,
    /// Deferred tools the model has looked up: sent in full from now on.
    loaded: BTreeSet<String>,
    /// Deferred tools whose schema an error's note gave the model (still not sent).
    told: BTreeSet<String>,
}

impl DeferredTools {
    /// Holds back a tool.
    pub fn defer(&self, tool: Arc<dyn Tool>) {
        lock(&self.inner)
            .tools
            .insert(tool.name().to_string(), tool);
    }

    /// Drops a tool that left the session (its MCP server was turned off): nothing can
    /// look it up any more.
    pub fn forget(&self, name: &str) {
        let mut state = lock(&self.inner);
        state.tools.remove(name);
        state.loaded.remove(name);
        state.told.remove(name);
    }

    /// Marks tools as looked up: requests carry them from now on.
    pub fn load<S: AsRef<str>>(&self, names: impl IntoIterator<Item = S>) {
        let mut state = lock(&self.inner);
        for name in names {
            let name = name.as_ref();
            if state.tools.contains_key(name) {
                state.loaded.insert(name.to_string());
            }
        }
    }

    /// Marks tools whose schema the model was told in an error's note.
    pub fn tell<S: AsRef<str>>(&self, names: impl IntoIterator<Item = S>) {
        let mut state = lock(&self.inner);
        for name in names {
            let name = name.as_ref();
            if state.tools.contains_key(name) {
                state.told.insert(name.to_string());
            }
        }
    }

    /// Whether an error of this tool should tell the model its schema: it is held back and
    /// no earlier note gave it.
    pub fn schema_unseen(&self, name: &str) -> bool {
        let state = lock(&self.inner);
        state.tools.contains_key(name) && !state.loaded.contains(name) && !state.told.contains(name)
    }

    /// Whether this tool is deferred (looked up or not).
    pub fn is_deferred(&self, name: &str) -> bool {
        lock(&self.inner).tools.contains_key(name)
    }

    /// Whether requests leave this tool out for now.
    pub fn is_hidden(&self, name: &str) -> bool {
        let state = lock(&self.inner);
        state.tools.contains_key(name) && !state.loaded.contains(name)
    }

    /// Request definitions of every deferred tool (loaded or not), by name.
    pub fn definitions(&self) -> Vec<Value> {
        let tools: Vec<Arc<dyn Tool>> = lock(&self.inner).tools.values().cloned().collect();
        tools.iter().map(|t| api_definition(t.as_ref())).collect()
    }

    /// Whether any deferred tool is still held back.
    pub fn any_hidden(&self) -> bool {
        let state = lock(&self.inner);
        state.tools.keys().any(|n| !state.loaded.contains(n))
    }

    /// Names of the deferred tools still held back.
    pub fn hidden_names(&self) -> Vec<String> {
        let state = lock(&self.inner);
        state
            .tools
            .keys()
            .filter(|n| !state.loaded.contains(*n))
            .cloned()
            .collect()
    }
}

impl std::fmt::Debug for DeferredTools {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.hidden_names()).finish()
    }
}

/// Tools a caller hands to a session (custom tools, an in-process server's tools). Two lists
/// are equal when they name the same tools.
#[derive(Clone, Default)]
pub struct ToolList(pub Vec<Arc<dyn Tool>>);

impl ToolList {
    pub fn names(&self) -> Vec<&str> {
        self.0.iter().map(|t| t.name()).collect()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn iter(&self) -> impl Iterator<Item = &Arc<dyn Tool>> {
        self.0.iter()
    }
}

impl From<Vec<Arc<dyn Tool>>> for ToolList {
    fn from(tools: Vec<Arc<dyn Tool>>) -> Self {
        ToolList(tools)
    }
}

impl PartialEq for ToolList {
    fn eq(&self, other: &Self) -> bool {
        self.names() == other.names()
    }
}

impl std::fmt::Debug for ToolList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.names()).finish()
    }
}

/// The tools' former names, as a model may still call them, and their names now.
pub const FORMER_NAMES: &[(&str, &str)] = &[
    ("Task", "Agent"),
    ("KillShell", "TaskStop"),
    ("KillBash", "TaskStop"),
    ("ListPeers", "ListAgents"),
    ("Brief", "SendUserMessage"),
    ("ListMcpResources", "ListMcpResourcesTool"),
    ("ReadMcpResource", "ReadMcpResourceTool"),
];

/// The name a tool called `name` goes by now (`name` itself when it is not a former name).
pub fn current_name(name: &str) -> &str {
    FORMER_NAMES
        .iter()
        .find(|(old, _)| *old == name)
        .map_or(name, |(_, now)| now)
}

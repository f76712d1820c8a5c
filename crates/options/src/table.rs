//! Every documented option of both SDKs: its name in each face, the shape its value must
//! have, and what oxagent does with it. Rows follow the Python dataclass's field order, then
//! the TypeScript-only options in the order of the `.d.ts`.

use oxagent_core::protocol::stream_json::Face;
use serde_json::{json, Value};

/// What oxagent does with an option.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Handling {
    /// The session acts on it.
    Acted,
    /// Checked, then without effect: it configures the documented SDK's CLI subprocess,
    /// which oxagent has not, or asks for output the reference does not give a session
    /// like this one (see the row). The debug output names the ones given.
    NoEffect,
    /// Refused unless left at its default: the session has no such feature yet. A session
    /// this process does not run (a custom Python `Transport`) gets it, checked.
    NotYet,
    /// Refused unless left at its default, whatever runs the session: the SDK layer itself
    /// would do it.
    NotYetInSdk,
    /// Checked here, used by the face (a callback it registers, an abort signal, a stamp on
    /// the prompts it sends).
    Face,
}

impl Handling {
    pub fn as_str(self) -> &'static str {
        match self {
            Handling::Acted => "acted",
            Handling::NoEffect => "no_effect",
            Handling::NotYet | Handling::NotYetInSdk => "not_yet",
            Handling::Face => "face",
        }
    }
}

/// The shape an option's value must have. `null` always means "not given".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    Bool,
    Str,
    /// A string (a Python `os.PathLike` arrives as its string).
    Path,
    Strings,
    Paths,
    /// A non-negative integer.
    Count,
    /// An integer.
    Integer,
    /// A non-negative number.
    Amount,
    /// One of these strings.
    OneOf(&'static [&'static str]),
    /// A function of the face, sent as `{"$callable": id}`.
    Callable,
    /// An object of the face's runtime, sent as `{"$object": type}`: its type and how
    /// messages name it.
    Instance(&'static str, &'static str),
    /// A mapping of strings to strings; with `true`, values may also be null.
    StringMap(bool),
    /// A mapping, not looked into.
    Mapping,
    /// Anything.
    Any,
    /// Checked by the option's own reader (`read`, `rules`); this says what it must be.
    Custom(&'static str),
}

/// One documented option.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OptionSpec {
    /// The name the readers know it by: the Python name, else the TypeScript one.
    pub key: &'static str,
    pub python: Option<&'static str>,
    pub node: Option<&'static str>,
    pub shape: Shape,
    pub handling: Handling,
}

impl OptionSpec {
    /// Its name in `face`, if that face has it.
    pub fn name(&self, face: Face) -> Option<&'static str> {
        match face {
            Face::Python => self.python,
            Face::Node => self.node,
        }
    }
}

const fn both(py: &'static str, ts: &'static str, shape: Shape, handling: Handling) -> OptionSpec {
    OptionSpec {
        key: py,
        python: Some(py),
        node: Some(ts),
        shape,
        handling,
    }
}

const fn python(py: &'static str, shape: Shape, handling: Handling) -> OptionSpec {
    OptionSpec {
        key: py,
        python: Some(py),
        node: None,
        shape,
        handling,
    }
}

const fn node(ts: &'static str, shape: Shape, handling: Handling) -> OptionSpec {
    OptionSpec {
        key: ts,
        python: None,
        node: Some(ts),
        shape,
        handling,
    }
}

pub(crate) const PERMISSION_MODES: &[&str] = &[
    "default",
    "acceptEdits",
    "plan",
    "dontAsk",
    "bypassPermissions",
    "auto",
];
pub(crate) const EFFORTS: &[&str] = &["low", "medium", "high", "xhigh", "max"];
pub(crate) const FLUSH: &[&str] = &["batched", "eager"];
/// What `session_store` must be. The faces send a store (an object with `append` and `load`)
/// as `{"$store": [the optional methods it has]}`; see [`crate::store_option`].
pub(crate) const STORE: &str = "a session store (an object with append() and load() methods)";
const DELIVERIES: &[&str] = &["argv", "initialize"];
const PERMISSION_PROMPTS: &[&str] = &["host", "none"];

use Handling::{Acted, Face as ByFace, NoEffect};
use Shape::*;

/// The table.
#[rustfmt::skip]
pub const OPTIONS: &[OptionSpec] = &[
    // The Python dataclass's 50 fields, in order.
    both("tools", "tools", Custom("a list of tool names or {\"type\": \"preset\", \"preset\": \"claude_code\"}"), Acted),
    both("allowed_tools", "allowedTools", Strings, Acted),
    both("system_prompt", "systemPrompt", Custom("a string or a system prompt mapping"), Acted),
    both("mcp_servers", "mcpServers", Custom("a mapping of server names to configs"), Acted),
    // Only the options' servers: none of the config files' (`.mcp.json`, `~/.claude.json`).
    both("strict_mcp_config", "strictMcpConfig", Bool, Acted),
    both("permission_mode", "permissionMode", OneOf(PERMISSION_MODES), Acted),
    both("continue_conversation", "continue", Bool, Acted),
    both("resume", "resume", Str, Acted),
    both("session_id", "sessionId", Str, Acted),
    both("max_turns", "maxTurns", Integer, Acted),
    both("max_budget_usd", "maxBudgetUsd", Amount, Acted),
    both("disallowed_tools", "disallowedTools", Strings, Acted),
    both("model", "model", Str, Acted),
    both("fallback_model", "fallbackModel", Str, Acted),
    both("betas", "betas", Strings, Acted),
    both("permission_prompt_tool_name", "permissionPromptToolName", Str, Acted),
    both("cwd", "cwd", Path, Acted),
    both("cli_path", "pathToClaudeCodeExecutable", Path, NoEffect),
    python("settings", Str, Acted),
    // TS: a path or JSON text, or the settings object itself.
    node("settings", Custom("a string or a settings object"), Acted),
    both("add_dirs", "additionalDirectories", Paths, Acted),
    both("env", "env", StringMap(false), Acted),
    both("extra_args", "extraArgs", StringMap(true), Acted),
    python("max_buffer_size", Count, NoEffect),
    python("debug_stderr", Any, ByFace),
    both("stderr", "stderr", Callable, ByFace),
    both("can_use_tool", "canUseTool", Callable, Acted),
    both("hooks", "hooks", Custom("a mapping of hook events to lists of hook matchers"), Acted),
    python("user", Str, Acted),
    both("include_partial_messages", "includePartialMessages", Bool, Acted),
    both("include_hook_events", "includeHookEvents", Bool, Acted),
    both("forward_subagent_text", "forwardSubagentText", Bool, Acted),
    both("verbatim_prompts", "verbatimPrompts", Bool, ByFace),
    both("fork_session", "forkSession", Bool, Acted),
    both("resume_session_at", "resumeSessionAt", Str, Acted),
    both("resume_drops_turn", "resumeDropsTurn", Str, Acted),
    both("agents", "agents", Custom("a mapping of agent names to agent definitions"), Acted),
    both("setting_sources", "settingSources", Custom("a list of setting sources"), Acted),
    both("skills", "skills", Custom("a list of skill names or \"all\""), Acted),
    both("sandbox", "sandbox", Mapping, Acted),
    both("plugins", "plugins", Custom("a list of plugin configs"), Acted),
    both("max_thinking_tokens", "maxThinkingTokens", Count, Acted),
    both("thinking", "thinking", Custom("a thinking config"), Acted),
    both("effort", "effort", OneOf(EFFORTS), Acted),
    both("output_format", "outputFormat", Custom("{\"type\": \"json_schema\", \"schema\": {...}}"), Acted),
    both("enable_file_checkpointing", "enableFileCheckpointing", Bool, Acted),
    both("session_store", "sessionStore", Custom(STORE), Acted),
    both("session_store_flush", "sessionStoreFlush", OneOf(FLUSH), Acted),
    both("load_timeout_ms", "loadTimeoutMs", Count, Acted),
    both("task_budget", "taskBudget", Custom("{\"total\": <integer>}"), Acted),
    python("client_app", Str, Acted),
    // The TypeScript-only options.
    node("abortController", Instance("AbortController", "an AbortController"), ByFace),
    node("projectConfigRoot", Str, Acted),
    node("executable", Str, NoEffect),
    node("executableArgs", Strings, NoEffect),
    node("spawnClaudeCodeProcess", Callable, NoEffect),
    node("debug", Bool, Acted),
    node("debugFile", Str, Acted),
    node("toolAliases", StringMap(false), Acted),
    node("toolConfig", Mapping, NoEffect),
    node("allowDangerouslySkipPermissions", Bool, Acted),
    node("permissionPrompts", OneOf(PERMISSION_PROMPTS), Acted),
    node("planModeInstructions", Str, Acted),
    node("agent", Str, Acted),
    node("pluginDelivery", Custom("\"argv\" or \"initialize\""), NoEffect),
    node("managedSettings", Mapping, Acted),
    node("mcpServersDelivery", OneOf(DELIVERIES), NoEffect),
    node("title", Str, Acted),
    node("persistSession", Bool, Acted),
    // Suggestions come from an extra model call after a later turn, summaries from one
    // every ~30 s of a running subagent; the reference emits neither on a session's first
    // turn, and oxagent makes no such calls.
    node("promptSuggestions", Bool, NoEffect),
    node("agentProgressSummaries", Bool, NoEffect),
    node("onElicitation", Callable, NoEffect),
    node("onUserDialog", Callable, NoEffect),
    node("supportedDialogKinds", Strings, NoEffect),
    node("perTaskStopAffordance", Bool, NoEffect),
];

/// The option `name` of `face`.
pub fn find(face: Face, name: &str) -> Option<&'static OptionSpec> {
    OPTIONS.iter().find(|o| o.name(face) == Some(name))
}

/// The option the readers know as `key`.
pub(crate) fn by_key(key: &str) -> Option<&'static OptionSpec> {
    OPTIONS.iter().find(|o| o.key == key)
}

/// The name in `face` of the option the readers know as `key` (Python names, else
/// TypeScript ones); `key` itself if that face has no such option.
pub fn name_in(face: Face, key: &str) -> &str {
    by_key(key).and_then(|o| o.name(face)).unwrap_or(key)
}

/// The table as JSON, for the faces' drift tests: `[{python, node, handling, expected}]`.
pub fn table_json() -> Value {
    OPTIONS
        .iter()
        .map(|o| {
            json!({
                "python": o.python,
                "node": o.node,
                "handling": o.handling.as_str(),
                "expected": expected(&o.shape),
            })
        })
        .collect()
}

/// `"a", "b" or "c"`.
fn choices(list: &[&str]) -> String {
    let quoted: Vec<String> = list.iter().map(|c| format!("\"{c}\"")).collect();
    match quoted.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => quoted.concat(),
    }
}

/// `one of "a", "b" or "c"` (`"a" or "b"` for two).
pub(crate) fn one_of_text(list: &[&str]) -> String {
    if list.len() > 2 {
        format!("one of {}", choices(list))
    } else {
        choices(list)
    }
}

/// What a value of `shape` must be, as messages say it.
pub(crate) fn expected(shape: &Shape) -> String {
    match shape {
        Shape::Bool => "a boolean".into(),
        Shape::Str => "a string".into(),
        Shape::Path => "a path".into(),
        Shape::Strings => "a list of strings".into(),
        Shape::Paths => "a list of paths".into(),
        Shape::Count => "a non-negative integer".into(),
        Shape::Integer => "an integer".into(),
        Shape::Amount => "a non-negative number".into(),
        Shape::OneOf(list) => one_of_text(list),
        Shape::Callable => "a function".into(),
        Shape::Instance(_, what) => (*what).into(),
        Shape::StringMap(false) => "a mapping of strings to strings".into(),
        Shape::StringMap(true) => "a mapping of strings to strings or null".into(),
        Shape::Mapping => "a mapping".into(),
        Shape::Any => "anything".into(),
        Shape::Custom(what) => (*what).into(),
    }
}

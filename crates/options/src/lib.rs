//! The documented options of both SDKs, read from the JSON a face sends, checked, and turned
//! into [`Options`]. This is the one place options are checked: the Python and Node faces
//! send their options as they are (each under its own names) and map the errors to their
//! own error classes.
//!
//! ```text
//! table   every documented option: Python name, TypeScript name, shape, handling
//! check   where a value sits, markers, previews, the checks of the simple shapes
//! read    the readers of the options with shapes of their own (hooks, mcp_servers, ...)
//! mcp_config  `mcp_servers` as JSON text or a config file's path
//! rules   checks of options not acted on, rules between options, features not built yet
//! skills  the skill names, checked with each reference's texts
//! extra_args  the CLI flags of `extra_args` that spell options of oxagent's own
//! ```
//!
//! Values JSON cannot carry arrive as markers the faces build: a function as
//! `{"$callable": "<the id the face registered it under>"}`, another object of the face's
//! runtime as `{"$object": "<type name>"}`, a number JSON has not as `{"$number": "NaN"}`.
//! A wrong value is refused with `{option} must be {expected}, not {preview}`, the option
//! spelled as the caller's face spells it:
//!
//! ```
//! use oxagent_core::protocol::stream_json::Face;
//! use oxagent_options::Options;
//! use serde_json::json;
//! let opts = Options::from_face(&json!({"maxTurns": 3, "canUseTool": {"$callable": "can_use_tool"}}), Face::Node).unwrap();
//! assert_eq!((opts.max_turns, opts.can_use_tool), (Some(3), true));
//! let err = Options::from_face(&json!({"max_turns": "three"}), Face::Python).unwrap_err();
//! assert_eq!(err.message, "max_turns must be an integer, not \"three\"");
//! let err = Options::from_face(&json!({"maxTurns": {"$callable": "maxTurns"}}), Face::Node).unwrap_err();
//! assert_eq!(err.message, "maxTurns must be an integer, not a function");
//! ```

mod check;
mod error;
mod extra_args;
mod json_schema;
mod mcp_config;
pub use json_schema::refusal as json_schema_refusal;
mod read;
mod rules;
mod skills;
pub mod store_option;
mod table;
#[cfg(test)]
mod tests;

use std::collections::BTreeMap;
use std::path::PathBuf;

use oxagent_core::config::HookMatcher;
use oxagent_core::protocol::agents::AgentDefinition;
pub use oxagent_core::protocol::mcp_servers::McpServer;
use oxagent_core::protocol::stream_json::Face;
use oxagent_core::tool::ToolList;
use oxagent_core::PermissionMode;
use serde_json::{json, Map, Value};

pub use check::preview;
pub use table::{find, name_in, table_json, Handling, OptionSpec, Shape, OPTIONS};

use check::{At, Checked};
pub use error::{OptionsError, OptionsErrorKind};
pub use store_option::SessionStoreOption;
use OptionsErrorKind as K;

/// Which built-in tools the model sees.
#[derive(Debug, Clone, PartialEq)]
pub enum ToolsOption {
    /// The default set.
    Preset,
    /// Exactly these (an empty list: none).
    List(Vec<String>),
}

/// The system prompt.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum SystemPrompt {
    /// Only the short identity line.
    #[default]
    Minimal,
    /// The identity line, then this text.
    Text(String),
    /// The full coding-agent prompt, with optional text appended.
    Preset { append: Option<String> },
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Options {
    /// The face the options came through (none: the Rust face).
    pub face: Option<Face>,
    pub tools: Option<ToolsOption>,
    pub allowed_tools: Vec<String>,
    pub system_prompt: SystemPrompt,
    pub mcp_servers: Vec<McpServer>,
    pub permission_mode: Option<PermissionMode>,
    /// The id of a new session; it must be a UUID (else the session refuses to start).
    pub session_id: Option<String>,
    pub max_turns: Option<i64>,
    pub max_budget_usd: Option<f64>,
    pub disallowed_tools: Vec<String>,
    pub model: Option<String>,
    pub fallback_model: Option<String>,
    pub betas: Vec<String>,
    pub cwd: Option<PathBuf>,
    pub add_dirs: Vec<PathBuf>,
    pub env: BTreeMap<String, String>,
    /// The host answers `can_use_tool` control requests.
    pub can_use_tool: bool,
    /// Hook callbacks the host answers, by event.
    pub hooks: BTreeMap<String, Vec<HookMatcher>>,
    pub include_partial_messages: bool,
    pub setting_sources: Option<Vec<String>>,
    /// Settings for this session only: a JSON object or the path of a file holding one.
    pub settings: Option<String>,
    /// `output_format: {type: "json_schema", schema}`: the schema of the final answer.
    pub output_schema: Option<Value>,
    /// The request's `thinking` object.
    pub thinking: Option<Value>,
    pub effort: Option<String>,
    pub task_budget: Option<u64>,
    pub client_app: Option<String>,
    pub allow_dangerously_skip_permissions: bool,
    /// Continue the session with this id, or the session of the working directory with this
    /// title.
    pub resume: Option<String>,
    /// Continue the most recent session of the working directory.
    pub continue_conversation: bool,
    /// With `resume`: continue into a new session, leaving the original as it was.
    pub fork_session: bool,
    pub include_hook_events: bool,
    /// `verbatim_prompts`: every prompt goes to the model as written (no command runs, no
    /// `@path` mention attaches a file). The Python and Node faces mark each prompt's frame
    /// themselves; the Rust face reads it here.
    pub verbatim_prompts: bool,
    /// With `resume`: the conversation stops after this message uuid.
    pub resume_session_at: Option<String>,
    /// Tools written in Rust, offered beside the built-in ones (Rust only; see
    /// the facade's `custom` module).
    pub custom_tools: ToolList,
    /// Subagents the model may delegate to, by name (besides the built-in ones and the
    /// project's agent files).
    pub agents: BTreeMap<String, AgentDefinition>,
    /// A foreground subagent's text reaches the caller too, not only its tool calls.
    pub forward_subagent_text: bool,
    /// Mirror the transcript into this store, and resume from it (see [`crate::store_option`]).
    pub session_store: Option<crate::SessionStoreOption>,
    pub session_store_flush: oxagent_core::store::FlushMode,
    /// How long each store call of a resume may take (default 60 s).
    pub load_timeout_ms: Option<u64>,
    /// Once the caller's input has ended, a result that comes while background agents run
    /// is held back and comes just before the next result, with the cost at that time, as
    /// the reference's CLI does when its input is closed (the Python face sets it).
    pub hold_results_while_tasks_run: bool,
    /// The caller's trace context (a W3C `traceparent`): the session's span becomes a child
    /// of that span when spans are exported. Set by a face from its caller's current
    /// OpenTelemetry span; no option of the documented SDKs.
    pub trace_parent: Option<String>,
    /// TypeScript `persistSession: false` (or the `--no-session-persistence` flag): no
    /// transcript is written, so the session cannot be resumed later.
    pub no_persistence: bool,
    /// `extra_args` `--replay-user-messages`: each prompt is echoed back after the turn's
    /// `init`, with the uuid the file checkpoints of its turn are kept under.
    pub replay_prompts: bool,
    /// `extra_args={"debug-to-stderr": None}`: the diagnostic lines (see `debug_file`) also go
    /// to the host, for its `stderr` callback, as the documented SDKs' CLI writes them to its
    /// standard error in that mode.
    pub debug_to_stderr: bool,
    /// TypeScript `debug: true`, or the `--debug` flag of `extra_args`: the diagnostic lines go
    /// to `<config dir>/debug/<session id>.txt` (`$CLAUDE_CONFIG_DIR`, else `~/.claude`), where
    /// the documented SDKs' CLI writes its debug log, unless `debug_file` names a file.
    pub debug: bool,
    /// `enable_file_checkpointing`: Write, Edit and NotebookEdit keep each file as it was
    /// before a prompt's turn first changed it, for `rewind_files`.
    pub file_checkpointing: bool,
    /// TypeScript `title`: the session's title, announced before `system/init` and written
    /// to the transcript (where the session listing finds it).
    pub title: Option<String>,
    /// TypeScript `agent`: the main thread runs as this agent definition (its prompt,
    /// tools and model).
    pub agent: Option<String>,
    /// Only the servers of `mcp_servers` are used. oxagent reads MCP servers from no other
    /// place, so a session always behaves this way.
    pub strict_mcp_config: bool,
    /// With `resume_session_at`: the uuid of the prompt whose turn the cut drops; the
    /// resume is refused when the cut would discard anything else.
    pub resume_drops_turn: Option<String>,
    /// `plugins`: the folders of local plugins (their commands, skills and agents, named
    /// `<plugin>:<name>`; their hooks; their MCP servers, `plugin:<plugin>:<server>`).
    pub plugins: Vec<PathBuf>,
    /// TypeScript `planModeInstructions`: the plan-mode workflow text.
    pub plan_mode_instructions: Option<String>,
    /// `skills`: the skills the Skill tool may run and the model is shown (`None`: every
    /// skill found). The names also become `Skill(name)` allow rules.
    pub skills: Option<Vec<String>>,
    /// `permission_prompt_tool_name`: the MCP tool (`mcp__<server>__<tool>`) that answers
    /// permission questions instead of a can_use_tool callback.
    pub permission_prompt_tool: Option<String>,
    /// `permission_prompt_tool_name: "stdio"`: permission questions go to the host (its
    /// can_use_tool callback, or its refusal when it has none) as with a callback.
    pub permission_prompt_stdio: bool,
    /// TypeScript `managedSettings`: the policy tier of the settings (its permission rules
    /// and `allowManagedPermissionRulesOnly`).
    pub managed_settings: Option<Map<String, Value>>,
    /// TypeScript `projectConfigRoot`: the checkout the project's configuration (settings
    /// files, commands, agents, skills) is read from instead of `cwd`.
    pub project_config_root: Option<PathBuf>,
    /// `sandbox`: the Bash sandbox's settings (`enabled`, `excludedCommands`,
    /// `allowUnsandboxedCommands`, ...).
    pub sandbox: Option<Value>,
    /// TypeScript `toolAliases`: a tool_use naming a key runs the tool its value names
    /// (one hop; a name that is no tool of the session stays as the model wrote it).
    pub tool_aliases: BTreeMap<String, String>,
    /// Python `user`: the OS user Bash commands, command hooks and stdio MCP servers run as.
    pub user: Option<String>,
    /// TypeScript `debugFile`: where the diagnostic lines go.
    pub debug_file: Option<PathBuf>,
    /// The `extra_args` flags with no in-process effect, as the CLI would have received
    /// them (the debug output names them).
    pub extra_args_ignored: Vec<String>,
    /// The options given that only configure the documented SDK's CLI process (the debug
    /// output names them).
    pub cli_only: Vec<String>,
}

/// How options are read: for which face, and whether this process runs the session.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Ctx {
    face: Face,
    /// False for a session run elsewhere (a custom Python `Transport`): the values are
    /// checked, nothing is read from disk and the features oxagent lacks are not refused.
    runs_session: bool,
}

impl Options {
    /// Reads options as `face` sends them: under its names, with markers for callbacks.
    pub fn from_face(value: &Value, face: Face) -> Result<Options, OptionsError> {
        read_options(
            value,
            Ctx {
                face,
                runs_session: true,
            },
        )
    }

    /// Reads options given with the Python SDK's names.
    pub fn from_json(value: &Value) -> Result<Options, OptionsError> {
        Options::from_face(value, Face::Python)
    }
}

/// Checks options as `face` sends them for a session this process does not run (the Python
/// face's custom `Transport`): every value and rule, but features oxagent has not built are
/// the other side's business.
pub fn check(value: &Value, face: Face) -> Result<(), OptionsError> {
    read_options(
        value,
        Ctx {
            face,
            runs_session: false,
        },
    )
    .map(drop)
}

fn read_options(value: &Value, ctx: Ctx) -> Result<Options, OptionsError> {
    let empty = Map::new();
    let map = match value {
        Value::Null => &empty,
        _ => check::mapping(value).ok_or_else(|| {
            At::new(ctx.face, "options").type_error("a mapping of option names to values", value)
        })?,
    };
    if ctx.face == Face::Python {
        if let Some(unknown) = map.keys().find(|k| table::find(ctx.face, k).is_none()) {
            return Err(OptionsError::new(
                K::Unknown,
                unknown,
                format!("unknown option {unknown:?}"),
            ));
        }
    }
    // The flags of `extra_args` that spell options: each under its name in this face,
    // unless that option is given itself.
    let flags = table::find(ctx.face, table::name_in(ctx.face, "extra_args"))
        .and_then(|spec| spec.name(ctx.face))
        .and_then(|name| map.get(name))
        .and_then(check::mapping)
        .filter(|flags| flags.values().all(|v| v.is_null() || v.is_string()))
        .map(extra_args::ExtraArgs::read)
        .unwrap_or_default();
    let mut with_flags;
    let mut ignored = flags.ignored;
    // `--mcp-config`: its servers join those of `mcp_servers` (probe xa_mcp_config), as the
    // CLI takes every config it is given.
    let with_servers;
    let servers_key = table::name_in(ctx.face, "mcp_servers");
    let map = match (flags.mcp_config.is_empty(), map.get(servers_key)) {
        (false, None | Some(Value::Null) | Some(Value::Object(_))) => {
            let at = At::new(ctx.face, "extra_args");
            let mut servers = match map.get(servers_key) {
                Some(Value::Object(given)) => given.clone(),
                _ => Map::new(),
            };
            for source in &flags.mcp_config {
                if let Value::Object(more) = mcp_config::servers(&at, source)? {
                    servers.extend(more);
                }
            }
            with_servers = {
                let mut m = map.clone();
                m.insert(servers_key.into(), Value::Object(servers));
                m
            };
            &with_servers
        }
        _ => map,
    };
    let map = if flags.options.is_empty() {
        map
    } else {
        with_flags = map.clone();
        for (key, value, written) in flags.options {
            let name = table::name_in(ctx.face, key);
            match table::find(ctx.face, name) {
                // A flag with one value comes after the option's own on the CLI's command
                // line, and the last one wins (vk_xa_model_override); a list or a bare flag
                // holds only where the option is not given.
                Some(_)
                    if map.get(name).is_none_or(Value::is_null)
                        || !matches!(value, Value::Array(_) | Value::Bool(_)) =>
                {
                    with_flags.insert(name.to_string(), value);
                }
                Some(_) => {}
                None => ignored.push(written),
            }
        }
        &with_flags
    };
    // An MCP config file named relative to `cwd` is read from there, as the CLI reads it.
    let with_config;
    let map = match (map.get("mcp_servers"), map.get("cwd")) {
        (Some(Value::String(file)), Some(Value::String(cwd)))
            if ctx.face == Face::Python && mcp_config::is_relative_path(file) =>
        {
            with_config = {
                let mut m = map.clone();
                let full = std::path::Path::new(cwd).join(file);
                m.insert("mcp_servers".into(), json!(full.display().to_string()));
                m
            };
            &with_config
        }
        _ => map,
    };
    // Table order, not the caller's: `thinking` comes after `max_thinking_tokens`.
    let mut o = Options {
        face: Some(ctx.face),
        no_persistence: flags.no_persistence,
        replay_prompts: flags.replay_prompts,
        debug_to_stderr: flags.debug_to_stderr,
        debug: flags.debug,
        extra_args_ignored: ignored,
        ..Options::default()
    };
    for spec in OPTIONS {
        let Some(name) = spec.name(ctx.face) else {
            continue;
        };
        match map.get(name) {
            None | Some(Value::Null) => {}
            Some(v) => {
                o.set(spec, &At::new(ctx.face, name), v, ctx)?;
                if spec.handling == Handling::NoEffect && !check::is_default(v) {
                    o.cli_only.push(name.to_string());
                }
            }
        }
    }
    // Nobody answers permission prompts: the session never asks the host.
    if ctx.face == Face::Node && map.get("permissionPrompts") == Some(&json!("none")) {
        o.can_use_tool = false;
    }
    rules::between(map, ctx.face)?;
    rules::refuse_not_built(map, ctx)?;
    Ok(o)
}

impl Options {
    /// `skills`: `"all"` allows the Skill tool, a list allows `Skill(name)` for each name
    /// and hides the other skills. The Python SDK also loads the user and project settings
    /// when no `setting_sources` were given, so that the skills are found.
    fn read_skills(&mut self, at: &At<'_>, v: &Value, ctx: Ctx) -> Checked<()> {
        skills::check(at, v)?;
        let rules: Vec<String> = match v {
            Value::String(_) => {
                self.skills = None;
                vec!["Skill".to_string()]
            }
            Value::Array(names) => {
                let names: Vec<String> = names
                    .iter()
                    .filter_map(|n| n.as_str().map(str::to_string))
                    .collect();
                let rules = names.iter().map(|n| format!("Skill({n})")).collect();
                self.skills = Some(names);
                rules
            }
            _ => return Ok(()),
        };
        for rule in rules {
            if !self.allowed_tools.contains(&rule) {
                self.allowed_tools.push(rule);
            }
        }
        if ctx.face == Face::Python && self.setting_sources.is_none() {
            self.setting_sources = Some(vec!["user".to_string(), "project".to_string()]);
        }
        Ok(())
    }
}

/// An empty string is no value (as the SDKs leave such a flag out).
fn nonempty(s: Option<String>) -> Option<String> {
    s.filter(|s| !s.is_empty())
}

impl Options {
    fn set(&mut self, spec: &OptionSpec, at: &At<'_>, v: &Value, ctx: Ctx) -> Checked<()> {
        match spec.key {
            "tools" => self.tools = read::tools(at, v)?,
            "allowed_tools" => self.allowed_tools = at.strings(v)?,
            "disallowed_tools" => self.disallowed_tools = at.strings(v)?,
            "system_prompt" => self.system_prompt = read::system_prompt(at, v, ctx)?,
            "mcp_servers" => self.mcp_servers = read::mcp_servers(at, v, ctx)?,
            "permission_mode" => {
                let mode = at.one_of(v, table::PERMISSION_MODES)?;
                self.permission_mode = mode.as_deref().and_then(PermissionMode::parse);
            }
            "continue_conversation" => self.continue_conversation = at.flag(v)?,
            "resume" => self.resume = nonempty(at.string(v)?),
            "session_id" => self.session_id = nonempty(at.string(v)?),
            // As the reference: 0 means "no limit" (it is never sent); a negative limit
            // allows one round and is reported as given.
            "max_turns" => self.max_turns = at.integer(v)?.filter(|n| *n != 0),
            "max_budget_usd" => self.max_budget_usd = at.amount(v)?,
            "model" => self.model = nonempty(at.string(v)?),
            "fallback_model" => self.fallback_model = nonempty(at.string(v)?),
            "betas" => self.betas = at.strings(v)?,
            "permission_prompt_tool_name" => {
                // `stdio` is how the documented SDKs name their own can_use_tool channel.
                let name = nonempty(at.string(v)?);
                self.permission_prompt_stdio = name.as_deref() == Some("stdio");
                self.permission_prompt_tool = name.filter(|n| n != "stdio")
            }
            "cwd" => self.cwd = at.path(v)?.map(PathBuf::from),
            "settings" => {
                self.settings = match v {
                    // TS `settings: Settings`: the object, as its JSON text.
                    Value::Object(_) if at.face == Face::Node => Some(v.to_string()),
                    _ => nonempty(at.string(v)?),
                }
            }
            "add_dirs" => {
                let dirs = at.strings_as(v, "a list of paths")?;
                self.add_dirs = dirs.into_iter().map(PathBuf::from).collect();
            }
            "env" => self.env = at.string_map(v, false)?,
            "toolAliases" => self.tool_aliases = at.string_map(v, false)?,
            "sandbox" => {
                at.check(&Shape::Mapping, v)?;
                self.sandbox = Some(v.clone());
            }
            "projectConfigRoot" => {
                self.project_config_root = nonempty(at.string(v)?).map(PathBuf::from)
            }
            "managedSettings" => {
                at.check(&Shape::Mapping, v)?;
                self.managed_settings = v.as_object().cloned();
            }
            "can_use_tool" => self.can_use_tool = at.callable(v)?.is_some(),
            "hooks" => self.hooks = read::hooks(at, v)?,
            "include_partial_messages" => self.include_partial_messages = at.flag(v)?,
            "include_hook_events" => self.include_hook_events = at.flag(v)?,
            "verbatim_prompts" => self.verbatim_prompts = at.flag(v)?,
            "fork_session" => self.fork_session = at.flag(v)?,
            "forward_subagent_text" => self.forward_subagent_text = at.flag(v)?,
            "agents" => self.agents = read::agents(at, v)?,
            "enable_file_checkpointing" => self.file_checkpointing = at.flag(v)?,
            // Local plugins, checked with the references' texts.
            "plugins" => {
                rules::check_custom("plugins", at, v)?;
                self.plugins = v
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|p| p.get("path").and_then(Value::as_str))
                    .map(PathBuf::from)
                    .collect()
            }
            "resume_session_at" => self.resume_session_at = nonempty(at.string(v)?),
            "setting_sources" => self.setting_sources = read::setting_sources(at, v)?,
            "skills" => self.read_skills(at, v, ctx)?,
            "max_thinking_tokens" => {
                self.thinking = at.count(v)?.map(|n| match n {
                    0 => json!({"type": "disabled"}),
                    n => json!({"type": "enabled", "budget_tokens": n}),
                })
            }
            "thinking" => self.thinking = read::thinking(at, v)?,
            "effort" => self.effort = at.one_of(v, table::EFFORTS)?,
            "output_format" => self.output_schema = read::output_format(at, v)?,
            "task_budget" => self.task_budget = read::task_budget(at, v)?,
            "client_app" => self.client_app = at.string(v)?,
            "session_store" => self.session_store = read::session_store(at, v)?,
            "session_store_flush" => {
                self.session_store_flush = match at.one_of(v, table::FLUSH)?.as_deref() {
                    Some("eager") => oxagent_core::store::FlushMode::Eager,
                    _ => oxagent_core::store::FlushMode::Batched,
                }
            }
            "load_timeout_ms" => self.load_timeout_ms = at.count(v)?,
            "strict_mcp_config" => self.strict_mcp_config = at.flag(v)?,
            "resume_drops_turn" => self.resume_drops_turn = nonempty(at.string(v)?),
            "persistSession" => {
                if v == &Value::Bool(false) {
                    self.no_persistence = true;
                }
                at.flag(v)?;
            }
            "title" => self.title = nonempty(at.string(v)?),
            "user" => self.user = nonempty(at.string(v)?),
            "agent" => self.agent = nonempty(at.string(v)?),
            "planModeInstructions" => self.plan_mode_instructions = nonempty(at.string(v)?),
            "debugFile" => self.debug_file = nonempty(at.string(v)?).map(PathBuf::from),
            "debug" => self.debug |= at.flag(v)?,
            "allowDangerouslySkipPermissions" => {
                self.allow_dangerously_skip_permissions = at.flag(v)?
            }
            key => match spec.shape {
                Shape::Custom(_) => rules::check_custom(key, at, v)?,
                shape => at.check(&shape, v)?,
            },
        }
        Ok(())
    }
}

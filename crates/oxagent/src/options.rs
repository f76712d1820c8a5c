//! The documented options, parsed from JSON with the Python SDK's field names.
//!
//! Every documented option is either acted on or rejected with an error naming it; none is
//! silently dropped. The Python and Node faces hand their options over as JSON (Node maps its
//! camelCase names first), so this is the one place options are checked.
//!
//! ```
//! let opts = oxagent::Options::from_json(&serde_json::json!({"max_turns": 3, "model": "claude-haiku-4-5"})).unwrap();
//! assert_eq!(opts.max_turns, Some(3));
//! let err = oxagent::Options::from_json(&serde_json::json!({"max_turns": "three"})).unwrap_err();
//! assert_eq!(err.message, "max_turns must be an integer, not \"three\"");
//! ```

use std::collections::BTreeMap;
use std::path::PathBuf;

use oxagent_core::config::HookMatcher;
use oxagent_core::tool::ToolList;
use oxagent_core::PermissionMode;
use serde_json::{Map, Value};

use crate::error::{OptionsError, OptionsErrorKind as K};

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

/// An MCP server the session connects to.
#[derive(Debug, Clone, PartialEq)]
pub enum McpServer {
    /// An in-process server of the host (Python `create_sdk_mcp_server`, JS
    /// `createSdkMcpServer`), reached through `mcp_message` control requests.
    Sdk { name: String },
    /// A server the session starts as a child process and talks to over stdio.
    Stdio {
        name: String,
        command: String,
        args: Vec<String>,
        env: BTreeMap<String, String>,
    },
    /// A server reached over streamable HTTP.
    Http {
        name: String,
        url: String,
        headers: BTreeMap<String, String>,
    },
    /// Rust tools served in-process under a server name: the model sees each as
    /// `mcp__<name>__<tool>` (see [`crate::custom`]).
    InProcess {
        name: String,
        version: String,
        tools: ToolList,
    },
}

impl McpServer {
    pub fn name(&self) -> &str {
        match self {
            McpServer::Sdk { name }
            | McpServer::Stdio { name, .. }
            | McpServer::Http { name, .. }
            | McpServer::InProcess { name, .. } => name,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Options {
    pub tools: Option<ToolsOption>,
    pub allowed_tools: Vec<String>,
    pub system_prompt: SystemPrompt,
    pub mcp_servers: Vec<McpServer>,
    pub permission_mode: Option<PermissionMode>,
    /// The id of a new session; it must be a UUID (else the session refuses to start).
    pub session_id: Option<String>,
    pub max_turns: Option<u32>,
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
    /// With `resume`: the conversation stops after this message uuid.
    pub resume_session_at: Option<String>,
    /// Tools written in Rust, offered beside the built-in ones (Rust only; see
    /// [`crate::custom`]).
    pub custom_tools: ToolList,
    /// Mirror the transcript into this store, and resume from it (see [`crate::store_option`]).
    pub session_store: Option<crate::SessionStoreOption>,
    pub session_store_flush: crate::store_option::FlushMode,
    /// How long each store call of a resume may take (default 60 s).
    pub load_timeout_ms: Option<u64>,
}

const EFFORTS: &[&str] = &["low", "medium", "high", "xhigh", "max"];
const SOURCES: &[&str] = &["user", "project", "local"];

/// Options of the documented SDKs that name features oxagent does not have yet. Setting one
/// to anything but its default is an error naming it.
const NOT_YET: &[&str] = &[
    "resume_drops_turn",
    "extra_args",
    "user",
    "forward_subagent_text",
    "agents",
    "skills",
    "sandbox",
    "plugins",
    "enable_file_checkpointing",
    "strict_mcp_config",
    "permission_prompt_tool_name",
];

/// Options that only configure a subprocess transport; oxagent has none, so they have no
/// effect, which is what they mean here.
const TRANSPORT_ONLY: &[&str] = &[
    "cli_path",
    "max_buffer_size",
    "debug_stderr",
    "stderr",
    "verbatim_prompts",
];

fn is_default(v: &Value) -> bool {
    match v {
        Value::Null => true,
        Value::Bool(b) => !b,
        Value::Array(a) => a.is_empty(),
        Value::Object(o) => o.is_empty(),
        Value::String(s) => s.is_empty(),
        Value::Number(_) => false,
    }
}

fn type_err(option: &str, expected: &str, v: &Value) -> OptionsError {
    OptionsError::new(
        K::Type,
        option,
        format!("{option} must be {expected}, not {v}"),
    )
}

fn string(option: &str, v: &Value) -> Result<Option<String>, OptionsError> {
    match v {
        Value::Null => Ok(None),
        Value::String(s) => Ok(Some(s.clone())),
        _ => Err(type_err(option, "a string", v)),
    }
}

fn strings(option: &str, v: &Value) -> Result<Vec<String>, OptionsError> {
    match v {
        Value::Null => Ok(Vec::new()),
        Value::Array(items) => items
            .iter()
            .map(|i| {
                i.as_str()
                    .map(str::to_string)
                    .ok_or_else(|| type_err(option, "a list of strings", v))
            })
            .collect(),
        _ => Err(type_err(option, "a list of strings", v)),
    }
}

fn flag(option: &str, v: &Value) -> Result<bool, OptionsError> {
    match v {
        Value::Null => Ok(false),
        Value::Bool(b) => Ok(*b),
        _ => Err(type_err(option, "a boolean", v)),
    }
}

fn integer(option: &str, v: &Value) -> Result<Option<u64>, OptionsError> {
    match v {
        Value::Null => Ok(None),
        Value::Number(n) => match n.as_u64() {
            Some(i) => Ok(Some(i)),
            None if n.as_i64().is_some() => Err(OptionsError::new(
                K::Value,
                option,
                format!("{option} must not be negative, got {n}"),
            )),
            None => Err(type_err(option, "an integer", v)),
        },
        _ => Err(type_err(option, "an integer", v)),
    }
}

impl Options {
    /// Parses options given with the documented Python names.
    pub fn from_json(value: &Value) -> Result<Options, OptionsError> {
        let empty = Map::new();
        let map = match value {
            Value::Null => &empty,
            Value::Object(m) => m,
            other => return Err(type_err("options", "an object", other)),
        };
        crate::store_option::check_store(map)?;
        let mut o = Options::default();
        for (key, v) in map {
            o.set(key, v)?;
        }
        if let (Some(m), Some(f)) = (&o.model, &o.fallback_model) {
            if m == f {
                return Err(OptionsError::new(
                    K::Value,
                    "fallback_model",
                    "fallback_model cannot be the same as model",
                ));
            }
        }
        Ok(o)
    }

    fn set(&mut self, key: &str, v: &Value) -> Result<(), OptionsError> {
        match key {
            "tools" => self.tools = parse_tools(v)?,
            "allowed_tools" => self.allowed_tools = strings(key, v)?,
            "disallowed_tools" => self.disallowed_tools = strings(key, v)?,
            "system_prompt" => self.system_prompt = parse_system_prompt(v)?,
            "mcp_servers" => self.mcp_servers = parse_mcp_servers(v)?,
            "permission_mode" => {
                self.permission_mode = match string(key, v)? {
                    None => None,
                    Some(m) => Some(PermissionMode::parse(&m).ok_or_else(|| {
                        OptionsError::new(
                            K::Value,
                            key,
                            format!("permission_mode must be one of default, acceptEdits, plan, dontAsk, bypassPermissions, auto; got {m:?}"),
                        )
                    })?),
                }
            }
            // As the SDKs: an empty id is left out (a new session).
            "session_id" => self.session_id = string(key, v)?.filter(|s| !s.is_empty()),
            "max_turns" => {
                // As the reference: 0 means "no limit" (it is never sent).
                self.max_turns = integer(key, v)?.filter(|n| *n > 0).map(|n| n.min(u32::MAX as u64) as u32)
            }
            "max_budget_usd" => {
                self.max_budget_usd = match v {
                    Value::Null => None,
                    Value::Number(n) => match n.as_f64() {
                        Some(x) if x >= 0.0 => Some(x),
                        _ => return Err(OptionsError::new(K::Value, key, format!("max_budget_usd must not be negative, got {n}"))),
                    },
                    _ => return Err(type_err(key, "a number", v)),
                }
            }
            "model" => self.model = string(key, v)?.filter(|s| !s.is_empty()),
            "fallback_model" => self.fallback_model = string(key, v)?.filter(|s| !s.is_empty()),
            "betas" => self.betas = strings(key, v)?,
            "cwd" => self.cwd = string(key, v)?.map(PathBuf::from),
            "add_dirs" => self.add_dirs = strings(key, v)?.into_iter().map(PathBuf::from).collect(),
            "env" => {
                self.env = match v {
                    Value::Null => BTreeMap::new(),
                    Value::Object(m) => m
                        .iter()
                        .map(|(k, val)| match val {
                            Value::String(s) => Ok((k.clone(), s.clone())),
                            _ => Err(type_err("env", "a mapping of strings to strings", v)),
                        })
                        .collect::<Result<_, _>>()?,
                    _ => return Err(type_err(key, "a mapping of strings to strings", v)),
                }
            }
            "can_use_tool" => self.can_use_tool = flag(key, v)?,
            "hooks" => self.hooks = parse_hooks(v)?,
            "include_partial_messages" => self.include_partial_messages = flag(key, v)?,
            "allow_dangerously_skip_permissions" => self.allow_dangerously_skip_permissions = flag(key, v)?,
            "settings" => self.settings = string(key, v)?.filter(|s| !s.is_empty()),
            "output_format" => {
                self.output_schema = match v {
                    Value::Null => None,
                    Value::Object(m) if m.get("type").and_then(Value::as_str) == Some("json_schema") => {
                        match m.get("schema") {
                            Some(s @ Value::Object(_)) => Some(s.clone()),
                            _ => return Err(type_err(key, "{\"type\": \"json_schema\", \"schema\": {...}}", v)),
                        }
                    }
                    _ => return Err(type_err(key, "{\"type\": \"json_schema\", \"schema\": {...}}", v)),
                }
            }
            "setting_sources" => {
                self.setting_sources = match v {
                    Value::Null => None,
                    _ => {
                        let list = strings(key, v)?;
                        if let Some(bad) = list.iter().find(|s| !SOURCES.contains(&s.as_str())) {
                            return Err(OptionsError::new(K::Value, key, format!("setting_sources entries must be user, project or local; got {bad:?}")));
                        }
                        Some(list)
                    }
                }
            }
            "thinking" => self.thinking = parse_thinking(v)?,
            "max_thinking_tokens" => {
                if self.thinking.is_none() {
                    self.thinking = match integer(key, v)? {
                        None => None,
                        Some(0) => Some(serde_json::json!({"type": "disabled"})),
                        Some(n) => Some(serde_json::json!({"type": "enabled", "budget_tokens": n})),
                    }
                }
            }
            "effort" => {
                self.effort = match string(key, v)? {
                    None => None,
                    Some(e) if EFFORTS.contains(&e.as_str()) => Some(e),
                    Some(e) => return Err(OptionsError::new(K::Value, key, format!("effort must be one of low, medium, high, xhigh, max; got {e:?}"))),
                }
            }
            "task_budget" => {
                self.task_budget = match v {
                    Value::Null => None,
                    Value::Object(m) => Some(integer("task_budget.total", m.get("total").unwrap_or(&Value::Null))?.ok_or_else(|| type_err(key, "{\"total\": int}", v))?),
                    _ => return Err(type_err(key, "{\"total\": int}", v)),
                }
            }
            "client_app" => self.client_app = string(key, v)?,
            "resume" => self.resume = string(key, v)?.filter(|s| !s.is_empty()),
            "continue_conversation" => self.continue_conversation = flag(key, v)?,
            "fork_session" => self.fork_session = flag(key, v)?,
            "include_hook_events" => self.include_hook_events = flag(key, v)?,
            "resume_session_at" => self.resume_session_at = string(key, v)?.filter(|s| !s.is_empty()),
            "session_store" => self.session_store = crate::store_option::parse_store(v)?,
            "session_store_flush" => self.session_store_flush = crate::store_option::parse_flush(v)?,
            "load_timeout_ms" => self.load_timeout_ms = integer(key, v)?,
            k if TRANSPORT_ONLY.contains(&k) => {}
            k if NOT_YET.contains(&k) => {
                if !is_default(v) {
                    return Err(OptionsError::new(K::Unsupported, k, format!("the option {k} is not supported by oxagent yet")));
                }
            }
            other => return Err(OptionsError::new(K::Unknown, other, format!("unknown option {other:?}"))),
        }
        Ok(())
    }
}

fn parse_tools(v: &Value) -> Result<Option<ToolsOption>, OptionsError> {
    match v {
        Value::Null => Ok(None),
        Value::Array(_) => Ok(Some(ToolsOption::List(strings("tools", v)?))),
        Value::Object(m) if m.get("type") == Some(&Value::from("preset")) => {
            Ok(Some(ToolsOption::Preset))
        }
        _ => Err(type_err(
            "tools",
            "a list of tool names or {\"type\": \"preset\", \"preset\": \"claude_code\"}",
            v,
        )),
    }
}

fn parse_system_prompt(v: &Value) -> Result<SystemPrompt, OptionsError> {
    let key = "system_prompt";
    match v {
        Value::Null => Ok(SystemPrompt::Minimal),
        Value::String(s) => Ok(SystemPrompt::Text(s.clone())),
        Value::Object(m) => match m.get("type").and_then(Value::as_str) {
            Some("preset") => Ok(SystemPrompt::Preset {
                append: string(
                    "system_prompt.append",
                    m.get("append").unwrap_or(&Value::Null),
                )?,
            }),
            Some("custom") => Ok(SystemPrompt::Text(
                string(
                    "system_prompt.prompt",
                    m.get("prompt").unwrap_or(&Value::Null),
                )?
                .unwrap_or_default(),
            )),
            Some("file") => {
                let path = string("system_prompt.path", m.get("path").unwrap_or(&Value::Null))?
                    .unwrap_or_default();
                std::fs::read_to_string(&path)
                    .map(SystemPrompt::Text)
                    .map_err(|e| {
                        OptionsError::new(K::Value, key, format!("system_prompt file {path}: {e}"))
                    })
            }
            _ => Err(OptionsError::new(
                K::Value,
                key,
                "system_prompt type must be preset, custom or file",
            )),
        },
        _ => Err(type_err(key, "a string or a system prompt object", v)),
    }
}

/// `{type?: "stdio", command, args?, env?}`.
fn stdio_server(name: &str, cfg: &Value) -> Result<McpServer, OptionsError> {
    let key = "mcp_servers";
    let bad = |what: &str| OptionsError::new(K::Type, key, format!("mcp_servers.{name}.{what}"));
    let command = cfg
        .get("command")
        .and_then(Value::as_str)
        .filter(|c| !c.is_empty())
        .ok_or_else(|| bad("command must be a non-empty string"))?
        .to_string();
    let args = match cfg.get("args") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(a)) => a
            .iter()
            .map(|x| x.as_str().map(str::to_string))
            .collect::<Option<Vec<_>>>()
            .ok_or_else(|| bad("args must be a list of strings"))?,
        Some(_) => return Err(bad("args must be a list of strings")),
    };
    let env = string_map(cfg.get("env")).ok_or_else(|| bad("env must map names to strings"))?;
    Ok(McpServer::Stdio {
        name: name.to_string(),
        command,
        args,
        env,
    })
}

/// An optional map of names to strings (`env`, `headers`); `None` when it is something else.
fn string_map(v: Option<&Value>) -> Option<BTreeMap<String, String>> {
    match v {
        None | Some(Value::Null) => Some(BTreeMap::new()),
        Some(Value::Object(m)) => m
            .iter()
            .map(|(k, x)| x.as_str().map(|x| (k.clone(), x.to_string())))
            .collect(),
        Some(_) => None,
    }
}

/// `{type: "http", url, headers?}`.
fn http_server(name: &str, cfg: &Value) -> Result<McpServer, OptionsError> {
    let bad = |what: &str| {
        OptionsError::new(K::Type, "mcp_servers", format!("mcp_servers.{name}.{what}"))
    };
    let url = cfg
        .get("url")
        .and_then(Value::as_str)
        .filter(|u| u.starts_with("http://") || u.starts_with("https://"))
        .ok_or_else(|| bad("url must be an http:// or https:// URL"))?
        .to_string();
    let headers =
        string_map(cfg.get("headers")).ok_or_else(|| bad("headers must map names to strings"))?;
    Ok(McpServer::Http {
        name: name.to_string(),
        url,
        headers,
    })
}

fn parse_mcp_servers(v: &Value) -> Result<Vec<McpServer>, OptionsError> {
    let key = "mcp_servers";
    match v {
        Value::Null => Ok(Vec::new()),
        Value::Object(m) => m
            .iter()
            .map(
                |(name, cfg)| match cfg.get("type").and_then(Value::as_str) {
                    Some("sdk") => Ok(McpServer::Sdk { name: name.clone() }),
                    Some("stdio") | None => stdio_server(name, cfg),
                    Some("http") => http_server(name, cfg),
                    Some(t) => Err(OptionsError::new(
                        K::Unsupported,
                        key,
                        format!(
                            "mcp_servers: {t} servers ({name}) are not supported by oxagent yet"
                        ),
                    )),
                },
            )
            .collect(),
        Value::String(_) => Err(OptionsError::new(
            K::Unsupported,
            key,
            "mcp_servers as a config file path is not supported by oxagent yet",
        )),
        _ => Err(type_err(key, "a mapping of server names to configs", v)),
    }
}

fn parse_hooks(v: &Value) -> Result<BTreeMap<String, Vec<HookMatcher>>, OptionsError> {
    match v {
        Value::Null => Ok(BTreeMap::new()),
        Value::Object(_) => serde_json::from_value(v.clone())
            .map_err(|e| OptionsError::new(K::Type, "hooks", format!("hooks: {e}"))),
        _ => Err(type_err("hooks", "a mapping of hook events to matchers", v)),
    }
}

fn parse_thinking(v: &Value) -> Result<Option<Value>, OptionsError> {
    let key = "thinking";
    let Value::Object(m) = v else {
        return if v.is_null() {
            Ok(None)
        } else {
            Err(type_err(key, "a thinking config object", v))
        };
    };
    let display = m.get("display").cloned();
    let mut out = match m.get("type").and_then(Value::as_str) {
        Some("adaptive") => serde_json::json!({"type": "adaptive"}),
        Some("enabled") => match m.get("budget_tokens").or_else(|| m.get("budgetTokens")) {
            Some(b) => {
                serde_json::json!({"type": "enabled", "budget_tokens": integer("thinking.budget_tokens", b)?})
            }
            // As documented: enabled without a budget means adaptive.
            None => serde_json::json!({"type": "adaptive"}),
        },
        Some("disabled") => return Ok(Some(serde_json::json!({"type": "disabled"}))),
        _ => {
            return Err(OptionsError::new(
                K::Value,
                key,
                "thinking type must be adaptive, enabled or disabled",
            ))
        }
    };
    if let Some(d) = display.filter(|d| !d.is_null()) {
        out["display"] = d;
    }
    Ok(Some(out))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn unknown_and_unsupported_options_are_named() {
        let e = Options::from_json(&json!({"max_turnz": 1})).unwrap_err();
        assert_eq!((e.kind, e.option.as_str()), (K::Unknown, "max_turnz"));
        let e = Options::from_json(&json!({"agents": {"a": {}}})).unwrap_err();
        assert_eq!(
            e.message,
            "the option agents is not supported by oxagent yet"
        );
        assert!(Options::from_json(&json!({"agents": null, "resume": null})).is_ok());
    }

    #[test]
    fn values_are_checked() {
        let e = Options::from_json(&json!({"permission_mode": "yolo"})).unwrap_err();
        assert_eq!(e.kind, K::Value);
        let e = Options::from_json(&json!({"allowed_tools": "Read"})).unwrap_err();
        assert_eq!(
            e.message,
            "allowed_tools must be a list of strings, not \"Read\""
        );
        assert_eq!(
            Options::from_json(&json!({"max_turns": 0}))
                .unwrap()
                .max_turns,
            None
        );
    }

    #[test]
    fn thinking_enabled_without_budget_is_adaptive() {
        let o = Options::from_json(&json!({"thinking": {"type": "enabled"}})).unwrap();
        assert_eq!(o.thinking, Some(json!({"type": "adaptive"})));
    }
}

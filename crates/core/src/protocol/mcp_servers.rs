//! The MCP servers a session connects to, and their JSON form in the options the faces send
//! (`mcp_servers: {NAME: config}`).
//!
//! ```
//! use oxagent_core::protocol::mcp_servers::{parse, McpServer};
//! let servers = parse(&serde_json::json!({
//!     "calc": {"command": "python3", "args": ["server.py"]},
//!     "kit": {"type": "sdk", "name": "kit", "version": "2.0.0", "dialect": "python",
//!             "tools": [{"name": "add", "description": "Add", "input_schema": {"type": "object"}}]},
//! })).unwrap();
//! assert!(matches!(&servers[0], McpServer::Stdio { command, .. } if command == "python3"));
//! assert!(matches!(&servers[1], McpServer::Sdk { server, .. } if server.tools[0].name == "add"));
//! ```

use std::collections::BTreeMap;

use crate::tool::ToolList;
use serde::Deserialize;
use serde_json::Value;

/// An MCP server the session connects to.
#[derive(Debug, Clone, PartialEq)]
pub enum McpServer {
    /// An in-process server of the host (Python `create_sdk_mcp_server`, JS
    /// `createSdkMcpServer`) given as tool definitions: its JSON-RPC is answered here
    /// (the MCP crate's `SdkServer`) and the host only runs the tools' functions, through
    /// `mcp_tool_call` control requests. `name` is its key in `mcp_servers` (the model sees
    /// `mcp__<name>__<tool>`); the server calls itself `server.name`.
    Sdk { name: String, server: SdkServerDef },
    /// A server object of the host that speaks JSON-RPC itself (in JS, an `McpServer` of
    /// @modelcontextprotocol/sdk), reached through `mcp_message` control requests.
    HostServer { name: String },
    /// A server the session starts as a child process and talks to over stdio.
    Stdio {
        name: String,
        command: String,
        args: Vec<String>,
        env: BTreeMap<String, String>,
        scope: Scope,
        /// The config's `timeout`: how long one tool call may take, in milliseconds.
        call_timeout_ms: Option<u64>,
    },
    /// A server reached over streamable HTTP.
    Http {
        name: String,
        url: String,
        headers: BTreeMap<String, String>,
        scope: Scope,
        /// The config's `timeout`: how long one tool call may take, in milliseconds.
        call_timeout_ms: Option<u64>,
    },
    /// A server reached over the older HTTP+SSE transport.
    Sse {
        name: String,
        url: String,
        headers: BTreeMap<String, String>,
        scope: Scope,
        /// The config's `timeout`: how long one tool call may take, in milliseconds.
        call_timeout_ms: Option<u64>,
    },
    /// Rust tools served in-process under a server name: the model sees each as
    /// `mcp__<name>__<tool>`.
    InProcess {
        name: String,
        version: String,
        tools: ToolList,
    },
}

/// Where a server's config was found, as the status lists name it (`source`, `scope`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Scope {
    /// The `mcp_servers` option (and servers set while the session runs).
    #[default]
    Dynamic,
    /// `~/.claude.json`'s `mcpServers` (setting source `user`).
    User,
    /// A `.mcp.json` of the working directory or a folder above it (source `project`).
    Project,
    /// `~/.claude.json`'s entry for the project (source `local`).
    Local,
}

impl Scope {
    pub fn as_str(self) -> &'static str {
        match self {
            Scope::Dynamic => "dynamic",
            Scope::User => "user",
            Scope::Project => "project",
            Scope::Local => "local",
        }
    }
}

impl McpServer {
    /// The scope of a server read from a config file; the host's servers have none.
    pub fn scope(&self) -> Scope {
        match self {
            McpServer::Stdio { scope, .. }
            | McpServer::Http { scope, .. }
            | McpServer::Sse { scope, .. } => *scope,
            _ => Scope::Dynamic,
        }
    }

    /// The config's `timeout` (ms) for one tool call, if it gives one.
    pub fn call_timeout_ms(&self) -> Option<u64> {
        match self {
            McpServer::Stdio {
                call_timeout_ms, ..
            }
            | McpServer::Http {
                call_timeout_ms, ..
            }
            | McpServer::Sse {
                call_timeout_ms, ..
            } => *call_timeout_ms,
            _ => None,
        }
    }

    /// This server as found in `scope` (a config file's server).
    pub fn in_scope(mut self, to: Scope) -> McpServer {
        if let McpServer::Stdio { scope, .. }
        | McpServer::Http { scope, .. }
        | McpServer::Sse { scope, .. } = &mut self
        {
            *scope = to;
        }
        self
    }

    pub fn name(&self) -> &str {
        match self {
            McpServer::Sdk { name, .. }
            | McpServer::HostServer { name }
            | McpServer::Stdio { name, .. }
            | McpServer::Http { name, .. }
            | McpServer::Sse { name, .. }
            | McpServer::InProcess { name, .. } => name,
        }
    }
}

/// Whose conventions an in-process SDK server follows where the documented SDKs differ
/// (the tool listing, argument checks, how a handler's result becomes an MCP result, error
/// texts): each face asks for its own reference's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Dialect {
    /// The Python SDK's `create_sdk_mcp_server`: arguments checked against the JSON Schema
    /// here, handlers return `{"content": [...], "is_error": bool}`.
    #[default]
    Python,
    /// The TypeScript SDK's `createSdkMcpServer`: arguments checked by the host (zod),
    /// handlers return an MCP `CallToolResult`, checked here.
    TypeScript,
}

/// An in-process SDK server: what the host declares of it.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct SdkServerDef {
    /// The name the server gives itself (`serverInfo`); its key in `mcp_servers` if empty.
    #[serde(default)]
    pub name: String,
    #[serde(default = "default_version")]
    pub version: String,
    #[serde(default)]
    pub dialect: Dialect,
    /// Sent back by `initialize` (TS `createSdkMcpServer({instructions})`).
    #[serde(default)]
    pub instructions: Option<String>,
    pub tools: Vec<SdkToolDef>,
    /// The host's plain function tools (Python `oxagent.with_tools`, JS `withTools`): the
    /// model sees each tool under its own name, not `mcp__<server>__<tool>`, and the server
    /// is listed nowhere (no status, not in init's `mcp_servers`).
    #[serde(default)]
    pub plain_names: bool,
}

fn default_version() -> String {
    "1.0.0".into()
}

/// One tool of an in-process SDK server; its function stays with the host.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct SdkToolDef {
    pub name: String,
    #[serde(default)]
    pub description: String,
    /// The JSON Schema of the arguments (converted from Python types or zod by the face).
    #[serde(default = "empty_object_schema")]
    pub input_schema: Value,
    /// The tool's hints as the user gave them (`readOnlyHint`, ..., `maxResultSizeChars`).
    #[serde(default)]
    pub annotations: Option<Value>,
    /// `_meta` to list with the tool (TS: `anthropic/searchHint`, `anthropic/alwaysLoad`).
    #[serde(default)]
    pub meta: Option<Value>,
}

fn empty_object_schema() -> Value {
    serde_json::json!({"type": "object", "properties": {}})
}

/// Why an `mcp_servers` value was refused. The option checker of the facade words it with
/// the option's name in the caller's spelling (`mcp_servers`, `mcpServers`); `Display` uses
/// the Python one.
#[derive(Debug, Clone, PartialEq)]
pub enum ConfigError {
    /// The value at `at` (below the option: `""`, `".NAME"`, `".NAME.url"`) must be
    /// `expected`; `found` is what is there.
    Malformed {
        at: String,
        expected: String,
        found: Value,
    },
    /// A kind of server (or a form of the option) oxagent does not support yet: `what`
    /// (`"sse servers (NAME)"`, `"a config file path"`).
    Unsupported { what: String },
}

impl ConfigError {
    fn malformed(at: String, expected: impl Into<String>, found: Option<&Value>) -> Self {
        ConfigError::Malformed {
            at,
            expected: expected.into(),
            found: found.cloned().unwrap_or(Value::Null),
        }
    }

    /// Whether a feature not built yet is refused, rather than a malformed value.
    pub fn is_unsupported(&self) -> bool {
        matches!(self, ConfigError::Unsupported { .. })
    }
}

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ConfigError::Malformed {
                at,
                expected,
                found,
            } => write!(f, "mcp_servers{at} must be {expected}, not {found}"),
            ConfigError::Unsupported { what } => {
                write!(f, "mcp_servers: {what} are not supported by oxagent yet")
            }
        }
    }
}

impl std::error::Error for ConfigError {}

/// Reads the `mcp_servers` option: a mapping of server names to configs.
pub fn parse(v: &Value) -> Result<Vec<McpServer>, ConfigError> {
    match v {
        Value::Null => Ok(Vec::new()),
        Value::Object(m) => m.iter().map(|(name, cfg)| server(name, cfg)).collect(),
        Value::String(_) => Err(ConfigError::Unsupported {
            what: "config file paths".into(),
        }),
        _ => Err(ConfigError::malformed(
            String::new(),
            "a mapping of server names to configs",
            Some(v),
        )),
    }
}

fn server(name: &str, cfg: &Value) -> Result<McpServer, ConfigError> {
    let bad = |key: &str, expected: &str| {
        ConfigError::malformed(format!(".{name}.{key}"), expected, cfg.get(key))
    };
    if !cfg.is_object() {
        return Err(ConfigError::malformed(
            format!(".{name}"),
            "a server config",
            Some(cfg),
        ));
    }
    match cfg.get("type").and_then(Value::as_str) {
        Some("sdk") if cfg.get("tools").is_some() => {
            let mut def: SdkServerDef = serde_json::from_value(cfg.clone()).map_err(|e| {
                ConfigError::malformed(
                    format!(".{name}"),
                    format!("an SDK server definition ({e})"),
                    Some(cfg),
                )
            })?;
            if def.name.is_empty() {
                def.name = name.to_string();
            }
            Ok(McpServer::Sdk {
                name: name.to_string(),
                server: def,
            })
        }
        Some("sdk") => Ok(McpServer::HostServer {
            name: name.to_string(),
        }),
        Some("stdio") | None => stdio(name, cfg, bad),
        Some(kind @ ("http" | "sse")) => {
            let url = cfg
                .get("url")
                .and_then(Value::as_str)
                .filter(|u| u.starts_with("http://") || u.starts_with("https://"))
                .ok_or_else(|| bad("url", "an http:// or https:// URL"))?
                .to_string();
            let headers = string_map(cfg.get("headers"))
                .ok_or_else(|| bad("headers", "a mapping of names to strings"))?;
            let name = name.to_string();
            let call_timeout_ms = call_timeout(cfg);
            Ok(match kind {
                "sse" => McpServer::Sse {
                    name,
                    url,
                    headers,
                    scope: Scope::Dynamic,
                    call_timeout_ms,
                },
                _ => McpServer::Http {
                    name,
                    url,
                    headers,
                    scope: Scope::Dynamic,
                    call_timeout_ms,
                },
            })
        }
        Some(t) => Err(ConfigError::Unsupported {
            what: format!("{t} servers ({name})"),
        }),
    }
}

/// `{type?: "stdio", command, args?, env?}`.
fn stdio(
    name: &str,
    cfg: &Value,
    bad: impl Fn(&str, &str) -> ConfigError,
) -> Result<McpServer, ConfigError> {
    let command = cfg
        .get("command")
        .and_then(Value::as_str)
        .filter(|c| !c.is_empty())
        .ok_or_else(|| bad("command", "a non-empty string"))?
        .to_string();
    let args = match cfg.get("args") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(a)) => a
            .iter()
            .map(|x| x.as_str().map(str::to_string))
            .collect::<Option<Vec<_>>>()
            .ok_or_else(|| bad("args", "a list of strings"))?,
        Some(_) => return Err(bad("args", "a list of strings")),
    };
    let env =
        string_map(cfg.get("env")).ok_or_else(|| bad("env", "a mapping of names to strings"))?;
    Ok(McpServer::Stdio {
        name: name.to_string(),
        command,
        args,
        env,
        scope: Scope::Dynamic,
        call_timeout_ms: call_timeout(cfg),
    })
}

/// A config's `timeout` in milliseconds (a positive whole number; anything else: none).
fn call_timeout(cfg: &Value) -> Option<u64> {
    cfg.get("timeout")
        .and_then(Value::as_u64)
        .filter(|&ms| ms > 0)
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

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn sdk_servers_with_definitions_and_without() {
        let servers = parse(&json!({
            "kit": {"type": "sdk", "name": "other", "dialect": "typescript", "tools": []},
            "foreign": {"type": "sdk", "name": "foreign"},
        }))
        .unwrap();
        let McpServer::Sdk { name, server: def } = &servers[0] else {
            panic!("{servers:?}")
        };
        assert_eq!(
            (
                name.as_str(),
                def.name.as_str(),
                def.version.as_str(),
                def.dialect
            ),
            ("kit", "other", "1.0.0", Dialect::TypeScript)
        );
        assert_eq!(
            servers[1],
            McpServer::HostServer {
                name: "foreign".into()
            }
        );
    }

    #[test]
    fn refusals_name_the_server() {
        let e = parse(&json!({"s": {"command": ""}})).unwrap_err();
        assert_eq!(
            e.to_string(),
            "mcp_servers.s.command must be a non-empty string, not \"\""
        );
        let e = parse(&json!({"s": {"type": "ws", "url": "ws://x"}})).unwrap_err();
        assert!(e.is_unsupported(), "{e:?}");
        assert_eq!(
            e.to_string(),
            "mcp_servers: ws servers (s) are not supported by oxagent yet"
        );
        let sse = parse(&json!({"s": {"type": "sse", "url": "http://x/sse"}})).unwrap();
        assert!(matches!(&sse[0], McpServer::Sse { url, .. } if url == "http://x/sse"));
        let e = parse(&json!({"s": {"type": "sse", "url": "x"}})).unwrap_err();
        assert_eq!(
            e.to_string(),
            "mcp_servers.s.url must be an http:// or https:// URL, not \"x\""
        );
        let e = parse(&json!({"s": {"type": "sdk", "tools": [{"description": "no name"}]}}))
            .unwrap_err();
        assert!(
            e.to_string()
                .starts_with("mcp_servers.s must be an SDK server definition (missing field"),
            "{e:?}"
        );
    }
}

//! MCP for oxagent: the servers a session connects to, as tools the model can call, and the
//! JSON-RPC of the in-process SDK servers the faces declare.
//!
//! ```text
//! config      mcp_servers: {NAME: config} -> McpServer (stdio, http, sdk, host server, Rust tools)
//! connect_all servers -> tools named mcp__<server>__<tool> + a status per server
//!   client/   stdio (rmcp child process), streamable HTTP (rmcp + reqwest), the host's
//!             in-process servers (control requests), results rendered as Claude Code does
//! server      SdkServer: initialize, tools/list, tools/call, ... for create_sdk_mcp_server /
//!             createSdkMcpServer, sans-IO; the host runs only the tool functions
//! ```
//!
//! ```no_run
//! # async fn demo(host: std::sync::Arc<dyn oxagent_core::host::Host>) {
//! let servers = oxagent_mcp::config::parse(&serde_json::json!({
//!     "calc": {"command": "python3", "args": ["server.py"]},
//! })).unwrap();
//! let env = Default::default();
//! let ctx = oxagent_mcp::ConnectContext {
//!     host, env: &env, cwd: std::path::Path::new("."), results_root: None, run_as: None,
//!     watch: None,
//! };
//! let connected = oxagent_mcp::connect_all(&servers, &ctx).await;
//! for status in &connected.statuses {
//!     println!("{} {}", status.name, status.status);
//! }
//! # }
//! ```

mod client;
/// The server configs, as the options give them (pure data, defined in the core).
pub mod config {
    pub use oxagent_core::protocol::mcp_servers::*;
}
pub mod server;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use oxagent_core::host::Host;
use oxagent_core::protocol::system::{McpServerDetail, McpServerStatus};
use oxagent_core::tool::Tool;

use client::ResultsRoot;
pub use config::{Dialect, McpServer, SdkServerDef, SdkToolDef};
pub use server::{CallOutcome, SdkServer, Step, ToolCall};

/// What connecting needs besides the servers.
pub struct ConnectContext<'a> {
    /// Answers the control requests of the host's in-process servers.
    pub host: Arc<dyn Host>,
    /// The session's environment: a stdio server starts with it (and its own `env`).
    pub env: &'a BTreeMap<String, String>,
    /// Where stdio servers start.
    pub cwd: &'a Path,
    /// Where oversized results and binary content are saved
    /// (`<root>/<sanitized cwd>/<session>/tool-results/`): `~/.claude/projects`. Without
    /// one they stay in the result.
    pub results_root: Option<PathBuf>,
    /// The user stdio servers run as (none: this process's).
    pub run_as: Option<oxagent_core::config::RunAs>,
    /// Called with the process group of each stdio server started; what it returns lives as
    /// long as the connection (the host's watch that kills the group if the host dies).
    pub watch: Option<GroupWatch>,
}

/// See [`ConnectContext::watch`].
pub type GroupWatch = Arc<dyn Fn(u32) -> Box<dyn std::any::Any + Send + Sync> + Send + Sync>;

/// The session's MCP tools and servers.
#[derive(Default)]
pub struct Connections {
    /// Every tool of every connected server, server by server.
    pub tools: Vec<Arc<dyn Tool>>,
    /// One entry per server, in order: `connected`, or `failed` with the reason.
    pub statuses: Vec<McpServerStatus>,
    /// Tools the server asks to keep in every request (`_meta["anthropic/alwaysLoad"]`):
    /// never deferred behind tool search.
    pub always_load: BTreeSet<String>,
}

/// Connects each server in turn and collects its tools.
pub async fn connect_all(servers: &[McpServer], ctx: &ConnectContext<'_>) -> Connections {
    let mut each = Vec::with_capacity(servers.len());
    for server in servers {
        each.push(connect(server, ctx).await);
    }
    gather(servers, &each, ctx)
}

/// Whether `server` is a set of function tools (named plainly, not a server to report).
pub fn is_function_tools(server: &McpServer) -> bool {
    matches!(server, McpServer::Sdk { server, .. } if server.plain_names)
}

/// The session's MCP tools and statuses from each server's connection (`connected[i]` is
/// `servers[i]`'s), the resource tools included.
pub fn gather(
    servers: &[McpServer],
    connected: &[Connected],
    ctx: &ConnectContext<'_>,
) -> Connections {
    let mut all = Connections::default();
    let mut reported = Vec::new();
    for (server, connected) in servers.iter().zip(connected) {
        if is_function_tools(server) {
            // Function tools: never deferred behind tool search (as a built-in tool is not),
            // and no server to report.
            all.always_load
                .extend(connected.tools.iter().map(|t| t.name().to_string()));
        } else {
            all.statuses.push(connected.status.clone());
            all.always_load
                .extend(connected.always_load.iter().cloned());
            reported.push(connected.clone());
        }
        all.tools.extend(connected.tools.iter().cloned());
    }
    all.tools.extend(resource_tools(&reported, ctx));
    all
}

/// Connects one server: its tools (a function-tools server's under their plain names) and
/// its status.
pub async fn connect(server: &McpServer, ctx: &ConnectContext<'_>) -> Connected {
    let results = ResultsRoot(ctx.results_root.clone());
    match server {
        McpServer::Sdk { name, server } if server.plain_names => {
            let mut connected =
                client::host::connect_sdk(name, server, ctx.host.clone(), &results).await;
            connected.tools = connected
                .tools
                .into_iter()
                .map(client::ServerTool::plain)
                .collect();
            connected
        }
        McpServer::Sdk { name, server } => {
            client::host::connect_sdk(name, server, ctx.host.clone(), &results).await
        }
        McpServer::HostServer { name } => {
            client::host::connect_host_server(name, ctx.host.clone(), &results).await
        }
        McpServer::Stdio {
            name,
            command,
            args,
            env,
            ..
        } => {
            let start = client::stdio::Start {
                env,
                session_env: ctx.env,
                cwd: ctx.cwd,
                run_as: ctx.run_as,
                watch: ctx.watch.as_ref(),
                served: served(server, ctx),
            };
            client::stdio::connect(name, command, args, &start, &results).await
        }
        McpServer::Http {
            name, url, headers, ..
        } => client::http::connect(name, url, headers, served(server, ctx), &results).await,
        McpServer::Sse {
            name, url, headers, ..
        } => client::sse::connect(name, url, headers, served(server, ctx), &results).await,
        McpServer::InProcess { name, tools, .. } => Connected::ok(
            name,
            "sdk",
            tools
                .iter()
                .map(|t| client::ServerTool::wrap(name, t.clone()))
                .collect(),
            Vec::new(),
        ),
    }
}

/// ListMcpResourcesTool, ReadMcpResourceTool and ReadMcpResourceDirTool over `servers`, when
/// one of them offers resources; none otherwise.
pub fn resource_tools(servers: &[Connected], ctx: &ConnectContext<'_>) -> Vec<Arc<dyn Tool>> {
    let links = servers.iter().map(|c| c.link.clone()).collect();
    client::resources::tools(links, &ResultsRoot(ctx.results_root.clone()))
}

/// One server, connected or not.
#[derive(Clone)]
pub struct Connected {
    /// `connected`, `failed` (with the reason) or `disabled`.
    pub status: McpServerStatus,
    /// Its tools, named `mcp__<server>__<tool>`.
    pub tools: Vec<Arc<dyn Tool>>,
    /// Those it asks to keep in every request (never deferred).
    pub always_load: Vec<String>,
    /// What the server said of itself, for `mcp_status` (connected servers).
    pub offered: Option<Offered>,
    /// How the resource tools reach it.
    link: client::resources::Link,
}

/// One server's channel, for `readMcpResource`.
pub struct UiReader {
    name: String,
    channel: Option<Arc<dyn client::Channel>>,
}

impl UiReader {
    /// `readMcpResource`: one `ui://` resource of the server (`resources/read`), for a host
    /// that renders it: `{contents: [{uri, mimeType?, text?, blob?, _meta?}]}`, each item's
    /// `_meta` without the keys the reference keeps to itself (`com.anthropic/...`). The
    /// server's own error comes back as its message.
    pub async fn read_ui_resource(&self, uri: &str) -> Result<serde_json::Value, String> {
        use serde_json::{json, Value};
        let channel = self
            .channel
            .as_ref()
            .ok_or_else(|| format!("MCP server {} is not connected", self.name))?;
        let read = channel
            .request("resources/read", json!({ "uri": uri }))
            .await
            .map_err(|e| format!("mcp_read_resource: {}", e.text(&self.name)))?;
        let items = read.get("contents").and_then(Value::as_array);
        let contents: Vec<Value> = items
            .into_iter()
            .flatten()
            .map(|item| {
                let mut out = serde_json::Map::new();
                for key in ["uri", "mimeType", "text", "blob"] {
                    if let Some(v) = item.get(key) {
                        out.insert(key.into(), v.clone());
                    }
                }
                if let Some(Value::Object(meta)) = item.get("_meta") {
                    let kept: serde_json::Map<String, Value> = meta
                        .iter()
                        .filter(|(k, _)| !k.starts_with("com.anthropic/"))
                        .map(|(k, v)| (k.clone(), v.clone()))
                        .collect();
                    out.insert("_meta".into(), Value::Object(kept));
                }
                Value::Object(out)
            })
            .collect();
        Ok(json!({ "contents": contents }))
    }
}

/// What a connected server said of itself, as `mcp_status` reports it.
#[derive(Clone, Debug, Default)]
pub struct Offered {
    /// `serverInfo` of its `initialize` answer.
    pub server_info: Option<serde_json::Value>,
    /// `{experimental: ...}` when it declared experimental capabilities.
    pub capabilities: Option<serde_json::Value>,
    /// Its tools, in its order.
    pub tools: Vec<oxagent_core::protocol::system::McpToolSummary>,
}

impl Offered {
    /// From the `initialize` answer and the `tools/list` answer.
    pub(crate) fn of(initialized: &serde_json::Value, listed: &serde_json::Value) -> Self {
        use oxagent_core::protocol::system::McpToolSummary;
        let experimental = initialized
            .pointer("/capabilities/experimental")
            .filter(|e| e.as_object().is_some_and(|o| !o.is_empty()));
        Offered {
            server_info: initialized.get("serverInfo").cloned(),
            capabilities: experimental.map(|e| serde_json::json!({ "experimental": e })),
            tools: listed
                .get("tools")
                .and_then(serde_json::Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(McpToolSummary::of_listed)
                .collect(),
        }
    }
}

impl Connected {
    /// What reads this server's `ui://` resources outside the session's lock.
    pub fn reader(&self) -> UiReader {
        UiReader {
            name: self.status.name.clone(),
            channel: self.link.channel.clone(),
        }
    }

    fn ok(name: &str, source: &str, tools: Vec<Arc<dyn Tool>>, always_load: Vec<String>) -> Self {
        Connected {
            status: McpServerStatus {
                name: name.to_string(),
                status: "connected".into(),
                error: None,
                source: Some(source.into()),
            },
            tools,
            always_load,
            offered: None,
            link: client::resources::Link {
                name: name.to_string(),
                connected: true,
                channel: None,
                resources: false,
            },
        }
    }

    /// The server's channel, for the resource tools; `resources`: it declared them.
    fn with_channel(mut self, channel: Arc<dyn client::Channel>, resources: bool) -> Self {
        self.link.channel = Some(channel);
        self.link.resources = resources;
        self
    }

    /// What the server said of itself (for `mcp_status`).
    fn offering(mut self, offered: Offered) -> Self {
        self.offered = Some(offered);
        self
    }

    /// A server still connecting: no tools yet.
    pub fn pending(name: &str, source: &str) -> Self {
        Connected::without_tools(name, source, "pending")
    }

    /// A server the host turned off (`mcp_toggle`): no tools until it is turned on.
    pub fn disabled(name: &str, source: &str) -> Self {
        Connected::without_tools(name, source, "disabled")
    }

    /// A server with no tools and no error, in `status`.
    fn without_tools(name: &str, source: &str, status: &str) -> Self {
        let mut none = Connected::failed(name, source, String::new());
        none.status.status = status.into();
        none.status.error = None;
        none
    }

    /// A server that gives no tools; the reason stays in `mcp_status` (the init message
    /// names none, as the reference's).
    fn failed(name: &str, source: &str, reason: String) -> Self {
        Connected {
            status: McpServerStatus {
                name: name.to_string(),
                status: "failed".into(),
                error: Some(reason),
                source: Some(source.into()),
            },
            tools: Vec::new(),
            always_load: Vec::new(),
            offered: None,
            link: client::resources::Link {
                name: name.to_string(),
                connected: false,
                channel: None,
                resources: false,
            },
        }
    }
}

/// A server's name as its tools' names carry it (`mcp__<this>__<tool>`): every character
/// other than an ASCII letter, digit, `_` or `-` becomes `_` (`plugin:demo:calc` ->
/// `plugin_demo_calc`), as the reference names them.
pub fn tool_prefix_name(server: &str) -> String {
    let mut out = tool_name_part(server);
    if server.starts_with("claude.ai ") {
        while out.contains("__") {
            out = out.replace("__", "_");
        }
        out = out.trim_matches('_').to_string();
    }
    out
}

/// A tool's name as the session offers it (`mcp__<server>__<this>`): every character other
/// than an ASCII letter, digit, `_` or `-` becomes `_` (`dot.name` -> `dot_name`); the
/// server is still called with the name it listed.
pub fn tool_name_part(tool: &str) -> String {
    tool.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// A server's source and how long one of its tool calls may take: its config's `timeout`
/// (ms, from 1,000), else `MCP_TOOL_TIMEOUT`, else about a day, from one second up.
fn served(server: &McpServer, ctx: &ConnectContext<'_>) -> client::Served {
    let own = server.call_timeout_ms().filter(|&ms| ms >= 1000);
    let env = oxagent_core::env_var::positive(ctx.env, "MCP_TOOL_TIMEOUT");
    let ms = own
        .or(env)
        .unwrap_or(100_000_000)
        .clamp(1000, 2_147_483_647);
    client::Served {
        source: source(server),
        call_timeout: Some(std::time::Duration::from_millis(ms)),
    }
}

/// Where a server comes from, as the status lists say: `sdk` for the host's in-process
/// servers, `plugin` for a plugin's (`plugin:<plugin>:<server>`), the config file's scope
/// for a server read from one (`user`, `project`, `local`), `dynamic` for the others.
pub fn source(server: &McpServer) -> &'static str {
    match server {
        McpServer::Sdk { .. } | McpServer::HostServer { .. } | McpServer::InProcess { .. } => "sdk",
        s if s.name().starts_with("plugin:") => "plugin",
        s => s.scope().as_str(),
    }
}

/// How `mcp_status` details `server`, connected as `now` (`None`: not yet, `pending`).
pub fn detail(server: &McpServer, now: Option<&Connected>) -> McpServerDetail {
    use serde_json::json;
    let with_headers = |kind: &str, url: &str, headers: &BTreeMap<String, String>| {
        let mut config = json!({"type": kind, "url": url});
        if !headers.is_empty() {
            config["headers"] = json!(headers);
        }
        config
    };
    let (transport, config) = match server {
        McpServer::Stdio { command, args, .. } => (
            "stdio",
            Some(json!({"type": "stdio", "command": command, "args": args})),
        ),
        McpServer::Http { url, headers, .. } => ("http", Some(with_headers("http", url, headers))),
        McpServer::Sse { url, headers, .. } => ("sse", Some(with_headers("sse", url, headers))),
        McpServer::Sdk { .. } | McpServer::HostServer { .. } | McpServer::InProcess { .. } => {
            ("sdk", None)
        }
    };
    let status = now.map_or("pending", |c| c.status.status.as_str());
    let offered = now
        .and_then(|c| c.offered.as_ref())
        .filter(|_| status == "connected");
    McpServerDetail {
        name: server.name().to_string(),
        status: status.to_string(),
        server_info: offered.and_then(|o| o.server_info.clone()),
        error: now.and_then(|c| c.status.error.clone()),
        config,
        transport: transport.into(),
        scope: server.scope().as_str().into(),
        source: Some(source(server).into()),
        tools: offered.map(|o| o.tools.clone()),
        capabilities: offered.and_then(|o| o.capabilities.clone()),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn tool_names_carry_the_server_name_made_safe() {
        assert_eq!(
            super::tool_prefix_name("plugin:demo:calc"),
            "plugin_demo_calc"
        );
        assert_eq!(super::tool_prefix_name("my server.v2"), "my_server_v2");
        assert_eq!(super::tool_prefix_name("ok_name-1"), "ok_name-1");
        assert_eq!(
            super::tool_prefix_name("claude.ai Google  Drive"),
            "claude_ai_Google_Drive"
        );
    }

    #[test]
    fn tool_names_are_made_safe_too() {
        assert_eq!(super::tool_name_part("dot.name"), "dot_name");
        assert_eq!(super::tool_name_part("dash-name"), "dash-name");
        assert_eq!(super::tool_name_part("UpperCase"), "UpperCase");
        assert_eq!(super::tool_name_part("a b/c"), "a_b_c");
    }
}

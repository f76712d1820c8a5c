//! The client side: each tool of a connected server becomes a [`Tool`] named
//! `mcp__<server>__<tool>`, whose calls go through the server's [`Channel`] (rmcp over stdio
//! or HTTP, or the host's in-process servers) and whose MCP results become tool results as
//! Claude Code renders them (`result.rs`).

mod group;
pub(crate) mod host;
pub(crate) mod http;
mod relaunch;
pub(crate) mod resources;
mod result;
pub(crate) mod sse;
pub(crate) mod stdio;

use std::path::PathBuf;
use std::sync::Arc;

use futures::future::BoxFuture;
use oxagent_core::permission::{PermissionContext, ToolPermission};
use oxagent_core::tool::{Tool, ToolContext, ToolOutput, Unanswered};
use serde_json::{json, Value};

/// Why a `tools/call` gave no result.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum CallError {
    /// The server answered with a JSON-RPC error.
    Rpc { code: i64, message: String },
    /// The call did not get through (transport, host).
    Failed(String),
    /// The server's process is gone (the call is not tried again; the next one starts it anew).
    Closed,
    /// The server answered something that is not a `CallToolResult`: the issues the MCP
    /// SDK's schema check finds in it (zod's words).
    Malformed(Vec<Value>),
    /// The server's answer is no MCP response at all (not an object).
    NotMcp,
}

impl CallError {
    /// The text the model reads: a JSON-RPC error's message as the server wrote it
    /// (vh_mcp_results_text).
    pub(crate) fn text(&self, server: &str) -> String {
        match self {
            CallError::Rpc { message, .. } | CallError::Failed(message) => message.clone(),
            CallError::Malformed(issues) => format!(
                "MCP server \"{server}\" returned a malformed result that failed schema \
                 validation: Invalid result for tools/call: {}",
                crate::server::typescript::pretty(&Value::Array(issues.clone()))
            ),
            CallError::NotMcp => NOT_MCP.to_string(),
            // Worded as the reference's client words it (fj_133).
            CallError::Closed => "Connection closed".to_string(),
        }
    }
}

/// What the model reads of an answer that is no MCP response (fk_012, fk_035).
const NOT_MCP: &str =
    "The server's response is not a valid MCP response, so it was not read. The request may have run.";

/// What the session knows of a server beside its transport.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Served {
    /// Where its config comes from (`dynamic`, `project`, `plugin`, ...).
    pub source: &'static str,
    /// How long one tool call may take (none: as long as it takes).
    pub call_timeout: Option<std::time::Duration>,
}

/// How calls reach one server: `tools/call` with a tool name and arguments, answered with
/// the MCP `CallToolResult` as JSON.
pub(crate) trait Channel: Send + Sync {
    fn call_tool(&self, tool: &str, arguments: Value) -> BoxFuture<'_, Result<Value, CallError>>;
    /// Any other request (`resources/list`, `resources/read`): its `result`, as JSON.
    fn request(&self, method: &str, params: Value) -> BoxFuture<'_, Result<Value, CallError>>;
}

/// Where oversized results and binary content are saved:
/// `<root>/<sanitized cwd>/<session>/tool-results/`.
#[derive(Debug, Clone)]
pub(crate) struct ResultsRoot(pub(crate) Option<PathBuf>);

impl ResultsRoot {
    fn dir(&self, ctx: &ToolContext) -> Option<PathBuf> {
        let root = self.0.as_ref()?;
        let cwd: String = ctx
            .cwd
            .to_string_lossy()
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
            .collect();
        Some(root.join(cwd).join(&ctx.session_id).join("tool-results"))
    }
}

/// One tool of an MCP server.
struct McpTool {
    full_name: String,
    server: String,
    tool: String,
    description: String,
    schema: Value,
    read_only: bool,
    /// The title the server gives the tool, if any.
    title: Option<String>,
    /// The name the server gives itself, for a server the options start.
    server_display: Option<String>,
    /// Where the server comes from, as the status lists say (`dynamic`, `sdk`, `plugin`).
    source: &'static str,
    /// How long a call may take (none: as long as it takes).
    call_timeout: Option<std::time::Duration>,
    /// `_meta["anthropic/maxResultSizeChars"]`: how long a result may be before it is saved
    /// to a file and the model reads a preview.
    max_result_chars: Option<usize>,
    channel: Arc<dyn Channel>,
    results: ResultsRoot,
    /// Calls that failed without an answer from the server (a JSON-RPC error, a closed
    /// connection, an answer the client could not read), until the session asks.
    unanswered: std::sync::Mutex<Vec<(String, Unanswered)>>,
}

/// A server's tools from its `tools/list` answer, each called through `channel`. Tools that
/// list `_meta["anthropic/alwaysLoad"]` are returned in the second list (never deferred).
pub(crate) fn tools_of(
    server: &str,
    server_display: Option<&str>,
    served: Served,
    listed: &Value,
    channel: Arc<dyn Channel>,
    results: &ResultsRoot,
) -> (Vec<Arc<dyn Tool>>, Vec<String>) {
    let mut tools: Vec<Arc<dyn Tool>> = Vec::new();
    let mut always = Vec::new();
    for t in listed
        .get("tools")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let Some(name) = t.get("name").and_then(Value::as_str) else {
            continue;
        };
        let full_name = format!(
            "mcp__{}__{}",
            crate::tool_prefix_name(server),
            crate::tool_name_part(name)
        );
        if t.pointer("/_meta/anthropic~1alwaysLoad") == Some(&json!(true)) {
            always.push(full_name.clone());
        }
        tools.push(Arc::new(McpTool {
            full_name,
            server: server.to_string(),
            tool: name.to_string(),
            description: t
                .get("description")
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_string(),
            schema: t
                .get("inputSchema")
                .cloned()
                .unwrap_or(json!({"type": "object"})),
            read_only: t.pointer("/annotations/readOnlyHint") == Some(&json!(true)),
            server_display: server_display.map(str::to_string),
            title: t
                .get("title")
                .or_else(|| t.pointer("/annotations/title"))
                .and_then(Value::as_str)
                .map(str::to_string),
            source: served.source,
            call_timeout: served.call_timeout,
            max_result_chars: t
                .pointer("/_meta/anthropic~1maxResultSizeChars")
                .and_then(Value::as_u64)
                .map(|n| n as usize),
            channel: channel.clone(),
            results: results.clone(),
            unanswered: std::sync::Mutex::default(),
        }));
    }
    (tools, always)
}

impl Tool for McpTool {
    fn name(&self) -> &str {
        &self.full_name
    }
    fn mcp_server(&self) -> Option<&str> {
        Some(&self.server)
    }
    fn mcp_origin(&self) -> Option<(&str, &str)> {
        Some((&self.tool, self.source))
    }
    fn mcp_title(&self) -> Option<&str> {
        self.title.as_deref()
    }
    fn mcp_server_display(&self) -> Option<&str> {
        self.server_display.as_deref()
    }
    fn failed_unanswered(&self, tool_use_id: &str) -> Option<Unanswered> {
        let mut ids = self.unanswered.lock().ok()?;
        let at = ids.iter().position(|(id, _)| id == tool_use_id)?;
        Some(ids.swap_remove(at).1)
    }
    fn description(&self) -> String {
        self.description.clone()
    }
    fn input_schema(&self) -> Value {
        self.schema.clone()
    }
    fn is_read_only(&self, _input: &Value) -> bool {
        self.read_only
    }
    /// Asks to use the tool, offering a rule for it in the local settings, as the reference
    /// (vh_mcp_no_rule_callback).
    fn check_permission(&self, _input: &Value, _ctx: &PermissionContext) -> ToolPermission {
        let mut asked = ToolPermission::ask_to_use(&self.full_name);
        if let ToolPermission::Ask { suggestions, .. } = &mut asked {
            suggestions.push(
                json!({"type": "addRules", "rules": [{"toolName": self.full_name}],
                "behavior": "allow", "destination": "localSettings"}),
            );
        }
        asked
    }
    /// The server checks the arguments, with its own wording.
    fn validates_own_input(&self) -> bool {
        true
    }
    fn call<'a>(&'a self, input: Value, ctx: &'a ToolContext) -> BoxFuture<'a, ToolOutput> {
        Box::pin(async move {
            let call = self.channel.call_tool(&self.tool, input);
            let answer = match self.call_timeout {
                Some(limit) => tokio::time::timeout(limit, call).await.unwrap_or_else(|_| {
                    Err(CallError::Failed(format!(
                        "MCP server \"{}\" tool \"{}\" timed out after {}s",
                        self.server,
                        self.tool,
                        limit.as_secs()
                    )))
                }),
                None => call.await,
            };
            match answer {
                Err(e) => {
                    let text = e.text(&self.server);
                    let how = match e {
                        CallError::NotMcp => Unanswered::NotMcp,
                        _ => Unanswered::Error,
                    };
                    if let Ok(mut ids) = self.unanswered.lock() {
                        ids.push((ctx.tool_use_id.clone(), how));
                    }
                    ToolOutput::error(text.clone()).with_structured(json!(format!("Error: {text}")))
                }
                Ok(result) => {
                    let render = result::Render {
                        server: &self.server,
                        tool: &self.full_name,
                        max_chars: self.max_result_chars,
                        dir: self.results.dir(ctx),
                        tool_use_id: &ctx.tool_use_id,
                    };
                    render.output(&result).await
                }
            }
        })
    }
}

/// A Rust tool of an in-process server: `mcp__<server>__<tool>`, running the tool as it is.
pub(crate) struct ServerTool {
    full_name: String,
    inner: Arc<dyn Tool>,
}

impl ServerTool {
    pub(crate) fn wrap(server: &str, inner: Arc<dyn Tool>) -> Arc<dyn Tool> {
        Arc::new(ServerTool {
            full_name: format!("mcp__{}__{}", crate::tool_prefix_name(server), inner.name()),
            inner,
        })
    }

    /// A tool of a function-tools server (`mcp__<server>__<tool>`) under its own name.
    pub(crate) fn plain(inner: Arc<dyn Tool>) -> Arc<dyn Tool> {
        let name = inner.name();
        let plain = match name.strip_prefix("mcp__") {
            Some(rest) => rest.split_once("__").map_or(rest, |(_, tool)| tool),
            None => name,
        };
        Arc::new(ServerTool {
            full_name: plain.to_string(),
            inner,
        })
    }
}

impl Tool for ServerTool {
    fn name(&self) -> &str {
        &self.full_name
    }
    fn description(&self) -> String {
        self.inner.description()
    }
    fn input_schema(&self) -> Value {
        self.inner.input_schema()
    }
    fn is_read_only(&self, input: &Value) -> bool {
        self.inner.is_read_only(input)
    }
    fn validates_own_input(&self) -> bool {
        self.inner.validates_own_input()
    }
    fn describe_call(&self, input: &Value) -> Option<String> {
        self.inner.describe_call(input)
    }
    fn call<'a>(&'a self, input: Value, ctx: &'a ToolContext) -> BoxFuture<'a, ToolOutput> {
        self.inner.call(input, ctx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rpc_errors_read_as_the_server_words_them() {
        let e = CallError::Rpc {
            code: -32603,
            message: "internal boom".into(),
        };
        assert_eq!(e.text("kit"), "internal boom");
        let e = CallError::Rpc {
            code: -32602,
            message: "MCP error -32602: Invalid tools/call result: []".into(),
        };
        assert_eq!(
            e.text("kit"),
            "MCP error -32602: Invalid tools/call result: []"
        );
    }

    #[test]
    fn answers_that_are_no_call_result_read_as_the_reference_client_reads_them() {
        // A text block without its text: zod's union issues, named after the server.
        let issues =
            crate::server::typescript::check_result(Some(&json!({"content": [{"type": "text"}]})))
                .unwrap_err();
        let text = CallError::Malformed(issues).text("kit");
        assert!(text.starts_with(
            "MCP server \"kit\" returned a malformed result that failed schema validation: \
             Invalid result for tools/call: [\n  {\n    \"code\": \"invalid_union\""
        ));
        assert!(
            text.contains("\"message\": \"Invalid input: expected string, received undefined\"")
        );
        assert_eq!(
            CallError::NotMcp.text("kit"),
            "The server's response is not a valid MCP response, so it was not read. The request may have run."
        );
    }
}

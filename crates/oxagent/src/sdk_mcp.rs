//! Tools of MCP servers. The host's in-process servers (Python `create_sdk_mcp_server`, JS
//! `createSdkMcpServer`) are reached through `mcp_message` control requests; stdio servers
//! through [`crate::mcp_stdio`].
//!
//! At session start each server is initialized and asked for its tools; each becomes a tool
//! named `mcp__<server>__<tool>`. A call sends `tools/call` and maps the MCP result to a tool
//! result (`isError` -> is_error, text and image content kept).

use std::sync::Arc;

use futures::future::BoxFuture;
use oxagent_core::content::{ContentBlock, ToolResultContent};
use oxagent_core::host::Host;
use oxagent_core::protocol::control::{ControlRequest, ControlResponse, McpMessage};
use oxagent_core::protocol::system::McpServerStatus;
use oxagent_core::tool::{Tool, ToolContext, ToolOutput};
use serde_json::{json, Value};

use crate::runtime::EventOut;

/// How calls reach one server: `tools/call` with a tool name and arguments, answered with
/// the MCP `CallToolResult` as JSON.
pub(crate) trait McpChannel: Send + Sync {
    fn call_tool(&self, tool: &str, arguments: Value) -> BoxFuture<'_, Result<Value, String>>;
}

/// A host's in-process server, through control requests.
struct SdkChannel {
    host: EventOut,
    server: String,
}

impl McpChannel for SdkChannel {
    fn call_tool(&self, tool: &str, arguments: Value) -> BoxFuture<'_, Result<Value, String>> {
        let params = json!({"name": tool, "arguments": arguments});
        Box::pin(async move { rpc(&self.host, &self.server, 2, "tools/call", params).await })
    }
}

pub(crate) struct McpTool {
    full_name: String,
    tool: String,
    description: String,
    schema: Value,
    read_only: bool,
    channel: Arc<dyn McpChannel>,
}

/// Sends one JSON-RPC message to the host's server `server`; the JSON-RPC answer back.
async fn send(host: &EventOut, server: &str, message: Value) -> Result<Value, String> {
    let request = ControlRequest::McpMessage(McpMessage {
        server_name: server.to_string(),
        message,
    });
    match host.control(request).await? {
        ControlResponse::Mcp(reply) => Ok(reply),
        _ => Err("the host answered mcp_message with something else".into()),
    }
}

async fn rpc(
    host: &EventOut,
    server: &str,
    id: u64,
    method: &str,
    params: Value,
) -> Result<Value, String> {
    let message = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params});
    let resp = send(host, server, message).await?;
    if let Some(err) = resp.get("error") {
        return Err(err
            .get("message")
            .and_then(Value::as_str)
            .unwrap_or("MCP error")
            .to_string());
    }
    Ok(resp.get("result").cloned().unwrap_or(Value::Null))
}

/// Connects to one server and returns its tools, plus its status entry for `system/init`.
pub(crate) async fn connect(
    host: &EventOut,
    server: &str,
) -> (Vec<Arc<dyn Tool>>, McpServerStatus) {
    let init = rpc(
        host,
        server,
        0,
        "initialize",
        json!({"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "oxagent", "version": env!("CARGO_PKG_VERSION")}}),
    )
    .await;
    if let Err(e) = init {
        return (Vec::new(), status(server, Err(e)));
    }
    let initialized = json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
    let _ = send(host, server, initialized).await;
    let listed = match rpc(host, server, 1, "tools/list", json!({})).await {
        Ok(v) => v,
        Err(e) => return (Vec::new(), status(server, Err(e))),
    };
    let channel = Arc::new(SdkChannel {
        host: host.clone(),
        server: server.to_string(),
    });
    (tools_of(server, &listed, channel), status(server, Ok(())))
}

/// A server's status entry: connected, or failed with the reason.
pub(crate) fn status(server: &str, outcome: Result<(), String>) -> McpServerStatus {
    McpServerStatus {
        name: server.to_string(),
        status: if outcome.is_ok() {
            "connected"
        } else {
            "failed"
        }
        .into(),
        error: outcome.err(),
        source: None,
    }
}

/// The tools of a `tools/list` answer, each called through `channel`.
pub(crate) fn tools_of(
    server: &str,
    listed: &Value,
    channel: Arc<dyn McpChannel>,
) -> Vec<Arc<dyn Tool>> {
    listed
        .get("tools")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default()
        .into_iter()
        .filter_map(|t| {
            let name = t.get("name")?.as_str()?.to_string();
            let read_only = t
                .pointer("/annotations/readOnlyHint")
                .and_then(Value::as_bool)
                .unwrap_or(false);
            Some(Arc::new(McpTool {
                full_name: format!("mcp__{server}__{name}"),
                tool: name,
                description: t
                    .get("description")
                    .and_then(Value::as_str)
                    .unwrap_or("")
                    .to_string(),
                schema: t
                    .get("inputSchema")
                    .cloned()
                    .unwrap_or(json!({"type": "object"})),
                read_only,
                channel: channel.clone(),
            }) as Arc<dyn Tool>)
        })
        .collect()
}

fn to_block(item: &Value) -> Option<ContentBlock> {
    match item.get("type").and_then(Value::as_str)? {
        "text" => Some(ContentBlock::text(
            item.get("text").and_then(Value::as_str).unwrap_or(""),
        )),
        "image" => Some(ContentBlock::Image {
            source: json!({"type": "base64", "media_type": item.get("mimeType"), "data": item.get("data")}),
        }),
        _ => None,
    }
}

impl Tool for McpTool {
    fn name(&self) -> &str {
        &self.full_name
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
    fn call<'a>(&'a self, input: Value, _ctx: &'a ToolContext) -> BoxFuture<'a, ToolOutput> {
        Box::pin(async move {
            match self.channel.call_tool(&self.tool, input).await {
                Err(e) => ToolOutput::error(e),
                Ok(result) => {
                    let items = result
                        .get("content")
                        .and_then(Value::as_array)
                        .cloned()
                        .unwrap_or_default();
                    let blocks: Vec<ContentBlock> = items.iter().filter_map(to_block).collect();
                    let is_error = result
                        .get("isError")
                        .and_then(Value::as_bool)
                        .unwrap_or(false);
                    if is_error {
                        // An error reaches the model as its text, as the reference sends it.
                        let text: Vec<&str> = items
                            .iter()
                            .filter_map(|i| i.get("text").and_then(Value::as_str))
                            .collect();
                        let text = text.join("\n");
                        return ToolOutput::error(text.clone())
                            .with_structured(json!(format!("Error: {text}")));
                    }
                    ToolOutput {
                        content: ToolResultContent::Blocks(blocks),
                        is_error: is_error.then_some(true),
                        structured: Some(Value::Array(items)),
                    }
                }
            }
        })
    }
}

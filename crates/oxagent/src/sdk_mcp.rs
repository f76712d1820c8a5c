//! Tools of the host's in-process MCP servers (Python `create_sdk_mcp_server`, JS
//! `createSdkMcpServer`), reached through `mcp_message` control requests.
//!
//! At session start each server is initialized and asked for its tools; each becomes a tool
//! named `mcp__<server>__<tool>`. A call sends `tools/call` and maps the MCP result to a tool
//! result (`isError` -> is_error, text and image content kept).

use std::sync::Arc;

use futures::future::BoxFuture;
use oxagent_core::content::{ContentBlock, ToolResultContent};
use oxagent_core::host::Host;
use oxagent_core::tool::{Tool, ToolContext, ToolOutput};
use serde_json::{json, Value};

use crate::frames::FrameOut;

pub(crate) struct SdkMcpTool {
    full_name: String,
    server: String,
    tool: String,
    description: String,
    schema: Value,
    read_only: bool,
    host: FrameOut,
}

async fn rpc(
    host: &FrameOut,
    server: &str,
    id: u64,
    method: &str,
    params: Value,
) -> Result<Value, String> {
    let message = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params});
    let reply = host
        .control(json!({"subtype": "mcp_message", "server_name": server, "message": message}))
        .await?;
    let resp = reply.get("mcp_response").cloned().unwrap_or(reply);
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
pub(crate) async fn connect(host: &FrameOut, server: &str) -> (Vec<Arc<dyn Tool>>, Value) {
    let init = rpc(
        host,
        server,
        0,
        "initialize",
        json!({"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "oxagent", "version": env!("CARGO_PKG_VERSION")}}),
    )
    .await;
    if let Err(e) = init {
        return (
            Vec::new(),
            json!({"name": server, "status": "failed", "error": e}),
        );
    }
    let _ = host
        .control(json!({"subtype": "mcp_message", "server_name": server,
            "message": {"jsonrpc": "2.0", "method": "notifications/initialized"}}))
        .await;
    let listed = match rpc(host, server, 1, "tools/list", json!({})).await {
        Ok(v) => v,
        Err(e) => {
            return (
                Vec::new(),
                json!({"name": server, "status": "failed", "error": e}),
            )
        }
    };
    let tools = listed
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
            Some(Arc::new(SdkMcpTool {
                full_name: format!("mcp__{server}__{name}"),
                server: server.to_string(),
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
                host: host.clone(),
            }) as Arc<dyn Tool>)
        })
        .collect();
    (tools, json!({"name": server, "status": "connected"}))
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

impl Tool for SdkMcpTool {
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
            let params = json!({"name": self.tool, "arguments": input});
            match rpc(&self.host, &self.server, 2, "tools/call", params).await {
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

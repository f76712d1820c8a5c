//! The host's in-process servers, reached through control requests:
//!
//! - an SDK server given as definitions: its JSON-RPC is answered here by an [`SdkServer`],
//!   and only its tool functions run on the host (`mcp_tool_call`);
//! - a server object of the host that speaks JSON-RPC itself: each message goes out as
//!   `mcp_message` and its reply comes back.
//!
//! Both are connected the same way: `initialize`, `notifications/initialized`, `tools/list`.

use std::sync::{Arc, Mutex};

use futures::future::BoxFuture;
use oxagent_core::host::Host;
use oxagent_core::protocol::control::{
    ControlRequest, ControlResponse, McpMessage, McpToolCall, ToolCallAnswer,
};
use oxagent_core::sync::lock;
use serde_json::{json, Value};

use super::{tools_of, CallError, Channel, ResultsRoot};
use crate::config::SdkServerDef;
use crate::server::{CallOutcome, SdkServer, Step};
use crate::{Connected, Offered};

/// Where a server's JSON-RPC messages go: one reply per request, none for a notification.
trait Exchange: Send + Sync {
    fn exchange(&self, message: Value) -> BoxFuture<'_, Result<Option<Value>, String>>;
}

/// An SDK server answered here; its tool functions run on the host.
struct InProcess {
    /// The server's key in `mcp_servers`, as the host knows it.
    name: String,
    server: Mutex<SdkServer>,
    host: Arc<dyn Host>,
}

impl Exchange for InProcess {
    fn exchange(&self, message: Value) -> BoxFuture<'_, Result<Option<Value>, String>> {
        Box::pin(async move {
            let step = lock(&self.server).handle(&message);
            let call = match step {
                Step::Reply(reply) => return Ok(Some(reply)),
                Step::Silent => return Ok(None),
                Step::Call(call) => call,
            };
            let request = ControlRequest::McpToolCall(McpToolCall {
                server_name: self.name.clone(),
                tool_name: call.tool.clone(),
                arguments: call.arguments,
            });
            let outcome = match self.host.control(request).await {
                Ok(ControlResponse::ToolCall(ToolCallAnswer::Returned(v))) => {
                    CallOutcome::Returned(v)
                }
                Ok(ControlResponse::ToolCall(ToolCallAnswer::InvalidArguments(issues))) => {
                    CallOutcome::InvalidArguments(issues)
                }
                Ok(_) => CallOutcome::Raised(
                    "the host answered mcp_tool_call with something else".into(),
                ),
                Err(text) => CallOutcome::Raised(text),
            };
            Ok(lock(&self.server).finish(call.call_id, outcome))
        })
    }
}

/// A server object of the host, through `mcp_message`.
struct HostServer {
    name: String,
    host: Arc<dyn Host>,
}

impl Exchange for HostServer {
    fn exchange(&self, message: Value) -> BoxFuture<'_, Result<Option<Value>, String>> {
        let is_request = message.get("id").is_some();
        let request = ControlRequest::McpMessage(McpMessage {
            server_name: self.name.clone(),
            message,
        });
        Box::pin(async move {
            match self.host.control(request).await? {
                // A notification's answer is only an acknowledgement.
                ControlResponse::Mcp(reply) => Ok(is_request.then_some(reply)),
                _ => Err("the host answered mcp_message with something else".into()),
            }
        })
    }
}

/// Calls through an [`Exchange`], with request ids of its own.
struct RpcChannel<X> {
    exchange: X,
    next_id: std::sync::atomic::AtomicU64,
}

impl<X: Exchange> RpcChannel<X> {
    async fn request(&self, method: &str, params: Value) -> Result<Value, CallError> {
        let id = self
            .next_id
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let message = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params});
        let reply = self
            .exchange
            .exchange(message)
            .await
            .map_err(CallError::Failed)?
            .unwrap_or(Value::Null);
        if let Some(error) = reply.get("error") {
            return Err(CallError::Rpc {
                code: error.get("code").and_then(Value::as_i64).unwrap_or(-32603),
                message: error
                    .get("message")
                    .and_then(Value::as_str)
                    .unwrap_or("MCP error")
                    .to_string(),
            });
        }
        Ok(reply.get("result").cloned().unwrap_or(Value::Null))
    }
}

impl<X: Exchange> Channel for RpcChannel<X> {
    fn call_tool(&self, tool: &str, arguments: Value) -> BoxFuture<'_, Result<Value, CallError>> {
        let params = json!({"name": tool, "arguments": arguments});
        Box::pin(async move { self.request("tools/call", params).await })
    }
    fn request(&self, method: &str, params: Value) -> BoxFuture<'_, Result<Value, CallError>> {
        let method = method.to_string();
        Box::pin(async move { RpcChannel::request(self, &method, params).await })
    }
}

/// Connects an SDK server given as definitions.
pub(crate) async fn connect_sdk(
    name: &str,
    def: &SdkServerDef,
    host: Arc<dyn Host>,
    results: &ResultsRoot,
) -> Connected {
    let exchange = InProcess {
        name: name.to_string(),
        server: Mutex::new(SdkServer::new(def.clone())),
        host,
    };
    connect(name, exchange, results).await
}

/// Connects a server object of the host.
pub(crate) async fn connect_host_server(
    name: &str,
    host: Arc<dyn Host>,
    results: &ResultsRoot,
) -> Connected {
    let exchange = HostServer {
        name: name.to_string(),
        host,
    };
    connect(name, exchange, results).await
}

async fn connect<X: Exchange + 'static>(
    name: &str,
    exchange: X,
    results: &ResultsRoot,
) -> Connected {
    let channel = RpcChannel {
        exchange,
        next_id: Default::default(),
    };
    let hello = json!({
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "oxagent", "version": env!("CARGO_PKG_VERSION")},
    });
    let initialized = match channel.request("initialize", hello).await {
        Ok(reply) => reply,
        Err(e) => return Connected::failed(name, "sdk", e.text(name)),
    };
    let resources = initialized
        .pointer("/capabilities/resources")
        .is_some_and(|r| !r.is_null());
    let note = json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
    let _ = channel.exchange.exchange(note).await;
    let listed = match channel.request("tools/list", json!({})).await {
        Ok(v) => v,
        Err(e) => return Connected::failed(name, "sdk", e.text(name)),
    };
    let channel = Arc::new(channel);
    let served = super::Served {
        source: "sdk",
        call_timeout: None,
    };
    let (tools, always_load) = tools_of(name, None, served, &listed, channel.clone(), results);
    Connected::ok(name, "sdk", tools, always_load)
        .with_channel(channel, resources)
        .offering(Offered::of(&initialized, &listed))
}

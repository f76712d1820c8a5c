//! MCP servers the session starts as child processes (`mcp_servers` entries with a
//! `command`), spoken to over stdio with `rmcp`. The process lives as long as the session's
//! tools do and is killed with them.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use futures::future::BoxFuture;
use oxagent_core::protocol::system::McpServerStatus;
use oxagent_core::tool::Tool;
use rmcp::model::CallToolRequestParams;
use rmcp::service::{RoleClient, RunningService};
use rmcp::transport::TokioChildProcess;
use rmcp::ServiceExt;
use serde_json::{json, Value};

use crate::sdk_mcp::{tools_of, McpChannel};

/// A running rmcp client session, whatever its transport.
pub(crate) struct ServiceChannel {
    pub(crate) service: RunningService<RoleClient, ()>,
}

impl McpChannel for ServiceChannel {
    fn call_tool(&self, tool: &str, arguments: Value) -> BoxFuture<'_, Result<Value, String>> {
        let mut params = CallToolRequestParams::new(tool.to_string());
        if let Value::Object(args) = arguments {
            params = params.with_arguments(args);
        }
        Box::pin(async move {
            let result = self
                .service
                .call_tool(params)
                .await
                .map_err(|e| e.to_string())?;
            serde_json::to_value(result).map_err(|e| e.to_string())
        })
    }
}

/// Starts the server and asks for its tools; a server that cannot start or answer is
/// reported `failed` with the reason, and gives no tools.
pub(crate) async fn connect(
    name: &str,
    command: &str,
    args: &[String],
    env: &BTreeMap<String, String>,
    session_env: &BTreeMap<String, String>,
    cwd: &Path,
) -> (Vec<Arc<dyn Tool>>, McpServerStatus) {
    let mut cmd = tokio::process::Command::new(command);
    cmd.args(args)
        .current_dir(cwd)
        .env_clear()
        .envs(session_env)
        .envs(env)
        .stderr(std::process::Stdio::null());
    let transport = match TokioChildProcess::new(cmd) {
        Ok(t) => t,
        Err(e) => return (Vec::new(), status(name, Some(format!("{command}: {e}")))),
    };
    open(name, transport).await
}

/// A server's status entry: `connected`, or `failed` with the reason (which `init` leaves
/// out, as the reference; `mcp_status` keeps it).
pub(crate) fn status(name: &str, failure: Option<String>) -> McpServerStatus {
    McpServerStatus {
        source: Some("dynamic".into()),
        ..crate::sdk_mcp::status(name, failure.map_or(Ok(()), Err))
    }
}

/// Opens an rmcp client session over `transport` and asks for the server's tools.
pub(crate) async fn open<T, E, A>(name: &str, transport: T) -> (Vec<Arc<dyn Tool>>, McpServerStatus)
where
    T: rmcp::transport::IntoTransport<RoleClient, E, A>,
    E: std::error::Error + Send + Sync + 'static,
{
    let service = match ().serve(transport).await {
        Ok(s) => s,
        Err(e) => return (Vec::new(), status(name, Some(e.to_string()))),
    };
    let listed = match service.list_all_tools().await {
        Ok(tools) => json!({"tools": tools}),
        Err(e) => return (Vec::new(), status(name, Some(e.to_string()))),
    };
    let channel = Arc::new(ServiceChannel { service });
    (tools_of(name, &listed, channel), status(name, None))
}

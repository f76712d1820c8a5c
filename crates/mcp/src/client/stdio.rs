//! Servers the session starts as child processes (`mcp_servers` entries with a `command`),
//! spoken to over stdio with `rmcp`. The process lives as long as the session's tools do and
//! is killed with them. [`open`] is shared with the HTTP transport.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use futures::future::BoxFuture;
use rmcp::model::{ClientRequest, CustomRequest};
use rmcp::service::{RoleClient, RunningService, ServiceError};
use rmcp::ServiceExt;
use serde_json::{json, Value};

use super::relaunch::{Launch, Relaunching};
use super::Served;
use super::{tools_of, CallError, Channel, ResultsRoot};
use crate::{Connected, Offered};

/// A running rmcp client session, whatever its transport.
pub(super) struct ServiceChannel {
    pub(super) service: RunningService<RoleClient, ()>,
    /// Whatever must live as long as the session does (a stdio server's process group,
    /// ended when let go of, after the service's own shutdown of the server).
    pub(super) _held: Option<Held>,
}

/// The guard [`crate::ConnectContext::watch`] hands back for a started process.
pub(crate) type Held = Box<dyn std::any::Any + Send + Sync>;

impl Channel for ServiceChannel {
    /// Sent untyped, so that an answer that is no `CallToolResult` comes back as it is and
    /// is checked as the reference's client checks it (fuzz-k/fk_004, fk_012).
    fn call_tool(&self, tool: &str, arguments: Value) -> BoxFuture<'_, Result<Value, CallError>> {
        let mut params = json!({"name": tool});
        if arguments.is_object() {
            params["arguments"] = arguments;
        }
        Box::pin(async move {
            let raw = self.request("tools/call", params).await?;
            if !raw.is_object() {
                return Err(CallError::NotMcp);
            }
            crate::server::typescript::check_result(Some(&raw)).map_err(CallError::Malformed)
        })
    }
    fn request(&self, method: &str, params: Value) -> BoxFuture<'_, Result<Value, CallError>> {
        // Sent as it is; an answer rmcp's types do not fit comes back untouched.
        let request = ClientRequest::CustomRequest(CustomRequest::new(method, Some(params)));
        Box::pin(async move {
            let result = self
                .service
                .send_request(request)
                .await
                .map_err(call_error)?;
            serde_json::to_value(result).map_err(|e| CallError::Failed(e.to_string()))
        })
    }
}

fn call_error(e: ServiceError) -> CallError {
    match e {
        ServiceError::McpError(e) => CallError::Rpc {
            code: i64::from(e.code.0),
            message: e.message.into_owned(),
        },
        // The server's process is gone: worded as the reference's client words it (fj_133).
        ServiceError::TransportClosed | ServiceError::TransportSend(_) => CallError::Closed,
        // An answer that reads as no result at all (fuzz-k/fk_035).
        ServiceError::UnexpectedResponse => CallError::NotMcp,
        other => CallError::Failed(other.to_string()),
    }
}

/// How a server process starts: its own `env` over the session's, where, as whom.
pub(crate) struct Start<'a> {
    pub env: &'a BTreeMap<String, String>,
    pub session_env: &'a BTreeMap<String, String>,
    pub cwd: &'a Path,
    pub run_as: Option<oxagent_core::config::RunAs>,
    pub watch: Option<&'a crate::GroupWatch>,
    pub served: Served,
}

/// Starts the server and asks for its tools.
pub(crate) async fn connect(
    name: &str,
    command: &str,
    args: &[String],
    start: &Start<'_>,
    results: &ResultsRoot,
) -> Connected {
    let launch = Launch {
        name: name.to_string(),
        command: command.to_string(),
        args: args.to_vec(),
        env: start
            .session_env
            .iter()
            .chain(start.env)
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect(),
        cwd: start.cwd.to_path_buf(),
        run_as: start.run_as,
        watch: start.watch.cloned(),
    };
    match launch.spawn() {
        Ok((transport, held)) => {
            let how = Opening {
                held,
                launch: Some(launch),
                served: start.served,
            };
            open_holding(name, transport, results, how).await
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            // The reference's words (its runtime's spawn error) for a command that is not there.
            Connected::failed(name, "dynamic", NOT_FOUND.into())
        }
        Err(e) => Connected::failed(name, "dynamic", format!("{command}: {e}")),
    }
}

const NOT_FOUND: &str = "ENOENT: no such file or directory, posix_spawn 'stdio'";

/// Opens an rmcp client session over `transport` and asks for the server's tools; a server
/// that cannot start or answer is reported `failed` with the reason, and gives no tools.
pub(crate) async fn open<T, E, A>(
    name: &str,
    served: Served,
    transport: T,
    results: &ResultsRoot,
) -> Connected
where
    T: rmcp::transport::IntoTransport<RoleClient, E, A>,
    E: std::error::Error + Send + Sync + 'static,
{
    let how = Opening {
        held: None,
        launch: None,
        served,
    };
    open_holding(name, transport, results, how).await
}

/// What [`open_holding`] keeps beside the connection, and the server's source.
struct Opening {
    held: Option<Held>,
    launch: Option<Launch>,
    served: Served,
}

/// [`open`], keeping `held` alive as long as the session; a server with a `launch` is
/// started again when a call finds its process gone.
async fn open_holding<T, E, A>(
    name: &str,
    transport: T,
    results: &ResultsRoot,
    how: Opening,
) -> Connected
where
    T: rmcp::transport::IntoTransport<RoleClient, E, A>,
    E: std::error::Error + Send + Sync + 'static,
{
    let service = match ().serve(transport).await {
        Ok(s) => s,
        Err(e) => return Connected::failed(name, "dynamic", e.to_string()),
    };
    let listed = match service.list_all_tools().await {
        Ok(tools) => json!({"tools": tools}),
        Err(e) => return Connected::failed(name, "dynamic", e.to_string()),
    };
    let resources = service
        .peer_info()
        .is_some_and(|info| info.capabilities.resources.is_some());
    let initialized = service
        .peer_info()
        .and_then(|info| serde_json::to_value(info).ok())
        .unwrap_or_default();
    let running = ServiceChannel {
        service,
        _held: how.held,
    };
    let channel: Arc<dyn Channel> = match how.launch {
        Some(launch) => Arc::new(Relaunching::new(launch, running)),
        None => Arc::new(running),
    };
    let source = how.served.source;
    // A plugin's server keeps the name the plugin gives it.
    let display = initialized
        .pointer("/serverInfo/name")
        .and_then(Value::as_str)
        .filter(|_| source != "plugin");
    let (tools, always_load) =
        tools_of(name, display, how.served, &listed, channel.clone(), results);
    Connected::ok(name, "dynamic", tools, always_load)
        .with_channel(channel, resources)
        .offering(Offered::of(&initialized, &listed))
}

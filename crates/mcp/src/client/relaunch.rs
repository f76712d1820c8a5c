//! A stdio server whose process ended is started again by the next call, as the reference's
//! client does (fuzz-j/fj_207): the call that found the process gone reads `Connection
//! closed` and is not tried again; the next one starts the server (initialize, no new tool
//! list) and goes to it. A server that cannot be started again answers `MCP server "<name>"
//! is not connected`, and every later call tries once more.

use std::path::PathBuf;
use std::sync::Arc;

use futures::future::BoxFuture;
use process_wrap::tokio::{CommandWrap, ProcessGroup};
use rmcp::transport::TokioChildProcess;
use rmcp::ServiceExt;
use serde_json::Value;
use tokio::sync::Mutex;

use super::group::Group;
use super::stdio::{Held, ServiceChannel};
use super::{CallError, Channel};

/// How a stdio server's process starts: its command, its environment (the session's with
/// the server's own over it), where, as whom, and the host's watch over its process group.
pub(crate) struct Launch {
    pub name: String,
    pub command: String,
    pub args: Vec<String>,
    pub env: Vec<(String, String)>,
    pub cwd: PathBuf,
    pub run_as: Option<oxagent_core::config::RunAs>,
    pub watch: Option<crate::GroupWatch>,
}

impl Launch {
    /// Starts the process (its own process group: closing the session kills whatever it
    /// started too, and the host's watch kills the group if the host dies first).
    pub fn spawn(&self) -> std::io::Result<(TokioChildProcess, Option<Held>)> {
        let mut cmd = tokio::process::Command::new(&self.command);
        cmd.args(&self.args)
            .current_dir(&self.cwd)
            .env_clear()
            .envs(self.env.iter().map(|(k, v)| (k, v)))
            .stderr(std::process::Stdio::null());
        let scrub = self.env.iter().any(|(k, v)| {
            k == "CLAUDE_CODE_SUBPROCESS_ENV_SCRUB" && oxagent_core::env_var::truthy(v)
        });
        if scrub {
            for name in oxagent_core::env_var::SCRUBBED {
                cmd.env_remove(name);
            }
        }
        if let Some(user) = self.run_as {
            cmd.uid(user.uid).gid(user.gid);
        }
        let mut wrapped = CommandWrap::from(cmd);
        wrapped.wrap(ProcessGroup::leader());
        let transport = TokioChildProcess::new(wrapped)?;
        let held = transport.id().map(|leader| {
            Box::new(Group {
                leader,
                watch: self.watch.as_ref().map(|watch| watch(leader)),
            }) as Held
        });
        Ok((transport, held))
    }
}

/// A stdio server's connection, started again when a call finds its process gone.
pub(crate) struct Relaunching {
    launch: Launch,
    current: Mutex<Option<Arc<ServiceChannel>>>,
}

impl Relaunching {
    pub fn new(launch: Launch, running: ServiceChannel) -> Self {
        Relaunching {
            launch,
            current: Mutex::new(Some(Arc::new(running))),
        }
    }

    /// The running connection, or a new one.
    async fn live(&self) -> Result<Arc<ServiceChannel>, CallError> {
        let mut current = self.current.lock().await;
        if let Some(running) = current.as_ref() {
            return Ok(running.clone());
        }
        let not_connected = || {
            CallError::Failed(format!(
                "MCP server \"{}\" is not connected",
                self.launch.name
            ))
        };
        let (transport, held) = self.launch.spawn().map_err(|_| not_connected())?;
        let service = ().serve(transport).await.map_err(|_| not_connected())?;
        let running = Arc::new(ServiceChannel {
            service,
            _held: held,
        });
        *current = Some(running.clone());
        Ok(running)
    }

    /// Forgets `running` if the call through it found its process gone.
    async fn settle<T>(
        &self,
        running: &Arc<ServiceChannel>,
        outcome: Result<T, CallError>,
    ) -> Result<T, CallError> {
        if matches!(outcome, Err(CallError::Closed)) {
            let mut current = self.current.lock().await;
            if current.as_ref().is_some_and(|c| Arc::ptr_eq(c, running)) {
                *current = None;
            }
        }
        outcome
    }
}

impl Channel for Relaunching {
    fn call_tool(&self, tool: &str, arguments: Value) -> BoxFuture<'_, Result<Value, CallError>> {
        let tool = tool.to_string();
        Box::pin(async move {
            let running = self.live().await?;
            let outcome = running.call_tool(&tool, arguments).await;
            self.settle(&running, outcome).await
        })
    }
    fn request(&self, method: &str, params: Value) -> BoxFuture<'_, Result<Value, CallError>> {
        let method = method.to_string();
        Box::pin(async move {
            let running = self.live().await?;
            let outcome = running.request(&method, params).await;
            self.settle(&running, outcome).await
        })
    }
}

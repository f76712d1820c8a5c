//! The session runtime: one session as a task, driven by submissions ([`Op`]) and read as
//! events ([`Event`]), with no JSON in between.
//!
//! ```no_run
//! # async fn demo() -> Result<(), oxagent::Error> {
//! use oxagent::core::protocol::{Event, Op};
//! use oxagent::core::UserContent;
//! let (session, mut events) = oxagent::SessionRuntime::spawn(
//!     oxagent::Options::default(),
//!     &tokio::runtime::Handle::current(),
//! )?;
//! session.submit(Op::Prompt(UserContent::Text("Hello".into())))?;
//! session.submit(Op::EndInput)?;
//! while let Some(event) = events.next().await {
//!     if let Event::Message(m) = event {
//!         println!("{m:?}");
//!     }
//! }
//! # Ok(()) }
//! ```
//!
//! The Rust `query()` and `Client` read the events directly and answer control requests
//! with the caller's closures; the documented SDKs' stream-json frames are an adapter over
//! this (`crate::frames`), for the bindings and the CLI.

mod events;
mod lifecycle;
pub(crate) mod tasks;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use oxagent_core::agent::ContextMeter;
use oxagent_core::live::LiveSettings;
use oxagent_core::model::Model;
use oxagent_core::protocol::control::{Account, CommandInfo, ServerInfo};
use oxagent_core::protocol::system::McpServerStatus;
use oxagent_core::protocol::{Event, HostReply, HostRequest, Op};
use oxagent_core::signal::AbortSignal;
use oxagent_core::{PermissionMode, UserContent};
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender};
use tokio::task::JoinHandle;

use crate::error::{Error, Result};
use crate::options::Options;

pub(crate) use events::EventOut;
pub(crate) use lifecycle::tokio_sleep;
use oxagent_core::sync::lock;

/// A running session. Clones share it; the session stops when the last clone is dropped.
#[derive(Clone)]
pub struct SessionRuntime {
    inner: Arc<Shared>,
}

/// The events of one session, in order; `None` once the session is over.
pub struct Events {
    rx: UnboundedReceiver<Event>,
}

impl Events {
    pub async fn next(&mut self) -> Option<Event> {
        self.rx.recv().await
    }
}

/// What the runtime and the session task share.
pub(crate) struct Shared {
    pub(crate) events: EventOut,
    pub(crate) prompts: Mutex<Option<UnboundedSender<UserContent>>>,
    /// The abort signal of the turn that runs (each turn gets a new one).
    pub(crate) interrupt: Arc<Mutex<AbortSignal>>,
    pub(crate) live: Arc<LiveSettings>,
    pub(crate) meter: Arc<ContextMeter>,
    pub(crate) default_model: String,
    pub(crate) session_id: String,
    pub(crate) mcp_status: Arc<Mutex<Vec<McpServerStatus>>>,
    /// The agents the session can delegate to, as `initialize` lists them.
    pub(crate) agents: Vec<serde_json::Value>,
    pub(crate) closed: AtomicBool,
    pub(crate) task: Mutex<Option<JoinHandle<()>>>,
}

impl Drop for Shared {
    fn drop(&mut self) {
        lock(&self.interrupt).abort();
        if let Some(task) = lock(&self.task).take() {
            task.abort();
        }
        self.events.close();
    }
}

impl SessionRuntime {
    /// Starts a session on `rt` with the Messages API client the environment configures.
    pub fn spawn(options: Options, rt: &tokio::runtime::Handle) -> Result<(Self, Events)> {
        let env = crate::setup::effective_env(&options);
        let model =
            oxagent_http::HttpModel::from_env(&env).map_err(|e| Error::Config(e.to_string()))?;
        Self::spawn_with_model(options, rt, Arc::new(model))
    }

    /// Starts a session that talks to `model` (a cassette, a test double, another endpoint).
    pub fn spawn_with_model(
        options: Options,
        rt: &tokio::runtime::Handle,
        model: Arc<dyn Model>,
    ) -> Result<(Self, Events)> {
        let (shared, rx) = lifecycle::start(options, rt, model)?;
        Ok((SessionRuntime { inner: shared }, Events { rx }))
    }

    pub fn session_id(&self) -> &str {
        &self.inner.session_id
    }

    /// Hands the session one submission.
    pub fn submit(&self, op: Op) -> Result<()> {
        if self.inner.closed.load(Ordering::SeqCst) {
            return Err(Error::Closed);
        }
        match op {
            Op::Prompt(content) => {
                let prompts = lock(&self.inner.prompts);
                let tx = prompts.as_ref().ok_or(Error::Closed)?;
                tx.send(content).map_err(|_| Error::Closed)
            }
            Op::EndInput => {
                lock(&self.inner.prompts).take();
                Ok(())
            }
            Op::Answer { id, reply } => {
                self.inner.events.resolve(&id, reply);
                Ok(())
            }
            Op::Interrupt => {
                lock(&self.inner.interrupt).abort();
                Ok(())
            }
            Op::SetPermissionMode(mode) => {
                self.inner.live.set_permission_mode(mode);
                Ok(())
            }
            Op::SetModel(model) => {
                let model = model.unwrap_or_else(|| self.inner.default_model.clone());
                self.inner.live.set_model(model);
                Ok(())
            }
        }
    }

    /// Hands a raw answer to the control request `id`: the `response` body of a
    /// `control_response` frame, or the host's error text.
    pub fn answer_raw(&self, id: &str, answer: std::result::Result<serde_json::Value, String>) {
        self.inner.events.resolve_raw(id, answer);
    }

    /// Answers a host's request at once.
    pub fn host_request(&self, request: HostRequest) -> std::result::Result<HostReply, String> {
        if self.inner.closed.load(Ordering::SeqCst) {
            return Err("the session is closed".into());
        }
        let done = |r: Result<()>| r.map(|()| HostReply::Done).map_err(|e| e.to_string());
        match request {
            HostRequest::Interrupt => done(self.submit(Op::Interrupt)),
            HostRequest::SetPermissionMode { mode } => {
                let mode = PermissionMode::parse(&mode)
                    .ok_or_else(|| format!("Invalid permission mode: {mode}"))?;
                done(self.submit(Op::SetPermissionMode(mode)))
            }
            HostRequest::SetModel { model } => done(self.submit(Op::SetModel(model))),
            HostRequest::Initialize { .. } => {
                Ok(HostReply::ServerInfo(Box::new(self.server_info())))
            }
            HostRequest::McpStatus => Ok(HostReply::McpStatus(self.mcp_status())),
            HostRequest::GetContextUsage => Ok(HostReply::ContextUsage(self.context_usage())),
        }
    }

    /// The MCP servers and how their connection went (with the reasons of failures).
    pub fn mcp_status(&self) -> Vec<McpServerStatus> {
        lock(&self.inner.mcp_status).clone()
    }

    /// The `/context` view: the context window by category (system prompt, tools, memory
    /// files, messages, autocompact buffer, free space), as `get_context_usage` answers it.
    pub fn context_usage(&self) -> serde_json::Value {
        self.inner.meter.report()
    }

    /// What `initialize` answers (the Python SDK's `get_server_info()`).
    pub fn server_info(&self) -> ServerInfo {
        ServerInfo {
            commands: vec![CommandInfo {
                name: "compact".into(),
                description: "Summarize the conversation so far to free context".into(),
                argument_hint: "<optional instructions>".into(),
            }],
            agents: self.inner.agents.clone(),
            output_style: "default".into(),
            available_output_styles: vec!["default".into()],
            models: Vec::new(),
            account: Account {
                api_key_source: "ANTHROPIC_API_KEY".into(),
            },
            pid: std::process::id(),
            current_permission_mode: self.inner.live.permission_mode().as_str().into(),
            hook_on_failure_supported: true,
            oxagent_version: env!("CARGO_PKG_VERSION").into(),
        }
    }

    /// Stops at once: the turn is aborted, tools are killed, pending requests fail, and the
    /// events end.
    pub fn close(&self) {
        if self.inner.closed.swap(true, Ordering::SeqCst) {
            return;
        }
        lock(&self.inner.prompts).take();
        lock(&self.inner.interrupt).abort();
        if let Some(task) = lock(&self.inner.task).take() {
            task.abort();
        }
        self.inner.events.close();
    }

    pub fn is_closed(&self) -> bool {
        self.inner.closed.load(Ordering::SeqCst)
    }
}

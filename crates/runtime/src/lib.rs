//! The session runtime: one session as a task, driven by submissions ([`Op`]) and read as
//! events ([`Event`]), with no JSON in between.
//!
//! ```no_run
//! # async fn demo() -> Result<(), oxagent_runtime::Error> {
//! use oxagent_core::protocol::{Event, Op};
//! use oxagent_core::UserContent;
//! let (session, mut events) = oxagent_runtime::SessionRuntime::spawn(
//!     oxagent_options::Options::default(),
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
//! this (the facade's `frames`), for the bindings and the CLI.

mod agent_hooks;
mod cassette;
mod clear;
mod commands;
mod cron;
mod debug_log;
mod error;
mod events;
mod host;
mod http_hooks;
mod lifecycle;
mod main_thread;
mod mcp;
mod memory_seen;
mod model_env;
mod other_hooks;
mod own_turns;
mod plugins;
mod prompt_tool;
mod reload;
mod sandbox_net;
mod settings_control;
mod setup;
mod shared;
mod subagents;
mod tasks;
mod time;
mod toolset;

use std::sync::atomic::Ordering;
use std::sync::Arc;

use oxagent_core::model::Model;
use oxagent_core::protocol::control::{Account, CommandInfo, ServerInfo};
use oxagent_core::protocol::system::McpServerDetail;
use oxagent_core::protocol::{Event, HostReply, HostRequest, Op};
use oxagent_core::PermissionMode;
use tokio::sync::mpsc::UnboundedReceiver;

use oxagent_options::Options;

pub use cassette::{cassette_status, close_cassette};
pub use error::{Error, OptionsError, OptionsErrorKind, Result};
use oxagent_core::sync::lock;
use shared::Shared;

/// Starts, on a thread of its own, what the first session of a process needs and takes a few
/// milliseconds to make (the HTTP client, with the system's root certificates), so that the
/// first request finds it ready. Optional: a session starts it itself; a face calls it when it
/// loads.
pub fn warm_up() {
    oxagent_http::warm();
}

/// What `rewind_files` says without `enable_file_checkpointing`.
const REWINDING_OFF: &str = "File rewinding is not enabled.";

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

impl SessionRuntime {
    /// Starts a session on `rt` with the Messages API client the environment configures.
    /// With `OXAGENT_CASSETTE` in the environment the exchanges go through that cassette
    /// (see [`cassette_status`]).
    pub fn spawn(options: Options, rt: &tokio::runtime::Handle) -> Result<(Self, Events)> {
        let env = setup::effective_env(&options);
        let live = || {
            let mut config = oxagent_http::HttpModelConfig::from_env(&env);
            config.client_app = options.client_app.clone().filter(|a| !a.is_empty());
            config.model_fallback = options.fallback_model.is_some();
            oxagent_http::HttpModel::new(config).map_err(|e| Error::Config(e.to_string()))
        };
        let cwd = setup::session_cwd(&options);
        let model: Arc<dyn Model> = match cassette::model_from_env(&env, &cwd, live)? {
            Some(m) => m,
            None => Arc::new(live()?),
        };
        Self::spawn_with_model(options, rt, model)
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
            Op::Prompt(content) => self.submit(Op::Stamped(content.into())),
            Op::Stamped(prompt) => {
                let prompts = lock(&self.inner.prompts);
                let tx = prompts.as_ref().ok_or(Error::Closed)?;
                tx.send(Box::new(prompt)).map_err(|_| Error::Closed)
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
                // An interrupt stops the agents working in the background too.
                if let Some(agents) = &self.inner.agent_tool {
                    agents.stop_background();
                }
                Ok(())
            }
            Op::SetPermissionMode(mode) => {
                let before = self.inner.live.permission_mode();
                self.inner.live.set_permission_mode(mode);
                // A change of mode is announced to the caller; setting the mode in force is not.
                if before != mode {
                    use oxagent_core::agent::Emit;
                    use oxagent_core::protocol::system::{Status, SystemBody, SystemMessage};
                    let status = SystemBody::Status(Status::mode_changed(mode.as_str()));
                    let uuid = uuid::Uuid::new_v4().to_string();
                    let message = SystemMessage::new(status, uuid, self.inner.session_id.as_str());
                    self.inner
                        .events
                        .emit(oxagent_core::message::Message::System(message));
                }
                Ok(())
            }
            Op::SetModel(model) => {
                // As the `/model` command: the caller sees its output, and its record goes in
                // front of the next prompt (`default` for the session's own model).
                let args = model.clone().unwrap_or_else(|| "default".into());
                let named = model.clone();
                let model = model
                    .map(|m| oxagent_core::usage::resolve_model(&m))
                    .unwrap_or_else(|| self.inner.default_model.clone());
                let stdout =
                    format!("<local-command-stdout>Set model to `{model}`</local-command-stdout>");
                match named {
                    Some(name) => self.inner.live.set_model_named(&name),
                    None => self.inner.live.set_model(model),
                }
                self.inner
                    .live
                    .record_local_command(oxagent_core::compact::local_command_blocks(
                        "model", &args, &stdout,
                    ));
                use oxagent_core::agent::Emit;
                use oxagent_core::content::UserContent;
                use oxagent_core::message::{Message, UserMessage};
                let mut said = UserMessage::prompt(UserContent::Text(stdout));
                said.uuid = Some(uuid::Uuid::new_v4().to_string());
                said.session_id = Some(self.inner.session_id.clone());
                self.inner.events.emit(Message::User(said));
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
            HostRequest::McpToggle {
                server_name,
                enabled,
            } => self
                .inner
                .mcp
                .toggle(&server_name, enabled)
                .map(|()| HostReply::Done),
            HostRequest::McpReconnect { server_name } => self
                .inner
                .mcp
                .reconnect(&server_name)
                .map(|()| HostReply::Done),
            HostRequest::McpSetServers { servers } => {
                let servers = oxagent_core::protocol::mcp_servers::parse(&servers)
                    .map_err(|e| e.to_string())?;
                self.inner.mcp.set_servers(servers).map(HostReply::Body)
            }
            HostRequest::McpReadResource { server_name, uri } => self
                .inner
                .mcp
                .read_resource(&server_name, &uri)
                .map(HostReply::Body),
            HostRequest::ApplyFlagSettings { settings } => {
                let live = &self.inner.live;
                settings_control::apply_flag_settings(
                    live,
                    &settings,
                    oxagent_core::config::DEFAULT_MODEL,
                )
                .map(|()| HostReply::Done)
            }
            HostRequest::UpdateSettings { source, settings } => {
                let inner = &self.inner;
                let home = inner.files.home.clone().unwrap_or_default();
                oxagent_settings::update_settings(
                    &source,
                    &settings,
                    inner.setting_sources.as_deref(),
                    &inner.config_root,
                    &home,
                    &inner.live.model(),
                )?;
                // The local file's output style applies from the next turn; a saved effort
                // level waits for the next session, as the reference's.
                if let Some(style) = settings.get("outputStyle").and_then(|v| v.as_str()) {
                    inner.live.set_output_style(style);
                }
                Ok(HostReply::Done)
            }
            HostRequest::SetMcpPermissionModeOverride { server_name, mode } => {
                let known = self.mcp_status().iter().any(|s| s.name == server_name);
                let live = &self.inner.live;
                settings_control::mcp_mode_override(live, &server_name, mode.as_deref(), known)
                    .map(HostReply::Body)
            }
            HostRequest::ReloadSkills => {
                let skills = self.inner.reload.reload();
                Ok(HostReply::Body(serde_json::json!({ "skills": skills })))
            }
            HostRequest::ReloadPlugins { .. } => {
                self.inner.reload.reload();
                let info = self.server_info();
                Ok(HostReply::Body(serde_json::json!({
                    "commands": info.commands,
                    "agents": info.agents,
                    "plugins": self.inner.reload.plugins(),
                    "mcpServers": self.inner.mcp.statuses(),
                    "error_count": 0,
                })))
            }
            HostRequest::GetContextUsage => {
                Ok(HostReply::ContextUsage(Box::new(self.context_usage())))
            }
            HostRequest::StopTask { task_id } => self.stop_task(&task_id).map(|()| HostReply::Done),
            HostRequest::SetMaxThinkingTokens {
                max_thinking_tokens,
                thinking_display,
            } => {
                let live = &self.inner.live;
                live.set_thinking_budget(max_thinking_tokens, thinking_display.as_deref());
                Ok(HostReply::Done)
            }
            HostRequest::ReadFile {
                path,
                max_bytes,
                encoding,
            } => self
                .inner
                .files
                .read(&path, max_bytes, encoding.as_deref())
                .map(HostReply::Body),
            HostRequest::BackgroundTasks { tool_use_id } => {
                let moved = self.inner.shell.background(tool_use_id.as_deref());
                Ok(match tool_use_id {
                    None => HostReply::Done,
                    Some(_) => HostReply::Body(serde_json::json!({ "backgrounded": moved })),
                })
            }
            HostRequest::RewindFiles {
                user_message_id,
                dry_run,
            } => {
                let dry_run = dry_run.unwrap_or(false);
                let rewound = match &self.inner.checkpoints {
                    Some(c) => c.rewind(&user_message_id, dry_run),
                    None => Err(REWINDING_OFF.to_string()),
                };
                match rewound {
                    Ok(r) => Ok(HostReply::Body(r.answer(dry_run))),
                    // A dry run answers that it cannot; a rewind fails.
                    Err(e) if dry_run => Ok(HostReply::Body(
                        serde_json::json!({"canRewind": false, "error": e}),
                    )),
                    Err(e) => Err(e),
                }
            }
            HostRequest::SeedReadState { path, mtime } => {
                self.inner.files.seed(&path, mtime);
                Ok(HostReply::Done)
            }
        }
    }

    /// Stops a running subagent or background command.
    pub fn stop_task(&self, task_id: &str) -> std::result::Result<(), String> {
        let agent = self.inner.agent_tool.as_ref();
        if agent.is_some_and(|a| a.stop(task_id)) {
            return Ok(());
        }
        self.inner
            .bash_tasks
            .stop(task_id)
            .map(|_| ())
            .map_err(|_| format!("No task found with ID: {task_id}"))
    }

    /// The MCP servers and how their connection went (with the reasons of failures).
    pub fn mcp_status(&self) -> Vec<McpServerDetail> {
        self.inner.mcp.details()
    }

    /// The `/context` view: the context window by category (system prompt, tools, memory
    /// files, messages, autocompact buffer, free space), as `get_context_usage` answers it.
    pub fn context_usage(&self) -> oxagent_core::protocol::context::ContextUsage {
        self.inner.meter.report()
    }

    /// What `initialize` answers (the Python SDK's `get_server_info()`).
    pub fn server_info(&self) -> ServerInfo {
        ServerInfo {
            commands: vec![
                CommandInfo {
                    name: "clear".into(),
                    description: "Set the conversation aside and go on as a new session".into(),
                    argument_hint: String::new(),
                    aliases: vec!["reset".into(), "new".into()],
                    builtin: Some(true),
                },
                CommandInfo {
                    name: "compact".into(),
                    description: "Summarize the conversation so far to free context".into(),
                    argument_hint: "<optional instructions>".into(),
                    aliases: Vec::new(),
                    builtin: Some(true),
                },
            ]
            .into_iter()
            .chain(self.inner.reload.commands().iter().map(commands::info))
            .collect(),
            agents: self.inner.agents.clone(),
            output_style: self
                .inner
                .live
                .output_style()
                .unwrap_or_else(|| self.inner.output_style.clone()),
            available_output_styles: vec!["default".into()],
            user_output_styles_dir: self
                .inner
                .shell
                .results_root
                .parent()
                .map(|claude| claude.join("output-styles").display().to_string()),
            models: oxagent_core::models::supported_models(),
            account: Account {
                token_source: "none".into(),
                api_key_source: "ANTHROPIC_API_KEY".into(),
                api_provider: "firstParty".into(),
            },
            pid: std::process::id(),
            current_permission_mode: self.inner.live.permission_mode().as_str().into(),
            hook_on_failure_supported: true,
            feedback_mode: serde_json::json!({"kind": "disabled"}),
            analytics_disabled: true,
            sandbox_enabled: self.inner.shell.sandbox.is_some(),
            remote_control_auto_enable: false,
            remote_control_auto_connect_default: false,
            remote_control_available: false,
            remote_control_auto_on_by_default: false,
            ide_rc_auto_enable_gate: false,
            fast_mode_state: "off".into(),
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

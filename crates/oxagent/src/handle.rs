//! A running session, driven by frames: the in-process twin of the documented SDKs' CLI.
//!
//! ```no_run
//! # async fn demo() -> Result<(), oxagent::Error> {
//! use serde_json::json;
//! let options = oxagent::Options::from_json(&json!({"max_turns": 2}))?;
//! let session = oxagent::SessionHandle::spawn(options, &tokio::runtime::Handle::current())?;
//! session.send(json!({"type": "user", "message": {"role": "user", "content": "Hello"}}))?;
//! session.end_input();
//! while let Some(frame) = session.recv().await {
//!     println!("{frame}");
//! }
//! # Ok(()) }
//! ```
//!
//! Frames in: `user` messages, `control_response` (answers to the session's control
//! requests) and `control_request` (`interrupt`, `set_permission_mode`, `set_model`,
//! `initialize`, `mcp_status`). Frames out: messages in the TypeScript SDK's wire shape,
//! `control_request` (`can_use_tool`, `hook_callback`, `mcp_message`) and `control_response`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use futures::future::BoxFuture;
use oxagent_core::agent::{ContextMeter, Deps, Emit};
use oxagent_core::clock::{Clock, SystemClock};
use oxagent_core::live::LiveSettings;
use oxagent_core::model::Model;
use oxagent_core::signal::AbortSignal;
use oxagent_core::tool::ToolRegistry;
use oxagent_core::{Message, PermissionMode, Session, UserContent};
use serde_json::{json, Value};
use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver, UnboundedSender};
use tokio::task::JoinHandle;

use crate::error::{Error, Result};
use crate::frames::FrameOut;
use crate::options::{McpServer, Options};
use crate::settings_host::LocalHost;
use crate::{mcp_http, mcp_stdio};
use crate::{persist, sdk_mcp, settings, setup, side_model, tasks, toolset};

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

pub(crate) fn tokio_sleep(ms: u64) -> BoxFuture<'static, ()> {
    Box::pin(tokio::time::sleep(Duration::from_millis(ms)))
}

/// A handle on one running session. Clones share the session; the session stops when the
/// last handle is dropped.
#[derive(Clone)]
pub struct SessionHandle {
    inner: Arc<Inner>,
}

struct Inner {
    frames: FrameOut,
    rx: tokio::sync::Mutex<UnboundedReceiver<Value>>,
    prompts: Mutex<Option<UnboundedSender<UserContent>>>,
    interrupt: Arc<Mutex<AbortSignal>>,
    live: Arc<LiveSettings>,
    meter: Arc<ContextMeter>,
    default_model: String,
    session_id: String,
    mcp_status: Arc<Mutex<Vec<Value>>>,
    closed: AtomicBool,
    task: Mutex<Option<JoinHandle<()>>>,
}

impl Drop for Inner {
    fn drop(&mut self) {
        lock(&self.interrupt).abort();
        if let Some(task) = lock(&self.task).take() {
            task.abort();
        }
        self.frames.close();
    }
}

impl SessionHandle {
    /// Starts a session on `rt` with the Messages API client the environment configures.
    pub fn spawn(options: Options, rt: &tokio::runtime::Handle) -> Result<SessionHandle> {
        let env = setup::effective_env(&options);
        let model =
            oxagent_http::HttpModel::from_env(&env).map_err(|e| Error::Config(e.to_string()))?;
        Self::spawn_with_model(options, rt, Arc::new(model))
    }

    /// Starts a session that talks to `model` (a cassette, a test double, another endpoint).
    pub fn spawn_with_model(
        options: Options,
        rt: &tokio::runtime::Handle,
        model: Arc<dyn Model>,
    ) -> Result<SessionHandle> {
        let clock = SystemClock::new(tokio_sleep);
        let mut env = setup::effective_env(&options);
        let settings = settings::load(&options, &env);
        settings.apply_env(&mut env);
        settings::check_bypass(&options, &settings, &env)?;
        let mut config = setup::session_config(&options, &env, &clock)?;
        settings.apply(&mut config, &options, &persist::home(&env));
        let fresh_id = persist::fresh_id(&config.session_id)?;
        let plan = persist::plan(&options, &persist::home(&env), &config.cwd, fresh_id);
        config.session_id = plan.session_id.clone();
        config.transcript_path = plan.writer.as_ref().map(|w| w.path().to_path_buf());
        let (tx, rx) = unbounded_channel();
        let frames = FrameOut::new(tx, options.can_use_tool).with_local(LocalHost {
            commands: settings.commands.clone(),
            cwd: config.cwd.clone(),
            home: persist::home(&env),
            env: env.clone(),
        });
        let (ptx, mut prx) = unbounded_channel::<UserContent>();
        let interrupt = Arc::new(Mutex::new(AbortSignal::new()));
        let mut session = Session::new(config);
        setup::attach_memory(&mut session, &options, &env);
        let meter = session.meter.clone();
        let live = session.live.clone();
        let session_id = session.session_id().to_string();
        let (task_events, mut task_flow) = tasks::TaskFlow::new(frames.clone(), session_id.clone());
        let side = side_model::SessionSideModel::new(
            model.clone(),
            live.clone(),
            &env,
            session.side_ledger.clone(),
        );
        let toolset = toolset::build(&options, &session.config, &env, task_events, Arc::new(side));
        session
            .config
            .init_extra
            .insert("skills".into(), json!(toolset.skills));
        let mut tools = toolset.registry;
        let mcp_status = Arc::new(Mutex::new(Vec::new()));
        let servers = options.mcp_servers.clone();
        let server_env = env.clone();
        let server_cwd = session.config.cwd.clone();

        let task = {
            let frames = frames.clone();
            let interrupt = interrupt.clone();
            let mcp_status = mcp_status.clone();
            rt.spawn(async move {
                for server in &servers {
                    let (server_tools, status) = match server {
                        McpServer::Sdk { name } => sdk_mcp::connect(&frames, name).await,
                        McpServer::Stdio {
                            name,
                            command,
                            args,
                            env,
                        } => {
                            mcp_stdio::connect(name, command, args, env, &server_env, &server_cwd)
                                .await
                        }
                        McpServer::Http { name, url, headers } => {
                            mcp_http::connect(name, url, headers).await
                        }
                    };
                    // With tool search on, MCP tools wait behind ToolSearch, as the reference's.
                    let searchable = tools.get("ToolSearch").is_some();
                    for t in server_tools {
                        if searchable {
                            tools
                                .deferred()
                                .defer(oxagent_core::tool::api_definition(t.as_ref()));
                        }
                        tools.push(t);
                    }
                    lock(&mcp_status).push(status);
                }
                // The init message names no failure reasons (mcp_status does), as the reference.
                session.config.mcp_servers = lock(&mcp_status)
                    .iter()
                    .cloned()
                    .map(|mut s| {
                        if let Value::Object(m) = &mut s {
                            m.remove("error");
                        }
                        s
                    })
                    .collect();
                let recorder = persist::Recorder {
                    inner: &frames,
                    writer: plan.writer.as_ref(),
                };
                match &plan.start {
                    persist::Start::Refused(error) => {
                        // As the reference: no init, one error result, then the session ends.
                        if prx.recv().await.is_some() {
                            frames.emit(Message::Result(persist::refused_result(
                                &plan.session_id,
                                error,
                                clock.uuid(),
                            )));
                        }
                        frames.close();
                        return;
                    }
                    persist::Start::Resumed(loaded) => {
                        persist::restore(&mut session, loaded, plan.writer.as_ref(), || {
                            clock.uuid()
                        })
                    }
                    persist::Start::Fresh => {}
                }
                let source = match &plan.start {
                    persist::Start::Resumed(_) => "resume",
                    _ => "startup",
                };
                let edge = AbortSignal::new();
                let deps = Deps {
                    model: model.as_ref(),
                    tools: &tools,
                    host: &frames,
                    emit: &recorder,
                    clock: &clock,
                    interrupt: &edge,
                };
                session.session_start(&deps, source).await;
                loop {
                    // A prompt from the caller, or a turn of our own when a background task
                    // ended (see tasks.rs); the session ends when neither can come any more.
                    let (prompt, notification) = match task_flow.next(&mut prx).await {
                        tasks::Next::Prompt(p) => (p, None),
                        tasks::Next::Notification(n) => (n.prompt(), Some(n)),
                        tasks::Next::End => break,
                    };
                    let signal = AbortSignal::new();
                    *lock(&interrupt) = signal.clone();
                    recorder.prompt(&prompt, &clock.uuid());
                    // The user did not type the notification: no UserPromptSubmit for it.
                    let prompt_hooks = notification
                        .as_ref()
                        .and_then(|_| session.config.hooks.remove("UserPromptSubmit"));
                    let result = run_turn(
                        &mut session,
                        &recorder,
                        &frames,
                        model.as_ref(),
                        &tools,
                        &clock,
                        &signal,
                        prompt,
                    )
                    .await;
                    if let Some(h) = prompt_hooks {
                        session.config.hooks.insert("UserPromptSubmit".into(), h);
                    }
                    recorder.after_turn(&session);
                    match notification {
                        Some(n) => frames.send_message(n.result_frame(result)),
                        None => frames.emit(Message::Result(result)),
                    }
                }
                session.session_end(&deps, "other").await;
                frames.close();
            })
        };
        Ok(SessionHandle {
            inner: Arc::new(Inner {
                frames,
                rx: tokio::sync::Mutex::new(rx),
                prompts: Mutex::new(Some(ptx)),
                interrupt,
                default_model: options.model.clone().unwrap_or_else(|| live.model()),
                live,
                meter,
                session_id,
                mcp_status,
                closed: AtomicBool::new(false),
                task: Mutex::new(Some(task)),
            }),
        })
    }

    pub fn session_id(&self) -> &str {
        &self.inner.session_id
    }

    /// The next outgoing frame; `None` once the session is over.
    pub async fn recv(&self) -> Option<Value> {
        self.inner.rx.lock().await.recv().await
    }

    /// Hands the session one incoming frame.
    pub fn send(&self, frame: Value) -> Result<()> {
        if self.inner.closed.load(Ordering::SeqCst) {
            return Err(Error::Closed);
        }
        match frame.get("type").and_then(Value::as_str) {
            Some("user") => {
                let content = frame
                    .pointer("/message/content")
                    .cloned()
                    .ok_or_else(|| Error::Frame("a user frame needs message.content".into()))?;
                let content: UserContent = serde_json::from_value(content)
                    .map_err(|e| Error::Frame(format!("message.content: {e}")))?;
                let prompts = lock(&self.inner.prompts);
                let tx = prompts.as_ref().ok_or(Error::Closed)?;
                tx.send(content).map_err(|_| Error::Closed)
            }
            Some("control_response") => {
                let resp = frame.get("response").cloned().unwrap_or(Value::Null);
                let id = resp
                    .get("request_id")
                    .and_then(Value::as_str)
                    .unwrap_or("")
                    .to_string();
                let answer = match resp.get("subtype").and_then(Value::as_str) {
                    Some("error") => Err(resp
                        .get("error")
                        .and_then(Value::as_str)
                        .unwrap_or("error")
                        .to_string()),
                    _ => Ok(resp.get("response").cloned().unwrap_or(json!({}))),
                };
                self.inner.frames.resolve(&id, answer);
                Ok(())
            }
            Some("control_request") => {
                let reply = self.control_reply(&frame)?;
                self.inner.frames.send(reply);
                Ok(())
            }
            Some("control_cancel_request") | Some("keep_alive") => Ok(()),
            other => Err(Error::Frame(format!("unknown frame type {other:?}"))),
        }
    }

    /// The `control_response` frame answering a host's `control_request` frame. The session
    /// answers these at once; a binding may hand the answer straight back to its caller, so
    /// that it arrives even when the session's frames have ended meanwhile.
    pub fn control_reply(&self, frame: &Value) -> Result<Value> {
        if self.inner.closed.load(Ordering::SeqCst) {
            return Err(Error::Closed);
        }
        let id = frame
            .get("request_id")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string();
        let request = frame.get("request").cloned().unwrap_or(Value::Null);
        Ok(match self.control(&request) {
            Ok(body) => {
                json!({"type": "control_response", "response": {"subtype": "success", "request_id": id, "response": body}})
            }
            Err(e) => {
                json!({"type": "control_response", "response": {"subtype": "error", "request_id": id, "error": e}})
            }
        })
    }

    /// Answers a host-initiated control request.
    fn control(&self, request: &Value) -> std::result::Result<Value, String> {
        let subtype = request.get("subtype").and_then(Value::as_str).unwrap_or("");
        match subtype {
            "interrupt" => {
                self.interrupt();
                Ok(json!({}))
            }
            "set_permission_mode" => {
                let mode = request.get("mode").and_then(Value::as_str).unwrap_or("");
                let mode = PermissionMode::parse(mode)
                    .ok_or_else(|| format!("Invalid permission mode: {mode}"))?;
                self.inner.live.set_permission_mode(mode);
                Ok(json!({}))
            }
            "set_model" => {
                let model = request
                    .get("model")
                    .and_then(Value::as_str)
                    .map(str::to_string);
                self.inner
                    .live
                    .set_model(model.unwrap_or_else(|| self.inner.default_model.clone()));
                Ok(json!({}))
            }
            "initialize" => Ok(self.server_info()),
            "mcp_status" => Ok(json!({"mcpServers": lock(&self.inner.mcp_status).clone()})),
            "get_context_usage" => Ok(self.context_usage()),
            other => Err(format!("Unsupported control request subtype: {other}")),
        }
    }

    /// The `/context` view: the context window by category (system prompt, tools, memory
    /// files, messages, autocompact buffer, free space), as `get_context_usage` answers it.
    pub fn context_usage(&self) -> Value {
        self.inner.meter.report()
    }

    /// What `initialize` answers (the Python SDK's `get_server_info()`).
    pub fn server_info(&self) -> Value {
        json!({
            "commands": [{"name": "compact", "description": "Summarize the conversation so far to free context", "argumentHint": "<optional instructions>"}],
            "agents": [],
            "output_style": "default",
            "available_output_styles": ["default"],
            "models": [],
            "account": {"apiKeySource": "ANTHROPIC_API_KEY"},
            "pid": std::process::id(),
            "current_permission_mode": self.inner.live.permission_mode().as_str(),
            "hook_on_failure_supported": true,
            "oxagent_version": env!("CARGO_PKG_VERSION"),
        })
    }

    /// Stops the current turn; the session goes on with the next prompt.
    pub fn interrupt(&self) {
        lock(&self.inner.interrupt).abort();
    }

    pub fn set_permission_mode(&self, mode: PermissionMode) {
        self.inner.live.set_permission_mode(mode);
    }

    pub fn set_model(&self, model: Option<String>) {
        self.inner
            .live
            .set_model(model.unwrap_or_else(|| self.inner.default_model.clone()));
    }

    /// No more prompts will come: the session ends after the prompts already sent.
    pub fn end_input(&self) {
        lock(&self.inner.prompts).take();
    }

    /// Stops at once: the turn is aborted, tools are killed, pending requests fail.
    pub fn close(&self) {
        if self.inner.closed.swap(true, Ordering::SeqCst) {
            return;
        }
        lock(&self.inner.prompts).take();
        lock(&self.inner.interrupt).abort();
        if let Some(task) = lock(&self.inner.task).take() {
            task.abort();
        }
        self.inner.frames.close();
    }
}

#[allow(clippy::too_many_arguments)]
async fn run_turn(
    session: &mut Session,
    emit: &dyn Emit,
    frames: &FrameOut,
    model: &dyn Model,
    tools: &ToolRegistry,
    clock: &dyn Clock,
    signal: &AbortSignal,
    prompt: UserContent,
) -> oxagent_core::message::ResultMessage {
    let deps = Deps {
        model,
        tools,
        host: frames,
        emit,
        clock,
        interrupt: signal,
    };
    session.run_turn(prompt, &deps).await
}

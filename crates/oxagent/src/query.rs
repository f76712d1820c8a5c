//! The Rust face: `query()` and `Client`, with callbacks as async closures.
//!
//! Both read the session runtime's events as they are: messages come out typed, control
//! requests (`can_use_tool`, `hook_callback`) are answered by the caller's closures on the
//! way, and nothing passes through JSON.

use std::collections::BTreeMap;
use std::sync::Arc;

use futures::future::BoxFuture;
use futures::stream::{self, BoxStream};
use oxagent_core::config::HookMatcher;
use oxagent_core::protocol::control::{CanUseTool as CanUseToolRequest, ControlRequest};
use oxagent_core::protocol::{ControlResponse, Event, HookInput, HookOutput, Op};
use oxagent_core::{Message, UserContent};
use serde_json::Value;

use crate::options::Options;
use crate::PermissionMode;
use crate::{Error, Result};
use crate::{Events, SessionRuntime};

pub use oxagent_core::protocol::PermissionAnswer as PermissionResult;

/// `(tool name, input, the request)` -> decision. The request carries `permission_suggestions`,
/// `blocked_path`, `tool_use_id`, `description`, `decision_reason`, ...
pub type CanUseTool = Arc<
    dyn Fn(String, Value, CanUseToolRequest) -> BoxFuture<'static, PermissionResult> + Send + Sync,
>;

/// `(hook input, tool_use_id)` -> hook output (`HookOutput::default()` for "no opinion").
pub type HookCallback =
    Arc<dyn Fn(HookInput, Option<String>) -> BoxFuture<'static, HookOutput> + Send + Sync>;

/// One diagnostic line (`Options::debug_to_stderr`), as the documented SDKs hand their
/// `stderr` callback the lines their CLI writes to its standard error.
pub type Stderr = Arc<dyn Fn(&str) + Send + Sync>;

/// Callbacks for the calls whose tool name matches `matcher` (`None`: every call).
#[derive(Clone)]
pub struct HookMatcherFns {
    pub matcher: Option<String>,
    pub hooks: Vec<HookCallback>,
}

/// The caller's callbacks for one session.
#[derive(Clone, Default)]
pub struct Callbacks {
    pub can_use_tool: Option<CanUseTool>,
    /// Hook event (`PreToolUse`, ...) -> its matchers.
    pub hooks: BTreeMap<String, Vec<HookMatcherFns>>,
    /// Takes the diagnostic lines when `Options::debug_to_stderr` is set; without it they
    /// go to the process's standard error.
    pub stderr: Option<Stderr>,
}

/// The callbacks, by the ids the session knows them by.
struct Wired {
    can_use_tool: Option<CanUseTool>,
    hooks: BTreeMap<String, HookCallback>,
    stderr: Option<Stderr>,
}

fn wire(options: &mut Options, callbacks: Callbacks) -> Wired {
    let mut ids = BTreeMap::new();
    let mut n = 0;
    for (event, matchers) in callbacks.hooks {
        let list = options.hooks.entry(event).or_default();
        for HookMatcherFns {
            matcher,
            hooks: fns,
        } in matchers
        {
            let mut callback_ids = Vec::new();
            for f in fns {
                let id = format!("hook_{n}");
                n += 1;
                ids.insert(id.clone(), f);
                callback_ids.push(id);
            }
            list.push(HookMatcher {
                matcher,
                callback_ids,
                timeout: None,
                on_failure: None,
                from_settings: false,
            });
        }
    }
    options.can_use_tool = callbacks.can_use_tool.is_some();
    Wired {
        can_use_tool: callbacks.can_use_tool,
        hooks: ids,
        stderr: callbacks.stderr,
    }
}

impl Wired {
    /// The caller's answer to one control request.
    async fn answer(
        &self,
        request: ControlRequest,
    ) -> std::result::Result<ControlResponse, String> {
        match request {
            ControlRequest::CanUseTool(req) => {
                let f = self
                    .can_use_tool
                    .as_ref()
                    // The TypeScript SDK's words for a question it has no callback for.
                    .ok_or("canUseTool callback is not provided.")?;
                let answer = f(req.tool_name.clone(), req.input.clone(), req).await;
                Ok(ControlResponse::Permission(answer))
            }
            ControlRequest::HookCallback(call) => {
                let f = self
                    .hooks
                    .get(&call.callback_id)
                    .ok_or("unknown hook callback")?;
                let output = f(call.input, call.tool_use_id).await;
                Ok(ControlResponse::Hook(Box::new(output)))
            }
            other => Err(format!(
                "Unsupported control request subtype: {}",
                other.subtype()
            )),
        }
    }
}

/// A session and the caller's side of it.
struct Conversation {
    runtime: SessionRuntime,
    events: tokio::sync::Mutex<Events>,
    wired: Wired,
    /// `verbatim_prompts`: each prompt goes to the model as written.
    verbatim: bool,
}

impl Conversation {
    /// Reads events until the next message, answering control requests on the way.
    async fn next_message(&self) -> Option<Message> {
        let mut events = self.events.lock().await;
        loop {
            match events.next().await? {
                Event::Message(m) => return Some(*m),
                Event::Control { id, request } => {
                    let reply = self.wired.answer(*request).await;
                    let _ = self.runtime.submit(Op::Answer { id, reply });
                }
                Event::Diagnostic(line) => match &self.wired.stderr {
                    Some(f) => f(&line),
                    None => eprintln!("{line}"),
                },
            }
        }
    }
}

/// Runs one prompt to completion and streams every message.
pub fn query(prompt: impl Into<String>, options: Options) -> BoxStream<'static, Result<Message>> {
    query_with(prompt, options, Callbacks::default())
}

/// [`query`] with callbacks.
pub fn query_with(
    prompt: impl Into<String>,
    options: Options,
    callbacks: Callbacks,
) -> BoxStream<'static, Result<Message>> {
    let prompt = prompt.into();
    let started = Client::connect(options, callbacks).and_then(|c| {
        c.query(&prompt)?;
        c.end_input();
        Ok(c)
    });
    match started {
        Err(e) => Box::pin(stream::once(async move { Err(e) })),
        Ok(client) => Box::pin(stream::unfold(client, |c| async move {
            let m = c.inner.next_message().await?;
            Some((Ok(m), c))
        })),
    }
}

/// A session that takes several prompts over time.
pub struct Client {
    inner: Arc<Conversation>,
}

impl Client {
    /// Starts a session on the current tokio runtime.
    pub fn connect(mut options: Options, callbacks: Callbacks) -> Result<Client> {
        // A store set in code is checked as one described in the options is.
        let continues = options.continue_conversation && options.resume.is_none();
        let lists = |s: &oxagent_options::SessionStoreOption| {
            s.supports(oxagent_core::store::StoreMethod::ListSessions)
        };
        if continues && options.session_store.as_ref().is_some_and(|s| !lists(s)) {
            return Err(Error::Options(oxagent_options::OptionsError {
                option: "continue_conversation".into(),
                message: "continue_conversation with session_store requires the store to implement list_sessions()".into(),
                kind: oxagent_options::OptionsErrorKind::Conflict,
            }));
        }
        let wired = wire(&mut options, callbacks);
        let verbatim = options.verbatim_prompts;
        let rt = tokio::runtime::Handle::try_current().map_err(|_| {
            Error::Frame("oxagent needs a tokio runtime: call it from within one".into())
        })?;
        let (runtime, events) = SessionRuntime::spawn(options, &rt)?;
        Ok(Client {
            inner: Arc::new(Conversation {
                runtime,
                events: tokio::sync::Mutex::new(events),
                wired,
                verbatim,
            }),
        })
    }

    /// Sends a prompt; its messages come through [`Client::receive_response`].
    pub fn query(&self, prompt: &str) -> Result<()> {
        self.send(UserContent::Text(prompt.to_string()))
    }

    /// Sends a prompt of any content (text and images, ...).
    pub fn send(&self, content: UserContent) -> Result<()> {
        let mut prompt = oxagent_core::protocol::op::Prompt::from(content);
        prompt.verbatim = self.inner.verbatim;
        self.inner.runtime.submit(Op::Stamped(prompt))
    }

    /// Compacts the conversation now, as the prompt `/compact <instructions>` does:
    /// `instructions` (may be empty) steer the summary. The messages (status, boundary,
    /// continuation, result) come through [`Client::receive_response`].
    pub fn compact(&self, instructions: &str) -> Result<()> {
        let prompt = format!("/compact {instructions}");
        self.query(prompt.trim_end())
    }

    /// The `/context` view: tokens by category (system prompt, system tools, memory files,
    /// messages, autocompact buffer, free space), totals and the auto-compact threshold.
    pub fn context_usage(&self) -> oxagent_core::protocol::context::ContextUsage {
        self.inner.runtime.context_usage()
    }

    /// Messages until (and including) the next result.
    pub fn receive_response(&self) -> BoxStream<'_, Result<Message>> {
        Box::pin(stream::unfold(false, move |done| async move {
            if done {
                return None;
            }
            let m = self.inner.next_message().await?;
            let is_result = matches!(m, Message::Result(_));
            Some((Ok(m), is_result))
        }))
    }

    pub fn interrupt(&self) {
        let _ = self.inner.runtime.submit(Op::Interrupt);
    }

    pub fn set_permission_mode(&self, mode: PermissionMode) {
        let _ = self.inner.runtime.submit(Op::SetPermissionMode(mode));
    }

    pub fn set_model(&self, model: Option<String>) {
        let _ = self.inner.runtime.submit(Op::SetModel(model));
    }

    pub fn session_id(&self) -> &str {
        self.inner.runtime.session_id()
    }

    /// No more prompts: the session ends once those already sent are answered.
    pub fn end_input(&self) {
        let _ = self.inner.runtime.submit(Op::EndInput);
    }

    /// Ends the session: the current turn stops and its tools are killed.
    pub fn disconnect(&self) {
        self.inner.runtime.close();
    }
}

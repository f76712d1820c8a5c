//! The Rust face: `query()` and `Client`, with callbacks as async closures.
//!
//! Control requests from the session (`can_use_tool`, `hook_callback`) are answered here by
//! the caller's closures; everything else arrives as typed [`Message`]s.

use std::collections::BTreeMap;
use std::sync::Arc;

use futures::future::BoxFuture;
use futures::stream::{self, BoxStream};
use oxagent_core::config::HookMatcher;
use oxagent_core::Message;
use serde_json::{json, Value};

use crate::error::{Error, Result};
use crate::handle::SessionHandle;
use crate::options::Options;
use crate::PermissionMode;

/// The answer of a can_use_tool callback.
#[derive(Debug, Clone, PartialEq)]
pub enum PermissionResult {
    /// Run the call, with a rewritten input if given.
    Allow { updated_input: Option<Value> },
    /// Refuse it; the model reads `message`. `interrupt` also ends the turn.
    Deny { message: String, interrupt: bool },
}

/// `(tool name, input, context)` -> decision. The context carries `suggestions`,
/// `blocked_path`, `tool_use_id`, `description`, ... as the wire request has them.
pub type CanUseTool =
    Arc<dyn Fn(String, Value, Value) -> BoxFuture<'static, PermissionResult> + Send + Sync>;

/// `(hook input, tool_use_id)` -> hook output (`{}` for "no opinion").
pub type HookCallback =
    Arc<dyn Fn(Value, Option<String>) -> BoxFuture<'static, Value> + Send + Sync>;

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
}

struct Wired {
    can_use_tool: Option<CanUseTool>,
    hooks: BTreeMap<String, HookCallback>,
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
    }
}

async fn answer(handle: &SessionHandle, wired: &Wired, frame: &Value) {
    let id = frame
        .get("request_id")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string();
    let req = frame.get("request").cloned().unwrap_or(Value::Null);
    let body = match req.get("subtype").and_then(Value::as_str) {
        Some("can_use_tool") => match &wired.can_use_tool {
            Some(f) => {
                let name = req
                    .get("tool_name")
                    .and_then(Value::as_str)
                    .unwrap_or("")
                    .to_string();
                let input = req.get("input").cloned().unwrap_or(json!({}));
                match f(name, input.clone(), req.clone()).await {
                    PermissionResult::Allow { updated_input } => Ok(
                        json!({"behavior": "allow", "updatedInput": updated_input.unwrap_or(input)}),
                    ),
                    PermissionResult::Deny { message, interrupt } => {
                        Ok(json!({"behavior": "deny", "message": message, "interrupt": interrupt}))
                    }
                }
            }
            None => Err("no can_use_tool callback".to_string()),
        },
        Some("hook_callback") => {
            let cb = req
                .get("callback_id")
                .and_then(Value::as_str)
                .and_then(|c| wired.hooks.get(c));
            match cb {
                Some(f) => {
                    let tool_use_id = req
                        .get("tool_use_id")
                        .and_then(Value::as_str)
                        .map(str::to_string);
                    Ok(f(
                        req.get("input").cloned().unwrap_or(Value::Null),
                        tool_use_id,
                    )
                    .await)
                }
                None => Err("unknown hook callback".to_string()),
            }
        }
        other => Err(format!(
            "Unsupported control request subtype: {}",
            other.unwrap_or("")
        )),
    };
    let response = match body {
        Ok(b) => json!({"subtype": "success", "request_id": id, "response": b}),
        Err(e) => json!({"subtype": "error", "request_id": id, "error": e}),
    };
    let _ = handle.send(json!({"type": "control_response", "response": response}));
}

/// Reads frames until the next message, answering control requests on the way.
async fn next_message(handle: &SessionHandle, wired: &Wired) -> Option<Message> {
    loop {
        let frame = handle.recv().await?;
        match frame.get("type").and_then(Value::as_str) {
            Some("control_request") => answer(handle, wired, &frame).await,
            Some("control_response") => {}
            _ => {
                // Frames of types this version does not model are skipped, as documented.
                if let Ok(m) = serde_json::from_value::<Message>(frame) {
                    return Some(m);
                }
            }
        }
    }
}

fn user_frame(prompt: &str) -> Value {
    json!({"type": "user", "message": {"role": "user", "content": prompt}, "parent_tool_use_id": null, "session_id": ""})
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
        c.handle.end_input();
        Ok(c)
    });
    match started {
        Err(e) => Box::pin(stream::once(async move { Err(e) })),
        Ok(client) => Box::pin(stream::unfold(client, |c| async move {
            let m = next_message(&c.handle, &c.wired).await?;
            Some((Ok(m), c))
        })),
    }
}

/// A session that takes several prompts over time.
pub struct Client {
    handle: SessionHandle,
    wired: Arc<Wired>,
}

impl Client {
    /// Starts a session on the current tokio runtime.
    pub fn connect(mut options: Options, callbacks: Callbacks) -> Result<Client> {
        let wired = wire(&mut options, callbacks);
        let rt = tokio::runtime::Handle::try_current().map_err(|_| {
            Error::Frame("oxagent needs a tokio runtime: call it from within one".into())
        })?;
        let handle = SessionHandle::spawn(options, &rt)?;
        Ok(Client {
            handle,
            wired: Arc::new(wired),
        })
    }

    /// Sends a prompt; its messages come through [`Client::receive_response`].
    pub fn query(&self, prompt: &str) -> Result<()> {
        self.handle.send(user_frame(prompt))
    }

    /// Compacts the conversation now, as the prompt `/compact <instructions>` does:
    /// `instructions` (may be empty) steer the summary. The messages (status, boundary,
    /// continuation, result) come through [`Client::receive_response`].
    pub fn compact(&self, instructions: &str) -> Result<()> {
        let prompt = format!("/compact {instructions}");
        self.handle.send(user_frame(prompt.trim_end()))
    }

    /// The `/context` view: tokens by category (system prompt, system tools, memory files,
    /// messages, autocompact buffer, free space), totals and the auto-compact threshold.
    pub fn context_usage(&self) -> Value {
        self.handle.context_usage()
    }

    /// Messages until (and including) the next result.
    pub fn receive_response(&self) -> BoxStream<'_, Result<Message>> {
        Box::pin(stream::unfold(false, move |done| async move {
            if done {
                return None;
            }
            let m = next_message(&self.handle, &self.wired).await?;
            let is_result = matches!(m, Message::Result(_));
            Some((Ok(m), is_result))
        }))
    }

    pub fn interrupt(&self) {
        self.handle.interrupt();
    }

    pub fn set_permission_mode(&self, mode: PermissionMode) {
        self.handle.set_permission_mode(mode);
    }

    pub fn set_model(&self, model: Option<String>) {
        self.handle.set_model(model);
    }

    pub fn session_id(&self) -> &str {
        self.handle.session_id()
    }

    /// Ends the session: the current turn stops and its tools are killed.
    pub fn disconnect(&self) {
        self.handle.close();
    }
}

//! The session runtime's queues: submissions in ([`Op`]), events out ([`Event`]).
//!
//! A host drives a session by submitting ops and reading events, as codex's submission
//! queue / event queue. Control requests travel on the event queue with the messages, in
//! order; their answers come back as [`Op::Answer`] with the same id.
//!
//! ```text
//! host                                   session
//!  submit(Op::Prompt("fix it"))   ─────►  system/init, assistant, ...
//!                                 ◄─────  Event::Control { id: "req_1", request: CanUseTool }
//!  submit(Op::Answer { "req_1", Permission(allow) })
//!                                 ◄─────  user (tool result), assistant, result
//!  submit(Op::EndInput)           ─────►  (the session ends once its work is done)
//! ```

use crate::content::UserContent;
use crate::message::{Message, ResultOrigin};

use super::control::{ControlRequest, ControlResponse};
use super::permission::PermissionMode;

/// What a host submits to a session.
#[derive(Debug, Clone, PartialEq)]
pub enum Op {
    /// A prompt: the session runs a turn for it once the turns before it are done.
    Prompt(UserContent),
    /// A prompt with what the host said of it (its uuid, who typed it).
    Stamped(Prompt),
    /// No more prompts: the session ends once the turns it has are done.
    EndInput,
    /// The host's answer to the control request `id` (an error text: the host failed).
    Answer {
        id: String,
        reply: Result<ControlResponse, String>,
    },
    /// Stop the current turn; the session goes on with the next prompt.
    Interrupt,
    SetPermissionMode(PermissionMode),
    /// `None`: back to the model the session started with.
    SetModel(Option<String>),
}

/// A prompt as a host hands it over: its content, the uuid its transcript row takes (a fresh
/// one when `None`), the `origin` the turn's result echoes, and whether it goes to the model
/// as written (`client_composed`, the `verbatim_prompts` option): no slash command runs and
/// no `@path` mention attaches a file.
#[derive(Debug, Clone, PartialEq)]
pub struct Prompt {
    pub content: UserContent,
    pub uuid: Option<String>,
    pub origin: Option<ResultOrigin>,
    pub verbatim: bool,
}

impl From<UserContent> for Prompt {
    fn from(content: UserContent) -> Self {
        Prompt {
            content,
            uuid: None,
            origin: None,
            verbatim: false,
        }
    }
}

impl Prompt {
    /// Whether a person typed it: the host stamped it `{"kind": "human"}`.
    pub fn from_human(&self) -> bool {
        self.origin.as_ref().is_some_and(|o| o.kind == "human")
    }
}

/// What a session emits. Both kinds are boxed: an event is moved through a channel whose
/// blocks hold 32 events each, and a session's batch holds up to 64; unboxed, an event was as
/// large as the largest message (a result, about 700 bytes), which made the channel's first
/// block alone 22 KB of every session.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    Message(Box<Message>),
    /// The session asks its host; answer with [`Op::Answer`] and the same id.
    Control {
        id: String,
        request: Box<ControlRequest>,
    },
    /// A diagnostic line for the host's `stderr` callback (`extra_args` `debug-to-stderr`),
    /// where the documented SDKs' CLI writes its debug output.
    Diagnostic(String),
}

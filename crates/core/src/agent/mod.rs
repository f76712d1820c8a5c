//! The turn loop.
//!
//! A [`Session`] holds one conversation. [`Session::run_turn`] takes a prompt, talks to the
//! model until it answers without tool calls (or a limit, an error or an interrupt ends the
//! turn), emits every message on the way, and returns the turn's result message.
//!
//! ```no_run
//! # use oxagent_core::{agent::{Deps, Emit}, Session, SessionConfig, UserContent};
//! # async fn demo(deps: Deps<'_>) {
//! let mut session = Session::new(SessionConfig::new("sid", "/tmp"));
//! let result = session.run_turn(UserContent::Text("hi".into()), &deps).await;
//! println!("{:?} cost {}", result.subtype, result.total_cost_usd);
//! # }
//! ```

mod compaction;
mod context;
mod dispatch;
mod executor;
mod hook_flow;
mod hooks;
mod local_command;
mod model_call;
mod outcome;
mod request;
pub mod response;
mod restore;
mod session;
mod tool_round;
mod updates;

pub use compaction::{plan_compaction, PlannedCompaction};
pub use context::{ContextMeter, ContextView};
pub use hooks::HookOutcome;
pub use local_command::compact_command;
pub use request::build as build_request;
pub use session::Session;

use crate::clock::Clock;
use crate::host::Host;
use crate::message::Message;
use crate::model::Model;
use crate::signal::AbortSignal;
use crate::tool::ToolRegistry;

/// Where the loop sends messages. Called in order, from the loop's task.
pub trait Emit: Send + Sync {
    fn emit(&self, message: Message);
}

/// The edges one turn runs against.
pub struct Deps<'a> {
    pub model: &'a dyn Model,
    pub tools: &'a ToolRegistry,
    pub host: &'a dyn Host,
    pub emit: &'a dyn Emit,
    pub clock: &'a dyn Clock,
    /// Fires when the caller interrupts this turn.
    pub interrupt: &'a AbortSignal,
}

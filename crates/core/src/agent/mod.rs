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
mod deps;
mod hooks;
mod local_command;
mod model_call;
mod outcome;
mod request;
pub mod response;
mod restore;
mod session;
mod tool_calls;
mod turn;
mod view;

pub use compaction::{plan_compaction, PlannedCompaction};
pub use context::{ContextMeter, ContextView};
pub use deps::{Deps, Emit};
pub use hooks::HookOutcome;
pub use local_command::compact_command;
pub use request::build as build_request;
pub use session::Session;

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
//!
//! The session stands on top and owns the conversation and the loop; every step below it
//! gets only what it reads (a `SessionView`: config, live settings, prompt id) and
//! what it changes (a `Conversation` lent by the session, the `TurnState`),
//! with the edges in [`Deps`]. Each module imports only the ones under it:
//!
//! ```text
//! restore        the session from outside: read, restore after a resume, plan a compaction
//! session        Session: run_turn, the loop, a /compact prompt, finish
//! compaction     auto, reactive and requested compaction
//! model_call     one streamed request; hands each tool_use block to the round
//! tool_calls/    round (a response's calls) > run (one call) > permission > schedule, call
//! hooks/         flow (prompt, Stop, start, end) > report > callbacks (the host's answers)
//! turn           TurnState, Conversation
//! context        the context count and the /context view
//! view           SessionView and the messages built from it
//! request, response, outcome, local_command, deps     pure pieces
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

pub use compaction::PlannedCompaction;
pub use context::{ContextMeter, ContextView};
pub use deps::{Deps, Emit};
pub use hooks::HookOutcome;
pub use local_command::compact_command;
pub use request::build as build_request;
pub use restore::plan_compaction;
pub use session::Session;

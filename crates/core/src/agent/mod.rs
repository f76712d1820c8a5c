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
//! The session stands on top and owns the conversation and the loop. Every step below it
//! gets what it reads (a `SessionView`: config, live settings, prompt id), what it changes
//! (the `Conversation` the session lends it, the turn's `TurnState`) and the edges in
//! [`Deps`]. From the top down, each module imports only modules under it:
//!
//! ```text
//! restore      the session from outside: read it, restore it after a resume, plan a compaction
//! session      Session: run_turn, the loop, a /compact prompt, finish
//! compaction   automatic, reactive and requested compaction
//! model_call   one streamed request; each tool_use block goes to the tool round at once
//! tool_calls/  round: one response's calls, over schedule (which call starts when) and
//!              run (one call), over permission (the verdict), over call (the data)
//! hooks/       flow (prompt refused, Stop, session start and end), over report (what ran),
//!              over callbacks (the host's answers)
//! turn         TurnState, Conversation
//! context      the context count and the /context view
//! view         SessionView and the messages built from it
//! request, response, outcome, local_command, deps: pure pieces at the bottom
//! ```

mod again;
mod clear;
mod compaction;
mod context;
mod cost_command;
mod deferred;
mod deps;
mod estimate;
mod fallback;
mod hooks;
mod local_command;
mod model_call;
mod outcome;
mod prompt_shell;
mod request;
pub mod response;
mod restore;
mod session;
mod skill_command;
mod summarize;
mod tool_calls;
mod tool_references;
mod turn;
mod unicode_escapes;
mod view;

pub use clear::clear_command;
pub use compaction::PlannedCompaction;
pub use context::{ContextMeter, ContextView};
pub use cost_command::cost_command;
pub use deferred::{DeferredCall, CONTINUE_PROMPT};

/// The rules and extra directories a session with `config` starts with (its options and
/// settings), for whoever reads the live rules before the session's first call.
pub fn initial_permissions(
    config: &crate::config::SessionConfig,
) -> (crate::rules::RuleSet, Vec<std::path::PathBuf>) {
    tool_calls::permission::initial_permissions(config)
}
pub use deps::{Deps, Emit, ResponseEnd, StopHookSummary, StreamProgress, TranscriptMark};
pub use hooks::HookOutcome;
pub use local_command::compact_command;
pub use prompt_shell::PromptShell;
pub use request::build as build_request;
pub use restore::plan_compaction;
pub use session::{ApiFailure, PromptExpansion, Session, SubagentPrompt};

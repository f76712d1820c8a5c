//! Hooks: the host's callbacks at fixed points of a session.
//!
//! - [`callbacks`] runs the callbacks of one event and folds their answers into one
//!   [`HookOutcome`]; it knows nothing of the turn.
//! - [`report`] tells the caller and the model what ran (notices, hook runs, blocking errors).
//! - [`flow`] is where the answers change the turn: a refused prompt, a Stop hook that keeps
//!   the model going, the session's start and end.
//!
//! The tool hooks (PreToolUse, PermissionRequest, PostToolUse) run inside a tool call
//! (`tool_calls`), the compaction hooks inside a compaction; both use [`callbacks`] and
//! [`report`] too.
//!
//! ```text
//! flow ──► callbacks::run ──► host.control(HookCallback) per matching callback
//!      └─► report::{hook_runs, hook_notices}
//! ```

pub(crate) mod callbacks;
pub(crate) mod display;
pub(crate) mod flow;
pub(crate) mod report;

pub use callbacks::HookOutcome;

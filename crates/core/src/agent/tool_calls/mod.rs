//! Tool calls: from a tool_use block streaming in to its result in the conversation.
//!
//! - [`round`]: the calls of one response ([`round::ToolRound`]): taken while the response
//!   streams, finished after it, reported in order, appended as one results turn.
//! - [`schedule`]: which call starts when (read-only calls run together, a call that writes
//!   runs alone) and which results may be reported yet; after the response, when a call
//!   refused as it starts is seen and done (`schedule::timer`).
//! - [`run`]: one call: validation, PreToolUse hooks, the permission verdict, the tool,
//!   PostToolUse hooks.
//! - [`permission`]: the verdict of the rules, the mode, the PermissionRequest hooks and
//!   can_use_tool, and the permission updates their answers carry.
//! - [`seen`]: a call as hooks, can_use_tool and the denials see it (paths resolved).
//! - [`call`]: a call and its outcome, the data the others pass around.
//! - [`mode`]: the permission mode change a plan-mode tool asks for.
//!
//! ```text
//! round ──► schedule ──► call
//!   └─────► run ──► permission ──► call
//!            └─────────┴──► seen
//! ```

pub(crate) mod call;
pub(crate) mod mode;
pub(crate) mod nested;
pub(crate) mod permission;
pub(crate) mod read_first;
pub(crate) mod round;
pub(crate) mod run;
pub(crate) mod schedule;
pub(crate) mod schema_note;
pub(crate) mod seen;
pub(crate) mod tokens_left;
pub(crate) mod unknown;
mod vcs;

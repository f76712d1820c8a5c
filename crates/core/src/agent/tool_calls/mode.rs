//! A successful call of a plan-mode tool switches the session's permission mode: the loop
//! applies it (the mode is the session's), tells the caller with a `status` message before
//! the call's result, and leaves the model a note when plan mode ends.
//!
//! ```text
//! EnterPlanMode ok ──► mode = plan     ──► system/status {permissionMode: "plan"}
//! ExitPlanMode ok  ──► mode = the one plan mode was entered from (default) ──► status + note
//! ```

use crate::message::Message;
use crate::protocol::system::{Status, SystemBody};
use crate::tool::ModeChange;

use crate::agent::deps::Deps;
use crate::agent::view::SessionView;

/// What the model reads once plan mode is over.
const LEFT_PLAN_NOTE: &str = "Plan mode is over: the user approved the plan. Files may be \
     changed and commands run again, under the session's usual permission mode.";

/// Applies `change`; returns the caller's `status` message and the note for the model.
pub(crate) fn apply(
    session: &SessionView<'_>,
    deps: &Deps<'_>,
    change: ModeChange,
) -> (Message, Option<String>) {
    let (mode, note) = match change {
        ModeChange::EnterPlan => (session.live.enter_plan(), None),
        ModeChange::ExitPlan => (session.live.exit_plan(), Some(LEFT_PLAN_NOTE.to_string())),
    };
    let status = session.system(
        SystemBody::Status(Status::mode_changed(mode.as_str())),
        deps,
    );
    (status, note)
}

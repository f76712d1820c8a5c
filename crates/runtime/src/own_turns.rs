//! Turns a session runs by itself before the caller's first prompt.
//!
//! - A resumed session whose last turn ended on a deferred call (a PreToolUse hook's
//!   `defer`) takes it up: the call runs (its hooks and the permission check again), its
//!   result goes out, and a turn of the session's own, announced by `command_lifecycle`,
//!   continues from there.
//! - A SessionStart hook's `initialUserMessage` is answered as a prompt.
//!
//! The caller's prompt is answered after them.

use oxagent_core::agent::{DeferredCall, Deps, Emit, CONTINUE_PROMPT};
use oxagent_core::{Message, Session, UserContent};
use oxagent_sessions::start as persist;

use crate::events::EventOut;
use crate::tasks::TaskFlow;

/// Answers `text` as a prompt of the session's own: recorded, run, its result emitted.
pub(crate) async fn initial(
    session: &mut Session,
    deps: &Deps<'_>,
    recorder: &persist::Recorder<'_>,
    events: &EventOut,
    text: String,
) {
    let prompt = UserContent::Text(text);
    let uuid = deps.clock.uuid();
    recorder.prompt(&prompt, &uuid, false);
    session.next_prompt_uuid = Some(uuid);
    let result = session.run_turn(prompt.clone(), deps).await;
    recorder.after_turn(session, &result);
    events.emit(Message::Result(result));
    recorder.after_result(&prompt, false);
}

pub(crate) async fn take_up(
    session: &mut Session,
    deps: &Deps<'_>,
    flow: &TaskFlow,
    recorder: &persist::Recorder<'_>,
    events: &EventOut,
    call: DeferredCall,
) {
    let command = deps.clock.uuid();
    flow.announce_command(command.clone(), "started", None);
    match session.run_deferred_call(call, deps).await {
        Some(again) => {
            recorder.after_turn(session, &again);
            events.emit(Message::Result(again));
        }
        None => initial(session, deps, recorder, events, CONTINUE_PROMPT.into()).await,
    }
    flow.announce_command(command, "completed", None);
}

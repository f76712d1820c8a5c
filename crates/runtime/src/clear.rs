//! `/clear` in a running session, as the reference runs it: `conversation_reset` (for the
//! session that ends), `background_tasks_changed`, the SessionEnd hooks (reason `clear`);
//! then the session goes on under a fresh id in a transcript of its own, runs its
//! SessionStart hooks (source `clear`), and ends the command with `init` and a result of no
//! turns that costs nothing.

use std::time::SystemTime;

use oxagent_core::agent::{Deps, Emit};
use oxagent_core::message::{ConversationReset, ResultMessage, ResultOrigin};
use oxagent_core::protocol::system::{BackgroundTasksChanged, SystemBody, SystemMessage};
use oxagent_core::{Message, Session, UserContent};
use oxagent_sessions::TranscriptWriter;

/// What asked for the reset: the prompt's uuid and origin.
pub(crate) struct ClearPrompt {
    pub uuid: String,
    pub origin: Option<ResultOrigin>,
}

/// Runs `/clear` for `session`; `out` reaches the caller directly (nothing of this goes in
/// the conversation), `deps` also writes the transcript.
pub(crate) async fn run(
    session: &mut Session,
    deps: &Deps<'_>,
    out: &dyn Emit,
    writer: Option<&TranscriptWriter>,
    prompt: ClearPrompt,
) -> ResultMessage {
    let started = deps.clock.monotonic_ms();
    let old_id = session.session_id().to_string();
    let reset_id = deps.clock.uuid();
    out.emit(Message::ConversationReset(ConversationReset {
        new_conversation_id: reset_id.clone(),
        uuid: reset_id,
        trigger: "clear".into(),
        user_message_uuid: Some(prompt.uuid),
        user_message_from_human: prompt
            .origin
            .as_ref()
            .is_some_and(|o| o.kind == "human")
            .then_some(true),
        timestamp: Some(humantime::format_rfc3339_millis(SystemTime::now()).to_string()),
        session_id: old_id.clone(),
    }));
    out.emit(Message::System(SystemMessage::new(
        SystemBody::BackgroundTasksChanged(BackgroundTasksChanged { tasks: Vec::new() }),
        deps.clock.uuid(),
        old_id,
    )));
    session.session_end(deps, "clear").await;
    let new_id = deps.clock.uuid();
    session.clear(new_id.clone());
    if let Some(w) = writer {
        let path = w.path().with_file_name(format!("{new_id}.jsonl"));
        // A transcript that cannot be opened must not stop the run: the rows go on to the
        // old file, as any other write failure leaves them.
        if w.restart(&path, &new_id).is_ok() {
            session.config.transcript_path = Some(path);
            // The new transcript opens with the command's record, which a resume puts back
            // in front of the next prompt.
            for block in session.pending_record() {
                if let oxagent_core::ContentBlock::Text { text, .. } = block {
                    w.prompt(&UserContent::Text(text.clone()), &deps.clock.uuid());
                }
            }
        }
    }
    session.session_start(deps, "clear").await;
    out.emit(session.init_message(deps));
    let mut result = session.local_command_result(deps, started, "clear");
    result.origin = prompt.origin;
    result
}

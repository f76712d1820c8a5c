//! What the TypeScript options `agent` and `title` make of the main thread.
//!
//! ```text
//! agent: "reviewer"  -> the session's system prompt is the identity line and the agent's
//!                       prompt, its tools the agent's (in the agent's order), its model the
//!                       agent's; a name no agent has changes nothing, as the reference
//! title: "Notes"     -> system/session_title_changed before init, and a custom-title row at
//!                       the transcript's start and end (where the session listing reads it)
//! ```

use oxagent_core::agent::Emit;
use oxagent_core::prompts;
use oxagent_core::protocol::agents::AgentDefinition;
use oxagent_core::protocol::system::{SessionTitleChanged, SystemBody, SystemMessage};
use oxagent_core::{Message, Session};
use oxagent_sessions::TranscriptWriter;
use serde_json::json;

/// Runs the main thread as the agent `definition` (its tools: see `toolset`).
pub(crate) fn run_as_agent(session: &mut Session, definition: &AgentDefinition) {
    session.config.system_prompt = vec![prompts::IDENTITY.to_string(), definition.prompt.clone()];
    let model =
        crate::subagents::resolve_model(None, definition.model.as_deref(), &session.config.model);
    session.config.model = model.clone();
    session.live.set_model(model);
}

/// The row that names the session's title.
fn title_row(title: &str, session_id: &str) -> serde_json::Value {
    json!({"type": "custom-title", "customTitle": title, "sessionId": session_id})
}

/// Announces the title and writes it at the transcript's start.
pub(crate) fn announce_title(
    events: &dyn Emit,
    writer: Option<&TranscriptWriter>,
    title: &str,
    session_id: &str,
    uuid: String,
) {
    if let Some(w) = writer {
        w.raw(&title_row(title, session_id));
    }
    let body = SystemBody::SessionTitleChanged(SessionTitleChanged {
        title: title.to_string(),
    });
    events.emit(Message::System(SystemMessage::new(body, uuid, session_id)));
}

/// Writes the title again as the session ends, so it is also in the transcript's tail.
pub(crate) fn close_title(writer: Option<&TranscriptWriter>, title: &str, session_id: &str) {
    if let Some(w) = writer {
        w.raw(&title_row(title, session_id));
    }
}

//! Answers the loop asks for again, once each: one the API stopped with `refusal` (the model
//! is told why, the caller gets a notice), and one without any content.

use crate::conversation::Turn;
use crate::message::{Message, RefusalRetry};
use crate::protocol::system::{Informational, SystemBody};

use super::deps::Deps;
use super::fallback::display_name;
use super::turn::reminder;
use super::view::SessionView;

/// What the model reads after a refused answer.
pub(crate) const REFUSAL_NOTE: &str = "Your response above was stopped by a safety classifier — this is not a tool or API error. The rest of it was withheld, and tool calls in it that had not finished did not run. Do not produce that content again, even reworded.";
/// What the model reads after an answer with no content.
pub(crate) const EMPTY_NUDGE: &str = "[Your previous response had no visible output. Please continue and produce a user-visible response.]";

/// After a refused answer: the notice, the synthetic user message naming the refused
/// answer, and the note in the conversation.
pub(crate) fn refused(
    view: &SessionView<'_>,
    deps: &Deps<'_>,
    history: &mut Vec<Turn>,
    model: &str,
    refused_id: &str,
) {
    let notice = Informational {
        content: format!(
            "{}'s safeguards stopped the response above · continuing once with that noted",
            display_name(model)
        ),
        level: "notice".into(),
        prevent_continuation: None,
        prompt_submit_outcome: None,
        is_meta: None,
        tag: None,
        hook_no_verdict: None,
    };
    deps.emit
        .emit(view.system(SystemBody::Informational(notice), deps));
    let mut note = view.user_text(REFUSAL_NOTE, deps);
    if let Message::User(m) = &mut note {
        m.is_synthetic = Some(true);
        m.refusal = Some(RefusalRetry {
            refused_message_id: refused_id.to_string(),
            refusal_retry: true,
        });
    }
    deps.emit.emit(note);
    history.push(Turn::user(vec![reminder(REFUSAL_NOTE)]));
}

/// After an answer with no content: the synthetic user message, and the nudge after the
/// prompt it answered (the request sends the two as one message).
pub(crate) fn empty(view: &SessionView<'_>, deps: &Deps<'_>, history: &mut Vec<Turn>) {
    let mut nudge = view.user_text(EMPTY_NUDGE, deps);
    if let Message::User(m) = &mut nudge {
        m.is_synthetic = Some(true);
    }
    deps.emit.emit(nudge);
    history.push(Turn::user(vec![reminder(EMPTY_NUDGE)]));
}

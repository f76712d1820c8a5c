//! Answers the loop asks for again, once each: one the API stopped with `refusal` (the model
//! is told why, the caller gets a notice), and one without any content.

use crate::conversation::Turn;
use crate::message::{Message, RefusalRetry};
use crate::protocol::system::{Informational, ModelRefusalNoFallback, SystemBody};

use super::deps::Deps;
use super::fallback::display_name;
use super::turn::reminder;
use super::view::SessionView;

/// What the model reads after a refused answer.
pub(crate) const REFUSAL_NOTE: &str = "Your response above was stopped by a safety classifier — this is not a tool or API error. The rest of it was withheld, and tool calls in it that had not finished did not run. Do not produce that content again, even reworded.";
/// What the note adds when a call of the refused answer had started.
const REFUSAL_EXCEPTION: &str = " Exception: a tool call whose result reads \"Interrupted\" was already running when the response was stopped; it may have partially or fully completed.";
/// What the model reads after an answer with no content.
pub(crate) const EMPTY_NUDGE: &str = "[Your previous response had no visible output. Please continue and produce a user-visible response.]";

/// After a refused answer: the notice, the synthetic user message naming the refused
/// answer, and the note in the conversation (`interrupted`: a call of the answer had
/// started, which the note excepts).
pub(crate) fn refused(
    view: &SessionView<'_>,
    deps: &Deps<'_>,
    history: &mut Vec<Turn>,
    model: &str,
    refused_id: &str,
    interrupted: bool,
) {
    let text = if interrupted {
        format!("{REFUSAL_NOTE}{REFUSAL_EXCEPTION}")
    } else {
        REFUSAL_NOTE.to_string()
    };
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
        recorded: true,
    };
    deps.emit
        .emit(view.system(SystemBody::Informational(notice), deps));
    let mut note = view.user_text(&text, deps);
    if let Message::User(m) = &mut note {
        m.is_synthetic = Some(true);
        m.as_reminder = true;
        m.refusal = Some(RefusalRetry {
            refused_message_id: Some(refused_id.to_string()),
            refusal_retry: true,
            tool_result_meta: None,
        });
    }
    deps.emit.emit(note);
    history.push(Turn::user(vec![reminder(&text)]));
}

/// After an answer with no content: the synthetic user message, and the nudge after the
/// prompt it answered (the request sends the two as one message).
pub(crate) fn empty(view: &SessionView<'_>, deps: &Deps<'_>, history: &mut Vec<Turn>) {
    let mut nudge = view.user_text(EMPTY_NUDGE, deps);
    if let Message::User(m) = &mut nudge {
        m.is_synthetic = Some(true);
        m.as_reminder = true;
    }
    deps.emit.emit(nudge);
    history.push(Turn::user(vec![reminder(EMPTY_NUDGE)]));
}

/// The models whose second refusal is worded as their safeguards flagging the message;
/// the reference's other models say they cannot help. A model of no known name is worded
/// as these are.
const FLAGGING_MODELS: &[&str] = &[
    "claude-opus-5",
    "claude-opus-5-5",
    "claude-sonnet-5-5",
    "claude-fable-5",
    "claude-fable-5-1",
    "claude-fable-5-2",
];

/// What the caller reads when the model refuses again after the note (`model`'s name,
/// the refused answer's request and message ids).
pub(crate) fn refused_again_text(
    model: &str,
    request_id: Option<&str>,
    message_id: &str,
) -> String {
    let name = display_name(model);
    let known = crate::model_names::catalog_id(model);
    let flagging = known.is_none_or(|id| FLAGGING_MODELS.contains(&id));
    let head = if flagging {
        // Each family's own help article.
        let article = match known {
            Some("claude-fable-5" | "claude-fable-5-1" | "claude-fable-5-2") => "15363606",
            Some("claude-opus-5") => "16049681",
            _ => "8106465",
        };
        format!(
            "{name}'s safeguards flagged this message (https://www.anthropic.com/legal/aup). This sometimes happens with safe, normal conversations. Claude Code can't respond to this message with {name}.\n\nTry rephrasing the request in a new session or change your model.\n\nLearn more: https://support.claude.com/en/articles/{article}"
        )
    } else {
        format!(
            "{name} can't help with this. Start a new session to continue.\n\nLearn more: https://www.anthropic.com/legal/aup"
        )
    };
    let request = request_id
        .map(|id| format!("\n\nRequest ID: {id}"))
        .unwrap_or_default();
    format!("API Error: {head}{request}\n\nMessage ID: {message_id}")
}

/// The model refused again after the note: the notice that no other model takes over and
/// the message shown for the refused answer. Returns the text of that message.
pub(crate) fn refused_again(
    view: &SessionView<'_>,
    deps: &Deps<'_>,
    model: &str,
    request_id: Option<&str>,
    refused_id: &str,
    prompt_uuid: Option<String>,
) -> String {
    let notice = ModelRefusalNoFallback {
        original_model: model.to_string(),
        api_refusal_category: None,
        api_refusal_explanation: None,
        refused_user_message_uuid: prompt_uuid,
        content: String::new(),
        request_id: request_id.map(str::to_string),
    };
    deps.emit
        .emit(view.system(SystemBody::ModelRefusalNoFallback(notice), deps));
    let text = refused_again_text(model, request_id, refused_id);
    let mut shown = view.synthetic_assistant(deps, &text, "invalid_request", true);
    if let Message::Assistant(a) = &mut shown {
        a.message.stop_reason = Some("refusal".into());
        a.api_error = Some(Box::new(crate::message::ApiErrorMark {
            is_api_error_message: true,
            api_error_status: None,
            api_error_type: None,
            api_error: None,
            refused_message_id: Some(refused_id.to_string()),
        }));
    }
    deps.emit.emit(shown);
    text
}

#[cfg(test)]
mod tests {
    use super::refused_again_text;

    #[test]
    fn a_second_refusal_is_worded_by_model() {
        let text = |m| refused_again_text(m, Some("req_1"), "msg_1");
        assert_eq!(
            text("claude-haiku-4-5"),
            "API Error: Haiku 4.5 can't help with this. Start a new session to continue.\n\nLearn more: https://www.anthropic.com/legal/aup\n\nRequest ID: req_1\n\nMessage ID: msg_1"
        );
        assert!(text("claude-opus-5-5").starts_with(
            "API Error: Opus 5.5's safeguards flagged this message (https://www.anthropic.com/legal/aup)."
        ));
        assert!(text("claude-opus-5-5").contains("/articles/8106465\n\nRequest ID: req_1"));
        assert!(text("claude-fable-5-1").contains("/articles/15363606"));
        assert!(text("claude-opus-5").contains("/articles/16049681"));
        assert!(text("my-model").starts_with("API Error: my-model's safeguards flagged"));
        assert!(text("claude-mythos-5").contains("Mythos 5 can't help with this."));
        assert!(!refused_again_text("claude-sonnet-4-5", None, "m").contains("Request ID"));
    }
}

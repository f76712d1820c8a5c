//! The hooks of what the caller is shown: MessageDisplay for each assistant text, as it is
//! shown (whole: `index` 0, `final`), and StopFailure when a turn ends on an API error
//! instead of the Stop hooks. Only the main agent's texts are shown.
//!
//! ```text
//! text block emitted -> MessageDisplay {turn_id, message_id, index: 0, final: true, delta}
//!                       (callback id `<message_id>-0`)
//! API error ends     -> MessageDisplay (the error text), then StopFailure {error, last_assistant_message}
//! ```

use crate::agent::deps::Deps;
use crate::agent::view::SessionView;
use crate::model::ApiErrorKind;
use crate::protocol::hook::HookEvent;

use super::callbacks;

/// Runs the MessageDisplay hooks for the text `text` of the message `message_id`: the text
/// shown instead, if one gave it (`displayContent`; the model keeps its own text).
pub(crate) async fn message_display(
    session: &SessionView<'_>,
    deps: &Deps<'_>,
    message_id: &str,
    text: &str,
) -> Option<String> {
    let matchers = session.config.hooks.get("MessageDisplay");
    if matchers.is_none() || session.config.subagent.is_some() {
        return None;
    }
    let turn_id = session
        .prompt_id
        .map(str::to_string)
        .unwrap_or_else(|| deps.clock.uuid());
    let input = session.hook_input(HookEvent::MessageDisplay {
        turn_id,
        message_id: message_id.to_string(),
        index: 0,
        is_final: true,
        delta: text.to_string(),
    });
    let id = format!("{message_id}-0");
    let outcome = callbacks::run(deps, matchers, None, input, Some(&id)).await;
    super::report::hook_runs(session, deps, "MessageDisplay", None, &outcome);
    outcome.display_content
}

/// Runs the StopFailure hooks of a turn that ended on an API error whose message reads
/// `text` (shown first, as any text is).
pub(crate) async fn stop_failure(
    session: &SessionView<'_>,
    deps: &Deps<'_>,
    message_id: &str,
    kind: ApiErrorKind,
    text: &str,
) {
    message_display(session, deps, message_id, text).await;
    let matchers = session.config.hooks.get("StopFailure");
    if matchers.is_none() || session.config.subagent.is_some() {
        return;
    }
    let input = session.hook_input(HookEvent::StopFailure {
        error: kind.as_str().to_string(),
        last_assistant_message: text.to_string(),
    });
    callbacks::run(deps, matchers, None, input, None).await;
}

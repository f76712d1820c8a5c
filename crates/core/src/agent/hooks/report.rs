//! What the caller and the model are told about hooks that ran: `system/informational`
//! notices for their `systemMessage`s, `hook_started` / `hook_response` for the command
//! hooks of settings files, and the conversation's record of a hook that blocked.

use crate::message::Message;
use crate::protocol::system::{HookResponse, HookStarted, Informational, SystemBody};

use crate::agent::deps::Deps;
use crate::agent::view::SessionView;

use super::callbacks::HookOutcome;

/// The conversation's record of a hook that blocked: `<event>:<tool> hook blocking error
/// from command: "<command>": <reason>`, as the reference words it.
pub(crate) fn blocking_error(event: &str, tool: Option<&str>, reason: &str) -> String {
    format!(
        "{event}:{} hook blocking error from command: \"callback\": {reason}",
        tool.unwrap_or("Callback")
    )
}

/// `system/informational` notices for the `systemMessage`s hooks answered.
pub(crate) fn hook_notices(
    session: &SessionView<'_>,
    deps: &Deps<'_>,
    event: &str,
    tool: Option<&str>,
    messages: &[String],
) -> Vec<Message> {
    let who = match tool {
        Some(t) => format!("{event}:{t}"),
        None => event.to_string(),
    };
    messages
        .iter()
        .map(|m| {
            let notice = Informational {
                content: format!("{who} says: {m}"),
                level: "notice".into(),
                prevent_continuation: None,
                prompt_submit_outcome: None,
                is_meta: None,
                tag: None,
                hook_no_verdict: None,
                recorded: false,
            };
            session.system(SystemBody::Informational(notice), deps)
        })
        .collect()
}

/// `hook_started` and `hook_response` for each command hook of `hooked` that ran.
pub(crate) fn report_runs(
    session: &SessionView<'_>,
    deps: &Deps<'_>,
    event: &str,
    name: &str,
    hooked: &HookOutcome,
) {
    for run in &hooked.command_runs {
        let started = HookStarted {
            hook_id: deps.clock.uuid(),
            hook_name: name.to_string(),
            hook_event: event.to_string(),
        };
        deps.emit
            .emit(session.system(SystemBody::HookStarted(started.clone()), deps));
        let output = run.output.clone().unwrap_or_else(|| {
            [run.stdout.as_str(), run.stderr.as_str()]
                .into_iter()
                .filter(|t| !t.is_empty())
                .collect::<Vec<_>>()
                .join("\n")
        });
        let response = HookResponse {
            hook_id: started.hook_id,
            hook_name: started.hook_name,
            hook_event: started.hook_event,
            output,
            stdout: run.stdout.clone(),
            stderr: run.stderr.clone(),
            exit_code: run.exit_code,
            outcome: if run.ok.unwrap_or(run.exit_code == Some(0)) {
                "success"
            } else {
                "error"
            }
            .into(),
        };
        deps.emit
            .emit(session.system(SystemBody::HookResponse(response), deps));
    }
}

/// With `include_hook_events`, reports the command hooks that ran for an event
/// (named `<Event>` or `<Event>:<Tool>`).
pub(crate) fn hook_runs(
    session: &SessionView<'_>,
    deps: &Deps<'_>,
    event: &str,
    tool: Option<&str>,
    hooked: &HookOutcome,
) {
    if session.config.include_hook_events {
        let name = match tool {
            Some(t) => format!("{event}:{t}"),
            None => event.to_string(),
        };
        report_runs(session, deps, event, &name, hooked);
    }
}

/// The warnings of the callbacks whose answers did not fit their event (and counted as
/// empty), one each.
pub(crate) fn unfit_warnings(
    session: &SessionView<'_>,
    deps: &Deps<'_>,
    event: &str,
    hooked: &HookOutcome,
) -> Vec<Message> {
    let mut out = Vec::new();
    for id in &hooked.unfit_callbacks {
        let warning = Informational {
            content: format!("{event}: Hook callback {id} failed: the SDK host replied with an error or an invalid answer. Its answer was treated as empty."),
            level: "warning".into(),
            prevent_continuation: None,
            prompt_submit_outcome: None,
            is_meta: None,
            tag: Some("hook_callback_failed".into()),
            hook_no_verdict: None,
            recorded: false,
        };
        out.push(session.system(SystemBody::Informational(warning), deps));
    }
    out
}

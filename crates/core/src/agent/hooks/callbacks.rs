//! Runs the host's hook callbacks for one event and folds their outputs into one outcome.

use crate::telemetry;
use futures::future::{select, Either};
use serde_json::Value;
use tracing::Instrument;

use crate::config::HookMatcher;
use crate::host::Host;
use crate::protocol::control::{ControlRequest, ControlResponse, HookCallback};
use crate::protocol::hook::{CommandRun, HookInput, HookOutput};
use crate::protocol::permission::PermissionAnswer;

use crate::agent::deps::Deps;

/// What the hooks of one event decided, merged in registration order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct HookOutcome {
    /// A settings-file PreToolUse command answered something that is no verdict (an
    /// unknown decision, another event's output, `continue` not a boolean): the call goes
    /// on as if the hook had said nothing, with a warning.
    pub no_verdict: bool,
    /// `continue: false`: stop the turn after this point.
    pub stop: bool,
    pub stop_reason: Option<String>,
    /// `decision: "block"` with its reason.
    pub block_reason: Option<String>,
    /// Every block's reason, in the order of the matchers (a Stop hook's each give their
    /// feedback: fuzz-i/fi_223).
    pub block_reasons: Vec<String>,
    /// A `continue: false` came before any block, in the order of the matchers (where the
    /// first of the two decides: fuzz-i/fi_pin_prompt_stop_block).
    pub stopped_first: bool,
    /// How many `system_messages` came before the block, in the order of the matchers
    /// (a Stop hook's notices and its block's feedback go out in that order: fuzz-i/fi_046).
    pub notices_before_block: usize,
    /// How many `system_messages` came before the first block or `continue: false` (a
    /// prompt's hooks after that one are not heard: fuzz-i/fi_pin_prompt_block_sysmsg).
    pub notices_before_halt: usize,
    /// The block in the hook's own words: a command's stderr when it exited 2 (none if it
    /// wrote nothing), else the reason.
    pub block_words: Option<String>,
    pub system_messages: Vec<String>,
    /// `hookSpecificOutput.permissionDecision`: allow / deny / ask, with its reason.
    pub permission_decision: Option<(String, Option<String>)>,
    pub updated_input: Option<Value>,
    /// PostToolUse: the output the call reports instead of its own (the last hook's that
    /// gave one), from `updatedToolOutput`, or for an MCP tool `updatedMCPToolOutput`.
    pub updated_tool_output: Option<Value>,
    pub updated_mcp_tool_output: Option<Value>,
    /// UserPromptSubmit / SessionStart `sessionTitle` (the last hook's).
    pub session_title: Option<String>,
    /// UserPromptSubmit `suppressOriginalPrompt: true`.
    pub suppress_original_prompt: bool,
    /// SessionStart `initialUserMessage` (the last hook's).
    pub initial_user_message: Option<String>,
    /// MessageDisplay `displayContent` (the last hook's).
    pub display_content: Option<String>,
    pub additional_context: Vec<String>,
    /// PermissionRequest's `hookSpecificOutput.decision`.
    pub permission_request: Option<PermissionAnswer>,
    /// How many callbacks ran.
    pub ran: usize,
    /// How each shell command of a settings file ran, when its event reports it.
    pub command_runs: Vec<CommandRun>,
    /// A host callback (not a settings file's command) did not answer before its matcher's
    /// timeout.
    pub timed_out: bool,
    /// Host callbacks whose answer does not fit the event (a PermissionRequest answered with
    /// `permissionDecision`): their answer counts as empty.
    pub unfit_callbacks: Vec<String>,
}

const TIMED_OUT: &str = "hook timed out";

/// Whether a matcher pattern covers `name`. A pattern of letters, digits, `_`, `-` and `|`
/// names tools (`Bash`, `Edit|Write`, `mcp__my-tools__add`; a former name covers the tool it
/// names now; `mcp__my-tools` names no tool of that server: fuzz-k/fk_039); any other is
/// a regular expression searched in the name (`mcp__.*`, `^(Read|Glob)$`, `Wri.*`), and one
/// that does not compile covers nothing. `*`, empty or none covers everything.
pub(crate) fn matches(pattern: Option<&str>, name: Option<&str>) -> bool {
    let Some(pattern) = pattern.filter(|p| !p.is_empty() && *p != "*") else {
        return true;
    };
    let Some(name) = name else { return true };
    let names_tools = pattern
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '|');
    if names_tools {
        return pattern
            .split('|')
            .any(|alt| alt == name || crate::tool::current_name(alt) == name);
    }
    regex_automata::meta::Regex::new(pattern).is_ok_and(|re| re.is_match(name))
}

/// Whether any matcher of the event covers the tool (a callback would be asked).
pub(crate) fn any_match(matchers: Option<&Vec<HookMatcher>>, tool_name: &str) -> bool {
    matchers.is_some_and(|ms| {
        ms.iter()
            .any(|m| !m.callback_ids.is_empty() && matches(m.matcher.as_deref(), Some(tool_name)))
    })
}

pub(crate) async fn run(
    deps: &Deps<'_>,
    matchers: Option<&Vec<HookMatcher>>,
    tool_name: Option<&str>,
    input: HookInput,
    tool_use_id: Option<&str>,
) -> HookOutcome {
    let mut outcome = HookOutcome::default();
    let Some(matchers) = matchers else {
        return outcome;
    };
    // The matching hooks run side by side, asked all at once, as the reference runs them
    // (fc_103: a call's hooks are all asked before the next call's); their answers are
    // taken in order.
    let hooks: Vec<(&HookMatcher, &String)> = matchers
        .iter()
        .filter(|m| matches(m.matcher.as_deref(), tool_name))
        .flat_map(|m| m.callback_ids.iter().map(move |id| (m, id)))
        .collect();
    let asked = hooks.iter().map(|(m, id)| {
        let request = ControlRequest::HookCallback(HookCallback {
            callback_id: (*id).clone(),
            input: input.clone(),
            tool_use_id: Some(
                tool_use_id
                    .map(str::to_string)
                    .unwrap_or_else(|| deps.clock.uuid()),
            ),
        });
        let timeout_ms = (m.timeout.unwrap_or(60.0) * 1000.0) as u64;
        let span = telemetry::hook_span(&input.session_id, input.event_name(), id);
        async move {
            let reply = call_with_timeout(deps, deps.host, request, timeout_ms)
                .instrument(span.clone())
                .await;
            (reply, span)
        }
    });
    let replies = futures::future::join_all(asked).await;
    for ((m, id), (reply, span)) in hooks.into_iter().zip(replies) {
        span.record(
            "oxagent.hook.outcome",
            match &reply {
                Ok(out) if out.unreadable.is_none() => "ok",
                _ => "failed",
            },
        );
        outcome.ran += 1;
        let fails_closed = m.on_failure.as_deref().is_some_and(|f| f != "continue");
        let failure = match &reply {
            Ok(out) => out.unreadable.clone(),
            Err(why) => Some(why.clone()),
        };
        // The caller's own callbacks fail closed on a timeout; a settings file's shell
        // command that runs too long is only an error of that hook.
        outcome.timed_out |= !m.from_settings && failure.as_deref() == Some(TIMED_OUT);
        let mut reply = reply;
        if m.from_settings && input.event_name() == "PreToolUse" {
            let other_event = matches!(&reply, Ok(out) if out.specific.as_ref()
                    .is_some_and(|s| s.hook_event_name.as_deref() != Some("PreToolUse")));
            if other_event {
                if let Ok(out) = &mut reply {
                    out.specific = None;
                }
            }
            outcome.no_verdict |= other_event || failure.as_deref().is_some_and(|f| f != TIMED_OUT);
        }
        match (failure, reply) {
            (Some(why), _) if fails_closed => fail_closed(&mut outcome, input.event_name(), why),
            (_, Ok(out)) if !m.from_settings && unfit(input.event_name(), &out) => {
                outcome.unfit_callbacks.push(id.clone())
            }
            (_, Ok(out)) => fold(&mut outcome, out),
            // A callback of the caller that failed (raised, threw) counts as an empty
            // answer, with the same warning as an unfit one; a timeout is its own case.
            (Some(why), Err(_)) if !m.from_settings && why != TIMED_OUT => {
                outcome.unfit_callbacks.push(id.clone())
            }
            _ => {}
        }
    }
    outcome
}

/// Whether an answer carries what its event cannot take: a PermissionRequest hook answers
/// with `decision`, not PreToolUse's `permissionDecision`.
/// The events whose answers may carry a `hookSpecificOutput`.
const HAVE_SPECIFIC_OUTPUT: &[&str] = &[
    "PreToolUse",
    "UserPromptSubmit",
    "UserPromptExpansion",
    "SessionStart",
    "Setup",
    "PreModelSwitch",
    "PostModelSwitch",
    "SubagentStart",
    "PostToolUse",
    "PostToolUseFailure",
    "PostToolBatch",
    "Stop",
    "SubagentStop",
    "PermissionDenied",
    "Notification",
    "PermissionRequest",
    "Elicitation",
    "ElicitationResult",
    "CwdChanged",
    "FileChanged",
    "WorktreeCreate",
    "MessageDisplay",
    "PreSkillShellCommand",
];

/// An answer that does not fit its event: a `hookSpecificOutput` where the event has none
/// (PreCompact), a `permissionDecision` for a PermissionRequest.
fn unfit(event: &str, out: &HookOutput) -> bool {
    let Some(specific) = out.specific.as_ref() else {
        return false;
    };
    !HAVE_SPECIFIC_OUTPUT.contains(&event)
        || (event == "PermissionRequest" && specific.permission_decision.is_some())
}

async fn call_with_timeout(
    deps: &Deps<'_>,
    host: &dyn Host,
    request: ControlRequest,
    timeout_ms: u64,
) -> Result<HookOutput, String> {
    let call = host.control(request);
    let timer = deps.clock.sleep(timeout_ms);
    match select(call, timer).await {
        Either::Left((Ok(ControlResponse::Hook(out)), _)) => Ok(*out),
        Either::Left((Ok(_), _)) => Err("the hook callback's answer is not an object".into()),
        Either::Left((Err(e), _)) => Err(e),
        Either::Right(((), _)) => Err(TIMED_OUT.to_string()),
    }
}

/// A failed callback of a matcher set to `on_failure: "block"` blocks what its event
/// guards; Stop and SubagentStop ignore it.
fn fail_closed(outcome: &mut HookOutcome, event: &str, why: String) {
    let reason = format!("Hook callback failed: {why}");
    match event {
        "Stop" | "SubagentStop" => {}
        "PreToolUse" => outcome.permission_decision = Some(("deny".into(), Some(reason))),
        "PermissionRequest" => {
            outcome.permission_request = Some(PermissionAnswer::Deny {
                message: reason,
                interrupt: false,
            });
        }
        _ => outcome.block_reason = Some(reason),
    }
}

fn fold(outcome: &mut HookOutcome, out: HookOutput) {
    let halts = out.continue_ == Some(false) || out.decision.as_deref() == Some("block");
    if halts && !outcome.stop && outcome.block_reason.is_none() {
        outcome.notices_before_halt = outcome.system_messages.len();
    }
    if let Some(run) = out.command_run.clone() {
        outcome.command_runs.push(run);
    }
    if out.continue_ == Some(false) {
        outcome.stopped_first |= !outcome.stop && outcome.block_reason.is_none();
        outcome.stop = true;
        outcome.stop_reason = out.stop_reason;
    }
    if out.decision.as_deref() == Some("block") {
        let reason = out.reason.clone().unwrap_or_default();
        outcome.block_words = match &out.command_run {
            _ if out.block_words.is_some() => out.block_words.clone(),
            Some(run) if run.exit_code == Some(2) => {
                Some(run.stderr.trim().to_string()).filter(|s| !s.is_empty())
            }
            _ => Some(reason.clone()),
        };
        if outcome.block_reason.is_none() {
            outcome.notices_before_block = outcome.system_messages.len();
        }
        outcome.block_reasons.push(reason.clone());
        outcome.block_reason = Some(reason);
    }
    if let Some(msg) = out.system_message {
        outcome.system_messages.push(msg);
    }
    // The older spelling of a PreToolUse allow: `decision: "approve"`, its `reason` the
    // decision's reason (it matters for PreToolUse alone).
    if out.decision.as_deref() == Some("approve") && outcome.permission_decision.is_none() {
        outcome.permission_decision = Some(("allow".into(), out.reason.clone()));
    }
    let Some(specific) = out.specific else {
        return;
    };
    // A hook's rewritten input goes with its decision: taken when the decision stands
    // (an allow after another hook's ask is dropped with its input; an ask after an allow
    // keeps the allow's input), or when the hook decides nothing (edges/hp_*).
    let mut input_stands = true;
    if let Some(decision) = specific.permission_decision {
        // deny wins over defer, defer over ask, ask over allow, whatever the order the hooks
        // answered in (tests/conformance/defer).
        let rank = |d: &str| match d {
            "deny" => 4,
            "defer" => 3,
            "ask" => 2,
            "allow" => 1,
            _ => 0,
        };
        let current = outcome
            .permission_decision
            .as_ref()
            .map(|(d, _)| rank(d))
            .unwrap_or(0);
        input_stands = rank(&decision) >= current;
        if rank(&decision) > current {
            outcome.permission_decision = Some((decision, specific.permission_decision_reason));
        }
    }
    if let Some(updated) = specific
        .updated_input
        .filter(|v| v.is_object() && input_stands)
    {
        outcome.updated_input = Some(updated);
    }
    if let Some(decision) = specific.decision {
        // A deny answer stands over an allow from another hook.
        let deny = |d: &PermissionAnswer| matches!(d, PermissionAnswer::Deny { .. });
        if !outcome.permission_request.as_ref().is_some_and(deny) {
            outcome.permission_request = Some(decision);
        }
    }
    if let Some(ctx) = specific.additional_context {
        outcome.additional_context.push(ctx);
    }
    if let Some(output) = specific.updated_tool_output {
        outcome.updated_tool_output = Some(output);
    }
    if let Some(output) = specific.updated_mcp_tool_output {
        outcome.updated_mcp_tool_output = Some(output);
    }
    if let Some(title) = specific.session_title {
        outcome.session_title = Some(title);
    }
    outcome.suppress_original_prompt |= specific.suppress_original_prompt == Some(true);
    if let Some(message) = specific.initial_user_message {
        outcome.initial_user_message = Some(message);
    }
    if let Some(shown) = specific.display_content {
        outcome.display_content = Some(shown);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matcher_patterns() {
        assert!(matches(None, Some("Bash")));
        assert!(matches(Some("Bash"), Some("Bash")));
        assert!(!matches(Some("Bash"), Some("Read")));
        assert!(matches(Some("Edit|Write"), Some("Write")));
        assert!(matches(Some("mcp__.*"), Some("mcp__srv__tool")));
        // A dash is part of a name: a server's name alone covers none of its tools (fk_039).
        assert!(!matches(Some("mcp__my-tools"), Some("mcp__my-tools__add")));
        assert!(matches(
            Some("mcp__my-tools__add"),
            Some("mcp__my-tools__add")
        ));
        // A former name matches the tool it names now; not the other way round.
        assert!(matches(Some("Task"), Some("Agent")));
        assert!(matches(Some("Read|KillShell"), Some("TaskStop")));
        assert!(!matches(Some("Agent"), Some("Task")));
        assert!(matches(Some("*"), Some("Read")));
        // Anything else is a regular expression, searched in the name.
        assert!(matches(Some("^(Read|Glob)$"), Some("Read")));
        assert!(!matches(Some("^(Read|Glob)$"), Some("ReadX")));
        assert!(matches(Some("Wri.*"), Some("Write")));
        assert!(matches(Some("ead"), Some("ead")));
        assert!(!matches(Some("ead"), Some("Read")));
        assert!(matches(Some("e.d"), Some("Read")));
        assert!(!matches(Some("(Read"), Some("Read")));
    }

    #[test]
    fn a_permission_request_cannot_answer_with_a_permission_decision() {
        let out = HookOutput::from_value(
            serde_json::json!({"hookSpecificOutput": {"permissionDecision": "deny"}}),
        )
        .unwrap();
        assert!(unfit("PermissionRequest", &out));
        assert!(!unfit("PreToolUse", &out));
        // PreCompact answers carry no hookSpecificOutput at all.
        assert!(unfit("PreCompact", &out));
        let context = serde_json::json!({"hookSpecificOutput": {"additionalContext": "x"}});
        let context = HookOutput::from_value(context).unwrap();
        assert!(unfit("PreCompact", &context));
        assert!(!unfit("Stop", &context));
        let plain = HookOutput::from_value(serde_json::json!({"systemMessage": "s"})).unwrap();
        assert!(!unfit("PreCompact", &plain));
    }

    #[test]
    fn deny_outranks_allow() {
        let mut o = HookOutcome::default();
        let read = |v: serde_json::Value| HookOutput::from_value(v).unwrap();
        let allow =
            read(serde_json::json!({"hookSpecificOutput": {"permissionDecision": "allow"}}));
        let deny = read(
            serde_json::json!({"hookSpecificOutput": {"permissionDecision": "deny",
            "permissionDecisionReason": "no"}}),
        );
        fold(&mut o, deny);
        fold(&mut o, allow);
        assert_eq!(
            o.permission_decision,
            Some(("deny".into(), Some("no".into())))
        );
    }

    #[test]
    fn a_deferral_stands_over_ask_and_allow_and_under_deny() {
        let read = |d: &str| {
            HookOutput::from_value(
                serde_json::json!({"hookSpecificOutput": {"permissionDecision": d}}),
            )
            .unwrap()
        };
        let run = |decisions: &[&str]| {
            let mut o = HookOutcome::default();
            for d in decisions {
                fold(&mut o, read(d));
            }
            o.permission_decision.map(|(d, _)| d)
        };
        assert_eq!(run(&["defer", "ask"]).as_deref(), Some("defer"));
        assert_eq!(run(&["ask", "defer"]).as_deref(), Some("defer"));
        assert_eq!(run(&["allow", "defer"]).as_deref(), Some("defer"));
        assert_eq!(run(&["defer", "deny"]).as_deref(), Some("deny"));
        // A decision the events do not know is unreadable; `defer` is known.
        assert!(read("defer").unreadable.is_none());
        assert!(read("later").unreadable.is_some());
    }

    #[test]
    fn a_rewritten_input_goes_with_its_decision() {
        let read = |v: serde_json::Value| HookOutput::from_value(v).unwrap();
        let ask = || read(serde_json::json!({"hookSpecificOutput": {"permissionDecision": "ask"}}));
        let rewrite = |c: &str| {
            read(
                serde_json::json!({"hookSpecificOutput": {"permissionDecision": "allow",
                "updatedInput": {"command": c}}}),
            )
        };
        let allow =
            || read(serde_json::json!({"hookSpecificOutput": {"permissionDecision": "allow"}}));
        let run = |outputs: Vec<HookOutput>| {
            let mut o = HookOutcome::default();
            for out in outputs {
                fold(&mut o, out);
            }
            (
                o.permission_decision.map(|(d, _)| d),
                o.updated_input.map(|v| v["command"].clone()),
            )
        };
        let some =
            |d: &str, c: Option<&str>| (Some(d.to_string()), c.map(|c| serde_json::json!(c)));
        // An allow after an ask is dropped, its input with it (hp_ask_rw).
        assert_eq!(run(vec![ask(), rewrite("x")]), some("ask", None));
        // An ask after an allow keeps the allow's input (hp_rw_ask).
        assert_eq!(run(vec![rewrite("x"), ask()]), some("ask", Some("x")));
        // Allows side by side: the last input given stands (hp_rw_rw2, hp_rw_allow).
        assert_eq!(
            run(vec![rewrite("x"), rewrite("y")]),
            some("allow", Some("y"))
        );
        assert_eq!(run(vec![rewrite("x"), allow()]), some("allow", Some("x")));
    }
}

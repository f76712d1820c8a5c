//! Runs one tool call: validation, PreToolUse hooks, the permission verdict, the tool,
//! PostToolUse hooks. When the calls of a response run is [`super::schedule`]'s.
//!
//! ```text
//! instant:  unknown tool / bad input / verdict of the rules alone ─► CallOutcome now
//! run_one:  checked_tool ─► PreToolUse ─► permission::decide ─► execute ─► PostToolUse
//! ```

use serde_json::{json, Value};

use crate::content::ToolResultContent;
use crate::message::PermissionDenial;
use crate::protocol::hook::HookEvent;
use crate::protocol::system::{PermissionDenied, SystemBody};
use crate::rules::PermissionRule;
use crate::tool::{Tool, ToolContext};
use crate::validate::validate_input;

use crate::agent::deps::Deps;
use crate::agent::hooks::callbacks;
use crate::agent::hooks::report::{blocking_error, hook_notices, hook_runs};
use crate::agent::view::SessionView;

use super::call::{Call, CallOutcome};
use super::permission::{decide, decide_now, Verdict};

/// The outcome of a call that needs neither a callback nor a run: an unknown tool, an input
/// that fails its schema, a permission verdict the rules reach on their own. `None`: the
/// call must go through [`run_one`]. The permission_denied message, if any, stays in the
/// outcome's `announce`.
pub(crate) fn instant(
    session: &SessionView<'_>,
    deps: &Deps<'_>,
    call: &Call,
) -> Option<CallOutcome> {
    let tool = match checked_tool(session, deps, call) {
        Ok(tool) => tool,
        Err(outcome) => return Some(*outcome),
    };
    if callbacks::any_match(session.config.hooks.get("PreToolUse"), &call.name) {
        return None;
    }
    let verdict = decide_now(session, deps, tool.as_ref(), call, &call.input, None).ok()?;
    match verdict {
        Verdict::Allow(_) => None,
        // Tools that look at the file on disk before asking answer later, except when a deny
        // rule refuses the path outright.
        Verdict::ToolError(_) => Some(outcome_of(session, deps, call, verdict)),
        _ if tool.checks_disk_first() => None,
        _ => Some(outcome_of(session, deps, call, verdict)),
    }
}

/// The tool a call names, once its input passed the schema; else the error outcome.
fn checked_tool<'d>(
    session: &SessionView<'_>,
    deps: &'d Deps<'_>,
    call: &Call,
) -> Result<&'d std::sync::Arc<dyn Tool>, Box<CallOutcome>> {
    let id = call.id.as_str();
    let Some(tool) = deps.tools.get(&call.name) else {
        let disabled = session
            .config
            .disallowed_tools
            .iter()
            .filter_map(|r| PermissionRule::parse(r).ok())
            .any(|r| r.is_bare() && r.tool == call.name);
        let text = if disabled {
            format!(
                "Error: No such tool available: {0}. {0} is disabled for this session, in subagents as well as here.",
                call.name
            )
        } else if session.config.subagent.is_some() {
            // A subagent is told to go on with what it has.
            format!(
                "Error: No such tool available: {0}. {0} is not among the tools available here. Continue with the tools you have.",
                call.name
            )
        } else {
            format!("Error: No such tool available: {}", call.name)
        };
        return Err(Box::new(CallOutcome::error(
            id,
            format!("<tool_use_error>{text}</tool_use_error>"),
            text,
        )));
    };
    if tool.validates_own_input() {
        return Ok(tool);
    }
    if let Err(e) = validate_input(tool.name(), &tool.input_schema(), &call.input) {
        return Err(Box::new(CallOutcome::error(
            id,
            e.model_text,
            e.caller_text,
        )));
    }
    Ok(tool)
}

pub(crate) async fn run_one(
    session: &SessionView<'_>,
    deps: &Deps<'_>,
    call: &Call,
) -> CallOutcome {
    let config = &session.config;
    let id = call.id.as_str();
    let tool = match checked_tool(session, deps, call) {
        Ok(tool) => tool,
        Err(outcome) => return *outcome,
    };

    let mut input = call.input.clone();
    let pre = callbacks::run(
        deps,
        config.hooks.get("PreToolUse"),
        Some(&call.name),
        session.hook_input(HookEvent::PreToolUse {
            tool_name: call.name.clone(),
            tool_input: input.clone(),
            tool_use_id: id.to_string(),
        }),
        Some(id),
    )
    .await;
    if let Some(updated) = &pre.updated_input {
        input = updated.clone();
    }
    hook_runs(session, deps, "PreToolUse", Some(&call.name), &pre);
    let notices = hook_notices(
        session,
        deps,
        "PreToolUse",
        Some(&call.name),
        &pre.system_messages,
    );
    // `decision: "block"` is the older spelling of a deny.
    let hook_decision = match (&pre.permission_decision, &pre.block_reason) {
        (Some((d, r)), _) => Some((d.as_str(), r.clone())),
        (None, Some(r)) => Some(("deny", Some(r.clone()))),
        (None, None) => None,
    };
    let mut outcome = if let Some(("deny", reason)) = hook_decision {
        let msg = format!(
            "PreToolUse:{} hook error: {}",
            call.name,
            reason.unwrap_or_default()
        );
        let mut o = CallOutcome::error(id, msg.clone(), format!("Error: {msg}"));
        o.denial = Some(denial(session, call));
        o
    } else if pre.stop {
        let mut o = CallOutcome::error(
            id,
            "Execution stopped by PreToolUse hook",
            "Error: Execution stopped by PreToolUse hook",
        );
        o.stop = Some(pre.stop_reason.unwrap_or_default());
        o
    } else {
        let verdict = decide(session, deps, tool.as_ref(), call, &input, hook_decision).await;
        match verdict {
            Verdict::Allow(run_input) => {
                execute(session, deps, tool.as_ref(), call, run_input).await
            }
            other => outcome_of(session, deps, call, other),
        }
    };
    outcome.before = notices;
    outcome
}

/// The outcome of a verdict that does not run the tool.
fn outcome_of(
    session: &SessionView<'_>,
    deps: &Deps<'_>,
    call: &Call,
    verdict: Verdict,
) -> CallOutcome {
    let id = call.id.as_str();
    match verdict {
        Verdict::Allow(_) => unreachable!("an allowed call runs"),
        Verdict::Fail(text) => {
            let caller = format!("Error: {}", strip_error_tags(&text));
            CallOutcome::error(id, text, caller)
        }
        Verdict::ToolError(text) => {
            let caller = format!("Error: {}", strip_error_tags(&text));
            let mut o = CallOutcome::error(id, text, caller);
            o.denial = Some(denial(session, call));
            o
        }
        Verdict::Deny {
            message,
            interrupt,
            announce,
        } => {
            let mut o = CallOutcome::error(id, message.clone(), format!("Error: {message}"));
            o.denial = Some(denial(session, call));
            if let Some(d) = announce {
                let denied = PermissionDenied {
                    tool_name: call.name.clone(),
                    tool_use_id: id.to_string(),
                    agent_id: session.config.subagent.as_ref().map(|r| r.agent_id.clone()),
                    decision_reason_type: d.reason_type.clone(),
                    decision_reason_code: d.code.clone(),
                    decision_reason: d.reason.clone(),
                    message: message.clone(),
                };
                o.announce = Some(session.system(SystemBody::PermissionDenied(denied), deps));
            }
            if interrupt {
                o.content = ToolResultContent::Text(REJECTED_TEXT.to_string());
                o.structured = Some(json!("User rejected tool use"));
                o.interrupt = true;
            }
            o
        }
    }
}

/// `<tool_use_error>text</tool_use_error>` -> `text`.
fn strip_error_tags(text: &str) -> &str {
    text.strip_prefix("<tool_use_error>")
        .and_then(|t| t.strip_suffix("</tool_use_error>"))
        .unwrap_or(text)
}

/// What the model reads when the user stops the turn at a permission prompt.
const REJECTED_TEXT: &str = "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed.";

async fn execute(
    session: &SessionView<'_>,
    deps: &Deps<'_>,
    tool: &dyn Tool,
    call: &Call,
    input: Value,
) -> CallOutcome {
    let config = &session.config;
    let ctx = ToolContext {
        session_id: config.session_id.clone(),
        tool_use_id: call.id.clone(),
        cwd: config.cwd.clone(),
        additional_directories: config.additional_directories.clone(),
        env: config.env.clone(),
        abort: deps.interrupt.clone(),
        agent_id: session.config.subagent.as_ref().map(|r| r.agent_id.clone()),
        prompt_id: session.prompt_id.map(str::to_string),
    };
    let mut out = tool.call(input.clone(), &ctx).await;
    let failed = out.is_error == Some(true);
    if failed && deps.tools.deferred().is_hidden(&call.name) {
        if let ToolResultContent::Text(text) = &mut out.content {
            text.push_str(&unseen_schema_note(&call.name, &tool.input_schema()));
        }
    }
    let (tool_name, tool_input, tool_use_id) = (call.name.clone(), input, call.id.clone());
    let hook_event = if failed {
        HookEvent::PostToolUseFailure {
            tool_name,
            tool_input,
            error: out.content.as_text(),
            is_interrupt: deps.interrupt.is_aborted(),
            tool_use_id,
        }
    } else {
        HookEvent::PostToolUse {
            tool_name,
            tool_input,
            tool_response: out.structured.clone().unwrap_or(Value::Null),
            tool_use_id,
        }
    };
    let event = hook_event.name();
    let hook_input = session.hook_input(hook_event);
    let post = callbacks::run(
        deps,
        config.hooks.get(event),
        Some(&call.name),
        hook_input,
        Some(&call.id),
    )
    .await;
    hook_runs(session, deps, event, Some(&call.name), &post);
    let mut context: Vec<String> = post
        .additional_context
        .iter()
        .map(|c| format!("{event}:{} hook additional context: {c}", call.name))
        .collect();
    if let Some(reason) = &post.block_reason {
        context.push(blocking_error(event, Some(&call.name), reason));
    }
    CallOutcome {
        tool_use_id: call.id.clone(),
        content: out.content,
        is_error: out.is_error,
        structured: out.structured,
        denial: None,
        announce: None,
        interrupt: false,
        context,
        stop: post
            .stop
            .then(|| post.stop_reason.clone().unwrap_or_default()),
        before: Vec::new(),
        after: hook_notices(
            session,
            deps,
            event,
            Some(&call.name),
            &post.system_messages,
        ),
    }
}

/// Added to the error of a deferred tool called before ToolSearch loaded it: the model
/// guessed its input without the schema.
fn unseen_schema_note(name: &str, schema: &Value) -> String {
    format!(
        "\n\nYou called this tool without its input schema in your context. Its schema is: {schema}\n         If your input does not fit it, fix the input and call again. If it fits, the error has          another cause; should a corrected call fail the same way, load the tool with ToolSearch          (query \"select:{name}\") and call it again."
    )
}

/// The result's record of a refused call. As in the reference, a file tool's path is
/// listed absolute and normalized (`~` and `..` resolved, symlinks kept).
fn denial(session: &SessionView<'_>, call: &Call) -> PermissionDenial {
    let mut tool_input = call.input.clone();
    let key = match call.name.as_str() {
        "Read" | "Write" | "Edit" => Some("file_path"),
        "NotebookEdit" => Some("notebook_path"),
        _ => None,
    };
    if let Some(Value::String(path)) = key.and_then(|k| tool_input.get_mut(k)) {
        let config = &session.config;
        let full = crate::rules::path::resolve(path, &config.cwd, config.home.as_deref());
        *path = full.to_string_lossy().into_owned();
    }
    PermissionDenial {
        tool_name: call.name.clone(),
        tool_use_id: call.id.clone(),
        tool_input,
    }
}

//! Runs the tool calls of one response: hooks, validation, permission, execution.
//!
//! Read-only calls that follow each other run concurrently; any other call runs alone, in
//! order. Results come back in the order of the calls.

use futures::future::join_all;
use serde_json::{json, Map, Value};

use crate::config::PermissionMode;
use crate::content::{ContentBlock, ToolResultContent};
use crate::message::{Message, PermissionDenial, SystemMessage};
use crate::permission::{PermissionContext, ToolPermission};
use crate::rules::PermissionRule;
use crate::tool::{Tool, ToolContext};
use crate::validate::validate_input;

use super::{hooks, Deps, Session};

/// The outcome of one call, ready to be emitted and appended.
#[derive(Debug)]
pub(crate) struct CallOutcome {
    pub tool_use_id: String,
    pub content: ToolResultContent,
    pub is_error: Option<bool>,
    pub structured: Option<Value>,
    pub denial: Option<PermissionDenial>,
    /// A `system/permission_denied` message to emit before the result.
    pub announce: Option<Message>,
    /// can_use_tool denied with `interrupt: true`.
    pub interrupt: bool,
    /// Context from PostToolUse hooks for the model.
    pub context: Vec<String>,
    /// A hook said `continue: false`.
    pub stop: Option<String>,
}

impl CallOutcome {
    fn new(id: &str, content: impl Into<String>, is_error: Option<bool>) -> Self {
        CallOutcome {
            tool_use_id: id.to_string(),
            content: ToolResultContent::Text(content.into()),
            is_error,
            structured: None,
            denial: None,
            announce: None,
            interrupt: false,
            context: Vec::new(),
            stop: None,
        }
    }

    fn error(id: &str, model_text: impl Into<String>, caller_text: impl Into<String>) -> Self {
        let mut o = CallOutcome::new(id, model_text, Some(true));
        o.structured = Some(Value::String(caller_text.into()));
        o
    }

    pub fn block(&self) -> ContentBlock {
        ContentBlock::ToolResult {
            tool_use_id: self.tool_use_id.clone(),
            content: Some(self.content.clone()),
            is_error: self.is_error,
        }
    }
}

pub(crate) struct Call {
    pub id: String,
    pub name: String,
    pub input: Value,
}

/// Runs the calls, batching consecutive read-only ones.
pub(crate) async fn run_calls(
    session: &Session,
    deps: &Deps<'_>,
    calls: Vec<Call>,
) -> Vec<CallOutcome> {
    let mut outcomes = Vec::with_capacity(calls.len());
    let mut batch: Vec<Call> = Vec::new();
    for call in calls {
        let read_only = deps
            .tools
            .get(&call.name)
            .is_some_and(|t| t.is_read_only(&call.input));
        if !read_only && !batch.is_empty() {
            let run = std::mem::take(&mut batch);
            outcomes.extend(join_all(run.iter().map(|c| run_one(session, deps, c))).await);
        }
        if read_only {
            batch.push(call);
        } else {
            outcomes.push(run_one(session, deps, &call).await);
        }
        if outcomes.iter().any(|o| o.interrupt) || deps.interrupt.is_aborted() {
            break;
        }
    }
    if !batch.is_empty() {
        outcomes.extend(join_all(batch.iter().map(|c| run_one(session, deps, c))).await);
    }
    outcomes
}

async fn run_one(session: &Session, deps: &Deps<'_>, call: &Call) -> CallOutcome {
    let config = &session.config;
    let id = call.id.as_str();
    let Some(tool) = deps.tools.get(&call.name) else {
        let disabled = config
            .disallowed_tools
            .iter()
            .map(|r| PermissionRule::parse(r))
            .any(|r| r.is_bare() && r.tool == call.name);
        let text = if disabled {
            format!(
                "Error: No such tool available: {0}. {0} is disabled for this session, in subagents as well as here.",
                call.name
            )
        } else {
            format!("Error: No such tool available: {}", call.name)
        };
        return CallOutcome::error(id, format!("<tool_use_error>{text}</tool_use_error>"), text);
    };
    if let Err(e) = validate_input(tool.name(), &tool.input_schema(), &call.input) {
        return CallOutcome::error(id, e.model_text, e.caller_text);
    }

    let mut input = call.input.clone();
    let pre = hooks::run(
        deps,
        config.hooks.get("PreToolUse"),
        Some(&call.name),
        session.hook_input("PreToolUse", Some((&call.name, &input, id))),
        Some(id),
    )
    .await;
    if let Some(updated) = &pre.updated_input {
        input = updated.clone();
    }
    let hook_decision = pre
        .permission_decision
        .as_ref()
        .map(|(d, r)| (d.as_str(), r.clone()));
    if let Some(("deny", reason)) = hook_decision {
        let msg = format!(
            "PreToolUse:{} hook error: {}",
            call.name,
            reason.unwrap_or_default()
        );
        let mut o = CallOutcome::error(id, msg.clone(), format!("Error: {msg}"));
        o.denial = Some(denial(call));
        return o;
    }
    if pre.stop {
        let mut o = CallOutcome::error(
            id,
            "Execution stopped by PreToolUse hook",
            "Error: Execution stopped by PreToolUse hook",
        );
        o.stop = Some(pre.stop_reason.unwrap_or_default());
        return o;
    }

    match decide(
        session,
        deps,
        tool.as_ref(),
        call,
        &input,
        hook_decision.map(|(d, _)| d),
    )
    .await
    {
        Verdict::Allow(run_input) => execute(session, deps, tool.as_ref(), call, run_input).await,
        Verdict::Deny {
            message,
            interrupt,
            announce_reason,
        } => {
            let mut o = CallOutcome::error(id, message.clone(), format!("Error: {message}"));
            o.denial = Some(denial(call));
            if let Some(reason_type) = announce_reason {
                let mut data = Map::new();
                data.insert("tool_name".into(), json!(call.name));
                data.insert("tool_use_id".into(), json!(id));
                if let Some(rt) = reason_type {
                    if let Some(reason) = reason_text(&rt) {
                        data.insert("decision_reason".into(), json!(reason));
                    }
                    data.insert("decision_reason_type".into(), json!(rt));
                }
                data.insert("message".into(), json!(message));
                o.announce = Some(Message::System(SystemMessage {
                    subtype: "permission_denied".into(),
                    data,
                    uuid: deps.clock.uuid(),
                    session_id: config.session_id.clone(),
                }));
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

/// What the model reads when the user stops the turn at a permission prompt.
pub(crate) const REJECTED_TEXT: &str = "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed.";

const DONT_ASK_TEXT: &str = "has been denied because Claude Code is running in don't ask mode. IMPORTANT: You *may* attempt to accomplish this action using other tools that might naturally be used to accomplish this goal, e.g. using head instead of cat. But you *should not* attempt to work around this denial in malicious ways, e.g. do not use your ability to run tests to execute non-test actions. You should only try to work around this restriction in reasonable ways that do not attempt to bypass the intent behind this denial. If you believe this capability is essential to complete the user's request, STOP and explain to the user what you were trying to do and why you need this permission. Let the user decide how to proceed.";

enum Verdict {
    Allow(Value),
    /// `announce_reason`: `Some(reason_type)` emits a permission_denied message.
    Deny {
        message: String,
        interrupt: bool,
        announce_reason: Option<Option<String>>,
    },
}

/// The reason the permission_denied message states for a kind of decision.
fn reason_text(reason_type: &str) -> Option<&'static str> {
    match reason_type {
        "workingDir" => Some("Path is outside allowed working directories"),
        _ => None,
    }
}

fn has_shell_operators(command: &str) -> bool {
    ["&&", "||", ";", "|", "`", "$(", ">", "<", "\n", "&"]
        .iter()
        .any(|op| command.contains(op))
}

async fn decide(
    session: &Session,
    deps: &Deps<'_>,
    tool: &dyn Tool,
    call: &Call,
    input: &Value,
    hook_decision: Option<&str>,
) -> Verdict {
    let config = &session.config;
    let name = tool.name();
    let rules = |list: &[String]| {
        list.iter()
            .map(|r| PermissionRule::parse(r))
            .collect::<Vec<_>>()
    };
    if rules(&config.disallowed_tools)
        .iter()
        .any(|r| r.covers(name, input))
    {
        let message = match input.get("command").and_then(Value::as_str) {
            Some(cmd) if name == "Bash" => {
                format!("Permission to use Bash with command {cmd} has been denied.")
            }
            _ => format!("Permission to use {name} has been denied."),
        };
        return Verdict::Deny {
            message,
            interrupt: false,
            announce_reason: Some(Some("rule".into())),
        };
    }
    let mode = session.live.permission_mode();
    if mode == PermissionMode::BypassPermissions || hook_decision == Some("allow") {
        return Verdict::Allow(input.clone());
    }
    let allowed = rules(&config.allowed_tools).iter().any(|r| {
        r.covers(name, input)
            && (r.is_bare()
                || name != "Bash"
                || !input
                    .get("command")
                    .and_then(Value::as_str)
                    .is_some_and(has_shell_operators))
    });
    if allowed && hook_decision != Some("ask") {
        return Verdict::Allow(input.clone());
    }
    let ctx = PermissionContext {
        cwd: config.cwd.clone(),
        additional_directories: config.additional_directories.clone(),
        mode,
    };
    let check = match tool.check_permission(input, &ctx) {
        ToolPermission::Allow if hook_decision == Some("ask") => ToolPermission::ask(format!(
            "Claude requested permissions to use {name}, but you haven't granted it yet."
        )),
        other => other,
    };
    let (message, blocked_path, suggestions, reason_type) = match check {
        ToolPermission::Allow => return Verdict::Allow(input.clone()),
        ToolPermission::Deny { message } => {
            return Verdict::Deny {
                message,
                interrupt: false,
                announce_reason: Some(None),
            }
        }
        ToolPermission::Ask {
            message,
            blocked_path,
            suggestions,
            reason_type,
        } => (message, blocked_path, suggestions, reason_type),
    };
    if mode == PermissionMode::DontAsk {
        let message = format!("Permission to use {name} {DONT_ASK_TEXT}");
        return Verdict::Deny {
            message,
            interrupt: false,
            announce_reason: Some(Some("mode".into())),
        };
    }
    if !deps.host.handles_can_use_tool() {
        return Verdict::Deny {
            message,
            interrupt: false,
            announce_reason: Some(reason_type),
        };
    }
    let mut request = json!({
        "subtype": "can_use_tool",
        "tool_name": name,
        "input": input,
        "permission_suggestions": suggestions,
        "blocked_path": blocked_path,
        "tool_use_id": call.id,
        "display_name": name,
    });
    if let Some(desc) = tool.describe_call(input) {
        request["description"] = json!(desc);
    }
    match deps.host.control(request).await {
        Ok(reply) if reply.get("behavior").and_then(Value::as_str) == Some("allow") => {
            let updated = reply.get("updatedInput").filter(|v| v.is_object()).cloned();
            Verdict::Allow(updated.unwrap_or_else(|| input.clone()))
        }
        Ok(reply) => Verdict::Deny {
            message: reply
                .get("message")
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_string(),
            interrupt: reply
                .get("interrupt")
                .and_then(Value::as_bool)
                .unwrap_or(false),
            announce_reason: None,
        },
        Err(e) => Verdict::Deny {
            message: e,
            interrupt: false,
            announce_reason: None,
        },
    }
}

async fn execute(
    session: &Session,
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
    };
    let out = tool.call(input.clone(), &ctx).await;
    let failed = out.is_error == Some(true);
    let (event, extra) = if failed {
        (
            "PostToolUseFailure",
            json!({"error": out.content.as_text(), "is_interrupt": deps.interrupt.is_aborted()}),
        )
    } else {
        (
            "PostToolUse",
            json!({"tool_response": out.structured.clone().unwrap_or(Value::Null)}),
        )
    };
    let mut hook_input = session.hook_input(event, Some((&call.name, &input, &call.id)));
    if let (Value::Object(h), Value::Object(e)) = (&mut hook_input, extra) {
        let id = h.remove("tool_use_id");
        h.extend(e);
        if let Some(id) = id {
            h.insert("tool_use_id".into(), id);
        }
    }
    let post = hooks::run(
        deps,
        config.hooks.get(event),
        Some(&call.name),
        hook_input,
        Some(&call.id),
    )
    .await;
    CallOutcome {
        tool_use_id: call.id.clone(),
        content: out.content,
        is_error: out.is_error,
        structured: out.structured,
        denial: None,
        announce: None,
        interrupt: false,
        context: post
            .additional_context
            .into_iter()
            .map(|c| format!("{event}:{} hook additional context: {c}", call.name))
            .collect(),
        stop: post.stop.then(|| post.stop_reason.unwrap_or_default()),
    }
}

fn denial(call: &Call) -> PermissionDenial {
    PermissionDenial {
        tool_name: call.name.clone(),
        tool_use_id: call.id.clone(),
        tool_input: call.input.clone(),
    }
}

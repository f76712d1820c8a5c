//! Runs one tool call: validation, hooks, permission, execution. The order the calls of a
//! response run in is [`super::executor`]'s.

use serde_json::{json, Map, Value};

use crate::config::SessionConfig;
use crate::content::{ContentBlock, ToolResultContent};
use crate::message::{Message, PermissionDenial, SystemMessage};
use crate::permission::evaluate::{evaluate, settle, Denial, Outcome, Prompt, NO_CLASSIFIER_CODE};
use crate::permission::PermissionContext;
use crate::rules::{PermissionRule, RuleBehavior, RuleSet, RuleSource};
use crate::tool::{Tool, ToolContext};
use crate::validate::validate_input;

use super::executor::Pace;
use super::{hooks, updates, Deps, Session};

/// The outcome of one call, ready to be emitted and appended.
#[derive(Debug)]
pub(crate) struct CallOutcome {
    pub tool_use_id: String,
    pub content: ToolResultContent,
    pub is_error: Option<bool>,
    pub structured: Option<Value>,
    pub denial: Option<PermissionDenial>,
    /// The `system/permission_denied` message to emit before the result (after a warning
    /// the first time the auto-mode classifier was wanted).
    pub announce: Vec<Message>,
    /// How soon an answer given without running is seen while the response streams.
    pub pace: Pace,
    /// can_use_tool denied with `interrupt: true`.
    pub interrupt: bool,
    /// Context from PostToolUse hooks for the model.
    pub context: Vec<String>,
    /// A hook said `continue: false`.
    pub stop: Option<String>,
    /// Notices to emit before the result (PreToolUse `systemMessage`s) and after it
    /// (PostToolUse ones).
    pub before: Vec<Message>,
    pub after: Vec<Message>,
}

impl CallOutcome {
    fn new(id: &str, content: impl Into<String>, is_error: Option<bool>) -> Self {
        CallOutcome {
            tool_use_id: id.to_string(),
            content: ToolResultContent::Text(content.into()),
            is_error,
            structured: None,
            denial: None,
            announce: Vec::new(),
            pace: Pace::Now,
            interrupt: false,
            context: Vec::new(),
            stop: None,
            before: Vec::new(),
            after: Vec::new(),
        }
    }

    pub(crate) fn error(
        id: &str,
        model_text: impl Into<String>,
        caller_text: impl Into<String>,
    ) -> Self {
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

#[derive(Debug, Clone)]
pub(crate) struct Call {
    pub id: String,
    pub name: String,
    pub input: Value,
}

/// Told once per session, before the first refusal for want of the auto-mode classifier,
/// when requests go through a gateway that does not pass its check through.
const CLASSIFIER_WARNING: &str = "Auto mode can't check actions in this session. Its safety check runs on the server, and your requests go through {gateway}, which doesn't pass it through. Nobody can be asked to approve actions in this session, so every action that needs the check is refused. To run these actions, use another permission mode. To use auto mode, ask whoever runs {gateway} to pass Claude Code's server-side safety check through: https://code.claude.com/docs/en/permission-modes#server-side-classifier-review";

impl Session {
    /// The classifier warning, the first time it is due.
    fn classifier_warning(&self, deps: &Deps<'_>) -> Option<Message> {
        use std::sync::atomic::Ordering;
        let gateway = self.config.api_gateway.as_deref()?;
        if self.classifier_warned.swap(true, Ordering::Relaxed) {
            return None;
        }
        let mut data = Map::new();
        data.insert(
            "content".into(),
            json!(CLASSIFIER_WARNING.replace("{gateway}", gateway)),
        );
        data.insert("isMeta".into(), json!(false));
        data.insert("level".into(), json!("warning"));
        data.insert("tag".into(), json!("auto_mode_no_server_check"));
        Some(self.system("informational", data, deps))
    }
}

/// The outcome of a call that needs neither a callback nor a run: an unknown tool, an input
/// that fails its schema, a permission verdict the rules reach on their own. `None`: the
/// call must go through [`prepare`]. The permission_denied message, if any, stays in the
/// outcome's `announce`.
pub(crate) fn instant(session: &Session, deps: &Deps<'_>, call: &Call) -> Option<CallOutcome> {
    let tool = match checked_tool(session, deps, call) {
        Ok(tool) => tool,
        Err(mut outcome) => {
            outcome.pace = Pace::Validation;
            return Some(*outcome);
        }
    };
    if hooks::any_match(session.config.hooks.get("PreToolUse"), &call.name) {
        return None;
    }
    let verdict = decide_now(session, deps, tool.as_ref(), call, &call.input, None).ok()?;
    let paced = |pace: Pace, verdict: Verdict| {
        let mut o = outcome_of(session, deps, call, verdict);
        if o.pace == Pace::Now {
            o.pace = pace;
        }
        Some(o)
    };
    match verdict {
        Verdict::Allow(_) => None,
        // Tools that look at the file on disk before asking answer later, except when a deny
        // rule refuses the path outright.
        Verdict::ToolError(_) => paced(Pace::Validation, verdict),
        _ if tool.checks_disk_first() => None,
        _ => paced(Pace::Rules, verdict),
    }
}

/// The tool a call names, once its input passed the schema; else the error outcome.
fn checked_tool<'d>(
    session: &Session,
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

/// A call past its PreToolUse hooks and permission check: either answered, or cleared to
/// run with this input.
pub(crate) enum Prepared<'d> {
    Done(Box<CallOutcome>),
    Run {
        tool: &'d std::sync::Arc<dyn Tool>,
        input: Value,
        /// The PreToolUse hooks' notices, emitted before the result.
        notices: Vec<Message>,
        /// A PreToolUse hook's `continue: false` (its stop reason).
        stop: Option<String>,
    },
}

/// Validation, PreToolUse hooks and the permission decision of a call (which may ask the
/// caller); running it is [`run_prepared`]'s.
pub(crate) async fn prepare<'d>(
    session: &Session,
    deps: &'d Deps<'_>,
    call: &Call,
) -> Prepared<'d> {
    let config = &session.config;
    let id = call.id.as_str();
    let tool = match checked_tool(session, deps, call) {
        Ok(tool) => tool,
        Err(outcome) => return Prepared::Done(outcome),
    };

    let mut input = call.input.clone();
    let seen = observable(session, &call.name, &input);
    let pre = hooks::run(
        deps,
        config.hooks.get("PreToolUse"),
        Some(&call.name),
        session.hook_input("PreToolUse", Some((&call.name, &seen, id))),
        Some(id),
    )
    .await;
    // The input the hook was shown, handed back unchanged, runs as the model wrote it.
    if let Some(updated) = pre.updated_input.as_ref().filter(|u| **u != seen) {
        input = updated.clone();
    }
    session.hook_runs(deps, "PreToolUse", Some(&call.name), &pre);
    // `continue: false` ends the turn once this round is done; the call itself goes on.
    let stop = pre
        .stop
        .then(|| pre.stop_reason.clone().unwrap_or_default());
    let notices = session.hook_notices(deps, "PreToolUse", Some(&call.name), &pre.system_messages);
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
    } else {
        let verdict = decide(session, deps, tool.as_ref(), call, &input, hook_decision).await;
        match verdict {
            Verdict::Allow(run_input) => {
                return Prepared::Run {
                    tool,
                    input: run_input,
                    notices,
                    stop,
                }
            }
            other => outcome_of(session, deps, call, other),
        }
    };
    outcome.before = notices;
    outcome.stop = stop;
    Prepared::Done(Box::new(outcome))
}

/// Runs a call [`prepare`] cleared.
pub(crate) async fn run_prepared(
    session: &Session,
    deps: &Deps<'_>,
    call: &Call,
    tool: &dyn Tool,
    input: Value,
    notices: Vec<Message>,
    stop: Option<String>,
) -> CallOutcome {
    let mut outcome = execute(session, deps, tool, call, input).await;
    outcome.before = notices;
    outcome.stop = stop.or(outcome.stop);
    outcome
}

/// The result of a call that never ran because the caller stopped the turn at another
/// call's permission prompt.
pub(crate) fn rejected(call: &Call) -> CallOutcome {
    CallOutcome::error(&call.id, REJECTED_TEXT, "User rejected tool use")
}

/// The outcome of a verdict that does not run the tool.
fn outcome_of(session: &Session, deps: &Deps<'_>, call: &Call, verdict: Verdict) -> CallOutcome {
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
                let mut data = Map::new();
                data.insert("tool_name".into(), json!(call.name));
                data.insert("tool_use_id".into(), json!(id));
                if let Some(rt) = &d.reason_type {
                    data.insert("decision_reason_type".into(), json!(rt));
                }
                if let Some(code) = &d.code {
                    data.insert("decision_reason_code".into(), json!(code));
                }
                if let Some(reason) = &d.reason {
                    data.insert("decision_reason".into(), json!(reason));
                }
                data.insert("message".into(), json!(message));
                if d.code.as_deref() == Some(NO_CLASSIFIER_CODE) {
                    o.pace = Pace::Classifier;
                    o.announce.extend(session.classifier_warning(deps));
                }
                o.announce.push(Message::System(SystemMessage {
                    subtype: "permission_denied".into(),
                    data,
                    uuid: deps.clock.uuid(),
                    session_id: session.config.session_id.clone(),
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

/// `<tool_use_error>text</tool_use_error>` -> `text`.
fn strip_error_tags(text: &str) -> &str {
    text.strip_prefix("<tool_use_error>")
        .and_then(|t| t.strip_suffix("</tool_use_error>"))
        .unwrap_or(text)
}

/// What the model reads when the user stops the turn at a permission prompt.
pub(crate) const REJECTED_TEXT: &str = "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed.";

enum Verdict {
    Allow(Value),
    Deny {
        message: String,
        interrupt: bool,
        /// `Some`: emit a permission_denied message stating this.
        announce: Option<Denial>,
    },
    /// Refused as a tool error (listed as a denial, not announced).
    ToolError(String),
    /// Failed before any permission question: an error result.
    Fail(String),
}

impl Verdict {
    fn denied(d: Denial) -> Self {
        Verdict::Deny {
            message: d.message.clone(),
            interrupt: false,
            announce: Some(d),
        }
    }
}

/// The rules and extra directories in force, set up from the configuration on first use.
pub(crate) fn permission_context(session: &Session) -> PermissionContext {
    let config = &session.config;
    let (rules, dirs) = session.live.permissions(|| initial_permissions(config));
    PermissionContext {
        cwd: config.cwd.clone(),
        additional_directories: dirs,
        mode: session.live.permission_mode(),
        rules,
        home: config.home.clone(),
    }
}

fn initial_permissions(config: &SessionConfig) -> (RuleSet, Vec<std::path::PathBuf>) {
    let mut rules = RuleSet::default();
    for (list, behavior) in [
        (&config.disallowed_tools, RuleBehavior::Deny),
        (&config.allowed_tools, RuleBehavior::Allow),
    ] {
        for text in list {
            // Invalid rules are left out, as the reference drops them with a warning.
            let _ = rules.add(behavior, RuleSource::CliArg, text);
        }
    }
    for e in &config.permission_rules.entries {
        rules.push(e.behavior, e.source, e.rule.clone());
    }
    (rules, config.additional_directories.clone())
}

/// The verdict the rules and the mode reach without asking anyone; `Err`: the prompt must
/// go to the PermissionRequest hooks or to can_use_tool.
fn decide_now(
    session: &Session,
    deps: &Deps<'_>,
    tool: &dyn Tool,
    call: &Call,
    input: &Value,
    hook_decision: Option<(&str, Option<String>)>,
) -> Result<Verdict, Prompt> {
    let ctx = permission_context(session);
    let name = tool.name();
    let hook = hook_decision.as_ref().map(|(d, _)| *d);
    let mut prompt = match evaluate(tool, input, &ctx, hook) {
        Outcome::Allow => return Ok(Verdict::Allow(input.clone())),
        Outcome::ToolError(text) => return Ok(Verdict::ToolError(text)),
        Outcome::Fail(text) => return Ok(Verdict::Fail(text)),
        // A rule that refuses what a hook allowed is not announced.
        Outcome::Deny(d) if hook == Some("allow") => {
            return Ok(Verdict::Deny {
                message: d.message,
                interrupt: false,
                announce: None,
            })
        }
        Outcome::Deny(d) => return Ok(Verdict::denied(d)),
        Outcome::Ask(prompt) => prompt,
    };
    // A hook's ask carries its reason to whoever answers the prompt.
    if let (Some("hook"), Some(("ask", Some(reason)))) =
        (prompt.reason_type.as_deref(), &hook_decision)
    {
        prompt.message = reason.clone();
        prompt.reason = Some(reason.clone());
    }
    // The modes that answer a prompt themselves (dontAsk, plan, auto) come first; then the
    // PermissionRequest hooks may answer it; then can_use_tool (none: the prompt's denial).
    if let Some(d) = settle(&prompt, name, input, &ctx, true) {
        return Ok(Verdict::denied(d));
    }
    if hooks::any_match(session.config.hooks.get("PermissionRequest"), &call.name) {
        return Err(prompt);
    }
    match settle(&prompt, name, input, &ctx, deps.host.handles_can_use_tool()) {
        Some(d) => Ok(Verdict::denied(d)),
        None => Err(prompt),
    }
}

async fn decide(
    session: &Session,
    deps: &Deps<'_>,
    tool: &dyn Tool,
    call: &Call,
    input: &Value,
    hook_decision: Option<(&str, Option<String>)>,
) -> Verdict {
    let prompt = match decide_now(session, deps, tool, call, input, hook_decision) {
        Ok(verdict) => return verdict,
        Err(prompt) => prompt,
    };
    let name = tool.name();
    let seen = observable(session, name, input);
    if let Some(matchers) = session.config.hooks.get("PermissionRequest") {
        let mut hook_input =
            session.hook_input("PermissionRequest", Some((name, &seen, call.id.as_str())));
        // The hooks see neither the call's id nor the suggestion to allow it in the local
        // settings file, as in the reference.
        if let Value::Object(h) = &mut hook_input {
            h.remove("tool_use_id");
        }
        let offered: Vec<&Value> = prompt
            .suggestions
            .iter()
            .filter(|s| !(s["type"] == "addRules" && s["destination"] == "localSettings"))
            .collect();
        hook_input["permission_suggestions"] = json!(offered);
        let hooked = hooks::run(
            deps,
            Some(matchers),
            Some(name),
            hook_input,
            Some(call.id.as_str()),
        )
        .await;
        session.hook_runs(deps, "PermissionRequest", Some(name), &hooked);
        if let Some(decision) = hooked.permission_request {
            return answered(session, deps, Ok(decision), input, &seen).await;
        }
        let ctx = permission_context(session);
        if let Some(d) = settle(&prompt, name, input, &ctx, deps.host.handles_can_use_tool()) {
            return Verdict::denied(d);
        }
    }
    let mut request = json!({
        "subtype": "can_use_tool",
        "tool_name": name,
        "input": seen,
        "permission_suggestions": prompt.suggestions,
        "blocked_path": prompt.blocked_path,
        "tool_use_id": call.id,
        "display_name": name,
    });
    if let Some(desc) = tool.describe_call(input) {
        request["description"] = json!(desc);
    }
    if let Some(reason) = &prompt.reason {
        request["decision_reason"] = json!(reason);
    }
    let reply = deps.host.control(request).await;
    answered(session, deps, reply, input, &seen).await
}

/// The verdict of a permission answer (can_use_tool's, or a PermissionRequest hook's
/// `decision`): allow with an optional rewritten input and permission updates, or deny.
/// An "updated" input that is just the `seen` one the answer was asked with runs the call
/// as the model wrote it.
async fn answered(
    session: &Session,
    deps: &Deps<'_>,
    reply: Result<Value, String>,
    input: &Value,
    seen: &Value,
) -> Verdict {
    match reply {
        Ok(reply) if reply.get("behavior").and_then(Value::as_str) == Some("allow") => {
            if let Some(Value::Array(updates)) = reply.get("updatedPermissions") {
                updates::apply(session, deps, updates).await;
            }
            let updated = reply
                .get("updatedInput")
                .filter(|v| v.is_object() && *v != seen)
                .cloned();
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
            announce: None,
        },
        Err(e) => Verdict::Deny {
            message: e,
            interrupt: false,
            announce: None,
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
    let mut out = tool.call(input.clone(), &ctx).await;
    let failed = out.is_error == Some(true);
    if failed && deps.tools.deferred().is_hidden(&call.name) {
        if let ToolResultContent::Text(text) = &mut out.content {
            text.push_str(&unseen_schema_note(&call.name, &tool.input_schema()));
        }
    }
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
    let seen = observable(session, &call.name, &input);
    let mut hook_input = session.hook_input(event, Some((&call.name, &seen, &call.id)));
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
    session.hook_runs(deps, event, Some(&call.name), &post);
    let mut context: Vec<String> = post
        .additional_context
        .iter()
        .map(|c| format!("{event}:{} hook additional context: {c}", call.name))
        .collect();
    if let Some(reason) = &post.block_reason {
        context.push(super::hook_flow::blocking_error(
            event,
            Some(&call.name),
            reason,
        ));
    }
    CallOutcome {
        tool_use_id: call.id.clone(),
        content: out.content,
        is_error: out.is_error,
        structured: out.structured,
        denial: None,
        announce: Vec::new(),
        pace: Pace::Now,
        interrupt: false,
        context,
        // The reference does not stop for a PostToolUseFailure hook's `continue: false`.
        stop: (post.stop && !failed).then(|| post.stop_reason.clone().unwrap_or_default()),
        before: Vec::new(),
        after: session.hook_notices(deps, event, Some(&call.name), &post.system_messages),
    }
}

/// Added to the error of a deferred tool called before ToolSearch loaded it: the model
/// guessed its input without the schema.
fn unseen_schema_note(name: &str, schema: &Value) -> String {
    format!(
        "\n\nYou called this tool without its input schema in your context. Its schema is: {schema}\n         If your input does not fit it, fix the input and call again. If it fits, the error has          another cause; should a corrected call fail the same way, load the tool with ToolSearch          (query \"select:{name}\") and call it again."
    )
}

/// A call's input as hooks, can_use_tool and the result's denials see it: a file tool's
/// path absolute and normalized (`~` and `..` resolved, symlinks kept), as in the
/// reference. The tool itself runs with the path as the model wrote it.
pub(crate) fn observable(session: &Session, tool: &str, input: &Value) -> Value {
    let mut seen = input.clone();
    let key = match tool {
        "Read" | "Write" | "Edit" => Some("file_path"),
        "NotebookEdit" => Some("notebook_path"),
        _ => None,
    };
    if let Some(Value::String(path)) = key.and_then(|k| seen.get_mut(k)) {
        let config = &session.config;
        let full = crate::rules::path::resolve(path, &config.cwd, config.home.as_deref());
        *path = full.to_string_lossy().into_owned();
    }
    seen
}

/// The result's record of a refused call.
fn denial(session: &Session, call: &Call) -> PermissionDenial {
    PermissionDenial {
        tool_name: call.name.clone(),
        tool_use_id: call.id.clone(),
        tool_input: observable(session, &call.name, &call.input),
    }
}

//! Runs one tool call: validation, PreToolUse hooks, the permission verdict, the tool,
//! PostToolUse hooks. When the calls of a response run is [`super::schedule`]'s.
//!
//! ```text
//! instant:       unknown tool / bad input / verdict of the rules alone ─► CallOutcome, paced
//! prepare:       checked_tool ─► PreToolUse ─► permission::decide ─► Prepared::Done | Run
//! run_prepared:  execute ─► PostToolUse
//! ```
//!
//! The calls that start together are all prepared before any runs: a refusal with
//! `interrupt` stops the others before they run.

use serde_json::{json, Value};

use crate::content::ToolResultContent;
use crate::message::Message;
use crate::permission::evaluate::{
    NO_CLASSIFIER_CODE, NO_CLASSIFIER_ROUNDS, NO_CLASSIFIER_STOP_CODE, NO_CLASSIFIER_STOP_REASON,
    NO_CLASSIFIER_STOP_TEXT,
};
use crate::protocol::hook::HookEvent;
use crate::protocol::system::{Informational, PermissionDenied, SystemBody};
use crate::rules::PermissionRule;
use crate::tool::{Tool, ToolContext};
use crate::validate::validate_input;

use crate::agent::deps::Deps;
use crate::agent::hooks::callbacks;
use crate::agent::hooks::report::{blocking_error, hook_notices, hook_runs, unfit_warnings};
use crate::agent::view::SessionView;

use super::call::Pace;
use super::call::{Call, CallOutcome, REJECTED_TEXT};
use super::permission::{decide, decide_now, Verdict};
use super::seen::{changed, denial, observable};
use super::unknown::{missing_tool_text, Missing};

/// The outcome of a call that needs neither a callback nor a run: an unknown tool, an input
/// that fails its schema, a permission verdict the rules reach on their own, with the
/// [`Pace`] it is seen at while the response streams. `None`: the call must go through
/// [`prepare`]. The permission_denied message, if any, stays in the outcome's `announce`.
pub(crate) fn instant(
    session: &SessionView<'_>,
    deps: &Deps<'_>,
    call: &Call,
    earlier: &[&Call],
) -> Option<CallOutcome> {
    // Synchronous: the call's span may be entered for what is recorded on it.
    let _traced = call.span.enter();
    let tool = match checked_tool(session, deps, call) {
        Ok(tool) => tool,
        // A Read deny rule over the file refuses it before the file is looked at
        // (fuzz-h/fh_807: an Edit of a file never read).
        Err(_) if input_error_waits(session, deps, call) => {
            return covered_now(session, deps, call)
        }
        Err(mut outcome) => {
            outcome.pace = Pace::Validation;
            return Some(*outcome);
        }
    };
    if callbacks::any_match(session.config.hooks.get("PreToolUse"), &call.name) {
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
        // An answer that needs no run still waits for an earlier call that asks a question.
        Verdict::Allow(_) if earlier.iter().any(|c| asks(session, deps, c)) => None,
        Verdict::Allow(input) => answered_now(session, deps, tool.as_ref(), call, &input),
        // Tools that look at the file on disk before asking answer later, except when a deny
        // rule refuses the path outright.
        Verdict::ToolError(_) => paced(Pace::Validation, verdict),
        _ if tool.checks_disk_first() => None,
        Verdict::Deny {
            announce: Some(ref d),
            ..
        } if tool.mcp_server().is_some() => paced(
            Pace::Mcp {
                question: d.unanswered,
            },
            verdict,
        ),
        Verdict::Deny {
            announce: Some(ref d),
            ..
        } if FILE_READERS.contains(&tool.name()) => {
            let announce_now = d.reason_type.as_deref() == Some("mode");
            paced(Pace::Read { announce_now }, verdict)
        }
        Verdict::Deny {
            announce: Some(ref d),
            ..
        } if d.unanswered => paced(Pace::Question, verdict),
        _ => paced(Pace::Rules, verdict),
    }
}

/// The refusal of a call whose file a Read deny rule covers, seen as an input error is;
/// `None` for any other verdict (or with a PreToolUse hook to hear first).
fn covered_now(session: &SessionView<'_>, deps: &Deps<'_>, call: &Call) -> Option<CallOutcome> {
    let tool = deps.tools.get(&call.name)?;
    if callbacks::any_match(session.config.hooks.get("PreToolUse"), &call.name) {
        return None;
    }
    match decide_now(session, deps, tool.as_ref(), call, &call.input, None).ok()? {
        verdict @ Verdict::ToolError(_) => {
            let mut o = outcome_of(session, deps, call, verdict);
            o.pace = Pace::Validation;
            Some(o)
        }
        _ => None,
    }
}

/// Whether the call is refused by its tool's own input check, found on disk (see
/// `Tool::input_error_waits`): that refusal comes once the response has streamed.
/// The subagent whose loop this is (none: the main agent's).
fn agent_of<'a>(session: &'a SessionView<'_>) -> Option<&'a str> {
    session
        .config
        .subagent
        .as_ref()
        .map(|r| r.agent_id.as_str())
}

fn input_error_waits(session: &SessionView<'_>, deps: &Deps<'_>, call: &Call) -> bool {
    let Some(tool) = deps.tools.get(&call.name) else {
        return false;
    };
    if !tool.input_error_waits(&call.input) || tool.validates_own_input() {
        return false;
    }
    let schema = tool.validation_schema();
    let read = crate::validate::coerce_input(&schema, &tool.input_as_checked(&call.input));
    validate_input(tool.name(), &schema, &read).is_ok()
        && tool.input_issues(&read).is_empty()
        && (tool
            .input_error_for(&call.input, agent_of(session))
            .is_some()
            || super::read_first::refusal(session, deps, tool.as_ref(), call).is_some())
}

/// Whether a call waits for a question before it may run: a PreToolUse hook, or a
/// permission the rules and the mode do not settle.
pub(crate) fn asks(session: &SessionView<'_>, deps: &Deps<'_>, call: &Call) -> bool {
    let Some(tool) = deps.tools.get(&call.name) else {
        return false;
    };
    callbacks::any_match(session.config.hooks.get("PreToolUse"), &call.name)
        || decide_now(session, deps, tool.as_ref(), call, &call.input, None).is_err()
}

/// The answer of an allowed call that needs no run (see `Tool::answer_now`), seen as a
/// verdict of the rules is; `None` when it must run, or PostToolUse hooks must see it.
fn answered_now(
    session: &SessionView<'_>,
    deps: &Deps<'_>,
    tool: &dyn Tool,
    call: &Call,
    input: &Value,
) -> Option<CallOutcome> {
    if callbacks::any_match(session.config.hooks.get("PostToolUse"), &call.name)
        || callbacks::any_match(session.config.hooks.get("PostToolUseFailure"), &call.name)
        || (session.config.hooks.contains_key("PreSkillShellCommand")
            && tool.shell_preamble(input).is_some())
    {
        return None;
    }
    if let Some(why) = preamble_refusal(session, deps, tool, input) {
        return Some(CallOutcome::error(
            &call.id,
            why.clone(),
            format!("Error: {why}"),
        ));
    }
    let agent = session
        .config
        .subagent
        .as_ref()
        .map(|s| s.agent_id.as_str());
    let out = tool.answer_now_for(input, agent)?;
    let mut o = CallOutcome::error(&call.id, "", "");
    o.content = out.content;
    o.is_error = out.is_error;
    o.structured = out.structured;
    o.follow_up = out.follow_up.map(|t| *t);
    // The Agent tool's refusal of a type it does not know is seen two events after the
    // call's block (after message_delta: fuzz-f/ff_006), as the answers of StructuredOutput
    // and ToolSearch are (fuzz-h/fh_081, probed); a skill's instructions later.
    o.pace = match tool.name() {
        "Agent" | "Task" => Pace::Start,
        "StructuredOutput" | "ToolSearch" => Pace::Answer,
        _ => Pace::Rules,
    };
    Some(o)
}

/// The tools whose refusals come sooner than the other tools' (see [`Pace::Read`]): their
/// calls are taken before their block's end is passed on.
const FILE_READERS: &[&str] = &["Read", "Glob", "Grep"];

/// Whether a call of `tool` is taken before its block's end is passed on.
pub(crate) fn taken_early(tool: &str) -> bool {
    FILE_READERS.contains(&tool)
}

/// The result of a call a PreToolUse hook denied; a deny that gives no reason is reported
/// with the reference's stock one.
fn hook_denial_text(tool: &str, reason: Option<String>) -> String {
    let reason = reason.unwrap_or_else(|| "Blocked by hook".to_string());
    format!("PreToolUse:{tool} hook error: {reason}")
}

/// `input` without the keys `tool`'s schema does not name, for a tool that does not check
/// its own input (an MCP server's gets what it was given).
fn known_keys_only(tool: &dyn Tool, input: &Value) -> Value {
    let (false, Value::Object(fields), Some(Value::Object(props))) = (
        tool.validates_own_input(),
        input,
        tool.input_schema().get("properties").cloned(),
    ) else {
        return input.clone();
    };
    Value::Object(
        fields
            .iter()
            .filter(|(k, _)| props.contains_key(*k))
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect(),
    )
}

/// The tool a call names, once its input passed the schema; else the error outcome.
fn checked_tool<'d>(
    session: &SessionView<'_>,
    deps: &'d Deps<'_>,
    call: &Call,
) -> Result<&'d std::sync::Arc<dyn Tool>, Box<CallOutcome>> {
    let id = call.id.as_str();
    let Some(tool) = deps.tools.get(&call.name) else {
        let disallowed = session
            .config
            .disallowed_tools
            .iter()
            .filter_map(|r| PermissionRule::parse(r).ok())
            .any(|r| r.is_bare() && r.tool == call.name);
        let named_in_tools = session
            .config
            .listed_tools
            .as_ref()
            .is_some_and(|names| names.iter().any(|n| n == &call.name));
        let outside_list = session.config.listed_tools.is_some() && !named_in_tools;
        // An allow rule naming Glob or Grep offers both: either one disallowed is then
        // disabled as a listed tool is (fa_012, fa_037).
        let search_allowed = matches!(call.name.as_str(), "Glob" | "Grep")
            && session.config.allowed_tools.iter().any(|r| {
                matches!(
                    r.split('(').next().unwrap_or_default().trim(),
                    "Glob" | "Grep"
                )
            });
        let listed = named_in_tools || search_allowed;
        // The search tools are real ones when a `tools` list or an allow rule names one of
        // them (fuzz-h/fh_016, fh_114).
        let search_listed =
            search_allowed
                || session.config.listed_tools.as_ref().is_some_and(|names| {
                    names.iter().any(|n| matches!(n.as_str(), "Glob" | "Grep"))
                });
        let missing = Missing {
            name: &call.name,
            disallowed,
            listed,
            subagent: session.config.subagent.is_some(),
            outside_list,
            search_listed,
            withheld: session
                .config
                .withheld_tools
                .iter()
                .any(|n| n == &call.name),
        };
        let offered = deps.tools.names();
        let text = missing_tool_text(&missing, offered.iter().map(String::as_str));
        return Err(Box::new(CallOutcome::error(
            id,
            format!("<tool_use_error>{text}</tool_use_error>"),
            text,
        )));
    };
    if tool.validates_own_input() {
        return Ok(tool);
    }
    // A number the call keeps as written (`"3"`) is checked as the number it spells.
    let schema = tool.validation_schema();
    let read = crate::validate::coerce_input(&schema, &tool.input_as_checked(&call.input));
    if let Err(e) = validate_input(tool.name(), &schema, &read) {
        let mut text = e.model_text;
        // A deferred tool called before it was looked up: the model guessed its input.
        if deps.tools.deferred().is_hidden(&call.name) {
            let note =
                super::schema_note::undiscovered_schema_note(&call.name, &tool.input_schema());
            match text.strip_suffix("</tool_use_error>") {
                Some(head) => text = format!("{head}{note}</tool_use_error>"),
                None => text.push_str(&note),
            }
        }
        return Err(Box::new(CallOutcome::error(id, text, e.caller_text)));
    }
    let issues = tool.input_issues(&read);
    if !issues.is_empty() {
        let list = serde_json::to_string_pretty(&Value::Array(issues)).unwrap_or_default();
        let caller = format!("InputValidationError: {list}");
        let note = if deps.tools.deferred().is_hidden(&call.name) {
            super::schema_note::undiscovered_schema_note(&call.name, &tool.input_schema())
        } else {
            String::new()
        };
        let text = format!("<tool_use_error>{caller}{note}</tool_use_error>");
        return Err(Box::new(CallOutcome::error(id, text, caller)));
    }
    let unread = super::read_first::refusal(session, deps, tool.as_ref(), call);
    if let Some(text) = unread.or_else(|| tool.input_error_for(&call.input, agent_of(session))) {
        return Err(Box::new(CallOutcome::error(
            id,
            format!("<tool_use_error>{text}</tool_use_error>"),
            format!("Error: {text}"),
        )));
    }
    Ok(tool)
}

/// A hook's rewritten input, each value it handed back as it was shown (a path resolved for
/// the hook) spelled as the model wrote it (fc_234: a Write of `new.txt` whose content a hook
/// changed still reports `new.txt`).
fn as_written_where_unchanged(updated: Value, seen: &Value, written: &Value) -> Value {
    let Value::Object(mut map) = updated else {
        return updated;
    };
    for (key, value) in map.iter_mut() {
        if let Some(original) = written.get(key) {
            if seen.get(key) == Some(value) && original != value {
                *value = original.clone();
            }
        }
    }
    Value::Object(map)
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
        /// The answer to the permission question changed the input.
        user_modified: bool,
    },
}

/// The result of a call whose PreToolUse callback did not answer in time.
const PRE_TOOL_USE_TIMED_OUT: &str = "PreToolUse hook did not respond before its timeout (host client may be unreachable). The tool call was not executed; other configured hooks may not have completed.";

/// Validation, PreToolUse hooks and the permission decision of a call (which may ask the
/// caller); running it is [`run_prepared`]'s.
pub(crate) async fn prepare<'d>(
    session: &SessionView<'_>,
    deps: &'d Deps<'_>,
    call: &Call,
    waited: bool,
) -> Prepared<'d> {
    let config = &session.config;
    let id = call.id.as_str();
    let tool = match checked_tool(session, deps, call) {
        Ok(tool) => tool,
        Err(outcome) => return Prepared::Done(outcome),
    };

    // An unread file out of the working directories fails before any hook sees the call
    // (fc_pre_deny_paths, fc_037), unless an allow rule names its path.
    if crate::rules::file_rule_kind(&call.name) == Some("Edit") {
        let ctx = super::permission::permission_context(session);
        let ruled = crate::permission::evaluate::edit_path_rule_allows(&call.input, &ctx);
        if let (false, crate::permission::ToolPermission::Deny { message }) =
            (ruled, tool.check_permission(&call.input, &ctx))
        {
            if message.contains("File has not been read yet") {
                let caller = format!("Error: {}", strip_error_tags(&message));
                return Prepared::Done(Box::new(CallOutcome::error(id, message, caller)));
            }
        }
    }
    let mut input = call.input.clone();
    // PreToolUse sees the call as the caller was shown it.
    let seen = tool
        .shown_input(&input)
        .unwrap_or_else(|| observable(session, &call.name, &input));
    // Calls that start together after waiting for others reach their PreToolUse hooks with
    // Bash's first (fc_225, fc_243): the other tools look at their input a moment longer.
    if waited
        && call.name != "Bash"
        && callbacks::any_match(config.hooks.get("PreToolUse"), &call.name)
    {
        YieldOnce(false).await;
    }
    let pre = callbacks::run(
        deps,
        config.hooks.get("PreToolUse"),
        Some(&call.name),
        session
            .hook_input(HookEvent::PreToolUse {
                tool_name: call.name.clone(),
                tool_input: seen.clone(),
                tool_use_id: id.to_string(),
            })
            .for_tool(tool.as_ref()),
        Some(id),
    )
    .await;
    // The input the hook was shown, handed back unchanged, runs as the model wrote it; keys
    // a built-in tool does not take are dropped first (fc_027).
    let offered = pre
        .updated_input
        .as_ref()
        .map(|u| known_keys_only(tool.as_ref(), u));
    let hook_rewrote = match changed(offered.as_ref(), &seen) {
        Some(updated) => {
            input = as_written_where_unchanged(updated, &seen, &call.input);
            true
        }
        None => false,
    };
    hook_runs(session, deps, "PreToolUse", Some(&call.name), &pre);
    // A callback that failed or answered unfit counts as empty, and the caller is warned.
    for warning in unfit_warnings(session, deps, "PreToolUse", &pre) {
        deps.emit.emit(warning);
    }
    if pre.no_verdict {
        deps.emit.emit(no_verdict_warning(session, deps, id));
    }
    // A PreToolUse callback that never answered may have meant to refuse: the call does not
    // run (fail closed, as the reference does).
    if pre.timed_out {
        return Prepared::Done(Box::new(CallOutcome::error(
            id,
            PRE_TOOL_USE_TIMED_OUT,
            format!("Error: {PRE_TOOL_USE_TIMED_OUT}"),
        )));
    }
    // `continue: false` ends the turn once this round is done; the call itself goes on.
    let stop = pre
        .stop
        .then(|| pre.stop_reason.clone().unwrap_or_default());
    let notices = hook_notices(
        session,
        deps,
        "PreToolUse",
        Some(&call.name),
        &pre.system_messages,
    );
    // `decision: "block"` is the older spelling of a deny: it stands over another hook's ask
    // or allow (fc_103).
    let hook_decision = match (&pre.permission_decision, &pre.block_reason) {
        (Some((d, r)), _) if d == "deny" => Some((d.as_str(), r.clone())),
        (_, Some(r)) => Some(("deny", Some(r.clone()))),
        (Some((d, r)), None) => Some((d.as_str(), r.clone())),
        (None, None) => None,
    };
    // A call the hook itself refused still ends the turn on `continue: false`; one the
    // permission check or can_use_tool refused does not.
    let mut stop = stop;
    let rewritten = hook_rewrote && !matches!(hook_decision, Some(("deny", _)));
    if let Some(mut failed) = rewritten
        .then(|| unfit_hook_rewrite(tool.as_ref(), id, &input))
        .flatten()
    {
        failed.denial = Some(denial(session, call));
        return Prepared::Done(Box::new(failed));
    }
    // A deferred call waits for the caller, whatever the rules, the mode or can_use_tool
    // would say (tests/conformance/defer).
    if let Some(("defer", _)) = hook_decision {
        let mut o = CallOutcome::deferred(call);
        o.before = notices;
        return Prepared::Done(Box::new(o));
    }
    let mut outcome = if let Some(("deny", reason)) = hook_decision {
        // A file tool's path written otherwise than the hook saw it (relative, `~`) is
        // refused with the hook's bare reason (fc_pre_deny_paths).
        let respelled = matches!(
            call.name.as_str(),
            "Read" | "Write" | "Edit" | "NotebookEdit"
        ) && observable(session, &call.name, &call.input) != call.input;
        let msg = match reason {
            Some(r) if respelled => r,
            reason => hook_denial_text(&call.name, reason),
        };
        let mut o = CallOutcome::error(id, msg.clone(), format!("Error: {msg}"));
        o.denial = Some(denial(session, call));
        o
    } else {
        // Calls that start together after waiting for others are asked about with Bash's
        // questions after the other tools' (fa_221): the reference's Bash check finishes
        // later. Those that start as the response streams in are asked in call order.
        if waited && call.name == "Bash" {
            YieldOnce(false).await;
        }
        let verdict = decide(session, deps, tool.as_ref(), call, &input, hook_decision).await;
        match verdict {
            Verdict::Allow(answered) => {
                if answered != input {
                    if let Some(failed) = unfit_answer(tool.as_ref(), id, &answered) {
                        return Prepared::Done(Box::new(failed));
                    }
                }
                return Prepared::Run {
                    tool,
                    user_modified: answered != input,
                    input: answered,
                    notices,
                    stop,
                };
            }
            other => {
                stop = None;
                let mut o = outcome_of(session, deps, call, other);
                // The refusal records the input the hook handed on (fc_125).
                if let Some(d) = o.denial.as_mut().filter(|_| hook_rewrote) {
                    d.tool_input = observable(session, &call.name, &input);
                }
                o
            }
        }
    };
    // A call the user rejected with an interrupt leaves its hooks' notices unsaid (fc_083).
    if !outcome.interrupt {
        outcome.before = notices;
    }
    outcome.stop = stop;
    Prepared::Done(Box::new(outcome))
}

/// Runs a call [`prepare`] cleared.
pub(crate) async fn run_prepared(
    session: &SessionView<'_>,
    deps: &Deps<'_>,
    call: &Call,
    tool: &dyn Tool,
    input: Value,
    notices: Vec<Message>,
    stop: Option<String>,
) -> CallOutcome {
    // A command the rules refuse is refused before any hook hears of the commands
    // (probe hk_skill_bang_perm).
    if let Some(why) = preamble_refusal(session, deps, tool, &input) {
        let mut o = CallOutcome::error(&call.id, why.clone(), format!("Error: {why}"));
        o.before = notices;
        o.stop = stop;
        return o;
    }
    preamble_hooks(session, deps, tool, call, &input).await;
    let mut outcome = execute(session, deps, tool, call, input).await;
    let mut before = notices;
    before.append(&mut outcome.before);
    outcome.before = before;
    outcome.stop = stop.or(outcome.stop);
    outcome
}

/// A PostToolUse hook's output in place of the call's (tests/conformance/hookoutput): any
/// tool takes `updatedToolOutput`, an MCP tool without it `updatedMCPToolOutput` (a value
/// that is not empty, zero or null). An MCP tool's is read as given (a text, a list of
/// content blocks; anything else as its JSON); a built-in tool's only when it has the tool's
/// shape, worded as the tool words its own. The caller's `tool_use_result` is the value.
fn replace_output(
    tool: &dyn Tool,
    out: &mut crate::tool::ToolOutput,
    post: &crate::agent::HookOutcome,
) {
    let mcp = tool.mcp_server().is_some();
    let given = match (&post.updated_tool_output, &post.updated_mcp_tool_output) {
        (Some(v), _) => Some(v),
        (None, Some(v)) if mcp && truthy(v) => Some(v),
        _ => None,
    };
    let Some(value) = given.filter(|v| !v.is_null()) else {
        return;
    };
    let rendered = if mcp {
        let content = match value {
            Value::String(s) => ToolResultContent::Text(s.clone()),
            Value::Array(_) => serde_json::from_value(value.clone())
                .map(ToolResultContent::Blocks)
                .unwrap_or_else(|_| ToolResultContent::Text(value.to_string())),
            other => ToolResultContent::Text(other.to_string()),
        };
        Some((content, None))
    } else {
        tool.render_output(value).map(|o| (o.content, o.is_error))
    };
    if let Some((content, is_error)) = rendered {
        out.content = content;
        out.is_error = is_error.or(out.is_error);
        out.structured = Some(value.clone());
    }
}

/// As JavaScript tests a value: not empty, zero, false or null.
fn truthy(v: &Value) -> bool {
    match v {
        Value::Null => false,
        Value::Bool(b) => *b,
        Value::Number(n) => n.as_f64() != Some(0.0),
        Value::String(s) => !s.is_empty(),
        _ => true,
    }
}

/// Why the shell commands a call runs first may not run, if the rules and the mode refuse
/// one of them (see [`super::permission::shell_command_check`]).
fn preamble_refusal(
    session: &SessionView<'_>,
    deps: &Deps<'_>,
    tool: &dyn Tool,
    input: &Value,
) -> Option<String> {
    let preamble = tool.shell_preamble(input)?;
    let pairs = preamble.commands.iter().zip(&preamble.patterns);
    pairs
        .map(|(c, p)| super::permission::shell_command_check(session, deps, (c, p), &[]))
        .find_map(Result::err)
}

/// The PreSkillShellCommand hooks of the shell commands the call runs first, in order.
async fn preamble_hooks(
    session: &SessionView<'_>,
    deps: &Deps<'_>,
    tool: &dyn Tool,
    call: &Call,
    input: &Value,
) {
    let Some(matchers) = session.config.hooks.get("PreSkillShellCommand") else {
        return;
    };
    let Some(preamble) = tool.shell_preamble(input) else {
        return;
    };
    for (n, command) in preamble.commands.iter().enumerate() {
        let id = format!("{}:preamble-{n}", call.id);
        let input = session.hook_input(HookEvent::PreSkillShellCommand {
            tool_name: "Bash".into(),
            tool_input: serde_json::json!({ "command": command }),
            tool_use_id: id.clone(),
            command_name: preamble.command_name.clone(),
            command_source: preamble.command_source.clone(),
            invoked_by: "claude".into(),
        });
        callbacks::run(deps, Some(matchers), Some("Bash"), input, Some(&id)).await;
    }
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
            // A failure that names its cause in full is passed on as it is.
            let stripped = strip_error_tags(&text);
            let caller = if stripped.starts_with("Error calling tool ") {
                stripped.to_string()
            } else {
                format!("Error: {stripped}")
            };
            CallOutcome::error(id, text, caller)
        }
        Verdict::ToolError(text) => {
            let caller = format!("Error: {}", strip_error_tags(&text));
            let mut o = CallOutcome::error(id, text, caller);
            o.denial = Some(denial(session, call));
            o
        }
        Verdict::Deny {
            mut message,
            interrupt,
            mut announce,
        } => {
            // The tenth round refused for want of the classifier ends the turn.
            let stops = announce
                .as_ref()
                .is_some_and(|d| d.code.as_deref() == Some(NO_CLASSIFIER_CODE))
                && session
                    .classifier_rounds
                    .load(std::sync::atomic::Ordering::Relaxed)
                    + 1
                    >= NO_CLASSIFIER_ROUNDS;
            if let Some(d) = announce.as_mut().filter(|_| stops) {
                message = NO_CLASSIFIER_STOP_TEXT
                    .replace("so Bash was", &format!("so {} was", call.name));
                d.code = Some(NO_CLASSIFIER_STOP_CODE.into());
                d.reason = Some(NO_CLASSIFIER_STOP_REASON.into());
            }
            let mut o = CallOutcome::error(id, message.clone(), format!("Error: {message}"));
            o.classifier_stop = stops;
            o.denial = Some(denial(session, call));
            if let Some(d) = announce {
                if matches!(
                    d.code.as_deref(),
                    Some(NO_CLASSIFIER_CODE | NO_CLASSIFIER_STOP_CODE)
                ) {
                    o.pace = Pace::Classifier;
                    o.announce.extend(classifier_warning(session, deps));
                }
                let denied = PermissionDenied {
                    tool_name: call.name.clone(),
                    tool_use_id: id.to_string(),
                    agent_id: session.config.subagent.as_ref().map(|r| r.agent_id.clone()),
                    decision_reason_type: d.reason_type.clone(),
                    decision_reason_code: d.code.clone(),
                    decision_reason: d.reason.clone(),
                    message: message.clone(),
                };
                o.announce
                    .push(session.system(SystemBody::PermissionDenied(denied), deps));
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
pub(super) fn strip_error_tags(text: &str) -> &str {
    text.strip_prefix("<tool_use_error>")
        .and_then(|t| t.strip_suffix("</tool_use_error>"))
        .unwrap_or(text)
}

/// What the model reads of a call the user stopped while it ran.
pub(crate) fn stopped_while_running(o: &mut CallOutcome) {
    o.content = ToolResultContent::Text(format!("{REJECTED_TEXT} {STOPPED_CORRECTION}"));
    o.is_error = Some(true);
    o.structured = Some(json!("User rejected tool use"));
    o.interrupt = true;
}

const STOPPED_CORRECTION: &str = "Correction to the text above: this call was stopped while running, not refused before it ran. It may have run in part or in full, and its changes may have been written. No permission prompt was involved. Work it started elsewhere (a remote command, a background process) may still be running, so check before starting the same work again. The instruction to stop and wait still stands.";

/// The paths of the `Read(...)` deny rules in force, as searches leave them out (anchored
/// ones made absolute from the rule's root: see [`crate::rules::deny_path::search_exclusion`]).
fn read_denied(session: &SessionView<'_>) -> Vec<String> {
    let roots = crate::rules::RuleRoots {
        cwd: session.config.cwd.clone(),
        home: session.config.home.clone(),
    };
    // The rules can change mid-session, so they are read per call, in place.
    session.live.with_permissions(
        || super::permission::initial_permissions(session.config),
        |rules, _| {
            rules
                .entries
                .iter()
                .filter(|e| e.behavior == crate::rules::RuleBehavior::Deny && e.rule.tool == "Read")
                .filter_map(|e| {
                    let root = roots.for_source(e.source);
                    let content = e.rule.content.as_deref()?;
                    crate::rules::deny_path::search_exclusion(
                        content,
                        &root.cwd,
                        root.home.as_deref(),
                    )
                })
                .collect()
        },
    )
}

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
        cwd: match (&config.tool_dir, &call.group_dir) {
            // A shell command runs where its shell is.
            (_, Some(dir)) if !matches!(call.name.as_str(), "Bash" | "PowerShell") => dir.clone(),
            (Some(dir), _) => dir.0.current(),
            (None, _) => config.cwd.clone(),
        },
        shell_dir: call.group_shell_dir.clone().or_else(|| session.shell_dir()),
        additional_directories: config.additional_directories.clone(),
        env: config.env.clone(),
        abort: deps.interrupt.clone(),
        agent_id: session.config.subagent.as_ref().map(|r| r.agent_id.clone()),
        prompt_id: session.prompt_id.map(str::to_string),
        conversation: call.conversation.clone(),
        read_denied: read_denied(session),
        permission_mode: session.live.permission_mode(),
    };
    let ran_from = deps.clock.monotonic_ms();
    let mut out = tool.call(input.clone(), &ctx).await;
    let duration_ms = Some(deps.clock.monotonic_ms().saturating_sub(ran_from));
    if call.user_modified && out.is_error != Some(true) {
        out = tool.user_modified(out, &call.input, &input);
    }
    let failed = out.is_error == Some(true);
    let mut before = Vec::new();
    let mut notes = Vec::new();
    if let Some(change) = tool.mode_change().filter(|_| !failed) {
        let (status, note) = super::mode::apply(session, deps, change);
        before.push(status);
        notes.extend(note);
    }
    if !failed && call.name == "Bash" && super::vcs::pushes(&input) {
        let cwd = session.shell_dir().unwrap_or_else(|| config.cwd.clone());
        let changed = crate::protocol::system::VcsStateChanged {
            kind: "push".into(),
            cwd: cwd.to_string_lossy().into_owned(),
        };
        before.push(session.system(SystemBody::VcsStateChanged(changed), deps));
    }
    // A tool that checks its own input (an MCP server's) may have failed for want of the
    // schema the model never saw; other tools' input was checked before they ran.
    // The hooks read the error without the note (fj_pin_deferred_failure_hook).
    let error = if failed {
        out.content.as_text()
    } else {
        String::new()
    };
    // Only an error the server answered with gets the note: not a call it left unanswered
    // (fj_133: a closed connection; fj_001 on the TypeScript SDK: an unreadable answer).
    let unanswered = if failed {
        tool.failed_unanswered(&call.id)
    } else {
        None
    };
    if failed
        && unanswered.is_none()
        && tool.validates_own_input()
        && deps.tools.deferred().schema_unseen(&call.name)
    {
        // A refusal the tool words itself (`<tool_use_error>`) gets no note.
        if let ToolResultContent::Text(text) = &mut out.content {
            if !text.starts_with("<tool_use_error>") {
                text.push_str(&super::schema_note::unseen_schema_note(
                    &call.name,
                    &tool.input_schema(),
                ));
            }
        }
    }
    let tool_input = observable(session, &call.name, &input);
    let (tool_name, tool_use_id) = (call.name.clone(), call.id.clone());
    let hook_event = if failed {
        // The turn was interrupted, or the call itself was stopped (stop_task).
        let is_interrupt =
            deps.interrupt.is_aborted() || error == crate::prompts::INTERRUPTED_FOR_TOOL;
        HookEvent::PostToolUseFailure {
            tool_name,
            tool_input,
            error,
            is_interrupt,
            tool_use_id,
            duration_ms,
        }
    } else {
        HookEvent::PostToolUse {
            tool_name,
            tool_input,
            tool_response: hook_response(tool, &out),
            tool_use_id,
            duration_ms,
        }
    };
    let event = hook_event.name();
    let hook_input = session.hook_input(hook_event).for_tool(tool);
    // A call the user stopped while it ran gets no PostToolUse / PostToolUseFailure hooks.
    let matchers = config
        .hooks
        .get(event)
        .filter(|_| !deps.interrupt.is_aborted())
        .filter(|_| unanswered != Some(crate::tool::Unanswered::NotMcp));
    let post = callbacks::run(deps, matchers, Some(&call.name), hook_input, Some(&call.id)).await;
    hook_runs(session, deps, event, Some(&call.name), &post);
    if !failed {
        replace_output(tool, &mut out, &post);
    }
    // A callback that failed or answered unfit: warned before the result, as the reference does.
    let mut before = before;
    before.extend(unfit_warnings(session, deps, event, &post));
    let mut context: Vec<String> = notes;
    context.extend(
        post.additional_context
            .iter()
            .map(|c| format!("{event}:{} hook additional context: {c}", call.name)),
    );
    if let Some(reason) = &post.block_reason {
        context.push(blocking_error(event, Some(&call.name), reason));
    }
    CallOutcome {
        tool_use_id: call.id.clone(),
        content: out.content,
        is_error: out.is_error,
        structured: out.structured,
        denial: None,
        denial_listed: false,
        announce: Vec::new(),
        pace: Pace::Now,
        interrupt: false,
        classifier_stop: false,
        context,
        follow_up: out.follow_up.map(|t| *t),
        // The reference does not stop for a PostToolUseFailure hook's `continue: false`.
        stop: (post.stop && !failed).then(|| post.stop_reason.clone().unwrap_or_default()),
        before,
        // A hook that stops the turn leaves the others' notices unsaid (fc_002).
        after: if post.stop && !failed {
            Vec::new()
        } else {
            hook_notices(
                session,
                deps,
                event,
                Some(&call.name),
                &post.system_messages,
            )
        },
        non_execution: None,
        deferred: false,
    }
}

/// What a PostToolUse hook sees of a result: the caller's structured result, but only the
/// content of an MCP tool's result that also carries structured content or resource links
/// (fj_003, fj_004 on the TypeScript SDK).
fn hook_response(tool: &dyn Tool, out: &crate::tool::ToolOutput) -> Value {
    match &out.structured {
        Some(s) if tool.mcp_server().is_some() && s.get("content").is_some() => {
            s.get("content").cloned().unwrap_or(Value::Null)
        }
        Some(s) => s.clone(),
        None => Value::Null,
    }
}

/// Told once per session, before the first refusal for want of the auto-mode classifier,
/// when requests go through a gateway that does not pass its check through.
const CLASSIFIER_WARNING: &str = "Auto mode can't check actions in this session. Its safety check runs on the server, and your requests go through {gateway}, which doesn't pass it through. Nobody can be asked to approve actions in this session, so every action that needs the check is refused. To run these actions, use another permission mode. To use auto mode, ask whoever runs {gateway} to pass Claude Code's server-side safety check through: https://code.claude.com/docs/en/permission-modes#server-side-classifier-review";

/// The classifier warning, the first time it is due in the session.
fn classifier_warning(session: &SessionView<'_>, deps: &Deps<'_>) -> Option<Message> {
    use std::sync::atomic::Ordering;
    let gateway = session.config.api_gateway.as_deref()?;
    if session.classifier_warned.swap(true, Ordering::Relaxed) {
        return None;
    }
    let warning = Informational {
        content: CLASSIFIER_WARNING.replace("{gateway}", gateway),
        level: "warning".into(),
        prevent_continuation: None,
        prompt_submit_outcome: None,
        is_meta: Some(false),
        tag: Some("auto_mode_no_server_check".into()),
        hook_no_verdict: None,
        recorded: false,
    };
    Some(session.system(SystemBody::Informational(warning), deps))
}

/// What a rewritten input breaks of the tool's schema (`<Tool> failed due to the following
/// issue: ...`), none when it fits.
fn rewrite_issue(tool: &dyn Tool, answered: &Value) -> Option<String> {
    if tool.validates_own_input() {
        return None;
    }
    // Keys the schema does not name are let through (the reference passes them on).
    let mut schema = tool.validation_schema();
    if let Some(fields) = schema.as_object_mut() {
        fields.remove("additionalProperties");
    }
    let read = crate::validate::coerce_input(&schema, answered);
    let e = validate_input(tool.name(), &schema, &read).err()?;
    Some(
        e.model_text
            .trim_start_matches("<tool_use_error>")
            .trim_end_matches("</tool_use_error>")
            .trim_start_matches("InputValidationError: ")
            .to_string(),
    )
}

/// A PreToolUse hook's `updatedInput` that fails the tool's schema: the call is refused
/// (a denial of the model's input), the text saying the hook is at fault.
fn unfit_hook_rewrite(tool: &dyn Tool, id: &str, rewritten: &Value) -> Option<CallOutcome> {
    let inner = rewrite_issue(tool, rewritten)?;
    let name = tool.name();
    let text = format!(
        "PreToolUse hook for {name} returned updatedInput that failed schema validation: \
         {inner}\nThe tool input from the model was valid; the hook's rewrite of it was not."
    );
    Some(CallOutcome::error(
        id,
        text.clone(),
        format!("Error: {text}"),
    ))
}

/// A permission answer whose `updatedInput` fails the tool's schema: the call fails, the
/// text saying whose configuration is at fault, as the reference words it.
fn unfit_answer(tool: &dyn Tool, id: &str, answered: &Value) -> Option<CallOutcome> {
    let inner = rewrite_issue(tool, answered)?;
    let name = tool.name();
    Some(CallOutcome::error(
        id,
        format!(
            "<tool_use_error>The permission handler returned updatedInput for {name} that failed \
             schema validation: {inner}\nThis is a configuration issue in your canUseTool \
             callback, PermissionRequest hook, or permission-prompt tool \u{2014} updatedInput \
             must satisfy the tool's input schema. The tool input from the model was \
             valid.</tool_use_error>"
        ),
        format!("InputValidationError: permission handler updatedInput failed schema for {name}"),
    ))
}

/// The warning for a PreToolUse hook whose answer could not be used.
fn no_verdict_warning(session: &SessionView<'_>, deps: &Deps<'_>, id: &str) -> Message {
    let warning = Informational {
        content: "A hook gave no usable answer, so it didn't check this action.".into(),
        level: "warning".into(),
        prevent_continuation: None,
        prompt_submit_outcome: None,
        is_meta: None,
        tag: Some("hook_no_verdict".into()),
        hook_no_verdict: Some(crate::protocol::system::HookNoVerdict {
            hook_event: "PreToolUse".into(),
            tool_use_id: id.to_string(),
            timed_out: false,
        }),
        recorded: false,
    };
    session.system(SystemBody::Informational(warning), deps)
}

/// Lets the other futures polled beside this one run first, once.
struct YieldOnce(bool);

impl std::future::Future for YieldOnce {
    type Output = ();

    fn poll(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<()> {
        if self.0 {
            return std::task::Poll::Ready(());
        }
        self.0 = true;
        cx.waker().wake_by_ref();
        std::task::Poll::Pending
    }
}

#[cfg(test)]
mod tests {
    use super::{as_written_where_unchanged, hook_denial_text};
    use serde_json::json;

    /// fc_234: a hook that changed the content and handed the path back as it was shown
    /// (resolved) leaves the path as the model wrote it; a path it changed is its own.
    #[test]
    fn a_hook_rewrite_keeps_the_model_spelling_of_what_it_did_not_change() {
        let written = json!({"file_path": "new.txt", "content": "w3"});
        let seen = json!({"file_path": "/ws/src/new.txt", "content": "w3"});
        let updated = json!({"file_path": "/ws/src/new.txt", "content": "hooked"});
        assert_eq!(
            as_written_where_unchanged(updated, &seen, &written),
            json!({"file_path": "new.txt", "content": "hooked"})
        );
        let moved = json!({"file_path": "/ws/other.txt", "content": "w3"});
        assert_eq!(
            as_written_where_unchanged(moved.clone(), &seen, &written),
            moved
        );
    }

    #[test]
    fn a_denial_without_reason_gets_the_stock_one() {
        assert_eq!(
            hook_denial_text("Bash", None),
            "PreToolUse:Bash hook error: Blocked by hook"
        );
        assert_eq!(
            hook_denial_text("Bash", Some("no".into())),
            "PreToolUse:Bash hook error: no"
        );
    }
}

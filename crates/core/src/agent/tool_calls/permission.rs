//! Whether a call may run: the verdict of the rules and the mode, then of the
//! PermissionRequest hooks or can_use_tool, and the permission updates their answers carry.
//!
//! ```text
//! decide_now: rules + mode ──► Allow | Deny | ToolError | Fail     (no one asked)
//!                          └─► a prompt ──► decide: PermissionRequest hooks, then can_use_tool
//!                                                   └─► answered: Allow (+ updates) | Deny
//! ```
//!
//! Every update takes effect in the session at once. Those whose destination is a settings
//! file (`userSettings`, `projectSettings`, `localSettings`) are also handed to the host as a
//! `persist_permissions` control request: the facade writes the file (the core touches no
//! settings file).

use serde_json::Value;

use crate::config::{PermissionMode, SessionConfig};
use crate::permission::evaluate::{evaluate, settle, Denial, Outcome, Prompt};
use crate::permission::PermissionContext;
use crate::protocol::control::{CanUseTool, ControlRequest, ControlResponse};
use crate::protocol::hook::HookEvent;
use crate::protocol::permission::{PermissionAnswer, PermissionUpdate, RuleValue};
use crate::rules::{PermissionRule, RuleBehavior, RuleSet, RuleSource};
use crate::tool::Tool;

use crate::agent::deps::Deps;
use crate::agent::hooks::callbacks;
use crate::agent::hooks::report::{hook_runs, unfit_warnings};
use crate::agent::view::SessionView;

use super::call::Call;
use super::seen::{changed, observable};
use crate::telemetry;

pub(crate) enum Verdict {
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
pub(crate) fn permission_context(session: &SessionView<'_>) -> PermissionContext {
    let config = &session.config;
    let (rules, dirs) = session.live.permissions(|| initial_permissions(config));
    PermissionContext {
        cwd: config.cwd.clone(),
        additional_directories: dirs,
        mode: session.live.permission_mode(),
        rules,
        home: config.home.clone(),
        shell_dir: session.shell_dir(),
        no_auto_mode: !crate::model_names::runs_auto_mode(&session.live.model()),
        agent_id: session.config.subagent.as_ref().map(|r| r.agent_id.clone()),
    }
}

pub(crate) fn initial_permissions(config: &SessionConfig) -> (RuleSet, Vec<std::path::PathBuf>) {
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
pub(crate) fn decide_now(
    session: &SessionView<'_>,
    deps: &Deps<'_>,
    tool: &dyn Tool,
    call: &Call,
    input: &Value,
    hook_decision: Option<(&str, Option<String>)>,
) -> Result<Verdict, Box<Prompt>> {
    let hooked = hook_decision.as_ref().map(|(d, _)| *d);
    let decided = decide_now_untraced(session, deps, tool, call, input, hook_decision);
    if let Ok(verdict) = &decided {
        let source = match verdict {
            Verdict::Allow(_) if hooked == Some("allow") => "hook",
            Verdict::Deny {
                announce: Some(d), ..
            } => d.reason_type.as_deref().unwrap_or("config"),
            _ => "config",
        };
        traced(verdict, source);
    }
    decided
}

/// Records a verdict on the span of its call.
fn traced(verdict: &Verdict, source: &str) {
    let decision = match verdict {
        Verdict::Allow(_) => "allow",
        Verdict::Deny { .. } | Verdict::ToolError(_) => "deny",
        Verdict::Fail(_) => "error",
    };
    telemetry::record_permission(decision, source);
}

fn decide_now_untraced(
    session: &SessionView<'_>,
    deps: &Deps<'_>,
    tool: &dyn Tool,
    call: &Call,
    input: &Value,
    hook_decision: Option<(&str, Option<String>)>,
) -> Result<Verdict, Box<Prompt>> {
    let mut ctx = permission_context(session);
    let name = tool.name();
    ctx.mode = session.live.mode_for(name, ctx.mode);
    let hook = hook_decision.as_ref().map(|(d, _)| *d);
    let mut prompt = match evaluate(tool, input, &ctx, hook) {
        Outcome::Allow => return Ok(Verdict::Allow(input.clone())),
        Outcome::ToolError(text) => return Ok(Verdict::ToolError(text)),
        Outcome::Fail(text) => return Ok(Verdict::Fail(text)),
        // A rule that refuses what a hook allowed is not announced, nor is the refusal of a
        // write to a symbolic link a hook asked about (fa_pin_hook_ask_links_edit_cb).
        Outcome::Deny(d)
            if hook == Some("allow")
                || (hook == Some("ask")
                    && d.reason.as_deref()
                        == Some(crate::permission::write_target::SYMLINK_REASON)) =>
        {
            return Ok(Verdict::Deny {
                message: d.message,
                interrupt: false,
                announce: None,
            })
        }
        Outcome::Deny(d) => return Ok(Verdict::denied(d)),
        Outcome::Ask(prompt) => prompt,
    };
    // A hook's ask carries its reason to whoever answers the prompt, and goes to can_use_tool
    // in dontAsk and plan mode too (fc_157, fc_167); without a callback those modes refuse it
    // in the hook's words (fc_269).
    let hook_reason = match &hook_decision {
        Some(("ask", reason)) if prompt.reason_type.as_deref() == Some("hook") => Some(reason),
        _ => None,
    };
    if let Some(reason) = hook_reason {
        if let Some(reason) = reason {
            prompt.message = reason.clone();
            prompt.reason = Some(reason.clone());
        }
        let mode_answers = matches!(ctx.mode, PermissionMode::DontAsk | PermissionMode::Plan);
        if mode_answers && deps.host.handles_can_use_tool() {
            return Err(Box::new(prompt));
        }
        if let (PermissionMode::DontAsk | PermissionMode::Plan, Some(reason)) = (ctx.mode, reason) {
            return Ok(Verdict::denied(Denial {
                message: reason.clone(),
                reason_type: Some("hook".into()),
                reason: Some(reason.clone()),
                code: None,
                unanswered: false,
            }));
        }
    }
    // The modes that answer a prompt themselves (dontAsk, plan, auto) come first; then the
    // PermissionRequest hooks may answer it; then can_use_tool (none: the prompt's denial).
    // A call only the user can answer is not the plan or auto mode's to settle.
    let ctx = if tool.requires_user_interaction()
        && matches!(ctx.mode, PermissionMode::Plan | PermissionMode::Auto)
    {
        PermissionContext {
            mode: PermissionMode::Default,
            ..ctx
        }
    } else {
        ctx
    };
    if let Some(d) = settle(&prompt, name, input, &ctx, true) {
        return Ok(Verdict::denied(d));
    }
    if callbacks::any_match(session.config.hooks.get("PermissionRequest"), &call.name) {
        return Err(Box::new(prompt));
    }
    match settle(&prompt, name, input, &ctx, deps.host.handles_can_use_tool()) {
        Some(d) => Ok(Verdict::denied(d)),
        None => Err(Box::new(prompt)),
    }
}

/// Whether the rules and the mode let a skill's or command's shell command run: nobody is
/// asked, what would need a question is refused (probes se_*). Err: the refusal, naming the
/// command as the body writes it (`pattern`). `allow`: rules in force for this command
/// only (its front matter's `allowed-tools`).
pub(crate) fn shell_command_check(
    session: &SessionView<'_>,
    deps: &Deps<'_>,
    (command, pattern): (&str, &str),
    allow: &[String],
) -> Result<(), String> {
    let Some(bash) = deps.tools.get("Bash") else {
        return Ok(());
    };
    let mut ctx = permission_context(session);
    ctx.mode = session.live.mode_for("Bash", ctx.mode);
    for text in allow {
        let _ = ctx
            .rules
            .add(RuleBehavior::Allow, RuleSource::Session, text);
    }
    let why = match evaluate(
        bash.as_ref(),
        &serde_json::json!({ "command": command }),
        &ctx,
        None,
    ) {
        Outcome::Allow => return Ok(()),
        Outcome::Deny(d) => d.message,
        Outcome::Ask(p) => p.message,
        Outcome::ToolError(t) | Outcome::Fail(t) => super::run::strip_error_tags(&t).to_string(),
    };
    Err(format!(
        "Shell command permission check failed for pattern \"{pattern}\": {why}"
    ))
}

pub(crate) async fn decide(
    session: &SessionView<'_>,
    deps: &Deps<'_>,
    tool: &dyn Tool,
    call: &Call,
    input: &Value,
    hook_decision: Option<(&str, Option<String>)>,
) -> Verdict {
    let prompt = match decide_now(session, deps, tool, call, input, hook_decision) {
        Ok(verdict) => return verdict,
        Err(prompt) => *prompt,
    };
    let name = tool.name();
    // The hooks and can_use_tool see a file tool's path resolved.
    let seen = observable(session, name, input);
    // With a can_use_tool callback the reference asks it first, and its answer decides; the
    // PermissionRequest hooks run after it.
    let callback_first = deps.host.handles_can_use_tool();
    let matchers = session.config.hooks.get("PermissionRequest");
    if let Some(matchers) = matchers.filter(|_| !callback_first) {
        let hooked =
            permission_request_hooks(session, deps, matchers, tool, &seen, &prompt, call).await;
        if let Some(decision) = hooked.permission_request {
            let verdict = answered(session, deps, Ok(decision), input, &seen).await;
            traced(&verdict, "hook");
            return verdict;
        }
        let mut ctx = permission_context(session);
        ctx.mode = session.live.mode_for(name, ctx.mode);
        if let Some(d) = settle(&prompt, name, input, &ctx, deps.host.handles_can_use_tool()) {
            let verdict = Verdict::denied(d);
            traced(&verdict, "mode");
            return verdict;
        }
    }
    // In plan mode an edit is asked about as the mode's question, with nothing to suggest.
    let in_plan = session.live.permission_mode() == PermissionMode::Plan;
    let mode_question = in_plan && prompt.reason_type.as_deref() != Some("hook");
    let interaction = tool.requires_user_interaction();
    let offered = if in_plan || interaction {
        Vec::new()
    } else {
        suggestions(&prompt.suggestions)
    };
    // An empty list is offered only where the reference offers one: a Bash line it cannot
    // read through, a dangerous removal, a protected file; other questions with nothing to
    // suggest offer no list.
    // A line sent to the background (`cmd &`) that offers nothing offers no list either,
    // unless it could not be read through at all.
    // The Bash line, read once for the questions below.
    let line = (name == "Bash")
        .then(|| input.get("command").and_then(Value::as_str))
        .flatten()
        .map(crate::rules::shell::parse);
    let backgrounded = line.as_ref().is_some_and(|p| {
        p.background
            && matches!(
                p.hazard,
                None | Some(crate::rules::shell::Hazard::SpecialInQuotes)
            )
    });
    let unreadable_or_removal = name == "Bash"
        && (prompt.reason_type.as_deref() == Some("other") || prompt.suppress_always_allow)
        && (prompt.suppress_always_allow || !backgrounded)
        && prompt.message != crate::permission::SHELL_EXPANSION;
    // A protected file in acceptEdits: nothing to suggest, said as an empty list.
    let protected_file = prompt.reason_type.as_deref() == Some("safetyCheck")
        && crate::rules::file_rule_kind(name) == Some("Edit");
    // A command reading the filesystem root: the rule it would offer is left out, and
    // the list with it (fa_rd_mixed_default: `ls -d /`).
    let root_read = name == "Bash" && prompt.blocked_path.as_deref() == Some("/");
    // A line whose later commands use a value it set: its suggestions are emptied
    // (shellasks/sa_varctx_00; not sa_varctx_05, which uses none).
    let assigning = line.as_ref().is_some_and(|p| {
        p.uses_set_value && p.hazard == Some(crate::rules::shell::Hazard::Assignment)
    });
    let empty_list = !in_plan
        && !interaction
        && (unreadable_or_removal || protected_file || root_read || assigning);
    let offered = (!offered.is_empty() || empty_list).then_some(offered);
    let request = ControlRequest::CanUseTool(CanUseTool {
        tool_name: name.to_string(),
        input: seen.clone(),
        permission_suggestions: offered,
        // In plan mode the question is the mode's, with no path named (fc_074).
        blocked_path: prompt.blocked_path.clone().filter(|_| !in_plan),
        tool_use_id: call.id.clone(),
        // An MCP tool is shown by its own name, made readable (vh_mcp_no_rule_callback).
        display_name: name
            .strip_prefix("mcp__")
            .and_then(|rest| rest.split_once("__"))
            .map_or_else(
                || name.to_string(),
                |(_, tool)| crate::agent::model_call::mcp_display_name(tool),
            ),
        description: tool.describe_call(input),
        // The callback is told why a sandboxed command is asked about; the denial is not.
        // In plan mode the question is the mode's, with no reason (fa_053), unless a hook
        // asked it (fc_167).
        decision_reason: prompt
            .reason
            .clone()
            .or_else(|| {
                (prompt.reason_type.as_deref() == Some("sandboxOverride"))
                    .then(|| "dangerouslyDisableSandbox".to_string())
            })
            .filter(|_| !mode_question),
        agent_id: session.config.subagent.as_ref().map(|r| r.agent_id.clone()),
        // Why asking was needed, in the vocabulary of permission_denied's reason types.
        decision_reason_type: match (interaction, mode_question) {
            (true, _) => None,
            (false, true) => Some("mode".to_string()),
            (false, false) => prompt.reason_type.clone(),
        },
        requires_user_interaction: interaction.then_some(true),
        suppress_always_allow_rule: (tool.suppresses_always_allow(input)
            || (prompt.suppress_always_allow && !in_plan))
            .then_some(true),
        matched_ask_rule: prompt.matched_ask_rule.clone(),
        // An MCP tool's question is the server's policy alone (vh_mcp_no_rule_callback).
        // ... unless PermissionRequest hooks could answer it too (fj_051).
        server_policy_ask_only: match tool.mcp_origin() {
            Some(_) if !in_plan && prompt.reason_type.is_none() => Some(
                session
                    .config
                    .hooks
                    .get("PermissionRequest")
                    .is_none_or(|m| m.is_empty()),
            ),
            _ => (prompt.reason_type.as_deref() == Some("rule") && !in_plan).then_some(false),
        },
        mcp_server: crate::tool::mcp_server_ref(tool),
    });
    let reply = match deps.host.control(request).await {
        Ok(ControlResponse::Permission(answer)) => Ok(answer),
        Ok(_) => Err("the host answered can_use_tool with something else".to_string()),
        Err(e) => Err(e),
    };
    if let Some(matchers) = matchers.filter(|_| callback_first) {
        permission_request_hooks(session, deps, matchers, tool, &seen, &prompt, call).await;
    }
    let verdict = answered(session, deps, reply, input, &seen).await;
    traced(&verdict, "can_use_tool");
    verdict
}

/// The suggestions a PermissionRequest hook sees.
fn offered_to_hooks(raw: &[Value], with_callback: bool) -> Vec<PermissionUpdate> {
    suggestions(raw)
        .into_iter()
        .filter(|s| {
            with_callback
                || !matches!(s, PermissionUpdate::AddRules { destination: Some(d), .. }
                    if d == "localSettings")
        })
        .collect()
}

/// Runs the PermissionRequest hooks of a prompt; a callback whose answer was unfit is
/// reported with a warning.
async fn permission_request_hooks(
    session: &SessionView<'_>,
    deps: &Deps<'_>,
    matchers: &Vec<crate::config::HookMatcher>,
    tool: &dyn Tool,
    seen: &Value,
    prompt: &Prompt,
    call: &Call,
) -> callbacks::HookOutcome {
    let name = tool.name();
    // The hooks do not see the call's id; without a can_use_tool callback they do not see
    // the suggestion to allow the call in the local settings file either (as in the
    // reference; with one they see every suggestion). An MCP tool's hooks see it either way
    // (fj_161).
    let offered = offered_to_hooks(
        &prompt.suggestions,
        deps.host.handles_can_use_tool() || tool.mcp_server().is_some(),
    );
    let hook_input = session
        .hook_input(HookEvent::PermissionRequest {
            tool_name: name.to_string(),
            tool_input: seen.clone(),
            permission_suggestions: offered,
        })
        .for_tool(tool);
    let hooked = callbacks::run(
        deps,
        Some(matchers),
        Some(name),
        hook_input,
        Some(call.id.as_str()),
    )
    .await;
    hook_runs(session, deps, "PermissionRequest", Some(name), &hooked);
    for warning in unfit_warnings(session, deps, "PermissionRequest", &hooked) {
        deps.emit.emit(warning);
    }
    hooked
}

/// The refusal of a can_use_tool "allow" whose `updatedInput` is not an object.
const INVALID_ALLOW: &str = "The canUseTool callback returned an invalid permission result. Expected {behavior: 'allow', updatedInput?: object} or {behavior: 'deny', message: string}. updatedPermissions may hold at most 4096 updates, rules and directories in all.";

/// The verdict of a permission answer (can_use_tool's, or a PermissionRequest hook's
/// `decision`): allow with an optional rewritten input and permission updates, or deny.
/// An "updated" input that is just the `seen` one the answer was asked with runs the call
/// as the model wrote it.
async fn answered(
    session: &SessionView<'_>,
    deps: &Deps<'_>,
    reply: Result<PermissionAnswer, String>,
    input: &Value,
    seen: &Value,
) -> Verdict {
    match reply {
        // An "allow" whose input is not an object cannot be run as the caller meant it: the
        // call is refused, not run with the model's input (as the reference does).
        Ok(PermissionAnswer::Allow {
            updated_input: Some(v),
            ..
        }) if !v.is_object() && !v.is_null() => Verdict::Deny {
            message: INVALID_ALLOW.to_string(),
            interrupt: false,
            announce: None,
        },
        Ok(PermissionAnswer::Allow {
            updated_input,
            updated_permissions,
        }) => {
            apply_updates(session, deps, &updated_permissions).await;
            let updated = changed(updated_input.as_ref().filter(|v| v.is_object()), seen);
            Verdict::Allow(updated.unwrap_or_else(|| input.clone()))
        }
        Ok(PermissionAnswer::Deny { message, interrupt }) => Verdict::Deny {
            message,
            interrupt,
            announce: None,
        },
        // What answers the question failed (the permission prompt tool): the call fails
        // without being refused.
        Err(e) if e.starts_with("<tool_use_error>") => Verdict::Fail(e),
        // The callback failed (it raised or threw): the call is refused with what it said,
        // in the reference's words.
        // A closed channel names its own error class (ox_prompt_tool_stdio).
        Err(e) if e.starts_with("AbortError: ") => Verdict::Deny {
            message: format!("Tool permission request failed: {e}"),
            interrupt: false,
            announce: None,
        },
        Err(e) => Verdict::Deny {
            message: format!("Tool permission request failed: Error: {e}"),
            interrupt: false,
            announce: None,
        },
    }
}

/// The permission suggestions of a prompt, as updates.
fn suggestions(raw: &[Value]) -> Vec<PermissionUpdate> {
    raw.iter()
        .filter_map(|s| serde_json::from_value(s.clone()).ok())
        .collect()
}

/// Applies the PermissionUpdate objects of a permission answer (`updatedPermissions`).
async fn apply_updates(session: &SessionView<'_>, deps: &Deps<'_>, updates: &[PermissionUpdate]) {
    if updates.is_empty() {
        return;
    }
    // Make sure the rules in force exist before changing them.
    let _ = permission_context(session);
    for update in updates {
        let destination = update
            .destination()
            .and_then(RuleSource::parse)
            .unwrap_or(RuleSource::Session);
        let mode_before = session.live.permission_mode();
        apply_one(session, update, destination);
        // A change of mode is announced to the caller, as set_permission_mode's is.
        let mode_after = session.live.permission_mode();
        if mode_after != mode_before {
            use crate::protocol::system::{Status, SystemBody};
            let status = SystemBody::Status(Status::mode_changed(mode_after.as_str()));
            deps.emit.emit(session.system(status, deps));
        }
        if matches!(
            destination,
            RuleSource::UserSettings | RuleSource::ProjectSettings | RuleSource::LocalSettings
        ) {
            // A host that cannot persist still has the update in force for this session.
            let request = ControlRequest::PersistPermissions {
                update: update.clone(),
            };
            let _ = deps.host.control(request).await;
        }
    }
}

fn rules_of(values: &[RuleValue]) -> Vec<PermissionRule> {
    values.iter().map(PermissionRule::from_value).collect()
}

fn apply_one(session: &SessionView<'_>, update: &PermissionUpdate, source: RuleSource) {
    let config = &session.config;
    let resolve = |dirs: &[String]| -> Vec<std::path::PathBuf> {
        dirs.iter()
            .map(|d| crate::rules::path::resolve(d, &config.cwd, config.home.as_deref()))
            .collect()
    };
    if let PermissionUpdate::SetMode { mode, .. } = update {
        if let Some(mode) = PermissionMode::parse(mode) {
            session.live.set_permission_mode(mode);
        }
        return;
    }
    session.live.update_permissions(
        || (Default::default(), config.additional_directories.clone()),
        |set, extra| match update {
            PermissionUpdate::AddRules {
                rules, behavior, ..
            } => {
                if let Some(b) = RuleBehavior::parse(behavior) {
                    rules_of(rules)
                        .into_iter()
                        .for_each(|r| set.push(b, source, r));
                }
            }
            PermissionUpdate::ReplaceRules {
                rules, behavior, ..
            } => {
                if let Some(b) = RuleBehavior::parse(behavior) {
                    set.clear(b, source);
                    rules_of(rules)
                        .into_iter()
                        .for_each(|r| set.push(b, source, r));
                }
            }
            PermissionUpdate::RemoveRules {
                rules, behavior, ..
            } => {
                if let Some(b) = RuleBehavior::parse(behavior) {
                    rules_of(rules)
                        .iter()
                        .for_each(|r| set.remove(b, source, r));
                }
            }
            PermissionUpdate::AddDirectories { directories, .. } => {
                for d in resolve(directories) {
                    if !extra.contains(&d) {
                        extra.push(d);
                    }
                }
            }
            PermissionUpdate::RemoveDirectories { directories, .. } => {
                let dirs = resolve(directories);
                extra.retain(|d| !dirs.contains(d));
            }
            PermissionUpdate::SetMode { .. } => {}
        },
    );
}

#[cfg(test)]
mod tests {
    use super::offered_to_hooks;

    #[test]
    fn hooks_see_the_local_rule_only_next_to_a_callback() {
        let raw = [
            serde_json::json!({"type": "addRules", "rules": [{"toolName": "Bash",
                "ruleContent": "touch x"}], "behavior": "allow", "destination": "localSettings"}),
            serde_json::json!({"type": "setMode", "mode": "acceptEdits", "destination": "session"}),
        ];
        assert_eq!(offered_to_hooks(&raw, true).len(), 2);
        assert_eq!(offered_to_hooks(&raw, false).len(), 1);
    }
}

//! The decision for one tool call, before anyone is asked.
//!
//! [`evaluate`] runs, in order: deny rules (a bare one, a file tool's path, a Bash command
//! part by part), ask rules, `bypassPermissions`, a PreToolUse hook's allow, allow rules,
//! and the tool's own check (which knows the mode: `acceptEdits` edits, read-only commands).
//! What is left is a [`Prompt`]; [`settle`] says what becomes of a prompt nobody answers
//! (`dontAsk`, `plan`, `auto`, no can_use_tool callback).
//!
//! ```
//! use oxagent_core::permission::{PermissionContext, evaluate::{evaluate, Outcome}};
//! use oxagent_core::rules::{RuleBehavior, RuleSource};
//! use oxagent_core::tool::{Tool, ToolContext, ToolOutput};
//! # struct Bash;
//! # impl Tool for Bash {
//! #   fn name(&self) -> &str { "Bash" }
//! #   fn description(&self) -> String { String::new() }
//! #   fn input_schema(&self) -> serde_json::Value { serde_json::json!({}) }
//! #   fn call<'a>(&'a self, _: serde_json::Value, _: &'a ToolContext) -> futures::future::BoxFuture<'a, ToolOutput> { unimplemented!() }
//! # }
//! let mut ctx = PermissionContext::new("/ws", oxagent_core::PermissionMode::BypassPermissions);
//! ctx.rules.add(RuleBehavior::Deny, RuleSource::CliArg, "Bash(rm *)").unwrap();
//! let out = evaluate(&Bash, &serde_json::json!({"command": "true && /bin/rm -rf x"}), &ctx, None);
//! let Outcome::Deny(d) = out else { panic!() };
//! assert_eq!(d.message, "Permission to use Bash with command true && /bin/rm -rf x has been denied.");
//! ```

use serde_json::Value;

use crate::config::PermissionMode;
use crate::rules::deny_path::deny_rule_covers;
use crate::rules::path::resolve;
use crate::rules::{bash, call_path, file_rule_kind, path_rule_kind, RuleBehavior};
use crate::tool::Tool;

use super::detour::{self, denial_kind, Refusal, SHELL_SCRIPT_DENIED, SHELL_SCRIPT_REASON};
use super::{PermissionContext, ToolPermission};

pub use super::denial::Denial;

/// A call that needs someone's approval.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Prompt {
    pub message: String,
    pub reason_type: Option<String>,
    pub reason: Option<String>,
    pub blocked_path: Option<String>,
    /// PermissionUpdate suggestions, in wire shape.
    pub suggestions: Vec<Value>,
    /// Only this once can be allowed: the host should offer no rule (a dangerous removal).
    pub suppress_always_allow: bool,
    /// An ask rule made the tool ask in its own words: `{source, toolName}`.
    pub matched_ask_rule: Option<Value>,
    /// Plan mode's classifier judges the call even when someone could be asked: a read-only
    /// MCP tool no rule allows (fj_pin_plan_cb).
    pub classifier_first: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    Allow,
    Deny(Denial),
    Ask(Prompt),
    /// Refused as a tool error before any check (a file in a denied directory): listed as a
    /// denial, but announced by no permission_denied message.
    ToolError(String),
    /// The call fails before any permission question (the tool's check answered with a
    /// `<tool_use_error>`): an error result, not a denial.
    Fail(String),
}

const DENIED_DIRECTORY: &str =
    "<tool_use_error>File is in a directory that is denied by your permission settings.</tool_use_error>";
/// What `dontAsk` answers instead of a prompt (after "Permission to use `<tool>` ").
pub const DONT_ASK_TEXT: &str = "has been denied because Claude Code is running in don't ask mode. IMPORTANT: You *may* attempt to accomplish this action using other tools that might naturally be used to accomplish this goal, e.g. using head instead of cat. But you *should not* attempt to work around this denial in malicious ways, e.g. do not use your ability to run tests to execute non-test actions. You should only try to work around this restriction in reasonable ways that do not attempt to bypass the intent behind this denial. If you believe this capability is essential to complete the user's request, STOP and explain to the user what you were trying to do and why you need this permission. Let the user decide how to proceed.";
/// `decision_reason_code` of the refusal below.
pub const NO_CLASSIFIER_CODE: &str = "auto_mode_no_check_in_session";
/// The classifier could not run in this many rounds of a prompt: the turn stops.
pub const NO_CLASSIFIER_ROUNDS: u32 = 10;
/// The refusal that stops the turn, its code and reason, and the warning after it.
pub const NO_CLASSIFIER_STOP_CODE: &str = "auto_mode_stop_no_check_in_session";
pub const NO_CLASSIFIER_STOP_REASON: &str =
    "Auto mode unavailable \u{2014} stopped after repeated responses with no safety verdict";
pub const NO_CLASSIFIER_STOP_TEXT: &str = "Auto mode is unavailable: its safety check does not run for this session, so Bash was not run and this turn has ended. Wait for the user's next message before doing anything further.";
pub const NO_CLASSIFIER_STOP_WARNING: &str = "Auto mode can't check actions in this session, so Claude stopped after a run of responses whose actions were refused. Use another permission mode to continue.";
/// What `auto` (and `plan` for commands) answers when no classifier can decide.
pub const NO_CLASSIFIER_TEXT: &str = "Auto mode is unavailable: its safety check does not run for this session, so Bash was not run. Other actions that need the check will be denied too, and retrying won't help. Finish what you can without them, then tell the user what is blocked and that they can switch to another permission mode.";

fn deny(message: String, reason_type: Option<&str>) -> Outcome {
    Outcome::Deny(Denial {
        message,
        reason_type: reason_type.map(str::to_string),
        ..Default::default()
    })
}

fn ask(message: String, reason_type: &str) -> Outcome {
    Outcome::Ask(Prompt {
        message,
        reason_type: Some(reason_type.to_string()),
        ..Default::default()
    })
}

/// The generic prompt text for a tool (file tools name their path).
fn request_text(name: &str, input: &Value, ctx: &PermissionContext) -> String {
    let path = call_path(input).map(|p| resolve(p, ctx.dir(), ctx.home.as_deref()));
    match (file_rule_kind(name), path) {
        (Some("Read"), Some(p)) => format!(
            "Claude requested permissions to read from {}, but you haven't granted it yet.",
            p.display()
        ),
        (Some(_), Some(p)) => format!(
            "Claude requested permissions to write to {}, but you haven't granted it yet.",
            p.display()
        ),
        _ => format!("Claude requested permissions to use {name}, but you haven't granted it yet."),
    }
}

/// The call's decision before prompting. `hook` is a PreToolUse hook's `allow` or `ask`.
/// A write to a symbolic link is refused whatever would have allowed or asked for it
/// (failures and rule denials come first).
pub fn evaluate(
    tool: &dyn Tool,
    input: &Value,
    ctx: &PermissionContext,
    hook: Option<&str>,
) -> Outcome {
    // Plan and auto mode set broad Bash allow rules aside.
    let narrowed;
    let ctx = if matches!(ctx.mode, PermissionMode::Plan | PermissionMode::Auto) {
        narrowed = PermissionContext {
            rules: ctx.rules.without_broad_shell_allows(),
            ..ctx.clone()
        };
        &narrowed
    } else {
        ctx
    };
    let outcome = rules_mode_and_tool(tool, input, ctx, hook);
    if outcome == Outcome::Allow {
        match detour::refusal(tool.name(), input, ctx) {
            Some(Refusal::Deny {
                message,
                reason_type,
            }) => return deny(message, Some(reason_type)),
            Some(Refusal::Ask { message, reason }) => {
                return Outcome::Ask(Prompt {
                    message,
                    reason_type: Some("safetyCheck".into()),
                    reason: Some(reason.into()),
                    ..Default::default()
                })
            }
            None => {}
        }
    }
    match outcome {
        Outcome::Allow | Outcome::Ask(_) => {
            match super::write_target::symlink_refusal(tool.name(), input, ctx) {
                Some(refusal) => Outcome::Deny(refusal),
                None => outcome,
            }
        }
        _ => outcome,
    }
}

fn rules_mode_and_tool(
    tool: &dyn Tool,
    input: &Value,
    ctx: &PermissionContext,
    hook: Option<&str>,
) -> Outcome {
    let name = tool.name();
    let rules = &ctx.rules;
    let roots = ctx.roots();
    let mode = ctx.mode;

    // Deny rules.
    if rules.names_whole_tool(RuleBehavior::Deny, name) {
        return deny(
            format!("Permission to use {name} has been denied."),
            Some("rule"),
        );
    }
    if let (Some(kind), Some(p)) = (file_rule_kind(name), call_path(input)) {
        let abs = resolve(p, ctx.dir(), ctx.home.as_deref());
        // A file still to be written is where its directory really is.
        let real = crate::rules::path::real_path(&abs);
        let search = matches!(name, "Glob" | "Grep");
        // Reading is denied by `Read(...)` rules only: `Grep(path)`, `Glob(path)` and
        // `Edit(path)` rules leave reads and searches alone (dr_other_tools).
        let covers = |path: &std::path::Path| {
            rules.of(RuleBehavior::Deny).any(|e| {
                path_rule_kind(&e.rule) == Some(kind)
                    && (kind != "Read" || e.rule.tool == "Read")
                    && e.rule.content.as_deref().is_some_and(|c| {
                        let r = roots.for_source(e.source);
                        deny_rule_covers(c, path, &r.cwd, r.home.as_deref(), search)
                    })
            })
        };
        let named = covers(&abs);
        let linked = real != abs && covers(&real);
        // A Read whose path leads into a denied place only through a link is refused as a
        // search is (dr_symlink).
        if (named || linked) && (search || (kind == "Read" && !named)) {
            return deny(
                format!("Permission to read {} has been denied.", abs.display()),
                Some("rule"),
            );
        }
        // An Edit rule naming the path itself comes first (fa_101: `src/lib/util.js`).
        if named {
            return Outcome::ToolError(DENIED_DIRECTORY.to_string());
        }
        // A file the model may not read may not be changed either (fa_028, fa_012), before
        // an Edit rule covering only where a link leads (fa_101: `link_to_src/app.js`).
        // A settings file's `Read` without a path covers every file; the same name in
        // `disallowed_tools` only takes the tool away (fa_298, fa_pin_readdeny_*).
        let read_denied = |path: &std::path::Path| {
            rules.of(RuleBehavior::Deny).any(|e| {
                e.rule.tool == "Read"
                    && match e.rule.content.as_deref() {
                        Some(c) => {
                            let r = roots.for_source(e.source);
                            deny_rule_covers(c, path, &r.cwd, r.home.as_deref(), false)
                        }
                        None => e.source != crate::rules::RuleSource::CliArg,
                    }
            })
        };
        if kind == "Edit" && (read_denied(&abs) || (real != abs && read_denied(&real))) {
            let done = if name == "Write" { "written" } else { "edited" };
            return Outcome::ToolError(format!(
                "<tool_use_error>File is covered by a Read deny rule in your permission settings and cannot be {done}.</tool_use_error>"
            ));
        }
        // An Edit rule covering only where a link leads is no input error: the call is
        // refused as a rule denial naming the path as written, after the unread check
        // (fa_links_edit_deny_*).
        if linked {
            return deny(
                format!("Permission to edit {} has been denied.", abs.display()),
                Some("rule"),
            );
        }
    }
    let command = input.get("command").and_then(Value::as_str);
    if let (true, Some(command)) = (name == "Bash", command) {
        if let Some(hit) =
            bash::find_rule_from(rules, RuleBehavior::Deny, command, &roots, ctx.dir())
                .filter(|hit| !detour::asked_before_paths(command, hit, mode))
        {
            if hit.in_shell_script {
                return Outcome::Ask(Prompt {
                    message: SHELL_SCRIPT_DENIED.to_string(),
                    reason_type: Some("safetyCheck".into()),
                    reason: Some(SHELL_SCRIPT_REASON.into()),
                    ..Default::default()
                });
            }
            if let Some(message) = detour::read_after_cd(command, ctx, &hit.entry) {
                return deny(message, Some("rule"));
            }
            return deny(
                format!(
                    "Permission to use Bash with command {} has been denied.",
                    hit.command
                ),
                Some(denial_kind(command, &hit)),
            );
        }
    } else if let Some(e) = rules
        .find(RuleBehavior::Deny, name, input, &roots)
        // A path rule on a call with a path was judged above (dr_dir_trailing).
        .filter(|_| file_rule_kind(name).is_none() || call_path(input).is_none())
    {
        // A rule naming an agent type refuses that type as the Agent tool would refuse an
        // unknown one: no denial is recorded (vk_st_deny_agent_type).
        if let ("Agent" | "Task", Some(kind)) = (name, e.rule.content.as_deref()) {
            return Outcome::Fail(format!(
                "Agent type '{kind}' has been denied by permission rule '{}({kind})' from {}.",
                e.rule.tool,
                e.source.as_str()
            ));
        }
        let message = match (name, e.rule.content.as_deref()) {
            ("WebFetch", Some(domain)) => format!("WebFetch denied access to {domain}."),
            // A rule naming a skill (vk_st_deny_skill).
            ("Skill", Some(_)) => "Skill execution blocked by permission rules".to_string(),
            _ => format!("Permission to use {name} has been denied."),
        };
        return deny(message, Some("rule"));
    }

    // Ask rules, and a hook's ask.
    let asked = match (name, command) {
        ("Bash", Some(c)) => {
            bash::find_rule_from(rules, RuleBehavior::Ask, c, &roots, ctx.dir()).is_some()
                || rules.names_whole_tool(RuleBehavior::Ask, name)
        }
        _ => rules.find(RuleBehavior::Ask, name, input, &roots).is_some(),
    };
    if asked {
        // When the tool would ask about this call anyway (bypassPermissions aside), the
        // question is the tool's own, naming the rule and no reason; an MCP tool's is the
        // rule's question (vh_mcp_ask_settings_callback).
        if let Some(entry) = rules
            .of(RuleBehavior::Ask)
            .filter(|_| !name.starts_with("mcp__"))
            .find(|e| e.rule.is_bare() && e.rule.names_tool(name))
        {
            let as_asked = PermissionContext {
                mode: if mode == PermissionMode::BypassPermissions {
                    PermissionMode::Default
                } else {
                    mode
                },
                ..ctx.clone()
            };
            if let ToolPermission::Ask {
                message,
                blocked_path,
                reason_type,
                reason,
                ..
            } = tool.check_permission(input, &as_asked)
            {
                // The tool's reason goes with it: a read outside the working directories
                // says so (fh_093, probed in the default and plan modes).
                let reason = reason.or_else(|| stated_reason(reason_type.as_deref(), &message));
                return Outcome::Ask(Prompt {
                    message,
                    blocked_path,
                    reason_type,
                    reason,
                    matched_ask_rule: Some(serde_json::json!({
                        "source": entry.source.as_str(), "toolName": name
                    })),
                    ..Default::default()
                });
            }
        }
        // A rule naming the whole tool asks for the tool, not for a path.
        let text = if rules.names_whole_tool(RuleBehavior::Ask, name) {
            format!("Claude requested permissions to use {name}, but you haven't granted it yet.")
        } else {
            request_text(name, input, ctx)
        };
        return ask(text, "rule");
    }
    if hook == Some("ask") {
        // A protected file is asked about as such, not as the hook's question; in
        // bypassPermissions a hook's ask does not stop a write to one (fc_pre_ask_each_*).
        if let Some(prompt) = super::protected::question(name, input, ctx) {
            return if mode == PermissionMode::BypassPermissions {
                Outcome::Allow
            } else {
                Outcome::Ask(prompt)
            };
        }
        // So is a write leading out through a symlinked folder: the tool's own question
        // (fc_150), as under a hook's allow.
        return symlink_question(tool, input, ctx)
            .unwrap_or_else(|| ask(request_text(name, input, ctx), "hook"));
    }

    // Plan mode keeps its own say: a hook's allow does not pass it, and no allow rule lets
    // a file edit through (the mode refuses it below).
    let plan = mode == PermissionMode::Plan;
    // What the tool refuses whatever the mode.
    if let Some(denial) = tool.refusal(input) {
        return Outcome::Deny(denial);
    }
    if let Some(prompt) = tool.safety_check(input, ctx) {
        return Outcome::Ask(prompt);
    }
    // A protected file (`.git/`, `.claude/settings.json`, ...) is asked about whatever
    // allows edits, short of bypassPermissions.
    if let Some(prompt) = super::protected::check(name, input, ctx) {
        return Outcome::Ask(prompt);
    }
    if mode == PermissionMode::BypassPermissions {
        return Outcome::Allow;
    }
    // In plan mode a hook's allow runs a command that only reads, wherever it reads; what
    // writes or runs code still goes to the mode (fc_171).
    if hook == Some("allow") && plan && name == "Bash" && tool.is_read_only(input) {
        return Outcome::Allow;
    }
    if hook == Some("allow") && !plan {
        // A write leading out through a symlink stays a question a hook's allow does not
        // answer (fc_125).
        return symlink_question(tool, input, ctx).unwrap_or(Outcome::Allow);
    }
    if let Some(prompt) = tool.must_ask(input) {
        return Outcome::Ask(prompt);
    }
    let edit_in_plan = plan && file_rule_kind(name) == Some("Edit");
    // In plan mode an allow rule lets an MCP tool run only when the tool only reads
    // (fj_pin_plan_rule_echo, fj_pin_plan_rule_look).
    let mcp_in_plan = plan && name.starts_with("mcp__");
    let mcp_writes_in_plan = mcp_in_plan && !tool.is_read_only(input);
    let allowed = !edit_in_plan
        && !mcp_writes_in_plan
        && (rules.names_whole_tool(RuleBehavior::Allow, name)
            || match (name, command) {
                ("Bash", Some(c)) => rules.of(RuleBehavior::Allow).any(|e| {
                    e.rule.tool == "Bash"
                        && e.rule
                            .content
                            .as_deref()
                            .is_some_and(|p| !p.contains('*') && bash::pattern_matches(p, c))
                }),
                _ => {
                    rules
                        .find(RuleBehavior::Allow, name, input, &roots)
                        .is_some()
                        && real_path_allowed(rules, name, input, ctx)
                }
            }
            // What a path rule lets the model edit it may read (fa_071; the whole tool
            // does not, fa_128).
            || (file_rule_kind(name) == Some("Read")
                && rules
                    .find(RuleBehavior::Allow, "Edit", input, &roots)
                    .is_some_and(|e| !e.rule.is_bare())));
    // (A file out there the model never read was refused before any hook, whatever allows
    // the edit: `agent::tool_calls::run::prepare`, fa_082.)
    // A rule naming the whole tool does not let a write out through a symlinked folder
    // (fuzz-a/fa_1005: `Write` allowed, `src/linkdir/w.txt` leading out); a path rule is
    // checked against where the path leads.
    let out_through_link = allowed
        && file_rule_kind(name) == Some("Edit")
        && !rules
            .of(RuleBehavior::Allow)
            .any(|e| !e.rule.is_bare() && path_rule_kind(&e.rule) == file_rule_kind(name))
        && symlink_question(tool, input, ctx).is_some();
    if allowed && !out_through_link {
        return Outcome::Allow;
    }
    // Auto mode runs without its classifier whatever acceptEdits would run: file edits and
    // file commands inside the working directories.
    let checked = if mode == PermissionMode::Auto {
        let as_edits = PermissionContext {
            mode: PermissionMode::AcceptEdits,
            ..ctx.clone()
        };
        tool.check_permission(input, &as_edits)
    } else {
        tool.check_permission(input, ctx)
    };
    match checked {
        ToolPermission::Allow => Outcome::Allow,
        // In plan mode an unread file a path rule lets the model edit is asked about, with
        // nothing suggested (fa_424).
        ToolPermission::Deny { message }
            if edit_in_plan
                && message.contains(crate::tool::NOT_READ_YET)
                && edit_path_rule_allows(input, ctx) =>
        {
            Outcome::Ask(Prompt {
                message: request_text(name, input, ctx),
                ..Default::default()
            })
        }
        ToolPermission::Deny { message } if message.starts_with("<tool_use_error>") => {
            Outcome::Fail(message)
        }
        ToolPermission::Deny { message } => deny(message, None),
        // Plan and auto modes look around freely: reads outside the working directories run.
        ToolPermission::Ask { reason_type, .. }
            if ctx.classifier_mode()
                && file_rule_kind(name) == Some("Read")
                && reason_type.as_deref() == Some("workingDir") =>
        {
            Outcome::Allow
        }
        ToolPermission::Ask {
            message,
            blocked_path,
            suggestions,
            reason_type,
            reason,
        } => match question(message, blocked_path, suggestions, reason_type, reason) {
            Outcome::Ask(prompt) if mcp_in_plan && !mcp_writes_in_plan => Outcome::Ask(Prompt {
                classifier_first: true,
                ..prompt
            }),
            asked => asked,
        },
    }
}

/// A write whose path leads out of the working directories through a symlink: a safety
/// question, which the reference tells the callback not to offer "always" for.
fn through_symlink(reason_type: Option<&str>, message: &str) -> bool {
    reason_type == Some("safetyCheck") && message.contains(" resolves through a symlink to ")
}

/// The tool's question about a write leading out through a symlink, if that is its question:
/// a hook's allow or ask does not replace it (fc_125, fc_150).
fn symlink_question(tool: &dyn Tool, input: &Value, ctx: &PermissionContext) -> Option<Outcome> {
    match tool.check_permission(input, ctx) {
        ToolPermission::Ask {
            message,
            blocked_path,
            suggestions,
            reason_type,
            reason,
        } if through_symlink(reason_type.as_deref(), &message) => Some(question(
            message,
            blocked_path,
            suggestions,
            reason_type,
            reason,
        )),
        _ => None,
    }
}

/// The tool's own question as the decision's prompt.
fn question(
    message: String,
    blocked_path: Option<String>,
    suggestions: Vec<Value>,
    reason_type: Option<String>,
    reason: Option<String>,
) -> Outcome {
    let reason = reason.or_else(|| stated_reason(reason_type.as_deref(), &message));
    Outcome::Ask(Prompt {
        suppress_always_allow: through_symlink(reason_type.as_deref(), &message),
        message,
        reason_type,
        reason,
        blocked_path,
        suggestions,
        matched_ask_rule: None,
        classifier_first: false,
    })
}

/// A file tool's allow rule must also cover where the path really leads (symlinks).
fn real_path_allowed(
    rules: &crate::rules::RuleSet,
    name: &str,
    input: &Value,
    ctx: &PermissionContext,
) -> bool {
    let (Some(_), Some(p)) = (file_rule_kind(name), call_path(input)) else {
        return true;
    };
    let abs = resolve(p, ctx.dir(), ctx.home.as_deref());
    // A file still to be written is where its directory really is (fa_320).
    let real = crate::rules::path::real_path(&abs);
    let real_input = serde_json::json!({"file_path": real.display().to_string()});
    rules
        .find(RuleBehavior::Allow, name, &real_input, &ctx.roots())
        .is_some()
}

/// `decision_reason` of a prompt's denial, as the reference states it for each kind.
fn stated_reason(reason_type: Option<&str>, message: &str) -> Option<String> {
    match reason_type? {
        "other" | "safetyCheck" if !message.contains(" resolves through a symlink to ") => {
            Some(message.to_string())
        }
        "workingDir" | "safetyCheck" => {
            match message.split_once("but you haven't granted it yet. ") {
                Some((_, note)) => Some(note.trim_end_matches('.').to_string()),
                None => Some("Path is outside allowed working directories".to_string()),
            }
        }
        _ => None,
    }
}

/// What becomes of a prompt when nobody is asked: `dontAsk`, `auto` and `plan` answer it
/// themselves; without a can_use_tool callback it is a denial with the prompt's text.
/// `None`: ask the callback.
pub fn settle(
    prompt: &Prompt,
    tool_name: &str,
    input: &Value,
    ctx: &PermissionContext,
    has_callback: bool,
) -> Option<Denial> {
    let mode_denial = |message: String, reason_type: &str| Denial {
        message,
        reason_type: Some(reason_type.to_string()),
        ..Default::default()
    };
    let no_classifier = || Denial {
        message: NO_CLASSIFIER_TEXT.replace("so Bash was", &format!("so {tool_name} was")),
        reason_type: Some("classifier".into()),
        reason: Some("Classifier unavailable".into()),
        code: Some(NO_CLASSIFIER_CODE.into()),
        unanswered: false,
    };
    match ctx.mode {
        PermissionMode::DontAsk => {
            let mut message = format!("Permission to use {tool_name} {DONT_ASK_TEXT}");
            // A skill's question says how to allow it for good; the refusal keeps that.
            if tool_name == "Skill" {
                message = format!("{message} {}", prompt.message);
            }
            return Some(mode_denial(message, "mode"));
        }
        // With someone to ask, an edit in plan mode is the user's call, unless its file is
        // protected: that goes to the classifier, as any other question of the mode
        // (fa_006). A protected file is the safety check's question, not the mode's.
        PermissionMode::Plan
            if file_rule_kind(tool_name) == Some("Edit")
                && has_callback
                && super::protected::check(tool_name, input, ctx).is_none() =>
        {
            return None
        }
        PermissionMode::Plan
            if file_rule_kind(tool_name) == Some("Edit")
                && super::protected::check(tool_name, input, ctx).is_none() =>
        {
            let path = call_path(input)
                .map(|p| {
                    resolve(p, ctx.dir(), ctx.home.as_deref())
                        .display()
                        .to_string()
                })
                .unwrap_or_default();
            return Some(mode_denial(
                format!("Cannot write to {path} while in plan mode."),
                "mode",
            ));
        }
        // A read-only MCP tool in plan mode is the classifier's, even with a callback
        // (fj_pin_plan_cb, fj_pin_plan_none).
        PermissionMode::Plan if prompt.classifier_first && ctx.classifier_mode() => {
            return Some(no_classifier())
        }
        // Another MCP tool in plan mode is the user's call, else refused by the mode in its
        // own words (vh_mcp_plan_callback, vh_mcp_plan_no_rule).
        PermissionMode::Plan if tool_name.starts_with("mcp__") && has_callback => return None,
        PermissionMode::Plan
            if tool_name.starts_with("mcp__") && prompt.reason_type.as_deref() != Some("rule") =>
        {
            return Some(mode_denial(
                format!("Cannot call {tool_name} while in plan mode."),
                "mode",
            ));
        }
        // A question an ask rule raised is the user's, not the classifier's (fh_093); on a
        // model that does not run auto mode, plan mode's questions are too.
        PermissionMode::Plan | PermissionMode::Auto
            if ctx.classifier_mode()
                && prompt.reason_type.as_deref() != Some("rule")
                && prompt.matched_ask_rule.is_none() =>
        {
            return Some(no_classifier())
        }
        _ => {}
    }
    (!has_callback).then(|| Denial {
        message: prompt.message.clone(),
        reason_type: prompt.reason_type.clone(),
        reason: prompt.reason.clone(),
        code: None,
        unanswered: true,
    })
}

/// Whether an allow rule naming a path (not the whole tool) lets the model change the file of
/// `input`: such a rule also lifts the refusal of an unread file outside the working
/// directories (fa_424, probes pe_*_editout_edit; a bare `Edit` does not: fa_082).
pub fn edit_path_rule_allows(input: &Value, ctx: &PermissionContext) -> bool {
    let roots = ctx.roots();
    // Beside a bare `Edit` too (edges/rm_a_*).
    ctx.rules.of(RuleBehavior::Allow).any(|e| {
        !e.rule.is_bare()
            && crate::rules::covers_call(&e.rule, "Edit", input, &roots.for_source(e.source))
    })
        // A rule covering the path as named but not where a link leads does not (fa_392).
        && real_path_allowed(&ctx.rules, "Edit", input, ctx)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::RuleSource;
    use crate::tool::{ToolContext, ToolOutput};

    /// A file-writing tool that asks for any call, as Write does in the default mode, or asks
    /// the question it is given.
    struct Write(Option<ToolPermission>);
    impl Tool for Write {
        fn name(&self) -> &str {
            "Write"
        }
        fn description(&self) -> String {
            String::new()
        }
        fn input_schema(&self) -> Value {
            serde_json::json!({})
        }
        fn check_permission(&self, _: &Value, _: &PermissionContext) -> ToolPermission {
            self.0
                .clone()
                .unwrap_or_else(|| ToolPermission::ask_to_use(self.name()))
        }
        fn call<'a>(
            &'a self,
            _: Value,
            _: &'a ToolContext,
        ) -> futures::future::BoxFuture<'a, ToolOutput> {
            // Only its permission is evaluated here; a call would write nothing.
            Box::pin(async { ToolOutput::error("a permission-only test double") })
        }
    }

    fn input() -> Value {
        serde_json::json!({"file_path": "/ws/w.txt", "content": "x"})
    }

    /// fa_298, fa_pin_readdeny_*: a settings file's `Read` without a path covers every
    /// file a write would change; the same name in `disallowed_tools` does not.
    #[test]
    fn a_bare_read_deny_in_settings_covers_every_write() {
        let covered = Outcome::ToolError(
            "<tool_use_error>File is covered by a Read deny rule in your permission settings and cannot be written.</tool_use_error>".into(),
        );
        for source in [RuleSource::ProjectSettings, RuleSource::FlagSettings] {
            let mut ctx = PermissionContext::new("/ws", PermissionMode::BypassPermissions);
            ctx.rules.add(RuleBehavior::Deny, source, "Read").unwrap();
            assert_eq!(
                evaluate(&Write(None), &input(), &ctx, None),
                covered,
                "{source:?}"
            );
        }
        let mut ctx = PermissionContext::new("/ws", PermissionMode::BypassPermissions);
        ctx.rules
            .add(RuleBehavior::Deny, RuleSource::CliArg, "Read")
            .unwrap();
        assert_eq!(evaluate(&Write(None), &input(), &ctx, None), Outcome::Allow);
    }

    #[test]
    fn plan_mode_keeps_edits_out_whatever_allows_them() {
        let mut ctx = PermissionContext::new("/ws", PermissionMode::Plan);
        ctx.rules
            .add(RuleBehavior::Allow, RuleSource::CliArg, "Write")
            .unwrap();
        assert!(matches!(
            evaluate(&Write(None), &input(), &ctx, None),
            Outcome::Ask(_)
        ));
        assert!(matches!(
            evaluate(&Write(None), &input(), &ctx, Some("allow")),
            Outcome::Ask(_)
        ));
        ctx.mode = PermissionMode::Default;
        assert_eq!(evaluate(&Write(None), &input(), &ctx, None), Outcome::Allow);
    }

    /// fuzz-a/fa_1005: `Write` allowed as a whole tool lets a write anywhere but out through
    /// a symlinked folder; a path rule decides by where the path leads.
    #[test]
    fn a_whole_tool_allow_does_not_let_a_write_out_through_a_symlink() {
        let linked = || {
            Write(Some(ToolPermission::Ask {
                message: "/ws/out/w.txt resolves through a symlink to /elsewhere/w.txt, which \
                          is outside the allowed working directories"
                    .into(),
                blocked_path: Some("/elsewhere/w.txt".into()),
                suggestions: vec![],
                reason_type: Some("safetyCheck".into()),
                reason: None,
            }))
        };
        for mode in [PermissionMode::Default, PermissionMode::AcceptEdits] {
            let mut ctx = PermissionContext::new("/ws", mode);
            ctx.rules
                .add(RuleBehavior::Allow, RuleSource::CliArg, "Write")
                .unwrap();
            assert!(matches!(
                evaluate(&linked(), &input(), &ctx, None),
                Outcome::Ask(_)
            ));
            assert_eq!(evaluate(&Write(None), &input(), &ctx, None), Outcome::Allow);
        }
    }

    #[test]
    fn a_write_out_through_a_symlink_offers_no_always_allow() {
        let ctx = PermissionContext::new("/ws", PermissionMode::Default);
        // Write through a symlink that leads out of the working directories.
        let linked = Write(Some(ToolPermission::Ask {
            message: "/ws/out/w.txt resolves through a symlink to /elsewhere/w.txt, which is \
                      outside the allowed working directories"
                .into(),
            blocked_path: Some("/elsewhere/w.txt".into()),
            suggestions: vec![],
            reason_type: Some("safetyCheck".into()),
            reason: None,
        }));
        let Outcome::Ask(prompt) = evaluate(&linked, &input(), &ctx, None) else {
            panic!("a write out through a symlink asks");
        };
        assert!(prompt.suppress_always_allow);
        let Outcome::Ask(prompt) = evaluate(&Write(None), &input(), &ctx, None) else {
            panic!("Write asks in the default mode");
        };
        assert!(!prompt.suppress_always_allow);
        // A hook's ask about it is the same question, not the hook's (fc_150); about a plain
        // write it is the hook's.
        let Outcome::Ask(prompt) = evaluate(&linked, &input(), &ctx, Some("ask")) else {
            panic!("a hook's ask asks");
        };
        assert_eq!(prompt.reason_type.as_deref(), Some("safetyCheck"));
        assert_eq!(prompt.blocked_path.as_deref(), Some("/elsewhere/w.txt"));
        let Outcome::Ask(prompt) = evaluate(&Write(None), &input(), &ctx, Some("ask")) else {
            panic!("a hook's ask asks");
        };
        assert_eq!(prompt.reason_type.as_deref(), Some("hook"));
    }

    /// An MCP tool, asking for every call as MCP tools do.
    struct Mcp;
    impl Tool for Mcp {
        fn name(&self) -> &str {
            "mcp__vh__ok"
        }
        fn description(&self) -> String {
            String::new()
        }
        fn input_schema(&self) -> Value {
            serde_json::json!({})
        }
        fn call<'a>(
            &'a self,
            _: Value,
            _: &'a ToolContext,
        ) -> futures::future::BoxFuture<'a, ToolOutput> {
            Box::pin(async { ToolOutput::error("a permission-only test double") })
        }
    }

    /// An MCP tool that asks to be used, read-only or not.
    struct McpAsking(bool);
    impl Tool for McpAsking {
        fn name(&self) -> &str {
            "mcp__vh__look"
        }
        fn description(&self) -> String {
            String::new()
        }
        fn input_schema(&self) -> Value {
            serde_json::json!({})
        }
        fn is_read_only(&self, _: &Value) -> bool {
            self.0
        }
        fn check_permission(&self, _: &Value, _: &PermissionContext) -> ToolPermission {
            ToolPermission::ask_to_use(self.name())
        }
        fn call<'a>(
            &'a self,
            _: Value,
            _: &'a ToolContext,
        ) -> futures::future::BoxFuture<'a, ToolOutput> {
            Box::pin(async { ToolOutput::error("a permission-only test double") })
        }
    }

    /// A tool of any name that asks nothing itself.
    struct Named(&'static str);
    impl Tool for Named {
        fn name(&self) -> &str {
            self.0
        }
        fn description(&self) -> String {
            String::new()
        }
        fn input_schema(&self) -> Value {
            serde_json::json!({})
        }
        fn check_permission(&self, _: &Value, _: &PermissionContext) -> ToolPermission {
            ToolPermission::Allow
        }
        fn call<'a>(
            &'a self,
            _: Value,
            _: &'a ToolContext,
        ) -> futures::future::BoxFuture<'a, ToolOutput> {
            Box::pin(async { ToolOutput::error("a permission-only test double") })
        }
    }

    /// vk_st_deny_skill, vk_st_deny_agent_type: deny rules naming a skill or an agent type.
    #[test]
    fn deny_rules_for_a_skill_and_an_agent_type() {
        let mut ctx = PermissionContext::new("/ws", PermissionMode::BypassPermissions);
        for rule in ["Skill(alpha)", "Agent(helper)"] {
            ctx.rules
                .add(RuleBehavior::Deny, RuleSource::FlagSettings, rule)
                .unwrap();
        }
        let skill = serde_json::json!({"skill": "alpha"});
        let Outcome::Deny(d) = evaluate(&Named("Skill"), &skill, &ctx, None) else {
            panic!("a rule naming the skill denies it");
        };
        assert_eq!(d.message, "Skill execution blocked by permission rules");
        let agent =
            serde_json::json!({"description": "d", "prompt": "p", "subagent_type": "helper"});
        let Outcome::Fail(text) = evaluate(&Named("Agent"), &agent, &ctx, None) else {
            panic!("a rule naming the agent type refuses it");
        };
        assert_eq!(
            text,
            "Agent type 'helper' has been denied by permission rule 'Agent(helper)' from flagSettings."
        );
    }

    #[test]
    fn an_ask_rule_for_an_mcp_tool_is_the_rules_question() {
        let mut ctx = PermissionContext::new("/ws", PermissionMode::BypassPermissions);
        ctx.rules
            .add(
                RuleBehavior::Ask,
                RuleSource::ProjectSettings,
                "mcp__vh__ok",
            )
            .unwrap();
        let Outcome::Ask(prompt) = evaluate(&Mcp, &Value::Null, &ctx, None) else {
            panic!("an ask rule asks");
        };
        assert_eq!(prompt.reason_type.as_deref(), Some("rule"));
        assert_eq!(prompt.matched_ask_rule, None);
    }

    #[test]
    fn a_whole_tool_ask_rule_asks_for_the_tool() {
        let mut ctx = PermissionContext::new("/ws", PermissionMode::AcceptEdits);
        ctx.rules
            .add(RuleBehavior::Ask, RuleSource::ProjectSettings, "Write")
            .unwrap();
        let Outcome::Ask(prompt) = evaluate(&Write(None), &input(), &ctx, None) else {
            panic!("an ask rule asks");
        };
        assert_eq!(
            prompt.message,
            "Claude requested permissions to use Write, but you haven't granted it yet."
        );
    }

    #[test]
    fn plan_mode_refuses_an_mcp_call_in_its_own_words() {
        let ctx = PermissionContext::new("/ws", PermissionMode::Plan);
        let prompt = Prompt {
            message:
                "Claude requested permissions to use mcp__vh__ok, but you haven't granted it yet."
                    .into(),
            ..Default::default()
        };
        let denial = settle(&prompt, "mcp__vh__ok", &Value::Null, &ctx, false).unwrap();
        assert_eq!(
            denial.message,
            "Cannot call mcp__vh__ok while in plan mode."
        );
        assert_eq!(denial.reason_type.as_deref(), Some("mode"));
        assert_eq!(
            settle(&prompt, "mcp__vh__ok", &Value::Null, &ctx, true),
            None
        );
    }

    #[test]
    fn plan_mode_lets_rules_run_only_read_only_mcp_tools_and_asks_its_classifier_of_them() {
        let mut ctx = PermissionContext::new("/ws", PermissionMode::Plan);
        // Without a rule a read-only tool is the classifier's, whoever could be asked.
        let Outcome::Ask(prompt) = evaluate(&McpAsking(true), &Value::Null, &ctx, None) else {
            panic!("no rule allows it");
        };
        assert!(prompt.classifier_first);
        let denial = settle(&prompt, "mcp__vh__look", &Value::Null, &ctx, true).unwrap();
        assert_eq!(denial.reason_type.as_deref(), Some("classifier"));
        assert!(denial.message.contains("so mcp__vh__look was not run"));
        ctx.rules
            .add(RuleBehavior::Allow, RuleSource::CliArg, "mcp__vh")
            .unwrap();
        assert_eq!(
            evaluate(&McpAsking(true), &Value::Null, &ctx, None),
            Outcome::Allow
        );
        // Another tool the rule names is still the mode's question.
        let Outcome::Ask(prompt) = evaluate(&McpAsking(false), &Value::Null, &ctx, None) else {
            panic!("plan mode sets the rule aside");
        };
        assert!(!prompt.classifier_first);
        assert_eq!(
            settle(&prompt, "mcp__vh__look", &Value::Null, &ctx, false)
                .unwrap()
                .message,
            "Cannot call mcp__vh__look while in plan mode."
        );
    }
}

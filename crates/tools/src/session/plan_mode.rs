//! EnterPlanMode and ExitPlanMode: the model's way into plan mode (look around, change
//! nothing) and back out once the user has approved its plan.
//!
//! Both are offered when the host answers can_use_tool, as the reference offers them. The
//! tools only word their results; the mode itself is the session's, switched by the loop
//! after a successful call ([`ModeChange`]).
//!
//! ```text
//! EnterPlanMode {}  ──► runs without asking ──► mode = plan
//! ExitPlanMode {}   ──► can_use_tool (the user approves the plan) ──► mode = the previous one
//!                       outside plan mode: refused, there is nothing to leave
//! ```
//!
//! The plan lives in `~/.claude/plans/<session id>.md` ([`ModeChange::plan_file`]); what it
//! holds is what the user is shown and what the result reports as `plan` (`null` without one).

use oxagent_core::permission::{PermissionContext, ToolPermission};
use oxagent_core::tool::{ModeChange, ToolContext, ToolOutput};
use oxagent_core::PermissionMode;
use serde_json::{json, Value};

use crate::paths;
use crate::results::success;
use crate::typed::TypedTool;

/// The result's `message`: what the caller sees of an EnterPlanMode call.
pub const ENTERED_PLAN_MODE: &str = "Entered plan mode. You should now focus on exploring the \
     codebase and designing an implementation approach.";

/// What the model reads after the caller's `message`: how to spend plan mode.
const PLAN_MODE_GUIDANCE: &str = "While plan mode lasts, change nothing: no file edits, no \
     commands with side effects. Read the code that matters, compare the ways the task could \
     be done, and ask the user (AskUserQuestion) where a choice is theirs. When the approach \
     is settled, call ExitPlanMode so the user can approve the plan; work starts after that.";

/// What the model reads once the user approved leaving plan mode.
pub const EXIT_APPROVED: &str = "User has approved exiting plan mode. You can now proceed.";

/// Switches the session to plan mode. See the module docs.
pub struct EnterPlanModeTool;

impl TypedTool for EnterPlanModeTool {
    const NAME: &'static str = "EnterPlanMode";
    const ALWAYS_ALLOWED: bool = true;
    const MODE_CHANGE: Option<ModeChange> = Some(ModeChange::EnterPlan);
    type Input = Value;

    fn description(&self) -> String {
        "Switches the session to plan mode before a change that deserves thought: a feature \
         that touches several files, a choice between designs, a task whose scope is unclear. \
         In plan mode you explore and design without changing anything, then present the plan \
         with ExitPlanMode for the user's approval. Skip it for small, obvious changes."
            .to_string()
    }

    fn input_schema() -> Value {
        json!({
            "type": "object",
            "properties": {},
            "additionalProperties": false
        })
    }

    async fn run(&self, _input: Value, _ctx: &ToolContext) -> ToolOutput {
        success(
            format!("{ENTERED_PLAN_MODE}\n\n{PLAN_MODE_GUIDANCE}"),
            json!({ "message": ENTERED_PLAN_MODE }),
        )
    }
}

/// Asks the user to approve the plan and leave plan mode. See the module docs.
pub struct ExitPlanModeTool;

impl ExitPlanModeTool {
    /// The session's plan file, under the session's `HOME` (else the process's).
    fn plan_file(ctx: &ToolContext) -> Option<std::path::PathBuf> {
        let home = ctx
            .env
            .get("HOME")
            .map(std::path::PathBuf::from)
            .or_else(paths::home_dir)?;
        Some(ModeChange::plan_file(&home, &ctx.session_id))
    }
}

impl TypedTool for ExitPlanModeTool {
    const NAME: &'static str = "ExitPlanMode";
    const MODE_CHANGE: Option<ModeChange> = Some(ModeChange::ExitPlan);
    const REQUIRES_USER_INTERACTION: bool = true;
    /// The plan is the plan file's, not the input's: the input is read as it is.
    type Input = Value;

    fn description(&self) -> String {
        "Presents your plan to the user and asks to leave plan mode. Call it in plan mode once \
         the plan is written and ready for review; the user approves it (and the session \
         leaves plan mode) or says what to change. Only for plans of work to be done in code, \
         not for research or questions."
            .to_string()
    }

    fn input_schema() -> Value {
        json!({
            "type": "object",
            "properties": {
                "allowedPrompts": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "properties": {
                            "tool": {"type": "string", "enum": ["Bash"], "description": "The tool the permission is for."},
                            "prompt": {"type": "string", "description": "What the command would do, e.g. \"run the tests\"."}
                        },
                        "required": ["tool", "prompt"],
                        "additionalProperties": false
                    },
                    "description": "No longer used; accepted and ignored."
                }
            },
            "additionalProperties": {}
        })
    }

    /// Always the user's call, and only in plan mode.
    fn check_permission(&self, _input: &Value, ctx: &PermissionContext) -> ToolPermission {
        if ctx.mode == PermissionMode::Plan {
            ToolPermission::ask_to_use(Self::NAME)
        } else {
            ToolPermission::Deny {
                message: "<tool_use_error>The session is not in plan mode, so there is no \
                          plan to approve; go on with the work.</tool_use_error>"
                    .to_string(),
            }
        }
    }

    fn describe_call(&self, _input: &Value) -> Option<String> {
        None
    }

    async fn run(&self, _input: Value, ctx: &ToolContext) -> ToolOutput {
        let file = Self::plan_file(ctx);
        let plan = file.as_ref().and_then(|f| std::fs::read_to_string(f).ok());
        let text = match &plan {
            Some(plan) => format!("{EXIT_APPROVED}\n\nThe approved plan:\n{plan}"),
            None => EXIT_APPROVED.to_string(),
        };
        let mut result = json!({ "plan": plan, "isAgent": ctx.agent_id.is_some() });
        if let Some(f) = file {
            result["filePath"] = json!(f.display().to_string());
        }
        success(text, result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::typed::Typed;
    use oxagent_core::tool::Tool;

    fn ctx(home: &std::path::Path) -> ToolContext {
        ToolContext {
            session_id: "sess-1".into(),
            tool_use_id: "toolu_1".into(),
            cwd: home.to_path_buf(),
            shell_dir: None,
            additional_directories: vec![],
            env: [("HOME".to_string(), home.display().to_string())].into(),
            abort: Default::default(),
            agent_id: None,
            prompt_id: None,
            conversation: None,
            read_denied: Vec::new(),
            permission_mode: Default::default(),
        }
    }

    fn permission(mode: PermissionMode) -> PermissionContext {
        PermissionContext {
            cwd: "/ws".into(),
            additional_directories: vec![],
            mode,
            rules: Default::default(),
            home: None,
            shell_dir: None,
            no_auto_mode: false,
            agent_id: None,
        }
    }

    #[test]
    fn the_tools_state_their_mode_change() {
        assert_eq!(
            Typed(EnterPlanModeTool).mode_change(),
            Some(ModeChange::EnterPlan)
        );
        let exit = Typed(ExitPlanModeTool);
        assert_eq!(exit.mode_change(), Some(ModeChange::ExitPlan));
        assert!(exit.requires_user_interaction());
        assert!(!Typed(EnterPlanModeTool).requires_user_interaction());
    }

    #[test]
    fn exit_asks_in_plan_mode_and_is_refused_elsewhere() {
        let exit = Typed(ExitPlanModeTool);
        assert!(matches!(
            exit.check_permission(&json!({}), &permission(PermissionMode::Plan)),
            ToolPermission::Ask { .. }
        ));
        assert!(matches!(
            exit.check_permission(&json!({}), &permission(PermissionMode::Default)),
            ToolPermission::Deny { .. }
        ));
        assert_eq!(
            Typed(EnterPlanModeTool)
                .check_permission(&json!({}), &permission(PermissionMode::Default)),
            ToolPermission::Allow
        );
    }

    #[tokio::test]
    async fn exit_reports_the_plan_file() {
        let home = tempfile::tempdir().unwrap();
        let exit = Typed(ExitPlanModeTool);
        let out = exit
            .call(json!({"plan": "ignored"}), &ctx(home.path()))
            .await;
        assert_eq!(out.content.as_text(), EXIT_APPROVED);
        let file = home.path().join(".claude/plans/sess-1.md");
        assert_eq!(
            out.structured,
            Some(json!({"plan": null, "isAgent": false, "filePath": file.display().to_string()}))
        );

        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(&file, "1. Write the test\n").unwrap();
        let out = exit.call(json!({}), &ctx(home.path())).await;
        assert_eq!(
            out.structured.as_ref().unwrap()["plan"],
            "1. Write the test\n"
        );
        assert!(out.content.as_text().ends_with("1. Write the test\n"));
    }
}

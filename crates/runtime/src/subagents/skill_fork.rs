//! Skills whose front matter says `context: fork`: the Skill call runs the skill's
//! instructions as a subagent (general-purpose, or the skill's `agent`) and answers with its
//! report.
//!
//! ```text
//! Skill {skill: "sum", args}  -> task_started {description: "/sum", skip_transcript, ambient}
//!                                the agent's prompt and messages (marked with the Skill call)
//!                             -> task_notification {summary: "/sum", skip_transcript, ambient}
//!                                (no task_updated)
//!                             -> "[<tools-used-before-summary>…\n]Skill \"sum\" completed
//!                                 (forked execution).\n\nResult:\n<report>"
//! ```

use std::sync::Weak;

use futures::future::BoxFuture;
use oxagent_core::agent::Emit;
use oxagent_core::protocol::agents::AgentCall;
use oxagent_core::tool::{ToolContext, ToolOutput};
use oxagent_tools::session::skill::SkillFork;
use serde_json::json;

use super::begin::{begin, Launch};
use super::report::Finished;
use super::AgentTool;

/// Runs forked skills through the session's Agent tool.
pub(crate) struct Forker {
    pub agents: Weak<AgentTool>,
}

impl SkillFork for Forker {
    fn run<'a>(
        &'a self,
        skill: &'a str,
        description: &'a str,
        agent: Option<&'a str>,
        prompt: String,
        ctx: &'a ToolContext,
    ) -> BoxFuture<'a, ToolOutput> {
        Box::pin(async move {
            let tool = self.agents.upgrade();
            let Some((tool, context)) = tool.and_then(|t| t.context().map(|c| (t, c))) else {
                return ToolOutput::error("Agents are not available in this session.");
            };
            let call = AgentCall {
                description: description.to_string(),
                prompt,
                subagent_type: Some(agent.unwrap_or("general-purpose").to_string()),
                model: None,
                effort: None,
                run_in_background: Some(false),
                isolation: None,
                name: None,
            };
            let Some(agent) = context.agent_for(&call) else {
                let name = call.subagent_type.as_deref().unwrap_or_default();
                return ToolOutput::error(context.agents.not_found(name));
            };
            let launch = Launch {
                background: false,
                continued: None,
                ambient: Some(format!("/{skill}")),
            };
            let caller = ctx.agent_id.as_deref();
            let (begun, shown) = begin(&context, &agent, &call, &ctx.tool_use_id, caller, launch);
            if let Some(p) = shown {
                context.events.emit(p);
            }
            let me = tool.weak();
            super::run::run(&context, &me, &agent, &call, ctx, begun, None, None).await
        })
    }
}

impl Forker {
    /// Runs `skill` typed as a command (`/<skill> args`) as its agent, before the turn:
    /// (its instructions, how its messages are marked, its report). `None`: the session
    /// cannot run agents.
    pub(crate) async fn run_command(
        &self,
        skill: &oxagent_tools::session::skill::SkillInfo,
        args: &str,
        ctx: &ToolContext,
    ) -> Option<(String, oxagent_core::message::SubagentMark, String)> {
        let tool = self.agents.upgrade()?;
        let context = tool.context()?;
        let prompt = oxagent_tools::session::skill::fork_instructions(skill, args, &ctx.cwd)?;
        let call = AgentCall {
            description: skill.description.clone(),
            prompt: prompt.clone(),
            subagent_type: Some(
                skill
                    .agent
                    .as_deref()
                    .unwrap_or("general-purpose")
                    .to_string(),
            ),
            model: None,
            effort: None,
            run_in_background: Some(false),
            isolation: None,
            name: None,
        };
        let agent = context.agent_for(&call)?;
        let launch = Launch {
            background: false,
            continued: None,
            ambient: Some(format!("/{}", skill.name)),
        };
        // No call starts it; its prompt is shown with the turn, after the init message.
        let (begun, _) = begin(&context, &agent, &call, "", None, launch);
        let mark = super::begin::mark_of(&begun.agent_id, &agent, &call);
        let me = tool.weak();
        let out = super::run::run(&context, &me, &agent, &call, ctx, begun, None, None).await;
        let report = out
            .structured
            .as_ref()
            .and_then(|s| s.get("result"))
            .and_then(|r| r.as_str())
            .map(str::to_string)
            .unwrap_or_else(|| out.content.as_text());
        Some((prompt, mark, report))
    }
}

/// The Skill call's answer once its agent is done: `description` is `/<skill>`.
pub(super) fn output(description: &str, agent_id: &str, finished: &Finished) -> ToolOutput {
    let name = description.trim_start_matches('/');
    let report = finished.report.clone().unwrap_or_default();
    let note = finished.tools_note();
    let mut text = String::new();
    if let Some(n) = &note {
        text.push_str(n);
        text.push('\n');
    }
    text.push_str(&format!(
        "Skill \"{name}\" completed (forked execution).\n\nResult:\n{report}"
    ));
    let mut structured = json!({
        "success": true,
        "commandName": name,
        "status": "forked",
        "agentId": agent_id,
        "result": report,
    });
    if let Some(n) = note {
        structured["toolsUsedLine"] = json!(n);
    }
    ToolOutput::text(text).with_structured(structured)
}

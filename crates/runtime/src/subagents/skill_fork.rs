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
use oxagent_core::message::SubagentMark;
use oxagent_core::protocol::agents::AgentCall;
use oxagent_core::tool::{ToolContext, ToolOutput};
use oxagent_tools::session::skill::{SkillFork, SkillInfo};
use serde_json::json;

use super::begin::{begin, Launch};
use super::report::Finished;
use super::AgentTool;

/// Runs forked skills through the session's Agent tool.
pub(crate) struct Forker {
    pub agents: Weak<AgentTool>,
}

/// A forked skill's agent, started: what running it needs.
struct Started {
    context: std::sync::Arc<super::SubagentContext>,
    me: Weak<dyn oxagent_core::tool::Tool>,
    agent: super::registry::Agent,
    call: AgentCall,
    begun: super::begin::Begun,
    /// Its prompt, as the caller is shown it.
    shown: Option<oxagent_core::message::Message>,
}

impl Forker {
    /// Starts `skill`'s agent (its instructions `prompt`) for the call `tool_use_id` (none
    /// for a command) made by `caller`; `task_started` goes out. Err: why it cannot run.
    fn start(
        &self,
        skill: &SkillInfo,
        prompt: String,
        tool_use_id: &str,
        caller: Option<&str>,
    ) -> Result<Started, String> {
        let unavailable = || "Agents are not available in this session.".to_string();
        let tool = self.agents.upgrade().ok_or_else(unavailable)?;
        let context = tool.context().ok_or_else(unavailable)?;
        let mut call = AgentCall {
            description: skill.description.clone(),
            prompt,
            subagent_type: Some(skill.agent.as_deref().unwrap_or("general-purpose").into()),
            run_in_background: Some(false),
            ..AgentCall::default()
        };
        // An `agent` the session does not have runs as general-purpose
        // (vk_sk_fm_fork_unknown_agent).
        if context.agent_for(&call).is_none() {
            call.subagent_type = Some("general-purpose".into());
        }
        let Some(agent) = context.agent_for(&call) else {
            let name = call.subagent_type.as_deref().unwrap_or_default();
            return Err(context.agents.not_found(name));
        };
        let launch = Launch {
            background: false,
            continued: None,
            ambient: Some(format!("/{}", skill.name)),
        };
        let (begun, shown) = begin(&context, &agent, &call, tool_use_id, caller, launch);
        Ok(Started {
            me: tool.weak(),
            context,
            agent,
            call,
            begun,
            shown,
        })
    }

    /// Runs `skill` typed as a command (`/<skill> args`) as its agent, before the turn:
    /// (its instructions, how its messages are marked, its report, its messages held back
    /// to be shown with the turn). `None`: the session cannot run agents.
    pub(crate) async fn run_command(
        &self,
        skill: &SkillInfo,
        args: &str,
        ctx: &ToolContext,
    ) -> Option<(
        String,
        SubagentMark,
        String,
        Vec<oxagent_core::message::Message>,
    )> {
        let context = self.agents.upgrade()?.context()?;
        let bangs = context.skills.bangs(Some(&ctx.cwd));
        let prompt = oxagent_tools::session::skill::fork_instructions(skill, args, bangs)?;
        // No call starts it; its prompt is shown with the turn, after the init message.
        let s = self.start(skill, prompt.clone(), "", None).ok()?;
        let mark = super::begin::mark_of(&s.begun.agent_id, &s.agent, &s.call);
        let (context, me) = (&s.context, &s.me);
        // Its messages are shown after the init message, with its prompt (fuzz-m/fm_002).
        context.events.hold_agent("");
        let out = super::run::run(context, me, &s.agent, &s.call, ctx, s.begun, None, None).await;
        let shown = context.events.release_agent();
        let report = out
            .structured
            .as_ref()
            .and_then(|s| s.get("result"))
            .and_then(|r| r.as_str())
            .map(str::to_string)
            .unwrap_or_else(|| out.content.as_text());
        Some((prompt, mark, report, shown))
    }
}

impl SkillFork for Forker {
    fn run<'a>(
        &'a self,
        skill: &'a SkillInfo,
        prompt: String,
        ctx: &'a ToolContext,
    ) -> BoxFuture<'a, ToolOutput> {
        Box::pin(async move {
            let caller = ctx.agent_id.as_deref();
            let s = match self.start(skill, prompt, &ctx.tool_use_id, caller) {
                Ok(s) => s,
                Err(e) => return ToolOutput::error(e),
            };
            if let Some(p) = s.shown {
                s.context.events.emit(p);
            }
            let (context, me) = (&s.context, &s.me);
            super::run::run(context, me, &s.agent, &s.call, ctx, s.begun, None, None).await
        })
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

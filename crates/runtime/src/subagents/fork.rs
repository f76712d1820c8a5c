//! `subagent_type: "fork"`: the agent is a copy of its caller. It runs on the caller's
//! system prompt, tools, model and effort, and starts from the caller's conversation:
//!
//! ```text
//! ...the caller's turns...
//! assistant: [the Agent tool_use of the fork]          (the response's other blocks left out)
//! user:      [tool_result "Fork started — that fork is you.",
//!             "<fork-boilerplate>…</fork-boilerplate>\n\nYour directive: <prompt>"]
//! ```
//!
//! Its messages reach the caller as a foreground agent's do, without its prompt; it hands
//! back its report as any agent does.

use oxagent_core::config::{PermissionMode, SessionConfig, SubagentRole};
use oxagent_core::content::ToolResultContent;
use oxagent_core::conversation::Turn;
use oxagent_core::protocol::agents::AgentDefinition;
use oxagent_core::{ContentBlock, SubagentPrompt};

use super::registry::Agent;
use super::SubagentContext;

/// The `subagent_type` that forks the caller. It is no agent of the set: it is not listed.
pub(crate) const FORK: &str = "fork";

/// The result the fork reads for the call that made it.
const STARTED: &str = "Fork started — that fork is you.";

/// What the fork is told besides its directive (in our words; the frame is the reference's).
const BOILERPLATE: &str = "<fork-boilerplate>
You are a fork of the agent whose conversation is above: you share its history, but you are not that agent and do not carry on its work. You carry out the one directive below and then stop.

Rules:
- Do the work yourself; do not hand it to other agents with the Agent tool.
- Report once, at the end, and stop: no questions back, no offers of further steps.
- Keep to your directive. Other forks may be working next to you; mention anything outside your directive in one sentence and leave it.
- Start your report with one line saying what you were asked to do, so that the agent that forked you sees at once whether you kept to it.
- Be brief and plain. If you changed files or made commits, name the paths and the commit hashes.
</fork-boilerplate>";

/// The agent a fork runs as: every tool of the session.
pub(crate) fn agent() -> Agent {
    Agent {
        blocked_servers: None,
        name: FORK.to_string(),
        definition: AgentDefinition::default(),
        built_in: true,
    }
}

/// The fork's configuration: its caller's, as it stands, in its caller's mode.
pub(crate) fn config(
    context: &SubagentContext,
    role: SubagentRole,
) -> (SessionConfig, PermissionMode) {
    let mut c = context.config.clone();
    c.model = context.live.model();
    c.include_partial_messages = false;
    c.final_answer_tool = None;
    let mode = context.live.permission_mode();
    c.permission_mode = mode;
    c.subagent = Some(role);
    (c, mode)
}

/// What the fork made by the call `tool_use_id` starts from: `conversation` (its caller's,
/// the call's response last) with that response reduced to the call, then the directive.
pub(crate) fn prompt(conversation: &[Turn], tool_use_id: &str, directive: &str) -> SubagentPrompt {
    let mut history = conversation.to_vec();
    if let Some(last) = history.last_mut().filter(|t| t.role == "assistant") {
        last.content
            .retain(|b| matches!(b, ContentBlock::ToolUse { id, .. } if id == tool_use_id));
        last.uuids.clear();
    }
    let turn = vec![
        ContentBlock::ToolResult {
            tool_use_id: tool_use_id.to_string(),
            content: Some(ToolResultContent::Blocks(vec![ContentBlock::text(STARTED)])),
            is_error: None,
        },
        ContentBlock::text(format!("{BOILERPLATE}\n\nYour directive: {directive}")),
    ];
    SubagentPrompt::Fork { history, turn }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_fork_sees_the_conversation_up_to_its_call_and_then_its_directive() {
        let call = |id: &str| ContentBlock::ToolUse {
            id: id.into(),
            name: "Agent".into(),
            input: json!({"prompt": "p"}),
        };
        let conversation = vec![
            Turn::user(vec![ContentBlock::text("the task")]),
            Turn::assistant(vec![ContentBlock::text("Forking."), call("t1"), call("t2")]),
        ];
        let SubagentPrompt::Fork { history, turn } = prompt(&conversation, "t1", "read a.txt")
        else {
            panic!("not a fork");
        };
        assert_eq!(history.len(), 2);
        assert_eq!(history[1].content, vec![call("t1")]);
        let ContentBlock::ToolResult { content, .. } = &turn[0] else {
            panic!("no result first");
        };
        assert_eq!(content.as_ref().unwrap().as_text(), STARTED);
        let ContentBlock::Text { text, .. } = &turn[1] else {
            panic!("no directive");
        };
        assert!(text.starts_with("<fork-boilerplate>\n"));
        assert!(text.ends_with("</fork-boilerplate>\n\nYour directive: read a.txt"));
    }
}

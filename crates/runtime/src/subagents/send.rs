//! The SendMessage tool: continues an agent that stopped, or leaves a message for one that
//! runs, by its id or its `name`.
//!
//! ```text
//! SendMessage {to: "a1b2...", message: "and now ..."}
//!   -> {"success":true,"message":"Resuming agent a1b2c3d",...} at once
//!   -> the agent runs on in the background from its own conversation, the message as a
//!      new user turn; its messages stay marked with the Agent call that started it
//!   -> task_started (same task id, a new run), ..., task_notification: a new parent turn
//! SendMessage {to: <a running agent>}
//!   -> {"success":true,"message":"Message queued for delivery to ..."}: it reads the message
//!      after its next tool round, or is continued with it when it ends first (`inbox`)
//! SendMessage {to: "nobody", ...}
//!   -> {"success":false,"message":"No agent named 'nobody' is reachable.\n..."}
//! ```

use std::sync::Arc;

use futures::future::BoxFuture;
use oxagent_core::conversation::Turn;
use oxagent_core::permission::{PermissionContext, ToolPermission};
use oxagent_core::protocol::agents::AgentCall;
use oxagent_core::tool::{Tool, ToolContext, ToolOutput};
use oxagent_core::SubagentPrompt;
use oxagent_core::{ContentBlock, ToolResultContent};
use serde_json::{json, Value};

use super::begin::{begin, Launch};
use super::run::Resume;
use super::{AgentTool, SubagentContext};
use oxagent_core::sync::lock;

/// The SendMessage tool of one session; it reaches the agents of the session's Agent tool,
/// without keeping it alive (the Agent tool's context holds the session's tools).
pub(crate) struct SendMessageTool {
    agents: std::sync::Weak<AgentTool>,
}

impl SendMessageTool {
    pub fn new(agents: Arc<AgentTool>) -> Arc<SendMessageTool> {
        Arc::new(SendMessageTool {
            agents: Arc::downgrade(&agents),
        })
    }
}

/// What a continued agent is told: the message, as its new user turn.
pub(super) fn prompt(history: Vec<Turn>, message: &str) -> SubagentPrompt {
    SubagentPrompt::Fork {
        history,
        turn: vec![ContentBlock::text(super::inbox::note(message))],
    }
}

/// The id of the stopped agent `to` names: its id, or the `name` its call gave it (the
/// latest agent of that name); an agent of an earlier run of the session (resumed) is
/// read back from its transcript.
fn find(context: &SubagentContext, to: &str) -> Option<String> {
    let mut finished = lock(&context.finished);
    if finished.contains_key(to) {
        return Some(to.to_string());
    }
    let named = finished
        .iter()
        .find(|(_, s)| s.call.name.as_deref() == Some(to))
        .map(|(id, _)| id.clone());
    if named.is_some() {
        return named;
    }
    let stopped = from_transcript(context, to)?;
    finished.insert(to.to_string(), stopped);
    Some(to.to_string())
}

/// The agent `agent_id` of this session's transcript folder
/// (`<session>/subagents/agent-<id>.jsonl` and its `.meta.json`), as it stopped.
fn from_transcript(context: &SubagentContext, agent_id: &str) -> Option<super::Stopped> {
    if !is_agent_id(agent_id) {
        return None;
    }
    let dir = context
        .config
        .transcript_path
        .as_ref()?
        .with_extension("")
        .join("subagents");
    let meta: Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join(format!("agent-{agent_id}.meta.json"))).ok()?,
    )
    .ok()?;
    let text = |k: &str| meta.get(k).and_then(Value::as_str).map(str::to_string);
    let agent = context.agents.get(&text("agentType")?)?.clone();
    let loaded = oxagent_sessions::load(&dir.join(format!("agent-{agent_id}.jsonl")), None).ok()?;
    let history = loaded
        .turns
        .into_iter()
        .map(|(role, blocks)| match role.as_str() {
            "assistant" => Turn::assistant(blocks),
            _ => Turn::user(blocks),
        })
        .collect();
    Some(super::Stopped {
        call: AgentCall {
            description: text("description").unwrap_or_default(),
            subagent_type: Some(agent.name.clone()),
            ..AgentCall::default()
        },
        agent,
        agent_call_id: text("toolUseId")?,
        caller: text("parentAgentId"),
        history,
        pending: Vec::new(),
    })
}

/// Six hex digits that pin the delivery (the reference's are random too).
fn pin_ref() -> String {
    uuid::Uuid::new_v4().simple().to_string()[..6].to_string()
}

/// A result whose content is `answer` as JSON, in one text block.
fn blocks(answer: &Value) -> ToolOutput {
    ToolOutput {
        content: ToolResultContent::Blocks(vec![ContentBlock::text(answer.to_string())]),
        ..ToolOutput::text("")
    }
}

/// Whether `to` reads as an agent id (`a` and 16 hex digits) rather than a name.
fn is_agent_id(to: &str) -> bool {
    to.len() == 17 && to.starts_with('a') && to[1..].chars().all(|c| c.is_ascii_hexdigit())
}

/// The tool result of a message no agent can take.
fn unreachable(to: &str) -> ToolOutput {
    let message = if is_agent_id(to) {
        format!(
            "Agent \"{to}\" could not be resumed: No transcript found for agent ID: {to}. If you read this id in a message from another Claude Code process (e.g. the lead's subagent, seen from a teammate pane), it never ran in this session — reply through \"team-lead\" or the session that sent it instead of the raw id."
        )
    } else {
        format!(
            "No agent named '{to}' is reachable.\nUse ListAgents to see everyone you can message."
        )
    };
    let answer = json!({"success": false, "message": message});
    let mut structured = answer.clone();
    if !is_agent_id(to) {
        structured["display"] = json!(format!(
            "Not sent \u{2014} no agent named '{to}' is reachable."
        ));
    }
    blocks(&answer).with_structured(structured)
}

fn no_message() -> ToolOutput {
    let text = "message must not be empty";
    ToolOutput::error(format!("<tool_use_error>{text}</tool_use_error>"))
        .with_structured(json!(format!("Error: {text}")))
}

impl Tool for SendMessageTool {
    fn name(&self) -> &str {
        "SendMessage"
    }

    fn description(&self) -> String {
        "Sends a message to an agent this session started, by the agentId its Agent call \
         returned or by the name the call gave it. An agent that has finished picks up its own \
         conversation with the message as a new turn and runs in the background; you are \
         notified when it finishes again. Give a short summary of the message."
            .to_string()
    }

    fn input_schema(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "to": {"type": "string", "allOf": [{"pattern": "^[^\\n\\r]*$"}, {"pattern": "^[\\s\\S]{0,300}$"}],
                       "description": "The agent's id (agentId) or its name"},
                "summary": {"type": "string", "maxLength": 200, "description": "A 5-10 word recap of the message"},
                "message": {"default": "", "type": "string", "description": "What to tell the agent"},
                "notify_when_idle": {"type": "boolean"}
            },
            "required": ["to", "message"],
            "additionalProperties": false
        })
    }

    /// `message` has a default: a call without one is checked for `to` alone, and then
    /// told the message must not be empty (unknowns/sm_inputs).
    fn validation_schema(&self) -> Value {
        let mut schema = self.input_schema();
        schema["required"] = json!(["to"]);
        schema
    }

    fn shown_input(&self, input: &Value) -> Option<Value> {
        // The caller sees the call as a delivery: to whom, of what kind, with what.
        let mut shown = input.as_object()?.clone();
        let to = input.get("to")?.as_str()?;
        // A call without a message is shown as written.
        input.get("message")?;
        let kind = if is_agent_id(to) { "agent" } else { "name" };
        shown.insert("type".into(), json!("message"));
        shown.insert("recipient".into(), json!(to));
        shown.insert("recipient_kind".into(), json!(kind));
        shown.insert(
            "content".into(),
            input.get("message").cloned().unwrap_or(json!("")),
        );
        Some(Value::Object(shown))
    }

    fn is_read_only(&self, _input: &Value) -> bool {
        true
    }

    fn check_permission(&self, _input: &Value, _ctx: &PermissionContext) -> ToolPermission {
        ToolPermission::Allow
    }

    /// A call without a message is refused as soon as its block has streamed, as an input
    /// its schema refuses is.
    fn answer_now(&self, input: &Value) -> Option<ToolOutput> {
        let message = input["message"].as_str().unwrap_or_default();
        message.is_empty().then(no_message)
    }

    fn call<'a>(&'a self, input: Value, ctx: &'a ToolContext) -> BoxFuture<'a, ToolOutput> {
        Box::pin(async move {
            let to = input["to"].as_str().unwrap_or_default().to_string();
            let message = input["message"].as_str().unwrap_or_default().to_string();
            if message.is_empty() {
                return no_message();
            }
            let Some(agents) = self.agents.upgrade() else {
                return unreachable(&to);
            };
            let Some(context) = agents.context() else {
                return unreachable(&to);
            };
            // An agent still running reads the message after its next tool round.
            if let Some(queued) = queue(&context, &to, &message, &ctx.tool_use_id) {
                return queued;
            }
            let Some(agent_id) = find(&context, &to) else {
                return unreachable(&to);
            };
            let Some(name) = lock(&context.finished)
                .get(&agent_id)
                .map(|s| s.call.name.clone())
            else {
                return unreachable(&to);
            };
            if !resume(&context, agents.weak(), &agent_id, message, ctx) {
                return unreachable(&to);
            }
            let shown = if name.as_deref() == Some(to.as_str()) {
                to.clone()
            } else {
                agent_id.chars().take(7).collect()
            };
            let pin = json!({
                "id": agent_id,
                "name": name.unwrap_or_else(|| agent_id.clone()),
                "ref": pin_ref(),
            });
            let text = json!({
                "success": true,
                "message": format!("Resuming agent {shown}"),
                "resumedAgentId": agent_id,
                "pin": pin,
            });
            let structured = json!({
                "success": true,
                "message": format!("Resuming agent {shown}"),
                "resumedAgentId": agent_id,
                "revivedAgentId": agent_id,
                "pin": pin,
            });
            blocks(&text).with_structured(structured)
        })
    }
}

/// Leaves `message` for the running agent `to` names (its id or its call's `name`): the
/// answer that it is queued, or `None` when no such agent runs.
fn queue(
    context: &SubagentContext,
    to: &str,
    message: &str,
    tool_use_id: &str,
) -> Option<ToolOutput> {
    let running = lock(&context.running);
    let (id, agent) = running
        .get_key_value(to)
        .or_else(|| running.iter().find(|(_, r)| r.name.as_deref() == Some(to)))?;
    agent
        .inbox
        .push(message.to_string(), tool_use_id.to_string());
    let answer = json!({
        "success": true,
        "message": format!(
            "Message queued for delivery to {to} at its next tool round. If it finishes first, it is resumed with the message and notifies again, so wait for that notification before resending."
        ),
        "pin": {
            "id": id,
            "name": agent.name.clone().unwrap_or_else(|| id.clone()),
            "ref": pin_ref(),
        },
    });
    Some(blocks(&answer).with_structured(answer))
}

/// Continues the stopped agent `agent_id` in the background, `message` its new turn, for
/// the call `ctx.tool_use_id` (its `task_started` names it). False: it is not stopped.
pub(super) fn resume(
    context: &Arc<SubagentContext>,
    me: std::sync::Weak<dyn Tool>,
    agent_id: &str,
    message: String,
    ctx: &ToolContext,
) -> bool {
    let Some(stopped) = lock(&context.finished).remove(agent_id) else {
        return false;
    };
    // The continued run: the first call's description, agent and model, in the
    // background, with the message for prompt.
    let call = AgentCall {
        prompt: message,
        run_in_background: Some(true),
        ..stopped.call.clone()
    };
    let (begun, _) = begin(
        context,
        &stopped.agent,
        &call,
        &ctx.tool_use_id,
        stopped.caller.as_deref(),
        Launch {
            background: true,
            continued: Some(agent_id),
            ambient: None,
        },
    );
    let resume = Resume {
        history: stopped.history,
        agent_call_id: stopped.agent_call_id,
    };
    let ctx = ToolContext {
        agent_id: stopped.caller,
        ..ctx.clone()
    };
    // The call answers at once: the agent's SubagentStart hooks run after the call's
    // PostToolUse ones.
    super::run::spawn_run(
        context.clone(),
        me,
        stopped.agent,
        call,
        ctx,
        begun,
        None,
        Some(resume),
    );
    true
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn an_id_like_name_reads_as_an_agent_id() {
        assert!(is_agent_id("a0123456789abcdef"));
        assert!(!is_agent_id("a0123456789abcde"));
        assert!(!is_agent_id("b0123456789abcdef"));
        assert!(!is_agent_id("helper"));
    }

    #[test]
    fn nobody_answers_a_name_or_an_id_with_its_own_text() {
        let out = unreachable("helper");
        assert_eq!(
            out.structured,
            Some(
                json!({"success": false, "message": "No agent named 'helper' is reachable.\nUse ListAgents to see everyone you can message.",
                       "display": "Not sent \u{2014} no agent named 'helper' is reachable."})
            )
        );
        assert_ne!(out.is_error, Some(true));
        let out = unreachable("a0123456789abcdef");
        let message = out.structured.unwrap()["message"]
            .as_str()
            .unwrap()
            .to_string();
        assert!(message.starts_with("Agent \"a0123456789abcdef\" could not be resumed: No transcript found for agent ID: a0123456789abcdef."));
    }

    #[test]
    fn the_message_is_the_continued_agents_new_turn() {
        let history = vec![Turn::user(vec![ContentBlock::text("first")])];
        let SubagentPrompt::Fork { history: h, turn } = prompt(history.clone(), "more") else {
            panic!("not a continuation");
        };
        assert_eq!(h, history);
        assert_eq!(
            turn,
            vec![ContentBlock::text("The coordinator sent a message while you were working:\nmore\n\nAddress this before completing your current task.")]
        );
    }
}

//! The Agent tool: one call runs one subagent to its end (see the module above).

use std::sync::{Arc, Mutex, OnceLock, Weak};

use futures::future::BoxFuture;
use oxagent_core::agent::Emit;
use oxagent_core::message::Message;
use oxagent_core::permission::{PermissionContext, ToolPermission};
use oxagent_core::protocol::agents::AgentCall;
use oxagent_core::tool::{Tool, ToolContext, ToolOutput};
use serde_json::{json, Value};

use super::begin::{begin, in_background, model_of, output_file, Begun, Launch};
use super::run::run;
use super::{StopCause, SubagentContext};
use oxagent_core::sync::lock;

/// The Agent tool of one session.
pub(crate) struct AgentTool {
    context: OnceLock<Arc<SubagentContext>>,
    /// Agents whose start went out as their call streamed, by call id.
    announced: Mutex<std::collections::HashMap<String, Begun>>,
    /// Itself, for the agents it starts that may start agents in turn. Weak: the context
    /// holds the session's other tools, and a strong reference here would keep the tool and
    /// its context alive forever.
    me: Weak<AgentTool>,
}

impl AgentTool {
    pub fn new() -> Arc<AgentTool> {
        Arc::new_cyclic(|me| AgentTool {
            context: OnceLock::new(),
            announced: Mutex::default(),
            me: me.clone(),
        })
    }

    /// Hands the tool what it runs agents with, once the session's tools are complete.
    pub fn ready(&self, context: SubagentContext) {
        let _ = self.context.set(Arc::new(context));
    }

    /// What the agents run with, once the session's tools are complete.
    pub(super) fn context(&self) -> Option<Arc<SubagentContext>> {
        self.context.get().cloned()
    }

    /// Itself, as the tool the agents it runs may call.
    pub(super) fn weak(&self) -> Weak<dyn Tool> {
        self.me.clone()
    }

    /// Stops the running agent `agent_id` (stop_task). False: no such agent runs.
    pub fn stop(&self, agent_id: &str) -> bool {
        self.context
            .get()
            .is_some_and(|c| c.stop(agent_id, StopCause::StopTask))
    }

    /// Stops the agents running in the background (an interrupt).
    pub fn stop_background(&self) {
        if let Some(c) = self.context.get() {
            c.stop_background();
        }
    }
}

impl Tool for AgentTool {
    fn name(&self) -> &str {
        "Agent"
    }

    fn description(&self) -> String {
        let mut text = String::from(
            "Hands a task to a subagent: a fresh agent with its own conversation that works \
             on its own and reports back once. Use it for work that needs many steps or much \
             reading whose details you do not need to keep, or to run independent tasks in \
             parallel (several Agent calls in one response run at once). Give it a \
             self-contained prompt: it sees nothing of this conversation. Only its final \
             report comes back to you.\n\nAvailable agent types:",
        );
        if let Some(ctx) = self.context.get() {
            for a in ctx.agents.iter() {
                let tools = match (&a.definition.tools, &a.definition.disallowed_tools) {
                    (Some(t), _) => t.join(", "),
                    (None, Some(d)) if !d.is_empty() => {
                        format!("All tools except {}", d.join(", "))
                    }
                    _ => "All tools".to_string(),
                };
                text.push_str(&format!(
                    "\n- {}: {} (Tools: {tools})",
                    a.name, a.definition.description
                ));
            }
        }
        text
    }

    fn input_schema(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "description": {"type": "string", "description": "A short (3-5 word) description of the task"},
                "prompt": {"type": "string", "description": "The task for the agent to perform"},
                "subagent_type": {"type": "string", "description": "The type of agent to use (default: general-purpose)"},
                "model": {"type": "string", "enum": ["sonnet", "opus", "haiku", "fable"]},
                "effort": {"type": "string", "enum": ["low", "medium", "high", "xhigh", "max"]},
                "run_in_background": {"type": "boolean"},
                "isolation": {"type": "string", "enum": ["worktree", "remote"]},
                "name": {"type": "string", "description": "A name to address the agent by with SendMessage"}
            },
            "required": ["description", "prompt"],
            "additionalProperties": false
        })
    }

    fn is_read_only(&self, _input: &Value) -> bool {
        // Several agents of one response run at once; each asks for its own tools' calls.
        true
    }

    fn check_permission(&self, _input: &Value, _ctx: &PermissionContext) -> ToolPermission {
        ToolPermission::Allow
    }

    fn announce(&self, tool_use_id: &str, input: &Value, caller: Option<&str>) -> Vec<Message> {
        // (A background agent's start is announced here too: it goes out as the call
        // streams, before the call answers.) The prompt follows the next stream event.
        let Some(context) = self.context.get() else {
            return Vec::new();
        };
        let Ok(call) = serde_json::from_value::<AgentCall>(input.clone()) else {
            return Vec::new();
        };
        let Some(agent) = context.agent_for(&call) else {
            return Vec::new();
        };
        // A type a deny rule names is refused before it starts (vk_st_deny_agent_type).
        if denied_type(context, input) {
            return Vec::new();
        }
        let background = in_background(context, &agent, &call);
        let (begun, prompt) = begin(
            context,
            &agent,
            &call,
            tool_use_id,
            caller,
            Launch {
                background,
                continued: None,
                ambient: None,
            },
        );
        lock(&self.announced).insert(tool_use_id.to_string(), begun);
        prompt.into_iter().collect()
    }

    fn withdraw(&self, tool_use_id: &str) {
        let begun = lock(&self.announced).remove(tool_use_id);
        if let (Some(begun), Some(context)) = (begun, self.context.get()) {
            context.withdraw(&begun.agent_id);
        }
    }

    /// An agent type that does not exist is answered at once, while the response streams
    /// (before an agent started beside it can finish).
    fn answer_now(&self, input: &Value) -> Option<ToolOutput> {
        let context = self.context.get()?;
        let call = serde_json::from_value::<AgentCall>(input.clone()).ok()?;
        if context.agent_for(&call).is_some() {
            return None;
        }
        let name = call.subagent_type.as_deref().unwrap_or_default();
        let text = context.agents.not_found(name);
        Some(ToolOutput::error(text.clone()).with_structured(json!(format!("Error: {text}"))))
    }

    /// A fork starts from it; any agent's tools note leaves out the tools it carries.
    fn needs_conversation(&self, _input: &Value) -> bool {
        true
    }

    fn describe_call(&self, input: &Value) -> Option<String> {
        input
            .get("description")
            .and_then(Value::as_str)
            .map(str::to_string)
    }

    fn call<'a>(&'a self, input: Value, ctx: &'a ToolContext) -> BoxFuture<'a, ToolOutput> {
        Box::pin(async move {
            let Some(context) = self.context.get().cloned() else {
                return ToolOutput::error("Agents are not available in this session.");
            };
            let call: AgentCall = match serde_json::from_value(input) {
                Ok(c) => c,
                Err(e) => {
                    return ToolOutput::error(format!("<tool_use_error>{e}</tool_use_error>"))
                }
            };
            let Some(agent) = context.agent_for(&call) else {
                let name = call.subagent_type.as_deref().unwrap_or_default();
                let text = context.agents.not_found(name);
                return ToolOutput::error(text.clone())
                    .with_structured(json!(format!("Error: {text}")));
            };
            let announced = lock(&self.announced).remove(&ctx.tool_use_id);
            let begun = match announced {
                Some(b) => b,
                None => {
                    let (begun, prompt) = begin(
                        &context,
                        &agent,
                        &call,
                        &ctx.tool_use_id,
                        ctx.agent_id.as_deref(),
                        Launch {
                            background: in_background(&context, &agent, &call),
                            continued: None,
                            ambient: None,
                        },
                    );
                    if let Some(p) = prompt {
                        context.events.emit(p);
                    }
                    begun
                }
            };
            if !begun.background {
                let me: Weak<dyn Tool> = self.me.clone();
                let agent_id = begun.agent_id.clone();
                let out = run(&context, &me, &agent, &call, ctx, begun, None, None).await;
                super::run::run_on_pending(&context, me, &agent_id, ctx);
                return out;
            }
            // In the background: the call answers at once, the agent runs on its own and
            // its end wakes the session.
            let launched = super::report::launched(
                &begun.agent_id,
                &call,
                &model_of(&context, &agent, &call, ctx.agent_id.as_deref()),
                &output_file(&context, &begun.agent_id),
                context.can_continue,
            );
            let (me, ctx): (Weak<dyn Tool>, _) = (self.me.clone(), ctx.clone());
            let (started, has_started) = tokio::sync::oneshot::channel();
            super::run::spawn_run(context, me, agent, call, ctx, begun, Some(started), None);
            // The call answers once the agent's start (its SubagentStart hooks) is done.
            let _ = has_started.await;
            launched
        })
    }
}

/// Whether a deny rule of the session names the agent type `input` asks for.
fn denied_type(context: &super::SubagentContext, input: &Value) -> bool {
    use oxagent_core::rules::{RuleBehavior, RuleRoots};
    let roots = RuleRoots {
        cwd: context.config.cwd.clone(),
        home: context.config.home.clone(),
    };
    context.live.with_permissions(
        || oxagent_core::agent::initial_permissions(&context.config),
        |rules, _| {
            rules
                .find(RuleBehavior::Deny, "Agent", input, &roots)
                .is_some_and(|e| e.rule.content.is_some())
        },
    )
}

//! Subagents: the Agent tool hands a task to a fresh session of the same runtime, which runs
//! with its own system prompt, tools, model and turn limit, and hands back only its report.
//!
//! ```text
//! parent: Agent {description, prompt, subagent_type}
//!   -> task_started, the prompt (parent_tool_use_id = the call)
//!   -> a nested Session (config.subagent = its role): SubagentStart, its turns, SubagentStop
//!        its tool calls and results reach the caller marked with the call (emit.rs)
//!   -> its cost and refused calls go to the parent's ledger
//!   -> task_updated, task_notification, the hand-back tool result (report.rs)
//! ```
//!
//! The nested session shares the parent's model connection, host (its permission requests
//! and hooks name the agent) and event queue; its conversation is its own.

mod emit;
mod files;
mod registry;
mod report;
mod stats;
mod tool;
mod transcript;

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use oxagent_core::config::SessionConfig;
use oxagent_core::live::LiveSettings;
use oxagent_core::model::Model;
use oxagent_core::tool::{Tool, ToolRegistry};
use oxagent_core::usage::SideLedger;

pub(crate) use files::{agent_roots, load_agent_files};
pub(crate) use registry::AgentSet;
pub(crate) use tool::AgentTool;

use crate::runtime::EventOut;

/// What the Agent tool needs of its session, set once the session's tools are complete.
pub(crate) struct SubagentContext {
    pub agents: AgentSet,
    /// The parent's configuration: a subagent's starts from it.
    pub config: SessionConfig,
    /// The parent's live settings: its mode and its rules in force.
    pub live: Arc<LiveSettings>,
    pub model: Arc<dyn Model>,
    /// The caller's event queue (not the parent's transcript).
    pub events: EventOut,
    /// The session's tools, but the Agent tool.
    pub tools: ToolRegistry,
    /// Where the parent counts what its tools spent and what they had refused.
    pub ledger: Arc<SideLedger>,
    pub forward_text: bool,
    /// `<tmp>/claude-<uid>`: task output files live under it.
    pub task_root: PathBuf,
    /// The running agents, by id.
    pub running: Mutex<HashMap<String, Running>>,
    /// Where background agents announce their start and end (an end wakes the session).
    pub board: crate::runtime::tasks::TaskBoard,
    /// The session offers SendMessage: an agent's hand-back says how to continue it.
    pub can_continue: bool,
    /// The notes already handed back to each conversation (by the id of the agent that
    /// started the subagent; none: the main agent's), with when they were first given.
    pub notes_given: Mutex<HashMap<Option<String>, HashMap<String, u64>>>,
}

/// A running agent: how deep it runs, and what it has done so far.
pub(crate) struct Running {
    /// 1 for an agent the main agent started.
    pub depth: u32,
    pub state: Arc<Mutex<emit::EmitState>>,
}

impl SubagentContext {
    /// Whether an agent with `definition` may start agents itself: when its tools name
    /// Agent, or it has every tool and Agent is not taken away.
    pub fn offers_agent(
        &self,
        definition: &oxagent_core::protocol::agents::AgentDefinition,
    ) -> bool {
        let named = |list: &Option<Vec<String>>| {
            list.as_ref()
                .is_some_and(|l| l.iter().any(|n| n == "Agent" || n == "Task"))
        };
        let every = definition
            .tools
            .as_ref()
            .is_none_or(|t| t.iter().any(|n| n == "*"));
        (named(&definition.tools) || every) && !named(&definition.disallowed_tools)
    }

    /// The tools an agent with `definition` gets: its `tools` (of those the session has, in
    /// its order), or all of the session's; less its `disallowedTools`.
    pub fn tools_for(
        &self,
        definition: &oxagent_core::protocol::agents::AgentDefinition,
    ) -> ToolRegistry {
        let mut tools = self.tools.clone();
        let wanted: Option<Vec<String>> = definition
            .tools
            .as_ref()
            .filter(|t| !t.iter().any(|n| n == "*"))
            .cloned();
        let refused = definition.disallowed_tools.clone().unwrap_or_default();
        tools.retain(|name| {
            wanted.as_ref().is_none_or(|w| w.iter().any(|n| n == name))
                && !refused.iter().any(|n| n == name)
        });
        if let Some(order) = &wanted {
            let picked: Vec<Arc<dyn Tool>> =
                order.iter().filter_map(|n| tools.get(n).cloned()).collect();
            // Named tools are all sent up front, none held back for tool search.
            return ToolRegistry::new(picked);
        }
        tools
    }
}

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

mod begin;
mod emit;
mod files;
mod fork;
mod inbox;
mod memory_dir;
mod registry;
mod report;
mod run;
mod send;
mod skill_fork;
mod stats;
mod stop;
mod tool;
mod transcript;

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use oxagent_core::config::SessionConfig;
use oxagent_core::ledger::SideLedger;
use oxagent_core::live::LiveSettings;
use oxagent_core::model::Model;
use oxagent_core::signal::AbortSignal;
use oxagent_core::sync::lock;
use oxagent_core::tool::{Tool, ToolRegistry};

pub(crate) use begin::resolve_model;
pub(crate) use files::{agent_roots, block_inline_servers, load_agent_files};
pub(crate) use registry::AgentSet;
pub(crate) use send::SendMessageTool;
pub(crate) use skill_fork::Forker;
pub(crate) use tool::AgentTool;

use crate::events::EventOut;

/// Tools that switch the session's permission mode, which subagents do not get.
const SESSION_MODE_TOOLS: &[&str] = &["EnterPlanMode", "ExitPlanMode"];

/// The tool a rule in an agent's `tools` or `disallowedTools` names: `Bash(echo *)` names
/// Bash (vk_ag_tools_pattern, vk_ag_disallowed_pattern).
pub(super) fn rule_tool(rule: &str) -> String {
    rule.split('(').next().unwrap_or(rule).trim().to_string()
}

/// What the Agent tool needs of its session, set once the session's tools are complete.
pub(crate) struct SubagentContext {
    pub agents: AgentSet,
    /// The parent's configuration: a subagent's starts from it.
    pub config: SessionConfig,
    /// The parent's live settings: its mode and its rules in force.
    pub live: Arc<LiveSettings>,
    /// The session's nested instruction files (each agent is shown them anew).
    pub nested_memory: Option<Arc<dyn oxagent_core::memory::NestedMemory>>,
    pub model: Arc<dyn Model>,
    /// The caller's event queue (not the parent's transcript).
    pub events: EventOut,
    /// The session's tools, but the Agent tool.
    pub tools: ToolRegistry,
    /// Tools an agent gets only by naming them (Glob and Grep beside Bash).
    pub search_tools: Vec<Arc<dyn Tool>>,
    /// Where the parent counts what its tools spent and what they had refused.
    pub ledger: Arc<SideLedger>,
    pub forward_text: bool,
    /// `<tmp>/claude-<uid>`: task output files live under it.
    pub task_root: PathBuf,
    /// Where the session's transcript is mirrored (a session store): its agents' too.
    pub mirror: Option<Arc<dyn oxagent_sessions::RowSink>>,
    /// The running agents, by id.
    pub running: Mutex<HashMap<String, Running>>,
    /// Where background agents announce their start and end (an end wakes the session).
    pub board: crate::tasks::TaskBoard,
    /// The session offers SendMessage: an agent's hand-back says how to continue it.
    pub can_continue: bool,
    /// The agents that stopped and can be continued (SendMessage), by id.
    pub finished: Mutex<HashMap<String, Stopped>>,
    /// The session's skills and command files: an agent's definition may preload some.
    pub skills: oxagent_tools::session::skill::SkillList,
    /// The session's MCP servers, which also start the servers an agent brings.
    pub mcp: Arc<crate::mcp::McpServers>,
}

/// The servers an agent's definition declares inline in `mcpServers` (`{name: config}`
/// entries; a plain name refers to one of the session's, whose tools it has anyway).
pub(crate) fn own_servers(
    definition: &oxagent_core::protocol::agents::AgentDefinition,
) -> Vec<oxagent_core::protocol::mcp_servers::McpServer> {
    let entries = definition.mcp_servers.iter().flatten();
    entries
        .filter(|e| e.is_object())
        .filter_map(|e| oxagent_core::protocol::mcp_servers::parse(e).ok())
        .flatten()
        .filter(|s| {
            matches!(
                s,
                oxagent_core::protocol::mcp_servers::McpServer::Stdio { .. }
                    | oxagent_core::protocol::mcp_servers::McpServer::Http { .. }
                    | oxagent_core::protocol::mcp_servers::McpServer::Sse { .. }
            )
        })
        .collect()
}

/// An agent that stopped: what continuing it needs.
pub(crate) struct Stopped {
    pub agent: registry::Agent,
    /// The call that started it (its `name`, description and model carry over).
    pub call: oxagent_core::protocol::agents::AgentCall,
    /// The Agent call's id: the continued agent's messages are marked with it.
    pub agent_call_id: String,
    /// The agent that started it (none: the main agent).
    pub caller: Option<String>,
    pub history: Vec<oxagent_core::conversation::Turn>,
    /// Messages that came while it ran and that it had no tool round left to read: it is
    /// continued with them.
    pub pending: Vec<inbox::Pending>,
}

/// A running agent: how deep it runs, and what it has done so far.
pub(crate) struct Running {
    /// 1 for an agent the main agent started.
    pub depth: u32,
    /// The model it runs on.
    pub model: String,
    pub state: Arc<Mutex<emit::EmitState>>,
    /// Fired to stop the agent (stop_task, or an interrupt of its caller).
    pub kill: AbortSignal,
    /// Why it was stopped, once it was.
    pub stopped_by: Arc<Mutex<Option<StopCause>>>,
    pub background: bool,
    /// What announcing its stop needs.
    pub info: stop::StopInfo,
    /// The `name` its Agent call gave it (SendMessage reaches it by that name too).
    pub name: Option<String>,
    /// The messages SendMessage left for it while it runs.
    pub inbox: Arc<inbox::AgentInbox>,
}

/// What stopped an agent.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum StopCause {
    /// The caller's `stop_task`.
    StopTask,
    /// An interrupt of the session.
    Interrupt,
}

impl SubagentContext {
    /// Stops the running agent `agent_id`. False: no such agent runs.
    pub fn stop(&self, agent_id: &str, cause: StopCause) -> bool {
        let running = lock(&self.running);
        let Some(agent) = running.get(agent_id) else {
            return false;
        };
        self.stop_one(agent, cause);
        true
    }

    /// Marks `agent` stopped (once), announces it if it runs in the background, and
    /// stops it.
    fn stop_one(&self, agent: &Running, cause: StopCause) {
        let first = {
            let mut by = lock(&agent.stopped_by);
            let first = by.is_none();
            by.get_or_insert(cause);
            first
        };
        if first && agent.background {
            stop::announce_background(self, &agent.info, cause);
        }
        agent.kill.abort();
    }

    /// The agent a call names: its `subagent_type` (general-purpose when it names none), or
    /// a fork of the caller.
    pub fn agent_for(
        &self,
        call: &oxagent_core::protocol::agents::AgentCall,
    ) -> Option<registry::Agent> {
        match call.subagent_type.as_deref() {
            Some(fork::FORK) => Some(fork::agent()),
            name => self.agents.get(name.unwrap_or("general-purpose")).cloned(),
        }
    }

    /// An agent begun for a call that will not run: stopped as an interrupt stops it (the
    /// reference starts it as the call streams, then stops it; budgetstop/bs_agent), and
    /// forgotten.
    pub(crate) fn withdraw(&self, agent_id: &str) {
        let agent = lock(&self.running).remove(agent_id);
        match agent {
            Some(agent) if agent.background => self.stop_one(&agent, StopCause::Interrupt),
            Some(agent) => stop::announce_foreground(self, &agent.info),
            None => {}
        }
    }

    /// Stops every agent running in the background (an interrupt of the session).
    pub fn stop_background(&self) {
        for agent in lock(&self.running).values().filter(|a| a.background) {
            self.stop_one(agent, StopCause::Interrupt);
        }
    }

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

    /// Why `agent` is not started: its `tools` list leaves it no tool at all because names
    /// in it are not the session's tools (fuzz-f/ff_067: a list of Read and Bash, Read
    /// disallowed by the agent and Bash by the session). `None`: it starts (with no list, a
    /// `*`, or a list of names it has, even if its `disallowedTools` take them all).
    pub fn zero_tools_refusal(&self, agent: &registry::Agent) -> Option<String> {
        let (definition, name) = (&agent.definition, &agent.name);
        let listed = definition.tools.as_ref()?;
        if listed.iter().any(|n| n == "*")
            || !self.tools_for(agent).names().is_empty()
            || self.offers_agent(definition)
            || self.tools.names().is_empty()
        {
            return None;
        }
        let base = rule_tool;
        let mut unrecognized: Vec<String> = Vec::new();
        let mut not_for_agents: Vec<String> = Vec::new();
        for n in listed.iter().map(|n| base(n)) {
            let known = self.tools.get(&n).is_some()
                || self.search_tools.iter().any(|t| t.name() == n)
                || matches!(n.as_str(), "Agent" | "Task");
            let list = if !known {
                &mut unrecognized
            } else if SESSION_MODE_TOOLS.contains(&n.as_str()) {
                &mut not_for_agents
            } else {
                continue;
            };
            if !list.contains(&n) {
                list.push(n);
            }
        }
        let parts: Vec<String> = [
            ("unrecognized", &unrecognized),
            ("not available to subagents", &not_for_agents),
        ]
        .into_iter()
        .filter(|(_, names)| !names.is_empty())
        .map(|(what, names)| format!("{what} [{}]", names.join(", ")))
        .collect();
        (!parts.is_empty()).then(|| {
            format!(
                "Agent '{name}' would be spawned with zero tools \u{2014} refusing. Its tools list resolved to nothing: {}. Fix the agent's tools frontmatter or pass a different subagent_type.",
                parts.join("; ")
            )
        })
    }

    /// The tools `agent` gets: its `tools` (of those the session has, in its order; a custom
    /// agent's also Glob and Grep when the session has Bash instead), or all of the
    /// session's; less its `disallowedTools` and the plan-mode tools.
    pub fn tools_for(&self, agent: &registry::Agent) -> ToolRegistry {
        let definition = &agent.definition;
        let mut tools = self.tools.clone();
        let wanted: Option<Vec<String>> = definition
            .tools
            .as_ref()
            .filter(|t| !t.iter().any(|n| n == "*"))
            .cloned();
        let refused = definition.disallowed_tools.clone().unwrap_or_default();
        // A rule with a content (`Bash(echo *)`) names its whole tool, in either list
        // (vk_ag_tools_pattern, vk_ag_disallowed_pattern).
        let base = rule_tool;
        let wanted: Option<Vec<String>> = wanted.map(|w| {
            let mut names: Vec<String> = Vec::new();
            for n in w.iter().map(|n| base(n)) {
                if !names.contains(&n) {
                    names.push(n);
                }
            }
            names
        });
        tools.retain(|name| {
            // The permission mode is the session's: only the main agent moves it.
            !SESSION_MODE_TOOLS.contains(&name)
                && wanted.as_ref().is_none_or(|w| w.iter().any(|n| n == name))
                && !refused.iter().any(|n| base(n) == name)
        });
        if let Some(order) = &wanted {
            let named = |n: &String| {
                // A built-in agent's list names what it may have when the session has it.
                tools.get(n).cloned().or_else(|| {
                    self.search_tools
                        .iter()
                        .filter(|_| !agent.built_in)
                        .find(|t| t.name() == n && !refused.iter().any(|r| base(r) == *n))
                        .cloned()
                })
            };
            let picked: Vec<Arc<dyn Tool>> = order.iter().filter_map(named).collect();
            // Named tools are all sent up front, none held back for tool search.
            return ToolRegistry::new(picked);
        }
        tools
    }
}

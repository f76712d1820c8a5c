//! The agents a session can delegate to: the built-in ones, the project's agent files, and
//! the `agents` option (which wins over a file of the same name).
//!
//! ```text
//! claude, Explore, general-purpose, Plan, statusline-setup   built in
//! .claude/agents/<name>.md (setting source "project")        files
//! options.agents                                             the caller's
//! ```
//!
//! The built-in agents are made once per process and shared by every session's set: a set
//! holds its agents behind `Arc`s, so a session costs a small map of names rather than five
//! copies of their descriptions and prompts.

use std::collections::BTreeMap;
use std::sync::{Arc, LazyLock};

use oxagent_core::protocol::agents::AgentDefinition;

/// Tools a read-only agent (Explore, Plan) may have, when the session has them.
const READ_ONLY_TOOLS: &[&str] = &[
    "Bash",
    "Glob",
    "Grep",
    "Read",
    "Skill",
    "ToolSearch",
    "WebFetch",
    "WebSearch",
];

/// One agent and where it comes from.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Agent {
    pub name: String,
    pub definition: AgentDefinition,
    pub built_in: bool,
    /// A project file's agent whose inline MCP servers wait for the project to be trusted:
    /// the notice its start shows (its servers were taken out of the definition).
    pub blocked_servers: Option<String>,
}

impl Agent {
    /// Whether it answers once and cannot be continued (Explore, Plan): its hand-back ends
    /// with its report.
    pub fn one_shot(&self) -> bool {
        self.built_in && matches!(self.name.as_str(), "Explore" | "Plan")
    }
}

/// Every agent of a session, by name.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct AgentSet {
    agents: BTreeMap<String, Arc<Agent>>,
}

fn built_in(name: &str, description: &str, prompt: &str, tools: Option<&[&str]>) -> Agent {
    Agent {
        blocked_servers: None,
        name: name.to_string(),
        definition: AgentDefinition {
            description: description.to_string(),
            prompt: prompt.to_string(),
            tools: tools.map(|t| t.iter().map(|s| s.to_string()).collect()),
            ..AgentDefinition::default()
        },
        built_in: true,
    }
}

/// The built-in agents, made once per process.
static BUILT_IN: LazyLock<Vec<Arc<Agent>>> = LazyLock::new(|| {
    [
        built_in(
            "general-purpose",
            "A capable agent for researching complex questions, searching code and carrying out multi-step tasks on its own.",
            "You carry out one task that another agent handed to you. Use the tools you have to find what you need and do the work, then answer with a clear, complete report of what you found or did: the caller sees nothing but that report.",
            None,
        ),
        built_in(
            "claude",
            "A general agent with every tool of the session.",
            "You carry out one task that another agent handed to you, with every tool of the session. Answer with a complete report: the caller sees nothing but that report.",
            None,
        ),
        built_in(
            "Explore",
            "A fast, read-only agent for exploring a codebase: finding files, searching code and answering questions about it.",
            "You explore a codebase to answer a question, reading and searching only; you change nothing. Answer with what you found, naming the files and lines that matter.",
            Some(READ_ONLY_TOOLS),
        ),
        built_in(
            "Plan",
            "A read-only agent that studies the code and designs an implementation plan.",
            "You study the code and write a step-by-step plan for the task you were given; you change nothing. Answer with the plan: the files to change, in what order, and why.",
            Some(READ_ONLY_TOOLS),
        ),
        built_in(
            "statusline-setup",
            "Configures the user's status line setting.",
            "You set up the user's status line configuration as asked, reading and editing the settings file.",
            Some(&["Read", "Edit"]),
        ),
    ]
    .into_iter()
    .map(Arc::new)
    .collect()
});

impl AgentSet {
    /// The built-in agents, then `files` (agent files), then `custom` (the `agents` option):
    /// a later source replaces an earlier agent of the same name.
    pub fn new(
        files: impl IntoIterator<Item = (String, AgentDefinition)>,
        custom: impl IntoIterator<Item = (String, AgentDefinition)>,
    ) -> Self {
        let mut agents: BTreeMap<String, Arc<Agent>> = BUILT_IN
            .iter()
            .map(|a| (a.name.clone(), a.clone()))
            .collect();
        for (name, definition) in files.into_iter().chain(custom) {
            // An agent without a description is not loaded (vk_ag_empty_description_def).
            if definition.description.trim().is_empty() {
                continue;
            }
            let agent = Agent {
                name: name.clone(),
                definition,
                built_in: false,
                blocked_servers: None,
            };
            agents.insert(name, Arc::new(agent));
        }
        AgentSet { agents }
    }

    pub fn get(&self, name: &str) -> Option<&Agent> {
        self.agents.get(name).map(|a| &**a)
    }

    /// Every agent's name, sorted without regard to case (as `system/init` lists them).
    pub fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = self.agents.keys().cloned().collect();
        names.sort_by_key(|n| n.to_lowercase());
        names
    }

    pub fn iter(&self) -> impl Iterator<Item = &Agent> {
        let mut all: Vec<&Agent> = self.agents.values().map(|a| &**a).collect();
        all.sort_by_key(|a| a.name.to_lowercase());
        all.into_iter()
    }

    /// The set without its built-in agents (`CLAUDE_AGENT_SDK_DISABLE_BUILTIN_AGENTS`:
    /// optedge/oe_var_builtin_agents_off*).
    /// Marks the agent `name` as one whose inline servers were blocked (see
    /// [`Agent::blocked_servers`]).
    pub fn block_servers(&mut self, name: &str, notice: String) {
        if let Some(agent) = self.agents.get_mut(name) {
            Arc::make_mut(agent).blocked_servers = Some(notice);
        }
    }

    pub fn without_built_in(mut self) -> Self {
        self.agents.retain(|_, a| !a.built_in);
        self
    }

    /// The tool result of a call naming no agent of this set.
    pub fn not_found(&self, name: &str) -> String {
        let names = self.names();
        let listed = match names.is_empty() {
            true => "none".to_string(),
            false => names.join(", "),
        };
        format!("Agent type '{name}' not found. Available agents: {listed}")
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    #[test]
    fn without_the_built_in_agents_only_the_callers_are_left() {
        let none = AgentSet::new(Vec::new(), Vec::new()).without_built_in();
        assert_eq!(
            none.not_found("general-purpose"),
            "Agent type 'general-purpose' not found. Available agents: none"
        );
        let helper = AgentDefinition {
            description: "helps".into(),
            prompt: "You help.".into(),
            ..AgentDefinition::default()
        };
        let one =
            AgentSet::new(Vec::new(), vec![("helper".to_string(), helper)]).without_built_in();
        assert_eq!(
            one.not_found("Explore"),
            "Agent type 'Explore' not found. Available agents: helper"
        );
    }

    use super::*;

    #[test]
    fn names_sort_without_case_and_the_option_wins() {
        let custom = AgentDefinition {
            description: "mine".into(),
            prompt: "p".into(),
            ..AgentDefinition::default()
        };
        let file = AgentDefinition {
            description: "file".into(),
            ..custom.clone()
        };
        let set = AgentSet::new(
            [("reviewer".to_string(), file)],
            [("reviewer".to_string(), custom)],
        );
        assert_eq!(
            set.names(),
            [
                "claude",
                "Explore",
                "general-purpose",
                "Plan",
                "reviewer",
                "statusline-setup"
            ]
        );
        assert_eq!(set.get("reviewer").unwrap().definition.description, "mine");
        assert_eq!(
            set.not_found("nope"),
            "Agent type 'nope' not found. Available agents: claude, Explore, general-purpose, Plan, reviewer, statusline-setup"
        );
    }
}

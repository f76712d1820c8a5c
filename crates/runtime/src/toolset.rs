//! The built-in tools one session offers, from its options.
//!
//! ```text
//! tools option   None / preset -> the reference's default set (oxagent_tools::default_tool_names)
//!                [names]       -> exactly those
//! allowed_tools naming Glob or Grep -> both join the default set
//! disallowed_tools (bare names) -> removed
//! agent option (the main thread runs as an agent with a tools list)
//!                               -> exactly those, in the agent's order, less its disallowed
//! tool search (on unless ENABLE_TOOL_SEARCH=false, needs ToolSearch in the set)
//!                               -> NotebookEdit, TaskStop, WebFetch, ... sent only once looked up
//! ```
//!
//! The tools write task output under `$TMPDIR/claude-<uid>` and saved outputs under
//! `$HOME/.claude/projects`, with the session's environment (options.env included); skills
//! come from the setting sources the session loads.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;

use oxagent_core::config::{RunAs, SessionConfig};
use oxagent_core::protocol::agents::AgentDefinition;
use oxagent_core::tool::{Tool, ToolRegistry};
use oxagent_tools::{skill, BuiltinConfig, BuiltinSet, SideModel, TaskEventSink};

use crate::subagents::AgentTool;
use oxagent_options::{Options, ToolsOption};

/// Whether an allow rule names Glob or Grep (`Glob`, `Grep(src/**)`): the reference then
/// offers both, though its default set has neither.
fn names_search_tool(allowed: &[String]) -> bool {
    allowed.iter().any(|rule| {
        let tool = rule.split('(').next().unwrap_or_default().trim();
        tool == "Glob" || tool == "Grep"
    })
}

/// The session's tools, and the skills they found (for `system/init`).
pub(crate) struct Toolset {
    pub registry: ToolRegistry,
    /// Tools the minimal mode holds back (`CLAUDE_CODE_SIMPLE`).
    pub withheld: Vec<String>,
    /// The skills the Skill tool runs (a reload replaces them).
    pub skill_list: oxagent_tools::session::skill::SkillList,
    /// The `skills` folders of the setting sources they come from (plugins' aside).
    pub skill_roots: Vec<PathBuf>,
    /// The Agent tool, when the session offers it: it is handed its context once the
    /// session's tools are complete.
    pub agent: Option<Arc<AgentTool>>,
    /// The session's background commands (stop_task stops them).
    pub bash_tasks: oxagent_tools::shell::tasks::BackgroundTasks,
    /// What the model has seen of each file (seed_read_state adds to it).
    pub files: oxagent_tools::FileState,
    /// The shell Bash runs in (background_tasks moves its foreground commands).
    pub shell: Arc<oxagent_tools::ShellState>,
    /// What file-changing tools kept, with file checkpointing on.
    pub checkpoints: Option<Arc<oxagent_tools::fs::checkpoints::Checkpoints>>,
    /// The prompts CronCreate scheduled (the session runs them when due).
    pub cron: oxagent_tools::session::cron::CronJobs,
    /// The worktree the session is in, where its tools resolve paths.
    pub worktree: oxagent_tools::session::worktree::WorktreeSession,
    /// Glob and Grep when the session does not offer them (it has Bash): an agent whose
    /// `tools` names them gets them (fuzz-f/ff_058), unless the session disallows them.
    pub search_tools: Vec<Arc<dyn Tool>>,
}

/// The tools of the minimal mode (`CLAUDE_CODE_SIMPLE`): of those the session would offer,
/// only these (optedge/oe_var_simple_*).
const SIMPLE_TOOLS: &[&str] = &["Bash", "Edit", "Read"];

/// Tools the environment turns off for the session and its subagents, as if disallowed:
/// `CLAUDE_CODE_DISABLE_WEB_FETCH`, `CLAUDE_CODE_DISABLE_CRON` (optedge/oe_var_*_off*).
pub(crate) fn turned_off_by_env(env: &BTreeMap<String, String>) -> Vec<String> {
    let flag = |name| oxagent_core::env_var::flag(env, name);
    let mut off = Vec::new();
    if flag("CLAUDE_CODE_DISABLE_WEB_FETCH") {
        off.push("WebFetch");
    }
    if flag("CLAUDE_CODE_DISABLE_CRON") {
        off.extend(["CronCreate", "CronDelete", "CronList"]);
    }
    off.into_iter().map(str::to_string).collect()
}

/// The session's temporary folder: `CLAUDE_CODE_TMPDIR`, else `TMPDIR` of its environment
/// (none: the process's), where background tasks keep their output (oe_var_tmpdir).
pub(crate) fn temp_dir(env: &BTreeMap<String, String>) -> Option<PathBuf> {
    ["CLAUDE_CODE_TMPDIR", "TMPDIR"]
        .iter()
        .find_map(|name| env.get(*name).filter(|t| !t.trim().is_empty()))
        .map(PathBuf::from)
}

fn tool_search_enabled(env: &BTreeMap<String, String>) -> bool {
    !matches!(
        env.get("ENABLE_TOOL_SEARCH").map(|v| v.to_ascii_lowercase()),
        Some(v) if v == "false" || v == "0" || v == "no"
    )
}

/// What a session loaded beside its options that shapes its tools.
pub(crate) struct Loaded<'a> {
    /// The agent the main thread runs as.
    pub main_agent: Option<&'a AgentDefinition>,
    /// Its plugins (their skills).
    pub plugins: &'a [crate::plugins::Plugin],
    /// The settings turn off WebFetch's domain check (`skipWebFetchPreflight`).
    pub skip_web_fetch_preflight: bool,
    /// The minimal mode (`CLAUDE_CODE_SIMPLE`): Bash, Edit and Read only.
    pub simple: bool,
    /// The settings' `bashOutputMaxChars`, as given.
    pub bash_output_chars: Option<serde_json::Value>,
    /// The settings' `disableSkillShellExecution`.
    pub skill_shell_off: bool,
    /// A settings file denies `Read` outright: every write is refused as covered by it,
    /// before any want of a read (fa_pin_readdeny_settings_edit).
    pub read_denied: bool,
}

/// Builds the tool set of one session.
pub(crate) fn build(
    options: &Options,
    loaded: Loaded<'_>,
    run_as: Option<RunAs>,
    config: &SessionConfig,
    env: &BTreeMap<String, String>,
    task_events: TaskEventSink,
    side_model: Arc<dyn SideModel>,
) -> Toolset {
    let home = env.get("HOME").filter(|h| !h.is_empty()).map(PathBuf::from);
    let checkpoints = options
        .file_checkpointing
        .then(|| Arc::new(oxagent_tools::fs::checkpoints::Checkpoints::default()));
    let builtin = BuiltinConfig {
        cwd: Some(config.cwd.clone()),
        task_output_root: temp_dir(env).map(|t| oxagent_tools::task_root_in(&t)),
        tool_results_root: home.as_ref().map(|h| h.join(".claude").join("projects")),
        task_events: Some(task_events),
        side_model: Some(side_model),
        skill_roots: skill::skill_roots(
            &crate::setup::config_root(options, &config.cwd),
            home.as_deref(),
            options.setting_sources.as_deref(),
        ),
        plugin_skill_roots: loaded.plugins.iter().map(|p| p.skill_root()).collect(),
        skill_allowlist: options.skills.clone(),
        home: home.clone(),
        bash_output_chars: loaded
            .bash_output_chars
            .as_ref()
            .and_then(oxagent_tools::shell::large_output::settings_limit),
        skill_shell_off: loaded.skill_shell_off,
        no_background_tasks: oxagent_core::env_var::flag(
            env,
            "CLAUDE_CODE_DISABLE_BACKGROUND_TASKS",
        ),
        no_local_settings: options
            .setting_sources
            .as_ref()
            .is_some_and(|s| !s.iter().any(|x| x == "local")),
        sandbox: options.sandbox.as_ref().and_then(|s| {
            oxagent_tools::shell::sandbox::Sandbox::from_settings(
                s,
                config.additional_directories.clone(),
            )
        }),
        run_as,
        checkpoints: checkpoints.clone(),
        model: Some(config.model.clone()),
        web_fetch_preflight: (!loaded.skip_web_fetch_preflight)
            .then(|| oxagent_tools::web::fetch::PREFLIGHT_ENDPOINT.to_string()),
        ..BuiltinConfig::default()
    };
    let set = BuiltinSet::new(&builtin);
    let main_agent = loaded.main_agent;
    let agent_refuses = main_agent.and_then(|a| a.disallowed_tools.as_deref());
    let disabled: Vec<&str> = options
        .disallowed_tools
        .iter()
        .chain(agent_refuses.into_iter().flatten())
        .filter(|r| !r.contains('('))
        .map(|r| r.trim())
        .collect();
    // The agent's own list, when it names its tools.
    let agent_tools = main_agent
        .and_then(|a| a.tools.as_ref())
        .filter(|t| !t.iter().any(|n| n == "*"))
        .map(|names| ToolsOption::List(names.clone()));
    let search = tool_search_enabled(env);
    let mut wanted: Vec<String> = match agent_tools.as_ref().or(options.tools.as_ref()) {
        None | Some(ToolsOption::Preset) => {
            let model = oxagent_core::usage::canonical_model(&config.model);
            let mut names = oxagent_tools::default_tool_names(
                options.can_use_tool
                    || options.permission_prompt_stdio
                    || options.permission_prompt_tool.is_some(),
                model,
                disabled.contains(&"Bash") || names_search_tool(&options.allowed_tools),
            );
            if !search {
                names.retain(|n| *n != "ToolSearch");
            }
            std::iter::once("Agent")
                .chain(names)
                .map(str::to_string)
                .collect()
        }
        Some(ToolsOption::List(names)) => names
            .iter()
            .map(|n| {
                if n == "Task" {
                    "Agent".to_string()
                } else {
                    n.clone()
                }
            })
            .collect(),
    };
    let mut withheld = Vec::new();
    if loaded.simple {
        (wanted, withheld) = wanted
            .into_iter()
            .partition(|n| SIMPLE_TOOLS.contains(&n.as_str()));
    }
    let mut tools: Vec<Arc<dyn Tool>> = set
        .tools
        .iter()
        .filter(|t| wanted.iter().any(|n| n == t.name()))
        .filter(|t| !disabled.contains(&t.name()))
        .cloned()
        .collect();
    if agent_tools.is_some() {
        // As the reference lists an agent's tools: in the agent's order.
        tools.sort_by_key(|t| wanted.iter().position(|n| n == t.name()));
    }
    if let Some(schema) = &options.output_schema {
        // In name order, as the reference lists its tools.
        let tool: Arc<dyn Tool> = Arc::new(
            oxagent_tools::session::structured_output::StructuredOutputTool {
                schema: schema.clone(),
            },
        );
        let at = tools.partition_point(|t| t.name() < tool.name());
        tools.insert(at, tool);
    }
    // Agent first, as the reference lists it, unless disallowed.
    let agent = (wanted.iter().any(|n| n == "Agent")
        && !disabled.iter().any(|d| *d == "Agent" || *d == "Task"))
    .then(AgentTool::new);
    if let Some(a) = &agent {
        tools.insert(0, a.clone() as Arc<dyn Tool>);
        // SendMessage continues the Agent tool's agents: in the default set, or when named.
        let offered = match agent_tools.as_ref().or(options.tools.as_ref()) {
            None | Some(ToolsOption::Preset) => true,
            Some(ToolsOption::List(_)) => wanted.iter().any(|n| n == "SendMessage"),
        };
        if offered && !disabled.contains(&"SendMessage") {
            let send: Arc<dyn Tool> = crate::subagents::SendMessageTool::new(a.clone());
            let at = tools.partition_point(|t| t.name() == "Agent" || t.name() < "SendMessage");
            tools.insert(at, send);
        }
    }
    if !loaded.read_denied && !tools.iter().any(|t| t.name() == "Read") {
        set.files.require_reads();
    }
    let search_tools: Vec<Arc<dyn Tool>> = set
        .tools
        .iter()
        .filter(|t| matches!(t.name(), "Glob" | "Grep"))
        .filter(|t| !disabled.contains(&t.name()) && !tools.iter().any(|o| o.name() == t.name()))
        .cloned()
        .collect();
    let mut registry = ToolRegistry::new(tools);
    let deferrable = oxagent_tools::DEFERRED_TOOL_NAMES
        .iter()
        .any(|n| registry.get(n).is_some());
    if search && deferrable && registry.get("ToolSearch").is_some() {
        registry.defer(set.deferred.clone(), oxagent_tools::DEFERRED_TOOL_NAMES);
    } else if options.tools.is_none() || matches!(options.tools, Some(ToolsOption::Preset)) {
        // Nothing to search for: the default set goes without ToolSearch.
        registry.retain(|n| n != "ToolSearch");
    }
    Toolset {
        withheld,
        agent,
        cron: set.cron.clone(),
        worktree: set.worktree.clone(),
        bash_tasks: set.shell.tasks.clone(),
        files: set.files.clone(),
        checkpoints,
        shell: set.shell.clone(),
        registry,
        search_tools,
        skill_list: set.skill_list.clone(),
        skill_roots: builtin.skill_roots.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn tools_the_environment_turns_off() {
        assert!(turned_off_by_env(&env(&[])).is_empty());
        assert_eq!(
            turned_off_by_env(&env(&[
                ("CLAUDE_CODE_DISABLE_WEB_FETCH", "1"),
                ("CLAUDE_CODE_DISABLE_CRON", "true")
            ])),
            ["WebFetch", "CronCreate", "CronDelete", "CronList"]
        );
        assert!(turned_off_by_env(&env(&[("CLAUDE_CODE_DISABLE_CRON", "0")])).is_empty());
    }

    #[test]
    fn the_temporary_folder_of_the_claude_variable_first() {
        assert_eq!(
            temp_dir(&env(&[("TMPDIR", "/t1"), ("CLAUDE_CODE_TMPDIR", "/t2")])),
            Some(PathBuf::from("/t2"))
        );
        assert_eq!(
            temp_dir(&env(&[("TMPDIR", "/t1")])),
            Some(PathBuf::from("/t1"))
        );
        assert_eq!(temp_dir(&env(&[("CLAUDE_CODE_TMPDIR", " ")])), None);
    }
}

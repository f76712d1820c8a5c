//! One session's set of built-in tools: which exist, which a session gets by default, which
//! wait behind ToolSearch, and how a set is built with the state its tools share.
//!
//! ```
//! use oxagent_tools::{BuiltinConfig, BuiltinSet};
//! let set = BuiltinSet::new(&BuiltinConfig::default());
//! assert_eq!(set.tools.len(), oxagent_tools::ALL_TOOL_NAMES.len());
//! assert!(set.tasks().list().is_empty());
//! ```

use std::path::PathBuf;
use std::sync::Arc;

use oxagent_core::tool::{DeferredTools, Tool};

use crate::fs::edit::EditTool;
use crate::fs::file_state::FileState;
use crate::fs::notebook_edit::NotebookEditTool;
use crate::fs::read::ReadTool;
use crate::fs::write::WriteTool;
use crate::paths;
use crate::search::glob::GlobTool;
use crate::search::grep::GrepTool;
use crate::session::ask_user::AskUserQuestionTool;
use crate::session::cron::tools::{CronCreateTool, CronDeleteTool, CronListTool};
use crate::session::cron::CronJobs;
use crate::session::plan_mode::{EnterPlanModeTool, ExitPlanModeTool};
use crate::session::skill::{self, SkillTool};
use crate::session::task_board::TaskBoard;
use crate::session::tool_search::ToolSearchTool;
use crate::session::worktree::{EnterWorktreeTool, ExitWorktreeTool, WorktreeSession};
use crate::shell::bash::BashTool;
use crate::shell::monitor::MonitorTool;
use crate::shell::task_stop::TaskStopTool;
use crate::shell::tasks::{BackgroundTasks, TaskEventSink};
use crate::shell::{process, ShellState};
use crate::typed::{Typed, TypedTool};
use crate::web::fetch::WebFetchTool;
use crate::web::search::WebSearchTool;
use crate::web::side_model::SideModel;

/// Every tool of this crate, in the order [`builtin_tools`] returns them (alphabetical, as
/// the reference lists tools).
pub const ALL_TOOL_NAMES: &[&str] = &[
    "AskUserQuestion",
    "Bash",
    "CronCreate",
    "CronDelete",
    "CronList",
    "Edit",
    "EnterPlanMode",
    "EnterWorktree",
    "ExitPlanMode",
    "ExitWorktree",
    "Glob",
    "Grep",
    "Monitor",
    "NotebookEdit",
    "Read",
    "Skill",
    "TaskCreate",
    "TaskGet",
    "TaskList",
    "TaskStop",
    "TaskUpdate",
    "ToolSearch",
    "WebFetch",
    "WebSearch",
    "Write",
];

/// The tools of this crate a session offers when the caller names no `tools`, as the
/// reference's default set has them. Glob and Grep come only when asked for (listed, named by
/// an allow rule, or when Bash is disallowed); AskUserQuestion and the Task* list tools depend on the session, see
/// [`default_tool_names`].
pub const DEFAULT_TOOL_NAMES: &[&str] = &[
    "Bash",
    "CronCreate",
    "CronDelete",
    "CronList",
    "Edit",
    "EnterWorktree",
    "ExitWorktree",
    "Monitor",
    "NotebookEdit",
    "Read",
    "Skill",
    "TaskStop",
    "ToolSearch",
    "WebFetch",
    "WebSearch",
    "Write",
];

/// The tools the reference holds back behind ToolSearch while tool search is on: the
/// model sees their names and loads their definitions when it needs them.
pub const DEFERRED_TOOL_NAMES: &[&str] = &[
    "CronCreate",
    "CronDelete",
    "CronList",
    "EnterPlanMode",
    "EnterWorktree",
    "ExitPlanMode",
    "ExitWorktree",
    "Monitor",
    "NotebookEdit",
    "SendMessage",
    "TaskCreate",
    "TaskGet",
    "TaskList",
    "TaskStop",
    "TaskUpdate",
    "WebFetch",
    "WebSearch",
];

/// The default set of one session. As observed in the reference: AskUserQuestion and the
/// plan-mode tools join when the host answers can_use_tool (the only way to answer them); the task-list tools join on
/// the models that use them by default (`claude-sonnet-4-5`); Glob and Grep join (both)
/// when `search_tools` is set: Bash is disallowed, so that files can still be found, or an
/// allow rule names one of them.
pub fn default_tool_names(
    can_use_tool: bool,
    model: &str,
    search_tools: bool,
) -> Vec<&'static str> {
    let mut names: Vec<&'static str> = DEFAULT_TOOL_NAMES.to_vec();
    if can_use_tool {
        names.extend(["AskUserQuestion", "EnterPlanMode", "ExitPlanMode"]);
    }
    if model.starts_with("claude-sonnet-4-5") {
        names.extend(["TaskCreate", "TaskGet", "TaskList", "TaskUpdate"]);
    }
    if search_tools {
        names.extend(["Glob", "Grep"]);
    }
    ALL_TOOL_NAMES
        .iter()
        .copied()
        .filter(|n| names.contains(n))
        .collect()
}

/// Settings for one session's set of tools. Everything has a working default.
#[derive(Clone, Default)]
pub struct BuiltinConfig {
    /// The session's working directory. Only used to word short call descriptions (the
    /// tools get the directory of each call from its `ToolContext`).
    pub cwd: Option<PathBuf>,
    /// The shell Bash runs commands with. Default: `bash` on `PATH`, else `/bin/sh`.
    pub shell: Option<PathBuf>,
    /// Root of background task output files. Default: `$TMPDIR/claude-<uid>`, the
    /// reference's layout (`<root>/<sanitized cwd>/<session>/tasks/<id>.output`).
    pub task_output_root: Option<PathBuf>,
    /// Root of saved oversized Bash outputs. Default: `~/.claude/projects`
    /// (`<root>/<sanitized cwd>/<session>/tool-results/<tool_use_id>.txt`).
    pub tool_results_root: Option<PathBuf>,
    /// Where background task starts and ends are announced.
    pub task_events: Option<TaskEventSink>,
    /// Kill a foreground command at its timeout instead of moving it to the background.
    pub kill_on_timeout: bool,
    /// Answers WebFetch's and WebSearch's side questions. Without one, WebFetch returns the
    /// page's Markdown and WebSearch is unavailable.
    pub side_model: Option<Arc<dyn SideModel>>,
    /// `skills` folders to load skills from (see [`skill::skill_roots`]).
    pub skill_roots: Vec<PathBuf>,
    /// The plugins' `skills` folders, by plugin name: their skills are `<plugin>:<skill>`,
    /// after the others.
    pub plugin_skill_roots: Vec<(String, PathBuf)>,
    /// The `skills` option: the only skills the Skill tool runs and lists (`None`: all).
    pub skill_allowlist: Option<Vec<String>>,
    /// The session reads no local settings (`setting_sources` leaves `local` out): a question
    /// about a skill does not offer to allow it there.
    pub no_local_settings: bool,
    /// `CLAUDE_CODE_DISABLE_BACKGROUND_TASKS`: the Bash tool has no `run_in_background`
    /// (a call that gives it is refused as an unexpected parameter).
    pub no_background_tasks: bool,
    /// The settings' `bashOutputMaxChars` (see [`crate::shell::large_output::settings_limit`]).
    pub bash_output_chars: Option<usize>,
    /// The settings' `disableSkillShellExecution`: skills' and commands' ``!`command` ``
    /// do not run.
    pub skill_shell_off: bool,
    /// The user's home: skills under its `.claude/skills` are the user's.
    pub home: Option<PathBuf>,
    /// The sandbox Bash commands run in.
    pub sandbox: Option<crate::shell::sandbox::Sandbox>,
    /// The user Bash commands run as (none: this process's).
    pub run_as: Option<oxagent_core::config::RunAs>,
    /// Where Write, Edit and NotebookEdit keep files before changing them (file
    /// checkpointing; none: off).
    pub checkpoints: Option<Arc<crate::fs::checkpoints::Checkpoints>>,
    /// The session's model: Read sends images at the size it reads (see
    /// [`crate::fs::image_fit`]; none: 2000 px at most, without a token cap).
    pub model: Option<String>,
    /// Where WebFetch asks whether a domain may be fetched before fetching from it (see
    /// [`crate::web::fetch::PREFLIGHT_ENDPOINT`]); none: it does not ask.
    pub web_fetch_preflight: Option<String>,
}

impl std::fmt::Debug for BuiltinConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BuiltinConfig")
            .field("cwd", &self.cwd)
            .field("shell", &self.shell)
            .field("task_output_root", &self.task_output_root)
            .field("tool_results_root", &self.tool_results_root)
            .field("task_events", &self.task_events.is_some())
            .field("kill_on_timeout", &self.kill_on_timeout)
            .field("side_model", &self.side_model.is_some())
            .field("skill_roots", &self.skill_roots)
            .finish()
    }
}

/// The root of background task output files under the temporary folder `tmp`:
/// `<tmp>/claude-<uid>`, the reference's layout.
pub fn task_root_in(tmp: &std::path::Path) -> PathBuf {
    tmp.join(format!("claude-{}", nix::unistd::getuid().as_raw()))
}

impl BuiltinConfig {
    fn task_root(&self) -> PathBuf {
        self.task_output_root
            .clone()
            .unwrap_or_else(|| task_root_in(&std::env::temp_dir()))
    }

    fn results_root(&self) -> PathBuf {
        self.tool_results_root
            .clone()
            .unwrap_or_else(|| match paths::home_dir() {
                Some(home) => home.join(".claude").join("projects"),
                None => std::env::temp_dir().join("oxagent-tool-results"),
            })
    }
}

/// One session's tools together with the state they share, for callers that need the state
/// too (the background task list, the file record, the deferred tools).
pub struct BuiltinSet {
    pub files: FileState,
    pub shell: Arc<ShellState>,
    pub board: TaskBoard,
    /// The prompts CronCreate scheduled, which the session runs when they come due.
    pub cron: CronJobs,
    /// The worktree EnterWorktree moved the session into: where its tools work.
    pub worktree: WorktreeSession,
    /// What ToolSearch loads from: pass it to `ToolRegistry::defer`.
    pub deferred: DeferredTools,
    /// The skills the Skill tool runs, which a reload replaces.
    pub skill_list: skill::SkillList,
    pub tools: Vec<Arc<dyn Tool>>,
}

impl BuiltinSet {
    pub fn new(config: &BuiltinConfig) -> Self {
        let files = match &config.checkpoints {
            Some(c) => FileState::new().with_checkpoints(c.clone()),
            None => FileState::new(),
        };
        let tasks = BackgroundTasks::new(config.task_events.clone());
        // Commands run as another user keep their files where that user's would be.
        let task_root = match config.run_as {
            Some(user) => config
                .task_root()
                .with_file_name(format!("claude-{}", user.uid)),
            None => config.task_root(),
        };
        let mut shell = ShellState::new(
            tasks.clone(),
            config.shell.clone().unwrap_or_else(process::default_shell),
            task_root,
            config.results_root(),
        );
        shell.kill_on_timeout = config.kill_on_timeout;
        shell.run_as = config.run_as;
        shell.sandbox = config.sandbox.clone();
        shell.no_background = config.no_background_tasks;
        shell.output_chars = config.bash_output_chars;
        let shell = Arc::new(shell);
        let cwd = config.cwd.clone();
        let board = TaskBoard::default();
        let cron = match &config.cwd {
            Some(cwd) => CronJobs::in_project(cwd),
            None => CronJobs::default(),
        };
        let worktree = WorktreeSession::new(shell.clone(), config.cwd.clone().unwrap_or_default());
        let deferred = DeferredTools::default();
        let skill_list = skill::SkillList::new(skill::discover_all(
            &config.skill_roots,
            &config.plugin_skill_roots,
            config.home.as_deref(),
        ));
        skill_list.set_shell_off(config.skill_shell_off);
        let side = config.side_model.clone();
        let read = ReadTool::new(files.clone())
            .with_cwd(cwd.clone())
            .with_image_tokens(
                config
                    .model
                    .as_deref()
                    .and_then(crate::fs::image_fit::image_token_cap),
            )
            .with_own_dir(shell.task_root.clone())
            .with_shell(shell.clone());
        let mut tools: Vec<Arc<dyn Tool>> = vec![
            shared(AskUserQuestionTool),
            shared(BashTool::new(shell.clone()).with_files(files.clone())),
            shared(CronCreateTool::new(cron.clone())),
            shared(CronDeleteTool::new(cron.clone())),
            shared(CronListTool::new(cron.clone())),
            shared(
                EditTool::new(files.clone())
                    .with_cwd(cwd.clone())
                    .with_shell(shell.clone()),
            ),
            shared(EnterPlanModeTool),
            shared(EnterWorktreeTool::new(worktree.clone())),
            shared(ExitPlanModeTool),
            shared(ExitWorktreeTool::new(worktree.clone())),
            shared(GlobTool),
            shared(GrepTool),
            shared(MonitorTool::new(shell.clone())),
            shared(NotebookEditTool::new(files.clone(), cwd.clone()).with_shell(shell.clone())),
            shared(read),
            shared(
                SkillTool::new(skill_list.clone())
                    .with_files(files.clone())
                    .with_local_settings(!config.no_local_settings)
                    .with_allowlist(config.skill_allowlist.clone())
                    .with_cwd(config.cwd.clone()),
            ),
        ];
        // TaskCreate, TaskGet, TaskList, then TaskStop, TaskUpdate: alphabetical.
        let mut board_tools = board.tools().into_iter();
        tools.extend(board_tools.by_ref().take(3));
        tools.push(shared(TaskStopTool::new(tasks)));
        tools.extend(board_tools);
        tools.extend([
            shared(ToolSearchTool::new(deferred.clone())),
            shared(
                WebFetchTool::new(side.clone()).with_preflight(config.web_fetch_preflight.clone()),
            ),
            shared(WebSearchTool::new(side)),
            shared(
                WriteTool::new(files.clone())
                    .with_cwd(cwd)
                    .with_shell(shell.clone()),
            ),
        ]);
        BuiltinSet {
            files,
            shell,
            board,
            cron,
            worktree,
            deferred,
            skill_list,
            tools,
        }
    }

    /// The session's background tasks.
    pub fn tasks(&self) -> &BackgroundTasks {
        &self.shell.tasks
    }
}

/// A typed tool as the loop holds it.
fn shared<T: TypedTool>(tool: T) -> Arc<dyn Tool> {
    Arc::new(Typed(tool))
}

/// A fresh set of the built-in tools for one session (see [`ALL_TOOL_NAMES`]).
pub fn builtin_tools(config: &BuiltinConfig) -> Vec<Arc<dyn Tool>> {
    BuiltinSet::new(config).tools
}

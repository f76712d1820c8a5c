//! oxagent-tools: the built-in tools, with the reference's input schemas, result texts and
//! `tool_use_result` shapes.
//!
//! | tool | module | what it does |
//! |---|---|---|
//! | Read | [`read`], [`read_media`] | numbered lines; images, PDFs, notebooks |
//! | Write | [`write`](mod@write) | create or replace a file |
//! | Edit | [`edit`] | exact string replacement |
//! | Glob | [`glob`] | file names by pattern, oldest first |
//! | Grep | [`grep`], [`grep_search`] | regex search, three output modes |
//! | Bash | [`bash`], [`shell_output`] | shell commands with a persistent cwd, background tasks |
//! | TaskStop | [`task_stop`] | stop a background task |
//!
//! A session gets a fresh set from [`builtin_tools`]: Read, Write and Edit share one
//! [`FileState`] (what the model has seen of each file), Bash and TaskStop one shell.
//!
//! ```
//! use oxagent_tools::{builtin_tools, BuiltinConfig, DEFAULT_TOOL_NAMES};
//! let tools = builtin_tools(&BuiltinConfig::default());
//! let names: Vec<&str> = tools.iter().map(|t| t.name()).collect();
//! assert_eq!(names, ["Bash", "Edit", "Glob", "Grep", "Read", "TaskStop", "Write"]);
//! assert!(DEFAULT_TOOL_NAMES.iter().all(|n| names.contains(n)));
//! ```
//!
//! The tools' own permission checks live in [`permission_checks`].

// Tests may unwrap: a panic there is a failed test, which is what it should be.
#![cfg_attr(test, allow(clippy::unwrap_used, clippy::expect_used))]

pub mod bash;
pub mod edit;
pub mod file_state;
pub mod glob;
pub mod grep;
pub mod grep_search;
pub mod patch;
pub mod paths;
pub mod permission_checks;
pub mod read;
pub mod read_media;
pub mod results;
pub mod shell_output;
pub mod task_stop;
pub mod write;

use std::path::PathBuf;
use std::sync::Arc;

use oxagent_core::tool::Tool;
use tokio::sync::mpsc::UnboundedSender;

pub use bash::tasks::{BackgroundTasks, TaskEvent, TaskInfo, TaskStatus};
pub use bash::{BashTool, ShellState};
pub use edit::EditTool;
pub use file_state::{FileState, Freshness};
pub use glob::GlobTool;
pub use grep::GrepTool;
pub use read::ReadTool;
pub use task_stop::TaskStopTool;
pub use write::WriteTool;

/// Every tool of this crate, in the order [`builtin_tools`] returns them (alphabetical, as
/// the reference lists tools).
pub const ALL_TOOL_NAMES: &[&str] = &["Bash", "Edit", "Glob", "Grep", "Read", "TaskStop", "Write"];

/// The tools of this crate a session offers when the caller names no `tools`: as in the
/// reference, Glob and Grep are offered only when asked for.
pub const DEFAULT_TOOL_NAMES: &[&str] = &["Bash", "Edit", "Read", "TaskStop", "Write"];

/// Settings for one session's set of tools. Everything has a working default.
#[derive(Debug, Clone, Default)]
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
    pub task_events: Option<UnboundedSender<TaskEvent>>,
    /// Kill a foreground command at its timeout instead of moving it to the background.
    pub kill_on_timeout: bool,
}

impl BuiltinConfig {
    fn task_root(&self) -> PathBuf {
        self.task_output_root.clone().unwrap_or_else(|| {
            std::env::temp_dir().join(format!("claude-{}", nix::unistd::getuid().as_raw()))
        })
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
/// too (the background task list, the file record).
pub struct BuiltinSet {
    pub files: FileState,
    pub shell: Arc<ShellState>,
    pub tools: Vec<Arc<dyn Tool>>,
}

impl BuiltinSet {
    pub fn new(config: &BuiltinConfig) -> Self {
        let files = FileState::new();
        let tasks = BackgroundTasks::new(config.task_events.clone());
        let mut shell = ShellState::new(
            tasks.clone(),
            config
                .shell
                .clone()
                .unwrap_or_else(bash::process::default_shell),
            config.task_root(),
            config.results_root(),
        );
        shell.kill_on_timeout = config.kill_on_timeout;
        let shell = Arc::new(shell);
        let cwd = config.cwd.clone();
        let tools: Vec<Arc<dyn Tool>> = vec![
            Arc::new(BashTool::new(shell.clone())),
            edit::tool(files.clone(), cwd.clone()),
            glob::tool(),
            grep::tool(),
            read::tool(files.clone(), cwd.clone(), shell.task_root.clone()),
            task_stop::tool(tasks),
            write::tool(files.clone(), cwd),
        ];
        BuiltinSet {
            files,
            shell,
            tools,
        }
    }

    /// The session's background tasks.
    pub fn tasks(&self) -> &BackgroundTasks {
        &self.shell.tasks
    }
}

/// A fresh set of the built-in tools for one session (see [`ALL_TOOL_NAMES`]).
pub fn builtin_tools(config: &BuiltinConfig) -> Vec<Arc<dyn Tool>> {
    BuiltinSet::new(config).tools
}

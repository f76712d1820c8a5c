//! oxagent-tools: the built-in tools, with the reference's input schemas, result texts and
//! `tool_use_result` shapes.
//!
//! The tools come in families, one module each:
//!
//! | family | tools | shared state |
//! |---|---|---|
//! | [`fs`] | Read, Write, Edit, NotebookEdit | [`FileState`]: what the model has seen of each file |
//! | [`search`] | Glob, Grep | none |
//! | [`shell`] | Bash, TaskStop, Monitor | [`ShellState`]: the shell's cwd, the [`BackgroundTasks`] |
//! | [`web`] | WebFetch, WebSearch | the caller's [`SideModel`] |
//! | [`session`] | TaskCreate, TaskGet, TaskList, TaskUpdate, AskUserQuestion, EnterPlanMode, ExitPlanMode, ToolSearch, Skill, CronCreate, CronDelete, CronList, EnterWorktree, ExitWorktree | [`TaskBoard`], deferred tools, skills, the plan file, the scheduled jobs, the worktree |
//!
//! Each tool is a [`TypedTool`](typed::TypedTool): its input a serde type, its name, schema
//! and fixed traits (read-only, always allowed, what labels a call) stated once; the
//! [`Typed`](typed::Typed) adapter parses inputs and words parse failures for all of them.
//! Beside the families: [`builtin`] builds one session's set, [`permission_checks`] holds the
//! tools' own permission checks, [`paths`] resolves and shows paths, [`results`] shapes
//! [`ToolOutput`](oxagent_core::tool::ToolOutput)s the way the reference does.
//!
//! A session gets a fresh set from [`builtin_tools`] (or [`BuiltinSet`], which also hands
//! out the shared state):
//!
//! ```
//! use oxagent_tools::{builtin_tools, BuiltinConfig, ALL_TOOL_NAMES, DEFAULT_TOOL_NAMES};
//! let tools = builtin_tools(&BuiltinConfig::default());
//! let names: Vec<&str> = tools.iter().map(|t| t.name()).collect();
//! assert_eq!(names, ALL_TOOL_NAMES);
//! assert!(DEFAULT_TOOL_NAMES.iter().all(|n| names.contains(n)));
//! ```

// Tests may unwrap: a panic there is a failed test, which is what it should be.
#![cfg_attr(test, allow(clippy::unwrap_used, clippy::expect_used))]

pub mod builtin;
pub mod fs;
pub mod hook_output;
pub mod paths;
pub mod permission_checks;
pub mod results;
pub mod search;
pub mod session;
pub mod shell;
pub mod typed;
pub mod web;

pub use builtin::{
    builtin_tools, default_tool_names, task_root_in, BuiltinConfig, BuiltinSet, ALL_TOOL_NAMES,
    DEFAULT_TOOL_NAMES, DEFERRED_TOOL_NAMES,
};
pub use fs::edit::EditTool;
pub use fs::file_state::{FileState, Freshness};
pub use fs::read::ReadTool;
pub use fs::write::WriteTool;
pub use search::glob::GlobTool;
pub use search::grep::GrepTool;
pub use session::skill::{self, SkillInfo};
pub use session::task_board::TaskBoard;
pub use shell::bash::BashTool;
pub use shell::task_stop::TaskStopTool;
pub use shell::tasks::{
    channel_sink, BackgroundTasks, TaskEvent, TaskEventSink, TaskInfo, TaskStatus,
};
pub use shell::ShellState;
pub use web::side_model::{self, SideModel};

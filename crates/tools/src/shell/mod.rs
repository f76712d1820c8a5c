//! Running commands: the Bash tool, the background tasks it starts, Monitor, and TaskStop.
//!
//! ```text
//! Bash {"command": "cargo test"}     -> process::spawn in the shell's cwd -> output::finished
//!   ... still running at `timeout`   -> tasks::BackgroundTasks::adopt   -> output::timed_out
//! Bash {"run_in_background": true}  -> tasks::BackgroundTasks::adopt   -> output::backgrounded
//! Monitor {"command": "tail -f x"}   -> tasks::BackgroundTasks::adopt   -> each line an event
//! TaskStop {"task_id": "b1a2b3c4d"}  -> tasks::BackgroundTasks::stop
//! ```
//!
//! [`ShellState`] is what the calls of one session share: the directory the last command
//! ended in, the background tasks, and where output files go. [`process`] starts and kills
//! process groups, [`output`] words the results ([`large_output`] the limits and previews of
//! long ones), [`tasks`] watches background tasks.

pub mod bash;
mod edit_diff;
pub mod exit_codes;
pub mod large_output;
pub mod monitor;
mod monitor_ws;
pub mod output;
pub mod process;
mod reaper;
mod work_tree;
pub use reaper::Watched;
pub mod net;
pub mod sandbox;
pub mod shown_reads;
mod stale_reads;
pub mod task_stop;
pub mod tasks;
pub mod timeouts;

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use oxagent_core::sync::lock;
use oxagent_core::tool::ToolContext;

use tasks::BackgroundTasks;

/// A variable that tunes the shell: from the session's environment, then the process's.
pub(crate) use oxagent_core::env_var::variable as setting;

/// How long a foreground command may run: by default, and at most when `timeout` asks for
/// more; past it the command moves to the background.
pub const DEFAULT_TIMEOUT_MS: u64 = 120_000;
pub const MAX_TIMEOUT_MS: u64 = 600_000;
/// How long a background task may run: by default, and at most when `timeout` asks for more.
pub const DEFAULT_BACKGROUND_MS: u64 = 1_800_000;
pub const MAX_BACKGROUND_MS: u64 = 7_200_000;

/// Where the shell of a session stands, and where its files go.
#[derive(Debug)]
pub struct ShellState {
    cwd: Mutex<Option<PathBuf>>,
    pub tasks: BackgroundTasks,
    pub shell: PathBuf,
    /// Root of task output files: `<root>/<sanitized cwd>/<session>/tasks/<id>.output`.
    pub task_root: PathBuf,
    /// Root of saved oversized outputs: `<root>/<sanitized cwd>/<session>/tool-results/`.
    pub results_root: PathBuf,
    /// Kill a command at its timeout instead of moving it to the background.
    pub kill_on_timeout: bool,
    /// The user commands run as (none: this process's).
    pub run_as: Option<oxagent_core::config::RunAs>,
    /// The sandbox commands run in (`sandbox: {"enabled": true}`).
    pub sandbox: Option<sandbox::Sandbox>,
    /// `CLAUDE_CODE_DISABLE_BACKGROUND_TASKS`: Bash takes no `run_in_background`.
    pub no_background: bool,
    /// The settings' `bashOutputMaxChars`, already clamped: over `BASH_MAX_OUTPUT_LENGTH`.
    pub output_chars: Option<usize>,
    /// The foreground commands running now, by tool_use_id: a send moves one to the
    /// background (the host's `background_tasks`).
    foreground: Mutex<std::collections::HashMap<String, tokio::sync::oneshot::Sender<()>>>,
    /// What git sees the session's commands change (`bashEditDiff`).
    pub(crate) work_tree: work_tree::Tracker,
}

impl ShellState {
    pub fn new(
        tasks: BackgroundTasks,
        shell: PathBuf,
        task_root: PathBuf,
        results_root: PathBuf,
    ) -> Self {
        ShellState {
            cwd: Mutex::new(None),
            tasks,
            shell,
            task_root,
            results_root,
            kill_on_timeout: false,
            run_as: None,
            sandbox: None,
            no_background: false,
            output_chars: None,
            foreground: Mutex::default(),
            work_tree: work_tree::Tracker::default(),
        }
    }

    /// Notes a foreground command of call `tool_use_id`; the receiver fires when the host
    /// asks to move it to the background.
    pub(crate) fn running_in_foreground(
        &self,
        tool_use_id: &str,
    ) -> tokio::sync::oneshot::Receiver<()> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        lock(&self.foreground).insert(tool_use_id.to_string(), tx);
        rx
    }

    /// The foreground command of `tool_use_id` is over.
    pub(crate) fn done_in_foreground(&self, tool_use_id: &str) {
        lock(&self.foreground).remove(tool_use_id);
    }

    /// Moves the foreground command of `tool_use_id` (none: every one) to the background,
    /// where it goes on as a task. False only when `tool_use_id` names no running command.
    pub fn background(&self, tool_use_id: Option<&str>) -> bool {
        let mut running = lock(&self.foreground);
        match tool_use_id {
            Some(id) => running.remove(id).is_some_and(|tx| tx.send(()).is_ok()),
            None => {
                for (_, tx) in running.drain() {
                    let _ = tx.send(());
                }
                true
            }
        }
    }

    /// The shell's current directory, or `session_cwd` before any `cd`.
    pub fn cwd(&self, session_cwd: &Path) -> PathBuf {
        let stored = lock(&self.cwd).clone();
        stored
            .filter(|d| d.is_dir())
            .unwrap_or_else(|| session_cwd.to_path_buf())
    }

    /// Moves the shell to `dir` (a `cd`, or a worktree the session entered).
    pub fn set_cwd(&self, dir: PathBuf) {
        *lock(&self.cwd) = Some(dir);
    }

    /// With `run_as`: the folders a run's files go in, created and handed to that user, so
    /// that the command can record the directory it ended in.
    fn hand_over(
        &self,
        ctx: &ToolContext,
        user: oxagent_core::config::RunAs,
    ) -> std::io::Result<()> {
        let project = self.task_root.join(crate::paths::sanitize(&ctx.cwd));
        let session = project.join(&ctx.session_id);
        let tasks = self.tasks_dir(ctx);
        std::fs::create_dir_all(&tasks)?;
        for dir in [&self.task_root, &project, &session, &tasks] {
            std::os::unix::fs::chown(dir, Some(user.uid), Some(user.gid))?;
        }
        Ok(())
    }

    pub(crate) fn tasks_dir(&self, ctx: &ToolContext) -> PathBuf {
        self.task_root
            .join(crate::paths::sanitize(&ctx.cwd))
            .join(&ctx.session_id)
            .join("tasks")
    }
}

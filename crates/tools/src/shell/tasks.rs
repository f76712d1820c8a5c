//! Background shell tasks: commands started with `run_in_background`, or moved there when
//! they outlived their foreground timeout.
//!
//! Each task writes to its output file (the model reads it with Read) and is watched until it
//! exits, is stopped with TaskStop, or runs past its maximum runtime. Starts and ends are
//! announced as [`TaskEvent`]s to the [`TaskEventSink`] given in the configuration, so the
//! session can emit its task messages and wake the model when a task ends. The sink is called
//! synchronously: a start is announced before the Bash call that started the task returns, so
//! the session's task messages come before that call's result. Dropping the last handle of
//! the registry (the session's tools) kills every task still running.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use oxagent_core::sync::lock;
use tokio::process::Child;
use tokio::sync::mpsc::UnboundedSender;

use super::process::{GroupGuard, RunFiles};

/// Where a background task stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TaskStatus {
    Running,
    /// Exited with status 0.
    Completed,
    /// Exited with another status.
    Failed,
    /// Stopped by TaskStop, by its maximum runtime, or by the session ending.
    Killed,
}

impl TaskStatus {
    /// The reference's status word (`task_notification.status`).
    pub fn as_str(self) -> &'static str {
        match self {
            TaskStatus::Running => "running",
            TaskStatus::Completed => "completed",
            TaskStatus::Failed => "failed",
            TaskStatus::Killed => "killed",
        }
    }
}

/// What is known about one background task.
#[derive(Debug, Clone, PartialEq)]
pub struct TaskInfo {
    pub task_id: String,
    pub command: String,
    /// The Bash call's `description`, or the command when there was none.
    pub description: String,
    pub tool_use_id: String,
    pub output_file: PathBuf,
    pub status: TaskStatus,
    pub exit_code: Option<i32>,
    /// Ended by a request (TaskStop) rather than on its own or by its maximum runtime: the
    /// model asked for it, so there is nothing to tell the model.
    pub stopped: bool,
    /// A Monitor's watch: each line the command prints is an event for the model.
    pub monitor: bool,
    /// A Monitor's events not yet told when it ended (its end carries them).
    pub events: Vec<String>,
    /// A Monitor of a WebSocket (`monitor_ws`): no process; its end is summed up by its
    /// description alone.
    pub ws: bool,
}

impl TaskInfo {
    /// One line saying how the task ended, as the reference words it.
    pub fn summary(&self) -> String {
        if self.ws {
            return self.description.clone();
        }
        if self.monitor {
            return self.monitor_summary();
        }
        let what = format!("Background command \"{}\"", self.description);
        match (self.status, self.exit_code) {
            (TaskStatus::Running, _) => format!("{what} is running"),
            (TaskStatus::Completed, code) => {
                format!("{what} completed (exit code {})", code.unwrap_or(0))
            }
            (TaskStatus::Failed, Some(code)) => format!("{what} failed with exit code {code}"),
            (TaskStatus::Failed, None) => format!("{what} failed"),
            (TaskStatus::Killed, _) => format!("{what} was stopped"),
        }
    }
}

impl TaskInfo {
    fn monitor_summary(&self) -> String {
        let what = format!("Monitor \"{}\"", self.description);
        let exit = self
            .exit_code
            .map(|c| format!(" (exit {c})"))
            .unwrap_or_default();
        let events = super::monitor::events_file(&self.output_file);
        let printed = std::fs::metadata(events).is_ok_and(|m| m.len() > 0);
        match self.status {
            TaskStatus::Running => format!("{what} is running"),
            TaskStatus::Completed if printed => format!("{what} stream ended"),
            TaskStatus::Completed => format!("{what} ended without producing output{exit}"),
            TaskStatus::Failed => format!("{what} script failed{exit}"),
            TaskStatus::Killed => format!("{what} stopped"),
        }
    }
}

/// A start or an end of a background task; or of a foreground command that runs long
/// enough to be shown as a task while the call waits for it; or a Monitor's events.
#[derive(Debug, Clone, PartialEq)]
pub enum TaskEvent {
    Started(TaskInfo),
    Finished(TaskInfo),
    /// Lines a Monitor's command printed, batched (the task goes on).
    Events(TaskInfo, Vec<String>),
    ForegroundStarted(TaskInfo),
    ForegroundFinished(TaskInfo),
}

/// Receives [`TaskEvent`]s, synchronously, from the thread that caused them. It must not
/// block; it must not hold a handle of the task registry either (the registry would never
/// be dropped, and its tasks never killed).
pub type TaskEventSink = Arc<dyn Fn(TaskEvent) + Send + Sync>;

/// A sink that forwards events to a channel (tests, simple listeners).
pub fn channel_sink(tx: UnboundedSender<TaskEvent>) -> TaskEventSink {
    Arc::new(move |event| {
        // Nobody listening is fine: the events are informational.
        let _ = tx.send(event);
    })
}

struct Entry {
    info: TaskInfo,
    /// The process group while the task runs.
    pgid: Option<i32>,
}

struct Registry {
    tasks: Mutex<BTreeMap<String, Entry>>,
    events: Option<TaskEventSink>,
}

impl Registry {
    fn announce(&self, event: TaskEvent) {
        if let Some(sink) = &self.events {
            sink(event);
        }
    }
}

impl Drop for Registry {
    fn drop(&mut self) {
        for entry in lock(&self.tasks).values_mut() {
            GroupGuard::adopt(entry.pgid.take()).kill();
        }
    }
}

/// The background tasks of one session. Cloning shares the registry.
#[derive(Clone)]
pub struct BackgroundTasks {
    inner: Arc<Registry>,
}

impl std::fmt::Debug for BackgroundTasks {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries(self.list().iter().map(|t| (&t.task_id, t.status)))
            .finish()
    }
}

/// Why a task could not be stopped.
#[derive(Debug, Clone, PartialEq)]
pub enum StopError {
    NotFound,
    NotRunning(TaskStatus),
}

impl BackgroundTasks {
    pub fn new(events: Option<TaskEventSink>) -> Self {
        BackgroundTasks {
            inner: Arc::new(Registry {
                tasks: Mutex::new(BTreeMap::new()),
                events,
            }),
        }
    }

    /// All tasks of the session, running or ended, by id.
    pub fn list(&self) -> Vec<TaskInfo> {
        lock(&self.inner.tasks)
            .values()
            .map(|e| e.info.clone())
            .collect()
    }

    /// The tasks still running.
    pub fn running(&self) -> Vec<TaskInfo> {
        self.list()
            .into_iter()
            .filter(|t| t.status == TaskStatus::Running)
            .collect()
    }

    pub fn get(&self, task_id: &str) -> Option<TaskInfo> {
        lock(&self.inner.tasks).get(task_id).map(|e| e.info.clone())
    }

    /// Kills a running task's whole process group.
    pub fn stop(&self, task_id: &str) -> Result<TaskInfo, StopError> {
        let info = {
            let mut tasks = lock(&self.inner.tasks);
            let entry = tasks.get_mut(task_id).ok_or(StopError::NotFound)?;
            if entry.info.status != TaskStatus::Running {
                return Err(StopError::NotRunning(entry.info.status));
            }
            GroupGuard::adopt(entry.pgid.take()).kill();
            entry.info.status = TaskStatus::Killed;
            entry.info.stopped = true;
            entry.info.clone()
        };
        self.inner.announce(TaskEvent::Finished(info.clone()));
        Ok(info)
    }

    /// Kills every running task.
    pub fn stop_all(&self) {
        for task in self.running() {
            let _ = self.stop(&task.task_id);
        }
    }

    /// Announces `event` (a foreground command's start or end).
    pub(crate) fn announce(&self, event: TaskEvent) {
        self.inner.announce(event);
    }

    /// Takes over a started process as a background task and watches it until it ends or
    /// `max_runtime` passes. Announces the start before returning.
    pub(crate) fn adopt(
        &self,
        info: TaskInfo,
        mut child: Child,
        mut guard: GroupGuard,
        files: RunFiles,
        max_runtime: Duration,
    ) {
        let task_id = info.task_id.clone();
        lock(&self.inner.tasks).insert(
            task_id.clone(),
            Entry {
                info: info.clone(),
                pgid: guard.disarm(),
            },
        );
        let monitor = info
            .monitor
            .then(|| super::monitor::Tail::new(info.clone()));
        self.inner.announce(TaskEvent::Started(info));
        // The watcher holds the registry weakly: dropping the session's tools must still drop
        // the registry, whose Drop kills the group, which ends this wait.
        let registry: Weak<Registry> = Arc::downgrade(&self.inner);
        tokio::spawn(async move {
            let status = match monitor {
                Some(mut tail) => {
                    let deadline = tokio::time::sleep(max_runtime);
                    tokio::pin!(deadline);
                    // Lines read but not told yet: they are told once a tick passes without
                    // a new line (or a few ticks of steady output have passed), so lines
                    // printed just before the exit go with the end however late the exit
                    // is seen.
                    let mut held = super::monitor::Held::default();
                    let status = loop {
                        tokio::select! {
                            status = child.wait() => break status.ok(),
                            _ = &mut deadline => break None,
                            _ = tokio::time::sleep(super::monitor::BATCH) => {
                                if let Ok(Some(status)) = child.try_wait() {
                                    break Some(status);
                                }
                                let Some(registry) = registry.upgrade() else { return };
                                if let Some(event) = held.tick(&mut tail) {
                                    registry.announce(event);
                                }
                            }
                        }
                    };
                    (status, held.with_rest(&mut tail))
                }
                None => {
                    let status = tokio::select! {
                        status = child.wait() => status.ok(),
                        _ = tokio::time::sleep(max_runtime) => None,
                    };
                    (status, Vec::new())
                }
            };
            let (status, events) = status;
            let _ = std::fs::remove_file(&files.cwd);
            let Some(registry) = registry.upgrade() else {
                return;
            };
            let finished = {
                let mut tasks = lock(&registry.tasks);
                let Some(entry) = tasks.get_mut(&task_id) else {
                    return;
                };
                if entry.info.status != TaskStatus::Running {
                    // Stopped meanwhile; the stop was already announced.
                    return;
                }
                entry.info.events = events;
                match status {
                    Some(status) => {
                        GroupGuard::forget(entry.pgid.take());
                        entry.info.exit_code = status.code();
                        // The output file ends with how the command ended, as the reference's
                        // (a Monitor's holds only what it printed).
                        if let Some(code) = status.code().filter(|_| !entry.info.monitor) {
                            // One blank line between the output and the note.
                            let ends_line = std::fs::read(&files.output)
                                .is_ok_and(|b| b.last() == Some(&b'\n'));
                            let gap = if ends_line { "\n" } else { "\n\n" };
                            append(&files.output, &format!("{gap}[exited with code {code}]"));
                        }
                        entry.info.status = if status.success() {
                            TaskStatus::Completed
                        } else {
                            TaskStatus::Failed
                        };
                    }
                    None => {
                        GroupGuard::adopt(entry.pgid.take()).kill();
                        entry.info.status = TaskStatus::Killed;
                    }
                }
                entry.info.clone()
            };
            registry.announce(TaskEvent::Finished(finished));
            // Reap the killed leader so it does not linger as a zombie.
            let _ = child.wait().await;
        });
    }
}

/// A task that runs no process (a Monitor's WebSocket), as its watcher sees it.
pub(crate) struct Watch {
    registry: Weak<Registry>,
    task_id: String,
}

impl Watch {
    /// The task as the registry has it, while it runs (not stopped, registry alive).
    pub(crate) fn running(&self) -> Option<TaskInfo> {
        let registry = self.registry.upgrade()?;
        let tasks = lock(&registry.tasks);
        let entry = tasks.get(&self.task_id)?;
        (entry.info.status == TaskStatus::Running).then(|| entry.info.clone())
    }

    /// Tells the model of `lines` (one event).
    pub(crate) fn event(&self, lines: Vec<String>) {
        if let (Some(info), Some(registry)) = (self.running(), self.registry.upgrade()) {
            registry.announce(TaskEvent::Events(info, lines));
        }
    }

    /// The watch ended with `status`; `told`: whether the model hears of the end.
    pub(crate) fn end(&self, status: TaskStatus, told: bool) {
        let Some(registry) = self.registry.upgrade() else {
            return;
        };
        let finished = {
            let mut tasks = lock(&registry.tasks);
            let Some(entry) = tasks.get_mut(&self.task_id) else {
                return;
            };
            if entry.info.status != TaskStatus::Running {
                return;
            }
            entry.info.status = status;
            entry.info.stopped = !told;
            entry.info.clone()
        };
        registry.announce(TaskEvent::Finished(finished));
    }
}

impl BackgroundTasks {
    /// Registers a task that runs no process and announces its start; the watcher reports
    /// through the handle.
    pub(crate) fn watch(&self, info: TaskInfo) -> Watch {
        let task_id = info.task_id.clone();
        lock(&self.inner.tasks).insert(
            task_id.clone(),
            Entry {
                info: info.clone(),
                pgid: None,
            },
        );
        self.inner.announce(TaskEvent::Started(info));
        Watch {
            registry: Arc::downgrade(&self.inner),
            task_id,
        }
    }
}

/// Appends `text` to the file at `path` (nothing happens if it cannot be opened).
fn append(path: &std::path::Path, text: &str) {
    use std::io::Write;
    if let Ok(mut f) = std::fs::OpenOptions::new().append(true).open(path) {
        let _ = f.write_all(text.as_bytes());
    }
}

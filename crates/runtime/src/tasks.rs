//! Background tasks seen from the session: their messages, and the turns they start.
//!
//! The tools announce each background task's start and end ([`TaskEvent`]). This module
//! turns them into the messages the reference emits at once, and queues what the model is
//! to read of the end:
//!
//! ```text
//! Bash call moved to the background   -> system/background_tasks_changed {tasks: [the task]}
//!                                        system/task_started
//! the command exits                   -> system/task_updated {patch: {status}}
//!                                        system/task_notification
//!                                        system/background_tasks_changed {tasks: []}
//! a tool round after which the turn   -> its <task-notification> follows the round's results
//!   asks the model again                 (the turn's inbox, [`TaskFlow::inbox`])
//! otherwise, once the turn has ended  -> the session starts a turn by itself: system/init, the
//!                                        model reads the <task-notification>s, result
//!                                        (origin: task-notification)
//! ```
//!
//! Messages are emitted from the thread that caused the event, synchronously: a start is
//! out before the result of the Bash call that started the task. The session loop asks
//! [`TaskFlow::next`] what to run next: a prompt from the caller, a notification turn, or
//! nothing more (input ended and no task left running). Tasks stopped with TaskStop are
//! reported to the caller but do not wake the model, which asked for the stop.

use std::sync::{Arc, Mutex};

use oxagent_core::sync::lock;

use oxagent_core::agent::Emit;
use oxagent_core::config::{RunningTasks, TaskLister};
use oxagent_core::message::{CommandLifecycle, ResultMessage, ResultOrigin};
use oxagent_core::protocol::hook::RunningTask;
use oxagent_core::protocol::op::Prompt;
use oxagent_core::protocol::system::{
    BackgroundTask, BackgroundTasksChanged, SystemBody, SystemMessage, TaskNotification, TaskPatch,
    TaskStarted, TaskUpdated,
};
use oxagent_core::{ContentBlock, Message, UserContent};
use oxagent_tools::{TaskEvent, TaskEventSink, TaskInfo, TaskStatus};
use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver, UnboundedSender};

use crate::events::EventOut;

/// What the session runs next.
pub(crate) enum Next {
    /// A prompt from the caller.
    Prompt(Prompt),
    /// Background tasks ended: a turn that tells the model.
    Notification(Notification),
    /// Input ended and no background task is left running.
    End,
}

/// Ended tasks the model has not been told about yet.
pub(crate) struct Notification {
    tasks: Vec<Ended>,
}

/// A task that ended, and what the model reads of it (and its UserPromptSubmit hooks, when
/// they run for it).
struct Ended {
    run_id: String,
    prompt: Vec<ContentBlock>,
    hook_text: Option<String>,
}

/// A running task, as `background_tasks_changed` lists it, and as stop hooks are told of it.
struct Live {
    task: BackgroundTask,
    hook_entry: RunningTask,
}

/// The running tasks of a session, for its stop hooks.
struct Lister(Arc<Mutex<FlowState>>);

impl RunningTasks for Lister {
    fn running(&self) -> Vec<RunningTask> {
        lock(&self.0)
            .running
            .iter()
            .map(|t| t.hook_entry.clone())
            .collect()
    }
}

#[derive(Default)]
struct FlowState {
    running: Vec<Live>,
    /// Foreground commands shown as tasks, with their run ids.
    foreground: std::collections::HashMap<String, String>,
}

/// The session's side of the background tasks. See the module docs.
pub(crate) struct TaskFlow {
    state: Arc<Mutex<FlowState>>,
    ended: Arc<tokio::sync::Mutex<UnboundedReceiver<Box<Ended>>>>,
    /// Ends read by the turn's inbox that it leaves for a turn of their own (agents').
    held: Arc<Mutex<Vec<Ended>>>,
    ended_closed: bool,
    prompts_closed: bool,
    /// Prompts of scheduled jobs that came due (see cron.rs), and the scheduler itself.
    scheduled: Option<(crate::cron::Scheduler, UnboundedReceiver<String>)>,
    /// Where the turns of scheduled jobs are announced (`command_lifecycle`), and the one
    /// running now, to be announced completed once it has its result.
    lifecycle: (EventOut, String),
    running_command: Option<String>,
}

/// Emits the task messages of one event. Holds no handle of the task registry.
struct Announcer {
    events: EventOut,
    session_id: String,
    state: Arc<Mutex<FlowState>>,
    /// Boxed: a tokio channel allocates its first block of 32 values with the channel, and
    /// every session has one (2.3 KB unboxed, 0.3 KB boxed).
    ended: UnboundedSender<Box<Ended>>,
}

impl Announcer {
    fn system(&self, body: SystemBody) -> Message {
        Message::System(SystemMessage::new(
            body,
            uuid::Uuid::new_v4().to_string(),
            self.session_id.clone(),
        ))
    }

    fn tasks_changed(&self, state: &FlowState) -> Message {
        let tasks = state.running.iter().map(|t| t.task.clone()).collect();
        self.system(SystemBody::BackgroundTasksChanged(BackgroundTasksChanged {
            tasks,
        }))
    }

    fn on_event(&self, event: TaskEvent) {
        // The lock is held while emitting, so the messages of two events never interleave.
        let mut state = lock(&self.state);
        match event {
            // A foreground command shown as a task: its start and its end, nothing else.
            TaskEvent::ForegroundStarted(info) => {
                let run_id = uuid::Uuid::new_v4().to_string();
                state
                    .foreground
                    .insert(info.task_id.clone(), run_id.clone());
                self.events
                    .emit(self.system(SystemBody::TaskStarted(bash_started(&info, run_id, false))));
            }
            TaskEvent::ForegroundFinished(info) => {
                let Some(run_id) = state.foreground.remove(&info.task_id) else {
                    return;
                };
                let (_, notified) = statuses(info.status);
                self.events
                    .emit(self.system(SystemBody::TaskNotification(TaskNotification {
                        task_id: info.task_id.clone(),
                        run_id,
                        tool_use_id: info.tool_use_id.clone(),
                        status: notified.into(),
                        output_file: String::new(),
                        summary: info.description.clone(),
                        usage: None,
                        summary_is_report: None,
                        skip_transcript: None,
                        ambient: None,
                    })));
            }
            TaskEvent::Started(info) => {
                let run_id = uuid::Uuid::new_v4().to_string();
                let started = self.system(SystemBody::TaskStarted(bash_started(
                    &info,
                    run_id.clone(),
                    true,
                )));
                state.running.push(Live {
                    task: BackgroundTask {
                        task_id: info.task_id.clone(),
                        run_id,
                        task_type: task_type(&info).into(),
                        subagent_type: None,
                        description: info.description.clone(),
                    },
                    hook_entry: RunningTask::Shell {
                        id: info.task_id.clone(),
                        status: "running".into(),
                        description: info.description.clone(),
                        command: info.command.clone(),
                    },
                });
                self.events.emit(self.tasks_changed(&state));
                self.events.emit(started);
            }
            // A Monitor's lines: the model is told of them (the task goes on).
            TaskEvent::Events(mut info, lines) => {
                let Some(live) = state
                    .running
                    .iter()
                    .find(|t| t.task.task_id == info.task_id)
                else {
                    return;
                };
                info.events = lines;
                let _ = self.ended.send(Box::new(Ended {
                    run_id: live.task.run_id.clone(),
                    prompt: vec![monitor_notice(&info, false)],
                    hook_text: None,
                }));
            }
            TaskEvent::Finished(info) => {
                let Some(i) = state
                    .running
                    .iter()
                    .position(|t| t.task.task_id == info.task_id)
                else {
                    return;
                };
                let run_id = state.running.remove(i).task.run_id;
                let (updated, notified) = statuses(info.status);
                self.events
                    .emit(self.system(SystemBody::TaskUpdated(TaskUpdated {
                        task_id: info.task_id.clone(),
                        run_id: run_id.clone(),
                        patch: TaskPatch {
                            status: updated.into(),
                            error: None,
                        },
                    })));
                self.events
                    .emit(self.system(SystemBody::TaskNotification(TaskNotification {
                        task_id: info.task_id.clone(),
                        run_id: run_id.clone(),
                        tool_use_id: info.tool_use_id.clone(),
                        status: notified.into(),
                        output_file: info.output_file.to_string_lossy().into_owned(),
                        summary: info.summary(),
                        usage: None,
                        summary_is_report: None,
                        skip_transcript: None,
                        ambient: None,
                    })));
                self.events.emit(self.tasks_changed(&state));
                if !info.stopped {
                    // Sent under the lock: `next` never sees the task gone without its notice.
                    let prompt = vec![if info.monitor {
                        monitor_notice(&info, true)
                    } else {
                        bash_notice(&info)
                    }];
                    let hook_text = None;
                    let _ = self.ended.send(Box::new(Ended {
                        run_id,
                        prompt,
                        hook_text,
                    }));
                }
            }
        }
    }
}

/// The `task_type` of a task of the tools: a command's, or a Monitor's WebSocket.
fn task_type(info: &TaskInfo) -> &'static str {
    if info.ws {
        "monitor_ws"
    } else {
        "local_bash"
    }
}

/// `task_started` of a command (background, or a foreground one shown as a task).
fn bash_started(info: &TaskInfo, run_id: String, is_backgrounded: bool) -> TaskStarted {
    TaskStarted {
        task_id: info.task_id.clone(),
        run_id,
        tool_use_id: info.tool_use_id.clone(),
        description: info.description.clone(),
        subagent_type: None,
        is_backgrounded: (!info.ws).then_some(is_backgrounded),
        spawn_depth: None,
        parent_task_id: None,
        task_type: task_type(info).into(),
        prompt: None,
        skip_transcript: None,
        ambient: None,
    }
}

/// What the model reads of a background command that ended.
fn bash_notice(info: &TaskInfo) -> ContentBlock {
    let (_, status) = statuses(info.status);
    ContentBlock::text(format!(
        "<system-reminder>\n<task-notification>\n<task-id>{}</task-id>\n<tool-use-id>{}</tool-use-id>\n<output-file>{}</output-file>\n<status>{status}</status>\n<summary>{}</summary>\n</task-notification>\nRead the output file to see what the command printed.\n</system-reminder>",
        info.task_id,
        info.tool_use_id,
        info.output_file.display(),
        info.summary(),
    ))
}

/// What the model reads of a Monitor's events: `ended` adds how the watch ended.
fn monitor_notice(info: &TaskInfo, ended: bool) -> ContentBlock {
    let events: String = info
        .events
        .iter()
        .map(|e| format!("<event>{e}</event>\n"))
        .collect();
    let body = if ended {
        let (_, status) = statuses(info.status);
        format!(
            "<task-id>{}</task-id>\n<tool-use-id>{}</tool-use-id>\n<output-file>{}</output-file>\n<status>{status}</status>\n<summary>{}</summary>\n",
            info.task_id,
            info.tool_use_id,
            info.output_file.display(),
            info.summary(),
        )
    } else {
        format!(
            "<task-id>{}</task-id>\n<summary>Monitor event: \"{}\"</summary>\n",
            info.task_id, info.description
        )
    };
    ContentBlock::text(format!(
        "<system-reminder>\nA background event, not a message from the user.\n<task-notification>\n{body}{events}</task-notification>\n</system-reminder>"
    ))
}

/// A session's board of background tasks for the tools that start tasks of their own
/// (background agents): their start and end are announced, and an end wakes the session.
#[derive(Clone)]
pub(crate) struct TaskBoard {
    announcer: Arc<Announcer>,
}

impl TaskBoard {
    /// A task started: it joins the running tasks, then `task_started` goes out.
    pub(crate) fn started(&self, task: BackgroundTask, started: TaskStarted) {
        let a = &self.announcer;
        let mut state = lock(&a.state);
        let hook_entry = RunningTask::Subagent {
            id: task.task_id.clone(),
            status: "running".into(),
            description: task.description.clone(),
            agent_type: task.subagent_type.clone(),
        };
        state.running.push(Live { task, hook_entry });
        a.events.emit(a.tasks_changed(&state));
        a.events.emit(a.system(SystemBody::TaskStarted(started)));
    }

    /// A task ended: `messages` go out (its update and notification), the running tasks
    /// are listed, and the session runs a turn in which the model reads `prompt`.
    pub(crate) fn finished(
        &self,
        task_id: &str,
        messages: Vec<SystemBody>,
        prompt: Vec<ContentBlock>,
        hook_text: String,
    ) {
        let a = &self.announcer;
        let mut state = lock(&a.state);
        let Some(i) = state.running.iter().position(|t| t.task.task_id == task_id) else {
            return;
        };
        let run_id = state.running.remove(i).task.run_id;
        for body in messages {
            a.events.emit(a.system(body));
        }
        a.events.emit(a.tasks_changed(&state));
        let _ = a.ended.send(Box::new(Ended {
            run_id,
            prompt,
            hook_text: Some(hook_text),
        }));
    }

    /// A task ended and nothing is to wake the session: `messages` go out and the running
    /// tasks are listed.
    pub(crate) fn ended_quietly(&self, task_id: &str, messages: Vec<SystemBody>) {
        let a = &self.announcer;
        let mut state = lock(&a.state);
        let Some(i) = state.running.iter().position(|t| t.task.task_id == task_id) else {
            return;
        };
        state.running.remove(i);
        for body in messages {
            a.events.emit(a.system(body));
        }
        a.events.emit(a.tasks_changed(&state));
    }

    /// What the session's stop hooks are told of the running tasks.
    pub(crate) fn lister(&self) -> TaskLister {
        TaskLister(Arc::new(Lister(self.announcer.state.clone())))
    }
}

/// `task_updated.patch.status` and `task_notification.status` of an ended task.
fn statuses(status: TaskStatus) -> (&'static str, &'static str) {
    match status {
        TaskStatus::Completed => ("completed", "completed"),
        TaskStatus::Failed => ("failed", "failed"),
        TaskStatus::Killed | TaskStatus::Running => ("killed", "stopped"),
    }
}

impl TaskFlow {
    /// The flow of one session, and the sink its tools announce task events to.
    #[cfg(test)]
    pub(crate) fn new(events: EventOut, session_id: String) -> (TaskEventSink, TaskFlow) {
        let (sink, _, flow) = Self::with_board(events, session_id);
        (sink, flow)
    }

    /// The flow, the sink its tools announce task events to, and the board of the tasks
    /// other tools start.
    pub(crate) fn with_board(
        events: EventOut,
        session_id: String,
    ) -> (TaskEventSink, TaskBoard, TaskFlow) {
        let state = Arc::new(Mutex::new(FlowState::default()));
        let (tx, rx) = unbounded_channel();
        let lifecycle_out = (events.clone(), session_id.clone());
        let announcer = Arc::new(Announcer {
            events,
            session_id,
            state: state.clone(),
            ended: tx,
        });
        let board = TaskBoard {
            announcer: announcer.clone(),
        };
        let sink: TaskEventSink = Arc::new(move |event| announcer.on_event(event));
        let flow = TaskFlow {
            state,
            ended: Arc::new(tokio::sync::Mutex::new(rx)),
            held: Arc::default(),
            ended_closed: false,
            prompts_closed: false,
            scheduled: None,
            lifecycle: lifecycle_out,
            running_command: None,
        };
        (sink, board, flow)
    }

    fn take_ended(&mut self) -> Option<Notification> {
        let mut tasks: Vec<Ended> = std::mem::take(&mut *lock(&self.held));
        if let Ok(mut rx) = self.ended.try_lock() {
            while let Ok(e) = rx.try_recv() {
                tasks.push(*e);
            }
        }
        (!tasks.is_empty()).then_some(Notification { tasks })
    }

    /// What a turn of the main session reads after each tool round: the ends of background
    /// commands that came meanwhile, as the reference hands them to the model in the next
    /// request of the same turn (an agent's end waits for a turn of its own).
    pub(crate) fn inbox(&self) -> oxagent_core::config::InboxHandle {
        oxagent_core::config::InboxHandle(Arc::new(TurnInbox {
            ended: self.ended.clone(),
            held: self.held.clone(),
        }))
    }

    fn with_rest(&mut self, first: Ended) -> Notification {
        let mut n = Notification { tasks: vec![first] };
        n.tasks
            .extend(self.take_ended().map(|m| m.tasks).unwrap_or_default());
        n
    }

    /// Runs the prompts of the jobs in `jobs` as turns of their own when they come due.
    pub(crate) fn schedule(
        &mut self,
        jobs: oxagent_tools::session::cron::CronJobs,
        rt: &tokio::runtime::Handle,
    ) {
        self.scheduled = Some(crate::cron::start(jobs, rt));
    }

    pub(crate) fn announce_command(&self, command_uuid: String, state: &str, wakeup: Option<&str>) {
        let (events, session_id) = &self.lifecycle;
        events.emit(Message::CommandLifecycle(CommandLifecycle {
            command_uuid,
            state: state.into(),
            wakeup_source: wakeup.map(str::to_string),
            uuid: uuid::Uuid::new_v4().to_string(),
            session_id: session_id.clone(),
        }));
    }

    /// Whether a background agent is running (background commands do not count).
    pub(crate) fn has_running_agents(&self) -> bool {
        lock(&self.state)
            .running
            .iter()
            .any(|t| t.task.task_type == "local_agent")
    }

    /// Waits for the next thing to run. Ended tasks go first; once the caller's input has
    /// ended, the session still waits for the tasks that are running, as the reference does.
    pub(crate) async fn next(&mut self, prompts: &mut UnboundedReceiver<Box<Prompt>>) -> Next {
        // The turn of a scheduled job is over: its result is out.
        if let Some(id) = self.running_command.take() {
            self.announce_command(id, "completed", None);
        }
        loop {
            if let Some(n) = self.take_ended() {
                return Next::Notification(n);
            }
            if self.prompts_closed {
                break;
            }
            let rx = self.ended.clone();
            let mut rx = rx.lock().await;
            let scheduled = self.scheduled.as_mut().map(|(_, due)| due);
            let has_scheduled = scheduled.is_some();
            let due_job = async {
                match scheduled {
                    Some(due) => due.recv().await,
                    None => std::future::pending().await,
                }
            };
            tokio::select! {
                biased;
                // Closed when the tools are gone (a session without Bash): prompts only.
                ended = rx.recv(), if !self.ended_closed => match ended {
                    Some(first) => {
                        drop(rx);
                        return Next::Notification(self.with_rest(*first));
                    }
                    None => self.ended_closed = true,
                },
                prompt = prompts.recv() => match prompt {
                    Some(p) => return Next::Prompt(*p),
                    None => self.prompts_closed = true,
                },
                // A scheduled job's prompt runs as if the user had typed it, in a turn
                // announced by `command_lifecycle`.
                Some(text) = due_job, if has_scheduled => {
                    drop(rx);
                    let id = uuid::Uuid::new_v4().to_string();
                    self.announce_command(id.clone(), "started", Some("schedule_wakeup"));
                    self.running_command = Some(id);
                    return Next::Prompt(UserContent::Text(text).into());
                }
            }
        }
        if self.ended_closed || lock(&self.state).running.is_empty() {
            return Next::End;
        }
        let first = self.ended.clone().lock().await.recv().await;
        match first {
            Some(first) => Next::Notification(self.with_rest(*first)),
            None => Next::End,
        }
    }
}

/// The main session's [`oxagent_core::config::Inbox`]: the ends of background commands.
struct TurnInbox {
    ended: Arc<tokio::sync::Mutex<UnboundedReceiver<Box<Ended>>>>,
    held: Arc<Mutex<Vec<Ended>>>,
}

impl oxagent_core::config::Inbox for TurnInbox {
    fn take(&self) -> Vec<String> {
        // Between turns the flow itself waits on the channel; then nothing is taken here.
        let Ok(mut rx) = self.ended.try_lock() else {
            return Vec::new();
        };
        let mut texts = Vec::new();
        while let Ok(e) = rx.try_recv() {
            if e.hook_text.is_some() {
                lock(&self.held).push(*e);
                continue;
            }
            texts.extend(e.prompt.iter().filter_map(|b| match b {
                ContentBlock::Text { text, .. } => Some(text.clone()),
                _ => None,
            }));
        }
        texts
    }
}

impl Notification {
    /// What the model reads: one `<task-notification>` per ended task.
    pub(crate) fn prompt(&self) -> UserContent {
        let blocks = self
            .tasks
            .iter()
            .flat_map(|t| t.prompt.iter().cloned())
            .collect();
        UserContent::Blocks(blocks)
    }

    /// What UserPromptSubmit hooks see of the notification turn's prompt: none for
    /// background commands (their turn runs no such hooks), the notifications of agents.
    pub(crate) fn hook_text(&self) -> Option<String> {
        let texts: Vec<&str> = self
            .tasks
            .iter()
            .filter_map(|t| t.hook_text.as_deref())
            .collect();
        (!texts.is_empty()).then(|| texts.join("\n"))
    }

    /// The transcript's rows for the notification: a background agent's notes each as a
    /// row, then its bare notification; a background command's notice as one row.
    pub(crate) fn record_rows(&self) -> Vec<UserContent> {
        if self.tasks.iter().all(|t| t.hook_text.is_none()) {
            return vec![self.prompt()];
        }
        let mut rows = Vec::new();
        for t in &self.tasks {
            match &t.hook_text {
                Some(text) => {
                    let notes = &t.prompt[..t.prompt.len().saturating_sub(1)];
                    rows.extend(notes.iter().map(|b| UserContent::Blocks(vec![b.clone()])));
                    rows.push(UserContent::Text(text.clone()));
                }
                None => rows.push(UserContent::Blocks(t.prompt.clone())),
            }
        }
        rows
    }

    /// Stamps the result of the notification turn with its `origin`, as the reference.
    pub(crate) fn stamp(&self, result: &mut ResultMessage) {
        if let Some(first) = self.tasks.first() {
            result.origin = Some(ResultOrigin {
                kind: "task-notification".into(),
                producer: Some("session-task".into()),
                run_id: Some(first.run_id.clone()),
            });
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use oxagent_core::protocol::Event;
    use serde_json::{json, Value};
    use std::path::PathBuf;

    fn info(id: &str, status: TaskStatus, stopped: bool) -> TaskInfo {
        TaskInfo {
            task_id: id.into(),
            command: "sleep 1".into(),
            description: "Sleep".into(),
            tool_use_id: "toolu_01".into(),
            output_file: PathBuf::from(format!("/tmp/t/{id}.output")),
            status,
            exit_code: Some(0),
            stopped,
            monitor: false,
            events: Vec::new(),
            ws: false,
        }
    }

    fn subtypes(frames: &mut UnboundedReceiver<Event>) -> Vec<Value> {
        let mut out = Vec::new();
        while let Ok(Event::Message(m)) = frames.try_recv() {
            let mut f = serde_json::to_value(m).unwrap();
            if let Value::Object(m) = &mut f {
                m.remove("uuid");
                m.remove("session_id");
                m.remove("run_id");
                if let Some(Value::Array(tasks)) = m.get_mut("tasks") {
                    tasks.iter_mut().for_each(|t| {
                        t.as_object_mut().map(|t| t.remove("run_id"));
                    });
                }
            }
            out.push(f);
        }
        out
    }

    #[tokio::test]
    async fn a_finished_task_emits_its_messages_and_wakes_the_session() {
        let (tx, mut frames) = unbounded_channel();
        let (sink, mut flow) = TaskFlow::new(EventOut::new(tx, false), "s".into());
        let (_ptx, mut prompts) = unbounded_channel::<Box<Prompt>>();
        sink(TaskEvent::Started(info("b1", TaskStatus::Running, false)));
        assert_eq!(
            subtypes(&mut frames),
            vec![
                json!({"type": "system", "subtype": "background_tasks_changed", "tasks": [{"task_id": "b1", "task_type": "local_bash", "description": "Sleep"}]}),
                json!({"type": "system", "subtype": "task_started", "task_id": "b1", "tool_use_id": "toolu_01", "description": "Sleep", "is_backgrounded": true, "task_type": "local_bash"}),
            ]
        );
        sink(TaskEvent::Finished(info(
            "b1",
            TaskStatus::Completed,
            false,
        )));
        assert_eq!(
            subtypes(&mut frames),
            vec![
                json!({"type": "system", "subtype": "task_updated", "task_id": "b1", "patch": {"status": "completed"}}),
                json!({"type": "system", "subtype": "task_notification", "task_id": "b1", "tool_use_id": "toolu_01", "status": "completed", "output_file": "/tmp/t/b1.output", "summary": "Background command \"Sleep\" completed (exit code 0)"}),
                json!({"type": "system", "subtype": "background_tasks_changed", "tasks": []}),
            ]
        );
        let Next::Notification(n) = flow.next(&mut prompts).await else {
            panic!("expected a notification turn")
        };
        let text = n.prompt().text();
        assert!(text.contains("<task-notification>\n<task-id>b1</task-id>\n<tool-use-id>toolu_01</tool-use-id>\n<output-file>/tmp/t/b1.output</output-file>\n<status>completed</status>\n<summary>Background command \"Sleep\" completed (exit code 0)</summary>\n</task-notification>"), "{text}");
    }

    #[tokio::test]
    async fn the_session_ends_after_input_once_no_task_runs() {
        let (tx, _frames) = unbounded_channel();
        let (sink, mut flow) = TaskFlow::new(EventOut::new(tx, false), "s".into());
        let (ptx, mut prompts) = unbounded_channel::<Box<Prompt>>();
        drop(ptx);
        sink(TaskEvent::Started(info("b1", TaskStatus::Running, false)));
        let waiter = tokio::spawn(async move {
            let first = matches!(flow.next(&mut prompts).await, Next::Notification(_));
            let second = matches!(flow.next(&mut prompts).await, Next::End);
            (first, second)
        });
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        assert!(!waiter.is_finished(), "the session must wait for its task");
        sink(TaskEvent::Finished(info(
            "b1",
            TaskStatus::Completed,
            false,
        )));
        assert_eq!(waiter.await.unwrap(), (true, true));
    }

    #[tokio::test]
    async fn a_stopped_task_does_not_wake_the_model() {
        let (tx, mut frames) = unbounded_channel();
        let (sink, mut flow) = TaskFlow::new(EventOut::new(tx, false), "s".into());
        let (ptx, mut prompts) = unbounded_channel::<Box<Prompt>>();
        drop(ptx);
        sink(TaskEvent::Started(info("b1", TaskStatus::Running, false)));
        sink(TaskEvent::Finished(info("b1", TaskStatus::Killed, true)));
        let msgs = subtypes(&mut frames);
        assert_eq!(msgs[2]["patch"], json!({"status": "killed"}));
        assert_eq!(msgs[3]["status"], json!("stopped"));
        assert!(matches!(flow.next(&mut prompts).await, Next::End));
    }

    #[tokio::test]
    async fn a_due_job_runs_as_a_prompt_in_an_announced_turn() {
        let (tx, mut frames) = unbounded_channel();
        let (_sink, mut flow) = TaskFlow::new(EventOut::new(tx, false), "s".into());
        let jobs = oxagent_tools::session::cron::CronJobs::default();
        flow.schedule(jobs.clone(), &tokio::runtime::Handle::current());
        // Made two minutes ago: its minute has passed.
        let made = oxagent_tools::session::cron::now_ms() - 120_000.0;
        jobs.add("* * * * *", "check the build", false, made);
        let (ptx, mut prompts) = unbounded_channel::<Box<Prompt>>();
        let Next::Prompt(p) = flow.next(&mut prompts).await else {
            panic!("no prompt");
        };
        assert_eq!(p.content, UserContent::Text("check the build".into()));
        let started = subtypes(&mut frames);
        assert_eq!(started[0]["type"], json!("command_lifecycle"));
        assert_eq!(started[0]["state"], json!("started"));
        assert_eq!(started[0]["wakeup_source"], json!("schedule_wakeup"));
        drop(ptx);
        assert!(matches!(flow.next(&mut prompts).await, Next::End));
        let completed = subtypes(&mut frames);
        assert_eq!(
            completed,
            [
                json!({"type": "command_lifecycle", "command_uuid": started[0]["command_uuid"], "state": "completed"})
            ]
        );
        assert!(jobs.list().is_empty());
    }
}

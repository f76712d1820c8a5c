//! The Monitor tool: a command run in the background whose every printed line is an event
//! the model is told of while it keeps working.
//!
//! ```text
//! Monitor {description, timeout_ms, command}
//!   -> a background task (task_started ...), answered at once:
//!      "Monitor started (task <id>, expires in 5m unless the source ends first; ...)"
//!   -> lines printed within 200 ms of each other make one event (TaskEvent::Events), which
//!      the session hands to the model (after the turn's next tool round, or as a turn)
//!   -> the command exits or its time runs out: the task ends (Monitor "x" stream ended),
//!      carrying the lines not yet told
//! ```
//!
//! The command's stdout goes to a file of its own, which the watch reads (and copies to the
//! task's output file, where its stderr goes). A WebSocket source (`ws`) is watched by
//! `monitor_ws`.

use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use oxagent_core::tool::{ToolContext, ToolOutput};
use serde::Deserialize;
use serde_json::{json, Value};

use super::process::{self, RunFiles};
use super::tasks::{TaskEvent, TaskInfo, TaskStatus};
use super::ShellState;
use crate::results::{success, wrapped_error};
use crate::typed::{as_count, TypedTool};

/// Lines closer together than this make one event.
pub(crate) const BATCH: Duration = Duration::from_millis(200);
/// The default time a watch lasts.
const DEFAULT_TIMEOUT_MS: u64 = 300_000;
/// The longest a watch lasts.
const MAX_TIMEOUT_MS: u64 = 1_800_000;

/// Where a watched command's stdout goes (its events); its stderr goes to the output file.
pub(crate) fn events_file(output: &Path) -> PathBuf {
    output.with_extension("events")
}

/// Reads the lines a watched command printed since the last read, and copies them to its
/// output file (which holds what it printed on both streams).
pub(crate) struct Tail {
    info: TaskInfo,
    offset: u64,
}

impl Tail {
    pub(crate) fn new(info: TaskInfo) -> Self {
        Tail { info, offset: 0 }
    }

    /// The complete lines written since the last read (with `partial`, a last line without
    /// its newline too).
    fn read(&mut self, partial: bool) -> Vec<String> {
        let lines = self.read_events(partial);
        if !lines.is_empty() {
            let copy = std::fs::OpenOptions::new()
                .append(true)
                .open(&self.info.output_file);
            if let Ok(mut out) = copy {
                let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
                let _ = out.write_all(text.as_bytes());
            }
        }
        lines
    }

    fn read_events(&mut self, partial: bool) -> Vec<String> {
        let Ok(mut file) = std::fs::File::open(events_file(&self.info.output_file)) else {
            return Vec::new();
        };
        let mut bytes = Vec::new();
        if file.seek(SeekFrom::Start(self.offset)).is_err() || file.read_to_end(&mut bytes).is_err()
        {
            return Vec::new();
        }
        let end = if partial {
            bytes.len()
        } else {
            bytes.iter().rposition(|b| *b == b'\n').map_or(0, |i| i + 1)
        };
        self.offset += end as u64;
        String::from_utf8_lossy(&bytes[..end])
            .lines()
            .map(str::to_string)
            .collect()
    }

    /// Every line not read yet, once the command has ended.
    pub(crate) fn rest(&mut self) -> Vec<String> {
        self.read(true)
    }
}

/// Ticks of steady output after which held lines are told even though more keep coming.
const MAX_HELD_TICKS: u32 = 5;

/// The lines of a watch read but not told yet (see [`Held::tick`]).
#[derive(Default)]
pub(crate) struct Held {
    lines: Vec<String>,
    ticks: u32,
}

impl Held {
    /// Reads what the command printed since the last tick. The held lines become an event
    /// when this tick brought none (the output paused for a whole batch interval) or when
    /// output has kept coming for [`MAX_HELD_TICKS`] ticks.
    pub(crate) fn tick(&mut self, tail: &mut Tail) -> Option<TaskEvent> {
        let new = tail.read(false);
        let quiet = new.is_empty();
        self.lines.extend(new);
        if self.lines.is_empty() {
            return None;
        }
        self.ticks += 1;
        if !quiet && self.ticks < MAX_HELD_TICKS {
            return None;
        }
        self.ticks = 0;
        let lines = std::mem::take(&mut self.lines);
        Some(TaskEvent::Events(tail.info.clone(), lines))
    }

    /// The held lines and every line not read yet, once the command has ended.
    pub(crate) fn with_rest(mut self, tail: &mut Tail) -> Vec<String> {
        self.lines.extend(tail.rest());
        self.lines
    }
}

/// `5m`, `1m 30s`, `2h`: a watch's lifetime as its answer words it.
fn lifetime(ms: u64) -> String {
    let secs = ms / 1000;
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    let parts: Vec<String> = [(h, "h"), (m, "m"), (s, "s")]
        .iter()
        .filter(|(n, _)| *n > 0)
        .map(|(n, unit)| format!("{n}{unit}"))
        .collect();
    if parts.is_empty() {
        format!("{}ms", ms)
    } else {
        parts.join(" ")
    }
}

/// The input of Monitor.
#[derive(Deserialize)]
pub struct MonitorInput {
    description: String,
    timeout_ms: Option<f64>,
    command: Option<String>,
    ws: Option<WsSource>,
}

/// A WebSocket to watch.
#[derive(Deserialize)]
pub struct WsSource {
    url: String,
    #[serde(default)]
    protocols: Vec<String>,
}

/// Starts a watch. See the module docs.
pub struct MonitorTool {
    shell: Arc<ShellState>,
}

impl MonitorTool {
    pub fn new(shell: Arc<ShellState>) -> Self {
        MonitorTool { shell }
    }
}

impl TypedTool for MonitorTool {
    const NAME: &'static str = "Monitor";
    // The call stays as the model wrote it; a missing `timeout_ms` means the default.
    const FILLS_DEFAULTS: bool = false;
    const LABEL_FIELDS: &'static [&'static str] = &["description"];
    type Input = MonitorInput;

    fn description(&self) -> String {
        "Runs a command in the background and tells you of every line it prints, as it prints \
         it, while you keep working: use it to watch a log, a build or a process for each new \
         event (`tail -f app.log | grep --line-buffered ERROR`). Lines printed within 200 ms \
         of each other arrive together. The watch ends when the command exits or after \
         `timeout_ms` (default 5 minutes, at most 30), and you are told when it ends; stop it \
         earlier with TaskStop. Make every stage of a pipe flush each line, and filter for \
         the lines you would act on, failures included. For a single notice when something \
         finishes, use Bash with `run_in_background` instead."
            .to_string()
    }

    fn input_schema() -> Value {
        json!({
            "type": "object",
            "properties": {
                "description": {"type": "string", "description": "What is watched, in a few words (shown with every event)."},
                "timeout_ms": {"description": "How long the watch lasts, in milliseconds (default 300000; more than 1800000 counts as 1800000).", "default": 300000, "type": "number", "minimum": 1000, "maximum": 3600000},
                "command": {"type": "string", "description": "The shell command to watch: each line it prints is an event; its exit ends the watch."},
                "ws": {"type": "object", "description": "A WebSocket to watch instead of a command (each text frame an event).", "properties": {"url": {"type": "string"}, "protocols": {"type": "array", "items": {"type": "string", "pattern": "^[!#$%&'*+.^_`|~0-9A-Za-z-]+$"}}}, "required": ["url"], "additionalProperties": false}
            },
            "required": ["description", "timeout_ms"],
            "additionalProperties": false
        })
    }

    fn validation_schema() -> Value {
        let mut schema = Self::input_schema();
        schema["required"] = json!(["description"]);
        schema
    }

    fn input_issues(&self, input: &Value) -> Vec<Value> {
        let command = input.get("command").is_some();
        let ws = input.get("ws").is_some();
        if command == ws {
            return vec![
                json!({"code": "custom", "path": [], "message": "exactly one of command or ws"}),
            ];
        }
        let url = input.pointer("/ws/url").and_then(Value::as_str);
        if url.is_some_and(|u| !super::monitor_ws::valid_url(u)) {
            return vec![
                json!({"code": "custom", "path": ["ws", "url"], "message": super::monitor_ws::BAD_URL}),
            ];
        }
        Vec::new()
    }

    async fn run(&self, input: MonitorInput, ctx: &ToolContext) -> ToolOutput {
        let timeout_ms = as_count(input.timeout_ms)
            .map(|t| t as u64)
            .unwrap_or(DEFAULT_TIMEOUT_MS)
            .min(MAX_TIMEOUT_MS);
        let command = match (input.command, input.ws) {
            (Some(command), _) => command,
            (None, Some(ws)) => return self.watch_ws(input.description, ws, timeout_ms, ctx),
            (None, None) => return wrapped_error("Give a command or a ws source to watch."),
        };
        let id = super::bash::new_task_id();
        let files = RunFiles::new(&self.shell.tasks_dir(ctx), &id);
        let cwd = self.shell.cwd(&ctx.cwd);
        let events = events_file(&files.output);
        let (child, guard) = match process::spawn_to(
            &self.shell.shell,
            &command,
            &cwd,
            &ctx.env,
            &files,
            self.shell.run_as,
            None,
            Some(&events),
        ) {
            Ok(started) => started,
            Err(e) => return wrapped_error(format!("Failed to start the monitor: {e}")),
        };
        let info = watch_info(&id, command, input.description, ctx, &files.output, false);
        self.shell
            .tasks
            .adopt(info, child, guard, files, Duration::from_millis(timeout_ms));
        started(&id, timeout_ms)
    }
}

impl MonitorTool {
    /// Starts a watch of a WebSocket (see `monitor_ws`).
    fn watch_ws(
        &self,
        description: String,
        ws: WsSource,
        timeout_ms: u64,
        ctx: &ToolContext,
    ) -> ToolOutput {
        let id = super::bash::new_task_id();
        let files = RunFiles::new(&self.shell.tasks_dir(ctx), &id);
        let _ = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&files.output);
        let info = watch_info(&id, ws.url.clone(), description, ctx, &files.output, true);
        let watch = self.shell.tasks.watch(info);
        tokio::spawn(super::monitor_ws::run(
            watch,
            ws.url,
            ws.protocols,
            files.output,
            Duration::from_millis(timeout_ms),
        ));
        started(&id, timeout_ms)
    }
}

/// A watch as a running task: of a command, or of a WebSocket (`ws`).
fn watch_info(
    id: &str,
    source: String,
    description: String,
    ctx: &ToolContext,
    output: &Path,
    ws: bool,
) -> TaskInfo {
    TaskInfo {
        task_id: id.to_string(),
        command: source,
        description,
        tool_use_id: ctx.tool_use_id.clone(),
        output_file: output.to_path_buf(),
        status: TaskStatus::Running,
        exit_code: None,
        stopped: false,
        monitor: true,
        events: Vec::new(),
        ws,
    }
}

/// The answer to a watch that started.
fn started(id: &str, timeout_ms: u64) -> ToolOutput {
    let text = format!(
        "Monitor started (task {id}, expires in {} unless the source ends first; you get one notice at expiry \u{2014} re-arm if you still need the watch). You will be notified on each event. Keep working \u{2014} do not poll or sleep. Events may arrive while you are waiting for the user \u{2014} an event is not their reply.",
        lifetime(timeout_ms)
    );
    success(
        text,
        json!({"taskId": id, "timeoutMs": timeout_ms, "persistent": false}),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tail_in(dir: &Path) -> Tail {
        let output = dir.join("t.output");
        std::fs::write(&output, "").unwrap();
        Tail::new(TaskInfo {
            task_id: "t".into(),
            command: String::new(),
            description: "d".into(),
            tool_use_id: "toolu_1".into(),
            output_file: output,
            status: TaskStatus::Running,
            exit_code: None,
            stopped: false,
            monitor: true,
            events: Vec::new(),
            ws: false,
        })
    }

    fn print(tail: &Tail, text: &str) {
        let mut f = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(events_file(&tail.info.output_file))
            .unwrap();
        f.write_all(text.as_bytes()).unwrap();
    }

    fn told(event: Option<TaskEvent>) -> Option<Vec<String>> {
        event.map(|e| match e {
            TaskEvent::Events(_, lines) => lines,
            _ => panic!("not an event of lines"),
        })
    }

    #[test]
    fn lines_are_told_after_a_quiet_tick_and_go_with_the_end_before_it() {
        let dir = tempfile::tempdir().unwrap();
        let mut tail = tail_in(dir.path());
        let mut held = Held::default();
        assert_eq!(told(held.tick(&mut tail)), None);
        print(&tail, "one\n");
        // Read but held: the output may not have paused yet.
        assert_eq!(told(held.tick(&mut tail)), None);
        assert_eq!(told(held.tick(&mut tail)), Some(vec!["one".to_string()]));
        print(&tail, "two\nthr");
        assert_eq!(told(held.tick(&mut tail)), None);
        // The command ends before a quiet tick: the held line and the unfinished one go with
        // the end.
        assert_eq!(held.with_rest(&mut tail), vec!["two", "thr"]);
        let copied = std::fs::read_to_string(&tail.info.output_file).unwrap();
        assert_eq!(copied, "one\ntwo\nthr\n");
    }

    #[test]
    fn steady_output_is_told_every_few_ticks() {
        let dir = tempfile::tempdir().unwrap();
        let mut tail = tail_in(dir.path());
        let mut held = Held::default();
        for n in 1..MAX_HELD_TICKS {
            print(&tail, &format!("{n}\n"));
            assert_eq!(told(held.tick(&mut tail)), None);
        }
        print(&tail, "last\n");
        let lines = told(held.tick(&mut tail)).unwrap();
        assert_eq!(lines, ["1", "2", "3", "4", "last"]);
        assert_eq!(told(held.tick(&mut tail)), None);
    }

    #[test]
    fn lifetimes_are_worded_without_zero_parts() {
        assert_eq!(lifetime(5_000), "5s");
        assert_eq!(lifetime(300_000), "5m");
        assert_eq!(lifetime(90_000), "1m 30s");
        assert_eq!(lifetime(1_800_000), "30m");
        assert_eq!(lifetime(3_600_000), "1h");
    }
}

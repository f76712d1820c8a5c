//! The TaskStop tool (legacy names KillShell, KillBash): stops a background shell task by id,
//! killing its whole process group.

use oxagent_core::tool::{ToolContext, ToolOutput};
use serde::Deserialize;
use serde_json::{json, Value};

use super::tasks::{BackgroundTasks, StopError};
use crate::results::{success, wrapped_error};
use crate::typed::TypedTool;

/// The input of TaskStop, as its schema describes it.
#[derive(Deserialize)]
pub struct TaskStopInput {
    task_id: Option<String>,
    /// The deprecated name of `task_id`.
    shell_id: Option<String>,
}

/// Stops background tasks. See the module docs.
pub struct TaskStopTool {
    tasks: BackgroundTasks,
}

impl TaskStopTool {
    pub fn new(tasks: BackgroundTasks) -> Self {
        TaskStopTool { tasks }
    }
}

impl TypedTool for TaskStopTool {
    const NAME: &'static str = "TaskStop";
    /// Stopping a task this session started needs no approval.
    const ALWAYS_ALLOWED: bool = true;
    const LABEL_FIELDS: &'static [&'static str] = &["task_id", "shell_id"];
    type Input = TaskStopInput;

    fn description(&self) -> String {
        "Stops a running background task (a Bash command started with run_in_background, or moved \
         to the background by its timeout) by its task id, killing its processes."
            .to_string()
    }

    fn input_schema() -> Value {
        json!({
            "type": "object",
            "properties": {
                "task_id": {"type": "string", "description": "The id of the task to stop."},
                "shell_id": {"type": "string", "description": "Deprecated: use task_id."}
            },
            "additionalProperties": false
        })
    }

    /// A call naming no task, or one that is not running, is refused before its hooks run.
    fn input_error(&self, input: &Value) -> Option<String> {
        let id = ["task_id", "shell_id"].iter().find_map(|k| {
            input
                .get(*k)
                .and_then(Value::as_str)
                .filter(|s| !s.is_empty())
        });
        let Some(id) = id else {
            return Some("Missing required parameter: task_id".into());
        };
        match self.tasks.get(id) {
            None => Some(format!("No task found with ID: {id}")),
            Some(info) if info.status != super::tasks::TaskStatus::Running => Some(format!(
                "Task {id} is not running (status: {})",
                info.status.as_str()
            )),
            Some(_) => None,
        }
    }

    async fn run(&self, input: TaskStopInput, _ctx: &ToolContext) -> ToolOutput {
        let Some(id) = input.task_id.or(input.shell_id).filter(|id| !id.is_empty()) else {
            return wrapped_error("Missing required parameter: task_id");
        };
        match self.tasks.stop(&id) {
            Ok(info) => {
                let message = format!("Successfully stopped task: {id} ({})", info.command);
                success(
                    message.clone(),
                    json!({"message": message, "task_id": id, "task_type": "local_bash", "command": info.command}),
                )
            }
            Err(StopError::NotFound) => wrapped_error(format!("No task found with ID: {id}")),
            Err(StopError::NotRunning(status)) => wrapped_error(format!(
                "Task {id} is not running (status: {})",
                status.as_str()
            )),
        }
    }
}

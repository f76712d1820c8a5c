//! The TaskStop tool (legacy names KillShell, KillBash): stops a background shell task by id,
//! killing its whole process group.

use std::sync::Arc;

use futures::future::BoxFuture;
use oxagent_core::permission::{PermissionContext, ToolPermission};
use oxagent_core::tool::{Tool, ToolContext, ToolOutput};
use serde::Deserialize;
use serde_json::{json, Value};

use super::tasks::{BackgroundTasks, StopError};
use crate::results::{parse_input, success, wrapped_error};

#[derive(Deserialize)]
struct TaskStopInput {
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

impl Tool for TaskStopTool {
    fn name(&self) -> &str {
        "TaskStop"
    }

    fn description(&self) -> String {
        "Stops a running background task (a Bash command started with run_in_background, or moved \
         to the background by its timeout) by its task id, killing its processes."
            .to_string()
    }

    fn input_schema(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "task_id": {"type": "string", "description": "The id of the task to stop."},
                "shell_id": {"type": "string", "description": "Deprecated: use task_id."}
            },
            "additionalProperties": false
        })
    }

    /// Stopping a task this session started needs no approval.
    fn check_permission(&self, _input: &Value, _ctx: &PermissionContext) -> ToolPermission {
        ToolPermission::Allow
    }

    fn describe_call(&self, input: &Value) -> Option<String> {
        input
            .get("task_id")
            .or_else(|| input.get("shell_id"))
            .and_then(Value::as_str)
            .map(str::to_string)
    }

    fn call<'a>(&'a self, input: Value, _ctx: &'a ToolContext) -> BoxFuture<'a, ToolOutput> {
        Box::pin(async move {
            let input: TaskStopInput = match parse_input("TaskStop", input) {
                Ok(i) => i,
                Err(out) => return out,
            };
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
        })
    }
}

/// Shared constructor for [`crate::builtin_tools`].
pub(crate) fn tool(tasks: BackgroundTasks) -> Arc<dyn Tool> {
    Arc::new(TaskStopTool::new(tasks))
}

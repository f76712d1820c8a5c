//! The four tools over a [`TaskBoard`], one type each. None asks for approval: the list is
//! the session's own bookkeeping. The inputs keep the names `CreateInput`, `GetInput` and
//! `UpdateInput`: the model reads them when an input does not parse.

use oxagent_core::sync::lock;
use oxagent_core::tool::{ToolContext, ToolOutput};
use serde::de::IgnoredAny;
use serde::Deserialize;
use serde_json::{json, Map, Value};

use super::{ids_text, link, open_blockers, parse_id, Task, TaskBoard};
use crate::results::{success, wrapped_error};
use crate::typed::TypedTool;

/// A call is labelled by the task's subject, else its id.
const LABEL_FIELDS: &[&str] = &["subject", "taskId"];

/// The input of TaskCreate, as its schema describes it.
#[derive(Deserialize)]
pub struct CreateInput {
    subject: Option<String>,
    description: Option<String>,
    #[serde(rename = "activeForm")]
    active_form: Option<String>,
    metadata: Option<Map<String, Value>>,
}

/// The input of TaskGet, as its schema describes it.
#[derive(Deserialize)]
pub struct GetInput {
    #[serde(rename = "taskId")]
    task_id: String,
}

/// The input of TaskUpdate, as its schema describes it.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UpdateInput {
    task_id: String,
    subject: Option<String>,
    description: Option<String>,
    active_form: Option<String>,
    status: Option<String>,
    add_blocks: Option<Vec<String>>,
    add_blocked_by: Option<Vec<String>>,
    owner: Option<String>,
    metadata: Option<Map<String, Value>>,
}

/// TaskCreate: adds a pending task.
pub struct TaskCreateTool {
    pub(super) board: TaskBoard,
}

impl TypedTool for TaskCreateTool {
    const NAME: &'static str = "TaskCreate";
    const ALWAYS_ALLOWED: bool = true;
    const LABEL_FIELDS: &'static [&'static str] = LABEL_FIELDS;
    type Input = CreateInput;

    fn description(&self) -> String {
        "Adds a task to this session's task list, to plan and track work of several \
         steps. Give a short imperative `subject`, a `description` of what done means, and \
         optionally `activeForm` (the subject as an -ing phrase, shown while it runs). New \
         tasks are pending; returns the task id."
            .to_string()
    }

    fn input_schema() -> Value {
        json!({
            "type": "object",
            "properties": {
                "subject": {"type": "string", "description": "Short imperative title."},
                "description": {"type": "string", "description": "What the task is and when it is done."},
                "activeForm": {"type": "string", "description": "The subject as an -ing phrase, shown while in progress."},
                "metadata": metadata_schema()
            },
            "required": ["subject", "description"],
            "additionalProperties": false
        })
    }

    /// A call may leave out one of subject and description: the other stands for it.
    fn input_as_checked(&self, input: &Value) -> Value {
        let mut input = input.clone();
        if let Some(map) = input.as_object_mut() {
            for (absent, present) in [("subject", "description"), ("description", "subject")] {
                if !map.contains_key(absent) {
                    if let Some(v) = map.get(present).cloned() {
                        map.insert(absent.to_string(), v);
                    }
                }
            }
        }
        input
    }

    async fn run(&self, input: CreateInput, _ctx: &ToolContext) -> ToolOutput {
        // Either text stands for the other when one is left out.
        let (subject, description) = match (input.subject, input.description) {
            (Some(s), Some(d)) => (s, d),
            (Some(s), None) => (s.clone(), s),
            (None, Some(d)) => (d.clone(), d),
            // Refused by the schema before the call.
            (None, None) => (String::new(), String::new()),
        };
        let mut board = lock(&self.board.inner);
        board.next_id += 1;
        let id = board.next_id;
        board.tasks.insert(
            id,
            Task {
                id,
                subject: subject.clone(),
                description: description.clone(),
                active_form: input.active_form,
                status: "pending".into(),
                owner: None,
                blocks: Vec::new(),
                blocked_by: Vec::new(),
                metadata: input.metadata.unwrap_or_default(),
            },
        );
        success(
            format!("Task #{id} created successfully: {subject}"),
            json!({"task": {"id": id.to_string(), "subject": subject, "description": description}}),
        )
    }
}

/// TaskGet: one task in full.
pub struct TaskGetTool {
    pub(super) board: TaskBoard,
}

impl TypedTool for TaskGetTool {
    const NAME: &'static str = "TaskGet";
    const READ_ONLY: bool = true;
    const ALWAYS_ALLOWED: bool = true;
    const LABEL_FIELDS: &'static [&'static str] = LABEL_FIELDS;
    type Input = GetInput;

    fn description(&self) -> String {
        "Shows one task of the session's task list by id: subject, status, description \
         and the tasks it blocks or waits for."
            .to_string()
    }

    fn input_schema() -> Value {
        json!({
            "type": "object",
            "properties": {"taskId": {"type": "string", "description": "Id of the task."}},
            "required": ["taskId"],
            "additionalProperties": false
        })
    }

    async fn run(&self, input: GetInput, _ctx: &ToolContext) -> ToolOutput {
        let board = lock(&self.board.inner);
        let Some(task) = parse_id(&input.task_id).and_then(|id| board.tasks.get(&id)) else {
            return success(NOT_FOUND, json!({"task": null}));
        };
        let mut text = format!(
            "Task #{}: {}\nStatus: {}\nDescription: {}",
            task.id, task.subject, task.status, task.description
        );
        // The owner is not shown here (TaskList shows it).
        // A completed blocker no longer shows.
        let blocked_by = open_blockers(&board, task);
        if !blocked_by.is_empty() {
            text.push_str(&format!("\nBlocked by: {}", ids_text(&blocked_by)));
        }
        if !task.blocks.is_empty() {
            text.push_str(&format!("\nBlocks: {}", ids_text(&task.blocks)));
        }
        success(
            text,
            json!({"task": {"id": task.id.to_string(), "subject": task.subject,
                "description": task.description, "status": task.status,
                "blocks": task.blocks, "blockedBy": blocked_by}}),
        )
    }
}

/// TaskList: every task, one line each. Takes no input.
pub struct TaskListTool {
    pub(super) board: TaskBoard,
}

impl TypedTool for TaskListTool {
    const NAME: &'static str = "TaskList";
    const READ_ONLY: bool = true;
    const ALWAYS_ALLOWED: bool = true;
    const LABEL_FIELDS: &'static [&'static str] = LABEL_FIELDS;
    type Input = IgnoredAny;

    fn description(&self) -> String {
        "Lists the session's tasks: id, status, subject, owner, and the open tasks each \
         one waits for."
            .to_string()
    }

    fn input_schema() -> Value {
        json!({"type": "object", "properties": {}, "additionalProperties": false})
    }

    async fn run(&self, _input: IgnoredAny, _ctx: &ToolContext) -> ToolOutput {
        let board = lock(&self.board.inner);
        let mut lines = Vec::new();
        let mut tasks = Vec::new();
        for task in board.tasks.values() {
            let mut line = format!("#{} [{}] {}", task.id, task.status, task.subject);
            if let Some(owner) = &task.owner {
                line.push_str(&format!(" ({owner})"));
            }
            // Only blockers that are not done yet still block.
            let open = open_blockers(&board, task);
            if !open.is_empty() {
                line.push_str(&format!(" [blocked by {}]", ids_text(&open)));
            }
            lines.push(line);
            let mut entry = json!({"id": task.id.to_string(), "subject": task.subject,
                "status": task.status, "blockedBy": open});
            if let Some(owner) = &task.owner {
                entry["owner"] = json!(owner);
            }
            tasks.push(entry);
        }
        let text = if lines.is_empty() {
            "No tasks found".to_string()
        } else {
            lines.join("\n")
        };
        success(text, json!({"tasks": tasks}))
    }
}

/// TaskUpdate: changes, links or deletes a task.
pub struct TaskUpdateTool {
    pub(super) board: TaskBoard,
}

impl TypedTool for TaskUpdateTool {
    const NAME: &'static str = "TaskUpdate";
    const ALWAYS_ALLOWED: bool = true;
    const LABEL_FIELDS: &'static [&'static str] = LABEL_FIELDS;
    type Input = UpdateInput;

    fn description(&self) -> String {
        "Changes a task: `status` (pending, in_progress, completed, or deleted to \
         remove it), subject, description, activeForm, owner, metadata (a null value removes \
         a key), and dependencies (`addBlocks`, `addBlockedBy`). Mark a task in_progress \
         when starting it and completed as soon as it is done."
            .to_string()
    }

    fn input_schema() -> Value {
        json!({
            "type": "object",
            "properties": {
                "taskId": {"type": "string", "description": "Id of the task to change."},
                "subject": {"type": "string", "description": "New title."},
                "description": {"type": "string", "description": "New description."},
                "activeForm": {"type": "string", "description": "New in-progress phrase."},
                "status": {"anyOf": [{"type": "string", "enum": ["pending", "in_progress", "completed"]}, {"type": "string", "const": "deleted"}],
                    "description": "New status; deleted removes the task."},
                "addBlocks": {"type": "array", "items": {"type": "string"}, "description": "Ids of tasks that wait for this one."},
                "addBlockedBy": {"type": "array", "items": {"type": "string"}, "description": "Ids of tasks this one waits for."},
                "owner": {"type": "string", "description": "Who works on it."},
                "metadata": metadata_schema()
            },
            "required": ["taskId"],
            "additionalProperties": false
        })
    }

    async fn run(&self, input: UpdateInput, _ctx: &ToolContext) -> ToolOutput {
        let mut board = lock(&self.board.inner);
        let Some(id) = parse_id(&input.task_id).filter(|id| board.tasks.contains_key(id)) else {
            // Not an error: the model reads that there is no such task.
            return success(
                NOT_FOUND,
                json!({"success": false, "taskId": input.task_id, "updatedFields": [],
                    "error": NOT_FOUND}),
            );
        };
        let key = id.to_string();
        let mut fields = Vec::new();
        let mut status_change = None;
        if input.status.as_deref() == Some("deleted") {
            let from = board
                .tasks
                .remove(&id)
                .map(|t| t.status)
                .unwrap_or_default();
            for t in board.tasks.values_mut() {
                t.blocks.retain(|b| b != &key);
                t.blocked_by.retain(|b| b != &key);
            }
            return success(
                format!("Updated task #{key} deleted"),
                json!({"success": true, "taskId": key, "updatedFields": ["deleted"],
                    "statusChange": {"from": from, "to": "deleted"}}),
            );
        }
        let pairs: Vec<(String, String)> = input
            .add_blocks
            .iter()
            .flatten()
            .map(|b| (key.clone(), b.clone()))
            .chain(
                input
                    .add_blocked_by
                    .iter()
                    .flatten()
                    .map(|b| (b.clone(), key.clone())),
            )
            .collect();
        for (blocker, blocked) in &pairs {
            link(&mut board, blocker, blocked);
        }
        let Some(task) = board.tasks.get_mut(&id) else {
            return wrapped_error(format!("Task #{key} not found"));
        };
        if let Some(s) = input.subject {
            task.subject = s;
            fields.push("subject");
        }
        if let Some(d) = input.description {
            task.description = d;
            fields.push("description");
        }
        if let Some(a) = input.active_form {
            task.active_form = Some(a);
            fields.push("activeForm");
        }
        if let Some(o) = input.owner {
            task.owner = Some(o);
            fields.push("owner");
        }
        if let Some(m) = input.metadata {
            for (k, v) in m {
                if v.is_null() {
                    task.metadata.remove(&k);
                } else {
                    task.metadata.insert(k, v);
                }
            }
            fields.push("metadata");
        }
        if let Some(s) = input.status.filter(|s| s != &task.status) {
            status_change = Some(json!({"from": task.status, "to": s}));
            task.status = s;
            fields.push("status");
        }
        if input.add_blocks.is_some() {
            fields.push("blocks");
        }
        if input.add_blocked_by.is_some() {
            fields.push("blockedBy");
        }
        let text = format!("Updated task #{key} {}", fields.join(", "));
        let mut structured = json!({"success": true, "taskId": key, "updatedFields": fields});
        if let Some(change) = status_change {
            structured["statusChange"] = change;
        }
        success(text, structured)
    }
}

/// What TaskGet and TaskUpdate say of an id no task has.
const NOT_FOUND: &str = "Task not found";

/// The `metadata` property of TaskCreate and TaskUpdate.
fn metadata_schema() -> Value {
    json!({"type": "object", "propertyNames": {"type": "string"}, "additionalProperties": {},
        "description": "Free-form data attached to the task."})
}

//! The task-tracking tools the reference exposes to SDK sessions: TaskCreate, TaskGet,
//! TaskList and TaskUpdate, over one [`TaskBoard`] per session (TodoWrite, their
//! predecessor, is disabled in the reference's SDK sessions and not offered here).
//!
//! Tasks get ids `1`, `2`, ... in creation order, start `pending`, and may block each other
//! (`addBlocks` / `addBlockedBy` keep both sides in step). Deleting a task removes it and
//! every reference to it.
//!
//! ```text
//! TaskCreate {"subject": "Write tests", "description": "..."}  -> "Task #1 created: Write tests"
//! TaskUpdate {"taskId": "1", "status": "in_progress"}          -> "Task #1 updated: status"
//! TaskList {}                                                    -> "#1 [in_progress] Write tests"
//! ```

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use futures::future::BoxFuture;
use oxagent_core::permission::{PermissionContext, ToolPermission};
use oxagent_core::sync::lock;
use oxagent_core::tool::{Tool, ToolContext, ToolOutput};
use serde::Deserialize;
use serde_json::{json, Map, Value};

use crate::results::{parse_input, success, wrapped_error};

#[derive(Debug, Clone, PartialEq)]
struct Task {
    id: u64,
    subject: String,
    description: String,
    active_form: Option<String>,
    status: String,
    owner: Option<String>,
    blocks: Vec<String>,
    blocked_by: Vec<String>,
    metadata: Map<String, Value>,
}

#[derive(Default)]
struct Board {
    next_id: u64,
    tasks: BTreeMap<u64, Task>,
}

/// One session's task list, shared by the four tools. Cloning shares it.
#[derive(Clone, Default)]
pub struct TaskBoard {
    inner: Arc<Mutex<Board>>,
}

impl std::fmt::Debug for TaskBoard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TaskBoard")
            .field("tasks", &lock(&self.inner).tasks.len())
            .finish()
    }
}

impl TaskBoard {
    /// The four tools over this board.
    pub fn tools(&self) -> Vec<Arc<dyn Tool>> {
        [Kind::Create, Kind::Get, Kind::List, Kind::Update]
            .into_iter()
            .map(|kind| {
                Arc::new(TaskBoardTool {
                    board: self.clone(),
                    kind,
                }) as Arc<dyn Tool>
            })
            .collect()
    }
}

fn parse_id(id: &str) -> Option<u64> {
    id.trim().trim_start_matches('#').parse().ok()
}

#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Create,
    Get,
    List,
    Update,
}

/// One of TaskCreate, TaskGet, TaskList, TaskUpdate.
pub struct TaskBoardTool {
    board: TaskBoard,
    kind: Kind,
}

#[derive(Deserialize)]
struct CreateInput {
    subject: String,
    description: String,
    #[serde(rename = "activeForm")]
    active_form: Option<String>,
    metadata: Option<Map<String, Value>>,
}

#[derive(Deserialize)]
struct GetInput {
    #[serde(rename = "taskId")]
    task_id: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct UpdateInput {
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

fn ids_text(ids: &[String]) -> String {
    ids.iter()
        .map(|i| format!("#{i}"))
        .collect::<Vec<_>>()
        .join(", ")
}

impl TaskBoardTool {
    fn create(&self, input: Value) -> ToolOutput {
        let input: CreateInput = match parse_input("TaskCreate", input) {
            Ok(i) => i,
            Err(out) => return out,
        };
        let mut board = lock(&self.board.inner);
        board.next_id += 1;
        let id = board.next_id;
        board.tasks.insert(
            id,
            Task {
                id,
                subject: input.subject.clone(),
                description: input.description.clone(),
                active_form: input.active_form,
                status: "pending".into(),
                owner: None,
                blocks: Vec::new(),
                blocked_by: Vec::new(),
                metadata: input.metadata.unwrap_or_default(),
            },
        );
        success(
            format!("Task #{id} created: {}", input.subject),
            json!({"task": {"id": id.to_string(), "subject": input.subject, "description": input.description}}),
        )
    }

    fn get(&self, input: Value) -> ToolOutput {
        let input: GetInput = match parse_input("TaskGet", input) {
            Ok(i) => i,
            Err(out) => return out,
        };
        let board = lock(&self.board.inner);
        let Some(task) = parse_id(&input.task_id).and_then(|id| board.tasks.get(&id)) else {
            return success(
                format!("No task #{} exists.", input.task_id),
                json!({"task": null}),
            );
        };
        let mut text = format!(
            "Task #{}: {}\nStatus: {}\nDescription: {}",
            task.id, task.subject, task.status, task.description
        );
        if let Some(owner) = &task.owner {
            text.push_str(&format!("\nOwner: {owner}"));
        }
        if !task.blocked_by.is_empty() {
            text.push_str(&format!("\nBlocked by: {}", ids_text(&task.blocked_by)));
        }
        if !task.blocks.is_empty() {
            text.push_str(&format!("\nBlocks: {}", ids_text(&task.blocks)));
        }
        success(
            text,
            json!({"task": {"id": task.id.to_string(), "subject": task.subject,
                "description": task.description, "status": task.status,
                "blocks": task.blocks, "blockedBy": task.blocked_by}}),
        )
    }

    fn list(&self) -> ToolOutput {
        let board = lock(&self.board.inner);
        let mut lines = Vec::new();
        let mut tasks = Vec::new();
        for task in board.tasks.values() {
            let mut line = format!("#{} [{}] {}", task.id, task.status, task.subject);
            if let Some(owner) = &task.owner {
                line.push_str(&format!(" ({owner})"));
            }
            // Only blockers that are not done yet still block.
            let open: Vec<String> = task
                .blocked_by
                .iter()
                .filter(|b| {
                    parse_id(b)
                        .and_then(|id| board.tasks.get(&id))
                        .is_some_and(|t| t.status != "completed")
                })
                .cloned()
                .collect();
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
            "No tasks yet.".to_string()
        } else {
            lines.join("\n")
        };
        success(text, json!({"tasks": tasks}))
    }

    fn update(&self, input: Value) -> ToolOutput {
        let input: UpdateInput = match parse_input("TaskUpdate", input) {
            Ok(i) => i,
            Err(out) => return out,
        };
        let mut board = lock(&self.board.inner);
        let Some(id) = parse_id(&input.task_id).filter(|id| board.tasks.contains_key(id)) else {
            let error = format!("Task #{} not found", input.task_id);
            return wrapped_error(&error).with_structured(json!({"success": false,
                "taskId": input.task_id, "updatedFields": [], "error": error}));
        };
        let key = id.to_string();
        for other in input
            .add_blocks
            .iter()
            .chain(input.add_blocked_by.iter())
            .flatten()
        {
            let known = parse_id(other).is_some_and(|o| board.tasks.contains_key(&o) && o != id);
            if !known {
                let error = format!("Task #{other} not found");
                return wrapped_error(&error).with_structured(json!({"success": false,
                    "taskId": key, "updatedFields": [], "error": error}));
            }
        }
        let mut fields = Vec::new();
        let mut status_change = None;
        if input.status.as_deref() == Some("deleted") {
            board.tasks.remove(&id);
            for t in board.tasks.values_mut() {
                t.blocks.retain(|b| b != &key);
                t.blocked_by.retain(|b| b != &key);
            }
            return success(
                format!("Task #{key} deleted"),
                json!({"success": true, "taskId": key, "updatedFields": ["deleted"],
                    "statusChange": {"from": "", "to": "deleted"}}),
            );
        }
        let pairs: Vec<(String, String)> = input
            .add_blocks
            .iter()
            .flatten()
            .map(|b| (key.clone(), parse_id(b).unwrap_or(0).to_string()))
            .chain(
                input
                    .add_blocked_by
                    .iter()
                    .flatten()
                    .map(|b| (parse_id(b).unwrap_or(0).to_string(), key.clone())),
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
        let text = if fields.is_empty() {
            format!("Task #{key}: nothing to update")
        } else {
            format!("Task #{key} updated: {}", fields.join(", "))
        };
        let mut structured = json!({"success": true, "taskId": key, "updatedFields": fields});
        if let Some(change) = status_change {
            structured["statusChange"] = change;
        }
        success(text, structured)
    }
}

/// Records that `blocker` blocks `blocked`, on both tasks.
fn link(board: &mut Board, blocker: &str, blocked: &str) {
    let (Some(a), Some(b)) = (parse_id(blocker), parse_id(blocked)) else {
        return;
    };
    if let Some(t) = board.tasks.get_mut(&a) {
        if !t.blocks.iter().any(|x| x == blocked) {
            t.blocks.push(blocked.to_string());
        }
    }
    if let Some(t) = board.tasks.get_mut(&b) {
        if !t.blocked_by.iter().any(|x| x == blocker) {
            t.blocked_by.push(blocker.to_string());
        }
    }
}

impl Tool for TaskBoardTool {
    fn name(&self) -> &str {
        match self.kind {
            Kind::Create => "TaskCreate",
            Kind::Get => "TaskGet",
            Kind::List => "TaskList",
            Kind::Update => "TaskUpdate",
        }
    }

    fn description(&self) -> String {
        match self.kind {
            Kind::Create => "Adds a task to this session's task list, to plan and track work of several \
                 steps. Give a short imperative `subject`, a `description` of what done means, and \
                 optionally `activeForm` (the subject as an -ing phrase, shown while it runs). New \
                 tasks are pending; returns the task id.",
            Kind::Get => "Shows one task of the session's task list by id: subject, status, description \
                 and the tasks it blocks or waits for.",
            Kind::List => "Lists the session's tasks: id, status, subject, owner, and the open tasks each \
                 one waits for.",
            Kind::Update => "Changes a task: `status` (pending, in_progress, completed, or deleted to \
                 remove it), subject, description, activeForm, owner, metadata (a null value removes \
                 a key), and dependencies (`addBlocks`, `addBlockedBy`). Mark a task in_progress \
                 when starting it and completed as soon as it is done.",
        }
        .to_string()
    }

    fn input_schema(&self) -> Value {
        let metadata = json!({"type": "object", "propertyNames": {"type": "string"}, "additionalProperties": {},
            "description": "Free-form data attached to the task."});
        match self.kind {
            Kind::Create => json!({
                "type": "object",
                "properties": {
                    "subject": {"type": "string", "description": "Short imperative title."},
                    "description": {"type": "string", "description": "What the task is and when it is done."},
                    "activeForm": {"type": "string", "description": "The subject as an -ing phrase, shown while in progress."},
                    "metadata": metadata
                },
                "required": ["subject", "description"],
                "additionalProperties": false
            }),
            Kind::Get => json!({
                "type": "object",
                "properties": {"taskId": {"type": "string", "description": "Id of the task."}},
                "required": ["taskId"],
                "additionalProperties": false
            }),
            Kind::List => {
                json!({"type": "object", "properties": {}, "additionalProperties": false})
            }
            Kind::Update => json!({
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
                    "metadata": metadata
                },
                "required": ["taskId"],
                "additionalProperties": false
            }),
        }
    }

    fn is_read_only(&self, _input: &Value) -> bool {
        matches!(self.kind, Kind::Get | Kind::List)
    }

    /// The list is the session's own bookkeeping: no approval needed.
    fn check_permission(&self, _input: &Value, _ctx: &PermissionContext) -> ToolPermission {
        ToolPermission::Allow
    }

    fn describe_call(&self, input: &Value) -> Option<String> {
        input
            .get("subject")
            .or_else(|| input.get("taskId"))
            .and_then(Value::as_str)
            .map(str::to_string)
    }

    fn call<'a>(&'a self, input: Value, _ctx: &'a ToolContext) -> BoxFuture<'a, ToolOutput> {
        Box::pin(async move {
            match self.kind {
                Kind::Create => self.create(input),
                Kind::Get => self.get(input),
                Kind::List => self.list(),
                Kind::Update => self.update(input),
            }
        })
    }
}

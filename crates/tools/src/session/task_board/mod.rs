//! The task-tracking tools the reference exposes to SDK sessions: TaskCreate, TaskGet,
//! TaskList and TaskUpdate, over one [`TaskBoard`] per session (TodoWrite, their
//! predecessor, is disabled in the reference's SDK sessions and not offered here).
//!
//! Tasks get ids `1`, `2`, ... in creation order, start `pending`, and may block each other
//! (`addBlocks` / `addBlockedBy` keep both sides in step; an id no task has is dropped).
//! A completed blocker no longer counts in TaskGet's and TaskList's `blockedBy`. Deleting a task removes it and
//! every reference to it.
//!
//! ```text
//! TaskCreate {"subject": "Write tests", "description": "..."}  -> "Task #1 created successfully: Write tests"
//! TaskUpdate {"taskId": "1", "status": "in_progress"}          -> "Updated task #1 status"
//! TaskList {}                                                    -> "#1 [in_progress] Write tests"
//! ```

mod tools;

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use oxagent_core::sync::lock;
use oxagent_core::tool::Tool;
use serde_json::{Map, Value};

use crate::typed::Typed;
pub use tools::{TaskCreateTool, TaskGetTool, TaskListTool, TaskUpdateTool};

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
    /// The four tools over this board: TaskCreate, TaskGet, TaskList, TaskUpdate.
    pub fn tools(&self) -> Vec<Arc<dyn Tool>> {
        let board = || self.clone();
        vec![
            Arc::new(Typed(TaskCreateTool { board: board() })),
            Arc::new(Typed(TaskGetTool { board: board() })),
            Arc::new(Typed(TaskListTool { board: board() })),
            Arc::new(Typed(TaskUpdateTool { board: board() })),
        ]
    }
}

/// A task id exactly as the board writes it (`3`; `#3` or ` 3` name no task).
fn parse_id(id: &str) -> Option<u64> {
    id.parse::<u64>().ok().filter(|n| n.to_string() == id)
}

/// The blockers of `task` that still block: existing tasks not completed.
fn open_blockers(board: &Board, task: &Task) -> Vec<String> {
    task.blocked_by
        .iter()
        .filter(|b| {
            parse_id(b)
                .and_then(|id| board.tasks.get(&id))
                .is_some_and(|t| t.status != "completed")
        })
        .cloned()
        .collect()
}

fn ids_text(ids: &[String]) -> String {
    ids.iter()
        .map(|i| format!("#{i}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Records that `blocker` blocks `blocked`, on both tasks.
fn link(board: &mut Board, blocker: &str, blocked: &str) {
    let (Some(a), Some(b)) = (parse_id(blocker), parse_id(blocked)) else {
        return;
    };
    // Both tasks must exist: a link to an id no task has is dropped.
    if !board.tasks.contains_key(&a) || !board.tasks.contains_key(&b) {
        return;
    }
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

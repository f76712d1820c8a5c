//! TaskCreate, TaskGet, TaskList, TaskUpdate over one session's board.

use serde_json::json;

use crate::common::{text, Ws};

#[tokio::test]
async fn create_update_list_get_delete() {
    let w = Ws::new();
    let out = w
        .call("TaskCreate", json!({"subject": "Write tests", "description": "Cover the parser", "activeForm": "Writing tests"}))
        .await;
    assert_eq!(text(&out), "Task #1 created: Write tests");
    assert_eq!(
        out.structured,
        Some(
            json!({"task": {"id": "1", "subject": "Write tests", "description": "Cover the parser"}})
        )
    );
    w.call(
        "TaskCreate",
        json!({"subject": "Ship", "description": "Release it"}),
    )
    .await;

    let out = w
        .call(
            "TaskUpdate",
            json!({"taskId": "2", "addBlockedBy": ["1"], "owner": "me"}),
        )
        .await;
    assert_eq!(text(&out), "Task #2 updated: blockedBy, owner");
    assert_eq!(
        out.structured,
        Some(json!({"success": true, "taskId": "2", "updatedFields": ["blockedBy", "owner"]}))
    );
    let out = w.call("TaskList", json!({})).await;
    assert_eq!(
        text(&out),
        "#1 [pending] Write tests\n#2 [pending] Ship (me) [blocked by #1]"
    );
    assert_eq!(
        out.structured,
        Some(json!({"tasks": [
            {"id": "1", "subject": "Write tests", "status": "pending", "blockedBy": []},
            {"id": "2", "subject": "Ship", "status": "pending", "blockedBy": ["1"], "owner": "me"}]}))
    );

    let out = w
        .call("TaskUpdate", json!({"taskId": "1", "status": "completed"}))
        .await;
    assert_eq!(
        out.structured,
        Some(
            json!({"success": true, "taskId": "1", "updatedFields": ["status"],
            "statusChange": {"from": "pending", "to": "completed"}})
        )
    );
    let out = w.call("TaskGet", json!({"taskId": "1"})).await;
    assert_eq!(
        text(&out),
        "Task #1: Write tests\nStatus: completed\nDescription: Cover the parser\nBlocks: #2"
    );
    assert_eq!(
        out.structured,
        Some(
            json!({"task": {"id": "1", "subject": "Write tests", "description": "Cover the parser",
            "status": "completed", "blocks": ["2"], "blockedBy": []}})
        )
    );
    // A finished blocker no longer blocks.
    let out = w.call("TaskList", json!({})).await;
    assert_eq!(
        text(&out),
        "#1 [completed] Write tests\n#2 [pending] Ship (me)"
    );

    let out = w
        .call("TaskUpdate", json!({"taskId": "1", "status": "deleted"}))
        .await;
    assert_eq!(text(&out), "Task #1 deleted");
    let out = w.call("TaskGet", json!({"taskId": "2"})).await;
    assert_eq!(
        out.structured.unwrap()["task"]["blockedBy"],
        json!([]),
        "deleting a task drops the links to it"
    );
    let out = w.call("TaskGet", json!({"taskId": "1"})).await;
    assert_eq!(text(&out), "No task #1 exists.");
    assert_eq!(out.structured, Some(json!({"task": null})));
}

#[tokio::test]
async fn unknown_tasks_are_errors_and_boards_are_per_session() {
    let w = Ws::new();
    let out = w
        .call("TaskUpdate", json!({"taskId": "9", "status": "completed"}))
        .await;
    assert_eq!(out.is_error, Some(true));
    assert_eq!(
        text(&out),
        "<tool_use_error>Task #9 not found</tool_use_error>"
    );
    w.call("TaskCreate", json!({"subject": "a", "description": "b"}))
        .await;
    let out = w
        .call("TaskUpdate", json!({"taskId": "1", "addBlocks": ["7"]}))
        .await;
    assert_eq!(
        text(&out),
        "<tool_use_error>Task #7 not found</tool_use_error>"
    );

    let other = Ws::new();
    assert_eq!(
        text(&other.call("TaskList", json!({})).await),
        "No tasks yet."
    );
}

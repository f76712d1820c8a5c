//! TaskCreate, TaskGet, TaskList, TaskUpdate over one session's board.

use serde_json::json;

use crate::common::{text, Ws};

#[tokio::test]
async fn create_update_list_get_delete() {
    let w = Ws::new();
    let out = w
        .call("TaskCreate", json!({"subject": "Write tests", "description": "Cover the parser", "activeForm": "Writing tests"}))
        .await;
    assert_eq!(text(&out), "Task #1 created successfully: Write tests");
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
            json!({"taskId": "2", "addBlockedBy": ["1"], "owner": "me", "subject": "Ship"}),
        )
        .await;
    // The fields in the reference's order: the owner before the links.
    assert_eq!(text(&out), "Updated task #2 subject, owner, blockedBy");
    assert_eq!(
        out.structured,
        Some(
            json!({"success": true, "taskId": "2", "updatedFields": ["subject", "owner", "blockedBy"]})
        )
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
    // A finished blocker no longer blocks, in TaskGet as in TaskList.
    let out = w.call("TaskGet", json!({"taskId": "2"})).await;
    assert_eq!(
        text(&out),
        "Task #2: Ship\nStatus: pending\nDescription: Release it"
    );
    assert_eq!(out.structured.unwrap()["task"]["blockedBy"], json!([]));
    let out = w.call("TaskList", json!({})).await;
    assert_eq!(
        text(&out),
        "#1 [completed] Write tests\n#2 [pending] Ship (me)"
    );

    let out = w
        .call("TaskUpdate", json!({"taskId": "1", "status": "deleted"}))
        .await;
    assert_eq!(text(&out), "Updated task #1 deleted");
    assert_eq!(
        out.structured,
        Some(
            json!({"success": true, "taskId": "1", "updatedFields": ["deleted"],
            "statusChange": {"from": "completed", "to": "deleted"}})
        )
    );
    let out = w.call("TaskGet", json!({"taskId": "2"})).await;
    // No owner line, though task 2 has one.
    assert_eq!(
        text(&out),
        "Task #2: Ship\nStatus: pending\nDescription: Release it"
    );
    assert_eq!(
        out.structured.unwrap()["task"]["blockedBy"],
        json!([]),
        "deleting a task drops the links to it"
    );
    let out = w.call("TaskGet", json!({"taskId": "1"})).await;
    assert_eq!(text(&out), "Task not found");
    assert_eq!(out.structured, Some(json!({"task": null})));
}

#[tokio::test]
async fn unknown_tasks_are_errors_and_boards_are_per_session() {
    let w = Ws::new();
    let out = w
        .call("TaskUpdate", json!({"taskId": "9", "status": "completed"}))
        .await;
    // Not an error result: the model reads that there is no such task.
    assert_ne!(out.is_error, Some(true));
    assert_eq!(text(&out), "Task not found");
    assert_eq!(
        out.structured,
        Some(
            json!({"success": false, "taskId": "9", "updatedFields": [], "error": "Task not found"})
        )
    );
    w.call("TaskCreate", json!({"subject": "a", "description": "b"}))
        .await;
    // A blocker id no task has is taken as given.
    let out = w
        .call("TaskUpdate", json!({"taskId": "1", "addBlocks": ["7"]}))
        .await;
    assert_eq!(text(&out), "Updated task #1 blocks");
    // ... and not kept.
    let out = w.call("TaskGet", json!({"taskId": "1"})).await;
    assert_eq!(text(&out), "Task #1: a\nStatus: pending\nDescription: b");
    assert_eq!(out.structured.unwrap()["task"]["blocks"], json!([]));
    // Ids are exact: "#1" names no task.
    let out = w.call("TaskGet", json!({"taskId": "#1"})).await;
    assert_eq!(text(&out), "Task not found");

    let other = Ws::new();
    assert_eq!(
        text(&other.call("TaskList", json!({})).await),
        "No tasks found"
    );
}

#[tokio::test]
async fn a_subject_or_a_description_stands_for_the_other() {
    let w = Ws::new();
    let out = w
        .call("TaskCreate", json!({"description": "only this"}))
        .await;
    assert_eq!(text(&out), "Task #1 created successfully: only this");
    assert_eq!(
        out.structured,
        Some(json!({"task": {"id": "1", "subject": "only this", "description": "only this"}}))
    );
    let out = w.call("TaskCreate", json!({"subject": "s"})).await;
    assert_eq!(text(&out), "Task #2 created successfully: s");
    let out = w.call("TaskGet", json!({"taskId": "2"})).await;
    assert_eq!(text(&out), "Task #2: s\nStatus: pending\nDescription: s");
}

#[tokio::test]
async fn updated_fields_come_in_the_reference_order() {
    let w = Ws::new();
    w.call("TaskCreate", json!({"subject": "A", "description": "a"}))
        .await;
    w.call("TaskCreate", json!({"subject": "B", "description": "b"}))
        .await;
    let out = w
        .call(
            "TaskUpdate",
            json!({"taskId": "1", "addBlocks": ["2"], "owner": "o", "metadata": {"k": 1},
                "activeForm": "Aing", "status": "in_progress", "subject": "A2"}),
        )
        .await;
    assert_eq!(
        text(&out),
        "Updated task #1 subject, activeForm, owner, metadata, status, blocks"
    );
    // Nothing changed (the status it already has): no fields, the sentence left open.
    let out = w
        .call(
            "TaskUpdate",
            json!({"taskId": "1", "status": "in_progress"}),
        )
        .await;
    assert_eq!(text(&out), "Updated task #1 ");
    assert_eq!(
        out.structured,
        Some(json!({"success": true, "taskId": "1", "updatedFields": []}))
    );
}

#[test]
fn the_schema_checks_a_create_with_one_text_standing_for_the_other() {
    let w = Ws::new();
    let tool = w.tool("TaskCreate");
    assert_eq!(
        tool.input_as_checked(&json!({"description": "d"})),
        json!({"description": "d", "subject": "d"})
    );
    // With neither, both stay missing and the schema names both.
    assert_eq!(tool.input_as_checked(&json!({})), json!({}));
}

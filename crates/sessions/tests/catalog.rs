//! Listing, reading and changing saved sessions, on transcripts laid out as Claude Code lays
//! them out.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use oxagent_sessions::{
    delete_session, fork_session, list_sessions, list_subagents, project_key, rename_session,
    session_info, session_messages, subagent_messages, tag_session, SessionError,
};
use serde_json::{json, Value};

const A: &str = "11111111-1111-4111-8111-111111111111";
const B: &str = "22222222-2222-4222-8222-222222222222";

fn row(kind: &str, uuid: &str, parent: Option<&str>, message: Value) -> Value {
    json!({"type": kind, "uuid": uuid, "parentUuid": parent, "sessionId": A, "cwd": "/w",
        "isSidechain": false, "timestamp": "2026-11-20T10:00:00.000Z", "gitBranch": "main",
        "message": message})
}

fn write(dir: &Path, id: &str, rows: &[Value]) -> PathBuf {
    std::fs::create_dir_all(dir).unwrap();
    let path = dir.join(format!("{id}.jsonl"));
    let body: String = rows.iter().map(|r| format!("{r}\n")).collect();
    std::fs::write(&path, body).unwrap();
    path
}

/// A conversation with a parallel pair of tool calls whose results hang off each call.
fn conversation() -> Vec<Value> {
    vec![
        row(
            "user",
            "u1",
            None,
            json!({"role": "user", "content": "Fix the\nbuild"}),
        ),
        row(
            "assistant",
            "a1",
            Some("u1"),
            json!({"id": "msg_1", "role": "assistant",
            "content": [{"type": "tool_use", "id": "t1", "name": "Read", "input": {}}]}),
        ),
        row(
            "assistant",
            "a2",
            Some("a1"),
            json!({"id": "msg_1", "role": "assistant",
            "content": [{"type": "tool_use", "id": "t2", "name": "Read", "input": {}}]}),
        ),
        row(
            "user",
            "r1",
            Some("a1"),
            json!({"role": "user",
            "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "x"}]}),
        ),
        row(
            "user",
            "r2",
            Some("a2"),
            json!({"role": "user",
            "content": [{"type": "tool_result", "tool_use_id": "t2", "content": "y"}]}),
        ),
        json!({"type": "progress", "uuid": "p1", "parentUuid": "r2", "sessionId": A}),
        row(
            "assistant",
            "a3",
            Some("p1"),
            json!({"id": "msg_2", "role": "assistant",
            "content": [{"type": "text", "text": "Done."}]}),
        ),
    ]
}

#[test]
fn listing_reading_and_changing_a_session() {
    let root = tempfile::tempdir().unwrap();
    let projects = root.path().join("projects");
    let work = root.path().join("work");
    std::fs::create_dir_all(&work).unwrap();
    let dir = projects.join(project_key(&work));
    write(&dir, A, &conversation());
    // A sidechain-only file and a file whose name is no session id are not sessions.
    write(
        &dir,
        B,
        &[json!({"type": "user", "uuid": "s", "isSidechain": true,
        "message": {"role": "user", "content": "side"}})],
    );
    write(&dir, "notes", &conversation());

    let listed = list_sessions(&projects, Some(&work), None, 0, false);
    assert_eq!(listed.len(), 1);
    let info = &listed[0];
    assert_eq!(info.session_id, A);
    assert_eq!(info.summary, "Fix the build");
    assert_eq!(info.first_prompt.as_deref(), Some("Fix the build"));
    assert_eq!(info.git_branch.as_deref(), Some("main"));
    assert_eq!(info.cwd.as_deref(), Some("/w"));
    assert_eq!(info.created_at, Some(1_795_168_800_000));
    assert_eq!(list_sessions(&projects, None, None, 0, false).len(), 1);
    assert!(list_sessions(&projects, None, Some(5), 1, false).is_empty());

    // The chain from the newest message to the root, with the parallel call and its result
    // the parentUuid walk passes by; progress rows are not messages.
    let messages = session_messages(&projects, A, Some(&work), None, 0, false);
    let ids: Vec<&str> = messages.iter().map(|m| m.uuid.as_str()).collect();
    assert_eq!(ids, ["u1", "a1", "a2", "r1", "r2", "a3"]);
    assert_eq!(messages[0].kind, "user");
    assert_eq!(messages[5].message["content"][0]["text"], "Done.");
    let page = session_messages(&projects, A, None, Some(2), 1, false);
    assert_eq!(
        page.iter().map(|m| m.uuid.as_str()).collect::<Vec<_>>(),
        ["a1", "a2"]
    );
    assert!(session_messages(&projects, "not-a-uuid", None, None, 0, false).is_empty());

    rename_session(&projects, A, "  Build fix ", Some(&work)).unwrap();
    tag_session(&projects, A, Some("ur\u{200b}gent"), None).unwrap();
    let info = session_info(&projects, A, Some(&work)).unwrap();
    assert_eq!(info.summary, "Build fix");
    assert_eq!(info.custom_title.as_deref(), Some("Build fix"));
    assert_eq!(info.tag.as_deref(), Some("urgent"));
    tag_session(&projects, A, None, None).unwrap();
    assert_eq!(session_info(&projects, A, None).unwrap().tag, None);
    assert!(matches!(
        rename_session(&projects, A, " ", None),
        Err(SessionError::Invalid(_))
    ));
    assert!(matches!(
        rename_session(&projects, "x", "t", None),
        Err(SessionError::Invalid(_))
    ));
    let missing = "33333333-3333-4333-8333-333333333333";
    assert!(matches!(
        tag_session(&projects, missing, Some("t"), None),
        Err(SessionError::NotFound(_))
    ));

    // A fork up to the first result: new ids, the same chain, titled after the original.
    let fork = fork_session(&projects, A, Some(&work), Some("r1"), None).unwrap();
    let forked = session_messages(&projects, &fork, Some(&work), None, 0, false);
    assert_eq!(forked.len(), 4);
    assert!(forked
        .iter()
        .all(|m| m.session_id == fork && !["u1", "a1", "a2", "r1"].contains(&m.uuid.as_str())));
    assert_eq!(
        session_info(&projects, &fork, None).unwrap().summary,
        "Build fix (fork)"
    );
    let text = std::fs::read_to_string(dir.join(format!("{fork}.jsonl"))).unwrap();
    let first: Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(
        first["forkedFrom"],
        json!({"sessionId": A, "messageUuid": "u1"})
    );
    assert!(matches!(
        fork_session(&projects, A, None, Some("nope"), None),
        Err(SessionError::Invalid(_))
    ));

    // A subagent's transcript, with the sidecar naming the call that started it.
    let sub = dir.join(A).join("subagents").join("nested");
    write(
        &sub,
        "agent-x1",
        &[
            row(
                "user",
                "s1",
                None,
                json!({"role": "user", "content": "Look around"}),
            ),
            row(
                "assistant",
                "s2",
                Some("s1"),
                json!({"id": "m", "role": "assistant",
            "content": [{"type": "text", "text": "Seen."}]}),
            ),
        ],
    );
    std::fs::write(
        sub.join("agent-x1.meta.json"),
        r#"{"toolUseId": "t9", "parentAgentId": null}"#,
    )
    .unwrap();
    assert_eq!(list_subagents(&projects, A, None), ["x1"]);
    let said = subagent_messages(&projects, A, "x1", Some(&work), None, 0);
    assert_eq!(
        said.iter().map(|m| m.uuid.as_str()).collect::<Vec<_>>(),
        ["s1", "s2"]
    );
    assert_eq!(said[0].parent_tool_use_id.as_deref(), Some("t9"));
    assert!(subagent_messages(&projects, A, "nobody", None, None, 0).is_empty());

    delete_session(&projects, A, None).unwrap();
    assert!(!dir.join(format!("{A}.jsonl")).exists() && !dir.join(A).exists());
    assert_eq!(session_info(&projects, A, None), None);
    assert_eq!(
        list_sessions(&projects, Some(&work), None, 0, false).len(),
        1
    );
}

#[test]
fn long_project_paths_get_a_hashed_key() {
    let long = Path::new("/").join("d".repeat(250));
    let key = project_key(&long);
    assert!(key.starts_with(&format!("-{}", "d".repeat(199))));
    assert!(key.len() > 201);
    assert_eq!(&key[200..201], "-");
}

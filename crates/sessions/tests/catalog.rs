//! Listing, reading and changing saved sessions, on transcripts laid out as Claude Code lays
//! them out.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use oxagent_sessions::{
    delete_session, fork_session, list_sessions, list_subagents, project_key, rename_session,
    resume_target, session_info, session_messages, subagent_messages, tag_session, SessionError,
};
use serde_json::{json, Value};

const A: &str = "11111111-1111-4111-8111-111111111111";
const B: &str = "22222222-2222-4222-8222-222222222222";
/// The first tool result's uuid (a fork can stop there).
const R1: &str = "44444444-4444-4444-8444-444444444444";

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
            R1,
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
    assert_eq!(ids, ["u1", "a1", "a2", R1, "r2", "a3"]);
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
    assert_eq!(
        rename_session(&projects, "x", "t", None),
        Err(SessionError::InvalidId {
            field: "session_id",
            value: "x".into()
        })
    );
    let missing = "33333333-3333-4333-8333-333333333333";
    assert!(matches!(
        tag_session(&projects, missing, Some("t"), None),
        Err(SessionError::NotFound(_))
    ));

    // A fork up to the first result: new ids, the same chain, titled after the original.
    let fork = fork_session(&projects, A, Some(&work), Some(R1), None).unwrap();
    let forked = session_messages(&projects, &fork, Some(&work), None, 0, false);
    assert_eq!(forked.len(), 4);
    assert!(forked
        .iter()
        .all(|m| m.session_id == fork && !["u1", "a1", "a2", R1].contains(&m.uuid.as_str())));
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
        Err(SessionError::InvalidId {
            field: "up_to_message_id",
            ..
        })
    ));
    let unknown = "55555555-5555-4555-8555-555555555555";
    assert_eq!(
        fork_session(&projects, A, None, Some(unknown), None),
        Err(SessionError::Invalid(format!(
            "Message {unknown} not found in session {A}"
        )))
    );

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

/// Every file under `root` with its contents, to show that nothing changed.
fn snapshot(root: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                out.push((p.clone(), Vec::new()));
                stack.push(p);
            } else {
                out.push((p.clone(), std::fs::read(&p).unwrap()));
            }
        }
    }
    out.sort();
    out
}

/// Ids that are not UUIDs: a path up and out of the project folder to a victim transcript,
/// the same path absolute, a NUL byte, nothing, too much.
fn bad_ids(root: &Path) -> Vec<String> {
    vec![
        "../../victim/victim".into(),
        root.join("victim").join("victim").display().to_string(),
        format!("{}\0", &A[..35]),
        String::new(),
        format!("{A}{}", "1".repeat(300)),
        format!("{A}\n"),
        format!("{A}/../../../victim/victim"),
    ]
}

#[test]
fn ids_that_are_not_uuids_never_reach_a_path() {
    let root = tempfile::tempdir().unwrap();
    let projects = root.path().join("projects");
    let work = root.path().join("work");
    std::fs::create_dir_all(&work).unwrap();
    let dir = projects.join(project_key(&work));
    write(&dir, A, &conversation());
    // The victim: a transcript outside the projects folder, with a subagent beside it.
    let victim = root.path().join("victim");
    write(&victim, "victim", &conversation());
    write(
        &victim.join("victim").join("subagents"),
        "agent-x1",
        &conversation(),
    );
    let before = snapshot(root.path());

    for id in bad_ids(root.path()) {
        for d in [None, Some(work.as_path())] {
            assert_eq!(session_info(&projects, &id, d), None, "{id:?}");
            assert!(session_messages(&projects, &id, d, None, 0, true).is_empty());
            assert!(list_subagents(&projects, &id, d).is_empty());
            assert!(subagent_messages(&projects, &id, "x1", d, None, 0).is_empty());
            let refused = Err(SessionError::InvalidId {
                field: "session_id",
                value: id.clone(),
            });
            assert_eq!(rename_session(&projects, &id, "t", d), refused);
            assert_eq!(tag_session(&projects, &id, Some("t"), d), refused);
            assert_eq!(delete_session(&projects, &id, d), refused);
            assert_eq!(
                fork_session(&projects, &id, d, None, None).map(|_| ()),
                refused
            );
            // The message id of a fork is checked the same way (an empty one means none).
            if !id.is_empty() {
                assert_eq!(
                    fork_session(&projects, A, d, Some(&id), None),
                    Err(SessionError::InvalidId {
                        field: "up_to_message_id",
                        value: id.clone()
                    })
                );
            }
        }
        assert_eq!(
            SessionError::InvalidId {
                field: "session_id",
                value: id.clone()
            }
            .to_string(),
            format!("Invalid session_id: {id}")
        );
    }
    // A subagent id is only ever compared with the names found on disk.
    assert!(subagent_messages(&projects, A, "../../../victim/victim", None, None, 0).is_empty());
    assert_eq!(snapshot(root.path()), before);
}

#[test]
fn session_ids_keep_their_case() {
    let root = tempfile::tempdir().unwrap();
    let projects = root.path().join("projects");
    let work = root.path().join("work");
    std::fs::create_dir_all(&work).unwrap();
    let upper = "ABCDEF01-2345-4678-9ABC-DEF012345678";
    let dir = projects.join(project_key(&work));
    write(&dir, upper, &conversation());
    assert_eq!(
        session_info(&projects, upper, Some(&work))
            .unwrap()
            .session_id,
        upper
    );
    rename_session(&projects, upper, "Upper", None).unwrap();
    // The file is named in upper case: the lower-case id names no session (as the
    // reference, on a case-sensitive file system).
    let lower = upper.to_lowercase();
    assert_eq!(session_info(&projects, &lower, None), None);
    assert!(matches!(
        tag_session(&projects, &lower, Some("t"), None),
        Err(SessionError::NotFound(_))
    ));
    let fork = fork_session(&projects, upper, None, None, None).unwrap();
    assert_eq!(
        session_info(&projects, &fork, None).unwrap().summary,
        "Upper (fork)"
    );
    delete_session(&projects, upper, None).unwrap();
    assert_eq!(list_sessions(&projects, None, None, 0, false).len(), 1);
}

#[test]
fn resume_names_a_session_by_id_or_by_title() {
    let root = tempfile::tempdir().unwrap();
    let project = root.path().join("projects").join("-w");
    let titled = |id: &str, title: &str| {
        let mut rows = conversation();
        rows.push(json!({"type": "custom-title", "customTitle": title, "sessionId": id}));
        write(&project, id, &rows);
    };
    titled(A, "My Work");
    titled(B, "Twice");
    titled("33333333-3333-4333-8333-333333333333", "twice");
    let mut auto = conversation();
    auto.push(json!({"type": "ai-title", "aiTitle": "Auto Name", "sessionId": R1}));
    write(&project, R1, &auto);

    // An id is taken as it is, known or not (loading it tells).
    let unknown = "55555555-5555-4555-8555-555555555555";
    assert_eq!(resume_target(&project, unknown).unwrap().as_str(), unknown);
    // A title: trimmed, in any case; a generated title counts too.
    assert_eq!(resume_target(&project, " my work ").unwrap().as_str(), A);
    assert_eq!(resume_target(&project, "AUTO NAME").unwrap().as_str(), R1);
    // Several sessions with the title: the reference's text lists them.
    let several = resume_target(&project, "Twice").unwrap_err();
    assert!(
        several.starts_with(
            "Error: --resume \"Twice\" matches 2 sessions. Pass one of these session IDs to disambiguate:\n  "
        ),
        "{several}"
    );
    assert!(several.contains(B) && several.contains("33333333-3333-4333-8333-333333333333"));
    assert!(several.contains("  (modified 20"));
    // Anything else, a path included, is refused with the reference's text.
    for value in bad_ids(root.path()).into_iter().chain(["My".to_string()]) {
        assert_eq!(
            resume_target(&project, &value).unwrap_err(),
            format!("Error: --resume requires a valid session ID or session title when used with --print. Usage: claude -p --resume <session-id|title>. Provided value \"{value}\" is not a UUID and does not match any session title.")
        );
    }
    assert!(resume_target(&root.path().join("nowhere"), "My Work").is_err());
}

//! `enable_file_checkpointing` and `rewind_files`: the files Write and Edit changed go back
//! as they were when a prompt came; a dry run says what would change. With
//! `--replay-user-messages` each prompt is echoed with the uuid to rewind to.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use oxagent::protocol::{HostReply, HostRequest};
use oxagent::{FrameSession, Options};
use oxagent_testkit::ScriptedServer;
use serde_json::{json, Value};

fn tool(id: &str, name: &str, input: Value) -> Value {
    json!({"content": [{"type": "tool_use", "id": id, "name": name, "input": input}]})
}

fn text(t: &str) -> Value {
    json!({"content": [{"type": "text", "text": t}]})
}

async fn turn(s: &FrameSession, prompt: &str) -> Vec<Value> {
    s.send(
        json!({"type": "user", "message": {"role": "user", "content": prompt},
                  "parent_tool_use_id": null}),
    )
    .unwrap();
    let mut out = Vec::new();
    while let Some(f) = s.recv().await {
        let done = f["type"] == "result";
        out.push(f);
        if done {
            break;
        }
    }
    out
}

fn rewind(s: &FrameSession, id: &str, dry_run: bool) -> Result<Value, String> {
    s.runtime()
        .host_request(HostRequest::RewindFiles {
            user_message_id: id.into(),
            dry_run: Some(dry_run),
        })
        .map(|r| match r {
            HostReply::Body(b) => b,
            other => panic!("{other:?}"),
        })
}

fn session(url: &str, dir: &std::path::Path, checkpointing: bool) -> FrameSession {
    let options = Options::from_json(&json!({
        "cwd": dir.to_string_lossy(),
        "setting_sources": [],
        "permission_mode": "bypassPermissions",
        "enable_file_checkpointing": checkpointing,
        "extra_args": {"replay-user-messages": null},
        "env": {"ANTHROPIC_BASE_URL": url, "ANTHROPIC_API_KEY": "sk-test",
                "HOME": dir.to_string_lossy()},
    }))
    .unwrap();
    FrameSession::spawn(options, &tokio::runtime::Handle::current()).unwrap()
}

/// The echo of the turn's prompt: right after `init`, with the uuid.
fn echoed(frames: &[Value]) -> String {
    assert_eq!(frames[0]["subtype"], "init");
    assert_eq!(frames[1]["type"], "user");
    assert_eq!(frames[1]["isReplay"], true);
    frames[1]["uuid"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn rewind_puts_files_back_as_each_prompt_found_them() {
    let dir = tempfile::tempdir().unwrap();
    let ws = dir.path().canonicalize().unwrap();
    let (new, old) = (ws.join("new.txt"), ws.join("old.txt"));
    std::fs::write(&old, "one\ntwo\n").unwrap();
    let p = |f: &std::path::Path| f.to_string_lossy().to_string();
    let server = ScriptedServer::start(json!({"responses": [
        tool("toolu_01", "Write", json!({"file_path": p(&new), "content": "hello\nworld\n"})),
        tool("toolu_02", "Read", json!({"file_path": p(&old)})),
        tool("toolu_03", "Edit", json!({"file_path": p(&old), "old_string": "one", "new_string": "ONE"})),
        text("done"),
        tool("toolu_04", "Write", json!({"file_path": p(&new), "content": "second\n"})),
        text("done2"),
    ]}))
    .await
    .unwrap();
    let s = session(&server.url(), &ws, true);
    let first = echoed(&turn(&s, "make files").await);
    let second = echoed(&turn(&s, "again").await);
    assert_eq!(std::fs::read_to_string(&new).unwrap(), "second\n");

    assert_eq!(
        rewind(&s, &second, true).unwrap(),
        json!({"canRewind": true, "filesChanged": [p(&new)], "insertions": 2, "deletions": 1})
    );
    assert_eq!(
        rewind(&s, &first, true).unwrap(),
        json!({"canRewind": true, "filesChanged": [p(&new), p(&old)], "insertions": 1,
               "deletions": 2})
    );
    // A dry run changes nothing.
    assert_eq!(std::fs::read_to_string(&old).unwrap(), "ONE\ntwo\n");
    assert_eq!(
        rewind(&s, &first, false).unwrap(),
        json!({"canRewind": true, "skippedLinks": 0})
    );
    assert!(!new.exists());
    assert_eq!(std::fs::read_to_string(&old).unwrap(), "one\ntwo\n");
    assert_eq!(
        rewind(&s, "00000000-0000-4000-8000-000000000000", false).unwrap_err(),
        "No file checkpoint found for this message."
    );
    // The echo is not a second row of the prompt in the transcript.
    let project = std::fs::read_dir(ws.join(".claude/projects"))
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let file = std::fs::read_dir(project)
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let prompts = std::fs::read_to_string(file)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|r| r["type"] == "user" && r["message"]["content"] == "make files")
        .count();
    assert_eq!(prompts, 1);
}

#[tokio::test]
async fn without_checkpointing_a_rewind_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let server = ScriptedServer::start(json!({"responses": [text("hi")]}))
        .await
        .unwrap();
    let s = session(&server.url(), dir.path(), false);
    let id = echoed(&turn(&s, "hi").await);
    assert_eq!(
        rewind(&s, &id, true).unwrap(),
        json!({"canRewind": false, "error": "File rewinding is not enabled."})
    );
    assert_eq!(
        rewind(&s, &id, false).unwrap_err(),
        "File rewinding is not enabled."
    );
}

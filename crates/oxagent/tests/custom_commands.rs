//! Custom slash commands as the session reads them (variants-h): a command's
//! `allowed-tools` hold for its own turn, and a user command hides a project command of the
//! same name.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use oxagent::{FrameSession, Options};
use oxagent_testkit::ScriptedServer;
use serde_json::{json, Value};

fn options(url: &str, ws: &std::path::Path, home: &std::path::Path, extra: Value) -> Options {
    let mut o = json!({
        "cwd": ws.to_string_lossy(),
        "env": {"ANTHROPIC_BASE_URL": url, "ANTHROPIC_API_KEY": "sk-test",
                "HOME": home.to_string_lossy()},
    });
    o.as_object_mut()
        .unwrap()
        .extend(extra.as_object().unwrap().clone());
    Options::from_json(&o).unwrap()
}

fn touch(id: &str, file: &str) -> Value {
    json!({"content": [{"type": "tool_use", "id": id, "name": "Bash",
        "input": {"command": format!("touch {file}"), "description": "touch"}}]})
}

fn text(t: &str) -> Value {
    json!({"content": [{"type": "text", "text": t}]})
}

fn prompt(content: &str) -> Value {
    json!({"type": "user", "message": {"role": "user", "content": content},
        "parent_tool_use_id": null})
}

/// The frames of one turn, up to and with its result.
async fn turn(s: &FrameSession) -> Vec<Value> {
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

fn write(path: std::path::PathBuf, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// vh_cmd_allowed_tools_bash, vh_cmd_allowed_tools_next_prompt.
#[tokio::test]
async fn allowed_tools_of_a_command_hold_for_its_turn_only() {
    let (ws, home) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    write(
        ws.path().join(".claude/commands/tools.md"),
        "---\nallowed-tools: Bash(touch:*)\n---\nTouch $ARGUMENTS\n",
    );
    let script = json!({"responses": [touch("toolu_01", "a.txt"), text("Done."),
        touch("toolu_02", "c.txt"), text("Done.")]});
    let server = ScriptedServer::start(script).await.unwrap();
    let extra = json!({"permission_mode": "default", "setting_sources": ["project"]});
    let opts = options(&server.url(), ws.path(), home.path(), extra);
    let s = FrameSession::spawn(opts, &tokio::runtime::Handle::current()).unwrap();
    s.send(prompt("/tools a.txt")).unwrap();
    let first = turn(&s).await;
    assert_eq!(first.last().unwrap()["permission_denials"], json!([]));
    assert!(ws.path().join("a.txt").exists());
    s.send(prompt("Touch c")).unwrap();
    let second = turn(&s).await;
    let denied = &second.last().unwrap()["permission_denials"];
    assert_eq!(denied[0]["tool_use_id"], "toolu_02");
    assert!(!ws.path().join("c.txt").exists());
}

/// vh_cmd_user_project_same.
#[tokio::test]
async fn a_user_command_hides_a_project_command_of_its_name() {
    let (ws, home) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    write(
        ws.path().join(".claude/commands/dup.md"),
        "Project dup $ARGUMENTS\n",
    );
    write(
        home.path().join(".claude/commands/dup.md"),
        "User dup $ARGUMENTS\n",
    );
    let server = ScriptedServer::start(json!({"responses": [text("Done.")]}))
        .await
        .unwrap();
    let extra = json!({"permission_mode": "bypassPermissions"});
    let opts = options(&server.url(), ws.path(), home.path(), extra);
    let s = FrameSession::spawn(opts, &tokio::runtime::Handle::current()).unwrap();
    s.send(prompt("/dup z")).unwrap();
    turn(&s).await;
    let body = server.requests()[0].body.clone().unwrap();
    let content = body["messages"][0]["content"].as_array().unwrap().clone();
    assert_eq!(content.last().unwrap()["text"], "User dup z\n");
}

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

fn skill_call(id: &str, skill: &str, args: Option<&str>) -> Value {
    let mut input = json!({"skill": skill});
    if let Some(a) = args {
        input["args"] = json!(a);
    }
    json!({"content": [{"type": "tool_use", "id": id, "name": "Skill", "input": input}]})
}

/// The texts of the last request's last user message.
fn last_texts(server: &oxagent_testkit::ServerHandle) -> Vec<Value> {
    let body = server.requests().last().unwrap().body.clone().unwrap();
    let msgs = body["messages"].as_array().unwrap();
    msgs.last().unwrap()["content"].as_array().unwrap().clone()
}

/// fuzz-m/fm_pin_cmd_1_2_1, fm_pin_slash_cmd_then, fm_pin_clash_slash: the Skill tool runs
/// a command file; the very text given last is not repeated, other text is announced; a
/// skill wins a clash of names.
#[tokio::test]
async fn the_skill_tool_runs_command_files_and_gives_no_text_twice() {
    let (ws, home) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    write(
        ws.path().join(".claude/commands/fix.md"),
        "Fix issue $ARGUMENTS now.\n",
    );
    write(ws.path().join(".claude/commands/hello.md"), "Say hello.\n");
    write(
        ws.path().join(".claude/skills/hello/SKILL.md"),
        "---\nname: hello\ndescription: H\n---\nSKILL-HELLO $ARGUMENTS\n",
    );
    let script = json!({"responses": [skill_call("toolu_01", "fix", Some("1")),
        skill_call("toolu_02", "fix", Some("2")), skill_call("toolu_03", "/fix", Some("2")),
        text("Done."), text("Done.")]});
    let server = ScriptedServer::start(script).await.unwrap();
    let extra = json!({"permission_mode": "bypassPermissions", "setting_sources": ["project"]});
    let opts = options(&server.url(), ws.path(), home.path(), extra);
    let s = FrameSession::spawn(opts, &tokio::runtime::Handle::current()).unwrap();
    s.send(prompt("/fix 1")).unwrap();
    let frames = turn(&s).await;
    let results: Vec<&Value> = frames
        .iter()
        .filter(|f| f["type"] == "user" && f["tool_use_result"].is_object())
        .collect();
    assert_eq!(results.len(), 3);
    assert_eq!(
        results[0]["tool_use_result"],
        json!({"success": true, "commandName": "fix"})
    );
    let reqs = server.requests();
    let texts = |i: usize| -> Vec<String> {
        let body = reqs[i].body.clone().unwrap();
        let msgs = body["messages"].as_array().unwrap().clone();
        let last = msgs.last().unwrap()["content"].as_array().unwrap().clone();
        last.iter()
            .filter_map(|b| b["text"].as_str().map(str::to_string))
            .filter(|t| !t.starts_with("<system-reminder>"))
            .collect()
    };
    // /fix 1 gave "Fix issue 1 now."; fix 1 again is not repeated.
    assert_eq!(
        texts(1),
        ["Skill /fix is already loaded above; instructions unchanged. Arguments: 1"]
    );
    assert_eq!(texts(2)[1], "Fix issue 2 now.\n");
    assert!(texts(2)[0].starts_with("(Re-invocation of /fix"));
    assert_eq!(
        texts(3),
        ["Skill /fix is already loaded above; instructions unchanged. Arguments: 2"]
    );
    // The skill of a command's name is the one typed.
    s.send(prompt("/hello q")).unwrap();
    turn(&s).await;
    let typed = last_texts(&server);
    let body = typed.last().unwrap()["text"].as_str().unwrap();
    assert!(body.ends_with("SKILL-HELLO q\n"), "{body}");
}

/// fuzz-m/fm_pin_args_nl_one, fm_pin_mention_then_read: the words of the arguments end at
/// a line break; a prompt's `@path` attaches the file for the model.
#[tokio::test]
async fn argument_words_stop_at_a_line_break_and_mentions_attach_files() {
    let (ws, home) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    write(
        ws.path().join(".claude/commands/c.md"),
        "P0=$0|P1=$1|A=$ARGUMENTS\n",
    );
    write(ws.path().join("x.txt"), "data\n");
    let server = ScriptedServer::start(json!({"responses": [text("Done."), text("Done.")]}))
        .await
        .unwrap();
    let extra = json!({"permission_mode": "bypassPermissions", "setting_sources": ["project"]});
    let opts = options(&server.url(), ws.path(), home.path(), extra);
    let s = FrameSession::spawn(opts, &tokio::runtime::Handle::current()).unwrap();
    s.send(prompt("/c a\nb")).unwrap();
    turn(&s).await;
    let body = last_texts(&server);
    assert_eq!(body.last().unwrap()["text"], "P0=a|P1=$1|A=a\nb\n");
    s.send(prompt("Look at @x.txt please")).unwrap();
    turn(&s).await;
    let sent = last_texts(&server);
    let attached = sent
        .iter()
        .filter_map(|b| b["text"].as_str())
        .find(|t| t.contains("x.txt") && t.starts_with("<system-reminder>"))
        .expect("the mention's attachment");
    assert!(attached.contains("1\tdata\n2\t"), "{attached}");
    assert_eq!(sent.last().unwrap()["text"], "Look at @x.txt please");
}

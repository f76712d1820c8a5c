//! Settings files (`setting_sources`): rules, env, defaultMode and shell-command hooks, and
//! can_use_tool `updatedPermissions` written back to the file their destination names.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use futures::StreamExt;
use oxagent::{FrameSession, Options};
use oxagent_testkit::ScriptedServer;
use serde_json::{json, Value};

struct Env {
    _dir: tempfile::TempDir,
    ws: PathBuf,
    home: PathBuf,
}

fn scratch() -> Env {
    let dir = tempfile::tempdir().unwrap();
    let ws = dir.path().join("ws");
    let home = dir.path().join("home");
    std::fs::create_dir_all(ws.join(".claude")).unwrap();
    std::fs::create_dir_all(home.join(".claude")).unwrap();
    let ws = ws.canonicalize().unwrap();
    Env {
        _dir: dir,
        ws,
        home,
    }
}

fn write(path: PathBuf, v: Value) {
    std::fs::write(path, serde_json::to_string_pretty(&v).unwrap()).unwrap();
}

fn options(url: &str, env: &Env, extra: Value) -> Options {
    let mut o = json!({
        "cwd": env.ws.to_string_lossy(),
        "env": {"ANTHROPIC_BASE_URL": url, "ANTHROPIC_API_KEY": "sk-test",
                "HOME": env.home.to_string_lossy()},
    });
    if let (Value::Object(a), Value::Object(b)) = (&mut o, extra) {
        a.extend(b);
    }
    Options::from_json(&o).expect("valid options")
}

fn bash(id: &str, cmd: &str) -> Value {
    json!({"content": [{"type": "tool_use", "id": id, "name": "Bash",
        "input": {"command": cmd, "description": "run"}}]})
}

fn text(t: &str) -> Value {
    json!({"content": [{"type": "text", "text": t}]})
}

async fn run(script: Value, env: &Env, extra: Value) -> (Vec<Value>, Vec<Value>) {
    let server = ScriptedServer::start(json!({"responses": script}))
        .await
        .expect("server");
    let stream = oxagent::query("Go", options(&server.url(), env, extra));
    let messages: Vec<Value> = stream
        .map(|m| serde_json::to_value(m.expect("message")).unwrap())
        .collect()
        .await;
    let requests = server
        .requests()
        .into_iter()
        .filter(|r| r.path.starts_with("/v1/messages"))
        .filter_map(|r| r.body)
        .collect();
    (messages, requests)
}

fn tool_results(messages: &[Value]) -> Vec<String> {
    messages
        .iter()
        .filter(|m| m["type"] == "user")
        .map(|m| &m["message"]["content"][0])
        .filter(|b| b["type"] == "tool_result")
        .map(|b| b["content"].as_str().unwrap_or("").to_string())
        .collect()
}

#[tokio::test]
async fn rules_env_and_mode_come_from_the_selected_files() {
    let env = scratch();
    write(
        env.home.join(".claude/settings.json"),
        json!({"env": {"GREETING": "from-user"}}),
    );
    write(
        env.ws.join(".claude/settings.json"),
        json!({"permissions": {"allow": ["Bash(echo *)"], "deny": ["Bash(echo nope)"]}}),
    );
    write(
        env.ws.join(".claude/settings.local.json"),
        json!({"permissions": {"defaultMode": "dontAsk"}}),
    );
    // A variable in a command is asked about: the value is read with printenv, allowed.
    let printenv = json!(["Bash(printenv:*)"]);
    let script = json!([
        bash("t1", "printenv GREETING"),
        bash("t2", "echo nope"),
        bash("t3", "touch x"),
        text("done")
    ]);
    let (messages, _) = run(script.clone(), &env, json!({"allowed_tools": printenv})).await;
    let init = messages.iter().find(|m| m["subtype"] == "init").unwrap();
    assert_eq!(init["permissionMode"], "dontAsk");
    let results = tool_results(&messages);
    assert_eq!(results[0], "from-user");
    assert!(results[1].contains("denied"), "{}", results[1]);
    assert!(results[2].contains("denied") || results[2].contains("permission"));
    assert!(!env.ws.join("x").exists());

    // Only the user file: its env, but no deny rule and no dontAsk.
    let (messages, _) = run(
        script,
        &env,
        json!({"setting_sources": ["user"], "allowed_tools": printenv}),
    )
    .await;
    let init = messages.iter().find(|m| m["subtype"] == "init").unwrap();
    assert_eq!(init["permissionMode"], "default");
    let results = tool_results(&messages);
    assert_eq!(results[0], "from-user");
    assert_eq!(results[1], "nope");

    // None: not even the env.
    let script = json!([bash("t1", "printenv GREETING"), text("done")]);
    let (messages, _) = run(
        script,
        &env,
        json!({"setting_sources": [], "allowed_tools": printenv}),
    )
    .await;
    assert_eq!(tool_results(&messages)[0], "Exit code 1");
}

#[tokio::test]
async fn the_settings_option_applies_whatever_the_sources() {
    let env = scratch();
    let script = json!([
        bash("t1", "printenv FLAG"),
        bash("t2", "echo secret"),
        text("done")
    ]);
    let inline = json!({"env": {"FLAG": "inline"},
        "permissions": {"allow": ["Bash(echo *)"], "deny": ["Bash(echo secret)"]}});
    let (messages, _) = run(
        script.clone(),
        &env,
        json!({"setting_sources": [], "settings": inline.to_string(),
            "allowed_tools": ["Bash(printenv:*)"]}),
    )
    .await;
    let results = tool_results(&messages);
    assert_eq!(results[0], "inline");
    assert_eq!(
        results[1],
        "Permission to use Bash with command echo secret has been denied."
    );

    // A file, relative to the cwd, over a project file that says otherwise.
    write(
        env.ws.join(".claude/settings.json"),
        json!({"env": {"FLAG": "project"}}),
    );
    write(env.ws.join("flags.json"), json!({"env": {"FLAG": "file"}}));
    let (messages, _) = run(
        script,
        &env,
        json!({"settings": "flags.json", "allowed_tools": ["Bash(printenv:*)"]}),
    )
    .await;
    assert_eq!(tool_results(&messages)[0], "file");
}

#[tokio::test]
async fn command_hooks_read_stdin_and_answer_by_exit_code() {
    let env = scratch();
    let log = env.ws.join("hook.log");
    let log_cmd = format!("cat >> {} && echo >> {}", log.display(), log.display());
    write(
        env.ws.join(".claude/settings.json"),
        json!({"permissions": {"allow": ["Bash"]}, "hooks": {
            "UserPromptSubmit": [{"hooks": [{"type": "command", "command": "echo remember-42"}]}],
            "PreToolUse": [
                {"matcher": "Bash", "hooks": [{"type": "command", "command": log_cmd}]},
                {"matcher": "Bash", "hooks": [{"type": "command",
                    "command": "grep -q forbidden && { echo 'no forbidden words' >&2; exit 2; }; exit 0"}]}],
            "PostToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": log_cmd}]}],
            "Stop": [{"hooks": [{"type": "command", "command": "exit 1"}]}]
        }}),
    );
    let script = json!([
        bash("t1", "echo forbidden"),
        bash("t2", "echo fine"),
        text("done")
    ]);
    let (messages, requests) = run(script, &env, json!({})).await;
    let results = tool_results(&messages);
    assert!(results[0].contains("no forbidden words"), "{}", results[0]);
    assert_eq!(results[1], "fine");
    assert_eq!(messages.last().unwrap()["subtype"], "success");

    // UserPromptSubmit: plain stdout is context the model reads.
    assert!(requests[0].to_string().contains("remember-42"));

    // The hook inputs, in order: PreToolUse (denied call), PreToolUse, PostToolUse.
    let logged: Vec<Value> = std::fs::read_to_string(&log)
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let events: Vec<&str> = logged
        .iter()
        .map(|v| v["hook_event_name"].as_str().unwrap())
        .collect();
    assert_eq!(events, ["PreToolUse", "PreToolUse", "PostToolUse"]);
    assert_eq!(logged[1]["tool_name"], "Bash");
    assert_eq!(logged[1]["tool_input"]["command"], "echo fine");
    assert_eq!(logged[1]["cwd"], env.ws.to_string_lossy().as_ref());
    assert!(logged[2].get("tool_response").is_some());
}

#[tokio::test]
async fn a_slow_command_hook_times_out_without_hanging() {
    let env = scratch();
    write(
        env.ws.join(".claude/settings.json"),
        json!({"permissions": {"allow": ["Bash"]}, "hooks": {"PreToolUse": [{"matcher": "Bash",
            "hooks": [{"type": "command", "command": "sleep 30", "timeout": 1}]}]}}),
    );
    let started = std::time::Instant::now();
    let script = json!([bash("t1", "echo ran"), text("done")]);
    let (messages, _) = run(script, &env, json!({})).await;
    assert!(started.elapsed().as_secs() < 20);
    assert_eq!(tool_results(&messages)[0], "ran");
}

fn read(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[tokio::test]
async fn updated_permissions_are_written_to_their_settings_file() {
    let env = scratch();
    let server =
        ScriptedServer::start(json!({"responses": [bash("t1", "touch one"), text("done")]}))
            .await
            .unwrap();
    let mut opts = options(&server.url(), &env, json!({}));
    opts.can_use_tool = true;
    let handle = FrameSession::spawn(opts, &tokio::runtime::Handle::current()).unwrap();
    handle
        .send(json!({"type": "user", "message": {"role": "user", "content": "Go"}}))
        .unwrap();
    handle.end_input();
    let mut seen = Vec::new();
    while let Some(frame) = handle.recv().await {
        seen.push(frame.clone());
        if frame["type"] == "control_request" {
            let request = &frame["request"];
            assert_eq!(request["subtype"], "can_use_tool", "{frame}");
            let answer = json!({"behavior": "allow", "updatedInput": request["input"],
                "updatedPermissions": [
                    {"type": "addRules", "behavior": "allow", "destination": "localSettings",
                     "rules": [{"toolName": "Bash", "ruleContent": "touch one"}]},
                    {"type": "addRules", "behavior": "deny", "destination": "projectSettings",
                     "rules": [{"toolName": "WebFetch"}]},
                    {"type": "setMode", "mode": "acceptEdits", "destination": "userSettings"}]});
            handle
                .send(
                    json!({"type": "control_response", "response": {"subtype": "success",
                    "request_id": frame["request_id"], "response": answer}}),
                )
                .unwrap();
        }
    }
    let local = read(&env.ws.join(".claude/settings.local.json"));
    assert_eq!(local["permissions"]["allow"], json!(["Bash(touch one)"]));
    assert!(env.ws.join("one").exists());
    let project = read(&env.ws.join(".claude/settings.json"));
    assert_eq!(project["permissions"]["deny"], json!(["WebFetch"]));
    let user = read(&env.home.join(".claude/settings.json"));
    assert_eq!(user["permissions"]["defaultMode"], "acceptEdits");
    // The mode the answer set is announced once, between the request and the tool's result.
    let at = |f: &dyn Fn(&Value) -> bool| seen.iter().position(f).unwrap();
    let statuses: Vec<&Value> = seen.iter().filter(|v| v["subtype"] == "status").collect();
    assert_eq!(statuses.len(), 1, "{seen:#?}");
    assert_eq!(statuses[0]["permissionMode"], "acceptEdits");
    assert_eq!(statuses[0]["status"], Value::Null);
    let status_at = at(&|v| v["subtype"] == "status");
    assert!(at(&|v| v["type"] == "control_request") < status_at);
    assert!(status_at < at(&|v| v["type"] == "user" && !v["tool_use_result"].is_null()));
}

#[tokio::test]
async fn a_can_use_tool_that_fails_refuses_the_call_with_its_error() {
    let env = scratch();
    let server =
        ScriptedServer::start(json!({"responses": [bash("t1", "touch one"), text("done")]}))
            .await
            .unwrap();
    let mut opts = options(&server.url(), &env, json!({}));
    opts.can_use_tool = true;
    let handle = FrameSession::spawn(opts, &tokio::runtime::Handle::current()).unwrap();
    handle
        .send(json!({"type": "user", "message": {"role": "user", "content": "Go"}}))
        .unwrap();
    handle.end_input();
    let mut messages = Vec::new();
    while let Some(frame) = handle.recv().await {
        if frame["type"] == "control_request" {
            // What the SDK sends when the callback raised.
            handle
                .send(
                    json!({"type": "control_response", "response": {"subtype": "error",
                    "request_id": frame["request_id"], "error": "the approval service is down"}}),
                )
                .unwrap();
        } else {
            messages.push(frame);
        }
    }
    assert_eq!(
        tool_results(&messages),
        ["Tool permission request failed: Error: the approval service is down"]
    );
    assert!(!env.ws.join("one").exists());
    assert_eq!(messages.last().unwrap()["result"], "done");
}

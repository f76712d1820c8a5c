//! Requests a host sends its session while it runs (`set_max_thinking_tokens`, `read_file`,
//! `seed_read_state`, `background_tasks`, `initialize`'s models), answered by the runtime
//! against the scripted server.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use oxagent::protocol::{Event, HostReply, HostRequest, Op};
use oxagent::{Options, SessionRuntime};
use oxagent_core::UserContent;
use oxagent_testkit::ScriptedServer;
use serde_json::{json, Value};

fn options(url: &str, dir: &std::path::Path) -> Options {
    Options::from_json(&json!({
        "cwd": dir.to_string_lossy(),
        "setting_sources": [],
        "permission_mode": "bypassPermissions",
        "env": {"ANTHROPIC_BASE_URL": url, "ANTHROPIC_API_KEY": "sk-test",
                "HOME": dir.to_string_lossy()},
    }))
    .unwrap()
}

/// Reads events until the turn's result; the texts of the tool results on the way.
async fn until_result(events: &mut oxagent::Events) -> Vec<Value> {
    let mut results = Vec::new();
    while let Some(event) = events.next().await {
        if let Event::Message(m) = event {
            let v = serde_json::to_value(&m).unwrap();
            if v["type"] == "user" && !v["tool_use_result"].is_null() {
                results.push(v["tool_use_result"].clone());
            }
            if v["type"] == "result" {
                break;
            }
        }
    }
    results
}

fn body(reply: HostReply) -> Value {
    reply.to_body()
}

#[tokio::test]
async fn thinking_set_mid_session_goes_to_the_next_requests() {
    let dir = tempfile::tempdir().unwrap();
    let text = |t: &str| json!({"content": [{"type": "text", "text": t}]});
    let server =
        ScriptedServer::start(json!({"responses": [text("one"), text("two"), text("three")]}))
            .await
            .unwrap();
    let rt = tokio::runtime::Handle::current();
    // A model that thinks with a budget (the current ones think adaptively whatever is set).
    let mut opts = options(&server.url(), dir.path());
    opts.model = Some("claude-sonnet-4-5".into());
    let (session, mut events) = SessionRuntime::spawn(opts, &rt).unwrap();
    session
        .submit(Op::Prompt(UserContent::Text("first".into())))
        .unwrap();
    until_result(&mut events).await;
    let set = |n: Option<u64>| HostRequest::SetMaxThinkingTokens {
        max_thinking_tokens: n,
        thinking_display: None,
    };
    assert_eq!(
        session.host_request(set(Some(2048))).unwrap(),
        HostReply::Done
    );
    session
        .submit(Op::Prompt(UserContent::Text("second".into())))
        .unwrap();
    until_result(&mut events).await;
    session.host_request(set(None)).unwrap();
    session
        .submit(Op::Prompt(UserContent::Text("third".into())))
        .unwrap();
    until_result(&mut events).await;
    let thinking: Vec<Value> = server
        .requests()
        .iter()
        .map(|r| r.body.as_ref().unwrap()["thinking"].clone())
        .collect();
    assert_eq!(
        thinking[1],
        json!({"type": "enabled", "budget_tokens": 2048, "display": "updates"})
    );
    assert_eq!(thinking[2], thinking[0]);
    session.close();
}

#[tokio::test]
async fn files_and_models_are_answered_at_once() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.txt"), "hello\n").unwrap();
    let server = ScriptedServer::start(json!({"responses": []}))
        .await
        .unwrap();
    let rt = tokio::runtime::Handle::current();
    let (session, _events) =
        SessionRuntime::spawn(options(&server.url(), dir.path()), &rt).unwrap();
    let read = |path: &str| HostRequest::ReadFile {
        path: path.into(),
        max_bytes: None,
        encoding: None,
    };
    let got = body(session.host_request(read("a.txt")).unwrap());
    assert_eq!(got["contents"], "hello\n");
    assert_eq!(got["requested_path"], "a.txt");
    assert_eq!(
        session.host_request(read("/etc/hostname")).unwrap_err(),
        "read denied: /etc/hostname"
    );
    // Nothing runs in the foreground: a named call matches nothing, none named is fine.
    let bg = |id: Option<&str>| HostRequest::BackgroundTasks {
        tool_use_id: id.map(str::to_string),
    };
    assert_eq!(
        body(session.host_request(bg(Some("toolu_x"))).unwrap()),
        json!({"backgrounded": false})
    );
    assert_eq!(session.host_request(bg(None)).unwrap(), HostReply::Done);
    let info = session.server_info();
    assert_eq!(info.models[0]["value"], "default");
    assert_eq!(info.commands[0].builtin, Some(true));
    session.close();
}

#[tokio::test]
async fn a_foreground_command_moves_to_the_background_on_request() {
    let dir = tempfile::tempdir().unwrap();
    let server = ScriptedServer::start(json!({"responses": [
        {"content": [{"type": "tool_use", "id": "toolu_1", "name": "Bash",
            "input": {"command": "sleep 3; echo late", "description": "wait"}}]},
        {"content": [{"type": "text", "text": "moved on"}]},
        {"content": [{"type": "text", "text": "noted"}]},
    ]}))
    .await
    .unwrap();
    let rt = tokio::runtime::Handle::current();
    let (session, mut events) =
        SessionRuntime::spawn(options(&server.url(), dir.path()), &rt).unwrap();
    session
        .submit(Op::Prompt(UserContent::Text("run".into())))
        .unwrap();
    let mover = session.clone();
    tokio::spawn(async move {
        tokio::time::sleep(std::time::Duration::from_millis(700)).await;
        let moved = mover.host_request(HostRequest::BackgroundTasks {
            tool_use_id: Some("toolu_1".into()),
        });
        assert_eq!(moved.unwrap().to_body(), json!({"backgrounded": true}));
    });
    let started = std::time::Instant::now();
    let results = until_result(&mut events).await;
    assert!(started.elapsed() < std::time::Duration::from_millis(2500));
    assert!(results[0]["backgroundTaskId"].is_string(), "{results:?}");
    assert_eq!(results[0]["stdout"], "");
    session.close();
}

/// The messages up to the turn's result, as JSON.
async fn messages_until_result(events: &mut oxagent::Events) -> Vec<Value> {
    let mut out = Vec::new();
    while let Some(event) = events.next().await {
        if let Event::Message(m) = event {
            let v = serde_json::to_value(&m).unwrap();
            let done = v["type"] == "result";
            out.push(v);
            if done {
                break;
            }
        }
    }
    out
}

#[tokio::test]
async fn mode_and_model_changes_between_prompts_are_announced_and_recorded() {
    let dir = tempfile::tempdir().unwrap();
    let text = |t: &str| json!({"content": [{"type": "text", "text": t}]});
    let server = ScriptedServer::start(json!({"responses": [text("one"), text("two")]}))
        .await
        .unwrap();
    let rt = tokio::runtime::Handle::current();
    let mut opts = options(&server.url(), dir.path());
    opts.permission_mode = None;
    let (session, mut events) = SessionRuntime::spawn(opts, &rt).unwrap();
    session
        .submit(Op::Prompt(UserContent::Text("first".into())))
        .unwrap();
    messages_until_result(&mut events).await;
    // The mode in force again: nothing to announce. A new mode: a `status` message.
    session
        .submit(Op::SetPermissionMode(oxagent_core::PermissionMode::Default))
        .unwrap();
    session
        .submit(Op::SetPermissionMode(
            oxagent_core::PermissionMode::AcceptEdits,
        ))
        .unwrap();
    // A model change answers as the `/model` command does; `None` names the session's own.
    session
        .submit(Op::SetModel(Some("claude-sonnet-4-5".into())))
        .unwrap();
    session.submit(Op::SetModel(None)).unwrap();
    session
        .submit(Op::Prompt(UserContent::Text("second".into())))
        .unwrap();
    let seen = messages_until_result(&mut events).await;
    let before_init: Vec<&Value> = seen.iter().take_while(|m| m["subtype"] != "init").collect();
    assert_eq!(before_init.len(), 3, "{before_init:#?}");
    assert_eq!(before_init[0]["subtype"], "status");
    assert_eq!(before_init[0]["status"], Value::Null);
    assert_eq!(before_init[0]["permissionMode"], "acceptEdits");
    let default_model = server.requests()[0].body.as_ref().unwrap()["model"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(
        before_init[1]["message"]["content"],
        "<local-command-stdout>Set model to `claude-sonnet-4-5`</local-command-stdout>"
    );
    assert_eq!(
        before_init[2]["message"]["content"],
        format!("<local-command-stdout>Set model to `{default_model}`</local-command-stdout>")
    );
    // The model reads both commands' records in front of the second prompt, once.
    let requests = server.requests();
    let body = requests.last().unwrap().body.as_ref().unwrap();
    let last = body["messages"].as_array().unwrap().last().unwrap().clone();
    let texts: Vec<String> = last["content"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|b| b["text"].as_str().map(str::to_string))
        .collect();
    let args: Vec<&String> = texts
        .iter()
        .filter(|t| t.starts_with("<command-name>/model</command-name>"))
        .collect();
    assert_eq!(args.len(), 2, "{texts:#?}");
    assert!(args[0].contains("<command-args>claude-sonnet-4-5</command-args>"));
    assert!(args[1].contains("<command-args>default</command-args>"));
    let stdout_at = texts
        .iter()
        .position(|t| {
            t == &format!(
                "<local-command-stdout>Set model to `{default_model}`</local-command-stdout>\n"
            )
        })
        .unwrap();
    assert_eq!(texts.last().unwrap(), "second");
    assert!(stdout_at < texts.len() - 1);
    assert_eq!(body["model"], default_model.as_str());
    session.close();
}

#[tokio::test]
async fn an_answer_interrupted_while_it_streams_counts_its_notice_as_a_turn() {
    let dir = tempfile::tempdir().unwrap();
    let slow = |m: &str| json!({"match": m, "delay_ms": 3000, "content": [{"type": "text", "text": "slow"}]});
    let read = json!({"match": "then", "content": [{"type": "tool_use", "id": "toolu_1", "name": "Read",
                      "input": {"file_path": dir.path().join("a.txt").to_string_lossy()}}]});
    std::fs::write(dir.path().join("a.txt"), "alpha\n").unwrap();
    let server = ScriptedServer::start(json!({"responses": [slow("first"), read, slow("alpha")]}))
        .await
        .unwrap();
    let rt = tokio::runtime::Handle::current();
    let (session, mut events) =
        SessionRuntime::spawn(options(&server.url(), dir.path()), &rt).unwrap();
    // Interrupted in the first answer, and in the answer after a tool round.
    let mut turns = Vec::new();
    for prompt in ["first", "read, then"] {
        session
            .submit(Op::Prompt(UserContent::Text(prompt.into())))
            .unwrap();
        let mut seen_tool_result = false;
        while let Some(event) = events.next().await {
            let Event::Message(m) = event else { continue };
            let v = serde_json::to_value(&m).unwrap();
            let tool_result = v["type"] == "user" && !v["tool_use_result"].is_null();
            seen_tool_result |= tool_result;
            let waiting = if prompt == "first" {
                v["subtype"] == "init"
            } else {
                tool_result
            };
            if waiting {
                tokio::time::sleep(std::time::Duration::from_millis(300)).await;
                session.submit(Op::Interrupt).unwrap();
            }
            if v["type"] == "result" {
                assert_eq!(v["terminal_reason"], "aborted_streaming", "{v}");
                turns.push(v["num_turns"].as_i64().unwrap());
                break;
            }
        }
        assert_eq!(seen_tool_result, prompt != "first");
    }
    assert_eq!(turns, [2, 3]);
    session.close();
}

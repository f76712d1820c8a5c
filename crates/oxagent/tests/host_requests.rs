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

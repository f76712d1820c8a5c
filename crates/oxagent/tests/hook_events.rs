//! Hook events in the reference's order with their documented input fields, and the
//! PermissionRequest hook answering a permission prompt.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use futures::StreamExt;
use oxagent::{Callbacks, HookCallback, HookInput, HookMatcherFns, HookOutput, Options};
use oxagent_testkit::ScriptedServer;
use serde_json::{json, Value};

fn bash(id: &str, cmd: &str) -> Value {
    json!({"content": [{"type": "tool_use", "id": id, "name": "Bash",
        "input": {"command": cmd, "description": "run"}}]})
}

fn text(t: &str) -> Value {
    json!({"content": [{"type": "text", "text": t}]})
}

type Log = Arc<Mutex<Vec<Value>>>;

/// A callback that records its input and answers `answer(input)`.
fn recorder(log: &Log, answer: fn(&Value) -> Value) -> HookCallback {
    let log = log.clone();
    Arc::new(move |input: HookInput, _id: Option<String>| {
        let input = serde_json::to_value(input).unwrap();
        let out = HookOutput::from_value(answer(&input)).unwrap();
        log.lock().unwrap().push(input);
        Box::pin(async move { out })
    })
}

async fn run(script: Value, hooks: BTreeMap<String, Vec<HookMatcherFns>>) -> Vec<Value> {
    let dir = tempfile::tempdir().unwrap();
    let server = ScriptedServer::start(json!({"responses": script}))
        .await
        .unwrap();
    let options = Options::from_json(&json!({
        "cwd": dir.path().to_string_lossy(),
        "setting_sources": [],
        "env": {"ANTHROPIC_BASE_URL": server.url(), "ANTHROPIC_API_KEY": "sk-test"},
    }))
    .unwrap();
    let callbacks = Callbacks {
        hooks,
        ..Default::default()
    };
    oxagent::query_with("Go", options, callbacks)
        .map(|m| serde_json::to_value(m.unwrap()).unwrap())
        .collect()
        .await
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

fn every(
    events: &[&str],
    log: &Log,
    answer: fn(&Value) -> Value,
) -> BTreeMap<String, Vec<HookMatcherFns>> {
    events
        .iter()
        .map(|e| {
            let m = HookMatcherFns {
                matcher: None,
                hooks: vec![recorder(log, answer)],
            };
            (e.to_string(), vec![m])
        })
        .collect()
}

fn allow_prompts(input: &Value) -> Value {
    if input["hook_event_name"] == "PermissionRequest" {
        json!({"hookSpecificOutput": {"hookEventName": "PermissionRequest",
            "decision": {"behavior": "allow"}}})
    } else {
        json!({})
    }
}

#[tokio::test]
async fn events_fire_in_order_with_their_fields() {
    let log: Log = Arc::default();
    let events = [
        "UserPromptSubmit",
        "PreToolUse",
        "PermissionRequest",
        "PostToolUse",
        "PostToolUseFailure",
        "Stop",
    ];
    let script = json!([
        bash("t1", "touch a"),
        bash("t2", "touch b; exit 2"),
        text("done")
    ]);
    let messages = run(script, every(&events, &log, allow_prompts)).await;
    assert_eq!(messages.last().unwrap()["subtype"], "success");
    let log = log.lock().unwrap().clone();
    let fired: Vec<&str> = log
        .iter()
        .map(|i| i["hook_event_name"].as_str().unwrap())
        .collect();
    assert_eq!(
        fired,
        [
            "UserPromptSubmit",
            "PreToolUse",
            "PermissionRequest",
            "PostToolUse",
            "PreToolUse",
            "PermissionRequest",
            "PostToolUseFailure",
            "Stop"
        ]
    );
    for input in &log {
        assert!(input["session_id"].is_string(), "{input}");
        assert!(input["cwd"].is_string(), "{input}");
        assert_eq!(input["permission_mode"], "default");
    }
    assert_eq!(log[0]["prompt"], "Go");
    let request = &log[2];
    assert_eq!(request["tool_name"], "Bash");
    assert_eq!(request["tool_input"]["command"], "touch a");
    assert!(request["permission_suggestions"].is_array(), "{request}");
    assert!(log[3].get("tool_response").is_some());
    // How long each call ran, as the reference tells PostToolUse and PostToolUseFailure.
    assert!(log[3]["duration_ms"].is_u64(), "{}", log[3]);
    assert!(log[6]["duration_ms"].is_u64(), "{}", log[6]);
    assert_eq!(log[6]["error"], "Exit code 2");
    assert_eq!(log[6]["is_interrupt"], false);
    assert_eq!(log[7]["stop_hook_active"], false);
    assert_eq!(log[7]["last_assistant_message"], "done");
}

#[tokio::test]
async fn a_permission_request_hook_can_deny() {
    let log: Log = Arc::default();
    let deny = |input: &Value| -> Value {
        let _ = input;
        json!({"hookSpecificOutput": {"hookEventName": "PermissionRequest",
            "decision": {"behavior": "deny", "message": "not today"}}})
    };
    let hooks = every(&["PermissionRequest"], &log, deny);
    let messages = run(json!([bash("t1", "touch a"), text("done")]), hooks).await;
    assert_eq!(tool_results(&messages), ["not today"]);
    let result = messages.last().unwrap();
    assert_eq!(result["permission_denials"][0]["tool_name"], "Bash");
}

#[tokio::test]
async fn without_a_permission_request_answer_the_prompt_is_denied() {
    let log: Log = Arc::default();
    let hooks = every(&["PermissionRequest"], &log, |_| json!({}));
    let messages = run(json!([bash("t1", "touch a"), text("done")]), hooks).await;
    assert_eq!(log.lock().unwrap().len(), 1);
    let denied = &tool_results(&messages)[0];
    assert!(denied.contains("needs approval"), "{denied}");
}

/// turns_pre_stop_*: a PreToolUse `continue: false` lets the call run; the turn ends after
/// the round, before the next request.
#[tokio::test]
async fn a_pre_tool_use_stop_ends_the_turn_after_the_call() {
    let log = Log::default();
    let hooks = every(
        &["PreToolUse"],
        &log,
        |_| json!({"continue": false, "stopReason": "enough"}),
    );
    let messages = run(
        vec![bash("toolu_01", "echo ran"), text("never")].into(),
        hooks,
    )
    .await;
    assert_eq!(tool_results(&messages), ["ran"]);
    let result = messages.last().unwrap();
    assert_eq!(
        (&result["terminal_reason"], &result["num_turns"]),
        (&json!("hook_stopped"), &json!(2))
    );
    assert!(!messages
        .iter()
        .any(|m| m["message"]["content"][0]["text"] == "never"));
}

/// turns_postfail_stop: a PostToolUseFailure `continue: false` does not end the turn.
#[tokio::test]
async fn a_post_tool_use_failure_stop_is_not_followed() {
    let log = Log::default();
    let hooks = every(
        &["PostToolUseFailure"],
        &log,
        |_| json!({"continue": false, "stopReason": "enough"}),
    );
    let read = json!({"content": [{"type": "tool_use", "id": "toolu_01", "name": "Read",
        "input": {"file_path": "missing.txt"}}]});
    let messages = run(vec![read, text("Went on.")].into(), hooks).await;
    assert_eq!(log.lock().unwrap().len(), 1);
    let result = messages.last().unwrap();
    assert_eq!(
        (&result["terminal_reason"], &result["result"]),
        (&json!("completed"), &json!("Went on."))
    );
}

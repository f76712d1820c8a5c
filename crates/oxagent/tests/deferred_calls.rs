//! A PreToolUse hook that defers a call (`permissionDecision: "defer"`): the turn ends with
//! the call in `deferred_tool_use` and does not run it; a later prompt of the same session
//! goes with a stand-in result for it, as the reference sends it. (The resume that takes the
//! call up is checked by `tests/conformance/defer`.)

#![allow(clippy::unwrap_used, clippy::expect_used)]

use oxagent::core::config::HookMatcher;
use oxagent::{FrameSession, Options};
use oxagent_testkit::ScriptedServer;
use serde_json::{json, Value};

#[tokio::test]
async fn a_deferred_call_ends_the_turn_and_the_next_prompt_settles_it() {
    let dir = tempfile::tempdir().unwrap();
    let ws = dir.path();
    let server = ScriptedServer::start(json!({"responses": [
        {"content": [
            {"type": "tool_use", "id": "toolu_b1", "name": "Bash", "input": {"command": "touch MARKER"}},
            {"type": "tool_use", "id": "toolu_r1", "name": "Read",
             "input": {"file_path": ws.join("a.txt").to_string_lossy()}}]},
        {"content": [{"type": "text", "text": "Understood."}]}]}))
    .await
    .unwrap();
    std::fs::write(ws.join("a.txt"), "alpha\n").unwrap();
    let mut options = Options::from_json(&json!({
        "cwd": ws.to_string_lossy(),
        "permission_mode": "bypassPermissions",
        "setting_sources": [],
        "env": {"ANTHROPIC_BASE_URL": server.url(), "ANTHROPIC_API_KEY": "sk-test"},
    }))
    .unwrap();
    options.hooks.insert(
        "PreToolUse".into(),
        vec![HookMatcher {
            matcher: Some("Bash".into()),
            callback_ids: vec!["review".into()],
            timeout: None,
            on_failure: None,
            from_settings: false,
        }],
    );
    let session = FrameSession::spawn(options, &tokio::runtime::Handle::current()).unwrap();
    let prompt = |text: &str| json!({"type": "user", "message": {"role": "user", "content": text}});
    session.send(prompt("Run it")).unwrap();
    let mut results: Vec<Value> = Vec::new();
    let mut tool_results: Vec<Value> = Vec::new();
    while let Some(f) = session.recv().await {
        match f["type"].as_str() {
            Some("control_request") if f["request"]["subtype"] == "hook_callback" => {
                let defer = json!({"hookSpecificOutput": {"hookEventName": "PreToolUse",
                    "permissionDecision": "defer", "permissionDecisionReason": "review"}});
                session
                    .send(json!({"type": "control_response", "response": {
                        "subtype": "success", "request_id": f["request_id"], "response": defer}}))
                    .unwrap();
            }
            Some("user") if f["message"]["content"][0]["type"] == "tool_result" => {
                tool_results.push(f["message"]["content"][0].clone());
            }
            Some("result") => {
                results.push(f);
                if results.len() == 1 {
                    session.send(prompt("Never mind.")).unwrap();
                    session.end_input();
                }
            }
            _ => {}
        }
    }
    assert!(!ws.join("MARKER").exists(), "the deferred call ran");
    let first = &results[0];
    assert_eq!(first["subtype"], "success");
    assert_eq!(first["stop_reason"], "tool_deferred");
    assert_eq!(first["terminal_reason"], "tool_deferred");
    assert_eq!(first["result"], "");
    assert_eq!(first["num_turns"], 2, "one request, one result of the Read");
    assert!(first.get("api_error_status").is_none());
    assert_eq!(
        first["deferred_tool_use"],
        json!({"id": "toolu_b1", "name": "Bash", "input": {"command": "touch MARKER"}})
    );
    // Only the Read reported.
    let ids: Vec<&Value> = tool_results.iter().map(|r| &r["tool_use_id"]).collect();
    assert_eq!(ids, vec!["toolu_r1"]);
    assert_eq!(results[1]["result"], "Understood.");
    assert!(results[1].get("deferred_tool_use").is_none());
    // The second request: the stand-in result first, then the Read's, then the prompt.
    let requests = server.requests();
    let body = requests[1].body.as_ref().unwrap();
    let last = body["messages"].as_array().unwrap().last().unwrap().clone();
    let content = last["content"].as_array().unwrap();
    assert_eq!(content[0]["tool_use_id"], "toolu_b1");
    assert_eq!(
        content[0]["content"],
        "[Tool result missing due to internal error]"
    );
    assert_eq!(content[0]["is_error"], true);
    assert_eq!(content[1]["tool_use_id"], "toolu_r1");
    assert_eq!(content.last().unwrap()["text"], "Never mind.");
}

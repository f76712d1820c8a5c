//! Where the reference fails closed, so do we: a PreToolUse callback that does not answer
//! in time, and a can_use_tool "allow" whose input is not an object, keep the call from
//! running. Driven through the frame session the Python and Node faces use.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;

use oxagent::core::config::HookMatcher;
use oxagent::{FrameSession, Options};
use oxagent_testkit::ScriptedServer;
use serde_json::{json, Value};

fn touch_marker() -> Value {
    json!({"content": [{"type": "tool_use", "id": "toolu_01", "name": "Bash",
        "input": {"command": "touch MARKER"}}]})
}

fn options(url: &str, ws: &Path, mode: &str) -> Options {
    Options::from_json(&json!({
        "cwd": ws.to_string_lossy(),
        "permission_mode": mode,
        "setting_sources": [],
        "env": {"ANTHROPIC_BASE_URL": url, "ANTHROPIC_API_KEY": "sk-test"},
    }))
    .unwrap()
}

/// Runs the session, answering each control request with `answer` (`None`: never), and
/// returns the tool result block and the result frame.
async fn run(options: Options, answer: impl Fn(&Value) -> Option<Value>) -> (Value, Value) {
    let session = FrameSession::spawn(options, &tokio::runtime::Handle::current()).unwrap();
    session
        .send(json!({"type": "user", "message": {"role": "user", "content": "Go"}}))
        .unwrap();
    session.end_input();
    let (mut tool_result, mut result) = (Value::Null, Value::Null);
    while let Some(f) = session.recv().await {
        match f["type"].as_str() {
            Some("control_request") => {
                if let Some(reply) = answer(&f["request"]) {
                    session
                        .send(json!({"type": "control_response", "response": {
                            "subtype": "success", "request_id": f["request_id"],
                            "response": reply}}))
                        .unwrap();
                }
            }
            Some("user") if f["message"]["content"][0]["type"] == "tool_result" => {
                tool_result = f["message"]["content"][0].clone();
            }
            Some("result") => result = f,
            _ => {}
        }
    }
    (tool_result, result)
}

/// A PreToolUse callback that never answers: past its matcher's timeout the call is not
/// run, and its result says why.
#[tokio::test]
async fn a_pre_tool_use_hook_that_times_out_stops_the_call() {
    let dir = tempfile::tempdir().unwrap();
    let server = ScriptedServer::start(json!({"responses": [touch_marker(),
        {"content": [{"type": "text", "text": "Done."}]}]}))
    .await
    .unwrap();
    let mut options = options(&server.url(), dir.path(), "bypassPermissions");
    options.hooks.insert(
        "PreToolUse".into(),
        vec![HookMatcher {
            matcher: Some("Bash".into()),
            callback_ids: vec!["slow".into()],
            timeout: Some(0.2),
            on_failure: None,
            from_settings: false,
        }],
    );
    let (tool_result, result) = run(options, |_| None).await;
    assert!(!dir.path().join("MARKER").exists(), "the tool ran");
    assert_eq!(
        tool_result["content"],
        "PreToolUse hook did not respond before its timeout (host client may be unreachable). \
         The tool call was not executed; other configured hooks may not have completed."
    );
    assert_eq!(tool_result["is_error"], true);
    assert_eq!(result["permission_denials"], json!([]));
}

/// can_use_tool allows with an `updatedInput` that is not an object: the call is denied
/// with the reference's text, never run with the model's input.
#[tokio::test]
async fn an_allow_with_a_malformed_input_is_a_denial() {
    for bad in [json!("notadict"), json!(["a"]), json!(3)] {
        let dir = tempfile::tempdir().unwrap();
        let server = ScriptedServer::start(json!({"responses": [touch_marker(),
            {"content": [{"type": "text", "text": "Done."}]}]}))
        .await
        .unwrap();
        let mut options = options(&server.url(), dir.path(), "default");
        options.can_use_tool = true;
        let (tool_result, result) = run(options, |req| {
            (req["subtype"] == "can_use_tool")
                .then(|| json!({"behavior": "allow", "updatedInput": bad.clone()}))
        })
        .await;
        assert!(!dir.path().join("MARKER").exists(), "{bad}: the tool ran");
        assert_eq!(
            tool_result["content"],
            "The canUseTool callback returned an invalid permission result. Expected \
             {behavior: 'allow', updatedInput?: object} or {behavior: 'deny', message: string}. \
             updatedPermissions may hold at most 4096 updates, rules and directories in all.",
            "{bad}"
        );
        assert_eq!(
            result["permission_denials"][0]["tool_input"],
            json!({"command": "touch MARKER"})
        );
    }
}

/// A prompt larger than the model's whole context window, which no compaction can shrink, is
/// refused before any request: "Prompt is too long", as an error result.
#[tokio::test]
async fn a_prompt_beyond_the_window_is_refused_locally() {
    let dir = tempfile::tempdir().unwrap();
    let server = ScriptedServer::start(json!({"responses": [
        {"content": [{"type": "text", "text": "never"}]}]}))
    .await
    .unwrap();
    let session = FrameSession::spawn(
        options(&server.url(), dir.path(), "default"),
        &tokio::runtime::Handle::current(),
    )
    .unwrap();
    let prompt = "x ".repeat(5 * 1024 * 1024);
    session
        .send(json!({"type": "user", "message": {"role": "user", "content": prompt}}))
        .unwrap();
    session.end_input();
    let mut frames = Vec::new();
    while let Some(f) = session.recv().await {
        frames.push(f);
    }
    let result = frames.last().unwrap();
    assert_eq!(
        (&result["type"], &result["is_error"], &result["result"]),
        (&json!("result"), &json!(true), &json!("Prompt is too long"))
    );
    assert!(frames
        .iter()
        .any(|f| f["type"] == "assistant"
            && f["message"]["content"][0]["text"] == "Prompt is too long"));
    let main_requests = server
        .requests()
        .iter()
        .filter(|r| {
            r.body
                .as_ref()
                .is_some_and(|b| !oxagent_testkit::is_side_request(b))
        })
        .count();
    assert_eq!(main_requests, 0, "the prompt was sent");
}

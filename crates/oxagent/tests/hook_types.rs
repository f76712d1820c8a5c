//! Settings hooks that are not shell commands, as the reference runs them (probed):
//! `type: "http"` against a real HTTP server on 127.0.0.1 (what the hook is sent, what each
//! kind of answer does) and `type: "agent"` (an agent of its own gives the verdict).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::{Arc, Mutex};

use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use axum::Router;
use futures::StreamExt;
use oxagent::Options;
use oxagent_testkit::ScriptedServer;
use serde_json::{json, Value};

type Seen = Arc<Mutex<Vec<(String, HeaderMap, String)>>>;

/// A hook server: `/deny` denies, `/e500` fails, `/text` answers plain text, `/empty`
/// answers nothing; every request is kept.
async fn hook_server() -> (String, Seen) {
    let seen: Seen = Arc::default();
    let keep = |path: &'static str, status: StatusCode, body: &'static str, seen: Seen| {
        post(move |headers: HeaderMap, body_in: String| async move {
            seen.lock()
                .unwrap()
                .push((path.to_string(), headers, body_in));
            (status, body)
        })
    };
    let deny = r#"{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "http says no"}}"#;
    let router = Router::new()
        .route("/deny", keep("/deny", StatusCode::OK, deny, seen.clone()))
        .route(
            "/e500",
            keep(
                "/e500",
                StatusCode::INTERNAL_SERVER_ERROR,
                "boom",
                seen.clone(),
            ),
        )
        .route(
            "/text",
            keep("/text", StatusCode::OK, "just some text", seen.clone()),
        )
        .route("/empty", keep("/empty", StatusCode::OK, "", seen.clone()));
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0))
        .await
        .unwrap();
    let url = format!("http://127.0.0.1:{}", listener.local_addr().unwrap().port());
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    (url, seen)
}

/// One query whose model runs `echo hi`, with `hook` as the settings' PreToolUse hook.
async fn run(hook: Value, settings: Value, env: Value) -> Vec<Value> {
    let dir = tempfile::tempdir().unwrap();
    let server = ScriptedServer::start(json!({"responses": [
        {"content": [{"type": "tool_use", "id": "toolu_01", "name": "Bash", "input": {"command": "echo hi"}}]},
        {"content": [{"type": "text", "text": "Done."}]},
    ]}))
    .await
    .unwrap();
    let mut settings = settings;
    settings["hooks"] = json!({"PreToolUse": [{"matcher": "Bash", "hooks": [hook]}]});
    let mut all_env = json!({"ANTHROPIC_BASE_URL": server.url(), "ANTHROPIC_API_KEY": "sk-test",
        "HOME": dir.path().to_string_lossy()});
    all_env
        .as_object_mut()
        .unwrap()
        .extend(env.as_object().unwrap().clone());
    let options = Options::from_json(&json!({
        "cwd": dir.path().to_string_lossy(),
        "setting_sources": [],
        "settings": settings.to_string(),
        "permission_mode": "bypassPermissions",
        "include_hook_events": true,
        "env": all_env,
    }))
    .unwrap();
    oxagent::query("Go", options)
        .map(|m| serde_json::to_value(m.unwrap()).unwrap())
        .collect()
        .await
}

fn of_subtype<'a>(messages: &'a [Value], subtype: &str) -> Vec<&'a Value> {
    messages
        .iter()
        .filter(|m| m["subtype"] == subtype)
        .collect()
}

fn tool_result(messages: &[Value]) -> Value {
    let user = messages.iter().find(|m| m["type"] == "user").unwrap();
    user["message"]["content"][0].clone()
}

fn no_verdict(messages: &[Value]) -> bool {
    messages.iter().any(|m| m["tag"] == "hook_no_verdict")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_http_hook_is_sent_the_input_and_its_answer_decides() {
    let (url, seen) = hook_server().await;
    let hook = json!({"type": "http", "url": format!("{url}/deny"),
        "headers": {"Authorization": "Bearer $MY_TOKEN", "X-Other": "a-${OTHER}-b",
                    "X-Api": "$ANTHROPIC_API_KEY", "Content-Length": "5"},
        "allowedEnvVars": ["MY_TOKEN", "ANTHROPIC_API_KEY"]});
    let messages = run(hook, json!({}), json!({"MY_TOKEN": "abc", "OTHER": "zzz"})).await;
    let result = tool_result(&messages);
    assert_eq!(
        result["content"],
        json!("PreToolUse:Bash hook error: http says no")
    );
    assert_eq!(result["is_error"], json!(true));
    let response = of_subtype(&messages, "hook_response")[0];
    assert_eq!(response["exit_code"], json!(200));
    assert_eq!(response["outcome"], json!("success"));
    let seen = seen.lock().unwrap();
    let (path, headers, body) = &seen[0];
    assert_eq!(path, "/deny");
    assert_eq!(headers["content-type"], "application/json");
    assert_eq!(headers["authorization"], "Bearer abc");
    assert_eq!(headers["x-other"], "a--b");
    assert_eq!(headers["x-api"], "");
    let body: Value = serde_json::from_str(body).unwrap();
    assert_eq!(body["hook_event_name"], json!("PreToolUse"));
    assert_eq!(body["tool_input"], json!({"command": "echo hi"}));
    assert_eq!(body["tool_use_id"], json!("toolu_01"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_http_hook_that_fails_gives_no_verdict_and_says_why() {
    let (url, _seen) = hook_server().await;
    let cases = [
        (
            format!("{url}/e500"),
            json!({}),
            format!("HTTP 500 from {url}/e500"),
            json!(500),
            None,
        ),
        (
            format!("{url}/text"),
            json!({}),
            "HTTP hook must return JSON, but got non-JSON response body: just some text".into(),
            json!(200),
            Some("just some text"),
        ),
        (
            format!("{url}/deny"),
            json!({"allowedHttpHookUrls": ["http://localhost:*/*"]}),
            format!(
                "HTTP hook blocked: {url}/deny does not match any pattern in allowedHttpHookUrls"
            ),
            Value::Null,
            None,
        ),
    ];
    for (hook_url, settings, why, exit_code, output) in cases {
        let messages = run(
            json!({"type": "http", "url": hook_url}),
            settings,
            json!({}),
        )
        .await;
        let response = of_subtype(&messages, "hook_response")[0];
        assert_eq!(response["outcome"], json!("error"), "{why}");
        assert_eq!(response["stderr"], json!(why));
        assert_eq!(
            response["output"],
            json!(output.map(str::to_string).unwrap_or(why.clone()))
        );
        assert_eq!(
            response.get("exit_code").cloned().unwrap_or(Value::Null),
            exit_code
        );
        assert!(no_verdict(&messages), "{why}");
        assert_eq!(tool_result(&messages)["content"], json!("hi"), "{why}");
    }
    // Nothing listens: the refused connection, worded as the reference words it.
    let port = {
        let l = std::net::TcpListener::bind(("127.0.0.1", 0)).unwrap();
        l.local_addr().unwrap().port()
    };
    let gone = format!("http://127.0.0.1:{port}/x");
    let messages = run(json!({"type": "http", "url": gone}), json!({}), json!({})).await;
    let response = of_subtype(&messages, "hook_response")[0];
    assert_eq!(
        response["stderr"],
        json!(format!("connect ECONNREFUSED 127.0.0.1:{port}"))
    );
    assert!(response.get("exit_code").is_none_or(Value::is_null));
    assert!(no_verdict(&messages));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_http_hook_answering_nothing_lets_the_call_run() {
    let (url, seen) = hook_server().await;
    let messages = run(
        json!({"type": "http", "url": format!("{url}/empty")}),
        json!({}),
        json!({}),
    )
    .await;
    let response = of_subtype(&messages, "hook_response")[0];
    assert_eq!(response["outcome"], json!("success"));
    assert_eq!(response["output"], json!(""));
    assert!(!no_verdict(&messages));
    assert_eq!(tool_result(&messages)["content"], json!("hi"));
    assert_eq!(seen.lock().unwrap().len(), 1);
}

/// Settings hooks of `type: "agent"`: an agent of its own answers through StructuredOutput;
/// `ok: false` denies a call ("Agent hook condition was not met: ..."), and a Stop hook's
/// keeps the turn going with that text as feedback; the caller sees none of the agent's
/// messages, and its requests count in the cost.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_agent_hook_checks_with_its_own_turns_and_its_verdict_decides() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("notes.txt"), "workspace notes\n").unwrap();
    let verdict = |ok: bool, reason: &str, m: &str| {
        json!({"match": m, "content": [{"type": "tool_use", "id": "toolu_v", "name": "StructuredOutput",
            "input": {"ok": ok, "reason": reason}}]})
    };
    let stop = "\"hook_event_name\":\"Stop\"";
    let server = ScriptedServer::start(json!({"responses": [
        {"match": stop, "content": [{"type": "tool_use", "id": "toolu_r", "name": "Read",
            "input": {"file_path": "notes.txt"}}]},
        verdict(false, "tests not run", "workspace notes"),
        {"content": [{"type": "text", "text": "first"}]},
        verdict(true, "fine now", stop),
        {"content": [{"type": "text", "text": "second"}]},
    ]}))
    .await
    .unwrap();
    let settings =
        json!({"hooks": {"Stop": [{"hooks": [{"type": "agent", "prompt": "Check: $ARGUMENTS"}]}]}});
    let options = Options::from_json(&json!({
        "cwd": dir.path().to_string_lossy(),
        "setting_sources": [],
        "settings": settings.to_string(),
        "permission_mode": "bypassPermissions",
        "env": {"ANTHROPIC_BASE_URL": server.url(), "ANTHROPIC_API_KEY": "sk-test",
            "HOME": dir.path().to_string_lossy()},
    }))
    .unwrap();
    let messages: Vec<Value> = oxagent::query("Go", options)
        .map(|m| serde_json::to_value(m.unwrap()).unwrap())
        .collect()
        .await;
    let texts: Vec<String> = messages
        .iter()
        .filter(|m| m["type"] == "assistant" || m["type"] == "user")
        .map(|m| {
            m["message"]["content"][0]["text"]
                .as_str()
                .unwrap_or("")
                .to_string()
        })
        .collect();
    assert_eq!(
        texts,
        [
            "first",
            "Stop hook feedback:\nAgent hook condition was not met: tests not run",
            "second"
        ]
    );
    let result = messages.last().unwrap();
    assert_eq!(result["result"], json!("second"));
    // Five requests: two of the session, three of the hook's agent, each 0.0008 dollars.
    assert_eq!(server.requests().len(), 5);
    let cost = result["total_cost_usd"].as_f64().unwrap();
    assert!((cost - 0.004).abs() < 1e-9, "{cost}");
}

//! Successful responses: every SSE event arrives, in order, as raw JSON.

use std::collections::BTreeMap;

use oxagent_core::model::{ModelEvent, ModelRequest};
use oxagent_http::{HttpModel, HttpModelConfig};
use serde_json::{json, Value};

use super::*;

#[tokio::test]
async fn text_answer_yields_every_event_including_ping() {
    let server = server(
        json!({"responses": [{"content": [{"type": "text", "text": "Hello!"}],
                                              "usage": {"input_tokens": 12, "output_tokens": 3}}]}),
    )
    .await;
    let events = collect(&model(&server, 10), request("Hi")).await;
    let usage_start = json!({"input_tokens": 12, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0, "output_tokens": 1});
    let usage_end = json!({"input_tokens": 12, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0, "output_tokens": 3});
    let expected: Vec<ModelEvent> = [
        json!({"type": "message_start", "message": {"id": "msg_mock_0000", "type": "message", "role": "assistant",
               "model": "claude-opus-5-5", "content": [], "stop_reason": null, "stop_sequence": null, "usage": usage_start}}),
        json!({"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}}),
        json!({"type": "ping"}),
        json!({"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Hello!"}}),
        json!({"type": "content_block_stop", "index": 0}),
        json!({"type": "message_delta", "delta": {"stop_reason": "end_turn", "stop_sequence": null}, "usage": usage_end}),
        json!({"type": "message_stop"}),
    ]
    .into_iter()
    .map(|v| ModelEvent::Stream(v.into()))
    .collect();
    assert_eq!(events, expected);
    assert_eq!(statuses(&server), vec![200]);
}

#[tokio::test]
async fn tool_use_input_reassembles_from_json_deltas() {
    let input = json!({"command": "printf 'héllo wörld' | wc -c", "timeout": 5000, "nested": {"a": [1, 2, 3]}});
    let server = server(json!({"responses": [{"content": [
        {"type": "text", "text": "Running it."},
        {"type": "tool_use", "id": "toolu_01", "name": "Bash", "input": input}]}]}))
    .await;
    let events = raw(&collect(&model(&server, 10), request("Run")).await);
    let starts: Vec<&Value> = events
        .iter()
        .filter(|e| e["type"] == "content_block_start")
        .map(|e| &e["content_block"])
        .collect();
    assert_eq!(
        starts,
        [
            &json!({"type": "text", "text": ""}),
            &json!({"type": "tool_use", "id": "toolu_01", "name": "Bash", "input": {}})
        ]
    );
    let partials: Vec<&str> = events
        .iter()
        .filter(|e| e["index"] == 1 && e["delta"]["type"] == "input_json_delta")
        .filter_map(|e| e["delta"]["partial_json"].as_str())
        .collect();
    assert_eq!(partials.first(), Some(&""));
    assert!(partials.len() > 3);
    let reassembled: Value = serde_json::from_str(&partials.concat()).expect("valid JSON");
    assert_eq!(reassembled, input);
    let delta = events
        .iter()
        .find(|e| e["type"] == "message_delta")
        .map(|e| e["delta"].clone());
    assert_eq!(
        delta,
        Some(json!({"stop_reason": "tool_use", "stop_sequence": null}))
    );
}

#[tokio::test]
async fn thinking_streams_text_then_signature() {
    let thinking = "The user wants a greeting. A short one will do, nothing more.";
    let server = server(json!({"responses": [{"content": [
        {"type": "thinking", "thinking": thinking, "signature": "sig-1"},
        {"type": "text", "text": "Hi."}]}]}))
    .await;
    let events = raw(&collect(&model(&server, 10), request("Think")).await);
    let deltas: Vec<&Value> = events
        .iter()
        .filter(|e| e["index"] == 0 && e["type"] == "content_block_delta")
        .map(|e| &e["delta"])
        .collect();
    let text: String = deltas
        .iter()
        .filter_map(|d| d["thinking"].as_str())
        .collect();
    assert_eq!(text, thinking);
    assert_eq!(
        deltas.last(),
        Some(&&json!({"type": "signature_delta", "signature": "sig-1"}))
    );
    assert_eq!(
        events[1]["content_block"],
        json!({"type": "thinking", "thinking": "", "signature": ""})
    );
}

#[tokio::test]
async fn sends_auth_version_beta_and_body() {
    let server = server(json!({})).await;
    let config = HttpModelConfig::from_env(&BTreeMap::from([
        (
            "ANTHROPIC_BASE_URL".to_string(),
            format!("{}/", server.url()),
        ),
        ("ANTHROPIC_API_KEY".to_string(), "sk-ant-test".to_string()),
        ("ANTHROPIC_AUTH_TOKEN".to_string(), "tok".to_string()),
        (
            "ANTHROPIC_CUSTOM_HEADERS".to_string(),
            "X-Team: blue".to_string(),
        ),
    ]));
    let model = HttpModel::new(config).expect("valid config");
    let mut with_betas = request("Hi");
    with_betas.betas = vec!["beta-one-2025".into(), "beta-two-2026".into()];
    collect(&model, with_betas.clone()).await;
    collect(&model, request("Again")).await;
    let requests = server.requests();
    // Method, path, and the headers that matter, per request.
    let names = [
        "x-api-key",
        "authorization",
        "anthropic-version",
        "anthropic-beta",
        "x-team",
        "content-type",
    ];
    let seen: Vec<Vec<Option<String>>> = requests
        .iter()
        .map(|r| {
            let mut row = vec![Some(r.method.clone()), Some(r.path.clone())];
            row.extend(names.iter().map(|k| r.headers.get(*k).cloned()));
            row
        })
        .collect();
    let one = |beta: Option<&str>| {
        let fixed = [
            "POST",
            "/v1/messages?beta=true",
            "sk-ant-test",
            "Bearer tok",
            "2023-06-01",
        ];
        let mut row: Vec<Option<String>> = fixed.iter().map(|v| Some(v.to_string())).collect();
        row.extend([
            beta.map(str::to_string),
            Some("blue".into()),
            Some("application/json".into()),
        ]);
        row
    };
    assert_eq!(
        seen,
        vec![one(Some("beta-one-2025,beta-two-2026")), one(None)]
    );
    assert_eq!(requests[0].body.as_ref(), Some(&with_betas.body));
    assert_eq!(model.endpoint(), server.addr().to_string());
}

#[tokio::test]
async fn json_answer_to_non_streaming_request_is_one_event() {
    let server =
        server(json!({"side_default": {"content": [{"type": "text", "text": "Title"}]}})).await;
    let body = json!({"model": "claude-haiku-4-5", "max_tokens": 10, "messages": [{"role": "user", "content": "Name it"}]});
    let events = collect(
        &model(&server, 10),
        ModelRequest {
            body,
            betas: vec![],
        },
    )
    .await;
    assert_eq!(
        events,
        vec![ModelEvent::Stream(json!({
        "id": "msg_mock_0000", "type": "message", "role": "assistant", "model": "claude-haiku-4-5",
        "content": [{"type": "text", "text": "Title"}], "stop_reason": "end_turn", "stop_sequence": null,
        "usage": {"input_tokens": 100, "output_tokens": 20, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0}}).into())]
    );
}

#[test]
fn bad_base_url_is_a_config_error() {
    let config = HttpModelConfig {
        base_url: "not a url".into(),
        ..HttpModelConfig::default()
    };
    let error = HttpModel::new(config)
        .map(|_| ())
        .map_err(|e| e.to_string());
    assert_eq!(
        error,
        Err("invalid base URL \"not a url\": relative URL without a base".to_string())
    );
}

#[tokio::test]
async fn names_the_callers_application_as_the_reference_does() {
    let server = server(json!({})).await;
    let mut config = HttpModelConfig::from_env(&BTreeMap::from([(
        "ANTHROPIC_BASE_URL".to_string(),
        server.url(),
    )]));
    config.client_app = Some("my-app/1.2".into());
    let model = HttpModel::new(config).expect("valid config");
    collect(&model, request("Hi")).await;
    let plain = HttpModel::new(HttpModelConfig::from_env(&BTreeMap::from([(
        "ANTHROPIC_BASE_URL".to_string(),
        server.url(),
    )])))
    .expect("valid config");
    collect(&plain, request("Hi")).await;
    let seen: Vec<(Option<String>, Option<String>)> = server
        .requests()
        .iter()
        .map(|r| {
            (
                r.headers.get("user-agent").cloned(),
                r.headers.get("x-client-app").cloned(),
            )
        })
        .collect();
    let version = env!("CARGO_PKG_VERSION");
    assert_eq!(
        seen,
        vec![
            (
                Some(format!("oxagent/{version} (client-app/my-app/1.2)")),
                Some("my-app/1.2".to_string())
            ),
            (Some(format!("oxagent/{version}")), None),
        ]
    );
}

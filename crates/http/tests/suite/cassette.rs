//! Cassettes: record exchanges from the scripted server, replay them offline.

use oxagent_core::model::{ApiError, ApiErrorKind, ModelEvent, ModelRequest};
use oxagent_http::cassette::{coalesce, RecordingModel, ReplayModel};
use serde_json::{json, Value};

use super::*;

fn lines(path: &std::path::Path) -> Vec<Value> {
    let text = std::fs::read_to_string(path).expect("cassette written");
    text.lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect()
}

fn cassette_failure(message: &str, path: &std::path::Path) -> Vec<ModelEvent> {
    vec![ModelEvent::Failed(ApiError {
        status: None,
        kind: ApiErrorKind::Unknown,
        message: message.into(),
        error_type: None,
        endpoint: path.display().to_string(),
        request_id: None,
    })]
}

#[tokio::test]
async fn record_then_replay_round_trip() {
    let server = server(json!({"responses": [
        {"error": {"status": 429, "type": "rate_limit_error", "message": "Rate limited", "headers": {"retry-after-ms": "1"}}},
        {"content": [{"type": "tool_use", "id": "toolu_01", "name": "Read", "input": {"file_path": "/a"}}]},
        {"error": {"status": 400, "type": "invalid_request_error", "message": "too long"}},
        {"error": {"status": 400, "type": "invalid_request_error", "message": "too long"}},
        {"error": {"status": 400, "type": "invalid_request_error", "message": "too long"}}]}))
    .await;
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("run.jsonl");
    let recorder = RecordingModel::create(model(&server, 10), &path).expect("create");
    let first = request("Read /a");
    let mut second = request("Read /a");
    second.body["messages"] = json!([{"role": "user", "content": "Read /a"}, {"role": "assistant", "content": "..."},
                                     {"role": "user", "content": "more"}]);
    let live_first = collect(&recorder, first.clone()).await;
    let live_second = collect(&recorder, second.clone()).await;
    assert!(matches!(live_first[0], ModelEvent::Retry(_)));

    // The retried 429 is gone; the final outcome of each exchange is kept, the deltas of a
    // block joined.
    let endpoint = server.addr().to_string();
    assert_eq!(
        lines(&path),
        vec![
            json!({"request": first.body, "events": coalesce(&raw(&live_first))}),
            json!({"request": second.body, "error": {"status": 400, "kind": "unknown", "message": "too long",
                                                 "error_type": "invalid_request_error", "endpoint": endpoint,
                                                 "request_id": "req_mock"}}),
        ]
    );

    let replay = ReplayModel::open(&path).expect("open");
    let joined: Vec<ModelEvent> = coalesce(&raw(&live_first))
        .into_iter()
        .map(|v| ModelEvent::Stream(v.into()))
        .collect();
    assert_eq!(collect(&replay, first).await, joined);
    assert_eq!(collect(&replay, second.clone()).await, live_second);
    assert_eq!(
        collect(&replay, second).await,
        cassette_failure("cassette exhausted after 2 exchanges", &path)
    );
    // The 429 retried, the answer, and the 400 sent three times.
    assert_eq!(server.requests().len(), 5);
}

#[tokio::test]
async fn replay_ignores_cache_control_and_reminders_but_names_divergence() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("c.jsonl");
    let recorded = json!({"request": {"messages": [{"role": "user", "content": [
        {"type": "text", "text": "<system-reminder>Today is Monday</system-reminder>"},
        {"type": "text", "text": "Hi", "cache_control": {"type": "ephemeral"}}]}]},
        "events": [{"type": "message_stop"}]});
    std::fs::write(&path, format!("{recorded}\n{recorded}\n")).expect("write");
    let replay = ReplayModel::open(&path).expect("open");
    let ask = |blocks: Value| ModelRequest {
        body: json!({"messages": [{"role": "user", "content": blocks}]}),
        betas: vec![],
    };

    let same = ask(
        json!([{"type": "text", "text": "<system-reminder>Today is Tuesday</system-reminder>"}, {"type": "text", "text": "Hi"}]),
    );
    assert_eq!(
        collect(&replay, same).await,
        vec![ModelEvent::Stream(json!({"type": "message_stop"}).into())]
    );
    let other = ask(json!([{"type": "text", "text": "Bye"}]));
    assert_eq!(
        collect(&replay, other).await,
        cassette_failure(
            r#"cassette diverged at exchange 2: messages[0].content[0].text: recorded "Hi", got "Bye""#,
            &path
        )
    );
}

#[test]
fn malformed_cassette_line_is_reported_with_its_number() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("bad.jsonl");
    std::fs::write(&path, "{\"request\": {}}\n\nnot json\n").expect("write");
    let error = ReplayModel::open(&path)
        .map(|_| ())
        .map_err(|e| (e.kind(), e.to_string()));
    let (kind, message) = error.expect_err("malformed");
    assert_eq!(kind, std::io::ErrorKind::InvalidData);
    assert!(
        message.starts_with(&format!("{}:3: ", path.display())),
        "{message}"
    );
}

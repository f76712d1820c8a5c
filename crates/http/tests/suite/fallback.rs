//! Streams that break at each point, and answers that are not streams: the non-streaming
//! retry, the break after whole blocks, and the stream that lacks only `message_stop`.

use oxagent_core::model::{ApiErrorKind, ModelEvent};
use serde_json::json;

use super::*;

/// "Hello there, world" in two deltas: 0 message_start, 1 content_block_start, 2 ping,
/// 3-4 deltas, 5 content_block_stop, 6 message_delta, 7 message_stop.
fn cut_at(n: usize) -> serde_json::Value {
    json!({"content": [{"type": "text", "text": "Hello there, world"}], "chunk": 10, "cut_after": n})
}

fn streamed_flags(server: &oxagent_testkit::ServerHandle) -> Vec<bool> {
    server
        .requests()
        .iter()
        .filter_map(|r| r.body.as_ref().map(|b| b["stream"] == true))
        .collect()
}

#[tokio::test]
async fn a_break_before_any_block_is_asked_again_without_streaming() {
    let server = server(json!({"responses": [cut_at(1)],
        "side_default": {"content": [{"type": "text", "text": "Whole."}]}}))
    .await;
    let events = collect(&model(&server, 10), request("Go")).await;
    assert_eq!(
        shape(&events),
        [
            "message_start",
            "quiet retry (billed: true)",
            "message_start",
            "content_block_start",
            "content_block_delta",
            "content_block_stop",
            "message_delta",
            "message_stop"
        ]
    );
    assert_eq!(raw(&events)[3]["delta"]["text"], "Whole.");
    assert_eq!(streamed_flags(&server), [true, false]);
}

#[tokio::test]
async fn a_second_break_mid_block_is_asked_again_without_streaming() {
    let server = server(json!({"responses": [], "default": cut_at(4)})).await;
    let events = collect(&model(&server, 4), request("Go")).await;
    let notices: Vec<String> = shape(&events)
        .into_iter()
        .filter(|s| s.contains("retry"))
        .collect();
    assert_eq!(
        notices,
        ["retry (1, 4, None, Unknown)", "quiet retry (billed: true)"]
    );
    assert_eq!(streamed_flags(&server), [true, true, false]);
    // The answer that came back whole is replayed as events marked as such (the caller is
    // shown no stream events for it).
    assert_eq!(
        events.last(),
        Some(&ModelEvent::Stream(
            json!({"type": "message_stop", oxagent_core::model::REPLAYED_EVENT: true}).into()
        ))
    );
}

#[tokio::test]
async fn a_break_after_a_whole_block_fails_as_connection_lost() {
    let server = server(json!({"responses": [cut_at(6)]})).await;
    let events = collect(&model(&server, 10), request("Go")).await;
    let Some(ModelEvent::Failed(error)) = events.last() else {
        panic!("{events:?}")
    };
    assert_eq!(
        (error.status, error.kind, error.message.as_str()),
        (
            None,
            ApiErrorKind::ServerError,
            oxagent_http::CONNECTION_LOST
        )
    );
    assert_eq!(statuses(&server), [200]);
}

#[tokio::test]
async fn a_stream_missing_only_message_stop_is_whole() {
    let server = server(json!({"responses": [cut_at(7)]})).await;
    let events = collect(&model(&server, 10), request("Go")).await;
    assert_eq!(
        shape(&events).last().map(String::as_str),
        Some("message_delta")
    );
    assert_eq!(statuses(&server), [200]);
}

#[tokio::test]
async fn an_error_event_before_any_block_is_asked_again_unbilled() {
    let server = server(json!({"responses": [
        {"content": [], "stream_error": {"type": "overloaded_error", "message": "Overloaded"}},
        {"content": [{"type": "text", "text": "Recovered."}]}]}))
    .await;
    let events = collect(&model(&server, 10), request("Go")).await;
    assert_eq!(
        shape(&events)[..2],
        ["message_start", "quiet retry (billed: false)"]
    );
    assert_eq!(streamed_flags(&server), [true, true]);
}

#[tokio::test]
async fn an_answer_that_is_no_stream_nor_message_fails_with_its_description() {
    let not_a_stream = json!({"error": {"status": 200, "body": "upstream says hello"}});
    let server = server(json!({"responses": [], "default": not_a_stream})).await;
    let events = collect(&model(&server, 10), request("Go")).await;
    let Some(ModelEvent::Failed(error)) = events.last() else {
        panic!("{events:?}")
    };
    assert_eq!(streamed_flags(&server), [true, false]);
    assert_eq!(
        error.message,
        "API returned an empty or malformed response (HTTP 200) — check for a proxy or gateway intercepting the request. Response: content-type json, body is unrecognized text, 19 bytes, request-id req_mock, server other. This was the non-streaming retry of streaming request req_mock, which failed with: no_events, StreamNoEventsError; 0 stream events received."
    );
}

/// ve_cut_max_retries_0: with no retries allowed, a break mid-block is asked again without
/// streaming (not given up).
#[tokio::test]
async fn a_break_mid_block_without_retries_is_asked_again_without_streaming() {
    let server = server(json!({"responses": [cut_at(4)],
        "side_default": {"content": [{"type": "text", "text": "Whole."}]}}))
    .await;
    let events = collect(&model(&server, 0), request("Go")).await;
    let notices: Vec<String> = shape(&events)
        .into_iter()
        .filter(|s| s.contains("retry"))
        .collect();
    assert_eq!(notices, ["quiet retry (billed: true)"]);
    assert_eq!(streamed_flags(&server), [true, false]);
}

/// ve_cut_then_500_then_ok: after a stream asked again for a break, the failures of the new
/// attempt count from 1 again, with one retry fewer.
#[tokio::test]
async fn retries_after_a_break_count_again_with_one_fewer() {
    let error = json!({"error": {"status": 500, "type": "api_error", "message": "Internal server error",
        "headers": {"retry-after": "0"}}});
    let server = server(json!({"responses": [cut_at(4), error,
        {"content": [{"type": "text", "text": "ok"}]}]}))
    .await;
    let events = collect(&model(&server, 10), request("Go")).await;
    let notices: Vec<String> = shape(&events)
        .into_iter()
        .filter(|s| s.contains("retry"))
        .collect();
    assert_eq!(
        notices,
        [
            "retry (1, 10, None, Unknown)",
            "retry (1, 9, Some(500), ServerError)"
        ]
    );
}

/// A server that answers every request 404 (the model is not there).
async fn not_found() -> ServerHandle {
    server(json!({"responses": [], "default": {"error": {"status": 404,
        "type": "not_found_error", "message": "model: claude-x"}}}))
    .await
}

/// ve_err_404_model_not_found: a stream answered 404 is asked once more without streaming,
/// silently and unbilled; a second 404 is final.
#[tokio::test]
async fn a_404_is_asked_again_without_streaming() {
    let server = not_found().await;
    let events = collect(&model(&server, 2), request("Go")).await;
    let shapes = shape(&events);
    assert_eq!(shapes[0], "quiet retry (billed: false)");
    assert!(matches!(events.last(), Some(ModelEvent::Failed(e)) if e.status == Some(404)));
    assert_eq!(streamed_flags(&server), [true, false]);
}

/// fallback/fallback_404_model: with a fallback model, the 404 goes back at once (the session
/// switches to the fallback model) and is not asked again without streaming.
#[tokio::test]
async fn a_404_with_a_fallback_model_is_not_asked_again() {
    let server = not_found().await;
    let model = HttpModel::new(HttpModelConfig {
        model_fallback: true,
        ..model(&server, 2).config().clone()
    })
    .unwrap();
    let events = collect(&model, request("Go")).await;
    assert!(matches!(events.last(), Some(ModelEvent::Failed(e)) if e.status == Some(404)));
    assert_eq!(streamed_flags(&server), [true]);
}

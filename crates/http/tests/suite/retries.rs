//! Failures: what is retried, how it is announced, and what a final failure carries.

use std::time::Duration;

use oxagent_core::model::{ApiError, ApiErrorKind, ModelEvent, RetryNotice};
use oxagent_http::{HttpModel, HttpModelConfig};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use super::*;

fn error_response(status: u16, kind: &str, message: &str) -> Value {
    json!({"error": {"status": status, "type": kind, "message": message, "headers": {"retry-after": "0"}}})
}

fn text_response(text: &str) -> Value {
    json!({"content": [{"type": "text", "text": text}]})
}

fn retry_of(events: &[ModelEvent]) -> Vec<RetryNotice> {
    events
        .iter()
        .filter_map(|e| {
            if let ModelEvent::Retry(r) = e {
                Some(r.clone())
            } else {
                None
            }
        })
        .collect()
}

#[tokio::test]
async fn rate_limit_is_retried_then_succeeds() {
    let server = server(json!({"responses": [error_response(429, "rate_limit_error", "Rate limited"), text_response("Recovered.")]})).await;
    let events = collect(&model(&server, 10), request("Retry")).await;
    let notices = retry_of(&events);
    // retry-after: 0 is not honoured as "now": the first exponential step applies, with jitter.
    assert!((500..=625).contains(&notices[0].delay_ms), "{notices:?}");
    assert_eq!(
        notices,
        vec![RetryNotice {
            attempt: 1,
            max_retries: 10,
            delay_ms: notices[0].delay_ms,
            error_status: Some(429),
            error: ApiErrorKind::RateLimit,
            silent: false,
            billed: true,
        }]
    );
    assert_eq!(
        shape(&events),
        [
            "retry (1, 10, Some(429), RateLimit)",
            "message_start",
            "content_block_start",
            "ping",
            "content_block_delta",
            "content_block_delta",
            "content_block_stop",
            "message_delta",
            "message_stop"
        ]
    );
    assert_eq!(statuses(&server), vec![429, 200]);
}

#[tokio::test]
async fn server_errors_exhaust_retries_then_fail_with_api_message() {
    let failure = error_response(500, "api_error", "Internal server error");
    let server =
        server(json!({"responses": [failure.clone(), failure.clone()], "default": failure})).await;
    let events = collect(&model(&server, 2), request("Fail")).await;
    assert_eq!(
        shape(&events),
        [
            "retry (1, 2, Some(500), ServerError)",
            "retry (2, 2, Some(500), ServerError)",
            "failed Some(500) ServerError"
        ]
    );
    assert_eq!(
        events.last(),
        Some(&ModelEvent::Failed(ApiError {
            status: Some(500),
            kind: ApiErrorKind::ServerError,
            message: "Internal server error".into(),
            error_type: Some("api_error".into()),
            endpoint: server.addr().to_string(),
            request_id: Some("req_mock".into()),
        }))
    );
    let delays: Vec<u64> = retry_of(&events).iter().map(|r| r.delay_ms).collect();
    assert!(
        (500..=625).contains(&delays[0]) && (1000..=1250).contains(&delays[1]),
        "{delays:?}"
    );
    assert_eq!(statuses(&server), vec![500, 500, 500]);
}

/// A revoked OAuth token is retried as any retryable error, then twice more after a token
/// refresh, each announced with the last attempt's number; another 403 is final at once.
#[tokio::test]
async fn a_revoked_token_gets_two_more_attempts_after_the_retries() {
    let revoked = error_response(
        403,
        "permission_error",
        "OAuth token has been revoked. Please obtain a new token.",
    );
    for (max, attempts) in [(1, vec![1, 1, 1]), (0, vec![0, 0])] {
        let server = server(json!({"responses": [], "default": revoked.clone()})).await;
        let events = collect(&model(&server, max), request("Go")).await;
        let notices = retry_of(&events);
        assert_eq!(
            notices.iter().map(|r| r.attempt).collect::<Vec<_>>(),
            attempts
        );
        assert!(notices.iter().all(|r| r.max_retries == max
            && r.error_status == Some(403)
            && r.error == ApiErrorKind::AuthenticationFailed));
        assert!(matches!(events.last(), Some(ModelEvent::Failed(e)) if e.status == Some(403)));
        assert_eq!(statuses(&server), vec![403; attempts.len() + 1]);
    }
    let other = error_response(403, "permission_error", "Some other forbidden thing.");
    let server = server(json!({"responses": [], "default": other})).await;
    let events = collect(&model(&server, 3), request("Go")).await;
    assert!(retry_of(&events).is_empty());
    assert_eq!(statuses(&server), vec![403]);
}

/// A 400 is sent again twice without a notice (the reference drops an optional beta each
/// time), then it is final.
#[tokio::test]
async fn a_bad_request_is_sent_three_times_then_fails() {
    let bad = error_response(
        400,
        "invalid_request_error",
        "messages: bad request for test",
    );
    let server = server(json!({"responses": [bad.clone(), bad.clone(), bad]})).await;
    let events = collect(&model(&server, 10), request("Bad")).await;
    assert_eq!(
        events,
        vec![ModelEvent::Failed(ApiError {
            status: Some(400),
            kind: ApiErrorKind::Unknown,
            message: "messages: bad request for test".into(),
            error_type: Some("invalid_request_error".into()),
            endpoint: server.addr().to_string(),
            request_id: Some("req_mock".into()),
        })]
    );
    assert_eq!(statuses(&server), vec![400, 400, 400]);
}

/// A 400 naming the model's output limit is sent again at once asking for that limit, with
/// no notice but the limit itself; later requests to that model ask for no more, and requests
/// to other models are unchanged.
#[tokio::test]
async fn a_max_tokens_over_the_model_s_limit_is_sent_again_at_the_limit() {
    let too_big = error_response(
        400,
        "invalid_request_error",
        "max_tokens: 1024 > 512, which is the maximum allowed number of output tokens for claude-opus-5-5",
    );
    let server = server(
        json!({"responses": [too_big, text_response("Recovered."), text_response("Again.")],
                               "default": text_response("Other.")}),
    )
    .await;
    let model = model(&server, 10);
    let events = collect(&model, request("Big")).await;
    assert_eq!(shape(&events)[..2], ["output limit 512", "message_start"]);
    assert!(retry_of(&events).is_empty());
    collect(&model, request("Next")).await;
    let mut other = request("Other");
    other.body["model"] = json!("claude-haiku-4-5");
    collect(&model, other).await;
    let asked: Vec<(Value, u16)> = server
        .requests()
        .iter()
        .map(|r| {
            let body = r.body.clone().unwrap_or_default();
            (
                body["max_tokens"].clone(),
                r.served.as_ref().map_or(0, |s| s.status),
            )
        })
        .collect();
    assert_eq!(
        asked,
        vec![
            (json!(1024), 400),
            (json!(512), 200),
            (json!(512), 200),
            (json!(1024), 200)
        ]
    );
}

#[tokio::test]
async fn a_short_retry_after_waits_the_exponential_step() {
    let server = server(json!({"responses": [
        {"error": {"status": 529, "type": "overloaded_error", "message": "Overloaded", "headers": {"retry-after-ms": "40"}}},
        text_response("ok")]}))
    .await;
    let events = collect(&model(&server, 10), request("Busy")).await;
    let notices = retry_of(&events);
    assert!((500..=625).contains(&notices[0].delay_ms), "{notices:?}");
    assert_eq!(
        notices,
        vec![RetryNotice {
            attempt: 1,
            max_retries: 10,
            delay_ms: notices[0].delay_ms,
            error_status: Some(529),
            error: ApiErrorKind::Overloaded,
            silent: false,
            billed: true,
        }]
    );
}

#[tokio::test]
async fn cut_stream_yields_what_arrived_then_retries() {
    let server = server(json!({"responses": [
        {"content": [{"type": "text", "text": "This response will be cut off somewhere in the middle."}], "cut_after": 4},
        text_response("Second try worked.")]}))
    .await;
    let events = collect(&model(&server, 10), request("Cut")).await;
    assert_eq!(
        shape(&events),
        [
            "message_start",
            "content_block_start",
            "ping",
            "content_block_delta",
            "retry (1, 10, None, Unknown)",
            "message_start",
            "content_block_start",
            "ping",
            "content_block_delta",
            "content_block_delta",
            "content_block_delta",
            "content_block_stop",
            "message_delta",
            "message_stop"
        ]
    );
    let ids: Vec<Value> = raw(&events)
        .into_iter()
        .filter(|e| e["type"] == "message_start")
        .map(|e| e["message"]["id"].clone())
        .collect();
    assert_eq!(ids, [json!("msg_mock_0000"), json!("msg_mock_0001")]);
}

#[tokio::test]
async fn mid_stream_error_event_is_yielded_then_fails_without_retry() {
    let server = server(json!({"responses": [{"content": [{"type": "text", "text": "Partial"}],
                                              "stream_error": {"type": "overloaded_error", "message": "Overloaded"}}]}))
    .await;
    let events = collect(&model(&server, 10), request("Go")).await;
    assert_eq!(
        shape(&events),
        [
            "message_start",
            "content_block_start",
            "ping",
            "content_block_delta",
            "content_block_stop",
            "error",
            "failed None Overloaded"
        ]
    );
    assert_eq!(
        raw(&events).last(),
        Some(
            &json!({"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}})
        )
    );
    assert_eq!(
        events.last(),
        Some(&ModelEvent::Failed(ApiError {
            status: None,
            kind: ApiErrorKind::Overloaded,
            message: "Overloaded".into(),
            error_type: Some("overloaded_error".into()),
            endpoint: server.addr().to_string(),
            request_id: Some("req_mock".into()),
        }))
    );
    assert_eq!(statuses(&server), vec![200]);
}

#[tokio::test]
async fn slow_headers_time_out_and_are_retried() {
    let server = server(json!({"responses": [
        {"content": [{"type": "text", "text": "late"}], "delay_ms": 2000}, text_response("on time")]}))
    .await;
    let config = HttpModelConfig {
        base_url: server.url(),
        request_timeout: Duration::from_millis(200),
        ..HttpModelConfig::default()
    };
    let events = collect(&HttpModel::new(config).expect("config"), request("Wait")).await;
    assert_eq!(shape(&events)[0], "retry (1, 10, None, Unknown)");
    let text: Vec<Value> = raw(&events)
        .iter()
        .filter_map(|e| e["delta"].get("text").cloned())
        .collect();
    assert_eq!(text, [json!("on time")]);
}

#[tokio::test]
async fn connection_refused_fails_after_retries() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("addr");
    drop(listener);
    let config = HttpModelConfig {
        base_url: format!("http://{addr}"),
        max_retries: 0,
        ..HttpModelConfig::default()
    };
    let events = collect(&HttpModel::new(config).expect("config"), request("Hello?")).await;
    let [ModelEvent::Failed(error)] = events.as_slice() else {
        panic!("{events:?}")
    };
    assert_eq!(
        (
            error.status,
            error.kind,
            error.endpoint.clone(),
            error.message.as_str()
        ),
        (
            None,
            ApiErrorKind::ServerError,
            addr.to_string(),
            oxagent_http::retry::CONNECTION_REFUSED
        )
    );
}

/// A server that sends the headers and the start of a block, then says nothing more.
async fn stalling_server() -> std::net::SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("addr");
    tokio::spawn(async move {
        let Ok((mut socket, _)) = listener.accept().await else {
            return;
        };
        let mut buf = [0u8; 4096];
        let _ = socket.read(&mut buf).await;
        let head = "HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\n\r\n";
        let event = "event: content_block_start\ndata: {\"type\": \"content_block_start\", \"index\": 0}\n\n";
        let _ = socket.write_all(format!("{head}{event}").as_bytes()).await;
        tokio::time::sleep(Duration::from_secs(30)).await;
    });
    addr
}

#[tokio::test]
async fn idle_stream_counts_as_cut() {
    let addr = stalling_server().await;
    let config = HttpModelConfig {
        base_url: format!("http://{addr}"),
        max_retries: 0,
        idle_timeout: Duration::from_millis(200),
        ..HttpModelConfig::default()
    };
    let events = collect(&HttpModel::new(config).expect("config"), request("Anyone?")).await;
    assert_eq!(
        events,
        vec![
            ModelEvent::Stream(json!({"type": "content_block_start", "index": 0}).into()),
            ModelEvent::Failed(ApiError {
                status: None,
                kind: ApiErrorKind::Unknown,
                message: "stream interrupted: no data received for 200ms".into(),
                error_type: None,
                endpoint: addr.to_string(),
                // This server's answer has no request-id header.
                request_id: None,
            }),
        ]
    );
}

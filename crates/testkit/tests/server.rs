//! Integration suite of oxagent-testkit: the server over real HTTP.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use oxagent_testkit::{RecordedRequest, ScriptedServer, Served};
use serde_json::{json, Value};

async fn post(url: &str, body: &str) -> (u16, Vec<(String, String)>, String) {
    let response = reqwest::Client::new()
        .post(url)
        .body(body.to_string())
        .send()
        .await
        .expect("send");
    let status = response.status().as_u16();
    let mut headers: Vec<(String, String)> = response
        .headers()
        .iter()
        .filter(|(k, _)| !matches!(k.as_str(), "date" | "content-length" | "transfer-encoding"))
        .map(|(k, v)| (k.to_string(), v.to_str().unwrap_or("").to_string()))
        .collect();
    headers.sort();
    (status, headers, response.text().await.expect("body"))
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

#[tokio::test]
async fn serves_script_and_records_requests() {
    let dir = tempfile::tempdir().expect("tempdir");
    let log = dir.path().join("requests.jsonl");
    let script = json!({"responses": [
        {"error": {"status": 529, "type": "overloaded_error", "message": "Overloaded", "headers": {"retry-after": 0}}},
        {"match": "secret", "content": [{"type": "text", "text": "matched"}], "model": "m-override"},
        {"content": [{"type": "redacted_thinking", "data": "zz"}]}]});
    let server = ScriptedServer::start_with(script, 0, Some(log.clone()))
        .await
        .expect("start");
    let base = server.url();
    let main = |text: &str| {
        json!({"model": "m", "stream": true, "tools": [], "messages": [{"role": "user", "content": text}]}).to_string()
    };

    let overloaded = post(&format!("{base}/v1/messages?beta=true"), &main("hello")).await;
    assert_eq!(
        overloaded,
        (
            529,
            pairs(&[
                ("content-type", "application/json"),
                ("request-id", "req_mock"),
                ("retry-after", "0")
            ]),
            r#"{"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}"#
                .to_string()
        )
    );

    let side = post(
        &format!("{base}/v1/messages"),
        r#"{"model": "s", "messages": [{"role": "user", "content": "the secret word"}]}"#,
    )
    .await;
    assert_eq!(
        side.2,
        r#"{"id": "msg_mock_0000", "type": "message", "role": "assistant", "model": "m-override", "content": [{"type": "text", "text": "matched"}], "stop_reason": "end_turn", "stop_sequence": null, "usage": {"input_tokens": 100, "output_tokens": 20, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0}}"#
    );

    let stream = post(&format!("{base}/v1/messages?beta=true"), &main("go")).await;
    assert_eq!(
        stream.1,
        pairs(&[
            ("cache-control", "no-cache"),
            ("connection", "close"),
            ("content-type", "text/event-stream; charset=utf-8"),
            ("request-id", "req_mock")
        ])
    );
    let names: Vec<&str> = stream
        .2
        .lines()
        .filter_map(|l| l.strip_prefix("event: "))
        .collect();
    assert_eq!(
        names,
        [
            "message_start",
            "content_block_start",
            "content_block_stop",
            "message_delta",
            "message_stop"
        ]
    );

    let default = post(&format!("{base}/v1/messages"), &main("again")).await;
    assert!(
        default
            .2
            .contains(r#"{"type": "text_delta", "text": "ok"}"#),
        "{}",
        default.2
    );
    assert_eq!(
        post(&format!("{base}/v1/messages/count_tokens"), "{}")
            .await
            .2,
        r#"{"input_tokens": 100}"#
    );
    assert_eq!(post(&format!("{base}/nope"), "x").await.0, 404);
    let listing = reqwest::get(format!("{base}/v1/models"))
        .await
        .expect("get")
        .text()
        .await
        .expect("text");
    assert_eq!(
        listing,
        r#"{"data": [], "has_more": false, "first_id": null, "last_id": null}"#
    );

    let served: Vec<Option<Served>> = server.requests().into_iter().map(|r| r.served).collect();
    let s = |index: Option<usize>, kind: &str, status| {
        Some(Served {
            index,
            kind: kind.into(),
            status,
        })
    };
    assert_eq!(
        served,
        vec![
            s(Some(0), "main", 529),
            s(Some(1), "match", 200),
            s(Some(2), "main", 200),
            s(None, "default", 200),
            s(None, "count_tokens", 200),
            s(None, "404", 404),
            None
        ]
    );

    let first: RecordedRequest = server.requests().remove(0);
    assert_eq!(
        (first.method.as_str(), first.path.as_str(), first.seq),
        ("POST", "/v1/messages?beta=true", 0)
    );
    assert_eq!(
        first.body,
        Some(serde_json::from_str::<Value>(&main("hello")).expect("json"))
    );

    let logged: Vec<Value> = std::fs::read_to_string(&log)
        .expect("log")
        .lines()
        .map(|l| serde_json::from_str(l).expect("line"))
        .collect();
    let summary: Vec<(Value, Value, Value)> = logged
        .iter()
        .map(|l| (l["seq"].clone(), l["path"].clone(), l["served"].clone()))
        .collect();
    assert_eq!(
        summary[4],
        (
            json!(4),
            json!("/v1/messages/count_tokens"),
            json!({"kind": "count_tokens", "status": 200})
        )
    );
    assert_eq!(summary[6], (json!(6), json!("/v1/models"), Value::Null));
    assert_eq!(logged.len(), 7);
    server.shutdown().await;
}

#[tokio::test]
async fn invalid_script_is_rejected() {
    let error = ScriptedServer::start(json!({"responses": [{"cut_after": "soon"}]}))
        .await
        .map(|_| ())
        .map_err(|e| e.kind());
    assert_eq!(error, Err(std::io::ErrorKind::InvalidData));
}

/// Two streamed answers over one raw connection: what the server says after the first, and
/// whether the second comes on the same connection.
async fn two_on_one_connection(script: Value) -> (String, Option<String>) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let server = ScriptedServer::start(script).await.expect("start");
    let mut stream = tokio::net::TcpStream::connect(server.addr())
        .await
        .expect("connect");
    let body = r#"{"model": "m", "stream": true, "messages": [{"role": "user", "content": "go"}]}"#;
    let request = format!(
        "POST /v1/messages HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    );
    let mut answers = Vec::new();
    for _ in 0..2 {
        if stream.write_all(request.as_bytes()).await.is_err() {
            break;
        }
        // Each streamed answer ends with the chunked body's last chunk.
        let mut got = Vec::new();
        let mut buf = [0u8; 4096];
        while !got.ends_with(b"0\r\n\r\n") {
            match stream.read(&mut buf).await {
                Ok(0) | Err(_) => break,
                Ok(n) => got.extend_from_slice(&buf[..n]),
            }
        }
        if got.is_empty() {
            break;
        }
        answers.push(String::from_utf8_lossy(&got).to_lowercase());
    }
    let mut answers = answers.into_iter();
    (answers.next().unwrap_or_default(), answers.next())
}

#[tokio::test]
async fn streamed_answers_close_the_connection_unless_the_script_keeps_it() {
    let answer = json!({"content": [{"type": "text", "text": "hi"}]});
    let (first, second) = two_on_one_connection(json!({"default": answer})).await;
    assert!(first.contains("connection: close"), "{first}");
    assert_eq!(second, None);

    let (first, second) =
        two_on_one_connection(json!({"default": answer, "keep_alive": true})).await;
    assert!(!first.contains("connection: close"), "{first}");
    let second = second.expect("a second answer on the same connection");
    assert!(second.starts_with("http/1.1 200"), "{second}");
    assert!(second.contains("event: message_stop"), "{second}");
}

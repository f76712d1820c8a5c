//! The non-streaming retry: what a streamed attempt must have shown before a break is worth
//! retrying as a stream, and how a plain JSON answer is replayed as the events of a stream.
//!
//! The reference re-sends a request with `stream: false`, without announcing it, when a
//! stream breaks before its first content block, when a second stream of the same request
//! breaks, or when a 2xx answer is not an event stream at all. A JSON message that comes back
//! is handed on as the events a stream of it would have had, so the agent loop sees one shape.
//!
//! ```
//! use oxagent_http::fallback::events_of_message;
//! let message = serde_json::json!({"type": "message", "id": "msg_1", "role": "assistant",
//!     "model": "m", "content": [{"type": "text", "text": "hi"}], "stop_reason": "end_turn",
//!     "usage": {"input_tokens": 3, "output_tokens": 1}});
//! let kinds: Vec<String> = events_of_message(&message).unwrap().iter()
//!     .map(|e| e["type"].as_str().unwrap().to_string()).collect();
//! assert_eq!(kinds, ["message_start", "content_block_start", "content_block_delta",
//!                    "content_block_stop", "message_delta", "message_stop"]);
//! ```

use bytes::Bytes;
use serde_json::{json, Value};

/// How far one streamed attempt got.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Progress {
    pub events: usize,
    pub block_started: bool,
    pub block_finished: bool,
    /// `message_delta` arrived: the answer is whole even if `message_stop` never does.
    pub delta_seen: bool,
}

impl Progress {
    pub fn saw(&mut self, kind: &str) {
        self.events += 1;
        match kind {
            "content_block_start" => self.block_started = true,
            "content_block_stop" => self.block_finished = true,
            "message_delta" => self.delta_seen = true,
            _ => {}
        }
    }
}

/// A 2xx answer that is not an event stream.
#[derive(Debug, Clone)]
pub(crate) struct PlainAnswer {
    pub status: u16,
    pub content_type: Option<String>,
    pub body: Bytes,
    pub request_id: Option<String>,
}

/// The request body with `stream: false`.
pub(crate) fn non_streaming_body(body: &Bytes) -> Bytes {
    match serde_json::from_slice::<Value>(body) {
        Ok(Value::Object(mut map)) => {
            map.insert("stream".into(), Value::Bool(false));
            Bytes::from(serde_json::to_vec(&Value::Object(map)).unwrap_or_default())
        }
        _ => body.clone(),
    }
}

/// The stream events of a whole JSON message, or `None` when the value is not a message.
pub fn events_of_message(message: &Value) -> Option<Vec<Value>> {
    if message.get("type").and_then(Value::as_str) != Some("message") {
        return None;
    }
    let content = message.get("content")?.as_array()?.clone();
    let mut start = message.clone();
    start["content"] = json!([]);
    // The answer's usage with every field of the API's full usage object, as the reference
    // reports the usage of an answer it did not stream.
    if let Ok(usage) =
        serde_json::from_value::<oxagent_core::usage::Usage>(message["usage"].clone())
    {
        start["usage"] = json!(usage.for_result());
    }
    let mut events = vec![json!({"type": "message_start", "message": start})];
    for (index, block) in content.into_iter().enumerate() {
        let (opening, delta) = match block.get("type").and_then(Value::as_str) {
            Some("text") => (
                json!({"type": "text", "text": ""}),
                Some(json!({"type": "text_delta", "text": block["text"]})),
            ),
            Some("tool_use") => (
                json!({"type": "tool_use", "id": block["id"], "name": block["name"], "input": {}}),
                Some(json!({"type": "input_json_delta",
                            "partial_json": block["input"].to_string()})),
            ),
            _ => (block.clone(), None),
        };
        events
            .push(json!({"type": "content_block_start", "index": index, "content_block": opening}));
        if let Some(delta) = delta {
            events.push(json!({"type": "content_block_delta", "index": index, "delta": delta}));
        }
        events.push(json!({"type": "content_block_stop", "index": index}));
    }
    events.push(json!({"type": "message_delta",
        "delta": {"stop_reason": message["stop_reason"], "stop_sequence": message["stop_sequence"]},
        "usage": message["usage"]}));
    events.push(json!({"type": "message_stop"}));
    for e in &mut events {
        e[oxagent_core::model::REPLAYED_EVENT] = Value::Bool(true);
    }
    Some(events)
}

/// What the reference says when the non-streaming retry got no message either.
pub(crate) fn malformed_answer(
    answer: &PlainAnswer,
    streaming_request_id: Option<&str>,
    streamed_events: usize,
) -> String {
    let content_type = match answer.content_type.as_deref() {
        Some(t) if t.contains("json") => "json".to_string(),
        Some(t) => t.split(';').next().unwrap_or(t).trim().to_string(),
        None => "none".to_string(),
    };
    // A JSON string is read as the text it holds.
    let (kind, bytes) = match serde_json::from_slice::<Value>(&answer.body) {
        Ok(Value::String(text)) => ("unrecognized text", text.len()),
        Ok(_) => ("JSON but not a Message", answer.body.len()),
        Err(_) if answer.body.is_empty() => ("empty", 0),
        Err(_) => ("unrecognized text", answer.body.len()),
    };
    let id = |v: Option<&str>| v.unwrap_or("none").to_string();
    format!(
        "API returned an empty or malformed response (HTTP {}) — check for a proxy or gateway intercepting the request. Response: content-type {content_type}, body is {kind}, {bytes} bytes, request-id {}, server other. This was the non-streaming retry of streaming request {}, which failed with: no_events, StreamNoEventsError; {streamed_events} stream events received.",
        answer.status,
        id(answer.request_id.as_deref()),
        id(streaming_request_id),
    )
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    /// faults_ok_status_error_body, faults_ok_status_string_body.
    #[test]
    fn malformed_answers_are_described() {
        let answer = |body: &'static str| PlainAnswer {
            status: 200,
            content_type: Some("application/json".into()),
            body: Bytes::from_static(body.as_bytes()),
            request_id: Some("req_1".into()),
        };
        let text = malformed_answer(&answer(r#""upstream says hello""#), Some("req_0"), 0);
        assert!(
            text.contains("content-type json, body is unrecognized text, 19 bytes, request-id req_1, server other. This was the non-streaming retry of streaming request req_0,"),
            "{text}"
        );
        let text = malformed_answer(&answer(r#"{"type": "error"}"#), None, 0);
        assert!(
            text.contains("body is JSON but not a Message, 17 bytes"),
            "{text}"
        );
    }

    #[test]
    fn tool_calls_replay_with_their_input() {
        let message = json!({"type": "message", "content": [
            {"type": "tool_use", "id": "t1", "name": "Bash", "input": {"command": "ls"}}],
            "stop_reason": "tool_use", "usage": {}});
        let events = events_of_message(&message).unwrap();
        assert_eq!(events[2]["delta"]["partial_json"], r#"{"command":"ls"}"#);
        assert_eq!(events_of_message(&json!("text")), None);
        let body = non_streaming_body(&Bytes::from_static(br#"{"stream":true,"a":1}"#));
        assert_eq!(
            serde_json::from_slice::<Value>(&body).unwrap(),
            json!({"a": 1, "stream": false})
        );
    }
}

//! The bytes a scripted response is answered with: an SSE stream or a JSON message.
//!
//! Event order (as the Messages API streams it): `message_start` (usage with
//! `output_tokens: 1`), then per block `content_block_start`, deltas (`text_delta`,
//! `input_json_delta` starting with an empty one, `thinking_delta` then `signature_delta`),
//! `content_block_stop`; one `ping` right after the first block's start; then either an
//! `error` event (`stream_error`) or `message_delta` (stop reason, full usage) and
//! `message_stop`. `cut_after: N` keeps only the first N events.
//!
//! ```
//! use oxagent_testkit::{sse::stream_events, ScriptedResponse};
//! let r = ScriptedResponse { content: Some(vec![]), ..Default::default() };
//! let events = stream_events(&r, "msg_mock_0000", &serde_json::Value::Null);
//! let names: Vec<&str> = events.iter().map(|(name, _)| name.as_str()).collect();
//! assert_eq!(names, ["message_start", "message_delta", "message_stop"]);
//! ```

use serde_json::{json, Map, Value};

use crate::pyjson::dumps;
use crate::script::{truthy, ScriptedResponse};

/// One SSE event: its name and JSON data.
pub type SseEvent = (String, Value);

/// The full usage of a response: defaults overlaid with the script's `usage`.
pub fn usage_of(r: &ScriptedResponse) -> Map<String, Value> {
    let mut usage = Map::new();
    for key in [
        "input_tokens",
        "output_tokens",
        "cache_creation_input_tokens",
        "cache_read_input_tokens",
    ] {
        let n = if key == "input_tokens" {
            100
        } else if key == "output_tokens" {
            20
        } else {
            0
        };
        usage.insert(key.to_string(), json!(n));
    }
    for (k, v) in r.usage.iter().flatten() {
        usage.insert(k.clone(), v.clone());
    }
    usage
}

/// `stop_reason`, else `tool_use` when any block is a tool call, else `end_turn`.
pub fn stop_reason_of(r: &ScriptedResponse) -> String {
    if let Some(s) = r.stop_reason.as_ref().filter(|s| !s.is_empty()) {
        return s.clone();
    }
    let content = r.content.as_deref().unwrap_or_default();
    if content
        .iter()
        .any(|c| c.get("type").and_then(Value::as_str) == Some("tool_use"))
    {
        "tool_use".into()
    } else {
        "end_turn".into()
    }
}

/// The echoed model: the script's override, else the request's.
pub fn model_of(r: &ScriptedResponse, request: &Value) -> Value {
    match r.model.as_ref().filter(|m| truthy(m)) {
        Some(m) => m.clone(),
        None => request.get("model").cloned().unwrap_or(Value::Null),
    }
}

/// The body of a non-streaming answer.
pub fn message_json(r: &ScriptedResponse, id: &str, request: &Value) -> Value {
    let content: Vec<Value> = r
        .content
        .iter()
        .flatten()
        .map(|c| {
            let mut c = c.clone();
            if c.get("type").and_then(Value::as_str) == Some("thinking") {
                if let Some(o) = c.as_object_mut() {
                    o.entry("signature").or_insert(json!("sig"));
                }
            }
            c
        })
        .collect();
    json!({"id": id, "type": "message", "role": "assistant", "model": model_of(r, request),
           "content": content, "stop_reason": stop_reason_of(r), "stop_sequence": null,
           "usage": usage_of(r)})
}

/// Every SSE event of a streamed answer, already shortened by `cut_after`. An unknown block
/// type ends the stream at that block, as the fixture's exception would.
pub fn stream_events(r: &ScriptedResponse, id: &str, request: &Value) -> Vec<SseEvent> {
    let mut out = Vec::new();
    let usage = usage_of(r);
    let get = |k: &str| usage.get(k).cloned().unwrap_or(json!(0));
    out.push(ev(
        "message_start",
        json!({"type": "message_start", "message": {
        "id": id, "type": "message", "role": "assistant", "model": model_of(r, request),
        "content": [], "stop_reason": null, "stop_sequence": null,
        "usage": {"input_tokens": get("input_tokens"),
                  "cache_creation_input_tokens": get("cache_creation_input_tokens"),
                  "cache_read_input_tokens": get("cache_read_input_tokens"),
                  "output_tokens": 1}}}),
    ));
    let chunk = r.chunk.unwrap_or(8).max(1);
    let complete = r
        .content
        .iter()
        .flatten()
        .enumerate()
        .all(|(idx, block)| block_events(&mut out, idx, block, chunk));
    if complete {
        match r.stream_error.as_ref().filter(|e| truthy(e)) {
            Some(err) => out.push(ev("error", json!({"type": "error", "error": err}))),
            None => {
                out.push(ev(
                    "message_delta",
                    json!({"type": "message_delta",
                    "delta": {"stop_reason": stop_reason_of(r), "stop_sequence": null},
                    "usage": {"input_tokens": get("input_tokens"),
                              "cache_creation_input_tokens": get("cache_creation_input_tokens"),
                              "cache_read_input_tokens": get("cache_read_input_tokens"),
                              "output_tokens": get("output_tokens")}}),
                ));
                out.push(ev("message_stop", json!({"type": "message_stop"})));
            }
        }
    }
    if let Some(n) = r.cut_after {
        out.truncate(n);
    }
    out
}

/// Appends one block's events; false when the block is malformed or of an unknown type.
fn block_events(out: &mut Vec<SseEvent>, idx: usize, c: &Value, chunk: usize) -> bool {
    let str_of = |k: &str| c.get(k).and_then(Value::as_str).unwrap_or("").to_string();
    let start = |out: &mut Vec<SseEvent>, block: Value| {
        out.push(ev(
            "content_block_start",
            json!({"type": "content_block_start", "index": idx, "content_block": block}),
        ));
        if idx == 0 {
            out.push(ev("ping", json!({"type": "ping"})));
        }
    };
    let delta = |out: &mut Vec<SseEvent>, d: Value| {
        out.push(ev(
            "content_block_delta",
            json!({"type": "content_block_delta", "index": idx, "delta": d}),
        ));
    };
    match c.get("type").and_then(Value::as_str) {
        Some("text") => {
            start(out, json!({"type": "text", "text": ""}));
            for piece in pieces(&str_of("text"), chunk) {
                delta(out, json!({"type": "text_delta", "text": piece}));
            }
        }
        Some("tool_use") => {
            let (Some(id), Some(name)) = (c.get("id"), c.get("name")) else {
                return false;
            };
            start(
                out,
                json!({"type": "tool_use", "id": id, "name": name, "input": {}}),
            );
            let js = match c.get("input") {
                Some(Value::String(s)) => s.clone(),
                Some(v) => dumps(v),
                None => "{}".to_string(),
            };
            delta(out, json!({"type": "input_json_delta", "partial_json": ""}));
            for piece in pieces(&js, chunk.max(10)) {
                delta(
                    out,
                    json!({"type": "input_json_delta", "partial_json": piece}),
                );
            }
        }
        Some("thinking") => {
            start(
                out,
                json!({"type": "thinking", "thinking": "", "signature": ""}),
            );
            for piece in pieces(&str_of("thinking"), chunk * 4) {
                delta(out, json!({"type": "thinking_delta", "thinking": piece}));
            }
            let signature = c.get("signature").cloned().unwrap_or(json!("sig"));
            delta(
                out,
                json!({"type": "signature_delta", "signature": signature}),
            );
        }
        Some("redacted_thinking") => {
            let data = c.get("data").cloned().unwrap_or(json!(""));
            out.push(ev(
                "content_block_start",
                json!({"type": "content_block_start", "index": idx,
                "content_block": {"type": "redacted_thinking", "data": data}}),
            ));
        }
        _ => return false,
    }
    out.push(ev(
        "content_block_stop",
        json!({"type": "content_block_stop", "index": idx}),
    ));
    true
}

/// Splits a string into pieces of `size` characters (code points, as Python slices).
fn pieces(s: &str, size: usize) -> Vec<String> {
    let chars: Vec<char> = s.chars().collect();
    chars.chunks(size).map(|c| c.iter().collect()).collect()
}

fn ev(name: &str, data: Value) -> SseEvent {
    (name.to_string(), data)
}

/// The wire form of one event: `event: NAME\ndata: JSON\n\n`.
pub fn encode(event: &SseEvent) -> String {
    format!("event: {}\ndata: {}\n\n", event.0, dumps(&event.1))
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    fn response(v: Value) -> ScriptedResponse {
        serde_json::from_value(v).unwrap()
    }

    #[test]
    fn tool_use_stream_in_order() {
        let r = response(
            json!({"content": [{"type": "tool_use", "id": "toolu_1", "name": "Bash",
                                             "input": {"command": "echo hello"}}]}),
        );
        let events = stream_events(&r, "msg_mock_0003", &json!({"model": "m"}));
        let wire: Vec<String> = events.iter().map(encode).collect();
        assert_eq!(wire, vec![
            "event: message_start\ndata: {\"type\": \"message_start\", \"message\": {\"id\": \"msg_mock_0003\", \"type\": \"message\", \"role\": \"assistant\", \"model\": \"m\", \"content\": [], \"stop_reason\": null, \"stop_sequence\": null, \"usage\": {\"input_tokens\": 100, \"cache_creation_input_tokens\": 0, \"cache_read_input_tokens\": 0, \"output_tokens\": 1}}}\n\n",
            "event: content_block_start\ndata: {\"type\": \"content_block_start\", \"index\": 0, \"content_block\": {\"type\": \"tool_use\", \"id\": \"toolu_1\", \"name\": \"Bash\", \"input\": {}}}\n\n",
            "event: ping\ndata: {\"type\": \"ping\"}\n\n",
            "event: content_block_delta\ndata: {\"type\": \"content_block_delta\", \"index\": 0, \"delta\": {\"type\": \"input_json_delta\", \"partial_json\": \"\"}}\n\n",
            "event: content_block_delta\ndata: {\"type\": \"content_block_delta\", \"index\": 0, \"delta\": {\"type\": \"input_json_delta\", \"partial_json\": \"{\\\"command\\\"\"}}\n\n",
            "event: content_block_delta\ndata: {\"type\": \"content_block_delta\", \"index\": 0, \"delta\": {\"type\": \"input_json_delta\", \"partial_json\": \": \\\"echo he\"}}\n\n",
            "event: content_block_delta\ndata: {\"type\": \"content_block_delta\", \"index\": 0, \"delta\": {\"type\": \"input_json_delta\", \"partial_json\": \"llo\\\"}\"}}\n\n",
            "event: content_block_stop\ndata: {\"type\": \"content_block_stop\", \"index\": 0}\n\n",
            "event: message_delta\ndata: {\"type\": \"message_delta\", \"delta\": {\"stop_reason\": \"tool_use\", \"stop_sequence\": null}, \"usage\": {\"input_tokens\": 100, \"cache_creation_input_tokens\": 0, \"cache_read_input_tokens\": 0, \"output_tokens\": 20}}\n\n",
            "event: message_stop\ndata: {\"type\": \"message_stop\"}\n\n",
        ]);
    }

    #[test]
    fn thinking_then_text_with_stream_error_and_cut() {
        let r = response(
            json!({"chunk": 2, "stream_error": {"type": "overloaded_error", "message": "Overloaded"},
            "content": [{"type": "thinking", "thinking": "0123456789"}, {"type": "text", "text": "abc"}]}),
        );
        let names: Vec<String> = stream_events(&r, "m", &Value::Null)
            .iter()
            .map(|(n, d)| {
                format!(
                    "{n}:{}",
                    d.get("delta").map(|d| d.to_string()).unwrap_or_default()
                )
            })
            .collect();
        assert_eq!(
            names,
            vec![
                "message_start:",
                "content_block_start:",
                "ping:",
                r#"content_block_delta:{"type":"thinking_delta","thinking":"01234567"}"#,
                r#"content_block_delta:{"type":"thinking_delta","thinking":"89"}"#,
                r#"content_block_delta:{"type":"signature_delta","signature":"sig"}"#,
                "content_block_stop:",
                "content_block_start:",
                r#"content_block_delta:{"type":"text_delta","text":"ab"}"#,
                r#"content_block_delta:{"type":"text_delta","text":"c"}"#,
                "content_block_stop:",
                "error:",
            ]
        );
        let cut = response(json!({"cut_after": 2, "content": [{"type": "text", "text": "abc"}]}));
        assert_eq!(stream_events(&cut, "m", &Value::Null).len(), 2);
    }

    #[test]
    fn unknown_block_ends_stream_and_json_message_fills_signature() {
        let r = response(json!({"content": [{"type": "text", "text": ""}, {"type": "image"}]}));
        let names: Vec<String> = stream_events(&r, "m", &Value::Null)
            .into_iter()
            .map(|e| e.0)
            .collect();
        assert_eq!(
            names,
            [
                "message_start",
                "content_block_start",
                "ping",
                "content_block_stop"
            ]
        );
        let r = response(json!({"model": "x", "usage": {"output_tokens": 5},
            "content": [{"type": "thinking", "thinking": "t"}]}));
        assert_eq!(
            message_json(&r, "msg_mock_0001", &json!({"model": "m"})),
            json!({
            "id": "msg_mock_0001", "type": "message", "role": "assistant", "model": "x",
            "content": [{"type": "thinking", "thinking": "t", "signature": "sig"}],
            "stop_reason": "end_turn", "stop_sequence": null,
            "usage": {"input_tokens": 100, "output_tokens": 5, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0}})
        );
    }
}

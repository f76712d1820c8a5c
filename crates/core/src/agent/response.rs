//! Assembles a streamed Messages API response into content blocks.
//!
//! Feed raw SSE events in order; each `content_block_stop` hands back the finished block.
//! `message_delta` carries the stop reason and the final usage.
//!
//! ```
//! use oxagent_core::agent::response::ResponseBuilder;
//! use serde_json::json;
//! let mut r = ResponseBuilder::default();
//! r.push(&json!({"type": "message_start", "message": {"id": "m1", "model": "x", "usage": {"input_tokens": 5, "output_tokens": 1}}}));
//! r.push(&json!({"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}}));
//! r.push(&json!({"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "hi"}}));
//! let block = r.push(&json!({"type": "content_block_stop", "index": 0}));
//! assert_eq!(block, Some(oxagent_core::ContentBlock::text("hi")));
//! ```

use super::estimate;
use serde_json::{Map, Value};

use crate::api_event::{ApiEvent, DeltaKind};
use crate::content::{texts, ContentBlock};
use crate::usage::Usage;

#[derive(Debug)]
enum Partial {
    Text {
        text: String,
        citations: Vec<Value>,
    },
    Thinking {
        thinking: String,
        signature: String,
    },
    ToolUse {
        id: String,
        name: String,
        json: String,
        initial: Value,
    },
    Other(Value),
}

/// The state of one response being streamed.
#[derive(Debug, Default)]
pub struct ResponseBuilder {
    pub id: String,
    /// Texts the MessageDisplay hooks showed in place of the model's: (block index, text).
    pub shown_texts: Vec<(usize, String)>,
    /// The answer's `request-id` header, when the client told it.
    pub request_id: Option<String>,
    pub model: String,
    /// Usage as `message_start` reported it (what per-block assistant messages carry).
    pub start_usage: Usage,
    /// Usage after the last `message_delta` (what the turn is billed).
    pub usage: Usage,
    pub stop_reason: Option<String>,
    pub stop_sequence: Option<String>,
    pub started: bool,
    pub finished: bool,
    /// An SSE `error` event arrived: `(type, message)`.
    pub stream_error: Option<(String, String)>,
    /// The connection broke after some blocks were whole.
    pub cut_off: bool,
    /// The answer spent the budget after a call it started early: its end shows as given up
    /// (see `model_call::budget_stop_delta`).
    pub budget_stop: bool,
    /// At `message_delta`, the last call was still waiting for the calls before it (one that
    /// changes things runs alone): it did not start early (fuzz-d/fd_427).
    pub last_call_waiting: bool,
    /// The stop reason `message_start` already carried (an answer replayed from a whole
    /// JSON message has one).
    pub start_stop_reason: Option<String>,
    /// Per block, what of it streamed so far (to estimate the output of an attempt that
    /// broke off).
    streamed: Vec<estimate::Streamed>,
    /// A `message_delta` reported the answer's usage.
    delta_usage: bool,
    /// The UTF-16 length of the text or call input the last event streamed, if it was such
    /// a delta (what a subagent's progress counts: `take_output_chars`).
    output_chars: Option<u64>,
    /// The estimated tokens of the thinking block that streams (`system/thinking_tokens`).
    pub thinking_estimate: u64,
    partial: Vec<(u64, Partial)>,
    /// Every finished block, in order.
    pub blocks: Vec<ContentBlock>,
    /// What the caller is told of a broken-off answer whose calls still run, once the
    /// budget has been checked.
    pub notice: Option<crate::message::Message>,
    /// A blank text block just dropped: not shown, not sent back, but a row of the
    /// transcript, as the reference writes it (fuzz-d/fd_029).
    pub dropped_blank: Option<ContentBlock>,
    /// Uuids of the assistant messages that carried the blocks to the caller.
    pub uuids: Vec<String>,
}

impl ResponseBuilder {
    /// The UTF-16 length of the text or call input the last event streamed, once.
    pub fn take_output_chars(&mut self) -> Option<u64> {
        self.output_chars.take()
    }

    /// [`ResponseBuilder::push`] for an event as the model client hands it: a delta read
    /// without a `Value` is applied as read.
    pub fn push_event(&mut self, event: &ApiEvent) -> Option<ContentBlock> {
        let Some(delta) = event.delta() else {
            return self.push(event);
        };
        self.output_chars = None;
        if let Some(b) = self.streamed.iter_mut().find(|b| b.index == delta.index) {
            let len = b.add(delta.kind == DeltaKind::Signature, &delta.text);
            if matches!(delta.kind, DeltaKind::Text | DeltaKind::InputJson) {
                self.output_chars = Some(len as u64);
            }
        }
        if let Some((_, p)) = self.partial.iter_mut().find(|(i, _)| *i == delta.index) {
            apply_text(p, delta.kind.as_str(), &delta.text);
        }
        None
    }

    /// Consumes one raw SSE event; returns a block when one is finished.
    pub fn push(&mut self, event: &Value) -> Option<ContentBlock> {
        self.output_chars = None;
        let kind = event.get("type").and_then(Value::as_str).unwrap_or("");
        match kind {
            "message_start" => {
                let msg = event.get("message").cloned().unwrap_or(Value::Null);
                self.id = str_of(&msg, "id");
                self.model = str_of(&msg, "model");
                self.start_usage = msg
                    .get("usage")
                    .and_then(|u| serde_json::from_value(u.clone()).ok())
                    .unwrap_or_default();
                self.usage = self.start_usage.clone();
                self.start_stop_reason = msg
                    .get("stop_reason")
                    .and_then(Value::as_str)
                    .map(str::to_string);
                self.started = true;
                None
            }
            "content_block_start" => {
                let index = event.get("index").and_then(Value::as_u64).unwrap_or(0);
                let block = event.get("content_block").cloned().unwrap_or(Value::Null);
                self.streamed.push(estimate::Streamed::start(index, &block));
                self.partial.push((index, start_block(block)));
                None
            }
            "content_block_delta" => {
                let index = event.get("index").and_then(Value::as_u64).unwrap_or(0);
                let delta = event.get("delta").unwrap_or(&Value::Null);
                if let Some(b) = self.streamed.iter_mut().find(|b| b.index == index) {
                    for key in ["text", "thinking", "partial_json", "signature"] {
                        if let Some(t) = delta.get(key).and_then(Value::as_str) {
                            let len = b.add(key == "signature", t);
                            if matches!(key, "text" | "partial_json") {
                                self.output_chars = Some(len as u64);
                            }
                        }
                    }
                }
                if let Some((_, p)) = self.partial.iter_mut().find(|(i, _)| *i == index) {
                    apply_delta(p, delta);
                }
                None
            }
            "content_block_stop" => {
                let index = event.get("index").and_then(Value::as_u64).unwrap_or(0);
                let pos = self.partial.iter().position(|(i, _)| *i == index)?;
                let (_, p) = self.partial.remove(pos);
                let block = finish_block(p);
                // A text block of nothing or of blanks is dropped, as the reference drops
                // it: never shown, never sent back.
                // (The transcript still records it: `dropped_blank`.)
                if matches!(&block, ContentBlock::Text { text, .. } if text.trim().is_empty()) {
                    self.dropped_blank = Some(block);
                    return None;
                }
                self.blocks.push(block.clone());
                Some(block)
            }
            "message_delta" => {
                if let Some(delta) = event.get("delta") {
                    if let Some(r) = delta.get("stop_reason").and_then(Value::as_str) {
                        self.stop_reason = Some(r.to_string());
                    }
                    if let Some(s) = delta.get("stop_sequence").and_then(Value::as_str) {
                        self.stop_sequence = Some(s.to_string());
                    }
                }
                if let Some(u) = event.get("usage") {
                    self.usage.merge_delta(u);
                    self.delta_usage = true;
                }
                None
            }
            "message_stop" => {
                self.finished = true;
                None
            }
            "error" => {
                let err = event.get("error").unwrap_or(&Value::Null);
                self.stream_error = Some((str_of(err, "type"), str_of(err, "message")));
                None
            }
            _ => None,
        }
    }

    /// What an attempt that broke off is billed: the usage `message_delta` reported if it
    /// came; else `message_start`'s, its output raised to the reference's estimate of what
    /// streamed (see [`estimate`]) with the bytes per token it reads `model` by.
    pub fn broken_off_usage(&self, model: &str) -> Usage {
        if self.delta_usage {
            return self.usage.clone();
        }
        let mut usage = self.start_usage.clone();
        usage.output_tokens = usage
            .output_tokens
            .max(estimate::output_tokens(&self.streamed, model));
        usage
    }

    /// Whether the answer ends in a call the reference starts as soon as its block has
    /// streamed: a read-only call of any tool but Bash and WebFetch (Read, Glob, Grep,
    /// WebSearch, CronList, Agent, StructuredOutput; tests/conformance/budgetstop), or a call
    /// of any tool whose input its schema refuses, answered then (fuzz-d/fd_261: a Bash
    /// without its command).
    pub fn ends_in_early_call(&self, tools: &crate::tool::ToolRegistry) -> bool {
        let Some(ContentBlock::ToolUse { name, input, .. }) = self.blocks.last() else {
            return false;
        };
        if self.last_call_waiting {
            return false;
        }
        let Some(tool) = tools.get(name) else {
            return false;
        };
        let schema = tool.validation_schema();
        let read = crate::validate::coerce_input(&schema, &tool.input_as_checked(input));
        let refused = crate::validate::validate_input(tool.name(), &schema, &read).is_err();
        refused || (!matches!(name.as_str(), "Bash" | "WebFetch") && tool.is_read_only(input))
    }

    /// The answer broke off after some whole blocks: the wording of what happened.
    pub fn broken_off(&self) -> Option<&'static str> {
        if !self.has_blocks() || !self.ended_early() {
            return None;
        }
        Some(match self.stream_error {
            Some(_) => "Server error mid-response",
            None => "Connection lost mid-response",
        })
    }

    /// The stream stopped before the answer's end: the connection was cut, or the server sent
    /// an error mid-stream (the answer then has no stop reason).
    pub fn ended_early(&self) -> bool {
        self.stream_error.is_some() || self.cut_off
    }

    /// The index of a text or thinking block still streaming, when one is.
    pub fn open_prose_block(&self) -> Option<u64> {
        self.partial
            .iter()
            .find(|(_, p)| matches!(p, Partial::Text { .. } | Partial::Thinking { .. }))
            .map(|(i, _)| *i)
    }

    /// Whether any block has been finished (and so shown to the caller).
    pub fn has_blocks(&self) -> bool {
        !self.blocks.is_empty()
    }

    pub fn tool_uses(&self) -> Vec<(String, String, Value)> {
        self.blocks
            .iter()
            .filter_map(|b| match b {
                ContentBlock::ToolUse { id, name, input } => {
                    Some((id.clone(), name.clone(), input.clone()))
                }
                _ => None,
            })
            .collect()
    }

    /// The text of the response's text blocks, as the result message reports it.
    pub fn text(&self) -> Option<String> {
        texts(&self.blocks).last().map(str::to_string)
    }
}

fn str_of(v: &Value, key: &str) -> String {
    v.get(key).and_then(Value::as_str).unwrap_or("").to_string()
}

fn start_block(block: Value) -> Partial {
    match block.get("type").and_then(Value::as_str).unwrap_or("") {
        "text" => Partial::Text {
            text: str_of(&block, "text"),
            citations: Vec::new(),
        },
        "thinking" => Partial::Thinking {
            thinking: str_of(&block, "thinking"),
            signature: str_of(&block, "signature"),
        },
        "tool_use" => Partial::ToolUse {
            id: str_of(&block, "id"),
            name: str_of(&block, "name"),
            json: String::new(),
            initial: block
                .get("input")
                .cloned()
                .unwrap_or(Value::Object(Map::new())),
        },
        _ => Partial::Other(block),
    }
}

fn apply_delta(p: &mut Partial, delta: &Value) {
    let kind = delta.get("type").and_then(Value::as_str).unwrap_or("");
    if let (Partial::Text { citations, .. }, "citations_delta") = (&mut *p, kind) {
        if let Some(c) = delta.get("citation") {
            citations.push(c.clone());
        }
        return;
    }
    let key = match kind {
        "text_delta" => "text",
        "thinking_delta" => "thinking",
        "signature_delta" => "signature",
        "input_json_delta" => "partial_json",
        _ => return,
    };
    apply_text(
        p,
        kind,
        delta.get(key).and_then(Value::as_str).unwrap_or(""),
    );
}

/// A delta of type `kind` whose text is `part`.
fn apply_text(p: &mut Partial, kind: &str, part: &str) {
    match (p, kind) {
        (Partial::Text { text, .. }, "text_delta") => text.push_str(part),
        (Partial::Thinking { thinking, .. }, "thinking_delta") => thinking.push_str(part),
        (Partial::Thinking { signature, .. }, "signature_delta") => signature.push_str(part),
        (Partial::ToolUse { json, .. }, "input_json_delta") => json.push_str(part),
        (Partial::Other(block), "input_json_delta") => {
            // server_tool_use blocks stream their input the same way.
            let buf = block.as_object_mut().map(|o| {
                o.entry("__partial_json")
                    .or_insert(Value::String(String::new()))
            });
            if let Some(Value::String(s)) = buf {
                s.push_str(part);
            }
        }
        _ => {}
    }
}

fn finish_block(p: Partial) -> ContentBlock {
    match p {
        Partial::Text { text, citations } => ContentBlock::Text {
            text,
            citations: (!citations.is_empty()).then_some(Value::Array(citations)),
        },
        Partial::Thinking {
            thinking,
            signature,
        } => ContentBlock::Thinking {
            thinking,
            signature,
        },
        Partial::ToolUse {
            id,
            name,
            json,
            initial,
        } => {
            let input = if json.trim().is_empty() {
                initial
            } else {
                // `null` is no input; other JSON stays as sent (validation reads it); text
                // that is not JSON is kept as the reference keeps it, and refused.
                match serde_json::from_str(&json) {
                    Ok(Value::Null) => Value::Object(Default::default()),
                    Ok(v) => js_numbers(v),
                    Err(_) => crate::validate::unparsed_input(&json),
                }
            };
            ContentBlock::ToolUse { id, name, input }
        }
        Partial::Other(mut block) => {
            if let Some(obj) = block.as_object_mut() {
                if let Some(Value::String(json)) = obj.remove("__partial_json") {
                    if let Ok(input) = serde_json::from_str(&json) {
                        obj.insert("input".into(), input);
                    }
                }
                if obj.get("type").and_then(Value::as_str) == Some("redacted_thinking") {
                    let data = obj
                        .get("data")
                        .and_then(Value::as_str)
                        .unwrap_or("")
                        .to_string();
                    return ContentBlock::RedactedThinking { data };
                }
            }
            ContentBlock::Other(block)
        }
    }
}

/// The input as JavaScript reads it: a whole number written with a fraction or an exponent
/// (`42.0`, `1e3`) is that integer, in the call shown, run and answered alike.
fn js_numbers(v: Value) -> Value {
    const SAFE: f64 = 9_007_199_254_740_991.0;
    match v {
        Value::Number(n) if !n.is_i64() && !n.is_u64() => match n.as_f64() {
            Some(f) if f.fract() == 0.0 && f.abs() <= SAFE => Value::from(f as i64),
            _ => Value::Number(n),
        },
        Value::Array(items) => Value::Array(items.into_iter().map(js_numbers).collect()),
        Value::Object(fields) => Value::Object(
            fields
                .into_iter()
                .map(|(k, v)| (k, js_numbers(v)))
                .collect(),
        ),
        other => other,
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn whole_numbers_read_as_integers() {
        let v = serde_json::json!({"a": 42.0, "b": [1e3, 4.5, -0.0], "c": {"d": 7}});
        assert_eq!(
            super::js_numbers(v).to_string(),
            r#"{"a":42,"b":[1000,4.5,0],"c":{"d":7}}"#
        );
    }

    use super::*;
    use serde_json::json;

    #[test]
    fn tool_use_input_is_reassembled() {
        let mut r = ResponseBuilder::default();
        r.push(&json!({"type": "content_block_start", "index": 1,
            "content_block": {"type": "tool_use", "id": "t1", "name": "Bash", "input": {}}}));
        for part in ["", "{\"comm", "and\": \"ls\"}"] {
            r.push(&json!({"type": "content_block_delta", "index": 1,
                "delta": {"type": "input_json_delta", "partial_json": part}}));
        }
        let b = r.push(&json!({"type": "content_block_stop", "index": 1}));
        assert_eq!(
            b,
            Some(ContentBlock::ToolUse {
                id: "t1".into(),
                name: "Bash".into(),
                input: json!({"command": "ls"})
            })
        );
    }

    #[test]
    fn message_delta_sets_stop_reason_and_usage() {
        let mut r = ResponseBuilder::default();
        r.push(
            &json!({"type": "message_start", "message": {"id": "m", "model": "x",
            "usage": {"input_tokens": 100, "output_tokens": 1}}}),
        );
        r.push(
            &json!({"type": "message_delta", "delta": {"stop_reason": "end_turn"},
            "usage": {"output_tokens": 20}}),
        );
        assert_eq!(r.stop_reason.as_deref(), Some("end_turn"));
        assert_eq!((r.usage.input_tokens, r.usage.output_tokens), (100, 20));
        assert_eq!(r.start_usage.output_tokens, 1);
    }
}

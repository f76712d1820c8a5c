//! One event of a Messages API response stream, as the API sent it.
//!
//! Most of a long answer is `content_block_delta` events. [`ApiEvent::from_sse`] reads those
//! into a [`Delta`] (block index, kind, text) and keeps the event's JSON text as the API sent
//! it, without building a [`Value`]: the loop assembles the answer from the [`Delta`], and
//! the text is what a caller is handed (serialized as is, field order and all). The `Value`
//! is built on first use, for a caller that reads the event as one. Every other event, and
//! a delta of any other shape, is parsed into a `Value` at once.
//!
//! ```
//! use oxagent_core::api_event::{ApiEvent, DeltaKind};
//! let data = r#"{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"hi"}}"#;
//! let event = ApiEvent::from_sse(data.to_string()).unwrap();
//! assert_eq!(event.kind(), "content_block_delta");
//! let delta = event.delta().unwrap();
//! assert_eq!((delta.index, delta.kind, delta.text.as_str()), (0, DeltaKind::Text, "hi"));
//! assert_eq!(serde_json::to_string(&event).unwrap(), data);
//! assert_eq!(event["delta"]["text"], "hi");
//! ```

use std::borrow::Cow;
use std::fmt;
use std::ops::Deref;
use std::sync::OnceLock;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::value::RawValue;
use serde_json::Value;

/// What a `content_block_delta` adds to its block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeltaKind {
    /// `text_delta`: `text`.
    Text,
    /// `thinking_delta`: `thinking`.
    Thinking,
    /// `input_json_delta`: `partial_json`.
    InputJson,
    /// `signature_delta`: `signature`.
    Signature,
}

impl DeltaKind {
    /// The delta's `type`, as the API spells it.
    pub fn as_str(self) -> &'static str {
        match self {
            DeltaKind::Text => "text_delta",
            DeltaKind::Thinking => "thinking_delta",
            DeltaKind::InputJson => "input_json_delta",
            DeltaKind::Signature => "signature_delta",
        }
    }
}

/// A `content_block_delta` event, read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Delta {
    pub index: u64,
    pub kind: DeltaKind,
    /// The delta's one text field (`text`, `thinking`, `partial_json` or `signature`).
    pub text: String,
}

/// See the module docs.
#[derive(Default)]
pub struct ApiEvent {
    /// The event's JSON text, as the API sent it (only with `delta`).
    raw: Option<Box<RawValue>>,
    /// The event as a `Value`: given, or parsed from `raw` on first use.
    value: OnceLock<Value>,
    delta: Option<Delta>,
    /// On `message_start`: the answer's `request-id` header, which the client knows and the
    /// event does not carry (not serialized, not compared).
    request_id: Option<Box<str>>,
}

/// The shape the fast path reads: exactly these fields, nothing else.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DeltaEvent<'a> {
    #[serde(rename = "type", borrow)]
    kind: Cow<'a, str>,
    index: u64,
    #[serde(borrow)]
    delta: DeltaBody<'a>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DeltaBody<'a> {
    #[serde(rename = "type", borrow)]
    kind: Cow<'a, str>,
    #[serde(borrow)]
    text: Option<Cow<'a, str>>,
    #[serde(borrow)]
    thinking: Option<Cow<'a, str>>,
    #[serde(borrow)]
    partial_json: Option<Cow<'a, str>>,
    #[serde(borrow)]
    signature: Option<Cow<'a, str>>,
}

impl DeltaBody<'_> {
    /// The delta when it has exactly the one text field its type names.
    fn read(self, index: u64) -> Option<Delta> {
        let (kind, text) = match (
            &*self.kind,
            self.text,
            self.thinking,
            self.partial_json,
            self.signature,
        ) {
            ("text_delta", Some(t), None, None, None) => (DeltaKind::Text, t),
            ("thinking_delta", None, Some(t), None, None) => (DeltaKind::Thinking, t),
            ("input_json_delta", None, None, Some(t), None) => (DeltaKind::InputJson, t),
            ("signature_delta", None, None, None, Some(t)) => (DeltaKind::Signature, t),
            _ => return None,
        };
        Some(Delta {
            index,
            kind,
            text: text.into_owned(),
        })
    }
}

impl ApiEvent {
    /// An event from the `data` of an SSE event: a plain delta read without a `Value` (see
    /// the module docs), anything else parsed. Fails when `data` is not JSON.
    pub fn from_sse(data: String) -> Result<ApiEvent, serde_json::Error> {
        let delta = serde_json::from_str::<DeltaEvent<'_>>(&data)
            .ok()
            .filter(|e| e.kind == "content_block_delta")
            .and_then(|e| e.delta.read(e.index));
        match delta {
            // Read as JSON already: keeping the text checks it again, without allocating.
            Some(delta) => Ok(ApiEvent {
                raw: Some(RawValue::from_string(data)?),
                value: OnceLock::new(),
                delta: Some(delta),
                request_id: None,
            }),
            None => serde_json::from_str::<Value>(&data).map(ApiEvent::from),
        }
    }

    /// The event's `type` (`""` when it has none).
    pub fn kind(&self) -> &str {
        match &self.delta {
            Some(_) => "content_block_delta",
            None => self
                .value()
                .get("type")
                .and_then(Value::as_str)
                .unwrap_or(""),
        }
    }

    /// The delta, when the event is a plain `content_block_delta` read without a `Value`.
    pub fn delta(&self) -> Option<&Delta> {
        self.delta.as_ref()
    }

    /// The event as a `Value` (built on first use from the API's text).
    pub fn value(&self) -> &Value {
        self.value.get_or_init(|| match &self.raw {
            Some(raw) => serde_json::from_str(raw.get()).unwrap_or(Value::Null),
            None => Value::Null,
        })
    }

    /// The event as a `Value` to change: what was read of it without one is forgotten.
    pub fn value_mut(&mut self) -> &mut Value {
        self.value();
        self.raw = None;
        self.delta = None;
        self.value.get_mut().unwrap_or_else(|| unreachable!())
    }

    pub fn into_value(self) -> Value {
        self.value();
        self.value.into_inner().unwrap_or(Value::Null)
    }
}

impl From<Value> for ApiEvent {
    fn from(value: Value) -> Self {
        ApiEvent {
            raw: None,
            value: OnceLock::from(value),
            delta: None,
            request_id: None,
        }
    }
}

impl ApiEvent {
    /// The event with the `request-id` of the answer it opens.
    pub fn with_request_id(mut self, id: Option<&str>) -> Self {
        self.request_id = id.map(Into::into);
        self
    }

    /// The `request-id` of the answer this `message_start` opens, when the client knew it.
    pub fn request_id(&self) -> Option<&str> {
        self.request_id.as_deref()
    }
}

impl Deref for ApiEvent {
    type Target = Value;

    fn deref(&self) -> &Value {
        self.value()
    }
}

impl Clone for ApiEvent {
    fn clone(&self) -> Self {
        ApiEvent {
            raw: self.raw.clone(),
            value: self.value.clone(),
            delta: self.delta.clone(),
            request_id: self.request_id.clone(),
        }
    }
}

impl fmt::Debug for ApiEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.value(), f)
    }
}

impl PartialEq for ApiEvent {
    fn eq(&self, other: &Self) -> bool {
        match (&self.raw, &other.raw) {
            (Some(a), Some(b)) if a.get() == b.get() => true,
            _ => self.value() == other.value(),
        }
    }
}

impl PartialEq<Value> for ApiEvent {
    fn eq(&self, other: &Value) -> bool {
        self.value() == other
    }
}

impl Serialize for ApiEvent {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match &self.raw {
            Some(raw) => raw.serialize(serializer),
            None => self.value().serialize(serializer),
        }
    }
}

impl<'de> Deserialize<'de> for ApiEvent {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Value::deserialize(deserializer).map(ApiEvent::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn read(data: &str) -> ApiEvent {
        ApiEvent::from_sse(data.to_string()).unwrap()
    }

    #[test]
    fn plain_deltas_are_read_and_kept_as_sent() {
        for (data, kind, text) in [
            (
                r#"{"type":"content_block_delta","index":2,"delta":{"type":"text_delta","text":"a\u00e9\n"}}"#,
                DeltaKind::Text,
                "aé\n",
            ),
            (
                r#"{"index":1,"type":"content_block_delta","delta":{"partial_json":"{\"a\"","type":"input_json_delta"}}"#,
                DeltaKind::InputJson,
                "{\"a\"",
            ),
            (
                r#" {"type": "content_block_delta", "index": 0, "delta": {"type": "thinking_delta", "thinking": "hm"}} "#,
                DeltaKind::Thinking,
                "hm",
            ),
        ] {
            let event = read(data);
            let delta = event.delta().unwrap();
            assert_eq!((delta.kind, delta.text.as_str()), (kind, text));
            assert_eq!(serde_json::to_string(&event).unwrap(), data.trim());
            let parsed: Value = serde_json::from_str(data).unwrap();
            assert_eq!(serde_json::to_value(&event).unwrap(), parsed);
            assert_eq!(*event, parsed);
            // The field order of the API's text, once parsed.
            let keys: Vec<&String> = event.as_object().unwrap().keys().collect();
            let sent: Vec<&String> = parsed.as_object().unwrap().keys().collect();
            assert_eq!(keys, sent);
        }
    }

    #[test]
    fn other_shapes_are_values() {
        for data in [
            r#"{"type":"content_block_delta","index":0,"delta":{"type":"citations_delta","citation":{}}}"#,
            r#"{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"a","extra":1}}"#,
            r#"{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","thinking":"a"}}"#,
            r#"{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"a"},"_oxagent_replayed":true}"#,
            r#"{"type":"content_block_delta","index":0,"index":1,"delta":{"type":"text_delta","text":"a"}}"#,
            r#"{"type":"message_stop"}"#,
        ] {
            let event = read(data);
            assert!(event.delta().is_none(), "{data}");
            assert_eq!(*event, serde_json::from_str::<Value>(data).unwrap());
        }
        assert!(ApiEvent::from_sse("not json".into()).is_err());
        assert!(ApiEvent::from_sse(
            r#"{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"a"}} x"#
                .into()
        )
        .is_err());
    }

    #[test]
    fn a_value_changed_is_what_is_serialized() {
        let mut event = read(
            r#"{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"a"}}"#,
        );
        event.value_mut()["index"] = json!(5);
        assert!(event.delta().is_none());
        assert_eq!(serde_json::to_value(&event).unwrap()["index"], 5);
        assert_eq!(event.kind(), "content_block_delta");
        assert_eq!(ApiEvent::from(json!({"type": "ping"})).kind(), "ping");
    }
}

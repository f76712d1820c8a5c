//! The scenario script and the rules that pick a scripted response for a request.
//!
//! The format is the one of the conformance fixture `mockapi.py`: a JSON object with
//! `responses` (consumed in order), `default` and `side_default`. Selection per request:
//! the earliest unconsumed response whose `match` occurs in the last user turn; else, for a
//! side request (not streaming, or no `tools` key), `side_default`; else the next unconsumed
//! response without `match`; else `default`.
//!
//! ```
//! use oxagent_testkit::Script;
//! use serde_json::json;
//! let script = Script::from_json(&json!({"responses": [{"content": [{"type": "text", "text": "hi"}]}]})).unwrap();
//! let mut consumed = vec![false; script.responses.len()];
//! let req = json!({"stream": true, "tools": [], "messages": [{"role": "user", "content": "x"}]});
//! assert_eq!(script.choose(&req, &mut consumed).kind, "main");
//! ```

use serde::Deserialize;
use serde_json::{Map, Value};

/// A whole scenario script (other scenario keys are ignored).
#[derive(Debug, Clone, PartialEq)]
pub struct Script {
    pub responses: Vec<ScriptedResponse>,
    pub default: ScriptedResponse,
    pub side_default: ScriptedResponse,
    /// Streamed answers leave the connection open for the next request (`"keep_alive":
    /// true`), as the API does. By default each streamed answer closes its connection, as
    /// the fixture (an HTTP/1.0 server) does, which the conformance traces were recorded
    /// against.
    pub keep_alive: bool,
}

/// One scripted answer. Content blocks stay raw JSON so that any block the fixture accepts
/// is accepted here too, and unknown blocks fail at the same point of the stream.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
pub struct ScriptedResponse {
    #[serde(rename = "match", default)]
    pub match_text: Option<String>,
    #[serde(default)]
    pub content: Option<Vec<Value>>,
    #[serde(default)]
    pub stop_reason: Option<String>,
    #[serde(default)]
    pub usage: Option<Map<String, Value>>,
    #[serde(default)]
    pub model: Option<Value>,
    #[serde(default)]
    pub error: Option<Map<String, Value>>,
    #[serde(default)]
    pub stream_error: Option<Value>,
    #[serde(default)]
    pub cut_after: Option<usize>,
    #[serde(default)]
    pub delay_ms: Option<f64>,
    #[serde(default)]
    pub chunk: Option<usize>,
    /// A pause between the stream's events (a slow answer, for tests that stop a session
    /// mid-stream).
    #[serde(default)]
    pub event_delay_ms: Option<f64>,
    /// Headers sent with a streamed answer (the API's `anthropic-ratelimit-unified-*`).
    #[serde(default)]
    pub headers: Option<Map<String, Value>>,
}

/// Which response a request got: `index` into `responses` (none for defaults) and `kind`
/// (`match`, `main`, `side_default`, `default`).
#[derive(Debug, Clone, PartialEq)]
pub struct Choice<'a> {
    pub index: Option<usize>,
    pub response: &'a ScriptedResponse,
    pub kind: &'static str,
}

impl Script {
    /// Reads the script keys of a scenario object.
    pub fn from_json(scenario: &Value) -> Result<Script, serde_json::Error> {
        let responses = match scenario.get("responses") {
            Some(Value::Null) | None => Vec::new(),
            Some(v) => Vec::<ScriptedResponse>::deserialize(v)?,
        };
        // Like the fixture, an empty or null `default` means the built-in "ok" answer.
        let default = match present(scenario.get("default")) {
            Some(v) => ScriptedResponse::deserialize(v)?,
            None => ScriptedResponse {
                content: Some(vec![serde_json::json!({"type": "text", "text": "ok"})]),
                ..ScriptedResponse::default()
            },
        };
        let side_default = match present(scenario.get("side_default")) {
            Some(v) => ScriptedResponse::deserialize(v)?,
            None => default.clone(),
        };
        let keep_alive = scenario.get("keep_alive").and_then(Value::as_bool) == Some(true);
        Ok(Script {
            responses,
            default,
            side_default,
            keep_alive,
        })
    }

    /// Picks the response for `request`, marking scripted ones consumed.
    pub fn choose(&self, request: &Value, consumed: &mut [bool]) -> Choice<'_> {
        let last = last_user_turn(request);
        let unconsumed = |i: &usize| !consumed.get(*i).copied().unwrap_or(true);
        let matched = (0..self.responses.len()).filter(unconsumed).find(|&i| {
            self.responses[i]
                .match_text
                .as_deref()
                .is_some_and(|m| last.contains(m))
        });
        if let Some(i) = matched {
            consumed[i] = true;
            return Choice {
                index: Some(i),
                response: &self.responses[i],
                kind: "match",
            };
        }
        if is_side_request(request) {
            return Choice {
                index: None,
                response: &self.side_default,
                kind: "side_default",
            };
        }
        let next = (0..self.responses.len())
            .filter(unconsumed)
            .find(|&i| self.responses[i].match_text.is_none());
        if let Some(i) = next {
            consumed[i] = true;
            return Choice {
                index: Some(i),
                response: &self.responses[i],
                kind: "main",
            };
        }
        Choice {
            index: None,
            response: &self.default,
            kind: "default",
        }
    }
}

/// `response` with "<AGENT_ID>" in its content replaced by the last agent id `request`
/// carries (an `agentId: <id>` line of an Agent tool result): agent ids are random, and a
/// scripted SendMessage call has to name one (tests/conformance/sendmsg/mock_ids.py).
pub fn with_agent_id(mut response: ScriptedResponse, request: &Value) -> ScriptedResponse {
    let Some(content) = response.content.as_ref() else {
        return response;
    };
    let text = Value::Array(content.clone()).to_string();
    if !text.contains("<AGENT_ID>") {
        return response;
    }
    let messages = request
        .get("messages")
        .map(Value::to_string)
        .unwrap_or_default();
    let last = messages.rmatch_indices("agentId: ").find_map(|(at, m)| {
        let id: String = messages[at + m.len()..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-')
            .collect();
        (!id.is_empty()).then_some(id)
    });
    if let Some(id) = last {
        if let Ok(Value::Array(c)) = serde_json::from_str(&text.replace("<AGENT_ID>", &id)) {
            response.content = Some(c);
        }
    }
    response
}

/// A value Python would find truthy, for the keys the fixture reads with `x or default`.
fn present(v: Option<&Value>) -> Option<&Value> {
    v.filter(|v| truthy(v))
}

pub(crate) fn truthy(v: &Value) -> bool {
    match v {
        Value::Null => false,
        Value::Bool(b) => *b,
        Value::Number(n) => n.as_f64().is_some_and(|f| f != 0.0),
        Value::String(s) => !s.is_empty(),
        Value::Array(a) => !a.is_empty(),
        Value::Object(o) => !o.is_empty(),
    }
}

/// Concatenated text of a message content: a string, or text blocks and tool_result texts
/// joined by newlines.
fn text_of(content: Option<&Value>) -> String {
    match content {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Array(blocks)) => {
            let parts: Vec<String> = blocks
                .iter()
                .filter_map(|b| match b.get("type").and_then(Value::as_str) {
                    Some("text") => Some(
                        b.get("text")
                            .and_then(Value::as_str)
                            .unwrap_or("")
                            .to_string(),
                    ),
                    Some("tool_result") => Some(text_of(b.get("content"))),
                    _ => None,
                })
                .collect();
            parts.join("\n")
        }
        _ => String::new(),
    }
}

/// The text of the last `user` message of a request body.
pub fn last_user_turn(request: &Value) -> String {
    let messages = request.get("messages").and_then(Value::as_array);
    messages
        .and_then(|ms| {
            ms.iter()
                .rev()
                .find(|m| m.get("role").and_then(Value::as_str) == Some("user"))
        })
        .map(|m| text_of(m.get("content")))
        .unwrap_or_default()
}

/// Main-loop requests stream and carry a `tools` key (possibly empty); anything else is a
/// side request (titles, summaries, classifiers).
pub fn is_side_request(request: &Value) -> bool {
    !request.get("stream").is_some_and(truthy) || request.get("tools").is_none()
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;
    use serde_json::json;

    fn main_req(text: &str) -> Value {
        json!({"stream": true, "tools": [], "messages": [
            {"role": "user", "content": "first"},
            {"role": "assistant", "content": [{"type": "text", "text": "x"}]},
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t", "content": [{"type": "text", "text": text}]},
                                         {"type": "text", "text": "tail"}]}]})
    }

    #[test]
    fn match_first_then_main_then_default() {
        let script = Script::from_json(&json!({"responses": [
            {"content": [{"type": "text", "text": "a"}]},
            {"match": "needle", "content": [{"type": "text", "text": "b"}]}]}))
        .unwrap();
        let mut consumed = vec![false; 2];
        let picks: Vec<(Option<usize>, &str)> = ["has needle", "has needle", "plain"]
            .iter()
            .map(|t| {
                let c = script.choose(&main_req(t), &mut consumed);
                (c.index, c.kind)
            })
            .collect();
        assert_eq!(
            picks,
            vec![(Some(1), "match"), (Some(0), "main"), (None, "default")]
        );
        assert_eq!(
            script.default.content,
            Some(vec![json!({"type": "text", "text": "ok"})])
        );
    }

    #[test]
    fn side_requests_get_side_default_without_consuming() {
        let script = Script::from_json(&json!({
            "responses": [{"content": []}],
            "side_default": {"content": [{"type": "text", "text": "side"}]}}))
        .unwrap();
        let mut consumed = vec![false];
        let no_tools = json!({"stream": true, "messages": []});
        let not_streaming = json!({"stream": false, "tools": [], "messages": []});
        assert_eq!(script.choose(&no_tools, &mut consumed).kind, "side_default");
        assert_eq!(
            script.choose(&not_streaming, &mut consumed).kind,
            "side_default"
        );
        assert_eq!(consumed, vec![false]);
    }

    #[test]
    fn last_user_turn_joins_text_and_tool_results() {
        assert_eq!(last_user_turn(&main_req("result")), "result\ntail");
        assert_eq!(last_user_turn(&json!({"messages": "bad"})), "");
    }

    #[test]
    fn empty_default_means_ok() {
        let script = Script::from_json(&json!({"default": {}})).unwrap();
        assert_eq!(script.side_default, script.default);
        assert_eq!(
            script.default.content,
            Some(vec![json!({"type": "text", "text": "ok"})])
        );
    }
}

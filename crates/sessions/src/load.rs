//! Reads a transcript back into a conversation.

use std::path::Path;

use oxagent_core::content::ContentBlock;
use serde_json::{json, Value};

/// What `resume` needs of an earlier session.
#[derive(Debug, Default)]
pub struct LoadedSession {
    /// The conversation as the API sees it: (role, blocks), consecutive rows merged.
    pub turns: Vec<(String, Vec<ContentBlock>)>,
    /// The parsed conversation rows, in order (what a fork copies).
    pub rows: Vec<Value>,
    pub total_cost_usd: f64,
    pub model_usage: Value,
    /// The uuid of the last conversation row.
    pub last_uuid: Option<String>,
    /// Rows to append because the transcript was torn: (type, message).
    pub repairs: Vec<(String, Value)>,
}

#[derive(Debug, PartialEq, Eq)]
pub enum LoadError {
    NotFound,
    Io(String),
}

/// What the model reads in place of an answer that was lost.
pub const NO_RESPONSE: &str = "No response requested.";
/// The result of a tool call whose outcome was lost with the session.
pub const LOST_RESULT: &str = "[Tool call interrupted: the session ended before this call's result was recorded, so its outcome is unknown. Check whether it took effect before relying on it or running it again.]";

fn blocks_of(content: &Value) -> Vec<ContentBlock> {
    match content {
        Value::String(s) => vec![ContentBlock::text(s.clone())],
        Value::Array(items) => items
            .iter()
            .filter_map(|b| serde_json::from_value(b.clone()).ok())
            .collect(),
        _ => Vec::new(),
    }
}

fn is_tool_result(blocks: &[ContentBlock]) -> bool {
    blocks
        .iter()
        .any(|b| matches!(b, ContentBlock::ToolResult { .. }))
}

/// Loads `path`. With `until`, the conversation stops after the row with that uuid.
pub fn load(path: &Path, until: Option<&str>) -> Result<LoadedSession, LoadError> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(LoadError::NotFound),
        Err(e) => return Err(LoadError::Io(e.to_string())),
    };
    let mut s = LoadedSession {
        model_usage: json!({}),
        ..Default::default()
    };
    let mut last_assistant_id: Option<String> = None;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        // A torn row is skipped and left in the file.
        let Ok(row) = serde_json::from_str::<Value>(line) else {
            continue;
        };
        match row.get("type").and_then(Value::as_str) {
            Some("cost-state") => {
                s.total_cost_usd = row
                    .get("total_cost_usd")
                    .and_then(Value::as_f64)
                    .unwrap_or(0.0);
                s.model_usage = row.get("model_usage").cloned().unwrap_or(json!({}));
            }
            Some(kind @ ("user" | "assistant")) => {
                let msg = row.get("message").cloned().unwrap_or(Value::Null);
                let blocks = blocks_of(msg.get("content").unwrap_or(&Value::Null));
                let id = msg.get("id").and_then(Value::as_str).map(str::to_string);
                let merge = match (kind, s.turns.last()) {
                    ("assistant", Some((role, _))) => {
                        role == "assistant" && id.is_some() && id == last_assistant_id
                    }
                    ("user", Some((role, prev))) => {
                        role == "user" && is_tool_result(prev) && is_tool_result(&blocks)
                    }
                    _ => false,
                };
                if merge {
                    if let Some((_, prev)) = s.turns.last_mut() {
                        prev.extend(blocks);
                    }
                } else {
                    s.turns.push((kind.to_string(), blocks));
                }
                if kind == "assistant" {
                    last_assistant_id = id;
                }
                s.last_uuid = row.get("uuid").and_then(Value::as_str).map(str::to_string);
                let stop = until.is_some() && s.last_uuid.as_deref() == until;
                s.rows.push(row);
                if stop {
                    break;
                }
            }
            Some("system") => {
                s.last_uuid = row.get("uuid").and_then(Value::as_str).map(str::to_string);
                s.rows.push(row);
            }
            _ => {}
        }
    }
    repair(&mut s);
    Ok(s)
}

/// A conversation must end with an answer, and every tool call needs a result.
fn repair(s: &mut LoadedSession) {
    let Some((role, blocks)) = s.turns.last().cloned() else {
        return;
    };
    if role == "assistant" {
        let dangling: Vec<String> = blocks
            .iter()
            .filter_map(|b| match b {
                ContentBlock::ToolUse { id, .. } => Some(id.clone()),
                _ => None,
            })
            .collect();
        if dangling.is_empty() {
            return;
        }
        for id in dangling {
            let block = json!({"type": "tool_result", "tool_use_id": id, "content": LOST_RESULT, "is_error": true});
            s.repairs.push((
                "user".into(),
                json!({"role": "user", "content": [block.clone()]}),
            ));
            match s.turns.last_mut() {
                Some((r, prev)) if r == "user" => prev.extend(blocks_of(&json!([block]))),
                _ => s.turns.push(("user".into(), blocks_of(&json!([block])))),
            }
        }
    }
    let answer = json!({"role": "assistant", "content": [{"type": "text", "text": NO_RESPONSE}]});
    s.repairs.push(("assistant".into(), answer));
    s.turns
        .push(("assistant".into(), vec![ContentBlock::text(NO_RESPONSE)]));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(lines: &[Value], torn: Option<&str>) -> tempfile::NamedTempFile {
        let f = tempfile::NamedTempFile::new().unwrap();
        let mut text: String = lines.iter().map(|l| format!("{l}\n")).collect();
        if let Some(t) = torn {
            text.push_str(t);
        }
        std::fs::write(f.path(), text).unwrap();
        f
    }

    fn user(content: Value, uuid: &str) -> Value {
        json!({"type": "user", "uuid": uuid, "message": {"role": "user", "content": content}})
    }

    fn assistant(id: &str, block: Value, uuid: &str) -> Value {
        json!({"type": "assistant", "uuid": uuid, "message": {"id": id, "role": "assistant", "content": [block]}})
    }

    #[test]
    fn blocks_of_one_response_merge() {
        let f = write(
            &[
                user(json!("hi"), "u1"),
                assistant("m1", json!({"type": "text", "text": "a"}), "a1"),
                assistant(
                    "m1",
                    json!({"type": "tool_use", "id": "t1", "name": "Bash", "input": {}}),
                    "a2",
                ),
                user(
                    json!([{"type": "tool_result", "tool_use_id": "t1", "content": "ok"}]),
                    "u2",
                ),
                assistant("m2", json!({"type": "text", "text": "done"}), "a3"),
                json!({"type": "cost-state", "total_cost_usd": 0.5, "model_usage": {"m": {}}}),
            ],
            None,
        );
        let s = load(f.path(), None).unwrap();
        assert_eq!(
            s.turns
                .iter()
                .map(|(r, b)| (r.as_str(), b.len()))
                .collect::<Vec<_>>(),
            [("user", 1), ("assistant", 2), ("user", 1), ("assistant", 1)]
        );
        assert_eq!(s.total_cost_usd, 0.5);
        assert!(s.repairs.is_empty());
        let cut = load(f.path(), Some("a1")).unwrap();
        assert_eq!(cut.turns.len(), 2);
    }

    #[test]
    fn a_torn_answer_is_replaced() {
        let f = write(
            &[
                user(json!("hi"), "u1"),
                assistant(
                    "m1",
                    json!({"type": "tool_use", "id": "t1", "name": "Bash", "input": {}}),
                    "a1",
                ),
            ],
            Some("{\"type\": \"user\", \"mess"),
        );
        let s = load(f.path(), None).unwrap();
        assert_eq!(s.repairs.len(), 2);
        assert_eq!(s.repairs[0].1["content"][0]["content"], LOST_RESULT);
        assert_eq!(
            s.turns.last().unwrap().1,
            vec![ContentBlock::text(NO_RESPONSE)]
        );
    }

    #[test]
    fn missing_file_is_not_found() {
        assert_eq!(
            load(Path::new("/nonexistent/x.jsonl"), None).unwrap_err(),
            LoadError::NotFound
        );
    }
}

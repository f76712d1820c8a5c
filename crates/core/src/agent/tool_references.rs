//! `tool_reference` blocks in requests: what ToolSearch answers with (one block per tool it
//! found, which the API replaces with the tool's definition).
//!
//! As in the reference, a user message whose results hold references ends with a text block
//! "Tool loaded.", the tools they name are sent from then on (the set is read from the
//! conversation, so a resumed session sends them too), and the request carries the beta that
//! lets the API read the blocks.

use serde_json::{json, Value};

use crate::content::{ContentBlock, ToolResultContent};
use crate::conversation::Turn;

/// The beta of client-side tool search (`tool_reference` blocks, deferred definitions).
pub(crate) const TOOL_SEARCH_BETA: &str = "advanced-tool-use-2025-11-20";

/// The text that follows results holding references.
const LOADED: &str = "Tool loaded.";

fn is_reference(block: &Value) -> bool {
    block["type"] == "tool_reference"
}

/// Whether a wire block is a tool_result whose content holds a reference.
fn refers(block: &Value) -> bool {
    block["type"] == "tool_result"
        && block["content"]
            .as_array()
            .is_some_and(|c| c.iter().any(is_reference))
}

/// Adds "Tool loaded." after a user message's results when one of them holds references.
pub(crate) fn note_loaded(content: &mut Vec<Value>) {
    if content.iter().any(refers) {
        content.push(json!({"type": "text", "text": LOADED}));
    }
}

/// Whether a `messages` array holds any reference.
pub(crate) fn any_reference(messages: &Value) -> bool {
    messages.as_array().is_some_and(|msgs| {
        msgs.iter().any(|m| {
            m["role"] == "user"
                && m["content"]
                    .as_array()
                    .is_some_and(|c| c.iter().any(refers))
        })
    })
}

/// The tool names the conversation's references name, in order, each once.
pub(crate) fn referenced_tools(history: &[Turn]) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for turn in history.iter().filter(|t| t.is_user()) {
        for block in &turn.content {
            let ContentBlock::ToolResult {
                content: Some(ToolResultContent::Blocks(blocks)),
                ..
            } = block
            else {
                continue;
            };
            for b in blocks {
                if let ContentBlock::Other(v) = b {
                    if let Some(name) = v["tool_name"].as_str().filter(|_| is_reference(v)) {
                        if !names.iter().any(|n| n == name) {
                            names.push(name.to_string());
                        }
                    }
                }
            }
        }
    }
    names
}

/// The start of the note an error of a deferred tool carries when the model called it
/// without its schema (`tool_calls::run`).
pub(crate) const SCHEMA_NOTE: &str =
    "\n\nThis tool's input schema was not in your prompt when you called it.";

/// The tools whose schema a note in the conversation's results already gave: their later
/// errors carry no note (fuzz-j/fj_024, fj_pin_deferred_twice; read from the conversation,
/// so a resumed session knows them too).
pub(crate) fn schema_told_tools(history: &[Turn]) -> Vec<String> {
    let mut called: Vec<(&str, &str)> = Vec::new();
    let mut names: Vec<String> = Vec::new();
    for turn in history {
        for block in &turn.content {
            match block {
                ContentBlock::ToolUse { id, name, .. } => called.push((id, name)),
                // The note rides on errors only: other results are not searched.
                ContentBlock::ToolResult {
                    tool_use_id,
                    content: Some(ToolResultContent::Text(text)),
                    is_error: Some(true),
                } if text.contains(SCHEMA_NOTE) => {
                    let name = called.iter().rev().find(|(id, _)| id == tool_use_id);
                    if let Some((_, name)) = name.filter(|(_, n)| !names.iter().any(|x| x == n)) {
                        names.push(name.to_string());
                    }
                }
                _ => {}
            }
        }
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_with_references_are_followed_by_a_note() {
        let mut content = vec![
            json!({"type": "tool_result", "tool_use_id": "a", "content": [{"type": "tool_reference", "tool_name": "CronList"}]}),
            json!({"type": "tool_result", "tool_use_id": "b", "content": "x"}),
        ];
        note_loaded(&mut content);
        assert_eq!(content[2], json!({"type": "text", "text": "Tool loaded."}));
        let mut plain = vec![json!({"type": "tool_result", "tool_use_id": "b", "content": "x"})];
        note_loaded(&mut plain);
        assert_eq!(plain.len(), 1);
        assert!(any_reference(
            &json!([{"role": "user", "content": content}])
        ));
    }

    #[test]
    fn a_tool_whose_schema_a_note_gave_is_told_once() {
        let call = |id: &str, name: &str| ContentBlock::ToolUse {
            id: id.into(),
            name: name.into(),
            input: json!({}),
        };
        let result = |id: &str, text: String| ContentBlock::ToolResult {
            tool_use_id: id.into(),
            content: Some(ToolResultContent::Text(text)),
            is_error: Some(true),
        };
        let history = vec![
            Turn::assistant(vec![call("a", "mcp__k__add"), call("b", "mcp__k__echo")]),
            Turn::user(vec![
                result("a", format!("bad{SCHEMA_NOTE} The input schema is: {{}}")),
                result("b", "bad".into()),
            ]),
            Turn::assistant(vec![call("c", "mcp__k__add")]),
            Turn::user(vec![result("c", format!("bad{SCHEMA_NOTE}"))]),
        ];
        assert_eq!(schema_told_tools(&history), ["mcp__k__add"]);
        assert!(schema_told_tools(&history[..1]).is_empty());
    }
}

//! Rough token counts for what the API has not counted yet.
//!
//! The API reports how long the prompt was; what was appended since (tool results, reminders)
//! and the conversation after a compaction are estimated: about four characters a token, a
//! fixed cost per tool result and per image.
//!
//! ```
//! use oxagent_core::compact::estimate_blocks;
//! use oxagent_core::ContentBlock;
//! assert_eq!(estimate_blocks(&[ContentBlock::text("x".repeat(400))]), 100);
//! ```

use serde_json::Value;

use crate::content::{ContentBlock, ToolResultContent};
use crate::conversation::Turn;

/// What a tool result costs besides its text (its framing and id).
const TOOL_RESULT_OVERHEAD: u64 = 12;
/// What an image costs.
const IMAGE_TOKENS: u64 = 1_600;

/// Tokens of `chars` characters of text.
pub fn estimate_chars(chars: usize) -> u64 {
    (chars as u64).div_ceil(4)
}

fn estimate_json(v: &Value) -> u64 {
    match v {
        Value::String(s) => estimate_chars(s.len()),
        other => estimate_chars(other.to_string().len()),
    }
}

/// Tokens of one content block.
pub fn estimate_block(block: &ContentBlock) -> u64 {
    match block {
        ContentBlock::Text { text, .. } => estimate_chars(text.len()),
        ContentBlock::Thinking { thinking, .. } => estimate_chars(thinking.len()),
        ContentBlock::RedactedThinking { data } => estimate_chars(data.len()),
        ContentBlock::ToolUse { name, input, .. } => {
            estimate_chars(name.len()) + estimate_json(input)
        }
        ContentBlock::ToolResult { content, .. } => {
            TOOL_RESULT_OVERHEAD
                + match content {
                    None => 0,
                    Some(ToolResultContent::Text(t)) => estimate_chars(t.len()),
                    Some(ToolResultContent::Blocks(blocks)) => estimate_blocks(blocks),
                }
        }
        ContentBlock::Image { .. } => IMAGE_TOKENS,
        ContentBlock::Other(v) => estimate_json(v),
    }
}

pub fn estimate_blocks(blocks: &[ContentBlock]) -> u64 {
    blocks.iter().map(estimate_block).sum()
}

/// Tokens of a run of turns.
pub fn estimate_turns(turns: &[Turn]) -> u64 {
    turns.iter().map(|t| estimate_blocks(&t.content)).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_short_tool_result() {
        // What the reference adds for the result "s3" on top of the last usage.
        let r = ContentBlock::ToolResult {
            tool_use_id: "toolu_03".into(),
            content: Some("s3".into()),
            is_error: Some(false),
        };
        assert_eq!(estimate_block(&r), 13);
    }

    #[test]
    fn other_blocks() {
        let call = ContentBlock::ToolUse {
            id: "t".into(),
            name: "Bash".into(),
            input: json!({"command": "ls"}),
        };
        assert_eq!(estimate_block(&call), 1 + 4);
        assert_eq!(
            estimate_block(&ContentBlock::Image { source: json!({}) }),
            IMAGE_TOKENS
        );
        let turns = [Turn::user(vec![
            ContentBlock::text("abcd"),
            ContentBlock::text("e"),
        ])];
        assert_eq!(estimate_turns(&turns), 2);
    }
}

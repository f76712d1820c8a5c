//! Rough token counts for what the API has not counted yet.
//!
//! The API reports how long the prompt was; what was appended since (the blocks of the last
//! response after its first one, tool results, reminders) and the conversation after a
//! compaction are estimated: a block's UTF-16 length divided by four, rounded to the nearest
//! token (half up); a tool call weighs its name and its input as JSON, a tool result its
//! content; an image a fixed amount.
//!
//! ```
//! use oxagent_core::compact::estimate_blocks;
//! use oxagent_core::ContentBlock;
//! assert_eq!(estimate_blocks(&[ContentBlock::text("x".repeat(400))]), 100);
//! assert_eq!(estimate_blocks(&[ContentBlock::text("xy")]), 1);
//! ```

use serde_json::Value;

use crate::content::{ContentBlock, ToolResultContent};
use crate::conversation::Turn;

/// What an image costs.
const IMAGE_TOKENS: u64 = 1_600;

/// Tokens of `chars` characters of text (rounded up: the `/context` view's count).
pub fn estimate_chars(chars: usize) -> u64 {
    (chars as u64).div_ceil(4)
}

fn units(s: &str) -> u64 {
    s.encode_utf16().count() as u64
}

/// A block's tokens from its length in UTF-16 units: a quarter, rounded half up.
fn rounded(units: u64) -> u64 {
    (units + 2) / 4
}

/// Tokens of one content block.
pub fn estimate_block(block: &ContentBlock) -> u64 {
    match block {
        ContentBlock::Text { text, .. } => rounded(units(text)),
        ContentBlock::Thinking { thinking, .. } => rounded(units(thinking)),
        ContentBlock::RedactedThinking { data } => rounded(units(data)),
        ContentBlock::ToolUse { name, input, .. } => {
            rounded(units(name) + units(&input.to_string()))
        }
        ContentBlock::ToolResult { content, .. } => match content {
            None => 0,
            Some(ToolResultContent::Text(t)) => rounded(units(t)),
            Some(ToolResultContent::Blocks(blocks)) => estimate_blocks(blocks),
        },
        ContentBlock::Image { .. } => IMAGE_TOKENS,
        ContentBlock::Other(v) => match v {
            Value::String(s) => rounded(units(s)),
            other => rounded(units(&other.to_string())),
        },
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
    fn a_bash_round() {
        // What the reference adds on top of the last usage for a response "Step 3." +
        // Bash `echo s3` and its result "s3": the call and the result.
        let call = ContentBlock::ToolUse {
            id: "toolu_03".into(),
            name: "Bash".into(),
            input: json!({"command": "echo s3", "description": "step 3"}),
        };
        let r = ContentBlock::ToolResult {
            tool_use_id: "toolu_03".into(),
            content: Some("s3".into()),
            is_error: Some(false),
        };
        assert_eq!(estimate_block(&call) + estimate_block(&r), 13);
        // printf of L characters printing them: 12 for L = 1, 14 for 2 to 5, 16 for 6 to 9,
        // 18 for 10 to 13, 212 for 400 (the reference's pre_tokens).
        for (l, want) in [
            (1, 12),
            (2, 14),
            (5, 14),
            (6, 16),
            (9, 16),
            (10, 18),
            (13, 18),
            (400, 212),
        ] {
            let y = "y".repeat(l);
            let call = ContentBlock::ToolUse {
                id: "t".into(),
                name: "Bash".into(),
                input: json!({"command": format!("printf '%s' {y}"), "description": "p"}),
            };
            let r = ContentBlock::ToolResult {
                tool_use_id: "t".into(),
                content: Some(y.as_str().into()),
                is_error: Some(false),
            };
            assert_eq!(estimate_block(&call) + estimate_block(&r), want, "L = {l}");
        }
    }

    #[test]
    fn other_blocks() {
        let call = ContentBlock::ToolUse {
            id: "t".into(),
            name: "Bash".into(),
            input: json!({"command": "ls"}),
        };
        assert_eq!(estimate_block(&call), 5);
        assert_eq!(
            estimate_block(&ContentBlock::Image { source: json!({}) }),
            IMAGE_TOKENS
        );
        let turns = [Turn::user(vec![
            ContentBlock::text("abcd"),
            ContentBlock::text("ef"),
        ])];
        assert_eq!(estimate_turns(&turns), 2);
    }
}

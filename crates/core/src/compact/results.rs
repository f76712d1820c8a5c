//! Tool results too large for the context.
//!
//! The built-in tools bound their own output (Bash spills long output to a file, Read refuses
//! files over 256 KB, Grep pages). Results of MCP tools are cut here, as the reference cuts
//! them: past `MAX_MCP_OUTPUT_TOKENS` (25,000 by default, about four characters a token)
//! the text is truncated and a note tells the model so.
//!
//! ```
//! use oxagent_core::compact::limit_result;
//! use oxagent_core::ContentBlock;
//! let r = ContentBlock::ToolResult { tool_use_id: "t".into(), content: Some("x".repeat(100).into()), is_error: None };
//! assert_ne!(limit_result("mcp__srv__dump", r.clone(), 10), r);
//! assert_eq!(limit_result("Read", r.clone(), 10), r);
//! ```

use crate::content::{ContentBlock, ToolResultContent};

use super::texts::truncated_mcp_note;

/// An MCP tool result longer than the limit is cut, with a note for the model.
pub fn limit_result(tool: &str, block: ContentBlock, limit_tokens: u64) -> ContentBlock {
    let ContentBlock::ToolResult {
        tool_use_id,
        content: Some(ToolResultContent::Text(text)),
        is_error,
    } = block
    else {
        return block;
    };
    let max_chars = (limit_tokens * 4) as usize;
    // An error is never cut (fuzz-k/fk_050: a malformed answer's issues).
    if !tool.starts_with("mcp__") || text.len() <= max_chars || is_error == Some(true) {
        return ContentBlock::ToolResult {
            tool_use_id,
            content: Some(ToolResultContent::Text(text)),
            is_error,
        };
    }
    let mut cut = max_chars;
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    let mut kept = text[..cut].to_string();
    kept.push_str(&truncated_mcp_note(limit_tokens));
    ContentBlock::ToolResult {
        tool_use_id,
        content: Some(ToolResultContent::Text(kept)),
        is_error,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mcp_results_are_cut() {
        let block = |s: &str| ContentBlock::ToolResult {
            tool_use_id: "t".into(),
            content: Some(s.into()),
            is_error: None,
        };
        let long = "x".repeat(50);
        let cut = limit_result("mcp__srv__big", block(&long), 10);
        let ContentBlock::ToolResult {
            content: Some(ToolResultContent::Text(t)),
            ..
        } = cut
        else {
            panic!("a text result")
        };
        assert!(t.starts_with(&"x".repeat(40)));
        assert!(t.contains("[OUTPUT TRUNCATED - exceeded 10 token limit]"));
        assert_eq!(limit_result("Bash", block(&long), 10), block(&long));
    }
}

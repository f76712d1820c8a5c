//! Content blocks of Messages API messages, in their wire shape.
//!
//! ```
//! use oxagent_core::content::ContentBlock;
//! let b: ContentBlock = serde_json::from_str(r#"{"type":"text","text":"hi"}"#).unwrap();
//! assert_eq!(b, ContentBlock::text("hi"));
//! ```
//!
//! Blocks this crate does not model (server tool results, documents, ...) are kept as raw
//! JSON in [`ContentBlock::Other`] and passed through untouched.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One content block of a user or assistant message.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ContentBlock {
    Text {
        text: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        citations: Option<Value>,
    },
    Thinking {
        thinking: String,
        #[serde(default)]
        signature: String,
    },
    RedactedThinking {
        data: String,
    },
    ToolUse {
        id: String,
        name: String,
        input: Value,
    },
    ToolResult {
        tool_use_id: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        content: Option<ToolResultContent>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        is_error: Option<bool>,
    },
    Image {
        source: Value,
    },
    /// Any other block (server_tool_use, web_search_tool_result, document, ...), verbatim.
    #[serde(untagged)]
    Other(Value),
}

impl ContentBlock {
    pub fn text(text: impl Into<String>) -> Self {
        ContentBlock::Text {
            text: text.into(),
            citations: None,
        }
    }

    /// The id of the call a `tool_result` block answers.
    pub fn result_id(&self) -> Option<&str> {
        match self {
            ContentBlock::ToolResult { tool_use_id, .. } => Some(tool_use_id),
            _ => None,
        }
    }

    /// The `type` tag of this block as it appears on the wire.
    pub fn kind(&self) -> &str {
        match self {
            ContentBlock::Text { .. } => "text",
            ContentBlock::Thinking { .. } => "thinking",
            ContentBlock::RedactedThinking { .. } => "redacted_thinking",
            ContentBlock::ToolUse { .. } => "tool_use",
            ContentBlock::ToolResult { .. } => "tool_result",
            ContentBlock::Image { .. } => "image",
            ContentBlock::Other(v) => v.get("type").and_then(Value::as_str).unwrap_or(""),
        }
    }
}

/// The texts of the text blocks among `blocks`, in order; other blocks are left out.
pub fn texts(blocks: &[ContentBlock]) -> impl Iterator<Item = &str> {
    blocks.iter().filter_map(|b| match b {
        ContentBlock::Text { text, .. } => Some(text.as_str()),
        _ => None,
    })
}

/// The texts of the text blocks among `blocks`, joined with `separator`; other blocks are
/// left out.
///
/// ```
/// use oxagent_core::content::{join_texts, ContentBlock};
/// let blocks = [
///     ContentBlock::text("first"),
///     ContentBlock::Image { source: serde_json::json!({}) },
///     ContentBlock::text("second"),
/// ];
/// assert_eq!(join_texts(&blocks, "\n"), "first\nsecond");
/// ```
pub fn join_texts(blocks: &[ContentBlock], separator: &str) -> String {
    texts(blocks).collect::<Vec<_>>().join(separator)
}

/// The `content` of a tool_result block: a plain string or a list of blocks.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum ToolResultContent {
    Text(String),
    Blocks(Vec<ContentBlock>),
}

impl ToolResultContent {
    /// The text the model reads, with non-text blocks left out.
    pub fn as_text(&self) -> String {
        match self {
            ToolResultContent::Text(s) => s.clone(),
            ToolResultContent::Blocks(blocks) => join_texts(blocks, "\n"),
        }
    }
}

impl From<String> for ToolResultContent {
    fn from(s: String) -> Self {
        ToolResultContent::Text(s)
    }
}

impl From<&str> for ToolResultContent {
    fn from(s: &str) -> Self {
        ToolResultContent::Text(s.to_string())
    }
}

/// The content of a user message: a string or blocks.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum UserContent {
    Text(String),
    Blocks(Vec<ContentBlock>),
}

impl UserContent {
    pub fn into_blocks(self) -> Vec<ContentBlock> {
        match self {
            UserContent::Text(t) => vec![ContentBlock::text(t)],
            UserContent::Blocks(b) => b,
        }
    }

    /// All text of the content, blocks joined by newlines.
    pub fn text(&self) -> String {
        match self {
            UserContent::Text(t) => t.clone(),
            UserContent::Blocks(b) => join_texts(b, "\n"),
        }
    }
}

/// The image type of `bytes` by their first bytes (PNG, JPEG, GIF, WebP), whatever a file
/// holding them is called.
pub fn sniff_image(bytes: &[u8]) -> Option<&'static str> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some("image/png")
    } else if bytes.starts_with(b"\xff\xd8\xff") {
        Some("image/jpeg")
    } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
        Some("image/gif")
    } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        Some("image/webp")
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn unknown_blocks_round_trip_verbatim() {
        let raw = json!({"type": "web_search_tool_result", "tool_use_id": "s1", "content": []});
        let b: ContentBlock = serde_json::from_value(raw.clone()).unwrap();
        assert_eq!(b.kind(), "web_search_tool_result");
        assert_eq!(serde_json::to_value(&b).unwrap(), raw);
    }

    #[test]
    fn tool_result_without_is_error_omits_it() {
        let b = ContentBlock::ToolResult {
            tool_use_id: "t".into(),
            content: Some("x".into()),
            is_error: None,
        };
        assert_eq!(
            serde_json::to_value(&b).unwrap(),
            json!({"type": "tool_result", "tool_use_id": "t", "content": "x"})
        );
    }
}

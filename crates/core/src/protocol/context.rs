//! The `/context` view a host asks for with `get_context_usage`: the context window by
//! category, the 10×20 grid of squares, the memory files and the message breakdown, in the
//! documented SDKs' field names.

use serde::{Deserialize, Serialize};

use crate::usage::Usage;

/// The answer to `get_context_usage`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ContextUsage {
    pub categories: Vec<ContextCategory>,
    pub total_tokens: u64,
    pub max_tokens: u64,
    pub raw_max_tokens: u64,
    pub percentage: u64,
    pub grid_rows: Vec<Vec<GridSquare>>,
    pub model: String,
    pub memory_files: Vec<MemoryFileUsage>,
    pub mcp_tools: Vec<McpToolUsage>,
    pub agents: Vec<AgentUsage>,
    /// Absent before the session knows its window.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub auto_compact_threshold: Option<Option<u64>>,
    pub is_auto_compact_enabled: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message_breakdown: Option<MessageBreakdown>,
    pub api_usage: Option<ApiUsage>,
}

/// One row of the view: what occupies the window (`used`), the compaction reserve
/// (`buffer`) or what is left (`free`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ContextCategory {
    pub id: String,
    pub name: String,
    pub tokens: u64,
    pub color: String,
    pub kind: String,
}

/// One square of the grid, coloured as the category it falls in.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GridSquare {
    pub color: String,
    pub is_filled: bool,
    pub category_name: String,
    pub tokens: u64,
    pub percentage: u64,
    /// How much of the square its category fills, 0 to 1.
    pub square_fullness: f64,
}

/// A CLAUDE.md file the session loaded.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MemoryFileUsage {
    pub path: String,
    /// `Project`, `User`, `Local`, ... as the file's kind is named.
    #[serde(rename = "type")]
    pub kind: String,
    pub tokens: u64,
}

/// An MCP tool's share of the window.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct McpToolUsage {
    pub name: String,
    pub server_name: String,
    pub tokens: u64,
}

/// A subagent definition's share of the window.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AgentUsage {
    pub agent_type: String,
    pub source: String,
    pub tokens: u64,
}

/// The conversation's tokens by kind of content.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MessageBreakdown {
    pub tool_call_tokens: u64,
    pub tool_result_tokens: u64,
    pub attachment_tokens: u64,
    pub assistant_message_tokens: u64,
    pub user_message_tokens: u64,
    pub tool_calls_by_type: Vec<NamedTokens>,
    pub attachments_by_type: Vec<NamedTokens>,
}

/// Tokens under a name.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NamedTokens {
    pub name: String,
    pub tokens: u64,
}

/// The last response's usage, as the API counted it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ApiUsage {
    pub input_tokens: u64,
    pub output_tokens: u64,
    pub cache_creation_input_tokens: u64,
    pub cache_read_input_tokens: u64,
}

impl From<&Usage> for ApiUsage {
    fn from(u: &Usage) -> Self {
        ApiUsage {
            input_tokens: u.input_tokens,
            output_tokens: u.output_tokens,
            cache_creation_input_tokens: u.cache_creation_input_tokens,
            cache_read_input_tokens: u.cache_read_input_tokens,
        }
    }
}

//! A tool call, as the model asked for it, and what it came to.

use serde_json::Value;

use crate::content::{ContentBlock, ToolResultContent};
use crate::message::{Message, PermissionDenial};

/// One tool_use block of a response.
#[derive(Debug, Clone)]
pub(crate) struct Call {
    pub id: String,
    pub name: String,
    pub input: Value,
}

/// A tool_use block as a call.
pub(crate) fn call_of(block: &ContentBlock) -> Option<Call> {
    match block {
        ContentBlock::ToolUse { id, name, input } => Some(Call {
            id: id.clone(),
            name: name.clone(),
            input: Value::clone(input),
        }),
        _ => None,
    }
}

/// The outcome of one call, ready to be emitted and appended.
#[derive(Debug)]
pub(crate) struct CallOutcome {
    pub tool_use_id: String,
    pub content: ToolResultContent,
    pub is_error: Option<bool>,
    pub structured: Option<Value>,
    pub denial: Option<PermissionDenial>,
    /// A `system/permission_denied` message to emit before the result.
    pub announce: Option<Message>,
    /// can_use_tool denied with `interrupt: true`.
    pub interrupt: bool,
    /// Context from PostToolUse hooks for the model.
    pub context: Vec<String>,
    /// A hook said `continue: false`.
    pub stop: Option<String>,
    /// Notices to emit before the result (PreToolUse `systemMessage`s) and after it
    /// (PostToolUse ones).
    pub before: Vec<Message>,
    pub after: Vec<Message>,
}

impl CallOutcome {
    fn new(id: &str, content: impl Into<String>, is_error: Option<bool>) -> Self {
        CallOutcome {
            tool_use_id: id.to_string(),
            content: ToolResultContent::Text(content.into()),
            is_error,
            structured: None,
            denial: None,
            announce: None,
            interrupt: false,
            context: Vec::new(),
            stop: None,
            before: Vec::new(),
            after: Vec::new(),
        }
    }

    pub(crate) fn error(
        id: &str,
        model_text: impl Into<String>,
        caller_text: impl Into<String>,
    ) -> Self {
        let mut o = CallOutcome::new(id, model_text, Some(true));
        o.structured = Some(Value::String(caller_text.into()));
        o
    }

    pub fn block(&self) -> ContentBlock {
        ContentBlock::ToolResult {
            tool_use_id: self.tool_use_id.clone(),
            content: Some(self.content.clone()),
            is_error: self.is_error,
        }
    }
}

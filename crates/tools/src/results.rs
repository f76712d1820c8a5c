//! Building [`ToolOutput`]s the way the reference shapes them.
//!
//! Failures come in two wordings: most are wrapped in `<tool_use_error>` for the model
//! ([`wrapped_error`]); a few (Read of a missing file or a directory, Bash exit codes) are
//! plain text ([`plain_error`]). Either way the caller's `tool_use_result` is the bare text
//! prefixed with `Error: `, and successful results leave `is_error` out.
//!
//! ```
//! use oxagent_tools::results::wrapped_error;
//! let out = wrapped_error("String to replace not found in file.\nString: x");
//! assert_eq!(out.content.as_text(), "<tool_use_error>String to replace not found in file.\nString: x</tool_use_error>");
//! assert_eq!(out.structured, Some(serde_json::json!("Error: String to replace not found in file.\nString: x")));
//! ```

use oxagent_core::content::ToolResultContent;
use oxagent_core::tool::ToolOutput;
use serde_json::Value;

/// A failure the model reads inside `<tool_use_error>` tags.
pub fn wrapped_error(message: impl AsRef<str>) -> ToolOutput {
    let message = message.as_ref();
    ToolOutput {
        follow_up: None,
        content: ToolResultContent::Text(format!("<tool_use_error>{message}</tool_use_error>")),
        is_error: Some(true),
        structured: Some(Value::String(format!("Error: {message}"))),
    }
}

/// A failure the model reads as plain text.
pub fn plain_error(message: impl AsRef<str>) -> ToolOutput {
    let message = message.as_ref();
    ToolOutput {
        follow_up: None,
        content: ToolResultContent::Text(message.to_string()),
        is_error: Some(true),
        structured: Some(Value::String(format!("Error: {message}"))),
    }
}

/// A failure thrown while the tool ran: the model reads it inside `<tool_use_error>` as
/// `Error calling tool (NAME): ...`, and the caller gets that text without `Error: `.
pub fn call_error(tool: &str, message: impl AsRef<str>) -> ToolOutput {
    let text = format!("Error calling tool ({tool}): {}", message.as_ref());
    ToolOutput {
        follow_up: None,
        content: ToolResultContent::Text(format!("<tool_use_error>{text}</tool_use_error>")),
        is_error: Some(true),
        structured: Some(Value::String(text)),
    }
}

/// A success: `is_error` left out, as the reference does for the file and search tools.
pub fn success(text: impl Into<String>, structured: Value) -> ToolOutput {
    ToolOutput::text(text).with_structured(structured)
}

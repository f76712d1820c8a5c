//! The host edge: callbacks answered by the caller (can_use_tool, hooks, in-process MCP tools).
//!
//! The core never calls Python or JavaScript. It sends a control request, the body of the
//! stream-json protocol's `{"type": "control_request", "request": {...}}` frame, and awaits
//! the matching response body. The facade turns these into frames on the session's event
//! stream; each face answers them on its own thread or event loop.
//!
//! ```
//! use oxagent_core::host::{Host, NoHost};
//! let reply = futures::executor::block_on(NoHost.control(serde_json::json!({"subtype": "can_use_tool"})));
//! assert!(reply.is_err());
//! ```

use futures::future::BoxFuture;
use serde_json::Value;

/// Answers control requests. `request` is e.g.
/// `{"subtype": "can_use_tool", "tool_name": "Bash", "input": {...}, ...}`;
/// the result is the response body, or the host's error text.
pub trait Host: Send + Sync {
    fn control(&self, request: Value) -> BoxFuture<'_, Result<Value, String>>;

    /// Whether the host answers `can_use_tool` (without one, a prompt is a denial).
    fn handles_can_use_tool(&self) -> bool {
        false
    }
}

/// A host that answers nothing.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoHost;

impl Host for NoHost {
    fn control(&self, request: Value) -> BoxFuture<'_, Result<Value, String>> {
        let subtype = request
            .get("subtype")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string();
        Box::pin(async move { Err(format!("no host to answer {subtype}")) })
    }
}

//! The host edge: callbacks answered by the caller (can_use_tool, hooks, in-process MCP tools).
//!
//! The core never calls Python or JavaScript. It sends a [`ControlRequest`] and awaits the
//! host's [`ControlResponse`]. The session runtime puts these on its event queue; each face
//! answers them on its own thread or event loop (the Rust face with closures).
//!
//! ```
//! use oxagent_core::host::{Host, NoHost};
//! use oxagent_core::protocol::control::{ControlRequest, McpMessage};
//! let request = ControlRequest::McpMessage(McpMessage {
//!     server_name: "s".into(),
//!     message: serde_json::json!({}),
//! });
//! let reply = futures::executor::block_on(NoHost.control(request));
//! assert_eq!(reply.unwrap_err(), "no host to answer mcp_message");
//! ```

use futures::future::BoxFuture;

use crate::protocol::control::{ControlRequest, ControlResponse};

/// Answers control requests; an `Err` is the host's error text.
pub trait Host: Send + Sync {
    fn control(&self, request: ControlRequest) -> BoxFuture<'_, Result<ControlResponse, String>>;

    /// Whether the host answers `can_use_tool` (without one, a prompt is a denial).
    fn handles_can_use_tool(&self) -> bool {
        false
    }
}

/// Control requests a session's own setup answers without asking the caller (the command
/// hooks of settings files, writing permission updates to them).
pub trait LocalAnswers: Send + Sync {
    /// The answer to `request` if it is one of ours.
    fn answer(
        &self,
        request: &ControlRequest,
    ) -> Option<BoxFuture<'static, Result<ControlResponse, String>>>;
}

/// A host that answers nothing.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoHost;

impl Host for NoHost {
    fn control(&self, request: ControlRequest) -> BoxFuture<'_, Result<ControlResponse, String>> {
        let subtype = request.subtype();
        Box::pin(async move { Err(format!("no host to answer {subtype}")) })
    }
}

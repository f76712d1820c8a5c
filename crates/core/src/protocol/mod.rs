//! The protocol: every value a session and its host exchange, as pure data.
//!
//! - [`message`] and [`content`]: what a session streams to its caller, in the documented
//!   TypeScript SDK's wire shape; [`system`]: the system message subtypes.
//! - [`control`]: what a session asks its host (`can_use_tool`, `hook_callback`,
//!   `mcp_message`) and what a host asks its session (`interrupt`, `set_model`, ...);
//!   [`permission`] and [`hook`]: the answers and inputs those carry, and the permission modes.
//! - [`mcp_servers`]: the MCP servers a session connects to, as the options give them.
//! - [`context`]: the `/context` view `get_context_usage` answers.
//! - [`op`]: the session runtime's submission and event queues.
//! - [`stream_json`]: the host's side of the documented SDKs' stream-json control protocol,
//!   without I/O, for the faces.
//!
//! The documented SDKs' stream-json frames are one serialization of these types; the Rust
//! API uses them as they are.

pub mod agents;
pub mod context;
pub mod control;
pub mod hook;
pub mod mcp_servers;
pub mod op;
pub mod permission;
pub mod stream_json;
pub mod system;

pub use crate::content;
pub use crate::message;
pub use control::{ControlRequest, ControlResponse, HostReply, HostRequest};
pub use hook::{HookEvent, HookInput, HookOutput};
pub use op::{Event, Op};
pub use permission::{PermissionAnswer, PermissionMode, PermissionUpdate};
pub use system::{SystemBody, SystemMessage};

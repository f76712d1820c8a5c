//! oxagent-core: the pure agent loop.
//!
//! Messages and content blocks in the documented SDK's wire shape ([`message`], [`content`]),
//! the resolved session configuration ([`config`]), token and cost accounting ([`usage`]),
//! permission decisions ([`permission`]) and the turn loop ([`agent`]) as an async state
//! machine over five edges, each a trait implemented elsewhere:
//!
//! - [`model::Model`]: a Messages API endpoint (the `oxagent-http` crate),
//! - [`tool::Tool`]: built-in and custom tools (`oxagent-tools`, MCP),
//! - [`host::Host`]: callbacks answered by the caller (can_use_tool, hooks),
//! - [`clock::Clock`]: time and ids, so tests are deterministic,
//! - [`store::SessionStore`]: where transcripts are mirrored (memory here; Redis and
//!   PostgreSQL in `oxagent-stores`; a host's own store through control requests).
//!
//! This crate depends on no async runtime, HTTP client or language binding.

pub mod agent;
pub mod api_event;
pub mod clock;
pub mod compact;
pub mod config;
pub mod content;
pub mod conversation;
pub mod cost_report;
pub mod duration;
pub mod env_var;
pub mod host;
pub mod ledger;
pub mod live;
pub mod memory;
pub mod message;
pub mod model;
pub mod model_names;
pub mod models;
pub mod permission;
pub mod prompts;
pub mod protocol;
pub mod rules;
pub mod signal;
pub mod store;
pub mod sync;
pub mod telemetry;
pub mod thinking;
pub mod tool;
mod tool_registry;
pub mod usage;
pub mod validate;

pub use agent::{Session, SubagentPrompt};
pub use config::{PermissionMode, SessionConfig};
pub use content::{ContentBlock, ToolResultContent, UserContent};
pub use message::Message;

//! oxagent: the Claude Agent SDK, native.
//!
//! Runs Claude's agent loop in the calling process: a prompt goes in, the model answers or
//! calls tools, results go back, until the task is done; every step is streamed as a
//! [`Message`] in the documented SDK's wire shape.
//!
//! ```no_run
//! use futures::StreamExt;
//! # async fn demo() {
//! let options = oxagent::Options { max_turns: Some(5), ..Default::default() };
//! let mut messages = oxagent::query("List the files here", options);
//! while let Some(message) = messages.next().await {
//!     println!("{:?}", message);
//! }
//! # }
//! ```
//!
//! [`SessionRuntime`] is the session underneath, read as typed events; [`FrameSession`] is
//! the stream-json interface the Python and Node faces and the CLI use.

mod frames;
/// The documented options of both SDKs: the table, the checks, the readers.
pub use oxagent_options as options;
mod query;

/// Tools written in Rust.
pub mod custom;
pub mod store_jobs;
pub use frames::{event_frame, frames_encoded, FrameSession, OutFrame};
pub use options::{McpServer, Options, SystemPrompt, ToolsOption};
pub use oxagent_core::protocol::agents::AgentDefinition;
pub use oxagent_core::protocol::control::CanUseTool as CanUseToolRequest;
pub use oxagent_core::protocol::stream_json::Face;
pub use oxagent_core::protocol::{self, HookEvent, HookInput, HookOutput, PermissionUpdate};
pub use oxagent_core::{self as core, message, ContentBlock, Message, PermissionMode};
/// MCP: server configs, and the in-process SDK server's JSON-RPC (for hosts that serve it
/// to a remote session themselves).
pub use oxagent_mcp as mcp;
pub use oxagent_options::store_option;
pub use oxagent_runtime::{cassette_status, close_cassette, warm_up, Events, SessionRuntime};
pub use oxagent_runtime::{Error, OptionsError, OptionsErrorKind, Result};
/// Listing, reading and changing saved sessions, for the faces (JSON in and out).
pub use oxagent_sessions::json_api as saved;
/// Tracing spans and their OpenTelemetry export: [`telemetry::init_from_env`] (done by the
/// first session), [`telemetry::layer`] for a program with a subscriber of its own,
/// [`telemetry::flush`] and [`telemetry::shutdown`]. The spans are described in
/// `oxagent_core::telemetry`.
pub use oxagent_telemetry as telemetry;
pub use query::{
    query, query_with, Callbacks, CanUseTool, Client, HookCallback, HookMatcherFns,
    PermissionResult,
};
pub use store_option::SessionStoreOption;
/// Session stores: the trait, the in-memory store, the summary fold and the conformance
/// suite ([`oxagent_core::store`]), the Redis and PostgreSQL stores (`oxagent-stores`), and
/// the saved-session functions over a store.
pub mod store {
    pub use oxagent_core::store::*;
    pub use oxagent_sessions::project_key;
    pub use oxagent_sessions::store_api::*;
    pub use oxagent_stores::{
        open, open_with, postgres, redis, LazyStore, PostgresSessionStore, RedisSessionStore,
    };
}

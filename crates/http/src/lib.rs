//! oxagent-http: the Anthropic Messages API as an [`oxagent_core::model::Model`].
//!
//! [`HttpModel`] sends `POST {base}/v1/messages?beta=true` with the body the core built
//! (`stream: true`) and yields every SSE event, `ping` included, as
//! [`ModelEvent::Stream`](oxagent_core::model::ModelEvent::Stream). Failures are retried as
//! the reference CLI retries them ([`retry`]), each retry announced by a `Retry` event; a
//! final failure is one `Failed` event.
//!
//! Two cases worth knowing:
//! - A stream cut before `message_stop` (connection dropped, idle timeout) in the middle of
//!   its first block is retried from scratch; every event that did arrive has been yielded
//!   before the `Retry`, so the caller can count the usage of the lost attempt. Cut after a
//!   whole block it fails with [`CONNECTION_LOST`] instead, and the loop keeps those blocks.
//! - An SSE `error` event (e.g. `overloaded_error` after partial text) is yielded as a raw
//!   event and followed by `Failed` without retrying: the reference keeps the partial answer
//!   and asks the model to resume, which is the agent loop's decision, not the transport's.
//!
//! The client always asks for SSE. A 2xx answer that is not an event stream, or a stream that
//! breaks before its first block, is asked again once with `stream: false` (a `Retry` marked
//! silent), and the JSON message that comes back is replayed as stream events
//! ([`fallback`]).
//!
//! ```no_run
//! use futures::StreamExt;
//! use oxagent_core::model::{Model, ModelRequest};
//! use oxagent_http::HttpModel;
//! # async fn demo() -> Result<(), Box<dyn std::error::Error>> {
//! let model = HttpModel::from_env(&Default::default())?;
//! let body = serde_json::json!({"model": "claude-opus-5-5", "max_tokens": 1024, "stream": true,
//!                               "messages": [{"role": "user", "content": "Hi"}]});
//! let mut events = model.stream(ModelRequest { body, betas: vec![] });
//! while let Some(event) = events.next().await {
//!     println!("{event:?}");
//! }
//! # Ok(()) }
//! ```

mod body;
pub mod cassette;
mod client;
mod config;
pub mod fallback;
mod idle;
mod output_limit;
pub mod post;
pub mod retry;
mod roots;

pub use client::{ConfigError, HttpModel, CONNECTION_LOST};
pub use config::{
    HttpModelConfig, DEFAULT_BASE_URL, DEFAULT_IDLE_TIMEOUT, DEFAULT_MAX_RETRIES,
    DEFAULT_REQUEST_TIMEOUT,
};
pub use roots::warm;

//! oxagent-testkit: a scripted Anthropic Messages API server for tests.
//!
//! [`ScriptedServer`] is a real HTTP server on 127.0.0.1 that answers `POST /v1/messages`
//! from a scenario script in the format of the conformance fixture `mockapi.py`
//! (`responses`, `default`, `side_default`; per response `content`, `match`, `error`,
//! `stream_error`, `cut_after`, `delay_ms`, `chunk`, `usage`, `stop_reason`, `model`; and two
//! of its own: `event_delay_ms`, a pause between stream events, and the script's
//! `keep_alive`, which leaves a streamed answer's connection open as the API does) with the
//! same selection rules and the same SSE bytes. Every request is kept for assertions and can be appended to a JSONL
//! log. `oxagent mock-server` runs [`serve_forever`].
//!
//! ```no_run
//! use oxagent_testkit::ScriptedServer;
//! use serde_json::json;
//! # async fn demo() -> std::io::Result<()> {
//! let server = ScriptedServer::start(json!({
//!     "responses": [{"content": [{"type": "text", "text": "Hello"}]}]
//! })).await?;
//! // point the client at server.url(), then:
//! let served: Vec<_> = server.requests().into_iter().map(|r| r.served).collect();
//! # Ok(()) }
//! ```

pub mod otlp;
mod pyjson;
mod record;
mod script;
mod server;
pub mod sse;

pub use pyjson::dumps;
pub use record::{RecordedRequest, Served};
pub use script::{is_side_request, last_user_turn, Choice, Script, ScriptedResponse};
pub use server::{serve_forever, ScriptedServer, ServerHandle};

//! The crate's integration tests, built as one binary (`cargo test -p oxagent --test it`).
//!
//! Each file under `tests/` is one module here, so the suites share one link of the crate
//! instead of one 80 MB executable each. Two files stay binaries of their own: `telemetry.rs`
//! sets process environment variables, which the other modules' threads must not see, and
//! `rust_face.rs` counts the frames the whole process encodes.
//! Pick a suite by its module name: `cargo test -p oxagent --test it conformance_depth::`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "compaction_support/mod.rs"]
mod compaction_support;
#[path = "permission_table_support/mod.rs"]
mod permission_table_support;
#[path = "scenario/mod.rs"]
mod scenario;

#[path = "agent_loop.rs"]
mod agent_loop;
#[path = "builtin_tools.rs"]
mod builtin_tools;
#[path = "cassette_env.rs"]
mod cassette_env;
#[path = "compaction.rs"]
mod compaction;
#[path = "compaction_loop.rs"]
mod compaction_loop;
#[path = "compaction_marks.rs"]
mod compaction_marks;
#[path = "compaction_variants.rs"]
mod compaction_variants;
#[path = "conformance.rs"]
mod conformance;
#[path = "conformance_depth.rs"]
mod conformance_depth;
#[path = "custom_commands.rs"]
mod custom_commands;
#[path = "deferred_calls.rs"]
mod deferred_calls;
#[path = "fail_closed.rs"]
mod fail_closed;
#[path = "file_checkpoints.rs"]
mod file_checkpoints;
#[path = "hook_events.rs"]
mod hook_events;
#[path = "hook_types.rs"]
mod hook_types;
#[path = "host_requests.rs"]
mod host_requests;
#[path = "local_commands.rs"]
mod local_commands;
#[path = "mcp_sse.rs"]
mod mcp_sse;
#[path = "memory_resume.rs"]
mod memory_resume;
#[path = "permission_table.rs"]
mod permission_table;
#[path = "plan_mode.rs"]
mod plan_mode;
#[path = "post_tool_batch.rs"]
mod post_tool_batch;
#[path = "protocol_samples.rs"]
mod protocol_samples;
#[path = "secrets.rs"]
mod secrets;
#[path = "session_ids.rs"]
mod session_ids;
#[path = "session_options.rs"]
mod session_options;
#[path = "session_stores.rs"]
mod session_stores;
#[path = "settings_files.rs"]
mod settings_files;
#[path = "subagent_requests.rs"]
mod subagent_requests;

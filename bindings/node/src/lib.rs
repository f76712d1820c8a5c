//! The native addon of the `oxagent` npm package: thin adaptation only.
//!
//! It exposes one class, [`session::NativeSession`], that moves stream-json frames (as JSON
//! strings) between JavaScript and [`oxagent::FrameSession`], and the option checker
//! (`checkOptions`, `optionTable`). The public API (`query()`,
//! `tool()`, `createSdkMcpServer()`, the message types) is written in JavaScript in `js/`.

/// The allocator of the Rust side: many concurrent sessions allocate and free large JSON
/// values, where glibc's malloc spent a quarter of the CPU of 1,000 sessions in its bins.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod action;
mod error;
mod session;
mod store;

pub use session::{
    cassette_status, check_options, option_table, telemetry_enabled, telemetry_flush, NativeSession,
};
pub use store::{fold_session_summary, NativeStore, StoreJob};

/// When the addon loads (with the first session), the HTTP client that session needs is made
/// on a thread of its own meanwhile.
#[napi_derive::module_init]
fn init() {
    oxagent::warm_up();
}

/// The saved-session functions (`listSessions`, `forkSession`, ...): `op` with JSON `args`;
/// answers `{"ok": value}` or `{"error": {"kind", "message"}}` as JSON.
#[napi_derive::napi]
pub fn sessions(op: String, args_json: String) -> String {
    oxagent::saved::call_json(&op, &args_json)
}

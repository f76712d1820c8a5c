//! The native addon of the `oxagent` npm package: thin adaptation only.
//!
//! It exposes one class, [`session::NativeSession`], that moves stream-json frames (as JSON
//! strings) between JavaScript and [`oxagent::SessionHandle`]. The public API (`query()`,
//! `tool()`, `createSdkMcpServer()`, the message types) is written in JavaScript in `js/`.

mod error;
mod session;

pub use session::NativeSession;

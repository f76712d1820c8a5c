//! The turn loop.

mod session;

pub use session::Session;

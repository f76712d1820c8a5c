//! The runtime's timer, as the core's clocks take it.

use std::time::Duration;

use futures::future::BoxFuture;

/// Resolves after `ms` milliseconds.
pub(crate) fn tokio_sleep(ms: u64) -> BoxFuture<'static, ()> {
    Box::pin(tokio::time::sleep(Duration::from_millis(ms)))
}

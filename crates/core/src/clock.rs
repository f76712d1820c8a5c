//! Time and identifiers, behind a trait so tests can fix them.

use std::time::{Instant, SystemTime, UNIX_EPOCH};

use futures::future::BoxFuture;

pub trait Clock: Send + Sync {
    /// Milliseconds on a monotonic clock (for durations).
    fn monotonic_ms(&self) -> u64;
    /// Milliseconds since the Unix epoch (for timestamps).
    fn unix_ms(&self) -> u64;
    /// A fresh random UUID (v4), as a string.
    fn uuid(&self) -> String;
    /// Resolves after `ms` milliseconds (timeouts of host callbacks). The runtime that drives
    /// the loop provides it.
    fn sleep(&self, ms: u64) -> BoxFuture<'static, ()>;
}

/// Wall-clock time and random ids; `sleep` comes from the runtime through a function.
#[derive(Clone, Copy)]
pub struct SystemClock {
    origin: Instant,
    sleeper: fn(u64) -> BoxFuture<'static, ()>,
}

impl SystemClock {
    pub fn new(sleeper: fn(u64) -> BoxFuture<'static, ()>) -> Self {
        SystemClock {
            origin: Instant::now(),
            sleeper,
        }
    }
}

impl std::fmt::Debug for SystemClock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SystemClock").finish_non_exhaustive()
    }
}

impl Clock for SystemClock {
    fn sleep(&self, ms: u64) -> BoxFuture<'static, ()> {
        (self.sleeper)(ms)
    }
    fn monotonic_ms(&self) -> u64 {
        self.origin.elapsed().as_millis() as u64
    }
    fn unix_ms(&self) -> u64 {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_millis() as u64)
            .unwrap_or(0)
    }
    fn uuid(&self) -> String {
        uuid::Uuid::new_v4().to_string()
    }
}

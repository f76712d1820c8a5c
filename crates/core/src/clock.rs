//! Time and identifiers, behind a trait so tests can fix them.

use std::time::{Instant, SystemTime, UNIX_EPOCH};

pub trait Clock: Send + Sync {
    /// Milliseconds on a monotonic clock (for durations).
    fn monotonic_ms(&self) -> u64;
    /// Milliseconds since the Unix epoch (for timestamps).
    fn unix_ms(&self) -> u64;
    /// A fresh random UUID (v4), as a string.
    fn uuid(&self) -> String;
}

/// The real clock.
#[derive(Debug, Clone, Copy)]
pub struct SystemClock {
    origin: Instant,
}

impl Default for SystemClock {
    fn default() -> Self {
        SystemClock { origin: Instant::now() }
    }
}

impl Clock for SystemClock {
    fn monotonic_ms(&self) -> u64 {
        self.origin.elapsed().as_millis() as u64
    }
    fn unix_ms(&self) -> u64 {
        SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_millis() as u64).unwrap_or(0)
    }
    fn uuid(&self) -> String {
        uuid::Uuid::new_v4().to_string()
    }
}

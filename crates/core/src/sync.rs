//! Locking shared state without letting one panic poison it for good.
//!
//! A `std::sync::Mutex` is poisoned when a thread panics while holding it, and every later
//! `lock()` fails. The state guarded in this workspace (a tool's record, a task list, a
//! counter) stays consistent between statements, so the lock is taken again as it is: a
//! panic in one tool call must not turn every later call of the session into a panic.
//!
//! ```
//! use std::sync::{Arc, Mutex};
//! use oxagent_core::sync::lock;
//!
//! let seen = Arc::new(Mutex::new(vec![1]));
//! let poisoner = Arc::clone(&seen);
//! let _ = std::thread::spawn(move || {
//!     let _guard = poisoner.lock().unwrap();
//!     panic!("a tool call failed while holding the lock");
//! })
//! .join();
//! assert!(seen.is_poisoned());
//! lock(&seen).push(2);
//! assert_eq!(*lock(&seen), [1, 2]);
//! ```

use std::sync::{Mutex, MutexGuard};

/// Locks `mutex`, taking the guard over even when an earlier holder panicked.
pub fn lock<T: ?Sized>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

//! Settings the caller may change while a turn runs (permission mode, model), shared
//! between the session and its controller.
//!
//! ```
//! use oxagent_core::{live::LiveSettings, PermissionMode};
//! let live = LiveSettings::new(PermissionMode::Default, "claude-opus-5-5");
//! live.set_permission_mode(PermissionMode::AcceptEdits);
//! assert_eq!(live.permission_mode(), PermissionMode::AcceptEdits);
//! ```

use std::sync::{Mutex, MutexGuard};

use crate::config::PermissionMode;

#[derive(Debug)]
pub struct LiveSettings {
    mode: Mutex<PermissionMode>,
    model: Mutex<String>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl LiveSettings {
    pub fn new(mode: PermissionMode, model: impl Into<String>) -> Self {
        LiveSettings {
            mode: Mutex::new(mode),
            model: Mutex::new(model.into()),
        }
    }
    pub fn permission_mode(&self) -> PermissionMode {
        *lock(&self.mode)
    }
    pub fn set_permission_mode(&self, mode: PermissionMode) {
        *lock(&self.mode) = mode;
    }
    pub fn model(&self) -> String {
        lock(&self.model).clone()
    }
    pub fn set_model(&self, model: impl Into<String>) {
        *lock(&self.model) = model.into();
    }
}

//! What the model has seen of each file in this session.
//!
//! Read records the content it returned; Write and Edit record what they wrote. Edit uses
//! the record to tell the model when its view of a file is missing (never read) or stale
//! (changed on disk since), as the reference does; it still applies the edit.
//!
//! ```
//! use std::path::Path;
//! use oxagent_tools::fs::file_state::{FileState, Freshness};
//! let state = FileState::new();
//! let p = Path::new("/ws/a.txt");
//! assert_eq!(state.freshness(p, "x\n"), Freshness::NeverRead);
//! state.record(p, "x\n");
//! assert_eq!(state.freshness(p, "x\n"), Freshness::Current);
//! assert_eq!(state.freshness(p, "y\n"), Freshness::ChangedOnDisk);
//! state.record_partial(p, "y\n");
//! assert_eq!(state.freshness(p, "y\n"), Freshness::Partial);
//! ```

use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

use oxagent_core::sync::lock;

/// When a path was last recorded (a running count), and its modification time then.
type Stamp = (u64, Option<SystemTime>);

/// How the model's view of a file compares with the file on disk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Freshness {
    /// No Read, Write or Edit of this path in this session.
    NeverRead,
    /// The file is what the model last saw.
    Current,
    /// The file changed on disk after the model last saw it.
    ChangedOnDisk,
    /// The model read only part of the file (an offset or a limit that left lines out),
    /// and the file has not changed since.
    Partial,
}

/// The per-session record of file contents the model has seen, shared by Read, Write and
/// Edit. Cloning shares the record.
#[derive(Clone, Default, Debug)]
pub struct FileState {
    /// The fingerprint of what was seen, and whether all of it was seen.
    seen: Arc<Mutex<HashMap<PathBuf, (u64, bool)>>>,
    /// When each path was last recorded (a running count) and its modification time then.
    when: Arc<Mutex<HashMap<PathBuf, Stamp>>>,
    /// With file checkpointing on: what changed files held before each prompt's turn.
    checkpoints: Option<Arc<super::checkpoints::Checkpoints>>,
}

fn fingerprint(content: &str) -> u64 {
    let mut hasher = DefaultHasher::new();
    // Line endings do not change what the model saw: Read shows CRLF as LF.
    for part in content.split("\r\n") {
        part.hash(&mut hasher);
        '\n'.hash(&mut hasher);
    }
    hasher.finish()
}

impl FileState {
    pub fn new() -> Self {
        Self::default()
    }

    /// The state, keeping changed files' contents in `checkpoints`.
    pub fn with_checkpoints(mut self, checkpoints: Arc<super::checkpoints::Checkpoints>) -> Self {
        self.checkpoints = Some(checkpoints);
        self
    }

    /// `path` is about to be written by a tool: kept first when checkpointing is on.
    pub fn before_change(&self, path: &Path) {
        if let Some(c) = &self.checkpoints {
            c.before_change(path);
        }
    }

    /// Notes that the model now knows `path` holds `content`.
    pub fn record(&self, path: &Path, content: &str) {
        lock(&self.seen).insert(path.to_path_buf(), (fingerprint(content), true));
        self.stamp(path);
    }

    /// Notes that the model saw only part of `path`, which holds `content`.
    pub fn record_partial(&self, path: &Path, content: &str) {
        lock(&self.seen).insert(path.to_path_buf(), (fingerprint(content), false));
        self.stamp(path);
    }

    fn stamp(&self, path: &Path) {
        let modified = std::fs::metadata(path).and_then(|m| m.modified()).ok();
        let mut when = lock(&self.when);
        let next = when.values().map(|(n, _)| n + 1).max().unwrap_or(0);
        when.insert(path.to_path_buf(), (next, modified));
    }

    /// Forgets `path` (it was deleted, or its content is no longer known).
    pub fn forget(&self, path: &Path) {
        lock(&self.seen).remove(path);
        lock(&self.when).remove(path);
    }

    /// The paths seen that lead to the file `real` (by their own name or through a link),
    /// the most recently recorded first, with the modification time each was seen at.
    pub fn seen_as(&self, real: &Path) -> Vec<(PathBuf, Option<SystemTime>)> {
        let mut found: Vec<(u64, PathBuf, Option<SystemTime>)> = lock(&self.when)
            .iter()
            .filter(|(p, _)| std::fs::canonicalize(p).is_ok_and(|r| r == real))
            .map(|(p, (n, m))| (*n, p.clone(), *m))
            .collect();
        found.sort_by_key(|f| std::cmp::Reverse(f.0));
        found.into_iter().map(|(_, p, m)| (p, m)).collect()
    }

    /// Compares the model's view of `path` with its current `content`.
    pub fn freshness(&self, path: &Path, content: &str) -> Freshness {
        match lock(&self.seen).get(path) {
            None => Freshness::NeverRead,
            Some((seen, whole)) if *seen == fingerprint(content) => {
                if *whole {
                    Freshness::Current
                } else {
                    Freshness::Partial
                }
            }
            Some(_) => Freshness::ChangedOnDisk,
        }
    }

    /// Whether the model has seen `path` at all.
    pub fn has_seen(&self, path: &Path) -> bool {
        lock(&self.seen).contains_key(path)
    }
}

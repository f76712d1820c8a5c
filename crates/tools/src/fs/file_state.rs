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
/// Edit. Cloning shares the record. Each subagent has a record of its own (see
/// [`FileState::of`]).
#[derive(Clone, Default, Debug)]
pub struct FileState {
    seen: Arc<Mutex<Seen>>,
    /// Each subagent's record, by agent id (the main agent's is `seen`).
    agents: Arc<Mutex<HashMap<String, Arc<Mutex<Seen>>>>>,
    /// With file checkpointing on: what changed files held before each prompt's turn.
    checkpoints: Option<Arc<super::checkpoints::Checkpoints>>,
    /// The session has no Read tool: Write and Edit refuse an existing file the model has
    /// not seen (see [`FileState::require_reads`]).
    reads_required: Arc<std::sync::atomic::AtomicBool>,
    /// A file tool has changed a file in this session (see [`FileState::changed_any`]).
    changed: Arc<std::sync::atomic::AtomicBool>,
}

/// What the model saw of each path, and how many records were made (their order).
#[derive(Default, Debug, Clone)]
struct Seen {
    paths: HashMap<PathBuf, Record>,
    records: u64,
    /// The last compaction the record was brought through (see [`FileState::compacted`]).
    compaction: Option<String>,
}

#[derive(Debug, Clone)]
struct Record {
    /// The fingerprint of what was seen, and whether all of it was seen.
    fingerprint: u64,
    whole: bool,
    /// Which record this was, and the file's modification time then.
    order: u64,
    modified: Option<SystemTime>,
    /// Known from a resumed conversation: the time (milliseconds since the epoch) its
    /// result was written. The file counts as changed when it was modified later.
    restored_at: Option<u64>,
}

/// How many files a compaction leaves counted as read, and the largest taken again (about
/// 5,000 tokens at four bytes a token).
const RESTORED_AFTER_COMPACTION: usize = 5;
const RESTORED_MAX_BYTES: usize = 20_000;

/// Files a compaction never takes again: instruction files and plans.
fn not_restored(path: &Path) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let parent = |n: &str| {
        path.parent()
            .and_then(|p| p.file_name())
            .is_some_and(|p| p == n)
    };
    matches!(name, "CLAUDE.md" | "CLAUDE.local.md") || parent("plans") || parent("rules")
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

    /// The record of what the agent `agent` has seen (none: the main agent). As the
    /// reference keeps it, a subagent starts knowing nothing of what its caller read, and
    /// what it reads or writes is not known to its caller: a file the caller read and the
    /// subagent changed is one the caller's view of is stale (fuzz-l/fl_062, fl_191).
    pub fn of(&self, agent: Option<&str>) -> FileState {
        let Some(agent) = agent else {
            return self.clone();
        };
        let seen = lock(&self.agents)
            .entry(agent.to_string())
            .or_default()
            .clone();
        FileState {
            seen,
            ..self.clone()
        }
    }

    /// `path` is about to be written by a tool: kept first when checkpointing is on.
    pub fn before_change(&self, path: &Path) {
        self.changed
            .store(true, std::sync::atomic::Ordering::Relaxed);
        if let Some(c) = &self.checkpoints {
            c.before_change(path);
        }
    }

    /// Whether a file tool (Write, Edit, NotebookEdit) has changed a file in this session.
    pub fn changed_any(&self) -> bool {
        self.changed.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Notes that the model now knows `path` holds `content`.
    pub fn record(&self, path: &Path, content: &str) {
        self.note(path, content, true);
    }

    /// Notes that the model saw only part of `path`, which holds `content`.
    pub fn record_partial(&self, path: &Path, content: &str) {
        self.note(path, content, false);
    }

    fn note(&self, path: &Path, content: &str, whole: bool) {
        let modified = std::fs::metadata(path).and_then(|m| m.modified()).ok();
        let mut seen = lock(&self.seen);
        seen.records += 1;
        let record = Record {
            fingerprint: fingerprint(content),
            whole,
            order: seen.records,
            modified,
            restored_at: None,
        };
        seen.paths.insert(path.to_path_buf(), record);
    }

    /// Notes what a resumed conversation showed the model of `path` (all of it or part),
    /// as of `at_ms` (see `oxagent_sessions::seen`).
    pub fn restore(&self, path: &Path, whole: bool, at_ms: u64) {
        let mut seen = lock(&self.seen);
        seen.records += 1;
        let record = Record {
            fingerprint: 0,
            whole,
            order: seen.records,
            modified: Some(SystemTime::UNIX_EPOCH + std::time::Duration::from_millis(at_ms)),
            restored_at: Some(at_ms),
        };
        seen.paths.insert(path.to_path_buf(), record);
    }

    /// After a compaction, as the reference does: everything seen is forgotten but the few
    /// files seen most recently (by modification time, then by which was recorded last)
    /// that no Read among the kept messages (`kept`) shows; those are taken as read again,
    /// whole, as they are now, when they are small enough to be (fuzz-g/fg_180). Instruction
    /// files and plans are not taken again.
    /// `compaction` names the compaction: the tools sharing the record are each told of it,
    /// and only the first call does the work.
    pub fn compacted(&self, compaction: &str, kept: &[PathBuf]) {
        let mut ranked: Vec<(PathBuf, Option<SystemTime>, u64)> = {
            let mut seen = lock(&self.seen);
            if seen.compaction.as_deref() == Some(compaction) {
                return;
            }
            seen.compaction = Some(compaction.to_string());
            let ranked = seen
                .paths
                .iter()
                .filter(|(p, _)| !kept.contains(p) && !not_restored(p))
                .map(|(p, r)| (p.clone(), r.modified, r.order))
                .collect();
            seen.paths.clear();
            ranked
        };
        ranked.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.cmp(&a.2)));
        for (path, _, _) in ranked.into_iter().take(RESTORED_AFTER_COMPACTION) {
            let Ok(bytes) = std::fs::read(&path) else {
                continue;
            };
            if bytes.len() > RESTORED_MAX_BYTES {
                continue;
            }
            if let Ok(text) = String::from_utf8(bytes) {
                self.record(&path, &text);
            }
        }
    }

    /// Forgets `path` (it was deleted, or its content is no longer known).
    pub fn forget(&self, path: &Path) {
        lock(&self.seen).paths.remove(path);
    }

    /// The paths seen that lead to the file `real` (by their own name or through a link),
    /// the most recently recorded first, with the modification time each was seen at.
    pub fn seen_as(&self, real: &Path) -> Vec<(PathBuf, Option<SystemTime>)> {
        let seen = lock(&self.seen);
        let mut found: Vec<(&PathBuf, &Record)> = seen
            .paths
            .iter()
            .filter(|(p, _)| std::fs::canonicalize(p).is_ok_and(|r| r == real))
            .collect();
        found.sort_by_key(|(_, r)| std::cmp::Reverse(r.order));
        found
            .into_iter()
            .map(|(p, r)| (p.clone(), r.modified))
            .collect()
    }

    /// Compares the model's view of `path` with its current `content`.
    pub fn freshness(&self, path: &Path, content: &str) -> Freshness {
        match lock(&self.seen).paths.get(path) {
            None => Freshness::NeverRead,
            // Restored from a transcript: what was seen is not known, only when; a file
            // modified after that (even touched) changed on disk (rf_touch, rw_full_touch).
            Some(Record {
                restored_at: Some(at),
                whole,
                ..
            }) => {
                let modified = std::fs::metadata(path)
                    .and_then(|m| m.modified())
                    .ok()
                    .and_then(|t| t.duration_since(SystemTime::UNIX_EPOCH).ok())
                    .map(|d| d.as_millis() as u64);
                match (modified.is_some_and(|m| m > *at), whole) {
                    (true, _) => Freshness::ChangedOnDisk,
                    (false, true) => Freshness::Current,
                    (false, false) => Freshness::Partial,
                }
            }
            Some(r) if r.fingerprint == fingerprint(content) => {
                if r.whole {
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
        lock(&self.seen).paths.contains_key(path)
    }

    /// The session goes without the Read tool (disallowed, or left out of `tools`): as the
    /// reference, Write and Edit then refuse an existing file the model has not seen (by a
    /// `cat`, or its own write) before any question is asked, in every mode
    /// (fa_pin_readfirst_*, fa_267). With Read offered, they do not.
    pub fn require_reads(&self) {
        self.reads_required
            .store(true, std::sync::atomic::Ordering::Relaxed);
    }

    /// Whether writing `path` is refused for want of a read (see [`FileState::require_reads`]).
    pub fn unread_refused(&self, path: &Path) -> bool {
        self.reads_required
            .load(std::sync::atomic::Ordering::Relaxed)
            && path.is_file()
            && !self.has_seen(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// fuzz-g/fg_180: a compaction forgets every file but the five seen most recently that
    /// no kept Read shows; those count as read whole again, a partial view included.
    #[test]
    fn a_compaction_keeps_the_latest_files_not_read_in_the_kept_messages() {
        let dir = tempfile::tempdir().unwrap();
        let state = FileState::new();
        let paths: Vec<PathBuf> = (0..8)
            .map(|i| dir.path().join(format!("f{i}.txt")))
            .collect();
        let at = SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_700_000_000);
        let write = |p: &Path, text: &str, at: SystemTime| {
            std::fs::write(p, text).unwrap();
            let f = std::fs::File::options().write(true).open(p).unwrap();
            f.set_modified(at).unwrap();
        };
        for (i, p) in paths.iter().enumerate() {
            write(p, &format!("file {i}\n"), at);
        }
        // The same modification time: the order of the records decides.
        for p in &paths[..7] {
            state.record(p, &std::fs::read_to_string(p).unwrap());
        }
        state.record_partial(&paths[7], "file 7\n");
        let big = dir.path().join("big.txt");
        let later = at + std::time::Duration::from_secs(10);
        write(&big, &"x".repeat(RESTORED_MAX_BYTES + 1), later);
        state.record(&big, &std::fs::read_to_string(&big).unwrap());
        let memory = dir.path().join("CLAUDE.md");
        write(&memory, "rules\n", later);
        state.record(&memory, "rules\n");

        // f6 was read in a message the compaction kept.
        state.compacted("c1", &[paths[6].clone()]);
        // Told again of the same compaction (by another file tool): nothing more happens.
        state.record(&paths[0], "file 0\n");
        state.compacted("c1", &[]);
        assert!(state.has_seen(&paths[0]));
        state.forget(&paths[0]);

        let seen: Vec<bool> = paths.iter().map(|p| state.has_seen(p)).collect();
        // Latest first, not kept, not the instruction file: big (too large to take again),
        // f7, f5, f4, f3; f2, f1, f0 are forgotten with f6.
        assert_eq!(seen, [false, false, false, true, true, true, false, true]);
        assert!(!state.has_seen(&big) && !state.has_seen(&memory));
        assert_eq!(state.freshness(&paths[7], "file 7\n"), Freshness::Current);
    }

    /// fuzz-l/fl_191, fl_pin_agent_*: each agent has its own record; a subagent keeps its
    /// record between its calls, and what one agent wrote is stale to another that read it.
    #[test]
    fn each_agent_has_its_own_record() {
        let state = FileState::new();
        let p = Path::new("/ws/a.txt");
        state.record(p, "one\n");
        let sub = state.of(Some("agent-1"));
        assert_eq!(sub.freshness(p, "one\n"), Freshness::NeverRead);
        sub.record(p, "two\n");
        assert_eq!(
            state.of(Some("agent-1")).freshness(p, "two\n"),
            Freshness::Current
        );
        assert_eq!(state.freshness(p, "two\n"), Freshness::ChangedOnDisk);
        assert_eq!(state.of(None).freshness(p, "one\n"), Freshness::Current);
        assert!(!state.of(Some("agent-2")).has_seen(p));
    }
}

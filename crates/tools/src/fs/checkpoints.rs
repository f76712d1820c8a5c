//! File checkpoints (`enable_file_checkpointing`): the files Write, Edit and NotebookEdit
//! change, as they were before each prompt's turn first changed them, so that
//! `rewind_files(prompt uuid)` can put every file back as it was when that prompt came.
//!
//! ```text
//! begin(P1)  Write a.txt (new)  Edit b.txt      checkpoint P1: a.txt absent, b.txt "one"
//! begin(P2)  Write a.txt                        checkpoint P2: a.txt "hello"
//! rewind(P1): a.txt removed, b.txt "one"        rewind(P2): a.txt "hello"
//! ```
//!
//! Only these tools' changes are kept (a Bash command's are not), in memory, for the life of
//! the session, as the reference keeps them.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use oxagent_core::sync::lock;
use serde_json::{json, Value};

/// What `rewind_files` answers for an unknown prompt.
pub const NO_CHECKPOINT: &str = "No file checkpoint found for this message.";

#[derive(Debug, Default)]
pub struct Checkpoints {
    state: Mutex<State>,
}

/// A file as a prompt's turn found it: its bytes, or `None` when it did not exist.
type Kept = (PathBuf, Option<Vec<u8>>);

#[derive(Debug, Default)]
struct State {
    /// Prompt uuids, oldest first.
    order: Vec<String>,
    /// By prompt: each file it changed as it was before (`None`: it did not exist), in the
    /// order they were first changed.
    saved: HashMap<String, Vec<Kept>>,
}

/// What a rewind changes (or would change, on a dry run).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Rewind {
    pub files_changed: Vec<PathBuf>,
    pub insertions: usize,
    pub deletions: usize,
}

impl Checkpoints {
    /// The turn of prompt `uuid` starts: changes from now on are kept under it.
    pub fn begin(&self, uuid: &str) {
        let mut st = lock(&self.state);
        if !st.saved.contains_key(uuid) {
            st.order.push(uuid.to_string());
            st.saved.insert(uuid.to_string(), Vec::new());
        }
    }

    /// `path` is about to change: its content now is kept, unless the current prompt kept
    /// it already.
    pub fn before_change(&self, path: &Path) {
        let mut st = lock(&self.state);
        let Some(current) = st.order.last().cloned() else {
            return;
        };
        let files = st.saved.entry(current).or_default();
        if files.iter().any(|(p, _)| p == path) {
            return;
        }
        files.push((path.to_path_buf(), std::fs::read(path).ok()));
    }

    /// Each file changed since prompt `uuid` came, with what it held then.
    fn targets(&self, uuid: &str) -> Result<Vec<Kept>, String> {
        let st = lock(&self.state);
        let from = st
            .order
            .iter()
            .position(|u| u == uuid)
            .ok_or_else(|| NO_CHECKPOINT.to_string())?;
        let mut out: Vec<Kept> = Vec::new();
        for prompt in &st.order[from..] {
            for (path, before) in st.saved.get(prompt).into_iter().flatten() {
                // The earliest prompt that kept a file has it as it was at `uuid`.
                if !out.iter().any(|(p, _)| p == path) {
                    out.push((path.clone(), before.clone()));
                }
            }
        }
        Ok(out)
    }

    /// Puts the files back as they were when prompt `uuid` came (`dry_run`: only says
    /// what would change).
    pub fn rewind(&self, uuid: &str, dry_run: bool) -> Result<Rewind, String> {
        let mut report = Rewind::default();
        for (path, before) in self.targets(uuid)? {
            let now = std::fs::read(&path).ok();
            if now == before {
                continue;
            }
            let text = |b: &Option<Vec<u8>>| {
                b.as_deref()
                    .map(|b| String::from_utf8_lossy(b).into_owned())
                    .unwrap_or_default()
            };
            let (now_text, before_text) = (text(&now), text(&before));
            let diff = similar::TextDiff::from_lines(&now_text, &before_text);
            for change in diff.iter_all_changes() {
                match change.tag() {
                    similar::ChangeTag::Insert => report.insertions += 1,
                    similar::ChangeTag::Delete => report.deletions += 1,
                    similar::ChangeTag::Equal => {}
                }
            }
            if !dry_run {
                let done = match &before {
                    Some(bytes) => std::fs::write(&path, bytes),
                    None => std::fs::remove_file(&path),
                };
                done.map_err(|e| format!("{}: {e}", path.display()))?;
            }
            report.files_changed.push(path);
        }
        Ok(report)
    }
}

impl Rewind {
    /// The `rewind_files` answer, as the reference words it: what would change on a dry
    /// run, that it was done otherwise.
    pub fn answer(&self, dry_run: bool) -> Value {
        if dry_run {
            json!({"canRewind": true, "filesChanged": self.files_changed,
                   "insertions": self.insertions, "deletions": self.deletions})
        } else {
            json!({"canRewind": true, "skippedLinks": 0})
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rewinds_to_what_each_prompt_found() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (dir.path().join("a.txt"), dir.path().join("b.txt"));
        std::fs::write(&b, "one\ntwo\n").unwrap();
        let cp = Checkpoints::default();
        cp.begin("p1");
        cp.before_change(&a);
        std::fs::write(&a, "hello\nworld\n").unwrap();
        cp.before_change(&b);
        std::fs::write(&b, "ONE\ntwo\n").unwrap();
        cp.begin("p2");
        cp.before_change(&a);
        std::fs::write(&a, "second\n").unwrap();

        let dry = cp.rewind("p2", true).unwrap();
        assert_eq!(dry.files_changed, std::slice::from_ref(&a));
        assert_eq!((dry.insertions, dry.deletions), (2, 1));
        let dry = cp.rewind("p1", true).unwrap();
        assert_eq!(dry.files_changed, [a.clone(), b.clone()]);
        assert_eq!((dry.insertions, dry.deletions), (1, 2));
        assert_eq!(std::fs::read_to_string(&a).unwrap(), "second\n");

        cp.rewind("p1", false).unwrap();
        assert!(!a.exists());
        assert_eq!(std::fs::read_to_string(&b).unwrap(), "one\ntwo\n");
        assert_eq!(cp.rewind("p1", true).unwrap(), Rewind::default());
        assert_eq!(cp.rewind("nope", true).unwrap_err(), NO_CHECKPOINT);
    }
}

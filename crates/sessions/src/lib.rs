//! oxagent-sessions: session transcripts in Claude Code's on-disk layout.
//!
//! One JSONL file per session at `~/.claude/projects/<sanitized cwd>/<session id>.jsonl`:
//! one row per prompt, per assistant content block, per tool result, plus bookkeeping rows
//! (`cost-state`). [`TranscriptWriter`] appends rows as a session runs; [`load`] rebuilds the
//! conversation for `resume`, repairing a transcript torn by a crash; [`latest_session`] finds
//! the session `continue` picks.
//!
//! ```
//! use oxagent_sessions::sanitize;
//! assert_eq!(sanitize("/home/me/my project"), "-home-me-my-project");
//! ```

mod load;
mod writer;

use std::path::{Path, PathBuf};

pub use load::{load, LoadError, LoadedSession};
pub use writer::TranscriptWriter;

/// Every character that is not ASCII alphanumeric becomes `-`.
pub fn sanitize(path: &str) -> String {
    path.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect()
}

/// `<home>/.claude/projects/<sanitized cwd>`.
pub fn project_dir(home: &Path, cwd: &Path) -> PathBuf {
    home.join(".claude")
        .join("projects")
        .join(sanitize(&cwd.to_string_lossy()))
}

pub fn transcript_path(home: &Path, cwd: &Path, session_id: &str) -> PathBuf {
    project_dir(home, cwd).join(format!("{session_id}.jsonl"))
}

/// The most recently written session of `cwd`, for `continue`.
pub fn latest_session(home: &Path, cwd: &Path) -> Option<String> {
    let entries = std::fs::read_dir(project_dir(home, cwd)).ok()?;
    entries
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().to_string();
            let id = name.strip_suffix(".jsonl")?.to_string();
            let modified = e.metadata().ok()?.modified().ok()?;
            Some((modified, id))
        })
        .max()
        .map(|(_, id)| id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latest_is_the_most_recently_modified() {
        let home = tempfile::tempdir().unwrap();
        let cwd = Path::new("/w");
        let dir = project_dir(home.path(), cwd);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("a.jsonl"), "{}\n").unwrap();
        std::thread::sleep(std::time::Duration::from_millis(20));
        std::fs::write(dir.join("b.jsonl"), "{}\n").unwrap();
        assert_eq!(latest_session(home.path(), cwd).as_deref(), Some("b"));
        assert_eq!(latest_session(home.path(), Path::new("/other")), None);
    }
}

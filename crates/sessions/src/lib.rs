//! oxagent-sessions: session transcripts in Claude Code's on-disk layout.
//!
//! One JSONL file per session at `~/.claude/projects/<sanitized cwd>/<session id>.jsonl`:
//! one row per prompt, per assistant content block, per tool result, plus bookkeeping rows
//! (`cost-state`). [`TranscriptWriter`] appends rows as a session runs; [`load`] rebuilds the
//! conversation for `resume`, repairing a transcript torn by a crash; [`latest_session`] finds
//! the session `continue` picks. Every id that names a file passes [`validate_session_id`]
//! first: the paths are built from a [`SessionId`] only.
//!
//! With a session store ([`oxagent_core::store::SessionStore`]): [`mirror`] appends the rows
//! to the store as they are written, [`from_store`] resumes from what the store holds, and
//! [`store_api`] lists, reads and changes stored sessions.
//!
//! ```
//! use oxagent_sessions::sanitize;
//! assert_eq!(sanitize("/home/me/my project"), "-home-me-my-project");
//! ```

mod catalog;
mod chain;
pub mod drops_turn;
pub mod from_store;
mod id;
pub mod json_api;
mod load;
pub mod mirror;
mod mutate;
pub mod seen;
pub mod start;
pub mod store_api;
mod writer;

use std::path::{Path, PathBuf};

pub use catalog::{
    info_camel, list_sessions, list_subagents, resume_target, session_info, session_messages,
    subagent_messages, SessionInfo, SessionMessage,
};
pub use id::{validate_session_id, InvalidSessionId, SessionId, INVALID_SESSION_ID};
pub use load::{load, LoadError, LoadedSession};
pub use mutate::{delete_session, fork_session, rename_session, tag_session, SessionError};
pub use writer::{RowSink, TranscriptWriter};

/// The folder of all projects' transcripts: `$CLAUDE_CONFIG_DIR/projects`, else
/// `<home>/.claude/projects`.
pub fn projects_root(home: &Path, config_dir: Option<&Path>) -> PathBuf {
    match config_dir {
        Some(c) => c.join("projects"),
        None => home.join(".claude").join("projects"),
    }
}

/// The folder name of a working directory's transcripts: its real path, every character
/// that is not an ASCII letter or digit made `-`; past 200 characters, the first 200, `-`
/// and a base-36 hash of the path.
pub fn project_key(dir: &Path) -> String {
    let real = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
    let path = real.to_string_lossy();
    let key = sanitize(&path);
    if key.len() <= 200 {
        return key;
    }
    let mut h: i32 = 0;
    for c in path.chars() {
        h = h.wrapping_mul(31).wrapping_add(c as i32);
    }
    format!("{}-{}", &key[..200], base36(h.unsigned_abs()))
}

fn base36(mut n: u32) -> String {
    const DIGITS: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut out = Vec::new();
    loop {
        out.push(DIGITS[(n % 36) as usize]);
        n /= 36;
        if n == 0 {
            break;
        }
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

/// Every character that is not ASCII alphanumeric becomes `-`.
pub fn sanitize(path: &str) -> String {
    path.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect()
}

/// `<home>/.claude/projects/<project key of cwd>`.
pub fn project_dir(home: &Path, cwd: &Path) -> PathBuf {
    home.join(".claude").join("projects").join(project_key(cwd))
}

/// `<home>/.claude/projects/<project key of cwd>/<session id>.jsonl`.
pub fn transcript_path(home: &Path, cwd: &Path, session_id: &SessionId) -> PathBuf {
    project_dir(home, cwd).join(session_id.file_name())
}

/// The most recently written session of `cwd`, for `continue`. Files whose name is not a
/// session id are passed over.
pub fn latest_session(home: &Path, cwd: &Path) -> Option<SessionId> {
    start::latest_in(&project_dir(home, cwd))
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
        let a = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa";
        let b = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb";
        std::fs::write(dir.join(format!("{a}.jsonl")), "{}\n").unwrap();
        std::thread::sleep(std::time::Duration::from_millis(20));
        std::fs::write(dir.join(format!("{b}.jsonl")), "{}\n").unwrap();
        std::thread::sleep(std::time::Duration::from_millis(20));
        // Newer, but not a session id: never picked.
        std::fs::write(dir.join("notes.jsonl"), "{}\n").unwrap();
        let latest = latest_session(home.path(), cwd).unwrap();
        assert_eq!(latest.as_str(), b);
        assert_eq!(latest_session(home.path(), Path::new("/other")), None);
    }
}

//! The host's file requests: `read_file` (a file of the session's working directories, for
//! a viewer beside the conversation) and `seed_read_state` (a file the host saw the model
//! read, so Edit and Write treat it as read).
//!
//! ```text
//! read_file {path: "a.txt"}            -> {contents, absPath, lossy, requested_path}
//! read_file {path, encoding: "base64"} -> {contents (base64), absPath, encoding, requested_path}
//! read_file {path: "/etc/passwd"}      -> error "read denied: /etc/passwd" (outside, or missing)
//! seed_read_state {path, mtime}        -> the file counts as read, unless it changed after mtime
//! ```

use std::path::{Path, PathBuf};

use base64::Engine;
use serde_json::{json, Map, Value};

/// What `read_file` returns at most when the host names no limit.
const DEFAULT_MAX_BYTES: u64 = 1024 * 1024;

/// The session's file record and the directories the host may read through it.
pub(crate) struct FileAccess {
    pub seen: oxagent_tools::FileState,
    pub cwd: PathBuf,
    pub additional_directories: Vec<PathBuf>,
    pub home: Option<PathBuf>,
}

impl FileAccess {
    fn resolve(&self, path: &str) -> PathBuf {
        oxagent_core::rules::path::resolve(path, &self.cwd, self.home.as_deref())
    }

    /// Whether `file` (an existing path) lies in the working directories, symlinks followed.
    fn readable(&self, file: &Path) -> bool {
        let Ok(real) = std::fs::canonicalize(file) else {
            return false;
        };
        std::iter::once(&self.cwd)
            .chain(&self.additional_directories)
            .filter_map(|d| std::fs::canonicalize(d).ok())
            .any(|d| real.starts_with(d))
    }

    /// `read_file`'s answer, or its error text.
    pub fn read(
        &self,
        path: &str,
        max_bytes: Option<u64>,
        encoding: Option<&str>,
    ) -> Result<Value, String> {
        let denied = || format!("read denied: {path}");
        let file = self.resolve(path);
        if !self.readable(&file) {
            return Err(denied());
        }
        let mut bytes = std::fs::read(&file).map_err(|_| denied())?;
        let cap = usize::try_from(max_bytes.unwrap_or(DEFAULT_MAX_BYTES)).unwrap_or(usize::MAX);
        let truncated = bytes.len() > cap;
        bytes.truncate(cap);
        let mut body = Map::new();
        let base64 = encoding == Some("base64");
        body.insert(
            "contents".into(),
            json!(if base64 {
                base64::engine::general_purpose::STANDARD.encode(&bytes)
            } else {
                String::from_utf8_lossy(&bytes).into_owned()
            }),
        );
        body.insert("absPath".into(), json!(file.display().to_string()));
        if truncated {
            body.insert("truncated".into(), json!(true));
        }
        if base64 {
            body.insert("encoding".into(), json!("base64"));
        } else {
            body.insert("lossy".into(), json!(std::str::from_utf8(&bytes).is_err()));
        }
        body.insert("requested_path".into(), json!(path));
        Ok(Value::Object(body))
    }

    /// Records `path` as read if it has not changed since `mtime` (milliseconds since the
    /// epoch, floored); otherwise the model must read it again, and nothing happens.
    pub fn seed(&self, path: &str, mtime: f64) {
        let file = self.resolve(path);
        let modified = std::fs::metadata(&file)
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
            .map(|d| d.as_millis() as f64);
        if modified.is_some_and(|m| m <= mtime.floor()) {
            if let Ok(content) = std::fs::read_to_string(&file) {
                self.seen.record(&file, &content);
            }
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn access(dir: &Path) -> FileAccess {
        FileAccess {
            seen: oxagent_tools::FileState::new(),
            cwd: dir.to_path_buf(),
            additional_directories: vec![],
            home: None,
        }
    }

    #[test]
    fn reads_inside_the_working_directories_only() {
        let dir = tempfile::tempdir().unwrap();
        let ws = dir.path().join("ws");
        std::fs::create_dir(&ws).unwrap();
        std::fs::write(ws.join("a.txt"), "hello\n").unwrap();
        std::fs::write(dir.path().join("outside.txt"), "secret").unwrap();
        let files = access(&ws);
        let abs = ws.join("a.txt").display().to_string();
        assert_eq!(
            files.read("a.txt", None, None).unwrap(),
            json!({"contents": "hello\n", "absPath": abs, "lossy": false, "requested_path": "a.txt"})
        );
        assert_eq!(
            files.read("a.txt", Some(2), None).unwrap(),
            json!({"contents": "he", "absPath": abs, "truncated": true, "lossy": false, "requested_path": "a.txt"})
        );
        assert_eq!(
            files.read("a.txt", None, Some("base64")).unwrap(),
            json!({"contents": "aGVsbG8K", "absPath": abs, "encoding": "base64", "requested_path": "a.txt"})
        );
        assert_eq!(
            files.read("../outside.txt", None, None).unwrap_err(),
            "read denied: ../outside.txt"
        );
        assert_eq!(
            files.read("missing.txt", None, None).unwrap_err(),
            "read denied: missing.txt"
        );
    }

    #[test]
    fn a_seed_counts_only_for_an_unchanged_file() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("a.txt");
        std::fs::write(&file, "x\n").unwrap();
        let files = access(dir.path());
        files.seed("a.txt", 1.0);
        assert!(!files.seen.has_seen(&file), "changed after the mtime given");
        files.seed("a.txt", 1e15);
        assert!(files.seen.has_seen(&file));
    }
}

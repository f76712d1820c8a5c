//! Instruction files (CLAUDE.md) in subdirectories, attached when a tool first touches them.
//!
//! The session's own CLAUDE.md files are loaded by the host before the session starts and
//! sent as one reminder with the first prompt (`SessionConfig::memory`). A `CLAUDE.md` in a
//! subdirectory of the working directory is read only once a tool call reaches into that
//! subdirectory; its text then follows the tool result as a reminder. Finding and reading
//! the files is the host's part ([`NestedMemory`]).
//!
//! ```
//! use oxagent_core::memory::nested_reminder;
//! assert_eq!(
//!     nested_reminder("/w/sub/CLAUDE.md", "Rule.\n"),
//!     "<system-reminder>\nContents of /w/sub/CLAUDE.md:\n\nRule.\n\n</system-reminder>"
//! );
//! ```

pub mod bash_reads;
pub mod instructions;

use std::path::{Path, PathBuf};

use serde_json::Value;

/// Why an instruction file was brought in (the InstructionsLoaded hook's `load_reason`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LoadReason {
    /// A file of a directory the tool call reached (`nested_traversal`).
    Traversal,
    /// Imported (`@path`) by `parent` (`include`).
    Include { parent: PathBuf },
    /// A rule whose `paths:` globs match the file the call touched (`path_glob_match`).
    Glob { globs: Vec<String> },
}

impl LoadReason {
    pub fn name(&self) -> &'static str {
        match self {
            LoadReason::Traversal => "nested_traversal",
            LoadReason::Include { .. } => "include",
            LoadReason::Glob { .. } => "path_glob_match",
        }
    }
}

/// One instruction file a tool call brought in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reached {
    pub path: PathBuf,
    pub text: String,
    /// `Project`, `Local` or `User`.
    pub memory_type: &'static str,
    pub reason: LoadReason,
}

/// Finds the instruction files a tool call's path reaches.
pub trait NestedMemory: Send + Sync + std::fmt::Debug {
    /// The instruction files `path` reaches that were not handed out (or read by the model)
    /// before in this session, in the order the model is shown them.
    fn reached(&self, path: &Path) -> Vec<Reached>;
    /// The model read `path` itself: an instruction file it names is not attached later.
    fn seen(&self, _path: &Path) {}
    /// A resumed conversation was shown `path` as `text`: it is not attached again, unless
    /// it reads otherwise now.
    fn restored(&self, path: &Path, _text: &str) {
        self.seen(path)
    }
    /// The same files for a subagent: its conversation has been shown none of the nested
    /// ones yet (fuzz-l/fl_116).
    fn for_subagent(&self) -> Option<std::sync::Arc<dyn NestedMemory>> {
        None
    }
}

/// The reminder that carries one nested instruction file.
pub fn nested_reminder(path: &str, text: &str) -> String {
    format!("<system-reminder>\nContents of {path}:\n\n{text}\n</system-reminder>")
}

/// The files a tool call's input names (`file_path`, `notebook_path`), resolved against
/// `cwd`. A search's `path` brings no instructions in, as in the reference.
pub fn touched_paths(input: &Value, cwd: &Path) -> Vec<PathBuf> {
    ["file_path", "notebook_path"]
        .iter()
        .filter_map(|k| input.get(*k).and_then(Value::as_str))
        .filter(|p| !p.is_empty())
        .map(|p| {
            let p = Path::new(p);
            if p.is_absolute() {
                p.to_path_buf()
            } else {
                cwd.join(p)
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn paths_of_a_call() {
        let cwd = Path::new("/w");
        assert_eq!(
            touched_paths(&json!({"file_path": "sub/a.txt"}), cwd),
            [PathBuf::from("/w/sub/a.txt")]
        );
        // A search's path brings nothing in (va_md_nested_glob_grep).
        assert!(touched_paths(&json!({"path": "/x", "pattern": "*"}), cwd).is_empty());
        assert!(touched_paths(&json!({"command": "ls"}), cwd).is_empty());
    }
}

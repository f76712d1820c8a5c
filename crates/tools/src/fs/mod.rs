//! Files: Read, Write, Edit and NotebookEdit, and what they share.
//!
//! | tool | module | result |
//! |---|---|---|
//! | Read | [`read`], [`read_media`] | numbered lines (`1\talpha`); images, PDFs, notebook cells |
//! | Write | [`write`](mod@write) | `File created successfully at: ...`, with `structuredPatch` |
//! | Edit | [`edit`] | `The file ... has been updated successfully.`, with `structuredPatch` |
//! | NotebookEdit | [`notebook_edit`] | `Updated cell c1 with ...` |
//!
//! The four share one [`FileState`](file_state::FileState) per session: what the model has
//! seen of each file, so Edit can say when its view is missing or stale. [`patch`] computes
//! the hunks Write and Edit report; with file checkpointing on, the state also keeps what
//! each changed file held before ([`checkpoints`]).

pub mod checkpoints;
pub mod edit;
pub mod file_state;
pub mod notebook_edit;
pub mod patch;
pub mod quotes;
pub mod read;
pub mod read_media;
pub mod write;

use std::path::Path;

use serde_json::Value;

use crate::paths::{display_path, resolve};

/// The label of a call on the file its input names under `field` (can_use_tool's
/// `description`): the path relative to the session directory inside it, `~/...` under the
/// home directory (however the call spelt it), else absolute; the file name when the session
/// directory is not known.
fn path_label(input: &Value, field: &str, cwd: Option<&Path>) -> Option<String> {
    let path = input.get(field)?.as_str()?;
    match cwd {
        Some(cwd) => {
            let full = resolve(path, cwd);
            let home = crate::paths::home_dir().filter(|_| !full.starts_with(cwd));
            match home.as_deref().and_then(|h| full.strip_prefix(h).ok()) {
                Some(rel) if !rel.as_os_str().is_empty() => Some(format!("~/{}", rel.display())),
                _ => Some(display_path(&full, cwd)),
            }
        }
        None => Path::new(path)
            .file_name()
            .map(|n| n.to_string_lossy().into_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// paths_callback_tilde, paths_callback_home_abs: a prompt names a file under the home
    /// directory with `~`, however the call spelt it.
    #[test]
    fn prompts_name_files_relative_to_cwd_then_home() {
        let cwd = Path::new("/nonexistent-ws");
        let Some(home) = crate::paths::home_dir() else {
            return;
        };
        let label = |p: &str| path_label(&serde_json::json!({ "f": p }), "f", Some(cwd)).unwrap();
        assert_eq!(label("~/new.txt"), "~/new.txt");
        assert_eq!(label(&format!("{}/a/b.txt", home.display())), "~/a/b.txt");
        assert_eq!(label("/nonexistent-ws/sub/../new.txt"), "new.txt");
        assert_eq!(label("/elsewhere/x.txt"), "/elsewhere/x.txt");
    }
}

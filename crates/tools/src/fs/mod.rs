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
//! the hunks Write and Edit report.

pub mod edit;
pub mod file_state;
pub mod notebook_edit;
pub mod patch;
pub mod read;
pub mod read_media;
pub mod write;

use std::path::Path;

use serde_json::Value;

use crate::paths::{display_path, resolve};

/// The label of a call on the file its input names under `field` (can_use_tool's
/// `description`): the path relative to the session directory when that is known, else the
/// file name.
fn path_label(input: &Value, field: &str, cwd: Option<&Path>) -> Option<String> {
    let path = input.get(field)?.as_str()?;
    match cwd {
        Some(cwd) => Some(display_path(&resolve(path, cwd), cwd)),
        None => Path::new(path)
            .file_name()
            .map(|n| n.to_string_lossy().into_owned()),
    }
}

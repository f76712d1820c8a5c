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

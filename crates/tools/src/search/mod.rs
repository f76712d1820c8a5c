//! Finding files: Glob by name, Grep by content, both with ripgrep's rules (`rg --files
//! --glob` and `rg` itself) over ripgrep's own crates.
//!
//! | tool | module | answers |
//! |---|---|---|
//! | Glob | [`glob`] | `src/a.rs\nsrc/b.rs`, oldest first, at most 100 |
//! | Grep | [`grep`] over [`engine`] | `Found 2 files ...`, `path:line:text` or `path:N` |

mod denied;
pub mod engine;
pub mod glob;
pub mod grep;
mod walk;

/// Directories no search descends into.
pub const VCS_DIRS: &[&str] = &[".git", ".svn", ".hg", ".bzr", ".jj", ".sl"];

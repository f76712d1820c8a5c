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
pub mod encoding;
pub mod escapes;
pub mod file_state;
pub mod image_fit;
pub mod image_scale;
pub mod notebook_edit;
pub mod patch;
pub mod quotes;
pub mod read;
pub mod read_media;
pub mod trailing;
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

/// Where a relative path starts for a tool that knows the session directory `cwd` but not
/// the call's context: the shell's directory after a `cd`, else `cwd`.
pub(crate) fn here(cwd: &Path, shell: Option<&crate::shell::ShellState>) -> std::path::PathBuf {
    match shell {
        Some(shell) => shell.cwd(cwd),
        None => cwd.to_path_buf(),
    }
}

/// What a file tool does after a compaction (see [`file_state::FileState::compacted`]):
/// the kept Reads' paths resolved from where the session's shell stands. The file tools share
/// the record: the first of them told of `compaction` does it, the others find it done.
pub(crate) fn compacted(
    files: &file_state::FileState,
    compaction: &str,
    cwd: Option<&Path>,
    shell: Option<&crate::shell::ShellState>,
    kept_reads: &[String],
) {
    let dir = cwd.map(|c| here(c, shell));
    let kept: Vec<std::path::PathBuf> = kept_reads
        .iter()
        .map(|p| match &dir {
            Some(d) => resolve(p, d),
            None => std::path::PathBuf::from(p),
        })
        .collect();
    files.compacted(compaction, &kept);
}

/// What Edit and Write answer instead of changing a file they cannot write back in its own
/// encoding: one with NUL bytes in its first 8 KB (binary, UTF-16/32 without a byte-order
/// mark), or one that is not UTF-8. The reference's texts. A UTF-16LE file behind its mark
/// is written back as such ([`encoding`]).
pub(crate) fn encoding_refusal(bytes: &[u8]) -> Option<String> {
    if encoding::detect(bytes) == encoding::TextEncoding::Utf16Le {
        return None;
    }
    const REST: &str = "These tools write UTF-8 (or UTF-16LE behind its byte-order mark) and \
never convert a file's encoding on their own, so nothing was written. If the file is text, make \
the change with a shell command that reads and writes it in its own encoding (iconv, or \
PowerShell Get-Content/Set-Content -Encoding), or ask the user whether to convert it to UTF-8 \
first. To replace the whole file with new UTF-8 text anyway, delete it first, then Write it.";
    let head = &bytes[..bytes.len().min(8192)];
    if head.contains(&0) {
        return Some(format!(
            "File has NUL bytes in its first 8 KB: binary data, UTF-16/UTF-32 without a \
             byte-order mark, or text with embedded NULs. {REST}"
        ));
    }
    if std::str::from_utf8(bytes).is_err() {
        return Some(format!(
            "File is not valid UTF-8: it uses a legacy encoding such as Windows-1252, Shift-JIS \
             or GBK, or it is binary. {REST}"
        ));
    }
    None
}

/// How the reference reports a path that runs through a file (`a.txt/b.txt`), for the
/// system call `call` (`open`, `stat`).
pub(crate) fn not_a_directory(call: &str, path: &std::path::Path) -> String {
    format!("ENOTDIR: not a directory, {call} '{}'", path.display())
}

/// A file tool's result once the user changed the call's input: `note` in place of the
/// file-state note, `userModified: true`, and (`not_in_context`) the mark that the model
/// does not hold the file as written.
pub(crate) fn user_modified(
    mut out: oxagent_core::tool::ToolOutput,
    note: &str,
    not_in_context: bool,
) -> oxagent_core::tool::ToolOutput {
    if let oxagent_core::content::ToolResultContent::Text(text) = &mut out.content {
        let head = text
            .strip_suffix(write::FILE_STATE_CURRENT)
            .unwrap_or(text)
            .to_string();
        *text = format!("{head}{note}");
    }
    if let Some(Value::Object(fields)) = out.structured.as_mut() {
        fields.insert("userModified".into(), Value::Bool(true));
        if not_in_context {
            fields.insert("contentNotInModelContext".into(), Value::Bool(true));
        }
    }
    out
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

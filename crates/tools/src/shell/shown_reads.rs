//! A command that prints a whole file as a Read would (`cat f`, `cat -n f`, `nl f`) counts
//! as a Read of it: an Edit after it needs none, as in the reference. One that prints a part
//! (`head`, `tail`, `sed -n`) counts as a partial view; a grep counts as nothing. A file
//! the model already saw keeps what it saw. Which commands qualify is
//! [`oxagent_core::memory::bash_reads`].

use std::path::Path;

use oxagent_core::memory::bash_reads::{files_shown, shown_files, Shown};

use crate::fs::file_state::FileState;

pub(crate) fn record(command: &str, cwd: &Path, output: &[u8], files: &FileState) {
    if shown_files(command).is_empty() {
        return;
    }
    let output = String::from_utf8_lossy(output);
    for seen in files_shown(command, cwd, &output, true) {
        let Some(content) = seen.content.filter(|_| !files.has_seen(&seen.path)) else {
            continue;
        };
        match seen.lines {
            Shown::Whole { .. } => files.record(&seen.path, &content),
            _ => files.record_partial(&seen.path, &content),
        }
    }
}

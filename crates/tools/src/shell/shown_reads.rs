//! A command that prints a whole file as a Read would (`cat f`, `cat -n f`, `nl f`) counts
//! as a Read of it: an Edit after it needs none, as in the reference. One that prints a part
//! (`head`, `tail`, `sed -n`) counts as a partial view; a grep counts as nothing. A file
//! the model already saw keeps what it saw. Which commands qualify is
//! [`oxagent_core::memory::bash_reads`].

use std::path::Path;

use oxagent_core::memory::bash_reads::{output_shows, shown_files, Shown};
use oxagent_core::rules::path::normalize;

use crate::fs::file_state::FileState;

pub(crate) fn record(command: &str, cwd: &Path, output: &[u8], files: &FileState) {
    let shown = shown_files(command);
    if shown.is_empty() {
        return;
    }
    let output = String::from_utf8_lossy(output);
    for f in shown {
        if f.lines == Shown::Matches {
            continue;
        }
        let path = normalize(&cwd.join(&f.path));
        if files.has_seen(&path) {
            continue;
        }
        let Ok(content) = std::fs::read_to_string(&path) else {
            continue;
        };
        if !output_shows(&f.lines, &content, &output) {
            continue;
        }
        match f.lines {
            Shown::Whole { .. } => files.record(&path, &content),
            _ => files.record_partial(&path, &content),
        }
    }
}

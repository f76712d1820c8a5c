//! How Bash results read: the texts and `tool_use_result` shapes of finished, failed,
//! timed-out, backgrounded and interrupted commands.
//!
//! ```
//! use oxagent_tools::shell::output::strip_blank_edges;
//! assert_eq!(strip_blank_edges("\n\n  a\nb\n\n"), "  a\nb");
//! ```

use std::path::Path;

use oxagent_core::content::ToolResultContent;
use oxagent_core::tool::ToolOutput;
use serde_json::{json, Value};

use crate::paths::format_size;
use crate::results::plain_error;

use super::DEFAULT_BACKGROUND_MS;

/// Output longer than this (in characters) is saved to a file and previewed.
pub const MAX_OUTPUT_CHARS: usize = 30_000;
/// Bytes of a saved output shown in the preview.
const PREVIEW_BYTES: usize = 2048;

/// Removes blank lines at the start and whitespace at the end, keeping the indentation of
/// the first printed line.
pub fn strip_blank_edges(s: &str) -> String {
    let mut start = 0;
    for line in s.split_inclusive('\n') {
        if !line.trim().is_empty() {
            break;
        }
        start += line.len();
    }
    s[start..].trim_end().to_string()
}

/// `output` trimmed, followed by a newline unless empty (a prefix for a note).
pub fn with_newline(output: &str) -> String {
    let text = strip_blank_edges(output);
    if text.is_empty() {
        text
    } else {
        format!("{text}\n")
    }
}

/// A finished command's output, ready to be worded.
pub struct Rendered {
    text: String,
    quiet: bool,
}

impl Rendered {
    /// `notes` (such as a cwd reset) follow the output on their own line.
    pub fn new(output: &str, notes: &str, quiet: bool) -> Self {
        let mut text = strip_blank_edges(output);
        if !notes.is_empty() {
            if !text.is_empty() {
                text.push('\n');
            }
            text.push_str(notes);
        }
        Rendered { text, quiet }
    }
}

fn char_prefix(s: &str, max_chars: usize) -> &str {
    s.char_indices().nth(max_chars).map_or(s, |(i, _)| &s[..i])
}

fn byte_prefix(s: &str, max_bytes: usize) -> &str {
    if s.len() <= max_bytes {
        return s;
    }
    let mut end = max_bytes;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    let cut = &s[..end];
    // End on a line break when one lies in the second half of the preview.
    match cut.rfind('\n') {
        Some(nl) if nl > max_bytes / 2 => &cut[..nl],
        _ => cut,
    }
}

/// `0.3s`, `1s`, `1.5s`, `1m 30s`, `2m`, `1h`.
pub fn format_duration(ms: u64) -> String {
    if ms < 60_000 {
        let tenths = (ms + 50) / 100;
        return match tenths % 10 {
            0 => format!("{}s", tenths / 10),
            t => format!("{}.{t}s", tenths / 10),
        };
    }
    let secs = (ms + 500) / 1000;
    match (secs / 3600, secs % 3600 / 60, secs % 60) {
        (0, m, 0) => format!("{m}m"),
        (0, m, s) => format!("{m}m {s}s"),
        (h, 0, _) => format!("{h}h"),
        (h, m, _) => format!("{h}h {m}m"),
    }
}

/// The result of a command that ran to its end with exit status `code`.
pub async fn finished(
    rendered: Rendered,
    code: i32,
    results_dir: &Path,
    tool_use_id: &str,
) -> ToolOutput {
    let mut stdout = rendered.text.clone();
    let mut shown = rendered.text;
    let mut persisted = None;
    if shown.chars().count() > MAX_OUTPUT_CHARS {
        let path = results_dir.join(format!("{tool_use_id}.txt"));
        let saved = async {
            tokio::fs::create_dir_all(results_dir).await?;
            tokio::fs::write(&path, &shown).await
        };
        if saved.await.is_ok() {
            let size = shown.len() as u64;
            let preview = byte_prefix(&shown, PREVIEW_BYTES).to_string();
            stdout = char_prefix(&shown, MAX_OUTPUT_CHARS).to_string();
            shown = format!(
                "<persisted-output>\nOutput too large ({}). Full output saved to: {}\n\nPreview (first 2KB):\n{preview}\n...\n</persisted-output>",
                format_size(size),
                path.display()
            );
            persisted = Some((path, size));
        } else {
            // Could not save it: cut it instead, and say so.
            stdout = char_prefix(&shown, MAX_OUTPUT_CHARS).to_string();
            let cut = shown.chars().count() - MAX_OUTPUT_CHARS;
            shown = format!("{stdout}\n\n... [{cut} characters truncated] ...");
        }
    }
    if code != 0 {
        let text = if shown.is_empty() {
            format!("Exit code {code}")
        } else {
            format!("Exit code {code}\n{shown}")
        };
        return plain_error(text);
    }
    let mut result = json!({
        "stdout": stdout,
        "stderr": "",
        "interrupted": false,
        "isImage": false,
        "noOutputExpected": rendered.quiet,
    });
    if let Some((path, size)) = persisted {
        result["persistedOutputPath"] = Value::String(path.display().to_string());
        result["persistedOutputSize"] = json!(size);
    }
    let text = if shown.is_empty() {
        "(Bash completed with no output)".to_string()
    } else {
        shown
    };
    ToolOutput {
        content: ToolResultContent::Text(text),
        is_error: Some(false),
        structured: Some(result),
    }
}

/// A foreground command outlived its timeout and now runs as background task `id`.
pub fn timed_out(
    output: &str,
    id: &str,
    output_file: &Path,
    timeout_ms: u64,
    quiet: bool,
) -> ToolOutput {
    let stdout = strip_blank_edges(output);
    let text = format!(
        "{}Command did not complete within its {} timeout and was moved to the background (ID: {id}). \
         Output is being written to: {}. You will be notified when it completes. If it is still running \
         after {} in the background, it will be stopped and you will be notified. It is running now: do \
         not start a second copy while it runs. If it is no longer needed, stop it with TaskStop. To \
         check interim output, use Read on that file path.",
        with_newline(output),
        format_duration(timeout_ms),
        output_file.display(),
        format_duration(DEFAULT_BACKGROUND_MS),
    );
    let result = json!({
        "stdout": stdout,
        "stderr": "",
        "interrupted": false,
        "isImage": false,
        "noOutputExpected": quiet,
        "backgroundTaskId": id,
        "timedOutAfterMs": timeout_ms,
    });
    ToolOutput {
        content: ToolResultContent::Text(text),
        is_error: Some(false),
        structured: Some(result),
    }
}

/// A command started with `run_in_background`.
pub fn backgrounded(id: &str, output_file: &Path) -> ToolOutput {
    let text = format!(
        "Command running in background with ID: {id}. Output is being written to: {}. You will be \
         notified when it completes. To check interim output, use Read on that file path.",
        output_file.display()
    );
    let result = json!({
        "stdout": "",
        "stderr": "",
        "interrupted": false,
        "isImage": false,
        "noOutputExpected": false,
        "backgroundTaskId": id,
    });
    ToolOutput {
        content: ToolResultContent::Text(text),
        is_error: Some(false),
        structured: Some(result),
    }
}

/// The caller interrupted the turn while the command ran; it was killed.
pub fn interrupted(output: &str) -> ToolOutput {
    let stdout = strip_blank_edges(output);
    let text = format!(
        "{}Command was interrupted before it completed.",
        with_newline(output)
    );
    ToolOutput {
        content: ToolResultContent::Text(text),
        is_error: Some(true),
        structured: Some(json!({
            "stdout": stdout,
            "stderr": "",
            "interrupted": true,
            "isImage": false,
            "noOutputExpected": false,
        })),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_like_the_reference() {
        assert_eq!(format_duration(1000), "1s");
        assert_eq!(format_duration(300), "0.3s");
        assert_eq!(format_duration(1500), "1.5s");
        assert_eq!(format_duration(120_000), "2m");
        assert_eq!(format_duration(90_000), "1m 30s");
        assert_eq!(format_duration(1_800_000), "30m");
    }
}

//! How Bash results read: the texts and `tool_use_result` shapes of finished, failed,
//! timed-out, backgrounded and interrupted commands.
//!
//! ```
//! use oxagent_tools::shell::output::strip_blank_edges;
//! assert_eq!(strip_blank_edges("\n\n  a\nb\n\n"), "  a\nb");
//! ```

use std::path::{Path, PathBuf};

use oxagent_core::content::ToolResultContent;
use oxagent_core::tool::ToolOutput;
use serde_json::{json, Value};

use super::large_output::{persisted_text, truncate_error, utf16_len, MAX_RESULT_CHARS};
use super::DEFAULT_BACKGROUND_MS;
use crate::results::plain_error;

/// What a command that printed nothing reads as.
const NO_OUTPUT: &str = "(Bash completed with no output)";

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
    /// The output with only its trailing whitespace removed: a failure shows it so, blank
    /// lines at its start included.
    failed_text: String,
    /// Notes of the tool (a cwd reset), reported apart from what the command printed.
    notes: String,
    quiet: bool,
    /// The whole output, when it passed the limit and is to be saved.
    over: Option<Vec<u8>>,
}

impl Rendered {
    /// An output of `raw` bytes of which the model is shown the first `limit` (cut bytes of
    /// a character read as U+FFFD). `notes` (such as a cwd reset) follow on their own line.
    pub fn with_limit(raw: &[u8], notes: &str, quiet: bool, limit: usize) -> Self {
        let kept = &raw[..raw.len().min(limit)];
        let lossy = String::from_utf8_lossy(kept);
        let text = strip_blank_edges(&lossy);
        let failed_text = if text.is_empty() {
            String::new()
        } else {
            lossy.trim_end().to_string()
        };
        Rendered {
            text,
            failed_text,
            notes: notes.to_string(),
            quiet,
            over: (raw.len() > limit).then(|| raw.to_vec()),
        }
    }
}

/// Saves `content` as `<results_dir>/<tool_use_id>.txt`.
async fn save(results_dir: &Path, tool_use_id: &str, content: &[u8]) -> Option<PathBuf> {
    let path = results_dir.join(format!("{tool_use_id}.txt"));
    tokio::fs::create_dir_all(results_dir).await.ok()?;
    tokio::fs::write(&path, content).await.ok()?;
    Some(path)
}

pub use oxagent_core::duration::format_duration;

/// The result of a command that ran to its end with exit status `code` (which `meaning`
/// reads as an answer rather than a failure, when it does). An output past the limit is
/// saved whole (its size in bytes) and the model sees a preview of what was kept; a
/// failure's text shows what was kept instead, cut in the middle when too long; a result
/// too long for the model is saved and previewed.
pub async fn finished(
    rendered: Rendered,
    code: i32,
    meaning: Option<&str>,
    results_dir: &Path,
    tool_use_id: &str,
    violations: &[String],
) -> ToolOutput {
    let stdout = rendered.text;
    // A note goes to stderr on a line of its own, and follows the output for the model.
    let notes = if rendered.notes.is_empty() {
        String::new()
    } else {
        format!("\n{}", rendered.notes)
    };
    // What the sandbox refused comes last, in a block of its own.
    let block = (!violations.is_empty()).then(|| super::net::violations_block(violations));
    let (stderr, tail) = match &block {
        None => (notes.clone(), notes.clone()),
        Some(b) if notes.is_empty() => (b.clone(), format!("\n{b}")),
        Some(b) => (format!("{notes}\n{b}"), format!("{notes}\n{b}")),
    };
    // The first printed line keeps its indentation.
    let mut shown = format!("{stdout}{tail}")
        .trim_start_matches('\n')
        .to_string();
    let mut persisted = None;
    if let Some(raw) = &rendered.over {
        if let Some(path) = save(results_dir, tool_use_id, raw).await {
            let size = raw.len() as u64;
            shown = persisted_text(size, &path, &stdout);
            shown.push_str(&tail);
            persisted = Some((path, size));
        }
    }
    if code != 0 && meaning.is_none() {
        let all = if rendered.failed_text.is_empty() {
            notes.trim_start_matches('\n').to_string()
        } else {
            format!("{}{notes}", rendered.failed_text)
        };
        let all = all.as_str();
        let mut text = if all.is_empty() {
            format!("Exit code {code}")
        } else {
            format!("Exit code {code}\n{all}")
        };
        if let Some(b) = &block {
            text.push_str("\n\n");
            text.push_str(b);
        }
        return plain_error(truncate_error(&text));
    }
    let mut result = json!({
        "stdout": stdout,
        "stderr": stderr,
        "interrupted": false,
        "isImage": false,
        "noOutputExpected": rendered.quiet,
    });
    if let Some(meaning) = meaning {
        result["returnCodeInterpretation"] = Value::String(meaning.to_string());
    }
    let saved = persisted.is_some();
    if let Some((path, size)) = persisted {
        result["persistedOutputPath"] = Value::String(path.display().to_string());
        result["persistedOutputSize"] = json!(size);
    }
    let text = if shown.is_empty() {
        NO_OUTPUT.to_string()
    } else if !saved && utf16_len(&shown) > MAX_RESULT_CHARS {
        // Kept whole under a raised limit, but too long for the model: saved and previewed
        // too, its size the text's length.
        match save(results_dir, tool_use_id, shown.as_bytes()).await {
            Some(path) => persisted_text(utf16_len(&shown) as u64, &path, &shown),
            None => shown,
        }
    } else {
        shown
    };
    ToolOutput {
        follow_up: None,
        content: ToolResultContent::Text(text),
        is_error: Some(false),
        structured: Some(result),
    }
}

/// Adds the note that the command changed files the model had read: after the output (in
/// place of "no output"), and as `staleReadFileStateHint`.
pub fn add_stale_hint(out: &mut ToolOutput, hint: String) {
    let ToolResultContent::Text(text) = &mut out.content else {
        return;
    };
    if out.is_error == Some(true) {
        text.push_str(&format!("\n\n{hint}"));
        return;
    }
    if text == NO_OUTPUT {
        *text = hint.clone();
    } else {
        text.push_str(&format!("\n\n{hint}"));
    }
    if let Some(Value::Object(fields)) = out.structured.as_mut() {
        fields.insert("staleReadFileStateHint".into(), Value::String(hint));
    }
}

/// A foreground command outlived its timeout and now runs as background task `id`.
pub fn timed_out(
    output: &str,
    id: &str,
    output_file: &Path,
    timeout_ms: f64,
    quiet: bool,
) -> ToolOutput {
    let stdout = strip_blank_edges(output);
    let text = format!(
        "{}Command did not complete within its {}s timeout and was moved to the background (ID: {id}). \
         Output is being written to: {}. You will be notified when it completes. If it is still running \
         after {} in the background, it will be stopped and you will be notified. It is running now: do \
         not start a second copy while it runs. If it is no longer needed, stop it with TaskStop. To \
         check interim output, use Read on that file path.",
        with_newline(output),
        (timeout_ms / 1000.0).round().max(1.0),
        output_file.display(),
        format_duration(DEFAULT_BACKGROUND_MS as f64, true),
    );
    let result = json!({
        "stdout": stdout,
        "stderr": "",
        "interrupted": false,
        "isImage": false,
        "noOutputExpected": quiet,
        "backgroundTaskId": id,
        // A whole number is written as one, as JavaScript writes it.
        "timedOutAfterMs": if timeout_ms.fract() == 0.0 { json!(timeout_ms as i64) } else { json!(timeout_ms) },
    });
    ToolOutput {
        follow_up: None,
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
        follow_up: None,
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
        follow_up: None,
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

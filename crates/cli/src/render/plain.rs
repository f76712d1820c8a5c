//! The plain output (text, JSON, stream-json) for pipes, files and the non-text formats.

use std::io::{IsTerminal, Write};

use serde_json::Value;

use crate::args::OutputFormat;

pub struct PlainRenderer {
    format: OutputFormat,
    verbose: bool,
    /// Progress lines (tool calls) go to stderr when it is a terminal, or with --verbose.
    progress: bool,
}

fn short(v: &Value, max: usize) -> String {
    let s = match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    let one_line = s.replace('\n', " ");
    if one_line.chars().count() > max {
        format!("{}…", one_line.chars().take(max).collect::<String>())
    } else {
        one_line
    }
}

impl PlainRenderer {
    pub fn new(format: OutputFormat, verbose: bool) -> Self {
        PlainRenderer {
            format,
            verbose,
            progress: verbose || std::io::stderr().is_terminal(),
        }
    }

    pub fn frame(&mut self, frame: &Value, out: &mut impl Write) {
        match self.format {
            OutputFormat::StreamJson => {
                let _ = writeln!(out, "{frame}");
            }
            OutputFormat::Json => {
                if frame.get("type").and_then(Value::as_str) == Some("result") {
                    let _ = writeln!(out, "{frame}");
                }
            }
            OutputFormat::Text => self.text(frame, out),
        }
    }

    fn text(&mut self, frame: &Value, out: &mut impl Write) {
        let kind = frame.get("type").and_then(Value::as_str).unwrap_or("");
        match kind {
            "assistant" => {
                let blocks = frame
                    .pointer("/message/content")
                    .and_then(Value::as_array)
                    .cloned()
                    .unwrap_or_default();
                for b in blocks {
                    match b.get("type").and_then(Value::as_str) {
                        Some("text") => {
                            let _ = writeln!(
                                out,
                                "{}",
                                b.get("text").and_then(Value::as_str).unwrap_or("")
                            );
                        }
                        Some("tool_use") if self.progress => {
                            let name = b.get("name").and_then(Value::as_str).unwrap_or("");
                            eprintln!(
                                "  → {name} {}",
                                short(b.get("input").unwrap_or(&Value::Null), 100)
                            );
                        }
                        _ => {}
                    }
                }
            }
            "user" if self.verbose => {
                let blocks = frame
                    .pointer("/message/content")
                    .and_then(Value::as_array)
                    .cloned()
                    .unwrap_or_default();
                for b in blocks
                    .iter()
                    .filter(|b| b.get("type").and_then(Value::as_str) == Some("tool_result"))
                {
                    let mark = if b.get("is_error").and_then(Value::as_bool) == Some(true) {
                        "✗"
                    } else {
                        "✓"
                    };
                    eprintln!(
                        "    {mark} {}",
                        short(b.get("content").unwrap_or(&Value::Null), 160)
                    );
                }
            }
            "system"
                if frame.get("subtype").and_then(Value::as_str) == Some("api_retry")
                    && self.progress =>
            {
                eprintln!(
                    "  (retrying the API call: attempt {})",
                    frame.get("attempt").unwrap_or(&Value::Null)
                );
            }
            "result" => {
                let subtype = frame.get("subtype").and_then(Value::as_str).unwrap_or("");
                let (cost, turns, ms) = super::brief::result_figures(frame);
                if let Some(errors) = frame.get("errors").and_then(Value::as_array) {
                    for e in errors {
                        let _ = writeln!(out, "error: {}", short(e, 400));
                    }
                }
                let _ = writeln!(
                    out,
                    "--\n{subtype}: {turns} turns, {:.1}s, ${cost:.4}",
                    ms as f64 / 1000.0
                );
            }
            _ => {}
        }
    }
}

//! `oxagent sessions list|show`: the saved transcripts of a project, for people to read.
//!
//! ```text
//! $ oxagent sessions list
//! 7d0c7a4e-3b1f-4f25-9a0e-2f4c3e9b1a6d  2 min ago   Fix the failing test
//! $ oxagent sessions show 7d0c7a4e-3b1f-4f25-9a0e-2f4c3e9b1a6d
//! › Fix the failing test
//! ● Bash(python3 check.py)
//!   ⎿  FAIL mean: got 3.5, want 4 (+1 lines)
//! The mean divides by the wrong count; fixed.
//! ```
//!
//! `sessions resume` is a run with the `resume` option (see main.rs).

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{SystemTime, UNIX_EPOCH};

use serde_json::{json, Value};

use crate::render::brief::{call_label, clip, result_line};
use crate::render::style::Style;

/// The project directory: `--cwd`, else the current one, as the sessions recorded it.
fn project(cwd: Option<&Path>) -> PathBuf {
    let dir = cwd
        .map(Path::to_path_buf)
        .or_else(|| std::env::current_dir().ok())
        .unwrap_or_default();
    dir.canonicalize().unwrap_or(dir)
}

fn style() -> Style {
    if std::io::stdout().is_terminal() {
        Style::for_terminal()
    } else {
        Style { colour: false }
    }
}

/// How long ago `ms` (since the epoch) was, roughly.
pub fn age(ms: u64, now_ms: u64) -> String {
    let s = now_ms.saturating_sub(ms) / 1000;
    match s {
        0..=59 => "just now".to_string(),
        60..=3599 => format!("{} min ago", s / 60),
        3600..=86_399 => format!("{} h ago", s / 3600),
        _ => format!("{} days ago", s / 86_400),
    }
}

fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

pub fn list(cwd: Option<&Path>, limit: usize, as_json: bool, out: &mut impl Write) -> ExitCode {
    let dir = project(cwd);
    let args = json!({"directory": dir.to_string_lossy(), "limit": limit});
    let sessions = match oxagent::saved::call("list", &args) {
        Ok(Value::Array(s)) => s,
        Ok(_) => Vec::new(),
        Err(e) => {
            eprintln!("oxagent sessions: {e}");
            return ExitCode::from(2);
        }
    };
    if as_json {
        for s in &sessions {
            let _ = writeln!(out, "{s}");
        }
        return ExitCode::SUCCESS;
    }
    if sessions.is_empty() {
        eprintln!("No saved sessions for {}.", dir.display());
        return ExitCode::SUCCESS;
    }
    let style = style();
    let now = now_ms();
    for s in &sessions {
        let id = s["session_id"].as_str().unwrap_or("");
        let when = age(s["last_modified"].as_u64().unwrap_or(0), now);
        let summary = s["summary"].as_str().unwrap_or("");
        let _ = writeln!(
            out,
            "{}  {}  {}",
            style.cyan(id),
            style.dim(&format!("{when:<12}")),
            clip(summary, 80)
        );
    }
    ExitCode::SUCCESS
}

pub fn show(id: &str, cwd: Option<&Path>, out: &mut impl Write) -> ExitCode {
    let dir = project(cwd);
    let args = json!({"session_id": id, "directory": dir.to_string_lossy()});
    let messages = match oxagent::saved::call("messages", &args) {
        Ok(Value::Array(m)) => m,
        Ok(_) => Vec::new(),
        Err(e) => {
            eprintln!("oxagent sessions: {e}");
            return ExitCode::from(2);
        }
    };
    if messages.is_empty() {
        eprintln!(
            "oxagent sessions: no session {id} in {} (see `oxagent sessions list`)",
            dir.display()
        );
        return ExitCode::from(1);
    }
    let _ = write!(out, "{}", conversation(&messages, &style(), Some(&dir)));
    ExitCode::SUCCESS
}

/// A saved conversation as text: prompts, the model's text, tool calls and their results.
pub fn conversation(messages: &[Value], style: &Style, cwd: Option<&Path>) -> String {
    let mut text = String::new();
    let mut names = std::collections::HashMap::new();
    for m in messages {
        let content = &m["message"]["content"];
        let blocks: Vec<Value> = match content {
            Value::String(s) => vec![json!({"type": "text", "text": s})],
            Value::Array(b) => b.clone(),
            _ => Vec::new(),
        };
        let user = m["type"] == "user";
        for b in &blocks {
            match b["type"].as_str().unwrap_or("") {
                "text" => {
                    let t = b["text"].as_str().unwrap_or("").trim_end();
                    if user {
                        text.push_str(&format!("\n{} {}\n", style.cyan("›"), style.bold(t)));
                    } else {
                        text.push_str(&format!("\n{t}\n"));
                    }
                }
                "tool_use" => {
                    let name = b["name"].as_str().unwrap_or("");
                    names.insert(b["id"].as_str().unwrap_or("").to_string(), name.to_string());
                    text.push_str(&format!(
                        "{} {}\n",
                        style.green("●"),
                        style.bold(&call_label(name, &b["input"], cwd))
                    ));
                }
                "tool_result" => {
                    let name = names
                        .get(b["tool_use_id"].as_str().unwrap_or(""))
                        .cloned()
                        .unwrap_or_default();
                    let is_error = b["is_error"].as_bool() == Some(true);
                    let line = result_line(&name, &b["content"], is_error);
                    let line = if is_error {
                        style.red(&format!("✗ {line}"))
                    } else {
                        style.dim(&line)
                    };
                    text.push_str(&format!("  ⎿  {line}\n"));
                }
                _ => {}
            }
        }
    }
    text.trim_start().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ages_read_naturally() {
        let now = 10_000_000_000;
        assert_eq!(age(now - 5_000, now), "just now");
        assert_eq!(age(now - 180_000, now), "3 min ago");
        assert_eq!(age(now - 7_200_000, now), "2 h ago");
        assert_eq!(age(now - 3 * 86_400_000, now), "3 days ago");
    }

    #[test]
    fn a_conversation_reads_as_text() {
        let messages = vec![
            json!({"type": "user", "message": {"role": "user", "content": "list files"}}),
            json!({"type": "assistant", "message": {"content": [
                {"type": "text", "text": "Looking."},
                {"type": "tool_use", "id": "t1", "name": "Bash", "input": {"command": "ls"}}]}}),
            json!({"type": "user", "message": {"content": [
                {"type": "tool_result", "tool_use_id": "t1", "content": "a\nb"}]}}),
            json!({"type": "assistant", "message": {"content": [{"type": "text", "text": "Two files."}]}}),
        ];
        assert_eq!(
            conversation(&messages, &Style { colour: false }, None),
            "› list files\n\nLooking.\n● Bash(ls)\n  ⎿  a (+1 lines)\n\nTwo files.\n"
        );
    }
}

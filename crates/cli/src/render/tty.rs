//! The terminal view: what the agent does, as it happens.
//!
//! ```text
//! I'll look at the files first.              <- the model's text, streamed as it arrives
//!
//! ● Bash(ls -la)                             <- each tool call, with its key argument
//!   ⎿  total 24 (+5 lines)                   <- and a one-line result (errors in red)
//! ⠹ Thinking… (3s)                           <- a spinner on stderr while waiting
//! There are five files.
//!
//! ✓ success · 2 turns · 1.4s · $0.0123       <- the summary line
//! ```
//!
//! It reads the frames with partial messages on (`stream_event`) for the streaming text,
//! and the complete `assistant` messages for tool calls (and for text that did not stream).

use std::collections::HashMap;
use std::io::Write;
use std::path::PathBuf;

use serde_json::Value;

use super::brief::{call_label, clip, result_line};
use super::spinner::Spinner;
use super::style::Style;

/// What was printed last, for the spacing between items.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Last {
    Nothing,
    Text,
    Call,
}

pub struct TtyView {
    style: Style,
    spinner: Spinner,
    cwd: Option<PathBuf>,
    /// Whether the cursor of stdout is at the start of a line.
    at_line_start: bool,
    last: Last,
    /// Text blocks shown while they streamed, whose complete `assistant` message is still to
    /// come (and is not printed again).
    streamed: usize,
    /// The kind of each open block of the response being streamed, by index.
    open_blocks: HashMap<u64, String>,
    /// Tool names by tool_use id, for the results.
    calls: HashMap<String, String>,
}

fn text_of<'a>(v: &'a Value, key: &str) -> &'a str {
    v.get(key).and_then(Value::as_str).unwrap_or("")
}

impl TtyView {
    pub fn new(style: Style, spinner: Spinner, cwd: Option<PathBuf>) -> TtyView {
        spinner.show("Thinking…");
        TtyView {
            style,
            spinner,
            cwd,
            at_line_start: true,
            last: Last::Nothing,
            streamed: 0,
            open_blocks: HashMap::new(),
            calls: HashMap::new(),
        }
    }

    pub fn spinner(&self) -> &Spinner {
        &self.spinner
    }

    /// Ends the current line, stops the spinner: the terminal is free for a question.
    pub fn pause(&mut self, out: &mut impl Write) {
        self.spinner.clear();
        self.end_line(out);
    }

    /// Waits again, after a question was answered.
    pub fn resume(&mut self, label: &str) {
        self.spinner.show(label);
    }

    fn end_line(&mut self, out: &mut impl Write) {
        if !self.at_line_start {
            let _ = writeln!(out);
            self.at_line_start = true;
        }
    }

    /// Prints `text` (no newline added), the spinner wiped first.
    fn print(&mut self, out: &mut impl Write, text: &str) {
        if text.is_empty() {
            return;
        }
        self.spinner.clear();
        let _ = write!(out, "{text}");
        let _ = out.flush();
        self.at_line_start = text.ends_with('\n');
    }

    fn start_text(&mut self, out: &mut impl Write) {
        self.spinner.clear();
        self.end_line(out);
        if self.last != Last::Nothing {
            let _ = writeln!(out);
        }
        self.last = Last::Text;
    }

    pub fn frame(&mut self, frame: &Value, out: &mut impl Write) {
        let sub = !frame.get("parent_tool_use_id").is_none_or(Value::is_null);
        match text_of(frame, "type") {
            "stream_event" if !sub => {
                self.stream_event(frame.get("event").unwrap_or(&Value::Null), out)
            }
            "assistant" => self.assistant(frame, sub, out),
            "user" => self.tool_results(frame, sub, out),
            "system" => self.system(frame, out),
            "result" => self.result(frame, out),
            _ => {}
        }
    }

    fn stream_event(&mut self, event: &Value, out: &mut impl Write) {
        let index = event.get("index").and_then(Value::as_u64).unwrap_or(0);
        match text_of(event, "type") {
            "content_block_start" => {
                let block = event.get("content_block").unwrap_or(&Value::Null);
                let kind = text_of(block, "type").to_string();
                match kind.as_str() {
                    "text" => {
                        self.start_text(out);
                        self.streamed += 1;
                        self.print(out, text_of(block, "text"));
                    }
                    "thinking" | "redacted_thinking" if self.at_line_start => {
                        self.spinner.show("Thinking…");
                    }
                    "tool_use" | "server_tool_use" if self.at_line_start => {
                        self.spinner
                            .show(&format!("Preparing {}…", text_of(block, "name")));
                    }
                    _ => {}
                }
                self.open_blocks.insert(index, kind);
            }
            "content_block_delta" => {
                let delta = event.get("delta").unwrap_or(&Value::Null);
                if text_of(delta, "type") == "text_delta"
                    && self.open_blocks.get(&index).map(String::as_str) == Some("text")
                {
                    self.print(out, text_of(delta, "text"));
                }
            }
            "content_block_stop" if self.open_blocks.remove(&index).as_deref() == Some("text") => {
                self.end_line(out);
                let _ = out.flush();
            }
            _ => {}
        }
    }

    fn assistant(&mut self, frame: &Value, sub: bool, out: &mut impl Write) {
        let blocks = frame
            .pointer("/message/content")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        for block in &blocks {
            match text_of(block, "type") {
                "text" if sub => {}
                "text" if self.streamed > 0 => self.streamed -= 1,
                "text" => {
                    let text = text_of(block, "text").to_string();
                    self.start_text(out);
                    self.print(out, &text);
                    self.end_line(out);
                }
                "tool_use" | "server_tool_use" => {
                    let name = text_of(block, "name").to_string();
                    let id = text_of(block, "id").to_string();
                    let input = block.get("input").unwrap_or(&Value::Null);
                    let label = call_label(&name, input, self.cwd.as_deref());
                    self.spinner.clear();
                    self.end_line(out);
                    if self.last == Last::Text {
                        let _ = writeln!(out);
                    }
                    let (bullet, indent) = if sub { ("◦", "    ") } else { ("●", "") };
                    let _ = writeln!(
                        out,
                        "{indent}{} {}",
                        self.style.green(bullet),
                        self.style.bold(&label)
                    );
                    let _ = out.flush();
                    self.last = Last::Call;
                    self.spinner.show(&format!("Running {name}…"));
                    self.calls.insert(id, name);
                }
                _ => {}
            }
        }
    }

    fn tool_results(&mut self, frame: &Value, sub: bool, out: &mut impl Write) {
        let Some(blocks) = frame.pointer("/message/content").and_then(Value::as_array) else {
            return;
        };
        let results: Vec<&Value> = blocks
            .iter()
            .filter(|b| text_of(b, "type") == "tool_result")
            .collect();
        if results.is_empty() {
            return;
        }
        self.spinner.clear();
        self.end_line(out);
        let indent = if sub { "    " } else { "" };
        for block in &results {
            let id = text_of(block, "tool_use_id");
            let name = self.calls.remove(id).unwrap_or_default();
            let is_error = block.get("is_error").and_then(Value::as_bool) == Some(true);
            let line = result_line(
                &name,
                block.get("content").unwrap_or(&Value::Null),
                is_error,
            );
            let shown = if is_error {
                self.style.red(&format!("✗ {line}"))
            } else {
                self.style.dim(&line)
            };
            let which = if results.len() > 1 && !name.is_empty() {
                format!("{name}: ")
            } else {
                String::new()
            };
            let _ = writeln!(out, "{indent}  ⎿  {which}{shown}");
        }
        let _ = out.flush();
        self.last = Last::Call;
        self.spinner.show("Thinking…");
    }

    fn system(&mut self, frame: &Value, out: &mut impl Write) {
        let note = match text_of(frame, "subtype") {
            "api_retry" => format!(
                "↻ retrying the API call, attempt {}",
                frame.get("attempt").unwrap_or(&Value::Null)
            ),
            "compact_boundary" => "⋯ the conversation so far was summarized".to_string(),
            _ => return,
        };
        self.spinner.clear();
        self.end_line(out);
        let _ = writeln!(out, "{}", self.style.dim(&format!("  {note}")));
        let _ = out.flush();
    }

    fn result(&mut self, frame: &Value, out: &mut impl Write) {
        self.spinner.clear();
        self.end_line(out);
        let subtype = text_of(frame, "subtype");
        let is_error = frame.get("is_error").and_then(Value::as_bool) == Some(true);
        // A result whose text never came as an assistant message (an API error, ...).
        if is_error && self.last == Last::Nothing {
            let text = text_of(frame, "result");
            if !text.is_empty() {
                let _ = writeln!(out, "{}", self.style.red(text));
            }
        }
        if let Some(errors) = frame.get("errors").and_then(Value::as_array) {
            for e in errors {
                let e = e.as_str().map_or_else(|| e.to_string(), str::to_string);
                let _ = writeln!(
                    out,
                    "{}",
                    self.style.red(&format!("error: {}", clip(&e, 400)))
                );
            }
        }
        let (cost, turns, ms) = super::brief::result_figures(frame);
        let plural = if turns == 1 { "" } else { "s" };
        let facts = format!(
            "{subtype} · {turns} turn{plural} · {:.1}s · ${cost:.4}",
            ms as f64 / 1000.0
        );
        let line = if subtype == "success" && !is_error {
            format!("{} {}", self.style.green("✓"), self.style.dim(&facts))
        } else {
            self.style.red(&format!("✗ {facts}"))
        };
        let _ = writeln!(out, "\n{line}");
        let _ = out.flush();
        self.last = Last::Nothing;
        self.streamed = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn view() -> TtyView {
        let spinner = Spinner::off();
        TtyView::new(Style { colour: false }, spinner, Some(PathBuf::from("/p")))
    }

    fn run(frames: &[Value]) -> String {
        let mut v = view();
        let mut out = Vec::new();
        for f in frames {
            v.frame(f, &mut out);
        }
        String::from_utf8_lossy(&out).to_string()
    }

    fn event(e: Value) -> Value {
        json!({"type": "stream_event", "event": e, "parent_tool_use_id": null})
    }

    #[test]
    fn a_turn_with_a_tool_call_reads_well() {
        let text = run(&[
            event(
                json!({"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}}),
            ),
            event(
                json!({"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Let me "}}),
            ),
            event(
                json!({"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "look."}}),
            ),
            event(json!({"type": "content_block_stop", "index": 0})),
            json!({"type": "assistant", "parent_tool_use_id": null, "message": {"content": [{"type": "text", "text": "Let me look."}]}}),
            json!({"type": "assistant", "parent_tool_use_id": null, "message": {"content": [
                {"type": "tool_use", "id": "t1", "name": "Read", "input": {"file_path": "/p/a.txt"}}]}}),
            json!({"type": "user", "parent_tool_use_id": null, "message": {"content": [
                {"type": "tool_result", "tool_use_id": "t1", "content": "1\thello\n2\tworld"}]}}),
            json!({"type": "assistant", "parent_tool_use_id": null, "message": {"content": [{"type": "text", "text": "It says hello."}]}}),
            json!({"type": "result", "subtype": "success", "is_error": false, "num_turns": 2,
                "duration_ms": 1500, "total_cost_usd": 0.0123, "result": "It says hello."}),
        ]);
        assert_eq!(
            text,
            "Let me look.\n\n● Read(a.txt)\n  ⎿  Read 2 lines\n\nIt says hello.\n\n✓ success · 2 turns · 1.5s · $0.0123\n"
        );
    }

    #[test]
    fn errors_are_marked() {
        let text = run(&[
            json!({"type": "assistant", "parent_tool_use_id": null, "message": {"content": [
                {"type": "tool_use", "id": "t1", "name": "Bash", "input": {"command": "false"}}]}}),
            json!({"type": "user", "parent_tool_use_id": null, "message": {"content": [
                {"type": "tool_result", "tool_use_id": "t1", "is_error": true, "content": "Exit code 1"}]}}),
            json!({"type": "result", "subtype": "error_max_turns", "is_error": true, "num_turns": 1,
                "duration_ms": 200, "total_cost_usd": 0.001}),
        ]);
        assert_eq!(
            text,
            "● Bash(false)\n  ⎿  ✗ Exit code 1\n\n✗ error_max_turns · 1 turn · 0.2s · $0.0010\n"
        );
    }
}

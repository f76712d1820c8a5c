//! Short forms of tool calls and tool results, one line each, for people to read.
//!
//! ```text
//! call_label("Bash", {"command": "ls -la"})          -> "Bash(ls -la)"
//! call_label("Read", {"file_path": "/p/src/main.rs"}) -> "Read(src/main.rs)"   (cwd = /p)
//! result_line("Read", "1\tfn main() {\n2\t}", false)  -> "Read 2 lines"
//! result_line("Bash", "ok\nsecond\nthird", false)     -> "ok (+2 lines)"
//! ```

use std::path::Path;

use serde_json::Value;

/// At most `max` characters of `s` on one line, with an ellipsis when cut.
pub fn clip(s: &str, max: usize) -> String {
    let one_line: String = s
        .chars()
        .map(|c| {
            if c == '\n' || c == '\r' || c == '\t' {
                ' '
            } else {
                c
            }
        })
        .collect();
    let one_line = one_line.trim();
    if one_line.chars().count() > max {
        let cut: String = one_line.chars().take(max.saturating_sub(1)).collect();
        format!("{}…", cut.trim_end())
    } else {
        one_line.to_string()
    }
}

/// `path` relative to `cwd` when it lies under it.
fn near(path: &str, cwd: Option<&Path>) -> String {
    match cwd.and_then(|c| Path::new(path).strip_prefix(c).ok()) {
        Some(rel) if !rel.as_os_str().is_empty() => rel.to_string_lossy().to_string(),
        _ => path.to_string(),
    }
}

/// The argument that says most about a call, by tool.
fn key_argument(name: &str, input: &Value, cwd: Option<&Path>) -> Option<String> {
    let text = |k: &str| input.get(k).and_then(Value::as_str).map(str::to_string);
    match name {
        "Bash" => text("command"),
        "Read" | "Write" | "Edit" | "MultiEdit" => text("file_path").map(|p| near(&p, cwd)),
        "NotebookEdit" => text("notebook_path").map(|p| near(&p, cwd)),
        "Glob" | "Grep" => {
            let pattern = text("pattern")?;
            Some(match text("path") {
                Some(p) => format!("{pattern} in {}", near(&p, cwd)),
                None => pattern,
            })
        }
        "WebFetch" => text("url"),
        "WebSearch" => text("query"),
        "Task" | "Agent" => text("description"),
        "Skill" => text("skill").or_else(|| text("command")),
        "TodoWrite" => input
            .get("todos")
            .and_then(Value::as_array)
            .map(|t| format!("{} todos", t.len())),
        "BashOutput" | "KillShell" | "KillBash" => text("bash_id").or_else(|| text("shell_id")),
        _ => None,
    }
    .or_else(|| {
        // Any other tool: its only string argument, else its arguments as JSON.
        let object = input.as_object()?;
        match object.values().collect::<Vec<_>>().as_slice() {
            [] => None,
            [Value::String(s)] => Some(s.clone()),
            _ => Some(input.to_string()),
        }
    })
}

/// `Name(short argument)`, e.g. `Bash(ls -la)`.
pub fn call_label(name: &str, input: &Value, cwd: Option<&Path>) -> String {
    match key_argument(name, input, cwd) {
        Some(arg) => format!("{name}({})", clip(&arg, 70)),
        None => name.to_string(),
    }
}

/// The text of a tool result's `content` (a string or a list of blocks).
pub fn result_text(content: &Value) -> String {
    match content {
        Value::String(s) => s.clone(),
        Value::Array(blocks) => blocks
            .iter()
            .map(|b| match b.get("type").and_then(Value::as_str) {
                Some("text") => b
                    .get("text")
                    .and_then(Value::as_str)
                    .unwrap_or("")
                    .to_string(),
                Some("image") => "[image]".to_string(),
                Some(other) => format!("[{other}]"),
                None => String::new(),
            })
            .collect::<Vec<_>>()
            .join("\n"),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

/// One line about a tool's result: the first line of its output (and how many more), or,
/// for a file read, how many lines it read.
pub fn result_line(tool: &str, content: &Value, is_error: bool) -> String {
    let text = result_text(content);
    let text = text.trim();
    let text = text
        .strip_prefix("<tool_use_error>")
        .and_then(|t| t.strip_suffix("</tool_use_error>"))
        .unwrap_or(text);
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    match (tool, lines.as_slice()) {
        (_, []) => "(no output)".to_string(),
        ("Read", _) if !is_error => format!("Read {} lines", text.lines().count()),
        (_, [one]) => clip(one, 100),
        (_, [first, rest @ ..]) => format!("{} (+{} lines)", clip(first, 80), rest.len()),
    }
}

/// The figures a result frame ends a run with: cost in USD, turns, duration in ms.
pub fn result_figures(frame: &Value) -> (f64, u64, u64) {
    let cost = frame
        .get("total_cost_usd")
        .and_then(Value::as_f64)
        .unwrap_or(0.0);
    let turns = frame.get("num_turns").and_then(Value::as_u64).unwrap_or(0);
    let ms = frame
        .get("duration_ms")
        .and_then(Value::as_u64)
        .unwrap_or(0);
    (cost, turns, ms)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn calls_show_their_key_argument() {
        let cwd = Path::new("/p");
        assert_eq!(
            call_label(
                "Bash",
                &json!({"command": "ls -la", "description": "list"}),
                None
            ),
            "Bash(ls -la)"
        );
        assert_eq!(
            call_label("Read", &json!({"file_path": "/p/src/main.rs"}), Some(cwd)),
            "Read(src/main.rs)"
        );
        assert_eq!(
            call_label(
                "Grep",
                &json!({"pattern": "fn main", "path": "/elsewhere"}),
                Some(cwd)
            ),
            "Grep(fn main in /elsewhere)"
        );
        assert_eq!(
            call_label("mcp__x__echo", &json!({"text": "hi"}), None),
            "mcp__x__echo(hi)"
        );
        assert_eq!(call_label("ExitPlanMode", &json!({}), None), "ExitPlanMode");
        assert_eq!(
            call_label("Bash", &json!({"command": "x".repeat(200)}), None)
                .chars()
                .count(),
            "Bash()".len() + 70
        );
    }

    #[test]
    fn results_are_one_line() {
        assert_eq!(result_line("Bash", &json!(""), false), "(no output)");
        assert_eq!(result_line("Bash", &json!("done\n"), false), "done");
        assert_eq!(
            result_line("Bash", &json!("a\nb\nc"), false),
            "a (+2 lines)"
        );
        assert_eq!(
            result_line(
                "Read",
                &json!([{"type": "text", "text": "1\tx\n2\ty\n3\tz"}]),
                false
            ),
            "Read 3 lines"
        );
        assert_eq!(
            result_line(
                "Read",
                &json!("<tool_use_error>File does not exist.</tool_use_error>"),
                true
            ),
            "File does not exist."
        );
    }
}

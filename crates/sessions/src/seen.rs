//! What a resumed conversation tells of the files the model saw.
//!
//! A resumed session knows a file as its transcript showed it to the model: a Read that
//! succeeded (the whole file when it showed every line, else a part), a Write (the whole file,
//! as written) or an Edit (its own change only: part of the file), each as of the time its
//! result was written. The last one of a file counts. Reads of pictures, notebooks and
//! documents, failed calls and commands that printed a file (`cat`) count for nothing, as in
//! the reference (probed: `rs_*`, `rf_*`, `rg_*`, `rw_*` in `tests/conformance/edges/`).
//!
//! ```
//! use serde_json::json;
//! use oxagent_sessions::seen::seen_files;
//! let rows = vec![
//!     json!({"type": "assistant", "uuid": "a1", "message": {"content": [
//!         {"type": "tool_use", "id": "t1", "name": "Read", "input": {"file_path": "n.txt", "limit": 1}}]}}),
//!     json!({"type": "user", "uuid": "u1", "timestamp": "2026-01-01T00:00:00.250Z",
//!            "message": {"content": [{"type": "tool_result", "tool_use_id": "t1", "content": "1\ta"}]},
//!            "toolUseResult": {"type": "text", "file": {"startLine": 1, "numLines": 1, "totalLines": 3}}}),
//! ];
//! let seen = seen_files(&rows, |_| true);
//! assert_eq!(seen.len(), 1);
//! assert_eq!((seen[0].path.as_str(), seen[0].whole), ("n.txt", false));
//! assert_eq!(seen[0].at_ms, 1_767_225_600_250);
//! ```

use std::collections::HashMap;

use serde_json::Value;

/// A file the conversation showed the model.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeenFile {
    /// The path as the call wrote it (relative ones are the working directory's).
    pub path: String,
    /// Whether the model saw all of it.
    pub whole: bool,
    /// When the result was written, in milliseconds since the epoch.
    pub at_ms: u64,
}

/// The files `rows` showed the model, in the order they were shown; `in_conversation` says
/// which rows (by uuid) the resumed conversation is made of.
pub fn seen_files(rows: &[Value], in_conversation: impl Fn(&str) -> bool) -> Vec<SeenFile> {
    let mut calls: HashMap<&str, (&str, &str)> = HashMap::new();
    let mut seen = Vec::new();
    for row in rows {
        let uuid = row["uuid"].as_str().unwrap_or_default();
        if !in_conversation(uuid) {
            continue;
        }
        let Some(blocks) = row.pointer("/message/content").and_then(Value::as_array) else {
            continue;
        };
        match row["type"].as_str() {
            Some("assistant") => {
                for b in blocks.iter().filter(|b| b["type"] == "tool_use") {
                    let (Some(id), Some(name), Some(path)) = (
                        b["id"].as_str(),
                        b["name"].as_str(),
                        b.pointer("/input/file_path").and_then(Value::as_str),
                    ) else {
                        continue;
                    };
                    if matches!(name, "Read" | "Write" | "Edit") {
                        calls.insert(id, (name, path));
                    }
                }
            }
            Some("user") => {
                let at = row["timestamp"]
                    .as_str()
                    .and_then(|t| humantime::parse_rfc3339_weak(t).ok())
                    .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok());
                for b in blocks.iter().filter(|b| b["type"] == "tool_result") {
                    let call = b["tool_use_id"].as_str().and_then(|id| calls.get(id));
                    let (Some(&(name, path)), Some(at)) = (call, at) else {
                        continue;
                    };
                    if b["is_error"] == true {
                        continue;
                    }
                    let whole = match name {
                        "Read" => match whole_read(&row["toolUseResult"]) {
                            Some(whole) => whole,
                            None => continue,
                        },
                        "Write" => true,
                        _ => false,
                    };
                    seen.push(SeenFile {
                        path: path.to_string(),
                        whole,
                        at_ms: at.as_millis() as u64,
                    });
                }
            }
            _ => {}
        }
    }
    seen
}

/// Whether a Read's result showed every line of a text file; None when it showed no text
/// (a picture, a notebook, an offset past the end).
fn whole_read(result: &Value) -> Option<bool> {
    if result["type"] != "text" {
        return None;
    }
    let file = &result["file"];
    let number = |k: &str| file[k].as_u64();
    let (start, shown, total) = (
        number("startLine")?,
        number("numLines")?,
        number("totalLines")?,
    );
    if shown == 0 && total > 0 {
        return None;
    }
    Some(start <= 1 && shown >= total)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn call(id: &str, name: &str, input: Value) -> Value {
        json!({"type": "assistant", "uuid": format!("a-{id}"), "message": {"content": [
            {"type": "tool_use", "id": id, "name": name, "input": input}]}})
    }

    fn result(id: &str, ms: u32, error: bool, tool_use_result: Value) -> Value {
        json!({"type": "user", "uuid": format!("u-{id}"),
               "timestamp": format!("2026-01-01T00:00:01.{ms:03}Z"),
               "message": {"content": [{"type": "tool_result", "tool_use_id": id,
                                         "content": "x", "is_error": error}]},
               "toolUseResult": tool_use_result})
    }

    fn text(start: u64, shown: u64, total: u64) -> Value {
        json!({"type": "text", "file": {"startLine": start, "numLines": shown, "totalLines": total}})
    }

    #[test]
    fn reads_writes_and_edits_in_order() {
        let rows = vec![
            call("t1", "Read", json!({"file_path": "/w/a.txt"})),
            result("t1", 100, false, text(1, 4, 4)),
            call("t2", "Read", json!({"file_path": "/w/b.txt", "limit": 3})),
            result("t2", 200, false, text(1, 3, 4)),
            call("t3", "Read", json!({"file_path": "/w/c.txt", "offset": 0})),
            result("t3", 300, false, text(0, 4, 4)),
            call(
                "t4",
                "Write",
                json!({"file_path": "/w/d.txt", "content": "d"}),
            ),
            result("t4", 400, false, json!({"type": "create"})),
            call("t5", "Edit", json!({"file_path": "/w/a.txt"})),
            result("t5", 500, false, json!({"filePath": "/w/a.txt"})),
        ];
        let seen: Vec<_> = seen_files(&rows, |_| true)
            .into_iter()
            .map(|s| (s.path, s.whole, s.at_ms % 10_000))
            .collect();
        assert_eq!(
            seen,
            vec![
                ("/w/a.txt".to_string(), true, 1100),
                ("/w/b.txt".to_string(), false, 1200),
                ("/w/c.txt".to_string(), true, 1300),
                ("/w/d.txt".to_string(), true, 1400),
                ("/w/a.txt".to_string(), false, 1500),
            ]
        );
    }

    #[test]
    fn failures_pictures_other_tools_and_rows_left_out_count_for_nothing() {
        let rows = vec![
            call("t1", "Edit", json!({"file_path": "/w/a.txt"})),
            result("t1", 100, true, json!("Error: String to replace not found")),
            call("t2", "Read", json!({"file_path": "/w/p.png"})),
            result("t2", 200, false, json!({"type": "image"})),
            call(
                "t3",
                "Read",
                json!({"file_path": "/w/short.txt", "offset": 9}),
            ),
            result("t3", 300, false, text(9, 0, 2)),
            call("t4", "Bash", json!({"command": "cat a.txt"})),
            result("t4", 400, false, json!({"stdout": "a"})),
            call("t5", "Read", json!({"file_path": "/w/gone.txt"})),
            result("t5", 500, false, text(1, 1, 1)),
        ];
        assert!(seen_files(&rows, |u| u != "u-t5").is_empty());
    }
}

//! A follow-up query's `before` actions, as the shared harness's driver runs them: a torn
//! write at the end of a transcript (`truncate_transcript`), or a transcript deleted.

use std::path::{Path, PathBuf};

use serde_json::Value;

/// The transcript files (and session folders) of `session` under `home`.
fn transcripts(home: &Path, session: &str, suffix: &str) -> Vec<PathBuf> {
    let projects = home.join(".claude").join("projects");
    let Ok(dirs) = std::fs::read_dir(projects) else {
        return Vec::new();
    };
    dirs.flatten()
        .map(|d| d.path().join(format!("{session}{suffix}")))
        .filter(|p| p.exists())
        .collect()
}

/// Runs `actions` (one or a list); `sessions[n - 1]` is the session of query n.
pub fn run(actions: &Value, sessions: &[String], home: &Path) {
    let list = match actions {
        Value::Array(items) => items.clone(),
        Value::Null => Vec::new(),
        one => vec![one.clone()],
    };
    let session_of = |a: &Value| {
        let n = a["session"].as_u64().unwrap_or(1).max(1) as usize;
        sessions.get(n - 1).cloned().unwrap_or_default()
    };
    for action in list {
        if let Some(a) = action.get("truncate_transcript") {
            for path in transcripts(home, &session_of(a), ".jsonl") {
                truncate(&path, a);
            }
        } else if let Some(a) = action.get("delete_transcript") {
            let session = session_of(a);
            for path in transcripts(home, &session, ".jsonl") {
                let _ = std::fs::remove_file(path);
            }
            for path in transcripts(home, &session, "") {
                let _ = std::fs::remove_dir_all(path);
            }
        } else {
            panic!("unknown before action {action}");
        }
    }
}

/// Keeps all but the last `drop_lines` lines (or cuts at the last row of type
/// `at_last_type`), then the first `keep_chars` characters of the first dropped line.
fn truncate(path: &Path, a: &Value) {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let mut drop = a["drop_lines"].as_u64().unwrap_or(1) as usize;
    if let Some(kind) = a["at_last_type"].as_str() {
        if let Some(i) = lines
            .iter()
            .rposition(|l| serde_json::from_str::<Value>(l).is_ok_and(|row| row["type"] == kind))
        {
            drop = lines.len() - i;
        }
    }
    let cut = lines.len().saturating_sub(drop);
    let keep_chars = a["keep_chars"].as_u64().unwrap_or(40) as usize;
    let tail: String = lines
        .get(cut)
        .map(|l| l.chars().take(keep_chars).collect())
        .unwrap_or_default();
    let kept: String = lines[..cut].concat();
    std::fs::write(path, kept + &tail).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
}

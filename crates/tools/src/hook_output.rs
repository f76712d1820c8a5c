//! What the model reads when a PostToolUse hook replaces a built-in tool's output
//! (`updatedToolOutput`): the output is taken only when it has the tool's shape (the fields
//! the tool's own output always has, of their types), and is worded as the tool words its
//! own. An output of another shape is ignored, as the reference ignores it.
//!
//! ```
//! use oxagent_tools::hook_output::bash;
//! use serde_json::json;
//! let out = json!({"stdout": "X", "stderr": "E", "interrupted": false, "isImage": false});
//! assert_eq!(bash(&out).unwrap().content.as_text(), "X\nE");
//! assert!(bash(&json!({"stdout": "X"})).is_none());
//! ```

use oxagent_core::content::{ContentBlock, ToolResultContent};
use oxagent_core::tool::ToolOutput;
use serde_json::{json, Value};

use crate::fs::read::number_lines;
use crate::fs::write::FILE_STATE_CURRENT;
use crate::shell::output::strip_blank_edges;

fn text(v: &Value, key: &str) -> Option<String> {
    v.get(key)?.as_str().map(str::to_string)
}

fn flag(v: &Value, key: &str) -> Option<bool> {
    v.get(key)?.as_bool()
}

/// Bash: `{stdout, stderr, interrupted, ...}`.
pub fn bash(out: &Value) -> Option<ToolOutput> {
    let stdout = strip_blank_edges(&text(out, "stdout")?);
    let stderr = strip_blank_edges(&text(out, "stderr")?);
    let interrupted = flag(out, "interrupted")?;
    if out.get("isImage").is_some_and(|i| !i.is_boolean()) {
        return None;
    }
    let mut parts: Vec<String> = [stdout, stderr]
        .into_iter()
        .filter(|p| !p.is_empty())
        .collect();
    if interrupted {
        parts.push("<error>Command was aborted before completion</error>".into());
    }
    let shown = parts.join("\n");
    let shown = if shown.is_empty() {
        "(Bash completed with no output)".to_string()
    } else {
        shown
    };
    // An interrupted command's output is an error.
    Some(ToolOutput::text(shown).with_is_error(Some(interrupted)))
}

/// Read: a text file `{type: "text", file: {filePath, content, numLines, startLine,
/// totalLines}}` or an image `{type: "image", file: {base64, type}}`.
pub fn read(out: &Value) -> Option<ToolOutput> {
    let file = out.get("file")?;
    match out.get("type")?.as_str()? {
        "text" => {
            let content = text(file, "content")?;
            text(file, "filePath")?;
            let start = file.get("startLine")?.as_u64()?;
            file.get("numLines")?.as_u64()?;
            file.get("totalLines")?.as_u64()?;
            if content.is_empty() {
                return Some(ToolOutput::text(
                    "<system-reminder>Warning: the file exists but the contents are empty.</system-reminder>",
                ));
            }
            let lines: Vec<&str> = content
                .strip_suffix('\n')
                .unwrap_or(&content)
                .split('\n')
                .collect();
            Some(ToolOutput::text(number_lines(&lines, start)))
        }
        "image" => {
            let data = text(file, "base64")?;
            let media_type = text(file, "type")?;
            let image = ContentBlock::Image {
                source: json!({"type": "base64", "data": data, "media_type": media_type}),
            };
            let mut out = ToolOutput::text("");
            out.content = ToolResultContent::Blocks(vec![image]);
            Some(out)
        }
        _ => None,
    }
}

/// Write: `{type: "create" | "update", filePath, content, ...}`.
pub fn write(out: &Value) -> Option<ToolOutput> {
    let path = text(out, "filePath")?;
    text(out, "content")?;
    let head = match out.get("type")?.as_str()? {
        "create" => format!("File created successfully at: {path}"),
        "update" => format!("The file {path} has been updated successfully."),
        _ => return None,
    };
    Some(ToolOutput::text(format!("{head} {FILE_STATE_CURRENT}")))
}

/// Edit: `{filePath, oldString, newString, replaceAll, ...}`.
pub fn edit(out: &Value) -> Option<ToolOutput> {
    let path = text(out, "filePath")?;
    text(out, "oldString")?;
    text(out, "newString")?;
    let updated = match flag(out, "replaceAll")? {
        true => "has been updated. All occurrences were successfully replaced.",
        false => "has been updated successfully.",
    };
    Some(ToolOutput::text(format!(
        "The file {path} {updated} {FILE_STATE_CURRENT}"
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bash_outputs_read_as_the_tool_words_them() {
        let out = |o: &str, e: &str, i: bool| {
            bash(&json!({"stdout": o, "stderr": e, "interrupted": i, "isImage": false}))
                .unwrap()
                .content
                .as_text()
        };
        assert_eq!(out("X", "", false), "X");
        assert_eq!(out("", "ERR", false), "ERR");
        assert_eq!(out("", "", false), "(Bash completed with no output)");
        assert_eq!(
            out("S", "", true),
            "S\n<error>Command was aborted before completion</error>"
        );
        assert!(bash(&json!({"stdout": 5, "stderr": "", "interrupted": false})).is_none());
        assert!(bash(&json!("REDACTED")).is_none());
    }

    #[test]
    fn file_outputs_need_their_fields() {
        let file = json!({"type": "text", "file": {"filePath": "/x", "content": "zzz",
            "numLines": 1, "startLine": 5, "totalLines": 1}});
        assert_eq!(read(&file).unwrap().content.as_text(), "5\tzzz");
        assert!(
            read(&json!({"type": "text", "file": {"filePath": "/x", "content": "q"}})).is_none()
        );
        let created = json!({"type": "create", "filePath": "/e.txt", "content": "q"});
        assert!(write(&created)
            .unwrap()
            .content
            .as_text()
            .starts_with("File created successfully at: /e.txt"));
        let edited =
            json!({"filePath": "/e.txt", "oldString": "a", "newString": "b", "replaceAll": false});
        assert!(edit(&edited)
            .unwrap()
            .content
            .as_text()
            .starts_with("The file /e.txt has been updated successfully."));
    }
}

//! The Edit tool: replaces an exact string in a file.
//!
//! `old_string` must occur exactly once unless `replace_all` is set. Matching is done on the
//! text with CRLF shown as LF (the way Read showed it), and a CRLF file keeps its CRLF endings.
//! An empty `old_string` creates a missing (or fills an empty) file. A UTF-16LE file is
//! edited as text and written back in UTF-16LE (see [`super::encoding`]).
//!
//! Straight and curly quotes match each other (see [`super::quotes`]): the file's own text is
//! replaced and the new text takes its quote style.
//!
//! The edit is applied even if the model never read the file, read only part of it, or the
//! file changed on disk since; the success text then says nothing of the file state (or tells
//! the model its view is stale), and the result carries `contentNotInModelContext` (and
//! `staleRecovered`), as in the reference. A directory fails as a thrown call error.

use std::path::PathBuf;
use std::sync::Arc;

use oxagent_core::permission::{PermissionContext, ToolPermission};
use oxagent_core::tool::{ToolContext, ToolOutput};
use serde::Deserialize;
use serde_json::{json, Value};

use super::file_state::{FileState, Freshness};
use super::patch::structured_patch;
use super::path_label;
use super::quotes;
use super::read::missing_file_text;
use super::write::{refuse_special, write_file, FILE_STATE_CURRENT};
use crate::paths::resolve;
use crate::permission_checks;
use crate::results::{call_error, success, wrapped_error};
use crate::shell::ShellState;
use crate::typed::TypedTool;

const STALE_NOTE: &str = "(note: the file had been modified on disk since you last read it — the edit \
applied cleanly, but the file contains other changes not in your context. Read it before edits that \
depend on surrounding content.)";

/// The input of Edit, as its schema describes it.
#[derive(Deserialize)]
pub struct EditInput {
    file_path: String,
    old_string: String,
    new_string: String,
    #[serde(default)]
    replace_all: bool,
}

/// Replaces strings in files. See the module docs.
pub struct EditTool {
    files: FileState,
    cwd: Option<PathBuf>,
    shell: Option<Arc<ShellState>>,
}

impl EditTool {
    pub fn new(files: FileState) -> Self {
        EditTool {
            files,
            cwd: None,
            shell: None,
        }
    }

    /// The session's shell, whose directory (after a `cd`) relative paths start from.
    pub fn with_shell(mut self, shell: Arc<ShellState>) -> Self {
        self.shell = Some(shell);
        self
    }

    /// The session directory, used only to word [`TypedTool::describe_call`].
    pub fn with_cwd(mut self, cwd: Option<PathBuf>) -> Self {
        self.cwd = cwd;
        self
    }
}

/// `old`, or the spelling of it with its `\uXXXX` escapes swapped that `text` holds.
fn other_spelling(text: &str, old: String) -> String {
    if old.is_empty() || text.contains(&old) {
        return old;
    }
    let (tries, _) = super::escapes::alternatives(&old);
    tries.into_iter().find(|t| text.contains(t)).unwrap_or(old)
}

/// A "not found" error for `old`, saying that its other spellings were tried when it has
/// any.
fn with_escape_note(mut out: ToolOutput, old: &str) -> ToolOutput {
    let (_, tried) = super::escapes::alternatives(old);
    let note = super::escapes::TRIED_NOTE;
    let is_not_found = |t: &str| t.contains("String to replace not found in file.");
    if let oxagent_core::content::ToolResultContent::Text(text) = &mut out.content {
        if tried && is_not_found(text) {
            if let Some(head) = text.strip_suffix("</tool_use_error>") {
                *text = format!("{head}{note}</tool_use_error>");
            }
            if let Some(serde_json::Value::String(s)) = out.structured.as_mut() {
                s.push_str(note);
            }
        }
    }
    out
}

/// Whether a file's lines end mostly in CRLF: more of them than end in a bare LF. The edited
/// text is written back with those line ends (fb_095: one CRLF an edit brought into an LF
/// file does not make it a CRLF file).
fn mostly_crlf(raw: &str) -> bool {
    let crlf = raw.matches("\r\n").count();
    crlf > raw.matches('\n').count() - crlf
}

/// The new text, or the error the model reads.
fn apply(text: &str, old: &str, new: &str, replace_all: bool) -> Result<String, ToolOutput> {
    if !text.contains(old) {
        // Curly and straight quotes are the same to the search: the file's own text is
        // replaced, and the new text takes the file's quote style.
        if let Some(actual) = quotes::find_ignoring_quote_style(text, old) {
            let new = quotes::in_style_of(&actual, new);
            return apply(text, &actual, &new, replace_all);
        }
    }
    let count = text.matches(old).count();
    if count == 0 {
        return Err(wrapped_error(format!(
            "String to replace not found in file.\nString: {old}"
        )));
    }
    if count > 1 && !replace_all {
        return Err(wrapped_error(format!(
            "Found {count} matches of the string to replace, but replace_all is false. To replace all \
             occurrences, set replace_all to true. To replace only one occurrence, please provide more \
             context to uniquely identify the instance.\nString: {old}"
        )));
    }
    // A deletion takes the line break after the text with it whenever the file has the text
    // followed by one, wherever it stands in its line; with `replace_all`, only the
    // occurrences followed by a line break go, each with its break.
    let with_newline = format!("{old}\n");
    let old = if new.is_empty() && !old.ends_with('\n') && text.contains(&with_newline) {
        with_newline.as_str()
    } else {
        old
    };
    Ok(if replace_all {
        text.replace(old, new)
    } else {
        text.replacen(old, new, 1)
    })
}

impl TypedTool for EditTool {
    fn render_output(&self, output: &Value) -> Option<oxagent_core::tool::ToolOutput> {
        crate::hook_output::edit(output)
    }

    fn context_compacted(&self, compaction: &str, kept_reads: &[String]) {
        let (cwd, shell) = (self.cwd.as_deref(), self.shell.as_deref());
        super::compacted(&self.files, compaction, cwd, shell, kept_reads);
    }

    const NAME: &'static str = "Edit";
    const CHECKS_DISK_FIRST: bool = true;
    type Input = EditInput;

    fn description(&self) -> String {
        "Replaces `old_string` with `new_string` in a file. `old_string` must match the file \
         exactly (as Read showed it, without the line-number prefix) and occur once, unless \
         `replace_all` is true; add surrounding lines to make it unique. Read the file before \
         editing it. An empty `old_string` creates a new file."
            .to_string()
    }

    fn input_schema() -> Value {
        json!({
            "type": "object",
            "properties": {
                "file_path": {"type": "string", "description": "Absolute path of the file to change."},
                "old_string": {"type": "string", "description": "The exact text to replace."},
                "new_string": {"type": "string", "description": "The replacement; must differ from old_string."},
                "replace_all": {"default": false, "type": "boolean",
                    "description": "Replace every occurrence instead of exactly one."}
            },
            "required": ["file_path", "old_string", "new_string"],
            "additionalProperties": false
        })
    }

    fn tidy_input(&self, input: Value) -> Value {
        let mut input = super::trailing::tidy_field(input, "new_string");
        // An old_string written with `\uXXXX` escapes the file holds as characters is stored
        // as those characters, as the reference stores it.
        let old = input
            .get("old_string")
            .and_then(Value::as_str)
            .unwrap_or("");
        let decoded = super::escapes::unescaped(old);
        let path = input
            .get("file_path")
            .and_then(Value::as_str)
            .map(std::path::PathBuf::from);
        if let (Some(decoded), Some(path)) = (decoded, path) {
            let text = std::fs::read(&path)
                .map(|b| super::encoding::decode(&b).0)
                .unwrap_or_default();
            if !text.contains(old) && text.contains(&decoded) {
                input["old_string"] = Value::String(decoded);
            }
        }
        input
    }

    fn check_permission(&self, input: &Value, ctx: &PermissionContext) -> ToolPermission {
        {
            let files = self.files.of(ctx.agent_id.as_deref());
            permission_checks::check_write_input(input, "file_path", ctx, &|p| files.has_seen(p))
        }
    }

    /// What the edit cannot do whatever is allowed, found before any hook or question, as
    /// the reference finds it: no change, a missing file, an existing file to create, a
    /// string not found or found more than once. (The file is read here, once more when
    /// the call runs: a question may be answered with another input.)
    fn input_error(&self, input: &Value) -> Option<String> {
        self.input_error_for(input, None)
    }

    fn input_error_for(&self, input: &Value, agent_id: Option<&str>) -> Option<String> {
        let files = self.files.of(agent_id);
        let old = input.get("old_string")?.as_str()?;
        let new = input.get("new_string")?.as_str()?;
        if old == new {
            return Some(
                "No changes to make: old_string and new_string are exactly the same.".into(),
            );
        }
        let cwd = super::here(self.cwd.as_deref()?, self.shell.as_deref());
        let cwd = cwd.as_path();
        let path = resolve(input.get("file_path")?.as_str()?, cwd);
        let bytes = match std::fs::read(&path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && !old.is_empty() => {
                return Some(missing_file_text(cwd));
            }
            Err(_) => return None,
        };
        // A notebook that is there is refused when the call runs; a missing one is missing
        // first (fuzz-b/fb_286).
        if path.extension().is_some_and(|e| e == "ipynb") {
            return None;
        }
        if files.unread_refused(&path) {
            return Some(super::notebook_edit::NOT_READ_YET.to_string());
        }
        let (raw, _) = super::encoding::decode(&bytes);
        let text = raw.replace("\r\n", "\n");
        // A file with content refuses an empty old_string whatever its encoding (fb_143).
        if old.is_empty() && !text.trim().is_empty() {
            return Some("Cannot create new file - file already exists.".to_string());
        }
        if super::encoding_refusal(&bytes).is_some() || old.is_empty() {
            return None;
        }
        // An old_string with CRLF line ends is looked for with LF ones first: found so, it
        // passes, and only the run finds that it is not in the file (fb_041).
        if old.contains("\r\n") && text.contains(&old.replace("\r\n", "\n")) {
            return None;
        }
        let old = other_spelling(&text, old.to_string());
        let replace_all = input.get("replace_all").and_then(Value::as_bool) == Some(true);
        let out = with_escape_note(apply(&text, &old, new, replace_all).err()?, &old);
        // Not found in a file changed since the model read it: the change is what is
        // reported (fb_127).
        let stale = files.freshness(&path, &raw) == Freshness::ChangedOnDisk;
        if stale && !text.contains(&old) {
            return Some(super::write::MODIFIED_SINCE_READ.to_string());
        }
        match out.content {
            oxagent_core::content::ToolResultContent::Text(t) => Some(
                t.trim_start_matches("<tool_use_error>")
                    .trim_end_matches("</tool_use_error>")
                    .to_string(),
            ),
            _ => None,
        }
    }

    fn unseen_file(&self, input: &Value, agent_id: Option<&str>) -> Option<PathBuf> {
        let cwd = super::here(self.cwd.as_deref()?, self.shell.as_deref());
        let path = resolve(input.get("file_path")?.as_str()?, &cwd);
        let notebook = path.extension().is_some_and(|e| e == "ipynb");
        (!notebook && path.is_file() && !self.files.of(agent_id).has_seen(&path)).then_some(path)
    }

    /// Every refusal but "No changes to make" reads the file: it comes once the response
    /// has streamed (fb_041, fb_110, fb_111, fb_114).
    fn input_error_waits(&self, input: &Value) -> bool {
        input.get("old_string") != input.get("new_string")
    }

    fn describe_call(&self, input: &Value) -> Option<String> {
        let here = self
            .cwd
            .as_deref()
            .map(|c| super::here(c, self.shell.as_deref()));
        path_label(input, "file_path", here.as_deref())
    }

    /// An edit the user changed says so (with the reference's spacing) instead of the
    /// file-state note; the model no longer holds the file as it is.
    fn user_modified(&self, out: ToolOutput, proposed: &Value, accepted: &Value) -> ToolOutput {
        let what =
            |v: &Value| ["old_string", "new_string", "replace_all"].map(|k| v.get(k).cloned());
        if what(proposed) == what(accepted) {
            return out;
        }
        super::user_modified(
            out,
            " The user modified your proposed changes before accepting them. .",
            true,
        )
    }

    async fn run(&self, input: EditInput, ctx: &ToolContext) -> ToolOutput {
        let files = self.files.of(ctx.agent_id.as_deref());
        if input.old_string == input.new_string {
            return wrapped_error(
                "No changes to make: old_string and new_string are exactly the same.",
            );
        }
        let path = resolve(&input.file_path, ctx.dir());
        if path.extension().is_some_and(|e| e == "ipynb") {
            return wrapped_error(
                "File is a Jupyter Notebook. Use the NotebookEdit to edit this file.",
            );
        }
        if std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_dir()) {
            return call_error("Edit", "EISDIR: illegal operation on a directory, read");
        }
        if let Some(refusal) = refuse_special(&path) {
            return refusal;
        }
        let mut encoding = super::encoding::TextEncoding::Utf8;
        let raw = match tokio::fs::read(&path).await {
            Ok(bytes) => match super::encoding_refusal(&bytes) {
                Some(refusal) => return wrapped_error(refusal),
                None => {
                    let (text, found) = super::encoding::decode(&bytes);
                    encoding = found;
                    Some(text)
                }
            },
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            Err(e) if e.kind() == std::io::ErrorKind::NotADirectory => {
                return call_error("Edit", super::not_a_directory("stat", &path))
            }
            Err(e) => return wrapped_error(e.to_string()),
        };
        // The file is matched with LF line ends; old_string and new_string as written (an
        // old_string with `\r\n` matches nothing, as in the reference).
        let old = input.old_string.clone();
        let new = input.new_string.clone();
        // Not in the file as written: perhaps with its `\uXXXX` escapes swapped.
        let old = match &raw {
            Some(raw) => other_spelling(&raw.replace("\r\n", "\n"), old),
            None => old,
        };
        let (original, updated, freshness, crlf) = match &raw {
            None if old.is_empty() => (String::new(), new.clone(), Freshness::Current, false),
            None => return wrapped_error(missing_file_text(ctx.dir())),
            Some(raw) => {
                let text = raw.replace("\r\n", "\n");
                let updated = if old.is_empty() {
                    if !text.trim().is_empty() {
                        return wrapped_error("Cannot create new file - file already exists.");
                    }
                    new.clone()
                } else {
                    match apply(&text, &old, &new, input.replace_all) {
                        Ok(u) => u,
                        Err(out) => return with_escape_note(out, &old),
                    }
                };
                (text, updated, files.freshness(&path, raw), mostly_crlf(raw))
            }
        };
        let written = if crlf {
            updated.replace('\n', "\r\n")
        } else {
            updated.clone()
        };
        files.before_change(&path);
        if let Err(out) = write_file(&path, &super::encoding::encode(&written, encoding)).await {
            return out;
        }
        // An edit shows the model only its own change: a file that was not wholly in its
        // context before stays so for the next edit (fb_049); one it had read whole, changed
        // on disk since, is up to date again (edit_of_a_file_changed_since_read_says_so).
        if matches!(freshness, Freshness::NeverRead | Freshness::Partial) {
            files.record_partial(&path, &written);
        } else {
            files.record(&path, &written);
        }

        let updated_text = if input.replace_all {
            "has been updated. All occurrences were successfully replaced."
        } else {
            "has been updated successfully."
        };
        // The path as the model wrote it, as the reference shows it.
        let head = format!("The file {} {updated_text}", input.file_path);
        // When the quotes differed, `oldString` is the file's own text that was replaced.
        // So is it when the file spells it with its `\uXXXX` escapes swapped.
        let shown_old = if !old.is_empty() && !original.contains(&old) {
            quotes::find_ignoring_quote_style(&original, &old)
                .unwrap_or_else(|| input.old_string.clone())
        } else if old != input.old_string {
            old.clone()
        } else {
            input.old_string.clone()
        };
        let mut result = json!({
            "filePath": input.file_path,
            "oldString": shown_old,
            "newString": input.new_string,
            "originalFile": original,
            "structuredPatch": structured_patch(&original, &updated),
            "userModified": false,
            "replaceAll": input.replace_all,
        });
        let text = match freshness {
            Freshness::Current => format!("{head} {FILE_STATE_CURRENT}"),
            // A partial read leaves the model without the whole file, as no read does.
            Freshness::NeverRead | Freshness::Partial => {
                result["contentNotInModelContext"] = json!(true);
                head
            }
            Freshness::ChangedOnDisk => {
                result["staleRecovered"] = json!(true);
                result["contentNotInModelContext"] = json!(true);
                format!("{head} {STALE_NOTE}")
            }
        };
        success(text, result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// fa_pin_readfirst_*: without the Read tool, Edit and Write refuse an existing file the
    /// model has not seen before any question; with it, or for a new file, they do not.
    #[test]
    fn without_read_an_unseen_file_is_refused() {
        let dir = std::env::temp_dir().join(format!("oxagent-edit-unread-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("a.txt"), "app\n").unwrap();
        let files = FileState::new();
        let edit = EditTool::new(files.clone()).with_cwd(Some(dir.clone()));
        let write = crate::fs::write::WriteTool::new(files.clone()).with_cwd(Some(dir.clone()));
        let change = json!({"file_path": "a.txt", "old_string": "app", "new_string": "APP"});
        let overwrite = json!({"file_path": "a.txt", "content": "w"});
        let create = json!({"file_path": "new.txt", "content": "w"});
        assert_eq!(edit.input_error(&change), None);
        assert_eq!(TypedTool::input_error(&write, &overwrite), None);
        files.require_reads();
        let not_read = Some(crate::fs::notebook_edit::NOT_READ_YET.to_string());
        assert_eq!(edit.input_error(&change), not_read);
        assert_eq!(TypedTool::input_error(&write, &overwrite), not_read);
        assert_eq!(TypedTool::input_error(&write, &create), None);
        files.record(&dir.join("a.txt"), "app\n");
        assert_eq!(edit.input_error(&change), None);
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn a_crlf_old_string_found_with_lf_ends_is_left_to_the_run() {
        let dir = std::env::temp_dir().join(format!("oxagent-edit-crlf-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("c.txt"), "one\r\ntwo\r\n").unwrap();
        let tool = EditTool::new(FileState::new()).with_cwd(Some(dir.clone()));
        let edit = |old: &str| json!({"file_path": "c.txt", "old_string": old, "new_string": "x"});
        assert_eq!(tool.input_error(&edit("one\r\ntwo")), None);
        let missing = tool.input_error(&edit("one\r\nthree")).unwrap();
        assert!(missing.starts_with("String to replace not found in file."));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn refusals_of_full_and_changed_files() {
        let dir = std::env::temp_dir().join(format!("oxagent-edit-stale-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("nul.txt"), b"a\0b\n").unwrap();
        std::fs::write(dir.join("s.txt"), "one\n").unwrap();
        let files = FileState::new();
        files.record(&dir.join("s.txt"), "old\n");
        let tool = EditTool::new(files).with_cwd(Some(dir.clone()));
        let create = json!({"file_path": "nul.txt", "old_string": "", "new_string": "x"});
        assert_eq!(
            tool.input_error(&create).as_deref(),
            Some("Cannot create new file - file already exists.")
        );
        let stale = json!({"file_path": "s.txt", "old_string": "old", "new_string": "x"});
        assert_eq!(
            tool.input_error(&stale).as_deref(),
            Some(super::super::write::MODIFIED_SINCE_READ)
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn line_ends_follow_the_most_lines() {
        assert!(mostly_crlf("a\r\nb\r\nc\n"));
        assert!(!mostly_crlf("a\nb\r\nc\n"));
        assert!(!mostly_crlf("a\r\nb\n"));
        assert!(!mostly_crlf("no line end"));
    }

    #[test]
    fn deleting_a_line_removes_its_newline() {
        assert_eq!(
            apply("a\nb\nc\n", "b", "", false).ok().as_deref(),
            Some("a\nc\n")
        );
        // The break goes also when the text ends a line it does not fill.
        assert_eq!(apply("a b\n", "b", "", false).ok().as_deref(), Some("a "));
        assert_eq!(
            apply("a TODO\nb\n", " TODO", "", false).ok().as_deref(),
            Some("ab\n")
        );
        // With replace_all only the occurrences followed by a break go (each with it).
        assert_eq!(
            apply("a TODO x\nb TODO\nc TODO\n", " TODO", "", true)
                .ok()
                .as_deref(),
            Some("a TODO x\nbc")
        );
        // A text found twice is refused as such, even if only one is followed by a break.
        assert!(apply("x TODO y\nx TODO\n", "x TODO", "", false).is_err());
    }
}

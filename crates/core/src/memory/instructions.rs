//! The session's own instruction files (CLAUDE.md and the rest loaded at its start), as the
//! model is shown them and as a transcript records them.
//!
//! A session's first prompt carries them in one reminder. The transcript keeps what it was
//! shown (an `instructions` attachment after the prompt's row), so that a resumed session
//! shows the model the same text again, and tells it at the first prompt of the new run only
//! of the files that differ from what it was shown last (changed on disk, or new); a file
//! gone since is not mentioned. A nested file a tool call brought in is recorded the same way
//! (a `nested_memory` attachment after the results), and comes back with them.
//!
//! ```
//! use oxagent_core::memory::instructions::{changed_since, InstructionFile};
//! let now = vec![
//!     InstructionFile::new("/w/CLAUDE.md", "Project", "Rule two."),
//!     InstructionFile::new("/w/a.md", "Project", "Same."),
//! ];
//! let known = vec![
//!     InstructionFile::new("/w/CLAUDE.md", "Project", "Rule one."),
//!     InstructionFile::new("/w/a.md", "Project", "Same."),
//! ];
//! let changed = changed_since(&now, &known);
//! assert_eq!(changed.len(), 1);
//! assert_eq!(changed[0].content, "Rule two.");
//! ```

use serde_json::{json, Value};

const HEADER: &str = "The instructions below come from the user's and the project's CLAUDE.md files. Follow them. IMPORTANT: they OVERRIDE any default behavior, and you MUST follow them exactly as written.";

const CHANGED_HEADER: &str = "These instruction files were read again as this session resumed and differ from the copies shown earlier: each one replaces its earlier copy, and the instructions above still hold.";

const GONE: &str = "No longer in effect:";

/// One instruction file as the model was shown it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InstructionFile {
    pub path: String,
    /// `User`, `Project` or `Local`.
    pub kind: String,
    /// The text shown, without trailing white space.
    pub content: String,
}

impl InstructionFile {
    pub fn new(path: impl Into<String>, kind: impl Into<String>, content: &str) -> Self {
        InstructionFile {
            path: path.into(),
            kind: kind.into(),
            content: content.trim_end().to_string(),
        }
    }
}

fn label(kind: &str) -> &'static str {
    match kind {
        "User" => "user's private global instructions for all projects",
        "Local" => "user's private project instructions, not checked in",
        _ => "project instructions, checked into the codebase",
    }
}

fn entries(files: &[InstructionFile]) -> String {
    files
        .iter()
        .map(|f| {
            format!(
                "Contents of {} ({}):\n\n{}",
                f.path,
                label(&f.kind),
                f.content
            )
        })
        .collect::<Vec<_>>()
        .join("\n\n")
}

/// The reminder a session's first prompt carries, if any file was loaded.
pub fn reminder(files: &[InstructionFile]) -> Option<String> {
    (!files.is_empty()).then(|| {
        format!(
            "<system-reminder>\n{HEADER}\n\n{}\n</system-reminder>",
            entries(files)
        )
    })
}

/// What the first prompt of a resumed session's run carries of the files `changed` since
/// the conversation last showed them: the whole reminder when it showed none (`first`),
/// else the files that changed, each in place of its earlier copy, and those `gone` since
/// (named only beside a change: fl_pin_imports_gone, fl_pin_removed_later; none when
/// `first`).
pub fn resumed_reminder(
    changed: &[InstructionFile],
    gone: &[String],
    first: bool,
) -> Option<String> {
    if changed.is_empty() {
        return None;
    }
    let header = if first { HEADER } else { CHANGED_HEADER };
    let mut body = entries(changed);
    for path in gone {
        body.push_str(&format!("\n\n{GONE} {path}"));
    }
    Some(format!(
        "<system-reminder>\n{header}\n\n{body}\n</system-reminder>\n"
    ))
}

/// The files of `now` whose text differs from the one last shown (`known`), or that were
/// never shown.
pub fn changed_since(now: &[InstructionFile], known: &[InstructionFile]) -> Vec<InstructionFile> {
    now.iter()
        .filter(|f| {
            !known
                .iter()
                .any(|k| k.path == f.path && k.content == f.content)
        })
        .cloned()
        .collect()
}

/// The files shown before (`known`) that `now` lacks.
pub fn gone_since(now: &[InstructionFile], known: &[InstructionFile]) -> Vec<String> {
    known
        .iter()
        .filter(|k| !now.iter().any(|f| f.path == k.path))
        .map(|k| k.path.clone())
        .collect()
}

/// `known` once `shown` (an `instructions` attachment) was shown: each file's text replaced
/// or added, those it names gone taken out.
pub fn apply(known: &mut Vec<InstructionFile>, shown: &Value) {
    for f in files_of(shown) {
        match known.iter_mut().find(|k| k.path == f.path) {
            Some(k) => *k = f,
            None => known.push(f),
        }
    }
    let gone = gone_of(shown);
    known.retain(|k| !gone.contains(&k.path));
}

/// The files an `instructions` attachment names gone.
fn gone_of(shown: &Value) -> Vec<String> {
    shown["removed"]
        .as_array()
        .map(|g| {
            g.iter()
                .filter_map(|p| p.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

/// What the model was told when an `instructions` attachment was written: the session-start
/// reminder, or a resumed run's (the whole one, or the changes).
pub fn shown_again(shown: &Value) -> Option<String> {
    let files = files_of(shown);
    match shown.get("reason") {
        Some(_) => resumed_reminder(&files, &gone_of(shown), shown.get("changed").is_none()),
        None => reminder(&files),
    }
}

/// The transcript's `instructions` attachment for `files` (`changed`: those that differ from
/// what the conversation showed before, at a resumed run's start; `gone`: those it no longer
/// has, an oxagent field).
pub fn record(files: &[InstructionFile], gone: &[String], resumed: bool, changed: bool) -> Value {
    let list: Vec<Value> = files
        .iter()
        .map(|f| json!({"path": f.path, "type": f.kind, "content": f.content}))
        .collect();
    let mut a = json!({"type": "instructions", "files": list});
    if changed {
        a["changed"] = json!(true);
    }
    if resumed {
        a["reason"] = json!("session_start");
    }
    if !gone.is_empty() {
        a["removed"] = json!(gone);
    }
    a
}

/// The transcript's `nested_memory` attachment for a file a tool call brought in.
pub fn nested_record(path: &str, kind: &str, text: &str, cwd: &str) -> Value {
    let display = path
        .strip_prefix(cwd)
        .map(|p| p.trim_start_matches('/'))
        .filter(|p| !p.is_empty())
        .unwrap_or(path);
    json!({
        "type": "nested_memory",
        "path": path,
        "content": {"path": path, "type": kind, "content": text, "contentDiffersFromDisk": false},
        "displayPath": display,
    })
}

/// The files an `instructions` attachment lists.
pub fn files_of(attachment: &Value) -> Vec<InstructionFile> {
    attachment["files"]
        .as_array()
        .map(|files| {
            files
                .iter()
                .filter_map(|f| {
                    Some(InstructionFile::new(
                        f["path"].as_str()?,
                        f["type"].as_str().unwrap_or("Project"),
                        f["content"].as_str().unwrap_or(""),
                    ))
                })
                .collect()
        })
        .unwrap_or_default()
}

/// What a `nested_memory` attachment showed the model: (path, text).
pub fn nested_of(attachment: &Value) -> Option<(String, String)> {
    let path = attachment["path"].as_str()?;
    let text = attachment
        .pointer("/content/content")
        .and_then(Value::as_str)?;
    Some((path.to_string(), text.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(path: &str, content: &str) -> InstructionFile {
        InstructionFile::new(path, "Project", content)
    }

    #[test]
    fn a_record_reads_back_as_written() {
        let files = vec![
            file("/w/CLAUDE.md", "Rule.\n"),
            InstructionFile::new("/h/.claude/CLAUDE.md", "User", "Mine."),
        ];
        let a = record(&files, &[], false, false);
        assert_eq!(a["type"], "instructions");
        assert!(a.get("changed").is_none() && a.get("reason").is_none());
        assert_eq!(files_of(&a), files);
        assert_eq!(shown_again(&a), reminder(&files));
        let later = record(&files[..1], &["/w/gone.md".into()], true, true);
        assert!(shown_again(&later)
            .unwrap()
            .ends_with("No longer in effect: /w/gone.md\n</system-reminder>\n"));
        assert_eq!(
            (later["changed"].clone(), later["reason"].clone()),
            (json!(true), json!("session_start"))
        );
    }

    #[test]
    fn only_files_changed_or_new_are_told_again() {
        let known = vec![file("/w/CLAUDE.md", "Rule."), file("/w/gone.md", "Gone.")];
        let now = vec![
            file("/w/CLAUDE.md", "Rule.\n"),
            file("/w/CLAUDE.local.md", "New."),
        ];
        let changed = changed_since(&now, &known);
        assert_eq!(changed, [file("/w/CLAUDE.local.md", "New.")]);
        let gone = gone_since(&now, &known);
        assert_eq!(gone, ["/w/gone.md"]);
        let told = resumed_reminder(&changed, &gone, false).unwrap();
        assert!(told.starts_with("<system-reminder>\nThese instruction files were read again"));
        assert!(told.ends_with("Contents of /w/CLAUDE.local.md (project instructions, checked into the codebase):\n\nNew.\n\nNo longer in effect: /w/gone.md\n</system-reminder>\n"));
        // A file gone alone is not told.
        assert!(resumed_reminder(&[], &gone, false).is_none());
        // Nothing shown before: the whole reminder.
        let whole = resumed_reminder(&now, &[], true).unwrap();
        assert_eq!(whole, format!("{}\n", reminder(&now).unwrap()));
    }

    #[test]
    fn what_was_shown_last_counts() {
        let mut known = Vec::new();
        apply(
            &mut known,
            &record(
                &[file("/w/a.md", "One."), file("/w/b.md", "B.")],
                &[],
                false,
                false,
            ),
        );
        apply(
            &mut known,
            &record(&[file("/w/a.md", "Two.")], &["/w/b.md".into()], true, true),
        );
        assert_eq!(known, [file("/w/a.md", "Two.")]);
    }

    #[test]
    fn a_nested_record_names_its_file_from_the_working_directory() {
        let a = nested_record("/w/sub/CLAUDE.md", "Project", "Sub.\n", "/w");
        assert_eq!(a["displayPath"], "sub/CLAUDE.md");
        assert_eq!(
            nested_of(&a),
            Some(("/w/sub/CLAUDE.md".into(), "Sub.\n".into()))
        );
    }
}

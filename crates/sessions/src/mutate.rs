//! Changing saved sessions: title, tag, delete, fork.
//!
//! Titles and tags are rows appended to the transcript (the last one wins), so a running
//! session and a reader never race on a rewrite. Appends never create a file.

use std::io::Write;
use std::path::{Path, PathBuf};

use serde_json::{json, Map, Value};

use crate::catalog::find_transcript;
use crate::{validate_session_id, SessionId};

/// Why a change could not be made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SessionError {
    /// An id argument (`session_id`, `up_to_message_id`) is not a UUID: the refused value.
    InvalidId {
        field: &'static str,
        value: String,
    },
    /// An argument is empty or unknown (a Python ValueError).
    Invalid(String),
    /// No transcript holds this session.
    NotFound(String),
    Io(String),
}

impl std::fmt::Display for SessionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SessionError::InvalidId { field, value } => write!(f, "Invalid {field}: {value}"),
            SessionError::Invalid(m) | SessionError::NotFound(m) | SessionError::Io(m) => {
                f.write_str(m)
            }
        }
    }
}

impl std::error::Error for SessionError {}

/// `value` as an id, or the error naming the argument it came in.
pub(crate) fn checked(field: &'static str, value: &str) -> Result<SessionId, SessionError> {
    validate_session_id(value).map_err(|_| SessionError::InvalidId {
        field,
        value: value.to_string(),
    })
}

fn located(projects: &Path, id: &SessionId, dir: Option<&Path>) -> Result<PathBuf, SessionError> {
    find_transcript(projects, id, dir)
        .ok_or_else(|| SessionError::NotFound(format!("Session {id} not found")))
}

/// Appends one row with one write, so a reader or another writer never sees half of it.
fn append(path: &Path, row: &Value) -> Result<(), SessionError> {
    let mut file = std::fs::OpenOptions::new()
        .append(true)
        .open(path)
        .map_err(|e| SessionError::Io(format!("{}: {e}", path.display())))?;
    file.write_all(&crate::writer::line(row))
        .map_err(|e| SessionError::Io(e.to_string()))
}

/// Gives the session a title (what listings show as its summary).
pub fn rename_session(
    projects: &Path,
    session_id: &str,
    title: &str,
    dir: Option<&Path>,
) -> Result<(), SessionError> {
    let id = checked("session_id", session_id)?;
    let title = title.trim();
    if title.is_empty() {
        return Err(SessionError::Invalid("title must not be empty".into()));
    }
    let path = located(projects, &id, dir)?;
    append(
        &path,
        &json!({"type": "custom-title", "customTitle": title, "sessionId": session_id}),
    )
}

/// Tags the session; `None` clears the tag.
pub fn tag_session(
    projects: &Path,
    session_id: &str,
    tag: Option<&str>,
    dir: Option<&Path>,
) -> Result<(), SessionError> {
    let id = checked("session_id", session_id)?;
    let tag = match tag {
        None => String::new(),
        Some(t) => {
            let clean = clean_tag(t);
            if clean.is_empty() {
                return Err(SessionError::Invalid(
                    "tag must not be empty (pass None to clear it)".into(),
                ));
            }
            clean
        }
    };
    let path = located(projects, &id, dir)?;
    append(
        &path,
        &json!({"type": "tag", "tag": tag, "sessionId": session_id}),
    )
}

/// Characters a tag may not carry: invisible formatting, bidirectional overrides, byte
/// order marks, private use, and controls.
fn hidden(c: char) -> bool {
    c.is_control()
        || matches!(c as u32,
            0x00AD | 0x061C | 0x180E | 0x200B..=0x200F | 0x202A..=0x202E | 0x2060..=0x2064
            | 0x2066..=0x206F | 0xFEFF | 0xFFF9..=0xFFFB | 0xE000..=0xF8FF
            | 0xF0000..=0x10FFFF | 0xE0000..=0xE007F)
}

pub(crate) fn clean_tag(tag: &str) -> String {
    tag.chars()
        .filter(|c| !hidden(*c))
        .collect::<String>()
        .trim()
        .to_string()
}

/// Deletes the transcript and the session's folder of side files (subagents...).
pub fn delete_session(
    projects: &Path,
    session_id: &str,
    dir: Option<&Path>,
) -> Result<(), SessionError> {
    let path = located(projects, &checked("session_id", session_id)?, dir)?;
    std::fs::remove_file(&path).map_err(|e| SessionError::Io(e.to_string()))?;
    let side = path.with_extension("");
    if side.is_dir() {
        let _ = std::fs::remove_dir_all(side);
    }
    Ok(())
}

/// Copies the conversation (up to and including `up_to_message_id`) into a new session of
/// the same project and returns its id. Messages get new ids and remember where they came
/// from; the fork is titled `title`, else after the original with ` (fork)`.
pub fn fork_session(
    projects: &Path,
    session_id: &str,
    dir: Option<&Path>,
    up_to_message_id: Option<&str>,
    title: Option<&str>,
) -> Result<String, SessionError> {
    let id = checked("session_id", session_id)?;
    let up_to_message_id = up_to_message_id.filter(|m| !m.is_empty());
    if let Some(m) = up_to_message_id {
        checked("up_to_message_id", m)?;
    }
    let path = located(projects, &id, dir)?;
    let text = std::fs::read_to_string(&path).map_err(|e| SessionError::Io(e.to_string()))?;
    let all: Vec<Value> = text
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect();
    let new_id = SessionId::random();
    let out = fork_rows(&all, session_id, &new_id, up_to_message_id, title)?;
    let target = path.with_file_name(new_id.file_name());
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options
        .open(&target)
        .map_err(|e| SessionError::Io(format!("{}: {e}", target.display())))?;
    let body: String = out.iter().map(|r| format!("{r}\n")).collect();
    file.write_all(body.as_bytes())
        .map_err(|e| SessionError::Io(e.to_string()))?;
    Ok(new_id.into())
}

/// The rows of a fork of `all` (a session's rows) as the session `new_id`: messages up to
/// and including `up_to_message_id` with new ids that remember where they came from, then
/// the fork's title.
pub(crate) fn fork_rows(
    all: &[Value],
    session_id: &str,
    new_id: &SessionId,
    up_to_message_id: Option<&str>,
    title: Option<&str>,
) -> Result<Vec<Value>, SessionError> {
    let mut rows: Vec<Value> = all
        .iter()
        .filter(|r| r["uuid"].is_string() && r["isSidechain"] != true)
        .cloned()
        .collect();
    if let Some(cut) = up_to_message_id {
        let at = rows.iter().position(|r| r["uuid"] == cut).ok_or_else(|| {
            SessionError::Invalid(format!("Message {cut} not found in session {session_id}"))
        })?;
        rows.truncate(at + 1);
    }
    // Progress rows are dropped; whatever hung from one hangs from its parent instead.
    let mut skipped: Map<String, Value> = Map::new();
    let mut fresh: Map<String, Value> = Map::new();
    for r in &rows {
        let old = r["uuid"].as_str().unwrap_or_default().to_string();
        if r["type"] == "progress" {
            skipped.insert(old, r["parentUuid"].clone());
        } else {
            fresh.insert(old, json!(uuid::Uuid::new_v4().to_string()));
        }
    }
    let relink = |mut parent: Value| -> Value {
        while let Some(p) = parent.as_str().and_then(|p| skipped.get(p)) {
            parent = p.clone();
        }
        parent
            .as_str()
            .and_then(|p| fresh.get(p))
            .cloned()
            .unwrap_or(Value::Null)
    };
    let mut out: Vec<Value> = Vec::new();
    for r in rows.into_iter().filter(|r| r["type"] != "progress") {
        let Value::Object(mut m) = r else { continue };
        let old = m["uuid"].as_str().unwrap_or_default().to_string();
        m.insert("uuid".into(), fresh[&old].clone());
        let parent = m.get("parentUuid").cloned().unwrap_or(Value::Null);
        m.insert("parentUuid".into(), relink(parent));
        if let Some(l) = m.get("logicalParentUuid").cloned() {
            m.insert("logicalParentUuid".into(), relink(l));
        }
        m.insert("sessionId".into(), json!(new_id.as_str()));
        m.insert("isSidechain".into(), json!(false));
        m.insert(
            "forkedFrom".into(),
            json!({"sessionId": session_id, "messageUuid": old}),
        );
        for k in ["teamName", "agentName", "slug", "sourceToolAssistantUUID"] {
            m.remove(k);
        }
        out.push(Value::Object(m));
    }
    if let Some(Value::Object(last)) = out.last_mut() {
        last.insert(
            "timestamp".into(),
            json!(humantime::format_rfc3339_millis(std::time::SystemTime::now()).to_string()),
        );
    }
    let name = match title.map(str::trim).filter(|t| !t.is_empty()) {
        Some(t) => t.to_string(),
        None => format!("{} (fork)", original_title(all)),
    };
    out.push(json!({"type": "custom-title", "customTitle": name, "sessionId": new_id.as_str()}));

    Ok(out)
}

/// What the original is called: its title, else its first prompt.
fn original_title(rows: &[Value]) -> String {
    let last = |k: &str| {
        rows.iter()
            .rev()
            .find_map(|r| r[k].as_str().map(str::to_string))
    };
    last("customTitle")
        .or_else(|| last("aiTitle"))
        .or_else(|| {
            rows.iter()
                .filter(|r| r["type"] == "user" && r["isMeta"] != true)
                .find_map(|r| match &r["message"]["content"] {
                    Value::String(s) => Some(s.clone()),
                    Value::Array(b) => b
                        .iter()
                        .find(|b| b["type"] == "text")
                        .and_then(|b| b["text"].as_str())
                        .map(str::to_string),
                    _ => None,
                })
                .map(|t| t.replace('\n', " ").trim().chars().take(100).collect())
        })
        .unwrap_or_else(|| "Forked session".to_string())
}

//! Reading the saved sessions: which there are, what each is about, and its conversation.
//!
//! Works on any transcript in Claude Code's layout (`<projects>/<project key>/<id>.jsonl`),
//! ours or the CLI's. A session's facts come from the head and tail of its file (at most
//! 64 KiB each), so listing thousands of sessions stays cheap.

use std::collections::{BTreeMap, BTreeSet};
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

use serde::Serialize;
use serde_json::{json, Value};

use crate::{project_key, validate_session_id, SessionId};

const EDGE: u64 = 64 * 1024;
const PROMPT_CHARS: usize = 200;

/// What the listing says of one session (the SDKs' `SDKSessionInfo`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SessionInfo {
    pub session_id: String,
    /// The custom title, else the last prompt, else the first prompt.
    pub summary: String,
    /// Milliseconds since the epoch.
    pub last_modified: u64,
    pub file_size: Option<u64>,
    pub custom_title: Option<String>,
    pub first_prompt: Option<String>,
    pub git_branch: Option<String>,
    pub cwd: Option<String>,
    pub tag: Option<String>,
    /// Milliseconds since the epoch, from the first row's timestamp.
    pub created_at: Option<u64>,
}

/// The project folders a listing covers: `dir`'s (and its git worktrees'), or all.
fn project_dirs(projects: &Path, dir: Option<&Path>, worktrees: bool) -> Vec<PathBuf> {
    let Some(dir) = dir else {
        return std::fs::read_dir(projects)
            .map(|it| {
                it.flatten()
                    .map(|e| e.path())
                    .filter(|p| p.is_dir())
                    .collect()
            })
            .unwrap_or_default();
    };
    let mut dirs = vec![dir.to_path_buf()];
    if worktrees {
        dirs.extend(git_worktrees(dir));
    }
    let mut out: Vec<PathBuf> = Vec::new();
    for d in dirs {
        if let Some(p) = find_project_dir(projects, &d) {
            if !out.contains(&p) {
                out.push(p);
            }
        }
    }
    out
}

/// The project folder of `dir`; a long key is found by its first 200 characters, since
/// writers hash long paths differently.
pub(crate) fn find_project_dir(projects: &Path, dir: &Path) -> Option<PathBuf> {
    let key = project_key(dir);
    let exact = projects.join(&key);
    if exact.is_dir() {
        return Some(exact);
    }
    if key.len() <= 200 {
        return None;
    }
    let prefix = format!("{}-", &key[..200]);
    std::fs::read_dir(projects)
        .ok()?
        .flatten()
        .map(|e| e.path())
        .find(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with(&prefix))
        })
}

fn git_worktrees(dir: &Path) -> Vec<PathBuf> {
    let Ok(out) = std::process::Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(["worktree", "list", "--porcelain"])
        .stderr(std::process::Stdio::null())
        .output()
    else {
        return Vec::new();
    };
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| l.strip_prefix("worktree "))
        .map(PathBuf::from)
        .collect()
}

/// The transcript of `session_id`: in `dir`'s project folder, or in any. A 0-byte file
/// counts as absent.
pub(crate) fn find_transcript(
    projects: &Path,
    session_id: &SessionId,
    dir: Option<&Path>,
) -> Option<PathBuf> {
    let name = session_id.file_name();
    let candidates: Vec<PathBuf> = match dir {
        Some(d) => find_project_dir(projects, d).into_iter().collect(),
        None => project_dirs(projects, None, false),
    };
    candidates
        .into_iter()
        .map(|d| d.join(&name))
        .find(|p| std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.len() > 0))
}

/// Every session of `dir` (or of all projects), newest first, then `offset` and `limit`.
pub fn list_sessions(
    projects: &Path,
    dir: Option<&Path>,
    limit: Option<usize>,
    offset: usize,
    include_worktrees: bool,
) -> Vec<SessionInfo> {
    let mut by_id: BTreeMap<String, SessionInfo> = BTreeMap::new();
    for project in project_dirs(projects, dir, include_worktrees) {
        let Ok(entries) = std::fs::read_dir(&project) else {
            continue;
        };
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().to_string();
            let Some(Ok(id)) = name.strip_suffix(".jsonl").map(validate_session_id) else {
                continue;
            };
            let Some(info) = read_info(&e.path(), id.as_str(), &project) else {
                continue;
            };
            let newer = by_id
                .get(id.as_str())
                .is_none_or(|old| old.last_modified < info.last_modified);
            if newer {
                by_id.insert(id.into(), info);
            }
        }
    }
    let mut all: Vec<SessionInfo> = by_id.into_values().collect();
    all.sort_by_key(|s| std::cmp::Reverse(s.last_modified));
    page(all.into_iter(), limit, offset)
}

/// Items `offset..`, at most `limit` of them (none or 0: all).
fn page<T>(items: impl Iterator<Item = T>, limit: Option<usize>, offset: usize) -> Vec<T> {
    let items = items.skip(offset);
    match limit.filter(|l| *l > 0) {
        Some(l) => items.take(l).collect(),
        None => items.collect(),
    }
}

/// One session's facts; `None` if the id is not a UUID, the file is missing, it is a
/// sidechain, or it has nothing to summarize.
pub fn session_info(projects: &Path, session_id: &str, dir: Option<&Path>) -> Option<SessionInfo> {
    let id = validate_session_id(session_id).ok()?;
    let path = find_transcript(projects, &id, dir)?;
    let project = path.parent()?.to_path_buf();
    read_info(&path, session_id, &project)
}

/// The session `resume` names: `value` itself when it is a session id, else the one
/// session of `project` (a project folder) whose title is `value`, compared trimmed and
/// without regard to case, as the reference does. The error is the reference's text: no
/// session has that title, or several have.
pub fn resume_target(project: &Path, value: &str) -> Result<SessionId, String> {
    if let Ok(id) = validate_session_id(value) {
        return Ok(id);
    }
    let wanted = value.trim().to_lowercase();
    let mut matches: Vec<SessionInfo> = std::fs::read_dir(project)
        .map(|it| it.flatten().collect::<Vec<_>>())
        .unwrap_or_default()
        .into_iter()
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().to_string();
            let id = validate_session_id(name.strip_suffix(".jsonl")?).ok()?;
            read_info(&e.path(), id.as_str(), project)
        })
        .filter(|info| {
            info.custom_title
                .as_deref()
                .is_some_and(|t| !wanted.is_empty() && t.trim().to_lowercase() == wanted)
        })
        .collect();
    matches.sort_by_key(|s| std::cmp::Reverse(s.last_modified));
    match matches.as_slice() {
        [] => Err(format!(
            "Error: --resume requires a valid session ID or session title when used with --print. Usage: claude -p --resume <session-id|title>. Provided value \"{value}\" is not a UUID and does not match any session title."
        )),
        [one] => validate_session_id(&one.session_id).map_err(|e| e.to_string()),
        several => {
            let mut text = format!(
                "Error: --resume \"{value}\" matches {} sessions. Pass one of these session IDs to disambiguate:",
                several.len()
            );
            for s in several {
                let at = std::time::UNIX_EPOCH + std::time::Duration::from_millis(s.last_modified);
                text.push_str(&format!(
                    "\n  {}  (modified {})",
                    s.session_id,
                    humantime::format_rfc3339_millis(at)
                ));
            }
            Err(text)
        }
    }
}

/// The head and tail lines of a file (the whole file when small), parsed.
fn edges(path: &Path) -> Option<(Vec<Value>, Vec<Value>, u64)> {
    let mut file = std::fs::File::open(path).ok()?;
    let size = file.metadata().ok()?.len();
    let parse = |text: &str, drop_first: bool, drop_last: bool| -> Vec<Value> {
        let mut lines: Vec<&str> = text.lines().collect();
        if drop_first && !lines.is_empty() {
            lines.remove(0);
        }
        if drop_last {
            lines.pop();
        }
        lines
            .into_iter()
            .filter_map(|l| serde_json::from_str(l).ok())
            .collect()
    };
    if size <= 2 * EDGE {
        let mut text = String::new();
        file.read_to_string(&mut text).ok()?;
        let all = parse(&text, false, false);
        return Some((all.clone(), all, size));
    }
    let mut head = vec![0u8; EDGE as usize];
    file.read_exact(&mut head).ok()?;
    let mut tail = vec![0u8; EDGE as usize];
    file.seek(SeekFrom::Start(size - EDGE)).ok()?;
    file.read_exact(&mut tail).ok()?;
    let head = parse(&String::from_utf8_lossy(&head), false, true);
    let tail = parse(&String::from_utf8_lossy(&tail), true, false);
    Some((head, tail, size))
}

/// The head and tail lines of a transcript held in memory, as [`edges`] reads a file.
pub(crate) fn text_edges(text: &str) -> (Vec<Value>, Vec<Value>, u64) {
    let size = text.len() as u64;
    let parse = |t: &str| -> Vec<Value> {
        t.lines()
            .filter_map(|l| serde_json::from_str(l).ok())
            .collect()
    };
    if size <= 2 * EDGE {
        let all = parse(text);
        return (all.clone(), all, size);
    }
    let bytes = text.as_bytes();
    let head = String::from_utf8_lossy(&bytes[..EDGE as usize]);
    let tail = String::from_utf8_lossy(&bytes[(size - EDGE) as usize..]);
    let mut head: Vec<&str> = head.lines().collect();
    head.pop();
    let tail: Vec<&str> = tail.lines().skip(1).collect();
    let parse_all = |ls: Vec<&str>| -> Vec<Value> {
        ls.into_iter()
            .filter_map(|l| serde_json::from_str(l).ok())
            .collect()
    };
    (parse_all(head), parse_all(tail), size)
}

fn read_info(path: &Path, session_id: &str, project: &Path) -> Option<SessionInfo> {
    let (head, tail, size) = edges(path)?;
    let modified = std::fs::metadata(path).ok()?.modified().ok()?;
    let last_modified = modified
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0);
    info_of(&head, &tail, size, last_modified, session_id, project)
}

/// A session's facts from the head and tail of its transcript.
pub(crate) fn info_of(
    head: &[Value],
    tail: &[Value],
    size: u64,
    last_modified: u64,
    session_id: &str,
    project: &Path,
) -> Option<SessionInfo> {
    let (head, tail) = (head.to_vec(), tail.to_vec());
    if head.first().and_then(|r| r["isSidechain"].as_bool()) == Some(true) {
        return None;
    }
    let str_of = |r: &Value, k: &str| r.get(k).and_then(Value::as_str).map(str::to_string);
    let last_in = |rows: &[Value], k: &str| rows.iter().rev().find_map(|r| str_of(r, k));
    let custom_title = last_in(&tail, "customTitle")
        .or_else(|| last_in(&head, "customTitle"))
        .or_else(|| last_in(&tail, "aiTitle"))
        .or_else(|| last_in(&head, "aiTitle"));
    let first_prompt = first_prompt(&head);
    let summary = custom_title
        .clone()
        .or_else(|| last_in(&tail, "lastPrompt"))
        .or_else(|| last_in(&tail, "summary"))
        .or_else(|| first_prompt.clone())?;
    let git_branch =
        last_in(&tail, "gitBranch").or_else(|| head.iter().find_map(|r| str_of(r, "gitBranch")));
    let cwd = head
        .iter()
        .find_map(|r| str_of(r, "cwd"))
        .or_else(|| Some(project.to_string_lossy().into_owned()));
    let tag = tail
        .iter()
        .rev()
        .find(|r| r["type"] == "tag")
        .and_then(|r| str_of(r, "tag"))
        .filter(|t| !t.is_empty());
    let created_at = head
        .iter()
        .find_map(|r| str_of(r, "timestamp"))
        .and_then(|t| epoch_ms(&t));
    Some(SessionInfo {
        session_id: session_id.to_string(),
        summary,
        last_modified,
        file_size: Some(size),
        custom_title,
        first_prompt,
        git_branch,
        cwd,
        tag,
        created_at,
    })
}

fn epoch_ms(timestamp: &str) -> Option<u64> {
    let t = humantime::parse_rfc3339_weak(timestamp.trim_end_matches('Z'))
        .or_else(|_| humantime::parse_rfc3339(timestamp))
        .ok()?;
    t.duration_since(std::time::UNIX_EPOCH)
        .ok()
        .map(|d| d.as_millis() as u64)
}

/// Texts the CLI writes as user rows that are not the user's words.
const AUTOMATIC: &[&str] = &[
    "<local-command-stdout>",
    "<local-command-stderr>",
    "<local-command-caveat>",
    "<session-start-hook>",
    "<tick>",
    "<goal>",
    "[Request interrupted by user",
    "<ide_opened_file>",
    "<ide_selection>",
];

/// The first thing the user typed: slash commands only as a last resort.
fn first_prompt(head: &[Value]) -> Option<String> {
    let mut command = None;
    for row in head {
        if row["type"] != "user" || row["isMeta"] == true || row["isCompactSummary"] == true {
            continue;
        }
        let text = match &row["message"]["content"] {
            Value::String(s) => s.clone(),
            Value::Array(blocks) => {
                if blocks.iter().any(|b| b["type"] == "tool_result") {
                    continue;
                }
                blocks
                    .iter()
                    .filter(|b| b["type"] == "text")
                    .filter_map(|b| b["text"].as_str())
                    .collect::<Vec<_>>()
                    .join(" ")
            }
            _ => continue,
        };
        let text = text.replace(['\n', '\r'], " ").trim().to_string();
        if text.is_empty() || AUTOMATIC.iter().any(|a| text.starts_with(a)) {
            continue;
        }
        if text.starts_with("<command-name>") {
            command.get_or_insert(text);
            continue;
        }
        return Some(shorten(&text));
    }
    command.map(|c| shorten(&c))
}

fn shorten(text: &str) -> String {
    if text.chars().count() <= PROMPT_CHARS {
        return text.to_string();
    }
    let cut: String = text.chars().take(PROMPT_CHARS).collect();
    format!("{}…", cut.trim_end())
}

/// One message of a saved conversation (the SDKs' `SessionMessage`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SessionMessage {
    #[serde(rename = "type")]
    pub kind: String,
    pub uuid: String,
    pub session_id: String,
    /// The API message as saved.
    pub message: Value,
    pub parent_tool_use_id: Option<String>,
    /// What the TypeScript SDK adds: `timestamp`, and `isCompactSummary`, `is_meta`,
    /// `isCompletedLocalCommand` where they hold. Empty for the Python SDK's shape.
    #[serde(flatten)]
    pub extra: serde_json::Map<String, Value>,
}

/// The TypeScript SDK's extra fields of a saved message.
fn ts_fields(row: &Value) -> serde_json::Map<String, Value> {
    let mut m = serde_json::Map::new();
    m.insert("timestamp".into(), row["timestamp"].clone());
    if row["isCompactSummary"] == true {
        m.insert("isCompactSummary".into(), json!(true));
    }
    if row["isVisibleInTranscriptOnly"] == true {
        m.insert("is_meta".into(), json!(true));
    }
    let local_output = row["message"]["content"]
        .as_str()
        .is_some_and(|t| t.starts_with("<command-name>") || t.starts_with("<local-command-"));
    if row["rowSource"] == "local" && local_output && row["isCompactSummary"] != true {
        m.insert("isCompletedLocalCommand".into(), json!(true));
    }
    m
}

const CHAIN_TYPES: &[&str] = &["user", "assistant", "progress", "system", "attachment"];

/// The conversation of a session: the chain that ends at its newest message, from its
/// root, user and assistant messages only. Unknown ids and missing files give nothing.
///
/// With `keep_preserved` (the TypeScript SDK's reading), the messages a compaction kept
/// verbatim are put back after the summary they follow, and messages carry the TypeScript
/// SDK's extra fields; the Python SDK's reading leaves both out.
pub fn session_messages(
    projects: &Path,
    session_id: &str,
    dir: Option<&Path>,
    limit: Option<usize>,
    offset: usize,
    keep_preserved: bool,
) -> Vec<SessionMessage> {
    let Ok(id) = validate_session_id(session_id) else {
        return Vec::new();
    };
    let Some(path) = find_transcript(projects, &id, dir) else {
        return Vec::new();
    };
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    let rows: Vec<Value> = text
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .collect();
    messages_of(rows, session_id, limit, offset, keep_preserved)
}

/// The conversation held in a session's rows (see [`session_messages`]).
pub(crate) fn messages_of(
    rows: Vec<Value>,
    session_id: &str,
    limit: Option<usize>,
    offset: usize,
    keep_preserved: bool,
) -> Vec<SessionMessage> {
    let rows: Vec<Value> = rows
        .into_iter()
        .filter(|r| r["uuid"].is_string() && CHAIN_TYPES.iter().any(|t| r["type"] == *t))
        .collect();
    let mut chain = chain_of(&rows);
    if keep_preserved {
        chain = with_preserved(chain, &rows);
    }
    let messages = chain.into_iter().filter(|r| {
        (r["type"] == "user" || r["type"] == "assistant")
            && r["isMeta"] != true
            && r["isSidechain"] != true
            && r.get("teamName").is_none_or(Value::is_null)
    });
    let rows = messages.map(|r| SessionMessage {
        kind: r["type"].as_str().unwrap_or("user").to_string(),
        uuid: r["uuid"].as_str().unwrap_or("").to_string(),
        session_id: r["sessionId"].as_str().unwrap_or(session_id).to_string(),
        message: r["message"].clone(),
        parent_tool_use_id: None,
        extra: if keep_preserved {
            ts_fields(r)
        } else {
            serde_json::Map::new()
        },
    });
    page(rows, limit, offset)
}

/// The rows on the path from the root to the newest main-line message, in file order, with
/// the parallel tool calls (and their results) a `parentUuid` walk passes by.
fn chain_of(rows: &[Value]) -> Vec<&Value> {
    let by_uuid: BTreeMap<&str, &Value> = rows
        .iter()
        .filter_map(|r| r["uuid"].as_str().map(|u| (u, r)))
        .collect();
    let main_line = |r: &&Value| {
        (r["type"] == "user" || r["type"] == "assistant")
            && r["isSidechain"] != true
            && r["isMeta"] != true
            && r.get("teamName").is_none_or(Value::is_null)
    };
    let Some(leaf) = rows.iter().rev().find(main_line) else {
        return Vec::new();
    };
    let mut on_chain: BTreeSet<&str> = BTreeSet::new();
    let mut at = Some(leaf);
    while let Some(row) = at {
        let Some(uuid) = row["uuid"].as_str() else {
            break;
        };
        if !on_chain.insert(uuid) {
            break; // a cycle
        }
        at = row["parentUuid"]
            .as_str()
            .and_then(|p| by_uuid.get(p).copied());
    }
    // Blocks of one response share message.id; the walk may pass by some of them.
    let responses: BTreeSet<&str> = rows
        .iter()
        .filter(|r| r["uuid"].as_str().is_some_and(|u| on_chain.contains(u)))
        .filter_map(|r| r["message"]["id"].as_str())
        .collect();
    let mut calls: BTreeSet<String> = BTreeSet::new();
    let mut out = Vec::new();
    for row in rows {
        let uuid = row["uuid"].as_str().unwrap_or("");
        let sibling = row["type"] == "assistant"
            && main_line(&row)
            && row["message"]["id"]
                .as_str()
                .is_some_and(|id| responses.contains(id));
        let answers = row["type"] == "user"
            && main_line(&row)
            && row["message"]["content"].as_array().is_some_and(|blocks| {
                blocks.iter().any(|b| {
                    b["type"] == "tool_result"
                        && b["tool_use_id"]
                            .as_str()
                            .is_some_and(|id| calls.contains(id))
                })
            });
        if on_chain.contains(uuid) || sibling || answers {
            if let Some(blocks) = row["message"]["content"].as_array() {
                for b in blocks.iter().filter(|b| b["type"] == "tool_use") {
                    if let Some(id) = b["id"].as_str() {
                        calls.insert(id.to_string());
                    }
                }
            }
            out.push(row);
        }
    }
    out
}

/// Puts the messages each compaction boundary of the chain preserved right after its
/// anchor (the summary message).
fn with_preserved<'a>(chain: Vec<&'a Value>, rows: &'a [Value]) -> Vec<&'a Value> {
    let mut out = chain;
    let boundaries: Vec<(String, Vec<String>)> = out
        .iter()
        .filter_map(|r| {
            let kept = &r["compactMetadata"]["preservedMessages"];
            let anchor = kept["anchorUuid"].as_str()?.to_string();
            let uuids = kept["uuids"]
                .as_array()?
                .iter()
                .filter_map(|u| u.as_str().map(str::to_string))
                .collect();
            Some((anchor, uuids))
        })
        .collect();
    for (anchor, uuids) in boundaries {
        out.retain(|r| !uuids.iter().any(|u| r["uuid"] == u.as_str()));
        let Some(at) = out.iter().position(|r| r["uuid"] == anchor.as_str()) else {
            continue;
        };
        let kept: Vec<&Value> = uuids
            .iter()
            .filter_map(|u| rows.iter().find(|r| r["uuid"] == u.as_str()))
            .collect();
        out.splice(at + 1..at + 1, kept);
    }
    out
}

/// The subagent transcripts of a session: `<session>/subagents/[…/]agent-<id>.jsonl`, by
/// id.
fn subagent_files(
    projects: &Path,
    session_id: &str,
    dir: Option<&Path>,
) -> BTreeMap<String, PathBuf> {
    let mut out = BTreeMap::new();
    let Ok(id) = validate_session_id(session_id) else {
        return out;
    };
    let Some(main) = find_transcript(projects, &id, dir) else {
        return out;
    };
    let mut stack = vec![main.with_extension("").join("subagents")];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            let name = e.file_name().to_string_lossy().to_string();
            if p.is_dir() {
                stack.push(p);
            } else if let Some(id) = name
                .strip_prefix("agent-")
                .and_then(|n| n.strip_suffix(".jsonl"))
            {
                out.insert(id.to_string(), p);
            }
        }
    }
    out
}

/// The ids of the subagents a session ran, sorted.
pub fn list_subagents(projects: &Path, session_id: &str, dir: Option<&Path>) -> Vec<String> {
    subagent_files(projects, session_id, dir)
        .into_keys()
        .collect()
}

/// A subagent's conversation: the chain that ends at its newest message.
pub fn subagent_messages(
    projects: &Path,
    session_id: &str,
    agent_id: &str,
    dir: Option<&Path>,
    limit: Option<usize>,
    offset: usize,
) -> Vec<SessionMessage> {
    let files = subagent_files(projects, session_id, dir);
    let Some(path) = files.get(agent_id) else {
        return Vec::new();
    };
    let meta: Value = std::fs::read_to_string(path.with_extension("meta.json"))
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or(Value::Null);
    let rows: Vec<Value> = std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .collect();
    subagent_messages_of(rows, &meta, session_id, limit, offset)
}

/// A subagent's conversation from its rows and its metadata (`toolUseId`, `parentAgentId`).
pub(crate) fn subagent_messages_of(
    rows: Vec<Value>,
    meta: &Value,
    session_id: &str,
    limit: Option<usize>,
    offset: usize,
) -> Vec<SessionMessage> {
    let rows: Vec<Value> = rows
        .into_iter()
        .filter(|r| r["uuid"].is_string() && CHAIN_TYPES.iter().any(|t| r["type"] == *t))
        .collect();
    let by_uuid: BTreeMap<&str, &Value> = rows
        .iter()
        .filter_map(|r| r["uuid"].as_str().map(|u| (u, r)))
        .collect();
    let mut chain = Vec::new();
    let mut at = rows
        .iter()
        .rev()
        .find(|r| r["type"] == "user" || r["type"] == "assistant");
    let mut seen = BTreeSet::new();
    while let Some(row) = at {
        if !seen.insert(row["uuid"].as_str().unwrap_or_default()) {
            break;
        }
        chain.push(row);
        at = row["parentUuid"]
            .as_str()
            .and_then(|p| by_uuid.get(p).copied());
    }
    chain.reverse();
    let rows = chain
        .into_iter()
        .filter(|r| (r["type"] == "user" || r["type"] == "assistant") && r["isMeta"] != true)
        .map(|r| {
            let mut extra = serde_json::Map::new();
            extra.insert("parent_agent_id".into(), meta["parentAgentId"].clone());
            SessionMessage {
                kind: r["type"].as_str().unwrap_or("user").to_string(),
                uuid: r["uuid"].as_str().unwrap_or_default().to_string(),
                session_id: r["sessionId"].as_str().unwrap_or(session_id).to_string(),
                message: r["message"].clone(),
                parent_tool_use_id: meta["toolUseId"].as_str().map(str::to_string),
                extra,
            }
        });
    page(rows, limit, offset)
}

/// `SessionInfo` in the TypeScript SDK's field names; absent facts are left out.
pub fn info_camel(info: &SessionInfo) -> Value {
    let mut v = json!({
        "sessionId": info.session_id,
        "summary": info.summary,
        "lastModified": info.last_modified,
        "fileSize": info.file_size,
        "customTitle": info.custom_title,
        "firstPrompt": info.first_prompt,
        "gitBranch": info.git_branch,
        "cwd": info.cwd,
        "tag": info.tag,
        "createdAt": info.created_at,
    });
    if let Value::Object(m) = &mut v {
        m.retain(|_, x| !x.is_null());
    }
    v
}

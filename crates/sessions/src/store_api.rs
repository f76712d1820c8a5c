//! The saved-session functions over a [`SessionStore`] instead of the local disk
//! (`list_sessions_from_store`, `get_session_messages_from_store`, `fork_session_via_store`,
//! `import_session_to_store`, ...). A transcript read from a store is read as the same
//! transcript on disk would be, so both give the same answers.
//!
//! `directory` names the project: its key is [`crate::project_key`] of it (default: the
//! current directory).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use futures::stream::{self, StreamExt};
use oxagent_core::store::{
    now_ms, SessionKey, SessionStore, SessionSummary, StoreListEntry, StoreMethod, SummaryFacts,
};
use serde_json::{json, Map, Value};

use crate::catalog::{info_of, messages_of, subagent_messages_of, text_edges};
use crate::from_store::split_agent_metadata;
use crate::mutate::{checked, clean_tag, fork_rows};
use crate::{
    project_key, validate_session_id, SessionError, SessionId, SessionInfo, SessionMessage,
};

/// Loads running at once when a listing loads sessions one by one.
const LIST_LOADS: usize = 16;

/// The project a `directory` names, and its path as listings report it.
fn project(directory: Option<&Path>) -> (String, PathBuf) {
    let dir = directory
        .map(Path::to_path_buf)
        .or_else(|| std::env::current_dir().ok())
        .unwrap_or_else(|| PathBuf::from("."));
    let real = std::fs::canonicalize(&dir).unwrap_or(dir);
    (project_key(&real), real)
}

fn failed(e: impl std::fmt::Display) -> SessionError {
    SessionError::Io(e.to_string())
}

/// Entries as the lines of a transcript file, `type` first (listings look for lines that
/// start with `{"type":"tag"`).
fn as_jsonl(entries: &[Value]) -> String {
    let mut out = String::new();
    for e in entries {
        let line = match e {
            Value::Object(m) if m.contains_key("type") => {
                let mut ordered = Map::new();
                ordered.insert("type".into(), m["type"].clone());
                for (k, v) in m {
                    if k != "type" {
                        ordered.insert(k.clone(), v.clone());
                    }
                }
                Value::Object(ordered).to_string()
            }
            other => other.to_string(),
        };
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// A session's facts from its entries, as [`crate::session_info`] reads a file.
fn info_of_entries(
    session_id: &str,
    entries: &[Value],
    mtime: u64,
    project: &Path,
) -> Option<SessionInfo> {
    let text = as_jsonl(entries);
    let (head, tail, size) = text_edges(&text);
    info_of(&head, &tail, size, mtime, session_id, project)
}

/// A summary as a listing entry; `None` for a sidechain or a session with nothing to show.
fn info_of_summary(s: &SessionSummary, project: &Path) -> Option<SessionInfo> {
    let facts = SummaryFacts::read(&s.data);
    if facts.is_sidechain {
        return None;
    }
    Some(SessionInfo {
        session_id: s.session_id.clone(),
        summary: facts.summary()?,
        last_modified: s.mtime,
        file_size: None,
        custom_title: facts.custom_title,
        first_prompt: facts.first_prompt,
        git_branch: facts.git_branch,
        cwd: facts
            .cwd
            .or_else(|| Some(project.to_string_lossy().into_owned())),
        tag: facts.tag,
        created_at: facts.created_at,
    })
}

/// The listing entries of `listing`, each from its loaded entries (16 loads at a time); a
/// session that fails to load is listed with an empty summary, sidechains and sessions with
/// nothing to show are left out.
async fn infos_by_loading(
    store: &dyn SessionStore,
    project_key: &str,
    listing: Vec<StoreListEntry>,
    project: &Path,
) -> Vec<SessionInfo> {
    let loads = stream::iter(listing.into_iter().map(|e| async move {
        let key = SessionKey::main(project_key, e.session_id.as_str());
        let loaded = store.load(&key).await;
        (e, loaded)
    }))
    .buffered(LIST_LOADS)
    .collect::<Vec<_>>()
    .await;
    loads
        .into_iter()
        .filter_map(|(e, loaded)| match loaded {
            Err(_) => Some(SessionInfo {
                session_id: e.session_id,
                summary: String::new(),
                last_modified: e.mtime,
                file_size: None,
                custom_title: None,
                first_prompt: None,
                git_branch: None,
                cwd: None,
                tag: None,
                created_at: None,
            }),
            Ok(None) => None,
            Ok(Some(entries)) if entries.is_empty() => None,
            Ok(Some(entries)) => {
                let mut info = info_of_entries(&e.session_id, &entries, e.mtime, project)?;
                info.last_modified = e.mtime;
                Some(info)
            }
        })
        .collect()
}

fn paged<T>(mut items: Vec<T>, limit: Option<usize>, offset: usize) -> Vec<T> {
    let mut items: Vec<T> = items.drain(..).skip(offset).collect();
    if let Some(n) = limit.filter(|n| *n > 0) {
        items.truncate(n);
    }
    items
}

/// The project's sessions, newest first, then `offset` and `limit`. With summaries, one
/// `list_session_summaries` call (and `list_sessions` to find sessions whose summary is
/// missing or older than their last write, loaded one by one after paging); else
/// `list_sessions` and a load per session.
pub async fn list_sessions_from_store(
    store: &dyn SessionStore,
    directory: Option<&Path>,
    limit: Option<usize>,
    offset: usize,
) -> Result<Vec<SessionInfo>, SessionError> {
    let (pk, project) = project(directory);
    let lists = store.supports(StoreMethod::ListSessions);
    if store.supports(StoreMethod::ListSessionSummaries) {
        let summaries = store.list_session_summaries(&pk).await.map_err(failed)?;
        let listing = if lists {
            store.list_sessions(&pk).await.map_err(failed)?
        } else {
            Vec::new()
        };
        let known: BTreeMap<&str, u64> = listing
            .iter()
            .map(|e| (e.session_id.as_str(), e.mtime))
            .collect();
        // (mtime, the entry, or the session to load)
        let mut slots: Vec<(u64, Result<SessionInfo, StoreListEntry>)> = Vec::new();
        let mut fresh: BTreeSet<String> = BTreeSet::new();
        for s in &summaries {
            if lists {
                match known.get(s.session_id.as_str()) {
                    None => continue,
                    Some(t) if s.mtime < *t => continue,
                    _ => {}
                }
            }
            fresh.insert(s.session_id.clone());
            if let Some(info) = info_of_summary(s, &project) {
                slots.push((s.mtime, Ok(info)));
            }
        }
        for e in &listing {
            if !fresh.contains(&e.session_id) {
                slots.push((e.mtime, Err(e.clone())));
            }
        }
        slots.sort_by_key(|s| std::cmp::Reverse(s.0));
        let page = paged(slots, limit, offset);
        let to_load: Vec<StoreListEntry> = page
            .iter()
            .filter_map(|(_, s)| s.as_ref().err().cloned())
            .collect();
        let loaded = infos_by_loading(store, &pk, to_load, &project).await;
        let mut by_id: BTreeMap<String, SessionInfo> = loaded
            .into_iter()
            .map(|i| (i.session_id.clone(), i))
            .collect();
        return Ok(page
            .into_iter()
            .filter_map(|(_, s)| match s {
                Ok(info) => Some(info),
                Err(e) => by_id.remove(&e.session_id),
            })
            .collect());
    }
    if !lists {
        return Err(SessionError::Invalid(
            "session_store implements neither list_session_summaries() nor list_sessions() -- cannot list sessions. Provide a store with at least one of those methods.".into(),
        ));
    }
    let listing = store.list_sessions(&pk).await.map_err(failed)?;
    let mut infos = infos_by_loading(store, &pk, listing, &project).await;
    infos.sort_by_key(|i| std::cmp::Reverse(i.last_modified));
    Ok(paged(infos, limit, offset))
}

/// One session's facts from the store; `None` for an id that is not a UUID, a session not
/// stored, a sidechain, or nothing to show. Its time is its last entry's timestamp.
pub async fn session_info_from_store(
    store: &dyn SessionStore,
    session_id: &str,
    directory: Option<&Path>,
) -> Result<Option<SessionInfo>, SessionError> {
    if validate_session_id(session_id).is_err() {
        return Ok(None);
    }
    let (pk, project) = project(directory);
    let entries = store
        .load(&SessionKey::main(&pk, session_id))
        .await
        .map_err(failed)?;
    let Some(entries) = entries.filter(|e| !e.is_empty()) else {
        return Ok(None);
    };
    let mtime = entries
        .last()
        .and_then(|e| e["timestamp"].as_str())
        .and_then(oxagent_core::store::iso_ms)
        .unwrap_or_else(now_ms);
    Ok(info_of_entries(session_id, &entries, mtime, &project))
}

/// The conversation of a stored session (see [`crate::session_messages`]).
pub async fn session_messages_from_store(
    store: &dyn SessionStore,
    session_id: &str,
    directory: Option<&Path>,
    limit: Option<usize>,
    offset: usize,
    keep_preserved: bool,
) -> Result<Vec<SessionMessage>, SessionError> {
    if validate_session_id(session_id).is_err() {
        return Ok(Vec::new());
    }
    let (pk, _) = project(directory);
    let entries = store
        .load(&SessionKey::main(&pk, session_id))
        .await
        .map_err(failed)?
        .unwrap_or_default();
    Ok(messages_of(
        entries,
        session_id,
        limit,
        offset,
        keep_preserved,
    ))
}

/// The ids of the subagents a stored session ran (the store must list subkeys).
pub async fn list_subagents_from_store(
    store: &dyn SessionStore,
    session_id: &str,
    directory: Option<&Path>,
) -> Result<Vec<String>, SessionError> {
    if validate_session_id(session_id).is_err() {
        return Ok(Vec::new());
    }
    if !store.supports(StoreMethod::ListSubkeys) {
        return Err(SessionError::Invalid(
            "session_store does not implement list_subkeys() -- cannot list subagents. Provide a store with a list_subkeys() method.".into(),
        ));
    }
    let (pk, _) = project(directory);
    let subkeys = store.list_subkeys(&pk, session_id).await.map_err(failed)?;
    let mut ids: Vec<String> = Vec::new();
    for sub in subkeys.iter().filter(|s| s.starts_with("subagents/")) {
        let last = sub.rsplit('/').next().unwrap_or_default();
        if let Some(id) = last.strip_prefix("agent-") {
            if !ids.iter().any(|i| i == id) {
                ids.push(id.to_string());
            }
        }
    }
    Ok(ids)
}

/// A subagent's conversation from the store.
pub async fn subagent_messages_from_store(
    store: &dyn SessionStore,
    session_id: &str,
    agent_id: &str,
    directory: Option<&Path>,
    limit: Option<usize>,
    offset: usize,
) -> Result<Vec<SessionMessage>, SessionError> {
    if validate_session_id(session_id).is_err() || agent_id.is_empty() {
        return Ok(Vec::new());
    }
    let (pk, _) = project(directory);
    let mut subpath = format!("subagents/agent-{agent_id}");
    if store.supports(StoreMethod::ListSubkeys) {
        let target = format!("agent-{agent_id}");
        let subkeys = store.list_subkeys(&pk, session_id).await.map_err(failed)?;
        match subkeys
            .into_iter()
            .find(|s| s.starts_with("subagents/") && s.rsplit('/').next() == Some(&target))
        {
            Some(s) => subpath = s,
            None => return Ok(Vec::new()),
        }
    }
    let key = SessionKey::main(&pk, session_id).sub(subpath);
    let Some(entries) = store.load(&key).await.map_err(failed)? else {
        return Ok(Vec::new());
    };
    let (meta, rows) = split_agent_metadata(entries);
    Ok(subagent_messages_of(
        rows,
        &meta.unwrap_or(Value::Null),
        session_id,
        limit,
        offset,
    ))
}

fn now_iso() -> String {
    humantime::format_rfc3339_millis(std::time::SystemTime::now()).to_string()
}

/// Appends a title entry to a stored session.
pub async fn rename_session_via_store(
    store: &dyn SessionStore,
    session_id: &str,
    title: &str,
    directory: Option<&Path>,
) -> Result<(), SessionError> {
    checked("session_id", session_id)?;
    let title = title.trim();
    if title.is_empty() {
        return Err(SessionError::Invalid("title must be non-empty".into()));
    }
    let (pk, _) = project(directory);
    let entry = json!({"type": "custom-title", "customTitle": title, "sessionId": session_id,
        "uuid": uuid::Uuid::new_v4().to_string(), "timestamp": now_iso()});
    store
        .append(&SessionKey::main(&pk, session_id), &[entry])
        .await
        .map_err(failed)
}

/// Appends a tag entry to a stored session; `None` clears the tag.
pub async fn tag_session_via_store(
    store: &dyn SessionStore,
    session_id: &str,
    tag: Option<&str>,
    directory: Option<&Path>,
) -> Result<(), SessionError> {
    checked("session_id", session_id)?;
    let tag = match tag {
        None => String::new(),
        Some(t) => {
            let clean = clean_tag(t);
            if clean.is_empty() {
                return Err(SessionError::Invalid(
                    "tag must be non-empty (use None to clear)".into(),
                ));
            }
            clean
        }
    };
    let (pk, _) = project(directory);
    let entry = json!({"type": "tag", "tag": tag, "sessionId": session_id,
        "uuid": uuid::Uuid::new_v4().to_string(), "timestamp": now_iso()});
    store
        .append(&SessionKey::main(&pk, session_id), &[entry])
        .await
        .map_err(failed)
}

/// Deletes a stored session (and, as the store deletes, its subkeys); nothing happens with
/// a store that cannot delete.
pub async fn delete_session_via_store(
    store: &dyn SessionStore,
    session_id: &str,
    directory: Option<&Path>,
) -> Result<(), SessionError> {
    checked("session_id", session_id)?;
    if !store.supports(StoreMethod::Delete) {
        return Ok(());
    }
    let (pk, _) = project(directory);
    store
        .delete(&SessionKey::main(&pk, session_id))
        .await
        .map_err(failed)
}

/// Forks a stored session into a new stored session (see [`crate::fork_session`]); its id.
pub async fn fork_session_via_store(
    store: &dyn SessionStore,
    session_id: &str,
    directory: Option<&Path>,
    up_to_message_id: Option<&str>,
    title: Option<&str>,
) -> Result<String, SessionError> {
    checked("session_id", session_id)?;
    let up_to = up_to_message_id.filter(|m| !m.is_empty());
    if let Some(m) = up_to {
        checked("up_to_message_id", m)?;
    }
    let (pk, _) = project(directory);
    let entries = store
        .load(&SessionKey::main(&pk, session_id))
        .await
        .map_err(failed)?
        .filter(|e| !e.is_empty())
        .ok_or_else(|| SessionError::NotFound(format!("Session {session_id} not found")))?;
    let new_id = SessionId::random();
    let rows = fork_rows(&entries, session_id, &new_id, up_to, title)?;
    store
        .append(&SessionKey::main(&pk, new_id.as_str()), &rows)
        .await
        .map_err(failed)?;
    Ok(new_id.into())
}

/// Copies a local session (and its subagents' transcripts, with their metadata as
/// `agent_metadata` entries) into the store, in batches of `batch_size` entries or 1 MiB.
pub async fn import_session_to_store(
    projects: &Path,
    session_id: &str,
    store: &dyn SessionStore,
    directory: Option<&Path>,
    include_subagents: bool,
    batch_size: usize,
) -> Result<(), SessionError> {
    let id = checked("session_id", session_id)?;
    let path = crate::catalog::find_transcript(projects, &id, directory)
        .ok_or_else(|| SessionError::NotFound(format!("Session {session_id} not found")))?;
    // The key is the folder the transcript is in, as the file's own layout says.
    let pk = path
        .parent()
        .and_then(Path::file_name)
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let key = SessionKey::main(pk, session_id);
    append_file(store, &key, &path, None, batch_size).await?;
    if include_subagents {
        let dir = path.with_extension("");
        for file in jsonl_files(&dir) {
            let Ok(rel) = file.strip_prefix(&dir) else {
                continue;
            };
            let sub = rel.with_extension("").to_string_lossy().replace('\\', "/");
            let meta = std::fs::read_to_string(file.with_extension("meta.json"))
                .ok()
                .and_then(|t| serde_json::from_str::<Value>(&t).ok())
                .filter(Value::is_object);
            append_file(store, &key.sub(sub), &file, meta, batch_size).await?;
        }
    }
    Ok(())
}

async fn append_file(
    store: &dyn SessionStore,
    key: &SessionKey,
    path: &Path,
    meta: Option<Value>,
    batch_size: usize,
) -> Result<(), SessionError> {
    let text = std::fs::read_to_string(path).map_err(failed)?;
    let mut entries: Vec<Value> = text
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(Value::is_object)
        .collect();
    if let Some(Value::Object(m)) = meta {
        let mut e = Map::new();
        e.insert("type".into(), json!("agent_metadata"));
        e.extend(m);
        entries.push(Value::Object(e));
    }
    let mut batch = Vec::new();
    let mut bytes = 0;
    for e in entries {
        bytes += e.to_string().len();
        batch.push(e);
        if batch.len() >= batch_size.max(1) || bytes >= crate::mirror::MAX_PENDING_BYTES {
            store.append(key, &batch).await.map_err(failed)?;
            batch.clear();
            bytes = 0;
        }
    }
    if !batch.is_empty() {
        store.append(key, &batch).await.map_err(failed)?;
    }
    Ok(())
}

/// Every `.jsonl` file under `dir`, sorted.
fn jsonl_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return out;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(jsonl_files(&p));
        } else if p.extension().is_some_and(|x| x == "jsonl") {
            out.push(p);
        }
    }
    out.sort();
    out
}

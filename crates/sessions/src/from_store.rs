//! Starting a session from a store: `resume` / `continue_conversation` with a session store
//! load the transcript from the store into a temporary folder laid out as the projects
//! folder, and the session resumes from there as from a local transcript (so `fork_session`
//! and `resume_session_at` work the same). The folder goes when the session ends.
//!
//! ```text
//! resume = <uuid>         -> load(<project>/<uuid>)            (nothing stored: start as without a store)
//! continue_conversation   -> list_sessions(<project>), newest first, the first that loads and
//!                            is no sidechain
//! then                    -> <tmp>/projects/<project>/<id>.jsonl, and the subkeys beside it
//!                            when the store lists them (subagents, their .meta.json)
//! ```

use std::path::{Component, Path};

use futures::future::{self, BoxFuture, Either};
use oxagent_core::store::{SessionKey, SessionStore, StoreError, StoreMethod};
use serde_json::Value;

use crate::start::Continuation;
use crate::{validate_session_id, SessionId};

/// A session loaded from the store into a temporary projects folder.
#[derive(Debug)]
pub struct Materialized {
    /// Holds the folder; dropping it removes the folder.
    pub dir: tempfile::TempDir,
    /// The session to resume.
    pub session_id: SessionId,
}

impl Materialized {
    /// The projects folder inside the temporary folder.
    pub fn projects(&self) -> std::path::PathBuf {
        self.dir.path().join("projects")
    }
}

/// Runs a store call with the load timeout; errors are worded as the reference words them.
async fn timed<T>(
    call: BoxFuture<'_, Result<T, StoreError>>,
    timeout_ms: u64,
    sleep: fn(u64) -> BoxFuture<'static, ()>,
    what: &str,
) -> Result<T, String> {
    match future::select(call, sleep(timeout_ms)).await {
        Either::Left((Ok(v), _)) => Ok(v),
        Either::Left((Err(e), _)) => {
            Err(format!("{what} failed during resume materialization: {e}"))
        }
        Either::Right(_) => Err(format!(
            "{what} timed out after {timeout_ms}ms during resume materialization"
        )),
    }
}

/// Loads what `options` resume from `store` into a temporary folder. `None`: nothing to
/// load (no resume asked, a `resume` that is not a session id, nothing stored): the session
/// starts as it would without a store. An error: a store call failed or timed out.
pub async fn materialize(
    store: &dyn SessionStore,
    project_key: &str,
    options: &Continuation,
    timeout_ms: u64,
    sleep: fn(u64) -> BoxFuture<'static, ()>,
) -> Result<Option<Materialized>, String> {
    let found = match (&options.resume, options.continue_conversation) {
        (_, true) => latest(store, project_key, timeout_ms, sleep).await?,
        (Some(resume), false) => {
            let Ok(id) = validate_session_id(resume) else {
                return Ok(None);
            };
            let key = SessionKey::main(project_key, id.as_str());
            let what = format!("SessionStore.load() for session {id}");
            timed(store.load(&key), timeout_ms, sleep, &what)
                .await?
                .filter(|e| !e.is_empty())
                .map(|entries| (id, entries))
        }
        (None, false) => None,
    };
    let Some((id, entries)) = found else {
        return Ok(None);
    };
    let dir = tempfile::Builder::new()
        .prefix("claude-resume-")
        .tempdir()
        .map_err(|e| format!("cannot create a folder to resume in: {e}"))?;
    let project = dir.path().join("projects").join(project_key);
    write_jsonl(&project.join(id.file_name()), &entries)?;
    if store.supports(StoreMethod::ListSubkeys) {
        let session_dir = project.join(id.as_str());
        let what = format!("SessionStore.list_subkeys() for session {id}");
        let subkeys = timed(
            store.list_subkeys(project_key, id.as_str()),
            timeout_ms,
            sleep,
            &what,
        )
        .await?;
        for subpath in subkeys.iter().filter(|s| safe_subpath(s)) {
            let key = SessionKey::main(project_key, id.as_str()).sub(subpath.clone());
            let what = format!("SessionStore.load() for session {id} subpath {subpath}");
            let Some(entries) = timed(store.load(&key), timeout_ms, sleep, &what).await? else {
                continue;
            };
            let (meta, rows) = split_agent_metadata(entries);
            let file = session_dir.join(format!("{subpath}.jsonl"));
            if !rows.is_empty() {
                write_jsonl(&file, &rows)?;
            }
            if let Some(Value::Object(mut m)) = meta {
                m.remove("type");
                let meta_file = session_dir.join(format!("{subpath}.meta.json"));
                write_file(&meta_file, Value::Object(m).to_string().as_bytes())?;
            }
        }
    }
    Ok(Some(Materialized {
        dir,
        session_id: id,
    }))
}

/// `continue`: the project's newest session that loads and is not a sidechain.
async fn latest(
    store: &dyn SessionStore,
    project_key: &str,
    timeout_ms: u64,
    sleep: fn(u64) -> BoxFuture<'static, ()>,
) -> Result<Option<(SessionId, Vec<Value>)>, String> {
    let mut listed = timed(
        store.list_sessions(project_key),
        timeout_ms,
        sleep,
        "SessionStore.list_sessions()",
    )
    .await?;
    listed.sort_by_key(|e| std::cmp::Reverse(e.mtime));
    for entry in listed {
        let Ok(id) = validate_session_id(&entry.session_id) else {
            continue;
        };
        let key = SessionKey::main(project_key, id.as_str());
        let what = format!("SessionStore.load() for session {id}");
        let Some(entries) = timed(store.load(&key), timeout_ms, sleep, &what)
            .await?
            .filter(|e| !e.is_empty())
        else {
            continue;
        };
        if entries[0]["isSidechain"] == true {
            continue;
        }
        return Ok(Some((id, entries)));
    }
    Ok(None)
}

/// The `agent_metadata` entry (the last one) and the transcript rows.
pub(crate) fn split_agent_metadata(entries: Vec<Value>) -> (Option<Value>, Vec<Value>) {
    let mut meta = None;
    let mut rows = Vec::new();
    for e in entries {
        if e["type"] == "agent_metadata" {
            meta = Some(e);
        } else {
            rows.push(e);
        }
    }
    (meta, rows)
}

/// A subpath from the store names a file inside the session's folder: relative, no `.` or
/// `..`, no drive, no NUL, not empty.
fn safe_subpath(subpath: &str) -> bool {
    !subpath.is_empty()
        && !subpath.contains('\0')
        && !subpath.starts_with(['/', '\\'])
        && !subpath.contains(':')
        && subpath
            .split(['/', '\\'])
            .all(|part| !part.is_empty() && part != "." && part != "..")
        && Path::new(subpath)
            .components()
            .all(|c| matches!(c, Component::Normal(_)))
}

fn write_file(path: &Path, bytes: &[u8]) -> Result<(), String> {
    use std::io::Write;
    let fail = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(fail)?;
    }
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options
        .open(path)
        .and_then(|mut f| f.write_all(bytes))
        .map_err(fail)
}

fn write_jsonl(path: &Path, entries: &[Value]) -> Result<(), String> {
    let mut body = Vec::new();
    for e in entries {
        body.extend(crate::writer::line(e));
    }
    write_file(path, &body)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use oxagent_core::store::InMemorySessionStore;
    use serde_json::json;

    fn no_sleep(_ms: u64) -> BoxFuture<'static, ()> {
        Box::pin(future::pending())
    }

    const A: &str = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa";
    const B: &str = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb";

    fn resume(id: &str) -> Continuation {
        Continuation {
            resume: Some(id.into()),
            ..Default::default()
        }
    }

    #[test]
    fn subpaths_that_leave_the_session_folder_are_refused() {
        assert!(safe_subpath("subagents/agent-1"));
        for bad in [
            "",
            "/etc/x",
            "../x",
            "a/../../x",
            "a/./b",
            "C:x",
            "a\0b",
            "\\x",
            "a//b",
        ] {
            assert!(!safe_subpath(bad), "{bad:?}");
        }
    }

    #[test]
    fn resume_loads_the_session_and_its_subagents() {
        let store = InMemorySessionStore::new();
        let key = SessionKey::main("p", A);
        futures::executor::block_on(async {
            store
                .append(&key, &[json!({"type": "user", "uuid": "u1"})])
                .await
                .unwrap();
            store
                .append(
                    &key.sub("subagents/agent-x"),
                    &[
                        json!({"type": "user", "uuid": "s1"}),
                        json!({"type": "agent_metadata", "toolUseId": "t1"}),
                    ],
                )
                .await
                .unwrap();
        });
        let m = futures::executor::block_on(materialize(&store, "p", &resume(A), 1000, no_sleep))
            .unwrap()
            .unwrap();
        assert_eq!(m.session_id.as_str(), A);
        let main = std::fs::read_to_string(m.projects().join(format!("p/{A}.jsonl"))).unwrap();
        assert_eq!(main, "{\"type\":\"user\",\"uuid\":\"u1\"}\n");
        let sub = m.projects().join(format!("p/{A}/subagents/agent-x"));
        assert!(std::fs::read_to_string(sub.with_extension("jsonl"))
            .unwrap()
            .contains("s1"));
        let meta = std::fs::read_to_string(sub.with_extension("meta.json")).unwrap();
        assert_eq!(meta, "{\"toolUseId\":\"t1\"}");
        let dir = m.dir.path().to_path_buf();
        drop(m);
        assert!(!dir.exists(), "the folder goes with the session");
    }

    #[test]
    fn nothing_stored_or_no_session_id_is_a_start_without_the_store() {
        let store = InMemorySessionStore::new();
        let none = |c: Continuation| {
            futures::executor::block_on(materialize(&store, "p", &c, 1000, no_sleep))
                .unwrap()
                .is_none()
        };
        assert!(none(resume(A)));
        assert!(none(resume("not-a-uuid")));
        assert!(none(Continuation::default()));
        assert!(none(Continuation {
            continue_conversation: true,
            ..Default::default()
        }));
    }

    #[test]
    fn continue_takes_the_newest_session_that_is_no_sidechain() {
        let store = InMemorySessionStore::new();
        futures::executor::block_on(async {
            store
                .append(&SessionKey::main("p", A), &[json!({"type": "user"})])
                .await
                .unwrap();
            store
                .append(
                    &SessionKey::main("p", B),
                    &[json!({"type": "user", "isSidechain": true})],
                )
                .await
                .unwrap();
            store
                .append(
                    &SessionKey::main("p", "not-a-uuid"),
                    &[json!({"type": "user"})],
                )
                .await
                .unwrap();
        });
        let c = Continuation {
            continue_conversation: true,
            ..Default::default()
        };
        let m = futures::executor::block_on(materialize(&store, "p", &c, 1000, no_sleep))
            .unwrap()
            .unwrap();
        assert_eq!(m.session_id.as_str(), A);
    }

    /// Fails every call.
    struct Broken;

    impl SessionStore for Broken {
        fn append<'a>(
            &'a self,
            _: &'a SessionKey,
            _: &'a [Value],
        ) -> BoxFuture<'a, Result<(), StoreError>> {
            Box::pin(async { Err(StoreError::Failed("boom".into())) })
        }
        fn load<'a>(
            &'a self,
            _: &'a SessionKey,
        ) -> BoxFuture<'a, Result<Option<Vec<Value>>, StoreError>> {
            Box::pin(async { Err(StoreError::Failed("boom".into())) })
        }
    }

    #[test]
    fn a_failing_store_is_an_error_in_the_references_words() {
        let err =
            futures::executor::block_on(materialize(&Broken, "p", &resume(A), 1000, no_sleep))
                .unwrap_err();
        assert_eq!(
            err,
            format!(
                "SessionStore.load() for session {A} failed during resume materialization: boom"
            )
        );
    }
}

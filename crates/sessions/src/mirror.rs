//! Mirroring a session's transcript into a [`SessionStore`], as the documented SDKs do:
//! the rows written to the local transcript are batched and appended to the store.
//!
//! ```text
//! TranscriptWriter --row--> StoreMirror::row   (pending; past 500 entries or 1 MiB, a
//!                                               background flush; in eager mode, every row)
//! end of a turn ---------> StoreMirror::flush  (before the result is emitted)
//! ```
//!
//! A flush takes what is pending and appends it per transcript (one `append` per key, rows
//! in file order), one flush at a time so the store sees rows in order. A failed append is
//! tried again after 0.2 s, then 0.8 s (three attempts); an append that does not answer in
//! 60 s is not tried again (it may still land). A batch that could not be appended is
//! dropped and reported through `on_error` (the session emits `system/mirror_error`); the
//! session goes on: the local transcript has every row.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, Weak};

use futures::future::{self, BoxFuture, Either};
use oxagent_core::store::{SessionKey, SessionStore, StoreError};
use oxagent_core::sync::lock;
use serde_json::Value;

use crate::writer::RowSink;

/// Pending entries past which a flush starts without waiting for the turn's end.
pub const MAX_PENDING_ENTRIES: usize = 500;
/// Pending bytes (of the rows' lines) past which a flush starts.
pub const MAX_PENDING_BYTES: usize = 1 << 20;
/// How long one append may take.
pub const APPEND_TIMEOUT_MS: u64 = 60_000;
/// Waits before the second and the third attempt of a failed append.
pub const APPEND_BACKOFF_MS: [u64; 2] = [200, 800];

pub use oxagent_core::store::FlushMode;

/// What a mirror needs of the async runtime it runs on.
#[derive(Clone)]
pub struct MirrorRuntime {
    /// Starts a background flush.
    pub spawn: Arc<dyn Fn(BoxFuture<'static, ()>) + Send + Sync>,
    /// Resolves after the given milliseconds.
    pub sleep: fn(u64) -> BoxFuture<'static, ()>,
}

/// Told of each batch that could not be appended: its key and the store's error text.
pub type OnMirrorError = Arc<dyn Fn(SessionKey, String) + Send + Sync>;

#[derive(Default)]
struct Pending {
    rows: Vec<(SessionKey, Value)>,
    bytes: usize,
}

/// See the module docs.
pub struct StoreMirror {
    store: Arc<dyn SessionStore>,
    projects: Mutex<PathBuf>,
    limits: (usize, usize),
    pending: Mutex<Pending>,
    /// Held while a flush appends: flushes run one after the other.
    sending: futures::lock::Mutex<()>,
    runtime: MirrorRuntime,
    on_error: OnMirrorError,
    me: Weak<StoreMirror>,
}

impl StoreMirror {
    /// A mirror of the transcripts under `projects` (the folder of the projects' folders)
    /// into `store`.
    pub fn new(
        store: Arc<dyn SessionStore>,
        projects: &Path,
        mode: FlushMode,
        runtime: MirrorRuntime,
        on_error: OnMirrorError,
    ) -> Arc<StoreMirror> {
        let limits = match mode {
            FlushMode::Batched => (MAX_PENDING_ENTRIES, MAX_PENDING_BYTES),
            FlushMode::Eager => (0, 0),
        };
        Arc::new_cyclic(|me| StoreMirror {
            store,
            projects: Mutex::new(projects.to_path_buf()),
            limits,
            pending: Mutex::default(),
            sending: futures::lock::Mutex::new(()),
            runtime,
            on_error,
            me: me.clone(),
        })
    }

    /// Appends everything pending, after any flush already under way. Never fails: what
    /// could not be appended was reported.
    pub async fn flush(&self) {
        let rows = {
            let mut p = lock(&self.pending);
            p.bytes = 0;
            std::mem::take(&mut p.rows)
        };
        let mut failures = Vec::new();
        {
            let _turn = self.sending.lock().await;
            if rows.is_empty() {
                return;
            }
            for (key, entries) in by_key(rows) {
                if let Err(e) = self.append(&key, &entries).await {
                    failures.push((key, e.to_string()));
                }
            }
        }
        // Reported after the lock is released: a slow report holds up no later flush.
        for (key, error) in failures {
            (self.on_error)(key, error);
        }
    }

    /// One batch: up to three attempts, a timeout ends them.
    async fn append(&self, key: &SessionKey, entries: &[Value]) -> Result<(), StoreError> {
        let mut last = StoreError::Failed(String::new());
        for attempt in 0..=APPEND_BACKOFF_MS.len() {
            if attempt > 0 {
                (self.runtime.sleep)(APPEND_BACKOFF_MS[attempt - 1]).await;
            }
            let call = self.store.append(key, entries);
            let timer = (self.runtime.sleep)(APPEND_TIMEOUT_MS);
            match future::select(call, timer).await {
                Either::Left((Ok(()), _)) => return Ok(()),
                Either::Left((Err(e), _)) => last = e,
                // The call may still land: trying again could write the batch twice.
                Either::Right(_) => return Err(StoreError::Timeout),
            }
        }
        Err(last)
    }

    /// The store key of a transcript under the projects folder: `<project>/<id>.jsonl`, or
    /// `<project>/<id>/<subpath>.jsonl` (a subagent's). Other paths have none.
    pub fn key_of(&self, path: &Path) -> Option<SessionKey> {
        key_of(&lock(&self.projects), path)
    }

    /// Mirrors the transcripts under another projects folder from now on (a session that
    /// resumes in a temporary folder).
    pub fn retarget(&self, projects: &Path) {
        *lock(&self.projects) = projects.to_path_buf();
    }
}

/// See [`StoreMirror::key_of`].
pub fn key_of(projects: &Path, path: &Path) -> Option<SessionKey> {
    let rel = path.strip_prefix(projects).ok()?;
    let parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    match parts.as_slice() {
        [project, file] => Some(SessionKey::main(
            project.clone(),
            file.strip_suffix(".jsonl")?.to_string(),
        )),
        [project, session, rest @ ..] if rest.len() >= 2 => {
            let mut sub = rest.to_vec();
            if let Some(last) = sub.last_mut() {
                if let Some(stem) = last.strip_suffix(".jsonl") {
                    *last = stem.to_string();
                }
            }
            Some(SessionKey::main(project.clone(), session.clone()).sub(sub.join("/")))
        }
        _ => None,
    }
}

/// Rows grouped by key, keys in the order first seen, rows in order.
fn by_key(rows: Vec<(SessionKey, Value)>) -> Vec<(SessionKey, Vec<Value>)> {
    let mut out: Vec<(SessionKey, Vec<Value>)> = Vec::new();
    for (key, row) in rows {
        match out.iter_mut().find(|(k, _)| *k == key) {
            Some((_, batch)) => batch.push(row),
            None => out.push((key, vec![row])),
        }
    }
    out
}

impl RowSink for StoreMirror {
    fn row(&self, path: &Path, row: &Value, bytes: usize) {
        // A transcript outside the projects folder has no key: it is not mirrored.
        let Some(key) = self.key_of(path) else {
            return;
        };
        let over = {
            let mut p = lock(&self.pending);
            p.rows.push((key, row.clone()));
            p.bytes += bytes;
            p.rows.len() > self.limits.0 || p.bytes > self.limits.1
        };
        if over {
            if let Some(me) = self.me.upgrade() {
                (self.runtime.spawn)(Box::pin(async move { me.flush().await }));
            }
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use oxagent_core::store::InMemorySessionStore;
    use serde_json::json;

    fn no_sleep(_ms: u64) -> BoxFuture<'static, ()> {
        Box::pin(async {})
    }

    /// Background flushes run at once, on this thread.
    fn inline_runtime(sleep: fn(u64) -> BoxFuture<'static, ()>) -> MirrorRuntime {
        MirrorRuntime {
            spawn: Arc::new(futures::executor::block_on),
            sleep,
        }
    }

    #[test]
    fn paths_name_their_keys() {
        let root = Path::new("/h/.claude/projects");
        assert_eq!(
            key_of(root, &root.join("-w/abc.jsonl")),
            Some(SessionKey::main("-w", "abc"))
        );
        assert_eq!(
            key_of(root, &root.join("-w/abc/subagents/agent-1.jsonl")),
            Some(SessionKey::main("-w", "abc").sub("subagents/agent-1"))
        );
        assert_eq!(key_of(root, Path::new("/tmp/x.jsonl")), None);
        assert_eq!(key_of(root, &root.join("-w/abc/notes.jsonl")), None);
    }

    #[test]
    fn rows_wait_for_the_flush_then_go_in_order() {
        let store = Arc::new(InMemorySessionStore::new());
        let root = Path::new("/p");
        let mirror = StoreMirror::new(
            store.clone(),
            root,
            FlushMode::Batched,
            inline_runtime(no_sleep),
            Arc::new(|_, _| panic!("no error expected")),
        );
        let (a, b) = (root.join("k/a.jsonl"), root.join("k/b.jsonl"));
        mirror.row(&a, &json!({"type": "user", "n": 1}), 10);
        mirror.row(&b, &json!({"type": "user", "n": 2}), 10);
        mirror.row(&a, &json!({"type": "user", "n": 3}), 10);
        assert_eq!(store.size(), 0);
        futures::executor::block_on(mirror.flush());
        let ka = SessionKey::main("k", "a");
        assert_eq!(
            store.get_entries(&ka),
            vec![
                json!({"type": "user", "n": 1}),
                json!({"type": "user", "n": 3})
            ]
        );
        assert_eq!(store.size(), 2);
    }

    #[test]
    fn past_the_limits_a_flush_starts_by_itself() {
        let store = Arc::new(InMemorySessionStore::new());
        let root = Path::new("/p");
        let mirror = StoreMirror::new(
            store.clone(),
            root,
            FlushMode::Batched,
            inline_runtime(no_sleep),
            Arc::new(|_, _| {}),
        );
        let path = root.join("k/a.jsonl");
        for n in 0..MAX_PENDING_ENTRIES {
            mirror.row(&path, &json!({"type": "x", "n": n}), 1);
        }
        assert_eq!(store.size(), 0, "500 entries are not past the limit");
        mirror.row(&path, &json!({"type": "x"}), 1);
        assert_eq!(store.get_entries(&SessionKey::main("k", "a")).len(), 501);
        // A row bigger than a mebibyte goes at once.
        mirror.row(&path, &json!({"type": "x"}), MAX_PENDING_BYTES + 1);
        assert_eq!(store.get_entries(&SessionKey::main("k", "a")).len(), 502);
    }

    #[test]
    fn eager_mode_appends_every_row() {
        let store = Arc::new(InMemorySessionStore::new());
        let root = Path::new("/p");
        let mirror = StoreMirror::new(
            store.clone(),
            root,
            FlushMode::Eager,
            inline_runtime(no_sleep),
            Arc::new(|_, _| {}),
        );
        mirror.row(&root.join("k/a.jsonl"), &json!({"type": "x"}), 1);
        assert_eq!(store.size(), 1);
    }

    /// Fails its first `failures` appends.
    struct Flaky {
        inner: InMemorySessionStore,
        failures: Mutex<usize>,
        calls: Mutex<usize>,
    }

    impl SessionStore for Flaky {
        fn append<'a>(
            &'a self,
            key: &'a SessionKey,
            entries: &'a [Value],
        ) -> BoxFuture<'a, Result<(), StoreError>> {
            *lock(&self.calls) += 1;
            let fail = {
                let mut f = lock(&self.failures);
                let fail = *f > 0;
                *f = f.saturating_sub(1);
                fail
            };
            if fail {
                return Box::pin(async { Err(StoreError::Failed("store down".into())) });
            }
            self.inner.append(key, entries)
        }
        fn load<'a>(
            &'a self,
            key: &'a SessionKey,
        ) -> BoxFuture<'a, Result<Option<Vec<Value>>, StoreError>> {
            self.inner.load(key)
        }
    }

    fn flaky(failures: usize) -> Arc<Flaky> {
        Arc::new(Flaky {
            inner: InMemorySessionStore::new(),
            failures: Mutex::new(failures),
            calls: Mutex::new(0),
        })
    }

    #[test]
    fn a_failed_append_is_tried_three_times_then_reported() {
        let errors = Arc::new(Mutex::new(Vec::new()));
        let seen = errors.clone();
        let on_error: OnMirrorError = Arc::new(move |k, e| lock(&seen).push((k, e)));
        let root = Path::new("/p");
        let path = root.join("k/a.jsonl");

        let store = flaky(2);
        let mirror = StoreMirror::new(
            store.clone(),
            root,
            FlushMode::Batched,
            inline_runtime(no_sleep),
            on_error.clone(),
        );
        mirror.row(&path, &json!({"type": "x"}), 1);
        futures::executor::block_on(mirror.flush());
        assert_eq!(*lock(&store.calls), 3);
        assert!(lock(&errors).is_empty(), "the third attempt landed");

        let store = flaky(3);
        let mirror = StoreMirror::new(
            store.clone(),
            root,
            FlushMode::Batched,
            inline_runtime(no_sleep),
            on_error,
        );
        mirror.row(&path, &json!({"type": "x"}), 1);
        futures::executor::block_on(mirror.flush());
        assert_eq!(*lock(&store.calls), 3);
        assert_eq!(
            *lock(&errors),
            vec![(SessionKey::main("k", "a"), "store down".to_string())]
        );
        assert_eq!(store.inner.size(), 0, "the batch was dropped");
    }

    /// Never answers.
    struct Stuck(Mutex<usize>);

    impl SessionStore for Stuck {
        fn append<'a>(
            &'a self,
            _: &'a SessionKey,
            _: &'a [Value],
        ) -> BoxFuture<'a, Result<(), StoreError>> {
            *lock(&self.0) += 1;
            Box::pin(future::pending())
        }
        fn load<'a>(
            &'a self,
            _: &'a SessionKey,
        ) -> BoxFuture<'a, Result<Option<Vec<Value>>, StoreError>> {
            Box::pin(async { Ok(None) })
        }
    }

    #[test]
    fn a_timed_out_append_is_not_tried_again() {
        let errors = Arc::new(Mutex::new(Vec::new()));
        let seen = errors.clone();
        let store = Arc::new(Stuck(Mutex::new(0)));
        let root = Path::new("/p");
        // Every sleep is over at once: the 60 s timer wins against the stuck call.
        let mirror = StoreMirror::new(
            store.clone(),
            root,
            FlushMode::Batched,
            inline_runtime(no_sleep),
            Arc::new(move |k, e| lock(&seen).push((k, e))),
        );
        mirror.row(&root.join("k/a.jsonl"), &json!({"type": "x"}), 1);
        futures::executor::block_on(mirror.flush());
        assert_eq!(*lock(&store.0), 1);
        assert_eq!(lock(&errors).len(), 1);
    }
}

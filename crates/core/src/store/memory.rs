//! A store in this process's memory: for tests and development (it is gone when the
//! process ends).

use std::collections::BTreeMap;
use std::sync::Mutex;

use futures::future::BoxFuture;
use serde_json::Value;

use super::{
    fold_session_summary, now_ms, SessionKey, SessionStore, SessionSummary, StoreListEntry,
    StoreMethod, StoreResult,
};
use crate::sync::lock;

/// Every optional method, summaries kept on append, write times strictly increasing.
#[derive(Debug, Default)]
pub struct InMemorySessionStore {
    state: Mutex<State>,
}

#[derive(Debug, Default)]
struct State {
    entries: BTreeMap<SessionKey, Vec<Value>>,
    mtimes: BTreeMap<SessionKey, u64>,
    summaries: BTreeMap<(String, String), SessionSummary>,
    last_mtime: u64,
}

impl State {
    /// Now in epoch milliseconds, after every time handed out before.
    fn next_mtime(&mut self) -> u64 {
        self.last_mtime = now_ms().max(self.last_mtime + 1);
        self.last_mtime
    }
}

impl InMemorySessionStore {
    pub fn new() -> Self {
        Self::default()
    }

    /// Test helper: the entries of `key` (none for an unknown key).
    pub fn get_entries(&self, key: &SessionKey) -> Vec<Value> {
        lock(&self.state)
            .entries
            .get(key)
            .cloned()
            .unwrap_or_default()
    }

    /// Test helper: how many sessions (main transcripts) the store holds.
    pub fn size(&self) -> usize {
        lock(&self.state)
            .entries
            .keys()
            .filter(|k| k.subpath.is_none())
            .count()
    }

    /// Test helper: forgets everything.
    pub fn clear(&self) {
        *lock(&self.state) = State::default();
    }
}

impl SessionStore for InMemorySessionStore {
    fn append<'a>(
        &'a self,
        key: &'a SessionKey,
        entries: &'a [Value],
    ) -> BoxFuture<'a, StoreResult<()>> {
        Box::pin(async move {
            let mut st = lock(&self.state);
            st.entries
                .entry(key.clone())
                .or_default()
                .extend(entries.iter().cloned());
            let now = st.next_mtime();
            if key.subpath.is_none() {
                let id = (key.project_key.clone(), key.session_id.clone());
                let mut folded = fold_session_summary(st.summaries.get(&id), key, entries, false);
                folded.mtime = now;
                st.summaries.insert(id, folded);
            }
            st.mtimes.insert(key.clone(), now);
            Ok(())
        })
    }

    fn load<'a>(&'a self, key: &'a SessionKey) -> BoxFuture<'a, StoreResult<Option<Vec<Value>>>> {
        Box::pin(async move { Ok(lock(&self.state).entries.get(key).cloned()) })
    }

    fn supports(&self, _method: StoreMethod) -> bool {
        true
    }

    fn list_sessions<'a>(
        &'a self,
        project_key: &'a str,
    ) -> BoxFuture<'a, StoreResult<Vec<StoreListEntry>>> {
        Box::pin(async move {
            let st = lock(&self.state);
            Ok(st
                .entries
                .keys()
                .filter(|k| k.project_key == project_key && k.subpath.is_none())
                .map(|k| StoreListEntry {
                    session_id: k.session_id.clone(),
                    mtime: st.mtimes.get(k).copied().unwrap_or(0),
                })
                .collect())
        })
    }

    fn list_session_summaries<'a>(
        &'a self,
        project_key: &'a str,
    ) -> BoxFuture<'a, StoreResult<Vec<SessionSummary>>> {
        Box::pin(async move {
            Ok(lock(&self.state)
                .summaries
                .iter()
                .filter(|((pk, _), _)| pk == project_key)
                .map(|(_, s)| s.clone())
                .collect())
        })
    }

    fn delete<'a>(&'a self, key: &'a SessionKey) -> BoxFuture<'a, StoreResult<()>> {
        Box::pin(async move {
            let mut st = lock(&self.state);
            st.entries.remove(key);
            st.mtimes.remove(key);
            if key.subpath.is_none() {
                st.summaries
                    .remove(&(key.project_key.clone(), key.session_id.clone()));
                let subkeys: Vec<SessionKey> = st
                    .entries
                    .keys()
                    .filter(|k| {
                        k.project_key == key.project_key
                            && k.session_id == key.session_id
                            && k.subpath.is_some()
                    })
                    .cloned()
                    .collect();
                for k in subkeys {
                    st.entries.remove(&k);
                    st.mtimes.remove(&k);
                }
            }
            Ok(())
        })
    }

    fn list_subkeys<'a>(
        &'a self,
        project_key: &'a str,
        session_id: &'a str,
    ) -> BoxFuture<'a, StoreResult<Vec<String>>> {
        Box::pin(async move {
            Ok(lock(&self.state)
                .entries
                .keys()
                .filter(|k| k.project_key == project_key && k.session_id == session_id)
                .filter_map(|k| k.subpath.clone())
                .collect())
        })
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn passes_the_conformance_suite() {
        futures::executor::block_on(super::super::conformance::run(
            || async { Ok::<_, String>(InMemorySessionStore::new()) },
            &[],
        ))
        .unwrap();
    }

    #[test]
    fn helpers_count_main_transcripts_and_clear() {
        let store = InMemorySessionStore::new();
        let key = SessionKey::main("p", "s");
        futures::executor::block_on(async {
            store
                .append(&key, &[serde_json::json!({"type": "x"})])
                .await
                .unwrap();
            store
                .append(
                    &key.sub("subagents/agent-1"),
                    &[serde_json::json!({"type": "x"})],
                )
                .await
                .unwrap();
        });
        assert_eq!(store.size(), 1);
        assert_eq!(store.get_entries(&key).len(), 1);
        store.clear();
        assert_eq!(store.size(), 0);
        assert!(store.get_entries(&key).is_empty());
    }
}

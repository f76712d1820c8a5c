//! The store edge: where session transcripts are mirrored so a session started on one host
//! resumes on any other (the documented SDKs' `SessionStore`).
//!
//! A store keeps, per [`SessionKey`], the transcript entries appended to it, in order. Two
//! methods are required ([`SessionStore::append`], [`SessionStore::load`]); the others are
//! optional and a store says which it has with [`SessionStore::supports`], as the Python SDK
//! detects an overridden method.
//!
//! ```
//! use oxagent_core::store::{InMemorySessionStore, SessionKey, SessionStore};
//! use serde_json::json;
//! let store = InMemorySessionStore::new();
//! let key = SessionKey::main("proj", "sess");
//! futures::executor::block_on(async {
//!     store.append(&key, &[json!({"type": "user", "uuid": "a"})]).await.unwrap();
//!     let back = store.load(&key).await.unwrap();
//!     assert_eq!(back, Some(vec![json!({"type": "user", "uuid": "a"})]));
//! });
//! ```
//!
//! Implementations: [`InMemorySessionStore`] here; Redis and PostgreSQL in `oxagent-stores`;
//! a host's own store (Python, JavaScript) reached through control requests in the facade.
//! [`conformance::run`] checks any of them against the documented contracts.

pub mod conformance;
mod host;
mod memory;
mod summary;

use std::fmt;

use futures::future::BoxFuture;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

pub use host::HostStore;
pub use memory::InMemorySessionStore;
pub use summary::{fold_session_summary, iso_ms, SummaryFacts};

/// Which transcript: a session's main one, or (with `subpath`) one beside it, such as a
/// subagent's (`subagents/agent-<id>`). `subpath` is never empty.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct SessionKey {
    pub project_key: String,
    pub session_id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subpath: Option<String>,
}

impl SessionKey {
    /// The main transcript of a session.
    pub fn main(project_key: impl Into<String>, session_id: impl Into<String>) -> SessionKey {
        SessionKey {
            project_key: project_key.into(),
            session_id: session_id.into(),
            subpath: None,
        }
    }

    /// A transcript beside the session's main one.
    pub fn sub(&self, subpath: impl Into<String>) -> SessionKey {
        SessionKey {
            subpath: Some(subpath.into()),
            ..self.clone()
        }
    }

    /// `project_key/session_id[/subpath]`: the transcript's path under the projects folder,
    /// without `.jsonl`.
    pub fn path(&self) -> String {
        match &self.subpath {
            Some(s) => format!("{}/{}/{}", self.project_key, self.session_id, s),
            None => format!("{}/{}", self.project_key, self.session_id),
        }
    }

    /// The key in the TypeScript SDK's field names.
    pub fn to_camel(&self) -> Value {
        let mut m = Map::new();
        m.insert("projectKey".into(), Value::String(self.project_key.clone()));
        m.insert("sessionId".into(), Value::String(self.session_id.clone()));
        if let Some(s) = &self.subpath {
            m.insert("subpath".into(), Value::String(s.clone()));
        }
        Value::Object(m)
    }

    /// Reads a key in either SDK's field names (`project_key` / `projectKey`, ...).
    pub fn from_value(v: &Value) -> Option<SessionKey> {
        let field = |a: &str, b: &str| {
            v.get(a)
                .or_else(|| v.get(b))
                .and_then(Value::as_str)
                .map(str::to_string)
        };
        Some(SessionKey {
            project_key: field("project_key", "projectKey")?,
            session_id: field("session_id", "sessionId")?,
            subpath: v
                .get("subpath")
                .and_then(Value::as_str)
                .filter(|s| !s.is_empty())
                .map(str::to_string),
        })
    }
}

impl fmt::Display for SessionKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.path())
    }
}

/// One session of a project as [`SessionStore::list_sessions`] lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoreListEntry {
    pub session_id: String,
    /// The store's last write to the session, in milliseconds since the Unix epoch.
    pub mtime: u64,
}

/// A session's summary, kept up to date by the store on each append with
/// [`fold_session_summary`]. `data` belongs to the SDK: a store keeps it as it is.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SessionSummary {
    pub session_id: String,
    /// The store's write time of this summary, on the same clock as
    /// [`StoreListEntry::mtime`].
    pub mtime: u64,
    pub data: Map<String, Value>,
}

/// The optional methods of a store.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StoreMethod {
    ListSessions,
    ListSessionSummaries,
    Delete,
    ListSubkeys,
}

impl StoreMethod {
    pub const ALL: [StoreMethod; 4] = [
        StoreMethod::ListSessions,
        StoreMethod::ListSessionSummaries,
        StoreMethod::Delete,
        StoreMethod::ListSubkeys,
    ];

    /// The Python SDK's method name.
    pub fn name(self) -> &'static str {
        match self {
            StoreMethod::ListSessions => "list_sessions",
            StoreMethod::ListSessionSummaries => "list_session_summaries",
            StoreMethod::Delete => "delete",
            StoreMethod::ListSubkeys => "list_subkeys",
        }
    }

    pub fn parse(name: &str) -> Option<StoreMethod> {
        StoreMethod::ALL
            .into_iter()
            .find(|m| m.name() == name || camel(m.name()) == name)
    }
}

fn camel(snake: &str) -> String {
    let mut out = String::new();
    let mut upper = false;
    for c in snake.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.extend(c.to_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

/// Why a store call failed. The text is what the caller sees (a mirror error's `error`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StoreError {
    /// The store does not have this optional method.
    Unsupported(StoreMethod),
    /// The call did not answer in time.
    Timeout,
    /// The store's own failure, in its words.
    Failed(String),
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Unsupported(m) => write!(f, "the session store has no {}()", m.name()),
            StoreError::Timeout => f.write_str(""),
            StoreError::Failed(text) => f.write_str(text),
        }
    }
}

impl std::error::Error for StoreError {}

pub type StoreResult<T> = Result<T, StoreError>;

/// See the module docs. Entries are JSON objects with a string `type`; a store gives back
/// what it was given (deep-equal; object key order may change).
pub trait SessionStore: Send + Sync {
    /// Appends `entries` to `key`'s transcript, after those of earlier calls. Appending
    /// nothing changes nothing. An entry's `uuid`, when it has one, may serve to drop a
    /// retried entry the store already has.
    fn append<'a>(
        &'a self,
        key: &'a SessionKey,
        entries: &'a [Value],
    ) -> BoxFuture<'a, StoreResult<()>>;

    /// Everything appended to `key`, in order; `None` for a key never written.
    fn load<'a>(&'a self, key: &'a SessionKey) -> BoxFuture<'a, StoreResult<Option<Vec<Value>>>>;

    /// Whether the store has the optional `method`.
    fn supports(&self, method: StoreMethod) -> bool {
        let _ = method;
        false
    }

    /// The project's sessions (main transcripts only), with the store's write times.
    fn list_sessions<'a>(
        &'a self,
        project_key: &'a str,
    ) -> BoxFuture<'a, StoreResult<Vec<StoreListEntry>>> {
        let _ = project_key;
        unsupported(StoreMethod::ListSessions)
    }

    /// The summaries of the project's sessions.
    fn list_session_summaries<'a>(
        &'a self,
        project_key: &'a str,
    ) -> BoxFuture<'a, StoreResult<Vec<SessionSummary>>> {
        let _ = project_key;
        unsupported(StoreMethod::ListSessionSummaries)
    }

    /// Deletes `key`; a main key takes its subkeys with it.
    fn delete<'a>(&'a self, key: &'a SessionKey) -> BoxFuture<'a, StoreResult<()>> {
        let _ = key;
        unsupported(StoreMethod::Delete)
    }

    /// The subpaths stored beside a session's main transcript.
    fn list_subkeys<'a>(
        &'a self,
        project_key: &'a str,
        session_id: &'a str,
    ) -> BoxFuture<'a, StoreResult<Vec<String>>> {
        let _ = (project_key, session_id);
        unsupported(StoreMethod::ListSubkeys)
    }
}

fn unsupported<'a, T: Send + 'a>(method: StoreMethod) -> BoxFuture<'a, StoreResult<T>> {
    Box::pin(async move { Err(StoreError::Unsupported(method)) })
}

/// Milliseconds since the Unix epoch, now.
pub fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn keys_read_both_spellings_and_print_as_paths() {
        let k = SessionKey::from_value(&json!({"projectKey": "p", "sessionId": "s"})).unwrap();
        assert_eq!(k, SessionKey::main("p", "s"));
        let sub = SessionKey::from_value(
            &json!({"project_key": "p", "session_id": "s", "subpath": "subagents/agent-1"}),
        )
        .unwrap();
        assert_eq!(sub.path(), "p/s/subagents/agent-1");
        assert_eq!(
            sub.to_camel(),
            json!({"projectKey": "p", "sessionId": "s", "subpath": "subagents/agent-1"})
        );
        // An empty subpath is the main transcript.
        let k =
            SessionKey::from_value(&json!({"project_key": "p", "session_id": "s", "subpath": ""}));
        assert_eq!(k, Some(SessionKey::main("p", "s")));
    }

    #[test]
    fn methods_parse_in_both_spellings() {
        assert_eq!(
            StoreMethod::parse("listSessionSummaries"),
            Some(StoreMethod::ListSessionSummaries)
        );
        assert_eq!(
            StoreMethod::parse("list_subkeys"),
            Some(StoreMethod::ListSubkeys)
        );
        assert_eq!(StoreMethod::parse("append"), None);
    }
}

/// When a mirror writes to its store: `batched` (the default: at each result, or past the
/// limits) or `eager` (every row).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum FlushMode {
    #[default]
    Batched,
    Eager,
}

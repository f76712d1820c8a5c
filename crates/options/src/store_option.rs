//! The `session_store` option: a store the session mirrors its transcript into and resumes
//! from. In Rust it is any [`SessionStore`]; the Python and Node faces send
//! `"session_store": {"$store": ["list_sessions", ...]}` (their object answers
//! `session_store` control requests, with the optional methods it has), or hand over one of
//! the native stores (Redis, PostgreSQL) as it is. The option is read and checked with the
//! others (this crate), with the references' texts for the rules between options.
//!
//! ```
//! use std::sync::Arc;
//! use oxagent_core::store::InMemorySessionStore;
//! let options = oxagent_options::Options {
//!     session_store: Some(oxagent_options::SessionStoreOption::Native(Arc::new(InMemorySessionStore::new()))),
//!     ..Default::default()
//! };
//! assert!(options.session_store.is_some());
//! ```

use std::sync::Arc;

use oxagent_core::store::{SessionStore, StoreMethod};

pub use oxagent_core::store::FlushMode;

/// Where the session's transcript is mirrored.
#[derive(Clone)]
pub enum SessionStoreOption {
    /// The host's own store, reached through `session_store` control requests; it has these
    /// optional methods.
    Host { methods: Vec<StoreMethod> },
    /// A store in this process.
    Native(Arc<dyn SessionStore>),
}

impl SessionStoreOption {
    /// Whether the store has the optional `method`.
    pub fn supports(&self, method: StoreMethod) -> bool {
        match self {
            SessionStoreOption::Host { methods } => methods.contains(&method),
            SessionStoreOption::Native(s) => s.supports(method),
        }
    }
}

impl PartialEq for SessionStoreOption {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Self::Host { methods: a }, Self::Host { methods: b }) => a == b,
            (Self::Native(a), Self::Native(b)) => Arc::ptr_eq(a, b),
            _ => false,
        }
    }
}

impl std::fmt::Debug for SessionStoreOption {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Host { methods } => f.debug_struct("Host").field("methods", methods).finish(),
            Self::Native(_) => f.write_str("Native(..)"),
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::{Face, Options};
    use serde_json::json;

    #[test]
    fn the_faces_marker_names_the_optional_methods() {
        let o = Options::from_json(
            &json!({"session_store": {"$store": ["list_sessions", "listSubkeys"]}}),
        )
        .unwrap();
        assert_eq!(
            o.session_store,
            Some(SessionStoreOption::Host {
                methods: vec![StoreMethod::ListSessions, StoreMethod::ListSubkeys]
            })
        );
        let e = Options::from_json(&json!({"session_store": {"$store": ["rewind"]}})).unwrap_err();
        assert!(
            e.message
                .starts_with("session_store must be a session store"),
            "{}",
            e.message
        );
        let e = Options::from_face(&json!({"sessionStore": {"$object": "Map"}}), Face::Node)
            .unwrap_err();
        assert_eq!(
            e.message,
            "sessionStore must be a session store (an object with append() and load() methods), not an object of type Map"
        );
        assert_eq!(
            Options::from_json(&json!({"session_store": null}))
                .unwrap()
                .session_store,
            None
        );
    }

    #[test]
    fn store_checks_speak_as_the_reference() {
        let e = Options::from_json(&json!({
            "session_store": {"$store": []}, "continue_conversation": true}))
        .unwrap_err();
        assert_eq!(
            e.message,
            "continue_conversation with session_store requires the store to implement list_sessions()"
        );
        let e = Options::from_face(
            &json!({"sessionStore": {"$store": []}, "continue": true}),
            Face::Node,
        )
        .unwrap_err();
        assert_eq!(
            e.message,
            "Options.continue with sessionStore requires store.listSessions to be implemented"
        );
        // resume wins over continue: a store without list_sessions is fine.
        assert!(Options::from_json(&json!({"session_store": {"$store": []},
            "continue_conversation": true, "resume": "x"}))
        .is_ok());
        let e = Options::from_json(&json!({"session_store": {"$store": []},
            "enable_file_checkpointing": true}))
        .unwrap_err();
        assert!(e
            .message
            .starts_with("session_store cannot be combined with enable_file_checkpointing"));
        let e = Options::from_face(
            &json!({"sessionStore": {"$store": []}, "persistSession": false}),
            Face::Node,
        )
        .unwrap_err();
        assert!(e
            .message
            .starts_with("sessionStore cannot be used with persistSession: false"));
        let o = Options::from_json(&json!({"session_store": {"$store": []},
            "session_store_flush": "eager", "load_timeout_ms": 5}))
        .unwrap();
        assert_eq!(o.session_store_flush, FlushMode::Eager);
        assert_eq!(o.load_timeout_ms, Some(5));
    }
}

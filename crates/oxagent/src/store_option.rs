//! The `session_store` option: a store the session mirrors its transcript into and resumes
//! from. In Rust it is any [`SessionStore`]; the Python and Node faces send
//! `"session_store": {"methods": ["list_sessions", ...]}` (their object answers
//! `session_store` control requests, with the optional methods it has), or hand over one of
//! the native stores (Redis, PostgreSQL) as it is.
//!
//! ```
//! use std::sync::Arc;
//! use oxagent::store::InMemorySessionStore;
//! let options = oxagent::Options {
//!     session_store: Some(oxagent::SessionStoreOption::Native(Arc::new(InMemorySessionStore::new()))),
//!     ..Default::default()
//! };
//! assert!(options.session_store.is_some());
//! ```

use std::sync::Arc;

use oxagent_core::store::{SessionStore, StoreMethod};
use serde_json::Value;

use crate::error::{OptionsError, OptionsErrorKind as K};

pub use oxagent_sessions::mirror::FlushMode;

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

/// `session_store` as the faces send it: `null`/`false` (none), `true` (append and load
/// only), or `{"methods": [...]}`.
pub(crate) fn parse_store(v: &Value) -> Result<Option<SessionStoreOption>, OptionsError> {
    let bad = || {
        OptionsError::new(
            K::Type,
            "session_store",
            format!("session_store must be {{\"methods\": [...]}}, not {v}"),
        )
    };
    match v {
        Value::Null | Value::Bool(false) => Ok(None),
        Value::Bool(true) => Ok(Some(SessionStoreOption::Host { methods: vec![] })),
        Value::Object(m) => {
            let names = match m.get("methods") {
                None | Some(Value::Null) => Vec::new(),
                Some(Value::Array(a)) => a.clone(),
                Some(_) => return Err(bad()),
            };
            let methods = names
                .iter()
                .map(|n| n.as_str().and_then(StoreMethod::parse).ok_or_else(bad))
                .collect::<Result<_, _>>()?;
            Ok(Some(SessionStoreOption::Host { methods }))
        }
        _ => Err(bad()),
    }
}

pub(crate) fn parse_flush(v: &Value) -> Result<FlushMode, OptionsError> {
    match v {
        Value::Null => Ok(FlushMode::Batched),
        Value::String(s) if s == "batched" => Ok(FlushMode::Batched),
        Value::String(s) if s == "eager" => Ok(FlushMode::Eager),
        _ => Err(OptionsError::new(
            K::Value,
            "session_store_flush",
            format!("session_store_flush must be 'batched' or 'eager', not {v}"),
        )),
    }
}

/// The reference's checks of a store against the other options, made before anything
/// else: `continue_conversation` needs a store that lists sessions (unless `resume` names
/// one), and file checkpoints are local only.
pub(crate) fn check_store(map: &serde_json::Map<String, Value>) -> Result<(), OptionsError> {
    let Some(store) = map
        .get("session_store")
        .map(parse_store)
        .transpose()?
        .flatten()
    else {
        return Ok(());
    };
    let truthy = |k: &str| {
        map.get(k)
            .is_some_and(|v| v != &Value::Null && v != &Value::Bool(false))
    };
    let resume = map
        .get("resume")
        .and_then(Value::as_str)
        .is_some_and(|s| !s.is_empty());
    if truthy("continue_conversation") && !resume && !store.supports(StoreMethod::ListSessions) {
        return Err(OptionsError::new(
            K::Value,
            "session_store",
            "continue_conversation with session_store requires the store to implement list_sessions()",
        ));
    }
    if truthy("enable_file_checkpointing") {
        return Err(OptionsError::new(
            K::Value,
            "session_store",
            "session_store cannot be combined with enable_file_checkpointing (checkpoints are local-disk only and would diverge from the mirrored transcript)",
        ));
    }
    Ok(())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_faces_marker_names_the_optional_methods() {
        let o = parse_store(&json!({"methods": ["list_sessions", "listSubkeys"]})).unwrap();
        assert_eq!(
            o,
            Some(SessionStoreOption::Host {
                methods: vec![StoreMethod::ListSessions, StoreMethod::ListSubkeys]
            })
        );
        assert!(parse_store(&json!({"methods": ["rewind"]})).is_err());
        assert_eq!(parse_store(&Value::Null).unwrap(), None);
    }

    #[test]
    fn store_checks_speak_as_the_reference() {
        let e = crate::Options::from_json(&json!({
            "session_store": {"methods": []}, "continue_conversation": true}))
        .unwrap_err();
        assert_eq!(
            e.message,
            "continue_conversation with session_store requires the store to implement list_sessions()"
        );
        // resume wins over continue: a store without list_sessions is fine.
        assert!(crate::Options::from_json(&json!({"session_store": true,
            "continue_conversation": true, "resume": "x"}))
        .is_ok());
        let e = crate::Options::from_json(&json!({"session_store": true,
            "enable_file_checkpointing": true}))
        .unwrap_err();
        assert!(e
            .message
            .starts_with("session_store cannot be combined with enable_file_checkpointing"));
        let o = crate::Options::from_json(&json!({"session_store": true,
            "session_store_flush": "eager", "load_timeout_ms": 5}))
        .unwrap();
        assert_eq!(o.session_store_flush, FlushMode::Eager);
        assert_eq!(o.load_timeout_ms, Some(5));
    }
}

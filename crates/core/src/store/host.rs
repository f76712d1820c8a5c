//! A host's own store (a Python or JavaScript object) seen as a [`SessionStore`]: each call
//! is a `session_store` control request the host answers with the object's method.

use std::sync::Arc;

use futures::future::BoxFuture;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::{
    SessionKey, SessionStore, SessionSummary, StoreError, StoreListEntry, StoreMethod, StoreResult,
};
use crate::host::Host;
use crate::protocol::control::{ControlRequest, ControlResponse, StoreCall};

/// The host's store, with the optional methods the host said it has.
#[derive(Clone)]
pub struct HostStore {
    host: Arc<dyn Host>,
    methods: Vec<StoreMethod>,
}

impl std::fmt::Debug for HostStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HostStore")
            .field("methods", &self.methods)
            .finish()
    }
}

impl HostStore {
    pub fn new(host: Arc<dyn Host>, methods: Vec<StoreMethod>) -> Self {
        HostStore { host, methods }
    }

    async fn call(&self, call: StoreCall) -> StoreResult<Value> {
        match self.host.control(ControlRequest::SessionStore(call)).await {
            Ok(ControlResponse::Store(v)) => Ok(v),
            Ok(_) => Ok(Value::Null),
            Err(text) => Err(StoreError::Failed(text)),
        }
    }

    async fn call_as<T: DeserializeOwned>(&self, call: StoreCall) -> StoreResult<T> {
        let method = call.method.clone();
        let v = self.call(call).await?;
        serde_json::from_value(v).map_err(|e| {
            StoreError::Failed(format!(
                "SessionStore.{method}() returned an unexpected value: {e}"
            ))
        })
    }
}

fn call(method: &str) -> StoreCall {
    StoreCall {
        method: method.into(),
        key: None,
        entries: None,
        project_key: None,
    }
}

/// A listing entry in either SDK's names (`session_id` / `sessionId`).
fn list_entry(v: &Value) -> Option<StoreListEntry> {
    Some(StoreListEntry {
        session_id: v
            .get("session_id")
            .or_else(|| v.get("sessionId"))?
            .as_str()?
            .to_string(),
        mtime: v.get("mtime")?.as_f64().map(|m| m.max(0.0) as u64)?,
    })
}

impl SessionStore for HostStore {
    fn append<'a>(
        &'a self,
        key: &'a SessionKey,
        entries: &'a [Value],
    ) -> BoxFuture<'a, StoreResult<()>> {
        Box::pin(async move {
            self.call(StoreCall {
                key: Some(key.clone()),
                entries: Some(entries.to_vec()),
                ..call("append")
            })
            .await
            .map(|_| ())
        })
    }

    fn load<'a>(&'a self, key: &'a SessionKey) -> BoxFuture<'a, StoreResult<Option<Vec<Value>>>> {
        Box::pin(self.call_as(StoreCall {
            key: Some(key.clone()),
            ..call("load")
        }))
    }

    fn supports(&self, method: StoreMethod) -> bool {
        self.methods.contains(&method)
    }

    fn list_sessions<'a>(
        &'a self,
        project_key: &'a str,
    ) -> BoxFuture<'a, StoreResult<Vec<StoreListEntry>>> {
        Box::pin(async move {
            let v: Vec<Value> = self
                .call_as(StoreCall {
                    project_key: Some(project_key.into()),
                    ..call("list_sessions")
                })
                .await?;
            v.iter()
                .map(|e| {
                    list_entry(e).ok_or_else(|| {
                        StoreError::Failed(format!(
                            "SessionStore.list_sessions() returned an entry without session_id and mtime: {e}"
                        ))
                    })
                })
                .collect()
        })
    }

    fn list_session_summaries<'a>(
        &'a self,
        project_key: &'a str,
    ) -> BoxFuture<'a, StoreResult<Vec<SessionSummary>>> {
        Box::pin(async move {
            let v: Vec<Value> = self
                .call_as(StoreCall {
                    project_key: Some(project_key.into()),
                    ..call("list_session_summaries")
                })
                .await?;
            Ok(v.iter()
                .filter_map(|e| {
                    let head = list_entry(e)?;
                    Some(SessionSummary {
                        session_id: head.session_id,
                        mtime: head.mtime,
                        data: e.get("data")?.as_object()?.clone(),
                    })
                })
                .collect())
        })
    }

    fn delete<'a>(&'a self, key: &'a SessionKey) -> BoxFuture<'a, StoreResult<()>> {
        Box::pin(async move {
            self.call(StoreCall {
                key: Some(key.clone()),
                ..call("delete")
            })
            .await
            .map(|_| ())
        })
    }

    fn list_subkeys<'a>(
        &'a self,
        project_key: &'a str,
        session_id: &'a str,
    ) -> BoxFuture<'a, StoreResult<Vec<String>>> {
        Box::pin(self.call_as(StoreCall {
            key: Some(SessionKey::main(project_key, session_id)),
            ..call("list_subkeys")
        }))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::store::InMemorySessionStore;
    use serde_json::json;

    /// A host that answers store calls with an in-memory store, as a face would with the
    /// user's object.
    struct Answering(InMemorySessionStore);

    impl Host for Answering {
        fn control(
            &self,
            request: ControlRequest,
        ) -> BoxFuture<'_, Result<ControlResponse, String>> {
            Box::pin(async move {
                let ControlRequest::SessionStore(c) = request else {
                    return Err("not a store call".into());
                };
                let s = &self.0;
                let key = c.key.clone().unwrap_or_else(|| SessionKey::main("", ""));
                let pk = c.project_key.clone().unwrap_or_default();
                let e = |e: StoreError| e.to_string();
                let v = match c.method.as_str() {
                    "append" => {
                        s.append(&key, c.entries.as_deref().unwrap_or(&[]))
                            .await
                            .map_err(e)?;
                        Value::Null
                    }
                    "load" => json!(s.load(&key).await.map_err(e)?),
                    "list_sessions" => json!(s.list_sessions(&pk).await.map_err(e)?),
                    "list_session_summaries" => {
                        json!(s.list_session_summaries(&pk).await.map_err(e)?)
                    }
                    "delete" => {
                        s.delete(&key).await.map_err(e)?;
                        Value::Null
                    }
                    "list_subkeys" => json!(s
                        .list_subkeys(&key.project_key, &key.session_id)
                        .await
                        .map_err(e)?),
                    m => return Err(format!("no method {m}")),
                };
                Ok(ControlResponse::Store(v))
            })
        }
    }

    #[test]
    fn a_host_store_keeps_the_contracts() {
        let run = crate::store::conformance::run(
            || async {
                Ok::<_, String>(HostStore::new(
                    Arc::new(Answering(InMemorySessionStore::new())),
                    StoreMethod::ALL.to_vec(),
                ))
            },
            &[],
        );
        futures::executor::block_on(run).unwrap();
    }

    #[test]
    fn a_failing_host_is_a_store_error() {
        let store = HostStore::new(Arc::new(crate::host::NoHost), vec![]);
        let key = SessionKey::main("p", "s");
        let err = futures::executor::block_on(store.append(&key, &[])).unwrap_err();
        assert_eq!(
            err,
            StoreError::Failed("no host to answer session_store".into())
        );
        assert!(!store.supports(StoreMethod::Delete));
    }
}

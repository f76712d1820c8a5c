//! A store that connects on first use, so a face can make one with a plain constructor
//! (no await) and the connection is made by the first call that needs it. A failed
//! connection is the error of that call; the next call tries again.

use std::sync::Arc;

use futures::future::BoxFuture;
use oxagent_core::store::{
    SessionKey, SessionStore, SessionSummary, StoreListEntry, StoreMethod, StoreResult,
};
use serde_json::Value;
use tokio::sync::OnceCell;

type Connect =
    Box<dyn Fn() -> BoxFuture<'static, StoreResult<Arc<dyn SessionStore>>> + Send + Sync>;

/// See the module docs.
pub struct LazyStore {
    connect: Connect,
    store: OnceCell<Arc<dyn SessionStore>>,
}

impl LazyStore {
    /// A store of `url` ([`crate::open`]'s schemes) with these settings, connected on first
    /// use.
    pub fn new(
        url: &str,
        redis: crate::redis::Config,
        postgres: crate::postgres::Config,
    ) -> LazyStore {
        let url = url.to_string();
        LazyStore {
            connect: Box::new(move || {
                let (url, redis, postgres) = (url.clone(), redis.clone(), postgres.clone());
                Box::pin(async move { crate::open_with(&url, redis, postgres).await })
            }),
            store: OnceCell::new(),
        }
    }

    async fn store(&self) -> StoreResult<&Arc<dyn SessionStore>> {
        self.store.get_or_try_init(|| (self.connect)()).await
    }
}

impl SessionStore for LazyStore {
    fn append<'a>(
        &'a self,
        key: &'a SessionKey,
        entries: &'a [Value],
    ) -> BoxFuture<'a, StoreResult<()>> {
        Box::pin(async move { self.store().await?.append(key, entries).await })
    }

    fn load<'a>(&'a self, key: &'a SessionKey) -> BoxFuture<'a, StoreResult<Option<Vec<Value>>>> {
        Box::pin(async move { self.store().await?.load(key).await })
    }

    fn supports(&self, _method: StoreMethod) -> bool {
        // Both server stores have every optional method.
        true
    }

    fn list_sessions<'a>(
        &'a self,
        project_key: &'a str,
    ) -> BoxFuture<'a, StoreResult<Vec<StoreListEntry>>> {
        Box::pin(async move { self.store().await?.list_sessions(project_key).await })
    }

    fn list_session_summaries<'a>(
        &'a self,
        project_key: &'a str,
    ) -> BoxFuture<'a, StoreResult<Vec<SessionSummary>>> {
        Box::pin(async move {
            self.store()
                .await?
                .list_session_summaries(project_key)
                .await
        })
    }

    fn delete<'a>(&'a self, key: &'a SessionKey) -> BoxFuture<'a, StoreResult<()>> {
        Box::pin(async move { self.store().await?.delete(key).await })
    }

    fn list_subkeys<'a>(
        &'a self,
        project_key: &'a str,
        session_id: &'a str,
    ) -> BoxFuture<'a, StoreResult<Vec<String>>> {
        Box::pin(async move {
            self.store()
                .await?
                .list_subkeys(project_key, session_id)
                .await
        })
    }
}

//! oxagent-stores: session stores on servers, so a session started on one host resumes on
//! any other. [`RedisSessionStore`] and [`PostgresSessionStore`] implement
//! [`oxagent_core::store::SessionStore`] with every optional method; [`open`] picks one by
//! the URL's scheme.
//!
//! ```no_run
//! # async fn demo() -> Result<(), oxagent_core::store::StoreError> {
//! let redis = oxagent_stores::open("redis://127.0.0.1:6379/").await?;
//! let postgres = oxagent_stores::open("postgres://me@127.0.0.1/agents").await?;
//! # Ok(()) }
//! ```
//!
//! Both keep what the documented `SessionStore` contracts ask (see
//! `oxagent_core::store::conformance`) and more:
//! - two processes appending to one session never interleave their batches or lose one (a
//!   batch is one atomic write; the summary is updated in the same write);
//! - write times come from the server's clock, so hosts with skewed clocks agree;
//! - the schema (tables, or nothing for Redis) is made on first use.
//!
//! The key and table layouts are documented in [`redis`] and [`postgres`].

mod lazy;
pub mod postgres;
pub mod redis;

use std::sync::Arc;

use oxagent_core::store::{SessionStore, StoreError};

pub use lazy::LazyStore;
pub use postgres::PostgresSessionStore;
pub use redis::RedisSessionStore;

/// A store for `url`: `redis://` / `rediss://` / `unix://` (Redis), `postgres://` /
/// `postgresql://` (PostgreSQL), with the default key prefix or table name.
pub async fn open(url: &str) -> Result<Arc<dyn SessionStore>, StoreError> {
    open_with(url, redis::Config::default(), postgres::Config::default()).await
}

/// [`open`] with the settings of either kind of store.
pub async fn open_with(
    url: &str,
    redis: redis::Config,
    postgres: postgres::Config,
) -> Result<Arc<dyn SessionStore>, StoreError> {
    let scheme = url.split("://").next().unwrap_or_default();
    match scheme {
        "redis" | "rediss" | "unix" | "redis+unix" => {
            Ok(Arc::new(RedisSessionStore::connect(url, redis).await?))
        }
        "postgres" | "postgresql" => Ok(Arc::new(
            PostgresSessionStore::connect(url, postgres).await?,
        )),
        _ => Err(StoreError::Failed(format!(
            "no session store for the URL scheme {scheme:?} (redis:// or postgres://)"
        ))),
    }
}

pub(crate) fn failed(e: impl std::fmt::Display) -> StoreError {
    StoreError::Failed(e.to_string())
}

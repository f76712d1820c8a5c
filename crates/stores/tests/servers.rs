//! The stores against real servers (`scripts/with-test-services.sh` starts them and sets
//! `OXAGENT_TEST_REDIS_URL` / `OXAGENT_TEST_POSTGRES_URL`; without them these tests say so
//! and pass): the documented contracts, and two clients appending to one session at once.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Arc;

use oxagent_core::store::{conformance, SessionKey, SessionStore};
use oxagent_stores::{postgres, redis, PostgresSessionStore, RedisSessionStore};
use serde_json::{json, Value};

fn url(var: &str) -> Option<String> {
    let url = std::env::var(var).ok().filter(|u| !u.is_empty());
    if url.is_none() {
        println!("skipped: {var} is not set (run under scripts/with-test-services.sh)");
    }
    url
}

fn fresh_name() -> String {
    format!("t{}", uuid::Uuid::new_v4().simple())
}

async fn redis_store(url: &str) -> Result<RedisSessionStore, String> {
    let config = redis::Config {
        prefix: fresh_name(),
        ..Default::default()
    };
    RedisSessionStore::connect(url, config)
        .await
        .map_err(|e| e.to_string())
}

async fn postgres_store(url: &str) -> Result<PostgresSessionStore, String> {
    let config = postgres::Config {
        table_prefix: fresh_name(),
        pool_size: 4,
    };
    PostgresSessionStore::connect(url, config)
        .await
        .map_err(|e| e.to_string())
}

#[tokio::test]
async fn redis_keeps_the_contracts() {
    let Some(url) = url("OXAGENT_TEST_REDIS_URL") else {
        return;
    };
    conformance::run(|| redis_store(&url), &[]).await.unwrap();
}

#[tokio::test]
async fn postgres_keeps_the_contracts() {
    let Some(url) = url("OXAGENT_TEST_POSTGRES_URL") else {
        return;
    };
    conformance::run(|| postgres_store(&url), &[])
        .await
        .unwrap();
}

/// Two clients (two pools, as two processes would have) append 40 batches of 25 entries
/// each to one session at the same time: every batch is there, whole and in its own order,
/// and the summary saw every batch.
async fn appends_never_interleave(a: Arc<dyn SessionStore>, b: Arc<dyn SessionStore>) {
    let key = SessionKey::main("proj", "shared");
    let writer = |store: Arc<dyn SessionStore>, who: &'static str| {
        let key = key.clone();
        tokio::spawn(async move {
            for batch in 0..40 {
                let entries: Vec<Value> = (0..25)
                    .map(|i| {
                        json!({"type": "user", "who": who, "batch": batch, "i": i,
                                    "customTitle": format!("{who}-{batch}")})
                    })
                    .collect();
                store.append(&key, &entries).await.unwrap();
            }
        })
    };
    let (x, y) = (writer(a.clone(), "a"), writer(b.clone(), "b"));
    x.await.unwrap();
    y.await.unwrap();
    let all = a.load(&key).await.unwrap().unwrap();
    assert_eq!(all.len(), 2 * 40 * 25);
    for chunk in all.chunks(25) {
        let (who, batch) = (&chunk[0]["who"], &chunk[0]["batch"]);
        for (i, e) in chunk.iter().enumerate() {
            assert_eq!(
                (&e["who"], &e["batch"], e["i"].as_u64()),
                (who, batch, Some(i as u64))
            );
        }
    }
    for who in ["a", "b"] {
        let order: Vec<u64> = all
            .iter()
            .filter(|e| e["who"] == who && e["i"] == 0)
            .map(|e| e["batch"].as_u64().unwrap())
            .collect();
        assert_eq!(order, (0..40).collect::<Vec<_>>());
    }
    // The summary followed the last batch written.
    let summaries = b.list_session_summaries("proj").await.unwrap();
    let last = all.last().unwrap()["customTitle"].clone();
    assert_eq!(summaries[0].data["custom_title"], last);
}

#[tokio::test]
async fn redis_appends_from_two_clients_never_interleave() {
    let Some(url) = url("OXAGENT_TEST_REDIS_URL") else {
        return;
    };
    let prefix = fresh_name();
    let connect = || async {
        let config = redis::Config {
            prefix: prefix.clone(),
            connections: 2,
        };
        Arc::new(RedisSessionStore::connect(&url, config).await.unwrap()) as Arc<dyn SessionStore>
    };
    appends_never_interleave(connect().await, connect().await).await;
}

#[tokio::test]
async fn postgres_appends_from_two_clients_never_interleave() {
    let Some(url) = url("OXAGENT_TEST_POSTGRES_URL") else {
        return;
    };
    let table_prefix = fresh_name();
    let connect = || async {
        let config = postgres::Config {
            table_prefix: table_prefix.clone(),
            pool_size: 4,
        };
        Arc::new(PostgresSessionStore::connect(&url, config).await.unwrap())
            as Arc<dyn SessionStore>
    };
    appends_never_interleave(connect().await, connect().await).await;
}

#[tokio::test]
async fn open_picks_the_store_by_scheme() {
    let Err(err) = oxagent_stores::open("memcached://x").await else {
        panic!("memcached:// opened a store");
    };
    assert!(err
        .to_string()
        .contains("no session store for the URL scheme"));
    if let Some(url) = url("OXAGENT_TEST_POSTGRES_URL") {
        // The default tables, made on first use (twice: the second finds them).
        oxagent_stores::open(&url).await.unwrap();
        oxagent_stores::open(&url).await.unwrap();
    }
}

#[tokio::test]
async fn entries_come_back_as_they_went_in() {
    let entries = vec![
        json!({"type": "user", "text": "nul \u{0} and émoji 🦀", "z": 1, "a": [1, {"b": null}]}),
    ];
    let key = SessionKey::main("p", "s").sub("subagents/agent-1");
    if let Some(url) = url("OXAGENT_TEST_POSTGRES_URL") {
        let store = postgres_store(&url).await.unwrap();
        store.append(&key, &entries).await.unwrap();
        assert_eq!(store.load(&key).await.unwrap(), Some(entries.clone()));
    }
    if let Some(url) = url("OXAGENT_TEST_REDIS_URL") {
        let store = redis_store(&url).await.unwrap();
        store.append(&key, &entries).await.unwrap();
        assert_eq!(store.load(&key).await.unwrap(), Some(entries.clone()));
    }
}

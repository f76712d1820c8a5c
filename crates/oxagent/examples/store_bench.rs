//! Session stores under load: 100 concurrent sessions of 10 turns each mirror into a store
//! (in memory, then Redis and PostgreSQL when `OXAGENT_TEST_REDIS_URL` /
//! `OXAGENT_TEST_POSTGRES_URL` are set, as `scripts/with-test-services.sh` sets them). Prints
//! entries appended per second, append latency (p50, p99), and checks that nothing was lost:
//! every session's transcript loads back from the store row for row. Then the store alone:
//! as many writers appending as many batches, without sessions.
//!
//! `just bench` runs it; `cargo run --release -p oxagent --example store_bench [SESSIONS TURNS]`.

#![allow(clippy::expect_used, clippy::unwrap_used)]

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures::future::BoxFuture;
use futures::StreamExt;
use oxagent::store::{
    postgres, redis, InMemorySessionStore, PostgresSessionStore, RedisSessionStore, SessionKey,
    SessionStore, SessionSummary, StoreListEntry, StoreMethod, StoreResult,
};
use oxagent::{Client, Message, Options, SessionStoreOption};
use oxagent_testkit::ScriptedServer;
use serde_json::{json, Value};

/// Times every append of the store it wraps.
struct Timed {
    inner: Arc<dyn SessionStore>,
    appends: Mutex<Vec<(Duration, usize)>>,
}

impl SessionStore for Timed {
    fn append<'a>(
        &'a self,
        key: &'a SessionKey,
        entries: &'a [Value],
    ) -> BoxFuture<'a, StoreResult<()>> {
        Box::pin(async move {
            let t = Instant::now();
            let r = self.inner.append(key, entries).await;
            self.appends
                .lock()
                .unwrap()
                .push((t.elapsed(), entries.len()));
            r
        })
    }
    fn load<'a>(&'a self, key: &'a SessionKey) -> BoxFuture<'a, StoreResult<Option<Vec<Value>>>> {
        self.inner.load(key)
    }
    fn supports(&self, m: StoreMethod) -> bool {
        self.inner.supports(m)
    }
    fn list_sessions<'a>(&'a self, pk: &'a str) -> BoxFuture<'a, StoreResult<Vec<StoreListEntry>>> {
        self.inner.list_sessions(pk)
    }
    fn list_session_summaries<'a>(
        &'a self,
        pk: &'a str,
    ) -> BoxFuture<'a, StoreResult<Vec<SessionSummary>>> {
        self.inner.list_session_summaries(pk)
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1]
}

async fn bench(name: &str, store: Arc<dyn SessionStore>, url: &str, sessions: usize, turns: usize) {
    let timed = Arc::new(Timed {
        inner: store,
        appends: Mutex::new(Vec::new()),
    });
    let root =
        std::env::temp_dir().join(format!("oxagent-store-bench-{}-{name}", std::process::id()));
    let started = Instant::now();
    let mut runs = Vec::new();
    for i in 0..sessions {
        let (timed, url, root) = (timed.clone(), url.to_string(), root.clone());
        runs.push(tokio::spawn(async move {
            let home = root.join(format!("home{i}"));
            let cwd = root.join("ws");
            std::fs::create_dir_all(&home).unwrap();
            std::fs::create_dir_all(&cwd).unwrap();
            let mut options = Options::from_json(&json!({
                "cwd": cwd.to_string_lossy(), "setting_sources": [], "tools": [],
                "env": {"ANTHROPIC_BASE_URL": url, "ANTHROPIC_API_KEY": "sk-test",
                        "HOME": home.to_string_lossy()},
            }))
            .unwrap();
            options.session_store = Some(SessionStoreOption::Native(timed));
            let client = Client::connect(options, Default::default()).unwrap();
            for turn in 0..turns {
                client
                    .query(&format!("Turn {turn} of session {i}"))
                    .unwrap();
                let mut replies = client.receive_response();
                while let Some(m) = replies.next().await {
                    if let Ok(Message::System(s)) = m {
                        assert_ne!(s.subtype(), "mirror_error", "store error: {s:?}");
                    }
                }
            }
            let id = client.session_id().to_string();
            // The session ends (its last rows flushed) once its events do.
            client.end_input();
            while client.receive_response().next().await.is_some() {}
            let transcript = home
                .join(".claude/projects")
                .join(oxagent::store::project_key(&cwd))
                .join(format!("{id}.jsonl"));
            (id, oxagent::store::project_key(&cwd), transcript)
        }));
    }
    let mut done = Vec::new();
    for r in runs {
        done.push(r.await.unwrap());
    }
    let elapsed = started.elapsed();
    // Nothing lost: every row of every local transcript is in the store, in order.
    let mut rows = 0;
    for (id, pk, transcript) in &done {
        let local: Vec<Value> = std::fs::read_to_string(transcript)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let stored = timed
            .load(&SessionKey::main(pk.as_str(), id.as_str()))
            .await
            .unwrap()
            .unwrap();
        assert_eq!(stored.len(), local.len(), "session {id}: rows lost");
        for (a, b) in stored.iter().zip(&local) {
            assert_eq!(a["uuid"], b["uuid"]);
            assert_eq!(a["type"], b["type"]);
        }
        rows += local.len();
    }
    let mut lat: Vec<Duration> = timed
        .appends
        .lock()
        .unwrap()
        .iter()
        .map(|(d, _)| *d)
        .collect();
    let entries: usize = timed.appends.lock().unwrap().iter().map(|(_, n)| n).sum();
    lat.sort();
    println!(
        "{name:>8}: {sessions} sessions x {turns} turns in {:.2} s; {entries} entries in {} appends, \
         {:.0} entries/s; append p50 {:.2} ms, p99 {:.2} ms; {rows} rows loaded back, none lost",
        elapsed.as_secs_f64(),
        lat.len(),
        entries as f64 / elapsed.as_secs_f64(),
        percentile(&lat, 0.5).as_secs_f64() * 1000.0,
        percentile(&lat, 0.99).as_secs_f64() * 1000.0,
    );
    assert_eq!(entries, rows, "every entry appended once");
    let _ = std::fs::remove_dir_all(&root);
}

/// The store alone, without sessions: `writers` tasks each append `batches` batches of 4
/// entries to a session of their own.
async fn raw(name: &str, store: Arc<dyn SessionStore>, writers: usize, batches: usize) {
    let started = Instant::now();
    let mut tasks = Vec::new();
    for w in 0..writers {
        let store = store.clone();
        tasks.push(tokio::spawn(async move {
            let key = SessionKey::main("raw", format!("writer-{w}"));
            let mut lat = Vec::new();
            for b in 0..batches {
                let entries: Vec<Value> = (0..4)
                    .map(|i| json!({"type": "user", "uuid": format!("{w}-{b}-{i}"), "message": {"role": "user", "content": "x".repeat(200)}}))
                    .collect();
                let t = Instant::now();
                store.append(&key, &entries).await.unwrap();
                lat.push(t.elapsed());
            }
            let back = store.load(&key).await.unwrap().unwrap();
            assert_eq!(back.len(), batches * 4, "entries lost");
            lat
        }));
    }
    let mut lat = Vec::new();
    for t in tasks {
        lat.extend(t.await.unwrap());
    }
    let elapsed = started.elapsed();
    lat.sort();
    println!(
        "{name:>8} (store alone): {writers} writers x {batches} appends of 4 entries: {:.0} entries/s; \
         append p50 {:.2} ms, p99 {:.2} ms; all loaded back",
        (writers * batches * 4) as f64 / elapsed.as_secs_f64(),
        percentile(&lat, 0.5).as_secs_f64() * 1000.0,
        percentile(&lat, 0.99).as_secs_f64() * 1000.0,
    );
}

#[tokio::main]
async fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<usize>().ok());
    let sessions = args.next().flatten().unwrap_or(100);
    let turns = args.next().flatten().unwrap_or(10);
    let script = json!({"default": {"content": [{"type": "text", "text": "Done."}]}});
    let server = ScriptedServer::start(script).await.expect("server");
    let url = server.url();
    let ns = format!("bench{}", std::process::id());
    bench(
        "memory",
        Arc::new(InMemorySessionStore::new()),
        &url,
        sessions,
        turns,
    )
    .await;
    match std::env::var("OXAGENT_TEST_REDIS_URL") {
        Ok(u) => {
            let config = redis::Config {
                prefix: ns.clone(),
                ..Default::default()
            };
            let store = Arc::new(RedisSessionStore::connect(&u, config).await.expect("redis"));
            bench("redis", store.clone(), &url, sessions, turns).await;
            raw("redis", store, sessions, turns).await;
        }
        Err(_) => println!("   redis: skipped (OXAGENT_TEST_REDIS_URL is not set)"),
    }
    match std::env::var("OXAGENT_TEST_POSTGRES_URL") {
        Ok(u) => {
            let config = postgres::Config {
                table_prefix: ns.clone(),
                ..Default::default()
            };
            let store = PostgresSessionStore::connect(&u, config)
                .await
                .expect("postgres");
            bench("postgres", Arc::new(store), &url, sessions, turns).await;
        }
        Err(_) => println!("postgres: skipped (OXAGENT_TEST_POSTGRES_URL is not set)"),
    }
}

//! What the Rust face adds to one turn: a 1-turn `query()` against the scripted Messages API
//! server, timed against a bare streaming request to the same server for the same answer.
//! `just bench` runs it; `cargo run --release -p oxagent --example one_turn_overhead [N]`.

#![allow(clippy::expect_used)]

use std::time::{Duration, Instant};

use futures::StreamExt;
use oxagent::{Message, Options};
use oxagent_testkit::ScriptedServer;
use serde_json::json;

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

#[tokio::main]
async fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(300);
    let script = json!({"default": {"content": [{"type": "text", "text": "Hello there!"}]}});
    let server = ScriptedServer::start(script).await.expect("server");
    let home = std::env::temp_dir().join(format!("oxagent-overhead-{}", std::process::id()));
    std::fs::create_dir_all(&home).expect("home");
    let options = || {
        Options::from_json(&json!({
            "cwd": home.to_string_lossy(),
            "setting_sources": [],
            "env": {"ANTHROPIC_BASE_URL": server.url(), "ANTHROPIC_API_KEY": "sk-test",
                    "HOME": home.to_string_lossy()},
        }))
        .expect("options")
    };
    let body = json!({"model": "claude-opus-5-5", "max_tokens": 1024, "stream": true,
        "messages": [{"role": "user", "content": "Hi"}]});
    let http = reqwest::Client::new();
    let url = format!("{}/v1/messages", server.url());
    let mut bare = Vec::new();
    let mut turns = Vec::new();
    for i in 0..n + 20 {
        let t = Instant::now();
        let bytes = http
            .post(&url)
            .header("x-api-key", "sk-test")
            .header("anthropic-version", "2023-06-01")
            .json(&body)
            .send()
            .await
            .expect("request")
            .bytes()
            .await
            .expect("body");
        assert!(!bytes.is_empty());
        let bare_time = t.elapsed();
        let t = Instant::now();
        let mut messages = oxagent::query("Hi", options());
        let mut done = false;
        while let Some(m) = messages.next().await {
            done |= matches!(m.expect("message"), Message::Result(_));
        }
        let turn_time = t.elapsed();
        assert!(done);
        if i >= 20 {
            bare.push(bare_time);
            turns.push(turn_time);
        }
    }
    let (b, q) = (median(bare), median(turns));
    println!("one_turn_overhead: {n} runs after 20 warm-up runs");
    println!("  bare streaming request to the scripted server: median {b:?}");
    println!("  oxagent::query() 1-turn, to its result:        median {q:?}");
    println!(
        "  overhead of the Rust face:                      {:?}",
        q.saturating_sub(b)
    );
    let _ = std::fs::remove_dir_all(&home);
}

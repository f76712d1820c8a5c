//! N concurrent sessions of one prompt each, the Rust face of the programs `just bench` runs
//! under every SDK (benches/py_sessions.py, benches/node_sessions.mjs): same arguments, same
//! JSON line of in-process timings.
//!
//! ```text
//! face_sessions CWD N [PROMPT]     # BENCH_REPEAT=R batches, BENCH_PARTIAL=1 partial messages
//! ```

#![allow(clippy::expect_used)]

// The program allocates with mimalloc, as the Python and Node bindings do: a Rust program picks
// its own allocator, and glibc's malloc spent about a third of the CPU of 10,000 sessions in
// its free lists (`_int_malloc`, `malloc_consolidate`).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::time::{Instant, SystemTime, UNIX_EPOCH};

use futures::StreamExt;
use oxagent::{Message, Options};
use serde_json::json;

fn epoch() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs_f64())
        .unwrap_or(0.0)
}

/// One session to its end; the times of its stream events, from `origin`.
async fn one(cwd: String, prompt: String, partial: bool, origin: Instant) -> Vec<f64> {
    let options = Options::from_json(&json!({
        "cwd": cwd, "permission_mode": "bypassPermissions", "include_partial_messages": partial,
    }))
    .expect("options");
    let mut events = Vec::new();
    let mut messages = oxagent::query(prompt, options);
    while let Some(message) = messages.next().await {
        match message.expect("message") {
            Message::StreamEvent(_) => events.push(origin.elapsed().as_secs_f64()),
            Message::Result(r) if r.is_error => panic!("error result: {:?}", r.subtype),
            _ => {}
        }
    }
    events
}

#[tokio::main]
async fn main() {
    let t_start = epoch();
    let args: Vec<String> = std::env::args().collect();
    let cwd = args
        .get(1)
        .cloned()
        .expect("usage: face_sessions CWD N [PROMPT]");
    let n: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1);
    let prompt = args.get(3).cloned().unwrap_or_else(|| "Do the task".into());
    let repeat: usize = std::env::var("BENCH_REPEAT")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(1);
    let partial = std::env::var("BENCH_PARTIAL").as_deref() == Ok("1");
    let origin = Instant::now();
    let mut runs = Vec::new();
    let mut events = Vec::new();
    for _ in 0..repeat {
        let t = Instant::now();
        let batch = (0..n).map(|_| tokio::spawn(one(cwd.clone(), prompt.clone(), partial, origin)));
        for handle in futures::future::join_all(batch).await {
            events.extend(handle.expect("session task"));
        }
        runs.push(t.elapsed().as_secs_f64());
    }
    events.sort_by(f64::total_cmp);
    let stream = match (events.first(), events.last()) {
        (Some(a), Some(b)) => json!(b - a),
        _ => json!(null),
    };
    println!(
        "{}",
        json!({"import": 0.0, "runs": runs, "events": events.len(), "stream": stream,
               "t_start": t_start, "t_end": epoch()})
    );
}

//! The API key, the auth token and custom `Authorization` headers never reach what a session
//! writes or says: transcripts, the debug file, cassettes, messages and error texts, whether
//! the requests succeed, are retried or fail.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use futures::StreamExt;
use oxagent::{Message, Options};
use oxagent_testkit::ScriptedServer;
use serde_json::{json, Value};

const KEY: &str = "sk-ant-SECRET-KEY-0042";
const TOKEN: &str = "SECRET-TOKEN-0043";
const HEADER: &str = "SECRET-HEADER-0044";

/// Every file under `dir`, as text.
fn all_files(dir: &std::path::Path, out: &mut Vec<(String, String)>) {
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            all_files(&path, out);
        } else if let Ok(text) = std::fs::read(&path) {
            out.push((
                path.display().to_string(),
                String::from_utf8_lossy(&text).to_string(),
            ));
        }
    }
}

fn assert_clean(what: &str, text: &str) {
    for secret in [KEY, TOKEN, HEADER] {
        assert!(!text.contains(secret), "{what} holds {secret}: {text}");
    }
}

async fn run(script: Value, dir: &std::path::Path, tag: &str) -> Vec<Message> {
    let server = ScriptedServer::start(script).await.unwrap();
    let mut options = Options::from_json(&json!({
        "cwd": dir.join("work").to_string_lossy(),
        "setting_sources": [],
        "allowed_tools": ["Read"],
        "env": {
            "ANTHROPIC_BASE_URL": server.url(), "ANTHROPIC_API_KEY": KEY,
            "ANTHROPIC_AUTH_TOKEN": TOKEN,
            "ANTHROPIC_CUSTOM_HEADERS": format!("Authorization: Bearer {HEADER}\nX-Extra: {HEADER}"),
            "HOME": dir.to_string_lossy(), "CLAUDE_CODE_MAX_RETRIES": "1",
            "OXAGENT_CASSETTE": dir.join(format!("cassettes/{tag}.jsonl")).to_string_lossy(),
            "OXAGENT_CASSETTE_MODE": "record",
        },
    }))
    .unwrap();
    options.debug_file = Some(dir.join(format!("debug-{tag}.log")));
    let messages: Vec<Message> = oxagent::query("Read notes.txt", options)
        .map(|m| m.unwrap())
        .collect()
        .await;
    // The server did receive them: the check below is not vacuous.
    let seen = serde_json::to_string(
        &server
            .requests()
            .iter()
            .map(|r| r.headers.clone())
            .collect::<Vec<_>>(),
    )
    .unwrap();
    assert!(
        seen.contains(KEY) || seen.contains(TOKEN),
        "the secrets never reached the server: {seen}"
    );
    messages
}

#[tokio::test]
async fn secrets_stay_out_of_everything_a_session_writes_or_says() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path().canonicalize().unwrap();
    std::fs::create_dir_all(dir.join("work")).unwrap();
    std::fs::write(dir.join("work/notes.txt"), "hello\n").unwrap();
    let ok = run(
        json!({"responses": [
            {"content": [{"type": "tool_use", "id": "toolu_01", "name": "Read", "input": {"file_path": "notes.txt"}}]},
            {"content": [{"type": "text", "text": "It says hello."}]},
        ]}),
        &dir,
        "ok",
    )
    .await;
    let retried = run(
        json!({"responses": [
            {"error": {"status": 529, "type": "overloaded_error", "message": "Overloaded"}},
            {"error": {"status": 401, "type": "authentication_error", "message": "invalid x-api-key"}},
        ]}),
        &dir,
        "failed",
    )
    .await;
    let Some(Message::Result(failed)) = retried.last() else {
        panic!("no result")
    };
    assert!(failed.is_error);
    for (what, messages) in [("messages", &ok), ("failed messages", &retried)] {
        assert_clean(what, &serde_json::to_string(messages).unwrap());
        assert_clean(what, &format!("{messages:?}"));
    }
    let mut files = Vec::new();
    all_files(&dir, &mut files);
    let names: Vec<&str> = files.iter().map(|(p, _)| p.as_str()).collect();
    assert!(
        names
            .iter()
            .any(|p| p.ends_with(".jsonl") && p.contains("/.claude/projects/")),
        "{names:?}"
    );
    assert!(
        names.iter().any(|p| p.ends_with("debug-failed.log")),
        "{names:?}"
    );
    assert!(
        names.iter().any(|p| p.ends_with("cassettes/failed.jsonl")),
        "{names:?}"
    );
    for (path, text) in &files {
        assert_clean(path, text);
    }
}

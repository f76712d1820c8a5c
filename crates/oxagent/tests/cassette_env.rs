//! `OXAGENT_CASSETTE` in a session's environment: a run is recorded once and replays offline
//! in another folder (the model's absolute paths follow the folder), and a replay whose
//! requests differ stops with the first difference.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use futures::StreamExt;
use oxagent::{Message, Options};
use oxagent_testkit::ScriptedServer;
use serde_json::{json, Value};

async fn run(prompt: &str, dir: &std::path::Path, env: Value) -> Vec<Message> {
    let mut e = json!({"HOME": dir.to_string_lossy()});
    e.as_object_mut()
        .unwrap()
        .extend(env.as_object().unwrap().clone());
    let options = Options::from_json(&json!({
        "cwd": dir.to_string_lossy(),
        "setting_sources": [],
        "allowed_tools": ["Read"],
        "env": e,
    }))
    .unwrap();
    oxagent::query(prompt, options)
        .map(|m| m.unwrap())
        .collect()
        .await
}

fn result_text(messages: &[Message]) -> String {
    match messages.last() {
        Some(Message::Result(r)) => r.result.clone().unwrap_or_default(),
        other => panic!("no result: {other:?}"),
    }
}

fn tool_results(messages: &[Message]) -> Vec<String> {
    serde_json::to_value(messages)
        .unwrap()
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["type"] == "user")
        .filter_map(|m| {
            m.pointer("/message/content/0/content")
                .map(|c| c.to_string())
        })
        .collect()
}

#[tokio::test]
async fn a_recorded_run_replays_offline_in_another_folder() {
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (a_path, b_path) = (
        a.path().canonicalize().unwrap(),
        b.path().canonicalize().unwrap(),
    );
    std::fs::write(a_path.join("note.txt"), "hello from the note").unwrap();
    std::fs::write(b_path.join("note.txt"), "hello from the note").unwrap();
    let server = ScriptedServer::start(json!({"responses": [
        {"content": [{"type": "tool_use", "id": "toolu_01", "name": "Read",
            "input": {"file_path": a_path.join("note.txt").to_string_lossy()}}]},
        {"content": [{"type": "text", "text": "It says hello."}]},
    ]}))
    .await
    .unwrap();
    let cassettes = tempfile::tempdir().unwrap();
    let cassette = cassettes.path().join("deep/run.jsonl");
    let path = cassette.to_string_lossy().to_string();

    let live = json!({"ANTHROPIC_BASE_URL": server.url(), "ANTHROPIC_API_KEY": "sk-test",
                      "OXAGENT_CASSETTE": path, "OXAGENT_CASSETTE_MODE": "record"});
    let recorded = run("Read the note", &a_path, live).await;
    assert_eq!(result_text(&recorded), "It says hello.");
    let text = std::fs::read_to_string(&cassette).unwrap();
    assert_eq!(text.lines().count(), 2);
    assert!(
        !text.contains(&a_path.to_string_lossy().to_string()),
        "{text}"
    );
    assert!(text.contains("<CWD>/note.txt"));
    assert_eq!(
        oxagent::cassette_status(&cassette),
        Some(json!({"mode": "record"}))
    );

    // Offline, from folder b: the model's call reads b's note.
    let offline = json!({"ANTHROPIC_BASE_URL": "http://127.0.0.1:9", "ANTHROPIC_API_KEY": "sk-none",
                         "OXAGENT_CASSETTE": path});
    let replayed = run("Read the note", &b_path, offline.clone()).await;
    assert_eq!(result_text(&replayed), "It says hello.");
    assert_eq!(tool_results(&replayed), tool_results(&recorded));
    assert!(serde_json::to_string(&replayed)
        .unwrap()
        .contains(&b_path.join("note.txt").to_string_lossy().to_string()));
    assert_eq!(
        oxagent::cassette_status(&cassette),
        Some(json!({"mode": "replay", "served": 2, "recorded": 2, "diverged": null}))
    );

    // Another prompt: the first request differs, and the session says where.
    oxagent::close_cassette(&cassette);
    let diverged = run("Read the other note", &b_path, offline).await;
    let Some(Message::Result(r)) = diverged.last() else {
        panic!("no result")
    };
    assert!(r.is_error);
    let status = oxagent::cassette_status(&cassette).unwrap();
    let why = status["diverged"].as_str().unwrap();
    assert!(
        why.starts_with("cassette diverged at exchange 1: messages"),
        "{why}"
    );
    assert!(
        why.contains("Read the note") && why.contains("Read the other note"),
        "{why}"
    );
}

#[tokio::test]
async fn a_bad_mode_is_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let options = Options::from_json(&json!({
        "cwd": dir.path().to_string_lossy(),
        "env": {"OXAGENT_CASSETTE": dir.path().join("x.jsonl").to_string_lossy(),
                "OXAGENT_CASSETTE_MODE": "rewind", "ANTHROPIC_API_KEY": "sk"},
    }))
    .unwrap();
    let first = oxagent::query("hi", options).next().await.unwrap();
    let err = first.unwrap_err().to_string();
    assert!(
        err.contains("OXAGENT_CASSETTE_MODE must be record, replay or auto, not \"rewind\""),
        "{err}"
    );
}

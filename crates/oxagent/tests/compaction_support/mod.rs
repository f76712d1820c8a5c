//! What the compaction tests share: the session options against a scripted server, a
//! turn's messages, the requests the server saw, and the texts of a message.

#![allow(dead_code)]

use std::path::Path;

use futures::StreamExt;
use oxagent::{Client, Options};
use serde_json::{json, Value};

pub const SUMMARY_MARK: &str =
    "Your task is to create a detailed summary of the conversation so far";

pub fn options(url: &str, dir: &Path) -> Options {
    Options::from_json(&json!({
        "cwd": dir.to_string_lossy(),
        "permission_mode": "bypassPermissions",
        "env": {"ANTHROPIC_BASE_URL": url, "ANTHROPIC_API_KEY": "sk-test", "HOME": dir.to_string_lossy()},
    }))
    .unwrap()
}

pub async fn turn(client: &Client) -> Vec<Value> {
    client
        .receive_response()
        .map(|m| serde_json::to_value(m.unwrap()).unwrap())
        .collect()
        .await
}

pub fn requests(server: &oxagent_testkit::ServerHandle) -> Vec<Value> {
    server
        .requests()
        .into_iter()
        .filter(|r| r.path.starts_with("/v1/messages"))
        .filter_map(|r| r.body)
        .collect()
}

/// The texts of a message's blocks (a tool result's content).
pub fn texts(message: &Value) -> Vec<String> {
    match &message["content"] {
        Value::String(s) => vec![s.clone()],
        Value::Array(blocks) => blocks
            .iter()
            .map(|b| {
                b["text"]
                    .as_str()
                    .or(b["content"].as_str())
                    .unwrap_or("")
                    .to_string()
            })
            .collect(),
        _ => Vec::new(),
    }
}

//! PostToolBatch: once every call of a response has its result, the hooks get the calls with
//! the text the model reads of each, as the reference fires them in a headless session
//! (`tests/conformance/surface2/hooks_headless_events`).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use futures::StreamExt;
use oxagent::{Callbacks, HookCallback, HookMatcherFns, HookOutput, Options};
use oxagent_testkit::ScriptedServer;
use serde_json::{json, Value};

/// A batch's hook input and the id the hook was called with.
type Batch = (Value, Option<String>);

#[tokio::test]
async fn the_hooks_see_each_response_s_calls_with_their_results() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.txt"), "alpha\n").unwrap();
    let read = |id: &str| {
        json!({"type": "tool_use", "id": id, "name": "Read",
        "input": {"file_path": dir.path().join("a.txt").to_string_lossy()}})
    };
    let server = ScriptedServer::start(json!({"responses": [
        {"content": [{"type": "tool_use", "id": "toolu_01", "name": "Bash",
            "input": {"command": "touch x.txt", "description": "touch"}}]},
        {"content": [read("toolu_02"), read("toolu_03")]},
        {"content": [{"type": "text", "text": "Done."}]},
    ]}))
    .await
    .unwrap();
    let seen: Arc<Mutex<Vec<Batch>>> = Arc::default();
    let log = seen.clone();
    let hook: HookCallback = Arc::new(move |input, id| {
        log.lock()
            .unwrap()
            .push((serde_json::to_value(&input).unwrap(), id));
        Box::pin(async { HookOutput::default() })
    });
    let callbacks = Callbacks {
        can_use_tool: None,
        hooks: BTreeMap::from([(
            "PostToolBatch".to_string(),
            vec![HookMatcherFns {
                matcher: None,
                hooks: vec![hook],
            }],
        )]),
        ..Default::default()
    };
    let options = Options::from_json(&json!({
        "cwd": dir.path().to_string_lossy(),
        "setting_sources": [],
        "permission_mode": "dontAsk",
        "allowed_tools": ["Read"],
        "env": {"ANTHROPIC_BASE_URL": server.url(), "ANTHROPIC_API_KEY": "sk-test",
                "HOME": dir.path().to_string_lossy()},
    }))
    .unwrap();
    let messages: Vec<_> = oxagent::query_with("Look around", options, callbacks)
        .collect()
        .await;
    assert!(messages.iter().all(|m| m.is_ok()));
    let seen = seen.lock().unwrap();
    assert_eq!(seen.len(), 2, "one batch per response with calls");
    let (first, id) = &seen[0];
    assert!(id.as_deref().unwrap().starts_with("hook-"));
    assert_eq!(first["hook_event_name"], "PostToolBatch");
    assert_eq!(first["effort"], json!({"level": "medium"}));
    let calls = first["tool_calls"].as_array().unwrap();
    assert_eq!(calls.len(), 1);
    assert_eq!(calls[0]["tool_name"], "Bash");
    assert!(calls[0]["tool_response"]
        .as_str()
        .unwrap()
        .starts_with("Permission to use Bash has been denied"));
    let ids: Vec<&str> = seen[1].0["tool_calls"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["tool_use_id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["toolu_02", "toolu_03"]);
    assert!(seen[1].0["tool_calls"][0]["tool_response"]
        .as_str()
        .unwrap()
        .contains("alpha"));
}

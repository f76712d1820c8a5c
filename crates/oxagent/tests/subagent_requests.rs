//! What the model is sent for subagents, checked on the requests the scripted server received
//! for the recorded scenarios of `tests/conformance/subagents/`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[allow(dead_code)]
use crate::scenario;

use serde_json::{json, Value};

fn requests(name: &str) -> Vec<Value> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(scenario::run_scenario_with_requests(name)).1
}

/// A fork starts from its caller's conversation: the prompt, the response reduced to the
/// Agent call, then the call's "Fork started" result and the directive.
#[test]
fn a_fork_starts_from_the_callers_conversation() {
    let reqs = requests("subagents/subagent_fork");
    let fork = reqs
        .iter()
        .find(|r| r["messages"].to_string().contains("Fork started"))
        .expect("a request of the fork");
    assert_eq!(fork["model"], "claude-opus-5-5");
    let turns: Vec<&Value> = fork["messages"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["role"] != "system")
        .collect();
    assert_eq!(turns.len(), 3);
    let first = turns[0]["content"].as_array().unwrap().last().unwrap();
    assert_eq!(first["text"], "PARENT-PROMPT: delegate the work.");
    assert_eq!(
        turns[1]["content"],
        json!([{"type": "tool_use", "id": "toolu_A1", "name": "Agent", "input": {
            "description": "Read a file", "prompt": "SUB-PROMPT-A: read a.txt and report.",
            "subagent_type": "fork", "run_in_background": false}}])
    );
    let last = turns[2]["content"].as_array().unwrap();
    assert_eq!(
        last[0],
        json!({"type": "tool_result", "tool_use_id": "toolu_A1",
            "content": [{"type": "text", "text": "Fork started — that fork is you."}]})
    );
    let directive = last[1]["text"].as_str().unwrap();
    assert!(directive.starts_with("<fork-boilerplate>\n"), "{directive}");
    assert!(
        directive.ends_with(
            "</fork-boilerplate>\n\nYour directive: SUB-PROMPT-A: read a.txt and report."
        ),
        "{directive}"
    );
    // The caller's own next request holds the hand-back, not the fork's turns.
    let last_request = reqs.last().unwrap().to_string();
    assert!(last_request.contains("[Subagent hand-back]"));
    assert!(!last_request.contains("Fork started"));
}

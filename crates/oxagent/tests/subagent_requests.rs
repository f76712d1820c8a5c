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

fn messages(name: &str) -> Vec<Value> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(scenario::run_scenario(name)).messages
}

fn subtypes(messages: &[Value]) -> Vec<String> {
    messages
        .iter()
        .map(|m| {
            format!(
                "{}:{}",
                m["type"].as_str().unwrap(),
                m["subtype"].as_str().unwrap_or("")
            )
        })
        .collect()
}

/// A PreToolUse hook that denies the Agent call answers before any agent starts: no
/// `task_started`, no prompt; the denial names the tool `Task`, as `system/init` does.
#[test]
fn a_denied_agent_call_starts_no_agent() {
    let msgs = messages("variants-g/vg_hook_pre_deny_agent");
    assert_eq!(
        subtypes(&msgs),
        [
            "system:init",
            "assistant:",
            "user:",
            "assistant:",
            "result:success"
        ]
    );
    assert_eq!(
        msgs[2]["message"]["content"][0]["content"],
        "PreToolUse:Agent hook error: NO-AGENTS"
    );
    let denial = &msgs[4]["permission_denials"][0];
    assert_eq!(denial["tool_name"], "Task");
    assert_eq!(denial["tool_use_id"], "toolu_01");
}

/// With a PreToolUse hook that lets the Agent call through, the agent starts once the call
/// runs: `task_started`, then the prompt, right after the call.
#[test]
fn an_agent_call_a_hook_lets_through_starts_after_it() {
    let msgs = messages("subagents/subagent_hooks_order");
    let kinds = subtypes(&msgs);
    assert_eq!(
        kinds[..5],
        [
            "system:init",
            "assistant:",
            "assistant:",
            "system:task_started",
            "user:"
        ]
    );
    assert_eq!(msgs[4]["parent_tool_use_id"], "toolu_A1");
    assert_eq!(
        msgs[4]["message"]["content"][0]["text"],
        "SUB-PROMPT-A: read a.txt and report."
    );
}

/// An Agent call of a type that does not exist is answered while the response streams:
/// its error comes before the agent started beside it has finished.
#[test]
fn an_unknown_agent_type_is_answered_before_a_sibling_agent_ends() {
    let msgs = messages("variants-g/vg_sub_parallel_one_unknown");
    let kinds = subtypes(&msgs);
    assert_eq!(
        kinds[..7],
        [
            "system:init",
            "assistant:",
            "system:task_started",
            "user:",
            "assistant:",
            "user:",
            "system:task_updated"
        ]
    );
    assert_eq!(
        msgs[5]["message"]["content"][0]["content"],
        "Agent type 'no-such-agent' not found. Available agents: claude, Explore, \
         general-purpose, Plan, statusline-setup"
    );
}

//! Compaction as the reference does it in the `vc_compact_*` variants, through the Rust
//! facade: a 413 compacts like a prompt too long, a single round is compacted too, a second
//! refusal after a compaction ends the turn, PreCompact hooks that block or add
//! instructions, `/compact` twice, `" /compact"` as a prompt, an empty summary.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Arc;

use oxagent::{Callbacks, Client, HookCallback, HookMatcherFns, HookOutput};
use oxagent_testkit::ScriptedServer;
use serde_json::{json, Value};

use crate::compaction_support;

use compaction_support::{options, requests, texts, turn, SUMMARY_MARK};

const TRUNCATED: &str = "[earlier conversation truncated for compaction retry]";
const BLOCKED: &str = "Compaction blocked by PreCompact hook: [callback]";

fn is_summary(request: &Value) -> bool {
    request.to_string().contains(SUMMARY_MARK)
}

fn step(n: u32, input_tokens: u64) -> Value {
    json!({"content": [{"type": "text", "text": format!("Step {n}.")},
        {"type": "tool_use", "id": format!("toolu_0{n}"), "name": "Bash",
         "input": {"command": format!("echo s{n}"), "description": format!("step {n}")}}],
     "usage": {"input_tokens": input_tokens, "output_tokens": 50}})
}

fn summary() -> Value {
    json!({"content": [{"type": "text", "text": "<analysis>\nA.\n</analysis>\n\n<summary>\nVariant summary.\n</summary>"}],
        "match": SUMMARY_MARK})
}

fn kinds(messages: &[Value]) -> Vec<String> {
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

fn hook(output: Value) -> HookCallback {
    Arc::new(move |_input, _id| {
        let out: HookOutput = serde_json::from_value(output.clone()).unwrap();
        Box::pin(async move { out })
    })
}

fn with_hooks(hooks: &[(&str, Value)]) -> Callbacks {
    let mut callbacks = Callbacks::default();
    for (event, output) in hooks {
        callbacks.hooks.insert(
            (*event).into(),
            vec![HookMatcherFns {
                matcher: None,
                hooks: vec![hook(output.clone())],
            }],
        );
    }
    callbacks
}

#[tokio::test]
async fn a_request_too_large_is_compacted_like_a_prompt_too_long() {
    let dir = tempfile::tempdir().unwrap();
    let script = json!({"responses": [
        step(1, 100), step(2, 200),
        {"content": [], "error": {"status": 413, "type": "request_too_large",
            "message": "Request exceeds the maximum allowed number of bytes."}},
        summary(),
        {"content": [{"type": "text", "text": "All steps ran."}]},
    ]});
    let server = ScriptedServer::start(script).await.unwrap();
    let client = Client::connect(options(&server.url(), dir.path()), Callbacks::default()).unwrap();
    client.query("Run the steps and report").unwrap();
    let msgs = turn(&client).await;
    let result = msgs.last().unwrap();
    assert_eq!(result["subtype"], "success");
    assert_eq!(result["is_error"], false);
    assert_eq!(result["result"], "All steps ran.");
    assert!(msgs.iter().any(|m| m["subtype"] == "compact_boundary"));
    let reqs = requests(&server);
    assert_eq!(reqs.len(), 5);
    assert!(is_summary(&reqs[3]));
    assert!(texts(&reqs[4]["messages"][0])
        .concat()
        .contains("Variant summary."));
    client.disconnect();
}

#[tokio::test]
async fn a_single_round_too_long_is_compacted_without_its_prompt() {
    let dir = tempfile::tempdir().unwrap();
    let script = json!({"responses": [
        step(1, 1000),
        {"content": [], "error": {"status": 400, "type": "invalid_request_error",
            "message": "prompt is too long: 1000123 tokens > 1000000 maximum"}},
        summary(),
        {"content": [{"type": "text", "text": "All steps ran."}]},
    ]});
    let server = ScriptedServer::start(script).await.unwrap();
    let client = Client::connect(options(&server.url(), dir.path()), Callbacks::default()).unwrap();
    client.query("Run the steps and report").unwrap();
    let msgs = turn(&client).await;
    assert_eq!(msgs.last().unwrap()["result"], "All steps ran.");
    let boundary = msgs
        .iter()
        .find(|m| m["subtype"] == "compact_boundary")
        .unwrap();
    // Nothing is kept after the summary.
    assert!(boundary["compact_metadata"]
        .get("preserved_segment")
        .is_none_or(Value::is_null));
    let reqs = requests(&server);
    assert_eq!(reqs.len(), 4);
    // The summary request: the round, its prompt replaced by the truncation marker.
    let summary_msgs = reqs[2]["messages"].as_array().unwrap();
    assert_eq!(texts(&summary_msgs[0]).concat(), TRUNCATED);
    let all = reqs[2].to_string();
    assert!(!all.contains("Run the steps and report"));
    assert!(all.contains("Step 1."));
    // The next request: only the continuation.
    let next = reqs[3]["messages"].as_array().unwrap();
    assert_eq!(next.len(), 1);
    assert!(texts(&next[0])
        .concat()
        .contains("This session is being continued"));
    client.disconnect();
}

#[tokio::test]
async fn too_long_again_after_a_compaction_ends_the_turn() {
    let dir = tempfile::tempdir().unwrap();
    let too_long = json!({"content": [], "error": {"status": 400, "type": "invalid_request_error",
        "message": "prompt is too long: 1000456 tokens > 1000000 maximum"}});
    let script = json!({"responses": [step(1, 100), step(2, 200), too_long, summary(), too_long]});
    let server = ScriptedServer::start(script).await.unwrap();
    let client = Client::connect(options(&server.url(), dir.path()), Callbacks::default()).unwrap();
    client.query("Run the steps and report").unwrap();
    let msgs = turn(&client).await;
    let assistant = msgs
        .iter()
        .rev()
        .find(|m| m["type"] == "assistant")
        .unwrap();
    assert_eq!(
        assistant["message"]["content"][0]["text"],
        "Prompt is too long"
    );
    let result = msgs.last().unwrap();
    assert_eq!(result["result"], "Prompt is too long");
    assert_eq!(result["is_error"], true);
    assert_eq!(result["terminal_reason"], "prompt_too_long");
    // The usage of the main calls, not of the summary request.
    assert_eq!(result["usage"]["input_tokens"], 300);
    assert_eq!(result["usage"]["output_tokens"], 100);
    // One compaction only.
    assert_eq!(requests(&server).len(), 5);
    let boundaries = msgs
        .iter()
        .filter(|m| m["subtype"] == "compact_boundary")
        .count();
    assert_eq!(boundaries, 1);
    client.disconnect();
}

fn two_rounds() -> Vec<Value> {
    vec![
        json!({"content": [{"type": "text", "text": "Looking."},
            {"type": "tool_use", "id": "toolu_01", "name": "Bash",
             "input": {"command": "echo project-files", "description": "list"}}],
         "usage": {"input_tokens": 100, "output_tokens": 20}}),
        json!({"content": [{"type": "text", "text": "The project has files."}],
         "usage": {"input_tokens": 100, "output_tokens": 20}}),
    ]
}

#[tokio::test]
async fn a_blocked_manual_compaction_answers_with_the_block() {
    let dir = tempfile::tempdir().unwrap();
    let mut responses = two_rounds();
    responses.push(json!({"content": [{"type": "text", "text": "Answer after."}]}));
    let server = ScriptedServer::start(json!({ "responses": responses }))
        .await
        .unwrap();
    let callbacks = with_hooks(&[(
        "PreCompact",
        json!({"decision": "block", "reason": "No compaction please"}),
    )]);
    let client = Client::connect(options(&server.url(), dir.path()), callbacks).unwrap();
    client.query("Look at the project").unwrap();
    turn(&client).await;
    client.query("/compact").unwrap();
    let msgs = turn(&client).await;
    assert_eq!(
        kinds(&msgs),
        [
            "system:status",
            "system:status",
            "system:init",
            "assistant:",
            "result:success"
        ]
    );
    assert_eq!(msgs[1]["compact_result"], "failed");
    assert_eq!(msgs[1]["compact_error"], format!("skipped: {BLOCKED}"));
    assert_eq!(msgs[3]["message"]["content"][0]["text"], BLOCKED);
    assert_eq!(msgs[4]["result"], BLOCKED);
    assert_eq!(msgs[4]["is_error"], false);
    // The hook's reason is not shown.
    assert!(!serde_json::to_string(&msgs)
        .unwrap()
        .contains("No compaction please"));

    client.query("What did we do so far?").unwrap();
    turn(&client).await;
    let reqs = requests(&server);
    assert_eq!(reqs.len(), 3);
    let prompt = reqs[2]["messages"].as_array().unwrap().last().unwrap();
    let prompt = texts(prompt);
    let n = prompt.len();
    assert!(prompt[n - 4].starts_with("<local-command-caveat>"));
    assert!(prompt[n - 3].starts_with("<command-name>/compact</command-name>"));
    assert_eq!(
        prompt[n - 2],
        format!("<local-command-stderr>{BLOCKED}</local-command-stderr>\n")
    );
    assert_eq!(prompt[n - 1], "What did we do so far?");
    client.disconnect();
}

#[tokio::test]
async fn a_precompact_system_message_becomes_instructions() {
    let dir = tempfile::tempdir().unwrap();
    let mut responses = two_rounds();
    responses.push(summary());
    let server = ScriptedServer::start(json!({ "responses": responses }))
        .await
        .unwrap();
    let callbacks = with_hooks(&[
        ("PreCompact", json!({"systemMessage": "PRECOMPACT-SYS"})),
        ("PostCompact", json!({})),
    ]);
    let client = Client::connect(options(&server.url(), dir.path()), callbacks).unwrap();
    client.query("Look at the project").unwrap();
    turn(&client).await;
    client.query("/compact").unwrap();
    let msgs = turn(&client).await;
    let stdout = msgs.iter().rfind(|m| m["type"] == "user").unwrap();
    assert_eq!(
        stdout["message"]["content"],
        "<local-command-stdout>Compacted PreCompact [callback] completed successfully: PRECOMPACT-SYS\nPostCompact [callback] completed successfully</local-command-stdout>"
    );
    let reqs = requests(&server);
    let instruction = texts(reqs[2]["messages"].as_array().unwrap().last().unwrap())
        .last()
        .unwrap()
        .clone();
    assert!(instruction.contains("\n\nAdditional Instructions:\nPRECOMPACT-SYS"));
    client.disconnect();
}

#[tokio::test]
async fn a_precompact_answer_with_hook_specific_output_counts_as_empty() {
    let dir = tempfile::tempdir().unwrap();
    let mut responses = two_rounds();
    responses.push(summary());
    let server = ScriptedServer::start(json!({ "responses": responses }))
        .await
        .unwrap();
    let context = json!({"hookSpecificOutput": {"hookEventName": "PreCompact",
        "additionalContext": "CTX-COMPACT"}});
    let callbacks = with_hooks(&[("PreCompact", context)]);
    let client = Client::connect(options(&server.url(), dir.path()), callbacks).unwrap();
    client.query("Look at the project").unwrap();
    turn(&client).await;
    client.query("/compact").unwrap();
    let msgs = turn(&client).await;
    // The warning goes out with the boundary, after the compaction's statuses and init.
    let kinds = kinds(&msgs);
    assert_eq!(
        kinds[..5],
        [
            "system:status",
            "system:status",
            "system:init",
            "system:informational",
            "system:compact_boundary"
        ]
    );
    assert_eq!(
        msgs[3]["content"],
        "PreCompact: Hook callback hook_0 failed: the SDK host replied with an error or an \
         invalid answer. Its answer was treated as empty."
    );
    assert_eq!(msgs[3]["tag"], "hook_callback_failed");
    let reqs = requests(&server);
    let instruction = texts(reqs[2]["messages"].as_array().unwrap().last().unwrap());
    assert!(!instruction.last().unwrap().contains("CTX-COMPACT"));
    client.disconnect();
}

#[tokio::test]
async fn a_second_compact_summarizes_the_first_ones_record() {
    let dir = tempfile::tempdir().unwrap();
    let mut responses = two_rounds();
    responses.push(summary());
    responses.push(summary());
    responses.push(json!({"content": [{"type": "text", "text": "Answer after."}]}));
    let server = ScriptedServer::start(json!({ "responses": responses }))
        .await
        .unwrap();
    let client = Client::connect(options(&server.url(), dir.path()), Callbacks::default()).unwrap();
    client.query("Look at the project").unwrap();
    turn(&client).await;
    client.query("/compact").unwrap();
    turn(&client).await;
    client.query("/compact").unwrap();
    let second = turn(&client).await;
    let continuation = second
        .iter()
        .find(|m| m["type"] == "user")
        .map(|m| m["message"]["content"].as_str().unwrap().to_string())
        .unwrap();
    // The tools used before the first summary still count.
    assert!(continuation.contains("<tools-used-before-summary>Bash</tools-used-before-summary>"));
    client.query("What did we do so far?").unwrap();
    turn(&client).await;
    let reqs = requests(&server);
    assert_eq!(reqs.len(), 5);
    // The second summary request: the first /compact's record before the instruction.
    let last = texts(reqs[3]["messages"].as_array().unwrap().last().unwrap());
    let n = last.len();
    assert!(last[n - 4].starts_with("<local-command-caveat>"));
    assert!(last[n - 3].starts_with("<command-name>/compact</command-name>"));
    assert_eq!(
        last[n - 2],
        "<local-command-stdout>Compacted </local-command-stdout>\n"
    );
    assert!(last[n - 1].contains(SUMMARY_MARK));
    // After it: one record, the second one's.
    let after = reqs[4].to_string();
    assert_eq!(
        after
            .matches("<command-name>/compact</command-name>")
            .count(),
        1
    );
    client.disconnect();
}

#[tokio::test]
async fn a_compact_after_a_space_is_a_prompt() {
    let dir = tempfile::tempdir().unwrap();
    let mut responses = two_rounds();
    responses.push(json!({"content": [{"type": "text", "text": "Plain answer."}]}));
    let server = ScriptedServer::start(json!({ "responses": responses }))
        .await
        .unwrap();
    let client = Client::connect(options(&server.url(), dir.path()), Callbacks::default()).unwrap();
    client.query("Look at the project").unwrap();
    turn(&client).await;
    client.query(" /compact").unwrap();
    let msgs = turn(&client).await;
    assert_eq!(msgs.last().unwrap()["result"], "Plain answer.");
    assert!(!msgs.iter().any(|m| m["subtype"] == "status"));
    let reqs = requests(&server);
    assert_eq!(reqs.len(), 3);
    let prompt = texts(reqs[2]["messages"].as_array().unwrap().last().unwrap());
    assert_eq!(prompt.last().unwrap(), " /compact");
    client.disconnect();
}

#[tokio::test]
async fn an_empty_summary_fails_the_compaction() {
    let dir = tempfile::tempdir().unwrap();
    let mut responses = two_rounds();
    responses.push(json!({"content": [{"type": "text", "text": ""}], "match": SUMMARY_MARK}));
    let server = ScriptedServer::start(json!({ "responses": responses }))
        .await
        .unwrap();
    let client = Client::connect(options(&server.url(), dir.path()), Callbacks::default()).unwrap();
    client.query("Look at the project").unwrap();
    turn(&client).await;
    client.query("/compact").unwrap();
    let msgs = turn(&client).await;
    let failed = msgs
        .iter()
        .find(|m| m["compact_result"] == "failed")
        .unwrap();
    // A `/compact` names what failed (fuzz-g probes), in its status and its result.
    let text = "Error during compaction: summarization produced empty response";
    assert_eq!(failed["compact_error"], text);
    assert_eq!(msgs.last().unwrap()["result"], text);
    // Its record goes in front of the next prompt: the error output last.
    client.query("And now?").unwrap();
    turn(&client).await;
    let reqs = requests(&server);
    let prompt = texts(
        reqs.last().unwrap()["messages"]
            .as_array()
            .unwrap()
            .last()
            .unwrap(),
    );
    assert!(prompt.iter().any(|t| t.starts_with(&format!(
        "<local-command-stderr>{text}</local-command-stderr>"
    ))));
    assert_eq!(prompt.last().unwrap(), "And now?");
    client.disconnect();
}

//! Compaction through the Rust facade, beyond the shared scenarios: `/compact` in the middle
//! of a session with a PreCompact hook, the requests it sends, where cache breakpoints sit,
//! and the `/context` view.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::{Arc, Mutex};

use futures::StreamExt;
use oxagent::{Callbacks, Client, HookCallback, HookMatcherFns, HookOutput, Message};
use oxagent_testkit::ScriptedServer;
use serde_json::{json, Value};

use crate::compaction_support;

use compaction_support::{options, requests, texts, turn, SUMMARY_MARK};

fn script() -> Value {
    json!({"responses": [
        {"content": [{"type": "text", "text": "Looking."},
                     {"type": "tool_use", "id": "toolu_01", "name": "Bash", "input": {"command": "echo files", "description": "list"}}],
         "usage": {"input_tokens": 100, "output_tokens": 20}},
        {"content": [{"type": "text", "text": "The project has files."}],
         "usage": {"input_tokens": 5000, "cache_read_input_tokens": 2000, "output_tokens": 30}},
        {"content": [{"type": "text", "text": "<analysis>a</analysis>\n<summary>\nManual summary.\n</summary>"}],
         "match": SUMMARY_MARK},
        {"content": [{"type": "text", "text": "Answer after compaction."}]},
    ]})
}

#[tokio::test]
async fn manual_compact_mid_session() {
    let dir = tempfile::tempdir().unwrap();
    let server = ScriptedServer::start(script()).await.unwrap();
    let seen: Arc<Mutex<Vec<Value>>> = Arc::default();
    let log = seen.clone();
    let hook: HookCallback = Arc::new(move |input, _id| {
        log.lock()
            .unwrap()
            .push(serde_json::to_value(input).unwrap());
        Box::pin(async { HookOutput::default() })
    });
    let mut callbacks = Callbacks::default();
    callbacks.hooks.insert(
        "PreCompact".into(),
        vec![HookMatcherFns {
            matcher: None,
            hooks: vec![hook],
        }],
    );
    let client = Client::connect(options(&server.url(), dir.path()), callbacks).unwrap();

    client.query("Look at the project").unwrap();
    let first = turn(&client).await;
    assert_eq!(first.last().unwrap()["result"], "The project has files.");
    // The /context view after a response: the API's prompt size, by category.
    let usage = client.context_usage();
    assert_eq!(usage.total_tokens, 7_000);
    assert_eq!(usage.max_tokens, 1_000_000);
    assert_eq!(usage.auto_compact_threshold, Some(Some(967_000)));
    let names: Vec<&str> = usage.categories.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "System prompt",
            "System tools",
            "Messages",
            "Autocompact buffer",
            "Free space"
        ]
    );
    let sum: u64 = usage.categories.iter().map(|c| c.tokens).sum();
    assert_eq!(sum, 1_000_000);

    client.compact("keep the file list").unwrap();
    let compacted = turn(&client).await;
    let kinds: Vec<String> = compacted
        .iter()
        .map(|m| {
            format!(
                "{}:{}",
                m["type"].as_str().unwrap(),
                m["subtype"].as_str().unwrap_or("")
            )
        })
        .collect();
    assert_eq!(
        kinds,
        [
            "system:status",
            "system:status",
            "system:init",
            "system:compact_boundary",
            "user:",
            "user:",
            "result:success"
        ]
    );
    assert_eq!(compacted[0]["status"], "compacting");
    assert_eq!(compacted[1]["compact_result"], "success");
    let meta = &compacted[3]["compact_metadata"];
    assert_eq!(meta["trigger"], "manual");
    assert_eq!(meta["pre_tokens"], 7_030);
    assert_eq!(
        meta["preserved_messages"]["uuids"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    let continuation = compacted[4]["message"]["content"].as_str().unwrap();
    assert!(continuation.contains("Summary:\nManual summary.\n"));
    assert_eq!(
        compacted[5]["message"]["content"],
        "<local-command-stdout>Compacted PreCompact [callback] completed successfully</local-command-stdout>"
    );
    let result = compacted.last().unwrap();
    assert_eq!(
        (result["num_turns"].clone(), result["result"].clone()),
        (json!(0), json!(""))
    );
    let hooks = seen.lock().unwrap().clone();
    assert_eq!(hooks.len(), 1);
    assert_eq!(hooks[0]["trigger"], "manual");
    assert_eq!(hooks[0]["custom_instructions"], "keep the file list");

    client.query("What did we do?").unwrap();
    let third = turn(&client).await;
    assert_eq!(third.last().unwrap()["result"], "Answer after compaction.");

    let reqs = requests(&server);
    assert_eq!(reqs.len(), 4);
    // The summary request: the history before the last round, the instruction (with the
    // /compact arguments) as the last block of its last user message.
    let summary = &reqs[2]["messages"];
    let last = summary.as_array().unwrap().last().unwrap();
    let instruction = texts(last).last().unwrap().clone();
    assert!(instruction.contains(SUMMARY_MARK));
    assert!(instruction.contains("\n\nAdditional Instructions:\nkeep the file list\n\nREMINDER:"));
    assert_eq!(last["content"][0]["type"], "tool_result");
    assert_eq!(summary.as_array().unwrap().len(), 3);
    // Cache breakpoints: the last system block always; the last block of the last message,
    // except in the summary request, where it sits on the message before the instruction.
    for (i, r) in reqs.iter().enumerate() {
        let system = r["system"].as_array().unwrap();
        assert!(system.last().unwrap().get("cache_control").is_some());
        let msgs = r["messages"].as_array().unwrap();
        let marked: Vec<usize> = msgs
            .iter()
            .enumerate()
            .filter(|(_, m)| {
                m["content"]
                    .as_array()
                    .is_some_and(|b| b.iter().any(|b| b.get("cache_control").is_some()))
            })
            .map(|(j, _)| j)
            .collect();
        let want = if i == 2 {
            msgs.len() - 2
        } else {
            msgs.len() - 1
        };
        assert_eq!(marked, [want], "request {i}");
    }
    // After the compaction: the continuation, the kept answer, then the /compact record in
    // front of the new prompt.
    let after = reqs[3]["messages"].as_array().unwrap();
    assert_eq!(after.len(), 3);
    assert!(texts(&after[0])[0].starts_with("This session is being continued"));
    assert_eq!(texts(&after[1]), ["The project has files."]);
    let prompt = texts(&after[2]);
    assert!(prompt[0].starts_with("<local-command-caveat>"));
    assert!(prompt[1].starts_with("<command-name>/compact</command-name>"));
    assert!(prompt[1].contains("<command-args>keep the file list</command-args>"));
    assert!(prompt[2].starts_with("<local-command-stdout>Compacted"));
    assert_eq!(prompt.last().unwrap(), "What did we do?");
    client.disconnect();
}

#[tokio::test]
async fn compact_with_nothing_to_compact() {
    let dir = tempfile::tempdir().unwrap();
    let server = ScriptedServer::start(json!({"responses": []}))
        .await
        .unwrap();
    let client = Client::connect(options(&server.url(), dir.path()), Callbacks::default()).unwrap();
    client.compact("").unwrap();
    let msgs = turn(&client).await;
    let assistant = msgs.iter().find(|m| m["type"] == "assistant").unwrap();
    assert_eq!(
        assistant["message"]["content"][0]["text"],
        "Error: No messages to compact"
    );
    assert!(requests(&server).is_empty());
    assert!(matches!(
        serde_json::from_value::<Message>(msgs.last().unwrap().clone()).unwrap(),
        Message::Result(_)
    ));
}

#[tokio::test]
async fn claude_md_reaches_the_summary_and_survives_compaction() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("CLAUDE.md"),
        "# Compact Instructions\nKeep every file name.\n",
    )
    .unwrap();
    let step = |i: u32, input: u64| {
        json!({"content": [{"type": "text", "text": format!("Step {i}.")},
            {"type": "tool_use", "id": format!("toolu_0{i}"), "name": "Bash",
             "input": {"command": format!("echo s{i}"), "description": "step"}}],
            "usage": {"input_tokens": input, "output_tokens": 50}})
    };
    let server = ScriptedServer::start(json!({"responses": [
        step(1, 1000), step(2, 2000), step(3, 967_100),
        {"content": [{"type": "text", "text": "<summary>S.</summary>"}], "match": SUMMARY_MARK},
        {"content": [{"type": "text", "text": "Done."}]},
    ]}))
    .await
    .unwrap();
    let mut opts = options(&server.url(), dir.path());
    opts.setting_sources = Some(vec!["project".into()]);
    let messages: Vec<Value> = oxagent::query("Run the steps", opts)
        .map(|m| serde_json::to_value(m.unwrap()).unwrap())
        .collect()
        .await;
    assert!(messages.iter().any(|m| m["subtype"] == "compact_boundary"));
    let reqs = requests(&server);
    assert_eq!(reqs.len(), 5);
    // The summary request carries the instructions (they are in the first prompt) ...
    let first = texts(&reqs[3]["messages"][0]);
    assert!(first[0].contains("Keep every file name."));
    // ... and the compacted conversation opens with them again, then the summary.
    let opening = texts(&reqs[4]["messages"][0]);
    assert!(opening[0].contains("Keep every file name."));
    assert!(opening[1].starts_with("This session is being continued"));
}

//! The spans of a session reach an OTLP collector when the environment asks for it: a
//! 3-turn session with two tool calls and a hook, under a caller's trace context.
//! (Its own test binary: the exporter is set up once per process, from the environment.)

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use futures::StreamExt;
use oxagent::{Callbacks, HookCallback, HookMatcherFns, HookOutput, Message, Options};
use oxagent_testkit::otlp::{OtlpReceiver, ReceivedSpan};
use oxagent_testkit::ScriptedServer;
use serde_json::json;

const TRACE: &str = "4bf92f3577b34da6a3ce929d0e0e4736";
const CALLER_SPAN: &str = "00f067aa0ba902b7";

fn one<'a>(spans: &'a [ReceivedSpan], name: &str) -> &'a ReceivedSpan {
    let found: Vec<_> = spans.iter().filter(|s| s.name == name).collect();
    assert_eq!(found.len(), 1, "spans named {name}: {spans:#?}");
    found[0]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_session_exports_its_span_tree() {
    let receiver = OtlpReceiver::start().await.unwrap();
    std::env::set_var("OTEL_EXPORTER_OTLP_ENDPOINT", receiver.endpoint());
    std::env::set_var("OTEL_EXPORTER_OTLP_PROTOCOL", "http/json");
    std::env::set_var("OTEL_SERVICE_NAME", "telemetry-test");
    // Nothing goes on the batch's schedule: only the flush below sends spans.
    std::env::set_var("OTEL_BSP_SCHEDULE_DELAY", "600000");
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("notes.txt"), "one\ntwo\n").unwrap();
    let server = ScriptedServer::start(json!({"responses": [
        {"content": [{"type": "tool_use", "id": "toolu_01", "name": "Bash",
            "input": {"command": "touch made.txt", "description": "make a file"}}]},
        {"content": [{"type": "tool_use", "id": "toolu_02", "name": "Read",
            "input": {"file_path": dir.path().join("notes.txt").to_string_lossy()}}]},
        {"content": [{"type": "text", "text": "Done."}]},
    ]}))
    .await
    .unwrap();
    let mut options = Options::from_json(&json!({
        "cwd": dir.path().to_string_lossy(),
        "setting_sources": [],
        "allowed_tools": ["Read"],
        "env": {"ANTHROPIC_BASE_URL": server.url(), "ANTHROPIC_API_KEY": "sk-test",
                "HOME": dir.path().to_string_lossy()},
    }))
    .unwrap();
    options.trace_parent = Some(format!("00-{TRACE}-{CALLER_SPAN}-01"));
    let hook: HookCallback = Arc::new(|_, _| Box::pin(async { HookOutput::default() }));
    let callbacks = Callbacks {
        can_use_tool: Some(Arc::new(|_, _, _| {
            Box::pin(async { oxagent::PermissionResult::allow() })
        })),
        hooks: BTreeMap::from([(
            "PreToolUse".to_string(),
            vec![HookMatcherFns {
                matcher: Some("Bash".into()),
                hooks: vec![hook],
            }],
        )]),
        ..Default::default()
    };
    let messages: Vec<Message> = oxagent::query_with("Go", options, callbacks)
        .map(|m| m.unwrap())
        .collect()
        .await;
    let Some(Message::Result(result)) = messages.last() else {
        panic!("no result: {messages:?}")
    };
    assert_eq!(result.num_turns, 3);
    assert!(dir.path().join("made.txt").exists());
    assert!(oxagent::telemetry::enabled());
    // One flush, as soon as the stream has ended: the session's span has ended by then (a
    // program that exits when its stream ends sends it in its last batch).
    oxagent::telemetry::flush();
    let mut spans = receiver.spans();
    for _ in 0..50 {
        if spans.iter().any(|s| s.name == "session") {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        spans = receiver.spans();
    }

    // One trace, the caller's; every span names the session and the service.
    for s in &spans {
        assert_eq!(s.trace_id, TRACE, "{s:?}");
        assert_eq!(
            s.attr_str("session.id"),
            Some(result.session_id.as_str()),
            "{s:?}"
        );
        assert_eq!(s.service, "telemetry-test");
    }
    let session = one(&spans, "session");
    assert_eq!(session.parent_span_id, CALLER_SPAN);
    let prompt = one(&spans, "prompt");
    assert_eq!(prompt.parent_span_id, session.span_id);
    assert_eq!(prompt.attr_str("oxagent.result.subtype"), Some("success"));
    assert_eq!(prompt.attr("oxagent.num_turns"), Some(&json!(3)));

    let mut turns: Vec<_> = spans.iter().filter(|s| s.name == "turn").collect();
    turns.sort_by_key(|t| t.attr("oxagent.turn").and_then(|v| v.as_i64()));
    assert_eq!(turns.len(), 3);
    for (i, t) in turns.iter().enumerate() {
        assert_eq!(t.parent_span_id, prompt.span_id);
        assert_eq!(t.attr("oxagent.turn"), Some(&json!(i as i64 + 1)));
        let chats: Vec<_> = spans
            .iter()
            .filter(|s| s.parent_span_id == t.span_id && s.name.starts_with("chat "))
            .collect();
        assert_eq!(chats.len(), 1, "turn {i}: {spans:#?}");
        let chat = chats[0];
        assert_eq!(chat.attr_str("gen_ai.operation.name"), Some("chat"));
        assert_eq!(chat.attr_str("gen_ai.provider.name"), Some("anthropic"));
        assert!(
            chat.attr("gen_ai.usage.input_tokens")
                .and_then(|v| v.as_i64())
                > Some(0)
        );
        assert!(chat.attr("gen_ai.usage.output_tokens").is_some());
        assert!(chat.attr("oxagent.cost_usd").and_then(|v| v.as_f64()) > Some(0.0));
        assert_eq!(chat.attr("oxagent.retries"), Some(&json!(0)));
    }
    let stops: Vec<_> = turns
        .iter()
        .map(|t| {
            let chat = spans
                .iter()
                .find(|s| s.parent_span_id == t.span_id && s.name.starts_with("chat "));
            chat.and_then(|c| c.attr_str("gen_ai.response.finish_reasons"))
                .map(str::to_string)
        })
        .collect();
    assert_eq!(
        stops,
        [
            Some("tool_use".into()),
            Some("tool_use".into()),
            Some("end_turn".into())
        ]
    );

    let bash = one(&spans, "execute_tool Bash");
    assert_eq!(bash.parent_span_id, turns[0].span_id);
    assert_eq!(bash.attr_str("gen_ai.tool.name"), Some("Bash"));
    assert_eq!(bash.attr_str("gen_ai.tool.call.id"), Some("toolu_01"));
    assert_eq!(bash.attr_str("oxagent.permission.decision"), Some("allow"));
    assert_eq!(
        bash.attr_str("oxagent.permission.source"),
        Some("can_use_tool")
    );
    assert_eq!(bash.attr_str("oxagent.tool.outcome"), Some("ok"));
    let hook = one(&spans, "hook PreToolUse");
    assert_eq!(hook.parent_span_id, bash.span_id);
    assert_eq!(hook.attr_str("oxagent.hook.outcome"), Some("ok"));

    let read = one(&spans, "execute_tool Read");
    assert_eq!(read.parent_span_id, turns[1].span_id);
    assert_eq!(read.attr_str("oxagent.permission.decision"), Some("allow"));
    assert_eq!(read.attr_str("oxagent.permission.source"), Some("config"));
    assert_eq!(read.attr_str("oxagent.tool.outcome"), Some("ok"));
}

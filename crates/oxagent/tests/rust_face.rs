//! The Rust face reads the session runtime's typed events: a query with a tool call, a
//! permission callback and a hook hands out its messages without encoding a single
//! stream-json frame (the bindings' path does encode them).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;
use std::sync::Arc;

use futures::StreamExt;
use oxagent::{
    Callbacks, FrameSession, HookCallback, HookMatcherFns, HookOutput, Message, Options,
    PermissionResult,
};
use oxagent_testkit::ScriptedServer;
use serde_json::{json, Value};

fn script() -> Value {
    json!({"responses": [
        {"content": [{"type": "tool_use", "id": "toolu_01", "name": "Bash",
            "input": {"command": "echo hi", "description": "say hi"}}]},
        {"content": [{"type": "text", "text": "Done."}]},
    ]})
}

fn options(url: &str, dir: &std::path::Path) -> Options {
    Options::from_json(&json!({
        "cwd": dir.to_string_lossy(),
        "setting_sources": [],
        "env": {"ANTHROPIC_BASE_URL": url, "ANTHROPIC_API_KEY": "sk-test",
                "HOME": dir.to_string_lossy()},
    }))
    .unwrap()
}

#[tokio::test]
async fn the_rust_face_encodes_no_frames() {
    let dir = tempfile::tempdir().unwrap();
    let server = ScriptedServer::start(script()).await.unwrap();
    let hook: HookCallback = Arc::new(|input, _| {
        assert_eq!(input.event_name(), "PreToolUse");
        Box::pin(async { HookOutput::default() })
    });
    let callbacks = Callbacks {
        can_use_tool: Some(Arc::new(|_, _, _| {
            Box::pin(async { PermissionResult::allow() })
        })),
        hooks: BTreeMap::from([(
            "PreToolUse".to_string(),
            vec![HookMatcherFns {
                matcher: None,
                hooks: vec![hook],
            }],
        )]),
        ..Default::default()
    };
    let before = oxagent::frames_encoded();
    let messages: Vec<Message> =
        oxagent::query_with("Go", options(&server.url(), dir.path()), callbacks)
            .map(|m| m.unwrap())
            .collect()
            .await;
    assert_eq!(
        oxagent::frames_encoded(),
        before,
        "the Rust face encoded frames"
    );
    let Some(Message::Result(result)) = messages.last() else {
        panic!("no result: {messages:?}")
    };
    assert_eq!(result.result.as_deref(), Some("Done."));
    assert_eq!(result.num_turns, 2);
    // The frame adapter, by contrast, encodes every event it hands out.
    let server = ScriptedServer::start(script()).await.unwrap();
    let mut opts = options(&server.url(), dir.path());
    opts.permission_mode = Some(oxagent::PermissionMode::AcceptEdits);
    opts.allowed_tools = vec!["Bash".into()];
    let session = FrameSession::spawn(opts, &tokio::runtime::Handle::current()).unwrap();
    session
        .send(json!({"type": "user", "message": {"role": "user", "content": "Go"}}))
        .unwrap();
    session.end_input();
    let mut frames = 0;
    while session.recv().await.is_some() {
        frames += 1;
    }
    assert_eq!(oxagent::frames_encoded() - before, frames);
}

//! Runs the `custom_tool` example against the scripted Messages API server: the model calls
//! the plain custom tool and the in-process server's tool, and reads their results.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use oxagent_testkit::ScriptedServer;
use serde_json::{json, Value};

fn call(id: &str, name: &str, input: Value) -> Value {
    json!({"content": [{"type": "tool_use", "id": id, "name": name, "input": input}]})
}

#[tokio::test]
async fn the_example_runs_both_tools() {
    let server = ScriptedServer::start(json!({"responses": [
        call("toolu_01", "word_count", json!({"text": "to be or not to be"})),
        call("toolu_02", "mcp__units__to_celsius", json!({"degrees": 212})),
        call("toolu_03", "mcp__units__to_celsius", json!({"degrees": -500})),
        {"content": [{"type": "text", "text": "Six words; 100 degrees."}]},
    ]}))
    .await
    .unwrap();
    let home = std::env::temp_dir().join(format!("oxagent-example-{}", std::process::id()));
    std::fs::create_dir_all(&home).unwrap();
    let out = tokio::process::Command::new(env!("CARGO_BIN_EXE_custom_tool"))
        .arg("Count and convert")
        .env("ANTHROPIC_BASE_URL", server.url())
        .env("ANTHROPIC_API_KEY", "sk-test")
        .env("HOME", &home)
        .current_dir(&home)
        .output()
        .await
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        lines,
        [
            r#"tool call: word_count {"text":"to be or not to be"}"#,
            r#"tool result: [{"type":"text","text":"6"}]"#,
            r#"tool call: mcp__units__to_celsius {"degrees":212}"#,
            r#"tool result: [{"type":"text","text":"100.0"}]"#,
            r#"tool call: mcp__units__to_celsius {"degrees":-500}"#,
            r#"tool result: "Error: below absolute zero""#,
            "assistant: Six words; 100 degrees.",
            "result: Success in 4 turns, $0.0032",
        ]
    );
    // The schemas the model received were derived from the input types.
    let first = &server.requests()[0].body.clone().unwrap();
    let tools = first["tools"].as_array().unwrap();
    let word_count = tools.iter().find(|t| t["name"] == "word_count").unwrap();
    assert_eq!(
        word_count["input_schema"],
        json!({"type": "object", "description": "The text to count the words of.",
            "properties": {"text": {"type": "string", "description": "Any text."}},
            "required": ["text"]})
    );
    let _ = std::fs::remove_dir_all(&home);
}

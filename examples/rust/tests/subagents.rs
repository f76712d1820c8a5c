//! Runs the `subagents` example against the scripted Messages API server: the main agent
//! delegates reading to `researcher` and writing to `writer`, and the file is written.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use oxagent_testkit::ScriptedServer;
use serde_json::{json, Value};

fn call(matched: &str, id: &str, name: &str, input: Value) -> Value {
    json!({"match": matched, "content": [{"type": "tool_use", "id": id, "name": name, "input": input}]})
}

fn text(matched: &str, text: &str) -> Value {
    json!({"match": matched, "content": [{"type": "text", "text": text}]})
}

#[tokio::test]
async fn the_main_agent_delegates_reading_and_writing() {
    let home = std::env::temp_dir().join(format!("oxagent-subagents-{}", std::process::id()));
    std::fs::create_dir_all(&home).unwrap();
    let home = home.canonicalize().unwrap();
    std::fs::write(home.join("notes.txt"), "Ship on Friday.\n").unwrap();
    let notes = home.join("notes.txt").display().to_string();
    let summary = home.join("summary.md").display().to_string();
    let server = ScriptedServer::start(json!({"responses": [
        call("Summarize", "toolu_A1", "Agent", json!({"description": "Read notes", "prompt": "READ notes.txt",
            "subagent_type": "researcher", "run_in_background": false})),
        call("READ notes.txt", "toolu_R1", "Read", json!({"file_path": notes})),
        text("Ship on Friday", "NOTES SAY: ship on Friday"),
        call("NOTES SAY", "toolu_A2", "Agent", json!({"description": "Write summary", "prompt": "WRITE summary.md",
            "subagent_type": "writer", "run_in_background": false})),
        call("WRITE summary.md", "toolu_W1", "Write", json!({"file_path": summary, "content": "# Summary\nShip on Friday.\n"})),
        text("File created", "WROTE summary.md"),
        text("WROTE", "Done: summary.md says to ship on Friday."),
    ]}))
    .await
    .unwrap();
    let out = tokio::process::Command::new(env!("CARGO_BIN_EXE_subagents"))
        .arg("Summarize notes.txt into summary.md")
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
            "tool call: Agent",
            "agent started: researcher (Read notes)",
            "[researcher] tool call: Read",
            "agent completed: NOTES SAY: ship on Friday",
            "tool call: Agent",
            "agent started: writer (Write summary)",
            "[writer] tool call: Write",
            "agent completed: WROTE summary.md",
            "assistant: Done: summary.md says to ship on Friday.",
            "result: Done: summary.md says to ship on Friday. in 3 turns, $0.0040",
        ],
        "{stdout}"
    );
    assert_eq!(
        std::fs::read_to_string(home.join("summary.md")).unwrap(),
        "# Summary\nShip on Friday.\n"
    );
    // Three requests of the main agent and two of the writer at 100 in / 20 out on
    // claude-opus-5-5 ($4 / $20 per million), two of the researcher on claude-haiku-5-5
    // (small prompts: $0.1 / $0.5): $0.0040.
    // The researcher ran on the haiku alias's model, with only its own tools.
    let requests = server.requests();
    let reading = requests
        .iter()
        .filter_map(|r| r.body.clone())
        .find(|b| b["messages"].to_string().contains("READ notes.txt"))
        .unwrap();
    assert_eq!(reading["model"], "claude-haiku-5-5");
    let names: Vec<&str> = reading["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Read"]);
}

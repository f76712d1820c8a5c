//! A resumed session and its instruction files: the model reads again what the first run
//! showed it of CLAUDE.md (as it was then) and of the nested files tool calls brought in, is
//! told at the new run's first prompt of the files that changed since, and is not handed a
//! nested file a second time (fuzz-l/fl_pin_*).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;

use futures::StreamExt;
use oxagent::Options;
use oxagent_testkit::ScriptedServer;
use serde_json::{json, Value};

fn call(id: &str, name: &str, input: Value) -> Value {
    json!({"content": [{"type": "tool_use", "id": id, "name": name, "input": input}]})
}

fn text(t: &str) -> Value {
    json!({"content": [{"type": "text", "text": t}]})
}

/// The texts of a message's blocks (tool results by their content).
fn texts(message: &Value) -> Vec<String> {
    match &message["content"] {
        Value::String(s) => vec![s.clone()],
        Value::Array(blocks) => blocks
            .iter()
            .map(|b| match b["type"].as_str() {
                Some("tool_result") => format!("RESULT {}", b["content"].as_str().unwrap_or("")),
                _ => b["text"].as_str().unwrap_or("").to_string(),
            })
            .collect(),
        _ => Vec::new(),
    }
}

#[tokio::test]
async fn a_resumed_session_shows_its_instructions_again_and_tells_what_changed() {
    let root = tempfile::tempdir().unwrap();
    let (ws, home) = (root.path().join("ws"), root.path().join("home"));
    std::fs::create_dir_all(ws.join("sub")).unwrap();
    std::fs::create_dir_all(&home).unwrap();
    let ws: PathBuf = ws.canonicalize().unwrap();
    std::fs::write(ws.join("CLAUDE.md"), "Rule one.\n").unwrap();
    std::fs::write(ws.join("sub/CLAUDE.md"), "Sub rule.\n").unwrap();
    std::fs::write(ws.join("sub/x.txt"), "x\n").unwrap();
    std::fs::write(ws.join("sub/y.txt"), "y\n").unwrap();
    let read = |id: &str, p: &str| {
        let path = ws.join(p).to_string_lossy().into_owned();
        call(id, "Read", json!({"file_path": path}))
    };
    let script = json!([
        read("toolu_01", "sub/x.txt"),
        call(
            "toolu_02",
            "Bash",
            json!({"command": "echo 'Rule two.' > CLAUDE.md"})
        ),
        text("Done."),
        read("toolu_03", "sub/y.txt"),
        text("Done again."),
    ]);
    let server = ScriptedServer::start(json!({"responses": script}))
        .await
        .unwrap();
    let options = |extra: Value| {
        let mut o = json!({
            "cwd": ws.to_string_lossy(),
            "permission_mode": "bypassPermissions",
            "setting_sources": ["project"],
            "env": {"ANTHROPIC_BASE_URL": server.url(), "ANTHROPIC_API_KEY": "sk-test",
                    "HOME": home.to_string_lossy()},
        });
        if let (Value::Object(a), Value::Object(b)) = (&mut o, extra) {
            a.extend(b);
        }
        Options::from_json(&o).unwrap()
    };
    let first: Vec<Value> = oxagent::query("What are the rules?", options(json!({})))
        .map(|m| serde_json::to_value(m.unwrap()).unwrap())
        .collect()
        .await;
    let session = first.last().unwrap()["session_id"]
        .as_str()
        .unwrap()
        .to_string();
    let second: Vec<Value> = oxagent::query("And now?", options(json!({"resume": session})))
        .map(|m| serde_json::to_value(m.unwrap()).unwrap())
        .collect()
        .await;
    assert_eq!(second.last().unwrap()["subtype"], "success");

    let bodies: Vec<Value> = server
        .requests()
        .into_iter()
        .filter(|r| r.path.starts_with("/v1/messages"))
        .filter_map(|r| r.body)
        .collect();
    let last = &bodies.last().unwrap()["messages"];
    let root_md = format!("Contents of {}/CLAUDE.md", ws.display());
    let sub_md = format!("Contents of {}/sub/CLAUDE.md:\n\nSub rule.\n", ws.display());
    // The first prompt shows CLAUDE.md as the first run read it.
    let opening = texts(&last[0]);
    assert!(opening[0].contains(&format!("{root_md} (project instructions, checked into the codebase):\n\nRule one.\n</system-reminder>")));
    assert_eq!(opening.last().unwrap(), "What are the rules?");
    // The nested file follows the result that brought it in.
    let results = texts(&last[2]);
    assert!(results[0].starts_with("RESULT "));
    assert!(results.iter().any(|t| t.contains(&sub_md)), "{results:?}");
    // The new run's prompt is told of the file that changed, and of it alone.
    let prompt = last
        .as_array()
        .unwrap()
        .iter()
        .find(|m| texts(m).iter().any(|t| t == "And now?"))
        .unwrap();
    let told = texts(prompt);
    assert_eq!(told.len(), 2, "{told:?}");
    assert!(told[0].starts_with("<system-reminder>\nThese instruction files were read again"));
    assert!(told[0].ends_with(&format!("{root_md} (project instructions, checked into the codebase):\n\nRule two.\n</system-reminder>\n")));
    // A Read beside the nested file after the resume does not bring it in again.
    let after = texts(last.as_array().unwrap().last().unwrap());
    assert!(after[0].starts_with("RESULT "));
    assert!(
        !after.iter().any(|t| t.contains("sub/CLAUDE.md")),
        "{after:?}"
    );
    // The transcript holds what was shown: the start files, the nested one, the change.
    let projects = home.join(".claude/projects");
    let dir = std::fs::read_dir(projects)
        .unwrap()
        .next()
        .unwrap()
        .unwrap();
    let file = dir.path().join(format!("{session}.jsonl"));
    let rows: Vec<Value> = std::fs::read_to_string(file)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .filter(|r: &Value| r["type"] == "attachment")
        .map(|r| r["attachment"].clone())
        .filter(|a| matches!(a["type"].as_str(), Some("instructions" | "nested_memory")))
        .collect();
    let md = ws.join("CLAUDE.md").to_string_lossy().into_owned();
    assert_eq!(rows.len(), 3, "{rows:?}");
    assert_eq!(
        rows[0],
        json!({"type": "instructions", "files": [{"path": md, "type": "Project", "content": "Rule one."}]})
    );
    assert_eq!(rows[1]["type"], "nested_memory");
    assert_eq!(rows[1]["displayPath"], "sub/CLAUDE.md");
    assert_eq!(
        rows[2],
        json!({"type": "instructions", "files": [{"path": md, "type": "Project", "content": "Rule two."}], "changed": true, "reason": "session_start"})
    );
}

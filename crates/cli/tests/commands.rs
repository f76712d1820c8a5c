//! The subcommands around a run: `sessions list|show|resume` on a session the test makes
//! against the scripted server, `completions`, and `--help`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;
use std::process::Output;

use oxagent_testkit::ScriptedServer;
use serde_json::{json, Value};

/// `oxagent args...` in `cwd`, with `home` as HOME (where transcripts are saved), piped.
async fn oxagent(args: &[&str], cwd: &Path, home: &Path, url: Option<&str>) -> Output {
    let mut cmd = tokio::process::Command::new(env!("CARGO_BIN_EXE_oxagent"));
    cmd.args(args)
        .current_dir(cwd)
        .env("HOME", home)
        .env_remove("CLAUDE_CONFIG_DIR")
        .env("ANTHROPIC_API_KEY", "sk-test");
    if let Some(url) = url {
        cmd.env("ANTHROPIC_BASE_URL", url);
    }
    let out = cmd.output().await.unwrap();
    assert!(
        out.status.success(),
        "oxagent {args:?}: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn saved_sessions_are_listed_shown_and_resumed() {
    let server = ScriptedServer::start(json!({"responses": [
        {"content": [
            {"type": "text", "text": "Reading the notes."},
            {"type": "tool_use", "id": "toolu_01", "name": "Bash",
                "input": {"command": "cat notes.txt", "description": "Show the notes"}}]},
        {"content": [{"type": "text", "text": "They say hello."}]},
        {"content": [{"type": "text", "text": "Still hello."}]},
    ]}))
    .await
    .unwrap();
    let project = tempfile::tempdir().unwrap();
    let home = tempfile::tempdir().unwrap();
    std::fs::write(project.path().join("notes.txt"), "hello\n").unwrap();
    let (cwd, home_dir) = (project.path(), home.path());
    let url = server.url();

    let run = oxagent(
        &["-p", "What do the notes say?", "--output-format", "json"],
        cwd,
        home_dir,
        Some(&url),
    )
    .await;
    let result: Value = serde_json::from_str(stdout(&run).trim()).unwrap();
    let id = result["session_id"].as_str().unwrap().to_string();

    let list = stdout(&oxagent(&["sessions", "list"], cwd, home_dir, None).await);
    let lines: Vec<&str> = list.lines().collect();
    assert_eq!(lines.len(), 1, "{list}");
    assert!(lines[0].starts_with(&format!("{id}  just now ")), "{list}");
    assert!(lines[0].ends_with("What do the notes say?"), "{list}");

    // Elsewhere, the same listing through --cwd; as JSON, one object a line.
    let elsewhere = tempfile::tempdir().unwrap();
    let cwd_arg = cwd.to_str().unwrap();
    let listed = oxagent(
        &["sessions", "list", "--json", "--cwd", cwd_arg],
        elsewhere.path(),
        home_dir,
        None,
    )
    .await;
    let info: Value = serde_json::from_str(stdout(&listed).trim()).unwrap();
    assert_eq!(info["session_id"], json!(id));

    let shown = stdout(&oxagent(&["sessions", "show", &id], cwd, home_dir, None).await);
    assert_eq!(
        shown,
        "› What do the notes say?\n\nReading the notes.\n● Bash(cat notes.txt)\n  ⎿  hello\n\nThey say hello.\n"
    );

    let resumed = oxagent(
        &["sessions", "resume", &id, "-p", "And now?"],
        cwd,
        home_dir,
        Some(&url),
    )
    .await;
    assert!(
        stdout(&resumed).starts_with("Still hello.\n"),
        "{}",
        stdout(&resumed)
    );
    // The model saw the whole earlier conversation before the new prompt.
    let requests = server.requests();
    let last = requests.last().unwrap().body.clone().unwrap();
    let said = last["messages"].to_string();
    for part in ["What do the notes say?", "They say hello.", "And now?"] {
        assert!(said.contains(part), "{part} missing from {said}");
    }
}

#[tokio::test]
async fn a_missing_session_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let out = tokio::process::Command::new(env!("CARGO_BIN_EXE_oxagent"))
        .args(["sessions", "show", "0e467c43-5c82-4ff1-8026-94e6b7a35f72"])
        .current_dir(dir.path())
        .env("HOME", dir.path())
        .env_remove("CLAUDE_CONFIG_DIR")
        .output()
        .await
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no session"));
}

#[tokio::test]
async fn completions_and_help() {
    let dir = tempfile::tempdir().unwrap();
    for shell in ["bash", "zsh", "fish"] {
        let script = stdout(&oxagent(&["completions", shell], dir.path(), dir.path(), None).await);
        for word in ["sessions", "completions", "mock-server", "permission-mode"] {
            assert!(script.contains(word), "{shell}: no {word}");
        }
    }
    let bash = stdout(&oxagent(&["completions", "bash"], dir.path(), dir.path(), None).await);
    assert!(bash.contains("complete -F"), "{bash}");
    let help = stdout(&oxagent(&["--help"], dir.path(), dir.path(), None).await);
    assert!(help.contains("Examples:\n  oxagent -p"), "{help}");
    assert!(help.contains("oxagent sessions resume <ID> -p"), "{help}");
}

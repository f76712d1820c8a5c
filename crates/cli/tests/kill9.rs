//! Durability: a run killed with SIGKILL at any moment (while the answer streams, while a
//! tool runs, between turns) leaves a transcript whose every line is whole, that the session
//! listing finds and shows, and that resumes into a conversation the API accepts: every
//! tool call answered, starting with the first prompt.
//!
//! `OXAGENT_KILL9_RUNS` sets the number of kills (20 here; `just durability` runs 200).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;
use std::process::Stdio;
use std::time::Duration;

use oxagent_testkit::ScriptedServer;
use serde_json::{json, Value};

const BIN: &str = env!("CARGO_BIN_EXE_oxagent");

fn command(dir: &Path, url: &str) -> tokio::process::Command {
    let mut c = tokio::process::Command::new(BIN);
    c.arg("--cwd")
        .arg(dir.join("work"))
        .args([
            "--permission-mode",
            "bypassPermissions",
            "--output-format",
            "stream-json",
        ])
        .env("ANTHROPIC_BASE_URL", url)
        .env("ANTHROPIC_API_KEY", "sk-test")
        .env("HOME", dir)
        .env("IS_SANDBOX", "1")
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    c
}

/// A slow 3-turn run: streamed text, a Bash call that sleeps, more text, a Write.
fn slow_script() -> Value {
    json!({"responses": [
        {"event_delay_ms": 15, "content": [
            {"type": "text", "text": "Looking at the files first, one at a time, slowly."},
            {"type": "tool_use", "id": "toolu_01", "name": "Bash",
             "input": {"command": "sleep 0.3; echo listed", "description": "list"}}]},
        {"event_delay_ms": 15, "content": [
            {"type": "tool_use", "id": "toolu_02", "name": "Write",
             "input": {"file_path": "notes.txt", "content": "kept\n"}}]},
        {"event_delay_ms": 15, "content": [{"type": "text", "text": "All done now."}]},
    ]})
}

/// Every tool_use of an assistant turn has its tool_result in the next user turn.
fn well_formed(messages: &[Value]) -> Result<(), String> {
    for (i, m) in messages.iter().enumerate() {
        let Some(blocks) = m["content"].as_array() else {
            continue;
        };
        for b in blocks.iter().filter(|b| b["type"] == "tool_use") {
            let answered = messages
                .get(i + 1)
                .and_then(|n| n["content"].as_array())
                .is_some_and(|next| {
                    next.iter()
                        .any(|r| r["type"] == "tool_result" && r["tool_use_id"] == b["id"])
                });
            if !answered {
                return Err(format!("{} has no result in {messages:?}", b["id"]));
            }
        }
    }
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killed_runs_leave_transcripts_that_list_show_and_resume() {
    let runs: u64 = std::env::var("OXAGENT_KILL9_RUNS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(20);
    let (mut listed, mut resumed) = (0, 0);
    for run in 0..runs {
        let dir = tempfile::tempdir().unwrap();
        let dir = dir.path().canonicalize().unwrap();
        std::fs::create_dir_all(dir.join("work")).unwrap();
        let server = ScriptedServer::start(slow_script()).await.unwrap();
        // The kills spread over the whole run (it takes about 1.2 s), a few ms apart.
        let after = Duration::from_millis(5 + (run * 1400 / runs.max(1)));
        let mut child = command(&dir, &server.url())
            .args(["-p", "start"])
            .spawn()
            .unwrap();
        tokio::time::sleep(after).await;
        let _ = child.start_kill(); // SIGKILL
        let _ = child.wait().await;

        let projects = dir.join(".claude/projects");
        // The run's one transcript (none when it was killed before the first line).
        let transcript = std::fs::read_dir(&projects)
            .into_iter()
            .flatten()
            .flatten()
            .flat_map(|d| std::fs::read_dir(d.path()).into_iter().flatten().flatten())
            .map(|f| f.path())
            .find(|p| p.extension().is_some_and(|e| e == "jsonl"));
        let Some(transcript) = transcript else {
            continue;
        };
        let id = transcript
            .file_stem()
            .unwrap()
            .to_string_lossy()
            .to_string();
        let text = std::fs::read_to_string(&transcript).unwrap();
        for (n, line) in text.lines().enumerate() {
            assert!(
                serde_json::from_str::<Value>(line).is_ok(),
                "run {run} (killed after {after:?}): line {} is torn: {line}",
                n + 1
            );
        }
        assert!(
            text.is_empty() || text.ends_with('\n'),
            "run {run}: a torn last line"
        );

        let list = std::process::Command::new(BIN)
            .args(["sessions", "list", "--json", "--cwd"])
            .arg(dir.join("work"))
            .env("HOME", &dir)
            .output()
            .unwrap();
        assert!(list.status.success());
        // One JSON object per line.
        let sessions: Vec<Value> = String::from_utf8_lossy(&list.stdout)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let found = sessions
            .iter()
            .any(|s| s["sessionId"] == id.as_str() || s["session_id"] == id.as_str());
        if !text.contains("\"type\":\"user\"") {
            continue; // no prompt kept yet: a session with nothing to resume
        }
        assert!(found, "run {run}: the listing misses {id}: {sessions:?}");
        listed += 1;
        let show = std::process::Command::new(BIN)
            .args(["sessions", "show", &id, "--cwd"])
            .arg(dir.join("work"))
            .env("HOME", &dir)
            .output()
            .unwrap();
        assert!(
            show.status.success(),
            "run {run}: {}",
            String::from_utf8_lossy(&show.stderr)
        );
        assert!(String::from_utf8_lossy(&show.stdout).contains("start"));

        let again = ScriptedServer::start(
            json!({"responses": [{"content": [{"type": "text", "text": "Resumed."}]}]}),
        )
        .await
        .unwrap();
        let status = command(&dir, &again.url())
            .args(["-p", "go on", "--resume", &id])
            .status()
            .await
            .unwrap();
        assert!(status.success(), "run {run}: the resume failed");
        let requests = again.requests();
        let body = requests[0].body.as_ref().unwrap();
        let messages = body["messages"].as_array().unwrap();
        well_formed(messages).unwrap_or_else(|e| panic!("run {run} (killed after {after:?}): {e}"));
        let first = serde_json::to_string(&messages[0]).unwrap();
        assert!(first.contains("start"), "run {run}: {first}");
        let last = serde_json::to_string(messages.last().unwrap()).unwrap();
        assert!(last.contains("go on"), "run {run}: {last}");
        resumed += 1;
    }
    eprintln!("kill -9: {runs} runs, {listed} transcripts listed and shown, {resumed} resumed");
    assert!(
        resumed * 2 >= runs,
        "too few kills left a session to resume: {resumed} of {runs}"
    );
}

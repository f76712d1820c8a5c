//! A running Bash command dies with the process that runs the agent, even when that process
//! is killed outright (`kill -9`) and has no time to clean up.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;
use std::time::{Duration, Instant};

use oxagent_testkit::ScriptedServer;
use serde_json::json;

fn alive(pid: &str) -> bool {
    // Not a zombie: a killed child of init is reaped at once.
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .map(|s| !s.contains(") Z "))
        .unwrap_or(false)
}

async fn wait_for(path: &Path) -> String {
    let start = Instant::now();
    loop {
        if let Ok(text) = std::fs::read_to_string(path) {
            let lines: Vec<&str> = text.lines().collect();
            if lines.len() == 2 {
                return text;
            }
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "the command never started"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn bash_commands_die_with_a_killed_host() {
    let dir = tempfile::tempdir().unwrap();
    let pids = dir.path().join("pids");
    // The wrapper shell's pid, then the pid of a process it started in the background.
    let command = format!(
        "sleep 300 & echo $$ > {p}.tmp; echo $! >> {p}.tmp; mv {p}.tmp {p}; wait",
        p = pids.display()
    );
    let server = ScriptedServer::start(json!({"responses": [
        {"content": [{"type": "tool_use", "id": "toolu_01", "name": "Bash",
            "input": {"command": command, "description": "wait", "timeout": 600000}}]},
        {"content": [{"type": "text", "text": "never reached"}]},
    ]}))
    .await
    .unwrap();
    let mut host = tokio::process::Command::new(env!("CARGO_BIN_EXE_oxagent"))
        .args([
            "-p",
            "go",
            "--permission-mode",
            "bypassPermissions",
            "--cwd",
        ])
        .arg(dir.path())
        .env("ANTHROPIC_BASE_URL", server.url())
        .env("ANTHROPIC_API_KEY", "sk-test")
        .env("HOME", dir.path())
        .env("IS_SANDBOX", "1")
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let text = wait_for(&pids).await;
    let started: Vec<&str> = text.lines().collect();
    assert!(started.iter().all(|p| alive(p)), "{started:?}");
    host.start_kill().unwrap(); // SIGKILL
    host.wait().await.unwrap();
    let start = Instant::now();
    while started.iter().any(|p| alive(p)) {
        assert!(
            // The watcher acts at once; a loaded machine may take a while to schedule it.
            start.elapsed() < Duration::from_secs(15),
            "still running after the host died: {started:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

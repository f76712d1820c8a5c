//! Options that change the session itself, as a caller of the TypeScript face gives them
//! (`persistSession`, `title`, `agent`, `debugFile`, `extraArgs`, `strictMcpConfig`): what
//! the caller sees, what the model is sent, and what is left on disk.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;

use futures::StreamExt;
use oxagent::{Face, Options};
use oxagent_testkit::{ScriptedServer, ServerHandle};
use serde_json::{json, Value};

struct Scratch {
    root: tempfile::TempDir,
    server: ServerHandle,
}

impl Scratch {
    async fn new(answers: usize) -> Scratch {
        let root = tempfile::tempdir().unwrap();
        for d in ["ws", "home"] {
            std::fs::create_dir_all(root.path().join(d)).unwrap();
        }
        let responses: Vec<Value> = (0..answers)
            .map(|i| json!({"content": [{"type": "text", "text": format!("Answer {i}")}]}))
            .collect();
        let server = ScriptedServer::start(json!({"responses": responses}))
            .await
            .unwrap();
        Scratch { root, server }
    }

    fn path(&self, rel: &str) -> PathBuf {
        self.root.path().join(rel)
    }

    /// Options under the TypeScript names, over a session in `ws` with HOME in `home`.
    fn options(&self, extra: Value) -> Options {
        let mut o = json!({
            "cwd": self.path("ws").to_string_lossy(),
            "permissionMode": "bypassPermissions",
            "env": {"ANTHROPIC_BASE_URL": self.server.url(), "ANTHROPIC_API_KEY": "sk-test",
                    "HOME": self.path("home").to_string_lossy()},
        });
        if let (Value::Object(a), Value::Object(b)) = (&mut o, extra) {
            a.extend(b);
        }
        Options::from_face(&o, Face::Node).expect("valid options")
    }

    async fn run(&self, extra: Value) -> Vec<Value> {
        oxagent::query("Say hello", self.options(extra))
            .map(|m| serde_json::to_value(m.unwrap()).unwrap())
            .collect()
            .await
    }

    /// The transcripts under HOME, with their rows.
    fn transcripts(&self) -> Vec<Vec<Value>> {
        let projects = self.path("home/.claude/projects");
        let mut out = Vec::new();
        for project in std::fs::read_dir(projects).into_iter().flatten().flatten() {
            for e in std::fs::read_dir(project.path()).unwrap().flatten() {
                let text = std::fs::read_to_string(e.path()).unwrap();
                out.push(
                    text.lines()
                        .map(|l| serde_json::from_str(l).unwrap())
                        .collect(),
                );
            }
        }
        out
    }

    fn request_bodies(&self) -> Vec<Value> {
        self.server
            .requests()
            .into_iter()
            .filter(|r| r.path.starts_with("/v1/messages"))
            .filter_map(|r| r.body)
            .collect()
    }
}

fn kinds(messages: &[Value]) -> Vec<String> {
    messages
        .iter()
        .map(|m| match m["subtype"].as_str() {
            Some(s) => format!("{}/{s}", m["type"].as_str().unwrap()),
            None => m["type"].as_str().unwrap().to_string(),
        })
        .collect()
}

#[tokio::test]
async fn without_persistence_nothing_is_written() {
    let s = Scratch::new(1).await;
    let messages = s.run(json!({"persistSession": false})).await;
    assert_eq!(
        kinds(&messages),
        ["system/init", "assistant", "result/success"]
    );
    assert!(s.transcripts().is_empty());
    // The same session with persistence writes its transcript.
    let s = Scratch::new(1).await;
    s.run(json!({"persistSession": true})).await;
    assert_eq!(s.transcripts().len(), 1);
}

#[tokio::test]
async fn a_title_is_announced_written_and_resumable() {
    let s = Scratch::new(2).await;
    let messages = s.run(json!({"title": "Release notes draft"})).await;
    assert_eq!(
        kinds(&messages),
        [
            "system/session_title_changed",
            "system/init",
            "assistant",
            "result/success"
        ]
    );
    assert_eq!(messages[0]["title"], "Release notes draft");
    let id = messages[1]["session_id"].as_str().unwrap().to_string();
    assert_eq!(messages[0]["session_id"], id.as_str());
    let rows = &s.transcripts()[0];
    let title_row =
        json!({"type": "custom-title", "customTitle": "Release notes draft", "sessionId": id});
    assert_eq!((&rows[0], rows.last().unwrap()), (&title_row, &title_row));
    let info = oxagent_sessions::session_info(&s.path("home/.claude/projects"), &id, None).unwrap();
    assert_eq!(info.custom_title.as_deref(), Some("Release notes draft"));
    // A resume by title finds the session, and announces no title again.
    let resumed = s.run(json!({"resume": "release notes draft"})).await;
    assert_eq!(resumed[0]["subtype"], "init");
    assert_eq!(resumed[0]["session_id"], id.as_str());
}

#[tokio::test]
async fn the_main_thread_runs_as_the_named_agent() {
    let s = Scratch::new(2).await;
    let agents = json!({"reviewer": {"description": "Reviews code",
        "prompt": "You are a strict reviewer.", "tools": ["Grep", "Read"], "model": "haiku"}});
    let messages = s.run(json!({"agents": agents, "agent": "reviewer"})).await;
    assert_eq!(messages[0]["tools"], json!(["Grep", "Read"]));
    assert_eq!(messages[0]["model"], "claude-haiku-5-5");
    let body = &s.request_bodies()[0];
    assert_eq!(body["model"], "claude-haiku-5-5");
    let tools: Vec<&str> = body["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(tools, ["Grep", "Read"]);
    let system = body["system"].to_string();
    assert!(system.contains("You are a strict reviewer."), "{system}");
    // A name no agent has changes nothing.
    let other = s.run(json!({"agents": agents, "agent": "nosuch"})).await;
    assert!(other[0]["tools"].as_array().unwrap().len() > 5);
    assert_ne!(other[0]["model"], "claude-haiku-5-5");
}

#[tokio::test]
async fn the_debug_file_gets_the_diagnostic_lines() {
    let s = Scratch::new(1).await;
    let log = s.path("logs/debug.txt");
    s.run(
        json!({"debugFile": log.to_string_lossy(), "spawnClaudeCodeProcess": {"$callable": "spawn"},
        "extraArgs": {"verbose": null}}),
    )
    .await;
    let text = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[..2],
        [
            "[oxagent] spawnClaudeCodeProcess: accepted, no effect in this process",
            "[oxagent] extra_args: no effect in this process: --verbose",
        ]
    );
    assert_session_lines(&lines[2..]);
}

/// TypeScript `debug: true`, and the `--debug` flag of `extraArgs` (with or without the CLI's
/// category filter): the lines go to `~/.claude/debug/<session id>.txt`, as the documented SDKs'
/// CLI keeps its debug log; a `debugFile` wins; without either nothing is written there.
#[tokio::test]
async fn debug_writes_the_session_s_file_under_the_config_dir() {
    let s = Scratch::new(4).await;
    let debug_files = || -> Vec<(String, String)> {
        let dir = s.path("home/.claude/debug");
        let mut out: Vec<_> = std::fs::read_dir(dir)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| {
                let name = e.file_name().to_string_lossy().into_owned();
                (name, std::fs::read_to_string(e.path()).unwrap())
            })
            .collect();
        out.sort();
        out
    };
    let session_of = |messages: &[Value]| messages[0]["session_id"].as_str().unwrap().to_string();

    let first = s.run(json!({"debug": true})).await;
    let files = debug_files();
    assert_eq!(files.len(), 1, "{files:?}");
    assert_eq!(files[0].0, format!("{}.txt", session_of(&first)));
    assert_session_lines(&files[0].1.lines().collect::<Vec<_>>());

    let second = s.run(json!({"extraArgs": {"debug": "api,hooks"}})).await;
    let files = debug_files();
    assert_eq!(files.len(), 2, "{files:?}");
    assert!(files
        .iter()
        .any(|(n, _)| *n == format!("{}.txt", session_of(&second))));

    let log = s.path("logs/named.txt");
    s.run(json!({"debug": true, "debugFile": log.to_string_lossy()}))
        .await;
    s.run(json!({})).await;
    assert_eq!(debug_files().len(), 2);
    assert_session_lines(
        &std::fs::read_to_string(&log)
            .unwrap()
            .lines()
            .collect::<Vec<_>>(),
    );
}

/// A 1-turn session's diagnostic lines: the start first, the init among them, the result last.
fn assert_session_lines<S: AsRef<str> + std::fmt::Debug>(lines: &[S]) {
    assert!(
        lines[0].as_ref().starts_with("[oxagent] session "),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.as_ref().starts_with("[oxagent] init: model ")),
        "{lines:?}"
    );
    assert_eq!(
        lines.last().map(AsRef::as_ref),
        Some("[oxagent] result: success after 1 turns")
    );
}

/// `extra_args` `debug-to-stderr`: the same lines go to the `stderr` callback, one a call;
/// without the flag the callback gets nothing (as the documented SDKs' CLI writes nothing to
/// its standard error then).
#[tokio::test]
async fn debug_to_stderr_hands_the_lines_to_the_stderr_callback() {
    use std::sync::{Arc, Mutex};
    let s = Scratch::new(2).await;
    let collect = |extra: Value| {
        let lines = Arc::new(Mutex::new(Vec::<String>::new()));
        let sink = lines.clone();
        let callbacks = oxagent::Callbacks {
            stderr: Some(Arc::new(move |l: &str| sink.lock().unwrap().push(l.into()))),
            ..Default::default()
        };
        let options = s.options(extra);
        async move {
            let messages: Vec<_> = oxagent::query_with("Say hello", options, callbacks)
                .map(|m| m.unwrap())
                .collect()
                .await;
            assert!(matches!(messages.last(), Some(oxagent::Message::Result(_))));
            let got = lines.lock().unwrap().clone();
            got
        }
    };
    let lines = collect(json!({"extraArgs": {"debug-to-stderr": null}})).await;
    assert_session_lines(&lines);
    assert!(lines.iter().all(|l| !l.contains('\n')), "{lines:?}");
    assert_eq!(collect(json!({})).await, Vec::<String>::new());
}

#[tokio::test]
async fn extra_args_that_spell_options_are_acted_on() {
    let s = Scratch::new(1).await;
    let messages = s
        .run(json!({"extraArgs": {"model": "claude-haiku-4-5", "verbose": null}}))
        .await;
    assert_eq!(messages[0]["model"], "claude-haiku-4-5");
    assert_eq!(s.request_bodies()[0]["model"], "claude-haiku-4-5");
}

#[tokio::test]
async fn a_strict_mcp_config_uses_only_the_options_servers() {
    let s = Scratch::new(1).await;
    let project = json!({"mcpServers": {"proj": {"command": "python3", "args": ["-c", "pass"]}}});
    std::fs::write(s.path("ws/.mcp.json"), project.to_string()).unwrap();
    let messages = s.run(json!({"strictMcpConfig": true})).await;
    assert_eq!(messages[0]["mcp_servers"], json!([]));
}

/// Python `user`: Bash runs as that user (this process runs as root), or the session refuses
/// to start with the reference's text.
#[tokio::test]
async fn commands_run_as_the_user_named() {
    use std::os::unix::fs::PermissionsExt;
    let root = tempfile::tempdir().unwrap();
    let ws = root.path().join("ws");
    std::fs::create_dir_all(&ws).unwrap();
    for dir in [root.path(), ws.as_path()] {
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let server = ScriptedServer::start(json!({"responses": [
        {"content": [{"type": "tool_use", "id": "toolu_1", "name": "Bash", "input": {"command": "id -un"}}]},
        {"content": [{"type": "text", "text": "Done"}]},
    ]}))
    .await
    .unwrap();
    let options = |user: &str| {
        Options::from_json(&json!({"cwd": ws.to_string_lossy(), "user": user,
            "permission_mode": "bypassPermissions",
            "env": {"ANTHROPIC_BASE_URL": server.url(), "ANTHROPIC_API_KEY": "sk-test",
                    "HOME": root.path().join("home").to_string_lossy(), "IS_SANDBOX": "1"}}))
        .unwrap()
    };
    let e = oxagent::SessionRuntime::spawn(
        options("no-such-user-here"),
        &tokio::runtime::Handle::current(),
    )
    .err()
    .unwrap();
    assert_eq!(
        e.to_string(),
        "Failed to start Claude Code: \"getpwnam(): name not found: 'no-such-user-here'\""
    );
    let started =
        oxagent::SessionRuntime::spawn(options("nobody"), &tokio::runtime::Handle::current());
    if !nix::unistd::geteuid().is_root() {
        let e = started.err().unwrap();
        assert_eq!(
            e.to_string(),
            "Failed to start Claude Code: [Errno 1] Operation not permitted"
        );
        return;
    }
    drop(started);
    let messages: Vec<Value> = oxagent::query("Who runs this?", options("nobody"))
        .map(|m| serde_json::to_value(m.unwrap()).unwrap())
        .collect()
        .await;
    let result = messages
        .iter()
        .find(|m| m["type"] == "user" && m["tool_use_result"].is_object())
        .unwrap();
    assert_eq!(result["tool_use_result"]["stdout"], "nobody");
}

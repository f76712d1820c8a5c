//! Session ids that reach a path: `resume`, `session_id`, `fork_session`,
//! `resume_session_at` with ids that are not UUIDs never read or write a file, and the
//! caller sees what the reference shows (an error result, or a refused start).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use futures::StreamExt;
use oxagent::{Error, Options, OptionsErrorKind};
use oxagent_testkit::{ScriptedServer, ServerHandle};
use serde_json::{json, Value};

const VICTIM_ROWS: &str = concat!(
    r#"{"type":"user","uuid":"22222222-2222-4222-8222-222222222222","parentUuid":null,"sessionId":"11111111-1111-4111-8111-111111111111","message":{"role":"user","content":"Victim secret prompt"}}"#,
    "\n",
    r#"{"type":"assistant","uuid":"33333333-3333-4333-8333-333333333333","parentUuid":"22222222-2222-4222-8222-222222222222","sessionId":"11111111-1111-4111-8111-111111111111","message":{"id":"msg_v","role":"assistant","content":[{"type":"text","text":"Victim secret answer"}]}}"#,
    "\n"
);

/// A scratch root: `ws` (the cwd), `home` (HOME), and a victim transcript outside both.
struct Scratch {
    root: tempfile::TempDir,
    server: ServerHandle,
}

impl Scratch {
    async fn new(answers: &[&str]) -> Scratch {
        let root = tempfile::tempdir().unwrap();
        for d in ["ws", "home", "victim"] {
            std::fs::create_dir_all(root.path().join(d)).unwrap();
        }
        std::fs::write(root.path().join("victim/victim.jsonl"), VICTIM_ROWS).unwrap();
        let responses: Vec<Value> = answers
            .iter()
            .map(|t| json!({"content": [{"type": "text", "text": t}]}))
            .collect();
        let server = ScriptedServer::start(json!({"responses": responses}))
            .await
            .unwrap();
        Scratch { root, server }
    }

    fn path(&self, rel: &str) -> PathBuf {
        self.root.path().join(rel)
    }

    fn options(&self, extra: Value) -> Options {
        let mut o = json!({
            "cwd": self.path("ws").to_string_lossy(),
            "permission_mode": "bypassPermissions",
            "env": {"ANTHROPIC_BASE_URL": self.server.url(), "ANTHROPIC_API_KEY": "sk-test",
                    "HOME": self.path("home").to_string_lossy()},
        });
        if let (Value::Object(a), Value::Object(b)) = (&mut o, extra) {
            a.extend(b);
        }
        Options::from_json(&o).expect("valid options")
    }

    async fn run_options(&self, options: Options) -> Vec<Result<Value, Error>> {
        oxagent::query("Hello", options)
            .map(|m| m.map(|m| serde_json::to_value(m).unwrap()))
            .collect()
            .await
    }

    async fn run(&self, extra: Value) -> Vec<Result<Value, Error>> {
        self.run_options(self.options(extra)).await
    }

    /// The session transcripts written under HOME.
    fn transcripts(&self) -> Vec<PathBuf> {
        let mut out = Vec::new();
        let projects = self.path("home/.claude/projects");
        for project in std::fs::read_dir(projects).into_iter().flatten().flatten() {
            for e in std::fs::read_dir(project.path()).unwrap().flatten() {
                out.push(e.path());
            }
        }
        out.sort();
        out
    }

    fn requests(&self) -> usize {
        self.server
            .requests()
            .iter()
            .filter(|r| r.path.starts_with("/v1/messages"))
            .count()
    }
}

/// Every file and folder under `dir` (HOME's projects left out) with its contents.
fn snapshot(dir: &Path, skip: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            if p.starts_with(skip) {
                continue;
            }
            if p.is_dir() {
                out.push((p.clone(), Vec::new()));
                stack.push(p);
            } else {
                out.push((p.clone(), std::fs::read(&p).unwrap()));
            }
        }
    }
    out.sort();
    out
}

fn only_error_result(run: &[Result<Value, Error>]) -> Value {
    assert_eq!(run.len(), 1, "{run:?}");
    let result = run[0].as_ref().unwrap();
    assert_eq!(result["type"], "result");
    assert_eq!(result["subtype"], "error_during_execution");
    assert_eq!(result["is_error"], true);
    assert_eq!(result["num_turns"], 0);
    result["errors"].clone()
}

fn refused_start(run: &[Result<Value, Error>]) {
    assert_eq!(run.len(), 1, "{run:?}");
    match &run[0] {
        Err(Error::Options(e)) => {
            assert_eq!(e.kind, OptionsErrorKind::Refused);
            assert_eq!(e.option, "session_id");
            assert_eq!(e.message, "Invalid session ID. Must be a valid UUID.");
        }
        other => panic!("expected a refused start, got {other:?}"),
    }
}

fn bad_ids(s: &Scratch) -> Vec<String> {
    let long = format!("00000000-0000-4000-8000-{}", "0".repeat(300));
    vec![
        "../../../../victim/victim".into(),
        s.path("victim/victim").display().to_string(),
        "../../../../x".into(),
        s.path("x").display().to_string(),
        "00000000-0000-4000-8000-00000000000\0".into(),
        "00000000-0000-4000-8000-000000000001\n".into(),
        "00000000-0000-4000-8000-000000000002/../../../../y".into(),
        long,
    ]
}

#[tokio::test]
async fn ids_that_are_not_uuids_read_and_write_nothing() {
    let s = Scratch::new(&["Hi.", "Unexpected."]).await;
    let first = s.run(json!({})).await;
    let sid = first[0].as_ref().unwrap()["session_id"]
        .as_str()
        .unwrap()
        .to_string();
    let before = snapshot(s.root.path(), &s.path("home/.claude/projects"));
    let transcripts = s.transcripts();
    let rows = std::fs::read(&transcripts[0]).unwrap();

    for id in bad_ids(&s) {
        // resume: neither a session id nor a title, so an error result and nothing else.
        let run = s.run(json!({"resume": id})).await;
        assert_eq!(
            only_error_result(&run),
            json!([format!("Error: --resume requires a valid session ID or session title when used with --print. Usage: claude -p --resume <session-id|title>. Provided value \"{id}\" is not a UUID and does not match any session title.")])
        );
        // session_id, alone or naming a fork: the session refuses to start.
        refused_start(&s.run(json!({"session_id": id})).await);
        refused_start(
            &s.run(json!({"session_id": id, "resume": sid, "fork_session": true}))
                .await,
        );
        // resume_session_at is a message uuid: it names no message.
        for fork in [true, false] {
            let run = s
                .run(json!({"resume": sid, "resume_session_at": id, "fork_session": fork}))
                .await;
            assert_eq!(
                only_error_result(&run),
                json!([format!("No message found with message.uuid of: {id}")])
            );
            // The result names the session the turn would have run in.
            let in_session = run[0].as_ref().unwrap()["session_id"] == sid.as_str();
            assert_eq!(in_session, !fork);
        }
    }
    // Rust callers can set an empty id; the SDKs leave it out.
    let empty = Options {
        session_id: Some(String::new()),
        ..s.options(json!({}))
    };
    refused_start(&s.run_options(empty).await);

    assert_eq!(s.requests(), 1);
    assert_eq!(
        snapshot(s.root.path(), &s.path("home/.claude/projects")),
        before
    );
    assert_eq!(s.transcripts(), transcripts);
    assert_eq!(std::fs::read(&transcripts[0]).unwrap(), rows);
}

#[tokio::test]
async fn uuids_in_either_case_and_titles_name_sessions() {
    let s = Scratch::new(&["One.", "Two.", "Three.", "Four."]).await;
    let upper = "ABCDEF01-2345-4678-9ABC-DEF012345678";
    let first = s.run(json!({"session_id": upper})).await;
    assert_eq!(first[0].as_ref().unwrap()["session_id"], upper);
    assert_eq!(s.transcripts().len(), 1);
    assert!(s.transcripts()[0].ends_with(format!("{upper}.jsonl")));

    let again = s.run(json!({"resume": upper})).await;
    assert_eq!(again[0].as_ref().unwrap()["session_id"], upper);
    assert_eq!(again.last().unwrap().as_ref().unwrap()["result"], "Two.");
    // The file is named in upper case; the lower-case id names no session.
    let lower = upper.to_lowercase();
    let run = s.run(json!({"resume": lower})).await;
    assert_eq!(
        only_error_result(&run),
        json!([format!("No conversation found with session ID: {lower}")])
    );
    // The SDKs leave an empty session_id out: a new session.
    let fresh = s.run(json!({"session_id": ""})).await;
    assert_ne!(fresh[0].as_ref().unwrap()["session_id"], upper);

    // A title names the session it was given to.
    let projects = s.path("home/.claude/projects");
    oxagent_sessions::rename_session(&projects, upper, "Colour talk", None).unwrap();
    let titled = s.run(json!({"resume": " colour TALK "})).await;
    assert_eq!(titled[0].as_ref().unwrap()["session_id"], upper);
    assert_eq!(titled.last().unwrap().as_ref().unwrap()["result"], "Four.");
}

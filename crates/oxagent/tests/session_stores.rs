//! Session stores through the Rust face: a session mirrors its transcript into the store,
//! a second session with another HOME (no shared disk) resumes, continues or forks from the
//! store alone, a store that keeps failing is a `mirror_error` and the session goes on.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use futures::future::BoxFuture;
use futures::StreamExt;
use oxagent::store::{InMemorySessionStore, SessionKey, SessionStore, StoreError};
use oxagent::{Message, Options, SessionStoreOption};
use oxagent_testkit::{ScriptedServer, ServerHandle};
use serde_json::{json, Value};

struct Scratch {
    root: tempfile::TempDir,
    server: ServerHandle,
}

impl Scratch {
    async fn new(answers: &[&str]) -> Scratch {
        let root = tempfile::tempdir().unwrap();
        for d in ["ws", "home1", "home2"] {
            std::fs::create_dir_all(root.path().join(d)).unwrap();
        }
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

    fn options(&self, home: &str, store: Arc<dyn SessionStore>, extra: Value) -> Options {
        let mut o = json!({
            "cwd": self.path("ws").to_string_lossy(),
            "permission_mode": "bypassPermissions",
            "env": {"ANTHROPIC_BASE_URL": self.server.url(), "ANTHROPIC_API_KEY": "sk-test",
                    "HOME": self.path(home).to_string_lossy()},
        });
        if let (Value::Object(a), Value::Object(b)) = (&mut o, extra) {
            a.extend(b);
        }
        let mut options = Options::from_json(&o).expect("valid options");
        options.session_store = Some(SessionStoreOption::Native(store));
        options
    }

    async fn run(&self, prompt: &str, options: Options) -> Vec<Value> {
        oxagent::query(prompt, options)
            .map(|m| serde_json::to_value(m.unwrap()).unwrap())
            .collect()
            .await
    }

    fn key(&self, session_id: &str) -> SessionKey {
        SessionKey::main(oxagent::store::project_key(&self.path("ws")), session_id)
    }

    /// The texts of the messages of the last request the model received.
    fn last_request_texts(&self) -> Vec<String> {
        let requests = self.server.requests();
        let body = requests.last().unwrap().body.clone().unwrap();
        body["messages"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|m| match &m["content"] {
                Value::String(s) => vec![s.clone()],
                Value::Array(blocks) => blocks
                    .iter()
                    .filter_map(|b| b["text"].as_str().map(str::to_string))
                    .collect(),
                _ => vec![],
            })
            .filter(|t| !t.starts_with("<system-reminder>"))
            .collect()
    }
}

fn session_id(messages: &[Value]) -> String {
    messages.last().unwrap()["session_id"]
        .as_str()
        .unwrap()
        .to_string()
}

/// The conversation rows of a list of entries: (type, uuid).
fn conversation(entries: &[Value]) -> Vec<(String, String)> {
    entries
        .iter()
        .filter(|e| matches!(e["type"].as_str(), Some("user" | "assistant")))
        .map(|e| {
            (
                e["type"].as_str().unwrap().to_string(),
                e["uuid"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[tokio::test]
async fn a_session_is_mirrored_then_resumed_on_another_host() {
    let s = Scratch::new(&["First answer.", "Second answer."]).await;
    let store = Arc::new(InMemorySessionStore::new());
    let first = s
        .run(
            "Remember the word ORCHID.",
            s.options("home1", store.clone(), json!({})),
        )
        .await;
    let id = session_id(&first);
    // The store holds the same conversation as the local transcript, before the result.
    let stored = store.get_entries(&s.key(&id));
    let local_path = s
        .path("home1/.claude/projects")
        .join(oxagent::store::project_key(&s.path("ws")))
        .join(format!("{id}.jsonl"));
    let local: Vec<Value> = std::fs::read_to_string(&local_path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(conversation(&stored), conversation(&local));
    assert_eq!(conversation(&stored).len(), 2);

    // Another HOME: nothing on its disk, the store has it all.
    let second = s
        .run(
            "What was the word?",
            s.options("home2", store.clone(), json!({"resume": id})),
        )
        .await;
    assert_eq!(session_id(&second), id);
    assert_eq!(
        s.last_request_texts(),
        [
            "Remember the word ORCHID.",
            "First answer.",
            "What was the word?"
        ]
    );
    // The resumed turn was mirrored after the first one; nothing was written to home2.
    assert_eq!(conversation(&store.get_entries(&s.key(&id))).len(), 4);
    assert!(!s.path("home2/.claude/projects").exists());
}

#[tokio::test]
async fn continue_and_fork_come_from_the_store() {
    let s = Scratch::new(&["One.", "Two.", "Three."]).await;
    let store = Arc::new(InMemorySessionStore::new());
    let first = s
        .run("Alpha", s.options("home1", store.clone(), json!({})))
        .await;
    let id = session_id(&first);
    let cont = s
        .run(
            "Beta",
            s.options(
                "home2",
                store.clone(),
                json!({"continue_conversation": true}),
            ),
        )
        .await;
    assert_eq!(session_id(&cont), id);
    assert_eq!(s.last_request_texts(), ["Alpha", "One.", "Beta"]);
    let fork = s
        .run(
            "Gamma",
            s.options(
                "home2",
                store.clone(),
                json!({"resume": id, "fork_session": true}),
            ),
        )
        .await;
    let forked = session_id(&fork);
    assert_ne!(forked, id);
    assert_eq!(
        s.last_request_texts(),
        ["Alpha", "One.", "Beta", "Two.", "Gamma"]
    );
    // The fork's whole history is in the store under its own id; the original is untouched.
    assert_eq!(conversation(&store.get_entries(&s.key(&forked))).len(), 6);
    assert_eq!(conversation(&store.get_entries(&s.key(&id))).len(), 4);
}

/// Every append fails.
struct Failing {
    inner: InMemorySessionStore,
    appends: Mutex<usize>,
}

impl SessionStore for Failing {
    fn append<'a>(
        &'a self,
        _key: &'a SessionKey,
        _entries: &'a [Value],
    ) -> BoxFuture<'a, Result<(), StoreError>> {
        *self.appends.lock().unwrap() += 1;
        Box::pin(async { Err(StoreError::Failed("test store: append failed".into())) })
    }
    fn load<'a>(
        &'a self,
        key: &'a SessionKey,
    ) -> BoxFuture<'a, Result<Option<Vec<Value>>, StoreError>> {
        self.inner.load(key)
    }
}

#[tokio::test]
async fn a_failing_store_is_a_mirror_error_and_the_session_goes_on() {
    let s = Scratch::new(&["Fine."]).await;
    let store = Arc::new(Failing {
        inner: InMemorySessionStore::new(),
        appends: Mutex::new(0),
    });
    let messages = s
        .run("Hello", s.options("home1", store.clone(), json!({})))
        .await;
    let kinds: Vec<String> = messages
        .iter()
        .map(|m| {
            format!(
                "{}/{}",
                m["type"].as_str().unwrap(),
                m["subtype"].as_str().unwrap_or("")
            )
        })
        .collect();
    assert_eq!(
        kinds,
        [
            "system/init",
            "assistant/",
            "system/mirror_error",
            "result/success",
            "system/mirror_error"
        ]
    );
    let error = &messages[2];
    assert_eq!(error["error"], "test store: append failed");
    let id = session_id(&messages);
    assert_eq!(error["key"], s.key(&id).to_camel());
    // Three attempts at the turn's rows, three at the last-prompt row written after the
    // result (flushed when the session ends), as the reference.
    assert_eq!(*store.appends.lock().unwrap(), 6);
    let _ = Message::Result;
}

#[tokio::test]
async fn resume_session_at_cuts_a_stored_session() {
    let s = Scratch::new(&["One.", "Two.", "Three."]).await;
    let store = Arc::new(InMemorySessionStore::new());
    let first = s
        .run("Alpha", s.options("home1", store.clone(), json!({})))
        .await;
    let id = session_id(&first);
    let at = first.iter().find(|m| m["type"] == "assistant").unwrap()["uuid"].clone();
    s.run(
        "Beta",
        s.options("home1", store.clone(), json!({"resume": id})),
    )
    .await;
    // From another HOME: the conversation stops after the first answer.
    let cut = s
        .run(
            "Gamma",
            s.options(
                "home2",
                store.clone(),
                json!({"resume": id, "fork_session": true, "resume_session_at": at}),
            ),
        )
        .await;
    assert_ne!(session_id(&cut), id);
    assert_eq!(s.last_request_texts(), ["Alpha", "One.", "Gamma"]);
}

#[tokio::test]
async fn a_session_the_store_does_not_hold_is_unknown() {
    let s = Scratch::new(&["Never."]).await;
    let store = Arc::new(InMemorySessionStore::new());
    let id = "11111111-1111-4111-8111-111111111111";
    let messages = s
        .run("Hello", s.options("home2", store, json!({"resume": id})))
        .await;
    assert_eq!(messages.len(), 1);
    assert_eq!(
        messages[0]["errors"],
        json!([format!("No conversation found with session ID: {id}")])
    );
}

#[tokio::test]
async fn a_subagents_transcript_is_mirrored_under_its_subpath() {
    let root = tempfile::tempdir().unwrap();
    for d in ["ws", "home1"] {
        std::fs::create_dir_all(root.path().join(d)).unwrap();
    }
    let server = ScriptedServer::start(json!({"responses": [
        {"match": "DELEGATE", "content": [{"type": "tool_use", "id": "toolu_A1", "name": "Agent",
            "input": {"description": "Answer", "prompt": "SUB-PROMPT", "subagent_type": "general-purpose",
                      "run_in_background": false}}]},
        {"match": "SUB-PROMPT", "content": [{"type": "text", "text": "SUB-ANSWER"}]},
        {"match": "SUB-ANSWER", "content": [{"type": "text", "text": "DONE"}]},
    ]}))
    .await
    .unwrap();
    let s = Scratch { root, server };
    let store = Arc::new(InMemorySessionStore::new());
    let messages = s
        .run("DELEGATE", s.options("home1", store.clone(), json!({})))
        .await;
    let id = session_id(&messages);
    let agent_id = messages
        .iter()
        .find(|m| m["subtype"] == "task_started")
        .map(|m| m["task_id"].as_str().unwrap().to_string())
        .unwrap();
    let key = s.key(&id).sub(format!("subagents/agent-{agent_id}"));
    let rows = store.get_entries(&key);
    // The agent's prompt and its answer, as its local transcript has them, marked as a sidechain.
    let texts: Vec<(String, bool)> = rows
        .iter()
        .filter(|r| matches!(r["type"].as_str(), Some("user" | "assistant")))
        .map(|r| {
            let content = &r["message"]["content"];
            let text = content
                .as_str()
                .map(str::to_string)
                .unwrap_or_else(|| content[0]["text"].as_str().unwrap_or("").to_string());
            (
                text,
                r["isSidechain"] == true && r["agentId"] == agent_id.as_str(),
            )
        })
        .collect();
    assert_eq!(
        texts,
        [
            ("SUB-PROMPT".to_string(), true),
            ("SUB-ANSWER".to_string(), true)
        ]
    );
    // The session's own rows stay under the session's key.
    // (prompt, Agent call, its result, the answer)
    assert_eq!(conversation(&store.get_entries(&s.key(&id))).len(), 4);
}

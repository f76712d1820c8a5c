//! An MCP server over the older HTTP+SSE transport (`{"type": "sse", "url", "headers"}`): a
//! small one served here (the event stream names the endpoint the client posts to, answers
//! come back as `message` events); the session lists and calls its tool, with the headers.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::convert::Infallible;
use std::sync::{Arc, Mutex};

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::sse::{Event, Sse};
use axum::routing::{get, post};
use axum::{Json, Router};
use futures::StreamExt;
use oxagent::{Message, Options};
use oxagent_testkit::ScriptedServer;
use serde_json::{json, Value};
use tokio::sync::mpsc;

/// Each message the server received: its method and its Authorization header.
type Seen = Arc<Mutex<Vec<(String, Option<String>)>>>;

#[derive(Clone, Default)]
struct Server {
    out: Arc<Mutex<Option<mpsc::UnboundedSender<Value>>>>,
    seen: Seen,
}

async fn events(
    State(s): State<Server>,
) -> Sse<impl futures::Stream<Item = Result<Event, Infallible>>> {
    let (tx, rx) = mpsc::unbounded_channel::<Value>();
    *s.out.lock().unwrap() = Some(tx);
    let first = futures::stream::once(async {
        Ok(Event::default()
            .event("endpoint")
            .data("/messages?session_id=1"))
    });
    let rest =
        tokio_stream_of(rx).map(|v| Ok(Event::default().event("message").data(v.to_string())));
    Sse::new(first.chain(rest))
}

fn tokio_stream_of(mut rx: mpsc::UnboundedReceiver<Value>) -> impl futures::Stream<Item = Value> {
    futures::stream::poll_fn(move |cx| rx.poll_recv(cx))
}

async fn message(
    State(s): State<Server>,
    headers: HeaderMap,
    Json(msg): Json<Value>,
) -> StatusCode {
    let method = msg["method"].as_str().unwrap_or("").to_string();
    let auth = headers
        .get("authorization")
        .map(|v| v.to_str().unwrap().to_string());
    s.seen.lock().unwrap().push((method.clone(), auth));
    let result = match method.as_str() {
        "initialize" => {
            json!({"protocolVersion": msg["params"]["protocolVersion"], "capabilities": {"tools": {}},
                               "serverInfo": {"name": "old-school", "version": "1.0.0"}})
        }
        "tools/list" => json!({"tools": [{"name": "echo", "description": "Says it back",
            "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}}]}),
        "tools/call" => {
            json!({"content": [{"type": "text", "text": format!("echo: {}", msg["params"]["arguments"]["text"].as_str().unwrap_or(""))}]})
        }
        _ => return StatusCode::ACCEPTED, // notifications
    };
    if let Some(tx) = s.out.lock().unwrap().as_ref() {
        let _ = tx.send(json!({"jsonrpc": "2.0", "id": msg["id"], "result": result}));
    }
    StatusCode::ACCEPTED
}

/// Serves `app` on a free port of 127.0.0.1.
async fn serve(app: Router) -> u16 {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    port
}

/// Runs `prompt` against `script` with `extra` options; the messages as JSON too.
async fn run(script: Value, prompt: &str, extra: Value) -> (Vec<Message>, Value) {
    let model = ScriptedServer::start(script).await.unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut options = json!({
        "cwd": dir.path().to_string_lossy(),
        "setting_sources": [],
        "env": {"ANTHROPIC_BASE_URL": model.url(), "ANTHROPIC_API_KEY": "sk-test", "HOME": dir.path().to_string_lossy()},
    });
    options
        .as_object_mut()
        .unwrap()
        .extend(extra.as_object().unwrap().clone());
    let options = Options::from_json(&options).unwrap();
    let messages: Vec<Message> = oxagent::query(prompt, options)
        .map(|m| m.unwrap())
        .collect()
        .await;
    let all = serde_json::to_value(&messages).unwrap();
    (messages, all)
}

fn init(all: &Value) -> &Value {
    all.as_array()
        .unwrap()
        .iter()
        .find(|m| m["subtype"] == "init")
        .unwrap()
}

#[tokio::test]
async fn a_session_calls_the_tools_of_an_sse_server() {
    let state = Server::default();
    let app = Router::new()
        .route("/sse", get(events))
        .route("/messages", post(message))
        .with_state(state.clone());
    let port = serve(app).await;
    let script = json!({"responses": [
        {"content": [{"type": "tool_use", "id": "toolu_01", "name": "mcp__old__echo", "input": {"text": "hi"}}]},
        {"content": [{"type": "text", "text": "Echoed."}]},
    ]});
    let extra = json!({
        "allowed_tools": ["mcp__old__echo"],
        "mcp_servers": {"old": {"type": "sse", "url": format!("http://127.0.0.1:{port}/sse"),
                                "headers": {"Authorization": "Bearer t0ken"}}},
    });
    let (messages, all) = run(script, "Echo hi", extra).await;
    let init = init(&all);
    assert_eq!(
        init["mcp_servers"],
        json!([{"name": "old", "status": "connected", "source": "dynamic"}])
    );
    assert!(init["tools"]
        .as_array()
        .unwrap()
        .contains(&json!("mcp__old__echo")));
    let result = all
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["type"] == "user" && m["tool_use_result"].is_array())
        .unwrap();
    assert_eq!(
        result["message"]["content"][0]["content"],
        json!([{"type": "text", "text": "echo: hi"}])
    );
    let Some(Message::Result(r)) = messages.last() else {
        panic!("no result")
    };
    assert_eq!(r.result.as_deref(), Some("Echoed."));
    let seen = state.seen.lock().unwrap().clone();
    let methods: Vec<&str> = seen.iter().map(|(m, _)| m.as_str()).collect();
    assert_eq!(
        methods,
        [
            "initialize",
            "notifications/initialized",
            "tools/list",
            "tools/call"
        ]
    );
    assert!(seen
        .iter()
        .all(|(_, auth)| auth.as_deref() == Some("Bearer t0ken")));
}

#[tokio::test]
async fn an_sse_server_that_names_no_endpoint_fails_alone() {
    let app = Router::new().route("/sse", get(|| async { (StatusCode::NOT_FOUND, "no") }));
    let port = serve(app).await;
    let script = json!({"responses": [{"content": [{"type": "text", "text": "Hi."}]}]});
    let extra = json!({
        "mcp_servers": {"gone": {"type": "sse", "url": format!("http://127.0.0.1:{port}/sse")}},
    });
    let (messages, all) = run(script, "Hi", extra).await;
    let init = init(&all);
    assert_eq!(
        init["mcp_servers"],
        json!([{"name": "gone", "status": "failed", "source": "dynamic"}])
    );
    let Some(Message::Result(r)) = messages.last() else {
        panic!("no result")
    };
    assert_eq!(r.result.as_deref(), Some("Hi."));
}

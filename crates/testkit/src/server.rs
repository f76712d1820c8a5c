//! The HTTP server: routes, answers, and the handle tests hold.
//!
//! `POST /v1/messages...` answers from the script (SSE when the body has `stream: true`,
//! JSON otherwise), `POST` to a `count_tokens` path answers `{"input_tokens": 100}`, other
//! `POST`s get a 404 error body, `GET *` an empty list page, `HEAD` an empty 200.
//!
//! ```no_run
//! # async fn demo() -> std::io::Result<()> {
//! let server = oxagent_testkit::ScriptedServer::start(serde_json::json!({"responses": []})).await?;
//! println!("{} got {} requests", server.url(), server.requests().len());
//! server.shutdown().await;
//! # Ok(()) }
//! ```

use std::collections::BTreeMap;
use std::convert::Infallible;
use std::fs::OpenOptions;
use std::io;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::{to_bytes, Body};
use axum::extract::{Request, State};
use axum::http::{HeaderName, HeaderValue, Method, StatusCode};
use axum::response::Response;
use axum::Router;
use bytes::Bytes;
use serde_json::{json, Value};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

use crate::pyjson::dumps;
use crate::record::{RecordedRequest, Recorder, Served};
use crate::script::Script;
use crate::sse::{encode, message_json, stream_events};

/// Starts scripted servers. See the crate docs for the script format.
pub struct ScriptedServer;

/// A running server. Dropping it stops the server too; [`ServerHandle::shutdown`] also waits.
pub struct ServerHandle {
    addr: SocketAddr,
    app: Arc<App>,
    stop: Option<oneshot::Sender<()>>,
    task: Option<JoinHandle<()>>,
}

struct App {
    script: Script,
    /// Which scripted responses were served, and the `msg_mock_NNNN` counter.
    selection: Mutex<(Vec<bool>, u64)>,
    recorder: Recorder,
}

impl ScriptedServer {
    /// Serves `script` on 127.0.0.1 at a free port, without a log file.
    pub async fn start(script: Value) -> io::Result<ServerHandle> {
        ScriptedServer::start_with(script, 0, None).await
    }

    /// Serves `script` on 127.0.0.1:`port` (0 picks a free one), appending every request to
    /// the JSONL file `log` when given.
    pub async fn start_with(
        script: Value,
        port: u16,
        log: Option<PathBuf>,
    ) -> io::Result<ServerHandle> {
        let script = Script::from_json(&script)
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))?;
        let log = match log {
            Some(path) => Some(OpenOptions::new().create(true).append(true).open(path)?),
            None => None,
        };
        let consumed = vec![false; script.responses.len()];
        let app = Arc::new(App {
            script,
            selection: Mutex::new((consumed, 0)),
            recorder: Recorder::new(log),
        });
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await?;
        let addr = listener.local_addr()?;
        let router = Router::new().fallback(handle).with_state(app.clone());
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(async move {
            let shutdown = async move {
                let _ = stopped.await;
            };
            // Serving only ends on shutdown or an accept error; either way the handle's
            // owner learns of it through failing requests.
            let _ = axum::serve(listener, router)
                .with_graceful_shutdown(shutdown)
                .await;
        });
        Ok(ServerHandle {
            addr,
            app,
            stop: Some(stop),
            task: Some(task),
        })
    }
}

impl ServerHandle {
    /// `http://127.0.0.1:PORT`, to use as `ANTHROPIC_BASE_URL`.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Every request received so far, in order of arrival.
    pub fn requests(&self) -> Vec<RecordedRequest> {
        self.app.recorder.snapshot()
    }

    /// Stops accepting, lets open responses finish (for at most 5 s) and returns.
    pub async fn shutdown(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(task) = self.task.take() {
            let abort = task.abort_handle();
            if tokio::time::timeout(Duration::from_secs(5), task)
                .await
                .is_err()
            {
                abort.abort();
            }
        }
    }
}

impl Drop for ServerHandle {
    fn drop(&mut self) {
        if let Some(task) = self.task.take() {
            task.abort();
        }
    }
}

/// Serves the script file at `port` until Ctrl-C, printing the bound port on stdout first
/// (one line), like `mockapi.py`. Backs `oxagent mock-server`.
pub async fn serve_forever(script_path: &Path, port: u16, log: Option<PathBuf>) -> io::Result<()> {
    let text = tokio::fs::read_to_string(script_path).await?;
    let script: Value =
        serde_json::from_str(&text).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))?;
    let server = ScriptedServer::start_with(script, port, log).await?;
    println!("{}", server.addr().port());
    tokio::signal::ctrl_c().await?;
    server.shutdown().await;
    Ok(())
}

async fn handle(State(app): State<Arc<App>>, request: Request) -> Response {
    let method = request.method().clone();
    let path = request
        .uri()
        .path_and_query()
        .map(|p| p.as_str().to_string())
        .unwrap_or_default();
    let headers: BTreeMap<String, String> = request
        .headers()
        .iter()
        .map(|(k, v)| {
            (
                k.as_str().to_string(),
                String::from_utf8_lossy(v.as_bytes()).into_owned(),
            )
        })
        .collect();
    let mut entry = RecordedRequest {
        method: method.to_string(),
        path,
        headers,
        body: None,
        served: None,
        seq: 0,
    };
    if method == Method::GET {
        app.recorder.record(entry);
        return json_response(
            200,
            &json!({"data": [], "has_more": false, "first_id": null, "last_id": null}),
            None,
        );
    }
    if method == Method::HEAD {
        return plain(StatusCode::OK, Body::empty());
    }
    if method != Method::POST {
        return plain(
            StatusCode::NOT_IMPLEMENTED,
            Body::from("Unsupported method"),
        );
    }
    let raw = to_bytes(request.into_body(), usize::MAX)
        .await
        .unwrap_or_default();
    let body = serde_json::from_slice::<Value>(&raw)
        .unwrap_or_else(|_| json!({"raw": String::from_utf8_lossy(&raw[..raw.len().min(500)])}));
    entry.body = Some(body.clone());
    if entry.path.contains("count_tokens") {
        entry.served = Some(Served {
            index: None,
            kind: "count_tokens".into(),
            status: 200,
        });
        app.recorder.record(entry);
        return json_response(200, &json!({"input_tokens": 100}), None);
    }
    if !entry.path.starts_with("/v1/messages") {
        entry.served = Some(Served {
            index: None,
            kind: "404".into(),
            status: 404,
        });
        app.recorder.record(entry);
        let error =
            json!({"type": "error", "error": {"type": "not_found_error", "message": "Not found"}});
        return json_response(404, &error, None);
    }
    answer_messages(&app, entry, body).await
}

/// Answers `POST /v1/messages` from the script.
async fn answer_messages(app: &App, mut entry: RecordedRequest, body: Value) -> Response {
    let (index, response, kind) = {
        let mut selection = app.selection.lock().unwrap_or_else(|e| e.into_inner());
        let choice = app.script.choose(&body, &mut selection.0);
        (choice.index, choice.response.clone(), choice.kind)
    };
    let response = crate::script::with_agent_id(response, &body);
    let error = response.error.clone().filter(|e| !e.is_empty());
    let status = error
        .as_ref()
        .map(|e| status_of(e.get("status")))
        .unwrap_or(200);
    entry.served = Some(Served {
        index,
        kind: kind.into(),
        status,
    });
    // Recorded before the delay (the fixture logs after it) so that a client that gives up
    // during the delay still shows up in `requests()`.
    app.recorder.record(entry);
    if let Some(ms) = response.delay_ms.filter(|ms| *ms > 0.0) {
        tokio::time::sleep(Duration::from_secs_f64(ms / 1000.0)).await;
    }
    if let Some(e) = error {
        let body = match e.get("body").filter(|b| crate::script::truthy(b)) {
            Some(b) => b.clone(),
            None => json!({"type": "error", "error": {
                "type": e.get("type").cloned().unwrap_or(json!("api_error")),
                "message": e.get("message").cloned().unwrap_or(json!("error"))}}),
        };
        return json_response(status, &body, e.get("headers"));
    }
    let id = {
        let mut selection = app.selection.lock().unwrap_or_else(|e| e.into_inner());
        selection.1 += 1;
        format!("msg_mock_{:04}", selection.1 - 1)
    };
    if !body.get("stream").is_some_and(crate::script::truthy) {
        return json_response(200, &message_json(&response, &id, &body), None);
    }
    let pause = response
        .event_delay_ms
        .filter(|ms| *ms > 0.0)
        .map(|ms| Duration::from_secs_f64(ms / 1000.0));
    let frames = futures::StreamExt::then(
        futures::stream::iter(stream_events(&response, &id, &body)),
        move |event| async move {
            if let Some(pause) = pause {
                tokio::time::sleep(pause).await;
            }
            Ok::<_, Infallible>(Bytes::from(encode(&event)))
        },
    );
    let mut builder = Response::builder()
        .status(StatusCode::OK)
        .header("content-type", "text/event-stream; charset=utf-8")
        .header("cache-control", "no-cache")
        .header("request-id", "req_mock");
    if !app.script.keep_alive {
        builder = builder.header("connection", "close");
    }
    for (name, value) in response.headers.iter().flatten() {
        let value = match value {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        builder = builder.header(name.as_str(), value);
    }
    let built = builder.body(Body::from_stream(frames));
    built.unwrap_or_else(|_| plain(StatusCode::INTERNAL_SERVER_ERROR, Body::empty()))
}

/// The scripted status: a number or a numeric string, 500 when absent or unusable.
fn status_of(v: Option<&Value>) -> u16 {
    let n = match v {
        Some(Value::Number(n)) => n.as_u64(),
        Some(Value::String(s)) => s.trim().parse().ok(),
        _ => None,
    };
    n.and_then(|n| u16::try_from(n).ok())
        .filter(|s| StatusCode::from_u16(*s).is_ok())
        .unwrap_or(500)
}

/// A JSON answer with the fixture's headers plus any scripted ones (values as Python's
/// `str()` would write them).
fn json_response(status: u16, body: &Value, extra: Option<&Value>) -> Response {
    let mut response = plain(
        StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR),
        Body::from(dumps(body)),
    );
    let headers = response.headers_mut();
    headers.insert("content-type", HeaderValue::from_static("application/json"));
    headers.insert("request-id", HeaderValue::from_static("req_mock"));
    for (k, v) in extra.and_then(Value::as_object).into_iter().flatten() {
        let text = match v {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        if let (Ok(name), Ok(value)) = (
            HeaderName::try_from(k.as_str()),
            HeaderValue::try_from(text),
        ) {
            headers.append(name, value);
        }
    }
    response
}

fn plain(status: StatusCode, body: Body) -> Response {
    let mut response = Response::new(body);
    *response.status_mut() = status;
    response
}

//! Integration suite of oxagent-http: the client against the scripted Messages API server
//! (a real HTTP server on 127.0.0.1), and cassettes recorded from it.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod cassette;
mod fallback;
mod retries;
mod streaming;

use futures::StreamExt;
use oxagent_core::model::{ApiErrorKind, Model, ModelEvent, ModelRequest};
use oxagent_http::{HttpModel, HttpModelConfig};
use oxagent_testkit::{ScriptedServer, ServerHandle};
use serde_json::{json, Value};

pub async fn server(script: Value) -> ServerHandle {
    ScriptedServer::start(script).await.expect("server starts")
}

pub fn model(server: &ServerHandle, max_retries: u32) -> HttpModel {
    HttpModel::new(HttpModelConfig {
        base_url: server.url(),
        api_key: Some("sk-test".into()),
        max_retries,
        ..HttpModelConfig::default()
    })
    .expect("valid config")
}

/// A main-loop request body (streaming, with a `tools` key) whose last user turn is `text`.
pub fn request(text: &str) -> ModelRequest {
    ModelRequest {
        body: json!({"model": "claude-opus-5-5", "max_tokens": 1024, "stream": true, "tools": [],
                     "messages": [{"role": "user", "content": text}]}),
        betas: vec![],
    }
}

pub async fn collect(model: &dyn Model, request: ModelRequest) -> Vec<ModelEvent> {
    model.stream(request).collect().await
}

/// The raw SSE events of a list, in order.
pub fn raw(events: &[ModelEvent]) -> Vec<Value> {
    events
        .iter()
        .filter_map(|e| match e {
            ModelEvent::Stream(v) => Some(v.value().clone()),
            _ => None,
        })
        .collect()
}

/// A retry notice without its random delay: (attempt, max_retries, error_status, error).
pub type Notice = (u32, u32, Option<u16>, ApiErrorKind);

/// The events with retry notices reduced to [`Notice`]s and raw events to their `type`.
pub fn shape(events: &[ModelEvent]) -> Vec<String> {
    events
        .iter()
        .map(|e| match e {
            ModelEvent::Stream(v) => v["type"].as_str().unwrap_or("?").to_string(),
            ModelEvent::Retry(r) if r.silent => format!("quiet retry (billed: {})", r.billed),
            ModelEvent::Retry(r) => format!(
                "retry {:?}",
                (r.attempt, r.max_retries, r.error_status, r.error)
            ),
            ModelEvent::Failed(f) => format!("failed {:?} {:?}", f.status, f.kind),
            ModelEvent::OutputLimit(limit) => format!("output limit {limit}"),
        })
        .collect()
}

/// Served statuses of the recorded requests, in order.
pub fn statuses(server: &ServerHandle) -> Vec<u16> {
    server
        .requests()
        .iter()
        .filter_map(|r| r.served.as_ref().map(|s| s.status))
        .collect()
}

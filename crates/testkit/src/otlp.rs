//! A trace collector for tests: an OTLP/HTTP receiver on 127.0.0.1 that keeps the spans
//! posted to `/v1/traces` in OTLP's JSON encoding (`OTEL_EXPORTER_OTLP_PROTOCOL=http/json`).

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use axum::routing::post;
use axum::Router;
use serde_json::Value;

/// One received span, flattened.
#[derive(Debug, Clone, PartialEq)]
pub struct ReceivedSpan {
    pub name: String,
    pub trace_id: String,
    pub span_id: String,
    /// Empty for a root span.
    pub parent_span_id: String,
    /// Attribute values as JSON: strings, numbers (ints from their decimal strings), bools.
    pub attributes: BTreeMap<String, Value>,
    /// The resource's `service.name`.
    pub service: String,
}

impl ReceivedSpan {
    pub fn attr(&self, key: &str) -> Option<&Value> {
        self.attributes.get(key)
    }

    pub fn attr_str(&self, key: &str) -> Option<&str> {
        self.attr(key).and_then(Value::as_str)
    }
}

/// The receiver; it stops when dropped.
pub struct OtlpReceiver {
    port: u16,
    spans: Arc<Mutex<Vec<ReceivedSpan>>>,
    task: tokio::task::JoinHandle<()>,
}

impl OtlpReceiver {
    pub async fn start() -> std::io::Result<OtlpReceiver> {
        let spans: Arc<Mutex<Vec<ReceivedSpan>>> = Arc::default();
        let kept = spans.clone();
        let router = Router::new().route(
            "/v1/traces",
            post(move |body: axum::body::Bytes| {
                let kept = kept.clone();
                async move {
                    if let Ok(v) = serde_json::from_slice::<Value>(&body) {
                        let mut all = kept.lock().unwrap_or_else(|e| e.into_inner());
                        all.extend(flatten(&v));
                    }
                    "{}"
                }
            }),
        );
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0)).await?;
        let port = listener.local_addr()?.port();
        let task = tokio::spawn(async move {
            let _ = axum::serve(listener, router).await;
        });
        Ok(OtlpReceiver { port, spans, task })
    }

    /// The endpoint to give `OTEL_EXPORTER_OTLP_ENDPOINT`.
    pub fn endpoint(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    pub fn spans(&self) -> Vec<ReceivedSpan> {
        self.spans.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }
}

impl Drop for OtlpReceiver {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// The spans of an `ExportTraceServiceRequest` in OTLP/JSON.
pub fn flatten(request: &Value) -> Vec<ReceivedSpan> {
    let list = |v: &Value, k: &str| {
        v.get(k)
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default()
    };
    let text = |v: &Value, k: &str| v.get(k).and_then(Value::as_str).unwrap_or("").to_string();
    let mut out = Vec::new();
    for rs in list(request, "resourceSpans") {
        let resource = attributes(&list(
            rs.get("resource").unwrap_or(&Value::Null),
            "attributes",
        ));
        let service = resource
            .get("service.name")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string();
        for ss in list(&rs, "scopeSpans") {
            for span in list(&ss, "spans") {
                out.push(ReceivedSpan {
                    name: text(&span, "name"),
                    trace_id: text(&span, "traceId"),
                    span_id: text(&span, "spanId"),
                    parent_span_id: text(&span, "parentSpanId"),
                    attributes: attributes(&list(&span, "attributes")),
                    service: service.clone(),
                });
            }
        }
    }
    out
}

fn attributes(kvs: &[Value]) -> BTreeMap<String, Value> {
    kvs.iter()
        .filter_map(|kv| {
            let key = kv.get("key")?.as_str()?.to_string();
            let v = kv.get("value")?;
            let value = if let Some(s) = v.get("stringValue") {
                s.clone()
            } else if let Some(i) = v.get("intValue") {
                match i {
                    Value::String(s) => s.parse::<i64>().map(Value::from).unwrap_or(i.clone()),
                    other => other.clone(),
                }
            } else if let Some(d) = v.get("doubleValue") {
                d.clone()
            } else if let Some(b) = v.get("boolValue") {
                b.clone()
            } else {
                v.clone()
            };
            Some((key, value))
        })
        .collect()
}

//! Servers reached over the older HTTP+SSE transport (`{"type": "sse", "url", "headers"}`):
//! a GET opens an event stream whose first `endpoint` event names the URL to POST the
//! client's JSON-RPC messages to; the server's messages come back as `message` events on the
//! stream. `rmcp` no longer ships a client for it, so this is a small [`Transport`] of its
//! own over the project's reqwest client.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use futures::stream::BoxStream;
use futures::StreamExt;
use rmcp::service::{RoleClient, RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;
use sse_stream::{Error as SseError, Sse, SseStream};

use super::{stdio, ResultsRoot};
use crate::Connected;

/// How long the server may take to name its message endpoint.
const ENDPOINT_WAIT: Duration = Duration::from_secs(30);

#[derive(Debug)]
pub(crate) struct SseFailure(String);

impl std::fmt::Display for SseFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SseFailure {}

struct Poster {
    http: reqwest::Client,
    headers: Arc<Vec<(String, String)>>,
    endpoint: reqwest::Url,
}

pub(crate) struct SseTransport {
    poster: Arc<Poster>,
    events: BoxStream<'static, Result<Sse, SseError>>,
}

impl SseTransport {
    /// Opens the event stream and waits for the endpoint it names.
    async fn open(url: &str, headers: &BTreeMap<String, String>) -> Result<Self, SseFailure> {
        let fail = |what: &str, e: &dyn std::fmt::Display| SseFailure(format!("{what}: {e}"));
        let base = reqwest::Url::parse(url).map_err(|e| fail("bad URL", &e))?;
        let http = reqwest::Client::new();
        let headers: Arc<Vec<(String, String)>> = Arc::new(
            headers
                .iter()
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect(),
        );
        let mut req = http.get(base.clone()).header("accept", "text/event-stream");
        for (k, v) in headers.iter() {
            req = req.header(k.as_str(), v.as_str());
        }
        let response = req.send().await.map_err(|e| fail("SSE error", &e))?;
        if !response.status().is_success() {
            return Err(SseFailure(format!(
                "SSE error: the server answered {}",
                response.status()
            )));
        }
        let mut events = SseStream::from_bytes_stream(response.bytes_stream()).boxed();
        let named = tokio::time::timeout(ENDPOINT_WAIT, async {
            while let Some(event) = events.next().await {
                let event = event.map_err(|e| fail("SSE error", &e))?;
                if event.event.as_deref() == Some("endpoint") {
                    return Ok(event.data.unwrap_or_default());
                }
            }
            Err(SseFailure(
                "SSE error: the stream ended before the server named its endpoint".into(),
            ))
        })
        .await
        .map_err(|_| SseFailure("SSE error: the server named no endpoint in time".into()))??;
        let endpoint = base
            .join(named.trim())
            .map_err(|e| fail("SSE error: a bad endpoint", &e))?;
        Ok(SseTransport {
            poster: Arc::new(Poster {
                http,
                headers,
                endpoint,
            }),
            events,
        })
    }
}

impl Transport<RoleClient> for SseTransport {
    type Error = SseFailure;

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleClient>,
    ) -> impl std::future::Future<Output = Result<(), Self::Error>> + Send + 'static {
        let poster = self.poster.clone();
        async move {
            let mut req = poster.http.post(poster.endpoint.clone()).json(&item);
            for (k, v) in poster.headers.iter() {
                req = req.header(k.as_str(), v.as_str());
            }
            let response = req
                .send()
                .await
                .map_err(|e| SseFailure(format!("SSE error: {e}")))?;
            if response.status().is_success() {
                Ok(())
            } else {
                Err(SseFailure(format!(
                    "SSE error: the server answered {} to a message",
                    response.status()
                )))
            }
        }
    }

    async fn receive(&mut self) -> Option<RxJsonRpcMessage<RoleClient>> {
        while let Some(event) = self.events.next().await {
            let Ok(event) = event else { return None };
            if !matches!(event.event.as_deref(), None | Some("message")) {
                continue;
            }
            if let Some(message) = event
                .data
                .as_deref()
                .and_then(|d| serde_json::from_str(d).ok())
            {
                return Some(message);
            }
        }
        None
    }

    async fn close(&mut self) -> Result<(), Self::Error> {
        Ok(())
    }
}

/// Connects and asks for the tools; a server that cannot be reached is reported `failed`.
pub(crate) async fn connect(
    name: &str,
    url: &str,
    headers: &BTreeMap<String, String>,
    served: super::Served,
    results: &ResultsRoot,
) -> Connected {
    match SseTransport::open(url, headers).await {
        Ok(transport) => stdio::open(name, served, transport, results).await,
        Err(e) => Connected::failed(name, "dynamic", e.to_string()),
    }
}

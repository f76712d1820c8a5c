//! Servers reached over HTTP (`{"type": "http", "url", "headers"}`): the streamable-HTTP
//! transport of `rmcp`, driven by the project's own reqwest client. Each JSON-RPC message is
//! a POST answered by JSON or by an event stream; the server's session id rides along in
//! `Mcp-Session-Id`.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use futures::stream::BoxStream;
use futures::StreamExt;
use http::{HeaderName, HeaderValue};
use rmcp::model::{ClientJsonRpcMessage, ServerJsonRpcMessage};
use rmcp::transport::streamable_http_client::{
    HttpStatusError, StreamableHttpClient, StreamableHttpClientTransportConfig,
    StreamableHttpError, StreamableHttpPostResponse,
};
use rmcp::transport::StreamableHttpClientTransport;
use sse_stream::{Error as SseError, Sse, SseStream};

use super::{stdio, ResultsRoot};
use crate::Connected;

const SESSION: &str = "Mcp-Session-Id";
const LAST_EVENT: &str = "Last-Event-Id";
const EVENTS: &str = "text/event-stream";
const JSON_TYPE: &str = "application/json";

/// The failure of one HTTP exchange.
#[derive(Debug)]
struct HttpFailure(String);

impl std::fmt::Display for HttpFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for HttpFailure {}

type Failure = StreamableHttpError<HttpFailure>;

fn failed(e: reqwest::Error) -> Failure {
    StreamableHttpError::Client(HttpFailure(
        connect_failure(&e).unwrap_or_else(|| e.to_string()),
    ))
}

/// What a server that cannot be reached is reported with, in the reference's words.
pub(crate) const REFUSED: &str =
    "ECONNREFUSED: Unable to connect. Is the computer able to access the url?";

/// [`REFUSED`] when nothing listens at the server's address.
pub(crate) fn connect_failure(e: &reqwest::Error) -> Option<String> {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(e);
    while let Some(err) = source {
        if let Some(io) = err.downcast_ref::<std::io::Error>() {
            if io.kind() == std::io::ErrorKind::ConnectionRefused {
                return Some(REFUSED.into());
            }
        }
        source = err.source();
    }
    None
}

/// `connected`, its failure reason cut down to [`REFUSED`] when that is what it was.
pub(crate) fn plain_refusal(mut connected: Connected) -> Connected {
    if let Some(reason) = connected.status.error.as_mut() {
        if reason.contains(REFUSED) {
            *reason = REFUSED.into();
        }
    }
    connected
}

/// reqwest, with the server's configured headers on every request.
#[derive(Clone)]
struct Client {
    http: reqwest::Client,
    headers: Arc<Vec<(String, String)>>,
}

impl Client {
    fn request(
        &self,
        method: reqwest::Method,
        uri: &str,
        session: Option<&str>,
        auth: Option<String>,
        custom: &HashMap<HeaderName, HeaderValue>,
    ) -> reqwest::RequestBuilder {
        let mut req = self.http.request(method, uri);
        for (k, v) in self.headers.iter() {
            req = req.header(k.as_str(), v.as_str());
        }
        for (k, v) in custom {
            req = req.header(k.as_str(), v.as_bytes());
        }
        if let Some(s) = session {
            req = req.header(SESSION, s);
        }
        if let Some(token) = auth {
            req = req.bearer_auth(token);
        }
        req
    }
}

fn events(response: reqwest::Response) -> BoxStream<'static, Result<Sse, SseError>> {
    SseStream::from_bytes_stream(response.bytes_stream()).boxed()
}

fn status_error(response: &reqwest::Response) -> Failure {
    let retry = response
        .headers()
        .get("retry-after")
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    StreamableHttpError::HttpStatus(HttpStatusError::new(response.status().as_u16(), retry))
}

impl StreamableHttpClient for Client {
    type Error = HttpFailure;

    async fn post_message(
        &self,
        uri: Arc<str>,
        message: ClientJsonRpcMessage,
        session_id: Option<Arc<str>>,
        auth_header: Option<String>,
        custom_headers: HashMap<HeaderName, HeaderValue>,
    ) -> Result<StreamableHttpPostResponse, Failure> {
        let response = self
            .request(
                reqwest::Method::POST,
                &uri,
                session_id.as_deref(),
                auth_header,
                &custom_headers,
            )
            .header("accept", format!("{JSON_TYPE}, {EVENTS}"))
            .json(&message)
            .send()
            .await
            .map_err(failed)?;
        if response.status() == reqwest::StatusCode::ACCEPTED {
            return Ok(StreamableHttpPostResponse::Accepted);
        }
        if !response.status().is_success() {
            return Err(status_error(&response));
        }
        let session = response
            .headers()
            .get(SESSION)
            .and_then(|v| v.to_str().ok())
            .map(str::to_string);
        let kind = response
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .map(str::to_string);
        match kind.as_deref() {
            Some(k) if k.starts_with(EVENTS) => {
                Ok(StreamableHttpPostResponse::Sse(events(response), session))
            }
            Some(k) if k.starts_with(JSON_TYPE) => {
                let body = response.bytes().await.map_err(failed)?;
                let message: ServerJsonRpcMessage = serde_json::from_slice(&body)?;
                Ok(StreamableHttpPostResponse::Json(message, session))
            }
            _ => Err(StreamableHttpError::UnexpectedContentType(kind)),
        }
    }

    async fn delete_session(
        &self,
        uri: Arc<str>,
        session_id: Arc<str>,
        auth_header: Option<String>,
        custom_headers: HashMap<HeaderName, HeaderValue>,
    ) -> Result<(), Failure> {
        let response = self
            .request(
                reqwest::Method::DELETE,
                &uri,
                Some(&session_id),
                auth_header,
                &custom_headers,
            )
            .send()
            .await
            .map_err(failed)?;
        // A server that keeps no sessions answers 405; there is nothing to end then.
        if response.status().is_success()
            || response.status() == reqwest::StatusCode::METHOD_NOT_ALLOWED
        {
            return Ok(());
        }
        Err(status_error(&response))
    }

    async fn get_stream(
        &self,
        uri: Arc<str>,
        session_id: Option<Arc<str>>,
        last_event_id: Option<String>,
        auth_header: Option<String>,
        custom_headers: HashMap<HeaderName, HeaderValue>,
    ) -> Result<BoxStream<'static, Result<Sse, SseError>>, Failure> {
        let mut req = self
            .request(
                reqwest::Method::GET,
                &uri,
                session_id.as_deref(),
                auth_header,
                &custom_headers,
            )
            .header("accept", EVENTS);
        if let Some(id) = last_event_id {
            req = req.header(LAST_EVENT, id);
        }
        let response = req.send().await.map_err(failed)?;
        if response.status() == reqwest::StatusCode::METHOD_NOT_ALLOWED {
            return Err(StreamableHttpError::ServerDoesNotSupportSse);
        }
        if !response.status().is_success() {
            return Err(status_error(&response));
        }
        Ok(events(response))
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
    let client = Client {
        http: reqwest::Client::new(),
        headers: Arc::new(
            headers
                .iter()
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect(),
        ),
    };
    let transport = StreamableHttpClientTransport::with_client(
        client,
        StreamableHttpClientTransportConfig::with_uri(url.to_string()),
    );
    plain_refusal(stdio::open(name, served, transport, results).await)
}

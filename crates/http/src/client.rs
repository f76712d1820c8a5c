//! [`HttpModel`]: one streamed `POST /v1/messages` per [`ModelRequest`], with retries.
//!
//! Each call is a small state machine driven by the consumer's polls: send, read SSE events,
//! and on a retryable failure yield [`ModelEvent::Retry`], wait, and send again. Nothing is
//! spawned, so dropping the stream drops the in-flight request with it.
//!
//! A broken stream ends in one of four ways, by how far it got (see [`crate::fallback`]):
//! after `message_delta` it counts as whole; after a finished block it fails as "connection
//! lost" and the loop keeps those blocks; before any block, or on the second break of a
//! request, it is re-sent once without streaming, silently; otherwise it is retried.

use std::pin::Pin;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use bytes::Bytes;

use crate::body::RequestBody;
use eventsource_stream::{Event, EventStreamError, Eventsource};
use futures::stream::{BoxStream, Stream, StreamExt};
use oxagent_core::model::{
    ApiError, ApiErrorKind, ApiEvent, Model, ModelEvent, ModelRequest, RetryNotice, TIMED_OUT,
};
use reqwest::header::{HeaderMap, HeaderName, HeaderValue, CONTENT_TYPE};
use serde_json::Value;

use crate::config::HttpModelConfig;
use crate::fallback::{
    events_of_message, malformed_answer, non_streaming_body, PlainAnswer, Progress,
};
use crate::retry::{stale_connection, AttemptError};

/// Why an [`HttpModel`] could not be built from its configuration.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("invalid base URL {url:?}: {reason}")]
    BaseUrl { url: String, reason: String },
    #[error("invalid header {0:?}")]
    Header(String),
}

/// The Anthropic Messages API as a [`Model`]. Cheap to clone; clones share connections.
#[derive(Debug, Clone)]
pub struct HttpModel {
    shared: Arc<Shared>,
}

#[derive(Debug)]
struct Shared {
    /// The process's shared client, taken at the first request (it may still be being built
    /// when the model is made: [`crate::roots::warm`]).
    client: OnceLock<reqwest::Client>,
    config: HttpModelConfig,
    url: String,
    /// `host:port` of the base URL, named in error texts.
    endpoint: String,
    /// The base URL is `http://`: no TLS, so no root certificates to wait for.
    plain: bool,
    headers: HeaderMap,
    /// Output limits the API named for this session's models.
    limits: crate::output_limit::Limits,
}

impl HttpModel {
    pub fn new(config: HttpModelConfig) -> Result<HttpModel, ConfigError> {
        let bad_url = |reason: String| ConfigError::BaseUrl {
            url: config.base_url.clone(),
            reason,
        };
        let parsed = reqwest::Url::parse(&config.base_url).map_err(|e| bad_url(e.to_string()))?;
        let host = parsed.host_str().ok_or_else(|| bad_url("no host".into()))?;
        let endpoint = match parsed.port_or_known_default() {
            Some(port) => format!("{host}:{port}"),
            None => host.to_string(),
        };
        let url = format!(
            "{}/v1/messages?beta=true",
            config.base_url.trim_end_matches('/')
        );
        let headers = standard_headers(&config)?;
        let plain = parsed.scheme() == "http";
        if !plain {
            crate::roots::warm();
        }
        Ok(HttpModel {
            shared: Arc::new(Shared {
                client: OnceLock::new(),
                config,
                url,
                endpoint,
                plain,
                headers,
                limits: Default::default(),
            }),
        })
    }

    /// [`HttpModelConfig::from_env`] then [`HttpModel::new`].
    pub fn from_env(
        env: &std::collections::BTreeMap<String, String>,
    ) -> Result<HttpModel, ConfigError> {
        HttpModel::new(HttpModelConfig::from_env(env))
    }

    pub fn config(&self) -> &HttpModelConfig {
        &self.shared.config
    }

    /// `host:port` of the endpoint.
    pub fn endpoint(&self) -> &str {
        &self.shared.endpoint
    }
}

/// `oxagent/<version>`, with `(client-app/<app>)` when the caller names its application.
fn user_agent(client_app: Option<&str>) -> String {
    let base = concat!("oxagent/", env!("CARGO_PKG_VERSION"));
    match client_app {
        Some(app) => format!("{base} (client-app/{app})"),
        None => base.to_string(),
    }
}

fn standard_headers(config: &HttpModelConfig) -> Result<HeaderMap, ConfigError> {
    let mut pairs = vec![
        ("anthropic-version".to_string(), "2023-06-01".to_string()),
        ("content-type".to_string(), "application/json".to_string()),
        (
            "user-agent".to_string(),
            user_agent(config.client_app.as_deref()),
        ),
    ];
    if let Some(app) = &config.client_app {
        pairs.push(("x-client-app".into(), app.clone()));
    }
    if let Some(key) = &config.api_key {
        pairs.push(("x-api-key".into(), key.clone()));
    }
    if let Some(token) = &config.auth_token {
        pairs.push(("authorization".into(), format!("Bearer {token}")));
    }
    pairs.extend(config.extra_headers.iter().cloned());
    let mut headers = HeaderMap::new();
    for (name, value) in pairs {
        let header_name =
            HeaderName::try_from(name.as_str()).map_err(|_| ConfigError::Header(name.clone()))?;
        let header_value =
            HeaderValue::try_from(value).map_err(|_| ConfigError::Header(name.clone()))?;
        headers.insert(header_name, header_value);
    }
    Ok(headers)
}

impl Model for HttpModel {
    fn stream(&self, mut request: ModelRequest) -> BoxStream<'static, ModelEvent> {
        self.shared.limits.apply(&mut request.body);
        // Kept until the answer has streamed (a retry sends it again); its tool definitions
        // are shared with the other requests that send the same (see `body`).
        let body = RequestBody::encode(&request.body);
        let beta = Some(request.betas.join(","))
            .filter(|b| !b.is_empty())
            .and_then(|b| HeaderValue::try_from(b).ok());
        let call = Call {
            shared: self.shared.clone(),
            body,
            beta,
            streaming: request.body.get("stream") == Some(&Value::Bool(true)),
            retries: 0,
            refreshes: 0,
            quiet_retries: 0,
            phase: Phase::Send,
            request_id: None,
            progress: Progress::default(),
            cut_retried: false,
            fallback_from: None,
            limited: false,
            resent_400: 0,
            spent: 0,
        };
        futures::stream::unfold(call, |mut call| async move {
            call.next().await.map(|event| (event, call))
        })
        .fuse()
        .boxed()
    }
}

/// The message of a stream that broke after some blocks were whole.
/// How many times a 400 or 422 answer is sent again before it is final.
const RESEND_400: u32 = 2;
pub const CONNECTION_LOST: &str = "Connection lost mid-response";

/// Body chunks, or why they stopped coming.
#[derive(Debug, thiserror::Error)]
pub(crate) enum ChunkError {
    #[error("{0}")]
    Http(reqwest::Error),
    #[error("no data received for {0:?}")]
    Idle(Duration),
}

type SseStream = Pin<Box<dyn Stream<Item = Result<Event, EventStreamError<ChunkError>>> + Send>>;

enum Phase {
    Send,
    Backoff(Duration),
    Streaming(SseStream),
    /// The events of a JSON message, handed on one by one.
    Replay(std::collections::VecDeque<Value>),
    /// A terminal failure to report on the next poll.
    Fail(ApiError),
    Done,
}

struct Call {
    shared: Arc<Shared>,
    body: RequestBody,
    beta: Option<HeaderValue>,
    /// The request asked for a stream.
    streaming: bool,
    /// Retries announced so far.
    retries: u32,
    /// Attempts made after a revoked token was refreshed (see `retry::TOKEN_REFRESHES`).
    refreshes: u32,
    /// Streams re-sent without announcing (an `error` event before any block).
    quiet_retries: u32,
    phase: Phase,
    /// The `request-id` of the answer being streamed.
    request_id: Option<String>,
    /// How far the current streamed attempt got.
    progress: Progress,
    /// A stream broken mid-block was already retried as a stream.
    cut_retried: bool,
    /// 400 and 422 answers sent again so far.
    resent_400: u32,
    /// Sent again asking for the output limit a 400 named (once a call).
    limited: bool,
    /// Retries taken off the budget by a stream asked again after a cut (whose own count
    /// then starts over).
    spent: u32,
    /// Set once the request is re-sent without streaming: the streamed attempt's
    /// `request-id` and how many events it had.
    fallback_from: Option<(Option<String>, usize)>,
}

/// What one `send` produced.
enum Sent {
    /// An event stream, and the answer's `request-id`.
    Sse(SseStream, Option<String>),
    /// A 2xx answer that is not SSE.
    Plain(PlainAnswer),
}

impl Call {
    async fn next(&mut self) -> Option<ModelEvent> {
        loop {
            match std::mem::replace(&mut self.phase, Phase::Done) {
                Phase::Done => return None,
                Phase::Fail(error) => return Some(ModelEvent::Failed(error)),
                Phase::Backoff(delay) => {
                    tokio::time::sleep(delay).await;
                    self.phase = Phase::Send;
                }
                Phase::Send => match send(&self.shared, &self.body, self.beta.as_ref()).await {
                    Ok(Sent::Sse(events, request_id)) => {
                        self.request_id = request_id;
                        self.progress = Progress::default();
                        self.phase = Phase::Streaming(events);
                    }
                    // A request that did not ask for a stream gets its JSON as one event.
                    Ok(Sent::Plain(answer)) if !self.streaming => {
                        return Some(match serde_json::from_slice(&answer.body) {
                            Ok(value) => ModelEvent::Stream(value),
                            Err(error) => ModelEvent::Failed(self.api_error(AttemptError {
                                retryable: false,
                                ..AttemptError::transport(format!("invalid response body: {error}"))
                            })),
                        });
                    }
                    Ok(Sent::Plain(answer)) => match self.fallback_from.clone() {
                        None => {
                            self.request_id = answer.request_id.clone();
                            return Some(self.fall_back(true));
                        }
                        Some((streamed_id, events)) => {
                            let parsed = serde_json::from_slice::<Value>(&answer.body).ok();
                            match parsed.as_ref().and_then(events_of_message) {
                                Some(events) => self.phase = Phase::Replay(events.into()),
                                None => {
                                    let text =
                                        malformed_answer(&answer, streamed_id.as_deref(), events);
                                    let error = AttemptError {
                                        retryable: false,
                                        request_id: answer.request_id.clone(),
                                        ..AttemptError::transport(text)
                                    };
                                    return Some(ModelEvent::Failed(self.api_error(error)));
                                }
                            }
                        }
                    },
                    // A 400 naming the model's output limit is sent again asking for it.
                    Err(error)
                        if error.status == Some(400)
                            && !self.limited
                            && crate::output_limit::named_limit(&error.message).is_some() =>
                    {
                        let limit = crate::output_limit::named_limit(&error.message).unwrap_or(0);
                        self.limited = true;
                        self.body = RequestBody::whole(
                            self.shared.limits.learn(&self.body.joined(), limit),
                        );
                        self.phase = Phase::Send;
                        return Some(ModelEvent::OutputLimit(limit));
                    }
                    // A 400 other than "prompt is too long", or a 422, is sent again,
                    // unannounced, up to twice (the reference re-sends it with fewer
                    // optional betas).
                    Err(error)
                        if matches!(error.status, Some(400 | 422))
                            && !oxagent_core::compact::is_prompt_too_long(&error.message)
                            && self.resent_400 < RESEND_400 =>
                    {
                        self.resent_400 += 1;
                        self.phase = Phase::Send;
                    }
                    // A stream answered 404 is asked for once more without streaming, silently
                    // (an endpoint may serve only plain answers), unless a fallback model
                    // takes the request over.
                    Err(error)
                        if error.status == Some(404)
                            && self.streaming
                            && self.fallback_from.is_none()
                            && !self.shared.config.model_fallback =>
                    {
                        return Some(self.fall_back(false));
                    }
                    Err(error) => return Some(self.give_up_or_retry(error)),
                },
                Phase::Replay(mut events) => {
                    let event = events.pop_front()?;
                    self.phase = Phase::Replay(events);
                    return Some(ModelEvent::Stream(event.into()));
                }
                Phase::Streaming(mut events) => match events.next().await {
                    Some(Ok(event)) => {
                        // The API only sends JSON data; anything else is noise, not a reason
                        // to throw the response away.
                        // A plain delta is read without building a `Value` (see `ApiEvent`).
                        let Ok(value) = ApiEvent::from_sse(event.data) else {
                            self.phase = Phase::Streaming(events);
                            continue;
                        };
                        let kind = match value.delta() {
                            Some(_) => "content_block_delta",
                            None => value
                                .get("type")
                                .and_then(Value::as_str)
                                .unwrap_or(&event.event),
                        };
                        let before = self.progress;
                        self.progress.saw(kind);
                        let transient = kind != "error"
                            || oxagent_core::model::is_transient_stream_error(
                                value
                                    .get("error")
                                    .and_then(|e| e.get("type"))
                                    .and_then(Value::as_str),
                            );
                        match kind {
                            "message_stop" => {}
                            // Nothing of the answer was shown yet, and the server will not get
                            // over the error: asked once more without streaming, the attempt
                            // unbilled (vh_api_stream_rate_limit_first).
                            "error"
                                if !before.block_started
                                    && !transient
                                    && self.fallback_from.is_none() =>
                            {
                                return Some(self.fall_back(false));
                            }
                            // Nothing of the answer was shown yet: asked again, silently.
                            "error"
                                if !before.block_started
                                    && self.quiet_retries < self.shared.config.max_retries =>
                            {
                                self.quiet_retries += 1;
                                self.phase = Phase::Send;
                                return Some(self.quiet_notice(false));
                            }
                            "error" => {
                                self.phase =
                                    Phase::Fail(self.api_error(AttemptError::stream_event(&value)))
                            }
                            _ => self.phase = Phase::Streaming(events),
                        }
                        let value = match kind {
                            "message_start" => value.with_request_id(self.request_id.as_deref()),
                            _ => value,
                        };
                        return Some(ModelEvent::Stream(value));
                    }
                    Some(Err(error)) => {
                        let idle =
                            matches!(error, EventStreamError::Transport(ChunkError::Idle(_)));
                        let reason = match error {
                            EventStreamError::Transport(e) => e.to_string(),
                            other => other.to_string(),
                        };
                        return self.broken(format!("stream interrupted: {reason}"), idle);
                    }
                    None => return self.broken("stream ended before message_stop".into(), false),
                },
            }
        }
    }

    /// What a stream that stopped before `message_stop` leads to (see the module docs).
    /// `idle`: the stream stalled (rather than closed).
    fn broken(&mut self, reason: String, idle: bool) -> Option<ModelEvent> {
        let progress = self.progress;
        if progress.delta_seen {
            return None;
        }
        if progress.block_finished {
            let error = AttemptError {
                kind: ApiErrorKind::ServerError,
                retryable: false,
                ..AttemptError::transport(CONNECTION_LOST)
            };
            return Some(ModelEvent::Failed(self.api_error(error)));
        }
        // A closed stream with no retry left is asked again without streaming too.
        let spent = !idle && self.retries >= self.max_retries();
        if self.fallback_from.is_none() && (!progress.block_started || self.cut_retried || spent) {
            return Some(self.fall_back(true));
        }
        self.cut_retried = true;
        let event = self.give_up_or_retry(AttemptError::transport(reason));
        if matches!(event, ModelEvent::Retry(_)) {
            // The stream asked again starts its own count of retries, one fewer allowed.
            self.spent += self.retries;
            self.retries = 0;
        }
        Some(event)
    }

    /// The retries this attempt may still announce in all.
    fn max_retries(&self) -> u32 {
        self.shared.config.max_retries.saturating_sub(self.spent)
    }

    /// Re-sends the request once without streaming, without announcing it; `billed`: what
    /// the streamed attempt received is billed.
    fn fall_back(&mut self, billed: bool) -> ModelEvent {
        self.fallback_from = Some((self.request_id.clone(), self.progress.events));
        self.body = RequestBody::whole(non_streaming_body(&self.body.joined()));
        self.phase = Phase::Send;
        self.quiet_notice(billed)
    }

    /// A retry the caller is told to reset for but not shown; `billed`: the lost attempt
    /// is billed.
    fn quiet_notice(&self, billed: bool) -> ModelEvent {
        ModelEvent::Retry(RetryNotice {
            attempt: self.retries,
            max_retries: self.shared.config.max_retries,
            delay_ms: 0,
            error_status: None,
            error: ApiErrorKind::Unknown,
            silent: true,
            billed,
        })
    }

    /// Announces a retry (and schedules it), or the final failure.
    fn give_up_or_retry(&mut self, error: AttemptError) -> ModelEvent {
        let max_retries = self.max_retries();
        let refresh = error.token_revoked
            && self.retries >= max_retries
            && self.refreshes < crate::retry::TOKEN_REFRESHES;
        if !refresh && (!error.retryable || self.retries >= max_retries) {
            return ModelEvent::Failed(self.api_error(error));
        }
        if refresh {
            self.refreshes += 1;
        } else {
            self.retries += 1;
        }
        let delay = error.delay(self.retries.max(1));
        self.phase = Phase::Backoff(delay);
        ModelEvent::Retry(RetryNotice {
            attempt: self.retries,
            max_retries,
            delay_ms: delay.as_millis().try_into().unwrap_or(u64::MAX),
            error_status: error.status,
            error: error.retry_kind,
            silent: false,
            billed: true,
        })
    }

    fn api_error(&self, error: AttemptError) -> ApiError {
        ApiError {
            status: error.status,
            kind: error.kind,
            message: error.message,
            error_type: error.error_type,
            endpoint: self.shared.endpoint.clone(),
            request_id: error.request_id.or_else(|| self.request_id.clone()),
        }
    }
}

/// One POST, up to the response headers (or the whole body for non-SSE answers). A free
/// function rather than a method: the call's SSE stream is not `Sync`, so the future must
/// not borrow the whole call.
async fn send(
    shared: &Shared,
    body: &RequestBody,
    beta: Option<&HeaderValue>,
) -> Result<Sent, AttemptError> {
    let client = match shared.client.get() {
        Some(client) => client,
        None => {
            let built = crate::roots::client(shared.plain).map_err(|e| {
                AttemptError::transport(format!("cannot build the HTTP client: {e}"))
            })?;
            shared.client.get_or_init(|| built)
        }
    };
    let post = || {
        let request = client
            .post(&shared.url)
            .headers(shared.headers.clone())
            .body(body.to_reqwest());
        match beta {
            Some(beta) => request.header("anthropic-beta", beta.clone()),
            None => request,
        }
    };
    let mut sent = tokio::time::timeout(shared.config.request_timeout, post().send()).await;
    // A kept-alive connection the server had closed: the request goes again at once on a
    // fresh one, without announcing a retry.
    if matches!(&sent, Ok(Err(error)) if stale_connection(error)) {
        sent = tokio::time::timeout(shared.config.request_timeout, post().send()).await;
    }
    let response = match sent {
        Err(_) => {
            let ms = shared.config.request_timeout.as_millis();
            return Err(AttemptError {
                kind: ApiErrorKind::ServerError,
                ..AttemptError::transport(format!(
                    "{TIMED_OUT} If the API is slow to answer, or a proxy or gateway holds responses, set API_TIMEOUT_MS above {ms}."
                ))
            });
        }
        Ok(Err(error)) => return Err(AttemptError::no_answer(&error)),
        Ok(Ok(response)) => response,
    };
    let status = response.status().as_u16();
    let is_sse = response
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/event-stream"));
    if response.status().is_success() && is_sse {
        let request_id = response
            .headers()
            .get("request-id")
            .and_then(|v| v.to_str().ok())
            .map(str::to_string);
        return Ok(Sent::Sse(
            sse_events(response, shared.config.idle_timeout),
            request_id,
        ));
    }
    let headers = response.headers().clone();
    let body = match tokio::time::timeout(shared.config.idle_timeout, response.bytes()).await {
        Ok(Ok(body)) => body,
        _ if !(200..300).contains(&status) => Bytes::new(),
        _ => return Err(AttemptError::transport("response body interrupted")),
    };
    if !(200..300).contains(&status) {
        return Err(AttemptError::from_response(status, &headers, &body));
    }
    let text = |name| {
        headers
            .get(name)
            .and_then(|v: &HeaderValue| v.to_str().ok())
            .map(str::to_string)
    };
    Ok(Sent::Plain(PlainAnswer {
        status,
        content_type: text(CONTENT_TYPE.as_str()),
        body,
        request_id: text("request-id"),
    }))
}

/// The SSE events of a response body; a body silent for `idle` ends with an error.
fn sse_events(response: reqwest::Response, idle: Duration) -> SseStream {
    Box::pin(crate::idle::IdleGuarded::new(response.bytes_stream(), idle).eventsource())
}

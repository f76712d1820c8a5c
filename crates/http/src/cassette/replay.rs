//! [`ReplayModel`]: a [`Model`] that answers from a cassette, with no network.

use std::io;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};

use futures::stream::{BoxStream, StreamExt};
use oxagent_core::model::{ApiError, ApiErrorKind, Model, ModelEvent, ModelRequest};
use serde_json::Value;

use super::{first_difference, Exchange};

/// Serves recorded exchanges in order. A request whose `messages` differ from the recorded
/// ones (ignoring cache breakpoints and `<system-reminder>` blocks), or one past the end,
/// gets a [`ModelEvent::Failed`] that says why.
pub struct ReplayModel {
    exchanges: Vec<Exchange>,
    next: AtomicUsize,
    source: String,
    subs: Vec<(String, String)>,
    /// The first failure served: where a replay went off the recording.
    diverged: std::sync::Mutex<Option<String>>,
}

impl ReplayModel {
    /// Reads a cassette; blank lines are skipped, a malformed line is an `InvalidData` error
    /// naming its line number.
    pub fn open(path: impl AsRef<Path>) -> io::Result<ReplayModel> {
        let path = path.as_ref();
        let text = std::fs::read_to_string(path)?;
        let mut exchanges = Vec::new();
        for (number, line) in text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
        {
            let exchange = serde_json::from_str(line).map_err(|e| {
                io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!("{}:{}: {e}", path.display(), number + 1),
                )
            })?;
            exchanges.push(exchange);
        }
        Ok(ReplayModel::new(exchanges, path.display().to_string()))
    }

    /// Serves `exchanges`; `source` names them in failures (a path, or anything).
    pub fn new(exchanges: Vec<Exchange>, source: impl Into<String>) -> ReplayModel {
        ReplayModel {
            exchanges,
            next: AtomicUsize::new(0),
            source: source.into(),
            subs: Vec::new(),
            diverged: std::sync::Mutex::default(),
        }
    }

    /// Compares requests with `from` read as `to` (the counterpart of
    /// `RecordingModel::with_substitution`).
    pub fn with_substitution(mut self, from: impl Into<String>, to: impl Into<String>) -> Self {
        self.subs.push((from.into(), to.into()));
        self
    }

    pub fn len(&self) -> usize {
        self.exchanges.len()
    }

    pub fn is_empty(&self) -> bool {
        self.exchanges.is_empty()
    }

    /// Exchanges served so far (diverged ones included).
    pub fn served(&self) -> usize {
        self.next.load(Ordering::SeqCst).min(self.exchanges.len())
    }

    fn events_for(&self, request: &ModelRequest) -> Vec<ModelEvent> {
        let index = self.next.fetch_add(1, Ordering::SeqCst);
        let Some(exchange) = self.exchanges.get(index) else {
            return vec![self.failure(format!(
                "cassette exhausted after {} exchanges",
                self.exchanges.len()
            ))];
        };
        let recorded = exchange.request.get("messages").unwrap_or(&Value::Null);
        let got = super::substitute(
            request.body.get("messages").unwrap_or(&Value::Null),
            &self.subs,
        );
        if let Some(difference) = first_difference("messages", recorded, &got) {
            return vec![self.failure(format!(
                "cassette diverged at exchange {}: {difference}",
                index + 1
            ))];
        }
        // The placeholders a recording stored become this run's text again.
        let back: Vec<(String, String)> = self
            .subs
            .iter()
            .map(|(from, to)| (to.clone(), from.clone()))
            .collect();
        let mut events: Vec<ModelEvent> = exchange
            .events
            .iter()
            .map(|e| ModelEvent::Stream(super::substitute(e, &back).into()))
            .collect();
        events.extend(exchange.error.clone().map(|e| ModelEvent::Failed(e.into())));
        events
    }

    /// Why the replay went off the recording (a diverged request, or one past the end), the
    /// first time it did; `None` while every request matched.
    pub fn divergence(&self) -> Option<String> {
        self.diverged
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    fn failure(&self, message: String) -> ModelEvent {
        self.diverged
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get_or_insert_with(|| message.clone());
        ModelEvent::Failed(ApiError {
            status: None,
            kind: ApiErrorKind::Unknown,
            message,
            error_type: None,
            endpoint: self.source.clone(),
            request_id: None,
        })
    }
}

impl Model for ReplayModel {
    fn stream(&self, request: ModelRequest) -> BoxStream<'static, ModelEvent> {
        futures::stream::iter(self.events_for(&request)).boxed()
    }
}

//! [`RecordingModel`]: a [`Model`] that writes every completed exchange to a cassette.

use oxagent_core::sync::lock;
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::Path;
use std::sync::{Arc, Mutex};

use futures::stream::{BoxStream, StreamExt};
use oxagent_core::model::{Model, ModelEvent, ModelRequest};

use super::{Exchange, RecordedError};

/// Wraps a model and appends one cassette line per exchange that runs to its end. An
/// exchange whose stream is dropped half-way is not recorded.
pub struct RecordingModel<M> {
    inner: M,
    sink: Arc<Mutex<File>>,
    subs: Vec<(String, String)>,
}

impl<M: Model> RecordingModel<M> {
    /// Records into `path`, appending to what is already there.
    pub fn create(inner: M, path: impl AsRef<Path>) -> io::Result<RecordingModel<M>> {
        let file = OpenOptions::new().create(true).append(true).open(path)?;
        Ok(RecordingModel {
            inner,
            sink: Arc::new(Mutex::new(file)),
            subs: Vec::new(),
        })
    }

    /// Stores `from` as `to` in recorded requests (e.g. the working directory as `<CWD>`).
    pub fn with_substitution(mut self, from: impl Into<String>, to: impl Into<String>) -> Self {
        self.subs.push((from.into(), to.into()));
        self
    }

    pub fn inner(&self) -> &M {
        &self.inner
    }
}

struct Recording {
    inner: BoxStream<'static, ModelEvent>,
    exchange: Exchange,
    sink: Arc<Mutex<File>>,
    subs: Vec<(String, String)>,
    written: bool,
}

impl Drop for Recording {
    /// A stream the session stopped reading after its final failure is written all the same.
    fn drop(&mut self) {
        if self.exchange.error.is_some() {
            self.write();
        }
    }
}

impl Recording {
    fn observe(&mut self, event: &ModelEvent) {
        match event {
            ModelEvent::Stream(value) => self.exchange.events.push(value.value().clone()),
            // Whatever the failed attempt streamed is void; only the final outcome is kept.
            ModelEvent::Retry(_) => self.exchange.events.clear(),
            // The refused attempt streamed nothing; the request is sent again.
            ModelEvent::OutputLimit(_) => {}
            ModelEvent::Failed(error) => self.exchange.error = Some(RecordedError::from(error)),
        }
    }

    fn write(&mut self) {
        if std::mem::replace(&mut self.written, true) {
            return;
        }
        // The events too hold the working directory as its placeholder (a tool call's path):
        // the deltas of a block are joined first so that no path is split between two.
        let mut exchange = self.exchange.clone();
        exchange.events = super::coalesce(&exchange.events)
            .iter()
            .map(|e| super::substitute(e, &self.subs))
            .collect();
        let line = exchange.to_json().to_string();
        let mut file = lock(&self.sink);
        // A cassette that cannot be written must not break the run it records.
        let _ = writeln!(file, "{line}").and_then(|_| file.flush());
    }
}

impl<M: Model> Model for RecordingModel<M> {
    fn stream(&self, request: ModelRequest) -> BoxStream<'static, ModelEvent> {
        let exchange = Exchange {
            request: super::substitute(&request.body, &self.subs),
            events: Vec::new(),
            error: None,
        };
        let recording = Recording {
            inner: self.inner.stream(request),
            exchange,
            sink: self.sink.clone(),
            subs: self.subs.clone(),
            written: false,
        };
        futures::stream::unfold(recording, |mut recording| async move {
            match recording.inner.next().await {
                Some(event) => {
                    recording.observe(&event);
                    Some((event, recording))
                }
                None => {
                    recording.write();
                    None
                }
            }
        })
        .fuse()
        .boxed()
    }
}

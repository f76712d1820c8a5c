//! The session's event queue: messages and control requests out, answers in.
//!
//! [`EventOut`] is what the loop emits to and asks through. A control request gets an id,
//! goes out as [`Event::Control`] in order with the messages, and waits until the host's
//! answer with that id comes back ([`EventOut::resolve`]). Requests the facade answers
//! itself (settings-file command hooks, writing permission updates) never leave it.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use futures::channel::oneshot;
use futures::future::BoxFuture;
use oxagent_core::agent::Emit;
use oxagent_core::host::{Host, LocalAnswers};
use oxagent_core::protocol::system::SystemBody;
use oxagent_core::protocol::{ControlRequest, ControlResponse, Event};
use oxagent_core::sync::lock;
use oxagent_core::Message;
use tokio::sync::mpsc::UnboundedSender;

use crate::debug_log::DebugLog;

type Answer = Result<ControlResponse, String>;

/// A request waiting for the host: where its answer goes, and what was asked (to read a
/// raw answer by).
struct Pending {
    tx: oneshot::Sender<Answer>,
    subtype: &'static str,
}

/// The sending half of a session's events, shared by the loop, its tools and the runtime.
#[derive(Clone)]
pub(crate) struct EventOut {
    tx: Arc<Mutex<Option<UnboundedSender<Event>>>>,
    pending: Arc<Mutex<HashMap<String, Pending>>>,
    counter: Arc<AtomicU64>,
    /// How many results went out: the next one's `result_index`.
    results: Arc<AtomicU64>,
    /// The API messages whose streams the caller saw begin since the last result.
    begun: Arc<Mutex<Option<Vec<String>>>>,

    /// Whether the host answers can_use_tool.
    can_use_tool: bool,
    local: Option<Arc<dyn LocalAnswers>>,
    /// Where diagnostic lines go (the `debugFile` option).
    debug: Option<Arc<DebugLog>>,
}

impl EventOut {
    pub fn new(tx: UnboundedSender<Event>, can_use_tool: bool) -> Self {
        EventOut {
            tx: Arc::new(Mutex::new(Some(tx))),
            pending: Arc::default(),
            counter: Arc::default(),
            results: Arc::default(),
            begun: Arc::default(),
            can_use_tool,
            local: None,
            debug: None,
        }
    }

    /// Writes a diagnostic line for each message and control request to `debug`.
    pub fn with_debug(mut self, debug: Option<Arc<DebugLog>>) -> Self {
        self.debug = debug;
        self
    }

    /// Answers the requests `local` knows in the facade instead of sending them out.
    pub fn with_local(mut self, local: Arc<dyn LocalAnswers>) -> Self {
        self.local = Some(local);
        self
    }

    fn send(&self, event: Event) {
        if let Some(tx) = lock(&self.tx).as_ref() {
            // A closed receiver means the caller is gone; nothing is waiting for the event.
            let _ = tx.send(event);
        }
    }

    /// Ends the events: the reader sees the end once it has taken what was sent before.
    pub fn close(&self) {
        lock(&self.tx).take();
        for (_, p) in lock(&self.pending).drain() {
            let _ = p.tx.send(Err("the session is closed".into()));
        }
    }

    /// Hands the host's answer to the request `id`. False for an unknown id (already
    /// answered, or never asked).
    pub fn resolve(&self, id: &str, answer: Answer) -> bool {
        match lock(&self.pending).remove(id) {
            Some(p) => p.tx.send(answer).is_ok(),
            None => false,
        }
    }

    /// Hands a raw answer (the `response` body of a `control_response` frame, or the host's
    /// error text), read as an answer to what request `id` asked.
    pub fn resolve_raw(&self, id: &str, answer: Result<serde_json::Value, String>) -> bool {
        let Some(p) = lock(&self.pending).remove(id) else {
            return false;
        };
        let read = answer.and_then(|body| ControlResponse::read(p.subtype, body));
        p.tx.send(read).is_ok()
    }
}

impl Emit for EventOut {
    fn emit(&self, mut message: Message) {
        match &mut message {
            Message::Result(r) => {
                r.result_index = Some(self.results.fetch_add(1, Ordering::Relaxed));
                r.begun_message_ids = lock(&self.begun).take();
            }
            Message::StreamEvent(e) if e.parent_tool_use_id.is_none() => {
                if let Some(id) = e
                    .event
                    .pointer("/message/id")
                    .and_then(serde_json::Value::as_str)
                    .filter(|_| e.event["type"] == "message_start")
                {
                    lock(&self.begun)
                        .get_or_insert_with(Vec::new)
                        .push(id.to_string());
                }
            }
            // A request went out: the result names the messages begun, none too.
            Message::System(s) if matches!(&s.body, SystemBody::Status(st) if st.status.as_deref() == Some("requesting")) =>
            {
                lock(&self.begun).get_or_insert_with(Vec::new);
            }
            _ => {}
        }
        if let Some(debug) = &self.debug {
            debug.message(&message);
        }
        self.send(Event::Message(message))
    }
}

impl Host for EventOut {
    fn control(&self, request: ControlRequest) -> BoxFuture<'_, Answer> {
        if let Some(debug) = &self.debug {
            debug.line(&format!("control request: {}", request.subtype()));
        }
        if let Some(answer) = self.local.as_ref().and_then(|l| l.answer(&request)) {
            return answer;
        }
        let n = self.counter.fetch_add(1, Ordering::Relaxed);
        let id = format!(
            "req_{n}_{}",
            &uuid::Uuid::new_v4().simple().to_string()[..8]
        );
        let (tx, rx) = oneshot::channel();
        let subtype = request.subtype();
        lock(&self.pending).insert(id.clone(), Pending { tx, subtype });
        self.send(Event::Control {
            id: id.clone(),
            request,
        });
        let pending = self.pending.clone();
        Box::pin(async move {
            let answer = rx
                .await
                .unwrap_or_else(|_| Err("the session closed before the host answered".into()));
            lock(&pending).remove(&id);
            answer
        })
    }

    fn handles_can_use_tool(&self) -> bool {
        self.can_use_tool
    }
}

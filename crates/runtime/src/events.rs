//! The session's event queue: messages and control requests out, answers in.
//!
//! [`EventOut`] is what the loop emits to and asks through. A control request gets an id,
//! goes out as [`Event::Control`] in order with the messages, and waits until the host's
//! answer with that id comes back ([`EventOut::resolve`]). Requests the facade answers
//! itself (settings-file command hooks, writing permission updates) never leave it.
//!
//! What the session's own task emits while it runs is handed over when that run ends (it
//! waits, or finishes), or every [`BATCH`] events ([`HandOver`]): the reader is woken once
//! for the lot instead of once a message, in the same order. Whatever else emits (tools'
//! and subagents' tasks, the host's calls) hands over at once, after what waits.

use std::cell::Cell;
use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};

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

/// How many events the session's task may hold back before the reader is woken.
const BATCH: usize = 64;

thread_local! {
    /// The outbox whose session task this thread is running, if any (see [`HandOver`]).
    static HOLDING: Cell<usize> = const { Cell::new(0) };
}

/// Where the events go, and those held back until the session's task stops running.
#[derive(Default)]
struct Outbox {
    tx: Option<UnboundedSender<Event>>,
    held: Vec<Event>,
}

impl Outbox {
    fn hand_over(&mut self) {
        match &self.tx {
            // A closed receiver means the caller is gone; nothing is waiting for the events.
            Some(tx) => self.held.drain(..).for_each(|e| drop(tx.send(e))),
            None => self.held.clear(),
        }
    }
}

/// The sending half of a session's events, shared by the loop, its tools and the runtime.
#[derive(Clone)]
pub(crate) struct EventOut {
    outbox: Arc<Mutex<Outbox>>,
    pending: Arc<Mutex<HashMap<String, Pending>>>,
    counter: Arc<AtomicU64>,
    /// How many results went out: the next one's `result_index`.
    results: Arc<AtomicU64>,
    /// The API messages whose streams the caller saw begin since the last result.
    begun: Arc<Mutex<Option<Vec<String>>>>,

    /// Whether the host answers can_use_tool.
    can_use_tool: bool,
    local: Option<Arc<dyn LocalAnswers>>,
    /// Where diagnostic lines go (the `debugFile` option, and the host's `stderr`).
    debug: Option<Arc<DebugLog>>,
    /// The messages of one agent (by the call id its messages carry) held back instead of
    /// sent: a forked skill typed as a command shows them after the init message.
    diverted: Arc<Mutex<Option<Diverted>>>,
}

/// An agent's call id and the messages of it held back.
type Diverted = (String, Vec<Message>);

impl EventOut {
    pub fn new(tx: UnboundedSender<Event>, can_use_tool: bool) -> Self {
        EventOut {
            outbox: Arc::new(Mutex::new(Outbox {
                tx: Some(tx),
                held: Vec::new(),
            })),
            pending: Arc::default(),
            counter: Arc::default(),
            results: Arc::default(),
            begun: Arc::default(),
            can_use_tool,
            diverted: Arc::default(),
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

    fn key(&self) -> usize {
        Arc::as_ptr(&self.outbox) as usize
    }

    fn send(&self, event: Event) {
        let mut outbox = lock(&self.outbox);
        if outbox.tx.is_none() {
            return;
        }
        outbox.held.push(event);
        if outbox.held.len() >= BATCH || HOLDING.get() != self.key() {
            outbox.hand_over();
        }
    }

    /// Hands over the events held back.
    fn hand_over(&self) {
        lock(&self.outbox).hand_over();
    }

    /// `task` (the session's own), whose events are held back while it runs (see the module
    /// docs).
    pub fn holding<F: Future>(&self, task: F) -> HandOver<F> {
        HandOver {
            task: Box::pin(task),
            out: self.clone(),
        }
    }

    /// Ends the events: the reader sees the end once it has taken what was sent before.
    pub fn close(&self) {
        {
            let mut outbox = lock(&self.outbox);
            outbox.hand_over();
            outbox.tx.take();
        }
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

/// A session's task, and the events it emits handed over each time it stops running.
pub(crate) struct HandOver<F> {
    task: Pin<Box<F>>,
    out: EventOut,
}

/// While the session's task runs on this thread: its events are held back; when it stops
/// (even by a panic), the thread's previous holder is put back and the events handed over.
struct Running<'a> {
    out: &'a EventOut,
    previous: usize,
}

impl<'a> Running<'a> {
    fn enter(out: &'a EventOut) -> Self {
        Running {
            out,
            previous: HOLDING.replace(out.key()),
        }
    }
}

impl Drop for Running<'_> {
    fn drop(&mut self) {
        HOLDING.set(self.previous);
        self.out.hand_over();
    }
}

impl<F: Future> Future for HandOver<F> {
    type Output = F::Output;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<F::Output> {
        let this = self.get_mut();
        let _running = Running::enter(&this.out);
        this.task.as_mut().poll(cx)
    }
}

impl EventOut {
    /// Holds back the conversation messages marked with the call id `parent` until
    /// [`EventOut::release_agent`].
    pub fn hold_agent(&self, parent: &str) {
        *lock(&self.diverted) = Some((parent.to_string(), Vec::new()));
    }

    /// The messages held back since [`EventOut::hold_agent`], in order; later ones go out.
    pub fn release_agent(&self) -> Vec<Message> {
        lock(&self.diverted)
            .take()
            .map(|(_, held)| held)
            .unwrap_or_default()
    }

    /// Keeps `message` back when it belongs to the agent held (see `hold_agent`).
    fn divert(&self, message: Message) -> Option<Message> {
        let mut diverted = lock(&self.diverted);
        let Some((parent, held)) = diverted.as_mut() else {
            return Some(message);
        };
        let of = match &message {
            Message::User(u) => u.parent_tool_use_id.as_deref(),
            Message::Assistant(a) => a.parent_tool_use_id.as_deref(),
            // Its refusals are not shown: the result lists them (fuzz-m/fm_138).
            Message::System(s)
                if matches!(
                    s.body,
                    oxagent_core::protocol::system::SystemBody::PermissionDenied(_)
                ) =>
            {
                return None;
            }
            _ => None,
        };
        if of != Some(parent.as_str()) {
            return Some(message);
        }
        held.push(message);
        None
    }
}

impl Emit for EventOut {
    fn emit(&self, message: Message) {
        let Some(mut message) = self.divert(message) else {
            return;
        };
        match &mut message {
            Message::Result(r) => {
                r.result_index = Some(self.results.fetch_add(1, Ordering::Relaxed));
                r.begun_message_ids = lock(&self.begun).take();
            }
            Message::StreamEvent(e) if e.parent_tool_use_id.is_none() => {
                if let Some(id) = Some(&e.event)
                    .filter(|ev| ev.kind() == "message_start")
                    .and_then(|ev| ev.get("message")?.get("id")?.as_str())
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
            for line in debug.message(&message) {
                self.send(Event::Diagnostic(line));
            }
        }
        self.send(Event::Message(Box::new(message)))
    }
}

impl Host for EventOut {
    fn control(&self, request: ControlRequest) -> BoxFuture<'_, Answer> {
        if let Some(line) = self
            .debug
            .as_ref()
            .and_then(|d| d.line(&format!("control request: {}", request.subtype())))
        {
            self.send(Event::Diagnostic(line));
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
            request: Box::new(request),
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

    /// Not while a forked skill typed as a command runs, before the turn: its agent is
    /// refused what it would ask for (fuzz-m/fm_234).
    fn handles_can_use_tool(&self) -> bool {
        self.can_use_tool && lock(&self.diverted).is_none()
    }
}

#[cfg(test)]
mod tests {
    use oxagent_core::protocol::system::{Status, SystemMessage};
    use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver};

    use super::*;

    fn status(n: usize) -> Message {
        let body = SystemBody::Status(Status::requesting());
        Message::System(SystemMessage::new(body, n.to_string(), "s"))
    }

    fn taken(rx: &mut UnboundedReceiver<Event>) -> Vec<String> {
        let mut uuids = Vec::new();
        while let Ok(Event::Message(m)) = rx.try_recv() {
            uuids.extend(m.uuid().map(str::to_string));
        }
        uuids
    }

    #[tokio::test]
    async fn the_tasks_events_come_in_order_once_it_waits_and_others_at_once() {
        let (tx, mut rx) = unbounded_channel();
        let out = EventOut::new(tx, false);
        let (go, wait) = oneshot::channel::<()>();
        let (waiting, waits) = oneshot::channel::<()>();
        let inner = out.clone();
        let task = tokio::spawn(out.holding(async move {
            (0..100).for_each(|n| inner.emit(status(n)));
            let _ = waiting.send(());
            let _ = wait.await;
            inner.emit(status(100));
        }));
        let _ = waits.await;
        // The task waits: all it emitted was handed over, in order.
        tokio::task::yield_now().await;
        let first: Vec<String> = (0..100).map(|n| n.to_string()).collect();
        assert_eq!(taken(&mut rx), first);
        // What another task emits goes at once.
        out.emit(status(1000));
        assert_eq!(taken(&mut rx), vec!["1000"]);
        let _ = go.send(());
        task.await.unwrap();
        assert_eq!(taken(&mut rx), vec!["100"]);
        out.close();
        assert!(rx.recv().await.is_none());
    }
}

//! The session's frame channel: messages and control requests out, answers in.
//!
//! Outgoing frames are the stream-json lines the documented SDKs read from their CLI:
//! messages, `control_request` (the session asks the host: can_use_tool, hook_callback,
//! mcp_message) and `control_response` (the session answers the host). Control requests wait
//! for the host's `control_response` frame with the same `request_id`.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use futures::channel::oneshot;
use futures::future::BoxFuture;
use oxagent_core::agent::Emit;
use oxagent_core::host::Host;
use oxagent_core::Message;
use serde_json::{json, Value};
use tokio::sync::mpsc::UnboundedSender;

use crate::settings_host::LocalHost;
use crate::wire::{decorate, WireState};

type Pending = HashMap<String, oneshot::Sender<Result<Value, String>>>;

/// The sending half of a session's output, shared by the loop and the controller.
#[derive(Clone)]
pub(crate) struct FrameOut {
    tx: Arc<Mutex<Option<UnboundedSender<Value>>>>,
    pending: Arc<Mutex<Pending>>,
    counter: Arc<AtomicU64>,
    wire: Arc<Mutex<WireState>>,
    /// Whether the host answers can_use_tool.
    pub can_use_tool: bool,
    /// Requests the facade answers itself (settings hooks, persisting permissions).
    local: Option<Arc<LocalHost>>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl FrameOut {
    pub fn new(tx: UnboundedSender<Value>, can_use_tool: bool) -> Self {
        FrameOut {
            tx: Arc::new(Mutex::new(Some(tx))),
            pending: Arc::default(),
            counter: Arc::default(),
            wire: Arc::default(),
            can_use_tool,
            local: None,
        }
    }

    /// Answers the requests `local` knows (settings hooks, `persist_permissions`) in the
    /// facade instead of sending them to the caller.
    pub fn with_local(mut self, local: LocalHost) -> Self {
        self.local = Some(Arc::new(local));
        self
    }

    pub fn send(&self, frame: Value) {
        if let Some(tx) = lock(&self.tx).as_ref() {
            // A closed receiver means the caller is gone; nothing is waiting for the frame.
            let _ = tx.send(frame);
        }
    }

    /// Ends the output: the reader sees the end once it has taken what was sent before.
    pub fn close(&self) {
        lock(&self.tx).take();
        self.fail_all("the session is closed");
    }

    /// Resolves a pending control request with the host's answer. Returns false for an
    /// unknown id (already answered, or never asked).
    pub fn resolve(&self, request_id: &str, answer: Result<Value, String>) -> bool {
        match lock(&self.pending).remove(request_id) {
            Some(tx) => tx.send(answer).is_ok(),
            None => false,
        }
    }

    /// Fails every pending request (the session is closing).
    pub fn fail_all(&self, why: &str) {
        for (_, tx) in lock(&self.pending).drain() {
            let _ = tx.send(Err(why.to_string()));
        }
    }
}

impl FrameOut {
    /// Sends a message frame built elsewhere, with the wire fields every message frame gets.
    pub fn send_message(&self, mut frame: Value) {
        decorate(&mut frame, &mut lock(&self.wire));
        self.send(frame)
    }
}

impl Emit for FrameOut {
    fn emit(&self, message: Message) {
        match serde_json::to_value(&message) {
            Ok(mut v) => {
                decorate(&mut v, &mut lock(&self.wire));
                self.send(v)
            }
            Err(e) => self.send(
                json!({"type": "system", "subtype": "informational", "level": "warning",
                "content": format!("a message could not be serialized: {e}")}),
            ),
        }
    }
}

impl Host for FrameOut {
    fn control(&self, request: Value) -> BoxFuture<'_, Result<Value, String>> {
        if let Some(answer) = self.local.as_ref().and_then(|l| l.answer(&request)) {
            return answer;
        }
        let n = self.counter.fetch_add(1, Ordering::Relaxed);
        let id = format!(
            "req_{n}_{}",
            &uuid::Uuid::new_v4().simple().to_string()[..8]
        );
        let (tx, rx) = oneshot::channel();
        lock(&self.pending).insert(id.clone(), tx);
        self.send(json!({"type": "control_request", "request_id": id, "request": request}));
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

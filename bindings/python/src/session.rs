//! `NativeSession`: one oxagent session, frames in and frames out as JSON text.
//!
//! Frames out can be taken two ways, never both on one session:
//! - `await recv()`: one raw frame per asyncio awaitable (`None` once the session is over);
//! - `fileno()` + `poll()`: a pump task reads the frames with the host protocol
//!   (`oxagent::protocol::stream_json`) into actions, moves them into an inbox and makes the
//!   descriptor readable; `poll()` returns the actions waiting (`[]` if none yet, `None` once
//!   the session is over and drained). Any event loop can wait for a readable descriptor,
//!   which is how the Python layer serves asyncio and trio alike without a thread per session;
//! - `attach(hub)` + `poll()`: the same, the wake-ups going to a `Hub` shared by the sessions
//!   of one event loop (see `inbox.rs`).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use oxagent::protocol::stream_json::{Face, HostProtocol};
use oxagent::protocol::HostRequest;
use oxagent::{FrameSession, Options, OutFrame};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

use crate::error::{json_error, options_error, session_error};
use crate::host::{action_tuple, end_tuple};
use crate::inbox::{Hub, Inbox};
use crate::runtime;

/// One agent session running on the module's tokio runtime.
#[pyclass(module = "claude_agent_sdk._native", frozen)]
pub struct NativeSession {
    handle: Arc<FrameSession>,
    inbox: Arc<Inbox>,
    pumping: AtomicBool,
    stopped: Arc<AtomicBool>,
}

#[pymethods]
impl NativeSession {
    /// Start a session from the options JSON (Python option names, callbacks as markers: see
    /// `oxagent::options`), mirroring into `store` (a `NativeStore`) when one is given.
    /// Raises TypeError / ValueError naming an option it refuses.
    #[new]
    #[pyo3(signature = (options_json, store=None, traceparent=None))]
    fn new(
        options_json: &str,
        store: Option<PyRef<'_, crate::store::NativeStore>>,
        traceparent: Option<String>,
    ) -> PyResult<Self> {
        let value: serde_json::Value =
            serde_json::from_str(options_json).map_err(|e| json_error("options", e))?;
        let mut options = Options::from_face(&value, Face::Python).map_err(options_error)?;
        if let Some(s) = store {
            options.session_store = Some(oxagent::SessionStoreOption::Native(s.store.clone()));
        }
        // The caller's current OpenTelemetry span, when it has one, parents the session's.
        options.trace_parent = traceparent;
        // As the reference's CLI when its input is closed (a string prompt).
        options.hold_results_while_tasks_run = true;
        let rt = runtime::handle()?;
        let handle = FrameSession::spawn(options, &rt).map_err(session_error)?;
        Ok(NativeSession {
            handle: Arc::new(handle),
            inbox: Arc::default(),
            pumping: AtomicBool::new(false),
            stopped: Arc::default(),
        })
    }

    /// The id of this session (the `session_id` of its messages).
    #[getter]
    fn session_id(&self) -> String {
        self.handle.session_id().to_string()
    }

    /// Hand one frame (JSON text) to the session, as the CLI reads one stdin line. A
    /// `control_request` (the host's own request) is answered at once: its
    /// `control_response` frame is returned.
    fn send(&self, py: Python<'_>, frame_json: &str) -> PyResult<Option<String>> {
        let frame: serde_json::Value =
            serde_json::from_str(frame_json).map_err(|e| json_error("frame", e))?;
        py.detach(|| {
            if frame.get("type").and_then(serde_json::Value::as_str) == Some("control_request") {
                let reply = self.handle.control_reply(&frame)?;
                return Ok(Some(reply.to_string()));
            }
            self.handle.send(frame).map(|()| None)
        })
        .map_err(session_error)
    }

    /// An asyncio awaitable of the next frame (JSON text), or None once the session is over.
    fn recv<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        if self.pumping.load(Ordering::Acquire) {
            return Err(PyRuntimeError::new_err(
                "recv() cannot be used once fileno() started the pump; use poll()",
            ));
        }
        let handle = self.handle.clone();
        runtime::into_awaitable(py, async move {
            Ok(handle.recv().await.map(|frame| frame.to_string()))
        })
    }

    /// A descriptor of this session's own that turns readable when `poll()` has something to
    /// return. The first call starts moving the session's frames, read by the host protocol,
    /// into actions.
    fn fileno(&self) -> PyResult<i32> {
        let fd = self.inbox.fd()?;
        self.start_pump()?;
        Ok(fd)
    }

    /// Instead of `fileno()`: the wake-ups go to `hub` (shared by the sessions of one event
    /// loop), under the key returned. Starts moving the frames.
    fn attach(&self, hub: PyRef<'_, Hub>) -> PyResult<u64> {
        let key = self.inbox.attach(&hub)?;
        self.start_pump()?;
        Ok(key)
    }

    /// The actions waiting (possibly none), each `(kind, id, payload)`: `("message", None,
    /// frame)`, `("callback", id, request)`, `("cancel", id, None)`, and last `("end", None,
    /// error)` (`error`: `{"message", "result"}` when the session ended after an error
    /// result, else None). None once the session is over and drained.
    fn poll(&self) -> Option<Vec<crate::inbox::Item>> {
        self.inbox.take()
    }

    /// Answers the session's request `id` (a `callback` action): `ok` with the response
    /// body, or not with the error text.
    fn answer(&self, py: Python<'_>, id: &str, ok: bool, payload: &str) -> PyResult<()> {
        let result = if ok {
            Ok(serde_json::from_str(payload).map_err(|e| json_error("answer", e))?)
        } else {
            Err(payload.to_string())
        };
        let frame = HostProtocol::answer(id, result);
        py.detach(|| self.handle.send(frame)).map_err(session_error)
    }

    /// A request of the host's (`{"subtype": "interrupt"}`, ...), answered at once: the
    /// response body as JSON. Raises with the session's error text.
    fn request(&self, py: Python<'_>, body: &str) -> PyResult<String> {
        let body: serde_json::Value =
            serde_json::from_str(body).map_err(|e| json_error("request", e))?;
        let reply = py.detach(|| {
            HostRequest::read(&body).and_then(|r| self.handle.runtime().host_request(r))
        });
        reply
            .map(|r| r.to_body().to_string())
            .map_err(pyo3::exceptions::PyException::new_err)
    }

    /// No more prompts will come: the session ends once the current turn is done.
    fn end_input(&self, py: Python<'_>) {
        py.detach(|| self.handle.end_input());
    }

    /// Stop now: abort the turn and its tools. Frames already produced can still be read;
    /// the end raises nothing.
    fn close(&self, py: Python<'_>) {
        self.stopped.store(true, Ordering::Release);
        py.detach(|| self.handle.close());
    }
}

impl Drop for NativeSession {
    fn drop(&mut self) {
        // A session nobody can read from any more must not keep running tools.
        self.handle.close();
    }
}

impl NativeSession {
    /// Moves the session's frames, read by the host protocol, into the inbox (once).
    fn start_pump(&self) -> PyResult<()> {
        if self.pumping.swap(true, Ordering::AcqRel) {
            return Ok(());
        }
        let handle = self.handle.clone();
        let inbox = self.inbox.clone();
        let stopped = self.stopped.clone();
        runtime::runtime()?.spawn(async move {
            let mut host = HostProtocol::new(Face::Python);
            while let Some(frame) = handle.recv_out().await {
                let action = match frame {
                    OutFrame::Value(frame) => host.feed(frame),
                    OutFrame::StreamEvent(text) => Some(host.feed_stream_event(text)),
                    OutFrame::Diagnostic(line) => {
                        inbox.push(Some(("stderr", None, Some(line))));
                        continue;
                    }
                };
                if let Some(action) = action {
                    inbox.push(Some(action_tuple(action)));
                }
            }
            if stopped.load(Ordering::Acquire) {
                host.stop();
            }
            inbox.push(Some(end_tuple(host.end())));
            inbox.push(None);
        });
        Ok(())
    }
}

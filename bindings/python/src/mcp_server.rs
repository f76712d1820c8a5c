//! `SdkMcpServer`: the in-process SDK server's JSON-RPC (oxagent's, in Rust) for the Python
//! layer, which serves it to a remote session over a custom `Transport` (`mcp_message`
//! control requests). Sans-IO, JSON text in and out:
//!
//! ```python
//! server = SdkMcpServer('{"name": "calc", "dialect": "python", "tools": [...]}')
//! step = json.loads(server.handle('{"jsonrpc": "2.0", "id": 1, "method": "tools/call", ...}'))
//! # {"reply": {...}} or {"reply": null} or {"call": {"call_id": 0, "tool": "add", "arguments": {...}}}
//! reply = json.loads(server.finish(0, '{"result": {"content": [...]}}'))   # or {"error": "text"}
//! ```

use std::sync::Mutex;

use oxagent::mcp::config::SdkServerDef;
use oxagent::mcp::server::{CallOutcome, SdkServer};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::error::json_error;

#[pyclass(module = "claude_agent_sdk._native", name = "SdkMcpServer", frozen)]
pub struct PySdkMcpServer {
    inner: Mutex<SdkServer>,
}

impl PySdkMcpServer {
    fn server(&self) -> std::sync::MutexGuard<'_, SdkServer> {
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }
}

#[pymethods]
impl PySdkMcpServer {
    /// `definition`: the server as the options JSON declares it (`{"name", "version",
    /// "dialect", "tools": [{"name", "description", "input_schema", "annotations"}]}`).
    #[new]
    fn new(definition: &str) -> PyResult<Self> {
        let def: SdkServerDef = serde_json::from_str(definition)
            .map_err(|e| PyValueError::new_err(format!("invalid SDK server definition: {e}")))?;
        Ok(PySdkMcpServer {
            inner: Mutex::new(SdkServer::new(def)),
        })
    }

    /// What to do with one JSON-RPC message: `{"reply": ...}` or `{"call": ...}`.
    fn handle(&self, message: &str) -> PyResult<String> {
        let message = serde_json::from_str(message).map_err(|e| json_error("message", e))?;
        Ok(self.server().handle(&message).to_json().to_string())
    }

    /// The reply to call `call_id` once its function ended (`outcome`: `{"result": ...}`,
    /// `{}`, or `{"error": "<text>"}`); `None` for an unknown call.
    fn finish(&self, call_id: u64, outcome: &str) -> PyResult<Option<String>> {
        let outcome = serde_json::from_str(outcome).map_err(|e| json_error("outcome", e))?;
        let reply = self
            .server()
            .finish(call_id, CallOutcome::from_json(&outcome));
        Ok(reply.map(|r| r.to_string()))
    }
}

//! `claude_agent_sdk._native`: the oxagent session, seen from Python.
//!
//! Thin on purpose. A `NativeSession` is the in-process counterpart of the CLI subprocess
//! the official SDK drives: JSON frames go in with `send`, frames come out of `recv` (an
//! asyncio awaitable) or of `poll` after the descriptor from `fileno` turns readable (any
//! event loop: asyncio, trio). The control protocol, the callbacks and the typed messages
//! live in the Python layer (`python/claude_agent_sdk`).
//!
//! ```python
//! from claude_agent_sdk._native import NativeSession
//! s = NativeSession('{"max_turns": 1}')
//! s.send('{"type": "user", "message": {"role": "user", "content": "hi"}, "parent_tool_use_id": null, "session_id": ""}')
//! s.end_input()
//! while (frame := await s.recv()) is not None:
//!     print(frame)
//! ```

mod error;
mod host;
mod inbox;
mod mcp_server;
mod runtime;
mod session;
mod store;

use pyo3::prelude::*;

/// The allocator of the Rust side: many concurrent sessions allocate and free large JSON
/// values, where glibc's malloc spent a quarter of the CPU of 1,000 sessions in its bins.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The version of this package (the workspace version).
#[pyfunction]
fn version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}

/// Called in a forked child (from `os.register_at_fork`): the parent's runtime has no
/// threads here, so the next session builds a new one.
#[pyfunction]
fn _after_fork_in_child() {
    runtime::reset_after_fork();
}

/// Checks options (JSON, as the `face` sends them: "python" or "node") for a session this
/// process does not run (a custom `Transport`): TypeError / ValueError naming the option.
/// Features oxagent has not built are the other side's business and are not refused.
#[pyfunction]
#[pyo3(signature = (options_json, face = "python"))]
fn check_options(py: Python<'_>, options_json: &str, face: &str) -> PyResult<()> {
    let face = match face {
        "python" => oxagent::Face::Python,
        "node" => oxagent::Face::Node,
        other => {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "face must be \"python\" or \"node\", not {other:?}"
            )))
        }
    };
    let value: serde_json::Value =
        serde_json::from_str(options_json).map_err(|e| error::json_error("options", e))?;
    py.detach(|| oxagent::options::check(&value, face))
        .map_err(error::options_error)
}

/// The table of the documented options as JSON: `[{python, node, handling, expected}]`.
#[pyfunction]
fn option_table() -> String {
    oxagent::options::table_json().to_string()
}

/// The saved-session functions (`list_sessions`, `fork_session`, ...): `op` with JSON
/// `args`; answers `{"ok": value}` or `{"error": {"kind", "message"}}` as JSON.
#[pyfunction]
fn sessions(py: Python<'_>, op: &str, args: &str) -> String {
    py.detach(|| oxagent::saved::call_json(op, args))
}

/// Whether the sessions' spans are exported (the OTEL_* environment asked for it; known
/// once a session has started).
#[pyfunction]
fn telemetry_enabled() -> bool {
    oxagent::telemetry::enabled()
}

/// Sends the spans waiting in the export batch, then (`stop`) stops the exporter: at exit.
#[pyfunction]
#[pyo3(signature = (stop=false))]
fn telemetry_flush(py: Python<'_>, stop: bool) {
    py.detach(|| match stop {
        true => oxagent::telemetry::shutdown(),
        false => oxagent::telemetry::flush(),
    })
}

/// What the cassette at `path` did in this process (`OXAGENT_CASSETTE`), as JSON, or `None`
/// when no session used it; `close` forgets it afterwards.
#[pyfunction]
#[pyo3(signature = (path, close=false))]
fn cassette_status(path: &str, close: bool) -> Option<String> {
    let path = std::path::Path::new(path);
    let status = oxagent::cassette_status(path).map(|v| v.to_string());
    if close {
        oxagent::close_cassette(path);
    }
    status
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // The native module loads when the first session starts: its HTTP client is made meanwhile.
    oxagent::warm_up();
    m.add("StartRefused", m.py().get_type::<error::StartRefused>())?;
    m.add_function(wrap_pyfunction!(sessions, m)?)?;
    m.add_function(wrap_pyfunction!(check_options, m)?)?;
    m.add_function(wrap_pyfunction!(option_table, m)?)?;
    m.add_class::<session::NativeSession>()?;
    m.add_class::<inbox::Hub>()?;
    m.add_class::<host::PyHostProtocol>()?;
    m.add_class::<mcp_server::PySdkMcpServer>()?;
    m.add_class::<store::NativeStore>()?;
    m.add_class::<store::StoreJob>()?;
    m.add_function(wrap_pyfunction!(store::fold_session_summary, m)?)?;
    m.add_function(wrap_pyfunction!(version, m)?)?;
    m.add_function(wrap_pyfunction!(telemetry_enabled, m)?)?;
    m.add_function(wrap_pyfunction!(telemetry_flush, m)?)?;
    m.add_function(wrap_pyfunction!(cassette_status, m)?)?;
    m.add_function(wrap_pyfunction!(_after_fork_in_child, m)?)?;
    Ok(())
}

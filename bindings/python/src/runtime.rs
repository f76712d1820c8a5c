//! The tokio runtime owned by the native module, and its adapter for `pyo3-async-runtimes`.
//!
//! One multi-thread runtime serves every session of the process. A `fork()` copies the
//! runtime's bookkeeping but none of its worker threads, so the child must not use it: the
//! runtime remembers the pid that built it and a different pid builds a fresh one (the
//! Python layer also calls [`reset_after_fork`] from `os.register_at_fork`).
//!
//! ```ignore
//! let handle = runtime::handle()?;            // tokio::runtime::Handle of this process
//! let awaitable = runtime::into_awaitable(py, async { Ok(1) })?;   // asyncio awaitable
//! ```

use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex, MutexGuard};

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3_async_runtimes::generic::{self, ContextExt};
use pyo3_async_runtimes::TaskLocals;
use tokio::runtime::{Builder, Handle, Runtime};

struct Owned {
    pid: u32,
    runtime: Arc<Runtime>,
}

static RUNTIME: Mutex<Option<Owned>> = Mutex::new(None);

fn lock() -> MutexGuard<'static, Option<Owned>> {
    // A panic while holding this lock cannot leave the Option half-written.
    RUNTIME
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn build() -> std::io::Result<Runtime> {
    Builder::new_multi_thread()
        .thread_name("oxagent-worker")
        .enable_all()
        .build()
}

/// The runtime of this process, built on first use and rebuilt in a forked child.
pub fn runtime() -> PyResult<Arc<Runtime>> {
    let pid = std::process::id();
    let mut slot = lock();
    if let Some(owned) = slot.as_ref() {
        if owned.pid == pid {
            return Ok(owned.runtime.clone());
        }
    }
    if let Some(stale) = slot.take() {
        // Inherited from the parent: its worker threads do not exist here, and dropping it
        // would wait for them. Leaking is the only safe way to let go of it.
        std::mem::forget(stale);
    }
    let runtime =
        Arc::new(build().map_err(|e| PyRuntimeError::new_err(format!("cannot start tokio: {e}")))?);
    *slot = Some(Owned {
        pid,
        runtime: runtime.clone(),
    });
    Ok(runtime)
}

/// A handle to the runtime of this process.
pub fn handle() -> PyResult<Handle> {
    Ok(runtime()?.handle().clone())
}

/// Forget the runtime inherited through `fork()`; the next use builds a new one.
pub fn reset_after_fork() {
    let mut slot = lock();
    if let Some(owned) = slot.as_ref() {
        if owned.pid != std::process::id() {
            if let Some(stale) = slot.take() {
                std::mem::forget(stale);
            }
        }
    }
}

tokio::task_local! {
    static TASK_LOCALS: TaskLocals;
}

/// `pyo3-async-runtimes` glue: spawns on the module runtime (not on a global runtime of its
/// own, which could not be rebuilt after a fork).
pub struct ModuleRuntime;

impl generic::Runtime for ModuleRuntime {
    type JoinError = tokio::task::JoinError;
    type JoinHandle = tokio::task::JoinHandle<()>;

    fn spawn<F>(fut: F) -> Self::JoinHandle
    where
        F: Future<Output = ()> + Send + 'static,
    {
        match runtime() {
            Ok(rt) => rt.spawn(fut),
            // No runtime can be built: run it on the caller's runtime if there is one;
            // there is always one here, as pyo3-async-runtimes only spawns from our futures.
            Err(_) => tokio::spawn(fut),
        }
    }

    fn spawn_blocking<F>(f: F) -> Self::JoinHandle
    where
        F: FnOnce() + Send + 'static,
    {
        match runtime() {
            Ok(rt) => rt.spawn_blocking(f),
            Err(_) => tokio::task::spawn_blocking(f),
        }
    }
}

impl ContextExt for ModuleRuntime {
    fn scope<F, R>(locals: TaskLocals, fut: F) -> Pin<Box<dyn Future<Output = R> + Send>>
    where
        F: Future<Output = R> + Send + 'static,
    {
        Box::pin(TASK_LOCALS.scope(locals, fut))
    }

    fn get_task_locals() -> Option<TaskLocals> {
        TASK_LOCALS.try_with(Clone::clone).ok()
    }
}

/// Turn a Rust future into an asyncio awaitable that runs on the module runtime.
pub fn into_awaitable<'py, F, T>(py: Python<'py>, fut: F) -> PyResult<Bound<'py, PyAny>>
where
    F: Future<Output = PyResult<T>> + Send + 'static,
    T: for<'a> IntoPyObject<'a> + Send + 'static,
{
    // Make sure the runtime exists before pyo3-async-runtimes spawns onto it.
    runtime()?;
    generic::future_into_py::<ModuleRuntime, F, T>(py, fut)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runtime_is_shared_within_a_process() {
        let a = runtime().map_err(|e| e.to_string());
        let b = runtime().map_err(|e| e.to_string());
        match (a, b) {
            (Ok(a), Ok(b)) => assert!(Arc::ptr_eq(&a, &b)),
            other => panic!("runtime failed: {other:?}"),
        }
    }

    #[test]
    fn reset_keeps_the_runtime_of_the_same_process() {
        let before = runtime().map_err(|e| e.to_string());
        reset_after_fork();
        let after = runtime().map_err(|e| e.to_string());
        match (before, after) {
            (Ok(a), Ok(b)) => assert!(Arc::ptr_eq(&a, &b)),
            other => panic!("runtime failed: {other:?}"),
        }
    }
}

//! The inbox between a pump task (a session's, a store job's) and the Python layer: actions
//! moved out of the task, and a descriptor that turns readable when some wait, so any event
//! loop can wait on it (asyncio and trio alike) without a thread per session.
//!
//! The descriptor is the inbox's own ([`Inbox::fd`]) or a [`Hub`]'s, shared by the inboxes
//! attached to it ([`Inbox::attach`]): one event loop waits on one descriptor for all its
//! sessions (10,000 sessions would otherwise need 20,000 descriptors), and the hub tells which
//! inboxes rang.
//!
//! ```python
//! hub = Hub(); key = session.attach(hub)      # loop.add_reader(hub.fileno(), ...)
//! for key in hub.take_ready(): ...            # then session.poll() for those keys
//! ```

use std::collections::VecDeque;
use std::io::{ErrorKind, Read, Write};
use std::os::fd::AsRawFd;
use std::os::unix::net::UnixStream;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// One action for the Python layer: `(kind, id, payload)` (see [`crate::host::action_tuple`]).
pub(crate) type Item = crate::host::ActionTuple;

fn locked<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panic while holding these locks cannot leave their state half-written.
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// A descriptor pair: `ring` makes the reading end readable, `drain` quiet again.
struct WakePair {
    tx: UnixStream,
    rx: UnixStream,
}

impl WakePair {
    fn new() -> PyResult<WakePair> {
        let pair = || -> std::io::Result<WakePair> {
            let (tx, rx) = UnixStream::pair()?;
            tx.set_nonblocking(true)?;
            rx.set_nonblocking(true)?;
            Ok(WakePair { tx, rx })
        };
        pair().map_err(|e| PyRuntimeError::new_err(format!("cannot create wake-up socket: {e}")))
    }

    fn ring(&self) {
        // A full socket buffer means a wake-up is already pending; nothing is lost.
        let _ = (&self.tx).write(&[1]);
    }

    fn drain(&self) {
        let mut sink = [0u8; 256];
        loop {
            match (&self.rx).read(&mut sink) {
                Ok(n) if n > 0 => continue,
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                _ => break,
            }
        }
    }
}

struct HubState {
    pair: WakePair,
    ready: Mutex<Vec<u64>>,
    next_key: AtomicU64,
}

impl HubState {
    fn ring(&self, key: u64) {
        let first = {
            let mut ready = locked(&self.ready);
            ready.push(key);
            ready.len() == 1
        };
        if first {
            self.pair.ring();
        }
    }
}

/// One wake-up descriptor for the inboxes of one event loop.
#[pyclass(module = "claude_agent_sdk._native", frozen)]
pub struct Hub {
    state: Arc<HubState>,
}

#[pymethods]
impl Hub {
    #[new]
    fn new() -> PyResult<Hub> {
        Ok(Hub {
            state: Arc::new(HubState {
                pair: WakePair::new()?,
                ready: Mutex::default(),
                next_key: AtomicU64::new(1),
            }),
        })
    }

    /// The descriptor that turns readable when an attached inbox has something.
    fn fileno(&self) -> i32 {
        self.state.pair.rx.as_raw_fd()
    }

    /// The keys of the inboxes that rang since the last call (quiets the descriptor first, so
    /// a ring after the take leaves a fresh wake-up behind).
    fn take_ready(&self) -> Vec<u64> {
        self.state.pair.drain();
        std::mem::take(&mut *locked(&self.state.ready))
    }
}

/// Where an inbox's wake-ups go.
enum Signal {
    Own(WakePair),
    Hub(Arc<HubState>, u64),
}

impl Signal {
    fn ring(&self) {
        match self {
            Signal::Own(pair) => pair.ring(),
            Signal::Hub(hub, key) => hub.ring(*key),
        }
    }
}

#[derive(Default)]
struct InboxState {
    frames: VecDeque<Item>,
    ended: bool,
    /// A wake-up went out that no `take` has answered yet.
    rung: bool,
}

/// Actions moved out of a pump task, and where their wake-ups go (set before it starts).
#[derive(Default)]
pub(crate) struct Inbox {
    state: Mutex<InboxState>,
    signal: Mutex<Option<Arc<Signal>>>,
}

impl Inbox {
    /// The descriptor of this inbox, created on first call (the inbox must not be attached).
    pub(crate) fn fd(&self) -> PyResult<i32> {
        let mut signal = locked(&self.signal);
        if signal.is_none() {
            *signal = Some(Arc::new(Signal::Own(WakePair::new()?)));
        }
        match signal.as_deref() {
            Some(Signal::Own(pair)) => Ok(pair.rx.as_raw_fd()),
            _ => Err(PyRuntimeError::new_err("the inbox is attached to a hub")),
        }
    }

    /// Sends the wake-ups to `hub` under a new key, returned (once, before any push).
    pub(crate) fn attach(&self, hub: &Hub) -> PyResult<u64> {
        let mut signal = locked(&self.signal);
        if signal.is_some() {
            return Err(PyRuntimeError::new_err(
                "the inbox already has a wake-up descriptor",
            ));
        }
        let key = hub.state.next_key.fetch_add(1, Ordering::Relaxed);
        *signal = Some(Arc::new(Signal::Hub(hub.state.clone(), key)));
        Ok(key)
    }

    pub(crate) fn push(&self, frame: Option<Item>) {
        let ring = {
            let mut state = locked(&self.state);
            match frame {
                Some(item) => state.frames.push_back(item),
                None => state.ended = true,
            }
            !std::mem::replace(&mut state.rung, true)
        };
        if ring {
            if let Some(signal) = locked(&self.signal).clone() {
                signal.ring();
            }
        }
    }

    /// The frames waiting; None once the end was pushed and every frame taken. Clears the
    /// wake-up first: a frame pushed after the take rings again, so the reader never sleeps
    /// on a waiting frame.
    pub(crate) fn take(&self) -> Option<Vec<Item>> {
        if let Some(Signal::Own(pair)) = locked(&self.signal).as_deref() {
            pair.drain();
        }
        let mut state = locked(&self.state);
        state.rung = false;
        if state.frames.is_empty() && state.ended {
            return None;
        }
        Some(state.frames.drain(..).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(p: &str) -> Item {
        ("message", None, Some(p.to_string()))
    }

    fn quiet(rx: &UnixStream) -> bool {
        let mut probe = [0u8; 1];
        matches!((&*rx).read(&mut probe), Err(ref e) if e.kind() == ErrorKind::WouldBlock)
    }

    #[test]
    fn inbox_signals_and_drains_in_order() -> PyResult<()> {
        let inbox = Inbox::default();
        inbox.fd()?;
        assert_eq!(inbox.take(), Some(vec![]));
        inbox.push(Some(item("a")));
        inbox.push(Some(item("b")));
        assert_eq!(inbox.take(), Some(vec![item("a"), item("b")]));
        // The wake-ups were consumed by take(): the descriptor is quiet again.
        if let Some(Signal::Own(pair)) = locked(&inbox.signal).as_deref() {
            assert!(quiet(&pair.rx));
        }
        inbox.push(None);
        assert_eq!(inbox.take(), None);
        Ok(())
    }

    #[test]
    fn frames_pushed_before_the_end_are_still_read() -> PyResult<()> {
        let inbox = Inbox::default();
        inbox.fd()?;
        inbox.push(Some(item("last")));
        inbox.push(None);
        assert_eq!(inbox.take(), Some(vec![item("last")]));
        assert_eq!(inbox.take(), None);
        Ok(())
    }

    #[test]
    fn a_hub_names_the_inboxes_that_rang_once_each() -> PyResult<()> {
        let hub = Hub::new()?;
        let (a, b) = (Inbox::default(), Inbox::default());
        let (ka, kb) = (a.attach(&hub)?, b.attach(&hub)?);
        assert!(a.fd().is_err());
        a.push(Some(item("1")));
        a.push(Some(item("2")));
        b.push(Some(item("3")));
        assert_eq!(hub.take_ready(), vec![ka, kb]);
        assert!(quiet(&hub.state.pair.rx));
        // Not taken yet: no second wake-up for the same inbox.
        a.push(Some(item("4")));
        assert_eq!(hub.take_ready(), Vec::<u64>::new());
        assert_eq!(a.take(), Some(vec![item("1"), item("2"), item("4")]));
        a.push(None);
        assert_eq!(hub.take_ready(), vec![ka]);
        Ok(())
    }
}

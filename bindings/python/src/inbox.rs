//! The inbox between a session's pump task and the Python layer: actions moved out of the
//! session, and a descriptor pair that turns readable when some wait, so any event loop can
//! wait on it (asyncio and trio alike) without a thread per session.

use std::collections::VecDeque;
use std::io::{ErrorKind, Read, Write};
use std::os::fd::AsRawFd;
use std::os::unix::net::UnixStream;
use std::sync::{Mutex, MutexGuard};

/// One action for the Python layer: `(kind, id, payload)` (see [`crate::host::action_tuple`]).
pub(crate) type Item = crate::host::ActionTuple;

#[derive(Default)]
struct InboxState {
    frames: VecDeque<Item>,
    ended: bool,
}

/// Frames moved out of the session by the pump, plus the descriptor pair that signals them.
pub(crate) struct Inbox {
    state: Mutex<InboxState>,
    wake_tx: UnixStream,
    wake_rx: UnixStream,
}

impl Inbox {
    pub(crate) fn new() -> std::io::Result<Inbox> {
        let (wake_tx, wake_rx) = UnixStream::pair()?;
        wake_tx.set_nonblocking(true)?;
        wake_rx.set_nonblocking(true)?;
        Ok(Inbox {
            state: Mutex::new(InboxState::default()),
            wake_tx,
            wake_rx,
        })
    }

    fn state(&self) -> MutexGuard<'_, InboxState> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    pub(crate) fn push(&self, frame: Option<Item>) {
        {
            let mut state = self.state();
            match frame {
                Some(text) => state.frames.push_back(text),
                None => state.ended = true,
            }
        }
        // A full socket buffer means a wake-up is already pending; nothing is lost.
        let _ = (&self.wake_tx).write(&[1]);
    }

    /// Clear pending wake-ups first, then take the frames: a frame pushed after the take
    /// leaves a fresh wake-up behind, so the reader never sleeps on a waiting frame.
    pub(crate) fn take(&self) -> Option<Vec<Item>> {
        let mut sink = [0u8; 256];
        loop {
            match (&self.wake_rx).read(&mut sink) {
                Ok(n) if n > 0 => continue,
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                _ => break,
            }
        }
        let mut state = self.state();
        if state.frames.is_empty() && state.ended {
            return None;
        }
        Some(state.frames.drain(..).collect())
    }

    /// The descriptor that turns readable when something waits.
    pub(crate) fn fd(&self) -> i32 {
        self.wake_rx.as_raw_fd()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inbox_signals_and_drains_in_order() -> std::io::Result<()> {
        let inbox = Inbox::new()?;
        assert_eq!(inbox.take(), Some(vec![]));
        let item = |p: &str| ("message", None, Some(p.to_string()));
        inbox.push(Some(item("a")));
        inbox.push(Some(item("b")));
        assert_eq!(inbox.take(), Some(vec![item("a"), item("b")]));
        // The wake-ups were consumed by take(): the descriptor is quiet again.
        let mut probe = [0u8; 1];
        let quiet = (&inbox.wake_rx).read(&mut probe);
        assert!(matches!(quiet, Err(ref e) if e.kind() == ErrorKind::WouldBlock));
        inbox.push(None);
        assert_eq!(inbox.take(), None);
        Ok(())
    }

    #[test]
    fn frames_pushed_before_the_end_are_still_read() -> std::io::Result<()> {
        let inbox = Inbox::new()?;
        let last = ("message", None, Some("last".to_string()));
        inbox.push(Some(last.clone()));
        inbox.push(None);
        assert_eq!(inbox.take(), Some(vec![last]));
        assert_eq!(inbox.take(), None);
        Ok(())
    }
}

//! A runtime-free abort signal: cloneable, fires once, awaitable.
//!
//! ```
//! use oxagent_core::signal::AbortSignal;
//! let s = AbortSignal::new();
//! let t = s.clone();
//! s.abort();
//! assert!(t.is_aborted());
//! futures::executor::block_on(t.aborted()); // resolves at once
//! ```

use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll, Waker};

use crate::sync::lock;

#[derive(Clone, Default)]
pub struct AbortSignal {
    inner: Arc<Inner>,
}

#[derive(Default)]
struct Inner {
    aborted: AtomicBool,
    wakers: Mutex<Vec<Waker>>,
}

impl AbortSignal {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn abort(&self) {
        if !self.inner.aborted.swap(true, Ordering::SeqCst) {
            let wakers = std::mem::take(&mut *lock(&self.inner.wakers));
            wakers.into_iter().for_each(Waker::wake);
        }
    }

    pub fn is_aborted(&self) -> bool {
        self.inner.aborted.load(Ordering::SeqCst)
    }

    /// Resolves once the signal has fired.
    pub fn aborted(&self) -> Aborted {
        Aborted {
            inner: self.inner.clone(),
        }
    }
}

impl std::fmt::Debug for AbortSignal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AbortSignal")
            .field("aborted", &self.is_aborted())
            .finish()
    }
}

pub struct Aborted {
    inner: Arc<Inner>,
}

impl Future for Aborted {
    type Output = ();
    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        if self.inner.aborted.load(Ordering::SeqCst) {
            return Poll::Ready(());
        }
        let mut wakers = lock(&self.inner.wakers);
        // Check again under the lock: abort() may have run in between.
        if self.inner.aborted.load(Ordering::SeqCst) {
            return Poll::Ready(());
        }
        if !wakers.iter().any(|w| w.will_wake(cx.waker())) {
            wakers.push(cx.waker().clone());
        }
        Poll::Pending
    }
}

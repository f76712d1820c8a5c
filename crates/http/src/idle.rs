//! A response body's chunks, ending with [`ChunkError::Idle`] when none comes for a while.
//!
//! One timer for the whole body, set again only when it fires: a `tokio::time::timeout` per
//! chunk registered a timer for every chunk, and each registration woke the runtime's timer
//! driver (an `eventfd` write, then a parked worker woken) — about a quarter of the CPU of a
//! long streamed answer, where a chunk is often one event.

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use futures::Stream;
use tokio::time::{Instant, Sleep};

use crate::client::ChunkError;

pub(crate) struct IdleGuarded<S> {
    body: Option<S>,
    idle: Duration,
    /// When the last chunk came (or the body was first read).
    last: Instant,
    timer: Pin<Box<Sleep>>,
}

impl<S> IdleGuarded<S> {
    pub(crate) fn new(body: S, idle: Duration) -> Self {
        let now = Instant::now();
        IdleGuarded {
            body: Some(body),
            idle,
            last: now,
            timer: Box::pin(tokio::time::sleep_until(now + idle)),
        }
    }
}

impl<S, C> Stream for IdleGuarded<S>
where
    S: Stream<Item = Result<C, reqwest::Error>> + Unpin,
{
    type Item = Result<C, ChunkError>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let this = &mut *self;
        let Some(body) = this.body.as_mut() else {
            return Poll::Ready(None);
        };
        match Pin::new(body).poll_next(cx) {
            Poll::Ready(Some(Ok(chunk))) => {
                this.last = Instant::now();
                return Poll::Ready(Some(Ok(chunk)));
            }
            Poll::Ready(Some(Err(error))) => {
                this.body = None;
                return Poll::Ready(Some(Err(ChunkError::Http(error))));
            }
            Poll::Ready(None) => {
                this.body = None;
                return Poll::Ready(None);
            }
            Poll::Pending => {}
        }
        // Nothing yet: the timer is due at the last chunk plus the idle time, at the latest.
        while this.timer.as_mut().poll(cx).is_ready() {
            let due = this.last + this.idle;
            if Instant::now() >= due {
                this.body = None;
                return Poll::Ready(Some(Err(ChunkError::Idle(this.idle))));
            }
            this.timer.as_mut().reset(due);
        }
        Poll::Pending
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use futures::StreamExt;

    type Chunks = futures::channel::mpsc::UnboundedReceiver<Result<u32, reqwest::Error>>;

    fn guarded(
        idle_ms: u64,
    ) -> (
        futures::channel::mpsc::UnboundedSender<Result<u32, reqwest::Error>>,
        IdleGuarded<Chunks>,
    ) {
        let (tx, rx) = futures::channel::mpsc::unbounded();
        (tx, IdleGuarded::new(rx, Duration::from_millis(idle_ms)))
    }

    #[tokio::test(start_paused = true)]
    async fn chunks_closer_than_the_idle_time_pass_however_long_the_body() {
        let (tx, mut body) = guarded(100);
        let feeder = tokio::spawn(async move {
            for i in 0..10 {
                tokio::time::sleep(Duration::from_millis(60)).await;
                tx.unbounded_send(Ok(i)).unwrap();
            }
        });
        let mut got = Vec::new();
        while let Some(item) = body.next().await {
            got.push(item.unwrap());
        }
        feeder.await.unwrap();
        assert_eq!(got, (0..10).collect::<Vec<_>>());
    }

    #[tokio::test(start_paused = true)]
    async fn a_gap_of_the_idle_time_ends_the_body_then_nothing_more() {
        let (tx, mut body) = guarded(100);
        tx.unbounded_send(Ok(1)).unwrap();
        let started = Instant::now();
        assert_eq!(body.next().await.unwrap().unwrap(), 1);
        tokio::time::sleep(Duration::from_millis(70)).await;
        tx.unbounded_send(Ok(2)).unwrap();
        assert_eq!(body.next().await.unwrap().unwrap(), 2);
        let after_last = Instant::now();
        match body.next().await {
            Some(Err(ChunkError::Idle(idle))) => assert_eq!(idle, Duration::from_millis(100)),
            other => panic!("expected the idle end, got {other:?}"),
        }
        assert_eq!(Instant::now() - after_last, Duration::from_millis(100));
        assert!(Instant::now() - started >= Duration::from_millis(170));
        tx.unbounded_send(Ok(3)).ok();
        assert!(body.next().await.is_none());
    }
}

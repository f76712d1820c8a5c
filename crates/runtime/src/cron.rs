//! The session's scheduler: it waits for the next job CronCreate scheduled and hands each
//! due prompt to the session, which runs it as a user turn once it is idle.
//!
//! ```text
//! CronCreate adds a job ──> CronJobs ──(changed)──> scheduler wakes, waits for the next fire
//!                                                   │ due: one-shot removed, recurring moved on
//!                                                   v
//!                           TaskFlow::next  <── the prompt (a turn of its own, between turns)
//! ```
//!
//! Jobs fire only while the caller's input is open: once it has ended the session finishes
//! its work and ends, and its jobs with it, as the reference's session-only jobs do.

use oxagent_tools::session::cron::{now_ms, CronJobs};
use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver, UnboundedSender};
use tokio::task::JoinHandle;

/// The running scheduler; dropping it stops it.
pub(crate) struct Scheduler {
    task: JoinHandle<()>,
}

impl Drop for Scheduler {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// Starts the scheduler of `jobs` on `rt`: due prompts come out of the receiver.
pub(crate) fn start(
    jobs: CronJobs,
    rt: &tokio::runtime::Handle,
) -> (Scheduler, UnboundedReceiver<String>) {
    let (tx, rx) = unbounded_channel();
    let task = rt.spawn(run(jobs, tx));
    (Scheduler { task }, rx)
}

async fn run(jobs: CronJobs, due: UnboundedSender<String>) {
    loop {
        let wait = jobs.next_fire().map(|at| {
            let ms = (at - now_ms()).max(0.0);
            std::time::Duration::from_millis(ms.ceil() as u64)
        });
        let Some(wait) = wait else {
            jobs.changed().await;
            continue;
        };
        tokio::select! {
            _ = jobs.changed() => continue,
            _ = tokio::time::sleep(wait) => {
                for job in jobs.take_due(now_ms()) {
                    if due.send(job.prompt).is_err() {
                        return;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_due_job_comes_out_once() {
        let jobs = CronJobs::default();
        let (_scheduler, mut due) = start(jobs.clone(), &tokio::runtime::Handle::current());
        // Created two minutes ago: its first minute has passed.
        jobs.add("* * * * *", "tick", false, now_ms() - 120_000.0);
        let prompt = tokio::time::timeout(std::time::Duration::from_secs(5), due.recv())
            .await
            .unwrap();
        assert_eq!(prompt.as_deref(), Some("tick"));
        assert!(jobs.list().is_empty());
    }
}

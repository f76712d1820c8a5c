//! Prompts scheduled to run later in the session: the jobs CronCreate adds, CronList shows
//! and CronDelete cancels, and when each fires.
//!
//! ```
//! use oxagent_tools::session::cron::CronJobs;
//! let jobs = CronJobs::default();
//! let id = jobs.add("*/5 * * * *", "check the build", true, 1_000.0);
//! assert_eq!(jobs.list()[0].id, id);
//! assert!(jobs.remove(&id));
//! assert!(jobs.list().is_empty());
//! ```
//!
//! Jobs live in memory and end with the session, except durable ones: those are also kept
//! in the project's `.claude/scheduled_tasks.json` (`{"tasks": [...]}`, as the reference
//! writes it), read back when a later session of the project starts, listed first. Each job is shifted by a fixed offset derived from its id, as the
//! reference spreads its fires: a recurring job runs up to half its period late (at most 30
//! minutes), a one-shot job landing on :00 or :30 up to 90 seconds early. The session runtime
//! waits for [`CronJobs::next_fire`] and hands a due job's prompt to the model as a user
//! turn once the session is idle ([`CronJobs::take_due`]).

mod durable;
pub mod expr;
pub mod tools;

use std::sync::{Arc, Mutex};

use oxagent_core::sync::lock;

use expr::CronExpr;

/// At most this many jobs at once.
pub const MAX_JOBS: usize = 50;
/// A recurring job ends after 30 days.
pub const RECURRING_MAX_AGE_MS: f64 = 2_592_000_000.0;
const RECURRING_FRACTION: f64 = 0.5;
const RECURRING_CAP_MS: f64 = 1_800_000.0;
const ONE_SHOT_MAX_MS: f64 = 90_000.0;
const ONE_SHOT_MINUTE_MOD: u32 = 30;
/// `*/N` minute jobs of five minutes or more fire this much before their period ends.
const CACHE_LEAD_MS: f64 = 15_000.0;
const FIVE_MINUTES_MS: f64 = 300_000.0;

/// One scheduled prompt.
#[derive(Debug, Clone, PartialEq)]
pub struct CronJob {
    /// Eight hex digits.
    pub id: String,
    pub cron: String,
    pub prompt: String,
    /// Milliseconds since the epoch.
    pub created_at: f64,
    pub recurring: bool,
    pub last_fired_at: Option<f64>,
    /// Kept in the project's scheduled tasks file: its record there.
    pub durable: Option<serde_json::Map<String, serde_json::Value>>,
}

/// The fraction of a period a job is shifted by: its id read as a 32-bit number.
fn spread(id: &str) -> f64 {
    u32::from_str_radix(id.get(..8).unwrap_or(id), 16)
        .map(|n| f64::from(n) / 4_294_967_296.0)
        .unwrap_or(0.0)
}

/// `*/N * * * *`: an every-N-minutes job.
fn every_minutes(cron: &str) -> bool {
    let parts: Vec<&str> = cron.split(' ').collect();
    matches!(parts[..], [m, "*", "*", "*", "*"]
        if m.strip_prefix("*/").is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())))
}

impl CronJob {
    /// When the job fires next, from its creation or its last fire.
    pub fn next_fire(&self) -> Option<f64> {
        let expr = CronExpr::parse(&self.cron)?;
        if !self.recurring {
            let at = expr.next_after(self.created_at, true)?;
            if expr::local_minute(at)? % ONE_SHOT_MINUTE_MOD != 0 {
                return Some(at);
            }
            return Some((at - spread(&self.id) * ONE_SHOT_MAX_MS).max(self.created_at));
        }
        let from = self.last_fired_at.unwrap_or(self.created_at);
        let first = expr.next_after(from, false)?;
        let Some(second) = expr.next_after(first, false) else {
            return Some(first);
        };
        let period = second - first;
        if every_minutes(&self.cron)
            && CACHE_LEAD_MS < period
            && period >= FIVE_MINUTES_MS
            && period - CACHE_LEAD_MS < FIVE_MINUTES_MS
        {
            return Some(from + period - CACHE_LEAD_MS);
        }
        Some(first + (spread(&self.id) * RECURRING_FRACTION * period).min(RECURRING_CAP_MS))
    }
}

/// A job that came due: what the model is given.
#[derive(Debug, Clone, PartialEq)]
pub struct DueJob {
    pub id: String,
    pub prompt: String,
}

#[derive(Default)]
struct JobsState {
    jobs: Vec<CronJob>,
}

/// Who made a durable job, as its record in the file says.
pub struct Maker<'a> {
    pub session_id: &'a str,
    pub project: &'a std::path::Path,
}

/// The session's scheduled jobs, shared by the three tools and the runtime's scheduler.
#[derive(Clone, Default)]
pub struct CronJobs {
    state: Arc<Mutex<JobsState>>,
    changed: Arc<tokio::sync::Notify>,
    /// The project's scheduled tasks file (none: durable jobs stay session-only).
    file: Option<Arc<std::path::PathBuf>>,
}

impl CronJobs {
    /// The jobs of a session in `project`, with the durable jobs its file holds.
    pub fn in_project(project: &std::path::Path) -> CronJobs {
        let file = project.join(".claude").join("scheduled_tasks.json");
        let jobs = durable::read(&file);
        CronJobs {
            state: Arc::new(Mutex::new(JobsState { jobs })),
            changed: Arc::default(),
            file: Some(Arc::new(file)),
        }
    }

    /// Whether a durable job can be kept on disk.
    pub fn can_persist(&self) -> bool {
        self.file.is_some()
    }

    /// Adds a job created at `now` and returns its id; with `durable`, it is written to the
    /// project's file too.
    pub fn add_job(
        &self,
        cron: &str,
        prompt: &str,
        recurring: bool,
        now: f64,
        durable: Option<Maker<'_>>,
    ) -> String {
        let id = uuid_prefix();
        let mut job = CronJob {
            id: id.clone(),
            cron: cron.to_string(),
            prompt: prompt.to_string(),
            created_at: now,
            recurring,
            last_fired_at: None,
            durable: None,
        };
        let mut state = lock(&self.state);
        if let (Some(maker), Some(_)) = (durable, &self.file) {
            job.durable = Some(durable::record(&job, &maker));
        }
        let persist = job.durable.is_some();
        state.jobs.push(job);
        if persist {
            self.save(&state);
        }
        drop(state);
        self.changed.notify_one();
        id
    }

    /// Adds a session-only job created at `now` and returns its id.
    pub fn add(&self, cron: &str, prompt: &str, recurring: bool, now: f64) -> String {
        self.add_job(cron, prompt, recurring, now, None)
    }

    fn save(&self, state: &JobsState) {
        if let Some(file) = &self.file {
            durable::write(file, &state.jobs);
        }
    }

    /// Removes a job; false when there is none with that id.
    pub fn remove(&self, id: &str) -> bool {
        let mut state = lock(&self.state);
        let Some(at) = state.jobs.iter().position(|j| j.id == id) else {
            return false;
        };
        let job = state.jobs.remove(at);
        if job.durable.is_some() {
            self.save(&state);
        }
        drop(state);
        self.changed.notify_one();
        true
    }

    /// The jobs: the durable ones first, each group oldest first.
    pub fn list(&self) -> Vec<CronJob> {
        let jobs = lock(&self.state).jobs.clone();
        let (mut durable, session): (Vec<_>, Vec<_>) =
            jobs.into_iter().partition(|j| j.durable.is_some());
        durable.extend(session);
        durable
    }

    /// When the first job fires next.
    pub fn next_fire(&self) -> Option<f64> {
        lock(&self.state)
            .jobs
            .iter()
            .filter_map(CronJob::next_fire)
            .min_by(f64::total_cmp)
    }

    /// The jobs due at `now`, in the order they were made: a one-shot job is removed, a
    /// recurring one waits for its next time (and ends once 30 days old).
    pub fn take_due(&self, now: f64) -> Vec<DueJob> {
        let mut state = lock(&self.state);
        let mut due = Vec::new();
        let mut durable_changed = false;
        state.jobs.retain_mut(|job| {
            if !job.next_fire().is_some_and(|at| at <= now) {
                return true;
            }
            due.push(DueJob {
                id: job.id.clone(),
                prompt: job.prompt.clone(),
            });
            job.last_fired_at = Some(now);
            if let Some(record) = &mut job.durable {
                record.insert("lastFiredAt".into(), serde_json::json!(now as i64));
                durable_changed = true;
            }
            job.recurring && now - job.created_at < RECURRING_MAX_AGE_MS
        });
        if durable_changed {
            self.save(&state);
        }
        due
    }

    /// Resolves when a job is added or removed.
    pub async fn changed(&self) {
        self.changed.notified().await;
    }
}

/// Eight hex digits of a fresh random id.
fn uuid_prefix() -> String {
    format!("{:08x}", fastrand::u32(..))
}

/// Milliseconds since the epoch.
pub fn now_ms() -> f64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as f64)
        .unwrap_or(0.0)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn job(id: &str, cron: &str, recurring: bool, created_at: f64) -> CronJob {
        CronJob {
            id: id.into(),
            cron: cron.into(),
            prompt: "p".into(),
            created_at,
            recurring,
            last_fired_at: None,
            durable: None,
        }
    }

    #[test]
    fn every_five_minutes_fires_fifteen_seconds_before_its_period() {
        let now = now_ms();
        let j = job("ffffffff", "*/5 * * * *", true, now);
        assert_eq!(j.next_fire(), Some(now + 285_000.0));
    }

    #[test]
    fn a_recurring_job_is_shifted_by_half_its_period_at_most() {
        let now = now_ms();
        let first = CronExpr::parse("* * * * *")
            .unwrap()
            .next_after(now, false)
            .unwrap();
        assert_eq!(
            job("00000000", "* * * * *", true, now).next_fire(),
            Some(first)
        );
        assert_eq!(
            job("80000000", "* * * * *", true, now).next_fire(),
            Some(first + 15_000.0)
        );
    }

    #[test]
    fn one_shot_jobs_off_the_half_hour_fire_on_their_minute() {
        let now = now_ms();
        let at = CronExpr::parse("7 9 * * *")
            .unwrap()
            .next_after(now, true)
            .unwrap();
        assert_eq!(
            job("ffffffff", "7 9 * * *", false, now).next_fire(),
            Some(at)
        );
        let at = CronExpr::parse("0 9 * * *")
            .unwrap()
            .next_after(now, true)
            .unwrap();
        assert_eq!(
            job("80000000", "0 9 * * *", false, now).next_fire(),
            Some(at - 45_000.0)
        );
    }

    #[test]
    fn due_jobs_are_taken_once() {
        let jobs = CronJobs::default();
        // A one-shot job whose minute is :00 or :30 may fire up to 90 s early, at once when it
        // is made just before: start where the next two minutes are neither.
        let mut now = now_ms();
        while [60_000.0, 120_000.0].iter().any(|ahead| {
            expr::local_minute(now + ahead).is_some_and(|m| m % ONE_SHOT_MINUTE_MOD == 0)
        }) {
            now += 60_000.0;
        }
        let once = jobs.add("* * * * *", "once", false, now);
        let again = jobs.add("* * * * *", "again", true, now);
        assert!(jobs.take_due(now).is_empty());
        let later = now + 200_000.0;
        let due = jobs.take_due(later);
        assert_eq!(
            due.iter().map(|d| d.id.as_str()).collect::<Vec<_>>(),
            [once.as_str(), again.as_str()]
        );
        assert_eq!(jobs.list().len(), 1);
        assert_eq!(jobs.list()[0].last_fired_at, Some(later));
        assert!(jobs.take_due(later).is_empty());
    }
}

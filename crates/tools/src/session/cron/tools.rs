//! CronCreate, CronDelete and CronList: the model's side of [`CronJobs`].
//!
//! What the model reads, as the reference words it:
//!
//! ```text
//! CronCreate  Scheduled recurring job 1a2b3c4d (Every 5 minutes). Next run: Dec 3 6:08pm. Session-only (...). Auto-expires after 30 days. ...
//!             Scheduled one-shot task 1a2b3c4d (Weekdays at 9:00 AM). Next run: Dec 4 9:00am. Session-only (...). It will fire once then auto-delete.
//! CronList    1a2b3c4d — Every 5 minutes (recurring) [session-only], next run Dec 3 6:08pm: check the build
//!             No scheduled jobs.
//! CronDelete  Cancelled job 1a2b3c4d.
//! ```

use oxagent_core::tool::{ToolContext, ToolOutput};
use serde::Deserialize;
use serde_json::{json, Map, Value};

use super::expr::{human_schedule, show_time, CronExpr};
use super::{now_ms, CronJob, CronJobs, Maker, MAX_JOBS, RECURRING_MAX_AGE_MS};
use crate::results::{success, wrapped_error};

/// A fire time as the reference's JSON has it: a whole number when it is one.
fn time_value(ms: f64) -> Value {
    if ms.fract() == 0.0 {
        json!(ms as i64)
    } else {
        json!(ms)
    }
}
use crate::typed::TypedTool;

const SESSION_ONLY: &str = "Session-only (not written to disk, dies when Claude exits)";
const PERSISTED: &str = "Persisted to .claude/scheduled_tasks.json";
const NO_JOBS: &str = "No scheduled jobs.";

/// The input of CronCreate.
#[derive(Deserialize)]
pub struct CronCreateInput {
    cron: String,
    prompt: String,
    recurring: Option<bool>,
    durable: Option<bool>,
}

/// Schedules a prompt. See the module docs.
pub struct CronCreateTool {
    jobs: CronJobs,
}

impl CronCreateTool {
    pub fn new(jobs: CronJobs) -> Self {
        CronCreateTool { jobs }
    }
}

impl TypedTool for CronCreateTool {
    const NAME: &'static str = "CronCreate";
    const ALWAYS_ALLOWED: bool = true;
    const LABEL_FIELDS: &'static [&'static str] = &["cron"];
    type Input = CronCreateInput;

    fn description(&self) -> String {
        "Schedules a prompt to be given to you later in this session, once or repeatedly, by a \
         five-field cron expression in local time (minute hour day-of-month month day-of-week). \
         A recurring job (the default) runs at every match until CronDelete removes it or it is 30 days \
         old; `recurring: false` runs once at the next match and is then removed. Jobs run only \
         while the session is idle, each shifted by a small fixed offset (the result gives the \
         real next run time), and end with the session unless `durable`. Prefer minutes other than :00 and :30 \
         when the time asked for is approximate. Returns the job's id for CronDelete."
            .to_string()
    }

    fn input_schema() -> Value {
        json!({
            "type": "object",
            "properties": {
                "cron": {"type": "string", "description": "Five fields in local time: \"M H DoM Mon DoW\" (\"*/5 * * * *\" every five minutes, \"30 14 28 2 *\" on Feb 28 at 14:30)."},
                "prompt": {"type": "string", "description": "What you are given at each run."},
                "recurring": {"type": "boolean", "description": "true (default): run at every match until deleted or 30 days old. false: run once at the next match, then remove the job."},
                "durable": {"type": "boolean", "description": "true: also keep the job in the project's .claude/scheduled_tasks.json, so that later sessions of the project run it. false (default): the job ends with this session. Use true only when asked for a job that lasts."}
            },
            "required": ["cron", "prompt"],
            "additionalProperties": false
        })
    }

    async fn run(&self, input: CronCreateInput, ctx: &ToolContext) -> ToolOutput {
        let cron = input.cron;
        if CronExpr::parse(&cron).is_none() {
            return wrapped_error(format!(
                "Invalid cron expression '{cron}'. Expected 5 fields: M H DoM Mon DoW."
            ));
        }
        let now = now_ms();
        if CronExpr::parse(&cron)
            .and_then(|e| e.next_after(now, false))
            .is_none()
        {
            return wrapped_error(format!(
                "Cron expression '{cron}' does not match any calendar date in the next year."
            ));
        }
        if self.jobs.list().len() >= MAX_JOBS {
            return wrapped_error(format!(
                "Too many scheduled jobs (max {MAX_JOBS}). Cancel one first."
            ));
        }
        let recurring = input.recurring.unwrap_or(true);
        let durable = input.durable == Some(true) && self.jobs.can_persist();
        let maker = durable.then(|| Maker {
            session_id: &ctx.session_id,
            project: &ctx.cwd,
        });
        let id = self
            .jobs
            .add_job(&cron, &input.prompt, recurring, now, maker);
        let job = self.jobs.list().into_iter().find(|j| j.id == id);
        let next = job.as_ref().and_then(CronJob::next_fire);
        created(&id, &cron, recurring, durable, next)
    }
}

/// The answer of a CronCreate that scheduled job `id`.
fn created(id: &str, cron: &str, recurring: bool, durable: bool, next: Option<f64>) -> ToolOutput {
    let kept = if durable { PERSISTED } else { SESSION_ONLY };
    let human = human_schedule(cron);
    let next_text = next
        .map(|n| format!(" Next run: {}.", show_time(n)))
        .unwrap_or_default();
    let text = if recurring {
        format!("Scheduled recurring job {id} ({human}).{next_text} {kept}. Auto-expires after 30 days. Use CronDelete to cancel sooner.")
    } else {
        format!("Scheduled one-shot task {id} ({human}).{next_text} {kept}. It will fire once then auto-delete.")
    };
    let mut structured = Map::new();
    structured.insert("id".into(), json!(id));
    structured.insert("humanSchedule".into(), json!(human));
    structured.insert("recurring".into(), json!(recurring));
    structured.insert("durable".into(), json!(durable));
    if let Some(n) = next {
        structured.insert("nextFireAt".into(), time_value(n));
    }
    if recurring {
        structured.insert("maxAgeMs".into(), json!(RECURRING_MAX_AGE_MS as u64));
    }
    success(text, Value::Object(structured))
}

/// The input of CronDelete.
#[derive(Deserialize)]
pub struct CronDeleteInput {
    id: String,
}

/// Cancels a job. See the module docs.
pub struct CronDeleteTool {
    jobs: CronJobs,
}

impl CronDeleteTool {
    pub fn new(jobs: CronJobs) -> Self {
        CronDeleteTool { jobs }
    }
}

impl TypedTool for CronDeleteTool {
    const NAME: &'static str = "CronDelete";
    const ALWAYS_ALLOWED: bool = true;
    const LABEL_FIELDS: &'static [&'static str] = &["id"];
    type Input = CronDeleteInput;

    fn description(&self) -> String {
        "Deletes a job scheduled with CronCreate in this session, by its id.".to_string()
    }

    fn input_schema() -> Value {
        json!({
            "type": "object",
            "properties": {
                "id": {"type": "string", "description": "The id CronCreate answered with."}
            },
            "required": ["id"],
            "additionalProperties": false
        })
    }

    async fn run(&self, input: CronDeleteInput, _ctx: &ToolContext) -> ToolOutput {
        if !self.jobs.remove(&input.id) {
            return wrapped_error(format!("No scheduled job with id '{}'", input.id));
        }
        success(
            format!("Cancelled job {}.", input.id),
            json!({"id": input.id}),
        )
    }
}

/// Lists the jobs. See the module docs.
pub struct CronListTool {
    jobs: CronJobs,
}

impl CronListTool {
    pub fn new(jobs: CronJobs) -> Self {
        CronListTool { jobs }
    }
}

/// A prompt as a list line shows it: its first line, 80 characters at most.
fn short_prompt(prompt: &str) -> String {
    const WIDTH: usize = 80;
    let cut = |s: &str| -> String {
        let mut out: String = s.chars().take(WIDTH - 1).collect();
        out.push('…');
        out
    };
    if let Some((first, _)) = prompt.split_once('\n') {
        if first.chars().count() + 1 > WIDTH {
            return cut(first);
        }
        return format!("{first}…");
    }
    if prompt.chars().count() <= WIDTH {
        prompt.to_string()
    } else {
        cut(prompt)
    }
}

impl TypedTool for CronListTool {
    const NAME: &'static str = "CronList";
    const READ_ONLY: bool = true;
    const ALWAYS_ALLOWED: bool = true;
    type Input = Value;

    fn description(&self) -> String {
        "Shows the jobs scheduled with CronCreate in this session: id, schedule, next run and \
         prompt."
            .to_string()
    }

    fn input_schema() -> Value {
        json!({
            "type": "object",
            "properties": {},
            "additionalProperties": false
        })
    }

    async fn run(&self, _input: Value, _ctx: &ToolContext) -> ToolOutput {
        let now = now_ms();
        let jobs = self.jobs.list();
        if jobs.is_empty() {
            return success(NO_JOBS, json!({"jobs": []}));
        }
        let mut lines = Vec::new();
        let mut listed = Vec::new();
        for job in &jobs {
            let human = human_schedule(&job.cron);
            let next = job.next_fire().map(|n| n.max(now));
            let kind = if job.recurring {
                " (recurring)"
            } else {
                " (one-shot)"
            };
            let when = next
                .map(|n| format!(", next run {}", show_time(n)))
                .unwrap_or_default();
            let session_only = if job.durable.is_some() {
                ""
            } else {
                " [session-only]"
            };
            lines.push(format!(
                "{} \u{2014} {human}{kind}{session_only}{when}: {}",
                job.id,
                short_prompt(&job.prompt)
            ));
            let mut entry = Map::new();
            entry.insert("id".into(), json!(job.id));
            entry.insert("cron".into(), json!(job.cron));
            entry.insert("humanSchedule".into(), json!(human));
            entry.insert("prompt".into(), json!(job.prompt));
            if job.recurring {
                entry.insert("recurring".into(), json!(true));
            }
            if job.durable.is_none() {
                entry.insert("durable".into(), json!(false));
            }
            if let Some(n) = next {
                entry.insert("nextFireAt".into(), time_value(n));
            }
            listed.push(Value::Object(entry));
        }
        success(lines.join("\n"), json!({"jobs": listed}))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn long_and_multi_line_prompts_are_shortened() {
        assert_eq!(short_prompt("check"), "check");
        assert_eq!(short_prompt("one\ntwo"), "one…");
        let long = "x".repeat(90);
        assert_eq!(short_prompt(&long), format!("{}…", "x".repeat(79)));
    }

    #[test]
    fn a_created_job_is_worded_by_kind() {
        let out = created("1a2b3c4d", "0 9 * * 1-5", false, false, None);
        assert_eq!(
            out.content.as_text(),
            "Scheduled one-shot task 1a2b3c4d (Weekdays at 9:00 AM). Session-only (not written to disk, dies when Claude exits). It will fire once then auto-delete."
        );
        assert_eq!(
            out.structured,
            Some(
                json!({"id": "1a2b3c4d", "humanSchedule": "Weekdays at 9:00 AM", "recurring": false, "durable": false})
            )
        );
    }
}

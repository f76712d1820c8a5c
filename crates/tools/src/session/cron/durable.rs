//! The project's scheduled tasks file, `.claude/scheduled_tasks.json`: the durable jobs, as
//! the reference reads and writes it.
//!
//! ```text
//! {"tasks": [{"id", "cron", "prompt", "createdAt", "recurring"?, "maxAgeMs"?, "lastFiredAt"?,
//!             "createdBySessionId", "createdByPid", "createdByProcStart", "createdInProject",
//!             "createdUnderSignIn": "none"}]}
//! ```
//!
//! Records are kept as read (fields this module does not know stay); a file that does not
//! parse as a list of tasks is left alone and holds no jobs for the session.

use std::path::Path;

use serde_json::{json, Map, Value};

use super::expr::CronExpr;
use super::{CronJob, Maker, RECURRING_MAX_AGE_MS};

/// The record of a new durable job.
pub(super) fn record(job: &CronJob, maker: &Maker<'_>) -> Map<String, Value> {
    let mut r = Map::new();
    r.insert("id".into(), json!(job.id));
    r.insert("cron".into(), json!(job.cron));
    r.insert("prompt".into(), json!(job.prompt));
    r.insert("createdAt".into(), json!(job.created_at as i64));
    if job.recurring {
        r.insert("recurring".into(), json!(true));
        r.insert("maxAgeMs".into(), json!(RECURRING_MAX_AGE_MS as u64));
    }
    r.insert("createdBySessionId".into(), json!(maker.session_id));
    r.insert("createdByPid".into(), json!(std::process::id()));
    if let Some(start) = process_start() {
        r.insert("createdByProcStart".into(), json!(start));
    }
    r.insert(
        "createdInProject".into(),
        json!(maker.project.display().to_string()),
    );
    r.insert("createdUnderSignIn".into(), json!("none"));
    r
}

/// When this process started, in clock ticks since boot (`/proc/self/stat`, field 22).
fn process_start() -> Option<String> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The command name, in parentheses, may hold spaces: count from after it.
    let rest = &stat[stat.rfind(')')? + 2..];
    rest.split(' ').nth(19).map(str::to_string)
}

/// The durable jobs in `file`.
pub(super) fn read(file: &Path) -> Vec<CronJob> {
    let Ok(text) = std::fs::read_to_string(file) else {
        return Vec::new();
    };
    let Ok(Value::Object(doc)) = serde_json::from_str::<Value>(&text) else {
        return Vec::new();
    };
    let Some(Value::Array(tasks)) = doc.get("tasks") else {
        return Vec::new();
    };
    tasks
        .iter()
        .filter_map(|t| {
            let r = t.as_object()?;
            let job = CronJob {
                id: r.get("id")?.as_str()?.to_string(),
                cron: r.get("cron")?.as_str()?.to_string(),
                prompt: r.get("prompt")?.as_str()?.to_string(),
                created_at: r.get("createdAt")?.as_f64()?,
                recurring: r.get("recurring").and_then(Value::as_bool) == Some(true),
                last_fired_at: r.get("lastFiredAt").and_then(Value::as_f64),
                durable: Some(r.clone()),
            };
            CronExpr::parse(&job.cron).map(|_| job)
        })
        .collect()
}

/// Writes the durable ones of `jobs` to `file` (its folder made if need be).
pub(super) fn write(file: &Path, jobs: &[CronJob]) {
    let tasks: Vec<Value> = jobs
        .iter()
        .filter_map(|j| j.durable.clone().map(Value::Object))
        .collect();
    let Ok(text) = serde_json::to_string_pretty(&json!({ "tasks": tasks })) else {
        return;
    };
    if let Some(dir) = file.parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    let _ = std::fs::write(file, text + "\n");
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn records_are_written_and_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join(".claude/scheduled_tasks.json");
        let mut job = CronJob {
            id: "1a2b3c4d".into(),
            cron: "0 9 * * 1-5".into(),
            prompt: "standup".into(),
            created_at: 1_000.0,
            recurring: true,
            last_fired_at: None,
            durable: None,
        };
        let maker = Maker {
            session_id: "s-1",
            project: dir.path(),
        };
        job.durable = Some(record(&job, &maker));
        write(&file, std::slice::from_ref(&job));
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(text.starts_with("{\n  \"tasks\": [\n    {\n      \"id\": \"1a2b3c4d\",\n      \"cron\": \"0 9 * * 1-5\",\n      \"prompt\": \"standup\",\n      \"createdAt\": 1000,\n      \"recurring\": true,\n      \"maxAgeMs\": 2592000000,\n      \"createdBySessionId\": \"s-1\",\n"));
        assert!(text.ends_with("      \"createdUnderSignIn\": \"none\"\n    }\n  ]\n}\n"));
        assert_eq!(read(&file), vec![job]);
    }
}

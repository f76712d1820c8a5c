//! CronCreate, CronDelete, CronList, EnterWorktree, ExitWorktree and Monitor: the texts and
//! structures the model and the caller get, and what they do to the session and the disk.

use std::process::Command;

use oxagent_tools::TaskEvent;
use serde_json::{json, Value};

use crate::common::{text, Ws};

/// The `id` and `nextFireAt` of a result, which change with every run; the rest is checked.
fn without_volatile(mut v: Value) -> Value {
    if let Value::Object(m) = &mut v {
        m.remove("id");
        m.remove("nextFireAt");
    }
    v
}

#[tokio::test]
async fn cron_jobs_are_created_listed_and_deleted() {
    let w = Ws::new();
    let out = w
        .call(
            "CronCreate",
            json!({"cron": "*/10 * * * *", "prompt": "check the build"}),
        )
        .await;
    let created = out.structured.clone().unwrap();
    let id = created["id"].as_str().unwrap().to_string();
    assert_eq!(id.len(), 8);
    assert!(id.bytes().all(|b| b.is_ascii_hexdigit()));
    let said = text(&out);
    assert!(
        said.starts_with(&format!(
            "Scheduled recurring job {id} (Every 10 minutes). Next run: "
        )),
        "{said}"
    );
    assert!(said.ends_with(". Session-only (not written to disk, dies when Claude exits). Auto-expires after 30 days. Use CronDelete to cancel sooner."));
    assert_eq!(
        without_volatile(created),
        json!({"humanSchedule": "Every 10 minutes", "recurring": true, "durable": false, "maxAgeMs": 2_592_000_000u64})
    );

    let out = w
        .call(
            "CronCreate",
            json!({"cron": "7 9 * * 1-5", "prompt": "standup", "recurring": false}),
        )
        .await;
    assert!(text(&out).contains("(Weekdays at 9:07 AM). Next run: "));
    assert!(text(&out).ends_with("Session-only (not written to disk, dies when Claude exits). It will fire once then auto-delete."));
    let second = out.structured.unwrap()["id"].as_str().unwrap().to_string();

    let out = w.call("CronList", json!({})).await;
    let listed = text(&out);
    let lines: Vec<&str> = listed.lines().collect();
    assert_eq!(lines.len(), 2);
    assert!(lines[0].starts_with(&format!(
        "{id} \u{2014} Every 10 minutes (recurring) [session-only], next run "
    )));
    assert!(lines[0].ends_with(": check the build"));
    assert!(lines[1].starts_with(&format!(
        "{second} \u{2014} Weekdays at 9:07 AM (one-shot) [session-only], next run "
    )));
    let jobs: Vec<Value> = out.structured.unwrap()["jobs"]
        .as_array()
        .unwrap()
        .iter()
        .cloned()
        .map(without_volatile)
        .collect();
    assert_eq!(
        jobs,
        [
            json!({"cron": "*/10 * * * *", "humanSchedule": "Every 10 minutes", "prompt": "check the build", "recurring": true, "durable": false}),
            json!({"cron": "7 9 * * 1-5", "humanSchedule": "Weekdays at 9:07 AM", "prompt": "standup", "durable": false}),
        ]
    );

    let out = w.call("CronDelete", json!({"id": id})).await;
    assert_eq!(text(&out), format!("Cancelled job {id}."));
    assert_eq!(out.structured, Some(json!({"id": id})));
    assert_eq!(w.set.cron.list().len(), 1);
    let out = w.call("CronDelete", json!({"id": id})).await;
    assert_eq!(
        text(&out),
        format!("<tool_use_error>No scheduled job with id '{id}'</tool_use_error>")
    );
    assert_eq!(
        out.structured,
        Some(json!(format!("Error: No scheduled job with id '{id}'")))
    );
}

#[tokio::test]
async fn a_durable_job_is_kept_in_the_project_file() {
    let w = Ws::new();
    let out = w
        .call(
            "CronCreate",
            json!({"cron": "7 9 * * 1-5", "prompt": "standup", "durable": true}),
        )
        .await;
    assert!(text(&out)
        .contains(". Persisted to .claude/scheduled_tasks.json. Auto-expires after 30 days."));
    assert_eq!(out.structured.as_ref().unwrap()["durable"], json!(true));
    let id = out.structured.unwrap()["id"].as_str().unwrap().to_string();
    w.call("CronCreate", json!({"cron": "* * * * *", "prompt": "tick"}))
        .await;
    let file: Value = serde_json::from_str(&w.read(".claude/scheduled_tasks.json")).unwrap();
    let tasks = file["tasks"].as_array().unwrap();
    assert_eq!(tasks.len(), 1);
    assert_eq!(tasks[0]["id"], json!(id));
    assert_eq!(
        tasks[0]["createdInProject"],
        json!(w.ws.display().to_string())
    );
    assert_eq!(tasks[0]["createdUnderSignIn"], json!("none"));
    let out = w.call("CronList", json!({})).await;
    assert!(text(&out).starts_with(&format!(
        "{id} \u{2014} Weekdays at 9:07 AM (recurring), next run "
    )));
    // A later session of the project finds it.
    let again = oxagent_tools::session::cron::CronJobs::in_project(&w.ws);
    assert_eq!(again.list()[0].id, id);
    w.call("CronDelete", json!({"id": id})).await;
    assert_eq!(
        w.read(".claude/scheduled_tasks.json"),
        "{\n  \"tasks\": []\n}\n"
    );
}

#[tokio::test]
async fn bad_cron_expressions_are_refused() {
    let w = Ws::new();
    for (cron, error) in [
        (
            "bad cron",
            "Invalid cron expression 'bad cron'. Expected 5 fields: M H DoM Mon DoW.",
        ),
        (
            "0 9 * * MON",
            "Invalid cron expression '0 9 * * MON'. Expected 5 fields: M H DoM Mon DoW.",
        ),
        (
            "0 0 31 2 *",
            "Cron expression '0 0 31 2 *' does not match any calendar date in the next year.",
        ),
    ] {
        let out = w
            .call("CronCreate", json!({"cron": cron, "prompt": "x"}))
            .await;
        assert_eq!(
            text(&out),
            format!("<tool_use_error>{error}</tool_use_error>")
        );
        assert_eq!(out.is_error, Some(true));
    }
    let out = w.call("CronList", json!({})).await;
    assert_eq!(text(&out), "No scheduled jobs.");
    assert_eq!(out.structured, Some(json!({"jobs": []})));
}

#[tokio::test]
async fn fifty_jobs_at_most() {
    let w = Ws::new();
    for _ in 0..50 {
        w.call("CronCreate", json!({"cron": "* * * * *", "prompt": "x"}))
            .await;
    }
    let out = w
        .call("CronCreate", json!({"cron": "* * * * *", "prompt": "x"}))
        .await;
    assert_eq!(
        text(&out),
        "<tool_use_error>Too many scheduled jobs (max 50). Cancel one first.</tool_use_error>"
    );
}

fn git(dir: &std::path::Path, args: &[&str]) -> String {
    let out = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(args)
        .env("GIT_AUTHOR_DATE", "2020-01-01T00:00:00Z")
        .env("GIT_COMMITTER_DATE", "2020-01-01T00:00:00Z")
        .output()
        .unwrap();
    assert!(out.status.success(), "git {args:?}: {out:?}");
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

fn repo(w: &Ws) {
    w.file("a.txt", "A\n");
    git(&w.ws, &["init", "-q", "-b", "main"]);
    git(&w.ws, &["add", "-A"]);
    git(
        &w.ws,
        &[
            "-c",
            "user.name=t",
            "-c",
            "user.email=t@e",
            "-c",
            "commit.gpgsign=false",
            "commit",
            "-qm",
            "init",
        ],
    );
}

#[tokio::test]
async fn a_worktree_is_entered_kept_and_removed() {
    let w = Ws::new();
    let ws = w.ws.display().to_string();
    let out = w.call("EnterWorktree", json!({"name": "feat"})).await;
    assert_eq!(text(&out), "Cannot create a worktree: not in a git repository and no WorktreeCreate hooks are configured. Configure WorktreeCreate/WorktreeRemove hooks in settings.json to use worktree isolation with other VCS systems.");
    repo(&w);

    let out = w.call("EnterWorktree", json!({"name": "feat"})).await;
    let path = format!("{ws}/.claude/worktrees/feat");
    let message = format!("Created worktree at \u{201c}{path}\u{201d} on branch \u{201c}worktree-feat\u{201d}. The session is now working in the worktree. Use ExitWorktree to leave mid-session, or exit the session to be prompted.");
    assert_eq!(text(&out), message);
    assert_eq!(
        out.structured,
        Some(json!({"worktreePath": path, "worktreeBranch": "worktree-feat", "message": message}))
    );
    let out = w
        .call("Bash", json!({"command": "pwd; git branch --show-current"}))
        .await;
    assert_eq!(text(&out), format!("{path}\nworktree-feat"));
    let out = w.call("EnterWorktree", json!({"name": "two"})).await;
    assert_eq!(text(&out), "<tool_use_error>Already in a worktree session. Pass `path` to switch into another existing worktree, or use ExitWorktree to leave this one before creating a new worktree.</tool_use_error>");

    let out = w.call("ExitWorktree", json!({"action": "keep"})).await;
    let message = format!("Exited worktree. Your work is preserved at \u{201c}{path}\u{201d} on branch \u{201c}worktree-feat\u{201d}. Session is now back in \u{201c}{ws}\u{201d}.");
    assert_eq!(text(&out), message);
    assert_eq!(
        out.structured,
        Some(
            json!({"action": "keep", "originalCwd": ws, "worktreePath": path, "worktreeBranch": "worktree-feat", "restoredCwd": ws, "originalCwdMissing": false, "message": message})
        )
    );
    assert!(w.ws.join(".claude/worktrees/feat/a.txt").exists());
    let out = w.call("ExitWorktree", json!({"action": "keep"})).await;
    assert!(text(&out)
        .starts_with("<tool_use_error>No-op: there is no active EnterWorktree session to exit."));

    w.call("EnterWorktree", json!({"name": "gone"})).await;
    w.file(".claude/worktrees/gone/new.txt", "x\n");
    let out = w.call("ExitWorktree", json!({"action": "remove"})).await;
    assert_eq!(text(&out), "<tool_use_error>Worktree has 1 uncommitted file. Removing will discard this work permanently. Confirm with the user, then re-invoke with discard_changes: true \u{2014} or use action: \"keep\" to preserve the worktree.</tool_use_error>");
    let out = w
        .call(
            "ExitWorktree",
            json!({"action": "remove", "discard_changes": true}),
        )
        .await;
    let gone = format!("{ws}/.claude/worktrees/gone");
    assert_eq!(text(&out), format!("Exited and removed worktree at \u{201c}{gone}\u{201d}. Discarded 1 uncommitted file. Session is now back in \u{201c}{ws}\u{201d}."));
    assert_eq!(out.structured.as_ref().unwrap()["discardedFiles"], json!(1));
    assert!(!w.ws.join(".claude/worktrees/gone").exists());
    assert_eq!(git(&w.ws, &["branch", "--list", "worktree-gone"]), "");
    let out = w.call("Bash", json!({"command": "pwd"})).await;
    assert_eq!(text(&out), ws);
}

#[tokio::test]
async fn a_worktree_with_commits_of_its_own_is_removed_only_when_asked() {
    let w = Ws::new();
    repo(&w);
    let ws = w.ws.display().to_string();
    w.call("EnterWorktree", json!({"name": "work"})).await;
    let wt = w.ws.join(".claude/worktrees/work");
    std::fs::write(wt.join("c.txt"), "c\n").unwrap();
    git(&wt, &["add", "c.txt"]);
    git(
        &wt,
        &[
            "-c",
            "user.name=t",
            "-c",
            "user.email=t@e",
            "-c",
            "commit.gpgsign=false",
            "commit",
            "-qm",
            "c",
        ],
    );
    std::fs::write(wt.join("u.txt"), "u\n").unwrap();
    let out = w.call("ExitWorktree", json!({"action": "remove"})).await;
    assert_eq!(text(&out), "<tool_use_error>Worktree has 1 uncommitted file and 1 commit on \u{201c}worktree-work\u{201d}. Removing will discard this work permanently. Confirm with the user, then re-invoke with discard_changes: true \u{2014} or use action: \"keep\" to preserve the worktree.</tool_use_error>");
    let out = w
        .call(
            "ExitWorktree",
            json!({"action": "remove", "discard_changes": true}),
        )
        .await;
    assert_eq!(text(&out), format!("Exited and removed worktree at \u{201c}{ws}/.claude/worktrees/work\u{201d}. Discarded 1 commit and 1 uncommitted file. Session is now back in \u{201c}{ws}\u{201d}."));
    let done = out.structured.unwrap();
    assert_eq!(
        (
            done["discardedFiles"].clone(),
            done["discardedCommits"].clone()
        ),
        (json!(1), json!(1))
    );
    assert_eq!(git(&w.ws, &["branch", "--list", "worktree-work"]), "");
}

#[tokio::test]
async fn worktree_names_are_checked_before_the_call() {
    let w = Ws::new();
    let tool = w
        .set
        .tools
        .iter()
        .find(|t| t.name() == "EnterWorktree")
        .unwrap();
    assert_eq!(
        tool.input_issues(&json!({"name": "a", "path": "/tmp"})),
        [
            json!({"code": "custom", "path": [], "message": "Provide at most one of `name` or `path`, not both."})
        ]
    );
    assert_eq!(
        tool.input_issues(&json!({"name": "bad name!"})),
        [
            json!({"code": "custom", "message": "Invalid worktree name \"bad name!\": each \"/\"-separated segment must be non-empty and contain only letters, digits, dots, underscores, and dashes", "path": ["name"]})
        ]
    );
}

#[tokio::test]
async fn a_monitor_reports_each_line_and_its_end() {
    let mut w = Ws::new();
    let out = w
        .call(
            "Monitor",
            json!({"description": "ticks", "timeout_ms": 5000, "command": "echo one; echo oops >&2; sleep 0.6; echo two"}),
        )
        .await;
    let id = out.structured.as_ref().unwrap()["taskId"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(
        out.structured,
        Some(json!({"taskId": id, "timeoutMs": 5000, "persistent": false}))
    );
    assert_eq!(text(&out), format!("Monitor started (task {id}, expires in 5s unless the source ends first; you get one notice at expiry \u{2014} re-arm if you still need the watch). You will be notified on each event. Keep working \u{2014} do not poll or sleep. Events may arrive while you are waiting for the user \u{2014} an event is not their reply."));
    let Some(TaskEvent::Started(info)) = w.events.recv().await else {
        panic!("no start");
    };
    assert_eq!(info.description, "ticks");
    let Some(TaskEvent::Events(_, lines)) = w.events.recv().await else {
        panic!("no event");
    };
    assert_eq!(lines, ["one"]);
    let Some(TaskEvent::Finished(end)) = w.events.recv().await else {
        panic!("no end");
    };
    assert_eq!(end.events, ["two"]);
    assert_eq!(end.summary(), "Monitor \"ticks\" stream ended");
    // Only stdout makes events; the output file has both streams.
    let output = std::fs::read_to_string(&end.output_file).unwrap();
    let mut lines: Vec<&str> = output.lines().collect();
    lines.sort();
    assert_eq!(lines, ["one", "oops", "two"]);

    let out = w
        .call(
            "Monitor",
            json!({"description": "quiet", "timeout_ms": 60000, "command": "exit 3"}),
        )
        .await;
    assert!(text(&out).contains("expires in 1m unless"));
    let _ = w.events.recv().await;
    let Some(TaskEvent::Finished(end)) = w.events.recv().await else {
        panic!("no end");
    };
    assert_eq!(end.summary(), "Monitor \"quiet\" script failed (exit 3)");

    let out = w
        .call(
            "Monitor",
            json!({"description": "silent", "timeout_ms": 60000, "command": "echo err >&2"}),
        )
        .await;
    assert!(text(&out).starts_with("Monitor started"));
    let _ = w.events.recv().await;
    let Some(TaskEvent::Finished(end)) = w.events.recv().await else {
        panic!("no end");
    };
    assert!(end.events.is_empty());
    assert_eq!(
        end.summary(),
        "Monitor \"silent\" ended without producing output (exit 0)"
    );
}

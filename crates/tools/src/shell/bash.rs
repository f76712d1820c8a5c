//! The Bash tool: runs a command in a shell that keeps its working directory between calls.
//!
//! Each call is a fresh `bash -c` in its own process group, started in the directory the
//! previous call ended in (a `cd` carries over; exported variables do not, as in the
//! reference). stdout and stderr arrive as one stream; the model reads it with trailing blank
//! lines removed, `Exit code N` in front when the command failed, and
//! `(Bash completed with no output)` when there was nothing.
//!
//! A command still running at its `timeout` (default 2 minutes, at most 10) is moved to the
//! background when it has printed something, as the reference does: it keeps running, writing
//! to its output file, and the model is told the task id and where to read. One that printed
//! nothing is stopped (`Exit code 143`, "Command timed out after ..."). `run_in_background` starts it there directly.
//! An aborted call or a dropped future kills the command's whole process group.

use std::sync::Arc;
use std::time::Duration;

use oxagent_core::permission::evaluate::Prompt;
use oxagent_core::permission::{PermissionContext, ToolPermission};
use oxagent_core::rules::shell::{parse, Hazard};
use oxagent_core::tool::{ToolContext, ToolOutput};
use serde::Deserialize;
use serde_json::{json, Value};

use super::output::{self as shell_output, format_duration, Rendered};
use super::process::{self, RunFiles};
use super::tasks::{TaskEvent, TaskInfo, TaskStatus};
use super::{ShellState, DEFAULT_BACKGROUND_MS, MAX_BACKGROUND_MS};
use crate::permission_checks;
use crate::results::{plain_error, wrapped_error};
use crate::typed::{as_count, TypedTool};

/// The input of Bash, as its schema describes it.
#[derive(Deserialize)]
pub struct BashInput {
    command: String,
    timeout: Option<f64>,
    description: Option<String>,
    #[serde(default)]
    run_in_background: bool,
    #[serde(default, rename = "dangerouslyDisableSandbox")]
    disable_sandbox: bool,
}

/// Runs shell commands. See the module docs.
pub struct BashTool {
    shell: Arc<ShellState>,
    /// What the model has read, for the hint after a `sed -i` changed some of it.
    files: Option<crate::fs::file_state::FileState>,
}

/// How long a foreground command runs before it is shown as a task (`task_started` with
/// `is_backgrounded: false`), as the reference shows it: about three seconds.
const FOREGROUND_TASK_MS: u64 = 3000;

pub(crate) fn new_task_id() -> String {
    let chars: Vec<char> = "abcdefghijklmnopqrstuvwxyz0123456789".chars().collect();
    std::iter::once('b')
        .chain((0..8).map(|_| chars[fastrand::usize(..chars.len())]))
        .collect()
}

/// Whether every part of `command` is one that prints nothing when it works (`mkdir`, `cd` ...).
fn no_output_expected(command: &str) -> bool {
    const SILENT: &[&str] = &[
        "mv", "cp", "rm", "mkdir", "rmdir", "chmod", "chown", "chgrp", "touch", "ln", "cd",
        "export", "unset", "wait",
    ];
    // A line the shell reader cannot see through (`$(..)`, ...) may print anything; a
    // shell-set value in quotes (`touch " $?"`) changes nothing about that.
    let parsed = parse(command);
    let opaque = !matches!(
        parsed.hazard,
        None | Some(Hazard::QuotedVariable | Hazard::SpecialInQuotes)
    );
    // A command written after its redirection (`>/dev/null chmod ..`) is not recognized.
    let leading_redirect = |text: &str| {
        text.trim_start_matches(|c: char| c.is_ascii_digit())
            .starts_with(['<', '>', '&'])
    };
    !opaque
        && !parsed.commands.is_empty()
        && parsed.commands.iter().all(|c| {
            !leading_redirect(&c.text)
                && c.words
                    .first()
                    .is_some_and(|w| SILENT.contains(&w.as_str()))
        })
}

impl BashTool {
    pub fn new(shell: Arc<ShellState>) -> Self {
        BashTool { shell, files: None }
    }

    /// Tells the model when a command changed files it had read (`sed -i`).
    pub fn with_files(mut self, files: crate::fs::file_state::FileState) -> Self {
        self.files = Some(files);
        self
    }

    fn task_info(
        &self,
        id: &str,
        input: &BashInput,
        ctx: &ToolContext,
        files: &RunFiles,
    ) -> TaskInfo {
        TaskInfo {
            task_id: id.to_string(),
            command: input.command.clone(),
            description: input
                .description
                .clone()
                .unwrap_or_else(|| input.command.clone()),
            tool_use_id: ctx.tool_use_id.clone(),
            output_file: files.output.clone(),
            status: TaskStatus::Running,
            exit_code: None,
            stopped: false,
            monitor: false,
            events: Vec::new(),
            ws: false,
        }
    }

    /// A foreground command outlived its timeout: move it to the background (the reference's
    /// behaviour) or, when so configured, kill it.
    #[allow(clippy::too_many_arguments)]
    async fn on_timeout(
        &self,
        mut child: tokio::process::Child,
        mut guard: process::GroupGuard,
        files: RunFiles,
        id: &str,
        input: &BashInput,
        ctx: &ToolContext,
        timeout_ms: f64,
        quiet: bool,
    ) -> ToolOutput {
        let output = process::read_output(&files).await;
        // A command that printed nothing by its timeout is stopped, not kept in the background.
        if shell_output::with_newline(&output).is_empty() {
            guard.kill();
            let _ = child.wait().await;
            process::remove(&files);
            return plain_error(format!(
                "Exit code 143\nCommand timed out after {}",
                format_duration(timeout_ms, false)
            ));
        }
        if self.shell.kill_on_timeout {
            guard.kill();
            let _ = child.wait().await;
            process::remove(&files);
            let shown = shell_output::with_newline(&output);
            return plain_error(format!(
                "{shown}Command timed out after {}",
                format_duration(timeout_ms, false)
            ));
        }
        let output_file = self.adopt(child, guard, files, id, input, ctx);
        shell_output::timed_out(&output, id, &output_file, timeout_ms, quiet)
    }

    /// Hands a running command to the background tasks, where it goes on as if started
    /// there; the file its output goes to.
    fn adopt(
        &self,
        child: tokio::process::Child,
        guard: process::GroupGuard,
        files: RunFiles,
        id: &str,
        input: &BashInput,
        ctx: &ToolContext,
    ) -> std::path::PathBuf {
        let info = self.task_info(id, input, ctx, &files);
        let output_file = files.output.clone();
        self.shell.tasks.adopt(
            info,
            child,
            guard,
            files,
            Duration::from_millis(DEFAULT_BACKGROUND_MS),
        );
        output_file
    }
}

impl TypedTool for BashTool {
    fn render_output(&self, output: &Value) -> Option<oxagent_core::tool::ToolOutput> {
        crate::hook_output::bash(output)
    }

    const NAME: &'static str = "Bash";
    const LABEL_FIELDS: &'static [&'static str] = &["description", "command"];
    type Input = BashInput;

    fn description(&self) -> String {
        "Runs a shell command (bash) and returns its combined stdout and stderr. The working \
         directory carries over between calls (`cd` persists); environment variables do not. \
         `timeout` is in milliseconds (default 120000, at most 600000); a command still running \
         then continues in the background. Set `run_in_background` for long-running commands and \
         read their output file with Read later; stop them with TaskStop. Give a short \
         `description` of what the command does. Prefer Read, Edit, Glob and Grep over cat, sed, \
         find and grep."
            .to_string()
    }

    fn input_schema() -> Value {
        json!({
            "type": "object",
            "properties": {
                "command": {"type": "string", "description": "The command to run."},
                "timeout": {"type": "number", "description": "Timeout in milliseconds (at most 600000)."},
                "description": {"type": "string", "description": "What the command does, in 5-10 words."},
                "run_in_background": {"type": "boolean", "description": "Run the command as a background task."},
                "dangerouslyDisableSandbox": {"type": "boolean", "description": "Run this command outside the sandbox (the user is asked first)."}
            },
            "required": ["command"],
            "additionalProperties": false
        })
    }

    fn own_schema(&self) -> Option<Value> {
        if !self.shell.no_background {
            return None;
        }
        let mut schema = Self::input_schema();
        if let Some(p) = schema["properties"].as_object_mut() {
            p.remove("run_in_background");
        }
        Some(schema)
    }

    fn is_read_only(&self, input: &Value) -> bool {
        input
            .get("command")
            .and_then(Value::as_str)
            .is_some_and(permission_checks::bash::is_read_only)
    }

    fn safety_check(&self, input: &Value, ctx: &PermissionContext) -> Option<Prompt> {
        let command = input.get("command").and_then(Value::as_str)?;
        permission_checks::removals::check(command, &self.shell.cwd(&ctx.cwd), ctx)
    }

    fn must_ask(&self, input: &Value) -> Option<Prompt> {
        // Leaving the sandbox is the user's call, whatever the command and the allow rules.
        let leaves = input.get("dangerouslyDisableSandbox") == Some(&Value::Bool(true));
        let allowed = self
            .shell
            .sandbox
            .as_ref()
            .is_some_and(|s| s.allow_unsandboxed);
        (leaves && allowed).then(|| Prompt {
            message: "Run outside of the sandbox".into(),
            reason_type: Some("sandboxOverride".into()),
            ..Prompt::default()
        })
    }

    fn check_permission(&self, input: &Value, ctx: &PermissionContext) -> ToolPermission {
        match input.get("command").and_then(Value::as_str) {
            Some(command) => permission_checks::check_bash(command, &self.shell.cwd(&ctx.cwd), ctx),
            None => ToolPermission::Allow,
        }
    }

    async fn run(&self, input: BashInput, ctx: &ToolContext) -> ToolOutput {
        let id = new_task_id();
        if let Some(user) = self.shell.run_as {
            if let Err(e) = self.shell.hand_over(ctx, user) {
                return wrapped_error(format!("Failed to start the shell: {e}"));
            }
        }
        let files = RunFiles::new(&self.shell.tasks_dir(ctx), &id);
        let cwd = self.shell.cwd(&ctx.cwd);
        let sandbox = self
            .shell
            .sandbox
            .as_ref()
            .filter(|s| !s.runs_outside(&input.command, input.disable_sandbox));
        let network = sandbox.and_then(|s| s.network.as_ref());
        let net = match network.map(|n| n.run(&id, &self.shell.task_root)) {
            Some(Err(e)) => return wrapped_error(format!("Failed to start the shell: {e}")),
            Some(Ok(net)) => Some(net),
            None => None,
        };
        // What git sees the command change is looked at before it runs (`bashEditDiff`), in
        // bypassPermissions only: the reference records it in no other mode (edges/bd_*).
        let bypass = ctx.permission_mode == oxagent_core::PermissionMode::BypassPermissions;
        let edit_diff = if input.run_in_background || !bypass {
            None
        } else {
            let read_only = permission_checks::bash::is_read_only(&input.command);
            Some(self.shell.work_tree.before(&cwd, &ctx.env, read_only).await)
        };
        let jail = sandbox.map(|sandbox| process::Jail {
            sandbox,
            tmp: self.shell.task_root.as_path(),
            net: net.as_ref(),
        });
        let (mut child, mut guard) = match process::spawn(
            &self.shell.shell,
            &input.command,
            &cwd,
            &ctx.env,
            &files,
            self.shell.run_as,
            jail,
        ) {
            Ok(started) => started,
            Err(e) => return wrapped_error(format!("Failed to start the shell: {e}")),
        };
        let quiet = no_output_expected(&input.command);
        let requested = as_count(input.timeout).map(|t| t as u64);

        if input.run_in_background {
            let max = requested
                .unwrap_or(DEFAULT_BACKGROUND_MS)
                .min(MAX_BACKGROUND_MS);
            let info = self.task_info(&id, &input, ctx, &files);
            self.shell.tasks.adopt(
                info,
                child,
                guard,
                files.clone(),
                Duration::from_millis(max),
            );
            return shell_output::backgrounded(&id, &files.output);
        }

        let timeout_ms = super::timeouts::requested(input.timeout, &ctx.env);
        enum Outcome {
            Exited(std::io::Result<std::process::ExitStatus>),
            TimedOut,
            Aborted,
            SentToBackground,
        }
        let mut to_background = self.shell.running_in_foreground(&ctx.tool_use_id);
        let timeout = tokio::time::sleep(super::timeouts::armed(timeout_ms));
        tokio::pin!(timeout);
        // A command still running after a while is shown as a task until it ends.
        let long = tokio::time::sleep(Duration::from_millis(FOREGROUND_TASK_MS));
        tokio::pin!(long);
        let mut shown_as_task = None;
        let outcome = loop {
            tokio::select! {
                status = child.wait() => break Outcome::Exited(status),
                _ = &mut timeout => break Outcome::TimedOut,
                _ = ctx.abort.aborted() => break Outcome::Aborted,
                Ok(()) = &mut to_background => break Outcome::SentToBackground,
                _ = &mut long, if shown_as_task.is_none() => {
                    let info = self.task_info(&id, &input, ctx, &files);
                    self.shell.tasks.announce(TaskEvent::ForegroundStarted(info.clone()));
                    shown_as_task = Some(info);
                }
            }
        };
        self.shell.done_in_foreground(&ctx.tool_use_id);
        if let (Some(mut info), Outcome::Exited(Ok(status))) = (shown_as_task, &outcome) {
            info.exit_code = status.code();
            info.status = if status.success() {
                TaskStatus::Completed
            } else {
                TaskStatus::Failed
            };
            self.shell
                .tasks
                .announce(TaskEvent::ForegroundFinished(info));
        }
        let status = match outcome {
            // The host moved it to the background: it goes on as a task, as if started there.
            Outcome::SentToBackground => {
                let output_file = self.adopt(child, guard, files, &id, &input, ctx);
                return shell_output::backgrounded(&id, &output_file);
            }
            Outcome::Exited(status) => status,
            Outcome::Aborted => {
                guard.kill();
                let _ = child.wait().await;
                let output = process::read_output(&files).await;
                process::remove(&files);
                return shell_output::interrupted(&output);
            }
            Outcome::TimedOut => {
                return self
                    .on_timeout(child, guard, files, &id, &input, ctx, timeout_ms, quiet)
                    .await
            }
        };
        // The command is done; anything it deliberately left running (`cmd &`) stays.
        guard.finish();
        let code = match status {
            Ok(s) => s.code().unwrap_or_else(|| {
                128 + std::os::unix::process::ExitStatusExt::signal(&s).unwrap_or(0)
            }),
            Err(e) => return wrapped_error(format!("Failed to wait for the command: {e}")),
        };
        let output = process::read_output_bytes(&files).await;
        let mut notes = String::new();
        // A command that ends where it started leaves the shell alone: a read-only one that
        // ran beside a `cd` does not move it back.
        // `CLAUDE_BASH_MAINTAIN_PROJECT_WORKING_DIR`: every command starts in the project's
        // directory, without a note (probe ev_maintain_dir).
        let maintain =
            oxagent_core::env_var::flag(&ctx.env, "CLAUDE_BASH_MAINTAIN_PROJECT_WORKING_DIR");
        if maintain {
            self.shell.set_cwd(ctx.cwd.clone());
        } else if let Some(dir) = process::ended_in(&files).filter(|d| *d != cwd) {
            let inside = std::iter::once(&ctx.cwd)
                .chain(&ctx.additional_directories)
                .any(|d| dir.starts_with(d));
            if inside {
                self.shell.set_cwd(dir);
            } else {
                // Leaving the working directories is not kept, as in the reference.
                self.shell.set_cwd(ctx.cwd.clone());
                notes = format!("Shell cwd was reset to {}", ctx.cwd.display());
            }
        }
        process::remove(&files);
        let results_dir = self
            .shell
            .results_root
            .join(crate::paths::sanitize(&ctx.cwd))
            .join(&ctx.session_id)
            .join("tool-results");
        let limit = self
            .shell
            .output_chars
            .unwrap_or_else(|| super::large_output::bash_output_limit(&ctx.env));
        let rendered = Rendered::with_limit(&output, &notes, quiet, limit);
        let meaning = super::exit_codes::meaning(&input.command, code);
        let violations = network.map(|n| n.take_violations(&id)).unwrap_or_default();
        let mut out = shell_output::finished(
            rendered,
            code,
            meaning,
            &results_dir,
            &ctx.tool_use_id,
            &violations,
        )
        .await;
        // What this agent has seen (each subagent has its own record).
        let files = self.files.as_ref().map(|f| f.of(ctx.agent_id.as_deref()));
        let stale = files
            .as_ref()
            .and_then(|f| super::stale_reads::hint(&input.command, &cwd, &ctx.cwd, f));
        if let Some(hint) = stale {
            shell_output::add_stale_hint(&mut out, hint);
        }
        let diff = match edit_diff {
            Some(plan) => {
                let diff = plan.after(&ctx.env, code == 0).await;
                self.shell.work_tree.finished(&cwd);
                diff
            }
            None => None,
        };
        if let Some(diff) = diff.or_else(|| super::edit_diff::skipped(&input.command, &cwd)) {
            if let Some(Value::Object(fields)) = out.structured.as_mut() {
                fields.insert("bashEditDiff".into(), diff);
            }
        }
        if let Some(f) = files.as_ref() {
            super::shown_reads::record(&input.command, &cwd, &output, f);
        }
        // A call that asked to leave the sandbox says so in its result.
        if input.disable_sandbox && self.shell.sandbox.is_some() {
            if let Some(Value::Object(fields)) = out.structured.as_mut() {
                fields.insert("dangerouslyDisableSandbox".into(), Value::Bool(true));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn silent_commands_are_recognized() {
        assert!(no_output_expected("mkdir newdir"));
        assert!(no_output_expected("cd sub && touch x"));
        assert!(!no_output_expected("cd sub && export FOO=bar && pwd"));
        assert!(!no_output_expected("true"));
        assert!(!no_output_expected("echo hi > b.txt"));
    }

    #[test]
    fn task_ids_are_short_and_prefixed() {
        let id = new_task_id();
        assert_eq!(id.len(), 9);
        assert!(id.starts_with('b'));
    }
}

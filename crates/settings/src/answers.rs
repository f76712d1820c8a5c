//! Control requests a session answers from its settings files instead of forwarding them
//! to the caller: `hook_callback` for the settings files' shell-command hooks (ids
//! `settings_<n>`), and `persist_permissions` (a can_use_tool `updatedPermissions` entry
//! whose destination is a settings file; see `permission_updates`).
//!
//! A command hook gets the hook input JSON on stdin, runs with the session's cwd and
//! environment (plus `CLAUDE_PROJECT_DIR`), and answers as Claude Code documents:
//! exit 0 with JSON stdout is a hook output like a callback's (plain stdout is extra context
//! for UserPromptSubmit and SessionStart, ignored otherwise); exit 2 is a blocking error
//! whose stderr reaches the model (PreToolUse: the call is denied; other events:
//! `decision: "block"`); any other exit is a non-blocking error and changes nothing. The
//! loop's per-matcher timeout drops the future, which kills the child.
//!
//! ```no_run
//! # use std::collections::BTreeMap;
//! # use std::path::Path;
//! # let (cwd, home, env) = (Path::new("/work"), Path::new("/home/me"), BTreeMap::new());
//! use oxagent_settings::{Settings, SettingsAnswers};
//! let settings = Settings::load(cwd, home, None, None);
//! let answers: SettingsAnswers = settings.answers(cwd, home, std::sync::Arc::new(env));
//! // The session's host asks `answers` (an `oxagent_core::host::LocalAnswers`) first.
//! ```

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::Arc;

use futures::future::BoxFuture;
use oxagent_core::config::RunAs;
use oxagent_core::host::LocalAnswers;
use oxagent_core::protocol::hook::{CommandRun, HookOutput};
use oxagent_core::protocol::{ControlRequest, ControlResponse};
use serde_json::{json, Value};
use tokio::io::AsyncWriteExt;

use crate::files::CommandHook;
use crate::permission_updates::persist;
use crate::Settings;

/// Answers the settings files' command hooks and writes permission updates to the files.
#[derive(Debug, Clone, Default)]
pub struct SettingsAnswers {
    commands: Vec<CommandHook>,
    cwd: PathBuf,
    home: PathBuf,
    /// Shared with the session (the whole process environment: about 1.6 KB a copy).
    env: Arc<BTreeMap<String, String>>,
    run_as: Option<RunAs>,
}

impl Settings {
    /// What answers these settings' hooks for a session in `cwd`, whose settings files
    /// for `userSettings` live under `home`, with environment `env` (the commands' own).
    pub fn answers(
        &self,
        cwd: &Path,
        home: &Path,
        env: Arc<BTreeMap<String, String>>,
    ) -> SettingsAnswers {
        SettingsAnswers {
            commands: self.commands.clone(),
            cwd: cwd.to_path_buf(),
            home: home.to_path_buf(),
            env,
            run_as: None,
        }
    }
}

impl SettingsAnswers {
    /// The hook commands run as `user` (none: this process's user).
    pub fn run_as(mut self, user: Option<RunAs>) -> Self {
        self.run_as = user;
        self
    }
}

impl LocalAnswers for SettingsAnswers {
    fn answer(
        &self,
        request: &ControlRequest,
    ) -> Option<BoxFuture<'static, Result<ControlResponse, String>>> {
        match request {
            ControlRequest::HookCallback(call) => {
                let hook = self
                    .commands
                    .iter()
                    .find(|c| c.id == call.callback_id)?
                    .clone();
                let input = serde_json::to_value(&call.input).unwrap_or(Value::Null);
                let (cwd, env, run_as) = (self.cwd.clone(), self.env.clone(), self.run_as);
                Some(Box::pin(async move {
                    run_command(&hook, &input, &cwd, &env, run_as)
                        .await
                        .map(|h| ControlResponse::Hook(Box::new(h)))
                }))
            }
            ControlRequest::PersistPermissions { update } => {
                let update = serde_json::to_value(update).unwrap_or(Value::Null);
                let result = persist(&update, &self.cwd, &self.home);
                Some(Box::pin(
                    async move { result.map(|()| ControlResponse::Done) },
                ))
            }
            _ => None,
        }
    }
}

async fn run_command(
    hook: &CommandHook,
    input: &Value,
    cwd: &Path,
    env: &BTreeMap<String, String>,
    run_as: Option<RunAs>,
) -> Result<HookOutput, String> {
    let mut command = tokio::process::Command::new("sh");
    if let Some(user) = run_as {
        command.uid(user.uid).gid(user.gid);
    }
    command
        .arg("-c")
        .arg(&hook.command)
        .current_dir(cwd)
        .env_clear()
        .envs(env)
        .env("CLAUDE_PROJECT_DIR", cwd);
    for name in oxagent_core::env_var::scrubbed(env) {
        command.env_remove(name);
    }
    if let Some(root) = &hook.plugin_root {
        command.env("CLAUDE_PLUGIN_ROOT", root);
    }
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .map_err(|e| format!("hook command could not start: {e}"))?;
    if let Some(mut stdin) = child.stdin.take() {
        // A hook that does not read its input closes the pipe early; that is not an error.
        let _ = stdin.write_all(input.to_string().as_bytes()).await;
        let _ = stdin.shutdown().await;
    }
    let out = child
        .wait_with_output()
        .await
        .map_err(|e| format!("hook command failed: {e}"))?;
    let raw_stdout = String::from_utf8_lossy(&out.stdout);
    let stdout = raw_stdout.trim().to_string();
    let raw_stderr = String::from_utf8_lossy(&out.stderr);
    let event = input
        .get("hook_event_name")
        .and_then(Value::as_str)
        .unwrap_or("");
    let refusal = Refusal {
        command: &hook.command,
        stderr: &raw_stderr,
        plugin: hook.plugin_name.as_deref(),
    };
    let answer = interpret(event, out.status.code(), &stdout, &refusal);
    let mut answer = HookOutput::from_value(answer)?;
    // How the command ran, for the session's `hook_response` messages: its output as
    // written, final newline included (vk_he_settings_hook).
    answer.command_run = Some(CommandRun {
        stdout: raw_stdout.into_owned(),
        stderr: raw_stderr.into_owned(),
        exit_code: out.status.code(),
        ..CommandRun::default()
    });
    Ok(answer)
}

/// What a command that exits 2 refuses with: its command line, its stderr as written, and
/// the plugin it comes from.
struct Refusal<'a> {
    command: &'a str,
    stderr: &'a str,
    plugin: Option<&'a str>,
}

impl Refusal<'_> {
    /// `[command]: stderr` (stderr as written), then the plugin's name on a line of its own.
    fn reason(&self) -> String {
        let detail = if self.stderr.trim().is_empty() {
            "No stderr output"
        } else {
            self.stderr
        };
        let mut reason = format!("[{}]: {detail}", self.command);
        if let Some(plugin) = self.plugin {
            reason.push_str(&format!(
                "\nThis hook comes from the {plugin}@inline plugin."
            ));
        }
        reason
    }
}

/// Turns a command's exit code and output into a hook output object.
fn interpret(event: &str, code: Option<i32>, stdout: &str, refusal: &Refusal<'_>) -> Value {
    match code {
        Some(0) => match serde_json::from_str::<Value>(stdout) {
            Ok(v @ Value::Object(_)) => v,
            _ if !stdout.is_empty() && matches!(event, "UserPromptSubmit" | "SessionStart") => {
                json!({"hookSpecificOutput": {"hookEventName": event, "additionalContext": stdout}})
            }
            _ => json!({}),
        },
        Some(2) => {
            let reason = refusal.reason();
            if event == "PreToolUse" {
                json!({"hookSpecificOutput": {"hookEventName": event,
                    "permissionDecision": "deny", "permissionDecisionReason": reason}})
            } else {
                json!({"decision": "block", "reason": reason})
            }
        }
        _ => json!({}),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use oxagent_core::protocol::control::HookCallback;
    use oxagent_core::protocol::hook::{HookEvent, HookInput};

    #[tokio::test]
    async fn runs_the_settings_commands_only() {
        let dir = tempfile::tempdir().unwrap();
        let hooks = r#"{"hooks": {"Stop": [{"hooks": [
            {"type": "command", "command": "cat >/dev/null; echo nope >&2; exit 2"}]}]}}"#;
        let settings = Settings::load(dir.path(), dir.path(), Some(&[]), Some(hooks));
        let env: BTreeMap<String, String> = std::env::vars().collect();
        let answers = settings.answers(dir.path(), dir.path(), Arc::new(env));
        let stop = HookEvent::Stop {
            stop_hook_active: false,
            last_assistant_message: String::new(),
            background_tasks: Vec::new(),
            session_crons: Vec::new(),
        };
        let call = |id: &str| {
            ControlRequest::HookCallback(HookCallback {
                callback_id: id.into(),
                input: HookInput::new("s", "/", stop.clone()),
                tool_use_id: None,
            })
        };
        assert!(answers.answer(&call("caller_0")).is_none());
        let out = match answers.answer(&call("settings_0")).unwrap().await {
            Ok(ControlResponse::Hook(out)) => out,
            other => panic!("not a hook output: {other:?}"),
        };
        assert_eq!(out.decision.as_deref(), Some("block"));
        assert_eq!(
            out.reason.as_deref(),
            Some("[cat >/dev/null; echo nope >&2; exit 2]: nope\n")
        );
        assert_eq!(out.command_run.and_then(|r| r.exit_code), Some(2));
    }

    fn said(stderr: &str) -> Refusal<'_> {
        Refusal {
            command: "c",
            stderr,
            plugin: None,
        }
    }

    #[test]
    fn exit_codes() {
        assert_eq!(interpret("PostToolUse", Some(0), "", &said("")), json!({}));
        assert_eq!(
            interpret(
                "Stop",
                Some(0),
                r#"{"decision":"block","reason":"x"}"#,
                &said("")
            ),
            json!({"decision": "block", "reason": "x"})
        );
        assert_eq!(
            interpret("UserPromptSubmit", Some(0), "ctx", &said(""))["hookSpecificOutput"]
                ["additionalContext"],
            "ctx"
        );
        let deny = interpret("PreToolUse", Some(2), "", &said("nope\n"));
        assert_eq!(deny["hookSpecificOutput"]["permissionDecision"], "deny");
        // The stderr as written, final newline included.
        assert_eq!(
            deny["hookSpecificOutput"]["permissionDecisionReason"],
            "[c]: nope\n"
        );
        assert_eq!(
            interpret("Stop", Some(2), "", &said(""))["decision"],
            "block"
        );
        assert_eq!(
            interpret("Stop", Some(2), "", &said(" \n"))["reason"],
            "[c]: No stderr output"
        );
        assert_eq!(
            interpret("PreToolUse", Some(1), "{}", &said("e")),
            json!({})
        );
        assert_eq!(interpret("PreToolUse", None, "", &said("")), json!({}));
    }

    #[test]
    fn a_plugin_hook_names_its_plugin() {
        let refusal = Refusal {
            command: "exit 2",
            stderr: "",
            plugin: Some("gate"),
        };
        assert_eq!(
            refusal.reason(),
            "[exit 2]: No stderr output\nThis hook comes from the gate@inline plugin."
        );
    }
}

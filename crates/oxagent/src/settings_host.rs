//! Control requests the facade answers itself instead of forwarding them to the caller:
//! `hook_callback` for the shell-command hooks of settings files (ids `settings_<n>`), and
//! `persist_permissions` (a can_use_tool `updatedPermissions` entry whose destination is a
//! settings file).
//!
//! A command hook gets the hook input JSON on stdin, runs with the session's cwd and
//! environment (plus `CLAUDE_PROJECT_DIR`), and answers as Claude Code documents:
//! exit 0 with JSON stdout is a hook output like a callback's (plain stdout is extra context
//! for UserPromptSubmit and SessionStart, ignored otherwise); exit 2 is a blocking error
//! whose stderr reaches the model (PreToolUse: the call is denied; other events:
//! `decision: "block"`); any other exit is a non-blocking error and changes nothing. The
//! loop's per-matcher timeout drops the future, which kills the child.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Stdio;

use futures::future::BoxFuture;
use oxagent_core::host::LocalAnswers;
use oxagent_core::protocol::hook::{CommandRun, HookOutput};
use oxagent_core::protocol::{ControlRequest, ControlResponse};
use oxagent_core::rules::{PermissionRule, RuleSource};
use serde_json::{json, Map, Value};
use tokio::io::AsyncWriteExt;

use crate::settings::{file_of, CommandHook};

/// What the facade answers locally.
#[derive(Debug, Clone, Default)]
pub(crate) struct LocalHost {
    pub commands: Vec<CommandHook>,
    pub cwd: PathBuf,
    pub home: PathBuf,
    pub env: BTreeMap<String, String>,
}

impl LocalAnswers for LocalHost {
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
                let (cwd, env) = (self.cwd.clone(), self.env.clone());
                Some(Box::pin(async move {
                    run_command(&hook, &input, &cwd, &env)
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
) -> Result<HookOutput, String> {
    let mut child = tokio::process::Command::new("sh")
        .arg("-c")
        .arg(&hook.command)
        .current_dir(cwd)
        .env_clear()
        .envs(env)
        .env("CLAUDE_PROJECT_DIR", cwd)
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
    let stdout = String::from_utf8_lossy(&out.stdout).trim().to_string();
    let stderr = String::from_utf8_lossy(&out.stderr).trim().to_string();
    let event = input
        .get("hook_event_name")
        .and_then(Value::as_str)
        .unwrap_or("");
    let answer = interpret(event, &hook.command, out.status.code(), &stdout, &stderr);
    let mut answer = HookOutput::from_value(answer)?;
    // How the command ran, for the session's `hook_response` messages.
    answer.command_run = Some(CommandRun {
        stdout,
        stderr,
        exit_code: out.status.code(),
    });
    Ok(answer)
}

/// Turns a command's exit code and output into a hook output object.
pub(crate) fn interpret(
    event: &str,
    command: &str,
    code: Option<i32>,
    stdout: &str,
    stderr: &str,
) -> Value {
    match code {
        Some(0) => match serde_json::from_str::<Value>(stdout) {
            Ok(v @ Value::Object(_)) => v,
            _ if !stdout.is_empty() && matches!(event, "UserPromptSubmit" | "SessionStart") => {
                json!({"hookSpecificOutput": {"hookEventName": event, "additionalContext": stdout}})
            }
            _ => json!({}),
        },
        Some(2) => {
            let detail = if stderr.is_empty() {
                "No stderr output"
            } else {
                stderr
            };
            let reason = format!("[{command}]: {detail}");
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

/// Writes one PermissionUpdate into the settings file its destination names.
pub(crate) fn persist(update: &Value, cwd: &Path, home: &Path) -> Result<(), String> {
    let Some(source) = update
        .get("destination")
        .and_then(Value::as_str)
        .and_then(RuleSource::parse)
    else {
        return Err("persist_permissions: no settings destination".into());
    };
    let Some(path) = file_of(source, cwd, home) else {
        return Err("persist_permissions: the destination is not a settings file".into());
    };
    let mut doc = match std::fs::read_to_string(&path) {
        Ok(text) => match serde_json::from_str::<Value>(&text) {
            Ok(Value::Object(m)) => m,
            // Never overwrite a file we cannot read back.
            _ => return Err(format!("{} is not a JSON object", path.display())),
        },
        Err(_) => Map::new(),
    };
    edit(&mut doc, update);
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let text = serde_json::to_string_pretty(&Value::Object(doc)).map_err(|e| e.to_string())?;
    std::fs::write(&path, format!("{text}\n")).map_err(|e| format!("{}: {e}", path.display()))
}

fn edit(doc: &mut Map<String, Value>, update: &Value) {
    let perms = doc
        .entry("permissions")
        .or_insert_with(|| Value::Object(Map::new()));
    if !perms.is_object() {
        *perms = Value::Object(Map::new());
    }
    let Value::Object(perms) = perms else { return };
    let strings = |key: &str| -> Vec<String> {
        update
            .get(key)
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|v| match key {
                "rules" => PermissionRule::from_wire(v).map(|r| r.to_rule_string()),
                _ => v.as_str().map(str::to_string),
            })
            .collect()
    };
    let behavior = update
        .get("behavior")
        .and_then(Value::as_str)
        .filter(|b| matches!(*b, "allow" | "deny" | "ask"));
    match (update.get("type").and_then(Value::as_str), behavior) {
        (Some("addRules"), Some(b)) => add_all(perms, b, strings("rules")),
        (Some("replaceRules"), Some(b)) => {
            perms.insert(b.to_string(), json!(strings("rules")));
        }
        (Some("removeRules"), Some(b)) => remove_all(perms, b, &strings("rules")),
        (Some("setMode"), _) => {
            if let Some(mode) = update.get("mode") {
                perms.insert("defaultMode".into(), mode.clone());
            }
        }
        (Some("addDirectories"), _) => {
            add_all(perms, "additionalDirectories", strings("directories"))
        }
        (Some("removeDirectories"), _) => {
            remove_all(perms, "additionalDirectories", &strings("directories"))
        }
        _ => {}
    }
}

fn add_all(perms: &mut Map<String, Value>, key: &str, items: Vec<String>) {
    let list = perms.entry(key).or_insert_with(|| json!([]));
    if !list.is_array() {
        *list = json!([]);
    }
    if let Value::Array(list) = list {
        for item in items {
            if !list.iter().any(|v| v.as_str() == Some(item.as_str())) {
                list.push(Value::String(item));
            }
        }
    }
}

fn remove_all(perms: &mut Map<String, Value>, key: &str, items: &[String]) {
    if let Some(Value::Array(list)) = perms.get_mut(key) {
        list.retain(|v| !v.as_str().is_some_and(|s| items.iter().any(|i| i == s)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exit_codes() {
        assert_eq!(interpret("PostToolUse", "c", Some(0), "", ""), json!({}));
        assert_eq!(
            interpret(
                "Stop",
                "c",
                Some(0),
                r#"{"decision":"block","reason":"x"}"#,
                ""
            ),
            json!({"decision": "block", "reason": "x"})
        );
        assert_eq!(
            interpret("UserPromptSubmit", "c", Some(0), "ctx", "")["hookSpecificOutput"]
                ["additionalContext"],
            "ctx"
        );
        let deny = interpret("PreToolUse", "c", Some(2), "", "nope");
        assert_eq!(deny["hookSpecificOutput"]["permissionDecision"], "deny");
        assert_eq!(
            deny["hookSpecificOutput"]["permissionDecisionReason"],
            "[c]: nope"
        );
        assert_eq!(interpret("Stop", "c", Some(2), "", "")["decision"], "block");
        assert_eq!(interpret("PreToolUse", "c", Some(1), "{}", "e"), json!({}));
        assert_eq!(interpret("PreToolUse", "c", None, "", ""), json!({}));
    }

    #[test]
    fn writes_the_destination_file() {
        let dir = tempfile::tempdir().unwrap();
        let (cwd, home) = (dir.path().join("ws"), dir.path().join("home"));
        let add = json!({"type": "addRules", "behavior": "allow", "destination": "localSettings",
            "rules": [{"toolName": "Bash", "ruleContent": "npm test"}, {"toolName": "Read"}]});
        persist(&add, &cwd, &home).unwrap();
        persist(&add, &cwd, &home).unwrap();
        let mode = json!({"type": "setMode", "mode": "acceptEdits", "destination": "userSettings"});
        persist(&mode, &cwd, &home).unwrap();
        let read = |p: PathBuf| -> Value {
            serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap()
        };
        let local = read(cwd.join(".claude/settings.local.json"));
        assert_eq!(
            local["permissions"]["allow"],
            json!(["Bash(npm test)", "Read"])
        );
        let user = read(home.join(".claude/settings.json"));
        assert_eq!(user["permissions"]["defaultMode"], "acceptEdits");
        let remove = json!({"type": "removeRules", "behavior": "allow",
            "destination": "localSettings", "rules": [{"toolName": "Read"}]});
        persist(&remove, &cwd, &home).unwrap();
        let local = read(cwd.join(".claude/settings.local.json"));
        assert_eq!(local["permissions"]["allow"], json!(["Bash(npm test)"]));
        let session = json!({"type": "addRules", "behavior": "allow", "destination": "session"});
        assert!(persist(&session, &cwd, &home).is_err());
    }
}

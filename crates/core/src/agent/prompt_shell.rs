//! The shell commands of a command typed as `/<name> [args]` (``!`cmd` `` in its body).
//! They run once the prompt's UserPromptSubmit and UserPromptExpansion hooks have: each is
//! checked against the rules and the mode (nobody is asked), its PreSkillShellCommand hooks
//! run (`invoked_by: "user"`), then they run and their output fills the prompt
//! (tests/conformance/shellcmds, probes hk_slash_*). One that may not run or fails ends the
//! turn before any model call, answered by the failure as the command's error output:
//!
//! ```text
//! /bang  -> init
//!        -> assistant (synthetic) "Shell command failed for pattern ...", marked as the
//!           local command `bang` that failed (its output as <local-command-stderr>)
//!        -> result: success, no turns, `result` the failure, local_command "custom"
//! next prompt: the caveat, the command's record and its error output go in front of it
//! ```

use serde_json::json;

use crate::content::UserContent;
use crate::message::{LocalCommandMark, ResultMessage};
use crate::protocol::hook::HookEvent;

use super::deps::Deps;
use super::hooks::callbacks;
use super::local_command::marked;
use super::Session;

/// A typed command's shell commands, to run once its prompt's hooks have.
pub struct PromptShell {
    /// The command's name and its arguments.
    pub command: (String, String),
    /// Where the command comes from (`projectSettings`, `userSettings`, `plugin`).
    pub source: String,
    /// Each command, with its text as the body writes it, in the order they run.
    pub commands: Vec<(String, String)>,
    /// The command's own `allowed-tools`.
    pub allow: Vec<String>,
    /// Runs them: the prompt with their output in place, or why one failed.
    pub run: Box<dyn FnOnce() -> Result<UserContent, String> + Send + Sync>,
}

impl std::fmt::Debug for PromptShell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PromptShell")
            .field("command", &self.command)
            .field("commands", &self.commands)
            .finish_non_exhaustive()
    }
}

impl Session {
    /// Runs a typed command's shell commands (see the module docs): the prompt to send, or
    /// why the command cannot run.
    pub(crate) async fn run_prompt_shell(
        &self,
        shell: PromptShell,
        deps: &Deps<'_>,
        prompt_id: &str,
    ) -> Result<UserContent, String> {
        let view = self.view();
        for (command, pattern) in &shell.commands {
            let pair = (command.as_str(), pattern.as_str());
            super::tool_calls::permission::shell_command_check(&view, deps, pair, &shell.allow)?;
        }
        if let Some(matchers) = self.config.hooks.get("PreSkillShellCommand") {
            for (n, (command, _)) in shell.commands.iter().enumerate() {
                let id = format!("{prompt_id}:inner:preamble-{n}");
                let input = self.view().hook_input(HookEvent::PreSkillShellCommand {
                    tool_name: "Bash".into(),
                    tool_input: json!({ "command": command }),
                    tool_use_id: id.clone(),
                    command_name: shell.command.0.clone(),
                    command_source: shell.source.clone(),
                    invoked_by: "user".into(),
                });
                callbacks::run(deps, Some(matchers), Some("Bash"), input, Some(&id)).await;
            }
        }
        (shell.run)()
    }

    /// Whether the rules and the mode let a command's shell command run (`pattern`: as the
    /// body writes it; `allow`: the command's own `allowed-tools`). Err: why not, as the
    /// turn answers.
    pub fn shell_command_check(
        &self,
        deps: &Deps<'_>,
        (command, pattern): (&str, &str),
        allow: &[String],
    ) -> Result<(), String> {
        let view = self.view();
        super::tool_calls::permission::shell_command_check(&view, deps, (command, pattern), allow)
    }

    /// Answers a command whose shell command failed (`why`) without a model call.
    pub fn command_failed_turn(
        &mut self,
        deps: &Deps<'_>,
        (command, args): (&str, &str),
        why: &str,
        started: u64,
    ) -> ResultMessage {
        deps.emit.emit(self.init_message(deps));
        // The marked output escapes what would read as markup (probe sc_default_write).
        let escaped = why
            .replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;");
        let stderr = format!("<local-command-stderr>{escaped}</local-command-stderr>");
        let answer = marked(
            // Shown trimmed; the result keeps the text whole (probe sc_fail_silent).
            self.view().synthetic_assistant(deps, why.trim(), "", false),
            LocalCommandMark {
                local_command_source: stderr.clone(),
                local_command_run: json!({"command": command, "args": args}),
                local_command_outcome: json!({"kind": "failed"}),
            },
        );
        deps.emit.emit(answer);
        self.pending_blocks
            .extend(crate::compact::local_command_blocks(command, args, &stderr));
        let mut result = self.local_command_result(deps, started, "custom");
        result.result = Some(why.to_string());
        result
    }
}

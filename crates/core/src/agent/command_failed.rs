//! A command typed as `/<name> [args]` whose body runs a shell command that fails: the
//! turn ends before any model call, answered by the failure as the command's error output
//! (probes sb_fail*, sc_fail_then).
//!
//! ```text
//! /bang  -> init
//!        -> assistant (synthetic) "Shell command failed for pattern ...", marked as the
//!           local command `bang` that failed (its output as <local-command-stderr>)
//!        -> result: success, no turns, `result` the failure, local_command "custom"
//! next prompt: the caveat, the command's record and its error output go in front of it
//! ```

use serde_json::json;

use crate::message::{LocalCommandMark, ResultMessage};

use super::deps::Deps;
use super::local_command::marked;
use super::Session;

impl Session {
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

//! `/cost` (or `/usage`) as a prompt: a local command that answers with what the session
//! has spent (see [`crate::cost_report`]), without a model call. The answer is a synthetic
//! assistant message; the result has no turns and carries the text; the command's record
//! (caveat, command, output) goes in front of the next prompt, named `/usage` as the
//! reference names it.

use serde_json::json;

use crate::compact;
use crate::content::UserContent;
use crate::cost_report::cost_report;
use crate::message::{LocalCommandMark, ResultMessage};

use super::deps::Deps;
use super::local_command::marked;
use super::Session;

/// `/cost [args]` or `/usage [args]` -> (the name typed, the arguments).
pub fn cost_command(prompt: &UserContent) -> Option<(String, String)> {
    let text = prompt.text();
    let text = text.trim_end();
    ["cost", "usage"].iter().find_map(|name| {
        let rest = text.strip_prefix('/')?.strip_prefix(name)?;
        (rest.is_empty() || rest.starts_with(char::is_whitespace))
            .then(|| (name.to_string(), rest.trim().to_string()))
    })
}

impl Session {
    /// Answers `/cost` (typed as `name`, with `args`) from the session's own accounting.
    pub(crate) fn run_cost_command(
        &mut self,
        name: &str,
        args: &str,
        deps: &Deps<'_>,
        started: u64,
    ) -> ResultMessage {
        deps.emit.emit(self.init_message(deps));
        let wall = deps
            .clock
            .monotonic_ms()
            .saturating_sub(self.started_ms.unwrap_or(started));
        let text = cost_report(
            self.total_cost_usd,
            &self.model_usage,
            &self.code_ledger,
            wall,
        );
        let stdout = format!("<local-command-stdout>{text}</local-command-stdout>");
        let answer = marked(
            self.view().synthetic_assistant(deps, &text, "", false),
            LocalCommandMark {
                local_command_source: stdout.clone(),
                local_command_run: json!({"command": "usage", "args": args}),
                local_command_outcome: serde_json::Value::Null,
            },
        );
        deps.emit.emit(answer);
        self.pending_blocks
            .extend(compact::local_command_blocks("usage", args, &stdout));
        let mut result = self.local_command_result(deps, started, name);
        result.result = Some(text);
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cost_and_usage_are_the_command() {
        let p = |s: &str| cost_command(&UserContent::Text(s.into()));
        assert_eq!(p("/cost"), Some(("cost".into(), String::new())));
        assert_eq!(
            p("/cost now please\n"),
            Some(("cost".into(), "now please".into()))
        );
        assert_eq!(p("/usage"), Some(("usage".into(), String::new())));
        assert_eq!(p("/costs"), None);
        assert_eq!(p(" /cost"), None);
        assert_eq!(p("cost"), None);
    }
}

//! `/clear` as a prompt: a local command that sets the conversation aside. The session goes
//! on as a new one (new id, new transcript, nothing spent yet); the permission mode, model
//! and tools it runs with stay. The runtime announces it (`conversation_reset`), runs the
//! SessionEnd / SessionStart hooks with reason and source `clear`, and ends the command
//! with a result of no turns.

use crate::content::UserContent;
use crate::message::ResultMessage;
use crate::usage::model_usage_report;

use super::context::ContextTracker;
use super::deps::Deps;

use super::Session;

/// Whether `prompt` is the `/clear` command.
pub fn clear_command(prompt: &UserContent) -> bool {
    let text = prompt.text();
    let text = text.trim();
    ["/clear", "/reset", "/new"].iter().any(|name| {
        text.strip_prefix(name)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with(char::is_whitespace))
    })
}

impl Session {
    /// Forgets the conversation and what it cost: the session is `session_id` from now on,
    /// as if it had just started.
    pub fn clear(&mut self, session_id: String) {
        self.config.session_id = session_id;
        self.history.clear();
        self.total_cost_usd = 0.0;
        self.restored_cost_usd = 0.0;
        self.model_usage.clear();
        self.code_ledger = Default::default();
        self.started_ms = None;
        self.prompts_sent = 0;
        self.tracker = ContextTracker::default();
        self.pending_blocks.clear();
        self.prompt_id = None;
        self.stop_blocked_before = false;
        self.api_failure = None;
        self.prompt_hook_text = None;
        // The command's record goes in front of the next prompt, as a `/compact`'s does.
        self.pending_blocks = crate::compact::local_command_blocks(
            "clear",
            "",
            "<local-command-stdout></local-command-stdout>",
        );
    }

    /// The result of a local command (`compact`, `clear`) that started at `started`: no
    /// turns, an empty answer, what the session has spent so far.
    pub fn local_command_result(
        &self,
        deps: &Deps<'_>,
        started: u64,
        command: &str,
    ) -> ResultMessage {
        ResultMessage {
            duration_ms: deps.clock.monotonic_ms().saturating_sub(started),
            result: Some(String::new()),
            session_id: self.config.session_id.clone(),
            total_cost_usd: self.total_cost_usd,
            model_usage: model_usage_report(&self.model_usage),
            local_command: Some(command.into()),
            ..ResultMessage::started(deps.clock.uuid())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clear_commands() {
        let p = |s: &str| clear_command(&UserContent::Text(s.into()));
        assert!(p("/clear"));
        assert!(p("  /clear \n"));
        assert!(p("/clear now"));
        assert!(p("/reset"));
        assert!(p("/new"));
        assert!(!p("/newer"));
        assert!(!p("/clearly"));
        assert!(!p("please /clear"));
        assert!(!p("/compact"));
    }
}

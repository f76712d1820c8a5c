//! The conversation from outside the loop: reading it, putting it back when a session is
//! resumed from its transcript, and planning its compaction without running it.
//!
//! These are the [`Session`]'s public face for the facade (resume, persist) and for
//! benchmarks; the loop itself is in `session.rs`.

use crate::content::ContentBlock;
use crate::conversation::Turn;
use crate::usage::Usage;

use crate::compact::CompactError;
use crate::tool::ToolRegistry;

use super::compaction::{self, PlannedCompaction};
use super::session::Session;

impl Session {
    /// The conversation as the API sees it (role, content blocks).
    pub fn history(&self) -> Vec<(String, Vec<ContentBlock>)> {
        self.history
            .iter()
            .map(|t| (t.role.to_string(), t.content.clone()))
            .collect()
    }

    /// The conversation with the uuids of the messages each turn came in.
    pub fn turns(&self) -> &[Turn] {
        &self.history
    }

    /// The usage of the last model call, while it describes the conversation (a compaction
    /// clears it).
    pub fn last_usage(&self) -> Option<&Usage> {
        self.tracker.last_usage()
    }

    /// Restores the last call's usage after a resume: the context size counts from it, and
    /// what came after that answer (the results of its calls when max_turns ended the turn)
    /// is estimated on top, as in the session that wrote it.
    pub fn restore_usage(&mut self, usage: &Usage) {
        let answered = self
            .history
            .iter()
            .rposition(Turn::is_assistant)
            .map_or(self.history.len(), |i| i + 1);
        self.tracker.counted(usage, answered);
        self.tracker.whole_answer(usage);
    }

    /// Restores the usage of the conversation's last answer after a resume: the token
    /// budget of the next prompt counts from it (a session resumed at an earlier answer).
    pub fn restore_answer_usage(&mut self, usage: &Usage) {
        self.tracker.whole_answer(usage);
    }

    /// Replaces the conversation, e.g. when resuming from a transcript.
    pub fn restore_history(&mut self, turns: Vec<(String, Vec<ContentBlock>)>) {
        self.restore_turns(
            turns
                .into_iter()
                .map(|(role, content)| Turn::with_role(&role, content))
                .collect(),
        );
    }

    /// The record of a `/compact` run that goes in front of the next prompt (caveat, command,
    /// output), until that prompt comes.
    pub fn pending_record(&self) -> &[ContentBlock] {
        &self.pending_blocks
    }

    /// Replaces the conversation with turns that know their messages' uuids. A trailing
    /// `/compact` record goes in front of the next prompt, as in the session that ran it.
    pub fn restore_turns(&mut self, turns: Vec<Turn>) {
        self.history = turns;
        let (mut command, mut args, mut stdout) = (String::from("compact"), String::new(), None);
        let mut named = false;
        while let Some(text) = self
            .history
            .last()
            .filter(|t| t.is_user())
            .map(Turn::text)
            .filter(|t| crate::compact::is_local_command(t))
        {
            self.history.pop();
            if let Some(c) = text.split("<command-name>/").nth(1) {
                command = c.split("</command-name>").next().unwrap_or("").to_string();
                named = true;
            }
            if let Some(a) = text.split("<command-args>").nth(1) {
                args = a.split("</command-args>").next().unwrap_or("").to_string();
            }
            if text.starts_with("<local-command-stdout>")
                || text.starts_with("<local-command-stderr>")
            {
                stdout = Some(text.trim_end().to_string());
            }
        }
        // A command refused as unavailable was recorded as typed (a user turn of its own,
        // left in place) and its output alone.
        match stdout {
            Some(stdout) if named => {
                self.pending_blocks =
                    crate::compact::local_command_blocks(&command, &args, &stdout);
            }
            Some(stdout) => self.pending_blocks = vec![ContentBlock::text(format!("{stdout}\n"))],
            None => {}
        }
        self.prompts_sent = self.history.iter().filter(|t| t.is_user()).count();
        self.tracker.forget();
    }
}

/// Decides and builds a compaction of `session` without running it (what the loop does
/// before the summary request; used by benchmarks). `summary` stands for the model's answer.
pub fn plan_compaction(
    session: &Session,
    tools: &ToolRegistry,
    summary: &str,
) -> Result<PlannedCompaction, CompactError> {
    compaction::plan(
        &session.view(),
        &session.history,
        &session.tracker,
        tools,
        summary,
    )
}

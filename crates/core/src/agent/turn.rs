//! What the steps of a turn change: the turn's running state ([`TurnState`]: usage, turns,
//! denials, the last text) and the session's conversation ([`Conversation`]), which the
//! session lends to a step; and the reminders a turn adds to the conversation.
//!
//! ```text
//! Session ──parts()──► (SessionView, Conversation { history, tracker, costs })
//! model call ─► conversation.history.push(answer), .tracker.counted(usage), .account(cost)
//!            ─► st.usage, st.api_ms, st.stop_reason, st.last_text
//! ```

use std::collections::BTreeMap;

use crate::content::ContentBlock;
use crate::conversation::Turn;
use crate::ledger::SideLedger;
use crate::message::PermissionDenial;
use crate::usage::{ModelUsage, Usage};

use super::context::ContextTracker;

/// A text the model reads as a note from the system, not from the user.
pub(crate) fn reminder(text: &str) -> ContentBlock {
    ContentBlock::text(format!("<system-reminder>\n{text}\n</system-reminder>"))
}

/// Why an answer is asked for again (see `again.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Again {
    Refused,
    Empty,
}

/// The state of one turn in progress.
#[derive(Default)]
pub(crate) struct TurnState {
    pub usage: Usage,
    pub num_turns: u32,
    /// Model calls that count toward `max_turns`: the first, and each one after a tool round
    /// or a Stop hook's block; the continuation of a cut answer does not count.
    pub requests: u32,
    pub api_ms: u64,
    /// Lines the turn's file tools changed (for `/cost`).
    pub code: crate::cost_report::CodeLedger,
    pub denials: Vec<PermissionDenial>,
    pub stop_reason: Option<String>,
    pub last_text: Option<String>,
    /// A Stop hook already blocked the end of this turn.
    pub stop_hook_active: bool,
    /// Reminders sent to call the final-answer tool.
    pub final_answer_reminders: u32,
    /// Calls of the final-answer tool its schema refused, and the last refusal's text.
    pub final_answer_failures: u32,
    pub final_answer_error: Option<String>,
    /// The usage and stop reason as they were before the last model call: what a result
    /// reports when that call's answer ends the turn before it is counted (a budget crossed,
    /// the final-answer tool refused once too often).
    pub usage_before_call: Usage,
    pub stop_reason_before_call: Option<String>,
    /// What the last model call's broken-off attempts (tried again) reported at
    /// message_start: part of the usage before an answer that ended in a call taken while it
    /// streamed (fuzz-d/fd_389).
    pub usage_of_retried: Usage,
    /// Times SubagentStop hooks kept a subagent going with more context.
    pub subagent_continuations: u32,
    /// Consecutive times Stop hooks kept this turn from ending.
    pub stop_blocks: u32,
    /// Answers that broke off mid-stream and were resumed.
    pub resumes: u32,
    /// Tool rounds since this prompt's last automatic or reactive compaction, if it had one.
    pub rounds_since_compaction: Option<u32>,
    /// Compactions in a row that came within three tool rounds of the one before.
    pub rapid_refills: u32,
    /// The `requesting` status of the next request went out already (before the
    /// compaction check: a compaction's messages follow it, as the reference sends them).
    pub requesting_sent: bool,
    /// The answers asked for again in this turn (each reason once).
    pub asked_again: Vec<Again>,
    /// The span of the pass of the loop under way: its tool calls open theirs in it.
    pub span: crate::telemetry::SpanSlot,
}

/// The session's conversation as a step changes it: its turns, the count of its context,
/// and what its requests cost.
pub(crate) struct Conversation<'a> {
    pub history: &'a mut Vec<Turn>,
    pub tracker: &'a mut ContextTracker,
    /// Cumulative over the session.
    pub total_cost_usd: &'a mut f64,
    /// What earlier runs of a resumed session spent (part of `total_cost_usd`).
    pub restored_cost_usd: f64,
    pub model_usage: &'a mut BTreeMap<String, ModelUsage>,
    /// What tools spent on requests of their own, not yet counted.
    pub side_ledger: &'a SideLedger,
}

impl Conversation<'_> {
    /// Adds a request's usage to the model's totals and its cost to the session's.
    pub fn account(&mut self, model: &str, usage: &Usage) {
        let cost = self
            .model_usage
            .entry(model.to_string())
            .or_default()
            .record(model, usage);
        *self.total_cost_usd += cost;
    }
}

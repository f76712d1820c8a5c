//! What one turn carries from step to step: its running state ([`TurnState`]: usage, turns,
//! denials, the last text) and the reminders it adds to the conversation.

use crate::content::ContentBlock;
use crate::message::PermissionDenial;
use crate::usage::Usage;

/// A text the model reads as a note from the system, not from the user.
pub(crate) fn reminder(text: &str) -> ContentBlock {
    ContentBlock::text(format!("<system-reminder>\n{text}\n</system-reminder>"))
}

/// The state of one turn in progress.
#[derive(Default)]
pub(crate) struct TurnState {
    pub usage: Usage,
    pub num_turns: u32,
    pub requests: u32,
    pub api_ms: u64,
    pub denials: Vec<PermissionDenial>,
    pub stop_reason: Option<String>,
    pub last_text: Option<String>,
    /// A Stop hook already blocked the end of this turn.
    pub stop_hook_active: bool,
    /// Reminders sent to call the final-answer tool.
    pub final_answer_reminders: u32,
}

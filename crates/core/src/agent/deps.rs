//! The edges a turn runs against: the model, the tools, the host, the clock, where messages
//! go, and the caller's interrupt. Each is a trait implemented outside this crate.

use crate::clock::Clock;
use crate::host::Host;
use crate::message::Message;
use crate::model::Model;
use crate::signal::AbortSignal;
use crate::tool::ToolRegistry;
use crate::usage::Usage;

/// Where the loop sends messages. Called in order, from the loop's task.
pub trait Emit: Send + Sync {
    fn emit(&self, message: Message);
    /// The response `end.message_id` has its final stop reason and usage (its
    /// `message_delta`, or the end of its stream). The caller's messages keep what
    /// `message_start` said; a transcript records the blocks with these.
    fn response_end(&self, _end: &ResponseEnd<'_>) {}
    /// A message for the transcript alone: the caller never sees it (a blank text block
    /// the reference records).
    fn record_only(&self, _message: Message) {}
    /// A message for the caller alone: the transcript never records it (a forked skill's
    /// messages shown after its command ran).
    fn shown_only(&self, message: Message) {
        self.emit(message);
    }
    /// A round's results go to the model as `results`, `notes` (the token budget's
    /// reminder) with one of them: a transcript records them so, in the order the calls
    /// finished (`finished`: their ids).
    fn results_sent(
        &self,
        _results: &[crate::content::ContentBlock],
        _notes: Option<&crate::conversation::ResultNotes>,
        _finished: &[String],
    ) {
    }
    /// Rows a transcript records after a round's results (the reminders the reference keeps
    /// as messages of their own: `total_tokens_reminder`, `budget_usd`), each with the uuid
    /// the results turn lists for it.
    fn marks_added(&self, _marks: &[TranscriptMark]) {}
    /// A hook gave the session a title: a transcript records it (and, for a prompt's hook,
    /// in the session's folder: `in_folder`).
    fn session_titled(&self, _title: &str, _in_folder: bool) {}
    /// The prompt's UserPromptSubmit hooks decided: it stays in the conversation (`kept`)
    /// or not; a stopped prompt's notice (`note`) is recorded after it.
    fn prompt_decided(&self, _kept: bool, _note: Option<&str>) {}
    /// The prompt held for its hooks' decision became `content` (a typed command's shell
    /// commands ran): a transcript records that.
    fn prompt_filled(&self, _content: &crate::content::UserContent) {}
    /// A tool hook stopped the turn at call `tool_use_id`'s result, for `reason`: a
    /// transcript marks the stop right after that result (the results sent next), for
    /// each call whose hook stopped.
    fn stop_marked(&self, _tool_use_id: &str, _reason: &str) {}
    /// Stop hooks ran at a turn's end: a transcript records a `stop_hook_summary` row.
    fn stop_hooks_summarized(&self, _summary: &StopHookSummary) {}
    /// A reminder went with a tool result recorded earlier (`tool_use_id`'s): the prompt
    /// after a turn that ended with its tools.
    fn note_added(&self, _tool_use_id: &str, _text: &str) {}
    /// The prompt `uuid` went to `model`; `leads` when it begins, as the model reads it,
    /// with context reminders (the first of a resumed session's run, see
    /// `Session::leads_with_context`).
    fn prompt_context(&self, _uuid: &str, _model: &str, _leads: bool) {}
    /// A response streamed this much more (what a subagent's progress counts its tokens
    /// from while it streams).
    fn streamed(&self, _streamed: StreamProgress) {}
}

/// An `attachment` row of a transcript: its uuid, and what it holds.
#[derive(Debug, Clone, PartialEq)]
pub struct TranscriptMark {
    pub uuid: String,
    pub attachment: serde_json::Value,
}

/// What the Stop hooks of a turn's end answered, as a transcript records it.
#[derive(Debug, Clone, PartialEq)]
pub struct StopHookSummary {
    pub uuid: String,
    /// The id the hooks were called with.
    pub tool_use_id: String,
    /// How many callbacks ran.
    pub hook_count: usize,
    /// What they asked to add to the conversation.
    pub additional_context: Vec<String>,
    /// One answered `continue: false`, with this reason.
    pub prevented_continuation: bool,
    pub stop_reason: String,
    /// One blocked the end, or added context.
    pub has_output: bool,
}

/// What a response has streamed, event by event.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum StreamProgress {
    /// The response began; its prompt (input and cache tokens) as `message_start` said.
    Start { prompt_tokens: u64 },
    /// Characters (UTF-16) of text or of a call's input.
    Output { chars: u64 },
    /// Tokens of thinking, as `system/thinking_tokens` estimates them.
    Thinking { tokens: u64 },
}

/// How a model response ended, as its `message_delta` told.
#[derive(Debug, Clone, Copy)]
pub struct ResponseEnd<'a> {
    pub message_id: &'a str,
    pub stop_reason: Option<&'a str>,
    pub stop_sequence: Option<&'a str>,
    pub usage: &'a Usage,
}

/// The edges one turn runs against.
pub struct Deps<'a> {
    pub model: &'a dyn Model,
    pub tools: &'a ToolRegistry,
    pub host: &'a dyn Host,
    pub emit: &'a dyn Emit,
    pub clock: &'a dyn Clock,
    /// Fires when the caller interrupts this turn.
    pub interrupt: &'a AbortSignal,
}

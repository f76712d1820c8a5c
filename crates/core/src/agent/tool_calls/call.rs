//! A tool call, as the model asked for it, and what it came to.

use serde_json::Value;

use crate::content::{ContentBlock, ToolResultContent};
use crate::message::{Message, PermissionDenial};

/// One tool_use block of a response.
#[derive(Debug, Clone)]
pub(crate) struct Call {
    pub id: String,
    pub name: String,
    pub input: Value,
    /// The conversation, for a tool that reads it (set when the call runs).
    pub conversation: Option<std::sync::Arc<Vec<crate::conversation::Turn>>>,
    /// The call's span (see `crate::telemetry`), from the time it is taken to its report.
    pub span: tracing::Span,
    /// The answer to the permission question changed the input (set when the call runs).
    pub user_modified: bool,
    /// The working directory as the calls started with it began (set when the call runs):
    /// a `cd` among them is seen only by the calls after them, as the reference applies it
    /// once its group of calls ends (fuzz-a/fa_319).
    pub group_dir: Option<std::path::PathBuf>,
    /// Where the session's shell stood as the calls started with it began (set when the
    /// call runs): a file tool running beside a Bash `cd` resolves its relative paths from
    /// there, whichever finishes first (fuzz-a/fa_457).
    pub group_shell_dir: Option<std::path::PathBuf>,
}

/// A tool_use block as a call.
pub(crate) fn call_of(block: &ContentBlock) -> Option<Call> {
    match block {
        ContentBlock::ToolUse { id, name, input } => Some(Call {
            id: id.clone(),
            name: name.clone(),
            input: Value::clone(input),
            conversation: None,
            span: tracing::Span::none(),
            user_modified: false,
            group_dir: None,
            group_shell_dir: None,
        }),
        _ => None,
    }
}

/// The outcome of one call, ready to be emitted and appended.
#[derive(Debug)]
pub(crate) struct CallOutcome {
    pub tool_use_id: String,
    pub content: ToolResultContent,
    pub is_error: Option<bool>,
    pub structured: Option<Value>,
    pub denial: Option<PermissionDenial>,
    /// The denial is in the turn's list already (listed when it was decided).
    pub denial_listed: bool,
    /// The `system/permission_denied` message to emit before the result (after a warning
    /// the first time the auto-mode classifier was wanted).
    pub announce: Vec<Message>,
    /// How soon an answer given without running is seen while the response streams.
    pub pace: Pace,
    /// can_use_tool denied with `interrupt: true`.
    pub interrupt: bool,
    /// Refused for want of the auto-mode classifier once too often: the turn stops.
    pub classifier_stop: bool,
    /// Context from PostToolUse hooks for the model.
    pub context: Vec<String>,
    /// A hook said `continue: false`.
    pub stop: Option<String>,
    /// Notices to emit before the result (PreToolUse `systemMessage`s) and after it
    /// (PostToolUse ones).
    pub before: Vec<Message>,
    pub after: Vec<Message>,
    /// Text the model reads after the round's results, emitted as a synthetic message of
    /// its own right after this result (see `ToolOutput::follow_up`).
    pub follow_up: Option<String>,
    /// The response was refused before the call ran: `interrupted` (it had started) or
    /// `cancelled` (it had not), as the TypeScript SDK marks the result.
    pub non_execution: Option<&'static str>,
    /// A PreToolUse hook deferred the call: it has no result, and the turn ends once the
    /// other calls of the response are done (`deferred_tool_use` on the result).
    pub deferred: bool,
}

impl CallOutcome {
    fn new(id: &str, content: impl Into<String>, is_error: Option<bool>) -> Self {
        CallOutcome {
            tool_use_id: id.to_string(),
            content: ToolResultContent::Text(content.into()),
            is_error,
            structured: None,
            denial: None,
            denial_listed: false,
            announce: Vec::new(),
            pace: Pace::Now,
            interrupt: false,
            classifier_stop: false,
            context: Vec::new(),
            stop: None,
            before: Vec::new(),
            after: Vec::new(),
            follow_up: None,
            non_execution: None,
            deferred: false,
        }
    }

    pub(crate) fn error(
        id: &str,
        model_text: impl Into<String>,
        caller_text: impl Into<String>,
    ) -> Self {
        let mut o = CallOutcome::new(id, model_text, Some(true));
        o.structured = Some(Value::String(caller_text.into()));
        o
    }

    /// The result of a call of a refused response: it had started (`interrupted`) or not.
    pub(crate) fn refused(call: &Call, interrupted: bool) -> Self {
        let text = if interrupted {
            REFUSED_RUNNING
        } else {
            REFUSED_NOT_RUN
        };
        let mut o = CallOutcome::error(&call.id, text, text);
        o.non_execution = Some(if interrupted {
            "interrupted"
        } else {
            "cancelled"
        });
        o
    }

    /// A call a PreToolUse hook deferred: no result goes out for it.
    pub(crate) fn deferred(call: &Call) -> Self {
        let mut o = CallOutcome::new(&call.id, String::new(), None);
        o.deferred = true;
        o
    }

    /// The result of a call that never ran because the caller stopped the turn at another
    /// call's permission prompt.
    pub(crate) fn rejected(call: &Call) -> Self {
        CallOutcome::error(&call.id, REJECTED_TEXT, "User rejected tool use")
    }

    pub fn block(&self) -> ContentBlock {
        ContentBlock::ToolResult {
            tool_use_id: self.tool_use_id.clone(),
            content: Some(self.content.clone()),
            is_error: self.is_error,
        }
    }
}

/// The result of a call that was running when its response was refused.
const REFUSED_RUNNING: &str = "Interrupted: the response that made this tool call was stopped by a safety classifier while the call was running; it may have partially or fully completed.";
/// The result of a call of a refused response that had not started.
const REFUSED_NOT_RUN: &str =
    "Not run: the response that made this tool call was stopped by a safety classifier.";

/// What the model reads when the user stops the turn at a permission prompt.
pub(crate) const REJECTED_TEXT: &str = "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed.";

/// How soon an answer given without running is seen while the response streams.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum Pace {
    /// At once (an unknown tool).
    #[default]
    Now,
    /// After one event (an input that fails validation).
    Validation,
    /// After two events (a tool that refuses the call as it starts: the Agent tool given a
    /// type it does not know).
    Start,
    /// Its result after two events, and not when the response ends first (a tool that
    /// answers without running: StructuredOutput, ToolSearch).
    Answer,
    /// Its permission_denied message after two events, its result after three (a verdict
    /// of the rules or the mode).
    Rules,
    /// As [`Pace::Rules`] while the response streams (a question refused for want of a
    /// callback); after it, seen later and done sooner than a verdict (see the schedule's
    /// `Timer`).
    Question,
    /// A file-reading tool's verdict, which comes sooner: its permission_denied message at
    /// once for a verdict of the mode (`announce_now`), else after one event; its result
    /// after two.
    Read { announce_now: bool },
    /// Its messages once the response's message_delta has come, its result one event later
    /// (a refusal for want of the auto-mode classifier).
    Classifier,
    /// An MCP tool's refusal: its permission_denied message after one event, its result
    /// after two (a verdict of the rules or the mode) or three (a question refused for want
    /// of a callback; fj_pin_stream_*).
    Mcp { question: bool },
}

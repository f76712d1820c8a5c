//! A call a PreToolUse hook deferred (`permissionDecision: "defer"`), taken up when the
//! session is resumed: it goes through its hooks and the permission check again, runs if
//! cleared, and its result joins the results its response already had, ahead of them.
//!
//! ```text
//! turn ─ hook defers call ─► result {stop_reason: tool_deferred, deferred_tool_use}
//!                            transcript: attachment hook_deferred_tool
//! resume ─► run_deferred_call ─► result message ─► turn "Continue from where you left off."
//!        ─► then the caller's prompt
//! ```

use serde_json::Value;

use crate::content::{ContentBlock, UserContent};
use crate::conversation::Turn;
use crate::message::{Message, ResultMessage, UserMessage, UserParam};

use super::deps::Deps;
use super::outcome::TurnEnd;
use super::session::Session;
use super::tool_calls::call::{Call, CallOutcome};
use super::tool_calls::run::{self, Prepared};
use super::turn::TurnState;

/// What the model reads after a deferred call's result, as the turn that takes it up.
pub const CONTINUE_PROMPT: &str = "Continue from where you left off.";

/// The call a PreToolUse hook deferred, as the transcript recorded it.
#[derive(Debug, Clone, PartialEq)]
pub struct DeferredCall {
    pub id: String,
    pub name: String,
    pub input: Value,
}

impl DeferredCall {
    /// The call of a transcript's `hook_deferred_tool` attachment.
    pub fn from_attachment(attachment: &Value) -> Option<DeferredCall> {
        Some(DeferredCall {
            id: attachment.get("toolUseID")?.as_str()?.to_string(),
            name: attachment.get("toolName")?.as_str()?.to_string(),
            input: attachment.get("toolInput").cloned().unwrap_or(Value::Null),
        })
    }
}

impl Session {
    /// Runs a deferred call as any call of a response (hooks, the permission check, the
    /// tool), emits its result, and puts the result first among its response's results.
    /// A hook that defers it again ends the run's taking it up: the result returned says
    /// so, and the call stays without a result.
    pub async fn run_deferred_call(
        &mut self,
        deferred: DeferredCall,
        deps: &Deps<'_>,
    ) -> Option<ResultMessage> {
        let started = deps.clock.monotonic_ms();
        let call = Call {
            id: deferred.id,
            name: deferred.name,
            input: deferred.input,
            conversation: None,
            span: tracing::Span::none(),
            user_modified: false,
            group_dir: None,
            group_shell_dir: None,
        };
        let view = self.view();
        let outcome: CallOutcome = match run::prepare(&view, deps, &call, false).await {
            Prepared::Done(o) => *o,
            Prepared::Run {
                tool,
                input,
                notices,
                stop,
                ..
            } => run::run_prepared(&view, deps, &call, tool.as_ref(), input, notices, stop).await,
        };
        if outcome.deferred {
            return Some(self.deferred_again(deps, started, call));
        }
        for m in outcome.announce.iter().chain(&outcome.before) {
            deps.emit.emit(m.clone());
        }
        let block = outcome.block();
        let uuid = deps.clock.uuid();
        deps.emit.emit(Message::User(UserMessage {
            message: UserParam {
                role: "user".into(),
                content: UserContent::Blocks(vec![block.clone()]),
            },
            parent_tool_use_id: None,
            tool_use_result: outcome.structured.clone(),
            is_synthetic: None,
            is_replay: None,
            as_reminder: false,
            follows_result: false,
            subagent: None,
            refusal: None,
            uuid: Some(uuid.clone()),
            session_id: Some(self.config.session_id.clone()),
        }));
        for m in &outcome.after {
            deps.emit.emit(m.clone());
        }
        deps.emit.results_sent(
            std::slice::from_ref(&block),
            None,
            std::slice::from_ref(&call.id),
        );
        let after_call = self
            .history
            .iter()
            .rposition(|t| {
                t.is_assistant()
                    && t.content
                        .iter()
                        .any(|b| matches!(b, ContentBlock::ToolUse { id, .. } if *id == call.id))
            })
            .map(|at| at + 1);
        match after_call.and_then(|at| self.history.get_mut(at)) {
            Some(results) if !results.is_assistant() => {
                results.content.insert(0, block);
                results.uuids.insert(0, uuid);
            }
            _ => self
                .history
                .push(Turn::user(vec![block]).with_uuids(vec![uuid])),
        }
        None
    }

    /// The result of a deferred call deferred again when it was taken up: no request was
    /// made, and the reference names no terminal reason. Its `num_turns` counts rows of the
    /// reference's own transcript; here, the conversation's messages.
    fn deferred_again(&mut self, deps: &Deps<'_>, started: u64, call: Call) -> ResultMessage {
        let mut st = TurnState {
            num_turns: u32::try_from(self.history.len()).unwrap_or(u32::MAX),
            ..TurnState::default()
        };
        st.stop_reason = None;
        let end = TurnEnd::Deferred {
            id: call.id,
            name: call.name,
            input: call.input,
        };
        let mut result = self.finish(deps, &st, started, end);
        result.terminal_reason = None;
        result.api_error_status = None;
        result
    }
}

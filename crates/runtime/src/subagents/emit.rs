//! What the caller sees of a running subagent: its messages marked with the Agent call they
//! belong to, a `task_progress` for each tool call, and nothing of its private chatter.
//!
//! ```text
//! subagent emits           caller receives
//! assistant text           (only with forward_subagent_text, or in the background)
//! assistant tool_use       task_progress, then the tool_use (parent_tool_use_id set)
//! user tool_result         the tool_result (parent_tool_use_id set)
//! permission_denied        as it is (it names the agent)
//! task_* of agents it starts    as they are
//! status, retries, stream events, a deeper agent's messages   nothing
//! ```

use std::sync::{Arc, Mutex};

use oxagent_core::agent::{Emit, StreamProgress};
use oxagent_core::message::{Message, SubagentMark};
use oxagent_core::protocol::system::{SystemBody, SystemMessage, TaskProgress, TaskUsage};
use oxagent_core::sync::lock;
use oxagent_core::{ContentBlock, UserContent};

use super::stats::{activity, ToolStats};

/// Where a subagent's messages go, and what they show of it.
pub(crate) struct SubagentEmit<'a> {
    pub out: &'a dyn Emit,
    pub tool_use_id: String,
    /// The call its task messages name: the Agent call, or the SendMessage call that
    /// continued it.
    pub task_call_id: String,
    pub mark: SubagentMark,
    pub run_id: String,
    pub session_id: String,
    /// Text blocks reach the caller (`forward_subagent_text`, or a background agent).
    pub forward_text: bool,
    /// Progress comes after the tool call it reports (background) rather than before.
    pub progress_after: bool,
    /// No progress at all (a forked skill's run).
    pub no_progress: bool,
    /// The tools the subagent has, and Agent: a call of another tool is not among the tools
    /// it used.
    pub tools: Vec<String>,
    /// Where the agent works: progress shows the files of its calls from there.
    pub cwd: std::path::PathBuf,
    pub started_ms: u64,
    pub clock: &'a dyn oxagent_core::clock::Clock,
    pub state: Arc<Mutex<EmitState>>,
}

/// What the caller is told of the subagent's work so far.
#[derive(Default)]
pub(crate) struct EmitState {
    pub stats: ToolStats,
    /// The tokens the progress reports, estimated as the response streams.
    tokens: TokenEstimate,
    /// The text of the latest response that had one.
    pub last_text: Option<String>,
    /// The agent's `[Request interrupted by user]` message, held back.
    pub interrupted: Option<Message>,
}

impl SubagentEmit<'_> {
    fn progress(&self, name: &str, input: &serde_json::Value, state: &EmitState) -> Message {
        Message::System(SystemMessage::new(
            SystemBody::TaskProgress(TaskProgress {
                task_id: self.mark.agent_id.clone(),
                run_id: self.run_id.clone(),
                tool_use_id: self.task_call_id.clone(),
                description: activity(name, input, &self.mark.task_description, &self.cwd),
                subagent_type: self.mark.subagent_type.clone(),
                usage: TaskUsage {
                    total_tokens: state.tokens.shown,
                    tool_uses: state.stats.calls,
                    duration_ms: self.clock.monotonic_ms().saturating_sub(self.started_ms),
                },
                last_tool_name: name.to_string(),
            }),
            self.clock.uuid(),
            self.session_id.clone(),
        ))
    }

    fn is_tool_result(content: &UserContent) -> bool {
        matches!(content, UserContent::Blocks(b)
            if b.iter().any(|b| matches!(b, ContentBlock::ToolResult { .. })))
    }
}

/// The tokens a subagent's progress reports, as the reference estimates them while a
/// response streams: the response's prompt, and a quarter token a character of text and
/// call input and the thinking's own estimate, rounded down. A new figure is taken at most
/// every half second (the first change of each response, in practice), so it lags what
/// streamed after (subagents/subagent_progress_tokens_*).
#[derive(Default)]
pub(crate) struct TokenEstimate {
    prompt: u64,
    output: f64,
    /// The figure the progress shows.
    shown: u64,
    taken_ms: Option<u64>,
}

impl TokenEstimate {
    const EVERY_MS: u64 = 500;

    fn add(&mut self, streamed: StreamProgress, now_ms: u64) {
        match streamed {
            StreamProgress::Start { prompt_tokens } => {
                *self = TokenEstimate {
                    prompt: prompt_tokens,
                    shown: prompt_tokens,
                    ..Default::default()
                };
                return;
            }
            StreamProgress::Output { chars } => self.output += chars as f64 / 4.0,
            StreamProgress::Thinking { tokens } => self.output += tokens as f64,
        }
        if self
            .taken_ms
            .is_some_and(|t| now_ms.saturating_sub(t) < Self::EVERY_MS)
        {
            return;
        }
        let figure = self.prompt + self.output.floor() as u64;
        if figure != self.shown {
            self.shown = figure;
            self.taken_ms = Some(now_ms);
        }
    }
}

impl Emit for SubagentEmit<'_> {
    fn streamed(&self, streamed: StreamProgress) {
        let now = self.clock.monotonic_ms();
        lock(&self.state).tokens.add(streamed, now);
    }

    fn emit(&self, message: Message) {
        match message {
            Message::Assistant(mut a) => {
                if a.subagent.is_some() {
                    return; // an agent this one started: its own messages stay its own
                }
                let mut state = lock(&self.state);
                let text = oxagent_core::content::join_texts(&a.message.content, "\n");
                // A stand-in of its own (an API error's) is not the agent's text.
                if !text.is_empty() && a.message.model != "<synthetic>" {
                    state.last_text = Some(text);
                }
                a.parent_tool_use_id = Some(self.tool_use_id.clone());
                a.subagent = Some(self.mark.clone());
                let call = a.message.content.iter().find_map(|b| match b {
                    ContentBlock::ToolUse { name, input, .. } => {
                        Some((name.clone(), input.clone()))
                    }
                    _ => None,
                });
                match call {
                    Some((name, input)) => {
                        let known = self.tools.contains(&name);
                        state.stats.call(&name, &input, known);
                        let progress = self.progress(&name, &input, &state);
                        drop(state);
                        if self.no_progress {
                            self.out.emit(Message::Assistant(a));
                        } else if self.progress_after {
                            self.out.emit(Message::Assistant(a));
                            self.out.emit(progress);
                        } else {
                            self.out.emit(progress);
                            self.out.emit(Message::Assistant(a));
                        }
                    }
                    None if self.forward_text => self.out.emit(Message::Assistant(a)),
                    None => {}
                }
            }
            Message::User(mut u) => {
                if u.subagent.is_some() {
                    return;
                }
                let interrupted = matches!(&u.message.content, UserContent::Blocks(b)
                    if b.first().is_some_and(|b| matches!(b, ContentBlock::Text { text, .. }
                        if text.starts_with("[Request interrupted by user"))));
                if interrupted {
                    // The note that it was stopped comes after its task messages, if at all
                    // (see the tool's kill path).
                    u.parent_tool_use_id = Some(self.tool_use_id.clone());
                    u.subagent = Some(self.mark.clone());
                    lock(&self.state).interrupted = Some(Message::User(u));
                    return;
                }
                if Self::is_tool_result(&u.message.content) {
                    // The caller gets a subagent's tool results without their structured form
                    // (an error's text stays, and a skill's launch: vk_sk_subagent_calls_skill).
                    let skill_launch = u
                        .tool_use_result
                        .as_ref()
                        .is_some_and(|r| r.get("commandName").is_some());
                    if !skill_launch
                        && !matches!(u.tool_use_result, Some(serde_json::Value::String(_)))
                    {
                        u.tool_use_result = None;
                    }
                    u.parent_tool_use_id = Some(self.tool_use_id.clone());
                    u.subagent = Some(self.mark.clone());
                    self.out.emit(Message::User(u));
                }
            }
            Message::System(s) => match &s.body {
                SystemBody::PermissionDenied(_)
                | SystemBody::Informational(_)
                | SystemBody::HookStarted(_)
                | SystemBody::HookResponse(_)
                | SystemBody::TaskStarted(_)
                | SystemBody::TaskProgress(_)
                | SystemBody::TaskUpdated(_)
                | SystemBody::TaskNotification(_)
                | SystemBody::BackgroundTasksChanged(_) => self.out.emit(Message::System(s)),
                _ => {}
            },
            Message::StreamEvent(_)
            | Message::Result(_)
            | Message::ConversationReset(_)
            | Message::CommandLifecycle(_) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// subagents/subagent_progress_tokens_*: the prompt, then the first estimate that
    /// changed; what streams within half a second after it is not taken.
    #[test]
    fn progress_takes_the_first_change_of_a_response() {
        let mut e = TokenEstimate::default();
        e.add(StreamProgress::Start { prompt_tokens: 100 }, 1_000);
        assert_eq!(e.shown, 100);
        // Three characters: under a token, nothing taken.
        e.add(StreamProgress::Output { chars: 3 }, 1_001);
        assert_eq!(e.shown, 100);
        // Ten more: 3.25 tokens, taken.
        e.add(StreamProgress::Output { chars: 10 }, 1_002);
        assert_eq!(e.shown, 103);
        // Within the half second: not taken.
        e.add(StreamProgress::Thinking { tokens: 100 }, 1_400);
        assert_eq!(e.shown, 103);
        // After it: taken.
        e.add(StreamProgress::Output { chars: 4 }, 1_600);
        assert_eq!(e.shown, 204);
        // A new response starts from its own prompt.
        e.add(StreamProgress::Start { prompt_tokens: 518 }, 1_700);
        assert_eq!(e.shown, 518);
        e.add(StreamProgress::Thinking { tokens: 8 }, 1_701);
        assert_eq!(e.shown, 526);
    }
}

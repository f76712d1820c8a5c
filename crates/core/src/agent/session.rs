//! A session: the conversation so far, its running totals, and the turn loop.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde_json::{json, Map, Value};

use crate::config::{PermissionMode, SessionConfig};
use crate::content::{ContentBlock, UserContent};
use crate::conversation::Turn;
use crate::live::LiveSettings;
use crate::memory::NestedMemory;
use crate::message::{
    Message, PermissionDenial, ResultMessage, SystemMessage, UserMessage, UserParam,
};
use crate::usage::{ModelUsage, Usage};

use super::context::{ContextMeter, ContextTracker};
use super::model_call::CallFailure;
use super::outcome::TurnEnd;
use super::tool_round::ToolRound;
use super::{hooks, local_command, Deps};

/// What the model reads when a response stopped at its output limit.
const MAX_TOKENS_NUDGE: &str = "Output token limit hit. Resume directly — no apology, no recap of what you were doing. Pick up mid-thought if that is where the cut happened. Break remaining work into smaller pieces.";
/// What the model reads after its stream broke off with an error mid-answer.
const STREAM_ERROR_NUDGE: &str = "Your response above was cut off mid-stream. Resume directly from where it stops — no apology, no recap. If none of it survived, answer the request from the start.";
/// Shown to the caller when the user stopped the turn at a permission prompt.
pub(crate) const INTERRUPTED_FOR_TOOL: &str = "[Request interrupted by user for tool use]";
const INTERRUPTED: &str = "[Request interrupted by user]";
/// How often the model is reminded to call the final-answer tool before the turn fails.
const FINAL_ANSWER_REMINDERS: u32 = 5;

pub(crate) fn reminder(text: &str) -> ContentBlock {
    ContentBlock::text(format!("<system-reminder>\n{text}\n</system-reminder>"))
}

/// One conversation with the model.
#[derive(Debug)]
pub struct Session {
    pub config: SessionConfig,
    /// Permission mode and model, which the caller may change mid-turn.
    pub live: Arc<LiveSettings>,
    /// The `/context` view, shared with whoever answers `get_context_usage`.
    pub meter: Arc<ContextMeter>,
    pub(crate) history: Vec<Turn>,
    /// Cumulative over the session.
    pub total_cost_usd: f64,
    pub model_usage: BTreeMap<String, ModelUsage>,
    pub(crate) prompts_sent: usize,
    pub(crate) tracker: ContextTracker,
    /// Blocks that go in front of the next prompt (the record of a `/compact` run).
    pub(crate) pending_blocks: Vec<ContentBlock>,
    /// Finds CLAUDE.md files in subdirectories as tools reach them (none: not loaded).
    pub nested_memory: Option<Arc<dyn NestedMemory>>,
    /// The id of the prompt being answered, for hook inputs.
    pub(crate) prompt_id: Option<String>,
    /// A Stop hook blocked already in this session (its notification goes out once).
    pub(crate) stop_blocked_before: bool,
    /// What tools spent on requests of their own, not yet counted.
    pub side_ledger: Arc<crate::usage::SideLedger>,
    /// The warning that the auto-mode classifier cannot run went out already.
    pub(crate) classifier_warned: std::sync::atomic::AtomicBool,
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
    pub denials: Vec<PermissionDenial>,
    pub stop_reason: Option<String>,
    pub last_text: Option<String>,
    /// A Stop hook already blocked the end of this turn.
    pub stop_hook_active: bool,
    /// Reminders sent to call the final-answer tool.
    pub final_answer_reminders: u32,
}

impl Session {
    pub fn new(config: SessionConfig) -> Self {
        Session {
            live: Arc::new(LiveSettings::new(
                config.permission_mode,
                config.model.clone(),
            )),
            meter: Arc::default(),
            config,
            history: Vec::new(),
            total_cost_usd: 0.0,
            model_usage: BTreeMap::new(),
            prompts_sent: 0,
            tracker: ContextTracker::default(),
            pending_blocks: Vec::new(),
            nested_memory: None,
            prompt_id: None,
            stop_blocked_before: false,
            side_ledger: Arc::default(),
            classifier_warned: Default::default(),
        }
    }

    pub fn session_id(&self) -> &str {
        &self.config.session_id
    }

    /// The `system/init` message that opens each turn.
    pub fn init_message(&self, deps: &Deps<'_>) -> Message {
        let mut data = Map::new();
        data.insert("cwd".into(), json!(self.config.cwd.to_string_lossy()));
        data.insert("tools".into(), json!(deps.tools.names()));
        data.insert("mcp_servers".into(), json!(self.config.mcp_servers));
        data.insert("model".into(), json!(self.live.model()));
        data.insert(
            "permissionMode".into(),
            json!(self.live.permission_mode().as_str()),
        );
        data.insert("apiKeySource".into(), json!(self.config.api_key_source));
        for (k, v) in &self.config.init_extra {
            data.insert(k.clone(), v.clone());
        }
        self.system("init", data, deps)
    }

    pub(crate) fn system(
        &self,
        subtype: &str,
        data: Map<String, Value>,
        deps: &Deps<'_>,
    ) -> Message {
        Message::System(SystemMessage {
            subtype: subtype.to_string(),
            data,
            uuid: deps.clock.uuid(),
            session_id: self.config.session_id.clone(),
        })
    }

    /// A user message the loop adds (not a tool result); `plain` sends the text as a string.
    pub(crate) fn user_message(&self, text: &str, plain: bool, uuid: String) -> Message {
        Message::User(UserMessage {
            message: UserParam {
                role: "user".into(),
                content: if plain {
                    UserContent::Text(text.to_string())
                } else {
                    UserContent::Blocks(vec![ContentBlock::text(text)])
                },
            },
            parent_tool_use_id: None,
            tool_use_result: None,
            is_synthetic: None,
            is_replay: None,
            uuid: Some(uuid),
            session_id: Some(self.config.session_id.clone()),
        })
    }

    fn user_text(&self, text: &str, deps: &Deps<'_>) -> Message {
        self.user_message(text, false, deps.clock.uuid())
    }

    /// The fields every hook input carries, plus the tool fields for tool events.
    pub(crate) fn hook_input(&self, event: &str, tool: Option<(&str, &Value, &str)>) -> Value {
        let mut h = Map::new();
        h.insert("session_id".into(), json!(self.config.session_id));
        if let Some(p) = &self.config.transcript_path {
            h.insert("transcript_path".into(), json!(p.to_string_lossy()));
        }
        h.insert("cwd".into(), json!(self.config.cwd.to_string_lossy()));
        if event == "SessionStart" {
            h.insert("hook_event_name".into(), json!(event));
            return Value::Object(h);
        }
        if let Some(id) = &self.prompt_id {
            h.insert("prompt_id".into(), json!(id));
        }
        if event == "SessionEnd" {
            h.insert("hook_event_name".into(), json!(event));
            return Value::Object(h);
        }
        h.insert(
            "permission_mode".into(),
            json!(self.live.permission_mode().as_str()),
        );
        if tool.is_some() || event == "Stop" {
            let level = self
                .config
                .effort
                .clone()
                .unwrap_or_else(|| "medium".into());
            h.insert("effort".into(), json!({"level": level}));
        }
        h.insert("hook_event_name".into(), json!(event));
        if let Some((name, input, id)) = tool {
            h.insert("tool_name".into(), json!(name));
            h.insert("tool_input".into(), input.clone());
            h.insert("tool_use_id".into(), json!(id));
        }
        Value::Object(h)
    }

    /// Runs one turn: the prompt, then model calls and tool calls until the model is done.
    /// A prompt `/compact [instructions]` compacts the conversation instead.
    pub async fn run_turn(&mut self, prompt: UserContent, deps: &Deps<'_>) -> ResultMessage {
        let started = deps.clock.monotonic_ms();
        self.prompt_id = Some(deps.clock.uuid());
        if let Some(args) = local_command::compact_command(&prompt) {
            return self.run_compact_command(&args, deps, started).await;
        }
        let mut st = TurnState::default();

        let prompt_text = prompt.text();
        let mut submit = self.hook_input("UserPromptSubmit", None);
        submit["prompt"] = json!(prompt_text);
        let hooked = hooks::run(
            deps,
            self.config.hooks.get("UserPromptSubmit"),
            None,
            submit,
            None,
        )
        .await;
        // The prompt's hooks run before the turn opens: their runs come before init.
        self.hook_runs(deps, "UserPromptSubmit", None, &hooked);
        deps.emit.emit(self.init_message(deps));
        for notice in self.hook_notices(deps, "UserPromptSubmit", None, &hooked.system_messages) {
            deps.emit.emit(notice);
        }
        let refusal = self.prompt_refusal(deps, &hooked, &prompt_text);
        let mut blocks = Vec::new();
        if self.prompts_sent == 0 && self.history.is_empty() {
            if let Some(memory) = &self.config.memory {
                blocks.push(ContentBlock::text(memory.clone()));
            }
            if let Some(note) = &self.config.context_reminder {
                blocks.push(reminder(note));
            }
        }
        blocks.append(&mut self.pending_blocks);
        for ctx in &hooked.additional_context {
            blocks.push(reminder(&format!(
                "UserPromptSubmit hook additional context: {ctx}"
            )));
        }
        blocks.extend(prompt.into_blocks());
        if let Some((text, kept)) = refusal {
            if kept {
                self.history.push(Turn::user(blocks));
                self.prompts_sent += 1;
            }
            return self.finish(deps, &st, started, TurnEnd::PromptRefused(text));
        }
        self.history.push(Turn::user(blocks));
        self.prompts_sent += 1;
        self.refresh_meter(deps);

        let end = self.turn_loop(deps, &mut st).await;
        self.refresh_meter(deps);
        self.finish(deps, &st, started, end)
    }

    async fn turn_loop(&mut self, deps: &Deps<'_>, st: &mut TurnState) -> TurnEnd {
        st.num_turns = 1;
        let mut reactive_tried = false;
        loop {
            if deps.interrupt.is_aborted() {
                return TurnEnd::Interrupted {
                    during_tools: false,
                };
            }
            if let Some(max) = self.config.max_turns {
                if st.requests >= max {
                    return TurnEnd::MaxTurns {
                        max,
                        aborted: false,
                    };
                }
            }
            self.auto_compact(deps, st).await;
            st.requests += 1;
            let mut round = ToolRound::default();
            let response = match self.call_model(deps, st, &mut round).await {
                Ok(r) => r,
                Err(CallFailure::End(end)) => return end,
                Err(CallFailure::PromptTooLong(err)) => {
                    st.requests -= 1;
                    if !reactive_tried && self.reactive_compact(deps, st).await {
                        reactive_tried = true;
                        continue;
                    }
                    return self.prompt_too_long(deps, &err);
                }
            };
            self.refresh_meter(deps);
            if let Some(budget) = self.config.max_budget_usd {
                if self.total_cost_usd >= budget {
                    return TurnEnd::Budget(budget);
                }
            }
            if response.stream_error.is_some() && response.has_blocks() && !round.has_calls() {
                let mut nudge = self.user_text(STREAM_ERROR_NUDGE, deps);
                if let Message::User(m) = &mut nudge {
                    m.is_synthetic = Some(true);
                }
                deps.emit.emit(nudge);
                self.history
                    .push(Turn::user(vec![reminder(STREAM_ERROR_NUDGE)]));
                st.num_turns += 1;
                st.requests -= 1;
                continue;
            }
            if !round.has_calls() {
                if response.stop_reason.as_deref() == Some("max_tokens") {
                    let mut nudge = self.user_text(MAX_TOKENS_NUDGE, deps);
                    if let Message::User(m) = &mut nudge {
                        m.is_synthetic = Some(true);
                    }
                    deps.emit.emit(nudge);
                    self.history
                        .push(Turn::user(vec![reminder(MAX_TOKENS_NUDGE)]));
                    st.num_turns += 1;
                    st.requests -= 1;
                    continue;
                }
                if let Some(tool) = self.config.final_answer_tool.clone() {
                    // A structured answer was asked for: remind the model to give it.
                    if st.final_answer_reminders >= FINAL_ANSWER_REMINDERS {
                        return TurnEnd::NoFinalAnswer(st.final_answer_reminders);
                    }
                    st.final_answer_reminders += 1;
                    let text = format!(
                        "[structured-output-enforce] This request needs its answer through the {tool} tool. Call {tool} now with input that matches its schema."
                    );
                    let mut reminder_message = self.user_text(&text, deps);
                    if let Message::User(m) = &mut reminder_message {
                        m.is_synthetic = Some(true);
                    }
                    deps.emit.emit(reminder_message);
                    self.history
                        .push(Turn::user(vec![ContentBlock::text(text)]));
                    st.num_turns += 1;
                    continue;
                }
                match self.stop_hooks(deps, st).await {
                    Some(end) => return end,
                    // A Stop hook blocked: the model goes on with its reason.
                    None => {
                        st.num_turns += 1;
                        continue;
                    }
                }
            }
            if let Some(end) = self.finish_tools(deps, st, round).await {
                // Interrupted in the last round max_turns allows: the limit is what the
                // result reports (the reference checks it before it reports the interrupt).
                let last = self.config.max_turns.filter(|max| st.requests >= *max);
                if let (TurnEnd::Interrupted { during_tools: true }, Some(max)) = (&end, last) {
                    return TurnEnd::MaxTurns { max, aborted: true };
                }
                return end;
            }
        }
    }

    pub(crate) fn finish(
        &mut self,
        deps: &Deps<'_>,
        st: &TurnState,
        started: u64,
        end: TurnEnd,
    ) -> ResultMessage {
        if let TurnEnd::Interrupted {
            during_tools: false,
        } = end
        {
            deps.emit.emit(self.user_text(INTERRUPTED, deps));
            self.history
                .push(Turn::user(vec![ContentBlock::text(INTERRUPTED)]));
        }
        let fields = end.fields(st.num_turns, st.stop_reason.clone(), st.last_text.clone());
        let zero_usage = matches!(
            end,
            TurnEnd::Budget(_) | TurnEnd::ApiError { .. } | TurnEnd::PromptTooLong { .. }
        );
        ResultMessage {
            subtype: fields.subtype,
            is_error: fields.is_error,
            duration_ms: deps.clock.monotonic_ms().saturating_sub(started),
            duration_api_ms: st.api_ms,
            num_turns: fields.num_turns,
            result: fields.result,
            stop_reason: fields.stop_reason,
            session_id: self.config.session_id.clone(),
            total_cost_usd: self.total_cost_usd,
            usage: if zero_usage {
                Usage::default()
            } else {
                st.usage.clone()
            },
            model_usage: self.model_usage.clone(),
            permission_denials: st.denials.clone(),
            errors: fields.errors,
            structured_output: match &end {
                TurnEnd::FinalAnswer(answer) => Some(answer.clone()),
                _ => None,
            },
            api_error_status: fields.api_error_status,
            api_error_type: fields.api_error_type,
            local_command: None,
            terminal_reason: (!fields.terminal_reason.is_empty())
                .then(|| fields.terminal_reason.to_string()),
            uuid: deps.clock.uuid(),
        }
    }

    /// Switches the permission mode for the following calls.
    pub fn set_permission_mode(&self, mode: PermissionMode) {
        self.live.set_permission_mode(mode);
    }

    /// Switches the model for the following requests (`None`: back to the configured one).
    pub fn set_model(&self, model: Option<String>) {
        self.live
            .set_model(model.unwrap_or_else(|| self.config.model.clone()));
    }
}

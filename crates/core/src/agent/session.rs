//! A session: the conversation so far, its running totals, and the turn loop.

use std::collections::BTreeMap;
use std::sync::Arc;

use futures::future::{select, Either};
use futures::StreamExt;
use serde_json::{json, Map, Value};

use crate::config::{PermissionMode, SessionConfig};
use crate::content::{ContentBlock, UserContent};
use crate::live::LiveSettings;
use crate::message::{
    ApiMessage, AssistantMessage, Message, PermissionDenial, ResultMessage, StreamEventMessage,
    SystemMessage, UserMessage, UserParam,
};
use crate::model::{ModelEvent, RetryNotice};
use crate::usage::{ModelUsage, Usage};

use super::dispatch::{self, Call};
use super::outcome::{api_error_text, TurnEnd};
use super::request::{self, Turn};
use super::response::ResponseBuilder;
use super::{hooks, Deps};

/// What the model reads when a response stopped at its output limit.
const MAX_TOKENS_NUDGE: &str = "Output token limit hit. Resume directly — no apology, no recap of what you were doing. Pick up mid-thought if that is where the cut happened. Break remaining work into smaller pieces.";
/// What the model reads after its stream broke off with an error mid-answer.
const STREAM_ERROR_NUDGE: &str = "Your response above was cut off mid-stream. Resume directly from where it stops — no apology, no recap. If none of it survived, answer the request from the start.";
/// Shown to the caller when the user stopped the turn at a permission prompt.
const INTERRUPTED_FOR_TOOL: &str = "[Request interrupted by user for tool use]";
const INTERRUPTED: &str = "[Request interrupted by user]";

/// One conversation with the model.
#[derive(Debug)]
pub struct Session {
    pub config: SessionConfig,
    /// Permission mode and model, which the caller may change mid-turn.
    pub live: Arc<LiveSettings>,
    pub(crate) history: Vec<Turn>,
    /// Cumulative over the session.
    pub total_cost_usd: f64,
    pub model_usage: BTreeMap<String, ModelUsage>,
    prompts_sent: usize,
}

/// The state of one turn in progress.
#[derive(Default)]
struct TurnState {
    usage: Usage,
    num_turns: u32,
    requests: u32,
    api_ms: u64,
    denials: Vec<PermissionDenial>,
    stop_reason: Option<String>,
    last_text: Option<String>,
}

impl Session {
    pub fn new(config: SessionConfig) -> Self {
        Session {
            live: Arc::new(LiveSettings::new(
                config.permission_mode,
                config.model.clone(),
            )),
            config,
            history: Vec::new(),
            total_cost_usd: 0.0,
            model_usage: BTreeMap::new(),
            prompts_sent: 0,
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

    fn system(&self, subtype: &str, data: Map<String, Value>, deps: &Deps<'_>) -> Message {
        Message::System(SystemMessage {
            subtype: subtype.to_string(),
            data,
            uuid: deps.clock.uuid(),
            session_id: self.config.session_id.clone(),
        })
    }

    fn user_text(&self, text: &str, deps: &Deps<'_>) -> Message {
        Message::User(UserMessage {
            message: UserParam {
                role: "user".into(),
                content: UserContent::Blocks(vec![ContentBlock::text(text)]),
            },
            parent_tool_use_id: None,
            tool_use_result: None,
            is_synthetic: None,
            uuid: Some(deps.clock.uuid()),
            session_id: Some(self.config.session_id.clone()),
        })
    }

    /// The fields every hook input carries, plus the tool fields for tool events.
    pub(crate) fn hook_input(&self, event: &str, tool: Option<(&str, &Value, &str)>) -> Value {
        let mut h = Map::new();
        h.insert("session_id".into(), json!(self.config.session_id));
        if let Some(p) = &self.config.transcript_path {
            h.insert("transcript_path".into(), json!(p.to_string_lossy()));
        }
        h.insert("cwd".into(), json!(self.config.cwd.to_string_lossy()));
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
    pub async fn run_turn(&mut self, prompt: UserContent, deps: &Deps<'_>) -> ResultMessage {
        let started = deps.clock.monotonic_ms();
        deps.emit.emit(self.init_message(deps));
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
        if hooked.stop || hooked.block_reason.is_some() {
            let reason = hooked
                .block_reason
                .or(hooked.stop_reason)
                .unwrap_or_default();
            return self.finish(deps, &st, started, TurnEnd::HookStopped(reason));
        }
        let mut blocks = Vec::new();
        if self.prompts_sent == 0 {
            if let Some(reminder) = &self.config.context_reminder {
                blocks.push(ContentBlock::text(format!(
                    "<system-reminder>\n{reminder}\n</system-reminder>"
                )));
            }
        }
        for ctx in &hooked.additional_context {
            blocks.push(ContentBlock::text(format!(
                "<system-reminder>\nUserPromptSubmit hook additional context: {ctx}\n</system-reminder>"
            )));
        }
        blocks.extend(prompt.into_blocks());
        self.history.push(Turn {
            role: "user",
            content: blocks,
        });
        self.prompts_sent += 1;

        let end = self.turn_loop(deps, &mut st).await;
        self.finish(deps, &st, started, end)
    }

    async fn turn_loop(&mut self, deps: &Deps<'_>, st: &mut TurnState) -> TurnEnd {
        st.num_turns = 1;
        loop {
            if deps.interrupt.is_aborted() {
                return TurnEnd::Interrupted {
                    during_tools: false,
                };
            }
            if let Some(max) = self.config.max_turns {
                if st.requests >= max {
                    return TurnEnd::MaxTurns(max);
                }
            }
            st.requests += 1;
            let response = match self.call_model(deps, st).await {
                Ok(r) => r,
                Err(end) => return end,
            };
            if let Some(budget) = self.config.max_budget_usd {
                if self.total_cost_usd >= budget {
                    return TurnEnd::Budget(budget);
                }
            }
            if response.stream_error.is_some() && response.has_blocks() {
                deps.emit.emit(self.user_text(STREAM_ERROR_NUDGE, deps));
                self.history.push(Turn {
                    role: "user",
                    content: vec![ContentBlock::text(format!(
                        "<system-reminder>\n{STREAM_ERROR_NUDGE}\n</system-reminder>"
                    ))],
                });
                st.num_turns += 1;
                continue;
            }
            let calls: Vec<Call> = response
                .tool_uses()
                .into_iter()
                .map(|(id, name, input)| Call { id, name, input })
                .collect();
            if calls.is_empty() {
                if response.stop_reason.as_deref() == Some("max_tokens") {
                    deps.emit.emit(self.user_text(MAX_TOKENS_NUDGE, deps));
                    self.history.push(Turn {
                        role: "user",
                        content: vec![ContentBlock::text(format!(
                            "<system-reminder>\n{MAX_TOKENS_NUDGE}\n</system-reminder>"
                        ))],
                    });
                    st.num_turns += 1;
                    continue;
                }
                return self.stop_hooks(deps, st).await;
            }
            let outcomes = dispatch::run_calls(self, deps, calls).await;
            let mut results = Vec::with_capacity(outcomes.len());
            let mut context = Vec::new();
            let mut interrupt = false;
            let mut stop = None;
            for o in outcomes {
                if let Some(a) = o.announce.clone() {
                    deps.emit.emit(a);
                }
                let block = o.block();
                deps.emit.emit(Message::User(UserMessage {
                    message: UserParam {
                        role: "user".into(),
                        content: UserContent::Blocks(vec![block.clone()]),
                    },
                    parent_tool_use_id: None,
                    tool_use_result: o.structured.clone(),
                    is_synthetic: None,
                    uuid: Some(deps.clock.uuid()),
                    session_id: Some(self.config.session_id.clone()),
                }));
                results.push(block);
                st.num_turns += 1;
                st.denials.extend(o.denial);
                context.extend(o.context);
                interrupt |= o.interrupt;
                stop = stop.or(o.stop);
            }
            for c in context {
                results.push(ContentBlock::text(format!(
                    "<system-reminder>\n{c}\n</system-reminder>"
                )));
            }
            self.history.push(Turn {
                role: "user",
                content: results,
            });
            if interrupt {
                deps.emit.emit(self.user_text(INTERRUPTED_FOR_TOOL, deps));
                self.history.push(Turn {
                    role: "user",
                    content: vec![ContentBlock::text(INTERRUPTED_FOR_TOOL)],
                });
                return TurnEnd::Interrupted { during_tools: true };
            }
            if deps.interrupt.is_aborted() {
                return TurnEnd::Interrupted { during_tools: true };
            }
            if let Some(reason) = stop {
                return TurnEnd::HookStopped(reason);
            }
        }
    }

    async fn stop_hooks(&mut self, deps: &Deps<'_>, st: &TurnState) -> TurnEnd {
        let mut input = self.hook_input("Stop", None);
        input["stop_hook_active"] = json!(false);
        input["last_assistant_message"] = json!(st.last_text.clone().unwrap_or_default());
        input["background_tasks"] = json!([]);
        input["session_crons"] = json!([]);
        let _ = hooks::run(deps, self.config.hooks.get("Stop"), None, input, None).await;
        TurnEnd::Completed
    }

    /// One model request, streamed. Emits assistant messages, stream events and retry
    /// notices; accounts usage and cost.
    async fn call_model(
        &mut self,
        deps: &Deps<'_>,
        st: &mut TurnState,
    ) -> Result<ResponseBuilder, TurnEnd> {
        let model = self.live.model();
        let request = request::build(&self.config, &model, &self.history, deps.tools);
        if self.config.include_partial_messages {
            let mut data = Map::new();
            data.insert("status".into(), json!("requesting"));
            deps.emit.emit(self.system("status", data, deps));
        }
        let t0 = deps.clock.monotonic_ms();
        let mut stream = deps.model.stream(request);
        let mut resp = ResponseBuilder::default();
        let interrupted = deps.interrupt.aborted();
        futures::pin_mut!(interrupted);
        loop {
            let next = match select(stream.next(), interrupted.as_mut()).await {
                Either::Left((ev, _)) => ev,
                Either::Right(_) => {
                    st.api_ms += deps.clock.monotonic_ms().saturating_sub(t0);
                    self.account(&model, &resp.usage, st);
                    return Err(TurnEnd::Interrupted {
                        during_tools: false,
                    });
                }
            };
            let Some(ev) = next else { break };
            match ev {
                ModelEvent::Stream(raw) => self.on_stream_event(deps, &mut resp, raw),
                ModelEvent::Retry(notice) => {
                    if resp.started {
                        // A broken-off attempt counts as far as it got: the turn's usage takes
                        // what message_start reported, the model's bill adds an estimate of
                        // the output streamed before the break (about four characters a token).
                        st.usage.add(&resp.start_usage);
                        let mut billed = resp.start_usage.clone();
                        billed.output_tokens += (resp.streamed_chars as u64).div_ceil(4);
                        self.account(&model, &billed, st);
                    }
                    resp = ResponseBuilder::default();
                    deps.emit.emit(self.retry_message(&notice, deps));
                }
                ModelEvent::Failed(_) if resp.stream_error.is_some() && resp.has_blocks() => {
                    // The answer broke off after some blocks: keep them, and the turn loop asks
                    // the model to resume.
                    break;
                }
                ModelEvent::Failed(err) => {
                    st.api_ms += deps.clock.monotonic_ms().saturating_sub(t0);
                    let text = api_error_text(&err);
                    deps.emit.emit(Message::Assistant(AssistantMessage {
                        message: ApiMessage {
                            id: deps.clock.uuid(),
                            kind: "message".into(),
                            role: "assistant".into(),
                            model: "<synthetic>".into(),
                            content: vec![ContentBlock::text(text.clone())],
                            stop_reason: Some("stop_sequence".into()),
                            stop_sequence: Some(String::new()),
                            usage: Usage::default(),
                            context_management: None,
                        },
                        parent_tool_use_id: None,
                        error: Some(err.kind.as_str().to_string()),
                        uuid: deps.clock.uuid(),
                        session_id: self.config.session_id.clone(),
                    }));
                    return Err(TurnEnd::ApiError {
                        text,
                        status: err.status,
                    });
                }
            }
        }
        st.api_ms += deps.clock.monotonic_ms().saturating_sub(t0);
        self.account(&model, &resp.usage, st);
        st.usage.add(&resp.usage);
        st.stop_reason = resp.stop_reason.clone();
        if let Some(t) = resp.text() {
            st.last_text = Some(t);
        }
        if !resp.blocks.is_empty() {
            self.history.push(Turn {
                role: "assistant",
                content: resp.blocks.clone(),
            });
        }
        Ok(resp)
    }

    fn account(&mut self, model: &str, usage: &Usage, _st: &mut TurnState) {
        let cost = self
            .model_usage
            .entry(model.to_string())
            .or_default()
            .record(model, usage);
        self.total_cost_usd += cost;
    }

    fn on_stream_event(&mut self, deps: &Deps<'_>, resp: &mut ResponseBuilder, raw: Value) {
        let kind = raw
            .get("type")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string();
        let block = resp.push(&raw);
        if let Some(block) = block {
            let block = self.fill_defaults(deps, block);
            if let Some(last) = resp.blocks.last_mut() {
                *last = block.clone();
            }
            deps.emit.emit(Message::Assistant(AssistantMessage {
                message: ApiMessage {
                    id: resp.id.clone(),
                    kind: "message".into(),
                    role: "assistant".into(),
                    model: resp.model.clone(),
                    content: vec![block],
                    stop_reason: None,
                    stop_sequence: None,
                    usage: resp.start_usage.clone(),
                    context_management: None,
                },
                parent_tool_use_id: None,
                error: None,
                uuid: deps.clock.uuid(),
                session_id: self.config.session_id.clone(),
            }));
        }
        if self.config.include_partial_messages && kind != "ping" && kind != "error" {
            deps.emit.emit(Message::StreamEvent(StreamEventMessage {
                event: raw,
                parent_tool_use_id: None,
                uuid: deps.clock.uuid(),
                session_id: self.config.session_id.clone(),
            }));
        }
    }

    /// Tool inputs are stored with their schema defaults filled in, defaults first.
    fn fill_defaults(&self, deps: &Deps<'_>, block: ContentBlock) -> ContentBlock {
        let ContentBlock::ToolUse { id, name, input } = block else {
            return block;
        };
        let Some(tool) = deps.tools.get(&name) else {
            return ContentBlock::ToolUse { id, name, input };
        };
        let (Value::Object(given), Some(props)) =
            (&input, tool.input_schema().get("properties").cloned())
        else {
            return ContentBlock::ToolUse { id, name, input };
        };
        let mut filled = Map::new();
        if let Value::Object(props) = props {
            for (k, schema) in props {
                if let (false, Some(d)) = (given.contains_key(&k), schema.get("default")) {
                    filled.insert(k, d.clone());
                }
            }
        }
        filled.extend(given.clone());
        ContentBlock::ToolUse {
            id,
            name,
            input: Value::Object(filled),
        }
    }

    fn retry_message(&self, n: &RetryNotice, deps: &Deps<'_>) -> Message {
        let mut data = Map::new();
        data.insert("attempt".into(), json!(n.attempt));
        data.insert("max_retries".into(), json!(n.max_retries));
        data.insert("retry_delay_ms".into(), json!(n.delay_ms));
        data.insert("error_status".into(), json!(n.error_status));
        data.insert("error".into(), json!(n.error.as_str()));
        self.system("api_retry", data, deps)
    }

    fn finish(
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
            self.history.push(Turn {
                role: "user",
                content: vec![ContentBlock::text(INTERRUPTED)],
            });
        }
        let fields = end.fields(st.num_turns, st.stop_reason.clone(), st.last_text.clone());
        let zero_usage = matches!(end, TurnEnd::Budget(_) | TurnEnd::ApiError { .. });
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
            structured_output: None,
            api_error_status: fields.api_error_status,
            terminal_reason: Some(fields.terminal_reason.to_string()),
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

    /// The conversation as the API sees it (role, content blocks).
    pub fn history(&self) -> Vec<(String, Vec<ContentBlock>)> {
        self.history
            .iter()
            .map(|t| (t.role.to_string(), t.content.clone()))
            .collect()
    }

    /// Replaces the conversation, e.g. when resuming from a transcript.
    pub fn restore_history(&mut self, turns: Vec<(String, Vec<ContentBlock>)>) {
        self.history = turns
            .into_iter()
            .map(|(role, content)| Turn {
                role: if role == "assistant" {
                    "assistant"
                } else {
                    "user"
                },
                content,
            })
            .collect();
        self.prompts_sent = self.history.iter().filter(|t| t.role == "user").count();
    }
}

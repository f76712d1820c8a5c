//! One model request: streaming it, emitting its messages, accounting its cost.

use futures::future::{select, Either};
use futures::StreamExt;
use serde_json::{json, Map, Value};

use crate::content::ContentBlock;
use crate::conversation::Turn;
use crate::message::{ApiErrorMark, ApiMessage, AssistantMessage, Message, StreamEventMessage};
use crate::model::{ApiError, ModelEvent, ModelRequest, RetryNotice};
use crate::usage::Usage;

use super::outcome::{api_error_text, TurnEnd};
use super::request;
use super::response::ResponseBuilder;
use super::session::TurnState;
use super::tool_round::{call_of, ToolRound};
use super::{Deps, Session};

/// Why a model call gave no response.
pub(crate) enum CallFailure {
    /// The turn ends (the error was reported, or the caller interrupted).
    End(TurnEnd),
    /// The API said the prompt is too long; nothing was reported yet.
    PromptTooLong(ApiError),
}

impl Session {
    /// One model request, streamed. Emits assistant messages, stream events and retry
    /// notices; accounts usage and cost; appends the answer to the history.
    pub(crate) async fn call_model(
        &mut self,
        deps: &Deps<'_>,
        st: &mut TurnState,
        round: &mut ToolRound,
    ) -> Result<ResponseBuilder, CallFailure> {
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
                    self.account(&model, &resp.usage);
                    return Err(CallFailure::End(TurnEnd::Interrupted {
                        during_tools: false,
                    }));
                }
            };
            let Some(ev) = next else { break };
            match ev {
                ModelEvent::Stream(raw) => self.on_stream_event(deps, st, round, &mut resp, raw),
                ModelEvent::Retry(notice) => {
                    if resp.started {
                        // A broken-off attempt counts as far as it got: the turn's usage takes
                        // what message_start reported, the model's bill adds an estimate of
                        // the output streamed before the break (about four characters a token).
                        st.usage.add(&resp.start_usage);
                        let mut billed = resp.start_usage.clone();
                        billed.output_tokens += (resp.streamed_chars as u64).div_ceil(4);
                        self.account(&model, &billed);
                    }
                    resp = ResponseBuilder::default();
                    *round = ToolRound::default();
                    deps.emit.emit(self.retry_message(&notice, deps));
                }
                ModelEvent::Failed(_) if resp.stream_error.is_some() && resp.has_blocks() => {
                    // The answer broke off after some blocks: keep them, and the turn loop asks
                    // the model to resume.
                    break;
                }
                ModelEvent::Failed(err) => {
                    st.api_ms += deps.clock.monotonic_ms().saturating_sub(t0);
                    if err.status == Some(400) && crate::compact::is_prompt_too_long(&err.message) {
                        return Err(CallFailure::PromptTooLong(err));
                    }
                    let text = api_error_text(&err);
                    deps.emit.emit(self.api_error_assistant(deps, &text, &err));
                    return Err(CallFailure::End(TurnEnd::ApiError {
                        text,
                        status: err.status,
                        error_type: err.error_type.clone(),
                    }));
                }
            }
        }
        st.api_ms += deps.clock.monotonic_ms().saturating_sub(t0);
        self.account(&model, &resp.usage);
        st.usage.add(&resp.usage);
        st.stop_reason = resp.stop_reason.clone();
        if let Some(t) = resp.text() {
            st.last_text = Some(t);
        }
        if !resp.blocks.is_empty() {
            self.history
                .push(Turn::assistant(resp.blocks.clone()).with_uuids(resp.uuids.clone()));
            self.tracker.counted(&resp.usage, self.history.len());
        }
        Ok(resp)
    }

    /// An assistant message that stands for something other than a model answer (an API
    /// error, a local command's output).
    pub(crate) fn synthetic_assistant(
        &self,
        deps: &Deps<'_>,
        text: &str,
        error: &str,
        stop_sequence: bool,
    ) -> Message {
        Message::Assistant(AssistantMessage {
            message: ApiMessage {
                id: deps.clock.uuid(),
                kind: "message".into(),
                role: "assistant".into(),
                model: "<synthetic>".into(),
                content: vec![ContentBlock::text(text)],
                stop_reason: Some(
                    if stop_sequence {
                        "stop_sequence"
                    } else {
                        "end_turn"
                    }
                    .into(),
                ),
                stop_sequence: stop_sequence.then(String::new),
                usage: Usage::default(),
                context_management: None,
            },
            parent_tool_use_id: None,
            error: (!error.is_empty()).then(|| error.to_string()),
            api_error: None,
            local_command: None,
            tool_use_meta: None,
            uuid: deps.clock.uuid(),
            session_id: self.config.session_id.clone(),
        })
    }

    /// The synthetic assistant message that stands for a failed API call.
    pub(crate) fn api_error_assistant(
        &self,
        deps: &Deps<'_>,
        text: &str,
        err: &ApiError,
    ) -> Message {
        let mut m = self.synthetic_assistant(deps, text, err.kind.as_str(), true);
        if let Message::Assistant(a) = &mut m {
            a.api_error = Some(Box::new(ApiErrorMark {
                is_api_error_message: true,
                api_error_status: err.status,
                api_error_type: err.error_type.clone(),
            }));
        }
        m
    }

    pub(crate) fn account(&mut self, model: &str, usage: &Usage) {
        let cost = self
            .model_usage
            .entry(model.to_string())
            .or_default()
            .record(model, usage);
        self.total_cost_usd += cost;
    }

    fn on_stream_event(
        &self,
        deps: &Deps<'_>,
        st: &mut TurnState,
        round: &mut ToolRound,
        resp: &mut ResponseBuilder,
        raw: Value,
    ) {
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
            let uuid = deps.clock.uuid();
            resp.uuids.push(uuid.clone());
            let call = call_of(&block);
            let meta = mcp_meta(&block, deps);
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
                api_error: None,
                local_command: None,
                tool_use_meta: meta,
                uuid,
                session_id: self.config.session_id.clone(),
            }));
            if let Some(call) = call {
                self.take_call(deps, st, round, call);
            }
        }
        if self.config.include_partial_messages && kind != "ping" && kind != "error" {
            deps.emit.emit(Message::StreamEvent(StreamEventMessage {
                event: raw,
                parent_tool_use_id: None,
                uuid: deps.clock.uuid(),
                session_id: self.config.session_id.clone(),
            }));
        }
        if kind != "ping" {
            // Calls answered while the response streams report when their time comes.
            self.stream_event(deps, st, round, &kind);
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
}

/// How the TypeScript SDK names a call of an MCP tool (`mcp__<server>__<tool>`).
fn mcp_meta(block: &ContentBlock, deps: &Deps<'_>) -> Option<Value> {
    let ContentBlock::ToolUse { id, name, .. } = block else {
        return None;
    };
    let (server, tool) = name.strip_prefix("mcp__")?.split_once("__")?;
    let mut chars = tool.chars();
    let display: String = chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default();
    let mut meta = json!({"id": id, "display_name": display});
    if deps.tools.get(name).is_some() {
        meta["server_display_name"] = json!(server);
        meta["tool_name"] = json!(tool);
    }
    Some(json!([meta]))
}

/// Runs a request without showing anything to the caller (the summary request of a
/// compaction): the assembled response, or the final error. Retries stay silent.
pub(crate) async fn collect(
    deps: &Deps<'_>,
    request: ModelRequest,
) -> Result<ResponseBuilder, ApiError> {
    let mut stream = deps.model.stream(request);
    let mut resp = ResponseBuilder::default();
    while let Some(ev) = stream.next().await {
        match ev {
            ModelEvent::Stream(raw) => {
                resp.push(&raw);
            }
            ModelEvent::Retry(_) => resp = ResponseBuilder::default(),
            ModelEvent::Failed(err) => return Err(err),
        }
    }
    Ok(resp)
}

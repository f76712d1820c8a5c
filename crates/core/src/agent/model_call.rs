//! One model request: streaming it, emitting its messages, accounting its cost.

use std::borrow::Cow;

use futures::future::{select, Either};
use futures::StreamExt;
use serde_json::{json, Map, Value};

use super::deps::StreamProgress;
use crate::api_event::{ApiEvent, DeltaKind};
use crate::content::ContentBlock;
use crate::conversation::Turn;
use crate::message::{ApiMessage, AssistantMessage, Message, StreamEventMessage};
use crate::model::{ApiError, ModelEvent, ModelRequest, RetryNotice};
use crate::protocol::system::{ApiRetry, Status, SystemBody, ThinkingTokens};

use super::deps::{Deps, ResponseEnd};
use super::fallback::{fallback_body, FallbackWatch};
use super::outcome::{api_error_text, TurnEnd};
use super::request;
use super::response::ResponseBuilder;
use super::tool_calls::call::call_of;
use super::tool_calls::round::ToolRound;
use super::turn::{Conversation, TurnState};
use super::view::SessionView;

/// Why a model call gave no response.
pub(crate) enum CallFailure {
    /// The turn ends (the error was reported, or the caller interrupted).
    End(TurnEnd),
    /// The API said the prompt is too long; nothing was reported yet.
    PromptTooLong(ApiError),
}

/// One model request, streamed. Emits assistant messages, stream events and retry
/// notices; accounts usage and cost; appends the answer to the history.
pub(crate) async fn call_model(
    session: &SessionView<'_>,
    conversation: &mut Conversation<'_>,
    deps: &Deps<'_>,
    st: &mut TurnState,
    round: &mut ToolRound,
    budget: Option<(f64, f64)>,
) -> Result<ResponseBuilder, CallFailure> {
    let mut model = session.live.model();
    let mut request = request::build(session.config, &model, conversation.history, deps.tools);
    // Thinking the caller set while the session runs (set_max_thinking_tokens), shaped for
    // the model as the options' is.
    let live_thinking = session.live.thinking().map(|t| {
        let max_tokens = request::max_tokens(session.config, &model);
        crate::thinking::for_model(&model, Some(&t), max_tokens)
    });
    if let (Some(thinking), Some(body)) = (live_thinking, request.body.as_object_mut()) {
        match thinking {
            Some(t) => body.insert("thinking".into(), t),
            None => body.remove("thinking"),
        };
    }
    // How thinking is shown, as the request asked: stream events of the response say it.
    let display: Option<String> = request
        .body
        .pointer("/thinking/display")
        .and_then(Value::as_str)
        .map(str::to_string);
    if session.config.include_partial_messages && !std::mem::take(&mut st.requesting_sent) {
        let requesting = SystemBody::Status(Status::requesting());
        deps.emit.emit(session.system(requesting, deps));
    }
    let t0 = deps.clock.monotonic_ms();
    let mut stream = deps.model.stream(request);
    let mut watch = FallbackWatch::default();
    let mut resp = ResponseBuilder::default();
    let mut retries = 0i64;
    let interrupted = deps.interrupt.aborted();
    futures::pin_mut!(interrupted);
    loop {
        let next = match select(stream.next(), interrupted.as_mut()).await {
            Either::Left((ev, _)) => ev,
            Either::Right(_) => {
                end_response(deps, &resp);
                st.api_ms += deps.clock.monotonic_ms().saturating_sub(t0);
                conversation.account(&model, &resp.usage);
                // The interruption notice that ends the answer counts as a turn.
                st.num_turns += 1;
                return Err(CallFailure::End(TurnEnd::Interrupted {
                    during_tools: false,
                }));
            }
        };
        let Some(ev) = next else { break };
        match ev {
            ModelEvent::Stream(raw) => {
                if let Some(id) = raw.request_id() {
                    resp.request_id = Some(id.to_string());
                }
                // What the budget leaves for this response (see `on_stream_event`).
                let about = About {
                    display: display.as_deref(),
                    budget_left: budget
                        .map(|(_, ceiling)| (ceiling - *conversation.total_cost_usd, &*model)),
                };
                on_stream_event(session, deps, st, round, &mut resp, raw, about).await;
            }
            ModelEvent::OutputLimit(limit) => {
                // Re-sent by the client with the limit (which it keeps to for the model from
                // now on); nothing of the refused request shows.
                conversation
                    .model_usage
                    .entry(model.clone())
                    .or_default()
                    .learned_max_output_tokens = Some(limit);
            }
            ModelEvent::Retry(notice) => {
                retries += 1;
                tracing::Span::current().record("oxagent.retries", retries);
                if resp.started {
                    // A broken-off attempt counts as far as it got: the turn's usage takes
                    // what message_start reported, the model's bill (when it is billed) an
                    // estimate of the output streamed before the break.
                    st.usage.add(&resp.start_usage);
                    st.usage_of_retried.add(&resp.start_usage);
                    if notice.billed {
                        conversation.account(&model, &resp.broken_off_usage(&model));
                    }
                }
                // An attempt a stream error broke off before any block is closed too (the
                // one kind of broken-off attempt that is not billed).
                if resp.started {
                    abandoned_stop(session, deps, &resp);
                }
                // A billed attempt that spends the budget is not asked again
                // (budgetstop/bs_cut_*).
                if let Some((max, ceiling)) = budget.filter(|_| resp.started && notice.billed) {
                    if *conversation.total_cost_usd >= ceiling {
                        end_response(deps, &resp);
                        st.api_ms += deps.clock.monotonic_ms().saturating_sub(t0);
                        return Err(CallFailure::End(TurnEnd::Budget(max)));
                    }
                }
                end_response(deps, &resp);
                resp = ResponseBuilder::default();
                *round = ToolRound::default();
                let fallback = session.config.fallback_model.as_deref();
                if let Some(switch) = watch.on_retry(&notice, &model, fallback) {
                    stream = switch_model(session, conversation, deps, &mut model, switch);
                    continue;
                }
                if !notice.silent {
                    deps.emit.emit(retry_message(session, &notice, deps));
                }
            }
            ModelEvent::Failed(err)
                if resp.has_blocks()
                    && err.status.is_none()
                    && !resumable(&err)
                    && !round.has_calls() =>
            {
                // A stream error the server will not get over ends the turn, the blocks
                // shown so far unbilled (vh_api_stream_rate_limit_mid).
                end_response(deps, &resp);
                st.api_ms += deps.clock.monotonic_ms().saturating_sub(t0);
                let text = api_error_text(&err, &model);
                let shown = ApiError {
                    kind: crate::model::ApiErrorKind::Unknown,
                    status: stream_error_status(&err),
                    ..err
                };
                let end = Box::pin(api_error_end_saying(session, deps, &shown, text)).await;
                return Err(CallFailure::End(end));
            }
            ModelEvent::Failed(err) if resp.has_blocks() && err.status.is_none() => {
                // The answer broke off after some blocks: keep them. Without tool calls the
                // turn loop asks the model to resume; with them the caller is told the
                // answer may be incomplete, and the calls run.
                // A timeout is billed as a cut connection is: the estimate of what streamed
                // (vh_api_stream_timeout_mid).
                resp.cut_off = resp.stream_error.is_none()
                    || err.error_type.as_deref() == Some("timeout_error");
                abandoned_stop(session, deps, &resp);
                if round.has_calls() && !resumable(&err) {
                    // The calls run; the caller is told of the error, and the broken answer
                    // is not billed (vh_api_stream_rate_limit_after_tool).
                    let shown = ApiError {
                        kind: crate::model::ApiErrorKind::Unknown,
                        status: stream_error_status(&err),
                        ..err.clone()
                    };
                    let text = api_error_text(&err, &model);
                    let mut m = session.api_error_assistant(deps, &text, &shown);
                    if let Message::Assistant(a) = &mut m {
                        a.message.stop_reason = Some("tool_use".into());
                        a.message.stop_sequence = None;
                    }
                    deps.emit.emit(m);
                    resp.usage = Default::default();
                } else if round.has_calls() {
                    // Told once the budget is known not to end the turn here.
                    let what = resp.broken_off().unwrap_or("Connection lost mid-response");
                    resp.notice = Some(broken_off_before_tools(session, deps, what, &err));
                }
                break;
            }
            ModelEvent::Failed(err) => {
                let fallback = session.config.fallback_model.as_deref();
                if let Some(switch) = watch.on_failure(&err, &model, fallback) {
                    // A model that is not there: the request goes to the fallback model.
                    end_response(deps, &resp);
                    resp = ResponseBuilder::default();
                    *round = ToolRound::default();
                    stream = switch_model(session, conversation, deps, &mut model, switch);
                    continue;
                }
                let kind = err.error_type.clone().or(err.status.map(|s| s.to_string()));
                tracing::Span::current().record("error.type", kind.as_deref().unwrap_or("error"));
                end_response(deps, &resp);
                st.api_ms += deps.clock.monotonic_ms().saturating_sub(t0);
                // A request too large (413) is taken as a prompt too long: compacted.
                if err.status == Some(413)
                    || (err.status == Some(400) && crate::compact::is_prompt_too_long(&err.message))
                {
                    return Err(CallFailure::PromptTooLong(err));
                }
                return Err(CallFailure::End(
                    Box::pin(api_error_end(session, deps, &err, &model)).await,
                ));
            }
        }
    }
    end_response(deps, &resp);
    st.api_ms += deps.clock.monotonic_ms().saturating_sub(t0);
    // An answer the connection cut after whole blocks is billed its estimate too.
    let billed = if resp.cut_off {
        resp.broken_off_usage(&model)
    } else {
        resp.usage.clone()
    };
    conversation.account(&model, &billed);
    if session
        .config
        .betas
        .iter()
        .any(|b| b == crate::usage::CONTEXT_1M_BETA)
    {
        if let Some(entry) = conversation.model_usage.get_mut(&model) {
            entry.with_context_1m(&model);
        }
    }
    st.usage.add(&resp.usage);
    // An answer that broke off (the connection cut, a server error mid-stream) has no stop
    // reason: the turn keeps the last one it had (a result right after it reports that one:
    // fuzz-d/fd_402).
    if !resp.ended_early() {
        st.stop_reason = resp.stop_reason.clone();
    }
    // The result is the answer's last block when it is text (a final thinking block leaves
    // it empty, as in the reference).
    if let Some(last) = resp.blocks.last() {
        let at = resp.blocks.len() - 1;
        let shown = resp.shown_texts.iter().rev().find(|(i, _)| *i == at);
        st.last_text = Some(match (last, shown) {
            (ContentBlock::Text { .. }, Some((_, instead))) => instead.clone(),
            (ContentBlock::Text { text, .. }, None) => text.clone(),
            _ => String::new(),
        });
    }
    if !resp.blocks.is_empty() {
        conversation.history.push(
            Turn::assistant(resp.blocks.clone())
                .with_uuids(resp.uuids.clone())
                .with_model(Some(model.clone())),
        );
        conversation
            .tracker
            .counted(&resp.usage, conversation.history.len());
        // An answer broken off is not in the token budget reminder's count (fd_042).
        if resp.broken_off().is_none() {
            conversation.tracker.whole_answer(&resp.usage);
        }
    }
    Ok(resp)
}

/// Switches the session to the fallback model (`switch`: it and why) and sends the same
/// request to it, with retries of its own.
fn switch_model(
    session: &SessionView<'_>,
    conversation: &Conversation<'_>,
    deps: &Deps<'_>,
    model: &mut String,
    (next, trigger): (String, super::fallback::Trigger),
) -> futures::stream::BoxStream<'static, ModelEvent> {
    deps.emit
        .emit(session.system(fallback_body(model, &next, trigger), deps));
    session.live.set_model(next.clone());
    *model = next;
    let request = request::build(session.config, model, conversation.history, deps.tools);
    deps.model.stream(request)
}

/// Tells where messages go that the response's blocks have their final stop reason and
/// usage (again at the stream's end: a cut stream had no `message_delta`).
fn end_response(deps: &Deps<'_>, resp: &ResponseBuilder) {
    if resp.id.is_empty() {
        return;
    }
    deps.emit.response_end(&ResponseEnd {
        message_id: &resp.id,
        stop_reason: resp.stop_reason.as_deref(),
        stop_sequence: resp.stop_sequence.as_deref(),
        usage: &resp.usage,
    });
}

/// With partial messages, a response a stream error broke off (after whole blocks, or before
/// any, when it is tried again) is closed by a `message_stop` of our own naming the blocks
/// given up (those from the next index).
fn abandoned_stop(session: &SessionView<'_>, deps: &Deps<'_>, resp: &ResponseBuilder) {
    if !session.config.include_partial_messages {
        return;
    }
    let id = (!resp.id.is_empty()).then(|| resp.id.clone());
    // A text block cut short is closed first; a tool call's partial input is not.
    if let Some(index) = resp.open_prose_block() {
        deps.emit.emit(Message::StreamEvent(StreamEventMessage {
            event: serde_json::json!({"type": "content_block_stop", "index": index}).into(),
            parent_tool_use_id: None,
            thinking_display: None,
            api_message_id: id.clone(),
            abandoned_blocks: None,
            uuid: deps.clock.uuid(),
            session_id: session.config.session_id.clone(),
        }));
    }
    deps.emit.emit(Message::StreamEvent(StreamEventMessage {
        event: serde_json::json!({"type": "message_stop"}).into(),
        parent_tool_use_id: None,
        thinking_display: None,
        api_message_id: id.clone(),
        abandoned_blocks: Some(serde_json::json!({
            "api_message_id": id,
            "from_block_index": resp.blocks.len(),
        })),
        uuid: deps.clock.uuid(),
        session_id: session.config.session_id.clone(),
    }));
}

/// What a stream event is read against: how thinking is shown (as the request asked), and
/// what the budget leaves for this response and the model it is priced at.
#[derive(Clone, Copy)]
struct About<'a> {
    display: Option<&'a str>,
    budget_left: Option<(f64, &'a str)>,
}

async fn on_stream_event(
    session: &SessionView<'_>,
    deps: &Deps<'_>,
    st: &mut TurnState,
    round: &mut ToolRound,
    resp: &mut ResponseBuilder,
    raw: ApiEvent,
    about: About<'_>,
) {
    let About {
        display,
        budget_left,
    } = about;
    // A delta read without a `Value` (see `ApiEvent`) names its kind without allocating.
    let kind: Cow<'static, str> = match raw.delta() {
        Some(_) => Cow::Borrowed("content_block_delta"),
        None => Cow::Owned(raw.kind().to_string()),
    };

    let block = resp.push_event(&raw);
    if let Some(streamed) = streamed(resp, &kind) {
        deps.emit.streamed(streamed);
    }
    if kind == "message_delta" {
        end_response(deps, resp);
    }
    if let Some(blank) = resp.dropped_blank.take() {
        let uuid = deps.clock.uuid();
        deps.emit
            .record_only(block_message(session, resp, blank, None, None, uuid));
    }
    let mut call = None;
    if let Some(block) = block {
        let block = fill_defaults(deps, block);
        if let Some(last) = resp.blocks.last_mut() {
            *last = block.clone();
        }
        let uuid = deps.clock.uuid();
        resp.uuids.push(uuid.clone());
        call = call_of(&block).map(|mut c| {
            // An alias resolves one hop, to a tool the session has; the message keeps the
            // name the model wrote.
            if let Some(target) = session.config.tool_aliases.get(&c.name) {
                if deps.tools.get(target).is_some() {
                    c.name = target.clone();
                }
            }
            // A tool's former name (KillShell) runs the tool (TaskStop). The message shows
            // what the model wrote; the conversation keeps it too, except that it calls the
            // Agent tool Agent, whatever the model wrote, as the reference does.
            let now = crate::tool::current_name(&c.name);
            if deps.tools.get(&c.name).is_none() && deps.tools.get(now).is_some() {
                if let (Some(ContentBlock::ToolUse { name, .. }), "Task") =
                    (resp.blocks.last_mut(), c.name.as_str())
                {
                    *name = now.to_string();
                }
                c.name = now.to_string();
            }
            c
        });
        let meta = mcp_meta(&block, deps, session.config.meta_tools.as_ref());
        let thinks = matches!(block, ContentBlock::Thinking { .. });
        let mut block = shown(deps, block);
        // A text is shown once its MessageDisplay hooks ran: as they may word it
        // (`displayContent`; the model keeps its own, hookoutput/ho_display_*).
        if let ContentBlock::Text { text, .. } = &mut block {
            if !text.is_empty() && session.config.hooks.contains_key("MessageDisplay") {
                let hook = super::hooks::display::message_display(session, deps, &uuid, text);
                if let Some(instead) = Box::pin(hook).await {
                    let at = resp.blocks.len().saturating_sub(1);
                    resp.shown_texts.push((at, instead.clone()));
                    *text = instead;
                }
            }
        }
        let display = display.filter(|_| thinks).map(str::to_string);
        deps.emit
            .emit(block_message(session, resp, block, meta, display, uuid));
    }
    // A call naming no tool is answered before its block's end is passed on.
    // So is a file read (its refusal by the mode comes as soon).
    if let Some(early) = call.take_if(|c| {
        deps.tools.get(&c.name).is_none() || super::tool_calls::run::taken_early(&c.name)
    }) {
        round.take_call(session, deps, st, early);
    }
    if let Some(tokens) = thinking_tokens(resp, &raw) {
        deps.emit.streamed(StreamProgress::Thinking {
            tokens: tokens.estimated_tokens_delta,
        });
        deps.emit
            .emit(session.system(SystemBody::ThinkingTokens(tokens), deps));
    }
    // When the response spends the budget (its message_delta says how much it cost: an
    // answer over budget shows no result, vg_so_budget).
    if kind == "message_delta" {
        resp.last_call_waiting = round.last_call_waiting();
    }
    let spent = kind == "message_delta"
        && budget_left
            .is_some_and(|(left, model)| crate::usage::cost_usd(model, &resp.usage) >= left);
    let mut raw = raw;
    // An answer ending in a call started as its block streamed shows, when it spends the
    // budget, a message_delta of the reference's making: no stop reason, the usage
    // message_start told (budgetstop/bs_read_partial, fuzz-d/fd_261).
    if spent && resp.ends_in_early_call(deps.tools) {
        raw = ApiEvent::from(budget_stop_delta(&resp.start_usage));
        resp.budget_stop = true;
    }
    let replayed = raw.delta().is_none()
        && raw
            .value_mut()
            .as_object_mut()
            .and_then(|o| o.remove(crate::model::REPLAYED_EVENT))
            .is_some();
    if session.config.include_partial_messages && kind != "ping" && kind != "error" && !replayed {
        // The display setting goes with the response's start, each thinking block's start
        // and each of its thinking deltas.
        let opens_thinking = match raw.delta() {
            Some(delta) => delta.kind == DeltaKind::Thinking,
            None => {
                kind == "message_start"
                    || str_at(&raw, "content_block", "type") == Some("thinking")
                    || str_at(&raw, "delta", "type") == Some("thinking_delta")
            }
        };
        deps.emit.emit(Message::StreamEvent(StreamEventMessage {
            event: raw,
            parent_tool_use_id: None,
            thinking_display: display.filter(|_| opens_thinking).map(str::to_string),
            api_message_id: (!resp.id.is_empty()).then(|| resp.id.clone()),
            // Its message_stop names the blocks given up, as a broken-off answer's does.
            abandoned_blocks: (resp.budget_stop && kind == "message_stop").then(|| {
                serde_json::json!({"api_message_id": resp.id, "from_block_index": resp.blocks.len()})
            }),
            uuid: deps.clock.uuid(),
            session_id: session.config.session_id.clone(),
        }));
    }
    // A call goes to its tool once the block's end has been passed on.
    if let Some(call) = call {
        round.take_call(session, deps, st, call);
    }
    if kind != "ping" {
        // Calls answered while the response streams report when their time comes; none
        // when the response spends the budget.
        round.stream_event(session, deps, st, &kind, spent);
    }
}

/// The message_delta the reference shows for an answer that spent the budget after a call
/// it started early.
fn budget_stop_delta(start: &crate::usage::Usage) -> Value {
    serde_json::json!({
        "type": "message_delta",
        "context_management": null,
        "delta": {"container": null, "stop_details": null, "stop_reason": null, "stop_sequence": null},
        "usage": {
            "output_tokens_details": {"thinking_tokens": 0},
            "cache_creation_input_tokens": start.cache_creation_input_tokens,
            "cache_read_input_tokens": start.cache_read_input_tokens,
            "input_tokens": start.input_tokens,
            "iterations": [],
            "output_tokens": start.output_tokens,
            "server_tool_use": {"web_search_requests": 0, "web_fetch_requests": 0},
            "fallback_credit": null
        }
    })
}

/// `value[a][b]` as a string: `Value::pointer` allocates for each of its steps, and this runs
/// for every stream event.
fn str_at<'v>(value: &'v Value, a: &str, b: &str) -> Option<&'v str> {
    value.get(a)?.get(b)?.as_str()
}

/// What an event of the response streamed, for [`StreamProgress`]: its start (after
/// `push_event` read its usage), or the characters of a text or input delta it counted.
fn streamed(resp: &mut ResponseBuilder, kind: &str) -> Option<StreamProgress> {
    if kind == "message_start" {
        let u = &resp.usage;
        return Some(StreamProgress::Start {
            prompt_tokens: u.input_tokens
                + u.cache_creation_input_tokens
                + u.cache_read_input_tokens,
        });
    }
    resp.take_output_chars()
        .map(|chars| StreamProgress::Output { chars })
}

/// The count a thinking delta brings its block to, as `system/thinking_tokens` reports it
/// before the delta: a quarter of its characters, rounded up; a signature then raises the
/// count to a quarter of three quarters of its characters when that is more. Any block's
/// start begins a new count (streamcut/sc_thinking_*).
fn thinking_tokens(resp: &mut ResponseBuilder, raw: &ApiEvent) -> Option<ThinkingTokens> {
    let (kind, text) = match raw.delta() {
        Some(delta) => (delta.kind, delta.text.as_str()),
        None => {
            if raw.get("type").and_then(Value::as_str) == Some("content_block_start") {
                resp.thinking_estimate = 0;
                return None;
            }
            match str_at(raw, "delta", "type")? {
                "thinking_delta" => (DeltaKind::Thinking, str_at(raw, "delta", "thinking")?),
                "signature_delta" => (DeltaKind::Signature, str_at(raw, "delta", "signature")?),
                _ => return None,
            }
        }
    };
    let chars = text.encode_utf16().count() as u64;
    let (estimated, delta) = match kind {
        DeltaKind::Thinking if chars > 0 => {
            let delta = chars.div_ceil(4);
            (resp.thinking_estimate + delta, delta)
        }
        DeltaKind::Signature if resp.thinking_estimate > 0 => {
            let signed = ((chars as f64 * 0.75 + 0.5).floor() as u64).div_ceil(4);
            if signed <= resp.thinking_estimate {
                return None;
            }
            (signed, signed - resp.thinking_estimate)
        }
        _ => return None,
    };
    resp.thinking_estimate = estimated;
    Some(ThinkingTokens {
        estimated_tokens: estimated,
        estimated_tokens_delta: delta,
    })
}

/// The call as the caller is shown it: the tool's own view of its input, if it has one.
fn shown(deps: &Deps<'_>, block: ContentBlock) -> ContentBlock {
    let ContentBlock::ToolUse { id, name, input } = block else {
        return block;
    };
    let input = deps
        .tools
        .get(&name)
        .and_then(|t| t.shown_input(&input))
        .unwrap_or(input);
    ContentBlock::ToolUse { id, name, input }
}

/// Tool inputs are stored as the tool reads them: `\uXXXX` escapes left in their strings read
/// as the characters, numbers and booleans spelt as strings
/// coerced (but the fields a tool keeps as written), schema defaults filled in (defaults
/// first). An input that still fails its schema is stored with its spelt numbers and
/// booleans read, and nothing else changed.
fn fill_defaults(deps: &Deps<'_>, block: ContentBlock) -> ContentBlock {
    let ContentBlock::ToolUse { id, name, input } = block else {
        return block;
    };
    let Some(tool) = deps.tools.get(&name) else {
        return ContentBlock::ToolUse { id, name, input };
    };
    let input = super::unicode_escapes::decoded_input(input);
    let schema = tool.input_schema();
    let input = if tool.validates_own_input() {
        input
    } else {
        let mut coerced = crate::validate::coerce_input_stored(&schema, &input);
        let fails = crate::validate::validate_input(&name, &schema, &coerced).is_err();
        if let (Value::Object(stored), Value::Object(written)) = (&mut coerced, &input) {
            for key in tool.keeps_strings() {
                if let Some(v) = written.get(*key).filter(|v| v.is_string()) {
                    stored.insert((*key).to_string(), v.clone());
                }
            }
        }
        // An input that still fails keeps its numbers read all the same (fb_136, fb_152).
        if fails {
            return ContentBlock::ToolUse {
                id,
                name,
                input: coerced,
            };
        }
        coerced
    };
    let input = tool.tidy_input(input);
    if !tool.fills_defaults() {
        return ContentBlock::ToolUse { id, name, input };
    }
    filled(id, name, input, &schema)
}

fn filled(id: String, name: String, input: Value, schema: &Value) -> ContentBlock {
    let (Value::Object(given), Some(props)) = (&input, schema.get("properties").cloned()) else {
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

/// The text of an answer that broke off: `what` is how it broke.
pub(crate) fn broken_off_text(what: &str) -> String {
    format!("API Error: {what}. The response above may be incomplete.")
}

/// The synthetic assistant message saying an answer broke off.
pub(crate) fn broken_off_message(
    session: &SessionView<'_>,
    deps: &Deps<'_>,
    what: &str,
    err: &ApiError,
) -> Message {
    // The stream's own error type is not repeated on it.
    let err = ApiError {
        kind: crate::model::ApiErrorKind::ServerError,
        error_type: None,
        ..err.clone()
    };
    let mut m = session.api_error_assistant(deps, &broken_off_text(what), &err);
    // A connection that broke is named so whatever the transport reported.
    if let (Message::Assistant(a), true) = (&mut m, what == "Connection lost mid-response") {
        if let Some(mark) = a.api_error.as_mut() {
            mark.api_error = Some("connection_failed".into());
        }
    }
    m
}

/// [`broken_off_message`] for an answer whose tool calls still run: it stops for them (and
/// names no stop sequence).
fn broken_off_before_tools(
    session: &SessionView<'_>,
    deps: &Deps<'_>,
    what: &str,
    err: &ApiError,
) -> Message {
    let mut m = broken_off_message(session, deps, what, err);
    if let Message::Assistant(a) = &mut m {
        a.message.stop_reason = Some("tool_use".into());
        a.message.stop_sequence = None;
    }
    m
}

/// Ends a turn whose answers kept breaking off: the caller is told, and the result is an
/// error without a status.
pub(crate) fn broken_off_end(session: &SessionView<'_>, deps: &Deps<'_>, what: &str) -> TurnEnd {
    let err = ApiError {
        status: None,
        kind: crate::model::ApiErrorKind::ServerError,
        message: what.to_string(),
        error_type: None,
        endpoint: String::new(),
        request_id: None,
    };
    deps.emit
        .emit(broken_off_message(session, deps, what, &err));
    TurnEnd::ApiError {
        text: broken_off_text(what),
        status: None,
        error_type: None,
        kind: err.kind,
        request_id: None,
    }
}

fn retry_message(session: &SessionView<'_>, n: &RetryNotice, deps: &Deps<'_>) -> Message {
    let retry = ApiRetry {
        attempt: n.attempt,
        max_retries: n.max_retries,
        retry_delay_ms: n.delay_ms,
        error_status: n.error_status,
        error: n.error.as_str().to_string(),
    };
    session.system(SystemBody::ApiRetry(retry), deps)
}

/// Whether an answer that broke off with this error is resumed (see
/// [`crate::model::is_transient_stream_error`]).
fn resumable(err: &ApiError) -> bool {
    crate::model::is_transient_stream_error(err.error_type.as_deref())
}

/// The status a result reports for a stream error that ended the turn: 429 for a rate
/// limit, none for the others.
fn stream_error_status(err: &ApiError) -> Option<u16> {
    (err.error_type.as_deref() == Some("rate_limit_error")).then_some(429)
}

/// How an MCP tool (the part after `mcp__<server>__`) is shown: `_` becomes a space and
/// every letter that starts a word (after a character other than a letter or digit) is
/// capitalized (`create_issue`: "Create Issue", `dash-name`: "Dash-Name", `dot.name`:
/// "Dot.Name").
pub(crate) fn mcp_display_name(tool: &str) -> String {
    let mut out = String::with_capacity(tool.len());
    let mut starts_word = true;
    for c in tool.chars() {
        let c = if c == '_' { ' ' } else { c };
        if starts_word {
            out.extend(c.to_uppercase());
        } else {
            out.push(c);
        }
        starts_word = !c.is_alphanumeric();
    }
    out
}

/// How the TypeScript SDK names a call of an MCP tool (`mcp__<server>__<tool>`), or of an
/// offered tool spelt in other letter case.
fn mcp_meta(
    block: &ContentBlock,
    deps: &Deps<'_>,
    main_tools: Option<&crate::tool::ToolRegistry>,
) -> Option<Value> {
    let ContentBlock::ToolUse { id, name, .. } = block else {
        return None;
    };
    // A name that matches an offered tool but for letter case is shown as that tool.
    if deps.tools.get(name).is_none() {
        if let Some(right) = deps
            .tools
            .names()
            .into_iter()
            .find(|t| t.eq_ignore_ascii_case(name))
        {
            return Some(json!([{"id": id, "display_name": right}]));
        }
    }
    let (server, tool) = name.strip_prefix("mcp__")?.split_once("__")?;
    let mut meta = json!({"id": id, "display_name": mcp_display_name(tool)});
    // A subagent's call is described by the main session's tools (probes am_*).
    if let Some(offered) = main_tools.unwrap_or(deps.tools).get(name) {
        // The server and the tool by the names they gave themselves (vh_mcp_odd_names); a
        // plugin's server (`plugin:<plugin>:<server>`) by its own name.
        // A server the options start is shown by the name it gives itself (fj_133).
        let given = offered
            .mcp_server_display()
            .or(offered.mcp_server())
            .unwrap_or(server);
        let server = given
            .strip_prefix("plugin:")
            .and_then(|s| s.split_once(':'))
            .map_or(given, |(_, own)| own);
        meta["server_display_name"] = json!(server);
        // A tool with a title is shown by it (fj_008).
        if let Some(title) = offered.mcp_title() {
            meta["display_name"] = json!(title);
        }
        meta["tool_name"] = json!(offered.mcp_origin().map_or(tool, |(listed, _)| listed));
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
            ModelEvent::OutputLimit(_) => {}
            ModelEvent::Failed(err) => return Err(err),
        }
    }
    Ok(resp)
}

/// Reports an API error that ends the turn: the synthetic assistant message, StopFailure
/// hooks, and the turn's end.
pub(crate) async fn api_error_end(
    session: &SessionView<'_>,
    deps: &Deps<'_>,
    err: &ApiError,
    model: &str,
) -> TurnEnd {
    let text = api_error_text(err, model);
    api_error_end_saying(session, deps, err, text).await
}

/// [`api_error_end`] with the text given.
async fn api_error_end_saying(
    session: &SessionView<'_>,
    deps: &Deps<'_>,
    err: &ApiError,
    text: String,
) -> TurnEnd {
    let shown = session.api_error_assistant(deps, &text, err);
    let shown_id = match &shown {
        Message::Assistant(a) => a.uuid.clone(),
        _ => String::new(),
    };
    deps.emit.emit(shown);
    super::hooks::display::stop_failure(session, deps, &shown_id, err.kind, &text).await;
    TurnEnd::ApiError {
        text,
        status: err.status,
        error_type: err.error_type.clone(),
        kind: err.kind,
        request_id: err.request_id.clone(),
    }
}

/// The assistant message that carries one block of the answer `resp` streams.
fn block_message(
    session: &SessionView<'_>,
    resp: &ResponseBuilder,
    block: ContentBlock,
    tool_use_meta: Option<Value>,
    thinking_display: Option<String>,
    uuid: String,
) -> Message {
    Message::Assistant(AssistantMessage {
        message: ApiMessage {
            id: resp.id.clone(),
            kind: "message".into(),
            role: "assistant".into(),
            model: resp.model.clone(),
            content: vec![block],
            stop_reason: resp.start_stop_reason.clone(),
            stop_sequence: None,
            usage: resp.start_usage.clone(),
            context_management: None,
            extra: Default::default(),
        },
        parent_tool_use_id: None,
        error: None,
        api_error: None,
        local_command: None,
        tool_use_meta,
        subagent: None,
        thinking_display,
        uuid,
        session_id: session.config.session_id.clone(),
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn mcp_tools_are_shown_word_by_word() {
        let shown = super::mcp_display_name;
        assert_eq!(shown("create_issue"), "Create Issue");
        assert_eq!(shown("dash-name"), "Dash-Name");
        assert_eq!(shown("dot.name"), "Dot.Name");
        assert_eq!(shown("UpperCase"), "UpperCase");
        assert_eq!(shown("ok"), "Ok");
    }

    #[test]
    fn thinking_tokens_count_the_thinking_then_a_larger_signature() {
        use crate::api_event::ApiEvent;
        let mut resp = super::ResponseBuilder::default();
        let mut feed = |v: serde_json::Value| {
            let event = ApiEvent::from_sse(v.to_string()).unwrap();
            super::thinking_tokens(&mut resp, &event)
                .map(|t| (t.estimated_tokens, t.estimated_tokens_delta))
        };
        let start = serde_json::json!({"type": "content_block_start", "index": 0,
            "content_block": {"type": "thinking", "thinking": "", "signature": ""}});
        let think = |t: &str| {
            serde_json::json!({"type": "content_block_delta", "index": 0,
            "delta": {"type": "thinking_delta", "thinking": t}})
        };
        let sign = |n: usize| {
            serde_json::json!({"type": "content_block_delta", "index": 0,
            "delta": {"type": "signature_delta", "signature": "s".repeat(n)}})
        };
        assert_eq!(feed(start.clone()), None);
        assert_eq!(feed(sign(100)), None); // nothing thought yet
        assert_eq!(feed(think("")), None);
        assert_eq!(feed(think("tttttt")), Some((2, 2)));
        assert_eq!(feed(sign(100)), Some((19, 17))); // 75 / 4, rounded up
        assert_eq!(feed(sign(8)), None); // not more than so far
        assert_eq!(feed(start), None);
        assert_eq!(feed(think("t")), Some((1, 1)));
    }
}

//! The spans a session opens, for whatever subscribes to `tracing`: the OpenTelemetry export
//! of `oxagent-telemetry`, or a program's own subscriber. With no subscriber a span costs one
//! check of a global flag.
//!
//! ```text
//! session                       (the runtime opens it; see `session_span`)
//! └─ prompt                     one prompt, until its result
//!    ├─ hook UserPromptSubmit
//!    ├─ compaction
//!    └─ turn                    one model request and the tool calls it made
//!       ├─ chat <model>         the request: tokens, cost, retries, stop reason
//!       └─ execute_tool <name>  permission decision and its source, outcome
//!          └─ hook PreToolUse / PostToolUse
//! ```
//!
//! Every span carries `session.id`. Names and attributes follow OpenTelemetry's GenAI
//! conventions where they have one (`gen_ai.*`); the rest are `oxagent.*`.

use tracing::field::Empty;
use tracing::Span;

use crate::usage::Usage;

/// The span of a whole session.
pub fn session_span(session_id: &str) -> Span {
    tracing::info_span!(
        "session",
        otel.name = "session",
        session.id = session_id,
        oxagent.agent_type = Empty,
    )
}

/// One prompt, from the caller's message to its result.
pub(crate) fn prompt_span(session_id: &str) -> Span {
    tracing::info_span!(
        "prompt",
        otel.name = "prompt",
        session.id = session_id,
        oxagent.result.subtype = Empty,
        oxagent.num_turns = Empty,
        oxagent.total_cost_usd = Empty,
    )
}

/// One pass of the loop: a model request and the calls of its answer.
pub(crate) fn turn_span(parent: &Span, session_id: &str, number: u32) -> Span {
    tracing::info_span!(
        parent: parent,
        "turn",
        otel.name = "turn",
        session.id = session_id,
        oxagent.turn = i64::from(number),
    )
}

pub(crate) fn model_span(parent: &Span, session_id: &str, model: &str) -> Span {
    tracing::info_span!(
        parent: parent,
        "model_request",
        otel.name = format!("chat {model}"),
        session.id = session_id,
        gen_ai.operation.name = "chat",
        gen_ai.provider.name = "anthropic",
        gen_ai.request.model = model,
        gen_ai.response.model = Empty,
        gen_ai.response.finish_reasons = Empty,
        gen_ai.usage.input_tokens = Empty,
        gen_ai.usage.output_tokens = Empty,
        gen_ai.usage.cache_read_input_tokens = Empty,
        gen_ai.usage.cache_creation_input_tokens = Empty,
        oxagent.cost_usd = Empty,
        oxagent.retries = 0i64,
        error.type = Empty,
    )
}

/// What a model request came to.
pub(crate) fn record_model(span: &Span, model: &str, usage: &Usage, cost: f64, stop: Option<&str>) {
    span.record("gen_ai.response.model", model);
    span.record("gen_ai.usage.input_tokens", int(usage.input_tokens));
    span.record("gen_ai.usage.output_tokens", int(usage.output_tokens));
    span.record(
        "gen_ai.usage.cache_read_input_tokens",
        int(usage.cache_read_input_tokens),
    );
    span.record(
        "gen_ai.usage.cache_creation_input_tokens",
        int(usage.cache_creation_input_tokens),
    );
    span.record("oxagent.cost_usd", cost);
    if let Some(stop) = stop {
        span.record("gen_ai.response.finish_reasons", stop);
    }
}

pub(crate) fn tool_span(parent: &Span, session_id: &str, name: &str, id: &str) -> Span {
    tracing::info_span!(
        parent: parent,
        "tool_call",
        otel.name = format!("execute_tool {name}"),
        session.id = session_id,
        gen_ai.operation.name = "execute_tool",
        gen_ai.tool.name = name,
        gen_ai.tool.call.id = id,
        oxagent.permission.decision = Empty,
        oxagent.permission.source = Empty,
        oxagent.tool.outcome = Empty,
    )
}

/// The permission verdict on the call whose span is current: `allow`, `deny` or `error`, and
/// what decided it: `config` (the session's rules and mode allowed it, or refused it for no
/// stated reason), a refusal's reason type (`rule`, `mode`, `hook`, `safetyCheck`, ...),
/// `hook` (a PreToolUse or PermissionRequest hook's decision), `can_use_tool` (the caller's
/// callback, or the permission prompt tool).
pub(crate) fn record_permission(decision: &str, source: &str) {
    let span = Span::current();
    span.record("oxagent.permission.decision", decision);
    span.record("oxagent.permission.source", source);
}

pub(crate) fn hook_span(session_id: &str, event: &str, callback_id: &str) -> Span {
    tracing::info_span!(
        "hook",
        otel.name = format!("hook {event}"),
        session.id = session_id,
        oxagent.hook.event = event,
        oxagent.hook.callback_id = callback_id,
        oxagent.hook.outcome = Empty,
    )
}

pub(crate) fn compaction_span(session_id: &str, trigger: &str, pre_tokens: u64) -> Span {
    tracing::info_span!(
        "compaction",
        otel.name = "compaction",
        session.id = session_id,
        oxagent.compaction.trigger = trigger,
        oxagent.compaction.pre_tokens = int(pre_tokens),
        oxagent.compaction.outcome = Empty,
    )
}

/// A count as a signed integer: OpenTelemetry's integers are signed, and an unsigned one
/// would be exported as text.
pub fn int(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// A span kept in a state that starts empty (`Span` has no `Default`).
#[derive(Debug, Clone)]
pub(crate) struct SpanSlot(pub Span);

impl Default for SpanSlot {
    fn default() -> Self {
        SpanSlot(Span::none())
    }
}

//! Compaction as the loop runs it: the threshold check before each request, the reactive
//! compaction after a prompt-too-long answer, and the compaction a `/compact` prompt asks
//! for. Each works on the session's view and the conversation it lends
//! (`compact(session, conversation, deps, trigger, ..)`), and rewrites only the latter.
//!
//! One compaction: status `compacting`, PreCompact hooks (`trigger`, `custom_instructions`),
//! the summary request (an ordinary request over the summarized part with the summary
//! instruction appended, retried with fewer rounds while the API finds it too long), status
//! `compact_result`, SessionStart (`source: compact`) and PostCompact hooks, then the
//! `compact_boundary` message and the continuation that replaces the summarized history.
//! Any failure leaves the conversation as it was.

use crate::compact::{
    self, auto_compact_threshold, blocking_limit, CompactError, CompactTrigger, CompactionPlan,
};
use crate::content::ContentBlock;
use crate::conversation::Turn;
use crate::message::{Message, UserMessage};
use crate::model::{ApiError, ModelRequest};
use crate::protocol::hook::HookEvent;
use crate::protocol::system::{
    CompactBoundary, CompactMetadata, PreservedMessages, PreservedSegment, Status, SystemBody,
};
use crate::telemetry;
use crate::tool::ToolRegistry;
use tracing::Instrument;

use super::context::ContextTracker;
use super::deps::Deps;
use super::hooks::callbacks;
use super::hooks::report::hook_runs;
use super::outcome::TurnEnd;
use super::request::{self, max_tokens};
use super::turn::{Conversation, TurnState};
use super::view::SessionView;

/// Automatic compactions that may fail in a row before the loop stops trying.
const MAX_AUTO_FAILURES: u32 = 3;

/// Everything a compaction decides and builds before the model is asked.
#[derive(Debug, Clone)]
pub struct PlannedCompaction {
    /// The context size now.
    pub tokens: u64,
    /// Whether the size is at or over the auto-compact threshold.
    pub over_threshold: bool,
    pub plan: CompactionPlan,
    /// The summary request.
    pub request: ModelRequest,
    /// The conversation that would follow, given the summary text the caller passed.
    pub compacted: Vec<Turn>,
}

/// Decides and builds a compaction of the conversation without running it (what the loop
/// does before the summary request; used by benchmarks). `summary` stands for the model's
/// answer.
pub(crate) fn plan(
    session: &SessionView<'_>,
    history: &[Turn],
    tracker: &ContextTracker,
    tools: &ToolRegistry,
    summary: &str,
) -> Result<PlannedCompaction, CompactError> {
    let model = session.live.model();
    let tokens = tracker.tokens(history);
    let checked = tracker.tokens_for_threshold(history);
    let threshold = auto_compact_threshold(
        &model,
        max_tokens(session.config, &model),
        &session.config.compaction,
    );
    let plan = compact::plan(history)?;
    let request = request::build_summary(
        session.config,
        &model,
        &history[..plan.head],
        &compact::summary_instruction(None),
        &[],
        tools,
    );
    let opening = opening(session, history, &plan, summary, &tracker.summary_tools);
    Ok(PlannedCompaction {
        tokens,
        over_threshold: threshold.is_some_and(|t| checked >= t),
        compacted: plan.compacted(history, opening),
        plan,
        request,
    })
}

/// What the summary request gave: the plan that worked, the model's raw answer, and how
/// the PreCompact hooks ran.
pub(super) struct Summary {
    pub plan: CompactionPlan,
    pub raw: String,
    pub pre: compact::HookReport,
    /// Warnings of PreCompact callbacks whose answers did not fit (they go out with the
    /// boundary).
    pub warnings: Vec<Message>,
    /// The tools earlier summaries' answers called, as they were before this one's came.
    pub summary_tools: std::collections::BTreeSet<String>,
}

/// A finished compaction: the messages to emit once the caller is ready for them.
pub(crate) struct Compacted {
    /// Warnings of hook callbacks whose answers did not fit, to go out before the boundary.
    pub warnings: Vec<Message>,
    pub boundary: Message,
    pub continuation: Message,
    /// What `/compact` prints.
    pub stdout: String,
}

/// The first user turn after a compaction: CLAUDE.md again, then the continuation.
fn opening(
    session: &SessionView<'_>,
    history: &[Turn],
    plan: &CompactionPlan,
    summary: &str,
    summary_tools: &std::collections::BTreeSet<String>,
) -> Vec<ContentBlock> {
    let mut blocks = Vec::with_capacity(2);
    if let Some(memory) = &session.config.memory {
        blocks.push(ContentBlock::text(memory.clone()));
    }
    let path = session
        .config
        .transcript_path
        .as_ref()
        .map(|p| p.to_string_lossy().to_string());
    blocks.push(ContentBlock::text(compact::continuation(
        &compact::extract_summary(summary),
        &plan.tools_used(history, summary_tools),
        path.as_deref(),
        plan.covered(),
    )));
    blocks
}

/// Tokens past the threshold at which a single round is summarized whole.
const WHOLE_ROUND_MARGIN: u64 = 10_000;

/// Before a request: compacts when the context is at or over the threshold. `Some`: no
/// compaction made the conversation smaller and it has reached the model's blocking limit,
/// so the request is not sent (the reference refuses such a prompt locally:
/// `blocking_limit`, fuzz-g/fg_022, fg_083).
pub(crate) async fn auto_compact(
    session: &SessionView<'_>,
    conversation: &mut Conversation<'_>,
    deps: &Deps<'_>,
    st: &mut TurnState,
) -> Option<AutoStop> {
    let model = session.live.model();
    let max_output = max_tokens(session.config, &model);
    let settings = &session.config.compaction;
    let checked = conversation
        .tracker
        .tokens_for_threshold(conversation.history);
    let due = auto_compact_threshold(&model, max_output, settings)
        .is_some_and(|t| checked >= t && conversation.tracker.failures < MAX_AUTO_FAILURES);
    if due {
        // The context filled again within three rounds of the previous compaction, for the
        // third time in a row: the reference stops the turn (edges/pk_thrash_*).
        if refills_after(st) >= MAX_RAPID_REFILLS {
            return Some(AutoStop::Thrashing);
        }
        match compact_automatically(session, conversation, deps, st, None).await {
            Ok(()) => return None,
            // Too few rounds, or a hook's block, is no reason to stop trying.
            Err(
                CompactError::NothingToCompact | CompactError::TooFewGroups | CompactError::Blocked,
            ) => {}
            Err(_) => conversation.tracker.failures += 1,
        }
    }
    let limit = compact::blocking_limit(&model, max_output, settings)?;
    (checked >= limit).then(|| {
        AutoStop::Blocking(ApiError {
            status: None,
            kind: crate::model::ApiErrorKind::InvalidRequest,
            message: BLOCKING.into(),
            error_type: None,
            endpoint: String::new(),
            request_id: None,
        })
    })
}

/// Why no request goes out after the check before it.
#[derive(Debug)]
pub(crate) enum AutoStop {
    /// The context reached the blocking limit and no compaction made it smaller.
    Blocking(ApiError),
    /// Compaction is thrashing: the context filled again right after each of the last
    /// compactions.
    Thrashing,
}

/// Compactions in a row, each within [`REFILL_ROUNDS`] tool rounds of the one before, at
/// which the reference stops compacting (its "rapid refill" breaker).
const MAX_RAPID_REFILLS: u32 = 3;

/// A compaction fewer than this many tool rounds after the prompt's previous one comes of a
/// context that filled again at once (a "rapid refill").
const REFILL_ROUNDS: u32 = 3;

/// How many compactions in a row would have come within three rounds of the one before,
/// counting one now.
fn refills_after(st: &TurnState) -> u32 {
    match st.rounds_since_compaction {
        Some(n) if n < REFILL_ROUNDS => st.rapid_refills + 1,
        _ => 0,
    }
}

/// The end of a turn whose compaction is thrashing: the message shown for it, as the
/// reference's (an `invalid_request` error marked `autocompact_thrashing`).
pub(crate) fn thrashing(session: &SessionView<'_>, deps: &Deps<'_>) -> TurnEnd {
    let err = ApiError {
        status: None,
        kind: crate::model::ApiErrorKind::InvalidRequest,
        message: compact::THRASHING.into(),
        error_type: None,
        endpoint: String::new(),
        request_id: None,
    };
    deps.emit
        .emit(session.api_error_assistant(deps, compact::THRASHING, &err));
    TurnEnd::Thrashing(compact::THRASHING.to_string())
}

/// What a request refused before it is sent says.
const BLOCKING: &str = "Prompt is too long";

/// An automatic compaction (set off by the threshold, or by `refusal`), its messages emitted
/// when it succeeds; it counts as a turn.
async fn compact_automatically(
    session: &SessionView<'_>,
    conversation: &mut Conversation<'_>,
    deps: &Deps<'_>,
    st: &mut TurnState,
    refusal: Option<Refusal>,
) -> Result<(), CompactError> {
    let tokens = conversation.tracker.tokens(conversation.history);
    let refills = refills_after(st);
    let refilled = refills > 0;
    let done = compact(
        session,
        conversation,
        deps,
        CompactTrigger::Auto,
        None,
        tokens,
        Cause { refusal, refilled },
    )
    .await?;
    done.warnings.into_iter().for_each(|w| deps.emit.emit(w));
    deps.emit.emit(done.boundary);
    deps.emit.emit(done.continuation);
    st.num_turns += 1;
    st.rounds_since_compaction = Some(0);
    st.rapid_refills = refills;
    Ok(())
}

/// What set a compaction off, beyond its trigger.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Cause {
    /// The API's refusal of the request as too long: a reactive compaction.
    pub refusal: Option<Refusal>,
    /// The context filled again within three tool rounds of the prompt's previous compaction.
    pub refilled: bool,
}

/// The refusal that set a reactive compaction off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Refusal {
    /// Whether it said by how much the prompt was too long (`N tokens > M maximum`).
    pub excess_known: bool,
}

/// What a reactive compaction did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Reactive {
    /// The conversation was compacted: the request can be sent again.
    Compacted,
    /// A compaction ran and failed (its `compact_error`; `None`: a hook blocked it).
    Failed(Option<String>),
    /// Nothing to compact (a single exchange), or compaction is off.
    Impossible,
}

/// After a prompt-too-long answer: compacts when the conversation allows it.
pub(crate) async fn reactive_compact(
    session: &SessionView<'_>,
    conversation: &mut Conversation<'_>,
    deps: &Deps<'_>,
    st: &mut TurnState,
    refusal: Refusal,
) -> Reactive {
    // A single round is summarized whole; a lone prompt cannot be.
    let plannable = match compact::plan(conversation.history) {
        Ok(_) => true,
        Err(CompactError::TooFewGroups) => CompactionPlan::whole(conversation.history).is_some(),
        Err(_) => false,
    };
    // `DISABLE_AUTO_COMPACT` leaves a refused prompt as it is too (fuzz-g/fg_015).
    let off = session.config.compaction.disabled || session.config.compaction.auto_disabled;
    if off || !plannable {
        return Reactive::Impossible;
    }
    match compact_automatically(session, conversation, deps, st, Some(refusal)).await {
        Ok(()) => Reactive::Compacted,
        Err(CompactError::Blocked) => Reactive::Failed(None),
        Err(e) => Reactive::Failed(Some(e.code())),
    }
}

/// What came before a prompt the API found too long for good.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum PromptTooLongAfter {
    /// Nothing could be compacted (a single exchange), or compaction is off.
    Nothing,
    /// A reactive compaction ran and failed, with this error (none: a hook blocked it).
    FailedCompaction(Option<String>),
    /// A reactive compaction succeeded and the next request was refused again.
    Compaction,
    /// No request was sent: the context reached the blocking limit ([`auto_compact`]).
    BlockingLimit,
}

/// The end of a turn whose prompt stayed too long. After a compaction that failed the text
/// names its error; after one done and refused again it is the plain "Prompt is too long",
/// as when compaction is off; otherwise it says why nothing could be compacted.
pub(crate) fn prompt_too_long(
    session: &SessionView<'_>,
    conversation: &Conversation<'_>,
    deps: &Deps<'_>,
    err: &ApiError,
    after: PromptTooLongAfter,
) -> TurnEnd {
    let tokens = conversation.tracker.tokens(conversation.history);
    let text = match &after {
        PromptTooLongAfter::Nothing
            if !session.config.compaction.disabled && !session.config.compaction.auto_disabled =>
        {
            compact::prompt_too_long_text(&err.message, tokens)
        }
        PromptTooLongAfter::FailedCompaction(Some(why)) => {
            format!("Prompt is too long · automatic compaction failed: {why}")
        }
        _ => "Prompt is too long".to_string(),
    };
    let mut err = err.clone();
    err.kind = crate::model::ApiErrorKind::InvalidRequest;
    deps.emit
        .emit(session.api_error_assistant(deps, &text, &err));
    TurnEnd::PromptTooLong {
        text,
        error_type: err.error_type,
        blocking: after == PromptTooLongAfter::BlockingLimit,
    }
}

/// Runs one compaction. Status messages and hooks happen here; the boundary and the
/// continuation are handed back to be emitted by the caller. On failure the history is
/// untouched.
pub(crate) async fn compact(
    session: &SessionView<'_>,
    conversation: &mut Conversation<'_>,
    deps: &Deps<'_>,
    trigger: CompactTrigger,
    custom: Option<String>,
    pre_tokens: u64,
    cause: Cause,
) -> Result<Compacted, CompactError> {
    let sid = &session.config.session_id;
    let span = telemetry::compaction_span(sid, trigger.as_str(), pre_tokens);
    let done = compact_untraced(
        session,
        conversation,
        deps,
        trigger,
        custom,
        pre_tokens,
        cause,
    )
    .instrument(span.clone())
    .await;
    let outcome = if done.is_ok() { "compacted" } else { "failed" };
    span.record("oxagent.compaction.outcome", outcome);
    done
}

async fn compact_untraced(
    session: &SessionView<'_>,
    conversation: &mut Conversation<'_>,
    deps: &Deps<'_>,
    trigger: CompactTrigger,
    custom: Option<String>,
    pre_tokens: u64,
    cause: Cause,
) -> Result<Compacted, CompactError> {
    let Cause { refusal, refilled } = cause;
    let reactive = refusal.is_some();
    if session.config.compaction.disabled {
        return Err(CompactError::Disabled);
    }
    // An automatic compaction of a single round summarizes it whole once the context is
    // 10,000 tokens past the threshold (below that it waits for another round); the
    // threshold a percentage override lowers does not count for that (fuzz-g/fg_017).
    let model = session.live.model();
    let unscaled = crate::compact::CompactionSettings {
        pct_override: None,
        ..session.config.compaction.clone()
    };
    let far_past = trigger == CompactTrigger::Auto
        && !reactive
        && auto_compact_threshold(&model, max_tokens(session.config, &model), &unscaled)
            .is_some_and(|t| {
                conversation
                    .tracker
                    .tokens_for_threshold(conversation.history)
                    >= t + WHOLE_ROUND_MARGIN
            });
    // A context that filled again within three rounds of the prompt's previous compaction
    // is summarized whole, unless the API refused it or it reached the size at which
    // requests are refused unsent (the model's own window: `CLAUDE_CODE_AUTO_COMPACT_WINDOW`
    // does not move it).
    let blocked = || {
        blocking_limit(&model, max_tokens(session.config, &model), &unscaled).is_some_and(|b| {
            conversation
                .tracker
                .tokens_for_threshold(conversation.history)
                >= b
        })
    };
    let keep_no_round = trigger == CompactTrigger::Auto && refilled && !reactive && !blocked();
    let manual = trigger == CompactTrigger::Manual;
    let plan = match compact::plan_keeping(conversation.history, manual, keep_no_round) {
        // `/compact` of a single round summarizes it whole.
        Err(CompactError::TooFewGroups) if trigger == CompactTrigger::Manual || far_past => {
            CompactionPlan::all(conversation.history).ok_or(CompactError::TooFewGroups)
        }
        // A reactive compaction of a single round summarizes it without its prompt when the
        // refusal said by how much the prompt was too long, with it when it did not
        // (fuzz-g/fg_060); not when the prompt being answered has no round yet
        // (fuzz-d/fd_114: a resumed session's first request refused as too large).
        Err(CompactError::TooFewGroups) if reactive && !ends_in_prompt(conversation.history) => {
            let plan = match refusal.is_some_and(|r| r.excess_known) {
                true => CompactionPlan::whole(conversation.history),
                false => CompactionPlan::all(conversation.history),
            };
            plan.ok_or(CompactError::TooFewGroups)
        }
        other => other,
    };
    if let Err(CompactError::NothingToCompact) = plan {
        return Err(CompactError::NothingToCompact);
    }
    let mut compacting = Status::compacting();
    if trigger == CompactTrigger::Auto {
        compacting.compact_output_chars = Some(0);
    }
    deps.emit
        .emit(session.system(SystemBody::Status(compacting), deps));
    // The hooks run before the conversation is found too short to summarize; an automatic
    // compaction shows their warnings at once, `/compact` after its status (edges/ec_*).
    let pre = super::summarize::pre_compact(session, deps, trigger, custom).await;
    let warnings = match trigger {
        CompactTrigger::Auto => {
            pre.warnings.iter().for_each(|w| deps.emit.emit(w.clone()));
            Vec::new()
        }
        CompactTrigger::Manual => pre.warnings.clone(),
    };
    let outcome = match plan {
        _ if pre.blocked => Err(CompactError::Blocked),
        Ok(plan) => {
            super::summarize::summarize(session, conversation, deps, &pre, warnings, &plan, refusal)
                .await
        }
        Err(e) => Err(e),
    };
    let summary = match outcome {
        Ok(done) => done,
        // A blocked automatic compaction only says that it is over.
        Err(CompactError::Blocked) if trigger == CompactTrigger::Auto => {
            deps.emit
                .emit(session.system(SystemBody::Status(Status::idle()), deps));
            return Err(CompactError::Blocked);
        }
        Err(e) => {
            // `/compact` names what failed; a hook's refusal says it was skipped.
            let code = match (&e, trigger) {
                (CompactError::Blocked, _) | (_, CompactTrigger::Auto) => e.code(),
                (_, CompactTrigger::Manual) => e.command_text(),
            };
            let failed = Status::compacted(Err(code));
            deps.emit
                .emit(session.system(SystemBody::Status(failed), deps));
            return Err(e);
        }
    };
    let done = Status::compacted(Ok(()));
    deps.emit
        .emit(session.system(SystemBody::Status(done), deps));
    let model = session.live.model();
    let start = session.hook_input(HookEvent::SessionStart {
        source: "compact".into(),
        model: Some(model),
    });
    let started = callbacks::run(
        deps,
        session.config.hooks.get("SessionStart"),
        Some("compact"),
        start,
        None,
    )
    .await;
    hook_runs(session, deps, "SessionStart", Some("compact"), &started);
    let post = session.hook_input(HookEvent::PostCompact {
        trigger: trigger.as_str().to_string(),
        compact_summary: summary.raw.clone(),
    });
    let matcher = Some(trigger.as_str());
    let posted = callbacks::run(
        deps,
        session.config.hooks.get("PostCompact"),
        matcher,
        post,
        None,
    )
    .await;
    hook_runs(session, deps, "PostCompact", matcher, &posted);
    let post = compact::HookReport {
        ran: posted.ran > 0,
        system_messages: posted.system_messages.clone(),
    };
    let mut done = swap_history(session, conversation, deps, trigger, &summary, pre_tokens);
    done.stdout = compact::compacted_stdout(&summary.pre, &post);
    Ok(done)
}

/// Replaces the summarized part by the continuation; builds the boundary message.
fn swap_history(
    session: &SessionView<'_>,
    conversation: &mut Conversation<'_>,
    deps: &Deps<'_>,
    trigger: CompactTrigger,
    summary: &Summary,
    pre_tokens: u64,
) -> Compacted {
    let opening = opening(
        session,
        conversation.history,
        &summary.plan,
        &summary.raw,
        &summary.summary_tools,
    );
    let plan = &summary.plan;
    let continuation_text = opening.last().map(text_of).unwrap_or_default();
    let anchor = deps.clock.uuid();
    let logical_parent = conversation
        .history
        .iter()
        .rev()
        .find_map(|t| t.uuids.last().cloned());
    let kept: Vec<String> = conversation.history[plan.head..]
        .iter()
        .flat_map(|t| t.uuids.iter().cloned())
        .collect();
    // The file tools forget what the summary replaced (fuzz-g/fg_180).
    let kept_reads = read_paths(&conversation.history[plan.head..]);
    deps.tools
        .iter()
        .for_each(|t| t.context_compacted(&anchor, &kept_reads));
    let mut history = plan.compacted(conversation.history, opening);
    if let Some(first) = history.first_mut() {
        first.uuids = vec![anchor.clone()];
    }
    *conversation.history = history;
    if trigger == CompactTrigger::Auto {
        conversation.tracker.roll_over();
    }
    conversation.tracker.forget();
    conversation.tracker.failures = 0;
    let post_tokens = conversation.tracker.tokens(conversation.history);
    conversation.tracker.dropped += pre_tokens.saturating_sub(post_tokens);
    let keep = plan.keep_recent;
    let metadata = CompactMetadata {
        trigger: trigger.as_str().to_string(),
        pre_tokens,
        post_tokens,
        cumulative_dropped_tokens: conversation.tracker.dropped,
        preserved_segment: keep.then(|| PreservedSegment {
            head_uuid: kept.first().cloned(),
            anchor_uuid: Some(anchor.clone()),
            tail_uuid: kept.last().cloned(),
        }),
        preserved_messages: keep.then(|| PreservedMessages {
            anchor_uuid: Some(anchor.clone()),
            uuids: kept.clone(),
            all_uuids: kept.clone(),
        }),
    };
    let boundary = session.system(
        SystemBody::CompactBoundary(CompactBoundary {
            compact_metadata: metadata,
            logical_parent_uuid: logical_parent,
        }),
        deps,
    );
    let plain = trigger == CompactTrigger::Manual;
    let mut continuation = session.user_message(&continuation_text, plain, anchor);
    if let Message::User(UserMessage { is_synthetic, .. }) = &mut continuation {
        *is_synthetic = Some(true);
    }
    Compacted {
        warnings: summary.warnings.clone(),
        boundary,
        continuation,
        stdout: String::new(),
    }
}

/// The `file_path` of every Read call in `turns`.
fn read_paths(turns: &[Turn]) -> Vec<String> {
    turns
        .iter()
        .flat_map(|t| t.content.iter())
        .filter_map(|b| match b {
            ContentBlock::ToolUse { name, input, .. } if name == "Read" => {
                input.get("file_path")?.as_str().map(str::to_string)
            }
            _ => None,
        })
        .collect()
}

fn text_of(block: &ContentBlock) -> String {
    match block {
        ContentBlock::Text { text, .. } => text.clone(),
        _ => String::new(),
    }
}

/// Whether the conversation ends in a prompt no answer has followed yet.
fn ends_in_prompt(history: &[Turn]) -> bool {
    history.last().is_some_and(|t| {
        t.is_user()
            && !t
                .content
                .iter()
                .any(|b| matches!(b, ContentBlock::ToolResult { .. }))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// edges/pk_*, pk_thrash_*: a compaction within three tool rounds of the prompt's
    /// previous one counts one more in a row; the third in a row is not run.
    #[test]
    fn compactions_in_a_row_within_three_rounds() {
        let mut st = TurnState::default();
        assert_eq!(refills_after(&st), 0);
        st.rounds_since_compaction = Some(2);
        assert_eq!(refills_after(&st), 1);
        st.rapid_refills = 2;
        assert_eq!(refills_after(&st), MAX_RAPID_REFILLS);
        st.rounds_since_compaction = Some(3);
        assert_eq!(refills_after(&st), 0);
    }
}

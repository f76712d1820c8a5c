//! A compaction's summary request: PreCompact hooks, then the request itself, sent again
//! smaller while the API finds it too long.
//!
//! An answer cut at max_tokens is continued once (the cut answer and the output-limit nudge
//! after the instruction); the continuation's text stands in for an answer that had no
//! `<summary>` block. An answer without that block is asked for once more with a note on
//! the form; the first answer stands if the second has none either.

use crate::compact::{self, CompactError, CompactTrigger, CompactionPlan};
use crate::content::ContentBlock;
use crate::conversation::Turn;
use crate::model::ApiError;
use crate::protocol::hook::HookEvent;

use super::compaction::Summary;
use super::deps::Deps;
use super::hooks::callbacks;
use super::hooks::report::{hook_runs, unfit_warnings};
use super::model_call::collect;
use super::outcome::api_error_text;
use super::request;
use super::session::MAX_TOKENS_NUDGE;
use super::turn::{reminder, Conversation};
use super::view::SessionView;

/// What an interrupted summary request reports.
const INTERRUPTED: &str = "interrupted";

/// One answer to a summary request.
struct Answer {
    text: String,
    content: Vec<ContentBlock>,
    /// Cut at max_tokens.
    cut: bool,
}

/// How a compaction's PreCompact hooks answered.
pub(super) struct PreCompacted {
    /// Whether any ran, and their system messages (for what `/compact` prints).
    pub report: compact::HookReport,
    /// The summary instruction, the hooks' messages and added context among its custom
    /// instructions.
    pub instruction: String,
    /// Warnings of callbacks whose answers did not fit.
    pub warnings: Vec<crate::message::Message>,
    /// A hook answered `decision: block` (its reason is not shown).
    pub blocked: bool,
}

/// Runs the PreCompact hooks of a compaction.
pub(super) async fn pre_compact(
    session: &SessionView<'_>,
    deps: &Deps<'_>,
    trigger: CompactTrigger,
    custom: Option<String>,
) -> PreCompacted {
    let input = session.hook_input(HookEvent::PreCompact {
        trigger: trigger.as_str().to_string(),
        custom_instructions: custom.clone(),
    });
    let pre = callbacks::run(
        deps,
        session.config.hooks.get("PreCompact"),
        Some(trigger.as_str()),
        input,
        None,
    )
    .await;
    hook_runs(session, deps, "PreCompact", Some(trigger.as_str()), &pre);
    let warnings = unfit_warnings(session, deps, "PreCompact", &pre);
    let report = compact::HookReport {
        ran: pre.ran > 0,
        system_messages: pre.system_messages.clone(),
    };
    // The hooks' system messages become custom instructions.
    let mut instructions: Vec<String> = custom.into_iter().collect();
    instructions.extend(pre.system_messages);
    instructions.extend(pre.additional_context);
    PreCompacted {
        report,
        instruction: compact::summary_instruction(Some(&instructions.join("\n\n"))),
        warnings,
        blocked: pre.block_reason.is_some(),
    }
}

/// The summary request (smaller while the API finds it too long), after the PreCompact
/// hooks. Returns the plan that worked, the model's raw answer and how the hooks ran;
/// `warnings` are the hooks' warnings still to be shown.
pub(super) async fn summarize(
    session: &SessionView<'_>,
    conversation: &mut Conversation<'_>,
    deps: &Deps<'_>,
    pre: &PreCompacted,
    warnings: Vec<crate::message::Message>,
    plan: &CompactionPlan,
    refusal: Option<super::compaction::Refusal>,
) -> Result<Summary, CompactError> {
    let report = pre.report.clone();
    let instruction = pre.instruction.clone();
    // What this compaction's own answers call counts from the next one on (fg_003, fg_020).
    let summary_tools = conversation.tracker.summary_tools.clone();
    let done = |plan: CompactionPlan, raw: String| Summary {
        plan,
        raw,
        pre: report.clone(),
        warnings: warnings.clone(),
        summary_tools: summary_tools.clone(),
    };
    // A compaction that fails keeps its hooks' warnings for whoever reports the failure.
    conversation.tracker.failed_compaction_warnings = warnings.clone();
    let sends = compact::summary_sends(&session.live.model());
    let reactive = refusal.is_some();
    let mut attempts = compact::Attempts::new(plan, reactive, conversation.history).sending(sends);
    // A refusal that did not say by how much the prompt was too long summarizes every round
    // but the latest at first, as a threshold compaction does (probes pr_*_none_*,
    // fuzz-g/fg_054).
    if refusal.is_some_and(|r| !r.excess_known) {
        attempts.current = Some(plan.clone());
    }
    while let Some(attempt) = attempts.current.clone() {
        // A compaction the API's refusal set off does not send a round answering a prompt.
        let head = attempt.summary_head_for(conversation.history, !reactive);
        let answer = match ask(session, conversation, deps, &head, &instruction, &[]).await {
            Ok(a) if a.cut => continued(session, conversation, deps, &head, &instruction, a)
                .await
                .map_err(|e| failure(session, e))?,
            Ok(a) => a.text,
            Err(e) if e.status == Some(400) && compact::is_prompt_too_long(&e.message) => {
                attempts.refused(conversation.history, &e.message);
                continue;
            }
            Err(e) => return Err(failure(session, e)),
        };
        if answer.trim().is_empty() {
            return Err(CompactError::Api(
                "summarization produced empty response".into(),
            ));
        }
        if answer.contains("<summary>") {
            return Ok(done(attempt, answer));
        }
        let again = format!("{instruction}{}", compact::SUMMARY_FORM_NOTE);
        let raw = match ask(session, conversation, deps, &head, &again, &[]).await {
            Ok(second) if second.text.contains("<summary>") => second.text,
            _ => answer,
        };
        return Ok(done(attempt, raw));
    }
    Err(CompactError::Exhausted)
}

/// An answer cut at max_tokens, continued once: the answer itself if it has its summary
/// block or the continuation has no text, else the continuation's text.
async fn continued(
    session: &SessionView<'_>,
    conversation: &mut Conversation<'_>,
    deps: &Deps<'_>,
    head: &[Turn],
    instruction: &str,
    cut: Answer,
) -> Result<String, ApiError> {
    let follow = [
        Turn::assistant(cut.content),
        Turn::user(vec![reminder(MAX_TOKENS_NUDGE)]),
    ];
    let next = ask(session, conversation, deps, head, instruction, &follow).await?;
    // A continuation of no text (calls only) leaves the cut answer, which is then asked for
    // again in form (fuzz-g/fg_162).
    Ok(
        if cut.text.contains("<summary>") || next.text.trim().is_empty() {
            cut.text
        } else {
            next.text
        },
    )
}

fn failure(session: &SessionView<'_>, e: ApiError) -> CompactError {
    if e.status.is_none() && e.message == INTERRUPTED {
        return CompactError::Api("Compaction interrupted".into());
    }
    CompactError::Api(api_error_text(&e, &session.live.model()))
}

/// One summary request over `head` (the attempt's part of the history), `follow` after the
/// instruction: the model's answer, its cost accounted.
async fn ask(
    session: &SessionView<'_>,
    conversation: &mut Conversation<'_>,
    deps: &Deps<'_>,
    head: &[Turn],
    instruction: &str,
    follow: &[Turn],
) -> Result<Answer, ApiError> {
    let model = session.live.model();
    let request = request::build_summary(
        session.config,
        &model,
        head,
        instruction,
        follow,
        deps.tools,
    );
    let call = collect(deps, request);
    let stop = deps.interrupt.aborted();
    futures::pin_mut!(call, stop);
    let resp = match futures::future::select(call, stop).await {
        futures::future::Either::Left((r, _)) => r?,
        futures::future::Either::Right(_) => {
            return Err(ApiError {
                status: None,
                kind: crate::model::ApiErrorKind::Unknown,
                message: INTERRUPTED.into(),
                error_type: None,
                endpoint: String::new(),
                request_id: None,
            })
        }
    };
    conversation.account(&model, &resp.usage);
    let called = resp.blocks.iter().filter_map(|b| match b {
        ContentBlock::ToolUse { name, .. } => Some(name.clone()),
        _ => None,
    });
    conversation.tracker.summary_tools.extend(called);
    Ok(Answer {
        text: resp.text().unwrap_or_default(),
        cut: resp.stop_reason.as_deref() == Some("max_tokens"),
        content: resp.blocks.clone(),
    })
}

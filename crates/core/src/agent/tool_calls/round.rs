//! The tool calls of one response, from their blocks streaming in to the results turn.
//!
//! ```text
//! model call:  block streamed ─► take_call        each stream event ─► stream_event
//! turn loop:   response done  ─► finish: run what waits, report in order, append results
//! ```

use std::sync::Arc;

use futures::future::join_all;
use futures::stream::{FuturesUnordered, StreamExt};
use serde_json::Value;

use crate::content::{ContentBlock, UserContent};
use crate::conversation::Turn;
use crate::memory::nested_reminder;
use crate::message::{Message, UserMessage, UserParam};

use crate::agent::deps::Deps;
use crate::agent::hooks::callbacks;
use crate::agent::hooks::report::hook_runs;
use crate::agent::outcome::TurnEnd;
use crate::agent::turn::{reminder, Conversation, TurnState};
use crate::agent::view::SessionView;
use crate::protocol::hook::HookEvent;

use super::call::{Call, CallOutcome};
use super::run::{self, Prepared};
use super::schedule::{slow_announcement, Schedule, Step};

use crate::permission::evaluate::NO_CLASSIFIER_STOP_WARNING;
use crate::prompts::INTERRUPTED_FOR_TOOL;
use crate::telemetry;
use tracing::Instrument;

/// One response's calls and what they gave so far.
#[derive(Debug, Default)]
pub(crate) struct ToolRound {
    schedule: Schedule,
    results: Vec<ContentBlock>,
    uuids: Vec<String>,
    /// The texts the calls left for after the results (skill instructions), in the order
    /// they went out.
    follow_ups: Vec<String>,
    /// Those still waiting for the calls before theirs to report: (tool_use_id, text).
    waiting: Vec<(String, String)>,
    context: Vec<String>,
    interrupt: bool,
    /// A call was refused for want of the auto-mode classifier (`Some(true)`: the refusal
    /// that stops the turn).
    classifier: Option<bool>,
    stop: Option<String>,
    /// A PostToolBatch hook blocked or stopped the turn after the round's results.
    batch_stopped: bool,
    /// The calls whose hooks stopped the turn (`stop`), and why.
    stopped_calls: Vec<(String, String)>,
    /// The input of a successful call of the configured final-answer tool.
    final_answer: Option<Value>,
    /// The calls PreToolUse hooks deferred (tool_use ids).
    deferred_calls: Vec<String>,
    /// What the tools announced at this event, to go out after the next one.
    announced: Vec<Message>,
    /// What the tools announced at the previous event: it goes out after this one.
    announced_due: Vec<Message>,
    /// Calls whose start is announced one event later (PreToolUse hooks are set, none of
    /// them for the call): taken at this event, and at the previous one.
    deferred: Vec<Call>,
    deferred_due: Vec<Call>,
    /// The response has streamed: each reported result lets the calls waiting for it start
    /// before the next result is reported.
    streamed: bool,
    /// The announcements of answers given at once to calls that started when a timed
    /// refusal was done: they go out with the next report's (see `Step::Done`).
    started_later: Vec<Message>,
    /// The calls done before those started.
    done_before_start: Option<Vec<String>>,
}

impl ToolRound {
    pub fn has_calls(&self) -> bool {
        !self.schedule.is_empty()
    }

    /// Whether the response's last call is still queued behind the calls before it.
    pub(crate) fn last_call_waiting(&self) -> bool {
        self.schedule.last_queued()
    }

    /// The turn ends before the calls run: what their announcements began is undone.
    pub(crate) fn withdraw(&self, deps: &Deps<'_>) {
        for call in self.schedule.calls() {
            if let Some(tool) = deps.tools.get(&call.name) {
                tool.withdraw(&call.id);
            }
        }
    }

    /// A tool_use block finished streaming: the call is taken, and starts if it may; an
    /// answer ready at once (an unknown tool) reports now.
    pub(crate) fn take_call(
        &mut self,
        session: &SessionView<'_>,
        deps: &Deps<'_>,
        st: &mut TurnState,
        mut call: Call,
    ) {
        let sid = &session.config.session_id;
        call.span = telemetry::tool_span(&st.span.0, sid, &call.name, &call.id);
        let tool = deps.tools.get(&call.name);
        // An unknown tool is answered on the spot; an input its schema refuses never runs
        // beside others.
        let ready = match tool {
            None => run::instant(session, deps, &call, &[]),
            Some(_) => None,
        };
        // A tool that checks its own input (an MCP server's) is not refused by the loop's
        // schema check: a read-only one runs beside others whatever its input (fuzz-k/fk_902).
        let valid = tool.is_some_and(|t| {
            if t.validates_own_input() {
                return true;
            }
            let schema = t.validation_schema();
            let read = crate::validate::coerce_input(&schema, &t.input_as_checked(&call.input));
            crate::validate::validate_input(t.name(), &schema, &read).is_ok()
        });
        let read_only = tool.is_none_or(|t| valid && t.is_read_only(&call.input));
        // A call that PreToolUse hooks may still refuse announces its start when it runs.
        let hooked = super::super::hooks::callbacks::any_match(
            session.config.hooks.get("PreToolUse"),
            &call.name,
        );
        // With PreToolUse hooks set, none for the call, its start waits for the next event,
        // and its prompt with it (fuzz-f/ff_226).
        let hooks_set = session
            .config
            .hooks
            .get("PreToolUse")
            .is_some_and(|ms| ms.iter().any(|m| !m.callback_ids.is_empty()));
        if valid && !hooked && tool.is_some() {
            match hooks_set {
                true => self.deferred.push(call.clone()),
                false => {
                    let later = announce(session, deps, &call);
                    self.announced.extend(later);
                }
            }
        }
        self.schedule.add(call, read_only, ready);
        let _ = self.start_calls(session, deps, true, None);
        self.report(session, deps, st);
    }

    /// The deferred starts whose event has passed (`all`: every one) are announced now, their
    /// prompts with them.
    fn announce_deferred(&mut self, session: &SessionView<'_>, deps: &Deps<'_>, all: bool) {
        let mut due = std::mem::take(&mut self.deferred_due);
        match all {
            true => due.append(&mut self.deferred),
            false => self.deferred_due = std::mem::take(&mut self.deferred),
        }
        for call in due {
            announce(session, deps, &call)
                .into_iter()
                .for_each(|m| deps.emit.emit(m));
        }
    }

    /// Starts what may start; how many calls started. The announcements of answers given at
    /// once go out now, except those that come after the result being reported (`later`).
    fn start_calls(
        &mut self,
        session: &SessionView<'_>,
        deps: &Deps<'_>,
        streaming: bool,
        later: Option<&mut Vec<Message>>,
    ) -> usize {
        self.start_calls_at(session, deps, streaming, 0, later)
    }

    /// [`ToolRound::start_calls`] at a time of the schedule's clock (see `Timer`).
    fn start_calls_at(
        &mut self,
        session: &SessionView<'_>,
        deps: &Deps<'_>,
        streaming: bool,
        now: u32,
        later: Option<&mut Vec<Message>>,
    ) -> usize {
        let (started, notes) = self.start_ready(session, deps, streaming, now);
        for note in notes.sooner {
            deps.emit.emit(note);
        }
        match later {
            Some(later) => later.extend(notes.later),
            None => notes.later.into_iter().for_each(|n| deps.emit.emit(n)),
        }
        started
    }

    /// Starts what the schedule lets start; answers given at once are `run::instant`'s.
    fn start_ready(
        &mut self,
        session: &SessionView<'_>,
        deps: &Deps<'_>,
        streaming: bool,
        now: u32,
    ) -> (usize, super::schedule::Started) {
        self.schedule.start_ready(streaming, now, |c, earlier| {
            run::instant(session, deps, c, earlier)
        })
    }

    /// A stream event (`kind`) came: the answers whose time has come report.
    pub(crate) fn stream_event(
        &mut self,
        session: &SessionView<'_>,
        deps: &Deps<'_>,
        st: &mut TurnState,
        kind: &str,
        spent: bool,
    ) {
        for a in std::mem::take(&mut self.announced_due) {
            deps.emit.emit(a);
        }
        self.announced_due = std::mem::take(&mut self.announced);
        self.announce_deferred(session, deps, false);
        for a in self.schedule.event(kind, spent) {
            deps.emit.emit(a);
        }
        self.report(session, deps, st);
    }

    fn report(&mut self, session: &SessionView<'_>, deps: &Deps<'_>, st: &mut TurnState) {
        self.report_done(session, deps, st);
        // Answers held after the response streamed come once what was done is reported.
        while self.streamed && self.schedule.holds() {
            self.schedule.release_held();
            self.report_done(session, deps, st);
        }
        for note in std::mem::take(&mut self.started_later) {
            deps.emit.emit(note);
        }
        self.release_follow_ups(session, deps, st, false);
    }

    fn report_done(&mut self, session: &SessionView<'_>, deps: &Deps<'_>, st: &mut TurnState) {
        loop {
            let (call, o, now) = match self.schedule.step() {
                Step::Idle => break,
                Step::Announce(notes) => {
                    notes.into_iter().for_each(|n| deps.emit.emit(n));
                    continue;
                }
                Step::Done(now) => {
                    // What it lets start is announced as if it started at the next report.
                    if self.may_start_more(deps) {
                        let mut later = std::mem::take(&mut self.started_later);
                        let before = self.schedule.done_ids();
                        let _ = self.start_calls_at(session, deps, false, now, Some(&mut later));
                        self.started_later = later;
                        self.done_before_start.get_or_insert(before);
                    }
                    continue;
                }
                Step::Report(done, now) => {
                    let (call, o) = *done;
                    (call, o, now)
                }
            };
            // A call that waited for this one starts as soon as it is done: an answer given
            // without a run is announced before this result (a file read's) or after it,
            // before the results behind it (fa_040); a question refused for want of a
            // callback takes longer, and is announced after the results already done
            // behind this one (fa_146); a shell command's refusal comes in its own time.
            // An MCP call refused without a run is done before the calls waiting for it
            // start: the results already done behind them go out first (fuzz-j/fj_005).
            if matches!(o.pace, super::call::Pace::Mcp { .. })
                && !o.interrupt
                && self.may_start_more(deps)
            {
                self.deliver(session, deps, st, &call, o);
                while let Some((call, o)) = self.schedule.take_next() {
                    self.deliver(session, deps, st, &call, o);
                }
                let _ = self.start_calls_at(session, deps, false, now, None);
                continue;
            }
            let mut later = std::mem::take(&mut self.started_later);
            let done_before =
                (self.done_before_start.take()).unwrap_or_else(|| self.schedule.done_ids());
            if !o.interrupt && self.may_start_more(deps) {
                // After a call that ran PreToolUse hooks, even a file read's refusal comes
                // after its result (fuzz-c/fc_388, edges/wr_h_pre_log_edit).
                let hooked = crate::agent::hooks::callbacks::any_match(
                    session.config.hooks.get("PreToolUse"),
                    &call.name,
                );
                let (_, notes) = self.start_ready(session, deps, false, now);
                if hooked {
                    later.splice(0..0, notes.sooner);
                } else {
                    notes.sooner.into_iter().for_each(|n| deps.emit.emit(n));
                }
                later.extend(notes.later);
            }
            let streaming = !self.streamed && !self.interrupt && !o.interrupt;
            self.deliver(session, deps, st, &call, o);
            // What the model reads after this result follows it, before the next result
            // (fuzz-m/fm_094).
            self.release_follow_ups(session, deps, st, false);
            // While the response streams, the calls it held back start now (their answers
            // held in turn): a writing one stops the results behind it (fa_pin_plan_w_edit_unk).
            if streaming && !deps.interrupt.is_aborted() {
                let _ = self.start_calls(session, deps, true, None);
            }
            let (slow, quick): (Vec<Message>, Vec<Message>) =
                later.into_iter().partition(slow_announcement);
            for note in quick {
                deps.emit.emit(note);
            }
            if !slow.is_empty() {
                while let Some((call, o)) = self
                    .schedule
                    .take_next_where(|c| done_before.contains(&c.id))
                {
                    self.deliver(session, deps, st, &call, o);
                }
            }
            for note in slow {
                deps.emit.emit(note);
            }
        }
    }

    /// Whether calls may still start after the response streamed: nothing stopped the round.
    fn may_start_more(&self, deps: &Deps<'_>) -> bool {
        self.streamed && !self.interrupt && !deps.interrupt.is_aborted()
    }

    /// Emits one call's result and keeps it for the results turn; of a final-answer tool,
    /// the last valid answer of a response is the one kept.
    fn deliver(
        &mut self,
        session: &SessionView<'_>,
        deps: &Deps<'_>,
        st: &mut TurnState,
        call: &Call,
        o: CallOutcome,
    ) {
        let tool = call.name.as_str();
        if o.deferred {
            for notice in &o.before {
                deps.emit.emit(notice.clone());
            }
            self.deferred_calls.push(call.id.clone());
            return;
        }
        if session.config.final_answer_tool.as_deref() == Some(tool) {
            if o.is_error != Some(true) {
                self.final_answer = Some(call.input.clone());
            } else {
                st.final_answer_failures += 1;
                st.final_answer_error = Some(o.content.as_text());
            }
        }
        for a in &o.announce {
            deps.emit.emit(a.clone());
        }
        for notice in &o.before {
            deps.emit.emit(notice.clone());
        }
        let block = crate::compact::limit_result(
            tool,
            o.block(),
            session.config.compaction.mcp_output_tokens,
        );
        let uuid = deps.clock.uuid();
        deps.emit.emit(Message::User(UserMessage {
            message: UserParam {
                role: "user".into(),
                content: UserContent::Blocks(vec![block.clone()]),
            },
            parent_tool_use_id: None,
            tool_use_result: o.structured.clone(),
            is_synthetic: None,
            is_replay: None,
            as_reminder: false,
            follows_result: false,
            subagent: None,
            refusal: o.non_execution.map(|kind| crate::message::RefusalRetry {
                refused_message_id: None,
                refusal_retry: true,
                tool_result_meta: Some(
                    serde_json::json!([{"id": o.tool_use_id, "non_execution_kind": kind}]),
                ),
            }),
            uuid: Some(uuid.clone()),
            session_id: Some(session.config.session_id.clone()),
        }));
        self.uuids.push(uuid);
        if tool == "Skill" && o.is_error != Some(true) {
            grant_skill_tools(session, o.structured.as_ref());
        }
        if let Some(text) = o.follow_up {
            for part in text.split(crate::tool::FOLLOW_UP_BREAK) {
                self.waiting.push((o.tool_use_id.clone(), part.to_string()));
            }
        }
        for notice in &o.after {
            deps.emit.emit(notice.clone());
        }
        self.results.push(block);
        st.code.count_edit(tool, o.structured.as_ref());
        st.num_turns += 1;
        if !o.denial_listed {
            st.denials.extend(o.denial);
        }
        self.context.extend(o.context);
        self.interrupt |= o.interrupt;
        if o.pace == super::call::Pace::Classifier {
            self.classifier = Some(self.classifier.unwrap_or(false) || o.classifier_stop);
        }
        if let Some(reason) = &o.stop {
            self.stopped_calls.push((call.id.clone(), reason.clone()));
        }
        self.stop = self.stop.take().or(o.stop);
    }

    /// What the model reads after a call's result goes out as a message of its own once
    /// the calls before that call have reported (`all`: now, whatever is left); each counts
    /// as a turn, as a result does.
    fn release_follow_ups(
        &mut self,
        session: &SessionView<'_>,
        deps: &Deps<'_>,
        st: &mut TurnState,
        all: bool,
    ) {
        while let Some((id, _)) = self.waiting.first() {
            if !all && !self.schedule.reported_before(id) {
                break;
            }
            let (_, text) = self.waiting.remove(0);
            let uuid = deps.clock.uuid();
            let mut m = session.user_message(&text, false, uuid.clone());
            if let Message::User(u) = &mut m {
                u.is_synthetic = Some(true);
                u.follows_result = true;
            }
            deps.emit.emit(m);
            self.uuids.push(uuid);
            self.follow_ups.push(text);
            st.num_turns += 1;
        }
    }

    /// Runs the calls still waiting once the response has streamed, then appends the
    /// results turn. `Some`: the turn ends here.
    /// `budget`: the session's `max_budget_usd` and the total cost at which it is spent (a
    /// resumed session's earlier cost added).
    pub(crate) async fn finish(
        mut self,
        session: &SessionView<'_>,
        conversation: &mut Conversation<'_>,
        deps: &Deps<'_>,
        st: &mut TurnState,
        budget: Option<(f64, f64)>,
    ) -> Option<TurnEnd> {
        // A stream that ended early leaves announcements behind: they go out first.
        self.announce_deferred(session, deps, true);
        let late = std::mem::take(&mut self.announced_due);
        for a in late.into_iter().chain(std::mem::take(&mut self.announced)) {
            deps.emit.emit(a);
        }
        self.streamed = true;
        // Whether the calls starting now waited for others to finish (not the first group).
        let mut waited = false;
        while self.schedule.unfinished() {
            self.report(session, deps, st);
            if self.interrupt || deps.interrupt.is_aborted() {
                break;
            }
            // What finished reports before the calls it let start are answered.
            let started = self.start_calls(session, deps, false, None);
            self.report(session, deps, st);
            let runs = self.schedule.running();
            if runs.is_empty() && !self.schedule.busy() {
                if started == 0 {
                    // Nothing can start (only after an interrupt); never spin.
                    break;
                }
                continue;
            }
            // The calls that start together are cleared (hooks, permission) first and run
            // after: a refusal with interrupt stops the others before they run.
            let prepared = join_all(runs.iter().map(|&i| {
                let call = self.schedule.call(i);
                run::prepare(session, deps, call, waited).instrument(call.span.clone())
            }))
            .await;
            waited = true;
            let mut answered = Vec::new();
            let mut cleared = Vec::new();
            for (i, p) in runs.into_iter().zip(prepared) {
                match p {
                    Prepared::Done(mut o) => {
                        // An answer that came after a wait is announced when it comes.
                        for a in o.announce.drain(..) {
                            deps.emit.emit(a);
                        }
                        answered.push((i, *o));
                    }
                    Prepared::Run {
                        tool,
                        input,
                        notices,
                        stop,
                        user_modified,
                    } => cleared.push((i, tool, input, notices, (stop, user_modified))),
                }
            }
            // Calls cleared together are listed as denied in the order their answers came:
            // a Bash call's after the other tools' (fc_186).
            let mut decided: Vec<&mut CallOutcome> = answered
                .iter_mut()
                .map(|(_, o)| o)
                .filter(|o| o.denial.is_some())
                .collect();
            decided.sort_by_key(|o| o.denial.as_ref().is_some_and(|d| d.tool_name == "Bash"));
            for o in decided {
                st.denials.extend(o.denial.clone());
                o.denial_listed = true;
            }
            if answered.iter().any(|(_, o)| o.interrupt) {
                let rejected = cleared
                    .iter()
                    .map(|(i, ..)| (*i, CallOutcome::rejected(self.schedule.call(*i))));
                answered.extend(rejected.collect::<Vec<_>>());
                cleared.clear();
            }
            self.schedule.finish(answered);
            if !cleared.is_empty() {
                self.report(session, deps, st);
            }
            // Calls that run together report as they finish (a finished call passes the
            // read-only calls still running), as the reference's do.
            let mut snapshot: Option<Arc<Vec<Turn>>> = None;
            let group_dir = session.config.tool_dir.as_ref().map(|d| d.0.current());
            let group_shell_dir = session.shell_dir();
            let mut pending: FuturesUnordered<_> = cleared
                .into_iter()
                .map(|(i, tool, input, notices, (stop, user_modified))| {
                    let mut call = self.schedule.call(i).clone();
                    call.user_modified = user_modified;
                    call.group_dir = group_dir.clone();
                    call.group_shell_dir = group_shell_dir.clone();
                    if tool.needs_conversation(&input) {
                        call.conversation = Some(
                            snapshot
                                .get_or_insert_with(|| Arc::new(conversation.history.clone()))
                                .clone(),
                        );
                    }
                    let span = call.span.clone();
                    async move {
                        let o = run::run_prepared(
                            session,
                            deps,
                            &call,
                            tool.as_ref(),
                            input,
                            notices,
                            stop,
                        )
                        .await;
                        (i, o)
                    }
                    .instrument(span)
                })
                .collect();
            while let Some((i, mut o)) = pending.next().await {
                // A call the user stopped while it ran says so, whatever it returned.
                if deps.interrupt.is_aborted() {
                    run::stopped_while_running(&mut o);
                }
                let subagent = super::schedule::is_subagent(&self.schedule.call(i).name);
                self.schedule.finish(vec![(i, o)]);
                // A subagent back with the budget spent ends the turn before the round's
                // results go out (vj_use_subagent_opus_budget).
                if let Some((max, limit)) = budget.filter(|_| subagent) {
                    for (model, usage) in conversation.side_ledger.drain() {
                        conversation.account(&model, &usage);
                    }
                    if *conversation.total_cost_usd >= limit {
                        // The answer that made the calls counts in the result's usage.
                        st.usage_before_call = st.usage.clone();
                        return Some(TurnEnd::Budget(max));
                    }
                }
                if !pending.is_empty() {
                    self.report(session, deps, st);
                }
            }
            // Answers held back while the calls ran are done now (also when none ran).
            self.schedule.finish(Vec::new());
        }
        if self.interrupt {
            // The calls that had not started are answered as rejected.
            self.schedule.release_held();
            self.schedule.settle_unstarted(CallOutcome::rejected);
            self.report(session, deps, st);
        }
        // What the calls spent on side requests counts toward the session's cost.
        for (model, usage) in conversation.side_ledger.drain() {
            conversation.account(&model, &usage);
        }
        // Calls refused inside subagents count among the session's denials.
        st.denials.extend(conversation.side_ledger.drain_denials());
        // A tool hook that stopped the turn leaves the batch's hooks out
        // (fuzz-i/fi_pin_batch_after_*).
        if !self.interrupt && self.stop.is_none() && self.deferred_calls.is_empty() {
            self.batch_hooks(session, deps).await;
        }
        let calls: Vec<&Call> = self.schedule.calls().collect();
        let nested = super::nested::instructions(&calls, &self.results, session, deps).await;
        self.append_results(session, conversation, deps, st, nested)
    }

    /// The response that made these calls was refused (its stop reason): none runs any
    /// more. A call that had started (cleared to run without a question, and not a file
    /// edit, which reads the file first) reads as interrupted, one that had not as not run;
    /// answers already given stay. The results go in the conversation. Whether a call had
    /// started.
    pub(crate) fn refuse(
        mut self,
        session: &SessionView<'_>,
        conversation: &mut Conversation<'_>,
        deps: &Deps<'_>,
        st: &mut TurnState,
    ) -> bool {
        self.announce_deferred(session, deps, true);
        let late = std::mem::take(&mut self.announced_due);
        for a in late.into_iter().chain(std::mem::take(&mut self.announced)) {
            deps.emit.emit(a);
        }
        let began = |call: &Call| {
            deps.tools
                .get(&call.name)
                .is_some_and(|tool| !tool.checks_disk_first())
                && !run::asks(session, deps, call)
        };
        let interrupted = self.schedule.settle_refused(began, CallOutcome::refused);
        self.report(session, deps, st);
        conversation
            .history
            .push(Turn::user(self.results).with_uuids(self.uuids));
        interrupted
    }

    /// The PostToolBatch hooks, once every call of the response has its result. What they
    /// ask to add goes with the results; a block (its reason) or a `continue: false` ends
    /// the turn once the results are in, and the note of it goes with them too
    /// (fuzz-i/fi_pin_batch_*).
    async fn batch_hooks(&mut self, session: &SessionView<'_>, deps: &Deps<'_>) {
        let Some(matchers) = session.config.hooks.get("PostToolBatch") else {
            return;
        };
        let text_of = |id: &str| {
            self.results.iter().find_map(|b| match b {
                ContentBlock::ToolResult {
                    tool_use_id,
                    content,
                    ..
                } if tool_use_id == id => {
                    Some(content.as_ref().map(|c| c.as_text()).unwrap_or_default())
                }
                _ => None,
            })
        };
        let tool_calls = self
            .schedule
            .calls()
            .map(|c| {
                serde_json::json!({
                    "tool_name": c.name,
                    "tool_input": super::seen::observable(session, &c.name, &c.input),
                    "tool_use_id": c.id,
                    "tool_response": text_of(&c.id).unwrap_or_default(),
                })
            })
            .collect();
        let input = session.hook_input(HookEvent::PostToolBatch { tool_calls });
        // The batch is named by an id of its own, `hook-<uuid>`, as the reference names it.
        let id = format!("hook-{}", deps.clock.uuid());
        let outcome = callbacks::run(deps, Some(matchers), None, input, Some(&id)).await;
        hook_runs(session, deps, "PostToolBatch", None, &outcome);
        let notices = crate::agent::hooks::report::hook_notices(
            session,
            deps,
            "PostToolBatch",
            None,
            &outcome.system_messages,
        );
        notices.into_iter().for_each(|m| deps.emit.emit(m));
        let mut said: Vec<String> = outcome
            .additional_context
            .iter()
            .map(|c| format!("PostToolBatch hook additional context: {c}"))
            .collect();
        let stopped = outcome.block_reason.or(match outcome.stop {
            true => Some(outcome.stop_reason.unwrap_or_default()),
            false => None,
        });
        if let Some(reason) = stopped {
            said.push(format!("PostToolBatch hook stopped continuation: {reason}"));
            self.batch_stopped = true;
        }
        if !said.is_empty() {
            self.context.push(said.join("\n\n"));
        }
    }

    fn append_results(
        mut self,
        session: &SessionView<'_>,
        conversation: &mut Conversation<'_>,
        deps: &Deps<'_>,
        st: &mut TurnState,
        nested: Vec<(String, &'static str, String)>,
    ) -> Option<TurnEnd> {
        self.release_follow_ups(session, deps, st, true);
        // The tools called learn that what their calls gave reaches the model now.
        let mut told: Vec<&str> = Vec::new();
        for call in self.schedule.calls() {
            if !told.contains(&call.name.as_str()) {
                told.push(call.name.as_str());
                if let Some(tool) = deps.tools.get(&call.name) {
                    tool.results_sent();
                }
            }
        }
        if !self.deferred_calls.is_empty() {
            return self.end_deferred(session, conversation, deps);
        }
        let mut results = self.results;
        // The follow-ups read after every result; as the reference joins them, each one
        // followed by another ends with one more line break.
        let count = self.follow_ups.len();
        for (i, mut text) in self.follow_ups.into_iter().enumerate() {
            if i + 1 < count {
                text.push('\n');
            }
            results.push(ContentBlock::text(text));
        }
        // What came to the inbox meanwhile (messages for this agent, ends of background
        // commands) is read with the results when the turn asks the model again; a turn that
        // ends here leaves it queued (the session then gives it a turn of its own).
        let at_limit = session
            .config
            .max_turns
            .is_some_and(|max| i64::from(st.requests) >= max.max(1));
        let ends = at_limit
            || self.interrupt
            || self.classifier == Some(true)
            || self.final_answer.is_some()
            || self.stop.is_some()
            || self.batch_stopped
            || deps.interrupt.is_aborted();
        if let Some(inbox) = session.config.inbox.as_ref().filter(|_| !ends) {
            results.extend(inbox.0.take().into_iter().map(ContentBlock::text));
        }
        // The token budget's reminder, for the models that read it (request.rs). The spend is
        // this run's: the session's cost less what earlier runs of a resumed session spent,
        // subtracted as written (fuzz-d/fd_406).
        let mut notes = None;
        let spent = session.config.max_budget_usd.map(|budget| {
            let spent = *conversation.total_cost_usd - conversation.restored_cost_usd;
            (spent, budget)
        });
        let mut used = None;
        if conversation.tracker.last_usage().is_some()
            && super::tokens_left::keeps_tokens_left(&session.live.model())
        {
            let counted = conversation.tracker.measure_used();
            used = Some(counted);
            let subagents: Vec<&str> = self
                .schedule
                .calls()
                .filter(|c| super::schedule::is_subagent(&c.name))
                .map(|c| c.id.as_str())
                .collect();
            let completed = self.schedule.completed();
            notes = super::tokens_left::round_note(&results, completed, counted, spent, &subagents);
        }
        // The transcript keeps the reminders as rows of their own after the results, which
        // the results turn lists (a compaction keeping it keeps them: fuzz-g/fg_003).
        let mut marks = super::tokens_left::round_marks(used, spent, || deps.clock.uuid());
        results.extend(self.context.iter().map(|c| reminder(c)));
        // The nested files too, so that a resumed conversation shows them again.
        let cwd = session.config.cwd.to_string_lossy();
        for (path, kind, text) in nested {
            results.push(ContentBlock::text(nested_reminder(&path, &text)));
            let attachment = crate::memory::instructions::nested_record(&path, kind, &text, &cwd);
            let uuid = deps.clock.uuid();
            marks.push(crate::agent::TranscriptMark { uuid, attachment });
        }
        // A stop's mark follows the result of each call whose hook stopped the turn
        // (fuzz-i/fi_181, fi_173).
        for (id, reason) in &self.stopped_calls {
            deps.emit.stop_marked(id, reason);
        }
        deps.emit
            .results_sent(&results, notes.as_ref(), self.schedule.completed());
        deps.emit.marks_added(&marks);
        let mut uuids = self.uuids;
        uuids.extend(marks.into_iter().map(|m| m.uuid));
        conversation
            .history
            .push(Turn::user(results).with_uuids(uuids).with_notes(notes));
        if self.interrupt {
            deps.emit
                .emit(session.user_message(INTERRUPTED_FOR_TOOL, false, deps.clock.uuid()));
            conversation
                .history
                .push(Turn::user(vec![ContentBlock::text(INTERRUPTED_FOR_TOOL)]));
            // The notice counts as a turn of its own.
            st.num_turns += 1;
            return Some(TurnEnd::Interrupted { during_tools: true });
        }
        if deps.interrupt.is_aborted() {
            return Some(TurnEnd::Interrupted { during_tools: true });
        }
        if let Some(stops) = self.classifier {
            session
                .classifier_rounds
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            if stops {
                let warning =
                    crate::protocol::system::Informational::warning(NO_CLASSIFIER_STOP_WARNING);
                deps.emit.emit(
                    session.system(crate::protocol::SystemBody::Informational(warning), deps),
                );
                return Some(TurnEnd::ClassifierStopped);
            }
        }
        if let Some(answer) = self.final_answer {
            // A text after the call, ending the response, is what the result says.
            let after = conversation
                .history
                .iter()
                .rev()
                .find(|t| !t.is_user())
                .and_then(|t| match t.content.last() {
                    Some(ContentBlock::Text { text, .. }) if !text.is_empty() => Some(text.clone()),
                    _ => None,
                });
            return Some(TurnEnd::FinalAnswer(answer, after));
        }
        if st.final_answer_failures
            >= super::super::session::final_answer_attempts(&session.config.env)
        {
            let last = st.final_answer_error.clone().unwrap_or_default();
            return Some(TurnEnd::NoFinalAnswer(st.final_answer_failures, last));
        }
        if self.batch_stopped {
            return Some(TurnEnd::BatchStopped);
        }
        self.stop.map(|_| TurnEnd::HookStopped)
    }
}

impl ToolRound {
    /// A PreToolUse hook deferred calls of this response: the results of the others are
    /// kept, and the turn ends on the last deferred call (in the response's order), which a
    /// transcript marks so that the session's next run can take it up.
    fn end_deferred(
        self,
        session: &SessionView<'_>,
        conversation: &mut Conversation<'_>,
        deps: &Deps<'_>,
    ) -> Option<TurnEnd> {
        let call = self
            .schedule
            .calls()
            .filter(|c| self.deferred_calls.contains(&c.id))
            .last()
            .cloned()?;
        deps.emit
            .results_sent(&self.results, None, self.schedule.completed());
        if !self.results.is_empty() {
            conversation
                .history
                .push(Turn::user(self.results).with_uuids(self.uuids));
        }
        let mark = crate::agent::TranscriptMark {
            uuid: deps.clock.uuid(),
            attachment: serde_json::json!({
                "type": "hook_deferred_tool",
                "toolUseID": call.id,
                "toolName": call.name,
                "toolInput": call.input,
                "hookName": "settings",
                "hookEvent": "PreToolUse",
                "permissionMode": session.live.permission_mode().as_str(),
            }),
        };
        deps.emit.marks_added(&[mark]);
        Some(TurnEnd::Deferred {
            id: call.id,
            name: call.name,
            input: call.input,
        })
    }
}

/// A skill's `allowed-tools` (its call's `allowedTools`) are allowed for the rest of the
/// session once the skill has run, as session rules (vk_sk_fm_allowed_tools_list_default).
fn grant_skill_tools(session: &SessionView<'_>, structured: Option<&serde_json::Value>) {
    use crate::rules::{PermissionRule, RuleBehavior, RuleSource};
    let Some(list) = structured
        .and_then(|v| v.get("allowedTools"))
        .and_then(serde_json::Value::as_array)
    else {
        return;
    };
    let rules: Vec<PermissionRule> = list
        .iter()
        .filter_map(serde_json::Value::as_str)
        .filter_map(|t| PermissionRule::parse(t).ok())
        .collect();
    if rules.is_empty() {
        return;
    }
    session.live.update_permissions(
        || super::permission::initial_permissions(session.config),
        |set, _| {
            for rule in rules {
                set.push(RuleBehavior::Allow, RuleSource::Session, rule);
            }
        },
    );
}

/// What a call's tool announces as it starts while the response streams (an agent's start);
/// what it hands back goes out at a later event.
fn announce(session: &SessionView<'_>, deps: &Deps<'_>, call: &Call) -> Vec<Message> {
    let caller = session
        .config
        .subagent
        .as_ref()
        .map(|r| r.agent_id.as_str());
    deps.tools
        .get(&call.name)
        .map(|t| t.announce(&call.id, &call.input, caller))
        .unwrap_or_default()
}

//! The tool calls of one response, from their blocks streaming in to the results turn.

use futures::future::join_all;
use serde_json::Value;

use crate::content::{ContentBlock, UserContent};
use crate::conversation::Turn;
use crate::memory::{nested_reminder, touched_paths};
use crate::message::{Message, UserMessage, UserParam};

use super::dispatch::{self, Call, CallOutcome, Prepared};
use super::executor::Executor;
use super::outcome::TurnEnd;
use super::session::{reminder, TurnState, INTERRUPTED_FOR_TOOL};
use super::{Deps, Session};

/// One response's calls and what they gave so far.
#[derive(Debug, Default)]
pub(crate) struct ToolRound {
    exec: Executor,
    results: Vec<ContentBlock>,
    uuids: Vec<String>,
    context: Vec<String>,
    interrupt: bool,
    stop: Option<String>,
    /// The input of a successful call of the configured final-answer tool.
    final_answer: Option<Value>,
}

impl ToolRound {
    pub fn has_calls(&self) -> bool {
        !self.exec.is_empty()
    }
}

impl Session {
    /// A tool_use block finished streaming: the call is taken, and starts if it may; an
    /// answer ready at once (an unknown tool) reports now.
    pub(crate) fn take_call(
        &self,
        deps: &Deps<'_>,
        st: &mut TurnState,
        round: &mut ToolRound,
        call: Call,
    ) {
        let tool = deps.tools.get(&call.name);
        // An unknown tool is answered on the spot; an input its schema refuses never runs
        // beside others.
        let ready = match tool {
            None => dispatch::instant(self, deps, &call),
            Some(_) => None,
        };
        let read_only = tool.is_none_or(|t| {
            crate::validate::validate_input(t.name(), &t.input_schema(), &call.input).is_ok()
                && t.is_read_only(&call.input)
        });
        round.exec.add(call, read_only, ready);
        let _ = self.start_calls(deps, round, true);
        self.report(deps, st, round);
    }

    /// Starts what may start; how many calls started.
    fn start_calls(&self, deps: &Deps<'_>, round: &mut ToolRound, streaming: bool) -> usize {
        let (started, notes) = round
            .exec
            .start_ready(streaming, |c| dispatch::instant(self, deps, c));
        for note in notes {
            deps.emit.emit(note);
        }
        started
    }

    /// A stream event (`kind`) came: the answers whose time has come report.
    pub(crate) fn stream_event(
        &self,
        deps: &Deps<'_>,
        st: &mut TurnState,
        round: &mut ToolRound,
        kind: &str,
    ) {
        for a in round.exec.event(kind) {
            deps.emit.emit(a);
        }
        self.report(deps, st, round);
    }

    fn report(&self, deps: &Deps<'_>, st: &mut TurnState, round: &mut ToolRound) {
        for (call, o) in round.exec.take_done() {
            let final_tool = self.config.final_answer_tool.as_deref() == Some(call.name.as_str());
            if final_tool && o.is_error != Some(true) && round.final_answer.is_none() {
                round.final_answer = Some(call.input.clone());
            }
            self.deliver(deps, st, round, &call.name, o);
        }
    }

    /// Emits one call's result and keeps it for the results turn.
    fn deliver(
        &self,
        deps: &Deps<'_>,
        st: &mut TurnState,
        round: &mut ToolRound,
        tool: &str,
        o: CallOutcome,
    ) {
        for a in &o.announce {
            deps.emit.emit(a.clone());
        }
        for notice in &o.before {
            deps.emit.emit(notice.clone());
        }
        let block =
            crate::compact::limit_result(tool, o.block(), self.config.compaction.mcp_output_tokens);
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
            uuid: Some(uuid.clone()),
            session_id: Some(self.config.session_id.clone()),
        }));
        for notice in &o.after {
            deps.emit.emit(notice.clone());
        }
        round.uuids.push(uuid);
        round.results.push(block);
        st.num_turns += 1;
        st.denials.extend(o.denial);
        round.context.extend(o.context);
        round.interrupt |= o.interrupt;
        round.stop = round.stop.take().or(o.stop);
    }

    /// Runs the calls still waiting once the response has streamed, then appends the
    /// results turn. `Some`: the turn ends here.
    pub(crate) async fn finish_tools(
        &mut self,
        deps: &Deps<'_>,
        st: &mut TurnState,
        mut round: ToolRound,
    ) -> Option<TurnEnd> {
        while round.exec.unfinished() {
            self.report(deps, st, &mut round);
            if round.interrupt || deps.interrupt.is_aborted() {
                break;
            }
            // What finished reports before the calls it let start are answered.
            let started = self.start_calls(deps, &mut round, false);
            self.report(deps, st, &mut round);
            let runs = round.exec.running();
            if runs.is_empty() && !round.exec.busy() {
                if started == 0 {
                    // Nothing can start (only after an interrupt); never spin.
                    break;
                }
                continue;
            }
            // The calls that start together are cleared (hooks, permission) first and run
            // after: a refusal with interrupt stops the others before they run.
            let this = &*self;
            let prepared = join_all(
                runs.iter()
                    .map(|&i| dispatch::prepare(this, deps, round.exec.call(i))),
            )
            .await;
            let mut done = Vec::with_capacity(runs.len());
            let mut cleared = Vec::new();
            for (i, p) in runs.into_iter().zip(prepared) {
                match p {
                    Prepared::Done(mut o) => {
                        // An answer that came after a wait is announced when it comes.
                        for a in o.announce.drain(..) {
                            deps.emit.emit(a);
                        }
                        done.push((i, *o));
                    }
                    Prepared::Run {
                        tool,
                        input,
                        notices,
                        stop,
                    } => cleared.push((i, tool, input, notices, stop)),
                }
            }
            if done.iter().any(|(_, o)| o.interrupt) {
                for (i, ..) in cleared {
                    done.push((i, dispatch::rejected(round.exec.call(i))));
                }
            } else {
                let ran = join_all(cleared.into_iter().map(|(i, tool, input, notices, stop)| {
                    let call = round.exec.call(i);
                    async move {
                        let o = dispatch::run_prepared(
                            this,
                            deps,
                            call,
                            tool.as_ref(),
                            input,
                            notices,
                            stop,
                        )
                        .await;
                        (i, o)
                    }
                }))
                .await;
                done.extend(ran);
            }
            round.exec.finish(done);
        }
        if round.interrupt {
            // The calls that had not started are answered as rejected.
            round.exec.release_held();
            round.exec.settle_unstarted(dispatch::rejected);
            self.report(deps, st, &mut round);
        }
        // What the calls spent on side requests counts toward the session's cost.
        for (model, usage) in self.side_ledger.drain() {
            self.account(&model, &usage);
        }
        self.append_results(deps, st, round)
    }

    fn append_results(
        &mut self,
        deps: &Deps<'_>,
        st: &mut TurnState,
        round: ToolRound,
    ) -> Option<TurnEnd> {
        let touched: Vec<_> = round
            .exec
            .calls()
            .flat_map(|c| touched_paths(&c.input, &self.config.cwd))
            .collect();
        let mut results = round.results;
        results.extend(round.context.iter().map(|c| reminder(c)));
        if let Some(memory) = &self.nested_memory {
            for (path, text) in touched.iter().flat_map(|p| memory.reached(p)) {
                let path = path.to_string_lossy();
                results.push(ContentBlock::text(nested_reminder(&path, &text)));
            }
        }
        self.history
            .push(Turn::user(results).with_uuids(round.uuids));
        if round.interrupt {
            deps.emit
                .emit(self.user_message(INTERRUPTED_FOR_TOOL, false, deps.clock.uuid()));
            self.history
                .push(Turn::user(vec![ContentBlock::text(INTERRUPTED_FOR_TOOL)]));
            st.num_turns += 1;
            return Some(TurnEnd::Interrupted { during_tools: true });
        }
        if deps.interrupt.is_aborted() {
            return Some(TurnEnd::Interrupted { during_tools: true });
        }
        if let Some(answer) = round.final_answer {
            return Some(TurnEnd::FinalAnswer(answer));
        }
        round.stop.map(|_| TurnEnd::HookStopped)
    }
}

/// A tool_use block as a call.
pub(crate) fn call_of(block: &ContentBlock) -> Option<Call> {
    match block {
        ContentBlock::ToolUse { id, name, input } => Some(Call {
            id: id.clone(),
            name: name.clone(),
            input: Value::clone(input),
        }),
        _ => None,
    }
}

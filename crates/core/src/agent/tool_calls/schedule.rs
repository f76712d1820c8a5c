//! The order the tool calls of one response run and report in.
//!
//! A call is taken as soon as its block has streamed. It starts when nothing runs, or when
//! it only reads and everything running only reads too; a call that writes waits for the
//! calls before it, and the calls behind it wait for it. A call that is answered without a
//! callback or a run is done while the response still streams, at a [`Pace`] counted in
//! the stream's events: an unknown tool at once, an input its schema refuses one event
//! later, a verdict of the rules or the mode after two events (its permission_denied
//! message) and three (its result), a refusal for want of the auto-mode classifier once
//! the response's message_delta has come. Calls that must run, or ask the caller, run after
//! the response has streamed. Results are reported in the order of the calls, except that
//! a finished call may pass read-only calls still running before it.
//!
//! This is what the reference shows against a server that streams at once: its answers
//! take that many events to come back, while runs report after the last block.
//!
//! ```text
//! Queued ──start_ready──► Running ──finish──────────────────► Done ──take_done──► Reported
//!        └─answered at once─► Held (while streaming) ──event / release_held──┘
//! ```

use crate::message::Message;

use super::call::{Call, CallOutcome, Pace};

/// The stream event counts at which a held answer's messages and result are due.
#[derive(Debug, Clone, Copy)]
struct Due {
    announce: u32,
    result: u32,
    /// Due once the response's message_delta has come.
    at_end: bool,
}

/// Not due before the response's message_delta.
const AT_MESSAGE_DELTA: u32 = u32::MAX;

impl Due {
    fn after(events: u32, pace: Pace) -> Self {
        let (announce, result) = match pace {
            Pace::Now => (events, events),
            Pace::Validation => (events + 1, events + 1),
            Pace::Rules => (events + 2, events + 3),
            Pace::Read { announce_now: true } => (events, events + 2),
            Pace::Read {
                announce_now: false,
            } => (events + 1, events + 2),
            Pace::Classifier => (AT_MESSAGE_DELTA, AT_MESSAGE_DELTA),
        };
        Due {
            announce,
            result,
            at_end: false,
        }
    }
}

#[derive(Debug)]
enum State {
    /// Waiting for the calls before it.
    Queued,
    /// Must run (or ask); runs when the response has streamed.
    Running,
    /// Answered at once; done when its time comes (see [`Pace`]).
    Held(Box<CallOutcome>, Due),
    Done(Box<CallOutcome>),
    Reported,
}

impl State {
    fn release(&mut self) {
        if matches!(self, State::Held(..)) {
            if let State::Held(o, _) = std::mem::replace(self, State::Reported) {
                *self = State::Done(o);
            }
        }
    }
}

#[derive(Debug)]
struct Entry {
    call: Call,
    /// The call only reads: it may run beside other read-only calls.
    read_only: bool,
    state: State,
}

/// The announcements of the answers a start gave at once: `sooner` go out before the
/// result being reported when they started, `later` after it.
#[derive(Debug, Default)]
pub(crate) struct Started {
    pub sooner: Vec<Message>,
    pub later: Vec<Message>,
}

/// Whether a call of this tool runs a subagent.
pub(crate) fn is_subagent(tool: &str) -> bool {
    matches!(tool, "Agent" | "Task")
}

/// The calls of one response, and where each stands.
#[derive(Debug, Default)]
pub(crate) struct Schedule {
    entries: Vec<Entry>,
    /// Stream events seen so far.
    events: u32,
}

impl Schedule {
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn calls(&self) -> impl Iterator<Item = &Call> {
        self.entries.iter().map(|e| &e.call)
    }

    /// Takes a call whose block has streamed. `ready`: its outcome when it needs no start
    /// (an unknown tool), done at once whatever runs before it.
    pub fn add(&mut self, call: Call, read_only: bool, ready: Option<CallOutcome>) {
        let state = match ready {
            Some(o) => State::Done(Box::new(o)),
            None => State::Queued,
        };
        self.entries.push(Entry {
            call,
            read_only,
            state,
        });
    }

    /// Starts the queued calls that may start now. `instant` answers a call at once, or says
    /// it must run (`None`). While streaming (`streaming`) such answers are held until their
    /// time comes; afterwards they are done at once. Returns how many calls started, and
    /// the announcements (permission_denied messages) of answers done now, to be emitted:
    /// those of file reads, which come sooner, first.
    pub fn start_ready<F>(&mut self, streaming: bool, mut instant: F) -> (usize, Started)
    where
        F: FnMut(&Call, &[&Call]) -> Option<CallOutcome>,
    {
        let mut announced = Started::default();
        let mut count = 0;
        // Calls answered in this pass count as running until the pass ends: a call is
        // answered some time after it starts, not before the next one starts.
        let mut started: Vec<bool> = Vec::new();
        for i in 0..self.entries.len() {
            if !matches!(self.entries[i].state, State::Queued) {
                continue;
            }
            let read_only = self.entries[i].read_only;
            if !self.may_start(read_only, &started) {
                if read_only {
                    continue;
                }
                break;
            }
            // The calls before it still to run (an answer given at once may have to wait
            // for one that asks a question).
            let earlier: Vec<&Call> = self.entries[..i]
                .iter()
                .filter(|e| matches!(e.state, State::Running))
                .map(|e| &e.call)
                .collect();
            let answer = instant(&self.entries[i].call, &earlier);
            let entry = &mut self.entries[i];
            count += 1;
            match answer {
                Some(mut o) => {
                    started.push(read_only);
                    entry.state = if streaming {
                        let due = Due::after(self.events, o.pace);
                        if due.announce <= self.events {
                            announced.sooner.append(&mut o.announce);
                        }
                        State::Held(Box::new(o), due)
                    } else {
                        match o.pace {
                            Pace::Read { .. } => announced.sooner.append(&mut o.announce),
                            _ => announced.later.append(&mut o.announce),
                        }
                        State::Done(Box::new(o))
                    };
                }
                None => entry.state = State::Running,
            }
        }
        (count, announced)
    }

    fn may_start(&self, read_only: bool, started: &[bool]) -> bool {
        let running = self
            .entries
            .iter()
            .filter_map(|e| match e.state {
                State::Running | State::Held(..) => Some(e.read_only),
                _ => None,
            })
            .chain(started.iter().copied())
            .collect::<Vec<_>>();
        running.is_empty() || (read_only && running.iter().all(|r| *r))
    }

    /// The response has streamed: held answers are done (their messages go out with them).
    pub fn release_held(&mut self) {
        self.entries.iter_mut().for_each(|e| e.state.release());
    }

    /// One more stream event (`kind`) came: the held answers whose time has come are done.
    /// Returns the announcements due now, to be emitted before anything is reported.
    pub fn event(&mut self, kind: &str) -> Vec<Message> {
        self.events += 1;
        let now = self.events;
        let mut announced = Vec::new();
        for e in &mut self.entries {
            let State::Held(o, due) = &mut e.state else {
                continue;
            };
            if kind == "message_delta" && due.announce == AT_MESSAGE_DELTA {
                *due = Due {
                    announce: now,
                    result: now + 1,
                    at_end: true,
                };
            }
            if due.announce <= now {
                announced.append(&mut o.announce);
            }
            // The end of the response releases no result but the classifier's: what is due
            // by then goes out after the response (an answer over budget shows none).
            let ending = matches!(kind, "message_delta" | "message_stop");
            if due.result <= now && (!ending || due.at_end) {
                e.state.release();
            }
        }
        announced
    }

    /// The outcomes that may be reported now, in order, with their tool's name: done calls,
    /// passing queued and read-only running calls, stopping at a running call that writes.
    #[cfg(test)]
    pub fn take_done(&mut self) -> Vec<(Call, CallOutcome)> {
        std::iter::from_fn(|| self.take_next()).collect()
    }

    /// The first outcome [`Schedule::take_done`] would give. While a subagent of the batch
    /// runs, the other calls' results wait for it; subagents report as they finish
    /// (vj_use_subagent_budget_read_first_not_crossed, subagent_parallel_two).
    pub fn take_next(&mut self) -> Option<(Call, CallOutcome)> {
        self.take_next_where(|_| true)
    }

    /// [`Schedule::take_next`], when the outcome it would give is of a call `ok` accepts.
    pub fn take_next_where(&mut self, ok: impl Fn(&Call) -> bool) -> Option<(Call, CallOutcome)> {
        let subagent_runs = self
            .entries
            .iter()
            .any(|e| matches!(e.state, State::Running) && is_subagent(&e.call.name));
        for e in &mut self.entries {
            if subagent_runs && !is_subagent(&e.call.name) && matches!(e.state, State::Done(_)) {
                return None;
            }
            match &e.state {
                State::Reported | State::Queued => continue,
                State::Done(_) if !ok(&e.call) => return None,
                State::Done(_) => {
                    if let State::Done(o) = std::mem::replace(&mut e.state, State::Reported) {
                        // The call's span ends with its report.
                        let call = e.call.clone();
                        e.call.span = tracing::Span::none();
                        call.span.record("oxagent.tool.outcome", outcome_name(&o));
                        return Some((call, *o));
                    }
                }
                State::Running | State::Held(..) if !e.read_only => break,
                State::Running | State::Held(..) => continue,
            }
        }
        None
    }

    /// The ids of the calls done and not yet reported.
    pub fn done_ids(&self) -> Vec<String> {
        self.entries
            .iter()
            .filter(|e| matches!(e.state, State::Done(_)))
            .map(|e| e.call.id.clone())
            .collect()
    }

    /// Whether every call before the one with this id has reported.
    pub fn reported_before(&self, id: &str) -> bool {
        self.entries
            .iter()
            .take_while(|e| e.call.id != id)
            .all(|e| matches!(e.state, State::Reported))
    }

    /// The calls that must run now, by position.
    pub fn running(&self) -> Vec<usize> {
        (0..self.entries.len())
            .filter(|i| matches!(self.entries[*i].state, State::Running))
            .collect()
    }

    pub fn call(&self, index: usize) -> &Call {
        &self.entries[index].call
    }

    /// The runs finished: their outcomes, and held answers, are done.
    pub fn finish(&mut self, runs: Vec<(usize, CallOutcome)>) {
        for (i, o) in runs {
            self.entries[i].state = State::Done(Box::new(o));
        }
        self.release_held();
    }

    /// Answers the calls that never started with `outcome` (after an interrupt).
    pub fn settle_unstarted(&mut self, mut outcome: impl FnMut(&Call) -> CallOutcome) {
        for e in &mut self.entries {
            if matches!(e.state, State::Queued | State::Running) {
                e.state = State::Done(Box::new(outcome(&e.call)));
            }
        }
    }

    /// The response that made the calls was refused: a call already running is answered
    /// by `outcome(call, true)` when `started` says its run had begun, every other call not
    /// answered yet by `outcome(call, false)`. Whether any had started.
    pub fn settle_refused(
        &mut self,
        mut started: impl FnMut(&Call) -> bool,
        mut outcome: impl FnMut(&Call, bool) -> CallOutcome,
    ) -> bool {
        self.release_held();
        let mut any = false;
        for e in &mut self.entries {
            let began = match e.state {
                State::Running => started(&e.call),
                State::Queued => false,
                _ => continue,
            };
            any |= began;
            e.state = State::Done(Box::new(outcome(&e.call, began)));
        }
        any
    }

    /// Whether a call has not been reported yet.
    pub fn unfinished(&self) -> bool {
        self.entries
            .iter()
            .any(|e| !matches!(e.state, State::Reported))
    }

    /// Whether a call is held or must run.
    pub fn busy(&self) -> bool {
        self.entries
            .iter()
            .any(|e| matches!(e.state, State::Running | State::Held(..)))
    }
}

/// How a call ended, for its span: `ok`, `error` or `denied`.
fn outcome_name(o: &CallOutcome) -> &'static str {
    match (&o.denial, o.is_error) {
        (Some(_), _) => "denied",
        (None, Some(true)) => "error",
        _ => "ok",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn call(id: &str) -> Call {
        Call {
            id: id.into(),
            name: "T".into(),
            input: json!({}),
            conversation: None,
            span: tracing::Span::none(),
            user_modified: false,
        }
    }

    fn answer(id: &str) -> CallOutcome {
        CallOutcome::error(id, "no", "Error: no")
    }

    fn ids(done: Vec<(Call, CallOutcome)>) -> Vec<String> {
        done.into_iter().map(|(_, o)| o.tool_use_id).collect()
    }

    /// Streams calls `(id, read_only, answered at once)` one by one as blocks, returning
    /// the report order with `|` where the next block started.
    fn stream(calls: &[(&str, bool, bool)]) -> (Schedule, Vec<String>) {
        let mut ex = Schedule::default();
        let mut log = Vec::new();
        let quick: Vec<String> = calls
            .iter()
            .filter(|c| c.2)
            .map(|c| c.0.to_string())
            .collect();
        for (i, (id, read_only, _)) in calls.iter().enumerate() {
            if i > 0 {
                ex.event("content_block_stop");
                ex.event("content_block_start");
                log.extend(ids(ex.take_done()));
                log.push("|".into());
            }
            ex.add(call(id), *read_only, None);
            ex.start_ready(true, |c, _| quick.contains(&c.id).then(|| answer(&c.id)));
        }
        (ex, log)
    }

    #[test]
    fn results_wait_for_a_running_subagent_and_subagents_do_not() {
        let named = |id: &str, name: &str| Call {
            name: name.into(),
            ..call(id)
        };
        // A Read beside a subagent: its result waits for the subagent, then both go out in
        // call order (vj_use_subagent_read_first_no_budget).
        let mut ex = Schedule::default();
        ex.add(named("read", "Read"), true, None);
        ex.add(named("a1", "Agent"), true, None);
        ex.start_ready(false, |_, _| None);
        assert_eq!(ex.running(), [0, 1]);
        ex.finish(vec![(0, answer("read"))]);
        assert!(ex.take_done().is_empty());
        ex.finish(vec![(1, answer("a1"))]);
        assert_eq!(ids(ex.take_done()), ["read", "a1"]);
        // Two subagents: the second reports while the first still runs
        // (subagent_parallel_two).
        let mut ex = Schedule::default();
        ex.add(named("a1", "Agent"), true, None);
        ex.add(named("a2", "Agent"), true, None);
        ex.start_ready(false, |_, _| None);
        ex.finish(vec![(1, answer("a2"))]);
        assert_eq!(ids(ex.take_done()), ["a2"]);
        ex.finish(vec![(0, answer("a1"))]);
        assert_eq!(ids(ex.take_done()), ["a1"]);
    }

    #[test]
    fn a_refusal_reports_before_the_next_block() {
        let (mut ex, log) = stream(&[("a", false, true), ("b", false, true)]);
        assert_eq!(log, ["a", "|"]);
        // The last block's answer waits for the end of the stream.
        assert!(ex.take_done().is_empty());
        assert_eq!(ex.running(), Vec::<usize>::new());
        ex.finish(vec![]);
        assert_eq!(ids(ex.take_done()), ["b"]);
    }

    #[test]
    fn a_writing_call_holds_back_the_calls_after_it() {
        let (mut ex, log) = stream(&[("run", false, false), ("b", false, true), ("c", true, true)]);
        assert_eq!(log, ["|", "|"]);
        assert_eq!(ex.running(), [0]);
        ex.finish(vec![(0, answer("run"))]);
        assert_eq!(ids(ex.take_done()), ["run"]);
        // b starts alone; c only once b is answered.
        let (n, _) = ex.start_ready(false, |c, _| Some(answer(&c.id)));
        assert_eq!(n, 1);
        assert_eq!(ids(ex.take_done()), ["b"]);
        ex.start_ready(false, |c, _| Some(answer(&c.id)));
        assert_eq!(ids(ex.take_done()), ["c"]);
        assert!(!ex.unfinished());
    }

    #[test]
    fn answers_pass_read_only_calls_still_running() {
        let (mut ex, log) = stream(&[("r1", true, false), ("d", true, true), ("r2", true, false)]);
        assert_eq!(log, ["|", "d", "|"]);
        assert_eq!(ex.running(), [0, 2]);
        ex.finish(vec![(0, answer("r1")), (2, answer("r2"))]);
        assert_eq!(ids(ex.take_done()), ["r1", "r2"]);
    }

    #[test]
    fn a_writing_call_waits_for_read_only_ones() {
        let (mut ex, log) = stream(&[("r1", true, false), ("w", false, true), ("r2", true, true)]);
        // w may not start beside r1, and r2 waits behind w in the queue.
        assert_eq!(log, ["|", "|"]);
        assert_eq!(ex.running(), [0]);
        ex.finish(vec![(0, answer("r1"))]);
        assert_eq!(ids(ex.take_done()), ["r1"]);
        ex.start_ready(false, |c, _| Some(answer(&c.id)));
        assert_eq!(ids(ex.take_done()), ["w"]);
        ex.start_ready(false, |c, _| Some(answer(&c.id)));
        assert_eq!(ids(ex.take_done()), ["r2"]);
    }

    /// refusals_*: when answers given without a run come out, counted in stream events.
    #[test]
    fn held_answers_come_out_at_their_pace() {
        let announced = |o: &mut CallOutcome| {
            let denied = crate::protocol::system::PermissionDenied {
                tool_name: "T".into(),
                tool_use_id: o.tool_use_id.clone(),
                agent_id: None,
                decision_reason_type: None,
                decision_reason_code: None,
                decision_reason: None,
                message: "no".into(),
            };
            let body = crate::protocol::system::SystemBody::PermissionDenied(denied);
            o.announce
                .push(Message::System(crate::message::SystemMessage::new(
                    body, "", "",
                )));
        };
        let mut ex = Schedule::default();
        for (id, pace) in [
            ("v", Pace::Validation),
            ("r", Pace::Rules),
            ("c", Pace::Classifier),
        ] {
            ex.add(call(id), true, None);
            ex.start_ready(true, |c, _| {
                let mut o = answer(&c.id);
                o.pace = pace;
                announced(&mut o);
                Some(o)
            });
        }
        assert_eq!(ex.event("content_block_stop").len(), 1);
        assert_eq!(ids(ex.take_done()), ["v"]);
        // The rules' verdict announces itself an event before its result is done.
        assert_eq!(ex.event("content_block_start").len(), 1);
        assert!(ex.take_done().is_empty());
        assert!(ex.event("content_block_delta").is_empty());
        assert_eq!(ids(ex.take_done()), ["r"]);
        // The classifier's refusal waits for message_delta, its result one event more.
        assert!(ex.event("content_block_stop").is_empty());
        assert_eq!(ex.event("message_delta").len(), 1);
        assert!(ex.take_done().is_empty());
        ex.event("message_stop");
        let done = ex.take_done();
        assert_eq!(ids(done), ["c"]);
    }

    /// refusals_*_G_P_Q_X_W: a file read's refusal by the mode is announced as it starts,
    /// one for want of approval an event later; both results two events later. After the
    /// stream, a read's announcement goes before the result being reported, others after.
    #[test]
    fn file_reads_answer_sooner() {
        let denied = |id: &str, pace: Pace| {
            let mut o = answer(id);
            o.pace = pace;
            let body = crate::protocol::system::SystemBody::PermissionDenied(
                crate::protocol::system::PermissionDenied {
                    tool_name: "Read".into(),
                    tool_use_id: id.into(),
                    agent_id: None,
                    decision_reason_type: None,
                    decision_reason_code: None,
                    decision_reason: None,
                    message: "no".into(),
                },
            );
            o.announce
                .push(Message::System(crate::message::SystemMessage::new(
                    body, "", "",
                )));
            o
        };
        let mut ex = Schedule::default();
        ex.add(call("m"), true, None);
        let (_, now) = ex.start_ready(true, |c, _| {
            Some(denied(&c.id, Pace::Read { announce_now: true }))
        });
        assert_eq!(now.sooner.len(), 1);
        assert!(ex.event("content_block_stop").is_empty());
        ex.add(call("a"), true, None);
        let (_, now) = ex.start_ready(true, |c, _| {
            Some(denied(
                &c.id,
                Pace::Read {
                    announce_now: false,
                },
            ))
        });
        assert!(now.sooner.is_empty());
        assert!(ex.take_done().is_empty());
        assert_eq!(ex.event("content_block_start").len(), 1);
        assert_eq!(ids(ex.take_done()), ["m"]);
        ex.event("content_block_delta");
        assert_eq!(ids(ex.take_done()), ["a"]);

        let mut ex = Schedule::default();
        ex.add(call("w"), false, None);
        ex.add(call("q"), true, None);
        ex.add(call("b"), false, None);
        ex.start_ready(false, |_, _| None);
        ex.finish(vec![(0, answer("w"))]);
        let (_, started) = ex.start_ready(false, |c, _| {
            let pace = if c.id == "q" {
                Pace::Read {
                    announce_now: false,
                }
            } else {
                Pace::Rules
            };
            Some(denied(&c.id, pace))
        });
        assert_eq!((started.sooner.len(), started.later.len()), (1, 0));
    }

    #[test]
    fn unstarted_calls_are_settled_in_order() {
        let (mut ex, _) = stream(&[("r", true, false), ("w", false, false), ("x", true, true)]);
        ex.finish(vec![(0, answer("r"))]);
        assert_eq!(ids(ex.take_done()), ["r"]);
        ex.settle_unstarted(|c| CallOutcome::error(&c.id, "rejected", "Error: rejected"));
        let done = ex.take_done();
        assert_eq!(
            done.iter()
                .map(|(_, o)| (o.tool_use_id.as_str(), o.content.as_text()))
                .collect::<Vec<_>>(),
            [("w", "rejected".to_string()), ("x", "rejected".to_string())]
        );
        assert!(!ex.unfinished());
    }

    #[test]
    fn unknown_tools_are_done_on_arrival() {
        let mut ex = Schedule::default();
        ex.add(call("r"), true, None);
        ex.start_ready(true, |_, _| None);
        ex.add(call("x"), true, Some(answer("x")));
        assert_eq!(ids(ex.take_done()), ["x"]);
    }
}

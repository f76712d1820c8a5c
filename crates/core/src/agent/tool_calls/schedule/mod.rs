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
//! a finished call may pass read-only calls still running before it. After the response,
//! a call refused as it starts is seen, and done, on a clock counted in reports ([`Timer`]);
//! a read-only call the classifier refuses is done once what is done behind it reported.
//!
//! This is what the reference shows against a server that streams at once: its answers
//! take that many events to come back, while runs report after the last block.
//!
//! ```text
//! Queued ──start_ready──► Running ──finish──────────────────► Done ──take_done──► Reported
//!        ├─answered at once─► Held (while streaming) ──event / release_held──┤
//!        └─refused at once──► Timed (after streaming) ──step (its time)──────┘
//! ```

use crate::message::Message;

use super::call::{Call, CallOutcome, Pace};

mod timer;
use timer::{Timer, REPORT};

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
            Pace::Start | Pace::Answer => (events + 2, events + 2),
            Pace::Rules | Pace::Question => (events + 2, events + 3),
            Pace::Read { announce_now: true } => (events, events + 2),
            Pace::Read {
                announce_now: false,
            } => (events + 1, events + 2),
            Pace::Classifier => (AT_MESSAGE_DELTA, AT_MESSAGE_DELTA),
            Pace::Mcp { question } => (events + 1, events + 2 + u32::from(question)),
        };
        Due {
            announce,
            result,
            // A refusal on start is seen even when the response ends first.
            at_end: pace == Pace::Start,
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
    /// Refused when it started after the response had streamed (a shell command, a file
    /// read): announced and done as its [`Timer`] says.
    Timed(Box<CallOutcome>, Timer),
    Done(Box<CallOutcome>),
    Reported,
}

impl State {
    fn release(&mut self) {
        match std::mem::replace(self, State::Reported) {
            State::Held(o, _) | State::Timed(o, _) => *self = State::Done(o),
            other => *self = other,
        }
    }
}

/// An announcement that takes longer than the other answers given without a run, going
/// out after the results already done behind its call: a question nobody answered (no
/// callback: no decision reason), and a refusal for want of the auto-mode classifier with
/// the warning before it (fa_146, fa_310).
pub(crate) fn slow_announcement(m: &Message) -> bool {
    use crate::protocol::system::SystemBody;
    matches!(m, Message::System(s) if match &s.body {
        // An MCP tool's refusal is seen sooner (fuzz-j/fj_087).
        SystemBody::PermissionDenied(d) => {
            !d.tool_name.starts_with("mcp__")
                && matches!(d.decision_reason_type.as_deref(), None | Some("classifier"))
        }
        SystemBody::Informational(_) => true,
        _ => false,
    })
}

/// What comes next in the report of a response's calls (see [`Schedule::step`]).
pub(crate) enum Step {
    /// A refusal is seen: its messages go out.
    Announce(Vec<Message>),
    /// A call is done at this time: the calls waiting for it may start.
    Done(u32),
    /// A call's outcome is reported, at this time.
    Report(Box<(Call, CallOutcome)>, u32),
    /// Nothing more until a call runs.
    Idle,
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
    /// The time of the last report (see [`Timer`]).
    clock: u32,
    /// The last step waited for a call to be done: the next report comes at once.
    waited: bool,
    /// The ids of the calls in the order their outcomes came (answered at once or run to
    /// the end), whatever the order they are reported in.
    completed: Vec<String>,
    /// Calls answered at once (unknown tools) that came while a call before them that may
    /// change things was running: they count as done once the calls before them that may
    /// change things are (probes pu_W_G, pu_E_G; one still waiting to start holds nothing
    /// back: fuzz-g/fg_080).
    waiting: Vec<usize>,
}

impl Schedule {
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Whether the last call taken has not started yet.
    pub fn last_queued(&self) -> bool {
        self.entries
            .last()
            .is_some_and(|e| matches!(e.state, State::Queued))
    }

    pub fn calls(&self) -> impl Iterator<Item = &Call> {
        self.entries.iter().map(|e| &e.call)
    }

    /// Takes a call whose block has streamed. `ready`: its outcome when it needs no start
    /// (an unknown tool), done at once whatever runs before it.
    pub fn add(&mut self, call: Call, read_only: bool, ready: Option<CallOutcome>) {
        if ready.is_some() {
            let at = self.entries.len();
            let writing = self.entries[..at]
                .iter()
                .any(|e| !e.read_only && matches!(e.state, State::Running));
            match writing {
                true => self.waiting.push(self.entries.len()),
                false => self.completed.push(call.id.clone()),
            }
        }
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
    pub fn start_ready<F>(&mut self, streaming: bool, now: u32, mut instant: F) -> (usize, Started)
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
            count += 1;
            let timer = answer
                .as_ref()
                .filter(|_| !streaming)
                .and_then(|o| Timer::of_refusal(&self.entries[i].call, o, now));
            if answer.is_some() {
                self.completed.push(self.entries[i].call.id.clone());
                self.flush_waiting();
            }
            let entry = &mut self.entries[i];
            match answer {
                Some(mut o) => {
                    started.push(read_only);
                    entry.state = if streaming {
                        let due = Due::after(self.events, o.pace);
                        if due.announce <= self.events {
                            announced.sooner.append(&mut o.announce);
                        }
                        State::Held(Box::new(o), due)
                    } else if o.pace == Pace::Classifier && read_only {
                        // The classifier's refusal of a read-only call takes longer than
                        // reporting what is done behind it (fa_229): held to the pass's end.
                        State::Held(Box::new(o), Due::after(self.events, Pace::Classifier))
                    } else if let Some(timer) = timer {
                        if timer.announce.is_none() {
                            announced.sooner.append(&mut o.announce);
                        }
                        State::Timed(Box::new(o), timer)
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
                State::Running | State::Held(..) | State::Timed(..) => Some(e.read_only),
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

    /// One more stream event (`kind`) came: the held answers whose time has come are done,
    /// unless the response has spent the budget (`spent`: its results are never shown).
    /// Returns the announcements due now, to be emitted before anything is reported.
    pub fn event(&mut self, kind: &str, spent: bool) -> Vec<Message> {
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
            // The response's last event releases no result but the classifier's: what is due
            // by then goes out after the response (an answer over budget shows none). A
            // result due at its message_delta goes out before its message_stop (a file
            // read's verdict: fuzz-h/fh_029).
            let ending = kind == "message_stop" || spent;
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

    /// The next thing to happen: a timed refusal's announcement or end when it comes before
    /// the next report would (or nothing can be reported before it), else the next report.
    pub fn step(&mut self) -> Step {
        let next_report = if self.waited {
            self.clock
        } else {
            self.clock + REPORT
        };
        let timer = self
            .entries
            .iter()
            .enumerate()
            .filter_map(|(i, e)| match &e.state {
                State::Timed(_, t) => Some((t.next(), i)),
                _ => None,
            })
            .min();
        let reportable = self.reportable();
        if let Some((at, i)) = timer.filter(|(at, _)| !reportable || *at < next_report) {
            let State::Timed(o, t) = &mut self.entries[i].state else {
                unreachable!("the timer is a timed entry's")
            };
            if t.announce.take().is_some() {
                return Step::Announce(std::mem::take(&mut o.announce));
            }
            self.entries[i].state.release();
            // Done later than the last report, with nothing to report before: the next
            // report is this call's, at once.
            if !reportable && at > self.clock {
                self.clock = at;
                self.waited = true;
            }
            return Step::Done(at);
        }
        match self.take_next() {
            Some((call, o)) => {
                self.clock = next_report;
                self.waited = false;
                Step::Report(Box::new((call, o)), next_report)
            }
            None => Step::Idle,
        }
    }

    /// Whether [`Schedule::take_next`] would give an outcome now.
    fn reportable(&self) -> bool {
        let subagent_runs = self
            .entries
            .iter()
            .any(|e| matches!(e.state, State::Running) && is_subagent(&e.call.name));
        for e in &self.entries {
            match &e.state {
                State::Done(_) => return !subagent_runs || is_subagent(&e.call.name),
                State::Reported | State::Queued => continue,
                _ if !e.read_only => return false,
                _ => continue,
            }
        }
        false
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
                State::Running | State::Held(..) | State::Timed(..) if !e.read_only => break,
                State::Running | State::Held(..) | State::Timed(..) => continue,
            }
        }
        None
    }

    /// The ids of the calls in the order their outcomes came.
    /// Whether a call before `index` that may change things is not done yet.
    fn behind_writer(&self, index: usize) -> bool {
        self.entries[..index]
            .iter()
            .any(|e| !e.read_only && !self.completed.contains(&e.call.id))
    }

    /// The waiting answers whose writers are done count as done now.
    fn flush_waiting(&mut self) {
        let mut k = 0;
        while k < self.waiting.len() {
            let at = self.waiting[k];
            if self.behind_writer(at) {
                k += 1;
                continue;
            }
            self.completed.push(self.entries[at].call.id.clone());
            self.waiting.remove(k);
        }
    }

    pub fn completed(&self) -> &[String] {
        &self.completed
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
            self.completed.push(self.entries[i].call.id.clone());
            self.entries[i].state = State::Done(Box::new(o));
            self.flush_waiting();
        }
        self.release_held();
    }

    /// Answers the calls that never started with `outcome` (after an interrupt).
    pub fn settle_unstarted(&mut self, mut outcome: impl FnMut(&Call) -> CallOutcome) {
        for e in &mut self.entries {
            if matches!(e.state, State::Queued | State::Running) {
                self.completed.push(e.call.id.clone());
                e.state = State::Done(Box::new(outcome(&e.call)));
            }
        }
        self.flush_waiting();
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
            self.completed.push(e.call.id.clone());
            e.state = State::Done(Box::new(outcome(&e.call, began)));
        }
        self.flush_waiting();
        any
    }

    /// Whether a call has not been reported yet.
    pub fn unfinished(&self) -> bool {
        self.entries
            .iter()
            .any(|e| !matches!(e.state, State::Reported))
    }

    /// Whether an answer is held.
    pub fn holds(&self) -> bool {
        self.entries
            .iter()
            .any(|e| matches!(e.state, State::Held(..)))
    }

    /// Whether a call is held or must run.
    pub fn busy(&self) -> bool {
        self.entries
            .iter()
            .any(|e| matches!(e.state, State::Running | State::Held(..) | State::Timed(..)))
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
mod tests;

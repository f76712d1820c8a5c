//! The order the tool calls of one response run and report in.
//!
//! A call is taken as soon as its block has streamed. It starts when nothing runs, or when
//! it only reads and everything running only reads too; a call that writes waits for the
//! calls before it, and the calls behind it wait for it. A call that is answered without a
//! callback or a run (a permission the rules refuse, an unknown tool) is done at once: its
//! permission_denied message goes out then, and its result when the next block starts to
//! stream. Calls that must run, or ask the caller, run after the response has streamed.
//! Results are reported in the order of the calls, except that a finished call may pass
//! read-only calls still running before it.
//!
//! This is what the reference shows against a server that streams at once: permission
//! denials interleave with the blocks, while runs report after the last block.
//!
//! ```text
//! Queued ──start_ready──► Running ──finish──────────► Done ──take_done──► Reported
//!        └─answered at once─► Held (while streaming) ──release_held──┘
//! ```

use crate::message::Message;

use super::call::{Call, CallOutcome};

#[derive(Debug)]
enum State {
    /// Waiting for the calls before it.
    Queued,
    /// Must run (or ask); runs when the response has streamed.
    Running,
    /// Answered at once; reported when the next block starts to stream.
    Held(Box<CallOutcome>),
    Done(Box<CallOutcome>),
    Reported,
}

impl State {
    fn release(&mut self) {
        if matches!(self, State::Held(_)) {
            if let State::Held(o) = std::mem::replace(self, State::Reported) {
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

/// The calls of one response, and where each stands.
#[derive(Debug, Default)]
pub(crate) struct Schedule {
    entries: Vec<Entry>,
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
    /// it must run (`None`). While streaming (`streaming`) such answers are held until the
    /// next block; afterwards they are done at once. Returns the answered outcomes'
    /// announcements (permission_denied messages), to be emitted now, and how many calls
    /// started.
    pub fn start_ready<F>(&mut self, streaming: bool, mut instant: F) -> (usize, Vec<Message>)
    where
        F: FnMut(&Call) -> Option<CallOutcome>,
    {
        let mut announced = Vec::new();
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
            let entry = &mut self.entries[i];
            count += 1;
            match instant(&entry.call) {
                Some(mut o) => {
                    started.push(read_only);
                    let announce = o.announce.take();
                    entry.state = if streaming {
                        State::Held(Box::new(o))
                    } else {
                        State::Done(Box::new(o))
                    };
                    announced.extend(announce);
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
                State::Running | State::Held(_) => Some(e.read_only),
                _ => None,
            })
            .chain(started.iter().copied())
            .collect::<Vec<_>>();
        running.is_empty() || (read_only && running.iter().all(|r| *r))
    }

    /// The next block started streaming: held answers are done.
    pub fn release_held(&mut self) {
        self.entries.iter_mut().for_each(|e| e.state.release());
    }

    /// The outcomes that may be reported now, in order, with their tool's name: done calls,
    /// passing queued and read-only running calls, stopping at a running call that writes.
    pub fn take_done(&mut self) -> Vec<(Call, CallOutcome)> {
        let mut out = Vec::new();
        for e in &mut self.entries {
            match &e.state {
                State::Reported | State::Queued => continue,
                State::Done(_) => {
                    if let State::Done(o) = std::mem::replace(&mut e.state, State::Reported) {
                        out.push((e.call.clone(), *o));
                    }
                }
                State::Running | State::Held(_) if !e.read_only => break,
                State::Running | State::Held(_) => continue,
            }
        }
        out
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
            .any(|e| matches!(e.state, State::Running | State::Held(_)))
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
                ex.release_held();
                log.extend(ids(ex.take_done()));
                log.push("|".into());
            }
            ex.add(call(id), *read_only, None);
            ex.start_ready(true, |c| quick.contains(&c.id).then(|| answer(&c.id)));
        }
        (ex, log)
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
        let (n, _) = ex.start_ready(false, |c| Some(answer(&c.id)));
        assert_eq!(n, 1);
        assert_eq!(ids(ex.take_done()), ["b"]);
        ex.start_ready(false, |c| Some(answer(&c.id)));
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
        ex.start_ready(false, |c| Some(answer(&c.id)));
        assert_eq!(ids(ex.take_done()), ["w"]);
        ex.start_ready(false, |c| Some(answer(&c.id)));
        assert_eq!(ids(ex.take_done()), ["r2"]);
    }

    #[test]
    fn unknown_tools_are_done_on_arrival() {
        let mut ex = Schedule::default();
        ex.add(call("r"), true, None);
        ex.start_ready(true, |_| None);
        ex.add(call("x"), true, Some(answer("x")));
        assert_eq!(ids(ex.take_done()), ["x"]);
    }
}

//! When a call refused as it starts, after the response has streamed, is seen and done.

use super::super::call::{Call, CallOutcome, Pace};

/// When a call refused at its start after the response streamed is announced and done, on
/// the clock of [`Schedule`]: each result reported takes [`REPORT`] ticks. The reference
/// checks a command in its own time while earlier results go out: its refusal by the rules
/// or the mode is seen about half a report after the start (one and a half for a pipeline
/// or a command substitution, which take longer to check), and the call is done three
/// reports after the start; the calls waiting behind it start then
/// (fa_pin_dontask_behind_*, fa_248). A question refused for want of a callback is seen a
/// report and a half after the start and done soon after (three reports for a pipeline;
/// fa_pin_default_behind_*). A file read's refusal is seen at once and done a report later
/// (fa_159).
#[derive(Debug, Clone, Copy)]
pub(super) struct Timer {
    /// `None` once announced.
    pub announce: Option<u32>,
    pub done: u32,
}

/// Ticks a report takes.
pub(super) const REPORT: u32 = 10;

impl Timer {
    pub fn of_refusal(call: &Call, o: &CallOutcome, now: u32) -> Option<Timer> {
        // A file read's refusal is announced at once and done about a report later (fa_159).
        if matches!(o.pace, Pace::Read { .. }) && o.denial.is_some() {
            return Some(Timer {
                announce: None,
                done: now + REPORT,
            });
        }
        let refused = call.name == "Bash"
            && matches!(o.pace, Pace::Rules | Pace::Question)
            && o.denial.is_some()
            && !o.announce.is_empty();
        if !refused {
            return None;
        }
        let command = call
            .input
            .get("command")
            .and_then(|c| c.as_str())
            .unwrap_or("");
        let piped = command.replace("||", "").contains('|')
            || command.contains("$(")
            || command.contains('`');
        // The mode's or a rule's verdict is seen sooner than a question refused for want of
        // a callback, which is done sooner (fa_pin_default_behind_*, fa_pin_default_fa111).
        let verdict = o.pace == Pace::Rules;
        let (announce, done) = match (verdict, piped) {
            (true, false) => (REPORT / 2, 3 * REPORT),
            (false, false) => (REPORT * 3 / 2, REPORT * 9 / 5),
            (_, true) => (REPORT * 3 / 2, 3 * REPORT),
        };
        Some(Timer {
            announce: Some(now + announce),
            done: now + done,
        })
    }

    /// The time of its next event.
    pub fn next(&self) -> u32 {
        self.announce.unwrap_or(self.done)
    }
}

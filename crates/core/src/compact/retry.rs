//! The order of summary requests while the API finds them too long.
//!
//! Each attempt is sent twice to the models whose summary request carries the
//! fallback-credit beta (the reference sends it again without it), once to the others
//! ([`summary_sends`]). After its last refusal the next attempt covers fewer rounds
//! ([`CompactionPlan::next_rounds`]): the latest rounds move to the kept tail. A compaction
//! set off by the API refusing a main request starts at half the rounds (one at least) when
//! the refusal said by how much the prompt was too long (the caller starts it at every
//! round otherwise), and
//! when no round is left it summarizes the whole conversation instead (its first prompt left
//! out), giving up the earliest rounds first, down to the latest one, tried four times. So
//! does a threshold compaction whose first attempt already covered the whole conversation
//! (fuzz-g/fg_702); one that kept a tail gives up.
//!
//! ```
//! use oxagent_core::compact::{plan, Attempts};
//! use oxagent_core::conversation::Turn;
//! use oxagent_core::ContentBlock;
//! let t = |role: &str, s: &str| Turn::with_role(role, vec![ContentBlock::text(s)]);
//! let mut h = vec![t("user", "go")];
//! for i in 0..6 {
//!     h.push(t("assistant", &format!("a{i}")));
//!     h.push(t("user", &format!("r{i}")));
//! }
//! let mut a = Attempts::new(&plan(&h).unwrap(), false, &h);
//! let mut sizes = vec![];
//! while let Some(p) = a.current.clone() {
//!     sizes.push(p.rounds);
//!     a.refused(&h, "prompt is too long: 1000123 tokens > 1000000 maximum");
//! }
//! assert_eq!(sizes, [5, 5, 2, 2, 1, 1]);
//! ```

use crate::conversation::Turn;

use super::plan::{rounds_making_up, CompactionPlan};
use super::texts::parse_prompt_too_long;

/// Attempts of a single round of the whole conversation before the compaction gives up.
const LAST_ROUND_ATTEMPTS: u32 = 4;

/// How many times a summary request of `model` is sent before it counts as refused: twice
/// to the models whose request carries the fallback-credit beta (the second time without
/// it), once to the others (fuzz-g/fg_018: claude-sonnet-4-6).
pub fn summary_sends(model: &str) -> u32 {
    match crate::model_names::canonical_id(model).as_str() {
        "claude-opus-5-5" | "claude-sonnet-5-5" => 2,
        _ => 1,
    }
}

/// Where a compaction's summary requests stand.
#[derive(Debug, Clone)]
pub struct Attempts {
    /// The next summary request's plan; `None`: nothing left to try.
    pub current: Option<CompactionPlan>,
    base: CompactionPlan,
    reactive: bool,
    refusals: u32,
    last_round: u32,
    /// Sends of one attempt ([`summary_sends`]).
    sends: u32,
}

impl Attempts {
    pub fn new(plan: &CompactionPlan, reactive: bool, history: &[Turn]) -> Attempts {
        let current = if reactive {
            Some(plan.shrunk(history, reactive_start(plan, history)))
        } else {
            Some(plan.clone())
        };
        Attempts {
            current,
            base: plan.clone(),
            reactive,
            refusals: 0,
            last_round: 0,
            sends: 2,
        }
    }

    /// Each attempt sent `sends` times before a smaller one is tried.
    pub fn sending(mut self, sends: u32) -> Attempts {
        self.sends = sends.max(1);
        self
    }

    /// The API refused the current attempt as too long with `message`.
    pub fn refused(&mut self, history: &[Turn], message: &str) {
        let Some(current) = self.current.clone() else {
            return;
        };
        self.refusals += 1;
        if current.from > 0 && current.rounds == 1 {
            self.last_round += 1;
            if self.last_round >= LAST_ROUND_ATTEMPTS {
                self.current = None;
            }
            return;
        }
        if self.refusals < self.sends {
            return;
        }
        self.refusals = 0;
        let excess =
            parse_prompt_too_long(message).map(|(tokens, limit)| tokens.saturating_sub(limit));
        if current.from > 0 {
            let keep = latest_to_keep(&current.weights(history), excess);
            self.current = Some(current.latest(history, keep));
            return;
        }
        let next = CompactionPlan::next_rounds(&current.weights(history), excess);
        // A threshold compaction that summarized all of the conversation goes on to it whole
        // (fuzz-g/fg_702).
        self.current = if next > 0 {
            Some(self.base.shrunk(history, next))
        } else if self.reactive || self.base.head >= history.len() {
            CompactionPlan::whole(history).map(|whole| after_large(whole, history))
        } else {
            None
        };
    }
}

/// The whole conversation as first summarized after the head alone was refused: from the
/// round after the last large one ([`REACTIVE_KEEP`] tokens or more) when there is one after
/// the first and before the latest (compaction/compact_reactive_8r_3x_big_second), else all
/// of it.
fn after_large(whole: CompactionPlan, history: &[Turn]) -> CompactionPlan {
    let weights = whole.weights(history);
    // A large first round changes nothing (fuzz-g/fg_058), as for the first cut.
    match weights.iter().rposition(|w| *w >= REACTIVE_KEEP) {
        Some(last) if last > 0 && last + 1 < whole.rounds => {
            let keep = whole.rounds - (last + 1);
            whole.latest(history, keep)
        }
        _ => whole,
    }
}

/// Rough tokens of the latest rounds a reactive compaction keeps when it can (probes pr2_*).
const REACTIVE_KEEP: f64 = 1_000.0;

/// How many rounds a reactive compaction summarizes first: half the rounds (one at least);
/// when a round after the first is itself of [`REACTIVE_KEEP`] tokens or more, all before the
/// latest rounds that make them up (the round being answered among them), keeping one round
/// besides the latest at least (probes pr_*, pr2_*: a large result late in the conversation
/// moves the cut to just before it, one in the first round does not).
fn reactive_start(plan: &CompactionPlan, history: &[Turn]) -> usize {
    let rounds = plan.rounds;
    let all = history.iter().filter(|t| t.is_assistant()).count();
    let weights = CompactionPlan::round_weights(history, all);
    let large = weights.iter().skip(1).any(|w| *w >= REACTIVE_KEEP);
    let kept_from = (1..=rounds.min(weights.len().saturating_sub(1)))
        .rev()
        .filter(|_| large)
        .find(|&k| weights[k..].iter().sum::<f64>() >= REACTIVE_KEEP);
    match kept_from {
        Some(k) if rounds > 1 => k.min(rounds - 1),
        Some(_) => 1,
        None => (rounds / 2).max(1),
    }
}

/// How many of the latest rounds the next summary request of the whole conversation keeps:
/// the earliest rounds that make up the excess are left out; when that would leave nothing,
/// or the excess is unknown, only the latest round stays.
fn latest_to_keep(weights: &[f64], excess: Option<u64>) -> usize {
    let n = weights.len();
    match rounds_making_up(weights.iter(), excess) {
        Some(given_up) if given_up < n => n - given_up,
        _ => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compact::plan;
    use crate::content::ContentBlock;

    const TOO_LONG: &str = "prompt is too long: 1000123 tokens > 1000000 maximum";

    fn rounds(n: usize) -> Vec<Turn> {
        let t = |role: &str, s: String| Turn::with_role(role, vec![ContentBlock::text(s)]);
        let mut h = vec![t("user", "go".into())];
        for i in 0..n {
            // About 21 tokens a round, as a short Read round weighs.
            h.push(t("assistant", format!("{i:0>42}")));
            h.push(t("user", format!("{i:0>42}")));
        }
        h
    }

    /// (from, rounds) of each summary request until one is accepted after `refusals`.
    fn run(n: usize, reactive: bool, refusals: usize) -> Vec<(usize, usize)> {
        let h = rounds(n);
        let mut a = Attempts::new(&plan(&h).unwrap(), reactive, &h);
        let mut out = vec![];
        while let Some(p) = a.current.clone() {
            out.push((p.from, p.rounds));
            if out.len() > refusals {
                break;
            }
            a.refused(&h, TOO_LONG);
        }
        out
    }

    /// Rounds of about `tokens[i]` rough tokens each.
    fn sized(tokens: &[usize]) -> Vec<Turn> {
        let t = |role: &str, s: String| Turn::with_role(role, vec![ContentBlock::text(s)]);
        let mut h = vec![t("user", "go".into())];
        for (i, n) in tokens.iter().enumerate() {
            h.push(t("assistant", format!("{i:0>4}")));
            h.push(t("user", "x".repeat(n * 4 - 4)));
        }
        h
    }

    #[test]
    fn a_large_late_round_moves_the_first_cut_before_it() {
        let first = |tokens: &[usize]| {
            let h = sized(tokens);
            Attempts::new(&plan(&h).unwrap(), true, &h)
                .current
                .unwrap()
                .rounds
        };
        // Small rounds: half.
        assert_eq!(first(&[40, 40, 40, 40, 40, 40]), 2);
        // A large fourth round is kept with what follows it; a large first one changes nothing.
        assert_eq!(first(&[40, 40, 40, 1500, 40, 40]), 3);
        assert_eq!(first(&[1500, 40, 40, 40, 40, 40]), 2);
        // One round besides the latest is kept at least.
        assert_eq!(first(&[40, 40, 40, 40, 40, 1500]), 4);
    }

    #[test]
    fn the_whole_conversation_starts_after_its_last_large_round() {
        let h = sized(&[40, 3000, 40, 40, 40, 40, 40, 40]);
        let mut a = Attempts::new(&plan(&h).unwrap(), true, &h);
        let mut seen = vec![];
        while let Some(p) = a.current.clone() {
            seen.push((p.from > 0, p.rounds));
            if seen.len() > 4 {
                break;
            }
            a.refused(&h, TOO_LONG);
        }
        assert_eq!(seen[..4], [(false, 1), (false, 1), (true, 6), (true, 6)]);
    }

    #[test]
    fn each_size_twice_then_fewer() {
        let sizes = |n, k| run(n, false, k).iter().map(|p| p.1).collect::<Vec<_>>();
        assert_eq!(sizes(10, 9), [9, 9, 3, 3, 1, 1]);
        assert_eq!(sizes(13, 6), [12, 12, 6, 6, 3, 3, 1]);
        assert_eq!(sizes(8, 2), [7, 7, 1]);
        assert_eq!(sizes(2, 9), [1, 1]);
    }

    #[test]
    fn a_reactive_compaction_of_six_rounds_keeps_the_last() {
        let sizes: Vec<usize> = run(6, true, 20).iter().map(|p| p.1).collect();
        assert_eq!(sizes, [2, 2, 1, 1, 6, 6, 1, 1, 1, 1]);
    }

    #[test]
    fn a_reactive_compaction_of_two_rounds() {
        let sizes: Vec<usize> = run(2, true, 20).iter().map(|p| p.1).collect();
        assert_eq!(sizes, [1, 1, 2, 2, 1, 1, 1, 1]);
    }

    #[test]
    fn a_reactive_compaction_ends_on_the_whole_conversation() {
        // Nine rounds: 4, 2, 1 of the head, then all nine, then the latest 3, then the last.
        let r = run(9, true, 20);
        let sizes: Vec<usize> = r.iter().map(|p| p.1).collect();
        assert_eq!(sizes, [4, 4, 2, 2, 1, 1, 9, 9, 3, 3, 1, 1, 1, 1]);
        assert!(r[..6].iter().all(|p| p.0 == 0));
        assert!(r[6..].iter().all(|p| p.0 > 0));
    }

    #[test]
    fn summary_requests_sent_once_to_models_without_the_fallback_credit() {
        // fuzz-g/fg_018: claude-sonnet-4-6 gives up after one refusal of a single round.
        assert_eq!(summary_sends("claude-opus-5-5"), 2);
        assert_eq!(summary_sends("claude-sonnet-5-5"), 2);
        assert_eq!(summary_sends("claude-sonnet-4-6"), 1);
        assert_eq!(summary_sends("claude-haiku-5-5"), 1);
        let h = rounds(2);
        let mut a = Attempts::new(&plan(&h).unwrap(), false, &h).sending(1);
        assert!(a.current.is_some());
        a.refused(&h, TOO_LONG);
        assert!(a.current.is_none());
    }
}

//! Where a compaction cuts the conversation, and what it sends and keeps.
//!
//! The first compaction of a conversation summarizes everything before the latest API round
//! (the last assistant turn and what followed it) and keeps that round verbatim after the
//! summary. A conversation that starts with an earlier summary is summarized whole by an
//! automatic compaction; `/compact` keeps its latest round unless it has only one. A summary
//! request the API finds too long is sent twice, then with fewer rounds summarized
//! ([`CompactionPlan::next_rounds`]), the rest moving to the kept tail.
//!
//! ```
//! use oxagent_core::compact::{plan, CompactError};
//! use oxagent_core::conversation::Turn;
//! use oxagent_core::ContentBlock;
//! let t = |role: &str, s: &str| Turn::with_role(role, vec![ContentBlock::text(s)]);
//! // One round is not enough: there is nothing before it to summarize.
//! assert_eq!(plan(&[t("user", "go"), t("assistant", "ok")]).unwrap_err(), CompactError::TooFewGroups);
//! let p = plan(&[t("user", "go"), t("assistant", "a"), t("user", "more"), t("assistant", "b")]).unwrap();
//! assert_eq!((p.head, p.keep_recent), (3, true));
//! ```

use crate::content::ContentBlock;
use crate::conversation::Turn;

use super::texts::{is_continuation, Covered};

/// What set a compaction off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CompactTrigger {
    /// The context crossed the threshold, or the API said the prompt is too long.
    Auto,
    /// `/compact`, or `Client::compact`.
    Manual,
}

impl CompactTrigger {
    pub fn as_str(self) -> &'static str {
        match self {
            CompactTrigger::Auto => "auto",
            CompactTrigger::Manual => "manual",
        }
    }
}

/// Why a compaction did not happen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CompactError {
    /// An empty conversation.
    NothingToCompact,
    /// Only one API round: nothing before it to summarize.
    TooFewGroups,
    /// Every summary request was too long, down to a single round.
    Exhausted,
    /// The summary request failed (the text the caller reads).
    Api(String),
    /// `DISABLE_COMPACT` is set.
    Disabled,
    /// A PreCompact hook answered `decision: block`.
    Blocked,
}

/// What `/compact` says when a PreCompact hook blocked it.
pub const BLOCKED_BY_HOOK: &str = "Compaction blocked by PreCompact hook: [callback]";

impl CompactError {
    /// The `compact_error` of the failure status message.
    pub fn code(&self) -> String {
        match self {
            CompactError::NothingToCompact => "no_messages".into(),
            CompactError::TooFewGroups => "too_few_groups".into(),
            CompactError::Exhausted => "exhausted".into(),
            CompactError::Api(text) => text.clone(),
            CompactError::Disabled => "disabled".into(),
            CompactError::Blocked => format!("skipped: {BLOCKED_BY_HOOK}"),
        }
    }
}

impl CompactError {
    /// What `/compact` answers when it fails so (its status names the same, but a hook's
    /// refusal, which it says was skipped).
    pub fn command_text(&self) -> String {
        match self {
            CompactError::NothingToCompact => super::texts::NOTHING_TO_COMPACT.into(),
            CompactError::Blocked => BLOCKED_BY_HOOK.into(),
            CompactError::Disabled => "/compact isn't available in this environment.".into(),
            other => format!("Error during compaction: {}", other.code()),
        }
    }
}

/// How one compaction cuts a conversation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompactionPlan {
    /// The summary covers `history[..head]`; `history[head..]` is kept verbatim.
    pub head: usize,
    /// Whether a tail is kept (false: the conversation was compacted before and is
    /// summarized whole).
    pub keep_recent: bool,
    /// Assistant turns (API rounds) in the head.
    pub rounds: usize,
    /// Where the summarized part starts: 0, or (the whole-conversation fallback of a
    /// reactive compaction) the first round kept, the earlier conversation replaced by
    /// [`TRUNCATED_FOR_RETRY`].
    pub from: usize,
}

/// What stands for the conversation a summary request leaves out at its start.
pub const TRUNCATED_FOR_RETRY: &str = "[earlier conversation truncated for compaction retry]";

fn assistant_positions(history: &[Turn]) -> impl Iterator<Item = usize> + '_ {
    history
        .iter()
        .enumerate()
        .filter(|(_, t)| t.is_assistant())
        .map(|(i, _)| i)
}

/// How many of `weights`, taken in order, it takes to make up `excess` tokens (`None`: no
/// excess named, or not enough).
pub(crate) fn rounds_making_up<'a>(
    weights: impl Iterator<Item = &'a f64>,
    excess: Option<u64>,
) -> Option<usize> {
    let excess = excess? as f64;
    let mut acc = 0.0;
    for (i, w) in weights.enumerate() {
        acc += w;
        if acc >= excess {
            return Some(i + 1);
        }
    }
    None
}

/// A block's length in UTF-16 units, as the reference measures its strings.
fn block_chars(block: &ContentBlock) -> usize {
    use crate::content::ToolResultContent;
    let units = |s: &str| s.encode_utf16().count();
    match block {
        ContentBlock::Text { text, .. } => units(text),
        ContentBlock::Thinking { thinking, .. } => units(thinking),
        ContentBlock::ToolUse { name, input, .. } => units(name) + units(&input.to_string()),
        ContentBlock::ToolResult { content, .. } => match content {
            Some(ToolResultContent::Text(t)) => units(t),
            Some(ToolResultContent::Blocks(blocks)) => blocks.iter().map(block_chars).sum(),
            None => 0,
        },
        _ => 0,
    }
}

/// Whether a turn is a prompt: a user turn of no results, not reminders alone (the output
/// limit's nudge is none: edges/mo_partial_then_round_413).
fn is_prompt(turn: &Turn) -> bool {
    turn.is_user()
        && !turn.content.iter().any(|b| b.result_id().is_some())
        && turn.content.iter().any(|b| {
            matches!(b, ContentBlock::Text { text, .. } if !text.starts_with("<system-reminder>"))
        })
}

/// Whether the conversation starts with the continuation of an earlier compaction.
pub fn was_compacted(history: &[Turn]) -> bool {
    history.first().is_some_and(|t| {
        t.is_user()
            && t.content
                .iter()
                .any(|b| matches!(b, ContentBlock::Text { text, .. } if is_continuation(text)))
    })
}

/// The tools an earlier summary lists (its `<tools-used-before-summary>`).
fn earlier_tools(continuation: &str) -> Vec<String> {
    const OPEN: &str = "<tools-used-before-summary>";
    let Some(start) = continuation.find(OPEN) else {
        return Vec::new();
    };
    let rest = &continuation[start + OPEN.len()..];
    let list = rest
        .find("</tools-used-before-summary>")
        .map_or("", |end| &rest[..end]);
    list.split(", ")
        .filter(|n| !n.is_empty())
        .map(str::to_string)
        .collect()
}

/// Decides the cut of an automatic compaction.
pub fn plan(history: &[Turn]) -> Result<CompactionPlan, CompactError> {
    plan_for(history, false)
}

/// Decides the cut; `manual`: for `/compact`.
pub fn plan_for(history: &[Turn], manual: bool) -> Result<CompactionPlan, CompactError> {
    plan_keeping(history, manual, !manual && was_compacted(history))
}

/// Decides the cut; `manual`: for `/compact`; `keep_no_round`: an automatic compaction that
/// summarizes every round, as the reference's does when the context filled again within
/// three rounds of the previous compaction of the prompt, unless it reached the size at which
/// requests are refused unsent or the API refused it (fuzz-g/fg_020, fg_180, edges/pk_*).
pub fn plan_keeping(
    history: &[Turn],
    manual: bool,
    keep_no_round: bool,
) -> Result<CompactionPlan, CompactError> {
    if history.is_empty() {
        return Err(CompactError::NothingToCompact);
    }
    // `/compact` keeps the latest round as in any conversation, unless there is only one
    // after an earlier summary (edges/cp_*, fuzz-g/fg_107).
    let answers = assistant_positions(history).count();
    let summarize_all = match manual {
        true => was_compacted(history) && answers < 2,
        false => keep_no_round && was_compacted(history),
    };
    let (head, keep_recent) = if summarize_all {
        (history.len(), false)
    } else {
        match assistant_positions(history).last() {
            Some(last) => (last, true),
            None => return Err(CompactError::TooFewGroups),
        }
    };
    let rounds = assistant_positions(&history[..head]).count();
    if rounds == 0 {
        return Err(CompactError::TooFewGroups);
    }
    Ok(CompactionPlan {
        head,
        keep_recent,
        rounds,
        from: 0,
    })
}

impl CompactionPlan {
    /// How many rounds the summary request after a refused one covers, given the rough
    /// tokens of each round it covered and the API's excess (`tokens - limit`) when the
    /// refusal names one: the latest rounds that make up the excess move to the kept tail;
    /// when that would leave nothing (or the excess is unknown), half the rounds stay. 0:
    /// nothing left to try.
    pub fn next_rounds(weights: &[f64], excess: Option<u64>) -> usize {
        let current = weights.len();
        match rounds_making_up(weights.iter().rev(), excess) {
            Some(given_up) if given_up < current => current - given_up,
            _ => current / 2,
        }
    }

    /// The rough tokens of each of the first `rounds` rounds (an assistant turn and the
    /// user turns after it): four characters a token of text, thinking, tool names and
    /// inputs, and tool results.
    pub fn round_weights(history: &[Turn], rounds: usize) -> Vec<f64> {
        let starts: Vec<usize> = assistant_positions(history).collect();
        (0..rounds.min(starts.len()))
            .map(|k| {
                let end = starts.get(k + 1).copied().unwrap_or(history.len());
                let chars: usize = history[starts[k]..end]
                    .iter()
                    .flat_map(|t| t.content.iter())
                    .map(block_chars)
                    .sum();
                chars as f64 / 4.0
            })
            .collect()
    }

    /// This plan with only the first `rounds` rounds summarized.
    pub fn shrunk(&self, history: &[Turn], rounds: usize) -> CompactionPlan {
        if rounds >= self.rounds {
            return self.clone();
        }
        let head = assistant_positions(history)
            .nth(rounds)
            .unwrap_or(self.head);
        CompactionPlan {
            head,
            keep_recent: head < history.len(),
            rounds,
            from: self.from,
        }
    }

    /// Everything summarized, nothing kept: what `/compact` does with a single round.
    pub fn all(history: &[Turn]) -> Option<CompactionPlan> {
        let rounds = assistant_positions(history).count();
        (rounds > 0).then_some(CompactionPlan {
            head: history.len(),
            keep_recent: false,
            rounds,
            from: 0,
        })
    }

    /// The whole conversation summarized, without its first prompt: what a reactive
    /// compaction tries when no smaller head was accepted.
    pub fn whole(history: &[Turn]) -> Option<CompactionPlan> {
        let from = assistant_positions(history).next()?;
        Some(CompactionPlan {
            head: history.len(),
            keep_recent: false,
            rounds: assistant_positions(history).count(),
            from,
        })
    }

    /// This plan with only its latest `rounds` rounds summarized (at least one).
    pub fn latest(&self, history: &[Turn], rounds: usize) -> CompactionPlan {
        let rounds = rounds.clamp(1, self.rounds);
        let from = assistant_positions(&history[..self.head])
            .nth(self.rounds_before_from(history) + self.rounds - rounds)
            .unwrap_or(self.from);
        CompactionPlan {
            from,
            rounds,
            ..self.clone()
        }
    }

    fn rounds_before_from(&self, history: &[Turn]) -> usize {
        assistant_positions(&history[..self.from]).count()
    }

    /// What the summary covers, for the continuation's wording.
    pub fn covered(&self) -> Covered {
        if self.from > 0 {
            Covered::Latest
        } else if self.keep_recent {
            Covered::Earliest
        } else {
            Covered::All
        }
    }

    /// The rough tokens of each round of this plan's summarized part, in order.
    pub fn weights(&self, history: &[Turn]) -> Vec<f64> {
        let skip = self.rounds_before_from(history);
        let mut all = CompactionPlan::round_weights(history, skip + self.rounds);
        all.drain(..skip);
        all
    }

    /// The summarized part as the summary request carries it.
    pub fn summary_head(&self, history: &[Turn]) -> Vec<Turn> {
        self.summary_head_for(history, true)
    }

    /// [`Self::summary_head`]; `answer`: whether a kept round answering a prompt is sent too
    /// (not by a compaction the API's refusal set off: fuzz-g/fg_143).
    pub fn summary_head_for(&self, history: &[Turn], answer: bool) -> Vec<Turn> {
        let mut turns = Vec::with_capacity(self.head - self.from + 1);
        if self.from > 0 {
            turns.push(Turn::user(vec![ContentBlock::text(TRUNCATED_FOR_RETRY)]));
        }
        // The latest round, when its answer answers a prompt (not results), is sent too, though
        // it is kept: a text answer (edges/cq_one_one, cp_call_one), or calls and their
        // results (fuzz-g/fg_159).
        let answer_to_prompt = answer
            && self.keep_recent
            && self.head < history.len()
            && history[self.head].is_assistant()
            && self.head > 0
            && is_prompt(&history[self.head - 1]);
        let end = if answer_to_prompt {
            history.len()
        } else {
            self.head
        };
        turns.extend_from_slice(&history[self.from..end]);
        turns
    }

    /// The messages of the summary request: the head, with `instruction` as the last text
    /// block of its last user message.
    pub fn summary_turns(&self, history: &[Turn], instruction: &str) -> Vec<Turn> {
        let mut turns = self.summary_head(history);
        match turns.last_mut() {
            Some(last) if last.is_user() => last.content.push(ContentBlock::text(instruction)),
            _ => turns.push(Turn::user(vec![ContentBlock::text(instruction)])),
        }
        turns
    }

    /// Tools called before the compaction, each once, sorted by name: in the part
    /// summarized, in the turns kept after it (fuzz-d/fd_112) and those an earlier summary
    /// listed (fuzz-g), with `also` (those an earlier summary's answer called).
    pub fn tools_used(
        &self,
        history: &[Turn],
        also: &std::collections::BTreeSet<String>,
    ) -> Vec<String> {
        let earlier = history
            .first()
            .filter(|_| was_compacted(history))
            .map(|t| earlier_tools(&t.text()))
            .unwrap_or_default();
        let called = history
            .iter()
            .flat_map(Turn::tool_names)
            .map(str::to_string);
        let names: std::collections::BTreeSet<String> = earlier
            .into_iter()
            .chain(called)
            .chain(also.iter().cloned())
            .collect();
        names.into_iter().collect()
    }

    /// The conversation after the compaction: one user turn made of `opening`, then the kept
    /// tail.
    pub fn compacted(&self, history: &[Turn], opening: Vec<ContentBlock>) -> Vec<Turn> {
        let mut out = Vec::with_capacity(history.len() - self.head + 1);
        out.push(Turn::user(opening));
        out.extend_from_slice(&history[self.head..]);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(role: &str, s: &str) -> Turn {
        Turn::with_role(role, vec![ContentBlock::text(s)])
    }

    /// A prompt, then `n` rounds: an answer `a<i>`, then a results turn (a result and the text
    /// `r<i>`).
    fn rounds(n: usize) -> Vec<Turn> {
        let mut h = vec![t("user", "go")];
        for i in 0..n {
            h.push(t("assistant", &format!("a{i}")));
            let result: ContentBlock = serde_json::from_value(
                serde_json::json!({"type": "tool_result", "tool_use_id": format!("t{i}")}),
            )
            .unwrap();
            h.push(Turn::user(vec![
                result,
                ContentBlock::text(format!("r{i}")),
            ]));
        }
        h
    }

    #[test]
    fn keeps_the_latest_round() {
        let h = rounds(3);
        let p = plan(&h).unwrap();
        assert_eq!((p.head, p.rounds, p.keep_recent), (5, 2, true));
        let s = p.summary_turns(&h, "SUMMARIZE");
        assert_eq!(s.len(), 5);
        assert_eq!(s[4].text(), "r1\nSUMMARIZE");
        let c = p.compacted(&h, vec![ContentBlock::text("summary")]);
        assert_eq!(
            c.iter().map(Turn::text).collect::<Vec<_>>(),
            ["summary", "a2", "r2"]
        );
    }

    #[test]
    fn an_answer_to_a_prompt_is_sent_and_kept() {
        let h = [
            t("user", "Start"),
            t("assistant", "Done1."),
            t("user", "More"),
            t("assistant", "Done2."),
        ];
        let p = plan(&h).unwrap();
        assert_eq!((p.head, p.keep_recent), (3, true));
        let sent: Vec<String> = p.summary_turns(&h, "S").iter().map(Turn::text).collect();
        assert_eq!(sent, ["Start", "Done1.", "More", "Done2.", "S"]);
        let kept = p.compacted(&h, vec![ContentBlock::text("summary")]);
        assert_eq!(
            kept.iter().map(Turn::text).collect::<Vec<_>>(),
            ["summary", "Done2."]
        );
        // An answer of calls to a prompt: the round, its results too (fuzz-g/fg_159).
        let mut h = rounds(1);
        h.push(t("user", "More"));
        h.extend(rounds(1).into_iter().skip(1));
        let p = plan(&h).unwrap();
        let sent: Vec<String> = p.summary_turns(&h, "S").iter().map(Turn::text).collect();
        assert_eq!(sent, ["go", "a0", "r0", "More", "a0", "r0\nS"]);
        // Not by a compaction a refusal set off (fuzz-g/fg_143).
        assert_eq!(p.summary_head_for(&h, false).len(), 4);
        // Not after the output limit's nudge, which is no prompt.
        let mut h = rounds(1);
        h.push(t("assistant", "cut"));
        h.push(t(
            "user",
            "<system-reminder>\nOutput token limit hit.\n</system-reminder>",
        ));
        h.extend(rounds(1).into_iter().skip(1));
        let p = plan(&h).unwrap();
        assert_eq!(p.summary_turns(&h, "S").len(), 5);
    }

    #[test]
    fn empty_and_single_round() {
        assert_eq!(plan(&[]).unwrap_err(), CompactError::NothingToCompact);
        assert_eq!(plan(&rounds(1)).unwrap_err(), CompactError::TooFewGroups);
        assert_eq!(
            plan(&[t("user", "x")]).unwrap_err(),
            CompactError::TooFewGroups
        );
    }

    #[test]
    fn after_a_summary_compact_keeps_the_latest_of_several_rounds() {
        let mut h = rounds(2);
        h[0] = t(
            "user",
            "This session is being continued from a previous conversation ...",
        );
        // Two rounds after the summary: `/compact` keeps the latest (edges/cp_call_one), an
        // automatic compaction summarizes all (fuzz-g/fg_020).
        let p = plan_for(&h, true).unwrap();
        assert_eq!((p.head, p.keep_recent, p.rounds), (3, true, 1));
        let p = plan(&h).unwrap();
        assert_eq!((p.head, p.keep_recent, p.rounds), (5, false, 2));
        // Unless the context did not fill again quickly, or was pressed (a refusal, or the
        // size requests are refused at): then it keeps the latest too (edges/pk_*).
        let p = plan_keeping(&h, false, false).unwrap();
        assert_eq!((p.head, p.keep_recent, p.rounds), (3, true, 1));
        // One: everything goes (edges/cp_one_one).
        let one = &h[..3];
        let p = plan_for(one, true).unwrap();
        assert_eq!((p.head, p.keep_recent, p.rounds), (3, false, 1));
        // The instruction gets a user turn of its own after an assistant turn.
        let h2 = &h[..2];
        let s = plan(h2).unwrap().summary_turns(h2, "S");
        assert_eq!(s.last().unwrap().text(), "S");
    }

    #[test]
    fn tools_of_an_earlier_summary_carry_over() {
        let mut h = rounds(1);
        h[0] = t(
            "user",
            "This session is being continued from a previous conversation.\n\n<system-reminder>\n<tools-used-before-summary>Bash, Read</tools-used-before-summary>\n</system-reminder>\nS.",
        );
        let p = plan(&h).unwrap();
        assert_eq!(p.tools_used(&h, &Default::default()), ["Bash", "Read"]);
        assert!(plan(&rounds(2))
            .unwrap()
            .tools_used(&rounds(2), &Default::default())
            .is_empty());
    }

    #[test]
    fn shrinking_moves_rounds_to_the_tail() {
        let h = rounds(6);
        let p = plan(&h).unwrap();
        let q = p.shrunk(&h, 2);
        assert_eq!((q.head, q.rounds), (5, 2));
        assert_eq!(q.compacted(&h, vec![]).len(), 1 + h.len() - 5);
    }

    #[test]
    fn the_next_summary_request_gives_up_the_latest_rounds_of_the_excess() {
        // Nine rounds of 21 tokens (the reference's traces: an excess of 20 moves
        // one round to the tail, 22 two, 62 three, 64 four, 123 six).
        let w = vec![21.0; 9];
        let next = CompactionPlan::next_rounds;
        assert_eq!(next(&w, Some(1)), 8);
        assert_eq!(next(&w, Some(20)), 8);
        assert_eq!(next(&w, Some(22)), 7);
        assert_eq!(next(&w, Some(62)), 6);
        assert_eq!(next(&w, Some(64)), 5);
        assert_eq!(next(&w, Some(123)), 3);
        // More than all but one round: half of them stay, as without a number.
        assert_eq!(next(&w, Some(10_000)), 4);
        assert_eq!(next(&w, None), 4);
        assert_eq!(next(&w[..6], Some(123)), 3);
        assert_eq!(next(&w[..1], Some(123)), 0);
        // A large round near the end makes up the excess alone.
        let mut big = vec![21.0; 9];
        big[7] = 9_000.0;
        assert_eq!(next(&big, Some(123)), 7);
    }

    #[test]
    fn the_whole_conversation_gives_up_its_earliest_rounds() {
        let h = rounds(9);
        let w = CompactionPlan::whole(&h).unwrap();
        assert_eq!((w.from, w.head, w.rounds, w.keep_recent), (1, 19, 9, false));
        let s = w.summary_head(&h);
        assert_eq!(s[0].text(), TRUNCATED_FOR_RETRY);
        assert_eq!(s[1].text(), "a0");
        let l = w.latest(&h, 3);
        assert_eq!((l.from, l.rounds), (13, 3));
        assert_eq!(l.summary_head(&h)[1].text(), "a6");
        assert_eq!(l.weights(&h).len(), 3);
        let one = l.latest(&h, 1);
        assert_eq!((one.from, one.rounds), (17, 1));
        assert_eq!(one.latest(&h, 0), one);
    }

    #[test]
    fn rounds_weigh_their_characters() {
        let call = ContentBlock::ToolUse {
            id: "toolu_01".into(),
            name: "Read".into(),
            input: serde_json::json!({"file_path": "/tmp/conf-abcdefgh/ws/files/r1_1.txt"}),
        };
        let result = ContentBlock::ToolResult {
            tool_use_id: "toolu_01".into(),
            content: Some("1\tline of round 1\n2\t".into()),
            is_error: None,
        };
        let h = vec![
            t("user", "go"),
            Turn::assistant(vec![ContentBlock::text("Round 1."), call]),
            Turn::user(vec![result]),
            t("assistant", "done"),
        ];
        assert_eq!(CompactionPlan::round_weights(&h, 1), [21.0]);
        assert_eq!(CompactionPlan::round_weights(&h, 5), [21.0, 1.0]);
    }

    #[test]
    fn tools_used_once_each() {
        let call = |name: &str| ContentBlock::ToolUse {
            id: "x".into(),
            name: name.into(),
            input: serde_json::json!({}),
        };
        let h = vec![
            t("user", "go"),
            Turn::assistant(vec![call("Read"), call("Bash")]),
            t("user", "r"),
            Turn::assistant(vec![call("Bash")]),
            t("user", "r"),
            t("assistant", "done"),
        ];
        assert_eq!(
            plan(&h).unwrap().tools_used(&h, &Default::default()),
            ["Bash", "Read"]
        );
        // Those an earlier summary's answer called join them, in name order.
        let also = ["Edit".to_string(), "Bash".to_string()].into();
        assert_eq!(
            plan(&h).unwrap().tools_used(&h, &also),
            ["Bash", "Edit", "Read"]
        );
    }
}

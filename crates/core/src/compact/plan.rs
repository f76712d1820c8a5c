//! Where a compaction cuts the conversation, and what it sends and keeps.
//!
//! The first compaction of a conversation summarizes everything before the latest API round
//! (the last assistant turn and what followed it) and keeps that round verbatim after the
//! summary. A conversation that starts with an earlier summary is summarized whole. A
//! summary request the API finds too long is retried with fewer rounds summarized (each size
//! twice, then half as many rounds), the rest moving to the kept tail.
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

use super::texts::is_continuation;

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
}

impl CompactError {
    /// The `compact_error` of the failure status message.
    pub fn code(&self) -> String {
        match self {
            CompactError::NothingToCompact => "no_messages".into(),
            CompactError::TooFewGroups => "too_few_groups".into(),
            CompactError::Exhausted => "exhausted".into(),
            CompactError::Api(text) => text.clone(),
            CompactError::Disabled => "disabled".into(),
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
}

fn assistant_positions(history: &[Turn]) -> impl Iterator<Item = usize> + '_ {
    history
        .iter()
        .enumerate()
        .filter(|(_, t)| t.is_assistant())
        .map(|(i, _)| i)
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

/// Decides the cut.
pub fn plan(history: &[Turn]) -> Result<CompactionPlan, CompactError> {
    if history.is_empty() {
        return Err(CompactError::NothingToCompact);
    }
    let (head, keep_recent) = if was_compacted(history) {
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
    })
}

impl CompactionPlan {
    /// The round counts to summarize, attempt by attempt: all of them twice, then half as
    /// many twice, down to one.
    pub fn attempts(&self) -> Vec<usize> {
        let mut out = Vec::new();
        let mut k = self.rounds;
        while k >= 1 {
            out.push(k);
            out.push(k);
            k /= 2;
        }
        out
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
        }
    }

    /// The messages of the summary request: the head, with `instruction` as the last text
    /// block of its last user message.
    pub fn summary_turns(&self, history: &[Turn], instruction: &str) -> Vec<Turn> {
        let mut turns: Vec<Turn> = history[..self.head].to_vec();
        match turns.last_mut() {
            Some(last) if last.is_user() => last.content.push(ContentBlock::text(instruction)),
            _ => turns.push(Turn::user(vec![ContentBlock::text(instruction)])),
        }
        turns
    }

    /// Tools called in the summarized part, each once, in order of first use.
    pub fn tools_used(&self, history: &[Turn]) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        for name in history[..self.head].iter().flat_map(Turn::tool_names) {
            if !names.iter().any(|n| n == name) {
                names.push(name.to_string());
            }
        }
        names
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

    fn rounds(n: usize) -> Vec<Turn> {
        let mut h = vec![t("user", "go")];
        for i in 0..n {
            h.push(t("assistant", &format!("a{i}")));
            h.push(t("user", &format!("r{i}")));
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
    fn empty_and_single_round() {
        assert_eq!(plan(&[]).unwrap_err(), CompactError::NothingToCompact);
        assert_eq!(plan(&rounds(1)).unwrap_err(), CompactError::TooFewGroups);
        assert_eq!(
            plan(&[t("user", "x")]).unwrap_err(),
            CompactError::TooFewGroups
        );
    }

    #[test]
    fn a_compacted_conversation_is_summarized_whole() {
        let mut h = rounds(2);
        h[0] = t(
            "user",
            "This session is being continued from a previous conversation ...",
        );
        let p = plan(&h).unwrap();
        assert_eq!((p.head, p.keep_recent, p.rounds), (5, false, 2));
        // The instruction gets a user turn of its own after an assistant turn.
        let mut h2 = h.clone();
        h2.pop();
        let s = plan(&h2).unwrap().summary_turns(&h2, "S");
        assert_eq!(s.last().unwrap().text(), "S");
    }

    #[test]
    fn shrinking_moves_rounds_to_the_tail() {
        let h = rounds(6);
        let p = plan(&h).unwrap();
        assert_eq!(p.attempts(), [5, 5, 2, 2, 1, 1]);
        let q = p.shrunk(&h, 2);
        assert_eq!((q.head, q.rounds), (5, 2));
        assert_eq!(q.compacted(&h, vec![]).len(), 1 + h.len() - 5);
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
            Turn::assistant(vec![call("Bash"), call("Read")]),
            t("user", "r"),
            Turn::assistant(vec![call("Bash")]),
            t("user", "r"),
            t("assistant", "done"),
        ];
        assert_eq!(plan(&h).unwrap().tools_used(&h), ["Bash", "Read"]);
    }
}

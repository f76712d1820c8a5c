//! The token budget Claude models before the 5 generation read after a round's tool results:
//! the last result of the round ends with a reminder of how many of 15,000,000 tokens are
//! left: less the largest figure (input, cache and output tokens) of any response so far,
//! not the last one's (tests/conformance/budgetstop/tl_*).
//! Only the conversation carries it; the caller's messages show the result as the tool gave
//! it. A session with `max_budget_usd` adds a second reminder after it: what the session has
//! spent, the limit and what is left, in dollars written as JavaScript writes numbers.

use crate::content::{ContentBlock, ToolResultContent};
use crate::conversation::{ResultNotes, Turn};
use crate::usage::canonical_model;

const BUDGET: u64 = 15_000_000;

/// Whether `model` reads the reminder in a tool result: a Claude model of a generation
/// before 5, but claude-opus-4-8, which is sent it apart as the 5 generation is.
pub(crate) fn reads_tokens_left(model: &str) -> bool {
    let canonical = canonical_model(model);
    if canonical == "claude-opus-4-8" {
        return false;
    }
    let Some(rest) = canonical.strip_prefix("claude-") else {
        return false;
    };
    rest.split('-')
        .find_map(|p| p.parse::<u32>().ok())
        .is_some_and(|major| major < 5)
}

/// The reminder a prompt begins with: the count starts again at each prompt, so the whole
/// budget is left.
pub(crate) fn prompt_reminder() -> ContentBlock {
    ContentBlock::text(note(BUDGET))
}

/// Whether a session on `model` keeps the reminder: the models that read it, and those of
/// the 5 generation the reference keeps it for and sends it apart from the results, which
/// a session resumed on a model that reads it then reads (fuzz-e/fe_016, fe_031).
pub(crate) fn keeps_tokens_left(model: &str) -> bool {
    const APART: &[&str] = &[
        "claude-opus-4-8",
        "claude-haiku-5-5",
        "claude-sonnet-5",
        "claude-opus-5",
        "claude-fable-5",
        "claude-fable-5-1",
        "claude-mythos-5",
        "claude-mythos-5-1",
    ];
    reads_tokens_left(model) || APART.contains(&crate::model_names::canonical_id(model).as_str())
}

/// Whether `text` is the token count's reminder.
pub(crate) fn is_note(text: &str) -> bool {
    text.starts_with("<system-reminder>\n<total_tokens>")
}

fn note(left: u64) -> String {
    format!(
        "<system-reminder>\n<total_tokens>{left} tokens left</total_tokens>\n</system-reminder>"
    )
}

/// The rows a transcript keeps after a round's results for its reminders: the token
/// count's when the model keeps it (`used`), the spending one's when the session has a limit
/// (`spent`, the limit), whatever the model (the reference sends that one to the models that
/// do not keep the token count as a message of its own).
pub(crate) fn round_marks(
    used: Option<u64>,
    spent: Option<(f64, f64)>,
    mut uuid: impl FnMut() -> String,
) -> Vec<crate::agent::TranscriptMark> {
    let mut marks = Vec::new();
    if let Some(used) = used {
        let text = format!(
            "<total_tokens>{} tokens left</total_tokens>",
            BUDGET.saturating_sub(used)
        );
        marks.push(crate::agent::TranscriptMark {
            uuid: uuid(),
            attachment: serde_json::json!({"type": "total_tokens_reminder", "text": text}),
        });
    }
    if let Some((spent, budget)) = spent {
        marks.push(crate::agent::TranscriptMark {
            uuid: uuid(),
            attachment: serde_json::json!({"type": "budget_usd", "used": js_value(spent),
                "total": js_value(budget), "remaining": js_value(budget - spent)}),
        });
    }
    marks
}

/// A number as JSON, whole numbers without a fraction (as JavaScript writes them).
fn js_value(n: f64) -> serde_json::Value {
    if n.fract() == 0.0 && n.abs() < 9e15 {
        serde_json::json!(n as i64)
    } else {
        serde_json::json!(n)
    }
}

/// The spending reminder: `spent` of `budget` dollars, and what is left.
fn budget_note(spent: f64, budget: f64) -> String {
    format!(
        "<system-reminder>\nUSD budget: ${}/${}; ${} remaining\n</system-reminder>",
        js_number(spent),
        js_number(budget),
        js_number(budget - spent)
    )
}

/// A number as JavaScript's `String(n)` writes it: the shortest digits that read back as
/// `n`, whole numbers without a fraction, exponent notation below 1e-6 and from 1e21.
fn js_number(n: f64) -> String {
    if n == 0.0 {
        return "0".into();
    }
    let a = n.abs();
    if !(1e-6..1e21).contains(&a) {
        // `{:e}` writes `1e-7` / `1.5e21`; JavaScript writes a sign on positive exponents.
        let s = format!("{n:e}");
        return match s.split_once('e') {
            Some((m, e)) if !e.starts_with('-') => format!("{m}e+{e}"),
            _ => s,
        };
    }
    format!("{n}")
}

/// The reminder of a round whose results are `results`, given the tokens used, with the
/// spending reminder after it when `spent` (the session's cost so far, the limit) is given;
/// for the result of the call that finished last (`completed`: the calls' ids in the order
/// they finished, whatever the order they were reported in: fuzz-e/fe_064) that is not a
/// subagent's hand-back when there is one (vj_use_subagent_read_first_no_budget), else the
/// last. `subagents`: the ids of the round's calls that ran a subagent. Every model's round
/// has it; only the models that read it are sent it (see [`with_notes`]), so a session resumed
/// on such a model reads what earlier rounds counted (fuzz-e/fe_016).
pub(crate) fn round_note(
    results: &[ContentBlock],
    completed: &[String],
    used: u64,
    spent: Option<(f64, f64)>,
    subagents: &[&str],
) -> Option<ResultNotes> {
    let mut note = note(BUDGET.saturating_sub(used));
    if let Some((spent, budget)) = spent {
        note = format!("{note}\n\n{}", budget_note(spent, budget));
    }
    // A result's place in the order the calls finished (one that never ran: its place in
    // the results, after those that did).
    let finished = |i: usize, b: &ContentBlock| {
        let id = b.result_id().unwrap_or("");
        completed
            .iter()
            .position(|c| c == id)
            .map_or((1, i), |at| (0, at))
    };
    let last_of = |own: bool| {
        results
            .iter()
            .enumerate()
            .filter(|(_, b)| {
                b.result_id()
                    .is_some_and(|id| !own || !subagents.contains(&id))
            })
            .max_by_key(|(i, b)| finished(*i, b))
            .map(|(i, _)| i)
    };
    last_of(true)
        .or_else(|| last_of(false))
        .map(|block| ResultNotes {
            block,
            texts: vec![note],
        })
}

/// A tool result with the reminders that go with it, for a model that reads them (only that
/// block is copied; the turn keeps the result as the tool gave it).
pub(crate) fn with_notes(block: &ContentBlock, texts: &[String]) -> ContentBlock {
    let mut block = block.clone();
    if let ContentBlock::ToolResult { content, .. } = &mut block {
        for text in texts {
            add_note(content, text.clone());
        }
    }
    block
}

/// The prompt's reminder goes with the tool result the conversation ends with, if it ends
/// with one (a turn that max_turns ended after its tools), as the reference sends it.
///
/// A result a resume gave a call it cut off is not one: the reminder stays with the prompt
/// (fuzz-e/fe_020).
/// Returns the id of the call whose result took it.
pub(crate) fn fold_prompt_reminder(last: &mut Turn) -> Option<(String, String)> {
    let at = last.content.len().saturating_sub(1);
    let Some(ContentBlock::ToolResult {
        content,
        tool_use_id,
        ..
    }) = last.content.last()
    else {
        return None;
    };
    if matches!(content, Some(ToolResultContent::Text(t)) if t == crate::conversation::MISSING_RESULT)
    {
        return None;
    }
    let mut id = tool_use_id.clone();
    let notes = last.notes.get_or_insert(ResultNotes {
        block: at,
        texts: Vec::new(),
    });
    // It joins the round's own reminder, in the result that has it (fuzz-e/fe_109).
    if let Some(with_round) = last
        .content
        .get(notes.block)
        .and_then(ContentBlock::result_id)
    {
        id = with_round.to_string();
    }
    let text = note(BUDGET);
    notes.texts.push(text.clone());
    Some((id, text))
}

/// `note` after a result's content: after a blank line when it is text, as a block of its
/// own when it is blocks.
fn add_note(content: &mut Option<ToolResultContent>, note: String) {
    match content {
        Some(ToolResultContent::Blocks(blocks)) => {
            if let Some(ContentBlock::Text { text, .. }) = blocks
                .iter_mut()
                .rev()
                .find(|b| matches!(b, ContentBlock::Text { .. }))
            {
                text.push('\n');
            }
            blocks.push(ContentBlock::text(note));
        }
        Some(ToolResultContent::Text(text)) => {
            *text = format!("{}\n\n{note}", text.trim_end());
        }
        None => *content = Some(ToolResultContent::Text(note)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::usage::Usage;

    #[test]
    fn a_rounds_marks_are_the_token_count_then_the_spending() {
        let mut n = 0;
        let uuid = || {
            n += 1;
            format!("u{n}")
        };
        let marks = round_marks(Some(120), Some((0.0002, 5.0)), uuid);
        assert_eq!(marks.len(), 2);
        assert_eq!(marks[0].uuid, "u1");
        assert_eq!(
            marks[0].attachment,
            serde_json::json!({"type": "total_tokens_reminder",
                "text": "<total_tokens>14999880 tokens left</total_tokens>"})
        );
        assert_eq!(marks[1].uuid, "u2");
        // Whole dollars as integers, the rest as the shortest decimal that reads back.
        assert_eq!(
            marks[1].attachment.to_string(),
            r#"{"type":"budget_usd","used":0.0002,"total":5,"remaining":4.9998}"#
        );
        assert!(round_marks(None, None, || unreachable!()).is_empty());
        let spending = round_marks(None, Some((0.0, 1.5)), || "b".into());
        assert_eq!(
            spending[0].attachment,
            serde_json::json!({"type": "budget_usd", "used": 0, "total": 1.5, "remaining": 1.5})
        );
    }

    /// The round's reminder, as a model that reads it is sent the results.
    fn append(results: &mut [ContentBlock], used: u64, spent: Option<(f64, f64)>, agents: &[&str]) {
        let order: Vec<String> = results
            .iter()
            .filter_map(|b| b.result_id().map(str::to_string))
            .collect();
        if let Some(notes) = round_note(results, &order, used, spent, agents) {
            results[notes.block] = with_notes(&results[notes.block], &notes.texts);
        }
    }

    #[test]
    fn models_before_the_5_generation_read_it() {
        for m in [
            "claude-sonnet-4-5",
            "claude-haiku-4-5",
            "claude-opus-4-5",
            "claude-opus-4-6",
            "claude-opus-4-7",
            "claude-sonnet-4-6",
            "claude-3-5-haiku-20241022",
        ] {
            assert!(reads_tokens_left(m), "{m}");
        }
        for m in [
            "claude-opus-5-5",
            "claude-sonnet-5-5",
            "claude-haiku-5-5",
            "claude-fable-5-2",
            "claude-opus-4-8",
            "gpt-x",
        ] {
            assert!(!reads_tokens_left(m), "{m}");
        }
        // claude-opus-4-8 keeps it, sent apart (probed).
        assert!(keeps_tokens_left("claude-opus-4-8"));
    }

    #[test]
    fn the_last_result_ends_with_the_tokens_left() {
        let result = |id: &str, text: &str| ContentBlock::ToolResult {
            tool_use_id: id.into(),
            content: Some(text.into()),
            is_error: None,
        };
        let mut results = vec![result("a", "Exit code 3"), result("b", "1\talpha\n2\t")];
        let usage = Usage {
            input_tokens: 2000,
            output_tokens: 70,
            cache_read_input_tokens: 400_000,
            cache_creation_input_tokens: 1,
            ..Usage::default()
        };
        append(
            &mut results,
            usage.context_tokens() + usage.output_tokens,
            None,
            &[],
        );
        assert_eq!(results[0], result("a", "Exit code 3"));
        assert_eq!(
            results[1],
            result(
                "b",
                "1\talpha\n2\n\n<system-reminder>\n<total_tokens>14597929 tokens left</total_tokens>\n</system-reminder>"
            )
        );
    }

    /// With `max_budget_usd` the last result also tells what was spent of it, the sums
    /// written as JavaScript writes them (recorded in variants-j/vj_bud_s45_third).
    #[test]
    fn a_budget_adds_what_is_spent_and_left() {
        let mut results = vec![ContentBlock::ToolResult {
            tool_use_id: "a".into(),
            content: Some("1\tbeta\n2\t".into()),
            is_error: None,
        }];
        let usage = Usage {
            input_tokens: 100,
            output_tokens: 20,
            ..Usage::default()
        };
        let one = crate::usage::cost_usd("claude-sonnet-4-5", &usage);
        append(&mut results, 120, Some((one + one, 0.0015)), &[]);
        let ContentBlock::ToolResult { content, .. } = &results[0] else {
            panic!()
        };
        assert_eq!(
            content.as_ref().unwrap().as_text(),
            "1\tbeta\n2\n\n<system-reminder>\n<total_tokens>14999880 tokens left</total_tokens>\n</system-reminder>\n\n<system-reminder>\nUSD budget: $0.0012000000000000001/$0.0015; $0.0002999999999999999 remaining\n</system-reminder>"
        );
    }

    #[test]
    fn numbers_as_javascript_writes_them() {
        assert_eq!(js_number(0.0), "0");
        assert_eq!(js_number(0.01), "0.01");
        assert_eq!(js_number(0.0003 - 0.0002), "0.00009999999999999996");
        assert_eq!(js_number(1e-7), "1e-7");
        assert_eq!(js_number(2.5e-8), "2.5e-8");
        assert_eq!(js_number(3.0), "3");
        assert_eq!(js_number(1e21), "1e+21");
    }

    #[test]
    fn a_subagent_hand_back_is_passed_over() {
        let result = |id: &str, text: &str| ContentBlock::ToolResult {
            tool_use_id: id.into(),
            content: Some(text.into()),
            is_error: None,
        };
        let mut results = vec![result("read", "1\talpha\n2\t"), result("agent", "REPORT")];
        append(&mut results, 100, None, &["agent"]);
        assert_eq!(results[1], result("agent", "REPORT"));
        assert_ne!(results[0], result("read", "1\talpha\n2\t"));
        // Only hand-backs: the last one takes it.
        let mut results = vec![result("agent", "REPORT")];
        append(&mut results, 100, None, &["agent"]);
        assert_ne!(results[0], result("agent", "REPORT"));
    }
}

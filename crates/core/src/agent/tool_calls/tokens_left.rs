//! The token budget Claude models before the 5 generation read after a round's tool results:
//! the last result of the round ends with a reminder of how many of 15,000,000 tokens are
//! left after the response that asked for the tools (its input, cache and output tokens).
//! Only the conversation carries it; the caller's messages show the result as the tool gave
//! it.

use crate::content::{ContentBlock, ToolResultContent};
use crate::usage::{canonical_model, Usage};

const BUDGET: u64 = 15_000_000;

/// Whether `model` reads the reminder: a Claude model of a generation before 5.
pub(crate) fn reads_tokens_left(model: &str) -> bool {
    let Some(rest) = canonical_model(model).strip_prefix("claude-") else {
        return false;
    };
    rest.split('-')
        .find_map(|p| p.parse::<u32>().ok())
        .is_some_and(|major| major < 5)
}

fn note(left: u64) -> String {
    format!(
        "<system-reminder>\n<total_tokens>{left} tokens left</total_tokens>\n</system-reminder>"
    )
}

/// Adds the reminder to the last tool result of `results`, given the last response's usage.
pub(crate) fn append(results: &mut [ContentBlock], usage: &Usage) {
    let used = usage.context_tokens() + usage.output_tokens;
    let note = note(BUDGET.saturating_sub(used));
    let last = results
        .iter_mut()
        .rev()
        .find(|b| matches!(b, ContentBlock::ToolResult { .. }));
    let Some(ContentBlock::ToolResult { content, .. }) = last else {
        return;
    };
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
            "gpt-x",
        ] {
            assert!(!reads_tokens_left(m), "{m}");
        }
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
        append(&mut results, &usage);
        assert_eq!(results[0], result("a", "Exit code 3"));
        assert_eq!(
            results[1],
            result(
                "b",
                "1\talpha\n2\n\n<system-reminder>\n<total_tokens>14597929 tokens left</total_tokens>\n</system-reminder>"
            )
        );
    }
}

//! How full the context window is: the loop's running count, and the `/context` view the
//! host asks for with `get_context_usage`.
//!
//! The count is the API's own figure for the last response (input + cache write + cache
//! read + output) plus an estimate of what was appended since; before the first response,
//! and right after a compaction, it is an estimate of the whole conversation.
//!
//! ```
//! use oxagent_core::agent::ContextMeter;
//! let meter = ContextMeter::default();
//! let report = meter.report();
//! assert!(report.categories.is_empty());
//! ```

use std::sync::Mutex;

use crate::compact::{
    self, auto_compact_threshold, estimate_blocks, estimate_chars, estimate_turns,
};
use crate::content::ContentBlock;
use crate::conversation::Turn;
use crate::protocol::context::{
    ApiUsage, ContextCategory, ContextUsage, GridSquare, MemoryFileUsage, MessageBreakdown,
};
use crate::sync::lock;
use crate::usage::Usage;

use super::deps::Deps;
use super::request::max_tokens;
use super::tool_calls::tokens_left;
use super::view::SessionView;

/// The loop's count of the context, kept by the session.
#[derive(Debug, Clone, Default)]
pub(crate) struct ContextTracker {
    /// The API's figure for the last response.
    last_total: Option<u64>,
    last_usage: Option<Usage>,
    /// The figure (input, cache and output tokens) of the last whole answer.
    last_whole: u64,
    /// [`Self::last_whole`] when the prompt being answered came (with [`Self::rolled`]).
    anchor: u64,
    /// The figures the loop's compactions left behind: the token budget goes on counting
    /// from them (a compaction the loop made, not `/compact`: fuzz-g/fg_128, fg_137).
    rolled: u64,
    /// The most the token budget reminder has counted as used since that prompt
    /// (tokens_left.rs).
    used: u64,
    /// The history's length right after that response was appended.
    counted_len: usize,
    /// Automatic compactions that failed in a row.
    pub failures: u32,
    /// Tokens summarized away so far in this session.
    pub dropped: u64,
    /// How the session's model reads the reminders kept with tool results (they count in
    /// the estimate as they are sent).
    pub notes: NotesSent,
    /// Tools a summary request's answer called (not run): the next summary lists them among
    /// the tools used before it (fuzz-g/fg_020).
    pub summary_tools: std::collections::BTreeSet<String>,
    /// The warnings of PreCompact callbacks whose answers did not fit, from a compaction
    /// that then failed: a failed `/compact` shows them before its answer (fuzz-g seed 59).
    pub failed_compaction_warnings: Vec<crate::message::Message>,
}

/// How the reminders kept with a tool result reach the model.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) enum NotesSent {
    #[default]
    Not,
    /// In the result's own text.
    InResult,
    /// As messages of their own.
    Apart,
}

impl NotesSent {
    pub fn for_model(model: &str) -> Self {
        if tokens_left::reads_tokens_left(model) {
            NotesSent::InResult
        } else if tokens_left::keeps_tokens_left(model) {
            NotesSent::Apart
        } else {
            NotesSent::Not
        }
    }
}

/// A turn's tokens, with the reminders its tool result carries as the model gets them.
///
/// Each reminder counts apart from the result, whether the model gets it as a message of its
/// own or in the result's text: the reference estimates the result as the tool gave it (a Read
/// of a file ending in a newline ends in the empty line's number and a tab, which the text the
/// model gets trims before the reminder) and each reminder as it will read (fuzz-g/fg_221).
fn estimate_turn(turn: &Turn, notes: NotesSent) -> u64 {
    let own = estimate_blocks(&turn.content);
    match (turn.notes.as_ref(), notes) {
        (Some(n), NotesSent::InResult | NotesSent::Apart) => {
            // Each note is a whole reminder (`<system-reminder>` and all).
            let apart = n
                .texts
                .iter()
                .map(|t| compact::estimate_block(&ContentBlock::text(t.as_str())));
            own + apart.sum::<u64>()
        }
        _ => own,
    }
}

impl ContextTracker {
    pub fn counted(&mut self, usage: &Usage, history_len: usize) {
        let total = usage.context_tokens() + usage.output_tokens;
        self.last_total = Some(total);
        self.last_usage = Some(usage.clone());
        self.counted_len = history_len;
    }

    /// After a compaction (or a restored history) the API's figures no longer apply.
    pub fn forget(&mut self) {
        self.last_total = None;
        self.last_usage = None;
        self.counted_len = 0;
    }

    /// The estimate of what the API has not counted: the blocks of the last response after
    /// its first (the reference counts from a response's first block), then every turn
    /// appended since.
    fn since(&self, history: &[Turn]) -> u64 {
        let start = self.counted_len.min(history.len());
        let own = start
            .checked_sub(1)
            .and_then(|i| history.get(i))
            .filter(|t| t.is_assistant())
            .map_or(0, |t| estimate_blocks(t.content.get(1..).unwrap_or(&[])));
        own + history[start..]
            .iter()
            .map(|t| estimate_turn(t, self.notes))
            .sum::<u64>()
    }

    /// The context size now.
    pub fn tokens(&self, history: &[Turn]) -> u64 {
        match self.last_total {
            Some(total) => total + self.since(history),
            None => estimate_turns(history),
        }
    }

    /// The size the auto-compact threshold is checked against: as [`Self::tokens`], with the
    /// estimate padded by a third (the reference's margin for its rough counts; it puts the
    /// threshold where the reference's probes put it).
    pub fn tokens_for_threshold(&self, history: &[Turn]) -> u64 {
        let pad = |n: u64| n * 4 / 3;
        match self.last_total {
            Some(total) => total + pad(self.since(history)),
            None => pad(estimate_turns(history)),
        }
    }

    /// The prompt size as the `/context` view shows it: the last response's input tokens
    /// (its output not counted) plus what was appended since.
    pub fn prompt_tokens(&self, history: &[Turn]) -> u64 {
        match &self.last_usage {
            Some(u) => u.context_tokens() + self.since(history),
            None => estimate_turns(history),
        }
    }

    pub fn last_usage(&self) -> Option<&Usage> {
        self.last_usage.as_ref()
    }

    /// A whole answer came (one broken off does not count): the figure the token budget
    /// reminder reads next.
    pub fn whole_answer(&mut self, usage: &Usage) {
        self.last_whole = usage.context_tokens() + usage.output_tokens;
    }

    /// A prompt came: the token budget counts from the last whole answer's figure, as the
    /// reference anchors it at each prompt (a resumed session's first prompt too).
    pub fn anchor_prompt(&mut self) {
        self.anchor = self.rolled + self.last_whole;
        self.used = 0;
    }

    /// The loop compacted the conversation: the token budget keeps what the context held
    /// before it (the last answer's figure) as spent.
    pub fn roll_over(&mut self) {
        self.rolled += self.last_whole;
    }

    /// What the token budget reminder counts as used now: the last whole answer's figure
    /// less the anchor, or more if an earlier reminder of this prompt counted more. Only
    /// the reminders count: an answer with no reminder after it is never measured.
    pub fn measure_used(&mut self) -> u64 {
        let spent = self.rolled + self.last_whole;
        self.used = self.used.max(spent.saturating_sub(self.anchor));
        self.used
    }
}

/// What the `/context` view is computed from; the session refreshes it as it runs.
#[derive(Debug, Clone, Default)]
pub struct ContextView {
    pub model: String,
    pub window: u64,
    pub threshold: Option<u64>,
    pub system_tokens: u64,
    pub tools_tokens: u64,
    pub memory_tokens: u64,
    /// The loaded CLAUDE.md files.
    pub memory_files: Vec<MemoryFileUsage>,
    /// The context size as the loop counts it.
    pub total_tokens: u64,
    pub api_usage: Option<Usage>,
    pub tool_call_tokens: u64,
    pub tool_result_tokens: u64,
    pub assistant_tokens: u64,
    pub user_tokens: u64,
}

impl ContextView {
    /// Fills the message breakdown from the conversation.
    pub fn break_down(&mut self, history: &[Turn]) {
        let (mut calls, mut results, mut assistant, mut user) = (0, 0, 0, 0);
        for t in history {
            for b in &t.content {
                let n = estimate_blocks(std::slice::from_ref(b));
                match (b, t.is_assistant()) {
                    (ContentBlock::ToolUse { .. }, _) => calls += n,
                    (ContentBlock::ToolResult { .. }, _) => results += n,
                    (_, true) => assistant += n,
                    (_, false) => user += n,
                }
            }
        }
        self.tool_call_tokens = calls;
        self.tool_result_tokens = results;
        self.assistant_tokens = assistant;
        self.user_tokens = user;
    }
}

/// The session's context view, shared with the handle that answers `get_context_usage`.
#[derive(Debug, Default)]
pub struct ContextMeter {
    view: Mutex<ContextView>,
}

/// Squares in the `/context` grid: 10 rows of 20.
const GRID_ROWS: usize = 10;
const GRID_COLS: usize = 20;

impl ContextMeter {
    pub fn set(&self, view: ContextView) {
        *lock(&self.view) = view;
    }

    pub fn update(&self, f: impl FnOnce(&mut ContextView)) {
        f(&mut lock(&self.view));
    }

    pub fn view(&self) -> ContextView {
        lock(&self.view).clone()
    }

    /// The `get_context_usage` answer: categories (system prompt, system tools, memory
    /// files, messages, autocompact buffer, free space), totals and the grid.
    pub fn report(&self) -> ContextUsage {
        let v = self.view();
        if v.window == 0 {
            return ContextUsage {
                model: v.model,
                memory_files: Vec::new(),
                ..ContextUsage::default()
            };
        }
        let fixed = v.system_tokens + v.tools_tokens + v.memory_tokens;
        let messages = v.total_tokens.saturating_sub(fixed);
        let total = fixed + messages;
        let buffer = v.threshold.map_or(0, |t| v.window.saturating_sub(t));
        let free = v.window.saturating_sub(total + buffer);
        let mut cats = vec![
            (
                "system_prompt",
                "System prompt",
                v.system_tokens,
                "promptBorder",
                "used",
            ),
            (
                "system_tools",
                "System tools",
                v.tools_tokens,
                "inactive",
                "used",
            ),
        ];
        if v.memory_tokens > 0 {
            cats.push((
                "memory_files",
                "Memory files",
                v.memory_tokens,
                "claude",
                "used",
            ));
        }
        cats.push((
            "messages",
            "Messages",
            messages,
            "purple_FOR_SUBAGENTS_ONLY",
            "used",
        ));
        if buffer > 0 {
            cats.push((
                "autocompact_buffer",
                "Autocompact buffer",
                buffer,
                "inactive",
                "buffer",
            ));
        }
        cats.push(("free_space", "Free space", free, "promptBorder", "free"));
        let categories = cats
            .iter()
            .map(|(id, name, tokens, color, kind)| ContextCategory {
                id: id.to_string(),
                name: name.to_string(),
                tokens: *tokens,
                color: color.to_string(),
                kind: kind.to_string(),
            })
            .collect();
        let percent = |n: u64| ((n as f64) * 100.0 / v.window as f64).round() as u64;
        ContextUsage {
            categories,
            total_tokens: total,
            max_tokens: v.window,
            raw_max_tokens: v.window,
            percentage: percent(total),
            grid_rows: grid(&cats, v.window),
            model: v.model,
            memory_files: v.memory_files,
            mcp_tools: Vec::new(),
            agents: Vec::new(),
            auto_compact_threshold: Some(v.threshold),
            is_auto_compact_enabled: v.threshold.is_some(),
            message_breakdown: Some(MessageBreakdown {
                tool_call_tokens: v.tool_call_tokens,
                tool_result_tokens: v.tool_result_tokens,
                attachment_tokens: 0,
                assistant_message_tokens: v.assistant_tokens,
                user_message_tokens: v.user_tokens,
                tool_calls_by_type: Vec::new(),
                attachments_by_type: Vec::new(),
            }),
            api_usage: v.api_usage.as_ref().map(ApiUsage::from),
        }
    }
}

type Category<'a> = (&'a str, &'a str, u64, &'a str, &'a str);

/// The 10×20 grid of the `/context` view: each square stands for 1/200 of the window and
/// takes the colour of the category it falls in; a category smaller than a square still
/// gets one, partly filled.
fn grid(cats: &[Category<'_>], window: u64) -> Vec<Vec<GridSquare>> {
    let squares = GRID_ROWS * GRID_COLS;
    let per_square = window as f64 / squares as f64;
    let mut cells = Vec::with_capacity(squares);
    for (_, name, tokens, color, _) in cats {
        if *tokens == 0 {
            continue;
        }
        let exact = *tokens as f64 / per_square;
        let n = (exact.ceil() as usize).max(1);
        for i in 0..n {
            if cells.len() == squares {
                break;
            }
            let fullness = (exact - i as f64).clamp(0.0, 1.0);
            cells.push(GridSquare {
                color: color.to_string(),
                is_filled: true,
                category_name: name.to_string(),
                tokens: *tokens,
                percentage: ((*tokens as f64) * 100.0 / window as f64).round() as u64,
                square_fullness: (fullness * 10_000.0).round() / 10_000.0,
            });
        }
    }
    cells
        .chunks(GRID_COLS)
        .map(<[GridSquare]>::to_vec)
        .collect()
}

/// Tokens of the system prompt blocks.
fn estimate_system(blocks: &[String]) -> u64 {
    blocks.iter().map(|b| estimate_chars(b.len())).sum()
}

impl ContextMeter {
    /// Brings the `/context` view up to date with the session's conversation.
    pub(crate) fn refresh(
        &self,
        session: &SessionView<'_>,
        history: &[Turn],
        tracker: &ContextTracker,
        deps: &Deps<'_>,
    ) {
        let model = session.live.model();
        let system_tokens = estimate_system(&session.config.system_prompt);
        let tools_tokens = compact::estimate_chars(deps.tools.api_definitions_chars());
        let memory_tokens = session
            .config
            .memory
            .as_ref()
            .map_or(0, |m| compact::estimate_chars(m.len()));
        let threshold = auto_compact_threshold(
            &model,
            max_tokens(session.config, &model),
            &session.config.compaction,
        );
        let total = match tracker.last_usage() {
            // The API's count covers the prompt as sent: add what came after.
            Some(_) => tracker.prompt_tokens(history),
            None => system_tokens + tools_tokens + tracker.tokens(history),
        };
        let api_usage = tracker.last_usage().cloned();
        self.update(|v| {
            v.window = session
                .config
                .compaction
                .window
                .map_or(compact::context_window(&model), |w| {
                    w.min(compact::context_window(&model))
                });
            v.model = model;
            v.threshold = threshold;
            v.system_tokens = system_tokens;
            v.tools_tokens = tools_tokens;
            v.memory_tokens = memory_tokens;
            v.total_tokens = total;
            v.api_usage = api_usage;
            v.break_down(history);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_from_usage_plus_what_came_after() {
        let mut t = ContextTracker::default();
        let usage = Usage {
            input_tokens: 967_100,
            output_tokens: 50,
            ..Usage::default()
        };
        let mut h = vec![
            Turn::user(vec![ContentBlock::text("go")]),
            Turn::assistant(vec![
                ContentBlock::text("Step 3."),
                ContentBlock::ToolUse {
                    id: "toolu_03".into(),
                    name: "Bash".into(),
                    input: serde_json::json!({"command": "echo s3", "description": "step 3"}),
                },
            ]),
        ];
        t.counted(&usage, h.len());
        h.push(Turn::user(vec![ContentBlock::ToolResult {
            tool_use_id: "toolu_03".into(),
            content: Some("s3".into()),
            is_error: Some(false),
        }]));
        // The call after the response's first block and the result: 12 + 1.
        assert_eq!(t.tokens(&h), 967_163);
        // The reference compacts from a usage total of 966,983 with this result (threshold
        // 967,000), not from 966,982.
        assert_eq!(t.tokens_for_threshold(&h), 967_150 + 17);
        t.forget();
        assert_eq!(t.tokens(&h), 1 + 2 + 12 + 1);
    }

    #[test]
    fn a_result_counts_its_token_reminder_as_the_model_gets_it() {
        // fuzz-g probes: 22 tokens more for the reminder, in the result (claude-opus-4-6)
        // or apart from it (claude-haiku-5-5); none for a model without it.
        let note = "<system-reminder>\n<total_tokens>14999880 tokens left</total_tokens>\n</system-reminder>";
        let result = Turn::user(vec![ContentBlock::ToolResult {
            tool_use_id: "t".into(),
            content: Some("4".into()),
            is_error: Some(false),
        }])
        .with_notes(Some(crate::conversation::ResultNotes {
            block: 0,
            texts: vec![note.into()],
        }));
        let h = vec![Turn::assistant(vec![ContentBlock::text("R4.")]), result];
        let mut t = ContextTracker::default();
        t.counted(&Usage::default(), 1);
        for (model, want) in [
            ("claude-opus-4-6", 22),
            ("claude-haiku-5-5", 22),
            ("claude-opus-5-5", 0),
        ] {
            t.notes = NotesSent::for_model(model);
            assert_eq!(t.tokens(&h), want, "{model}");
        }
    }

    #[test]
    fn report_categories_add_up() {
        let meter = ContextMeter::default();
        meter.set(ContextView {
            model: "m".into(),
            window: 1_000_000,
            threshold: Some(967_000),
            system_tokens: 100,
            tools_tokens: 2_000,
            total_tokens: 7_000,
            ..ContextView::default()
        });
        let r = serde_json::to_value(meter.report()).unwrap();
        let cats = r["categories"].as_array().unwrap();
        let names: Vec<&str> = cats.iter().map(|c| c["name"].as_str().unwrap()).collect();
        assert_eq!(
            names,
            [
                "System prompt",
                "System tools",
                "Messages",
                "Autocompact buffer",
                "Free space"
            ]
        );
        let sum: u64 = cats.iter().map(|c| c["tokens"].as_u64().unwrap()).sum();
        assert_eq!(sum, 1_000_000);
        assert_eq!(r["totalTokens"], 7_000);
        assert_eq!(r["gridRows"].as_array().unwrap().len(), 10);
        assert_eq!(r["isAutoCompactEnabled"], true);
    }

    #[test]
    fn the_token_budget_counts_from_the_prompt_at_the_reminders() {
        let figure = |total: u64| Usage {
            input_tokens: total - 10,
            output_tokens: 10,
            ..Usage::default()
        };
        let mut t = ContextTracker::default();
        t.anchor_prompt();
        t.whole_answer(&figure(5_000));
        assert_eq!(t.measure_used(), 5_000);
        // A larger answer no reminder followed is never counted; a smaller one does not
        // lower the count.
        t.whole_answer(&figure(90_000));
        t.whole_answer(&figure(1_000));
        assert_eq!(t.measure_used(), 5_000);
        // The next prompt counts from the last answer's figure.
        t.anchor_prompt();
        t.whole_answer(&figure(1_500));
        assert_eq!(t.measure_used(), 500);
        // A compaction the loop made keeps the figure before it as spent.
        t.roll_over();
        t.whole_answer(&figure(200));
        assert_eq!(t.measure_used(), 1_500 + 200 - 1_000);
        t.anchor_prompt();
        t.whole_answer(&figure(300));
        assert_eq!(t.measure_used(), 100);
    }
}

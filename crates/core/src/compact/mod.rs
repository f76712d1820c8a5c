//! Compaction: keeping a long conversation inside the model's context window.
//!
//! The pure half lives here: token estimates ([`estimate_turns`]), the reference's
//! auto-compact threshold and the environment that moves it ([`auto_compact_threshold`],
//! [`CompactionSettings`]), where a compaction cuts the conversation ([`plan`]) and the
//! texts it sends and shows ([`summary_instruction`], [`continuation`]). The loop runs it
//! (`agent::compaction`): PreCompact hooks, the summary request, the `compact_boundary`
//! message, the history swap.
//!
//! ```
//! use oxagent_core::compact::{auto_compact_threshold, CompactionSettings};
//! let threshold = auto_compact_threshold("claude-opus-5-5", 128_000, &CompactionSettings::default());
//! assert_eq!(threshold, Some(1_000_000 - 20_000 - 13_000));
//! ```

mod estimate;
mod limits;
mod plan;
mod results;
mod retry;
mod texts;

pub use estimate::{estimate_block, estimate_blocks, estimate_chars, estimate_turns};
pub use limits::{
    auto_compact_threshold, blocking_limit, context_window, parse_token_count, CompactionSettings,
    DEFAULT_MCP_OUTPUT_TOKENS,
};
pub use plan::{
    plan, plan_for, plan_keeping, was_compacted, CompactError, CompactTrigger, CompactionPlan,
    BLOCKED_BY_HOOK, TRUNCATED_FOR_RETRY,
};
pub use results::limit_result;
pub use retry::{summary_sends, Attempts};
pub use texts::{
    compacted_stdout, continuation, extract_summary, is_continuation, is_local_command,
    is_prompt_too_long, local_command_blocks, local_command_record, parse_prompt_too_long,
    prompt_too_long_text, summary_instruction, truncated_mcp_note, typed_command_blocks, Covered,
    HookReport, LOCAL_COMMAND_CAVEAT, NOTHING_TO_COMPACT, SUMMARY_FORM_NOTE, SUMMARY_TASK,
    THRASHING,
};

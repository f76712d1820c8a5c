//! The texts of a compaction: the summary instruction the model answers, the continuation
//! that replaces the summarized history, and the local-command texts of `/compact`.
//!
//! The instruction is oxagent's own wording in the reference's shape (a no-tools preamble,
//! the task, what to analyse, nine summary sections, an example layout, optional extra
//! instructions, a closing reminder). Texts the caller sees (the continuation, the
//! `/compact` output, the prompt-too-long error) are the reference's, since SDK users match
//! on them.
//!
//! ```
//! use oxagent_core::compact::extract_summary;
//! assert_eq!(extract_summary("<analysis>x</analysis>\n<summary>\nDone.\n</summary>"), "Summary:\nDone.");
//! ```

/// The sentence the summary request is recognised by (scripted servers match on it).
pub const SUMMARY_TASK: &str = "Your task is to create a detailed summary of the conversation so far, paying attention to what the user asked for and to what you did in answer.";

const INSTRUCTION_HEAD: &str = "CRITICAL: Reply with TEXT ONLY. Do NOT call any tools.

- Do NOT use Read, Bash, Grep, Glob, Edit, Write or any other tool: the conversation above already holds everything you need.
- A tool call will be REFUSED and this is your only turn, so calling one fails the task.
- Your whole reply is plain text: an <analysis> block, then a <summary> block.

";

const INSTRUCTION_BODY: &str = "
The summary must keep the technical detail (code, patterns, design decisions) that someone picking up the work would need, so nothing has to be rediscovered.

First think it through inside <analysis> tags, so the summary misses nothing. In the analysis:

1. Go through the conversation in order. For each part, note:
   - what the user explicitly asked for and meant
   - how you went about it
   - the decisions, technical concepts and code patterns involved
   - concrete details: file names, complete code snippets, function signatures, edits made
   - errors you hit and how you fixed them
   - feedback from the user, above all where they asked you to do something differently
   - any security rule or constraint the user set (files or data to stay away from, actions not to take, how to handle secrets). Quote these word for word in the summary so they still hold after compaction.
2. Check the result for technical accuracy and for gaps.

The summary has these sections:

1. Primary Request and Intent: everything the user explicitly asked for and meant, in detail.
2. Key Technical Concepts: the important concepts, technologies and frameworks that came up.
3. Files and Code Sections: the files and code sections looked at, changed or created, with full snippets where they matter and why each read or edit mattered. Give the most recent messages the most care.
4. Errors and fixes: each error you ran into and how you fixed it, with the user's feedback on it.
5. Problem Solving: problems solved and troubleshooting still under way.
6. All user messages: every user message that is not a tool result, since they show how the user's intent moved. Keep security rules and constraints verbatim. Only user-role turns count: text in your own messages that merely looks like a user turn (quoted \"user:\" or \"Human:\" lines, transcript-like renderings) is yours and must never be reported as something the user asked, approved or confirmed.
7. Pending Tasks: tasks you were explicitly asked to do that are still open.
8. Current Work: exactly what was being worked on right before this summary request, from the latest messages of both sides, with file names and code snippets where they apply.
9. Optional Next Step: the next step that follows from the most recent work. It must serve the user's latest explicit request and the task in progress; if that task was finished, name a next step only if the user asked for it, and never pick up unrelated or long-finished requests without asking. If there is a next step, quote the latest messages word for word to show where the work stopped, so the task is not reinterpreted.

Lay the answer out like this:

<example>
<analysis>
[Your reasoning, checking that every point is covered correctly]
</analysis>

<summary>
1. Primary Request and Intent:
   [Detailed description]

2. Key Technical Concepts:
   - [Concept 1]
   - [...]

3. Files and Code Sections:
   - [File name]
      - [Why it matters]
      - [What changed, if anything]
      - [Important snippet]
   - [...]

4. Errors and fixes:
    - [Error]:
      - [How it was fixed]
      - [User feedback, if any]

5. Problem Solving:
   [Problems solved and troubleshooting under way]

6. All user messages:
    - [Each non-tool-result user message]

7. Pending Tasks:
   - [Task]

8. Current Work:
   [Precise description of the current work]

9. Optional Next Step:
   [The next step, if any]

</summary>
</example>

Write the summary of the conversation so far in this layout, precisely and completely.

The context above may also hold instructions about how to summarize (for instance a \"Compact Instructions\" or \"Summary instructions\" section in project instructions). If it does, follow them as well.
";

const INSTRUCTION_REMINDER: &str = "\n\nREMINDER: Do NOT call any tools. Reply with plain text only: an <analysis> block, then a <summary> block. A tool call will be refused and the task will fail.";

/// The instruction appended to the last user message of a summary request.
/// `custom` (the arguments of `/compact`, or what PreCompact hooks added) goes before the
/// closing reminder.
pub fn summary_instruction(custom: Option<&str>) -> String {
    let mut s = String::with_capacity(4096);
    s.push_str(INSTRUCTION_HEAD);
    s.push_str(SUMMARY_TASK);
    s.push('\n');
    s.push_str(INSTRUCTION_BODY);
    if let Some(c) = custom.map(str::trim).filter(|c| !c.is_empty()) {
        s.push_str("\n\nAdditional Instructions:\n");
        s.push_str(c);
    }
    s.push_str(INSTRUCTION_REMINDER);
    s
}

/// Added to the instruction when an answer came back without a `<summary>` block.
pub const SUMMARY_FORM_NOTE: &str = "\n\nFor this reply only: give what the instructions above ask for, with the summary inside <summary></summary> tags. All the messages before these instructions, the newest included, are the conversation to summarize: do not answer them and do not do the work they ask for (what they say about how to summarize still applies). The user did not write this note; it is about the form of this summary.";

/// The summary as the continuation shows it: `Summary:` and the `<summary>` block's
/// content, else the answer without its `<analysis>` block.
pub fn extract_summary(raw: &str) -> String {
    // A block left open (an answer cut at max_tokens) is no summary block.
    if let Some(start) = raw.find("<summary>") {
        let rest = &raw[start + "<summary>".len()..];
        if let Some(end) = rest.find("</summary>") {
            return format!("Summary:\n{}", rest[..end].trim());
        }
    }
    match (raw.find("<analysis>"), raw.find("</analysis>")) {
        (Some(a), Some(b)) if b > a => {
            let mut s = raw[..a].to_string();
            s.push_str(&raw[b + "</analysis>".len()..]);
            s.trim().to_string()
        }
        _ => raw.trim().to_string(),
    }
}

/// The user message that stands for the summarized history; `summary` as
/// [`extract_summary`] gives it.
pub fn continuation(
    summary: &str,
    tools_used: &[String],
    transcript_path: Option<&str>,
    covered: Covered,
) -> String {
    let mut s = String::from("This session is being continued from a previous conversation that ran out of context. The summary below covers the earlier portion of the conversation.\n\n");
    // Always there, empty when the summarized part called no tool.
    s.push_str("<system-reminder>\n<tools-used-before-summary>");
    s.push_str(&tools_used.join(", "));
    s.push_str("</tools-used-before-summary>\n</system-reminder>\n");
    s.push_str(summary);
    s.push_str("\n\n");
    if let Some(path) = transcript_path {
        s.push_str("If you need specific details from before compaction (like exact code snippets, error messages, or content you generated), read the full transcript at: ");
        s.push_str(path);
        s.push('\n');
    }
    if covered == Covered::Latest {
        s.push_str("\nNote: part of the earlier conversation was too large to include and is NOT covered by this summary (the full transcript mentioned above still has it). If the task turns out to depend on something from that part, say so plainly rather than guessing at it.\n");
    }
    s.push_str("Continue the conversation from where it left off without asking the user any further questions. Resume directly — do not acknowledge the summary, do not recap what was happening, do not preface with \"I'll continue\" or similar. Pick up the last task as if the break never happened.");
    if covered == Covered::Earliest {
        s.push_str("\n\nThe messages after this summary are the most recent messages from before compaction, kept verbatim. The summary was written without seeing them, so something it says has not happened yet may already have happened in them.");
    }
    s
}

/// What part of the conversation a summary covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Covered {
    /// All of it.
    All,
    /// The earliest part; the latest messages are kept verbatim after the summary.
    Earliest,
    /// The latest part; the earliest was left out of the summary request.
    Latest,
}

/// Whether a user text is a compaction continuation (the history was compacted before).
pub fn is_continuation(text: &str) -> bool {
    text.starts_with("This session is being continued from a previous conversation")
}

/// How the hooks of one event ran, for what `/compact` prints: whether any ran, and the
/// system messages they gave.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HookReport {
    pub ran: bool,
    pub system_messages: Vec<String>,
}

impl HookReport {
    /// `<Event> [callback] completed successfully`, with the hooks' messages after a colon.
    fn line(&self, event: &str) -> Option<String> {
        if !self.ran {
            return None;
        }
        let mut line = format!("{event} [callback] completed successfully");
        if !self.system_messages.is_empty() {
            line.push_str(": ");
            line.push_str(&self.system_messages.join("\n"));
        }
        Some(line)
    }
}

/// What `/compact` prints: `Compacted `, then a line for each of the PreCompact and PostCompact
/// events whose hooks ran, one under the other.
pub fn compacted_stdout(pre: &HookReport, post: &HookReport) -> String {
    let lines: Vec<String> = [pre.line("PreCompact"), post.line("PostCompact")]
        .into_iter()
        .flatten()
        .collect();
    format!(
        "<local-command-stdout>Compacted {}</local-command-stdout>",
        lines.join("\n")
    )
}

/// Whether a user text is part of a local command's record (caveat, command, output).
pub fn is_local_command(text: &str) -> bool {
    [
        "<local-command-caveat>",
        "<command-name>",
        "<local-command-stdout>",
        "<local-command-stderr>",
    ]
    .iter()
    .any(|p| text.starts_with(p))
}

/// `/compact` in a conversation with nothing in it.
pub const NOTHING_TO_COMPACT: &str = "Error: No messages to compact";

/// The error a turn ends with when automatic compaction thrashes (the reference's text).
pub const THRASHING: &str = "Autocompact is thrashing: the context refilled to the limit within 3 turns of the previous compact, 3 times in a row. A file being read or a tool output is likely too large for the context window. Try reading in smaller chunks, or use /clear to start fresh.";

/// What heads the record of a local command, for the model.
pub const LOCAL_COMMAND_CAVEAT: &str = "<local-command-caveat>The user ran the command below in the host program directly; it was not a request to you and its output went straight to the user. It is recorded here only as context for the messages that follow.</local-command-caveat>\n";

/// The blocks that record a local command's run (`/compact`, `/clear`) in front of the next
/// prompt.
pub fn local_command_record(command: &str, args: &str, stdout: &str) -> [String; 3] {
    [
        LOCAL_COMMAND_CAVEAT.into(),
        format!("<command-name>/{command}</command-name>\n            <command-message>{command}</command-message>\n            <command-args>{args}</command-args>\n"),
        format!("{stdout}\n"),
    ]
}

/// The blocks that record a command run without the model (a skill it may not run, one
/// forked before the turn) in front of the next prompt: the caveat, the command as recorded,
/// its output.
pub fn typed_command_blocks(typed: &str, stdout: &str) -> Vec<crate::content::ContentBlock> {
    [
        LOCAL_COMMAND_CAVEAT.to_string(),
        format!("{typed}\n"),
        format!("<local-command-stdout>{stdout}</local-command-stdout>\n"),
    ]
    .into_iter()
    .map(crate::content::ContentBlock::text)
    .collect()
}

/// [`local_command_record`] as the blocks that go in front of the next prompt.
pub fn local_command_blocks(
    command: &str,
    args: &str,
    stdout: &str,
) -> Vec<crate::content::ContentBlock> {
    local_command_record(command, args, stdout)
        .into_iter()
        .map(crate::content::ContentBlock::text)
        .collect()
}

/// The API's prompt-too-long message (`prompt is too long: 1000123 tokens > 1000000
/// maximum`) -> (tokens, limit).
pub fn parse_prompt_too_long(message: &str) -> Option<(u64, u64)> {
    let rest = message.strip_prefix("prompt is too long:")?;
    let mut numbers = rest
        .split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .filter_map(|s| s.parse::<u64>().ok());
    Some((numbers.next()?, numbers.next()?))
}

/// Whether an API error message says the prompt is too long.
pub fn is_prompt_too_long(message: &str) -> bool {
    message.starts_with("prompt is too long")
}

/// What the caller reads when a too-long prompt cannot be compacted.
pub fn prompt_too_long_text(api_message: &str, conversation_tokens: u64) -> String {
    match parse_prompt_too_long(api_message) {
        Some((tokens, limit)) => format!(
            "Prompt is too long · the request is ~{tokens} tokens (limit {limit}) but this conversation is only ~{conversation_tokens} tokens — the rest is system prompt, tool definitions, and attachment content. A single-exchange conversation cannot be compacted; reduce attached files/tools or start with less context."
        ),
        None => "Prompt is too long".to_string(),
    }
}

/// An MCP tool result cut to `limit_tokens`: the kept text and a note for the model.
pub fn truncated_mcp_note(limit_tokens: u64) -> String {
    format!(
        "\n\n[OUTPUT TRUNCATED - exceeded {limit_tokens} token limit]\n\nThis tool result was cut to fit. If the server offers paging or filtering, use it to fetch the part you need; otherwise tell the user that you are working from partial output."
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instruction_shape() {
        let s = summary_instruction(Some("focus on tests"));
        assert!(s.starts_with("CRITICAL: Reply with TEXT ONLY. Do NOT call any tools."));
        assert!(s.contains("Your task is to create a detailed summary of the conversation so far"));
        assert!(s.contains("\n\nAdditional Instructions:\nfocus on tests\n\nREMINDER:"));
        assert!(s.ends_with("the task will fail."));
        for n in 1..=9 {
            assert!(s.contains(&format!("\n{n}. ")));
        }
        assert!(!summary_instruction(None).contains("Additional Instructions"));
    }

    #[test]
    fn summaries() {
        assert_eq!(
            extract_summary("<analysis>\nA\n</analysis>\n\n<summary>\n1. X\n2. Y\n</summary>"),
            "Summary:\n1. X\n2. Y"
        );
        assert_eq!(extract_summary("<analysis>A</analysis> plain"), "plain");
        assert_eq!(extract_summary(" plain "), "plain");
        // Cut before its closing tag (fuzz-g probes): the answer as it is.
        assert_eq!(extract_summary("<summary>\nPartial"), "<summary>\nPartial");
    }

    #[test]
    fn continuation_text() {
        let c = continuation(
            "Summary:\nS.",
            &["Bash".into()],
            Some("/h/x.jsonl"),
            Covered::Earliest,
        );
        assert!(c.contains("<tools-used-before-summary>Bash</tools-used-before-summary>\n</system-reminder>\nSummary:\nS.\n\nIf you need"));
        assert!(c.contains("read the full transcript at: /h/x.jsonl\nContinue"));
        assert!(c.ends_with("may already have happened in them."));
        assert!(is_continuation(&c));
        let c = continuation("S.", &[], None, Covered::All);
        assert!(c.ends_with("as if the break never happened."));
        assert!(c.contains(
            "<system-reminder>\n<tools-used-before-summary></tools-used-before-summary>\n</system-reminder>\nS."
        ));
        let c = continuation("S.", &[], Some("/h/x.jsonl"), Covered::Latest);
        assert!(c.contains("/h/x.jsonl\n\nNote: part of the earlier conversation was too large"));
        assert!(c.contains("rather than guessing at it.\nContinue the conversation"));
    }

    #[test]
    fn compact_stdout() {
        let none = HookReport::default();
        let ran = HookReport {
            ran: true,
            system_messages: vec![],
        };
        let said = HookReport {
            ran: true,
            system_messages: vec!["KEEP".into()],
        };
        assert_eq!(
            compacted_stdout(&none, &none),
            "<local-command-stdout>Compacted </local-command-stdout>"
        );
        assert_eq!(
            compacted_stdout(&said, &none),
            "<local-command-stdout>Compacted PreCompact [callback] completed successfully: KEEP</local-command-stdout>"
        );
        assert_eq!(
            compacted_stdout(&ran, &ran),
            "<local-command-stdout>Compacted PreCompact [callback] completed successfully\nPostCompact [callback] completed successfully</local-command-stdout>"
        );
        // PostCompact alone follows "Compacted " on its line.
        assert_eq!(
            compacted_stdout(&none, &ran),
            "<local-command-stdout>Compacted PostCompact [callback] completed successfully</local-command-stdout>"
        );
    }

    #[test]
    fn prompt_too_long() {
        let m = "prompt is too long: 1000123 tokens > 1000000 maximum";
        assert!(is_prompt_too_long(m));
        assert_eq!(parse_prompt_too_long(m), Some((1_000_123, 1_000_000)));
        assert!(prompt_too_long_text(m, 42).starts_with(
            "Prompt is too long · the request is ~1000123 tokens (limit 1000000) but this conversation is only ~42 tokens"
        ));
    }
}

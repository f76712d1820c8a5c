//! The system prompt and the environment note oxagent sends, in its own words.

use std::path::Path;

/// The first system block of every session.
pub const IDENTITY: &str = "You are an autonomous agent embedded in a program through oxagent, a native implementation of the Claude Agent SDK. Work on the user's task with the tools you are given.";

/// The identity line of the `claude_code` preset.
pub const PRESET_IDENTITY: &str = "You are a coding agent embedded in a program through oxagent, a native implementation of the Claude Agent SDK, working in the user's project with file, search and shell tools.";

/// The body of the `claude_code` preset.
pub const PRESET_BODY: &str = "\
How to work:
- Understand before you change. Read the files involved and search the project for how things are done already; follow its conventions, libraries and style.
- Keep changes as small as the task allows. Do not reformat or rename what the task does not touch.
- Prefer the dedicated tools over shell commands: Read to look at a file, Edit to change part of one, Write only for new files or full rewrites, Glob to find files by name, Grep to search contents. Use Bash for builds, tests, version control and other programs.
- Several independent lookups can be requested in one response; they run at the same time.
- After a change, check it: run the tests or the build when the project has them, and fix what you broke.
- Never invent file contents, command output or results. If something fails, say what failed and why.
- Be careful with anything destructive or irreversible (deleting files, force pushes, dropping data): do it only when the user asked for it.
- Do not commit, push or publish unless the user asked you to.

How to answer:
- Be brief and concrete. Lead with the result; mention files as path:line when it helps.
- When you are blocked or a requirement is unclear, stop and say what you need.";

/// Facts about the machine the model needs, sent once at the start of the conversation.
pub fn environment_note(cwd: &Path, model: &str, today: &str) -> String {
    let is_git = cwd.ancestors().any(|d| d.join(".git").exists());
    format!(
        "Facts about this session's environment:\n- Working directory: {}\n- The working directory is a git repository: {}\n- Platform: {} ({})\n- Today's date: {}\n- You are the model {}.",
        cwd.display(),
        if is_git { "yes" } else { "no" },
        std::env::consts::OS,
        std::env::consts::ARCH,
        today,
        model
    )
}

/// `YYYY-MM-DD` of a Unix time in milliseconds (UTC).
pub fn date_of(unix_ms: u64) -> String {
    // Days since the epoch to a civil date (Howard Hinnant's algorithm).
    let days = (unix_ms / 86_400_000) as i64;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

/// The note of a turn the user interrupted while the model answered.
pub const INTERRUPTED: &str = "[Request interrupted by user]";

/// The note (and a stopped call's result) when the user interrupted tool calls.
pub const INTERRUPTED_FOR_TOOL: &str = "[Request interrupted by user for tool use]";

/// What the model reads at each prompt while plan mode is on: a read-only preamble, the
/// workflow (the caller's `planModeInstructions`, or [`PLAN_MODE_WORKFLOW`]), and how to
/// leave plan mode.
pub fn plan_mode_reminder(workflow: Option<&str>) -> String {
    format!(
        "Plan mode is on. Do not change anything yet: no file edits, no commands that modify \
         the system, no commits or configuration changes; reading and searching are fine.\n\n\
         {}\n\n\
         When the plan is ready, call ExitPlanMode with it and wait for the user's approval \
         before you change anything. Ask questions with AskUserQuestion instead of ending your \
         turn with a question.",
        workflow.unwrap_or(PLAN_MODE_WORKFLOW).trim()
    )
}

/// The plan-mode workflow unless the caller gives its own.
pub const PLAN_MODE_WORKFLOW: &str = "Work out the task first: read the code involved, find \
     what already exists that can be reused, and weigh the approaches. Then write a plan \
     concrete enough to carry out: the files to change, what changes in each, and how the \
     result will be checked.";

#[cfg(test)]
mod tests {
    #[test]
    fn dates() {
        assert_eq!(super::date_of(0), "1970-01-01");
        assert_eq!(super::date_of(1_796_000_000_000), "2026-11-30");
        assert_eq!(super::date_of(951_782_400_000), "2000-02-29");
    }
}

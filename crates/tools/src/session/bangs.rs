//! The shell commands a command file's or skill's body runs as it is given to the model:
//! ``!`command` `` (at the start of a line or after a blank, outside ordinary code spans)
//! and fenced blocks opened with ```` ```! ````. Each is replaced by what the command
//! printed; one that fails stops the whole body (the caller reports why); with the
//! settings' `disableSkillShellExecution`, each is replaced by a notice instead.
//!
//! ```
//! use oxagent_tools::session::bangs::{Bangs, SHELL_OFF};
//! let body = "Branch: !`git branch --show-current`\nCode: `a !`b` c`\n";
//! let filled = Bangs::Off.fill(body).unwrap();
//! assert_eq!(filled, format!("Branch: {SHELL_OFF}\nCode: `a !`b` c`\n"));
//! ```

use std::ops::Range;
use std::path::Path;

/// How a body's shell commands are filled.
#[derive(Clone, Copy)]
pub enum Bangs<'a> {
    /// Left as written.
    Kept,
    /// By what the command prints, run by bash in this folder (whoever runs the body checks
    /// first that the commands may run).
    Run(&'a Path),
    /// By a notice that policy forbids running them (the settings'
    /// `disableSkillShellExecution`; optedge/oe_set_skill_shell_off*).
    Off,
}

/// What stands for a shell command the settings do not let run.
pub const SHELL_OFF: &str = "[shell command execution disabled by policy]";

impl Bangs<'_> {
    /// `body` with each shell command filled. Err: a command failed; the text says which
    /// and what it printed (as the reference words it).
    pub fn fill(self, body: &str) -> Result<String, String> {
        match self {
            Bangs::Kept => Ok(body.to_string()),
            Bangs::Run(cwd) => replace(body, |raw, command| run(raw, command, cwd)),
            Bangs::Off => replace(body, |_, _| Ok(SHELL_OFF.to_string())),
        }
    }
}

/// One shell command of a body: the text it stands for and the command.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Found {
    span: Range<usize>,
    command: String,
}

/// The shell commands of `body` in the order they run (the fenced blocks, then the inline
/// ones: probe hk_slash_bang_args), each with its text as written.
pub fn commands(body: &str) -> Vec<(String, String)> {
    fenced(body)
        .into_iter()
        .chain(inline(body))
        .filter(|f| !f.command.is_empty())
        .map(|f| (f.command, body[f.span].to_string()))
        .collect()
}

/// `body` with each command replaced by what `fill` gives for it (its text as written,
/// the command).
fn replace(
    body: &str,
    fill: impl Fn(&str, &str) -> Result<String, String>,
) -> Result<String, String> {
    let mut out = String::with_capacity(body.len());
    let mut at = 0;
    for f in found(body) {
        out.push_str(&body[at..f.span.start]);
        out.push_str(&fill(&body[f.span.clone()], &f.command)?);
        at = f.span.end;
    }
    out.push_str(&body[at..]);
    Ok(out)
}

/// The fenced blocks first, then the inline commands; a command blank once trimmed is
/// no command. Ordered by place; one overlapping an earlier one is passed over.
fn found(body: &str) -> Vec<Found> {
    let mut all: Vec<Found> = fenced(body).into_iter().chain(inline(body)).collect();
    all.retain(|f| !f.command.is_empty());
    all.sort_by_key(|f| f.span.start);
    let mut kept: Vec<Found> = Vec::with_capacity(all.len());
    for f in all {
        if kept.last().is_none_or(|k| k.span.end <= f.span.start) {
            kept.push(f);
        }
    }
    kept
}

/// ```` ```!<blanks><command>``` ````: the command runs to the next three backticks.
fn fenced(body: &str) -> Vec<Found> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(i) = body[from..].find("```!") {
        let start = from + i;
        let inner = start + 4;
        let Some(j) = body[inner..].find("```") else {
            break;
        };
        let end = inner + j + 3;
        out.push(Found {
            span: start..end,
            command: body[inner..inner + j].trim().to_string(),
        });
        from = end;
    }
    out
}

/// ``!`command` `` at the start of a line or after a blank; one inside an ordinary code
/// span (`` `a !`b` c` ``) is text.
fn inline(body: &str) -> Vec<Found> {
    if !body.contains("!`") {
        return Vec::new();
    }
    let masked = mask_code_spans(body);
    let mut out = Vec::new();
    let mut k = 0;
    while let Some(i) = masked[k..].find("!`") {
        let start = k + i;
        let after_blank = masked[..start]
            .chars()
            .next_back()
            .is_none_or(char::is_whitespace);
        let close = masked[start + 2..].find('`').map(|j| start + 2 + j);
        match close {
            Some(end) if after_blank && end > start + 2 => {
                out.push(Found {
                    span: start..end + 1,
                    command: body[start + 2..end].trim().to_string(),
                });
                k = end + 1;
            }
            _ => k = start + 1,
        }
    }
    out
}

/// `body` with the inside of each one-line code span blanked, unless a `!` or a backtick
/// opens it: a ``!`command` `` inside one does not run. Same length as `body`.
fn mask_code_spans(body: &str) -> String {
    let mut out = String::with_capacity(body.len());
    let mut at = 0;
    let mut from = 0;
    while let Some(i) = body[from..].find('`') {
        let open = from + i;
        let rest = &body[open + 1..];
        let end = rest.find(['`', '\n']);
        match end {
            Some(j) if j > 0 && rest.as_bytes()[j] == b'`' => {
                let close = open + 1 + j;
                let opener = body[..open].chars().next_back();
                if !matches!(opener, Some('!' | '`')) {
                    out.push_str(&body[at..=open]);
                    out.extend(std::iter::repeat_n(' ', close - open - 1));
                    at = close;
                }
                from = close + 1;
            }
            _ => from = open + 1,
        }
    }
    out.push_str(&body[at..]);
    out
}

/// Runs `command` by bash in `cwd`: what it printed (its output, then what it wrote to
/// standard error), or why it failed.
fn run(raw: &str, command: &str, cwd: &Path) -> Result<String, String> {
    let out = std::process::Command::new(crate::shell::process::default_shell())
        .arg("-c")
        .arg(command)
        .current_dir(cwd)
        .stdin(std::process::Stdio::null())
        .output()
        .map_err(|e| format!("[Error]\n{e}"))?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let printed = [without_blank_lead(stdout.trim_end()), stderr.trim()]
        .into_iter()
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join("\n");
    if out.status.success() {
        return Ok(printed);
    }
    // A failed command's output reads as its error output (probes sb_fail*).
    let detail = match printed.trim() {
        "" => String::new(),
        text => format!("[stderr]\n{text}"),
    };
    Err(format!(
        "Shell command failed for pattern \"{raw}\": {detail}"
    ))
}

/// `text` from its first line that is not blank (probe sc_leading_nl).
fn without_blank_lead(text: &str) -> &str {
    match text.find(|c: char| !c.is_whitespace()) {
        Some(first) => &text[text[..first].rfind('\n').map_or(0, |n| n + 1)..],
        None => "",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(body: &str) -> String {
        replace(body, |_, c| Ok(format!("<{c}>"))).unwrap()
    }

    #[test]
    fn inline_commands_after_a_blank_or_at_a_line_start() {
        assert_eq!(shown("a !`ls` b !`echo x` c"), "a <ls> b <echo x> c");
        assert_eq!(shown("!`first`\nnext"), "<first>\nnext");
        assert_eq!(shown("glued a!`echo no`"), "glued a!`echo no`");
        assert_eq!(shown("A !`` B !` ` C"), "A !`` B !` ` C");
    }

    #[test]
    fn a_command_inside_a_code_span_is_text() {
        assert_eq!(
            shown("Use `x !`echo no` y` and !`echo yes`"),
            "Use `x !`echo no` y` and <echo yes>"
        );
    }

    #[test]
    fn fenced_blocks_run_to_the_closing_backticks() {
        assert_eq!(
            shown("Run:\n```!\necho a\necho b\n```\nEnd."),
            "Run:\n<echo a\necho b>\nEnd."
        );
        assert_eq!(shown("Run: ```! echo inl``` end"), "Run: <echo inl> end");
        assert_eq!(
            shown("F:\n```!\necho f\n```\nI: !`echo i`"),
            "F:\n<echo f>\nI: <echo i>"
        );
    }

    #[test]
    fn the_commands_in_order() {
        let pairs = |c: &str, p: &str| (c.to_string(), p.to_string());
        assert_eq!(
            commands("!`a` x ```!\nb\n``` y !`c`"),
            [
                pairs("b", "```!\nb\n```"),
                pairs("a", "!`a`"),
                pairs("c", "!`c`")
            ]
        );
        assert!(commands("no commands, `code` only").is_empty());
    }

    #[test]
    fn output_and_failures() {
        let dir = tempfile::tempdir().unwrap();
        let run = Bangs::Run(dir.path());
        assert_eq!(
            run.fill("Out: !`echo out; echo err >&2`").unwrap(),
            "Out: out\nerr"
        );
        assert_eq!(
            run.fill("A !`echo 1` B !`echo two; exit 4`").unwrap_err(),
            "Shell command failed for pattern \"!`echo two; exit 4`\": [stderr]\ntwo"
        );
        assert_eq!(
            run.fill("!`exit 1`").unwrap_err(),
            "Shell command failed for pattern \"!`exit 1`\": "
        );
    }

    #[test]
    fn output_starts_at_its_first_line_that_is_not_blank() {
        assert_eq!(without_blank_lead("\n\n  a\n b"), "  a\n b");
        assert_eq!(without_blank_lead(" \n\t\n"), "");
        assert_eq!(without_blank_lead("x"), "x");
    }

    #[test]
    fn policy_replaces_each_command_with_the_notice() {
        assert_eq!(
            Bangs::Off.fill("A !`echo 1` B\n```!\necho 2\n```").unwrap(),
            format!("A {SHELL_OFF} B\n{SHELL_OFF}")
        );
    }
}

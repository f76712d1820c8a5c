//! The question about a line that sets variables for the commands after it (`x=1; echo $x`),
//! as the reference asks it (tests/conformance/shellasks: sa_var_*). The reader has already
//! put in the values it could follow; here each command after the assignments needs
//! approval unless an allow rule or the mode lets it through on its own.

use std::path::Path;

use oxagent_core::permission::{PermissionContext, ToolPermission};
use oxagent_core::rules::bash::allow_covers;
use oxagent_core::rules::shell::{Hazard, Parsed, SimpleCommand};
use oxagent_core::PermissionMode;

use super::{ask, check_bash, hazard_text, unwrapped, writes, UNSUPPORTED};

const PIPE: &str =
    "The parts of this pipe can't be checked one by one, so the command needs approval";

/// The question: none of the commands left needing approval, the assignment's own; of one
/// command alone, "This command requires approval" (or its own path question, judged with
/// the values put in: `x=/etc/passwd; cat $x`); of several, those that need approval, listed
/// as they run (values put in, redirections left out), with the parts' results as the
/// reason's kind.
pub(super) fn question(parsed: &Parsed, cwd: &Path, ctx: &PermissionContext) -> ToolPermission {
    let other = |text: &str| ask(text.to_string(), Some("other"), None, Vec::new());
    if parsed.pipe_segments.len() > 1 {
        return other(PIPE);
    }
    let commands: Vec<&SimpleCommand> = parsed
        .commands
        .iter()
        .filter(|c| !c.words.is_empty())
        .collect();
    let mut needing: Vec<String> = Vec::new();
    for cmd in commands.iter().filter(|c| !allowed_alone(c, cwd, ctx)) {
        let part = cmd.words.join(" ");
        if !needing.contains(&part) {
            needing.push(part);
        }
    }
    if needing.is_empty() {
        return other(hazard_text(Hazard::Assignment));
    }
    if let [only] = commands.as_slice() {
        if let Some(line) = quoted_line(only) {
            let again = check_bash(&line, cwd, ctx);
            let about_a_path = matches!(
                &again,
                ToolPermission::Ask {
                    blocked_path: Some(_),
                    ..
                }
            );
            if about_a_path || matches!(again, ToolPermission::Deny { .. }) {
                return again;
            }
        }
        return other(UNSUPPORTED);
    }
    let (noun, verb) = match needing.len() {
        1 => ("part", "requires"),
        _ => ("parts", "require"),
    };
    ask(
        format!(
            "This Bash command contains multiple operations. The following {noun} {verb} \
             approval: {}",
            needing.join(", ")
        ),
        Some("subcommandResults"),
        None,
        Vec::new(),
    )
}

/// Whether an allow rule covers the command, or the mode lets it change files on its own
/// (acceptEdits inside the working directories). A command that only reads still needs
/// approval here.
fn allowed_alone(cmd: &SimpleCommand, cwd: &Path, ctx: &PermissionContext) -> bool {
    if allow_covers(&ctx.rules, cmd) || allow_covers(&ctx.rules, &unwrapped(cmd)) {
        return true;
    }
    ctx.mode == PermissionMode::AcceptEdits
        && writes(cmd)
        && quoted_line(cmd).is_some_and(|line| check_bash(&line, cwd, ctx) == ToolPermission::Allow)
}

/// The command as a line of its own, its words quoted where needed (`None`: a word holds a
/// single quote).
fn quoted_line(cmd: &SimpleCommand) -> Option<String> {
    if cmd.words.iter().any(|w| w.contains('\'')) {
        return None;
    }
    let plain = |w: &str| {
        !w.is_empty()
            && w.chars()
                .all(|c| c.is_ascii_alphanumeric() || "_./=:@%+,-".contains(c))
    };
    let words: Vec<String> = cmd
        .words
        .iter()
        .map(|w| match plain(w) {
            true => w.clone(),
            false => format!("'{w}'"),
        })
        .collect();
    Some(words.join(" "))
}

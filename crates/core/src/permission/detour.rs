//! The refusals that make us stricter than the reference: a Bash call that every other
//! check would let run, while a deny rule covers a command it runs by a detour or the call
//! runs code no deny rule can be checked against (see `rules::bash::find_rule_strict` and
//! `docs/permissions-vs-reference.md`).
//!
//! ```text
//! bypassPermissions, deny Bash(rm *)
//!   find . -exec rm {} +    -> denied: "Permission to use Bash with command ... has been denied."
//!   eval "rm -rf d"         -> asked:  the shell -c script text
//!   python3 -c "..."        -> asked:  "... code that cannot be checked ... (python3 with a program given inline)."
//! ```
//!
//! Only calls that would otherwise run are refused here: where the reference asks anyway,
//! its prompt stays as it is.

use serde_json::Value;

use crate::rules::{bash, RuleBehavior};

use crate::rules::shell;

use super::PermissionContext;

pub(super) const SHELL_SCRIPT_DENIED: &str = "A permission rule denies a command inside this shell -c script, so Claude Code could not check it for dangerous removals. Approving runs the whole script, including that command.";
pub(super) const SHELL_SCRIPT_REASON: &str =
    "A permission rule denies a command in this shell -c script";

/// What [`refusal`] decides: a denial, or a question (reason type `safetyCheck`).
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Refusal {
    Deny {
        message: String,
        reason_type: &'static str,
    },
    Ask {
        message: String,
        reason: &'static str,
    },
}

const UNCHECKABLE_CODE: &str = "A permission rule denies some Bash commands, and this command runs code that cannot be checked against it before it runs, so it needs approval";
const UNCHECKABLE_REASON: &str =
    "A permission rule denies some Bash commands; this command runs code that cannot be checked";

/// The refusal of a Bash call that would otherwise run, if a detour calls for one.
pub(super) fn refusal(name: &str, input: &Value, ctx: &PermissionContext) -> Option<Refusal> {
    if name != "Bash" {
        return None;
    }
    let command = input.get("command").and_then(Value::as_str)?;
    let hit = bash::find_rule_strict(
        &ctx.rules,
        RuleBehavior::Deny,
        command,
        &ctx.roots(),
        ctx.dir(),
    )?;
    Some(match (&hit.opaque, hit.in_shell_script) {
        (Some(what), _) => Refusal::Ask {
            message: format!("{UNCHECKABLE_CODE} ({what})."),
            reason: UNCHECKABLE_REASON,
        },
        (None, true) => Refusal::Ask {
            message: SHELL_SCRIPT_DENIED.to_string(),
            reason: SHELL_SCRIPT_REASON,
        },
        (None, false) => match read_after_cd(command, ctx, &hit.entry) {
            // A read from a denied place the line moved to is named as the reference names
            // it, in every mode (fa_rdeny_*: `cd secrets && cat key.txt`).
            Some(message) => Refusal::Deny {
                message,
                reason_type: "rule",
            },
            None => Refusal::Deny {
                message: format!(
                    "Permission to use Bash with command {} has been denied.",
                    hit.command
                ),
                reason_type: denial_kind(command, &hit),
            },
        },
    })
}

/// Whether a path rule's hit on a Bash line waits for the line's own question: the
/// reference checks a Read rule against a line's paths only once the line reads as plain
/// commands, so a line it cannot check first (a nested command, brace expansion, a group
/// in braces, ...) is asked about as such (fa_nest_*: without a callback, refused in those
/// words; with one, the callback decides). In bypassPermissions, where the reference then
/// runs the line, the rule still refuses it (stricter than the reference).
pub(super) fn asked_before_paths(
    command: &str,
    hit: &bash::RuleHit,
    mode: crate::PermissionMode,
) -> bool {
    use crate::rules::shell::Hazard;
    if hit.entry.rule.tool == "Bash" || mode == crate::PermissionMode::BypassPermissions {
        return false;
    }
    let parsed = shell::parse(command);
    match parsed.hazard {
        Some(
            Hazard::BraceVariable
            | Hazard::BraceExpansion
            | Hazard::LoneDollar
            | Hazard::EscapedWhitespace
            | Hazard::Unsupported
            | Hazard::QuotedNested
            | Hazard::ProcessSubstitution
            | Hazard::Variable
            | Hazard::QuotedVariable,
        ) => true,
        // `x=$(cat f)` alone is read through (its nested command checked as a command).
        Some(Hazard::Nested) => !only_assignments(&parsed),
        _ => parsed.group,
    }
}

/// Whether the line is one command made only of assignments (`x=$(cat f)`).
fn only_assignments(parsed: &shell::Parsed) -> bool {
    matches!(parsed.commands.as_slice(),
        [only] if only.words.is_empty() && !only.assignments.is_empty())
}

/// "`cat` from '`path`' was blocked by a deny rule.": a command after a `cd` on the line,
/// or in a subshell, naming a file that the Read deny rule `entry` covers, resolved from
/// where the `cd` went (fa_nest2_*: `(cat secrets/key.txt)`).
pub(super) fn read_after_cd(
    command: &str,
    ctx: &PermissionContext,
    entry: &crate::rules::RuleEntry,
) -> Option<String> {
    let content = entry.rule.content.as_deref()?;
    if entry.rule.tool != "Read" {
        return None;
    }
    let roots = ctx.roots().for_source(entry.source);
    let home = ctx.home.as_deref();
    let parsed = shell::parse(command);
    let mut dir = parsed.subshell.then(|| ctx.dir().to_path_buf());
    for cmd in &parsed.commands {
        let Some(name) = cmd.words.first() else {
            continue;
        };
        if name == "cd" {
            let from = dir.clone().unwrap_or_else(|| ctx.dir().to_path_buf());
            dir = cmd
                .words
                .get(1)
                .map(|d| crate::rules::path::resolve(d, &from, home));
            continue;
        }
        let Some(here) = &dir else { continue };
        let args: Vec<&String> = cmd
            .words
            .iter()
            .skip(1)
            .filter(|a| !a.starts_with('-'))
            .collect();
        // `ls` alone lists where the `cd` went (fa_173).
        let listed = (name == "ls" && args.is_empty()).then(|| here.clone());
        let named = args
            .iter()
            .map(|arg| crate::rules::path::resolve(arg, here, home));
        for path in listed.into_iter().chain(named) {
            if crate::rules::deny_path::deny_rule_covers(content, &path, &roots.cwd, home, false) {
                return Some(format!(
                    "{name} from '{}' was blocked by a deny rule.",
                    path.display()
                ));
            }
        }
    }
    None
}

/// How a Bash deny names itself: a rule that covers the whole line (or a line the reader
/// treats as one unit) is a `rule` decision; one found by checking the parts is a
/// `subcommandResults` decision.
pub(super) fn denial_kind(command: &str, hit: &bash::RuleHit) -> &'static str {
    let parsed = shell::parse(command);
    let text = command.trim();
    let exact = hit.entry.rule.content.as_deref().is_some_and(|c| {
        let head = c
            .strip_suffix(":*")
            .or_else(|| c.strip_suffix(" *"))
            .unwrap_or(c);
        head == text
    });
    // `exec CMD` replaces the shell (`exec 3> f` only opens a descriptor); the reference
    // also reads `setsid`, `ionice` and `env --` calls as one unit.
    let exec = parsed.commands.first().is_some_and(|c| {
        c.words.len() > 1
            && (matches!(c.words[0].as_str(), "exec" | "setsid" | "ionice")
                || (c.words[0] == "env" && c.words[1] == "--"))
    });
    // A `find` that runs commands or changes files is judged as one unit too
    // (fa_deny_kind_find).
    let find_action = parsed.commands.len() == 1
        && parsed.commands[0]
            .words
            .first()
            .is_some_and(|w| w == "find")
        && parsed.commands[0].words.iter().any(|w| {
            matches!(
                w.as_str(),
                "-exec"
                    | "-execdir"
                    | "-ok"
                    | "-okdir"
                    | "-delete"
                    | "-fprint"
                    | "-fprint0"
                    | "-fprintf"
                    | "-fls"
            )
        });
    // Subshells, groups and loops are one unit; an `if` is checked part by part.
    // So is a line with a nested command (`echo $(cat f)`, fa_102).
    // `cat <(cat f)` too; `x=$(cat f)` alone is read part by part (fa_nest_bdeny_*).
    let nested = matches!(
        parsed.hazard,
        Some(
            shell::Hazard::Nested
                | shell::Hazard::QuotedNested
                | shell::Hazard::ProcessSubstitution
        )
    ) && !only_assignments(&parsed);
    let unit = parsed.subshell || parsed.group || parsed.loops || nested;
    if exact || exec || unit || find_action {
        "rule"
    } else {
        "subcommandResults"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::PermissionMode;
    use crate::rules::RuleSource;

    fn ctx(deny: &[&str]) -> PermissionContext {
        let mut ctx = PermissionContext::new("/nonexistent-ws", PermissionMode::BypassPermissions);
        for d in deny {
            ctx.rules
                .add(RuleBehavior::Deny, RuleSource::CliArg, d)
                .unwrap();
        }
        ctx
    }

    fn decide(command: &str, deny: &[&str]) -> Option<Refusal> {
        refusal(
            "Bash",
            &serde_json::json!({ "command": command }),
            &ctx(deny),
        )
    }

    #[test]
    fn deletions_in_disguise_are_denied() {
        for cmd in [
            "find . -exec rm -rf {} +",
            "unlink d/f",
            "mv d /dev/null",
            "git clean -fd",
        ] {
            let Some(Refusal::Deny { message, .. }) = decide(cmd, &["Bash(rm *)"]) else {
                panic!("{cmd}: not denied")
            };
            assert_eq!(
                message,
                format!("Permission to use Bash with command {cmd} has been denied.")
            );
        }
    }

    #[test]
    fn unreadable_code_is_asked_for_only_under_a_deny_rule() {
        let Some(Refusal::Ask { message, .. }) = decide("python3 -c 'print(1)'", &["Bash(rm *)"])
        else {
            panic!("not asked")
        };
        assert!(
            message.ends_with("(python3 with a program given inline)."),
            "{}",
            message
        );
        assert_eq!(decide("python3 -c 'print(1)'", &[]), None);
        assert_eq!(decide("cat notes.txt | sh", &[]), None);
    }

    #[test]
    fn unrelated_and_read_only_commands_run() {
        for cmd in [
            "ls",
            "command -v rm",
            "echo rm -rf x",
            "python3 prog.py",
            "mv a b",
        ] {
            assert_eq!(decide(cmd, &["Bash(rm *)"]), None, "{cmd}");
        }
    }
}

//! The allow rules a Bash question offers (`addRules` suggestions), as the reference words
//! them.
//!
//! * A command's rule is its first two words and ` *` when the second is a plain name
//!   (`mkdir m` -> `mkdir m *`), else the command as written ([`prefix_rule`]).
//! * A question about the command as a whole ("This command requires approval") offers it
//!   without the redirections after its last word: `chmod +x f >/dev/null 2>&1` offers
//!   `chmod +x f`; one before the command name stays (`>/dev/null chmod *`). A question
//!   about a path (a file written) offers the command with all its redirections.
//! * A command with a here-string offers its first two words and ` *` whatever they are
//!   (`echo "a $$" <<< x` -> `echo "a *`).
//! * A line of several commands offers one `addRules` with each asking command's rule once;
//!   a pipeline offers one `addRules` per asking command, repeats kept.

use oxagent_core::rules::shell::{Parsed, SimpleCommand};
use serde_json::{json, Value};

/// `[a-z][a-z0-9]*(-[a-z0-9]+)*`: a subcommand or a plain name (`init`, `m1`, `abc-def`;
/// not `abc_d`, `ABC`, `123`, `a.txt`).
fn plain_name(word: &str) -> bool {
    word.starts_with(|c: char| c.is_ascii_lowercase())
        && !word.ends_with('-')
        && !word.contains("--")
        && word
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// The rule offered for a command: its first two words and ` *` when
/// the second is a plain name (`mkdir m` -> `mkdir m *`, `touch u1 u2` -> `touch u1 *`),
/// else the command as written (`touch a.txt`, `rmdir -p d`, `rmdir /var/lib`).
pub(super) fn prefix_rule(command: &str) -> String {
    let mut words = command.split_whitespace();
    match (words.next(), words.next()) {
        // A command run through sudo or xargs, or after a variable set for it, is offered
        // as written (`xargs cat`, `FOO=1 npm test`).
        (Some(name), Some(arg))
            if !matches!(name, "sudo" | "xargs") && !name.contains('=') && plain_name(arg) =>
        {
            format!("{name} {arg} *")
        }
        _ => command.to_string(),
    }
}

/// The rule for `cmd` written as `text`: a here-string makes it the first two words of the
/// command without its trailing redirections, whatever they are.
fn rule_for(cmd: &SimpleCommand, text: &str) -> String {
    if cmd.here_string {
        let words: Vec<&str> = cmd.bare.split_whitespace().take(2).collect();
        return format!("{} *", words.join(" "));
    }
    prefix_rule(text)
}

/// The rule offered when a question is about what `cmd` may write: the command with its
/// redirections.
pub(super) fn path_rule(cmd: &SimpleCommand) -> String {
    rule_for(cmd, &cmd.text)
}

/// The rule offered when the line as a whole needs approval: a line of one command loses
/// the redirections after its last word; any other line is offered as written.
pub(super) fn line_rule(command: &str, parsed: &Parsed) -> String {
    let line = command.trim();
    match parsed.commands.as_slice() {
        [cmd] => match line.strip_suffix(cmd.text.as_str()) {
            Some(head) => rule_for(cmd, &format!("{head}{}", cmd.bare)),
            None => prefix_rule(line),
        },
        _ => prefix_rule(line),
    }
}

/// One `addRules` suggestion allowing these Bash rules for the project.
pub(super) fn rules_suggestion<S: AsRef<str>>(rules: &[S]) -> Value {
    let rules: Vec<Value> = rules
        .iter()
        .map(|r| json!({"toolName": "Bash", "ruleContent": r.as_ref()}))
        .collect();
    json!({"type": "addRules", "rules": rules, "behavior": "allow", "destination": "localSettings"})
}

pub(super) fn rule_suggestion(rule: &str) -> Value {
    rules_suggestion(&[rule])
}

/// The suggestions of a line whose `parts` (commands as written) need approval.
pub(super) fn parts_suggestions(parsed: &Parsed, parts: &[&str]) -> Vec<Value> {
    let rules: Vec<String> = parts
        .iter()
        .map(
            |part| match parsed.commands.iter().find(|c| c.text == *part) {
                Some(cmd) => rule_for(cmd, &cmd.bare),
                None => prefix_rule(part),
            },
        )
        .collect();
    let pipeline = parsed.commands.iter().skip(1).all(|c| c.piped);
    if pipeline {
        return rules.iter().map(|r| rule_suggestion(r)).collect();
    }
    let mut once: Vec<String> = Vec::new();
    for r in rules {
        if !once.contains(&r) {
            once.push(r);
        }
    }
    vec![rules_suggestion(&once)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use oxagent_core::rules::shell::parse;

    fn line(command: &str) -> String {
        line_rule(command, &parse(command))
    }

    #[test]
    fn redirections_after_the_command_are_left_out() {
        assert_eq!(line("chmod +x r.txt >/dev/null 2>&1"), "chmod +x r.txt");
        assert_eq!(line("echo \"a $$\">/dev/null"), "echo \"a $$\"");
        assert_eq!(line("chmod +x r.txt < r.txt"), "chmod +x r.txt");
        assert_eq!(line("chmod +x r.txt&>/dev/null"), "chmod +x r.txt");
        assert_eq!(line(">/dev/null chmod +x r.txt"), ">/dev/null chmod *");
        assert_eq!(line("make all 2>&1"), "make all *");
    }

    #[test]
    fn a_here_string_offers_two_words() {
        assert_eq!(line("chmod +x r.txt <<< x"), "chmod +x *");
        assert_eq!(line("echo \"a $$\" <<< x"), "echo \"a *");
        assert_eq!(line("chmod <<< x"), "chmod *");
        assert_eq!(line("chmod +x <<< x r.txt"), "chmod +x *");
    }

    #[test]
    fn parts_merge_except_in_a_pipeline() {
        let p = parse("chmod +x r.txt; chmod +x r.txt >/dev/null");
        let s = parts_suggestions(&p, &["chmod +x r.txt", "chmod +x r.txt >/dev/null"]);
        assert_eq!(s, vec![rules_suggestion(&["chmod +x r.txt"])]);
        let p = parse("git init -q; chmod +x r.txt");
        let s = parts_suggestions(&p, &["git init -q", "chmod +x r.txt"]);
        assert_eq!(s, vec![rules_suggestion(&["git init *", "chmod +x r.txt"])]);
        let p = parse("chmod +x r.txt | chmod +x r.txt 2>&1");
        let s = parts_suggestions(&p, &["chmod +x r.txt", "chmod +x r.txt 2>&1"]);
        assert_eq!(s, vec![rule_suggestion("chmod +x r.txt"); 2]);
    }
}

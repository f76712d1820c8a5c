//! Reads outside the working directories, globs and redirection targets, as the reference
//! asks about them and what it offers (recorded in `tests/conformance/fuzz-a/`: fa_rd_*, fa_wr_*).

use std::path::Path;

use oxagent_core::permission::{PermissionContext, ToolPermission};
use oxagent_core::PermissionMode;
use serde_json::Value;

use super::{check_bash, is_read_only};

fn asked(command: &str) -> (String, Option<String>, Vec<Value>) {
    let ctx = PermissionContext::new("/nonexistent-ws", PermissionMode::Default);
    match check_bash(command, Path::new("/nonexistent-ws"), &ctx) {
        ToolPermission::Ask {
            message,
            blocked_path,
            suggestions,
            ..
        } => (message, blocked_path, suggestions),
        other => panic!("{command}: {other:?}"),
    }
}

fn read_rule(suggestion: &Value) -> Option<&str> {
    suggestion["rules"][0]["ruleContent"]
        .as_str()
        .filter(|_| suggestion["rules"][0]["toolName"] == "Read")
}

#[test]
fn path_readers_are_refused_in_their_own_words() {
    let (message, blocked, suggestions) = asked("head -1 /etc/hostname");
    assert_eq!(
        message,
        "head in '/etc/hostname' was blocked. For security, Claude Code may only read the \
         beginning of files from the allowed working directories for this session: \
         '/nonexistent-ws'."
    );
    assert_eq!(blocked.as_deref(), Some("/etc/hostname"));
    assert_eq!(suggestions.len(), 2);
    assert_eq!(
        suggestions[0]["rules"][0]["ruleContent"],
        "head -1 /etc/hostname"
    );
    assert_eq!(read_rule(&suggestions[1]), Some("//etc/**"));
    let (message, ..) = asked("awk 1 /etc/hostname");
    assert!(
        message.contains("may only process text from files in"),
        "{message}"
    );
}

#[test]
fn input_redirections_and_pipelines() {
    let (message, blocked, _) = asked("cat < /etc/hostname");
    assert!(message.starts_with("Input redirection from '/etc/hostname' was blocked."));
    assert_eq!(blocked.as_deref(), Some("/etc/hostname"));
    let (message, blocked, suggestions) = asked("sort < /etc/hostname | head -1");
    assert_eq!(
        message,
        "This Bash command contains multiple operations. The following part requires \
         approval: sort < /etc/hostname"
    );
    assert_eq!(blocked, None);
    assert_eq!(
        suggestions[0]["rules"][0]["ruleContent"],
        "sort < /etc/hostname | head -1"
    );
    // The filesystem root is offered no rule.
    let (_, blocked, suggestions) = asked("ls /");
    assert_eq!(blocked.as_deref(), Some("/"));
    assert!(suggestions.is_empty());
}

#[test]
fn which_commands_run_unasked() {
    for c in [
        "du /etc/hostname",
        "realpath /etc",
        "comm a b",
        "xargs echo",
        "cd src && ls",
        "echo x | sed 's/x/y/'",
    ] {
        assert!(is_read_only(c), "{c}");
    }
    // A substitution delimited otherwise than by `/` is not taken for plain (psed_*).
    for c in [
        "uniq a",
        "awk 1 a",
        "xargs cat",
        "less a",
        "echo x | sed 's|x|y|'",
        "pwd | sed 's#a#b#'",
    ] {
        assert!(!is_read_only(c), "{c}");
    }
}

#[test]
fn a_glob_names_the_directory_it_would_search() {
    let (message, blocked, _) = asked("cat /etc/host*.conf");
    assert!(
        message.starts_with("cat in '/etc' was blocked."),
        "{message}"
    );
    assert_eq!(blocked.as_deref(), Some("/etc"));
    let (message, ..) = asked("cat /et?/hostname");
    assert!(message.starts_with("cat in '/' was blocked."), "{message}");
}

#[test]
fn file_commands_given_globs_are_asked_as_written() {
    for (command, written, dir) in [
        ("touch n*.txt", "n*.txt", "/nonexistent-ws"),
        ("cp /tmp/*.txt .", "/tmp/*.txt", "/tmp"),
        ("rmdir d*", "d*", "/nonexistent-ws/d*"),
    ] {
        let (message, blocked, suggestions) = asked(command);
        assert_eq!(
            message,
            "Glob patterns are not allowed in write operations. Please specify an exact file path."
        );
        assert_eq!(blocked.as_deref(), Some(written));
        assert_eq!(suggestions[0]["rules"][0]["ruleContent"], command);
        assert_eq!(suggestions[1]["directories"][0], dir, "{command}");
        assert_eq!(suggestions[2]["mode"], "acceptEdits");
    }
}

#[test]
fn redirections_the_shell_would_expand_offer_no_rule() {
    for (command, message) in [
        (
            "echo hi > o*.txt",
            "Shell expansion syntax in paths requires manual approval",
        ),
        (
            "ls > l*.txt; ls",
            "Shell expansion syntax in paths requires manual approval",
        ),
        (
            "echo hi > $HOME",
            "A variable in this command can't be checked before it runs",
        ),
        (
            "echo hi > $HOME/x.txt",
            "Redirect target concatenation contains $/` — unanalyzable gap or substitution",
        ),
        (
            "echo hi > \"$PWD/x.txt\"",
            "Redirect target contains $(cmd) output — path is runtime-determined",
        ),
        (
            "ls | tee > o*.txt",
            "This Bash command contains multiple operations. The following part requires \
             approval: tee",
        ),
        (
            "echo hi > x.txt; echo hi > ~/y.txt",
            "This Bash command contains multiple operations. The following part requires \
             approval: echo hi",
        ),
    ] {
        let (asked_message, blocked, suggestions) = asked(command);
        assert_eq!(asked_message, message, "{command}");
        assert_eq!(blocked, None, "{command}");
        assert!(suggestions.is_empty(), "{command}: {suggestions:?}");
    }
    // In double quotes `$HOME` is the home directory: an ordinary question about the path.
    let (message, blocked, _) = asked("echo hi > \"$HOME/x.txt\"");
    assert!(message.starts_with("Output redirection to '"), "{message}");
    assert!(blocked.is_some_and(|b| b.ends_with("/x.txt")));
    // One redirection asked about in a line of several commands is asked alone.
    let (message, ..) = asked("ls > out.txt; ls");
    assert!(message.starts_with("Output redirection to '/nonexistent-ws/out.txt'"));
}

#[test]
fn writes_into_protected_paths_are_asked_as_the_file_tools_ask() {
    for mode in [PermissionMode::AcceptEdits, PermissionMode::Default] {
        let ctx = PermissionContext::new("/nonexistent-ws", mode);
        for (command, message) in [
            (
                "echo x > .claude/rules/r.md",
                "Claude requested permissions to edit /nonexistent-ws/.claude/rules/r.md which is a sensitive file.",
            ),
            (
                "touch .git/foo",
                "Claude requested permissions to edit /nonexistent-ws/.git/foo which is a sensitive file.",
            ),
            (
                "cp a.txt .vscode/b.json",
                "Claude requested permissions to edit /nonexistent-ws/.vscode/b.json which is a sensitive file.",
            ),
            (
                "echo x >> .bashrc",
                "Claude requested permissions to edit /nonexistent-ws/.bashrc which is a sensitive file.",
            ),
            (
                "echo {} > .claude/settings.json",
                "Claude requested permissions to write to /nonexistent-ws/.claude/settings.json, but you haven't granted it yet.",
            ),
        ] {
            match check_bash(command, Path::new("/nonexistent-ws"), &ctx) {
                ToolPermission::Ask {
                    message: m,
                    reason_type,
                    reason,
                    ..
                } => {
                    assert_eq!(m, message, "{command}");
                    assert_eq!(reason_type.as_deref(), Some("safetyCheck"));
                    assert_eq!(reason.as_deref(), Some(message));
                }
                other => panic!("{command} in {mode:?}: {other:?}"),
            }
        }
        // Other writes inside the workspace are as before: acceptEdits lets them run.
        let plain = check_bash("echo x > notes.txt", Path::new("/nonexistent-ws"), &ctx);
        assert_eq!(
            matches!(plain, ToolPermission::Ask { .. }),
            mode == PermissionMode::Default
        );
    }
}

/// Variables a line sets are followed to where it uses them, as the reference follows them
/// (tests/conformance/shellasks: sa_var_*).
#[test]
fn variables_the_line_sets_are_followed() {
    const VARIABLE: &str = "A variable in this command can't be checked before it runs";
    const ONE: &str = "This command requires approval";
    let parts = |list: &str| {
        format!(
            "This Bash command contains multiple operations. The following parts require \
             approval: {list}"
        )
    };
    let cases: Vec<(&str, String)> = vec![
        ("x=1; echo $x", ONE.into()),
        ("x=1; echo $x; echo b", parts("echo 1, echo b")),
        ("x=a; cat $x.txt; echo b", parts("cat a.txt, echo b")),
        ("x=1; y=$x; echo $y; echo b", parts("echo 1, echo b")),
        ("x=1; echo \"$x\"; echo b", parts("echo 1, echo b")),
        ("x=1; echo $x$x; echo b", parts("echo 11, echo b")),
        ("x=1; echo a > out.txt; echo b", parts("echo a, echo b")),
        ("x=1 || echo a; echo b", parts("echo a, echo b")),
        // Not followed: a branch, a pipe or a job anywhere, a name set twice, a value that
        // is not one plain word, a value in braces or as a redirection's target.
        ("x=1 || echo $x", VARIABLE.into()),
        ("true || true; x=1; echo $x", VARIABLE.into()),
        ("x=1 & echo $x", VARIABLE.into()),
        ("x=1; x=2; echo $x; echo b", VARIABLE.into()),
        ("x=\"a b\"; echo $x; echo c", VARIABLE.into()),
        ("x=a*; echo $x; echo b", VARIABLE.into()),
        ("x=out.txt; echo a > $x", VARIABLE.into()),
        (
            "x=1; echo ${x}; echo b",
            "A variable in braces in this command can't be checked before it runs".into(),
        ),
        // Any other question comes before the assignment's.
        ("x=1; echo $y", VARIABLE.into()),
        ("x=1; echo {a,b}", "Brace expansion".into()),
        (
            "x=1; y=2",
            "A variable set in this command can't be checked before it runs".into(),
        ),
        (
            "x=1 y=2; echo $x $y; echo b",
            "Variable assignments in this command can't be checked before it runs".into(),
        ),
        (
            "x=1 | echo a",
            "The parts of this pipe can't be checked one by one, so the command needs approval"
                .into(),
        ),
    ];
    for (line, expected) in cases {
        assert_eq!(asked(line).0, expected, "{line}");
    }
    // One command left is checked with the values put in: a read outside is refused as such.
    let (message, blocked, _) = asked("x=/etc/passwd; cat $x");
    assert!(
        message.starts_with("cat in '/etc/passwd' was blocked."),
        "{message}"
    );
    assert_eq!(blocked.as_deref(), Some("/etc/passwd"));
}

/// After assignments, a command an allow rule covers, or one acceptEdits lets change files,
/// needs no approval: the rest are listed, or none is and the assignment is asked about
/// (sa_var_* probes with `Bash(echo:*)` and in acceptEdits).
#[test]
fn commands_the_rules_or_the_mode_allow_are_not_listed_after_assignments() {
    use oxagent_core::rules::{RuleBehavior, RuleSource};
    const SET: &str = "A variable set in this command can't be checked before it runs";
    let one = |part: &str| {
        format!(
            "This Bash command contains multiple operations. The following part requires \
             approval: {part}"
        )
    };
    let message =
        |ctx: &PermissionContext, line: &str| match check_bash(line, Path::new("/ws"), ctx) {
            ToolPermission::Ask { message, .. } => message,
            other => panic!("{line}: {other:?}"),
        };
    let mut ruled = PermissionContext::new("/ws", PermissionMode::Default);
    ruled
        .rules
        .add(RuleBehavior::Allow, RuleSource::CliArg, "Bash(echo:*)")
        .unwrap();
    assert_eq!(message(&ruled, "x=1; echo $x; echo b"), SET);
    assert_eq!(message(&ruled, "x=1; echo $x"), SET);
    assert_eq!(message(&ruled, "x=1; echo $x; ls"), one("ls"));
    let edits = PermissionContext::new("/ws", PermissionMode::AcceptEdits);
    assert_eq!(message(&edits, "x=1; touch a.txt; echo b"), one("echo b"));
    assert_eq!(message(&edits, "x=1; rm -rf src; echo b"), one("echo b"));
    assert_eq!(message(&edits, "x=1; touch a.txt"), SET);
    assert_eq!(message(&edits, "x=1; mkdir d; touch d/a"), SET);
    // A command that only reads still needs approval after an assignment.
    assert_eq!(
        message(&edits, "x=1; echo $x"),
        "This command requires approval"
    );
}

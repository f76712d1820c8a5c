//! Reads outside the working directories, as the reference refuses them and what it offers
//! (recorded in `tests/conformance/fuzz-a/`: fa_rd_*).

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
    ] {
        assert!(is_read_only(c), "{c}");
    }
    for c in ["uniq a", "awk 1 a", "xargs cat", "less a"] {
        assert!(!is_read_only(c), "{c}");
    }
}

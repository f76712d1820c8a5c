//! Permission questions answered in the terminal, as the Rust face's `can_use_tool` callback.
//!
//! ```text
//! ● Bash(rm notes.txt)
//!   Allow Bash(rm notes.txt)?
//!     y  yes, once
//!     a  yes, and for this session: Bash(rm:*)
//!     n  no
//!   › y
//! ```
//!
//! `n` (or the end of stdin) denies the call, and the model reads the denial.

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::sync::Arc;

use oxagent::{CanUseTool, CanUseToolRequest, PermissionResult, PermissionUpdate};
use serde_json::Value;

use crate::render::style::Style;

/// The message the model reads when the user says no.
pub const DENIED: &str =
    "The user said no to this tool call. Ask them how to go on, or try another way.";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Choice {
    Once,
    Always,
    No,
}

/// A `can_use_tool` callback that asks on stderr and reads the answer from stdin.
pub fn ask_in_terminal(style: Style, cwd: Option<PathBuf>) -> CanUseTool {
    Arc::new(
        move |name: String, input: Value, request: CanUseToolRequest| {
            let cwd = cwd.clone();
            Box::pin(async move {
                let offered = request.permission_suggestions.unwrap_or_default();
                let always = describe(&offered);
                let label = crate::render::brief::call_label(&name, &input, cwd.as_deref());
                let mut question = format!("  {}\n", style.yellow(&format!("Allow {label}?")));
                if let Some(reason) = &request.decision_reason {
                    question.push_str(&format!("  {}\n", style.dim(reason)));
                }
                question.push_str(&format!("    {}  yes, once\n", style.bold("y")));
                if let Some(rules) = &always {
                    question.push_str(&format!(
                        "    {}  yes, and for this session: {rules}\n",
                        style.bold("a")
                    ));
                }
                question.push_str(&format!("    {}  no\n", style.bold("n")));
                let has_always = always.is_some();
                let choice = tokio::task::spawn_blocking(move || ask(&question, has_always))
                    .await
                    .unwrap_or(Choice::No);
                answer(choice, offered)
            })
        },
    )
}

/// The session rules the suggestions would add, in rule syntax; none when there are none.
fn describe(suggestions: &[PermissionUpdate]) -> Option<String> {
    let mut parts = Vec::new();
    for s in suggestions {
        let v = serde_json::to_value(s).unwrap_or(Value::Null);
        if let Some(rules) = v.get("rules").and_then(Value::as_array) {
            for r in rules {
                let tool = r.get("toolName").and_then(Value::as_str).unwrap_or("");
                parts.push(match r.get("ruleContent").and_then(Value::as_str) {
                    Some(c) => format!("{tool}({c})"),
                    None => tool.to_string(),
                });
            }
        } else if let Some(mode) = v.get("mode").and_then(Value::as_str) {
            parts.push(format!("mode {mode}"));
        } else if let Some(dirs) = v.get("directories").and_then(Value::as_array) {
            for d in dirs.iter().filter_map(Value::as_str) {
                parts.push(format!("access to {d}"));
            }
        }
    }
    (!suggestions.is_empty()).then(|| {
        if parts.is_empty() {
            "calls like this".to_string()
        } else {
            parts.join(", ")
        }
    })
}

/// Asks until the answer is one of the choices; the end of stdin is a no.
fn ask(question: &str, has_always: bool) -> Choice {
    let stdin = std::io::stdin();
    loop {
        let mut err = std::io::stderr().lock();
        let _ = write!(err, "{question}  › ");
        let _ = err.flush();
        drop(err);
        let mut line = String::new();
        match stdin.lock().read_line(&mut line) {
            Ok(0) | Err(_) => return Choice::No,
            Ok(_) => {}
        }
        if let Some(choice) = parse(&line, has_always) {
            return choice;
        }
    }
}

fn parse(line: &str, has_always: bool) -> Option<Choice> {
    match line.trim().to_lowercase().as_str() {
        "y" | "yes" => Some(Choice::Once),
        "a" | "always" if has_always => Some(Choice::Always),
        "n" | "no" => Some(Choice::No),
        _ => None,
    }
}

fn answer(choice: Choice, suggestions: Vec<PermissionUpdate>) -> PermissionResult {
    match choice {
        Choice::Once => PermissionResult::Allow {
            updated_input: None,
            updated_permissions: Vec::new(),
        },
        Choice::Always => PermissionResult::Allow {
            updated_input: None,
            updated_permissions: suggestions.into_iter().map(for_session).collect(),
        },
        Choice::No => PermissionResult::Deny {
            message: DENIED.to_string(),
            interrupt: false,
        },
    }
}

/// The same change, kept for this session only (a suggestion may name a settings file).
fn for_session(update: PermissionUpdate) -> PermissionUpdate {
    let mut v = serde_json::to_value(&update).unwrap_or(Value::Null);
    if let Some(o) = v.as_object_mut() {
        o.insert("destination".into(), "session".into());
    }
    serde_json::from_value(v).unwrap_or(update)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn answers_are_read_leniently() {
        assert_eq!(parse("y\n", false), Some(Choice::Once));
        assert_eq!(parse(" YES \r\n", false), Some(Choice::Once));
        assert_eq!(parse("a\n", true), Some(Choice::Always));
        assert_eq!(parse("a\n", false), None);
        assert_eq!(parse("n\n", true), Some(Choice::No));
        assert_eq!(parse("\n", true), None);
    }

    #[test]
    fn always_keeps_the_suggested_rules_for_the_session() {
        let suggestion: PermissionUpdate = serde_json::from_value(json!({"type": "addRules",
            "rules": [{"toolName": "Bash", "ruleContent": "rm:*"}], "behavior": "allow",
            "destination": "localSettings"}))
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            describe(std::slice::from_ref(&suggestion)).as_deref(),
            Some("Bash(rm:*)")
        );
        let PermissionResult::Allow {
            updated_permissions,
            ..
        } = answer(Choice::Always, vec![suggestion])
        else {
            panic!("not allowed");
        };
        assert_eq!(updated_permissions[0].destination(), Some("session"));
    }
}

//! Calls naming a path a `Read(...)` deny rule covers (`tests/conformance/denyrules/`).

use serde_json::{json, Value};

use super::evaluate::{evaluate, Outcome};
use super::PermissionContext;
use crate::config::PermissionMode;
use crate::rules::{RuleBehavior, RuleSource};
use crate::tool::{Tool, ToolContext, ToolOutput};

/// A tool of any name whose permission alone is evaluated.
struct Named(&'static str);
impl Tool for Named {
    fn name(&self) -> &str {
        self.0
    }
    fn description(&self) -> String {
        String::new()
    }
    fn input_schema(&self) -> Value {
        json!({})
    }
    fn call<'a>(
        &'a self,
        _: Value,
        _: &'a ToolContext,
    ) -> futures::future::BoxFuture<'a, ToolOutput> {
        Box::pin(async { ToolOutput::error("a permission-only test double") })
    }
}

fn ctx(cwd: &std::path::Path, rules: &[&str]) -> PermissionContext {
    let mut ctx = PermissionContext::new(cwd, PermissionMode::BypassPermissions);
    for r in rules {
        ctx.rules
            .add(RuleBehavior::Deny, RuleSource::ProjectSettings, r)
            .unwrap();
    }
    ctx
}

fn denial(outcome: Outcome) -> Option<String> {
    match outcome {
        Outcome::Deny(d) => Some(d.message),
        _ => None,
    }
}

#[test]
fn grep_glob_and_edit_path_rules_leave_reads_alone() {
    // dr_other_tools
    let ws = std::path::Path::new("/ws");
    let c = ctx(
        ws,
        &["Grep(**/.env)", "Glob(/secrets/**)", "Edit(/docs/**)"],
    );
    let read = evaluate(&Named("Read"), &json!({"file_path": "/ws/.env"}), &c, None);
    assert_eq!(read, Outcome::Allow);
    let grep = evaluate(
        &Named("Grep"),
        &json!({"pattern": "x", "path": "/ws/.env"}),
        &c,
        None,
    );
    assert_eq!(grep, Outcome::Allow);
    let glob = evaluate(
        &Named("Glob"),
        &json!({"pattern": "*", "path": "/ws/secrets"}),
        &c,
        None,
    );
    assert_eq!(glob, Outcome::Allow);
}

#[test]
fn a_read_through_a_link_into_a_denied_folder_is_refused_as_a_search() {
    // dr_symlink
    let dir = std::env::temp_dir().join(format!("oxagent-deny-{}", std::process::id()));
    let ws = dir.join("ws");
    std::fs::create_dir_all(ws.join("secrets")).unwrap();
    std::fs::write(ws.join("secrets/key.txt"), "k\n").unwrap();
    let _ = std::os::unix::fs::symlink(ws.join("secrets"), ws.join("link_dir"));
    let c = ctx(&ws, &["Read(/secrets/**)"]);
    let linked = ws.join("link_dir/key.txt");
    let through = evaluate(&Named("Read"), &json!({"file_path": linked}), &c, None);
    assert_eq!(
        denial(through).as_deref(),
        Some(format!("Permission to read {} has been denied.", linked.display()).as_str())
    );
    let direct = evaluate(
        &Named("Read"),
        &json!({"file_path": ws.join("secrets/key.txt")}),
        &c,
        None,
    );
    assert_eq!(
        direct,
        Outcome::ToolError(
            "<tool_use_error>File is in a directory that is denied by your permission settings.</tool_use_error>"
                .into()
        )
    );
    let _ = std::fs::remove_dir_all(&dir);
}

//! Plan mode, leaving it and entering it (`tests/conformance/surface2/plan_mode_*`), run
//! through the Rust facade and compared with the official TypeScript SDK's traces: the
//! `status` messages that announce each switch, the tool results, which calls reach
//! can_use_tool, and the files that the edits wrote.
//!
//! Two fields differ on purpose (the scenarios' `compare_ignore` says why): the guidance
//! EnterPlanMode's result gives the model past its first sentence, which we word ourselves,
//! and the plan file's name.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::scenario;

fn check(name: &str, known: &[&str]) -> Vec<serde_json::Value> {
    let (mut diffs, ours) = scenario::differences(&format!("surface2/{name}"));
    diffs.retain(|d| !known.iter().any(|k| d.starts_with(k)));
    assert!(
        diffs.is_empty(),
        "{name}: {} difference(s) from the reference\n{}\n--- ours:\n{}",
        diffs.len(),
        diffs.join("\n"),
        serde_json::to_string_pretty(&ours).unwrap()
    );
    ours
}

#[test]
fn plan_mode_exit() {
    let ours = check("plan_mode_exit", &["messages[5].tool_use_result.filePath"]);
    // The plan file is the session's own, under the session's home.
    let path = ours[5]["tool_use_result"]["filePath"].as_str().unwrap();
    assert!(
        path.contains("/.claude/plans/") && path.ends_with(".md"),
        "{path}"
    );
}

#[test]
fn plan_mode_enter() {
    let ours = check("plan_mode_enter", &["messages[3].content[0].content"]);
    let text = ours[3]["content"][0]["content"].as_str().unwrap();
    assert!(
        text.starts_with(
            "Entered plan mode. You should now focus on exploring the codebase and designing an \
             implementation approach.\n\n"
        ),
        "{text}"
    );
}

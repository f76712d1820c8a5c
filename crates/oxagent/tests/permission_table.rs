//! The permission table: every tool call of the permission scenarios, decided by our rule
//! engine and compared with the decision the reference SDK recorded for it.
//!
//! Each scenario (`tests/conformance/scenarios/permission_adv_*` with their `golden-ts`
//! traces, and `tests/conformance/permissions/*` with their `golden` traces) is a rule set and
//! a mode; its trace's `tool_decisions` list every call with the reference's outcome and
//! text. A case passes when we deny exactly the calls the reference denied, with the same text
//! and the same `decision_reason_type`, and let the others run. The workspace of each
//! scenario is laid out for real (symlinks included), since path decisions depend on it.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::permission_table_support;

use permission_table_support::{run_table, TableReport};

const SHARED: &[&str] = &[
    "permission_adv_npm_default",
    "permission_adv_npm_dontAsk",
    "permission_adv_git_status_exact",
    "permission_adv_rm_deny_bypass",
    "permission_adv_paths_default",
    "permission_adv_paths_deny_rules_acceptEdits",
    "permission_adv_paths_read_rule_dontAsk",
];

const OWN: &[&str] = &[
    "perm_npm_acceptEdits",
    "perm_npm_plan",
    "perm_rm_acceptEdits",
    "perm_more_default",
    "perm_more_dontAsk_ls",
    "perm_settings_project",
    "perm_bypass_ask",
    "perm_auto",
    "perm_esc_rm_bypass",
    "perm_esc_rm_acceptEdits",
    "perm_esc_paths_bypass",
    "perm_esc_git_default",
];

/// Calls of the scenarios shared with the conformance suite where we knowingly refuse what
/// the reference runs, with the reason (see docs/permissions-vs-reference.md). The
/// scenarios of `tests/conformance/permissions/` carry theirs in a `deliberate` map.
const KNOWN_DIFFERENCES: &[(&str, &str, &str)] = &[
    ("perm_more_default", "toolu_32", "computed-code"),
    ("permission_adv_rm_deny_bypass", "toolu_08", "find-actions"),
    ("permission_adv_rm_deny_bypass", "toolu_20", "find-actions"),
    (
        "permission_adv_rm_deny_bypass",
        "toolu_21",
        "deleting-programs",
    ),
    ("permission_adv_rm_deny_bypass", "toolu_32", "inline-code"),
    (
        "permission_adv_rm_deny_bypass",
        "toolu_33",
        "deleting-programs",
    ),
    ("permission_adv_rm_deny_bypass", "toolu_36", "code-on-stdin"),
    ("perm_rm_acceptEdits", "toolu_20", "deleting-programs"),
];

/// The reasons a deliberate difference may give, each a section of the document.
const REASONS: &[&str] = &[
    "find-actions",
    "deleting-programs",
    "inline-code",
    "code-on-stdin",
    "shell-text",
    "computed-code",
    "wrappers",
    "paths",
    "words",
];

#[test]
fn decisions_match_the_reference() {
    let TableReport {
        cases,
        bash_cases,
        mismatches,
        we_refuse,
        mut deliberate,
    } = run_table(SHARED, OWN);
    deliberate.extend(
        KNOWN_DIFFERENCES
            .iter()
            .map(|(s, id, why)| (format!("{s}/{id}"), why.to_string())),
    );
    for (key, why) in &deliberate {
        assert!(
            REASONS.contains(&why.as_str()),
            "{key}: unknown reason {why}"
        );
        // A deliberate difference is a refusal of ours, and it must still differ.
        assert!(
            we_refuse.contains(key),
            "{key} is listed as a deliberate difference ({why}), but we do not refuse it or the reference agrees"
        );
    }
    let unexpected: Vec<&String> = mismatches
        .iter()
        .filter(|(key, _)| !deliberate.iter().any(|(k, _)| k == key))
        .map(|(_, text)| text)
        .collect();
    eprintln!(
        "{cases} cases ({bash_cases} Bash), {} differ from the reference ({} known)",
        mismatches.len(),
        mismatches.len() - unexpected.len()
    );
    assert!(cases >= 200 && bash_cases >= 100, "the table is too small");
    assert!(
        cases >= 600,
        "the escape scenarios are missing: {cases} cases"
    );
    assert!(
        unexpected.is_empty(),
        "{} decision(s) differ from the reference:\n{}",
        unexpected.len(),
        unexpected
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
}

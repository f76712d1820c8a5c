use super::*;
use serde_json::json;

fn issues(doc: Value) -> Vec<(String, String, bool)> {
    let Value::Object(mut doc) = doc else {
        panic!("not an object")
    };
    check(&mut doc)
        .into_iter()
        .map(|i| (i.path, i.message, i.warning))
        .collect()
}

fn error(path: &str, message: &str) -> (String, String, bool) {
    (path.into(), message.into(), false)
}

#[test]
fn a_value_of_another_type_is_an_error() {
    assert_eq!(
        issues(json!({"model": 5})),
        [error("model", "Expected string, but received number")]
    );
    assert_eq!(
        issues(json!({"model": null})),
        [error("model", "Expected string, but received null")]
    );
    assert_eq!(
        issues(json!({"availableModels": "x"})),
        [error(
            "availableModels",
            "Expected array, but received string"
        )]
    );
    assert_eq!(
        issues(json!({"env": "x"})),
        [error("env", "Expected record, but received string")]
    );
    assert_eq!(
        issues(json!({"statusLine": 5})),
        [error("statusLine", "Expected object, but received number")]
    );
    assert!(issues(json!({"env": {"A": 5, "B": null}, "unknownKey": 1})).is_empty());
}

#[test]
fn enums_and_numbers() {
    assert_eq!(
        issues(json!({"defaultShell": "zsh"})),
        [error(
            "defaultShell",
            "Invalid value. Expected one of: \"bash\", \"powershell\""
        )]
    );
    assert_eq!(
        issues(json!({"permissions": {"defaultMode": true}}))[0].1,
        "Invalid value. Expected one of: \"acceptEdits\", \"auto\", \"bypassPermissions\", \"default\", \"dontAsk\", \"plan\""
    );
    assert_eq!(
        issues(json!({"cleanupPeriodDays": 0})),
        [error(
            "cleanupPeriodDays",
            "Number must be greater than or equal to 0"
        )]
    );
    assert_eq!(
        issues(json!({"cleanupPeriodDays": 1.5})),
        [error(
            "cleanupPeriodDays",
            "Expected int, but received number"
        )]
    );
    // A value the reference sets aside silently is no error.
    assert!(issues(json!({"bashOutputMaxChars": "x"})).is_empty());
}

#[test]
fn errors_come_in_the_schemas_order() {
    let got = issues(json!({"model": 5, "respectGitignore": "no"}));
    assert_eq!(got[0].0, "respectGitignore");
    assert_eq!(got[1].0, "model");
}

#[test]
fn bad_permission_rules_are_dropped_with_a_warning() {
    let mut doc = json!({"permissions": {"allow": [5, "Bash((", "Read"]}})
        .as_object()
        .unwrap()
        .clone();
    let got = check(&mut doc);
    assert!(got
        .iter()
        .all(|i| i.warning && i.path == "permissions.allow"));
    assert_eq!(
        got[0].message,
        "Non-string value in allow array was removed"
    );
    assert_eq!(
        got[1].message,
        "Invalid permission rule \"Bash((\" was skipped: Malformed Tool(content) rule. Rules take the form Tool or Tool(content) and must end at the closing \")\"; parentheses inside the content are literal"
    );
    assert_eq!(doc["permissions"]["allow"], json!(["Read"]));
}

#[test]
fn rule_problems() {
    assert_eq!(rule_problem("Bash(git *)"), None);
    assert_eq!(rule_problem("mcp__srv"), None);
    assert_eq!(
        rule_problem("Bash()").unwrap(),
        "Empty parentheses. Either specify a pattern or use just \"Bash\" without parentheses"
    );
    assert_eq!(
        rule_problem("bash").unwrap(),
        "Tool names must start with uppercase. Use \"Bash\""
    );
    assert!(rule_problem("mcp__srv__tool(x)")
        .unwrap()
        .starts_with("MCP rules do not support patterns in parentheses. Use \"mcp__srv__tool\""));
}

#[test]
fn hooks_that_are_not_an_object_are_set_aside() {
    let got = issues(json!({"hooks": "x"}));
    assert_eq!(
        got,
        [(
            "hooks".into(),
            "\"hooks\" must be an object mapping event names to matcher arrays; received string. This field was ignored.".into(),
            true
        )]
    );
}

#[test]
fn records_and_attribution() {
    assert_eq!(
        issues(json!({"skillOverrides": {"x": "bad"}})),
        [error(
            "skillOverrides.x",
            "Invalid value. Expected one of: \"on\", \"name-only\", \"user-invocable-only\", \"off\""
        )]
    );
    assert_eq!(
        issues(json!({"enabledPlugins": 5, "attribution": "x"})),
        [
            error("attribution", "Expected false, true, or an object such as { \"commit\": \"\", \"pr\": \"\" }, but received string"),
            error("enabledPlugins", "Expected record, but received number"),
        ]
    );
    assert!(issues(json!({"attribution": false})).is_empty());
}

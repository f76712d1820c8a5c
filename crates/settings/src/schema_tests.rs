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

fn hooks(h: Value) -> Vec<(String, String, bool)> {
    issues(json!({ "hooks": h }))
}

#[test]
fn a_bad_entry_of_another_event_is_dropped_with_a_warning() {
    let mut doc = json!({"hooks": {
        "PostToolUse": [{"hooks": [{"type": "command"}, {"type": "command", "command": "x"}]},
                        {"matcher": 5, "hooks": []}],
        "Stop": [{"hooks": "x"}],
        "NotAnEvent": [],
    }})
    .as_object()
    .unwrap()
    .clone();
    let got: Vec<(String, String)> = check(&mut doc)
        .into_iter()
        .inspect(|i| assert!(i.warning))
        .map(|i| (i.path, i.message))
        .collect();
    // In the file's order of events.
    assert_eq!(
        got[..3],
        [
            ("hooks.PostToolUse.0.hooks.0".into(), "Invalid command hook (command: Invalid input: expected string, received undefined); entry ignored.".into()),
            ("hooks.PostToolUse.1".into(), "Invalid hook matcher (matcher: Invalid input: expected string, received number); matcher ignored.".into()),
            ("hooks.Stop.0".into(), "Hook matcher \"hooks\" must be an array of hook entries; received a string; matcher ignored.".into()),
        ]
    );
    assert_eq!(got[3].0, "hooks.NotAnEvent");
    assert!(got[3]
        .1
        .starts_with("Unknown hook event \"NotAnEvent\" was ignored. Valid events: PreToolUse, "));
    assert!(got[3].1.ends_with("CwdChanged,"), "{}", got[3].1);
    // What is left loads: the good command hook only.
    assert_eq!(
        doc["hooks"],
        json!({"PostToolUse": [{"hooks": [{"type": "command", "command": "x"}]}], "Stop": []})
    );
}

#[test]
fn a_bad_guard_keeps_the_file_out() {
    let guard = " \u{2014} a PreToolUse/PermissionRequest hook that cannot be loaded may be what guards the permissions declared beside it, so nothing it sits in is applied until the entry is fixed or removed.";
    assert_eq!(
        hooks(json!({"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "bogus"}]}]})),
        [
            error("hooks.PreToolUse.0.hooks.0.type", &format!("Unknown hook type \"bogus\"{guard} Valid types: command, prompt, agent, http, mcp_tool")),
            error("hooks.PreToolUse.0.hooks.0.type", "Invalid discriminator value. Expected 'command' | 'prompt' | 'agent' | 'http' | 'mcp_tool'"),
        ]
    );
    assert_eq!(
        hooks(json!({"PermissionRequest": [{"hooks": [{"type": "command", "command": "x", "timeout": "5"}]}]})),
        [
            error("hooks.PermissionRequest.0.hooks.0", &format!("Invalid command hook (timeout: Invalid input: expected number, received string){guard}")),
            error("hooks.PermissionRequest.0.hooks.0.timeout", "Expected number, but received string"),
        ]
    );
    assert_eq!(
        hooks(json!({"PreToolUse": "x"})),
        [
            error("hooks.PreToolUse", &format!("Hook event \"PreToolUse\" must be an array of matchers; received string{guard}")),
            error("hooks.PreToolUse", "Expected array, but received string"),
        ]
    );
    assert!(hooks(json!({"PreToolUse": []})).is_empty());
}

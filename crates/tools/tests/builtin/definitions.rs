//! Pins what the model receives from each built-in tool, byte for byte: the request
//! definitions (`name`, `description`, `input_schema`, key order included), the label and
//! read-only flag of representative calls, the tools' own permission verdicts, and the error
//! results of inputs that do not parse. The expected values are the fixtures in
//! `tests/fixtures/`; after an intended change, regenerate them with
//!
//! ```text
//! UPDATE_TOOL_DEFINITIONS=1 cargo test -p oxagent-tools --test builtin definitions
//! ```
//!
//! and review the diff.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use oxagent_core::permission::{PermissionContext, ToolPermission};
use oxagent_core::signal::AbortSignal;
use oxagent_core::tool::{api_definition, Tool, ToolContext, ToolOutput, ToolRegistry};
use oxagent_core::PermissionMode;
use oxagent_tools::{builtin_tools, BuiltinConfig, BuiltinSet, DEFERRED_TOOL_NAMES};
use serde_json::{json, Value};

/// Compares `actual`, pretty-printed, with the fixture `name` (or rewrites the fixture when
/// `UPDATE_TOOL_DEFINITIONS` is set). Text, not `Value`, is compared: key order is part of
/// what the model receives.
fn assert_fixture(name: &str, actual: &Value) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name);
    let mut actual = format!("{}\n", serde_json::to_string_pretty(actual).unwrap());
    // Files under the home folder (the plan files) read `<HOME>`, whoever runs the tests.
    if let Some(home) = std::env::var("HOME").ok().filter(|h| h.len() > 1) {
        actual = actual.replace(&format!("\"{home}/"), "\"<HOME>/");
    }
    if std::env::var_os("UPDATE_TOOL_DEFINITIONS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; create it with UPDATE_TOOL_DEFINITIONS=1",
            path.display()
        )
    });
    if expected != actual {
        let first = expected
            .lines()
            .zip(actual.lines())
            .position(|(e, a)| e != a)
            .unwrap_or(expected.lines().count().min(actual.lines().count()));
        panic!(
            "{} differs from the tools' output from line {} on:\nexpected: {:?}\nactual:   {:?}\n\
             (UPDATE_TOOL_DEFINITIONS=1 rewrites it after an intended change)",
            path.display(),
            first + 1,
            expected.lines().nth(first),
            actual.lines().nth(first)
        );
    }
}

#[test]
fn tool_definitions_are_pinned() {
    let definitions: Vec<Value> = builtin_tools(&BuiltinConfig::default())
        .iter()
        .map(|t| api_definition(t.as_ref()))
        .collect();

    // The descriptions that depend on the session: installed skills, deferred tools.
    let skills = tempfile::tempdir().unwrap();
    let dir = skills.path().join("release-notes");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("SKILL.md"),
        "---\nname: release-notes\ndescription: Drafts release notes\n---\nSummarize.\n",
    )
    .unwrap();
    let set = BuiltinSet::new(&BuiltinConfig {
        skill_roots: vec![skills.path().to_path_buf()],
        ..BuiltinConfig::default()
    });
    let mut registry = ToolRegistry::new(set.tools.clone());
    registry.defer(set.deferred.clone(), DEFERRED_TOOL_NAMES);
    let in_session: Vec<Value> = ["Skill", "ToolSearch"]
        .iter()
        .map(|name| api_definition(registry.get(name).unwrap().as_ref()))
        .collect();

    assert_fixture(
        "tool_definitions.json",
        &json!({"default_session": definitions, "with_skills_and_deferred_tools": in_session}),
    );
}

fn permission_json(p: ToolPermission) -> Value {
    match p {
        ToolPermission::Allow => json!("allow"),
        ToolPermission::Ask {
            message,
            blocked_path,
            suggestions,
            reason_type,
            ..
        } => json!({"ask": message, "blocked_path": blocked_path, "suggestions": suggestions,
            "reason_type": reason_type}),
        ToolPermission::Deny { message } => json!({"deny": message}),
    }
}

fn output_json(out: ToolOutput) -> Value {
    json!({"content": out.content, "is_error": out.is_error, "structured": out.structured})
}

/// Representative inputs of each tool: an empty one, one with only a `description`, and
/// typical calls.
fn sample_inputs(name: &str) -> Vec<Value> {
    let mut inputs = vec![json!({}), json!({"description": "Why this call"})];
    inputs.extend(match name {
        "AskUserQuestion" => vec![
            json!({"questions": [{"question": "Which database?"}, {"question": "Which port?"}]}),
        ],
        "Bash" => vec![
            json!({"command": "ls -la src", "description": "List the sources"}),
            json!({"command": "rm -rf build"}),
            json!({"command": "cat /etc/hosts"}),
        ],
        "Edit" | "Read" | "Write" => vec![
            json!({"file_path": "/nonexistent-root/ws/src/app.py"}),
            json!({"file_path": "/nonexistent-root/outside/x.txt"}),
            json!({"file_path": "notes.txt"}),
        ],
        "NotebookEdit" => vec![json!({"notebook_path": "/nonexistent-root/ws/a.ipynb"})],
        "Glob" | "Grep" => vec![
            json!({"pattern": "**/*.rs"}),
            json!({"pattern": "fn main", "path": "/nonexistent-root/outside"}),
        ],
        "Skill" => vec![json!({"skill": "release-notes"})],
        "TaskCreate" => vec![json!({"subject": "Write tests", "description": "All pass"})],
        "TaskGet" | "TaskUpdate" => vec![json!({"taskId": "1"})],
        "TaskStop" => vec![json!({"task_id": "b1"}), json!({"shell_id": "b2"})],
        "ToolSearch" => vec![json!({"query": "select:WebFetch"})],
        "WebFetch" => vec![json!({"url": "https://example.com/", "prompt": "Title?"})],
        "WebSearch" => vec![json!({"query": "rust editions"})],
        _ => vec![],
    });
    inputs
}

/// Inputs that do not fit the schema: the wrong JSON type, required fields missing, and
/// every property given a value of the wrong type.
fn bad_inputs(tool: &dyn Tool) -> Vec<Value> {
    let wrong_types: serde_json::Map<String, Value> = tool.input_schema()["properties"]
        .as_object()
        .unwrap()
        .keys()
        .map(|k| (k.clone(), json!([["wrong"]])))
        .collect();
    vec![
        json!("not an object"),
        json!({}),
        Value::Object(wrong_types),
    ]
}

#[tokio::test]
async fn call_labels_permissions_and_input_errors_are_pinned() {
    let scratch = tempfile::tempdir().unwrap();
    let set = BuiltinSet::new(&BuiltinConfig {
        cwd: Some(PathBuf::from("/nonexistent-root/ws")),
        task_output_root: Some(scratch.path().join("tmp")),
        tool_results_root: Some(scratch.path().join("results")),
        ..BuiltinConfig::default()
    });
    let permission_ctx = PermissionContext::new("/nonexistent-root/ws", PermissionMode::Default);
    let call_ctx = ToolContext {
        session_id: "11111111-2222-3333-4444-555555555555".into(),
        tool_use_id: "toolu_01".into(),
        cwd: scratch.path().to_path_buf(),
        shell_dir: None,
        additional_directories: vec![],
        env: BTreeMap::new(),
        abort: AbortSignal::new(),
        agent_id: None,
        prompt_id: None,
        conversation: None,
        read_denied: Vec::new(),
        permission_mode: Default::default(),
    };
    let mut pinned = serde_json::Map::new();
    for tool in &set.tools {
        let samples: Vec<Value> = sample_inputs(tool.name())
            .into_iter()
            .map(|input| {
                json!({
                    "input": input,
                    "describe_call": tool.describe_call(&input),
                    "is_read_only": tool.is_read_only(&input),
                    "check_permission": permission_json(tool.check_permission(&input, &permission_ctx)),
                })
            })
            .collect();
        let mut errors = Vec::new();
        for input in bad_inputs(tool.as_ref()) {
            let out = tool.call(input.clone(), &call_ctx).await;
            errors.push(json!({"input": input, "output": output_json(out)}));
        }
        pinned.insert(
            tool.name().to_string(),
            json!({
                "validates_own_input": tool.validates_own_input(),
                "checks_disk_first": tool.checks_disk_first(),
                "calls": samples,
                "bad_inputs": errors,
            }),
        );
    }
    assert_fixture("tool_calls.json", &Value::Object(pinned));
}

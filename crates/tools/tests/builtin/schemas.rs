//! The input schemas are the interface contract: after removing our descriptions they must
//! equal the reference's wire schemas (ts-api-tool-schemas.json, which has descriptions
//! stripped).

use oxagent_tools::{builtin_tools, BuiltinConfig, ALL_TOOL_NAMES, DEFAULT_TOOL_NAMES};
use serde_json::{json, Value};

fn contract() -> Value {
    json!({
        "Bash": {"type": "object", "properties": {"command": {"type": "string"}, "timeout": {"type": "number"}, "run_in_background": {"type": "boolean"}, "dangerouslyDisableSandbox": {"type": "boolean"}}, "required": ["command"], "additionalProperties": false},
        "Edit": {"type": "object", "properties": {"file_path": {"type": "string"}, "old_string": {"type": "string"}, "new_string": {"type": "string"}, "replace_all": {"default": false, "type": "boolean"}}, "required": ["file_path", "old_string", "new_string"], "additionalProperties": false},
        "Glob": {"type": "object", "properties": {"pattern": {"type": "string"}, "path": {"type": "string"}}, "required": ["pattern"], "additionalProperties": false},
        "Grep": {"type": "object", "properties": {"pattern": {"type": "string"}, "path": {"type": "string"}, "glob": {"type": "string"}, "output_mode": {"type": "string", "enum": ["content", "files_with_matches", "count"]}, "-B": {"type": "number"}, "-A": {"type": "number"}, "-C": {"type": "number"}, "context": {"type": "number"}, "-n": {"type": "boolean"}, "-i": {"type": "boolean"}, "-o": {"type": "boolean"}, "type": {"type": "string"}, "head_limit": {"type": "number"}, "offset": {"type": "number"}, "multiline": {"type": "boolean"}}, "required": ["pattern"], "additionalProperties": false},
        "Read": {"type": "object", "properties": {"file_path": {"type": "string"}, "offset": {"type": "integer", "minimum": 0, "maximum": 9007199254740991u64}, "limit": {"type": "integer", "exclusiveMinimum": 0, "maximum": 9007199254740991u64}, "pages": {"type": "string"}, "allow_large": {"type": "boolean"}}, "required": ["file_path"], "additionalProperties": false},
        "TaskStop": {"type": "object", "properties": {"task_id": {"type": "string"}, "shell_id": {"type": "string"}}, "additionalProperties": false},
        "Write": {"type": "object", "properties": {"file_path": {"type": "string"}, "content": {"type": "string"}}, "required": ["file_path", "content"], "additionalProperties": false}
    })
}

/// Drops documentation: every `description` whose value is text (a property that happens to
/// be named `description` is an object and stays).
fn strip_descriptions(v: &mut Value) {
    match v {
        Value::Object(map) => {
            map.retain(|k, v| !(k == "description" && v.is_string()));
            map.values_mut().for_each(strip_descriptions);
        }
        Value::Array(items) => items.iter_mut().for_each(strip_descriptions),
        _ => {}
    }
}

#[test]
fn schemas_match_the_contract() {
    let contract = contract();
    for tool in builtin_tools(&BuiltinConfig::default()) {
        let mut schema = tool.input_schema();
        strip_descriptions(&mut schema);
        let mut expected = contract[tool.name()].clone();
        if tool.name() == "Bash" {
            // The captured contract lost Bash's `description` property to the same stripping
            // (the reference accepts it: every Bash call in the goldens has one).
            let props = expected["properties"].as_object_mut().unwrap();
            let mut with_description = serde_json::Map::new();
            for (k, v) in props.iter() {
                with_description.insert(k.clone(), v.clone());
                if k == "timeout" {
                    with_description.insert("description".into(), json!({"type": "string"}));
                }
            }
            *props = with_description;
        }
        assert_eq!(schema, expected, "{}", tool.name());
        assert!(!tool.description().is_empty());
    }
}

#[test]
fn names_and_read_only_flags() {
    let tools = builtin_tools(&BuiltinConfig::default());
    let names: Vec<&str> = tools.iter().map(|t| t.name()).collect();
    assert_eq!(names, ALL_TOOL_NAMES);
    assert_eq!(
        DEFAULT_TOOL_NAMES,
        ["Bash", "Edit", "Read", "TaskStop", "Write"]
    );
    let read_only: Vec<&str> = tools
        .iter()
        .filter(|t| t.is_read_only(&json!({})))
        .map(|t| t.name())
        .collect();
    assert_eq!(read_only, ["Glob", "Grep", "Read"]);
}

//! The input schemas are the interface contract: after removing our descriptions they must
//! equal the reference's wire schemas (ts-api-tool-schemas.json, which has descriptions
//! stripped).

use oxagent_tools::{
    builtin_tools, default_tool_names, BuiltinConfig, ALL_TOOL_NAMES, DEFAULT_TOOL_NAMES,
};
use serde_json::{json, Value};

fn contract() -> Value {
    json!({
        "Bash": {"type": "object", "properties": {"command": {"type": "string"}, "timeout": {"type": "number"}, "run_in_background": {"type": "boolean"}, "dangerouslyDisableSandbox": {"type": "boolean"}}, "required": ["command"], "additionalProperties": false},
        "CronCreate": {"type": "object", "properties": {"cron": {"type": "string"}, "prompt": {"type": "string"}, "recurring": {"type": "boolean"}, "durable": {"type": "boolean"}}, "required": ["cron", "prompt"], "additionalProperties": false},
        "CronDelete": {"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"], "additionalProperties": false},
        "CronList": {"type": "object", "properties": {}, "additionalProperties": false},
        "EnterWorktree": {"type": "object", "properties": {"name": {"type": "string"}, "path": {"type": "string"}}, "additionalProperties": false},
        "ExitWorktree": {"type": "object", "properties": {"action": {"type": "string", "enum": ["keep", "remove"]}, "discard_changes": {"type": "boolean"}}, "required": ["action"], "additionalProperties": false},
        "Monitor": {"type": "object", "properties": {"description": {"type": "string"}, "timeout_ms": {"default": 300000, "type": "number", "minimum": 1000, "maximum": 3600000}, "command": {"type": "string"}, "ws": {"type": "object", "properties": {"url": {"type": "string"}, "protocols": {"type": "array", "items": {"type": "string", "pattern": "^[!#$%&'*+.^_`|~0-9A-Za-z-]+$"}}}, "required": ["url"], "additionalProperties": false}}, "required": ["description", "timeout_ms"], "additionalProperties": false},
        "Edit": {"type": "object", "properties": {"file_path": {"type": "string"}, "old_string": {"type": "string"}, "new_string": {"type": "string"}, "replace_all": {"default": false, "type": "boolean"}}, "required": ["file_path", "old_string", "new_string"], "additionalProperties": false},
        "EnterPlanMode": {"type": "object", "properties": {}, "additionalProperties": false},
        "ExitPlanMode": {"type": "object", "properties": {"allowedPrompts": {"type": "array", "items": {"type": "object", "properties": {"tool": {"type": "string", "enum": ["Bash"]}, "prompt": {"type": "string"}}, "required": ["tool", "prompt"], "additionalProperties": false}}}, "additionalProperties": {}},
        "Glob": {"type": "object", "properties": {"pattern": {"type": "string"}, "path": {"type": "string"}}, "required": ["pattern"], "additionalProperties": false},
        "Grep": {"type": "object", "properties": {"pattern": {"type": "string"}, "path": {"type": "string"}, "glob": {"type": "string"}, "output_mode": {"type": "string", "enum": ["content", "files_with_matches", "count"]}, "-B": {"type": "number"}, "-A": {"type": "number"}, "-C": {"type": "number"}, "context": {"type": "number"}, "-n": {"type": "boolean"}, "-i": {"type": "boolean"}, "-o": {"type": "boolean"}, "type": {"type": "string"}, "head_limit": {"type": "number"}, "offset": {"type": "number"}, "multiline": {"type": "boolean"}}, "required": ["pattern"], "additionalProperties": false},
        "Read": {"type": "object", "properties": {"file_path": {"type": "string"}, "offset": {"type": "integer", "minimum": 0, "maximum": 9007199254740991u64}, "limit": {"type": "integer", "exclusiveMinimum": 0, "maximum": 9007199254740991u64}, "pages": {"type": "string"}, "allow_large": {"type": "boolean"}}, "required": ["file_path"], "additionalProperties": false},
        "TaskStop": {"type": "object", "properties": {"task_id": {"type": "string"}, "shell_id": {"type": "string"}}, "additionalProperties": false},
        "AskUserQuestion": {"type": "object", "properties": {"questions": {"minItems": 1, "maxItems": 4, "type": "array", "items": {"type": "object", "properties": {"question": {"type": "string"}, "header": {"type": "string"}, "options": {"minItems": 2, "maxItems": 4, "type": "array", "items": {"type": "object", "properties": {"label": {"type": "string"}, "preview": {"type": "string"}}, "required": ["label", "description"], "additionalProperties": false}}, "multiSelect": {"default": false, "type": "boolean"}}, "required": ["question", "header", "options", "multiSelect"], "additionalProperties": false}}, "answers": {"type": "object", "propertyNames": {"type": "string"}, "additionalProperties": {"type": "string"}}, "annotations": {"type": "object", "propertyNames": {"type": "string"}, "additionalProperties": {"type": "object", "properties": {"preview": {"type": "string"}, "notes": {"type": "string"}}, "additionalProperties": false}}, "metadata": {"type": "object", "properties": {"source": {"type": "string"}}, "additionalProperties": false}}, "required": ["questions"], "additionalProperties": false},
        "NotebookEdit": {"type": "object", "properties": {"notebook_path": {"type": "string"}, "cell_id": {"type": "string"}, "new_source": {"type": "string"}, "cell_type": {"type": "string", "enum": ["code", "markdown"]}, "edit_mode": {"type": "string", "enum": ["replace", "insert", "delete"]}}, "required": ["notebook_path", "new_source"], "additionalProperties": false},
        "Skill": {"type": "object", "properties": {"skill": {"type": "string"}, "args": {"type": "string"}}, "required": ["skill"], "additionalProperties": false},
        "TaskCreate": {"type": "object", "properties": {"subject": {"type": "string"}, "activeForm": {"type": "string"}, "metadata": {"type": "object", "propertyNames": {"type": "string"}, "additionalProperties": {}}}, "required": ["subject", "description"], "additionalProperties": false},
        "TaskGet": {"type": "object", "properties": {"taskId": {"type": "string"}}, "required": ["taskId"], "additionalProperties": false},
        "TaskList": {"type": "object", "properties": {}, "additionalProperties": false},
        "TaskUpdate": {"type": "object", "properties": {"taskId": {"type": "string"}, "subject": {"type": "string"}, "activeForm": {"type": "string"}, "status": {"anyOf": [{"type": "string", "enum": ["pending", "in_progress", "completed"]}, {"type": "string", "const": "deleted"}]}, "addBlocks": {"type": "array", "items": {"type": "string"}}, "addBlockedBy": {"type": "array", "items": {"type": "string"}}, "owner": {"type": "string"}, "metadata": {"type": "object", "propertyNames": {"type": "string"}, "additionalProperties": {}}}, "required": ["taskId"], "additionalProperties": false},
        "ToolSearch": {"type": "object", "properties": {"query": {"type": "string"}, "max_results": {"default": 5, "type": "number"}}, "required": ["query"], "additionalProperties": false},
        "WebFetch": {"type": "object", "properties": {"url": {"type": "string", "format": "uri"}, "prompt": {"type": "string"}, "offset": {"type": "integer", "minimum": 0, "maximum": 9007199254740991u64}}, "required": ["url", "prompt"], "additionalProperties": false},
        "WebSearch": {"type": "object", "properties": {"query": {"type": "string", "minLength": 2}, "allowed_domains": {"type": "array", "items": {"type": "string"}}, "blocked_domains": {"type": "array", "items": {"type": "string"}}}, "required": ["query"], "additionalProperties": false},
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
        // The captured contract lost the properties named `description` to the same
        // stripping; they are required (or, for Bash, present in every call of the goldens).
        let lost = match tool.name() {
            "Bash" | "TaskCreate" | "TaskUpdate" => Some("/properties"),
            "AskUserQuestion" => {
                Some("/properties/questions/items/properties/options/items/properties")
            }
            _ => None,
        };
        if let Some(at) = lost {
            expected
                .pointer_mut(at)
                .unwrap()
                .as_object_mut()
                .unwrap()
                .insert("description".into(), json!({"type": "string"}));
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
        [
            "Bash",
            "CronCreate",
            "CronDelete",
            "CronList",
            "Edit",
            "EnterWorktree",
            "ExitWorktree",
            "Monitor",
            "NotebookEdit",
            "Read",
            "Skill",
            "TaskStop",
            "ToolSearch",
            "WebFetch",
            "WebSearch",
            "Write"
        ]
    );
    assert_eq!(
        default_tool_names(true, "claude-sonnet-4-5", false),
        [
            "AskUserQuestion",
            "Bash",
            "CronCreate",
            "CronDelete",
            "CronList",
            "Edit",
            "EnterPlanMode",
            "EnterWorktree",
            "ExitPlanMode",
            "ExitWorktree",
            "Monitor",
            "NotebookEdit",
            "Read",
            "Skill",
            "TaskCreate",
            "TaskGet",
            "TaskList",
            "TaskStop",
            "TaskUpdate",
            "ToolSearch",
            "WebFetch",
            "WebSearch",
            "Write"
        ]
    );
    assert_eq!(
        default_tool_names(false, "claude-opus-5-5", true),
        [
            "Bash",
            "CronCreate",
            "CronDelete",
            "CronList",
            "Edit",
            "EnterWorktree",
            "ExitWorktree",
            "Glob",
            "Grep",
            "Monitor",
            "NotebookEdit",
            "Read",
            "Skill",
            "TaskStop",
            "ToolSearch",
            "WebFetch",
            "WebSearch",
            "Write"
        ]
    );
    let read_only: Vec<&str> = tools
        .iter()
        .filter(|t| t.is_read_only(&json!({})))
        .map(|t| t.name())
        .collect();
    assert_eq!(
        read_only,
        [
            "CronList",
            "Glob",
            "Grep",
            "Read",
            "Skill",
            "TaskGet",
            "TaskList",
            "ToolSearch",
            "WebFetch",
            "WebSearch"
        ]
    );
}

//! The TypeScript SDK's conventions (`createSdkMcpServer`, an `McpServer` of the MCP SDK).
//!
//! - `tools/list`: annotations as given, `execution: {taskSupport: "forbidden"}`, the tool's
//!   `_meta` (`anthropic/searchHint`, `anthropic/alwaysLoad`).
//! - arguments are checked by the face with the tool's zod schema; its issues come back as
//!   `MCP error -32602: Input validation error: Invalid arguments for tool add: [issues]`.
//! - a handler returns an MCP `CallToolResult`. It goes out as it is once it passes the MCP
//!   SDK's schema check; otherwise the call fails with that check's issues (a JSON-RPC error
//!   `MCP error -32602: Invalid tools/call result: [issues]`), worded as zod words them.

use oxagent_core::validate::received_kind as received;
use serde_json::{json, Value};

use super::error_result;
use crate::config::SdkToolDef;

/// The protocol versions the TS SDK's server accepts as asked.
pub(super) const PROTOCOL_VERSIONS: &[&str] = &[
    "2025-11-25",
    "2025-06-18",
    "2025-03-26",
    "2024-11-05",
    "2024-10-07",
];

pub(super) fn list_extras(entry: &mut Value, tool: &SdkToolDef) {
    if let Some(annotations) = tool.annotations.as_ref().filter(|a| !a.is_null()) {
        entry["annotations"] = annotations.clone();
    }
    entry["execution"] = json!({"taskSupport": "forbidden"});
    if let Some(meta) = tool.meta.as_ref().filter(|m| !m.is_null()) {
        entry["_meta"] = meta.clone();
    }
}

/// The reply to a request whose parameters miss a string `field` (an internal error, as the
/// MCP SDK's request schema check reports it).
pub(super) fn invalid_request(id: &Value, params: &Value, field: &str) -> Value {
    let issue = if params.is_object() {
        invalid_type(
            &["params".into(), field.into()],
            "string",
            params.get(field),
        )
    } else {
        invalid_type(
            &["params".into()],
            "object",
            Some(params).filter(|p| !p.is_null()),
        )
    };
    json!({"jsonrpc": "2.0", "id": id, "error": {"code": -32603, "message": pretty(&json!([issue]))}})
}

/// The `tools/call` result of a finished call; `Err` is the message of a JSON-RPC error.
pub(super) fn call_result(tool: &str, outcome: super::CallOutcome) -> Result<Value, String> {
    use super::CallOutcome::*;
    match outcome {
        Returned(result) => check_result(result.as_ref()).map_err(|issues| {
            format!(
                "MCP error -32602: Invalid tools/call result: {}",
                pretty(&Value::Array(issues))
            )
        }),
        Raised(text) => Ok(error_result(&text)),
        InvalidArguments(issues) => {
            let shown = match &issues {
                Value::String(s) => s.clone(),
                other => pretty(other),
            };
            Ok(error_result(&format!(
                "MCP error -32602: Input validation error: Invalid arguments for tool {tool}: {shown}"
            )))
        }
    }
}

/// JSON as `JSON.stringify(value, null, 2)` writes it (zod's error messages).
pub(crate) fn pretty(v: &Value) -> String {
    serde_json::to_string_pretty(v).unwrap_or_default()
}

type Path = Vec<Value>;

fn invalid_type(path: &[Value], expected: &str, got: Option<&Value>) -> Value {
    json!({
        "expected": expected,
        "code": "invalid_type",
        "path": path,
        "message": format!("Invalid input: expected {expected}, received {}", received(got)),
    })
}

fn at(path: &[Value], step: impl Into<Value>) -> Path {
    let mut p = path.to_vec();
    p.push(step.into());
    p
}

/// A handler's result checked as the MCP SDK checks a `CallToolResult`: the result to send
/// (`content` defaults to `[]`), or the issues found. The reference's client checks a
/// server's answer the same way (`client::stdio`).
pub(crate) fn check_result(result: Option<&Value>) -> Result<Value, Vec<Value>> {
    let Some(Value::Object(fields)) = result else {
        return Err(vec![invalid_type(&[], "object", result)]);
    };
    let mut issues = Vec::new();
    if let Some(meta) = fields.get("_meta").filter(|m| !m.is_object()) {
        issues.push(invalid_type(&["_meta".into()], "object", Some(meta)));
    }
    match fields.get("content") {
        None => {}
        Some(Value::Array(blocks)) => {
            for (i, block) in blocks.iter().enumerate() {
                let here = at(&["content".into()], i);
                if let Some(issue) = union(&here, Some(block), CONTENT) {
                    issues.push(issue);
                }
            }
        }
        Some(other) => issues.push(invalid_type(&["content".into()], "array", Some(other))),
    }
    if let Some(v) = fields.get("structuredContent").filter(|v| !v.is_object()) {
        issues.push(invalid_type(
            &["structuredContent".into()],
            "record",
            Some(v),
        ));
    }
    if let Some(v) = fields.get("isError").filter(|v| !v.is_boolean()) {
        issues.push(invalid_type(&["isError".into()], "boolean", Some(v)));
    }
    if !issues.is_empty() {
        return Err(issues);
    }
    let mut out = fields.clone();
    out.entry("content").or_insert_with(|| json!([]));
    Ok(Value::Object(out))
}

/// One field of an object schema.
enum Field {
    Literal(&'static str),
    Text,
    /// The resource of an embedded resource: text or blob contents.
    Contents,
}

type Shape = &'static [(&'static str, Field)];

/// The content block kinds, in the order of the MCP SDK's union.
const CONTENT: &[Shape] = &[
    &[("type", Field::Literal("text")), ("text", Field::Text)],
    &[
        ("type", Field::Literal("image")),
        ("data", Field::Text),
        ("mimeType", Field::Text),
    ],
    &[
        ("type", Field::Literal("audio")),
        ("data", Field::Text),
        ("mimeType", Field::Text),
    ],
    &[
        ("name", Field::Text),
        ("uri", Field::Text),
        ("type", Field::Literal("resource_link")),
    ],
    &[
        ("type", Field::Literal("resource")),
        ("resource", Field::Contents),
    ],
];

const CONTENTS: &[Shape] = &[
    &[("uri", Field::Text), ("text", Field::Text)],
    &[("uri", Field::Text), ("blob", Field::Text)],
];

/// zod's union: fine if one shape takes the value, else one `invalid_union` issue at `path`
/// with every shape's issues (their paths relative to the value).
fn union(path: &[Value], value: Option<&Value>, shapes: &[Shape]) -> Option<Value> {
    let mut errors = Vec::new();
    for shape in shapes {
        let issues = object(value, shape);
        if issues.is_empty() {
            return None;
        }
        errors.push(Value::Array(issues));
    }
    Some(
        json!({"code": "invalid_union", "errors": errors, "path": path, "message": "Invalid input"}),
    )
}

fn object(value: Option<&Value>, shape: Shape) -> Vec<Value> {
    let Some(Value::Object(fields)) = value else {
        return vec![invalid_type(&[], "object", value)];
    };
    let mut issues = Vec::new();
    for (name, field) in shape {
        let got = fields.get(*name);
        let path = [Value::from(*name)];
        match field {
            Field::Literal(expected) => {
                if got.and_then(Value::as_str) != Some(expected) {
                    issues.push(json!({
                        "code": "invalid_value",
                        "values": [expected],
                        "path": path,
                        "message": format!("Invalid input: expected \"{expected}\""),
                    }));
                }
            }
            Field::Text => {
                if !got.is_some_and(Value::is_string) {
                    issues.push(invalid_type(&path, "string", got));
                }
            }
            Field::Contents => issues.extend(union(&path, got, CONTENTS)),
        }
    }
    issues
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::super::CallOutcome;
    use super::*;

    #[test]
    fn results_pass_as_they_are() {
        let r = call_result(
            "t",
            CallOutcome::Returned(Some(
                json!({"content": [{"type": "text", "text": "x", "annotations": {}}], "other": 1}),
            )),
        );
        assert_eq!(
            r.unwrap(),
            json!({"content": [{"type": "text", "text": "x", "annotations": {}}], "other": 1})
        );
        let r = call_result("t", CallOutcome::Returned(Some(json!({"is_error": true}))));
        assert_eq!(r.unwrap(), json!({"is_error": true, "content": []}));
    }

    #[test]
    fn malformed_results_fail_with_zod_issues() {
        let r = call_result("t", CallOutcome::Returned(None)).unwrap_err();
        assert_eq!(
            r,
            "MCP error -32602: Invalid tools/call result: [\n  {\n    \"expected\": \"object\",\n    \"code\": \"invalid_type\",\n    \"path\": [],\n    \"message\": \"Invalid input: expected object, received undefined\"\n  }\n]"
        );
        let issues = check_result(Some(
            &json!({"content": [{"type": "resource_link", "uri": "u"}]}),
        ))
        .unwrap_err();
        assert_eq!(issues[0]["path"], json!(["content", 0]));
        assert_eq!(
            issues[0]["errors"][3],
            json!([invalid_type(&["name".into()], "string", None)])
        );
    }

    #[test]
    fn argument_issues_and_raised_errors() {
        let issues = json!([{"code": "custom", "path": ["n"], "message": "must be even"}]);
        let r = call_result("even", CallOutcome::InvalidArguments(issues)).unwrap();
        let text = r["content"][0]["text"].as_str().unwrap();
        assert!(
            text.starts_with(
                "MCP error -32602: Input validation error: Invalid arguments for tool even: [\n  {"
            ),
            "{text}"
        );
        assert_eq!(
            call_result("t", CallOutcome::Raised(String::new())).unwrap(),
            json!({"content": [{"type": "text", "text": ""}], "isError": true})
        );
    }
}

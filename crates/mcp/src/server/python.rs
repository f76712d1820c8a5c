//! The Python SDK's conventions (`create_sdk_mcp_server`).
//!
//! - `tools/list`: the five MCP hints of `annotations` (unset ones left out);
//!   `maxResultSizeChars` goes to `_meta["anthropic/maxResultSizeChars"]` instead.
//! - arguments are checked here against the tool's JSON Schema (jsonschema's wording):
//!   `Input validation error: 'b' is a required property`.
//! - a handler returns `{"content": [...], "is_error": bool}`; text and image blocks pass,
//!   resource links and text resources become text, other blocks are dropped. Anything else
//!   fails with the text Python's own error would have (`'NoneType' object has no attribute
//!   'get'`).

use serde_json::{json, Map, Value};

use super::pyrepr::{str_of, type_name};
use super::{error_result, jsonschema, CallOutcome, INVALID_PARAMS};
use crate::config::SdkToolDef;

/// The protocol versions the Python SDK's server accepts as asked.
pub(super) const PROTOCOL_VERSIONS: &[&str] =
    &["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"];

const HINTS: [&str; 5] = [
    "title",
    "readOnlyHint",
    "destructiveHint",
    "idempotentHint",
    "openWorldHint",
];

/// What the Python SDK's server answers to a request it cannot take (malformed parameters,
/// or a request before the handshake).
pub(super) fn invalid_params(id: &Value) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "error": {
        "code": INVALID_PARAMS, "message": "Invalid request parameters", "data": ""}})
}

pub(super) fn list_extras(entry: &mut Value, tool: &SdkToolDef) {
    let Some(annotations) = tool.annotations.as_ref().and_then(Value::as_object) else {
        return;
    };
    let hints: Map<String, Value> = HINTS
        .iter()
        .filter_map(|h| {
            annotations
                .get(*h)
                .filter(|v| !v.is_null())
                .map(|v| (h.to_string(), v.clone()))
        })
        .collect();
    entry["annotations"] = Value::Object(hints);
    if let Some(size) = annotations
        .get("maxResultSizeChars")
        .filter(|v| !v.is_null())
    {
        entry["_meta"] = json!({"anthropic/maxResultSizeChars": size});
    }
}

/// The arguments a call runs with, or why it cannot run: `Err(Some(text))` is an error
/// result the model reads, `Err(None)` malformed parameters.
pub(super) fn check_arguments(arguments: Value, schema: &Value) -> Result<Value, Option<String>> {
    let arguments = match arguments {
        Value::Null => json!({}),
        Value::Object(_) => arguments,
        _ => return Err(None),
    };
    match jsonschema::best_error(&arguments, schema) {
        Some(problem) => Err(Some(format!("Input validation error: {problem}"))),
        None => Ok(arguments),
    }
}

/// The `tools/call` result of a finished call.
pub(super) fn call_result(outcome: CallOutcome) -> Value {
    let converted = match outcome {
        CallOutcome::Returned(result) => convert(&result.unwrap_or(Value::Null)),
        CallOutcome::Raised(text) => Err(text),
        CallOutcome::InvalidArguments(issues) => Err(format!("Input validation error: {issues}")),
    };
    converted.unwrap_or_else(|text| error_result(&text))
}

/// A handler's return value as an MCP result, or the text of the error converting it raises.
fn convert(result: &Value) -> Result<Value, String> {
    let Value::Object(result) = result else {
        return Err(no_get(result));
    };
    let mut content = Vec::new();
    for item in items(result.get("content"))? {
        if let Some(block) = block(item)? {
            content.push(block);
        }
    }
    let is_error = match result.get("is_error") {
        None | Some(Value::Null) => false,
        Some(Value::Bool(b)) => *b,
        Some(Value::Number(n)) if n.as_f64() == Some(0.0) || n.as_f64() == Some(1.0) => {
            n.as_f64() == Some(1.0)
        }
        Some(other) => return Err(invalid(&["isError"], "a valid boolean", other)),
    };
    Ok(json!({"content": content, "isError": is_error}))
}

/// What `for item in result.get("content", [])` goes through.
fn items(content: Option<&Value>) -> Result<Vec<&Value>, String> {
    match content {
        None => Ok(Vec::new()),
        Some(Value::Array(items)) => Ok(items.iter().collect()),
        // Iterating a string or a dict yields strings, which have no .get.
        Some(Value::String(s)) if s.is_empty() => Ok(Vec::new()),
        Some(Value::Object(m)) if m.is_empty() => Ok(Vec::new()),
        Some(Value::String(_) | Value::Object(_)) => {
            Err("'str' object has no attribute 'get'".into())
        }
        Some(other) => Err(format!("'{}' object is not iterable", type_name(other))),
    }
}

fn block(item: &Value) -> Result<Option<Value>, String> {
    let Value::Object(item) = item else {
        return Err(no_get(item));
    };
    let field = |name: &str| item.get(name).ok_or_else(|| format!("'{name}'"));
    match item.get("type").and_then(Value::as_str) {
        Some("text") => {
            let text = field("text")?;
            string(text, &["content", "text"])?;
            Ok(Some(json!({"type": "text", "text": text})))
        }
        Some("image") => {
            let (data, mime) = (field("data")?, field("mimeType")?);
            string(data, &["content", "data"])?;
            string(mime, &["content", "mimeType"])?;
            Ok(Some(
                json!({"type": "image", "data": data, "mimeType": mime}),
            ))
        }
        Some("resource_link") => {
            let parts: Vec<String> = ["name", "uri", "description"]
                .iter()
                .filter_map(|k| item.get(*k).filter(|v| truthy(v)).map(str_of))
                .collect();
            let text = if parts.is_empty() {
                "Resource link".to_string()
            } else {
                parts.join("\n")
            };
            Ok(Some(json!({"type": "text", "text": text})))
        }
        Some("resource") => match item.get("resource").and_then(Value::as_object) {
            Some(resource) if resource.contains_key("text") => {
                let text = &resource["text"];
                string(text, &["content", "text"])?;
                Ok(Some(json!({"type": "text", "text": text})))
            }
            // A binary resource cannot be sent: left out, as the Python SDK does.
            _ => Ok(None),
        },
        // Audio and unknown kinds are left out too.
        _ => Ok(None),
    }
}

fn no_get(v: &Value) -> String {
    format!("'{}' object has no attribute 'get'", type_name(v))
}

fn truthy(v: &Value) -> bool {
    match v {
        Value::Null => false,
        Value::Bool(b) => *b,
        Value::Number(n) => n.as_f64() != Some(0.0),
        Value::String(s) => !s.is_empty(),
        Value::Array(a) => !a.is_empty(),
        Value::Object(m) => !m.is_empty(),
    }
}

fn string(v: &Value, at: &[&str]) -> Result<(), String> {
    match v {
        Value::String(_) => Ok(()),
        other => Err(invalid(at, "a valid string", other)),
    }
}

/// A short validation error of the MCP result model (the Python SDK's is pydantic's,
/// several lines long; this keeps its first facts).
fn invalid(at: &[&str], should: &str, got: &Value) -> String {
    format!(
        "1 validation error for CallToolResult\n{}\n  Input should be {should} [input_value={}, input_type={}]",
        at.join("."),
        super::pyrepr::repr(got),
        type_name(got)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn returned(v: Value) -> Value {
        call_result(CallOutcome::Returned(Some(v)))
    }

    fn error_text(v: Value) -> String {
        let r = returned(v);
        assert_eq!(r["isError"], json!(true), "{r}");
        r["content"][0]["text"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    #[test]
    fn content_kinds() {
        let r = returned(json!({"content": [
            {"type": "text", "text": "t", "annotations": {"x": 1}},
            {"type": "image", "data": "AA", "mimeType": "image/png"},
            {"type": "resource_link", "uri": "file:///a", "name": "a", "description": ""},
            {"type": "resource_link"},
            {"type": "resource", "resource": {"uri": "u", "text": "inside"}},
            {"type": "resource", "resource": {"uri": "u", "blob": "AA"}},
            {"type": "audio", "data": "AA", "mimeType": "audio/wav"},
        ], "is_error": true, "isError": false, "structuredContent": {}}));
        assert_eq!(
            r,
            json!({"content": [
                {"type": "text", "text": "t"},
                {"type": "image", "data": "AA", "mimeType": "image/png"},
                {"type": "text", "text": "a\nfile:///a"},
                {"type": "text", "text": "Resource link"},
                {"type": "text", "text": "inside"},
            ], "isError": true})
        );
        assert_eq!(
            returned(json!({})),
            json!({"content": [], "isError": false})
        );
    }

    #[test]
    fn python_error_texts() {
        assert_eq!(
            error_text(json!(null)),
            "'NoneType' object has no attribute 'get'"
        );
        assert_eq!(
            error_text(json!("s")),
            "'str' object has no attribute 'get'"
        );
        assert_eq!(
            error_text(json!([1])),
            "'list' object has no attribute 'get'"
        );
        assert_eq!(
            error_text(json!({"content": null})),
            "'NoneType' object is not iterable"
        );
        assert_eq!(
            error_text(json!({"content": 3})),
            "'int' object is not iterable"
        );
        assert_eq!(
            error_text(json!({"content": ["plain"]})),
            "'str' object has no attribute 'get'"
        );
        assert_eq!(error_text(json!({"content": [{"type": "text"}]})), "'text'");
        assert_eq!(
            error_text(json!({"content": [{"type": "image", "data": "AA"}]})),
            "'mimeType'"
        );
        assert_eq!(
            call_result(CallOutcome::Raised("boom".into())),
            json!({"content": [{"type": "text", "text": "boom"}], "isError": true})
        );
    }

    #[test]
    fn listing_annotations() {
        let tool = |annotations: Value| SdkToolDef {
            name: "t".into(),
            description: String::new(),
            input_schema: json!({}),
            annotations: Some(annotations),
            meta: None,
        };
        let mut entry = json!({});
        list_extras(
            &mut entry,
            &tool(
                json!({"readOnlyHint": true, "title": null, "maxResultSizeChars": 5, "other": 1}),
            ),
        );
        assert_eq!(
            entry,
            json!({"annotations": {"readOnlyHint": true}, "_meta": {"anthropic/maxResultSizeChars": 5}})
        );
    }
}

//! `output_format: {type: "json_schema", schema}`: the session offers a `StructuredOutput`
//! tool whose input schema is the caller's. Its input, once valid, ends the turn and is the
//! result's `structured_output` (and, as compact JSON, its `result`).

use futures::future::BoxFuture;
use oxagent_core::permission::{PermissionContext, ToolPermission};
use oxagent_core::tool::{Tool, ToolContext, ToolOutput};
use serde_json::{json, Value};

pub const NAME: &str = "StructuredOutput";
const DONE: &str = "Structured output provided successfully";

pub struct StructuredOutputTool {
    pub schema: Value,
}

impl Tool for StructuredOutputTool {
    fn name(&self) -> &str {
        NAME
    }

    fn description(&self) -> String {
        "Hands back the final answer in the structured form the caller asked for. Call it \
         once, at the end, with input that matches its schema exactly; the conversation ends \
         with it."
            .to_string()
    }

    fn input_schema(&self) -> Value {
        self.schema.clone()
    }

    fn is_read_only(&self, _input: &Value) -> bool {
        true
    }

    fn validates_own_input(&self) -> bool {
        true
    }

    fn check_permission(&self, _input: &Value, _ctx: &PermissionContext) -> ToolPermission {
        ToolPermission::Allow
    }

    fn call<'a>(&'a self, input: Value, _ctx: &'a ToolContext) -> BoxFuture<'a, ToolOutput> {
        Box::pin(async move {
            let mut errors = Vec::new();
            schema_errors(&self.schema, &input, "", &mut errors);
            if !errors.is_empty() {
                let text = format!(
                    "Output does not match required schema: {}",
                    errors.join(", ")
                );
                return ToolOutput::error(text.clone())
                    .with_structured(json!(format!("Error: {text}")));
            }
            ToolOutput::text(DONE)
                .with_structured(Value::String(DONE.to_string()))
                .with_is_error(None)
        })
    }
}

/// What `value` breaks of `schema`, each as `<JSON pointer>: <what it must be>`.
fn schema_errors(schema: &Value, value: &Value, path: &str, out: &mut Vec<String>) {
    if let Some(t) = schema.get("type") {
        let types: Vec<&str> = match t {
            Value::String(s) => vec![s.as_str()],
            Value::Array(a) => a.iter().filter_map(Value::as_str).collect(),
            _ => Vec::new(),
        };
        if !types.is_empty() && !types.iter().any(|t| is_type(t, value)) {
            out.push(format!("{path}: must be {}", types.join(",")));
            return;
        }
    }
    if let Some(Value::Array(allowed)) = schema.get("enum") {
        if !allowed.contains(value) {
            out.push(format!(
                "{path}: must be equal to one of the allowed values"
            ));
        }
    }
    if let Value::Object(fields) = value {
        for name in schema
            .get("required")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
        {
            if !fields.contains_key(name) {
                out.push(format!("{path}: must have required property '{name}'"));
            }
        }
        if let Some(Value::Object(props)) = schema.get("properties") {
            for (name, sub) in props {
                if let Some(v) = fields.get(name) {
                    schema_errors(sub, v, &format!("{path}/{name}"), out);
                }
            }
        }
    }
    if let (Value::Array(items), Some(sub)) = (value, schema.get("items")) {
        for (i, v) in items.iter().enumerate() {
            schema_errors(sub, v, &format!("{path}/{i}"), out);
        }
    }
}

fn is_type(t: &str, v: &Value) -> bool {
    match t {
        "object" => v.is_object(),
        "array" => v.is_array(),
        "string" => v.is_string(),
        "boolean" => v.is_boolean(),
        "null" => v.is_null(),
        "number" => v.is_number(),
        "integer" => v.is_i64() || v.is_u64() || v.as_f64().is_some_and(|f| f.fract() == 0.0),
        _ => true,
    }
}

//! `output_format: {type: "json_schema", schema}`: the session offers a `StructuredOutput`
//! tool whose input schema is the caller's. Its input, once valid, ends the turn and is the
//! result's `structured_output` (and, as compact JSON, its `result`).

use futures::future::BoxFuture;
use oxagent_core::permission::{PermissionContext, ToolPermission};
use oxagent_core::tool::{Tool, ToolContext, ToolOutput};
use serde_json::{json, Value};

use super::schema_errors::schema_errors;

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
        Box::pin(async move { self.answer(&input) })
    }

    /// Checking an answer waits for nothing: its result goes out while the response still
    /// streams (a second call in the same response comes after the first one's result).
    fn answer_now(&self, input: &Value) -> Option<ToolOutput> {
        Some(self.answer(input))
    }
}

impl StructuredOutputTool {
    fn answer(&self, input: &Value) -> ToolOutput {
        let errors = schema_errors(&self.schema, input);
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
    }
}

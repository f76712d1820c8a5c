//! The AskUserQuestion tool: multiple-choice questions for the user, answered through the
//! host's permission callback as in the reference.
//!
//! The call always asks for permission. The host (can_use_tool) shows the questions and
//! allows the call with an `updatedInput` that adds `answers` (question text -> chosen label,
//! several labels comma-joined) and optionally `annotations`; the tool then reports them to
//! the model. Without a callback the call is denied like any other that needs approval, and
//! in `dontAsk` mode it is denied by the mode.
//!
//! ```text
//! can_use_tool("AskUserQuestion", {questions}) -> allow, updatedInput {questions, answers: {"Which?": "A"}}
//! model reads: User answered the questions: "Which?" = "A". ...
//! ```

use oxagent_core::tool::{ToolContext, ToolOutput};
use serde_json::{json, Map, Value};

use crate::results::{success, wrapped_error};
use crate::typed::TypedTool;

/// Asks the user questions. See the module docs.
pub struct AskUserQuestionTool;

fn question_text(q: &Value) -> &str {
    q.get("question").and_then(Value::as_str).unwrap_or("")
}

/// Always the user's call: only the host can answer, so the check is left at asking.
impl TypedTool for AskUserQuestionTool {
    const NAME: &'static str = "AskUserQuestion";
    /// The answers arrive in the input the host hands back; the tool reads it as it is.
    type Input = Value;

    fn description(&self) -> String {
        "Asks the user one to four multiple-choice questions and waits for the answers. Use it \
         to settle a choice you cannot make alone (a preference, an ambiguous requirement, one \
         of several designs), not for things you can find out yourself. Each question has a \
         short `header` (at most 12 characters), 2-4 `options` with a `label` of a few words and \
         a `description`, and `multiSelect` when several may be picked. The user can always \
         answer in their own words instead; do not add an \"Other\" option."
            .to_string()
    }

    fn input_schema() -> Value {
        json!({
            "type": "object",
            "properties": {
                "questions": {
                    "minItems": 1,
                    "maxItems": 4,
                    "type": "array",
                    "items": {
                        "type": "object",
                        "properties": {
                            "question": {"type": "string", "description": "The full question, ending with a question mark."},
                            "header": {"type": "string", "description": "A very short label for the question (at most 12 characters)."},
                            "options": {
                                "minItems": 2,
                                "maxItems": 4,
                                "type": "array",
                                "items": {
                                    "type": "object",
                                    "properties": {
                                        "label": {"type": "string", "description": "The choice, in 1-5 words."},
                                        "description": {"type": "string", "description": "What picking it means."},
                                        "preview": {"type": "string", "description": "Optional content shown when the option is focused."}
                                    },
                                    "required": ["label", "description"],
                                    "additionalProperties": false
                                },
                                "description": "The choices."
                            },
                            "multiSelect": {"default": false, "type": "boolean", "description": "Whether several options may be chosen."}
                        },
                        "required": ["question", "header", "options", "multiSelect"],
                        "additionalProperties": false
                    },
                    "description": "The questions to ask."
                },
                "answers": {"type": "object", "propertyNames": {"type": "string"}, "additionalProperties": {"type": "string"},
                    "description": "Filled in by the host: question text -> answer."},
                "annotations": {"type": "object", "propertyNames": {"type": "string"},
                    "additionalProperties": {"type": "object", "properties": {"preview": {"type": "string"}, "notes": {"type": "string"}}, "additionalProperties": false},
                    "description": "Filled in by the host: notes per question."},
                "metadata": {"type": "object", "properties": {"source": {"type": "string"}}, "additionalProperties": false,
                    "description": "Where the questions come from (informational)."}
            },
            "required": ["questions"],
            "additionalProperties": false
        })
    }

    fn describe_call(&self, input: &Value) -> Option<String> {
        let questions = input.get("questions")?.as_array()?;
        Some(
            questions
                .iter()
                .map(question_text)
                .collect::<Vec<_>>()
                .join(" "),
        )
    }

    async fn run(&self, input: Value, _ctx: &ToolContext) -> ToolOutput {
        let questions = input.get("questions").cloned().unwrap_or(json!([]));
        let answers: Map<String, Value> = input
            .get("answers")
            .and_then(Value::as_object)
            .cloned()
            .unwrap_or_default();
        if answers.is_empty() {
            return wrapped_error(
                "The user did not answer the questions (no answers came back from the host).",
            );
        }
        let annotations = input.get("annotations").and_then(Value::as_object);
        let mut parts = Vec::new();
        for (question, answer) in &answers {
            let mut part = format!("\"{question}\" = \"{}\"", answer.as_str().unwrap_or(""));
            if let Some(notes) = annotations
                .and_then(|a| a.get(question))
                .and_then(|a| a.get("notes"))
                .and_then(Value::as_str)
            {
                part.push_str(&format!(" (user notes: {notes})"));
            }
            parts.push(part);
        }
        let text = format!(
            "User answered the questions: {}. Continue with these answers in mind.",
            parts.join(", ")
        );
        let mut structured = json!({"questions": questions, "answers": answers});
        if let Some(a) = annotations {
            structured["annotations"] = Value::Object(a.clone());
        }
        success(text, structured)
    }
}

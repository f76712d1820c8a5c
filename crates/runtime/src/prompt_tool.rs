//! `permission_prompt_tool_name`: an MCP tool answers the session's permission questions in
//! place of a can_use_tool callback.
//!
//! The tool is called with `{tool_name, input, tool_use_id}` and answers with a text that is
//! a permission result in JSON: `{"behavior": "allow", "updatedInput": {...}}` (the input is
//! optional) or `{"behavior": "deny", "message": "...", "interrupt": false}`. The model
//! never sees the tool. An answer that is no such result refuses the call; a tool that
//! fails, or is not there, fails the call without refusing it.

use std::sync::{Arc, Mutex, OnceLock};

use futures::future::BoxFuture;
use oxagent_core::host::LocalAnswers;
use oxagent_core::protocol::control::{ControlRequest, ControlResponse};
use oxagent_core::protocol::permission::PermissionAnswer;
use oxagent_core::sync::lock;
use oxagent_core::tool::{Tool, ToolContext};
use serde_json::{json, Value};

/// What the model reads when the tool's answer is not a permission result.
const INVALID: &str = "The permission prompt tool returned an invalid permission result. Expected {behavior: 'allow', updatedInput?: object} or {behavior: 'deny', message: string}. updatedPermissions may hold at most 4096 updates, rules and directories in all.";

/// Answers can_use_tool questions with the named MCP tool, and hands every other request
/// to `inner`.
pub(crate) struct PromptTool {
    name: String,
    /// The tool, once its server has connected.
    tool: OnceLock<Arc<dyn Tool>>,
    /// The MCP tools the session has (named when the prompt tool is not among them).
    others: Mutex<Vec<String>>,
    inner: Arc<dyn LocalAnswers>,
    context: ToolContext,
}

impl PromptTool {
    pub(crate) fn new(name: String, inner: Arc<dyn LocalAnswers>, context: ToolContext) -> Self {
        PromptTool {
            name,
            tool: OnceLock::new(),
            others: Mutex::new(Vec::new()),
            inner,
            context,
        }
    }

    /// The prompt tool's name, once it was taken.
    pub(crate) fn taken_name(&self) -> Option<String> {
        self.tool.get().map(|_| self.name.clone())
    }

    /// Takes `tool` if it is the prompt tool (`true`: it is kept from the model).
    pub(crate) fn take(&self, tool: &Arc<dyn Tool>) -> bool {
        if tool.name() == self.name {
            let _ = self.tool.set(tool.clone());
            return true;
        }
        lock(&self.others).push(tool.name().to_string());
        false
    }
}

impl LocalAnswers for PromptTool {
    fn answer(
        &self,
        request: &ControlRequest,
    ) -> Option<BoxFuture<'static, Result<ControlResponse, String>>> {
        let ControlRequest::CanUseTool(question) = request else {
            return self.inner.answer(request);
        };
        let asked = question.tool_name.clone();
        let Some(tool) = self.tool.get().cloned() else {
            let others = lock(&self.others).join(", ");
            let text = format!(
                "Error: MCP tool {} (passed via --permission-prompt-tool) not found. Available MCP tools: {others}",
                self.name
            );
            return Some(Box::pin(async move { Err(failed(&asked, &text)) }));
        };
        let input = json!({
            "tool_name": question.tool_name,
            "input": question.input,
            "tool_use_id": question.tool_use_id,
        });
        let mut context = self.context.clone();
        context.tool_use_id = question.tool_use_id.clone();
        Some(Box::pin(async move {
            let out = tool.call(input, &context).await;
            let text = out.content.as_text();
            if out.is_error == Some(true) {
                return Err(failed(&asked, &text));
            }
            // An answer that is no permission result refuses the call with the note saying so
            // (not as a callback that failed, whose refusal is worded otherwise).
            let answer = parse(&text).unwrap_or_else(|invalid| PermissionAnswer::Deny {
                message: invalid,
                interrupt: false,
            });
            Ok(ControlResponse::Permission(answer))
        }))
    }
}

/// The call fails (as a tool error, not a refusal) because the prompt tool did.
fn failed(tool: &str, why: &str) -> String {
    format!("<tool_use_error>Error calling tool ({tool}): {why}</tool_use_error>")
}

/// The permission result a tool's text holds; else the refusal for an invalid one.
fn parse(text: &str) -> Result<PermissionAnswer, String> {
    let value: Value = serde_json::from_str(text).map_err(|_| INVALID.to_string())?;
    let fits = match value.get("behavior").and_then(Value::as_str) {
        Some("allow") => value
            .get("updatedInput")
            .is_none_or(|v| v.is_object() || v.is_null()),
        Some("deny") => value.get("message").is_some_and(Value::is_string),
        _ => false,
    };
    if !fits {
        return Err(INVALID.to_string());
    }
    serde_json::from_value(value).map_err(|_| INVALID.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_are_permission_results() {
        assert_eq!(
            parse(r#"{"behavior": "allow"}"#),
            Ok(PermissionAnswer::Allow {
                updated_input: None,
                updated_permissions: Vec::new()
            })
        );
        assert_eq!(
            parse(r#"{"behavior": "deny", "message": "no", "interrupt": true}"#),
            Ok(PermissionAnswer::Deny {
                message: "no".into(),
                interrupt: true
            })
        );
        for bad in [
            "not json",
            r#"{"behavior": "maybe"}"#,
            r#"{"behavior": "deny"}"#,
            r#"{"behavior": "allow", "updatedInput": 3}"#,
        ] {
            assert_eq!(parse(bad), Err(INVALID.to_string()), "{bad}");
        }
        assert_eq!(
            failed("Bash", "boom"),
            "<tool_use_error>Error calling tool (Bash): boom</tool_use_error>"
        );
    }
}

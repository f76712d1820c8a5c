//! Settings hooks of `type: "mcp_tool"`: the hook calls a tool of one of the session's MCP
//! servers, and the tool's text answers as a command hook's stdout does (JSON: a hook
//! output; anything else: no answer).
//!
//! ```text
//! {"type": "mcp_tool", "server": "my-tools", "tool": "check",
//!  "input": {"path": "${tool_input.file_path}"}}
//!     -> mcp__my-tools__check {"path": "<the call's file_path>"}
//! ```

use std::sync::{Arc, OnceLock};

use futures::future::BoxFuture;
use oxagent_core::host::LocalAnswers;
use oxagent_core::protocol::hook::HookOutput;
use oxagent_core::protocol::{ControlRequest, ControlResponse};
use oxagent_core::tool::ToolContext;
use oxagent_settings::McpToolHook;
use serde_json::Value;

use crate::mcp::McpServers;

/// Answers the `mcp_tool` hooks, and hands every other request to `inner`.
pub(crate) struct McpHookAnswers {
    hooks: Vec<McpToolHook>,
    /// The session's servers, once they exist.
    pub(crate) mcp: OnceLock<Arc<McpServers>>,
    inner: Arc<dyn LocalAnswers>,
    context: ToolContext,
}

impl McpHookAnswers {
    pub(crate) fn new(
        hooks: Vec<McpToolHook>,
        inner: Arc<dyn LocalAnswers>,
        context: ToolContext,
    ) -> Self {
        McpHookAnswers {
            hooks,
            mcp: OnceLock::new(),
            inner,
            context,
        }
    }
}

impl LocalAnswers for McpHookAnswers {
    fn answer(
        &self,
        request: &ControlRequest,
    ) -> Option<BoxFuture<'static, Result<ControlResponse, String>>> {
        let ControlRequest::HookCallback(call) = request else {
            return self.inner.answer(request);
        };
        let Some(hook) = self.hooks.iter().find(|h| h.id == call.callback_id) else {
            return self.inner.answer(request);
        };
        let name = format!("mcp__{}__{}", hook.server, hook.tool);
        let tool = self
            .mcp
            .get()
            .and_then(|m| m.tools().tools.into_iter().find(|t| t.name() == name));
        let given = serde_json::to_value(&call.input).unwrap_or(Value::Null);
        let args = filled(&hook.input, &given);
        let context = self.context.clone();
        Some(Box::pin(async move {
            // A server or tool the session lacks: the hook failed (a PreToolUse one gives no
            // verdict, as the reference warns: hooktypes/ht_unknown_*).
            let tool = tool.ok_or_else(|| format!("MCP tool {name} is not available"))?;
            let out = tool.call(args, &context).await;
            let answer = serde_json::from_str::<Value>(out.content.as_text().trim())
                .ok()
                .filter(Value::is_object)
                .and_then(|v| HookOutput::from_value(v).ok())
                .unwrap_or_default();
            Ok(ControlResponse::Hook(Box::new(answer)))
        }))
    }
}

/// `input` with each `${a.b}` in its strings replaced by that path of the hook's input (a
/// text as it is, anything else as JSON; a path it lacks as nothing).
fn filled(input: &Value, given: &Value) -> Value {
    match input {
        Value::String(s) => Value::String(fill_text(s, given)),
        Value::Array(items) => Value::Array(items.iter().map(|v| filled(v, given)).collect()),
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(k, v)| (k.clone(), filled(v, given)))
                .collect(),
        ),
        other => other.clone(),
    }
}

fn fill_text(text: &str, given: &Value) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(start) = rest.find("${") {
        let Some(len) = rest[start..].find('}') else {
            break;
        };
        out.push_str(&rest[..start]);
        let path = &rest[start + 2..start + len];
        let pointer = format!("/{}", path.replace('.', "/"));
        match given.pointer(&pointer) {
            Some(Value::String(s)) => out.push_str(s),
            Some(Value::Null) | None => {}
            Some(v) => out.push_str(&v.to_string()),
        }
        rest = &rest[start + len + 1..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn paths_of_the_hook_input_fill_the_strings() {
        let given = json!({"tool_name": "Bash", "tool_input": {"command": "echo hi", "n": 2}});
        let input = json!({"text": "cmd=${tool_input.command} n=${tool_input.n}${nope}", "k": [1, "${tool_name}"]});
        assert_eq!(
            filled(&input, &given),
            json!({"text": "cmd=echo hi n=2", "k": [1, "Bash"]})
        );
    }
}

//! Control requests: what a session asks its host ([`ControlRequest`], answered with a
//! [`ControlResponse`]), and what a host asks its session ([`HostRequest`]).
//!
//! On the documented SDKs' wire these are the `request` of a `control_request` frame, tagged
//! by `subtype`:
//!
//! ```
//! use oxagent_core::protocol::control::{ControlRequest, HostRequest};
//! let r: HostRequest = serde_json::from_str(r#"{"subtype": "set_model", "model": "claude-haiku-4-5"}"#).unwrap();
//! assert_eq!(r, HostRequest::SetModel { model: Some("claude-haiku-4-5".into()) });
//! ```

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::hook::{HookInput, HookOutput};
use super::permission::{PermissionAnswer, PermissionUpdate};

/// What a session asks its host.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "subtype", rename_all = "snake_case")]
pub enum ControlRequest {
    /// May this tool call run? Answered with [`ControlResponse::Permission`].
    CanUseTool(CanUseTool),
    /// Run one hook callback. Answered with [`ControlResponse::Hook`].
    HookCallback(HookCallback),
    /// A JSON-RPC message for one of the host's own MCP server objects (one that speaks
    /// JSON-RPC itself). Answered with [`ControlResponse::Mcp`].
    McpMessage(McpMessage),
    /// Run one tool function of the host's in-process SDK server (whose JSON-RPC the session
    /// answers itself). Answered with [`ControlResponse::ToolCall`].
    McpToolCall(McpToolCall),
    /// Write a permission update to the settings file it names. Answered with
    /// [`ControlResponse::Done`]; the facade answers it itself.
    PersistPermissions { update: PermissionUpdate },
    /// A call to the host's own session store (`append`, `load`, ...). Answered with
    /// [`ControlResponse::Store`].
    SessionStore(StoreCall),
}

impl ControlRequest {
    pub fn subtype(&self) -> &'static str {
        match self {
            ControlRequest::CanUseTool(_) => "can_use_tool",
            ControlRequest::HookCallback(_) => "hook_callback",
            ControlRequest::McpMessage(_) => "mcp_message",
            ControlRequest::McpToolCall(_) => "mcp_tool_call",
            ControlRequest::PersistPermissions { .. } => "persist_permissions",
            ControlRequest::SessionStore(_) => "session_store",
        }
    }
}

/// `can_use_tool`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CanUseTool {
    pub tool_name: String,
    pub input: Value,
    /// The rule updates the host may offer; absent when the question offers no list at all
    /// (plan mode, ExitPlanMode, leaving the sandbox, most questions with nothing to
    /// suggest), as the TS SDK leaves `suggestions` out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub permission_suggestions: Option<Vec<PermissionUpdate>>,
    pub blocked_path: Option<String>,
    pub tool_use_id: String,
    pub display_name: String,
    /// A short human description of the call.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decision_reason: Option<String>,
    /// The subagent that makes the call (none: the main agent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agent_id: Option<String>,
    /// What made the call need asking: `mode` (an edit in plan mode), `workingDir` (a path
    /// outside the working directories), `safetyCheck`, `rule`, `hook`, `other`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decision_reason_type: Option<String>,
    /// Only the user can answer this call (ExitPlanMode): it reaches can_use_tool whatever
    /// the mode.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub requires_user_interaction: Option<bool>,
    /// The host should not offer to allow this call for good (a skill with hooks): the TS
    /// SDK's `suppressAlwaysAllowRule`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suppress_always_allow_rule: Option<bool>,
    /// The ask rule that made the tool ask in its own words (`{source, toolName}`): the TS
    /// SDK's `matchedAskRule`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub matched_ask_rule: Option<Value>,
    /// With a question asked by a rule: whether only a server policy asks (always `false`
    /// here), the TS SDK's `serverPolicyAskOnly`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub server_policy_ask_only: Option<bool>,
    /// For an MCP tool: its server, `{name, source}` (the TS SDK's `mcpServer`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mcp_server: Option<Value>,
}

/// `hook_callback`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HookCallback {
    pub callback_id: String,
    pub input: HookInput,
    /// The tool call the hook is about; for other events an id of its own.
    pub tool_use_id: Option<String>,
}

/// `mcp_message`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct McpMessage {
    pub server_name: String,
    /// A JSON-RPC request or notification.
    pub message: Value,
}

/// `mcp_tool_call`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct McpToolCall {
    pub server_name: String,
    pub tool_name: String,
    /// The arguments as the model gave them (`null` when it gave none).
    pub arguments: Value,
}

/// The host's answer to [`ControlRequest::McpToolCall`]. A function that raised is an error
/// answer (its text), not one of these.
///
/// On the wire: `{"result": <what the function returned>}` (no `result` key: it returned
/// nothing JSON can say) or `{"invalid_arguments": <the issues>}`.
#[derive(Debug, Clone, PartialEq)]
pub enum ToolCallAnswer {
    /// What the tool function returned, unchanged.
    Returned(Option<Value>),
    /// The host's own argument check (the TS face's zod schemas) refused the arguments; the
    /// function did not run.
    InvalidArguments(Value),
}

/// `session_store`: one method of the host's store with its arguments, in the Python
/// SDK's names (`append(key, entries)`, `load(key)`, `list_sessions(project_key)`,
/// `list_session_summaries(project_key)`, `delete(key)`, `list_subkeys(key)` where that
/// key has no subpath).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StoreCall {
    pub method: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<crate::store::SessionKey>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entries: Option<Vec<Value>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub project_key: Option<String>,
}

/// A host's answer to a [`ControlRequest`].
#[derive(Debug, Clone, PartialEq)]
pub enum ControlResponse {
    Permission(PermissionAnswer),
    Hook(Box<HookOutput>),
    /// The JSON-RPC response (`mcp_response`).
    Mcp(Value),
    ToolCall(ToolCallAnswer),
    /// What the store method returned (`{"result": ...}` on the wire).
    Store(Value),
    /// Done, nothing to say.
    Done,
}

impl ControlResponse {
    /// Reads the `response` body of a success `control_response` frame answering a request
    /// of `subtype` ([`ControlRequest::subtype`]).
    pub fn read(subtype: &str, body: Value) -> Result<ControlResponse, String> {
        match subtype {
            "can_use_tool" => serde_json::from_value(body)
                .map(ControlResponse::Permission)
                .map_err(|e| format!("unreadable permission answer: {e}")),
            "hook_callback" => {
                HookOutput::from_value(body).map(|h| ControlResponse::Hook(Box::new(h)))
            }
            "mcp_message" => Ok(ControlResponse::Mcp(match body {
                Value::Object(mut m) if m.contains_key("mcp_response") => {
                    m.remove("mcp_response").unwrap_or(Value::Null)
                }
                other => other,
            })),
            "mcp_tool_call" => match body {
                Value::Object(mut m) => Ok(ControlResponse::ToolCall(
                    match m.remove("invalid_arguments") {
                        Some(issues) => ToolCallAnswer::InvalidArguments(issues),
                        None => ToolCallAnswer::Returned(m.remove("result")),
                    },
                )),
                other => Err(format!("unreadable mcp_tool_call answer: {other}")),
            },
            "session_store" => Ok(ControlResponse::Store(match body {
                Value::Object(mut m) => m.remove("result").unwrap_or(Value::Null),
                _ => Value::Null,
            })),
            _ => Ok(ControlResponse::Done),
        }
    }

    /// The `response` body of a success `control_response` frame.
    pub fn to_body(&self) -> Value {
        match self {
            ControlResponse::Permission(a) => serde_json::to_value(a).unwrap_or(Value::Null),
            ControlResponse::Hook(h) => serde_json::to_value(h).unwrap_or(Value::Null),
            ControlResponse::Mcp(m) => serde_json::json!({ "mcp_response": m }),
            ControlResponse::ToolCall(ToolCallAnswer::Returned(Some(v))) => {
                serde_json::json!({ "result": v })
            }
            ControlResponse::ToolCall(ToolCallAnswer::Returned(None)) => serde_json::json!({}),
            ControlResponse::ToolCall(ToolCallAnswer::InvalidArguments(issues)) => {
                serde_json::json!({ "invalid_arguments": issues })
            }
            ControlResponse::Store(v) => serde_json::json!({ "result": v }),
            ControlResponse::Done => serde_json::json!({}),
        }
    }
}

/// What a host asks its session. Answered at once, with [`HostReply`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "subtype", rename_all = "snake_case")]
pub enum HostRequest {
    /// The host is ready; answered with what the session offers (`get_server_info()`).
    Initialize {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        hooks: Option<Value>,
    },
    /// Stop the current turn.
    Interrupt,
    SetPermissionMode {
        mode: String,
    },
    /// `None`: back to the model the session started with.
    SetModel {
        #[serde(default)]
        model: Option<String>,
    },
    McpStatus,
    /// Turn an MCP server off (its tools leave the session) or on again (`mcp_toggle`).
    McpToggle {
        #[serde(rename = "serverName")]
        server_name: String,
        enabled: bool,
    },
    /// Connect an MCP server anew (`mcp_reconnect`).
    McpReconnect {
        #[serde(rename = "serverName")]
        server_name: String,
    },
    /// Replace the servers the host manages (`setMcpServers`): answered with
    /// `{added, removed, errors}`.
    McpSetServers {
        servers: Value,
    },
    /// One `ui://` resource of a connected server (`readMcpResource`).
    McpReadResource {
        #[serde(rename = "serverName")]
        server_name: String,
        uri: String,
    },
    /// Merge settings into the session's flag layer (`applyFlagSettings`).
    ApplyFlagSettings {
        settings: Value,
    },
    /// Write allowed keys into a settings file and apply them (`updateSettings`).
    UpdateSettings {
        source: String,
        settings: Value,
    },
    /// Judge one MCP server's calls in a stricter mode (`setMcpPermissionModeOverride`);
    /// `None` clears it.
    SetMcpPermissionModeOverride {
        #[serde(rename = "serverName")]
        server_name: String,
        #[serde(default)]
        mode: Option<String>,
    },
    /// Read the skills again (`reloadSkills`): answered with the skill list.
    ReloadSkills,
    /// Read the plugins again (`reloadPlugins`): answered with what the session offers.
    ReloadPlugins {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        add_plugins: Option<Value>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        hold_on_cache_impact: Option<bool>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        refuse_if_busy: Option<bool>,
    },
    GetContextUsage,
    /// Stop a background task or a running subagent.
    StopTask {
        task_id: String,
    },
    /// Thinking for the rest of the session: a budget (`0`: off), or `None` for the
    /// session's own setting again.
    SetMaxThinkingTokens {
        #[serde(default)]
        max_thinking_tokens: Option<u64>,
        /// How thinking is shown (`summarized`, `omitted`); `None`: as it was.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        thinking_display: Option<String>,
    },
    /// A file of the session's working directories, as Read may see it (`readFile`).
    ReadFile {
        path: String,
        /// At most this many bytes (default 1 MiB).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        max_bytes: Option<u64>,
        /// `utf-8` (default) or `base64`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        encoding: Option<String>,
    },
    /// Move the foreground command of `tool_use_id` (none: every one) to the background.
    BackgroundTasks {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tool_use_id: Option<String>,
    },
    /// Put the files Write, Edit and NotebookEdit changed back as they were when the
    /// prompt `user_message_id` came (`dry_run`: only say what would change).
    RewindFiles {
        user_message_id: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        dry_run: Option<bool>,
    },
    /// The host saw the model read `path` when its modification time was `mtime`
    /// (milliseconds): Edit and Write treat it as read, unless it changed since.
    SeedReadState {
        path: String,
        mtime: f64,
    },
}

impl HostRequest {
    /// Reads a host's `request` body; an unknown subtype names itself in the error.
    pub fn read(body: &Value) -> Result<HostRequest, String> {
        serde_json::from_value(body.clone()).map_err(|e| {
            let subtype = body.get("subtype").and_then(Value::as_str).unwrap_or("");
            if e.to_string().starts_with("unknown variant") {
                format!("Unsupported control request subtype: {subtype}")
            } else {
                format!("Invalid {subtype} request: {e}")
            }
        })
    }
}

/// A session's answer to a [`HostRequest`].
#[derive(Debug, Clone, PartialEq)]
pub enum HostReply {
    /// Done, nothing to say (`{}`).
    Done,
    ServerInfo(Box<ServerInfo>),
    /// `{mcpServers: [...]}`.
    McpStatus(Vec<super::system::McpServerDetail>),
    /// The `/context` view.
    ContextUsage(Box<super::context::ContextUsage>),
    /// A body of its own (`read_file`'s).
    Body(Value),
}

impl HostReply {
    /// The `response` body of a success `control_response` frame.
    pub fn to_body(&self) -> Value {
        match self {
            HostReply::Done => serde_json::json!({}),
            HostReply::ServerInfo(info) => serde_json::to_value(info).unwrap_or(Value::Null),
            HostReply::McpStatus(servers) => serde_json::json!({ "mcpServers": servers }),
            HostReply::ContextUsage(view) => serde_json::to_value(view).unwrap_or(Value::Null),
            HostReply::Body(body) => body.clone(),
        }
    }
}

/// What `initialize` answers (the Python SDK's `get_server_info()`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ServerInfo {
    pub commands: Vec<CommandInfo>,
    pub agents: Vec<Value>,
    pub output_style: String,
    pub available_output_styles: Vec<String>,
    /// Where the user's own output styles live (`~/.claude/output-styles`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user_output_styles_dir: Option<String>,
    pub models: Vec<Value>,
    pub account: Account,
    pub pid: u32,
    pub current_permission_mode: String,
    pub hook_on_failure_supported: bool,
    /// `{kind: "disabled"}`: the session asks for no feedback.
    pub feedback_mode: Value,
    /// Nothing of the session is reported anywhere.
    pub analytics_disabled: bool,
    /// Bash commands run in the sandbox.
    pub sandbox_enabled: bool,
    /// The remote-control and IDE features of the reference's interactive app: never here.
    pub remote_control_auto_enable: bool,
    pub remote_control_auto_connect_default: bool,
    pub remote_control_available: bool,
    pub remote_control_auto_on_by_default: bool,
    pub ide_rc_auto_enable_gate: bool,
    /// `off`: no fast mode.
    pub fast_mode_state: String,
    pub oxagent_version: String,
}

/// A slash command the session runs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CommandInfo {
    pub name: String,
    pub description: String,
    #[serde(rename = "argumentHint")]
    pub argument_hint: String,
    /// Other names the command answers to.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
    /// The session's own command (not one from a commands folder).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub builtin: Option<bool>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Account {
    /// `none`: no OAuth token, an API key.
    #[serde(rename = "tokenSource")]
    pub token_source: String,
    #[serde(rename = "apiKeySource")]
    pub api_key_source: String,
    /// `firstParty`: the Anthropic API.
    #[serde(rename = "apiProvider")]
    pub api_provider: String,
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn host_requests_read_by_subtype() {
        assert_eq!(
            HostRequest::read(&json!({"subtype": "interrupt"})).unwrap(),
            HostRequest::Interrupt
        );
        assert_eq!(
            HostRequest::read(&json!({"subtype": "set_model"})).unwrap(),
            HostRequest::SetModel { model: None }
        );
        assert_eq!(
            HostRequest::read(
                &json!({"subtype": "set_max_thinking_tokens", "max_thinking_tokens": null})
            )
            .unwrap(),
            HostRequest::SetMaxThinkingTokens {
                max_thinking_tokens: None,
                thinking_display: None
            }
        );
        assert_eq!(
            HostRequest::read(&json!({"subtype": "seed_read_state", "path": "a", "mtime": 5}))
                .unwrap(),
            HostRequest::SeedReadState {
                path: "a".into(),
                mtime: 5.0
            }
        );
        assert_eq!(
            HostRequest::read(&json!({"subtype": "rewind_everything"})).unwrap_err(),
            "Unsupported control request subtype: rewind_everything"
        );
    }

    #[test]
    fn tool_call_answers_on_the_wire() {
        let req = ControlRequest::McpToolCall(McpToolCall {
            server_name: "kit".into(),
            tool_name: "add".into(),
            arguments: json!({"a": 1}),
        });
        assert_eq!(
            serde_json::to_value(&req).unwrap(),
            json!({"subtype": "mcp_tool_call", "server_name": "kit", "tool_name": "add", "arguments": {"a": 1}})
        );
        for (body, answer) in [
            (
                json!({"result": null}),
                ToolCallAnswer::Returned(Some(json!(null))),
            ),
            (json!({}), ToolCallAnswer::Returned(None)),
            (
                json!({"invalid_arguments": [{"path": ["a"]}]}),
                ToolCallAnswer::InvalidArguments(json!([{"path": ["a"]}])),
            ),
        ] {
            let read = ControlResponse::read(req.subtype(), body.clone()).unwrap();
            assert_eq!(read, ControlResponse::ToolCall(answer));
            assert_eq!(read.to_body(), body);
        }
        assert!(ControlResponse::read("mcp_tool_call", json!("x")).is_err());
    }

    #[test]
    fn mcp_answers_unwrap_their_envelope() {
        let req = ControlRequest::McpMessage(McpMessage {
            server_name: "s".into(),
            message: json!({}),
        });
        let body = json!({"mcp_response": {"jsonrpc": "2.0", "id": 1}});
        let r = ControlResponse::read(req.subtype(), body).unwrap();
        assert_eq!(r, ControlResponse::Mcp(json!({"jsonrpc": "2.0", "id": 1})));
        assert_eq!(
            r.to_body(),
            json!({"mcp_response": {"jsonrpc": "2.0", "id": 1}})
        );
    }
}

//! The user's say on the hosts a sandboxed command wants that the `sandbox.network` rules
//! leave open: asked through `can_use_tool` as the tool `SandboxNetworkAccess`, as the
//! reference asks it (allowed at once in bypassPermissions; refused without a callback).

use std::sync::Arc;

use futures::future::BoxFuture;
use oxagent_core::config::PermissionMode;
use oxagent_core::host::Host;
use oxagent_core::live::LiveSettings;
use oxagent_core::protocol::control::{CanUseTool, ControlRequest, ControlResponse};
use oxagent_core::protocol::permission::{PermissionAnswer, PermissionUpdate, RuleValue};
use oxagent_tools::shell::net::Asker;

/// The name the callback sees.
pub const TOOL_NAME: &str = "SandboxNetworkAccess";

pub(crate) struct AskNetwork {
    pub host: Arc<dyn Host>,
    pub live: Arc<LiveSettings>,
}

impl Asker for AskNetwork {
    fn ask(&self, host: String, _port: u16) -> BoxFuture<'static, bool> {
        let (caller, live) = (self.host.clone(), self.live.clone());
        Box::pin(async move {
            if live.permission_mode() == PermissionMode::BypassPermissions {
                return true;
            }
            if !caller.handles_can_use_tool() {
                return false;
            }
            let request = ControlRequest::CanUseTool(CanUseTool {
                tool_name: TOOL_NAME.into(),
                input: serde_json::json!({ "host": host }),
                permission_suggestions: Some(vec![PermissionUpdate::AddRules {
                    rules: vec![RuleValue {
                        tool_name: "WebFetch".into(),
                        rule_content: Some(format!("domain:{host}")),
                    }],
                    behavior: "allow".into(),
                    destination: Some("localSettings".into()),
                }]),
                blocked_path: None,
                tool_use_id: uuid::Uuid::new_v4().to_string(),
                display_name: TOOL_NAME.into(),
                description: Some(format!("Allow network connection to {host}?")),
                decision_reason: None,
                agent_id: None,
                decision_reason_type: None,
                requires_user_interaction: None,
                suppress_always_allow_rule: None,
                matched_ask_rule: None,
                server_policy_ask_only: None,
                mcp_server: None,
            });
            matches!(
                caller.control(request).await,
                Ok(ControlResponse::Permission(PermissionAnswer::Allow { .. }))
            )
        })
    }
}

//! The harness's callback menu (`behaviors` in a scenario) as Rust closures.

use std::collections::BTreeMap;
use std::sync::Arc;

use futures::future::BoxFuture;
use oxagent::{Callbacks, HookCallback, HookInput, HookMatcherFns, HookOutput, PermissionResult};
use serde_json::{json, Value};

fn can_use_tool(spec: Value) -> oxagent::CanUseTool {
    Arc::new(
        move |name: String, input: Value, _ctx: oxagent::CanUseToolRequest| {
            let spec = spec.clone();
            Box::pin(async move {
                // The driver's default message.
                let message = spec["message"]
                    .as_str()
                    .unwrap_or("Denied by test policy")
                    .to_string();
                match spec["behavior"].as_str().unwrap_or("") {
                    "deny_all" => PermissionResult::Deny {
                        message,
                        interrupt: false,
                    },
                    "deny_interrupt" => PermissionResult::Deny {
                        message,
                        interrupt: true,
                    },
                    "deny_bash" if name == "Bash" => PermissionResult::Deny {
                        message,
                        interrupt: false,
                    },
                    "rewrite_input" if name == spec["tool"].as_str().unwrap_or("Bash") => {
                        let mut updated = input;
                        if let (Value::Object(u), Value::Object(set)) = (&mut updated, &spec["set"])
                        {
                            u.extend(set.clone());
                        }
                        PermissionResult::Allow {
                            updated_input: Some(updated),
                            updated_permissions: Vec::new(),
                        }
                    }
                    _ => PermissionResult::allow(),
                }
            }) as BoxFuture<'static, PermissionResult>
        },
    )
}

fn hook(event: String, spec: Value) -> HookCallback {
    Arc::new(move |input: HookInput, _id: Option<String>| {
        let spec = spec.clone();
        let event = event.clone();
        let input = serde_json::to_value(input).unwrap();
        Box::pin(async move {
            let reason = match &spec["reason"] {
                Value::Null => json!("Blocked by test hook"),
                r => r.clone(),
            };
            let out = match spec["behavior"].as_str().unwrap_or("") {
                b @ ("deny" | "allow" | "ask") => {
                    json!({"hookSpecificOutput": {"hookEventName": event,
                    "permissionDecision": b, "permissionDecisionReason": reason}})
                }
                "rewrite_input" => {
                    let mut updated = input["tool_input"].clone();
                    if let (Value::Object(u), Value::Object(set)) = (&mut updated, &spec["set"]) {
                        u.extend(set.clone());
                    }
                    json!({"hookSpecificOutput": {"hookEventName": event, "permissionDecision": "allow",
                    "permissionDecisionReason": reason, "updatedInput": updated}})
                }
                "add_context" => {
                    let text = spec["text"].as_str().unwrap_or("extra context");
                    json!({"hookSpecificOutput": {"hookEventName": event, "additionalContext": text}})
                }
                "block" => json!({"decision": "block", "reason": reason}),
                "stop" => json!({"continue": false, "stopReason": reason}),
                "system_message" => {
                    json!({"systemMessage": spec["text"].as_str().unwrap_or("hook says hi")})
                }
                _ => json!({}),
            };
            HookOutput::from_value(out).unwrap()
        }) as BoxFuture<'static, HookOutput>
    })
}

pub fn callbacks(behaviors: Option<&Value>) -> Callbacks {
    let mut cb = Callbacks::default();
    let Some(b) = behaviors else { return cb };
    if let Some(spec) = b.get("can_use_tool") {
        // A bare name stands for {"behavior": name}, as in the driver.
        let spec = match spec {
            Value::String(name) => json!({"behavior": name}),
            other => other.clone(),
        };
        cb.can_use_tool = Some(can_use_tool(spec));
    }
    if let Some(Value::Object(hooks)) = b.get("hooks") {
        let mut map = BTreeMap::new();
        for (event, list) in hooks {
            let matchers: Vec<HookMatcherFns> = list
                .as_array()
                .cloned()
                .unwrap_or_default()
                .into_iter()
                .map(|spec| HookMatcherFns {
                    matcher: spec["matcher"].as_str().map(str::to_string),
                    hooks: vec![hook(event.clone(), spec)],
                })
                .collect();
            map.insert(event.clone(), matchers);
        }
        cb.hooks = map;
    }
    cb
}

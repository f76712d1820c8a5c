//! Fuzzes what the faces hand the Rust side as JSON: stream-json frames read by the host
//! protocol, the host's own requests, answers to each kind of control request, messages and
//! prompt contents. None may panic; bad input is an error.
#![no_main]

use libfuzzer_sys::fuzz_target;
use oxagent_core::protocol::stream_json::{Face, HostProtocol};
use oxagent_core::protocol::{ControlResponse, HookOutput, HostRequest};
use oxagent_core::Message;
use oxagent_core::UserContent;
use serde_json::Value;

fuzz_target!(|data: &[u8]| {
    let Ok(value) = serde_json::from_slice::<Value>(data) else {
        return;
    };
    for face in [Face::Python, Face::Node] {
        let mut host = HostProtocol::new(face);
        let _ = host.request(value.clone());
        let _ = host.feed(value.clone());
        let _ = host.feed(serde_json::json!({"type": "control_response", "response": value}));
        let _ = host.end();
    }
    let _ = HostRequest::read(&value);
    for subtype in ["can_use_tool", "hook_callback", "mcp_message", "persist_permissions"] {
        if let Ok(answer) = ControlResponse::read(subtype, value.clone()) {
            let _ = answer.to_body();
        }
    }
    let _ = HookOutput::from_value(value.clone());
    let _ = serde_json::from_value::<Message>(value.clone());
    let _ = serde_json::from_value::<UserContent>(value);
});

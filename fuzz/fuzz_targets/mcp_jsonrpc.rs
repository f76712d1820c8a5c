//! Fuzzes the MCP JSON-RPC the session reads: messages to an in-process SDK server (what a
//! remote session relays), the results a host's function returns to it, server configs in
//! `mcp_servers`, and a server's messages as the rmcp client decodes them. None may panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use oxagent_core::protocol::mcp_servers::parse;
use oxagent_mcp::config::{Dialect, SdkServerDef, SdkToolDef};
use oxagent_mcp::server::{CallOutcome, SdkServer, Step};
use serde_json::{json, Value};

fn server(dialect: Dialect) -> SdkServer {
    SdkServer::new(SdkServerDef {
        name: "kit".into(),
        version: "1.0.0".into(),
        dialect,
        instructions: None,
        plain_names: false,
        tools: vec![SdkToolDef {
            name: "add".into(),
            description: "Add".into(),
            input_schema: json!({"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"]}),
            annotations: None,
            meta: None,
        }],
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(value) = serde_json::from_slice::<Value>(data) else {
        return;
    };
    let _ = parse(&value);
    let _ = parse(&json!({"s": value.clone()}));
    let _ = serde_json::from_value::<rmcp::model::ServerJsonRpcMessage>(value.clone());
    for dialect in [Dialect::Python, Dialect::TypeScript] {
        let mut s = server(dialect);
        let _ = s.handle(&json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {}}));
        let _ = s.handle(&value);
        let call = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                          "params": {"name": "add", "arguments": value.clone()}});
        if let Step::Call(c) = s.handle(&call) {
            let _ = s.finish(c.call_id, CallOutcome::Returned(Some(value.clone())));
        }
        if let Step::Call(c) = s.handle(&call) {
            let _ = s.finish(c.call_id, CallOutcome::InvalidArguments(value.clone()));
        }
    }
});

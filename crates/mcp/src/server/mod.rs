//! The in-process SDK server (Python `create_sdk_mcp_server`, TS `createSdkMcpServer`): its
//! JSON-RPC, written once for every face. The host declares the tools ([`SdkServerDef`]) and
//! keeps only their functions; everything else happens here: the `initialize` handshake and
//! protocol-version negotiation, `tools/list` with the annotations on the wire, argument
//! checks, the MCP result a handler's return value becomes, error results and texts.
//!
//! Sans-IO: [`SdkServer::handle`] takes one JSON-RPC message and says what to do next: send a
//! reply, send nothing (a notification), or run a tool on the host and hand the outcome to
//! [`SdkServer::finish`], which gives the reply.
//!
//! ```
//! use oxagent_mcp::config::{Dialect, SdkServerDef, SdkToolDef};
//! use oxagent_mcp::server::{CallOutcome, SdkServer, Step};
//! use serde_json::json;
//! let mut server = SdkServer::new(SdkServerDef {
//!     name: "calc".into(), version: "1.0.0".into(), dialect: Dialect::Python, instructions: None,
//!     plain_names: false,
//!     tools: vec![SdkToolDef {
//!         name: "add".into(), description: "Add".into(), annotations: None, meta: None,
//!         input_schema: json!({"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"]}),
//!     }],
//! });
//! server.handle(&json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"protocolVersion": "2025-06-18"}}));
//! let Step::Call(call) = server.handle(&json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
//!     "params": {"name": "add", "arguments": {"a": 2}}})) else { unreachable!() };
//! let done = json!({"content": [{"type": "text", "text": "2"}]});
//! let reply = server.finish(call.call_id, CallOutcome::Returned(Some(done))).unwrap();
//! assert_eq!(reply["result"], json!({"content": [{"type": "text", "text": "2"}], "isError": false}));
//! ```
//!
//! Where the documented SDKs differ, the server follows the [`Dialect`] its face asks for;
//! `python.rs` and `typescript.rs` hold what differs.

mod jsonschema;
mod pyrepr;
mod python;
pub(crate) mod typescript;

use std::collections::HashMap;

use serde_json::{json, Value};

use crate::config::{Dialect, SdkServerDef, SdkToolDef};

/// The newest MCP protocol version the servers speak, answered to a client that asks for one
/// they do not know.
pub const LATEST_PROTOCOL_VERSION: &str = "2025-11-25";

const METHOD_NOT_FOUND: i64 = -32601;
const INVALID_PARAMS: i64 = -32602;

/// What to do after [`SdkServer::handle`].
#[derive(Debug, Clone, PartialEq)]
pub enum Step {
    /// Send this JSON-RPC reply.
    Reply(Value),
    /// Nothing to send: the message was a notification or a response.
    Silent,
    /// Run a tool's function on the host, then call [`SdkServer::finish`] with the outcome.
    Call(ToolCall),
}

/// A tool call the host runs.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolCall {
    /// Names this call in [`SdkServer::finish`].
    pub call_id: u64,
    pub tool: String,
    /// The arguments as the client sent them (`Null` when it sent none).
    pub arguments: Value,
}

/// How a tool's function ended on the host.
#[derive(Debug, Clone, PartialEq)]
pub enum CallOutcome {
    /// What the function returned, unchanged; `None` when it returned nothing JSON can say
    /// (JavaScript's `undefined`).
    Returned(Option<Value>),
    /// It raised or rejected: the error's text.
    Raised(String),
    /// The host's own argument check refused the arguments before calling it (the TS face's
    /// zod schemas): the issues it found.
    InvalidArguments(Value),
}

impl Step {
    /// The step as JSON, for a host that drives the server through text (the Python face
    /// serving a remote session): `{"reply": <message or null>}`, or
    /// `{"call": {"call_id", "tool", "arguments"}}`.
    pub fn to_json(&self) -> Value {
        match self {
            Step::Reply(reply) => json!({"reply": reply}),
            Step::Silent => json!({"reply": null}),
            Step::Call(c) => json!({"call": {
                "call_id": c.call_id, "tool": c.tool, "arguments": c.arguments}}),
        }
    }
}

impl CallOutcome {
    /// Reads an outcome written as an `mcp_tool_call` answer body (`{"result": ...}`, `{}`
    /// for nothing, `{"invalid_arguments": ...}`) or as `{"error": "<text>"}`.
    pub fn from_json(v: &Value) -> CallOutcome {
        if let Some(text) = v.get("error") {
            return CallOutcome::Raised(
                text.as_str()
                    .map_or_else(|| text.to_string(), str::to_string),
            );
        }
        if let Some(issues) = v.get("invalid_arguments") {
            return CallOutcome::InvalidArguments(issues.clone());
        }
        CallOutcome::Returned(v.get("result").cloned())
    }
}

/// One in-process SDK server. See the module docs.
#[derive(Debug)]
pub struct SdkServer {
    def: SdkServerDef,
    listing: Vec<Value>,
    initialized: bool,
    calls: HashMap<u64, PendingCall>,
    next_call: u64,
}

#[derive(Debug)]
struct PendingCall {
    request_id: Value,
    tool: String,
}

impl SdkServer {
    pub fn new(def: SdkServerDef) -> Self {
        let listing = def
            .tools
            .iter()
            .map(|t| listing_entry(def.dialect, t))
            .collect();
        SdkServer {
            def,
            listing,
            initialized: false,
            calls: HashMap::new(),
            next_call: 0,
        }
    }

    pub fn definition(&self) -> &SdkServerDef {
        &self.def
    }

    /// Takes one JSON-RPC message from the client.
    pub fn handle(&mut self, message: &Value) -> Step {
        let Some(method) = message.get("method").and_then(Value::as_str) else {
            return Step::Silent; // a response, or nothing we can answer
        };
        let Some(id) = message.get("id").cloned() else {
            return Step::Silent; // a notification
        };
        let params = message.get("params").unwrap_or(&Value::Null);
        let dialect = self.def.dialect;
        if dialect == Dialect::Python
            && !self.initialized
            && !matches!(method, "initialize" | "ping")
        {
            // The Python SDK's server refuses requests before the handshake.
            return Step::Reply(python::invalid_params(&id));
        }
        match method {
            "initialize" => Step::Reply(self.initialize(&id, params)),
            "ping" => Step::Reply(ok(&id, json!({}))),
            "tools/list" => Step::Reply(ok(&id, json!({"tools": self.listing}))),
            "tools/call" => self.call(id, params),
            _ => Step::Reply(match dialect {
                Dialect::Python => error(&id, METHOD_NOT_FOUND, "Method not found", Some(method)),
                Dialect::TypeScript => error(&id, METHOD_NOT_FOUND, "Method not found", None),
            }),
        }
    }

    /// The reply to the tool call `call_id` (from [`Step::Call`]); `None` for an unknown id.
    pub fn finish(&mut self, call_id: u64, outcome: CallOutcome) -> Option<Value> {
        let PendingCall { request_id, tool } = self.calls.remove(&call_id)?;
        Some(match self.def.dialect {
            Dialect::Python => ok(&request_id, python::call_result(outcome)),
            Dialect::TypeScript => match typescript::call_result(&tool, outcome) {
                Ok(result) => ok(&request_id, result),
                Err(message) => error(&request_id, INVALID_PARAMS, &message, None),
            },
        })
    }

    fn initialize(&mut self, id: &Value, params: &Value) -> Value {
        let dialect = self.def.dialect;
        let Some(requested) = params.get("protocolVersion").and_then(Value::as_str) else {
            return match dialect {
                Dialect::Python => python::invalid_params(id),
                Dialect::TypeScript => typescript::invalid_request(id, params, "protocolVersion"),
            };
        };
        let supported = match dialect {
            Dialect::Python => python::PROTOCOL_VERSIONS,
            Dialect::TypeScript => typescript::PROTOCOL_VERSIONS,
        };
        let version = if supported.contains(&requested) {
            requested
        } else {
            LATEST_PROTOCOL_VERSION
        };
        self.initialized = true;
        let mut result = json!({
            "protocolVersion": version,
            // The TS SDK's server may add tools later; the Python SDK's never does.
            "capabilities": {"tools": {"listChanged": dialect == Dialect::TypeScript}},
            "serverInfo": {"name": self.def.name, "version": self.def.version},
        });
        if let (Dialect::TypeScript, Some(text)) = (dialect, &self.def.instructions) {
            result["instructions"] = json!(text);
        }
        ok(id, result)
    }

    fn call(&mut self, id: Value, params: &Value) -> Step {
        let dialect = self.def.dialect;
        let Some(name) = params.get("name").and_then(Value::as_str) else {
            return Step::Reply(match dialect {
                Dialect::Python => python::invalid_params(&id),
                Dialect::TypeScript => typescript::invalid_request(&id, params, "name"),
            });
        };
        let arguments = params.get("arguments").cloned().unwrap_or(Value::Null);
        let Some(tool) = self.def.tools.iter().find(|t| t.name == name) else {
            let text = match dialect {
                Dialect::Python => format!("Tool '{name}' not found"),
                Dialect::TypeScript => format!("MCP error -32602: Tool {name} not found"),
            };
            return Step::Reply(ok(&id, error_result(&text)));
        };
        let arguments = match dialect {
            Dialect::Python => match python::check_arguments(arguments, &tool.input_schema) {
                Ok(arguments) => arguments,
                Err(Some(text)) => return Step::Reply(ok(&id, error_result(&text))),
                Err(None) => return Step::Reply(python::invalid_params(&id)),
            },
            Dialect::TypeScript => arguments,
        };
        let call_id = self.next_call;
        self.next_call += 1;
        self.calls.insert(
            call_id,
            PendingCall {
                request_id: id,
                tool: name.to_string(),
            },
        );
        Step::Call(ToolCall {
            call_id,
            tool: name.to_string(),
            arguments,
        })
    }
}

/// A tool's `tools/list` entry.
fn listing_entry(dialect: Dialect, tool: &SdkToolDef) -> Value {
    let mut entry = json!({
        "name": tool.name,
        "description": tool.description,
        "inputSchema": tool.input_schema,
    });
    match dialect {
        Dialect::Python => python::list_extras(&mut entry, tool),
        Dialect::TypeScript => typescript::list_extras(&mut entry, tool),
    }
    entry
}

fn ok(id: &Value, result: Value) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "result": result})
}

fn error(id: &Value, code: i64, message: &str, data: Option<&str>) -> Value {
    let mut error = json!({"code": code, "message": message});
    if let Some(data) = data {
        error["data"] = json!(data);
    }
    json!({"jsonrpc": "2.0", "id": id, "error": error})
}

/// A failed call the model reads: `isError` with one text.
fn error_result(text: &str) -> Value {
    json!({"content": [{"type": "text", "text": text}], "isError": true})
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn server(dialect: Dialect) -> SdkServer {
        SdkServer::new(SdkServerDef {
            name: "kit".into(),
            version: "2.0.0".into(),
            dialect,
            instructions: Some("Use the kit.".into()),
            plain_names: false,
            tools: vec![SdkToolDef {
                name: "add".into(),
                description: "Add".into(),
                input_schema: json!({"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"]}),
                annotations: Some(json!({"readOnlyHint": true, "maxResultSizeChars": 10})),
                meta: None,
            }],
        })
    }

    fn request(id: i64, method: &str, params: Value) -> Value {
        json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params})
    }

    fn reply(step: Step) -> Value {
        match step {
            Step::Reply(v) => v,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn initialize_negotiates_the_version() {
        for (dialect, asked, answered) in [
            (Dialect::Python, "2025-06-18", "2025-06-18"),
            (Dialect::Python, "2024-10-07", LATEST_PROTOCOL_VERSION),
            (Dialect::TypeScript, "2024-10-07", "2024-10-07"),
            (Dialect::TypeScript, "1999-01-01", LATEST_PROTOCOL_VERSION),
        ] {
            let mut s = server(dialect);
            let r = reply(s.handle(&request(1, "initialize", json!({"protocolVersion": asked}))));
            assert_eq!(
                r["result"]["protocolVersion"],
                json!(answered),
                "{dialect:?}"
            );
        }
        let mut s = server(Dialect::TypeScript);
        let r = reply(s.handle(&request(
            1,
            "initialize",
            json!({"protocolVersion": "2025-06-18"}),
        )));
        assert_eq!(
            r,
            json!({"jsonrpc": "2.0", "id": 1, "result": {
                "protocolVersion": "2025-06-18", "capabilities": {"tools": {"listChanged": true}},
                "serverInfo": {"name": "kit", "version": "2.0.0"}, "instructions": "Use the kit."}})
        );
    }

    #[test]
    fn python_refuses_requests_before_the_handshake() {
        let mut s = server(Dialect::Python);
        let r = reply(s.handle(&request(1, "tools/list", json!({}))));
        assert_eq!(r["error"]["code"], json!(INVALID_PARAMS));
        assert_eq!(
            reply(s.handle(&request(2, "ping", json!({}))))["result"],
            json!({})
        );
        let mut s = server(Dialect::TypeScript);
        assert!(
            reply(s.handle(&request(1, "tools/list", json!({}))))["result"]["tools"].is_array()
        );
    }

    #[test]
    fn steps_and_outcomes_as_json() {
        let call = Step::Call(ToolCall {
            call_id: 3,
            tool: "add".into(),
            arguments: json!({}),
        });
        assert_eq!(
            call.to_json(),
            json!({"call": {"call_id": 3, "tool": "add", "arguments": {}}})
        );
        assert_eq!(Step::Silent.to_json(), json!({"reply": null}));
        for (v, outcome) in [
            (json!({"result": 1}), CallOutcome::Returned(Some(json!(1)))),
            (json!({}), CallOutcome::Returned(None)),
            (json!({"error": "boom"}), CallOutcome::Raised("boom".into())),
            (
                json!({"invalid_arguments": []}),
                CallOutcome::InvalidArguments(json!([])),
            ),
        ] {
            assert_eq!(CallOutcome::from_json(&v), outcome);
        }
    }

    #[test]
    fn notifications_and_responses_get_no_reply() {
        let mut s = server(Dialect::Python);
        let note = json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
        assert_eq!(s.handle(&note), Step::Silent);
        assert_eq!(
            s.handle(&json!({"jsonrpc": "2.0", "id": 3, "result": {}})),
            Step::Silent
        );
    }

    #[test]
    fn unknown_methods() {
        let mut s = server(Dialect::Python);
        s.handle(&request(
            0,
            "initialize",
            json!({"protocolVersion": "2025-06-18"}),
        ));
        assert_eq!(
            reply(s.handle(&request(1, "resources/list", json!({})))),
            json!({"jsonrpc": "2.0", "id": 1, "error": {"code": -32601, "message": "Method not found", "data": "resources/list"}})
        );
        let mut s = server(Dialect::TypeScript);
        assert_eq!(
            reply(s.handle(&request(1, "resources/list", json!({})))),
            json!({"jsonrpc": "2.0", "id": 1, "error": {"code": -32601, "message": "Method not found"}})
        );
    }

    #[test]
    fn calls_go_to_the_host_and_come_back_as_results() {
        let mut s = server(Dialect::Python);
        s.handle(&request(
            0,
            "initialize",
            json!({"protocolVersion": "2025-06-18"}),
        ));
        let call = |s: &mut SdkServer, args: Value| {
            s.handle(&request(
                7,
                "tools/call",
                json!({"name": "add", "arguments": args}),
            ))
        };
        let Step::Call(c) = call(&mut s, json!({"a": 1})) else {
            panic!()
        };
        assert_eq!((c.tool.as_str(), &c.arguments), ("add", &json!({"a": 1})));
        let r = s.finish(c.call_id, CallOutcome::Raised("boom".into()));
        assert_eq!(
            r.unwrap(),
            json!({"jsonrpc": "2.0", "id": 7, "result": {"content": [{"type": "text", "text": "boom"}], "isError": true}})
        );
        assert_eq!(
            s.finish(c.call_id, CallOutcome::Raised("again".into())),
            None
        );
        let r = reply(call(&mut s, json!({"a": "x"})));
        assert_eq!(
            r["result"]["content"][0]["text"],
            json!("Input validation error: 'x' is not of type 'integer'")
        );
        let r = reply(s.handle(&request(8, "tools/call", json!({"name": "nope"}))));
        assert_eq!(
            r["result"]["content"][0]["text"],
            json!("Tool 'nope' not found")
        );
    }
}

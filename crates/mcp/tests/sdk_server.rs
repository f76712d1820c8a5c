//! The in-process SDK server, end to end.
//!
//! - against the references' recorded JSON-RPC (tests/conformance/mcp/jsonrpc): the same
//!   messages, the same tools, each dialect's replies equal to its reference's. The tools'
//!   functions are played here from their specs (sdk/tools.py); the TS face checks arguments
//!   with zod itself, so its issues are taken from the recorded reply and what is checked is
//!   how the server words them;
//! - connected as a session connects it: its tools called through a host that answers
//!   `mcp_tool_call`, their results rendered as tool results.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use futures::future::BoxFuture;
use oxagent_core::host::Host;
use oxagent_core::protocol::control::{ControlRequest, ControlResponse, ToolCallAnswer};
use oxagent_core::signal::AbortSignal;
use oxagent_core::tool::{ToolContext, ToolOutput};
use oxagent_mcp::config::{Dialect, McpServer, SdkServerDef, SdkToolDef};
use oxagent_mcp::server::{CallOutcome, SdkServer, Step};
use serde_json::{json, Value};

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/conformance/mcp/jsonrpc")
}

fn read(name: &str) -> Value {
    let path = dir().join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Replies that depend on text the reference's libraries write and oxagent does not copy.
/// (dialect, tool called, why)
const NOT_COPIED: &[(Dialect, &str, &str)] = &[(
    Dialect::Python,
    "text_number",
    "a non-string text: pydantic's multi-line validation report",
)];

/// The server as the face declares it: the listed input schemas of the reference (each face
/// converts its own schemas), the annotations and hints as the user gave them.
fn definition(dialect: Dialect, spec: &Value, golden: &Value) -> SdkServerDef {
    let listing = golden
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|c| c["replies"].as_array().cloned().unwrap_or_default())
        .find_map(|r| r.pointer("/result/tools").cloned())
        .expect("a tools/list reply");
    let tools = spec["tools"]
        .as_array()
        .unwrap_or(&Vec::new())
        .iter()
        .map(|t| {
            let name = t["name"].as_str().unwrap_or_default();
            let listed = listing
                .as_array()
                .and_then(|l| l.iter().find(|x| x["name"] == json!(name)))
                .expect("the tool is listed");
            let mut meta = serde_json::Map::new();
            if let Some(hint) = t.get("search_hint") {
                meta.insert("anthropic/searchHint".into(), hint.clone());
            }
            if t.get("always_load") == Some(&json!(true)) {
                meta.insert("anthropic/alwaysLoad".into(), json!(true));
            }
            SdkToolDef {
                name: name.to_string(),
                description: t["description"].as_str().unwrap_or_default().to_string(),
                input_schema: listed["inputSchema"].clone(),
                annotations: t.get("annotations").cloned(),
                meta: (dialect == Dialect::TypeScript && !meta.is_empty())
                    .then_some(Value::Object(meta)),
            }
        })
        .collect();
    SdkServerDef {
        name: spec["name"].as_str().unwrap_or_default().to_string(),
        version: spec["version"].as_str().unwrap_or("1.0.0").to_string(),
        dialect,
        instructions: spec["instructions"].as_str().map(str::to_string),
        tools,
        plain_names: false,
    }
}

/// What the tool's function does (sdk/tools.py), as the face would report it.
fn run(dialect: Dialect, spec: &Value, tool: &str, args: &Value, recorded: &Value) -> CallOutcome {
    let text = recorded
        .pointer("/result/content/0/text")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let marker = format!("Invalid arguments for tool {tool}: ");
    if dialect == Dialect::TypeScript {
        if let Some(at) = text.find(&marker) {
            let issues = serde_json::from_str(&text[at + marker.len()..]).expect("zod issues");
            return CallOutcome::InvalidArguments(issues);
        }
    }
    let t = spec["tools"]
        .as_array()
        .and_then(|ts| ts.iter().find(|t| t["name"] == json!(tool)))
        .expect("a tool of the spec");
    let run = &t["run"];
    let show = |v: &Value| match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    let text_result = |text: String| json!({"content": [{"type": "text", "text": text}]});
    if let Some(names) = run.get("sum").and_then(Value::as_array) {
        let sum: i64 = names
            .iter()
            .filter_map(|n| args.get(n.as_str()?)?.as_i64())
            .sum();
        CallOutcome::Returned(Some(text_result(sum.to_string())))
    } else if let Some(template) = run.get("text").and_then(Value::as_str) {
        let mut out = template.to_string();
        for (k, v) in args.as_object().into_iter().flatten() {
            out = out.replace(&format!("{{{k}}}"), &show(v));
        }
        CallOutcome::Returned(Some(text_result(out)))
    } else if let Some(message) = run.get("raise").and_then(Value::as_str) {
        CallOutcome::Raised(message.to_string())
    } else {
        CallOutcome::Returned(Some(run["return"].clone()))
    }
}

fn check(dialect: Dialect, golden_file: &str) {
    let cases = read("cases.json");
    let golden = read(golden_file);
    let spec = &cases["server"];
    let def = definition(dialect, spec, &golden);
    let mut compared = 0;
    for (case, recorded) in cases["cases"]
        .as_array()
        .into_iter()
        .flatten()
        .zip(golden.as_array().into_iter().flatten())
    {
        let name = case["name"].as_str().unwrap_or_default();
        assert_eq!(recorded["name"], json!(name));
        let mut server = SdkServer::new(def.clone());
        for (message, expected) in case["messages"]
            .as_array()
            .into_iter()
            .flatten()
            .zip(recorded["replies"].as_array().into_iter().flatten())
        {
            let reply = match server.handle(message) {
                Step::Reply(r) => Some(r),
                // The Python face acknowledges a notification itself.
                Step::Silent if dialect == Dialect::Python => {
                    Some(json!({"jsonrpc": "2.0", "result": {}}))
                }
                Step::Silent => None,
                Step::Call(call) => {
                    let outcome = run(dialect, spec, &call.tool, &call.arguments, expected);
                    server.finish(call.call_id, outcome)
                }
            };
            let tool = message.pointer("/params/name").and_then(Value::as_str);
            if NOT_COPIED
                .iter()
                .any(|(d, t, _)| *d == dialect && Some(*t) == tool)
            {
                continue;
            }
            assert_eq!(
                reply.unwrap_or(Value::Null),
                *expected,
                "{dialect:?} case {name}, message {message}"
            );
            compared += 1;
        }
    }
    assert!(compared > 50, "only {compared} replies compared");
}

#[test]
fn python_dialect_answers_as_the_python_sdk() {
    check(Dialect::Python, "golden/python.json");
}

#[test]
fn typescript_dialect_answers_as_the_ts_sdk() {
    check(Dialect::TypeScript, "golden/ts.json");
}

/// A host whose tool functions are: `add` (sums a and b), `boom` (raises), `nothing`
/// (returns undefined); it keeps what it was asked.
#[derive(Default)]
struct Functions {
    asked: Mutex<Vec<ControlRequest>>,
}

impl Host for Functions {
    fn control(&self, request: ControlRequest) -> BoxFuture<'_, Result<ControlResponse, String>> {
        self.asked.lock().unwrap().push(request.clone());
        Box::pin(async move {
            let ControlRequest::McpToolCall(call) = request else {
                return Err("not mine".into());
            };
            let answer = match call.tool_name.as_str() {
                "add" => {
                    let sum = call.arguments["a"].as_i64().unwrap_or(0)
                        + call.arguments["b"].as_i64().unwrap_or(0);
                    ToolCallAnswer::Returned(Some(
                        json!({"content": [{"type": "text", "text": sum.to_string()}]}),
                    ))
                }
                "boom" => return Err("tool exploded".into()),
                _ => ToolCallAnswer::Returned(None),
            };
            Ok(ControlResponse::ToolCall(answer))
        })
    }
}

fn tool_def(name: &str, schema: Value) -> SdkToolDef {
    SdkToolDef {
        name: name.into(),
        description: format!("The {name} tool."),
        input_schema: schema,
        annotations: (name == "add").then(|| json!({"readOnlyHint": true})),
        meta: None,
    }
}

fn text_of(out: &ToolOutput) -> String {
    out.content.as_text()
}

#[tokio::test]
async fn a_session_calls_the_tools_through_its_host() {
    let add_schema = json!({"type": "object", "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}}, "required": ["a", "b"]});
    let host = Arc::new(Functions::default());
    let env = Default::default();
    let cwd = std::env::temp_dir();
    for dialect in [Dialect::Python, Dialect::TypeScript] {
        let servers = [McpServer::Sdk {
            name: "kit".into(),
            server: SdkServerDef {
                name: "kit".into(),
                version: "1.0.0".into(),
                dialect,
                instructions: None,
                plain_names: false,
                tools: vec![
                    tool_def("add", add_schema.clone()),
                    tool_def("boom", json!({"type": "object"})),
                    tool_def("nothing", json!({"type": "object"})),
                ],
            },
        }];
        let ctx = oxagent_mcp::ConnectContext {
            host: host.clone(),
            env: &env,
            cwd: &cwd,
            results_root: None,
            run_as: None,
            watch: None,
        };
        let connected = oxagent_mcp::connect_all(&servers, &ctx).await;
        let status = serde_json::to_value(&connected.statuses).unwrap();
        assert_eq!(
            status,
            json!([{"name": "kit", "status": "connected", "source": "sdk"}])
        );
        let names: Vec<&str> = connected.tools.iter().map(|t| t.name()).collect();
        assert_eq!(
            names,
            ["mcp__kit__add", "mcp__kit__boom", "mcp__kit__nothing"]
        );
        let add = &connected.tools[0];
        assert!(add.is_read_only(&json!({})) && add.validates_own_input());
        let ctx = ToolContext {
            session_id: "s".into(),
            tool_use_id: "toolu_01".into(),
            cwd: cwd.clone(),
            shell_dir: None,
            additional_directories: Vec::new(),
            env: Default::default(),
            abort: AbortSignal::new(),
            agent_id: None,
            prompt_id: None,
            conversation: None,
            read_denied: Vec::new(),
            permission_mode: Default::default(),
        };
        let out = add.call(json!({"a": 2, "b": 3}), &ctx).await;
        assert_eq!((text_of(&out), out.is_error), ("5".to_string(), None));
        let out = connected.tools[1].call(json!({}), &ctx).await;
        assert_eq!(
            out,
            ToolOutput::error("tool exploded").with_structured(json!("Error: tool exploded"))
        );
        let bad = add.call(json!({"a": 2}), &ctx).await;
        let nothing = connected.tools[2].call(json!({}), &ctx).await;
        match dialect {
            Dialect::Python => {
                // Checked before the host is asked.
                assert_eq!(
                    text_of(&bad),
                    "Input validation error: 'b' is a required property"
                );
                assert_eq!(
                    text_of(&nothing),
                    "'NoneType' object has no attribute 'get'"
                );
            }
            Dialect::TypeScript => {
                // The face checks (zod); without an answer of that kind the function runs.
                assert_eq!(text_of(&bad), "2");
                assert!(
                    text_of(&nothing).starts_with("MCP error -32602: Invalid tools/call result: [\n  {\n    \"expected\": \"object\""),
                    "{}",
                    text_of(&nothing)
                );
            }
        }
    }
    let asked = host.asked.lock().unwrap();
    assert!(
        asked.iter().all(|r| r.subtype() == "mcp_tool_call"),
        "{asked:?}"
    );
}

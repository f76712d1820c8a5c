//! Runs one conformance scenario (the harness's JSON format) through `oxagent::query_with`
//! against the scripted server, and projects messages onto what the comparison covers.

mod before;
mod behaviors;
pub(crate) mod workspace;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use futures::StreamExt;
use oxagent::Options;
use oxagent_testkit::ScriptedServer;
use serde_json::{json, Map, Value};

pub struct ScenarioRun {
    pub messages: Vec<Value>,
    pub golden: Vec<Value>,
    pub files: Value,
    pub golden_files: Option<Value>,
}

fn conformance_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/conformance")
}

fn load(rel: &str) -> Value {
    let path = conformance_dir().join(rel);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap()
}

/// Runs scenario `name` on a runtime of its own and compares it with the reference: the
/// differences (messages as projected, then the workspace's text files), and our projected
/// messages.
pub fn differences(name: &str) -> (Vec<String>, Vec<Value>) {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    let ScenarioRun {
        messages,
        golden,
        files,
        golden_files,
    } = rt.block_on(run_scenario(name));
    let ours = project_all(&messages);
    let theirs = project_all(&golden);
    let mut diffs = Vec::new();
    diff(
        "messages",
        &Value::Array(theirs),
        &Value::Array(ours.clone()),
        &mut diffs,
    );
    if let Some(Value::Object(gf)) = golden_files {
        // Text files are compared by content; large and binary ones (hashed in the traces)
        // only by presence.
        for (path, want) in gf {
            match (&want, files.get(&path)) {
                (_, None) => diffs.push(format!("files.{path}: missing here")),
                (Value::String(_) | Value::Null, Some(got)) => {
                    diff(&format!("files.{path}"), &want, got, &mut diffs)
                }
                _ => {}
            }
        }
    }
    (diffs, ours)
}

pub async fn run_scenario(name: &str) -> ScenarioRun {
    run_scenario_with_requests(name).await.0
}

/// [`run_scenario`], also handing back the request bodies the scripted server received
/// (normalized) and the reference's (`golden-ts` `requests`).
pub async fn run_scenario_with_requests(name: &str) -> (ScenarioRun, Vec<Value>, Vec<Value>) {
    // `dir/name`: a scenario of the project's own, beside its `dir/golden-ts/` traces.
    let (raw, golden) = match name.rsplit_once('/') {
        Some((dir, base)) => (
            load(&format!("{dir}/{base}.json")),
            load(&format!("{dir}/golden-ts/{base}.json")),
        ),
        None => (
            load(&format!("scenarios/{name}.json")),
            load(&format!("golden-ts/{name}.json")),
        ),
    };
    let ws = workspace::Workspace::new();
    let scenario = ws.resolve(&raw);
    ws.lay(&scenario);

    let server = ScriptedServer::start(scenario.clone()).await.unwrap();
    if let Some(port) = server.url().rsplit(':').next().and_then(|p| p.parse().ok()) {
        let _ = ws.mock_port.set(port);
    }
    let mut env = json!({
        "ANTHROPIC_BASE_URL": server.url(),
        "ANTHROPIC_API_KEY": "sk-test",
        "HOME": ws.home.to_string_lossy(),
        "TMPDIR": ws.tmp.to_string_lossy(),
    });
    if let Some(Value::Object(extra)) = scenario.get("env") {
        for (k, v) in extra {
            env[k] = v.clone();
            // The process environment is what the HTTP client reads for its own settings.
        }
    }
    let mut opts: Map<String, Value> = scenario
        .get("options")
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default();
    opts.insert("cwd".into(), json!(ws.ws.to_string_lossy()));
    // The scenario's own `env` option over the harness's variables.
    if let Some(Value::Object(own)) = opts.get("env") {
        for (k, v) in own {
            env[k] = v.clone();
        }
    }
    opts.insert("env".into(), env);
    let prompt = scenario["prompt"].as_str().unwrap_or("").to_string();
    // `session_store`: one store every query of the scenario keeps its rows in; as the
    // harness's, it can append and load only.
    let store: Option<Arc<dyn oxagent::store::SessionStore>> = scenario
        .get("session_store")
        .map(|_| Arc::new(AppendLoadStore::default()) as _);
    let store = store.as_ref();
    let mut messages = query(&scenario, &opts, prompt, store).await;
    // Follow-up queries (`then`): the scenario's options updated with their own (`null`
    // removes one), `<SESSION_ID_n>` being the session of query n.
    let mut sessions = vec![session_of(&messages)];
    let mut uuids = vec![message_uuids(&messages)];
    for q in scenario["then"].as_array().cloned().unwrap_or_default() {
        let refs = |v: &Value| with_message_uuids(&with_session_ids(v, &sessions), &uuids);
        let mut o = opts.clone();
        for (k, v) in q["options"].as_object().cloned().unwrap_or_default() {
            if v.is_null() {
                o.remove(&k);
            } else {
                o.insert(k, refs(&v));
            }
        }
        let prompt = refs(&q["prompt"]).as_str().unwrap_or("").to_string();
        before::run(&q["before"], &sessions, &ws.home);
        let more = query(&scenario, &o, prompt, store).await;
        sessions.push(session_of(&more));
        uuids.push(message_uuids(&more));
        messages.extend(more);
    }
    // With `then`, session ids -> <SESSION_n> in order of first appearance, as the traces
    // have them.
    let numbered = |v: &Value| {
        if scenario.get("then").is_none() {
            return v.clone();
        }
        let mut v = v.clone();
        // A query refused before it started has no session (vk_sid_reuse).
        for (i, id) in sessions.iter().enumerate().filter(|(_, id)| !id.is_empty()) {
            v = replaced(&v, id, &format!("<SESSION_{}>", i + 1));
        }
        v
    };
    messages = messages.iter().map(numbered).collect();
    let messages = number_ids(messages)
        .into_iter()
        .map(|m| pinned(&ws.normalize(&m)))
        .collect();
    let requests = server
        .requests()
        .into_iter()
        .filter(|r| r.path.starts_with("/v1/messages"))
        .filter_map(|r| r.body)
        .map(|b| ws.normalize(&numbered(&b)))
        .collect();
    let run = ScenarioRun {
        messages,
        golden: golden["messages"].as_array().cloned().unwrap_or_default(),
        files: ws.normalize(&ws.files()),
        golden_files: golden.get("files").cloned(),
    };
    let golden_requests = golden["requests"].as_array().cloned().unwrap_or_default();
    (run, requests, golden_requests)
}

/// What tests/conformance/sendmsg/run_sendmsg.py normalizes in the traces: a SendMessage
/// delivery's random `pin.ref` -> `<PIN_REF>`, the short agent id of "Resuming agent
/// a1b2c3d" -> `<AGENT_SHORT>`.
fn pinned(v: &Value) -> Value {
    fn text(s: &str) -> String {
        let mut s = s.to_string();
        for (marker, width, with) in [
            ("\"ref\":\"", 6, "<PIN_REF>"),
            ("Resuming agent a", 6, "<AGENT_SHORT>"),
        ] {
            let mut from = 0;
            while let Some(at) = s[from..].find(marker).map(|i| i + from) {
                let start = if marker.ends_with('a') {
                    at + marker.len() - 1
                } else {
                    at + marker.len()
                };
                let end = at + marker.len() + width;
                let hex = s
                    .get(at + marker.len()..end)
                    .is_some_and(|h| h.chars().all(|c| c.is_ascii_hexdigit()));
                if hex {
                    s.replace_range(start..end, with);
                }
                from = at + marker.len();
            }
        }
        s
    }
    match v {
        Value::String(s) => Value::String(text(s)),
        Value::Array(a) => Value::Array(a.iter().map(pinned).collect()),
        Value::Object(o) => Value::Object(
            o.iter()
                .map(|(k, v)| match (k.as_str(), v) {
                    ("pin", Value::Object(p)) => {
                        let mut p = p.clone();
                        if p.contains_key("ref") {
                            p.insert("ref".into(), json!("<PIN_REF>"));
                        }
                        (k.clone(), Value::Object(p))
                    }
                    _ => (k.clone(), pinned(v)),
                })
                .collect(),
        ),
        other => other.clone(),
    }
}

/// Runs one query of a scenario to its end.
async fn query(
    scenario: &Value,
    opts: &Map<String, Value>,
    prompt: String,
    store: Option<&Arc<dyn oxagent::store::SessionStore>>,
) -> Vec<Value> {
    let mut options = match scenario.get("ts_options").and_then(Value::as_object) {
        // TypeScript-only options: the whole set is read as the Node face sends it (the
        // scenario's own options under their TypeScript names).
        Some(ts) => {
            let face = oxagent::Face::Node;
            let mut node: Map<String, Value> = opts
                .iter()
                .map(|(k, v)| (oxagent::options::name_in(face, k).to_string(), v.clone()))
                .collect();
            node.extend(ts.clone());
            Options::from_face(&Value::Object(node), face).unwrap()
        }
        None => Options::from_json(&Value::Object(opts.clone())).unwrap(),
    };
    if let Some(store) = store {
        options.session_store = Some(oxagent::SessionStoreOption::Native(store.clone()));
    }
    let callbacks = behaviors::callbacks(scenario.get("behaviors"));
    let mut stream = oxagent::query_with(prompt, options, callbacks);
    let mut messages = Vec::new();
    while let Some(m) = stream.next().await {
        match m {
            Ok(m) => messages.push(serde_json::to_value(m).unwrap()),
            // A session that refuses to start yields nothing (the faces raise, as the
            // reference's CLI exits before its first message).
            Err(oxagent::Error::Options(e)) if messages.is_empty() => {
                // Or options the faces refuse before it starts (a store that cannot list
                // sessions for continue_conversation).
                let refused = e.kind == oxagent::OptionsErrorKind::Refused
                    || e.option == "continue_conversation";
                assert!(refused, "{e}");
                break;
            }
            Err(e) => panic!("{e}"),
        }
    }
    messages
}

fn session_of(messages: &[Value]) -> String {
    messages
        .iter()
        .find_map(|m| m["session_id"].as_str())
        .unwrap_or("")
        .to_string()
}

/// The uuids of a query's assistant and user messages, in order.
fn message_uuids(messages: &[Value]) -> [Vec<String>; 2] {
    let of = |kind: &str| {
        messages
            .iter()
            .filter(|m| m["type"] == kind)
            .filter_map(|m| m["uuid"].as_str().map(str::to_string))
            .collect()
    };
    [of("assistant"), of("user")]
}

/// `<ASSISTANT_UUID_n_k>` / `<USER_UUID_n_k>` -> the uuid of the k-th (0-based; -1 the last,
/// -2 the one before it)
/// assistant / user message of query n.
fn with_message_uuids(v: &Value, uuids: &[[Vec<String>; 2]]) -> Value {
    let mut out = v.clone();
    for (i, [assistant, user]) in uuids.iter().enumerate() {
        for (name, list) in [("ASSISTANT", assistant), ("USER", user)] {
            for (k, id) in list.iter().enumerate() {
                out = replaced(&out, &format!("<{name}_UUID_{}_{k}>", i + 1), id);
            }
            // Counted from the end: -1 the last, -2 the one before it, ...
            for (back, id) in list.iter().rev().enumerate() {
                out = replaced(&out, &format!("<{name}_UUID_{}_-{}>", i + 1, back + 1), id);
            }
        }
    }
    // A message the query did not give: what the harness's drivers put in its place.
    if let Value::String(text) = &out {
        if text.contains("_UUID_") && text.starts_with('<') && text.ends_with('>') {
            return json!("<NO-UUID>");
        }
    }
    out
}

/// `<SESSION_ID_n>` -> the session id of query n.
fn with_session_ids(v: &Value, sessions: &[String]) -> Value {
    let mut out = v.clone();
    for (i, id) in sessions.iter().enumerate() {
        // A query that gave no session: what the harness's drivers put in its place.
        let id = if id.is_empty() { "<NO-SESSION>" } else { id };
        out = replaced(&out, &format!("<SESSION_ID_{}>", i + 1), id);
    }
    out
}

fn replaced(v: &Value, from: &str, to: &str) -> Value {
    match v {
        Value::String(s) => Value::String(s.replace(from, to)),
        Value::Array(a) => Value::Array(a.iter().map(|x| replaced(x, from, to)).collect()),
        Value::Object(m) => Value::Object(
            m.iter()
                .map(|(k, x)| (k.clone(), replaced(x, from, to)))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// Background task and run ids -> `<TASK_ID_n>` / `<RUN_ID_n>` in order of appearance,
/// wherever they occur (also inside texts), as the traces have them.
fn number_ids(messages: Vec<Value>) -> Vec<Value> {
    fn collect(v: &Value, ids: &mut Vec<(String, String)>) {
        match v {
            Value::Object(m) => {
                for (k, x) in m {
                    let kind = match k.as_str() {
                        "task_id" | "backgroundTaskId" => Some("TASK_ID"),
                        "run_id" => Some("RUN_ID"),
                        _ => None,
                    };
                    match (kind, x.as_str()) {
                        (Some(kind), Some(id))
                            if !id.starts_with('<') && !ids.iter().any(|(i, _)| i == id) =>
                        {
                            let n = ids
                                .iter()
                                .filter(|(_, p)| p.starts_with(&format!("<{kind}_")))
                                .count()
                                + 1;
                            ids.push((id.to_string(), format!("<{kind}_{n}>")));
                        }
                        _ => collect(x, ids),
                    }
                }
            }
            Value::Array(a) => a.iter().for_each(|x| collect(x, ids)),
            _ => {}
        }
    }
    fn replace(v: &Value, ids: &[(String, String)]) -> Value {
        match v {
            Value::String(s) => {
                Value::String(ids.iter().fold(s.clone(), |s, (id, p)| s.replace(id, p)))
            }
            Value::Array(a) => Value::Array(a.iter().map(|x| replace(x, ids)).collect()),
            Value::Object(m) => Value::Object(
                m.iter()
                    .map(|(k, x)| (k.clone(), replace(x, ids)))
                    .collect(),
            ),
            other => other.clone(),
        }
    }
    let mut ids = Vec::new();
    messages.iter().for_each(|m| collect(m, &mut ids));
    messages.iter().map(|m| replace(m, &ids)).collect()
}

fn usage4(u: &Value) -> Value {
    json!({
        "input_tokens": u["input_tokens"], "output_tokens": u["output_tokens"],
        "cache_creation_input_tokens": u["cache_creation_input_tokens"],
        "cache_read_input_tokens": u["cache_read_input_tokens"],
    })
}

fn round(v: &Value) -> Value {
    match v.as_f64() {
        Some(f) if v.is_f64() => json!((f * 1e9).round() / 1e9),
        _ => v.clone(),
    }
}

fn strip(v: &Value, drop: &[&str]) -> Value {
    match v {
        Value::Object(m) => Value::Object(
            m.iter()
                .filter(|(k, _)| !drop.contains(&k.as_str()))
                .map(|(k, v)| (k.clone(), strip(v, drop)))
                .collect(),
        ),
        Value::Array(a) => Value::Array(a.iter().map(|x| strip(x, drop)).collect()),
        other => other.clone(),
    }
}

/// The keys the harness's normalization drops (normalize.py).
const VOLATILE: &[&str] = &[
    "uuid",
    "user_message_uuid",
    "user_message_uuids",
    "session_id",
    "duration_ms",
    "duration_api_ms",
    "durationMs",
    "totalDurationMs",
    "retry_delay_ms",
    "timestamp",
    "request_id",
    "cache_control",
];

/// The part of a message the comparison covers.
pub fn project(m: &Value) -> Value {
    let t = m["type"].as_str().unwrap_or("");
    match t {
        "system" if m["subtype"] == "init" => json!({
            "type": "system", "subtype": "init", "cwd": m["cwd"], "mcp_servers": m["mcp_servers"],
            "model": m["model"], "permissionMode": m["permissionMode"], "apiKeySource": m["apiKeySource"],
        }),
        "system" => strip(m, VOLATILE),
        "assistant" => {
            let msg = &m["message"];
            json!({"type": "assistant", "id": msg["id"], "model": msg["model"], "content": strip(&msg["content"], VOLATILE),
                "stop_reason": msg["stop_reason"], "usage": usage4(&msg["usage"]),
                "parent_tool_use_id": m["parent_tool_use_id"], "error": m.get("error").cloned().unwrap_or(Value::Null)})
        }
        "user" => {
            json!({"type": "user", "content": m["message"]["content"], "parent_tool_use_id": m.get("parent_tool_use_id").cloned().unwrap_or(Value::Null),
            "tool_use_result": strip(m.get("tool_use_result").unwrap_or(&Value::Null), VOLATILE)})
        }
        "result" => {
            let mut mu = Map::new();
            if let Some(Value::Object(models)) = m.get("modelUsage") {
                for (k, v) in models {
                    mu.insert(k.clone(), json!({"inputTokens": v["inputTokens"], "outputTokens": v["outputTokens"],
                        "cacheReadInputTokens": v["cacheReadInputTokens"], "cacheCreationInputTokens": v["cacheCreationInputTokens"],
                        "costUSD": round(&v["costUSD"])}));
                }
            }
            json!({"type": "result", "subtype": m["subtype"], "is_error": m["is_error"], "num_turns": m["num_turns"],
                "stop_reason": m["stop_reason"], "result": m.get("result").cloned().unwrap_or(Value::Null),
                "total_cost_usd": round(&m["total_cost_usd"]), "permission_denials": m["permission_denials"],
                "errors": m.get("errors").cloned().unwrap_or(Value::Null), "api_error_status": m.get("api_error_status").cloned().unwrap_or(Value::Null),
                "terminal_reason": m.get("terminal_reason").cloned().unwrap_or(Value::Null), "usage": usage4(&m["usage"]), "modelUsage": Value::Object(mu)})
        }
        _ => strip(m, VOLATILE),
    }
}

fn tool_result_id(m: &Value) -> Option<String> {
    if m["type"] != "user" {
        return None;
    }
    let b = &m["content"][0];
    (b["type"] == "tool_result").then(|| b["tool_use_id"].as_str().unwrap_or("").to_string())
}

/// Projects every message, sorting runs of tool-result messages by tool_use_id (parallel
/// tools finish in any order).
pub fn project_all(messages: &[Value]) -> Vec<Value> {
    let mut out: Vec<Value> = messages.iter().map(project).collect();
    out.iter_mut().for_each(mask_times);
    let mut i = 0;
    while i < out.len() {
        let mut j = i;
        while j < out.len() && tool_result_id(&out[j]).is_some() {
            j += 1;
        }
        if j > i + 1 {
            out[i..j].sort_by_key(|m| tool_result_id(m).unwrap_or_default());
        }
        i = j.max(i + 1);
    }
    out
}

/// The durations a `/cost` report gives depend on the machine's speed: the goldens hold
/// them as `<DUR>` (tests/conformance/ci_subset.py masks them the same way).
fn mask_times(v: &mut Value) {
    match v {
        Value::String(s) if s.contains("Total duration (") => {
            let mut out = String::new();
            for (i, line) in s.split('\n').enumerate() {
                if i > 0 {
                    out.push('\n');
                }
                let label = ["Total duration (API):", "Total duration (wall):"]
                    .into_iter()
                    .find(|l| line.contains(l));
                match label.and_then(|l| line.find(l).map(|at| at + l.len())) {
                    Some(end) => {
                        let rest = &line[end..];
                        let blanks = rest.len() - rest.trim_start().len();
                        let digits = rest.trim_start();
                        let kept = digits.trim_start_matches(|c: char| {
                            c.is_ascii_digit() || "dhms .".contains(c)
                        });
                        if digits.starts_with(|c: char| c.is_ascii_digit()) {
                            out.push_str(&line[..end + blanks]);
                            out.push_str("<DUR>");
                            out.push_str(kept);
                        } else {
                            out.push_str(line);
                        }
                    }
                    None => out.push_str(line),
                }
            }
            *s = out;
        }
        Value::Array(a) => a.iter_mut().for_each(mask_times),
        Value::Object(o) => o.values_mut().for_each(mask_times),
        _ => {}
    }
}

pub fn diff(path: &str, want: &Value, got: &Value, out: &mut Vec<String>) {
    match (want, got) {
        (Value::Object(a), Value::Object(b)) => {
            for (k, v) in a {
                diff(
                    &format!("{path}.{k}"),
                    v,
                    b.get(k).unwrap_or(&Value::Null),
                    out,
                );
            }
            for (k, v) in b {
                if !a.contains_key(k) && !v.is_null() {
                    out.push(format!("{path}.{k}: unexpected {v}"));
                }
            }
        }
        (Value::Array(a), Value::Array(b)) => {
            if a.len() != b.len() {
                out.push(format!(
                    "{path}: {} items in the reference, {} here",
                    a.len(),
                    b.len()
                ));
            }
            for (i, (x, y)) in a.iter().zip(b.iter()).enumerate() {
                diff(&format!("{path}[{i}]"), x, y, out);
            }
        }
        _ if want == got => {}
        (Value::Number(x), Value::Number(y))
            if (x.as_f64().unwrap_or(0.0) - y.as_f64().unwrap_or(0.0)).abs() < 1e-9 => {}
        _ => out.push(format!("{path}: reference {want}, here {got}")),
    }
}

/// A session store that can append and load, nothing more (the harness's recording store).
#[derive(Default)]
struct AppendLoadStore(oxagent::store::InMemorySessionStore);

impl oxagent::store::SessionStore for AppendLoadStore {
    fn append<'a>(
        &'a self,
        key: &'a oxagent::store::SessionKey,
        entries: &'a [Value],
    ) -> futures::future::BoxFuture<'a, oxagent::store::StoreResult<()>> {
        self.0.append(key, entries)
    }

    fn load<'a>(
        &'a self,
        key: &'a oxagent::store::SessionKey,
    ) -> futures::future::BoxFuture<'a, oxagent::store::StoreResult<Option<Vec<Value>>>> {
        self.0.load(key)
    }
}

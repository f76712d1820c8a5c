//! The loop against the scripted Messages API server: what a caller of `query()` sees.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;

use futures::StreamExt;
use oxagent::{Callbacks, Message, Options, PermissionResult};
use oxagent_testkit::ScriptedServer;
use serde_json::{json, Value};

struct Run {
    messages: Vec<Value>,
    requests: Vec<Value>,
}

impl Run {
    fn of_type(&self, t: &str) -> Vec<&Value> {
        self.messages.iter().filter(|m| m["type"] == t).collect()
    }
    fn result(&self) -> &Value {
        self.messages.last().expect("a result")
    }
    fn tool_results(&self) -> Vec<(String, Value, Value)> {
        self.of_type("user")
            .into_iter()
            .filter_map(|m| {
                let b = &m["message"]["content"][0];
                (b["type"] == "tool_result").then(|| {
                    (
                        b["content"].as_str().unwrap_or("").to_string(),
                        b.get("is_error").cloned().unwrap_or(Value::Null),
                        m.get("tool_use_result").cloned().unwrap_or(Value::Null),
                    )
                })
            })
            .collect()
    }
}

fn options(url: &str, dir: &Path, extra: Value) -> Options {
    let mut o = json!({
        "cwd": dir.to_string_lossy(),
        "env": {"ANTHROPIC_BASE_URL": url, "ANTHROPIC_API_KEY": "sk-test"},
    });
    if let (Value::Object(a), Value::Object(b)) = (&mut o, extra) {
        for (k, v) in b {
            if k == "env" {
                if let (Some(Value::Object(e)), Value::Object(add)) = (a.get_mut("env"), v) {
                    e.extend(add);
                }
            } else {
                a.insert(k, v);
            }
        }
    }
    Options::from_json(&o).expect("valid options")
}

async fn run_with(
    script: Value,
    prompt: &str,
    extra: Value,
    callbacks: Callbacks,
    dir: &Path,
) -> Run {
    let server = ScriptedServer::start(script).await.expect("server");
    let opts = options(&server.url(), dir, extra);
    let stream = oxagent::query_with(prompt, opts, callbacks);
    let messages: Vec<Value> = stream
        .map(|m| serde_json::to_value(m.expect("message")).expect("json"))
        .collect()
        .await;
    let requests = server
        .requests()
        .into_iter()
        .filter(|r| r.path.starts_with("/v1/messages"))
        .filter_map(|r| r.body)
        .collect();
    Run { messages, requests }
}

async fn run(script: Value, prompt: &str, extra: Value) -> (Run, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("tempdir");
    let r = run_with(script, prompt, extra, Callbacks::default(), dir.path()).await;
    (r, dir)
}

fn text(t: &str) -> Value {
    json!({"content": [{"type": "text", "text": t}]})
}

fn bash(id: &str, cmd: &str) -> Value {
    json!({"content": [{"type": "tool_use", "id": id, "name": "Bash", "input": {"command": cmd, "description": "run"}}]})
}

fn bypass() -> Value {
    json!({"permission_mode": "bypassPermissions"})
}

#[tokio::test]
async fn text_answer() {
    let (r, dir) = run(
        json!({"responses": [text("Hello there!")]}),
        "Say hello",
        bypass(),
    )
    .await;
    let types: Vec<&str> = r
        .messages
        .iter()
        .map(|m| m["type"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(types, ["system", "assistant", "result"]);
    let init = &r.messages[0];
    assert_eq!(init["subtype"], "init");
    assert_eq!(
        init["cwd"],
        dir.path()
            .canonicalize()
            .unwrap()
            .to_string_lossy()
            .as_ref()
    );
    assert_eq!(init["model"], "claude-opus-5-5");
    assert_eq!(init["permissionMode"], "bypassPermissions");
    assert_eq!(init["apiKeySource"], "ANTHROPIC_API_KEY");
    let a = &r.messages[1]["message"];
    assert_eq!(
        a["content"],
        json!([{"type": "text", "text": "Hello there!"}])
    );
    assert_eq!(a["id"], "msg_mock_0000");
    assert_eq!(a["stop_reason"], Value::Null);
    assert_eq!(a["usage"]["output_tokens"], 1);
    let res = r.result();
    assert_eq!(res["subtype"], "success");
    assert_eq!(res["is_error"], false);
    assert_eq!(res["result"], "Hello there!");
    assert_eq!(res["num_turns"], 1);
    assert_eq!(res["stop_reason"], "end_turn");
    assert_eq!(res["terminal_reason"], "completed");
    assert_eq!(res["total_cost_usd"], 0.0008);
    assert_eq!(res["usage"]["input_tokens"], 100);
    assert_eq!(res["usage"]["output_tokens"], 20);
    assert_eq!(res["modelUsage"]["claude-opus-5-5"]["costUSD"], 0.0008);
    assert_eq!(res["permission_denials"], json!([]));
    assert_eq!(r.requests.len(), 1);
    let last_user = &r.requests[0]["messages"][0]["content"];
    assert_eq!(
        last_user.as_array().unwrap().last().unwrap()["text"],
        "Say hello"
    );
}

#[tokio::test]
async fn multi_turn_tool_loop_writes_files() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("notes.txt"), "first line\nsecond line\n").unwrap();
    let ws = dir.path().canonicalize().unwrap();
    let notes = ws.join("notes.txt").to_string_lossy().to_string();
    let summary = ws.join("summary.txt").to_string_lossy().to_string();
    let script = json!({"responses": [
        {"content": [{"type": "text", "text": "Let me look."}, {"type": "tool_use", "id": "toolu_01", "name": "Bash", "input": {"command": "echo hello-from-bash", "description": "Say hello"}}]},
        {"content": [{"type": "tool_use", "id": "toolu_02", "name": "Read", "input": {"file_path": notes}}]},
        {"content": [{"type": "tool_use", "id": "toolu_03", "name": "Write", "input": {"file_path": summary, "content": "summary: 2 lines\n"}}]},
        text("All done: wrote summary.txt."),
    ]});
    let r = run_with(
        script,
        "Inspect and write a summary",
        bypass(),
        Callbacks::default(),
        dir.path(),
    )
    .await;
    let assistants = r.of_type("assistant");
    assert_eq!(assistants.len(), 5);
    // The two blocks of the first response are two messages sharing the message id.
    assert_eq!(
        assistants[0]["message"]["id"],
        assistants[1]["message"]["id"]
    );
    assert_ne!(
        assistants[1]["message"]["id"],
        assistants[2]["message"]["id"]
    );
    let results = r.tool_results();
    assert_eq!(results[0].0, "hello-from-bash");
    assert_eq!(results[0].1, json!(false));
    assert_eq!(
        results[0].2,
        json!({"stdout": "hello-from-bash", "stderr": "", "interrupted": false, "isImage": false, "noOutputExpected": false})
    );
    assert_eq!(results[1].0, "1\tfirst line\n2\tsecond line\n3\t");
    assert_eq!(results[1].1, Value::Null);
    assert_eq!(results[2].0, format!("File created successfully at: {summary} (file state is current in your context — no need to Read it back)"));
    assert_eq!(
        std::fs::read_to_string(&summary).unwrap(),
        "summary: 2 lines\n"
    );
    let res = r.result();
    assert_eq!(res["num_turns"], 4);
    assert_eq!(res["result"], "All done: wrote summary.txt.");
    assert_eq!(res["total_cost_usd"], 0.0032);
    assert_eq!(r.requests.len(), 4);
    // The last request carries the whole conversation: prompt, 3 rounds of call and result.
    assert_eq!(r.requests[3]["messages"].as_array().unwrap().len(), 7);
}

#[tokio::test]
async fn max_turns_stops_after_the_nth_round() {
    let script = json!({"responses": [bash("toolu_01", "echo 1"), bash("toolu_02", "echo 2"), text("never reached")]});
    let (r, _d) = run(
        script,
        "Go",
        json!({"permission_mode": "bypassPermissions", "max_turns": 1}),
    )
    .await;
    let res = r.result();
    assert_eq!(res["subtype"], "error_max_turns");
    assert_eq!(res["is_error"], true);
    assert_eq!(res["num_turns"], 2);
    assert_eq!(res["stop_reason"], "tool_use");
    assert_eq!(
        res["errors"],
        json!(["Reached maximum number of turns (1)"])
    );
    assert_eq!(res["terminal_reason"], "max_turns");
    assert!(res.get("result").is_none());
    assert_eq!(r.requests.len(), 1);
    assert_eq!(r.tool_results()[0].0, "1");
}

#[tokio::test]
async fn max_budget_stops_before_tools_run() {
    let dir = tempfile::tempdir().unwrap();
    let script = json!({"responses": [bash("toolu_01", "touch made.txt"), text("no")]});
    let r = run_with(
        script,
        "Go",
        json!({"permission_mode": "bypassPermissions", "max_budget_usd": 0.0001}),
        Callbacks::default(),
        dir.path(),
    )
    .await;
    let res = r.result();
    assert_eq!(res["subtype"], "error_max_budget_usd");
    assert_eq!(res["errors"], json!(["Reached maximum budget ($0.0001)"]));
    assert_eq!(res["terminal_reason"], "budget_exhausted");
    assert_eq!(res["usage"]["input_tokens"], 0);
    assert_eq!(res["total_cost_usd"], 0.0008);
    assert!(
        !dir.path().join("made.txt").exists(),
        "the tool must not run"
    );
}

#[tokio::test]
async fn a_budget_crossed_later_reports_the_usage_and_stop_reason_before_that_answer() {
    let read = |id: &str| {
        json!({"content": [{"type": "tool_use", "id": id, "name": "Bash",
        "input": {"command": "true", "description": "run"}}],
        "usage": {"input_tokens": 100, "output_tokens": 20}})
    };
    let script = json!({"responses": [read("toolu_01"), read("toolu_02"), text("no")]});
    let budget = json!({"permission_mode": "bypassPermissions", "max_budget_usd": 0.0016});
    let (r, _d) = run(script, "Go", budget).await;
    let res = r.result();
    assert_eq!(res["subtype"], "error_max_budget_usd");
    // The second answer crossed it: its calls do not run, its usage is only in the cost.
    assert_eq!(res["usage"]["input_tokens"], 100);
    assert_eq!(res["stop_reason"], "tool_use");
    assert_eq!(res["num_turns"], 2);
    assert_eq!(res["total_cost_usd"], 0.0016);
    // Crossed by the first answer: its own stop reason, none of its usage.
    let script = json!({"responses": [read("toolu_01"), text("no")]});
    let budget = json!({"permission_mode": "bypassPermissions", "max_budget_usd": 0.0001});
    let (r, _d) = run(script, "Go", budget.clone()).await;
    assert_eq!(r.result()["stop_reason"], "tool_use");
    assert_eq!(r.result()["usage"]["input_tokens"], 0);
    // Unless it ends in a call the reference starts as it streams (a Read): the stop reason
    // from before it, none in the first round (budgetstop/bs_read).
    let file = json!({"content": [{"type": "tool_use", "id": "toolu_01", "name": "Read",
        "input": {"file_path": "/etc/hostname"}}]});
    let (r, _d) = run(json!({"responses": [file, text("no")]}), "Go", budget).await;
    assert_eq!(r.result()["stop_reason"], Value::Null);
    // An answer without calls keeps its own stop reason.
    let budget = json!({"permission_mode": "bypassPermissions", "max_budget_usd": 0.0001});
    let (r, _d) = run(json!({"responses": [text("Hi.")]}), "Go", budget).await;
    assert_eq!(r.result()["subtype"], "error_max_budget_usd");
    assert_eq!(r.result()["stop_reason"], "end_turn");
}

/// budgetstop/bs_agent: the agent an Agent call started as it streamed is stopped when the
/// budget ends the turn before the call runs, as an interrupt stops it; the session ends.
#[tokio::test]
async fn an_agent_begun_for_a_call_the_budget_stops_is_stopped() {
    let call = json!({"content": [{"type": "tool_use", "id": "toolu_01", "name": "Task",
        "input": {"description": "d", "prompt": "p", "subagent_type": "general-purpose"}}]});
    let script = json!({"responses": [call, text("no")]});
    let budget = json!({"permission_mode": "bypassPermissions", "max_budget_usd": 0.0001});
    let run = tokio::time::timeout(
        std::time::Duration::from_secs(60),
        run(script, "Go", budget),
    );
    let (r, _d) = run.await.expect("the session ends");
    assert_eq!(r.result()["subtype"], "error_max_budget_usd");
    let shown: Vec<String> = r
        .messages
        .iter()
        .filter_map(|m| match m["type"].as_str() {
            Some("system") => m["subtype"].as_str().map(str::to_string),
            Some("user") => m["message"]["content"][0]["text"]
                .as_str()
                .map(str::to_string),
            _ => None,
        })
        .collect();
    let tail = &shown[shown.len() - 4..];
    assert_eq!(
        tail,
        [
            "task_updated",
            "task_notification",
            "background_tasks_changed",
            "[Request interrupted by user]"
        ]
    );
    let killed = r
        .messages
        .iter()
        .find(|m| m["subtype"] == "task_updated")
        .unwrap();
    assert_eq!(killed["patch"]["status"], "killed");
}

#[tokio::test]
async fn rate_limit_is_retried() {
    let script = json!({"responses": [
        {"error": {"status": 429, "type": "rate_limit_error", "message": "Rate limited", "headers": {"retry-after": "0"}}},
        text("Recovered.")]});
    let (r, _d) = run(script, "Hi", bypass()).await;
    let retry = &r.messages[1];
    assert_eq!(
        (
            retry["subtype"].as_str(),
            retry["attempt"].as_u64(),
            retry["max_retries"].as_u64()
        ),
        (Some("api_retry"), Some(1), Some(10))
    );
    assert_eq!(retry["error_status"], 429);
    assert_eq!(retry["error"], "rate_limit");
    assert_eq!(r.result()["result"], "Recovered.");
    assert_eq!(r.requests.len(), 2);
}

#[tokio::test]
async fn overloaded_then_success() {
    let script = json!({"responses": [
        {"error": {"status": 529, "type": "overloaded_error", "message": "Overloaded", "headers": {"retry-after": "0"}}},
        text("ok now")]});
    let (r, _d) = run(script, "Hi", bypass()).await;
    assert_eq!(r.messages[1]["error"], "overloaded");
    assert_eq!(r.messages[1]["error_status"], 529);
    assert_eq!(r.result()["result"], "ok now");
}

#[tokio::test]
async fn server_errors_exhaust_retries() {
    let err = json!({"error": {"status": 500, "type": "api_error", "message": "Internal server error", "headers": {"retry-after": "0"}}});
    let script = json!({"responses": [err, err, err, err]});
    let (r, _d) = run(
        script,
        "Hi",
        json!({"permission_mode": "bypassPermissions", "env": {"CLAUDE_CODE_MAX_RETRIES": "2"}}),
    )
    .await;
    let retries: Vec<_> = r
        .messages
        .iter()
        .filter(|m| m["subtype"] == "api_retry")
        .collect();
    assert_eq!(retries.len(), 2);
    assert_eq!(retries[1]["attempt"], 2);
    assert_eq!(retries[1]["max_retries"], 2);
    assert_eq!(r.requests.len(), 3);
    let synthetic = r.of_type("assistant")[0];
    assert_eq!(synthetic["message"]["model"], "<synthetic>");
    assert_eq!(synthetic["error"], "server_error");
    let res = r.result();
    assert_eq!(res["subtype"], "success");
    assert_eq!(res["is_error"], true);
    assert_eq!(res["api_error_status"], 500);
    assert_eq!(res["terminal_reason"], "api_error");
    assert_eq!(res["total_cost_usd"], 0.0);
    let t = res["result"].as_str().unwrap();
    assert!(
        t.starts_with("API Error: 500 Internal server error. This is a server-side issue"),
        "{t}"
    );
}

/// A 400 is sent again twice, unannounced, then it is the answer.
#[tokio::test]
async fn bad_request_is_sent_three_times_without_notices() {
    let err = json!({"error": {"status": 400, "type": "invalid_request_error", "message": "messages: bad request for test"}});
    let (r, _d) = run(json!({"responses": [err], "default": err}), "Hi", bypass()).await;
    assert_eq!(r.requests.len(), 3);
    assert!(r.messages.iter().all(|m| m["subtype"] != "api_retry"));
    assert_eq!(r.of_type("assistant")[0]["error"], "unknown");
    assert_eq!(
        r.result()["result"],
        "API Error: 400 messages: bad request for test"
    );
    assert_eq!(r.result()["api_error_status"], 400);
}

#[tokio::test]
async fn cut_stream_is_retried_and_billed() {
    let script = json!({"responses": [
        {"content": [{"type": "text", "text": "This response will be cut off somewhere in the middle."}], "cut_after": 4},
        text("Second try worked.")]});
    let (r, _d) = run(script, "Hi", bypass()).await;
    let retry = &r.messages[1];
    assert_eq!(retry["subtype"], "api_retry");
    assert_eq!(retry["error_status"], Value::Null);
    assert_eq!(retry["error"], "unknown");
    let assistants = r.of_type("assistant");
    assert_eq!(assistants.len(), 1);
    assert_eq!(assistants[0]["message"]["id"], "msg_mock_0001");
    let res = r.result();
    assert_eq!(res["result"], "Second try worked.");
    assert_eq!(res["usage"]["input_tokens"], 200);
    assert_eq!(res["usage"]["output_tokens"], 21);
    assert_eq!(res["modelUsage"]["claude-opus-5-5"]["outputTokens"], 23);
    assert_eq!(res["total_cost_usd"], 0.00126);
}

#[tokio::test]
async fn max_tokens_gets_a_continuation() {
    let script = json!({"responses": [
        {"content": [{"type": "text", "text": "This answer was cut"}], "stop_reason": "max_tokens"},
        text("Continued.")]});
    let (r, _d) = run(script, "Hi", bypass()).await;
    let users = r.of_type("user");
    assert_eq!(
        users[0]["message"]["content"][0]["text"]
            .as_str()
            .unwrap()
            .split('.')
            .next(),
        Some("Output token limit hit")
    );
    assert_eq!(r.result()["num_turns"], 2);
    assert_eq!(r.result()["result"], "Continued.");
}

/// turns_max2_max_tokens, turns_max1_stream_error: continuing a cut answer is not a turn.
#[tokio::test]
async fn cut_answer_continuations_do_not_count_toward_max_turns() {
    let cut =
        |t: &str| json!({"content": [{"type": "text", "text": t}], "stop_reason": "max_tokens"});
    let script = json!({"responses": [cut("One"), cut("Two"), text("Three.")]});
    let (r, _d) = run(
        script,
        "Hi",
        json!({"permission_mode": "bypassPermissions", "max_turns": 1}),
    )
    .await;
    assert_eq!(r.requests.len(), 3);
    let res = r.result();
    assert_eq!(
        (&res["subtype"], &res["num_turns"], &res["result"]),
        (&json!("success"), &json!(3), &json!("Three."))
    );
}

/// turns_stream_error_nudge (TypeScript): the request to resume a broken-off answer is a
/// synthetic user message.
#[tokio::test]
async fn a_broken_stream_is_resumed_by_a_synthetic_message() {
    let script = json!({"responses": [
        {"content": [{"type": "text", "text": "Partial"}],
         "stream_error": {"type": "overloaded_error", "message": "Overloaded"}},
        text("Whole.")]});
    let (r, _d) = run(script, "Hi", bypass()).await;
    let nudge = r.of_type("user")[0];
    assert!(nudge["message"]["content"][0]["text"]
        .as_str()
        .unwrap()
        .starts_with("Your response above was cut off mid-stream."));
    assert_eq!(nudge["isSynthetic"], true);
    assert_eq!(r.result()["result"], "Whole.");
}

/// vh_api_stream_rate_limit_mid: a stream error other than overloaded, api_error or
/// timeout ends the turn with its message, unbilled; a rate limit reports 429.
#[tokio::test]
async fn a_stream_error_the_server_does_not_get_over_ends_the_turn() {
    for (kind, status) in [
        ("rate_limit_error", json!(429)),
        ("invalid_request_error", json!(null)),
    ] {
        let script = json!({"responses": [
            {"content": [{"type": "text", "text": "Partial"}],
             "stream_error": {"type": kind, "message": "Stopped here"}},
            text("Whole.")]});
        let (r, _d) = run(script, "Hi", bypass()).await;
        assert_eq!(r.requests.len(), 1, "{kind}");
        let last = r.of_type("assistant").last().copied().unwrap().clone();
        assert_eq!(
            last["message"]["content"][0]["text"],
            "API Error: Stopped here"
        );
        assert_eq!(last["error"], "unknown");
        let res = r.result();
        assert_eq!(
            (
                &res["is_error"],
                &res["api_error_status"],
                &res["total_cost_usd"]
            ),
            (&json!(true), &status, &json!(0)),
            "{kind}"
        );
    }
}

/// vh_api_stream_rate_limit_after_tool: with tool calls in the broken answer, the caller is
/// told, the calls run and the turn goes on; the broken answer is not billed.
#[tokio::test]
async fn a_final_stream_error_after_tool_calls_lets_them_run() {
    let mut broken = bash("toolu_01", "echo hi");
    broken["stream_error"] = json!({"type": "rate_limit_error", "message": "Rate limited"});
    let script = json!({"responses": [broken, text("Done.")]});
    let (r, _d) = run(script, "Hi", bypass()).await;
    let told = r.of_type("assistant")[1].clone();
    assert_eq!(
        told["message"]["content"][0]["text"],
        "API Error: Rate limited"
    );
    assert_eq!(told["message"]["stop_reason"], "tool_use");
    assert_eq!(r.tool_results()[0].0, "hi");
    let res = r.result();
    assert_eq!(
        (&res["result"], &res["is_error"]),
        (&json!("Done."), &json!(false))
    );
    assert_eq!(res["modelUsage"]["claude-opus-5-5"]["inputTokens"], 100);
}

/// vh_api_stream_rate_limit_first: before any content, a final stream error has the request
/// asked once more without streaming.
#[tokio::test]
async fn a_final_stream_error_before_any_content_asks_again_without_streaming() {
    let script = json!({"responses": [
        {"content": [], "stream_error": {"type": "rate_limit_error", "message": "Rate limited"}}],
        "side_default": text("Whole.")});
    let (r, _d) = run(script, "Hi", bypass()).await;
    let streamed: Vec<&Value> = r.requests.iter().map(|b| &b["stream"]).collect();
    assert_eq!(streamed, [&json!(true), &json!(false)]);
    assert_eq!(r.result()["result"], "Whole.");
}

#[tokio::test]
async fn partial_messages_stream_raw_events() {
    let (r, _d) = run(
        json!({"responses": [text("Hi!")]}),
        "Hi",
        json!({"permission_mode": "bypassPermissions", "include_partial_messages": true}),
    )
    .await;
    let kinds: Vec<String> = r
        .messages
        .iter()
        .map(|m| match m["type"].as_str().unwrap() {
            "stream_event" => format!("event:{}", m["event"]["type"].as_str().unwrap()),
            "system" => format!("system:{}", m["subtype"].as_str().unwrap()),
            t => t.to_string(),
        })
        .collect();
    assert_eq!(
        kinds,
        [
            "system:init",
            "system:status",
            "event:message_start",
            "event:content_block_start",
            "event:content_block_delta",
            "assistant",
            "event:content_block_stop",
            "event:message_delta",
            "event:message_stop",
            "result"
        ]
    );
}

#[tokio::test]
async fn cost_follows_the_model() {
    for (model, cost) in [
        ("claude-opus-5-5", 0.0292),
        ("claude-sonnet-4-5", 0.02205),
        ("claude-haiku-4-5", 0.00735),
    ] {
        let usage = json!({"input_tokens": 1000, "output_tokens": 1000, "cache_creation_input_tokens": 1000, "cache_read_input_tokens": 1000});
        let script =
            json!({"responses": [{"content": [{"type": "text", "text": "x"}], "usage": usage}]});
        let (r, _d) = run(
            script,
            "Hi",
            json!({"permission_mode": "bypassPermissions", "model": model}),
        )
        .await;
        let got = r.result()["total_cost_usd"].as_f64().unwrap();
        assert!((got - cost).abs() < 1e-12, "{model}: {got} != {cost}");
        assert_eq!(r.requests[0]["model"], model);
    }
}

#[tokio::test]
async fn can_use_tool_closure_denies() {
    let dir = tempfile::tempdir().unwrap();
    let script = json!({"responses": [bash("toolu_01", "touch denied.txt"), text("Done.")]});
    let callbacks = Callbacks {
        can_use_tool: Some(std::sync::Arc::new(
            |name: String, _input: Value, ctx: oxagent::CanUseToolRequest| {
                Box::pin(async move {
                    assert_eq!(ctx.tool_use_id, "toolu_01");
                    PermissionResult::Deny {
                        message: format!("{name} is forbidden here"),
                        interrupt: false,
                    }
                }) as futures::future::BoxFuture<'static, PermissionResult>
            },
        )),
        ..Callbacks::default()
    };
    let r = run_with(
        script,
        "Go",
        json!({"permission_mode": "default"}),
        callbacks,
        dir.path(),
    )
    .await;
    let results = r.tool_results();
    assert_eq!(results[0].0, "Bash is forbidden here");
    assert_eq!(results[0].1, json!(true));
    assert_eq!(results[0].2, json!("Error: Bash is forbidden here"));
    assert_eq!(
        r.result()["permission_denials"],
        json!([{"tool_name": "Bash", "tool_use_id": "toolu_01", "tool_input": {"command": "touch denied.txt", "description": "run"}}])
    );
    assert!(!dir.path().join("denied.txt").exists());
}

/// A callback that refuses every prompt with `interrupt: true`.
fn interrupting() -> Callbacks {
    Callbacks {
        can_use_tool: Some(std::sync::Arc::new(
            |_: String, _: Value, _: oxagent::CanUseToolRequest| {
                Box::pin(async move {
                    PermissionResult::Deny {
                        message: "Stop".into(),
                        interrupt: true,
                    }
                }) as futures::future::BoxFuture<'static, PermissionResult>
            },
        )),
        ..Callbacks::default()
    }
}

/// turns_int_*: the refused call's neighbours that had not run are rejected too, and the
/// interruption notice counts as a turn.
#[tokio::test]
async fn an_interrupting_refusal_rejects_the_calls_beside_it() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.txt"), "A\n").unwrap();
    let read = |id: &str| json!({"type": "tool_use", "id": id, "name": "Read", "input": {"file_path": dir.path().join("a.txt")}});
    let write = json!({"type": "tool_use", "id": "toolu_02", "name": "Write", "input": {"file_path": dir.path().join("w.txt"), "content": "x"}});
    let script = json!({"responses": [{"content": [read("toolu_01"), write, read("toolu_03")]}, text("never")]});
    let r = run_with(
        script,
        "Go",
        json!({"permission_mode": "default"}),
        interrupting(),
        dir.path(),
    )
    .await;
    let rejected = "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed.";
    let results = r.tool_results();
    assert_eq!(results[0].0, "1\tA\n2\t");
    for (text, is_error, structured) in &results[1..] {
        assert_eq!(
            (text.as_str(), is_error, structured),
            (rejected, &json!(true), &json!("User rejected tool use"))
        );
    }
    let res = r.result();
    assert_eq!(res["num_turns"], 5);
    assert_eq!(res["terminal_reason"], "aborted_tools");
    assert_eq!(res["permission_denials"].as_array().unwrap().len(), 1);
    assert!(!dir.path().join("w.txt").exists());
}

/// turns_max1_interrupt: interrupted in the last round max_turns allows, the turn ends as
/// max_turns (with the interrupt as its terminal reason).
#[tokio::test]
async fn an_interrupt_in_the_last_allowed_round_reports_max_turns() {
    let dir = tempfile::tempdir().unwrap();
    let write = json!({"type": "tool_use", "id": "toolu_01", "name": "Write", "input": {"file_path": dir.path().join("w.txt"), "content": "x"}});
    let script = json!({"responses": [{"content": [write]}, text("never")]});
    let r = run_with(
        script,
        "Go",
        json!({"permission_mode": "default", "max_turns": 1}),
        interrupting(),
        dir.path(),
    )
    .await;
    let res = r.result();
    assert_eq!(
        (
            &res["subtype"],
            &res["num_turns"],
            &res["terminal_reason"],
            &res["errors"]
        ),
        (
            &json!("error_max_turns"),
            &json!(2),
            &json!("aborted_tools"),
            &json!(["Reached maximum number of turns (1)"])
        )
    );
}

/// paths_hooks_input, paths_callback_dotdot_*: can_use_tool sees the path resolved; handing
/// that input back runs the call as the model wrote it.
#[tokio::test]
async fn callbacks_see_resolved_paths_and_results_keep_the_given_one() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("sub")).unwrap();
    let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let log = seen.clone();
    let callbacks = Callbacks {
        can_use_tool: Some(std::sync::Arc::new(
            move |_: String, input: Value, _: oxagent::CanUseToolRequest| {
                log.lock().unwrap().push(input.clone());
                Box::pin(async move {
                    PermissionResult::Allow {
                        updated_input: Some(input),
                        updated_permissions: Vec::new(),
                    }
                }) as futures::future::BoxFuture<'static, PermissionResult>
            },
        )),
        ..Callbacks::default()
    };
    let write = json!({"content": [{"type": "tool_use", "id": "toolu_01", "name": "Write",
        "input": {"file_path": "sub/../new.txt", "content": "n\n"}}]});
    let r = run_with(
        json!({"responses": [write, text("Done.")]}),
        "Go",
        json!({"permission_mode": "default"}),
        callbacks,
        dir.path(),
    )
    .await;
    let cwd = dir.path().canonicalize().unwrap();
    assert_eq!(
        seen.lock().unwrap()[0]["file_path"],
        json!(cwd.join("new.txt").to_string_lossy())
    );
    assert!(r.tool_results()[0]
        .0
        .starts_with("File created successfully at: sub/../new.txt "));
}

/// refusals_plan_B_B, perm_npm_plan: the first refusal for want of the auto-mode classifier
/// is preceded, once, by a warning naming the gateway the requests go through.
#[tokio::test]
async fn the_classifier_warning_comes_once_before_the_first_refusal() {
    let script = json!({"responses": [
        {"content": [
            {"type": "tool_use", "id": "toolu_01", "name": "Bash", "input": {"command": "touch a.txt"}},
            {"type": "tool_use", "id": "toolu_02", "name": "Bash", "input": {"command": "touch b.txt"}}]},
        text("Done.")]});
    let (r, _d) = run(script, "Go", json!({"permission_mode": "plan"})).await;
    let system: Vec<&str> = r
        .of_type("system")
        .iter()
        .map(|m| m["subtype"].as_str().unwrap())
        .collect();
    assert_eq!(
        system,
        [
            "init",
            "informational",
            "permission_denied",
            "permission_denied"
        ]
    );
    let warning = r.of_type("system")[1];
    assert_eq!(warning["tag"], "auto_mode_no_server_check");
    assert!(warning["content"]
        .as_str()
        .unwrap()
        .contains("your requests go through 127.0.0.1:"));
}

#[tokio::test]
async fn unknown_tool_and_bad_input_are_tool_errors() {
    let script = json!({"responses": [
        {"content": [{"type": "tool_use", "id": "toolu_01", "name": "NoSuchTool", "input": {"x": 1}}]},
        {"content": [{"type": "tool_use", "id": "toolu_02", "name": "Bash", "input": {"command": 123}}]},
        text("Oops.")]});
    let (r, _d) = run(script, "Go", bypass()).await;
    let results = r.tool_results();
    assert_eq!(
        results[0].0,
        "<tool_use_error>Error: No such tool available: NoSuchTool</tool_use_error>"
    );
    assert_eq!(
        results[0].2,
        json!("Error: No such tool available: NoSuchTool")
    );
    assert_eq!(results[1].0, "<tool_use_error>InputValidationError: Bash failed due to the following issue:\nThe parameter `command` type is expected as `string` but provided as `number`</tool_use_error>");
    assert_eq!(r.result()["result"], "Oops.");
}

#[tokio::test]
async fn interrupt_ends_the_turn() {
    let dir = tempfile::tempdir().unwrap();
    let server =
        ScriptedServer::start(json!({"responses": [bash("toolu_01", "sleep 30"), text("never")]}))
            .await
            .unwrap();
    let client = oxagent::Client::connect(
        options(&server.url(), dir.path(), bypass()),
        Callbacks::default(),
    )
    .unwrap();
    client.query("Sleep").unwrap();
    let mut stream = client.receive_response();
    let started = std::time::Instant::now();
    let mut last = None;
    while let Some(m) = stream.next().await {
        let m = m.unwrap();
        if let Message::Assistant(_) = &m {
            client.interrupt();
        }
        last = Some(m);
    }
    assert!(
        started.elapsed().as_secs() < 20,
        "the sleeping tool must be stopped"
    );
    match last {
        Some(Message::Result(r)) => {
            assert!(r.is_error);
            assert_eq!(r.terminal_reason.as_deref(), Some("aborted_tools"));
        }
        other => panic!("expected a result, got {other:?}"),
    }
}

#[test]
fn unknown_option_is_rejected() {
    let e = Options::from_json(&json!({"max_turnz": 3})).unwrap_err();
    assert_eq!(e.message, "unknown option \"max_turnz\"");
    let e = Options::from_json(&json!({"agents": {"reviewer": {"description": 3, "prompt": "p"}}}))
        .unwrap_err();
    assert_eq!(e.option, "agents");
}

#[tokio::test]
async fn resume_and_fork_continue_from_the_transcript() {
    let dir = tempfile::tempdir().unwrap();
    let home = tempfile::tempdir().unwrap();
    let home_env = json!({"HOME": home.path().to_string_lossy()});
    let script =
        json!({"responses": [text("Blue noted."), text("Forked: red."), text("Still blue.")]});
    let server = ScriptedServer::start(script).await.unwrap();
    let run = |extra: Value, prompt: &'static str| {
        let mut extra = extra;
        extra["env"] = home_env.clone();
        extra["permission_mode"] = json!("bypassPermissions");
        let opts = options(&server.url(), dir.path(), extra);
        async move {
            oxagent::query(prompt, opts)
                .map(|m| serde_json::to_value(m.unwrap()).unwrap())
                .collect::<Vec<_>>()
                .await
        }
    };
    let first = run(json!({}), "The colour is blue").await;
    let sid = first[0]["session_id"].as_str().unwrap().to_string();
    let forked = run(
        json!({"resume": sid, "fork_session": true}),
        "Change it to red",
    )
    .await;
    let fork_id = forked[0]["session_id"].as_str().unwrap().to_string();
    assert_ne!(fork_id, sid);
    let again = run(json!({"resume": sid}), "Which colour?").await;
    assert_eq!(again[0]["session_id"], sid);
    assert_eq!(again.last().unwrap()["result"], "Still blue.");
    // The resumed request carries the original conversation, not the fork's.
    let reqs: Vec<Value> = server
        .requests()
        .into_iter()
        .filter_map(|r| r.body)
        .collect();
    let texts = |req: &Value| -> Vec<String> {
        req["messages"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|m| m["content"].as_array().cloned().unwrap_or_default())
            .filter_map(|b| b["text"].as_str().map(str::to_string))
            .filter(|t| !t.starts_with("<system-reminder>"))
            .collect()
    };
    assert_eq!(
        texts(&reqs[1]),
        ["The colour is blue", "Blue noted.", "Change it to red"]
    );
    assert_eq!(
        texts(&reqs[2]),
        ["The colour is blue", "Blue noted.", "Which colour?"]
    );
    // Cost is cumulative across resumes of one session.
    assert_eq!(again.last().unwrap()["total_cost_usd"], 0.0016);
    let project = oxagent_sessions::project_dir(home.path(), &dir.path().canonicalize().unwrap());
    assert!(project.join(format!("{sid}.jsonl")).exists());
    assert!(project.join(format!("{fork_id}.jsonl")).exists());
    // Resuming an unknown session yields only an error result.
    let unknown = run(
        json!({"resume": "00000000-0000-4000-8000-000000000000"}),
        "Hi",
    )
    .await;
    assert_eq!(unknown.len(), 1);
    assert_eq!(
        unknown[0]["errors"],
        json!(["No conversation found with session ID: 00000000-0000-4000-8000-000000000000"])
    );
}

#[tokio::test]
async fn server_error_then_success() {
    let script = json!({"responses": [
        {"error": {"status": 503, "type": "api_error", "message": "Unavailable", "headers": {"retry-after": "0"}}},
        text("back")]});
    let (r, _d) = run(script, "Hi", bypass()).await;
    assert_eq!(r.messages[1]["error"], "server_error");
    assert_eq!(r.messages[1]["error_status"], 503);
    assert_eq!(r.result()["result"], "back");
    assert_eq!(r.result()["is_error"], false);
}

#[tokio::test]
async fn connection_refused_is_retried_then_reported() {
    // A port nothing listens on: every attempt fails to connect.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    drop(listener);
    let dir = tempfile::tempdir().unwrap();
    let opts = options(
        &url,
        dir.path(),
        json!({"permission_mode": "bypassPermissions", "env": {"CLAUDE_CODE_MAX_RETRIES": "1"}}),
    );
    let messages: Vec<Value> = oxagent::query("Hi", opts)
        .map(|m| serde_json::to_value(m.unwrap()).unwrap())
        .collect()
        .await;
    let retries: Vec<&Value> = messages
        .iter()
        .filter(|m| m["subtype"] == "api_retry")
        .collect();
    assert_eq!(retries.len(), 1);
    assert_eq!(retries[0]["error_status"], Value::Null);
    let res = messages.last().unwrap();
    assert_eq!(res["is_error"], true);
    assert_eq!(res["terminal_reason"], "api_error");
    // Worded as the reference words it (tests/conformance/faults/faults_connection_refused).
    assert_eq!(
        res["result"],
        "API Error: Connection refused — a firewall or proxy may be blocking it (ECONNREFUSED)"
    );
}

fn structured(props: Value, required: Value) -> Value {
    json!({"output_format": {"type": "json_schema",
        "schema": {"type": "object", "properties": props, "required": required}}})
}

fn answer(id: &str, input: Value) -> Value {
    json!({"content": [{"type": "tool_use", "id": id, "name": "StructuredOutput", "input": input}]})
}

#[tokio::test]
async fn a_text_answer_gets_one_reminder_to_give_the_structured_answer() {
    let answers: Vec<Value> = (1..=4).map(|i| text(&format!("answer {i}"))).collect();
    let schema = structured(json!({"n": {"type": "integer"}}), json!([]));
    let (r, _dir) = run(json!({"responses": answers}), "Answer", schema).await;
    let result = r.result();
    // The second text ends the turn as any answer does.
    assert_eq!(result["subtype"], "success");
    assert_eq!(result["result"], "answer 2");
    assert_eq!(result["num_turns"], 2);
    assert_eq!(r.requests.len(), 2);
    let reminders = r
        .of_type("user")
        .iter()
        .filter(|m| m["isSynthetic"] == true)
        .count();
    assert_eq!(reminders, 1);
    assert!(result.get("structured_output").is_none());
}

#[tokio::test]
async fn five_refused_structured_answers_end_the_turn_in_error() {
    let mut answers: Vec<Value> = (1..=4)
        .map(|i| answer(&format!("toolu_{i}"), json!({"n": "x"})))
        .collect();
    // A text between refusals is reminded about and does not count as an attempt.
    answers.push(text("thinking aloud"));
    answers.push(answer("toolu_5", json!({})));
    answers.push(answer("toolu_6", json!({"n": 1})));
    for a in &mut answers {
        a["usage"] = json!({"input_tokens": 10, "output_tokens": 2});
    }
    let schema = structured(json!({"n": {"type": "integer"}}), json!(["n"]));
    let (r, _dir) = run(json!({"responses": answers}), "Answer", schema).await;
    let result = r.result();
    assert_eq!(result["subtype"], "error_max_structured_output_retries");
    assert_eq!(
        result["terminal_reason"],
        "structured_output_retry_exhausted"
    );
    assert_eq!(
        result["errors"],
        json!([
            "Failed to provide valid structured output after 5 attempts \u{2014} last \
                StructuredOutput error: Output does not match required schema: root: must \
                have required property 'n'"
        ])
    );
    assert_eq!(result["stop_reason"], "tool_use");
    assert_eq!(result["num_turns"], 7);
    assert_eq!(r.requests.len(), 6);
    // The last answer is in the cost, not in the usage.
    assert_eq!(result["usage"]["input_tokens"], 50);
    assert_eq!(result["modelUsage"]["claude-opus-5-5"]["inputTokens"], 60);
    assert!(result.get("structured_output").is_none());
}

#[tokio::test]
async fn a_schema_keyword_draft_7_does_not_know_refuses_the_start() {
    let dir = tempfile::tempdir().unwrap();
    let server = ScriptedServer::start(json!({"responses": [text("never")]}))
        .await
        .unwrap();
    let schema = json!({"type": "object", "properties": {"t": {"type": "array",
        "prefixItems": [{"type": "string"}]}}});
    let extra = json!({"output_format": {"type": "json_schema", "schema": schema}});
    let stream = oxagent::query_with(
        "Go",
        options(&server.url(), dir.path(), extra),
        Callbacks::default(),
    );
    let run: Vec<_> = stream.collect().await;
    assert_eq!(run.len(), 1);
    match &run[0] {
        Err(oxagent::Error::Options(e)) => {
            assert_eq!(e.kind, oxagent::OptionsErrorKind::Refused);
            assert_eq!(e.option, "output_format");
            assert_eq!(
                e.message,
                "--json-schema is not a valid JSON Schema: strict mode: unknown keyword: \"prefixItems\""
            );
        }
        other => panic!("expected a refused start, got {other:?}"),
    }
    assert!(server.requests().is_empty());
}

/// Stop hooks that always block, recording what they are told.
fn blocking_stop_hooks() -> (Callbacks, std::sync::Arc<std::sync::Mutex<Vec<Value>>>) {
    let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let log = seen.clone();
    let hook: oxagent::HookCallback = std::sync::Arc::new(move |input, _id| {
        log.lock()
            .unwrap()
            .push(serde_json::to_value(&input).unwrap());
        let out: oxagent::HookOutput =
            serde_json::from_value(json!({"decision": "block", "reason": "MORE"})).unwrap();
        Box::pin(async move { out })
    });
    let mut callbacks = Callbacks::default();
    callbacks.hooks.insert(
        "Stop".into(),
        vec![oxagent::HookMatcherFns {
            matcher: None,
            hooks: vec![hook],
        }],
    );
    (callbacks, seen)
}

#[tokio::test]
async fn stop_hooks_run_beside_the_reminder_and_after_the_structured_answer() {
    let dir = tempfile::tempdir().unwrap();
    let script = json!({"responses": [text("Text."), text("Again."),
        answer("toolu_1", json!({"n": 2}))]});
    let schema = structured(json!({"n": {"type": "integer"}}), json!(["n"]));
    let (callbacks, seen) = blocking_stop_hooks();
    let r = run_with(script, "Answer", schema, callbacks, dir.path()).await;
    // The reminder and the first block's feedback go in one request.
    assert_eq!(r.requests.len(), 3);
    let result = r.result();
    assert_eq!(result["subtype"], "success");
    assert_eq!(result["structured_output"], json!({"n": 2}));
    assert_eq!(result["num_turns"], 5);
    let seen = seen.lock().unwrap();
    let told: Vec<(Value, Value)> = seen
        .iter()
        .map(|i| {
            (
                i["stop_hook_active"].clone(),
                i["last_assistant_message"].clone(),
            )
        })
        .collect();
    // After the structured answer they are told with no last text, and their block is moot.
    assert_eq!(
        told,
        [
            (json!(false), json!("Text.")),
            (json!(true), json!("Again.")),
            (json!(true), Value::Null)
        ]
    );
    let feedback = r
        .of_type("user")
        .iter()
        .filter(|m| {
            m["message"]["content"]
                .to_string()
                .contains("Stop hook feedback")
        })
        .count();
    assert_eq!(feedback, 2);
}

#[tokio::test]
async fn a_structured_answer_over_budget_shows_no_result() {
    let mut extra = structured(json!({"n": {"type": "integer"}}), json!(["n"]));
    extra["max_budget_usd"] = json!(0.0001);
    let (r, _dir) = run(
        json!({"responses": [answer("toolu_1", json!({"n": 2}))]}),
        "Answer",
        extra,
    )
    .await;
    // Checked as the response streamed, the answer is not shown: the budget ends the turn first.
    let kinds: Vec<&str> = r
        .messages
        .iter()
        .map(|m| m["type"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["system", "assistant", "result"]);
    assert_eq!(r.result()["subtype"], "error_max_budget_usd");
    assert!(r.result().get("structured_output").is_none());
}

/// A PreToolUse hook on every call that answers `output`.
fn pre_tool_use_hook(output: Value) -> Callbacks {
    let hook: oxagent::HookCallback = std::sync::Arc::new(move |_input, _id| {
        let out: oxagent::HookOutput = serde_json::from_value(output.clone()).unwrap();
        Box::pin(async move { out })
    });
    let mut callbacks = Callbacks::default();
    callbacks.hooks.insert(
        "PreToolUse".into(),
        vec![oxagent::HookMatcherFns {
            matcher: None,
            hooks: vec![hook],
        }],
    );
    callbacks
}

#[tokio::test]
async fn a_hook_rewrite_that_fails_the_schema_refuses_the_call() {
    let dir = tempfile::tempdir().unwrap();
    let write = json!({"content": [{"type": "tool_use", "id": "toolu_01", "name": "Write",
        "input": {"file_path": dir.path().join("w.txt"), "content": "w\n"}}]});
    let rewritten = json!({"file_path": dir.path().join("w.txt"), "content": 5});
    let hook = pre_tool_use_hook(json!({"hookSpecificOutput": {"hookEventName": "PreToolUse",
        "permissionDecision": "allow", "updatedInput": rewritten}}));
    let script = json!({"responses": [write, text("Done.")]});
    let r = run_with(script, "Go", bypass(), hook, dir.path()).await;
    let (content, is_error, shown) = r.tool_results().remove(0);
    assert_eq!(shown, json!(format!("Error: {content}")));
    assert_eq!(
        content,
        "PreToolUse hook for Write returned updatedInput that failed schema validation: Write \
         failed due to the following issue:\nThe parameter `content` type is expected as \
         `string` but provided as `number`\nThe tool input from the model was valid; the \
         hook's rewrite of it was not."
    );
    assert_eq!(is_error, json!(true));
    let denials = &r.result()["permission_denials"];
    assert_eq!(denials[0]["tool_input"]["content"], "w\n");
    assert!(!dir.path().join("w.txt").exists());
}

#[tokio::test]
async fn dont_ask_refuses_a_hooks_ask_in_the_hooks_words() {
    let dir = tempfile::tempdir().unwrap();
    let hook = pre_tool_use_hook(json!({"hookSpecificOutput": {"hookEventName": "PreToolUse",
        "permissionDecision": "ask", "permissionDecisionReason": "ASK-REASON"}}));
    let script = json!({"responses": [bash("toolu_01", "echo hi"), text("Done.")]});
    let mode = json!({"permission_mode": "dontAsk"});
    let r = run_with(script, "Go", mode, hook, dir.path()).await;
    let denied = r
        .messages
        .iter()
        .find(|m| m["subtype"] == "permission_denied")
        .expect("a permission_denied message");
    assert_eq!(denied["decision_reason_type"], "hook");
    assert_eq!(denied["decision_reason"], "ASK-REASON");
    assert_eq!(denied["message"], "ASK-REASON");
    let (content, is_error, _) = r.tool_results().remove(0);
    assert_eq!((content.as_str(), is_error), ("ASK-REASON", json!(true)));
}

#[tokio::test]
async fn the_last_valid_structured_answer_of_a_response_is_the_result() {
    let both = json!({"content": [
        {"type": "tool_use", "id": "toolu_1", "name": "StructuredOutput", "input": {"n": 1}},
        {"type": "tool_use", "id": "toolu_2", "name": "StructuredOutput", "input": {"n": 2}},
        {"type": "tool_use", "id": "toolu_3", "name": "StructuredOutput", "input": {"n": "x"}}]});
    let schema = structured(json!({"n": {"type": "integer"}}), json!(["n"]));
    let (r, _dir) = run(json!({"responses": [both]}), "Answer", schema).await;
    let result = r.result();
    assert_eq!(result["subtype"], "success");
    assert_eq!(result["structured_output"], json!({"n": 2}));
    // Each call's result goes out before the next call's block.
    let kinds: Vec<&str> = r
        .messages
        .iter()
        .map(|m| m["type"].as_str().unwrap())
        .collect();
    assert_eq!(
        kinds,
        [
            "system",
            "assistant",
            "user",
            "assistant",
            "user",
            "assistant",
            "user",
            "result"
        ]
    );
    assert_eq!(result["result"], "{\"n\":2}");
}

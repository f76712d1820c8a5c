//! The built-in tools wired into sessions, against the scripted Messages API server:
//! background tasks (their messages, the turn they start, their end with the session),
//! side questions (WebFetch), deferred tools (ToolSearch), skills and AskUserQuestion.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;
use std::time::Duration;

use futures::StreamExt;
use oxagent::{Callbacks, Client, FrameSession, Options, PermissionResult};
use oxagent_testkit::ScriptedServer;
use serde_json::{json, Value};

fn options(url: &str, dir: &Path, extra: Value) -> Options {
    let mut o = json!({
        "cwd": dir.join("ws").to_string_lossy(),
        "permission_mode": "bypassPermissions",
        "env": {"ANTHROPIC_BASE_URL": url, "ANTHROPIC_API_KEY": "sk-test",
                "TMPDIR": dir.join("tmp").to_string_lossy(), "HOME": dir.join("home").to_string_lossy()},
    });
    if let (Value::Object(a), Value::Object(b)) = (&mut o, extra) {
        a.extend(b);
    }
    Options::from_json(&o).unwrap()
}

fn scratch() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for d in ["ws", "tmp", "home"] {
        std::fs::create_dir_all(dir.path().join(d)).unwrap();
    }
    dir
}

fn is_running(pid: i32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => !stat
            .split(") ")
            .nth(1)
            .is_some_and(|rest| rest.starts_with('Z')),
        Err(_) => false,
    }
}

async fn wait_for(mut cond: impl FnMut() -> bool) -> bool {
    // Up to 15 s: a loaded machine may be slow to schedule what is awaited.
    for _ in 0..300 {
        if cond() {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    cond()
}

fn bash(id: &str, input: Value) -> Value {
    json!({"content": [{"type": "tool_use", "id": id, "name": "Bash", "input": input}]})
}

fn text(t: &str) -> Value {
    json!({"content": [{"type": "text", "text": t}]})
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_ended_task_starts_a_turn_of_its_own() {
    let dir = scratch();
    let server = ScriptedServer::start(json!({"responses": [
        bash("toolu_01", json!({"command": "sleep 0.3; echo finished", "run_in_background": true, "description": "Nap"})),
        text("Started."),
        text("It finished."),
    ]}))
    .await
    .unwrap();
    let session = FrameSession::spawn(
        options(&server.url(), dir.path(), json!({})),
        &tokio::runtime::Handle::current(),
    )
    .unwrap();
    session
        .send(json!({"type": "user", "message": {"role": "user", "content": "Go"}}))
        .unwrap();
    session.end_input();
    let mut frames = Vec::new();
    while let Some(f) = session.recv().await {
        frames.push(f);
    }
    let kinds: Vec<String> = frames
        .iter()
        .map(|f| {
            format!(
                "{}{}",
                f["type"].as_str().unwrap(),
                f["subtype"]
                    .as_str()
                    .map(|s| format!("/{s}"))
                    .unwrap_or_default()
            )
        })
        .collect();
    assert_eq!(
        kinds,
        [
            "system/init",
            "assistant",
            "system/background_tasks_changed",
            "system/task_started",
            "user",
            "assistant",
            "result/success",
            "system/task_updated",
            "system/task_notification",
            "system/background_tasks_changed",
            "system/init",
            "assistant",
            "result/success"
        ]
    );
    let task_id = frames[3]["task_id"].as_str().unwrap();
    let run_id = frames[3]["run_id"].as_str().unwrap();
    assert_eq!(frames[8]["status"], json!("completed"));
    assert_eq!(
        frames[8]["summary"],
        json!("Background command \"Nap\" completed (exit code 0)")
    );
    assert_eq!(frames[9]["tasks"], json!([]));
    assert_eq!(
        frames[12]["origin"],
        json!({"kind": "task-notification", "producer": "session-task", "runId": run_id})
    );
    assert_eq!(frames[12]["result"], json!("It finished."));
    assert_eq!(frames[12]["num_turns"], json!(1));
    assert_eq!(frames[6].get("origin"), None);
    // The model read the notification as the user message of the new turn.
    let last = server
        .requests()
        .into_iter()
        .filter_map(|r| r.body)
        .next_back()
        .unwrap();
    let prompt = last["messages"].as_array().unwrap().last().unwrap()["content"][0]["text"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(prompt.starts_with(&format!(
        "<system-reminder>\n<task-notification>\n<task-id>{task_id}</task-id>\n<tool-use-id>toolu_01</tool-use-id>\n<output-file>"
    )));
    assert!(prompt.contains("<status>completed</status>"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn background_tasks_die_with_the_session() {
    let dir = scratch();
    let server = ScriptedServer::start(json!({"responses": [
        bash("toolu_01", json!({"command": "sleep 60 & echo $! > child.pid; wait", "run_in_background": true})),
        text("Running."),
    ]}))
    .await
    .unwrap();
    let client = Client::connect(
        options(&server.url(), dir.path(), json!({})),
        Callbacks::default(),
    )
    .unwrap();
    client.query("Start it").unwrap();
    let messages: Vec<_> = client.receive_response().collect().await;
    assert!(messages.last().unwrap().is_ok());
    let pid_file = dir.path().join("ws/child.pid");
    assert!(wait_for(|| std::fs::read_to_string(&pid_file).is_ok_and(|s| s.ends_with('\n'))).await);
    let pid: i32 = std::fs::read_to_string(&pid_file)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    assert!(is_running(pid));
    client.disconnect();
    drop(client);
    assert!(
        wait_for(|| !is_running(pid)).await,
        "background process {pid} outlived its session"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn web_fetch_checks_the_domain_first_unless_the_settings_skip_it() {
    let dir = scratch();
    let model = ScriptedServer::start(json!({
        "responses": [
            {"content": [{"type": "tool_use", "id": "toolu_01", "name": "WebFetch",
                          "input": {"url": "ftp://example.com/x", "prompt": "What is it?"}}]},
            text("Done."),
        ],
    }))
    .await
    .unwrap();
    let opts = options(&model.url(), dir.path(), json!({"tools": ["WebFetch"]}));
    let messages: Vec<Value> = oxagent::query("Look it up", opts)
        .map(|m| serde_json::to_value(m.unwrap()).unwrap())
        .collect()
        .await;
    let result = messages
        .iter()
        .find(|m| m["type"] == "user" && m["message"]["content"][0]["type"] == "tool_result")
        .unwrap();
    // Nothing answers the check here: the call is refused before the scheme is looked at.
    let text = "Unable to verify if domain example.com is safe to fetch. This may be due to network restrictions or enterprise security policies blocking claude.ai.";
    assert_eq!(result["message"]["content"][0]["content"], json!(text));
    assert_eq!(result["tool_use_result"], json!(format!("Error: {text}")));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn web_fetch_asks_the_small_model_through_the_session() {
    let dir = scratch();
    // One scripted server hosts the page (its GET answer is a small JSON list), another
    // plays the model.
    let site = ScriptedServer::start(json!({"responses": []}))
        .await
        .unwrap();
    let url = format!("{}/v1/models", site.url());
    let model = ScriptedServer::start(json!({
        "responses": [
            {"content": [{"type": "tool_use", "id": "toolu_01", "name": "WebFetch",
                          "input": {"url": url, "prompt": "What is listed?"}}]},
            text("Nothing is listed."),
        ],
        "side_default": text("The page lists no models."),
    }))
    .await
    .unwrap();
    // The domain check asks a service this machine cannot reach: off, as a setting.
    let opts = options(
        &model.url(),
        dir.path(),
        json!({"tools": ["WebFetch"], "settings": "{\"skipWebFetchPreflight\": true}"}),
    );
    let messages: Vec<Value> = oxagent::query("Look it up", opts)
        .map(|m| serde_json::to_value(m.unwrap()).unwrap())
        .collect()
        .await;
    let result = messages
        .iter()
        .find(|m| m["type"] == "user" && m["message"]["content"][0]["type"] == "tool_result")
        .unwrap();
    assert_eq!(
        result["message"]["content"][0]["content"],
        json!("The page lists no models.")
    );
    assert_eq!(result["tool_use_result"]["code"], json!(200));
    assert_eq!(result["tool_use_result"]["url"], json!(url));
    let side: Vec<Value> = model
        .requests()
        .into_iter()
        .filter_map(|r| r.body)
        .filter(|b| b.get("tools").is_none())
        .collect();
    assert_eq!(side.len(), 1);
    assert_eq!(side[0]["model"], json!("claude-haiku-4-5"));
    let prompt = side[0]["messages"][0]["content"][0]["text"]
        .as_str()
        .unwrap();
    assert!(
        prompt.contains("{\"data\": [], ") && prompt.contains("What is listed?"),
        "{prompt}"
    );
    // The side question is paid for: it shows in modelUsage and in the total.
    let result = messages.last().unwrap();
    let usage = &result["modelUsage"];
    assert!(
        usage["claude-haiku-4-5"]["inputTokens"].as_u64().unwrap() > 0,
        "{usage}"
    );
    let summed: f64 = usage
        .as_object()
        .unwrap()
        .values()
        .map(|m| m["costUSD"].as_f64().unwrap())
        .sum();
    let total = result["total_cost_usd"].as_f64().unwrap();
    assert!(
        (total - summed).abs() < 1e-12
            && summed > usage["claude-opus-5-5"]["costUSD"].as_f64().unwrap()
    );
}

fn tool_names(request: &Value) -> Vec<String> {
    request["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deferred_tools_are_sent_once_looked_up() {
    let dir = scratch();
    let server = ScriptedServer::start(json!({"responses": [
        {"content": [{"type": "tool_use", "id": "toolu_01", "name": "ToolSearch", "input": {"query": "select:WebFetch"}}]},
        text("Loaded."),
    ]}))
    .await
    .unwrap();
    let opts = options(&server.url(), dir.path(), json!({}));
    let messages: Vec<Value> = oxagent::query("Find the fetch tool", opts)
        .map(|m| serde_json::to_value(m.unwrap()).unwrap())
        .collect()
        .await;
    assert_eq!(
        messages[0]["tools"],
        json!([
            "Task",
            "Bash",
            "CronCreate",
            "CronDelete",
            "CronList",
            "Edit",
            "EnterWorktree",
            "ExitWorktree",
            "Monitor",
            "NotebookEdit",
            "Read",
            "SendMessage",
            "Skill",
            "TaskStop",
            "ToolSearch",
            "WebFetch",
            "WebSearch",
            "Write"
        ])
    );
    let bodies: Vec<Value> = server
        .requests()
        .into_iter()
        .filter_map(|r| r.body)
        .collect();
    assert_eq!(
        tool_names(&bodies[0]),
        [
            "Agent",
            "Bash",
            "Edit",
            "Read",
            "Skill",
            "ToolSearch",
            "Write"
        ]
    );
    assert_eq!(
        tool_names(&bodies[1]),
        [
            "Agent",
            "Bash",
            "Edit",
            "Read",
            "Skill",
            "ToolSearch",
            "WebFetch",
            "Write"
        ]
    );
    // The search answers with a reference; the loaded tool goes with `defer_loading`, and the
    // results that hold references are followed by "Tool loaded.".
    let fetch = bodies[1]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == "WebFetch")
        .unwrap();
    assert_eq!(fetch["defer_loading"], json!(true));
    let last = bodies[1]["messages"].as_array().unwrap().last().unwrap();
    assert_eq!(
        last["content"][0]["content"],
        json!([{"type": "tool_reference", "tool_name": "WebFetch"}])
    );
    assert_eq!(last["content"][1]["text"], "Tool loaded.");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tool_search_can_be_switched_off() {
    let dir = scratch();
    let server = ScriptedServer::start(json!({"responses": [text("Hi.")]}))
        .await
        .unwrap();
    let mut opts = options(&server.url(), dir.path(), json!({}));
    opts.env.insert("ENABLE_TOOL_SEARCH".into(), "false".into());
    let messages: Vec<Value> = oxagent::query("Hi", opts)
        .map(|m| serde_json::to_value(m.unwrap()).unwrap())
        .collect()
        .await;
    let all = [
        "Agent",
        "Bash",
        "CronCreate",
        "CronDelete",
        "CronList",
        "Edit",
        "EnterWorktree",
        "ExitWorktree",
        "Monitor",
        "NotebookEdit",
        "Read",
        "SendMessage",
        "Skill",
        "TaskStop",
        "WebFetch",
        "WebSearch",
        "Write",
    ];
    // system/init lists the Agent tool under its former name, Task.
    let mut listed = all.to_vec();
    listed[0] = "Task";
    assert_eq!(messages[0]["tools"], json!(listed));
    let body = server.requests().into_iter().find_map(|r| r.body).unwrap();
    assert_eq!(tool_names(&body), all);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_allow_rule_naming_glob_or_grep_offers_both() {
    let dir = scratch();
    let server =
        ScriptedServer::start(json!({"responses": [text("Hi."), text("Hi."), text("Hi.")]}))
            .await
            .unwrap();
    for (allowed, offered) in [
        (json!(["Grep(src/**)"]), true),
        (json!(["Glob"]), true),
        (json!(["Read", "Bash(echo *)"]), false),
    ] {
        let opts = options(&server.url(), dir.path(), json!({"allowed_tools": allowed}));
        let messages: Vec<Value> = oxagent::query("Hi", opts)
            .map(|m| serde_json::to_value(m.unwrap()).unwrap())
            .collect()
            .await;
        let tools = messages[0]["tools"].as_array().unwrap();
        for name in ["Glob", "Grep"] {
            assert_eq!(tools.contains(&json!(name)), offered, "{allowed} {name}");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn skills_load_with_project_settings() {
    let dir = scratch();
    let skill_dir = dir.path().join("ws/.claude/skills/greet");
    std::fs::create_dir_all(&skill_dir).unwrap();
    std::fs::write(
        skill_dir.join("SKILL.md"),
        "---\nname: greet\ndescription: Greets people\n---\nSay hello to $ARGUMENTS.\n",
    )
    .unwrap();
    let server = ScriptedServer::start(json!({"responses": [
        {"content": [{"type": "tool_use", "id": "toolu_01", "name": "Skill", "input": {"skill": "greet", "args": "Ada"}}]},
        text("Hello, Ada."),
    ]}))
    .await
    .unwrap();
    for (sources, listed) in [
        (json!(["project"]), json!(["greet"])),
        (json!([]), json!([])),
    ] {
        let opts = options(
            &server.url(),
            dir.path(),
            json!({"setting_sources": sources}),
        );
        let messages: Vec<Value> = oxagent::query("Greet Ada", opts)
            .map(|m| serde_json::to_value(m.unwrap()).unwrap())
            .collect()
            .await;
        assert_eq!(messages[0]["skills"], listed);
        if listed == json!(["greet"]) {
            // The result launches the skill; its instructions follow as a message of their own.
            let result = &messages[2];
            assert_eq!(
                result["message"]["content"][0]["content"],
                json!("Launching skill: greet")
            );
            assert_eq!(
                messages[3]["message"]["content"][0]["text"],
                json!(format!(
                    "Base directory for this skill: {}\n\nSay hello to Ada.\n",
                    skill_dir.canonicalize().unwrap().display()
                ))
            );
            assert_eq!(messages[3]["isSynthetic"], json!(true));
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ask_user_question_is_answered_by_can_use_tool() {
    let dir = scratch();
    let questions = json!([{"question": "Which color?", "header": "Color", "multiSelect": false,
        "options": [{"label": "Red", "description": "Warm"}, {"label": "Blue", "description": "Cold"}]}]);
    let server = ScriptedServer::start(json!({"responses": [
        {"content": [{"type": "tool_use", "id": "toolu_01", "name": "AskUserQuestion", "input": {"questions": questions}}]},
        text("Blue it is."),
    ]}))
    .await
    .unwrap();
    let callbacks = Callbacks {
        can_use_tool: Some(std::sync::Arc::new(
            |name: String, mut input: Value, _ctx: oxagent::CanUseToolRequest| {
                Box::pin(async move {
                    assert_eq!(name, "AskUserQuestion");
                    input["answers"] = json!({"Which color?": "Blue"});
                    PermissionResult::Allow {
                        updated_input: Some(input),
                        updated_permissions: Vec::new(),
                    }
                }) as futures::future::BoxFuture<'static, PermissionResult>
            },
        )),
        ..Callbacks::default()
    };
    let opts = options(
        &server.url(),
        dir.path(),
        json!({"permission_mode": "default"}),
    );
    let messages: Vec<Value> = oxagent::query_with("Pick", opts, callbacks)
        .map(|m| serde_json::to_value(m.unwrap()).unwrap())
        .collect()
        .await;
    assert!(messages[0]["tools"]
        .as_array()
        .unwrap()
        .contains(&json!("AskUserQuestion")));
    let result = &messages[2];
    assert_eq!(
        result["message"]["content"][0]["content"],
        json!("User answered the questions: \"Which color?\" = \"Blue\". Continue with these answers in mind.")
    );
    assert_eq!(
        result["tool_use_result"]["answers"],
        json!({"Which color?": "Blue"})
    );

    // Without anyone to ask, dontAsk mode refuses the call.
    let server = ScriptedServer::start(json!({"responses": [
        {"content": [{"type": "tool_use", "id": "toolu_01", "name": "AskUserQuestion", "input": {"questions": questions}}]},
        text("Fine."),
    ]}))
    .await
    .unwrap();
    let opts = options(
        &server.url(),
        dir.path(),
        json!({"permission_mode": "dontAsk", "tools": ["AskUserQuestion"]}),
    );
    let messages: Vec<Value> = oxagent::query("Pick", opts)
        .map(|m| serde_json::to_value(m.unwrap()).unwrap())
        .collect()
        .await;
    let denied = messages.iter().find(|m| m["type"] == "user").unwrap();
    assert_eq!(denied["message"]["content"][0]["is_error"], json!(true));
    assert!(denied["message"]["content"][0]["content"]
        .as_str()
        .unwrap()
        .starts_with("Permission to use AskUserQuestion has been denied because Claude Code is running in don't ask mode."));
}

/// A Bash `cd` moves the file tools' paths only for the calls after its group: a Read
/// running beside it resolves from where the shell stood as the group began, even when
/// the command finishes first; the next response's Read resolves from the new directory.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cd_is_seen_by_the_calls_after_its_group_only() {
    let dir = scratch();
    let ws = dir.path().join("ws");
    std::fs::create_dir_all(ws.join("src")).unwrap();
    std::fs::write(ws.join("src/app.js"), "top\n").unwrap();
    std::fs::write(ws.join("app.js"), "root\n").unwrap();
    let read = |id: &str, path: &str| json!({"type": "tool_use", "id": id, "name": "Read", "input": {"file_path": path}});
    let mut first = vec![
        json!({"type": "tool_use", "id": "toolu_01", "name": "Bash", "input": {"command": "cd src"}}),
    ];
    // Reads enough that some start after the command is done on a loaded machine.
    for i in 2..10 {
        first.push(read(&format!("toolu_0{i}"), "./src/app.js"));
    }
    let server = ScriptedServer::start(json!({"responses": [
        {"content": first},
        {"content": [read("toolu_10", "app.js")]},
        text("Done."),
    ]}))
    .await
    .unwrap();
    let session = FrameSession::spawn(
        options(&server.url(), dir.path(), json!({})),
        &tokio::runtime::Handle::current(),
    )
    .unwrap();
    session
        .send(json!({"type": "user", "message": {"role": "user", "content": "Go"}}))
        .unwrap();
    session.end_input();
    let mut results = std::collections::BTreeMap::new();
    while let Some(f) = session.recv().await {
        if f["type"] == "user" {
            for block in f["message"]["content"].as_array().unwrap() {
                let id = block["tool_use_id"].as_str().unwrap().to_string();
                results.insert(id, block["content"].clone());
            }
        }
    }
    assert_eq!(results.len(), 10, "{results:?}");
    for i in 2..10 {
        assert_eq!(results[&format!("toolu_0{i}")], json!("1\ttop\n2\t"));
    }
    assert_eq!(results["toolu_10"], json!("1\ttop\n2\t"));
}

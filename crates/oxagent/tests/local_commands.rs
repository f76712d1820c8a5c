//! `/clear` and the prompt stamps a host sends (`uuid`, `origin`), through the frame face
//! against the scripted server; `resume_drops_turn` refusing a cut that drops more than the
//! turn it names.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use oxagent::FrameSession;
use oxagent::{Options, SessionRuntime};
use oxagent_testkit::ScriptedServer;
use serde_json::{json, Value};

fn options(url: &str, dir: &std::path::Path, extra: Value) -> Options {
    let mut o = json!({
        "cwd": dir.to_string_lossy(),
        "setting_sources": [],
        "permission_mode": "bypassPermissions",
        "env": {"ANTHROPIC_BASE_URL": url, "ANTHROPIC_API_KEY": "sk-test",
                "HOME": dir.to_string_lossy()},
    });
    o.as_object_mut()
        .unwrap()
        .extend(extra.as_object().unwrap().clone());
    Options::from_json(&o).unwrap()
}

fn text(t: &str) -> Value {
    json!({"content": [{"type": "text", "text": t}]})
}

fn prompt(content: &str, stamps: Value) -> Value {
    let mut f = json!({"type": "user", "message": {"role": "user", "content": content},
        "parent_tool_use_id": null});
    f.as_object_mut()
        .unwrap()
        .extend(stamps.as_object().unwrap().clone());
    f
}

/// Frames until (and with) the next result.
async fn turn(s: &FrameSession) -> Vec<Value> {
    let mut out = Vec::new();
    while let Some(f) = s.recv().await {
        let done = f["type"] == "result";
        if f["type"] != "control_request" {
            out.push(f);
        }
        if done {
            break;
        }
    }
    out
}

fn kinds(frames: &[Value]) -> Vec<String> {
    frames
        .iter()
        .map(|f| match f["subtype"].as_str() {
            Some(s) => format!("{}/{s}", f["type"].as_str().unwrap()),
            None => f["type"].as_str().unwrap().to_string(),
        })
        .collect()
}

fn transcript_prompts(path: &std::path::Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|r| r["type"] == "user")
        .filter_map(|r| r["message"]["content"].as_str().map(str::to_string))
        .collect()
}

#[tokio::test]
async fn clear_goes_on_as_a_new_session_and_origin_is_echoed() {
    let dir = tempfile::tempdir().unwrap();
    let server = ScriptedServer::start(json!({"responses": [text("one"), text("two")]}))
        .await
        .unwrap();
    let rt = tokio::runtime::Handle::current();
    let s = FrameSession::spawn(options(&server.url(), dir.path(), json!({})), &rt).unwrap();
    s.send(prompt("first", json!({"origin": {"kind": "human"}})))
        .unwrap();
    let first = turn(&s).await;
    let old = first[0]["session_id"].as_str().unwrap().to_string();
    assert_eq!(first.last().unwrap()["origin"], json!({"kind": "human"}));

    let clear_uuid = "6d0c1a86-5d55-4c57-9e1e-0f1b7a1c2e3d";
    s.send(prompt(
        "/clear",
        json!({"uuid": clear_uuid, "origin": {"kind": "human"}}),
    ))
    .unwrap();
    let cleared = turn(&s).await;
    assert_eq!(
        kinds(&cleared),
        [
            "conversation_reset",
            "system/background_tasks_changed",
            "system/init",
            "result/success"
        ]
    );
    let reset = &cleared[0];
    assert_eq!(reset["session_id"], json!(old));
    assert_eq!(reset["uuid"], reset["new_conversation_id"]);
    assert_eq!(reset["trigger"], "clear");
    assert_eq!(reset["user_message_uuid"], clear_uuid);
    assert_eq!(reset["user_message_from_human"], true);
    let new = cleared[2]["session_id"].as_str().unwrap().to_string();
    assert_ne!(new, old);
    let result = &cleared[3];
    assert_eq!(result["session_id"], json!(new));
    assert_eq!(result["num_turns"], 0);
    assert_eq!(result["result"], "");
    assert_eq!(result["local_command"], "clear");
    assert_eq!(result["total_cost_usd"], 0.0);
    assert_eq!(result["origin"], json!({"kind": "human"}));

    // Only a person's stamp is honoured.
    s.send(prompt("second", json!({"origin": {"kind": "peer"}})))
        .unwrap();
    let second = turn(&s).await;
    let result = second.last().unwrap();
    assert_eq!(result["session_id"], json!(new));
    assert!(result.get("origin").is_none());
    // The conversation before /clear is gone, and so is what it cost.
    assert_eq!(
        result["total_cost_usd"],
        first.last().unwrap()["total_cost_usd"]
    );
    let last = server.requests().last().unwrap().clone();
    let messages = last.body.as_ref().unwrap()["messages"].as_array().unwrap();
    assert_eq!(messages.len(), 1);
    let said = messages[0]["content"].to_string();
    assert!(said.contains("second") && !said.contains("first"));

    // Each conversation has its own transcript.
    let project = std::fs::read_dir(dir.path().join(".claude/projects"))
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    assert_eq!(
        transcript_prompts(&project.join(format!("{old}.jsonl"))),
        ["first"]
    );
    // The new one opens with the command's record, also sent in front of the next prompt.
    let rows = transcript_prompts(&project.join(format!("{new}.jsonl")));
    assert_eq!(rows.len(), 4);
    assert!(rows[0].starts_with("<local-command-caveat>"));
    assert!(rows[1].starts_with("<command-name>/clear</command-name>"));
    assert_eq!(rows[2], "<local-command-stdout></local-command-stdout>\n");
    assert_eq!(rows[3], "second");
    assert!(said.contains("<command-name>/clear</command-name>"));
}

/// Two turns, then a fork at the end of the first that declares which turn it drops.
#[tokio::test]
async fn resume_drops_turn_checks_what_the_cut_discards() {
    let dir = tempfile::tempdir().unwrap();
    let server = ScriptedServer::start(json!({"responses": [], "default": text("ok")}))
        .await
        .unwrap();
    let rt = tokio::runtime::Handle::current();
    let s = FrameSession::spawn(options(&server.url(), dir.path(), json!({})), &rt).unwrap();
    let p1 = "11111111-1111-4111-8111-111111111111";
    let p2 = "22222222-2222-4222-8222-222222222222";
    s.send(prompt("one", json!({"uuid": p1}))).unwrap();
    let first = turn(&s).await;
    let keep_at = first.iter().find(|f| f["type"] == "assistant").unwrap()["uuid"]
        .as_str()
        .unwrap()
        .to_string();
    s.send(prompt("two", json!({"uuid": p2}))).unwrap();
    let second = turn(&s).await;
    let id = second.last().unwrap()["session_id"]
        .as_str()
        .unwrap()
        .to_string();
    drop(s);

    let fork = |declared: &str| {
        options(
            &server.url(),
            dir.path(),
            json!({"resume": id, "fork_session": true, "resume_session_at": keep_at,
                   "resume_drops_turn": declared}),
        )
    };
    let refused = FrameSession::spawn(fork(p1), &rt).unwrap();
    refused.send(prompt("three", json!({}))).unwrap();
    let out = turn(&refused).await;
    assert_eq!(kinds(&out), ["result/error_during_execution"]);
    let text = out[0]["errors"][0].as_str().unwrap_or_default().to_string()
        + out[0]["result"].as_str().unwrap_or_default();
    assert!(
        text.contains(&format!(
            "Resume rejected by --resume-drops-turn: resuming at {keep_at} would discard \
             entries not attributable to turn {p1}: range does not start with the declared \
             turn prompt; first discarded entry 1 [type=user, uuid={p2}]"
        )),
        "{text}"
    );

    let forked = FrameSession::spawn(fork(p2), &rt).unwrap();
    forked.send(prompt("three", json!({}))).unwrap();
    let out = turn(&forked).await;
    let result = out.last().unwrap();
    assert_eq!(result["subtype"], "success");
    assert_ne!(result["session_id"], json!(id));

    // Without a cut there is nothing to drop: the pair is refused before the start.
    let mut alone = fork(p2);
    alone.resume_session_at = None;
    assert!(SessionRuntime::spawn(alone, &rt)
        .err()
        .unwrap()
        .to_string()
        .contains("--resume-drops-turn requires --resume-session-at"));
}

/// A prompt naming a custom command, a skill or a plugin's command reaches the model as the
/// command's two blocks; `initialize` and `system/init` list them; hooks see the prompt typed.
#[tokio::test]
async fn custom_commands_skills_and_plugins_expand() {
    let dir = tempfile::tempdir().unwrap();
    let ws = dir.path().join("ws");
    let write = |rel: &str, text: &str| {
        let p = ws.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    };
    write(
        ".claude/commands/fix.md",
        "---\nargument-hint: <n>\n---\nFix issue $ARGUMENTS.\n",
    );
    write(".claude/commands/sub/deep.md", "Deep body\n");
    write(
        ".claude/skills/pdf/SKILL.md",
        "---\nname: pdf\ndescription: PDFs\n---\nUse it on $ARGUMENTS.\n",
    );
    write(
        "plug/.claude-plugin/plugin.json",
        r#"{"name": "demo", "version": "1.2.0"}"#,
    );
    write(
        "plug/commands/greet.md",
        "# Greet Command\n\nGreet warmly.\n",
    );
    let server = ScriptedServer::start(json!({"responses": [], "default": text("ok")}))
        .await
        .unwrap();
    let rt = tokio::runtime::Handle::current();
    let mut opts = options(
        &server.url(),
        &ws,
        json!({"plugins": [{"type": "local", "path": ws.join("plug").to_string_lossy()}]}),
    );
    opts.setting_sources = None;
    let runtime_info = {
        let (session, _events) = SessionRuntime::spawn(opts.clone(), &rt).unwrap();
        session.server_info()
    };
    let names: Vec<&str> = runtime_info
        .commands
        .iter()
        .map(|c| c.name.as_str())
        .collect();
    assert_eq!(
        names,
        ["clear", "compact", "fix", "sub:deep", "pdf", "demo:greet"]
    );
    let greet = runtime_info.commands.last().unwrap();
    assert_eq!(greet.description, "(demo) Greet Command");
    assert_eq!(runtime_info.commands[2].argument_hint, "<n>");

    let s = FrameSession::spawn(opts, &rt).unwrap();
    let mut sent = Vec::new();
    for p in [
        "/fix 12",
        "/sub:deep",
        "/pdf a.pdf",
        "/demo:greet Bob",
        "/nope x",
    ] {
        s.send(prompt(p, json!({}))).unwrap();
        let frames = turn(&s).await;
        if p == "/fix 12" {
            let init = &frames[0];
            assert_eq!(init["plugins"][0]["source"], "demo@inline");
            assert_eq!(init["plugins"][0]["version"], "1.2.0");
            assert!(init["slash_commands"]
                .as_array()
                .unwrap()
                .contains(&json!("demo:greet")));
        }
        let last = server.requests().last().unwrap().clone();
        let messages = last.body.unwrap()["messages"].clone();
        let content = messages.as_array().unwrap().last().unwrap()["content"].clone();
        let texts: Vec<String> = match content {
            Value::String(t) => vec![t],
            Value::Array(blocks) => blocks
                .iter()
                .filter_map(|b| b["text"].as_str())
                .filter(|t| !t.starts_with("<system-reminder>"))
                .map(str::to_string)
                .collect(),
            _ => Vec::new(),
        };
        sent.push(texts);
    }
    let record = |name: &str, args: &str| {
        let mut r = format!(
            "<command-message>{name}</command-message>\n<command-name>/{name}</command-name>\n"
        );
        if !args.is_empty() {
            r += &format!("<command-args>{args}</command-args>\n");
        }
        r
    };
    assert_eq!(sent[0], [record("fix", "12"), "Fix issue 12.\n".into()]);
    assert_eq!(sent[1], [record("sub:deep", ""), "Deep body\n".into()]);
    let skill_dir = ws.join(".claude/skills/pdf").canonicalize().unwrap();
    assert_eq!(
        sent[2],
        [
            record("pdf", "a.pdf"),
            format!(
                "Base directory for this skill: {}\n\nUse it on a.pdf.\n",
                skill_dir.display()
            )
        ]
    );
    assert_eq!(
        sent[3],
        [
            record("demo:greet", "Bob"),
            "# Greet Command\n\nGreet warmly.\n\n\nARGUMENTS: Bob".into()
        ]
    );
    assert_eq!(sent[4].last().unwrap(), "/nope x");
}

/// `/compact` refused as unavailable (`DISABLE_COMPACT`) is not said to have run: its answer
/// carries the output and the outcome but no `local_command_run`, and its result no
/// `local_command`; a `/compact` that fails (nothing to compact) carries both.
#[tokio::test]
async fn compact_unavailable_is_not_a_command_run() {
    let dir = tempfile::tempdir().unwrap();
    let server = ScriptedServer::start(json!({"responses": [text("one")]}))
        .await
        .unwrap();
    let rt = tokio::runtime::Handle::current();
    let failing = FrameSession::spawn(options(&server.url(), dir.path(), json!({})), &rt).unwrap();
    failing.send(prompt("/compact", json!({}))).unwrap();
    let failed = turn(&failing).await;
    assert_eq!(
        kinds(&failed),
        ["system/init", "assistant", "result/success"]
    );
    assert_eq!(
        failed[1]["local_command_run"],
        json!({"command": "compact", "args": ""})
    );
    assert_eq!(
        failed[1]["local_command_outcome"],
        json!({"kind": "failed"})
    );
    assert_eq!(failed[2]["local_command"], "compact");

    let env = json!({"env": {"ANTHROPIC_BASE_URL": server.url(), "ANTHROPIC_API_KEY": "sk-test",
        "HOME": dir.path().to_string_lossy(), "DISABLE_COMPACT": "1"}});
    let s = FrameSession::spawn(options(&server.url(), dir.path(), env), &rt).unwrap();
    s.send(prompt("first", json!({}))).unwrap();
    turn(&s).await;
    s.send(prompt("/compact", json!({}))).unwrap();
    let refused = turn(&s).await;
    assert_eq!(
        kinds(&refused),
        ["system/init", "assistant", "result/success"]
    );
    let answer = &refused[1];
    let text = "/compact isn't available in this environment.";
    assert_eq!(answer["message"]["content"][0]["text"], text);
    assert_eq!(
        answer["local_command_source"],
        format!("<local-command-stdout>{text}</local-command-stdout>")
    );
    assert_eq!(
        answer["local_command_outcome"],
        json!({"kind": "unavailable_headless"})
    );
    assert!(answer.get("local_command_run").is_none());
    let result = &refused[2];
    assert_eq!(result["result"], text);
    assert_eq!(result["num_turns"], 0);
    assert!(result.get("local_command").is_none());
}

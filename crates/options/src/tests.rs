use super::*;
use crate::OptionsErrorKind as K;
use serde_json::json;

fn py(v: Value) -> Result<Options, OptionsError> {
    Options::from_face(&v, Face::Python)
}

fn node(v: Value) -> Result<Options, OptionsError> {
    Options::from_face(&v, Face::Node)
}

fn fixture() -> Value {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/fixtures/options/bad_options.json"
    );
    let text = std::fs::read_to_string(path).unwrap();
    serde_json::from_str(&text).unwrap()
}

#[test]
fn the_shared_bad_options_get_the_same_texts_in_both_faces() {
    let fixture = fixture();
    let cases = fixture["cases"].as_array().unwrap();
    assert!(cases.len() > 40);
    for case in cases {
        for (face, key) in [(Face::Python, "python"), (Face::Node, "node")] {
            let Some(name) = case[key].as_str() else {
                continue;
            };
            let mut options = json!({ name: case["value"] });
            let mut message = case["message"].as_str().unwrap().replace("{option}", name);
            for also in case["also"].as_array().into_iter().flatten() {
                let other = also[key].as_str().unwrap();
                options[other] = also["value"].clone();
                message = message.replace("{also}", other);
            }
            let e = Options::from_face(&options, face).unwrap_err();
            let kind = match case["kind"].as_str().unwrap() {
                "type" => K::Type,
                "value" => K::Value,
                "conflict" => K::Conflict,
                "unsupported" => K::Unsupported,
                other => panic!("kind {other}"),
            };
            assert_eq!(
                (e.kind, e.message.as_str()),
                (kind, message.as_str()),
                "{case}"
            );
            assert_eq!(e.option, name, "{case}");
        }
    }
}

#[test]
fn the_table_names_each_option_once_per_face() {
    for face in [Face::Python, Face::Node] {
        let names: Vec<_> = OPTIONS.iter().filter_map(|o| o.name(face)).collect();
        let mut unique = names.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(names.len(), unique.len(), "{face:?}");
    }
    assert_eq!(OPTIONS.iter().filter(|o| o.python.is_some()).count(), 50);
    assert_eq!(OPTIONS.iter().filter(|o| o.node.is_some()).count(), 70);
    let table = table_json();
    assert_eq!(
        table[0],
        json!({"python": "tools", "node": "tools", "handling": "acted",
        "expected": "a list of tool names or {\"type\": \"preset\", \"preset\": \"claude_code\"}"})
    );
}

#[test]
fn every_option_has_a_reader() {
    // A value no option takes: each is refused by its own check, never for want of one.
    for spec in OPTIONS {
        for face in [Face::Python, Face::Node] {
            let Some(name) = spec.name(face) else {
                continue;
            };
            let result = Options::from_face(&json!({ name: {"$object": "Weird"} }), face);
            if let Err(e) = result {
                assert!(!e.message.starts_with("no reader"), "{name}: {e:?}");
            }
        }
    }
}

#[test]
fn unknown_options_are_refused_in_python_and_ignored_in_node() {
    let e = py(json!({"max_turnz": 1})).unwrap_err();
    assert_eq!((e.kind, e.option.as_str()), (K::Unknown, "max_turnz"));
    assert_eq!(e.message, "unknown option \"max_turnz\"");
    assert_eq!(
        node(json!({"max_turnz": 1, "maxTurns": 2}))
            .unwrap()
            .max_turns,
        Some(2)
    );
    let e = py(json!("fast")).unwrap_err();
    assert_eq!(
        e.message,
        "options must be a mapping of option names to values, not \"fast\""
    );
}

#[test]
fn the_sandbox_settings_are_read() {
    let o = py(json!({"sandbox": {"enabled": true, "excludedCommands": ["git:*"]}})).unwrap();
    assert_eq!(
        o.sandbox,
        Some(json!({"enabled": true, "excludedCommands": ["git:*"]}))
    );
    let e = py(json!({"sandbox": "on"})).unwrap_err();
    assert_eq!(e.message, "sandbox must be a mapping, not \"on\"");
    assert!(py(json!({"sandbox": null, "resume": null, "agents_": null})).is_err());
    assert!(py(json!({"sandbox": {}, "extra_args": {}, "user": null})).is_ok());
}

#[test]
fn options_of_the_session_itself_are_read() {
    let o = node(
        json!({"persistSession": false, "title": "Release notes", "agent": "reviewer",
        "strictMcpConfig": true}),
    )
    .unwrap();
    assert!(o.no_persistence && o.strict_mcp_config);
    assert_eq!(
        (o.title.as_deref(), o.agent.as_deref()),
        (Some("Release notes"), Some("reviewer"))
    );
    assert!(
        !node(json!({"persistSession": true}))
            .unwrap()
            .no_persistence
    );
    let e = node(json!({"toolAliases": {"Shell": 1}})).unwrap_err();
    assert_eq!(e.message, "toolAliases.Shell must be a string, not 1");
}

#[test]
fn cli_only_options_are_accepted_and_named() {
    let o = node(json!({"spawnClaudeCodeProcess": {"$callable": "spawn"},
        "promptSuggestions": true, "executable": "node", "toolConfig": {}}))
    .unwrap();
    assert_eq!(
        o.cli_only,
        vec!["executable", "spawnClaudeCodeProcess", "promptSuggestions"]
    );
}

#[test]
fn extra_args_spell_options_unless_the_option_is_given() {
    let o = py(
        json!({"extra_args": {"model": "claude-haiku-4-5", "max-turns": "4",
        "no-session-persistence": null, "debug-file": "/tmp/d.log", "verbose": null}}),
    )
    .unwrap();
    assert_eq!(
        (o.model.as_deref(), o.max_turns),
        (Some("claude-haiku-4-5"), Some(4))
    );
    assert!(o.no_persistence);
    // Python has no debugFile option: the flag has no effect there.
    assert_eq!(
        o.extra_args_ignored,
        vec!["--verbose", "--debug-file /tmp/d.log"]
    );
    // The flag's one value comes last on the CLI's command line and wins
    // (vk_xa_model_override); a list flag holds only where the option is not given.
    let o = py(json!({"model": "claude-opus-4-1", "extra_args": {"model": "claude-haiku-4-5"}}))
        .unwrap();
    assert_eq!(o.model.as_deref(), Some("claude-haiku-4-5"));
    let o = py(json!({"allowed_tools": ["Read"], "extra_args": {"allowedTools": "Glob"}})).unwrap();
    assert_eq!(o.allowed_tools, vec!["Read".to_string()]);
    let o = node(json!({"extraArgs": {"debug-file": "/tmp/d.log", "permission-mode": "plan"}}))
        .unwrap();
    assert_eq!(o.debug_file, Some(PathBuf::from("/tmp/d.log")));
    assert_eq!(o.permission_mode, Some(PermissionMode::Plan));
    // A flag's value is checked as the option's.
    let e = node(json!({"extraArgs": {"permission-mode": "sideways"}})).unwrap_err();
    assert_eq!(e.option, "permissionMode");
}

#[test]
fn a_session_run_elsewhere_is_checked_without_refusing_what_oxagent_lacks() {
    let options = json!({"agents": {"a": {"description": "d", "prompt": "p"}},
        "mcp_servers": {"s": {"type": "sse", "url": "http://x/sse"}}, "skills": ["pdf"],
        "system_prompt": {"type": "file", "path": "/no/such/file"}});
    assert!(check(&options, Face::Python).is_ok());
    assert!(check(&json!({"session_store": {"$store": []}}), Face::Python).is_ok());
    let e = check(&json!({"max_turns": "x"}), Face::Python).unwrap_err();
    assert_eq!(e.kind, K::Type);
}

#[test]
fn values_are_read() {
    let o = py(
        json!({"max_turns": 0, "thinking": {"type": "enabled"}, "cwd": "/tmp",
        "tools": {"type": "preset", "preset": "claude_code"}, "session_id": "",
        "can_use_tool": {"$callable": "can_use_tool"}, "max_budget_usd": {"$number": "Infinity"}}),
    )
    .unwrap();
    // As the reference: 0 turns is no limit; enabled thinking without a budget is adaptive.
    assert_eq!(o.max_turns, None);
    assert_eq!(
        o.thinking,
        Some(json!({"type": "adaptive", "display": "updates"}))
    );
    assert_eq!(
        (o.tools, o.session_id, o.can_use_tool),
        (Some(ToolsOption::Preset), None, true)
    );
    assert_eq!(o.max_budget_usd, Some(f64::INFINITY));
    let o = py(json!({"max_thinking_tokens": 0})).unwrap();
    assert_eq!(o.thinking, Some(json!({"type": "disabled"})));
    let o = py(json!({"max_thinking_tokens": 5, "thinking": {"type": "adaptive"}})).unwrap();
    assert_eq!(
        o.thinking,
        Some(json!({"type": "adaptive", "display": "updates"}))
    );
    let o =
        node(json!({"thinking": {"type": "enabled", "budgetTokens": 900, "display": "omitted"}}))
            .unwrap();
    assert_eq!(
        o.thinking,
        Some(json!({"type": "enabled", "budget_tokens": 900, "display": "omitted"}))
    );
}

#[test]
fn node_prompts_may_be_lists() {
    let o =
        node(json!({"systemPrompt": ["a", "__SYSTEM_PROMPT_DYNAMIC_BOUNDARY__", "b"]})).unwrap();
    assert_eq!(o.system_prompt, SystemPrompt::Text("a\n\nb".into()));
    let o = node(json!({"systemPrompt": {"type": "custom", "prompt": ["x", "y"]}})).unwrap();
    assert_eq!(o.system_prompt, SystemPrompt::Text("x\n\ny".into()));
    let e = py(json!({"system_prompt": ["a"]})).unwrap_err();
    assert_eq!(
        e.message,
        "system_prompt must be a string or a system prompt mapping, not [\"a\"]"
    );
    let e = node(json!({"systemPrompt": {"type": "file", "path": "p"}})).unwrap_err();
    assert_eq!(
        e.message,
        "systemPrompt.type must be \"preset\" or \"custom\", not \"file\""
    );
}

#[test]
fn hooks_and_callbacks_come_as_markers() {
    let o = node(json!({"hooks": {"PreToolUse": [{"matcher": "Bash",
        "hooks": [{"$callable": "hook_0"}, {"$callable": "hook_1"}], "timeout": 5, "onFailure": "block"}]},
        "canUseTool": {"$callable": "can_use_tool"}, "permissionPrompts": "none"}))
    .unwrap();
    let m = &o.hooks["PreToolUse"][0];
    assert_eq!(m.callback_ids, ["hook_0", "hook_1"]);
    assert_eq!(
        (m.matcher.as_deref(), m.timeout, m.on_failure.as_deref()),
        (Some("Bash"), Some(5.0), Some("block"))
    );
    // Nobody answers permission prompts.
    assert!(!o.can_use_tool);
    let e = py(json!({"hooks": {"Stop": [{"hooks": [], "on_failure": "sometimes"}]}})).unwrap_err();
    assert_eq!(
        e.message,
        "hooks.Stop[0].on_failure must be \"continue\" or \"block\", not \"sometimes\""
    );
    let e = node(json!({"abortController": {}})).unwrap_err();
    assert_eq!(
        e.message,
        "abortController must be an AbortController, not {}"
    );
    assert!(node(json!({"abortController": {"$object": "AbortController"}})).is_ok());
}

#[test]
fn sdk_servers_the_face_could_not_describe() {
    let e = py(json!({"mcp_servers": {"x": {"type": "sdk", "name": "x", "instance": {"$object": "object"}}}}))
        .unwrap_err();
    assert_eq!(e.message, "mcp_servers.x.instance must be a server made by create_sdk_mcp_server(), not an object of type object");
    let o = node(json!({"mcpServers": {"x": {"type": "sdk", "name": "x", "instance": {"$object": "McpServer"}}}}))
        .unwrap();
    assert_eq!(
        o.mcp_servers,
        vec![McpServer::HostServer { name: "x".into() }]
    );
    let e = node(json!({"mcpServers": {"x": {"type": "sdk", "name": "x"}}})).unwrap_err();
    assert_eq!(e.kind, K::Value);
    // A path names a JSON config file, `{"mcpServers": {...}}` as the CLI reads it.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("servers.json");
    std::fs::write(
        &file,
        r#"{"mcpServers": {"docs": {"type": "http", "url": "http://127.0.0.1:9/mcp"}}}"#,
    )
    .unwrap();
    let o = py(json!({"mcp_servers": file.display().to_string()})).unwrap();
    assert_eq!(o.mcp_servers.len(), 1);
    let e = py(json!({"mcp_servers": "/nonexistent/servers.json"})).unwrap_err();
    assert_eq!(
        (e.kind, e.message.as_str()),
        (
            K::Refused,
            "Invalid MCP configuration:\nMCP config file not found: /nonexistent/servers.json"
        )
    );
    // JSON text is the config itself, not a path under `cwd`.
    let text = r#"{"mcpServers": {"docs": {"type": "http", "url": "http://127.0.0.1:9/mcp"}}}"#;
    let o = py(json!({"mcp_servers": text, "cwd": "/tmp"})).unwrap();
    assert_eq!(o.mcp_servers.len(), 1);
    assert!(py(json!({"mcp_servers": ""}))
        .unwrap()
        .mcp_servers
        .is_empty());
}

#[test]
fn rules_between_options_keep_each_references_text() {
    // Python passes a fallback equal to the model on, as its reference does.
    assert!(py(json!({"model": "m", "fallback_model": "m"})).is_ok());
    let e = node(json!({"model": "m", "fallbackModel": "m"})).unwrap_err();
    assert!(
        e.message
            .starts_with("Fallback model cannot be the same as the main model."),
        "{e:?}"
    );
    let e = node(json!({"supportedDialogKinds": ["k"]})).unwrap_err();
    assert!(
        e.message
            .starts_with("supportedDialogKinds requires an onUserDialog callback"),
        "{e:?}"
    );
    assert!(
        node(json!({"supportedDialogKinds": ["k"], "onUserDialog": {"$callable": "d"}})).is_ok()
    );
    let e = node(json!({"pluginDelivery": "carrier-pigeon"})).unwrap_err();
    assert_eq!(
        e.message,
        "Invalid pluginDelivery. Expected 'argv' or 'initialize'."
    );
    let e = node(json!({"mcpServersDelivery": "carrier-pigeon"})).unwrap_err();
    assert_eq!(
        e.message,
        "mcpServersDelivery must be \"argv\" or \"initialize\", not \"carrier-pigeon\""
    );
}

#[test]
fn skill_names_are_checked_with_each_references_texts() {
    let e = py(json!({"skills": "pdf"})).unwrap_err();
    assert_eq!((e.kind, e.message.as_str()), (K::Type,
        "ClaudeAgentOptions.skills must be a list of skill names or \"all\", got 'pdf'. Did you mean ['pdf']?"));
    let e = py(json!({"skills": [3]})).unwrap_err();
    assert_eq!(
        (e.kind, e.message.as_str()),
        (K::Type, "Skill names must be strings, got int: 3")
    );
    let e = py(json!({"skills": ["*"]})).unwrap_err();
    assert_eq!(
        e.message,
        "Invalid skill name '*': use skills=\"all\" to enable every skill."
    );
    let e = py(json!({"skills": [" pdf"]})).unwrap_err();
    assert!(
        e.message
            .starts_with("Invalid skill name ' pdf': leading or trailing whitespace"),
        "{e:?}"
    );
    let e = node(json!({"skills": ["*"]})).unwrap_err();
    assert_eq!(
        e.message,
        "Invalid skill name '*': use skills: 'all' to enable every skill."
    );
    let e = node(json!({"skills": ["a__*"]})).unwrap_err();
    assert!(
        e.message
            .starts_with("Invalid skill name \"a__*\": wildcard-suffix"),
        "{e:?}"
    );
    let e = node(json!({"skills": [""]})).unwrap_err();
    assert_eq!(e.message, "Skill names must be non-empty strings.");
    // Good names allow the Skill tool for them; the Python SDK also loads the user and
    // project settings, where skills are found, when no setting sources were given.
    let o = node(json!({"skills": ["pdf"], "allowedTools": ["Read"]})).unwrap();
    assert_eq!(o.skills, Some(vec!["pdf".to_string()]));
    assert_eq!(o.allowed_tools, ["Read", "Skill(pdf)"]);
    assert_eq!(o.setting_sources, None);
    let o = Options::from_face(&json!({"skills": "all"}), Face::Python).unwrap();
    assert_eq!(
        (o.skills, o.allowed_tools),
        (None, vec!["Skill".to_string()])
    );
    assert_eq!(
        o.setting_sources,
        Some(vec!["user".into(), "project".into()])
    );
}

#[test]
fn errors_of_a_starting_session_name_the_option_in_the_face() {
    let e = OptionsError::new(K::Value, "permission_mode", "no");
    assert_eq!(e.clone().in_face(Face::Node).option, "permissionMode");
    assert_eq!(e.in_face(Face::Python).option, "permission_mode");
}

#[test]
fn previews_are_short_and_name_what_json_cannot_carry() {
    assert_eq!(preview(&json!({"$object": "set"})), "an object of type set");
    assert_eq!(
        preview(&json!([{"$callable": "x"}, 1])),
        "[\"<function>\",1]"
    );
    assert_eq!(preview(&json!("x".repeat(100))).chars().count(), 80);
}

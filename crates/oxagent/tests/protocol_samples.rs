//! One fully filled message of every kind the Rust protocol emits, as JSON, kept in
//! `tests/fixtures/protocol/messages.json`. The Python and Node suites check their faces'
//! types against that file (every field a face declares is one Rust emits, and the other
//! way round), so a field renamed or added on one side and not the other fails CI.
//!
//! The samples are struct literals without `..Default::default()`: a field added to a Rust
//! type does not compile here until it is given a value, and then shows up in the fixture.
//! `UPDATE_PROTOCOL_SAMPLES=1 cargo test -p oxagent --test it protocol_samples::` rewrites it.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;
use std::path::PathBuf;

use oxagent::core::config::PermissionMode;
use oxagent::core::usage::{ModelUsage, Usage};
use oxagent::message::{
    ApiErrorMark, ApiMessage, AssistantMessage, LocalCommandMark, PermissionDenial, ResultMessage,
    ResultOrigin, ResultSubtype, StreamEventMessage, SubagentMark, UserMessage, UserParam,
};
use oxagent::protocol::system::*;
use oxagent::{ContentBlock, Message};
use serde_json::{json, Map, Value};

const UUID: &str = "9b4a1c9e-2f5d-4c55-8d36-0f3a8d0e1b21";
const SESSION: &str = "3f1e2d4c-5b6a-4978-8e7f-6a5b4c3d2e1f";

fn system(body: SystemBody) -> Message {
    Message::System(SystemMessage::new(body, UUID, SESSION))
}

fn usage() -> Usage {
    let extra: Map<String, Value> = json!({"service_tier": "standard"})
        .as_object()
        .unwrap()
        .clone();
    Usage {
        input_tokens: 10,
        output_tokens: 5,
        cache_creation_input_tokens: 1,
        cache_read_input_tokens: 2,
        extra,
    }
    .for_result()
}

fn model_usage() -> BTreeMap<String, ModelUsage> {
    let entry = ModelUsage {
        input_tokens: 10,
        output_tokens: 5,
        cache_read_input_tokens: 2,
        cache_creation_input_tokens: 1,
        web_search_requests: 0,
        cost_usd: 0.25,
        context_window: 1_000_000,
        max_output_tokens: 128_000,
        thinking_tokens: 0,
        cache_creation_ephemeral_5m_input_tokens: 0,
        cache_creation_ephemeral_1h_input_tokens: 0,
        canonical_model: "claude-opus-5-5".into(),
        provider: "firstParty".into(),
        cost_basis: "list".into(),
        // Not part of the message (what a transcript restores): a round trip leaves it false.
        live: false,
        learned_max_output_tokens: None,
        context_1m: false,
    };
    BTreeMap::from([("claude-opus-5-5".to_string(), entry)])
}

fn assistant() -> Message {
    Message::Assistant(AssistantMessage {
        message: ApiMessage {
            id: "msg_01".into(),
            kind: "message".into(),
            role: "assistant".into(),
            model: "claude-opus-5-5".into(),
            content: vec![ContentBlock::ToolUse {
                id: "toolu_01".into(),
                name: "mcp__calc__add".into(),
                input: json!({"a": 1}),
            }],
            stop_reason: Some("tool_use".into()),
            stop_sequence: Some(String::new()),
            usage: usage(),
            context_management: Some(json!({"applied_edits": []})),
            extra: Map::new(),
        },
        parent_tool_use_id: Some("toolu_00".into()),
        error: Some("server_error".into()),
        api_error: Some(Box::new(ApiErrorMark {
            is_api_error_message: true,
            api_error_status: Some(500),
            api_error_type: Some("api_error".into()),
            api_error: None,
            refused_message_id: None,
        })),
        local_command: Some(Box::new(LocalCommandMark {
            local_command_source: "<local-command-stderr>x</local-command-stderr>".into(),
            local_command_run: json!({"command": "compact", "args": ""}),
            local_command_outcome: json!({"kind": "failed"}),
        })),
        tool_use_meta: Some(json!({"display_name": "add"})),
        subagent: Some(mark()),
        thinking_display: None,
        uuid: UUID.into(),
        session_id: SESSION.into(),
    })
}

/// A tool result, and a replay (what `/compact` hands back) made from it.
fn users() -> Vec<Message> {
    let result = UserMessage {
        message: UserParam {
            role: "user".into(),
            content: oxagent::core::UserContent::Blocks(vec![ContentBlock::ToolResult {
                tool_use_id: "toolu_01".into(),
                content: Some("2".into()),
                is_error: Some(false),
            }]),
        },
        parent_tool_use_id: Some("toolu_00".into()),
        tool_use_result: Some(json!({"stdout": "2"})),
        is_synthetic: Some(true),
        is_replay: None,
        as_reminder: false,
        follows_result: false,
        subagent: Some(mark()),
        refusal: None,
        uuid: Some(UUID.into()),
        session_id: Some(SESSION.into()),
    };
    let replay = UserMessage {
        is_replay: Some(true),
        as_reminder: false,
        follows_result: false,
        ..result.clone()
    };
    vec![Message::User(result), Message::User(replay)]
}

/// A success, and an error result made from it: between them every field is filled.
fn results() -> Vec<Message> {
    let success = ResultMessage {
        subtype: ResultSubtype::Success,
        is_error: false,
        duration_ms: 1200,
        duration_api_ms: 900,
        num_turns: 2,
        result: Some("Done.".into()),
        stop_reason: Some("end_turn".into()),
        session_id: SESSION.into(),
        total_cost_usd: 0.25,
        usage: usage(),
        model_usage: model_usage(),
        permission_denials: vec![PermissionDenial {
            tool_name: "Bash".into(),
            tool_use_id: "toolu_02".into(),
            tool_input: json!({"command": "rm -rf x"}),
        }],
        errors: None,
        structured_output: Some(json!({"answer": 42})),
        deferred_tool_use: Some(
            json!({"id": "toolu_03", "name": "Bash", "input": {"command": "ls"}}),
        ),
        api_error_status: Some(Some(529)),
        api_error_type: Some("overloaded_error".into()),
        local_command: Some("compact".into()),
        terminal_reason: Some("completed".into()),
        stopped_by_permission_check: None,
        fast_mode_state: Some(FAST_MODE_OFF.into()),
        fast_mode_disabled_reason: Some(FAST_MODE_DISABLED_REASON.into()),
        queued_turn_count: Some(0),
        origin: Some(ResultOrigin {
            kind: "task-notification".into(),
            producer: Some("session-task".into()),
            run_id: Some(UUID.into()),
        }),
        result_index: Some(0),
        begun_message_ids: Some(vec!["msg_01".into()]),
        api_error: None,
        uuid: UUID.into(),
    };
    let error = ResultMessage {
        subtype: ResultSubtype::ErrorMaxTurns,
        is_error: true,
        result: None,
        structured_output: None,
        deferred_tool_use: None,
        errors: Some(vec!["Reached maximum number of turns (2)".into()]),
        // Error subtypes carry no API status, and no local command ends with one.
        api_error_status: None,
        api_error_type: None,
        local_command: None,
        result_index: Some(1),
        ..success.clone()
    };
    vec![Message::Result(success), Message::Result(error)]
}

fn stream_event() -> Message {
    Message::StreamEvent(StreamEventMessage {
        event: json!({"type": "message_stop"}).into(),
        parent_tool_use_id: Some("toolu_00".into()),
        thinking_display: Some("updates".into()),
        api_message_id: Some("msg_01".into()),
        abandoned_blocks: None,
        uuid: UUID.into(),
        session_id: SESSION.into(),
    })
}

fn mark() -> SubagentMark {
    SubagentMark {
        agent_id: "a0123456789abcdef".into(),
        subagent_type: "general-purpose".into(),
        task_description: "Read a file".into(),
    }
}

fn systems() -> Vec<Message> {
    let init = Init {
        cwd: "/work".into(),
        tools: vec!["Bash".into(), "Read".into()],
        mcp_servers: vec![McpServerStatus {
            name: "calc".into(),
            status: "connected".into(),
            // Reasons are only in the mcp_status answer, never in init.
            error: None,
            source: Some("dynamic".into()),
        }],
        model: "claude-opus-5-5".into(),
        permission_mode: PermissionMode::AcceptEdits,
        api_key_source: "ANTHROPIC_API_KEY".into(),
        setup: InitSetup {
            betas: Vec::new(),
            slash_commands: vec!["compact".into()],
            output_style: "default".into(),
            agents: vec!["general-purpose".into()],
            skills: vec!["review".into()],
            plugins: vec![PluginInfo {
                name: "p".into(),
                path: "/plugins/p".into(),
                source: Some("p@inline".into()),
                version: Some("1.0.0".into()),
            }],
            additional_directories: vec!["/extra".into()],
            fast_mode_state: FAST_MODE_OFF.into(),
            fast_mode_disabled_reason: FAST_MODE_DISABLED_REASON.into(),
            view_mode: "default".into(),
        },
    };
    let status = Status {
        status: Some("compacting".into()),
        compact_result: Some("failed".into()),
        compact_error: Some("prompt_too_long".into()),
        compact_output_chars: Some(0),
        permission_mode: None,
    };
    let boundary = CompactBoundary {
        compact_metadata: CompactMetadata {
            trigger: "auto".into(),
            pre_tokens: 1000,
            post_tokens: 200,
            cumulative_dropped_tokens: 800,
            preserved_segment: Some(PreservedSegment {
                head_uuid: Some(UUID.into()),
                anchor_uuid: Some(UUID.into()),
                tail_uuid: Some(UUID.into()),
            }),
            preserved_messages: Some(PreservedMessages {
                anchor_uuid: Some(UUID.into()),
                uuids: vec![UUID.into()],
                all_uuids: vec![UUID.into()],
            }),
        },
        logical_parent_uuid: Some(UUID.into()),
    };
    vec![
        system(SystemBody::Init(Box::new(init))),
        system(SystemBody::Status(status)),
        system(SystemBody::ApiRetry(ApiRetry {
            attempt: 1,
            max_retries: 10,
            retry_delay_ms: 500,
            error_status: Some(529),
            error: "overloaded".into(),
        })),
        system(SystemBody::CompactBoundary(boundary)),
        system(SystemBody::PermissionDenied(PermissionDenied {
            tool_name: "Bash".into(),
            tool_use_id: "toolu_02".into(),
            agent_id: Some("a0123456789abcdef".into()),
            decision_reason_type: Some("rule".into()),
            decision_reason_code: Some("deny_rule".into()),
            decision_reason: Some("Bash(rm *)".into()),
            message: "Permission to use Bash has been denied.".into(),
        })),
        system(SystemBody::Informational(Informational {
            content: "UserPromptSubmit operation blocked by hook".into(),
            level: "warning".into(),
            prevent_continuation: Some(true),
            prompt_submit_outcome: Some(PromptSubmitOutcome {
                kind: "blocked_by_hook".into(),
                prompt_kept: false,
                reason: Some("no".into()),
            }),
            is_meta: None,
            tag: None,
            hook_no_verdict: None,
            recorded: false,
        })),
        system(SystemBody::Notification(Notification {
            timeout_ms: Some(10_000),
            key: "stop-hook-error".into(),
            text: "stop hook problem".into(),
            priority: "immediate".into(),
            color: None,
        })),
        system(SystemBody::HookStarted(HookStarted {
            hook_id: UUID.into(),
            hook_name: "PreToolUse:Bash".into(),
            hook_event: "PreToolUse".into(),
        })),
        system(SystemBody::HookResponse(HookResponse {
            hook_id: UUID.into(),
            hook_name: "PreToolUse:Bash".into(),
            hook_event: "PreToolUse".into(),
            output: "ok".into(),
            stdout: "ok".into(),
            stderr: String::new(),
            exit_code: Some(0),
            outcome: "success".into(),
        })),
        system(SystemBody::TaskStarted(TaskStarted {
            task_id: "b1".into(),
            run_id: UUID.into(),
            tool_use_id: "toolu_03".into(),
            description: "Read a file".into(),
            subagent_type: Some("general-purpose".into()),
            is_backgrounded: Some(true),
            spawn_depth: Some(2),
            parent_task_id: Some("a0123456789abcdef".into()),
            task_type: "local_agent".into(),
            prompt: Some("Read a.txt".into()),
            skip_transcript: None,
            ambient: None,
        })),
        system(SystemBody::TaskProgress(TaskProgress {
            task_id: "b1".into(),
            run_id: UUID.into(),
            tool_use_id: "toolu_03".into(),
            description: "Reading a.txt".into(),
            subagent_type: "general-purpose".into(),
            usage: TaskUsage {
                total_tokens: 102,
                tool_uses: 1,
                duration_ms: 40,
            },
            last_tool_name: "Read".into(),
        })),
        system(SystemBody::TaskUpdated(TaskUpdated {
            task_id: "b1".into(),
            run_id: UUID.into(),
            patch: TaskPatch {
                status: "failed".into(),
                error: Some("API Error: 500".into()),
            },
        })),
        system(SystemBody::TaskNotification(TaskNotification {
            task_id: "b1".into(),
            run_id: UUID.into(),
            tool_use_id: "toolu_03".into(),
            status: "completed".into(),
            output_file: "/tmp/b1.output".into(),
            summary: "Background command \"Sleep\" completed (exit code 0)".into(),
            usage: Some(TaskUsage {
                total_tokens: 120,
                tool_uses: 1,
                duration_ms: 425,
            }),
            summary_is_report: Some(true),
            skip_transcript: None,
            ambient: None,
        })),
        system(SystemBody::BackgroundTasksChanged(BackgroundTasksChanged {
            tasks: vec![BackgroundTask {
                task_id: "b1".into(),
                run_id: UUID.into(),
                task_type: "local_agent".into(),
                subagent_type: Some("general-purpose".into()),
                description: "Read a file".into(),
            }],
        })),
        system(SystemBody::ThinkingTokens(ThinkingTokens {
            estimated_tokens: 22,
            estimated_tokens_delta: 6,
        })),
    ]
}

fn samples() -> Value {
    let mut all = vec![assistant(), stream_event()];
    all.extend(users());
    all.extend(results());
    all.extend(systems());
    // Every message round-trips through its own type.
    for m in &all {
        let back: Message = serde_json::from_value(serde_json::to_value(m).unwrap()).unwrap();
        assert_eq!(&back, m);
    }
    json!({
        "about": "One fully filled message of every kind oxagent emits (crates/oxagent/tests/protocol_samples.rs writes this file).",
        "messages": all,
    })
}

#[test]
fn the_fixture_is_what_the_protocol_emits() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/protocol/messages.json");
    let want = serde_json::to_string_pretty(&samples()).unwrap() + "\n";
    if std::env::var_os("UPDATE_PROTOCOL_SAMPLES").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &want).unwrap();
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        have == want,
        "{} is stale: run UPDATE_PROTOCOL_SAMPLES=1 cargo test -p oxagent --test it protocol_samples::",
        path.display()
    );
}

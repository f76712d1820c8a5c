//! The session as the steps of a turn see it: the facts they read, and the messages they
//! build from them.
//!
//! A step needs the configuration, the live settings, the prompt being answered and the
//! nested CLAUDE.md finder, not the [`super::Session`] that holds them. What a step changes
//! comes apart, in a `turn::Conversation`:
//!
//! ```text
//! Session ──view()───► SessionView { config, live, prompt_id, nested_memory, classifier_warned }
//!         ──parts()──► (SessionView, Conversation)
//! ```

use std::sync::atomic::AtomicBool;

use crate::config::SessionConfig;
use crate::content::{ContentBlock, UserContent};
use crate::live::LiveSettings;
use crate::memory::NestedMemory;
use crate::message::{
    ApiErrorMark, ApiMessage, AssistantMessage, Message, SystemMessage, UserMessage, UserParam,
};
use crate::model::ApiError;
use crate::protocol::hook::{Effort, HookEvent, HookInput};
use crate::protocol::system::SystemBody;
use crate::usage::Usage;

use super::deps::Deps;

/// What the steps of a turn read of their session.
#[derive(Clone, Copy)]
pub(crate) struct SessionView<'a> {
    pub config: &'a SessionConfig,
    /// Permission mode, model and rules in force, which the caller may change mid-turn.
    pub live: &'a LiveSettings,
    /// The id of the prompt being answered, for hook inputs.
    pub prompt_id: Option<&'a str>,
    /// Finds CLAUDE.md files in subdirectories as tools reach them (none: not loaded).
    pub nested_memory: Option<&'a dyn NestedMemory>,
    /// The warning that the auto-mode classifier cannot run went out already.
    pub classifier_warned: &'a AtomicBool,
    /// The rounds of the prompt in which the classifier was wanted and could not run.
    pub classifier_rounds: &'a std::sync::atomic::AtomicU32,
}

impl SessionView<'_> {
    pub fn system(&self, body: SystemBody, deps: &Deps<'_>) -> Message {
        Message::System(SystemMessage::new(
            body,
            deps.clock.uuid(),
            self.config.session_id.clone(),
        ))
    }

    /// A user message the loop adds (not a tool result); `plain` sends the text as a string.
    pub fn user_message(&self, text: &str, plain: bool, uuid: String) -> Message {
        Message::User(UserMessage {
            message: UserParam {
                role: "user".into(),
                content: if plain {
                    UserContent::Text(text.to_string())
                } else {
                    UserContent::Blocks(vec![ContentBlock::text(text)])
                },
            },
            parent_tool_use_id: None,
            tool_use_result: None,
            is_synthetic: None,
            is_replay: None,
            as_reminder: false,
            follows_result: false,
            subagent: None,
            refusal: None,
            uuid: Some(uuid),
            session_id: Some(self.config.session_id.clone()),
        })
    }

    pub fn user_text(&self, text: &str, deps: &Deps<'_>) -> Message {
        self.user_message(text, false, deps.clock.uuid())
    }

    /// Where the session's shell stands now (a Bash `cd` moves it), when it has one.
    pub fn shell_dir(&self) -> Option<std::path::PathBuf> {
        self.config.working_dir.as_ref().map(|dir| dir.0.current())
    }

    /// The input of a hook for `event`, with the fields the event carries: the compaction
    /// events and SessionStart only the session's, SessionEnd and SubagentStart also the
    /// prompt's id, the others also the permission mode, and tool events (PostToolBatch
    /// too), Stop and SubagentStop the effort. In a subagent, every event from the prompt's
    /// id on also names the agent.
    pub fn hook_input(&self, event: HookEvent) -> HookInput {
        let name = event.name();
        // Where the shell is now: a Bash `cd` moves the hooks' `cwd` too.
        let cwd = self.shell_dir().unwrap_or_else(|| self.config.cwd.clone());
        let mut h = HookInput::new(
            self.config.session_id.clone(),
            cwd.to_string_lossy().into_owned(),
            event,
        );
        h.transcript_path = self
            .config
            .transcript_path
            .as_ref()
            .map(|p| p.to_string_lossy().into_owned());
        if name == "InstructionsLoaded" {
            // A subagent's load names the agent (fuzz-l/fl_116), and no prompt.
            if let Some(role) = &self.config.subagent {
                h.agent_id = Some(role.agent_id.clone());
                h.agent_type = Some(role.agent_type.clone());
            }
            return h;
        }
        if matches!(
            name,
            "SessionStart" | "PreCompact" | "PostCompact" | "MessageDisplay"
        ) {
            return h;
        }
        h.prompt_id = self.prompt_id.map(str::to_string);
        if let Some(role) = &self.config.subagent {
            h.agent_id = Some(role.agent_id.clone());
            h.agent_type = Some(role.agent_type.clone());
        }
        if matches!(name, "SessionEnd" | "SubagentStart") {
            return h;
        }
        if name != "StopFailure" {
            h.permission_mode = Some(self.live.permission_mode().as_str().to_string());
        }
        let tool_event = matches!(
            name,
            "PreToolUse"
                | "PostToolUse"
                | "PostToolUseFailure"
                | "PermissionRequest"
                | "PostToolBatch"
                | "Stop"
                | "StopFailure"
                | "SubagentStop"
                | "PreSkillShellCommand"
        );
        if tool_event && crate::usage::supports_effort(&self.live.model()) {
            let level = self
                .config
                .effort
                .clone()
                .unwrap_or_else(|| "medium".into());
            h.effort = Some(Effort { level });
        }
        h
    }

    /// An assistant message that stands for something other than a model answer (an API
    /// error, a local command's output).
    pub fn synthetic_assistant(
        &self,
        deps: &Deps<'_>,
        text: &str,
        error: &str,
        stop_sequence: bool,
    ) -> Message {
        Message::Assistant(AssistantMessage {
            message: ApiMessage {
                id: deps.clock.uuid(),
                kind: "message".into(),
                role: "assistant".into(),
                model: "<synthetic>".into(),
                content: vec![ContentBlock::text(text)],
                stop_reason: Some(
                    if stop_sequence {
                        "stop_sequence"
                    } else {
                        "end_turn"
                    }
                    .into(),
                ),
                stop_sequence: stop_sequence.then(String::new),
                usage: Usage::synthetic(),
                context_management: None,
                extra: synthetic_fields(),
            },
            parent_tool_use_id: None,
            error: (!error.is_empty()).then(|| error.to_string()),
            api_error: None,
            local_command: None,
            tool_use_meta: None,
            subagent: None,
            thinking_display: None,
            uuid: deps.clock.uuid(),
            session_id: self.config.session_id.clone(),
        })
    }

    /// The synthetic assistant message that stands for a failed API call.
    pub fn api_error_assistant(&self, deps: &Deps<'_>, text: &str, err: &ApiError) -> Message {
        let mut m = self.synthetic_assistant(deps, text, err.kind.as_str(), true);
        if let Message::Assistant(a) = &mut m {
            a.api_error = Some(Box::new(ApiErrorMark {
                is_api_error_message: true,
                api_error_status: err.status,
                api_error_type: err.error_type.clone(),
                api_error: crate::message::api_error_code(&err.message),
                refused_message_id: None,
            }));
        }
        m
    }
}

/// The fields of the API's message no model filled in, on a synthetic assistant message.
fn synthetic_fields() -> serde_json::Map<String, serde_json::Value> {
    ["diagnostics", "container", "stop_details"]
        .into_iter()
        .map(|k| (k.to_string(), serde_json::Value::Null))
        .collect()
}

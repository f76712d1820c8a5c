//! Starting an agent: its id, model, mode and configuration, and the task messages that
//! announce it.

use std::sync::{Arc, Mutex};

use oxagent_core::agent::Emit;
use oxagent_core::clock::{Clock, SystemClock};
use oxagent_core::config::{PermissionMode, SubagentRole};
use oxagent_core::message::{Message, SubagentMark, UserMessage};
use oxagent_core::protocol::agents::{AgentCall, AgentDefinition};
use oxagent_core::protocol::system::{BackgroundTask, SystemBody, SystemMessage, TaskStarted};
use oxagent_core::{ContentBlock, UserContent};
use serde_json::json;

use super::emit::EmitState;
use super::registry::Agent;
use super::{Running, StopCause, SubagentContext};
use crate::time::tokio_sleep;
use oxagent_core::signal::AbortSignal;
use std::collections::BTreeMap;

use oxagent_core::sync::lock;

/// `a` and 16 hex digits, as the reference names agents.
fn new_agent_id() -> String {
    let id = uuid::Uuid::new_v4().simple().to_string();
    format!("a{}", &id[..16])
}

/// The model an agent runs on: the call's alias, else the definition's (an alias, an id, or
/// `inherit`), else the session's (its caller's). An alias of the caller's own family is the
/// caller's model (fuzz-f/ff_101: `haiku` under claude-haiku-4-5 runs on it; under
/// claude-sonnet-4-5 on the alias's model, ff_033).
pub(crate) fn resolve_model(call: Option<&str>, definition: Option<&str>, session: &str) -> String {
    chosen_model(call, definition, session, &BTreeMap::new()).unwrap_or_else(|| session.to_string())
}

/// The model the call or the definition chooses, if either does.
fn chosen_model(
    call: Option<&str>,
    definition: Option<&str>,
    session: &str,
    env: &BTreeMap<String, String>,
) -> Option<String> {
    for choice in [call, definition].into_iter().flatten() {
        match choice {
            "" | "inherit" => continue,
            alias if same_family(alias, session) => return Some(session.to_string()),
            other => return Some(crate::model_env::resolve(other, env)),
        }
    }
    None
}

/// [`resolve_model`] in the environment `env` (see `model_env`): aliases it names a model
/// for are that model, and `CLAUDE_CODE_SUBAGENT_MODEL` comes before the caller's model.
pub(crate) fn resolve_model_in(
    call: Option<&str>,
    definition: Option<&str>,
    session: &str,
    env: &BTreeMap<String, String>,
) -> String {
    // `CLAUDE_CODE_SUBAGENT_MODEL_FORCE` puts that model over the call's and the
    // definition's (optedge/oe_var_subagent_force*).
    let forced = crate::model_env::subagent_model(env)
        .filter(|_| oxagent_core::env_var::flag(env, "CLAUDE_CODE_SUBAGENT_MODEL_FORCE"));
    forced
        .or_else(|| chosen_model(call, definition, session, env))
        .or_else(|| crate::model_env::subagent_model(env))
        .unwrap_or_else(|| session.to_string())
}

/// Whether `alias` (`haiku`, `sonnet`, `opus`, ...) names the family of the model `id`.
fn same_family(alias: &str, id: &str) -> bool {
    let alias = alias.to_ascii_lowercase();
    let family = !alias.is_empty()
        && !alias.starts_with("claude")
        && alias.chars().all(|c| c.is_ascii_alphabetic());
    family
        && oxagent_core::model_names::canonical_id(id)
            .split('-')
            .any(|part| part == alias)
}

/// The mode an agent runs in: the session's when it is the more permissive, else the
/// definition's; a definition cannot raise an agent to bypassing permissions.
fn effective_mode(session: PermissionMode, definition: Option<&str>) -> PermissionMode {
    if matches!(
        session,
        PermissionMode::BypassPermissions | PermissionMode::AcceptEdits | PermissionMode::Auto
    ) {
        return session;
    }
    match definition.and_then(PermissionMode::parse) {
        Some(PermissionMode::BypassPermissions) | None => session,
        Some(mode) => mode,
    }
}

pub(super) fn system(body: SystemBody, session_id: &str, clock: &dyn Clock) -> Message {
    Message::System(SystemMessage::new(body, clock.uuid(), session_id))
}

/// The subagent's configuration: the parent's, with the agent's prompt, model, limits and mode.
pub(super) fn config_for(
    context: &SubagentContext,
    agent: &Agent,
    call: &AgentCall,
    role: SubagentRole,
    caller: Option<&str>,
) -> (oxagent_core::SessionConfig, PermissionMode) {
    let d: &AgentDefinition = &agent.definition;
    let mut c = context.config.clone();
    c.system_prompt = vec![
        oxagent_core::prompts::IDENTITY.to_string(),
        d.prompt.clone(),
    ];
    c.model = resolve_model_in(
        call.model.as_deref(),
        d.model.as_deref(),
        &caller_model(context, caller),
        &context.config.env,
    );
    c.max_turns = d.max_turns.map(i64::from);
    c.effort = call
        .effort
        .clone()
        .or_else(|| {
            d.effort
                .as_ref()
                .and_then(|e| e.as_str().map(str::to_string))
        })
        .or(c.effort);
    c.include_partial_messages = false;
    c.final_answer_tool = None;
    // Nobody watches a subagent think: its thinking is asked for without display.
    let mut thinking = c
        .thinking
        .take()
        .unwrap_or_else(|| json!({"type": "adaptive"}));
    thinking["display"] = json!("omitted");
    c.thinking = Some(thinking);
    let mode = effective_mode(context.live.permission_mode(), d.permission_mode.as_deref());
    c.permission_mode = mode;
    c.subagent = Some(role);
    (c, mode)
}

/// How an agent starts.
pub(crate) struct Launch<'a> {
    pub background: bool,
    /// The id of the stopped agent it continues (SendMessage).
    pub continued: Option<&'a str>,
    /// A forked skill (`/<skill>`, what its task messages call it): it runs inside its
    /// caller's call, without a transcript of its own in the listings, and ends without
    /// `task_updated`.
    pub ambient: Option<String>,
}

/// An agent whose start went out: its ids, depth and running state.
pub(crate) struct Begun {
    pub(super) agent_id: String,
    pub(super) run_id: String,
    pub(super) depth: u32,
    pub(super) state: Arc<Mutex<EmitState>>,
    pub(super) started_ms: u64,
    pub(super) background: bool,
    pub(super) kill: AbortSignal,
    pub(super) stopped_by: Arc<Mutex<Option<StopCause>>>,
    /// Where SendMessage leaves messages for it while it runs.
    pub(super) inbox: Arc<super::inbox::AgentInbox>,
    /// See [`Launch::ambient`].
    pub(super) ambient: Option<String>,
    /// Why it does not start (see `SubagentContext::zero_tools_refusal`), and its prompt,
    /// which then goes out after its failure (fuzz-f/ff_067).
    pub(super) refused: Option<(String, Option<Message>)>,
}

/// Whether the call runs in the background: unless it says `run_in_background: false`, or
/// always when the definition says `background: true` or the environment sets
/// `CLAUDE_CODE_FORK_SUBAGENT` (optedge/oe_var_fork_subagent*).
pub(super) fn in_background(context: &SubagentContext, agent: &Agent, call: &AgentCall) -> bool {
    agent.definition.background == Some(true)
        || call.run_in_background != Some(false)
        || oxagent_core::env_var::flag(&context.config.env, "CLAUDE_CODE_FORK_SUBAGENT")
}

/// The model the agent of `call` runs on (a fork: its caller's, whatever the call says).
pub(crate) fn model_of(
    context: &SubagentContext,
    agent: &Agent,
    call: &AgentCall,
    caller: Option<&str>,
) -> String {
    agent_model(
        agent,
        call,
        caller_model(context, caller),
        &context.config.env,
    )
}

/// The model `agent` runs on for `call` when its caller runs on `callers` (a fork: the
/// caller's, whatever the call says).
fn agent_model(
    agent: &Agent,
    call: &AgentCall,
    callers: String,
    env: &BTreeMap<String, String>,
) -> String {
    if agent.name == super::fork::FORK {
        return callers;
    }
    resolve_model_in(
        call.model.as_deref(),
        agent.definition.model.as_deref(),
        &callers,
        env,
    )
}

/// The model of the agent that makes a call (none: the main agent, on the session's): what
/// an agent without a model of its own runs on (fuzz-f/ff_027: an agent started by one on
/// haiku runs on haiku).
pub(crate) fn caller_model(context: &SubagentContext, caller: Option<&str>) -> String {
    caller
        .and_then(|id| lock(&context.running).get(id).map(|r| r.model.clone()))
        .unwrap_or_else(|| context.live.model())
}

/// `<task root>/<sanitized cwd>/<session id>/tasks/<agent id>.output`.
pub(crate) fn output_file(context: &SubagentContext, agent_id: &str) -> std::path::PathBuf {
    context
        .task_root
        .join(oxagent_tools::paths::sanitize(&context.config.cwd))
        .join(&context.config.session_id)
        .join("tasks")
        .join(format!("{agent_id}.output"))
}

/// Starts an agent for the call `tool_use_id` (made by `caller`, none: the main agent):
/// `task_started` goes out; its prompt (for a foreground agent of the main agent) is handed
/// back, to go out where the caller's timing wants it.
pub(super) fn begin(
    context: &SubagentContext,
    agent: &Agent,
    call: &AgentCall,
    tool_use_id: &str,
    caller: Option<&str>,
    launch: Launch<'_>,
) -> (Begun, Option<Message>) {
    let Launch {
        background,
        continued,
        ambient,
    } = launch;
    let clock = SystemClock::new(tokio_sleep);
    let session_id = context.config.session_id.clone();
    // A continued agent keeps its id.
    let agent_id = continued.map_or_else(new_agent_id, str::to_string);
    let state = Arc::new(Mutex::new(EmitState::default()));
    let run_id = uuid::Uuid::new_v4().to_string();
    let kill = AbortSignal::new();
    let stopped_by = Arc::new(Mutex::new(None));
    let inbox = Arc::new(super::inbox::AgentInbox::default());
    let depth = {
        let mut running = lock(&context.running);
        let parent = caller.and_then(|a| running.get(a));
        let parent_depth = parent.map_or(0, |r| r.depth);
        // (`caller_model` would take the lock this holds.)
        let callers = parent.map_or_else(|| context.live.model(), |r| r.model.clone());
        let model = agent_model(agent, call, callers, &context.config.env);
        let me = Running {
            depth: parent_depth + 1,
            model,
            state: state.clone(),
            kill: kill.clone(),
            stopped_by: stopped_by.clone(),
            background,
            info: stop_info(
                &agent_id,
                &run_id,
                call,
                tool_use_id,
                &mark_of(&agent_id, agent, call),
                context,
            ),
            name: call.name.clone(),
            inbox: inbox.clone(),
        };
        running.insert(agent_id.clone(), me);
        parent_depth + 1
    };
    let out: &dyn Emit = &context.events;
    let started = TaskStarted {
        task_id: agent_id.clone(),
        run_id: run_id.clone(),
        tool_use_id: tool_use_id.to_string(),
        description: ambient.clone().unwrap_or_else(|| call.description.clone()),
        subagent_type: Some(agent.name.clone()),
        is_backgrounded: Some(background),
        spawn_depth: Some(depth),
        parent_task_id: caller.filter(|_| depth > 1).map(str::to_string),
        task_type: "local_agent".into(),
        prompt: Some(call.prompt.clone()),
        skip_transcript: ambient.is_some().then_some(true),
        ambient: ambient.is_some().then_some(true),
    };
    if background {
        let task = BackgroundTask {
            task_id: agent_id.clone(),
            run_id: run_id.clone(),
            task_type: "local_agent".into(),
            subagent_type: Some(agent.name.clone()),
            description: call.description.clone(),
        };
        context.board.started(task, started);
    } else {
        out.emit(system(
            SystemBody::TaskStarted(started),
            &session_id,
            &clock,
        ));
    }
    // A project file's agent in a project not trusted starts without its own servers, and
    // says so before its prompt (agentmcp/af_*).
    if let Some(text) = &agent.blocked_servers {
        let note = oxagent_core::protocol::system::Notification {
            key: format!("agent-mcp-blocked-{agent_id}"),
            text: text.clone(),
            priority: "medium".into(),
            color: Some("warning".into()),
            timeout_ms: Some(10_000),
        };
        out.emit(system(SystemBody::Notification(note), &session_id, &clock));
    }
    // A fork's prompt is its caller's conversation: no prompt of its own goes out.
    let shown = depth == 1 && !background && agent.name != super::fork::FORK;
    let prompt = shown.then(|| {
        let mut prompt = UserMessage::prompt(UserContent::Blocks(vec![ContentBlock::text(
            call.prompt.clone(),
        )]));
        prompt.parent_tool_use_id = Some(tool_use_id.to_string());
        prompt.subagent = Some(mark_of(&agent_id, agent, call));
        prompt.uuid = Some(clock.uuid());
        prompt.session_id = Some(session_id);
        Message::User(prompt)
    });
    let refusal = continued
        .is_none()
        .then(|| context.zero_tools_refusal(agent))
        .flatten();
    let (prompt, refused) = match refusal {
        Some(why) => (None, Some((why, prompt))),
        None => (prompt, None),
    };
    let begun = Begun {
        agent_id,
        run_id,
        depth,
        state,
        started_ms: clock.monotonic_ms(),
        background,
        kill,
        stopped_by,
        inbox,
        ambient,
        refused,
    };
    (begun, prompt)
}

pub(super) fn mark_of(agent_id: &str, agent: &Agent, call: &AgentCall) -> SubagentMark {
    SubagentMark {
        agent_id: agent_id.to_string(),
        subagent_type: agent.name.clone(),
        task_description: call.description.clone(),
    }
}

/// What announcing the agent's stop needs.
pub(super) fn stop_info(
    agent_id: &str,
    run_id: &str,
    call: &AgentCall,
    tool_use_id: &str,
    mark: &SubagentMark,
    context: &SubagentContext,
) -> super::stop::StopInfo {
    super::stop::StopInfo {
        agent_id: agent_id.to_string(),
        run_id: run_id.to_string(),
        tool_use_id: tool_use_id.to_string(),
        description: call.description.clone(),
        output_file: output_file(context, agent_id),
        mark: mark.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::resolve_model;

    /// fuzz-f/ff_101, ff_033, subagents/subagent_model_*: the call's choice, then the
    /// definition's; an alias of the caller's family keeps the caller's model.
    #[test]
    fn an_agent_s_model() {
        let haiku = oxagent_core::usage::resolve_model("haiku");
        assert_eq!(
            resolve_model(None, Some("haiku"), "claude-haiku-4-5"),
            "claude-haiku-4-5"
        );
        assert_eq!(
            resolve_model(None, Some("haiku"), "claude-sonnet-4-5"),
            haiku
        );
        assert_eq!(
            resolve_model(None, Some("inherit"), "claude-sonnet-4-5"),
            "claude-sonnet-4-5"
        );
        assert_eq!(
            resolve_model(None, None, "claude-opus-5-5"),
            "claude-opus-5-5"
        );
        assert_eq!(
            resolve_model(Some("haiku"), Some("claude-sonnet-4-5"), "claude-opus-5-5"),
            haiku
        );
        assert_eq!(
            resolve_model(None, Some("claude-haiku-4-5"), "claude-opus-5-5"),
            "claude-haiku-4-5"
        );
    }
}

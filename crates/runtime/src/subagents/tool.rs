//! The Agent tool: one call runs one subagent to its end (see the module above).

use std::sync::{Arc, Mutex, OnceLock, Weak};

use futures::future::BoxFuture;
use oxagent_core::agent::{Deps, Emit};
use oxagent_core::clock::{Clock, SystemClock};
use oxagent_core::config::{PermissionMode, SubagentRole};
use oxagent_core::live::LiveSettings;
use oxagent_core::message::{Message, ResultMessage, ResultSubtype, SubagentMark, UserMessage};
use oxagent_core::permission::{PermissionContext, ToolPermission};
use oxagent_core::protocol::agents::{AgentCall, AgentDefinition};
use oxagent_core::protocol::system::{
    BackgroundTask, SystemBody, SystemMessage, TaskNotification, TaskPatch, TaskStarted,
    TaskUpdated, TaskUsage,
};
use oxagent_core::tool::{Tool, ToolContext, ToolOutput};
use oxagent_core::usage::{ModelUsage, Usage};
use oxagent_core::{ContentBlock, Session, UserContent};
use serde_json::{json, Value};

use super::emit::{EmitState, SubagentEmit};
use super::registry::Agent;
use super::report::{failed, failure_text, Finished};
use super::transcript::{AgentMeta, AgentRecord, Recorded};
use super::{Running, StopCause, SubagentContext};
use crate::time::tokio_sleep;
use oxagent_core::signal::AbortSignal;
use oxagent_core::sync::lock;

/// The Agent tool of one session.
pub(crate) struct AgentTool {
    context: OnceLock<Arc<SubagentContext>>,
    /// Agents whose start went out as their call streamed, by call id.
    announced: Mutex<std::collections::HashMap<String, Begun>>,
    /// Itself, for the agents it starts that may start agents in turn. Weak: the context
    /// holds the session's other tools, and a strong reference here would keep the tool and
    /// its context alive forever.
    me: Weak<AgentTool>,
}

impl AgentTool {
    pub fn new() -> Arc<AgentTool> {
        Arc::new_cyclic(|me| AgentTool {
            context: OnceLock::new(),
            announced: Mutex::default(),
            me: me.clone(),
        })
    }

    /// Hands the tool what it runs agents with, once the session's tools are complete.
    pub fn ready(&self, context: SubagentContext) {
        let _ = self.context.set(Arc::new(context));
    }

    /// Stops the running agent `agent_id` (stop_task). False: no such agent runs.
    pub fn stop(&self, agent_id: &str) -> bool {
        self.context
            .get()
            .is_some_and(|c| c.stop(agent_id, StopCause::StopTask))
    }

    /// Stops the agents running in the background (an interrupt).
    pub fn stop_background(&self) {
        if let Some(c) = self.context.get() {
            c.stop_background();
        }
    }
}

/// `a` and 16 hex digits, as the reference names agents.
fn new_agent_id() -> String {
    let id = uuid::Uuid::new_v4().simple().to_string();
    format!("a{}", &id[..16])
}

/// The model an agent runs on: the call's alias, else the definition's (an alias, an id, or
/// `inherit`), else the session's.
pub(crate) fn resolve_model(call: Option<&str>, definition: Option<&str>, session: &str) -> String {
    let alias = |a: &str| -> Option<&'static str> {
        Some(match a {
            "opus" => "claude-opus-5-5",
            "sonnet" => "claude-sonnet-5-5",
            "haiku" => "claude-haiku-5-5",
            _ => return None,
        })
    };
    for choice in [call, definition].into_iter().flatten() {
        match choice {
            "" | "inherit" => continue,
            other => return alias(other).map_or_else(|| other.to_string(), str::to_string),
        }
    }
    session.to_string()
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

impl Tool for AgentTool {
    fn name(&self) -> &str {
        "Agent"
    }

    fn description(&self) -> String {
        let mut text = String::from(
            "Hands a task to a subagent: a fresh agent with its own conversation that works \
             on its own and reports back once. Use it for work that needs many steps or much \
             reading whose details you do not need to keep, or to run independent tasks in \
             parallel (several Agent calls in one response run at once). Give it a \
             self-contained prompt: it sees nothing of this conversation. Only its final \
             report comes back to you.\n\nAvailable agent types:",
        );
        if let Some(ctx) = self.context.get() {
            for a in ctx.agents.iter() {
                let tools = match (&a.definition.tools, &a.definition.disallowed_tools) {
                    (Some(t), _) => t.join(", "),
                    (None, Some(d)) if !d.is_empty() => {
                        format!("All tools except {}", d.join(", "))
                    }
                    _ => "All tools".to_string(),
                };
                text.push_str(&format!(
                    "\n- {}: {} (Tools: {tools})",
                    a.name, a.definition.description
                ));
            }
        }
        text
    }

    fn input_schema(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "description": {"type": "string", "description": "A short (3-5 word) description of the task"},
                "prompt": {"type": "string", "description": "The task for the agent to perform"},
                "subagent_type": {"type": "string", "description": "The type of agent to use (default: general-purpose)"},
                "model": {"type": "string", "enum": ["sonnet", "opus", "haiku", "fable"]},
                "effort": {"type": "string", "enum": ["low", "medium", "high", "xhigh", "max"]},
                "run_in_background": {"type": "boolean"},
                "isolation": {"type": "string", "enum": ["worktree", "remote"]}
            },
            "required": ["description", "prompt"],
            "additionalProperties": false
        })
    }

    fn is_read_only(&self, _input: &Value) -> bool {
        // Several agents of one response run at once; each asks for its own tools' calls.
        true
    }

    fn check_permission(&self, _input: &Value, _ctx: &PermissionContext) -> ToolPermission {
        ToolPermission::Allow
    }

    fn announce(&self, tool_use_id: &str, input: &Value, caller: Option<&str>) {
        // (A background agent's start is announced here too: it goes out as the call
        // streams, before the call answers.)
        let Some(context) = self.context.get() else {
            return;
        };
        let Ok(call) = serde_json::from_value::<AgentCall>(input.clone()) else {
            return;
        };
        let name = call.subagent_type.as_deref().unwrap_or("general-purpose");
        if let Some(agent) = context.agents.get(name) {
            let background = in_background(agent, &call);
            let begun = begin(context, agent, &call, tool_use_id, caller, background);
            lock(&self.announced).insert(tool_use_id.to_string(), begun);
        }
    }

    fn describe_call(&self, input: &Value) -> Option<String> {
        input
            .get("description")
            .and_then(Value::as_str)
            .map(str::to_string)
    }

    fn call<'a>(&'a self, input: Value, ctx: &'a ToolContext) -> BoxFuture<'a, ToolOutput> {
        Box::pin(async move {
            let Some(context) = self.context.get().cloned() else {
                return ToolOutput::error("Agents are not available in this session.");
            };
            let call: AgentCall = match serde_json::from_value(input) {
                Ok(c) => c,
                Err(e) => {
                    return ToolOutput::error(format!("<tool_use_error>{e}</tool_use_error>"))
                }
            };
            let name = call
                .subagent_type
                .clone()
                .unwrap_or_else(|| "general-purpose".into());
            let Some(agent) = context.agents.get(&name).cloned() else {
                let text = context.agents.not_found(&name);
                return ToolOutput::error(text.clone())
                    .with_structured(json!(format!("Error: {text}")));
            };
            let announced = lock(&self.announced).remove(&ctx.tool_use_id);
            let begun = match announced {
                Some(b) => b,
                None => begin(
                    &context,
                    &agent,
                    &call,
                    &ctx.tool_use_id,
                    ctx.agent_id.as_deref(),
                    in_background(&agent, &call),
                ),
            };
            if !begun.background {
                return run(&context, &self.me, &agent, &call, ctx, begun, None).await;
            }
            // In the background: the call answers at once, the agent runs on its own and
            // its end wakes the session.
            let launched = super::report::launched(
                &begun.agent_id,
                &call,
                &resolve_model(
                    call.model.as_deref(),
                    agent.definition.model.as_deref(),
                    &context.live.model(),
                ),
                &output_file(&context, &begun.agent_id),
                context.can_continue,
            );
            let (me, ctx) = (self.me.clone(), ctx.clone());
            let (started, has_started) = tokio::sync::oneshot::channel();
            tokio::spawn(async move {
                run(&context, &me, &agent, &call, &ctx, begun, Some(started)).await;
            });
            // The call answers once the agent's start (its SubagentStart hooks) is done.
            let _ = has_started.await;
            launched
        })
    }
}

fn system(body: SystemBody, session_id: &str, clock: &dyn Clock) -> Message {
    Message::System(SystemMessage::new(body, clock.uuid(), session_id))
}

/// The subagent's configuration: the parent's, with the agent's prompt, model, limits and mode.
fn config_for(
    context: &SubagentContext,
    agent: &Agent,
    call: &AgentCall,
    role: SubagentRole,
) -> (oxagent_core::SessionConfig, PermissionMode) {
    let d: &AgentDefinition = &agent.definition;
    let mut c = context.config.clone();
    c.system_prompt = vec![
        oxagent_core::prompts::IDENTITY.to_string(),
        d.prompt.clone(),
    ];
    c.model = resolve_model(
        call.model.as_deref(),
        d.model.as_deref(),
        &context.live.model(),
    );
    c.max_turns = d.max_turns;
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
    // Nobody watches a subagent think: its adaptive thinking is asked for without display.
    if let Some(t) = c.thinking.as_mut().filter(|t| t["type"] == "adaptive") {
        t["display"] = json!("omitted");
    }
    let mode = effective_mode(context.live.permission_mode(), d.permission_mode.as_deref());
    c.permission_mode = mode;
    c.subagent = Some(role);
    (c, mode)
}

/// An agent whose start went out: its ids, depth and running state.
pub(crate) struct Begun {
    agent_id: String,
    run_id: String,
    depth: u32,
    state: Arc<Mutex<EmitState>>,
    started_ms: u64,
    background: bool,
    kill: AbortSignal,
    stopped_by: Arc<Mutex<Option<StopCause>>>,
}

/// Whether the call runs in the background: unless it says `run_in_background: false`, or
/// always when the definition says `background: true`.
fn in_background(agent: &Agent, call: &AgentCall) -> bool {
    agent.definition.background == Some(true) || call.run_in_background != Some(false)
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
/// `task_started`, and its prompt for an agent of the main agent.
fn begin(
    context: &SubagentContext,
    agent: &Agent,
    call: &AgentCall,
    tool_use_id: &str,
    caller: Option<&str>,
    background: bool,
) -> Begun {
    let clock = SystemClock::new(tokio_sleep);
    let session_id = context.config.session_id.clone();
    let agent_id = new_agent_id();
    let state = Arc::new(Mutex::new(EmitState::default()));
    let run_id = uuid::Uuid::new_v4().to_string();
    let kill = AbortSignal::new();
    let stopped_by = Arc::new(Mutex::new(None));
    let depth = {
        let mut running = lock(&context.running);
        let parent_depth = caller.and_then(|a| running.get(a)).map_or(0, |r| r.depth);
        let me = Running {
            depth: parent_depth + 1,
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
        };
        running.insert(agent_id.clone(), me);
        parent_depth + 1
    };
    let out: &dyn Emit = &context.events;
    let started = TaskStarted {
        task_id: agent_id.clone(),
        run_id: run_id.clone(),
        tool_use_id: tool_use_id.to_string(),
        description: call.description.clone(),
        subagent_type: Some(agent.name.clone()),
        is_backgrounded: background,
        spawn_depth: Some(depth),
        parent_task_id: caller.filter(|_| depth > 1).map(str::to_string),
        task_type: "local_agent".into(),
        prompt: Some(call.prompt.clone()),
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
    if depth == 1 && !background {
        let mut prompt = UserMessage::prompt(UserContent::Blocks(vec![ContentBlock::text(
            call.prompt.clone(),
        )]));
        prompt.parent_tool_use_id = Some(tool_use_id.to_string());
        prompt.subagent = Some(mark_of(&agent_id, agent, call));
        prompt.uuid = Some(clock.uuid());
        prompt.session_id = Some(session_id);
        out.emit(Message::User(prompt));
    }
    Begun {
        agent_id,
        run_id,
        depth,
        state,
        started_ms: clock.monotonic_ms(),
        background,
        kill,
        stopped_by,
    }
}

fn mark_of(agent_id: &str, agent: &Agent, call: &AgentCall) -> SubagentMark {
    SubagentMark {
        agent_id: agent_id.to_string(),
        subagent_type: agent.name.clone(),
        task_description: call.description.clone(),
    }
}

async fn run(
    context: &SubagentContext,
    me: &Weak<AgentTool>,
    agent: &Agent,
    call: &AgentCall,
    ctx: &ToolContext,
    begun: Begun,
    on_start: Option<tokio::sync::oneshot::Sender<()>>,
) -> ToolOutput {
    let clock = SystemClock::new(tokio_sleep);
    let started_unix = clock.unix_ms();
    let session_id = context.config.session_id.clone();
    let Begun {
        agent_id,
        run_id,
        depth,
        state,
        started_ms: started,
        background,
        kill,
        stopped_by,
    } = begun;
    let mark = mark_of(&agent_id, agent, call);
    let out: &dyn Emit = &context.events;
    let shows = depth == 1;
    let output_file = output_file(context, &agent_id);
    let record = context.config.transcript_path.as_ref().and_then(|t| {
        let mirror = context.mirror.clone();
        AgentRecord::open(
            t,
            &session_id,
            &context.config.cwd,
            &agent_id,
            &output_file,
            mirror,
        )
    });
    if let Some(r) = &record {
        r.prompt(&call.prompt, &clock.uuid());
    }
    let role = SubagentRole {
        agent_id: agent_id.clone(),
        agent_type: agent.name.clone(),
        parent_prompt_id: ctx.prompt_id.clone(),
        transcript_path: record.as_ref().map(|r| r.path().to_path_buf()),
    };
    let (config, mode) = config_for(context, agent, call, role);
    let model_name = config.model.clone();
    let mut tools = context.tools_for(&agent.definition);
    if let Some(me) = me.upgrade() {
        if context.offers_agent(&agent.definition) {
            let mut with_agent: Vec<Arc<dyn Tool>> = vec![me];
            with_agent.extend(tools.iter().cloned());
            let deferred = tools.deferred().clone();
            tools = oxagent_core::tool::ToolRegistry::new(with_agent);
            tools.defer(deferred, &[]);
        }
    }
    let mut session = Session::new(config);
    // The agent starts from the rules in force in the parent now, in its own mode.
    let (rules, dirs) = context.live.permissions(Default::default);
    session.live = Arc::new(LiveSettings::new(mode, model_name.clone()));
    session.live.update_permissions(|| (rules, dirs), |_, _| {});
    let hidden = Hidden(out);
    let emit = SubagentEmit {
        out: if shows { out } else { &hidden },
        tool_use_id: ctx.tool_use_id.clone(),
        mark,
        run_id: run_id.clone(),
        session_id: session_id.clone(),
        forward_text: context.forward_text || background,
        progress_after: background,
        tools: tools.names(),
        started_ms: started,
        clock: &clock,
        state: state.clone(),
    };
    let recorded = Recorded {
        inner: &emit,
        record: record.as_ref(),
    };
    let deps = Deps {
        model: context.model.as_ref(),
        tools: &tools,
        host: &context.events,
        emit: &recorded,
        clock: &clock,
        interrupt: &kill,
    };
    let started_hook = on_start.map(|tx| -> Box<dyn FnOnce() + Send> {
        Box::new(move || {
            let _ = tx.send(());
        })
    });
    let running = session.run_as_subagent(&call.prompt, &deps, started_hook);
    // A foreground agent stops with its caller's turn; a background one only when stopped.
    let result = if background {
        running.await
    } else {
        futures::pin_mut!(running);
        match futures::future::select(running, ctx.abort.aborted()).await {
            futures::future::Either::Left((r, _)) => r,
            futures::future::Either::Right((_, running)) => {
                lock(&stopped_by).get_or_insert(StopCause::Interrupt);
                kill.abort();
                running.await
            }
        }
    };
    {
        // The tools it used count among those of the agent that started it.
        let mut running = lock(&context.running);
        running.remove(&agent_id);
        let used = lock(&state).stats.used.clone();
        if let Some(parent) = ctx.agent_id.as_ref().and_then(|a| running.get(a)) {
            lock(&parent.state).stats.adopt(&used);
        }
    }
    for (model, usage) in &session.model_usage {
        context.ledger.record(model, usage_of(usage));
    }
    for denial in &result.permission_denials {
        context.ledger.record_denial(denial.clone());
    }
    let stats = lock(&state).stats.clone();
    let finished = Finished {
        agent_id: agent_id.clone(),
        agent_type: agent.name.clone(),
        prompt: call.prompt.clone(),
        model: model_name,
        report: session_text(&result).or_else(|| lock(&state).last_text.clone()),
        turn_limit: (result.subtype == ResultSubtype::ErrorMaxTurns)
            .then_some(agent.definition.max_turns)
            .flatten(),
        stats,
        last_usage: session.last_usage().cloned().unwrap_or_default(),
        duration_ms: clock.monotonic_ms().saturating_sub(started),
        can_continue: context.can_continue,
        one_shot: agent.one_shot(),
    };
    if let Some(r) = &record {
        r.finish(&AgentMeta {
            agent_type: &agent.name,
            built_in: agent.built_in,
            launched_with_defaults: call.run_in_background != Some(false),
            description: &call.description,
            tool_use_id: &ctx.tool_use_id,
            parent_agent_id: ctx.agent_id.as_deref(),
            depth,
            background,
            model: &finished.model,
            model_not_named: call.model.is_none() && agent.definition.model.is_none(),
        });
    }
    if lock(&stopped_by).is_some() {
        // A background agent's stop was announced when it was stopped.
        let text = oxagent_core::prompts::INTERRUPTED_FOR_TOOL;
        if !background {
            super::stop::announce_foreground(
                context,
                &stop_info(
                    &agent_id,
                    &run_id,
                    call,
                    ctx.tool_use_id.as_str(),
                    &mark_of(&agent_id, agent, call),
                    context,
                ),
            );
            return ToolOutput::error(text).with_structured(json!(format!("Error: {text}")));
        }
        return ToolOutput::error(text);
    }
    let api_failure = result.is_error && result.subtype == ResultSubtype::Success;
    let (status, patch_error, summary, usage, output) = if api_failure {
        let error = result.result.clone().unwrap_or_default();
        let text = failure_text(&error, session.api_failure.as_ref(), &finished.model);
        (
            "failed",
            Some(text.clone()),
            text.clone(),
            None,
            failed(&text),
        )
    } else {
        let usage = TaskUsage {
            total_tokens: finished.tokens(),
            tool_uses: finished.stats.calls,
            duration_ms: finished.duration_ms,
        };
        // A note is given again unless the caller's conversation already had it when this
        // agent started (agents of one round each give theirs).
        let tools_note = finished.tools_note().is_some_and(|note| {
            let mut given = lock(&context.notes_given);
            let notes = given.entry(ctx.agent_id.clone()).or_default();
            let had = notes.get(&note).is_some_and(|&at| at <= started_unix);
            let now = clock.unix_ms();
            notes.entry(note).or_insert(now);
            !had
        });
        if background {
            let notice = super::report::Notice {
                task_id: &agent_id,
                tool_use_id: &ctx.tool_use_id,
                output_file: &output_file,
                description: &call.description,
                tools_note: finished.tools_note().filter(|_| tools_note),
                finished: &finished,
            };
            let (prompt, hook_text) = (notice.prompt(), notice.notification());
            let messages = vec![
                SystemBody::TaskUpdated(TaskUpdated {
                    task_id: agent_id.clone(),
                    run_id: run_id.clone(),
                    patch: TaskPatch {
                        status: "completed".into(),
                        error: None,
                    },
                }),
                SystemBody::TaskNotification(TaskNotification {
                    task_id: agent_id.clone(),
                    run_id,
                    tool_use_id: ctx.tool_use_id.clone(),
                    status: "completed".into(),
                    output_file: output_file.to_string_lossy().into_owned(),
                    summary: finished.summary(),
                    usage: Some(usage),
                    summary_is_report: Some(true),
                }),
            ];
            context
                .board
                .finished(&agent_id, messages, prompt, hook_text);
            return finished.output(false);
        }
        let summary = finished.summary();
        (
            "completed",
            None,
            summary,
            Some(usage),
            finished.output(tools_note),
        )
    };
    out.emit(system(
        SystemBody::TaskUpdated(TaskUpdated {
            task_id: agent_id.clone(),
            run_id: run_id.clone(),
            patch: TaskPatch {
                status: status.into(),
                error: patch_error,
            },
        }),
        &session_id,
        &clock,
    ));
    out.emit(system(
        SystemBody::TaskNotification(TaskNotification {
            task_id: agent_id,
            run_id,
            tool_use_id: ctx.tool_use_id.clone(),
            status: status.into(),
            output_file: output_file.to_string_lossy().into_owned(),
            summary,
            usage,
            summary_is_report: None,
        }),
        &session_id,
        &clock,
    ));
    output
}

/// What announcing the agent's stop needs.
fn stop_info(
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

/// The agent's last text, if it ended with one.
fn session_text(result: &ResultMessage) -> Option<String> {
    match result.subtype {
        ResultSubtype::Success => result.result.clone().filter(|t| !t.is_empty()),
        _ => None,
    }
}

/// A model's cumulative usage as one usage, for the parent's ledger.
fn usage_of(m: &ModelUsage) -> Usage {
    let mut u = Usage {
        input_tokens: m.input_tokens,
        output_tokens: m.output_tokens,
        cache_creation_input_tokens: m.cache_creation_input_tokens,
        cache_read_input_tokens: m.cache_read_input_tokens,
        ..Usage::default()
    };
    if m.web_search_requests > 0 {
        u.extra.insert(
            "server_tool_use".into(),
            json!({"web_search_requests": m.web_search_requests}),
        );
    }
    u
}

/// The emit of an agent started by another agent: only its task messages reach the caller.
struct Hidden<'a>(&'a dyn Emit);

impl Emit for Hidden<'_> {
    fn emit(&self, message: Message) {
        if let Message::System(s) = &message {
            if s.subtype().starts_with("task_") || s.subtype() == "permission_denied" {
                self.0.emit(message);
            }
        }
    }
}

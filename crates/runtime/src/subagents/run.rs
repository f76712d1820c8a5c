//! Running a started agent to its end: its session, its hand-back, and what it reports.

use std::sync::{Arc, Weak};

use oxagent_core::agent::{Deps, Emit};
use oxagent_core::clock::{Clock, SystemClock};
use oxagent_core::config::SubagentRole;
use oxagent_core::live::LiveSettings;
use oxagent_core::message::{Message, ResultMessage, ResultSubtype};
use oxagent_core::protocol::agents::AgentCall;
use oxagent_core::protocol::system::{
    SystemBody, TaskNotification, TaskPatch, TaskUpdated, TaskUsage,
};
use oxagent_core::tool::{Tool, ToolContext, ToolOutput};
use oxagent_core::usage::{ModelUsage, Usage};
use oxagent_core::{Session, SubagentPrompt};
use serde_json::json;

use super::begin::{config_for, mark_of, output_file, stop_info, system, Begun};
use super::emit::SubagentEmit;
use super::registry::Agent;
use super::report::{failed, failure_text, Finished};
use super::transcript::{AgentMeta, AgentRecord, Recorded};
use super::{StopCause, SubagentContext};
use crate::time::tokio_sleep;
use oxagent_core::sync::lock;

/// How deep agents may start agents when the environment does not say.
const DEFAULT_SPAWN_DEPTH: u64 = 3;

/// What a continued agent (SendMessage) starts from.
pub(super) struct Resume {
    /// Its conversation when it last stopped.
    pub history: Vec<oxagent_core::conversation::Turn>,
    /// The Agent call that first started it: its messages stay marked with it.
    pub agent_call_id: String,
}

/// Runs an agent on its own task, under the span of the call that launched it (which ends
/// before the agent does): a background agent, or one continued by SendMessage.
#[allow(clippy::too_many_arguments)]
pub(super) fn spawn_run(
    context: Arc<SubagentContext>,
    me: Weak<dyn Tool>,
    agent: Agent,
    call: AgentCall,
    ctx: ToolContext,
    begun: Begun,
    on_start: Option<tokio::sync::oneshot::Sender<()>>,
    resume: Option<Resume>,
) {
    use tracing::Instrument;
    let span = tracing::Span::current();
    tokio::spawn(
        async move {
            let agent_id = begun.agent_id.clone();
            run(&context, &me, &agent, &call, &ctx, begun, on_start, resume).await;
            run_on_pending(&context, me, &agent_id, &ctx);
        }
        .instrument(span),
    );
}

/// Continues the agent that just stopped with the messages it had no tool round left to
/// read, as SendMessage would (`ctx`: its run's context).
pub(super) fn run_on_pending(
    context: &Arc<SubagentContext>,
    me: Weak<dyn Tool>,
    agent_id: &str,
    ctx: &ToolContext,
) {
    let pending = lock(&context.finished)
        .get_mut(agent_id)
        .map(|s| std::mem::take(&mut s.pending))
        .unwrap_or_default();
    let Some(first) = pending.first() else {
        return;
    };
    let ctx = ToolContext {
        tool_use_id: first.tool_use_id.clone(),
        ..ctx.clone()
    };
    let message = pending
        .iter()
        .map(|p| p.message.as_str())
        .collect::<Vec<_>>()
        .join("\n\n");
    super::send::resume(context, me, agent_id, message, &ctx);
}

/// Whether the agent that made the call has SendMessage to continue the agent it started:
/// the main agent does; an agent does unless its tools leave it out
/// (vk_ag_tools_with_agent, vk_ag_nested_default).
fn caller_can_message(context: &SubagentContext, ctx: &ToolContext) -> bool {
    let Some(caller) = ctx.agent_id.as_deref() else {
        return true;
    };
    let kind = lock(&context.running)
        .get(caller)
        .map(|r| r.info.mark.subagent_type.clone());
    let Some(agent) = kind.and_then(|k| context.agents.get(&k).cloned()) else {
        return true;
    };
    context.tools_for(&agent).get("SendMessage").is_some()
}

#[allow(clippy::too_many_arguments)]
pub(super) async fn run(
    context: &SubagentContext,
    me: &Weak<dyn Tool>,
    agent: &Agent,
    call: &AgentCall,
    ctx: &ToolContext,
    begun: Begun,
    on_start: Option<tokio::sync::oneshot::Sender<()>>,
    resume: Option<Resume>,
) -> ToolOutput {
    let clock = SystemClock::new(tokio_sleep);
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
        inbox,
        ambient,
        refused,
    } = begun;
    let mark = mark_of(&agent_id, agent, call);
    // A continued agent's meta file stays what its first run wrote.
    let continued = resume.is_some();
    let out: &dyn Emit = &context.events;
    let shows = depth == 1;
    let output_file = output_file(context, &agent_id);
    // An agent its tools list leaves without a tool fails as it starts; its prompt goes
    // out after that.
    if let Some((text, prompt)) = refused {
        lock(&context.running).remove(&agent_id);
        for body in [
            SystemBody::TaskUpdated(TaskUpdated {
                task_id: agent_id.clone(),
                run_id: run_id.clone(),
                patch: TaskPatch {
                    status: "failed".into(),
                    error: Some(text.clone()),
                },
            }),
            SystemBody::TaskNotification(notification(
                &agent_id,
                run_id.clone(),
                ctx,
                &output_file,
                "failed",
                text.clone(),
            )),
        ] {
            out.emit(system(body, &session_id, &clock));
        }
        if let Some(p) = prompt {
            out.emit(p);
        }
        return failed(&text);
    }
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
    let forked = agent.name == super::fork::FORK;
    let (mut config, mode) = if forked {
        super::fork::config(context, role)
    } else {
        config_for(context, agent, call, role, ctx.agent_id.as_deref())
    };
    config.inbox = Some(oxagent_core::config::InboxHandle(inbox.clone()));
    config.meta_tools = Some(context.tools.clone());
    // Its thinking is asked for shown only when its text reaches the caller: in the
    // background, a fork, or with forward_subagent_text (subagents/subagent_bg_*,
    // subagent_fork, subagent_forward_text); else omitted.
    config.thinking_omitted = !(context.forward_text || background || forked);
    let model_name = config.model.clone();
    let mut tools = context.tools_for(agent);
    // The servers it brings: their tools whatever its `tools` list says, less its
    // `disallowedTools` (probes am_*); they stop when it ends.
    let own = super::own_servers(&agent.definition);
    let own = if own.is_empty() {
        Vec::new()
    } else {
        context.mcp.connect_own(&own).await
    };
    let refused = agent.definition.disallowed_tools.as_deref().unwrap_or(&[]);
    for t in own.iter().flat_map(|c| c.tools.iter()) {
        let name = t.name();
        if tools.get(name).is_none() && !refused.iter().any(|r| super::rule_tool(r) == name) {
            tools.push(t.clone());
        }
    }
    if let Some(me) = me.upgrade() {
        // Not past CLAUDE_CODE_MAX_SUBAGENT_SPAWN_DEPTH (3 when unset or not a positive
        // whole number): an agent that deep lacks the Agent tool (probes sd_*,
        // fuzz-f/ff_707).
        let deepest = oxagent_core::env_var::positive(
            &context.config.env,
            "CLAUDE_CODE_MAX_SUBAGENT_SPAWN_DEPTH",
        )
        .unwrap_or(DEFAULT_SPAWN_DEPTH);
        if context.offers_agent(&agent.definition) && u64::from(depth) < deepest {
            let mut with_agent: Vec<Arc<dyn Tool>> = vec![me];
            with_agent.extend(tools.iter().cloned());
            let deferred = tools.deferred().clone();
            tools = oxagent_core::tool::ToolRegistry::new(with_agent);
            tools.defer(deferred, &[]);
        }
    }
    let cwd = config.cwd.clone();
    let mut session = Session::new(config);
    session.nested_memory = context
        .nested_memory
        .as_ref()
        .and_then(|m| m.for_subagent());
    // The agent starts from the rules in force in the parent now, in its own mode.
    let (rules, dirs) = context.live.permissions(Default::default);
    session.live = Arc::new(LiveSettings::new(mode, model_name.clone()));
    session.live.update_permissions(|| (rules, dirs), |_, _| {});
    let hidden = Hidden(out);
    let agent_call_id = resume
        .as_ref()
        .map_or_else(|| ctx.tool_use_id.clone(), |r| r.agent_call_id.clone());
    let emit = SubagentEmit {
        out: if shows { out } else { &hidden },
        tool_use_id: agent_call_id.clone(),
        task_call_id: ctx.tool_use_id.clone(),
        mark,
        run_id: run_id.clone(),
        session_id: session_id.clone(),
        forward_text: context.forward_text || background,
        progress_after: background,
        no_progress: ambient.is_some(),
        // The Agent tool counts as used even when the agent has it not (an Explore agent's
        // call of it: fuzz-f/ff_007); another tool it has not does not (ff_022).
        tools: tools
            .names()
            .into_iter()
            .chain(["Agent".to_string()])
            .collect(),
        cwd,
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
    let first = match (resume, ctx.conversation.as_deref().filter(|_| forked)) {
        (Some(r), _) => super::send::prompt(r.history, &call.prompt),
        (None, Some(conversation)) => {
            super::fork::prompt(conversation, &ctx.tool_use_id, &call.prompt)
        }
        (None, None) => {
            let names = agent.definition.skills.as_deref().unwrap_or_default();
            let skills = oxagent_tools::session::skill::preloaded(
                &context.skills,
                names,
                &context.config.cwd,
            );
            match skills.is_empty() {
                true => SubagentPrompt::Fresh(call.prompt.clone()),
                false => SubagentPrompt::Preloaded {
                    prompt: call.prompt.clone(),
                    skills,
                },
            }
        }
    };
    super::memory_dir::make(
        &agent.name,
        agent.definition.memory.as_deref(),
        &context.config,
    );
    let running = session.run_as_subagent(first, &deps, started_hook);
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
    // Messages that came after its last tool round: it is continued with them (taken
    // under the lock SendMessage looks for running agents under, so none is lost).
    let pending = {
        // The tools it used count among those of the agent that started it, unless an API
        // error ended it (fuzz-f/ff_304).
        let mut running = lock(&context.running);
        running.remove(&agent_id);
        let pending = inbox.drain();
        let used = lock(&state).stats.used.clone();
        let failed = result.is_error && result.subtype == ResultSubtype::Success;
        let parent = ctx.agent_id.as_ref().filter(|_| !failed);
        if let Some(parent) = parent.and_then(|a| running.get(a)) {
            lock(&parent.state).stats.adopt(&used);
        }
        pending
    };
    if lock(&stopped_by).is_none() && !agent.one_shot() {
        // It can be continued (SendMessage) from where it stopped.
        lock(&context.finished).insert(
            agent_id.clone(),
            super::Stopped {
                agent: agent.clone(),
                call: call.clone(),
                agent_call_id: agent_call_id.clone(),
                caller: ctx.agent_id.clone(),
                history: session.conversation().to_vec(),
                pending,
            },
        );
    }
    for (model, usage) in &session.model_usage {
        context.ledger.record(model, usage_of(usage));
    }
    for denial in &result.permission_denials {
        context.ledger.record_denial(denial.clone());
    }
    let stats = lock(&state).stats.clone();
    let mut finished = Finished {
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
        can_continue: context.can_continue && caller_can_message(context, ctx),
        one_shot: agent.one_shot(),
        carried: ctx
            .conversation
            .as_deref()
            .map(|h| super::report::carried_names(h))
            .unwrap_or_default(),
        failure: None,
    };
    if let Some(r) = record.as_ref().filter(|_| !continued) {
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
            forked_skill: ambient.is_some(),
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
    if let (Some(label), false) = (&ambient, api_failure) {
        // A forked skill ends inside its call: no task_updated, a notification of its own.
        out.emit(system(
            SystemBody::TaskNotification(TaskNotification {
                skip_transcript: Some(true),
                ambient: Some(true),
                ..notification(
                    &agent_id,
                    run_id,
                    ctx,
                    &output_file,
                    "completed",
                    label.clone(),
                )
            }),
            &session_id,
            &clock,
        ));
        return super::skill_fork::output(label, &agent_id, &finished);
    }
    let (status, patch_error, summary, usage, output) = if api_failure {
        let error = result.result.clone().unwrap_or_default();
        let text = failure_text(&error, session.api_failure.as_ref(), &finished.model);
        // An agent that had given a text is handed back with it, as partial output
        // (fuzz-f/ff_121); its task still failed.
        let output = match finished.report.is_some() {
            true => {
                finished.failure = Some(format!("{text}\n\n{PARTIAL}"));
                finished.output(true)
            }
            false => failed(&text),
        };
        ("failed", Some(text.clone()), text, None, output)
    } else {
        let usage = TaskUsage {
            total_tokens: finished.tokens(),
            tool_uses: finished.stats.calls,
            duration_ms: finished.duration_ms,
        };
        if background {
            let notice = super::report::Notice {
                task_id: &agent_id,
                tool_use_id: &ctx.tool_use_id,
                output_file: &output_file,
                description: &call.description,
                tools_note: finished.tools_note(),
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
                    usage: Some(usage),
                    summary_is_report: Some(true),
                    ..notification(
                        &agent_id,
                        run_id,
                        ctx,
                        &output_file,
                        "completed",
                        finished.summary(),
                    )
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
            finished.output(true),
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
            usage,
            ..notification(&agent_id, run_id, ctx, &output_file, status, summary)
        }),
        &session_id,
        &clock,
    ));
    output
}

/// What follows the API error an agent with a text was ended by.
const PARTIAL: &str = "Everything below is PARTIAL output recovered from the agent before it was cut off. The agent did NOT finish its task \u{2014} treat these results as incomplete.";

/// The `task_notification` of an agent's run that ended as `status`, saying `summary`.
fn notification(
    agent_id: &str,
    run_id: String,
    ctx: &ToolContext,
    output_file: &std::path::Path,
    status: &str,
    summary: String,
) -> TaskNotification {
    TaskNotification {
        task_id: agent_id.to_string(),
        run_id,
        tool_use_id: ctx.tool_use_id.clone(),
        status: status.into(),
        output_file: output_file.to_string_lossy().into_owned(),
        summary,
        usage: None,
        summary_is_report: None,
        skip_transcript: None,
        ambient: None,
    }
}

/// The agent's last text, if it ended with one.
fn session_text(result: &ResultMessage) -> Option<String> {
    match result.subtype {
        // An API error's result is its stand-in text, not the agent's.
        ResultSubtype::Success if !result.is_error => {
            result.result.clone().filter(|t| !t.is_empty())
        }
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

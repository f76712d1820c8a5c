//! A session's life as a task: set up from the options, connect the MCP servers, start
//! fresh or from a transcript, run a turn per prompt (and one per batch of ended background
//! tasks), end.
//!
//! ```text
//! start()  options -> config, tools, transcript plan, events      (on the caller's thread;
//!          a fresh session's transcript file is opened by the task, first thing)
//! run()    MCP servers -> [the session from the store] -> start / resume (or the
//!          unknown-session error) -> SessionStart
//!          -> loop { next prompt or task notification -> turn -> [mirror flush] -> result }
//!          -> SessionEnd -> [mirror flush]
//! ```
//!
//! With a session store, every transcript row is also mirrored into it (see
//! `oxagent_sessions::mirror`); `resume` / `continue_conversation` first load the session
//! from the store into a temporary folder (`oxagent_sessions::from_store`), which goes when
//! the session ends.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use tracing::Instrument;

use crate::clear::{self, ClearPrompt};
use crate::{commands, plugins};
use oxagent_core::agent::clear_command;
use oxagent_core::agent::{Deps, Emit};
use oxagent_core::clock::{Clock, SystemClock};
use oxagent_core::host::LocalAnswers;
use oxagent_core::model::Model;
use oxagent_core::protocol::op::Prompt;
use oxagent_core::protocol::system::{MirrorError, SystemBody, SystemMessage};
use oxagent_core::protocol::Event;
use oxagent_core::signal::AbortSignal;
use oxagent_core::store::{HostStore, SessionStore};
use oxagent_core::tool::{ToolContext, ToolRegistry};
use oxagent_core::{Message, Session, UserContent};
use oxagent_settings::attach_memory;
use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver};

use crate::debug_log::DebugLog;
use crate::error::Result;
use crate::events::EventOut;
use crate::mcp::{ConnectWith, Followed, McpServers};
use crate::prompt_tool::PromptTool;
use crate::shared::Shared;
use crate::subagents::{AgentSet, AgentTool, SubagentContext};
use crate::tasks::{Next, Notification, TaskBoard, TaskFlow};
use crate::time::tokio_sleep;
use crate::{main_thread, own_turns, setup, toolset};
use oxagent_core::sync::lock;
use oxagent_options::{Options, SessionStoreOption};
use oxagent_sessions::from_store::{materialize, Materialized};
use oxagent_sessions::mirror::{MirrorRuntime, StoreMirror};
use oxagent_sessions::start as persist;
use oxagent_sessions::RowSink;

/// What the session task owns.
struct SessionTask {
    session: Session,
    model: Arc<dyn Model>,
    tools: ToolRegistry,
    events: EventOut,
    clock: SystemClock,
    plan: persist::Plan,
    /// A fresh session's transcript, opened first thing when the task runs.
    transcript: Option<persist::Unopened>,
    prompts: UnboundedReceiver<Box<Prompt>>,
    /// The custom slash commands a prompt may invoke.
    /// The skills and slash commands, read again on the host's request.
    reload: Arc<crate::reload::Reloadable>,
    /// The init message's slash commands that no file gives (`compact`, ...).
    builtin_commands: Vec<String>,
    /// What runs `context: fork` skills (none: the session has no Agent tool).
    forker: Option<Arc<crate::subagents::Forker>>,
    /// What file-changing tools keep for each prompt, with file checkpointing on.
    checkpoints: Option<Arc<oxagent_tools::fs::checkpoints::Checkpoints>>,
    /// What the model has seen of each file (a resumed conversation adds to it).
    files: oxagent_tools::FileState,
    task_flow: TaskFlow,
    /// Where background agents announce their start and end.
    task_board: TaskBoard,
    interrupt: Arc<Mutex<AbortSignal>>,
    /// The MCP servers, and the names of the MCP tools the session's tools hold.
    mcp: Arc<McpServers>,
    mcp_followed: Followed,
    server_env: Arc<BTreeMap<String, String>>,
    store: Option<StoreStart>,
    /// The Agent tool and what it runs agents with, handed over once the tools are complete.
    agents: Option<(Arc<AgentTool>, AgentSet)>,
    /// See `Toolset::search_tools`.
    search_tools: Vec<Arc<dyn oxagent_core::tool::Tool>>,
    forward_subagent_text: bool,
    hold_results: bool,
    /// The reference's default tools include SendMessage, which continues an agent.
    can_continue_agents: bool,
    /// The `title` option, and whether the session continues into a new id (a fork).
    title: Option<String>,
    fork: bool,
    /// The MCP tool that answers permission questions (`permission_prompt_tool_name`).
    prompt_tool: Option<Arc<PromptTool>>,
}

/// A session with a store: its mirror, and what to load from the store before it starts.
struct StoreStart {
    store: Arc<dyn SessionStore>,
    mirror: Arc<StoreMirror>,
    /// `resume` / `continue_conversation` with a store: the plan waits for the store.
    deferred: Option<Deferred>,
    load_timeout_ms: u64,
    /// The folder a session loaded from the store resumes in; removed when it ends.
    materialized: Option<Materialized>,
}

struct Deferred {
    continuation: persist::Continuation,
    projects: PathBuf,
    fresh_id: oxagent_sessions::SessionId,
}

/// The store the options name, seen as a store in this process.
fn store_of(option: &SessionStoreOption, events: &EventOut) -> Arc<dyn SessionStore> {
    match option {
        SessionStoreOption::Native(s) => s.clone(),
        SessionStoreOption::Host { methods } => {
            Arc::new(HostStore::new(Arc::new(events.clone()), methods.clone()))
        }
    }
}

/// A mirror of the transcripts under `projects` whose failures become `system/mirror_error`.
fn mirror_of(
    store: Arc<dyn SessionStore>,
    projects: &std::path::Path,
    options: &Options,
    events: &EventOut,
    rt: &tokio::runtime::Handle,
) -> Arc<StoreMirror> {
    let rt = rt.clone();
    let out = events.clone();
    let clock = SystemClock::new(tokio_sleep);
    StoreMirror::new(
        store,
        projects,
        options.session_store_flush,
        MirrorRuntime {
            spawn: Arc::new(move |f| {
                rt.spawn(f);
            }),
            sleep: tokio_sleep,
        },
        Arc::new(move |key, error| {
            let body = SystemBody::MirrorError(MirrorError {
                error,
                key: key.to_camel(),
            });
            let message = SystemMessage::new(body, clock.uuid(), key.session_id.clone());
            out.emit(Message::System(message));
        }),
    )
}

/// The session's shell as hooks see where it is.
struct ShellDir {
    shell: Arc<oxagent_tools::ShellState>,
    cwd: PathBuf,
}

impl oxagent_core::config::WorkingDir for ShellDir {
    fn current(&self) -> PathBuf {
        self.shell.cwd(&self.cwd)
    }
}

/// What the permission prompt tool's calls run with.
fn prompt_tool_context(config: &oxagent_core::config::SessionConfig) -> ToolContext {
    ToolContext {
        session_id: config.session_id.clone(),
        tool_use_id: String::new(),
        cwd: config.cwd.clone(),
        shell_dir: None,
        additional_directories: config.additional_directories.clone(),
        env: config.env.clone(),
        abort: AbortSignal::new(),
        agent_id: None,
        prompt_id: None,
        conversation: None,
        read_denied: Vec::new(),
        permission_mode: Default::default(),
    }
}

/// Sets a session up from `options` and starts its task on `rt`.
pub(super) fn start(
    options: Options,
    rt: &tokio::runtime::Handle,
    model: Arc<dyn Model>,
) -> Result<(Arc<Shared>, UnboundedReceiver<Event>)> {
    // Spans are exported when the environment asks for it (OTEL_*), from the first session.
    oxagent_telemetry::init_from_env();
    let trace_parent = options.trace_parent.clone();
    let clock = SystemClock::new(tokio_sleep);
    let mut env = setup::effective_env(&options);
    let plugins = plugins::load(&options.plugins, &setup::session_cwd(&options));
    let settings = setup::settings(&options, &plugins, &mut env)?;
    // A settings file's deny rule naming a whole tool takes the tool away.
    let mut options = options;
    let denied_by_settings = settings.denied_tools();
    let read_denied = denied_by_settings.iter().any(|t| t == "Read");
    options.disallowed_tools.extend(denied_by_settings);
    options
        .disallowed_tools
        .extend(toolset::turned_off_by_env(&env));
    // A settings file's model holds unless the options or ANTHROPIC_MODEL name one
    // (vh_set_model_*).
    if options.model.is_none() && !env.contains_key("ANTHROPIC_MODEL") {
        options.model = settings.model().map(str::to_string);
    }
    // One copy of the environment for the session, its hooks and its MCP connections.
    let env = setup::shared_env(env);
    let mut config = setup::session_config(&options, &env, &clock)?;
    settings.apply(&mut config, options.permission_mode, &persist::home(&env));
    // The minimal mode runs no hook, the SDK's callbacks included (oe_var_simple_hooks).
    // Commands run without the session's credentials ask before they run: the mode is the
    // default one whatever was asked (oe_var_scrub*).
    if oxagent_core::env_var::flag(&env, "CLAUDE_CODE_SUBPROCESS_ENV_SCRUB") {
        config.permission_mode = oxagent_core::PermissionMode::Default;
    }
    let simple = oxagent_core::env_var::flag(&env, "CLAUDE_CODE_SIMPLE");
    if simple {
        config.hooks.clear();
    }
    let fresh_id = setup::fresh_id(&config.session_id)?;
    setup::check_drops_turn(&options)?;
    setup::check_session_id(&options, &persist::projects(&env), &config.cwd)?;
    let (tx, rx) = unbounded_channel();
    let run_as = setup::run_as(&options)?;
    let local = settings
        .answers(&config.cwd, &persist::home(&env), env.clone())
        .run_as(run_as);
    let debug = DebugLog::open(&options, &config.session_id, &env).map(Arc::new);
    if let Some(d) = &debug {
        for line in d.start(&options, &config.session_id, &config.cwd) {
            let _ = tx.send(Event::Diagnostic(line));
        }
    }
    let local: Arc<dyn LocalAnswers> = Arc::new(local);
    let prompt_tool = options.permission_prompt_tool.clone().map(|name| {
        Arc::new(PromptTool::new(
            name,
            local.clone(),
            prompt_tool_context(&config),
        ))
    });
    let asks_host = options.can_use_tool || options.permission_prompt_stdio;
    let local: Arc<dyn LocalAnswers> = match &prompt_tool {
        Some(p) => p.clone(),
        None => local,
    };
    // Hooks that call MCP tools answer once the servers exist (see below).
    let mcp_hooks = crate::other_hooks::OtherHooks::of(
        &settings,
        env.clone(),
        local.clone(),
        prompt_tool_context(&config),
    )
    .map(Arc::new);
    let events = EventOut::new(tx, asks_host || prompt_tool.is_some())
        .with_local(match &mcp_hooks {
            Some(h) => h.clone(),
            None => local,
        })
        .with_debug(debug);
    let projects = persist::projects(&env);
    let continuation = setup::continuation(&options);
    let mut transcript = None;
    let mut store = options.session_store.as_ref().map(|option| {
        let store = store_of(option, &events);
        let mirror = mirror_of(store.clone(), &projects, &options, &events, rt);
        StoreStart {
            store,
            mirror,
            deferred: None,
            load_timeout_ms: options.load_timeout_ms.unwrap_or(60_000),
            materialized: None,
        }
    });
    let plan = match store.as_mut() {
        // The session comes from the store: it is planned once the store has answered.
        Some(s) if continuation.resume.is_some() || continuation.continue_conversation => {
            let id = if continuation.fork_session {
                fresh_id.clone()
            } else {
                continuation
                    .resume
                    .as_deref()
                    .and_then(|r| oxagent_sessions::validate_session_id(r).ok())
                    .unwrap_or_else(|| fresh_id.clone())
            };
            s.deferred = Some(Deferred {
                continuation: continuation.clone(),
                projects: projects.clone(),
                fresh_id,
            });
            persist::Plan {
                session_id: id.into(),
                start: persist::Start::Fresh,
                writer: None,
            }
        }
        _ => {
            let sink = store.as_ref().map(|s| s.mirror.clone() as Arc<dyn RowSink>);
            let cwd = &config.cwd;
            match persist::plan_fresh(
                &continuation,
                &projects,
                cwd,
                fresh_id.clone(),
                sink.clone(),
            ) {
                // The transcript is opened by the session's task (see `SessionTask::run`).
                Some((plan, unopened)) => {
                    transcript = Some(unopened);
                    plan
                }
                None => persist::plan(&continuation, &projects, cwd, fresh_id, sink),
            }
        }
    };
    config.session_id = plan.session_id.clone();
    config.transcript_path = plan.writer.as_ref().map(|w| w.path().to_path_buf());
    // Boxed prompts: the channel's first block of 32 values is allocated with it (4 KB of
    // every session for a 128-byte `Prompt`).
    let (ptx, prompts) = unbounded_channel::<Box<Prompt>>();
    let interrupt = Arc::new(Mutex::new(AbortSignal::new()));
    let mut session = Session::new(config);
    session.settings_not_in_effect = settings.not_in_effect();
    // With every hook turned off, the reference's first message asks its screen to be drawn
    // again (probes st_disable_hooks*).
    if settings.disables_all_hooks() || simple {
        let body = SystemBody::UiInvalidate(oxagent_core::protocol::system::UiInvalidate {
            event: "ui.render".into(),
        });
        let message = SystemMessage::new(body, clock.uuid(), session.session_id().to_string());
        events.emit(Message::System(message));
    }
    // No CLAUDE.md is read in the minimal mode, nor when the environment says so.
    if !simple && !oxagent_core::env_var::flag(&env, "CLAUDE_CODE_DISABLE_CLAUDE_MDS") {
        attach_memory(
            &mut session,
            &persist::home(&env),
            options.setting_sources.as_deref(),
        );
    }
    let session_id = session.session_id().to_string();
    let (task_events, task_board, task_flow) =
        TaskFlow::with_board(events.clone(), session_id.clone());
    session.config.running_tasks = Some(task_board.lister());
    // A background command that ends during a turn is read after the turn's next tool round.
    session.config.inbox = Some(task_flow.inbox());
    let side = oxagent_tools::web::session_model::SessionSideModel::new(
        model.clone(),
        session.live.clone(),
        &env,
        session.side_ledger.clone(),
    );
    let side: Arc<dyn oxagent_tools::web::side_model::SideModel> = Arc::new(side);
    if let Some(h) = &mcp_hooks {
        let _ = h.side.set(side.clone());
        let _ = h.agents.set(Arc::new(crate::agent_hooks::AgentHookHost {
            options: options.clone(),
            model: model.clone(),
            rt: rt.clone(),
            ledger: session.side_ledger.clone(),
        }));
    }
    let config_root = setup::config_root(&options, &session.config.cwd);
    let roots = crate::subagents::agent_roots(
        &config_root,
        Some(&persist::home(&env)),
        options.setting_sources.as_deref(),
    );
    // The project's agent files bring no MCP servers of their own until the project is
    // trusted (the agent's start says so: tests/conformance/agentmcp af_*).
    let project_agents = config_root.join(".claude").join("agents");
    let mut agent_files = Vec::new();
    let mut blocked = Vec::new();
    for root in &roots {
        let mut files = crate::subagents::load_agent_files(std::slice::from_ref(root));
        if *root == project_agents {
            if let Err((key, file)) = oxagent_settings::project_trust(&env, &session.config.cwd) {
                blocked = crate::subagents::block_inline_servers(&mut files, &key, file.as_deref());
            }
        }
        agent_files.extend(files);
    }
    agent_files.extend(plugins.iter().flat_map(|p| p.agents.iter().cloned()));
    session.config.init.plugins = plugins.iter().map(|p| p.info.clone()).collect();
    let mut agent_set = AgentSet::new(agent_files, options.agents.clone());
    let given = |name: &str| options.agents.contains_key(name);
    for (name, notice) in blocked.into_iter().filter(|(n, _)| !given(n)) {
        agent_set.block_servers(&name, notice);
    }
    if oxagent_core::env_var::flag(&env, "CLAUDE_AGENT_SDK_DISABLE_BUILTIN_AGENTS") {
        agent_set = agent_set.without_built_in();
    }
    let main_agent = options
        .agent
        .as_deref()
        .and_then(|name| agent_set.get(name));
    if let Some(agent) = main_agent {
        main_thread::run_as_agent(&mut session, &agent.definition);
    }
    let main_definition = main_agent.map(|a| &a.definition);
    let mut toolset = toolset::build(
        &options,
        toolset::Loaded {
            main_agent: main_definition,
            plugins: &plugins,
            skip_web_fetch_preflight: settings.skip_web_fetch_preflight(),
            bash_output_chars: settings.bash_output_chars().cloned(),
            skill_shell_off: settings.skill_shell_off(),
            simple,
            read_denied,
        },
        run_as,
        &session.config,
        &env,
        task_events,
        side,
    );
    for t in options.custom_tools.iter() {
        toolset.registry.push(t.clone());
    }
    session.config.withheld_tools = std::mem::take(&mut toolset.withheld);
    let mut task_flow = task_flow;
    task_flow.schedule(toolset.cron.clone(), rt);
    // The tools work in the worktree the session moves into.
    session.config.tool_dir = Some(oxagent_core::config::WorkingDirHandle(Arc::new(
        toolset.worktree.clone(),
    )));
    if let Some(inner) = session.nested_memory.take() {
        let files = toolset.files.clone();
        session.nested_memory = Some(Arc::new(crate::memory_seen::SeenMemory { inner, files }));
    }
    // Hosts the sandbox's network rules leave open are the caller's call.
    if let Some(net) = toolset
        .shell
        .sandbox
        .as_ref()
        .and_then(|s| s.network.as_ref())
    {
        net.set_asker(Arc::new(crate::sandbox_net::AskNetwork {
            host: Arc::new(events.clone()),
            live: session.live.clone(),
        }));
    }
    let slash_commands = Arc::new(toolset.skill_list.with(|skills| {
        let home = persist::home(&env);
        let sources = options.setting_sources.as_deref();
        commands::load_commands(&config_root, Some(&home), sources, skills, &plugins)
    }));
    // The Skill tool runs the command files too.
    toolset.skill_list.set_commands(&slash_commands);
    toolset.skill_list.set_bundled_off(
        settings.bundled_skills_off()
            || oxagent_core::env_var::flag(&env, "CLAUDE_CODE_DISABLE_BUNDLED_SKILLS"),
    );
    let builtin_commands = session.config.init.slash_commands.clone();
    session
        .config
        .init
        .slash_commands
        .extend(slash_commands.iter().map(|c| c.name.clone()));
    session.config.init.skills = toolset
        .skill_list
        .with(|all| all.iter().map(|s| s.name.clone()).collect());
    session.model_only_skills = toolset.skill_list.with(|all| {
        all.iter()
            .filter(|s| oxagent_tools::session::skill::model_only(s))
            .map(|s| s.name.clone())
            .collect()
    });
    session.config.init.agents = agent_set.names();
    // Hooks report where the shell is now.
    session.config.working_dir = Some(oxagent_core::config::WorkingDirHandle(Arc::new(ShellDir {
        shell: toolset.shell.clone(),
        cwd: session.config.cwd.clone(),
    })));
    // `context: fork` skills run through the session's Agent tool, when it has one.
    let forker = toolset.agent.as_ref().map(|agents| {
        Arc::new(crate::subagents::Forker {
            agents: Arc::downgrade(agents),
        })
    });
    if let Some(f) = &forker {
        toolset.skill_list.set_forker(f.clone());
    }
    let reload = Arc::new(crate::reload::Reloadable::new(
        crate::reload::Sources {
            skill_roots: toolset.skill_roots.clone(),
            config_root: config_root.clone(),
            home: persist::home(&env),
            setting_sources: options.setting_sources.clone(),
            plugins: plugins.clone(),
        },
        toolset.skill_list.clone(),
        slash_commands,
    ));
    // The config files' servers, unless the options' are the only ones (or the session is
    // minimal), then the options' over them.
    let files = settings.mcp_servers(&oxagent_settings::McpFiles {
        cwd: &session.config.cwd,
        env: &env,
        sources: options.setting_sources.as_deref(),
        options_only: options.strict_mcp_config || simple,
    });
    let mcp = McpServers::new(
        crate::mcp::with_plugins(&files.servers, &options.mcp_servers, &plugins),
        files.disabled,
        ConnectWith {
            host: Arc::new(events.clone()),
            env: env.clone(),
            cwd: session.config.cwd.clone(),
            results_root: env
                .get("HOME")
                .filter(|h| !h.is_empty())
                .map(|h| PathBuf::from(h).join(".claude").join("projects")),
            run_as,
        },
        rt.clone(),
    );
    if let Some(h) = &mcp_hooks {
        let _ = h.mcp.set(mcp.clone());
    }
    let shared = Arc::new(Shared {
        events: events.clone(),
        prompts: Mutex::new(Some(ptx)),
        interrupt: interrupt.clone(),
        live: session.live.clone(),
        meter: session.meter.clone(),
        default_model: options
            .model
            .clone()
            .unwrap_or_else(|| session.live.model()),
        session_id,
        mcp: mcp.clone(),
        output_style: session.config.init.output_style.clone(),
        checkpoints: toolset.checkpoints.clone(),
        reload: reload.clone(),
        setting_sources: options.setting_sources.clone(),
        config_root: config_root.clone(),
        agents: agent_set
            .iter()
            .map(|a| {
                let mut info =
                    serde_json::json!({"name": a.name, "description": a.definition.description});
                if let Some(model) = &a.definition.model {
                    info["model"] = serde_json::json!(model);
                }
                info
            })
            .collect(),
        agent_tool: toolset.agent.clone(),
        bash_tasks: toolset.bash_tasks.clone(),
        files: crate::host::FileAccess {
            seen: toolset.files.clone(),
            cwd: session.config.cwd.clone(),
            additional_directories: session.config.additional_directories.clone(),
            home: session.config.home.clone(),
        },
        shell: toolset.shell.clone(),
        closed: AtomicBool::new(false),
        task: Mutex::new(None),
    });
    // The rules in force from now on: the host may change them before the first call.
    session.prime_permissions();
    let task = Box::new(SessionTask {
        session,
        model,
        tools: toolset.registry,
        events,
        clock,
        plan,
        transcript,
        prompts,
        reload,
        builtin_commands,
        forker,
        checkpoints: toolset.checkpoints.clone(),
        files: toolset.files.clone(),
        task_flow,
        task_board,
        interrupt,
        mcp,
        mcp_followed: Followed::default(),
        server_env: env,
        store,
        agents: toolset.agent.map(|tool| (tool, agent_set)),
        search_tools: toolset.search_tools,
        forward_subagent_text: options.forward_subagent_text,
        hold_results: options.hold_results_while_tasks_run,
        can_continue_agents: match &options.tools {
            None | Some(oxagent_options::ToolsOption::Preset) => true,
            Some(oxagent_options::ToolsOption::List(names)) => {
                names.iter().any(|n| n == "SendMessage")
            }
        },
        title: options.title.clone(),
        fork: options.fork_session,
        prompt_tool,
    });
    let span = oxagent_core::telemetry::session_span(&shared.session_id);
    if let Some(parent) = &trace_parent {
        oxagent_telemetry::set_parent(&span, parent);
    }
    // The session's span ends before its events do: a caller that exits as soon as the stream
    // ends (the exporter sending its last batch at exit) has the span to send.
    let closing = shared.events.clone();
    let run = shared.events.holding(async move {
        task.run().instrument(span).await;
        closing.close();
    });
    *lock(&shared.task) = Some(rt.spawn(run));
    Ok((shared, rx))
}

impl SessionTask {
    /// Boxed, so that the task's future holds its fields once: an `async fn` keeps room for
    /// its `self` argument and for the copy it moves into its body (3 KB each).
    async fn run(mut self: Box<Self>) {
        // As if `start` had opened it: before anything runs or reads the session's config.
        if let Some(unopened) = self.transcript.take() {
            self.plan.writer = unopened.open();
            self.session.config.transcript_path =
                self.plan.writer.as_ref().map(|w| w.path().to_path_buf());
        }
        // Boxed, as the forked skill command below: the session's task is alive as long as the
        // session, and holds room for its largest step while it waits at any of them.
        Box::pin(self.connect_mcp_servers()).await;
        self.load_from_store().await;
        self.ready_agents();
        // A session that cannot begin ends here; its events end in `start`.
        if !self.begin().await {
            return;
        }
        // A title names a new session; resuming keeps the title the session has.
        let title = self.title.take().filter(|_| {
            matches!(self.plan.start, persist::Start::Fresh)
                || (self.fork && matches!(self.plan.start, persist::Start::Resumed(_)))
        });
        if let Some(t) = &title {
            let id = self.session.session_id().to_string();
            let uuid = self.clock.uuid();
            main_thread::announce_title(&self.events, self.plan.writer.as_ref(), t, &id, uuid);
        }
        let mirror = self.store.as_ref().map(|s| s.mirror.clone());
        // Dropped when the session ends: the folder a stored session resumed in goes too.
        let _materialized = self.store.as_mut().and_then(|s| s.materialized.take());
        let SessionTask {
            mut session,
            model,
            tools,
            events,
            clock,
            plan,
            mut prompts,
            reload,
            builtin_commands,
            forker,
            checkpoints,
            files,
            mut task_flow,
            interrupt,
            hold_results,
            mcp,
            mut mcp_followed,
            prompt_tool,
            ..
        } = *self;
        // The tools after an MCP server was turned off, on or reconnected (mcp_toggle,
        // mcp_reconnect): swapped in before the next turn.
        let mut swapped: Option<ToolRegistry> = None;
        let skip = prompt_tool.as_ref().and_then(|p| p.taken_name());
        // A result held back while background tasks run (see `hold_results_while_tasks_run`).
        // Boxed: the task's future holds it across every wait.
        let mut held: Option<Box<oxagent_core::message::ResultMessage>> = None;
        let recorder = persist::Recorder {
            inner: &events,
            writer: plan.writer.as_ref(),
        };
        let edge = AbortSignal::new();
        let mut reloaded = reload.generation();
        let deps = Deps {
            model: model.as_ref(),
            tools: &tools,
            host: &events,
            emit: &recorder,
            clock: &clock,
            interrupt: &edge,
        };
        let source = match &plan.start {
            persist::Start::Resumed(_) => "resume",
            _ => "startup",
        };
        session.session_start(&deps, source).await;
        // A call the last run deferred, taken up before the first prompt.
        let mut deferred = match &plan.start {
            persist::Start::Resumed(loaded) => loaded.deferred_call.clone(),
            _ => None,
        };
        loop {
            // A prompt from the caller, or a turn of our own when a background task ended
            // (see tasks.rs); the session ends when neither can come any more.
            let (stamped, notification) = match task_flow.next(&mut prompts).await {
                Next::Prompt(p) => (p, None),
                Next::Notification(n) => (n.prompt().into(), Some(n)),
                Next::End => break,
            };
            if notification.is_none() {
                if let Some(call) = deferred.take() {
                    let flow = &task_flow;
                    let up =
                        own_turns::take_up(&mut session, &deps, flow, &recorder, &events, call);
                    Box::pin(up).await;
                }
                if let Some(text) = session.initial_prompt.take() {
                    let first = own_turns::initial(&mut session, &deps, &recorder, &events, text);
                    Box::pin(first).await;
                }
            }
            let Prompt {
                content: prompt,
                uuid: prompt_uuid,
                origin,
                verbatim,
            } = stamped;
            // A prompt given to go as written (`verbatim_prompts`) runs no command and
            // attaches no mentioned file.
            let typed_prompt = notification.is_none() && !verbatim;
            session.verbatim_prompt = verbatim;
            // Skills and commands the host had read again since the last turn.
            if reload.generation() != reloaded {
                reloaded = reload.generation();
                let init = &mut session.config.init;
                init.skills = reload.skills.all().into_iter().map(|s| s.name).collect();
                init.slash_commands = builtin_commands.clone();
                init.slash_commands
                    .extend(reload.commands().iter().map(|c| c.name.clone()));
            }
            // A `context: fork` skill typed as a command runs as an agent before the turn,
            // which answers with its report.
            let forked = typed_prompt
                .then(|| commands::forked_skill(&reload.skills.all(), &prompt))
                .flatten();
            if let (Some((skill, args)), Some(f)) = (forked, &forker) {
                let started = clock.monotonic_ms();
                let ctx = prompt_tool_context(&session.config);
                if let Some((given, mark, report, shown)) =
                    Box::pin(f.run_command(&skill, &args, &ctx)).await
                {
                    let typed = prompt.text();
                    let given = (typed.trim(), given.as_str(), mark, shown);
                    let result =
                        session.forked_command_turn(&deps, &skill.name, given, &report, started);
                    recorder.after_turn(&session, &result);
                    events.emit(Message::Result(result));
                    continue;
                }
            }
            let expanded = match notification {
                None if typed_prompt => {
                    let cwd = &session.config.cwd;
                    commands::expand(&reload.commands(), &prompt, &reload.skills, cwd)
                        // A skill only the model may run is refused by the session instead
                        // (vk_sk_fm_ui_false_slash).
                        .filter(|e| {
                            !session
                                .model_only_skills
                                .contains(&e.expansion.command_name)
                        })
                }
                _ => None,
            };
            // A command's `model` and `allowed-tools` hold for its turn only.
            let mut model_before = None;
            let mut granted = Vec::new();
            // Hooks see the prompt as typed, not what a command made of it.
            let mut hook_text = None;
            let prompt = match expanded {
                Some(e) => {
                    hook_text = Some(e.typed);
                    session.prompt_shell = e.shell;
                    session.prompt_expansion = Some(e.expansion);
                    granted = commands::grant(&session, &e.allowed_tools);
                    if let Some(m) = e.model {
                        model_before = Some(session.live.model_state());
                        session.live.set_model(m);
                    }
                    e.prompt
                }
                None => prompt,
            };
            let prompt_uuid = prompt_uuid.unwrap_or_else(|| clock.uuid());
            // The files and folders the prompt (or its command) mentions as `@path`.
            if typed_prompt {
                let home = session.config.home.clone();
                let cwd = session.config.cwd.clone();
                let attached = oxagent_tools::session::mentions::attachments(
                    &prompt.text(),
                    &cwd,
                    home.as_deref(),
                    Some(&files),
                );
                session.attach_to_prompt(attached);
            }
            if typed_prompt && clear_command(&prompt) {
                let asked = ClearPrompt {
                    uuid: prompt_uuid,
                    origin,
                };
                let result = clear::run(&mut session, &deps, &events, plan.writer.as_ref(), asked);
                events.emit(Message::Result(result.await));
                continue;
            }
            let signal = AbortSignal::new();
            *lock(&interrupt) = signal.clone();
            match &notification {
                Some(n) => n
                    .record_rows()
                    .iter()
                    .for_each(|row| recorder.prompt(row, &clock.uuid(), false)),
                // A skill only the model may run, typed: recorded as a local command once
                // refused (fuzz-m/fm_032).
                None if !verbatim && session.types_model_only_skill(&prompt) => {}
                None => {
                    // A command's record and body are two rows
                    // (vh_cmd_allowed_tools_next_prompt).
                    let rows = match (&hook_text, &prompt) {
                        (Some(_), UserContent::Blocks(b)) if b.len() == 2 => b
                            .iter()
                            .map(|block| UserContent::Blocks(vec![block.clone()]))
                            .collect(),
                        _ => vec![prompt.clone()],
                    };
                    // With UserPromptSubmit hooks, the rows wait for their decision: a
                    // prompt they block is not recorded (fuzz-i/fi_pin_prompt_*); a
                    // command's with shell commands wait for them to run (their output
                    // is recorded, or nothing when one fails: probes sh_*_then).
                    let hooked = session
                        .config
                        .hooks
                        .get("UserPromptSubmit")
                        .is_some_and(|m| !m.is_empty())
                        || session.prompt_shell.is_some();
                    for (i, row) in rows.iter().enumerate() {
                        let uuid = if i == 0 {
                            prompt_uuid.clone()
                        } else {
                            clock.uuid()
                        };
                        match hooked {
                            true => recorder.held_prompt(row, &uuid, verbatim),
                            false => recorder.prompt(row, &uuid, verbatim),
                        }
                    }
                    // The turn answers this prompt: its uuid is the one hooks, the echo
                    // and the file checkpoints know it by.
                    session.next_prompt_uuid = Some(prompt_uuid.clone());
                    if let Some(c) = &checkpoints {
                        c.begin(&prompt_uuid);
                    }
                }
            }
            let denied = &session.config.disallowed_tools;
            let hidden = |t: &Arc<dyn oxagent_core::tool::Tool>| {
                Some(t.name()) == skip.as_deref() || crate::mcp::denied_whole(denied, t.name())
            };
            let listed = &mut session.config.mcp_servers;
            if let Some(changed) = mcp_followed.refresh(&mcp, &tools, hidden, listed) {
                swapped = Some(changed);
            }
            let turn_deps = Deps {
                interrupt: &signal,
                tools: swapped.as_ref().unwrap_or(&tools),
                ..deps
            };
            // A task notification is no prompt of the user's: it is not the last prompt.
            let typed = notification.is_none().then(|| prompt.clone());
            let mut result = turn(
                &mut session,
                &turn_deps,
                prompt,
                notification.as_ref(),
                hook_text,
            )
            .await;
            recorder.after_turn(&session, &result);
            commands::revoke(&session, &granted);
            if let Some(m) = model_before {
                session.live.restore_model(m);
            }
            if let Some(n) = &notification {
                n.stamp(&mut result);
            } else if origin.is_some() {
                result.origin = origin;
            }
            // The store holds the turn before the caller sees its result.
            if let Some(m) = &mirror {
                m.flush().await;
            }
            if let Some(mut h) = held.take() {
                h.total_cost_usd = result.total_cost_usd;
                h.model_usage = result.model_usage.clone();
                events.emit(Message::Result(*h));
            }
            let input_ended = prompts.is_closed() && prompts.is_empty();
            if hold_results && input_ended && task_flow.has_running_agents() {
                held = Some(Box::new(result));
            } else {
                events.emit(Message::Result(result));
            }
            if let Some(p) = &typed {
                recorder.after_result(p, verbatim);
            }
        }
        if let Some(h) = held {
            events.emit(Message::Result(*h));
        }
        session.session_end(&deps, "other").await;
        if let Some(t) = &title {
            main_thread::close_title(plan.writer.as_ref(), t, session.session_id());
        }
        if let Some(m) = &mirror {
            m.flush().await;
        }
        // The events end once the session's span has (see `start`).
    }

    /// With a store and `resume` / `continue_conversation`: loads the session from the store
    /// and plans the start from it (or, with nothing stored, as without a store). A store
    /// that fails refuses the start with its error.
    async fn load_from_store(&mut self) {
        let Some(s) = self.store.as_mut() else {
            return;
        };
        let Some(d) = s.deferred.take() else {
            return;
        };
        let cwd = self.session.config.cwd.clone();
        let project_key = oxagent_sessions::project_key(&cwd);
        let sink = Some(s.mirror.clone() as Arc<dyn RowSink>);
        let loaded = materialize(
            s.store.as_ref(),
            &project_key,
            &d.continuation,
            s.load_timeout_ms,
            tokio_sleep,
        )
        .await;
        let plan = match loaded {
            Err(text) => persist::Plan {
                session_id: self.plan.session_id.clone(),
                start: persist::Start::Refused(text),
                writer: None,
            },
            Ok(None) => persist::plan(&d.continuation, &d.projects, &cwd, d.fresh_id, sink),
            Ok(Some(m)) => {
                let continuation = persist::Continuation {
                    resume: Some(m.session_id.to_string()),
                    continue_conversation: false,
                    ..d.continuation
                };
                let projects = m.projects();
                // The mirror names keys under the folder the session now writes to.
                s.mirror.retarget(&projects);
                let plan = persist::plan(&continuation, &projects, &cwd, d.fresh_id, sink);
                s.materialized = Some(m);
                plan
            }
        };
        self.session.config.session_id = plan.session_id.clone();
        self.session.config.transcript_path = plan.writer.as_ref().map(|w| w.path().to_path_buf());
        self.plan = plan;
    }

    /// Hands the Agent tool the session's tools, now complete, and what else it runs agents
    /// with.
    fn ready_agents(&mut self) {
        let Some((tool, agents)) = self.agents.take() else {
            return;
        };
        let task_root = toolset::temp_dir(&self.server_env).unwrap_or_else(std::env::temp_dir);
        tool.ready(SubagentContext {
            agents,
            config: self.session.config.clone(),
            live: self.session.live.clone(),
            nested_memory: self.session.nested_memory.clone(),
            model: self.model.clone(),
            events: self.events.clone(),
            tools: {
                let mut others = self.tools.clone();
                others.retain(|n| n != "Agent");
                others
            },
            search_tools: self.search_tools.clone(),
            ledger: self.session.side_ledger.clone(),
            forward_text: self.forward_subagent_text,
            task_root: oxagent_tools::task_root_in(&task_root),
            mirror: self.plan.writer.as_ref().and_then(|w| w.sink()),
            running: Mutex::default(),
            board: self.task_board.clone(),
            finished: Mutex::default(),
            can_continue: self.can_continue_agents,
            skills: self.reload.skills.clone(),
            mcp: self.mcp.clone(),
        });
    }

    /// Connects each MCP server and adds its tools; the init message lists them.
    async fn connect_mcp_servers(&mut self) {
        self.mcp.connect_all().await;
        // The prompt tool answers permission questions; the model never sees it.
        let prompt_tool = self.prompt_tool.as_ref();
        let denied = &self.session.config.disallowed_tools;
        let hidden = |t: &Arc<dyn oxagent_core::tool::Tool>| {
            prompt_tool.is_some_and(|p| p.take(t)) || crate::mcp::denied_whole(denied, t.name())
        };
        let listed = &mut self.session.config.mcp_servers;
        if let Some(tools) = self
            .mcp_followed
            .refresh(&self.mcp, &self.tools, hidden, listed)
        {
            self.tools = tools;
        }
    }

    /// Restores a resumed conversation. False: the session cannot start (`resume` named an
    /// unknown session, `resume_session_at` an unknown message); the caller's first prompt
    /// gets the error result.
    async fn begin(&mut self) -> bool {
        match &self.plan.start {
            persist::Start::Refused(error) => {
                // As the reference: no init, one error result, then the session ends.
                if self.prompts.recv().await.is_some() {
                    let id = &self.plan.session_id;
                    let result = persist::refused_result(id, error, self.clock.uuid());
                    self.events.emit(Message::Result(result));
                }
                false
            }
            persist::Start::Resumed(loaded) => {
                let clock = &self.clock;
                persist::restore(&mut self.session, loaded, self.plan.writer.as_ref(), || {
                    clock.uuid()
                });
                // The files the conversation showed the model count as seen, as of then
                // (edges/rs_full, rf_partial, rw_full_touch).
                let config = &self.session.config;
                for seen in loaded.seen_files() {
                    let path = oxagent_core::rules::path::resolve(
                        &seen.path,
                        &config.cwd,
                        config.home.as_deref(),
                    );
                    self.files.restore(&path, seen.whole, seen.at_ms);
                }
                true
            }
            persist::Start::Fresh => true,
        }
    }
}

/// One turn. The user did not type a notification: a background command's turn runs no
/// UserPromptSubmit or Stop hooks.
async fn turn(
    session: &mut Session,
    deps: &Deps<'_>,
    prompt: UserContent,
    notification: Option<&Notification>,
    hook_text: Option<String>,
) -> oxagent_core::message::ResultMessage {
    // A background agent's notification runs them, with its bare notification as the prompt;
    // a background command's runs neither the prompt's nor the Stop hooks.
    session.prompt_hook_text = notification.and_then(Notification::hook_text).or(hook_text);
    let quiet = notification.is_some() && session.prompt_hook_text.is_none();
    let mut set_aside = Vec::new();
    if quiet {
        for event in ["UserPromptSubmit", "Stop"] {
            if let Some(h) = session.config.hooks.remove(event) {
                set_aside.push((event, h));
            }
        }
    }
    let result = session.run_turn(prompt, deps).await;
    for (event, h) in set_aside {
        session.config.hooks.insert(event.into(), h);
    }
    result
}

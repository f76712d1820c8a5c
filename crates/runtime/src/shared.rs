//! What the runtime and the session task share: the event queue, the prompt channel, the
//! turn's abort signal, and what stops with the session.

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

use oxagent_core::agent::ContextMeter;
use oxagent_core::live::LiveSettings;
use oxagent_core::protocol::op::Prompt;
use oxagent_core::signal::AbortSignal;
use oxagent_core::sync::lock;
use tokio::sync::mpsc::UnboundedSender;
use tokio::task::JoinHandle;

use crate::events::EventOut;

/// What the runtime and the session task share.
pub(crate) struct Shared {
    pub(crate) events: EventOut,
    pub(crate) prompts: Mutex<Option<UnboundedSender<Box<Prompt>>>>,
    /// The abort signal of the turn that runs (each turn gets a new one).
    pub(crate) interrupt: Arc<Mutex<AbortSignal>>,
    pub(crate) live: Arc<LiveSettings>,
    pub(crate) meter: Arc<ContextMeter>,
    pub(crate) default_model: String,
    pub(crate) session_id: String,
    /// The MCP servers: their status, toggles and reconnections.
    pub(crate) mcp: Arc<crate::mcp::McpServers>,
    /// The agents the session can delegate to, as `initialize` lists them.
    pub(crate) agents: Vec<serde_json::Value>,
    /// The output style the settings name (`initialize` and `system/init` report it).
    pub(crate) output_style: String,
    /// What file-changing tools kept, with file checkpointing on.
    pub(crate) checkpoints: Option<Arc<oxagent_tools::fs::checkpoints::Checkpoints>>,
    /// The skills and custom slash commands (`initialize` lists the commands), read again
    /// on request.
    pub(crate) reload: Arc<crate::reload::Reloadable>,
    /// The setting sources the session reads (`None`: all): `update_settings` writes only
    /// to those.
    pub(crate) setting_sources: Option<Vec<String>>,
    /// Where the project's settings files are (`<root>/.claude/`).
    pub(crate) config_root: std::path::PathBuf,
    /// What stop_task and interrupts stop: subagents, background commands.
    pub(crate) agent_tool: Option<Arc<crate::subagents::AgentTool>>,
    pub(crate) bash_tasks: oxagent_tools::shell::tasks::BackgroundTasks,
    /// The session's file record and where it may read: what the host's file requests
    /// (read_file, seed_read_state) work with.
    pub(crate) files: crate::host::FileAccess,
    pub(crate) shell: Arc<oxagent_tools::ShellState>,
    pub(crate) closed: AtomicBool,
    pub(crate) task: Mutex<Option<JoinHandle<()>>>,
}

impl Drop for Shared {
    fn drop(&mut self) {
        lock(&self.interrupt).abort();
        // No agent outlives its session.
        if let Some(agents) = &self.agent_tool {
            agents.stop_background();
        }
        if let Some(task) = lock(&self.task).take() {
            task.abort();
        }
        self.events.close();
    }
}

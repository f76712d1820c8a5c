//! The session's MCP servers once it runs: what `mcp_status` answers, what `mcp_toggle` and
//! `mcp_reconnect` change, and the tools the session picks up before its next turn.
//!
//! ```text
//! start         every server `pending`, then connected (or failed) in order
//! mcp_toggle    off: `disabled`, its tools gone; on: connected again
//! mcp_reconnect a new connection for an enabled server; its error when that fails
//! turn start    the session swaps in the tools of the servers as they are now (generation)
//! ```

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use oxagent_core::host::Host;
use oxagent_core::protocol::system::{McpServerDetail, McpServerStatus};
use oxagent_core::sync::lock;
use oxagent_core::tool::{api_definition, Tool, ToolRegistry};
use oxagent_mcp::{ConnectContext, Connected, McpServer};

/// The options' servers, then the plugins' (`plugin:<plugin>:<server>`).
pub(crate) fn with_plugins(
    servers: &[McpServer],
    plugins: &[crate::plugins::Plugin],
) -> Vec<McpServer> {
    let mut all = servers.to_vec();
    all.extend(plugins.iter().flat_map(|p| p.mcp_servers.iter().cloned()));
    all
}

/// How long a toggle or reconnect waits for its connection.
const CONNECT_WAIT: Duration = Duration::from_secs(60);

/// What connecting needs, owned, so that a server can be connected again later.
pub(crate) struct ConnectWith {
    pub host: Arc<dyn Host>,
    pub env: BTreeMap<String, String>,
    pub cwd: PathBuf,
    pub results_root: Option<PathBuf>,
    pub run_as: Option<oxagent_core::config::RunAs>,
}

impl ConnectWith {
    fn context(&self) -> ConnectContext<'_> {
        ConnectContext {
            host: self.host.clone(),
            env: &self.env,
            cwd: &self.cwd,
            results_root: self.results_root.clone(),
            run_as: self.run_as,
            watch: Some(Arc::new(|pgid| {
                Box::new(oxagent_tools::shell::Watched::new(pgid))
            })),
        }
    }
}

/// The session's servers and their connections.
pub(crate) struct McpServers {
    configs: Vec<McpServer>,
    with: ConnectWith,
    rt: tokio::runtime::Handle,
    /// One per config, once connected; none before.
    state: Mutex<Option<Vec<Connected>>>,
    /// Signalled once the first connections are in `state`.
    started: Condvar,
    /// Bumped by every change the session's tools must follow.
    generation: AtomicU64,
}

/// The MCP tools of the moment.
pub(crate) struct McpTools {
    pub tools: Vec<Arc<dyn Tool>>,
    /// Never deferred behind tool search.
    pub always_load: BTreeSet<String>,
    /// The generation these tools are of.
    pub generation: u64,
}

impl McpServers {
    pub(crate) fn new(
        configs: Vec<McpServer>,
        with: ConnectWith,
        rt: tokio::runtime::Handle,
    ) -> Arc<Self> {
        Arc::new(McpServers {
            configs,
            with,
            rt,
            state: Mutex::new(None),
            started: Condvar::new(),
            generation: AtomicU64::new(0),
        })
    }

    /// Connects every server, in order.
    pub(crate) async fn connect_all(&self) {
        let ctx = self.with.context();
        let mut all = Vec::with_capacity(self.configs.len());
        for server in &self.configs {
            all.push(oxagent_mcp::connect(server, &ctx).await);
        }
        let mut state = lock(&self.state);
        *state = Some(all);
        self.generation.fetch_add(1, Ordering::SeqCst);
        self.started.notify_all();
    }

    pub(crate) fn generation(&self) -> u64 {
        self.generation.load(Ordering::SeqCst)
    }

    /// Every MCP tool of the servers as they are now, the resource tools included.
    pub(crate) fn tools(&self) -> McpTools {
        let state = lock(&self.state);
        // Read under the lock that changes are made under: these tools are of this one.
        let generation = self.generation();
        let gathered = state
            .as_ref()
            .map(|all| oxagent_mcp::gather(&self.configs, all, &self.with.context()))
            .unwrap_or_default();
        McpTools {
            tools: gathered.tools,
            always_load: gathered.always_load,
            generation,
        }
    }

    /// The servers `mcp_status` and the init message list, in their order: the options'
    /// servers as given, the host's in-process ones after them, as the reference lists them.
    fn listed(&self) -> Vec<usize> {
        let shown: Vec<usize> = (0..self.configs.len())
            .filter(|&i| !oxagent_mcp::is_function_tools(&self.configs[i]))
            .collect();
        let (sdk, others): (Vec<usize>, Vec<usize>) = shown
            .into_iter()
            .partition(|&i| oxagent_mcp::source(&self.configs[i]) == "sdk");
        others.into_iter().chain(sdk).collect()
    }

    /// The servers and how their connection went (failures with their reason); `pending`
    /// until the first connection is done.
    pub(crate) fn statuses(&self) -> Vec<McpServerStatus> {
        self.details()
            .into_iter()
            .map(|d| McpServerStatus {
                name: d.name,
                status: d.status,
                error: d.error,
                source: d.source,
            })
            .collect()
    }

    /// What `mcp_status` answers: each server with its config, what it offers and how its
    /// connection went.
    pub(crate) fn details(&self) -> Vec<McpServerDetail> {
        let state = lock(&self.state);
        self.listed()
            .into_iter()
            .map(|i| {
                oxagent_mcp::detail(&self.configs[i], state.as_ref().and_then(|all| all.get(i)))
            })
            .collect()
    }

    /// Waits (here, blocking) for the first connection of every server, so that a toggle or
    /// reconnect acts on it rather than being overtaken by it.
    fn wait_started(&self) {
        let state = lock(&self.state);
        let _ = self
            .started
            .wait_timeout_while(state, CONNECT_WAIT, |s| s.is_none());
    }

    fn index(&self, name: &str) -> Result<usize, String> {
        self.wait_started();
        self.configs
            .iter()
            .position(|c| !oxagent_mcp::is_function_tools(c) && c.name() == name)
            .ok_or_else(|| format!("Server not found: {name}"))
    }

    fn status_of(&self, i: usize) -> Option<String> {
        lock(&self.state)
            .as_ref()
            .and_then(|all| all.get(i))
            .map(|c| c.status.status.clone())
    }

    fn replace(&self, i: usize, connected: Connected) {
        let mut state = lock(&self.state);
        if let Some(slot) = state.as_mut().and_then(|all| all.get_mut(i)) {
            *slot = connected;
        }
        self.generation.fetch_add(1, Ordering::SeqCst);
    }

    /// `mcp_toggle`: off disables the server and takes its tools away; on connects it
    /// again (answering with the failure's reason when that fails).
    pub(crate) fn toggle(self: &Arc<Self>, name: &str, enabled: bool) -> Result<(), String> {
        let i = self.index(name)?;
        let disabled = self.status_of(i).as_deref() == Some("disabled");
        if !enabled {
            if !disabled {
                let config = &self.configs[i];
                self.replace(
                    i,
                    Connected::disabled(config.name(), oxagent_mcp::source(config)),
                );
            }
            return Ok(());
        }
        if !disabled {
            return Ok(());
        }
        self.connect_again(i)
    }

    /// `mcp_reconnect`: a new connection for an enabled server.
    pub(crate) fn reconnect(self: &Arc<Self>, name: &str) -> Result<(), String> {
        let i = self.index(name)?;
        if self.status_of(i).as_deref() == Some("disabled") {
            return Err(format!(
                "MCP server {name} is disabled \u{2014} enable it (mcp_toggle) before reconnecting"
            ));
        }
        self.connect_again(i)
    }

    /// Connects server `i` anew (on the session's runtime, waiting for it here) and puts the
    /// new connection in place of the old one.
    fn connect_again(self: &Arc<Self>, i: usize) -> Result<(), String> {
        let (tx, rx) = std::sync::mpsc::channel();
        let me = self.clone();
        self.rt.spawn(async move {
            let connected = oxagent_mcp::connect(&me.configs[i], &me.with.context()).await;
            let _ = tx.send(connected);
        });
        let connected = rx.recv_timeout(CONNECT_WAIT).map_err(|_| {
            format!(
                "MCP server {} did not connect in time",
                self.configs[i].name()
            )
        })?;
        let error = (connected.status.status == "failed")
            .then(|| connected.status.error.clone().unwrap_or_default());
        self.replace(i, connected);
        match error {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }
}

/// The MCP tools a session's tools hold, and the generation they are of.
#[derive(Default)]
pub(crate) struct Followed {
    names: BTreeSet<String>,
    generation: u64,
}

impl Followed {
    /// `base` with the MCP tools of the moment in place of those it held, when the servers
    /// changed since the last call (`None`: they did not); `listed` (the init message's
    /// servers) follows. With tool search on, MCP tools wait behind ToolSearch, as the
    /// reference's, unless they ask to be always sent. `hidden`: a tool the model never sees
    /// (the permission prompt tool).
    pub(crate) fn refresh(
        &mut self,
        mcp: &McpServers,
        base: &ToolRegistry,
        hidden: impl Fn(&Arc<dyn Tool>) -> bool,
        listed: &mut Vec<McpServerStatus>,
    ) -> Option<ToolRegistry> {
        if mcp.generation() == self.generation {
            return None;
        }
        let now = mcp.tools();
        self.generation = now.generation;
        let mut registry = base.clone();
        registry.retain(|n| !self.names.contains(n));
        for name in &self.names {
            base.deferred().forget(name);
        }
        self.names.clear();
        let searchable = registry.get("ToolSearch").is_some();
        for t in now.tools {
            if hidden(&t) {
                continue;
            }
            if searchable && !now.always_load.contains(t.name()) {
                registry.deferred().defer(api_definition(t.as_ref()));
            }
            self.names.insert(t.name().to_string());
            registry.push(t);
        }
        // The init message names no failure reasons (mcp_status does), as the reference.
        *listed = mcp
            .statuses()
            .into_iter()
            .map(|s| McpServerStatus { error: None, ..s })
            .collect();
        Some(registry)
    }
}

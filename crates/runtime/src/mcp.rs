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
use oxagent_core::tool::{Tool, ToolRegistry};
use oxagent_mcp::{ConnectContext, Connected, McpServer};
use serde_json::Value;

/// The config files' servers, the options' (one of a name a file declares takes its
/// place), then the plugins' (`plugin:<plugin>:<server>`).
pub(crate) fn with_plugins(
    files: &[McpServer],
    servers: &[McpServer],
    plugins: &[crate::plugins::Plugin],
) -> Vec<McpServer> {
    let mut all = files.to_vec();
    for s in servers {
        match all.iter_mut().find(|f| f.name() == s.name()) {
            Some(slot) => *slot = s.clone(),
            None => all.push(s.clone()),
        }
    }
    all.extend(plugins.iter().flat_map(|p| p.mcp_servers.iter().cloned()));
    all
}

/// How long a toggle or reconnect waits for its connection.
const CONNECT_WAIT: Duration = Duration::from_secs(60);

/// What connecting needs, owned, so that a server can be connected again later.
pub(crate) struct ConnectWith {
    pub host: Arc<dyn Host>,
    pub env: Arc<BTreeMap<String, String>>,
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
    with: ConnectWith,
    rt: tokio::runtime::Handle,
    state: Mutex<State>,
    /// Signalled once the first connections are in `state`.
    started: Condvar,
    /// Bumped by every change the session's tools must follow.
    generation: AtomicU64,
    /// Servers the project turned off: they start `disabled`.
    disabled: Vec<String>,
}

struct State {
    configs: Vec<McpServer>,
    /// One per config, once connected (or the first wait is over); none before.
    connected: Option<Vec<Connected>>,
    /// The first connections made so far, in order.
    first: Vec<Connected>,
    /// The servers `mcp_set_servers` named: a later call that leaves one out removes it.
    managed: BTreeSet<String>,
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
        disabled: Vec<String>,
        with: ConnectWith,
        rt: tokio::runtime::Handle,
    ) -> Arc<Self> {
        Arc::new(McpServers {
            with,
            rt,
            state: Mutex::new(State {
                configs,
                connected: None,
                first: Vec::new(),
                managed: BTreeSet::new(),
            }),
            started: Condvar::new(),
            generation: AtomicU64::new(0),
            disabled,
        })
    }

    /// Connects every server, in order, waiting at most `MCP_TIMEOUT` (ms, 30 s unless
    /// set): a server still connecting then is `pending` and gives its tools once it is
    /// connected, as the reference's session goes on without it (probes mto_*).
    pub(crate) async fn connect_all(self: &Arc<Self>) {
        let wait = oxagent_core::env_var::positive(&self.with.env, "MCP_TIMEOUT")
            .map_or(Duration::from_secs(30), Duration::from_millis);
        let configs = lock(&self.state).configs.clone();
        if configs.is_empty() {
            lock(&self.state).connected = Some(Vec::new());
            self.generation.fetch_add(1, Ordering::SeqCst);
            self.started.notify_all();
            return;
        }
        let (done, all_done) = tokio::sync::oneshot::channel();
        let me = self.clone();
        self.rt.spawn(async move {
            let ctx = me.with.context();
            for (i, server) in configs.iter().enumerate() {
                let connected = if me.disabled.iter().any(|n| n == server.name()) {
                    Connected::disabled(server.name(), oxagent_mcp::source(server))
                } else {
                    oxagent_mcp::connect(server, &ctx).await
                };
                let state = &mut *lock(&me.state);
                if let Some(slot) = state
                    .connected
                    .as_mut()
                    .and_then(|now| now.get_mut(i))
                    .filter(|now| now.status.status == "pending")
                {
                    // Late: the session went on without it; its tools come at the next turn.
                    *slot = connected.clone();
                    me.generation.fetch_add(1, Ordering::SeqCst);
                }
                state.first.push(connected);
            }
            let _ = done.send(());
        });
        if tokio::time::timeout(wait, all_done).await.is_err() {
            // Those not connected yet are pending; the task fills them in.
            let state = &mut *lock(&self.state);
            let mut now = std::mem::take(&mut state.first);
            for c in &state.configs[now.len().min(state.configs.len())..] {
                now.push(Connected::pending(c.name(), oxagent_mcp::source(c)));
            }
            state.connected = Some(now);
            self.generation.fetch_add(1, Ordering::SeqCst);
            self.started.notify_all();
            return;
        }
        let all = std::mem::take(&mut lock(&self.state).first);
        lock(&self.state).connected = Some(all);
        self.generation.fetch_add(1, Ordering::SeqCst);
        self.started.notify_all();
    }

    /// Connects servers of an agent's own (its definition's inline `mcpServers`), in order;
    /// they run as long as their tools are held.
    pub(crate) async fn connect_own(&self, configs: &[McpServer]) -> Vec<Connected> {
        let ctx = self.with.context();
        let mut all = Vec::with_capacity(configs.len());
        for server in configs {
            all.push(oxagent_mcp::connect(server, &ctx).await);
        }
        all
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
            .connected
            .as_ref()
            .map(|all| oxagent_mcp::gather(&state.configs, all, &self.with.context()))
            .unwrap_or_default();
        McpTools {
            tools: gathered.tools,
            always_load: gathered.always_load,
            generation,
        }
    }

    /// The servers `mcp_status` and the init message list, in their order: the options'
    /// servers as given, the host's in-process ones after them, as the reference lists them.
    fn listed(configs: &[McpServer]) -> Vec<usize> {
        let shown: Vec<usize> = (0..configs.len())
            .filter(|&i| !oxagent_mcp::is_function_tools(&configs[i]))
            .collect();
        let (sdk, others): (Vec<usize>, Vec<usize>) = shown
            .into_iter()
            .partition(|&i| oxagent_mcp::source(&configs[i]) == "sdk");
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
        Self::listed(&state.configs)
            .into_iter()
            .map(|i| {
                let now = state.connected.as_ref().and_then(|all| all.get(i));
                oxagent_mcp::detail(&state.configs[i], now)
            })
            .collect()
    }

    /// Waits (here, blocking) for the first connection of every server, so that a toggle or
    /// reconnect acts on it rather than being overtaken by it.
    fn wait_started(&self) {
        let state = lock(&self.state);
        let _ = self
            .started
            .wait_timeout_while(state, CONNECT_WAIT, |s| s.connected.is_none());
    }

    /// The server called `name` (not a set of Rust tools) and its config.
    fn index(&self, name: &str) -> Result<(usize, McpServer), String> {
        self.wait_started();
        let state = lock(&self.state);
        state
            .configs
            .iter()
            .position(|c| !oxagent_mcp::is_function_tools(c) && c.name() == name)
            .map(|i| (i, state.configs[i].clone()))
            .ok_or_else(|| format!("Server not found: {name}"))
    }

    fn status_of(&self, i: usize) -> Option<String> {
        lock(&self.state)
            .connected
            .as_ref()
            .and_then(|all| all.get(i))
            .map(|c| c.status.status.clone())
    }

    /// Puts `connected` in place of the connection of the server called `name` (gone since:
    /// nothing happens).
    fn replace(&self, name: &str, connected: Connected) {
        let mut state = lock(&self.state);
        let i = state.configs.iter().position(|c| c.name() == name);
        if let Some(slot) = i.and_then(|i| state.connected.as_mut()?.get_mut(i)) {
            *slot = connected;
        }
        self.generation.fetch_add(1, Ordering::SeqCst);
    }

    /// `mcp_toggle`: off disables the server and takes its tools away; on connects it
    /// again (answering with the failure's reason when that fails).
    pub(crate) fn toggle(self: &Arc<Self>, name: &str, enabled: bool) -> Result<(), String> {
        let (i, config) = self.index(name)?;
        let disabled = self.status_of(i).as_deref() == Some("disabled");
        // Kept for the project's next sessions, as the reference keeps it (probe tg).
        let _ =
            oxagent_settings::set_server_disabled(&self.with.cwd, &self.with.env, name, !enabled);
        if !enabled {
            if !disabled {
                let off = Connected::disabled(config.name(), oxagent_mcp::source(&config));
                self.replace(name, off);
            }
            return Ok(());
        }
        if !disabled {
            return Ok(());
        }
        self.connect_again(&config)
    }

    /// `mcp_reconnect`: a new connection for an enabled server.
    pub(crate) fn reconnect(self: &Arc<Self>, name: &str) -> Result<(), String> {
        let (i, config) = self.index(name)?;
        if self.status_of(i).as_deref() == Some("disabled") {
            return Err(format!(
                "MCP server {name} is disabled \u{2014} enable it (mcp_toggle) before reconnecting"
            ));
        }
        self.connect_again(&config)
    }

    /// Connects each of `configs` (on the session's runtime, in order, waiting for them
    /// here).
    fn connect(self: &Arc<Self>, configs: Vec<McpServer>) -> Result<Vec<Connected>, String> {
        let (tx, rx) = std::sync::mpsc::channel();
        let names: Vec<String> = configs.iter().map(|c| c.name().to_string()).collect();
        let me = self.clone();
        self.rt.spawn(async move {
            let ctx = me.with.context();
            let mut all = Vec::with_capacity(configs.len());
            for config in &configs {
                all.push(oxagent_mcp::connect(config, &ctx).await);
            }
            let _ = tx.send(all);
        });
        rx.recv_timeout(CONNECT_WAIT * names.len().max(1) as u32)
            .map_err(|_| format!("MCP server {} did not connect in time", names.join(", ")))
    }

    /// Connects `config` anew and puts the new connection in place of the old one.
    fn connect_again(self: &Arc<Self>, config: &McpServer) -> Result<(), String> {
        let connected = self.connect(vec![config.clone()])?.remove(0);
        let error = (connected.status.status == "failed")
            .then(|| connected.status.error.clone().unwrap_or_default());
        self.replace(config.name(), connected);
        match error {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// `mcp_set_servers`: `servers` become the servers the host manages. A server named
    /// before (or an in-process one of the host) that `servers` leaves out is removed; one
    /// whose config changed, or that is new, is connected (in place, or after the others).
    /// The options' and plugins' servers stay unless named. Answers `{added, removed,
    /// errors}` once every connection is made.
    pub(crate) fn set_servers(self: &Arc<Self>, servers: Vec<McpServer>) -> Result<Value, String> {
        self.wait_started();
        let (mut removed, mut changed) = (Vec::new(), Vec::new());
        {
            let mut state = lock(&self.state);
            let state = &mut *state;
            let mut i = 0;
            while i < state.configs.len() {
                let config = &state.configs[i];
                let name = config.name().to_string();
                let host_owned = state.managed.contains(&name)
                    || (oxagent_mcp::source(config) == "sdk"
                        && !oxagent_mcp::is_function_tools(config));
                if host_owned && !servers.iter().any(|s| s.name() == name) {
                    state.configs.remove(i);
                    if let Some(all) = state.connected.as_mut() {
                        all.remove(i);
                    }
                    state.managed.remove(&name);
                    removed.push(name);
                } else {
                    i += 1;
                }
            }
            for server in &servers {
                state.managed.insert(server.name().to_string());
                if !state.configs.contains(server) {
                    changed.push(server.clone());
                }
            }
        }
        let added: Vec<String> = changed.iter().map(|c| c.name().to_string()).collect();
        let connections = self.connect(changed.clone())?;
        let mut errors = serde_json::Map::new();
        {
            let mut state = lock(&self.state);
            let state = &mut *state;
            for (config, connected) in changed.into_iter().zip(connections) {
                if connected.status.status == "failed" {
                    let e = connected.status.error.clone().unwrap_or_default();
                    errors.insert(config.name().to_string(), Value::String(e));
                }
                let at = state.configs.iter().position(|c| c.name() == config.name());
                match at {
                    Some(i) => {
                        state.configs[i] = config;
                        if let Some(slot) = state.connected.as_mut().and_then(|a| a.get_mut(i)) {
                            *slot = connected;
                        }
                    }
                    None => {
                        state.configs.push(config);
                        if let Some(all) = state.connected.as_mut() {
                            all.push(connected);
                        }
                    }
                }
            }
        }
        self.generation.fetch_add(1, Ordering::SeqCst);
        Ok(serde_json::json!({"added": added, "removed": removed, "errors": errors}))
    }

    /// `mcp_read_resource`: one `ui://` resource of a connected server the session dialed.
    pub(crate) fn read_resource(&self, name: &str, uri: &str) -> Result<Value, String> {
        if !uri.starts_with("ui://") {
            return Err("mcp_read_resource: uri must use the ui:// scheme".into());
        }
        let (i, config) = self.index(name)?;
        if oxagent_mcp::source(&config) == "sdk" {
            return Err("mcp_read_resource does not support SDK MCP servers: the caller hosts them and can read them directly".into());
        }
        let status = self.status_of(i).unwrap_or_else(|| "pending".into());
        if status != "connected" {
            return Err(format!(
                "MCP server {name} is not connected (status: {status})"
            ));
        }
        let (tx, rx) = std::sync::mpsc::channel();
        let reader = lock(&self.state)
            .connected
            .as_ref()
            .and_then(|all| all.get(i))
            .map(Connected::reader)
            .ok_or_else(|| format!("MCP server {name} is not connected"))?;
        let uri = uri.to_string();
        self.rt.spawn(async move {
            let _ = tx.send(reader.read_ui_resource(&uri).await);
        });
        rx.recv_timeout(CONNECT_WAIT)
            .map_err(|_| format!("mcp_read_resource: {name} did not answer in time"))?
    }
}

/// The MCP tools a session's tools hold, and the generation they are of.
#[derive(Default)]
pub(crate) struct Followed {
    names: BTreeSet<String>,
    generation: u64,
}

/// Whether a `disallowed_tools` rule without a content names the MCP tool whole (the tool,
/// its server `mcp__<server>`, or `mcp__<server>__*`): the session does not offer it, as a
/// bare built-in name takes that tool away (vh_mcp_deny_*).
pub(crate) fn denied_whole(disallowed: &[String], tool: &str) -> bool {
    tool.starts_with("mcp__")
        && disallowed.iter().any(|text| {
            oxagent_core::rules::PermissionRule::parse(text)
                .is_ok_and(|rule| rule.is_bare() && rule.names_tool(tool))
        })
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
                registry.deferred().defer(t.clone());
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

#[cfg(test)]
mod tests {
    use super::denied_whole;

    #[test]
    fn bare_deny_rules_take_mcp_tools_away() {
        let rules = |r: &[&str]| r.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert!(denied_whole(&rules(&["mcp__vh__err"]), "mcp__vh__err"));
        assert!(!denied_whole(&rules(&["mcp__vh__err"]), "mcp__vh__ok"));
        assert!(denied_whole(&rules(&["mcp__vh"]), "mcp__vh__ok"));
        assert!(denied_whole(&rules(&["mcp__vh__*"]), "mcp__vh__ok"));
        assert!(!denied_whole(&rules(&["mcp__vh"]), "mcp__vhx__ok"));
        assert!(!denied_whole(&rules(&["Bash"]), "mcp__vh__ok"));
    }
}

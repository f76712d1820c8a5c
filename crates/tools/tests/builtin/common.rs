//! Shared fixtures: a scratch workspace (`<root>/ws`) laid out like the conformance
//! scenarios, a tool set, and calls through the `Tool` trait.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use oxagent_core::content::ToolResultContent;
use oxagent_core::permission::{PermissionContext, ToolPermission};
use oxagent_core::signal::AbortSignal;
use oxagent_core::tool::{Tool, ToolContext, ToolOutput};
use oxagent_core::PermissionMode;
use oxagent_tools::{BuiltinConfig, BuiltinSet, TaskEvent};
use serde_json::Value;
use tokio::sync::mpsc::UnboundedReceiver;

pub struct Ws {
    /// Keeps the scratch directory alive for the test.
    _root: tempfile::TempDir,
    pub ws: PathBuf,
    pub set: BuiltinSet,
    pub events: UnboundedReceiver<TaskEvent>,
    pub abort: AbortSignal,
}

impl Ws {
    pub fn new() -> Ws {
        Ws::with(|_| {})
    }

    /// A workspace whose tool set is built with `adjust` applied to the configuration.
    pub fn with(adjust: impl FnOnce(&mut BuiltinConfig)) -> Ws {
        let root = tempfile::tempdir().unwrap();
        // Canonical, so paths the shell prints (`pwd`) equal the ones we expect.
        let root_path = std::fs::canonicalize(root.path()).unwrap();
        let ws = root_path.join("ws");
        std::fs::create_dir_all(&ws).unwrap();
        let (tx, events) = tokio::sync::mpsc::unbounded_channel();
        let mut config = BuiltinConfig {
            cwd: Some(ws.clone()),
            task_output_root: Some(root_path.join("tmp")),
            tool_results_root: Some(root_path.join("home/.claude/projects")),
            task_events: Some(oxagent_tools::channel_sink(tx)),
            skill_roots: vec![ws.join(".claude/skills")],
            ..BuiltinConfig::default()
        };
        adjust(&mut config);
        Ws {
            _root: root,
            ws,
            set: BuiltinSet::new(&config),
            events,
            abort: AbortSignal::new(),
        }
    }

    pub fn root_path(&self) -> PathBuf {
        self.ws.parent().unwrap().to_path_buf()
    }

    pub fn file(&self, rel: &str, content: impl AsRef<[u8]>) -> PathBuf {
        let p = self.ws.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, content).unwrap();
        p
    }

    pub fn read(&self, rel: &str) -> String {
        std::fs::read_to_string(self.ws.join(rel)).unwrap()
    }

    /// Sets a file's modification time to `secs` after the epoch.
    pub fn mtime(&self, rel: &str, secs: u64) {
        let f = std::fs::File::options()
            .write(true)
            .open(self.ws.join(rel))
            .unwrap();
        f.set_modified(SystemTime::UNIX_EPOCH + Duration::from_secs(secs))
            .unwrap();
    }

    pub fn tool(&self, name: &str) -> Arc<dyn Tool> {
        self.set
            .tools
            .iter()
            .find(|t| t.name() == name)
            .cloned()
            .unwrap()
    }

    pub fn ctx(&self, tool_use_id: &str) -> ToolContext {
        ToolContext {
            session_id: "11111111-2222-3333-4444-555555555555".into(),
            tool_use_id: tool_use_id.into(),
            cwd: self.ws.clone(),
            shell_dir: None,
            additional_directories: vec![],
            env: BTreeMap::new(),
            abort: self.abort.clone(),
            agent_id: None,
            prompt_id: None,
            conversation: None,
            read_denied: Vec::new(),
            permission_mode: Default::default(),
        }
    }

    pub async fn call(&self, tool: &str, input: Value) -> ToolOutput {
        let t = self.tool(tool);
        let ctx = self.ctx("toolu_01");
        t.call(input, &ctx).await
    }

    pub fn permission(&self, tool: &str, input: Value, mode: PermissionMode) -> ToolPermission {
        let ctx = PermissionContext {
            cwd: self.ws.clone(),
            additional_directories: vec![],
            mode,
            ..Default::default()
        };
        self.tool(tool).check_permission(&input, &ctx)
    }

    /// `<WS>` and `<ROOT>` in `s` replaced by the real paths.
    pub fn sub(&self, s: &str) -> String {
        s.replace("<WS>", &self.ws.display().to_string())
            .replace("<ROOT>", &self.root_path().display().to_string())
    }
}

pub fn text(out: &ToolOutput) -> String {
    match &out.content {
        ToolResultContent::Text(t) => t.clone(),
        ToolResultContent::Blocks(_) => {
            panic!("expected text content, got blocks: {:?}", out.content)
        }
    }
}

pub fn ask_message(p: &ToolPermission) -> String {
    match p {
        ToolPermission::Ask { message, .. } => message.clone(),
        other => panic!("expected Ask, got {other:?}"),
    }
}

pub fn is_running(pid: i32) -> bool {
    // A zombie (exited, not yet reaped) counts as gone.
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => !stat
            .split(") ")
            .nth(1)
            .is_some_and(|rest| rest.starts_with('Z')),
        Err(_) => false,
    }
}

pub async fn wait_until(mut cond: impl FnMut() -> bool, limit: Duration) -> bool {
    let start = std::time::Instant::now();
    while start.elapsed() < limit {
        if cond() {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    cond()
}

//! Local plugins: `plugins: [{type: "local", path}]`.
//!
//! ```text
//! <path>/.claude-plugin/plugin.json   name (else the folder's), version; optional keys
//!                                     hooks / mcpServers (a file, relative to <path>, or inline)
//! <path>/commands/**.md               commands   /<plugin>:<name>
//! <path>/skills/<skill>/SKILL.md      skills     <plugin>:<skill> (Skill tool and /<plugin>:<skill>)
//! <path>/agents/*.md                  agents     <plugin>:<name>
//! <path>/hooks/hooks.json             hooks, after the settings files' (${CLAUDE_PLUGIN_ROOT})
//! <path>/.mcp.json                    MCP servers plugin:<plugin>:<server> (tools
//!                                     mcp__plugin_<plugin>_<server>__<tool>)
//! ```
//!
//! In every hook command and server config `${CLAUDE_PLUGIN_ROOT}` is the plugin's folder.

use std::path::{Path, PathBuf};

use oxagent_core::protocol::agents::AgentDefinition;
use oxagent_core::protocol::mcp_servers::{self, McpServer};
use oxagent_core::protocol::system::PluginInfo;
use oxagent_tools::session::commands::{self, CommandFile, Scope};
use serde_json::Value;

/// One local plugin the options name.
#[derive(Clone)]
pub(crate) struct Plugin {
    pub info: PluginInfo,
    pub root: PathBuf,
    pub commands: Vec<CommandFile>,
    pub agents: Vec<(String, AgentDefinition)>,
    /// Its hooks document (`{"hooks": {...}}`), `${CLAUDE_PLUGIN_ROOT}` still in it.
    pub hooks: Option<Value>,
    /// Its MCP servers, named `plugin:<plugin>:<server>`.
    pub mcp_servers: Vec<McpServer>,
}

impl Plugin {
    /// Its `skills` folder, for the Skill tool (`<plugin>:<skill>`).
    pub fn skill_root(&self) -> (String, PathBuf) {
        (self.info.name.clone(), self.root.join("skills"))
    }
}

/// The plugins the options name, in order (a relative path from the session's `cwd`).
pub(crate) fn load(paths: &[PathBuf], cwd: &Path) -> Vec<Plugin> {
    paths.iter().map(|p| load_one(&cwd.join(p))).collect()
}

fn read_json(path: &Path) -> Option<Value> {
    serde_json::from_str(&std::fs::read_to_string(path).ok()?).ok()
}

/// A manifest key that is either inline JSON or the path of a JSON file in the plugin.
fn inline_or_file(root: &Path, v: Option<&Value>) -> Option<Value> {
    match v? {
        Value::String(p) => read_json(&root.join(p)),
        v @ Value::Object(_) => Some(v.clone()),
        _ => None,
    }
}

/// Reads the plugin at `path`. A part it cannot read is left out; the rest loads.
pub(crate) fn load_one(path: &Path) -> Plugin {
    // As given (the reference substitutes the path the options name, not a resolved one).
    let root = path.to_path_buf();
    let manifest = read_json(&root.join(".claude-plugin/plugin.json")).unwrap_or_default();
    let name = manifest
        .get("name")
        .and_then(Value::as_str)
        .map(str::to_string)
        .unwrap_or_else(|| {
            root.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default()
        });
    let version = manifest
        .get("version")
        .and_then(Value::as_str)
        .map(str::to_string);
    let commands = commands::load(&root.join("commands"), &Scope::Plugin(name.clone()));
    let agents = crate::subagents::load_agent_files(&[root.join("agents")])
        .into_iter()
        .map(|(agent, def)| (format!("{name}:{agent}"), def))
        .collect();
    let hooks = inline_or_file(&root, manifest.get("hooks"))
        .or_else(|| read_json(&root.join("hooks/hooks.json")));
    let servers = inline_or_file(&root, manifest.get("mcpServers"))
        .or_else(|| read_json(&root.join(".mcp.json")));
    let mcp_servers = servers
        .map(|doc| plugin_servers(&name, &root, &doc))
        .unwrap_or_default();
    Plugin {
        info: PluginInfo {
            source: Some(format!("{name}@inline")),
            name,
            path: path.to_string_lossy().into_owned(),
            version,
        },
        root,
        commands,
        agents,
        hooks,
        mcp_servers,
    }
}

/// The servers of a plugin's MCP document (`{"mcpServers": {...}}` or the map itself), each
/// renamed `plugin:<plugin>:<server>`, `${CLAUDE_PLUGIN_ROOT}` replaced throughout. A
/// server the document describes wrongly is left out.
fn plugin_servers(plugin: &str, root: &Path, doc: &Value) -> Vec<McpServer> {
    let map = doc.get("mcpServers").unwrap_or(doc);
    let Value::Object(map) = map else {
        return Vec::new();
    };
    let root = root.to_string_lossy();
    map.iter()
        .filter_map(|(server, cfg)| {
            let cfg = substitute(cfg, &root);
            let one = serde_json::json!({ format!("plugin:{plugin}:{server}"): cfg });
            mcp_servers::parse(&one).ok()?.into_iter().next()
        })
        .collect()
}

/// `v` with `${CLAUDE_PLUGIN_ROOT}` in every string replaced by `root`.
fn substitute(v: &Value, root: &str) -> Value {
    match v {
        Value::String(s) => Value::String(s.replace("${CLAUDE_PLUGIN_ROOT}", root)),
        Value::Array(a) => Value::Array(a.iter().map(|x| substitute(x, root)).collect()),
        Value::Object(o) => Value::Object(
            o.iter()
                .map(|(k, x)| (k.clone(), substitute(x, root)))
                .collect(),
        ),
        other => other.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(root: &Path, rel: &str, text: &str) {
        let p = root.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }

    #[test]
    fn reads_every_part_of_a_plugin() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("plug");
        write(
            &root,
            ".claude-plugin/plugin.json",
            r#"{"name": "demo", "version": "1.0"}"#,
        );
        write(&root, "commands/greet.md", "Greet.\n");
        write(
            &root,
            "agents/helper.md",
            "---\nname: helper\ndescription: d\n---\nHi\n",
        );
        write(
            &root,
            "hooks/hooks.json",
            r#"{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "true"}]}]}}"#,
        );
        write(
            &root,
            ".mcp.json",
            r#"{"mcpServers": {"calc": {"command": "python3", "args": ["${CLAUDE_PLUGIN_ROOT}/s.py"]},
                "bad": {"type": "nope"}}}"#,
        );
        let p = load_one(&root);
        assert_eq!(p.info.name, "demo");
        assert_eq!(p.info.source.as_deref(), Some("demo@inline"));
        assert_eq!(p.commands[0].name, "demo:greet");
        assert_eq!(p.agents[0].0, "demo:helper");
        assert!(p.hooks.as_ref().unwrap()["hooks"]["Stop"].is_array());
        match &p.mcp_servers[..] {
            [McpServer::Stdio { name, args, .. }] => {
                assert_eq!(name, "plugin:demo:calc");
                assert_eq!(args, &[format!("{}/s.py", root.display())]);
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(p.skill_root(), ("demo".into(), root.join("skills")));
    }

    #[test]
    fn manifest_keys_name_other_files_and_a_bare_folder_is_named_after_itself() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("tools");
        write(
            &root,
            ".claude-plugin/plugin.json",
            r#"{"mcpServers": "./cfg/mcp.json", "hooks": {"hooks": {}}}"#,
        );
        write(
            &root,
            "cfg/mcp.json",
            r#"{"web": {"type": "http", "url": "http://x"}}"#,
        );
        write(&root, "hooks/hooks.json", r#"{"hooks": {"Stop": []}}"#);
        let p = load_one(&root);
        assert_eq!(p.info.name, "tools");
        assert_eq!(p.mcp_servers[0].name(), "plugin:tools:web");
        assert_eq!(p.hooks, Some(serde_json::json!({"hooks": {}})));
    }
}

//! MCP servers the configuration files declare, beside the `mcp_servers` option.
//!
//! ```text
//! scope    file                                         setting source   status `source`
//! user     <config>/.claude.json  mcpServers            user             user
//! project  .mcp.json of the cwd and each folder above   project          project
//! local    <config>/.claude.json  projects[<project>]   local            local
//! ```
//!
//! `<config>` is `$CLAUDE_CONFIG_DIR`, else the home folder; `<project>` the repository root
//! holding the cwd, else the cwd. As the reference loads them in a session without a
//! terminal: every `.mcp.json` server is approved unless a settings file's
//! `disabledMcpjsonServers` names it; a closer `.mcp.json` overrides a farther one, and of
//! one name the local scope wins over the project one, which wins over the user one (each in
//! the place the first took). `${VAR}` and `${VAR:-default}` are replaced from the session's
//! environment in commands, arguments, `env`, URLs and headers; an unknown variable without a
//! default stays as written. A file that is not JSON, or whose `mcpServers` is not an object,
//! gives no server; a server described wrongly is left out and the others load.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use oxagent_core::protocol::mcp_servers::{self, McpServer, Scope};
use serde_json::{Map, Value};

use crate::Settings;

/// Where to look, and what with.
pub struct McpFiles<'a> {
    /// The session's working directory.
    pub cwd: &'a Path,
    /// The session's environment: `HOME`, `CLAUDE_CONFIG_DIR` and the variables to expand.
    pub env: &'a BTreeMap<String, String>,
    /// `setting_sources` (`None`: all).
    pub sources: Option<&'a [String]>,
    /// Only the options' servers run (`strict_mcp_config`, the minimal mode): the files
    /// declare none, but the project's turned-off servers stay off.
    pub options_only: bool,
}

/// What the files say of MCP servers, read once as the session starts.
#[derive(Debug, Default)]
pub struct FileServers {
    /// The servers they declare, in the order the status lists show them.
    pub servers: Vec<McpServer>,
    /// The servers turned off in this project (`disabledMcpServers` of its entry in
    /// `.claude.json`, which `mcp_toggle` keeps): they start `disabled`, whatever their
    /// scope and the setting sources (probes dm_*).
    pub disabled: Vec<String>,
}

impl Settings {
    /// The servers the files selected by `files.sources` declare (user, project, local,
    /// each with its scope) and those turned off in the project.
    pub fn mcp_servers(&self, files: &McpFiles<'_>) -> FileServers {
        let global = global_config(files.env);
        let entry = global.as_ref().and_then(|g| project_entry(g, files.cwd));
        let disabled = entry
            .and_then(|p| p.get("disabledMcpServers"))
            .and_then(Value::as_array)
            .map(|names| names.iter().filter_map(Value::as_str).map(str::to_string))
            .into_iter()
            .flatten()
            .collect();
        if files.options_only {
            return FileServers {
                servers: Vec::new(),
                disabled,
            };
        }
        let on = |name: &str| files.sources.is_none_or(|s| s.iter().any(|x| x == name));
        let mut all: Vec<(String, Value, Scope)> = Vec::new();
        let mut put = |named: &Map<String, Value>, scope: Scope| {
            for (name, cfg) in named {
                match all.iter_mut().find(|(n, ..)| n == name) {
                    Some(slot) => *slot = (name.clone(), cfg.clone(), scope),
                    None => all.push((name.clone(), cfg.clone(), scope)),
                }
            }
        };
        if let (true, Some(g)) = (on("user"), &global) {
            if let Some(Value::Object(named)) = g.get("mcpServers") {
                put(named, Scope::User);
            }
        }
        if on("project") {
            for path in project_files(files.cwd) {
                let Some(doc) = read_object(&path) else {
                    continue;
                };
                let Some(Value::Object(named)) = doc.get("mcpServers") else {
                    continue;
                };
                let approved = named
                    .iter()
                    .filter(|(n, _)| !self.disabled_mcpjson.contains(n))
                    .map(|(n, c)| (n.clone(), c.clone()))
                    .collect();
                put(&approved, Scope::Project);
            }
        }
        let local = entry.and_then(|p| p.get("mcpServers"));
        if let (true, Some(Value::Object(named))) = (on("local"), local) {
            put(named, Scope::Local);
        }
        let servers = all
            .into_iter()
            .filter_map(|(name, cfg, scope)| {
                if cfg.get("type").and_then(Value::as_str) == Some("sdk") {
                    return None;
                }
                let cfg = expand(&cfg, files.env);
                let one = Value::Object(Map::from_iter([(name, cfg)]));
                let server = mcp_servers::parse(&one).ok()?.into_iter().next()?;
                Some(server.in_scope(scope))
            })
            .collect();
        FileServers { servers, disabled }
    }
}

/// `.claude.json` in `$CLAUDE_CONFIG_DIR`, else in the home folder.
fn global_config_path(env: &BTreeMap<String, String>) -> Option<PathBuf> {
    let dir = env
        .get("CLAUDE_CONFIG_DIR")
        .or_else(|| env.get("HOME"))
        .filter(|d| !d.is_empty())?;
    Some(Path::new(dir).join(".claude.json"))
}

/// [`global_config_path`]'s document, as an object.
fn global_config(env: &BTreeMap<String, String>) -> Option<Map<String, Value>> {
    read_object(&global_config_path(env)?)
}

/// The project's entry in `.claude.json`'s `projects` (keyed by its repository root, else
/// its cwd).
fn project_entry<'g>(global: &'g Map<String, Value>, cwd: &Path) -> Option<&'g Value> {
    let key = project_key(cwd);
    global.get("projects")?.get(key.to_string_lossy().as_ref())
}

/// Whether the user trusted the project (`projects[<project>].hasTrustDialogAccepted` in
/// `.claude.json`), and if not, where that would be set: (the project's key, the file).
pub fn project_trust(
    env: &BTreeMap<String, String>,
    cwd: &Path,
) -> Result<(), (PathBuf, Option<PathBuf>)> {
    let trusted = global_config(env)
        .as_ref()
        .and_then(|g| project_entry(g, cwd).cloned())
        .and_then(|p| p.get("hasTrustDialogAccepted").and_then(Value::as_bool))
        == Some(true);
    match trusted {
        true => Ok(()),
        false => Err((project_key(cwd), global_config_path(env))),
    }
}

/// Records `name` as turned off in this project, or on again (`mcp_toggle`), in
/// `.claude.json`, the rest of the file as it was. A file that is not a JSON object is
/// left alone.
pub fn set_server_disabled(
    cwd: &Path,
    env: &BTreeMap<String, String>,
    name: &str,
    disabled: bool,
) -> Result<(), String> {
    let path = global_config_path(env).ok_or("no home folder")?;
    let mut doc = match std::fs::read_to_string(&path) {
        Ok(text) => match serde_json::from_str::<Value>(&text) {
            Ok(Value::Object(m)) => m,
            _ => return Err(format!("{} is not a JSON object", path.display())),
        },
        Err(_) => Map::new(),
    };
    let key = project_key(cwd).to_string_lossy().into_owned();
    let projects = doc
        .entry("projects")
        .or_insert_with(|| Value::Object(Map::new()));
    let Value::Object(projects) = projects else {
        return Err(format!("{}: projects is not an object", path.display()));
    };
    let entry = projects
        .entry(key)
        .or_insert_with(|| Value::Object(Map::new()));
    let Value::Object(entry) = entry else {
        return Err(format!(
            "{}: the project entry is not an object",
            path.display()
        ));
    };
    let list = entry
        .entry("disabledMcpServers")
        .or_insert_with(|| Value::Array(Vec::new()));
    if !list.is_array() {
        *list = Value::Array(Vec::new());
    }
    if let Value::Array(names) = list {
        let here = names.iter().any(|n| n.as_str() == Some(name));
        if disabled && !here {
            names.push(Value::String(name.to_string()));
        } else if !disabled {
            names.retain(|n| n.as_str() != Some(name));
        }
    }
    let text = serde_json::to_string_pretty(&Value::Object(doc)).map_err(|e| e.to_string())?;
    std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))
}

fn read_object(path: &Path) -> Option<Map<String, Value>> {
    match serde_json::from_str(&std::fs::read_to_string(path).ok()?).ok()? {
        Value::Object(m) => Some(m),
        _ => None,
    }
}

/// The `.mcp.json` files of `cwd` and each folder above it but the root, farthest first.
fn project_files(cwd: &Path) -> Vec<PathBuf> {
    let mut dirs: Vec<&Path> = cwd.ancestors().filter(|d| d.parent().is_some()).collect();
    dirs.reverse();
    dirs.into_iter().map(|d| d.join(".mcp.json")).collect()
}

/// The key of the project's entry in `.claude.json`: the root of the repository holding
/// `cwd`, else `cwd`.
fn project_key(cwd: &Path) -> PathBuf {
    cwd.ancestors()
        .find(|d| d.join(".git").exists())
        .unwrap_or(cwd)
        .to_path_buf()
}

/// `cfg` with `${VAR}` / `${VAR:-default}` replaced in every string it holds.
fn expand(cfg: &Value, env: &BTreeMap<String, String>) -> Value {
    match cfg {
        Value::String(s) => Value::String(expand_text(s, env)),
        Value::Array(items) => Value::Array(items.iter().map(|v| expand(v, env)).collect()),
        Value::Object(m) => {
            Value::Object(m.iter().map(|(k, v)| (k.clone(), expand(v, env))).collect())
        }
        other => other.clone(),
    }
}

fn expand_text(text: &str, env: &BTreeMap<String, String>) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("${") {
        let Some(len) = rest[at + 2..].find('}') else {
            break;
        };
        let inner = &rest[at + 2..at + 2 + len];
        out.push_str(&rest[..at]);
        let (name, default) = match inner.split_once(":-") {
            Some((n, d)) => (n, Some(d)),
            None => (inner, None),
        };
        match env.get(name).map(String::as_str).or(default) {
            Some(v) => out.push_str(v),
            None => out.push_str(&rest[at..at + 3 + len]),
        }
        rest = &rest[at + 3 + len..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use serde_json::json;

    fn names(servers: &[McpServer]) -> Vec<(String, &'static str)> {
        servers
            .iter()
            .map(|s| (s.name().to_string(), s.scope().as_str()))
            .collect()
    }

    fn stdio(arg: &str) -> Value {
        json!({"command": "python3", "args": [arg]})
    }

    struct Dirs {
        _root: tempfile::TempDir,
        ws: PathBuf,
        env: BTreeMap<String, String>,
    }

    fn dirs() -> Dirs {
        let root = tempfile::tempdir().unwrap();
        let ws = root.path().join("outer/ws");
        std::fs::create_dir_all(&ws).unwrap();
        std::fs::create_dir_all(root.path().join("home")).unwrap();
        let env = BTreeMap::from([(
            "HOME".to_string(),
            root.path().join("home").to_string_lossy().into_owned(),
        )]);
        Dirs {
            _root: root,
            ws,
            env,
        }
    }

    fn read(d: &Dirs, settings: &Settings, sources: Option<&[String]>) -> FileServers {
        settings.mcp_servers(&McpFiles {
            cwd: &d.ws,
            env: &d.env,
            sources,
            options_only: false,
        })
    }

    fn load(d: &Dirs, settings: &Settings, sources: Option<&[String]>) -> Vec<McpServer> {
        read(d, settings, sources).servers
    }

    fn disabled_servers(d: &Dirs) -> Vec<String> {
        read(d, &Settings::default(), Some(&[])).disabled
    }

    #[test]
    fn each_scope_in_its_source_and_the_nearer_one_wins() {
        let d = dirs();
        let home = PathBuf::from(&d.env["HOME"]);
        let global = json!({"mcpServers": {"u": stdio("u"), "both": stdio("user")},
            "projects": {d.ws.to_string_lossy(): {"mcpServers": {"l": stdio("l"), "both": stdio("local")}}}});
        std::fs::write(home.join(".claude.json"), global.to_string()).unwrap();
        let outer = json!({"mcpServers": {"far": stdio("far"), "p": stdio("outer")}});
        std::fs::write(d.ws.join("../.mcp.json"), outer.to_string()).unwrap();
        let near = json!({"mcpServers": {"p": stdio("near"), "both": stdio("project")}});
        std::fs::write(d.ws.join(".mcp.json"), near.to_string()).unwrap();
        let all = load(&d, &Settings::default(), None);
        assert_eq!(
            names(&all),
            [
                ("u".into(), "user"),
                ("both".into(), "local"),
                ("far".into(), "project"),
                ("p".into(), "project"),
                ("l".into(), "local"),
            ]
        );
        let McpServer::Stdio { args, .. } = &all[3] else {
            panic!()
        };
        assert_eq!(args, &["near"]);
        let project = ["project".to_string()];
        assert_eq!(
            names(&load(&d, &Settings::default(), Some(&project)))
                .iter()
                .map(|(n, _)| n.as_str())
                .collect::<Vec<_>>(),
            ["far", "p", "both"]
        );
        assert!(load(&d, &Settings::default(), Some(&[])).is_empty());
    }

    #[test]
    fn a_disabled_project_server_and_bad_files_give_nothing() {
        let d = dirs();
        let doc =
            json!({"mcpServers": {"calc": stdio("c"), "off": stdio("o"), "broken": {"args": []}}});
        std::fs::write(d.ws.join(".mcp.json"), doc.to_string()).unwrap();
        let settings = Settings {
            disabled_mcpjson: vec!["off".into()],
            ..Settings::default()
        };
        assert_eq!(
            names(&load(&d, &settings, None)),
            [("calc".into(), "project")]
        );
        for bad in [
            "{\"mcpServers\": ",
            "{\"mcpServers\": [1]}",
            "  \n",
            "{\"servers\": {}}",
        ] {
            std::fs::write(d.ws.join(".mcp.json"), bad).unwrap();
            assert!(load(&d, &settings, None).is_empty(), "{bad}");
        }
    }

    #[test]
    fn a_toggled_server_is_recorded_for_the_project() {
        let d = dirs();
        let home = PathBuf::from(&d.env["HOME"]);
        std::fs::write(home.join(".claude.json"), r#"{"numStartups": 3}"#).unwrap();
        set_server_disabled(&d.ws, &d.env, "calc", true).unwrap();
        set_server_disabled(&d.ws, &d.env, "two", true).unwrap();
        set_server_disabled(&d.ws, &d.env, "calc", true).unwrap();
        assert_eq!(disabled_servers(&d), ["calc", "two"]);
        set_server_disabled(&d.ws, &d.env, "calc", false).unwrap();
        assert_eq!(disabled_servers(&d), ["two"]);
        let doc: Value =
            serde_json::from_str(&std::fs::read_to_string(home.join(".claude.json")).unwrap())
                .unwrap();
        assert_eq!(doc["numStartups"], 3);
    }

    #[test]
    fn variables_are_expanded_or_left_as_written() {
        let env = BTreeMap::from([("DIR".to_string(), "/srv".to_string())]);
        assert_eq!(expand_text("${DIR}/s.py", &env), "/srv/s.py");
        assert_eq!(expand_text("${NOPE:-dflt}-${DIR:-x}", &env), "dflt-/srv");
        assert_eq!(expand_text("${NOPE}/a ${", &env), "${NOPE}/a ${");
        let cfg = json!({"command": "${DIR}/bin", "args": ["${DIR}"], "env": {"A": "${NOPE:-}"}});
        assert_eq!(
            expand(&cfg, &env),
            json!({"command": "/srv/bin", "args": ["/srv"], "env": {"A": ""}})
        );
    }
}

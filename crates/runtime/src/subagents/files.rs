//! Agents defined in files: `<cwd>/.claude/agents/*.md` (setting source `project`) and
//! `~/.claude/agents/*.md` (`user`), each a Markdown file with front matter:
//!
//! ```text
//! ---
//! name: file-reviewer                 the agent's name (else the file's stem)
//! description: Reviews files.         required: a file without it is skipped
//! tools: Read, Grep                   comma-separated (else every tool)
//! disallowedTools: Bash               comma-separated
//! model: haiku                        an alias, a model id or inherit
//! effort / maxTurns / permissionMode / background / skills / initialPrompt
//! ---
//!
//! The agent's system prompt (blank lines around it trimmed).
//! ```
//!
//! A project file wins over a user file of the same name; the `agents` option wins over
//! both (see the registry).

use std::path::{Path, PathBuf};

use oxagent_core::protocol::agents::AgentDefinition;
use oxagent_tools::session::skill::parse_skill_md;
use serde_json::Value;

/// The `agents` folders of the setting sources a session loads, user's first so that the
/// project's files replace them.
pub(crate) fn agent_roots(
    cwd: &Path,
    home: Option<&Path>,
    sources: Option<&[String]>,
) -> Vec<PathBuf> {
    // `skill_roots` lists the user's folder first.
    oxagent_tools::session::skill::skill_roots(cwd, home, sources)
        .into_iter()
        .map(|skills| skills.with_file_name("agents"))
        .collect()
}

fn list(v: Option<&String>) -> Option<Vec<String>> {
    let v = v?.trim().trim_start_matches('[').trim_end_matches(']');
    let names: Vec<String> = v
        .split(',')
        .map(|n| n.trim().trim_matches(['"', '\'']).to_string())
        .filter(|n| !n.is_empty())
        .collect();
    (!names.is_empty()).then_some(names)
}

/// One agent file: its name and definition, or `None` when it has no description.
pub(crate) fn parse_agent_file(stem: &str, text: &str) -> Option<(String, AgentDefinition)> {
    let (meta, body) = parse_skill_md(text);
    let get = |k: &str| meta.get(k).filter(|v| !v.trim().is_empty());
    let description = get("description")?.trim().to_string();
    let name = get("name").map_or(stem, |n| n.trim()).to_string();
    let definition = AgentDefinition {
        description,
        prompt: body.trim().to_string(),
        tools: list(get("tools")),
        disallowed_tools: list(get("disallowedTools")),
        model: get("model").map(|m| m.trim().to_string()),
        skills: list(get("skills")),
        max_turns: get("maxTurns").and_then(|n| n.trim().parse().ok()),
        background: get("background").map(|b| b.trim() == "true"),
        effort: get("effort").map(|e| match e.trim().parse::<u64>() {
            Ok(n) => Value::from(n),
            Err(_) => Value::from(e.trim()),
        }),
        permission_mode: get("permissionMode").map(|m| m.trim().to_string()),
        initial_prompt: get("initialPrompt").map(|p| p.trim().to_string()),
        mcp_servers: mcp_servers(text),
        ..AgentDefinition::default()
    };
    Some((name, definition))
}

/// The `mcpServers` list of a file's front matter, read as YAML (names, and `{name: config}`
/// mappings in block or flow style); `None` when there is none or it is not a list.
fn mcp_servers(text: &str) -> Option<Vec<Value>> {
    let rest = text.strip_prefix("---")?.trim_start_matches([' ', '\t']);
    let rest = rest
        .strip_prefix("\r\n")
        .or_else(|| rest.strip_prefix('\n'))?;
    let end = rest.find("\n---").map_or(rest.len(), |i| i + 1);
    let docs = yaml_rust2::YamlLoader::load_from_str(&rest[..end]).ok()?;
    let list = docs.first()?["mcpServers"].as_vec()?;
    Some(list.iter().filter_map(json_of).collect())
}

/// A YAML value as JSON (keys that are not text, and values JSON has no room for, left out).
fn json_of(y: &yaml_rust2::Yaml) -> Option<Value> {
    use yaml_rust2::Yaml;
    Some(match y {
        Yaml::String(s) => Value::from(s.as_str()),
        Yaml::Real(r) => Value::from(r.parse::<f64>().ok()?),
        Yaml::Integer(i) => Value::from(*i),
        Yaml::Boolean(b) => Value::from(*b),
        Yaml::Array(items) => Value::Array(items.iter().filter_map(json_of).collect()),
        Yaml::Hash(map) => Value::Object(
            map.iter()
                .filter_map(|(k, v)| Some((k.as_str()?.to_string(), json_of(v)?)))
                .collect(),
        ),
        Yaml::Null => Value::Null,
        _ => return None,
    })
}

/// Takes the inline MCP servers (`{name: config}` entries of `mcpServers`) out of the
/// agents of an untrusted project's files: the notice each such agent's start shows, by
/// name, as the reference words it (`key`: the project's entry in `config`).
pub(crate) fn block_inline_servers(
    agents: &mut [(String, AgentDefinition)],
    key: &Path,
    config: Option<&Path>,
) -> Vec<(String, String)> {
    let mut notices = Vec::new();
    for (name, definition) in agents.iter_mut() {
        let Some(entries) = definition.mcp_servers.as_mut() else {
            continue;
        };
        let inline: Vec<String> = entries
            .iter()
            .filter_map(Value::as_object)
            .flat_map(|o| o.keys().cloned())
            .collect();
        if inline.is_empty() {
            continue;
        }
        entries.retain(|e| !e.is_object());
        let config = config.map_or_else(String::new, |c| c.display().to_string());
        notices.push((
            name.clone(),
            format!(
                "{name} agent MCP server{} blocked by untrusted agent origin \u{2014} Run Claude Code in that folder once and accept the trust dialog, or set projects[\"{}\"].hasTrustDialogAccepted: true in {config}.: {}",
                if inline.len() > 1 { "s" } else { "" },
                key.display(),
                inline.join(", ")
            ),
        ));
    }
    notices
}

/// Every agent file under `roots`, in root order, then by file name.
pub(crate) fn load_agent_files(roots: &[PathBuf]) -> Vec<(String, AgentDefinition)> {
    let mut out = Vec::new();
    for root in roots {
        let Ok(entries) = std::fs::read_dir(root) else {
            continue;
        };
        let mut files: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "md") && p.is_file())
            .collect();
        files.sort();
        for path in files {
            let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
            if let Some(agent) = std::fs::read_to_string(&path)
                .ok()
                .and_then(|text| parse_agent_file(stem, &text))
            {
                out.push(agent);
            }
        }
    }
    out
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn a_file_gives_its_name_prompt_tools_and_model() {
        let text = "---\nname: file-reviewer\ndescription: Reviews files (from a file).\ntools: Read, Grep\nmodel: haiku\nmaxTurns: 4\n---\n\nYou are FILE-AGENT.\n\n";
        let (name, d) = parse_agent_file("x", text).unwrap();
        assert_eq!(name, "file-reviewer");
        assert_eq!(d.description, "Reviews files (from a file).");
        assert_eq!(d.prompt, "You are FILE-AGENT.");
        assert_eq!(d.tools, Some(vec!["Read".into(), "Grep".into()]));
        assert_eq!((d.model.as_deref(), d.max_turns), (Some("haiku"), Some(4)));
        assert_eq!(
            parse_agent_file("x", "---\nname: y\n---\nNo description."),
            None
        );
        let (name, _) = parse_agent_file("stem", "---\ndescription: d\n---\np").unwrap();
        assert_eq!(name, "stem");
    }

    #[test]
    fn mcp_servers_are_read_as_yaml_and_an_untrusted_project_keeps_none_inline() {
        let own = serde_json::json!({"own": {"command": "python3", "args": ["server.py"]}});
        for front in [
            "mcpServers:\n  - calc\n  - own:\n      command: python3\n      args:\n        - server.py\n",
            "mcpServers: [calc, {own: {command: python3, args: [server.py]}}]\n",
        ] {
            let text = format!("---\ndescription: d\n{front}---\nprompt\n");
            let (_, d) = parse_agent_file("helper", &text).unwrap();
            assert_eq!(d.mcp_servers, Some(vec![serde_json::json!("calc"), own.clone()]));
        }
        let (_, d) = parse_agent_file("h", "---\ndescription: d\nmcpServers: own\n---\np").unwrap();
        assert_eq!(d.mcp_servers, None);
        let text = "---\ndescription: d\nmcpServers: [calc, {own: {command: x}}, {two: {command: y}}]\n---\np";
        let mut agents = vec![parse_agent_file("helper", text).unwrap()];
        let notices = block_inline_servers(
            &mut agents,
            Path::new("/w"),
            Some(Path::new("/h/.claude.json")),
        );
        assert_eq!(
            agents[0].1.mcp_servers,
            Some(vec![serde_json::json!("calc")])
        );
        assert_eq!(notices[0].0, "helper");
        assert!(notices[0]
            .1
            .starts_with("helper agent MCP servers blocked by untrusted agent origin"));
        assert!(notices[0].1.ends_with(
            "projects[\"/w\"].hasTrustDialogAccepted: true in /h/.claude.json.: own, two"
        ));
    }

    #[test]
    fn project_files_come_after_user_files_and_sources_select_them() {
        let (cwd, home) = (Path::new("/w"), Path::new("/h"));
        assert_eq!(
            agent_roots(cwd, Some(home), None),
            vec![
                PathBuf::from("/h/.claude/agents"),
                PathBuf::from("/w/.claude/agents")
            ]
        );
        assert!(agent_roots(cwd, Some(home), Some(&[])).is_empty());
        let project = ["project".to_string()];
        assert_eq!(
            agent_roots(cwd, Some(home), Some(&project)),
            vec![PathBuf::from("/w/.claude/agents")]
        );
    }
}

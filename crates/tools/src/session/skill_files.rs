//! Skill files on disk: the front matter of a `SKILL.md` and the folders skills are found in.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::skill::SkillInfo;

/// A key's value and its indented lines as one text: a YAML list (`- item` lines) as its
/// items joined by commas, other lines joined by spaces.
fn folded(parts: &[String]) -> String {
    let more: Vec<&String> = parts[1..].iter().filter(|p| !p.is_empty()).collect();
    if parts[0].is_empty() && !more.is_empty() && more.iter().all(|p| p.starts_with("- ")) {
        let items: Vec<&str> = more
            .iter()
            .map(|p| p[2..].trim().trim_matches('"').trim_matches('\''))
            .collect();
        return items.join(", ");
    }
    parts.join(" ").trim().to_string()
}

/// Splits a `SKILL.md` into its front matter (flat `key: value` pairs; `|` and `>` blocks
/// joined, YAML lists as comma lists) and its body.
pub fn parse_skill_md(text: &str) -> (BTreeMap<String, String>, String) {
    let mut meta = BTreeMap::new();
    let Some(rest) = text
        .strip_prefix("---\n")
        .or_else(|| text.strip_prefix("---\r\n"))
    else {
        return (meta, text.to_string());
    };
    // An empty block (`---` right after the opening one) is front matter with no keys.
    let (header, after) = match rest.strip_prefix("---") {
        Some(after) => ("", after),
        None => {
            let Some(end) = rest.find("\n---") else {
                return (meta, text.to_string());
            };
            (&rest[..end], &rest[end + 4..])
        }
    };
    let body = after
        .strip_prefix("\r\n")
        .or_else(|| after.strip_prefix('\n'))
        .unwrap_or(after);
    let mut current: Option<(String, Vec<String>)> = None;
    for line in header.lines() {
        let indented = line.starts_with(' ') || line.starts_with('\t');
        if let (true, Some((_, parts))) = (indented, current.as_mut()) {
            parts.push(line.trim().to_string());
            continue;
        }
        if let Some((k, parts)) = current.take() {
            meta.insert(k, folded(&parts));
        }
        if let Some((k, v)) = line.split_once(':') {
            let v = v.trim();
            let v = if v == "|" || v == ">" || v == "|-" || v == ">-" {
                ""
            } else {
                v
            };
            let v = v.trim_matches('"').trim_matches('\'').to_string();
            current = Some((k.trim().to_string(), vec![v]));
        }
    }
    if let Some((k, parts)) = current.take() {
        meta.insert(k, folded(&parts));
    }
    (meta, body.to_string())
}

/// `allowed-tools: Read, Bash(git *)` or `[Read, Grep]` as a list.
pub(crate) fn tool_list(value: Option<&String>) -> Vec<String> {
    value
        .map(|v| {
            v.trim_matches(|c| c == '[' || c == ']')
                .split(',')
                .map(|t| t.trim().trim_matches('"').to_string())
                .filter(|t| !t.is_empty())
                .collect()
        })
        .unwrap_or_default()
}

/// The skills in `roots` (each a `skills` folder), by name; an earlier root wins a clash.
pub fn discover(roots: &[PathBuf]) -> Vec<SkillInfo> {
    let mut found: BTreeMap<String, SkillInfo> = BTreeMap::new();
    for root in roots {
        let Ok(entries) = std::fs::read_dir(root) else {
            continue;
        };
        let mut dirs: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
        dirs.sort();
        for dir in dirs {
            let Ok(text) = std::fs::read_to_string(dir.join("SKILL.md")) else {
                continue;
            };
            let Some(name) = dir.file_name().map(|n| n.to_string_lossy().into_owned()) else {
                continue;
            };
            let (meta, _) = parse_skill_md(&text);
            found.entry(name.clone()).or_insert(SkillInfo {
                name,
                description: meta.get("description").cloned().unwrap_or_default(),
                dir,
                allowed_tools: tool_list(meta.get("allowed-tools")),
                model: meta.get("model").cloned(),
                hooks: meta.contains_key("hooks"),
                user_only: meta
                    .get("disable-model-invocation")
                    .is_some_and(|v| v.trim() == "true"),
                fork: meta.get("context").is_some_and(|v| v.trim() == "fork"),
                agent: meta.get("agent").map(|a| a.trim().to_string()),
                declared: meta.get("name").map(|n| n.trim().to_string()),
                command: None,
                user: false,
            });
        }
    }
    found.into_values().collect()
}

/// The skills of a session: those of `roots` (see [`discover`]; those under `home`'s
/// `.claude/skills` are the user's), then those of each plugin (name, its `skills` folder).
pub fn discover_all(
    roots: &[PathBuf],
    plugins: &[(String, PathBuf)],
    home: Option<&Path>,
) -> Vec<SkillInfo> {
    let mut skills = discover(roots);
    if let Some(user_root) = home.map(|h| h.join(".claude").join("skills")) {
        for s in skills.iter_mut() {
            s.user = s.dir.starts_with(&user_root);
        }
    }
    for (plugin, root) in plugins {
        skills.extend(discover_plugin(plugin, root));
    }
    skills
}

/// The skills of the plugin `plugin` (its `skills` folder is `root`), each named
/// `<plugin>:<skill>` as the model and the user call it.
pub fn discover_plugin(plugin: &str, root: &Path) -> Vec<SkillInfo> {
    discover(&[root.to_path_buf()])
        .into_iter()
        .map(|mut s| {
            s.name = format!("{plugin}:{}", s.name);
            s
        })
        .collect()
}

/// `user-invocable: false`: only the model may run the skill (its file is read again).
pub fn model_only(skill: &SkillInfo) -> bool {
    std::fs::read_to_string(skill.dir.join("SKILL.md")).is_ok_and(|text| {
        let (meta, _) = parse_skill_md(&text);
        meta.get("user-invocable")
            .is_some_and(|v| v.trim() == "false")
    })
}

/// The `skills` folders of the setting sources a session loads: `<cwd>/.claude/skills` for
/// `project`, `~/.claude/skills` for `user`. `None` loads both, as in the reference.
pub fn skill_roots(cwd: &Path, home: Option<&Path>, sources: Option<&[String]>) -> Vec<PathBuf> {
    let has = |s: &str| sources.is_none_or(|list| list.iter().any(|x| x == s));
    let mut roots = Vec::new();
    // The user's skill wins a clash of names with the project's (vk_sk_same_name_both).
    if let (true, Some(home)) = (has("user"), home) {
        roots.push(home.join(".claude").join("skills"));
    }
    if has("project") {
        roots.push(cwd.join(".claude").join("skills"));
    }
    roots
}

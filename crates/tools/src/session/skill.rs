//! The Skill tool and skill discovery.
//!
//! A skill is a folder with a `SKILL.md`: YAML front matter (`name`, `description`, and
//! optionally `allowed-tools`, `model`) and instructions in Markdown. Skills are found under
//! `<project>/.claude/skills/*/SKILL.md` and `~/.claude/skills/*/SKILL.md`, depending on the
//! setting sources the session loads (the caller passes the folders). The model sees the list
//! of skills in the tool's description and calls `Skill {"skill": "name", "args": "..."}`;
//! the answer is the skill's instructions, with `$ARGUMENTS` replaced by `args`.
//!
//! ```
//! use oxagent_tools::session::skill::parse_skill_md;
//! let (meta, body) = parse_skill_md("---\nname: pdf\ndescription: Work with PDFs\n---\nUse pdftotext.\n");
//! assert_eq!(meta.get("description").map(String::as_str), Some("Work with PDFs"));
//! assert_eq!(body, "Use pdftotext.\n");
//! ```

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use oxagent_core::permission::{PermissionContext, ToolPermission};
use oxagent_core::tool::{ToolContext, ToolOutput};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::results::{success, wrapped_error};
use crate::typed::TypedTool;

/// One skill found on disk.
#[derive(Debug, Clone, PartialEq)]
pub struct SkillInfo {
    /// The name the model calls it by: the folder's name.
    pub name: String,
    pub description: String,
    /// The folder holding `SKILL.md` (and whatever files the skill uses).
    pub dir: PathBuf,
    pub allowed_tools: Vec<String>,
    pub model: Option<String>,
    /// The front matter registers hooks.
    pub hooks: bool,
    /// `disable-model-invocation: true`: only the user may run it, as `/<name>`.
    pub user_only: bool,
    /// `context: fork`: it runs as a subagent of its own, and its report is the answer.
    pub fork: bool,
    /// `agent`: the agent type a forked skill runs as (none: general-purpose).
    pub agent: Option<String>,
    /// The front matter's `name`: a plugin's skill answers to it as well as to
    /// `<plugin>:<folder>`.
    pub declared: Option<String>,
}

impl SkillInfo {
    /// Where it comes from, as hooks name it: `plugin` for a plugin's (`<plugin>:<skill>`),
    /// else `projectSettings`.
    pub fn source(&self) -> &'static str {
        if self.name.contains(':') {
            "plugin"
        } else {
            "projectSettings"
        }
    }

    /// A skill that grants tools or registers hooks is run only with the user's approval;
    /// one that only gives instructions needs none.
    pub fn needs_approval(&self) -> bool {
        !self.allowed_tools.is_empty() || self.hooks
    }
}

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
            });
        }
    }
    found.into_values().collect()
}

/// The skills of a session: those of `roots` (see [`discover`]), then those of each plugin
/// (name, its `skills` folder).
pub fn discover_all(roots: &[PathBuf], plugins: &[(String, PathBuf)]) -> Vec<SkillInfo> {
    let mut skills = discover(roots);
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

/// The input of Skill, as its schema describes it.
#[derive(Deserialize)]
pub struct SkillInput {
    skill: String,
    args: Option<String>,
}

/// What runs a `context: fork` skill as a subagent (the session's Agent machinery): its
/// report becomes the Skill call's answer.
pub trait SkillFork: Send + Sync {
    /// Runs `skill` (its instructions `prompt`) as its agent for the call in `ctx`.
    fn run<'a>(
        &'a self,
        skill: &'a SkillInfo,
        prompt: String,
        ctx: &'a ToolContext,
    ) -> futures::future::BoxFuture<'a, ToolOutput>;
}

/// The skills of a session, shared by the Skill tool and whoever reloads them, and what
/// runs its forked skills once the session has set that up.
#[derive(Clone, Default)]
pub struct SkillList {
    skills: std::sync::Arc<std::sync::RwLock<Vec<SkillInfo>>>,
    forker: std::sync::Arc<std::sync::OnceLock<std::sync::Arc<dyn SkillFork>>>,
}

impl std::fmt::Debug for SkillList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.all()).finish()
    }
}

impl SkillList {
    pub fn new(skills: Vec<SkillInfo>) -> Self {
        let list = SkillList::default();
        list.replace(skills);
        list
    }
    /// The skills now.
    pub fn all(&self) -> Vec<SkillInfo> {
        self.with(<[SkillInfo]>::to_vec)
    }
    /// What `f` makes of the skills now, without copying them.
    pub fn with<R>(&self, f: impl FnOnce(&[SkillInfo]) -> R) -> R {
        f(&self.skills.read().unwrap_or_else(|e| e.into_inner()))
    }
    /// Puts `skills` in place of the list (a reload).
    pub fn replace(&self, skills: Vec<SkillInfo>) {
        *self.skills.write().unwrap_or_else(|e| e.into_inner()) = skills;
    }
    /// Sets what runs forked skills (once; later calls change nothing).
    pub fn set_forker(&self, forker: std::sync::Arc<dyn SkillFork>) {
        let _ = self.forker.set(forker);
    }
    fn forker(&self) -> Option<std::sync::Arc<dyn SkillFork>> {
        self.forker.get().cloned()
    }
}

/// Runs skills. See the module docs.
pub struct SkillTool {
    skills: SkillList,
    /// Where a skill's ``!`command` `` runs (none: it is left as written).
    cwd: Option<PathBuf>,
    /// The session's `skills` option: the only skills it may run and lists (`None`: all).
    allowlist: Option<Vec<String>>,
    /// The skills the model has run in this session.
    invoked: std::sync::Mutex<std::collections::HashSet<String>>,
}

impl SkillTool {
    pub fn new(skills: SkillList) -> Self {
        SkillTool {
            skills,
            cwd: None,
            allowlist: None,
            invoked: Default::default(),
        }
    }

    /// Runs a skill's ``!`command` `` in `cwd`.
    pub fn with_cwd(mut self, cwd: Option<PathBuf>) -> Self {
        self.cwd = cwd;
        self
    }

    /// Runs and lists only the named skills (`plugin:skill` or the skill's own name).
    pub fn with_allowlist(mut self, allowlist: Option<Vec<String>>) -> Self {
        self.allowlist = allowlist;
        self
    }

    fn allowed(&self, invoked: &str, skill: &SkillInfo) -> bool {
        self.allowlist
            .as_ref()
            .is_none_or(|list| list.iter().any(|n| n == invoked || *n == skill.name))
    }

    fn find(&self, name: &str) -> Option<SkillInfo> {
        let name = name.trim().trim_start_matches('/');
        // `plugin:skill` names the skill of a plugin; plugins are not loaded, the skill is.
        let short = name.rsplit(':').next().unwrap_or(name);
        self.skills.with(|all| {
            let found = all.iter().find(|s| s.name == name);
            let found = found.or_else(|| all.iter().find(|s| s.name == short));
            // A skill by the name its front matter declares (vk_sk_fm_name_differs_fm).
            let declared = |s: &&SkillInfo| s.declared.as_deref() == Some(name);
            found.or_else(|| all.iter().find(declared)).cloned()
        })
    }
}

/// The instructions the model reads after a skill call: `$ARGUMENTS` and `$0`, `$1`, ...
/// replaced as in a command file, else the arguments appended on a line of their own; with
/// `cwd`, each ``!`command` `` replaced by its output, run there.
fn instructions(skill: &SkillInfo, body: &str, args: Option<&str>, cwd: Option<&Path>) -> String {
    let args = args.unwrap_or("").trim();
    // `${CLAUDE_SKILL_DIR}` names the skill's folder (vk_sk_fm_skill_dir_var).
    let dir = skill.dir.display().to_string();
    let body = body.replace("${CLAUDE_SKILL_DIR}", &dir);
    let mut body = super::arguments::fill(&body, args);
    if let Some(cwd) = cwd {
        body = super::commands::run_bangs(&body, |c| super::commands::run_bang(c, cwd));
    }
    format!("{}{body}", header(&skill.dir))
}

/// What a `/<skill> args` command gives a forked skill's agent: its instructions, filled
/// in (`None`: its file cannot be read).
pub fn fork_instructions(skill: &SkillInfo, args: &str, cwd: &Path) -> Option<String> {
    let text = std::fs::read_to_string(skill.dir.join("SKILL.md")).ok()?;
    let (_, body) = parse_skill_md(&text);
    Some(instructions(skill, &body, Some(args), Some(cwd)))
}

/// What heads a skill's instructions: the folder its files are in.
pub(crate) fn header(dir: &Path) -> String {
    format!("Base directory for this skill: {}\n\n", dir.display())
}

impl TypedTool for SkillTool {
    const NAME: &'static str = "Skill";
    const READ_ONLY: bool = true;
    const LABEL_FIELDS: &'static [&'static str] = &["skill"];
    type Input = SkillInput;

    fn description(&self) -> String {
        let mut text =
            "Runs a skill: a packaged set of instructions (and files) for one kind of task. \
             When the request matches a skill's description, call this tool with the skill's exact \
             name before doing the work yourself, then follow the instructions it returns. `args` \
             passes the user's arguments along. Do not call a skill that is already running."
                .to_string();
        self.skills.with(|all| {
            let listed: Vec<&SkillInfo> = all.iter().filter(|s| self.allowed(&s.name, s)).collect();
            if listed.is_empty() {
                text.push_str("\n\nNo skills are installed in this session.");
            } else {
                text.push_str("\n\nAvailable skills:");
                for s in listed {
                    text.push_str(&format!("\n- {}: {}", s.name, s.description));
                }
            }
        });
        text
    }

    fn input_schema() -> Value {
        json!({
            "type": "object",
            "properties": {
                "skill": {"type": "string", "description": "The skill's name as listed (no leading slash)."},
                "args": {"type": "string", "description": "Arguments for the skill."}
            },
            "required": ["skill"],
            "additionalProperties": false
        })
    }

    fn suppresses_always_allow(&self, input: &Value) -> bool {
        let name = input.get("skill").and_then(Value::as_str).unwrap_or("");
        self.find(name)
            .is_some_and(|s| s.needs_approval() && s.hooks)
    }

    fn check_permission(&self, input: &Value, _ctx: &PermissionContext) -> ToolPermission {
        let name = input.get("skill").and_then(Value::as_str).unwrap_or("");
        let Some(skill) = self.find(name).filter(|s| s.needs_approval()) else {
            return ToolPermission::Allow;
        };
        let n = &skill.name;
        let message = format!(
            "Execute skill: {n}. The user can add the allow rule Skill({n}) to .claude/settings.local.json to let it run without asking."
        );
        if !skill.hooks {
            // Allow this skill for good, with or without arguments.
            let rule = |content: String| {
                json!({"type": "addRules", "rules": [{"toolName": "Skill", "ruleContent": content}],
                       "behavior": "allow", "destination": "localSettings"})
            };
            return ToolPermission::Ask {
                message,
                blocked_path: None,
                suggestions: vec![rule(n.clone()), rule(format!("{n}:*"))],
                reason_type: None,
                reason: None,
            };
        }
        // Hooks outlive the call: no rule is offered to allow them for good.
        ToolPermission::Ask {
            message,
            blocked_path: None,
            suggestions: Vec::new(),
            reason_type: Some("other".into()),
            reason: Some(
                "This skill has hooks that can run commands for the rest of the session.".into(),
            ),
        }
    }

    /// The skill's description, as the question about it shows.
    fn describe_call(&self, input: &Value) -> Option<String> {
        let name = input.get("skill").and_then(Value::as_str)?;
        match self.find(name) {
            Some(skill) => Some(skill.description.clone()),
            None => Some(name.to_string()),
        }
    }

    fn shell_preamble(&self, input: &Value) -> Option<oxagent_core::tool::ShellPreamble> {
        let input: SkillInput = serde_json::from_value(input.clone()).ok()?;
        let skill = self.find(&input.skill)?;
        let text = std::fs::read_to_string(skill.dir.join("SKILL.md")).ok()?;
        let (_, body) = parse_skill_md(&text);
        let filled = super::arguments::fill(&body, input.args.as_deref().unwrap_or("").trim());
        let commands = super::commands::bangs(&filled);
        (!commands.is_empty()).then(|| oxagent_core::tool::ShellPreamble {
            command_source: skill.source().into(),
            command_name: skill.name,
            commands,
        })
    }

    /// A skill the session does not have is refused before any hook sees the call.
    fn input_error(&self, input: &Value) -> Option<String> {
        let asked = input.get("skill").and_then(Value::as_str)?;
        self.find(asked).is_none().then(|| self.unknown(asked))
    }

    fn answer_now(&self, input: &Value) -> Option<ToolOutput> {
        let input: SkillInput = serde_json::from_value(input.clone()).ok()?;
        // A forked skill runs as an agent: it answers once that agent is done.
        if self.forked(&input).is_some() {
            return None;
        }
        Some(self.answer(&input))
    }

    async fn run(&self, input: SkillInput, ctx: &ToolContext) -> ToolOutput {
        match self.forked(&input) {
            Some((skill, forker, prompt)) => forker.run(&skill, prompt, ctx).await,
            None => self.answer(&input),
        }
    }
}

impl SkillTool {
    /// The skill a call runs as an agent (`context: fork`, and the session can fork), what
    /// runs it, and its instructions; `None`: the call is answered in the conversation.
    fn forked(
        &self,
        input: &SkillInput,
    ) -> Option<(SkillInfo, std::sync::Arc<dyn SkillFork>, String)> {
        let skill = self.find(&input.skill).filter(|s| s.fork && !s.user_only)?;
        let invoked = input.skill.trim().trim_start_matches('/');
        if !self.allowed(invoked, &skill) {
            return None;
        }
        let forker = self.skills.forker()?;
        let text = std::fs::read_to_string(skill.dir.join("SKILL.md")).ok()?;
        let (_, body) = parse_skill_md(&text);
        let prompt = instructions(&skill, &body, input.args.as_deref(), self.cwd.as_deref());
        Some((skill, forker, prompt))
    }

    /// Why no skill of the session answers to `asked`: one of the reference's own commands,
    /// or nothing, with the nearest name if one is near.
    fn unknown(&self, asked: &str) -> String {
        let name = asked.trim().trim_start_matches('/');
        // No name at all is no skill's format (vk_sk_empty_name_call).
        if asked.trim().is_empty() {
            return format!("Invalid skill format: {asked}");
        }
        if let Some(why) = super::builtin_commands::refusal(name) {
            return why;
        }
        // A plugin's skill called by its own name: its full name is `<plugin>:<name>`.
        let suffix = format!(":{name}");
        let full = self.skills.with(|all| {
            let found = all.iter().find(|s| s.name.ends_with(&suffix));
            found.map(|s| s.name.clone())
        });
        if let Some(full) = full {
            return format!(
                "Unknown skill: {asked}. Did you mean {full}? Invoke it by that full name."
            );
        }
        let near = self.skills.with(|all| {
            let own = all.iter().map(|s| s.name.as_str());
            super::builtin_commands::suggestion(name, own)
        });
        match near {
            Some(near) => format!("Unknown skill: {asked}. Did you mean {near}?"),
            None => format!("Unknown skill: {asked}"),
        }
    }

    /// A call's answer: `Launching skill: <name>`, the instructions following it.
    fn answer(&self, input: &SkillInput) -> ToolOutput {
        let Some(skill) = self.find(&input.skill) else {
            return wrapped_error(self.unknown(&input.skill));
        };
        let invoked = input.skill.trim().trim_start_matches('/');
        if !self.allowed(invoked, &skill) {
            return wrapped_error(format!(
                "Skill {invoked} is not in this session's skills allowlist"
            ));
        }
        if skill.user_only {
            let n = &skill.name;
            return wrapped_error(format!(
                "Skill {n} cannot be used with Skill tool due to disable-model-invocation. Ask the user to run /{n} themselves \u{2014} it cannot be invoked via the Skill tool. Do not replicate this skill's workflow by other means \u{2014} it is reserved for explicit user invocation."
            ));
        }
        // A SKILL.md is a few kilobytes, read once per call.
        let text = match std::fs::read_to_string(skill.dir.join("SKILL.md")) {
            Ok(t) => t,
            Err(e) => return wrapped_error(format!("Cannot read skill {}: {e}", skill.name)),
        };
        let (_, body) = parse_skill_md(&text);
        // Called by the name its front matter declares, it is launched by that name.
        let called = match skill.declared.as_deref() {
            Some(d) if d == invoked => invoked,
            _ => skill.name.as_str(),
        };
        let mut structured = json!({"success": true, "commandName": called});
        if !skill.allowed_tools.is_empty() {
            structured["allowedTools"] = json!(skill.allowed_tools);
        }
        // The model as it resolves (an alias, a retired id); `inherit` names none
        // (vk_sk_fm_model_*).
        if let Some(model) = skill.model.as_deref().filter(|m| m.trim() != "inherit") {
            structured["model"] = json!(oxagent_core::usage::resolve_model(model));
        }
        let text = instructions(&skill, &body, input.args.as_deref(), self.cwd.as_deref());
        let out = success(format!("Launching skill: {called}"), structured);
        // A skill called again in the session is announced as such before its instructions
        // (vk_sk_twice_same).
        let again = !self
            .invoked
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(skill.name.clone());
        if again {
            let note = format!(
                "(Re-invocation of /{} \u{2014} the skill instructions were previously loaded; the arguments or dynamic output below are new.)",
                skill.name
            );
            return out.with_follow_ups(vec![note, text]);
        }
        out.with_follow_up(text)
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn front_matter_blocks_and_lists() {
        let (meta, body) = parse_skill_md(
            "---\nname: x\ndescription: >\n  Two lines\n  of text\nallowed-tools: [Read, \"Bash(git *)\"]\n---\nBody $ARGUMENTS\n",
        );
        assert_eq!(meta["description"], "Two lines of text");
        assert_eq!(
            tool_list(meta.get("allowed-tools")),
            ["Read", "Bash(git *)"]
        );
        assert_eq!(body, "Body $ARGUMENTS\n");
        // A YAML list (vh_cmd2_allowed_yaml_list).
        let (meta, _) =
            parse_skill_md("---\nallowed-tools:\n  - Bash(touch:*)\n  - \"Read\"\n---\nB\n");
        assert_eq!(
            tool_list(meta.get("allowed-tools")),
            ["Bash(touch:*)", "Read"]
        );
        let (meta, body) = parse_skill_md("no front matter");
        assert!(meta.is_empty());
        assert_eq!(body, "no front matter");
    }

    /// vk_sk_fm_empty, vk_sk_fm_skill_dir_var, vk_sk_empty_name_call,
    /// vk_sk_fm_model_alias / _full_id / _inherit, vk_sk_fm_name_differs_fm,
    /// vk_sk_twice_same, vk_sk_same_name_both, vk_sk_fm_ui_false_slash.
    #[test]
    fn skill_calls_as_the_reference_answers_them() {
        let (meta, body) = parse_skill_md("---\n---\nBODY\n");
        assert!(meta.is_empty());
        assert_eq!(body, "BODY\n");

        let home = tempfile::tempdir().unwrap();
        let ws = tempfile::tempdir().unwrap();
        let write = |root: &Path, name: &str, text: &str| {
            let dir = root.join(".claude/skills").join(name);
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(dir.join("SKILL.md"), text).unwrap();
        };
        write(ws.path(), "dup", "---\ndescription: p\n---\nPROJECT\n");
        write(home.path(), "dup", "---\ndescription: u\n---\nUSER\n");
        write(
            ws.path(),
            "folder",
            "---\nname: other\nmodel: haiku\n---\nAt ${CLAUDE_SKILL_DIR}.\n",
        );
        write(
            ws.path(),
            "inh",
            "---\nmodel: inherit\nuser-invocable: false\n---\nI\n",
        );
        let roots = skill_roots(ws.path(), Some(home.path()), None);
        let skills = discover(&roots);
        let tool = SkillTool::new(SkillList::new(skills.clone()));
        let call = |name: &str| {
            tool.answer(&SkillInput {
                skill: name.into(),
                args: None,
            })
        };
        // The user's skill wins a clash of names.
        let dup = call("dup");
        assert!(dup.follow_up.as_deref().unwrap().ends_with("USER\n"));
        // A second call says it is one, before the instructions.
        let again = call("dup");
        let parts: Vec<&str> = again
            .follow_up
            .as_deref()
            .unwrap()
            .split(oxagent_core::tool::FOLLOW_UP_BREAK)
            .collect();
        assert_eq!(parts.len(), 2);
        assert!(parts[0].starts_with("(Re-invocation of /dup \u{2014}"));
        // Called by its declared name; the folder variable filled; the alias resolved.
        let other = call("other");
        assert_eq!(other.content.as_text(), "Launching skill: other");
        let dir = ws.path().join(".claude/skills/folder");
        assert!(other
            .follow_up
            .as_deref()
            .unwrap()
            .ends_with(&format!("At {}.\n", dir.display())));
        assert_eq!(
            other.structured.as_ref().unwrap()["model"],
            json!("claude-haiku-5-5")
        );
        // `inherit` names no model.
        assert!(call("inh")
            .structured
            .as_ref()
            .unwrap()
            .get("model")
            .is_none());
        // No name at all.
        assert_eq!(tool.unknown(""), "Invalid skill format: ".to_string());
        let of = |n: &str| skills.iter().find(|s| s.name == n).unwrap();
        assert!(model_only(of("inh")));
        assert!(!model_only(of("dup")));
    }

    #[test]
    fn a_forked_skill_says_so_in_its_front_matter() {
        let dir = tempfile::tempdir().unwrap();
        let write = |name: &str, text: &str| {
            std::fs::create_dir_all(dir.path().join(name)).unwrap();
            std::fs::write(dir.path().join(name).join("SKILL.md"), text).unwrap();
        };
        write("sum", "---\ndescription: d\ncontext: fork\n---\nBody\n");
        write("look", "---\ncontext: fork\nagent: Explore\n---\nBody\n");
        write("plain", "---\ndescription: d\n---\nBody\n");
        let found = discover(&[dir.path().to_path_buf()]);
        let of = |n: &str| found.iter().find(|s| s.name == n).unwrap();
        assert!(of("sum").fork && of("sum").agent.is_none());
        assert_eq!(of("look").agent.as_deref(), Some("Explore"));
        assert!(!of("plain").fork);
    }

    #[test]
    fn arguments_are_substituted_or_appended() {
        let skill = SkillInfo {
            name: "s".into(),
            description: String::new(),
            dir: PathBuf::from("/p/.claude/skills/s"),
            allowed_tools: vec![],
            model: None,
            hooks: false,
            user_only: false,
            fork: false,
            agent: None,
            declared: None,
        };
        assert_eq!(
            instructions(&skill, "Do $ARGUMENTS now.\n", Some("it"), None),
            "Base directory for this skill: /p/.claude/skills/s\n\nDo it now.\n"
        );
        assert_eq!(
            instructions(&skill, "Do things.\n", Some("fast"), None),
            "Base directory for this skill: /p/.claude/skills/s\n\nDo things.\n\n\nARGUMENTS: fast"
        );
    }
}

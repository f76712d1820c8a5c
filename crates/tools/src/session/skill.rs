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

use std::path::{Path, PathBuf};

use oxagent_core::permission::{PermissionContext, ToolPermission};
use oxagent_core::tool::{ToolContext, ToolOutput};
use serde::Deserialize;
use serde_json::{json, Value};

use super::bangs::Bangs;
use super::commands::CommandFile;
pub(crate) use super::skill_files::tool_list;
pub use super::skill_files::{
    discover, discover_all, discover_plugin, model_only, parse_skill_md, skill_roots,
};
use crate::results::{plain_error, success, wrapped_error};
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
    /// A command file the Skill tool runs as a skill (`dir` is then none of its business).
    pub command: Option<Box<CommandFile>>,
    /// Found in the user's skills folder (`~/.claude/skills`), not the project's.
    pub user: bool,
}

impl SkillInfo {
    /// Where it comes from, as hooks name it: `plugin` for a plugin's (`<plugin>:<skill>`),
    /// else `projectSettings`.
    pub fn source(&self) -> &str {
        if let Some(c) = &self.command {
            return &c.source;
        }
        if self.name.contains(':') {
            "plugin"
        } else if self.user {
            "userSettings"
        } else {
            "projectSettings"
        }
    }

    /// A skill that grants tools or registers hooks is run only with the user's approval;
    /// one that only gives instructions needs none.
    pub fn needs_approval(&self) -> bool {
        !self.allowed_tools.is_empty() || self.hooks
    }

    /// A command file as the Skill tool runs it: its own body, no folder of its own.
    pub fn of_command(c: &CommandFile) -> Self {
        SkillInfo {
            name: c.name.clone(),
            description: c.summary.clone(),
            dir: PathBuf::new(),
            allowed_tools: c.allowed_tools.clone(),
            model: c.model.clone(),
            hooks: false,
            user_only: c.model_disabled,
            fork: false,
            agent: None,
            declared: None,
            command: Some(Box::new(c.clone())),
            user: false,
        }
    }

    /// Its instructions as written (the body after the front matter); `None`: its file
    /// cannot be read.
    pub fn body(&self) -> Option<String> {
        if let Some(c) = &self.command {
            return Some(c.body.clone());
        }
        let text = std::fs::read_to_string(self.dir.join("SKILL.md")).ok()?;
        Some(parse_skill_md(&text).1)
    }
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

use super::skill_list::Loaded;
pub use super::skill_list::SkillList;

/// Runs skills, and the command files of the session as skills. See the module docs.
pub struct SkillTool {
    skills: SkillList,
    /// Where a skill's ``!`command` `` runs (none: it is left as written).
    cwd: Option<PathBuf>,
    /// The session's `skills` option: the only skills it may run and lists (`None`: all).
    allowlist: Option<Vec<String>>,
    /// The session's record of files: once one was changed, a call waits for the response
    /// to end (see [`SkillTool::answer_now`]).
    files: Option<crate::fs::file_state::FileState>,
    /// The session reads its local settings: a question offers to allow a skill there.
    local_settings: bool,
}

impl SkillTool {
    pub fn new(skills: SkillList) -> Self {
        SkillTool {
            skills,
            cwd: None,
            allowlist: None,
            files: None,
            local_settings: true,
        }
    }

    /// Whether the session reads its local settings (see the field).
    pub fn with_local_settings(mut self, local: bool) -> Self {
        self.local_settings = local;
        self
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

    /// Follows the session's file changes (see the field).
    pub fn with_files(mut self, files: crate::fs::file_state::FileState) -> Self {
        self.files = Some(files);
        self
    }

    fn allowed(&self, invoked: &str, skill: &SkillInfo) -> bool {
        self.allowlist
            .as_ref()
            .is_none_or(|list| list.iter().any(|n| n == invoked || *n == skill.name))
    }

    fn find(&self, name: &str) -> Option<SkillInfo> {
        find_in(&self.skills, name)
    }
}

/// The skill, else the command file, `name` names. A skill wins a clash of names; a
/// command answers only to its full name (`sub:deep`, `demo:greet`).
fn find_in(list: &SkillList, name: &str) -> Option<SkillInfo> {
    let name = bare(name);
    let exact = list.with(|all| all.iter().find(|s| s.name == name).cloned());
    let command = || {
        list.commands_with(|all| {
            all.iter()
                .find(|c| c.name == name)
                .map(SkillInfo::of_command)
        })
    };
    // `plugin:skill` names the skill of a plugin; plugins are not loaded, the skill is.
    let short = name.rsplit(':').next().unwrap_or(name);
    let loose = || {
        list.with(|all| {
            let found = all.iter().find(|s| s.name == short);
            // A skill by the name its front matter declares (vk_sk_fm_name_differs_fm).
            let declared = |s: &&SkillInfo| s.declared.as_deref() == Some(name);
            found.or_else(|| all.iter().find(declared)).cloned()
        })
    };
    exact.or_else(command).or_else(loose)
}

/// The skills (or command files) an agent's definition preloads (`skills`), in its order,
/// each with its instructions as a call without arguments gives them; unknown names are
/// passed over (probes ag_skills*).
pub fn preloaded(list: &SkillList, names: &[String], cwd: &Path) -> Vec<(String, String)> {
    names
        .iter()
        .filter_map(|name| {
            let skill = find_in(list, name)?;
            let text = fork_instructions(&skill, "", list.bangs(Some(cwd)))?;
            Some((bare(name).to_string(), text))
        })
        .collect()
}

/// A called name as the skills know it: no spaces around it, no leading slash.
fn bare(name: &str) -> &str {
    name.trim().trim_start_matches('/')
}

/// The instructions the model reads after a skill call: `$ARGUMENTS` and `$0`, `$1`, ...
/// replaced as in a command file, else the arguments appended on a line of their own; each
/// shell command filled as `bangs` says (Err: one failed). A skill's folder heads them; a
/// command file's have none.
fn instructions(
    skill: &SkillInfo,
    body: &str,
    args: Option<&str>,
    bangs: Bangs<'_>,
) -> Result<String, String> {
    // The arguments as the model wrote them, spaces and all (fuzz-m p21, p28).
    let args = args.unwrap_or("");
    if skill.command.is_some() {
        return bangs.fill(&super::arguments::fill(body, args));
    }
    // `${CLAUDE_SKILL_DIR}` names the skill's folder (vk_sk_fm_skill_dir_var).
    let dir = skill.dir.display().to_string();
    let body = body.replace("${CLAUDE_SKILL_DIR}", &dir);
    let body = bangs.fill(&super::arguments::fill(&body, args))?;
    Ok(format!("{}{body}", header(&skill.dir)))
}

/// What a `/<skill> args` command gives a forked skill's agent: its instructions, filled
/// in (`None`: its file cannot be read, or one of its shell commands failed).
pub fn fork_instructions(skill: &SkillInfo, args: &str, bangs: Bangs<'_>) -> Option<String> {
    instructions(skill, &skill.body()?, Some(args), bangs).ok()
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
        let mut listed: Vec<(String, String)> = self.skills.with(|all| {
            let allowed = all.iter().filter(|s| self.allowed(&s.name, s));
            allowed
                .map(|s| (s.name.clone(), s.description.clone()))
                .collect()
        });
        self.skills.commands_with(|all| {
            let runnable = all.iter().filter(|c| !c.model_disabled);
            for c in runnable.filter(|c| self.allowed(&c.name, &SkillInfo::of_command(c))) {
                if !listed.iter().any(|(n, _)| *n == c.name) {
                    listed.push((c.name.clone(), c.summary.clone()));
                }
            }
        });
        if listed.is_empty() {
            text.push_str("\n\nNo skills are installed in this session.");
        } else {
            text.push_str("\n\nAvailable skills:");
            for (name, description) in listed {
                text.push_str(&format!("\n- {name}: {description}"));
            }
        }
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

    /// A forked skill runs an agent: calls after it wait for it, and it waits for the calls
    /// before it (fuzz-m q6, q7); so does one that grants tools, whose results the calls
    /// after it do not pass (fuzz-m/fm_094).
    fn is_read_only(&self, input: &Value) -> bool {
        let name = input.get("skill").and_then(Value::as_str).unwrap_or("");
        !self
            .find(name)
            .is_some_and(|s| (s.fork && !s.user_only) || s.needs_approval())
    }

    fn suppresses_always_allow(&self, input: &Value) -> bool {
        let name = input.get("skill").and_then(Value::as_str).unwrap_or("");
        self.find(name)
            .is_some_and(|s| s.needs_approval() && s.hooks)
    }

    fn check_permission(&self, input: &Value, _ctx: &PermissionContext) -> ToolPermission {
        let name = input.get("skill").and_then(Value::as_str).unwrap_or("");
        let invoked = bare(name);
        // One the session may not run is refused as it runs, unasked (fuzz-m/fm_017).
        let runnable = |s: &SkillInfo| self.allowed(invoked, s) && !s.user_only;
        let Some(skill) = self
            .find(name)
            .filter(|s| s.needs_approval() && runnable(s))
        else {
            return ToolPermission::Allow;
        };
        let n = &skill.name;
        // Without local settings there is nowhere to add the rule (fuzz-m/fm_075).
        let message = match self.local_settings {
            true => format!(
                "Execute skill: {n}. The user can add the allow rule Skill({n}) to .claude/settings.local.json to let it run without asking."
            ),
            false => format!("Execute skill: {n}"),
        };
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
        // Commands the settings keep from running are no commands (nothing runs or asks).
        if matches!(self.skills.bangs(None), Bangs::Off) {
            return None;
        }
        let input: SkillInput = serde_json::from_value(input.clone()).ok()?;
        let skill = self.find(&input.skill)?;
        let body = skill.body()?;
        let filled = super::arguments::fill(&body, input.args.as_deref().unwrap_or(""));
        let (commands, patterns) = super::bangs::commands(&filled).into_iter().unzip();
        let preamble = oxagent_core::tool::ShellPreamble {
            command_source: skill.source().into(),
            command_name: skill.name,
            commands,
            patterns,
        };
        (!preamble.commands.is_empty()).then_some(preamble)
    }

    /// A skill the session does not have, or may not run (the `skills` option), is refused
    /// before any hook sees the call (fuzz-m/fm_135).
    fn input_error(&self, input: &Value) -> Option<String> {
        let asked = input.get("skill").and_then(Value::as_str)?;
        let Some(skill) = self.find(asked) else {
            return Some(self.unknown(asked));
        };
        let invoked = bare(asked);
        (!self.allowed(invoked, &skill))
            .then(|| format!("Skill {invoked} is not in this session's skills allowlist"))
    }

    /// Once a file tool changed a file in the session, a call is answered only after the
    /// response has streamed (fuzz-m/fm_041, probed: after a Write or an Edit, not a
    /// command's write).
    fn answer_now(&self, input: &Value) -> Option<ToolOutput> {
        self.answer_now_for(input, None)
    }

    /// Each agent has its own record of what it was given (fuzz-m/fm_071: a forked skill's
    /// agent is given a command's text its caller was given already).
    fn answer_now_for(&self, input: &Value, agent_id: Option<&str>) -> Option<ToolOutput> {
        if self.files.as_ref().is_some_and(|f| f.changed_any()) {
            return None;
        }
        let input: SkillInput = serde_json::from_value(input.clone()).ok()?;
        // A forked skill runs as an agent: it answers once that agent is done. Instructions
        // that mention files take their reading first (fuzz-m/fm_026).
        if self.forked(&input).is_some() || self.mentions_files(&input) {
            return None;
        }
        Some(self.answer(&input, agent_id))
    }

    async fn run(&self, input: SkillInput, ctx: &ToolContext) -> ToolOutput {
        match self.forked(&input) {
            Some((skill, forker)) => {
                let body = skill.body().unwrap_or_default();
                let bangs = self.skills.bangs(self.cwd.as_deref());
                match instructions(&skill, &body, input.args.as_deref(), bangs) {
                    Ok(prompt) => forker.run(&skill, prompt, ctx).await,
                    Err(why) => plain_error(why.trim_end()),
                }
            }
            None => self.answer(&input, ctx.agent_id.as_deref()),
        }
    }

    fn results_sent(&self) {
        self.skills.sent();
    }

    /// A forked skill's agent is told which tools the caller's conversation has used.
    fn needs_conversation(&self, input: &Value) -> bool {
        let name = input.get("skill").and_then(Value::as_str).unwrap_or("");
        self.find(name).is_some_and(|s| s.fork && !s.user_only)
    }
}

impl SkillTool {
    /// Whether the instructions a call gives mention (`@path`) a file or folder there is.
    fn mentions_files(&self, input: &SkillInput) -> bool {
        let (Some(skill), Some(cwd)) = (self.find(&input.skill), self.cwd.as_deref()) else {
            return false;
        };
        let body = skill.body().unwrap_or_default();
        let filled = super::arguments::fill(&body, input.args.as_deref().unwrap_or(""));
        !super::mentions::attachments(&filled, cwd, None, None).is_empty()
    }

    /// The skill a call runs as an agent (`context: fork`, and the session can fork), and
    /// what runs it; `None`: the call is answered in the conversation.
    fn forked(&self, input: &SkillInput) -> Option<(SkillInfo, std::sync::Arc<dyn SkillFork>)> {
        let skill = self.find(&input.skill).filter(|s| s.fork && !s.user_only)?;
        let invoked = bare(&input.skill);
        if !self.allowed(invoked, &skill) {
            return None;
        }
        let forker = self.skills.forker()?;
        skill.body()?;
        Some((skill, forker))
    }

    /// Why no skill of the session answers to `asked`: one of the reference's own commands,
    /// or nothing, with the nearest name if one is near (named without a leading slash).
    fn unknown(&self, asked: &str) -> String {
        let name = bare(asked);
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
                "Unknown skill: {name}. Did you mean {full}? Invoke it by that full name."
            );
        }
        let mut own: Vec<String> = self
            .skills
            .with(|all| all.iter().map(|s| s.name.clone()).collect());
        self.skills
            .commands_with(|all| own.extend(all.iter().map(|c| c.name.clone())));
        let bundled = !self.skills.bundled_off();
        let near =
            super::builtin_commands::suggestion(name, own.iter().map(String::as_str), bundled);
        match near {
            Some(near) => format!("Unknown skill: {name}. Did you mean {near}?"),
            None => format!("Unknown skill: {name}"),
        }
    }

    /// A call's answer: `Launching skill: <name>`, the instructions following it (or, when
    /// the model was given these very instructions last time, a line saying so).
    fn answer(&self, input: &SkillInput, agent_id: Option<&str>) -> ToolOutput {
        let Some(skill) = self.find(&input.skill) else {
            return wrapped_error(self.unknown(&input.skill));
        };
        let invoked = bare(&input.skill);
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
        let Some(body) = skill.body() else {
            return wrapped_error(format!("Cannot read skill {}", skill.name));
        };
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
        let bangs = self.skills.bangs(self.cwd.as_deref());
        // A shell command that fails fails the call, its text trimmed (probes sb_skill_fail,
        // hk_skill_bang_fail).
        let text = match instructions(&skill, &body, input.args.as_deref(), bangs) {
            Ok(text) => text,
            Err(why) => return plain_error(why.trim_end()),
        };
        let out = success(format!("Launching skill: {called}"), structured);
        let key = match agent_id {
            Some(agent) => format!("{agent}/{}", skill.name),
            None => skill.name.clone(),
        };
        match self.skills.load(&key, &text) {
            Loaded::First => out.with_follow_up(text),
            // The same instructions again (fuzz-m p01, p04, p16, p17).
            Loaded::Unchanged => {
                let mut note =
                    format!("Skill /{called} is already loaded above; instructions unchanged.");
                if let Some(args) = input.args.as_deref().filter(|a| !a.is_empty()) {
                    note.push_str(&format!(" Arguments: {args}"));
                }
                out.with_follow_up(note)
            }
            // Called again with other arguments or output: said before the instructions
            // (vk_sk_twice_same).
            Loaded::Again => {
                // Named as it was called (a plugin's skill by its declared name: fm_207).
                let note = format!(
                    "(Re-invocation of /{called} \u{2014} the skill instructions were previously loaded; the arguments or dynamic output below are new.)"
                );
                out.with_follow_ups(vec![note, text])
            }
        }
    }
}

#[cfg(test)]
#[path = "skill_tests.rs"]
mod tests;

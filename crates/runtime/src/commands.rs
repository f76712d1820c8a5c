//! The session's custom slash commands.
//!
//! ```text
//! .claude/commands/**.md (project), ~/.claude/commands/**.md (user)   as the setting sources allow
//! .claude/skills/*/SKILL.md, ~/.claude/skills/*/SKILL.md              /<skill>
//! plugins (see `plugins`)                                             /<plugin>:<name>
//! ```
//!
//! A prompt that invokes a command is replaced by the command's two text blocks before the
//! turn runs (see `oxagent_tools::session::commands`); ``!`command` `` runs in the session's
//! folder. A prompt naming no command goes to the model as it is.

use std::path::Path;

use oxagent_core::content::{ContentBlock, UserContent};
use oxagent_core::protocol::control::CommandInfo;
use oxagent_tools::session::bangs::{self, Bangs};
use oxagent_tools::session::commands::{self, CommandFile};
use oxagent_tools::session::skill::SkillInfo;
use oxagent_tools::session::skill::SkillList;

/// The commands of the setting sources the session loads, then the session's `skills`
/// (read once, by the Skill tool's discovery) as commands, then each plugin's commands and
/// skills.
pub(crate) fn load_commands(
    cwd: &Path,
    home: Option<&Path>,
    sources: Option<&[String]>,
    skills: &[SkillInfo],
    plugins: &[crate::plugins::Plugin],
) -> Vec<CommandFile> {
    let mut out: Vec<CommandFile> = Vec::new();
    // A user command hides a project command of the same name (vh_cmd_user_project_same).
    let mut roots = commands::command_roots(cwd, home, sources);
    roots.sort_by_key(|(_, scope)| !matches!(scope, commands::Scope::User));
    for (root, scope) in roots {
        for c in commands::load(&root, &scope) {
            if !out.iter().any(|o| o.name == c.name) {
                out.push(c);
            }
        }
    }
    out.sort_by(|a, b| a.name.cmp(&b.name));
    // A plugin's skills are named `<plugin>:<skill>`; the others come from the sources.
    // A skill takes the place of a command of its name (fuzz-m p07b, p27).
    let own = skills.iter().filter(|s| s.source() != "plugin").cloned();
    for skill in commands::commands_of_skills(own.collect()) {
        match out.iter_mut().find(|o| o.name == skill.name) {
            Some(o) => *o = skill,
            None => out.push(skill),
        }
    }
    for p in plugins {
        out.extend(p.commands.iter().cloned());
        let prefix = format!("{}:", p.info.name);
        let theirs = skills
            .iter()
            .filter(|s| s.name.starts_with(&prefix))
            .cloned();
        out.extend(commands::commands_of_skills(theirs.collect()));
    }
    out
}

/// The `context: fork` skill a prompt `/<skill> args` names, and the arguments.
pub(crate) fn forked_skill(
    skills: &[oxagent_tools::session::skill::SkillInfo],
    prompt: &UserContent,
) -> Option<(oxagent_tools::session::skill::SkillInfo, String)> {
    let text = prompt.text();
    let rest = text.trim().strip_prefix('/')?;
    let (name, args) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
    let skill = skills.iter().find(|s| s.fork && s.name == name)?;
    Some((skill.clone(), args.trim().to_string()))
}

/// How `initialize` lists a command.
pub(crate) fn info(c: &CommandFile) -> CommandInfo {
    CommandInfo {
        name: c.name.clone(),
        description: c.description.clone(),
        argument_hint: c.argument_hint.clone(),
        aliases: Vec::new(),
        builtin: None,
    }
}

/// A prompt that invoked a command: what the model reads instead, and the model the
/// command's front matter asks the turn to run on.
pub(crate) struct Expanded {
    pub prompt: UserContent,
    /// The prompt as typed (what UserPromptSubmit hooks see).
    pub typed: String,
    pub model: Option<String>,
    /// The rules of the command's `allowed-tools`, in force for its turn.
    pub allowed_tools: Vec<String>,
    /// What its UserPromptExpansion hooks see.
    pub expansion: oxagent_core::agent::PromptExpansion,
    /// Its shell commands, to run after the prompt's hooks (none: it has none, or the
    /// settings keep them from running and their notices are in place already).
    pub shell: Option<oxagent_core::agent::PromptShell>,
}

/// What a command turns `prompt` into, when it invokes one. The model's record of what it
/// was given (`skills`, see [`SkillList::load`]) is updated when the body is complete: now,
/// or once its shell commands have run in `cwd`.
pub(crate) fn expand(
    list: &[CommandFile],
    prompt: &UserContent,
    skills: &SkillList,
    cwd: &Path,
) -> Option<Expanded> {
    // A prompt of text blocks only (as the Node face sends a string) reads as its text.
    let text = match prompt {
        UserContent::Text(t) => t.clone(),
        UserContent::Blocks(blocks)
            if blocks
                .iter()
                .all(|b| matches!(b, ContentBlock::Text { .. })) =>
        {
            prompt.text()
        }
        UserContent::Blocks(_) => return None,
    };
    let call = commands::find(list, &text)?;
    let name = call.command.name.clone();
    let bangs = skills.bangs(Some(cwd));
    let [record, body] = call.blocks(Bangs::Kept).ok()?;
    let to_run = matches!(bangs, Bangs::Run(..)) && !bangs::commands(&body).is_empty();
    let ([record, body], shell) = match to_run {
        true => {
            let shell = shell_of(&call, &record, &body, skills, cwd);
            ([record, body], Some(shell))
        }
        // Nothing to run, or notices in place of each command.
        false => {
            let blocks = call.blocks(bangs).ok()?;
            // A later Skill call giving the same instructions says so instead.
            skills.load(&name, &blocks[1]);
            skills.sent();
            (blocks, None)
        }
    };
    let model = call
        .command
        .model
        .as_deref()
        .map(oxagent_core::usage::resolve_model);
    // Typed by the name a skill declares, hooks see it typed by its folder's (fm_125).
    let by_alias = call.command.alias.as_deref().and_then(|alias| {
        let rest = text.trim_start().strip_prefix('/')?.strip_prefix(alias)?;
        (rest.is_empty() || rest.starts_with(char::is_whitespace))
            .then(|| format!("/{}{rest}", call.command.name))
    });
    let expansion = oxagent_core::agent::PromptExpansion {
        command_name: name,
        command_args: call.args.clone(),
        command_source: call.command.source.clone(),
        prompt: by_alias.unwrap_or_else(|| text.clone()),
    };
    Some(Expanded {
        prompt: UserContent::Blocks(vec![ContentBlock::text(record), ContentBlock::text(body)]),
        typed: text,
        model,
        allowed_tools: call.command.allowed_tools.clone(),
        expansion,
        shell,
    })
}

/// The shell commands of a command's `body` (its arguments filled in; `record` the block
/// before it), run in `cwd` once the session lets them.
fn shell_of(
    call: &commands::Invocation<'_>,
    record: &str,
    body: &str,
    skills: &SkillList,
    cwd: &Path,
) -> oxagent_core::agent::PromptShell {
    let name = call.command.name.clone();
    let (record, body) = (record.to_string(), body.to_string());
    let (cwd, skills) = (cwd.to_path_buf(), skills.clone());
    let loaded = name.clone();
    oxagent_core::agent::PromptShell {
        command: (name, call.args.clone()),
        source: call.command.source.clone(),
        commands: bangs::commands(&body),
        allow: call.command.allowed_tools.clone(),
        run: Box::new(move || {
            let filled = Bangs::Run(&cwd).fill(&body)?;
            skills.load(&loaded, &filled);
            skills.sent();
            let blocks = vec![ContentBlock::text(record), ContentBlock::text(filled)];
            Ok(UserContent::Blocks(blocks))
        }),
    }
}

/// Puts a command's `allowed-tools` rules in force for its turn; gives back the rules that
/// were not in force already, for `revoke` to take out after the turn.
pub(crate) fn grant(
    session: &oxagent_core::agent::Session,
    texts: &[String],
) -> Vec<oxagent_core::rules::PermissionRule> {
    use oxagent_core::rules::{PermissionRule, RuleBehavior, RuleSource};
    session.prime_permissions();
    let mut added = Vec::new();
    session
        .live
        .update_permissions(Default::default, |rules, _| {
            for rule in texts.iter().filter_map(|t| PermissionRule::parse(t).ok()) {
                let before = rules.entries.len();
                rules.push(RuleBehavior::Allow, RuleSource::Session, rule.clone());
                if rules.entries.len() > before {
                    added.push(rule);
                }
            }
        });
    added
}

/// Takes out the rules `grant` put in force.
pub(crate) fn revoke(
    session: &oxagent_core::agent::Session,
    added: &[oxagent_core::rules::PermissionRule],
) {
    use oxagent_core::rules::{RuleBehavior, RuleSource};
    session
        .live
        .update_permissions(Default::default, |rules, _| {
            for rule in added {
                rules.remove(RuleBehavior::Allow, RuleSource::Session, rule);
            }
        });
}

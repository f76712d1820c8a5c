//! What a session reads from disk at its start and reads again when the host asks
//! (`reload_skills`, `reload_plugins`): its skills and its slash commands.
//!
//! ```text
//! reload_skills   -> the skill folders read again: the Skill tool, `/<skill>` and the next
//!                    init message list what is there now; answered {skills: [...]}
//! reload_plugins  -> the same, the plugins' command and skill folders included; answered
//!                    {commands, agents, plugins, mcpServers, error_count}
//! ```
//!
//! A plugin's hooks, agents and MCP servers are read when the session starts.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};

use oxagent_core::protocol::control::CommandInfo;
use oxagent_tools::session::commands::CommandFile;
use oxagent_tools::session::skill::{self, SkillList};

use crate::plugins::Plugin;

/// Where the session's skills and commands come from.
pub(crate) struct Sources {
    pub config_root: PathBuf,
    pub home: PathBuf,
    pub setting_sources: Option<Vec<String>>,
    pub skill_roots: Vec<PathBuf>,
    pub plugins: Vec<Plugin>,
}

/// The session's skills and commands, read again on request.
pub(crate) struct Reloadable {
    sources: Sources,
    pub skills: SkillList,
    commands: RwLock<Arc<Vec<CommandFile>>>,
    /// Bumped by each reload: the session task follows it before its next turn.
    generation: AtomicU64,
}

impl Reloadable {
    pub fn new(sources: Sources, skills: SkillList, commands: Arc<Vec<CommandFile>>) -> Self {
        Reloadable {
            sources,
            skills,
            commands: RwLock::new(commands),
            generation: AtomicU64::new(0),
        }
    }

    /// The slash commands prompts may invoke now.
    pub fn commands(&self) -> Arc<Vec<CommandFile>> {
        self.commands
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// The session's plugins, as `system/init` lists them.
    pub fn plugins(&self) -> Vec<oxagent_core::protocol::system::PluginInfo> {
        self.sources
            .plugins
            .iter()
            .map(|p| p.info.clone())
            .collect()
    }

    pub fn generation(&self) -> u64 {
        self.generation.load(Ordering::SeqCst)
    }

    /// Reads the skills and commands again; answers the skills as `reload_skills` lists
    /// them.
    pub fn reload(&self) -> Vec<CommandInfo> {
        let s = &self.sources;
        let plugin_roots: Vec<_> = s.plugins.iter().map(|p| p.skill_root()).collect();
        let skills = skill::discover_all(&s.skill_roots, &plugin_roots, Some(&s.home));
        let listed = skills
            .iter()
            .map(|k| CommandInfo {
                name: k.name.clone(),
                description: k.description.clone(),
                argument_hint: String::new(),
                aliases: Vec::new(),
                builtin: None,
            })
            .collect();
        let commands = crate::commands::load_commands(
            &s.config_root,
            Some(&s.home),
            s.setting_sources.as_deref(),
            &skills,
            &s.plugins,
        );
        self.skills.replace(skills);
        self.skills.set_commands(&commands);
        *self.commands.write().unwrap_or_else(|e| e.into_inner()) = Arc::new(commands);
        self.generation.fetch_add(1, Ordering::SeqCst);
        listed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_skill_written_after_the_start_is_there_after_a_reload() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join(".claude/skills");
        let sources = Sources {
            config_root: dir.path().to_path_buf(),
            home: dir.path().join("home"),
            setting_sources: None,
            skill_roots: vec![root.clone()],
            plugins: Vec::new(),
        };
        let list = SkillList::default();
        let reloadable = Reloadable::new(sources, list.clone(), Arc::new(Vec::new()));
        assert!(reloadable.reload().is_empty());
        std::fs::create_dir_all(root.join("late")).unwrap();
        std::fs::write(
            root.join("late/SKILL.md"),
            "---\ndescription: Added late\n---\nBody\n",
        )
        .unwrap();
        let listed = reloadable.reload();
        assert_eq!(listed[0].name, "late");
        assert_eq!(listed[0].description, "Added late");
        assert_eq!(list.all()[0].name, "late");
        assert_eq!(reloadable.commands()[0].name, "late");
        assert_eq!(reloadable.generation(), 2);
    }
}

//! What a session's Skill tool and `/<name>` prompts share: the skills found on disk, the
//! command files the model may run through the Skill tool as well, what runs a forked
//! skill, and what the model was last given of each (a call that would give the same
//! instructions again says so instead of repeating them).
//!
//! ```
//! use oxagent_tools::session::skill_list::{Loaded, SkillList};
//! let list = SkillList::default();
//! assert_eq!(list.load("fix", "Fix 1.\n"), Loaded::First);
//! // A second call of the same response does not see the first's text yet.
//! assert_eq!(list.load("fix", "Fix 1.\n"), Loaded::First);
//! list.sent();
//! assert_eq!(list.load("fix", "Fix 1.\n"), Loaded::Unchanged);
//! list.sent();
//! assert_eq!(list.load("fix", "Fix 2.\n"), Loaded::Again);
//! list.sent();
//! assert_eq!(list.load("fix", "Fix 1.\n"), Loaded::Again);
//! ```

use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock, RwLock};

use super::bangs::Bangs;
use super::commands::CommandFile;
use super::skill::{SkillFork, SkillInfo};

/// How instructions given to the model compare with what it was last given of the same
/// skill or command in this session.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Loaded {
    /// Never given before.
    First,
    /// Given before, with other arguments or output: announced as a re-invocation.
    Again,
    /// The very text given last time: not repeated.
    Unchanged,
}

/// The skills and runnable commands of a session (see the module docs). Clones share them.
#[derive(Clone, Default)]
pub struct SkillList {
    skills: Arc<RwLock<Vec<SkillInfo>>>,
    /// The command files (not the skills' own `/<skill>`) the Skill tool may run.
    commands: Arc<RwLock<Vec<CommandFile>>>,
    /// By skill or command name, the instructions the model was given last, and whether
    /// they have reached it (the results of the response that gave them were sent).
    loaded: Arc<Mutex<HashMap<String, (String, bool)>>>,
    forker: Arc<OnceLock<Arc<dyn SkillFork>>>,
    /// The settings' `disableSkillShellExecution`: no ``!`command` `` runs.
    shell_off: Arc<AtomicBool>,
    /// `disableBundledSkills` (or `CLAUDE_CODE_DISABLE_BUNDLED_SKILLS`): the reference's
    /// bundled skills are not suggested for an unknown name either.
    bundled_off: Arc<AtomicBool>,
}

impl std::fmt::Debug for SkillList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.all()).finish()
    }
}

fn read<T>(lock: &RwLock<T>) -> std::sync::RwLockReadGuard<'_, T> {
    lock.read().unwrap_or_else(|e| e.into_inner())
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
        f(&read(&self.skills))
    }
    /// Puts `skills` in place of the list (a reload).
    pub fn replace(&self, skills: Vec<SkillInfo>) {
        *self.skills.write().unwrap_or_else(|e| e.into_inner()) = skills;
    }
    /// Puts the session's command files in place (at its start and each reload); the
    /// skills' own `/<skill>` entries among them are left out.
    pub fn set_commands(&self, commands: &[CommandFile]) {
        let files = commands.iter().filter(|c| !c.from_skill).cloned().collect();
        *self.commands.write().unwrap_or_else(|e| e.into_inner()) = files;
    }
    /// What `f` makes of the command files now.
    pub fn commands_with<R>(&self, f: impl FnOnce(&[CommandFile]) -> R) -> R {
        f(&read(&self.commands))
    }
    /// Records that the model is given `text` as the instructions of `name`, and how that
    /// compares with what it was given last. What a call of the same response gave has not
    /// reached the model yet: it counts as nothing given (fuzz-m/fm_158, fm_163).
    pub fn load(&self, name: &str, text: &str) -> Loaded {
        let mut loaded = self.loaded.lock().unwrap_or_else(|e| e.into_inner());
        match loaded.insert(name.to_string(), (text.to_string(), false)) {
            None | Some((_, false)) => Loaded::First,
            Some((before, true)) if before == text => Loaded::Unchanged,
            Some(_) => Loaded::Again,
        }
    }

    /// What was given so far has reached the model (a response's results were sent, a
    /// prompt went out).
    pub fn sent(&self) {
        let mut loaded = self.loaded.lock().unwrap_or_else(|e| e.into_inner());
        loaded.values_mut().for_each(|(_, sent)| *sent = true);
    }
    /// Sets what runs forked skills (once; later calls change nothing).
    pub fn set_forker(&self, forker: Arc<dyn SkillFork>) {
        let _ = self.forker.set(forker);
    }
    pub(crate) fn forker(&self) -> Option<Arc<dyn SkillFork>> {
        self.forker.get().cloned()
    }
    /// Leaves the reference's bundled skills out (`disableBundledSkills`).
    pub fn set_bundled_off(&self, off: bool) {
        self.bundled_off.store(off, Ordering::Relaxed);
    }
    pub(crate) fn bundled_off(&self) -> bool {
        self.bundled_off.load(Ordering::Relaxed)
    }
    /// Turns the running of ``!`command` `` off (the settings' `disableSkillShellExecution`).
    pub fn set_shell_off(&self, off: bool) {
        self.shell_off.store(off, Ordering::Relaxed);
    }
    /// How the ``!`command` `` of a skill or command is filled: run in `cwd` (none: left
    /// as written), or replaced by a notice when the settings turn that off.
    pub fn bangs<'a>(&self, cwd: Option<&'a Path>) -> Bangs<'a> {
        match (self.shell_off.load(Ordering::Relaxed), cwd) {
            (true, _) => Bangs::Off,
            (false, Some(cwd)) => Bangs::Run(cwd),
            (false, None) => Bangs::Kept,
        }
    }
}

//! The instruction files a tool call's file reaches, each handed out once a session.
//!
//! For a file `F`, in this order:
//! 1. the user's rules (`~/.claude/rules`) whose `paths:` match `F` from the working
//!    directory (`user` source);
//! 2. for each directory between the working directory (exclusive) and `F`'s, outermost
//!    first: its `CLAUDE.md` and `.claude/CLAUDE.md` (`project`), `CLAUDE.local.md`
//!    (`local`), each with its imports (inside the working directory), then its
//!    `.claude/rules` (`project`): those that apply everywhere, then those whose `paths:`
//!    match `F` from that directory;
//! 3. for the working directory and each above it, outermost first, the rules whose
//!    `paths:` match `F` from there (`project`).
//!
//! A file read at the session's start, brought in before, or read by the model itself is
//! not handed out again.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use oxagent_core::memory::{LoadReason, NestedMemory, Reached};
use oxagent_core::rules::path::normalize;
use oxagent_core::sync::lock;

use super::load::Loader;
use super::{Kind, MemoryFile};

#[derive(Debug)]
pub(crate) struct Nested {
    cwd: PathBuf,
    home: PathBuf,
    user: bool,
    project: bool,
    local: bool,
    /// The files read at the session's start.
    start: BTreeSet<PathBuf>,
    given: Mutex<BTreeSet<PathBuf>>,
}

impl Nested {
    /// `sources`: which of `user`, `project`, `local` are on; `loaded`: the files read at
    /// the session's start.
    pub fn new(cwd: &Path, home: &Path, sources: [bool; 3], loaded: &[MemoryFile]) -> Self {
        let [user, project, local] = sources;
        let start: BTreeSet<PathBuf> = loaded.iter().map(|f| f.path.clone()).collect();
        Nested {
            cwd: cwd.to_path_buf(),
            home: home.to_path_buf(),
            user,
            project,
            local,
            given: Mutex::new(start.clone()),
            start,
        }
    }

    fn load(&self, file: &Path) -> Vec<MemoryFile> {
        let mut l = Loader::new(&self.cwd, &self.home);
        if self.user {
            let rules = self.home.join(".claude").join("rules");
            l.matching_rules(&rules, Kind::User, true, &self.cwd, file);
        }
        let dir = file.parent().unwrap_or(Path::new("/"));
        if dir != self.cwd && dir.starts_with(&self.cwd) {
            let rest = dir.strip_prefix(&self.cwd).unwrap_or(Path::new(""));
            let mut d = self.cwd.clone();
            for part in rest.components() {
                d.push(part);
                let rules = d.join(".claude").join("rules");
                if self.project {
                    l.add(&d.join("CLAUDE.md"), Kind::Project, false);
                    l.add(&d.join(".claude").join("CLAUDE.md"), Kind::Project, false);
                }
                if self.local {
                    l.add(&d.join("CLAUDE.local.md"), Kind::Local, false);
                }
                if self.project {
                    l.rules(&rules, Kind::Project, false);
                    l.matching_rules(&rules, Kind::Project, false, &d, file);
                }
            }
        }
        if self.project {
            let mut levels: Vec<&Path> = self
                .cwd
                .ancestors()
                .filter(|a| a.parent().is_some())
                .collect();
            levels.reverse();
            for c in levels {
                let rules = c.join(".claude").join("rules");
                l.matching_rules(&rules, Kind::Project, false, c, file);
            }
        }
        l.files
    }
}

impl NestedMemory for Nested {
    fn reached(&self, path: &Path) -> Vec<Reached> {
        let file = normalize(path);
        let found = self.load(&file);
        let mut given = lock(&self.given);
        found
            .into_iter()
            .filter(|f| given.insert(f.path.clone()))
            .map(|f| Reached {
                reason: match (f.globs, f.parent) {
                    (Some(globs), _) => LoadReason::Glob { globs },
                    (None, Some(parent)) => LoadReason::Include { parent },
                    (None, None) => LoadReason::Traversal,
                },
                path: f.path,
                text: f.text,
                memory_type: f.kind.name(),
            })
            .collect()
    }

    fn seen(&self, path: &Path) {
        lock(&self.given).insert(normalize(path));
    }

    fn for_subagent(&self) -> Option<std::sync::Arc<dyn NestedMemory>> {
        Some(std::sync::Arc::new(Nested {
            cwd: self.cwd.clone(),
            home: self.home.clone(),
            user: self.user,
            project: self.project,
            local: self.local,
            start: self.start.clone(),
            given: Mutex::new(self.start.clone()),
        }))
    }

    fn restored(&self, path: &Path, text: &str) {
        // Changed since it was shown: a call reaching it brings it in again (fl_pin_nested_changed).
        let now = super::load::read(path).map(|t| super::text::parse(&t).body);
        if now.as_deref() == Some(text) {
            self.seen(path);
        }
    }
}

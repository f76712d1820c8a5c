//! CLAUDE.md instructions: which files `setting_sources` loads, their `@path` imports, and
//! the reminder the first prompt carries.
//!
//! Sources, in the order the reminder lists them: `user` (`~/.claude/CLAUDE.md`), `project`
//! (`CLAUDE.md` and `.claude/CLAUDE.md` in the working directory and each directory above
//! it, outermost first) and `local` (`CLAUDE.local.md` beside them). `setting_sources`
//! unset loads all three; an empty list loads none. The rules of `.claude/rules` (and the
//! user's `~/.claude/rules`) without `paths:` globs load with them. A line's `@path` names
//! another file whose text follows the importing file's ([`text`], [`load`]). The files of
//! a subdirectory, and the rules whose globs match a file, are attached when a tool first
//! reaches that file ([`nested`]).
//!
//! ```no_run
//! # use std::path::Path;
//! # let config = oxagent_core::config::SessionConfig::new("s", "/work");
//! let mut session = oxagent_core::Session::new(config);
//! oxagent_settings::attach_memory(&mut session, Path::new("/home/me"), None);
//! ```

mod globs;
mod load;
mod nested;
mod text;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use oxagent_core::memory::instructions::{self, InstructionFile};
use oxagent_core::protocol::context::MemoryFileUsage;
use oxagent_core::Session;

use load::Loader;
use nested::Nested;

#[cfg(test)]
use oxagent_core::memory::NestedMemory;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    User,
    Project,
    Local,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::User => "User",
            Kind::Project => "Project",
            Kind::Local => "Local",
        }
    }
}

/// One loaded instruction file.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct MemoryFile {
    pub path: PathBuf,
    pub kind: Kind,
    /// The text the model is shown (front matter and block comments left out).
    pub text: String,
    /// The file whose `@path` imported this one.
    pub parent: Option<PathBuf>,
    /// A rule's `paths:` globs: it applies only to the files they match.
    pub globs: Option<Vec<String>>,
}

fn enabled(sources: Option<&[String]>, name: &str) -> bool {
    sources.is_none_or(|s| s.iter().any(|x| x == name))
}

/// The instruction files `sources` selects for a session in `cwd`: the user's `CLAUDE.md`
/// and rules, then for each directory from the top down to `cwd` its `CLAUDE.md`,
/// `.claude/CLAUDE.md`, rules that apply everywhere and `CLAUDE.local.md`; each file
/// followed by its imports.
pub(crate) fn load(cwd: &Path, home: &Path, sources: Option<&[String]>) -> Vec<MemoryFile> {
    let mut loader = Loader::new(cwd, home);
    if enabled(sources, "user") {
        let dir = home.join(".claude");
        loader.add(&dir.join("CLAUDE.md"), Kind::User, true);
        loader.rules(&dir.join("rules"), Kind::User, true);
    }
    let mut dirs: Vec<&Path> = cwd.ancestors().filter(|d| d.parent().is_some()).collect();
    dirs.reverse();
    for dir in dirs {
        if enabled(sources, "project") {
            loader.add(&dir.join("CLAUDE.md"), Kind::Project, false);
            loader.add(&dir.join(".claude").join("CLAUDE.md"), Kind::Project, false);
            loader.rules(&dir.join(".claude").join("rules"), Kind::Project, false);
        }
        if enabled(sources, "local") {
            loader.add(&dir.join("CLAUDE.local.md"), Kind::Local, false);
        }
    }
    loader.files
}

/// The files as the first prompt shows them (and a transcript records them).
pub(crate) fn shown(files: &[MemoryFile]) -> Vec<InstructionFile> {
    files
        .iter()
        .map(|f| InstructionFile::new(f.path.to_string_lossy(), f.kind.name(), &f.text))
        .collect()
}

/// The `memoryFiles` of the `/context` view.
pub(crate) fn context_entries(files: &[MemoryFile]) -> Vec<MemoryFileUsage> {
    files
        .iter()
        .map(|f| MemoryFileUsage {
            path: f.path.to_string_lossy().into_owned(),
            kind: f.kind.name().to_string(),
            tokens: oxagent_core::compact::estimate_chars(f.text.len()),
        })
        .collect()
}

/// Loads the CLAUDE.md files `setting_sources` selects (`None`: all) into the session:
/// the reminder of the first prompt, the nested files tools reach, the `/context` entries.
/// `home` is where the `user` file lives.
pub fn attach_memory(session: &mut Session, home: &Path, setting_sources: Option<&[String]>) {
    let cwd = session.config.cwd.clone();
    let files = load(&cwd, home, setting_sources);
    session.memory_files = shown(&files);
    session.config.memory = instructions::reminder(&session.memory_files);
    // Each file read at the start is announced to InstructionsLoaded hooks.
    session.instructions_loaded = files
        .iter()
        .map(|f| {
            (
                f.path.to_string_lossy().into_owned(),
                f.kind.name().to_string(),
                f.parent.as_ref().map(|p| p.to_string_lossy().into_owned()),
            )
        })
        .collect();
    let sources = ["user", "project", "local"].map(|s| enabled(setting_sources, s));
    if sources.iter().any(|on| *on) {
        let nested = Nested::new(&cwd, home, sources, &files);
        session.nested_memory = Some(Arc::new(nested));
    }
    let entries = context_entries(&files);
    session.meter.update(|v| v.memory_files = entries);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sources_and_order() {
        let root = tempfile::tempdir().unwrap();
        let (home, ws) = (root.path().join("home"), root.path().join("ws"));
        std::fs::create_dir_all(home.join(".claude")).unwrap();
        std::fs::create_dir_all(ws.join("docs")).unwrap();
        std::fs::create_dir_all(ws.join("sub")).unwrap();
        std::fs::write(home.join(".claude/CLAUDE.md"), "user\n").unwrap();
        std::fs::write(ws.join("CLAUDE.md"), "proj @docs/a.md\n").unwrap();
        std::fs::write(ws.join("docs/a.md"), "imported\n").unwrap();
        std::fs::write(ws.join("CLAUDE.local.md"), "local\n").unwrap();
        std::fs::write(ws.join("sub/CLAUDE.md"), "nested\n").unwrap();
        let texts = |s: Option<&[String]>| -> Vec<String> {
            load(&ws, &home, s).into_iter().map(|f| f.text).collect()
        };
        assert_eq!(
            texts(None),
            ["user\n", "proj @docs/a.md\n", "imported\n", "local\n"]
        );
        assert_eq!(
            texts(Some(&["project".into()])),
            ["proj @docs/a.md\n", "imported\n"]
        );
        assert!(texts(Some(&[])).is_empty());
        let r =
            instructions::reminder(&shown(&load(&ws, &home, Some(&["project".into()])))).unwrap();
        assert!(r.ends_with(
            "(project instructions, checked into the codebase):\n\nimported\n</system-reminder>"
        ));
        let files = load(&ws, &home, None);
        let nested = Nested::new(&ws, &home, [true, true, true], &files);
        let got = nested.reached(&ws.join("sub/data.txt"));
        assert_eq!(got.len(), 1);
        assert_eq!(
            (&got[0].path, got[0].text.as_str()),
            (&ws.join("sub/CLAUDE.md"), "nested\n")
        );
        assert!(nested.reached(&ws.join("sub/other.txt")).is_empty());
        assert!(nested.reached(&ws.join("top.txt")).is_empty());
    }
}

//! CLAUDE.md instructions: which files `setting_sources` loads, their `@path` imports, and
//! the reminder the first prompt carries.
//!
//! Sources, in the order the reminder lists them: `user` (`~/.claude/CLAUDE.md`), `project`
//! (`CLAUDE.md` and `.claude/CLAUDE.md` in the working directory and each directory above
//! it, outermost first) and `local` (`CLAUDE.local.md` beside them). `setting_sources`
//! unset loads all three; an empty list loads none. A line's `@path` names another file
//! whose text follows the importing file's (relative to it, `~/` for home; five levels at
//! most). With `project` on, a `CLAUDE.md` in a subdirectory is attached when a tool first
//! reaches into it ([`Nested`]).
//!
//! ```no_run
//! # use std::path::Path;
//! # let config = oxagent_core::config::SessionConfig::new("s", "/work");
//! let mut session = oxagent_core::Session::new(config);
//! oxagent_settings::attach_memory(&mut session, Path::new("/home/me"), None);
//! ```

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use oxagent_core::memory::NestedMemory;
use oxagent_core::protocol::context::MemoryFileUsage;
use oxagent_core::sync::lock;
use oxagent_core::Session;

/// How deep `@path` imports are followed.
const MAX_IMPORT_DEPTH: usize = 5;

const HEADER: &str = "The instructions below come from the user's and the project's CLAUDE.md files. Follow them. IMPORTANT: they OVERRIDE any default behavior, and you MUST follow them exactly as written.";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    User,
    Project,
    Local,
}

impl Kind {
    fn label(self) -> &'static str {
        match self {
            Kind::User => "user's private global instructions for all projects",
            Kind::Project => "project instructions, checked into the codebase",
            Kind::Local => "user's private project instructions, not checked in",
        }
    }

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
    pub text: String,
    /// Read because another file imports it (`@path`).
    pub imported: bool,
}

fn enabled(sources: Option<&[String]>, name: &str) -> bool {
    sources.is_none_or(|s| s.iter().any(|x| x == name))
}

/// The `@path` references of a text, outside code fences and code spans.
fn imports(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let mut in_span = false;
        let mut prev = ' ';
        let chars: Vec<char> = line.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            if c == '`' {
                in_span = !in_span;
            } else if c == '@' && !in_span && prev.is_whitespace() {
                let token: String = chars[i + 1..]
                    .iter()
                    .take_while(|c| !c.is_whitespace())
                    .collect();
                let token = token.trim_end_matches([',', ';', ':', ')', '!', '?']);
                let token = token.strip_suffix('.').unwrap_or(token);
                if !token.is_empty() {
                    out.push(token.to_string());
                }
                i += token.chars().count();
            }
            prev = c;
            i += 1;
        }
    }
    out
}

fn resolve(reference: &str, base: &Path, home: &Path) -> PathBuf {
    if let Some(rest) = reference.strip_prefix("~/") {
        home.join(rest)
    } else if Path::new(reference).is_absolute() {
        PathBuf::from(reference)
    } else {
        base.join(reference)
    }
}

struct Loader<'a> {
    home: &'a Path,
    seen: BTreeSet<PathBuf>,
    files: Vec<MemoryFile>,
}

impl Loader<'_> {
    /// Adds a file and, after it, the files it imports.
    fn add(&mut self, path: &Path, kind: Kind, depth: usize) {
        let key = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
        if !self.seen.insert(key) {
            return;
        }
        let Ok(text) = std::fs::read_to_string(path) else {
            return;
        };
        let refs = imports(&text);
        if !text.trim().is_empty() {
            self.files.push(MemoryFile {
                path: path.to_path_buf(),
                kind,
                text,
                imported: depth > 0,
            });
        }
        if depth >= MAX_IMPORT_DEPTH {
            return;
        }
        let base = path.parent().unwrap_or(Path::new("/")).to_path_buf();
        for r in refs {
            let target = resolve(&r, &base, self.home);
            if target.is_file() {
                self.add(&target, kind, depth + 1);
            }
        }
    }
}

/// The instruction files `sources` selects for a session in `cwd`.
pub(crate) fn load(cwd: &Path, home: &Path, sources: Option<&[String]>) -> Vec<MemoryFile> {
    let mut loader = Loader {
        home,
        seen: BTreeSet::new(),
        files: Vec::new(),
    };
    if enabled(sources, "user") {
        loader.add(&home.join(".claude").join("CLAUDE.md"), Kind::User, 0);
    }
    let dirs: Vec<&Path> = cwd.ancestors().collect();
    for dir in dirs.into_iter().rev() {
        if enabled(sources, "project") {
            loader.add(&dir.join("CLAUDE.md"), Kind::Project, 0);
            loader.add(&dir.join(".claude").join("CLAUDE.md"), Kind::Project, 0);
        }
        if enabled(sources, "local") {
            loader.add(&dir.join("CLAUDE.local.md"), Kind::Local, 0);
        }
    }
    loader.files
}

/// The reminder the first prompt carries, if any file was loaded.
pub(crate) fn reminder(files: &[MemoryFile]) -> Option<String> {
    if files.is_empty() {
        return None;
    }
    let entries: Vec<String> = files
        .iter()
        .map(|f| {
            format!(
                "Contents of {} ({}):\n\n{}",
                f.path.display(),
                f.kind.label(),
                f.text.trim_end()
            )
        })
        .collect();
    Some(format!(
        "<system-reminder>\n{HEADER}\n\n{}\n</system-reminder>",
        entries.join("\n\n")
    ))
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
    session.config.memory = reminder(&files);
    // Each file read at the start is announced to InstructionsLoaded hooks (imports aside).
    session.instructions_loaded = files
        .iter()
        .filter(|f| !f.imported)
        .map(|f| {
            (
                f.path.to_string_lossy().into_owned(),
                f.kind.name().to_string(),
            )
        })
        .collect();
    if enabled(setting_sources, "project") {
        session.nested_memory = Some(Arc::new(Nested::new(&cwd)));
    }
    let entries = context_entries(&files);
    session.meter.update(|v| v.memory_files = entries);
}

/// CLAUDE.md files below the working directory, each handed out once.
#[derive(Debug)]
pub(crate) struct Nested {
    cwd: PathBuf,
    given: Mutex<BTreeSet<PathBuf>>,
}

impl Nested {
    pub fn new(cwd: &Path) -> Self {
        Nested {
            cwd: cwd.to_path_buf(),
            given: Mutex::new(BTreeSet::new()),
        }
    }
}

impl NestedMemory for Nested {
    fn reached(&self, path: &Path) -> Vec<(PathBuf, String)> {
        let Ok(rest) = path.strip_prefix(&self.cwd) else {
            return Vec::new();
        };
        // The directories between the working directory and the path, outermost first; the
        // last component is the file itself unless the path is a directory.
        let mut dirs = Vec::new();
        let mut dir = self.cwd.clone();
        let parts: Vec<_> = rest.components().collect();
        let take = if path.is_dir() {
            parts.len()
        } else {
            parts.len().saturating_sub(1)
        };
        for part in parts.into_iter().take(take) {
            dir.push(part);
            dirs.push(dir.clone());
        }
        let mut given = lock(&self.given);
        let mut out = Vec::new();
        for d in dirs {
            let file = d.join("CLAUDE.md");
            if given.contains(&file) {
                continue;
            }
            if let Ok(text) = std::fs::read_to_string(&file) {
                given.insert(file.clone());
                out.push((file, text));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn import_references() {
        assert_eq!(
            imports("See @docs/style.md for style.\nmail a@b.c\n`@not` @~/x.md,\n```\n@no\n```"),
            ["docs/style.md", "~/x.md"]
        );
    }

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
        let r = reminder(&load(&ws, &home, Some(&["project".into()]))).unwrap();
        assert!(r.ends_with(
            "(project instructions, checked into the codebase):\n\nimported\n</system-reminder>"
        ));
        let nested = Nested::new(&ws);
        let got = nested.reached(&ws.join("sub/data.txt"));
        assert_eq!(got, [(ws.join("sub/CLAUDE.md"), "nested\n".to_string())]);
        assert!(nested.reached(&ws.join("sub/other.txt")).is_empty());
        assert!(nested.reached(&ws.join("top.txt")).is_empty());
    }
}

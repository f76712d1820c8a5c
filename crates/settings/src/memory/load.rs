//! Reading instruction files: one file and, after it, the files it imports; a rules folder.
//!
//! An import is followed five levels deep at most (the file itself is level 0) and, unless
//! the loader allows files from anywhere (the user's own files), only to files inside the
//! working directory. A file is read once per load; one whose text is empty once its front
//! matter and comments are left out is skipped with its imports. Only text files are read
//! (by extension; a file without one is read).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use oxagent_core::rules::path::normalize;

use super::globs;
use super::text;
use super::{Kind, MemoryFile};

/// The deepest import level read: the file itself is level 0.
const MAX_DEPTH: usize = 5;
/// A larger file is not read.
const MAX_BYTES: u64 = 4 * 1024 * 1024;

const TEXT_EXTENSIONS: &[&str] = &[
    "md",
    "txt",
    "text",
    "json",
    "yaml",
    "yml",
    "toml",
    "xml",
    "csv",
    "html",
    "htm",
    "css",
    "scss",
    "sass",
    "less",
    "js",
    "ts",
    "tsx",
    "jsx",
    "mjs",
    "cjs",
    "mts",
    "cts",
    "py",
    "pyi",
    "pyw",
    "rb",
    "erb",
    "rake",
    "go",
    "rs",
    "java",
    "kt",
    "kts",
    "scala",
    "c",
    "cpp",
    "cc",
    "cxx",
    "h",
    "hpp",
    "hxx",
    "cs",
    "swift",
    "sh",
    "bash",
    "zsh",
    "fish",
    "ps1",
    "bat",
    "cmd",
    "env",
    "ini",
    "cfg",
    "conf",
    "config",
    "properties",
    "sql",
    "graphql",
    "gql",
    "proto",
    "vue",
    "svelte",
    "astro",
    "ejs",
    "hbs",
    "pug",
    "jade",
    "php",
    "pl",
    "pm",
    "lua",
    "r",
    "dart",
    "ex",
    "exs",
    "erl",
    "hrl",
    "clj",
    "cljs",
    "cljc",
    "edn",
    "hs",
    "lhs",
    "elm",
    "ml",
    "mli",
    "f",
    "f90",
    "f95",
    "for",
    "cmake",
    "make",
    "makefile",
    "gradle",
    "sbt",
    "rst",
    "adoc",
    "asciidoc",
    "org",
    "tex",
    "latex",
    "lock",
    "log",
    "diff",
    "patch",
];

fn is_text(path: &Path) -> bool {
    match path.extension().and_then(|e| e.to_str()) {
        None => true,
        Some(e) => TEXT_EXTENSIONS.contains(&e.to_ascii_lowercase().as_str()),
    }
}

pub(crate) fn read(path: &Path) -> Option<String> {
    let meta = std::fs::metadata(path).ok()?;
    if !meta.is_file() || meta.len() > MAX_BYTES || !is_text(path) {
        return None;
    }
    std::fs::read_to_string(path).ok()
}

fn resolve(reference: &str, base: &Path, home: &Path) -> PathBuf {
    let p = if let Some(rest) = reference.strip_prefix("~/") {
        home.join(rest)
    } else {
        base.join(reference)
    };
    normalize(&p)
}

/// One load: the files read so far, in order.
pub(crate) struct Loader<'a> {
    cwd: &'a Path,
    home: &'a Path,
    seen: BTreeSet<PathBuf>,
    pub files: Vec<MemoryFile>,
}

impl<'a> Loader<'a> {
    pub fn new(cwd: &'a Path, home: &'a Path) -> Self {
        Loader {
            cwd,
            home,
            seen: BTreeSet::new(),
            files: Vec::new(),
        }
    }

    /// Reads `path` and the files it imports. `anywhere`: imports may leave the working
    /// directory.
    pub fn add(&mut self, path: &Path, kind: Kind, anywhere: bool) {
        self.add_at(&normalize(path), kind, 0, None, anywhere);
    }

    fn add_at(
        &mut self,
        path: &Path,
        kind: Kind,
        depth: usize,
        parent: Option<&Path>,
        anywhere: bool,
    ) {
        if depth >= MAX_DEPTH || self.seen.contains(path) {
            return;
        }
        if depth > 0 && !anywhere && !path.starts_with(self.cwd) {
            return;
        }
        self.seen.insert(path.to_path_buf());
        let Some(raw) = read(path) else {
            return;
        };
        let parsed = text::parse(&raw);
        if parsed.body.trim().is_empty() {
            return;
        }
        self.files.push(MemoryFile {
            path: path.to_path_buf(),
            kind,
            text: parsed.body,
            parent: parent.map(Path::to_path_buf),
            globs: parsed.globs,
        });
        let base = path.parent().unwrap_or(Path::new("/")).to_path_buf();
        for r in parsed.imports {
            let target = resolve(&r, &base, self.home);
            self.add_at(&target, kind, depth + 1, Some(path), anywhere);
        }
    }

    /// The rules of `dir` (`.md` files, subfolders included, in directory order) that apply
    /// everywhere, with their imports.
    pub fn rules(&mut self, dir: &Path, kind: Kind, anywhere: bool) {
        // A rule left out here (it has `paths:`) is still read by a later conditional pass.
        let before = self.seen.clone();
        let start = self.files.len();
        self.walk(dir, kind, anywhere, &mut BTreeSet::new());
        let mut read = self.files.split_off(start);
        read.retain(|f| f.globs.is_none());
        let kept: BTreeSet<PathBuf> = read.iter().map(|f| f.path.clone()).collect();
        self.seen = before.union(&kept).cloned().collect();
        self.files.extend(read);
    }

    /// The rules of `dir` with `paths:` globs that match `file`, relative to `base`.
    pub fn matching_rules(
        &mut self,
        dir: &Path,
        kind: Kind,
        anywhere: bool,
        base: &Path,
        file: &Path,
    ) {
        let start = self.files.len();
        self.walk(dir, kind, anywhere, &mut BTreeSet::new());
        let mut read = self.files.split_off(start);
        read.retain(|f| {
            f.globs
                .as_ref()
                .is_some_and(|g| globs::matches(g, base, file))
        });
        self.files.extend(read);
    }

    fn walk(&mut self, dir: &Path, kind: Kind, anywhere: bool, visited: &mut BTreeSet<PathBuf>) {
        if !visited.insert(dir.to_path_buf()) {
            return;
        }
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let Ok(meta) = std::fs::metadata(&path) else {
                continue;
            };
            if meta.is_dir() {
                self.walk(&path, kind, anywhere, visited);
            } else if meta.is_file() && path.extension().is_some_and(|e| e == "md") {
                self.add(&path, kind, anywhere);
            }
        }
    }
}

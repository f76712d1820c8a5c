//! Path rules (`Read(...)`, `Edit(...)`), matched the way `.gitignore` patterns are.
//!
//! | rule content | means |
//! |---|---|
//! | `//etc/**` | the absolute path `/etc/**` |
//! | `~/.ssh/**` | under the home directory |
//! | `/src/**`, `./src/**`, `src/**` | relative to the rule's root (the session's cwd) |
//! | `*.env`, `.env` | no `/` inside: a file of that name at any depth below the root |
//! | `./.env` | `.env`: `./` is dropped first |
//! | `build/` | a directory and everything in it |
//!
//! `*` and `?` do not cross `/`; `**` spans any number of directories. A pattern that matches
//! a directory covers everything inside it.
//!
//! ```
//! use std::path::Path;
//! use oxagent_core::rules::path::rule_matches;
//! let (root, home) = (Path::new("/ws"), Some(Path::new("/home/u")));
//! assert!(rule_matches("./secrets/**", Path::new("/ws/secrets/key.txt"), root, home));
//! assert!(rule_matches("*.env", Path::new("/ws/a/b/.x.env"), root, home));
//! assert!(rule_matches("~/.ssh", Path::new("/home/u/.ssh/id_rsa"), root, home));
//! assert!(rule_matches("//etc/*", Path::new("/etc/passwd"), root, home));
//! assert!(!rule_matches("src/*.js", Path::new("/ws/src/lib/a.js"), root, home));
//! ```

use std::path::{Component, Path, PathBuf};

/// Expands `~`, joins onto `cwd`, removes `.` and `..` lexically.
pub fn resolve(input: &str, cwd: &Path, home: Option<&Path>) -> PathBuf {
    let expanded = match (input.strip_prefix('~'), home) {
        (Some(rest), Some(home)) if rest.is_empty() || rest.starts_with('/') => {
            home.join(rest.trim_start_matches('/'))
        }
        _ => PathBuf::from(input),
    };
    normalize(&cwd.join(expanded))
}

/// [`resolve`] as messages and hooks show the path: an absolute path or one under `~/`
/// written with a trailing slash keeps one (`/ws/a.txt/`); a relative one does not (`a/`
/// is `/ws/a`).
pub fn resolve_shown(input: &str, cwd: &Path, home: Option<&Path>) -> String {
    let full = resolve(input, cwd, home).to_string_lossy().into_owned();
    let rooted = input.starts_with('/') || input.starts_with("~/");
    if rooted && input.ends_with('/') && !full.ends_with('/') {
        full + "/"
    } else {
        full
    }
}

/// Removes `.` and `..` components and repeated separators, lexically.
pub fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                // `..` at the root stays at the root, as the kernel treats it.
                if !out.pop() {
                    out.push(Component::RootDir);
                }
            }
            other => out.push(other),
        }
    }
    if out.as_os_str().is_empty() {
        out.push(".");
    }
    out
}

/// Resolves symlinks of the longest existing prefix of `path` and keeps the rest as is, so a
/// path that does not exist yet (a file about to be written) still gets its real directory.
pub fn real_path(path: &Path) -> PathBuf {
    if let Ok(real) = std::fs::canonicalize(path) {
        return real;
    }
    let mut missing = Vec::new();
    let mut current = path.to_path_buf();
    loop {
        match current.file_name() {
            Some(name) => missing.push(name.to_os_string()),
            None => return path.to_path_buf(),
        }
        if !current.pop() {
            return path.to_path_buf();
        }
        if let Ok(real) = std::fs::canonicalize(&current) {
            let mut out = real;
            for name in missing.iter().rev() {
                out.push(name);
            }
            return out;
        }
    }
}

/// Whether the rule content covers `path` (absolute, normalized). `root` is the directory
/// relative patterns start from.
pub fn rule_matches(content: &str, path: &Path, root: &Path, home: Option<&Path>) -> bool {
    let (base, pattern): (PathBuf, String) = if let Some(abs) = content.strip_prefix("//") {
        (PathBuf::from("/"), abs.to_string())
    } else if let Some(rest) = content.strip_prefix("~/") {
        match home {
            Some(h) => (h.to_path_buf(), rest.to_string()),
            None => return false,
        }
    } else if content == "~" {
        match home {
            Some(h) => (h.to_path_buf(), "**".to_string()),
            None => return false,
        }
    } else if let Some(rest) = content.strip_prefix('/') {
        (root.to_path_buf(), rest.to_string())
    } else {
        // `./x` is `x`: a bare name after it still matches at any depth (dr_dot_rel).
        let content = content.strip_prefix("./").unwrap_or(content);
        let inner = content.trim_end_matches('/');
        let anchored = inner.contains('/') && !inner.starts_with("**/");
        if anchored {
            (root.to_path_buf(), content.to_string())
        } else {
            // A bare name matches at any depth, wherever the rule was written.
            let p = if content.starts_with("**/") {
                content.to_string()
            } else {
                format!("**/{content}")
            };
            (PathBuf::from("/"), p)
        }
    };
    let pattern = match pattern.strip_suffix('/') {
        Some(dir) => format!("{dir}/**"),
        None => pattern,
    };
    let Ok(rel) = path.strip_prefix(&base) else {
        return false;
    };
    let segs: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    let pat: Vec<&str> = pattern.split('/').filter(|s| !s.is_empty()).collect();
    // A pattern that matches a directory covers what is inside it.
    (1..=segs.len()).any(|n| match_segments(&pat, &segs[..n]))
        || (segs.is_empty() && pat.iter().all(|p| *p == "**"))
}

/// Whether a directory at `path` is covered, or holds something the rule covers (a search
/// in it would reach covered files).
pub fn rule_matches_dir(content: &str, path: &Path, root: &Path, home: Option<&Path>) -> bool {
    // A folder-only pattern (`docs/`) covers the folders inside the folder, not the folder
    // itself named as the place to search (dr_dir_trailing).
    if content.ends_with('/') {
        return path
            .parent()
            .is_some_and(|parent| rule_matches(content, parent, root, home));
    }
    rule_matches(content, path, root, home)
        || rule_matches(content, &path.join("\u{0}probe"), root, home)
}

fn match_segments(pat: &[&str], segs: &[String]) -> bool {
    match pat.first() {
        None => segs.is_empty(),
        Some(&"**") => (0..=segs.len()).any(|skip| match_segments(&pat[1..], &segs[skip..])),
        Some(p) => match segs.first() {
            Some(s) => glob_segment(p, s) && match_segments(&pat[1..], &segs[1..]),
            None => false,
        },
    }
}

/// `*`, `?` and `[...]` within one path segment.
pub fn glob_segment(pattern: &str, text: &str) -> bool {
    let p: Vec<char> = pattern.chars().collect();
    let t: Vec<char> = text.chars().collect();
    glob_chars(&p, &t)
}

fn glob_chars(p: &[char], t: &[char]) -> bool {
    // Iterative matching with one backtrack point for the last `*`.
    let (mut pi, mut ti) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while ti < t.len() {
        if pi < p.len() && p[pi] == '*' {
            star = Some((pi, ti));
            pi += 1;
            continue;
        }
        if pi < p.len() {
            if let Some(len) = match_one(&p[pi..], t[ti]) {
                pi += len;
                ti += 1;
                continue;
            }
        }
        match star {
            Some((sp, st)) => {
                pi = sp + 1;
                ti = st + 1;
                star = Some((sp, st + 1));
            }
            None => return false,
        }
    }
    p[pi..].iter().all(|c| *c == '*')
}

/// Matches one pattern element against `c`; returns how many pattern chars it used.
fn match_one(p: &[char], c: char) -> Option<usize> {
    match p[0] {
        '?' => Some(1),
        '\\' if p.len() > 1 => (p[1] == c).then_some(2),
        '[' => {
            let close = p.iter().skip(2).position(|x| *x == ']').map(|i| i + 2)?;
            let body = &p[1..close];
            let (negate, body) = match body.first() {
                Some('!' | '^') => (true, &body[1..]),
                _ => (false, body),
            };
            let mut hit = false;
            let mut i = 0;
            while i < body.len() {
                if i + 2 < body.len() && body[i + 1] == '-' {
                    hit |= body[i] <= c && c <= body[i + 2];
                    i += 3;
                } else {
                    hit |= body[i] == c;
                    i += 1;
                }
            }
            (hit != negate).then_some(close + 1)
        }
        other => (other == c).then_some(1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(rule: &str, path: &str) -> bool {
        rule_matches(
            rule,
            Path::new(path),
            Path::new("/ws"),
            Some(Path::new("/h")),
        )
    }

    #[test]
    fn gitignore_style() {
        assert!(m("secrets/**", "/ws/secrets/a/b"));
        assert!(!m("secrets/**", "/ws/x/secrets/a"));
        assert!(m("secrets", "/ws/x/secrets/a"));
        assert!(m("/secrets", "/ws/secrets/a"));
        assert!(!m("/secrets", "/ws/x/secrets"));
        assert!(m("build/", "/ws/build/out.o"));
        assert!(m("**/*.test.ts", "/ws/a/b/c.test.ts"));
        // A bare name matches wherever the file is, also outside the root.
        assert!(m("*.ts", "/elsewhere/a.ts"));
        assert!(m("//tmp/**", "/tmp/x"));
        assert!(m("~/.aws/**", "/h/.aws/credentials"));
        assert!(m("src/[ab].js", "/ws/src/a.js"));
        assert!(!m("src/[!ab].js", "/ws/src/a.js"));
        assert!(m("src/?.js", "/ws/src/c.js"));
    }

    #[test]
    fn directories_holding_covered_files() {
        let root = Path::new("/ws");
        assert!(rule_matches_dir(
            "./secrets/**",
            Path::new("/ws/secrets"),
            root,
            None
        ));
        assert!(!rule_matches_dir(
            "./secrets/**",
            Path::new("/ws/src"),
            root,
            None
        ));
    }

    #[test]
    fn resolution() {
        let home = Some(Path::new("/h"));
        assert_eq!(
            resolve("~/x", Path::new("/ws"), home),
            PathBuf::from("/h/x")
        );
        assert_eq!(
            resolve("a/../../b", Path::new("/ws"), home),
            PathBuf::from("/b")
        );
        assert_eq!(
            resolve("/a//./b", Path::new("/ws"), home),
            PathBuf::from("/a/b")
        );
    }

    #[test]
    fn shown_paths_keep_a_written_trailing_slash_unless_relative() {
        let (cwd, home) = (Path::new("/ws"), Some(Path::new("/home/u")));
        assert_eq!(
            resolve_shown("/ws//sub/new.txt/", cwd, home),
            "/ws/sub/new.txt/"
        );
        assert_eq!(resolve_shown("~/new.txt/", cwd, home), "/home/u/new.txt/");
        assert_eq!(resolve_shown("sub/new.txt/", cwd, home), "/ws/sub/new.txt");
        assert_eq!(resolve_shown("/ws/sub/../a.txt", cwd, home), "/ws/a.txt");
    }
}

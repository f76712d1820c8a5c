//! The paths of `Read(...)` deny rules, turned into the exclusions a Grep or Glob search walks
//! with, as the reference hands them to ripgrep (`--iglob !pattern`: matched without regard to
//! case).
//!
//! The session gives each rule's path in one of two forms ([`ToolContext::read_denied`]):
//! an absolute pattern (`/ws/secrets` for `Read(/secrets/**)` in the project's settings,
//! `/home/u/notes` for `Read(~/notes/**)`, `/etc` for `Read(//etc/**)`), or a relative one that
//! matches below any folder (`**/.env`, `.env`, `sub/rel.txt`, `docs/`). For one search root:
//!
//! | rule path | exclusion |
//! |---|---|
//! | absolute, under the search root | `!/rest` (anchored at the search root) |
//! | absolute, above the search root | what is left of it past the root, `!**/rest`; nothing if it leads elsewhere |
//! | relative | `!**/pattern`; one with a `/` also as if anchored at the cwd |
//! | any that covers the search root itself | `!**` (the search finds nothing) |
//!
//! A pattern ending in `/**` also excludes the folder itself; one with `[` is left out.
//!
//! [`ToolContext::read_denied`]: oxagent_core::tool::ToolContext::read_denied

use std::path::Path;

use ignore::gitignore::GitignoreBuilder;

use oxagent_core::rules::path::{glob_segment, normalize};

/// The exclusions for a search of `root` (an existing directory or file).
pub(crate) fn deny_globs(
    denied: &[String],
    root: &Path,
    cwd: &Path,
    root_is_dir: bool,
) -> Vec<String> {
    if denied.is_empty() {
        return Vec::new();
    }
    let root = root.to_string_lossy().into_owned();
    let cwd = cwd.to_string_lossy().into_owned();
    if root_is_dir && covers_root(denied, &root, &cwd) {
        return vec!["!**".into()];
    }
    let mut patterns: Vec<String> = Vec::new();
    for p in denied {
        if p.starts_with('/') {
            patterns.extend(rebase("/", p, &root));
        } else {
            patterns.push(p.clone());
            if p.trim_end_matches('/').contains('/') {
                patterns.extend(rebase(&cwd, p, &root));
            }
        }
    }
    let mut out: Vec<String> = Vec::new();
    let add = |g: String, out: &mut Vec<String>| {
        if !out.contains(&g) {
            out.push(g);
        }
    };
    for m in patterns.iter().filter(|m| !m.contains('[')) {
        let g = m.replace('{', "[{]").replace('}', "[}]");
        if g.is_empty() || g == "/" {
            add("!**".into(), &mut out);
            continue;
        }
        let e = if g.starts_with('/') {
            format!("!{g}")
        } else {
            format!("!**/{g}")
        };
        if let Some(dir) = e.strip_suffix("/**").filter(|d| d.len() > 1 && *d != "!**") {
            let dir = dir.to_string();
            add(e, &mut out);
            add(dir, &mut out);
        } else {
            add(e, &mut out);
        }
    }
    out
}

/// The rules the reference cannot hand to ripgrep as globs (a `[`, a `\\` or trailing
/// blanks in the pattern): it judges every file found by them instead, as a Read of it would
/// be judged (dr_bracket: `Read(**/[r]el.txt)` leaves out `rel.txt` at every depth, from the
/// listings and the counts).
pub(crate) struct Judged(Vec<ignore::gitignore::Gitignore>);

impl Judged {
    pub(crate) fn new(denied: &[String], cwd: &Path) -> Judged {
        let judged = denied
            .iter()
            .filter(|p| p.contains('[') || p.contains('\\') || p.ends_with(char::is_whitespace));
        Judged(
            judged
                .filter_map(|p| {
                    let inner = p.trim_end_matches('/');
                    let at_cwd =
                        !p.starts_with('/') && inner.contains('/') && !inner.starts_with("**/");
                    let mut builder =
                        GitignoreBuilder::new(if at_cwd { cwd } else { Path::new("/") });
                    builder.case_insensitive(true).ok()?;
                    builder.add_line(None, p).ok()?;
                    builder.build().ok()
                })
                .collect(),
        )
    }

    /// Whether a file found by the search is denied.
    pub(crate) fn denies(&self, path: &Path) -> bool {
        self.0.iter().any(|gi| {
            path.starts_with(gi.path()) && gi.matched_path_or_any_parents(path, false).is_ignore()
        })
    }
}

/// Whether a rule covers the searched folder itself (as a file or as a folder), seen from the
/// rule's root: `/` for absolute patterns, the cwd for relative ones.
fn covers_root(denied: &[String], root: &str, cwd: &str) -> bool {
    denied.iter().any(|p| {
        let base = if p.starts_with('/') { "/" } else { cwd };
        let Some(rel) = relative_inside(base, root) else {
            return false;
        };
        let mut builder = GitignoreBuilder::new(base);
        if builder.add_line(None, p).is_err() {
            return false;
        }
        let Ok(gi) = builder.build() else {
            return false;
        };
        gi.matched_path_or_any_parents(&rel, false).is_ignore()
            || gi.matched_path_or_any_parents(&rel, true).is_ignore()
    })
}

/// `path` relative to `base` when it lies strictly inside it.
fn relative_inside(base: &str, path: &str) -> Option<String> {
    let rel = Path::new(path).strip_prefix(base).ok()?;
    let rel = rel.to_string_lossy().into_owned();
    (!rel.is_empty()).then_some(rel)
}

/// `pattern` (written from `pattern_root`) as seen from the search `root`.
fn rebase(pattern_root: &str, pattern: &str, root: &str) -> Vec<String> {
    if pattern_root == root {
        return vec![pattern.to_string()];
    }
    let joined = join(pattern_root, pattern);
    let prefix = format!("{}/", root.trim_end_matches('/'));
    if joined.starts_with(&prefix) {
        return vec![joined[root.trim_end_matches('/').len()..].to_string()];
    }
    // The search root lies below the pattern's root: walk the pattern down to it.
    match relative_inside(pattern_root, root) {
        Some(rel) => {
            let segs: Vec<&str> = rel.split('/').filter(|s| !s.is_empty()).collect();
            descend(pattern, &segs)
        }
        None => Vec::new(),
    }
}

/// `a` (absolute) joined with `b` as a path, `.`, `..` and repeated slashes resolved.
fn join(a: &str, b: &str) -> String {
    let joined = normalize(&Path::new(a).join(b.trim_start_matches('/')));
    let mut out = joined.to_string_lossy().into_owned();
    if b.ends_with('/') && !out.ends_with('/') {
        out.push('/');
    }
    out
}

/// What is left of `pattern` once its leading parts have matched the folders `segs`, for
/// every way they can: `**` when the pattern is used up (all of the root is covered).
fn descend(pattern: &str, segs: &[&str]) -> Vec<String> {
    let parts: Vec<&str> = pattern
        .split('/')
        .filter(|p| !p.is_empty() && *p != ".")
        .collect();
    let trailing = if pattern.ends_with('/') { "/" } else { "" };
    let mut found: Vec<String> = Vec::new();
    let mut seen: Vec<(usize, usize)> = Vec::new();
    let mut stack = vec![(0usize, 0usize)];
    while let Some((from, at)) = stack.pop() {
        if seen.contains(&(from, at)) {
            continue;
        }
        seen.push((from, at));
        let rest = &parts[from..];
        let result = if at == segs.len() {
            Some(if rest.is_empty() {
                "**".to_string()
            } else {
                format!("{}{trailing}", rest.join("/"))
            })
        } else if rest.is_empty() {
            Some("**".to_string())
        } else {
            None
        };
        if let Some(r) = result {
            if !found.contains(&r) {
                found.push(r);
            }
            continue;
        }
        if rest[0] == "**" {
            stack.push((from, at + 1));
            stack.push((from + 1, at));
        } else if glob_segment(rest[0], segs[at]) {
            stack.push((from + 1, at + 1));
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn globs(denied: &[&str], root: &str) -> Vec<String> {
        let denied: Vec<String> = denied.iter().map(|s| s.to_string()).collect();
        deny_globs(&denied, Path::new(root), Path::new("/ws"), true)
    }

    #[test]
    fn unanchored_names_match_at_any_depth() {
        // dr_star_env, dr_bare_env, dr_ext_log
        assert_eq!(globs(&["**/.env"], "/ws"), ["!**/**/.env"]);
        assert_eq!(globs(&[".env"], "/ws/sub"), ["!**/.env"]);
        assert_eq!(globs(&["*.log"], "/ws"), ["!**/*.log"]);
    }

    #[test]
    fn relative_paths_with_a_slash_also_anchor_at_the_cwd() {
        // dr_rel_slash_file: nest/sub/rel.txt is left out too; dr_rel_dir_glob
        assert_eq!(globs(&["sub/rel.txt"], "/ws"), ["!**/sub/rel.txt"]);
        assert_eq!(
            globs(&["sub/rel.txt"], "/"),
            ["!**/sub/rel.txt", "!/ws/sub/rel.txt"]
        );
        assert_eq!(globs(&["secrets"], "/ws/sub"), ["!**/secrets"]);
    }

    #[test]
    fn anchored_paths_rebase_onto_the_search_root() {
        // dr_anchored_dir: /ws/secrets from Read(/secrets/**)
        assert_eq!(globs(&["/ws/secrets"], "/ws"), ["!/secrets"]);
        // Searching sub: the rule leads elsewhere.
        assert!(globs(&["/ws/secrets"], "/ws/sub").is_empty());
        // dr_abs_outside: a search of the scratch root above the rule's folder.
        assert_eq!(globs(&["/r/outside"], "/r"), ["!/outside"]);
        assert_eq!(globs(&["/ws/docs/private"], "/ws/docs"), ["!/private"]);
    }

    #[test]
    fn a_rule_covering_the_search_root_excludes_everything() {
        // dr_dir_trailing: Glob of docs with Read(docs/) finds nothing.
        assert_eq!(globs(&["docs/"], "/ws/docs"), ["!**"]);
        assert_eq!(globs(&["/ws/docs"], "/ws/docs/private"), ["!**"]);
    }

    #[test]
    fn a_trailing_double_star_also_excludes_the_folder() {
        assert_eq!(globs(&["/ws/a/**"], "/ws"), ["!/a/**", "!/a"]);
        assert!(globs(&["/ws/[ab]"], "/ws").is_empty());
    }

    #[test]
    fn patterns_with_brackets_judge_each_file() {
        // dr_bracket
        let judged = Judged::new(&["**/[r]el.txt".to_string()], Path::new("/ws"));
        assert!(judged.denies(Path::new("/ws/nest/sub/rel.txt")));
        assert!(judged.denies(Path::new("/ws/REL.txt")));
        assert!(!judged.denies(Path::new("/ws/top.log")));
        let anchored = Judged::new(&["sub/[r]el.txt".to_string()], Path::new("/ws"));
        assert!(anchored.denies(Path::new("/ws/sub/rel.txt")));
        assert!(!anchored.denies(Path::new("/ws/nest/sub/rel.txt")));
        assert!(Judged::new(&["**/.env".to_string()], Path::new("/ws"))
            .0
            .is_empty());
    }

    #[test]
    fn descending_matches_leading_parts() {
        assert_eq!(descend("/ws/**/x", &["ws", "sub"]), ["**/x"]);
        assert_eq!(descend("/ws/*/x", &["ws", "sub"]), ["x"]);
        assert!(descend("/ws/secrets", &["ws", "sub"]).is_empty());
    }
}

//! Deny rules' paths as the reference reads them: for a call naming a path
//! ([`deny_rule_covers`]) and for the searches Grep and Glob make ([`search_exclusion`]).
//! See `tests/conformance/denyrules/README.md`.

use std::path::{Path, PathBuf};

use super::path::{rule_matches, rule_matches_dir};

/// A `Read(...)` deny rule's path as Grep and Glob leave it out of a search: anchored forms
/// become absolute patterns (`//etc/x` -> `/etc/x`, `~/x` -> `<home>/x`, `/x` -> `<root>/x`),
/// `./x` loses its `./`, the rest stays as written (it matches at any depth); repeated
/// slashes collapse and a trailing `/**` goes (the folder covers what is inside it). `None`
/// for `~/x` without a home.
///
/// ```
/// use std::path::Path;
/// use oxagent_core::rules::deny_path::search_exclusion;
/// let (root, home) = (Path::new("/ws"), Some(Path::new("/home/u")));
/// assert_eq!(search_exclusion("/secrets/**", root, home).unwrap(), "/ws/secrets");
/// assert_eq!(search_exclusion("./rel.txt", root, home).unwrap(), "rel.txt");
/// assert_eq!(search_exclusion("~/notes/**", root, home).unwrap(), "/home/u/notes");
/// ```
pub fn search_exclusion(content: &str, root: &Path, home: Option<&Path>) -> Option<String> {
    let anchored =
        |base: &Path, rest: &str| format!("{}{rest}", base.to_string_lossy().trim_end_matches('/'));
    let pattern = if let Some(rest) = content.strip_prefix("//") {
        format!("/{rest}")
    } else if let Some(rest) = content.strip_prefix("~/") {
        anchored(home?, &format!("/{rest}"))
    } else if content.starts_with('/') {
        anchored(root, content)
    } else {
        content.strip_prefix("./").unwrap_or(content).to_string()
    };
    let mut collapsed = String::with_capacity(pattern.len());
    for c in pattern.chars() {
        if !(c == '/' && collapsed.ends_with('/')) {
            collapsed.push(c);
        }
    }
    Some(match collapsed.strip_suffix("/**") {
        Some(dir) if !dir.is_empty() => dir.to_string(),
        Some(_) => "/**".to_string(),
        None => collapsed,
    })
}

/// A deny (or ask) rule's path as the reference matches it: a trailing `/**` goes first, so
/// `secrets/**` is the bare name `secrets` and matches at any depth (dr_rel_dir_glob), while
/// `/secrets/**` and `docs/private/**` stay anchored.
///
/// ```
/// use oxagent_core::rules::deny_path::deny_form;
/// assert_eq!(deny_form("secrets/**"), "secrets");
/// assert_eq!(deny_form("/secrets/**"), "/secrets/**");
/// ```
pub fn deny_form(content: &str) -> &str {
    match content.strip_suffix("/**") {
        Some(name) if !name.is_empty() && !name.contains('/') && !name.starts_with('~') => name,
        _ => content,
    }
}

/// Whether a deny rule's path covers `path`, as the reference judges a call naming it: the
/// rule in its [`deny_form`], matched without regard to case (dr_case_upper: `Read(**/.ENV)`
/// refuses `.env`); `search` for the folder a Grep or Glob searches ([`rule_matches_dir`]).
pub fn deny_rule_covers(
    content: &str,
    path: &Path,
    root: &Path,
    home: Option<&Path>,
    search: bool,
) -> bool {
    let lower = |p: &Path| PathBuf::from(p.to_string_lossy().to_lowercase());
    let content = deny_form(content).to_lowercase();
    let (path, root, home) = (lower(path), lower(root), home.map(lower));
    if search {
        rule_matches_dir(&content, &path, &root, home.as_deref())
    } else {
        rule_matches(&content, &path, &root, home.as_deref())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(rule: &str, path: &str) -> bool {
        rule_matches_dir(
            rule,
            Path::new(path),
            Path::new("/ws"),
            Some(Path::new("/h")),
        )
    }

    #[test]
    fn a_folder_only_rule_does_not_cover_the_folder_searched() {
        // dr_dir_trailing: Glob of docs finds nothing, Glob of docs/private is refused.
        assert!(!dir("docs/", "/ws/docs"));
        assert!(dir("docs/", "/ws/docs/private"));
        assert!(dir("docs", "/ws/docs"));
    }

    #[test]
    fn dot_slash_then_a_bare_name_matches_at_any_depth() {
        // dr_dot_rel: Read(./rel.txt) refuses sub/rel.txt too.
        assert!(rule_matches(
            "./rel.txt",
            Path::new("/ws/sub/rel.txt"),
            Path::new("/ws"),
            None
        ));
        assert!(!rule_matches(
            "./docs/a.txt",
            Path::new("/ws/x/docs/a.txt"),
            Path::new("/ws"),
            None
        ));
    }

    #[test]
    fn a_name_then_double_star_is_the_bare_name() {
        // dr_rel_dir_glob: Read(secrets/**) refuses sub/secrets/key.txt.
        let c = deny_form("secrets/**");
        assert!(rule_matches(
            c,
            Path::new("/ws/sub/secrets/key.txt"),
            Path::new("/ws"),
            None
        ));
        assert_eq!(deny_form("docs/private/**"), "docs/private/**");
    }

    #[test]
    fn deny_rules_match_without_regard_to_case() {
        // dr_case_upper
        let root = Path::new("/ws");
        assert!(deny_rule_covers(
            "**/.ENV",
            Path::new("/ws/.env"),
            root,
            None,
            false
        ));
        assert!(deny_rule_covers(
            "/Secrets/**",
            Path::new("/ws/secrets"),
            root,
            None,
            true
        ));
        assert!(!deny_rule_covers(
            "docs/",
            Path::new("/ws/docs"),
            root,
            None,
            true
        ));
    }

    #[test]
    fn search_exclusions_anchor_at_their_roots() {
        let (root, home) = (Path::new("/ws"), Some(Path::new("/h")));
        // dr_abs_outside, dr_tilde_dir, dr_anchored_file, dr_star_env
        assert_eq!(
            search_exclusion("//r/outside/**", root, home).unwrap(),
            "/r/outside"
        );
        assert_eq!(
            search_exclusion("~/notes/n.txt", root, home).unwrap(),
            "/h/notes/n.txt"
        );
        assert_eq!(
            search_exclusion("/rel.txt", root, home).unwrap(),
            "/ws/rel.txt"
        );
        assert_eq!(search_exclusion("**/.env", root, home).unwrap(), "**/.env");
        assert_eq!(search_exclusion("docs/", root, home).unwrap(), "docs/");
        assert!(search_exclusion("~/x", root, None).is_none());
    }
}

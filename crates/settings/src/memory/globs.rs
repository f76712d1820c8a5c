//! Whether a conditional rule's `paths:` globs match a file, as `.gitignore` lines match a
//! path below the rule's base directory (the directory holding `.claude/rules`; for the
//! user's rules, the working directory): `*.py` at any depth, `src/*.py` from the base,
//! `tests/` everything below `tests`.

use std::path::Path;

use ignore::gitignore::GitignoreBuilder;

pub(crate) fn matches(globs: &[String], base: &Path, file: &Path) -> bool {
    let Ok(rel) = file.strip_prefix(base) else {
        return false;
    };
    if rel.as_os_str().is_empty() {
        return false;
    }
    let mut builder = GitignoreBuilder::new(base);
    for g in globs {
        if builder.add_line(None, g).is_err() {
            return false;
        }
    }
    let Ok(set) = builder.build() else {
        return false;
    };
    set.matched_path_or_any_parents(rel, false).is_ignore()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms() {
        // mem_rules_paths_forms.
        let b = Path::new("/w");
        let m = |g: &[&str], f: &str| {
            let g: Vec<String> = g.iter().map(|s| s.to_string()).collect();
            matches(&g, b, &b.join(f))
        };
        assert!(m(&["*.py"], "src/deep/b.py"));
        assert!(m(&["src/*.py", "lib"], "lib/x/y.txt"));
        assert!(!m(&["src/*.py"], "src/deep/b.py"));
        assert!(m(&["src/a.js"], "src/a.js"));
        assert!(m(&["tests/"], "tests/t.txt"));
        assert!(m(&["**/*.py"], "w/new.py"));
        assert!(!m(&["docs/*.md"], "notes/n.md"));
        assert!(!matches(&["*.py".into()], b, Path::new("/elsewhere/a.py")));
    }
}

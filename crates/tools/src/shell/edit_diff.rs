//! `bashEditDiff`: what a git command that rewrites the working tree changed. Outside a
//! repository the reference records that it skipped looking (fa_vcs_kinds):
//! `{"files": [], "moreFiles": 0, "skipped": true}` after a `git switch`, `pull`, `merge`,
//! `rebase`, `stash`, `cherry-pick`, `revert` or a `checkout` of files that succeeded.
//! Inside a work tree (a `.git` in the directory or above it), the first command of a session
//! that may change files looks at what git sees; when git cannot tell (a `.git` git does not
//! take for a repository, or a `git` on the PATH that is not git), that command records
//! `{"files": [], "moreFiles": 0, "unavailable": true}` and the later ones nothing
//! (fuzz-a `fa_pin_editdiff_*`, `fa_244`, `fa_384`). What a real repository's diff shows is
//! not built (a repository `git init` just made shows nothing: `hazard_redir_d`).

use std::path::Path;

use serde_json::{json, Value};

/// The git subcommands that rewrite files of the working tree.
const REWRITING: &[&str] = &[
    "switch",
    "pull",
    "merge",
    "rebase",
    "stash",
    "cherry-pick",
    "revert",
    "checkout",
];

/// The record for `command` run from `cwd`, when it is a rewriting git command outside a
/// repository.
pub(crate) fn skipped(command: &str, cwd: &Path) -> Option<Value> {
    let words: Vec<&str> = command.split_whitespace().collect();
    if words.first() != Some(&"git") || words.len() < 2 {
        return None;
    }
    let sub = words[1];
    // `checkout -b NAME` only makes a branch.
    let rewrites = REWRITING.contains(&sub) && !(sub == "checkout" && words.get(2) == Some(&"-b"));
    let in_repo = cwd.ancestors().any(|d| d.join(".git").exists());
    (rewrites && !in_repo).then(|| json!({"files": [], "moreFiles": 0, "skipped": true}))
}

/// Whether `cwd` is inside a work tree: a `.git` (folder or file) there or above it.
pub(crate) fn in_work_tree(cwd: &Path) -> bool {
    cwd.ancestors().any(|d| d.join(".git").exists())
}

/// The record of the first command that may change files in a work tree, looked for before
/// it runs: `unavailable` when git, as the command's environment finds it, does not say the
/// directory is inside a work tree; none when it does (the diff is not built).
pub(crate) async fn unavailable(
    cwd: &Path,
    env: &std::collections::BTreeMap<String, String>,
) -> Option<Value> {
    let out = tokio::process::Command::new("git")
        .args(["rev-parse", "--is-inside-work-tree"])
        .current_dir(cwd)
        .envs(env)
        .stdin(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .output()
        .await;
    let can_tell = out
        .is_ok_and(|o| o.status.success() && String::from_utf8_lossy(&o.stdout).trim() == "true");
    (!can_tell).then(|| json!({"files": [], "moreFiles": 0, "unavailable": true}))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rewriting_commands_outside_a_repository() {
        let dir = Path::new("/nonexistent-ws");
        for c in [
            "git switch main",
            "git pull",
            "git checkout notes.txt",
            "git stash",
        ] {
            assert!(skipped(c, dir).is_some(), "{c}");
        }
        for c in [
            "git checkout -b feat",
            "git commit -m x",
            "git reset --hard",
            "echo git pull",
        ] {
            assert!(skipped(c, dir).is_none(), "{c}");
        }
    }

    #[tokio::test]
    async fn a_work_tree_git_cannot_read_is_unavailable() {
        let dir = tempfile::tempdir().unwrap();
        assert!(!in_work_tree(dir.path()));
        std::fs::create_dir(dir.path().join(".git")).unwrap();
        std::fs::write(dir.path().join(".git/config"), "w5\n").unwrap();
        let inner = dir.path().join("src");
        std::fs::create_dir(&inner).unwrap();
        assert!(in_work_tree(&inner));
        let env = std::collections::BTreeMap::from([(
            "GIT_CEILING_DIRECTORIES".to_string(),
            dir.path().parent().unwrap().to_string_lossy().into_owned(),
        )]);
        assert_eq!(
            unavailable(&inner, &env).await,
            Some(json!({"files": [], "moreFiles": 0, "unavailable": true}))
        );
        // A repository git made can tell, commits or none.
        let made = tempfile::tempdir().unwrap();
        let init = std::process::Command::new("git")
            .args(["init", "-q"])
            .current_dir(made.path())
            .status();
        if init.is_ok_and(|s| s.success()) {
            assert_eq!(unavailable(made.path(), &env).await, None);
        }
    }
}

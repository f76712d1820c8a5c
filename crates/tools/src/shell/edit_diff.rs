//! `bashEditDiff`: what a git command that rewrites the working tree changed. Outside a
//! repository the reference records that it skipped looking (fa_vcs_kinds):
//! `{"files": [], "moreFiles": 0, "skipped": true}` after a `git switch`, `pull`, `merge`,
//! `rebase`, `stash`, `cherry-pick`, `revert` or a `checkout` of files that succeeded.
//! Inside a work tree, see `work_tree.rs`.

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
    (rewrites && !super::work_tree::has_git_dir(cwd))
        .then(|| json!({"files": [], "moreFiles": 0, "skipped": true}))
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
}

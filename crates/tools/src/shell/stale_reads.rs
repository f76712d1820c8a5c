//! After a command that edits files in place with `sed -i`, the model is told which of the
//! files it had read changed, as the reference tells it (`staleReadFileStateHint`): what it
//! read of them is out of date. Other writers (`cp`, `touch`, `>>`, `perl -pi`) are not
//! looked for, as in the reference.

use std::path::{Path, PathBuf};

use oxagent_core::rules::shell::parse;

use crate::fs::file_state::{FileState, Freshness};
use crate::paths::{display_path, resolve};

/// The files `command` names to `sed -i` (or `--in-place`), resolved in `cwd`.
fn sed_in_place_targets(command: &str, cwd: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for cmd in parse(command).commands {
        let Some((name, args)) = cmd.words.split_first() else {
            continue;
        };
        if name != "sed" {
            continue;
        }
        let in_place = args
            .iter()
            .any(|a| a.starts_with("--in-place") || (a.starts_with("-i") && !a.starts_with("--")));
        if !in_place {
            continue;
        }
        // The script is the first word that is not a flag, unless `-e` gives it.
        let explicit = args.iter().any(|a| a == "-e" || a == "--expression");
        let mut skip_next = false;
        let mut script_seen = explicit;
        for a in args {
            if skip_next {
                skip_next = false;
                continue;
            }
            if a == "-e" || a == "--expression" || a == "-f" {
                skip_next = true;
                continue;
            }
            if a.starts_with('-') {
                continue;
            }
            if !script_seen {
                script_seen = true;
                continue;
            }
            out.push(resolve(a, cwd));
        }
    }
    out
}

/// The hint for `command`, run in `cwd`, if it changed files the model had read.
pub fn hint(command: &str, cwd: &Path, session_cwd: &Path, files: &FileState) -> Option<String> {
    let mut changed: Vec<String> = Vec::new();
    for path in sed_in_place_targets(command, cwd) {
        if !files.has_seen(&path) {
            continue;
        }
        let now = std::fs::read(&path)
            .map(|b| String::from_utf8_lossy(&b).into_owned())
            .unwrap_or_default();
        if files.freshness(&path, &now) == Freshness::ChangedOnDisk {
            let name = display_path(&path, session_cwd);
            if !changed.contains(&name) {
                changed.push(name);
            }
        }
    }
    if changed.is_empty() {
        return None;
    }
    let noun = if changed.len() == 1 { "file" } else { "files" };
    Some(format!(
        "[This command modified {} {noun} you've previously read: {}. Call Read before editing.]",
        changed.len(),
        changed.join(", ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_sed_in_place_targets_count() {
        let cwd = Path::new("/ws");
        assert_eq!(
            sed_in_place_targets(
                "sed -i 's/a/A/' a.txt b.txt && sed -i.bak -e s/x/y/ /t/c",
                cwd
            ),
            [
                PathBuf::from("/ws/a.txt"),
                PathBuf::from("/ws/b.txt"),
                PathBuf::from("/t/c")
            ]
        );
        assert!(
            sed_in_place_targets("sed 's/a/A/' a.txt; perl -pi -e s/a/b/ a.txt", cwd).is_empty()
        );
    }
}

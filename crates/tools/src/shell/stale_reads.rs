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
    for target in sed_in_place_targets(command, cwd) {
        // Every name the file was read by (through a link too), the latest first; `sed -i`
        // rewrites the file, so a new modification time counts as a change (fa_183, fa_217).
        let Ok(real) = std::fs::canonicalize(&target) else {
            continue;
        };
        for (path, seen_at) in files.seen_as(&real) {
            let now = std::fs::read(&path)
                .map(|b| String::from_utf8_lossy(&b).into_owned())
                .unwrap_or_default();
            let modified = std::fs::metadata(&path).and_then(|m| m.modified()).ok();
            if files.freshness(&path, &now) == Freshness::ChangedOnDisk || modified != seen_at {
                let name = display_path(&path, session_cwd);
                if !changed.contains(&name) {
                    changed.push(name);
                }
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

    #[test]
    fn every_name_a_rewritten_file_was_read_by_is_listed_latest_first() {
        let dir = tempfile::tempdir().unwrap();
        let ws = dir.path().canonicalize().unwrap();
        std::fs::create_dir(ws.join("src")).unwrap();
        std::fs::write(ws.join("src/app.js"), "app\n").unwrap();
        std::os::unix::fs::symlink("src", ws.join("link")).unwrap();
        let files = FileState::new();
        files.record(&ws.join("src/app.js"), "app\n");
        files.record(&ws.join("link/app.js"), "app\n");
        // Rewritten with the same text: a new modification time is a change all the same.
        std::thread::sleep(std::time::Duration::from_millis(20));
        std::fs::write(ws.join("src/app.js"), "app\n").unwrap();
        assert_eq!(
            hint("sed -i s/x/y/ src/app.js", &ws, &ws, &files).as_deref(),
            Some(
                "[This command modified 2 files you've previously read: link/app.js, src/app.js. \
                 Call Read before editing.]"
            )
        );
    }
}

//! `bashEditDiff` inside a git work tree: what a command changed, as git sees the files.
//!
//! At the session's first command the tracker decides what it compares in (the work tree
//! then, or none). In a work tree git can read, each command that may change files is
//! bracketed by two snapshots of the tree as git would add it (tracked and untracked files,
//! ignored ones left out: `git add -A` into a copy of the index, then `write-tree`, the
//! objects written to a scratch store of the session's own, the repository's read beside it,
//! so the repository gains nothing), and the
//! record is the diff between them: up to five files with their hunks (`created`, `deleted`),
//! the rest counted in `moreFiles` (binary files and mode changes too), every path in
//! `changedFiles`. A command that changed nothing, or failed, records nothing. The session's
//! first record numbers an empty side of a hunk from 0 and leaves out git's "\ No newline at
//! end of file" lines; the later ones number it from 1 and keep those lines, as the
//! reference's records do (`gitdiff/gp_del`).
//!
//! Where git cannot tell (a `.git` git does not take for a repository, a `git` on the PATH
//! that is not git), or where a work tree with a commit appeared after the session's start,
//! the first command that may change files records `unavailable` and later ones nothing
//! (fuzz-a `fa_pin_editdiff_*`, `fa_384`; `tests/conformance/gitdiff`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use serde_json::{json, Map, Value};

/// How many changed files a record shows with their hunks.
const SHOWN_FILES: usize = 5;

fn unavailable() -> Value {
    json!({"files": [], "moreFiles": 0, "unavailable": true})
}

/// Whether `cwd` is inside a work tree: a `.git` (folder or file) there or above it.
pub(crate) fn has_git_dir(cwd: &Path) -> bool {
    cwd.ancestors().any(|d| d.join(".git").exists())
}

/// What the session compares in, decided at its first command.
#[derive(Debug, Clone)]
enum Baseline {
    /// No work tree then.
    Outside,
    /// A work tree git reads.
    Repo(Repo),
    /// A `.git` git does not read.
    Broken,
}

/// A session's view of its work tree, shared by its commands.
#[derive(Debug, Default)]
pub struct Tracker {
    baseline: Mutex<Option<Baseline>>,
    /// The one `unavailable` record (or the silent look) was made.
    tried: AtomicBool,
    /// A work tree was there when the last command was over.
    seen: AtomicBool,
    /// A diff was recorded already.
    recorded: Arc<AtomicBool>,
    /// Where the snapshots' objects go, made at the first.
    scratch: Mutex<Option<Arc<Scratch>>>,
}

/// A folder of the session's own for the snapshots: an object store and index copies;
/// removed when the last command using it is over and the session is gone.
#[derive(Debug)]
pub(crate) struct Scratch {
    dir: PathBuf,
}

impl Scratch {
    fn new() -> Option<Scratch> {
        let dir = std::env::temp_dir().join(format!(
            "oxagent-git-{}-{:016x}",
            std::process::id(),
            fastrand::u64(..)
        ));
        std::fs::create_dir_all(dir.join("objects")).ok()?;
        Some(Scratch { dir })
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Where git reads and writes for a snapshot: an index copy, the scratch object store in
/// front of the repository's.
struct Stores<'a> {
    index: Option<&'a Path>,
    scratch: &'a Scratch,
    objects: &'a Path,
}

/// A work tree git reads: its top folder, its index file and its object store.
#[derive(Debug, Clone)]
pub(crate) struct Repo {
    root: PathBuf,
    index: PathBuf,
    objects: PathBuf,
}

/// What a command does about its record, decided before it runs.
pub(crate) enum Plan {
    Nothing,
    /// This record, whatever the command does.
    Record(Value),
    /// Compare with this snapshot once the command is over.
    Compare {
        repo: Repo,
        scratch: Arc<Scratch>,
        tree: String,
        recorded: Arc<AtomicBool>,
    },
}

type Env = BTreeMap<String, String>;

async fn git(dir: &Path, env: &Env, args: &[&str], stores: Option<&Stores<'_>>) -> Option<String> {
    let mut cmd = tokio::process::Command::new("git");
    cmd.args(args)
        .current_dir(dir)
        .envs(env)
        .env("GIT_OPTIONAL_LOCKS", "0")
        .stdin(std::process::Stdio::null())
        .stderr(std::process::Stdio::null());
    if let Some(stores) = stores {
        if let Some(index) = stores.index {
            cmd.env("GIT_INDEX_FILE", index);
        }
        cmd.env("GIT_OBJECT_DIRECTORY", stores.scratch.dir.join("objects"))
            .env("GIT_ALTERNATE_OBJECT_DIRECTORIES", stores.objects);
    }
    let out = cmd.output().await.ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Whether git, as `env` finds it, takes `dir` for a work tree.
async fn git_reads(dir: &Path, env: &Env) -> bool {
    git(dir, env, &["rev-parse", "--is-inside-work-tree"], None)
        .await
        .is_some_and(|o| o.trim() == "true")
}

async fn decide(cwd: &Path, env: &Env) -> Baseline {
    if !has_git_dir(cwd) {
        return Baseline::Outside;
    }
    if !git_reads(cwd, env).await {
        return Baseline::Broken;
    }
    let root = git(cwd, env, &["rev-parse", "--show-toplevel"], None).await;
    let path = |name: &'static str| async move {
        let args = ["rev-parse", "--path-format=absolute", "--git-path", name];
        git(cwd, env, &args, None).await
    };
    let (index, objects) = (path("index").await, path("objects").await);
    match (root, index, objects) {
        (Some(root), Some(index), Some(objects)) => {
            let path = |p: String| PathBuf::from(p.trim_end_matches('\n'));
            Baseline::Repo(Repo {
                root: path(root),
                index: path(index),
                objects: path(objects),
            })
        }
        _ => Baseline::Broken,
    }
}

/// The tree the work tree would be if every change were added: from a copy of the index,
/// its objects in the scratch store, so the user's index and repository stay untouched.
async fn snapshot(repo: &Repo, scratch: &Scratch, env: &Env) -> Option<String> {
    let copy = scratch
        .dir
        .join(format!("index-{:016x}", fastrand::u64(..)));
    if repo.index.is_file() {
        std::fs::copy(&repo.index, &copy).ok()?;
    }
    let stores = Stores {
        index: Some(&copy),
        scratch,
        objects: &repo.objects,
    };
    let tree = async {
        git(&repo.root, env, &["add", "-A"], Some(&stores)).await?;
        git(&repo.root, env, &["write-tree"], Some(&stores)).await
    }
    .await;
    let _ = std::fs::remove_file(&copy);
    tree.map(|t| t.trim().to_string())
}

impl Tracker {
    /// A command run from `cwd` is over: whether a work tree is there now.
    pub(crate) fn finished(&self, cwd: &Path) {
        self.seen.store(has_git_dir(cwd), Ordering::Relaxed);
    }

    /// What `command` (run from `cwd`) records, decided before it runs.
    pub(crate) async fn before(&self, cwd: &Path, env: &Env, read_only: bool) -> Plan {
        let known = self
            .baseline
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone();
        let baseline = match known {
            Some(b) => b,
            None => {
                let b = decide(cwd, env).await;
                let mut slot = self.baseline.lock().unwrap_or_else(|p| p.into_inner());
                slot.get_or_insert(b).clone()
            }
        };
        if read_only {
            return Plan::Nothing;
        }
        match baseline {
            Baseline::Repo(repo) => {
                let scratch = {
                    let mut slot = self.scratch.lock().unwrap_or_else(|p| p.into_inner());
                    if slot.is_none() {
                        *slot = Scratch::new().map(Arc::new);
                    }
                    slot.clone()
                };
                let Some(scratch) = scratch else {
                    return Plan::Nothing;
                };
                match snapshot(&repo, &scratch, env).await {
                    Some(tree) => Plan::Compare {
                        repo,
                        scratch,
                        tree,
                        recorded: self.recorded.clone(),
                    },
                    None => Plan::Nothing,
                }
            }
            Baseline::Broken => match self.tried.swap(true, Ordering::Relaxed) {
                false => Plan::Record(unavailable()),
                true => Plan::Nothing,
            },
            // A work tree that appeared since the start, as the last command found it when it
            // was over or as it is now (one a Write made in an earlier round: fuzz-a/fa_556):
            // git cannot compare it with the start; it says so once, but a bare `git init`
            // says nothing.
            // (Once it has said so, the folders are not looked at again.)
            Baseline::Outside
                if !self.tried.load(Ordering::Relaxed)
                    && (self.seen.load(Ordering::Relaxed) || has_git_dir(cwd))
                    && !self.tried.swap(true, Ordering::Relaxed) =>
            {
                let silent = git_reads(cwd, env).await
                    && git(cwd, env, &["rev-parse", "--verify", "-q", "HEAD"], None)
                        .await
                        .is_none();
                if silent {
                    Plan::Nothing
                } else {
                    Plan::Record(unavailable())
                }
            }
            Baseline::Outside => Plan::Nothing,
        }
    }
}

impl Plan {
    /// The record once the command is over (`succeeded`: it exited 0).
    pub(crate) async fn after(self, env: &Env, succeeded: bool) -> Option<Value> {
        match self {
            Plan::Nothing => None,
            Plan::Record(v) => Some(v),
            Plan::Compare { .. } if !succeeded => None,
            Plan::Compare {
                repo,
                scratch,
                tree,
                recorded,
            } => {
                let now = snapshot(&repo, &scratch, env).await?;
                if now == tree {
                    return None;
                }
                let args = [
                    "-c",
                    "core.quotepath=off",
                    "diff",
                    "--no-color",
                    "--no-ext-diff",
                    "--no-renames",
                    "--no-textconv",
                    "-U3",
                    tree.as_str(),
                    now.as_str(),
                ];
                let stores = Stores {
                    index: None,
                    scratch: &scratch,
                    objects: &repo.objects,
                };
                let patch = git(&repo.root, env, &args, Some(&stores)).await?;
                let r = record(&repo.root, &patch, recorded.load(Ordering::Relaxed))?;
                recorded.store(true, Ordering::Relaxed);
                Some(r)
            }
        }
    }
}

/// One file of a diff.
#[derive(Default)]
struct FileDiff {
    path: String,
    created: bool,
    deleted: bool,
    /// Binary, or only its mode changed: counted, not shown.
    opaque: bool,
    hunks: Vec<Value>,
}

impl FileDiff {
    fn shown(&self) -> bool {
        !self.opaque && (!self.hunks.is_empty() || self.created || self.deleted)
    }
}

/// `@@ -a,b +c,d @@`: (a, b, c, d), a count left out being 1.
fn hunk_header(line: &str) -> Option<[u64; 4]> {
    let inner = line.strip_prefix("@@ -")?.split(" @@").next()?;
    let (old, new) = inner.split_once(" +")?;
    let range = |r: &str| -> Option<(u64, u64)> {
        match r.split_once(',') {
            Some((s, n)) => Some((s.parse().ok()?, n.parse().ok()?)),
            None => Some((r.parse().ok()?, 1)),
        }
    };
    let ((a, b), (c, d)) = (range(old)?, range(new)?);
    Some([a, b, c, d])
}

/// The files of a `git diff` of two trees (`later`: numbered and worded as the session's
/// later records are).
fn parse(patch: &str, later: bool) -> Vec<FileDiff> {
    let mut files: Vec<FileDiff> = Vec::new();
    let mut lines: Option<Vec<Value>> = None;
    let flush = |files: &mut Vec<FileDiff>, lines: &mut Option<Vec<Value>>| {
        if let (Some(l), Some(f)) = (lines.take(), files.last_mut()) {
            if let Some(Value::Object(h)) = f.hunks.last_mut() {
                h.insert("lines".into(), Value::Array(l));
            }
        }
    };
    for line in patch.split('\n') {
        if let Some(rest) = line.strip_prefix("diff --git a/") {
            flush(&mut files, &mut lines);
            let path = rest.split(" b/").next().unwrap_or(rest).to_string();
            files.push(FileDiff {
                path,
                ..FileDiff::default()
            });
            continue;
        }
        let Some(file) = files.last_mut() else {
            continue;
        };
        if let Some(l) = lines.as_mut() {
            match line.chars().next() {
                Some(' ' | '+' | '-') => {
                    l.push(Value::String(line.to_string()));
                    continue;
                }
                Some('\\') => {
                    // "\ No newline at end of file"
                    if later {
                        l.push(Value::String(line.to_string()));
                    }
                    continue;
                }
                _ => {}
            }
        }
        if let Some([a, b, c, d]) = hunk_header(line) {
            flush(&mut files, &mut lines);
            // An empty side starts at 0 for git, at 1 in the later records.
            let (a, c) = if later { (a.max(1), c.max(1)) } else { (a, c) };
            if let Some(file) = files.last_mut() {
                let hunk = json!({"oldStart": a, "oldLines": b, "newStart": c, "newLines": d});
                file.hunks.push(hunk);
            }
            lines = Some(Vec::new());
        } else if line.starts_with("new file mode") {
            file.created = true;
        } else if line.starts_with("deleted file mode") {
            file.deleted = true;
        } else if line.starts_with("Binary files") || line.starts_with("new mode") {
            file.opaque = true;
        }
    }
    flush(&mut files, &mut lines);
    files
}

/// The record of a diff made in `root` (`later`: after an earlier record of the session).
fn record(root: &Path, patch: &str, later: bool) -> Option<Value> {
    let files = parse(patch, later);
    if files.is_empty() {
        return None;
    }
    let full = |p: &str| root.join(p).to_string_lossy().into_owned();
    let shown: Vec<Value> = files
        .iter()
        .filter(|f| f.shown())
        .take(SHOWN_FILES)
        .map(|f| {
            let mut m = Map::new();
            m.insert("filePath".into(), Value::String(full(&f.path)));
            m.insert("hunks".into(), Value::Array(f.hunks.clone()));
            if f.created {
                m.insert("created".into(), Value::Bool(true));
            }
            if f.deleted {
                m.insert("deleted".into(), Value::Bool(true));
            }
            Value::Object(m)
        })
        .collect();
    let changed: Vec<Value> = files.iter().map(|f| Value::String(full(&f.path))).collect();
    Some(json!({
        "files": shown,
        "moreFiles": files.len() - shown.len(),
        "changedFiles": changed,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_patch_becomes_files_and_hunks() {
        let patch = "diff --git a/fresh.txt b/fresh.txt\nnew file mode 100644\nindex 0000000..3e75765\n--- /dev/null\n+++ b/fresh.txt\n@@ -0,0 +1 @@\n+new\ndiff --git a/notes.txt b/notes.txt\nindex 1..2 100644\n--- a/notes.txt\n+++ b/notes.txt\n@@ -1,3 +1,4 @@\n alpha\n beta\n gamma\n+x\n\\ No newline at end of file\ndiff --git a/bin.dat b/bin.dat\nnew file mode 100644\nindex 0000000..1\nBinary files /dev/null and b/bin.dat differ\ndiff --git a/run.sh b/run.sh\nold mode 100644\nnew mode 100755\n";
        let r = record(Path::new("/ws"), patch, false).unwrap();
        assert_eq!(
            r,
            json!({"files": [
                {"filePath": "/ws/fresh.txt", "hunks": [{"oldStart": 0, "oldLines": 0, "newStart": 1, "newLines": 1, "lines": ["+new"]}], "created": true},
                {"filePath": "/ws/notes.txt", "hunks": [{"oldStart": 1, "oldLines": 3, "newStart": 1, "newLines": 4, "lines": [" alpha", " beta", " gamma", "+x"]}]}
            ], "moreFiles": 2, "changedFiles": ["/ws/fresh.txt", "/ws/notes.txt", "/ws/bin.dat", "/ws/run.sh"]})
        );
    }

    #[test]
    fn an_empty_new_file_is_shown_without_hunks() {
        let patch =
            "diff --git a/empty.txt b/empty.txt\nnew file mode 100644\nindex 0000000..e69de29\n";
        let r = record(Path::new("/ws"), patch, false).unwrap();
        assert_eq!(
            r["files"],
            json!([{"filePath": "/ws/empty.txt", "hunks": [], "created": true}])
        );
        assert_eq!(r["moreFiles"], 0);
    }

    #[test]
    fn later_records_number_an_empty_side_from_one_and_keep_the_newline_note() {
        let patch = "diff --git a/nl.txt b/nl.txt\nnew file mode 100644\nindex 0000000..1\n--- /dev/null\n+++ b/nl.txt\n@@ -0,0 +1,2 @@\n+a\n+b\n\\ No newline at end of file\n";
        let first = record(Path::new("/ws"), patch, false).unwrap();
        let hunk = json!({"oldStart": 0, "oldLines": 0, "newStart": 1, "newLines": 2, "lines": ["+a", "+b"]});
        assert_eq!(first["files"][0]["hunks"], json!([hunk]));
        let later = record(Path::new("/ws"), patch, true).unwrap();
        let hunk = json!({"oldStart": 1, "oldLines": 0, "newStart": 1, "newLines": 2,
            "lines": ["+a", "+b", "\\ No newline at end of file"]});
        assert_eq!(later["files"][0]["hunks"], json!([hunk]));
    }

    fn sh(dir: &Path, script: &str) {
        let ok = std::process::Command::new("sh")
            .args(["-c", script])
            .current_dir(dir)
            .status()
            .is_ok_and(|s| s.success());
        assert!(ok, "{script}");
    }

    #[tokio::test]
    async fn commands_in_a_repository_record_what_they_changed() {
        let dir = tempfile::tempdir().unwrap();
        let ws = dir.path().canonicalize().unwrap();
        std::fs::write(ws.join("notes.txt"), "alpha\nbeta\ngamma\n").unwrap();
        sh(
            &ws,
            "git init -q && git add -A && git -c user.email=a@b.c -c user.name=n commit -qm init",
        );
        let env = Env::new();
        let objects = || walk_count(&ws.join(".git/objects"));
        let stored = objects();
        let tracker = Tracker::default();
        // A read-only command decides the baseline and records nothing.
        assert!(matches!(
            tracker.before(&ws, &env, true).await,
            Plan::Nothing
        ));
        let plan = tracker.before(&ws, &env, false).await;
        sh(&ws, "echo delta >> notes.txt && echo new > fresh.txt");
        let r = plan.after(&env, true).await.unwrap();
        let notes = ws.join("notes.txt").to_string_lossy().into_owned();
        let fresh = ws.join("fresh.txt").to_string_lossy().into_owned();
        assert_eq!(r["changedFiles"], json!([fresh, notes]));
        assert_eq!(r["files"][0]["created"], true);
        assert_eq!(
            r["files"][1]["hunks"][0]["lines"],
            json!([" alpha", " beta", " gamma", "+delta"])
        );
        // The next command is compared with the tree as the last one left it; the user's
        // index is untouched.
        let plan = tracker.before(&ws, &env, false).await;
        sh(&ws, "sed -i s/beta/BETA/ notes.txt");
        let r = plan.after(&env, true).await.unwrap();
        assert_eq!(
            r["files"][0]["hunks"][0]["lines"],
            json!([" alpha", "-beta", "+BETA", " gamma", " delta"])
        );
        let status = std::process::Command::new("git")
            .args(["status", "--porcelain"])
            .current_dir(&ws)
            .output()
            .unwrap();
        assert_eq!(
            String::from_utf8_lossy(&status.stdout),
            " M notes.txt\n?? fresh.txt\n"
        );
        // Nothing changed, or a failed command: no record.
        let plan = tracker.before(&ws, &env, false).await;
        assert_eq!(plan.after(&env, true).await, None);
        let plan = tracker.before(&ws, &env, false).await;
        sh(&ws, "echo more >> notes.txt");
        assert_eq!(plan.after(&env, false).await, None);
        // The repository gained no object; the scratch store goes with the session.
        assert_eq!(objects(), stored);
        let scratch = tracker
            .scratch
            .lock()
            .unwrap()
            .as_ref()
            .unwrap()
            .dir
            .clone();
        assert!(scratch.is_dir());
        drop(tracker);
        assert!(!scratch.exists());
    }

    fn walk_count(dir: &Path) -> usize {
        std::fs::read_dir(dir).map_or(0, |entries| {
            entries
                .flatten()
                .map(|e| match e.path().is_dir() {
                    true => walk_count(&e.path()),
                    false => 1,
                })
                .sum()
        })
    }

    #[tokio::test]
    async fn a_work_tree_git_cannot_read_is_unavailable_once() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join(".git")).unwrap();
        std::fs::write(dir.path().join(".git/config"), "w5\n").unwrap();
        let env = Env::from([(
            "GIT_CEILING_DIRECTORIES".to_string(),
            dir.path().parent().unwrap().to_string_lossy().into_owned(),
        )]);
        let tracker = Tracker::default();
        assert!(matches!(
            tracker.before(dir.path(), &env, true).await,
            Plan::Nothing
        ));
        let first = tracker.before(dir.path(), &env, false).await;
        assert_eq!(first.after(&env, true).await, Some(unavailable()));
        let second = tracker.before(dir.path(), &env, false).await;
        assert_eq!(second.after(&env, true).await, None);
    }

    #[tokio::test]
    async fn a_repository_made_during_the_session() {
        // With a commit, or a `.git` git cannot read: unavailable once; a bare `git init`:
        // nothing.
        for (script, expected) in [
            ("git init -q && git -c user.email=a@b.c -c user.name=n commit -q --allow-empty -m i", Some(unavailable())),
            ("git init -q", None),
            ("mkdir .git && echo w2 > .git/config", Some(unavailable())),
        ] {
            let dir = tempfile::tempdir().unwrap();
            let env = Env::new();
            let tracker = Tracker::default();
            let plan = tracker.before(dir.path(), &env, false).await;
            sh(dir.path(), script);
            assert_eq!(plan.after(&env, true).await, None);
            tracker.finished(dir.path());
            let plan = tracker.before(dir.path(), &env, false).await;
            assert_eq!(plan.after(&env, true).await, expected, "{script}");
            let plan = tracker.before(dir.path(), &env, false).await;
            assert_eq!(plan.after(&env, true).await, None);
        }
    }

    #[tokio::test]
    async fn a_work_tree_made_between_commands_is_seen_by_the_next() {
        // A `.git` made by something else than a command (a Write in an earlier round) counts
        // for the next command that may change files, once (fuzz-a/fa_556).
        let dir = tempfile::tempdir().unwrap();
        let env = Env::new();
        let tracker = Tracker::default();
        let first = tracker.before(dir.path(), &env, false).await;
        assert_eq!(first.after(&env, true).await, None);
        tracker.finished(dir.path());
        sh(dir.path(), "mkdir .git && echo w2 > .git/config");
        let read_only = tracker.before(dir.path(), &env, true).await;
        assert_eq!(read_only.after(&env, true).await, None);
        let seen = tracker.before(dir.path(), &env, false).await;
        assert_eq!(seen.after(&env, true).await, Some(unavailable()));
        tracker.finished(dir.path());
        let later = tracker.before(dir.path(), &env, false).await;
        assert_eq!(later.after(&env, true).await, None);
    }
}

//! EnterWorktree and ExitWorktree: the session works in a git worktree of its repository
//! for a while, then comes back, keeping or removing it.
//!
//! ```text
//! EnterWorktree {name: "feat"}   git worktree add -b worktree-feat <repo>/.claude/worktrees/feat <base>
//!                                the shell moves there (Bash runs in the worktree)
//! EnterWorktree {path: P}        P must be a worktree `git worktree list` shows; the session
//!                                enters it but does not own it (ExitWorktree will not remove it)
//! ExitWorktree {action: "keep"}  back to where the session was; the worktree stays
//! ExitWorktree {action: "remove"} refused while the worktree has uncommitted files or commits
//!                                of its own, unless `discard_changes`; then
//!                                git worktree remove --force, git branch -D
//! ```
//!
//! The base of a new worktree is `origin/HEAD` when the repository has one, else `HEAD`.
//! Only the worktree this session entered can be left; paths are shown in curly quotes,
//! as the reference words them.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use oxagent_core::sync::lock;
use oxagent_core::tool::{ToolContext, ToolOutput};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::results::{plain_error, success, wrapped_error};
use crate::shell::ShellState;
use crate::typed::TypedTool;

/// A worktree name is at most this long.
const MAX_NAME: usize = 64;

const NOT_A_REPO: &str = "Cannot create a worktree: not in a git repository and no WorktreeCreate hooks are configured. Configure WorktreeCreate/WorktreeRemove hooks in settings.json to use worktree isolation with other VCS systems.";
const ALREADY_IN: &str = "Already in a worktree session. Pass `path` to switch into another existing worktree, or use ExitWorktree to leave this one before creating a new worktree.";
const NO_SESSION: &str = "No-op: there is no active EnterWorktree session to exit. This tool only operates on worktrees created by EnterWorktree in the current session \u{2014} it will not touch worktrees created manually or in a previous session. No filesystem changes were made.";
const IN_WORKTREE: &str =
    "The session is now working in the worktree. Use ExitWorktree to leave mid-session, or exit the session to be prompted.";

/// The worktree the session is in.
#[derive(Debug, Clone)]
struct Active {
    original_cwd: PathBuf,
    path: PathBuf,
    branch: Option<String>,
    /// The commit the worktree started from (its own commits are the ones after it).
    base: Option<String>,
    /// Entered by `path`: the session does not own it.
    entered_existing: bool,
}

/// The session's worktree, shared by the two tools; as a
/// [`WorkingDir`](oxagent_core::config::WorkingDir), the directory the session's tools
/// work in: the worktree while the session is in one, else `cwd`.
#[derive(Clone)]
pub struct WorktreeSession {
    active: Arc<Mutex<Option<Active>>>,
    shell: Arc<ShellState>,
    cwd: PathBuf,
}

impl WorktreeSession {
    pub fn new(shell: Arc<ShellState>, cwd: PathBuf) -> Self {
        WorktreeSession {
            active: Arc::default(),
            shell,
            cwd,
        }
    }
}

impl oxagent_core::config::WorkingDir for WorktreeSession {
    fn current(&self) -> PathBuf {
        match &*lock(&self.active) {
            Some(active) => active.path.clone(),
            None => self.cwd.clone(),
        }
    }
}

/// `“path”`: a path or branch as the results quote it.
fn quoted(s: impl std::fmt::Display) -> String {
    format!("\u{201c}{s}\u{201d}")
}

/// Runs git in `dir`; its trimmed stdout, or its stderr as the error.
async fn git(dir: &Path, args: &[&str]) -> Result<String, String> {
    let out = tokio::process::Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(args)
        .stdin(std::process::Stdio::null())
        .output()
        .await
        .map_err(|e| e.to_string())?;
    if out.status.success() {
        Ok(String::from_utf8_lossy(&out.stdout).trim_end().to_string())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).trim().to_string())
    }
}

/// The main checkout of the repository `dir` is in (a worktree's too).
async fn repo_root(dir: &Path) -> Option<PathBuf> {
    let common = git(
        dir,
        &["rev-parse", "--path-format=absolute", "--git-common-dir"],
    )
    .await
    .ok()?;
    let common = PathBuf::from(common);
    if common.file_name().is_some_and(|n| n == ".git") {
        return common.parent().map(Path::to_path_buf);
    }
    git(dir, &["rev-parse", "--show-toplevel"])
        .await
        .ok()
        .map(PathBuf::from)
}

/// What is wrong with a worktree name, in the reference's words.
fn name_problem(name: &str) -> Option<String> {
    if name.chars().count() > MAX_NAME {
        return Some(format!(
            "Invalid worktree name: must be {MAX_NAME} characters or fewer (got {})",
            name.chars().count()
        ));
    }
    for seg in name.split('/') {
        if seg == "." || seg == ".." {
            return Some(format!(
                "Invalid worktree name \"{name}\": must not contain \".\" or \"..\" path segments"
            ));
        }
        if seg.to_lowercase().trim_end_matches('.') == ".git" {
            return Some(format!(
                "Invalid worktree name \"{name}\": \"{seg}\" is a reserved git directory name"
            ));
        }
        let ok = !seg.is_empty()
            && seg
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'));
        if !ok {
            return Some(format!("Invalid worktree name \"{name}\": each \"/\"-separated segment must be non-empty and contain only letters, digits, dots, underscores, and dashes"));
        }
    }
    None
}

/// The input of EnterWorktree.
#[derive(Deserialize)]
pub struct EnterWorktreeInput {
    name: Option<String>,
    path: Option<String>,
}

/// Creates or enters a worktree. See the module docs.
pub struct EnterWorktreeTool {
    session: WorktreeSession,
}

impl EnterWorktreeTool {
    pub fn new(session: WorktreeSession) -> Self {
        EnterWorktreeTool { session }
    }
}

impl TypedTool for EnterWorktreeTool {
    const NAME: &'static str = "EnterWorktree";
    const ALWAYS_ALLOWED: bool = true;
    const LABEL_FIELDS: &'static [&'static str] = &["path", "name"];
    type Input = EnterWorktreeInput;

    fn description(&self) -> String {
        "Moves this session into an isolated git worktree: a new one under .claude/worktrees/ \
         on a branch of its own (`name`, or a generated one), or an existing worktree of the \
         repository (`path`). Use it only when the user or the project's instructions ask for \
         a worktree; for plain branch work use git. Leave it with ExitWorktree."
            .to_string()
    }

    fn input_schema() -> Value {
        json!({
            "type": "object",
            "properties": {
                "name": {"type": "string", "description": "Name of a new worktree: \"/\"-separated segments of letters, digits, dots, underscores and dashes, 64 characters at most. Generated when left out. Not with `path`."},
                "path": {"type": "string", "description": "An existing worktree of this repository (as `git worktree list` shows it) to enter instead of creating one. Not with `name`."}
            },
            "additionalProperties": false
        })
    }

    fn input_issues(&self, input: &Value) -> Vec<Value> {
        let name = input.get("name").and_then(Value::as_str);
        let path = input.get("path").and_then(Value::as_str);
        let mut issues = Vec::new();
        if let Some(problem) = name.and_then(name_problem) {
            issues.push(json!({"code": "custom", "message": problem, "path": ["name"]}));
        }
        if name.is_some_and(|n| !n.is_empty()) && path.is_some_and(|p| !p.is_empty()) {
            issues.push(json!({"code": "custom", "path": [], "message": "Provide at most one of `name` or `path`, not both."}));
        }
        issues
    }

    async fn run(&self, input: EnterWorktreeInput, ctx: &ToolContext) -> ToolOutput {
        let active = lock(&self.session.active).clone();
        let path = input.path.filter(|p| !p.is_empty());
        if active.is_some() && path.is_none() {
            return wrapped_error(ALREADY_IN);
        }
        let here = self.session.shell.cwd(&ctx.cwd);
        let original_cwd = active
            .as_ref()
            .map(|a| a.original_cwd.clone())
            .unwrap_or_else(|| here.clone());
        let Some(root) = repo_root(&here).await else {
            return plain_error(NOT_A_REPO);
        };
        let entered = match path {
            Some(p) => enter_existing(&root, &here, &p).await,
            None => create(&root, input.name.filter(|n| !n.is_empty())).await,
        };
        let (worktree, branch, base, existing) = match entered {
            Ok(e) => e,
            Err(out) => return out,
        };
        self.session.shell.set_cwd(worktree.clone());
        *lock(&self.session.active) = Some(Active {
            original_cwd,
            path: worktree.clone(),
            branch: branch.clone(),
            base,
            entered_existing: existing,
        });
        let verb = if existing { "Entered" } else { "Created" };
        let on_branch = branch
            .as_deref()
            .map(|b| format!(" on branch {}", quoted(b)))
            .unwrap_or_default();
        let message = format!(
            "{verb} worktree at {}{on_branch}. {IN_WORKTREE}",
            quoted(worktree.display())
        );
        let mut structured = json!({"worktreePath": worktree.display().to_string()});
        if let Some(b) = &branch {
            structured["worktreeBranch"] = json!(b);
        }
        structured["message"] = json!(message);
        success(message, structured)
    }
}

type Entered = (PathBuf, Option<String>, Option<String>, bool);

/// A new worktree `name` (or a generated name) of the repository at `root`.
async fn create(root: &Path, name: Option<String>) -> Result<Entered, ToolOutput> {
    let name = name.unwrap_or_else(|| format!("wt-{:06x}", fastrand::u32(..0x0100_0000)));
    let path = root.join(".claude").join("worktrees").join(&name);
    let branch = format!("worktree-{name}");
    let base = match git(root, &["rev-parse", "--verify", "-q", "origin/HEAD"]).await {
        Ok(_) => "origin/HEAD",
        Err(_) => "HEAD",
    };
    let base_commit = git(root, &["rev-parse", "--verify", "-q", base]).await.ok();
    let target = path.display().to_string();
    git(
        root,
        &["worktree", "add", "-q", "-b", &branch, &target, base],
    )
    .await
    .map_err(|e| wrapped_error(format!("Failed to create worktree: {e}")))?;
    Ok((path, Some(branch), base_commit, false))
}

/// The worktree at `path` (relative to `here`), which must be one of the repository's.
async fn enter_existing(root: &Path, here: &Path, path: &str) -> Result<Entered, ToolOutput> {
    let wanted = here.join(path);
    let wanted = std::fs::canonicalize(&wanted).unwrap_or(wanted);
    let listing = git(root, &["worktree", "list", "--porcelain"])
        .await
        .unwrap_or_default();
    let mut found: Option<(PathBuf, Option<String>)> = None;
    for block in listing.split("\n\n") {
        let mut dir = None;
        let mut branch = None;
        for line in block.lines() {
            if let Some(d) = line.strip_prefix("worktree ") {
                dir = Some(PathBuf::from(d));
            } else if let Some(b) = line.strip_prefix("branch ") {
                branch = Some(b.trim_start_matches("refs/heads/").to_string());
            }
        }
        if let Some(d) = dir {
            let real = std::fs::canonicalize(&d).unwrap_or(d);
            if real == wanted && real != root {
                found = Some((real, branch));
            }
        }
    }
    let Some((dir, branch)) = found else {
        return Err(wrapped_error(format!(
            "{} is not a worktree of the repository at {}: `git worktree list` does not show it.",
            quoted(wanted.display()),
            quoted(root.display())
        )));
    };
    Ok((dir, branch, None, true))
}

/// The input of ExitWorktree.
#[derive(Deserialize)]
pub struct ExitWorktreeInput {
    action: String,
    discard_changes: Option<bool>,
}

/// Leaves the session's worktree. See the module docs.
pub struct ExitWorktreeTool {
    session: WorktreeSession,
}

impl ExitWorktreeTool {
    pub fn new(session: WorktreeSession) -> Self {
        ExitWorktreeTool { session }
    }
}

/// `1 uncommitted file`, `2 commits`.
fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The uncommitted files of a worktree, and its commits after `base`.
async fn work_in(active: &Active) -> (usize, usize) {
    let files = git(&active.path, &["status", "--porcelain"])
        .await
        .map(|s| s.lines().filter(|l| !l.is_empty()).count())
        .unwrap_or(0);
    let commits = match &active.base {
        Some(base) => git(
            &active.path,
            &["rev-list", "--count", &format!("{base}..HEAD")],
        )
        .await
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0),
        None => 0,
    };
    (files, commits)
}

impl TypedTool for ExitWorktreeTool {
    const NAME: &'static str = "ExitWorktree";
    const ALWAYS_ALLOWED: bool = true;
    const LABEL_FIELDS: &'static [&'static str] = &["action"];
    type Input = ExitWorktreeInput;

    fn description(&self) -> String {
        "Leaves the worktree EnterWorktree put this session in and returns to the directory \
         the session was in. `keep` leaves the worktree and its branch on disk; `remove` \
         deletes both, and refuses while the worktree holds uncommitted files or commits of \
         its own unless `discard_changes` is true (confirm with the user first). Does nothing \
         outside such a session. Call it only when the user asks."
            .to_string()
    }

    fn input_schema() -> Value {
        json!({
            "type": "object",
            "properties": {
                "action": {"type": "string", "enum": ["keep", "remove"], "description": "\"keep\": leave the worktree and its branch on disk. \"remove\": delete the worktree and its branch."},
                "discard_changes": {"type": "boolean", "description": "Needed with \"remove\" when the worktree has uncommitted files or commits of its own; set it only once the user agreed."}
            },
            "required": ["action"],
            "additionalProperties": false
        })
    }

    async fn run(&self, input: ExitWorktreeInput, _ctx: &ToolContext) -> ToolOutput {
        let Some(active) = lock(&self.session.active).clone() else {
            return wrapped_error(NO_SESSION);
        };
        let path = quoted(active.path.display());
        let back = quoted(active.original_cwd.display());
        let remove = input.action == "remove";
        if remove && active.entered_existing {
            return wrapped_error(format!("This session is not the owner of the worktree at {path} \u{2014} it either entered a pre-existing worktree via EnterWorktree({{path}}) or resumed into a checkout whose liveness lock another running Claude Code session still holds \u{2014} so this tool will not remove it. Use action: \"keep\" to return to {back}. If no other session is using it, remove it yourself with `git worktree remove`; while a live session's lock is present, git will refuse and name the owner."));
        }
        let (files, commits) = if remove {
            work_in(&active).await
        } else {
            (0, 0)
        };
        let discard = input.discard_changes == Some(true);
        if remove && !discard && (files > 0 || commits > 0) {
            let mut found = Vec::new();
            if files > 0 {
                found.push(count(files, "uncommitted file", "uncommitted files"));
            }
            if commits > 0 {
                let on = active
                    .branch
                    .as_deref()
                    .map(quoted)
                    .unwrap_or_else(|| "the worktree branch".to_string());
                found.push(format!("{} on {on}", count(commits, "commit", "commits")));
            }
            return wrapped_error(format!("Worktree has {}. Removing will discard this work permanently. Confirm with the user, then re-invoke with discard_changes: true \u{2014} or use action: \"keep\" to preserve the worktree.", found.join(" and ")));
        }
        let root = repo_root(&active.original_cwd)
            .await
            .unwrap_or_else(|| active.original_cwd.clone());
        if remove {
            let target = active.path.display().to_string();
            if let Err(e) = git(&root, &["worktree", "remove", "--force", &target]).await {
                return wrapped_error(format!("Failed to remove worktree: {e}"));
            }
            if let Some(b) = &active.branch {
                let _ = git(&root, &["branch", "-D", b]).await;
            }
        }
        self.session.shell.set_cwd(active.original_cwd.clone());
        *lock(&self.session.active) = None;
        let original = active.original_cwd.display().to_string();
        let mut structured = json!({
            "action": if remove { "remove" } else { "keep" },
            "originalCwd": original,
            "worktreePath": active.path.display().to_string(),
        });
        if let Some(b) = &active.branch {
            structured["worktreeBranch"] = json!(b);
        }
        let message = if remove {
            structured["discardedFiles"] = json!(files);
            structured["discardedCommits"] = json!(commits);
            let mut gone = Vec::new();
            if commits > 0 {
                gone.push(count(commits, "commit", "commits"));
            }
            if files > 0 {
                gone.push(count(files, "uncommitted file", "uncommitted files"));
            }
            let discarded = if gone.is_empty() {
                String::new()
            } else {
                format!(" Discarded {}.", gone.join(" and "))
            };
            format!(
                "Exited and removed worktree at {path}.{discarded} Session is now back in {back}."
            )
        } else {
            let on_branch = active
                .branch
                .as_deref()
                .map(|b| format!(" on branch {}", quoted(b)))
                .unwrap_or_default();
            format!("Exited worktree. Your work is preserved at {path}{on_branch}. Session is now back in {back}.")
        };
        structured["restoredCwd"] = json!(original);
        structured["originalCwdMissing"] = json!(false);
        structured["message"] = json!(message);
        success(message, structured)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_checked_as_the_reference_checks_them() {
        assert_eq!(name_problem("feat/part-2.x_y"), None);
        assert_eq!(
            name_problem("bad name!").as_deref(),
            Some("Invalid worktree name \"bad name!\": each \"/\"-separated segment must be non-empty and contain only letters, digits, dots, underscores, and dashes")
        );
        assert_eq!(
            name_problem("a/../b").as_deref(),
            Some(
                "Invalid worktree name \"a/../b\": must not contain \".\" or \"..\" path segments"
            )
        );
        assert_eq!(
            name_problem(&"x".repeat(65)).as_deref(),
            Some("Invalid worktree name: must be 64 characters or fewer (got 65)")
        );
    }
}

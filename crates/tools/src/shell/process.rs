//! Starting one shell command in its own process group, with stdout and stderr going to one
//! file, and killing the whole group when needed.
//!
//! Output goes to a file rather than a pipe for two reasons: the two streams interleave in
//! the order they were written (as the reference shows them), and a command that outlives its
//! foreground timeout keeps writing to the same file as a background task. A process the
//! command left behind holding the file open does not hold up reading it either.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Stdio;

use nix::sys::signal::{killpg, Signal};
use nix::unistd::Pid;
use tokio::process::{Child, Command};

use super::reaper;

/// Runs the command with `eval` so any shell syntax works, and records the directory the
/// command ended in (a `cd` carries over to the next call) when it succeeded, as the
/// reference does: a command that fails or calls `exit` leaves the shell where it was. A
/// directory that is gone by then (`cd d && rmdir ../d`) fails the command with `pwd -P`'s
/// error, exit code 1. Variables set by the command die with the shell.
// One line, so that the shell numbers the command's own lines from 1 in its messages.
///
/// A file named by `CLAUDE_ENV_FILE` is sourced first, each time, as the reference does
/// (what it prints comes before the command's output; a missing file is passed over).
const WRAPPER: &str = r#"__oxagent_cwd_file=$1; __oxagent_command=$2; shift 2; if [ -n "$CLAUDE_ENV_FILE" ] && [ -f "$CLAUDE_ENV_FILE" ]; then . "$CLAUDE_ENV_FILE"; fi; eval "$__oxagent_command" && { pwd -P >/dev/null && pwd >| "$__oxagent_cwd_file"; }"#;

/// A word for the shell, quoted.
fn quoted(word: &str) -> String {
    format!("'{}'", word.replace('\'', "'\\''"))
}

/// The shell's arguments for `command`: the wrapper with its arguments, or, under
/// `CLAUDE_CODE_SHELL_PREFIX`, the prefix (one program, as the reference quotes it) given
/// the whole script as its one argument.
fn shell_args(
    shell: &Path,
    command: &str,
    files: &RunFiles,
    env: &BTreeMap<String, String>,
) -> Vec<std::ffi::OsString> {
    let prefix = super::setting(env, "CLAUDE_CODE_SHELL_PREFIX");
    match prefix {
        None => vec![
            "-c".into(),
            WRAPPER.into(),
            shell.into(),
            files.cwd.clone().into(),
            command.into(),
        ],
        Some(prefix) => {
            let script = format!(
                "set -- {} {}; {WRAPPER}",
                quoted(&files.cwd.to_string_lossy()),
                quoted(command)
            );
            vec![
                "-c".into(),
                format!("{} {}", quoted(&prefix), quoted(&script)).into(),
            ]
        }
    }
}

/// Inside the sandbox's empty network namespace: `socat` makes the proxy's socket (`$2`)
/// the proxy's ports (3128 for HTTP, 1080 for SOCKS5), and the command (`"$@"`, the usual shell and wrapper) starts once it
/// listens; the bridge ends with the command.
const NET_WRAPPER: &str = r#"__oxagent_socat=$1; __oxagent_sock=$2; shift 2; for __oxagent_port in 3128 1080; do "$__oxagent_socat" TCP-LISTEN:$__oxagent_port,bind=127.0.0.1,fork,reuseaddr UNIX-CONNECT:"$__oxagent_sock" </dev/null >/dev/null 2>&1 & __oxagent_bridges="$__oxagent_bridges $!"; done; __oxagent_i=0; while [ $__oxagent_i -lt 400 ] && [ "$(grep -c -e ':0C38 00000000:0000 0A' -e ':0438 00000000:0000 0A' /proc/net/tcp 2>/dev/null)" != 2 ]; do sleep 0.005; __oxagent_i=$((__oxagent_i+1)); done; "$@"; __oxagent_rc=$?; kill $__oxagent_bridges 2>/dev/null; exit $__oxagent_rc"#;

/// A command's place in the sandbox: the sandbox, its temporary folder, its way to the
/// network proxy.
#[derive(Debug, Clone, Copy)]
pub struct Jail<'a> {
    pub sandbox: &'a super::sandbox::Sandbox,
    pub tmp: &'a Path,
    pub net: Option<&'a super::net::NetRun>,
}

/// Where one run writes: its combined output and the directory it ended in.
#[derive(Debug, Clone)]
pub struct RunFiles {
    pub output: PathBuf,
    pub cwd: PathBuf,
}

impl RunFiles {
    pub fn new(dir: &Path, id: &str) -> Self {
        RunFiles {
            output: dir.join(format!("{id}.output")),
            cwd: dir.join(format!("{id}.cwd")),
        }
    }
}

/// Kills a process group when dropped, unless disarmed: whatever happens to the future that
/// runs a command (finished, timed out, aborted, dropped), no process of it is left behind
/// by accident.
#[derive(Debug)]
pub struct GroupGuard {
    pgid: Option<Pid>,
}

impl GroupGuard {
    /// Guards the group of `child`, which also dies with the host process (see `reaper`).
    pub fn new(child: &Child) -> Self {
        // With `process_group(0)` the child's pid is its group id.
        let pgid = child
            .id()
            .and_then(|id| i32::try_from(id).ok())
            .map(Pid::from_raw);
        if let Some(pgid) = pgid {
            reaper::watch(pgid.as_raw());
        }
        GroupGuard { pgid }
    }

    /// Kills every process of the group now.
    pub fn kill(&mut self) {
        if let Some(pgid) = self.pgid.take() {
            // ESRCH (the group is already gone) is the only expected failure.
            let _ = killpg(pgid, Signal::SIGKILL);
            reaper::release(pgid.as_raw());
        }
    }

    /// The command ended: what it deliberately left running (`cmd &`) stays. A group with no
    /// process left is no longer watched either: its id may soon be another command's
    /// (`pid_max` wraps), which the watcher would kill when this process exits.
    pub fn finish(&mut self) {
        if let Some(pgid) = self.pgid.take() {
            if killpg(pgid, None) == Err(nix::errno::Errno::ESRCH) {
                reaper::release(pgid.as_raw());
            }
        }
    }

    /// Stops guarding and hands back the group id (for a new owner, or none).
    pub fn disarm(&mut self) -> Option<i32> {
        self.pgid.take().map(Pid::as_raw)
    }

    /// The group ended by itself and is no longer killed by anyone.
    pub fn forget(pgid: Option<i32>) {
        if let Some(pgid) = pgid {
            reaper::release(pgid);
        }
    }

    /// Takes over a group id handed over by [`GroupGuard::disarm`].
    pub fn adopt(pgid: Option<i32>) -> Self {
        GroupGuard {
            pgid: pgid.map(Pid::from_raw),
        }
    }
}

impl Drop for GroupGuard {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Starts `command` under `shell` in `cwd`, in a new process group, as `run_as` when given
/// (the file it records its last directory in is handed to that user first), inside
/// `jail` when given.
pub fn spawn(
    shell: &Path,
    command: &str,
    cwd: &Path,
    env: &BTreeMap<String, String>,
    files: &RunFiles,
    run_as: Option<oxagent_core::config::RunAs>,
    jail: Option<Jail<'_>>,
) -> std::io::Result<(Child, GroupGuard)> {
    spawn_to(shell, command, cwd, env, files, run_as, jail, None)
}

/// [`spawn`], with the command's stdout going to `stdout` when given (its stderr still goes
/// to the output file, which is then opened for appending, so that lines copied there from
/// `stdout` do not overwrite it).
#[allow(clippy::too_many_arguments)]
pub(crate) fn spawn_to(
    shell: &Path,
    command: &str,
    cwd: &Path,
    env: &BTreeMap<String, String>,
    files: &RunFiles,
    run_as: Option<oxagent_core::config::RunAs>,
    jail: Option<Jail<'_>>,
    stdout: Option<&Path>,
) -> std::io::Result<(Child, GroupGuard)> {
    if let Some(dir) = files.output.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let (out, err) = match stdout {
        None => {
            let out = std::fs::File::create(&files.output)?;
            let err = out.try_clone()?;
            (out, err)
        }
        Some(path) => {
            let err = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(&files.output)?;
            (std::fs::File::create(path)?, err)
        }
    };
    let mut cmd = match jail {
        Some(jail) => {
            let bwrap = jail.sandbox.bwrap.as_ref().ok_or_else(|| {
                std::io::Error::new(
                    std::io::ErrorKind::NotFound,
                    "the sandbox needs bubblewrap (bwrap), which is not installed",
                )
            })?;
            let mut cmd = Command::new(bwrap);
            cmd.args(jail.sandbox.args(cwd, jail.tmp, jail.net)?);
            if let Some(net) = jail.net {
                cmd.arg(shell)
                    .arg("-c")
                    .arg(NET_WRAPPER)
                    .arg(shell)
                    .arg(&net.socat)
                    .arg(&net.socket);
            }
            cmd.arg(shell);
            cmd
        }
        None => Command::new(shell),
    };
    // `$0` is the shell's path, the name its messages start with ("/bin/bash: line 1: ...").
    cmd.args(shell_args(shell, command, files, env))
        .current_dir(cwd)
        .envs(env)
        // Commands that would open an editor (git commit without -m) must not hang.
        .env("GIT_EDITOR", "true")
        .stdin(Stdio::null())
        .stdout(Stdio::from(out))
        .stderr(Stdio::from(err))
        .process_group(0);
    for name in oxagent_core::env_var::scrubbed(env) {
        cmd.env_remove(name);
    }
    if let Some(user) = run_as {
        std::fs::File::create(&files.cwd)?;
        std::os::unix::fs::chown(&files.cwd, Some(user.uid), Some(user.gid))?;
        cmd.uid(user.uid).gid(user.gid);
    }
    // The watcher is up before the command starts: registering the group after the spawn
    // is then one write, not a process start a kill could overtake.
    reaper::ready();
    let child = cmd.spawn()?;
    let guard = GroupGuard::new(&child);
    Ok((child, guard))
}

/// The shell to run commands with: `/bin/bash`, else `bash` on the PATH, else `sh`.
pub fn default_shell() -> PathBuf {
    let usual = Path::new("/bin/bash");
    if usual.is_file() {
        return usual.to_path_buf();
    }
    let on_path = std::env::var_os("PATH")
        .map(|p| {
            std::env::split_paths(&p)
                .map(|d| d.join("bash"))
                .find(|b| b.is_file())
        })
        .unwrap_or(None);
    on_path.unwrap_or_else(|| PathBuf::from("/bin/sh"))
}

/// The directory the last run ended in, if it recorded one that still exists.
pub fn ended_in(files: &RunFiles) -> Option<PathBuf> {
    let text = std::fs::read_to_string(&files.cwd).ok()?;
    let dir = PathBuf::from(text.trim_end_matches('\n'));
    dir.is_dir().then_some(dir)
}

/// Reads what a run wrote, as text.
pub async fn read_output(files: &RunFiles) -> String {
    String::from_utf8_lossy(&read_output_bytes(files).await).into_owned()
}

/// Reads what a run wrote, as the bytes it wrote.
pub async fn read_output_bytes(files: &RunFiles) -> Vec<u8> {
    tokio::fs::read(&files.output).await.unwrap_or_default()
}

/// Removes a finished foreground run's files.
pub fn remove(files: &RunFiles) {
    let _ = std::fs::remove_file(&files.output);
    let _ = std::fs::remove_file(&files.cwd);
}

//! The process groups of running commands die with the host process, even when it is
//! killed outright (`kill -9`), leaving no time to clean up.
//!
//! One small watcher process per host process holds the read end of a pipe whose write end
//! only the host holds. The host tells it each process group it starts (`+PGID`) and each it
//! is done with (`-PGID`). When the host dies, however it dies, the kernel closes the write
//! end; the watcher reads end-of-file and kills every group still listed, then exits.
//!
//! ```text
//! host ──"+4242\n"──▶ watcher (sh, own process group, ignores SIGINT/SIGHUP/SIGTERM)
//! host dies ────EOF──▶ kill -9 -4242 ...
//! ```
//!
//! A forked child (Python's `os.fork`) does not share its parent's watcher: the first group
//! it starts gets it a watcher of its own.

use std::io::Write;
use std::process::{ChildStdin, Command, Stdio};
use std::sync::Mutex;

/// The watcher, as a shell script: keeps the list of groups, kills what is left at EOF.
const WATCHER: &str = r#"trap '' INT HUP TERM
groups=" "
while IFS= read -r line; do
  case $line in
    +*) groups="$groups${line#+} " ;;
    -*) g=${line#-}
        case $groups in *" $g "*) groups="${groups%% $g *} ${groups#* $g }" ;; esac ;;
  esac
done
for g in $groups; do kill -9 "-$g" 2>/dev/null; done"#;

struct Watcher {
    pid: u32,
    input: ChildStdin,
}

static WATCHER_INPUT: Mutex<Option<Watcher>> = Mutex::new(None);

fn send(line: &str) {
    let mut slot = oxagent_core::sync::lock(&WATCHER_INPUT);
    let me = std::process::id();
    if slot.as_ref().is_some_and(|w| w.pid != me) {
        // Inherited through fork(): let go of the parent's watcher (closing our copy of its
        // pipe, so that it still sees the parent's end) and start one of our own.
        slot.take();
    }
    if slot.is_none() {
        *slot = start().map(|input| Watcher { pid: me, input });
    }
    let written = slot.as_mut().map(|w| {
        w.input
            .write_all(line.as_bytes())
            .and_then(|()| w.input.flush())
    });
    if !matches!(written, Some(Ok(()))) {
        // No watcher could start, or it died: try a new one next time.
        slot.take();
    }
}

fn start() -> Option<ChildStdin> {
    use std::os::unix::process::CommandExt;
    let mut child = Command::new("/bin/sh")
        .arg("-c")
        .arg(WATCHER)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .process_group(0)
        .spawn()
        .ok()?;
    let input = child.stdin.take();
    // The watcher outlives this handle on purpose; it exits on its own at EOF.
    drop(child);
    input
}

/// Starts this process's watcher if it has none yet (before a command is spawned).
pub fn ready() {
    send("");
}

/// Kill the group `pgid` if the host dies while it runs.
pub fn watch(pgid: i32) {
    send(&format!("+{pgid}\n"));
}

/// The group `pgid` is done with: the watcher forgets it (its id may be reused).
pub fn release(pgid: i32) {
    send(&format!("-{pgid}\n"));
}

/// A process group started elsewhere (a stdio MCP server) that dies with the host process:
/// watched from creation, forgotten when dropped. Whoever started the group still ends it.
#[derive(Debug)]
pub struct Watched(i32);

impl Watched {
    /// Watches the group `pgid`.
    pub fn new(pgid: u32) -> Self {
        let pgid = i32::try_from(pgid).unwrap_or(0);
        if pgid > 0 {
            watch(pgid);
        }
        Watched(pgid)
    }
}

impl Drop for Watched {
    fn drop(&mut self) {
        if self.0 > 0 {
            release(self.0);
        }
    }
}

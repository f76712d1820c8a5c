//! The process group of a stdio server: when its session lets go of it, the server gets the
//! MCP shutdown (end of input, then time to exit), and whatever is still left of its group
//! afterwards (helpers it started that ignore the end of input) is ended too, so that no
//! process of a session outlives it in a host that keeps running.

use std::time::{Duration, Instant};

use nix::sys::signal::{kill, killpg, Signal};
use nix::unistd::Pid;

use super::stdio::Held;

/// How long the server has to exit on its own, as rmcp gives it before signalling.
const GRACE: Duration = Duration::from_secs(3);
/// How long the group has between SIGTERM and SIGKILL.
const TERM_GRACE: Duration = Duration::from_secs(1);
const POLL: Duration = Duration::from_millis(50);

/// Ends the group led by the server on drop, after the server's own shutdown; `watch` (the
/// host's guard for the group) is let go of once the group is gone.
pub(crate) struct Group {
    pub leader: u32,
    pub watch: Option<Held>,
}

impl Drop for Group {
    fn drop(&mut self) {
        let Ok(leader) = i32::try_from(self.leader) else {
            return;
        };
        let watch = self.watch.take();
        // Off the caller's thread: the caller may be a runtime thread.
        let _ = std::thread::Builder::new()
            .name("mcp-group-end".into())
            .spawn(move || {
                end(Pid::from_raw(leader));
                drop(watch);
            });
    }
}

fn alive(pid: Pid) -> bool {
    // A zombie leader has exited; its group may still have members.
    kill(pid, None).is_ok()
        && !std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| s.contains(") Z "))
}

fn group_exists(pgid: Pid) -> bool {
    killpg(pgid, None).is_ok()
}

fn wait_while(mut cond: impl FnMut() -> bool, limit: Duration) {
    let start = Instant::now();
    while cond() && start.elapsed() < limit {
        std::thread::sleep(POLL);
    }
}

fn end(pgid: Pid) {
    wait_while(|| alive(pgid), GRACE);
    if !group_exists(pgid) {
        return;
    }
    let _ = killpg(pgid, Signal::SIGTERM);
    wait_while(|| group_exists(pgid), TERM_GRACE);
    let _ = killpg(pgid, Signal::SIGKILL);
}

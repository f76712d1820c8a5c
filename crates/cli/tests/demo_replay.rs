//! The README's main job, offline: the bundled cassette replays the model's turns while the
//! loop and the tools run for real on a scratch copy of examples/demo-project, and the checks
//! pass afterwards. A change to what the tools tell the model (the requests the cassette
//! recorded) fails here before it fails a user's first run.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;
use std::process::Command;

#[test]
fn the_demo_replays_and_fixes_the_project() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let work = tempfile::tempdir().unwrap();
    let copy = Command::new("cp")
        .arg("-r")
        .arg(root.join("examples/demo-project/."))
        .arg(work.path())
        .status()
        .unwrap();
    assert!(copy.success());
    let out = Command::new(env!("CARGO_BIN_EXE_oxagent"))
        .args(["-p", "The checks in check.py fail. Run them with 'python3 check.py', find the bug in calc.py, fix it, and run the checks again."])
        .arg("--cwd")
        .arg(work.path())
        .args(["--permission-mode", "acceptEdits", "--allowed-tools", "Bash(python3 check.py)"])
        .args(["--tools", "Read,Edit,Bash,Grep,Glob", "--max-turns", "12"])
        .arg("--replay")
        .arg(root.join("examples/demo.cassette.jsonl"))
        .env_remove("ANTHROPIC_API_KEY")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!stdout.contains("cassette diverged"), "{stdout}");
    let checks = Command::new("python3")
        .arg("check.py")
        .current_dir(work.path())
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&checks.stdout),
        "PASS add: got 5, want 5\nPASS mean: got 4.0, want 4\n"
    );
}

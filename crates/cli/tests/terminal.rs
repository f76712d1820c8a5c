//! The terminal view, driven the way a person sees it: `oxagent` runs inside a
//! pseudo-terminal against the scripted Messages API, and the test reads the screen's bytes
//! and types answers. Piped, the same run prints plain text only.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::{Read, Write};
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use oxagent_testkit::{ScriptedServer, ServerHandle};
use portable_pty::{native_pty_system, CommandBuilder, PtySize};
use serde_json::{json, Value};

/// What a terminal shows once escape sequences are dropped and spinner lines wiped.
fn screen_text(raw: &str) -> String {
    let mut out = String::new();
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            // CSI: ESC [ params final-byte
            if chars.peek() == Some(&'[') {
                chars.next();
                for c in chars.by_ref() {
                    if c.is_ascii_alphabetic() {
                        break;
                    }
                }
            }
            continue;
        }
        if c == '\r' {
            if chars.peek() == Some(&'\n') {
                continue;
            }
            // A carriage return starts the line over (the spinner redraws this way).
            let start = out.rfind('\n').map_or(0, |i| i + 1);
            out.truncate(start);
            continue;
        }
        out.push(c);
    }
    out
}

/// `oxagent` in a pseudo-terminal.
struct Terminal {
    output: Arc<Mutex<Vec<u8>>>,
    writer: Box<dyn Write + Send>,
    child: Box<dyn portable_pty::Child + Send + Sync>,
}

impl Terminal {
    fn spawn(
        args: &[&str],
        cwd: &Path,
        home: &Path,
        server: &ServerHandle,
        extra_env: &[(&str, &str)],
    ) -> Terminal {
        let pair = native_pty_system()
            .openpty(PtySize {
                rows: 50,
                cols: 160,
                pixel_width: 0,
                pixel_height: 0,
            })
            .unwrap();
        let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_oxagent"));
        cmd.args(args);
        cmd.cwd(cwd);
        cmd.env("ANTHROPIC_BASE_URL", server.url());
        cmd.env("ANTHROPIC_API_KEY", "sk-test");
        cmd.env("HOME", home);
        cmd.env("TERM", "xterm-256color");
        cmd.env_remove("NO_COLOR");
        cmd.env_remove("CLAUDE_CONFIG_DIR");
        for (k, v) in extra_env {
            cmd.env(k, v);
        }
        let child = pair.slave.spawn_command(cmd).unwrap();
        drop(pair.slave);
        let mut reader = pair.master.try_clone_reader().unwrap();
        let writer = pair.master.take_writer().unwrap();
        let output = Arc::new(Mutex::new(Vec::new()));
        let sink = output.clone();
        std::thread::spawn(move || {
            let _master = pair.master; // kept open while reading
            let mut buf = [0u8; 4096];
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 {
                    break;
                }
                sink.lock().unwrap().extend_from_slice(&buf[..n]);
            }
        });
        Terminal {
            output,
            writer,
            child,
        }
    }

    fn raw(&self) -> String {
        String::from_utf8_lossy(&self.output.lock().unwrap()).to_string()
    }

    /// Waits until the screen shows `text`.
    fn wait_for(&self, text: &str) {
        let start = Instant::now();
        while !screen_text(&self.raw()).contains(text) {
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "{text:?} never showed; the screen:\n{}",
                screen_text(&self.raw())
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    fn type_line(&mut self, line: &str) {
        write!(self.writer, "{line}\r").unwrap();
        self.writer.flush().unwrap();
    }

    /// Waits for the exit; the raw bytes the terminal received.
    fn finish(mut self) -> (bool, String) {
        let start = Instant::now();
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "oxagent never ended; the screen:\n{}",
                screen_text(&self.raw())
            );
            std::thread::sleep(Duration::from_millis(20));
        };
        // The last bytes may still be on their way from the pty.
        std::thread::sleep(Duration::from_millis(200));
        (status.success(), self.raw())
    }
}

fn two_turns() -> Value {
    json!({"responses": [
        {"content": [
            {"type": "text", "text": "Let me read the notes first."},
            {"type": "tool_use", "id": "toolu_01", "name": "Bash",
                "input": {"command": "cat notes.txt", "description": "Show the notes"}}],
         "chunk": 3},
        // Slow enough for the spinner to turn while the model "thinks".
        {"content": [{"type": "text", "text": "The notes say hello, twice."}],
         "chunk": 4, "delay_ms": 700},
    ]})
}

fn project() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("notes.txt"), "hello\nhello\n").unwrap();
    dir
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_terminal_shows_the_run_as_it_happens() {
    let server = ScriptedServer::start(two_turns()).await.unwrap();
    let dir = project();
    let home = tempfile::tempdir().unwrap();
    let term = Terminal::spawn(
        &["-p", "What do the notes say?"],
        dir.path(),
        home.path(),
        &server,
        &[],
    );
    let (ok, raw) = tokio::task::spawn_blocking(move || term.finish())
        .await
        .unwrap();
    let screen = screen_text(&raw);
    assert!(ok, "{screen}");
    assert!(
        screen.contains("Let me read the notes first.\n"),
        "{screen}"
    );
    assert!(screen.contains("● Bash(cat notes.txt)\n"), "{screen}");
    assert!(screen.contains("  ⎿  hello (+1 lines)\n"), "{screen}");
    assert!(screen.contains("The notes say hello, twice.\n"), "{screen}");
    let summary = screen.lines().last().unwrap_or("");
    assert!(
        summary.starts_with("✓ success · 2 turns · ") && summary.contains(" · $0.0"),
        "{screen}"
    );
    // The text streamed: the view asked for raw stream events.
    let first = &server.requests()[0];
    assert_eq!(first.body.as_ref().unwrap()["stream"], json!(true));
    // Colours and a spinner on a terminal; the spinner was wiped before text was printed.
    assert!(
        raw.contains("\x1b[1m● ") || raw.contains("\x1b[32m●"),
        "{raw:?}"
    );
    assert!(raw.contains("Thinking…"), "{raw:?}");
    assert!(!screen.contains("Thinking…"), "{screen}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn piped_output_stays_plain() {
    let server = ScriptedServer::start(two_turns()).await.unwrap();
    let dir = project();
    let home = tempfile::tempdir().unwrap();
    let out = tokio::process::Command::new(env!("CARGO_BIN_EXE_oxagent"))
        .args(["-p", "What do the notes say?"])
        .current_dir(dir.path())
        .env("ANTHROPIC_BASE_URL", server.url())
        .env("ANTHROPIC_API_KEY", "sk-test")
        .env("HOME", home.path())
        .env("TERM", "xterm-256color")
        .output()
        .await
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(out.status.success(), "{stdout}{stderr}");
    assert!(
        stdout.starts_with(
            "Let me read the notes first.\nThe notes say hello, twice.\n--\nsuccess: 2 turns, "
        ),
        "{stdout}"
    );
    for output in [&stdout, &stderr] {
        assert!(!output.contains('\x1b'), "{output:?}");
        assert!(!output.contains('\r'), "{output:?}");
        assert!(!output.contains("Thinking…"), "{output:?}");
    }
}

fn a_call_that_asks() -> Value {
    json!({"responses": [
        {"content": [{"type": "tool_use", "id": "toolu_01", "name": "Bash",
            "input": {"command": "touch made.txt", "description": "Make a file"}}]},
        {"content": [{"type": "text", "text": "Finished."}]},
    ]})
}

/// The tool result the model read for the call, from the second request.
fn tool_result(server: &ServerHandle) -> Value {
    let requests = server.requests();
    let body = requests[1].body.clone().unwrap();
    let last = body["messages"].as_array().unwrap().last().unwrap().clone();
    last["content"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["type"] == "tool_result")
        .cloned()
        .unwrap()
}

async fn answer_the_question(answer: &'static str) -> (ServerHandle, tempfile::TempDir, String) {
    let server = ScriptedServer::start(a_call_that_asks()).await.unwrap();
    let dir = project();
    let home = tempfile::tempdir().unwrap();
    let mut term = Terminal::spawn(
        &["-p", "Make a file"],
        dir.path(),
        home.path(),
        &server,
        &[("NO_COLOR", "1")],
    );
    let raw = tokio::task::spawn_blocking(move || {
        term.wait_for("Allow Bash(touch made.txt)?");
        term.wait_for("› ");
        term.type_line(answer);
        let (ok, raw) = term.finish();
        assert!(ok, "{}", screen_text(&raw));
        raw
    })
    .await
    .unwrap();
    drop(home);
    (server, dir, raw)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn yes_runs_the_call() {
    let (server, dir, raw) = answer_the_question("y").await;
    let screen = screen_text(&raw);
    assert!(dir.path().join("made.txt").exists(), "{screen}");
    assert_eq!(tool_result(&server)["is_error"], json!(false), "{screen}");
    assert!(screen.contains("Finished."), "{screen}");
    // NO_COLOR: no colour codes at all.
    assert!(
        !raw.contains("\x1b[3") && !raw.contains("\x1b[1m"),
        "{raw:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_denies_the_call_and_the_model_is_told() {
    let (server, dir, raw) = answer_the_question("n").await;
    let screen = screen_text(&raw);
    assert!(!dir.path().join("made.txt").exists(), "{screen}");
    let result = tool_result(&server);
    assert_eq!(result["is_error"], json!(true), "{result}");
    assert!(
        result["content"].to_string().contains("The user said no"),
        "{result}"
    );
    assert!(screen.contains("✗ The user said no"), "{screen}");
}

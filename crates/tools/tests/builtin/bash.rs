//! Bash and TaskStop: the texts and `tool_use_result` values of the bash_* goldens, the
//! persistent cwd, background tasks, and that no process outlives what killed it.

use std::time::Duration;

use crate::common::{is_running, text, wait_until, Ws};
use oxagent_tools::{TaskEvent, TaskStatus};
use serde_json::json;

fn ok_result(stdout: &str, quiet: bool) -> serde_json::Value {
    json!({"stdout": stdout, "stderr": "", "interrupted": false, "isImage": false, "noOutputExpected": quiet})
}

#[tokio::test]
async fn stdout_and_stderr_interleave_and_trailing_newlines_go() {
    let w = Ws::new();
    let out = w
        .call(
            "Bash",
            json!({"command": "echo out-line", "description": "Print"}),
        )
        .await;
    assert_eq!(text(&out), "out-line");
    assert_eq!(out.is_error, Some(false));
    assert_eq!(out.structured, Some(ok_result("out-line", false)));

    let out = w
        .call("Bash", json!({"command": "echo err-line >&2"}))
        .await;
    assert_eq!(text(&out), "err-line");
    assert_eq!(out.structured, Some(ok_result("err-line", false)));

    let out = w
        .call("Bash", json!({"command": "echo A; echo B >&2; echo C"}))
        .await;
    assert_eq!(text(&out), "A\nB\nC");

    let out = w.call("Bash", json!({"command": "true"})).await;
    assert_eq!(text(&out), "(Bash completed with no output)");
    assert_eq!(out.structured, Some(ok_result("", false)));

    let out = w.call("Bash", json!({"command": "mkdir newdir"})).await;
    assert_eq!(out.structured, Some(ok_result("", true)));
    assert!(w.ws.join("newdir").is_dir());
}

#[tokio::test]
async fn non_zero_exit_is_an_error_with_the_code_first() {
    let w = Ws::new();
    let out = w
        .call(
            "Bash",
            json!({"command": "echo partial; echo oops >&2; exit 3"}),
        )
        .await;
    assert_eq!(text(&out), "Exit code 3\npartial\noops");
    assert_eq!(out.is_error, Some(true));
    assert_eq!(
        out.structured,
        Some(json!("Error: Exit code 3\npartial\noops"))
    );

    let out = w.call("Bash", json!({"command": "false"})).await;
    assert_eq!(text(&out), "Exit code 1");
    assert_eq!(out.structured, Some(json!("Error: Exit code 1")));
}

#[tokio::test]
async fn the_first_line_keeps_its_indentation_and_some_statuses_are_answers() {
    let w = Ws::new();
    let out = w
        .call("Bash", json!({"command": "printf '\\n\\n  x  \\n'"}))
        .await;
    assert_eq!(text(&out), "  x");
    let out = w
        .call("Bash", json!({"command": "printf '  x'; exit 3"}))
        .await;
    assert_eq!(text(&out), "Exit code 3\n  x");
    // grep finding nothing, diff finding a difference, test finding it false: no failure.
    std::fs::write(w.ws.join("a.txt"), "a\n").unwrap();
    std::fs::write(w.ws.join("b.txt"), "b\n").unwrap();
    for (cmd, meaning, shown) in [
        (
            "grep zzz a.txt",
            "No matches found",
            "(Bash completed with no output)",
        ),
        (
            "echo a | grep zzz",
            "No matches found",
            "(Bash completed with no output)",
        ),
        ("diff a.txt b.txt", "Files differ", "1c1\n< a\n---\n> b"),
        (
            "[ -f nope ]",
            "Condition is false",
            "(Bash completed with no output)",
        ),
    ] {
        let out = w.call("Bash", json!({"command": cmd})).await;
        assert_eq!(
            (text(&out).as_str(), out.is_error),
            (shown, Some(false)),
            "{cmd}"
        );
        let result = out.structured.unwrap();
        assert_eq!(result["returnCodeInterpretation"], json!(meaning), "{cmd}");
    }
    let out = w.call("Bash", json!({"command": "cmp a.txt b.txt"})).await;
    assert_eq!(out.is_error, Some(true));
}

#[tokio::test]
async fn cd_persists_but_exports_do_not() {
    let w = Ws::new();
    w.file("sub/k.txt", "k\n");
    let out = w
        .call(
            "Bash",
            json!({"command": "cd sub && export FOO=bar && pwd", "description": "cd"}),
        )
        .await;
    assert_eq!(text(&out), w.sub("<WS>/sub"));
    let out = w
        .call("Bash", json!({"command": "pwd; echo foo=$FOO"}))
        .await;
    assert_eq!(text(&out), w.sub("<WS>/sub\nfoo="));
    // Leaving the working directories is undone.
    let out = w.call("Bash", json!({"command": "cd / && pwd"})).await;
    assert_eq!(text(&out), w.sub("/\nShell cwd was reset to <WS>"));
    let out = w.call("Bash", json!({"command": "pwd"})).await;
    assert_eq!(text(&out), w.sub("<WS>"));
}

#[tokio::test]
async fn a_cd_carries_over_only_when_the_command_succeeds() {
    let w = Ws::new();
    w.file("sub/k.txt", "k\n");
    for command in ["cd sub; false", "cd sub && exit 3"] {
        w.call("Bash", json!({"command": command})).await;
        let out = w.call("Bash", json!({"command": "pwd"})).await;
        assert_eq!(text(&out), w.sub("<WS>"), "{command}");
    }
    // A directory removed under the shell fails the command, which is not carried over.
    let out = w
        .call(
            "Bash",
            json!({"command": "mkdir -p d && cd d && rmdir ../d && pwd"}),
        )
        .await;
    assert_eq!(out.is_error, Some(true));
    assert_eq!(
        text(&out),
        w.sub(
            "Exit code 1\n<WS>/d\npwd: error retrieving current directory: getcwd: cannot \
             access parent directories: No such file or directory"
        )
    );
    let out = w.call("Bash", json!({"command": "pwd"})).await;
    assert_eq!(text(&out), w.sub("<WS>"));
}

#[tokio::test]
async fn positional_parameters_are_empty_and_env_is_passed() {
    let w = Ws::new();
    let mut ctx = w.ctx("toolu_env");
    ctx.env.insert("OXAGENT_TEST_VAR".into(), "v1".into());
    let out = w
        .tool("Bash")
        .call(
            json!({"command": "echo \"[$1][$#][$OXAGENT_TEST_VAR]\""}),
            &ctx,
        )
        .await;
    assert_eq!(text(&out), "[][0][v1]");
}

#[tokio::test]
async fn timeout_moves_the_command_to_the_background() {
    let mut w = Ws::new();
    let out = w
        .call("Bash", json!({"command": "echo started; sleep 1.5; echo done", "description": "Sleep", "timeout": 300}))
        .await;
    assert_eq!(out.is_error, Some(false));
    let s = out.structured.clone().unwrap();
    let id = s["backgroundTaskId"].as_str().unwrap().to_string();
    let output_file = w.root_path().join(format!(
        "tmp/{}/11111111-2222-3333-4444-555555555555/tasks/{id}.output",
        oxagent_tools::paths::sanitize(&w.ws)
    ));
    assert_eq!(
        text(&out),
        format!(
            "started\nCommand did not complete within its 1s timeout and was moved to the background (ID: {id}). Output is being written to: {}. You will be notified when it completes. If it is still running after 30m in the background, it will be stopped and you will be notified. It is running now: do not start a second copy while it runs. If it is no longer needed, stop it with TaskStop. To check interim output, use Read on that file path.",
            output_file.display()
        )
    );
    assert_eq!(
        s,
        json!({"stdout": "started", "stderr": "", "interrupted": false, "isImage": false, "noOutputExpected": false,
            "backgroundTaskId": id, "timedOutAfterMs": 300})
    );
    let Some(TaskEvent::Started(started)) = w.events.recv().await else {
        panic!("no start event")
    };
    assert_eq!(
        (
            started.task_id.as_str(),
            started.tool_use_id.as_str(),
            started.description.as_str()
        ),
        (id.as_str(), "toolu_01", "Sleep")
    );
    let Some(TaskEvent::Finished(done)) = w.events.recv().await else {
        panic!("no end event")
    };
    assert_eq!(done.status, TaskStatus::Completed);
    assert_eq!(
        done.summary(),
        "Background command \"Sleep\" completed (exit code 0)"
    );
    // The file ends with how the command ended, as the reference's does.
    assert_eq!(
        std::fs::read_to_string(&output_file).unwrap(),
        "started\ndone\n\n[exited with code 0]"
    );

    // The model reads the output file with Read, without being asked for permission.
    let read = serde_json::json!({"file_path": output_file.display().to_string()});
    let p = w.permission("Read", read.clone(), oxagent_core::PermissionMode::Default);
    assert_eq!(p, oxagent_core::permission::ToolPermission::Allow);
    let out = w.call("Read", read).await;
    assert_eq!(
        text(&out),
        "1\tstarted\n2\tdone\n3\t\n4\t[exited with code 0]"
    );
}

#[tokio::test]
async fn timeout_text_names_whole_seconds() {
    let w = Ws::new();
    let out = w
        .call(
            "Bash",
            json!({"command": "echo up; sleep 3", "timeout": 1000}),
        )
        .await;
    assert!(text(&out).starts_with(
        "up\nCommand did not complete within its 1s timeout and was moved to the background (ID: b"
    ));
    w.set.tasks().stop_all();
}

#[tokio::test]
async fn a_silent_command_is_stopped_at_its_timeout() {
    let w = Ws::new();
    let out = w
        .call("Bash", json!({"command": "sleep 3", "timeout": 300}))
        .await;
    assert_eq!(text(&out), "Exit code 143\nCommand timed out after 0s");
    assert_eq!(out.is_error, Some(true));
    assert!(w.set.tasks().list().is_empty());
}

#[tokio::test]
async fn shell_messages_number_the_command_lines_from_one() {
    let w = Ws::new();
    let out = w
        .call("Bash", json!({"command": "no_such_command_oxagent"}))
        .await;
    let shell = if std::path::Path::new("/bin/bash").is_file() {
        "/bin/bash"
    } else {
        return;
    };
    assert_eq!(
        text(&out),
        format!("Exit code 127\n{shell}: line 1: no_such_command_oxagent: command not found")
    );
}

#[tokio::test]
async fn background_tasks_run_and_stop_with_their_process_group() {
    let mut w = Ws::new();
    let out = w
        .call("Bash", json!({"command": "sleep 30 & echo $! > child.pid; wait", "run_in_background": true, "description": "bg"}))
        .await;
    let id = out.structured.as_ref().unwrap()["backgroundTaskId"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(text(&out).starts_with(&format!(
        "Command running in background with ID: {id}. Output is being written to: "
    )));
    assert!(matches!(w.events.recv().await, Some(TaskEvent::Started(_))));
    let pid_file = w.ws.join("child.pid");
    assert!(
        wait_until(
            || std::fs::read_to_string(&pid_file).is_ok_and(|s| s.ends_with('\n')),
            Duration::from_secs(5)
        )
        .await
    );
    let pid: i32 = std::fs::read_to_string(&pid_file)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    assert!(is_running(pid));

    let out = w.call("TaskStop", json!({"task_id": id})).await;
    let message = format!("Successfully stopped task: {id} (sleep 30 & echo $! > child.pid; wait)");
    assert_eq!(text(&out), message);
    assert_eq!(
        out.structured,
        Some(
            json!({"message": message, "task_id": id, "task_type": "local_bash", "command": "sleep 30 & echo $! > child.pid; wait"})
        )
    );
    let Some(TaskEvent::Finished(done)) = w.events.recv().await else {
        panic!("no end event")
    };
    assert_eq!(done.status, TaskStatus::Killed);
    assert!(
        wait_until(|| !is_running(pid), Duration::from_secs(5)).await,
        "grandchild {pid} survived TaskStop"
    );

    let out = w.call("TaskStop", json!({"task_id": id})).await;
    assert_eq!(
        text(&out),
        format!("<tool_use_error>Task {id} is not running (status: killed)</tool_use_error>")
    );
    let out = w.call("TaskStop", json!({"shell_id": "bnope"})).await;
    assert_eq!(
        text(&out),
        "<tool_use_error>No task found with ID: bnope</tool_use_error>"
    );
}

#[tokio::test]
async fn abort_kills_the_foreground_group() {
    let w = Ws::new();
    let abort = w.abort.clone();
    let pid_file = w.ws.join("fg.pid");
    let watcher = {
        let pid_file = pid_file.clone();
        tokio::spawn(async move {
            wait_until(
                || std::fs::read_to_string(&pid_file).is_ok_and(|s| s.ends_with('\n')),
                Duration::from_secs(5),
            )
            .await;
            abort.abort();
        })
    };
    let out = w
        .call(
            "Bash",
            json!({"command": "sleep 30 & echo $! > fg.pid; wait"}),
        )
        .await;
    watcher.await.unwrap();
    assert_eq!(out.is_error, Some(true));
    assert_eq!(out.structured.as_ref().unwrap()["interrupted"], true);
    let pid: i32 = std::fs::read_to_string(&pid_file)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    assert!(
        wait_until(|| !is_running(pid), Duration::from_secs(5)).await,
        "{pid} survived the abort"
    );
}

#[tokio::test]
async fn dropping_the_call_or_the_tools_kills_everything() {
    let w = Ws::new();
    let pid_file = w.ws.join("drop.pid");
    let call = w.call(
        "Bash",
        json!({"command": "sleep 30 & echo $! > drop.pid; wait"}),
    );
    // The call future is dropped when the timeout fires.
    let _ = tokio::time::timeout(Duration::from_secs(2), async {
        tokio::join!(call, async {
            wait_until(
                || std::fs::read_to_string(&pid_file).is_ok_and(|s| s.ends_with('\n')),
                Duration::from_secs(5),
            )
            .await
        })
    })
    .await;
    let pid: i32 = std::fs::read_to_string(&pid_file)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    assert!(
        wait_until(|| !is_running(pid), Duration::from_secs(5)).await,
        "{pid} survived a dropped call"
    );

    let out = w
        .call(
            "Bash",
            json!({"command": "sleep 30 & echo $! > bg.pid; wait", "run_in_background": true}),
        )
        .await;
    assert_eq!(out.is_error, Some(false));
    let bg_file = w.ws.join("bg.pid");
    assert!(
        wait_until(
            || std::fs::read_to_string(&bg_file).is_ok_and(|s| s.ends_with('\n')),
            Duration::from_secs(5)
        )
        .await
    );
    let pid: i32 = std::fs::read_to_string(&bg_file)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    assert!(is_running(pid));
    let ws_dir = w.ws.clone();
    drop(w);
    assert!(
        wait_until(|| !is_running(pid), Duration::from_secs(5)).await,
        "{pid} survived the session's tools"
    );
    drop(ws_dir);
}

#[tokio::test]
async fn huge_output_is_saved_and_previewed() {
    let w = Ws::new();
    let out = w
        .call(
            "Bash",
            json!({"command": "for i in $(seq 1 20000); do echo line-$i; done"}),
        )
        .await;
    let saved = w.root_path().join(format!(
        "home/.claude/projects/{}/11111111-2222-3333-4444-555555555555/tool-results/toolu_01.txt",
        oxagent_tools::paths::sanitize(&w.ws)
    ));
    let full = std::fs::read_to_string(&saved).unwrap();
    // The file holds the output as printed; the model's copy is its first 30,000 bytes.
    assert!(full.starts_with("line-1\nline-2\n") && full.ends_with("line-20000\n"));
    let t = text(&out);
    let head = format!(
        "<persisted-output>\nOutput too large ({}). Full output saved to: {}\n\nPreview (first 2KB):\nline-1\nline-2\n",
        oxagent_tools::paths::format_size(full.len() as u64),
        saved.display()
    );
    assert!(t.starts_with(&head), "{}", &t[..300]);
    assert!(t.ends_with("\n...\n</persisted-output>"));
    let s = out.structured.unwrap();
    assert_eq!(s["stdout"], full[..30_000].trim_end());
    assert_eq!(s["persistedOutputPath"], saved.display().to_string());
    assert_eq!(s["persistedOutputSize"], full.len());
}

/// outputs_env_limit_*, outputs_utf8_odd_offset: the limit counts bytes, comes from
/// BASH_MAX_OUTPUT_LENGTH, and the saved size is the output's bytes as printed.
#[tokio::test]
async fn the_output_limit_counts_bytes() {
    let w = Ws::new();
    let mut ctx = w.ctx("toolu_01");
    ctx.env
        .insert("BASH_MAX_OUTPUT_LENGTH".into(), "1000".into());
    let out = w
        .tool("Bash")
        .call(
            json!({"command": "printf a; for i in $(seq 1 1000); do printf 'é'; done; echo"}),
            &ctx,
        )
        .await;
    let s = out.structured.unwrap();
    // 1 + 2000 + 1 bytes; the first 1,000 end inside a character.
    assert_eq!(s["persistedOutputSize"], 2002);
    let stdout = s["stdout"].as_str().unwrap();
    assert_eq!(stdout, format!("a{}\u{fffd}", "é".repeat(499)));
}

/// outputs_env_limit_50000_*: under a raised limit, a text past 30,000 units is still
/// previewed (its size in units), while stdout keeps it whole.
#[tokio::test]
async fn a_result_too_long_for_the_model_is_previewed() {
    let w = Ws::new();
    let mut ctx = w.ctx("toolu_01");
    ctx.env
        .insert("BASH_MAX_OUTPUT_LENGTH".into(), "100000".into());
    let out = w
        .tool("Bash")
        .call(
            json!({"command": "for i in $(seq 1 20000); do printf 'é'; done"}),
            &ctx,
        )
        .await;
    assert_eq!(
        text(&out),
        "é".repeat(20_000),
        "not previewed under 30,000 units"
    );
    let out = w
        .tool("Bash")
        .call(
            json!({"command": "for i in $(seq 1 40000); do printf 'é'; done"}),
            &ctx,
        )
        .await;
    let t = text(&out);
    assert!(
        t.starts_with("<persisted-output>\nOutput too large (39.1KB)."),
        "{}",
        &t[..80]
    );
    let s = out.structured.unwrap();
    assert_eq!(s["stdout"].as_str().unwrap().chars().count(), 40_000);
    assert!(s.get("persistedOutputSize").is_none());
}

#[tokio::test]
async fn kill_on_timeout_mode_kills_instead() {
    let root = tempfile::tempdir().unwrap();
    let set = oxagent_tools::BuiltinSet::new(&oxagent_tools::BuiltinConfig {
        kill_on_timeout: true,
        task_output_root: Some(root.path().join("tmp")),
        ..Default::default()
    });
    let w = Ws::new();
    let mut ctx = w.ctx("toolu_k");
    ctx.cwd = std::fs::canonicalize(root.path()).unwrap();
    let bash = set.tools.iter().find(|t| t.name() == "Bash").unwrap();
    let out = bash
        .call(
            json!({"command": "echo before; sleep 5", "timeout": 200}),
            &ctx,
        )
        .await;
    assert_eq!(text(&out), "before\nCommand timed out after 0s");
    assert_eq!(out.is_error, Some(true));
    assert!(set.tasks().list().is_empty());
}

/// Probes ev_env_file*, ev_shell_prefix*, ev_maintain_dir*: `CLAUDE_ENV_FILE` is sourced
/// before each command (its output first; a missing file is passed over),
/// `CLAUDE_CODE_SHELL_PREFIX` runs as one program given the whole script, and
/// `CLAUDE_BASH_MAINTAIN_PROJECT_WORKING_DIR` starts each command in the project.
#[tokio::test]
async fn the_shell_variables_of_the_environment() {
    let w = Ws::new();
    std::fs::write(w.ws.join("env.sh"), "export FROMFILE=yes\necho sourced\n").unwrap();
    std::fs::create_dir(w.ws.join("sub")).unwrap();
    let wrap = w.ws.join("wrap.sh");
    std::fs::write(
        &wrap,
        "#!/bin/sh\necho \"[wrapped $#]\"\nexec /bin/sh -c \"$1\"\n",
    )
    .unwrap();
    std::fs::set_permissions(&wrap, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let run = |vars: &[(&str, String)], command: &str, id: &str| {
        let mut ctx = w.ctx(id);
        for (k, v) in vars {
            ctx.env.insert(k.to_string(), v.clone());
        }
        let tool = w.tool("Bash");
        let command = command.to_string();
        async move { text(&tool.call(json!({"command": command}), &ctx).await) }
    };
    let file = [("CLAUDE_ENV_FILE", w.ws.join("env.sh").display().to_string())];
    assert_eq!(run(&file, "echo [$FROMFILE]", "t1").await, "sourced\n[yes]");
    let missing = [(
        "CLAUDE_ENV_FILE",
        w.ws.join("nope.sh").display().to_string(),
    )];
    assert_eq!(run(&missing, "echo [$FROMFILE]", "t2").await, "[]");
    let prefix = [("CLAUDE_CODE_SHELL_PREFIX", wrap.display().to_string())];
    assert_eq!(
        run(&prefix, "echo 'two words' | cat", "t3").await,
        "[wrapped 1]\ntwo words"
    );
    let absent = [("CLAUDE_CODE_SHELL_PREFIX", "/nowhere/prefix".to_string())];
    assert_eq!(
        run(&absent, "echo hi", "t4").await,
        "Exit code 127\n/bin/bash: line 1: /nowhere/prefix: No such file or directory"
    );
    let keep = [("CLAUDE_BASH_MAINTAIN_PROJECT_WORKING_DIR", "1".to_string())];
    assert_eq!(
        run(&keep, "cd sub && pwd", "t5").await,
        w.ws.join("sub").display().to_string()
    );
    assert_eq!(run(&keep, "pwd", "t6").await, w.ws.display().to_string());
}

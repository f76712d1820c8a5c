//! `oxagent`: run an agent from the shell.
//!
//! ```text
//! oxagent -p "Fix the failing test" --permission-mode acceptEdits --max-turns 20
//! oxagent -p "..." --output-format stream-json        # one wire message per line
//! oxagent -p "..." --record run.jsonl                 # keep every Messages API exchange
//! oxagent -p "..." --replay run.jsonl                 # replay them offline; tools run for real
//! oxagent mock-server --script scenario.json          # a scripted Messages API on 127.0.0.1
//! ```

mod args;
mod render;

use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::sync::Arc;

use clap::Parser;
use oxagent::core::model::Model;
use oxagent::FrameSession;
use serde_json::{json, Value};

use args::{Cli, Command, OutputFormat};

fn main() -> ExitCode {
    let cli = Cli::parse();
    let rt = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("oxagent: cannot start the runtime: {e}");
            return ExitCode::from(2);
        }
    };
    match &cli.command {
        Some(Command::MockServer { script, port, log }) => {
            match rt.block_on(oxagent_testkit::serve_forever(script, *port, log.clone())) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("oxagent mock-server: {e}");
                    ExitCode::from(2)
                }
            }
        }
        None => rt.block_on(run(cli)),
    }
}

async fn run(cli: Cli) -> ExitCode {
    let options = match oxagent::Options::from_json(&cli.options_json()) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("oxagent: {e}");
            return ExitCode::from(2);
        }
    };
    let model = match build_model(&cli, &options) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("oxagent: {e}");
            return ExitCode::from(2);
        }
    };
    let handle =
        match FrameSession::spawn_with_model(options, &tokio::runtime::Handle::current(), model) {
            Ok(h) => Arc::new(h),
            Err(e) => {
                eprintln!("oxagent: {e}");
                return ExitCode::from(2);
            }
        };
    if cli.input_format.as_deref() == Some("stream-json") {
        feed_stdin(handle.clone());
    } else {
        let prompt = match &cli.prompt {
            Some(p) => p.clone(),
            None => {
                eprintln!("oxagent: give a prompt with -p PROMPT (or --input-format stream-json)");
                return ExitCode::from(2);
            }
        };
        let frame = json!({"type": "user", "message": {"role": "user", "content": prompt}, "parent_tool_use_id": null});
        if let Err(e) = handle.send(frame) {
            eprintln!("oxagent: {e}");
            return ExitCode::from(2);
        }
        handle.end_input();
    }
    let mut renderer =
        render::Renderer::new(cli.output_format.unwrap_or(OutputFormat::Text), cli.verbose);
    let mut failed = false;
    let stdout = std::io::stdout();
    while let Some(frame) = handle.recv().await {
        if frame.get("type").and_then(Value::as_str) == Some("result") {
            failed = frame
                .get("is_error")
                .and_then(Value::as_bool)
                .unwrap_or(false);
        }
        let mut out = stdout.lock();
        renderer.frame(&frame, &mut out);
        let _ = out.flush();
    }
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// The working directory as the session will see it, stored as `<CWD>` in cassettes.
fn session_cwd(options: &oxagent::Options) -> String {
    let cwd = options
        .cwd
        .clone()
        .or_else(|| std::env::current_dir().ok())
        .unwrap_or_default();
    cwd.canonicalize()
        .unwrap_or(cwd)
        .to_string_lossy()
        .to_string()
}

fn build_model(cli: &Cli, options: &oxagent::Options) -> Result<Arc<dyn Model>, String> {
    let cwd = session_cwd(options);
    if let Some(path) = &cli.replay {
        let replay = oxagent_http::cassette::ReplayModel::open(path)
            .map_err(|e| format!("cannot read the cassette {}: {e}", path.display()))?
            .with_substitution(cwd, "<CWD>");
        return Ok(Arc::new(replay));
    }
    let mut env: std::collections::BTreeMap<String, String> = std::env::vars().collect();
    env.extend(options.env.clone());
    let http = oxagent_http::HttpModel::from_env(&env).map_err(|e| e.to_string())?;
    match &cli.record {
        Some(path) => {
            let rec = oxagent_http::cassette::RecordingModel::create(http, path)
                .map_err(|e| format!("cannot write the cassette {}: {e}", path.display()))?
                .with_substitution(cwd, "<CWD>");
            Ok(Arc::new(rec))
        }
        None => Ok(Arc::new(http)),
    }
}

/// Stream-json input: one frame per stdin line, until stdin closes.
fn feed_stdin(handle: Arc<FrameSession>) {
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if line.trim().is_empty() {
                continue;
            }
            match serde_json::from_str::<Value>(&line) {
                // The host's own requests are answered at once, on stdout.
                Ok(frame) if frame["type"] == "control_request" => {
                    match handle.control_reply(&frame) {
                        Ok(reply) => {
                            let mut out = std::io::stdout().lock();
                            let _ = writeln!(out, "{reply}");
                            let _ = out.flush();
                        }
                        Err(e) => eprintln!("oxagent: {e}"),
                    }
                }
                Ok(frame) => {
                    if let Err(e) = handle.send(frame) {
                        eprintln!("oxagent: {e}");
                    }
                }
                Err(e) => eprintln!("oxagent: ignoring a line that is not JSON: {e}"),
            }
        }
        handle.end_input();
    });
}

//! `oxagent`: run an agent from the shell.
//!
//! ```text
//! oxagent -p "Fix the failing test" --permission-mode acceptEdits --max-turns 20
//! oxagent -p "..." --output-format stream-json        # one wire message per line
//! oxagent -p "..." --record run.jsonl                 # keep every Messages API exchange
//! oxagent -p "..." --replay run.jsonl                 # replay them offline; tools run for real
//! oxagent sessions list | show ID | resume ID -p ...  # the saved sessions of this directory
//! oxagent completions bash                            # a shell completion script
//! oxagent mock-server --script scenario.json          # a scripted Messages API on 127.0.0.1
//! ```
//!
//! With text output on a terminal the run is shown as it happens ([`render::tty`]), and
//! permission questions are asked there when stdin is a terminal too ([`prompt`]);
//! otherwise the output is plain ([`render::plain`]).

mod args;
mod prompt;
mod render;
mod sessions;

use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use clap::{CommandFactory, Parser};
use oxagent::core::model::Model;
use oxagent::protocol::control::ControlRequest;
use oxagent::protocol::{ControlResponse, Op};
use oxagent::FrameSession;
use serde_json::{json, Value};

use args::{Cli, Command, OutputFormat, RunArgs, SessionsCommand};
use render::plain::PlainRenderer;
use render::spinner::Spinner;
use render::style::Style;
use render::tty::TtyView;

fn main() -> ExitCode {
    let code = dispatch(Cli::parse());
    // The spans still in the export batch (OTEL_* asked for them) go out before exit.
    oxagent::telemetry::shutdown();
    code
}

fn dispatch(cli: Cli) -> ExitCode {
    let rt = || {
        tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .build()
            .map_err(|e| eprintln!("oxagent: cannot start the runtime: {e}"))
    };
    let mut stdout = std::io::stdout();
    match cli.command {
        Some(Command::Completions { shell }) => {
            // Into a buffer first: clap_complete panics on a closed pipe (`| head`).
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "oxagent", &mut script);
            let _ = stdout.write_all(&script);
            ExitCode::SUCCESS
        }
        Some(Command::Sessions(SessionsCommand::List { cwd, limit, json })) => {
            sessions::list(cwd.as_deref(), limit, json, &mut stdout)
        }
        Some(Command::Sessions(SessionsCommand::Show { id, cwd })) => {
            sessions::show(&id, cwd.as_deref(), &mut stdout)
        }
        Some(Command::Sessions(SessionsCommand::Resume { id, run: args })) => match rt() {
            Ok(rt) => rt.block_on(run(*args, Some(id))),
            Err(()) => ExitCode::from(2),
        },
        Some(Command::MockServer { script, port, log }) => {
            let Ok(rt) = rt() else {
                return ExitCode::from(2);
            };
            match rt.block_on(oxagent_testkit::serve_forever(&script, port, log)) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("oxagent mock-server: {e}");
                    ExitCode::from(2)
                }
            }
        }
        None => match rt() {
            Ok(rt) => rt.block_on(run(cli.run, cli.resume)),
            Err(()) => ExitCode::from(2),
        },
    }
}

/// How the frames are shown.
enum View {
    Plain(PlainRenderer),
    /// The terminal view, and the permission question when stdin is a terminal.
    Terminal(TtyView, Option<oxagent::CanUseTool>),
}

async fn run(args: RunArgs, resume: Option<String>) -> ExitCode {
    let format = args.output_format.unwrap_or(OutputFormat::Text);
    let stream_input = args.input_format.as_deref() == Some("stream-json");
    let terminal = format == OutputFormat::Text && !stream_input && std::io::stdout().is_terminal();
    let interactive = terminal && std::io::stdin().is_terminal();
    let mut options_json = args.options_json();
    if let Some(id) = &resume {
        options_json["resume"] = json!(id);
    }
    if terminal {
        // The view streams the model's text from the raw stream events.
        options_json["include_partial_messages"] = json!(true);
    }
    let mut options = match oxagent::Options::from_json(&options_json) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("oxagent: {e}");
            return ExitCode::from(2);
        }
    };
    options.can_use_tool |= interactive;
    let model = match build_model(&args, &options) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("oxagent: {e}");
            return ExitCode::from(2);
        }
    };
    let cwd = PathBuf::from(session_cwd(&options));
    let handle =
        match FrameSession::spawn_with_model(options, &tokio::runtime::Handle::current(), model) {
            Ok(h) => Arc::new(h),
            Err(e) => {
                eprintln!("oxagent: {e}");
                return ExitCode::from(2);
            }
        };
    if stream_input {
        feed_stdin(handle.clone());
    } else {
        let prompt = match &args.prompt {
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
    let mut view = if terminal {
        let style = Style::for_terminal();
        let ask = interactive.then(|| prompt::ask_in_terminal(style, Some(cwd.clone())));
        View::Terminal(
            TtyView::new(style, Spinner::on_stderr(style.colour), Some(cwd)),
            ask,
        )
    } else {
        View::Plain(PlainRenderer::new(format, args.verbose))
    };
    if let View::Terminal(tty, _) = &view {
        on_ctrl_c(handle.clone(), tty.spinner().clone());
    }
    let mut failed = false;
    let stdout = std::io::stdout();
    while let Some(frame) = handle.recv().await {
        if frame.get("type").and_then(Value::as_str) == Some("result") {
            failed = frame
                .get("is_error")
                .and_then(Value::as_bool)
                .unwrap_or(false);
        }
        match &mut view {
            View::Plain(renderer) => {
                let mut out = stdout.lock();
                renderer.frame(&frame, &mut out);
                let _ = out.flush();
            }
            View::Terminal(tty, ask) => {
                if frame.get("type").and_then(Value::as_str) == Some("control_request") {
                    answer(&handle, tty, ask.as_ref(), &frame).await;
                } else {
                    tty.frame(&frame, &mut stdout.lock());
                }
            }
        }
    }
    if let View::Terminal(tty, _) = &view {
        tty.spinner().clear();
    }
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// In the terminal view, Ctrl-C stops the current turn (the summary line still comes); a
/// second Ctrl-C leaves at once.
fn on_ctrl_c(handle: Arc<FrameSession>, spinner: Spinner) {
    tokio::spawn(async move {
        if tokio::signal::ctrl_c().await.is_err() {
            return;
        }
        spinner.show("Interrupting… (Ctrl-C again to quit)");
        let _ = handle.runtime().submit(Op::Interrupt);
        if tokio::signal::ctrl_c().await.is_ok() {
            spinner.clear();
            handle.close();
            std::process::exit(130);
        }
    });
}

/// Answers a session's control request in the terminal view: a permission question is put
/// to the user; nothing else is asked of this host.
async fn answer(
    handle: &FrameSession,
    tty: &mut TtyView,
    ask: Option<&oxagent::CanUseTool>,
    frame: &Value,
) {
    let id = frame
        .get("request_id")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string();
    let request = serde_json::from_value::<ControlRequest>(
        frame.get("request").cloned().unwrap_or(Value::Null),
    );
    let reply = match (request, ask) {
        (Ok(ControlRequest::CanUseTool(req)), Some(ask)) => {
            tty.pause(&mut std::io::stdout().lock());
            let name = req.tool_name.clone();
            let answer = ask(name.clone(), req.input.clone(), req).await;
            let label = match &answer {
                oxagent::PermissionResult::Allow { .. } => format!("Running {name}…"),
                oxagent::PermissionResult::Deny { .. } => "Thinking…".to_string(),
            };
            tty.resume(&label);
            Ok(ControlResponse::Permission(answer))
        }
        (Ok(other), _) => Err(format!(
            "the oxagent command does not answer {}",
            other.subtype()
        )),
        (Err(e), _) => Err(format!("unreadable control request: {e}")),
    };
    let _ = handle.runtime().submit(Op::Answer { id, reply });
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

fn build_model(args: &RunArgs, options: &oxagent::Options) -> Result<Arc<dyn Model>, String> {
    let cwd = session_cwd(options);
    if let Some(path) = &args.replay {
        let replay = oxagent_http::cassette::ReplayModel::open(path)
            .map_err(|e| format!("cannot read the cassette {}: {e}", path.display()))?
            .with_substitution(cwd, "<CWD>");
        return Ok(Arc::new(replay));
    }
    let mut env: std::collections::BTreeMap<String, String> = std::env::vars().collect();
    env.extend(options.env.clone());
    let http = oxagent_http::HttpModel::from_env(&env).map_err(|e| e.to_string())?;
    match &args.record {
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

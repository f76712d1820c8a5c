//! Command-line arguments.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};
use serde_json::{json, Map, Value};

const EXAMPLES: &str = "\
Examples:
  oxagent -p \"Why does the build fail?\"
  oxagent -p \"Fix the failing test\" --permission-mode acceptEdits --max-turns 20
  oxagent -p \"List the TODOs\" --allowed-tools Read,Grep,Glob --output-format json
  oxagent -p \"...\" --record run.jsonl        keep every Messages API exchange
  oxagent -p \"...\" --replay run.jsonl        replay them offline; tools run for real
  oxagent sessions list                       the sessions of this directory, newest first
  oxagent sessions resume <ID> -p \"And now the docs\"
  oxagent completions zsh > ~/.zfunc/_oxagent";

const LONG_EXAMPLES: &str = "\
Examples:
  oxagent -p \"Why does the build fail?\"
      Runs the agent in the current directory. In a terminal it shows the model's text as
      it streams, each tool call and its result, asks before a tool needs permission, and
      ends with the turns, time and cost. Piped, it prints only the final text.

  oxagent -p \"Fix the failing test\" --permission-mode acceptEdits --max-turns 20
      Lets the agent edit files without asking, for at most 20 turns.

  oxagent -p \"List the TODOs\" --allowed-tools Read,Grep,Glob --output-format json
      Allows three tools without asking and prints the result message as JSON.

  oxagent -p \"...\" --output-format stream-json
      One wire message per line, as the documented SDKs read their CLI.

  oxagent -p \"...\" --record run.jsonl
  oxagent -p \"...\" --replay run.jsonl
      Records every Messages API exchange to a cassette; replays it offline later.

  oxagent sessions list
  oxagent sessions show <ID>
  oxagent sessions resume <ID> -p \"And now the docs\"
      Lists the saved sessions of this directory (or --cwd), prints one, continues one.

  oxagent mock-server --script examples/demo-script.json
      Serves a scripted Messages API on 127.0.0.1 (point ANTHROPIC_BASE_URL at it).

  oxagent completions bash > ~/.local/share/bash-completion/completions/oxagent
      Writes the completion script for bash, zsh, fish, elvish or powershell.

Environment:
  ANTHROPIC_API_KEY    the API key
  ANTHROPIC_BASE_URL   another Messages API endpoint
  NO_COLOR             no colours in the terminal view";

#[derive(Debug, Parser)]
#[command(
    name = "oxagent",
    version,
    about = "Run Claude's agent loop from the shell.",
    after_help = EXAMPLES,
    after_long_help = LONG_EXAMPLES,
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub run: RunArgs,
    /// Continue the saved session with this id.
    #[arg(short = 'r', long, value_name = "ID")]
    pub resume: Option<String>,
}

/// What one agent run takes.
#[derive(Debug, Clone, Args)]
pub struct RunArgs {
    /// The prompt.
    #[arg(short = 'p', long = "print", value_name = "PROMPT")]
    pub prompt: Option<String>,
    #[arg(long)]
    pub model: Option<String>,
    #[arg(long)]
    pub fallback_model: Option<String>,
    /// Permission rules that allow calls without asking, e.g. "Read" "Bash(git status)".
    #[arg(long = "allowed-tools", alias = "allowedTools", num_args = 1.., value_delimiter = ',')]
    pub allowed_tools: Vec<String>,
    #[arg(long = "disallowed-tools", alias = "disallowedTools", num_args = 1.., value_delimiter = ',')]
    pub disallowed_tools: Vec<String>,
    /// The built-in tools the model sees (default: all).
    #[arg(long, value_delimiter = ',')]
    pub tools: Option<Vec<String>>,
    /// How tool calls are permitted.
    #[arg(long, value_parser = ["default", "acceptEdits", "plan", "dontAsk", "bypassPermissions", "auto"])]
    pub permission_mode: Option<String>,
    #[arg(long)]
    pub max_turns: Option<u64>,
    #[arg(long)]
    pub max_budget_usd: Option<f64>,
    /// The working directory (default: the current one).
    #[arg(long, value_hint = clap::ValueHint::DirPath)]
    pub cwd: Option<PathBuf>,
    #[arg(long)]
    pub system_prompt: Option<String>,
    #[arg(long)]
    pub append_system_prompt: Option<String>,
    /// Also emit the raw stream events (stream-json output).
    #[arg(long)]
    pub include_partial_messages: bool,
    /// text (default), json (the result message) or stream-json (every message).
    #[arg(long, value_enum)]
    pub output_format: Option<OutputFormat>,
    /// `stream-json`: read frames (user messages, control requests) from stdin.
    #[arg(long, value_parser = ["text", "stream-json"])]
    pub input_format: Option<String>,
    /// Write every Messages API exchange to this cassette (JSONL).
    #[arg(long, conflicts_with = "replay", value_hint = clap::ValueHint::FilePath)]
    pub record: Option<PathBuf>,
    /// Serve the model's turns from this cassette, offline.
    #[arg(long, value_hint = clap::ValueHint::FilePath)]
    pub replay: Option<PathBuf>,
    /// Text output: also show tool results when piped.
    #[arg(long)]
    pub verbose: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    Text,
    Json,
    StreamJson,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// List, print or continue the saved sessions of a directory.
    #[command(subcommand)]
    Sessions(SessionsCommand),
    /// Print a shell completion script.
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Serve a scripted Messages API on 127.0.0.1 (prints the port).
    MockServer {
        #[arg(long, value_hint = clap::ValueHint::FilePath)]
        script: PathBuf,
        #[arg(long, default_value_t = 0)]
        port: u16,
        /// Append every request to this JSONL file.
        #[arg(long)]
        log: Option<PathBuf>,
    },
}

#[derive(Debug, Subcommand)]
pub enum SessionsCommand {
    /// The sessions of the directory, newest first.
    List {
        /// The project directory (default: the current one).
        #[arg(long, value_hint = clap::ValueHint::DirPath)]
        cwd: Option<PathBuf>,
        /// Show at most this many.
        #[arg(short = 'n', long, default_value_t = 20)]
        limit: usize,
        /// One JSON object per session.
        #[arg(long)]
        json: bool,
    },
    /// Print one session's conversation.
    Show {
        id: String,
        /// The project directory (default: the current one).
        #[arg(long, value_hint = clap::ValueHint::DirPath)]
        cwd: Option<PathBuf>,
    },
    /// Continue a session with a new prompt.
    Resume {
        id: String,
        #[command(flatten)]
        run: Box<RunArgs>,
    },
}

impl RunArgs {
    /// The options, with the documented Python names.
    pub fn options_json(&self) -> Value {
        let mut o = Map::new();
        let mut put = |k: &str, v: Value| {
            o.insert(k.to_string(), v);
        };
        if let Some(m) = &self.model {
            put("model", json!(m));
        }
        if let Some(m) = &self.fallback_model {
            put("fallback_model", json!(m));
        }
        if !self.allowed_tools.is_empty() {
            put("allowed_tools", json!(self.allowed_tools));
        }
        if !self.disallowed_tools.is_empty() {
            put("disallowed_tools", json!(self.disallowed_tools));
        }
        if let Some(t) = &self.tools {
            put(
                "tools",
                json!(t.iter().filter(|s| !s.is_empty()).collect::<Vec<_>>()),
            );
        }
        if let Some(m) = &self.permission_mode {
            put("permission_mode", json!(m));
        }
        if let Some(n) = self.max_turns {
            put("max_turns", json!(n));
        }
        if let Some(b) = self.max_budget_usd {
            put("max_budget_usd", json!(b));
        }
        if let Some(c) = &self.cwd {
            put("cwd", json!(c.to_string_lossy()));
        }
        match (&self.system_prompt, &self.append_system_prompt) {
            (Some(s), _) => put("system_prompt", json!(s)),
            (None, Some(a)) => put(
                "system_prompt",
                json!({"type": "preset", "preset": "claude_code", "append": a}),
            ),
            (None, None) => put(
                "system_prompt",
                json!({"type": "preset", "preset": "claude_code"}),
            ),
        }
        if self.include_partial_messages {
            put("include_partial_messages", json!(true));
        }
        Value::Object(o)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_is_well_formed() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }

    #[test]
    fn resume_takes_the_run_arguments() {
        let cli = Cli::try_parse_from([
            "oxagent",
            "sessions",
            "resume",
            "abc",
            "-p",
            "go on",
            "--max-turns",
            "3",
        ])
        .map_err(|e| e.to_string());
        let Ok(Cli {
            command: Some(Command::Sessions(SessionsCommand::Resume { id, run })),
            ..
        }) = cli
        else {
            panic!("not parsed as a resume: {cli:?}");
        };
        assert_eq!(
            (id.as_str(), run.prompt.as_deref(), run.max_turns),
            ("abc", Some("go on"), Some(3))
        );
    }
}

//! Command-line arguments.

use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};
use serde_json::{json, Map, Value};

#[derive(Debug, Parser)]
#[command(
    name = "oxagent",
    version,
    about = "Run Claude's agent loop from the shell."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// The prompt.
    #[arg(short = 'p', long = "print")]
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
    /// default, acceptEdits, plan, dontAsk, bypassPermissions.
    #[arg(long)]
    pub permission_mode: Option<String>,
    #[arg(long)]
    pub max_turns: Option<u64>,
    #[arg(long)]
    pub max_budget_usd: Option<f64>,
    #[arg(long)]
    pub cwd: Option<PathBuf>,
    #[arg(long)]
    pub system_prompt: Option<String>,
    #[arg(long)]
    pub append_system_prompt: Option<String>,
    #[arg(long)]
    pub include_partial_messages: bool,
    #[arg(long, value_enum)]
    pub output_format: Option<OutputFormat>,
    /// `stream-json`: read frames (user messages, control requests) from stdin.
    #[arg(long)]
    pub input_format: Option<String>,
    /// Write every Messages API exchange to this cassette (JSONL).
    #[arg(long, conflicts_with = "replay")]
    pub record: Option<PathBuf>,
    /// Serve the model's turns from this cassette, offline.
    #[arg(long)]
    pub replay: Option<PathBuf>,
    /// Text output: also show tool results.
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
    /// Serve a scripted Messages API on 127.0.0.1 (prints the port).
    MockServer {
        #[arg(long)]
        script: PathBuf,
        #[arg(long, default_value_t = 0)]
        port: u16,
        /// Append every request to this JSONL file.
        #[arg(long)]
        log: Option<PathBuf>,
    },
}

impl Cli {
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

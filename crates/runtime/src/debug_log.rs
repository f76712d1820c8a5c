//! The session's diagnostic lines, written where the options ask (TypeScript `debugFile`,
//! TypeScript `debug` or the `--debug` flag: the session's file under `debug/`,
//! and the host's `stderr` callback with `extra_args` `debug-to-stderr`): what the options
//! left without effect, then one line per request state, retry, tool call, hook or
//! permission question and result, as the session emits them.
//!
//! ```text
//! [oxagent] spawnClaudeCodeProcess: accepted, no effect in this process
//! [oxagent] session 6f0c... started in /work/app
//! [oxagent] request: requesting
//! [oxagent] tool call: Read (toolu_01...)
//! [oxagent] control request: hook_callback
//! [oxagent] result: success after 2 turns
//! ```

use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::Path;
use std::sync::Mutex;

use oxagent_core::content::ContentBlock;
use oxagent_core::protocol::system::SystemBody;
use oxagent_core::sync::lock;
use oxagent_core::Message;
use oxagent_options::Options;

/// Where the lines go: the file, and the host (as [`Event::Diagnostic`] lines, which the
/// caller sends).
///
/// [`Event::Diagnostic`]: oxagent_core::protocol::op::Event::Diagnostic
pub(crate) struct DebugLog {
    file: Option<Mutex<File>>,
    to_host: bool,
}

impl DebugLog {
    /// Opens (appending, folders created) the file the options name (`debug_file`, else with
    /// `debug` the session's `<config dir>/debug/<session_id>.txt`), and notes whether the host
    /// takes the lines; none when neither is asked for. A file that cannot be opened is left
    /// out (diagnostics never stop a session).
    pub fn open(
        options: &Options,
        session_id: &str,
        env: &BTreeMap<String, String>,
    ) -> Option<DebugLog> {
        let path = options.debug_file.clone().or_else(|| {
            let config = oxagent_sessions::start::projects(env);
            let config = config.parent()?;
            options
                .debug
                .then(|| config.join("debug").join(format!("{session_id}.txt")))
        });
        let file = path.as_deref().and_then(|path| {
            if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir).ok()?;
            }
            OpenOptions::new().create(true).append(true).open(path).ok()
        });
        let to_host = options.debug_to_stderr;
        (file.is_some() || to_host).then(|| DebugLog {
            file: file.map(Mutex::new),
            to_host,
        })
    }

    /// Writes one line to the file; returns it for the host when the host takes the lines.
    pub fn line(&self, text: &str) -> Option<String> {
        let line = format!("[oxagent] {text}");
        if let Some(file) = &self.file {
            let _ = writeln!(lock(file), "{line}");
        }
        self.to_host.then_some(line)
    }

    /// The opening lines: the options without effect, and where the session runs.
    pub fn start(&self, options: &Options, session_id: &str, cwd: &Path) -> Vec<String> {
        let mut texts = notes(options);
        texts.push(format!("session {session_id} started in {}", cwd.display()));
        texts.iter().filter_map(|t| self.line(t)).collect()
    }

    /// The lines a message is worth, if any.
    pub fn message(&self, message: &Message) -> Vec<String> {
        describe(message)
            .iter()
            .filter_map(|t| self.line(t))
            .collect()
    }
}

/// One line per option given that has no effect in this process: those that configure the
/// documented SDK's CLI process (oxagent runs the session in the caller's process, with no
/// CLI), and those that ask for output oxagent does not make.
pub(crate) fn notes(options: &Options) -> Vec<String> {
    let mut out: Vec<String> = options
        .cli_only
        .iter()
        .map(|name| format!("{name}: accepted, no effect in this process"))
        .collect();
    if !options.extra_args_ignored.is_empty() {
        out.push(format!(
            "extra_args: no effect in this process: {}",
            options.extra_args_ignored.join(" ")
        ));
    }
    out
}

/// The lines a message is worth: one per tool call of an answer, at most one otherwise.
fn describe(message: &Message) -> Vec<String> {
    let one = match message {
        Message::System(m) => match &m.body {
            SystemBody::Init(init) => Some(format!(
                "init: model {}, {} tools, permission mode {}",
                init.model,
                init.tools.len(),
                init.permission_mode.as_str()
            )),
            SystemBody::ApiRetry(r) => Some(format!(
                "request failed ({}), retry {} of {}",
                r.error_status
                    .map_or_else(|| "no response".to_string(), |s| s.to_string()),
                r.attempt,
                r.max_retries
            )),
            SystemBody::Status(s) => s.status.as_ref().map(|s| format!("request: {s}")),
            other => Some(format!("system: {}", other.subtype())),
        },
        Message::Assistant(m) => {
            return m
                .message
                .content
                .iter()
                .filter_map(|b| match b {
                    ContentBlock::ToolUse { id, name, .. } => {
                        Some(format!("tool call: {name} ({id})"))
                    }
                    _ => None,
                })
                .collect();
        }
        Message::Result(r) => Some(format!(
            "result: {} after {} turns",
            serde_json::to_value(r.subtype)
                .ok()
                .and_then(|v| v.as_str().map(str::to_string))
                .unwrap_or_default(),
            r.num_turns
        )),
        Message::User(_) | Message::StreamEvent(_) => None,
        Message::ConversationReset(_) => Some("conversation reset (/clear)".into()),
        Message::CommandLifecycle(c) => Some(format!("scheduled turn {}", c.state)),
    };
    one.into_iter().collect()
}

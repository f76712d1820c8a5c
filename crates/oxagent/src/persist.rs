//! Session transcripts for the facade: where a session's rows go, and what `resume`,
//! `continue_conversation`, `fork_session` and `resume_session_at` start from.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use oxagent_core::agent::{compact_command, Emit};
use oxagent_core::content::ContentBlock;
use oxagent_core::conversation::Turn;
use oxagent_core::message::{Message, ResultMessage, ResultSubtype};
use oxagent_core::usage::{ModelUsage, Usage};
use oxagent_core::{Session, UserContent};
use oxagent_sessions::{load, transcript_path, LoadError, LoadedSession, TranscriptWriter};
use serde_json::Value;

use crate::options::Options;

/// How a session begins.
pub(crate) enum Start {
    Fresh,
    Resumed(Box<LoadedSession>),
    /// `resume` named a session that has no transcript.
    Unknown(String),
}

pub(crate) struct Plan {
    pub session_id: String,
    pub start: Start,
    pub writer: Option<TranscriptWriter>,
}

/// The home folder sessions live under: the options' `HOME`, else the process's.
pub(crate) fn home(env: &BTreeMap<String, String>) -> PathBuf {
    env.get("HOME")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("."))
}

/// Decides the session id and loads what the options ask to continue from.
pub(crate) fn plan(options: &Options, home: &Path, cwd: &Path, new_id: String) -> Plan {
    let fresh_id = options.session_id.clone().unwrap_or(new_id);
    let source = match (&options.resume, options.continue_conversation) {
        (Some(id), _) => Some(id.clone()),
        (None, true) => oxagent_sessions::latest_session(home, cwd),
        (None, false) => None,
    };
    let Some(source_id) = source else {
        let writer =
            TranscriptWriter::open(&transcript_path(home, cwd, &fresh_id), &fresh_id, cwd, None)
                .ok();
        return Plan {
            session_id: fresh_id,
            start: Start::Fresh,
            writer,
        };
    };
    let loaded = match load(
        &transcript_path(home, cwd, &source_id),
        options.resume_session_at.as_deref(),
    ) {
        Ok(l) => l,
        Err(LoadError::NotFound) | Err(LoadError::Io(_)) => {
            return Plan {
                session_id: source_id.clone(),
                start: Start::Unknown(source_id),
                writer: None,
            }
        }
    };
    if options.fork_session {
        // A fork is a new session whose file starts with a copy of the history.
        let path = transcript_path(home, cwd, &fresh_id);
        let writer = TranscriptWriter::open(&path, &fresh_id, cwd, loaded.last_uuid.clone()).ok();
        if let Some(w) = &writer {
            for row in &loaded.rows {
                let mut row = row.clone();
                row["sessionId"] = Value::String(fresh_id.clone());
                w.raw(&row);
            }
        }
        return Plan {
            session_id: fresh_id,
            start: Start::Resumed(Box::new(loaded)),
            writer,
        };
    }
    let path = transcript_path(home, cwd, &source_id);
    let writer = TranscriptWriter::open(&path, &source_id, cwd, loaded.last_uuid.clone()).ok();
    Plan {
        session_id: source_id,
        start: Start::Resumed(Box::new(loaded)),
        writer,
    }
}

/// Puts a loaded conversation and its running cost back into a session, and writes the
/// repairs a torn transcript needed.
pub(crate) fn restore(
    session: &mut Session,
    loaded: &LoadedSession,
    writer: Option<&TranscriptWriter>,
    uuid: impl Fn() -> String,
) {
    session.restore_turns(
        loaded
            .turns
            .iter()
            .zip(loaded.turn_uuids.iter())
            .map(|((role, blocks), uuids)| {
                Turn::with_role(role, blocks.clone()).with_uuids(uuids.clone())
            })
            .collect(),
    );
    if let Some(usage) = loaded
        .last_usage
        .as_ref()
        .and_then(|u| serde_json::from_value::<Usage>(u.clone()).ok())
    {
        session.restore_usage(&usage);
    }
    session.total_cost_usd = loaded.total_cost_usd;
    session.model_usage =
        serde_json::from_value::<BTreeMap<String, ModelUsage>>(loaded.model_usage.clone())
            .unwrap_or_default();
    if let Some(w) = writer {
        for (kind, message) in &loaded.repairs {
            w.synthetic(kind, &uuid(), message.clone());
        }
    }
}

/// The result of a turn that could not start because `resume` named an unknown session.
pub(crate) fn unknown_session_result(session_id: &str, uuid: String) -> ResultMessage {
    ResultMessage {
        subtype: ResultSubtype::ErrorDuringExecution,
        is_error: true,
        session_id: session_id.to_string(),
        errors: Some(vec![format!(
            "No conversation found with session ID: {session_id}"
        )]),
        ..ResultMessage::unstarted(uuid)
    }
}

/// Forwards messages to the caller and writes the conversation ones to the transcript.
pub(crate) struct Recorder<'a> {
    pub inner: &'a dyn Emit,
    pub writer: Option<&'a TranscriptWriter>,
}

impl Emit for Recorder<'_> {
    fn emit(&self, message: Message) {
        if let Some(w) = self.writer {
            w.message(&message);
        }
        self.inner.emit(message);
    }
}

impl Recorder<'_> {
    pub fn prompt(&self, content: &UserContent, uuid: &str) {
        // `/compact` is a local command, not a prompt: its record is written after it ran.
        if compact_command(content).is_some() {
            return;
        }
        if let Some(w) = self.writer {
            w.prompt(content, uuid);
        }
    }

    pub fn after_turn(&self, session: &Session) {
        if let Some(w) = self.writer {
            // A /compact that just ran: its caveat and command rows (its output was emitted).
            for block in session.pending_record() {
                if let ContentBlock::Text { text, .. } = block {
                    if !text.starts_with("<local-command-stdout>") {
                        let uuid = uuid::Uuid::new_v4().to_string();
                        w.prompt(&UserContent::Text(text.clone()), &uuid);
                    }
                }
            }
            w.cost_state(
                session.total_cost_usd,
                &serde_json::to_value(&session.model_usage).unwrap_or(Value::Null),
                &serde_json::to_value(session.last_usage()).unwrap_or(Value::Null),
            );
        }
    }
}

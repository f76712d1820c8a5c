//! How a session starts from its transcripts: where its rows go, what `resume`,
//! `continue_conversation`, `fork_session` and `resume_session_at` start from, putting a
//! loaded conversation back into a [`Session`], and the [`Recorder`] that writes the rows
//! while the session runs.
//!
//! ```text
//! plan(continuation, projects, cwd, fresh id, sink) -> Plan { session id, Start::Fresh | Resumed | Refused, writer }
//! restore(session, loaded, writer)        -> the conversation and its running cost, back in
//! Recorder { emit, writer }               -> every message to the caller, conversation rows to the file
//! ```

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use oxagent_core::agent::{compact_command, cost_command, Emit};
use oxagent_core::content::ContentBlock;
use oxagent_core::conversation::{ResultNotes, Turn};
use oxagent_core::message::{Message, ResultMessage, ResultSubtype};
use oxagent_core::model_names::canonical_id;
use oxagent_core::usage::{ModelUsage, Usage};
use oxagent_core::{Session, UserContent};
use serde_json::Value;

use crate::writer::RowSink;
use crate::{
    load, project_key, resume_target, validate_session_id, LoadError, LoadedSession, SessionId,
    TranscriptWriter,
};

/// What a session continues from, as the options ask.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Continuation {
    /// `resume`: a session id, or a title looked up among the project's sessions.
    pub resume: Option<String>,
    /// `continue_conversation`: the project's most recent session.
    pub continue_conversation: bool,
    /// `fork_session`: continue into a new session, leaving the original as it was.
    pub fork_session: bool,
    /// `resume_session_at`: the conversation stops after this message uuid.
    pub resume_session_at: Option<String>,
    /// `resume_drops_turn`: the prompt uuid of the one turn the cut may discard.
    pub resume_drops_turn: Option<String>,
    /// TypeScript `persistSession: false`: nothing is written (a resume still reads).
    pub no_persistence: bool,
}

/// How a session begins.
pub enum Start {
    Fresh,
    Resumed(Box<LoadedSession>),
    /// The session cannot start from what `resume` / `resume_session_at` name: the text of
    /// the error result (no such session, no such message, a title that matches none).
    Refused(String),
}

pub struct Plan {
    pub session_id: String,
    pub start: Start,
    pub writer: Option<TranscriptWriter>,
}

/// The home folder sessions live under: the options' `HOME`, else the process's.
pub fn home(env: &BTreeMap<String, String>) -> PathBuf {
    env.get("HOME")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("."))
}

/// The folder of every project's transcripts: `$CLAUDE_CONFIG_DIR/projects`, else
/// `<home>/.claude/projects`.
pub fn projects(env: &BTreeMap<String, String>) -> PathBuf {
    let config = env.get("CLAUDE_CONFIG_DIR").filter(|d| !d.is_empty());
    crate::projects_root(&home(env), config.map(Path::new))
}

/// The most recently written session of a project folder, for `continue`. Files whose
/// name is not a session id are passed over.
pub(crate) fn latest_in(project: &Path) -> Option<SessionId> {
    std::fs::read_dir(project)
        .ok()?
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().to_string();
            let id = validate_session_id(name.strip_suffix(".jsonl")?).ok()?;
            let modified = e.metadata().ok()?.modified().ok()?;
            Some((modified, id))
        })
        .max()
        .map(|(_, id)| id)
}

fn open_writer(
    options: &Continuation,
    path: &Path,
    id: &SessionId,
    cwd: &Path,
    last_uuid: Option<String>,
    sink: &Option<Arc<dyn RowSink>>,
) -> Option<TranscriptWriter> {
    if options.no_persistence {
        return None;
    }
    let mut w = TranscriptWriter::open(path, id.as_str(), cwd, last_uuid).ok()?;
    if let Some(s) = sink {
        w.mirror_to(s.clone());
    }
    Some(w)
}

/// A fresh session's transcript, not opened yet (see [`plan_fresh`]).
pub struct Unopened {
    path: PathBuf,
    session_id: SessionId,
    cwd: PathBuf,
    options: Continuation,
    sink: Option<Arc<dyn RowSink>>,
}

impl Unopened {
    /// Opens it, creating its folder and file, as [`plan`] does (None when it cannot be).
    pub fn open(self) -> Option<TranscriptWriter> {
        open_writer(
            &self.options,
            &self.path,
            &self.session_id,
            &self.cwd,
            None,
            &self.sink,
        )
    }
}

/// [`plan`] for options that continue nothing (no `resume`, no `continue_conversation`):
/// the session id is known without reading anything, and the transcript is opened later by
/// [`Unopened::open`], off the caller's thread (its folder and file are the slowest part of
/// a session's start). None for options that continue a session: those go through [`plan`].
pub fn plan_fresh(
    options: &Continuation,
    projects: &Path,
    cwd: &Path,
    fresh_id: SessionId,
    sink: Option<Arc<dyn RowSink>>,
) -> Option<(Plan, Unopened)> {
    if options.resume.is_some() || options.continue_conversation {
        return None;
    }
    let unopened = Unopened {
        path: projects.join(project_key(cwd)).join(fresh_id.file_name()),
        session_id: fresh_id.clone(),
        cwd: cwd.to_path_buf(),
        options: options.clone(),
        sink,
    };
    let plan = Plan {
        session_id: fresh_id.into(),
        start: Start::Fresh,
        writer: None,
    };
    Some((plan, unopened))
}

/// Decides the session id and loads what the options ask to continue from, in the
/// `projects` folder (see [`projects`]). Only ids that passed `validate_session_id` reach a
/// path: `resume` is a session id or a title looked up among the project's sessions,
/// `resume_session_at` is only compared with message uuids. Every row written, the copied
/// history of a fork included, also goes to `sink`.
pub fn plan(
    options: &Continuation,
    projects: &Path,
    cwd: &Path,
    fresh_id: SessionId,
    sink: Option<Arc<dyn RowSink>>,
) -> Plan {
    let project = projects.join(project_key(cwd));
    // `continue_conversation` wins over `resume`, as in the reference: the id is not even
    // looked at.
    let source = match (&options.resume, options.continue_conversation) {
        (_, true) => latest_in(&project),
        (Some(value), false) => match resume_target(&project, value) {
            Ok(id) => Some(id),
            Err(text) => return refused(fresh_id, text),
        },
        (None, false) => None,
    };
    let transcript_path = |id: &SessionId| project.join(id.file_name());
    let Some(source_id) = source else {
        let path = transcript_path(&fresh_id);
        let writer = open_writer(options, &path, &fresh_id, cwd, None, &sink);
        return Plan {
            session_id: fresh_id.into(),
            start: Start::Fresh,
            writer,
        };
    };
    let until = options.resume_session_at.as_deref();
    // A refusal names the session the turn would have run in: a fork's own (fuzz-e/fe_052
    // on the TS face), while its text names the session it came from.
    let would_run_in = if options.fork_session {
        fresh_id.clone()
    } else {
        source_id.clone()
    };
    let loaded = match load(&transcript_path(&source_id), until) {
        // A transcript whose prompts were all torn holds no conversation to resume (to
        // continue, it is a conversation like any other); one of a prompt its hooks blocked
        // holds that prompt's warning, and resumes (fuzz-i/fi_pin_prompt_block_*).
        Ok(l)
            if until.is_none()
                && !options.continue_conversation
                && !l.turns.iter().any(|(role, _)| role == "user")
                && !l.rows.iter().any(|r| r["type"] == "system") =>
        {
            let text = format!("No conversation found with session ID: {source_id}");
            return refused(would_run_in, text);
        }
        Ok(l) => l,
        Err(LoadError::NotFound) | Err(LoadError::Io(_)) => {
            let text = format!("No conversation found with session ID: {source_id}");
            return refused(would_run_in, text);
        }
        Err(LoadError::NoSuchMessage(at)) => {
            let text = format!("No message found with message.uuid of: {at}");
            return refused(would_run_in, text);
        }
    };
    if let (Some(at), Some(declared)) = (until, options.resume_drops_turn.as_deref()) {
        let text = std::fs::read_to_string(transcript_path(&source_id)).unwrap_or_default();
        if let Err(why) = crate::drops_turn::check(&text, at, declared) {
            return refused(would_run_in, why);
        }
    }
    if options.fork_session {
        // A fork is a new session whose file starts with a copy of the history.
        let path = transcript_path(&fresh_id);
        let writer = open_writer(
            options,
            &path,
            &fresh_id,
            cwd,
            loaded.last_uuid.clone(),
            &sink,
        );
        if let Some(w) = &writer {
            for row in fork_rows(&loaded) {
                let Some(mut row) = fork_row(&loaded, row) else {
                    continue;
                };
                row["sessionId"] = Value::String(fresh_id.to_string());
                w.raw(&row);
            }
        }
        return Plan {
            session_id: fresh_id.into(),
            start: Start::Resumed(Box::new(loaded)),
            writer,
        };
    }
    let path = transcript_path(&source_id);
    let writer = open_writer(
        options,
        &path,
        &source_id,
        cwd,
        loaded.last_uuid.clone(),
        &sink,
    );
    Plan {
        session_id: source_id.into(),
        start: Start::Resumed(Box::new(loaded)),
        writer,
    }
}

/// The rows a fork's file starts with: all of them, or after a compaction the conversation
/// as it goes on from the last compact boundary (the boundary, the summary, the rows the
/// compaction kept, then the later ones).
fn fork_rows(loaded: &LoadedSession) -> Vec<&Value> {
    let is_boundary = |r: &Value| r["type"] == "system" && r["subtype"] == "compact_boundary";
    let Some(b) = loaded.rows.iter().rposition(is_boundary) else {
        return loaded.rows.iter().collect();
    };
    let at: std::collections::HashMap<&str, usize> = loaded
        .rows
        .iter()
        .enumerate()
        .filter_map(|(i, r)| r["uuid"].as_str().map(|u| (u, i)))
        .collect();
    // The summary, then the rows kept from before the boundary, in the conversation's order;
    // then the later rows as the file has them: a result written before the next block of its
    // answer stays there (fuzz-g/fg_111).
    let mut first = Vec::new();
    let mut later = Vec::new();
    for (turn, uuids) in loaded.turn_uuids.iter().enumerate() {
        for i in uuids.iter().filter_map(|u| at.get(u.as_str()).copied()) {
            if turn > 0 && i > b {
                later.push(i);
            } else if !first.contains(&i) {
                first.push(i);
            }
        }
    }
    later.sort_unstable();
    later.dedup();
    std::iter::once(b)
        .chain(first)
        .chain(later)
        .map(|i| &loaded.rows[i])
        .collect()
}

/// A row as a fork copies it: none for a row the conversation leaves out; a row whose
/// parent was left out points at the nearest parent kept.
fn fork_row(loaded: &LoadedSession, row: &Value) -> Option<Value> {
    if row["uuid"]
        .as_str()
        .is_some_and(|u| loaded.left_out.contains_key(u))
    {
        return None;
    }
    let mut row = row.clone();
    let mut parent = row["parentUuid"].as_str().map(str::to_string);
    for _ in 0..=loaded.left_out.len() {
        match parent.as_deref().and_then(|p| loaded.left_out.get(p)) {
            Some(up) => parent = up.clone(),
            None => break,
        }
    }
    if parent.as_deref() != row["parentUuid"].as_str() {
        row["parentUuid"] = parent.map_or(Value::Null, Value::String);
    }
    Some(row)
}

/// A turn's blocks with the instruction files it showed the model put back: those a prompt
/// showed before it, the nested ones a round's results brought in after them.
fn instruction_blocks(
    loaded: &LoadedSession,
    uuids: &[String],
    blocks: &[ContentBlock],
) -> Vec<ContentBlock> {
    use oxagent_core::memory::{instructions, nested_reminder};
    let mut out = Vec::with_capacity(blocks.len());
    for u in uuids {
        if let Some((_, shown)) = loaded.instructions.iter().find(|(id, _)| id == u) {
            out.extend(instructions::shown_again(shown).map(ContentBlock::text));
        }
    }
    out.extend(blocks.iter().cloned());
    for u in uuids {
        if let Some((path, text)) = loaded.nested_memory.get(u) {
            out.push(ContentBlock::text(nested_reminder(path, text)));
        }
    }
    out
}

/// What the conversation shows of each instruction file, as it last showed it, and the nested
/// files it shows (a call reaching them brings them in no more, unless they changed since).
/// What came before a compaction's summary is shown no longer (fl_pin_compact_*).
fn restore_instructions(session: &mut Session, loaded: &LoadedSession) {
    use oxagent_core::memory::instructions;
    let shown = loaded.shown_uuids();
    let mut known = Vec::new();
    for (_, record) in loaded
        .instructions
        .iter()
        .filter(|(u, _)| shown.contains(u.as_str()))
    {
        instructions::apply(&mut known, record);
    }
    session.restored_instructions = Some(known);
    if let Some(nested) = &session.nested_memory {
        for (uuid, (path, text)) in &loaded.nested_memory {
            if shown.contains(uuid.as_str()) {
                nested.restored(std::path::Path::new(path), text);
            }
        }
        // A file the model read itself is not brought in later (fuzz-l/fl_097).
        let reads = loaded
            .turns
            .iter()
            .flat_map(|(_, blocks)| blocks)
            .filter_map(|b| match b {
                ContentBlock::ToolUse { name, input, .. } if name == "Read" => {
                    input.get("file_path").and_then(serde_json::Value::as_str)
                }
                _ => None,
            });
        for path in reads {
            nested.seen(std::path::Path::new(path));
        }
    }
}

/// A session that ends with an error result before it starts; nothing is written.
fn refused(session_id: SessionId, text: String) -> Plan {
    Plan {
        session_id: session_id.into(),
        start: Start::Refused(text),
        writer: None,
    }
}

/// Puts a loaded conversation and its running cost back into a session, and writes the
/// repairs a torn transcript needed.
pub fn restore(
    session: &mut Session,
    loaded: &LoadedSession,
    writer: Option<&TranscriptWriter>,
    uuid: impl Fn() -> String,
) {
    restore_instructions(session, loaded);
    session.restore_turns(
        loaded
            .turns
            .iter()
            .zip(loaded.turn_uuids.iter())
            .map(|((role, blocks), uuids)| {
                // An answer's model, or the one the last prompt of the turn went to.
                let model = uuids
                    .iter()
                    .find_map(|u| loaded.answer_models.get(u))
                    .or_else(|| uuids.iter().rev().find_map(|u| loaded.prompt_models.get(u)))
                    .cloned();
                let notes = blocks.iter().enumerate().find_map(|(block, b)| {
                    let texts = loaded.result_notes.get(b.result_id()?)?.clone();
                    Some(ResultNotes { block, texts })
                });
                let blocks = instruction_blocks(loaded, uuids, blocks);
                let mut turn = Turn::with_role(role, blocks)
                    .with_uuids(uuids.clone())
                    .with_model(model)
                    .with_notes(notes);
                turn.leads_with_context = uuids
                    .first()
                    .is_some_and(|u| loaded.context_prompts.contains(u));
                turn
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
    if let Some(usage) = loaded
        .last_answer_usage
        .as_ref()
        .and_then(|u| serde_json::from_value::<Usage>(u.clone()).ok())
    {
        session.restore_answer_usage(&usage);
    }
    session.total_cost_usd = loaded.total_cost_usd;
    session.restored_cost_usd = loaded.total_cost_usd;
    session.code_ledger = loaded.code_ledger;
    if let Some(model) = loaded
        .last_model
        .as_ref()
        .filter(|_| !session.config.model_chosen)
    {
        // Sonnet 4.5 is not carried over: the session goes on with the default model, and
        // the transcript says so (fuzz-e/fe_071; each other model tried is carried over).
        if canonical_id(model) == "claude-sonnet-4-5" {
            if let Some(w) = writer {
                w.informational(
                    &format!("{model} is not carried over on resume; the session goes on with the default model."),
                    "notice",
                    &uuid(),
                );
            }
        } else {
            session.config.model = model.clone();
            session.set_model(None);
        }
    }
    session.model_usage =
        serde_json::from_value::<BTreeMap<String, ModelUsage>>(loaded.model_usage.clone())
            .unwrap_or_default();
    if let Some(w) = writer {
        for (kind, message) in &loaded.repairs {
            w.synthetic(kind, &uuid(), message.clone());
        }
    }
}

/// The result of a turn that could not start: `error` says why (see [`Start::Refused`]).
pub fn refused_result(session_id: &str, error: &str, uuid: String) -> ResultMessage {
    ResultMessage {
        subtype: ResultSubtype::ErrorDuringExecution,
        is_error: true,
        session_id: session_id.to_string(),
        errors: Some(vec![error.to_string()]),
        ..ResultMessage::unstarted(uuid)
    }
}

/// Forwards messages to the caller and writes the conversation ones to the transcript.
pub struct Recorder<'a> {
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

    fn response_end(&self, end: &oxagent_core::agent::ResponseEnd<'_>) {
        if let Some(w) = self.writer {
            w.response_end(end);
        }
        self.inner.response_end(end);
    }

    fn record_only(&self, message: Message) {
        if let Some(w) = self.writer {
            w.message(&message);
        }
    }

    fn shown_only(&self, message: Message) {
        self.inner.emit(message);
    }

    fn results_sent(
        &self,
        results: &[oxagent_core::ContentBlock],
        notes: Option<&oxagent_core::conversation::ResultNotes>,
        finished: &[String],
    ) {
        if let Some(w) = self.writer {
            w.results_sent(results, notes, finished);
        }
    }

    fn marks_added(&self, marks: &[oxagent_core::agent::TranscriptMark]) {
        if let Some(w) = self.writer {
            w.marks_added(marks);
        }
    }

    fn session_titled(&self, title: &str, in_folder: bool) {
        if let Some(w) = self.writer {
            w.titled(title, in_folder);
        }
    }

    fn stop_marked(&self, tool_use_id: &str, reason: &str) {
        if let Some(w) = self.writer {
            w.stop_marked(tool_use_id, reason);
        }
    }

    fn prompt_decided(&self, kept: bool, note: Option<&str>) {
        if let Some(w) = self.writer {
            w.prompt_decided(kept, note);
        }
    }

    fn prompt_filled(&self, content: &oxagent_core::content::UserContent) {
        if let Some(w) = self.writer {
            w.prompt_filled(content);
        }
    }

    fn stop_hooks_summarized(&self, summary: &oxagent_core::agent::StopHookSummary) {
        if let Some(w) = self.writer {
            w.stop_hooks_summarized(summary);
        }
    }

    fn note_added(&self, tool_use_id: &str, text: &str) {
        if let Some(w) = self.writer {
            w.note_added(tool_use_id, text);
        }
    }

    fn prompt_context(&self, uuid: &str, model: &str, leads: bool) {
        if let Some(w) = self.writer {
            w.prompt_context(uuid, model, leads);
        }
    }
}

impl Recorder<'_> {
    pub fn prompt(&self, content: &UserContent, uuid: &str, as_written: bool) {
        self.prompt_row(content, uuid, false, as_written);
    }

    /// [`Recorder::prompt`] for a prompt that UserPromptSubmit hooks will decide on: its row
    /// waits for their decision (`Emit::prompt_decided`, or [`Recorder::after_turn`]).
    pub fn held_prompt(&self, content: &UserContent, uuid: &str, as_written: bool) {
        self.prompt_row(content, uuid, true, as_written);
    }

    /// `as_written`: a prompt given to go to the model as written (`verbatim_prompts`) is a
    /// prompt whatever it reads like.
    fn prompt_row(&self, content: &UserContent, uuid: &str, held: bool, as_written: bool) {
        let Some(w) = self.writer else {
            return;
        };
        w.prompt_taken(match content {
            UserContent::Text(text) => Some(text),
            UserContent::Blocks(_) => None,
        });
        // `/compact` and `/cost` are local commands, not prompts: their record is written
        // after they ran.
        if !as_written && (compact_command(content).is_some() || cost_command(content).is_some()) {
            return;
        }
        match held {
            true => w.hold_prompt(content, uuid),
            false => w.prompt(content, uuid),
        }
    }

    /// After the turn's result: the `last-prompt` row (a `/compact` is no prompt).
    pub fn after_result(&self, prompt: &UserContent, as_written: bool) {
        let Some(w) = self.writer else {
            return;
        };
        if !as_written && (compact_command(prompt).is_some() || cost_command(prompt).is_some()) {
            return;
        }
        let text = match prompt {
            UserContent::Text(t) => t.clone(),
            UserContent::Blocks(blocks) => oxagent_core::content::join_texts(blocks, "\n"),
        };
        if !text.trim().is_empty() {
            w.last_prompt(&text);
        }
    }

    pub fn after_turn(&self, session: &Session, result: &ResultMessage) {
        if let Some(w) = self.writer {
            // A prompt whose hooks never ran (the turn ended before them) is kept.
            w.prompt_decided(true, None);
            // The rows still waiting for a round the turn never finished.
            w.flush();
            w.turn_ended(result);
            // A /compact that just ran: its caveat, command and output rows, in that order.
            // Its record is the last three blocks (an earlier one may come before them).
            // Another local command's (`/cost`): its output is a `local_command` row too.
            let record = session.pending_record();
            let record = &record[record.len().saturating_sub(3)..];
            let compact = record.iter().any(|b| {
                matches!(b, ContentBlock::Text { text, .. }
                    if text.starts_with("<command-name>/compact</command-name>"))
            });
            let caveat = record.iter().any(|b| {
                matches!(b, ContentBlock::Text { text, .. }
                    if text.starts_with("<local-command-caveat>"))
            });
            for block in record {
                if let ContentBlock::Text { text, .. } = block {
                    let uuid = uuid::Uuid::new_v4().to_string();
                    let output = text.starts_with("<local-command-stdout>");
                    // A command refused as unavailable is typed as it was; one recorded
                    // after a caveat is the user's row (fuzz-m/fm_032).
                    let typed = text.starts_with('/') && !caveat;
                    if text.starts_with("<local-command-stderr>") || (output && !compact) || typed {
                        // Its error output is a `local_command` system row.
                        w.local_command(text.trim_end(), &uuid);
                    } else {
                        // Without the line break the record adds: the next prompt joins the
                        // rows with one (edges/cp_*).
                        let row = text.strip_suffix('\n').unwrap_or(text);
                        w.prompt(&UserContent::Text(row.to_string()), &uuid);
                    }
                }
            }
            w.cost_state(
                session.total_cost_usd,
                &serde_json::to_value(&session.model_usage).unwrap_or(Value::Null),
                &serde_json::to_value(session.last_usage()).unwrap_or(Value::Null),
                &session.code_ledger,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// fuzz-e/fe_168: a session forked again after a resume at an earlier answer: the answer
    /// whose call no result answers is not copied, and the prompt after it points at that
    /// answer's parent.
    #[test]
    fn a_fork_leaves_out_the_calls_the_conversation_leaves_out() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.jsonl");
        let rows = [
            json!({"type": "user", "uuid": "u1", "parentUuid": null,
                "message": {"role": "user", "content": "Do the task"}}),
            json!({"type": "assistant", "uuid": "a1", "parentUuid": "u1",
                "message": {"id": "m1", "role": "assistant", "content": [
                    {"type": "tool_use", "id": "t1", "name": "Write", "input": {}}]}}),
            json!({"type": "user", "uuid": "u2", "parentUuid": "a1",
                "message": {"role": "user", "content": "And now?"}}),
            json!({"type": "assistant", "uuid": "a2", "parentUuid": "u2",
                "message": {"id": "m2", "role": "assistant", "content": [
                    {"type": "text", "text": "Done."}]}}),
        ];
        let text: String = rows.iter().map(|r| format!("{r}\n")).collect();
        std::fs::write(&path, text).unwrap();
        let loaded = crate::load::load(&path, None).unwrap();
        assert_eq!(loaded.turns.len(), 2);
        let copied: Vec<Value> = fork_rows(&loaded)
            .into_iter()
            .filter_map(|r| fork_row(&loaded, r))
            .collect();
        let uuids: Vec<&str> = copied.iter().filter_map(|r| r["uuid"].as_str()).collect();
        assert_eq!(uuids, ["u1", "u2", "a2"]);
        assert_eq!(copied[1]["parentUuid"], "u1");
        assert_eq!(copied[2]["parentUuid"], "u2");
    }

    #[test]
    fn a_fresh_plan_opens_its_transcript_where_plan_does_only_when_asked() {
        let dir = tempfile::tempdir().unwrap();
        let (projects, cwd) = (dir.path().join("projects"), dir.path().join("work"));
        let id = SessionId::random();
        let fresh = Continuation::default();
        let (fresh_plan, unopened) = plan_fresh(&fresh, &projects, &cwd, id.clone(), None).unwrap();
        assert_eq!(fresh_plan.session_id, id.as_str());
        assert!(matches!(fresh_plan.start, Start::Fresh) && fresh_plan.writer.is_none());
        assert!(!projects.exists());
        let opened = unopened.open().unwrap().path();
        let planned = plan(&fresh, &projects, &cwd, id, None)
            .writer
            .unwrap()
            .path();
        assert_eq!(opened, planned);
        assert!(opened.is_file());
        let resume = Continuation {
            resume: Some("x".into()),
            ..Continuation::default()
        };
        assert!(plan_fresh(&resume, &projects, &cwd, SessionId::random(), None).is_none());
    }
}

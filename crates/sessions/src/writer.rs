//! Appends transcript rows as a session runs.
//!
//! Each row is serialized whole (with its newline) first and handed to the OS in one
//! `write` on a file opened with `O_APPEND`: two writers of one session (a running session
//! and `tag_session`, two processes resuming one id) never interleave their rows, and a
//! process killed between two rows leaves only whole ones. One case remains: Linux checks
//! for SIGKILL between the pages of a single `write`, so a kill that lands while the kernel
//! copies a row longer than a page can leave that row's first pages. Readers skip such a
//! line and the next writer ends it with a newline, as the reference does with a torn row.
//! Only the assistant rows of the response that streams wait in the process: they are
//! written with the response's final stop reason and usage once its `message_delta` came
//! ([`TranscriptWriter::response_end`]), as the reference writes them, or as they are when
//! any other row comes first. From a tool result's row on, the conversation's rows wait
//! until the round's results are sent to the model ([`TranscriptWriter::results_sent`]):
//! the reference records a result as the model read it, with the reminders the round added
//! to it. Everything else is in the OS as soon as it is written.

use std::collections::HashMap;
use std::fs::{File, OpenOptions};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

use oxagent_core::agent::ResponseEnd;
use oxagent_core::content::{ContentBlock, UserContent};
use oxagent_core::conversation::ResultNotes;
use oxagent_core::message::{Message, ResultMessage, ResultSubtype};
use oxagent_core::protocol::SystemBody;
use serde_json::{json, Map, Value};

pub struct TranscriptWriter {
    cwd: String,
    /// A subagent's transcript: its rows are a sidechain of the session, marked with its id.
    agent_id: Option<String>,
    state: Mutex<State>,
    sink: Option<Arc<dyn RowSink>>,
}

/// Where rows go once they are in the file (a session store's mirror).
pub trait RowSink: Send + Sync {
    /// `row` was written to the transcript at `path`; `bytes` is the size of its line.
    fn row(&self, path: &Path, row: &Value, bytes: usize);
}

struct State {
    file: File,
    path: PathBuf,
    session_id: String,
    /// The uuid of the last conversation row, the next row's `parentUuid`.
    last_uuid: Option<String>,
    /// Assistant rows of the response that streams (uuid, fields), waiting for its end.
    streaming: Vec<(String, Map<String, Value>)>,
    /// From the first row of a tool result on, the rows (kind, uuid, fields) waiting for
    /// the round's results to be sent, in order.
    queued: Vec<(String, String, Map<String, Value>)>,
    /// The row of each tool call (its id, the uuid of the assistant row that made it): a
    /// result's row points back at its call's (`sourceToolAssistantUUID`, `parentUuid`),
    /// so the results of calls made together fan out from their calls, as the reference
    /// writes them.
    call_rows: HashMap<String, String>,
    /// Prompt rows (content, uuid) waiting for their UserPromptSubmit hooks' decision.
    held: Vec<(UserContent, String)>,
    /// The marks of the stops tool hooks made (the call's id, the mark), each to follow
    /// that call's result; and whether this turn wrote one.
    stop_marks: Vec<(String, Value)>,
    stop_marked: bool,
}

/// Whether a queued row's message holds the result of call `id`.
fn carries_result(fields: &Map<String, Value>, id: &str) -> bool {
    fields
        .get("message")
        .and_then(|m| m.get("content"))
        .and_then(Value::as_array)
        .is_some_and(|blocks| {
            blocks
                .iter()
                .any(|b| b.get("tool_use_id").and_then(Value::as_str) == Some(id))
        })
}

/// Whether `content` is the output `/compact` printed.
fn is_compact_output(content: &UserContent) -> bool {
    let text = match content {
        UserContent::Text(t) => t.as_str(),
        UserContent::Blocks(b) => match b.first() {
            Some(oxagent_core::ContentBlock::Text { text, .. }) if b.len() == 1 => text.as_str(),
            _ => return false,
        },
    };
    text.starts_with("<local-command-stdout>Compacted ")
}

fn now() -> String {
    humantime::format_rfc3339_millis(SystemTime::now()).to_string()
}

/// One row as the bytes of its line, newline included.
pub(crate) fn line(row: &Value) -> Vec<u8> {
    let mut bytes = serde_json::to_vec(row).unwrap_or_else(|_| b"{}".to_vec());
    bytes.push(b'\n');
    bytes
}

impl TranscriptWriter {
    /// Opens (creating folders and file) for appending. A file left without a final newline
    /// by a crash gets one first, so the torn row stays a line of its own.
    pub fn open(
        path: &Path,
        session_id: &str,
        cwd: &Path,
        last_uuid: Option<String>,
    ) -> io::Result<Self> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let file = open_for_append(path)?;
        Ok(TranscriptWriter {
            cwd: cwd.to_string_lossy().to_string(),
            agent_id: None,
            state: Mutex::new(State {
                file,
                path: path.to_path_buf(),
                session_id: session_id.to_string(),
                last_uuid,
                streaming: Vec::new(),
                queued: Vec::new(),
                call_rows: HashMap::new(),
                held: Vec::new(),
                stop_marks: Vec::new(),
                stop_marked: false,
            }),
            sink: None,
        })
    }

    /// Goes on in a new transcript: session `session_id`'s at `path`, a conversation of
    /// its own (`/clear`). Rows waiting for their response's end stay in the old one.
    pub fn restart(&self, path: &Path, session_id: &str) -> io::Result<()> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let file = open_for_append(path)?;
        let mut st = self.lock();
        self.write_held(&mut st);
        st.file = file;
        st.path = path.to_path_buf();
        st.session_id = session_id.to_string();
        st.last_uuid = None;
        Ok(())
    }

    /// Hands every row written from now on to `sink` too.
    pub fn mirror_to(&mut self, sink: Arc<dyn RowSink>) {
        self.sink = Some(sink);
    }

    /// Where this transcript's rows are mirrored (for the transcripts beside it, such as
    /// its subagents').
    pub fn sink(&self) -> Option<Arc<dyn RowSink>> {
        self.sink.clone()
    }

    /// Hands a row that reached the file to the sink, in file order (under the lock).
    fn mirrored(&self, st: &State, row: &Value, bytes: usize, written: io::Result<()>) {
        if let (Some(sink), Ok(())) = (&self.sink, written) {
            sink.row(&st.path, row, bytes);
        }
    }

    /// Opens the transcript of subagent `agent_id` of session `session_id`
    /// (`<session>/subagents/agent-<id>.jsonl`): its rows are marked as a sidechain.
    pub fn open_sidechain(
        path: &Path,
        session_id: &str,
        cwd: &Path,
        agent_id: &str,
    ) -> io::Result<Self> {
        let mut w = Self::open(path, session_id, cwd, None)?;
        w.agent_id = Some(agent_id.to_string());
        Ok(w)
    }

    /// The file rows go to now.
    pub fn path(&self) -> PathBuf {
        self.lock().path.clone()
    }

    /// The session the rows belong to now.
    pub fn session_id(&self) -> String {
        self.lock().session_id.clone()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        oxagent_core::sync::lock(&self.state)
    }

    /// Writes one row as a line. A transcript that cannot be written must not stop the run.
    /// A hook gave the session a title: the transcript's rows that name it, and with
    /// `in_folder` `<session folder>/custom-title.json`, as the reference keeps them.
    pub fn titled(&self, title: &str, in_folder: bool) {
        let session_id = self.session_id();
        self.raw(&json!({"type": "custom-title", "customTitle": title, "sessionId": session_id}));
        self.raw(&json!({"type": "agent-name", "agentName": title, "sessionId": session_id}));
        if !in_folder {
            return;
        }
        let dir = self.path().with_extension("");
        let note = json!({"customTitle": title, "by": "hook", "at": now()});
        if std::fs::create_dir_all(&dir).is_ok() {
            let _ = std::fs::write(dir.join("custom-title.json"), note.to_string());
        }
    }

    pub fn raw(&self, row: &Value) {
        let bytes = line(row);
        let mut st = self.lock();
        self.write_queued(&mut st);
        let written = append(&mut st.file, &bytes);
        self.mirrored(&st, row, bytes.len(), written);
    }

    /// A conversation row (`user`, `assistant`, `system`) chained to the previous one,
    /// after the assistant rows still waiting for their response's end; queued behind a
    /// tool result waiting for its round.
    fn conversation(&self, kind: &str, uuid: &str, fields: Map<String, Value>) {
        let mut st = self.lock();
        if st.queued.is_empty() {
            self.write_streaming(&mut st);
            self.write_row(&mut st, kind, uuid, fields);
        } else {
            queue_streaming(&mut st);
            st.queued.push((kind.to_string(), uuid.to_string(), fields));
        }
    }

    /// The row of a tool result: queued, with the rows still waiting before it, until the
    /// round's results are sent.
    fn tool_result(&self, uuid: &str, fields: Map<String, Value>) {
        let mut st = self.lock();
        queue_streaming(&mut st);
        st.queued
            .push(("user".to_string(), uuid.to_string(), fields));
    }

    /// Writes the rows still waiting (the turn ended).
    pub fn flush(&self) {
        let mut st = self.lock();
        self.write_held(&mut st);
    }

    /// Writes every row waiting, in order.
    fn write_held(&self, st: &mut State) {
        self.write_queued(st);
        self.write_streaming(st);
    }

    fn write_streaming(&self, st: &mut State) {
        for (held_uuid, held) in std::mem::take(&mut st.streaming) {
            self.write_row(st, "assistant", &held_uuid, held);
        }
    }

    fn write_queued(&self, st: &mut State) {
        for (kind, uuid, fields) in std::mem::take(&mut st.queued) {
            self.write_row(st, &kind, &uuid, fields);
        }
    }

    /// The round's results went to the model: the queued rows are written, the row of the
    /// result `notes` go with keeping them (`resultNotes`), so that a resumed session sends
    /// them again to the models that read them.
    pub fn results_sent(
        &self,
        sent: &[ContentBlock],
        notes: Option<&ResultNotes>,
        finished: &[String],
    ) {
        let mut st = self.lock();
        in_finishing_order(&mut st.queued, finished);
        for (id, mark) in std::mem::take(&mut st.stop_marks) {
            let at = st
                .queued
                .iter()
                .position(|(_, _, fields)| carries_result(fields, &id));
            if let Some(at) = at {
                let mut f = Map::new();
                f.insert("attachment".into(), mark);
                let row = (
                    "attachment".to_string(),
                    uuid::Uuid::new_v4().to_string(),
                    f,
                );
                st.queued.insert(at + 1, row);
                st.stop_marked = true;
            }
        }
        let target = notes.and_then(|n| Some((sent.get(n.block)?.result_id()?, &n.texts)));
        if let Some((id, texts)) = target {
            for (_, _, fields) in &mut st.queued {
                if carries_result(fields, id) {
                    fields.insert("resultNotes".into(), json!(texts));
                }
            }
        }
        self.write_queued(&mut st);
    }

    /// A tool hook stopped the turn at call `tool_use_id`'s result: the mark of the stop
    /// follows that result's row (the reference's place for it: a result of a call whose
    /// hook did not stop, written after it, leaves the turn unmarked, so a resume adds a
    /// stand-in answer, fuzz-i/fi_181; each stopping call's result is marked, fi_173).
    pub fn stop_marked(&self, tool_use_id: &str, reason: &str) {
        let mark = json!({"type": "hook_stopped_continuation", "message": reason,
            "toolUseID": tool_use_id});
        self.lock().stop_marks.push((tool_use_id.to_string(), mark));
    }

    fn write_row(&self, st: &mut State, kind: &str, uuid: &str, fields: Map<String, Value>) {
        let mut row = Map::new();
        row.insert("parentUuid".into(), json!(st.last_uuid));
        row.insert("isSidechain".into(), json!(self.agent_id.is_some()));
        if let Some(agent) = &self.agent_id {
            row.insert("agentId".into(), json!(agent));
        }
        row.insert("userType".into(), json!("external"));
        row.insert("cwd".into(), json!(self.cwd));
        row.insert("sessionId".into(), json!(st.session_id));
        row.insert("version".into(), json!(env!("CARGO_PKG_VERSION")));
        row.insert("type".into(), json!(kind));
        row.extend(fields);
        if let Some(call_row) = row.get("sourceToolAssistantUUID").cloned() {
            row.insert("parentUuid".into(), call_row);
        }
        row.insert("uuid".into(), json!(uuid));
        row.insert("timestamp".into(), json!(now()));
        st.last_uuid = Some(uuid.to_string());
        let row = Value::Object(row);
        let bytes = line(&row);
        let written = append(&mut st.file, &bytes);
        self.mirrored(st, &row, bytes.len(), written);
    }

    /// The user's prompt.
    pub fn prompt(&self, content: &UserContent, uuid: &str) {
        let mut f = Map::new();
        f.insert(
            "message".into(),
            json!({"role": "user", "content": content}),
        );
        self.conversation("user", uuid, f);
    }

    /// A prompt whose UserPromptSubmit hooks are still to decide: its row waits for
    /// [`TranscriptWriter::prompt_decided`].
    pub fn hold_prompt(&self, content: &UserContent, uuid: &str) {
        self.lock().held.push((content.clone(), uuid.to_string()));
    }

    /// The held prompt became `content` (a typed command's shell commands ran): held as one
    /// row per block (a command's record and body), each takes its block.
    pub fn prompt_filled(&self, content: &UserContent) {
        let mut st = self.lock();
        match content {
            UserContent::Blocks(blocks) if blocks.len() == st.held.len() => {
                for (row, block) in st.held.iter_mut().zip(blocks) {
                    row.0 = UserContent::Blocks(vec![block.clone()]);
                }
            }
            _ => {
                if let Some(last) = st.held.last_mut() {
                    last.0 = content.clone();
                }
            }
        }
    }

    /// The prompt's hooks decided: its held rows are written when it stays in the
    /// conversation (`kept`), else dropped (a blocked prompt leaves only its warning); a
    /// prompt they stopped is followed by the stop's notice, a meta row (`note`), as the
    /// reference records them (fuzz-i/fi_pin_prompt_*).
    pub fn prompt_decided(&self, kept: bool, note: Option<&str>) {
        let held = std::mem::take(&mut self.lock().held);
        if !kept {
            return;
        }
        for (content, uuid) in held {
            self.prompt(&content, &uuid);
        }
        if let Some(note) = note {
            let mut f = Map::new();
            f.insert("message".into(), json!({"role": "user", "content": note}));
            f.insert("isMeta".into(), json!(true));
            self.conversation("user", &uuid::Uuid::new_v4().to_string(), f);
        }
    }

    /// A message the session emitted: assistant blocks, tool results and other user
    /// messages, compact boundaries. Others are not part of the conversation.
    pub fn message(&self, message: &Message) {
        match message {
            Message::Assistant(a) if a.message.model != "<synthetic>" || api_failure(a) => {
                let mut f = Map::new();
                f.insert("message".into(), json!(a.message));
                // The message standing for a failed call is kept, marked: a resume leaves it
                // out of the conversation (and so adds no answer of its own after it).
                if api_failure(a) {
                    f.insert("error".into(), json!(a.error));
                    f.insert("isApiErrorMessage".into(), json!(true));
                }
                {
                    let mut st = self.lock();
                    for block in &a.message.content {
                        if let ContentBlock::ToolUse { id, .. } = block {
                            st.call_rows.insert(id.clone(), a.uuid.clone());
                        }
                    }
                }
                if a.message.stop_reason.is_none() && !a.message.id.is_empty() {
                    // A block of a response that streams: written at its end.
                    self.lock().streaming.push((a.uuid.clone(), f));
                } else {
                    self.conversation("assistant", &a.uuid, f);
                }
            }
            // The echo of a prompt (`replay_prompts`) is the prompt's row, written already.
            Message::User(u)
                if u.is_replay == Some(true)
                    && u.uuid.is_some()
                    && u.uuid == self.lock().last_uuid => {}
            // What `/compact` printed is written after its caveat and command, once the turn
            // is over (`start::Persist::after_turn`).
            Message::User(u)
                if u.is_replay == Some(true) && is_compact_output(&u.message.content) => {}
            // A subagent's message passing through belongs to the subagent's transcript.
            Message::User(u) if u.parent_tool_use_id.is_none() => {
                let mut f = Map::new();
                match (&u.message.content, u.as_reminder) {
                    (UserContent::Blocks(b), true) if b.len() == 1 => {
                        let text = match &b[0] {
                            oxagent_core::ContentBlock::Text { text, .. } => text.as_str(),
                            _ => "",
                        };
                        let text = format!("<system-reminder>\n{text}\n</system-reminder>");
                        f.insert("message".into(), json!({"role": "user", "content": text}));
                        f.insert("isMeta".into(), json!(true));
                    }
                    _ => {
                        f.insert("message".into(), json!(u.message));
                        // What the model reads after a result is no prompt of the user's.
                        if u.follows_result {
                            f.insert("isMeta".into(), json!(true));
                        }
                    }
                }
                if let Some(r) = &u.tool_use_result {
                    f.insert("toolUseResult".into(), r.clone());
                }
                let uuid = u.uuid.clone().unwrap_or_default();
                if let Some(call_row) = self.call_row(&u.message.content) {
                    f.insert("sourceToolAssistantUUID".into(), json!(call_row));
                }
                if is_tool_result(&u.message.content) {
                    self.tool_result(&uuid, f);
                } else {
                    self.conversation("user", &uuid, f);
                }
            }
            Message::System(s) => {
                // The notice of a refused answer is recorded as the reference records it.
                if let SystemBody::Informational(i) = &s.body {
                    if i.recorded {
                        self.informational(&i.content, &i.level, &s.uuid);
                    }
                }
                // A switch to the fallback model is recorded (fuzz-d/fd_160).
                if let SystemBody::ModelFallback(m) = &s.body {
                    let mut f = Map::new();
                    f.insert("subtype".into(), json!("model_fallback"));
                    f.insert("content".into(), json!(m.content));
                    f.insert("level".into(), json!("warning"));
                    f.insert("trigger".into(), json!(m.trigger));
                    f.insert("originalModel".into(), json!(m.original_model));
                    f.insert("fallbackModel".into(), json!(m.fallback_model));
                    f.insert("isMeta".into(), json!(false));
                    self.conversation("system", &s.uuid, f);
                }
                // So is the notice that no other model takes over a refused prompt (fd_356).
                if let SystemBody::ModelRefusalNoFallback(m) = &s.body {
                    let mut f = Map::new();
                    f.insert("subtype".into(), json!("model_refusal_no_fallback"));
                    f.insert("content".into(), json!(m.content));
                    f.insert("level".into(), json!("warning"));
                    f.insert("originalModel".into(), json!(m.original_model));
                    if let Some(id) = &m.request_id {
                        f.insert("requestId".into(), json!(id));
                    }
                    f.insert("apiRefusalCategory".into(), json!(m.api_refusal_category));
                    f.insert(
                        "apiRefusalExplanation".into(),
                        json!(m.api_refusal_explanation),
                    );
                    f.insert(
                        "refusedUserMessageUuid".into(),
                        json!(m.refused_user_message_uuid),
                    );
                    f.insert("isMeta".into(), json!(false));
                    self.conversation("system", &s.uuid, f);
                }
                // Each announced retry is recorded as an `api_error` row.
                if let SystemBody::ApiRetry(r) = &s.body {
                    let mut f = Map::new();
                    f.insert("subtype".into(), json!("api_error"));
                    f.insert("level".into(), json!("error"));
                    f.insert(
                        "error".into(),
                        json!({"status": r.error_status, "kind": r.error}),
                    );
                    f.insert("retryInMs".into(), json!(r.retry_delay_ms));
                    f.insert("retryAttempt".into(), json!(r.attempt));
                    f.insert("maxRetries".into(), json!(r.max_retries));
                    self.conversation("system", &s.uuid, f);
                }
                if let SystemBody::CompactBoundary(b) = &s.body {
                    let mut f = Map::new();
                    f.insert("subtype".into(), json!("compact_boundary"));
                    f.insert("content".into(), json!("Conversation compacted"));
                    f.insert("compactMetadata".into(), json!(b.compact_metadata));
                    self.conversation("system", &s.uuid, f);
                }
            }
            _ => {}
        }
    }

    /// The row of the call the first result of `content` answers, when this writer wrote it.
    fn call_row(&self, content: &UserContent) -> Option<String> {
        let UserContent::Blocks(blocks) = content else {
            return None;
        };
        let id = blocks.iter().find_map(ContentBlock::result_id)?;
        self.lock().call_rows.get(id).cloned()
    }

    /// The reminders that went with a round's results, as rows of their own after them.
    pub fn marks_added(&self, marks: &[oxagent_core::agent::TranscriptMark]) {
        for mark in marks {
            let mut f = Map::new();
            f.insert("attachment".into(), mark.attachment.clone());
            self.conversation("attachment", &mark.uuid, f);
        }
    }

    /// What the Stop hooks answered: a `system` row of subtype `stop_hook_summary` (the
    /// caller's callbacks are named `callback`).
    pub fn stop_hooks_summarized(&self, summary: &oxagent_core::agent::StopHookSummary) {
        let mut f = Map::new();
        f.insert("subtype".into(), json!("stop_hook_summary"));
        f.insert("hookCount".into(), json!(summary.hook_count));
        let infos: Vec<Value> = (0..summary.hook_count)
            .map(|_| json!({"command": "callback"}))
            .collect();
        f.insert("hookInfos".into(), Value::Array(infos));
        f.insert("hookErrors".into(), json!([]));
        f.insert("failedHookErrorIndexes".into(), json!([]));
        f.insert(
            "hookAdditionalContext".into(),
            json!(summary.additional_context),
        );
        f.insert(
            "preventedContinuation".into(),
            json!(summary.prevented_continuation),
        );
        f.insert("stopReason".into(), json!(summary.stop_reason));
        f.insert("hasOutput".into(), json!(summary.has_output));
        f.insert("level".into(), json!("suggestion"));
        f.insert("toolUseID".into(), json!(summary.tool_use_id));
        self.conversation("system", &summary.uuid, f);
    }

    /// The mark a turn max_turns ended leaves after its last results (an `attachment` row,
    /// the result's uuid), which a later compaction keeps with them. A turn a hook stopped, or
    /// one the final-answer tool ended, leaves a mark of its own (`hook_stopped_continuation`,
    /// `structured_output`): results with a mark after them wait for the next prompt on
    /// resume; those of a turn the budget stopped, which leaves none, get a stand-in answer
    /// (`variants-g/vg_ses_resume_after_*`, `fuzz-d/fd_202`).
    pub fn turn_ended(&self, result: &ResultMessage) {
        let marked = std::mem::take(&mut self.lock().stop_marked);
        if result.subtype == ResultSubtype::Success {
            let attachment = if result.terminal_reason.as_deref() == Some("hook_stopped") {
                if marked {
                    return;
                }
                json!({"type": "hook_stopped_continuation"})
            } else if let Some(data) = &result.structured_output {
                json!({"type": "structured_output", "data": data})
            } else {
                return;
            };
            let mut f = Map::new();
            f.insert("attachment".into(), attachment);
            self.conversation("attachment", &uuid::Uuid::new_v4().to_string(), f);
            return;
        }
        if result.subtype != ResultSubtype::ErrorMaxTurns {
            return;
        }
        let mut f = Map::new();
        let attachment = json!({"type": "max_turns_reached",
            "maxTurns": result.num_turns.saturating_sub(1), "turnCount": result.num_turns,
            "exitCommitted": false});
        f.insert("attachment".into(), attachment);
        self.conversation("attachment", &result.uuid, f);
    }

    /// The response `end.message_id` ended: its waiting rows are written with its final
    /// stop reason and usage (and `stop_details`, null when the API gave none), as the
    /// reference records a response.
    pub fn response_end(&self, end: &ResponseEnd<'_>) {
        let mut st = self.lock();
        let st = &mut *st;
        let rows = st.streaming.iter_mut().map(|(_, f)| f);
        let queued = st.queued.iter_mut().map(|(_, _, f)| f);
        for fields in rows.chain(queued) {
            if let Some(Value::Object(m)) = fields.get_mut("message") {
                if m.get("id").and_then(Value::as_str) == Some(end.message_id) {
                    m.insert("stop_reason".into(), json!(end.stop_reason));
                    m.insert("stop_sequence".into(), json!(end.stop_sequence));
                    m.insert("usage".into(), json!(end.usage));
                    m.entry("stop_details").or_insert(Value::Null);
                    if m.get("context_management") == Some(&Value::Null) {
                        m.remove("context_management");
                    }
                }
            }
        }
        if st.queued.is_empty() {
            self.write_streaming(st);
        } else {
            queue_streaming(st);
        }
    }

    /// A local command's output shown to the user (`<local-command-stderr>...`): a `system`
    /// row of subtype `local_command`, which a resumed session sends as a user message.
    pub fn local_command(&self, content: &str, uuid: &str) {
        let mut f = Map::new();
        f.insert("subtype".into(), json!("local_command"));
        f.insert("content".into(), json!(content));
        f.insert("level".into(), json!("info"));
        f.insert("isMeta".into(), json!(false));
        self.conversation("system", uuid, f);
    }

    /// A notice of the session's own (a `system` row of subtype `informational`).
    pub fn informational(&self, content: &str, level: &str, uuid: &str) {
        let mut f = Map::new();
        f.insert("subtype".into(), json!("informational"));
        f.insert("content".into(), json!(content));
        f.insert("level".into(), json!(level));
        f.insert("isMeta".into(), json!(false));
        self.conversation("system", uuid, f);
    }

    /// A synthetic conversation row (a repair after a torn transcript).
    pub fn synthetic(&self, kind: &str, uuid: &str, message: Value) {
        let mut f = Map::new();
        f.insert("message".into(), message);
        self.conversation(kind, uuid, f);
    }

    /// What a later run needs to know of the prompt `uuid`: the model it went to, and
    /// whether it begins, as the model reads it, with context reminders (a message before
    /// it it joins then gets no line break). A `prompt-context` row; one written before the
    /// model was recorded only marks a prompt that leads.
    pub fn prompt_context(&self, uuid: &str, model: &str, leads: bool) {
        let session_id = self.session_id();
        self.raw(
            &json!({"type": "prompt-context", "promptUuid": uuid, "model": model,
            "leadsWithContext": leads, "sessionId": session_id, "timestamp": now()}),
        );
    }

    /// A reminder that goes with the result of `tool_use_id`, recorded before it came
    /// (a `result-note` row; the result's own row is in the file already).
    pub fn note_added(&self, tool_use_id: &str, text: &str) {
        let session_id = self.session_id();
        self.raw(
            &json!({"type": "result-note", "toolUseId": tool_use_id, "note": text,
            "sessionId": session_id, "timestamp": now()}),
        );
    }

    /// The turn's prompt, after its result: what listings show as the session's last prompt
    /// (`leafUuid` is the turn's last conversation row).
    /// A prompt taken from the input queue: its `enqueue` row (with the text of a text
    /// prompt) and its `dequeue` row, written before the prompt's own row as the reference
    /// does. They are bookkeeping: a transcript torn before its first prompt's row still
    /// holds them.
    pub fn prompt_taken(&self, text: Option<&str>) {
        let session_id = self.session_id();
        let mut enqueue = json!({"type": "queue-operation", "operation": "enqueue",
            "timestamp": now(), "sessionId": session_id});
        if let Some(text) = text {
            enqueue["content"] = json!(text);
        }
        self.raw(&enqueue);
        self.raw(&json!({"type": "queue-operation", "operation": "dequeue",
            "timestamp": now(), "sessionId": session_id}));
    }

    pub fn last_prompt(&self, text: &str) {
        let (leaf, session_id) = {
            let st = self.lock();
            (st.last_uuid.clone(), st.session_id.clone())
        };
        self.raw(
            &json!({"type": "last-prompt", "lastPrompt": text, "leafUuid": leaf,
            "sessionId": session_id}),
        );
    }

    /// The session's running cost, and the usage of its last model call (the context size
    /// the next compaction check starts from), restored on resume.
    pub fn cost_state(
        &self,
        total_cost_usd: f64,
        model_usage: &Value,
        last_usage: &Value,
        ledger: &oxagent_core::cost_report::CodeLedger,
    ) {
        let session_id = self.session_id();
        self.raw(&json!({"type": "cost-state", "sessionId": session_id,
            "total_cost_usd": total_cost_usd, "model_usage": model_usage,
            "last_usage": last_usage, "api_ms": ledger.api_ms,
            "lines_added": ledger.lines_added, "lines_removed": ledger.lines_removed,
            "timestamp": now()}));
    }
}

/// The rows of the response that streams join the queue behind a tool result.
fn queue_streaming(st: &mut State) {
    let streaming = std::mem::take(&mut st.streaming);
    st.queued.extend(
        streaming
            .into_iter()
            .map(|(u, f)| ("assistant".to_string(), u, f)),
    );
}

/// The rows of a round's results, among the rows waiting, in the order their calls finished
/// (`finished`), as the reference records them (a Read begun while its answer streamed
/// before a Bash call beside it: fuzz-e/fe_112); the other rows keep their places.
fn in_finishing_order(queued: &mut [(String, String, Map<String, Value>)], finished: &[String]) {
    let rank = |fields: &Map<String, Value>| {
        let id = fields
            .get("message")
            .and_then(|m| m.get("content"))
            .and_then(Value::as_array)
            .and_then(|blocks| blocks.iter().find_map(|b| b.get("tool_use_id")?.as_str()))?;
        finished.iter().position(|f| f == id)
    };
    let slots: Vec<usize> = (0..queued.len())
        .filter(|&i| rank(&queued[i].2).is_some())
        .collect();
    let mut rows: Vec<_> = slots.iter().map(|&i| queued[i].clone()).collect();
    rows.sort_by_key(|r| rank(&r.2));
    for (slot, row) in slots.into_iter().zip(rows) {
        queued[slot] = row;
    }
}

fn is_tool_result(content: &UserContent) -> bool {
    matches!(content, UserContent::Blocks(b)
        if b.iter().any(|b| matches!(b, ContentBlock::ToolResult { .. })))
}

impl Drop for TranscriptWriter {
    fn drop(&mut self) {
        let mut st = self.lock();
        self.write_held(&mut st);
    }
}

/// Opens `path` for appending, creating it. A file left without a final newline by a crash
/// gets one first, so the torn row stays a line of its own.
fn open_for_append(path: &Path) -> io::Result<File> {
    let mut file = OpenOptions::new()
        .create(true)
        .read(true)
        .append(true)
        .open(path)?;
    // Under the file's lock, so that a row another writer is appending at this moment is
    // not taken for a torn one.
    file.lock()?;
    let repaired = end_torn_line(&mut file);
    file.unlock()?;
    repaired?;
    Ok(file)
}

/// Ends a last line a killed writer left without its newline.
fn end_torn_line(file: &mut File) -> io::Result<()> {
    let len = file.metadata()?.len();
    if len > 0 {
        let mut last = [0u8; 1];
        file.seek(SeekFrom::Start(len - 1))?;
        file.read_exact(&mut last)?;
        if last[0] != b'\n' {
            file.write_all(b"\n")?;
        }
    }
    Ok(())
}

/// Appends one row in one `write` (only a short write, a full disk, would need a second),
/// under the file's lock: a writer opening the transcript meanwhile never sees half a row.
fn append(file: &mut File, bytes: &[u8]) -> io::Result<()> {
    file.lock()?;
    let written = file.write_all(bytes);
    file.unlock()?;
    written
}

/// Whether `a` is the synthetic message that stands for a failed API call.
fn api_failure(a: &oxagent_core::message::AssistantMessage) -> bool {
    a.message.model == "<synthetic>" && a.api_error.as_ref().is_some_and(|m| m.is_api_error_message)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Set in the child process of `a_killed_writer_leaves_only_whole_rows`: the file it
    /// appends to.
    const CHILD_FILE: &str = "OXAGENT_SESSIONS_TEST_APPEND_TO";

    /// A row of about `size` bytes that says how long its padding is, so a torn or mixed row
    /// shows.
    fn big_row(writer: u64, i: u64, size: usize) -> Value {
        let pad = char::from(b'a' + (i % 26) as u8).to_string().repeat(size);
        json!({"type": "test", "writer": writer, "i": i, "n": size, "pad": pad})
    }

    /// Every line of `path` parsed, each checked whole.
    fn rows_of(path: &Path) -> Vec<Value> {
        let text = std::fs::read_to_string(path).unwrap();
        text.lines()
            .map(|l| {
                let row: Value = serde_json::from_str(l)
                    .unwrap_or_else(|e| panic!("a torn line ({e}): {}...", &l[..l.len().min(80)]));
                assert_eq!(row["pad"].as_str().unwrap().len() as u64, row["n"]);
                row
            })
            .collect()
    }

    #[test]
    fn a_row_is_one_write_and_two_writers_never_interleave() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.jsonl");
        let per_writer = 150u64;
        std::thread::scope(|scope| {
            for writer in 0..2u64 {
                let path = &path;
                scope.spawn(move || {
                    // Two writers, two descriptors: as two processes resuming one session.
                    let w = TranscriptWriter::open(path, "s", Path::new("/w"), None).unwrap();
                    for i in 0..per_writer {
                        w.raw(&big_row(writer, i, 20_000 + (i as usize * 997) % 100_000));
                    }
                });
            }
        });
        let rows = rows_of(&path);
        assert_eq!(rows.len() as u64, 2 * per_writer);
        for writer in 0..2u64 {
            let order: Vec<u64> = rows
                .iter()
                .filter(|r| r["writer"] == writer)
                .map(|r| r["i"].as_u64().unwrap())
                .collect();
            assert_eq!(order, (0..per_writer).collect::<Vec<_>>());
        }
    }

    /// ve_err_500_then_ok_continue, ve_err_500_exhausted_continue: an announced retry is an
    /// `api_error` row; the answer standing for a failed call is kept, marked.
    #[test]
    fn retries_and_failed_calls_are_recorded() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.jsonl");
        let w = TranscriptWriter::open(&path, "s", Path::new("/w"), None).unwrap();
        let retry = oxagent_core::protocol::system::ApiRetry {
            attempt: 1,
            max_retries: 10,
            retry_delay_ms: 500,
            error_status: Some(500),
            error: "server_error".into(),
        };
        w.message(&Message::System(
            oxagent_core::protocol::SystemMessage::new(SystemBody::ApiRetry(retry), "r1", "s"),
        ));
        let failed = |marked: bool| -> Message {
            let mut m = json!({"type": "assistant", "uuid": "a1", "session_id": "s",
                "parent_tool_use_id": null, "error": "server_error",
                "message": {"id": "x", "model": "<synthetic>", "content": [{"type": "text", "text": "API Error: 500"}],
                    "stop_reason": "stop_sequence"}});
            if marked {
                m["is_api_error_message"] = json!(true);
            }
            serde_json::from_value(m).unwrap()
        };
        w.message(&failed(true));
        // Another synthetic answer is not part of the conversation.
        w.message(&failed(false));
        let rows = rows_in(&path);
        assert_eq!(rows.len(), 2);
        assert_eq!(
            (&rows[0]["type"], &rows[0]["subtype"]),
            (&json!("system"), &json!("api_error"))
        );
        assert_eq!(rows[0]["retryAttempt"], 1);
        assert_eq!(rows[1]["isApiErrorMessage"], true);
        assert_eq!(rows[1]["error"], "server_error");
    }

    /// fuzz-i/fi_181: the mark of a tool hook's stop follows the stopping call's result,
    /// before the result of a call that finished after it; the turn's end adds no other.
    #[test]
    fn a_tool_hook_stop_is_marked_after_its_call_s_result() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.jsonl");
        let w = TranscriptWriter::open(&path, "s", Path::new("/w"), None).unwrap();
        let result = |id: &str, uuid: &str| {
            let block = json!({"type": "tool_result", "tool_use_id": id, "content": "ok"});
            let mut m = oxagent_core::message::UserMessage::prompt(
                serde_json::from_value(json!([block])).unwrap(),
            );
            m.uuid = Some(uuid.into());
            Message::User(m)
        };
        w.message(&result("t1", "r1"));
        w.message(&result("t2", "r2"));
        w.stop_marked("t1", "halt");
        w.results_sent(&[], None, &["t1".into(), "t2".into()]);
        let mut ended = ResultMessage::started("e1".into());
        ended.terminal_reason = Some("hook_stopped".into());
        w.turn_ended(&ended);
        let rows = rows_in(&path);
        let kinds: Vec<&str> = rows.iter().map(|r| r["type"].as_str().unwrap()).collect();
        assert_eq!(kinds, ["user", "attachment", "user"]);
        assert_eq!(rows[1]["attachment"]["type"], "hook_stopped_continuation");
        assert_eq!(rows[1]["attachment"]["toolUseID"], "t1");
        assert_eq!(rows[2]["uuid"], "r2");
    }

    /// fuzz-i/fi_pin_stop_block: a Stop hook's feedback is the reminder the model read (a
    /// meta row), and the hooks' summary follows it on the chain.
    #[test]
    fn a_stop_hook_feedback_and_its_summary_are_recorded() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.jsonl");
        let w = TranscriptWriter::open(&path, "s", Path::new("/w"), None).unwrap();
        let mut feedback =
            oxagent_core::message::UserMessage::prompt(oxagent_core::content::UserContent::Blocks(
                vec![oxagent_core::ContentBlock::text("Stop hook feedback:\nno")],
            ));
        feedback.uuid = Some("u1".into());
        feedback.as_reminder = true;
        w.message(&Message::User(feedback));
        w.stop_hooks_summarized(&oxagent_core::agent::StopHookSummary {
            uuid: "s1".into(),
            tool_use_id: "t1".into(),
            hook_count: 2,
            additional_context: vec!["more".into()],
            prevented_continuation: true,
            stop_reason: "halt".into(),
            has_output: true,
        });
        let rows = rows_in(&path);
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0]["isMeta"], true);
        assert_eq!(
            rows[0]["message"]["content"],
            "<system-reminder>\nStop hook feedback:\nno\n</system-reminder>"
        );
        assert_eq!(
            (&rows[1]["type"], &rows[1]["subtype"]),
            (&json!("system"), &json!("stop_hook_summary"))
        );
        assert_eq!(rows[1]["parentUuid"], "u1");
        assert_eq!(rows[1]["hookCount"], 2);
        assert_eq!(
            rows[1]["hookInfos"],
            json!([{"command": "callback"}, {"command": "callback"}])
        );
        assert_eq!(rows[1]["hookAdditionalContext"], json!(["more"]));
        assert_eq!(rows[1]["preventedContinuation"], true);
        assert_eq!(rows[1]["stopReason"], "halt");
        assert_eq!(rows[1]["toolUseID"], "t1");
    }

    /// fuzz-d/fd_356: the notice that no other model takes over a refused prompt is a
    /// `system` row of its own, in the reference's fields, between the refused answer and
    /// the message shown for it.
    #[test]
    fn a_refusal_without_fallback_is_recorded() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.jsonl");
        let w = TranscriptWriter::open(&path, "s", Path::new("/w"), None).unwrap();
        let notice = oxagent_core::protocol::system::ModelRefusalNoFallback {
            original_model: "claude-sonnet-4-5-20250929".into(),
            api_refusal_category: None,
            api_refusal_explanation: None,
            refused_user_message_uuid: Some("p1".into()),
            content: String::new(),
            request_id: Some("req_1".into()),
        };
        w.message(&Message::System(
            oxagent_core::protocol::SystemMessage::new(
                SystemBody::ModelRefusalNoFallback(notice),
                "n1",
                "s",
            ),
        ));
        let rows = rows_in(&path);
        assert_eq!(rows.len(), 1);
        let keys: Vec<&str> = rows[0]
            .as_object()
            .unwrap()
            .keys()
            .map(|k| k.as_str())
            .collect();
        let at = |k: &str| keys.iter().position(|x| *x == k).unwrap();
        assert!(
            at("subtype") < at("originalModel") && at("requestId") < at("refusedUserMessageUuid")
        );
        assert_eq!(rows[0]["subtype"], "model_refusal_no_fallback");
        assert_eq!(rows[0]["level"], "warning");
        assert_eq!(rows[0]["content"], "");
        assert_eq!(rows[0]["originalModel"], "claude-sonnet-4-5-20250929");
        assert_eq!(rows[0]["requestId"], "req_1");
        assert_eq!(rows[0]["apiRefusalCategory"], Value::Null);
        assert_eq!(rows[0]["refusedUserMessageUuid"], "p1");
        assert_eq!(rows[0]["uuid"], "n1");
    }

    /// The child of `a_killed_writer_leaves_only_whole_rows`: appends rows until killed.
    /// Run as a test of its own it does nothing.
    #[test]
    fn append_rows_until_killed() {
        let Some(path) = std::env::var_os(CHILD_FILE) else {
            return;
        };
        let w = TranscriptWriter::open(Path::new(&path), "s", Path::new("/w"), None).unwrap();
        for i in 0.. {
            w.raw(&big_row(0, i, 1_000 + (i as usize * 7919) % 200_000));
        }
    }

    /// SIGKILLs a child appending rows of 1 KB to 200 KB at 50 random moments. Rows are
    /// never mixed and never cut by our own writing: a row is whole or absent, except that
    /// Linux checks for a fatal signal between the pages of one `write`, so a kill that lands
    /// while the kernel copies a row (mostly when it waits for dirty pages to be written
    /// back) can leave that row's first pages, up to a page boundary of the file. Readers
    /// skip such a line and the next writer closes it with a newline, as the reference
    /// does with a torn row. (Before rows were one `write` each, about half of these kills
    /// left a torn row, cut anywhere.)
    #[test]
    fn a_killed_writer_leaves_only_whole_rows() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.jsonl");
        let exe = std::env::current_exe().unwrap();
        // Tails a kill cut, closed by the next writer's newline.
        let mut torn: Vec<Vec<u8>> = Vec::new();
        // The file up to here was checked after an earlier kill.
        let mut checked = 0;
        let mut rows = 0;
        for _ in 0..50 {
            let mut child = std::process::Command::new(&exe)
                .args(["--exact", "writer::tests::append_rows_until_killed"])
                .args(["--test-threads", "1"])
                .env(CHILD_FILE, &path)
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null())
                .spawn()
                .unwrap();
            std::thread::sleep(std::time::Duration::from_millis(fastrand::u64(2..30)));
            child.kill().unwrap(); // SIGKILL
            child.wait().unwrap();
            let Ok(bytes) = std::fs::read(&path) else {
                continue; // killed before it opened the file
            };
            let end = bytes.iter().rposition(|b| *b == b'\n').map_or(0, |p| p + 1);
            for line in bytes[checked.min(end)..end].split(|b| *b == b'\n') {
                if line.is_empty() || torn.iter().any(|t| t == line) {
                    continue;
                }
                let row: Value = serde_json::from_slice(line).unwrap_or_else(|e| {
                    panic!(
                        "a torn or mixed row in the file ({e}), {} bytes",
                        line.len()
                    )
                });
                assert_eq!(row["pad"].as_str().unwrap().len() as u64, row["n"]);
                rows += 1;
            }
            checked = end;
            let tail = &bytes[end..];
            if !tail.is_empty() {
                assert_eq!(
                    bytes.len() % 4096,
                    0,
                    "a row cut off the kernel's page boundaries ({} of its bytes)",
                    tail.len()
                );
                assert!(tail.starts_with(br#"{"type":"test","writer":0,"i":"#));
                torn.push(tail.to_vec());
            }
        }
        assert!(rows > 0, "no child wrote a row");
        assert!(torn.len() < 10, "{} of 50 kills cut a row", torn.len());
    }

    /// A streaming answer's row of one content block (response msg_1).
    fn answer_of(uuid: &str, block: Value) -> Message {
        serde_json::from_value(json!({"type": "assistant", "uuid": uuid, "session_id": "s",
            "parent_tool_use_id": null,
            "message": {"id": "msg_1", "type": "message", "role": "assistant", "model": "m",
                "content": [block], "stop_reason": null,
                "stop_sequence": null, "context_management": null,
                "usage": {"input_tokens": 100, "output_tokens": 1}}}))
        .unwrap()
    }

    fn block_of(uuid: &str, text: &str) -> Message {
        answer_of(uuid, json!({"type": "text", "text": text}))
    }

    #[test]
    fn a_response_s_rows_carry_its_final_stop_reason_and_usage() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.jsonl");
        let w = TranscriptWriter::open(&path, "s", dir.path(), None).unwrap();
        w.message(&block_of("u1", "one"));
        w.message(&block_of("u2", "two"));
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "",
            "written at the end"
        );
        let usage = oxagent_core::usage::Usage {
            input_tokens: 100,
            output_tokens: 20,
            ..Default::default()
        };
        w.response_end(&ResponseEnd {
            message_id: "msg_1",
            stop_reason: Some("tool_use"),
            stop_sequence: None,
            usage: &usage,
        });
        let rows = rows_in(&path);
        let finals: Vec<Value> = rows
            .iter()
            .map(|r| {
                let m = &r["message"];
                json!([
                    r["uuid"],
                    m["stop_reason"],
                    m["usage"]["output_tokens"],
                    m.as_object().unwrap().contains_key("stop_details"),
                    m.as_object().unwrap().contains_key("context_management")
                ])
            })
            .collect();
        assert_eq!(
            finals,
            [
                json!(["u1", "tool_use", 20, true, false]),
                json!(["u2", "tool_use", 20, true, false])
            ]
        );
        assert_eq!(rows[1]["parentUuid"], "u1");
    }

    /// The rows of a transcript file.
    fn rows_in(path: &Path) -> Vec<Value> {
        std::fs::read_to_string(path)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    }

    fn result_of(uuid: &str, id: &str, content: &str) -> Message {
        serde_json::from_value(json!({"type": "user", "uuid": uuid, "session_id": "s",
            "parent_tool_use_id": null,
            "message": {"role": "user", "content": [{"type": "tool_result",
                "tool_use_id": id, "content": content, "is_error": false}]}}))
        .unwrap()
    }

    /// fuzz-e/fe_112: a round's result rows in the order their calls finished, the rows
    /// between them kept in place.
    #[test]
    fn results_are_recorded_in_the_order_their_calls_finished() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.jsonl");
        let w = TranscriptWriter::open(&path, "s", dir.path(), None).unwrap();
        w.message(&block_of("a1", "look"));
        w.message(&result_of("r1", "t1", "one"));
        w.message(&result_of("r2", "t2", "two"));
        w.results_sent(&[], None, &["t2".to_string(), "t1".to_string()]);
        let uuids: Vec<Value> = rows_in(&path).iter().map(|r| r["uuid"].clone()).collect();
        assert_eq!(uuids, ["a1", "r2", "r1"]);
    }

    fn call_of(uuid: &str, id: &str) -> Message {
        answer_of(
            uuid,
            json!({"type": "tool_use", "id": id, "name": "Bash", "input": {}}),
        )
    }

    /// fuzz-e/fe_238: the result of each of two calls made together points back at its own
    /// call's row; the next row goes on from the last result written.
    #[test]
    fn a_result_row_points_at_its_call_s_row() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.jsonl");
        let w = TranscriptWriter::open(&path, "s", dir.path(), Some("u1".into())).unwrap();
        w.message(&call_of("a1", "t1"));
        w.message(&call_of("a2", "t2"));
        w.message(&result_of("r2", "t2", "two"));
        w.message(&result_of("r1", "t1", "one"));
        w.results_sent(&[], None, &["t2".to_string(), "t1".to_string()]);
        w.message(&block_of("a3", "done"));
        w.flush();
        let links: Vec<(String, String, Value)> = rows_in(&path)
            .iter()
            .map(|r| {
                let s = |k: &str| r[k].as_str().unwrap_or("").to_string();
                (
                    s("uuid"),
                    s("parentUuid"),
                    r["sourceToolAssistantUUID"].clone(),
                )
            })
            .collect();
        let link = |u: &str, p: &str, src: Value| (u.to_string(), p.to_string(), src);
        assert_eq!(
            links,
            [
                link("a1", "u1", Value::Null),
                link("a2", "a1", Value::Null),
                link("r2", "a2", json!("a2")),
                link("r1", "a1", json!("a1")),
                link("a3", "r1", Value::Null),
            ]
        );
    }

    /// fe_052: a prompt's queue rows come before its own row, so a transcript torn at that
    /// row still holds lines; its context row names the model it went to.
    #[test]
    fn a_prompt_is_recorded_after_its_queue_rows() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.jsonl");
        let w = TranscriptWriter::open(&path, "s", dir.path(), None).unwrap();
        w.prompt_taken(Some("Go"));
        w.prompt(&UserContent::Text("Go".into()), "u1");
        w.prompt_context("u1", "claude-opus-5-5", false);
        let rows = rows_in(&path);
        let kinds: Vec<(&str, Option<&str>)> = rows
            .iter()
            .map(|r| (r["type"].as_str().unwrap(), r["operation"].as_str()))
            .collect();
        assert_eq!(
            kinds,
            [
                ("queue-operation", Some("enqueue")),
                ("queue-operation", Some("dequeue")),
                ("user", None),
                ("prompt-context", None)
            ]
        );
        assert_eq!(rows[0]["content"], "Go");
        assert!(rows[1].get("content").is_none());
        assert_eq!(rows[3]["model"], "claude-opus-5-5");
        assert_eq!(rows[3]["leadsWithContext"], false);
        assert_eq!(rows[3]["promptUuid"], "u1");
    }

    #[test]
    fn a_round_s_results_are_recorded_with_their_reminders() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.jsonl");
        let w = TranscriptWriter::open(&path, "s", dir.path(), None).unwrap();
        let rows = || rows_in(&path);
        // A call answered at once while its answer streams: the answer's rows, the result,
        // and what comes after them wait for the round.
        w.message(&block_of("a1", "look"));
        w.message(&result_of("r1", "t1", "one"));
        w.message(&block_of("a2", "more"));
        let usage = oxagent_core::usage::Usage::default();
        w.response_end(&ResponseEnd {
            message_id: "msg_1",
            stop_reason: Some("tool_use"),
            stop_sequence: None,
            usage: &usage,
        });
        w.message(&result_of("r2", "t2", "two"));
        assert!(rows().is_empty(), "nothing before the round's end");
        let result = |id: &str, text: &str| -> ContentBlock {
            serde_json::from_value(json!({"type": "tool_result", "tool_use_id": id,
                "content": text, "is_error": false}))
            .unwrap()
        };
        let sent = [result("t1", "one"), result("t2", "two")];
        let notes = ResultNotes {
            block: 0,
            texts: vec!["<system-reminder>note</system-reminder>".into()],
        };
        w.results_sent(&sent, Some(&notes), &[]);
        let got: Vec<Value> = rows()
            .iter()
            .map(|r| json!([r["uuid"], r["parentUuid"], r["message"]["stop_reason"]]))
            .collect();
        assert_eq!(
            got,
            [
                json!(["a1", null, "tool_use"]),
                json!(["r1", "a1", null]),
                json!(["a2", "r1", "tool_use"]),
                json!(["r2", "a2", null]),
            ]
        );
        // The reminder that went with the first result is kept beside it.
        assert_eq!(rows()[1]["message"]["content"][0]["content"], "one");
        assert_eq!(
            rows()[1]["resultNotes"],
            json!(["<system-reminder>note</system-reminder>"])
        );
        assert!(rows()[3].get("resultNotes").is_none());
        // A result whose round never ended is written when the turn ends.
        w.message(&result_of("r3", "t3", "three"));
        assert_eq!(rows().len(), 4);
        w.flush();
        assert_eq!(rows()[4]["uuid"], "r3");
    }
}

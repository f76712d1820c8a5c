//! A subagent's record on disk, beside its session's transcript:
//!
//! ```text
//! <projects>/<cwd>/<session>.jsonl                               the session (its Agent calls)
//! <projects>/<cwd>/<session>/subagents/agent-<id>.jsonl          the agent's rows (sidechain)
//! <projects>/<cwd>/<session>/subagents/agent-<id>.meta.json      what it was started as
//! <tmp>/claude-<uid>/<cwd>/<session>/tasks/<id>.output           a link to its rows
//! ```
//!
//! Nested agents are listed flat in the same folder. A session without a transcript (not
//! persisted) records no agents either.

use std::path::{Path, PathBuf};

use oxagent_core::agent::Emit;
use oxagent_core::message::Message;
use oxagent_core::UserContent;
use std::sync::Arc;

use oxagent_sessions::RowSink;
use oxagent_sessions::TranscriptWriter;
use serde_json::{json, Map, Value};

/// The transcript of one agent, and where it is.
pub(crate) struct AgentRecord {
    writer: TranscriptWriter,
    meta_path: PathBuf,
}

/// What the meta file says of an agent.
pub(crate) struct AgentMeta<'a> {
    pub agent_type: &'a str,
    pub built_in: bool,
    /// `run_in_background` was left out.
    pub launched_with_defaults: bool,
    pub description: &'a str,
    pub tool_use_id: &'a str,
    pub parent_agent_id: Option<&'a str>,
    pub depth: u32,
    pub background: bool,
    pub model: &'a str,
    /// Neither the call nor the definition named a model.
    pub model_not_named: bool,
    /// A forked skill's agent (its description is the skill's command).
    pub forked_skill: bool,
}

impl AgentRecord {
    /// Opens the transcript of agent `agent_id` of the session whose transcript is
    /// `session_transcript`, and links `output_file` to it. `None`: nothing can be written.
    pub fn open(
        session_transcript: &Path,
        session_id: &str,
        cwd: &Path,
        agent_id: &str,
        output_file: &Path,
        mirror: Option<Arc<dyn RowSink>>,
    ) -> Option<AgentRecord> {
        let dir = session_transcript.with_extension("").join("subagents");
        let path = dir.join(format!("agent-{agent_id}.jsonl"));
        let mut writer = TranscriptWriter::open_sidechain(&path, session_id, cwd, agent_id).ok()?;
        // Mirrored to the session's store (under the session's key, at this subpath).
        if let Some(sink) = mirror {
            writer.mirror_to(sink);
        }
        if let Some(parent) = output_file.parent() {
            let _ = std::fs::create_dir_all(parent);
        }
        #[cfg(unix)]
        let _ = std::os::unix::fs::symlink(&path, output_file);
        Some(AgentRecord {
            writer,
            meta_path: dir.join(format!("agent-{agent_id}.meta.json")),
        })
    }

    pub fn path(&self) -> PathBuf {
        self.writer.path()
    }

    /// The agent's prompt, its first row.
    pub fn prompt(&self, prompt: &str, uuid: &str) {
        self.writer
            .prompt(&UserContent::Text(prompt.to_string()), uuid);
    }

    /// The meta file, once the agent has finished.
    pub fn finish(&self, meta: &AgentMeta<'_>) {
        let mut m = Map::new();
        m.insert("agentType".into(), json!(meta.agent_type));
        m.insert("isBuiltIn".into(), json!(meta.built_in));
        if meta.launched_with_defaults {
            m.insert("launchedWithDefaults".into(), json!(true));
        }
        // A forked skill's agent is described by its shape and model alone, and its depth
        // when a Skill call started it (fuzz-m/fm_002, fm_071).
        let by_call = !meta.tool_use_id.is_empty() && !meta.forked_skill;
        if by_call {
            m.insert("description".into(), json!(meta.description));
            m.insert("toolUseId".into(), json!(meta.tool_use_id));
        }
        if let Some(parent) = meta.parent_agent_id {
            m.insert("parentAgentId".into(), json!(parent));
        }
        if !meta.tool_use_id.is_empty() {
            m.insert("spawnDepth".into(), json!(meta.depth));
        }
        let shape = if meta.background {
            "background"
        } else {
            "foreground"
        };
        m.insert("requestShape".into(), json!(shape));
        m.insert("requestNonInteractive".into(), json!(true));
        m.insert("model".into(), json!(meta.model));
        if meta.model_not_named {
            m.insert("modelNotNamed".into(), json!(true));
        }
        m.insert("pickedEffortModel".into(), json!(meta.model));
        if by_call {
            m.insert("finished".into(), json!(true));
        }
        let text = serde_json::to_string(&Value::Object(m)).unwrap_or_default();
        let _ = std::fs::write(&self.meta_path, text);
    }
}

/// Writes the agent's own messages to its transcript, then passes them on.
pub(crate) struct Recorded<'a> {
    pub inner: &'a dyn Emit,
    pub record: Option<&'a AgentRecord>,
}

impl Emit for Recorded<'_> {
    fn emit(&self, message: Message) {
        if let Some(r) = self.record {
            r.writer.message(&message);
        }
        self.inner.emit(message);
    }

    fn response_end(&self, end: &oxagent_core::agent::ResponseEnd<'_>) {
        if let Some(r) = self.record {
            r.writer.response_end(end);
        }
        self.inner.response_end(end);
    }

    fn results_sent(
        &self,
        results: &[oxagent_core::ContentBlock],
        notes: Option<&oxagent_core::conversation::ResultNotes>,
        finished: &[String],
    ) {
        if let Some(r) = self.record {
            r.writer.results_sent(results, notes, finished);
        }
    }

    fn marks_added(&self, marks: &[oxagent_core::agent::TranscriptMark]) {
        if let Some(r) = self.record {
            r.writer.marks_added(marks);
        }
    }

    fn note_added(&self, tool_use_id: &str, text: &str) {
        if let Some(r) = self.record {
            r.writer.note_added(tool_use_id, text);
        }
    }

    fn streamed(&self, streamed: oxagent_core::agent::StreamProgress) {
        self.inner.streamed(streamed);
    }
}

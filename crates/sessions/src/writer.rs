//! Appends transcript rows as a session runs.

use std::fs::{File, OpenOptions};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::SystemTime;

use oxagent_core::content::UserContent;
use oxagent_core::message::Message;
use oxagent_core::protocol::SystemBody;
use serde_json::{json, Map, Value};

pub struct TranscriptWriter {
    path: PathBuf,
    session_id: String,
    cwd: String,
    state: Mutex<State>,
}

struct State {
    file: File,
    /// The uuid of the last conversation row, the next row's `parentUuid`.
    last_uuid: Option<String>,
}

fn now() -> String {
    humantime::format_rfc3339_millis(SystemTime::now()).to_string()
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
        let mut file = OpenOptions::new()
            .create(true)
            .read(true)
            .append(true)
            .open(path)?;
        let len = file.metadata()?.len();
        if len > 0 {
            let mut last = [0u8; 1];
            file.seek(SeekFrom::Start(len - 1))?;
            file.read_exact(&mut last)?;
            if last[0] != b'\n' {
                file.write_all(b"\n")?;
            }
        }
        Ok(TranscriptWriter {
            path: path.to_path_buf(),
            session_id: session_id.to_string(),
            cwd: cwd.to_string_lossy().to_string(),
            state: Mutex::new(State { file, last_uuid }),
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Writes one row as a line. A transcript that cannot be written must not stop the run.
    pub fn raw(&self, row: &Value) {
        let mut st = self.lock();
        let _ = writeln!(st.file, "{row}").and_then(|_| st.file.flush());
    }

    /// A conversation row (`user`, `assistant`, `system`) chained to the previous one.
    fn conversation(&self, kind: &str, uuid: &str, fields: Map<String, Value>) {
        let mut st = self.lock();
        let mut row = Map::new();
        row.insert("parentUuid".into(), json!(st.last_uuid));
        row.insert("isSidechain".into(), json!(false));
        row.insert("userType".into(), json!("external"));
        row.insert("cwd".into(), json!(self.cwd));
        row.insert("sessionId".into(), json!(self.session_id));
        row.insert("version".into(), json!(env!("CARGO_PKG_VERSION")));
        row.insert("type".into(), json!(kind));
        row.extend(fields);
        row.insert("uuid".into(), json!(uuid));
        row.insert("timestamp".into(), json!(now()));
        st.last_uuid = Some(uuid.to_string());
        let _ = writeln!(st.file, "{}", Value::Object(row)).and_then(|_| st.file.flush());
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

    /// A message the session emitted: assistant blocks, tool results and other user
    /// messages, compact boundaries. Others are not part of the conversation.
    pub fn message(&self, message: &Message) {
        match message {
            Message::Assistant(a) if a.message.model != "<synthetic>" => {
                let mut f = Map::new();
                f.insert("message".into(), json!(a.message));
                self.conversation("assistant", &a.uuid, f);
            }
            Message::User(u) => {
                let mut f = Map::new();
                f.insert("message".into(), json!(u.message));
                if let Some(r) = &u.tool_use_result {
                    f.insert("toolUseResult".into(), r.clone());
                }
                let uuid = u.uuid.clone().unwrap_or_default();
                self.conversation("user", &uuid, f);
            }
            Message::System(s) => {
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

    /// A synthetic conversation row (a repair after a torn transcript).
    pub fn synthetic(&self, kind: &str, uuid: &str, message: Value) {
        let mut f = Map::new();
        f.insert("message".into(), message);
        self.conversation(kind, uuid, f);
    }

    /// The session's running cost, and the usage of its last model call (the context size
    /// the next compaction check starts from), restored on resume.
    pub fn cost_state(&self, total_cost_usd: f64, model_usage: &Value, last_usage: &Value) {
        self.raw(&json!({"type": "cost-state", "sessionId": self.session_id,
            "total_cost_usd": total_cost_usd, "model_usage": model_usage,
            "last_usage": last_usage, "timestamp": now()}));
    }
}

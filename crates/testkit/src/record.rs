//! What the server remembers of each request, in memory and in the optional JSONL log.
//!
//! A log line has the fixture's shape: `{"method", "path", "headers", "body", "served":
//! {"index", "kind", "status"}, "seq", "t"}` (`body` and `served` are absent for `GET`).

use std::collections::BTreeMap;
use std::fs::File;
use std::io::Write;
use std::sync::Mutex;
use std::time::{SystemTime, UNIX_EPOCH};

use serde::Serialize;
use serde_json::Value;

use crate::pyjson::dumps;

/// One request as the server received it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RecordedRequest {
    pub method: String,
    /// Path and query, e.g. `/v1/messages?beta=true`.
    pub path: String,
    /// Header names are lowercase (HTTP/1.1 names are case-insensitive; hyper lowers them).
    pub headers: BTreeMap<String, String>,
    /// The JSON body, or `{"raw": <first 500 bytes>}` when it was not JSON.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub body: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub served: Option<Served>,
    /// Order of arrival, from 0.
    pub seq: u64,
}

/// How a request was answered: the index of the scripted response (none for defaults,
/// `count_tokens` and 404s), the selection kind and the HTTP status.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Served {
    pub index: Option<usize>,
    pub kind: String,
    pub status: u16,
}

impl Serialize for Served {
    /// As the fixture logs it: answers that were not scripted selections (`count_tokens`,
    /// `404`) carry no `index` key at all.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let selected = !matches!(self.kind.as_str(), "count_tokens" | "404");
        let mut map = serializer.serialize_map(None)?;
        if selected {
            map.serialize_entry("index", &self.index)?;
        }
        map.serialize_entry("kind", &self.kind)?;
        map.serialize_entry("status", &self.status)?;
        map.end()
    }
}

/// The in-memory request list plus the optional log file.
pub(crate) struct Recorder {
    requests: Mutex<Vec<RecordedRequest>>,
    log: Option<Mutex<File>>,
}

impl Recorder {
    pub(crate) fn new(log: Option<File>) -> Recorder {
        Recorder {
            requests: Mutex::new(Vec::new()),
            log: log.map(Mutex::new),
        }
    }

    /// Stores a request, numbering it, and appends it to the log.
    pub(crate) fn record(&self, mut request: RecordedRequest) {
        let mut requests = self.requests.lock().unwrap_or_else(|e| e.into_inner());
        request.seq = requests.len() as u64;
        if let Some(log) = &self.log {
            let t = SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map(|d| d.as_secs_f64())
                .unwrap_or(0.0);
            let mut line = serde_json::to_value(&request).unwrap_or(Value::Null);
            if let Some(o) = line.as_object_mut() {
                o.insert("t".into(), t.into());
            }
            let mut file = log.lock().unwrap_or_else(|e| e.into_inner());
            // A log that cannot be written must not take the server down; the in-memory
            // list stays complete.
            let _ = writeln!(file, "{}", dumps(&line)).and_then(|_| file.flush());
        }
        requests.push(request);
    }

    pub(crate) fn snapshot(&self) -> Vec<RecordedRequest> {
        self.requests
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }
}

//! A session's summary, folded one appended batch at a time, so a store can list its
//! sessions without reading their transcripts again.
//!
//! Set-once facts (sidechain, creation time, cwd, first prompt) latch on first sight;
//! last-wins facts (titles, last prompt, summary, git branch, tag) follow the newest entry.
//! `data` is written in the Python SDK's field names (`custom_title`, ...) or, with
//! `camel`, the TypeScript SDK's (`customTitle`, ...); [`SummaryFacts::read`] reads both.
//!
//! ```
//! use oxagent_core::store::{fold_session_summary, SessionKey, SummaryFacts};
//! use serde_json::json;
//! let key = SessionKey::main("p", "s");
//! let s = fold_session_summary(None, &key, &[json!({"type": "user",
//!     "timestamp": "2024-01-01T00:00:00.000Z",
//!     "message": {"role": "user", "content": "Hello"}})], false);
//! assert_eq!(s.data["first_prompt"], "Hello");
//! assert_eq!(SummaryFacts::read(&s.data).summary(), Some("Hello".to_string()));
//! ```

use serde_json::{Map, Value};

use super::{SessionKey, SessionSummary};

/// Entry field -> summary field (Python, TypeScript) for the last-wins facts.
const LAST_WINS: &[(&str, &str, &str)] = &[
    ("customTitle", "custom_title", "customTitle"),
    ("aiTitle", "ai_title", "aiTitle"),
    ("lastPrompt", "last_prompt", "lastPrompt"),
    ("summary", "summary_hint", "summaryHint"),
    ("gitBranch", "git_branch", "gitBranch"),
];

/// The summary fields, in the Python and the TypeScript spelling.
const FIELDS: &[(&str, &str)] = &[
    ("is_sidechain", "isSidechain"),
    ("created_at", "createdAt"),
    ("cwd", "cwd"),
    ("first_prompt", "firstPrompt"),
    ("first_prompt_locked", "firstPromptLocked"),
    ("command_fallback", "commandFallback"),
    ("tag", "tag"),
];

fn name(field: &str, camel: bool) -> String {
    if !camel {
        return field.to_string();
    }
    FIELDS
        .iter()
        .map(|(p, t)| (*p, *t))
        .chain(LAST_WINS.iter().map(|(_, p, t)| (*p, *t)))
        .find(|(p, _)| *p == field)
        .map_or_else(|| field.to_string(), |(_, t)| t.to_string())
}

/// Texts the CLI writes as user rows that are not the user's words.
const AUTOMATIC: &[&str] = &[
    "<local-command-stdout>",
    "<session-start-hook>",
    "<tick>",
    "<goal>",
    "[Request interrupted by user",
];

fn automatic(text: &str) -> bool {
    if AUTOMATIC.iter().any(|a| text.starts_with(a)) {
        return true;
    }
    let t = text.trim();
    (t.starts_with("<ide_opened_file>") && t.ends_with("</ide_opened_file>"))
        || (t.starts_with("<ide_selection>") && t.ends_with("</ide_selection>"))
}

/// The name inside the first `<command-name>...</command-name>`.
fn command_name(text: &str) -> Option<&str> {
    let start = text.find("<command-name>")? + "<command-name>".len();
    let len = text[start..].find("</command-name>")?;
    Some(&text[start..start + len])
}

fn text_blocks(entry: &Value) -> Vec<&str> {
    match entry.pointer("/message/content") {
        Some(Value::String(s)) => vec![s.as_str()],
        Some(Value::Array(blocks)) => blocks
            .iter()
            .filter(|b| b["type"] == "text")
            .filter_map(|b| b["text"].as_str())
            .collect(),
        _ => Vec::new(),
    }
}

/// The first 200 characters, then `…`.
pub(crate) fn shorten(text: &str) -> String {
    if text.chars().count() <= 200 {
        return text.to_string();
    }
    let cut: String = text.chars().take(200).collect();
    format!("{}\u{2026}", cut.trim_end())
}

fn fold_first_prompt(data: &mut Map<String, Value>, entry: &Value, camel: bool) {
    if data.get(&name("first_prompt_locked", camel)) == Some(&Value::Bool(true))
        || entry["type"] != "user"
        || entry["isMeta"] == true
        || entry["isCompactSummary"] == true
    {
        return;
    }
    if let Some(Value::Array(blocks)) = entry.pointer("/message/content") {
        if blocks.iter().any(|b| b["type"] == "tool_result") {
            return;
        }
    }
    for raw in text_blocks(entry) {
        let text = raw.replace('\n', " ");
        let text = text.trim();
        if text.is_empty() {
            continue;
        }
        if let Some(command) = command_name(text) {
            let key = name("command_fallback", camel);
            if data
                .get(&key)
                .and_then(Value::as_str)
                .is_none_or(str::is_empty)
            {
                data.insert(key, Value::String(command.to_string()));
            }
            continue;
        }
        if automatic(text) {
            continue;
        }
        data.insert(name("first_prompt", camel), Value::String(shorten(text)));
        data.insert(name("first_prompt_locked", camel), Value::Bool(true));
        return;
    }
}

/// Folds one appended batch into `prev` (the key's summary so far, if any). Call it only
/// for main keys: a subagent's transcript says nothing of its session. The fold keeps
/// `prev`'s `mtime` (0 for a new summary): the store stamps its own write time.
pub fn fold_session_summary(
    prev: Option<&SessionSummary>,
    key: &SessionKey,
    entries: &[Value],
    camel: bool,
) -> SessionSummary {
    let mut summary = match prev {
        Some(p) => p.clone(),
        None => SessionSummary {
            session_id: key.session_id.clone(),
            mtime: 0,
            data: Map::new(),
        },
    };
    let data = &mut summary.data;
    for entry in entries {
        let sidechain = name("is_sidechain", camel);
        if !data.contains_key(&sidechain) {
            data.insert(sidechain, Value::Bool(entry["isSidechain"] == true));
        }
        let created = name("created_at", camel);
        if !data.contains_key(&created) {
            if let Some(ms) = entry["timestamp"].as_str().and_then(iso_ms) {
                data.insert(created, Value::from(ms));
            }
        }
        if !data.contains_key("cwd") {
            if let Some(cwd) = entry["cwd"].as_str().filter(|c| !c.is_empty()) {
                data.insert("cwd".into(), Value::String(cwd.to_string()));
            }
        }
        fold_first_prompt(data, entry, camel);
        for (from, py, ts) in LAST_WINS {
            if let Some(v) = entry[*from].as_str() {
                let to = if camel { ts } else { py };
                data.insert((*to).to_string(), Value::String(v.to_string()));
            }
        }
        if entry["type"] == "tag" {
            match entry["tag"].as_str().filter(|t| !t.is_empty()) {
                Some(t) => {
                    data.insert("tag".into(), Value::String(t.to_string()));
                }
                None => {
                    data.remove("tag");
                }
            }
        }
    }
    summary
}

/// What a folded summary says of its session, read from either spelling.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SummaryFacts {
    pub is_sidechain: bool,
    pub created_at: Option<u64>,
    pub cwd: Option<String>,
    pub first_prompt: Option<String>,
    pub custom_title: Option<String>,
    pub last_prompt: Option<String>,
    pub summary_hint: Option<String>,
    pub git_branch: Option<String>,
    pub tag: Option<String>,
}

impl SummaryFacts {
    pub fn read(data: &Map<String, Value>) -> SummaryFacts {
        let get = |py: &str| {
            let ts = name(py, true);
            data.get(py).or_else(|| data.get(&ts))
        };
        let text = |py: &str| {
            get(py)
                .and_then(Value::as_str)
                .filter(|s| !s.is_empty())
                .map(str::to_string)
        };
        let first_prompt = if get("first_prompt_locked") == Some(&Value::Bool(true)) {
            text("first_prompt")
        } else {
            text("command_fallback")
        };
        SummaryFacts {
            is_sidechain: get("is_sidechain") == Some(&Value::Bool(true)),
            created_at: get("created_at").and_then(Value::as_u64),
            cwd: text("cwd"),
            first_prompt,
            custom_title: text("custom_title").or_else(|| text("ai_title")),
            last_prompt: text("last_prompt"),
            summary_hint: text("summary_hint"),
            git_branch: text("git_branch"),
            tag: text("tag"),
        }
    }

    /// The line a listing shows: the title, else the last prompt, else the summary, else
    /// the first prompt.
    pub fn summary(&self) -> Option<String> {
        self.custom_title
            .clone()
            .or_else(|| self.last_prompt.clone())
            .or_else(|| self.summary_hint.clone())
            .or_else(|| self.first_prompt.clone())
    }
}

/// An ISO-8601 / RFC 3339 time (`2024-01-01T00:00:00.000Z`, an offset, or none: UTC) in
/// milliseconds since the Unix epoch.
pub fn iso_ms(text: &str) -> Option<u64> {
    let b = text.as_bytes();
    let num = |from: usize, len: usize| -> Option<i64> {
        let s = text.get(from..from + len)?;
        s.bytes()
            .all(|c| c.is_ascii_digit())
            .then(|| s.parse().ok())
            .flatten()
    };
    if b.len() < 19 || b[4] != b'-' || b[7] != b'-' || !matches!(b[10], b'T' | b' ') {
        return None;
    }
    let (y, mo, d) = (num(0, 4)?, num(5, 2)?, num(8, 2)?);
    let (h, mi, s) = (num(11, 2)?, num(14, 2)?, num(17, 2)?);
    if !(1..=12).contains(&mo) || !(1..=31).contains(&d) || h > 23 || mi > 59 || s > 60 {
        return None;
    }
    let mut i = 19;
    let mut ms = 0i64;
    if b.get(i) == Some(&b'.') {
        i += 1;
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        let frac = &text[start..i];
        let digits: String = frac.chars().chain("000".chars()).take(3).collect();
        ms = digits.parse().ok()?;
    }
    let offset_min = match &text[i..] {
        "" | "Z" | "z" => 0,
        rest if rest.len() == 6 && matches!(&rest[..1], "+" | "-") => {
            let sign = if rest.starts_with('-') { -1 } else { 1 };
            sign * (num(i + 1, 2)? * 60 + num(i + 4, 2)?)
        }
        _ => return None,
    };
    // Days from the civil date (Howard Hinnant's algorithm).
    let y = if mo <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (mo + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    let secs = days * 86_400 + h * 3600 + mi * 60 + s - offset_min * 60;
    u64::try_from(secs * 1000 + ms).ok()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn iso_times_parse_to_epoch_ms() {
        assert_eq!(iso_ms("1970-01-01T00:00:00Z"), Some(0));
        assert_eq!(iso_ms("2024-01-01T00:00:00.000Z"), Some(1_704_067_200_000));
        assert_eq!(
            iso_ms("2024-01-01T01:00:00.5+01:00"),
            Some(1_704_067_200_500)
        );
        assert_eq!(iso_ms("2024-02-29T12:00:00"), Some(1_709_208_000_000));
        assert_eq!(iso_ms("yesterday"), None);
    }

    #[test]
    fn set_once_facts_latch_and_last_wins_facts_follow() {
        let key = SessionKey::main("p", "s");
        let first = fold_session_summary(
            None,
            &key,
            &[
                json!({"type": "user", "cwd": "/w", "timestamp": "2024-01-01T00:00:00.000Z",
                       "message": {"content": "<command-name>/init</command-name>"}}),
                json!({"type": "user", "message": {"content": [
                    {"type": "text", "text": "<tick>"},
                    {"type": "text", "text": "Fix\nthe bug"}]}}),
                json!({"type": "custom-title", "customTitle": "one"}),
                json!({"type": "tag", "tag": "red"}),
            ],
            false,
        );
        assert_eq!(
            Value::Object(first.data.clone()),
            json!({"is_sidechain": false, "created_at": 1_704_067_200_000u64, "cwd": "/w",
                   "command_fallback": "/init", "first_prompt": "Fix the bug",
                   "first_prompt_locked": true, "custom_title": "one", "tag": "red"})
        );
        let mut stamped = first.clone();
        stamped.mtime = 42;
        let next = fold_session_summary(
            Some(&stamped),
            &key,
            &[
                json!({"type": "user", "cwd": "/x", "message": {"content": "Later"}}),
                json!({"type": "custom-title", "customTitle": "two"}),
                json!({"type": "tag", "tag": ""}),
            ],
            false,
        );
        assert_eq!(next.mtime, 42);
        assert_eq!(next.data["cwd"], "/w");
        assert_eq!(next.data["first_prompt"], "Fix the bug");
        assert_eq!(next.data["custom_title"], "two");
        assert!(!next.data.contains_key("tag"));
        let facts = SummaryFacts::read(&next.data);
        assert_eq!(facts.summary().as_deref(), Some("two"));
    }

    #[test]
    fn camel_summaries_read_the_same() {
        let key = SessionKey::main("p", "s");
        let entries = [
            json!({"type": "user", "isSidechain": false, "message": {"content": "Hi"}}),
            json!({"type": "summary", "summary": "greeting", "gitBranch": "main"}),
        ];
        let py = fold_session_summary(None, &key, &entries, false);
        let ts = fold_session_summary(None, &key, &entries, true);
        assert_eq!(ts.data["firstPromptLocked"], true);
        assert_eq!(ts.data["summaryHint"], "greeting");
        assert_eq!(SummaryFacts::read(&py.data), SummaryFacts::read(&ts.data));
    }
}

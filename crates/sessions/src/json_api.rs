//! The saved sessions of this machine, for the SDK functions that list, read and change
//! them (`list_sessions`, `get_session_messages`, `fork_session`, ...): one entry point both
//! bindings call with an operation name and JSON arguments, so they stay thin.
//!
//! Transcripts live under `$CLAUDE_CONFIG_DIR/projects`, else `$HOME/.claude/projects`.

use std::path::{Path, PathBuf};

use crate as store;
use serde_json::{json, Value};

pub use crate::SessionError;

fn projects() -> PathBuf {
    let home = std::env::var_os("HOME").map_or_else(|| PathBuf::from("."), PathBuf::from);
    let config = std::env::var_os("CLAUDE_CONFIG_DIR").map(PathBuf::from);
    store::projects_root(&home, config.as_deref())
}

/// Runs `op` (`list`, `info`, `messages`, `subagents`, `subagent_messages`, `rename`, `tag`,
/// `delete`, `fork`) with `args`
/// (`session_id`, `agent_id`, `directory`, `limit`, `offset`, `include_worktrees`, `title`, `tag`,
/// `up_to_message_id`) and answers in JSON: sessions in the Python SDK's field names, or in
/// the TypeScript SDK's with `camel: true`.
pub fn call(op: &str, args: &Value) -> Result<Value, SessionError> {
    let root = projects();
    let dir = args["directory"].as_str().map(Path::new);
    let id = args["session_id"].as_str().unwrap_or_default();
    let limit = args["limit"].as_u64().map(|n| n as usize);
    let offset = args["offset"].as_u64().unwrap_or(0) as usize;
    let camel = args["camel"].as_bool().unwrap_or(false);
    let shown = |info: &store::SessionInfo| {
        if camel {
            store::info_camel(info)
        } else {
            json!(info)
        }
    };
    match op {
        "list" => {
            let worktrees = args["include_worktrees"].as_bool().unwrap_or(true);
            let all = store::list_sessions(&root, dir, limit, offset, worktrees);
            Ok(Value::Array(all.iter().map(shown).collect()))
        }
        "info" => Ok(store::session_info(&root, id, dir).map_or(Value::Null, |i| shown(&i))),
        "messages" => Ok(json!(store::session_messages(
            &root, id, dir, limit, offset, camel
        ))),
        "subagents" => Ok(json!(store::list_subagents(&root, id, dir))),
        "subagent_messages" => {
            let agent = args["agent_id"].as_str().unwrap_or_default();
            Ok(json!(store::subagent_messages(
                &root, id, agent, dir, limit, offset
            )))
        }
        "rename" => {
            let title = args["title"].as_str().unwrap_or_default();
            store::rename_session(&root, id, title, dir).map(|()| Value::Null)
        }
        "tag" => store::tag_session(&root, id, args["tag"].as_str(), dir).map(|()| Value::Null),
        "delete" => store::delete_session(&root, id, dir).map(|()| Value::Null),
        "fork" => {
            let up_to = args["up_to_message_id"].as_str();
            let title = args["title"].as_str();
            store::fork_session(&root, id, dir, up_to, title).map(|id| json!({"session_id": id}))
        }
        other => Err(SessionError::Invalid(format!(
            "unknown session operation {other:?}"
        ))),
    }
}

/// [`call`] across a language boundary: JSON arguments in, `{"ok": value}` or
/// `{"error": {"kind": "invalid_id" | "invalid" | "not_found" | "io", "message"}}` out; an
/// `invalid_id` error also names the argument (`field`) and the refused `value`, so each face
/// words it as its reference does.
pub fn call_json(op: &str, args: &str) -> String {
    let answer = match serde_json::from_str::<Value>(args) {
        Err(e) => Err(SessionError::Invalid(format!(
            "arguments are not JSON: {e}"
        ))),
        Ok(args) => call(op, &args),
    };
    match answer {
        Ok(v) => json!({ "ok": v }),
        Err(e) => {
            let message = e.to_string();
            match e {
                SessionError::InvalidId { field, value } => json!({"error": {
                    "kind": "invalid_id", "field": field, "value": value, "message": message}}),
                SessionError::Invalid(_) => {
                    json!({"error": {"kind": "invalid", "message": message}})
                }
                SessionError::NotFound(_) => {
                    json!({"error": {"kind": "not_found", "message": message}})
                }
                SessionError::Io(_) => json!({"error": {"kind": "io", "message": message}}),
            }
        }
    }
    .to_string()
}

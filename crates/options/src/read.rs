//! Readers of the options whose values have a shape of their own: each checks the value and
//! turns it into what [`Options`](super::Options) holds.

use std::collections::BTreeMap;

use oxagent_core::config::HookMatcher;
use oxagent_core::protocol::agents::AgentDefinition;
use oxagent_core::protocol::mcp_servers::ConfigError;
use oxagent_core::protocol::stream_json::Face;
use serde_json::{json, Value};

use super::check::{mapping, marker, one_of_text, preview, At, Checked, Marker};
use super::{Ctx, McpServer, SystemPrompt, ToolsOption};
use crate::OptionsErrorKind as K;

const TOOLS: &str = "a list of tool names or {\"type\": \"preset\", \"preset\": \"claude_code\"}";

pub(super) fn tools(at: &At<'_>, v: &Value) -> Checked<Option<ToolsOption>> {
    match v {
        Value::Null => Ok(None),
        Value::Array(_) => Ok(Some(ToolsOption::List(at.strings_as(v, TOOLS)?))),
        _ => match mapping(v) {
            Some(m)
                if m.get("type") == Some(&json!("preset"))
                    && m.get("preset") == Some(&json!("claude_code")) =>
            {
                Ok(Some(ToolsOption::Preset))
            }
            Some(_) => Err(at.value_error(TOOLS, v)),
            None => Err(at.type_error(TOOLS, v)),
        },
    }
}

/// The marker a string[] system prompt may hold between its cacheable prefix and the rest;
/// a session that does not split its prompt has no use for it.
const PROMPT_BOUNDARY: &str = "__SYSTEM_PROMPT_DYNAMIC_BOUNDARY__";

/// A prompt text: a string, or (Node) a list of strings joined.
fn prompt_text(at: &At<'_>, v: &Value, expected: &str) -> Checked<String> {
    match (v, at.face) {
        (Value::String(s), _) => Ok(s.clone()),
        (Value::Array(_), Face::Node) => Ok(at
            .strings_as(v, expected)?
            .into_iter()
            .filter(|s| s != PROMPT_BOUNDARY)
            .collect::<Vec<_>>()
            .join("\n\n")),
        _ => Err(at.type_error(expected, v)),
    }
}

pub(super) fn system_prompt(at: &At<'_>, v: &Value, ctx: Ctx) -> Checked<SystemPrompt> {
    let (expected, types): (&str, &[&str]) = match at.face {
        Face::Python => (
            "a string or a system prompt mapping",
            &["preset", "custom", "file"],
        ),
        Face::Node => (
            "a string, a list of strings or a system prompt mapping",
            &["preset", "custom"],
        ),
    };
    if v.is_null() {
        return Ok(SystemPrompt::Minimal);
    }
    let Some(m) = mapping(v) else {
        return prompt_text(at, v, expected).map(SystemPrompt::Text);
    };
    let field = |k: &str| m.get(k).unwrap_or(&Value::Null);
    match field("type").as_str() {
        Some("preset") => Ok(SystemPrompt::Preset {
            append: at.key("append").string(field("append"))?,
        }),
        Some("custom") => {
            let prompt = at.key("prompt");
            match field("prompt") {
                Value::Null => Ok(SystemPrompt::Text(String::new())),
                p => prompt_text(&prompt, p, "a string").map(SystemPrompt::Text),
            }
        }
        Some("file") if at.face == Face::Python => {
            let path = at.key("path").string(field("path"))?.unwrap_or_default();
            if !ctx.runs_session {
                return Ok(SystemPrompt::Minimal);
            }
            std::fs::read_to_string(&path)
                .map(SystemPrompt::Text)
                .map_err(|e| at.error(K::Value, format!("{} file {path}: {e}", at.name())))
        }
        _ => Err(at
            .key("type")
            .value_error(&one_of_text(types), field("type"))),
    }
}

/// `mcp_servers`, read by the MCP crate; SDK servers the face could not describe (no
/// `tools`) are checked here first.
pub(super) fn mcp_servers(at: &At<'_>, v: &Value, ctx: Ctx) -> Checked<Vec<McpServer>> {
    let expected = "a mapping of server names to configs";
    match (v, at.face) {
        (Value::Null, _) => return Ok(Vec::new()),
        // Empty, as the Python SDK passes no `--mcp-config` for it.
        (Value::String(s), Face::Python) if s.is_empty() => return Ok(Vec::new()),
        // JSON text or the path of a JSON file, as the CLI's `--mcp-config` takes it.
        (Value::String(source), Face::Python) if ctx.runs_session => {
            return mcp_servers(at, &super::mcp_config::servers(at, source)?, ctx)
        }
        (Value::String(_), Face::Python) => {}
        _ if mapping(v).is_none() => return Err(at.type_error(expected, v)),
        _ => {}
    }
    for (name, cfg) in mapping(v).into_iter().flatten() {
        let Some(cfg) = mapping(cfg) else { continue };
        if cfg.get("type") != Some(&json!("sdk")) || cfg.contains_key("tools") {
            continue;
        }
        let instance = cfg.get("instance").unwrap_or(&Value::Null);
        let foreign = matches!(marker(instance), Some(Marker::Object(_)));
        let made_by = match at.face {
            Face::Python => "a server made by create_sdk_mcp_server()",
            Face::Node if foreign => continue,
            Face::Node => "a server made by createSdkMcpServer() or an MCP server object",
        };
        return Err(at.key(name).key("instance").value_error(made_by, instance));
    }
    match oxagent_core::protocol::mcp_servers::parse(v) {
        Ok(servers) => Ok(servers),
        Err(ConfigError::Unsupported { .. }) if !ctx.runs_session => Ok(Vec::new()),
        Err(ConfigError::Unsupported { what }) => Err(at.error(
            K::Unsupported,
            format!("{}: {what} are not supported by oxagent yet", at.name()),
        )),
        Err(ConfigError::Malformed {
            at: below,
            expected,
            found,
        }) => Err(at.error(
            K::Type,
            format!(
                "{}{below} must be {expected}, not {}",
                at.name(),
                preview(&found)
            ),
        )),
    }
}

pub(super) fn hooks(at: &At<'_>, v: &Value) -> Checked<BTreeMap<String, Vec<HookMatcher>>> {
    if v.is_null() {
        return Ok(BTreeMap::new());
    }
    let Some(events) = mapping(v) else {
        return Err(at.type_error("a mapping of hook events to lists of hook matchers", v));
    };
    let on_failure_key = match at.face {
        Face::Python => "on_failure",
        Face::Node => "onFailure",
    };
    let mut out = BTreeMap::new();
    for (event, matchers) in events {
        let at = at.key(event);
        let Value::Array(list) = matchers else {
            return Err(at.type_error("a list of hook matchers", matchers));
        };
        let mut read = Vec::new();
        for (i, m) in list.iter().enumerate() {
            let at = at.index(i);
            let Some(callbacks) = mapping(m).and_then(|o| o.get("hooks")?.as_array()) else {
                return Err(at.type_error("a hook matcher", m));
            };
            let field = |k: &str| m.get(k).unwrap_or(&Value::Null);
            let matcher = match field("matcher") {
                Value::Null => None,
                Value::String(s) => Some(s.clone()),
                other => return Err(at.key("matcher").type_error("a string or null", other)),
            };
            let mut callback_ids = Vec::new();
            for (j, f) in callbacks.iter().enumerate() {
                match marker(f) {
                    Some(Marker::Callable(id)) => callback_ids.push(id.to_string()),
                    _ => return Err(at.key("hooks").index(j).type_error("a function", f)),
                }
            }
            let timeout = match field("timeout") {
                Value::Null => None,
                Value::Number(n) if n.as_f64().is_some_and(|t| t > 0.0) => n.as_f64(),
                t @ Value::Number(_) => {
                    return Err(at
                        .key("timeout")
                        .value_error("a positive number of seconds", t))
                }
                t => {
                    return Err(at
                        .key("timeout")
                        .type_error("a positive number of seconds", t))
                }
            };
            let on_failure = at
                .key(on_failure_key)
                .one_of(field(on_failure_key), &["continue", "block"])?;
            read.push(HookMatcher {
                matcher,
                callback_ids,
                timeout,
                on_failure,
                from_settings: false,
            });
        }
        out.insert(event.clone(), read);
    }
    Ok(out)
}

pub(super) fn thinking(at: &At<'_>, v: &Value) -> Checked<Option<Value>> {
    if v.is_null() {
        return Ok(None);
    }
    let Some(m) = mapping(v) else {
        return Err(at.type_error("a thinking config", v));
    };
    let kinds = ["adaptive", "enabled", "disabled"];
    let kind = m.get("type").unwrap_or(&Value::Null);
    let mut out = match kind.as_str() {
        Some("adaptive") => json!({"type": "adaptive"}),
        Some("enabled") => {
            // Each face's spelling first; the other is taken too.
            let keys = match at.face {
                Face::Python => ["budget_tokens", "budgetTokens"],
                Face::Node => ["budgetTokens", "budget_tokens"],
            };
            match keys.iter().find_map(|k| Some((*k, m.get(*k)?))) {
                Some((k, b)) if !b.is_null() => {
                    json!({"type": "enabled", "budget_tokens": at.key(k).count(b)?})
                }
                // As documented: enabled without a budget means adaptive.
                _ => json!({"type": "adaptive"}),
            }
        }
        Some("disabled") => return Ok(Some(json!({"type": "disabled"}))),
        Some(_) => return Err(at.key("type").value_error(&one_of_text(&kinds), kind)),
        None => return Err(at.key("type").type_error(&one_of_text(&kinds), kind)),
    };
    // The reference sends adaptive thinking with a display: summarized when asked, else
    // updates.
    let display = m.get("display").filter(|d| !d.is_null());
    if out["type"] == "adaptive" {
        let summarized = display.and_then(Value::as_str) == Some("summarized");
        out["display"] = json!(if summarized { "summarized" } else { "updates" });
    } else if let Some(d) = display {
        out["display"] = d.clone();
    }
    Ok(Some(out))
}

/// `agents`: each definition as the documented SDKs spell it (camelCase in both faces).
pub(super) fn agents(at: &At<'_>, v: &Value) -> Checked<BTreeMap<String, AgentDefinition>> {
    super::rules::check_custom("agents", at, v)?;
    let Some(agents) = mapping(v) else {
        return Ok(BTreeMap::new());
    };
    agents
        .iter()
        .map(|(name, d)| {
            serde_json::from_value(d.clone())
                .map(|d| (name.clone(), d))
                .map_err(|e| {
                    let at = at.key(name);
                    at.error(K::Type, format!("{}: {e}", at.name()))
                })
        })
        .collect()
}

pub(super) fn output_format(at: &At<'_>, v: &Value) -> Checked<Option<Value>> {
    let expected = "{\"type\": \"json_schema\", \"schema\": {...}}";
    if v.is_null() {
        return Ok(None);
    }
    match mapping(v) {
        Some(m) if m.get("type") == Some(&json!("json_schema")) => {
            match m.get("schema").filter(|s| mapping(s).is_some()) {
                Some(schema) => Ok(Some(schema.clone())),
                None => Err(at.type_error(expected, v)),
            }
        }
        _ => Err(at.type_error(expected, v)),
    }
}

pub(super) fn task_budget(at: &At<'_>, v: &Value) -> Checked<Option<u64>> {
    let expected = "{\"total\": <integer>}";
    match mapping(v).map(|m| m.get("total")) {
        _ if v.is_null() => Ok(None),
        Some(Some(total)) if !total.is_null() => Ok(at.key("total").count(total)?),
        _ => Err(at.type_error(expected, v)),
    }
}

const SOURCES: &[&str] = &["user", "project", "local"];

pub(super) fn setting_sources(at: &At<'_>, v: &Value) -> Checked<Option<Vec<String>>> {
    match v {
        Value::Null => Ok(None),
        Value::Array(items) => {
            let mut sources = Vec::new();
            for (i, s) in items.iter().enumerate() {
                let at = at.index(i);
                match at.one_of(s, SOURCES)? {
                    Some(source) => sources.push(source),
                    None => return Err(at.type_error(&one_of_text(SOURCES), s)),
                }
            }
            Ok(Some(sources))
        }
        _ => Err(at.type_error("a list of setting sources", v)),
    }
}

/// `session_store` as the faces send it: `{"$store": [the optional methods the store has]}`
/// (the face's object answers `session_store` control requests). A native store (Redis,
/// PostgreSQL) is handed to the session beside the JSON, which then replaces this.
pub(super) fn session_store(at: &At<'_>, v: &Value) -> Checked<Option<crate::SessionStoreOption>> {
    use oxagent_core::store::StoreMethod;
    if v.is_null() {
        return Ok(None);
    }
    let bad = || at.type_error(super::table::STORE, v);
    let list = match mapping(v) {
        Some(m) if m.len() == 1 => m.get("$store").and_then(Value::as_array).ok_or_else(bad)?,
        _ => return Err(bad()),
    };
    let methods = list
        .iter()
        .map(|n| n.as_str().and_then(StoreMethod::parse).ok_or_else(bad))
        .collect::<Checked<Vec<_>>>()?;
    Ok(Some(crate::SessionStoreOption::Host { methods }))
}

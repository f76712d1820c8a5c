//! `update_settings` (TypeScript `updateSettings(source, settings)`): the keys a host may
//! write into a settings file while the session runs, checked and written as the reference
//! does.
//!
//! ```text
//! localSettings  outputStyle  -> <cwd>/.claude/settings.local.json  {"outputStyle": ...}
//! userSettings   effortLevel  -> ~/.claude/settings.json  {"modelSettings": {<model>: {"effortLevel": ...}}}
//! ```
//!
//! Values are strings (no deletion); a source the session's setting sources leave out is
//! refused, before the keys are looked at.

use std::path::Path;

use oxagent_core::rules::RuleSource;
use serde_json::{Map, Value};

use crate::files::{read_for_edit, settings_file, write_edited};

const EFFORTS: &[&str] = &["low", "medium", "high", "xhigh", "max"];

/// Checks `settings` for `source` and writes them; `model` is the session's model now
/// (an effort level is saved for it). `sources`: the session's setting sources (`None`:
/// all).
pub fn update_settings(
    source: &str,
    settings: &Value,
    sources: Option<&[String]>,
    cwd: &Path,
    home: &Path,
    model: &str,
) -> Result<(), String> {
    let (rule_source, name, allowed) = match source {
        "localSettings" => (RuleSource::LocalSettings, "local", "outputStyle"),
        "userSettings" => (RuleSource::UserSettings, "user", "effortLevel"),
        other => return Err(format!("update_settings: unsupported source {other}")),
    };
    if sources.is_some_and(|list| !list.iter().any(|s| s == name)) {
        return Err(format!(
            "update_settings: the {source} source is disabled for this session (--setting-sources)"
        ));
    }
    let Some(keys) = settings.as_object() else {
        return Err("update_settings requires at least one key".into());
    };
    if keys.is_empty() {
        return Err("update_settings requires at least one key".into());
    }
    let refused: Vec<&str> = keys
        .keys()
        .map(String::as_str)
        .filter(|k| *k != allowed)
        .collect();
    if !refused.is_empty() {
        return Err(format!(
            "update_settings keys not allowed: {}",
            refused.join(", ")
        ));
    }
    let value = match keys.get(allowed) {
        Some(Value::String(s)) => s.clone(),
        _ => {
            return Err(format!(
                "update_settings values must be strings (deletion is not supported): {allowed}"
            ))
        }
    };
    if allowed == "effortLevel" && !EFFORTS.contains(&value.as_str()) {
        return Err(format!(
            "update_settings: effortLevel must be one of {}",
            EFFORTS.join(", ")
        ));
    }
    let Some(path) = settings_file(rule_source, cwd, home) else {
        return Err(format!("update_settings: unsupported source {source}"));
    };
    let mut doc = read_for_edit(&path)?;
    if allowed == "effortLevel" {
        let models = doc
            .entry("modelSettings")
            .or_insert_with(|| Value::Object(Map::new()));
        if !models.is_object() {
            *models = Value::Object(Map::new());
        }
        let entry = models
            .as_object_mut()
            .map(|m| m.entry(model).or_insert_with(|| Value::Object(Map::new())));
        if let Some(Value::Object(m)) = entry {
            m.insert("effortLevel".into(), Value::String(value));
        }
    } else {
        doc.insert(allowed.into(), Value::String(value));
    }
    write_edited(&path, doc).map_err(|e| format!("update_settings: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn writes_the_allowed_key_of_each_file() {
        let dir = tempfile::tempdir().unwrap();
        let (ws, home) = (dir.path().join("ws"), dir.path().join("home"));
        let up = |source: &str, v: Value| {
            update_settings(source, &v, None, &ws, &home, "claude-opus-5-5")
        };
        up("localSettings", json!({"outputStyle": "Explanatory"})).unwrap();
        up("userSettings", json!({"effortLevel": "high"})).unwrap();
        let read = |p: std::path::PathBuf| -> Value {
            serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap()
        };
        assert_eq!(
            read(ws.join(".claude/settings.local.json")),
            json!({"outputStyle": "Explanatory"})
        );
        assert_eq!(
            read(home.join(".claude/settings.json")),
            json!({"modelSettings": {"claude-opus-5-5": {"effortLevel": "high"}}})
        );
    }

    #[test]
    fn refuses_in_the_references_words() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path();
        let user = ["user".to_string()];
        let err = |source: &str, v: Value, sources: Option<&[String]>| {
            update_settings(source, &v, sources, p, p, "m").unwrap_err()
        };
        assert_eq!(
            err("projectSettings", json!({"outputStyle": "x"}), None),
            "update_settings: unsupported source projectSettings"
        );
        assert_eq!(
            err("localSettings", json!({"model": "x"}), Some(&user)),
            "update_settings: the localSettings source is disabled for this session (--setting-sources)"
        );
        assert_eq!(
            err("userSettings", json!({}), None),
            "update_settings requires at least one key"
        );
        assert_eq!(
            err(
                "localSettings",
                json!({"outputStyle": "a", "model": "b", "env": "c"}),
                None
            ),
            "update_settings keys not allowed: model, env"
        );
        assert_eq!(
            err("localSettings", json!({"outputStyle": 3}), None),
            "update_settings values must be strings (deletion is not supported): outputStyle"
        );
        assert_eq!(
            err("userSettings", json!({"effortLevel": "bogus"}), None),
            "update_settings: effortLevel must be one of low, medium, high, xhigh, max"
        );
    }
}

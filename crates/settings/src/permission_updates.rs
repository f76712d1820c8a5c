//! Permission updates written to settings files: a can_use_tool answer's
//! `updatedPermissions` entry whose destination is `userSettings`, `projectSettings` or
//! `localSettings` edits that file's `permissions` (rules by behavior, `defaultMode`,
//! `additionalDirectories`), creating it if need be and never overwriting a file that is
//! not a JSON object.
//!
//! ```text
//! {"type": "addRules", "behavior": "allow", "destination": "localSettings",
//!  "rules": [{"toolName": "Bash", "ruleContent": "npm test"}]}
//!   -> <cwd>/.claude/settings.local.json: {"permissions": {"allow": ["Bash(npm test)"]}}
//! ```

use std::path::Path;

use oxagent_core::rules::{PermissionRule, RuleSource};
use serde_json::{json, Map, Value};

use crate::files::{read_for_edit, settings_file, write_edited};

/// Writes one PermissionUpdate into the settings file its destination names.
pub(crate) fn persist(update: &Value, cwd: &Path, home: &Path) -> Result<(), String> {
    let Some(source) = update
        .get("destination")
        .and_then(Value::as_str)
        .and_then(RuleSource::parse)
    else {
        return Err("persist_permissions: no settings destination".into());
    };
    let Some(path) = settings_file(source, cwd, home) else {
        return Err("persist_permissions: the destination is not a settings file".into());
    };
    let mut doc = read_for_edit(&path)?;
    edit(&mut doc, update);
    write_edited(&path, doc)
}

fn edit(doc: &mut Map<String, Value>, update: &Value) {
    let perms = doc
        .entry("permissions")
        .or_insert_with(|| Value::Object(Map::new()));
    if !perms.is_object() {
        *perms = Value::Object(Map::new());
    }
    let Value::Object(perms) = perms else { return };
    let strings = |key: &str| -> Vec<String> {
        update
            .get(key)
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|v| match key {
                "rules" => PermissionRule::from_wire(v).map(|r| r.to_rule_string()),
                _ => v.as_str().map(str::to_string),
            })
            .collect()
    };
    let behavior = update
        .get("behavior")
        .and_then(Value::as_str)
        .filter(|b| matches!(*b, "allow" | "deny" | "ask"));
    match (update.get("type").and_then(Value::as_str), behavior) {
        (Some("addRules"), Some(b)) => add_all(perms, b, strings("rules")),
        (Some("replaceRules"), Some(b)) => {
            perms.insert(b.to_string(), json!(strings("rules")));
        }
        (Some("removeRules"), Some(b)) => remove_all(perms, b, &strings("rules")),
        (Some("setMode"), _) => {
            if let Some(mode) = update.get("mode") {
                perms.insert("defaultMode".into(), mode.clone());
            }
        }
        (Some("addDirectories"), _) => {
            add_all(perms, "additionalDirectories", strings("directories"))
        }
        (Some("removeDirectories"), _) => {
            remove_all(perms, "additionalDirectories", &strings("directories"))
        }
        _ => {}
    }
}

fn add_all(perms: &mut Map<String, Value>, key: &str, items: Vec<String>) {
    let list = perms.entry(key).or_insert_with(|| json!([]));
    if !list.is_array() {
        *list = json!([]);
    }
    if let Value::Array(list) = list {
        for item in items {
            if !list.iter().any(|v| v.as_str() == Some(item.as_str())) {
                list.push(Value::String(item));
            }
        }
    }
}

fn remove_all(perms: &mut Map<String, Value>, key: &str, items: &[String]) {
    if let Some(Value::Array(list)) = perms.get_mut(key) {
        list.retain(|v| !v.as_str().is_some_and(|s| items.iter().any(|i| i == s)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    #[test]
    fn writes_the_destination_file() {
        let dir = tempfile::tempdir().unwrap();
        let (cwd, home) = (dir.path().join("ws"), dir.path().join("home"));
        let add = json!({"type": "addRules", "behavior": "allow", "destination": "localSettings",
            "rules": [{"toolName": "Bash", "ruleContent": "npm test"}, {"toolName": "Read"}]});
        persist(&add, &cwd, &home).unwrap();
        persist(&add, &cwd, &home).unwrap();
        let mode = json!({"type": "setMode", "mode": "acceptEdits", "destination": "userSettings"});
        persist(&mode, &cwd, &home).unwrap();
        let read = |p: PathBuf| -> Value {
            serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap()
        };
        let local = read(cwd.join(".claude/settings.local.json"));
        assert_eq!(
            local["permissions"]["allow"],
            json!(["Bash(npm test)", "Read"])
        );
        let user = read(home.join(".claude/settings.json"));
        assert_eq!(user["permissions"]["defaultMode"], "acceptEdits");
        let remove = json!({"type": "removeRules", "behavior": "allow",
            "destination": "localSettings", "rules": [{"toolName": "Read"}]});
        persist(&remove, &cwd, &home).unwrap();
        let local = read(cwd.join(".claude/settings.local.json"));
        assert_eq!(local["permissions"]["allow"], json!(["Bash(npm test)"]));
        let session = json!({"type": "addRules", "behavior": "allow", "destination": "session"});
        assert!(persist(&session, &cwd, &home).is_err());
    }
}

//! Applies the PermissionUpdate objects of a can_use_tool answer (`updatedPermissions`).
//!
//! Every update takes effect in the session at once. Those whose destination is a settings
//! file (`userSettings`, `projectSettings`, `localSettings`) are also handed to the host as a
//! `persist_permissions` control request: the facade writes the file (the core touches no
//! settings file).

use serde_json::{json, Value};

use crate::config::PermissionMode;
use crate::rules::{PermissionRule, RuleBehavior, RuleSource};

use super::dispatch::permission_context;
use super::{Deps, Session};

pub(crate) async fn apply(session: &Session, deps: &Deps<'_>, updates: &[Value]) {
    // Make sure the rules in force exist before changing them.
    let _ = permission_context(session);
    for update in updates {
        let destination = update
            .get("destination")
            .and_then(Value::as_str)
            .and_then(RuleSource::parse)
            .unwrap_or(RuleSource::Session);
        apply_one(session, update, destination);
        if matches!(
            destination,
            RuleSource::UserSettings | RuleSource::ProjectSettings | RuleSource::LocalSettings
        ) {
            // A host that cannot persist still has the update in force for this session.
            let _ = deps
                .host
                .control(json!({"subtype": "persist_permissions", "update": update}))
                .await;
        }
    }
}

fn apply_one(session: &Session, update: &Value, source: RuleSource) {
    let kind = update.get("type").and_then(Value::as_str).unwrap_or("");
    if kind == "setMode" {
        if let Some(mode) = update
            .get("mode")
            .and_then(Value::as_str)
            .and_then(PermissionMode::parse)
        {
            session.live.set_permission_mode(mode);
        }
        return;
    }
    let behavior = update
        .get("behavior")
        .and_then(Value::as_str)
        .and_then(RuleBehavior::parse);
    let rules: Vec<PermissionRule> = update
        .get("rules")
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(PermissionRule::from_wire).collect())
        .unwrap_or_default();
    let dirs: Vec<std::path::PathBuf> = update
        .get("directories")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(Value::as_str)
                .map(|d| {
                    crate::rules::path::resolve(
                        d,
                        &session.config.cwd,
                        session.config.home.as_deref(),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    let config = &session.config;
    session.live.update_permissions(
        || (Default::default(), config.additional_directories.clone()),
        |set, extra| match (kind, behavior) {
            ("addRules", Some(b)) => rules.into_iter().for_each(|r| set.push(b, source, r)),
            ("replaceRules", Some(b)) => {
                set.clear(b, source);
                rules.into_iter().for_each(|r| set.push(b, source, r));
            }
            ("removeRules", Some(b)) => rules.iter().for_each(|r| set.remove(b, source, r)),
            ("addDirectories", _) => {
                for d in dirs {
                    if !extra.contains(&d) {
                        extra.push(d);
                    }
                }
            }
            ("removeDirectories", _) => extra.retain(|d| !dirs.contains(d)),
            _ => {}
        },
    );
}

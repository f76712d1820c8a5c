//! Applies the PermissionUpdate objects of a can_use_tool answer (`updatedPermissions`).
//!
//! Every update takes effect in the session at once. Those whose destination is a settings
//! file (`userSettings`, `projectSettings`, `localSettings`) are also handed to the host as a
//! `persist_permissions` control request: the facade writes the file (the core touches no
//! settings file).

use crate::config::PermissionMode;
use crate::protocol::control::ControlRequest;
use crate::protocol::permission::{PermissionUpdate, RuleValue};
use crate::rules::{PermissionRule, RuleBehavior, RuleSource};

use super::dispatch::permission_context;
use super::{Deps, Session};

pub(crate) async fn apply(session: &Session, deps: &Deps<'_>, updates: &[PermissionUpdate]) {
    if updates.is_empty() {
        return;
    }
    // Make sure the rules in force exist before changing them.
    let _ = permission_context(session);
    for update in updates {
        let destination = update
            .destination()
            .and_then(RuleSource::parse)
            .unwrap_or(RuleSource::Session);
        apply_one(session, update, destination);
        if matches!(
            destination,
            RuleSource::UserSettings | RuleSource::ProjectSettings | RuleSource::LocalSettings
        ) {
            // A host that cannot persist still has the update in force for this session.
            let request = ControlRequest::PersistPermissions {
                update: update.clone(),
            };
            let _ = deps.host.control(request).await;
        }
    }
}

fn rules_of(values: &[RuleValue]) -> Vec<PermissionRule> {
    values.iter().map(PermissionRule::from_value).collect()
}

fn apply_one(session: &Session, update: &PermissionUpdate, source: RuleSource) {
    let config = &session.config;
    let resolve = |dirs: &[String]| -> Vec<std::path::PathBuf> {
        dirs.iter()
            .map(|d| crate::rules::path::resolve(d, &config.cwd, config.home.as_deref()))
            .collect()
    };
    if let PermissionUpdate::SetMode { mode, .. } = update {
        if let Some(mode) = PermissionMode::parse(mode) {
            session.live.set_permission_mode(mode);
        }
        return;
    }
    session.live.update_permissions(
        || (Default::default(), config.additional_directories.clone()),
        |set, extra| match update {
            PermissionUpdate::AddRules {
                rules, behavior, ..
            } => {
                if let Some(b) = RuleBehavior::parse(behavior) {
                    rules_of(rules)
                        .into_iter()
                        .for_each(|r| set.push(b, source, r));
                }
            }
            PermissionUpdate::ReplaceRules {
                rules, behavior, ..
            } => {
                if let Some(b) = RuleBehavior::parse(behavior) {
                    set.clear(b, source);
                    rules_of(rules)
                        .into_iter()
                        .for_each(|r| set.push(b, source, r));
                }
            }
            PermissionUpdate::RemoveRules {
                rules, behavior, ..
            } => {
                if let Some(b) = RuleBehavior::parse(behavior) {
                    rules_of(rules)
                        .iter()
                        .for_each(|r| set.remove(b, source, r));
                }
            }
            PermissionUpdate::AddDirectories { directories, .. } => {
                for d in resolve(directories) {
                    if !extra.contains(&d) {
                        extra.push(d);
                    }
                }
            }
            PermissionUpdate::RemoveDirectories { directories, .. } => {
                let dirs = resolve(directories);
                extra.retain(|d| !dirs.contains(d));
            }
            PermissionUpdate::SetMode { .. } => {}
        },
    );
}

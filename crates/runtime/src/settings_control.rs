//! The settings a host changes while the session runs.
//!
//! ```text
//! apply_flag_settings {settings}   merged into the flag layer, all or nothing:
//!   permissions {allow, deny, ask}  -> replace the flag layer's rules (null: none)
//!   model                           -> the model from the next request (null: the default)
//!   outputStyle                     -> the next init message's
//!   other keys                      -> checked where the reference checks them, kept
//! set_mcp_permission_mode_override  -> the server's calls judged in `default`/`auto` while
//!                                      the session's mode would run them unasked
//! ```
//! (`update_settings` is `oxagent_settings::update_settings`.)

use oxagent_core::config::PermissionMode;
use oxagent_core::live::LiveSettings;
use oxagent_core::rules::{RuleBehavior, RuleSource};
use serde_json::{json, Value};

const RULE_LISTS: [(&str, RuleBehavior); 3] = [
    ("allow", RuleBehavior::Allow),
    ("deny", RuleBehavior::Deny),
    ("ask", RuleBehavior::Ask),
];

/// Whether `value` is a `permissions` object the reference takes.
fn valid_permissions(value: &Value) -> bool {
    let Some(p) = value.as_object() else {
        return false;
    };
    let strings = |v: &Value| v.as_array().is_some_and(|a| a.iter().all(Value::is_string));
    RULE_LISTS
        .iter()
        .map(|(k, _)| *k)
        .chain(["additionalDirectories"])
        .all(|k| p.get(k).is_none_or(strings))
        && p.get("defaultMode")
            .is_none_or(|m| m.as_str().and_then(PermissionMode::parse).is_some())
}

/// The keys of `settings` whose values the reference refuses.
fn invalid_keys(settings: &serde_json::Map<String, Value>) -> Vec<&str> {
    settings
        .iter()
        .filter(|(_, v)| !v.is_null())
        .filter(|(k, v)| match k.as_str() {
            "permissions" => !valid_permissions(v),
            "model" | "outputStyle" => !v.is_string(),
            _ => false,
        })
        .map(|(k, _)| k.as_str())
        .collect()
}

/// `apply_flag_settings`: checks every key, then applies them to `live`; `default_model`
/// is what `model: null` goes back to.
pub(crate) fn apply_flag_settings(
    live: &LiveSettings,
    settings: &Value,
    default_model: &str,
) -> Result<(), String> {
    let Some(settings) = settings.as_object() else {
        return Err("apply_flag_settings: settings must be an object".into());
    };
    let invalid = invalid_keys(settings);
    if !invalid.is_empty() {
        return Err(format!(
            "apply_flag_settings: nothing in this request was applied and earlier settings stay in force. Fix or remove these invalid settings and send it again: {}",
            invalid.join(", ")
        ));
    }
    if let Some(permissions) = settings.get("permissions") {
        live.update_permissions(Default::default, |rules, _| {
            rules
                .entries
                .retain(|e| e.source != RuleSource::FlagSettings);
            for (key, behavior) in RULE_LISTS {
                let texts = permissions.get(key).and_then(Value::as_array);
                for text in texts.into_iter().flatten().filter_map(Value::as_str) {
                    // A rule that does not parse is left out, as the reference drops it.
                    let _ = rules.add(behavior, RuleSource::FlagSettings, text);
                }
            }
        });
    }
    match settings.get("model") {
        Some(Value::String(m)) => live.set_model_named(m),
        Some(Value::Null) => live.set_model(default_model),
        _ => {}
    }
    if let Some(Value::String(style)) = settings.get("outputStyle") {
        live.set_output_style(style.clone());
    }
    Ok(())
}

/// `set_mcp_permission_mode_override`: `{}`, or `{warning}` when no server of that name is
/// known (the override is kept for one that connects later).
pub(crate) fn mcp_mode_override(
    live: &LiveSettings,
    server: &str,
    mode: Option<&str>,
    known: bool,
) -> Result<Value, String> {
    let mode = match mode {
        None => None,
        Some(m @ ("default" | "auto")) => PermissionMode::parse(m),
        Some(other) => {
            return Err(format!(
                "Permission mode override over the control channel is tighten-only ('default', 'auto', or null); rejected '{other}'"
            ))
        }
    };
    live.set_mcp_mode(&oxagent_mcp::tool_prefix_name(server), mode);
    Ok(match (known, mode) {
        (true, _) => json!({}),
        (false, Some(_)) => json!({"warning": format!(
            "MCP server '{server}' is not yet known; override stored but will not apply until a server with that exact name connects."
        )}),
        (false, None) => json!({"warning": format!(
            "MCP server '{server}' is not known; its stored override was cleared."
        )}),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flag_layer_change_is_all_or_nothing() {
        let live = LiveSettings::new(PermissionMode::BypassPermissions, "claude-opus-5-5");
        let err =
            apply_flag_settings(&live, &json!({"model": 3, "permissions": "x"}), "d").unwrap_err();
        assert!(err.ends_with("send it again: model, permissions"), "{err}");
        assert_eq!(live.model(), "claude-opus-5-5");
        // Unknown keys and values the reference ignores pass.
        let ok = json!({"noSuchSetting": 1, "effortLevel": "bogus", "permissions": {"deny": ["Bash(echo:*)"]}});
        apply_flag_settings(&live, &ok, "d").unwrap();
        let (rules, _) = live.permissions(Default::default);
        assert_eq!(rules.entries.len(), 1);
        apply_flag_settings(&live, &json!({"permissions": null, "model": "sonnet"}), "d").unwrap();
        assert!(live.permissions(Default::default).0.entries.is_empty());
        assert_eq!(live.model(), oxagent_core::usage::resolve_model("sonnet"));
        apply_flag_settings(&live, &json!({"model": null}), "claude-opus-5-5").unwrap();
        assert_eq!(live.model(), "claude-opus-5-5");
        let bad_mode = json!({"permissions": {"allow": ["Read"], "defaultMode": "nope"}});
        assert!(apply_flag_settings(&live, &bad_mode, "d").is_err());
    }

    #[test]
    fn an_mcp_override_only_tightens() {
        let live = LiveSettings::new(PermissionMode::BypassPermissions, "m");
        let answer = mcp_mode_override(&live, "docs", Some("default"), true).unwrap();
        assert_eq!(answer, json!({}));
        let bypass = PermissionMode::BypassPermissions;
        assert_eq!(
            live.mode_for("mcp__docs__read", bypass),
            PermissionMode::Default
        );
        assert_eq!(live.mode_for("Bash", bypass), bypass);
        assert_eq!(
            live.mode_for("mcp__docs__read", PermissionMode::AcceptEdits),
            PermissionMode::AcceptEdits
        );
        let err = mcp_mode_override(&live, "docs", Some("bypassPermissions"), true).unwrap_err();
        assert!(err.ends_with("rejected 'bypassPermissions'"));
        let cleared = mcp_mode_override(&live, "nope", None, false).unwrap();
        assert_eq!(
            cleared["warning"],
            "MCP server 'nope' is not known; its stored override was cleared."
        );
    }
}

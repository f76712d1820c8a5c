//! The policy tier a host hands over (TypeScript `managedSettings`): what it denies, asks
//! about or allows holds over every other source, and `allowManagedPermissionRulesOnly`
//! leaves it the only source of allow rules.

use oxagent_core::rules::{RuleBehavior, RuleSource};
use serde_json::Value;

use crate::Settings;

impl Settings {
    /// Adds the policy tier a host gives (TypeScript `managedSettings`): its permission
    /// rules, and `allowManagedPermissionRulesOnly`. Its other keys (model, env, default
    /// mode, ...) are dropped, as the reference drops them.
    pub fn with_managed(mut self, managed: Option<&serde_json::Map<String, Value>>) -> Self {
        let Some(doc) = managed else {
            return self;
        };
        if let Some(Value::Object(perms)) = doc.get("permissions") {
            for (key, behavior) in [
                ("allow", RuleBehavior::Allow),
                ("deny", RuleBehavior::Deny),
                ("ask", RuleBehavior::Ask),
            ] {
                let texts = perms.get(key).and_then(Value::as_array);
                for text in texts.into_iter().flatten().filter_map(Value::as_str) {
                    let rule = (behavior, RuleSource::PolicySettings, text.to_string());
                    self.rules.push(rule);
                }
            }
        }
        if doc.get("allowManagedPermissionRulesOnly") == Some(&Value::Bool(true)) {
            self.managed_rules_only = true;
        }
        self
    }

    /// Whether only the policy tier's allow rules count.
    pub fn managed_rules_only(&self) -> bool {
        self.managed_rules_only
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use oxagent_core::config::SessionConfig;
    use serde_json::json;

    #[test]
    fn the_policy_tier_keeps_its_rules_and_drops_the_rest() {
        let dir = tempfile::tempdir().unwrap();
        let managed = json!({
            "permissions": {"deny": ["Bash(rm *)"], "allow": ["Bash(ls *)"]},
            "model": "ignored",
            "env": {"FOO": "1"},
            "allowManagedPermissionRulesOnly": true
        });
        let settings = Settings::load(dir.path(), dir.path(), Some(&[]), None)
            .with_managed(managed.as_object());
        assert!(settings.managed_rules_only());
        let mut env = std::collections::BTreeMap::new();
        settings.apply_env(&mut env);
        assert!(env.is_empty());
        let mut config = SessionConfig::new("s", dir.path().to_path_buf());
        config.allowed_tools = vec!["Bash(touch *)".into()];
        settings.apply(&mut config, None, dir.path());
        assert!(config.allowed_tools.is_empty());
        let rules: Vec<_> = config
            .permission_rules
            .entries
            .iter()
            .map(|e| (e.behavior, e.source))
            .collect();
        assert_eq!(
            rules,
            [
                (RuleBehavior::Allow, RuleSource::PolicySettings),
                (RuleBehavior::Deny, RuleSource::PolicySettings)
            ]
        );
    }
}

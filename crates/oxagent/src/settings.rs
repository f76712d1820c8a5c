//! Claude Code settings files, selected by `setting_sources`.
//!
//! `user` is `~/.claude/settings.json` (HOME from the options' `env`, else the process's),
//! `project` is `<cwd>/.claude/settings.json`, `local` is `<cwd>/.claude/settings.local.json`.
//! Omitting the option loads all three, as the reference does; an empty list loads none.
//! From each file: `permissions.allow/deny/ask` (rules with that file as their source),
//! `permissions.defaultMode` (when the options name no mode; later files win),
//! `permissions.additionalDirectories`, `env` (over the process environment) and `hooks`
//! (shell commands, run by [`crate::settings_host`] when the loop asks for them).
//!
//! The core reads no file: this module turns the files into `SessionConfig` fields.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use oxagent_core::config::{HookMatcher, SessionConfig};
use oxagent_core::rules::{RuleBehavior, RuleSource};
use oxagent_core::PermissionMode;
use serde_json::Value;

use crate::options::Options;

/// One shell-command hook from a settings file.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct CommandHook {
    /// The callback id the loop asks for (`settings_<n>`).
    pub id: String,
    pub command: String,
}

/// What the selected settings files say, merged in the order user, project, local.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Loaded {
    pub env: BTreeMap<String, String>,
    pub rules: Vec<(RuleBehavior, RuleSource, String)>,
    pub default_mode: Option<PermissionMode>,
    pub directories: Vec<PathBuf>,
    /// By event: (matcher, callback id, timeout in seconds).
    pub hook_matchers: Vec<(String, Option<String>, String, Option<f64>)>,
    pub commands: Vec<CommandHook>,
}

/// The file a destination (`userSettings`, `projectSettings`, `localSettings`) names.
pub(crate) fn file_of(source: RuleSource, cwd: &Path, home: &Path) -> Option<PathBuf> {
    match source {
        RuleSource::UserSettings => Some(home.join(".claude").join("settings.json")),
        RuleSource::ProjectSettings => Some(cwd.join(".claude").join("settings.json")),
        RuleSource::LocalSettings => Some(cwd.join(".claude").join("settings.local.json")),
        RuleSource::CliArg | RuleSource::Session | RuleSource::FlagSettings => None,
    }
}

/// The session's working directory as `session_config` will settle it.
pub(crate) fn session_cwd(options: &Options) -> PathBuf {
    let cwd = match &options.cwd {
        Some(c) => c.clone(),
        None => std::env::current_dir().unwrap_or_else(|_| PathBuf::from(".")),
    };
    cwd.canonicalize().unwrap_or(cwd)
}

/// Reads the files `options.setting_sources` selects. A missing or unreadable file, or one
/// that is not a JSON object, contributes nothing.
pub(crate) fn load(options: &Options, env: &BTreeMap<String, String>) -> Loaded {
    let cwd = session_cwd(options);
    let home = crate::persist::home(env);
    let default = ["user", "project", "local"].map(String::from).to_vec();
    let sources = options.setting_sources.clone().unwrap_or(default);
    let mut loaded = Loaded::default();
    // The reference's precedence: local over project over user.
    for (name, source) in [
        ("user", RuleSource::UserSettings),
        ("project", RuleSource::ProjectSettings),
        ("local", RuleSource::LocalSettings),
    ] {
        if !sources.iter().any(|s| s == name) {
            continue;
        }
        let Some(path) = file_of(source, &cwd, &home) else {
            continue;
        };
        let Some(Value::Object(doc)) = std::fs::read_to_string(&path)
            .ok()
            .and_then(|t| serde_json::from_str::<Value>(&t).ok())
        else {
            continue;
        };
        loaded.merge(&doc, source, &cwd);
    }
    // The `settings` option comes last and wins, whatever `setting_sources` says.
    if let Some(doc) = options
        .settings
        .as_deref()
        .and_then(|s| flag_settings(s, &cwd))
    {
        loaded.merge(&doc, RuleSource::FlagSettings, &cwd);
    }
    loaded
}

/// The `settings` option: a JSON object, or the path of a file holding one (relative to
/// the session's cwd).
fn flag_settings(text: &str, cwd: &Path) -> Option<serde_json::Map<String, Value>> {
    let text = text.trim();
    let json = if text.starts_with('{') {
        text.to_string()
    } else {
        std::fs::read_to_string(cwd.join(text)).ok()?
    };
    match serde_json::from_str(&json) {
        Ok(Value::Object(doc)) => Some(doc),
        _ => None,
    }
}

impl Loaded {
    fn merge(&mut self, doc: &serde_json::Map<String, Value>, source: RuleSource, cwd: &Path) {
        if let Some(Value::Object(env)) = doc.get("env") {
            for (k, v) in env {
                let v = match v {
                    Value::String(s) => s.clone(),
                    Value::Null => continue,
                    other => other.to_string(),
                };
                self.env.insert(k.clone(), v);
            }
        }
        if let Some(Value::Object(perms)) = doc.get("permissions") {
            for (key, behavior) in [
                ("allow", RuleBehavior::Allow),
                ("deny", RuleBehavior::Deny),
                ("ask", RuleBehavior::Ask),
            ] {
                let texts = perms.get(key).and_then(Value::as_array);
                for text in texts.into_iter().flatten().filter_map(Value::as_str) {
                    self.rules.push((behavior, source, text.to_string()));
                }
            }
            if let Some(mode) = perms
                .get("defaultMode")
                .and_then(Value::as_str)
                .and_then(PermissionMode::parse)
            {
                self.default_mode = Some(mode);
            }
            let dirs = perms.get("additionalDirectories").and_then(Value::as_array);
            for d in dirs.into_iter().flatten().filter_map(Value::as_str) {
                let p = PathBuf::from(d);
                let p = if p.is_absolute() { p } else { cwd.join(p) };
                let p = p.canonicalize().unwrap_or(p);
                if !self.directories.contains(&p) {
                    self.directories.push(p);
                }
            }
        }
        if let Some(Value::Object(hooks)) = doc.get("hooks") {
            for (event, matchers) in hooks {
                for m in matchers.as_array().into_iter().flatten() {
                    self.add_matcher(event, m);
                }
            }
        }
    }

    fn add_matcher(&mut self, event: &str, m: &Value) {
        let matcher = m
            .get("matcher")
            .and_then(Value::as_str)
            .filter(|s| !s.is_empty())
            .map(str::to_string);
        for h in m
            .get("hooks")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            if h.get("type").and_then(Value::as_str) != Some("command") {
                continue;
            }
            let Some(command) = h.get("command").and_then(Value::as_str) else {
                continue;
            };
            let id = format!("settings_{}", self.commands.len());
            let timeout = h.get("timeout").and_then(Value::as_f64);
            self.hook_matchers
                .push((event.to_string(), matcher.clone(), id.clone(), timeout));
            self.commands.push(CommandHook {
                id,
                command: command.to_string(),
            });
        }
    }

    /// The settings' `env` over `env` (the process environment with the options' `env`).
    pub fn apply_env(&self, env: &mut BTreeMap<String, String>) {
        env.extend(self.env.clone());
    }

    /// Puts the rules, the default mode, the directories and the hooks into the session.
    pub fn apply(&self, config: &mut SessionConfig, options: &Options, home: &Path) {
        // The tools' environment: the options' `env`, with the settings' over it.
        config.env.extend(self.env.clone());
        if config.home.is_none() {
            config.home = Some(home.to_path_buf());
        }
        for (behavior, source, text) in &self.rules {
            // A rule the parser refuses is skipped, as a malformed settings entry is.
            let _ = config.permission_rules.add(*behavior, *source, text);
        }
        if options.permission_mode.is_none() {
            if let Some(mode) = self.default_mode {
                config.permission_mode = mode;
            }
        }
        for d in &self.directories {
            if !config.additional_directories.contains(d) {
                config.additional_directories.push(d.clone());
            }
        }
        for (event, matcher, id, timeout) in &self.hook_matchers {
            config
                .hooks
                .entry(event.clone())
                .or_default()
                .push(HookMatcher {
                    matcher: matcher.clone(),
                    callback_ids: vec![id.clone()],
                    timeout: *timeout,
                    on_failure: None,
                    from_settings: true,
                });
        }
    }
}

/// What the reference prints when it refuses bypassPermissions to root.
pub(crate) const BYPASS_ROOT: &str =
    "--dangerously-skip-permissions cannot be used with root/sudo privileges for security reasons";

/// Refuses `bypassPermissions` (from the options, or a settings file's `defaultMode`) and
/// `allow_dangerously_skip_permissions` when the process runs as root, unless the session's environment has `IS_SANDBOX=1` or
/// `CLAUDE_CODE_BUBBLEWRAP` set, as the reference's CLI does.
pub(crate) fn check_bypass(
    options: &Options,
    loaded: &Loaded,
    env: &BTreeMap<String, String>,
) -> Result<(), crate::error::OptionsError> {
    let mode = options.permission_mode.or(loaded.default_mode);
    let asked = mode == Some(PermissionMode::BypassPermissions)
        || options.allow_dangerously_skip_permissions;
    if !asked || !running_as_root() {
        return Ok(());
    }
    let sandboxed = env.get("IS_SANDBOX").is_some_and(|v| v == "1")
        || env
            .get("CLAUDE_CODE_BUBBLEWRAP")
            .is_some_and(|v| !v.is_empty());
    if sandboxed {
        return Ok(());
    }
    Err(crate::error::OptionsError::new(
        crate::error::OptionsErrorKind::Value,
        "permission_mode",
        BYPASS_ROOT,
    ))
}

/// Whether the effective user is root (`/proc/self` belongs to the effective uid).
fn running_as_root() -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        std::fs::metadata("/proc/self").is_ok_and(|m| m.uid() == 0)
    }
    #[cfg(not(unix))]
    {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn merges_sources_in_order() {
        let dir = tempfile::tempdir().unwrap();
        let ws = dir.path().join("ws");
        let home = dir.path().join("home");
        std::fs::create_dir_all(ws.join(".claude")).unwrap();
        std::fs::create_dir_all(home.join(".claude")).unwrap();
        let write = |p: PathBuf, v: Value| std::fs::write(p, v.to_string()).unwrap();
        write(
            home.join(".claude/settings.json"),
            json!({"env": {"A": "user", "B": "user"}, "permissions": {"allow": ["Bash(ls)"],
                "defaultMode": "plan"}}),
        );
        write(
            ws.join(".claude/settings.json"),
            json!({"env": {"A": "project"}, "permissions": {"deny": ["Read(./secret)"]},
                "hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [
                    {"type": "command", "command": "true", "timeout": 5}]}]}}),
        );
        write(
            ws.join(".claude/settings.local.json"),
            json!({"permissions": {"defaultMode": "acceptEdits", "ask": ["Write"]}}),
        );
        let env: BTreeMap<String, String> =
            [("HOME".to_string(), home.display().to_string())].into();
        let options = Options {
            cwd: Some(ws.clone()),
            ..Default::default()
        };
        let loaded = load(&options, &env);
        assert_eq!(loaded.env.get("A").map(String::as_str), Some("project"));
        assert_eq!(loaded.env.get("B").map(String::as_str), Some("user"));
        assert_eq!(loaded.default_mode, Some(PermissionMode::AcceptEdits));
        assert_eq!(loaded.rules.len(), 3);
        assert_eq!(loaded.commands.len(), 1);
        let mut config = SessionConfig::new("s", ws.clone());
        loaded.apply(&mut config, &options, &home);
        assert_eq!(config.permission_mode, PermissionMode::AcceptEdits);
        assert_eq!(config.hooks["PreToolUse"][0].callback_ids, ["settings_0"]);
        assert_eq!(config.hooks["PreToolUse"][0].timeout, Some(5.0));

        let only_user = Options {
            setting_sources: Some(vec!["user".into()]),
            ..options.clone()
        };
        let loaded = load(&only_user, &env);
        assert_eq!(loaded.default_mode, Some(PermissionMode::Plan));
        assert!(loaded.commands.is_empty());
        let none = Options {
            setting_sources: Some(vec![]),
            ..options
        };
        assert_eq!(load(&none, &env), Loaded::default());
    }

    #[test]
    fn bypass_as_root_needs_a_sandbox() {
        let options = Options {
            permission_mode: Some(PermissionMode::BypassPermissions),
            ..Default::default()
        };
        let env = BTreeMap::new();
        let refused = check_bypass(&options, &Loaded::default(), &env);
        assert_eq!(refused.is_err(), running_as_root());
        if let Err(e) = refused {
            assert_eq!(e.message, BYPASS_ROOT);
        }
        let sandbox: BTreeMap<String, String> = [("IS_SANDBOX".into(), "1".into())].into();
        assert!(check_bypass(&options, &Loaded::default(), &sandbox).is_ok());
        assert!(check_bypass(&Options::default(), &Loaded::default(), &env).is_ok());
    }
}

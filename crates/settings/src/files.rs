//! Claude Code settings files, selected by `setting_sources`.
//!
//! `user` is `<home>/.claude/settings.json`, `project` is `<cwd>/.claude/settings.json`,
//! `local` is `<cwd>/.claude/settings.local.json`. No selection loads all three, as the
//! reference does; an empty one loads none. The `settings` option (a JSON object, or a file
//! holding one) comes last and wins. From each: `permissions.allow/deny/ask` (rules with
//! that file as their source), `permissions.defaultMode` (when the options name no mode;
//! later files win), `permissions.additionalDirectories`, `env` (over the process
//! environment) and `hooks` (shell commands, run by [`crate::SettingsAnswers`] when the
//! loop asks for them).
//!
//! The core reads no file: [`Settings`] turns the files into `SessionConfig` fields.
//!
//! ```no_run
//! # use std::collections::BTreeMap;
//! # use std::path::Path;
//! # let (cwd, home) = (Path::new("/work"), Path::new("/home/me"));
//! # let mut env = BTreeMap::new();
//! # let mut config = oxagent_core::config::SessionConfig::new("s", cwd.to_path_buf());
//! let settings = oxagent_settings::Settings::load(cwd, home, None, None);
//! settings.apply_env(&mut env);
//! settings.apply(&mut config, None, home);
//! ```

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use oxagent_core::config::{HookMatcher, SessionConfig};
use oxagent_core::rules::{RuleBehavior, RuleSource};
use oxagent_core::PermissionMode;
use serde_json::Value;

/// One shell-command hook from a settings file.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct CommandHook {
    /// The callback id the loop asks for (`settings_<n>`).
    pub id: String,
    pub command: String,
    /// A plugin's hook: the plugin's folder (`CLAUDE_PLUGIN_ROOT` in its environment).
    pub plugin_root: Option<PathBuf>,
    /// A plugin's hook: the plugin's name, which a refusal names.
    pub plugin_name: Option<String>,
}

/// A hook of `type: "mcp_tool"`: it calls a tool of a connected MCP server, its `input`'s
/// `${path}` strings filled from the hook's input, and reads the tool's text as a command
/// hook's stdout.
#[derive(Debug, Clone, PartialEq)]
pub struct McpToolHook {
    /// The callback id the loop asks for (`settings_mcp_<n>`).
    pub id: String,
    pub server: String,
    pub tool: String,
    pub input: Value,
}

/// A hook of `type: "prompt"`: the model judges the event (`$ARGUMENTS` in `prompt` is the
/// hook's input as JSON) and answers `{ok, reason}`.
#[derive(Debug, Clone, PartialEq)]
pub struct PromptHook {
    /// The callback id the loop asks for (`settings_prompt_<n>`).
    pub id: String,
    pub prompt: String,
    /// The model asked (none: the session's).
    pub model: Option<String>,
    /// `type: "agent"`: an agent with the session's tools checks the condition over
    /// several turns and answers through a structured output.
    pub agent: bool,
}

/// A hook of `type: "http"`: the hook's input is POSTed to `url` as JSON and the answer's
/// body is read as a command hook's stdout.
#[derive(Debug, Clone, PartialEq)]
pub struct HttpHook {
    /// The callback id the loop asks for (`settings_http_<n>`).
    pub id: String,
    pub url: String,
    /// Extra request headers, as written (`$VAR` / `${VAR}` filled from the environment
    /// for the names in `allowed_env_vars` only).
    pub headers: Vec<(String, String)>,
    pub allowed_env_vars: Vec<String>,
}

/// What the settings files say about HTTP hooks: the URLs they may reach
/// (`allowedHttpHookUrls`) and the variables their headers may read
/// (`httpHookAllowedEnvVars`); none: no restriction. Lists merge across the files.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct HttpHookPolicy {
    pub allowed_urls: Option<Vec<String>>,
    pub allowed_env_vars: Option<Vec<String>>,
}

/// What the selected settings files say, merged in the order user, project, local, then
/// the `settings` option.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Settings {
    pub(crate) env: BTreeMap<String, String>,
    pub(crate) rules: Vec<(RuleBehavior, RuleSource, String)>,
    pub(crate) default_mode: Option<PermissionMode>,
    pub(crate) directories: Vec<PathBuf>,
    /// The user's file's directories: the init message lists them (the local file's are
    /// used but not listed, as in the reference).
    pub(crate) listed_directories: Vec<PathBuf>,
    /// By event: (matcher, callback id, timeout in seconds).
    pub(crate) hook_matchers: Vec<(String, Option<String>, String, Option<f64>)>,
    pub(crate) commands: Vec<CommandHook>,
    pub(crate) mcp_hooks: Vec<McpToolHook>,
    pub(crate) prompt_hooks: Vec<PromptHook>,
    pub(crate) http_hooks: Vec<HttpHook>,
    pub(crate) http_policy: HttpHookPolicy,
    /// `outputStyle`: the name the session reports, whatever styles exist.
    pub(crate) output_style: Option<String>,
    /// `model`: the session's model when neither the options nor `ANTHROPIC_MODEL` name one.
    pub(crate) model: Option<String>,
    /// `skipWebFetchPreflight`: WebFetch does not ask whether a domain may be fetched.
    pub(crate) skip_web_fetch_preflight: bool,
    /// `bashOutputMaxChars` of the highest source naming it, as written.
    pub(crate) bash_output_chars: Option<Value>,
    /// `disableSkillShellExecution`: a command's or skill's ``!`command` `` does not run.
    pub(crate) skill_shell_off: bool,
    /// The problems of the selected files, by file as the report names it (see
    /// [`crate::schema`]): a file with an error is not in effect.
    pub(crate) problems: Vec<(String, crate::schema::Issue)>,
    /// `disableAllHooks`: no hook of a settings file or a plugin runs (the SDK's callbacks
    /// still do; probes st_disable_hooks*).
    pub(crate) disable_all_hooks: bool,
    /// `permissions.disableBypassPermissionsMode: "disable"`: a session asked to bypass
    /// permissions runs in the default mode (probe st3_disable_bypass).
    pub(crate) no_bypass: bool,
    /// The policy tier's `allowManagedPermissionRulesOnly`: allow rules come from the
    /// policy tier only.
    pub(crate) managed_rules_only: bool,
    /// `disabledMcpjsonServers` of every file: `.mcp.json` servers not started.
    pub(crate) disabled_mcpjson: Vec<String>,
    /// `disableBundledSkills`: the reference's bundled skills are left out.
    pub(crate) bundled_skills_off: bool,
}

/// The file a destination (`userSettings`, `projectSettings`, `localSettings`) names.
pub(crate) fn settings_file(source: RuleSource, cwd: &Path, home: &Path) -> Option<PathBuf> {
    match source {
        RuleSource::UserSettings => Some(home.join(".claude").join("settings.json")),
        RuleSource::ProjectSettings => Some(cwd.join(".claude").join("settings.json")),
        RuleSource::LocalSettings => Some(cwd.join(".claude").join("settings.local.json")),
        RuleSource::CliArg
        | RuleSource::Session
        | RuleSource::FlagSettings
        | RuleSource::PolicySettings => None,
    }
}

/// A settings file's object to edit: `{}` when there is no file yet; an error for a file
/// that is not a JSON object (never overwritten: it could not be read back).
pub(crate) fn read_for_edit(path: &Path) -> Result<serde_json::Map<String, Value>, String> {
    match std::fs::read_to_string(path) {
        Ok(text) => match serde_json::from_str::<Value>(&text) {
            Ok(Value::Object(m)) => Ok(m),
            _ => Err(format!("{} is not a JSON object", path.display())),
        },
        Err(_) => Ok(serde_json::Map::new()),
    }
}

/// Writes an edited settings file (its folder made if need be), pretty-printed.
pub(crate) fn write_edited(path: &Path, doc: serde_json::Map<String, Value>) -> Result<(), String> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let text = serde_json::to_string_pretty(&Value::Object(doc)).map_err(|e| e.to_string())?;
    std::fs::write(path, format!("{text}\n")).map_err(|e| format!("{}: {e}", path.display()))
}

impl Settings {
    /// Reads the files `setting_sources` selects (`None`: all three) for a session in
    /// `cwd` (canonical), then the `settings` option. A missing or unreadable file, or one
    /// that is not a JSON object, contributes nothing.
    pub fn load(
        cwd: &Path,
        home: &Path,
        setting_sources: Option<&[String]>,
        settings_option: Option<&str>,
    ) -> Settings {
        let all = ["user", "project", "local"].map(String::from);
        let sources = setting_sources.unwrap_or(&all[..]);
        let mut loaded = Settings::default();
        // The reference's precedence: local over project over user.
        for (name, source) in [
            ("user", RuleSource::UserSettings),
            ("project", RuleSource::ProjectSettings),
            ("local", RuleSource::LocalSettings),
        ] {
            if !sources.iter().any(|s| s == name) {
                continue;
            }
            let Some(path) = settings_file(source, cwd, home) else {
                continue;
            };
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            let label = path.display().to_string();
            // An empty file is an empty document (probe sw_empty_file).
            let doc = match text.trim() {
                "" => Some(Value::Object(Default::default())),
                text => serde_json::from_str(text).ok(),
            };
            if let Some(doc) = loaded.checked(label, doc) {
                loaded.merge(&doc, source, cwd);
            }
        }
        // The `settings` option comes last and wins, whatever `setting_sources` says.
        if let Some((label, doc)) = settings_option.and_then(|s| flag_settings(s, cwd)) {
            if let Some(doc) = loaded.checked(label, doc) {
                loaded.merge(&doc, RuleSource::FlagSettings, cwd);
            }
        }
        if loaded.disable_all_hooks {
            loaded.hook_matchers.clear();
            loaded.commands.clear();
            loaded.mcp_hooks.clear();
            loaded.prompt_hooks.clear();
        }
        loaded
    }
}

/// The `settings` option: a JSON object, or the path of a file holding one (relative to
/// the session's cwd); with the name its problems are reported under, and the document
/// (none: not JSON). `None`: a file that cannot be read.
fn flag_settings(text: &str, cwd: &Path) -> Option<(String, Option<Value>)> {
    let text = text.trim();
    if text.starts_with('{') {
        let label = "--settings (inline JSON)".to_string();
        return Some((label, serde_json::from_str(text).ok()));
    }
    let path = cwd.join(text);
    let json = std::fs::read_to_string(&path).ok()?;
    Some((path.display().to_string(), serde_json::from_str(&json).ok()))
}

impl Settings {
    fn merge(&mut self, doc: &serde_json::Map<String, Value>, source: RuleSource, cwd: &Path) {
        if let Some(Value::Bool(off)) = doc.get("disableAllHooks") {
            self.disable_all_hooks = *off;
        }
        if let Some(Value::String(style)) = doc.get("outputStyle") {
            self.output_style = Some(style.clone());
        }
        if let Some(Value::Bool(skip)) = doc.get("skipWebFetchPreflight") {
            self.skip_web_fetch_preflight = *skip;
        }
        if let Some(Value::Bool(off)) = doc.get("disableBundledSkills") {
            self.bundled_skills_off = *off;
        }
        if let Some(Value::Bool(off)) = doc.get("disableSkillShellExecution") {
            self.skill_shell_off = *off;
        }
        if let Some(chars) = doc.get("bashOutputMaxChars") {
            self.bash_output_chars = Some(chars.clone());
        }
        if let Some(Value::Array(names)) = doc.get("disabledMcpjsonServers") {
            for name in names.iter().filter_map(Value::as_str) {
                if !self.disabled_mcpjson.iter().any(|n| n == name) {
                    self.disabled_mcpjson.push(name.to_string());
                }
            }
        }
        for (key, list) in [
            ("allowedHttpHookUrls", &mut self.http_policy.allowed_urls),
            (
                "httpHookAllowedEnvVars",
                &mut self.http_policy.allowed_env_vars,
            ),
        ] {
            if let Some(Value::Array(items)) = doc.get(key) {
                let list = list.get_or_insert_with(Vec::new);
                for item in items.iter().filter_map(Value::as_str) {
                    if !list.iter().any(|i| i == item) {
                        list.push(item.to_string());
                    }
                }
            }
        }
        if let Some(Value::String(model)) = doc.get("model") {
            self.model = Some(model.clone());
        }
        if let Some(Value::Object(env)) = doc.get("env") {
            for (k, v) in env {
                // Values become strings, `null` too (probe sv_env_null).
                let v = match v {
                    Value::String(s) => s.clone(),
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
                // The project's file is checked in with the code: it may narrow what runs,
                // never widen it (its allow rules and directories are not taken).
                if source == RuleSource::ProjectSettings && behavior == RuleBehavior::Allow {
                    continue;
                }
                let texts = perms.get(key).and_then(Value::as_array);
                for text in texts.into_iter().flatten().filter_map(Value::as_str) {
                    self.rules.push((behavior, source, text.to_string()));
                }
            }
            if let Some(Value::String(v)) = perms.get("disableBypassPermissionsMode") {
                self.no_bypass = v == "disable";
            }
            if let Some(mode) = perms
                .get("defaultMode")
                .and_then(Value::as_str)
                .and_then(PermissionMode::parse)
            {
                self.default_mode = Some(mode);
            }
            let dirs = perms
                .get("additionalDirectories")
                .filter(|_| source != RuleSource::ProjectSettings)
                .and_then(Value::as_array);
            for d in dirs.into_iter().flatten().filter_map(Value::as_str) {
                let p = PathBuf::from(d);
                let p = if p.is_absolute() { p } else { cwd.join(p) };
                let p = p.canonicalize().unwrap_or(p);
                if source == RuleSource::UserSettings && !self.listed_directories.contains(&p) {
                    self.listed_directories.push(p.clone());
                }
                if !self.directories.contains(&p) {
                    self.directories.push(p);
                }
            }
        }
        self.add_hooks(doc.get("hooks"), None);
    }

    /// Adds the hooks of the plugin in `root` (its `hooks/hooks.json`, or what its manifest's
    /// `hooks` names), after those of the settings files. `${CLAUDE_PLUGIN_ROOT}` in a
    /// command is the plugin's folder, and so is `CLAUDE_PLUGIN_ROOT` in its environment.
    pub fn add_plugin_hooks(&mut self, root: &Path, name: &str, doc: &Value) {
        self.add_hooks(doc.get("hooks"), Some((root, name)));
    }

    /// Adds a `hooks` object's command hooks (`{event: [matcher, ...]}`).
    fn add_hooks(&mut self, hooks: Option<&Value>, plugin: Option<(&Path, &str)>) {
        let Some(Value::Object(hooks)) = hooks.filter(|_| !self.disable_all_hooks) else {
            return;
        };
        for (event, matchers) in hooks {
            for m in matchers.as_array().into_iter().flatten() {
                self.add_matcher(event, m, plugin);
            }
        }
    }

    fn add_matcher(&mut self, event: &str, m: &Value, plugin: Option<(&Path, &str)>) {
        let plugin_root = plugin.map(|(root, _)| root);
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
            let timeout = h.get("timeout").and_then(Value::as_f64);
            if h.get("type").and_then(Value::as_str) == Some("mcp_tool") {
                let text = |k: &str| h.get(k).and_then(Value::as_str).map(str::to_string);
                if let (Some(server), Some(tool)) = (text("server"), text("tool")) {
                    let id = format!("settings_mcp_{}", self.mcp_hooks.len());
                    self.hook_matchers.push((
                        event.to_string(),
                        matcher.clone(),
                        id.clone(),
                        timeout,
                    ));
                    let input = h
                        .get("input")
                        .cloned()
                        .unwrap_or_else(|| Value::Object(Default::default()));
                    self.mcp_hooks.push(McpToolHook {
                        id,
                        server,
                        tool,
                        input,
                    });
                }
                continue;
            }
            let kind = h.get("type").and_then(Value::as_str);
            if matches!(kind, Some("prompt" | "agent")) {
                if let Some(prompt) = h.get("prompt").and_then(Value::as_str) {
                    let id = format!("settings_prompt_{}", self.prompt_hooks.len());
                    self.hook_matchers.push((
                        event.to_string(),
                        matcher.clone(),
                        id.clone(),
                        timeout,
                    ));
                    let model = h.get("model").and_then(Value::as_str).map(str::to_string);
                    let prompt = prompt.to_string();
                    let agent = kind == Some("agent");
                    self.prompt_hooks.push(PromptHook {
                        id,
                        prompt,
                        model,
                        agent,
                    });
                }
                continue;
            }
            if h.get("type").and_then(Value::as_str) == Some("http") {
                if let Some(url) = h.get("url").and_then(Value::as_str) {
                    let id = format!("settings_http_{}", self.http_hooks.len());
                    self.hook_matchers.push((
                        event.to_string(),
                        matcher.clone(),
                        id.clone(),
                        timeout,
                    ));
                    let headers = h
                        .get("headers")
                        .and_then(Value::as_object)
                        .into_iter()
                        .flatten()
                        .filter_map(|(k, v)| Some((k.clone(), v.as_str()?.to_string())))
                        .collect();
                    let allowed_env_vars = h
                        .get("allowedEnvVars")
                        .and_then(Value::as_array)
                        .into_iter()
                        .flatten()
                        .filter_map(|v| v.as_str().map(str::to_string))
                        .collect();
                    self.http_hooks.push(HttpHook {
                        id,
                        url: url.to_string(),
                        headers,
                        allowed_env_vars,
                    });
                }
                continue;
            }
            if h.get("type").and_then(Value::as_str) != Some("command") {
                continue;
            }
            let Some(command) = h.get("command").and_then(Value::as_str) else {
                continue;
            };
            let id = format!("settings_{}", self.commands.len());
            self.hook_matchers
                .push((event.to_string(), matcher.clone(), id.clone(), timeout));
            let command = match plugin_root {
                Some(root) => command.replace("${CLAUDE_PLUGIN_ROOT}", &root.to_string_lossy()),
                None => command.to_string(),
            };
            self.commands.push(CommandHook {
                id,
                command,
                plugin_root: plugin_root.map(Path::to_path_buf),
                plugin_name: plugin.map(|(_, name)| name.to_string()),
            });
        }
    }

    /// The hooks that ask the model (`type: "prompt"`).
    pub fn prompt_hooks(&self) -> &[PromptHook] {
        &self.prompt_hooks
    }

    /// The hooks that POST their input to a URL (`type: "http"`).
    pub fn http_hooks(&self) -> &[HttpHook] {
        &self.http_hooks
    }

    /// What the files allow HTTP hooks to reach and to read.
    pub fn http_hook_policy(&self) -> &HttpHookPolicy {
        &self.http_policy
    }

    /// The hooks that call MCP tools (`type: "mcp_tool"`).
    pub fn mcp_tool_hooks(&self) -> &[McpToolHook] {
        &self.mcp_hooks
    }

    /// The tools a deny rule names whole: they leave the session, as `disallowed_tools`
    /// entries do.
    pub fn denied_tools(&self) -> Vec<String> {
        self.rules
            .iter()
            .filter(|(b, _, text)| *b == RuleBehavior::Deny && !text.contains('('))
            .map(|(_, _, text)| text.trim().to_string())
            .filter(|t| !t.is_empty())
            .collect()
    }

    /// The settings' `env` over `env` (the process environment with the options' `env`).
    /// Whether the settings turn every hook off (`disableAllHooks`).
    pub fn disables_all_hooks(&self) -> bool {
        self.disable_all_hooks
    }

    /// Whether the settings keep skills' and commands' ``!`command` `` from running.
    pub fn bundled_skills_off(&self) -> bool {
        self.bundled_skills_off
    }

    pub fn skill_shell_off(&self) -> bool {
        self.skill_shell_off
    }
    /// `bashOutputMaxChars` of the highest source naming it, as written.
    pub fn bash_output_chars(&self) -> Option<&Value> {
        self.bash_output_chars.as_ref()
    }

    /// Whether the settings turn off WebFetch's domain check (`skipWebFetchPreflight`).
    pub fn skip_web_fetch_preflight(&self) -> bool {
        self.skip_web_fetch_preflight
    }

    /// The model the highest source names (`model`), as written.
    pub fn model(&self) -> Option<&str> {
        self.model.as_deref()
    }

    pub fn apply_env(&self, env: &mut BTreeMap<String, String>) {
        env.extend(self.env.clone());
    }

    /// Puts the rules, the default mode, the directories and the hooks into the session.
    /// `options_mode` is the permission mode the options name: with one, `defaultMode` is
    /// ignored.
    pub fn apply(
        &self,
        config: &mut SessionConfig,
        options_mode: Option<PermissionMode>,
        home: &Path,
    ) {
        if let Some(style) = &self.output_style {
            config.init.output_style = style.clone();
        }
        // The tools' environment: the options' `env`, with the settings' over it.
        config.env.extend(self.env.clone());
        if config.home.is_none() {
            config.home = Some(home.to_path_buf());
        }
        if self.managed_rules_only {
            config.allowed_tools.clear();
        }
        for (behavior, source, text) in &self.rules {
            // Only the policy tier may allow, when it says so; what the others deny or ask
            // about still holds (stricter than the reference, which drops those too).
            if self.managed_rules_only
                && *behavior == RuleBehavior::Allow
                && *source != RuleSource::PolicySettings
            {
                continue;
            }
            // A rule the parser refuses is skipped, as a malformed settings entry is.
            let _ = config.permission_rules.add(*behavior, *source, text);
        }
        if options_mode.is_none() {
            if let Some(mode) = self.default_mode {
                config.permission_mode = mode;
            }
        }
        if self.no_bypass && config.permission_mode == PermissionMode::BypassPermissions {
            config.permission_mode = PermissionMode::Default;
        }
        for d in &self.directories {
            if !config.additional_directories.contains(d) {
                config.additional_directories.push(d.clone());
            }
        }
        for d in &self.listed_directories {
            let shown = d.display().to_string();
            if !config.init.additional_directories.contains(&shown) {
                config.init.additional_directories.push(shown);
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

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// The init message's `output_style`: the string the highest source names (the
    /// `settings` option over local over project over user), even "" or a style that does
    /// not exist; anything else is no style.
    #[test]
    fn output_style_from_the_highest_source() {
        let dir = tempfile::tempdir().unwrap();
        let (ws, home) = (dir.path().join("ws"), dir.path().join("home"));
        std::fs::create_dir_all(ws.join(".claude")).unwrap();
        std::fs::create_dir_all(home.join(".claude")).unwrap();
        let style = |sources: Option<&[String]>, flag: Option<&str>| {
            let mut config = SessionConfig::new("s", ws.clone());
            Settings::load(&ws, &home, sources, flag).apply(&mut config, None, &home);
            config.init.output_style
        };
        assert_eq!(style(None, None), "default");
        std::fs::write(
            home.join(".claude/settings.json"),
            r#"{"outputStyle": "learning"}"#,
        )
        .unwrap();
        std::fs::write(
            ws.join(".claude/settings.local.json"),
            r#"{"outputStyle": "mine"}"#,
        )
        .unwrap();
        assert_eq!(style(None, None), "mine");
        assert_eq!(style(Some(&["user".into()]), None), "learning");
        assert_eq!(style(Some(&["project".into()]), None), "default");
        assert_eq!(
            style(None, Some(r#"{"outputStyle": "Explanatory"}"#)),
            "Explanatory"
        );
        assert_eq!(style(None, Some(r#"{"outputStyle": ""}"#)), "");
        std::fs::write(
            ws.join(".claude/settings.local.json"),
            r#"{"outputStyle": 5}"#,
        )
        .unwrap();
        assert_eq!(style(Some(&["local".into()]), None), "default");
    }

    /// optedge/oe_set_no_bypass*: `disableBypassPermissionsMode: "disable"` turns a session
    /// asked to bypass permissions (by the options or `defaultMode`) into a default one.
    #[test]
    fn bypass_can_be_disabled() {
        let dir = tempfile::tempdir().unwrap();
        let ws = dir.path().join("ws");
        std::fs::create_dir_all(ws.join(".claude")).unwrap();
        let sources = ["project".to_string()];
        let doc = r#"{"permissions": {"disableBypassPermissionsMode": "disable", "defaultMode": "bypassPermissions"}}"#;
        std::fs::write(ws.join(".claude/settings.json"), doc).unwrap();
        let loaded = Settings::load(&ws, dir.path(), Some(&sources), None);
        for (asked, runs) in [
            (None, PermissionMode::Default),
            (
                Some(PermissionMode::BypassPermissions),
                PermissionMode::Default,
            ),
            (
                Some(PermissionMode::AcceptEdits),
                PermissionMode::AcceptEdits,
            ),
        ] {
            let mut config = SessionConfig::new("s", ws.clone());
            if let Some(mode) = asked {
                config.permission_mode = mode;
            }
            loaded.apply(&mut config, asked, dir.path());
            assert_eq!(config.permission_mode, runs);
        }
    }

    /// Probes st_disable_hooks*: `disableAllHooks` drops every command hook of the files.
    #[test]
    fn disable_all_hooks_drops_the_files_hooks() {
        let dir = tempfile::tempdir().unwrap();
        let ws = dir.path().join("ws");
        std::fs::create_dir_all(ws.join(".claude")).unwrap();
        let hooks = r#""hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "true"}]}]}"#;
        let sources = ["project".to_string()];
        for (flag, kept) in [("true", 0), ("false", 1)] {
            let doc = format!(r#"{{"disableAllHooks": {flag}, {hooks}}}"#);
            std::fs::write(ws.join(".claude/settings.json"), doc).unwrap();
            let loaded = Settings::load(&ws, dir.path(), Some(&sources), None);
            assert_eq!(loaded.disables_all_hooks(), flag == "true");
            assert_eq!(
                (loaded.commands.len(), loaded.hook_matchers.len()),
                (kept, kept)
            );
        }
    }

    #[test]
    fn a_file_that_is_not_json_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let ws = dir.path().join("ws");
        std::fs::create_dir_all(ws.join(".claude")).unwrap();
        std::fs::write(ws.join(".claude/settings.json"), "{not json\n").unwrap();
        let sources = ["project".to_string()];
        let loaded = Settings::load(&ws, dir.path(), Some(&sources), None);
        let text = loaded.not_in_effect().unwrap();
        let line = format!(
            "\n  {}: Invalid or malformed JSON\n",
            ws.join(".claude/settings.json").display()
        );
        assert!(text.starts_with("These settings did not load"), "{text}");
        assert!(text.contains(&line), "{text}");
        assert_eq!(
            Settings::load(&ws, dir.path(), Some(&[]), None).not_in_effect(),
            None
        );
    }

    #[test]
    fn the_model_of_the_highest_source() {
        let dir = tempfile::tempdir().unwrap();
        let ws = dir.path().join("ws");
        let home = dir.path().join("home");
        std::fs::create_dir_all(ws.join(".claude")).unwrap();
        std::fs::create_dir_all(home.join(".claude")).unwrap();
        std::fs::write(home.join(".claude/settings.json"), r#"{"model": "haiku"}"#).unwrap();
        std::fs::write(
            ws.join(".claude/settings.json"),
            r#"{"model": "claude-haiku-4-5"}"#,
        )
        .unwrap();
        let model = |sources: &[&str]| {
            let sources: Vec<String> = sources.iter().map(|s| s.to_string()).collect();
            Settings::load(&ws, &home, Some(&sources), None)
                .model()
                .map(str::to_string)
        };
        assert_eq!(model(&["user"]).as_deref(), Some("haiku"));
        assert_eq!(
            model(&["user", "project"]).as_deref(),
            Some("claude-haiku-4-5")
        );
        assert_eq!(model(&[]), None);
    }

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
        let loaded = Settings::load(&ws, &home, None, None);
        assert_eq!(loaded.env.get("A").map(String::as_str), Some("project"));
        assert_eq!(loaded.env.get("B").map(String::as_str), Some("user"));
        assert_eq!(loaded.default_mode, Some(PermissionMode::AcceptEdits));
        assert_eq!(loaded.rules.len(), 3);
        assert_eq!(loaded.commands.len(), 1);
        let mut config = SessionConfig::new("s", ws.clone());
        loaded.apply(&mut config, None, &home);
        assert_eq!(config.permission_mode, PermissionMode::AcceptEdits);
        assert_eq!(config.hooks["PreToolUse"][0].callback_ids, ["settings_0"]);
        assert_eq!(config.hooks["PreToolUse"][0].timeout, Some(5.0));

        let loaded = Settings::load(&ws, &home, Some(&["user".into()]), None);
        assert_eq!(loaded.default_mode, Some(PermissionMode::Plan));
        assert!(loaded.commands.is_empty());
        assert_eq!(
            Settings::load(&ws, &home, Some(&[]), None),
            Settings::default()
        );
    }

    #[test]
    fn the_project_file_only_narrows() {
        let dir = tempfile::tempdir().unwrap();
        let ws = dir.path().join("ws");
        let home = dir.path().join("home");
        std::fs::create_dir_all(ws.join(".claude")).unwrap();
        std::fs::create_dir_all(home.join(".claude")).unwrap();
        let perms = json!({"permissions": {"allow": ["Bash(touch:*)"], "deny": ["Write"],
            "ask": ["Edit"], "additionalDirectories": ["/elsewhere"]}});
        std::fs::write(ws.join(".claude/settings.json"), perms.to_string()).unwrap();
        std::fs::write(ws.join(".claude/settings.local.json"), perms.to_string()).unwrap();
        let project = Settings::load(&ws, &home, Some(&["project".into()]), None);
        let kinds: Vec<_> = project.rules.iter().map(|(b, _, _)| *b).collect();
        assert_eq!(kinds, [RuleBehavior::Deny, RuleBehavior::Ask]);
        assert!(project.directories.is_empty());
        assert_eq!(project.denied_tools(), ["Write"]);
        let local = Settings::load(&ws, &home, Some(&["local".into()]), None);
        assert_eq!(local.rules.len(), 3);
        assert_eq!(local.directories, [PathBuf::from("/elsewhere")]);
        let mut config = SessionConfig::new("s", ws.clone());
        local.apply(&mut config, None, &home);
        assert!(config.init.additional_directories.is_empty());
        std::fs::write(home.join(".claude/settings.json"), perms.to_string()).unwrap();
        let user = Settings::load(&ws, &home, Some(&["user".into()]), None);
        let mut config = SessionConfig::new("s", ws.clone());
        user.apply(&mut config, None, &home);
        assert_eq!(config.init.additional_directories, ["/elsewhere"]);
    }

    #[test]
    fn the_settings_option_wins() {
        let dir = tempfile::tempdir().unwrap();
        let ws = dir.path().to_path_buf();
        std::fs::create_dir_all(ws.join(".claude")).unwrap();
        std::fs::write(
            ws.join(".claude/settings.json"),
            json!({"env": {"A": "project"}}).to_string(),
        )
        .unwrap();
        std::fs::write(
            ws.join("extra.json"),
            json!({"env": {"A": "file"}}).to_string(),
        )
        .unwrap();
        let inline = Settings::load(&ws, &ws, None, Some(r#" {"env": {"A": "inline"}}"#));
        assert_eq!(inline.env.get("A").map(String::as_str), Some("inline"));
        let file = Settings::load(&ws, &ws, Some(&[]), Some("extra.json"));
        assert_eq!(file.env.get("A").map(String::as_str), Some("file"));
        let mut config = SessionConfig::new("s", ws.clone());
        let planned = Settings::load(
            &ws,
            &ws,
            None,
            Some(r#"{"permissions": {"defaultMode": "plan"}}"#),
        );
        planned.apply(&mut config, Some(PermissionMode::AcceptEdits), &ws);
        assert_eq!(config.permission_mode, PermissionMode::Default);
    }
}

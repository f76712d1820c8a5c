//! Permission rules: `Tool` or `Tool(content)`, where they came from, and what they cover.
//!
//! A [`RuleSet`] holds the allow, deny and ask rules of a session with their sources
//! (options, settings files, can_use_tool updates). What a rule's content means depends on
//! the tool:
//!
//! - `Bash(npm run test:*)` (legacy prefix), `Bash(npm *)` (wildcard), `Bash(git status)`
//!   (exact), checked against each simple command of a command line ([`bash`]);
//! - `Read(./src/**)`, `Edit(//etc/**)`, `Read(~/.ssh/**)`: gitignore-style paths ([`path`]);
//!   `Write`, `NotebookEdit` and `MultiEdit` rules count as `Edit`, `Glob`/`Grep` as `Read`;
//! - `WebFetch(domain:example.com)` (also `*.example.com`), `WebSearch(exact terms)`;
//! - `mcp__server`, `mcp__server__tool`, `mcp__server__*`; `Agent(name)`.
//!
//! ```
//! use oxagent_core::rules::{PermissionRule, RuleSet, RuleBehavior, RuleSource};
//! use serde_json::json;
//! let r = PermissionRule::parse("Bash(npm run test:*)").unwrap();
//! assert_eq!((r.tool.as_str(), r.content.as_deref()), ("Bash", Some("npm run test:*")));
//! assert!(PermissionRule::parse("Bash()").is_err());
//! let mut rules = RuleSet::default();
//! rules.add(RuleBehavior::Allow, RuleSource::CliArg, "WebFetch(domain:example.com)").unwrap();
//! let call = json!({"url": "https://example.com/x"});
//! assert!(rules.find(RuleBehavior::Allow, "WebFetch", &call, &Default::default()).is_some());
//! ```

pub mod bash;
pub mod deny_path;
pub mod path;
pub mod shell;

use std::path::PathBuf;

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A parsed rule.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PermissionRule {
    pub tool: String,
    /// The part in parentheses; `None` for a bare tool name (or `Tool(*)`).
    pub content: Option<String>,
}

impl PermissionRule {
    /// Parses `Tool` or `Tool(content)`. The content runs to the last character, which must
    /// be the closing parenthesis; parentheses inside it are literal.
    pub fn parse(text: &str) -> Result<Self, String> {
        let text = text.trim();
        let Some(open) = text.find('(') else {
            if text.is_empty() || text.contains(')') {
                return Err(format!("invalid permission rule {text:?}"));
            }
            return Ok(PermissionRule {
                tool: text.to_string(),
                content: None,
            });
        };
        let tool = text[..open].trim();
        let Some(content) = text[open + 1..].strip_suffix(')') else {
            return Err(format!(
                "invalid permission rule {text:?}: it must end with ')'"
            ));
        };
        if tool.is_empty() || content.is_empty() {
            return Err(format!("invalid permission rule {text:?}: empty part"));
        }
        Ok(PermissionRule {
            tool: canonical_tool(tool).to_string(),
            content: (content != "*").then(|| content.to_string()),
        })
    }

    pub fn is_bare(&self) -> bool {
        self.content.is_none()
    }

    /// Whether the rule names `tool` (bare MCP server rules name all its tools).
    pub fn names_tool(&self, tool: &str) -> bool {
        let tool = canonical_tool(tool);
        if self.tool == tool {
            return true;
        }
        if let Some(prefix) = self.tool.strip_suffix('*') {
            return self.tool.starts_with("mcp__") && tool.starts_with(prefix);
        }
        self.tool.starts_with("mcp__")
            && self.tool.matches("__").count() == 1
            && tool.starts_with(&format!("{}__", self.tool))
    }

    /// The rule in its written form.
    pub fn to_rule_string(&self) -> String {
        match &self.content {
            Some(c) => format!("{}({c})", self.tool),
            None => self.tool.clone(),
        }
    }

    /// `{toolName, ruleContent?}`, as PermissionUpdate objects carry rules.
    pub fn to_wire(&self) -> Value {
        let mut v = serde_json::json!({"toolName": self.tool});
        if let Some(c) = &self.content {
            v["ruleContent"] = Value::String(c.clone());
        }
        v
    }

    /// The inverse of [`PermissionRule::to_wire`].
    pub fn from_wire(v: &Value) -> Option<Self> {
        let tool = v.get("toolName")?.as_str()?;
        let content = v.get("ruleContent").and_then(Value::as_str);
        Some(Self::of(tool, content))
    }

    /// A rule of a permission update.
    pub fn from_value(v: &crate::protocol::permission::RuleValue) -> Self {
        Self::of(&v.tool_name, v.rule_content.as_deref())
    }

    fn of(tool: &str, content: Option<&str>) -> Self {
        PermissionRule {
            tool: canonical_tool(tool).to_string(),
            content: content
                .filter(|c| !c.is_empty() && *c != "*")
                .map(str::to_string),
        }
    }
}

/// The name matching uses: `Task` is the Agent tool's legacy name.
pub fn canonical_tool(name: &str) -> &str {
    match name {
        "Task" => "Agent",
        other => other,
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RuleBehavior {
    Allow,
    Deny,
    Ask,
}

impl RuleBehavior {
    pub fn parse(s: &str) -> Option<Self> {
        Some(match s {
            "allow" => RuleBehavior::Allow,
            "deny" => RuleBehavior::Deny,
            "ask" => RuleBehavior::Ask,
            _ => return None,
        })
    }
}

/// Where a rule came from (the PermissionUpdate destinations, plus the options).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum RuleSource {
    /// `allowed_tools` / `disallowed_tools`.
    CliArg,
    Session,
    UserSettings,
    ProjectSettings,
    LocalSettings,
    /// The `settings` option (a file or a JSON text given for this session).
    FlagSettings,
    /// The policy tier (TypeScript `managedSettings`).
    PolicySettings,
}

impl RuleSource {
    /// The name settings and the SDKs use (`projectSettings`, ...).
    pub fn as_str(self) -> &'static str {
        match self {
            RuleSource::CliArg => "cliArg",
            RuleSource::Session => "session",
            RuleSource::UserSettings => "userSettings",
            RuleSource::ProjectSettings => "projectSettings",
            RuleSource::LocalSettings => "localSettings",
            RuleSource::FlagSettings => "flagSettings",
            RuleSource::PolicySettings => "policySettings",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Some(match s {
            "cliArg" => RuleSource::CliArg,
            "session" => RuleSource::Session,
            "userSettings" => RuleSource::UserSettings,
            "projectSettings" => RuleSource::ProjectSettings,
            "localSettings" => RuleSource::LocalSettings,
            "flagSettings" => RuleSource::FlagSettings,
            "policySettings" => RuleSource::PolicySettings,
            _ => return None,
        })
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct RuleEntry {
    pub rule: PermissionRule,
    pub behavior: RuleBehavior,
    pub source: RuleSource,
}

/// Directories rule paths are relative to.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RuleRoots {
    /// The session's cwd: `./x` and `x` in rules from the options and the session.
    pub cwd: PathBuf,
    /// `~/x`.
    pub home: Option<PathBuf>,
}

impl RuleRoots {
    /// The directory relative call paths start from (a settings root's parent project).
    fn session_cwd(&self) -> &std::path::Path {
        if self.cwd.ends_with(".claude") {
            self.cwd.parent().unwrap_or(&self.cwd)
        } else {
            &self.cwd
        }
    }
}

impl RuleRoots {
    /// The roots for a rule from `source`: relative paths of the project's and the local
    /// settings start at the project, the user's at `~/.claude/`.
    pub fn for_source(&self, source: RuleSource) -> RuleRoots {
        let base = match source {
            RuleSource::ProjectSettings | RuleSource::LocalSettings => self.cwd.clone(),
            RuleSource::UserSettings => match &self.home {
                Some(h) => h.join(".claude"),
                None => self.cwd.clone(),
            },
            RuleSource::CliArg
            | RuleSource::Session
            | RuleSource::FlagSettings
            | RuleSource::PolicySettings => self.cwd.clone(),
        };
        RuleRoots {
            cwd: base,
            home: self.home.clone(),
        }
    }
}

/// Commands that run the code or the command they are given.
const CODE_RUNNERS: &[&str] = &[
    "python", "python2", "python3", "node", "deno", "tsx", "bun", "ruby", "perl", "php", "lua",
    "npx", "bunx", "bash", "sh", "zsh", "fish", "dash", "ksh", "eval", "exec", "env", "sudo",
    "ssh",
];
/// Package scripts: whatever the project's manifest says.
const SCRIPT_RUNNERS: &[&str] = &["npm run", "yarn run", "pnpm run", "bun run"];

/// Whether a Bash rule's content (none: the whole tool) lets through code given to it.
fn runs_given_code(content: Option<&str>) -> bool {
    let Some(content) = content.map(str::trim) else {
        return true;
    };
    let prefix = content.strip_suffix(":*").unwrap_or(content);
    let prefix = prefix.trim_end_matches('*').trim_end();
    if prefix.is_empty() {
        return true;
    }
    let first = prefix.split_whitespace().next().unwrap_or_default();
    CODE_RUNNERS.contains(&first)
        || SCRIPT_RUNNERS
            .iter()
            .any(|r| prefix == *r || prefix.starts_with(&format!("{r} ")))
}

/// The rules of one session.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RuleSet {
    pub entries: Vec<RuleEntry>,
}

impl RuleSet {
    /// Adds a rule given in its written form.
    pub fn add(
        &mut self,
        behavior: RuleBehavior,
        source: RuleSource,
        text: &str,
    ) -> Result<(), String> {
        let rule = PermissionRule::parse(text)?;
        self.push(behavior, source, rule);
        Ok(())
    }

    pub fn push(&mut self, behavior: RuleBehavior, source: RuleSource, rule: PermissionRule) {
        let entry = RuleEntry {
            rule,
            behavior,
            source,
        };
        if !self.entries.contains(&entry) {
            self.entries.push(entry);
        }
    }

    pub fn remove(&mut self, behavior: RuleBehavior, source: RuleSource, rule: &PermissionRule) {
        self.entries
            .retain(|e| !(e.behavior == behavior && e.source == source && &e.rule == rule));
    }

    /// Drops every rule of `behavior` from `source` (replaceRules).
    pub fn clear(&mut self, behavior: RuleBehavior, source: RuleSource) {
        self.entries
            .retain(|e| !(e.behavior == behavior && e.source == source));
    }

    pub fn of(&self, behavior: RuleBehavior) -> impl Iterator<Item = &RuleEntry> {
        self.entries.iter().filter(move |e| e.behavior == behavior)
    }

    /// The rules without the Bash allow rules that plan and auto mode set aside: the
    /// whole tool (`Bash`, `Bash(*)`) and any rule for a command that runs code it is given
    /// (`Bash(python3:*)`, `Bash(sh *)`, `Bash(npm run:*)`, `Bash(sudo:*)`), so that such
    /// commands go to the classifier (fa_whole_plan_bare, fa_interp_plan, fa_interp2_plan).
    pub fn without_broad_shell_allows(&self) -> RuleSet {
        let entries = self
            .entries
            .iter()
            .filter(|e| {
                !(e.behavior == RuleBehavior::Allow
                    && e.rule.tool == "Bash"
                    && runs_given_code(e.rule.content.as_deref()))
            })
            .cloned()
            .collect();
        RuleSet { entries }
    }

    /// Whether a bare rule of `behavior` names the tool.
    pub fn names_whole_tool(&self, behavior: RuleBehavior, tool: &str) -> bool {
        self.of(behavior)
            .any(|e| e.rule.is_bare() && e.rule.names_tool(tool))
    }

    /// The first rule of `behavior` that covers a call of a tool other than Bash (Bash
    /// commands are judged part by part, see [`bash`]). File rules see the path as given.
    pub fn find(
        &self,
        behavior: RuleBehavior,
        tool: &str,
        input: &Value,
        roots: &RuleRoots,
    ) -> Option<&RuleEntry> {
        self.of(behavior).find(|e| {
            let roots = roots.for_source(e.source);
            covers_call(&e.rule, tool, input, &roots)
        })
    }
}

/// The kind of file access a tool's path rules speak of.
pub fn file_rule_kind(tool: &str) -> Option<&'static str> {
    match tool {
        "Read" | "Glob" | "Grep" | "LS" => Some("Read"),
        "Edit" | "Write" | "MultiEdit" | "NotebookEdit" => Some("Edit"),
        _ => None,
    }
}

/// The path argument of a file tool's call.
pub fn call_path(input: &Value) -> Option<&str> {
    ["file_path", "notebook_path", "path"]
        .iter()
        .find_map(|k| input.get(*k).and_then(Value::as_str))
}

/// The kind of file access a path rule names. Writes are `Edit(...)` rules: the reference
/// leaves `Write(path)` rules out of every decision (the bare `Write` still names the tool).
pub fn path_rule_kind(rule: &PermissionRule) -> Option<&'static str> {
    match rule.tool.as_str() {
        "Write" => None,
        tool => file_rule_kind(tool),
    }
}

/// Whether `rule` covers one call of `tool` (not Bash).
pub fn covers_call(rule: &PermissionRule, tool: &str, input: &Value, roots: &RuleRoots) -> bool {
    let tool = canonical_tool(tool);
    if rule.tool == "Write" && rule.content.is_some() {
        return false;
    }
    if let (Some(kind), Some(rule_kind)) = (file_rule_kind(tool), path_rule_kind(rule)) {
        if kind != rule_kind {
            return false;
        }
        let Some(content) = &rule.content else {
            return rule.tool == tool;
        };
        return call_path(input).is_some_and(|p| {
            let abs = path::resolve(p, roots.session_cwd(), roots.home.as_deref());
            path::rule_matches(content, &abs, &roots.cwd, roots.home.as_deref())
        });
    }
    if !rule.names_tool(tool) {
        return false;
    }
    let Some(content) = &rule.content else {
        return true;
    };
    match tool {
        "WebFetch" => input
            .get("url")
            .and_then(Value::as_str)
            .is_some_and(|url| domain_matches(content, url)),
        "WebSearch" => input
            .get("query")
            .and_then(Value::as_str)
            .is_some_and(|q| q.trim() == content.trim()),
        "Agent" => {
            input
                .get("subagent_type")
                .and_then(Value::as_str)
                .unwrap_or("general-purpose")
                == content
        }
        "Bash" => false,
        _ => input
            .as_object()
            .and_then(|m| m.values().find_map(Value::as_str))
            .is_some_and(|v| bash::pattern_matches(content, v)),
    }
}

/// `domain:example.com` (also subdomains via `*.example.com`) against a URL's host.
fn domain_matches(content: &str, url: &str) -> bool {
    let Some(domain) = content.strip_prefix("domain:") else {
        return false;
    };
    let host = url
        .split_once("://")
        .map_or(url, |(_, rest)| rest)
        .split(['/', '?', '#'])
        .next()
        .unwrap_or("");
    let host = host.rsplit_once('@').map_or(host, |(_, h)| h);
    let host = host.split(':').next().unwrap_or("").to_ascii_lowercase();
    let domain = domain.to_ascii_lowercase();
    match domain.strip_prefix("*.") {
        Some(base) => host.ends_with(&format!(".{base}")),
        None => host == domain,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn plan_and_auto_set_broad_shell_allows_aside() {
        let mut rules = RuleSet::default();
        let broad = [
            "Bash",
            "Bash(*)",
            "Bash(python3:*)",
            "Bash(sh *)",
            "Bash(bash)",
            "Bash(npm run:*)",
            "Bash(python3 -c:*)",
            "Bash(sudo:*)",
            "Bash(env:*)",
        ];
        let narrow = [
            "Bash(git *)",
            "Bash(npm test)",
            "Bash(touch *)",
            "Bash(xargs:*)",
            "Read",
        ];
        for r in broad.iter().chain(narrow.iter()) {
            rules
                .add(RuleBehavior::Allow, RuleSource::CliArg, r)
                .unwrap();
        }
        rules
            .add(RuleBehavior::Deny, RuleSource::CliArg, "Bash")
            .unwrap();
        let kept: Vec<String> = rules
            .without_broad_shell_allows()
            .entries
            .iter()
            .map(|e| match &e.rule.content {
                Some(c) => format!("{:?}:{}({c})", e.behavior, e.rule.tool),
                None => format!("{:?}:{}", e.behavior, e.rule.tool),
            })
            .collect();
        let mut want: Vec<String> = narrow.iter().map(|r| format!("Allow:{r}")).collect();
        want.push("Deny:Bash".into());
        assert_eq!(kept, want);
    }

    #[test]
    fn parsing_and_validation() {
        assert_eq!(
            PermissionRule::parse("Read").unwrap(),
            PermissionRule {
                tool: "Read".into(),
                content: None
            }
        );
        assert!(PermissionRule::parse("Bash(*)").unwrap().is_bare());
        assert_eq!(
            PermissionRule::parse("Bash(echo (a))").unwrap().content,
            Some("echo (a)".into())
        );
        assert!(PermissionRule::parse("Bash(echo").is_err());
        assert!(PermissionRule::parse("Bash(x) y").is_err());
        assert_eq!(PermissionRule::parse("Task(x)").unwrap().tool, "Agent");
    }

    #[test]
    fn project_rules_start_at_the_project() {
        let roots = RuleRoots {
            cwd: "/ws".into(),
            home: Some("/home/me".into()),
        };
        assert_eq!(
            roots.for_source(RuleSource::ProjectSettings).cwd,
            std::path::PathBuf::from("/ws")
        );
        assert_eq!(
            roots.for_source(RuleSource::UserSettings).cwd,
            std::path::PathBuf::from("/home/me/.claude")
        );
    }

    #[test]
    fn mcp_rules() {
        let server = PermissionRule::parse("mcp__files").unwrap();
        assert!(server.names_tool("mcp__files__read"));
        assert!(!server.names_tool("mcp__filesystem__read"));
        let star = PermissionRule::parse("mcp__files__*").unwrap();
        assert!(star.names_tool("mcp__files__write"));
        assert!(!PermissionRule::parse("mcp__files__read")
            .unwrap()
            .names_tool("mcp__files__write"));
    }

    #[test]
    fn web_and_agent_rules() {
        let r = PermissionRule::parse("WebFetch(domain:example.com)").unwrap();
        let roots = RuleRoots::default();
        assert!(covers_call(
            &r,
            "WebFetch",
            &json!({"url": "https://example.com/a"}),
            &roots
        ));
        assert!(!covers_call(
            &r,
            "WebFetch",
            &json!({"url": "https://example.com.evil.io/"}),
            &roots
        ));
        assert!(!covers_call(
            &r,
            "WebFetch",
            &json!({"url": "https://a.example.com/"}),
            &roots
        ));
        let sub = PermissionRule::parse("WebFetch(domain:*.example.com)").unwrap();
        assert!(covers_call(
            &sub,
            "WebFetch",
            &json!({"url": "http://u@a.example.com:8/"}),
            &roots
        ));
        let agent = PermissionRule::parse("Agent(reviewer)").unwrap();
        assert!(covers_call(
            &agent,
            "Task",
            &json!({"subagent_type": "reviewer"}),
            &roots
        ));
        assert!(!covers_call(
            &agent,
            "Agent",
            &json!({"subagent_type": "other"}),
            &roots
        ));
    }

    #[test]
    fn file_rules_cross_tools() {
        let roots = RuleRoots {
            cwd: "/ws".into(),
            home: Some("/home/u".into()),
        };
        let edit = PermissionRule::parse("Edit(src/**)").unwrap();
        assert!(covers_call(
            &edit,
            "Write",
            &json!({"file_path": "/ws/src/a.rs"}),
            &roots
        ));
        // refusals_rule_*_write_content_*: a Write(path) rule covers no call at all.
        let write = PermissionRule::parse("Write(src/**)").unwrap();
        for tool in ["Write", "Edit"] {
            assert!(!covers_call(
                &write,
                tool,
                &json!({"file_path": "/ws/src/a.rs"}),
                &roots
            ));
        }
        assert!(PermissionRule::parse("Write").unwrap().names_tool("Write"));
        assert!(!covers_call(
            &edit,
            "Read",
            &json!({"file_path": "/ws/src/a.rs"}),
            &roots
        ));
        let read = PermissionRule::parse("Read(~/.ssh/**)").unwrap();
        assert!(covers_call(
            &read,
            "Grep",
            &json!({"path": "~/.ssh/id"}),
            &roots
        ));
    }
}

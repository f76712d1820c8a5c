//! Permission rules: `Tool` or `Tool(specifier)`.
//!
//! ```
//! use oxagent_core::rules::PermissionRule;
//! let r = PermissionRule::parse("Bash(npm run test:*)");
//! assert_eq!(r.tool, "Bash");
//! assert_eq!(r.specifier.as_deref(), Some("npm run test:*"));
//! assert!(PermissionRule::parse("Read").is_bare());
//! ```

use serde_json::Value;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PermissionRule {
    pub tool: String,
    pub specifier: Option<String>,
}

impl PermissionRule {
    pub fn parse(text: &str) -> Self {
        let text = text.trim();
        match text.find('(') {
            Some(open) if text.ends_with(')') => {
                let spec = &text[open + 1..text.len() - 1];
                PermissionRule {
                    tool: text[..open].trim().to_string(),
                    specifier: (!spec.is_empty() && spec != "*").then(|| spec.to_string()),
                }
            }
            _ => PermissionRule {
                tool: text.to_string(),
                specifier: None,
            },
        }
    }

    pub fn is_bare(&self) -> bool {
        self.specifier.is_none()
    }

    /// Whether the rule names this tool (`mcp__server` covers every tool of that server).
    pub fn names_tool(&self, tool: &str) -> bool {
        if self.tool == tool {
            return true;
        }
        let server_prefix = format!("{}__", self.tool);
        self.tool.starts_with("mcp__")
            && self.tool.matches("__").count() == 1
            && tool.starts_with(&server_prefix)
    }

    /// Whether the rule covers this call. Bare rules cover every call of the tool; scoped
    /// rules compare their specifier with the call's main argument.
    pub fn covers(&self, tool: &str, input: &Value) -> bool {
        if !self.names_tool(tool) {
            return false;
        }
        let Some(spec) = &self.specifier else {
            return true;
        };
        let arg = match tool {
            "Bash" => input.get("command"),
            "Read" | "Write" | "Edit" | "NotebookEdit" => input
                .get("file_path")
                .or_else(|| input.get("notebook_path")),
            "WebFetch" => input.get("url"),
            "Glob" | "Grep" => input.get("path"),
            _ => None,
        };
        let Some(arg) = arg.and_then(Value::as_str) else {
            return false;
        };
        specifier_matches(spec, arg.trim())
    }
}

/// `cmd` exact, `prefix:*` (legacy prefix form) and `*` wildcards.
fn specifier_matches(spec: &str, arg: &str) -> bool {
    if let Some(prefix) = spec.strip_suffix(":*") {
        return arg == prefix || arg.starts_with(&format!("{prefix} "));
    }
    if !spec.contains('*') {
        return spec == arg;
    }
    wildcard(spec, arg)
}

fn wildcard(pattern: &str, text: &str) -> bool {
    let parts: Vec<&str> = pattern.split('*').collect();
    let mut rest = text;
    for (i, part) in parts.iter().enumerate() {
        if i == 0 {
            match rest.strip_prefix(part) {
                Some(r) => rest = r,
                None => return false,
            }
        } else if i + 1 == parts.len() {
            return rest.ends_with(part);
        } else {
            match rest.find(part) {
                Some(pos) => rest = &rest[pos + part.len()..],
                None => return false,
            }
        }
    }
    rest.is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn scoped_bash_rules() {
        let r = PermissionRule::parse("Bash(echo *)");
        assert!(r.covers("Bash", &json!({"command": "echo hi"})));
        assert!(!r.covers("Bash", &json!({"command": "touch x"})));
        let legacy = PermissionRule::parse("Bash(npm run test:*)");
        assert!(legacy.covers("Bash", &json!({"command": "npm run test -- -x"})));
        assert!(!legacy.covers("Bash", &json!({"command": "npm run testx"})));
    }

    #[test]
    fn mcp_server_rule_covers_its_tools() {
        let r = PermissionRule::parse("mcp__files");
        assert!(r.covers("mcp__files__read", &json!({})));
        assert!(!r.covers("mcp__other__read", &json!({})));
    }
}

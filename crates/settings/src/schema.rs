//! What the reference's settings schema refuses in a settings file, in its words.
//!
//! Two kinds of problem. An **error** (a key of the wrong type, a value outside its enum)
//! keeps the whole file from loading: nothing in it is in effect. A **warning** drops one
//! entry and the rest of the file loads: a permission rule that is not a string or does not
//! parse, a hook entry that does not load (an error instead when it may guard what the file
//! allows: see [`crate::hook_schema`]). The session reports both once, after its first init
//! message (`settings_not_in_effect`, see [`crate::Settings::not_in_effect`]). Keys the
//! schema does not know pass; keys whose bad values the reference sets aside silently
//! (`bashOutputMaxChars`, ...) are not listed here. Errors come in the schema's order of
//! keys, as the reference lists them (probes sv_*).
//!
//! ```text
//! {"model": 5}                      -> error   (model): Expected string, but received number
//! {"defaultShell": "zsh"}           -> error   (defaultShell): Invalid value. Expected one of: "bash", "powershell"
//! {"permissions": {"allow": [5]}}   -> warning (permissions.allow): Non-string value in allow array was removed
//! ```

use serde_json::{Map, Value};

/// One problem of a settings file: where (a dotted path, empty for the whole file), what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Issue {
    pub path: String,
    pub message: String,
    /// The entry was dropped, the rest of the file loads.
    pub warning: bool,
}

impl Issue {
    pub(crate) fn error(path: impl Into<String>, message: impl Into<String>) -> Self {
        Issue {
            path: path.into(),
            message: message.into(),
            warning: false,
        }
    }
    pub(crate) fn warning(path: impl Into<String>, message: impl Into<String>) -> Self {
        Issue {
            warning: true,
            ..Issue::error(path, message)
        }
    }
}

/// The problems of a parsed settings document. Entries a warning names are taken out of
/// `doc`; with any error left, the file must not load.
pub fn check(doc: &mut Map<String, Value>) -> Vec<Issue> {
    let mut issues = drop_bad_entries(doc);
    for (key, kind) in KEYS {
        if let Some(value) = doc.get(*key) {
            kind.check(key, value, &mut issues);
        }
    }
    issues
}

/// What a document that is not a JSON object reads as.
pub fn not_an_object(value: &Value) -> Issue {
    match value {
        Value::Null => Issue::error("", "Invalid or malformed JSON"),
        other => Issue::error(
            "",
            format!("Expected object, but received {}", type_name(other)),
        ),
    }
}

/// The type name the reference's messages give a value.
pub(crate) use oxagent_core::validate::json_type as type_name;

/// The entries the reference drops with a warning before it checks the rest.
fn drop_bad_entries(doc: &mut Map<String, Value>) -> Vec<Issue> {
    let mut out = crate::hook_schema::check(doc);
    let Some(Value::Object(perms)) = doc.get_mut("permissions") else {
        return out;
    };
    for key in ["allow", "deny", "ask"] {
        let Some(Value::Array(rules)) = perms.get_mut(key) else {
            continue;
        };
        let path = format!("permissions.{key}");
        rules.retain(|rule| {
            let why = match rule {
                Value::String(text) => match rule_problem(text) {
                    None => return true,
                    Some(why) => format!("Invalid permission rule \"{text}\" was skipped: {why}"),
                },
                _ => format!("Non-string value in {key} array was removed"),
            };
            out.push(Issue::warning(path.clone(), why));
            false
        });
    }
    out
}

/// Why a permission rule's text does not parse, as the reference says it (the error, then
/// its suggestion); `None`: it parses.
pub fn rule_problem(text: &str) -> Option<String> {
    if text.trim().is_empty() {
        return Some("Permission rule cannot be empty".into());
    }
    let (tool, content) = match text.find('(') {
        Some(open) if text.ends_with(')') => (&text[..open], Some(&text[open + 1..text.len() - 1])),
        Some(_) => return Some(MALFORMED.into()),
        None if text.contains(')') => return Some(MALFORMED.into()),
        None => (text, None),
    };
    if content == Some("") {
        return Some(match tool {
            "" => "Empty parentheses with no tool name. Specify a tool name before the parentheses".into(),
            t => format!("Empty parentheses. Either specify a pattern or use just \"{t}\" without parentheses"),
        });
    }
    if let Some(rest) = tool.strip_prefix("mcp__") {
        // A bare MCP name, a server's or a tool's, is a rule.
        content?;
        let (server, named) = match rest.split_once("__") {
            Some((s, t)) if !t.is_empty() => (s, Some(t)),
            Some((s, _)) => (s, None),
            None => (rest, None),
        };
        let base = "MCP rules do not support patterns in parentheses";
        return Some(match named.filter(|t| *t != "*") {
            None => format!(
                "{base}. Use \"{tool}\" without parentheses, or use \"mcp__{server}__*\" for all tools"
            ),
            Some(t) => format!(
                "{base}. Use \"{tool}\" without parentheses. For all tools of a server, use \"mcp__{server}__*\" for the server \"{server}\", or \"{tool}__*\" for a server named \"{server}__{t}\""
            ),
        });
    }
    if tool.is_empty() {
        return Some("Tool name cannot be empty".into());
    }
    let first = tool.chars().next()?;
    if !tool.contains('_') && first.is_lowercase() {
        let upper: String = first.to_uppercase().chain(tool.chars().skip(1)).collect();
        return Some(format!(
            "Tool names must start with uppercase. Use \"{upper}\""
        ));
    }
    if tool == "Bash" && content == Some(":*") {
        return Some("Prefix cannot be empty before :*. Specify a command prefix before :*".into());
    }
    None
}

const MALFORMED: &str = "Malformed Tool(content) rule. Rules take the form Tool or Tool(content) and must end at the closing \")\"; parentheses inside the content are literal";

/// What a key's value must be.
enum Kind {
    Bool,
    Str,
    /// An array of strings.
    Strings,
    /// An object of strings.
    StrRecord,
    /// An object (what is in it is not checked here).
    Record,
    /// An object whose values are among these.
    EnumRecord(&'static [&'static str]),
    /// `true`, `false` or an object (`attribution`).
    Attribution,
    Enum(&'static [&'static str]),
    /// A whole number above 0.
    PositiveInt,
    /// A whole number, 0 or more.
    NonNegativeInt,
    Number,
    /// An object (what is in it is not checked here).
    Object,
    /// An object whose values become strings (`env`).
    Env,
    Permissions,
    /// Checked among the warnings.
    Hooks,
}

impl Kind {
    fn check(&self, path: &str, v: &Value, out: &mut Vec<Issue>) {
        let expected = |name: &str, out: &mut Vec<Issue>| {
            out.push(Issue::error(
                path,
                format!("Expected {name}, but received {}", type_name(v)),
            ))
        };
        match self {
            Kind::Bool if !v.is_boolean() => expected("boolean", out),
            Kind::Str if !v.is_string() => expected("string", out),
            Kind::Strings => match v.as_array() {
                None => expected("array", out),
                Some(items) => {
                    for (i, item) in items.iter().enumerate() {
                        Kind::Str.check(&format!("{path}.{i}"), item, out);
                    }
                }
            },
            Kind::StrRecord => match v.as_object() {
                None => expected("record", out),
                Some(map) => {
                    for (k, item) in map {
                        Kind::Str.check(&format!("{path}.{k}"), item, out);
                    }
                }
            },
            Kind::Env | Kind::Record if !v.is_object() => expected("record", out),
            Kind::EnumRecord(values) => match v.as_object() {
                None => expected("record", out),
                Some(map) => {
                    for (k, item) in map {
                        Kind::Enum(values).check(&format!("{path}.{k}"), item, out);
                    }
                }
            },
            Kind::Attribution if !(v.is_boolean() || v.is_object()) => out.push(Issue::error(
                path,
                format!(
                    "Expected false, true, or an object such as {{ \"commit\": \"\", \"pr\": \"\" }}, but received {}",
                    type_name(v)
                ),
            )),
            Kind::Enum(values) if !v.as_str().is_some_and(|s| values.contains(&s)) => {
                let listed: Vec<String> = values.iter().map(|s| format!("\"{s}\"")).collect();
                out.push(Issue::error(
                    path,
                    format!("Invalid value. Expected one of: {}", listed.join(", ")),
                ));
            }
            Kind::Number if !v.is_number() => expected("number", out),
            Kind::PositiveInt | Kind::NonNegativeInt => {
                let Some(n) = v.as_f64() else {
                    return expected("number", out);
                };
                if n.fract() != 0.0 {
                    return out.push(Issue::error(path, "Expected int, but received number"));
                }
                let low = matches!(self, Kind::PositiveInt) && n <= 0.0 || n < 0.0;
                if low {
                    out.push(Issue::error(path, "Number must be greater than or equal to 0"));
                }
            }
            Kind::Object if !v.is_object() => expected("object", out),
            Kind::Permissions => match v.as_object() {
                None => expected("object", out),
                Some(perms) => {
                    for (key, kind) in PERMISSIONS {
                        if let Some(value) = perms.get(*key) {
                            kind.check(&format!("{path}.{key}"), value, out);
                        }
                    }
                }
            },
            _ => {}
        }
    }
}

/// The modes a settings file may name as `permissions.defaultMode`.
const MODES: &[&str] = &[
    "acceptEdits",
    "auto",
    "bypassPermissions",
    "default",
    "dontAsk",
    "plan",
];

/// The keys of `permissions`, in the schema's order.
const PERMISSIONS: &[(&str, Kind)] = &[
    ("allow", Kind::Strings),
    ("deny", Kind::Strings),
    ("ask", Kind::Strings),
    ("defaultMode", Kind::Enum(MODES)),
    ("disableBypassPermissionsMode", Kind::Enum(&["disable"])),
    ("blockReadsOutsideWorkingDirectories", Kind::Bool),
    ("blockFileToolReadsOutsideWorkingDirectories", Kind::Bool),
    ("blockWritesOutsideWorkingDirectories", Kind::Bool),
    ("disableAutoMode", Kind::Enum(&["disable"])),
    ("denyInsteadOfPrompting", Kind::Bool),
    ("additionalDirectories", Kind::Strings),
];

use Kind::*;

/// The top-level keys the schema types, in its order.
const KEYS: &[(&str, Kind)] = &[
    ("$schema", Str),
    ("apiKeyHelper", Str),
    ("proxyAuthHelper", Str),
    ("awsCredentialExport", Str),
    ("awsAuthRefresh", Str),
    ("gcpAuthRefresh", Str),
    ("processWrapper", Str),
    ("fileSuggestion", Object),
    ("respectGitignore", Bool),
    ("breakReminder", Object),
    ("quietHours", Object),
    ("cleanupPeriodDays", PositiveInt),
    ("desktopSessionCleanupPeriodDays", NonNegativeInt),
    ("syncClaudeAiSkills", Bool),
    ("syncClaudeAiPlugins", Bool),
    ("skillListingMaxDescChars", PositiveInt),
    ("skillListingBudgetFraction", Number),
    ("wslInheritsWindowsSettings", Bool),
    ("env", Env),
    ("attribution", Attribution),
    ("attributionProject", Str),
    ("attributionProjectPolicy", Object),
    ("includeCoAuthoredBy", Bool),
    ("includeGitInstructions", Bool),
    ("permissions", Permissions),
    ("model", Str),
    ("fallbackModel", Strings),
    ("availableModels", Strings),
    ("enforceAvailableModels", Bool),
    ("availableModelsMatch", Enum(&["prefix", "exact"])),
    ("deniedModels", Strings),
    ("modelOverrides", StrRecord),
    ("modelPicker", Object),
    ("modelPricing", Object),
    ("modelCatalogUrl", Str),
    ("modelCatalogPublicKey", Str),
    ("enableAllProjectMcpServers", Bool),
    ("enabledMcpjsonServers", Strings),
    ("disabledMcpjsonServers", Strings),
    ("disableClaudeAiConnectors", Bool),
    (
        "skillOverrides",
        EnumRecord(&["on", "name-only", "user-invocable-only", "off"]),
    ),
    ("disableBundledSkills", Bool),
    ("disableDirectMcpSkills", Bool),
    ("hooks", Hooks),
    ("worktree", Object),
    ("disableAllHooks", Bool),
    ("disableReplyCheck", Bool),
    ("disableAgentView", Bool),
    ("disableRemoteControl", Bool),
    ("disableWorkflows", Bool),
    ("disableArtifact", Bool),
    ("enableArtifact", Bool),
    ("enableWorkflows", Bool),
    (
        "workflowSizeGuideline",
        Enum(&["unrestricted", "small", "medium", "large"]),
    ),
    ("workflowKeywordTriggerEnabled", Bool),
    ("disableSkillShellExecution", Bool),
    ("disableWindowsBashCommandSplit", Bool),
    ("defaultShell", Enum(&["bash", "powershell"])),
    ("bashEditDiffEnabled", Bool),
    ("respondToBashCommands", Bool),
    ("allowManagedHooksOnly", Bool),
    ("allowedHttpHookUrls", Strings),
    ("httpHookAllowedEnvVars", Strings),
    ("allowManagedPermissionRulesOnly", Bool),
    ("allowManagedMcpServersOnly", Bool),
    ("allowAllClaudeAiMcps", Bool),
    ("allowClaudeInChromeWithManagedMcp", Bool),
    ("statusLine", Object),
    ("prUrlTemplate", Str),
    ("enabledPlugins", Record),
    ("disableCommandPluginSources", Bool),
    ("disableSideloadFlags", Bool),
    ("pluginSuggestionMarketplaces", Strings),
    ("parentSettingsBehavior", Enum(&["first-wins", "merge"])),
    ("managedSourcesBehavior", Enum(&["first-wins", "merge"])),
    ("allowNestedModelAccessUnderForceLogin", Bool),
    ("forceRemoteSettingsRefresh", Bool),
    ("otelHeadersHelper", Str),
    ("outputStyle", Str),
    ("language", Str),
    ("skipWebFetchPreflight", Bool),
    ("sandbox", Object),
    ("feedbackSurveyRate", Number),
    ("feedbackDrafts", Enum(&["notify", "quiet", "off"])),
    ("spinnerTipsEnabled", Bool),
    ("clawdFileProgressEnabled", Bool),
    ("spinnerVerbs", Object),
    ("syntaxHighlightingDisabled", Bool),
    ("terminalTitleFromRename", Bool),
    ("alwaysThinkingEnabled", Bool),
    ("advisorModel", Str),
    ("fastMode", Bool),
    ("fastModePerSessionOptIn", Bool),
    ("promptSuggestionEnabled", Bool),
    ("emojiCompletionEnabled", Bool),
    ("awaySummaryEnabled", Bool),
    ("responseComparisonEnabled", Bool),
    ("showClearContextOnPlanAccept", Bool),
    ("agent", Str),
    ("companyAnnouncements", Strings),
    ("remote", Object),
    ("autoUpdatesChannel", Enum(&["latest", "stable", "rc"])),
    ("minimumVersion", Str),
    ("requiredMinimumVersion", Str),
    ("requiredMaximumVersion", Str),
    ("downloadsMirrorUrl", Str),
    ("plansDirectory", Str),
    ("tui", Enum(&["default", "fullscreen"])),
    ("voice", Object),
    ("channelsEnabled", Bool),
    ("prefersReducedMotion", Bool),
    ("timeZone", Str),
    ("doneMeansMerged", Bool),
    (
        "totalTokensReminder",
        Enum(&["off", "infinite", "fixed", "countdown", "padded-countdown"]),
    ),
    ("totalTokensReminderBudget", PositiveInt),
    ("totalTokensReminderAfterUserTurn", Bool),
    ("autoMemoryEnabled", Bool),
    ("autoMemoryDirectory", Str),
    ("autoDreamEnabled", Bool),
    ("showThinkingSummaries", Bool),
    ("skipDangerousModePermissionPrompt", Bool),
    ("skipWorkflowUsageWarning", Bool),
    ("disableAutoMode", Enum(&["disable"])),
    ("remoteTools", Object),
    ("claudeMd", Str),
    ("claudeMdExcludes", Strings),
    ("pluginTrustMessage", Str),
    ("verbose", Bool),
    ("autoCompactEnabled", Bool),
    ("precomputeCompactionEnabled", Bool),
    ("idleCompaction", Bool),
    ("switchModelsOnFlag", Bool),
    ("autoContinueAtUsageLimit", Bool),
    ("autoScrollEnabled", Bool),
    ("wheelScrollAccelerationEnabled", Bool),
    ("fileCheckpointingEnabled", Bool),
    ("showTurnDuration", Bool),
    ("showMessageTimestamps", Bool),
    ("terminalProgressBarEnabled", Bool),
    ("todoFeatureEnabled", Bool),
    ("remoteControlAtStartup", Bool),
    ("remoteControl", Object),
    ("isolatePeerMachines", Bool),
    ("daemonColdStart", Enum(&["transient", "ask"])),
    ("autoUploadSessions", Bool),
    ("inputNeededNotifEnabled", Bool),
    ("agentPushNotifEnabled", Bool),
];

#[cfg(test)]
#[path = "schema_tests.rs"]
mod tests;

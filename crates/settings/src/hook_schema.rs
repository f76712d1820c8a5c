//! The checks of a settings file's `hooks` (see [`crate::schema`]), as the reference's loader
//! makes them (tests/conformance/hooksettings).
//!
//! A bad entry of an event other than PreToolUse, PermissionRequest and PreSkillShellCommand
//! is dropped with a warning and the rest of the file loads. A bad entry of one of those three
//! (a hook that may guard what the file allows) keeps the whole file out: the guard's sentence,
//! then the schema's own line for the field.
//!
//! ```text
//! {"PostToolUse": [{"hooks": [{"type": "command"}]}]}
//!   -> warning (hooks.PostToolUse.0.hooks.0): Invalid command hook (command: Invalid input:
//!      expected string, received undefined); entry ignored.
//! {"PreToolUse": [{"matcher": 5, "hooks": [...]}]}
//!   -> error (hooks.PreToolUse.0): Invalid hook matcher (...) — a PreToolUse/PermissionRequest hook ...
//!   -> error (hooks.PreToolUse.0.matcher): Expected string, but received number
//! ```

use serde_json::{Map, Value};

use crate::schema::{type_name, Issue};

/// The events a settings file may name, in the reference's order.
const EVENTS: &[&str] = &[
    "PreToolUse",
    "PostToolUse",
    "PostToolUseFailure",
    "PostToolBatch",
    "Notification",
    "UserPromptSubmit",
    "UserPromptExpansion",
    "SessionStart",
    "SessionEnd",
    "Stop",
    "StopFailure",
    "SubagentStart",
    "SubagentStop",
    "PreCompact",
    "PostCompact",
    "PreModelSwitch",
    "PostModelSwitch",
    "PermissionRequest",
    "PermissionDenied",
    "Setup",
    "TeammateIdle",
    "TaskCreated",
    "TaskCompleted",
    "Elicitation",
    "ElicitationResult",
    "ConfigChange",
    "WorktreeCreate",
    "WorktreeRemove",
    "InstructionsLoaded",
    "CwdChanged",
    "FileChanged",
    "DirectoryAdded",
    "MessageDisplay",
    "PreSkillShellCommand",
];

/// The events whose hooks may guard what the file allows.
const GUARDS: &[&str] = &["PreToolUse", "PermissionRequest", "PreSkillShellCommand"];

const GUARD_NOTE: &str = "a PreToolUse/PermissionRequest hook that cannot be loaded may be what guards the permissions declared beside it, so nothing it sits in is applied until the entry is fixed or removed";

const HOOK_TYPES: &[&str] = &["command", "prompt", "agent", "http", "mcp_tool"];

/// The reference shows at most this many characters of a problem.
const SHOWN: usize = 500;

/// The problems of `doc`'s `hooks`; the entries a warning names are taken out of it.
pub(crate) fn check(doc: &mut Map<String, Value>) -> Vec<Issue> {
    let Some(hooks) = doc.get_mut("hooks") else {
        return Vec::new();
    };
    let mut out = Vec::new();
    match hooks {
        Value::Object(events) => check_events(events, &mut out),
        // An array of matchers may hold guards: the file is out (an empty one only fails
        // the schema).
        Value::Array(items) => {
            if items.is_empty() {
                out.push(Issue::error("hooks", "Expected record, but received array"));
                return out;
            }
            out.push(Issue::error(
                "hooks",
                format!("\"hooks\" must be an object mapping event names to matcher arrays; received array \u{2014} {GUARD_NOTE}."),
            ));
            out.push(Issue::error("hooks", "Expected record, but received array"));
        }
        other => {
            out.push(Issue::warning(
                "hooks",
                format!(
                    "\"hooks\" must be an object mapping event names to matcher arrays; received {}. This field was ignored.",
                    type_name(other)
                ),
            ));
            doc.remove("hooks");
        }
    }
    out
}

/// A guard's problems: its sentence (at `path`), then the schema's line (at `field`).
struct Found {
    guards: Vec<Issue>,
    schema: Vec<Issue>,
    warnings: Vec<Issue>,
}

fn check_events(events: &mut Map<String, Value>, out: &mut Vec<Issue>) {
    let mut found = Found {
        guards: Vec::new(),
        schema: Vec::new(),
        warnings: Vec::new(),
    };
    let names: Vec<String> = events.keys().cloned().collect();
    for name in names {
        let path = format!("hooks.{name}");
        if !EVENTS.contains(&name.as_str()) {
            let text = format!(
                "Unknown hook event \"{name}\" was ignored. Valid events: {}",
                EVENTS.join(", ")
            );
            found.warnings.push(Issue::warning(path, shown(&text)));
            events.remove(&name);
            continue;
        }
        let guard = GUARDS.contains(&name.as_str());
        let Some(value) = events.get_mut(&name) else {
            continue;
        };
        let Value::Array(matchers) = value else {
            let t = type_name(value);
            let problem =
                format!("Hook event \"{name}\" must be an array of matchers; received {t}");
            if guard {
                found.guard(
                    &path,
                    &problem,
                    "",
                    &path,
                    format!("Expected array, but received {t}"),
                );
            } else {
                let text = format!("{problem}. This entry was ignored.");
                found.warnings.push(Issue::warning(path, text));
                events.remove(&name);
            }
            continue;
        };
        check_matchers(&path, guard, matchers, &mut found);
    }
    out.append(&mut found.guards);
    out.append(&mut found.schema);
    out.append(&mut found.warnings);
}

impl Found {
    fn guard(&mut self, path: &str, problem: &str, tail: &str, field: &str, schema: String) {
        let text = format!("{problem} \u{2014} {GUARD_NOTE}.{tail}");
        self.guards.push(Issue::error(path, shown(&text)));
        self.schema.push(Issue::error(field, schema));
    }
}

/// A matcher's problems; for an event that guards nothing, the bad matchers and hook
/// entries are taken out.
fn check_matchers(path: &str, guard: bool, matchers: &mut Vec<Value>, found: &mut Found) {
    let mut keep = Vec::with_capacity(matchers.len());
    for (i, mut m) in std::mem::take(matchers).into_iter().enumerate() {
        let at = format!("{path}.{i}");
        if !m.is_object() {
            let problem = format!(
                "Hook matcher must be an object; received {}",
                described(Some(&m))
            );
            let schema = format!("Expected object, but received {}", type_name(&m));
            match guard {
                true => found.guard(&at, &problem, "", &at, schema),
                false => found
                    .warnings
                    .push(Issue::warning(&at, format!("{problem}; matcher ignored."))),
            }
            continue;
        }
        let hooks = m.get("hooks");
        if !hooks.is_some_and(Value::is_array) {
            let problem = format!(
                "Hook matcher \"hooks\" must be an array of hook entries; received {}",
                described(hooks)
            );
            let schema = format!("Expected array, but received {}", zod_name(hooks));
            match guard {
                true => found.guard(&at, &problem, "", &format!("{at}.hooks"), schema),
                false => found
                    .warnings
                    .push(Issue::warning(&at, format!("{problem}; matcher ignored."))),
            }
            if guard {
                keep.push(m);
            }
            continue;
        }
        let mut entries = Vec::new();
        if let Some(Value::Array(list)) = m.get_mut("hooks") {
            for (j, h) in list.iter().enumerate() {
                if let Some(problem) = entry_problem(h) {
                    entries.push((j, problem));
                }
            }
            if !guard {
                let bad: Vec<usize> = entries.iter().map(|(j, _)| *j).collect();
                let mut j = 0;
                list.retain(|_| {
                    let kept = !bad.contains(&j);
                    j += 1;
                    kept
                });
            }
        }
        if let Some(matcher) = m.get("matcher").filter(|v| !v.is_string() && !v.is_null()) {
            let t = zod_name(Some(matcher));
            let problem = format!(
                "Invalid hook matcher (matcher: Invalid input: expected string, received {t})"
            );
            let schema = format!("Expected string, but received {}", type_name(matcher));
            match guard {
                true => {
                    found.guard(&at, &problem, "", &format!("{at}.matcher"), schema);
                    keep.push(m);
                }
                false => found
                    .warnings
                    .push(Issue::warning(&at, format!("{problem}; matcher ignored."))),
            }
            continue;
        }
        for (j, problem) in entries {
            let entry = format!("{at}.hooks.{j}");
            match problem {
                EntryProblem::Type(t) => {
                    let problem = format!("Unknown hook type \"{t}\"");
                    let valid = format!(" Valid types: {}", HOOK_TYPES.join(", "));
                    let field = format!("{entry}.type");
                    match guard {
                        true => {
                            let quoted: Vec<String> =
                                HOOK_TYPES.iter().map(|t| format!("'{t}'")).collect();
                            let schema = format!(
                                "Invalid discriminator value. Expected {}",
                                quoted.join(" | ")
                            );
                            found.guard(&field, &problem, &valid, &field, schema);
                        }
                        false => found.warnings.push(Issue::warning(
                            field,
                            format!("{problem}; entry ignored.{valid}"),
                        )),
                    }
                }
                EntryProblem::Command(parts) => {
                    let text: Vec<String> = parts
                        .iter()
                        .map(|(key, expected, got)| {
                            format!("{key}: Invalid input: expected {expected}, received {got}")
                        })
                        .collect();
                    let problem = format!("Invalid command hook ({})", text.join("; "));
                    match guard {
                        true => {
                            let (key, expected, got) = &parts[0];
                            let schema = format!("Expected {expected}, but received {got}");
                            found.guard(&entry, &problem, "", &format!("{entry}.{key}"), schema);
                        }
                        false => found
                            .warnings
                            .push(Issue::warning(&entry, format!("{problem}; entry ignored."))),
                    }
                }
            }
        }
        keep.push(m);
    }
    *matchers = keep;
}

/// What is wrong with one hook entry, if anything.
enum EntryProblem {
    /// A type the reference does not know.
    Type(String),
    /// A command hook's fields: (key, what it must be, what it is).
    Command(Vec<(&'static str, &'static str, String)>),
}

fn entry_problem(h: &Value) -> Option<EntryProblem> {
    let kind = h.get("type").and_then(Value::as_str)?;
    if !HOOK_TYPES.contains(&kind) {
        return Some(EntryProblem::Type(kind.to_string()));
    }
    if kind != "command" {
        return None;
    }
    let mut parts = Vec::new();
    let command = h.get("command");
    if !command.is_some_and(Value::is_string) {
        parts.push(("command", "string", zod_name(command).to_string()));
    }
    if let Some(t) = h.get("timeout").filter(|t| !t.is_number()) {
        parts.push(("timeout", "number", zod_name(Some(t)).to_string()));
    }
    (!parts.is_empty()).then_some(EntryProblem::Command(parts))
}

/// A value's type as the schema's own messages name it (`undefined` when missing).
fn zod_name(v: Option<&Value>) -> &'static str {
    v.map_or("undefined", type_name)
}

/// A value as the loader's sentences describe it (`a string`, `undefined`).
fn described(v: Option<&Value>) -> &'static str {
    match v {
        None => "undefined",
        Some(Value::Null) => "null",
        Some(Value::Bool(_)) => "a boolean",
        Some(Value::Number(_)) => "a number",
        Some(Value::String(_)) => "a string",
        Some(Value::Array(_)) => "an array",
        Some(Value::Object(_)) => "an object",
    }
}

/// `text` cut to what the reference shows of a problem.
fn shown(text: &str) -> String {
    let cut: String = text.chars().take(SHOWN).collect();
    cut.trim_end().to_string()
}

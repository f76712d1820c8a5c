//! The `skills` option: a list of skill names or `"all"`. Both documented SDKs check the
//! names before they become `Skill(name)` permission rules, each with its own texts; each
//! face gets its reference's texts (they are interface: a caller may match on them).

use oxagent_core::protocol::stream_json::Face;
use serde_json::Value;

use super::check::{marker, At, Checked, Marker};
use crate::OptionsErrorKind as K;

pub(super) fn check(at: &At<'_>, v: &Value) -> Checked<()> {
    let names = match v {
        Value::Null => return Ok(()),
        Value::String(s) if s == "all" => return Ok(()),
        Value::Array(names) => names,
        _ => return Err(not_a_list(at, v)),
    };
    for name in names {
        match at.face {
            Face::Python => python_name(at, name)?,
            Face::Node => node_name(at, name)?,
        }
    }
    Ok(())
}

fn not_a_list(at: &At<'_>, v: &Value) -> super::OptionsError {
    match at.face {
        // The Python reference's text.
        Face::Python => {
            let hint = match v {
                Value::String(_) => format!(" Did you mean [{}]?", py_repr(v)),
                _ => String::new(),
            };
            at.error(
                K::Type,
                format!(
                    "ClaudeAgentOptions.skills must be a list of skill names or \"all\", got {}.{hint}",
                    py_repr(v)
                ),
            )
        }
        Face::Node => at.type_error("a list of skill names or \"all\"", v),
    }
}

/// The Python reference's checks and texts.
fn python_name(at: &At<'_>, v: &Value) -> Checked<()> {
    let Value::String(name) = v else {
        let message = format!(
            "Skill names must be strings, got {}: {}",
            py_type(v),
            py_repr(v)
        );
        return Err(at.error(K::Type, message));
    };
    let is_space = |c: char| c.is_whitespace() || ('\x1c'..='\x1f').contains(&c);
    let stripped = name.trim_matches(is_space);
    let r = py_repr(v);
    let problem = if stripped.is_empty() {
        return Err(at.error(K::Value, "Skill names must be non-empty strings"));
    } else if stripped != name {
        format!("Invalid skill name {r}: leading or trailing whitespace can never match — the Skill tool trims the invoked name.")
    } else if name
        .chars()
        .any(|c| "(),".contains(c) || c.is_control() || c == '\u{feff}')
    {
        format!("Invalid skill name {r}: parentheses, commas, control characters, and byte-order marks are not allowed. Names match the skill's directory name, or 'plugin:skill' for plugin-qualified skills.")
    } else if name == "*" {
        "Invalid skill name '*': use skills=\"all\" to enable every skill.".to_string()
    } else if name.ends_with(":*") || name.ends_with(" *") {
        format!("Invalid skill name {r}: wildcard-suffix names are not allowed; list each skill by its exact name.")
    } else if name.starts_with('/') {
        format!("Invalid skill name {r}: skill names may not start with '/'. The skills option takes the canonical name, not the slash-command form.")
    } else if name.contains("\\\\") {
        format!("Invalid skill name {r}: consecutive backslashes are not allowed — the per-rule parser collapses them, so the rule would name a different skill.")
    } else if name.ends_with('\\') {
        format!("Invalid skill name {r}: names may not end with an unpaired backslash.")
    } else {
        return Ok(());
    };
    Err(at.error(K::Value, problem))
}

/// The TypeScript reference's checks and texts.
fn node_name(at: &At<'_>, v: &Value) -> Checked<()> {
    let is_space = |c: char| c.is_whitespace() || c == '\u{feff}';
    let name = match v {
        Value::String(name) if !name.trim_matches(is_space).is_empty() => name,
        Value::String(_) => {
            return Err(at.error(K::Value, "Skill names must be non-empty strings."))
        }
        _ => return Err(at.error(K::Type, "Skill names must be non-empty strings.")),
    };
    let r = serde_json::to_string(name).unwrap_or_default();
    let problem = if name.trim_matches(is_space) != name {
        format!("Invalid skill name {r}: leading or trailing whitespace is not allowed — the Skill tool trims the invoked name, so a padded rule can never match. Remove the padding.")
    } else if name.chars().any(|c| "(),".contains(c) || c.is_control()) {
        format!("Invalid skill name {r}: parentheses, commas, and control characters are not allowed in skill names. Skill names match the skill's directory name (or 'plugin:skill' for plugin-qualified skills); rename the skill if its directory name contains these characters.")
    } else if name == "*" {
        "Invalid skill name '*': use skills: 'all' to enable every skill.".to_string()
    } else if name.ends_with(":*") || name.ends_with(" *") || name.ends_with("__*") {
        format!("Invalid skill name {r}: wildcard-suffix names are not allowed; list each skill by its exact name.")
    } else if name.starts_with('/') {
        format!("Invalid skill name {r}: skill names may not start with '/'. Skills are invoked as slash commands, but the skills option takes the skill's canonical name — the directory name, or 'plugin:skill'.")
    } else if name.contains("\\\\") {
        format!("Invalid skill name {r}: consecutive backslashes are not allowed — the permission-rule parser collapses escaped backslashes, so the rule would name a different skill. Rename the skill.")
    } else if name.ends_with('\\') {
        format!("Invalid skill name {r}: names may not end with an unpaired backslash.")
    } else {
        return Ok(());
    };
    Err(at.error(K::Value, problem))
}

/// The Python type name of a value the Python face sent.
pub(super) fn py_type(v: &Value) -> String {
    match (v, marker(v)) {
        (_, Some(Marker::Callable(_))) => "function".into(),
        (_, Some(Marker::Object(t))) => t.into(),
        (_, Some(Marker::Number(_))) => "float".into(),
        (Value::Null, _) => "NoneType".into(),
        (Value::Bool(_), _) => "bool".into(),
        (Value::Number(n), _) if n.is_f64() => "float".into(),
        (Value::Number(_), _) => "int".into(),
        (Value::String(_), _) => "str".into(),
        (Value::Array(_), _) => "list".into(),
        (Value::Object(_), _) => "dict".into(),
    }
}

/// How Python's `repr` shows a value the Python face sent (markers by their type).
pub(super) fn py_repr(v: &Value) -> String {
    match (v, marker(v)) {
        (_, Some(Marker::Number(n))) => match n {
            "Infinity" => "inf".into(),
            "-Infinity" => "-inf".into(),
            _ => "nan".into(),
        },
        (_, Some(_)) => format!("<{}>", py_type(v)),
        (Value::Null, _) => "None".into(),
        (Value::Bool(true), _) => "True".into(),
        (Value::Bool(false), _) => "False".into(),
        (Value::Number(n), _) => n.to_string(),
        (Value::String(s), _) => py_str_repr(s),
        (Value::Array(a), _) => {
            format!("[{}]", a.iter().map(py_repr).collect::<Vec<_>>().join(", "))
        }
        (Value::Object(m), _) => {
            let items: Vec<String> = m
                .iter()
                .map(|(k, x)| format!("{}: {}", py_str_repr(k), py_repr(x)))
                .collect();
            format!("{{{}}}", items.join(", "))
        }
    }
}

fn py_str_repr(s: &str) -> String {
    let quote = if s.contains('\'') && !s.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::from(quote);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&format!("\\x{:02x}", c as u32))
            }
            c => out.push(c),
        }
    }
    out.push(quote);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn python_repr_of_sent_values() {
        assert_eq!(py_repr(&json!("it's")), "\"it's\"");
        assert_eq!(
            py_repr(&json!(["a", 1, null, true])),
            "['a', 1, None, True]"
        );
        assert_eq!(py_repr(&json!({"$object": "set"})), "<set>");
        assert_eq!(py_type(&json!(1.5)), "float");
    }
}

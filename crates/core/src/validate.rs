//! Checks a tool input against the tool's JSON Schema before the call, and words the failure
//! the way the model is used to reading it.
//!
//! ```
//! use oxagent_core::validate::validate_input;
//! let schema = serde_json::json!({"type": "object", "properties": {"file_path": {"type": "string"}},
//!     "required": ["file_path"], "additionalProperties": false});
//! let err = validate_input("Read", &schema, &serde_json::json!({})).unwrap_err();
//! assert_eq!(err.model_text, "<tool_use_error>InputValidationError: Read failed due to the following issue:\nThe required parameter `file_path` is missing</tool_use_error>");
//! ```

use serde_json::{json, Value};

/// A rejected input: the text the model reads and the structured issue list the caller sees.
#[derive(Debug, Clone, PartialEq)]
pub struct InputError {
    pub model_text: String,
    pub caller_text: String,
}

struct Issue {
    /// The sentence the model reads; `None` when the issue has none of its own: alone (or
    /// with only such issues) the model reads the issue list, beside issues that have one it
    /// reads "The parameter `path` is invalid: message".
    model: Option<String>,
    caller: Value,
    /// Where the model reads it: missing parameters first, then unexpected ones, then the
    /// rest (the caller's list keeps the schema's order).
    rank: u8,
}

const MISSING: u8 = 0;
const UNEXPECTED: u8 = 1;
const OTHER: u8 = 2;

/// JavaScript's largest safe integer, the bound of an int field.
const MAX_SAFE_INTEGER: f64 = 9007199254740991.0;

/// A JSON value's type as JavaScript's validators name it (`null`, `boolean`, `array`, ...).
pub fn json_type(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

fn type_matches(expected: &str, v: &Value) -> bool {
    match expected {
        "integer" => v.as_i64().is_some() || v.as_u64().is_some(),
        "number" => v.is_number(),
        other => json_type(v) == other,
    }
}

fn check(schema: &Value, value: &Value, path: &mut Vec<String>, issues: &mut Vec<Issue>) {
    if let Some(expected) = schema.get("type").and_then(Value::as_str) {
        // A whole number past JavaScript's safe integers is out of an int's range
        // (fb_t_number_spellings); the issue has no sentence of its own.
        let whole = value.as_f64().filter(|f| f.fract() == 0.0);
        if let (true, Some(f)) = (expected == "integer", whole) {
            if f.abs() > MAX_SAFE_INTEGER {
                let (code, bound, word, op) = if f > 0.0 {
                    ("too_big", "maximum", "big", "<=")
                } else {
                    ("too_small", "minimum", "small", ">=")
                };
                let limit = if f > 0.0 {
                    9007199254740991i64
                } else {
                    -9007199254740991
                };
                issues.push(Issue {
                    model: None,
                    caller: json!({"code": code, bound: limit,
                        "note": "Integers must be within the safe integer range.", "origin": "int",
                        "inclusive": true, "path": path,
                        "message": format!("Too {word}: expected int to be {op}{limit}")}),
                    rank: OTHER,
                });
                return;
            }
        }
        // An integer field takes any number first: a fraction is then named as not an int.
        if expected == "integer" && value.is_number() && !type_matches(expected, value) {
            let name = path.join(".");
            issues.push(Issue {
                model: Some(format!(
                    "The parameter `{name}` type is expected as `int` but provided as `number`"
                )),
                caller: json!({"expected": "int", "format": "safeint", "code": "invalid_type",
                    "path": path, "message": "Invalid input: expected int, received number"}),
                rank: OTHER,
            });
            return;
        }
        if !type_matches(expected, value) {
            let expected = if expected == "integer" {
                "number"
            } else {
                expected
            };
            let name = path.join(".");
            issues.push(Issue {
                model: Some(format!(
                    "The parameter `{name}` type is expected as `{expected}` but provided as `{}`",
                    json_type(value)
                )),
                caller: json!({"expected": expected, "code": "invalid_type", "path": path,
                    "message": format!("Invalid input: expected {expected}, received {}", json_type(value))}),
                rank: OTHER,
            });
            return;
        }
    }
    if let Some(branches) = schema.get("anyOf").and_then(Value::as_array) {
        let mut errors = Vec::new();
        for branch in branches {
            let mut found = Vec::new();
            check(branch, value, &mut Vec::new(), &mut found);
            if found.is_empty() {
                errors.clear();
                break;
            }
            errors.push(Value::Array(found.into_iter().map(|i| i.caller).collect()));
        }
        if !errors.is_empty() {
            issues.push(Issue {
                model: None,
                caller: json!({"code": "invalid_union", "errors": errors, "path": path,
                    "message": "Invalid input"}),
                rank: OTHER,
            });
            return;
        }
    }
    if let Some(constant) = schema.get("const") {
        if constant != value {
            issues.push(Issue {
                model: None,
                caller: json!({"code": "invalid_value", "values": [constant], "path": path,
                    "message": format!("Invalid input: expected {constant}")}),
                rank: OTHER,
            });
        }
    }
    if let (Some(min), Some(text)) = (
        schema.get("minLength").and_then(Value::as_u64),
        value.as_str(),
    ) {
        if (text.encode_utf16().count() as u64) < min {
            issues.push(Issue {
                model: None,
                caller: json!({"origin": "string", "code": "too_small", "minimum": min,
                    "inclusive": true, "path": path,
                    "message": format!("Too small: expected string to have >={min} characters")}),
                rank: OTHER,
            });
        }
    }
    if let (Some("uri"), Some(text)) =
        (schema.get("format").and_then(Value::as_str), value.as_str())
    {
        if !is_url(text) {
            issues.push(Issue {
                model: None,
                caller: json!({"code": "invalid_format", "format": "url", "path": path,
                    "message": "Invalid URL"}),
                rank: OTHER,
            });
        }
    }
    if let Some(options) = schema.get("enum").and_then(Value::as_array) {
        if !options.contains(value) {
            let listed: Vec<String> = options.iter().map(|o| o.to_string()).collect();
            issues.push(Issue {
                model: None,
                caller: json!({"code": "invalid_value", "values": options, "path": path,
                    "message": format!("Invalid option: expected one of {}", listed.join("|"))}),
                rank: OTHER,
            });
        }
    }
    let Some(obj) = value.as_object() else { return };
    let props = schema.get("properties").and_then(Value::as_object);
    let required: Vec<&str> = schema
        .get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    // The schema's properties in order, each missing or checked; then required keys the
    // properties do not list.
    let listed = props
        .into_iter()
        .flatten()
        .map(|(k, sub)| (k.as_str(), Some(sub)));
    let unlisted = required
        .iter()
        .filter(|k| props.is_none_or(|p| !p.contains_key(**k)))
        .map(|k| (*k, None));
    for (key, sub) in listed.chain(unlisted) {
        match (obj.get(key), sub) {
            (Some(v), Some(sub)) => {
                path.push(key.to_string());
                check(sub, v, path, issues);
                path.pop();
            }
            (None, _) if required.contains(&key) => {
                let mut p = path.clone();
                p.push(key.to_string());
                let expected = sub
                    .and_then(|s| s.get("type"))
                    .and_then(Value::as_str)
                    .unwrap_or("value");
                issues.push(Issue {
                    model: Some(format!("The required parameter `{}` is missing", p.join("."))),
                    caller: json!({"expected": expected, "code": "invalid_type", "path": p,
                        "message": format!("Invalid input: expected {expected}, received undefined")}),
                    rank: MISSING,
                });
            }
            _ => {}
        }
    }
    if schema.get("additionalProperties") == Some(&Value::Bool(false)) {
        let extra: Vec<&String> = obj
            .keys()
            .filter(|k| props.is_none_or(|p| !p.contains_key(*k)))
            .collect();
        if !extra.is_empty() {
            let model = extra
                .iter()
                .map(|k| format!("An unexpected parameter `{k}` was provided"))
                .collect::<Vec<_>>()
                .join("\n");
            let quoted: Vec<String> = extra.iter().map(|k| format!("\"{k}\"")).collect();
            let noun = if extra.len() == 1 { "key" } else { "keys" };
            issues.push(Issue {
                model: Some(model),
                caller: json!({"code": "unrecognized_keys", "keys": extra, "path": path,
                    "message": format!("Unrecognized {noun}: {}", quoted.join(", "))}),
                rank: UNEXPECTED,
            });
        }
    }
}

/// Whether `text` is an absolute URL with a scheme (any scheme: `file:///x` and `ftp://h/`
/// are URLs), as a URL parser reads it.
fn is_url(text: &str) -> bool {
    let Some((scheme, rest)) = text.split_once(':') else {
        return false;
    };
    let mut chars = scheme.chars();
    let scheme_ok = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    if !scheme_ok || text.chars().any(|c| c.is_whitespace() && c != ' ') {
        return false;
    }
    // Special schemes need a host after the slashes.
    let special = matches!(
        scheme.to_ascii_lowercase().as_str(),
        "http" | "https" | "ws" | "wss" | "ftp"
    );
    if special {
        let host = rest
            .trim_start_matches(['/', '\\'])
            .split(['/', '\\', '?', '#'])
            .next()
            .unwrap_or("");
        let host = host.rsplit('@').next().unwrap_or("");
        return !host.is_empty() && !host.contains(' ');
    }
    true
}

/// The number a string spells in decimal: digits with an optional sign and an optional
/// fraction, spaces around allowed (`" 2"`, `"+2"`, `"2.0"`, `"07"`); not `"1e1"`, `".5"`,
/// `"5."`, `"0x10"`, `"1_000"`, `"Infinity"` or `""`, which stay strings.
fn spelt_number(text: &str) -> Option<Value> {
    let t = text.trim();
    let digits = t.strip_prefix(['+', '-']).unwrap_or(t);
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, "0"));
    let all_digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !all_digits(whole) || !all_digits(fraction) {
        return None;
    }
    let n: f64 = t.parse().ok()?;
    if n.fract() == 0.0 && n.abs() < 9.2e18 {
        return Some(Value::from(n as i64));
    }
    serde_json::Number::from_f64(n).map(Value::Number)
}

/// What a value is, as the reference's schema checks (zod) name what they received:
/// `undefined` for a missing value.
pub fn received_kind(v: Option<&Value>) -> &'static str {
    match v {
        None => "undefined",
        Some(Value::Null) => "null",
        Some(Value::Bool(_)) => "boolean",
        Some(Value::Number(_)) => "number",
        Some(Value::String(_)) => "string",
        Some(Value::Array(_)) => "array",
        Some(Value::Object(_)) => "object",
    }
}

/// `input` with the string spellings of numbers and booleans turned into the values they
/// spell, for the top-level properties whose schema wants a number, an integer or a
/// boolean (`"2"` -> `2`, `"true"` -> `true`), as tool inputs are read before validation.
pub fn coerce_input(schema: &Value, input: &Value) -> Value {
    coerce(schema, input, true)
}

/// [`coerce_input`] as the stored call shows it: a number given as a list of one stays a list
/// there (the tool still reads the number; fb_091).
pub fn coerce_input_stored(schema: &Value, input: &Value) -> Value {
    coerce(schema, input, false)
}

fn coerce(schema: &Value, input: &Value, unwrap_lists: bool) -> Value {
    let (Some(props), Value::Object(given)) =
        (schema.get("properties").and_then(Value::as_object), input)
    else {
        return input.clone();
    };
    let mut out = given.clone();
    for (key, value) in out.iter_mut() {
        let Some(kind) = props
            .get(key)
            .and_then(|p| p.get("type"))
            .and_then(Value::as_str)
        else {
            continue;
        };
        // A number given as a list of one is that number (`[2]`, `["3"]`; fb_t_number_spellings).
        if unwrap_lists && matches!(kind, "integer" | "number") {
            if let Some([only]) = value.as_array().map(Vec::as_slice) {
                if only.is_number() || only.is_string() {
                    *value = only.clone();
                }
            }
        }
        let Some(text) = value.as_str() else {
            continue;
        };
        let coerced = match kind {
            "integer" | "number" => spelt_number(text),
            "boolean" => match text {
                "true" => Some(Value::Bool(true)),
                "false" => Some(Value::Bool(false)),
                _ => None,
            },
            _ => None,
        };
        if let Some(v) = coerced {
            *value = v;
        }
    }
    Value::Object(out)
}

/// The key under which a tool input that is not JSON is kept.
pub const UNPARSED_KEY: &str = "__unparsedToolInput";
/// How much of such an input is kept.
const UNPARSED_KEPT: usize = 2048;

/// A tool input the model wrote that is not JSON, as the reference keeps it: its first
/// 2,048 characters and its length.
pub fn unparsed_input(raw: &str) -> Value {
    let kept: String = raw.chars().take(UNPARSED_KEPT).collect();
    json!({UNPARSED_KEY: {"raw": kept, "len": raw.encode_utf16().count()}})
}

/// The keys a top-level input that is not an object is checked by: a string's or an
/// array's indices, nothing for a number or a boolean (as the reference reads them).
fn as_object_view(input: &Value) -> Value {
    let entries: serde_json::Map<String, Value> = match input {
        Value::String(s) => s
            .chars()
            .enumerate()
            .map(|(i, c)| (i.to_string(), Value::String(c.to_string())))
            .collect(),
        Value::Array(items) => items
            .iter()
            .enumerate()
            .map(|(i, v)| (i.to_string(), v.clone()))
            .collect(),
        _ => Default::default(),
    };
    Value::Object(entries)
}

/// Validates `input` against `schema` (the subset of JSON Schema tool inputs use: type,
/// properties, required, additionalProperties, enum, nested objects).
pub fn validate_input(tool: &str, schema: &Value, input: &Value) -> Result<(), InputError> {
    if let Some(unparsed) = input.get(UNPARSED_KEY) {
        let raw = unparsed.get("raw").and_then(Value::as_str).unwrap_or("");
        let len = unparsed.get("len").and_then(Value::as_u64).unwrap_or(0);
        let shown = raw.encode_utf16().count();
        return Err(InputError {
            model_text: format!(
                "<tool_use_error>InputValidationError: {tool} was called with input that could not be parsed as JSON.\nYou sent (first {shown} of {len} bytes): {raw}\nCommon causes: unescaped backslashes in file paths (use / or \\\\), unescaped control characters, or truncated output. Retry with valid JSON.</tool_use_error>"
            ),
            caller_text: format!("InputValidationError: JSON parse failed ({len} bytes)"),
        });
    }
    let view;
    let input = if input.is_object() {
        input
    } else {
        view = as_object_view(input);
        &view
    };
    let mut issues = Vec::new();
    check(schema, input, &mut Vec::new(), &mut issues);
    if issues.is_empty() {
        return Ok(());
    }
    let plural = if issues.len() == 1 { "issue" } else { "issues" };
    let mut ranked: Vec<&Issue> = issues.iter().collect();
    // Among the rest, the issues read with the generic sentence come last (fb_t_issue_order).
    ranked.sort_by_key(|i| (i.rank, i.model.is_none()));
    // Issues without a sentence of their own are read as the list unless another issue has
    // one; then each gets the generic sentence.
    let model_lines: Option<Vec<String>> = if ranked.iter().any(|i| i.model.is_some()) {
        Some(
            ranked
                .iter()
                .map(|i| {
                    i.model.clone().unwrap_or_else(|| {
                        let name: Vec<String> = i.caller["path"]
                            .as_array()
                            .into_iter()
                            .flatten()
                            .map(|p| p.as_str().map_or_else(|| p.to_string(), str::to_string))
                            .collect();
                        format!(
                            "The parameter `{}` is invalid: {}",
                            name.join("."),
                            i.caller["message"].as_str().unwrap_or("")
                        )
                    })
                })
                .collect(),
        )
    } else {
        None
    };
    let callers: Vec<Value> = issues.into_iter().map(|i| i.caller).collect();
    let pretty = serde_json::to_string_pretty(&callers).unwrap_or_default();
    let caller_text = format!("InputValidationError: {}", pretty);
    // An issue without a sentence (a value outside an enum) shows the model the issue list.
    let model_text = match model_lines {
        Some(lines) => format!(
            "<tool_use_error>InputValidationError: {tool} failed due to the following {plural}:\n{}</tool_use_error>",
            lines.join("\n")
        ),
        None => format!("<tool_use_error>{caller_text}</tool_use_error>"),
    };
    Err(InputError {
        model_text,
        caller_text,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_schema() -> Value {
        json!({"type": "object", "properties": {"file_path": {"type": "string"},
            "offset": {"type": "integer"}}, "required": ["file_path"], "additionalProperties": false})
    }

    #[test]
    fn wrong_type_is_named() {
        let schema = json!({"type": "object", "properties": {"command": {"type": "string"}},
            "required": ["command"]});
        let err = validate_input("Bash", &schema, &json!({"command": 123})).unwrap_err();
        assert_eq!(err.model_text, "<tool_use_error>InputValidationError: Bash failed due to the following issue:\nThe parameter `command` type is expected as `string` but provided as `number`</tool_use_error>");
        assert_eq!(err.caller_text, "InputValidationError: [\n  {\n    \"expected\": \"string\",\n    \"code\": \"invalid_type\",\n    \"path\": [\n      \"command\"\n    ],\n    \"message\": \"Invalid input: expected string, received number\"\n  }\n]");
    }

    #[test]
    fn issues_read_missing_then_unexpected_then_types() {
        // vc_inv_edit_multi_issues: the caller's list keeps the schema's order.
        let schema = json!({"type": "object", "properties": {"file_path": {"type": "string"},
            "old_string": {"type": "string"}}, "required": ["file_path", "old_string"],
            "additionalProperties": false});
        let err = validate_input("Edit", &schema, &json!({"file_path": 1, "foo": 1})).unwrap_err();
        assert_eq!(err.model_text, "<tool_use_error>InputValidationError: Edit failed due to the following issues:\nThe required parameter `old_string` is missing\nAn unexpected parameter `foo` was provided\nThe parameter `file_path` type is expected as `string` but provided as `number`</tool_use_error>");
        let order: Vec<&str> = ["file_path", "old_string", "unrecognized"]
            .into_iter()
            .filter(|k| err.caller_text.contains(k))
            .collect();
        assert_eq!(order.len(), 3);
        let at = |k: &str| err.caller_text.find(k).unwrap();
        assert!(
            at("\"file_path\"") < at("\"old_string\"") && at("\"old_string\"") < at("unrecognized")
        );
    }

    #[test]
    fn input_that_is_not_json_or_not_an_object() {
        let raw = unparsed_input("{\"file_path\": \"a");
        let err = validate_input("Read", &read_schema(), &raw).unwrap_err();
        assert!(err.model_text.starts_with("<tool_use_error>InputValidationError: Read was called with input that could not be parsed as JSON.\nYou sent (first 16 of 16 bytes): {\"file_path\": \"a\n"));
        assert_eq!(
            err.caller_text,
            "InputValidationError: JSON parse failed (16 bytes)"
        );
        // A string is read by its characters' indices, a number by no keys.
        let s = validate_input("Read", &read_schema(), &json!("ab")).unwrap_err();
        assert!(s.model_text.ends_with("The required parameter `file_path` is missing\nAn unexpected parameter `0` was provided\nAn unexpected parameter `1` was provided</tool_use_error>"));
        let n = validate_input("Read", &read_schema(), &json!(42)).unwrap_err();
        assert!(n
            .model_text
            .ends_with(":\nThe required parameter `file_path` is missing</tool_use_error>"));
    }

    #[test]
    fn unexpected_key_is_named() {
        let err = validate_input(
            "Read",
            &read_schema(),
            &json!({"file_path": "a", "bogus": true}),
        )
        .unwrap_err();
        assert_eq!(err.model_text, "<tool_use_error>InputValidationError: Read failed due to the following issue:\nAn unexpected parameter `bogus` was provided</tool_use_error>");
        assert_eq!(err.caller_text, "InputValidationError: [\n  {\n    \"code\": \"unrecognized_keys\",\n    \"keys\": [\n      \"bogus\"\n    ],\n    \"path\": [],\n    \"message\": \"Unrecognized key: \\\"bogus\\\"\"\n  }\n]");
    }

    #[test]
    fn ints_past_the_safe_range_and_generic_issues_last() {
        let err = validate_input(
            "Read",
            &read_schema(),
            &json!({"file_path": "a", "offset": 1e300}),
        )
        .unwrap_err();
        assert!(
            err.model_text.contains("\"code\": \"too_big\""),
            "{}",
            err.model_text
        );
        assert!(err
            .model_text
            .contains("Too big: expected int to be <=9007199254740991"));
        let schema = json!({"type": "object", "properties": {"mode": {"enum": ["a", "b"]},
            "n": {"type": "boolean"}}});
        let err = validate_input("Grep", &schema, &json!({"mode": "x", "n": "y"})).unwrap_err();
        let lines: Vec<&str> = err.model_text.lines().collect();
        assert!(
            lines[1].starts_with("The parameter `n` type is expected"),
            "{lines:?}"
        );
        assert!(
            lines[2].starts_with("The parameter `mode` is invalid"),
            "{lines:?}"
        );
    }

    #[test]
    fn spelt_numbers_and_booleans_are_coerced() {
        let schema = json!({"type": "object", "properties": {"offset": {"type": "integer"},
            "all": {"type": "boolean"}, "name": {"type": "string"}}});
        let input = json!({"offset": "2", "all": "true", "name": "3"});
        assert_eq!(
            coerce_input(&schema, &input),
            json!({"offset": 2, "all": true, "name": "3"})
        );
        assert_eq!(
            coerce_input(&schema, &json!({"offset": "x"})),
            json!({"offset": "x"})
        );
        for (given, read) in [
            (" 2", json!(2)),
            ("+2", json!(2)),
            ("2.0", json!(2)),
            ("07", json!(7)),
            ("-3", json!(-3)),
            ("1e1", json!("1e1")),
            (".5", json!(".5")),
            ("5.", json!("5.")),
            ("0x10", json!("0x10")),
            ("", json!("")),
            ("NaN", json!("NaN")),
        ] {
            assert_eq!(
                coerce_input(&schema, &json!({"offset": given})),
                json!({"offset": read}),
                "{given}"
            );
        }
        for (given, read) in [
            (json!([2]), json!(2)),
            (json!(["3"]), json!(3)),
            (json!([1, 2]), json!([1, 2])),
            (json!([]), json!([])),
        ] {
            assert_eq!(
                coerce_input(&schema, &json!({"offset": given})),
                json!({"offset": read})
            );
        }
    }

    #[test]
    fn a_fraction_is_not_an_int_and_null_is_not_a_number() {
        let err = validate_input(
            "Read",
            &read_schema(),
            &json!({"file_path": "a", "offset": 1.5}),
        )
        .unwrap_err();
        assert!(err
            .model_text
            .contains("expected as `int` but provided as `number`"));
        assert!(err.caller_text.contains("\"format\": \"safeint\""));
        let err = validate_input(
            "Read",
            &read_schema(),
            &json!({"file_path": "a", "offset": null}),
        )
        .unwrap_err();
        assert!(err
            .model_text
            .contains("expected as `number` but provided as `null`"));
    }

    #[test]
    fn an_enum_miss_shows_the_issue_list() {
        let schema = json!({"type": "object", "properties": {"mode": {"enum": ["a", "b"]}}});
        let err = validate_input("Grep", &schema, &json!({"mode": "c"})).unwrap_err();
        assert_eq!(
            err.model_text,
            format!("<tool_use_error>{}</tool_use_error>", err.caller_text)
        );
    }

    #[test]
    fn valid_input_passes() {
        assert!(validate_input(
            "Read",
            &read_schema(),
            &json!({"file_path": "a", "offset": 3})
        )
        .is_ok());
    }

    fn web_schema() -> Value {
        json!({"type": "object", "properties": {"url": {"type": "string", "format": "uri"},
            "query": {"type": "string", "minLength": 2},
            "status": {"anyOf": [{"type": "string", "enum": ["pending", "done"]},
                {"type": "string", "const": "deleted"}]}},
            "additionalProperties": false})
    }

    #[test]
    fn a_url_format_a_min_length_and_a_union_are_checked() {
        let err = validate_input("T", &web_schema(), &json!({"url": "not a url"})).unwrap_err();
        assert_eq!(err.caller_text, "InputValidationError: [\n  {\n    \"code\": \"invalid_format\",\n    \"format\": \"url\",\n    \"path\": [\n      \"url\"\n    ],\n    \"message\": \"Invalid URL\"\n  }\n]");
        // Alone, an issue without a sentence of its own is read as the list.
        assert_eq!(
            err.model_text,
            format!("<tool_use_error>{}</tool_use_error>", err.caller_text)
        );
        for url in ["file:///etc/x", "ftp://h/f", "https://a.b/c?d"] {
            assert!(
                validate_input("T", &web_schema(), &json!({"url": url})).is_ok(),
                "{url}"
            );
        }
        let err = validate_input("T", &web_schema(), &json!({"query": "a"})).unwrap_err();
        assert!(err.caller_text.contains("\"origin\": \"string\",\n    \"code\": \"too_small\",\n    \"minimum\": 2,\n    \"inclusive\": true"));
        assert!(err
            .caller_text
            .contains("\"message\": \"Too small: expected string to have >=2 characters\""));
        assert!(validate_input("T", &web_schema(), &json!({"query": "ab"})).is_ok());
        assert!(validate_input("T", &web_schema(), &json!({"status": "deleted"})).is_ok());
        let err = validate_input("T", &web_schema(), &json!({"status": "gone"})).unwrap_err();
        let issues: Value =
            serde_json::from_str(err.caller_text.trim_start_matches("InputValidationError: "))
                .unwrap();
        assert_eq!(
            issues,
            json!([{"code": "invalid_union", "errors": [
                [{"code": "invalid_value", "values": ["pending", "done"], "path": [],
                  "message": "Invalid option: expected one of \"pending\"|\"done\""}],
                [{"code": "invalid_value", "values": ["deleted"], "path": [],
                  "message": "Invalid input: expected \"deleted\""}]],
                "path": ["status"], "message": "Invalid input"}])
        );
    }

    #[test]
    fn beside_a_worded_issue_the_others_get_the_generic_sentence() {
        let err = validate_input(
            "WebFetch",
            &web_schema(),
            &json!({"url": "x y", "extra": 1}),
        )
        .unwrap_err();
        assert_eq!(err.model_text, "<tool_use_error>InputValidationError: WebFetch failed due to the following issues:\nAn unexpected parameter `extra` was provided\nThe parameter `url` is invalid: Invalid URL</tool_use_error>");
    }
}

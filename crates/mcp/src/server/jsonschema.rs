//! Arguments checked against a tool's JSON Schema the way the Python SDK checks them
//! (`jsonschema.validate`): every error is found, and the one reported is the one jsonschema's
//! `best_match` picks, worded as jsonschema words it.
//!
//! ```text
//! {"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a", "b"]}
//!   {"a": "x"}          -> 'b' is a required property        (shallower errors win)
//!   {"a": "x", "b": 1}  -> 'x' is not of type 'integer'
//! ```
//!
//! Covered keywords: type, properties, required, additionalProperties, items, enum, const,
//! minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf, minLength, maxLength,
//! minItems, maxItems, uniqueItems, pattern, anyOf, oneOf, allOf, not. Others are not checked.

use std::cmp::Ordering;

use regex_automata::meta::Regex;
use serde_json::{Map, Value};

use super::pyrepr::repr;

/// The message of the error jsonschema would report, or `None` when `instance` is valid.
pub(crate) fn best_error(instance: &Value, schema: &Value) -> Option<String> {
    let errors = errors(instance, schema, &[]);
    best_match(errors).map(|e| e.message)
}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Step {
    Key(String),
    Index(usize),
}

#[derive(Debug)]
struct Error {
    path: Vec<Step>,
    /// anyOf and oneOf lose to other errors at the same place.
    weak: bool,
    /// Whether the instance has the type the failing (sub)schema asks for.
    matches_type: bool,
    message: String,
    /// The errors of the alternatives, for anyOf and oneOf.
    context: Vec<Error>,
}

/// jsonschema's `relevance`: the larger, the better the match.
fn relevance(a: &Error, b: &Error) -> Ordering {
    (b.path.len())
        .cmp(&a.path.len())
        .then_with(|| a.path.cmp(&b.path))
        .then_with(|| (!a.weak).cmp(&!b.weak))
        .then_with(|| (!a.matches_type).cmp(&!b.matches_type))
}

/// jsonschema's `best_match`: the most relevant error (the first of equals), then down into
/// its alternatives while one of them stands out.
fn best_match(errors: Vec<Error>) -> Option<Error> {
    let mut best: Option<Error> = None;
    for e in errors {
        match &best {
            Some(b) if relevance(&e, b) != Ordering::Greater => {}
            _ => best = Some(e),
        }
    }
    let mut best = best?;
    while !best.context.is_empty() {
        let mut context = std::mem::take(&mut best.context);
        // The two least relevant, the first of equals first.
        let mut order: Vec<usize> = (0..context.len()).collect();
        order.sort_by(|&i, &j| relevance(&context[i], &context[j]).then(i.cmp(&j)));
        if order.len() >= 2 && relevance(&context[order[0]], &context[order[1]]) == Ordering::Equal
        {
            return Some(best);
        }
        best = context.swap_remove(order[0]);
    }
    Some(best)
}

fn is_type(instance: &Value, name: &str) -> bool {
    match name {
        "null" => instance.is_null(),
        "boolean" => instance.is_boolean(),
        "string" => instance.is_string(),
        "array" => instance.is_array(),
        "object" => instance.is_object(),
        "number" => instance.is_number(),
        "integer" => match instance {
            Value::Number(n) if n.is_f64() => n.as_f64().is_some_and(|f| f.fract() == 0.0),
            Value::Number(_) => true,
            _ => false,
        },
        _ => true, // an unknown type name is not ours to refuse
    }
}

fn type_matches(instance: &Value, schema: &Map<String, Value>) -> bool {
    match schema.get("type") {
        Some(Value::String(t)) => is_type(instance, t),
        Some(Value::Array(ts)) => ts
            .iter()
            .filter_map(Value::as_str)
            .any(|t| is_type(instance, t)),
        _ => false,
    }
}

fn number(v: &Value) -> Option<f64> {
    match v {
        Value::Number(n) => n.as_f64(),
        _ => None,
    }
}

/// JSON equality as jsonschema's `equal`: 1 equals 1.0, but not `true`.
fn equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| equal(a, b))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, a)| y.get(k).is_some_and(|b| equal(a, b)))
        }
        _ => a == b,
    }
}

/// Every error of `instance` against `schema`, in jsonschema's order (the schema's keywords
/// in their order), with paths below `at`.
fn errors(instance: &Value, schema: &Value, at: &[Step]) -> Vec<Error> {
    let schema = match schema {
        Value::Bool(true) => return Vec::new(),
        Value::Bool(false) => {
            return vec![Error {
                path: at.to_vec(),
                weak: false,
                matches_type: false,
                message: format!("False schema does not allow {}", repr(instance)),
                context: Vec::new(),
            }]
        }
        Value::Object(m) => m,
        _ => return Vec::new(),
    };
    let matches_type = type_matches(instance, schema);
    let fail = |out: &mut Vec<Error>, message: String| {
        out.push(Error {
            path: at.to_vec(),
            weak: false,
            matches_type,
            message,
            context: Vec::new(),
        })
    };
    let mut out = Vec::new();
    // (instance below, its schema, the step down) for the keyword at hand.
    let mut nested: Vec<(&Value, &Value, Step)> = Vec::new();
    for (keyword, value) in schema {
        match keyword.as_str() {
            "type" => {
                let names: Vec<&str> = match value {
                    Value::String(t) => vec![t.as_str()],
                    Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
                    _ => continue,
                };
                if !names.iter().any(|t| is_type(instance, t)) {
                    let shown: Vec<String> = names
                        .iter()
                        .map(|t| repr(&Value::String((*t).into())))
                        .collect();
                    fail(
                        &mut out,
                        format!("{} is not of type {}", repr(instance), shown.join(", ")),
                    );
                }
            }
            "properties" => {
                if let (Value::Object(props), Value::Object(obj)) = (value, instance) {
                    for (name, sub) in props {
                        if let Some(v) = obj.get(name) {
                            nested.push((v, sub, Step::Key(name.clone())));
                        }
                    }
                }
            }
            "required" => {
                if let (Value::Array(names), Value::Object(obj)) = (value, instance) {
                    for name in names.iter().filter_map(Value::as_str) {
                        if !obj.contains_key(name) {
                            fail(
                                &mut out,
                                format!(
                                    "{} is a required property",
                                    repr(&Value::String(name.into()))
                                ),
                            );
                        }
                    }
                }
            }
            "additionalProperties" => {
                if let Value::Object(obj) = instance {
                    let known = schema.get("properties").and_then(Value::as_object);
                    let extras: Vec<&String> = obj
                        .keys()
                        .filter(|k| known.is_none_or(|p| !p.contains_key(*k)))
                        .collect();
                    match value {
                        Value::Bool(false) if !extras.is_empty() => {
                            let shown: Vec<String> = extras
                                .iter()
                                .map(|k| repr(&Value::String((*k).clone())))
                                .collect();
                            let verb = if extras.len() == 1 { "was" } else { "were" };
                            fail(
                                &mut out,
                                format!(
                                    "Additional properties are not allowed ({} {verb} unexpected)",
                                    shown.join(", ")
                                ),
                            );
                        }
                        Value::Object(_) => {
                            for k in extras {
                                nested.push((&obj[k], value, Step::Key(k.clone())));
                            }
                        }
                        _ => {}
                    }
                }
            }
            "items" => {
                if let (Value::Array(items), Value::Object(_) | Value::Bool(_)) = (instance, value)
                {
                    for (i, item) in items.iter().enumerate() {
                        nested.push((item, value, Step::Index(i)));
                    }
                }
            }
            "enum" => {
                if let Value::Array(options) = value {
                    if !options.iter().any(|o| equal(o, instance)) {
                        fail(
                            &mut out,
                            format!("{} is not one of {}", repr(instance), repr(value)),
                        );
                    }
                }
            }
            "const" if !equal(value, instance) => {
                fail(&mut out, format!("{} was expected", repr(value)));
            }
            "minimum" | "maximum" | "exclusiveMinimum" | "exclusiveMaximum" => {
                let (Some(x), Some(bound)) = (number_not_bool(instance), number(value)) else {
                    continue;
                };
                let (failed, text) = match keyword.as_str() {
                    "minimum" => (x < bound, "is less than the minimum of"),
                    "maximum" => (x > bound, "is greater than the maximum of"),
                    "exclusiveMinimum" => (x <= bound, "is less than or equal to the minimum of"),
                    _ => (x >= bound, "is greater than or equal to the maximum of"),
                };
                if failed {
                    fail(
                        &mut out,
                        format!("{} {text} {}", repr(instance), repr(value)),
                    );
                }
            }
            "multipleOf" => {
                if let (Some(x), Some(by)) = (number_not_bool(instance), number(value)) {
                    if by != 0.0 && (x / by).fract() != 0.0 {
                        fail(
                            &mut out,
                            format!("{} is not a multiple of {}", repr(instance), repr(value)),
                        );
                    }
                }
            }
            "minLength" | "maxLength" | "minItems" | "maxItems" => {
                let len = match instance {
                    Value::String(s) if keyword.ends_with("Length") => s.chars().count(),
                    Value::Array(a) if keyword.ends_with("Items") => a.len(),
                    _ => continue,
                };
                let Some(limit) = value.as_u64().map(|l| l as usize) else {
                    continue;
                };
                let message = if keyword.starts_with("min") && len < limit {
                    Some(if limit == 1 {
                        "should be non-empty"
                    } else {
                        "is too short"
                    })
                } else if keyword.starts_with("max") && len > limit {
                    Some(if limit == 0 {
                        "is expected to be empty"
                    } else {
                        "is too long"
                    })
                } else {
                    None
                };
                if let Some(m) = message {
                    fail(&mut out, format!("{} {m}", repr(instance)));
                }
            }
            "uniqueItems" => {
                if let (Value::Array(items), Value::Bool(true)) = (instance, value) {
                    let repeated = items
                        .iter()
                        .enumerate()
                        .any(|(i, a)| items[i + 1..].iter().any(|b| equal(a, b)));
                    if repeated {
                        fail(
                            &mut out,
                            format!("{} has non-unique elements", repr(instance)),
                        );
                    }
                }
            }
            "pattern" => {
                if let (Value::String(s), Value::String(p)) = (instance, value) {
                    if Regex::new(p).is_ok_and(|re| !re.is_match(s)) {
                        fail(
                            &mut out,
                            format!("{} does not match {}", repr(instance), repr(value)),
                        );
                    }
                }
            }
            "anyOf" | "oneOf" => {
                let Value::Array(options) = value else {
                    continue;
                };
                let results: Vec<Vec<Error>> =
                    options.iter().map(|s| errors(instance, s, &[])).collect();
                let valid: Vec<usize> = (0..results.len())
                    .filter(|i| results[*i].is_empty())
                    .collect();
                if valid.is_empty() {
                    out.push(Error {
                        path: at.to_vec(),
                        weak: true,
                        matches_type,
                        message: format!(
                            "{} is not valid under any of the given schemas",
                            repr(instance)
                        ),
                        context: results.into_iter().flatten().collect(),
                    });
                } else if keyword == "oneOf" && valid.len() > 1 {
                    // jsonschema lists the other valid schemas, then the first one.
                    let mut shown: Vec<String> =
                        valid[1..].iter().map(|i| repr(&options[*i])).collect();
                    shown.push(repr(&options[valid[0]]));
                    fail(
                        &mut out,
                        format!(
                            "{} is valid under each of {}",
                            repr(instance),
                            shown.join(", ")
                        ),
                    );
                }
            }
            "allOf" => {
                if let Value::Array(all) = value {
                    for sub in all {
                        out.extend(errors(instance, sub, at));
                    }
                }
            }
            "not" if errors(instance, value, &[]).is_empty() => {
                fail(
                    &mut out,
                    format!(
                        "{} should not be valid under {}",
                        repr(instance),
                        repr(value)
                    ),
                );
            }
            _ => {}
        }
        // Errors below this keyword come in its place, in order.
        for (v, sub, step) in nested.drain(..) {
            let mut path = at.to_vec();
            path.push(step);
            out.extend(errors(v, sub, &path));
        }
    }
    out
}

fn number_not_bool(v: &Value) -> Option<f64> {
    if v.is_boolean() {
        return None;
    }
    number(v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn check(instance: Value, schema: Value) -> Option<String> {
        best_error(&instance, &schema)
    }

    #[test]
    fn messages_as_jsonschema_words_them() {
        let add = json!({"type": "object", "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}}, "required": ["a", "b"]});
        let cases = [
            (json!({"a": 2}), "'b' is a required property"),
            (json!({}), "'a' is a required property"),
            (json!({"a": "x", "b": 1}), "'x' is not of type 'integer'"),
            (json!({"a": 1.5, "b": 1}), "1.5 is not of type 'integer'"),
            (json!({"a": true, "b": 1}), "True is not of type 'integer'"),
            // Shallower errors win: the missing property over the wrong type.
            (json!({"a": "x"}), "'b' is a required property"),
            // Between siblings at the same depth, the later path wins.
            (json!({"a": "x", "b": "y"}), "'y' is not of type 'integer'"),
        ];
        for (instance, expected) in cases {
            assert_eq!(
                check(instance.clone(), add.clone()).as_deref(),
                Some(expected),
                "{instance}"
            );
        }
        assert_eq!(check(json!({"a": 2, "b": 3, "c": 4}), add.clone()), None);
        assert_eq!(check(json!({"a": 2.0, "b": 3}), add), None);
    }

    #[test]
    fn other_keywords() {
        let cases = [
            (
                json!(0),
                json!({"type": "integer", "minimum": 1}),
                "0 is less than the minimum of 1",
            ),
            (
                json!("c"),
                json!({"enum": ["a", "b"]}),
                "'c' is not one of ['a', 'b']",
            ),
            (
                json!(""),
                json!({"type": "string", "minLength": 1}),
                "'' should be non-empty",
            ),
            (
                json!([1, 1]),
                json!({"uniqueItems": true}),
                "[1, 1] has non-unique elements",
            ),
            (
                json!("abc"),
                json!({"pattern": "^x"}),
                "'abc' does not match '^x'",
            ),
            (
                json!({"x": 1}),
                json!({"properties": {}, "additionalProperties": false}),
                "Additional properties are not allowed ('x' was unexpected)",
            ),
            (
                json!([1, "a"]),
                json!({"items": {"type": "integer"}}),
                "'a' is not of type 'integer'",
            ),
            (
                json!(1.5),
                json!({"anyOf": [{"type": "string"}, {"type": "integer"}]}),
                "1.5 is not valid under any of the given schemas",
            ),
            (
                json!({"a": "x"}),
                json!({"anyOf": [{"type": "object", "properties": {"a": {"type": "integer"}}}, {"type": "string"}]}),
                "'x' is not of type 'integer'",
            ),
            (
                json!(null),
                json!({"type": ["string", "integer"]}),
                "None is not of type 'string', 'integer'",
            ),
            (
                json!(2),
                json!({"not": {"type": "integer"}}),
                "2 should not be valid under {'type': 'integer'}",
            ),
        ];
        for (instance, schema, expected) in cases {
            assert_eq!(
                check(instance.clone(), schema).as_deref(),
                Some(expected),
                "{instance}"
            );
        }
    }
}

//! What a structured answer breaks of the caller's JSON Schema, found and worded as the
//! reference's StructuredOutput tool finds them: every error (not only the first), each as
//! `<JSON pointer, "root" for the whole answer>: <what it must be>`, in the order the
//! keywords are checked.
//!
//! ```text
//! {"type": "object", "properties": {"c": {"type": "string", "enum": ["red"]}}, "required": ["n"]}
//!   {"c": 2} -> root: must have required property 'n', /c: must be string,
//!               /c: must be equal to one of the allowed values: ["red"]
//! ```
//!
//! Order at one place: `type`; then the keywords for any value (`const`, `enum`, `not`,
//! `anyOf`, `oneOf`, `allOf`); then those of the value's own kind, checked only when the
//! value is of that kind whatever `type` says: numbers (`maximum`, `minimum`,
//! `exclusiveMaximum`, `exclusiveMinimum`, `multipleOf`), strings (`maxLength`,
//! `minLength`, `pattern`), arrays (`maxItems`, `minItems`, `uniqueItems`, `items`),
//! objects (`maxProperties`, `minProperties`, `required`, `additionalProperties`,
//! `properties`). Other keywords are not checked.

use regex_automata::meta::Regex;
use serde_json::{Map, Value};

/// Every error `value` has against `schema`, in the order they are found.
pub fn schema_errors(schema: &Value, value: &Value) -> Vec<String> {
    let mut out = Vec::new();
    let at = At {
        root: schema,
        refs: 0,
    };
    check(&at, schema, value, "", &mut out);
    out
}

/// The whole schema (what `$ref` pointers point into) and how many references were followed
/// to get here (a schema that refers to itself stops).
#[derive(Clone, Copy)]
struct At<'a> {
    root: &'a Value,
    refs: u32,
}

fn check(at: &At<'_>, schema: &Value, value: &Value, path: &str, out: &mut Vec<String>) {
    let Value::Object(s) = schema else { return };
    if let Some(t) = s.get("type") {
        let types: Vec<&str> = match t {
            Value::String(one) => vec![one.as_str()],
            Value::Array(list) => list.iter().filter_map(Value::as_str).collect(),
            _ => Vec::new(),
        };
        if !types.is_empty() && !types.iter().any(|t| is_type(t, value)) {
            push(out, path, &format!("must be {}", types.join(",")));
        }
    }
    if let Some(target) = s.get("$ref").and_then(Value::as_str) {
        let target = target.strip_prefix('#').and_then(|p| at.root.pointer(p));
        if let Some(sub) = target.filter(|_| at.refs < 64) {
            let deeper = At {
                refs: at.refs + 1,
                ..*at
            };
            check(&deeper, sub, value, path, out);
        }
    }
    if let Some(c) = s.get("const") {
        if !same(c, value) {
            push(
                out,
                path,
                &format!("must be equal to constant: {}", compact(c)),
            );
        }
    }
    if let Some(Value::Array(allowed)) = s.get("enum") {
        if !allowed.iter().any(|a| same(a, value)) {
            push(
                out,
                path,
                &format!(
                    "must be equal to one of the allowed values: {}",
                    compact(&Value::Array(allowed.clone()))
                ),
            );
        }
    }
    if let Some(not) = s.get("not") {
        if errors_at(at, not, value, path).is_empty() {
            push(out, path, "must NOT be valid");
        }
    }
    if let Some(Value::Array(branches)) = s.get("anyOf") {
        let results: Vec<Vec<String>> = branches
            .iter()
            .map(|b| errors_at(at, b, value, path))
            .collect();
        if !results.iter().any(Vec::is_empty) {
            out.extend(results.into_iter().flatten());
            push(out, path, "must match a schema in anyOf");
        }
    }
    if let Some(Value::Array(branches)) = s.get("oneOf") {
        let results: Vec<Vec<String>> = branches
            .iter()
            .map(|b| errors_at(at, b, value, path))
            .collect();
        if results.iter().filter(|r| r.is_empty()).count() != 1 {
            out.extend(results.into_iter().flatten());
            push(out, path, "must match exactly one schema in oneOf");
        }
    }
    if let Some(Value::Array(branches)) = s.get("allOf") {
        for b in branches {
            check(at, b, value, path, out);
        }
    }
    match value {
        Value::Number(_) => number(s, value, path, out),
        Value::String(text) => string(s, text, path, out),
        Value::Array(items) => array(at, s, items, path, out),
        Value::Object(fields) => object(at, s, fields, path, out),
        _ => {}
    }
}

fn errors_at(at: &At<'_>, schema: &Value, value: &Value, path: &str) -> Vec<String> {
    let mut out = Vec::new();
    check(at, schema, value, path, &mut out);
    out
}

fn push(out: &mut Vec<String>, path: &str, what: &str) {
    let at = if path.is_empty() { "root" } else { path };
    out.push(format!("{at}: {what}"));
}

/// A number keyword, the sign its message shows, and whether a value keeps to the limit.
type Limit = (&'static str, &'static str, fn(f64, f64) -> bool);

fn number(s: &Map<String, Value>, value: &Value, path: &str, out: &mut Vec<String>) {
    let n = value.as_f64().unwrap_or_default();
    let limits: [Limit; 4] = [
        ("maximum", "<=", |n, l| n <= l),
        ("minimum", ">=", |n, l| n >= l),
        ("exclusiveMaximum", "<", |n, l| n < l),
        ("exclusiveMinimum", ">", |n, l| n > l),
    ];
    for (key, sign, holds) in limits {
        if let Some(limit) = s.get(key).and_then(Value::as_f64) {
            if !holds(n, limit) {
                push(out, path, &format!("must be {sign} {}", js_number(limit)));
            }
        }
    }
    if let Some(m) = s.get("multipleOf").and_then(Value::as_f64) {
        let q = n / m;
        if m > 0.0 && (q - q.round()).abs() > f64::EPSILON * q.abs().max(1.0) {
            push(out, path, &format!("must be multiple of {}", js_number(m)));
        }
    }
}

fn string(s: &Map<String, Value>, text: &str, path: &str, out: &mut Vec<String>) {
    let len = text.chars().count() as u64;
    limit_count(s, "maxLength", "minLength", len, "characters", path, out);
    if let Some(p) = s.get("pattern").and_then(Value::as_str) {
        if Regex::new(p).is_ok_and(|re| !re.is_match(text)) {
            push(out, path, &format!("must match pattern \"{p}\""));
        }
    }
}

fn array(at: &At<'_>, s: &Map<String, Value>, items: &[Value], path: &str, out: &mut Vec<String>) {
    limit_count(
        s,
        "maxItems",
        "minItems",
        items.len() as u64,
        "items",
        path,
        out,
    );
    if s.get("uniqueItems") == Some(&Value::Bool(true)) {
        // From the end, the first item met again earlier.
        let pair = (0..items.len()).rev().find_map(|i| {
            (0..i)
                .rev()
                .find(|&j| same(&items[i], &items[j]))
                .map(|j| (j, i))
        });
        if let Some((a, b)) = pair {
            let what =
                format!("must NOT have duplicate items (items ## {a} and {b} are identical)");
            push(out, path, &what);
        }
    }
    match s.get("items") {
        Some(Value::Array(tuple)) => {
            for (i, (sub, v)) in tuple.iter().zip(items).enumerate() {
                check(at, sub, v, &format!("{path}/{i}"), out);
            }
        }
        Some(sub) => {
            for (i, v) in items.iter().enumerate() {
                check(at, sub, v, &format!("{path}/{i}"), out);
            }
        }
        None => {}
    }
}

fn object(
    at: &At<'_>,
    s: &Map<String, Value>,
    fields: &Map<String, Value>,
    path: &str,
    out: &mut Vec<String>,
) {
    let count = fields.len() as u64;
    limit_count(
        s,
        "maxProperties",
        "minProperties",
        count,
        "properties",
        path,
        out,
    );
    for name in s
        .get("required")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        if let Some(name) = name.as_str().filter(|n| !fields.contains_key(*n)) {
            push(out, path, &format!("must have required property '{name}'"));
        }
    }
    let props = s.get("properties").and_then(Value::as_object);
    let extra = fields
        .iter()
        .filter(|(k, _)| !props.is_some_and(|p| p.contains_key(*k)));
    match s.get("additionalProperties") {
        Some(Value::Bool(false)) => {
            for (k, _) in extra {
                let what = format!("must NOT have additional properties ('{k}' is not allowed)");
                push(out, path, &what);
            }
        }
        Some(sub @ Value::Object(_)) => {
            for (k, v) in extra {
                check(at, sub, v, &format!("{path}/{}", pointer_token(k)), out);
            }
        }
        _ => {}
    }
    for (name, sub) in props.into_iter().flatten() {
        if let Some(v) = fields.get(name) {
            check(at, sub, v, &format!("{path}/{}", pointer_token(name)), out);
        }
    }
}

/// `maxX` / `minX` on a count: "must NOT have more than 2 items (got 3)".
fn limit_count(
    s: &Map<String, Value>,
    max: &str,
    min: &str,
    count: u64,
    unit: &str,
    path: &str,
    out: &mut Vec<String>,
) {
    if let Some(m) = s.get(max).and_then(Value::as_u64).filter(|m| count > *m) {
        push(
            out,
            path,
            &format!("must NOT have more than {m} {unit} (got {count})"),
        );
    }
    if let Some(m) = s.get(min).and_then(Value::as_u64).filter(|m| count < *m) {
        push(
            out,
            path,
            &format!("must NOT have fewer than {m} {unit} (got {count})"),
        );
    }
}

fn pointer_token(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

fn is_type(t: &str, v: &Value) -> bool {
    match t {
        "object" => v.is_object(),
        "array" => v.is_array(),
        "string" => v.is_string(),
        "boolean" => v.is_boolean(),
        "null" => v.is_null(),
        "number" => v.is_number(),
        "integer" => v.is_i64() || v.is_u64() || v.as_f64().is_some_and(|f| f.fract() == 0.0),
        _ => true,
    }
}

/// Equal as JSON values are in JavaScript: `1` and `1.0` are the same number.
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| same(a, b))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

/// A value as `JSON.stringify` writes it.
fn compact(v: &Value) -> String {
    serde_json::to_string(v).unwrap_or_default()
}

/// A number as JavaScript prints it (`2`, not `2.0`).
fn js_number(n: f64) -> String {
    if n.fract() == 0.0 && n.abs() < 1e21 {
        format!("{}", n as i64)
    } else {
        format!("{n}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn every_error_in_the_order_the_keywords_are_checked() {
        let schema = json!({"type": "object", "required": ["n", "m"],
            "properties": {"c": {"type": "string", "enum": ["red", "green"]},
                           "t": {"type": "array", "items": {"type": "integer"}}}});
        let errors = schema_errors(&schema, &json!({"c": 2, "t": [1, "x"]}));
        assert_eq!(
            errors,
            [
                "root: must have required property 'n'",
                "root: must have required property 'm'",
                "/c: must be string",
                "/c: must be equal to one of the allowed values: [\"red\",\"green\"]",
                "/t/1: must be integer",
            ]
        );
    }

    #[test]
    fn limits_name_what_they_got() {
        let schema = json!({"properties": {
            "s": {"maxLength": 2}, "l": {"maxItems": 2, "uniqueItems": true},
            "x": {"exclusiveMinimum": 0}, "m": {"multipleOf": 3}, "o": {"minProperties": 1},
            "k": {"const": "yes"}, "a": {"additionalProperties": false}}});
        let value = json!({"s": "abcd", "l": [1, 1, 2], "x": 0, "m": 7, "o": {}, "k": "no",
                           "a": {"b": 1}});
        assert_eq!(
            schema_errors(&schema, &value),
            [
                "/s: must NOT have more than 2 characters (got 4)",
                "/l: must NOT have more than 2 items (got 3)",
                "/l: must NOT have duplicate items (items ## 0 and 1 are identical)",
                "/x: must be > 0",
                "/m: must be multiple of 3",
                "/o: must NOT have fewer than 1 properties (got 0)",
                "/k: must be equal to constant: \"yes\"",
                "/a: must NOT have additional properties ('b' is not allowed)",
            ]
        );
    }

    #[test]
    fn alternatives_report_their_branches_then_themselves() {
        let schema = json!({"properties": {
            "v": {"anyOf": [{"type": "integer"}, {"type": "string"}]},
            "a": {"oneOf": [{"type": "integer"}, {"type": "number"}]},
            "b": {"not": {"type": "string"}}, "c": {"allOf": [{"minimum": 2}]}}});
        assert_eq!(
            schema_errors(&schema, &json!({"v": true, "a": 5, "b": "x", "c": 1})),
            [
                "/v: must be integer",
                "/v: must be string",
                "/v: must match a schema in anyOf",
                "/a: must match exactly one schema in oneOf",
                "/b: must NOT be valid",
                "/c: must be >= 2",
            ]
        );
        assert!(schema_errors(&schema, &json!({"v": 1, "a": 1.5, "b": 1, "c": 2})).is_empty());
    }

    #[test]
    fn references_point_into_the_schema() {
        let schema = json!({"$defs": {"Item": {"type": "object", "required": ["sku"],
            "properties": {"qty": {"type": "integer", "minimum": 1}}}},
            "properties": {"items": {"type": "array", "items": {"$ref": "#/$defs/Item"}},
                           "me": {"$ref": "#"}}});
        assert_eq!(
            schema_errors(
                &schema,
                &json!({"items": [{"sku": 1, "qty": 0}, {"qty": 2}]})
            ),
            [
                "/items/0/qty: must be >= 1",
                "/items/1: must have required property 'sku'"
            ]
        );
        // A schema that refers to itself stops.
        assert!(schema_errors(&schema, &json!({"me": {"me": {}}})).is_empty());
    }

    #[test]
    fn a_value_of_another_type_skips_the_keywords_of_the_declared_one() {
        let schema = json!({"properties": {"n": {"type": "integer", "minimum": 0},
                                           "f": {"type": "integer", "minimum": 5}}});
        assert_eq!(
            schema_errors(&schema, &json!({"n": "x", "f": 4.5, "i": 1})),
            [
                "/n: must be integer",
                "/f: must be integer",
                "/f: must be >= 5"
            ]
        );
        assert!(schema_errors(&schema, &json!({"n": 42.0})).is_empty());
    }
}

//! JSON values as Python prints them once `json.loads` has read them: `repr()` (what
//! jsonschema's messages quote) and `str()`, and their type names (what Python's own error
//! texts name). The Python dialect words its texts with these, as the Python SDK's do.
//!
//! ```text
//! repr:  "x" -> 'x'   1.5 -> 1.5   1e16 -> 1e+16   true -> True   null -> None   {"a": [1]} -> {'a': [1]}
//! ```

use serde_json::Value;

/// Python's `repr()` of the value.
pub(crate) fn repr(v: &Value) -> String {
    match v {
        Value::Null => "None".into(),
        Value::Bool(true) => "True".into(),
        Value::Bool(false) => "False".into(),
        Value::Number(n) => match n.as_f64() {
            Some(f) if n.is_f64() => float(f),
            _ => n.to_string(),
        },
        Value::String(s) => string(s),
        Value::Array(items) => {
            let inner: Vec<String> = items.iter().map(repr).collect();
            format!("[{}]", inner.join(", "))
        }
        Value::Object(m) => {
            let inner: Vec<String> = m
                .iter()
                .map(|(k, v)| format!("{}: {}", string(k), repr(v)))
                .collect();
            format!("{{{}}}", inner.join(", "))
        }
    }
}

/// Python's `str()` of the value: a string as it is, anything else as `repr()`.
pub(crate) fn str_of(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => repr(other),
    }
}

/// The name of the value's Python type.
pub(crate) fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "NoneType",
        Value::Bool(_) => "bool",
        Value::Number(n) if n.is_f64() => "float",
        Value::Number(_) => "int",
        Value::String(_) => "str",
        Value::Array(_) => "list",
        Value::Object(_) => "dict",
    }
}

/// A float the way Python's `repr` writes it: the shortest digits that read back the same,
/// in positional notation from 1e-4 up to 1e16, else with an exponent.
fn float(f: f64) -> String {
    if f.is_nan() {
        return "nan".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { "inf" } else { "-inf" }.into();
    }
    if f == 0.0 {
        return if f.is_sign_negative() { "-0.0" } else { "0.0" }.into();
    }
    // Rust's `{:e}` gives the same shortest digits: "1.5e-5", "1e16".
    let sci = format!("{f:e}");
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let (sign, mantissa) = match mantissa.strip_prefix('-') {
        Some(m) => ("-", m),
        None => ("", mantissa),
    };
    let digits: String = mantissa.chars().filter(|c| *c != '.').collect();
    if (-4..16).contains(&exp) {
        let point = exp + 1; // digits before the decimal point
        let text = if point <= 0 {
            format!("0.{}{digits}", "0".repeat((-point) as usize))
        } else if point as usize >= digits.len() {
            format!("{digits}{}.0", "0".repeat(point as usize - digits.len()))
        } else {
            let (int, frac) = digits.split_at(point as usize);
            format!("{int}.{frac}")
        };
        return format!("{sign}{text}");
    }
    let (first, rest) = digits.split_at(1);
    let mantissa = if rest.is_empty() {
        first.to_string()
    } else {
        format!("{first}.{rest}")
    };
    let exp_sign = if exp < 0 { '-' } else { '+' };
    format!("{sign}{mantissa}e{exp_sign}{:02}", exp.abs())
}

/// A string the way Python's `repr` quotes it.
fn string(s: &str) -> String {
    let quote = if s.contains('\'') && !s.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::with_capacity(s.len() + 2);
    out.push(quote);
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
            c if !printable(c) => {
                let n = c as u32;
                if n <= 0xff {
                    out.push_str(&format!("\\x{n:02x}"));
                } else if n <= 0xffff {
                    out.push_str(&format!("\\u{n:04x}"));
                } else {
                    out.push_str(&format!("\\U{n:08x}"));
                }
            }
            c => out.push(c),
        }
    }
    out.push(quote);
    out
}

/// Close to Python's `str.isprintable`: no control characters, no separators but the space.
fn printable(c: char) -> bool {
    !(c.is_control()
        || matches!(
            c,
            '\u{a0}' | '\u{ad}' | '\u{2028}' | '\u{2029}' | '\u{feff}'
        ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reprs() {
        let cases = [
            (json!(null), "None"),
            (json!(true), "True"),
            (json!(5), "5"),
            (json!(-3), "-3"),
            (json!(1.5), "1.5"),
            (json!(1.0), "1.0"),
            (json!(0.0001), "0.0001"),
            (json!(0.00001), "1e-05"),
            (json!(1e16), "1e+16"),
            (json!(123456.789), "123456.789"),
            (json!(1.5e300), "1.5e+300"),
            (json!("x"), "'x'"),
            (json!("it's"), "\"it's\""),
            (json!("a'b\"c"), "'a\\'b\"c'"),
            (json!("tab\there\u{1}"), "'tab\\there\\x01'"),
            (json!("été"), "'été'"),
            (json!([1, "a", null]), "[1, 'a', None]"),
            (json!({"a": {"b": false}}), "{'a': {'b': False}}"),
        ];
        for (value, expected) in cases {
            assert_eq!(repr(&value), expected, "{value}");
        }
        assert_eq!(str_of(&json!("plain")), "plain");
        assert_eq!(type_name(&json!(1.0)), "float");
        assert_eq!(type_name(&json!(null)), "NoneType");
    }
}

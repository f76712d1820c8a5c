//! Reading one option's value: where a value sits (for messages), the markers the faces send
//! for values JSON cannot carry, the preview of a value in a message, and the checks of the
//! simple shapes. Every message has one form, whatever the face:
//! `{option} must be {expected}, not {preview}`, the option (and the path below it) spelled
//! as the caller's face spells it.

use std::collections::BTreeMap;

use oxagent_core::protocol::stream_json::Face;
use serde_json::{Map, Value};

use crate::table::Shape;
pub(crate) use crate::table::{expected, one_of_text};
use crate::{OptionsError, OptionsErrorKind as K};

/// A value JSON cannot carry, as a face sends it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Marker<'a> {
    /// `{"$callable": id}`: a function, registered by the face under `id`.
    Callable(&'a str),
    /// `{"$object": type}`: any other object of the face's runtime.
    Object(&'a str),
    /// `{"$number": "NaN" | "Infinity" | "-Infinity"}`.
    Number(&'a str),
}

pub(crate) fn marker(v: &Value) -> Option<Marker<'_>> {
    let Value::Object(m) = v else { return None };
    if m.len() != 1 {
        return None;
    }
    let (key, value) = m.iter().next()?;
    let value = value.as_str()?;
    match key.as_str() {
        "$callable" => Some(Marker::Callable(value)),
        "$object" => Some(Marker::Object(value)),
        "$number" => Some(Marker::Number(value)),
        _ => None,
    }
}

/// A JSON mapping (not a marker).
pub(crate) fn mapping(v: &Value) -> Option<&Map<String, Value>> {
    match v {
        Value::Object(m) if marker(v).is_none() => Some(m),
        _ => None,
    }
}

const PREVIEW_CHARS: usize = 80;

/// A value as messages show it: short JSON, `a function`, `an object of type set`.
pub fn preview(v: &Value) -> String {
    match marker(v) {
        Some(Marker::Callable(_)) => "a function".into(),
        Some(Marker::Object(t)) => format!("an object of type {t}"),
        Some(Marker::Number(n)) => n.into(),
        None => {
            let text = serde_json::to_string(&unmarked(v)).unwrap_or_default();
            if text.chars().count() <= PREVIEW_CHARS {
                text
            } else {
                text.chars().take(PREVIEW_CHARS - 3).collect::<String>() + "..."
            }
        }
    }
}

/// `v` with the markers inside it written as short words.
fn unmarked(v: &Value) -> Value {
    match (marker(v), v) {
        (Some(Marker::Callable(_)), _) => "<function>".into(),
        (Some(Marker::Object(t)), _) => format!("<{t} object>").into(),
        (Some(Marker::Number(n)), _) => n.into(),
        (None, Value::Array(a)) => a.iter().map(unmarked).collect(),
        (None, Value::Object(m)) => m
            .iter()
            .map(|(k, x)| (k.clone(), unmarked(x)))
            .collect::<Map<_, _>>()
            .into(),
        (None, other) => other.clone(),
    }
}

pub(crate) type Checked<T> = Result<T, OptionsError>;

/// Where a value sits: an option, named as the caller's face names it, and the path below.
#[derive(Debug, Clone)]
pub(crate) struct At<'a> {
    pub face: Face,
    pub option: &'a str,
    path: String,
}

impl<'a> At<'a> {
    pub fn new(face: Face, option: &'a str) -> Self {
        At {
            face,
            option,
            path: String::new(),
        }
    }

    pub fn key(&self, key: &str) -> At<'a> {
        At {
            path: format!("{}.{key}", self.path),
            ..self.clone()
        }
    }

    pub fn index(&self, i: usize) -> At<'a> {
        At {
            path: format!("{}[{i}]", self.path),
            ..self.clone()
        }
    }

    /// The option, then the path below it: `hooks.PreToolUse[0].matcher`.
    pub fn name(&self) -> String {
        format!("{}{}", self.option, self.path)
    }

    /// An error with a message of its own (a reference's text).
    pub fn error(&self, kind: K, message: impl Into<String>) -> OptionsError {
        OptionsError::new(kind, self.option, message)
    }

    pub fn must_be(&self, kind: K, expected: &str, v: &Value) -> OptionsError {
        let message = format!("{} must be {expected}, not {}", self.name(), preview(v));
        self.error(kind, message)
    }

    pub fn type_error(&self, expected: &str, v: &Value) -> OptionsError {
        self.must_be(K::Type, expected, v)
    }

    pub fn value_error(&self, expected: &str, v: &Value) -> OptionsError {
        self.must_be(K::Value, expected, v)
    }

    pub fn string(&self, v: &Value) -> Checked<Option<String>> {
        match v {
            Value::Null => Ok(None),
            Value::String(s) => Ok(Some(s.clone())),
            _ => Err(self.type_error("a string", v)),
        }
    }

    /// A path: a string (a Python `os.PathLike` arrives as its string).
    pub fn path(&self, v: &Value) -> Checked<Option<String>> {
        match v {
            Value::String(s) => Ok(Some(s.clone())),
            _ => self.string(v).map_err(|_| self.type_error("a path", v)),
        }
    }

    /// A list of strings; `what` names it in the message.
    pub fn strings_as(&self, v: &Value, what: &str) -> Checked<Vec<String>> {
        let all = |a: &Vec<Value>| -> Option<Vec<String>> {
            a.iter().map(|s| s.as_str().map(str::to_string)).collect()
        };
        match v {
            Value::Null => Ok(Vec::new()),
            Value::Array(a) => all(a).ok_or_else(|| self.type_error(what, v)),
            _ => Err(self.type_error(what, v)),
        }
    }

    pub fn strings(&self, v: &Value) -> Checked<Vec<String>> {
        self.strings_as(v, "a list of strings")
    }

    pub fn flag(&self, v: &Value) -> Checked<bool> {
        match v {
            Value::Null => Ok(false),
            Value::Bool(b) => Ok(*b),
            _ => Err(self.type_error("a boolean", v)),
        }
    }

    pub fn count(&self, v: &Value) -> Checked<Option<u64>> {
        let what = "a non-negative integer";
        match v {
            Value::Null => Ok(None),
            Value::Number(n) => match (n.as_u64(), n.as_i64()) {
                (Some(i), _) => Ok(Some(i)),
                (None, Some(_)) => Err(self.value_error(what, v)),
                _ => Err(self.type_error(what, v)),
            },
            _ => Err(self.type_error(what, v)),
        }
    }

    pub fn integer(&self, v: &Value) -> Checked<Option<i64>> {
        match v {
            Value::Null => Ok(None),
            Value::Number(n) => match n.as_i64() {
                Some(i) => Ok(Some(i)),
                None => Err(self.type_error("an integer", v)),
            },
            _ => Err(self.type_error("an integer", v)),
        }
    }

    pub fn amount(&self, v: &Value) -> Checked<Option<f64>> {
        let what = "a non-negative number";
        let x = match (v, marker(v)) {
            (Value::Null, _) => return Ok(None),
            (Value::Number(n), _) => n.as_f64().unwrap_or(f64::NAN),
            (_, Some(Marker::Number("Infinity"))) => f64::INFINITY,
            (_, Some(Marker::Number(_))) => f64::NAN,
            _ => return Err(self.type_error(what, v)),
        };
        if x >= 0.0 {
            Ok(Some(x))
        } else {
            Err(self.value_error(what, v))
        }
    }

    /// One of `list`: a value of another type is a type error, another string a value error.
    pub fn one_of(&self, v: &Value, list: &[&str]) -> Checked<Option<String>> {
        match v {
            Value::Null => Ok(None),
            Value::String(s) if list.contains(&s.as_str()) => Ok(Some(s.clone())),
            Value::String(_) => Err(self.value_error(&one_of_text(list), v)),
            _ => Err(self.type_error(&one_of_text(list), v)),
        }
    }

    /// A function: the id the face registered it under.
    pub fn callable(&self, v: &Value) -> Checked<Option<String>> {
        match (v, marker(v)) {
            (Value::Null, _) => Ok(None),
            (_, Some(Marker::Callable(id))) => Ok(Some(id.to_string())),
            _ => Err(self.type_error("a function", v)),
        }
    }

    /// A mapping of strings to strings (or null, with `nullable`), each value checked at
    /// its key.
    pub fn string_map(&self, v: &Value, nullable: bool) -> Checked<BTreeMap<String, String>> {
        if v.is_null() {
            return Ok(BTreeMap::new());
        }
        let Some(m) = mapping(v) else {
            return Err(self.type_error(&expected(&Shape::StringMap(nullable)), v));
        };
        let mut out = BTreeMap::new();
        for (k, x) in m {
            match x {
                Value::String(s) => {
                    out.insert(k.clone(), s.clone());
                }
                Value::Null if nullable => {}
                _ if nullable => return Err(self.key(k).type_error("a string or null", x)),
                _ => return Err(self.key(k).type_error("a string", x)),
            }
        }
        Ok(out)
    }

    /// Checks `v` against one of the simple shapes (a custom shape has its own reader).
    pub fn check(&self, shape: &Shape, v: &Value) -> Checked<()> {
        match shape {
            Shape::Bool => self.flag(v).map(drop),
            Shape::Str => self.string(v).map(drop),
            Shape::Path => self.path(v).map(drop),
            Shape::Strings => self.strings(v).map(drop),
            Shape::Paths => self.strings_as(v, "a list of paths").map(drop),
            Shape::Count => self.count(v).map(drop),
            Shape::Integer => self.integer(v).map(drop),
            Shape::Amount => self.amount(v).map(drop),
            Shape::OneOf(list) => self.one_of(v, list).map(drop),
            Shape::Callable => self.callable(v).map(drop),
            Shape::StringMap(nullable) => self.string_map(v, *nullable).map(drop),
            Shape::Instance(kind, what) => match (v, marker(v)) {
                (Value::Null, _) => Ok(()),
                (_, Some(Marker::Object(t))) if t == *kind => Ok(()),
                _ => Err(self.type_error(what, v)),
            },
            Shape::Mapping if v.is_null() || mapping(v).is_some() => Ok(()),
            Shape::Mapping => Err(self.type_error("a mapping", v)),
            Shape::Any | Shape::Custom(_) => Ok(()),
        }
    }
}

/// Whether `v` is an option's default: not given, false, empty.
pub(crate) fn is_default(v: &Value) -> bool {
    match v {
        Value::Null => true,
        Value::Bool(b) => !b,
        Value::Array(a) => a.is_empty(),
        Value::Object(o) => o.is_empty(),
        Value::String(s) => s.is_empty(),
        Value::Number(_) => false,
    }
}

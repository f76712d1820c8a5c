//! The `output_format` schema as the reference's CLI takes it (`--json-schema`, compiled by
//! ajv in strict mode for JSON Schema draft 7): a keyword it does not know refuses the
//! session before it starts.
//!
//! ```text
//! {"type": "object", "dependentRequired": {...}}
//!   -> --json-schema is not a valid JSON Schema: strict mode: unknown keyword: "dependentRequired"
//! ```

use serde_json::Value;

/// The keywords of draft 7 (with `$defs`, `nullable` and the content and metadata ones).
const KNOWN: &[&str] = &[
    "$id",
    "$schema",
    "$ref",
    "$defs",
    "$comment",
    "$vocabulary",
    "definitions",
    "type",
    "nullable",
    "const",
    "enum",
    "maximum",
    "minimum",
    "exclusiveMaximum",
    "exclusiveMinimum",
    "multipleOf",
    "maxLength",
    "minLength",
    "pattern",
    "maxProperties",
    "minProperties",
    "required",
    "maxItems",
    "minItems",
    "uniqueItems",
    "not",
    "anyOf",
    "oneOf",
    "allOf",
    "if",
    "then",
    "else",
    "propertyNames",
    "additionalProperties",
    "dependencies",
    "properties",
    "patternProperties",
    "additionalItems",
    "items",
    "contains",
    "format",
    "title",
    "description",
    "default",
    "deprecated",
    "readOnly",
    "writeOnly",
    "examples",
    "contentMediaType",
    "contentEncoding",
    "contentSchema",
];

/// Keywords whose value is one schema, and those whose value maps names to schemas or lists
/// schemas.
const ONE: &[&str] = &[
    "not",
    "if",
    "then",
    "else",
    "propertyNames",
    "additionalProperties",
    "additionalItems",
    "items",
    "contains",
    "contentSchema",
];
const MANY: &[&str] = &[
    "$defs",
    "definitions",
    "properties",
    "patternProperties",
    "dependencies",
    "anyOf",
    "oneOf",
    "allOf",
    "items",
];

/// Why the CLI would refuse `schema`: its first unknown keyword, a schema's own keys before
/// those of the schemas inside it.
pub fn refusal(schema: &Value) -> Option<String> {
    unknown(schema).map(|k| {
        format!("--json-schema is not a valid JSON Schema: strict mode: unknown keyword: \"{k}\"")
    })
}

fn unknown(schema: &Value) -> Option<&str> {
    let Value::Object(s) = schema else {
        return None;
    };
    if let Some(k) = s.keys().find(|k| !KNOWN.contains(&k.as_str())) {
        return Some(k);
    }
    s.iter().find_map(|(k, v)| {
        let inner: Vec<&Value> = match v {
            Value::Object(m) if MANY.contains(&k.as_str()) && k != "items" => m.values().collect(),
            Value::Array(list) if MANY.contains(&k.as_str()) => list.iter().collect(),
            _ if ONE.contains(&k.as_str()) => vec![v],
            _ => Vec::new(),
        };
        inner.into_iter().find_map(unknown)
    })
}

#[cfg(test)]
mod tests {
    use super::refusal;
    use serde_json::json;

    #[test]
    fn a_keyword_draft_7_does_not_know_is_refused() {
        let schema = json!({"type": "object", "properties": {"a": {"type": "integer"}},
            "dependentRequired": {"a": ["b"]}, "prefixItems": []});
        assert_eq!(
            refusal(&schema).unwrap(),
            "--json-schema is not a valid JSON Schema: strict mode: unknown keyword: \"dependentRequired\""
        );
        let nested = json!({"properties": {"t": {"type": "array", "prefixItems": [{}]}}});
        assert!(refusal(&nested).unwrap().ends_with("\"prefixItems\""));
        let in_defs = json!({"$defs": {"A": {"x-extra": 1}}, "$ref": "#/$defs/A"});
        assert!(refusal(&in_defs).unwrap().ends_with("\"x-extra\""));
    }

    #[test]
    fn draft_7_schemas_pass() {
        let schema = json!({"$defs": {"Item": {"title": "Item", "type": "object",
            "properties": {"sku": {"type": "string", "format": "uuid"}}, "required": ["sku"]}},
            "type": "object", "title": "Order",
            "properties": {"items": {"type": "array", "items": {"$ref": "#/$defs/Item"}},
                "note": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": null},
                "kind": {"if": {"const": 1}, "then": {"minimum": 0}, "else": {"not": {}}}},
            "additionalProperties": false, "patternProperties": {"^x": {"enum": [1]}}});
        assert_eq!(refusal(&schema), None);
    }
}

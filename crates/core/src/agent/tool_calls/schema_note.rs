//! The notes added to an error of a deferred tool the model called before looking it up with
//! ToolSearch: it guessed the input without the schema, so the note gives the schema and says
//! how to load the tool, in the reference's words. A built-in tool's input error gives it as
//! JSON Schema 2020-12; an MCP tool's error result as its server lists it.

use serde_json::{Map, Value};

/// The dialect the schema in the note declares.
const DIALECT: &str = "https://json-schema.org/draft/2020-12/schema";

/// The note for tool `name` with input schema `schema`, to go after the issue list.
pub(crate) fn undiscovered_schema_note(name: &str, schema: &Value) -> String {
    let mut shown = Map::new();
    shown.insert("$schema".into(), Value::String(DIALECT.into()));
    if let Value::Object(fields) = schema {
        shown.extend(fields.iter().map(|(k, v)| (k.clone(), v.clone())));
    }
    format!(
        "\n\nThis tool's schema was not sent to the API — it was not in the discovered-tool set \
         derived from message history. Without the schema in your prompt, typed parameters \
         (arrays, numbers, booleans) get emitted as strings and the client-side parser rejects \
         them. Load the tool first: call ToolSearch with query \"select:{name}\", then retry this \
         call. For reference, this tool's input schema is: {}",
        Value::Object(shown)
    )
}

/// Added to the error of a deferred tool called before ToolSearch loaded it: the model
/// guessed its input without the schema. The words are the reference's, as the note on a
/// built-in tool's input error (`schema_note`): the model reads them as the error's facts.
pub(crate) fn unseen_schema_note(name: &str, schema: &Value) -> String {
    use crate::agent::tool_references::SCHEMA_NOTE;
    format!(
        "{SCHEMA_NOTE} The input schema is: {schema}\nIf your input does not match this schema, \
         correct it and call the tool again. If it matches, the error above has another cause. \
         If the corrected call fails the same way, call ToolSearch with query \"select:{name}\" \
         to load the tool, then call it again."
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_note_names_the_tool_and_gives_its_schema_compactly() {
        let schema = serde_json::json!({"type": "object",
            "properties": {"url": {"description": "Where", "type": "string"}},
            "required": ["url"], "additionalProperties": false});
        assert_eq!(
            undiscovered_schema_note("WebFetch", &schema),
            "\n\nThis tool's schema was not sent to the API — it was not in the discovered-tool set \
             derived from message history. Without the schema in your prompt, typed parameters \
             (arrays, numbers, booleans) get emitted as strings and the client-side parser rejects \
             them. Load the tool first: call ToolSearch with query \"select:WebFetch\", then retry \
             this call. For reference, this tool's input schema is: \
             {\"$schema\":\"https://json-schema.org/draft/2020-12/schema\",\"type\":\"object\",\
             \"properties\":{\"url\":{\"description\":\"Where\",\"type\":\"string\"}},\
             \"required\":[\"url\"],\"additionalProperties\":false}"
        );
    }
}

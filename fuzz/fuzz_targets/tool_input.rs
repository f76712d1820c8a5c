//! Fuzzes the check of a tool call's input against its schema: the input is split at the
//! first newline into a JSON schema and a JSON input; neither may make the check panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use oxagent_core::validate::validate_input;
use serde_json::Value;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (schema, input) = text.split_once('\n').unwrap_or((text, "{}"));
    let (Ok(schema), Ok(input)) = (
        serde_json::from_str::<Value>(schema),
        serde_json::from_str::<Value>(input),
    ) else {
        return;
    };
    let _ = validate_input("Tool", &schema, &input);
});

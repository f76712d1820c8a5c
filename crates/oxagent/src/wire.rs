//! Fields the documented TypeScript SDK's messages carry that the loop has no say in: usage
//! detail defaults, per-model accounting labels, fast-mode state, result numbering. Added to
//! each outgoing frame so every face sees the same wire shape as the reference's.

use serde_json::{json, Map, Value};

/// Per-session numbering the frames need.
#[derive(Debug, Default)]
pub(crate) struct WireState {
    results: u64,
}

fn fill(target: &mut Map<String, Value>, defaults: Value) {
    if let Value::Object(d) = defaults {
        for (k, v) in d {
            target.entry(k).or_insert(v);
        }
    }
}

/// The usage keys the API's full usage object has, with their empty values.
fn usage_defaults() -> Value {
    json!({
        "output_tokens_details": {"thinking_tokens": 0},
        "server_tool_use": {"web_search_requests": 0, "web_fetch_requests": 0},
        "service_tier": "standard",
        "cache_creation": {"ephemeral_1h_input_tokens": 0, "ephemeral_5m_input_tokens": 0},
        "inference_geo": "",
        "iterations": [],
        "speed": "standard",
        "fallback_credit": null,
    })
}

pub(crate) fn decorate(frame: &mut Value, state: &mut WireState) {
    let Some(obj) = frame.as_object_mut() else {
        return;
    };
    match obj.get("type").and_then(Value::as_str) {
        Some("result") => {}
        Some("assistant") => return synthetic_fields(obj),
        _ => return,
    }
    if let Some(Value::Object(usage)) = obj.get_mut("usage") {
        fill(usage, usage_defaults());
    }
    if let Some(Value::Object(models)) = obj.get_mut("modelUsage") {
        for (model, entry) in models.iter_mut() {
            if let Value::Object(e) = entry {
                fill(
                    e,
                    json!({
                        "thinkingTokens": 0,
                        "cacheCreationEphemeral5mInputTokens": 0,
                        "cacheCreationEphemeral1hInputTokens": 0,
                        "canonicalModel": oxagent_core::usage::canonical_model(model),
                        "provider": "firstParty",
                        "costBasis": "list",
                    }),
                );
            }
        }
    }
    let success = obj.get("subtype").and_then(Value::as_str) == Some("success");
    // Error subtypes carry no API status at all, nor does a turn a hook refused before any
    // request (the one result without a terminal reason).
    let no_request = !obj.contains_key("terminal_reason");
    if (!success || no_request) && obj.get("api_error_status") == Some(&Value::Null) {
        obj.remove("api_error_status");
    }
    // A session that failed before its first turn (resume of an unknown id) reports no
    // mode or queue state.
    let failed_early = obj.get("num_turns").and_then(Value::as_u64) == Some(0)
        && obj.get("is_error") == Some(&json!(true));
    let started = !failed_early;
    if started {
        obj.entry("fast_mode_state").or_insert(json!("off"));
        obj.entry("fast_mode_disabled_reason")
            .or_insert(json!("sdk_opt_in_required"));
        obj.entry("queued_turn_count").or_insert(json!(0));
    }
    obj.insert("result_index".into(), json!(state.results));
    state.results += 1;
}

/// A synthetic assistant message (an API error, a local command's output) carries the
/// TypeScript SDK's full message shape, with the fields no model filled in set to null.
fn synthetic_fields(obj: &mut Map<String, Value>) {
    let Some(Value::Object(message)) = obj.get_mut("message") else {
        return;
    };
    if message.get("model").and_then(Value::as_str) != Some("<synthetic>") {
        return;
    }
    for key in ["diagnostics", "container", "stop_details"] {
        message.entry(key).or_insert(Value::Null);
    }
    if let Some(Value::Object(usage)) = message.get_mut("usage") {
        fill(
            usage,
            json!({
                "output_tokens_details": null,
                "server_tool_use": {"web_search_requests": 0, "web_fetch_requests": 0},
                "service_tier": null,
                "cache_creation": {"ephemeral_1h_input_tokens": 0, "ephemeral_5m_input_tokens": 0},
                "inference_geo": null,
                "iterations": null,
                "speed": null,
                "fallback_credit": null,
            }),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_get_the_wire_defaults() {
        let mut st = WireState::default();
        let mut f = json!({"type": "result", "subtype": "error_max_turns", "api_error_status": null,
            "usage": {"input_tokens": 1, "service_tier": "priority"},
            "modelUsage": {"claude-haiku-4-5-20251001": {"inputTokens": 1}}});
        decorate(&mut f, &mut st);
        assert_eq!(f["usage"]["service_tier"], "priority");
        assert_eq!(f["usage"]["speed"], "standard");
        assert_eq!(
            f["modelUsage"]["claude-haiku-4-5-20251001"]["canonicalModel"],
            "claude-haiku-4-5"
        );
        assert!(f.get("api_error_status").is_none());
        assert_eq!(f["result_index"], 0);
        let mut g = json!({"type": "result", "subtype": "success", "api_error_status": null});
        decorate(&mut g, &mut st);
        assert_eq!(g["api_error_status"], Value::Null);
        assert_eq!(g["result_index"], 1);
    }
}

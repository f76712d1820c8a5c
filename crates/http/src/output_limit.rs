//! A 400 that refuses the request's `max_tokens` as over the model's output limit
//! (`max_tokens: 128000 > 64000, which is the maximum allowed number of output tokens for
//! claude-...`): the request is sent again, silently, asking for the limit the API named, and
//! every later request of the session to that model asks for no more (as the reference does;
//! `ve_err_400_max_tokens_too_big`).

use std::collections::BTreeMap;
use std::sync::Mutex;

use bytes::Bytes;
use serde_json::Value;

/// The output limit a 400's message names, if it is that refusal.
pub(crate) fn named_limit(message: &str) -> Option<u64> {
    let rest = message.trim_start().strip_prefix("max_tokens: ")?;
    let (_, after) = rest.split_once(" > ")?;
    let (limit, tail) = after.split_once(',')?;
    if !tail.contains("maximum allowed number of output tokens") {
        return None;
    }
    limit.trim().parse().ok()
}

/// The output limits the API named, by model, for one session's requests.
#[derive(Debug, Default)]
pub(crate) struct Limits(Mutex<BTreeMap<String, u64>>);

impl Limits {
    /// Keeps `limit` for the model of `body` and returns `body` asking for it.
    pub fn learn(&self, body: &Bytes, limit: u64) -> Bytes {
        let Ok(mut value) = serde_json::from_slice::<Value>(body) else {
            return body.clone();
        };
        if let Some(model) = value.get("model").and_then(Value::as_str) {
            oxagent_core::sync::lock(&self.0).insert(model.to_string(), limit);
        }
        value["max_tokens"] = limit.into();
        serde_json::to_vec(&value).map_or_else(|_| body.clone(), Bytes::from)
    }

    /// Lowers the `max_tokens` of a request body to its model's limit, when one was named.
    pub fn apply(&self, body: &mut Value) {
        let map = oxagent_core::sync::lock(&self.0);
        if map.is_empty() {
            return;
        }
        let Some(limit) = body
            .get("model")
            .and_then(Value::as_str)
            .and_then(|m| map.get(m))
        else {
            return;
        };
        let limit = *limit;
        if body
            .get("max_tokens")
            .and_then(Value::as_u64)
            .is_some_and(|t| t > limit)
        {
            body["max_tokens"] = limit.into();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_limit_is_read_from_the_refusal_only() {
        let m = "max_tokens: 128000 > 64000, which is the maximum allowed number of output tokens for claude-sonnet-4-5-20250929";
        assert_eq!(named_limit(m), Some(64000));
        assert_eq!(named_limit("max_tokens: 5 > 4, too many"), None);
        assert_eq!(
            named_limit("prompt is too long: 210000 tokens > 200000 maximum"),
            None
        );
        assert_eq!(
            named_limit(
                "max_tokens: 128000 > lots, which is the maximum allowed number of output tokens"
            ),
            None
        );
    }

    #[test]
    fn a_learned_limit_caps_later_requests_to_that_model_only() {
        let limits = Limits::default();
        let body =
            Bytes::from(json!({"model": "m1", "max_tokens": 128000, "stream": true}).to_string());
        let resent: Value = serde_json::from_slice(&limits.learn(&body, 64000)).unwrap();
        assert_eq!(
            resent,
            json!({"model": "m1", "max_tokens": 64000, "stream": true})
        );
        let mut later = json!({"model": "m1", "max_tokens": 128000});
        limits.apply(&mut later);
        assert_eq!(later["max_tokens"], 64000);
        let mut lower = json!({"model": "m1", "max_tokens": 4000});
        limits.apply(&mut lower);
        assert_eq!(lower["max_tokens"], 4000);
        let mut other = json!({"model": "m2", "max_tokens": 128000});
        limits.apply(&mut other);
        assert_eq!(other["max_tokens"], 128000);
    }
}

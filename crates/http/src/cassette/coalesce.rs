//! Consecutive deltas of one content block as a single delta, so that text a recording
//! stores as a placeholder (the working directory) is never split across two events.

use serde_json::{json, Value};

/// The delta's block index, kind and the field holding its text.
fn delta(event: &Value) -> Option<(u64, &str, &'static str, &str)> {
    if event.get("type")?.as_str()? != "content_block_delta" {
        return None;
    }
    let index = event.get("index")?.as_u64()?;
    let d = event.get("delta")?;
    let kind = d.get("type")?.as_str()?;
    let field = match kind {
        "text_delta" => "text",
        "input_json_delta" => "partial_json",
        "thinking_delta" => "thinking",
        _ => return None,
    };
    Some((index, kind, field, d.get(field)?.as_str()?))
}

/// `events` with each run of deltas of the same block and kind joined into the first.
pub fn coalesce(events: &[Value]) -> Vec<Value> {
    let mut out: Vec<Value> = Vec::with_capacity(events.len());
    for event in events {
        if let (Some((i, kind, field, text)), Some(last)) = (delta(event), out.last_mut()) {
            if let Some((li, lkind, _, ltext)) = delta(last) {
                if li == i && lkind == kind {
                    let joined = format!("{ltext}{text}");
                    last["delta"][field] = json!(joined);
                    continue;
                }
            }
        }
        out.push(event.clone());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(index: u64, kind: &str, field: &str, text: &str) -> Value {
        json!({"type": "content_block_delta", "index": index, "delta": {"type": kind, field: text}})
    }

    #[test]
    fn runs_of_one_block_join_and_others_stay() {
        let events = vec![
            json!({"type": "content_block_start", "index": 0}),
            d(0, "text_delta", "text", "/tmp/wo"),
            d(0, "text_delta", "text", "rk/a.txt"),
            json!({"type": "content_block_stop", "index": 0}),
            d(
                1,
                "input_json_delta",
                "partial_json",
                "{\"file_path\": \"/tm",
            ),
            d(1, "input_json_delta", "partial_json", "p/work/a.txt\"}"),
            d(2, "signature_delta", "signature", "x"),
            d(2, "signature_delta", "signature", "y"),
        ];
        let out = coalesce(&events);
        assert_eq!(out.len(), 6);
        assert_eq!(out[1], d(0, "text_delta", "text", "/tmp/work/a.txt"));
        assert_eq!(
            out[3],
            d(
                1,
                "input_json_delta",
                "partial_json",
                "{\"file_path\": \"/tmp/work/a.txt\"}"
            )
        );
        assert_eq!(out[4..], events[6..]);
    }
}

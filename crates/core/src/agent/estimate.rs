//! The reference's estimate of the output of an answer that broke off before its usage was
//! told (tests/conformance/streamcut, fuzz-d/fd_022, fd_027, fd_096).

use serde_json::Value;

/// The output tokens the reference bills for `streamed` from an answer to `model`: a text
/// block or a call at the model's characters a token, each rounded; the thinking blocks the
/// larger of their text at that rate and their signature at [`SIGNATURE_BYTES`].
pub(crate) fn output_tokens(streamed: &[Streamed], model: &str) -> u64 {
    let per_token = bytes_per_token(model);
    let (mut said, mut thought) = (0, 0);
    for b in streamed {
        match b.kind {
            StreamedKind::Said => said += tokens(b.chars, per_token),
            StreamedKind::Thought => {
                thought += tokens(b.chars, per_token).max(tokens(b.signature, SIGNATURE_BYTES))
            }
            StreamedKind::Other => {}
        }
    }
    said + thought
}

/// What of one block streamed, as the reference estimates the output of an attempt that
/// broke off: a text block its text, a tool call its name and its input as streamed (the raw
/// JSON text), a thinking block its thinking and, apart, its signature (a redacted one its
/// data, as a signature); each rounded to tokens on its own (tests/conformance/streamcut,
/// fuzz-d/fd_027).
#[derive(Debug)]
pub(crate) struct Streamed {
    pub(crate) index: u64,
    kind: StreamedKind,
    /// UTF-16 length of the text, thinking, or tool name and input.
    chars: usize,
    /// UTF-16 length of the signature (of a redacted block, its data).
    signature: usize,
}

#[derive(Debug, PartialEq)]
enum StreamedKind {
    Said,
    Thought,
    Other,
}

impl Streamed {
    pub(crate) fn start(index: u64, block: &Value) -> Self {
        let kind = block.get("type").and_then(Value::as_str).unwrap_or("");
        let (kind, chars, signature) = match kind {
            "text" => (StreamedKind::Said, 0, 0),
            "tool_use" | "server_tool_use" => (
                StreamedKind::Said,
                utf16_len(block.get("name").and_then(Value::as_str).unwrap_or("")),
                0,
            ),
            "thinking" => (StreamedKind::Thought, 0, 0),
            "redacted_thinking" => (
                StreamedKind::Thought,
                0,
                utf16_len(block.get("data").and_then(Value::as_str).unwrap_or("")),
            ),
            _ => (StreamedKind::Other, 0, 0),
        };
        Streamed {
            index,
            kind,
            chars,
            signature,
        }
    }

    /// Adds a delta's text; returns its UTF-16 length.
    pub(crate) fn add(&mut self, signature: bool, text: &str) -> usize {
        let len = utf16_len(text);
        if signature {
            self.signature += len;
        } else {
            self.chars += len;
        }
        len
    }
}

/// Characters per token of a signature in the reference's estimate.
const SIGNATURE_BYTES: f64 = 16.0 / 3.0;

/// The models the reference reads at four characters a token when it estimates an answer
/// that broke off; any other model (the newer ones, names it does not know) at three.
const FOUR_BYTE_MODELS: &[&str] = &[
    "claude-3-opus",
    "claude-3-sonnet",
    "claude-3-haiku",
    "claude-3-5-sonnet",
    "claude-3-5-haiku",
    "claude-3-7-sonnet",
    "claude-opus-4-0",
    "claude-opus-4-1",
    "claude-opus-4-5",
    "claude-opus-4-6",
    "claude-sonnet-4-0",
    "claude-sonnet-4-5",
    "claude-sonnet-4-6",
    "claude-haiku-4-5",
];

fn bytes_per_token(model: &str) -> f64 {
    if model.is_empty() {
        return 4.0;
    }
    let id = crate::model_names::canonical_id(model).replace(['.', '_'], "-");
    if FOUR_BYTE_MODELS.contains(&id.as_str()) {
        4.0
    } else {
        3.0
    }
}

/// `chars` at `per_token` characters a token, rounded half up.
fn tokens(chars: usize, per_token: f64) -> u64 {
    (chars as f64 / per_token + 0.5).floor() as u64
}

fn utf16_len(s: &str) -> usize {
    s.encode_utf16().count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn block(kind: &str, said: &str, signature: &str) -> Streamed {
        let mut b = Streamed::start(0, &json!({"type": kind, "name": "", "data": ""}));
        b.add(false, said);
        b.add(true, signature);
        b
    }

    #[test]
    fn the_older_models_read_four_characters_a_token_the_others_three() {
        let text = [block("text", &"a".repeat(14), "")];
        for model in [
            "claude-haiku-4-5",
            "claude-sonnet-4-5-20250929",
            "claude-opus-4-1",
            "",
        ] {
            assert_eq!(output_tokens(&text, model), 4, "{model}"); // 3.5, rounded up
        }
        for model in ["claude-sonnet-4-7", "claude-unknown-9", "claude-opus-4-8"] {
            assert_eq!(output_tokens(&text, model), 5, "{model}"); // 4.67
        }
    }

    #[test]
    fn each_block_is_rounded_and_thinking_takes_the_larger_of_text_and_signature() {
        let two = [block("text", "aaaaa", ""), block("text", "bbbbb", "")];
        assert_eq!(output_tokens(&two, "claude-unknown-9"), 4); // 2 + 2, not 10 / 3
        let thought = [block("thinking", &"t".repeat(6), &"s".repeat(100))];
        assert_eq!(output_tokens(&thought, "claude-unknown-9"), 19); // 100 / (16/3)
        let thought = [block("thinking", &"t".repeat(30), &"s".repeat(8))];
        assert_eq!(output_tokens(&thought, "claude-unknown-9"), 10);
        let emoji = [block("text", "\u{1F600}\u{1F600}\u{e9}", "")];
        assert_eq!(output_tokens(&emoji, "claude-unknown-9"), 2); // 5 UTF-16 units
    }
}

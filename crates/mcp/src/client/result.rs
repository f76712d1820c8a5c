//! An MCP `CallToolResult` as the tool result Claude Code makes of it.
//!
//! ```text
//! isError                    the texts, as an error ("Error: <text>" for the caller);
//!                            "Unknown error" without content, "Command failed with no
//!                            output" when its texts are blank
//! structuredContent          its JSON is what the model reads
//! text, image                kept; an image is also saved, and "[Image: source: <file>]" follows it
//! resource_link              "[Resource link: <name>] <uri> (<description>)"
//! resource (text)            "[Resource from <server> at <uri>] <text>"
//! resource (blob), audio     saved: "... Binary content (<mime>, <n> bytes) saved to <file>"
//! nothing, or blank texts    "(<tool> completed with no output)"
//! longer than the limit      saved as JSON: "<persisted-output>" with a 2KB preview
//! ```

use std::path::{Path, PathBuf};

use base64::Engine;
use oxagent_core::content::{ContentBlock, ToolResultContent};
use oxagent_core::tool::ToolOutput;
use serde_json::{json, Map, Value};

/// How long a result may be, in characters of text, before it is saved to a file (unless
/// the tool lists a `maxResultSizeChars` of its own).
const DEFAULT_MAX_CHARS: usize = 50_000;
const PREVIEW_BYTES: usize = 2000;

pub(super) struct Render<'a> {
    pub server: &'a str,
    /// The tool's full name (`mcp__<server>__<tool>`).
    pub tool: &'a str,
    pub max_chars: Option<usize>,
    /// Where saved content goes; nothing is saved without one.
    pub dir: Option<PathBuf>,
    pub tool_use_id: &'a str,
}

impl Render<'_> {
    pub async fn output(&self, result: &Value) -> ToolOutput {
        let items: &[Value] = result
            .get("content")
            .and_then(Value::as_array)
            .map_or(&[], Vec::as_slice);
        if result.get("isError") == Some(&json!(true)) {
            let texts: Vec<&str> = items
                .iter()
                .filter_map(|i| i.get("text").and_then(Value::as_str))
                .collect();
            // An error without content reads "Unknown error" (vh_mcp_results_text), one whose
            // texts are blank "Command failed with no output" (fj_pin_empty_texts).
            let text = match texts.join("\n") {
                _ if items.is_empty() => "Unknown error".to_string(),
                t if t.trim().is_empty() => "Command failed with no output".to_string(),
                t => t,
            };
            return ToolOutput::error(text.clone())
                .with_structured(json!(format!("Error: {text}")));
        }
        if let Some(structured) = result.get("structuredContent").filter(|s| s.is_object()) {
            let text = serde_json::to_string(structured).unwrap_or_default();
            return ToolOutput::text(text.clone())
                .with_structured(json!({"content": text, "structuredContent": structured}));
        }
        let mut blocks = Vec::new();
        let mut links = Vec::new();
        for (n, item) in items.iter().enumerate() {
            self.block(n, item, &mut blocks, &mut links).await;
        }
        let shown: Vec<Value> = blocks
            .iter()
            .map(|b| serde_json::to_value(b).unwrap_or(Value::Null))
            .collect();
        // Nothing but blank texts (or nothing at all) shows as no output; the caller still
        // gets the blocks (fj_pin_empty_texts).
        let blank = |b: &ContentBlock| matches!(b, ContentBlock::Text { text, .. } if text.trim().is_empty());
        if blocks.iter().all(blank) {
            return ToolOutput::text(format!("({} completed with no output)", self.tool))
                .with_structured(Value::Array(shown));
        }
        let structured = if links.is_empty() {
            Value::Array(shown.clone())
        } else {
            json!({"content": shown, "resourceLinks": links})
        };
        let chars: usize = blocks
            .iter()
            .map(|b| match b {
                ContentBlock::Text { text, .. } => text.chars().count(),
                _ => 0,
            })
            .sum();
        if chars > self.max_chars.unwrap_or(DEFAULT_MAX_CHARS) {
            if let Some(text) = self.persist(&shown).await {
                return ToolOutput::text(text).with_structured(structured);
            }
        }
        ToolOutput {
            follow_up: None,
            content: ToolResultContent::Blocks(blocks),
            is_error: None,
            structured: Some(structured),
        }
    }

    async fn block(
        &self,
        n: usize,
        item: &Value,
        blocks: &mut Vec<ContentBlock>,
        links: &mut Vec<Value>,
    ) {
        let s = |k: &str| item.get(k).and_then(Value::as_str);
        match s("type") {
            Some("text") => blocks.push(ContentBlock::text(s("text").unwrap_or(""))),
            Some("image") => {
                let (data, mime) = (s("data").unwrap_or(""), s("mimeType").unwrap_or(""));
                blocks.push(ContentBlock::Image {
                    source: json!({"type": "base64", "media_type": mime, "data": data}),
                });
                if let Some(path) = self.save(n, data, mime).await {
                    blocks.push(ContentBlock::text(format!(
                        "[Image: source: {}]",
                        path.display()
                    )));
                }
            }
            Some("audio") => {
                let note = self.binary(n, s("data"), s("mimeType")).await;
                blocks.push(ContentBlock::text(format!(
                    "[Audio from {}] {note}",
                    self.server
                )));
            }
            Some("resource_link") => {
                let mut text = format!(
                    "[Resource link: {}] {}",
                    s("name").unwrap_or(""),
                    s("uri").unwrap_or("")
                );
                if let Some(d) = s("description") {
                    text.push_str(&format!(" ({d})"));
                }
                blocks.push(ContentBlock::text(text));
                let mut link: Map<String, Value> = item.as_object().cloned().unwrap_or_default();
                link.remove("type");
                // The reference lists the uri first.
                let mut ordered = Map::new();
                if let Some(uri) = link.remove("uri") {
                    ordered.insert("uri".into(), uri);
                }
                ordered.extend(link);
                links.push(Value::Object(ordered));
            }
            Some("resource") => {
                let resource = item.get("resource").unwrap_or(&Value::Null);
                let r = |k: &str| resource.get(k).and_then(Value::as_str);
                let head = format!(
                    "[Resource from {} at {}]",
                    self.server,
                    r("uri").unwrap_or("")
                );
                let text = match r("text") {
                    Some(text) => format!("{head} {text}"),
                    None => format!("{head} {}", self.binary(n, r("blob"), r("mimeType")).await),
                };
                blocks.push(ContentBlock::text(text));
            }
            _ => {}
        }
    }

    /// Saves base64 content; the note the model reads about it.
    async fn binary(&self, n: usize, data: Option<&str>, mime: Option<&str>) -> String {
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(data.unwrap_or(""))
            .unwrap_or_default();
        let kind = mime.unwrap_or("unknown type");
        match self.save(n, data.unwrap_or(""), mime.unwrap_or("")).await {
            Some(path) => format!(
                "Binary content ({kind}, {} bytes) saved to {}",
                bytes.len(),
                path.display()
            ),
            None => format!("Binary content ({kind}, {} bytes)", bytes.len()),
        }
    }

    /// Writes base64 `data` as `<tool_use_id>-<n>.<ext>` in the results folder.
    async fn save(&self, n: usize, data: &str, mime: &str) -> Option<PathBuf> {
        let dir = self.dir.as_ref()?;
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(data)
            .ok()?;
        let path = dir.join(format!("{}-{n}.{}", self.tool_use_id, extension(mime)));
        write(dir, &path, &bytes).await.then_some(path)
    }

    /// Saves the whole result as JSON; the persisted-output text with its preview.
    async fn persist(&self, shown: &[Value]) -> Option<String> {
        let dir = self.dir.as_ref()?;
        let json = serde_json::to_string_pretty(shown).ok()?;
        persist_as(dir, &format!("{}.json", self.tool_use_id), &json).await
    }
}

/// How long any tool result may be, in characters, before the model reads it from a file
/// instead (a tool's own, larger limit does not lift it).
pub(super) const RESULT_CAP_CHARS: usize = 50_000;

/// Saves `text` as `file` in `dir`; the persisted-output text the model reads instead, with
/// a preview of the first 2KB. `None` when it cannot be saved.
pub(super) async fn persist_as(dir: &Path, file: &str, text: &str) -> Option<String> {
    let path = dir.join(file);
    if !write(dir, &path, text.as_bytes()).await {
        return None;
    }
    Some(format!(
        "<persisted-output>\nOutput too large ({}). Full output saved to: {}\n\nPreview (first 2KB):\n{}\n...\n</persisted-output>",
        format_size(text.len() as u64),
        path.display(),
        preview(text)
    ))
}

pub(super) async fn write(dir: &Path, path: &Path, bytes: &[u8]) -> bool {
    tokio::fs::create_dir_all(dir).await.is_ok() && tokio::fs::write(path, bytes).await.is_ok()
}

/// A file extension for a media type: its subtype (`image/png` -> `png`), `bin` if unknown.
pub(super) fn extension(mime: &str) -> String {
    let sub = mime.split(['/', ';']).nth(1).unwrap_or("").trim();
    let sub = sub.strip_prefix("x-").unwrap_or(sub);
    match sub {
        "" => "bin".into(),
        "jpeg" => "jpg".into(),
        "mpeg" => "mp3".into(),
        "svg+xml" => "svg".into(),
        s if s.chars().all(|c| c.is_ascii_alphanumeric()) => s.to_string(),
        _ => "bin".into(),
    }
}

/// The first 2,000 bytes ("2KB"), ending on a line break when one lies in their second half.
fn preview(s: &str) -> &str {
    if s.len() <= PREVIEW_BYTES {
        return s;
    }
    let mut end = PREVIEW_BYTES;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    let cut = &s[..end];
    match cut.rfind('\n') {
        Some(nl) if nl > PREVIEW_BYTES / 2 => &cut[..nl],
        _ => cut,
    }
}

/// A byte count as the reference prints sizes: `512 bytes`, `58.6KB`, `3KB`, `1.2MB`.
fn format_size(bytes: u64) -> String {
    let one_decimal = |v: f64| {
        let s = format!("{v:.1}");
        s.strip_suffix(".0").map(str::to_string).unwrap_or(s)
    };
    const KB: f64 = 1024.0;
    let b = bytes as f64;
    if b < KB {
        format!("{bytes} bytes")
    } else if b < KB * KB {
        format!("{}KB", one_decimal(b / KB))
    } else {
        format!("{}MB", one_decimal(b / KB / KB))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn render(dir: Option<PathBuf>, max_chars: Option<usize>) -> Render<'static> {
        Render {
            server: "kit",
            tool: "mcp__kit__t",
            max_chars,
            dir,
            tool_use_id: "toolu_01",
        }
    }

    fn texts(out: &ToolOutput) -> Vec<String> {
        match &out.content {
            ToolResultContent::Blocks(b) => b
                .iter()
                .filter_map(|b| match b {
                    ContentBlock::Text { text, .. } => Some(text.clone()),
                    _ => None,
                })
                .collect(),
            ToolResultContent::Text(t) => vec![t.clone()],
        }
    }

    #[tokio::test]
    async fn renders_content_kinds() {
        let dir = tempfile::tempdir().unwrap();
        let r = render(Some(dir.path().to_path_buf()), None);
        let out = r
            .output(&json!({"content": [
                {"type": "image", "data": "AAEC", "mimeType": "image/png"},
                {"type": "resource_link", "uri": "file:///a", "name": "a", "description": "A"},
                {"type": "resource", "resource": {"uri": "u", "text": "in"}},
                {"type": "resource", "resource": {"uri": "v", "blob": "AAEC"}},
                {"type": "audio", "data": "AAEC", "mimeType": "audio/wav"},
            ]}))
            .await;
        let d = dir.path().display();
        assert_eq!(
            texts(&out),
            [
                format!("[Image: source: {d}/toolu_01-0.png]"),
                "[Resource link: a] file:///a (A)".to_string(),
                "[Resource from kit at u] in".to_string(),
                format!("[Resource from kit at v] Binary content (unknown type, 3 bytes) saved to {d}/toolu_01-3.bin"),
                format!("[Audio from kit] Binary content (audio/wav, 3 bytes) saved to {d}/toolu_01-4.wav"),
            ]
        );
        assert_eq!(
            out.structured.unwrap()["resourceLinks"],
            json!([{"uri": "file:///a", "name": "a", "description": "A"}])
        );
        assert_eq!(
            std::fs::read(dir.path().join("toolu_01-4.wav")).unwrap(),
            [0, 1, 2]
        );
    }

    #[tokio::test]
    async fn errors_empty_structured_and_long_results() {
        let r = render(None, None);
        let out = r
            .output(&json!({"content": [{"type": "text", "text": "bad"}], "isError": true}))
            .await;
        assert_eq!(
            out,
            ToolOutput::error("bad").with_structured(json!("Error: bad"))
        );
        let out = r.output(&json!({"content": [], "isError": true})).await;
        assert_eq!(
            out,
            ToolOutput::error("Unknown error").with_structured(json!("Error: Unknown error"))
        );
        let out = r.output(&json!({"content": []})).await;
        assert_eq!(texts(&out), ["(mcp__kit__t completed with no output)"]);
        // Blank texts are no output either, the caller still gets them; an error of blank
        // texts says the call failed with none (fj_pin_empty_texts).
        let blank = json!([{"type": "text", "text": ""}, {"type": "text", "text": " \n"}]);
        let out = r.output(&json!({"content": blank})).await;
        assert_eq!(texts(&out), ["(mcp__kit__t completed with no output)"]);
        assert_eq!(out.structured, Some(blank.clone()));
        let out = r
            .output(
                &json!({"content": [{"type": "text", "text": ""}, {"type": "text", "text": "x"}]}),
            )
            .await;
        assert_eq!(texts(&out), ["", "x"]);
        let out = r.output(&json!({"content": blank, "isError": true})).await;
        assert_eq!(
            out,
            ToolOutput::error("Command failed with no output")
                .with_structured(json!("Error: Command failed with no output"))
        );
        let out = r
            .output(&json!({"content": [], "structuredContent": {"n": 1}}))
            .await;
        assert_eq!(texts(&out), ["{\"n\":1}"]);
        let dir = tempfile::tempdir().unwrap();
        let r = render(Some(dir.path().to_path_buf()), Some(20));
        let long = "x".repeat(30);
        let out = r
            .output(&json!({"content": [{"type": "text", "text": long}]}))
            .await;
        let text = &texts(&out)[0];
        let saved = std::fs::read_to_string(dir.path().join("toolu_01.json")).unwrap();
        let head = format!(
            "<persisted-output>\nOutput too large ({} bytes). Full output saved to: {}/toolu_01.json",
            saved.len(),
            dir.path().display()
        );
        assert!(text.starts_with(&head), "{text}");
        assert!(text.ends_with(&format!(
            "\"text\": \"{long}\"\n  }}\n]\n...\n</persisted-output>"
        )));
    }
}

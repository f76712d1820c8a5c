//! Read for files that are not plain text: images, PDFs, Jupyter notebooks, and the refusal
//! for other binary files.
//!
//! Images go to the model as a base64 `image` block, PDFs as a `document` block, notebooks as
//! one text block per cell (code cell outputs follow their cell, image outputs as images).

use std::path::Path;

use base64::Engine as _;
use oxagent_core::content::{ContentBlock, ToolResultContent};
use oxagent_core::tool::ToolOutput;
use serde_json::{json, Value};

use super::file_state::FileState;
use crate::results::plain_error;

/// What Read does with a file, decided from its extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MediaKind {
    Text,
    Image(&'static str),
    Pdf,
    Notebook,
    Binary,
}

/// Extensions of formats that are never text (the model gets a refusal, not mojibake).
const BINARY_EXTENSIONS: &[&str] = &[
    "exe", "dll", "so", "dylib", "bin", "o", "a", "obj", "lib", "class", "jar", "war", "pyc",
    "pyo", "zip", "tar", "gz", "tgz", "bz2", "xz", "zst", "7z", "rar", "iso", "dmg", "img", "mp3",
    "mp4", "wav", "avi", "mov", "mkv", "flac", "ogg", "webm", "m4a", "aac", "wma", "wmv", "flv",
    "bmp", "ico", "tif", "tiff", "psd", "heic", "ttf", "otf", "woff", "woff2", "eot", "sqlite",
    "sqlite3", "db", "pdb", "wasm", "deb", "rpm", "apk", "msi", "doc", "docx", "xls", "xlsx",
    "ppt", "pptx", "odt", "ods", "odp", "node", "dat",
];

fn extension(path: &Path) -> Option<String> {
    path.extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
}

pub fn kind_of(path: &Path) -> MediaKind {
    match extension(path).as_deref() {
        Some("png") => MediaKind::Image("image/png"),
        Some("jpg" | "jpeg") => MediaKind::Image("image/jpeg"),
        Some("gif") => MediaKind::Image("image/gif"),
        Some("webp") => MediaKind::Image("image/webp"),
        Some("pdf") => MediaKind::Pdf,
        Some("ipynb") => MediaKind::Notebook,
        Some(ext) if BINARY_EXTENSIONS.contains(&ext) => MediaKind::Binary,
        _ => MediaKind::Text,
    }
}

/// Whether file content is binary: a NUL byte early on, as ripgrep and git decide it.
pub fn looks_binary(bytes: &[u8]) -> bool {
    bytes.iter().take(8192).any(|b| *b == 0)
}

/// The refusal for a binary file.
pub fn binary_text(path: &Path) -> String {
    let kind = match extension(path) {
        Some(ext) => format!("a binary .{ext} file"),
        None => "a binary file".to_string(),
    };
    format!(
        "This tool cannot read binary files. The file appears to be {kind}. Use a skill for this \
         file type if one is available, or a shell command or script that can read the format."
    )
}

fn base64(bytes: &[u8]) -> String {
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

fn image_block(data: String, media_type: &str) -> ContentBlock {
    ContentBlock::Image {
        source: json!({"type": "base64", "data": data, "media_type": media_type}),
    }
}

/// Reads an image file: sent as the type its bytes are (a PNG named `.jpg` is a PNG); an
/// empty file, bytes of no image type, or a header without dimensions are refused with the
/// reference's texts.
pub async fn read_image(path: &Path, _named: &'static str, token_cap: Option<u32>) -> ToolOutput {
    let bytes = match tokio::fs::read(path).await {
        Ok(b) => b,
        Err(e) => return plain_error(e.to_string()),
    };
    if bytes.is_empty() {
        return plain_error(format!("Image file is empty: {}", path.display()));
    }
    let Some(media_type) = oxagent_core::content::sniff_image(&bytes) else {
        let hex: Vec<String> = bytes.iter().take(8).map(|b| format!("{b:02x}")).collect();
        return plain_error(format!(
            "File has an image extension but its content is not a valid PNG/JPEG/GIF/WebP. \
             Detected: unrecognized bytes (hex: {}). This usually means a download saved an \
             error/login page instead of the image. Use `file \"{p}\"` to confirm, or read it \
             as text with Bash (e.g. `head -c 500`).",
            hex.join(" "),
            p = path.display()
        ));
    };
    let Ok(size) = imagesize::blob_size(&bytes) else {
        return plain_error(
            "Unable to resize image — image processing is unavailable and dimensions could not \
             be read from the file header. Please convert the image to PNG, JPEG, GIF, or WebP.",
        );
    };
    // Past the API's bounds the image is sent scaled down, with a note for the model.
    let original = (size.width as u32, size.height as u32);
    let sent = super::image_scale::fit(&bytes, media_type, original, token_cap);
    let (data, media_type, shown) = match &sent {
        Some(s) => (base64(&s.bytes), s.media_type, s.size),
        None => (base64(&bytes), media_type, original),
    };
    let file = json!({"base64": data, "type": media_type, "originalSize": bytes.len(),
        "dimensions": {"originalWidth": original.0, "originalHeight": original.1,
            "displayWidth": shown.0, "displayHeight": shown.1}});
    ToolOutput {
        follow_up: super::image_fit::coordinates_note(original, shown).map(Box::new),
        content: ToolResultContent::Blocks(vec![image_block(data, media_type)]),
        is_error: None,
        structured: Some(json!({"type": "image", "file": file})),
    }
}

/// Whether `pages` is one page (`3`) or one range (`1-5`), counted from 1.
pub fn valid_pages(pages: &str) -> bool {
    let page = |s: &str| s.parse::<u64>().is_ok_and(|n| n >= 1);
    match pages.trim().split_once('-') {
        Some((a, b)) => page(a.trim()) && page(b.trim()),
        None => page(pages.trim()),
    }
}

/// The refusal of a `pages` that is neither one page nor one range.
pub fn pages_error(pages: &str) -> String {
    format!(
        "Invalid pages parameter: \"{pages}\". Give one page (\"3\") or one range (\"1-5\"), not a \
         list. To read several pages or ranges, read each one separately. Pages are 1-indexed."
    )
}

pub async fn read_pdf(path: &Path, pages: Option<&str>) -> ToolOutput {
    let bytes = match tokio::fs::read(path).await {
        Ok(b) => b,
        Err(e) => return plain_error(e.to_string()),
    };
    if !bytes.starts_with(b"%PDF-") {
        return plain_error(format!(
            "File is not a valid PDF (missing %PDF- header): {}",
            path.display()
        ));
    }
    if pages.is_some() {
        // Pages are rendered with poppler's pdftoppm, which the reference asks for first.
        return plain_error(
            if crate::shell::sandbox::find_on_path("pdftoppm").is_none() {
                "pdftoppm is not installed. Install poppler-utils (e.g. `brew install poppler` or \
             `apt-get install poppler-utils`) to enable PDF page rendering."
            } else {
                "Reading single PDF pages is not supported here. Read the whole PDF without `pages`."
            },
        );
    }
    let data = base64(&bytes);
    let note = ContentBlock::text(format!(
        "PDF file read: {} ({} bytes)",
        path.display(),
        bytes.len()
    ));
    let block = ContentBlock::Other(json!({"type": "document", "source":
        {"type": "base64", "media_type": "application/pdf", "data": data}}));
    ToolOutput {
        follow_up: None,
        content: ToolResultContent::Blocks(vec![note, block]),
        is_error: None,
        structured: Some(json!({"type": "pdf", "file":
            // The path resolved, however the call wrote it (fb_220).
            {"filePath": path.display().to_string(), "base64": data, "originalSize": bytes.len()}})),
    }
}

/// A notebook field that is a string or a list of strings (both are valid nbformat).
fn joined(v: Option<&Value>) -> String {
    match v {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Array(parts)) => parts.iter().filter_map(Value::as_str).collect(),
        _ => String::new(),
    }
}

/// The model's view of one code cell output: text, or an image block.
fn render_output(output: &Value, blocks: &mut Vec<ContentBlock>) -> Value {
    let kind = output
        .get("output_type")
        .and_then(Value::as_str)
        .unwrap_or("");
    let text = match kind {
        "stream" => joined(output.get("text")),
        // The error's name and value, then its traceback lines.
        "error" => {
            let mut text = format!(
                "{}: {}",
                output
                    .get("ename")
                    .and_then(Value::as_str)
                    .unwrap_or("Error"),
                output.get("evalue").and_then(Value::as_str).unwrap_or("")
            );
            let traceback = output.get("traceback").and_then(Value::as_array);
            for line in traceback.into_iter().flatten().filter_map(Value::as_str) {
                text.push('\n');
                text.push_str(line);
            }
            text
        }
        _ => joined(output.get("data").and_then(|d| d.get("text/plain"))),
    };
    if !text.is_empty() {
        // Set off from its cell by a blank line once the texts are joined.
        blocks.push(ContentBlock::text(format!("\n{text}")));
    }
    let mut shown = json!({"output_type": kind, "text": text});
    // Its image after its text, as the reference shows them.
    let data = output.get("data");
    for media_type in ["image/png", "image/jpeg"] {
        if let Some(img) = data.and_then(|d| d.get(media_type)) {
            let b64: String = joined(Some(img)).split_whitespace().collect();
            blocks.push(image_block(b64.clone(), media_type));
            shown["image"] = json!({"image_data": b64, "media_type": media_type});
        }
    }
    shown
}

/// Neighbouring text blocks as one, joined by line breaks (images stay blocks of their own).
fn joined_texts(blocks: Vec<ContentBlock>) -> Vec<ContentBlock> {
    let mut out: Vec<ContentBlock> = Vec::new();
    for block in blocks {
        if let (ContentBlock::Text { text: add, .. }, Some(ContentBlock::Text { text, .. })) =
            (&block, out.last_mut())
        {
            text.push('\n');
            text.push_str(add);
            continue;
        }
        out.push(block);
    }
    out
}

/// Whether `v` has the shape of a notebook: `cells`, an array of objects with a `source`.
fn is_notebook(v: &Value) -> bool {
    let Some(cells) = v.get("cells").and_then(Value::as_array) else {
        return false;
    };
    cells.iter().all(|c| {
        c.is_object()
            && match c.get("source") {
                Some(Value::String(_)) => true,
                Some(Value::Array(parts)) => parts.iter().all(Value::is_string),
                _ => false,
            }
    })
}

/// A JSON syntax error as the reference's JavaScript engine words it (`Unexpected EOF`,
/// `Unexpected identifier "not"`).
fn parse_error_words(raw: &str, e: &serde_json::Error) -> String {
    if e.is_eof() {
        return "Unexpected EOF".into();
    }
    // Where the error is: line and column, 1-based.
    let offset: usize = raw
        .split_inclusive('\n')
        .take(e.line().saturating_sub(1))
        .map(str::len)
        .sum::<usize>()
        + e.column().saturating_sub(1);
    let rest = raw.get(offset..).unwrap_or("");
    let start = raw
        .get(..offset)
        .unwrap_or("")
        .rfind(|c: char| !c.is_ascii_alphanumeric() && c != '_')
        .map_or(0, |i| i + 1);
    let word: String = raw
        .get(start..)
        .unwrap_or("")
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    if !word.is_empty() && word.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return format!("Unexpected identifier \"{word}\"");
    }
    match rest.chars().next() {
        Some(c) => format!("Unrecognized token '{c}'"),
        None => "Unexpected EOF".into(),
    }
}

pub async fn read_notebook(path: &Path, shown_path: &str, files: &FileState) -> ToolOutput {
    let raw = match tokio::fs::read_to_string(path).await {
        Ok(s) => s,
        Err(e) => return plain_error(e.to_string()),
    };
    let notebook: Value = match serde_json::from_str(&raw) {
        Ok(v) => v,
        Err(e) => {
            return plain_error(format!(
                "Notebook file is not valid JSON (it may be truncated, corrupted, or still being \
                 written): JSON Parse error: {}",
                parse_error_words(&raw, &e)
            ))
        }
    };
    if !is_notebook(&notebook) {
        return plain_error(
            "Notebook file is not a valid Jupyter notebook (top-level \"cells\" must be an array \
             of cell objects, each with a string or string-array \"source\").",
        );
    }
    files.record(path, &raw);
    let language = notebook
        .pointer("/metadata/language_info/name")
        .and_then(Value::as_str)
        .unwrap_or("python")
        .to_string();
    let mut blocks = Vec::new();
    let mut cells = Vec::new();
    let empty = Vec::new();
    let nb_cells = notebook
        .get("cells")
        .and_then(Value::as_array)
        .unwrap_or(&empty);
    for (i, cell) in nb_cells.iter().enumerate() {
        let cell_type = cell
            .get("cell_type")
            .and_then(Value::as_str)
            .unwrap_or("code");
        let id = cell
            .get("id")
            .and_then(Value::as_str)
            .map(str::to_string)
            .unwrap_or(format!("cell-{i}"));
        let source = joined(cell.get("source"));
        let type_tag = if cell_type == "code" {
            String::new()
        } else {
            format!("<cell_type>{cell_type}</cell_type>")
        };
        blocks.push(ContentBlock::text(format!(
            "<cell id=\"{id}\">{type_tag}{source}</cell id=\"{id}\">"
        )));
        let mut entry = json!({"cellType": cell_type, "source": source, "cell_id": id});
        if cell_type == "code" {
            entry["language"] = Value::String(language.clone());
            if let Some(n) = cell.get("execution_count").filter(|n| !n.is_null()) {
                entry["execution_count"] = n.clone();
            }
            let outputs: Vec<Value> = cell
                .get("outputs")
                .and_then(Value::as_array)
                .map(|outs| outs.iter().map(|o| render_output(o, &mut blocks)).collect())
                .unwrap_or_default();
            if !outputs.is_empty() {
                entry["outputs"] = Value::Array(outputs);
            }
        }
        cells.push(entry);
    }
    // A notebook without cells reads as a Read that gave nothing.
    let content = if blocks.is_empty() {
        ToolResultContent::Text("(Read completed with no output)".into())
    } else {
        ToolResultContent::Blocks(joined_texts(blocks))
    };
    ToolOutput {
        follow_up: None,
        content,
        is_error: None,
        structured: Some(
            json!({"type": "notebook", "file": {"filePath": shown_path, "cells": cells}}),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notebook_texts_are_joined() {
        let blocks = vec![
            ContentBlock::text("a"),
            ContentBlock::text("b"),
            ContentBlock::text("\n1\n"),
        ];
        match &joined_texts(blocks)[..] {
            [ContentBlock::Text { text, .. }] => assert_eq!(text, "a\nb\n\n1\n"),
            other => panic!("{other:?}"),
        }
    }
}

//! Read: the texts and `tool_use_result` values of the read_* goldens, and the media paths.

use crate::common::{text, Ws};
use oxagent_core::content::{ContentBlock, ToolResultContent};
use serde_json::json;

#[tokio::test]
async fn whole_file_is_numbered_with_a_final_empty_line() {
    let w = Ws::new();
    w.file("data.txt", "alpha\nbeta\n\tgamma with tab\n\ndelta\n");
    let path = w.sub("<WS>/data.txt");
    let out = w.call("Read", json!({"file_path": path})).await;
    assert_eq!(
        text(&out),
        "1\talpha\n2\tbeta\n3\t\tgamma with tab\n4\t\n5\tdelta\n6\t"
    );
    assert_eq!(out.is_error, None);
    assert_eq!(
        out.structured,
        Some(json!({"type": "text", "file": {"filePath": path,
            "content": "alpha\nbeta\n\tgamma with tab\n\ndelta\n", "numLines": 6, "startLine": 1, "totalLines": 6}}))
    );
}

#[tokio::test]
async fn empty_file_gets_a_warning_not_an_error() {
    let w = Ws::new();
    w.file("empty.txt", "");
    let path = w.sub("<WS>/empty.txt");
    let out = w.call("Read", json!({"file_path": path})).await;
    assert_eq!(
        text(&out),
        "<system-reminder>Warning: the file exists but the contents are empty.</system-reminder>"
    );
    assert_eq!(out.is_error, None);
    assert_eq!(
        out.structured,
        Some(
            json!({"type": "text", "file": {"filePath": path, "content": "", "numLines": 1, "startLine": 1, "totalLines": 1}})
        )
    );
}

#[tokio::test]
async fn many_lines_have_no_default_cap() {
    let w = Ws::new();
    let body: String = (1..=2100).map(|i| format!("L{i}\n")).collect();
    w.file("big.txt", &body);
    let out = w
        .call("Read", json!({"file_path": w.sub("<WS>/big.txt")}))
        .await;
    let t = text(&out);
    assert!(t.starts_with("1\tL1\n2\tL2\n"));
    assert!(t.ends_with("2099\tL2099\n2100\tL2100\n2101\t"));
    assert_eq!(out.structured.as_ref().unwrap()["file"]["numLines"], 2101);
    assert_eq!(out.structured.as_ref().unwrap()["file"]["totalLines"], 2101);
}

#[tokio::test]
async fn large_file_needs_offset_and_limit() {
    let w = Ws::new();
    let line = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcde\n";
    w.file("huge.txt", line.repeat(5000));
    w.file("many.txt", "x\n".repeat(5000));
    let huge = w.sub("<WS>/huge.txt");
    let out = w.call("Read", json!({"file_path": huge})).await;
    let msg = "File content (312.5KB) exceeds maximum allowed size (256KB). Use offset and limit parameters to read specific portions of the file, or search for specific content instead of reading the whole file. To read it anyway, up to what still fits in your context, call Read again with allow_large: true — only if you genuinely need all of it or the user asked for the whole file.";
    assert_eq!(text(&out), msg);
    assert_eq!(out.is_error, Some(true));
    assert_eq!(out.structured, Some(json!(format!("Error: {msg}"))));

    let out = w
        .call("Read", json!({"file_path": w.sub("<WS>/many.txt")}))
        .await;
    assert!(text(&out).ends_with("4999\tx\n5000\tx\n5001\t"));

    let out = w
        .call("Read", json!({"file_path": huge, "offset": 1, "limit": 2}))
        .await;
    let l = line.trim_end();
    assert_eq!(text(&out), format!("1\t{l}\n2\t{l}"));
    assert_eq!(
        out.structured,
        Some(
            json!({"type": "text", "file": {"filePath": huge, "content": format!("{l}\n{l}"),
            "numLines": 2, "startLine": 1, "totalLines": 5001}})
        )
    );

    // Only a limit lifts the cap: an offset alone still reads to the end.
    for offset in [0, 1, 10] {
        let out = w
            .call("Read", json!({"file_path": huge, "offset": offset}))
            .await;
        assert_eq!(text(&out), msg);
    }
    let out = w.call("Read", json!({"file_path": huge, "limit": 3})).await;
    assert_eq!(text(&out), format!("1\t{l}\n2\t{l}\n3\t{l}"));

    let out = w
        .call("Read", json!({"file_path": huge, "allow_large": true}))
        .await;
    assert_eq!(out.is_error, None);
    assert!(text(&out).ends_with("5001\t"));
}

#[tokio::test]
async fn directory_and_missing_file_errors_are_unwrapped() {
    let w = Ws::new();
    w.file("sub/a.txt", "a\n");
    let out = w
        .call("Read", json!({"file_path": w.sub("<WS>/sub")}))
        .await;
    assert_eq!(
        text(&out),
        w.sub("EISDIR: illegal operation on a directory, read '<WS>/sub'")
    );
    assert_eq!(out.is_error, Some(true));
    assert_eq!(
        out.structured,
        Some(json!(w.sub(
            "Error: EISDIR: illegal operation on a directory, read '<WS>/sub'"
        )))
    );

    let out = w
        .call("Read", json!({"file_path": w.sub("<WS>/nope.txt")}))
        .await;
    assert_eq!(
        text(&out),
        w.sub("File does not exist. Note: your current working directory is <WS>.")
    );
    assert_eq!(
        out.structured,
        Some(json!(w.sub(
            "Error: File does not exist. Note: your current working directory is <WS>."
        )))
    );
}

#[tokio::test]
async fn relative_paths_resolve_against_cwd_and_echo_as_given() {
    let w = Ws::new();
    w.file("relative.txt", "rel\n");
    let out = w.call("Read", json!({"file_path": "relative.txt"})).await;
    assert_eq!(text(&out), "1\trel\n2\t");
    assert_eq!(
        out.structured,
        Some(
            json!({"type": "text", "file": {"filePath": "relative.txt", "content": "rel\n",
            "numLines": 2, "startLine": 1, "totalLines": 2}})
        )
    );
}

#[tokio::test]
async fn offsets_window_the_file() {
    let w = Ws::new();
    let body: String = (1..=10).map(|i| format!("line {i}\n")).collect();
    w.file("ten.txt", &body);
    let p = w.sub("<WS>/ten.txt");
    let out = w
        .call("Read", json!({"file_path": p, "offset": 3, "limit": 2}))
        .await;
    assert_eq!(text(&out), "3\tline 3\n4\tline 4");
    assert_eq!(out.structured.as_ref().unwrap()["file"]["startLine"], 3);

    let out = w
        .call("Read", json!({"file_path": p, "offset": 0, "limit": 1}))
        .await;
    assert_eq!(text(&out), "0\tline 1");
    assert_eq!(out.structured.as_ref().unwrap()["file"]["startLine"], 0);

    let out = w.call("Read", json!({"file_path": p, "offset": 50})).await;
    assert_eq!(
        text(&out),
        "<system-reminder>Warning: the file exists but is shorter than the provided offset (50). The file has 11 lines.</system-reminder>"
    );
    assert_eq!(out.is_error, None);
}

#[tokio::test]
async fn crlf_reads_as_lf() {
    let w = Ws::new();
    w.file("win.txt", "one\r\ntwo\r\n");
    let out = w
        .call("Read", json!({"file_path": w.sub("<WS>/win.txt")}))
        .await;
    assert_eq!(text(&out), "1\tone\n2\ttwo\n3\t");
    assert_eq!(
        out.structured.as_ref().unwrap()["file"]["content"],
        "one\ntwo\n"
    );
}

#[tokio::test]
async fn binary_files_are_refused() {
    let w = Ws::new();
    w.file("blob.bin", [0u8, 1, 2, 3]);
    let out = w
        .call("Read", json!({"file_path": w.sub("<WS>/blob.bin")}))
        .await;
    let msg = "This tool cannot read binary files. The file appears to be a binary .bin file. Use a skill for this file type if one is available, or a shell command or script that can read the format.";
    assert_eq!(
        text(&out),
        format!("<tool_use_error>{msg}</tool_use_error>")
    );
    assert_eq!(out.structured, Some(json!(format!("Error: {msg}"))));

    // The extension decides: a .txt with NUL bytes is read, with a note for the model.
    w.file("data.txt", b"ab\0cd");
    let out = w
        .call("Read", json!({"file_path": w.sub("<WS>/data.txt")}))
        .await;
    assert_eq!(out.is_error, None);
    assert!(text(&out).starts_with("1\tab\0cd\n\n[This file has NUL bytes in its first 8 KB"));
}

#[tokio::test]
async fn invalid_utf8_is_read_with_a_note() {
    let w = Ws::new();
    w.file("latin.txt", b"caf\xe9\n");
    let out = w
        .call("Read", json!({"file_path": w.sub("<WS>/latin.txt")}))
        .await;
    assert!(text(&out).starts_with("1\tcaf\u{fffd}\n2\t\n\n[This file is not valid UTF-8"));
}

#[tokio::test]
async fn a_missing_file_names_its_namesake() {
    let w = Ws::new();
    w.file("data.txt", "d\n");
    let out = w
        .call("Read", json!({"file_path": w.sub("<WS>/data.md")}))
        .await;
    assert!(text(&out).ends_with(". Did you mean data.txt?"));
    let out = w
        .call("Read", json!({"file_path": w.sub("<WS>/dat.txt")}))
        .await;
    assert!(!text(&out).contains("Did you mean"));
}

/// The smallest valid PNG: 1x1, one gray pixel.
const PNG_1X1: &[u8] = &[
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x00, 0x00, 0x00, 0x00, 0x3a, 0x7e, 0x9b,
    0x55, 0x00, 0x00, 0x00, 0x0a, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0x60, 0x00, 0x00, 0x00,
    0x02, 0x00, 0x01, 0x48, 0xaf, 0xa4, 0x71, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae,
    0x42, 0x60, 0x82,
];

#[tokio::test]
async fn images_come_back_as_image_blocks() {
    use base64::Engine as _;
    let w = Ws::new();
    w.file("dot.png", PNG_1X1);
    let out = w
        .call("Read", json!({"file_path": w.sub("<WS>/dot.png")}))
        .await;
    let data = base64::engine::general_purpose::STANDARD.encode(PNG_1X1);
    assert_eq!(
        out.content,
        ToolResultContent::Blocks(vec![ContentBlock::Image {
            source: json!({"type": "base64", "data": data, "media_type": "image/png"})
        }])
    );
    assert_eq!(out.is_error, None);
    assert_eq!(
        out.structured,
        Some(
            json!({"type": "image", "file": {"base64": data, "type": "image/png", "originalSize": PNG_1X1.len(),
            "dimensions": {"originalWidth": 1, "originalHeight": 1, "displayWidth": 1, "displayHeight": 1}}})
        )
    );
}

#[tokio::test]
async fn notebooks_render_cell_by_cell() {
    let w = Ws::new();
    let nb = json!({"cells": [
        {"cell_type": "markdown", "id": "intro", "source": ["# Title\n", "text"]},
        {"cell_type": "code", "id": "c1", "source": "print(1)", "execution_count": 1,
         "outputs": [{"output_type": "stream", "name": "stdout", "text": ["1\n"]}]}
    ], "metadata": {"language_info": {"name": "python"}}, "nbformat": 4, "nbformat_minor": 5});
    w.file("n.ipynb", nb.to_string());
    let out = w
        .call("Read", json!({"file_path": w.sub("<WS>/n.ipynb")}))
        .await;
    assert_eq!(
        out.content,
        // One text: cells joined by line breaks, each output after a blank line.
        ToolResultContent::Blocks(vec![ContentBlock::text(
            "<cell id=\"intro\"><cell_type>markdown</cell_type># Title\ntext</cell id=\"intro\">\n\
             <cell id=\"c1\">print(1)</cell id=\"c1\">\n\n1\n"
        )])
    );
    let cells = &out.structured.as_ref().unwrap()["file"]["cells"];
    assert_eq!(
        cells[1],
        json!({"cellType": "code", "source": "print(1)", "cell_id": "c1", "language": "python",
        "execution_count": 1, "outputs": [{"output_type": "stream", "text": "1\n"}]})
    );
}

#[tokio::test]
async fn read_is_read_only_and_describes_its_path() {
    let w = Ws::new();
    let read = w.tool("Read");
    assert!(read.is_read_only(&json!({})));
    assert_eq!(
        read.describe_call(&json!({"file_path": w.sub("<WS>/src/a.rs")}))
            .as_deref(),
        Some("src/a.rs")
    );
}

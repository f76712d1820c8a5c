//! Read, Edit and Write of UTF-16LE files and of files with a byte-order mark
//! (xf_encoding_utf16_edit_write, xf_read_invalid_utf8_py): the text is read through the
//! mark and written back in the file's own encoding, mark included.

use crate::common::{text, Ws};
use serde_json::json;

const CURRENT: &str = "(file state is current in your context — no need to Read it back)";

fn utf16le(s: &str) -> Vec<u8> {
    let mut out = vec![0xff, 0xfe];
    out.extend(s.encode_utf16().flat_map(u16::to_le_bytes));
    out
}

#[tokio::test]
async fn utf16le_files_are_read_edited_and_written_behind_their_mark() {
    let w = Ws::new();
    w.file("u.txt", utf16le("hi\r\nthere\r\n"));
    w.file("v.txt", utf16le("one\n"));
    let u = w.sub("<WS>/u.txt");
    let v = w.sub("<WS>/v.txt");

    let out = w.call("Read", json!({"file_path": u})).await;
    assert_eq!(text(&out), "1\thi\n2\tthere\n3\t");
    assert_eq!(out.structured.unwrap()["file"]["content"], "hi\nthere\n");

    let out = w
        .call(
            "Edit",
            json!({"file_path": u, "old_string": "there", "new_string": "world"}),
        )
        .await;
    assert_eq!(
        text(&out),
        format!("The file {u} has been updated successfully. {CURRENT}")
    );
    let result = out.structured.unwrap();
    assert_eq!(result["originalFile"], "\u{feff}hi\nthere\n");
    assert_eq!(
        result["structuredPatch"][0]["lines"],
        json!([" \u{feff}hi", "-there", "+world"])
    );
    // The CRLF line ends and the encoding stay.
    assert_eq!(
        std::fs::read(w.ws.join("u.txt")).unwrap(),
        utf16le("hi\r\nworld\r\n")
    );

    w.call("Read", json!({"file_path": v})).await;
    let out = w
        .call("Write", json!({"file_path": v, "content": "two\n"}))
        .await;
    assert_eq!(
        text(&out),
        format!("The file {v} has been updated successfully. {CURRENT}")
    );
    assert_eq!(
        out.structured,
        Some(
            json!({"type": "update", "filePath": v, "content": "\u{feff}two\n",
            "structuredPatch": [{"oldStart": 1, "oldLines": 1, "newStart": 1, "newLines": 1,
                "lines": ["-\u{feff}one", "+\u{feff}two"]}],
            "originalFile": "\u{feff}one\n", "userModified": false})
        )
    );
    assert_eq!(std::fs::read(w.ws.join("v.txt")).unwrap(), utf16le("two\n"));
}

#[tokio::test]
async fn a_write_keeps_a_utf8_mark_unless_the_content_is_empty() {
    let w = Ws::new();
    w.file("b.txt", b"\xef\xbb\xbfone\n");
    w.file("c.txt", b"\xef\xbb\xbfone\n");
    let b = w.sub("<WS>/b.txt");
    let c = w.sub("<WS>/c.txt");
    let out = w
        .call("Write", json!({"file_path": b, "content": "two\n"}))
        .await;
    assert_eq!(out.structured.unwrap()["content"], "\u{feff}two\n");
    assert_eq!(w.read("b.txt"), "\u{feff}two\n");
    let out = w
        .call("Write", json!({"file_path": c, "content": ""}))
        .await;
    assert_eq!(out.structured.unwrap()["content"], "");
    assert_eq!(w.read("c.txt"), "");
}

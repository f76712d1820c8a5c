//! The rules the conformance-in-depth areas found (tests/conformance/FINDINGS.md, "Large
//! outputs" and "Paths"), checked at every size around each limit and for every path shape,
//! against a model of the rule written out here.

use crate::common::{text, Ws};
use oxagent_tools::shell::large_output::{preview, truncate_error, utf16_len};
use oxagent_tools::shell::output::strip_blank_edges;
use serde_json::json;

/// The preview rule: the first 2,000 UTF-16 units (a pair never split), cut back to the last
/// line break when that lies past unit 1,000; whether something was left out.
fn model_preview(s: &str) -> (String, bool) {
    let units: Vec<u16> = s.encode_utf16().collect();
    if units.len() <= 2000 {
        return (s.to_string(), false);
    }
    let mut end = 2000;
    if (0xD800..0xDC00).contains(&units[end - 1]) {
        end -= 1;
    }
    let head = String::from_utf16(&units[..end]).unwrap();
    let cut = match head.rfind('\n') {
        Some(nl) if head[..nl].encode_utf16().count() > 1000 => head[..nl].to_string(),
        _ => head,
    };
    (cut, true)
}

#[test]
fn the_preview_at_every_length_and_line_break_around_its_limits() {
    let mut checked = 0;
    for len in 1990..=2010 {
        for nl in [
            None,
            Some(998),
            Some(999),
            Some(1000),
            Some(1001),
            Some(1002),
        ]
        .into_iter()
        .chain((1995..=2001).map(Some))
        {
            for filler in ['x', 'é', '😀'] {
                let mut s: Vec<char> = std::iter::repeat_n(filler, len).collect();
                if let Some(p) = nl.filter(|&p| p < len) {
                    s[p] = '\n';
                }
                let s: String = s.into_iter().collect();
                let (head, more) = preview(&s);
                assert_eq!(
                    (head.to_string(), more),
                    model_preview(&s),
                    "len {len}, line break at {nl:?}, filler {filler:?}"
                );
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 21 * 13 * 3);
}

#[test]
fn an_error_is_cut_in_the_middle_past_11024_units_at_every_length() {
    for len in 11_015usize..=11_035 {
        for filler in ["x", "é", "😀"] {
            let text = filler.repeat(len.div_ceil(utf16_len(filler)));
            let units = utf16_len(&text);
            let cut = truncate_error(&text);
            if units <= 11_024 {
                assert_eq!(cut, text, "{units} units are kept whole");
            } else {
                let note = format!("\n\n... [{} characters truncated] ...\n\n", units - 10_000);
                let (start, end) = cut.split_once(&note).expect("the note");
                assert!(utf16_len(start) <= 5_000 && utf16_len(start) >= 4_999);
                assert!(utf16_len(end) <= 5_000 && utf16_len(end) >= 4_999);
                assert!(text.starts_with(start) && text.ends_with(end));
            }
        }
    }
}

/// Bash output of `n` bytes under `limit`: saved whole when over it, `stdout` its first
/// `limit` bytes trimmed (a split character read as U+FFFD), the model's text the output or
/// the persisted-output preview of what was kept.
#[tokio::test]
async fn bash_output_at_every_size_around_the_limit() {
    let w = Ws::new();
    let mut calls = 0;
    for limit in [1_000usize, 30_000] {
        for n in limit - 3..=limit + 3 {
            for kind in ["ascii", "lines", "two_byte_at_limit"] {
                let mut bytes: Vec<u8> = match kind {
                    "lines" => (0..n)
                        .map(|i| if i % 50 == 49 { b'\n' } else { b'a' })
                        .collect(),
                    _ => vec![b'x'; n],
                };
                if kind == "two_byte_at_limit" {
                    // An "é" whose two bytes sit on either side of the limit (the last two
                    // bytes when the output is not over it).
                    let at = if n > limit { limit - 1 } else { n - 2 };
                    bytes[at] = 0xC3;
                    bytes[at + 1] = 0xA9;
                }
                let rel = format!("out_{limit}_{n}_{kind}.bin");
                w.file(&rel, &bytes);
                calls += 1;
                let id = format!("toolu_{calls:03}");
                let mut ctx = w.ctx(&id);
                ctx.env
                    .insert("BASH_MAX_OUTPUT_LENGTH".into(), limit.to_string());
                let out = w
                    .tool("Bash")
                    .call(json!({"command": format!("cat {rel}")}), &ctx)
                    .await;
                let what = format!("limit {limit}, {n} bytes, {kind}");
                let s = out.structured.clone().expect("a structured result");
                let kept = strip_blank_edges(&String::from_utf8_lossy(&bytes[..n.min(limit)]));
                assert_eq!(s["stdout"], kept.as_str(), "{what}");
                let t = text(&out);
                if n > limit {
                    let saved =
                        std::path::PathBuf::from(s["persistedOutputPath"].as_str().unwrap());
                    assert_eq!(std::fs::read(&saved).unwrap(), bytes, "{what}: saved whole");
                    assert_eq!(s["persistedOutputSize"], n, "{what}");
                    let (head, more) = model_preview(&kept);
                    let want = format!(
                        "<persisted-output>\nOutput too large ({}). Full output saved to: {}\n\nPreview (first 2KB):\n{head}\n{}</persisted-output>",
                        oxagent_tools::paths::format_size(n as u64),
                        saved.display(),
                        if more { "...\n" } else { "" }
                    );
                    assert_eq!(t, want, "{what}");
                } else {
                    assert!(s.get("persistedOutputPath").is_none(), "{what}: not saved");
                    assert_eq!(t, kept, "{what}");
                }
            }
        }
    }
    assert_eq!(calls, 2 * 7 * 3);
}

const CURRENT: &str = "(file state is current in your context — no need to Read it back)";

/// A Write names the path as the model wrote it, whatever its shape, and writes where the
/// path resolves lexically (`~` from HOME, `..` and `.` removed, links kept).
#[tokio::test]
async fn write_reports_every_path_shape_as_written() {
    let w = Ws::new();
    std::fs::create_dir_all(w.ws.join("sub/deeper")).unwrap();
    let ws = w.ws.display().to_string();
    let shapes: Vec<(String, &str)> = vec![
        ("a.txt".into(), "a.txt"),
        ("./b.txt".into(), "b.txt"),
        ("sub/../c.txt".into(), "c.txt"),
        ("sub/./d.txt".into(), "sub/d.txt"),
        ("sub//e.txt".into(), "sub/e.txt"),
        ("sub/deeper/../../f.txt".into(), "f.txt"),
        ("new/dir/g.txt".into(), "new/dir/g.txt"),
        (format!("{ws}/h.txt"), "h.txt"),
        (format!("{ws}/./sub/../i.txt"), "i.txt"),
        (format!("{ws}//sub///j.txt"), "sub/j.txt"),
        (format!("{ws}/sub/deeper/../k.txt"), "sub/k.txt"),
    ];
    for (i, (input, lands)) in shapes.iter().enumerate() {
        let content = format!("shape {i}\n");
        let out = w
            .call("Write", json!({"file_path": input, "content": content}))
            .await;
        assert_eq!(
            text(&out),
            format!("File created successfully at: {input} {CURRENT}"),
            "{input}"
        );
        assert_eq!(w.read(lands), content, "{input} lands at {lands}");
    }
}

//! Glob and Grep: the texts, orders and `tool_use_result` values of the glob_patterns,
//! grep_filters and grep_output_modes goldens.

use crate::common::{text, Ws};
use serde_json::{json, Value};

fn without_duration(v: Option<Value>) -> Value {
    let mut v = v.unwrap();
    v.as_object_mut().unwrap().remove("durationMs");
    v
}

fn glob_ws() -> Ws {
    let w = Ws::new();
    for (f, c, t) in [
        ("src/a.py", "a=1\n", 1_700_000_300),
        ("src/b.py", "b=2\n", 1_700_000_100),
        ("src/sub/c.py", "c=3\n", 1_700_000_200),
        ("README.md", "# readme\n", 1_700_000_000),
        ("notes.txt", "n\n", 1_700_000_400),
        ("src/d.txt", "d\n", 1_700_000_500),
    ] {
        w.file(f, c);
        w.mtime(f, t);
    }
    w
}

#[tokio::test]
async fn glob_orders_oldest_first_relative_to_cwd() {
    let w = glob_ws();
    let out = w.call("Glob", json!({"pattern": "**/*.py"})).await;
    assert_eq!(text(&out), "src/b.py\nsrc/sub/c.py\nsrc/a.py");
    assert_eq!(out.is_error, None);
    assert_eq!(
        without_duration(out.structured),
        json!({"filenames": ["src/b.py", "src/sub/c.py", "src/a.py"], "numFiles": 3, "truncated": false,
            "totalMatches": 3, "countIsComplete": true})
    );

    let out = w.call("Glob", json!({"pattern": "*.txt"})).await;
    assert_eq!(text(&out), "notes.txt\nsrc/d.txt");

    let out = w
        .call(
            "Glob",
            json!({"pattern": "*.py", "path": w.sub("<WS>/src")}),
        )
        .await;
    assert_eq!(text(&out), "src/b.py\nsrc/sub/c.py\nsrc/a.py");

    let out = w.call("Glob", json!({"pattern": "**/*.rs"})).await;
    assert_eq!(text(&out), "No files found");
    assert_eq!(
        without_duration(out.structured),
        json!({"filenames": [], "numFiles": 0, "truncated": false, "totalMatches": 0, "countIsComplete": true})
    );

    let out = w.call("Glob", json!({"pattern": "src/*.py"})).await;
    assert_eq!(text(&out), "src/b.py\nsrc/a.py");

    let out = w
        .call("Glob", json!({"pattern": w.sub("<WS>/src/**/*.py")}))
        .await;
    assert_eq!(text(&out), "src/b.py\nsrc/sub/c.py\nsrc/a.py");
}

#[tokio::test]
async fn glob_caps_at_one_hundred() {
    let w = Ws::new();
    for i in 0..105 {
        w.file(&format!("f{i:03}.log"), "x");
        w.mtime(&format!("f{i:03}.log"), 1_700_000_000 + i);
    }
    let out = w.call("Glob", json!({"pattern": "*.log"})).await;
    let t = text(&out);
    assert!(t.starts_with("f000.log\nf001.log\n"));
    assert!(t.ends_with(
        "f099.log\n(Showing 100 of 105 matching files; 5 more are not listed. Narrow the pattern \
         or path to see the rest.)"
    ));
    let s = without_duration(out.structured);
    assert_eq!(s["numFiles"], 100);
    assert_eq!(s["truncated"], true);
    assert_eq!(s["totalMatches"], 105);
}

#[tokio::test]
async fn glob_lists_hidden_and_vcs_folders_and_reports_bad_paths_as_written() {
    let w = Ws::new();
    w.file(".git/config.py", "x");
    w.mtime(".git/config.py", 1_700_000_000);
    w.file(".hidden/h.py", "x");
    w.mtime(".hidden/h.py", 1_700_000_100);
    w.file("a.txt", "x");
    // As the reference lists them (`.git/HEAD` for `**/HEAD`).
    let out = w.call("Glob", json!({"pattern": "**/*.py"})).await;
    assert_eq!(text(&out), ".git/config.py\n.hidden/h.py");
    let out = w
        .call("Glob", json!({"pattern": "*", "path": "nope"}))
        .await;
    assert_eq!(
        text(&out),
        w.sub("Directory does not exist: nope. Note: your current working directory is <WS>.")
    );
    assert_eq!(out.is_error, Some(true));
    let out = w
        .call("Glob", json!({"pattern": "*", "path": "a.txt"}))
        .await;
    assert_eq!(text(&out), "Path is not a directory: a.txt");
    let out = w
        .call("Glob", json!({"pattern": "*", "path": "a.txt/x"}))
        .await;
    assert_eq!(
        text(&out),
        w.sub("ENOTDIR: not a directory, stat '<WS>/a.txt/x'")
    );
    // The folder of an absolute pattern that is not there holds no files.
    let out = w
        .call("Glob", json!({"pattern": w.sub("<WS>/nope/*.txt")}))
        .await;
    assert_eq!(
        (text(&out), out.is_error),
        ("No files found".to_string(), None)
    );
}

fn grep_ws() -> Ws {
    let w = Ws::new();
    for (f, c, t) in [
        (
            "app/main.py",
            "import os\ndef main():\n    print('Hello')\n    return 0\n",
            1_700_000_100,
        ),
        (
            "app/util.py",
            "def helper():\n    return 'hello world'\n",
            1_700_000_200,
        ),
        (
            "docs/guide.md",
            "Hello docs\nmore\nHELLO again\n",
            1_700_000_300,
        ),
        ("app/data.js", "const hello = 1;\n", 1_700_000_400),
    ] {
        w.file(f, c);
        w.mtime(f, t);
    }
    w
}

#[tokio::test]
async fn grep_output_modes() {
    let w = grep_ws();
    let out = w.call("Grep", json!({"pattern": "hello"})).await;
    assert_eq!(text(&out), "Found 2 files\napp/data.js\napp/util.py");
    assert_eq!(out.is_error, None);
    assert_eq!(
        out.structured,
        Some(
            json!({"mode": "files_with_matches", "filenames": ["app/data.js", "app/util.py"], "numFiles": 2, "totalFiles": 2})
        )
    );

    let out = w
        .call(
            "Grep",
            json!({"pattern": "hello", "output_mode": "content"}),
        )
        .await;
    let content = "app/data.js:1:const hello = 1;\napp/util.py:2:    return 'hello world'";
    assert_eq!(text(&out), content);
    assert_eq!(
        out.structured,
        Some(
            json!({"mode": "content", "numFiles": 0, "filenames": [], "content": content, "numLines": 2, "totalLines": 2})
        )
    );

    let out = w
        .call("Grep", json!({"pattern": "hello", "output_mode": "count"}))
        .await;
    assert_eq!(
        text(&out),
        "app/data.js:1\napp/util.py:1\n\nFound 2 total occurrences across 2 files."
    );
    assert_eq!(
        out.structured,
        Some(
            json!({"mode": "count", "numFiles": 2, "filenames": [], "content": "app/data.js:1\napp/util.py:1", "numMatches": 2})
        )
    );

    let out = w.call("Grep", json!({"pattern": "zzz_nomatch"})).await;
    assert_eq!(text(&out), "No files found");
    assert_eq!(
        out.structured,
        Some(
            json!({"mode": "files_with_matches", "filenames": [], "numFiles": 0, "totalFiles": 0})
        )
    );

    let out = w
        .call(
            "Grep",
            json!({"pattern": "zzz_nomatch", "output_mode": "content"}),
        )
        .await;
    assert_eq!(text(&out), "No matches found");
    assert_eq!(
        out.structured,
        Some(
            json!({"mode": "content", "numFiles": 0, "filenames": [], "content": "", "numLines": 0, "totalLines": 0})
        )
    );
}

#[tokio::test]
async fn grep_filters_and_pagination() {
    let w = grep_ws();
    let out = w
        .call(
            "Grep",
            json!({"pattern": "hello", "-i": true, "glob": "*.py"}),
        )
        .await;
    assert_eq!(text(&out), "Found 2 files\napp/util.py\napp/main.py");

    let out = w
        .call(
            "Grep",
            json!({"pattern": "hello", "-i": true, "type": "js"}),
        )
        .await;
    assert_eq!(text(&out), "Found 1 file\napp/data.js");
    assert_eq!(
        out.structured,
        Some(
            json!({"mode": "files_with_matches", "filenames": ["app/data.js"], "numFiles": 1, "totalFiles": 1})
        )
    );

    let out = w.call("Grep", json!({"pattern": "hello", "-i": true, "path": w.sub("<WS>/docs"), "output_mode": "content"})).await;
    assert_eq!(
        text(&out),
        "docs/guide.md:1:Hello docs\ndocs/guide.md:3:HELLO again"
    );

    let out = w
        .call(
            "Grep",
            json!({"pattern": "e", "output_mode": "content", "head_limit": 3}),
        )
        .await;
    let content = "app/data.js:1:const hello = 1;\napp/main.py:2:def main():\napp/main.py:3:    print('Hello')";
    assert_eq!(
        text(&out),
        format!("{content}\n\n[Showing results with pagination = limit: 3]")
    );
    assert_eq!(
        out.structured,
        Some(
            json!({"mode": "content", "numFiles": 0, "filenames": [], "content": content, "numLines": 3,
            "totalLines": 8, "appliedLimit": 3})
        )
    );

    let out = w
        .call(
            "Grep",
            json!({"pattern": "e", "head_limit": 1, "offset": 1}),
        )
        .await;
    assert_eq!(
        text(&out),
        "Found 1 file limit: 1, offset: 1\ndocs/guide.md"
    );
    assert_eq!(
        out.structured,
        Some(
            json!({"mode": "files_with_matches", "filenames": ["docs/guide.md"], "numFiles": 1, "totalFiles": 4,
            "appliedLimit": 1, "appliedOffset": 1})
        )
    );

    let out = w
        .call("Grep", json!({"pattern": "e", "type": "nosuchtype"}))
        .await;
    assert_eq!(out.is_error, Some(true));
}

#[tokio::test]
async fn grep_context_line_numbers_and_only_matching() {
    let w = Ws::new();
    w.file("f.txt", "a\nb\nmatch one\nc\nd\ne\nf\ng\nmatch two\nh\n");
    let out = w
        .call(
            "Grep",
            json!({"pattern": "match", "output_mode": "content", "-C": 1}),
        )
        .await;
    assert_eq!(
        text(&out),
        "f.txt-2-b\nf.txt:3:match one\nf.txt-4-c\n--\nf.txt-8-g\nf.txt:9:match two\nf.txt-10-h"
    );
    let out = w
        .call(
            "Grep",
            json!({"pattern": "match", "output_mode": "content", "-n": false}),
        )
        .await;
    assert_eq!(text(&out), "f.txt:match one\nf.txt:match two");
    let out = w
        .call(
            "Grep",
            json!({"pattern": "match \\w+", "output_mode": "content", "-o": true}),
        )
        .await;
    assert_eq!(text(&out), "f.txt:3:match one\nf.txt:9:match two");
    let out = w
        .call(
            "Grep",
            json!({"pattern": "one\\nc", "output_mode": "content", "multiline": true}),
        )
        .await;
    assert_eq!(text(&out), "f.txt:3:match one\nf.txt:4:c");
    let out = w
        .call(
            "Grep",
            json!({"pattern": "one\\nc", "output_mode": "content"}),
        )
        .await;
    assert_eq!(
        text(&out),
        "Search failed — ripgrep rejected the pattern, glob, or file type without searching:\n\
         rg: the literal \"\\n\" is not allowed in a regex\n\nConsider enabling multiline mode \
         with the --multiline flag (or -U for short).\nWhen multiline mode is enabled, new line \
         characters can be matched."
    );
}

#[tokio::test]
async fn grep_of_one_file_prints_no_file_name() {
    let w = Ws::new();
    w.file("one.txt", "x\ny x\n");
    let out = w
        .call(
            "Grep",
            json!({"pattern": "x", "path": w.sub("<WS>/one.txt"), "output_mode": "content"}),
        )
        .await;
    assert_eq!(text(&out), "1:x\n2:y x");
    let out = w
        .call(
            "Grep",
            json!({"pattern": "x", "path": w.sub("<WS>/one.txt")}),
        )
        .await;
    assert_eq!(text(&out), "Found 1 file\none.txt");
}

#[tokio::test]
async fn grep_count_totals_ignore_the_page() {
    let w = Ws::new();
    w.file("a.txt", "hit\nhit\n");
    w.file("b.txt", "hit\n");
    w.file("c.txt", "hit\n");
    let out = w
        .call(
            "Grep",
            json!({"pattern": "hit", "output_mode": "count", "head_limit": 1}),
        )
        .await;
    assert_eq!(
        text(&out),
        "a.txt:2\n\nFound 4 total occurrences across 3 files. with pagination = limit: 1"
    );
    let out = w
        .call("Grep", json!({"pattern": "none", "output_mode": "count"}))
        .await;
    assert_eq!(
        text(&out),
        "No matches found\n\nFound 0 total occurrences across 0 files."
    );
    let out = w.call("Grep", json!({"pattern": "hit", "offset": 9})).await;
    assert_eq!(
        text(&out),
        "No entries at this offset. [Showing results with pagination = offset: 9]"
    );
}

#[tokio::test]
async fn glob_keeps_directory_order_among_equal_times() {
    let w = Ws::new();
    for n in ["d", "b", "c", "a"] {
        w.file(&format!("o/{n}.txt"), n);
        w.mtime(&format!("o/{n}.txt"), 1_700_000_000);
    }
    let listed: Vec<String> = std::fs::read_dir(w.ws.join("o"))
        .unwrap()
        .map(|e| format!("o/{}", e.unwrap().file_name().to_string_lossy()))
        .collect();
    let out = w.call("Glob", json!({"pattern": "o/*.txt"})).await;
    assert_eq!(text(&out), listed.join("\n"));
}

/// perm_settings_project: a `Read(**/.env)` deny rule keeps `.env` files out of Grep.
#[tokio::test]
async fn grep_leaves_out_what_read_deny_rules_name() {
    let w = Ws::new();
    w.file("sub/.env", "SECRET=2\n");
    w.file("sub/notes.txt", "SECRET note\n");
    let mut ctx = w.ctx("toolu_01");
    ctx.read_denied = vec!["**/.env".into()];
    let input = json!({"pattern": "SECRET", "path": w.ws.join("sub").to_string_lossy()});
    let out = w.tool("Grep").call(input.clone(), &ctx).await;
    assert_eq!(text(&out), "Found 1 file\nsub/notes.txt");
    let open = w.tool("Grep").call(input, &w.ctx("toolu_02")).await;
    assert!(text(&open).starts_with("Found 2 files"));
}

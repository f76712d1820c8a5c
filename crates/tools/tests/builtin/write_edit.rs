//! Write and Edit: the texts and `tool_use_result` values of the write_* and edit_* goldens.

use crate::common::{text, Ws};
use serde_json::json;

const CURRENT: &str = "(file state is current in your context — no need to Read it back)";

#[tokio::test]
async fn write_creates_files_and_parent_directories() {
    let w = Ws::new();
    let path = w.sub("<WS>/new.txt");
    let out = w
        .call(
            "Write",
            json!({"file_path": path, "content": "hello\nworld\n"}),
        )
        .await;
    assert_eq!(
        text(&out),
        format!("File created successfully at: {path} {CURRENT}")
    );
    assert_eq!(out.is_error, None);
    assert_eq!(
        out.structured,
        Some(
            json!({"type": "create", "filePath": path, "content": "hello\nworld\n", "structuredPatch": [],
            "originalFile": null, "userModified": false})
        )
    );
    let nested = w.sub("<WS>/deep/nested/x.py");
    let out = w
        .call("Write", json!({"file_path": nested, "content": "print(1)"}))
        .await;
    assert_eq!(
        text(&out),
        format!("File created successfully at: {nested} {CURRENT}")
    );
    assert_eq!(w.read("deep/nested/x.py"), "print(1)");
}

#[tokio::test]
async fn write_overwrites_unread_files_with_a_patch() {
    let w = Ws::new();
    w.file("exist.txt", "original\n");
    let path = w.sub("<WS>/exist.txt");
    let out = w
        .call(
            "Write",
            json!({"file_path": path, "content": "clobbered\n"}),
        )
        .await;
    assert_eq!(
        text(&out),
        format!("The file {path} has been updated successfully. {CURRENT}")
    );
    assert_eq!(
        out.structured,
        Some(
            json!({"type": "update", "filePath": path, "content": "clobbered\n",
            "structuredPatch": [{"oldStart": 1, "oldLines": 1, "newStart": 1, "newLines": 1, "lines": ["-original", "+clobbered"]}],
            "originalFile": "original\n", "userModified": false})
        )
    );
    assert_eq!(w.read("exist.txt"), "clobbered\n");
}

#[tokio::test]
async fn write_refuses_symlinks_and_directories() {
    let w = Ws::new();
    w.file("target.txt", "t\n");
    std::os::unix::fs::symlink(w.ws.join("target.txt"), w.ws.join("link")).unwrap();
    let out = w
        .call(
            "Write",
            json!({"file_path": w.sub("<WS>/link"), "content": "x"}),
        )
        .await;
    assert_eq!(
        text(&out),
        w.sub("<tool_use_error>Refusing to write <WS>/link: it is a symbolic link. Write to the link's target path instead: <WS>/target.txt.</tool_use_error>")
    );
    std::fs::create_dir(w.ws.join("dir")).unwrap();
    let out = w
        .call(
            "Write",
            json!({"file_path": w.sub("<WS>/dir"), "content": "x"}),
        )
        .await;
    // paths_*_link_dir_itself: a directory (also through a link) is named as one.
    assert_eq!(
        text(&out),
        w.sub("<tool_use_error><WS>/dir is a directory, not a file. To create a file inside it, include the file name in file_path.</tool_use_error>")
    );
    assert_eq!(out.is_error, Some(true));
}

/// pp_ae_case: an existing file named as a folder (`settings.json/`) is not written: its
/// stat fails, as the reference's does.
#[tokio::test]
async fn write_to_a_file_named_as_a_folder_fails() {
    let w = Ws::new();
    w.file("s.json", "{}\n");
    let out = w
        .call(
            "Write",
            json!({"file_path": w.sub("<WS>/s.json/"), "content": "x"}),
        )
        .await;
    assert_eq!(
        text(&out),
        w.sub("<tool_use_error>Error calling tool (Write): ENOTDIR: not a directory, stat '<WS>/s.json/'</tool_use_error>")
    );
    assert_eq!(w.read("s.json"), "{}\n");
}

#[tokio::test]
async fn edit_after_read_reports_the_patch() {
    let w = Ws::new();
    let original = "def f():\n    return 1\n\ndef g():\n    return 2\n";
    w.file("code.py", original);
    let path = w.sub("<WS>/code.py");
    w.call("Read", json!({"file_path": path})).await;
    let out = w
        .call("Edit", json!({"replace_all": false, "file_path": path, "old_string": "return 1", "new_string": "return 42"}))
        .await;
    assert_eq!(
        text(&out),
        format!("The file {path} has been updated successfully. {CURRENT}")
    );
    assert_eq!(out.is_error, None);
    assert_eq!(
        out.structured,
        Some(
            json!({"filePath": path, "oldString": "return 1", "newString": "return 42", "originalFile": original,
            "structuredPatch": [{"oldStart": 1, "oldLines": 5, "newStart": 1, "newLines": 5,
                "lines": [" def f():", "-    return 1", "+    return 42", " ", " def g():", "     return 2"]}],
            "userModified": false, "replaceAll": false})
        )
    );
    assert_eq!(
        w.read("code.py"),
        "def f():\n    return 42\n\ndef g():\n    return 2\n"
    );
}

#[tokio::test]
async fn edit_without_read_missing_file_and_creation() {
    let w = Ws::new();
    w.file("unread.txt", "a\n");
    let path = w.sub("<WS>/unread.txt");
    let out = w
        .call(
            "Edit",
            json!({"file_path": path, "old_string": "a", "new_string": "b"}),
        )
        .await;
    assert_eq!(
        text(&out),
        format!("The file {path} has been updated successfully.")
    );
    assert_eq!(
        out.structured,
        Some(
            json!({"filePath": path, "oldString": "a", "newString": "b", "originalFile": "a\n",
            "structuredPatch": [{"oldStart": 1, "oldLines": 1, "newStart": 1, "newLines": 1, "lines": ["-a", "+b"]}],
            "userModified": false, "replaceAll": false, "contentNotInModelContext": true})
        )
    );
    assert_eq!(w.read("unread.txt"), "b\n");

    let out = w
        .call(
            "Edit",
            json!({"file_path": w.sub("<WS>/missing.txt"), "old_string": "a", "new_string": "b"}),
        )
        .await;
    assert_eq!(
        text(&out),
        w.sub("<tool_use_error>File does not exist. Note: your current working directory is <WS>.</tool_use_error>")
    );
    assert_eq!(
        out.structured,
        Some(json!(w.sub(
            "Error: File does not exist. Note: your current working directory is <WS>."
        )))
    );

    let created = w.sub("<WS>/created.txt");
    let out = w
        .call(
            "Edit",
            json!({"file_path": created, "old_string": "", "new_string": "fresh\n"}),
        )
        .await;
    assert_eq!(
        text(&out),
        format!("The file {created} has been updated successfully. {CURRENT}")
    );
    assert_eq!(
        out.structured,
        Some(
            json!({"filePath": created, "oldString": "", "newString": "fresh\n", "originalFile": "",
            "structuredPatch": [{"oldStart": 1, "oldLines": 0, "newStart": 1, "newLines": 1, "lines": ["+fresh"]}],
            "userModified": false, "replaceAll": false})
        )
    );
    assert_eq!(w.read("created.txt"), "fresh\n");

    let out = w
        .call(
            "Edit",
            json!({"file_path": created, "old_string": "", "new_string": "again\n"}),
        )
        .await;
    assert_eq!(
        text(&out),
        "<tool_use_error>Cannot create new file - file already exists.</tool_use_error>"
    );
}

#[tokio::test]
async fn edit_not_found_and_identical_strings() {
    let w = Ws::new();
    w.file("code.py", "def f():\n    return 1\n");
    let path = w.sub("<WS>/code.py");
    let out = w
        .call(
            "Edit",
            json!({"file_path": path, "old_string": "return 99", "new_string": "return 100"}),
        )
        .await;
    assert_eq!(
        text(&out),
        "<tool_use_error>String to replace not found in file.\nString: return 99</tool_use_error>"
    );
    assert_eq!(out.is_error, Some(true));
    assert_eq!(
        out.structured,
        Some(json!(
            "Error: String to replace not found in file.\nString: return 99"
        ))
    );

    let out = w
        .call(
            "Edit",
            json!({"file_path": path, "old_string": "return 1", "new_string": "return 1"}),
        )
        .await;
    assert_eq!(
        text(&out),
        "<tool_use_error>No changes to make: old_string and new_string are exactly the same.</tool_use_error>"
    );
    assert_eq!(
        out.structured,
        Some(json!(
            "Error: No changes to make: old_string and new_string are exactly the same."
        ))
    );
    assert_eq!(w.read("code.py"), "def f():\n    return 1\n");
}

#[tokio::test]
async fn edit_multiple_matches_needs_replace_all() {
    let w = Ws::new();
    w.file("dup.txt", "foo one\nfoo two\nthree\n");
    let path = w.sub("<WS>/dup.txt");
    w.call("Read", json!({"file_path": path})).await;
    let out = w
        .call(
            "Edit",
            json!({"file_path": path, "old_string": "foo", "new_string": "bar"}),
        )
        .await;
    let msg = "Found 2 matches of the string to replace, but replace_all is false. To replace all occurrences, set replace_all to true. To replace only one occurrence, please provide more context to uniquely identify the instance.\nString: foo";
    assert_eq!(
        text(&out),
        format!("<tool_use_error>{msg}</tool_use_error>")
    );
    assert_eq!(out.structured, Some(json!(format!("Error: {msg}"))));

    let out = w.call("Edit", json!({"replace_all": true, "file_path": path, "old_string": "foo", "new_string": "bar"})).await;
    assert_eq!(
        text(&out),
        format!("The file {path} has been updated. All occurrences were successfully replaced. {CURRENT}")
    );
    assert_eq!(
        out.structured,
        Some(
            json!({"filePath": path, "oldString": "foo", "newString": "bar", "originalFile": "foo one\nfoo two\nthree\n",
            "structuredPatch": [{"oldStart": 1, "oldLines": 3, "newStart": 1, "newLines": 3,
                "lines": ["-foo one", "-foo two", "+bar one", "+bar two", " three"]}],
            "userModified": false, "replaceAll": true})
        )
    );
    assert_eq!(w.read("dup.txt"), "bar one\nbar two\nthree\n");
}

#[tokio::test]
async fn edit_of_a_file_changed_since_read_says_so() {
    let w = Ws::new();
    w.file("s.txt", "one\ntwo\n");
    let path = w.sub("<WS>/s.txt");
    w.call("Read", json!({"file_path": path})).await;
    w.file("s.txt", "one\ntwo\nthree\n");
    let out = w
        .call(
            "Edit",
            json!({"file_path": path, "old_string": "two", "new_string": "TWO"}),
        )
        .await;
    assert_eq!(
        text(&out),
        format!("The file {path} has been updated successfully. (note: the file had been modified on disk since you last read it — the edit applied cleanly, but the file contains other changes not in your context. Read it before edits that depend on surrounding content.)")
    );
    let s = out.structured.unwrap();
    assert_eq!(s["staleRecovered"], true);
    assert_eq!(s["contentNotInModelContext"], true);

    // The edit itself brought the model up to date.
    let out = w
        .call(
            "Edit",
            json!({"file_path": path, "old_string": "three", "new_string": "3"}),
        )
        .await;
    assert_eq!(
        text(&out),
        format!("The file {path} has been updated successfully. {CURRENT}")
    );
}

#[tokio::test]
async fn edit_matches_across_crlf_and_keeps_it() {
    let w = Ws::new();
    w.file("win.txt", "one\r\ntwo\r\nthree\r\n");
    let path = w.sub("<WS>/win.txt");
    w.call("Read", json!({"file_path": path})).await;
    let out = w
        .call(
            "Edit",
            json!({"file_path": path, "old_string": "one\ntwo", "new_string": "one\nTWO"}),
        )
        .await;
    assert_eq!(out.is_error, None, "{:?}", out.content);
    assert_eq!(w.read("win.txt"), "one\r\nTWO\r\nthree\r\n");
    assert_eq!(
        text(&out),
        format!("The file {path} has been updated successfully. {CURRENT}")
    );
}

#[tokio::test]
async fn edit_refuses_notebooks() {
    let w = Ws::new();
    w.file("n.ipynb", "{}");
    let out = w
        .call(
            "Edit",
            json!({"file_path": w.sub("<WS>/n.ipynb"), "old_string": "{", "new_string": "["}),
        )
        .await;
    assert_eq!(
        text(&out),
        "<tool_use_error>File is a Jupyter Notebook. Use the NotebookEdit to edit this file.</tool_use_error>"
    );
}

/// paths_*_dotdot_*: the texts name the path as the model spelt it.
#[tokio::test]
async fn results_name_the_path_as_given() {
    let w = Ws::new();
    w.file("sub/a.txt", "A\n");
    let out = w
        .call(
            "Write",
            json!({"file_path": "sub/../new.txt", "content": "n\n"}),
        )
        .await;
    assert_eq!(
        text(&out),
        format!("File created successfully at: sub/../new.txt {CURRENT}")
    );
    assert_eq!(w.read("new.txt"), "n\n");
    let dotted = w.sub("<WS>/./sub//../new.txt");
    let out = w
        .call(
            "Edit",
            json!({"file_path": dotted, "old_string": "n", "new_string": "m"}),
        )
        .await;
    assert!(
        text(&out).starts_with(&format!("The file {dotted} has been updated successfully.")),
        "{}",
        text(&out)
    );
}

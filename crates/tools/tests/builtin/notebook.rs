//! NotebookEdit through the Tool trait: the notebook on disk, the text and the structure.

use serde_json::{json, Value};

use crate::common::{text, Ws};

const NOTEBOOK: &str = r##"{
 "cells": [
  {
   "cell_type": "code",
   "execution_count": 1,
   "id": "c1",
   "metadata": {},
   "outputs": [{"output_type": "stream", "name": "stdout", "text": ["1\n"]}],
   "source": ["x = 1\n", "print(x)"]
  },
  {
   "cell_type": "markdown",
   "id": "m1",
   "metadata": {},
   "source": "# Notes"
  }
 ],
 "metadata": {"language_info": {"name": "python"}},
 "nbformat": 4,
 "nbformat_minor": 5
}
"##;

fn on_disk(w: &Ws) -> Value {
    serde_json::from_str(&w.read("nb.ipynb")).unwrap()
}

#[tokio::test]
async fn replace_a_cell() {
    let w = Ws::new();
    let path = w.file("nb.ipynb", NOTEBOOK);
    // NotebookEdit wants the notebook read first.
    w.call("Read", json!({"file_path": path})).await;
    let out = w
        .call(
            "NotebookEdit",
            json!({"notebook_path": path, "cell_id": "c1", "new_source": "x = 2"}),
        )
        .await;
    assert_eq!(out.is_error, None);
    assert_eq!(text(&out), "Updated cell c1 with x = 2");
    let nb = on_disk(&w);
    assert_eq!(
        nb["cells"][0],
        json!({"cell_type": "code", "execution_count": null, "id": "c1", "metadata": {}, "outputs": [], "source": "x = 2"})
    );
    let s = out.structured.unwrap();
    assert_eq!(
        (
            &s["new_source"],
            &s["old_source"],
            &s["cell_id"],
            &s["cell_type"],
            &s["language"],
            &s["edit_mode"],
            &s["error"]
        ),
        (
            &json!("x = 2"),
            &json!("x = 1\nprint(x)"),
            &json!("c1"),
            &json!("code"),
            &json!("python"),
            &json!("replace"),
            &json!("")
        )
    );
    assert_eq!(s["original_file"], json!(NOTEBOOK));
    assert_eq!(s["updated_file"], json!(w.read("nb.ipynb")));
    assert!(w.read("nb.ipynb").starts_with("{\n \"cells\": [\n  {\n"));
}

#[tokio::test]
async fn insert_then_delete() {
    let w = Ws::new();
    let path = w.file("nb.ipynb", NOTEBOOK);
    // NotebookEdit wants the notebook read first.
    w.call("Read", json!({"file_path": path})).await;
    let out = w
        .call(
            "NotebookEdit",
            json!({"notebook_path": path, "cell_id": "m1", "new_source": "y = 3", "cell_type": "code", "edit_mode": "insert"}),
        )
        .await;
    let id = out.structured.as_ref().unwrap()["cell_id"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(text(&out), format!("Inserted cell {id} with y = 3"));
    let nb = on_disk(&w);
    assert_eq!(nb["cells"].as_array().unwrap().len(), 3);
    assert_eq!(
        nb["cells"][2],
        json!({"cell_type": "code", "id": id, "metadata": {}, "source": "y = 3", "execution_count": null, "outputs": []})
    );

    let out = w
        .call(
            "NotebookEdit",
            json!({"notebook_path": path, "cell_id": "cell-0", "new_source": "", "edit_mode": "delete"}),
        )
        .await;
    // Named as the call named it.
    assert_eq!(text(&out), "Deleted cell cell-0");
    let ids: Vec<Value> = on_disk(&w)["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].clone())
        .collect();
    assert_eq!(ids, [json!("m1"), json!(id)]);
}

#[tokio::test]
async fn errors_name_the_problem() {
    let w = Ws::new();
    let path = w.file("nb.ipynb", NOTEBOOK);
    // NotebookEdit wants the notebook read first.
    w.call("Read", json!({"file_path": path})).await;
    let txt = w.file("a.txt", "x");
    let cases = [
        (json!({"notebook_path": path, "cell_id": "nope", "new_source": "x"}),
         "<tool_use_error>Cell with ID \"nope\" not found in notebook.</tool_use_error>"),
        (json!({"notebook_path": path, "new_source": "x", "edit_mode": "insert"}),
         "<tool_use_error>Cell type is required when using edit_mode=insert.</tool_use_error>"),
        (json!({"notebook_path": txt, "new_source": "x"}),
         "<tool_use_error>File must be a Jupyter notebook (.ipynb file). For editing other file types, use the FileEdit tool.</tool_use_error>"),
        // Never read, whatever is (not) there.
        (json!({"notebook_path": w.ws.join("missing.ipynb"), "cell_id": "c1", "new_source": "x"}),
         "<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>"),
    ];
    for (input, want) in cases {
        let out = w.call("NotebookEdit", input).await;
        assert_eq!(out.is_error, Some(true));
        assert_eq!(text(&out), want);
    }
    assert_eq!(
        w.read("nb.ipynb"),
        NOTEBOOK,
        "a failed edit leaves the file alone"
    );
}

#[tokio::test]
async fn an_unread_notebook_is_refused() {
    let w = Ws::new();
    let path = w.file("nb.ipynb", NOTEBOOK);
    let out = w
        .call(
            "NotebookEdit",
            json!({"notebook_path": path, "cell_id": "c1", "new_source": "x = 2"}),
        )
        .await;
    assert_eq!(
        text(&out),
        "<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>"
    );
    assert_eq!(w.read("nb.ipynb"), NOTEBOOK);
}

#[tokio::test]
async fn a_notebook_without_cells_reads_as_no_output() {
    let w = Ws::new();
    let path = w.file(
        "empty.ipynb",
        r#"{"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}"#,
    );
    let out = w.call("Read", json!({"file_path": path})).await;
    assert_eq!(text(&out), "(Read completed with no output)");
    assert_eq!(out.is_error, None);
    assert_eq!(out.structured.unwrap()["file"]["cells"], json!([]));
}

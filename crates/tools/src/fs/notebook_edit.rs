//! The NotebookEdit tool: replaces, inserts or deletes one cell of a Jupyter notebook.
//!
//! Cells are addressed by their `id`, or by `cell-N` (the position Read shows for cells
//! without an id). `replace` sets a cell's source (and clears a code cell's outputs and
//! execution count, which no longer match it); `insert` adds a cell after the addressed one,
//! or first when no cell is named; `delete` removes it. The notebook is written back as
//! nbformat does (one-space indentation).
//!
//! ```text
//! {"notebook_path": "/ws/a.ipynb", "cell_id": "c1", "new_source": "x = 2"}
//!   -> "Updated cell c1 with x = 2"
//! ```

use std::path::PathBuf;
use std::sync::Arc;

use oxagent_core::permission::{PermissionContext, ToolPermission};
use oxagent_core::tool::{ToolContext, ToolOutput};
use serde::Deserialize;
use serde_json::{json, Map, Value};

use super::file_state::{FileState, Freshness};
use super::path_label;
use super::write::write_file;
use crate::paths::resolve;
use crate::permission_checks;
use crate::results::{success, wrapped_error};
use crate::shell::ShellState;

/// The refusal of a path that is not a notebook's, the first thing checked (fb_031).
const NOT_A_NOTEBOOK: &str = "File must be a Jupyter notebook (.ipynb file). For editing other file types, use the FileEdit tool.";

/// The refusal of an insert that names no cell type.
const INSERT_NEEDS_TYPE: &str = "Cell type is required when using edit_mode=insert.";

use crate::typed::TypedTool;
/// NotebookEdit's refusal of a notebook the model never read.
pub use oxagent_core::tool::NOT_READ_YET;

/// The input of NotebookEdit, as its schema describes it.
#[derive(Deserialize)]
pub struct NotebookEditInput {
    notebook_path: String,
    cell_id: Option<String>,
    new_source: String,
    cell_type: Option<String>,
    edit_mode: Option<String>,
}

/// Edits notebook cells. See the module docs.
pub struct NotebookEditTool {
    files: FileState,
    cwd: Option<PathBuf>,
    shell: Option<Arc<ShellState>>,
}

impl NotebookEditTool {
    pub fn new(files: FileState, cwd: Option<PathBuf>) -> Self {
        NotebookEditTool {
            files,
            cwd,
            shell: None,
        }
    }

    /// The session's shell, whose directory (after a `cd`) relative paths start from.
    pub fn with_shell(mut self, shell: Arc<ShellState>) -> Self {
        self.shell = Some(shell);
        self
    }
}

/// Where `cell_id` points.
enum Found {
    At(usize),
    /// `cell-N` past the last cell.
    NoIndex(usize),
    Missing,
}

/// The cell with the id `cell_id`, else the `N`th cell for `cell-N` (`cell-01` too).
fn find_cell(cells: &[Value], cell_id: &str) -> Found {
    if let Some(i) = cells
        .iter()
        .position(|c| c.get("id").and_then(Value::as_str) == Some(cell_id))
    {
        return Found::At(i);
    }
    let index = cell_id
        .strip_prefix("cell-")
        .filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|n| n.parse::<usize>().ok());
    match index {
        Some(n) if n < cells.len() => Found::At(n),
        Some(n) => Found::NoIndex(n),
        None => Found::Missing,
    }
}

/// nbformat's text form: one-space indentation, a newline at the end.
fn to_notebook_json(notebook: &Value) -> String {
    let mut out = Vec::new();
    let formatter = serde_json::ser::PrettyFormatter::with_indent(b" ");
    let mut ser = serde_json::Serializer::with_formatter(&mut out, formatter);
    if serde::Serialize::serialize(notebook, &mut ser).is_err() {
        return notebook.to_string();
    }
    let mut text = String::from_utf8_lossy(&out).into_owned();
    text.push('\n');
    text
}

/// Cell ids exist from nbformat 4.5 on; older notebooks get none.
fn has_cell_ids(notebook: &Value) -> bool {
    let major = notebook
        .get("nbformat")
        .and_then(Value::as_u64)
        .unwrap_or(4);
    let minor = notebook
        .get("nbformat_minor")
        .and_then(Value::as_u64)
        .unwrap_or(0);
    major > 4 || (major == 4 && minor >= 5)
}

/// A new cell's id: eight random hex digits, as the reference makes them.
fn new_cell_id() -> String {
    format!("{:08x}", fastrand::u32(..))
}

fn new_cell(cell_type: &str, source: &str, id: Option<&str>) -> Value {
    let mut cell = Map::new();
    cell.insert("cell_type".into(), json!(cell_type));
    if let Some(id) = id {
        cell.insert("id".into(), json!(id));
    }
    cell.insert("source".into(), json!(source));
    cell.insert("metadata".into(), json!({}));
    if cell_type == "code" {
        cell.insert("execution_count".into(), Value::Null);
        cell.insert("outputs".into(), json!([]));
    }
    Value::Object(cell)
}

/// The edit itself, on the parsed notebook. Returns the text for the model, the id of the
/// cell concerned, its type and its old source.
fn apply(
    notebook: &mut Value,
    input: &NotebookEditInput,
    mode: &str,
) -> Result<(String, Option<String>, String, Option<String>), String> {
    let with_ids = has_cell_ids(notebook);
    let Some(cells) = notebook.get_mut("cells").and_then(Value::as_array_mut) else {
        return Err("The notebook has no cells array.".into());
    };
    let target = match &input.cell_id {
        Some(id) => match find_cell(cells, id) {
            Found::At(i) => Some(i),
            // Replacing one past the last cell adds a cell, as the reference allows.
            Found::NoIndex(n) if mode == "replace" && n == cells.len() => None,
            Found::NoIndex(n) => {
                return Err(format!("Cell with index {n} does not exist in notebook."))
            }
            Found::Missing => return Err(format!("Cell with ID \"{id}\" not found in notebook.")),
        },
        None if mode == "insert" => None,
        None => return Err("Cell ID must be specified when not inserting a new cell.".into()),
    };
    // A cell is named as the call named it (`cell-2` for a cell whose id is `tail`).
    let named =
        |cell: &Value, i: usize| input.cell_id.clone().unwrap_or_else(|| cell_label(cell, i));
    let source = input.new_source.as_str();
    match (mode, target) {
        ("delete", Some(i)) => {
            let cell = cells.remove(i);
            let id = named(&cell, i);
            let cell_type = cell_type_of(&cell);
            let old = source_of(&cell);
            Ok((format!("Deleted cell {id}"), Some(id), cell_type, Some(old)))
        }
        ("replace", Some(i)) => {
            let cell = &mut cells[i];
            let old = source_of(cell);
            let id = named(cell, i);
            let cell_type = input
                .cell_type
                .clone()
                .unwrap_or_else(|| cell_type_of(cell));
            if let Value::Object(c) = cell {
                c.insert("source".into(), json!(source));
                c.insert("cell_type".into(), json!(cell_type));
                if cell_type == "code" {
                    c.insert("execution_count".into(), Value::Null);
                    c.insert("outputs".into(), json!([]));
                } else {
                    c.remove("execution_count");
                    c.remove("outputs");
                }
            }
            Ok((
                format!("Updated cell {id} with {source}"),
                Some(id),
                cell_type,
                Some(old),
            ))
        }
        (_, target) => {
            let Some(cell_type) = input.cell_type.clone() else {
                return Err(INSERT_NEEDS_TYPE.into());
            };
            let at = target.map_or(0, |i| i + 1);
            let id = with_ids.then(new_cell_id);
            cells.insert(at, new_cell(&cell_type, source, id.as_deref()));
            // A notebook without cell ids gets a cell nobody can name yet.
            let text = match &id {
                Some(id) => format!("Inserted cell {id} with {source}"),
                None => format!("Inserted a new cell with {source}"),
            };
            Ok((text, id, cell_type, None))
        }
    }
}

fn cell_label(cell: &Value, index: usize) -> String {
    cell.get("id")
        .and_then(Value::as_str)
        .map(str::to_string)
        .unwrap_or_else(|| format!("cell-{index}"))
}

fn cell_type_of(cell: &Value) -> String {
    cell.get("cell_type")
        .and_then(Value::as_str)
        .unwrap_or("code")
        .to_string()
}

fn source_of(cell: &Value) -> String {
    match cell.get("source") {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Array(parts)) => parts.iter().filter_map(Value::as_str).collect(),
        _ => String::new(),
    }
}

impl TypedTool for NotebookEditTool {
    fn context_compacted(&self, compaction: &str, kept_reads: &[String]) {
        let (cwd, shell) = (self.cwd.as_deref(), self.shell.as_deref());
        super::compacted(&self.files, compaction, cwd, shell, kept_reads);
    }

    const NAME: &'static str = "NotebookEdit";
    const CHECKS_DISK_FIRST: bool = true;
    type Input = NotebookEditInput;

    fn description(&self) -> String {
        "Changes one cell of a Jupyter notebook (.ipynb). `edit_mode` is `replace` (default: the \
         cell's source becomes `new_source`), `insert` (a new cell of `cell_type` after the cell \
         `cell_id`, or at the top without one) or `delete`. Cells are named by their id as Read \
         shows it (`cell-N` for cells without one). `notebook_path` must be absolute. Read the \
         notebook first."
            .to_string()
    }

    /// Keys in the reference's order (the model reads the schema back in the note on an input
    /// error made before the tool was looked up); the descriptions are our own.
    fn input_schema() -> Value {
        json!({
            "type": "object",
            "properties": {
                "notebook_path": {"description": "Absolute path of the notebook.", "type": "string"},
                "cell_id": {"description": "The cell to change; for insert, the cell to insert after (none: insert at the top).", "type": "string"},
                "new_source": {"description": "The new source of the cell.", "type": "string"},
                "cell_type": {"description": "Type of the cell; required for insert, defaults to the current type otherwise.", "type": "string", "enum": ["code", "markdown"]},
                "edit_mode": {"description": "What to do (default replace).", "type": "string", "enum": ["replace", "insert", "delete"]}
            },
            "required": ["notebook_path", "new_source"],
            "additionalProperties": false
        })
    }

    fn check_permission(&self, input: &Value, ctx: &PermissionContext) -> ToolPermission {
        let files = self.files.of(ctx.agent_id.as_deref());
        permission_checks::check_write_input(input, "notebook_path", ctx, &|p| files.has_seen(p))
    }

    fn describe_call(&self, input: &Value) -> Option<String> {
        let here = self
            .cwd
            .as_deref()
            .map(|c| super::here(c, self.shell.as_deref()));
        path_label(input, "notebook_path", here.as_deref())
    }

    /// A notebook that is not one, or was never read, is refused before any hook or
    /// question, as the reference refuses it.
    fn input_error(&self, input: &Value) -> Option<String> {
        self.input_error_for(input, None)
    }

    fn input_error_for(&self, input: &Value, agent_id: Option<&str>) -> Option<String> {
        let files = self.files.of(agent_id);
        let here = super::here(self.cwd.as_deref()?, self.shell.as_deref());
        let path = resolve(input.get("notebook_path")?.as_str()?, &here);
        if path.extension().and_then(|e| e.to_str()) != Some("ipynb") {
            return Some(NOT_A_NOTEBOOK.to_string());
        }
        // An insert without a cell type is refused before the read is looked at (fb_052).
        let inserts = input.get("edit_mode").and_then(Value::as_str) == Some("insert");
        if inserts && input.get("cell_type").is_none_or(Value::is_null) {
            return Some(INSERT_NEEDS_TYPE.to_string());
        }
        (!files.has_seen(&path)).then(|| NOT_READ_YET.to_string())
    }

    async fn run(&self, input: NotebookEditInput, ctx: &ToolContext) -> ToolOutput {
        let files = self.files.of(ctx.agent_id.as_deref());
        let path = resolve(&input.notebook_path, ctx.dir());
        if path.extension().and_then(|e| e.to_str()) != Some("ipynb") {
            return wrapped_error(NOT_A_NOTEBOOK);
        }
        // As Edit and Write: the notebook must have been read first (whatever is at the path).
        if !files.has_seen(&path) {
            return wrapped_error(NOT_READ_YET);
        }
        let original = match tokio::fs::read_to_string(&path).await {
            Ok(s) => s,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return wrapped_error("Notebook file does not exist.")
            }
            Err(e) => return wrapped_error(e.to_string()),
        };
        if files.freshness(&path, &original) == Freshness::ChangedOnDisk {
            return wrapped_error(super::write::MODIFIED_SINCE_READ);
        }
        let mut notebook: Value = match serde_json::from_str(&original) {
            Ok(v) => v,
            Err(e) => return wrapped_error(format!("The notebook is not valid JSON: {e}")),
        };
        let mode = input.edit_mode.as_deref().unwrap_or("replace");
        let (text, cell_id, _cell_type, old_source) = match apply(&mut notebook, &input, mode) {
            Ok(done) => done,
            Err(message) => return wrapped_error(message),
        };
        let updated = to_notebook_json(&notebook);
        files.before_change(&path);
        if let Err(out) = write_file(&path, updated.as_bytes()).await {
            return out;
        }
        files.record(&path, &updated);
        let language = notebook
            .pointer("/metadata/language_info/name")
            .and_then(Value::as_str)
            .unwrap_or("python");
        // The type the call gave, `code` when it gave none (whatever the cell is).
        let reported_type = input.cell_type.clone().unwrap_or_else(|| "code".into());
        let mut structured = json!({
            "new_source": input.new_source,
            "cell_type": reported_type,
            "language": language,
            "edit_mode": mode,
            "error": "",
            "notebook_path": path.display().to_string(),
            "original_file": original,
            "updated_file": updated,
        });
        if let Some(id) = cell_id {
            structured["cell_id"] = json!(id);
        }
        if let Some(old) = old_source {
            structured["old_source"] = json!(old);
        }
        success(text, structured)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn notebook() -> Value {
        json!({"cells": [
            {"cell_type": "code", "id": "a1", "metadata": {}, "source": ["x = 1\n", "x"], "execution_count": 3, "outputs": [{"output_type": "stream", "text": "1"}]},
            {"cell_type": "markdown", "id": "b2", "metadata": {}, "source": "# Title"}
        ], "metadata": {"language_info": {"name": "python"}}, "nbformat": 4, "nbformat_minor": 5})
    }

    fn input(cell_id: Option<&str>, source: &str, cell_type: Option<&str>) -> NotebookEditInput {
        NotebookEditInput {
            notebook_path: "/x.ipynb".into(),
            cell_id: cell_id.map(str::to_string),
            new_source: source.into(),
            cell_type: cell_type.map(str::to_string),
            edit_mode: None,
        }
    }

    #[test]
    fn an_untyped_insert_is_refused_before_the_read_is_checked() {
        let dir = std::env::temp_dir();
        let tool = NotebookEditTool::new(FileState::new(), Some(dir.clone()));
        let path = dir.join("never_read.ipynb").display().to_string();
        let insert = json!({"notebook_path": path, "new_source": "x", "edit_mode": "insert"});
        assert_eq!(
            tool.input_error(&insert).as_deref(),
            Some(INSERT_NEEDS_TYPE)
        );
        let typed = json!({"notebook_path": path, "new_source": "x", "edit_mode": "insert",
                           "cell_type": "code"});
        assert_eq!(tool.input_error(&typed).as_deref(), Some(NOT_READ_YET));
        let text =
            json!({"notebook_path": "/x/notes.txt", "new_source": "x", "edit_mode": "insert"});
        assert_eq!(tool.input_error(&text).as_deref(), Some(NOT_A_NOTEBOOK));
    }

    #[test]
    fn replace_clears_outputs_of_code_cells() {
        let mut nb = notebook();
        let (text, id, ty, old) =
            apply(&mut nb, &input(Some("a1"), "x = 2", None), "replace").unwrap();
        assert_eq!(text, "Updated cell a1 with x = 2");
        assert_eq!(
            (id.as_deref(), ty.as_str(), old.as_deref()),
            (Some("a1"), "code", Some("x = 1\nx"))
        );
        assert_eq!(
            nb["cells"][0],
            json!({"cell_type": "code", "id": "a1", "metadata": {}, "source": "x = 2", "execution_count": null, "outputs": []})
        );
    }

    #[test]
    fn insert_needs_a_type_and_goes_after_the_named_cell() {
        let mut nb = notebook();
        let err = apply(&mut nb, &input(Some("a1"), "y", None), "insert").unwrap_err();
        assert_eq!(err, "Cell type is required when using edit_mode=insert.");
        let (text, id, _, _) =
            apply(&mut nb, &input(Some("a1"), "y", Some("markdown")), "insert").unwrap();
        let id = id.unwrap();
        assert!(
            id.len() == 8
                && id
                    .chars()
                    .all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase()),
            "{id}"
        );
        assert_eq!(text, format!("Inserted cell {id} with y"));
        assert_eq!(
            nb["cells"][1],
            json!({"cell_type": "markdown", "id": id, "metadata": {}, "source": "y"})
        );
        apply(&mut nb, &input(None, "first", Some("code")), "insert").unwrap();
        assert_eq!(nb["cells"][0]["source"], json!("first"));
        assert_eq!(nb["cells"].as_array().unwrap().len(), 4);
    }

    #[test]
    fn delete_and_positional_ids() {
        let mut nb = notebook();
        // A cell named by its position is named so in the answer (its id is b2).
        let (text, ..) = apply(&mut nb, &input(Some("cell-01"), "", None), "delete").unwrap();
        assert_eq!(text, "Deleted cell cell-01");
        assert_eq!(nb["cells"].as_array().unwrap().len(), 1);
        let err = apply(&mut nb, &input(Some("zz"), "", None), "delete").unwrap_err();
        assert_eq!(err, "Cell with ID \"zz\" not found in notebook.");
        let err = apply(&mut nb, &input(Some("cell-9"), "", None), "delete").unwrap_err();
        assert_eq!(err, "Cell with index 9 does not exist in notebook.");
        let err = apply(&mut nb, &input(None, "", None), "replace").unwrap_err();
        assert_eq!(
            err,
            "Cell ID must be specified when not inserting a new cell."
        );
    }

    #[test]
    fn written_like_nbformat() {
        assert_eq!(
            to_notebook_json(&json!({"a": [1]})),
            "{\n \"a\": [\n  1\n ]\n}\n"
        );
    }
}

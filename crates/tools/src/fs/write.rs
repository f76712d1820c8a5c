//! The Write tool: creates or replaces a whole file.
//!
//! Parent directories are created as needed. As in the reference there is no
//! read-before-write rule: overwriting a file the model never read succeeds; a file the
//! model read and that changed on disk since is refused. The result
//! carries the hunks between the old and new content (`structuredPatch`) and the old content
//! (`originalFile`, `null` for a new file). A file keeps its encoding and byte-order mark
//! (see [`super::encoding`]).

use std::path::{Path, PathBuf};

use oxagent_core::permission::{PermissionContext, ToolPermission};
use oxagent_core::tool::{ToolContext, ToolOutput};
use serde::Deserialize;
use serde_json::{json, Value};

use super::file_state::{FileState, Freshness};
use super::patch::structured_patch;
use super::path_label;
use crate::paths::resolve;
use crate::permission_checks;
use crate::results::{success, wrapped_error};
use crate::typed::TypedTool;

/// Appended to success texts: the model's view of the file is now exact.
pub const FILE_STATE_CURRENT: &str =
    "(file state is current in your context — no need to Read it back)";

/// Write's refusal of a file that changed on disk after the model read it.
pub const MODIFIED_SINCE_READ: &str =
    "File has been modified since read, either by the user or by a \
     linter. Read it again before attempting to write it.";

/// The input of Write, as its schema describes it.
#[derive(Deserialize)]
pub struct WriteInput {
    file_path: String,
    content: String,
}

/// Writes whole files. See the module docs.
pub struct WriteTool {
    files: FileState,
    cwd: Option<PathBuf>,
    shell: Option<std::sync::Arc<crate::shell::ShellState>>,
}

impl WriteTool {
    pub fn new(files: FileState) -> Self {
        WriteTool {
            files,
            cwd: None,
            shell: None,
        }
    }

    /// The session directory, used only to word [`TypedTool::describe_call`].
    pub fn with_cwd(mut self, cwd: Option<PathBuf>) -> Self {
        self.cwd = cwd;
        self
    }

    /// The session's shell: a call is described relative to where it stands (fa_100).
    pub fn with_shell(mut self, shell: std::sync::Arc<crate::shell::ShellState>) -> Self {
        self.shell = Some(shell);
        self
    }
}

/// Refuses paths that cannot be written as a plain file: directories and symlinks (writing
/// through a link would change a file elsewhere than the path the user approved).
pub(crate) fn refuse_special(path: &Path) -> Option<ToolOutput> {
    let meta = std::fs::symlink_metadata(path).ok()?;
    if meta.file_type().is_symlink() {
        let target = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        return Some(wrapped_error(format!(
            "Refusing to write {}: it is a symbolic link. Write to the link's target path instead: {}.",
            path.display(),
            target.display()
        )));
    }
    if meta.is_dir() {
        return Some(wrapped_error(format!(
            "EISDIR: illegal operation on a directory, open '{}'",
            path.display()
        )));
    }
    None
}

/// A Write aimed at a directory (also through a link) fails before anything is asked; the
/// error names the path as the model wrote it (`lout_dir/`, `<ws>/sub/`).
fn directory_error(path: &Path, written: &str) -> Option<String> {
    path.is_dir().then(|| {
        format!(
            "{written} is a directory, not a file. To create a file inside it, include the file name in file_path."
        )
    })
}

/// Writes `content`, creating parent directories.
pub(crate) async fn write_file(path: &Path, content: &[u8]) -> Result<(), ToolOutput> {
    if let Some(parent) = path.parent() {
        tokio::fs::create_dir_all(parent)
            .await
            .map_err(|e| wrapped_error(e.to_string()))?;
    }
    tokio::fs::write(path, content)
        .await
        .map_err(|e| wrapped_error(e.to_string()))
}

impl TypedTool for WriteTool {
    fn render_output(&self, output: &Value) -> Option<oxagent_core::tool::ToolOutput> {
        crate::hook_output::write(output)
    }

    fn context_compacted(&self, compaction: &str, kept_reads: &[String]) {
        let (cwd, shell) = (self.cwd.as_deref(), self.shell.as_deref());
        super::compacted(&self.files, compaction, cwd, shell, kept_reads);
    }

    const NAME: &'static str = "Write";
    const CHECKS_DISK_FIRST: bool = true;
    type Input = WriteInput;

    fn description(&self) -> String {
        "Creates a file, or replaces an existing one, with the given content; missing parent \
         directories are created. `file_path` should be absolute. For changing part of a file \
         prefer Edit, which sends only the change. Do not create documentation files unless asked."
            .to_string()
    }

    fn input_schema() -> Value {
        json!({
            "type": "object",
            "properties": {
                "file_path": {"type": "string", "description": "Absolute path of the file to write."},
                "content": {"type": "string", "description": "The complete new content of the file."}
            },
            "required": ["file_path", "content"],
            "additionalProperties": false
        })
    }

    /// A file the model has not seen, in a session without the Read tool.
    fn input_error(&self, input: &Value) -> Option<String> {
        self.input_error_for(input, None)
    }

    fn input_error_for(&self, input: &Value, agent_id: Option<&str>) -> Option<String> {
        let files = self.files.of(agent_id);
        let cwd = super::here(self.cwd.as_deref()?, self.shell.as_deref());
        let path = resolve(input.get("file_path")?.as_str()?, &cwd);
        files
            .unread_refused(&path)
            .then(|| super::notebook_edit::NOT_READ_YET.to_string())
    }

    fn unseen_file(&self, input: &Value, agent_id: Option<&str>) -> Option<std::path::PathBuf> {
        let cwd = super::here(self.cwd.as_deref()?, self.shell.as_deref());
        let path = resolve(input.get("file_path")?.as_str()?, &cwd);
        (path.is_file() && !self.files.of(agent_id).has_seen(&path)).then_some(path)
    }

    /// It looks at the file on disk: it comes once the response has streamed.
    fn input_error_waits(&self, _input: &Value) -> bool {
        true
    }

    fn tidy_input(&self, input: Value) -> Value {
        super::trailing::tidy_field(input, "content")
    }

    fn check_permission(&self, input: &Value, ctx: &PermissionContext) -> ToolPermission {
        let target = input.get("file_path").and_then(Value::as_str);
        if let Some(message) = target.and_then(|p| directory_error(&resolve(p, ctx.dir()), p)) {
            return ToolPermission::Deny {
                message: format!("<tool_use_error>{message}</tool_use_error>"),
            };
        }
        {
            let files = self.files.of(ctx.agent_id.as_deref());
            permission_checks::check_write_input(input, "file_path", ctx, &|p| files.has_seen(p))
        }
    }

    fn describe_call(&self, input: &Value) -> Option<String> {
        let here = self
            .cwd
            .as_deref()
            .map(|c| super::here(c, self.shell.as_deref()));
        path_label(input, "file_path", here.as_deref())
    }

    /// A write whose content or path the user changed says so instead of the file-state
    /// note, as the reference says it.
    fn user_modified(&self, out: ToolOutput, proposed: &Value, accepted: &Value) -> ToolOutput {
        if proposed.get("content") == accepted.get("content") {
            return out;
        }
        super::user_modified(
            out,
            "The user modified your proposed content before accepting it.",
            false,
        )
    }

    async fn run(&self, input: WriteInput, ctx: &ToolContext) -> ToolOutput {
        let files = self.files.of(ctx.agent_id.as_deref());
        let path = resolve(&input.file_path, ctx.dir());
        if let Some(message) = directory_error(&path, &input.file_path) {
            return wrapped_error(message);
        }
        if let Some(refusal) = refuse_special(&path) {
            return refusal;
        }
        // An existing file named as a folder (`settings.json/`): its stat fails first.
        if input.file_path.ends_with('/') && path.is_file() {
            let shown = std::path::PathBuf::from(format!("{}/", path.display()));
            return crate::results::call_error("Write", super::not_a_directory("stat", &shown));
        }
        let mut encoding = super::encoding::TextEncoding::Utf8;
        let original = match tokio::fs::read(&path).await {
            Ok(bytes) => match super::encoding_refusal(&bytes) {
                Some(refusal) => return crate::results::plain_error(refusal),
                None => {
                    let (text, found) = super::encoding::decode(&bytes);
                    encoding = found;
                    Some(text)
                }
            },
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            Err(e) if e.kind() == std::io::ErrorKind::NotADirectory => {
                return crate::results::call_error("Write", super::not_a_directory("stat", &path))
            }
            Err(e) => return wrapped_error(e.to_string()),
        };
        // A file read and then changed by someone else is not overwritten blindly (an
        // unread file is).
        if let Some(raw) = &original {
            if files.freshness(&path, raw) == Freshness::ChangedOnDisk {
                return wrapped_error(MODIFIED_SINCE_READ);
            }
        }
        // A file's byte-order mark stays, and so does its encoding.
        let content = super::encoding::keep_mark(original.as_deref(), &input.content);
        // The old content is reported as Read shows it: CRLF as LF.
        let original = original.map(|o| o.replace("\r\n", "\n"));
        files.before_change(&path);
        let bytes = super::encoding::encode(&content, encoding);
        if let Err(out) = write_file(&path, &bytes).await {
            return out;
        }
        files.record(&path, &content);
        // The path as the model wrote it (`..`, `~` and all), as the reference shows it.
        let shown = &input.file_path;
        // An empty file is reported as created, as if it had not been there (fb_015, fb_019).
        match original.filter(|o| !o.is_empty()) {
            None => success(
                format!("File created successfully at: {shown} {FILE_STATE_CURRENT}"),
                json!({
                    "type": "create",
                    "filePath": input.file_path,
                    "content": input.content,
                    "structuredPatch": [],
                    "originalFile": null,
                    "userModified": false,
                }),
            ),
            Some(original) => success(
                format!("The file {shown} has been updated successfully. {FILE_STATE_CURRENT}"),
                json!({
                    "type": "update",
                    "filePath": input.file_path,
                    "content": content,
                    "structuredPatch": structured_patch(&original, &content),
                    "originalFile": original,
                    "userModified": false,
                }),
            ),
        }
    }
}

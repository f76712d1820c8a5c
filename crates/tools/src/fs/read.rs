//! The Read tool: a file's lines, numbered for the model.
//!
//! Text comes back as `"<n>\t<line>"` lines joined by `\n`, numbered from `offset` (1 when
//! absent or negative; a limit of 0 or less reads to the end). Lines are split at `\n`, each
//! losing a final `\r`, and a byte-order mark is dropped. Binary files are told by their
//! extension: a text file with NUL bytes or invalid UTF-8 is read, with a note. A file ending in a newline has a last, empty numbered line, and `totalLines`
//! counts it: `"alpha\nbeta\n"` reads as `"1\talpha\n2\tbeta\n3\t"`. Images, PDFs and
//! notebooks are handled by [`super::read_media`].

use std::path::{Path, PathBuf};

use oxagent_core::permission::{PermissionContext, ToolPermission};
use oxagent_core::tool::{ToolContext, ToolOutput};
use serde::Deserialize;
use serde_json::{json, Value};

use super::file_state::FileState;
use super::path_label;
use super::read_media::{self, MediaKind};
use crate::paths::{format_size, real_path, resolve};
use crate::permission_checks;
use crate::results::{plain_error, success, wrapped_error};
use crate::typed::TypedTool;

/// Above this many bytes a whole-file read is refused unless `allow_large` is set.
pub const MAX_READ_BYTES: u64 = 256 * 1024;
/// The hard ceiling for `allow_large` reads.
pub const MAX_LARGE_READ_BYTES: u64 = 8 * 1024 * 1024;

/// The input of Read, as its schema describes it.
#[derive(Deserialize)]
pub struct ReadInput {
    file_path: String,
    offset: Option<i64>,
    limit: Option<i64>,
    pages: Option<String>,
    #[serde(default)]
    allow_large: bool,
}

/// Reads files for the model. See the module docs for the output format.
pub struct ReadTool {
    files: FileState,
    cwd: Option<PathBuf>,
    /// Directories always readable without asking: where background tasks write their
    /// output, which the model is told to Read.
    own_dirs: Vec<PathBuf>,
    /// The token cap on images of the session's model ([`super::image_fit`]).
    image_tokens: Option<u32>,
    /// The session's shell: after a `cd`, a question names the file from its directory.
    shell: Option<std::sync::Arc<crate::shell::ShellState>>,
}

impl ReadTool {
    pub fn new(files: FileState) -> Self {
        ReadTool {
            files,
            cwd: None,
            own_dirs: Vec::new(),
            image_tokens: None,
            shell: None,
        }
    }

    /// Caps the tokens of the images Read sends (the session's model's cap).
    pub fn with_image_tokens(mut self, cap: Option<u32>) -> Self {
        self.image_tokens = cap;
        self
    }

    /// Lets the model read anything under `dir` without asking (the tools' own output).
    pub fn with_own_dir(mut self, dir: PathBuf) -> Self {
        self.own_dirs.push(dir);
        self
    }

    /// The session directory, used only to word [`TypedTool::describe_call`].
    /// The session's shell, whose directory (after a `cd`) a question names paths from.
    pub fn with_shell(mut self, shell: std::sync::Arc<crate::shell::ShellState>) -> Self {
        self.shell = Some(shell);
        self
    }

    pub fn with_cwd(mut self, cwd: Option<PathBuf>) -> Self {
        self.cwd = cwd;
        self
    }
}

/// The text Read and Edit give for a path that does not exist.
pub fn missing_file_text(cwd: &Path) -> String {
    format!(
        "File does not exist. Note: your current working directory is {}.",
        cwd.display()
    )
}

/// `content` (LF line endings) as numbered lines, the first numbered `first_number`.
pub fn number_lines(lines: &[&str], first_number: u64) -> String {
    let mut out = String::new();
    for (i, line) in lines.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&format!("{}\t{line}", first_number + i as u64));
    }
    out
}

/// Appended for the model to a text file with NUL bytes near its start.
pub const NUL_BYTES_NOTE: &str = "[This file has NUL bytes in its first 8 KB: binary data, UTF-16/UTF-32 \
     without a byte-order mark, or text with embedded NULs. Edit and Write will refuse it: change it \
     with a shell command that keeps its encoding, or ask the user whether to convert it to UTF-8.]";

/// Appended for the model to a file that starts with UTF-16's big-endian byte-order mark.
pub const UTF16_BE_NOTE: &str = "[This file is UTF-16 big-endian (it starts FE FF), which these \
     tools cannot write. Edit and Write will refuse it: change it with a shell command that keeps \
     its encoding, or ask the user whether to convert it to UTF-8.]";

/// Appended for the model to a text file that is not valid UTF-8.
pub const NOT_UTF8_NOTE: &str = "[This file is not valid UTF-8: it uses a legacy encoding such as \
     Windows-1252, Shift-JIS or GBK, or it is binary. Its undecodable bytes show above as U+FFFD. Edit \
     and Write will refuse it: change it with a shell command that keeps its encoding, or ask the user \
     whether to convert it to UTF-8.]";

/// The lines of a file as Read shows them: split at `\n`, each without a final `\r`, and
/// a leading byte-order mark dropped.
pub fn file_lines(raw: &str) -> Vec<&str> {
    let raw = raw.strip_prefix('\u{feff}').unwrap_or(raw);
    raw.split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .collect()
}

/// The first line shown (1-based; 0 numbers from 0, a negative offset reads as 1) and the
/// most lines to show (`None`: all; a limit of 0 or less means no limit).
pub fn window(offset: Option<i64>, limit: Option<i64>) -> (u64, Option<u64>) {
    let start = match offset {
        None => 1,
        Some(n) if n < 0 => 1,
        Some(n) => n as u64,
    };
    (start, limit.filter(|l| *l > 0).map(|l| l as u64))
}

/// The name of a file next to `path` with the same stem but another extension, for the
/// "Did you mean" hint of a missing file.
fn similar_file(path: &Path) -> Option<String> {
    let stem = path.file_stem()?.to_str()?;
    let dir = path.parent()?;
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .ok()?
        .filter_map(|e| e.ok())
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .filter_map(|e| e.file_name().to_str().map(str::to_string))
        .filter(|n| {
            let p = Path::new(n);
            p.file_stem().and_then(|s| s.to_str()) == Some(stem)
                && n.as_str() != path.file_name().and_then(|f| f.to_str()).unwrap_or("")
        })
        .collect();
    names.sort();
    // Named by itself, wherever it is.
    names.first().cloned()
}

/// How the error for a directory names it: the resolved path, except that an absolute path
/// written with a trailing slash is named with a doubled one (`/ws/sub/` -> `/ws/sub//`),
/// as the reference names it.
pub fn directory_label(given: &str, resolved: &Path) -> String {
    let shown = resolved.display().to_string();
    if given.starts_with('/') && given.ends_with('/') && !shown.ends_with('/') {
        format!("{shown}//")
    } else {
        shown
    }
}

fn too_large_text(size: u64, max: u64) -> String {
    format!(
        "File content ({}) exceeds maximum allowed size ({}). Use offset and limit parameters to read \
         specific portions of the file, or search for specific content instead of reading the whole \
         file. To read it anyway, up to what still fits in your context, call Read again with \
         allow_large: true — only if you genuinely need all of it or the user asked for the whole file.",
        format_size(size),
        format_size(max)
    )
}

/// Returns `Pending` once, waking itself: the other futures polled beside this one take
/// their step first.
async fn step_aside() {
    let mut stepped = false;
    std::future::poll_fn(|cx| {
        if stepped {
            return std::task::Poll::Ready(());
        }
        stepped = true;
        cx.waker().wake_by_ref();
        std::task::Poll::Pending
    })
    .await;
}

/// The largest file [`read_text`] reads without leaving the task.
const READ_IN_PLACE: u64 = 256 * 1024;

async fn read_text(input: &ReadInput, path: &Path, size: u64, files: &FileState) -> ToolOutput {
    // Only a limit bounds what is read: an offset alone still reads to the end.
    let windowed = input.limit.is_some();
    if !windowed && size > MAX_READ_BYTES && (!input.allow_large || size > MAX_LARGE_READ_BYTES) {
        let max = if input.allow_large {
            MAX_LARGE_READ_BYTES
        } else {
            MAX_READ_BYTES
        };
        return plain_error(too_large_text(size, max));
    }
    // A small file is read in place: quicker than a trip through the blocking pool. It
    // steps aside once first, so that the round's reads of missing files are done before it
    // (fuzz-d/fd_179), and it is still done before the calls that wait on something (a
    // command, a large file), as the reference's reads are (fuzz-e/fe_083).
    let read = if size <= READ_IN_PLACE {
        step_aside().await;
        std::fs::read(path)
    } else {
        tokio::fs::read(path).await
    };
    let bytes = match read {
        Ok(b) => b,
        Err(e) => return plain_error(format!("{e}")),
    };
    // Binary files are told apart by their extension; a text file with NUL bytes or
    // bytes that are not UTF-8 is shown with a note for the model.
    // UTF-16LE behind its byte-order mark is text like any other.
    let (raw, encoding) = super::encoding::decode(&bytes);
    let note = if encoding == super::encoding::TextEncoding::Utf16Le {
        None
    } else if bytes.starts_with(&[0xfe, 0xff]) {
        Some(UTF16_BE_NOTE)
    } else if read_media::looks_binary(&bytes) {
        Some(NUL_BYTES_NOTE)
    } else if std::str::from_utf8(&bytes).is_err() {
        Some(NOT_UTF8_NOTE)
    } else {
        None
    };
    let lines = file_lines(&raw);
    let total = lines.len() as u64;
    let (start_line, limit) = window(input.offset, input.limit);
    let file = |content: &str, num_lines: u64| {
        json!({"type": "text", "file": {
            "filePath": input.file_path,
            "content": content,
            "numLines": num_lines,
            "startLine": start_line,
            "totalLines": total,
        }})
    };
    // `offset` is 1-based; 0 reads from the first line but numbers it 0, as the reference does.
    let from = start_line.saturating_sub(1);
    if from < total && lines.len() == 1 && lines[0].is_empty() {
        files.record(path, &raw);
        return success(
            "<system-reminder>Warning: the file exists but the contents are empty.</system-reminder>",
            file("", 1),
        );
    }
    if from >= total {
        // The encoding note follows the warning too (fb_007).
        let mut text = format!(
            "<system-reminder>Warning: the file exists but is shorter than the provided offset \
             ({start_line}). The file has {total} lines.</system-reminder>"
        );
        if let Some(note) = note {
            text.push_str("\n\n");
            text.push_str(note);
        }
        return success(text, file("", 0));
    }
    let to = match limit {
        Some(limit) => from.saturating_add(limit).min(total),
        None => total,
    };
    // A whole read whose lines dropped a carriage return that ends no CRLF (the last line's)
    // did not show the file as it is: an edit then says the model lacks it (fb_067).
    let shown_as_is = || {
        let text = raw.strip_prefix('\u{feff}').unwrap_or(&raw);
        lines.join("\n") == text.replace("\r\n", "\n")
    };
    if from == 0 && to == total && shown_as_is() {
        files.record(path, &raw);
    } else {
        files.record_partial(path, &raw);
    }
    let selected = &lines[from as usize..to as usize];
    let mut text = number_lines(selected, start_line);
    if let Some(note) = note {
        text.push_str("\n\n");
        text.push_str(note);
    }
    success(text, file(&selected.join("\n"), selected.len() as u64))
}

impl TypedTool for ReadTool {
    fn render_output(&self, output: &Value) -> Option<oxagent_core::tool::ToolOutput> {
        crate::hook_output::read(output)
    }

    fn context_compacted(&self, compaction: &str, kept_reads: &[String]) {
        let (cwd, shell) = (self.cwd.as_deref(), self.shell.as_deref());
        super::compacted(&self.files, compaction, cwd, shell, kept_reads);
    }

    const NAME: &'static str = "Read";
    const KEEPS_STRINGS: &'static [&'static str] = &["limit"];
    const READ_ONLY: bool = true;
    type Input = ReadInput;

    fn description(&self) -> String {
        "Reads a file from the local file system and returns its lines numbered from 1 \
         (`<n>\\t<line>`). `file_path` should be absolute. Use `offset` (first line, 1-based) and \
         `limit` (line count) for a part of a large file; whole files above 256KB need them, or \
         `allow_large: true`. Images (PNG, JPEG, GIF, WebP) come back as images, PDFs as \
         documents, Jupyter notebooks cell by cell. Directories cannot be read: list them with \
         Bash or Glob."
            .to_string()
    }

    fn input_schema() -> Value {
        json!({
            "type": "object",
            "properties": {
                "file_path": {"type": "string", "description": "Absolute path of the file to read."},
                // The bounds are advice to the model: a negative offset or a limit of 0
                // is still read (see `window`), as the reference reads it.
                "offset": {"type": "integer", "minimum": 0, "maximum": 9007199254740991u64,
                    "description": "First line to read, 1-based."},
                "limit": {"type": "integer", "exclusiveMinimum": 0, "maximum": 9007199254740991u64,
                    "description": "How many lines to read."},
                "pages": {"type": "string", "description": "PDF page range such as \"1-5\" (at most 20 pages)."},
                "allow_large": {"type": "boolean",
                    "description": "Read past the 256KB whole-file limit. Only when all of it is really needed."}
            },
            "required": ["file_path"],
            "additionalProperties": false
        })
    }

    fn check_permission(&self, input: &Value, ctx: &PermissionContext) -> ToolPermission {
        let Some(path) = input.get("file_path").and_then(Value::as_str) else {
            return ToolPermission::Allow;
        };
        let resolved = real_path(&resolve(path, ctx.dir()));
        if self
            .own_dirs
            .iter()
            .any(|d| resolved.starts_with(real_path(d)))
        {
            return ToolPermission::Allow;
        }
        permission_checks::check_read(path, ctx)
    }

    fn describe_call(&self, input: &Value) -> Option<String> {
        let here = self
            .cwd
            .as_deref()
            .map(|c| super::here(c, self.shell.as_deref()));
        path_label(input, "file_path", here.as_deref())
    }

    /// A binary file (by its extension) is refused as an input error, before the call is
    /// run, whether or not it exists (fb_052).
    fn input_error(&self, input: &Value) -> Option<String> {
        if let Some(path) = input.get("file_path").and_then(Value::as_str) {
            let path = Path::new(path);
            if read_media::kind_of(path) == MediaKind::Binary {
                return Some(read_media::binary_text(path));
            }
        }
        let pages = input
            .get("pages")
            .and_then(Value::as_str)
            .filter(|p| !p.is_empty())?;
        (!read_media::valid_pages(pages)).then(|| read_media::pages_error(pages))
    }

    async fn run(&self, input: ReadInput, ctx: &ToolContext) -> ToolOutput {
        let files = self.files.of(ctx.agent_id.as_deref());
        let path = resolve(&input.file_path, ctx.dir());
        // Looked up in place (one stat): a read that fails here is done on its first poll,
        // before any read of the same round that goes on to the file's bytes, as the
        // reference's is (which of a round's results ends with the token reminder: fd_179).
        let meta = match std::fs::metadata(&path) {
            Ok(m) => m,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let mut text = missing_file_text(ctx.dir());
                if let Some(name) = similar_file(&path) {
                    text.push_str(&format!(" Did you mean {name}?"));
                }
                return plain_error(text);
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotADirectory => {
                return plain_error(super::not_a_directory("open", &path))
            }
            Err(e) => return plain_error(format!("{e}")),
        };
        if meta.is_dir() {
            return plain_error(format!(
                "EISDIR: illegal operation on a directory, read '{}'",
                directory_label(&input.file_path, &path)
            ));
        }
        match read_media::kind_of(&path) {
            MediaKind::Image(media_type) => {
                read_media::read_image(&path, media_type, self.image_tokens).await
            }
            MediaKind::Pdf => read_media::read_pdf(&path, input.pages.as_deref()).await,
            MediaKind::Notebook => read_media::read_notebook(&path, &input.file_path, &files).await,
            MediaKind::Binary => wrapped_error(read_media::binary_text(&path)),
            MediaKind::Text => read_text(&input, &path, meta.len(), &files).await,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binary_extensions_are_input_errors_found_or_not() {
        let tool = ReadTool::new(FileState::new());
        let err = tool.input_error(&json!({"file_path": "/nowhere/blob.bin"}));
        assert!(err
            .unwrap()
            .contains("The file appears to be a binary .bin file."));
        assert_eq!(
            tool.input_error(&json!({"file_path": "/nowhere/a.txt"})),
            None
        );
    }

    #[test]
    fn lines_drop_a_final_carriage_return_and_the_bom() {
        assert_eq!(file_lines("a\r\nb\r\n"), vec!["a", "b", ""]);
        assert_eq!(file_lines("a\rb\rc\r"), vec!["a\rb\rc"]);
        assert_eq!(file_lines("\u{feff}x\n"), vec!["x", ""]);
    }

    #[test]
    fn directories_written_with_a_slash() {
        let p = Path::new("/ws/sub");
        assert_eq!(directory_label("/ws/sub/", p), "/ws/sub//");
        assert_eq!(directory_label("/ws/sub//", p), "/ws/sub//");
        assert_eq!(directory_label("sub/", p), "/ws/sub");
        assert_eq!(directory_label("/ws/./sub", p), "/ws/sub");
    }

    #[test]
    fn window_edges() {
        assert_eq!(window(None, None), (1, None));
        assert_eq!(window(Some(0), Some(0)), (0, None));
        assert_eq!(window(Some(-4), Some(-1)), (1, None));
        assert_eq!(window(Some(3), Some(2)), (3, Some(2)));
    }
}

//! The Grep tool: regex search over file contents with `rg` semantics.
//!
//! Three output modes, worded as the reference words them:
//! - `files_with_matches` (default): `Found 2 files\napp/data.js\napp/util.py`, newest first;
//! - `content`: `path:line:text` (context lines `path-line-text`, groups split by `--`),
//!   ordered by path;
//! - `count`: `path:N` lines, then `Found N total occurrences across M files.`
//!
//! `head_limit` (default 250, 0 for no limit) and `offset` page through the entries; a page
//! that cuts the results says so.

use std::path::PathBuf;

use oxagent_core::permission::{PermissionContext, ToolPermission};
use oxagent_core::tool::{ToolContext, ToolOutput};
use serde::Deserialize;
use serde_json::{json, Map, Value};

use super::engine::{search, split_globs, FileHits, Hit, SearchOptions};
use crate::paths::{display_path, resolve};
use crate::permission_checks;
use crate::results::{plain_error, success, wrapped_error};
use crate::typed::{as_count, TypedTool};

/// What ripgrep adds to a pattern its default engine cannot run.
const PCRE2_HINT: &str = "\n\nConsider enabling PCRE2 with the --pcre2 flag, which can handle \
backreferences\nand look-around.";

/// Entries shown when `head_limit` is left out.
pub const DEFAULT_HEAD_LIMIT: usize = 250;

/// The input of Grep, as its schema describes it.
#[derive(Deserialize)]
pub struct GrepInput {
    pattern: String,
    path: Option<String>,
    glob: Option<String>,
    output_mode: Option<String>,
    #[serde(rename = "-B")]
    before: Option<f64>,
    #[serde(rename = "-A")]
    after: Option<f64>,
    #[serde(rename = "-C")]
    context_c: Option<f64>,
    context: Option<f64>,
    #[serde(rename = "-n")]
    line_numbers: Option<bool>,
    #[serde(rename = "-i", default)]
    case_insensitive: bool,
    #[serde(rename = "-o", default)]
    only_matching: bool,
    #[serde(rename = "type")]
    file_type: Option<String>,
    head_limit: Option<f64>,
    offset: Option<f64>,
    #[serde(default)]
    multiline: bool,
}

/// Searches file contents. See the module docs.
#[derive(Default)]
pub struct GrepTool;

/// One page of `items`, and the limit that cut it (if it did).
fn paginate<T: Clone>(
    items: &[T],
    head_limit: Option<usize>,
    offset: usize,
) -> (Vec<T>, Option<usize>) {
    let rest = items.get(offset..).unwrap_or(&[]);
    match head_limit.unwrap_or(DEFAULT_HEAD_LIMIT) {
        0 => (rest.to_vec(), None),
        limit => (
            rest.iter().take(limit).cloned().collect(),
            (rest.len() > limit).then_some(limit),
        ),
    }
}

/// `limit: 3, offset: 1`, or empty when the page is the whole result.
fn page_info(applied_limit: Option<usize>, offset: usize) -> String {
    let mut parts = Vec::new();
    if let Some(limit) = applied_limit {
        parts.push(format!("limit: {limit}"));
    }
    if offset > 0 {
        parts.push(format!("offset: {offset}"));
    }
    parts.join(", ")
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Adds `appliedLimit` / `appliedOffset` when they apply.
fn with_page(mut result: Map<String, Value>, applied_limit: Option<usize>, offset: usize) -> Value {
    if let Some(limit) = applied_limit {
        result.insert("appliedLimit".into(), json!(limit));
    }
    if offset > 0 {
        result.insert("appliedOffset".into(), json!(offset));
    }
    Value::Object(result)
}

fn object(v: Value) -> Map<String, Value> {
    match v {
        Value::Object(m) => m,
        _ => Map::new(),
    }
}

/// The `content` mode lines of all files, ordered by path.
fn content_lines(
    files: &[FileHits],
    prefix: impl Fn(&FileHits) -> Option<String>,
    numbers: bool,
    context: bool,
) -> Vec<String> {
    let mut out = Vec::new();
    for (i, file) in files.iter().enumerate() {
        if context && i > 0 {
            out.push("--".to_string());
        }
        let name = prefix(file);
        // In a file with a NUL byte, lines holding one are left out and a note ends the
        // file's lines, as the reference reads rg's report.
        let binary = file.binary_offset.filter(|_| !file.hits.is_empty());
        for hit in &file.hits {
            let Hit::Line {
                number,
                text,
                is_match,
            } = hit
            else {
                out.push("--".to_string());
                continue;
            };
            if binary.is_some() && text.contains('\0') {
                continue;
            }
            let sep = if *is_match { ':' } else { '-' };
            let mut line = String::new();
            if let Some(name) = &name {
                line.push_str(name);
                line.push(sep);
            }
            if numbers {
                line.push_str(&format!("{number}{sep}"));
            }
            line.push_str(text);
            out.push(line);
        }
        if let Some(offset) = binary {
            let note = format!("binary file matches (found \"\\0\" byte around offset {offset})");
            out.push(match &name {
                Some(name) => format!("{name}:{note}"),
                None => note,
            });
        }
    }
    out
}

impl TypedTool for GrepTool {
    const NAME: &'static str = "Grep";
    const READ_ONLY: bool = true;
    const LABEL_FIELDS: &'static [&'static str] = &["pattern"];
    const KEEPS_STRINGS: &'static [&'static str] = &[
        "head_limit",
        "offset",
        "-A",
        "-B",
        "-C",
        "context",
        "-i",
        "-n",
        "multiline",
    ];
    type Input = GrepInput;

    fn description(&self) -> String {
        "Searches file contents with a regular expression (ripgrep syntax). By default lists the \
         files that match, newest first; `output_mode: \"content\"` shows matching lines \
         (`-n`, `-A`/`-B`/`-C` context, `-o`), `\"count\"` counts them per file. Narrow the search \
         with `path`, `glob` (e.g. `*.{ts,tsx}`) or `type` (e.g. `py`); `-i` ignores case and \
         `multiline` lets a match span lines. `head_limit` (default 250, 0 for all) and `offset` \
         page through results. Use this instead of running grep or rg in Bash."
            .to_string()
    }

    fn input_schema() -> Value {
        json!({
            "type": "object",
            "properties": {
                "pattern": {"type": "string", "description": "The regular expression to search for."},
                "path": {"type": "string", "description": "File or directory to search (default: the working directory)."},
                "glob": {"type": "string", "description": "Only search files matching this glob, as `rg --glob`."},
                "output_mode": {"type": "string", "enum": ["content", "files_with_matches", "count"],
                    "description": "files_with_matches (default), content or count."},
                "-B": {"type": "number", "description": "Lines of context before each match (content mode)."},
                "-A": {"type": "number", "description": "Lines of context after each match (content mode)."},
                "-C": {"type": "number", "description": "Lines of context around each match (content mode)."},
                "context": {"type": "number", "description": "Same as -C."},
                "-n": {"type": "boolean", "description": "Show line numbers (content mode, default true)."},
                "-i": {"type": "boolean", "description": "Ignore case."},
                "-o": {"type": "boolean", "description": "Show only the matched parts (content mode)."},
                "type": {"type": "string", "description": "Only search files of this type, as `rg --type` (js, py, rust ...)."},
                "head_limit": {"type": "number", "description": "Show at most this many entries (default 250, 0 for all)."},
                "offset": {"type": "number", "description": "Skip this many entries first."},
                "multiline": {"type": "boolean", "description": "Let `.` and the pattern span lines."}
            },
            "required": ["pattern"],
            "additionalProperties": false
        })
    }

    fn check_permission(&self, input: &Value, ctx: &PermissionContext) -> ToolPermission {
        permission_checks::check_search(input.get("path").and_then(Value::as_str), ctx)
    }

    fn input_error(&self, input: &Value) -> Option<String> {
        // Counts are whole numbers of 0 or more (a number written as a string included).
        let bad = |key: &str| -> Option<String> {
            let n = match input.get(key)? {
                Value::Number(n) => n.as_f64()?,
                Value::String(s) => s.trim().parse::<f64>().ok()?,
                _ => return None,
            };
            (n < 0.0 || n.fract() != 0.0).then(|| {
                if n.fract() == 0.0 {
                    format!("{}", n as i64)
                } else {
                    format!("{n}")
                }
            })
        };
        if let Some(n) = bad("head_limit") {
            return Some(format!(
                "head_limit must be a whole number of 0 or more, got {n}. Pass 0 for unlimited."
            ));
        }
        bad("offset").map(|n| format!("offset must be a whole number of 0 or more, got {n}."))
    }

    async fn run(&self, input: GrepInput, ctx: &ToolContext) -> ToolOutput {
        let root: PathBuf = match input.path.as_deref().filter(|p| !p.is_empty()) {
            Some(p) => resolve(p, ctx.dir()),
            None => ctx.dir().to_path_buf(),
        };
        let meta = match tokio::fs::metadata(&root).await {
            Ok(meta) => meta,
            Err(e) if e.kind() == std::io::ErrorKind::NotADirectory => {
                return plain_error(super::glob::not_a_directory(&root))
            }
            // The path as the model wrote it.
            Err(_) => {
                return plain_error(format!(
                    "Path does not exist: {}. {}",
                    input.path.as_deref().unwrap_or_default(),
                    super::glob::cwd_note(ctx.dir())
                ))
            }
        };
        let mode = input
            .output_mode
            .as_deref()
            .unwrap_or("files_with_matches")
            .to_string();
        let both = as_count(input.context.or(input.context_c));
        let content_mode = mode == "content";
        // rg is handed the context counts only in content mode, and refuses a negative one
        // before searching (fb_133, fb_146); `context` (or `-C`) stands for `-B` and `-A`.
        if content_mode {
            let around = input.context.or(input.context_c);
            let flags = match around {
                Some(_) => vec![("-C", around)],
                None => vec![("-B", input.before), ("-A", input.after)],
            };
            if let Some((flag, _)) = flags.iter().find(|(_, v)| v.is_some_and(|n| n < 0.0)) {
                return plain_error(format!(
                    "Search failed — ripgrep rejected the pattern, glob, or file type without \
                     searching:\nrg: error parsing flag {flag}: value is not a valid number: \
                     invalid digit found in string"
                ));
            }
        }
        let opts = SearchOptions {
            pattern: input.pattern.clone(),
            case_insensitive: input.case_insensitive,
            multiline: input.multiline,
            first_match_only: mode == "files_with_matches",
            before: if content_mode {
                both.or(as_count(input.before)).unwrap_or(0)
            } else {
                0
            },
            after: if content_mode {
                both.or(as_count(input.after)).unwrap_or(0)
            } else {
                0
            },
            only_matching: content_mode && input.only_matching,
            globs: input
                .glob
                .as_deref()
                .map(split_globs)
                .unwrap_or_default()
                .into_iter()
                .collect(),
            denied: super::denied::deny_globs(&ctx.read_denied, &root, &ctx.cwd, meta.is_dir()),
            file_type: input.file_type.clone(),
        };
        let abort = ctx.abort.clone();
        let search_root = root.clone();
        let with_context = opts.before > 0 || opts.after > 0;
        let found = tokio::task::spawn_blocking(move || search(&search_root, &opts, &abort)).await;
        let mut files = match found {
            Ok(Ok(files)) => files,
            Ok(Err(e)) => {
                let mut text = format!(
                    "Search failed — ripgrep rejected the pattern, glob, or file type without \
                     searching:\nrg: {e}"
                );
                if e.contains("look-around") || e.contains("backreferences") {
                    text.push_str(PCRE2_HINT);
                }
                return plain_error(text);
            }
            Err(e) => return wrapped_error(e.to_string()),
        };
        let judged = super::denied::Judged::new(&ctx.read_denied, &ctx.cwd);
        files.retain(|f| !judged.denies(&f.path));
        // rg leaves out of its counts and lists a walked file whose search stopped at a NUL
        // byte; content mode shows what came before it, with a note.
        if !content_mode && !meta.is_file() {
            files.retain(|f| f.binary_offset.is_none());
        }
        let head_limit = as_count(input.head_limit);
        let offset = as_count(input.offset).unwrap_or(0);
        let shown = |f: &FileHits| display_path(&f.path, ctx.dir());

        match mode.as_str() {
            "content" => {
                files.sort_by(|a, b| a.path.cmp(&b.path));
                // Searching one file prints no file name, as rg does.
                let prefix = |f: &FileHits| (!meta.is_file()).then(|| shown(f));
                let lines = content_lines(
                    &files,
                    prefix,
                    input.line_numbers.unwrap_or(true),
                    with_context,
                );
                let (page, applied) = paginate(&lines, head_limit, offset);
                let content = page.join("\n");
                let info = page_info(applied, offset);
                // A page past the end says so.
                let shown_content = if page.is_empty() && offset > 0 {
                    "No entries at this offset"
                } else {
                    content.as_str()
                };
                // No match at all still notes the offset asked for (fb_059).
                let shown_content = if lines.is_empty() {
                    "No matches found"
                } else {
                    shown_content
                };
                let text = if info.is_empty() {
                    shown_content.to_string()
                } else {
                    format!("{shown_content}\n\n[Showing results with pagination = {info}]")
                };
                let result = object(json!({"mode": "content", "numFiles": 0, "filenames": [],
                    "content": content, "numLines": page.len(), "totalLines": lines.len()}));
                success(text, with_page(result, applied, offset))
            }
            "count" => {
                files.sort_by(|a, b| a.path.cmp(&b.path));
                let entries: Vec<(String, u64)> =
                    files.iter().map(|f| (shown(f), f.count)).collect();
                let (page, applied) = paginate(&entries, head_limit, offset);
                let content = page
                    .iter()
                    .map(|(p, n)| format!("{p}:{n}"))
                    .collect::<Vec<_>>()
                    .join("\n");
                // The totals count every file, whatever the page shows.
                let matches: u64 = entries.iter().map(|(_, n)| n).sum();
                let info = page_info(applied, offset);
                let text = if entries.is_empty() {
                    // An offset is noted even when nothing matched (fb_t_grep_offset_none).
                    let mut t =
                        "No matches found\n\nFound 0 total occurrences across 0 files.".to_string();
                    if !info.is_empty() {
                        t.push_str(&format!(" with pagination = {info}"));
                    }
                    t
                } else {
                    let noun = if matches == 1 {
                        "occurrence"
                    } else {
                        "occurrences"
                    };
                    let files = plural(entries.len(), "file", "files");
                    let shown_content = if page.is_empty() && offset > 0 {
                        "No entries at this offset"
                    } else {
                        content.as_str()
                    };
                    let mut t =
                        format!("{shown_content}\n\nFound {matches} total {noun} across {files}.");
                    if !info.is_empty() {
                        t.push_str(&format!(" with pagination = {info}"));
                    }
                    t
                };
                let result = object(
                    json!({"mode": "count", "numFiles": entries.len(), "filenames": [],
                    "content": content, "numMatches": matches}),
                );
                success(text, with_page(result, applied, offset))
            }
            _ => {
                files.sort_by(|a, b| {
                    b.modified
                        .cmp(&a.modified)
                        .then_with(|| a.path.cmp(&b.path))
                });
                let names: Vec<String> = files.iter().map(shown).collect();
                let (page, applied) = paginate(&names, head_limit, offset);
                let info = page_info(applied, offset);
                let text = if page.is_empty() && !names.is_empty() && offset > 0 {
                    format!("No entries at this offset. [Showing results with pagination = {info}]")
                } else if page.is_empty() {
                    "No files found".to_string()
                } else {
                    let head = plural(page.len(), "file", "files");
                    let head = if info.is_empty() {
                        head
                    } else {
                        format!("{head} {info}")
                    };
                    format!("Found {head}\n{}", page.join("\n"))
                };
                let result = object(json!({"mode": "files_with_matches", "filenames": page,
                    "numFiles": page.len(), "totalFiles": names.len()}));
                success(text, with_page(result, applied, offset))
            }
        }
    }
}

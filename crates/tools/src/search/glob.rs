//! The Glob tool: file names matching a glob pattern, oldest first.
//!
//! Matching follows `rg --files --glob` (the reference's engine): a pattern without `/`
//! matches a file name at any depth (`*.txt` finds `notes.txt` and `src/d.txt`), one with a
//! `/` is anchored at the search root. Hidden files and version-control directories are
//! included and ignore files are not consulted. Results are ordered by modification
//! time, oldest first (files of the same time in the order a depth-first walk meets them, each
//! directory in the order the file system lists it), shown relative to the working directory,
//! and capped at 100.

use std::path::{Path, PathBuf};
use std::time::{Instant, SystemTime};

use ignore::overrides::OverrideBuilder;
use oxagent_core::permission::{PermissionContext, ToolPermission};
use oxagent_core::signal::AbortSignal;
use oxagent_core::tool::{ToolContext, ToolOutput};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::paths::{display_path, resolve};
use crate::permission_checks;
use crate::results::{plain_error, success, wrapped_error};

/// Where a missing search path was looked for.
/// The structured result of a search that found nothing.
fn no_files(started: Instant) -> Value {
    json!({"durationMs": started.elapsed().as_millis() as u64, "filenames": [], "numFiles": 0,
        "truncated": false, "totalMatches": 0, "countIsComplete": true})
}

/// What the reference says of a path that runs through a file (`a.txt/x`).
pub(crate) fn not_a_directory(path: &Path) -> String {
    format!("ENOTDIR: not a directory, stat '{}'", path.display())
}

pub(crate) fn cwd_note(cwd: &Path) -> String {
    format!("Note: your current working directory is {}.", cwd.display())
}
use crate::typed::TypedTool;

/// At most this many names are returned.
pub const MAX_RESULTS: usize = 100;

/// The input of Glob, as its schema describes it.
#[derive(Deserialize)]
pub struct GlobInput {
    pattern: String,
    path: Option<String>,
}

/// Finds files by name. See the module docs.
#[derive(Default)]
pub struct GlobTool;

/// Splits an absolute pattern into the directory to search and the pattern inside it:
/// `/a/b/**/*.rs` -> (`/a/b`, `**/*.rs`).
fn split_absolute(pattern: &str) -> Option<(PathBuf, String)> {
    if !pattern.starts_with('/') {
        return None;
    }
    let parts: Vec<&str> = pattern.split('/').collect();
    let literal = parts
        .iter()
        .take_while(|p| !p.contains(['*', '?', '[', '{']))
        .count();
    // Keep at least the last part as the pattern.
    let literal = literal.min(parts.len() - 1);
    let base = parts[..literal].join("/");
    Some((
        PathBuf::from(if base.is_empty() { "/" } else { &base }),
        parts[literal..].join("/"),
    ))
}

/// Every file under `root` matching `pattern`, with its modification time.
pub(crate) fn find_files(
    root: &Path,
    pattern: &str,
    denied: &[String],
    abort: &AbortSignal,
) -> Result<Vec<(PathBuf, SystemTime)>, String> {
    let mut overrides = OverrideBuilder::new(root);
    overrides.add(pattern).map_err(|e| e.to_string())?;
    // Read deny rules' paths, matched without regard to case (`rg --iglob`).
    overrides
        .case_insensitive(true)
        .map_err(|e| e.to_string())?;
    for g in denied {
        overrides.add(g).map_err(|e| e.to_string())?;
    }
    let overrides = overrides.build().map_err(|e| e.to_string())?;
    // Every file, version-control folders included (the reference lists `.git/HEAD`).
    super::walk::files(root, &overrides, abort)
}

impl TypedTool for GlobTool {
    const NAME: &'static str = "Glob";
    const READ_ONLY: bool = true;
    const LABEL_FIELDS: &'static [&'static str] = &["pattern"];
    type Input = GlobInput;

    fn description(&self) -> String {
        "Finds files whose path matches a glob pattern such as `**/*.rs` or `src/**/*.{ts,tsx}`; a \
         pattern without `/` matches file names at any depth. Searches `path` (default: the working \
         directory) and lists matches oldest-modified first, at most 100. Use Grep to search file \
         contents."
            .to_string()
    }

    fn input_schema() -> Value {
        json!({
            "type": "object",
            "properties": {
                "pattern": {"type": "string", "description": "The glob pattern to match."},
                "path": {"type": "string",
                    "description": "Directory to search. Leave it out for the working directory."}
            },
            "required": ["pattern"],
            "additionalProperties": false
        })
    }

    fn check_permission(&self, input: &Value, ctx: &PermissionContext) -> ToolPermission {
        permission_checks::check_search(input.get("path").and_then(Value::as_str), ctx)
    }

    async fn run(&self, input: GlobInput, ctx: &ToolContext) -> ToolOutput {
        let started = Instant::now();
        let mut root = match input.path.as_deref().filter(|p| !p.is_empty()) {
            Some(p) => resolve(p, ctx.dir()),
            None => ctx.dir().to_path_buf(),
        };
        let mut pattern = input.pattern.clone();
        // The folder of an absolute pattern that does not exist has no files (not an error).
        let mut from_pattern = false;
        if let Some((base, rest)) = split_absolute(&input.pattern) {
            root = base;
            pattern = rest;
            from_pattern = true;
        }
        // The errors name the path as the model wrote it.
        let written = input.path.clone().unwrap_or_default();
        match tokio::fs::metadata(&root).await {
            Ok(m) if m.is_dir() => {}
            Ok(_) => return plain_error(format!("Path is not a directory: {written}")),
            Err(e) if e.kind() == std::io::ErrorKind::NotADirectory => {
                return plain_error(not_a_directory(&root))
            }
            Err(_) if from_pattern => return success("No files found", no_files(started)),
            Err(_) => {
                return plain_error(format!(
                    "Directory does not exist: {written}. {}",
                    cwd_note(ctx.dir())
                ))
            }
        }
        let abort = ctx.abort.clone();
        let denied = super::denied::deny_globs(&ctx.read_denied, &root, &ctx.cwd, true);
        let found =
            tokio::task::spawn_blocking(move || find_files(&root, &pattern, &denied, &abort)).await;
        let mut files = match found {
            Ok(Ok(files)) => files,
            // A pattern the glob parser refuses is reported as ripgrep's refusal, unwrapped
            // (fb_092).
            Ok(Err(e)) if e.starts_with("error parsing glob") => {
                return plain_error(format!(
                    "Search failed — ripgrep rejected the pattern, glob, or file type without \
                     searching:\nrg: {e}"
                ))
            }
            Ok(Err(e)) => return wrapped_error(e),
            Err(e) => return wrapped_error(e.to_string()),
        };
        let judged = super::denied::Judged::new(&ctx.read_denied, &ctx.cwd);
        files.retain(|(path, _)| !judged.denies(path));
        // Oldest first; equal times keep the walk's order (a stable sort).
        let total = files.len();
        files.sort_by_key(|(_, modified)| *modified);
        files.truncate(MAX_RESULTS);
        let truncated = total > MAX_RESULTS;
        let names: Vec<String> = files
            .iter()
            .take(MAX_RESULTS)
            .map(|(p, _)| display_path(p, ctx.dir()))
            .collect();
        let mut text = if names.is_empty() {
            "No files found".to_string()
        } else {
            names.join("\n")
        };
        if truncated {
            text.push_str(&format!(
                "\n(Showing {MAX_RESULTS} of {total} matching files; {} more are not listed. Narrow \
                 the pattern or path to see the rest.)",
                total - MAX_RESULTS
            ));
        }
        success(
            text,
            json!({
                "durationMs": started.elapsed().as_millis() as u64,
                "filenames": names,
                "numFiles": names.len(),
                "truncated": truncated,
                "totalMatches": total,
                "countIsComplete": true,
            }),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn absolute_patterns_split_at_the_first_wildcard() {
        assert_eq!(
            split_absolute("/a/b/**/*.rs"),
            Some((PathBuf::from("/a/b"), "**/*.rs".to_string()))
        );
        assert_eq!(
            split_absolute("/a/b/c.txt"),
            Some((PathBuf::from("/a/b"), "c.txt".to_string()))
        );
        assert_eq!(split_absolute("*.rs"), None);
    }
}

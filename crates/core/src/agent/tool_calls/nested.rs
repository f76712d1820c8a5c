//! The instruction files a round's calls bring in: a file a call reads, writes or edits
//! (Read, Write, Edit, NotebookEdit), or one a Bash command shows as a Read would (`cat f`,
//! `head -n 5 f`, see [`bash_reads`]), reaches the CLAUDE.md files, rules and their imports
//! of the directories between the working directory and it ([`NestedMemory`]). Each is
//! announced to the InstructionsLoaded hooks and follows the results as a reminder.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::content::ContentBlock;
use crate::memory::bash_reads::{files_shown, shown_files};
use crate::memory::{touched_paths, LoadReason};
use crate::protocol::hook::HookEvent;

use crate::agent::deps::Deps;
use crate::agent::hooks::callbacks;
use crate::agent::view::SessionView;

use super::call::Call;

/// The files a round's calls touched, without repeats: those of the file tools in call
/// order, then those commands showed (fuzz-l/fl_pin_bash_and_read).
fn triggers<'a>(
    calls: impl Iterator<Item = &'a Call>,
    results: &[ContentBlock],
    cwd: &Path,
) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = Vec::new();
    let (shell, files): (Vec<&Call>, Vec<&Call>) = calls.partition(|c| c.name == "Bash");
    for call in files.into_iter().chain(shell) {
        let found = if call.name == "Bash" {
            bash_triggers(call, results, cwd)
        } else {
            touched_paths(&call.input, cwd)
        };
        for p in found {
            if !out.contains(&p) {
                out.push(p);
            }
        }
    }
    out
}

/// The files a Bash call showed (a grep's only if it succeeded).
fn bash_triggers(call: &Call, results: &[ContentBlock], cwd: &Path) -> Vec<PathBuf> {
    let Some(command) = call.input.get("command").and_then(Value::as_str) else {
        return Vec::new();
    };
    if shown_files(command).is_empty() {
        return Vec::new();
    }
    let Some((output, failed)) = result_of(results, &call.id) else {
        return Vec::new();
    };
    files_shown(command, cwd, &output, !failed)
        .into_iter()
        .map(|s| s.path)
        .collect()
}

fn result_of(results: &[ContentBlock], id: &str) -> Option<(String, bool)> {
    results.iter().find_map(|b| match b {
        ContentBlock::ToolResult {
            tool_use_id,
            content,
            is_error,
        } if tool_use_id == id => Some((
            content.as_ref().map(|c| c.as_text()).unwrap_or_default(),
            is_error.unwrap_or(false),
        )),
        _ => None,
    })
}

/// The instruction files the round's calls reached for the first time, after their
/// InstructionsLoaded hooks: `(file, memory type, text)`.
pub(super) async fn instructions(
    calls: &[&Call],
    results: &[ContentBlock],
    session: &SessionView<'_>,
    deps: &Deps<'_>,
) -> Vec<(String, &'static str, String)> {
    let Some(memory) = &session.nested_memory else {
        return Vec::new();
    };
    let cwd = &session.config.cwd;
    // A file the model read itself is not attached again later.
    for call in calls.iter().filter(|c| c.name == "Read") {
        for p in touched_paths(&call.input, cwd) {
            memory.seen(&p);
        }
    }
    let mut out = Vec::new();
    for touched in triggers(calls.iter().copied(), results, cwd) {
        // The file the call touched is never brought in as an import of the files it
        // reaches (pr_trigger_*, fuzz-l/fl_046).
        memory.seen(&touched);
        for found in memory.reached(&touched) {
            let file_path = found.path.to_string_lossy().into_owned();
            let (globs, parent_file_path) = match &found.reason {
                LoadReason::Traversal => (None, None),
                LoadReason::Include { parent } => {
                    (None, Some(parent.to_string_lossy().into_owned()))
                }
                LoadReason::Glob { globs } => (Some(globs.clone()), None),
            };
            let mut input = session.hook_input(HookEvent::InstructionsLoaded {
                file_path: file_path.clone(),
                memory_type: found.memory_type.into(),
                load_reason: found.reason.name().into(),
                globs,
                trigger_file_path: Some(touched.to_string_lossy().into_owned()),
                parent_file_path,
            });
            // A load a tool call brought in names the effort, as tool events do.
            if crate::usage::supports_effort(&session.live.model()) {
                let level = session.config.effort.clone();
                input.effort = Some(crate::protocol::hook::Effort {
                    level: level.unwrap_or_else(|| "medium".into()),
                });
            }
            let matchers = session.config.hooks.get("InstructionsLoaded");
            callbacks::run(deps, matchers, None, input, None).await;
            out.push((file_path, found.memory_type, found.text));
        }
    }
    out
}

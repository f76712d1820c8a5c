//! What a subagent did with its tools, as its caller's result reports it: the tools it used,
//! how many calls it made, and counts by kind of call.

use std::path::Path;

use serde_json::{json, Value};

/// Counted over a subagent's own calls (not those of agents it started).
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct ToolStats {
    /// Names of the tools it called that it has, in the order of first use (a refused call
    /// counts, a call of a tool it does not have does not).
    pub used: Vec<String>,
    /// Its tool calls.
    pub calls: u32,
    read: u32,
    search: u32,
    bash: u32,
    edit_file: u32,
    lines_added: u64,
    lines_removed: u64,
    other: u32,
}

fn lines(v: &Value, key: &str) -> u64 {
    v.get(key)
        .and_then(Value::as_str)
        .map_or(0, |t| t.split('\n').count() as u64)
}

impl ToolStats {
    /// One tool call, `known` when the subagent has the tool.
    pub fn call(&mut self, name: &str, input: &Value, known: bool) {
        self.calls += 1;
        if known && !self.used.iter().any(|u| u == name) {
            self.used.push(name.to_string());
        }
        match name {
            "Read" => self.read += 1,
            "Glob" | "Grep" => self.search += 1,
            "Bash" => self.bash += 1,
            "Write" => {
                self.edit_file += 1;
                self.lines_added += lines(input, "content");
            }
            "Edit" => {
                self.edit_file += 1;
                self.lines_added += lines(input, "new_string");
                self.lines_removed += lines(input, "old_string");
            }
            "NotebookEdit" => {
                self.edit_file += 1;
                self.lines_added += lines(input, "new_source");
            }
            // An agent it starts is no tool of its own in the counts (vk_ag_nested_default).
            "Agent" | "Task" => {}
            _ => self.other += 1,
        }
    }

    /// Adds the tools an agent it started used (after its own).
    pub fn adopt(&mut self, used: &[String]) {
        for name in used {
            if !self.used.contains(name) {
                self.used.push(name.clone());
            }
        }
    }

    /// `toolStats`, when the subagent called any tool but Agent (vk_sk_subagent_calls_skill).
    pub fn counts(&self) -> Option<Value> {
        (self.read + self.search + self.bash + self.edit_file + self.other > 0).then(|| {
            json!({"readCount": self.read, "searchCount": self.search, "bashCount": self.bash,
                "editFileCount": self.edit_file, "linesAdded": self.lines_added,
                "linesRemoved": self.lines_removed, "otherToolCount": self.other})
        })
    }
}

/// What a subagent is doing, as `task_progress` says it: `Reading a.txt`, `Running <what>`.
pub(crate) fn activity(name: &str, input: &Value, task: &str, cwd: &Path) -> String {
    let text = |k: &str| input.get(k).and_then(Value::as_str).unwrap_or("");
    let base = |k: &str| shown_path(text(k), cwd);
    // A call without the field its text names says what the task is
    // (subagents/subagent_progress_tokens_empty_input: a Glob without a pattern).
    let needs = match name {
        "Read" | "Write" | "Edit" => "file_path",
        "NotebookEdit" => "notebook_path",
        "Bash" => "command",
        "Glob" | "Grep" => "pattern",
        "WebFetch" => "url",
        "WebSearch" => "query",
        _ => "",
    };
    if !needs.is_empty() && !input.get(needs).is_some_and(Value::is_string) {
        return task.to_string();
    }
    match name {
        "Read" => format!("Reading {}", base("file_path")),
        "Write" => format!("Writing {}", base("file_path")),
        "Edit" => format!("Editing {}", base("file_path")),
        "NotebookEdit" => format!("Editing {}", base("notebook_path")),
        "Bash" => {
            let what = match text("description") {
                "" => text("command"),
                d => d,
            };
            format!("Running {what}")
        }
        "Glob" => format!("Finding {}", text("pattern")),
        "Grep" => format!("Searching for {}", text("pattern")),
        "Agent" => text("description").to_string(),
        "WebFetch" => format!("Fetching {}", text("url")),
        "WebSearch" => format!("Searching the web for {}", text("query")),
        // Another tool (Skill, one no session has) leaves the task's own description
        // (vk_sk_subagent_calls_skill, vk_ag_tools_unknown_name).
        _ => task.to_string(),
    }
}

/// A file's path as a progress message shows it: relative to the working directory when
/// the file is inside it, else from `~` when it is in the home directory, else as given
/// (fuzz-f/ff_009: `Reading src/app.py`).
fn shown_path(path: &str, cwd: &Path) -> String {
    if path.contains('\0') {
        return "Path hidden (unsupported characters)".to_string();
    }
    let absolute = oxagent_core::rules::path::normalize(&cwd.join(path));
    if let Ok(inside) = absolute.strip_prefix(cwd) {
        if !inside.as_os_str().is_empty() {
            return inside.to_string_lossy().into_owned();
        }
    }
    if let Some(home) = std::env::var_os("HOME").filter(|h| !h.is_empty()) {
        let home = home.to_string_lossy();
        if let Some(rest) = path.strip_prefix(&format!("{}/", home.trim_end_matches('/'))) {
            return format!("~/{rest}");
        }
    }
    path.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// vk_ag_tools_unknown_name, vk_sk_subagent_calls_skill, vk_ag_nested_default: what a
    /// call the counts have no kind for does to the progress text and to `toolStats`.
    #[test]
    fn other_tools_keep_the_task_description_and_count_as_other() {
        let cwd = Path::new("/w");
        assert_eq!(activity("Skill", &json!({"skill": "a"}), "Sub", cwd), "Sub");
        assert_eq!(activity("NoSuchTool", &json!({}), "Help", cwd), "Help");
        assert_eq!(
            activity("Read", &json!({"file_path": "/w/a.txt"}), "Help", cwd),
            "Reading a.txt"
        );
        let mut stats = ToolStats::default();
        stats.call("Agent", &json!({}), true);
        assert_eq!(stats.counts(), None);
        stats.call("Skill", &json!({}), true);
        assert_eq!(stats.counts().unwrap()["otherToolCount"], json!(1));
    }

    /// fuzz-f/ff_009: a file under the working directory by its path from there; one
    /// outside it as given.
    #[test]
    fn files_are_shown_from_the_working_directory() {
        let cwd = Path::new("/w/project");
        let read = |p: &str| activity("Read", &json!({"file_path": p}), "T", cwd);
        assert_eq!(read("/w/project/src/app.py"), "Reading src/app.py");
        assert_eq!(read("/w/project/../project/a.txt"), "Reading a.txt");
        assert_eq!(read("/w/other/b.txt"), "Reading /w/other/b.txt");
        assert_eq!(read("/w/project"), "Reading /w/project");
        let write = activity(
            "Write",
            &json!({"file_path": "/w/project/out.txt"}),
            "T",
            cwd,
        );
        assert_eq!(write, "Writing out.txt");
        // A call without the field says what the task is.
        assert_eq!(activity("Glob", &json!({}), "Task 1", cwd), "Task 1");
        assert_eq!(
            activity("Bash", &json!({"command": 1}), "Task 1", cwd),
            "Task 1"
        );
    }
}

//! The problems of the settings files (see [`crate::schema`]): which files are in effect,
//! and the `settings_not_in_effect` report the session gives once, after its first init
//! message.

use serde_json::Value;

use crate::schema::Issue;
use crate::Settings;

impl Settings {
    /// The document of the file `label` once checked against the schema (entries a
    /// warning names taken out); `None` when it is not in effect. `doc` none: not JSON.
    pub(crate) fn checked(
        &mut self,
        label: String,
        doc: Option<Value>,
    ) -> Option<serde_json::Map<String, Value>> {
        use crate::schema;
        let mut doc = match doc {
            Some(Value::Object(doc)) => doc,
            Some(other) => {
                self.problems.push((label, schema::not_an_object(&other)));
                return None;
            }
            None => {
                let issue = schema::not_an_object(&Value::Null);
                self.problems.push((label, issue));
                return None;
            }
        };
        let issues = schema::check(&mut doc);
        let failed = issues.iter().any(|i| !i.warning);
        self.problems
            .extend(issues.into_iter().map(|i| (label.clone(), i)));
        (!failed).then_some(doc)
    }

    /// What the session says of the settings files that did not load and the entries it
    /// set aside (vh_set_invalid_json, probes sv_*): the files with an error first, then
    /// the warnings of the files that loaded.
    pub fn not_in_effect(&self) -> Option<String> {
        let failed: Vec<&str> = self
            .problems
            .iter()
            .filter(|(_, i)| !i.warning)
            .map(|(f, _)| f.as_str())
            .collect();
        let stopping: Vec<_> = self.problems.iter().filter(|(_, i)| !i.warning).collect();
        let skipped: Vec<_> = self
            .problems
            .iter()
            .filter(|(f, i)| i.warning && !failed.contains(&f.as_str()))
            .collect();
        let mut parts = Vec::new();
        if !stopping.is_empty() {
            parts.push(format!(
                "These settings did not load, so nothing in them is in effect, including hooks, permission rules and sandbox settings, though environment variables they already set can stay:\n{}",
                problem_lines(&stopping)
            ));
        }
        if !skipped.is_empty() {
            parts.push(format!(
                "These settings entries were skipped; the rest of each source is in effect:\n{}",
                problem_lines(&skipped)
            ));
        }
        if parts.is_empty() {
            return None;
        }
        parts.push("Fix each problem listed, then start Claude Code again. For settings sent with applyFlagSettings, shown as SDK inline settings, send them again instead.".into());
        Some(parts.join("\n"))
    }
}

/// The lines of `problems`, by file in the order they came: ten at most per file.
fn problem_lines(problems: &[&(String, Issue)]) -> String {
    const SHOWN: usize = 10;
    let mut files: Vec<&str> = Vec::new();
    for (f, _) in problems {
        if !files.contains(&f.as_str()) {
            files.push(f);
        }
    }
    let mut lines = Vec::new();
    for file in files {
        let own: Vec<_> = problems.iter().filter(|(f, _)| f == file).collect();
        for (_, issue) in own.iter().take(SHOWN) {
            let at = match issue.path.as_str() {
                "" => String::new(),
                path => format!(" ({path})"),
            };
            lines.push(format!("  {file}{at}: {}", issue.message));
        }
        if own.len() > SHOWN {
            lines.push(format!(
                "  \u{2026} and {} more in {file}",
                own.len() - SHOWN
            ));
        }
    }
    lines.join("\n")
}

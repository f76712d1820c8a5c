//! `structuredPatch`: the hunks Write and Edit report, in the shape of the `diff` package the
//! reference uses (`{oldStart, oldLines, newStart, newLines, lines}`, three lines of context,
//! lines prefixed with `' '`, `'-'` or `'+'`, and `\ No newline at end of file` markers).
//!
//! ```
//! use oxagent_tools::fs::patch::structured_patch;
//! let hunks = structured_patch("original\n", "clobbered\n");
//! assert_eq!(hunks, serde_json::json!([{"oldStart": 1, "oldLines": 1, "newStart": 1,
//!     "newLines": 1, "lines": ["-original", "+clobbered"]}]));
//! ```
//!
//! Lines are compared with their line terminators, so `a` and `a\n` differ, exactly as in the
//! reference. The diff itself is Myers' algorithm from the `similar` crate.

use serde_json::{json, Value};
use similar::{capture_diff_slices, Algorithm, DiffOp};

const CONTEXT: usize = 3;
const NO_NEWLINE: &str = "\\ No newline at end of file";

/// One run of the diff: lines all equal, all removed or all added.
struct Run<'a> {
    kind: RunKind,
    lines: Vec<&'a str>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum RunKind {
    Equal,
    Removed,
    Added,
}

fn strip_terminator(line: &str) -> &str {
    line.strip_suffix('\n').unwrap_or(line)
}

/// The diff as runs, removals before additions (the order `diff` emits them in).
fn runs<'a>(old: &[&'a str], new: &[&'a str]) -> Vec<Run<'a>> {
    let mut out: Vec<Run<'a>> = Vec::new();
    let mut push = |kind: RunKind, lines: &[&'a str]| {
        if lines.is_empty() {
            return;
        }
        let stripped = lines.iter().map(|l| strip_terminator(l));
        match out.last_mut() {
            Some(last) if last.kind == kind => last.lines.extend(stripped),
            _ => out.push(Run {
                kind,
                lines: stripped.collect(),
            }),
        }
    };
    for op in capture_diff_slices(Algorithm::Myers, old, new) {
        match op {
            DiffOp::Equal { old_index, len, .. } => {
                push(RunKind::Equal, &old[old_index..old_index + len])
            }
            DiffOp::Delete {
                old_index, old_len, ..
            } => push(RunKind::Removed, &old[old_index..old_index + old_len]),
            DiffOp::Insert {
                new_index, new_len, ..
            } => push(RunKind::Added, &new[new_index..new_index + new_len]),
            DiffOp::Replace {
                old_index,
                old_len,
                new_index,
                new_len,
            } => {
                push(RunKind::Removed, &old[old_index..old_index + old_len]);
                push(RunKind::Added, &new[new_index..new_index + new_len]);
            }
        }
    }
    out
}

/// A patch line (its `' '`, `'-'` or `'+'` first) with the tabs that open its text shown as
/// two spaces each, as the reference shows them once the diff is made (tabs further in stay).
fn leading_tabs_as_spaces(line: String) -> String {
    let mut chars = line.chars();
    let Some(sign) = chars.next() else {
        return line;
    };
    let text = chars.as_str();
    let body = text.trim_start_matches('\t');
    let tabs = text.len() - body.len();
    if tabs == 0 {
        return line;
    }
    format!("{sign}{}{body}", "  ".repeat(tabs))
}

/// The hunks turning `old` into `new`; empty when they are equal. Tabs that open a line are
/// shown as two spaces each, once the lines are compared (fb_022, fb_t_patch_tabs).
pub fn structured_patch(old: &str, new: &str) -> Value {
    let old_lines: Vec<&str> = old.split_inclusive('\n').collect();
    let new_lines: Vec<&str> = new.split_inclusive('\n').collect();
    let mut diff = runs(&old_lines, &new_lines);
    // A trailing empty run simplifies closing the last hunk (as `diff` does).
    diff.push(Run {
        kind: RunKind::Equal,
        lines: Vec::new(),
    });

    let mut hunks = Vec::new();
    let (mut old_range_start, mut new_range_start) = (0usize, 0usize);
    let mut cur_range: Vec<String> = Vec::new();
    let (mut old_line, mut new_line) = (1usize, 1usize);
    let count = diff.len();

    for i in 0..count {
        let run = &diff[i];
        if run.kind != RunKind::Equal {
            if old_range_start == 0 {
                old_range_start = old_line;
                new_range_start = new_line;
                if i > 0 {
                    let prev = &diff[i - 1].lines;
                    let from = prev.len().saturating_sub(CONTEXT);
                    cur_range = prev[from..].iter().map(|l| format!(" {l}")).collect();
                    old_range_start -= cur_range.len();
                    new_range_start -= cur_range.len();
                }
            }
            let prefix = if run.kind == RunKind::Added { '+' } else { '-' };
            cur_range.extend(run.lines.iter().map(|l| format!("{prefix}{l}")));
            if run.kind == RunKind::Added {
                new_line += run.lines.len();
            } else {
                old_line += run.lines.len();
            }
            continue;
        }
        if old_range_start != 0 {
            if run.lines.len() <= CONTEXT * 2 && i + 2 < count {
                cur_range.extend(run.lines.iter().map(|l| format!(" {l}")));
            } else {
                let context_size = run.lines.len().min(CONTEXT);
                cur_range.extend(run.lines[..context_size].iter().map(|l| format!(" {l}")));
                let old_count = old_line - old_range_start + context_size;
                let new_count = new_line - new_range_start + context_size;
                if i + 2 >= count && run.lines.len() <= CONTEXT {
                    mark_missing_newlines(
                        old,
                        new,
                        run.lines.is_empty(),
                        old_count,
                        &mut cur_range,
                    );
                }
                hunks.push(json!({
                    "oldStart": old_range_start,
                    "oldLines": old_count,
                    "newStart": new_range_start,
                    "newLines": new_count,
                    "lines": std::mem::take(&mut cur_range)
                        .into_iter()
                        .map(leading_tabs_as_spaces)
                        .collect::<Vec<_>>(),
                }));
                old_range_start = 0;
                new_range_start = 0;
            }
        }
        old_line += run.lines.len();
        new_line += run.lines.len();
    }
    Value::Array(hunks)
}

/// The end of file lies inside this hunk: say which side lacks a final newline.
fn mark_missing_newlines(
    old: &str,
    new: &str,
    no_trailing_context: bool,
    old_count: usize,
    range: &mut Vec<String>,
) {
    let old_eof_newline = old.ends_with('\n');
    let new_eof_newline = new.ends_with('\n');
    let no_nl_before_adds = no_trailing_context && range.len() > old_count;
    if !old_eof_newline && no_nl_before_adds && !old.is_empty() {
        range.insert(old_count, NO_NEWLINE.to_string());
    }
    // An empty side has no last line to mark.
    if (!old_eof_newline && !no_nl_before_adds && !old.is_empty())
        || (!new_eof_newline && !new.is_empty())
    {
        range.push(NO_NEWLINE.to_string());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_in_the_middle_keeps_three_lines_of_context() {
        let old = "def f():\n    return 1\n\ndef g():\n    return 2\n";
        let new = "def f():\n    return 42\n\ndef g():\n    return 2\n";
        assert_eq!(
            structured_patch(old, new),
            json!([{"oldStart": 1, "oldLines": 5, "newStart": 1, "newLines": 5, "lines":
                [" def f():", "-    return 1", "+    return 42", " ", " def g():", "     return 2"]}])
        );
    }

    #[test]
    fn leading_tabs_show_as_two_spaces_each() {
        assert_eq!(
            structured_patch("a\tb\n\tin\n\t\tdeep\n", "a\tb\n    in\n\t\tdeep\n"),
            json!([{"oldStart": 1, "oldLines": 3, "newStart": 1, "newLines": 3, "lines":
                [" a\tb", "-  in", "+    in", "     deep"]}])
        );
        // The lines are compared as they are: a tab made two spaces is still a change.
        assert_eq!(
            structured_patch("\tin\n", "  in\n"),
            json!([{"oldStart": 1, "oldLines": 1, "newStart": 1, "newLines": 1, "lines":
                ["-  in", "+  in"]}])
        );
    }

    #[test]
    fn creating_from_empty_starts_at_line_one() {
        assert_eq!(
            structured_patch("", "fresh\n"),
            json!([{"oldStart": 1, "oldLines": 0, "newStart": 1, "newLines": 1, "lines": ["+fresh"]}])
        );
    }

    #[test]
    fn grouped_removals_come_before_additions() {
        assert_eq!(
            structured_patch("foo one\nfoo two\nthree\n", "bar one\nbar two\nthree\n"),
            json!([{"oldStart": 1, "oldLines": 3, "newStart": 1, "newLines": 3, "lines":
                ["-foo one", "-foo two", "+bar one", "+bar two", " three"]}])
        );
    }

    #[test]
    fn distant_changes_make_separate_hunks() {
        let old: String = (1..=20).map(|i| format!("l{i}\n")).collect();
        let new = old.replace("l2\n", "L2\n").replace("l19\n", "L19\n");
        let hunks = structured_patch(&old, &new);
        assert_eq!(hunks.as_array().map(Vec::len), Some(2));
        assert_eq!(hunks[1]["oldStart"], 16);
        assert_eq!(hunks[1]["oldLines"], 5);
    }

    #[test]
    fn emptying_a_file_marks_nothing() {
        assert_eq!(
            structured_patch("old\n", ""),
            json!([{"oldStart": 1, "oldLines": 1, "newStart": 1, "newLines": 0, "lines": ["-old"]}])
        );
    }

    #[test]
    fn missing_final_newline_is_marked() {
        assert_eq!(
            structured_patch("a\nb", "a\nc"),
            json!([{"oldStart": 1, "oldLines": 2, "newStart": 1, "newLines": 2, "lines":
                [" a", "-b", "\\ No newline at end of file", "+c", "\\ No newline at end of file"]}])
        );
    }

    #[test]
    fn equal_texts_have_no_hunks() {
        assert_eq!(structured_patch("same\n", "same\n"), json!([]));
    }
}

//! Exit statuses that are answers, not failures: `grep` finding nothing, `diff` finding a
//! difference, `test` finding the condition false. The line's last command decides, as its
//! status is the line's.
//!
//! ```
//! use oxagent_tools::shell::exit_codes::meaning;
//! assert_eq!(meaning("cat a.txt | grep x", 1), Some("No matches found"));
//! assert_eq!(meaning("grep x a.txt", 2), None);
//! assert_eq!(meaning("grep x a.txt; true", 1), None);
//! ```

use oxagent_core::rules::shell::parse;

/// What exit status `code` of `command` means when it is no failure.
pub fn meaning(command: &str, code: i32) -> Option<&'static str> {
    if code != 1 {
        return None;
    }
    let parsed = parse(command);
    let last = parsed.commands.last()?;
    let words = crate::permission_checks::known_commands::strip_wrappers(&last.words);
    match words.first()?.as_str() {
        "grep" | "egrep" | "fgrep" | "rg" => Some("No matches found"),
        "find" => Some("Some directories were inaccessible"),
        "diff" => Some("Files differ"),
        "test" | "[" => Some("Condition is false"),
        _ => None,
    }
}

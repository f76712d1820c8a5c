//! `/compact [instructions]` as a prompt: a local command that compacts now, without a
//! model turn. Its status messages come before the turn's `init`; the boundary, the
//! continuation and the command's output after it; the result has no turns. The command's
//! record (caveat, command, output) goes in front of the next prompt.
//!
//! This module reads the command and marks the messages it replays; the session runs it
//! (`Session::run_compact_command`, over `compaction::compact`).

use crate::content::UserContent;
use crate::message::{LocalCommandMark, Message};

/// `/compact` or `/compact <instructions>` -> the instructions (possibly empty).
pub fn compact_command(prompt: &UserContent) -> Option<String> {
    // A space before the slash makes it a plain prompt.
    let text = prompt.text();
    let rest = text.trim_end().strip_prefix("/compact")?;
    (rest.is_empty() || rest.starts_with(char::is_whitespace)).then(|| rest.trim().to_string())
}

/// Marks a local command's answer (a synthetic assistant message) with its output, what
/// ran and how it came out.
pub(crate) fn marked(mut answer: Message, mark: LocalCommandMark) -> Message {
    if let Message::Assistant(a) = &mut answer {
        a.local_command = Some(Box::new(mark));
    }
    answer
}

/// Marks a message a `/compact` command replays to the caller.
pub(crate) fn replayed(mut message: Message, replay: bool) -> Message {
    if let Message::User(u) = &mut message {
        u.is_replay = Some(replay);
    }
    message
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compact_commands() {
        let p = |s: &str| compact_command(&UserContent::Text(s.into()));
        assert_eq!(p("/compact"), Some(String::new()));
        assert_eq!(
            p("/compact  keep the tests "),
            Some("keep the tests".into())
        );
        assert_eq!(p("/compacted"), None);
        assert_eq!(p("please /compact"), None);
        assert_eq!(p(" /compact"), None);
        assert_eq!(p("/compact \n"), Some(String::new()));
    }
}

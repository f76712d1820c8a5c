//! `system/vcs_state_changed`: which Bash calls the reference announces as changing the
//! repository's state that others see.

use serde_json::Value;

/// Whether a foreground Bash call pushed to a remote: the reference announces a command
/// naming `git` and then `push` that succeeded (`git push`, `git -C dir push`, `cd d && git
/// push`; `echo git push` too), as `system/vcs_state_changed` (fa_vcs_kinds).
pub(super) fn pushes(input: &Value) -> bool {
    if input.get("run_in_background") == Some(&Value::Bool(true)) {
        return false;
    }
    let Some(command) = input.get("command").and_then(Value::as_str) else {
        return false;
    };
    let words: Vec<&str> = command
        .split(|c: char| c.is_whitespace() || matches!(c, ';' | '&' | '|' | '(' | ')'))
        .filter(|w| !w.is_empty())
        .collect();
    words
        .iter()
        .position(|w| *w == "git")
        .is_some_and(|at| words[at + 1..].contains(&"push"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn pushes_are_found_in_the_command() {
        for c in [
            "git push",
            "git -C src push",
            "cd src && git push",
            "echo git push",
        ] {
            assert!(pushes(&json!({"command": c})), "{c}");
        }
        for c in ["git commit -m x", "git pull", "push git"] {
            assert!(!pushes(&json!({"command": c})), "{c}");
        }
        assert!(!pushes(
            &json!({"command": "git push", "run_in_background": true})
        ));
    }
}

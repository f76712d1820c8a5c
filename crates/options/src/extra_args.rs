//! `extra_args` / `extraArgs`: flags the documented SDKs hand to their CLI as they are
//! (`{"flag": "value"}` becomes `--flag value`, `{"flag": null}` a bare `--flag`). oxagent
//! runs no CLI: a flag that spells an option of its own is read as that option (a flag with
//! one value over the option's own, as the CLI's last value wins; a list or a bare flag only
//! where the option is not given), and every other flag is accepted and has no
//! in-process effect; [`ExtraArgs::ignored`] names those for the debug output.
//!
//! ```
//! use oxagent_core::protocol::stream_json::Face;
//! use oxagent_options::Options;
//! use serde_json::json;
//! let o = Options::from_face(&json!({"extra_args": {"max-turns": "2", "verbose": null}}), Face::Python).unwrap();
//! assert_eq!(o.max_turns, Some(2));
//! assert_eq!(o.extra_args_ignored, vec!["--verbose".to_string()]);
//! ```

use serde_json::{Map, Number, Value};

/// A CLI flag, the option key it spells (as the readers know it), and how its text becomes
/// the option's value.
const FLAGS: &[(&str, &str, Conv)] = &[
    ("model", "model", Conv::Text),
    ("fallback-model", "fallback_model", Conv::Text),
    ("max-turns", "max_turns", Conv::Integer),
    ("max-budget-usd", "max_budget_usd", Conv::Number),
    ("max-thinking-tokens", "max_thinking_tokens", Conv::Integer),
    ("permission-mode", "permission_mode", Conv::Text),
    ("system-prompt", "system_prompt", Conv::Text),
    ("allowedTools", "allowed_tools", Conv::List),
    ("allowed-tools", "allowed_tools", Conv::List),
    ("disallowedTools", "disallowed_tools", Conv::List),
    ("disallowed-tools", "disallowed_tools", Conv::List),
    ("tools", "tools", Conv::List),
    ("add-dir", "add_dirs", Conv::List),
    ("betas", "betas", Conv::List),
    ("setting-sources", "setting_sources", Conv::List),
    ("settings", "settings", Conv::Text),
    ("session-id", "session_id", Conv::Text),
    ("resume", "resume", Conv::Text),
    ("resume-session-at", "resume_session_at", Conv::Text),
    ("resume-drops-turn", "resume_drops_turn", Conv::Text),
    ("effort", "effort", Conv::Text),
    ("agent", "agent", Conv::Text),
    ("continue", "continue_conversation", Conv::Flag),
    ("fork-session", "fork_session", Conv::Flag),
    (
        "include-partial-messages",
        "include_partial_messages",
        Conv::Flag,
    ),
    ("include-hook-events", "include_hook_events", Conv::Flag),
    ("strict-mcp-config", "strict_mcp_config", Conv::Flag),
    ("debug-file", "debugFile", Conv::Text),
];

#[derive(Debug, Clone, Copy)]
enum Conv {
    Text,
    Integer,
    Number,
    /// Comma- or space-separated, as the CLI splits it.
    List,
    /// A bare flag: true.
    Flag,
}

impl Conv {
    /// The option's value; `None` when the flag's text cannot be one (it is then ignored,
    /// as the flag of a CLI that would have refused it).
    fn value(self, text: Option<&str>) -> Option<Value> {
        match (self, text) {
            (Conv::Flag, None) => Some(Value::Bool(true)),
            (Conv::Flag, Some(t)) => match t {
                "true" | "" => Some(Value::Bool(true)),
                "false" => Some(Value::Bool(false)),
                _ => None,
            },
            (_, None) => None,
            (Conv::Text, Some(t)) => Some(Value::String(t.into())),
            (Conv::Integer, Some(t)) => t.trim().parse::<u64>().ok().map(Value::from),
            (Conv::Number, Some(t)) => t
                .trim()
                .parse::<f64>()
                .ok()
                .and_then(Number::from_f64)
                .map(Value::Number),
            (Conv::List, Some(t)) => Some(Value::Array(
                t.split([',', ' '])
                    .map(str::trim)
                    .filter(|s| !s.is_empty())
                    .map(|s| Value::String(s.into()))
                    .collect(),
            )),
        }
    }
}

/// What the flags say, once read.
#[derive(Debug, Default)]
pub(crate) struct ExtraArgs {
    /// Option keys, the values the flags give them, and the flags as written.
    pub options: Vec<(&'static str, Value, String)>,
    /// `--no-session-persistence`: no transcript.
    pub no_persistence: bool,
    /// `--replay-user-messages`: each prompt is echoed back (with its uuid).
    pub replay_prompts: bool,
    /// `--debug-to-stderr`: the diagnostic lines go to the `stderr` callback.
    pub debug_to_stderr: bool,
    /// `--debug` (bare, or with the CLI's category filter): the diagnostic lines go to the
    /// session's debug file.
    pub debug: bool,
    /// The flags with no in-process effect, as the CLI would have received them.
    pub ignored: Vec<String>,
    /// `--mcp-config <json or file>`: more servers, beside those of `mcp_servers`.
    pub mcp_config: Vec<String>,
}

impl ExtraArgs {
    /// Reads the flags of `extra_args` (already checked: strings or null).
    pub fn read(flags: &Map<String, Value>) -> ExtraArgs {
        let mut out = ExtraArgs::default();
        for (flag, value) in flags {
            let flag = flag.trim_start_matches('-');
            let text = value.as_str();
            if flag == "no-session-persistence" && text.is_none() {
                out.no_persistence = true;
                continue;
            }
            if flag == "replay-user-messages" && text.is_none() {
                out.replay_prompts = true;
                continue;
            }
            if flag == "debug" {
                out.debug = true;
                continue;
            }
            if flag == "debug-to-stderr" && text.is_none() {
                out.debug_to_stderr = true;
                continue;
            }
            if let (true, Some(source)) = (flag == "mcp-config", text) {
                out.mcp_config.push(source.to_string());
                continue;
            }
            let written = match text {
                Some(t) => format!("--{flag} {t}"),
                None => format!("--{flag}"),
            };
            let known = FLAGS.iter().find(|(f, _, _)| *f == flag);
            match known.and_then(|(_, key, conv)| Some((*key, conv.value(text)?))) {
                Some((key, value)) => out.options.push((key, value, written)),
                None => out.ignored.push(written),
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn flags_become_options_or_are_named_as_ignored() {
        let flags = json!({"max-turns": "3", "allowedTools": "Read,Grep Bash", "continue": null,
            "max-budget-usd": "0.5", "no-session-persistence": null, "verbose": null,
            "debug-to-stderr": null,
            "max-thinking-tokens": "lots", "output-style": "terse"});
        let read = ExtraArgs::read(flags.as_object().unwrap());
        assert_eq!(
            read.options
                .iter()
                .map(|(k, v, _)| (*k, v.clone()))
                .collect::<Vec<_>>(),
            vec![
                ("max_turns", json!(3)),
                ("allowed_tools", json!(["Read", "Grep", "Bash"])),
                ("continue_conversation", json!(true)),
                ("max_budget_usd", json!(0.5)),
            ]
        );
        assert!(read.no_persistence);
        assert!(read.debug_to_stderr);
        assert_eq!(
            read.ignored,
            vec![
                "--verbose",
                "--max-thinking-tokens lots",
                "--output-style terse"
            ]
        );
    }

    /// optedge/oe_extra_mcp_config*: `--mcp-config` servers join those of `mcp_servers`.
    #[test]
    fn mcp_config_adds_servers() {
        let config = r#"{"mcpServers": {"io": {"command": "python3", "args": ["s.py"]}}}"#;
        let options = crate::Options::from_json(&json!({
            "extra_args": {"mcp-config": config},
            "mcp_servers": {"other": {"command": "python3"}}
        }))
        .unwrap();
        let mut names: Vec<&str> = options.mcp_servers.iter().map(|s| s.name()).collect();
        names.sort();
        assert_eq!(names, ["io", "other"]);
    }
}

//! Models the environment names, as the reference reads them: `ANTHROPIC_DEFAULT_OPUS_MODEL`,
//! `ANTHROPIC_DEFAULT_SONNET_MODEL` and `ANTHROPIC_DEFAULT_HAIKU_MODEL` stand for their alias
//! wherever one is given (the session's model, its fallback, an agent's), and
//! `CLAUDE_CODE_SUBAGENT_MODEL` is the model of a subagent whose call and definition name
//! none (`tests/conformance` probes `ev_*_alias`, `ev_subagent_model*`).

use std::collections::BTreeMap;

use oxagent_core::env_var::variable;

/// The model `name` stands for: an alias the environment names a model for is that model.
pub(crate) fn resolve(name: &str, env: &BTreeMap<String, String>) -> String {
    let lower = name.trim().to_ascii_lowercase();
    let bare = lower.strip_suffix("[1m]").unwrap_or(&lower).trim();
    let chosen = match bare {
        "opus" | "best" => variable(env, "ANTHROPIC_DEFAULT_OPUS_MODEL"),
        "sonnet" => variable(env, "ANTHROPIC_DEFAULT_SONNET_MODEL"),
        "haiku" => variable(env, "ANTHROPIC_DEFAULT_HAIKU_MODEL"),
        _ => None,
    };
    chosen.unwrap_or_else(|| oxagent_core::usage::resolve_model(name))
}

/// `CLAUDE_CODE_SUBAGENT_MODEL`, resolved: what a subagent runs on when nothing else says.
pub(crate) fn subagent_model(env: &BTreeMap<String, String>) -> Option<String> {
    variable(env, "CLAUDE_CODE_SUBAGENT_MODEL").map(|m| resolve(&m, env))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aliases_the_environment_names() {
        let env: BTreeMap<String, String> = [
            ("ANTHROPIC_DEFAULT_SONNET_MODEL", "claude-sonnet-4-5-custom"),
            ("ANTHROPIC_DEFAULT_OPUS_MODEL", " "),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
        assert_eq!(resolve("sonnet", &env), "claude-sonnet-4-5-custom");
        assert_eq!(resolve("Sonnet[1m]", &env), "claude-sonnet-4-5-custom");
        assert_eq!(resolve("opus", &env), "claude-opus-5-5");
        assert_eq!(resolve("claude-haiku-4-5", &env), "claude-haiku-4-5");
    }
}

//! Environment variables as the session reads them: the session's own environment (the
//! `env` option and settings files) first, then the process's.

use std::collections::BTreeMap;

/// `name` from the session's environment, else the process's; a blank value is none.
pub fn variable(env: &BTreeMap<String, String>, name: &str) -> Option<String> {
    env.get(name)
        .cloned()
        .or_else(|| std::env::var(name).ok())
        .filter(|v| !v.trim().is_empty())
}

/// A value that turns a flag on: `1`, `true`, `yes` or `on`, in any case.
pub fn truthy(value: &str) -> bool {
    matches!(
        value.trim().to_ascii_lowercase().as_str(),
        "1" | "true" | "yes" | "on"
    )
}

/// `name` as a whole number above zero; none when unset or anything else (`0`, `abc`).
pub fn positive(env: &BTreeMap<String, String>, name: &str) -> Option<u64> {
    variable(env, name)
        .and_then(|v| v.trim().parse::<u64>().ok())
        .filter(|&n| n > 0)
}

/// Whether `name` is set to a value that turns a flag on.
pub fn flag(env: &BTreeMap<String, String>, name: &str) -> bool {
    variable(env, name).is_some_and(|v| truthy(&v))
}

/// What `CLAUDE_CODE_SUBPROCESS_ENV_SCRUB` takes out of the environment of the commands a
/// session starts (Bash, hooks, stdio MCP servers): the credentials the session itself
/// reads. The API's address and everything else stay.
pub const SCRUBBED: &[&str] = &[
    "ANTHROPIC_API_KEY",
    "CLAUDE_CODE_OAUTH_TOKEN",
    "ANTHROPIC_AUTH_TOKEN",
    "ANTHROPIC_FOUNDRY_API_KEY",
    "ANTHROPIC_CUSTOM_HEADERS",
    "OTEL_EXPORTER_OTLP_HEADERS",
    "OTEL_EXPORTER_OTLP_LOGS_HEADERS",
    "OTEL_EXPORTER_OTLP_METRICS_HEADERS",
    "OTEL_EXPORTER_OTLP_TRACES_HEADERS",
    "AWS_SECRET_ACCESS_KEY",
    "AWS_SESSION_TOKEN",
    "AWS_BEARER_TOKEN_BEDROCK",
    "GOOGLE_APPLICATION_CREDENTIALS",
    "AZURE_CLIENT_SECRET",
    "AZURE_CLIENT_CERTIFICATE_PATH",
    "ACTIONS_ID_TOKEN_REQUEST_TOKEN",
    "ACTIONS_ID_TOKEN_REQUEST_URL",
];

/// The names to take out of a command's environment: [`SCRUBBED`] when
/// `CLAUDE_CODE_SUBPROCESS_ENV_SCRUB` is on, else none.
pub fn scrubbed(env: &BTreeMap<String, String>) -> &'static [&'static str] {
    match flag(env, "CLAUDE_CODE_SUBPROCESS_ENV_SCRUB") {
        true => SCRUBBED,
        false => &[],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_session_first_blank_is_none() {
        let env: BTreeMap<String, String> = [("OXA_ENV_VAR_T1", " "), ("OXA_ENV_VAR_T2", "On")]
            .into_iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        assert_eq!(variable(&env, "OXA_ENV_VAR_T1"), None);
        assert!(flag(&env, "OXA_ENV_VAR_T2"));
        assert!(!flag(&env, "OXA_ENV_VAR_UNSET"));
        assert!(!truthy("0") && !truthy("no") && truthy(" YES "));
    }
}

//! Where and how the client talks to the Messages API, read from the environment.
//!
//! ```
//! use std::collections::BTreeMap;
//! use oxagent_http::HttpModelConfig;
//! let env = BTreeMap::from([("ANTHROPIC_BASE_URL".to_string(), "http://127.0.0.1:9".to_string()),
//!                           ("CLAUDE_CODE_MAX_RETRIES".to_string(), "2".to_string())]);
//! let config = HttpModelConfig::from_env(&env);
//! assert_eq!((config.base_url.as_str(), config.max_retries), ("http://127.0.0.1:9", 2));
//! ```

use std::collections::BTreeMap;
use std::time::Duration;

/// The default endpoint.
pub const DEFAULT_BASE_URL: &str = "https://api.anthropic.com";
/// Retries after the first attempt, as the reference defaults.
pub const DEFAULT_MAX_RETRIES: u32 = 10;
/// Time allowed until the response headers arrive (`API_TIMEOUT_MS`).
pub const DEFAULT_REQUEST_TIMEOUT: Duration = Duration::from_secs(600);
/// Time allowed between two chunks of a streamed body (`CLAUDE_STREAM_IDLE_TIMEOUT_MS`).
pub const DEFAULT_IDLE_TIMEOUT: Duration = Duration::from_secs(300);

/// Settings of an [`crate::HttpModel`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HttpModelConfig {
    /// Scheme, host, port and optional path prefix; `/v1/messages` is appended.
    pub base_url: String,
    /// Sent as `x-api-key`.
    pub api_key: Option<String>,
    /// Sent as `Authorization: Bearer ...`.
    pub auth_token: Option<String>,
    /// Retries after the first attempt; `max_retries + 1` requests at most.
    pub max_retries: u32,
    /// Time allowed to connect and receive the response headers.
    pub request_timeout: Duration,
    /// A streamed body silent for this long counts as cut off (and is retried).
    pub idle_timeout: Duration,
    /// Sent with every request, after the standard headers.
    pub extra_headers: Vec<(String, String)>,
    /// The application the caller names (Python `client_app`): sent as `x-client-app` and
    /// at the end of the user agent, as the reference sends it.
    pub client_app: Option<String>,
    /// The session has a fallback model, which answers a 404 in its place: a streamed
    /// request answered 404 is then not asked again without streaming.
    pub model_fallback: bool,
}

impl Default for HttpModelConfig {
    fn default() -> Self {
        HttpModelConfig {
            base_url: DEFAULT_BASE_URL.to_string(),
            api_key: None,
            auth_token: None,
            max_retries: DEFAULT_MAX_RETRIES,
            request_timeout: DEFAULT_REQUEST_TIMEOUT,
            idle_timeout: DEFAULT_IDLE_TIMEOUT,
            extra_headers: Vec::new(),
            client_app: None,
            model_fallback: false,
        }
    }
}

impl HttpModelConfig {
    /// Reads `ANTHROPIC_BASE_URL`, `ANTHROPIC_API_KEY`, `ANTHROPIC_AUTH_TOKEN`,
    /// `CLAUDE_CODE_MAX_RETRIES`, `API_TIMEOUT_MS`, `CLAUDE_STREAM_IDLE_TIMEOUT_MS` and
    /// `ANTHROPIC_CUSTOM_HEADERS` (`Name: value` lines). Keys of `env` win over the process
    /// environment (the session's `env` option overlays it); empty values count as unset and
    /// unparsable numbers fall back to the defaults.
    pub fn from_env(env: &BTreeMap<String, String>) -> HttpModelConfig {
        let get = |key: &str| {
            env.get(key)
                .cloned()
                .or_else(|| std::env::var(key).ok())
                .filter(|v| !v.trim().is_empty())
        };
        let millis = |key: &str| {
            get(key)
                .and_then(|v| v.trim().parse::<u64>().ok())
                .map(Duration::from_millis)
        };
        let defaults = HttpModelConfig::default();
        HttpModelConfig {
            base_url: get("ANTHROPIC_BASE_URL").unwrap_or(defaults.base_url),
            api_key: get("ANTHROPIC_API_KEY"),
            auth_token: get("ANTHROPIC_AUTH_TOKEN"),
            max_retries: get("CLAUDE_CODE_MAX_RETRIES")
                .and_then(|v| v.trim().parse().ok())
                .unwrap_or(defaults.max_retries),
            request_timeout: millis("API_TIMEOUT_MS").unwrap_or(defaults.request_timeout),
            idle_timeout: millis("CLAUDE_STREAM_IDLE_TIMEOUT_MS").unwrap_or(defaults.idle_timeout),
            extra_headers: get("ANTHROPIC_CUSTOM_HEADERS")
                .map(|v| parse_header_lines(&v))
                .unwrap_or_default(),
            client_app: None,
            model_fallback: false,
        }
    }
}

/// `Name: value` pairs, one per line; lines without a colon are ignored.
fn parse_header_lines(text: &str) -> Vec<(String, String)> {
    text.lines()
        .filter_map(|line| line.split_once(':'))
        .map(|(name, value)| (name.trim().to_string(), value.trim().to_string()))
        .filter(|(name, _)| !name.is_empty())
        .collect()
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    #[test]
    fn overlay_wins_and_bad_numbers_fall_back() {
        let env = BTreeMap::from([
            (
                "ANTHROPIC_BASE_URL".to_string(),
                "http://gw:8080/proxy".to_string(),
            ),
            ("ANTHROPIC_API_KEY".to_string(), "sk-test".to_string()),
            ("ANTHROPIC_AUTH_TOKEN".to_string(), "".to_string()),
            ("CLAUDE_CODE_MAX_RETRIES".to_string(), "many".to_string()),
            ("API_TIMEOUT_MS".to_string(), "1500".to_string()),
            (
                "CLAUDE_STREAM_IDLE_TIMEOUT_MS".to_string(),
                "250".to_string(),
            ),
            (
                "ANTHROPIC_CUSTOM_HEADERS".to_string(),
                "X-One: 1\nbroken\nX-Two:  two words ".to_string(),
            ),
        ]);
        let config = HttpModelConfig::from_env(&env);
        let expected = HttpModelConfig {
            base_url: "http://gw:8080/proxy".into(),
            api_key: Some("sk-test".into()),
            // Empty in the overlay: unset, whatever the process environment says.
            auth_token: None,
            max_retries: 10,
            request_timeout: Duration::from_millis(1500),
            idle_timeout: Duration::from_millis(250),
            extra_headers: vec![
                ("X-One".into(), "1".into()),
                ("X-Two".into(), "two words".into()),
            ],
            client_app: None,
            model_fallback: false,
        };
        assert_eq!(config, expected);
    }
}

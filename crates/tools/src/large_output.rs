//! How the reference keeps large tool output out of the conversation: the limits past which
//! an output is saved to a file and the model sees a preview instead.
//!
//! A command's output limit counts the bytes it wrote.
//!
//! ```
//! use std::collections::BTreeMap;
//! use oxagent_tools::large_output::bash_output_limit;
//! assert_eq!(bash_output_limit(&BTreeMap::new()), 30_000);
//! ```

use std::collections::BTreeMap;

/// Bytes a command may print before its output is saved to a file: `BASH_MAX_OUTPUT_LENGTH`
/// when it is a positive number (at most [`MAX_BASH_OUTPUT`]), else 30,000.
pub const DEFAULT_BASH_OUTPUT: usize = 30_000;
pub const MAX_BASH_OUTPUT: usize = 150_000;

/// The output limit for a command run with `env` (the session's environment, then the
/// process's).
pub fn bash_output_limit(env: &BTreeMap<String, String>) -> usize {
    let value = env
        .get("BASH_MAX_OUTPUT_LENGTH")
        .cloned()
        .or_else(|| std::env::var("BASH_MAX_OUTPUT_LENGTH").ok());
    match value.and_then(|v| v.trim().parse::<usize>().ok()) {
        Some(n) if n > 0 => n.min(MAX_BASH_OUTPUT),
        _ => DEFAULT_BASH_OUTPUT,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limit_comes_from_the_environment() {
        let env = |v: &str| BTreeMap::from([("BASH_MAX_OUTPUT_LENGTH".to_string(), v.to_string())]);
        assert_eq!(bash_output_limit(&env("10000")), 10_000);
        assert_eq!(bash_output_limit(&env("200000")), 150_000);
        assert_eq!(bash_output_limit(&env("abc")), 30_000);
        assert_eq!(bash_output_limit(&env("0")), 30_000);
    }
}

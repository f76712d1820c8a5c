//! How long a foreground command may run, as the reference reckons it.
//!
//! The default is `BASH_DEFAULT_TIMEOUT_MS` when that is a positive number, else two
//! minutes; the most a call may ask for is `BASH_MAX_TIMEOUT_MS` when positive, else ten
//! minutes, and never less than the default. Both are read from the session's environment,
//! then the process's.

use std::collections::BTreeMap;

use super::{DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS};

/// A timer armed for less than this still lets a command that ends at once finish: the
/// reference arms its timer only once the command has started, so `echo` beats even a
/// timeout of 1 ms or a negative one.
const MIN_ARMED_MS: f64 = 100.0;

fn positive(env: &BTreeMap<String, String>, name: &str) -> Option<f64> {
    let n: f64 = super::setting(env, name)?.trim().parse().ok()?;
    (n > 0.0).then_some(n)
}

/// The default timeout and the most a call may ask for, in milliseconds.
pub fn limits(env: &BTreeMap<String, String>) -> (f64, f64) {
    let default = positive(env, "BASH_DEFAULT_TIMEOUT_MS").unwrap_or(DEFAULT_TIMEOUT_MS as f64);
    let max = positive(env, "BASH_MAX_TIMEOUT_MS").unwrap_or(MAX_TIMEOUT_MS as f64);
    (default, max.max(default))
}

/// The timeout of a call, as its messages name it: the default when none (or zero) is
/// asked for, the request capped at the maximum otherwise. A negative request is kept as
/// it is, as the reference keeps it (`Command timed out after -0.0s`).
pub fn requested(timeout: Option<f64>, env: &BTreeMap<String, String>) -> f64 {
    let (default, max) = limits(env);
    match timeout.filter(|t| t.is_finite() && *t != 0.0) {
        None => default,
        Some(t) => t.min(max),
    }
}

/// How long the timer really waits for a call whose timeout is `ms`.
pub fn armed(ms: f64) -> std::time::Duration {
    std::time::Duration::from_millis(ms.max(MIN_ARMED_MS) as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn defaults_and_caps() {
        let none = env(&[]);
        assert_eq!(requested(None, &none), 120_000.0);
        assert_eq!(requested(Some(0.0), &none), 120_000.0);
        assert_eq!(requested(Some(700_000.0), &none), 600_000.0);
        assert_eq!(requested(Some(-5.0), &none), -5.0);
        assert_eq!(requested(Some(1500.5), &none), 1500.5);
    }

    #[test]
    fn environment_moves_the_limits() {
        let e = env(&[
            ("BASH_DEFAULT_TIMEOUT_MS", "5000"),
            ("BASH_MAX_TIMEOUT_MS", "8000"),
        ]);
        assert_eq!(requested(None, &e), 5000.0);
        assert_eq!(requested(Some(9000.0), &e), 8000.0);
        // The maximum is never below the default.
        let e = env(&[
            ("BASH_DEFAULT_TIMEOUT_MS", "900000"),
            ("BASH_MAX_TIMEOUT_MS", "1000"),
        ]);
        assert_eq!(limits(&e), (900_000.0, 900_000.0));
        let e = env(&[
            ("BASH_DEFAULT_TIMEOUT_MS", "-3"),
            ("BASH_MAX_TIMEOUT_MS", "x"),
        ]);
        assert_eq!(limits(&e), (120_000.0, 600_000.0));
    }

    #[test]
    fn a_tiny_timer_lets_an_instant_command_end() {
        assert_eq!(armed(-5.0).as_millis(), 100);
        assert_eq!(armed(1.0).as_millis(), 100);
        assert_eq!(armed(1500.0).as_millis(), 1500);
    }
}

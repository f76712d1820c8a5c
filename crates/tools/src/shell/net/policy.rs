//! Which hosts a sandboxed command may reach: the `sandbox.network` settings' rules.
//!
//! A rule is a host pattern with an optional `:port`: `example.com` (that host only, any
//! letter case), `*.example.com` (its subdomains, never the domain itself nor an address),
//! `*` (every host). The deny list is read first, then the allow list; a host on neither is
//! denied under `strictAllowlist`, else asked about (once allowed, a host stays allowed for
//! the session; a refusal is asked again next time).

use std::collections::HashSet;
use std::net::IpAddr;
use std::sync::Mutex;

use serde_json::Value;

/// `sandbox.network`, as the settings give it.
#[derive(Debug, Default)]
pub struct Policy {
    pub allowed: Vec<String>,
    pub denied: Vec<String>,
    /// `strictAllowlist`: a host on no list is denied without asking.
    pub strict: bool,
    /// Hosts the user allowed during the session.
    granted: Mutex<HashSet<String>>,
}

impl PartialEq for Policy {
    fn eq(&self, other: &Self) -> bool {
        (&self.allowed, &self.denied, self.strict) == (&other.allowed, &other.denied, other.strict)
    }
}

/// What the rules say of a host before anyone is asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    Allow,
    /// Refused, with the reason the violation line gives.
    Deny(&'static str),
    /// The user decides.
    Ask,
}

impl Policy {
    pub fn from_settings(network: Option<&Value>) -> Policy {
        let list = |key: &str| -> Vec<String> {
            network
                .and_then(|n| n.get(key))
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
                .map(str::to_string)
                .collect()
        };
        Policy {
            allowed: list("allowedDomains"),
            denied: list("deniedDomains"),
            strict: network
                .and_then(|n| n.get("strictAllowlist"))
                .and_then(Value::as_bool)
                .unwrap_or(false),
            granted: Mutex::default(),
        }
    }

    /// The rules' verdict on `host:port` (`host` as the client named it).
    pub fn verdict(&self, host: &str, port: u16) -> Verdict {
        let Some(host) = canonical(host) else {
            return Verdict::Deny("malformed host");
        };
        if self.denied.iter().any(|r| rule_matches(r, &host, port)) {
            return Verdict::Deny("host is on the deny list");
        }
        if self.allowed.iter().any(|r| rule_matches(r, &host, port)) {
            return Verdict::Allow;
        }
        if self.strict {
            return Verdict::Deny("host is not on the allow list");
        }
        if lock(&self.granted).contains(&host) {
            return Verdict::Allow;
        }
        Verdict::Ask
    }

    /// The user allowed `host` for the rest of the session.
    pub fn grant(&self, host: &str) {
        if let Some(host) = canonical(host) {
            lock(&self.granted).insert(host);
        }
    }
}

/// The host in the form rules are matched against: lower case, without brackets or a final
/// dot; `None` when it cannot be a host name or an address.
pub fn canonical(host: &str) -> Option<String> {
    let bare = host
        .strip_prefix('[')
        .and_then(|h| h.strip_suffix(']'))
        .unwrap_or(host);
    if bare.is_empty() || bare.len() > 255 {
        return None;
    }
    if let Ok(ip) = bare.parse::<IpAddr>() {
        return Some(ip.to_string());
    }
    let ok = bare
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'));
    ok.then(|| bare.trim_end_matches('.').to_ascii_lowercase())
}

/// Whether `rule` (`pattern[:port]`) covers `host` (canonical) on `port`.
fn rule_matches(rule: &str, host: &str, port: u16) -> bool {
    let (pattern, rule_port) = match rule.rsplit_once(':') {
        Some((p, n)) if !p.contains(':') => match n.parse::<u16>() {
            Ok(n) => (p, Some(n)),
            Err(_) => (rule, None),
        },
        _ => (rule, None),
    };
    if rule_port.is_some_and(|p| p != port) {
        return false;
    }
    if pattern == "*" {
        return true;
    }
    if let Some(domain) = pattern.strip_prefix("*.") {
        return host.parse::<IpAddr>().is_err()
            && host.ends_with(&format!(".{}", domain.to_ascii_lowercase()));
    }
    host == pattern.to_ascii_lowercase()
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn policy(v: Value) -> Policy {
        Policy::from_settings(Some(&v))
    }

    #[test]
    fn rules_follow_the_reference() {
        let p =
            policy(json!({"allowedDomains": ["*.example.com", "example.net:8080", "Mixed.ORG"]}));
        assert_eq!(p.verdict("api.example.com", 443), Verdict::Allow);
        assert_eq!(p.verdict("API.Example.com.", 80), Verdict::Allow);
        // A wildcard covers subdomains only.
        assert_eq!(p.verdict("example.com", 80), Verdict::Ask);
        assert_eq!(p.verdict("example.net", 8080), Verdict::Allow);
        assert_eq!(p.verdict("example.net", 80), Verdict::Ask);
        assert_eq!(p.verdict("mixed.org", 80), Verdict::Allow);
        assert_eq!(p.verdict("bad host", 80), Verdict::Deny("malformed host"));
        assert_eq!(p.verdict("", 80), Verdict::Deny("malformed host"));
    }

    #[test]
    fn the_deny_list_comes_first_and_star_allows_the_rest() {
        let p = policy(json!({"allowedDomains": ["*"], "deniedDomains": ["example.org:80"]}));
        assert_eq!(
            p.verdict("example.org", 80),
            Verdict::Deny("host is on the deny list")
        );
        assert_eq!(p.verdict("example.org", 81), Verdict::Allow);
        assert_eq!(p.verdict("127.0.0.1", 81), Verdict::Allow);
        let p =
            policy(json!({"allowedDomains": ["*.example.com"], "deniedDomains": ["example.com"]}));
        assert_eq!(
            p.verdict("example.com", 80),
            Verdict::Deny("host is on the deny list")
        );
    }

    #[test]
    fn strict_lists_refuse_and_grants_last_the_session() {
        let p = policy(json!({"strictAllowlist": true}));
        assert_eq!(
            p.verdict("example.org", 80),
            Verdict::Deny("host is not on the allow list")
        );
        let p = Policy::from_settings(None);
        assert_eq!(p.verdict("example.org", 80), Verdict::Ask);
        p.grant("Example.org");
        assert_eq!(p.verdict("example.org", 443), Verdict::Allow);
        assert_eq!(p.verdict("other.org", 443), Verdict::Ask);
    }

    #[test]
    fn wildcards_never_cover_addresses() {
        let p = policy(json!({"allowedDomains": ["*.0.0.1", "::1"]}));
        assert_eq!(p.verdict("127.0.0.1", 80), Verdict::Ask);
        assert_eq!(p.verdict("[::1]", 80), Verdict::Allow);
    }
}

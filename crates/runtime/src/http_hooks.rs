//! Settings hooks of `type: "http"`: the hook's input is POSTed to the hook's URL as JSON
//! and the answer is read as a command hook's stdout, as the reference reads it (probed):
//!
//! - a 2xx answer with a JSON object: the hook's output (`exit_code` the status);
//! - a 2xx answer with an empty body: no answer;
//! - any other body: `HTTP hook must return JSON, but got non-JSON response body: <body>`;
//! - another status: `HTTP <status> from <url>`; no answer: why (`connect ECONNREFUSED ..`);
//! - a URL no pattern of `allowedHttpHookUrls` matches is not asked.
//!
//! Each failure is a failed hook (a PreToolUse one warns that it gave no usable answer).
//! A header's `$VAR` / `${VAR}` is filled only for the names the hook's `allowedEnvVars`
//! lists (and `httpHookAllowedEnvVars`, when set, allows), never with a credential of the
//! session; any other is left empty. `Content-Length` and `Transfer-Encoding` are ignored.

use std::collections::BTreeMap;
use std::sync::Arc;

use oxagent_core::protocol::hook::{CommandRun, HookOutput};
use oxagent_settings::{HttpHook, HttpHookPolicy};
use serde_json::Value;

/// Asks `hook` with the hook input `input` (as JSON).
pub(crate) async fn ask(
    hook: HttpHook,
    policy: HttpHookPolicy,
    env: Arc<BTreeMap<String, String>>,
    input: String,
) -> HookOutput {
    if let Some(patterns) = &policy.allowed_urls {
        if !patterns.iter().any(|p| url_matches(p, &hook.url)) {
            let why = format!(
                "HTTP hook blocked: {} does not match any pattern in allowedHttpHookUrls",
                hook.url
            );
            return failed(String::new(), why, None);
        }
    }
    let headers = headers(&hook, &policy, &env);
    match oxagent_http::post::json(&hook.url, &headers, input).await {
        Err(why) => failed(String::new(), why, None),
        Ok((status, _)) if !(200..300).contains(&status) => {
            let why = format!("HTTP {status} from {}", hook.url);
            failed(String::new(), why, Some(status))
        }
        Ok((status, body)) => {
            let trimmed = body.trim();
            let answer = match trimmed {
                "" => Ok(HookOutput::default()),
                _ => serde_json::from_str::<Value>(trimmed)
                    .ok()
                    .filter(Value::is_object)
                    .ok_or(())
                    .and_then(|v| HookOutput::from_value(v).map_err(|_| ())),
            };
            match answer {
                Ok(mut out) => {
                    out.command_run = Some(CommandRun {
                        stdout: body,
                        exit_code: Some(i32::from(status)),
                        ok: Some(true),
                        ..CommandRun::default()
                    });
                    out
                }
                Err(()) => {
                    let why = format!(
                        "HTTP hook must return JSON, but got non-JSON response body: {body}"
                    );
                    let mut out = failed(body.clone(), why, Some(status));
                    if let Some(run) = &mut out.command_run {
                        run.output = Some(body);
                    }
                    out
                }
            }
        }
    }
}

/// A failed hook: no answer, and a `hook_response` that says why.
fn failed(stdout: String, why: String, status: Option<u16>) -> HookOutput {
    HookOutput {
        unreadable: Some(why.clone()),
        command_run: Some(CommandRun {
            stdout,
            output: Some(why.clone()),
            stderr: why,
            exit_code: status.map(i32::from),
            ok: Some(false),
        }),
        ..HookOutput::default()
    }
}

/// The hook's headers, their variables filled as allowed.
fn headers(
    hook: &HttpHook,
    policy: &HttpHookPolicy,
    env: &BTreeMap<String, String>,
) -> Vec<(String, String)> {
    let allowed: Vec<&str> = hook
        .allowed_env_vars
        .iter()
        .map(String::as_str)
        .filter(|name| {
            policy
                .allowed_env_vars
                .as_ref()
                .is_none_or(|list| list.iter().any(|l| l == name))
        })
        .collect();
    hook.headers
        .iter()
        .filter(|(name, _)| {
            let name = name.trim().to_ascii_lowercase();
            name != "content-length" && name != "transfer-encoding"
        })
        .map(|(name, value)| {
            let filled = fill(value, |var| {
                let credential = oxagent_core::env_var::SCRUBBED.iter().any(|c| {
                    var.eq_ignore_ascii_case(c) || var.eq_ignore_ascii_case(&format!("INPUT_{c}"))
                });
                match allowed.contains(&var) && !credential {
                    true => env.get(var).cloned().unwrap_or_default(),
                    false => String::new(),
                }
            });
            let clean: String = filled
                .chars()
                .filter(|c| !matches!(c, '\r' | '\n' | '\0'))
                .collect();
            (name.trim().to_string(), clean)
        })
        .collect()
}

/// `text` with each `$NAME` / `${NAME}` (`NAME`: capitals, digits and `_`, not starting
/// with a digit) replaced by `value(NAME)`.
fn fill(text: &str, value: impl Fn(&str) -> String) -> String {
    let is_start = |c: char| c.is_ascii_uppercase() || c == '_';
    let is_rest = |c: char| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_';
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find('$') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        if let Some(inner) = after.strip_prefix('{') {
            let end = inner.find('}');
            let name = end.map(|e| &inner[..e]);
            if let Some(name) = name.filter(|n| n.starts_with(is_start) && n.chars().all(is_rest)) {
                out.push_str(&value(name));
                rest = &inner[name.len() + 1..];
                continue;
            }
        } else if after.starts_with(is_start) {
            let len = after.find(|c: char| !is_rest(c)).unwrap_or(after.len());
            out.push_str(&value(&after[..len]));
            rest = &after[len..];
            continue;
        }
        out.push('$');
        rest = after;
    }
    out.push_str(rest);
    out
}

/// Whether `url` matches `pattern`, where `*` stands for any run of characters.
fn url_matches(pattern: &str, url: &str) -> bool {
    if pattern == "*" {
        return true;
    }
    let parts: Vec<&str> = pattern.split('*').collect();
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if parts.len() == 1 {
        return pattern == url;
    }
    if !url.starts_with(first) || !url[first.len()..].ends_with(last) {
        return false;
    }
    let mut rest = &url[first.len()..url.len() - last.len()];
    for middle in &parts[1..parts.len() - 1] {
        match rest.find(middle) {
            Some(at) => rest = &rest[at + middle.len()..],
            None => return false,
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variables_fill_as_allowed() {
        let get = |n: &str| match n {
            "TOKEN" => "abc".to_string(),
            _ => String::new(),
        };
        assert_eq!(fill("Bearer $TOKEN", get), "Bearer abc");
        assert_eq!(fill("a-${TOKEN}-b", get), "a-abc-b");
        assert_eq!(fill("a-${OTHER}-b $x $ ${x}", get), "a--b $x $ ${x}");
    }

    #[test]
    fn headers_read_only_the_allowed_variables_and_no_credential() {
        let hook = HttpHook {
            id: "settings_http_0".into(),
            url: "http://127.0.0.1/h".into(),
            headers: vec![
                ("Authorization".into(), "Bearer $MY_TOKEN".into()),
                ("X-Other".into(), "a-${OTHER}-b".into()),
                ("X-Api".into(), "$ANTHROPIC_API_KEY".into()),
                ("Content-Length".into(), "5".into()),
            ],
            allowed_env_vars: vec!["MY_TOKEN".into(), "ANTHROPIC_API_KEY".into()],
        };
        let env: BTreeMap<String, String> = [
            ("MY_TOKEN", "abc"),
            ("OTHER", "zzz"),
            ("ANTHROPIC_API_KEY", "sk"),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
        let got = headers(&hook, &HttpHookPolicy::default(), &env);
        let want: Vec<(String, String)> = [
            ("Authorization", "Bearer abc"),
            ("X-Other", "a--b"),
            ("X-Api", ""),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
        assert_eq!(got, want);
        let policy = HttpHookPolicy {
            allowed_env_vars: Some(vec!["OTHER".into()]),
            ..HttpHookPolicy::default()
        };
        assert_eq!(headers(&hook, &policy, &env)[0].1, "Bearer ");
    }

    #[test]
    fn url_patterns() {
        assert!(url_matches("*", "http://x/y"));
        assert!(url_matches(
            "http://127.0.0.1:*/*",
            "http://127.0.0.1:18999/deny"
        ));
        assert!(!url_matches(
            "http://localhost:*/*",
            "http://127.0.0.1:18999/deny"
        ));
        assert!(url_matches(
            "https://hooks.example.com/*",
            "https://hooks.example.com/a/b"
        ));
        assert!(!url_matches(
            "https://hooks.example.com/a",
            "https://hooks.example.com/a/b"
        ));
    }
}

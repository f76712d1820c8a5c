//! WebFetch's domain check: before fetching from a host, the reference asks its own service
//! whether that domain may be fetched, and refuses the call when the answer is no or when it
//! gets no answer (offline, behind a proxy that blocks the service). oxagent asks the same
//! service the same way; the `skipWebFetchPreflight` setting turns the check off.
//!
//! ```text
//! GET <endpoint>?domain=<host>   200 {"can_fetch": true}  -> fetched (remembered 5 minutes)
//!                                200, anything else       -> "Claude Code is unable to fetch from <host>"
//!                                another status, no answer -> "Unable to verify if domain <host> is safe ..."
//! ```

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use oxagent_core::signal::AbortSignal;
use serde_json::Value;

/// The service the reference asks.
pub const PREFLIGHT_ENDPOINT: &str = "https://api.anthropic.com/api/web/domain_info";

/// How long one request may take, and the whole check.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);
const CHECK_TIMEOUT: Duration = Duration::from_secs(30);
/// How long an allowed domain stays allowed without asking again.
const REMEMBERED: Duration = Duration::from_secs(300);

/// Why a domain is not fetched.
#[derive(Debug, PartialEq)]
pub enum Refused {
    Blocked,
    Unverified,
}

impl Refused {
    /// The tool's answer, in the reference's words.
    pub fn text(&self, host: &str) -> String {
        match self {
            Refused::Blocked => format!("Claude Code is unable to fetch from {host}"),
            Refused::Unverified => format!(
                "Unable to verify if domain {host} is safe to fetch. This may be due to network restrictions or enterprise security policies blocking claude.ai."
            ),
        }
    }
}

/// The check of one session's WebFetch: where it asks, and the domains allowed lately.
pub struct Preflight {
    endpoint: String,
    allowed: Mutex<HashMap<String, Instant>>,
}

impl Preflight {
    pub fn new(endpoint: String) -> Self {
        Preflight {
            endpoint,
            allowed: Mutex::new(HashMap::new()),
        }
    }

    /// Asks whether `host` may be fetched.
    pub async fn check(&self, host: &str, abort: &AbortSignal) -> Result<(), Refused> {
        let fresh = |at: &Instant| at.elapsed() < REMEMBERED;
        if self
            .allowed
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(host)
            .is_some_and(fresh)
        {
            return Ok(());
        }
        let asked = tokio::select! {
            a = tokio::time::timeout(CHECK_TIMEOUT, self.ask(host)) => a.unwrap_or(Err(Refused::Unverified)),
            _ = abort.aborted() => Err(Refused::Unverified),
        };
        if asked.is_ok() {
            self.allowed
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .insert(host.to_string(), Instant::now());
        }
        asked
    }

    async fn ask(&self, host: &str) -> Result<(), Refused> {
        let client = reqwest::Client::builder()
            .timeout(REQUEST_TIMEOUT)
            .user_agent(concat!("oxagent/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|_| Refused::Unverified)?;
        let response = client
            .get(&self.endpoint)
            .query(&[("domain", host)])
            .send()
            .await
            .map_err(|_| Refused::Unverified)?;
        if response.status().as_u16() != 200 {
            return Err(Refused::Unverified);
        }
        let body: Value = response.json().await.map_err(|_| Refused::Unverified)?;
        if body.get("can_fetch") == Some(&Value::Bool(true)) {
            Ok(())
        } else {
            Err(Refused::Blocked)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    /// A one-shot HTTP server answering `status` with `body`; its URL.
    async fn answering(status: u16, body: &'static str) -> String {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        tokio::spawn(async move {
            while let Ok((mut socket, _)) = listener.accept().await {
                let mut buf = [0u8; 4096];
                let _ = socket.read(&mut buf).await;
                let reply = format!(
                    "HTTP/1.1 {status} X\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
                    body.len()
                );
                let _ = socket.write_all(reply.as_bytes()).await;
            }
        });
        format!("http://127.0.0.1:{port}/api/web/domain_info")
    }

    #[tokio::test]
    async fn the_service_decides_and_an_allowed_domain_is_remembered() {
        let abort = AbortSignal::new();
        let yes = Preflight::new(answering(200, r#"{"can_fetch": true}"#).await);
        assert_eq!(yes.check("example.com", &abort).await, Ok(()));
        let no = Preflight::new(answering(200, r#"{"can_fetch": false}"#).await);
        assert_eq!(no.check("example.com", &abort).await, Err(Refused::Blocked));
        let down = Preflight::new(answering(503, "{}").await);
        assert_eq!(
            down.check("example.com", &abort).await,
            Err(Refused::Unverified)
        );
        // Nothing listens there any more; the allowed domain is not asked about again.
        let gone = Preflight::new("http://127.0.0.1:9/api/web/domain_info".into());
        assert_eq!(
            gone.check("example.com", &abort).await,
            Err(Refused::Unverified)
        );
        gone.allowed
            .lock()
            .unwrap()
            .insert("example.com".into(), Instant::now());
        assert_eq!(gone.check("example.com", &abort).await, Ok(()));
    }

    #[test]
    fn refusals_are_worded_as_the_reference_words_them() {
        assert_eq!(
            Refused::Unverified.text("example.com"),
            "Unable to verify if domain example.com is safe to fetch. This may be due to network restrictions or enterprise security policies blocking claude.ai."
        );
        assert_eq!(
            Refused::Blocked.text("x.org"),
            "Claude Code is unable to fetch from x.org"
        );
    }
}

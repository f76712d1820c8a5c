//! The HTTP side of WebFetch: one GET with the reference's rules for redirects and size.
//!
//! Redirects within the same site (the same host, give or take a leading `www.`) are
//! followed, at most [`MAX_REDIRECTS`] of them. A redirect to another host is not: it is
//! reported, and the model decides whether to fetch the new address. Bodies larger than the
//! limit are refused without being read to the end.

use std::time::Duration;

use reqwest::{Client, StatusCode, Url};

pub const MAX_REDIRECTS: usize = 10;
/// Largest body read, in bytes.
pub const MAX_BODY_BYTES: usize = 10 * 1024 * 1024;
pub const TIMEOUT: Duration = Duration::from_secs(60);

/// A page that came back.
#[derive(Debug, Clone, PartialEq)]
pub struct Page {
    /// The address finally fetched (after same-site redirects).
    pub url: Url,
    pub status: StatusCode,
    pub content_type: String,
    pub body: Vec<u8>,
}

/// The outcome of a fetch that did not fail.
#[derive(Debug, Clone, PartialEq)]
pub enum Fetched {
    Page(Page),
    /// A redirect to another site, not followed.
    OffSite {
        from: Url,
        to: Url,
        status: StatusCode,
    },
}

/// A client with no automatic redirects (they are followed by hand, see the module docs).
pub fn client() -> Result<Client, String> {
    Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .timeout(TIMEOUT)
        .user_agent(concat!("oxagent-WebFetch/", env!("CARGO_PKG_VERSION")))
        .build()
        .map_err(|e| format!("Cannot set up the HTTP client: {e}"))
}

fn site(url: &Url) -> String {
    let host = url.host_str().unwrap_or("").to_ascii_lowercase();
    host.strip_prefix("www.")
        .map(str::to_string)
        .unwrap_or(host)
}

/// Whether a redirect from `from` to `to` stays on the same site.
pub fn same_site(from: &Url, to: &Url) -> bool {
    site(from) == site(to) && from.port_or_known_default() == to.port_or_known_default()
}

/// GETs `url`, following same-site redirects.
pub async fn fetch(client: &Client, url: Url) -> Result<Fetched, String> {
    let mut current = url;
    for _ in 0..=MAX_REDIRECTS {
        let response = client
            .get(current.clone())
            .header(reqwest::header::ACCEPT, "text/markdown, text/html, */*")
            .send()
            .await
            .map_err(|e| describe(&e))?;
        let status = response.status();
        if status.is_redirection() {
            let Some(location) = response
                .headers()
                .get(reqwest::header::LOCATION)
                .and_then(|l| l.to_str().ok())
            else {
                return Err(format!(
                    "The server answered {status} without a Location to go to."
                ));
            };
            let next = current
                .join(location)
                .map_err(|e| format!("Bad redirect address {location:?}: {e}"))?;
            if !same_site(&current, &next) {
                return Ok(Fetched::OffSite {
                    from: current,
                    to: next,
                    status,
                });
            }
            current = next;
            continue;
        }
        if response
            .content_length()
            .is_some_and(|n| n as usize > MAX_BODY_BYTES)
        {
            return Err(too_large());
        }
        let content_type = response
            .headers()
            .get(reqwest::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_string();
        let mut response = response;
        let mut body = Vec::new();
        while let Some(chunk) = response.chunk().await.map_err(|e| describe(&e))? {
            if body.len() + chunk.len() > MAX_BODY_BYTES {
                return Err(too_large());
            }
            body.extend_from_slice(&chunk);
        }
        return Ok(Fetched::Page(Page {
            url: current,
            status,
            content_type,
            body,
        }));
    }
    Err(format!(
        "Too many redirects (more than {MAX_REDIRECTS}) starting from the requested URL."
    ))
}

fn too_large() -> String {
    format!(
        "The content is larger than the {} MB this tool reads.",
        MAX_BODY_BYTES / (1024 * 1024)
    )
}

fn describe(e: &reqwest::Error) -> String {
    if e.is_timeout() {
        format!("The request timed out after {}s.", TIMEOUT.as_secs())
    } else if e.is_connect() {
        format!("Could not connect: {e}")
    } else {
        format!("The request failed: {e}")
    }
}

/// Plain `http` is upgraded to `https`, except for hosts on this machine or a private
/// network, which rarely have certificates.
pub fn upgrade_scheme(url: &mut Url) {
    if url.scheme() != "http" {
        return;
    }
    let host = url.host_str().unwrap_or("");
    let host = host.trim_start_matches('[').trim_end_matches(']');
    let local = match host.parse::<std::net::IpAddr>() {
        Ok(std::net::IpAddr::V4(ip)) => ip.is_loopback() || ip.is_private() || ip.is_link_local(),
        Ok(std::net::IpAddr::V6(ip)) => ip.is_loopback(),
        Err(_) => host.is_empty() || host == "localhost" || host.ends_with(".localhost"),
    };
    if !local {
        // Switching between two special schemes cannot fail.
        let _ = url.set_scheme("https");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn u(s: &str) -> Url {
        Url::parse(s).unwrap()
    }

    #[test]
    fn sites_ignore_www_and_case() {
        assert!(same_site(
            &u("https://example.com/a"),
            &u("https://WWW.example.com/b")
        ));
        assert!(!same_site(
            &u("https://example.com/a"),
            &u("https://other.org/")
        ));
        assert!(!same_site(
            &u("http://127.0.0.1:80/"),
            &u("http://127.0.0.1:81/")
        ));
    }

    #[test]
    fn only_public_http_is_upgraded() {
        let mut a = u("http://example.com/x");
        upgrade_scheme(&mut a);
        assert_eq!(a.as_str(), "https://example.com/x");
        let mut b = u("http://127.0.0.1:8080/x");
        upgrade_scheme(&mut b);
        assert_eq!(b.as_str(), "http://127.0.0.1:8080/x");
    }
}

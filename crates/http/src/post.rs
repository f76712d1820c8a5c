//! One JSON POST outside the Messages API (a settings file's HTTP hook): no redirects
//! followed, the answer's status and body as text.
//!
//! ```no_run
//! # async fn demo() {
//! let answer = oxagent_http::post::json("http://127.0.0.1:8080/hook", &[], "{}".into()).await;
//! match answer {
//!     Ok((status, body)) => println!("{status}: {body}"),
//!     Err(why) => println!("failed: {why}"),
//! }
//! # }
//! ```

use std::error::Error as _;

/// POSTs `body` to `url` with `Content-Type: application/json` and `headers` (a header
/// named again replaces it). An answer of any status is `Ok`; a request that got none is
/// `Err` with why, a refused connection worded `connect ECONNREFUSED <host>:<port>`.
pub async fn json(
    url: &str,
    headers: &[(String, String)],
    body: String,
) -> Result<(u16, String), String> {
    let client = crate::roots::no_redirect_client().map_err(|e| e.to_string())?;
    let mut request = client
        .post(url)
        .header(reqwest::header::CONTENT_TYPE, "application/json");
    for (name, value) in headers {
        request = request.header(name.as_str(), value.as_str());
    }
    match request.body(body).send().await {
        Ok(answer) => {
            let status = answer.status().as_u16();
            let text = answer.text().await.map_err(|e| e.to_string())?;
            Ok((status, text))
        }
        Err(e) => Err(worded(url, &e)),
    }
}

fn worded(url: &str, e: &reqwest::Error) -> String {
    let mut source = e.source();
    while let Some(s) = source {
        if let Some(io) = s.downcast_ref::<std::io::Error>() {
            if io.kind() == std::io::ErrorKind::ConnectionRefused {
                let target = reqwest::Url::parse(url).ok().map(|u| {
                    let host = u.host_str().unwrap_or_default().to_string();
                    format!("{host}:{}", u.port_or_known_default().unwrap_or(80))
                });
                return format!("connect ECONNREFUSED {}", target.unwrap_or_default());
            }
        }
        source = s.source();
    }
    e.to_string()
}

//! Monitor's WebSocket source: each text frame the server sends is an event line.
//!
//! ```text
//! Monitor {description, timeout_ms, ws: {url, protocols}}
//!   -> a task of type monitor_ws (no process), answered at once as a command's watch is
//!   -> text frames within 200 ms of each other make one event; a binary frame reads
//!      "[binary frame, N bytes]"; an empty text frame is skipped
//!   -> "[WebSocket error: ...]" / "[WebSocket upgrade rejected: HTTP N]" and
//!      "[WebSocket closed: CODE]" are events of their own
//!   -> the connection ends: the task is killed without a word to the model (its
//!      notification says `stopped`, its summary is the description); the watch's time
//!      running out ends it too, with a notice
//! ```

use std::io::Write;
use std::time::Duration;

use futures::StreamExt;
use tokio_tungstenite::tungstenite::{self, client::IntoClientRequest, http, Message};

use super::monitor::BATCH;
use super::tasks::{TaskStatus, Watch};

/// What `ws.url` must be, as the reference words its refusal.
pub(crate) const BAD_URL: &str =
    "url must be a valid ASCII ws:// or wss:// URL with no userinfo or whitespace";

/// How long the watch waits before it connects, so that the call has answered.
const ANSWER_FIRST: Duration = Duration::from_millis(2);

/// Ticks of steady frames after which held lines are told even though more keep coming.
const MAX_HELD_TICKS: u32 = 5;

/// Whether `url` is one a watch may open: ASCII, `ws://` or `wss://` with a host, no
/// userinfo, no whitespace.
pub(crate) fn valid_url(url: &str) -> bool {
    if !url.is_ascii() || url.chars().any(char::is_whitespace) {
        return false;
    }
    let Ok(uri) = url.parse::<http::Uri>() else {
        return false;
    };
    let scheme_ok = matches!(uri.scheme_str(), Some("ws" | "wss"));
    let authority = uri.authority().map(|a| a.as_str()).unwrap_or("");
    scheme_ok && !authority.is_empty() && !authority.contains('@') && uri.host().is_some()
}

/// Opens `url` and reports what comes through `watch` until the connection ends or
/// `lifetime` passes.
pub(crate) async fn run(
    watch: Watch,
    url: String,
    protocols: Vec<String>,
    output: std::path::PathBuf,
    lifetime: Duration,
) {
    let say = |lines: Vec<String>| {
        if let Ok(mut f) = std::fs::OpenOptions::new().append(true).open(&output) {
            let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
            let _ = f.write_all(text.as_bytes());
        }
        watch.event(lines);
    };
    let deadline = tokio::time::sleep(lifetime);
    tokio::pin!(deadline);
    // The call's answer goes out first: a connection refused at once is told after it.
    tokio::time::sleep(ANSWER_FIRST).await;
    let connected = tokio::select! {
        c = connect(&url, &protocols) => c,
        _ = &mut deadline => return watch.end(TaskStatus::Killed, true),
    };
    let mut socket = match connected {
        Ok(socket) => socket,
        Err(line) => {
            say(vec![line]);
            say(vec!["[WebSocket closed: 1006]".into()]);
            return watch.end(TaskStatus::Killed, false);
        }
    };
    let mut held: Vec<String> = Vec::new();
    let mut ticks = 0;
    let mut fresh = false;
    let closed = loop {
        tokio::select! {
            frame = socket.next() => match frame {
                Some(Ok(Message::Text(text))) if !text.is_empty() => {
                    held.push(text.to_string());
                    fresh = true;
                }
                Some(Ok(Message::Binary(bytes))) => {
                    held.push(format!("[binary frame, {} bytes]", bytes.len()));
                    fresh = true;
                }
                Some(Ok(Message::Close(frame))) => {
                    break Some(frame.map_or(1005, |f| u16::from(f.code)));
                }
                Some(Ok(_)) => {}
                Some(Err(_)) | None => break Some(1006),
            },
            _ = tokio::time::sleep(BATCH) => {
                if watch.running().is_none() {
                    // Stopped (TaskStop) or the session is gone.
                    break None;
                }
                if held.is_empty() {
                    continue;
                }
                ticks += 1;
                if !fresh || ticks >= MAX_HELD_TICKS {
                    say(std::mem::take(&mut held));
                    ticks = 0;
                }
                fresh = false;
            }
            _ = &mut deadline => {
                if !held.is_empty() {
                    say(std::mem::take(&mut held));
                }
                let _ = socket.close(None).await;
                return watch.end(TaskStatus::Killed, true);
            }
        }
    };
    let Some(code) = closed else {
        let _ = socket.close(None).await;
        return;
    };
    if !held.is_empty() {
        say(held);
    }
    say(vec![format!("[WebSocket closed: {code}]")]);
    watch.end(TaskStatus::Killed, false);
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Connects, offering `protocols`; a failure as the event line that tells it.
async fn connect(url: &str, protocols: &[String]) -> Result<Socket, String> {
    let mut request = url
        .into_client_request()
        .map_err(|e| format!("[WebSocket error: {e}]"))?;
    if !protocols.is_empty() {
        let offered = http::HeaderValue::from_str(&protocols.join(", "))
            .map_err(|e| format!("[WebSocket error: {e}]"))?;
        request
            .headers_mut()
            .insert("sec-websocket-protocol", offered);
    }
    let (host, port) = endpoint(url);
    match tokio_tungstenite::connect_async(request).await {
        Ok((socket, _)) => Ok(socket),
        Err(tungstenite::Error::Http(response)) => Err(format!(
            "[WebSocket upgrade rejected: HTTP {}]",
            response.status().as_u16()
        )),
        Err(tungstenite::Error::Io(e)) => Err(format!(
            "[WebSocket error: {}]",
            io_error_text(&e, &host, port)
        )),
        Err(e) => Err(format!("[WebSocket error: {e}]")),
    }
}

/// The host and port `url` connects to.
fn endpoint(url: &str) -> (String, u16) {
    let uri = url.parse::<http::Uri>().ok();
    let host = uri
        .as_ref()
        .and_then(|u| u.host())
        .unwrap_or("")
        .to_string();
    let default = if url.starts_with("wss:") { 443 } else { 80 };
    let port = uri.and_then(|u| u.port_u16()).unwrap_or(default);
    (host, port)
}

/// A connection failure worded as the reference's runtime words it
/// (`connect ECONNREFUSED 127.0.0.1:9`).
fn io_error_text(e: &std::io::Error, host: &str, port: u16) -> String {
    use std::io::ErrorKind;
    match e.kind() {
        ErrorKind::ConnectionRefused => format!("connect ECONNREFUSED {host}:{port}"),
        ErrorKind::ConnectionReset => "read ECONNRESET".to_string(),
        ErrorKind::TimedOut => format!("connect ETIMEDOUT {host}:{port}"),
        _ if e.to_string().contains("lookup") => format!("getaddrinfo ENOTFOUND {host}"),
        _ => e.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_ws_urls_are_watched() {
        assert!(valid_url("ws://127.0.0.1:9/"));
        assert!(valid_url("wss://example.com/feed?x=1"));
        assert!(!valid_url("http://127.0.0.1:9/"));
        assert!(!valid_url("not a url"));
        assert!(!valid_url("ws://user:pw@example.com/"));
        assert!(!valid_url("ws://exämple.com/"));
        assert!(!valid_url("ws:///path"));
    }

    #[test]
    fn endpoints_take_the_scheme_default_port() {
        assert_eq!(endpoint("ws://h:9/x"), ("h".to_string(), 9));
        assert_eq!(endpoint("wss://h/x"), ("h".to_string(), 443));
        assert_eq!(endpoint("ws://h"), ("h".to_string(), 80));
    }
}

//! The HTTP proxy sandboxed commands reach the network through.
//!
//! It listens on a Unix socket the sandbox can see (inside, `socat` turns it into
//! `127.0.0.1:3128`, the only way out of the command's empty network namespace). A client
//! names its command with the proxy credentials (`<command id>:<session secret>`); each
//! request goes through the session's [`Network`](super::Network) rules: `CONNECT host:port`
//! tunnels (HTTPS, `git` over ssh through socat) and plain `http://` requests in absolute
//! form. A refused request gets `403` with the reference's `X-Proxy-Error` header and becomes
//! a violation line of its command; an unreachable host gets `502`. A client whose first
//! byte is 5 speaks SOCKS5 instead ([`super::socks`]).

use std::io;
use std::path::Path;
use std::sync::{Arc, Weak};
use std::time::Duration;

use base64::Engine;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream, UnixListener};

use super::Network;

const MAX_HEAD: usize = 64 * 1024;
pub(super) const CONNECT_TIMEOUT: Duration = Duration::from_secs(30);

/// Accepts connections on `socket`, and on a port of 127.0.0.1 for clients outside the
/// sandbox that mean to go through the same rules, until the network goes away. Gives the
/// port.
pub(super) fn listen(
    socket: &Path,
    net: Weak<Network>,
) -> io::Result<(u16, tokio::task::AbortHandle)> {
    let _ = std::fs::remove_file(socket);
    let std_listener = std::os::unix::net::UnixListener::bind(socket)?;
    // Commands may run as another user (`user`); the credentials keep others out.
    std::fs::set_permissions(socket, std::os::unix::fs::PermissionsExt::from_mode(0o666))?;
    std_listener.set_nonblocking(true)?;
    let unix = UnixListener::from_std(std_listener)?;
    let std_tcp = std::net::TcpListener::bind(("127.0.0.1", 0))?;
    std_tcp.set_nonblocking(true)?;
    let port = std_tcp.local_addr()?.port();
    let tcp = TcpListener::from_std(std_tcp)?;
    let task = tokio::spawn(async move {
        loop {
            let client: Box<dyn Client> = tokio::select! {
                Ok((c, _)) = unix.accept() => Box::new(c),
                Ok((c, _)) = tcp.accept() => Box::new(c),
                else => break,
            };
            let Some(net) = net.upgrade() else { break };
            tokio::spawn(async move {
                let _ = serve(&net, client).await;
            });
        }
    });
    Ok((port, task.abort_handle()))
}

/// A client's connection: through the socket, or on the host's port.
pub(super) trait Client: AsyncRead + AsyncWrite + Unpin + Send {}
impl<T: AsyncRead + AsyncWrite + Unpin + Send> Client for T {}

/// Where a request goes.
struct Target {
    host: String,
    port: u16,
    /// `None`: a CONNECT tunnel; else the request head to send upstream.
    forward: Option<Vec<u8>>,
}

async fn serve(net: &Arc<Network>, mut client: Box<dyn Client>) -> io::Result<()> {
    let mut buf = Vec::with_capacity(4096);
    let head_len = loop {
        if let Some(end) = find(&buf, b"\r\n\r\n") {
            break end + 4;
        }
        if buf.len() > MAX_HEAD {
            return respond(&mut client, "431 Request Header Fields Too Large", "", "").await;
        }
        let mut chunk = [0u8; 4096];
        let n = client.read(&mut chunk).await?;
        if n == 0 {
            return Ok(());
        }
        buf.extend_from_slice(&chunk[..n]);
        if buf[0] == 5 {
            return super::socks::serve(net, client, buf).await;
        }
    };
    let mut headers = [httparse::EMPTY_HEADER; 96];
    let mut request = httparse::Request::new(&mut headers);
    if !matches!(
        request.parse(&buf[..head_len]),
        Ok(httparse::Status::Complete(_))
    ) {
        return respond(&mut client, "400 Bad Request", "", "Bad Request").await;
    }
    let Some(command) = net.command_of(credentials(request.headers).as_deref()) else {
        return respond(
            &mut client,
            "407 Proxy Authentication Required",
            "Proxy-Authenticate: Basic realm=\"sandbox\"\r\n",
            "",
        )
        .await;
    };
    let Some(target) = target(&request) else {
        return respond(&mut client, "400 Bad Request", "", "Bad Request").await;
    };
    if let Err(reason) = net.decide(&target.host, target.port).await {
        net.record(
            &command,
            format!(
                "deny network-outbound {}:{} ({reason})",
                target.host, target.port
            ),
        );
        return respond(
            &mut client,
            "403 Forbidden",
            "X-Proxy-Error: blocked-by-allowlist\r\n",
            "Connection blocked by network allowlist\n",
        )
        .await;
    }
    let host = target.host.trim_start_matches('[').trim_end_matches(']');
    let upstream =
        tokio::time::timeout(CONNECT_TIMEOUT, TcpStream::connect((host, target.port))).await;
    let Ok(Ok(mut upstream)) = upstream else {
        return respond(&mut client, "502 Bad Gateway", "", "Bad Gateway").await;
    };
    match target.forward {
        None => {
            client
                .write_all(b"HTTP/1.1 200 Connection Established\r\n\r\n")
                .await?
        }
        Some(head) => upstream.write_all(&head).await?,
    }
    upstream.write_all(&buf[head_len..]).await?;
    tokio::io::copy_bidirectional(&mut client, &mut upstream).await?;
    Ok(())
}

/// The `user:password` of a `Proxy-Authorization: Basic` header.
fn credentials(headers: &[httparse::Header<'_>]) -> Option<String> {
    let value = headers
        .iter()
        .find(|h| h.name.eq_ignore_ascii_case("proxy-authorization"))?
        .value;
    let value = std::str::from_utf8(value).ok()?.trim();
    let (scheme, encoded) = value.split_once(' ')?;
    if !scheme.eq_ignore_ascii_case("basic") {
        return None;
    }
    let decoded = base64::engine::general_purpose::STANDARD
        .decode(encoded.trim())
        .ok()?;
    String::from_utf8(decoded).ok()
}

fn target(request: &httparse::Request<'_, '_>) -> Option<Target> {
    let method = request.method?;
    let path = request.path?;
    if method.eq_ignore_ascii_case("CONNECT") {
        let (host, port) = split_authority(path, None)?;
        return Some(Target {
            host,
            port,
            forward: None,
        });
    }
    // A plain HTTP request in absolute form: `GET http://host[:port]/path HTTP/1.1`.
    let rest = path
        .get(..7)
        .filter(|s| s.eq_ignore_ascii_case("http://"))
        .map(|_| &path[7..])?;
    let (authority, origin) = match rest.find(['/', '?']) {
        Some(i) if rest.as_bytes()[i] == b'/' => (&rest[..i], rest[i..].to_string()),
        Some(i) => (&rest[..i], format!("/{}", &rest[i..])),
        None => (rest, "/".to_string()),
    };
    let authority = authority.rsplit('@').next().unwrap_or(authority);
    let (host, port) = split_authority(authority, Some(80))?;
    let mut head = format!("{method} {origin} HTTP/1.1\r\n").into_bytes();
    for h in request.headers.iter() {
        let name = h.name.to_ascii_lowercase();
        if name.starts_with("proxy-") || name == "connection" || name == "keep-alive" {
            continue;
        }
        head.extend_from_slice(h.name.as_bytes());
        head.extend_from_slice(b": ");
        head.extend_from_slice(h.value);
        head.extend_from_slice(b"\r\n");
    }
    // One request per connection: a client's next request, perhaps to another host, comes
    // through the rules again.
    head.extend_from_slice(b"Connection: close\r\n\r\n");
    Some(Target {
        host,
        port,
        forward: Some(head),
    })
}

/// `host:port` (`[v6]:port`); the port may be left out where `default` is given.
fn split_authority(authority: &str, default: Option<u16>) -> Option<(String, u16)> {
    let (host, port) = if let Some(rest) = authority.strip_prefix('[') {
        let (v6, after) = rest.split_once(']')?;
        (format!("[{v6}]"), after.strip_prefix(':'))
    } else {
        match authority.rsplit_once(':') {
            Some((h, p)) => (h.to_string(), Some(p)),
            None => (authority.to_string(), None),
        }
    };
    let port = match port {
        Some(p) => p.parse().ok()?,
        None => default?,
    };
    (!host.is_empty()).then_some((host, port))
}

async fn respond(
    client: &mut Box<dyn Client>,
    status: &str,
    extra: &str,
    body: &str,
) -> io::Result<()> {
    let reply = format!(
        "HTTP/1.1 {status}\r\nContent-Type: text/plain\r\n{extra}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    client.write_all(reply.as_bytes()).await?;
    client.shutdown().await
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(head: &str) -> Option<Target> {
        let mut headers = [httparse::EMPTY_HEADER; 16];
        let mut request = httparse::Request::new(&mut headers);
        request.parse(head.as_bytes()).unwrap();
        target(&request)
    }

    #[test]
    fn connect_and_absolute_form_targets() {
        let t = parse("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n").unwrap();
        assert_eq!(
            (t.host.as_str(), t.port, t.forward.is_none()),
            ("example.com", 443, true)
        );
        let t = parse("CONNECT [::1]:22 HTTP/1.1\r\n\r\n").unwrap();
        assert_eq!((t.host.as_str(), t.port), ("[::1]", 22));
        assert!(parse("CONNECT example.com HTTP/1.1\r\n\r\n").is_none());
        let t = parse(
            "GET http://Example.com:8080/a/b?c=1 HTTP/1.1\r\nHost: Example.com:8080\r\n\
             Proxy-Authorization: Basic eDp5\r\nProxy-Connection: Keep-Alive\r\nAccept: */*\r\n\r\n",
        )
        .unwrap();
        assert_eq!((t.host.as_str(), t.port), ("Example.com", 8080));
        assert_eq!(
            String::from_utf8(t.forward.unwrap()).unwrap(),
            "GET /a/b?c=1 HTTP/1.1\r\nHost: Example.com:8080\r\nAccept: */*\r\nConnection: close\r\n\r\n"
        );
        let t = parse("GET http://example.org?q HTTP/1.1\r\n\r\n").unwrap();
        assert_eq!(t.port, 80);
        assert!(String::from_utf8(t.forward.unwrap())
            .unwrap()
            .starts_with("GET /?q HTTP/1.1"));
        // Only plain HTTP is forwarded; anything else must tunnel.
        assert!(parse("GET /local HTTP/1.1\r\n\r\n").is_none());
        assert!(parse("GET ftp://example.org/ HTTP/1.1\r\n\r\n").is_none());
    }

    #[test]
    fn credentials_are_basic_auth() {
        let headers = [httparse::Header {
            name: "Proxy-Authorization",
            value: b"Basic YjEyMzpzZWNyZXQ=",
        }];
        assert_eq!(credentials(&headers).as_deref(), Some("b123:secret"));
    }
}

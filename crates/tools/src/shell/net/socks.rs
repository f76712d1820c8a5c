//! SOCKS5 on the proxy's socket (port 1080 inside the sandbox), for clients that speak it
//! (`FTP_PROXY`, `RSYNC_PROXY`, `curl -x socks5h://...`): username and password
//! authentication only (RFC 1929), `CONNECT` only, under the same rules as HTTP.

use std::io;
use std::sync::Arc;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use super::proxy::Client;
use super::Network;

const VERSION: u8 = 5;
const USER_PASSWORD: u8 = 2;
const NO_METHOD: u8 = 0xFF;

/// Serves one SOCKS5 client; `first` is what was already read of its greeting.
pub(super) async fn serve(
    net: &Arc<Network>,
    mut client: Box<dyn Client>,
    first: Vec<u8>,
) -> io::Result<()> {
    let mut input = Input {
        client: &mut client,
        pending: first,
    };
    let greeting = input.take(2).await?;
    let methods = input.take(greeting[1] as usize).await?;
    if !methods.contains(&USER_PASSWORD) {
        return input.client.write_all(&[VERSION, NO_METHOD]).await;
    }
    input.client.write_all(&[VERSION, USER_PASSWORD]).await?;
    // RFC 1929: version 1, the user name and the password, each after its length.
    let head = input.take(2).await?;
    let user = input.take(head[1] as usize).await?;
    let len = input.take(1).await?[0] as usize;
    let password = input.take(len).await?;
    let credentials = format!(
        "{}:{}",
        String::from_utf8_lossy(&user),
        String::from_utf8_lossy(&password)
    );
    let Some(command) = net.command_of(Some(&credentials)) else {
        return input.client.write_all(&[1, 1]).await;
    };
    input.client.write_all(&[1, 0]).await?;
    let request = input.take(4).await?;
    let host = match request[3] {
        1 => {
            std::net::Ipv4Addr::from(<[u8; 4]>::try_from(input.take(4).await?).unwrap_or_default())
                .to_string()
        }
        4 => format!(
            "[{}]",
            std::net::Ipv6Addr::from(
                <[u8; 16]>::try_from(input.take(16).await?).unwrap_or_default()
            )
        ),
        3 => {
            let len = input.take(1).await?[0] as usize;
            String::from_utf8_lossy(&input.take(len).await?).into_owned()
        }
        _ => return reply(input.client, 8).await,
    };
    let port = input.take(2).await?;
    let port = u16::from_be_bytes([port[0], port[1]]);
    if request[1] != 1 {
        // Only CONNECT: no BIND, no UDP.
        return reply(input.client, 7).await;
    }
    let rest = std::mem::take(&mut input.pending);
    if let Err(reason) = net.decide(&host, port).await {
        net.record(
            &command,
            format!("deny network-outbound {host}:{port} ({reason})"),
        );
        return reply(&mut client, 2).await;
    }
    let bare = host.trim_start_matches('[').trim_end_matches(']');
    let connected = tokio::time::timeout(
        super::proxy::CONNECT_TIMEOUT,
        TcpStream::connect((bare, port)),
    )
    .await;
    let Ok(Ok(mut upstream)) = connected else {
        return reply(&mut client, 4).await;
    };
    reply(&mut client, 0).await?;
    upstream.write_all(&rest).await?;
    tokio::io::copy_bidirectional(&mut client, &mut upstream).await?;
    Ok(())
}

/// A reply with `code` (0 succeeded, 2 not allowed by the rules, 4 host unreachable, 7
/// command not supported, 8 address type not supported) and an empty bound address.
async fn reply(client: &mut Box<dyn Client>, code: u8) -> io::Result<()> {
    client
        .write_all(&[VERSION, code, 0, 1, 0, 0, 0, 0, 0, 0])
        .await
}

/// The client's bytes, the ones read before first.
struct Input<'a> {
    client: &'a mut Box<dyn Client>,
    pending: Vec<u8>,
}

impl Input<'_> {
    async fn take(&mut self, n: usize) -> io::Result<Vec<u8>> {
        while self.pending.len() < n {
            let mut chunk = [0u8; 512];
            let read = self.client.read(&mut chunk).await?;
            if read == 0 {
                return Err(io::ErrorKind::UnexpectedEof.into());
            }
            self.pending.extend_from_slice(&chunk[..read]);
        }
        Ok(self.pending.drain(..n).collect())
    }
}

//! The network of sandboxed commands: none of their own, only a proxy that applies the
//! `sandbox.network` rules (the reference's design, on the same tools: bubblewrap's empty
//! network namespace and `socat` to reach the proxy from inside it).
//!
//! A host the rules neither allow nor deny is the user's call: the session asks it through
//! `can_use_tool` as the tool `SandboxNetworkAccess` (see [`Asker`]). What a command was
//! refused is listed after its output in a `<sandbox_violations>` block.

pub mod policy;
mod proxy;
mod socks;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use futures::future::BoxFuture;

pub use policy::Policy;
use policy::Verdict;

/// The port the proxy has inside the sandbox.
pub const PROXY_PORT: u16 = 3128;
/// The same proxy's port for SOCKS5 clients.
pub const SOCKS_PORT: u16 = 1080;

/// Hosts a client should reach directly: inside the sandbox they reach nothing, as in the
/// reference.
const NO_PROXY: &str =
    "localhost,127.0.0.1,::1,169.254.0.0/16,10.0.0.0/8,172.16.0.0/12,192.168.0.0/16";

/// Asks the user whether a sandboxed command may reach `host`.
pub trait Asker: Send + Sync {
    fn ask(&self, host: String, port: u16) -> BoxFuture<'static, bool>;
}

/// One session's sandbox network.
pub struct Network {
    pub policy: Policy,
    /// `socat`, as found on the PATH when the session started.
    pub socat: Option<PathBuf>,
    asker: OnceLock<Arc<dyn Asker>>,
    secret: String,
    proxy: Mutex<Option<(PathBuf, u16, tokio::task::AbortHandle)>>,
    /// Refused requests, by command id, until the command's result takes them.
    violations: Mutex<HashMap<String, Vec<String>>>,
}

impl std::fmt::Debug for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Network")
            .field("policy", &self.policy)
            .field("socat", &self.socat)
            .finish_non_exhaustive()
    }
}

impl PartialEq for Network {
    fn eq(&self, other: &Self) -> bool {
        self.policy == other.policy
    }
}

impl Drop for Network {
    fn drop(&mut self) {
        if let Some((socket, _, task)) = lock(&self.proxy).take() {
            task.abort();
            let _ = std::fs::remove_file(socket);
        }
    }
}

/// What one sandboxed command needs to reach the proxy.
#[derive(Debug, Clone)]
pub struct NetRun {
    pub socat: PathBuf,
    pub socket: PathBuf,
    /// The variables that point its clients at the proxy.
    pub env: Vec<(String, String)>,
}

impl Network {
    pub fn new(policy: Policy, socat: Option<PathBuf>) -> Network {
        Network {
            policy,
            socat,
            asker: OnceLock::new(),
            secret: format!("{:032x}", fastrand::u128(..)),
            proxy: Mutex::new(None),
            violations: Mutex::default(),
        }
    }

    /// Who decides the hosts the rules leave open (once; without one they are refused).
    pub fn set_asker(&self, asker: Arc<dyn Asker>) {
        let _ = self.asker.set(asker);
    }

    /// Whether `host:port` may be reached; the refusal's reason otherwise.
    pub async fn decide(&self, host: &str, port: u16) -> Result<(), &'static str> {
        match self.policy.verdict(host, port) {
            Verdict::Allow => Ok(()),
            Verdict::Deny(reason) => Err(reason),
            Verdict::Ask => {
                let asker = self.asker.get().cloned();
                match asker {
                    Some(a) if a.ask(host.to_string(), port).await => {
                        self.policy.grant(host);
                        Ok(())
                    }
                    _ => Err("user denied"),
                }
            }
        }
    }

    /// Starts the proxy if needed (in `dir`) and says how command `command` reaches it.
    pub fn run(self: &Arc<Self>, command: &str, dir: &Path) -> std::io::Result<NetRun> {
        let socat = self.socat.clone().ok_or_else(|| {
            std::io::Error::new(
                std::io::ErrorKind::NotFound,
                "the sandbox's network needs socat, which is not installed",
            )
        })?;
        let (socket, host_port) = {
            let mut proxy = lock(&self.proxy);
            match &*proxy {
                Some((socket, port, _)) => (socket.clone(), *port),
                None => {
                    let socket = socket_path(dir)?;
                    let (port, task) = proxy::listen(&socket, Arc::downgrade(self))?;
                    *proxy = Some((socket.clone(), port, task));
                    (socket, port)
                }
            }
        };
        let url = format!("http://{command}:{}@127.0.0.1:{PROXY_PORT}", self.secret);
        let socks = format!("socks5h://{command}:{}@localhost:{SOCKS_PORT}", self.secret);
        let mut env: Vec<(String, String)> = [
            "HTTP_PROXY",
            "HTTPS_PROXY",
            "ALL_PROXY",
            "GRPC_PROXY",
            "DOCKER_HTTP_PROXY",
            "DOCKER_HTTPS_PROXY",
        ]
        .iter()
        .flat_map(|k| [k.to_string(), k.to_ascii_lowercase()])
        .filter(|k| !k.starts_with("docker_"))
        .map(|k| (k, url.clone()))
        .collect();
        env.extend([
            ("NO_PROXY".into(), NO_PROXY.into()),
            ("no_proxy".into(), NO_PROXY.into()),
            ("FTP_PROXY".into(), socks.clone()),
            ("ftp_proxy".into(), socks),
            ("RSYNC_PROXY".into(), format!("localhost:{SOCKS_PORT}")),
            ("CLAUDE_CODE_HOST_HTTP_PROXY_PORT".into(), host_port.to_string()),
            ("CLAUDE_CODE_HOST_SOCKS_PROXY_PORT".into(), host_port.to_string()),
            (
                "GIT_CONFIG_PARAMETERS".into(),
                format!(
                    "'http.proxyAuthMethod=basic' 'credential.http://127.0.0.1:{PROXY_PORT}.helper='"
                ),
            ),
            ("CLOUDSDK_PROXY_TYPE".into(), "http".into()),
            ("CLOUDSDK_PROXY_ADDRESS".into(), "127.0.0.1".into()),
            ("CLOUDSDK_PROXY_PORT".into(), PROXY_PORT.to_string()),
            ("CLOUDSDK_PROXY_USERNAME".into(), command.to_string()),
            ("CLOUDSDK_PROXY_PASSWORD".into(), self.secret.clone()),
            (
                "GIT_SSH_COMMAND".into(),
                format!(
                    "ssh -o ControlMaster=no -o ControlPath=none -o ProxyCommand='socat - \
                     PROXY:127.0.0.1:%h:%p,proxyport={PROXY_PORT},proxyauth={command}:{}'",
                    self.secret
                ),
            ),
        ]);
        Ok(NetRun { socat, socket, env })
    }

    /// The command a request's `user:password` names, if the password is the session's.
    fn command_of(&self, credentials: Option<&str>) -> Option<String> {
        let (user, password) = credentials?.split_once(':')?;
        (password == self.secret).then(|| user.to_string())
    }

    fn record(&self, command: &str, line: String) {
        lock(&self.violations)
            .entry(command.to_string())
            .or_default()
            .push(line);
    }

    /// The violation lines of `command`, taken out.
    pub fn take_violations(&self, command: &str) -> Vec<String> {
        lock(&self.violations).remove(command).unwrap_or_default()
    }
}

/// A socket path in `dir`, or in the system's temporary folder when that one is too long for
/// a Unix socket.
fn socket_path(dir: &Path) -> std::io::Result<PathBuf> {
    let name = format!("net-{:016x}.sock", fastrand::u64(..));
    let mut path = dir.join(&name);
    if path.as_os_str().len() > 100 {
        path = std::env::temp_dir().join(name);
    }
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)?;
    }
    Ok(path)
}

/// The violation block the reference appends to a command's error output.
pub fn violations_block(lines: &[String]) -> String {
    let mut block = String::from("<sandbox_violations>\n");
    for line in lines {
        block.push_str(line);
        block.push('\n');
    }
    block.push_str("</sandbox_violations>");
    block
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    async fn ask(socket: &Path, request: String) -> String {
        let mut s = tokio::net::UnixStream::connect(socket).await.unwrap();
        s.write_all(request.as_bytes()).await.unwrap();
        let mut out = String::new();
        s.read_to_string(&mut out).await.unwrap();
        out
    }

    fn auth(net: &Network, command: &str) -> String {
        use base64::Engine;
        let token = format!("{command}:{}", net.secret);
        format!(
            "Proxy-Authorization: Basic {}\r\n",
            base64::engine::general_purpose::STANDARD.encode(token)
        )
    }

    #[tokio::test]
    async fn the_proxy_forwards_what_the_rules_allow_and_records_the_rest() {
        // A one-answer HTTP server standing for the outside world.
        let server = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = server.local_addr().unwrap().port();
        tokio::spawn(async move {
            let (mut c, _) = server.accept().await.unwrap();
            let mut buf = [0u8; 1024];
            let n = c.read(&mut buf).await.unwrap();
            let head = String::from_utf8_lossy(&buf[..n]).into_owned();
            let body = head.lines().next().unwrap_or("").to_string();
            let reply = format!(
                "HTTP/1.1 200 OK\r\nContent-Length: {}\r\n\r\n{body}",
                body.len()
            );
            c.write_all(reply.as_bytes()).await.unwrap();
        });
        let dir = tempfile::tempdir().unwrap();
        let policy = Policy::from_settings(Some(&json!({
            "allowedDomains": ["127.0.0.1"], "deniedDomains": ["bad.invalid"]})));
        let net = Arc::new(Network::new(policy, Some(PathBuf::from("/usr/bin/socat"))));
        let run = net.run("b1", dir.path()).unwrap();
        assert!(run
            .env
            .iter()
            .any(|(k, v)| k == "HTTP_PROXY" && v.starts_with("http://b1:")));

        let got = ask(
            &run.socket,
            format!(
                "GET http://127.0.0.1:{port}/x?y HTTP/1.1\r\nHost: h\r\n{}\r\n",
                auth(&net, "b1")
            ),
        )
        .await;
        // The origin server saw the request in origin form.
        assert!(got.starts_with("HTTP/1.1 200 OK"), "{got}");
        assert!(got.ends_with("GET /x?y HTTP/1.1"), "{got}");

        let got = ask(
            &run.socket,
            format!(
                "CONNECT bad.invalid:443 HTTP/1.1\r\n{}\r\n",
                auth(&net, "b1")
            ),
        )
        .await;
        assert!(got.starts_with("HTTP/1.1 403 Forbidden\r\n"), "{got}");
        assert!(got.contains("X-Proxy-Error: blocked-by-allowlist"));
        assert!(got.ends_with("Connection blocked by network allowlist\n"));
        // No one to ask: a host on no list is refused as the user's answer.
        ask(
            &run.socket,
            format!(
                "GET http://other.invalid/ HTTP/1.1\r\n{}\r\n",
                auth(&net, "b1")
            ),
        )
        .await;
        assert_eq!(
            net.take_violations("b1"),
            [
                "deny network-outbound bad.invalid:443 (host is on the deny list)",
                "deny network-outbound other.invalid:80 (user denied)",
            ]
        );
        assert!(net.take_violations("b1").is_empty());

        // Without the session's credentials nothing goes through.
        let got = ask(&run.socket, "CONNECT 127.0.0.1:1 HTTP/1.1\r\n\r\n".into()).await;
        assert!(got.starts_with("HTTP/1.1 407"), "{got}");
    }
}

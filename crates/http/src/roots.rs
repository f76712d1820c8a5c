//! One HTTP client per process, shared by every session, rather than one per session.
//!
//! A reqwest client carries its TLS set-up: the system's root certificates (read from the
//! certificate files and decoded), a copy of them as rustls roots (about 37 KB) and a TLS
//! session cache (about 14 KB). Built per session, that was half the CPU of 1,000 sessions
//! (reading the certificates) and then about 50 KB of each session's memory. Sessions now share
//! one client and its connection pool; idle connections beyond [`IDLE_PER_HOST`] are closed
//! rather than kept, so 10,000 sessions that end do not hold 10,000 descriptors open.
//!
//! What a client reads from the environment when built (the certificate locations, the proxy
//! variables) is its key: when one of them changes the next session gets a new client. When
//! no system certificate is usable reqwest reads them itself, so it fails as it did.

use std::ffi::OsString;
use std::sync::{Arc, Mutex};

use reqwest::{Certificate, Client, ClientBuilder};

/// The variables a client's set-up reads.
const READS: &[&str] = &[
    "SSL_CERT_FILE",
    "SSL_CERT_DIR",
    "HTTP_PROXY",
    "http_proxy",
    "HTTPS_PROXY",
    "https_proxy",
    "ALL_PROXY",
    "all_proxy",
    "NO_PROXY",
    "no_proxy",
];

/// Idle connections kept per host; a connection returned past that is closed.
const IDLE_PER_HOST: usize = 64;

type Key = Vec<Option<OsString>>;

struct Built {
    key: Key,
    client: Client,
}

static CLIENT: Mutex<Option<Built>> = Mutex::new(None);

/// The client the sessions share, built again if what it read from the environment changed.
pub(crate) fn client() -> reqwest::Result<Client> {
    let key: Key = READS.iter().map(std::env::var_os).collect();
    cached(&CLIENT, key, || {
        builder().pool_max_idle_per_host(IDLE_PER_HOST).build()
    })
}

/// The client in `slot` when it was built for `key`, else one `build` makes, kept there.
fn cached(
    slot: &Mutex<Option<Built>>,
    key: Key,
    build: impl FnOnce() -> reqwest::Result<Client>,
) -> reqwest::Result<Client> {
    let mut slot = oxagent_core::sync::lock(slot);
    if let Some(built) = slot.as_ref().filter(|b| b.key == key) {
        return Ok(built.client.clone());
    }
    let client = build()?;
    *slot = Some(Built {
        key,
        client: client.clone(),
    });
    Ok(client)
}

/// A client builder with the system's root certificates already in it.
fn builder() -> ClientBuilder {
    let builder = reqwest::Client::builder();
    match load() {
        Some(certs) => certs
            .iter()
            .fold(builder.tls_built_in_native_certs(false), |b, cert| {
                b.add_root_certificate(cert.clone())
            }),
        None => builder,
    }
}

/// The certificates rustls takes as roots (reqwest passes over the others, as this does).
fn load() -> Option<Arc<Vec<Certificate>>> {
    let mut store = rustls::RootCertStore::empty();
    let certs: Vec<Certificate> = rustls_native_certs::load_native_certs()
        .certs
        .into_iter()
        .filter(|der| store.add(der.clone()).is_ok())
        .filter_map(|der| Certificate::from_der(&der).ok())
        .collect();
    (!certs.is_empty()).then(|| Arc::new(certs))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_client_is_built_per_environment_it_read() {
        let slot = Mutex::new(None);
        let mut builds = 0;
        let key = |proxy: Option<&str>| vec![None, proxy.map(OsString::from)];
        let mut get = |k: Key| {
            cached(&slot, k, || {
                builds += 1;
                builder().build()
            })
            .unwrap()
        };
        get(key(None));
        get(key(None));
        get(key(Some("http://proxy:3128")));
        get(key(Some("http://proxy:3128")));
        get(key(None));
        assert_eq!(builds, 3);
    }

    #[test]
    fn the_shared_client_builds() {
        assert!(client().is_ok());
        assert!(client().is_ok());
    }
}

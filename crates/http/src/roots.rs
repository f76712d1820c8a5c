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
//!
//! A session whose endpoint is plain `http://` (a gateway or proxy on the same host, a scripted
//! server) never makes a TLS connection, so it takes a second shared client that has no root
//! certificates and does not wait for them; when a proxy variable is set the proxy may be
//! `https://`, and such a session takes the full client as the others do.

use std::ffi::OsString;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use reqwest::{Certificate, Client, ClientBuilder};

mod pem;

/// The proxy variables a client's set-up reads: with one set, a plain endpoint may be reached
/// through TLS.
const PROXIES: &[&str] = &[
    "HTTP_PROXY",
    "http_proxy",
    "HTTPS_PROXY",
    "https_proxy",
    "ALL_PROXY",
    "all_proxy",
];

/// The other variables a client's set-up reads: where the certificates are, what no proxy
/// serves.
const OTHER_READS: &[&str] = &["SSL_CERT_FILE", "SSL_CERT_DIR", "NO_PROXY", "no_proxy"];

/// What the client's set-up read from the environment: its key.
fn key_now() -> Key {
    OTHER_READS
        .iter()
        .chain(PROXIES)
        .map(std::env::var_os)
        .collect()
}

/// Idle connections kept per host; a connection returned past that is closed.
const IDLE_PER_HOST: usize = 64;

type Key = Vec<Option<OsString>>;

struct Built {
    key: Key,
    client: Client,
}

static CLIENT: Mutex<Option<Built>> = Mutex::new(None);
/// The client of plain `http://` endpoints: no root certificates.
static PLAIN: Mutex<Option<Built>> = Mutex::new(None);
static BUILDING_PLAIN: AtomicU32 = AtomicU32::new(0);
/// The process (its id) one of whose threads is building the shared client, or 0. A process
/// id rather than a flag: a child forked while its parent built does not wait for a thread it
/// does not have.
static BUILDING: AtomicU32 = AtomicU32::new(0);
/// The process that last started [`warm`].
static WARMED: AtomicU32 = AtomicU32::new(0);
/// How long a session waits for another thread's build before building one itself.
const WAIT_FOR_OTHER: Duration = Duration::from_secs(5);

/// Starts building the shared client on a thread of its own, once per process, so that the
/// first session's first request finds it ready (reading the system's certificates takes a few
/// milliseconds, most of them in the certificate folder's files). Called when a face loads and
/// when a session's model is made; a session that needs the client earlier waits for it.
pub fn warm() {
    let pid = std::process::id();
    if WARMED.swap(pid, Ordering::Relaxed) == pid {
        return;
    }
    let spawned = std::thread::Builder::new()
        .name("oxagent-tls-roots".into())
        .spawn(|| {
            let _ = client(false);
        });
    if spawned.is_err() {
        WARMED.store(0, Ordering::Relaxed);
    }
}

/// The client the sessions share, built again if what it read from the environment changed;
/// for a `plain` (`http://`) endpoint and no proxy, the one without root certificates.
pub(crate) fn client(plain: bool) -> reqwest::Result<Client> {
    let key = key_now();
    if plain && !PROXIES.iter().any(|name| std::env::var_os(name).is_some()) {
        return cached(&PLAIN, &BUILDING_PLAIN, key, || {
            reqwest::Client::builder()
                .tls_built_in_root_certs(false)
                .pool_max_idle_per_host(IDLE_PER_HOST)
                .build()
        });
    }
    cached(&CLIENT, &BUILDING, key, || {
        builder().pool_max_idle_per_host(IDLE_PER_HOST).build()
    })
}

/// The client in `slot` when it was built for `key`, else one `build` makes, kept there.
/// While another thread of this process builds one (`building`), it is waited for; the slot's
/// lock is never held while building.
fn cached(
    slot: &Mutex<Option<Built>>,
    building: &AtomicU32,
    key: Key,
    build: impl FnOnce() -> reqwest::Result<Client>,
) -> reqwest::Result<Client> {
    let pid = std::process::id();
    let started = Instant::now();
    loop {
        if let Some(built) = oxagent_core::sync::lock(slot)
            .as_ref()
            .filter(|b| b.key == key)
        {
            return Ok(built.client.clone());
        }
        let claim = building.load(Ordering::Acquire);
        if claim == pid && started.elapsed() < WAIT_FOR_OTHER {
            std::thread::sleep(Duration::from_micros(100));
            continue;
        }
        if building
            .compare_exchange(claim, pid, Ordering::AcqRel, Ordering::Acquire)
            .is_ok()
        {
            break;
        }
    }
    let client = build();
    if let Ok(client) = &client {
        *oxagent_core::sync::lock(slot) = Some(Built {
            key,
            client: client.clone(),
        });
    }
    let _ = building.compare_exchange(pid, 0, Ordering::AcqRel, Ordering::Relaxed);
    client
}

static NO_REDIRECT: Mutex<Option<Built>> = Mutex::new(None);
static BUILDING_NO_REDIRECT: AtomicU32 = AtomicU32::new(0);

/// A client that follows no redirect (a settings file's HTTP hooks), shared like
/// [`client`] and built again when what it read from the environment changed.
pub(crate) fn no_redirect_client() -> reqwest::Result<Client> {
    cached(&NO_REDIRECT, &BUILDING_NO_REDIRECT, key_now(), || {
        // No idle connection is kept: a hook's server must be free to close (a program's
        // own server, closed after the query, waits for its open connections).
        builder()
            .redirect(reqwest::redirect::Policy::none())
            .pool_max_idle_per_host(0)
            .build()
    })
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
    let certs: Vec<Certificate> = pem::load()
        .into_iter()
        .filter(|der| store.add(der.clone().into()).is_ok())
        .filter_map(|der| Certificate::from_der(&der).ok())
        .collect();
    (!certs.is_empty()).then(|| Arc::new(certs))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plain_endpoint_has_a_client_of_its_own_without_roots() {
        if PROXIES.iter().any(|name| std::env::var_os(name).is_some()) {
            return; // a proxy may be https: plain endpoints take the full client then
        }
        client(true).unwrap();
        let key = key_now();
        assert!(oxagent_core::sync::lock(&PLAIN)
            .as_ref()
            .is_some_and(|b| b.key == key));
    }

    #[test]
    fn one_client_is_built_per_environment_it_read() {
        let slot = Mutex::new(None);
        let building = AtomicU32::new(0);
        let mut builds = 0;
        let key = |proxy: Option<&str>| vec![None, proxy.map(OsString::from)];
        let mut get = |k: Key| {
            cached(&slot, &building, k, || {
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
        assert_eq!(building.load(Ordering::Relaxed), 0);
    }

    #[test]
    fn a_build_under_way_in_this_process_is_waited_for_not_repeated() {
        let slot = Mutex::new(None);
        let building = AtomicU32::new(0);
        let builds = AtomicU32::new(0);
        let build = || {
            builds.fetch_add(1, Ordering::SeqCst);
            std::thread::sleep(Duration::from_millis(100));
            builder().build()
        };
        std::thread::scope(|scope| {
            let first = scope.spawn(|| cached(&slot, &building, vec![], build).unwrap());
            while building.load(Ordering::SeqCst) == 0 {
                std::thread::yield_now();
            }
            let second = cached(&slot, &building, vec![], build).unwrap();
            first.join().unwrap();
            drop(second);
        });
        assert_eq!(builds.load(Ordering::SeqCst), 1);
    }

    #[test]
    fn a_build_claimed_by_another_process_is_not_waited_for() {
        // What a child forked while its parent's thread was building finds.
        let slot = Mutex::new(None);
        let building = AtomicU32::new(std::process::id().wrapping_add(1));
        let started = Instant::now();
        cached(&slot, &building, vec![], || builder().build()).unwrap();
        assert!(started.elapsed() < WAIT_FOR_OTHER);
        assert_eq!(building.load(Ordering::Relaxed), 0);
        assert!(oxagent_core::sync::lock(&slot).is_some());
    }

    #[test]
    fn the_shared_client_builds() {
        assert!(client(false).is_ok());
        assert!(client(false).is_ok());
    }
}

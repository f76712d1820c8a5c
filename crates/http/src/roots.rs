//! The system's root certificates, read once per process rather than once per client.
//!
//! reqwest reads them (`rustls-native-certs`) each time a client is built, and every session
//! builds its own client: at 1,000 sessions that was half the CPU of the whole run (opening
//! and decoding the certificate files). The certificates read are kept, those rustls accepts,
//! and handed to each new client; reqwest adds its built-in roots to them as before. They
//! are read again when `SSL_CERT_FILE` or `SSL_CERT_DIR` (where they are read from) change.
//! When none of them is usable the client reads them itself, so it fails as it did.

use std::ffi::OsString;
use std::sync::{Arc, Mutex};

use reqwest::{Certificate, ClientBuilder};

/// Where the certificates were read from, and those usable (None: none was).
struct Read {
    from: (Option<OsString>, Option<OsString>),
    certs: Option<Arc<Vec<Certificate>>>,
}

static ROOTS: Mutex<Option<Read>> = Mutex::new(None);

/// A client builder with the system's root certificates already in it.
pub(crate) fn builder() -> ClientBuilder {
    let builder = reqwest::Client::builder();
    match native() {
        Some(certs) => certs
            .iter()
            .fold(builder.tls_built_in_native_certs(false), |b, cert| {
                b.add_root_certificate(cert.clone())
            }),
        None => builder,
    }
}

fn native() -> Option<Arc<Vec<Certificate>>> {
    let from = (
        std::env::var_os("SSL_CERT_FILE"),
        std::env::var_os("SSL_CERT_DIR"),
    );
    let mut roots = oxagent_core::sync::lock(&ROOTS);
    match roots.as_ref() {
        Some(read) if read.from == from => read.certs.clone(),
        _ => {
            let certs = load().map(Arc::new);
            *roots = Some(Read {
                from,
                certs: certs.clone(),
            });
            certs
        }
    }
}

/// The certificates rustls takes as roots (reqwest passes over the others, as this does).
fn load() -> Option<Vec<Certificate>> {
    let mut store = rustls::RootCertStore::empty();
    let certs: Vec<Certificate> = rustls_native_certs::load_native_certs()
        .certs
        .into_iter()
        .filter(|der| store.add(der.clone()).is_ok())
        .filter_map(|der| Certificate::from_der(&der).ok())
        .collect();
    (!certs.is_empty()).then_some(certs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn certificates_are_read_once_and_every_client_builds() {
        let first = native();
        let again = native();
        match (&first, &again) {
            (Some(a), Some(b)) => assert!(Arc::ptr_eq(a, b)),
            (None, None) => {}
            _ => panic!("the second read differs from the first"),
        }
        assert!(builder().build().is_ok());
    }
}

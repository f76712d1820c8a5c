//! The system's root certificates, read as `rustls-native-certs` reads them on Unix, decoded
//! faster.
//!
//! The paths and the rules are the crate's: `SSL_CERT_FILE` and `SSL_CERT_DIR` when either is
//! set, else what `openssl-probe` finds; the file is read whole, then each directory's entries
//! that resolve to a regular file not read yet (the hash links of `openssl rehash`); the
//! `CERTIFICATE` sections of each, sorted and without duplicates. What differs is the base64
//! decoder: the crate's is constant-time (built for private keys) and took about 3 ms of the
//! first session of a process on a Debian bundle of 144 certificates; the `base64` crate's
//! takes a tenth of that. Root certificates are public, so nothing is lost.

use std::collections::HashSet;
use std::fs;
use std::path::{Path, PathBuf};

use base64::Engine;

const BEGIN: &str = "-----BEGIN CERTIFICATE-----";
const END: &str = "-----END CERTIFICATE-----";

/// The DER of every certificate found, sorted, each once.
pub(super) fn load() -> Vec<Vec<u8>> {
    let (file, dirs) = paths();
    load_from(file.as_deref(), &dirs)
}

/// Where to look: the environment's paths when it names any, else the probed ones.
fn paths() -> (Option<PathBuf>, Vec<PathBuf>) {
    let file = std::env::var_os("SSL_CERT_FILE").map(PathBuf::from);
    let dirs: Vec<PathBuf> = match std::env::var_os("SSL_CERT_DIR") {
        Some(dirs) => std::env::split_paths(&dirs)
            .filter(|p| !p.as_os_str().is_empty())
            .collect(),
        None => Vec::new(),
    };
    if file.is_some() || !dirs.is_empty() {
        return (file, dirs);
    }
    let probed = openssl_probe::probe();
    (probed.cert_file, probed.cert_dir)
}

fn load_from(file: Option<&Path>, dirs: &[PathBuf]) -> Vec<Vec<u8>> {
    let mut certs = Vec::new();
    let mut seen = Seen::default();
    if let Some(file) = file {
        if let Ok(metadata) = fs::metadata(file) {
            seen.first_visit(&metadata);
        }
        read_pem(file, &mut certs);
    }
    for dir in dirs {
        let Ok(entries) = fs::read_dir(dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            // The hash names are links: what counts is the file they lead to.
            match fs::metadata(&path) {
                Ok(metadata) if metadata.is_file() && seen.first_visit(&metadata) => {
                    read_pem(&path, &mut certs)
                }
                _ => {}
            }
        }
    }
    certs.sort_unstable();
    certs.dedup();
    certs
}

/// Files already read, by device and inode.
#[derive(Default)]
struct Seen(HashSet<(u64, u64)>);

impl Seen {
    #[cfg(unix)]
    fn first_visit(&mut self, metadata: &fs::Metadata) -> bool {
        use std::os::unix::fs::MetadataExt;
        self.0.insert((metadata.dev(), metadata.ino()))
    }

    #[cfg(not(unix))]
    fn first_visit(&mut self, _: &fs::Metadata) -> bool {
        true
    }
}

fn read_pem(path: &Path, out: &mut Vec<Vec<u8>>) {
    if let Ok(bytes) = fs::read(path) {
        out.extend(certificates(&bytes));
    }
}

/// The `CERTIFICATE` sections of `text` that decode, read as bytes: a file need not be UTF-8
/// outside them, and a section holding anything but base64 and ASCII whitespace is passed over.
fn certificates(text: &[u8]) -> impl Iterator<Item = Vec<u8>> + '_ {
    let begin = memchr::memmem::Finder::new(BEGIN.as_bytes());
    let end = memchr::memmem::Finder::new(END.as_bytes());
    let mut rest = text;
    let mut b64 = Vec::new();
    std::iter::from_fn(move || loop {
        let start = begin.find(rest)? + BEGIN.len();
        let body = &rest[start..];
        let stop = end.find(body)?;
        rest = &body[stop + END.len()..];
        b64.clear();
        b64.extend(
            body[..stop]
                .iter()
                .copied()
                .filter(|b| !b.is_ascii_whitespace()),
        );
        if let Ok(der) = base64::engine::general_purpose::STANDARD.decode(&b64) {
            if !der.is_empty() {
                return Some(der);
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn crate_view(file: Option<&Path>, dir: Option<&Path>) -> Vec<Vec<u8>> {
        rustls_native_certs::load_certs_from_paths(file, dir)
            .certs
            .into_iter()
            .map(|c| c.to_vec())
            .collect()
    }

    #[test]
    fn the_system_roots_are_those_rustls_native_certs_reads() {
        let ours = load();
        let theirs: Vec<Vec<u8>> = rustls_native_certs::load_native_certs()
            .certs
            .into_iter()
            .map(|c| c.to_vec())
            .collect();
        assert_eq!(ours, theirs);
    }

    #[test]
    fn a_folder_of_links_copies_and_other_sections_reads_as_the_crate_reads_it() {
        let ours_and_theirs = |file: Option<&Path>, dir: &Path| {
            (
                load_from(file, &[dir.to_path_buf()]),
                crate_view(file, Some(dir)),
            )
        };
        let system = load();
        if system.len() < 3 {
            return; // no system certificates to build the folder from
        }
        let pem = |der: &[u8]| {
            let b64 = base64::engine::general_purpose::STANDARD.encode(der);
            let lines: Vec<&str> = b64
                .as_bytes()
                .chunks(64)
                .map(|c| std::str::from_utf8(c).unwrap())
                .collect();
            format!("{BEGIN}\n{}\n{END}\n", lines.join("\n"))
        };
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("certs");
        fs::create_dir(&dir).unwrap();
        let bundle = tmp.path().join("bundle.pem");
        fs::write(
            &bundle,
            format!(
                "# a comment\n{}-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n{}",
                pem(&system[0]),
                pem(&system[1])
            ),
        )
        .unwrap();
        fs::write(dir.join("one.crt"), pem(&system[1])).unwrap();
        fs::write(dir.join("two.crt"), pem(&system[2]) + &pem(&system[0])).unwrap();
        fs::write(dir.join("copy.crt"), pem(&system[2])).unwrap();
        fs::write(dir.join("notes.txt"), "no certificate here\n").unwrap();
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(dir.join("two.crt"), dir.join("abcd1234.0")).unwrap();
            std::os::unix::fs::symlink(&bundle, dir.join("bundle.pem")).unwrap();
            std::os::unix::fs::symlink(dir.join("gone.crt"), dir.join("dangling.0")).unwrap();
        }
        fs::create_dir(dir.join("sub")).unwrap();
        let (ours, theirs) = ours_and_theirs(Some(&bundle), &dir);
        assert_eq!(ours.len(), 3);
        assert_eq!(ours, theirs);
        let (ours, theirs) = ours_and_theirs(None, &dir);
        assert_eq!(ours, theirs);
    }

    #[test]
    fn a_section_that_does_not_decode_is_passed_over() {
        let text = format!("{BEGIN}\n!!!!\n{END}\n{BEGIN}\nAQID\n{END}\n{BEGIN}\nAQ");
        assert_eq!(
            certificates(text.as_bytes()).collect::<Vec<_>>(),
            vec![vec![1, 2, 3]]
        );
    }
}

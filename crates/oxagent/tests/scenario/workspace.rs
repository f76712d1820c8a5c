//! A scratch root for one scenario: `ws/` (the session's cwd), `home/`, `tmp/`.

use std::path::{Path, PathBuf};
use std::time::{Duration, UNIX_EPOCH};

use base64::Engine;
use serde_json::{json, Map, Value};

pub struct Workspace {
    _dir: tempfile::TempDir,
    pub root: PathBuf,
    pub ws: PathBuf,
    pub home: PathBuf,
    pub tmp: PathBuf,
    /// The scripted server's port, once it listens: only its address reads `<MOCK_HOST>`
    /// (a scenario's own servers keep theirs, as the harness's normalizer leaves them).
    pub mock_port: std::sync::OnceLock<u16>,
}

impl Workspace {
    pub fn new() -> Self {
        // The shape of the harness's scratch root (`conf-` and 8 characters): token
        // estimates of tool calls that carry its paths then match the recorded ones.
        let dir = tempfile::Builder::new()
            .prefix("conf-")
            .rand_bytes(8)
            .tempdir()
            .unwrap();
        let root = dir.path().canonicalize().unwrap();
        let (ws, home, tmp) = (root.join("ws"), root.join("home"), root.join("tmp"));
        for d in [&ws, &home, &tmp] {
            std::fs::create_dir_all(d).unwrap();
        }
        Workspace {
            _dir: dir,
            root,
            ws,
            home,
            tmp,
            mock_port: std::sync::OnceLock::new(),
        }
    }

    fn subst(&self, s: &str) -> String {
        s.replace("<WS>", &self.ws.to_string_lossy())
            .replace("<HOME>", &self.home.to_string_lossy())
            .replace("<ROOT>", &self.root.to_string_lossy())
    }

    /// Replaces the placeholders everywhere in a scenario.
    pub fn resolve(&self, v: &Value) -> Value {
        match v {
            Value::String(s) => Value::String(self.subst(s)),
            Value::Array(a) => Value::Array(a.iter().map(|x| self.resolve(x)).collect()),
            Value::Object(m) => Value::Object(
                m.iter()
                    .map(|(k, x)| (self.subst(k), self.resolve(x)))
                    .collect(),
            ),
            other => other.clone(),
        }
    }

    fn lay_files(&self, base: &Path, files: Option<&Value>) {
        let Some(Value::Object(files)) = files else {
            return;
        };
        for (rel, spec) in files {
            let path = base.join(rel);
            if rel.ends_with('/') {
                std::fs::create_dir_all(&path).unwrap();
                continue;
            }
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            match spec {
                Value::String(text) => std::fs::write(&path, text).unwrap(),
                Value::Object(o) if o.contains_key("base64") => {
                    let bytes = base64::engine::general_purpose::STANDARD
                        .decode(o["base64"].as_str().unwrap())
                        .unwrap();
                    std::fs::write(&path, bytes).unwrap();
                }
                Value::Object(o) if o.contains_key("repeat") => {
                    let unit = o["repeat"].as_str().unwrap();
                    std::fs::write(&path, unit.repeat(o["times"].as_u64().unwrap() as usize))
                        .unwrap();
                }
                Value::Object(o) if o.contains_key("symlink") => {
                    std::os::unix::fs::symlink(o["symlink"].as_str().unwrap(), &path).unwrap();
                }
                Value::Object(o) if o.contains_key("text") => {
                    std::fs::write(&path, o["text"].as_str().unwrap()).unwrap();
                    if let Some(mode) = o.get("mode").and_then(Value::as_str) {
                        use std::os::unix::fs::PermissionsExt;
                        let bits = u32::from_str_radix(mode, 8).unwrap();
                        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(bits))
                            .unwrap();
                    }
                }
                other => panic!("unknown file spec {other}"),
            }
        }
    }

    pub fn lay(&self, scenario: &Value) {
        self.lay_files(&self.ws, scenario.get("files"));
        self.lay_files(&self.root, scenario.get("outside_files"));
        self.lay_files(&self.home, scenario.get("home_files"));
        if let Some(Value::Object(mtimes)) = scenario.get("mtimes") {
            for (rel, t) in mtimes {
                let f = std::fs::File::options()
                    .write(true)
                    .open(self.ws.join(rel))
                    .unwrap();
                f.set_modified(UNIX_EPOCH + Duration::from_secs(t.as_u64().unwrap()))
                    .unwrap();
            }
        }
    }

    /// Our paths back to the placeholders the reference traces use.
    pub fn normalize(&self, v: &Value) -> Value {
        match v {
            Value::String(s) => {
                let s = mock_host(s, self.mock_port.get().copied());
                let s = s
                    .replace(&sanitized(&self.ws), "<WS-SANITIZED>")
                    .replace(&*self.ws.to_string_lossy(), "<WS>")
                    .replace(&*self.home.to_string_lossy(), "<HOME>")
                    .replace(&*self.root.to_string_lossy(), "<ROOT>")
                    .replace(&format!("claude-{}/", uid()), "claude-<UID>/");
                Value::String(result_ids(&durations(&token_estimates(&uuids_replaced(
                    &s,
                )))))
            }
            Value::Array(a) => Value::Array(a.iter().map(|x| self.normalize(x)).collect()),
            Value::Object(m) => Value::Object(
                m.iter()
                    .map(|(k, x)| match k.as_str() {
                        // The reference's estimates of its own context (see normalize.py).
                        "post_tokens" | "cumulative_dropped_tokens" => {
                            (k.clone(), json!("<TOKEN-ESTIMATE>"))
                        }
                        _ => (k.clone(), self.normalize(x)),
                    })
                    .collect(),
            ),
            other => other.clone(),
        }
    }

    /// Text files of the workspace (the traces' `files` section, text entries only).
    pub fn files(&self) -> Value {
        let mut out = Map::new();
        walk(&self.ws, &self.ws, &mut out);
        Value::Object(out)
    }
}

fn walk(root: &Path, dir: &Path, out: &mut Map<String, Value>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut empty = true;
    for e in entries.flatten() {
        empty = false;
        let p = e.path();
        let rel = p.strip_prefix(root).unwrap().to_string_lossy().to_string();
        let meta = std::fs::symlink_metadata(&p).unwrap();
        if meta.file_type().is_symlink() {
            out.insert(
                rel,
                json!({"symlink": std::fs::read_link(&p).unwrap().to_string_lossy()}),
            );
        } else if meta.is_dir() {
            walk(root, &p, out);
        } else {
            let bytes = std::fs::read(&p).unwrap();
            match String::from_utf8(bytes.clone()) {
                Ok(text) if bytes.len() <= 32 * 1024 => {
                    out.insert(rel, json!(text));
                }
                _ => {
                    out.insert(rel, json!({"size": bytes.len()}));
                }
            }
        }
    }
    if empty && dir != root {
        out.insert(
            format!("{}/", dir.strip_prefix(root).unwrap().to_string_lossy()),
            Value::Null,
        );
    }
}

/// The reference's "sanitized" form of a path: every non-alphanumeric character -> `-`.
fn sanitized(p: &Path) -> String {
    p.to_string_lossy()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect()
}

fn uid() -> u32 {
    std::os::unix::fs::MetadataExt::uid(&std::fs::metadata("/proc/self").unwrap())
}

/// Every UUID in `s` -> `<UUID>`.
fn uuids_replaced(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        if s.is_char_boundary(i)
            && i + 36 <= s.len()
            && s.is_char_boundary(i + 36)
            && is_uuid(&s[i..i + 36])
        {
            out.push_str("<UUID>");
            i += 36;
        } else {
            let c = s[i..].chars().next().unwrap();
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

/// `this conversation is only ~123 tokens` -> `~<TOKEN-ESTIMATE>` (the reference's estimate
/// of its own context, see normalize.py).
/// Times inside texts (`duration_ms: 425`, `<duration_ms>425</duration_ms>`) -> `<N>`, as the
/// harness normalizes them.
fn durations(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    loop {
        let next = ["duration_ms: ", "<duration_ms>"]
            .iter()
            .filter_map(|m| rest.find(m).map(|i| (i, m.len())))
            .min();
        let Some((at, len)) = next else {
            out.push_str(rest);
            return out;
        };
        out.push_str(&rest[..at + len]);
        rest = &rest[at + len..];
        let digits = rest.chars().take_while(char::is_ascii_digit).count();
        if digits > 0 {
            out.push_str("<N>");
        }
        rest = &rest[digits..];
    }
}

fn token_estimates(s: &str) -> String {
    const AT: &str = "this conversation is only ~";
    let Some(start) = s.find(AT) else {
        return s.to_string();
    };
    let digits = s[start + AT.len()..]
        .chars()
        .take_while(char::is_ascii_digit)
        .count();
    format!(
        "{}<TOKEN-ESTIMATE>{}",
        &s[..start + AT.len()],
        &s[start + AT.len() + digits..]
    )
}

fn is_uuid(s: &str) -> bool {
    s.len() == 36
        && s.char_indices().all(|(i, c)| {
            if [8, 13, 18, 23].contains(&i) {
                c == '-'
            } else {
                c.is_ascii_hexdigit()
            }
        })
}

/// `127.0.0.1:PORT` -> `<MOCK_HOST>`, as the traces have it (`port`: only that port).
fn mock_host(s: &str, port: Option<u16>) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find("127.0.0.1:") {
        out.push_str(&rest[..i]);
        let after = &rest[i + "127.0.0.1:".len()..];
        let digits = after.chars().take_while(char::is_ascii_digit).count();
        let ours = port.is_none_or(|p| after[..digits].parse::<u16>() == Ok(p));
        if digits > 0 && ours {
            out.push_str("<MOCK_HOST>");
            rest = &after[digits..];
        } else {
            out.push_str("127.0.0.1:");
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

/// `tool-results/<id>.<ext>` -> `tool-results/<RESULT_ID>.<ext>`: a saved output's name
/// (letters, digits, `_` and `-`), as the shared harness's normalizer reads it.
fn result_ids(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(at) = rest.find("tool-results/") {
        let (head, tail) = rest.split_at(at + "tool-results/".len());
        out.push_str(head);
        let end = tail
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
            .unwrap_or(tail.len());
        if end > 0 {
            out.push_str("<RESULT_ID>");
        }
        rest = &tail[end..];
    }
    out.push_str(rest);
    out
}

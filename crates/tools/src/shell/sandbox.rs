//! The Bash sandbox (`sandbox: {"enabled": true}`), on bubblewrap.
//!
//! A sandboxed command sees the whole file system read-only, except the session's working
//! directories and its own temporary folder (`$TMPDIR`, the session's task folder); the
//! project's `.claude` folder stays read-only inside them, so a command cannot change the
//! settings that rule it. `excludedCommands` run outside, as does a call with
//! `dangerouslyDisableSandbox` once the user allows it (unless `allowUnsandboxedCommands`
//! is false, which keeps every command inside). A sandboxed command has no network of its
//! own: it reaches hosts through the session's proxy, under the `network` rules (see
//! [`super::net`]).
//!
//! ```text
//! bwrap --ro-bind / / --dev /dev --proc /proc --bind <cwd> <cwd> ... --ro-bind <cwd>/.claude ...
//!       --unshare-net --setenv HTTP_PROXY ... --setenv TMPDIR <task root> --die-with-parent
//!       -- <shell> -c <net wrapper> <socat> <proxy socket> <shell> -c <wrapper> ...
//! ```

use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde_json::Value;

use super::net::{NetRun, Network, Policy};

/// The sandbox settings of a session.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Sandbox {
    /// `bwrap`, as found on the PATH when the session started (`None`: not installed).
    pub bwrap: Option<PathBuf>,
    /// Folders a command may write in besides the working directory (added directories).
    pub writable: Vec<PathBuf>,
    /// `excludedCommands`: a command that is one of these (or starts with the word before
    /// `:*`) runs outside.
    pub excluded: Vec<String>,
    /// `allowUnsandboxedCommands` (default true): `dangerouslyDisableSandbox` is honoured.
    pub allow_unsandboxed: bool,
    /// The session's network: the proxy and its rules.
    pub network: Option<Arc<Network>>,
}

impl Sandbox {
    /// The sandbox the `sandbox` settings ask for; `None` when not enabled.
    pub fn from_settings(settings: &Value, writable: Vec<PathBuf>) -> Option<Sandbox> {
        if settings.get("enabled").and_then(Value::as_bool) != Some(true) {
            return None;
        }
        let excluded = settings
            .get("excludedCommands")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .map(str::to_string)
            .collect();
        Some(Sandbox {
            bwrap: find_on_path("bwrap"),
            writable,
            excluded,
            allow_unsandboxed: settings
                .get("allowUnsandboxedCommands")
                .and_then(Value::as_bool)
                .unwrap_or(true),
            network: Some(Arc::new(Network::new(
                Policy::from_settings(settings.get("network")),
                find_on_path("socat"),
            ))),
        })
    }

    /// Whether `command` runs outside the sandbox: excluded, or asked to with
    /// `dangerouslyDisableSandbox` where that is allowed.
    pub fn runs_outside(&self, command: &str, disable: bool) -> bool {
        (disable && self.allow_unsandboxed) || self.excludes(command)
    }

    /// A line runs outside when each of its commands is excluded (`curl x; echo` stays in).
    fn excludes(&self, command: &str) -> bool {
        if self.excluded.is_empty() {
            return false;
        }
        let parsed = oxagent_core::rules::shell::parse(command);
        !parsed.commands.is_empty() && parsed.commands.iter().all(|c| self.excludes_one(&c.text))
    }

    fn excludes_one(&self, command: &str) -> bool {
        let command = command.trim();
        self.excluded.iter().any(|e| match e.strip_suffix(":*") {
            Some(prefix) => {
                command == prefix
                    || command
                        .strip_prefix(prefix)
                        .is_some_and(|rest| rest.starts_with(char::is_whitespace))
            }
            None => command == e,
        })
    }

    /// The `bwrap` arguments (up to `--`) that run a command in `cwd` inside the sandbox,
    /// with `tmp` as its writable temporary folder and `net` its way to the proxy (none: no
    /// network at all). Creates the folders it binds.
    pub fn args(
        &self,
        cwd: &Path,
        tmp: &Path,
        net: Option<&NetRun>,
    ) -> std::io::Result<Vec<String>> {
        std::fs::create_dir_all(tmp)?;
        // The record of what sandboxed commands wrote, where the reference keeps it.
        let claude = cwd.join(".claude");
        std::fs::create_dir_all(claude.join(".cc-writes"))?;
        let mut args: Vec<String> = ["--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc"]
            .map(String::from)
            .to_vec();
        let mut bind = |flag: &str, p: &Path| {
            let p = p.display().to_string();
            args.extend([flag.to_string(), p.clone(), p]);
        };
        for dir in std::iter::once(cwd).chain(self.writable.iter().map(PathBuf::as_path)) {
            if dir.is_dir() {
                bind("--bind", dir);
            }
        }
        bind("--bind", tmp);
        bind("--ro-bind", &claude);
        args.push("--unshare-net".into());
        for (key, value) in net.iter().flat_map(|n| &n.env) {
            args.extend(["--setenv".into(), key.clone(), value.clone()]);
        }
        args.extend(
            [
                "--setenv",
                "TMPDIR",
                &tmp.display().to_string(),
                "--die-with-parent",
                "--",
            ]
            .map(String::from),
        );
        Ok(args)
    }
}

/// The first `name` on the PATH.
pub(crate) fn find_on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn settings_and_exclusions() {
        assert_eq!(
            Sandbox::from_settings(&json!({"enabled": false}), vec![]),
            None
        );
        let s = Sandbox::from_settings(
            &json!({"enabled": true, "excludedCommands": ["touch", "git:*"]}),
            vec![],
        )
        .unwrap();
        assert!(s.allow_unsandboxed);
        assert!(s.runs_outside("touch", false));
        assert!(!s.runs_outside("touch a.txt", false));
        assert!(s.runs_outside("git status", false));
        assert!(s.runs_outside("git", false));
        assert!(!s.runs_outside("gitk", false));
        assert!(s.runs_outside("git status && git log", false));
        assert!(!s.runs_outside("git status; echo done", false));
        assert!(s.runs_outside("ls", true));
        let strict = Sandbox::from_settings(
            &json!({"enabled": true, "allowUnsandboxedCommands": false}),
            vec![],
        )
        .unwrap();
        assert!(!strict.runs_outside("ls", true));
    }

    #[test]
    fn the_working_directory_is_writable_and_its_settings_are_not() {
        let dir = tempfile::tempdir().unwrap();
        let (cwd, tmp) = (dir.path().join("ws"), dir.path().join("tmp"));
        std::fs::create_dir_all(&cwd).unwrap();
        let s = Sandbox::from_settings(&json!({"enabled": true}), vec![]).unwrap();
        let args = s.args(&cwd, &tmp, None).unwrap();
        let joined = args.join(" ");
        let (c, t) = (cwd.display(), tmp.display());
        assert!(joined.starts_with("--ro-bind / / --dev /dev --proc /proc"));
        assert!(joined.contains(&format!(
            "--bind {c} {c} --bind {t} {t} --ro-bind {c}/.claude {c}/.claude --unshare-net"
        )));
        assert!(joined.ends_with(&format!("--setenv TMPDIR {t} --die-with-parent --")));
        assert!(cwd.join(".claude/.cc-writes").is_dir());
    }
}

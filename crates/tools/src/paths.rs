//! Path handling shared by the tools: how a `file_path` or `path` input becomes an absolute
//! path, and how paths are shown back to the model.
//!
//! ```
//! use std::path::Path;
//! use oxagent_tools::paths::{resolve, display_path, sanitize};
//! let cwd = Path::new("/ws");
//! assert_eq!(resolve("src/../notes.txt", cwd), Path::new("/ws/notes.txt"));
//! assert_eq!(display_path(Path::new("/ws/src/a.py"), cwd), "src/a.py");
//! assert_eq!(display_path(Path::new("/elsewhere/b"), cwd), "/elsewhere/b");
//! assert_eq!(sanitize(Path::new("/tmp/my ws")), "-tmp-my-ws");
//! ```

use std::path::{Path, PathBuf};

/// The user's home directory, from `$HOME`.
pub fn home_dir() -> Option<PathBuf> {
    std::env::var_os("HOME")
        .filter(|h| !h.is_empty())
        .map(PathBuf::from)
}

/// Expands a leading `~` (from `$HOME`), joins a relative path onto `cwd` and removes
/// `.`/`..` components lexically (without touching the file system), as the reference does
/// before any check: the rule engine's [`oxagent_core::rules::path::resolve`].
pub fn resolve(input: &str, cwd: &Path) -> PathBuf {
    oxagent_core::rules::path::resolve(input, cwd, home_dir().as_deref())
}

pub use oxagent_core::rules::path::{normalize, real_path};

/// `path` relative to `cwd` when it lies under it, otherwise the absolute path.
pub fn display_path(path: &Path, cwd: &Path) -> String {
    match path.strip_prefix(cwd) {
        Ok(rel) if !rel.as_os_str().is_empty() => rel.to_string_lossy().into_owned(),
        _ => path.to_string_lossy().into_owned(),
    }
}

/// A path turned into one directory name: every character that is not an ASCII letter or
/// digit becomes `-` (the layout the reference uses under `~/.claude/projects` and `$TMPDIR`).
pub fn sanitize(path: &Path) -> String {
    path.to_string_lossy()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect()
}

/// A byte count the way the reference prints sizes: `512 bytes`, `312.5KB`, `256KB`, `1.2MB`.
pub fn format_size(bytes: u64) -> String {
    fn one_decimal(v: f64) -> String {
        let s = format!("{v:.1}");
        s.strip_suffix(".0").map(str::to_string).unwrap_or(s)
    }
    const KB: f64 = 1024.0;
    let b = bytes as f64;
    if b < KB {
        format!("{bytes} bytes")
    } else if b < KB * KB {
        format!("{}KB", one_decimal(b / KB))
    } else if b < KB * KB * KB {
        format!("{}MB", one_decimal(b / KB / KB))
    } else {
        format!("{}GB", one_decimal(b / KB / KB / KB))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolve_handles_dots_doubles_and_parents() {
        let cwd = Path::new("/root/ws");
        assert_eq!(
            resolve("/root/ws//src/./app.js", cwd),
            Path::new("/root/ws/src/app.js")
        );
        assert_eq!(resolve("../outside/x", cwd), Path::new("/root/outside/x"));
        assert_eq!(
            resolve("./src/app.js", cwd),
            Path::new("/root/ws/src/app.js")
        );
        assert_eq!(resolve("/../../x", cwd), Path::new("/x"));
    }

    #[test]
    fn sizes_read_like_the_reference() {
        assert_eq!(format_size(320_000), "312.5KB");
        assert_eq!(format_size(262_144), "256KB");
        assert_eq!(format_size(10), "10 bytes");
        assert_eq!(format_size(108_851), "106.3KB");
    }
}

//! A file write whose path is itself a symbolic link is refused in every mode: the change
//! would land at the link's target, which is not the path that was approved.
//!
//! ```
//! use oxagent_core::permission::{PermissionContext, write_target::symlink_refusal};
//! use oxagent_core::PermissionMode;
//! let ctx = PermissionContext::new("/nonexistent-ws", PermissionMode::BypassPermissions);
//! let input = serde_json::json!({"file_path": "/nonexistent-ws/plain.txt"});
//! assert_eq!(symlink_refusal("Write", &input, &ctx), None);
//! ```

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::rules::call_path;
use crate::rules::path::{normalize, resolve};

use super::denial::Denial;
use super::PermissionContext;

/// The stated reason of [`symlink_refusal`].
pub const SYMLINK_REASON: &str = "Write target is a symbolic link";

/// The refusal of a Write or Edit whose path is a symbolic link to anything but a
/// directory (a dangling link included).
pub fn symlink_refusal(tool: &str, input: &Value, ctx: &PermissionContext) -> Option<Denial> {
    if !matches!(tool, "Write" | "Edit") {
        return None;
    }
    let path = resolve(call_path(input)?, &ctx.cwd, ctx.home.as_deref());
    let meta = std::fs::symlink_metadata(&path).ok()?;
    if !meta.file_type().is_symlink() || path.is_dir() {
        return None;
    }
    Some(Denial {
        message: format!(
            "Refusing to write {}: it is a symbolic link. Write to the link's target path instead: {}.",
            path.display(),
            link_target(&path).display()
        ),
        reason_type: Some("other".into()),
        reason: Some(SYMLINK_REASON.into()),
        code: None,
        unanswered: false,
    })
}

/// Where a link finally leads: every link on the way followed, as far as the path exists.
fn link_target(link: &Path) -> PathBuf {
    if let Ok(real) = std::fs::canonicalize(link) {
        return real;
    }
    let Ok(next) = std::fs::read_link(link) else {
        return link.to_path_buf();
    };
    let next = normalize(&link.parent().unwrap_or(link).join(next));
    // A dangling link: its directory's real path, and the missing name.
    match (next.parent(), next.file_name()) {
        (Some(dir), Some(name)) => std::fs::canonicalize(dir)
            .map(|d| d.join(name))
            .unwrap_or(next.clone()),
        _ => next,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::PermissionMode;
    use serde_json::json;
    use std::os::unix::fs::symlink;

    #[test]
    fn links_to_files_and_dangling_links_are_refused_whole_chain_followed() {
        let root = tempfile::tempdir().unwrap();
        let root = std::fs::canonicalize(root.path()).unwrap();
        let ws = root.join("ws");
        std::fs::create_dir_all(ws.join("sub")).unwrap();
        std::fs::write(ws.join("sub/a.txt"), "A").unwrap();
        symlink("sub/a.txt", ws.join("lin_file")).unwrap();
        symlink("lin_file", ws.join("lchain")).unwrap();
        symlink("sub/nothing.txt", ws.join("dangling")).unwrap();
        symlink("sub", ws.join("lin_dir")).unwrap();
        let ctx = PermissionContext::new(&ws, PermissionMode::BypassPermissions);
        let refusal = |tool: &str, path: &str| {
            symlink_refusal(tool, &json!({"file_path": path}), &ctx).map(|d| d.message)
        };
        let ws_s = ws.display();
        assert_eq!(
            refusal("Write", "lchain"),
            Some(format!("Refusing to write {ws_s}/lchain: it is a symbolic link. Write to the link's target path instead: {ws_s}/sub/a.txt."))
        );
        assert_eq!(
            refusal("Edit", "./dangling"),
            Some(format!("Refusing to write {ws_s}/dangling: it is a symbolic link. Write to the link's target path instead: {ws_s}/sub/nothing.txt."))
        );
        let d = symlink_refusal("Write", &json!({"file_path": "lin_file"}), &ctx).unwrap();
        assert_eq!(
            (d.reason_type.as_deref(), d.reason.as_deref()),
            (Some("other"), Some("Write target is a symbolic link"))
        );
        // A link to a directory is the directory check's business; Read never writes.
        assert_eq!(refusal("Write", "lin_dir"), None);
        assert_eq!(refusal("Read", "lin_file"), None);
        assert_eq!(refusal("Write", "lin_dir/new.txt"), None);
    }
}

//! The root check of `bypassPermissions`.
//!
//! The reference's CLI refuses `bypassPermissions` (from the options, or a settings file's
//! `defaultMode`) and `allow_dangerously_skip_permissions` when the process runs as root,
//! unless the session's environment has `IS_SANDBOX=1` or `CLAUDE_CODE_BUBBLEWRAP` set.
//!
//! ```
//! # use std::collections::BTreeMap;
//! use oxagent_core::PermissionMode;
//! use oxagent_settings::Settings;
//! let sandbox: BTreeMap<String, String> = [("IS_SANDBOX".into(), "1".into())].into();
//! let mode = Some(PermissionMode::BypassPermissions);
//! assert!(Settings::default().check_bypass(mode, false, &sandbox).is_ok());
//! ```

use std::collections::BTreeMap;

use oxagent_core::PermissionMode;

use crate::Settings;

/// The session asked to bypass permissions as root, outside a sandbox. Its text is the
/// reference's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error(
    "--dangerously-skip-permissions cannot be used with root/sudo privileges for security reasons"
)]
pub struct BypassRefused;

impl Settings {
    /// Refuses bypassing permissions as root outside a sandbox. `options_mode` is the mode
    /// the options name (else the settings' `defaultMode` counts); `env` is the session's
    /// environment.
    pub fn check_bypass(
        &self,
        options_mode: Option<PermissionMode>,
        allow_dangerously_skip_permissions: bool,
        env: &BTreeMap<String, String>,
    ) -> Result<(), BypassRefused> {
        let mode = options_mode.or(self.default_mode);
        let asked =
            mode == Some(PermissionMode::BypassPermissions) || allow_dangerously_skip_permissions;
        if !asked || !running_as_root() {
            return Ok(());
        }
        let sandboxed = env.get("IS_SANDBOX").is_some_and(|v| v == "1")
            || env
                .get("CLAUDE_CODE_BUBBLEWRAP")
                .is_some_and(|v| !v.is_empty());
        if sandboxed {
            return Ok(());
        }
        Err(BypassRefused)
    }
}

/// Whether the effective user is root (`/proc/self` belongs to the effective uid).
fn running_as_root() -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        std::fs::metadata("/proc/self").is_ok_and(|m| m.uid() == 0)
    }
    #[cfg(not(unix))]
    {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bypass_as_root_needs_a_sandbox() {
        let bypass = Some(PermissionMode::BypassPermissions);
        let none = Settings::default();
        let env = BTreeMap::new();
        let refused = none.check_bypass(bypass, false, &env);
        assert_eq!(refused.is_err(), running_as_root());
        if let Err(e) = refused {
            assert_eq!(
                e.to_string(),
                "--dangerously-skip-permissions cannot be used with root/sudo privileges for security reasons"
            );
        }
        assert_eq!(
            none.check_bypass(None, true, &env).is_err(),
            running_as_root()
        );
        let from_file = Settings {
            default_mode: bypass,
            ..Settings::default()
        };
        assert_eq!(
            from_file.check_bypass(None, false, &env).is_err(),
            running_as_root()
        );
        let plan = Some(PermissionMode::Plan);
        assert!(from_file.check_bypass(plan, false, &env).is_ok());
        let sandbox: BTreeMap<String, String> = [("IS_SANDBOX".into(), "1".into())].into();
        assert!(none.check_bypass(bypass, false, &sandbox).is_ok());
        assert!(none.check_bypass(None, false, &env).is_ok());
    }
}

//! oxagent-settings: what a session reads from Claude Code's files on disk.
//!
//! - [`Settings`]: the settings files `setting_sources` selects and the `settings` option,
//!   turned into `SessionConfig` fields (permission rules, `defaultMode`,
//!   `additionalDirectories`, `env`, shell-command hooks), and the root check of
//!   `bypassPermissions` ([`BypassRefused`]).
//! - [`SettingsAnswers`]: the control requests those files answer themselves (their command
//!   hooks' `hook_callback`, `persist_permissions` updates written back to them), as an
//!   [`oxagent_core::host::LocalAnswers`].
//! - [`attach_memory`]: CLAUDE.md instructions, their `@path` imports, the nested files
//!   tools reach, and the `/context` entries.
//!
//! The crate knows nothing of the facade's options: it takes the session's cwd, home
//! folder, environment and the few option values it reads as plain arguments.
//!
//! ```no_run
//! # use std::collections::BTreeMap;
//! # use std::path::Path;
//! # fn demo(mut config: oxagent_core::config::SessionConfig, mut env: BTreeMap<String, String>)
//! # -> Result<(), oxagent_settings::BypassRefused> {
//! use oxagent_settings::{attach_memory, Settings};
//! let (cwd, home) = (config.cwd.clone(), Path::new("/home/me"));
//! let settings = Settings::load(&cwd, home, None, None);
//! settings.apply_env(&mut env);
//! settings.check_bypass(None, false, &env)?;
//! settings.apply(&mut config, None, home);
//! let answers = settings.answers(&cwd, home, std::sync::Arc::new(env));
//! let mut session = oxagent_core::Session::new(config);
//! attach_memory(&mut session, home, None);
//! # let _ = answers;
//! # Ok(())
//! # }
//! ```

mod answers;
mod bypass;
mod files;
mod hook_schema;
mod managed;
mod mcp_files;
mod memory;
mod permission_updates;
mod problems;
pub mod schema;
mod update;

pub use answers::SettingsAnswers;
pub use bypass::BypassRefused;
pub use files::{HttpHook, HttpHookPolicy, McpToolHook, PromptHook, Settings};
pub use mcp_files::{project_trust, set_server_disabled, FileServers, McpFiles};
pub use memory::attach_memory;
pub use update::update_settings;

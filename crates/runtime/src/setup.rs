//! Turns [`Options`] into what a session runs on: its environment, its settings (read by
//! `oxagent_settings`) and its configuration (its tools: see `toolset`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use oxagent_core::clock::Clock;
use oxagent_core::compact::CompactionSettings;
use oxagent_core::config::{RunAs, SessionConfig, DEFAULT_MODEL};
use oxagent_core::prompts;
use oxagent_core::protocol::stream_json::Face;
use oxagent_core::PermissionMode;
use oxagent_settings::Settings;
use serde_json::json;

use oxagent_options::{Options, SystemPrompt};
use oxagent_options::{OptionsError, OptionsErrorKind};

/// The environment the session sees: the process environment with the options' `env` over it.
pub(crate) fn effective_env(options: &Options) -> BTreeMap<String, String> {
    let mut env: BTreeMap<String, String> = std::env::vars().collect();
    env.extend(options.env.clone());
    env
}

/// `env` as one `Arc`, the one the session before held when the two are the same: the
/// sessions of a process mostly see the same environment (about 4 KB of strings each).
pub(crate) fn shared_env(env: BTreeMap<String, String>) -> Arc<BTreeMap<String, String>> {
    static LAST: Mutex<Option<Arc<BTreeMap<String, String>>>> = Mutex::new(None);
    interned(&LAST, env)
}

/// `env` as the `Arc` in `slot` when it holds the same, else as a new one kept there.
fn interned(
    slot: &Mutex<Option<Arc<BTreeMap<String, String>>>>,
    env: BTreeMap<String, String>,
) -> Arc<BTreeMap<String, String>> {
    let mut last = oxagent_core::sync::lock(slot);
    if let Some(same) = last.as_ref().filter(|l| ***l == env) {
        return same.clone();
    }
    let env = Arc::new(env);
    *last = Some(env.clone());
    env
}

/// `host:port` of `ANTHROPIC_BASE_URL` when it names another host than Anthropic's API (the
/// port the scheme implies when none is written).
fn gateway(env: &BTreeMap<String, String>) -> Option<String> {
    let (scheme, rest) = env.get("ANTHROPIC_BASE_URL")?.split_once("://")?;
    let authority = rest.split(['/', '?', '#']).next()?;
    let authority = authority.rsplit('@').next()?;
    let (host, port) = match authority.rsplit_once(':') {
        Some((h, p)) if !p.contains(']') => (h, Some(p.to_string())),
        _ => (authority, None),
    };
    if host.is_empty() || host.eq_ignore_ascii_case("api.anthropic.com") {
        return None;
    }
    let port = port.or(match scheme.to_ascii_lowercase().as_str() {
        "https" => Some("443".into()),
        "http" => Some("80".into()),
        _ => None,
    });
    Some(match port {
        Some(port) => format!("{host}:{port}"),
        None => host.to_string(),
    })
}

/// The settings files and the `settings` option the options select (and the plugins'
/// hooks), their `env` put over
/// `env`; refused when they ask to bypass permissions as root outside a sandbox.
pub(crate) fn settings(
    options: &Options,
    plugins: &[crate::plugins::Plugin],
    env: &mut BTreeMap<String, String>,
) -> Result<Settings, OptionsError> {
    let mut settings = Settings::load(
        &config_root(options, &session_cwd(options)),
        &oxagent_sessions::start::home(env),
        options.setting_sources.as_deref(),
        options.settings.as_deref(),
    )
    .with_managed(options.managed_settings.as_ref());
    for p in plugins {
        if let Some(doc) = &p.hooks {
            settings.add_plugin_hooks(&p.root, &p.info.name, doc);
        }
    }
    settings.apply_env(env);
    // A `settings` option that is not a JSON object names a file, which must exist
    // (vk_st_invalid_json).
    if let Some(text) = options.settings.as_deref().map(str::trim) {
        let path = session_cwd(options).join(text);
        if !text.starts_with('{') && !path.exists() {
            return Err(OptionsError::new(
                OptionsErrorKind::Refused,
                "settings",
                format!("Settings file not found: {}", path.display()),
            ));
        }
    }
    let skip = options.allow_dangerously_skip_permissions;
    settings
        .check_bypass(options.permission_mode, skip, env)
        .map_err(|e| {
            OptionsError::new(OptionsErrorKind::Value, "permission_mode", e.to_string())
        })?;
    Ok(settings)
}

/// Where the project's configuration is read from (its settings files, `.claude/commands`,
/// `.claude/agents`, `.claude/skills`): TypeScript `projectConfigRoot` when given, else the
/// session's working directory.
pub(crate) fn config_root(options: &Options, cwd: &std::path::Path) -> PathBuf {
    match &options.project_config_root {
        Some(root) => root.canonicalize().unwrap_or_else(|_| root.clone()),
        None => cwd.to_path_buf(),
    }
}

/// The session's working directory as `session_config` will settle it (the settings files
/// are read before it runs).
pub(crate) fn session_cwd(options: &Options) -> PathBuf {
    let cwd = match &options.cwd {
        Some(c) => c.clone(),
        None => std::env::current_dir().unwrap_or_else(|_| PathBuf::from(".")),
    };
    cwd.canonicalize().unwrap_or(cwd)
}

pub(crate) fn session_config(
    options: &Options,
    env: &BTreeMap<String, String>,
    clock: &dyn Clock,
) -> Result<SessionConfig, OptionsError> {
    // The reference's CLI refuses to start on a schema its validator does not take.
    if let Some(why) = options
        .output_schema
        .as_ref()
        .and_then(oxagent_options::json_schema_refusal)
    {
        return Err(OptionsError::new(
            OptionsErrorKind::Refused,
            "output_format",
            why,
        ));
    }
    if let Some(why) = options.max_budget_usd.and_then(budget_refusal) {
        return Err(OptionsError::new(
            OptionsErrorKind::Refused,
            "max_budget_usd",
            why,
        ));
    }
    let cwd = match &options.cwd {
        Some(c) => c.clone(),
        None => std::env::current_dir().unwrap_or_else(|_| PathBuf::from(".")),
    };
    if !cwd.is_dir() {
        return Err(OptionsError::new(
            OptionsErrorKind::Value,
            "cwd",
            format!("Working directory does not exist: {}", cwd.display()),
        ));
    }
    let cwd = cwd.canonicalize().unwrap_or(cwd);
    let session_id = options.session_id.clone().unwrap_or_else(|| clock.uuid());
    let mut c = SessionConfig::new(session_id, cwd.clone());
    c.additional_directories = added_directories(&options.add_dirs, &cwd);
    c.env = options.env.clone();
    c.api_gateway = gateway(env);
    let chosen = options
        .model
        .as_deref()
        .or_else(|| env.get("ANTHROPIC_MODEL").map(String::as_str));
    c.model_chosen = chosen.is_some();
    c.plan_model = chosen.and_then(oxagent_core::model_names::plan_variant);
    c.model = chosen
        .map(|m| crate::model_env::resolve(m, env))
        .unwrap_or_else(|| DEFAULT_MODEL.to_string());
    // An alias names the model it stands for (`haiku`: claude-haiku-5-5).
    c.fallback_model = options
        .fallback_model
        .as_deref()
        .map(|m| crate::model_env::resolve(m, env));
    c.system_prompt = match &options.system_prompt {
        SystemPrompt::Minimal => vec![prompts::IDENTITY.to_string()],
        SystemPrompt::Text(t) => vec![prompts::IDENTITY.to_string(), t.clone()],
        SystemPrompt::Preset { append } => {
            let mut body = prompts::PRESET_BODY.to_string();
            if let Some(a) = append.as_ref().filter(|a| !a.is_empty()) {
                body.push_str("\n\n");
                body.push_str(a);
            }
            vec![prompts::PRESET_IDENTITY.to_string(), body]
        }
    };
    let today = prompts::date_of(clock.unix_ms());
    c.context_reminder = Some(prompts::environment_note(&cwd, &c.model, &today));
    c.compaction = CompactionSettings::from_env(|k| env.get(k).cloned());
    // Capped at the model's upper limit when the request is built.
    c.max_tokens = env
        .get("CLAUDE_CODE_MAX_OUTPUT_TOKENS")
        .and_then(|v| oxagent_core::usage::parse_max_output_env(v));
    c.max_turns = options.max_turns;
    c.max_budget_usd = options.max_budget_usd;
    c.thinking = options.thinking.clone();
    c.effort = options.effort.clone();
    let variables = command_variables(options, &c);
    c.env.extend(variables);
    c.include_partial_messages = options.include_partial_messages;
    c.replay_prompts = options.replay_prompts;
    c.permission_mode = options.permission_mode.unwrap_or(PermissionMode::Default);
    c.allowed_tools = options.allowed_tools.clone();
    c.disallowed_tools = options.disallowed_tools.clone();
    c.listed_tools = match &options.tools {
        Some(oxagent_options::ToolsOption::List(names)) => Some(names.clone()),
        _ => None,
    };
    c.tool_aliases = options.tool_aliases.clone();
    c.plan_mode_instructions = options.plan_mode_instructions.clone();
    c.api_key_source = if env.get("ANTHROPIC_API_KEY").is_some_and(|k| !k.is_empty()) {
        "ANTHROPIC_API_KEY".into()
    } else {
        "none".into()
    };
    // The reference takes the betas it knows and leaves the others out (of its requests and
    // of the init message).
    c.betas = options
        .betas
        .iter()
        .filter(|b| oxagent_core::usage::KNOWN_BETAS.contains(&b.as_str()))
        .cloned()
        .collect();
    c.init.betas = c.betas.clone();
    if let Some(total) = options.task_budget {
        c.betas.push("task-budgets-2026-03-13".into());
        c.request_extra.insert(
            "output_config".into(),
            json!({"task_budget": {"total": total}}),
        );
    }
    c.hooks = options.hooks.clone();
    c.include_hook_events = options.include_hook_events;
    if options.output_schema.is_some() {
        c.final_answer_tool = Some(oxagent_tools::session::structured_output::NAME.to_string());
    }
    c.init.additional_directories = c
        .additional_directories
        .iter()
        .map(|d| d.to_string_lossy().to_string())
        .collect();
    Ok(c)
}

/// The user the options name (Python `user`), looked up as the reference's SDK looks it up
/// before starting its CLI as that user, and refused with its texts: a name with no account,
/// or another user than this process's when this process may not switch.
pub(crate) fn run_as(options: &Options) -> Result<Option<RunAs>, OptionsError> {
    let Some(name) = options.user.as_deref() else {
        return Ok(None);
    };
    let refused = |why: String| {
        OptionsError::new(
            OptionsErrorKind::Refused,
            "user",
            format!("Failed to start Claude Code: {why}"),
        )
    };
    let user = nix::unistd::User::from_name(name)
        .map_err(|e| refused(format!("[Errno {}] {}", e as i32, e.desc())))?
        .ok_or_else(|| refused(format!("\"getpwnam(): name not found: '{name}'\"")))?;
    let me = nix::unistd::geteuid();
    if !me.is_root() && me != user.uid {
        let e = nix::errno::Errno::EPERM;
        return Err(refused(format!("[Errno {}] {}", e as i32, e.desc())));
    }
    Ok(Some(RunAs {
        uid: user.uid.as_raw(),
        gid: user.gid.as_raw(),
    }))
}

/// What the reference's CLI puts in the environment of the commands it starts (Bash, hooks,
/// MCP servers): that they run under an agent, for which SDK, in which session.
fn command_variables(options: &Options, c: &SessionConfig) -> Vec<(String, String)> {
    let (entrypoint, version) = match options.face {
        Some(Face::Python) => ("sdk-py", "0.2.189"),
        Some(Face::Node) => ("sdk-ts", "0.3.332"),
        None => ("sdk-rust", env!("CARGO_PKG_VERSION")),
    };
    let mut vars = vec![
        ("CLAUDECODE", "1".to_string()),
        ("CLAUDE_CODE_ENTRYPOINT", entrypoint.to_string()),
        ("CLAUDE_AGENT_SDK_VERSION", version.to_string()),
        ("CLAUDE_CODE_SESSION_ID", c.session_id.clone()),
        ("CLAUDE_CODE_CHILD_SESSION", "1".to_string()),
        ("CLAUDE_CODE_SESSION_ATTENDED", "0".to_string()),
        ("CLAUDE_PID", std::process::id().to_string()),
        ("COREPACK_ENABLE_AUTO_PIN", "0".to_string()),
    ];
    if oxagent_core::usage::supports_effort(&c.model) {
        let level = c.effort.clone().unwrap_or_else(|| "medium".into());
        vars.push(("CLAUDE_EFFORT", level));
    }
    vars.into_iter().map(|(k, v)| (k.to_string(), v)).collect()
}

/// The id a session is created with (`session_id`, else a fresh one): refused unless it is
/// a UUID, before anything is read or written.
pub(crate) fn fresh_id(id: &str) -> Result<oxagent_sessions::SessionId, OptionsError> {
    oxagent_sessions::validate_session_id(id)
        .map_err(|e| OptionsError::new(OptionsErrorKind::Refused, "session_id", e.to_string()))
}

/// A `session_id` given with `resume` or `continue_conversation` needs `fork_session`; one
/// naming a session of this project that has a transcript already is in use
/// (vk_sid_resume_other, vk_sid_reuse).
pub(crate) fn check_session_id(
    options: &Options,
    projects: &Path,
    cwd: &Path,
) -> Result<(), OptionsError> {
    let Some(id) = options.session_id.as_deref() else {
        return Ok(());
    };
    let refused = |text: String| OptionsError::new(OptionsErrorKind::Refused, "session_id", text);
    let continues = options.resume.is_some() || options.continue_conversation;
    if continues && !options.fork_session {
        return Err(refused(
            "--session-id with --continue or --resume also needs --fork-session.".into(),
        ));
    }
    let file = projects
        .join(oxagent_sessions::project_key(cwd))
        .join(format!("{id}.jsonl"));
    if file.exists() {
        return Err(refused(format!("Session ID {id} is already in use.")));
    }
    Ok(())
}

/// `resume_drops_turn` names the turn a cut discards: refused without the cut, as the
/// reference's CLI refuses the pair of flags.
pub(crate) fn check_drops_turn(options: &Options) -> Result<(), OptionsError> {
    if options.resume_drops_turn.is_some() && options.resume_session_at.is_none() {
        return Err(OptionsError::new(
            OptionsErrorKind::Refused,
            "resume_drops_turn",
            "--resume-drops-turn requires --resume-session-at",
        ));
    }
    Ok(())
}

/// What the options ask the session to continue from.
pub(crate) fn continuation(options: &Options) -> oxagent_sessions::start::Continuation {
    oxagent_sessions::start::Continuation {
        resume: options.resume.clone(),
        continue_conversation: options.continue_conversation,
        fork_session: options.fork_session,
        resume_session_at: options.resume_session_at.clone(),
        resume_drops_turn: options.resume_drops_turn.clone(),
        no_persistence: options.no_persistence,
    }
}

/// The reference's CLI takes a spending limit above zero only; for another it exits before
/// its first message with its option parser's complaint (recorded for 0 in
/// variants-j/vj_bud_zero).
fn budget_refusal(budget: f64) -> Option<String> {
    if budget > 0.0 {
        return None;
    }
    let shown = if budget.fract() == 0.0 && budget.abs() < 1e15 {
        format!("{}", budget as i64)
    } else {
        format!("{budget}")
    };
    Some(format!(
        "error: option '--max-budget-usd <amount>' argument '{shown}' is invalid. \
         --max-budget-usd must be a number greater than 0"
    ))
}

/// The `add_dirs` the session may work in: each resolved against the working directory; one
/// that is missing or not a directory grants nothing (the reference leaves it out of the init
/// message and asks for its paths as for any outside the workspace).
fn added_directories(dirs: &[PathBuf], cwd: &Path) -> Vec<PathBuf> {
    dirs.iter()
        .map(|d| {
            let d = if d.is_absolute() {
                d.clone()
            } else {
                cwd.join(d)
            };
            d.canonicalize().unwrap_or(d)
        })
        .filter(|d| d.is_dir())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sessions_that_see_the_same_environment_share_one_copy() {
        let env =
            |v: &str| BTreeMap::from([("OXAGENT_SHARED_ENV_TEST".to_string(), v.to_string())]);
        let slot = Mutex::new(None);
        let a = interned(&slot, env("1"));
        let b = interned(&slot, env("1"));
        assert!(Arc::ptr_eq(&a, &b));
        let c = interned(&slot, env("2"));
        assert!(!Arc::ptr_eq(&a, &c));
        assert_eq!(
            c.get("OXAGENT_SHARED_ENV_TEST").map(String::as_str),
            Some("2")
        );
        assert_eq!(
            a.get("OXAGENT_SHARED_ENV_TEST").map(String::as_str),
            Some("1")
        );
    }

    /// variants-j/vj_ad_missing_dir, vj_ad_file_as_dir, vj_ad_relative.
    #[test]
    fn added_directories_are_existing_directories() {
        let root = std::env::temp_dir().join(format!("oxagent-add-dirs-{}", std::process::id()));
        let ws = root.join("ws");
        std::fs::create_dir_all(&ws).unwrap();
        std::fs::create_dir_all(root.join("extra")).unwrap();
        std::fs::write(root.join("file.txt"), "x").unwrap();
        let dirs = [
            PathBuf::from("../extra"),
            root.join("missing"),
            root.join("file.txt"),
        ];
        let got = added_directories(&dirs, &ws);
        assert_eq!(got, vec![root.join("extra").canonicalize().unwrap()]);
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn a_budget_must_be_above_zero() {
        assert_eq!(budget_refusal(0.5), None);
        assert_eq!(
            budget_refusal(0.0).as_deref(),
            Some(
                "error: option '--max-budget-usd <amount>' argument '0' is invalid. \
                 --max-budget-usd must be a number greater than 0"
            )
        );
    }
}

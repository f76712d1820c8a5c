//! Turns [`Options`] into what a session runs on: its configuration and model (its tools:
//! see `toolset`).

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;

use oxagent_core::clock::Clock;
use oxagent_core::compact::CompactionSettings;
use oxagent_core::config::{SessionConfig, DEFAULT_MODEL};
use oxagent_core::{PermissionMode, Session};
use serde_json::json;

use crate::error::{OptionsError, OptionsErrorKind};
use crate::options::{Options, SystemPrompt};
use crate::{memory, prompts};

/// The environment the session sees: the process environment with the options' `env` over it.
pub(crate) fn effective_env(options: &Options) -> BTreeMap<String, String> {
    let mut env: BTreeMap<String, String> = std::env::vars().collect();
    env.extend(options.env.clone());
    env
}

/// `host:port` of `ANTHROPIC_BASE_URL` when it names another host than Anthropic's API.
fn gateway(env: &BTreeMap<String, String>) -> Option<String> {
    let url = reqwest::Url::parse(env.get("ANTHROPIC_BASE_URL")?).ok()?;
    let host = url.host_str().filter(|h| *h != "api.anthropic.com")?;
    Some(match url.port_or_known_default() {
        Some(port) => format!("{host}:{port}"),
        None => host.to_string(),
    })
}

pub(crate) fn session_config(
    options: &Options,
    env: &BTreeMap<String, String>,
    clock: &dyn Clock,
) -> Result<SessionConfig, OptionsError> {
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
    c.additional_directories = options
        .add_dirs
        .iter()
        .map(|d| {
            let d = if d.is_absolute() {
                d.clone()
            } else {
                cwd.join(d)
            };
            d.canonicalize().unwrap_or(d)
        })
        .collect();
    c.env = options.env.clone();
    c.api_gateway = gateway(env);
    c.model = options
        .model
        .clone()
        .or_else(|| env.get("ANTHROPIC_MODEL").cloned())
        .unwrap_or_else(|| DEFAULT_MODEL.to_string());
    c.fallback_model = options.fallback_model.clone();
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
    c.max_turns = options.max_turns;
    c.max_budget_usd = options.max_budget_usd;
    c.thinking = options
        .thinking
        .clone()
        .or_else(|| default_thinking(&c.model));
    c.effort = options.effort.clone();
    c.include_partial_messages = options.include_partial_messages;
    c.permission_mode = options.permission_mode.unwrap_or(PermissionMode::Default);
    c.allowed_tools = options.allowed_tools.clone();
    c.disallowed_tools = options.disallowed_tools.clone();
    c.api_key_source = if env.get("ANTHROPIC_API_KEY").is_some_and(|k| !k.is_empty()) {
        "ANTHROPIC_API_KEY".into()
    } else {
        "none".into()
    };
    c.betas = options.betas.clone();
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
        c.final_answer_tool = Some(crate::structured::NAME.to_string());
    }
    c.init_extra
        .insert("slash_commands".into(), json!(["compact"]));
    c.init_extra.insert("output_style".into(), json!("default"));
    c.init_extra.insert("agents".into(), json!([]));
    c.init_extra.insert("skills".into(), json!([]));
    c.init_extra.insert("plugins".into(), json!([]));
    let dirs: Vec<String> = c
        .additional_directories
        .iter()
        .map(|d| d.to_string_lossy().to_string())
        .collect();
    c.init_extra
        .insert("additional_directories".into(), json!(dirs));
    // Fast mode is a product feature oxagent does not offer; the fields say so.
    c.init_extra.insert("fast_mode_state".into(), json!("off"));
    c.init_extra.insert(
        "fast_mode_disabled_reason".into(),
        json!("sdk_opt_in_required"),
    );
    c.init_extra.insert("view_mode".into(), json!("default"));
    Ok(c)
}

/// Loads the CLAUDE.md files `setting_sources` selects into the session: the reminder of
/// the first prompt, the nested files tools reach, the `/context` entries.
pub(crate) fn attach_memory(
    session: &mut Session,
    options: &Options,
    env: &BTreeMap<String, String>,
) {
    let sources = options.setting_sources.as_deref();
    let cwd = session.config.cwd.clone();
    let files = memory::load(&cwd, &crate::persist::home(env), sources);
    session.config.memory = memory::reminder(&files);
    if sources.is_none_or(|s| s.iter().any(|x| x == "project")) {
        session.nested_memory = Some(Arc::new(memory::Nested::new(&cwd)));
    }
    let entries = memory::context_entries(&files);
    session.meter.update(|v| v.memory_files = entries);
}

/// Models with adaptive thinking get it by default, as the reference sends it.
fn default_thinking(model: &str) -> Option<serde_json::Value> {
    let m = oxagent_core::usage::canonical_model(model);
    (m.starts_with("claude-opus-5")
        || m.starts_with("claude-sonnet-5")
        || m.starts_with("claude-opus-4-6")
        || m.starts_with("claude-opus-4-7")
        || m.starts_with("claude-opus-4-8")
        || m.starts_with("claude-sonnet-4-6"))
    .then(|| json!({"type": "adaptive"}))
}

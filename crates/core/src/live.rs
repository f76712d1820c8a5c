//! Settings the caller may change while a turn runs (permission mode, model), shared
//! between the session and its controller.
//!
//! ```
//! use oxagent_core::{live::LiveSettings, PermissionMode};
//! let live = LiveSettings::new(PermissionMode::Default, "claude-opus-5-5");
//! live.set_permission_mode(PermissionMode::AcceptEdits);
//! assert_eq!(live.permission_mode(), PermissionMode::AcceptEdits);
//! ```

use std::sync::Mutex;

use crate::config::PermissionMode;
use crate::rules::RuleSet;
use crate::sync::lock;

#[derive(Debug)]
pub struct LiveSettings {
    mode: Mutex<PermissionMode>,
    /// The mode plan mode was entered from, while in plan mode.
    before_plan: Mutex<Option<PermissionMode>>,
    /// The request's `thinking` as the caller set it since (`set_max_thinking_tokens`);
    /// `None`: the session's own.
    thinking: Mutex<Option<serde_json::Value>>,
    model: Mutex<String>,
    /// The model plan mode runs instead, when the model was named by an alias that plans on
    /// another (see [`crate::model_names::plan_variant`]).
    plan_model: Mutex<Option<String>>,
    /// The permission rules and extra directories in force, once the session has set them
    /// up (can_use_tool answers may add to them).
    permissions: Mutex<Option<(RuleSet, Vec<std::path::PathBuf>)>>,
    /// The output style the host set since (`updateSettings`); `None`: the settings'.
    output_style: Mutex<Option<String>>,
    /// Per MCP server (by the name its tools carry, `mcp__<name>__`), the mode its calls
    /// are judged in when the session's would let them run unasked
    /// (`setMcpPermissionModeOverride`).
    mcp_modes: Mutex<std::collections::BTreeMap<String, PermissionMode>>,
    /// The records of commands the host ran between prompts (`set_model`), for the model to
    /// read in front of the next prompt.
    local_records: Mutex<Vec<crate::content::ContentBlock>>,
}

impl LiveSettings {
    pub fn new(mode: PermissionMode, model: impl Into<String>) -> Self {
        LiveSettings {
            mode: Mutex::new(mode),
            before_plan: Mutex::new(None),
            thinking: Mutex::new(None),
            model: Mutex::new(model.into()),
            plan_model: Mutex::new(None),
            permissions: Mutex::new(None),
            output_style: Mutex::new(None),
            mcp_modes: Mutex::new(Default::default()),
            local_records: Mutex::new(Vec::new()),
        }
    }
    /// The rules and extra directories in force; `init` gives them the first time.
    pub fn permissions(
        &self,
        init: impl FnOnce() -> (RuleSet, Vec<std::path::PathBuf>),
    ) -> (RuleSet, Vec<std::path::PathBuf>) {
        lock(&self.permissions).get_or_insert_with(init).clone()
    }
    /// Runs `read` on the rules and extra directories in force, without copying them.
    pub fn with_permissions<R>(
        &self,
        init: impl FnOnce() -> (RuleSet, Vec<std::path::PathBuf>),
        read: impl FnOnce(&RuleSet, &[std::path::PathBuf]) -> R,
    ) -> R {
        let mut guard = lock(&self.permissions);
        let (rules, dirs) = guard.get_or_insert_with(init);
        read(rules, dirs)
    }
    /// Changes the rules and extra directories in force.
    pub fn update_permissions(
        &self,
        init: impl FnOnce() -> (RuleSet, Vec<std::path::PathBuf>),
        change: impl FnOnce(&mut RuleSet, &mut Vec<std::path::PathBuf>),
    ) {
        let mut guard = lock(&self.permissions);
        let (rules, dirs) = guard.get_or_insert_with(init);
        change(rules, dirs);
    }
    pub fn permission_mode(&self) -> PermissionMode {
        *lock(&self.mode)
    }
    pub fn set_permission_mode(&self, mode: PermissionMode) {
        *lock(&self.mode) = mode;
    }
    /// Switches to plan mode and remembers the mode to come back to.
    pub fn enter_plan(&self) -> PermissionMode {
        let mut mode = lock(&self.mode);
        if *mode != PermissionMode::Plan {
            *lock(&self.before_plan) = Some(*mode);
        }
        *mode = PermissionMode::Plan;
        *mode
    }
    /// Leaves plan mode for the mode it was entered from (`default` when there was none),
    /// and returns the mode in force. Outside plan mode nothing changes.
    pub fn exit_plan(&self) -> PermissionMode {
        let mut mode = lock(&self.mode);
        if *mode == PermissionMode::Plan {
            *mode = lock(&self.before_plan)
                .take()
                .unwrap_or(PermissionMode::Default);
        }
        *mode
    }
    /// Sets the thinking of the session's next requests: a budget (`0`: off), or `None`
    /// for the session's own setting again; `display` says how thinking is shown.
    pub fn set_thinking_budget(&self, budget: Option<u64>, display: Option<&str>) {
        let thinking = budget.map(|n| {
            let mut t = match n {
                0 => serde_json::json!({"type": "disabled"}),
                n => serde_json::json!({"type": "enabled", "budget_tokens": n}),
            };
            if let (Some(d), true) = (display, n > 0) {
                t["display"] = serde_json::json!(d);
            }
            t
        });
        *lock(&self.thinking) = thinking;
    }
    /// The thinking the caller set for the next requests, if any.
    pub fn thinking(&self) -> Option<serde_json::Value> {
        lock(&self.thinking).clone()
    }
    /// The model the next requests go to: in plan mode, the one the chosen model plans on.
    pub fn model(&self) -> String {
        if *lock(&self.mode) == PermissionMode::Plan {
            if let Some(plan) = lock(&self.plan_model).clone() {
                return plan;
            }
        }
        lock(&self.model).clone()
    }
    /// The model chosen for the session, whatever the mode (what `system/init` names).
    pub fn chosen_model(&self) -> String {
        lock(&self.model).clone()
    }
    /// Switches the model (an id); it plans on itself.
    pub fn set_model(&self, model: impl Into<String>) {
        *lock(&self.model) = model.into();
        *lock(&self.plan_model) = None;
    }
    /// Switches to the model `name` (as the caller wrote it) resolves to, with the model it
    /// plans on.
    pub fn set_model_named(&self, name: &str) {
        self.set_model(crate::model_names::resolve(name));
        self.set_plan_model(crate::model_names::plan_variant(name));
    }
    /// The model plan mode runs instead of the chosen one (`None`: the chosen one).
    pub fn set_plan_model(&self, model: Option<String>) {
        *lock(&self.plan_model) = model;
    }
    /// The chosen model and the one it plans on, to put back with [`Self::restore_model`].
    pub fn model_state(&self) -> (String, Option<String>) {
        (lock(&self.model).clone(), lock(&self.plan_model).clone())
    }
    pub fn restore_model(&self, (model, plan): (String, Option<String>)) {
        *lock(&self.model) = model;
        *lock(&self.plan_model) = plan;
    }
    /// Keeps the record of a command the host ran (its blocks) for the next prompt.
    pub fn record_local_command(&self, blocks: Vec<crate::content::ContentBlock>) {
        lock(&self.local_records).extend(blocks);
    }
    /// The command records kept since the last prompt, in order.
    pub fn take_local_records(&self) -> Vec<crate::content::ContentBlock> {
        std::mem::take(&mut *lock(&self.local_records))
    }
    pub fn output_style(&self) -> Option<String> {
        lock(&self.output_style).clone()
    }
    pub fn set_output_style(&self, style: impl Into<String>) {
        *lock(&self.output_style) = Some(style.into());
    }
    /// Judges the calls of the MCP server whose tools are `mcp__<server>__*` in `mode`
    /// when the session's mode would run them unasked (`None`: as the session's mode).
    pub fn set_mcp_mode(&self, server: &str, mode: Option<PermissionMode>) {
        let mut modes = lock(&self.mcp_modes);
        match mode {
            Some(m) => modes.insert(server.to_string(), m),
            None => modes.remove(server),
        };
    }
    /// The mode a call of `tool` is judged in, the session's being `mode`: an MCP server's
    /// override only ever tightens (it applies over bypassPermissions and auto).
    pub fn mode_for(&self, tool: &str, mode: PermissionMode) -> PermissionMode {
        if !matches!(
            mode,
            PermissionMode::BypassPermissions | PermissionMode::Auto
        ) {
            return mode;
        }
        let Some((server, _)) = tool
            .strip_prefix("mcp__")
            .and_then(|rest| rest.split_once("__"))
        else {
            return mode;
        };
        lock(&self.mcp_modes).get(server).copied().unwrap_or(mode)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_model_named_haiku_plans_on_sonnet() {
        let live = LiveSettings::new(PermissionMode::Default, "x");
        live.set_model_named("haiku");
        assert_eq!(live.model(), "claude-haiku-5-5");
        live.enter_plan();
        assert_eq!(live.model(), "claude-sonnet-5-5");
        assert_eq!(live.chosen_model(), "claude-haiku-5-5");
        live.exit_plan();
        assert_eq!(live.model(), "claude-haiku-5-5");
        // A model switched to by id plans on itself.
        live.set_model("claude-haiku-4-5");
        live.enter_plan();
        assert_eq!(live.model(), "claude-haiku-4-5");
    }

    #[test]
    fn plan_mode_returns_to_the_mode_it_was_entered_from() {
        let live = LiveSettings::new(PermissionMode::AcceptEdits, "m");
        assert_eq!(live.enter_plan(), PermissionMode::Plan);
        assert_eq!(live.permission_mode(), PermissionMode::Plan);
        // Entering again does not forget where it came from.
        live.enter_plan();
        assert_eq!(live.exit_plan(), PermissionMode::AcceptEdits);
        assert_eq!(live.permission_mode(), PermissionMode::AcceptEdits);

        let started_in_plan = LiveSettings::new(PermissionMode::Plan, "m");
        assert_eq!(started_in_plan.exit_plan(), PermissionMode::Default);
        // Leaving a mode that is not plan mode changes nothing.
        live.set_permission_mode(PermissionMode::DontAsk);
        assert_eq!(live.exit_plan(), PermissionMode::DontAsk);
    }

    #[test]
    fn a_thinking_budget_replaces_the_sessions_until_cleared() {
        let live = LiveSettings::new(PermissionMode::Default, "m");
        assert_eq!(live.thinking(), None);
        live.set_thinking_budget(Some(2048), Some("omitted"));
        assert_eq!(
            live.thinking(),
            Some(
                serde_json::json!({"type": "enabled", "budget_tokens": 2048, "display": "omitted"})
            )
        );
        live.set_thinking_budget(Some(0), None);
        assert_eq!(
            live.thinking(),
            Some(serde_json::json!({"type": "disabled"}))
        );
        live.set_thinking_budget(None, None);
        assert_eq!(live.thinking(), None);
    }
}

//! A call as those outside the tool see it: hooks, can_use_tool and the result's list of
//! denials get a file tool's path absolute and normalized (`~` and `..` resolved, symlinks
//! kept), as in the reference; the tool itself runs with the path as the model wrote it.
//!
//! ```text
//! model:     {"file_path": "sub/../new.txt"}            ─► the tool, the result's text
//! observed:  {"file_path": "<cwd>/new.txt"}             ─► hooks, can_use_tool, denials
//! ```

use serde_json::Value;

use crate::message::PermissionDenial;

use crate::agent::view::SessionView;

use super::call::Call;

/// `input` of a call of `tool` as hooks and can_use_tool see it.
pub(crate) fn observable(session: &SessionView<'_>, tool: &str, input: &Value) -> Value {
    let mut seen = input.clone();
    let key = match tool {
        "Read" | "Write" | "Edit" => Some("file_path"),
        "NotebookEdit" => Some("notebook_path"),
        _ => None,
    };
    if tool == "ExitPlanMode" {
        plan_as_written(session, &mut seen);
    }
    if let Some(Value::String(path)) = key.and_then(|k| seen.get_mut(k)) {
        let config = &session.config;
        let dir = session.shell_dir().unwrap_or_else(|| config.cwd.clone());
        *path = crate::rules::path::resolve_shown(path, &dir, config.home.as_deref());
    }
    seen
}

/// ExitPlanMode's `plan` as the user is shown it: what the session's plan file holds, and
/// nothing when there is no such file (a `plan` the model wrote into the call is not what
/// the user approves).
fn plan_as_written(session: &SessionView<'_>, seen: &mut Value) {
    let Value::Object(fields) = seen else { return };
    fields.remove("plan");
    let config = &session.config;
    let file = config
        .home
        .as_deref()
        .map(|home| crate::tool::ModeChange::plan_file(home, &config.session_id));
    if let Some(text) = file.and_then(|f| std::fs::read_to_string(f).ok()) {
        fields.insert("plan".into(), Value::String(text));
    }
}

/// An input a hook or a permission answer handed back: `None` when it is just the
/// `seen` one they were shown, so that the call runs as the model wrote it.
pub(crate) fn changed(updated: Option<&Value>, seen: &Value) -> Option<Value> {
    updated.filter(|u| *u != seen).cloned()
}

/// The result's record of a refused call. The Agent tool goes by its former name, `Task`,
/// as in `system/init`.
pub(crate) fn denial(session: &SessionView<'_>, call: &Call) -> PermissionDenial {
    let listed = if call.name == "Agent" {
        "Task"
    } else {
        call.name.as_str()
    };
    PermissionDenial {
        tool_name: listed.to_string(),
        tool_use_id: call.id.clone(),
        tool_input: observable(session, &call.name, &call.input),
    }
}

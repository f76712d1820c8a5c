//! The checks beyond one value's shape: the options oxagent does not act on that have a
//! shape of their own (agents, plugins, skills, the plugin delivery), the rules between
//! options, and the refusal of features not built yet. Where a documented SDK refuses with
//! its own text, that face gets that text.

use oxagent_core::protocol::stream_json::Face;
use serde_json::{Map, Value};

use super::check::{is_default, mapping, At, Checked};
use super::table::{Handling, OPTIONS};
use super::{skills, Ctx};
use crate::OptionsErrorKind as K;

/// Checks the value of an option with a custom shape that oxagent does not read.
pub(super) fn check_custom(key: &str, at: &At<'_>, v: &Value) -> Checked<()> {
    match key {
        "agents" => agents(at, v),
        "skills" => skills::check(at, v),
        "plugins" => plugins(at, v),
        "pluginDelivery" => match v {
            Value::Null => Ok(()),
            Value::String(s) if s == "argv" || s == "initialize" => Ok(()),
            // The TypeScript reference's text.
            Value::String(_) => Err(at.error(
                K::Value,
                "Invalid pluginDelivery. Expected 'argv' or 'initialize'.",
            )),
            _ => Err(at.type_error("\"argv\" or \"initialize\"", v)),
        },
        other => Err(at.error(K::Value, format!("no reader for the option {other}"))),
    }
}

fn agents(at: &At<'_>, v: &Value) -> Checked<()> {
    let expected = "a mapping of agent names to agent definitions";
    if v.is_null() {
        return Ok(());
    }
    let Some(agents) = mapping(v) else {
        return Err(at.type_error(expected, v));
    };
    for (name, agent) in agents {
        if mapping(agent).is_none() {
            return Err(at.key(name).type_error("an agent definition", agent));
        }
    }
    Ok(())
}

fn plugins(at: &At<'_>, v: &Value) -> Checked<()> {
    let list = match v {
        Value::Null => return Ok(()),
        Value::Array(list) => list,
        _ => return Err(at.type_error("a list of plugin configs", v)),
    };
    for (i, plugin) in list.iter().enumerate() {
        let Some(p) = mapping(plugin) else {
            return Err(at.index(i).type_error("a plugin config", plugin));
        };
        let kind = p.get("type");
        if kind.and_then(Value::as_str) != Some("local") {
            // Both references' text, the type written as each language writes a value.
            let shown = match (kind, at.face) {
                (Some(Value::String(s)), _) => s.clone(),
                (None | Some(Value::Null), Face::Python) => "None".into(),
                (None, Face::Node) => "undefined".into(),
                (Some(other), Face::Python) => skills::py_repr(other),
                (Some(other), Face::Node) => other.to_string(),
            };
            return Err(at.error(K::Value, format!("Unsupported plugin type: {shown}")));
        }
    }
    Ok(())
}

/// The rules between options.
pub(super) fn between(map: &Map<String, Value>, face: Face) -> Checked<()> {
    let name = |key: &'static str| super::table::name_in(face, key);
    let given = |key: &'static str| map.get(name(key)).filter(|v| !v.is_null());
    let text = |key: &'static str| given(key).and_then(Value::as_str).filter(|s| !s.is_empty());

    if given("can_use_tool").is_some() && text("permission_prompt_tool_name").is_some() {
        // Both references' text, in each face's names.
        let (callback, tool) = (name("can_use_tool"), name("permission_prompt_tool_name"));
        return Err(At::new(face, callback).error(
            K::Conflict,
            format!("{callback} callback cannot be used with {tool}. Please use one or the other."),
        ));
    }
    // The TypeScript SDK refuses a fallback equal to the model; the Python one passes it on
    // and the session never falls back (fallback_529_x3_same_model).
    if let (Some(model), Some(fallback), Face::Node) = (text("model"), text("fallback_model"), face)
    {
        if model == fallback {
            let message = "Fallback model cannot be the same as the main model. Please specify a different model for fallbackModel option.";
            return Err(At::new(face, name("fallback_model")).error(K::Conflict, message));
        }
    }
    let dialogs = map.get("supportedDialogKinds").and_then(Value::as_array);
    if face == Face::Node
        && dialogs.is_some_and(|d| !d.is_empty())
        && map.get("onUserDialog").is_none_or(Value::is_null)
    {
        // The TypeScript reference's text.
        return Err(At::new(face, "supportedDialogKinds").error(
            K::Conflict,
            "supportedDialogKinds requires an onUserDialog callback -- declaring dialog kinds without a handler would park dialogs nothing can answer. Provide onUserDialog, or omit supportedDialogKinds.",
        ));
    }
    store_rules(map, face)
}

/// The references' checks of a session store against the other options, with each
/// reference's text: `continue` needs a store that lists sessions (unless `resume` names
/// one), file checkpoints are local only, and (TypeScript) the transcript must be written
/// locally to be mirrored.
fn store_rules(map: &Map<String, Value>, face: Face) -> Checked<()> {
    let name = |key: &'static str| super::table::name_in(face, key);
    let given = |key: &'static str| map.get(name(key)).filter(|v| !v.is_null());
    let Some(store) = given("session_store") else {
        return Ok(());
    };
    let at = At::new(face, name("session_store"));
    let truthy = |key: &'static str| given(key).is_some_and(|v| v != &Value::Bool(false));
    let lists_sessions = store
        .get("$store")
        .and_then(Value::as_array)
        .is_some_and(|m| {
            m.iter()
                .any(|n| n == "list_sessions" || n == "listSessions")
        });
    // Python: `resume is None`; TypeScript: a falsy `resume`.
    let resume = match face {
        Face::Python => given("resume").is_some(),
        Face::Node => given("resume")
            .and_then(Value::as_str)
            .is_some_and(|s| !s.is_empty()),
    };
    if face == Face::Node && map.get("persistSession") == Some(&Value::Bool(false)) {
        return Err(at.error(
            K::Value,
            "sessionStore cannot be used with persistSession: false -- the storage adapter requires local writes to mirror from. To avoid keeping a local copy, pass env: { ...process.env, CLAUDE_CONFIG_DIR: dir }, where dir is a new private directory such as fs.mkdtempSync(path.join(os.tmpdir(), 'claude-')), and delete dir when the query ends.",
        ));
    }
    if truthy("continue_conversation") && !resume && !lists_sessions {
        return Err(at.error(
            K::Conflict,
            match face {
                Face::Python => "continue_conversation with session_store requires the store to implement list_sessions()",
                Face::Node => "Options.continue with sessionStore requires store.listSessions to be implemented",
            },
        ));
    }
    if truthy("enable_file_checkpointing") {
        return Err(at.error(
            K::Value,
            match face {
                Face::Python => "session_store cannot be combined with enable_file_checkpointing (checkpoints are local-disk only and would diverge from the mirrored transcript)",
                Face::Node => "enableFileCheckpointing is not yet supported with sessionStore (backup blobs are not mirrored, so rewindFiles() fails after a store-backed resume).",
            },
        ));
    }
    Ok(())
}

/// Refuses the features oxagent does not have yet, unless left at their defaults. A session
/// this process does not run is refused only what the SDK layer itself would do.
pub(super) fn refuse_not_built(map: &Map<String, Value>, ctx: Ctx) -> Checked<()> {
    for spec in OPTIONS {
        let refused = match spec.handling {
            Handling::NotYet => ctx.runs_session,
            Handling::NotYetInSdk => true,
            _ => false,
        };
        let Some(name) = spec.name(ctx.face).filter(|_| refused) else {
            continue;
        };
        let Some(v) = map.get(name) else { continue };
        let at = At::new(ctx.face, name);
        if !is_default(v) {
            return Err(at.error(
                K::Unsupported,
                format!("the option {name} is not supported by oxagent yet"),
            ));
        }
    }
    Ok(())
}

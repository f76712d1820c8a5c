//! Runs the host's hook callbacks for one event and folds their outputs into one outcome.

use futures::future::{select, Either};
use serde_json::{json, Map, Value};

use crate::config::HookMatcher;
use crate::host::Host;

use super::Deps;

/// What the hooks of one event decided, merged in registration order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct HookOutcome {
    /// `continue: false`: stop the turn after this point.
    pub stop: bool,
    pub stop_reason: Option<String>,
    /// `decision: "block"` with its reason.
    pub block_reason: Option<String>,
    pub system_messages: Vec<String>,
    /// `hookSpecificOutput.permissionDecision`: allow / deny / ask, with its reason.
    pub permission_decision: Option<(String, Option<String>)>,
    pub updated_input: Option<Value>,
    pub additional_context: Vec<String>,
    /// PermissionRequest's `hookSpecificOutput.decision` (`{behavior: allow|deny, ...}`).
    pub permission_request: Option<Value>,
    /// How many callbacks ran.
    pub ran: usize,
    /// How each shell command of a settings file ran, when its event reports it
    /// (`{stdout, stderr, exit_code}`).
    pub command_runs: Vec<Value>,
}

/// Whether a matcher pattern (`Bash`, `Edit|Write`, `mcp__.*`, `*`, none) covers `name`.
pub(crate) fn matches(pattern: Option<&str>, name: Option<&str>) -> bool {
    let Some(pattern) = pattern.filter(|p| !p.is_empty() && *p != "*") else {
        return true;
    };
    let Some(name) = name else { return true };
    pattern.split('|').any(|alt| {
        let alt = alt.trim();
        match alt.strip_suffix(".*").or_else(|| alt.strip_suffix('*')) {
            Some(prefix) => name.starts_with(prefix),
            None => alt == name,
        }
    })
}

/// Whether any matcher of the event covers the tool (a callback would be asked).
pub(crate) fn any_match(matchers: Option<&Vec<HookMatcher>>, tool_name: &str) -> bool {
    matchers.is_some_and(|ms| {
        ms.iter()
            .any(|m| !m.callback_ids.is_empty() && matches(m.matcher.as_deref(), Some(tool_name)))
    })
}

pub(crate) async fn run(
    deps: &Deps<'_>,
    matchers: Option<&Vec<HookMatcher>>,
    tool_name: Option<&str>,
    input: Value,
    tool_use_id: Option<&str>,
) -> HookOutcome {
    let mut outcome = HookOutcome::default();
    let Some(matchers) = matchers else {
        return outcome;
    };
    for m in matchers
        .iter()
        .filter(|m| matches(m.matcher.as_deref(), tool_name))
    {
        for id in &m.callback_ids {
            let request = json!({
                "subtype": "hook_callback",
                "callback_id": id,
                "input": input,
                "tool_use_id": tool_use_id.map(str::to_string).unwrap_or_else(|| deps.clock.uuid()),
            });
            let timeout_ms = (m.timeout.unwrap_or(60.0) * 1000.0) as u64;
            let reply = call_with_timeout(deps, deps.host, request, timeout_ms).await;
            outcome.ran += 1;
            let failure = match &reply {
                Ok(Value::Object(out)) => unreadable(out),
                Ok(Value::Null) => Some("the hook callback returned nothing".to_string()),
                Ok(_) => Some("the hook callback's answer is not an object".to_string()),
                Err(e) => Some(e.clone()),
            };
            match (failure, reply) {
                (Some(why), _) if m.on_failure.as_deref().is_some_and(|f| f != "continue") => {
                    let event = input["hook_event_name"].as_str().unwrap_or("");
                    fail_closed(&mut outcome, event, why);
                }
                (_, Ok(Value::Object(out))) => fold(&mut outcome, &out),
                _ => {}
            }
        }
    }
    outcome
}

async fn call_with_timeout(
    deps: &Deps<'_>,
    host: &dyn Host,
    request: Value,
    timeout_ms: u64,
) -> Result<Value, String> {
    let call = host.control(request);
    let timer = deps.clock.sleep(timeout_ms);
    match select(call, timer).await {
        Either::Left((reply, _)) => reply,
        Either::Right(((), _)) => Err("hook timed out".to_string()),
    }
}

/// What makes an answer unreadable: a permission decision or a decision the events do not
/// know.
fn unreadable(out: &Map<String, Value>) -> Option<String> {
    let decision = out
        .get("hookSpecificOutput")
        .and_then(|h| h.get("permissionDecision"));
    if let Some(d) = decision.filter(|d| !matches!(d.as_str(), Some("allow" | "deny" | "ask"))) {
        return Some(format!("unknown permissionDecision {d}"));
    }
    match out.get("decision") {
        Some(d) if !matches!(d.as_str(), Some("approve" | "block")) => {
            Some(format!("unknown decision {d}"))
        }
        _ => None,
    }
}

/// A failed callback of a matcher set to `on_failure: "block"` blocks what its event
/// guards; Stop and SubagentStop ignore it.
fn fail_closed(outcome: &mut HookOutcome, event: &str, why: String) {
    let reason = format!("Hook callback failed: {why}");
    match event {
        "Stop" | "SubagentStop" => {}
        "PreToolUse" => outcome.permission_decision = Some(("deny".into(), Some(reason))),
        "PermissionRequest" => {
            outcome.permission_request = Some(json!({"behavior": "deny", "message": reason}));
        }
        _ => outcome.block_reason = Some(reason),
    }
}

fn fold(outcome: &mut HookOutcome, out: &Map<String, Value>) {
    let s = |v: &Value| v.as_str().map(str::to_string);
    if let Some(run) = out.get("__command_run") {
        outcome.command_runs.push(run.clone());
    }
    if out.get("continue") == Some(&Value::Bool(false)) {
        outcome.stop = true;
        outcome.stop_reason = out.get("stopReason").and_then(s);
    }
    if out.get("decision").and_then(Value::as_str) == Some("block") {
        outcome.block_reason = Some(out.get("reason").and_then(s).unwrap_or_default());
    }
    if let Some(msg) = out.get("systemMessage").and_then(s) {
        outcome.system_messages.push(msg);
    }
    let Some(specific) = out.get("hookSpecificOutput").and_then(Value::as_object) else {
        return;
    };
    if let Some(decision) = specific.get("permissionDecision").and_then(s) {
        // deny wins over ask, ask over allow, whatever the order the hooks answered in.
        let rank = |d: &str| match d {
            "deny" => 3,
            "ask" => 2,
            "allow" => 1,
            _ => 0,
        };
        let current = outcome
            .permission_decision
            .as_ref()
            .map(|(d, _)| rank(d))
            .unwrap_or(0);
        if rank(&decision) > current {
            let reason = specific.get("permissionDecisionReason").and_then(s);
            outcome.permission_decision = Some((decision, reason));
        }
    }
    if let Some(updated) = specific.get("updatedInput").filter(|v| v.is_object()) {
        outcome.updated_input = Some(updated.clone());
    }
    if let Some(decision) = specific
        .get("decision")
        .filter(|d| d.get("behavior").and_then(Value::as_str).is_some())
    {
        // A deny answer stands over an allow from another hook.
        let deny = |d: &Value| d.get("behavior").and_then(Value::as_str) == Some("deny");
        if !outcome.permission_request.as_ref().is_some_and(deny) {
            outcome.permission_request = Some(decision.clone());
        }
    }
    if let Some(ctx) = specific.get("additionalContext").and_then(s) {
        outcome.additional_context.push(ctx);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matcher_patterns() {
        assert!(matches(None, Some("Bash")));
        assert!(matches(Some("Bash"), Some("Bash")));
        assert!(!matches(Some("Bash"), Some("Read")));
        assert!(matches(Some("Edit|Write"), Some("Write")));
        assert!(matches(Some("mcp__.*"), Some("mcp__srv__tool")));
        assert!(matches(Some("*"), Some("Read")));
    }

    #[test]
    fn deny_outranks_allow() {
        let mut o = HookOutcome::default();
        let allow = json!({"hookSpecificOutput": {"permissionDecision": "allow"}});
        let deny = json!({"hookSpecificOutput": {"permissionDecision": "deny",
            "permissionDecisionReason": "no"}});
        fold(&mut o, deny.as_object().unwrap());
        fold(&mut o, allow.as_object().unwrap());
        assert_eq!(
            o.permission_decision,
            Some(("deny".into(), Some("no".into())))
        );
    }
}

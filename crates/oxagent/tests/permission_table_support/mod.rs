//! Runs the permission table: lays each scenario's workspace, rebuilds its rule set and mode,
//! and decides every call of the reference's trace with the core's rule engine.

use crate::scenario::workspace;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use futures::future::BoxFuture;
use oxagent::core::permission::evaluate::{evaluate, settle, Outcome};
use oxagent::core::permission::{PermissionContext, ToolPermission};
use oxagent::core::rules::{RuleBehavior, RuleSet, RuleSource};
use oxagent::core::tool::{Tool, ToolContext, ToolOutput};
use oxagent::PermissionMode;
use serde_json::Value;

pub struct TableReport {
    pub cases: usize,
    pub bash_cases: usize,
    /// `scenario/tool_use_id` -> what differs.
    pub mismatches: Vec<(String, String)>,
    /// `scenario/tool_use_id` of the mismatches where we refuse the call.
    pub we_refuse: Vec<String>,
    /// `scenario/tool_use_id` -> reason, from each scenario's `deliberate` map.
    pub deliberate: Vec<(String, String)>,
}

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/conformance")
}

fn load(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap()
}

/// Bash whose shell stands in a given directory (the reference's shell keeps `cd`s).
struct BashAt {
    cwd: PathBuf,
}

impl Tool for BashAt {
    fn name(&self) -> &str {
        "Bash"
    }
    fn description(&self) -> String {
        String::new()
    }
    fn input_schema(&self) -> Value {
        serde_json::json!({})
    }
    fn check_permission(&self, input: &Value, ctx: &PermissionContext) -> ToolPermission {
        let command = input["command"].as_str().unwrap_or("");
        oxagent_tools::permission_checks::check_bash(command, &self.cwd, ctx)
    }
    fn call<'a>(&'a self, _: Value, _: &'a ToolContext) -> BoxFuture<'a, ToolOutput> {
        Box::pin(async { ToolOutput::text("") })
    }
}

/// A tool with no check of its own (every call asks), for tools the table only names.
struct Plain(String);

impl Tool for Plain {
    fn name(&self) -> &str {
        &self.0
    }
    fn description(&self) -> String {
        String::new()
    }
    fn input_schema(&self) -> Value {
        serde_json::json!({})
    }
    fn call<'a>(&'a self, _: Value, _: &'a ToolContext) -> BoxFuture<'a, ToolOutput> {
        Box::pin(async { ToolOutput::text("") })
    }
}

fn rules_of(scenario: &Value, ws: &Path) -> RuleSet {
    let mut rules = RuleSet::default();
    let opts = &scenario["options"];
    for (key, behavior) in [
        ("disallowed_tools", RuleBehavior::Deny),
        ("allowed_tools", RuleBehavior::Allow),
    ] {
        for r in opts[key].as_array().into_iter().flatten() {
            rules
                .add(behavior, RuleSource::CliArg, r.as_str().unwrap())
                .unwrap();
        }
    }
    let sources: Vec<&str> = opts["setting_sources"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    if sources.contains(&"project") {
        let settings = load(&ws.join(".claude/settings.json"));
        // The project's file only narrows: its allow rules are not taken (as the settings
        // loader of the runtime does, and the reference).
        for (key, behavior) in [("deny", RuleBehavior::Deny), ("ask", RuleBehavior::Ask)] {
            for r in settings["permissions"][key]
                .as_array()
                .into_iter()
                .flatten()
            {
                rules
                    .add(behavior, RuleSource::ProjectSettings, r.as_str().unwrap())
                    .unwrap();
            }
        }
    }
    rules
}

/// `tool_use_id` -> `decision_reason_type` (`None`: announced without a type) of the
/// permission_denied messages of a trace (TS or Python shape).
fn announced(golden: &Value) -> BTreeMap<String, Option<String>> {
    let mut out = BTreeMap::new();
    for m in golden["messages"].as_array().into_iter().flatten() {
        let data = if m["type"] == "SystemMessage" {
            &m["data"]
        } else {
            m
        };
        if m["subtype"] == "permission_denied" {
            let id = data["tool_use_id"].as_str().unwrap_or("").to_string();
            out.insert(
                id,
                data["decision_reason_type"].as_str().map(str::to_string),
            );
        }
    }
    out
}

pub fn run_table(shared: &[&str], own: &[&str]) -> TableReport {
    let mut report = TableReport {
        cases: 0,
        bash_cases: 0,
        mismatches: Vec::new(),
        we_refuse: Vec::new(),
        deliberate: Vec::new(),
    };
    for name in shared {
        let s = dir().join(format!("scenarios/{name}.json"));
        let g = dir().join(format!("golden-ts/{name}.json"));
        run_one(name, &s, &g, &mut report);
    }
    for name in own {
        let s = dir().join(format!("permissions/{name}.json"));
        let g = dir().join(format!("permissions/golden/{name}.json"));
        run_one(name, &s, &g, &mut report);
    }
    report
}

fn run_one(name: &str, scenario_path: &Path, golden_path: &Path, report: &mut TableReport) {
    let ws = workspace::Workspace::new();
    let scenario = ws.resolve(&load(scenario_path));
    ws.lay(&scenario);
    let golden = ws.resolve(&load(golden_path));
    let mode = scenario["options"]["permission_mode"]
        .as_str()
        .and_then(PermissionMode::parse)
        .unwrap_or_default();
    let ctx = PermissionContext {
        cwd: ws.ws.clone(),
        additional_directories: Vec::new(),
        mode,
        rules: rules_of(&scenario, &ws.ws),
        home: Some(ws.home.clone()),
        shell_dir: None,
        no_auto_mode: scenario["options"]["model"]
            .as_str()
            .is_some_and(|m| !oxagent_core::model_names::runs_auto_mode(m)),
        agent_id: None,
    };
    let builtins: BTreeMap<String, Arc<dyn Tool>> =
        oxagent_tools::builtin_tools(&Default::default())
            .into_iter()
            .map(|t| (t.name().to_string(), t))
            .collect();
    let denied_with = announced(&golden);
    for (id, reason) in scenario["deliberate"].as_object().into_iter().flatten() {
        report.deliberate.push((
            format!("{name}/{id}"),
            reason.as_str().unwrap_or("").to_string(),
        ));
    }
    let mut shell_cwd = ws.ws.clone();
    // A `cd` in a read-only line moves the shell when its response's read-only calls are
    // done: the calls beside it are checked where the shell stood (perm_more_default).
    let response_of = |id: &str| {
        scenario["responses"].as_array().and_then(|rs| {
            rs.iter().position(|r| {
                r["content"]
                    .as_array()
                    .is_some_and(|c| c.iter().any(|b| b["id"] == id))
            })
        })
    };
    let mut pending: Option<(Option<usize>, PathBuf)> = None;
    for d in golden["tool_decisions"].as_array().into_iter().flatten() {
        let id = d["id"].as_str().unwrap_or("");
        let read_only = d["tool"] == "Bash"
            && d["input"]["command"]
                .as_str()
                .is_some_and(oxagent_tools::permission_checks::bash::is_read_only);
        if let Some((response, dir)) = pending.take() {
            if response == response_of(id) && read_only {
                pending = Some((response, dir));
            } else {
                shell_cwd = dir;
            }
        }
        let tool_name = d["tool"].as_str().unwrap_or("");
        let input = &d["input"];
        let bash = BashAt {
            cwd: shell_cwd.clone(),
        };
        let plain = Plain(tool_name.to_string());
        let tool: &dyn Tool = match tool_name {
            "Bash" => &bash,
            other => builtins
                .get(other)
                .map_or(&plain as &dyn Tool, |t| t.as_ref()),
        };
        let ours = match evaluate(tool, input, &ctx, None) {
            Outcome::Allow | Outcome::Fail(_) => None,
            Outcome::ToolError(text) => Some((text, None)),
            Outcome::Deny(den) => Some((den.message, Some(den.reason_type))),
            Outcome::Ask(p) => settle(&p, tool_name, input, &ctx, false)
                .map(|den| (den.message, Some(den.reason_type))),
        };
        let theirs = (d["outcome"] == "denied").then(|| {
            (
                d["text"].as_str().unwrap_or("").to_string(),
                denied_with.get(id).cloned(),
            )
        });
        let normalize = |v: Option<(String, Option<Option<String>>)>| {
            v.map(|(text, t)| (ws.normalize(&Value::String(text)), t))
        };
        let (ours, theirs) = (normalize(ours), normalize(theirs));
        report.cases += 1;
        if tool_name == "Bash" {
            report.bash_cases += 1;
        }
        if ours != theirs {
            if ours.is_some() {
                report.we_refuse.push(format!("{name}/{id}"));
            }
            let show = |v: &Option<(Value, Option<Option<String>>)>| match v {
                None => "runs".to_string(),
                Some((text, t)) => format!("denied {t:?}: {text}"),
            };
            report.mismatches.push((
                format!("{name}/{id}"),
                format!(
                    "{name}/{id} {tool_name} {input}\n    reference: {}\n    ours:      {}",
                    show(&theirs),
                    show(&ours)
                ),
            ));
        }
        if tool_name == "Bash" && d["outcome"] != "denied" {
            let cmd = input["command"].as_str().unwrap_or("");
            if let Some(first) = oxagent::core::rules::shell::parse(cmd).commands.first() {
                if first.words.first().map(String::as_str) == Some("cd") {
                    if let Some(dir) = first.words.get(1) {
                        let to =
                            oxagent::core::rules::path::resolve(dir, &shell_cwd, Some(&ws.home));
                        if oxagent_tools::permission_checks::bash::is_read_only(cmd) {
                            pending = Some((response_of(id), to));
                        } else {
                            shell_cwd = to;
                        }
                    }
                }
            }
        }
    }
}

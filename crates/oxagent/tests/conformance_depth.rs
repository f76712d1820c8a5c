//! The conformance-in-depth scenarios (`tests/conformance/{turns,outputs,paths,refusals,thinking,models,faults,tools,...}/`,
//! written by `tests/conformance/gen/generate.py`), run through the Rust facade and compared
//! with the official TypeScript SDK's traces (`<area>/golden-ts/`), as `conformance.rs`
//! compares the shared ones.
//!
//! One test per area runs every scenario of the area that has a trace, a few at a time, and
//! reports all the scenarios that differ. `CONFORMANCE_ONLY=substring` narrows the run.
//!
//! `tests/conformance/depth-pending.txt` lists the scenarios known to differ still (one
//! `area/name` a line); a listed scenario that now matches fails the run too, so the list
//! only shrinks as fixes land; a line `?area/name` marks one whose outcome depends on timing.
//!
//! Scenarios whose paths start at the home directory are left to the Python and Node runs:
//! the tools expand `~` with the process's `HOME`, which this in-process run cannot point at
//! the scenario's scratch home.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::scenario;

use std::path::Path;
use std::sync::Mutex;

fn conformance_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/conformance")
}

/// The scenarios known to differ still. A line starting with `?` names one whose outcome
/// depends on timing (it matches on some runs): it is run but neither way reported.
fn pending() -> Vec<String> {
    let text = std::fs::read_to_string(conformance_dir().join("depth-pending.txt")).unwrap();
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

/// The scenarios of `area` that have a TypeScript trace, as `area/name`.
fn scenarios(area: &str) -> Vec<String> {
    let dir = conformance_dir();
    let only = std::env::var("CONFORMANCE_ONLY").unwrap_or_default();
    let mut names: Vec<String> = std::fs::read_dir(dir.join(area).join("golden-ts"))
        .unwrap()
        .filter_map(|e| {
            let name = e.unwrap().file_name().to_string_lossy().into_owned();
            let name = name.strip_suffix(".json")?.to_string();
            dir.join(area)
                .join(format!("{name}.json"))
                .exists()
                .then_some(name)
        })
        .filter(|name| name.contains(&only) && !HOME_PATHS.iter().any(|h| name.contains(h)))
        .filter(|name| !writes_home(&dir.join(area).join(format!("{name}.json"))))
        .map(|name| format!("{area}/{name}"))
        .collect();
    names.sort();
    names
}

/// Scenarios that write under `~` (see the module docs).
const HOME_PATHS: &[&str] = &["_tilde", "_home_abs", "paths_hooks_input"];

/// Whether a scenario's scripted calls name a path under `~` (they would touch the real home
/// directory here).
fn writes_home(scenario: &Path) -> bool {
    let text = std::fs::read_to_string(scenario).unwrap_or_default();
    text.contains("\"~/") || text.contains("\"~\"")
}

/// A difference, cut to a readable length.
fn shortened(d: &str) -> String {
    match d.char_indices().nth(400) {
        Some((i, _)) => format!("{}...", &d[..i]),
        None => d.to_string(),
    }
}

/// The scenario's `compare_ignore` patterns (compare.py's: `*` any text, `[*]` any index,
/// `[[]` a literal `[`).
fn compare_ignore(name: &str) -> Vec<String> {
    let file = conformance_dir().join(format!("{name}.json"));
    let scenario: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    scenario["compare_ignore"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|p| p.as_str())
                .map(|p| p.replace("[[]", "["))
                .collect()
        })
        .unwrap_or_default()
}

/// Whether the difference `d` (`path: what`) is at or under a path `pattern` matches.
fn ignores(pattern: &str, d: &str) -> bool {
    fn glob(p: &[u8], s: &[u8]) -> bool {
        match p.split_first() {
            None => s.is_empty(),
            Some((b'*', rest)) => (0..=s.len()).any(|i| glob(rest, &s[i..])),
            Some((c, rest)) => s.first() == Some(c) && glob(rest, &s[1..]),
        }
    }
    let path = d.split(": ").next().unwrap_or(d);
    glob(pattern.as_bytes(), path.as_bytes())
        || glob(format!("{pattern}.*").as_bytes(), path.as_bytes())
}

fn check_area(area: &str) {
    let pending = pending();
    let queue = Mutex::new(scenarios(area));
    let failed = Mutex::new(Vec::new());
    let fixed = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..4 {
            s.spawn(|| loop {
                let Some(name) = queue.lock().unwrap().pop() else {
                    break;
                };
                let (mut diffs, _) = scenario::differences(&name);
                let ignored = compare_ignore(&name);
                diffs.retain(|d| !ignored.iter().any(|p| ignores(p, d)));
                if pending.contains(&format!("?{name}")) {
                    // Unsteady: either outcome is expected.
                } else if pending.contains(&name) {
                    if diffs.is_empty() {
                        fixed.lock().unwrap().push(name);
                    }
                } else if !diffs.is_empty() {
                    let shown: Vec<String> = diffs.iter().take(5).map(|d| shortened(d)).collect();
                    failed.lock().unwrap().push(format!(
                        "{name}: {} difference(s)\n  {}",
                        diffs.len(),
                        shown.join("\n  ")
                    ));
                }
            });
        }
    });
    let mut failed = failed.into_inner().unwrap();
    failed.sort();
    assert!(
        failed.is_empty(),
        "{} scenario(s) of {area} differ from the reference:\n{}",
        failed.len(),
        failed.join("\n")
    );
    let mut fixed = fixed.into_inner().unwrap();
    fixed.sort();
    assert!(
        fixed.is_empty(),
        "these scenarios match the reference now; take them off depth-pending.txt:\n{}",
        fixed.join("\n")
    );
}

#[test]
fn turns() {
    check_area("turns");
}

#[test]
fn outputs() {
    check_area("outputs");
}

#[test]
fn paths() {
    check_area("paths");
}

#[test]
fn refusals() {
    check_area("refusals");
}

#[test]
fn thinking() {
    check_area("thinking");
}

#[test]
fn models() {
    check_area("models");
}

/// Faults of the Messages API (statuses, retries, cut and broken streams): see
/// docs/reliability.md.
#[test]
fn faults() {
    check_area("faults");
}

/// Summary requests the API finds too long, and what each retry keeps.
#[test]
fn compaction() {
    check_area("compaction");
}

/// Usage, cost and turns of resumed, continued and forked sessions.
#[test]
fn resume() {
    check_area("resume");
}

/// Synthetic, streamed and partial messages in situations the other areas do not reach.
#[test]
fn wire() {
    check_area("wire");
}

/// Prompts that name a custom command, a skill or a plugin's command.
#[test]
fn commands() {
    check_area("commands");
}

/// The built-in tools at the edges of their inputs.
#[test]
fn tools() {
    check_area("tools");
}

/// Hook events, outputs, matchers and their meeting with permission rules.
#[test]
fn hookgen() {
    check_area("hookgen");
}

/// Permission modes, rules, settings files, added directories and can_use_tool.
#[test]
fn permgen() {
    check_area("permgen");
}

/// The Skill tool, the `skills` option, `toolAliases`, managed settings, the project's
/// configuration root, the Bash sandbox and variables in Bash commands.
#[test]
fn surface3() {
    check_area("surface3");
}

/// The SendMessage tool: continuing a finished agent by id or name, unknown names, the tools
/// option (`tests/conformance/sendmsg/`, recorded with its run_sendmsg.py).
#[test]
fn sendmsg() {
    check_area("sendmsg");
}

/// The MCP resource tools: listing, reading text and binary resources, and their errors
/// (`tests/conformance/mcpres/`, a stdio server with resources).
#[test]
fn mcpres() {
    check_area("mcpres");
}

/// Local plugins: their commands, skills, agents, hooks and MCP servers
/// (`tests/conformance/plugins/`).
#[test]
fn plugins() {
    check_area("plugins");
}

/// Tools called by their former names (`Task` for Agent, `KillShell` for TaskStop, ...)
/// (`tests/conformance/aliases/`).
#[test]
fn aliases() {
    check_area("aliases");
}

/// `fallback_model`: the switch on overloaded, server-error and model-not-found answers
/// (`tests/conformance/fallback/`).
#[test]
fn fallback() {
    check_area("fallback");
}

/// Skills whose front matter says `context: fork` (`tests/conformance/skillfork/`).
#[test]
fn skillfork() {
    check_area("skillfork");
}

/// Every hook event logged in situations that fire the rarer ones (MessageDisplay,
/// StopFailure, UserPromptExpansion, ...) (`tests/conformance/hookevents/`).
#[test]
fn hookevents() {
    check_area("hookevents");
}

/// Bash in the sandbox reaching hosts through its proxy under the `sandbox.network` rules
/// (`tests/conformance/sandboxnet/`).
#[test]
fn sandboxnet() {
    // scripts/with-test-services.sh installs them, as the README's test command runs it.
    for tool in ["bwrap", "socat"] {
        assert!(
            which(tool).is_some(),
            "sandboxnet needs {tool} (Debian: bubblewrap, socat)"
        );
    }
    check_area("sandboxnet");
}

/// Bash lines with variables in each quoting, asked about through can_use_tool
/// (`tests/conformance/hazards/`).
#[test]
fn hazards() {
    check_area("hazards");
}

/// Shell-command hooks that exit 2, from a settings file or a plugin
/// (`tests/conformance/hookexit/`).
#[test]
fn hookexit() {
    check_area("hookexit");
}

/// Read, Write, Edit and NotebookEdit in varied edge cases (`tests/conformance/toolvar-files/`).
#[test]
fn toolvar_files() {
    check_area("toolvar-files");
}

/// Grep, Glob and Bash in varied edge cases (`tests/conformance/toolvar-search/`).
#[test]
fn toolvar_search() {
    check_area("toolvar-search");
}

/// rm and rmdir of critical and workspace directories, asked about in every mode
/// (`tests/conformance/rmsafety/`).
#[test]
fn rmsafety() {
    check_area("rmsafety");
}

/// Variants of the shared scenarios (API errors, Bash, CLAUDE.md, can_use_tool, costs,
/// Edit; `tests/conformance/variants-a/`).
#[test]
fn variants_a() {
    check_area("variants-a");
}

/// Variants of the shared scenarios (permissions, hooks, reads, sessions, stop reasons,
/// streams, tools; `tests/conformance/variants-b/`).
#[test]
fn variants_b() {
    check_area("variants-b");
}

/// CLAUDE.md files, rules and imports loaded at the start and brought in by tool calls
/// (`tests/conformance/memory/`).
#[test]
fn memory() {
    check_area("memory");
}

/// The bill of an answer cut mid-stream (`tests/conformance/streamcut/`).
#[test]
fn streamcut() {
    check_area("streamcut");
}

/// Variants of more shared scenario families (compaction, invalid input, unknown tools,
/// parallel calls, max_turns, models, system prompts, tools, text, Write;
/// `tests/conformance/variants-c/`).
#[test]
fn variants_c() {
    check_area("variants-c");
}

/// Variants of the thinnest shared families (costs, PostToolUse/PreToolUse hooks, forks,
/// reads, Bash output, permission modes, can_use_tool denials; `tests/conformance/variants-d/`).
#[test]
fn variants_d() {
    check_area("variants-d");
}

/// Variants of the agent loop and session families (API errors and their retries, costs,
/// max_turns, max_tokens stops, stream cuts, tool loops, resume and continue after a failed
/// call; `tests/conformance/variants-e/`).
#[test]
fn variants_e() {
    check_area("variants-e");
}

/// How the `model` option is read: aliases in any case, `[1m]`, `-latest` and other
/// spellings of full ids (`tests/conformance/modelnames/`).
#[test]
fn modelnames() {
    check_area("modelnames");
}

/// Files acceptEdits does not write on its own (`.git/`, `.claude/`, dot files) in every
/// mode, Glob/Grep missing by how, tool_use ids used twice (`tests/conformance/protected/`).
#[test]
fn protected() {
    check_area("protected");
}

/// Read deny rules of every kind (settings and `disallowed_tools`) in Grep's and Glob's
/// results and on calls naming a denied path (`tests/conformance/denyrules/`).
#[test]
fn denyrules() {
    check_area("denyrules");
}

/// Variants of the tool and permission families (rule spellings, can_use_tool denials,
/// rewrites and offered rules, multi-line and deleting edits, read windows, Grep and Glob
/// argument mixes, Bash cwd, exits and timeouts; `tests/conformance/variants-f/`).
#[test]
fn variants_f() {
    check_area("variants-f");
}

/// Variants of the hook, subagent, session, structured-output and result families (several
/// hooks on one event, hooks beside can_use_tool, subagent tool lists and models, resumes
/// after other endings, schemas of every shape, budgets; `tests/conformance/variants-g/`).
#[test]
fn variants_g() {
    check_area("variants-g");
}

/// Variants of the slash command, settings file, MCP, thinking and API-wire families
/// (command front matter and arguments, built-in commands, settings under each
/// setting_sources, stdio MCP results, names and rules, stream errors and stop reasons;
/// `tests/conformance/variants-h/`).
#[test]
fn variants_h() {
    check_area("variants-h");
}

/// Variants of the background-task, web, notebook, task-list and todo families (background
/// Bash and the task tools, WebFetch/WebSearch input errors and modes, NotebookEdit in the
/// permission modes, TaskCreate..TaskUpdate on claude-sonnet-4-5; `tests/conformance/variants-i/`).
#[test]
fn variants_i() {
    check_area("variants-i");
}

#[test]
fn variants_j() {
    check_area("variants-j");
}

/// Skills on disk (front matter, sources, the `skills` option, `/name` prompts), agent
/// definitions (tools, disallowedTools, models, unknown types, nested calls),
/// include_hook_events, session_id, extra_args and settings as a JSON string
/// (`tests/conformance/variants-k/`).
#[test]
fn variants_k() {
    check_area("variants-k");
}

/// Random mixes of permission modes, rules (option and settings), can_use_tool answers and
/// calls on paths written every way, and the rules they found pinned by hand-written ones
/// (`tests/conformance/fuzz-a/`).
#[test]
fn fuzz_a() {
    check_area("fuzz-a");
}

/// Random mixes of hook callbacks (PreToolUse, PostToolUse, PostToolUseFailure,
/// UserPromptSubmit), can_use_tool answers and permission modes over fuzz-a's calls
/// (`tests/conformance/fuzz-c/`).
#[test]
fn fuzz_c() {
    check_area("fuzz-c");
}

/// Random mixes of built-in tool calls in bypassPermissions (odd files, offsets and limits,
/// edits, search patterns and modes, commands, inputs of the wrong shape), and the rules they
/// found pinned by hand-written ones (`tests/conformance/fuzz-b/`).
#[test]
fn fuzz_b() {
    check_area("fuzz-b");
}

/// The reference's deferred product tools: CronCreate, CronDelete, CronList, EnterWorktree,
/// ExitWorktree and Monitor (`tests/conformance/prodtools/`).
#[test]
fn prodtools() {
    check_area("prodtools");
}

/// `/cost` and `/usage` as prompts, alone and after a resumed session's work
/// (`tests/conformance/costcmd/`).
#[test]
fn costcmd() {
    check_area("costcmd");
}

/// A refused response that holds tool calls (`tests/conformance/refusalcalls/`).
#[test]
fn refusalcalls() {
    check_area("refusalcalls");
}

fn which(name: &str) -> Option<std::path::PathBuf> {
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}

/// The loop under random answers and limits: stop reasons, usage, API errors and retries,
/// broken streams, max_turns, max_budget_usd, partial messages, resumes
/// (`tests/conformance/fuzz-d/`).
#[test]
fn fuzz_d() {
    check_area("fuzz-d");
}

/// Sessions over several queries: resumes, forks, resumes at an earlier answer, continued
/// sessions, torn transcripts, session stores (`tests/conformance/fuzz-e/`).
#[test]
fn fuzz_e() {
    check_area("fuzz-e");
}

/// Subagents at random: custom agents' tools, models, limits and modes, nested agents,
/// hooks and callbacks, answers cut short or failed (`tests/conformance/fuzz-f/`).
#[test]
fn fuzz_f() {
    check_area("fuzz-f");
}

/// Compaction at random: models and their thresholds, the compaction variables, hooks,
/// summary answers that fail, resumed `/compact`, max_turns (`tests/conformance/fuzz-g/`).
#[test]
fn fuzz_g() {
    check_area("fuzz-g");
}

/// The options of a session at random: modes, tools lists, allowed and disallowed tools,
/// system prompts, models, thinking, effort, betas, settings files and their sources, added
/// directories, structured output (`tests/conformance/fuzz-h/`).
#[test]
fn fuzz_h() {
    check_area("fuzz-h");
}

/// The hooks of a turn's end and of its permissions at random: Stop, StopFailure,
/// PostToolBatch, PermissionRequest, PermissionDenied, MessageDisplay, Notification,
/// UserPromptSubmit and the tool hooks, each answering in one of the ways a hook may
/// (`tests/conformance/fuzz-i/`).
#[test]
fn fuzz_i() {
    check_area("fuzz-i");
}

/// Tools of stdio MCP servers at random: results of every shape (malformed ones too),
/// permission modes and rules, callbacks, tool hooks, tool search (`tests/conformance/fuzz-k/`).
#[test]
fn fuzz_k() {
    check_area("fuzz-k");
}

/// Instruction files at random: CLAUDE.md files, rules and imports in the workspace, its
/// subdirectories, above it and at home, the setting sources, the calls that reach them, and
/// resumed sessions (`tests/conformance/fuzz-l/`; what the model is told of them is checked
/// by `memory_resume` and the faces' `memtext.py`).
#[test]
fn fuzz_l() {
    check_area("fuzz-l");
}

/// Slash commands, skills and plugins at random: command files and skills at both levels, a
/// local plugin, the setting sources, the `skills` option, `/name` prompts and Skill calls
/// of skills and commands alike, resumed sessions (`tests/conformance/fuzz-m/`).
#[test]
fn fuzz_m() {
    check_area("fuzz-m");
}

/// The probes behind fuzz-h's rules: the model plan mode runs, writes of unread files per
/// model and settings, plan mode's questions per model, when answers given without a run
/// and a read's refusal go out while the response streams (`tests/conformance/optprobes/`).
#[test]
fn optprobes() {
    check_area("optprobes");
}

/// Options no random area drew: `verbatim_prompts`, `env`, `resume_drops_turn`,
/// `permission_prompt_tool_name="stdio"` without a callback, `task_budget`,
/// `include_hook_events` (`tests/conformance/optedge/`).
#[test]
fn optedge() {
    check_area("optedge");
}

/// The shell commands of command files and skills (``!`cmd` ``, ```` ```! ```` blocks): which
/// text runs, what replaces it, failures, permissions, `disableSkillShellExecution`
/// (`tests/conformance/shellcmds/`).
#[test]
fn shellcmds() {
    check_area("shellcmds");
}

/// Settings files the reference's schema refuses, in whole or in part, and the warning
/// that says so (`tests/conformance/settingscheck/`).
#[test]
fn settingscheck() {
    check_area("settingscheck");
}

/// A settings file's hooks that do not load: the file set aside when one may guard what it
/// allows, else the entry (`tests/conformance/hooksettings/`).
#[test]
fn hooksettings() {
    check_area("hooksettings");
}

/// MCP servers the config files declare: `.mcp.json` (and the folders above), `~/.claude.json`
/// for the user and for the project, their setting sources, precedence, `disabledMcpjsonServers`,
/// `${VAR}` expansion, files that do not parse (`tests/conformance/mcpfiles/`).
#[test]
fn mcpfiles() {
    check_area("mcpfiles");
}

/// How long an MCP tool call may take (`MCP_TOOL_TIMEOUT`, a server's `timeout`) and the
/// error the model reads past it (`tests/conformance/mcptimeout/`).
#[test]
fn mcptimeout() {
    check_area("mcptimeout");
}

/// MCP servers in an agent's definition: inline servers started for it, names of the
/// session's, and what a subagent's call of a tool it lacks reads (`tests/conformance/agentmcp/`).
#[test]
fn agentmcp() {
    check_area("agentmcp");
}

/// The names the Skill tool suggests for an unknown one, with the reference's bundled skills
/// turned off or not (`tests/conformance/bundledskills/`).
#[test]
fn bundledskills() {
    check_area("bundledskills");
}

/// `CLAUDE_CODE_MAX_SUBAGENT_SPAWN_DEPTH`: which agents started by agents still have the
/// Agent tool (`tests/conformance/spawndepth/`).
#[test]
fn spawndepth() {
    check_area("spawndepth");
}

/// What a result says when the budget runs out after an answer whose calls never run (its
/// stop reason, usage, the agents it started), and the token budget reminder
/// (`tests/conformance/budgetstop/`).
#[test]
fn budgetstop() {
    check_area("budgetstop");
}

/// The texts of calls to tools the session does not offer (`tests/conformance/unknowns/`).
#[test]
fn unknowns() {
    check_area("unknowns");
}

/// `bashEditDiff` in git work trees: what each command changed (hunks, created and deleted
/// files, the five shown and the rest counted), a repository made during the session, one
/// git cannot read (`tests/conformance/gitdiff/`).
#[test]
fn gitdiff() {
    check_area("gitdiff");
}

/// Rules found by probing one input at a time: PreCompact hooks per trigger, the blocking
/// limit, unknown tools beside others, `CLAUDE_CODE_MAX_OUTPUT_TOKENS`
/// (`tests/conformance/edges/`).
#[test]
fn edges() {
    check_area("edges");
}

/// A PreToolUse hook's `defer`: the query ends with the call in `deferred_tool_use`, and a
/// resume runs it first (`tests/conformance/defer/`).
#[test]
fn defer() {
    check_area("defer");
}

/// What PostToolUse, UserPromptSubmit and SessionStart hooks may hand back: a tool's output
/// in place of its own, a session title, a block's notice without the prompt, a prompt the
/// session answers first (`tests/conformance/hookoutput/`).
#[test]
fn hookoutput() {
    check_area("hookoutput");
}

/// Settings hooks of `type: "mcp_tool"`, answered by a tool of a session's MCP server
/// (`tests/conformance/hooktypes/`).
#[test]
fn hooktypes() {
    check_area("hooktypes");
}

/// Bash lines the reference asks about for how they are written (loops, nested commands,
/// assignments, declarations, `case`, functions), and where that question stands among the
/// deny rules (`tests/conformance/shellasks/`).
#[test]
fn shellasks() {
    check_area("shellasks");
}

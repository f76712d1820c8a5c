//! What the model reads when it calls a tool the session does not have.
//!
//! The wording depends on why the tool is missing: Glob and Grep the caller listed in
//! `tools` and then disallowed, or left out of a `tools` list that names the other one, are
//! disabled everywhere; otherwise they point to their shell
//! equivalents when Bash is there, and are plainly "disabled for this session" when it is
//! not; a name the caller disallowed, or a built-in tool this
//! session does not offer, reads "disabled for this session"; a name that differs from an offered
//! tool only by letter case says tool names are case-sensitive; anything else is plainly
//! unknown. A subagent is told to go on with the tools it has.

/// Built-in tool names a session may leave out: calling one of them when it is not offered
/// is a disabled tool rather than an unknown one.
const BUILT_IN: &[&str] = &[
    "Agent",
    "AskUserQuestion",
    "Bash",
    "Edit",
    "EnterPlanMode",
    "ExitPlanMode",
    "NotebookEdit",
    "Read",
    "Skill",
    "Task",
    "TaskStop",
    "TodoWrite",
    "ToolSearch",
    "WebFetch",
    "WebSearch",
    "Write",
];

/// Why a called tool is missing, as far as the wording goes.
pub(crate) struct Missing<'a> {
    pub name: &'a str,
    /// The caller's `disallowed_tools` names it.
    pub disallowed: bool,
    /// The caller's `tools` list names it (the default set does not count).
    pub listed: bool,
    /// The call comes from a subagent.
    pub subagent: bool,
    /// The caller gave a `tools` list and it leaves this name out.
    pub outside_list: bool,
    /// The caller's `tools` list, or an allow rule, names Glob or Grep.
    pub search_listed: bool,
    /// The session would offer it but its minimal mode holds it back.
    pub withheld: bool,
}

/// Tools a session may have besides the built-in ones above: a subagent calling another
/// name calls a tool no session has.
const OTHER_KNOWN: &[&str] = &[
    "Glob",
    "Grep",
    "TaskCreate",
    "TaskGet",
    "TaskList",
    "TaskUpdate",
    "Monitor",
    "CronCreate",
    "CronDelete",
    "CronList",
    "SendMessage",
    "KillShell",
    "LSP",
    "EnterWorktree",
    "ExitWorktree",
    "StructuredOutput",
];

/// The error text (without the `<tool_use_error>` wrapping) for a call to a missing tool;
/// `offered` are the names of the session's tools.
pub(crate) fn missing_tool_text<'a>(
    missing: &Missing<'_>,
    offered: impl IntoIterator<Item = &'a str>,
) -> String {
    let name = missing.name;
    let head = format!("Error: No such tool available: {name}");
    let offered: Vec<&str> = offered.into_iter().collect();
    // Held back by the minimal mode: absent rather than disabled, but Glob and Grep still
    // point to the shell when there is one (optedge/oe_var_simple_*).
    let shell_hint = search_tool_hint(name).is_some() && offered.contains(&"Bash");
    if missing.withheld && !shell_hint && !missing.disallowed {
        return format!(
            "{head}. {name} is not among the tools available here. Continue with the tools you have."
        );
    }
    // Glob and Grep: disabled everywhere when listed and then disallowed; else the shell
    // when there is one (disallowed or not), else plainly disabled.
    if let Some(hint) = search_tool_hint(name) {
        // So does a `tools` list that names the other one and leaves this one out, Bash or
        // not (fuzz-h/fh_016, fh_049, fh_054); a list naming neither leaves them to the shell
        // (protected/pp_glob_*).
        let left_out = missing.outside_list && missing.search_listed;
        if (left_out || missing.disallowed && missing.listed) && !missing.subagent {
            return format!(
                "{head}. {name} is disabled for this session, in subagents as well as here."
            );
        }
        // A subagent without Bash (its definition leaves it out) is told plainly too
        // (fuzz-f/ff_015).
        if offered.contains(&"Bash") {
            return format!("{head}. {hint}");
        }
        return format!("{head}. {name} is disabled for this session.");
    }
    // The reference's tools for talking to the user outside the answer.
    if matches!(name, "Brief" | "SendUserMessage") && !missing.subagent {
        return format!(
            "{head}. {name} is not enabled in this session \u{2014} write your message as normal assistant text instead."
        );
    }
    // A disallowed MCP tool is only absent (vh_mcp_deny_tool_bypass).
    if missing.disallowed && !name.starts_with("mcp__") {
        return format!(
            "{head}. {name} is disabled for this session, in subagents as well as here."
        );
    }
    if missing.subagent {
        let current = crate::tool::current_name(name);
        let known = BUILT_IN.contains(&current)
            || OTHER_KNOWN.contains(&current)
            || NEED_A_SOURCE.contains(&current);
        // A name no session has is plainly unknown (vk_ag_tools_unknown_name), and so is an
        // MCP tool the agent lacks (its `tools` or `disallowedTools`: probes am_*); a built-in
        // tool the caller's `tools` list leaves out is disabled everywhere
        // (vk_ag_tools_list_outer).
        if !known {
            return head;
        }
        if missing.outside_list && BUILT_IN.contains(&current) {
            return format!(
                "{head}. {name} is disabled for this session, in subagents as well as here."
            );
        }
    }
    // Tools that come with something the session lacks (MCP resources) are not disabled,
    // only absent, unless the caller's `tools` list leaves them out.
    let needs_source = NEED_A_SOURCE.contains(&crate::tool::current_name(name));
    if !missing.subagent && needs_source && missing.outside_list {
        return format!(
            "{head}. {name} is disabled for this session, in subagents as well as here."
        );
    }
    if missing.subagent || needs_source {
        return format!(
            "{head}. {name} is not among the tools available here. Continue with the tools you have."
        );
    }
    if name == "SendMessage" {
        // The Agent tool's hand-backs tell the model to continue an agent with it; the last
        // sentence only where there is an Agent tool to start one with (un_tools_list).
        let follow_up = if offered.iter().any(|n| matches!(*n, "Agent" | "Task")) {
            " To follow up on an agent's work, start a new Agent call with everything it needs in its prompt."
        } else {
            ""
        };
        return format!(
            "{head}. SendMessage is not among the tools available here. An agent cannot be continued from this context. To message another session, use your host application's own messaging tool if it provides one; otherwise that is not possible from here.{follow_up}"
        );
    }
    if BUILT_IN.contains(&name) || MAIN_DISABLED.contains(&name) {
        return format!(
            "{head}. {name} is disabled for this session, in subagents as well as here."
        );
    }
    if let Some(right) = offered.into_iter().find(|o| o.eq_ignore_ascii_case(name)) {
        return format!("{head}. Tool names are case-sensitive: call {right} instead.");
    }
    head
}

/// More of the reference's tool names a session of the main agent may be without: calling
/// one reads "disabled for this session" too (unknown_names: recorded by calling each name
/// in a session with a `tools` list and in one without). Names it does not know, or knows
/// only in other forms (`TodoRead`, `MultiEdit`, `LS`, `StructuredOutput`, ...), are plainly
/// unknown.
const MAIN_DISABLED: &[&str] = &[
    "TaskCreate",
    "TaskGet",
    "TaskList",
    "TaskUpdate",
    "KillShell",
    "LSP",
    "RemoteTrigger",
    "PushNotification",
    "CronCreate",
    "CronDelete",
    "CronList",
    "EnterWorktree",
    "ExitWorktree",
    "Workflow",
    "ReportFindings",
    "ListAgents",
    "ScheduleWakeup",
    "Monitor",
    "SendUserFile",
    "ListPeers",
    "Artifact",
];

/// Built-in tools offered only when the session has what they work on: MCP servers with
/// resources.
const NEED_A_SOURCE: &[&str] = &[
    "ListMcpResourcesTool",
    "ReadMcpResourceTool",
    "ReadMcpResourceDirTool",
];

/// What the model is told to use instead of a search tool the session does not have: the
/// reference names the shell command for Glob and Grep, even when a rule disallows them.
fn search_tool_hint(name: &str) -> Option<&'static str> {
    match name {
        "Glob" => Some(
            "Glob is not available in this session \u{2014} find files with `find` via the Bash tool instead.",
        ),
        "Grep" => Some(
            "Grep is not available in this session \u{2014} search file contents with `grep` via the Bash tool instead.",
        ),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(name: &str, disallowed: bool, offered: &[&str]) -> String {
        let m = Missing {
            name,
            disallowed,
            listed: false,
            subagent: false,
            outside_list: false,
            search_listed: false,
            withheld: false,
        };
        missing_tool_text(&m, offered.iter().copied())
    }

    #[test]
    fn a_tool_the_minimal_mode_holds_back_is_not_among_the_tools() {
        let withheld = |name| Missing {
            name,
            disallowed: false,
            listed: false,
            subagent: false,
            outside_list: false,
            search_listed: false,
            withheld: true,
        };
        let offered = ["Bash", "Edit", "Read"];
        assert_eq!(
            missing_tool_text(&withheld("Write"), offered),
            "Error: No such tool available: Write. Write is not among the tools available here. Continue with the tools you have."
        );
        // Glob still points to the shell.
        assert!(missing_tool_text(&withheld("Glob"), offered)
            .ends_with("find files with `find` via the Bash tool instead."));
        assert!(missing_tool_text(&withheld("Glob"), ["Read"]).ends_with(
            "Glob is not among the tools available here. Continue with the tools you have."
        ));
    }

    #[test]
    fn send_message_missing_says_to_start_a_new_agent() {
        let t = text("SendMessage", false, &["Agent", "Read"]);
        assert!(t.starts_with("Error: No such tool available: SendMessage. SendMessage is not among the tools available here. An agent cannot be continued from this context."));
        assert!(t.ends_with("start a new Agent call with everything it needs in its prompt."));
    }

    #[test]
    fn built_in_tools_not_offered_are_disabled() {
        assert!(text("TodoWrite", false, &["Read"])
            .ends_with("TodoWrite is disabled for this session, in subagents as well as here."));
        assert!(text("Bash", false, &["Read"]).ends_with("in subagents as well as here."));
    }

    /// unknowns/unknown_names*: the reference's other tool names are disabled, names it
    /// does not know are plainly missing, its messaging tools say to write text.
    #[test]
    fn the_references_other_tools_are_disabled_for_the_main_agent() {
        assert!(text("TaskList", false, &["Read"])
            .ends_with("TaskList is disabled for this session, in subagents as well as here."));
        assert!(text("Monitor", false, &["Read"]).ends_with("in subagents as well as here."));
        assert_eq!(
            text("MultiEdit", false, &["Read"]),
            "Error: No such tool available: MultiEdit"
        );
        assert_eq!(
            text("Brief", true, &["Read"]),
            "Error: No such tool available: Brief. Brief is not enabled in this session \u{2014} write your message as normal assistant text instead."
        );
        let listed_out = Missing {
            name: "ListMcpResourcesTool",
            disallowed: false,
            listed: false,
            subagent: false,
            outside_list: true,
            search_listed: false,
            withheld: false,
        };
        assert!(missing_tool_text(&listed_out, ["Read"]).ends_with("in subagents as well as here."));
        assert!(text("ListMcpResourcesTool", false, &["Read"])
            .ends_with("is not among the tools available here. Continue with the tools you have."));
    }

    /// A search tool a `tools` list leaves out: disabled everywhere when the list names the
    /// other one (fh_016, fh_049), else the shell's hint with Bash, plainly disabled without
    /// (pp_glob_listed_bash_disallowed, pp_glob_unlisted_disallowed_bash).
    #[test]
    fn a_search_tool_left_out_of_a_tools_list() {
        let left_out = |search_listed: bool| Missing {
            name: "Grep",
            disallowed: false,
            listed: false,
            subagent: false,
            outside_list: true,
            search_listed,
            withheld: false,
        };
        let everywhere = "Grep is disabled for this session, in subagents as well as here.";
        assert!(missing_tool_text(&left_out(true), ["Read", "Glob"]).ends_with(everywhere));
        assert!(missing_tool_text(&left_out(true), ["Read", "Bash", "Glob"]).ends_with(everywhere));
        assert!(missing_tool_text(&left_out(false), ["Read", "Bash"])
            .ends_with("via the Bash tool instead."));
        assert!(missing_tool_text(&left_out(false), ["Read"])
            .ends_with("Grep is disabled for this session."));
    }

    /// vk_ag_tools_read_calls_bash, vk_ag_tools_unknown_name, vk_ag_tools_list_outer: a
    /// subagent's missing tool by why it is missing.
    #[test]
    fn a_subagents_missing_tool_by_why_it_is_missing() {
        let sub = |name: &str, outside_list: bool| {
            let m = Missing {
                name,
                disallowed: false,
                listed: !outside_list,
                subagent: true,
                outside_list,
                search_listed: false,
                withheld: false,
            };
            missing_tool_text(&m, ["Read"])
        };
        assert_eq!(
            sub("Bash", false),
            "Error: No such tool available: Bash. Bash is not among the tools available here. Continue with the tools you have."
        );
        assert_eq!(
            sub("NoSuchTool", false),
            "Error: No such tool available: NoSuchTool"
        );
        assert_eq!(
            sub("Bash", true),
            "Error: No such tool available: Bash. Bash is disabled for this session, in subagents as well as here."
        );
    }

    #[test]
    fn task_output_never_offered_is_only_unknown() {
        // The reference's SDK sessions have no TaskOutput: calling it reads as an unknown tool.
        assert_eq!(
            text("TaskOutput", false, &["Bash", "Read", "TaskStop"]),
            "Error: No such tool available: TaskOutput"
        );
    }

    #[test]
    fn a_disallowed_mcp_tool_is_only_absent() {
        assert_eq!(
            text("mcp__vh__err", true, &["Read", "mcp__vh__ok"]),
            "Error: No such tool available: mcp__vh__err"
        );
        assert!(text("Write", true, &["Read"]).ends_with("in subagents as well as here."));
    }

    #[test]
    fn glob_and_grep_point_to_the_shell() {
        assert!(text("Glob", false, &["Bash"]).contains("find files with `find`"));
        assert!(text("Grep", false, &["Bash"]).contains("with `grep` via the Bash tool"));
    }

    /// vc_unk_glob_no_bash, vc_unk_glob_disallowed_bash_listed,
    /// vc_tools_glob_grep_disallow_grep, pp_glob_*: how Glob and Grep went missing.
    #[test]
    fn glob_and_grep_by_how_they_went_missing() {
        let head = "Error: No such tool available: Glob. ";
        let with = |disallowed, listed, offered: &[&str]| {
            let m = Missing {
                name: "Glob",
                disallowed,
                listed,
                subagent: false,
                outside_list: false,
                search_listed: false,
                withheld: false,
            };
            missing_tool_text(&m, offered.iter().copied())
        };
        assert_eq!(
            with(false, false, &["Read"]),
            format!("{head}Glob is disabled for this session.")
        );
        assert_eq!(
            with(true, false, &["Read"]),
            format!("{head}Glob is disabled for this session.")
        );
        assert_eq!(
            with(true, false, &["Read", "Bash"]),
            format!("{head}Glob is not available in this session \u{2014} find files with `find` via the Bash tool instead.")
        );
        for offered in [&["Bash"][..], &["Read"][..]] {
            assert_eq!(
                with(true, true, offered),
                format!("{head}Glob is disabled for this session, in subagents as well as here.")
            );
        }
        // A subagent: the shell only when it has Bash (fuzz-f/ff_015).
        let sub = |offered: &[&str]| {
            let m = Missing {
                name: "Glob",
                disallowed: false,
                listed: false,
                subagent: true,
                outside_list: false,
                search_listed: false,
                withheld: false,
            };
            missing_tool_text(&m, offered.iter().copied())
        };
        assert_eq!(
            sub(&["Read", "Write"]),
            format!("{head}Glob is disabled for this session.")
        );
        assert!(sub(&["Read", "Bash"]).contains("find files with `find`"));
    }

    #[test]
    fn letter_case_is_named() {
        assert_eq!(
            text("read", false, &["Bash", "Read"]),
            "Error: No such tool available: read. Tool names are case-sensitive: call Read instead."
        );
    }

    #[test]
    fn other_names_are_plainly_unknown() {
        assert_eq!(
            text("NoSuchTool", false, &["Read"]),
            "Error: No such tool available: NoSuchTool"
        );
        assert!(text("NoSuchTool", true, &[])
            .ends_with("is disabled for this session, in subagents as well as here."));
    }

    #[test]
    fn missing_search_tools_point_at_the_shell() {
        assert!(search_tool_hint("Glob")
            .unwrap()
            .contains("`find` via the Bash tool"));
        assert!(search_tool_hint("Grep")
            .unwrap()
            .contains("`grep` via the Bash tool"));
        assert_eq!(search_tool_hint("Bash"), None);
    }
}

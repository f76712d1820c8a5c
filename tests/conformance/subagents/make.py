#!/usr/bin/env python3
"""Writes the subagent scenarios (the Agent tool, `agents` definitions, .claude/agents/*.md,
background agents, SubagentStart/SubagentStop hooks, can_use_tool inside a subagent...).

Determinism: every scripted response that a subagent or the parent may ask for is selected by
`match` (a token that only that request's LAST user turn carries), so the answer does not depend
on which of two concurrent requests arrives first. `delay_ms` then fixes the order in which the
caller sees the messages of concurrent threads (a background subagent vs. the parent's turn, two
parallel subagents).

Tokens: the parent prompt carries PARENT-PROMPT; a subagent prompt SUB-PROMPT-<X>; a subagent's
final report SUB-ANSWER-<X> (so the parent's follow-up request, whose last user turn holds the
Agent tool result, matches on it); file contents are unique words (alpha-content...).

Record the references' traces with (from this folder):
  python3 /work/shared/conformance/run.py --python ~/venvs/claude-ref/bin/python NAME.json -o golden/NAME.json
  python3 /work/shared/conformance/run.py --node ~/ref-ts/node_modules/@anthropic-ai/claude-agent-sdk NAME.json -o golden-ts/NAME.json
(record.sh does both for every scenario, twice, and reports differences between the runs).
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
SCENARIOS = []


def tool(tid, name, inp):
    return {"type": "tool_use", "id": tid, "name": name, "input": inp}


def text(t):
    return {"type": "text", "text": t}


def resp(*blocks, match=None, delay_ms=None, **kw):
    r = {}
    if match is not None:
        r["match"] = match
    r["content"] = list(blocks)
    if delay_ms:
        r["delay_ms"] = delay_ms
    r.update(kw)
    return r


def agent(tid, desc, prompt, subagent_type=None, bg=False, **extra):
    """An Agent tool_use. bg: True / False / None (None = run_in_background left out)."""
    inp = {"description": desc, "prompt": prompt}
    if subagent_type is not None:
        inp["subagent_type"] = subagent_type
    if bg is not None:
        inp["run_in_background"] = bg
    inp.update(extra)
    return tool(tid, "Agent", inp)


def read(tid, path):
    return tool(tid, "Read", {"file_path": "<WS>/" + path})


FILES = {"notes.txt": "hello notes\n", "a.txt": "alpha-content\n", "b.txt": "beta-content\n"}


def write(name, desc, responses, options=None, prompt="PARENT-PROMPT: delegate the work.",
          files=None, behaviors=None, timeout_s=150, **extra):
    s = {"name": name, "description": desc, "prompt": prompt,
         "options": {"permission_mode": "bypassPermissions"} if options is None else options,
         "files": dict(FILES, **(files or {})),
         "responses": responses,
         "default": {"content": [text("DEFAULT-ANSWER")]},
         "timeout_s": timeout_s}
    if behaviors:
        s["behaviors"] = behaviors
    s.update(extra)
    SCENARIOS.append(name)
    with open(os.path.join(HERE, name + ".json"), "w") as f:
        json.dump(s, f, indent=1, ensure_ascii=False)
        f.write("\n")


# A foreground subagent that reads a.txt and reports; then the parent ends.
def fg_flow(subagent_type, prompt="SUB-PROMPT-A: read a.txt and report.", answer="SUB-ANSWER-A: alpha seen",
            final="PARENT-DONE", agent_extra=None, sub_delay=None):
    return [
        resp(text("Delegating."), agent("toolu_A1", "Read a file", prompt, subagent_type,
                                        **(agent_extra or {})), match="PARENT-PROMPT"),
        resp(text("SUB-TEXT-1 reading."), read("toolu_S1", "a.txt"), match="SUB-PROMPT-A",
             delay_ms=sub_delay),
        resp(text(answer), match="alpha-content"),
        resp(text(final), match="SUB-ANSWER-A"),
    ]


REVIEWER = {"description": "Reviews text files and reports what they say.",
            "prompt": "You are REVIEWER-SYSTEM-PROMPT. Read the files you are given and report.",
            "tools": ["Read", "Glob"]}

# ---------------------------------------------------------------- 1. foreground basics
write("subagent_fg_general_purpose",
      "Foreground Agent call (run_in_background false) with the built-in general-purpose agent: "
      "the subagent reads a file and reports; the parent answers.",
      fg_flow("general-purpose"))

write("subagent_fg_custom",
      "Foreground Agent call of a custom agent from the `agents` option (description, prompt, "
      "tools [Read, Glob]).",
      fg_flow("reviewer"), options={"permission_mode": "bypassPermissions",
                                    "agents": {"reviewer": REVIEWER}})

write("subagent_fg_no_type",
      "Foreground Agent call without subagent_type: which agent runs.",
      fg_flow(None))

write("subagent_unknown_type",
      "Agent call naming an unknown subagent_type (with a custom agent defined): the error result.",
      [resp(agent("toolu_A1", "Read a file", "SUB-PROMPT-A: read a.txt.", "no-such-agent"),
            match="PARENT-PROMPT"),
       resp(text("PARENT-DONE"))],
      options={"permission_mode": "bypassPermissions", "agents": {"reviewer": REVIEWER}})

write("subagent_builtin_explore",
      "Foreground Agent call of the built-in Explore agent: its model, tools and prompt.",
      fg_flow("Explore"))

write("subagent_forward_text",
      "forward_subagent_text=True: the subagent's text blocks are forwarded too.",
      fg_flow("general-purpose"), options={"permission_mode": "bypassPermissions",
                                           "forward_subagent_text": True})

write("subagent_partial_messages",
      "include_partial_messages=True during a foreground subagent: stream events and status "
      "messages of the subagent's requests.",
      fg_flow("general-purpose"), options={"permission_mode": "bypassPermissions",
                                           "include_partial_messages": True})

# ---------------------------------------------------------------- 4. two in parallel
write("subagent_parallel_two",
      "Two foreground Agent calls in one response. A reads a.txt at once but answers after 3 s; "
      "B reads b.txt after 1.5 s and answers at once: B finishes first.",
      [resp(text("Two helpers."),
            agent("toolu_A1", "Read a", "SUB-PROMPT-A: read a.txt.", "general-purpose"),
            agent("toolu_B1", "Read b", "SUB-PROMPT-B: read b.txt.", "general-purpose"),
            match="PARENT-PROMPT"),
       resp(read("toolu_SA1", "a.txt"), match="SUB-PROMPT-A"),
       resp(read("toolu_SB1", "b.txt"), match="SUB-PROMPT-B", delay_ms=1500),
       resp(text("SUB-ANSWER-A: alpha seen"), match="alpha-content", delay_ms=3000),
       resp(text("SUB-ANSWER-B: beta seen"), match="beta-content"),
       resp(text("PARENT-DONE"), match="SUB-ANSWER-A")])

write("subagent_nested",
      "A general-purpose subagent calls Agent itself (foreground): depth 2.",
      [resp(agent("toolu_A1", "Outer", "SUB-PROMPT-A: delegate again.", "general-purpose"),
            match="PARENT-PROMPT"),
       resp(agent("toolu_N1", "Inner", "SUB-PROMPT-N: read b.txt.", "general-purpose"),
            match="SUB-PROMPT-A"),
       resp(read("toolu_SN1", "b.txt"), match="SUB-PROMPT-N"),
       resp(text("SUB-ANSWER-N: beta seen"), match="beta-content"),
       resp(text("SUB-ANSWER-A: inner said beta"), match="SUB-ANSWER-N"),
       resp(text("PARENT-DONE"), match="SUB-ANSWER-A")],
      record={"transcripts": True})

# ---------------------------------------------------------------- 5. definition fields
write("subagent_tool_not_in_list",
      "The custom agent (tools [Read, Glob]) calls Bash, which is not in its list.",
      [resp(agent("toolu_A1", "Try bash", "SUB-PROMPT-A: run echo.", "reviewer"),
            match="PARENT-PROMPT"),
       resp(tool("toolu_S1", "Bash", {"command": "echo sub-bash-ran", "description": "echo"}),
            match="SUB-PROMPT-A"),
       resp(text("SUB-ANSWER-A: bash failed"), match="Bash"),
       resp(text("PARENT-DONE"), match="SUB-ANSWER-A")],
      options={"permission_mode": "bypassPermissions", "agents": {"reviewer": REVIEWER}})

write("subagent_disallowed_tools",
      "A custom agent with disallowedTools [Bash, Write] and no tools list calls Bash.",
      [resp(agent("toolu_A1", "Try bash", "SUB-PROMPT-A: run echo.", "nobash"),
            match="PARENT-PROMPT"),
       resp(tool("toolu_S1", "Bash", {"command": "echo sub-bash-ran", "description": "echo"}),
            match="SUB-PROMPT-A"),
       resp(text("SUB-ANSWER-A: bash failed"), match="Bash"),
       resp(text("PARENT-DONE"), match="SUB-ANSWER-A")],
      options={"permission_mode": "bypassPermissions",
               "agents": {"nobash": {"description": "An agent without Bash.",
                                     "prompt": "You are NOBASH-SYSTEM-PROMPT.",
                                     "disallowedTools": ["Bash", "Write"]}}})

for label, model in [("haiku", "haiku"), ("full_id", "claude-sonnet-4-5")]:
    write("subagent_model_" + label,
          "A custom agent with model %r: the subagent's request model, the cost and modelUsage "
          "with two models." % model,
          fg_flow("reviewer"),
          options={"permission_mode": "bypassPermissions",
                   "agents": {"reviewer": dict(REVIEWER, model=model)}})

write("subagent_model_inherit_vs_default",
      "Parent model claude-sonnet-4-5; first a custom agent with model 'inherit', then one with "
      "no model, then general-purpose: which model each subagent uses.",
      [resp(agent("toolu_A1", "Inherit", "SUB-PROMPT-A: read a.txt.", "inheritor"),
            match="PARENT-PROMPT"),
       resp(read("toolu_SA1", "a.txt"), match="SUB-PROMPT-A"),
       resp(text("SUB-ANSWER-A: alpha seen"), match="alpha-content"),
       resp(agent("toolu_B1", "No model", "SUB-PROMPT-B: read b.txt.", "plain"),
            match="SUB-ANSWER-A"),
       resp(read("toolu_SB1", "b.txt"), match="SUB-PROMPT-B"),
       resp(text("SUB-ANSWER-B: beta seen"), match="beta-content"),
       resp(agent("toolu_C1", "GP", "SUB-PROMPT-C: just answer.", "general-purpose"),
            match="SUB-ANSWER-B"),
       resp(text("SUB-ANSWER-C: nothing to do"), match="SUB-PROMPT-C"),
       resp(text("PARENT-DONE"), match="SUB-ANSWER-C")],
      options={"permission_mode": "bypassPermissions", "model": "claude-sonnet-4-5",
               "agents": {"inheritor": {"description": "Inherits the model.",
                                        "prompt": "You are INHERITOR-SYSTEM-PROMPT.",
                                        "model": "inherit"},
                          "plain": {"description": "No model given.",
                                    "prompt": "You are PLAIN-SYSTEM-PROMPT."}}})

write("subagent_input_model",
      "The Agent call's own `model: haiku` input on general-purpose.",
      fg_flow("general-purpose", agent_extra={"model": "haiku"}))

write("subagent_max_turns",
      "A custom agent with maxTurns 2 that keeps calling Read: what the parent gets.",
      [resp(agent("toolu_A1", "Loop", "SUB-PROMPT-A: keep reading.", "looper"),
            match="PARENT-PROMPT"),
       resp(read("toolu_S1", "a.txt"), match="SUB-PROMPT-A"),
       resp(read("toolu_S2", "b.txt"), match="alpha-content"),
       resp(read("toolu_S3", "notes.txt"), match="beta-content"),
       resp(text("SUB-ANSWER-A: never reached"), match="hello notes"),
       resp(text("PARENT-DONE"))],
      options={"permission_mode": "bypassPermissions",
               "agents": {"looper": {"description": "Reads forever.",
                                     "prompt": "You are LOOPER-SYSTEM-PROMPT.",
                                     "maxTurns": 2}}})

def write_flow(result_match="out.txt"):
    """The subagent (type writer) writes <WS>/out.txt; its next request carries the Write
    result, matched by result_match."""
    return [
        resp(agent("toolu_A1", "Write file", "SUB-PROMPT-A: write out.txt.", "writer"),
             match="PARENT-PROMPT"),
        resp(tool("toolu_S1", "Write", {"file_path": "<WS>/out.txt", "content": "written by sub\n"}),
             match="SUB-PROMPT-A"),
        resp(text("SUB-ANSWER-A: write attempted"), match=result_match),
        resp(text("PARENT-DONE"), match="SUB-ANSWER-A")]


WRITE_FLOW = write_flow()
WRITER = {"description": "Writes files.", "prompt": "You are WRITER-SYSTEM-PROMPT."}

write("subagent_permission_default_denied",
      "Parent in default mode without can_use_tool; the subagent's Write would prompt: denied.",
      WRITE_FLOW, options={"permission_mode": "default", "agents": {"writer": WRITER}})

write("subagent_permission_mode_accept_edits",
      "Parent in default mode; the agent definition says permissionMode acceptEdits; the "
      "subagent writes a file in the workspace.",
      WRITE_FLOW, options={"permission_mode": "default",
                           "agents": {"writer": dict(WRITER, permissionMode="acceptEdits")}})

write("subagent_permission_mode_plan",
      "Parent in bypassPermissions; the agent definition says permissionMode plan; the "
      "subagent writes a file.",
      WRITE_FLOW, options={"permission_mode": "bypassPermissions",
                           "agents": {"writer": dict(WRITER, permissionMode="plan")}})

write("subagent_permission_mode_plan_from_default",
      "Parent in default mode; the agent definition says permissionMode plan; the subagent "
      "writes a file. Tool and subagent hooks logged (the permission_mode they see).",
      WRITE_FLOW, options={"permission_mode": "default",
                           "agents": {"writer": dict(WRITER, permissionMode="plan")}},
      behaviors={"hooks": {e: [{"matcher": None, "behavior": "log_all"}]
                           for e in ["PreToolUse", "PostToolUse", "PostToolUseFailure",
                                     "SubagentStart", "SubagentStop"]}})

write("subagent_permission_mode_bypass_from_default",
      "Parent in default mode; the agent definition says permissionMode bypassPermissions; the "
      "subagent writes a file.",
      WRITE_FLOW, options={"permission_mode": "default",
                           "agents": {"writer": dict(WRITER, permissionMode="bypassPermissions")}})

write("subagent_can_use_tool_deny",
      "Parent in default mode with can_use_tool denying everything: the subagent's Write is "
      "denied by the callback.",
      write_flow("SUB-DENIED-BY-CALLBACK"),
      options={"permission_mode": "default", "agents": {"writer": WRITER}},
      behaviors={"can_use_tool": {"behavior": "deny_all", "message": "SUB-DENIED-BY-CALLBACK"}})

write("subagent_permission_mode_plan_from_accept_edits",
      "Parent in acceptEdits; the agent definition says permissionMode plan; the subagent "
      "writes a file.",
      WRITE_FLOW, options={"permission_mode": "acceptEdits",
                           "agents": {"writer": dict(WRITER, permissionMode="plan")}})

write("subagent_can_use_tool",
      "Parent in default mode with can_use_tool (allow, logged): the subagent's Write asks it.",
      WRITE_FLOW, options={"permission_mode": "default", "agents": {"writer": WRITER}},
      behaviors={"can_use_tool": "log_all"})

write("subagent_parent_tools_option",
      "Parent tools option [Agent, Read, Glob]: the tools the general-purpose subagent is offered.",
      fg_flow("general-purpose"),
      options={"permission_mode": "bypassPermissions", "tools": ["Agent", "Read", "Glob"]})

# ---------------------------------------------------------------- 6. agents from files
FILE_AGENT = ("---\nname: file-reviewer\ndescription: Reviews files (from a file).\n"
              "tools: Read, Grep\nmodel: haiku\n---\n\nYou are FILE-AGENT-SYSTEM-PROMPT.\n")
write("subagent_file_agent_project",
      ".claude/agents/file-reviewer.md with setting_sources=[project]: init lists it, the "
      "subagent gets its prompt, tools and model.",
      fg_flow("file-reviewer"),
      options={"permission_mode": "bypassPermissions", "setting_sources": ["project"]},
      files={".claude/agents/file-reviewer.md": FILE_AGENT})

write("subagent_file_agent_no_sources",
      "The same agent file with setting_sources=[]: not loaded, the call fails.",
      [resp(agent("toolu_A1", "Read a file", "SUB-PROMPT-A: read a.txt.", "file-reviewer"),
            match="PARENT-PROMPT"),
       resp(text("PARENT-DONE"))],
      options={"permission_mode": "bypassPermissions", "setting_sources": []},
      files={".claude/agents/file-reviewer.md": FILE_AGENT})

write("subagent_file_agent_vs_option",
      "An agent file and an `agents` option entry with the same name: which definition wins.",
      fg_flow("file-reviewer"),
      options={"permission_mode": "bypassPermissions", "setting_sources": ["project"],
               "agents": {"file-reviewer": {"description": "From the option.",
                                            "prompt": "You are OPTION-AGENT-SYSTEM-PROMPT.",
                                            "tools": ["Read"]}}},
      files={".claude/agents/file-reviewer.md": FILE_AGENT})

write("subagent_claude_md",
      "CLAUDE.md with setting_sources=[project]: does the subagent's request carry it.",
      fg_flow("general-purpose"),
      options={"permission_mode": "bypassPermissions", "setting_sources": ["project"]},
      files={"CLAUDE.md": "PROJECT-MEMORY: always be brief.\n"})

# ---------------------------------------------------------------- 7. hooks
LOG_EVENTS = ["UserPromptSubmit", "PreToolUse", "PostToolUse", "SubagentStart", "SubagentStop",
              "Stop"]
write("subagent_hooks_order",
      "Every tool/subagent/stop hook logged: order of SubagentStart/SubagentStop relative to the "
      "Agent call's PreToolUse/PostToolUse and the subagent's own tool hooks; their inputs.",
      fg_flow("general-purpose"),
      behaviors={"hooks": {e: [{"matcher": None, "behavior": "log_all"}] for e in LOG_EVENTS}})

write("subagent_hook_start_context",
      "SubagentStart returns additionalContext: where the subagent's request carries it.",
      fg_flow("general-purpose"),
      behaviors={"hooks": {"SubagentStart": [{"matcher": None, "behavior": "add_context",
                                              "text": "START-CONTEXT-TEXT"}]}})

write("subagent_hook_stop_context",
      "SubagentStop returns additionalContext every time: the subagent goes on (each extra "
      "answer is the script's default) until the reference stops it.",
      fg_flow("general-purpose", final="PARENT-DONE")[:3] +
      [resp(text("PARENT-DONE"), match="[Subagent hand-back]")],
      behaviors={"hooks": {"SubagentStop": [{"matcher": None, "behavior": "add_context",
                                             "text": "STOP-CONTEXT-TEXT"}]}})

write("subagent_hook_stop_block",
      "SubagentStop answers decision block every time; the agent has maxTurns 3.",
      [resp(agent("toolu_A1", "Blocked", "SUB-PROMPT-A: answer.", "stubborn"),
            match="PARENT-PROMPT"),
       resp(text("SUB-ANSWER-A1 first"), match="SUB-PROMPT-A"),
       resp(text("SUB-ANSWER-A2 second"), match="KEEP-WORKING"),
       resp(text("SUB-ANSWER-A3 third"), match="KEEP-WORKING"),
       resp(text("SUB-ANSWER-A4 fourth"), match="KEEP-WORKING"),
       resp(text("PARENT-DONE"), match="SUB-ANSWER-A")],
      options={"permission_mode": "bypassPermissions",
               "agents": {"stubborn": {"description": "Is kept going.",
                                       "prompt": "You are STUBBORN-SYSTEM-PROMPT.",
                                       "maxTurns": 3}}},
      behaviors={"hooks": {"SubagentStop": [{"matcher": None, "behavior": "block",
                                             "reason": "KEEP-WORKING"}]}})

# ---------------------------------------------------------------- 9. background
# The parent's turn after the launch answers at once; the subagent's first answer waits 2 s,
# so the parent's first turn is over (its text yielded) before the subagent speaks.
def bg_flow(subagent_type, bg, agent_extra=None):
    return [
        resp(text("Launching."), agent("toolu_A1", "Read a file", "SUB-PROMPT-A: read a.txt.",
                                       subagent_type, bg=bg, **(agent_extra or {})),
             match="PARENT-PROMPT"),
        resp(text("PARENT-WAITING"), match="Async agent launched"),
        resp(text("SUB-TEXT-1 reading."), read("toolu_S1", "a.txt"), match="SUB-PROMPT-A",
             delay_ms=2000),
        resp(text("SUB-ANSWER-A: alpha seen"), match="alpha-content"),
        resp(text("PARENT-AFTER-NOTIFICATION"), match="task-notification"),
    ]


write("subagent_bg_input",
      "run_in_background true: the launch result, the task messages, the follow-up turn.",
      bg_flow("general-purpose", True), record={"transcripts": True})

write("subagent_bg_default",
      "run_in_background left out: agents run in the background by default.",
      bg_flow("general-purpose", None))

write("subagent_bg_definition",
      "A custom agent with background: true called with run_in_background false.",
      bg_flow("bgworker", False),
      options={"permission_mode": "bypassPermissions",
               "agents": {"bgworker": {"description": "Always in the background.",
                                       "prompt": "You are BGWORKER-SYSTEM-PROMPT.",
                                       "background": True}}})

write("subagent_bg_hooks",
      "A background agent with every tool/subagent/stop hook logged.",
      bg_flow("general-purpose", True),
      behaviors={"hooks": {e: [{"matcher": None, "behavior": "log_all"}] for e in LOG_EVENTS}})

write("subagent_bg_can_use_tool",
      "A background subagent (parent in default mode, can_use_tool logs and allows) writes a file.",
      [resp(text("Launching."), agent("toolu_A1", "Write file", "SUB-PROMPT-A: write out.txt.",
                                      "writer", bg=True), match="PARENT-PROMPT"),
       resp(text("PARENT-WAITING"), match="Async agent launched"),
       resp(tool("toolu_S1", "Write", {"file_path": "<WS>/out.txt", "content": "written by sub\n"}),
            match="SUB-PROMPT-A", delay_ms=2000),
       resp(text("SUB-ANSWER-A: write attempted"), match="out.txt"),
       resp(text("PARENT-AFTER-NOTIFICATION"), match="task-notification")],
      options={"permission_mode": "default", "agents": {"writer": WRITER}},
      behaviors={"can_use_tool": "log_all"})

# ---------------------------------------------------------------- 3. failures
write("subagent_api_error",
      "The subagent's request fails with a 500 (no retries): the Agent result and task messages.",
      [resp(agent("toolu_A1", "Read a file", "SUB-PROMPT-A: read a.txt.", "general-purpose"),
            match="PARENT-PROMPT"),
       resp(match="SUB-PROMPT-A", error={"status": 500, "type": "api_error",
                                         "message": "Internal server error"}),
       resp(text("PARENT-DONE"))],
      env={"CLAUDE_CODE_MAX_RETRIES": "0"})

write("subagent_effort",
      "A custom agent with effort 'high': the subagent's request parameters.",
      fg_flow("reviewer"),
      options={"permission_mode": "bypassPermissions",
               "agents": {"reviewer": dict(REVIEWER, effort="high")}})

write("subagent_fork",
      "subagent_type 'fork': what the forked subagent is sent.",
      fg_flow("fork"),
      # The rules inside <fork-boilerplate> are prose each side words itself (docs/differences.md).
      compare_ignore=["requests?[12]?.turns?2?.content?1?.text"])

# ---------------------------------------------------------------- 11. transcripts
write("subagent_transcripts",
      "Transcripts on disk after a foreground subagent: the session file and "
      "subagents/agent-<id>.jsonl (+ meta).",
      fg_flow("reviewer"),
      options={"permission_mode": "bypassPermissions", "agents": {"reviewer": REVIEWER}},
      record={"transcripts": True})

# ---------------------------------------------------------------- 10. interrupt / stop_task
# These need a client that can interrupt: control/run_control.py runs them with
# control/control_driver.py (ClaudeSDKClient) and control/control_driver.mjs (streaming input).
CONTROL = []
CONTROL_HOOKS = {"hooks": {e: [{"matcher": None, "behavior": "log_all"}]
                           for e in LOG_EVENTS + ["PostToolUseFailure"]}}


def write_control(name, desc, responses, control, options=None, **extra):
    s = {"name": name, "description": desc, "prompt": "PARENT-PROMPT: delegate the work.",
         "options": options or {"permission_mode": "bypassPermissions"},
         "files": dict(FILES), "responses": responses,
         "default": {"content": [text("DEFAULT-ANSWER")]}, "timeout_s": 150,
         "control": control}
    s.update(extra)
    CONTROL.append(name)
    with open(os.path.join(HERE, "control", name + ".json"), "w") as f:
        json.dump(s, f, indent=1, ensure_ascii=False)
        f.write("\n")


FOLLOWUP = "PARENT-FOLLOWUP: what happened?"
write_control(
    "subagent_interrupt_fg",
    "interrupt() 1 s after task_started of a foreground subagent whose first answer takes 4 s; "
    "then a second prompt on the same session. Hooks logged.",
    [resp(agent("toolu_A1", "Read a file", "SUB-PROMPT-A: read a.txt.", "general-purpose"),
          match="PARENT-PROMPT"),
     resp(read("toolu_S1", "a.txt"), match="SUB-PROMPT-A", delay_ms=4000),
     resp(text("SUB-ANSWER-A: alpha seen"), match="alpha-content"),
     resp(text("FOLLOWUP-ANSWER"), match="PARENT-FOLLOWUP"),
     resp(text("PARENT-DONE"), match="SUB-ANSWER-A")],
    {"on": "task_started", "action": "interrupt", "delay_s": 1.0, "then_prompt": FOLLOWUP,
     "idle_s": 6},
    behaviors=CONTROL_HOOKS)

write_control(
    "subagent_interrupt_bg",
    "A background subagent (first answer after 4 s); interrupt() 1 s after the parent's first "
    "result, while the subagent runs; then a second prompt.",
    [resp(text("Launching."), agent("toolu_A1", "Read a file", "SUB-PROMPT-A: read a.txt.",
                                    "general-purpose", bg=True), match="PARENT-PROMPT"),
     resp(text("PARENT-WAITING"), match="Async agent launched"),
     resp(read("toolu_S1", "a.txt"), match="SUB-PROMPT-A", delay_ms=4000),
     resp(text("SUB-ANSWER-A: alpha seen"), match="alpha-content"),
     resp(text("FOLLOWUP-ANSWER"), match="PARENT-FOLLOWUP"),
     resp(text("PARENT-AFTER-NOTIFICATION"), match="task-notification")],
    {"on": "result", "action": "interrupt", "delay_s": 1.0, "then_prompt": FOLLOWUP,
     "idle_s": 6})

write_control(
    "subagent_stop_task_bg",
    "stop_task(task_id of the background subagent) 1 s after the parent's first result, while "
    "the subagent waits for its first answer (4 s). Hooks logged.",
    [resp(text("Launching."), agent("toolu_A1", "Read a file", "SUB-PROMPT-A: read a.txt.",
                                    "general-purpose", bg=True), match="PARENT-PROMPT"),
     resp(text("PARENT-WAITING"), match="Async agent launched"),
     resp(read("toolu_S1", "a.txt"), match="SUB-PROMPT-A", delay_ms=4000),
     resp(text("SUB-ANSWER-A: alpha seen"), match="alpha-content"),
     resp(text("PARENT-AFTER-NOTIFICATION"), match="task-notification")],
    {"on": "result", "action": "stop_task", "delay_s": 1.0, "idle_s": 6},
    behaviors=CONTROL_HOOKS)

write_control(
    "subagent_stop_task_fg",
    "stop_task(task_id) 1 s after task_started of a foreground subagent (first answer after 4 s). "
    "Hooks logged.",
    [resp(agent("toolu_A1", "Read a file", "SUB-PROMPT-A: read a.txt.", "general-purpose"),
          match="PARENT-PROMPT"),
     resp(read("toolu_S1", "a.txt"), match="SUB-PROMPT-A", delay_ms=4000),
     resp(text("SUB-ANSWER-A: alpha seen"), match="alpha-content"),
     resp(text("PARENT-DONE"))],
    {"on": "task_started", "action": "stop_task", "delay_s": 1.0, "idle_s": 6},
    behaviors=CONTROL_HOOKS)

# The tokens a progress message reports while the subagent's response streams: its prompt,
# and the first estimate that changed (a quarter token a character of text or call input, the
# thinking's own estimate); the scripted server streams text in 8 characters, input in 10,
# thinking in 32. One subagent answer each, then its report, then the parent's.
def progress_tokens(name, desc, first, usage=None):
    sub = resp(*first)
    if usage:
        sub["usage"] = usage
    write("subagent_progress_tokens_" + name, desc,
          [resp(agent("toolu_A1", "Task 1", "SUB-PROMPT-A: go.", "general-purpose")),
           sub, resp(text("SUB-ANSWER-A: ok")), resp(text("PARENT-DONE"))])


def thinking(n, signature="sig"):
    return {"type": "thinking", "thinking": "x" * n, "signature": signature}


progress_tokens("thinking_3", "Three characters of thinking, then a Read.", [thinking(3), read("toolu_S1", "a.txt")])
progress_tokens("thinking_40", "Forty characters of thinking (streamed 32 + 8), then a Read.",
                [thinking(40), read("toolu_S1", "a.txt")])
progress_tokens("thinking_400", "400 characters of thinking, then a Read.", [thinking(400), read("toolu_S1", "a.txt")])
progress_tokens("signature", "Four characters of thinking and a long signature, then a Read.",
                [thinking(4, "s" * 200), read("toolu_S1", "a.txt")])
progress_tokens("text_400", "400 characters of text, then a Read.", [text("y" * 400), read("toolu_S1", "a.txt")])
progress_tokens("text_short", "Three characters of text, then a Read.", [text("abc"), read("toolu_S1", "a.txt")])
progress_tokens("two_reads", "Two Reads in one answer.", [read("toolu_S1", "a.txt"), read("toolu_S2", "b.txt")])
progress_tokens("usage", "A Read whose answer reports cache tokens.", [read("toolu_S1", "a.txt")],
                {"input_tokens": 500, "output_tokens": 30, "cache_creation_input_tokens": 7,
                 "cache_read_input_tokens": 11})
progress_tokens("empty_input", "A call with an empty input.",
                [tool("toolu_S1", "Glob", {})])

if __name__ == "__main__":
    print("\n".join(SCENARIOS + ["control/" + n for n in CONTROL]))

"""Hooks: which events fire for a run without a terminal, what each output field does on
each event, how matchers select the hooks of a tool, how several hooks of one event combine,
how hook decisions meet permission rules, modes and can_use_tool, the fields of the
callback input, and the hook_started / hook_response messages of include_hook_events.

Callback hooks come from the harness's behaviour menu; outputs the menu does not offer
(continue false without a reason, suppressOutput, an empty answer, exit code 2, async) come
from shell-command hooks in the project settings."""
import json

from common import Calls, respond, scenario

FILES = {"notes.txt": "notes\n"}
ECHO = {"permission_mode": "default", "allowed_tools": ["Bash(echo *)"]}
BEHAVIORS = ["log_all", "deny", "allow", "ask", "rewrite_input", "add_context", "block", "stop",
             "system_message"]


def spec(behavior, matcher=None, **extra):
    s = {"matcher": matcher, "behavior": behavior}
    if behavior == "rewrite_input":
        s.setdefault("set", {"command": "echo rewritten"})
    s.update(extra)
    return s


def make(name, description, responses, hooks=None, options=None, can_use_tool=None, files=None,
         **keys):
    behaviors = {}
    if hooks:
        behaviors["hooks"] = hooks
    if can_use_tool:
        behaviors["can_use_tool"] = can_use_tool
    return scenario("hooks_" + name, description, responses,
                    options=dict(options if options is not None else ECHO),
                    files=dict(FILES, **(files or {})), behaviors=behaviors or None, **keys)


def one_call(block):
    """A response with one call, then a closing text."""
    return [respond(block), respond("Done.")]


def events_by_output():
    """Each menu output on the tool, prompt and stop events."""
    for b in BEHAVIORS:
        c = Calls()
        yield make(f"pre_{b}_touch", f"PreToolUse answers {b} for a Bash that would prompt "
                   "(default mode, no callback).", one_call(c.bash("touch made.txt", "touch")),
                   {"PreToolUse": [spec(b, "Bash")]})
    for b in ("log_all", "deny", "add_context", "block", "stop", "system_message"):
        c = Calls()
        yield make(f"post_{b}", f"PostToolUse answers {b} after a Bash that ran.",
                   one_call(c.bash("echo hi", "say hi")), {"PostToolUse": [spec(b, "Bash")]})
    for b in ("log_all", "add_context", "stop"):
        c = Calls()
        yield make(f"failure_{b}", f"PostToolUseFailure answers {b} after a Bash that failed.",
                   one_call(c.bash("ls missing-dir", "list")),
                   {"PostToolUseFailure": [spec(b, "Bash")]})
    for b in ("log_all", "add_context", "block", "stop"):
        yield make(f"prompt_{b}", f"UserPromptSubmit answers {b}.", [respond("Answer.")],
                   {"UserPromptSubmit": [spec(b)]})
    for b in ("log_all", "add_context", "stop"):
        yield make(f"stop_{b}", f"Stop answers {b}.", [respond("Answer.")], {"Stop": [spec(b)]})
    yield make("stop_block_twice", "Stop blocks every time; max_turns 2 ends it.",
               [respond("One."), respond("Two."), respond("Three.")], {"Stop": [spec("block")]},
               options=dict(ECHO, max_turns=2))


def other_events():
    """Session, notification and permission-request events: which fire headless."""
    c = Calls()
    touch = one_call(c.bash("touch made.txt", "touch"))
    for event in ("SessionStart", "SessionEnd", "Notification", "PermissionRequest"):
        for b in ("log_all",):
            yield make(f"{event.lower()}_{b}", f"{event} answers {b}, around a Bash that would "
                       "prompt (no callback).", touch, {event: [spec(b)]})
    for b in ("deny", "allow"):
        yield make(f"permissionrequest_{b}", f"PermissionRequest answers {b} for a Bash that "
                   "would prompt, with a callback that allows.", touch,
                   {"PermissionRequest": [spec(b)]}, can_use_tool="allow_all")
    yield make("permissionrequest_log_cb_deny", "PermissionRequest logs, for a Bash that would "
               "prompt, with a callback that denies.", touch, {"PermissionRequest": [spec("log_all")]},
               can_use_tool="deny_all")
    yield make("cmd_permissionrequest_deny_cb_allow", "A project-settings PermissionRequest command "
               "hook denies a Bash that would prompt; the callback would allow.", touch,
               options={"permission_mode": "default", "setting_sources": ["project"]},
               can_use_tool="allow_all",
               files=settings({"PermissionRequest": [{"matcher": "Bash", "hooks": [command(json.dumps(
                   {"hookSpecificOutput": {"hookEventName": "PermissionRequest",
                                           "decision": {"behavior": "deny", "message": "PR-DENY"}}}))]}]}))
    sub = [respond({"type": "tool_use", "id": "toolu_A1", "name": "Agent",
                    "input": {"description": "Look", "prompt": "SUB-PROMPT: say ok.",
                              "subagent_type": "general-purpose",
                              "run_in_background": False}}, match="PARENT"),
           respond("SUB-ANSWER ok", match="SUB-PROMPT"), respond("Parent done.")]
    for event, b in (("SubagentStart", "log_all"), ("SubagentStop", "log_all")):
        yield make(f"{event.lower()}_{b}", f"{event} answers {b} around one foreground subagent.",
                   sub, {event: [spec(b)]}, options={"permission_mode": "bypassPermissions"},
                   prompt="PARENT: delegate.")


MATCHERS = {"exact": "Bash", "alt": "Read|Bash", "regex": "Ba.*",
            "star": "*", "empty": "", "null": None, "lower": "bash",
            "other": "Write", "mcp": "mcp__.*"}


def matchers():
    """Which matchers select a Bash call: a PreToolUse that adds context shows it."""
    for key, m in MATCHERS.items():
        c = Calls()
        yield make(f"matcher_{key}", f"PreToolUse matcher {m!r} against a Bash call.",
                   one_call(c.bash("echo hi", "say hi")),
                   {"PreToolUse": [spec("add_context", m, text=f"MATCHED-{key}")]})


def several():
    """Several hooks on one event: order and how their answers combine."""
    pairs = {"deny_allow": ("deny", "allow"), "allow_deny": ("allow", "deny"),
             "ask_allow": ("ask", "allow"),
             "rewrite_rewrite": ("rewrite_input", "rewrite_input")}
    for key, (a, b) in pairs.items():
        c = Calls()
        first = spec(a, "Bash", reason="FIRST-REASON", text="FIRST-TEXT",
                     set={"command": "echo first"})
        second = spec(b, "*", reason="SECOND-REASON", text="SECOND-TEXT",
                      set={"description": "second"})
        yield make(f"two_{key}", f"Two PreToolUse hooks on a Bash that would prompt: {a}, then {b}.",
                   one_call(c.bash("touch made.txt", "touch")), {"PreToolUse": [first, second]})


def with_rules():
    """Hook decisions against permission modes, rules and can_use_tool."""
    c = Calls()
    touch = one_call(c.bash("touch made.txt", "touch"))
    cases = {
        "allow_disallowed": ("allow", {"permission_mode": "default", "disallowed_tools": ["Bash"]}, None),
        "allow_plan": ("allow", {"permission_mode": "plan"}, None),
        "deny_bypass": ("deny", {"permission_mode": "bypassPermissions"}, None),
        "ask_bypass_callback": ("ask", {"permission_mode": "bypassPermissions"}, "allow_all"),
        "ask_callback_deny": ("ask", {"permission_mode": "default"}, "deny_all"),
        "rewrite_callback": ("rewrite_input", {"permission_mode": "default"},
                             {"behavior": "rewrite_input", "set": {"command": "echo from-callback"}}),
    }
    for key, (b, options, cut) in cases.items():
        yield make(f"rules_{key}", f"PreToolUse {b} with options {json.dumps(options)} and "
                   f"can_use_tool {json.dumps(cut)}.", touch,
                   {"PreToolUse": [spec(b, "Bash", set={"command": "touch rewritten.txt"}),
                                   spec("log_all", "Bash")],
                    "PostToolUse": [spec("log_all")]},
                   options=options, can_use_tool=cut)
    c = Calls()
    yield make("rules_rewrite_write_outside", "PreToolUse rewrites a Write in the workspace to a "
               "path outside it (acceptEdits).", one_call(c.write("<WS>/w.txt")),
               {"PreToolUse": [spec("rewrite_input", "Write",
                                    set={"file_path": "<ROOT>/outside/w.txt"})]},
               options={"permission_mode": "acceptEdits"}, outside_files={"outside/keep.txt": "k\n"},
               record={"outside_files": True})


def inputs_and_parallel():
    """The input each event's callback gets, per tool and mode; hooks of parallel calls."""
    for mode in ("default", "bypassPermissions"):
        c = Calls()
        yield make(f"input_{mode}", f"Tool hooks logged for Read, Glob and Grep in {mode}.",
                   [respond(c.read("<WS>/notes.txt")),
                    respond(c("Glob", {"pattern": "*.txt"})),
                    respond(c("Grep", {"pattern": "notes", "path": "<WS>"})),
                    respond("Done.")],
                   {"PreToolUse": [spec("log_all")], "PostToolUse": [spec("log_all")]},
                   options={"permission_mode": mode})
    c = Calls()
    yield make("input_edit_write", "Tool hooks logged for Write then Edit (acceptEdits).",
               [respond(c.write("<WS>/w.txt", "one\n")), respond(c.edit("<WS>/w.txt", "one", "two")),
                respond("Done.")],
               {"PreToolUse": [spec("log_all")], "PostToolUse": [spec("log_all")]},
               options={"permission_mode": "acceptEdits"})
    c = Calls()
    yield make("parallel_writes_deny_one", "Two Writes in one response; PreToolUse denies the "
               "one to b.txt only (matcher Write, hook decides by nothing but order: it denies both).",
               [respond(c.write("<WS>/a.txt"), c.write("<WS>/b.txt")), respond("Done.")],
               {"PreToolUse": [spec("deny", "Write")], "PostToolUse": [spec("log_all")]},
               options={"permission_mode": "acceptEdits"})


def include_events():
    """include_hook_events with callback hooks and with settings-file command hooks."""
    c = Calls()
    run = one_call(c.bash("echo hi", "say hi"))
    hooks = {"PreToolUse": [spec("log_all", "Bash")], "PostToolUse": [spec("add_context", "Bash")],
             "UserPromptSubmit": [spec("log_all")], "Stop": [spec("log_all")]}
    for on in (True, False):
        yield make(f"include_events_callbacks_{'on' if on else 'off'}", "Callback hooks with "
                   f"include_hook_events {on}.", run, hooks, options=dict(ECHO, include_hook_events=on))


def command(stdout=None, exit_code=0, stderr=None, extra=None):
    parts = []
    if stdout is not None:
        parts.append("printf '%s' " + shell_quote(stdout))
    if stderr is not None:
        parts.append("printf '%s' " + shell_quote(stderr) + " >&2")
    parts.append(f"exit {exit_code}")
    h = {"type": "command", "command": "; ".join(parts)}
    h.update(extra or {})
    return h


def shell_quote(s):
    return "'" + s.replace("'", "'\"'\"'") + "'"


def settings(hooks):
    return {".claude/settings.json": json.dumps({"hooks": hooks}, indent=1) + "\n"}


def command_hooks():
    """Outputs only a command hook can give: exit codes, bare JSON fields, async."""
    pre = {
        "exit2": command(stderr="BLOCKED-BY-EXIT-2", exit_code=2),
        "continue_false_bare": command(json.dumps({"continue": False})),
        "suppress_output": command(json.dumps({"suppressOutput": True})),
        "empty_json": command("{}"),
        "deny_no_reason": command(json.dumps({"hookSpecificOutput": {
            "hookEventName": "PreToolUse", "permissionDecision": "deny"}})),
        "decision_block": command(json.dumps({"decision": "block", "reason": "CMD-BLOCK"})),
    }
    for key, h in pre.items():
        c = Calls()
        yield make(f"cmd_pre_{key}", f"A project-settings PreToolUse command hook: {key}, on a "
                   "Bash that would prompt.", one_call(c.bash("touch made.txt", "touch")),
                   options={"permission_mode": "default", "setting_sources": ["project"]},
                   files=settings({"PreToolUse": [{"matcher": "Bash", "hooks": [h]}]}))
    post = {"exit2": command(stderr="POST-EXIT-2", exit_code=2)}
    for key, h in post.items():
        c = Calls()
        yield make(f"cmd_post_{key}", f"A project-settings PostToolUse command hook: {key}.",
                   one_call(c.bash("echo hi", "say hi")),
                   options=dict(ECHO, setting_sources=["project"]),
                   files=settings({"PostToolUse": [{"matcher": "Bash", "hooks": [h]}]}))
    for key, h in {"stdout_context": command("PROMPT-STDOUT-CONTEXT")}.items():
        yield make(f"cmd_prompt_{key}", f"A project-settings UserPromptSubmit command hook: {key}.",
                   [respond("Answer.")], options={"setting_sources": ["project"]},
                   files=settings({"UserPromptSubmit": [{"hooks": [h]}]}))
    c = Calls()
    yield make("cmd_and_callback", "A settings PreToolUse command hook that allows and a callback "
               "hook that denies, on the same Bash; include_hook_events on.",
               one_call(c.bash("touch made.txt", "touch")),
               {"PreToolUse": [spec("deny", "Bash", reason="CALLBACK-DENY")]},
               options={"permission_mode": "default", "setting_sources": ["project"],
                        "include_hook_events": True},
               files=settings({"PreToolUse": [{"matcher": "Bash", "hooks": [command(json.dumps(
                   {"hookSpecificOutput": {"hookEventName": "PreToolUse",
                                           "permissionDecision": "allow"}}))]}]}))


def stop_meets_permissions():
    """Whether a PreToolUse `continue: false` still ends the turn when its call does not run."""
    c = Calls()
    touch = one_call(c.bash("touch made.txt", "touch"))
    for key, cut in (("cb_allow", "allow_all"), ("cb_deny", "deny_all")):
        yield make(f"pre_stop_{key}", f"PreToolUse stops a Bash that prompts; can_use_tool {cut}.",
                   touch, {"PreToolUse": [spec("stop", "Bash")]}, can_use_tool=cut)
    yield make("cmd_pre_stop_and_deny", "A command PreToolUse hook answers continue false and "
               "deny together (bypassPermissions).", touch,
               options={"permission_mode": "bypassPermissions", "setting_sources": ["project"]},
               files=settings({"PreToolUse": [{"matcher": "Bash", "hooks": [command(json.dumps(
                   {"continue": False, "stopReason": "STOP-AND-DENY", "hookSpecificOutput": {
                       "hookEventName": "PreToolUse", "permissionDecision": "deny",
                       "permissionDecisionReason": "DENIED"}}))]}]}))
    c = Calls()
    yield make("rules_allow_plan_write", "PreToolUse allows a Write in plan mode.",
               one_call(c.write("<WS>/w.txt")), {"PreToolUse": [spec("allow", "Write")]},
               options={"permission_mode": "plan"})
    c = Calls()
    yield make("rules_allow_plan_echo", "PreToolUse allows a read-only Bash in plan mode.",
               one_call(c.bash("echo hi", "say hi")), {"PreToolUse": [spec("allow", "Bash")]},
               options={"permission_mode": "plan"})


def scenarios():
    yield from events_by_output()
    yield from other_events()
    yield from matchers()
    yield from several()
    yield from with_rules()
    yield from inputs_and_parallel()
    yield from include_events()
    yield from command_hooks()
    yield from stop_meets_permissions()

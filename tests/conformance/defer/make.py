"""Writes the df_* scenarios: a PreToolUse hook's `permissionDecision: "defer"`, which ends the
query with the call in `deferred_tool_use`, and the resume that takes the call up."""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def hooks(*outs, matcher="Bash"):
    """A project settings file whose PreToolUse command hooks print these answers."""
    entry = {"matcher": matcher,
             "hooks": [{"type": "command", "command": "echo '" + json.dumps(o) + "'"} for o in outs]}
    return {".claude/settings.json": json.dumps({"hooks": {"PreToolUse": [entry]}})}


def decision(d, reason=None):
    h = {"hookEventName": "PreToolUse", "permissionDecision": d}
    if reason:
        h["permissionDecisionReason"] = reason
    return {"hookSpecificOutput": h}


DEFER = decision("defer", "needs review")


def bash(i, command):
    return {"type": "tool_use", "id": "toolu_" + i, "name": "Bash", "input": {"command": command}}


def read(i):
    return {"type": "tool_use", "id": "toolu_" + i, "name": "Read", "input": {"file_path": "<WS>/a.txt"}}


def write(i):
    return {"type": "tool_use", "id": "toolu_" + i, "name": "Write",
            "input": {"file_path": "<WS>/w.txt", "content": "w\n"}}


def text(t):
    return {"content": [{"type": "text", "text": t}]}


def calls(*blocks):
    return {"content": list(blocks)}


def scen(name, responses, files=None, options=None, **more):
    s = {"name": name, "description": name, "prompt": "Go",
         "files": dict(files if files is not None else hooks(DEFER), **{"a.txt": "alpha\n"}),
         "options": dict({"setting_sources": ["project"], "allowed_tools": ["Bash", "Write"]},
                         **(options or {})),
         "responses": responses, "default": text("done"), "record": {"transcripts": True}}
    s.update(more)
    with open(os.path.join(HERE, name + ".json"), "w") as f:
        json.dump(s, f, indent=1)


def resumed(options):
    return [{"prompt": "Please proceed.", "options": dict({"resume": "<SESSION_ID_1>"}, **options)}]


BYPASS = {"setting_sources": [], "permission_mode": "bypassPermissions"}

# The first query: the turn ends on the deferred call.
scen("df_basic", [calls(bash("b1", "echo hi")), text("after")])
scen("df_text_before", [calls({"type": "text", "text": "I will run it."}, bash("b1", "echo hi")), text("after")])
scen("df_two_bash", [calls(bash("b1", "echo one"), bash("b2", "echo two")), text("after")])
scen("df_read_then_bash", [calls(read("r1"), bash("b1", "echo hi")), text("after")])
scen("df_bash_then_read", [calls(bash("b1", "echo hi"), read("r1")), text("after")])
scen("df_second_turn", [calls(read("r1")), calls(bash("b1", "echo hi")), text("after")])
scen("df_bypass", [calls(bash("b1", "echo hi")), text("after")],
     options={"permission_mode": "bypassPermissions"})
scen("df_no_reason", [calls(bash("b1", "echo hi")), text("after")], files=hooks(decision("defer")))
scen("df_partial", [calls(bash("b1", "echo hi")), text("after")], options={"include_partial_messages": True})
scen("df_max_turns1", [calls(bash("b1", "echo hi")), text("after")], options={"max_turns": 1})
scen("df_then_write", [calls(bash("b1", "echo hi"), write("w1")), text("after")])
scen("df_write_then", [calls(write("w1"), bash("b1", "echo hi")), text("after")])
scen("df_touch_then_read", [calls(bash("b1", "touch t.txt"), read("r1"), bash("b2", "echo x")), text("after")])
scen("df_read_tool", [calls(read("r1"), bash("b1", "echo yes")), text("after")], files=hooks(DEFER, matcher="Read"))
scen("df_two_results", [calls(read("r1"), bash("b1", "echo yes"), write("w1")), text("after")],
     files=hooks(DEFER, matcher="Write"))
scen("df_defer_first_of_three", [calls(write("w1"), read("r1"), bash("b1", "echo yes")), text("after")],
     files=hooks(DEFER, matcher="Write"))
scen("df_can_use_tool", [calls(bash("b1", "touch z.txt")), text("after")], options={"allowed_tools": []},
     behaviors={"can_use_tool": "allow_all"})
scen("df_post_hook", [calls(bash("b1", "echo hi")), text("after")],
     behaviors={"hooks": {"PostToolUse": [{"matcher": None, "behavior": "log_all"}],
                          "Stop": [{"matcher": None, "behavior": "log_all"}]}})
scen("df_deny_rule", [calls(bash("b1", "echo hi")), text("after")], options={"disallowed_tools": ["Bash(echo *)"]})
# Several hooks: deny over defer, defer over ask and allow, in either order.
for name, outs in [("df_defer_ask", (DEFER, decision("ask", "a"))), ("df_ask_defer", (decision("ask", "a"), DEFER)),
                   ("df_defer_deny", (DEFER, decision("deny", "no"))), ("df_allow_defer", (decision("allow", "ok"), DEFER))]:
    scen(name, [calls(bash("b1", "echo hi")), text("after")], files=hooks(*outs))
# The resume that takes the call up.
scen("df_resume", [calls(bash("b1", "echo hi > out.txt")), text("ran it"), text("again")], then=resumed(BYPASS))
scen("df_resume_default_mode", [calls(bash("b1", "echo hi > out.txt")), text("ran it"), text("again")],
     then=resumed({"setting_sources": []}))
scen("df_resume_hook_again", [calls(bash("b1", "echo hi > out.txt")), text("ran it"), text("again")],
     then=resumed({"setting_sources": ["project"]}))
scen("df_resume_two", [calls(read("r1"), bash("b1", "echo hi > o.txt"), bash("b2", "echo two")), text("cont"), text("again")],
     then=resumed(BYPASS))
scen("df_resume_fork", [calls(bash("b1", "echo hi > o.txt")), text("cont"), text("again")],
     then=resumed(dict(BYPASS, fork_session=True)))
scen("df_continue", [calls(bash("b1", "echo hi > o.txt")), text("cont"), text("again")],
     then=[{"prompt": "Please proceed.", "options": dict(BYPASS, continue_conversation=True)}])
scen("df_resume_max_turns", [calls(bash("b1", "echo hi > o.txt")), calls(bash("b2", "echo more")), text("again"), text("x")],
     then=resumed(dict(BYPASS, max_turns=1)))

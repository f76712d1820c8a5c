#!/usr/bin/env python3
"""Generates the fuzz-i scenarios (prefix fi_): the hooks of a turn's end and of its
permissions at random, each answering in one of the ways a hook may. A seed registers two to
four of Stop, StopFailure, PostToolBatch, PermissionRequest, PermissionDenied, MessageDisplay,
Notification, UserPromptSubmit, PreToolUse, PostToolUse and PostToolUseFailure, each with one
or two matchers answering by logging, blocking, stopping, a system message, added context or
a permission decision; then picks a permission mode, a can_use_tool answer or none, one to
three rounds of one to three calls (reads, writes, edits, commands that pass or fail, searches,
a tool the session lacks), text beside the calls, sometimes an API error instead of the last
answer, a max_turns, and a second prompt on the resumed session.
Run: python3 make.py [COUNT] (writes fi_*.json next to this file; the seed is the number)."""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import scenario_files  # noqa: E402
from scenario_files import txt  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(HERE), "gen"))
from common import Calls, hook_words  # noqa: E402

FILES = {"notes.txt": "alpha\nbeta\ngamma\n", "src/app.py": "print('hi')\n"}
MODES = ["bypassPermissions", "bypassPermissions", "default", "acceptEdits", "dontAsk"]
CALLBACKS = [None, None, "allow_all", "deny_all", "deny_bash"]
MATCHERS = [None, None, "Bash", "Read|Write", "Edit", "*"]
TOOL_EVENTS = {"PreToolUse", "PostToolUse", "PostToolUseFailure", "PermissionRequest",
               "PermissionDenied"}
MENUS = {
    "Stop": ["log_all", "log_all", "block", "stop", "system_message"],
    "StopFailure": ["log_all", "system_message"],
    "PostToolBatch": ["log_all", "add_context", "block", "stop", "system_message"],
    "PermissionRequest": ["log_all", "allow", "deny"],
    "PermissionDenied": ["log_all", "system_message", "add_context"],
    "MessageDisplay": ["log_all", "system_message"],
    "Notification": ["log_all"],
    "UserPromptSubmit": ["log_all", "block", "add_context", "system_message", "stop"],
    "PreToolUse": ["log_all", "deny", "allow", "ask", "add_context", "system_message", "stop"],
    "PostToolUse": ["log_all", "block", "add_context", "system_message", "stop"],
    "PostToolUseFailure": ["log_all", "add_context", "system_message", "stop"],
}
WEIGHTS = {"Stop": 3, "StopFailure": 1, "PostToolBatch": 2, "PermissionRequest": 2,
           "PermissionDenied": 2, "MessageDisplay": 1, "Notification": 1,
           "UserPromptSubmit": 1, "PreToolUse": 2, "PostToolUse": 2, "PostToolUseFailure": 1}


def a_call(rng, calls):
    pick = rng.choice(["read", "read", "bash", "bash_fail", "write", "edit", "glob", "grep",
                       "missing", "unknown"])
    if pick == "read":
        return calls.read("<WS>/" + rng.choice(["notes.txt", "src/app.py"]))
    if pick == "missing":
        return calls.read("<WS>/nope.txt")
    if pick == "bash":
        return calls.bash(rng.choice(["echo hi", "ls", "cat notes.txt", "echo a > made.txt"]))
    if pick == "bash_fail":
        return calls.bash(rng.choice(["exit 3", "cat nope.txt", "false"]))
    if pick == "write":
        return calls.write("<WS>/" + rng.choice(["out.txt", "src/new.py"]), "written\n")
    if pick == "edit":
        return calls.edit("<WS>/notes.txt", "beta", "BETA")
    if pick == "glob":
        return calls("Glob", {"pattern": rng.choice(["**/*.py", "*.txt"])})
    if pick == "grep":
        return calls("Grep", {"pattern": "alpha", "output_mode": "content"})
    return calls("Nope", {"a": 1})


def hook_spec(rng, event):
    b = rng.choice(MENUS[event])
    spec = {"matcher": rng.choice(MATCHERS) if event in TOOL_EVENTS else None, "behavior": b}
    return hook_words(rng, spec)


def one(seed):
    rng = random.Random(9000 + seed)
    calls = Calls()
    mode = rng.choice(MODES)
    opts = {"permission_mode": mode}
    events = list(WEIGHTS)
    chosen = set()
    while len(chosen) < rng.randint(2, 4):
        chosen.add(rng.choices(events, [WEIGHTS[e] for e in events])[0])
    hooks = {e: [hook_spec(rng, e) for _ in range(rng.choice([1, 1, 2]))] for e in sorted(chosen)}
    responses = []
    for _ in range(rng.randint(1, 3)):
        blocks = [a_call(rng, calls) for _ in range(rng.randint(1, 3))]
        if rng.random() < 0.3:
            blocks.insert(0, txt(rng.choice(["Let me look.", "Working on it."])))
        responses.append({"content": blocks})
    ending = rng.random()
    env = {}
    if ending < 0.15:
        responses.append({"content": [], "error": {"status": 500, "type": "api_error",
                                                   "message": "Internal server error"}})
        env["CLAUDE_CODE_MAX_RETRIES"] = "0"
    else:
        responses.append({"content": [txt(rng.choice(["Done.", "All finished."]))]})
    blocking = any(s["behavior"] == "block" for s in hooks.get("Stop", []))
    if blocking or rng.random() < 0.2:
        opts["max_turns"] = rng.randint(2, 5)
    cb = rng.choice(CALLBACKS)
    if rng.random() < 0.2:
        opts["include_partial_messages"] = True
        # Whole inputs in one delta: the workspace's random path would split differently.
        for r in responses:
            r["chunk"] = 4096
    desc = "seed %d: %s, can_use_tool %s, hooks %s" % (
        seed, mode, cb, ", ".join("%s:%s" % (e, "/".join(s["behavior"] for s in hooks[e]))
                                  for e in sorted(hooks)))
    s = scenario_files.scenario("fi_", "%03d" % seed, desc, responses, opts,
                                prompt="Work on the files", mode=None)
    s["files"] = dict(FILES)
    s["default"] = {"content": [txt("Done.")]}
    s["timeout_s"] = 150
    if env:
        s["env"] = env
    if rng.random() < 0.3:
        s["then"] = [{"prompt": "And one more thing.", "options": {"resume": "<SESSION_ID_1>"}}]
    beh = {"hooks": hooks}
    if cb:
        beh["can_use_tool"] = cb
    s["behaviors"] = beh
    return s


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 290
    # Seeds whose two recordings on the reference differed are left out.
    unsteady = {97, 122, 197, 207, 275}
    seeds = [i for i in range(1, count + 1) if i not in unsteady]
    # Later seeds drawn to look for rules not yet met (800-807, 900-907, 1000-1007).
    later = list(range(800, 808)) + list(range(900, 908)) + list(range(1000, 1008))
    sys.path.insert(0, HERE)
    import pins  # noqa: E402
    scenario_files.write(HERE, "fi_", [one(i) for i in seeds + later] + pins.pins())

#!/usr/bin/env python3
"""Generates the fuzz-c scenarios (prefix fc_): random mixes of hook callbacks (PreToolUse,
PostToolUse, PostToolUseFailure, UserPromptSubmit answering with allow, deny, ask, a rewritten
input, added context, a block, a stop or a system message, under matchers), can_use_tool
answers (allow, deny, deny with interrupt, a rewritten input) and permission modes, over the
calls of fuzz-a's pool. Run: python3 make.py [COUNT] (writes fc_*.json next to this file)."""
import importlib.util
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import scenario_files  # noqa: E402
from scenario_files import tu, txt  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(HERE), "gen"))
from common import hook_words  # noqa: E402

_spec = importlib.util.spec_from_file_location("fuzz_a", os.path.join(HERE, "..", "fuzz-a", "make.py"))
fuzz_a = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fuzz_a)

MODES = ["default", "default", "acceptEdits", "bypassPermissions", "dontAsk", "plan"]
CALLBACKS = [None, None, "allow_all", "deny_all", "deny_bash", {"behavior": "deny_interrupt"},
             {"behavior": "rewrite_input", "tool": "Bash", "set": {"command": "echo rewritten"}}]
MATCHERS = [None, "Bash", "Write|Edit", "Read", "Bash|Read", "Glob|Grep"]
PRE = ["log_all", "deny", "allow", "ask", "add_context", "system_message", "stop", "block",
       ("rewrite_input", {"set": {"command": "echo by-hook"}}),
       ("rewrite_input", {"set": {"content": "hooked\n"}})]
POST = ["log_all", "add_context", "block", "system_message", "stop"]
PROMPT = ["log_all", "add_context", "system_message"]


def hook_spec(rng, menu):
    b = rng.choice(menu)
    extra = {}
    if isinstance(b, tuple):
        b, extra = b
    spec = {"matcher": rng.choice(MATCHERS), "behavior": b}
    spec.update(extra)
    return hook_words(rng, spec)


def one(seed):
    rng = random.Random(1000 + seed)
    mode = rng.choice(MODES)
    opts = {"permission_mode": mode}
    hooks = {}
    for event, menu, p in (("PreToolUse", PRE, 0.8), ("PostToolUse", POST, 0.5),
                           ("PostToolUseFailure", POST, 0.2), ("UserPromptSubmit", PROMPT, 0.2)):
        if rng.random() < p:
            specs = [hook_spec(rng, menu) for _ in range(rng.choice([1, 1, 2]))]
            if event == "UserPromptSubmit":
                for s in specs:
                    s["matcher"] = None
            hooks[event] = specs
    cb = rng.choice(CALLBACKS)
    responses, n = [], 1
    for _ in range(rng.randint(2, 3)):
        blocks = []
        for _ in range(rng.randint(1, 3)):
            name, inp = fuzz_a.call(rng)
            blocks.append(tu(n, name, inp))
            n += 1
        responses.append({"content": blocks})
    responses.append({"content": [txt("Done.")]})
    desc = "seed %d: %s, can_use_tool %s, hooks %s" % (seed, mode, cb, sorted(hooks))
    s = scenario_files.scenario("fc_", "%03d" % seed, desc, responses, opts, prompt="Work on it",
                                mode=None)
    s["files"] = dict(fuzz_a.FILES)
    s["outside_files"] = dict(fuzz_a.OUTSIDE)
    s["env"] = {"PATH": "<WS>/bin:/usr/local/bin:/usr/bin:/bin"}
    s["record"] = {"outside_files": True, "decisions": True}
    s["timeout_s"] = 300
    beh = {}
    if cb:
        beh["can_use_tool"] = cb
    if hooks:
        beh["hooks"] = hooks
    if beh:
        s["behaviors"] = beh
    return s


def targeted():
    """Hand-written scenarios that pin a rule a random one ran into."""
    out = []
    calls = [("Read", {"file_path": "notes.txt"}), ("Write", {"file_path": "w.txt", "content": "w\n"}),
             ("Edit", {"file_path": "notes.txt", "old_string": "notes", "new_string": "N"}),
             ("Glob", {"pattern": "*.txt"}), ("Grep", {"pattern": "notes"}), ("Bash", {"command": "echo hi"}),
             ("WebFetch", {"url": "https://example.com", "prompt": "x"}),
             ("NotebookEdit", {"notebook_path": "n.ipynb", "new_source": "x"}),
             ("TodoWrite", {"todos": []}), ("Read", {"file_path": "/etc/hostname"})]
    for mode in ("default", "bypassPermissions"):
        s = scenario_files.scenario(
            "fc_", "pre_deny_each_%s" % mode,
            "%s, a PreToolUse hook denying every call: each tool once, one a turn." % mode,
            [{"content": [tu(i, n, inp)]} for i, (n, inp) in enumerate(calls, 1)] + [{"content": [txt("Done.")]}],
            {"tools": ["Bash", "Read", "Write", "Edit", "Glob", "Grep", "WebFetch", "NotebookEdit", "TodoWrite"]},
            prompt="Work on it", mode=mode)
        s["files"] = dict(fuzz_a.FILES)
        s["behaviors"] = {"hooks": {"PreToolUse": [{"matcher": None, "behavior": "deny", "reason": "nope"}]}}
        s["record"] = {"decisions": True}
        out.append(s)
    paths = [("Read", {"file_path": "<WS>/notes.txt"}), ("Read", {"file_path": "../outside/other.txt"}),
             ("Read", {"file_path": "<ROOT>/outside/other.txt"}), ("Write", {"file_path": "<WS>/w2.txt", "content": "x"}),
             ("Write", {"file_path": "<ROOT>/outside/w.txt", "content": "x"}), ("Read", {"file_path": "src/app.js"}),
             ("Edit", {"file_path": "<ROOT>/outside/other.txt", "old_string": "other", "new_string": "o"}),
             ("Read", {"file_path": "<WS>/src/link_out"}), ("Read", {"file_path": "missing.txt"})]
    s = scenario_files.scenario(
        "fc_", "pre_deny_paths", "default, a PreToolUse hook denying every call: file tools on paths in and out.",
        [{"content": [tu(i, n, inp)]} for i, (n, inp) in enumerate(paths, 1)] + [{"content": [txt("Done.")]}],
        {}, prompt="Work on it", mode="default")
    s["files"] = dict(fuzz_a.FILES)
    s["outside_files"] = dict(fuzz_a.OUTSIDE)
    s["behaviors"] = {"hooks": {"PreToolUse": [{"matcher": None, "behavior": "deny", "reason": "nope"}]}}
    s["record"] = {"decisions": True}
    out.append(s)
    asked = [("Write", {"file_path": "<WS>/.claude/settings.json", "content": "w1\n"}),
             ("Write", {"file_path": "<WS>/w2.txt", "content": "x\n"}), ("Read", {"file_path": "<WS>/notes.txt"}),
             ("Edit", {"file_path": "<WS>/notes.txt", "old_string": "notes", "new_string": "NOTES"}),
             ("Write", {"file_path": "<WS>/.git/x", "content": "x\n"}), ("Bash", {"command": "ls"}),
             ("Write", {"file_path": "<WS>/.claude/other.json", "content": "{}\n"}),
             ("Write", {"file_path": "<WS>/.bashrc", "content": "x\n"})]
    for mode in ("default", "bypassPermissions", "acceptEdits"):
        s = scenario_files.scenario(
            "fc_", "pre_ask_each_%s" % mode,
            "%s, can_use_tool allows, a PreToolUse hook asking about every call: writes to protected files." % mode,
            [{"content": [tu(i, n, inp)]} for i, (n, inp) in enumerate(asked, 1)] + [{"content": [txt("Done.")]}],
            {}, prompt="Work on it", mode=mode)
        s["files"] = dict(fuzz_a.FILES)
        s["behaviors"] = {"can_use_tool": "allow_all",
                          "hooks": {"PreToolUse": [{"matcher": None, "behavior": "ask", "reason": "why"}]}}
        s["record"] = {"decisions": True}
        out.append(s)
    return out


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 513
    # Seeds whose two recordings on the reference differed (calls side by side finishing in
    # either order) are left out; 236: a Read and a Bash call side by side report in either order.
    unsteady = {45, 51, 88, 134, 164, 236, 286, 313, 378, 393, 402, 463}
    seeds = [i for i in range(1, count + 1) if i not in unsteady]
    # Later seeds drawn to look for rules not yet met (800-807, 900-907, 1000-1007).
    later = list(range(800, 808)) + list(range(900, 908)) + list(range(1000, 1008))
    scenario_files.write(HERE, "fc_", [one(i) for i in seeds + later] + targeted())

#!/usr/bin/env python3
"""Generates the fuzz-j scenarios (prefix fj_): tools of in-process MCP servers at random. A
seed builds one or two SDK servers (`sdk_servers`, see ../mcp/sdk/tools.py) of two to five
tools drawn from a pool (sums, echoes, handlers that raise, images, resources, links, audio,
error flags, odd shapes, read-only, destructive and titled annotations, long results), then
picks a permission mode, allow and deny rules naming servers and tools every way, a
can_use_tool answer (or none), zero to two tool hooks matching MCP names, tool search off,
on or left alone, and one to three rounds of one to four calls: valid arguments, wrong types,
missing and extra ones, tools the server lacks, a server the session lacks, a built-in Read
beside them; sometimes partial messages, a max_turns and a second prompt on the resumed
session. Record with ../mcp/sdk/python (SDK_PYTHON) and ../mcp/sdk/shim (SDK_SHIM_TARGET).
Run: python3 make.py [COUNT] (writes fj_*.json next to this file; the seed is the number)."""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import scenario_files  # noqa: E402
from scenario_files import txt  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(HERE), "gen"))
from common import Calls, hook_words  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(HERE), "mcp"))
from sdk.specs import ADD, CONTENT, ECHO, FAIL, ODD  # noqa: E402

FILES = {"notes.txt": "alpha\nbeta\ngamma\n"}
SERVER_NAMES = ["kit", "calc", "my-tools", "db_2"]
MODES = ["bypassPermissions", "bypassPermissions", "default", "default", "acceptEdits",
         "dontAsk", "plan"]
POOL = [ADD, ADD, ECHO, ECHO, FAIL, *CONTENT, *ODD,
        dict(ECHO, name="look", annotations={"readOnlyHint": True}),
        dict(ADD, name="peek", annotations={"readOnlyHint": True, "title": "Peek Sum"}),
        dict(ECHO, name="wipe", annotations={"destructiveHint": True}),
        dict(ECHO, name="shout", annotations={"openWorldHint": True, "idempotentHint": True}),
        {"name": "big", "description": "A long text.", "input": {"n": "integer"},
         "run": {"text": "{n}" + "y" * 40000}},
        {"name": "flag", "description": "Say yes or no.", "input": {"on": "boolean"},
         "run": {"text": "on={on}"}},
        {"name": "tags", "description": "Join tags.", "input": {"tags": "string[]"},
         "run": {"text": "tags={tags}"}},
        {"name": "scale", "description": "Scale a number.", "input": {"x": "number"},
         "run": {"text": "x={x}"}}]
TYPES = {"integer": [3, 7, -2], "number": [1.5, 2], "string": ["hello", "héllo wörld", ""],
         "boolean": [True, False], "string[]": [["a", "b"], []]}
WRONG = {"integer": ["x", 1.5, None, [1]], "number": ["two", None], "string": [5, None, ["s"]],
         "boolean": ["yes", 1], "string[]": ["a", [1]]}
HOOK_MATCHERS = [None, "mcp__.*", "{s}", "mcp__{s}__.*", "mcp__{s}__{t}", "Read"]
MENUS = {
    "PreToolUse": ["log_all", "deny", "allow", "ask", "add_context", "system_message", "stop",
                   "rewrite_input"],
    "PostToolUse": ["log_all", "block", "add_context", "system_message", "stop"],
    "PostToolUseFailure": ["log_all", "add_context", "system_message"],
    "PermissionRequest": ["log_all", "allow", "deny"],
    "PermissionDenied": ["log_all", "system_message"],
}


def servers_of(rng):
    names = rng.sample(SERVER_NAMES, rng.choice([1, 1, 1, 2]))
    spec = {}
    for name in names:
        tools, seen = [], set()
        while len(tools) < rng.randint(2, 5):
            t = rng.choice(POOL)
            if t["name"] not in seen:
                seen.add(t["name"])
                tools.append(t)
        spec[name] = {"version": rng.choice(["1.0.0", "2.0.0"]), "tools": tools}
    return spec


def args_for(rng, t):
    inp = t.get("input", {})
    args = {k: rng.choice(TYPES[v]) for k, v in inp.items()}
    roll = rng.random()
    if inp and roll < 0.15:
        k = rng.choice(sorted(inp))
        args[k] = rng.choice(WRONG[inp[k]])
    elif inp and roll < 0.25:
        del args[rng.choice(sorted(inp))]
    elif roll < 0.32:
        args["extra"] = 1
    return args


def a_call(rng, calls, spec):
    roll = rng.random()
    server = rng.choice(sorted(spec))
    if roll < 0.06:
        return calls("mcp__%s__nope" % server, {})
    if roll < 0.1:
        return calls("mcp__ghost__echo", {"text": "hi"})
    if roll < 0.18:
        return calls.read("<WS>/notes.txt")
    t = rng.choice(spec[server]["tools"])
    return calls("mcp__%s__%s" % (server, t["name"]), args_for(rng, t))


def rules(rng, spec, picks):
    out = []
    for _ in range(picks):
        s = rng.choice(sorted(spec))
        t = rng.choice(spec[s]["tools"])["name"]
        out.append(rng.choice(["mcp__%s" % s, "mcp__%s__%s" % (s, t), "mcp__%s__*" % s,
                               "mcp__%s__%s" % (s, t), "Read"]))
    return sorted(set(out))


def hook_spec(rng, event, spec):
    s = rng.choice(sorted(spec))
    t = rng.choice(spec[s]["tools"])
    m = rng.choice(HOOK_MATCHERS)
    b = rng.choice(MENUS[event])
    h = {"matcher": m.format(s="mcp__" + s if m == "{s}" else s, t=t["name"]) if m else None,
         "behavior": b}
    if b == "rewrite_input":
        inp = t.get("input") or {"text": "string"}
        k = sorted(inp)[0]
        h["set"] = {k: TYPES[inp[k]][0]}
    return hook_words(rng, h)


STDIO = open(os.path.join(os.path.dirname(HERE), "mcp", "server.py")).read()
STDIO_CALLS = [("add", {"a": 2, "b": 3}), ("add", {"a": "x", "b": 1}), ("echo", {"text": "hi"}),
               ("echo", {"text": ""}), ("fail", {"reason": "no"}), ("nope", {})]


def stdio_server(rng, s, responses):
    """From seed 131 on (drawn last, so the seeds before keep their scenarios): sometimes a
    stdio server the options start (`io`, ../mcp/server.py) beside the SDK ones, with calls
    of its tools slipped into the rounds."""
    if rng.random() < 0.4:
        return
    s["options"]["mcp_servers"] = {"io": {"command": "python3", "args": ["<WS>/server.py"]}}
    s["files"]["server.py"] = STDIO
    if rng.random() < 0.3:
        s["options"]["allowed_tools"] = sorted(set(s["options"].get("allowed_tools", []))
                                               | {rng.choice(["mcp__io", "mcp__io__add"])})
    n = sum(1 for r in responses for b in r["content"] if b["type"] == "tool_use")
    for r in responses[:-1]:
        if rng.random() < 0.6:
            name, inp = rng.choice(STDIO_CALLS)
            n += 1
            call = {"type": "tool_use", "id": "toolu_%02d" % n, "name": "mcp__io__" + name,
                    "input": dict(inp)}
            r["content"].insert(rng.randint(0, len(r["content"])), call)


def one(seed):
    return build(seed, random.Random(10000 + seed), "fj_", stdio=seed > 130)


def build(seed, rng, prefix, stdio=False):
    """A scenario drawn from `rng` (`prefix` + the seed as its name); `stdio`: a stdio server
    may join the SDK ones."""
    calls = Calls()
    spec = servers_of(rng)
    mode = rng.choice(MODES)
    opts = {"permission_mode": mode}
    if rng.random() < 0.4:
        opts["allowed_tools"] = rules(rng, spec, rng.randint(1, 2))
    if rng.random() < 0.3:
        opts["disallowed_tools"] = rules(rng, spec, 1)
    cb = rng.choice([None, None, "allow_all", "deny_all", "rewrite"])
    if cb == "rewrite":
        s = rng.choice(sorted(spec))
        t = rng.choice(spec[s]["tools"])
        inp = t.get("input") or {"text": "string"}
        k = sorted(inp)[-1]
        cb = {"behavior": "rewrite_input", "tool": "mcp__%s__%s" % (s, t["name"]),
              "set": {k: TYPES[inp[k]][-1]}}
    hooks = {}
    for _ in range(rng.choice([0, 0, 1, 1, 2])):
        ev = rng.choice(sorted(MENUS))
        hooks.setdefault(ev, []).append(hook_spec(rng, ev, spec))
    responses = []
    for _ in range(rng.randint(1, 3)):
        blocks = [a_call(rng, calls, spec) for _ in range(rng.randint(1, 4))]
        if rng.random() < 0.25:
            blocks.insert(0, txt("Let me use the tools."))
        responses.append({"content": blocks})
    responses.append({"content": [txt(rng.choice(["Done.", "All finished."]))]})
    env = {"ENABLE_TOOL_SEARCH": rng.choice(["false", "false", "false", "true", None])}
    if rng.random() < 0.15:
        env["MAX_MCP_OUTPUT_TOKENS"] = rng.choice(["500", "20000"])
    if rng.random() < 0.15:
        opts["max_turns"] = rng.randint(1, 3)
    if rng.random() < 0.2:
        opts["include_partial_messages"] = True
        # Whole inputs in one delta: the workspace's random path would split differently.
        for r in responses:
            r["chunk"] = 4096
    desc = "seed %d: %s, servers %s, can_use_tool %s, hooks %s" % (
        seed, mode, "/".join(sorted(spec)),
        cb if not isinstance(cb, dict) else "rewrite " + cb["tool"],
        ", ".join("%s:%s" % (e, "/".join(h["behavior"] for h in hooks[e])) for e in sorted(hooks))
        or "none")
    s = scenario_files.scenario(prefix, "%03d" % seed, desc, responses, opts,
                                prompt="Use the tools", mode=None)
    s["files"] = dict(FILES)
    s["sdk_servers"] = spec
    s["timeout_s"] = 150
    s["env"] = {k: v for k, v in env.items() if v is not None}
    if rng.random() < 0.25:
        s["then"] = [{"prompt": "And one more thing.", "options": {"resume": "<SESSION_ID_1>"}}]
    if stdio:
        stdio_server(rng, s, responses)
    beh = {}
    if hooks:
        beh["hooks"] = hooks
    if cb:
        beh["can_use_tool"] = cb
    if beh:
        s["behaviors"] = beh
    return s


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    # Seeds whose two recordings on the reference differed are left out.
    unsteady = {186}
    seeds = [i for i in range(1, count + 1) if i not in unsteady]
    # Later seeds drawn to look for rules not yet met (800-807, 900-907, 1000-1007).
    later = list(range(800, 808)) + list(range(900, 908)) + list(range(1000, 1008))
    sys.path.insert(0, HERE)
    import pins  # noqa: E402
    scenario_files.write(HERE, "fj_", [one(i) for i in seeds + later] + pins.pins())

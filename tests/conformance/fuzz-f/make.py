#!/usr/bin/env python3
"""Generates the fuzz-f scenarios (prefix ff_): subagents at random. A seed picks the parent's
permission mode, model and limits, zero to two custom agents (`agents` option: tools,
disallowedTools, model, maxTurns, permissionMode, effort), a can_use_tool answer and
SubagentStart / SubagentStop / PreToolUse hooks, then a parent that calls the Agent tool one to
three times (foreground; general-purpose, a custom agent, an unknown type, Explore, a model
given in the call) between tool rounds and texts, and for each subagent one to four scripted
answers (Read, Bash, Write, a tool it may not have, thinking, text, blank text, an answer cut
at max_tokens, an API error).

Every call to Agent stands alone in its response and runs in the foreground, so only one
thread asks the scripted server at a time: the answers are served in the order written
(no `match`), and the recordings do not depend on timing even where the generator's guess of
how many requests a subagent makes is wrong. Run: python3 make.py [COUNT]."""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "gen"))
from common import Calls, respond, scenario, write_area  # noqa: E402

FILES = {"notes.txt": "alpha\nbeta\ngamma\n", "src/app.py": "print('hi')\n",
         "docs/guide.md": "# Guide\nUse the tools.\n"}
NAMES = ["reviewer", "writer", "scout"]
TOOLSETS = [None, None, ["Read"], ["Read", "Bash"], ["Read", "Write", "Bash"], ["Glob", "Grep", "Read"]]
AGENT_MODELS = [None, None, "inherit", "haiku", "sonnet", "claude-haiku-4-5"]
PARENT_MODELS = [None, None, None, "claude-sonnet-4-5", "claude-haiku-4-5", "sonnet"]


def definition(rng, name):
    d = {"description": rng.choice(["Reviews code.", "Writes notes.", "Looks around."]),
         "prompt": f"You are the {name.upper()} agent."}
    tools = rng.choice(TOOLSETS)
    if tools is not None:
        d["tools"] = tools
    if rng.random() < 0.25:
        d["disallowedTools"] = [rng.choice(["Bash", "Write", "Read"])]
    model = rng.choice(AGENT_MODELS)
    if model is not None:
        d["model"] = model
    if rng.random() < 0.35:
        d["maxTurns"] = rng.choice([1, 2, 3])
    if rng.random() < 0.3:
        d["permissionMode"] = rng.choice(["acceptEdits", "plan", "default", "bypassPermissions"])
    if rng.random() < 0.1:
        d["effort"] = rng.choice(["low", "high"])
    return d


def sub_call(rng, calls, n):
    pick = rng.choice(["read", "read", "bash", "bash", "write", "glob", "nope", "agent"])
    if pick == "read":
        return calls.read("<WS>/" + rng.choice(["notes.txt", "src/app.py", "missing.txt"]))
    if pick == "bash":
        return calls.bash(rng.choice(["echo sub-%d" % n, "cat notes.txt", "false", "ls"]))
    if pick == "write":
        return calls.write("<WS>/sub%d.txt" % n, "from a subagent\n")
    if pick == "glob":
        return calls("Glob", {"pattern": "**/*.py"})
    if pick == "nope":
        return calls("Nope", {"x": 1})
    return calls("Agent", {"description": "Nested", "prompt": "Go deeper.",
                           "subagent_type": "general-purpose", "run_in_background": False})


def sub_answers(rng, calls, n):
    """The scripted answers of one subagent: tool rounds, then how it ends."""
    out = []
    for _ in range(rng.choice([0, 1, 1, 2, 3])):
        blocks = [sub_call(rng, calls, n)]
        if rng.random() < 0.25:
            blocks.insert(0, "Checking.")
        if rng.random() < 0.15:
            blocks.insert(0, {"type": "thinking", "thinking": "Let me see.", "signature": "sig"})
        out.append(respond(*blocks))
    end = rng.choice(["text", "text", "text", "blank", "max_tokens", "error", "thinking"])
    if end == "text":
        out.append(respond("SUB-ANSWER-%d: %s" % (n, rng.choice(["all good", "found it", "nothing there"]))))
    elif end == "blank":
        out.append(respond(""))
    elif end == "max_tokens":
        out.append(respond("SUB-ANSWER-%d: cut sh" % n, stop_reason="max_tokens"))
        out.append(respond("ort, now done."))
    elif end == "thinking":
        out.append(respond({"type": "thinking", "thinking": "Done thinking.", "signature": "sig"},
                           "SUB-ANSWER-%d: thought" % n))
    else:
        out.append({"error": rng.choice([
            {"status": 500, "type": "api_error", "message": "Internal error"},
            {"status": 400, "type": "invalid_request_error", "message": "Bad request"}]),
                    "content": []})
        out[-1]["error"]["headers"] = {"retry-after": "0"}
    return out


def agent_call(rng, calls, names, n):
    inp = {"description": "Task %d" % n, "prompt": "SUB-PROMPT-%d: do part %d." % (n, n)}
    kind = rng.choice(["gp", "none", "custom", "custom", "unknown", "explore"])
    if kind == "custom" and names:
        inp["subagent_type"] = rng.choice(names)
    elif kind == "unknown":
        inp["subagent_type"] = "no-such-agent"
    elif kind == "explore":
        inp["subagent_type"] = "Explore"
    elif kind != "none":
        inp["subagent_type"] = "general-purpose"
    if rng.random() < 0.15:
        inp["model"] = rng.choice(["haiku", "sonnet", "opus"])
    inp["run_in_background"] = False
    return calls("Agent", inp), inp.get("subagent_type") != "no-such-agent"


def parent_round(rng, calls):
    pick = rng.choice(["read", "bash", "write"])
    if pick == "read":
        return respond(calls.read("<WS>/notes.txt"))
    if pick == "bash":
        return respond(calls.bash("echo parent"))
    return respond(calls.write("<WS>/parent.txt", "from the parent\n"))


def make(seed):
    rng = random.Random(seed * 7919 + 6)
    calls = Calls()
    options = {"permission_mode": rng.choice(["bypassPermissions"] * 3 + ["default", "acceptEdits"])}
    model = rng.choice(PARENT_MODELS)
    if model:
        options["model"] = model
    names = rng.sample(NAMES, rng.choice([0, 1, 1, 2]))
    if names:
        options["agents"] = {n: definition(rng, n) for n in names}
    if rng.random() < 0.2:
        options["include_partial_messages"] = True
    if rng.random() < 0.15:
        options["max_turns"] = rng.choice([1, 2, 3])
    if rng.random() < 0.15:
        options["disallowed_tools"] = [rng.choice(["Bash", "Write"])]
    behaviors = {}
    if options["permission_mode"] != "bypassPermissions" and rng.random() < 0.6:
        behaviors["can_use_tool"] = rng.choice([{"behavior": "allow_all"},
                                                {"behavior": "deny_bash", "message": "No bash here."}])
    hooks = {}
    if rng.random() < 0.3:
        hooks["SubagentStart"] = [{"matcher": None, "behavior": rng.choice(["log_all", "add_context"]),
                                   "text": "START-CONTEXT"}]
    if rng.random() < 0.3:
        hooks["SubagentStop"] = [{"matcher": None, "behavior": rng.choice(["log_all", "log_all", "system_message"]),
                                  "text": "STOP-NOTE"}]
    if rng.random() < 0.2:
        hooks["PreToolUse"] = [{"matcher": rng.choice([None, "Agent", "Bash|Read"]), "behavior": "log_all"}]
    if hooks:
        behaviors["hooks"] = hooks
    responses = []
    kinds = []
    for n in range(1, rng.choice([1, 1, 2, 3]) + 1):
        if n > 1 and rng.random() < 0.4:
            responses.append(parent_round(rng, calls))
        block, runs = agent_call(rng, calls, names, n)
        responses.append(respond("Delegating.", block) if rng.random() < 0.4 else respond(block))
        kinds.append(block["input"].get("subagent_type", "(none)"))
        if runs:
            responses.extend(sub_answers(rng, calls, n))
    responses.append(respond(rng.choice(["PARENT-DONE", "All delegated work is done."])))
    s = scenario("ff_%03d" % seed,
                 "Seed %d: %d Agent call(s) (%s)." % (seed, len(kinds), ", ".join(kinds)),
                 responses, options, prompt="PARENT-PROMPT: delegate the work.",
                 behaviors=behaviors or None, files=FILES,
                 env={"CLAUDE_CODE_MAX_RETRIES": "0"}, timeout_s=150)
    return s


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 318
    # Seeds whose two recordings on the reference differed (the workspace's random path split
    # between two streamed deltas differently).
    unsteady = {139, 160, 258, 273, 312}
    # Later seeds drawn to look for rules not yet met (ff_707: an agent three levels down
    # has no Agent tool, the default spawn depth being 3).
    later = list(range(700, 708)) + list(range(800, 808)) + list(range(900, 908)) + list(range(1000, 1008))
    seeds = [s for s in range(1, count + 1) if s not in unsteady] + later
    names = write_area("fuzz-f", [make(seed) for seed in seeds])
    print(len(names), "scenarios")


if __name__ == "__main__":
    main()

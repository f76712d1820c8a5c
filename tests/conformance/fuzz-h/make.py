#!/usr/bin/env python3
"""Generates the fuzz-h scenarios (prefix fh_): the options of a session mixed at random. A
seed picks the permission mode, the tools offered (a list, none, the preset), allowed and
disallowed tools (whole tools and Bash rules), a system prompt (a string, the preset, the
preset with an addition), the model and a fallback, thinking (adaptive, a budget, off, or
max_thinking_tokens), effort, betas, partial messages, added directories, settings files
(project, local, user: permission rules, a default mode, environment, model) with the sources
that load them, a CLAUDE.md, structured output; then one to three rounds of tool calls (file
reads and writes inside and outside the workspace, commands, searches, a tool left out of the
session) and a final answer. No can_use_tool callback: what needs asking is refused as a
session without a person refuses it.
Run: python3 make.py [COUNT] (writes fh_*.json next to this file)."""
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import scenario_files  # noqa: E402
from scenario_files import txt  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(HERE), "gen"))
from common import Calls  # noqa: E402

FILES = {"notes.txt": "alpha\nbeta\ngamma\n", "src/app.py": "print('hi')\n"}
MODES = ["default", "default", "acceptEdits", "plan", "bypassPermissions", "dontAsk"]
TOOLS = ["Read", "Bash", "Write", "Edit", "Glob", "Grep"]
ALLOW = ["Read", "Bash", "Bash(echo:*)", "Bash(ls:*)", "Write", "Edit", "Glob", "Grep",
         "Read(./src/**)", "Edit(./notes.txt)"]
DENY = ["Bash", "Bash(rm:*)", "Write", "Read", "Edit", "Grep", "Read(./notes.txt)",
        "Bash(cat:*)"]
MODELS = [None, None, "sonnet", "haiku", "opus", "claude-sonnet-4-5", "claude-haiku-4-5",
          "claude-opus-4-1", "claude-sonnet-4-6", "claude-opus-4-6"]
SCHEMA = {"type": "object", "properties": {"answer": {"type": "string"}},
          "required": ["answer"]}


def subset(rng, items, most):
    return rng.sample(items, rng.randint(1, most))


def a_call(rng, calls):
    pick = rng.choice(["read", "read", "bash", "bash", "write", "edit", "glob", "grep",
                       "outside", "web"])
    if pick == "read":
        return calls.read("<WS>/" + rng.choice(["notes.txt", "src/app.py", "nope.txt"]))
    if pick == "bash":
        return calls.bash(rng.choice(["echo hi", "ls", "cat notes.txt", "rm -f gone.txt",
                                      "echo a > made.txt", "git status"]))
    if pick == "write":
        return calls.write("<WS>/" + rng.choice(["out.txt", "src/new.py"]), "written\n")
    if pick == "edit":
        return calls.edit("<WS>/notes.txt", "beta", "BETA")
    if pick == "glob":
        return calls("Glob", {"pattern": rng.choice(["**/*.py", "*.txt"])})
    if pick == "grep":
        return calls("Grep", {"pattern": "alpha", "output_mode": "content"})
    if pick == "outside":
        return rng.choice([calls.read("<ROOT>/extra/info.txt"),
                           calls.write("<ROOT>/extra/made.txt", "x\n")])
    return calls("WebFetch", {"url": "http://127.0.0.1:9/x", "prompt": "Summarize"})


def settings(rng):
    s = {}
    if rng.random() < 0.6:
        perms = {}
        if rng.random() < 0.6:
            perms["allow"] = subset(rng, ALLOW, 2)
        if rng.random() < 0.5:
            perms["deny"] = subset(rng, DENY, 2)
        if rng.random() < 0.3:
            perms["ask"] = subset(rng, ["Bash", "Write", "Read"], 1)
        if rng.random() < 0.3:
            perms["defaultMode"] = rng.choice(["acceptEdits", "plan", "bypassPermissions",
                                               "dontAsk", "default"])
        if rng.random() < 0.2:
            perms["additionalDirectories"] = ["<ROOT>/extra"]
        s["permissions"] = perms
    if rng.random() < 0.3:
        s["env"] = {"FH_VAR": "from-settings"}
    if rng.random() < 0.25:
        s["model"] = rng.choice(["haiku", "claude-sonnet-4-5", "opus"])
    return s


def one(seed):
    rng = random.Random(8000 + seed)
    calls = Calls()
    opts = {"permission_mode": rng.choice(MODES)}
    r = rng.random()
    if r < 0.2:
        opts["tools"] = subset(rng, TOOLS, 4)
    elif r < 0.25:
        opts["tools"] = []
    elif r < 0.32:
        opts["tools"] = {"type": "preset", "preset": "claude_code"}
    if rng.random() < 0.4:
        opts["allowed_tools"] = subset(rng, ALLOW, 3)
    if rng.random() < 0.3:
        opts["disallowed_tools"] = subset(rng, DENY, 2)
    r = rng.random()
    if r < 0.15:
        opts["system_prompt"] = "Be brief."
    elif r < 0.25:
        opts["system_prompt"] = {"type": "preset", "preset": "claude_code"}
    elif r < 0.35:
        opts["system_prompt"] = {"type": "preset", "preset": "claude_code",
                                 "append": "Answer in one line."}
    model = rng.choice(MODELS)
    if model:
        opts["model"] = model
    if rng.random() < 0.15:
        opts["fallback_model"] = rng.choice(["claude-haiku-4-5", "sonnet"])
    r = rng.random()
    if r < 0.1:
        opts["thinking"] = {"type": "adaptive"}
    elif r < 0.2:
        opts["thinking"] = {"type": "enabled", "budget_tokens": rng.choice([1024, 4096])}
    elif r < 0.27:
        opts["thinking"] = {"type": "disabled"}
    elif r < 0.35:
        opts["max_thinking_tokens"] = rng.choice([1024, 8000])
    if rng.random() < 0.2:
        opts["effort"] = rng.choice(["low", "medium", "high", "max"])
    if rng.random() < 0.1:
        opts["betas"] = ["context-1m-2025-08-07"]
    if rng.random() < 0.25:
        opts["include_partial_messages"] = True
    if rng.random() < 0.2:
        opts["add_dirs"] = ["<ROOT>/extra"]
    files = dict(FILES)
    home_files = {}
    r = rng.random()
    if r < 0.45:
        opts["setting_sources"] = rng.choice([["project"], ["project", "local"],
                                              ["user", "project", "local"], ["user"], []])
    if rng.random() < 0.5:
        files[".claude/settings.json"] = json.dumps(settings(rng))
    if rng.random() < 0.25:
        files[".claude/settings.local.json"] = json.dumps(settings(rng))
    if rng.random() < 0.25:
        home_files[".claude/settings.json"] = json.dumps(settings(rng))
    if rng.random() < 0.25:
        files["CLAUDE.md"] = "Always answer politely.\n"
    structured = rng.random() < 0.12
    if structured:
        opts["output_format"] = {"type": "json_schema", "schema": SCHEMA}
    responses = []
    for _ in range(rng.choice([1, 1, 2, 3])):
        blocks = [a_call(rng, calls) for _ in range(rng.choice([1, 1, 2]))]
        if rng.random() < 0.3:
            blocks.insert(0, txt("Working on it."))
        responses.append({"content": blocks})
    if structured:
        responses.append({"content": [calls("StructuredOutput", {"answer": "done"})]})
    responses.append({"content": [txt("Finished.")]})
    if opts.get("include_partial_messages"):
        for resp in responses:
            resp["chunk"] = 4096
    s = scenario_files.scenario(
        "fh_", "%03d" % seed,
        "Seed %d: the options of a session at random (%s)." % (
            seed, ", ".join(sorted(opts))),
        responses, opts, prompt="Look after the files", mode=None)
    s["env"] = {"CLAUDE_CODE_MAX_RETRIES": "0"}
    s["files"] = files
    s["outside_files"] = {"extra/info.txt": "outside\n"}
    if home_files:
        s["home_files"] = home_files
    s["timeout_s"] = 90
    return s


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 378
    # Seeds whose two recordings on the reference differed.
    unsteady = {71, 120, 269, 274}
    seeds = [i for i in range(1, count + 1) if i not in unsteady]
    # Later seeds drawn to look for rules not yet met (800-807, 900-907, 1000-1007).
    later = list(range(800, 808)) + list(range(900, 908)) + list(range(1000, 1008))
    scenario_files.write(HERE, "fh_", [one(i) for i in seeds + later])

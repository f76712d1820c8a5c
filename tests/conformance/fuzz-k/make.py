#!/usr/bin/env python3
"""Generates the fuzz-k scenarios (prefix fk_): tools of stdio MCP servers at random. A seed is
drawn as a fuzz-j one (../fuzz-j/make.py: one or two servers of two to five tools from the same
pool, a permission mode, allow and deny rules, a can_use_tool answer, tool hooks, tool search,
one to three rounds of calls, partial messages, max_turns, a resumed second prompt), from
its own random stream, and its servers are started by the options as stdio servers
(`server.py`, laid into the workspace with each server's spec as `<name>.json`), so the
shared harness runs it on every face and the Rust run too.
Run: python3 make.py [COUNT] (writes fk_*.json next to this file; the seed is the number)."""
import importlib.util
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import scenario_files  # noqa: E402

_spec = importlib.util.spec_from_file_location("fuzz_j", os.path.join(os.path.dirname(HERE), "fuzz-j", "make.py"))
fj = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fj)
SERVER = open(os.path.join(HERE, "server.py")).read()


def one(seed):
    s = fj.build(seed, random.Random(20000 + seed), "fk_")
    servers = s.pop("sdk_servers")
    s["files"]["server.py"] = SERVER
    s["options"]["mcp_servers"] = {}
    for name, spec in servers.items():
        s["files"][name + ".json"] = json.dumps(dict(spec, name=name), indent=1) + "\n"
        s["options"]["mcp_servers"][name] = {"command": "python3",
                                             "args": ["<WS>/server.py", "<WS>/%s.json" % name]}
    s["description"] = s["description"].replace("servers ", "stdio servers ", 1)
    return s


def pins():
    """fk_pin_*: MCP refusals of calls that waited for a running call, with a tool the session
    lacks behind them (fuzz-j/fj_005, fj_087 on stdio servers)."""
    tools = [{"name": "run", "description": "Say the text back.", "input": {"text": "string"},
              "run": {"text": "{text}"}},
             {"name": "look", "description": "Say the text back.", "input": {"text": "string"},
              "run": {"text": "{text}"}, "annotations": {"readOnlyHint": True}},
             {"name": "poke", "description": "Say the text back.", "input": {"text": "string"},
              "run": {"text": "{text}"}}]
    spec = json.dumps({"name": "kit", "tools": tools}, indent=1) + "\n"

    def call(i, name):
        inp = {} if name == "nope" else {"text": str(i)}
        return {"type": "tool_use", "id": "toolu_%02d" % i, "name": "mcp__kit__" + name, "input": inp}

    out = []
    for key, names in (("ro_then_write", ["run", "look", "poke", "nope"]),
                       ("write_unknown_ro", ["poke", "run", "nope", "look"]),
                       ("two_ro", ["run", "look", "look", "nope", "poke"])):
        out.append({"name": "fk_pin_" + key,
                    "description": "Default mode, no callback, `run` allowed: %s." % ", ".join(names),
                    "prompt": "Use the tools",
                    "options": {"permission_mode": "default", "allowed_tools": ["mcp__kit__run"],
                                "mcp_servers": {"kit": {"command": "python3",
                                                        "args": ["<WS>/server.py", "<WS>/kit.json"]}}},
                    "env": {"ENABLE_TOOL_SEARCH": "false"},
                    "responses": [{"content": [call(i + 1, n) for i, n in enumerate(names)]},
                                  {"content": [{"type": "text", "text": "Done."}]}],
                    "default": {"content": [{"type": "text", "text": "Done."}]},
                    "files": {"server.py": SERVER, "kit.json": spec}, "timeout_s": 120})
    return out


def restarts():
    """fk_pin_restart_*: fuzz-j's fj_pin_restart_* (a stdio server whose process ended is
    started again by the next call) without the SDK server beside it, so that the Rust run
    takes them too."""
    sys.path.insert(0, os.path.join(os.path.dirname(HERE), "mcp"))
    spec = importlib.util.spec_from_file_location(
        "fj_pins", os.path.join(os.path.dirname(HERE), "fuzz-j", "pins.py"))
    fj_pins = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fj_pins)
    out = []
    for s in fj_pins.restarts():
        s.pop("sdk_servers")
        s["name"] = s["name"].replace("fj_pin_", "fk_pin_")
        out.append(s)
    return out


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 140
    # Seeds whose two recordings on the reference differed are left out.
    unsteady = set()
    later = list(range(800, 808)) + list(range(900, 908)) + list(range(1000, 1008))  # later seeds drawn to look for rules not yet met
    scenario_files.write(HERE, "fk_", [one(i) for i in list(range(1, count + 1)) + later if i not in unsteady]
                         + pins() + restarts())

"""Runs under the interpreter being tested (the reference: ~/venvs/claude-ref/bin/python) with
HOME set to a kept scratch HOME. Calls the public session functions of claude_agent_sdk on the
session(s) of the workspace and prints what they return as JSON (raw; probe.py normalizes).

    HOME=<scratch>/home PYEXE probe_sessions.py WORKSPACE
"""
import dataclasses
import json
import sys

import claude_agent_sdk as sdk

ws = sys.argv[1]


def plain(o):
    if dataclasses.is_dataclass(o) and not isinstance(o, type):
        return {f.name: plain(getattr(o, f.name)) for f in dataclasses.fields(o)}
    if isinstance(o, dict):
        return {k: plain(v) for k, v in o.items()}
    if isinstance(o, (list, tuple)):
        return [plain(v) for v in o]
    return o


out = {"sessions": []}
for info in sdk.list_sessions(directory=ws):
    sid = info.session_id
    s = {"info": plain(info), "messages": plain(sdk.get_session_messages(sid, directory=ws))}
    agents = sdk.list_subagents(sid, directory=ws)
    s["list_subagents"] = agents
    s["subagents"] = {a: plain(sdk.get_subagent_messages(sid, a, directory=ws)) for a in agents}
    s["subagents_page"] = {a: plain(sdk.get_subagent_messages(sid, a, directory=ws, limit=1, offset=1))
                           for a in agents}
    s["unknown_agent"] = plain(sdk.get_subagent_messages(sid, "no-such-agent", directory=ws))
    out["sessions"].append(s)
print(json.dumps(out, default=repr))

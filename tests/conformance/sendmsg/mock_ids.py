#!/usr/bin/env python3
"""The shared scripted server (mockapi.py) for scenarios that address an agent by its id:
"<AGENT_ID>" anywhere in a scripted response becomes the last agent id the request's
messages carry (an "agentId: <id>" line of an Agent tool result), since the id is random."""
import json
import os
import re
import sys

SHARED = os.environ.get("CONFORMANCE_SHARED", "/work/shared/conformance")
sys.path.insert(0, SHARED)
import mockapi  # noqa: E402

AGENT_ID = re.compile(r"agentId: ([A-Za-z0-9_-]+)")
_choose = mockapi.choose


def choose(req):
    index, response, kind = _choose(req)
    ids = AGENT_ID.findall(json.dumps(req.get("messages") or []))
    text = json.dumps(response)
    if ids and "<AGENT_ID>" in text:
        response = json.loads(text.replace("<AGENT_ID>", ids[-1]))
    return index, response, kind


mockapi.choose = choose
mockapi.main()

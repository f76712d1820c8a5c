#!/usr/bin/env python3
"""Records what the MCP control requests of `ClaudeSDKClient` do: `get_mcp_status`,
`toggle_mcp_server`, `reconnect_mcp_server`, and what the model then sees.

    python3 probe.py PYTHON OUT.json      (PYTHON: an interpreter with claude_agent_sdk)

It lays `../server.py` into a scratch workspace, starts the shared harness's scripted
Messages API (`$CONFORMANCE_DIR`, default ../../../../../shared/conformance) and runs
`session.py` under PYTHON. `golden.json` is the reference's record; `check.py` compares."""
import json, os, shutil, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from probe_env import probe  # noqa: E402


def turn(*calls):
    return {"content": [{"type": "tool_use", "id": f"toolu_{i:02d}", "name": n, "input": {}}
                        for i, n in enumerate(calls, 1)]}


DONE = {"content": [{"type": "text", "text": "Done."}]}
RESPONSES = [turn("ListMcpResourcesTool"), turn("mcp__docs__ping_tool"), DONE,
             turn("ListMcpResourcesTool"), turn("mcp__docs__ping_tool"), DONE]


def main(python, out):
    record, requests, ws, home = probe(
        [python, os.path.join(HERE, "session.py")], RESPONSES,
        prepare=lambda ws: shutil.copy(os.path.join(HERE, "..", "server.py"), ws))
    # The tools each request offered (MCP and resource tools only: the rest is the face's own).
    record["requests"] = [sorted(t["name"] for t in r.get("tools", [])
                                 if t["name"].startswith("mcp__") or "McpResource" in t["name"])
                          for r in requests]
    text = json.dumps(record, indent=1).replace(ws, "<WS>").replace(home, "<HOME>")
    with open(out, "w") as f:
        f.write(text + "\n")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])

#!/usr/bin/env python3
"""Writes the stdio MCP scenarios (server.py is laid into each workspace). Record with
  python3 ../../../../shared/conformance/run.py --python REF NAME.json -o golden/NAME.json
  python3 ../../../../shared/conformance/run.py --node REF_TS NAME.json -o golden-ts/NAME.json"""
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
SERVER = open(os.path.join(HERE, "server.py")).read()
MCP = {"calc": {"command": "python3", "args": ["<WS>/server.py"]}}


def tool(i, name, inp):
    return {"type": "tool_use", "id": f"toolu_{i:02d}", "name": name, "input": inp}


def write(name, desc, options, calls):
    s = {"name": name, "description": desc, "prompt": "Use the calculator",
         "options": dict(options, mcp_servers=MCP), "files": {"server.py": SERVER},
         "responses": [{"content": calls}, {"content": [{"type": "text", "text": "Done."}]}]}
    with open(os.path.join(HERE, name + ".json"), "w") as f:
        json.dump(s, f, indent=1)
        f.write("\n")


write("mcp_stdio_calls", "A stdio MCP server's tools: a result, an error result, an unknown tool.",
      {"permission_mode": "bypassPermissions"},
      [tool(1, "mcp__calc__add", {"a": 2, "b": 3}), tool(2, "mcp__calc__fail", {"reason": "on purpose"}),
       tool(3, "mcp__calc__nope", {}), tool(4, "mcp__calc__echo", {"text": "hello"})])
write("mcp_stdio_permissions", "Default mode: an allowed MCP tool runs, another is refused.",
      {"permission_mode": "default", "allowed_tools": ["mcp__calc__add"]},
      [tool(1, "mcp__calc__add", {"a": 1, "b": 1}), tool(2, "mcp__calc__echo", {"text": "hi"})])

#!/usr/bin/env python3
"""Writes the stdio MCP scenarios (server.py is laid into each workspace). Record with
  python3 ../../../../shared/conformance/run.py --python REF NAME.json -o golden/NAME.json
  python3 ../../../../shared/conformance/run.py --node REF_TS NAME.json -o golden-ts/NAME.json"""
import json, os

from sdk.specs import ADD, CONTENT, ECHO, FAIL, ODD

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


# --- in-process SDK servers: the scenario key "sdk_servers" (see sdk/tools.py). Record with
#   SDK_PYTHON=REF python3 .../run.py --python $PWD/sdk/python NAME.json -o golden/NAME.json
#   SDK_SHIM_TARGET=REF_TS python3 .../run.py --node $PWD/sdk/shim NAME.json -o golden-ts/NAME.json
# Tool search is off so that the MCP tools are not deferred (a deferred tool's error result
# carries a note that oxagent words itself).
def write_sdk(name, desc, options, tools, calls):
    s = {"name": name, "description": desc, "prompt": "Use the kit", "options": options,
         "env": {"ENABLE_TOOL_SEARCH": "false"},
         "sdk_servers": {"kit": {"version": "2.0.0", "tools": tools}},
         "responses": [{"content": calls}, {"content": [{"type": "text", "text": "Done."}]}]}
    with open(os.path.join(HERE, name + ".json"), "w") as f:
        json.dump(s, f, indent=1)
        f.write("\n")


def calls_of(tools):
    return [tool(i + 1, "mcp__kit__" + t["name"], {}) for i, t in enumerate(tools)]


BYPASS = {"permission_mode": "bypassPermissions"}
write_sdk("mcp_sdk_calls", "An SDK server's tools: a result, a handler that raises, an unknown tool.",
          BYPASS, [ADD, ECHO, FAIL],
          [tool(1, "mcp__kit__add", {"a": 2, "b": 3}), tool(2, "mcp__kit__fail", {}),
           tool(3, "mcp__kit__nope", {}), tool(4, "mcp__kit__echo", {"text": "hello"})])
write_sdk("mcp_sdk_bad_args", "Arguments that do not match an SDK tool's input schema.",
          BYPASS, [ADD, ECHO],
          [tool(1, "mcp__kit__add", {"a": 2}), tool(2, "mcp__kit__add", {"a": "x", "b": 1}),
           tool(3, "mcp__kit__add", {"a": 2, "b": 3, "c": 4}), tool(4, "mcp__kit__echo", {"text": 5}),
           tool(5, "mcp__kit__add", {"a": 1.5, "b": 1})])
write_sdk("mcp_sdk_content", "What SDK tool handlers return: images, resources, unknown blocks.",
          BYPASS, CONTENT, calls_of(CONTENT))
write_sdk("mcp_sdk_odd_results", "SDK tool handlers returning error flags and odd shapes.",
          BYPASS, ODD, calls_of(ODD))
write_sdk("mcp_sdk_permissions", "Default mode, no callback: a read-only SDK tool and another.",
          {"permission_mode": "default"},
          [dict(ECHO, name="look", annotations={"readOnlyHint": True}), ECHO],
          [tool(1, "mcp__kit__look", {"text": "hi"}), tool(2, "mcp__kit__echo", {"text": "hi"})])
write_sdk("mcp_sdk_large_result", "A large SDK tool result, with and without maxResultSizeChars.",
          BYPASS,
          [{"name": "big", "description": "A long text.", "input": {"n": "integer"},
            "run": {"text": "{n}" + "x" * 60000}},
           {"name": "big_ok", "description": "A long text it may keep.", "input": {"n": "integer"},
            "annotations": {"maxResultSizeChars": 100000}, "run": {"text": "{n}" + "x" * 60000}}],
          [tool(1, "mcp__kit__big", {"n": 1}), tool(2, "mcp__kit__big_ok", {"n": 2})])

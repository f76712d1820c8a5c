#!/usr/bin/env python3
"""Writes the MCP resource scenarios (server.py is laid into each workspace). Record with
  H=../../../../shared/conformance
  python3 $H/run.py --python REF NAME.json -o golden/NAME.json
  python3 $H/run.py --node REF_TS NAME.json -o golden-ts/NAME.json"""
import json, os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
SERVER = open(os.path.join(HERE, "server.py")).read()


def srv(name, mode="docs"):
    return {"command": "python3", "args": ["<WS>/server.py", name, mode]}


DOCS = {"docs": srv("docs")}
TWO = {"docs": srv("docs"), "calc": srv("calc", "tools")}
BYPASS = {"permission_mode": "bypassPermissions"}


def tool(i, name, inp):
    return {"type": "tool_use", "id": f"toolu_{i:02d}", "name": name, "input": inp}


def L(i, inp=None):
    return tool(i, "ListMcpResourcesTool", {} if inp is None else inp)


def R(i, inp):
    return tool(i, "ReadMcpResourceTool", inp)


def write(name, desc, servers, calls, options=BYPASS, env=None, together=False):
    # One call per turn unless `together`: calls of one turn run at once and their results
    # come in the order they finish.
    responses = [{"content": calls}] if together else [{"content": [c]} for c in calls]
    s = {"name": name, "description": desc, "prompt": "Look at the resources",
         "options": dict(options, mcp_servers=servers), "files": {"server.py": SERVER},
         "responses": responses + [{"content": [{"type": "text", "text": "Done."}]}]}
    if env:
        s["env"] = env
    with open(os.path.join(HERE, name + ".json"), "w") as f:
        json.dump(s, f, indent=1)
        f.write("\n")


write("res_list_all", "ListMcpResourcesTool with no server: every server's resources.", TWO, [L(1)])
write("res_list_server", "ListMcpResourcesTool for one server, for a server without resources, for an unknown one.",
      TWO, [L(1, {"server": "docs"}), L(2, {"server": "calc"}), L(3, {"server": "nope"})])
write("res_list_empty", "A resources server that lists none, and one whose list fails.",
      {"empty": srv("empty", "empty"), "broken": srv("broken", "broken")},
      [L(1), L(2, {"server": "empty"}), L(3, {"server": "broken"})])
write("res_read_text", "ReadMcpResourceTool on text resources, one with two parts.", DOCS,
      [R(1, {"server": "docs", "uri": "docs://readme"}), R(2, {"server": "docs", "uri": "docs://notes.txt"}),
       R(3, {"server": "docs", "uri": "docs://multi"}), R(4, {"server": "docs", "uri": "docs://page/7"})])
write("res_read_binary", "ReadMcpResourceTool on an image and on binary data.", DOCS,
      [R(1, {"server": "docs", "uri": "docs://logo.png"}), R(2, {"server": "docs", "uri": "docs://data.bin"})])
write("res_read_errors", "ReadMcpResourceTool: an unknown uri, an unknown server, a server without resources.",
      TWO, [R(1, {"server": "docs", "uri": "docs://missing"}), R(2, {"server": "nope", "uri": "docs://readme"}),
            R(3, {"server": "calc", "uri": "docs://readme"})])
# Tool search off: with it on, the error of a tool called before it was looked up carries a
# note on the schema the model did not see, which oxagent words itself.
write("res_read_bad_input", "ReadMcpResourceTool with input that does not fit its schema.",
      TWO, [R(1, {"server": "docs"}), R(2, {"uri": 5, "server": "docs"}), R(3, {"server": "docs", "uri": "x", "y": 1})],
      env={"ENABLE_TOOL_SEARCH": "false"})
write("res_read_odd", "ReadMcpResourceTool: a server error, a blob without a type, an item with no content, a server without reads.",
      {"docs": srv("docs"), "mute": srv("mute", "noread")},
      [R(1, {"server": "docs", "uri": "docs://boom"}), R(2, {"server": "docs", "uri": "docs://raw"}),
       R(4, {"server": "docs", "uri": "docs://hollow"}),
       R(3, {"server": "mute", "uri": "docs://readme"})])
write("res_dir_read", "ReadMcpResourceDirTool on a server that does not list directories, and an unknown server.", DOCS,
      [tool(1, "ReadMcpResourceDirTool", {"server": "docs", "uri": "docs://"}),
       tool(2, "ReadMcpResourceDirTool", {"server": "nope", "uri": "docs://"})])
write("res_default_mode", "Default mode: are the resource tools asked about?", DOCS,
      [L(1), R(2, {"server": "docs", "uri": "docs://readme"})], options={"permission_mode": "default"})
write("res_no_resources", "Only a server without resources: no resource tools.", {"calc": srv("calc", "tools")},
      [L(1)])
write("res_big_text", "Text resources around the result size limits (30k, 60k, 120k characters).", DOCS,
      [R(1, {"server": "docs", "uri": "docs://big/30000"}), R(2, {"server": "docs", "uri": "docs://big/60000"}),
       R(3, {"server": "docs", "uri": "docs://big/120000"})])
write("res_size_limit", "A read whose answer is 50,000 characters, then 50,001 (the limit of a tool result).", DOCS,
      [R(1, {"server": "docs", "uri": "docs://flat/49924"}), R(2, {"server": "docs", "uri": "docs://flat/49925"})])
write("res_list_many", "A server that lists 1,500 resources: a listing past the size limit.",
      {"many": srv("many", "many")}, [L(1)])
write("res_modes", "The resource tools in dontAsk and plan modes.", DOCS,
      [L(1), R(2, {"server": "docs", "uri": "docs://readme"})], options={"permission_mode": "dontAsk"})
write("res_plan_mode", "The resource tools in plan mode.", DOCS,
      [L(1), R(2, {"server": "docs", "uri": "docs://notes.txt"})], options={"permission_mode": "plan"})
write("res_parallel", "Reads of one server in one turn, run at once.", DOCS,
      [R(1, {"server": "docs", "uri": "docs://readme"}), R(2, {"server": "docs", "uri": "docs://readme"})],
      together=True)

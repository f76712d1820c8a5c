import json
import os
HERE = os.path.dirname(os.path.abspath(__file__))
os.chdir(HERE)
base = json.load(open(os.path.join(HERE, '..', 'mcpconfig', 'mc_path_file.json')))
SERVER = base['files']['server.py']
SRV = {"command": "python3", "args": ["<WS>/server.py"]}
def scen(name, agent, sub_calls, session_servers=None, main_after=None):
    resp = [{"match": "Go", "content": [{"type": "tool_use", "id": "toolu_01", "name": "Agent", "input": {"description": "Help", "prompt": "SUB-K do it", "run_in_background": False, "subagent_type": "helper"}}]}]
    for i, (tool, inp) in enumerate(sub_calls):
        r = {"content": [{"type": "tool_use", "id": f"toolu_5{i}", "name": tool, "input": inp}]}
        if i == 0: r["match"] = "SUB-K"
        resp.append(r)
    resp.append({"content": [{"type": "text", "text": "SUB-DONE"}]})
    if main_after:
        resp.append({"match": "SUB-DONE", "content": [{"type": "tool_use", "id": "toolu_90", "name": main_after, "input": {"a": 1, "b": 1}}]})
        resp.append({"content": [{"type": "text", "text": "Done."}]})
    else:
        resp.append({"match": "SUB-DONE", "content": [{"type": "text", "text": "Done."}]})
    opts = {"permission_mode": "bypassPermissions", "agents": {"helper": {"description": "Helps with things", "prompt": "HELPER-SYS", **agent}}}
    if session_servers: opts["mcp_servers"] = session_servers
    s = {"name": name, "prompt": "Go", "options": opts, "files": {"server.py": SERVER, "a.txt": "hello\n"}, "responses": resp}
    json.dump(s, open(name + ".json", "w"), indent=1)
ADD = ("mcp__calc__add", {"a": 2, "b": 3})
OWN = ("mcp__own__add", {"a": 2, "b": 3})
scen("am_inline", {"mcpServers": [{"own": SRV}]}, [OWN], main_after="mcp__own__add")
scen("am_ref", {"tools": ["Read"], "mcpServers": ["calc"]}, [ADD], {"calc": SRV})
scen("am_tools_only", {"tools": ["Read"]}, [ADD], {"calc": SRV})
scen("am_ref_missing", {"mcpServers": ["nope"]}, [("Read", {"file_path": "<WS>/a.txt"})])
scen("am_inline_and_ref", {"tools": ["Read"], "mcpServers": ["calc", {"own": SRV}]}, [ADD, OWN], {"calc": SRV})
scen("am_no_list", {}, [ADD], {"calc": SRV})
scen("am_inline_disallowed", {"mcpServers": [{"own": SRV}], "disallowedTools": ["mcp__own__add"]}, [OWN])
scen("am_inline_missing_cmd", {"mcpServers": [{"own": {"command": "/nonexistent/srv"}}]}, [OWN])
scen("am_inline_two", {"mcpServers": [{"own": SRV}, {"two": SRV}]}, [OWN, ("mcp__two__echo", {"text": "hi"})])
scen("am_inline_tools_empty_list", {"tools": ["Read"], "mcpServers": [{"own": SRV}]}, [("Read", {"file_path": "<WS>/a.txt"}), OWN])

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


# The same servers declared in an agent file's front matter (`.claude/agents/helper.md`, or the
# user's `~/.claude/agents/`): a project file's inline servers wait for the project's trust.
def file_scen(name, front, trusted=False, in_home=False, session_servers=None, calls=(OWN,)):
    scen(name, {}, list(calls), session_servers, main_after="mcp__own__add")
    s = json.load(open(name + ".json"))
    s["options"].pop("agents")
    s["options"]["setting_sources"] = ["user", "project"]
    path = "<WS>/server.py" if in_home else "server.py"
    md = "---\nname: helper\ndescription: Helps with things\n" + front.replace("SERVER", path) + "---\n\nHELPER-SYS\n"
    home = {}
    if in_home:
        home[".claude/agents/helper.md"] = md
    else:
        s["files"][".claude/agents/helper.md"] = md
    if trusted:
        home[".claude.json"] = json.dumps({"projects": {"<WS>": {"hasTrustDialogAccepted": True}}})
    if home:
        s["home_files"] = home
    json.dump(s, open(name + ".json", "w"), indent=1)


BLOCK = "mcpServers:\n  - own:\n      command: python3\n      args:\n        - SERVER\n"
FLOW = "mcpServers: [{own: {command: python3, args: [SERVER]}}]\n"
file_scen("af_inline_block", BLOCK)
file_scen("af_inline_flow", FLOW)
file_scen("af_inline_json", 'mcpServers: [{"own": {"command": "python3", "args": ["SERVER"]}}]\n')
file_scen("af_inline_tools_read", "tools: Read\n" + BLOCK)
file_scen("af_inline_disallowed", "disallowedTools: mcp__own__add\n" + BLOCK)
file_scen("af_inline_bad", "mcpServers: own\n")
file_scen("af_two_blocked", BLOCK + "  - other:\n      command: python3\n      args: [SERVER]\n")
file_scen("af_trusted_block", BLOCK, trusted=True)
file_scen("af_trusted_flow", FLOW, trusted=True)
file_scen("af_trusted_tools_read", "tools: Read\n" + BLOCK, trusted=True)
file_scen("af_user_agent", BLOCK, in_home=True)
file_scen("af_user_agent_trusted", BLOCK, in_home=True, trusted=True)
file_scen("af_ref", "mcpServers:\n  - calc\n", session_servers={"calc": SRV}, calls=(ADD,))

"""Writes the mt_* scenarios: how long an MCP tool call may take (MCP_TOOL_TIMEOUT, a
server's own `timeout`) and what the model reads when it takes longer."""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
base = json.load(open(os.path.join(HERE, "..", "mcpconfig", "mc_path_file.json")))
SERVER = base['files']['server.py'].replace('''    {"name": "fail", "description": "Always fails.",''', '''    {"name": "slow", "description": "Sleeps.",
     "inputSchema": {"type": "object", "properties": {"s": {"type": "number"}}}},
    {"name": "fail", "description": "Always fails.",''').replace('''    if name == "fail":''', '''    if name == "slow":
        time.sleep(args.get("s", 3))
        return {"content": [{"type": "text", "text": "slept"}], "isError": False}
    if name == "fail":''')
assert 'time.sleep' in SERVER


def scen(name, desc, env=None, own=None, s=3, mcpjson=False):
    cfg = {"command": "python3", "args": ["<WS>/server.py"], **(own or {})}
    sc = {"name": name, "description": desc, "prompt": "Sleep",
          "options": {"permission_mode": "bypassPermissions"},
          "files": {"server.py": SERVER},
          "responses": [{"content": [{"type": "tool_use", "id": "toolu_01", "name": "mcp__calc__slow", "input": {"s": s}}]},
                        {"content": [{"type": "text", "text": "Done."}]}]}
    if mcpjson:
        sc["options"]["setting_sources"] = ["project"]
        sc["files"][".mcp.json"] = json.dumps({"mcpServers": {"calc": cfg}})
    else:
        sc["options"]["mcp_servers"] = {"calc": cfg}
    if env:
        sc["env"] = env
    with open(os.path.join(HERE, name + ".json"), "w") as f:
        json.dump(sc, f, indent=1)


scen("mt_env_1000", "MCP_TOOL_TIMEOUT=1000, a 3 s call", {"MCP_TOOL_TIMEOUT": "1000"})
scen("mt_env_500", "MCP_TOOL_TIMEOUT below a second counts as one", {"MCP_TOOL_TIMEOUT": "500"})
scen("mt_env_bad", "MCP_TOOL_TIMEOUT not a number: no limit", {"MCP_TOOL_TIMEOUT": "abc"}, s=1)
scen("mt_env_fast", "a call within MCP_TOOL_TIMEOUT", {"MCP_TOOL_TIMEOUT": "3000"}, s=0.2)
scen("mt_own_1500", "the server's timeout 1500: whole seconds in the text", own={"timeout": 1500})
scen("mt_own_2500", "the server's timeout 2500", own={"timeout": 2500}, s=4)
scen("mt_own_small", "the server's timeout below 1000 falls to MCP_TOOL_TIMEOUT", {"MCP_TOOL_TIMEOUT": "1200"}, {"timeout": 500})
scen("mt_own_over_env", "the server's timeout over MCP_TOOL_TIMEOUT", {"MCP_TOOL_TIMEOUT": "5000"}, {"timeout": 1000})
scen("mt_mcpjson_own", "a .mcp.json server's timeout", own={"timeout": 1000}, mcpjson=True)


def hung(name, desc, env):
    """A server that never answers: the session goes on without it after MCP_TIMEOUT."""
    sc = {"name": name, "description": desc, "prompt": "Go",
          "options": {"permission_mode": "bypassPermissions",
                      "mcp_servers": {"slowstart": {"command": "python3", "args": ["<WS>/hang.py"]}}},
          "files": {"hang.py": "import time\ntime.sleep(60)\n"}, "env": env,
          "responses": [{"content": [{"type": "tool_use", "id": "toolu_01", "name": "mcp__slowstart__x", "input": {}}]},
                        {"content": [{"type": "text", "text": "Done."}]}]}
    with open(os.path.join(HERE, name + ".json"), "w") as f:
        json.dump(sc, f, indent=1)


hung("mt_start_500", "a server that never answers, MCP_TIMEOUT=500", {"MCP_TIMEOUT": "500"})

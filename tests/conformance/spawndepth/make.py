"""Writes the sd_* scenarios: CLAUDE_CODE_MAX_SUBAGENT_SPAWN_DEPTH and the Agent tool of
agents started by agents."""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def agent_call(tid, prompt, desc):
    return {"type": "tool_use", "id": tid, "name": "Agent",
            "input": {"description": desc, "prompt": prompt, "run_in_background": False, "subagent_type": "helper"}}


def scen(name, env, levels=2):
    resp = [{"match": "Go", "content": [agent_call("toolu_01", "SUB-1 do it", "Help")]}]
    for level in range(1, levels):
        resp.append({"match": f"SUB-{level} ", "content": [agent_call(f"toolu_5{level}", f"SUB-{level + 1} go deeper", f"Deeper {level}")]})
    resp.append({"match": f"SUB-{levels} ", "content": [{"type": "text", "text": f"DONE-{levels}"}]})
    for level in range(levels - 1, 0, -1):
        resp.append({"match": f"DONE-{level + 1}", "content": [{"type": "text", "text": f"DONE-{level}"}]})
    resp.append({"match": "DONE-1", "content": [{"type": "text", "text": "Done."}]})
    s = {"name": name, "description": f"agents {levels} deep, max depth {env}", "prompt": "Go",
         "options": {"permission_mode": "bypassPermissions",
                     "agents": {"helper": {"description": "Helps", "prompt": "HELPER-SYS", "tools": ["Agent", "Read"]}}},
         "responses": resp, "default": {"content": [{"type": "text", "text": "DEFAULT"}]}}
    if env is not None:
        s["env"] = {"CLAUDE_CODE_MAX_SUBAGENT_SPAWN_DEPTH": env}
    with open(os.path.join(HERE, name + ".json"), "w") as f:
        json.dump(s, f, indent=1)


scen("sd_default", None)
scen("sd_env_1", "1")
scen("sd_env_0", "0")
scen("sd_env_2", "2")
scen("sd_env_2_three", "2", levels=3)
scen("sd_env_3_three", "3", levels=3)
scen("sd_env_bad", "two")

"""Writes the scenarios on the tools' former names (the reference's aliases: Task -> Agent,
KillShell/KillBash -> TaskStop, ...): the model calls a tool by its old name.
Run from this folder: python3 make.py"""
import json
import pathlib

HERE = pathlib.Path(__file__).parent
TEXT = {"content": [{"type": "text", "text": "Done."}]}
LOG = {"PreToolUse": [{"matcher": None, "behavior": "log_all"},
                      {"matcher": "Task", "behavior": "log_all"},
                      {"matcher": "Agent", "behavior": "log_all"}],
       "PostToolUse": [{"matcher": None, "behavior": "log_all"}]}


def tool(name, inp, id_="toolu_a1", match=None):
    r = {"content": [{"type": "tool_use", "id": id_, "name": name, "input": inp}]}
    if match:
        r["match"] = match
    return r


def scenario(name, desc, responses, **extra):
    s = {"name": name, "description": desc, "prompt": "PARENT go",
         "options": {"permission_mode": "bypassPermissions"},
         "responses": responses, "default": TEXT, "timeout_s": 120,
         "behaviors": {"hooks": LOG}}
    s.update(extra)
    (HERE / f"{name}.json").write_text(json.dumps(s, indent=1) + "\n")


scenario("alias_task_fg", "The model calls the Agent tool by its old name Task, in the foreground.",
         [tool("Task", {"description": "Help", "prompt": "SUB say hi",
                        "subagent_type": "general-purpose", "run_in_background": False},
               match="PARENT"),
          {"match": "SUB", "content": [{"type": "text", "text": "SUB-ANSWER"}]},
          {"match": "SUB-ANSWER", "content": [{"type": "text", "text": "PARENT-DONE"}]}])
scenario("alias_killshell", "KillShell (TaskStop's old name) naming no task.",
         [tool("KillShell", {"shell_id": "bogus"}), TEXT])
scenario("alias_list_mcp_resources", "ListMcpResources (ListMcpResourcesTool's old name) with no server.",
         [tool("ListMcpResources", {}), TEXT])
scenario("alias_task_invalid", "Task (the Agent tool's old name) with its prompt left out.",
         [tool("Task", {"description": "Help"}), TEXT])
scenario("alias_task_unknown_type", "Task naming an agent type that does not exist.",
         [tool("Task", {"description": "Help", "prompt": "x", "subagent_type": "nope"}), TEXT])

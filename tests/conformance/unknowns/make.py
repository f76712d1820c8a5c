#!/usr/bin/env python3
"""Generates the unknowns scenarios (prefix un_): one answer calling, with an empty input,
many names the session does not offer: the reference's other tools (the task board, cron,
worktrees, LSP, ...), names it knows only in other forms or not at all, its messaging tools,
the MCP resource tools, in a session with a `tools` list, one without, and one with a
`disallowed_tools` list. What is compared is the text each call is answered with. One more calls SendMessage without
a message (its inputs the schema refuses get the reference's schema note, worded by oxagent).
Run: python3 make.py (writes un_*.json next to this file)."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import scenario_files  # noqa: E402
from scenario_files import tu, txt  # noqa: E402

COMMON = ["TaskList", "TaskGet", "TaskCreate", "TaskUpdate", "TodoWrite", "TodoRead", "BashOutput",
          "ExitPlanMode", "EnterPlanMode", "AskUserQuestion", "LS", "MultiEdit", "NotebookRead",
          "TaskOutput", "SlashCommand", "ListMcpResourcesTool", "ReadMcpResourceTool", "Glob", "Grep",
          "LSP", "TeamCreate", "TeamDelete", "SendUserMessage", "Brief", "Config", "RemoteTrigger",
          "PushNotification", "Sleep", "WebBrowser", "REPL", "DiscoverSkills", "Snip", "SendUserFile",
          "Tmux", "PowerShell", "Artifact", "Computer", "StructuredOutput"]
# Tools of the reference's default set that a session with a `tools` list leaves out (a
# session without one has them, and oxagent has not all of them).
LISTED_OUT = ["KillShell", "Agent", "ToolSearch", "CronCreate", "CronDelete", "CronList", "Workflow",
              "ReportFindings", "ListAgents", "ScheduleWakeup", "Monitor", "EnterWorktree",
              "ExitWorktree", "SendMessage", "TaskStop", "Skill", "WebFetch", "Edit", "NotebookEdit",
              "Task", "ListPeers"]


def scen(name, names, options, desc):
    calls = [tu(i, n, {}) for i, n in enumerate(names, 1)]
    return scenario_files.scenario("un_", name, desc, [{"content": calls}, {"content": [txt("Done.")]}],
                                   options, prompt="Go")


def all_scenarios():
    return [
        scen("tools_list", COMMON + LISTED_OUT, {"tools": ["Read", "Bash"]},
             "A tools list of Read and Bash; every other name called."),
        scen("default_tools", COMMON, {}, "The default tools; names it does not offer called."),
        scen("disallowed", ["Brief", "LSP", "TaskList", "Write"],
             {"disallowed_tools": ["Brief", "SendUserMessage", "Write"]},
             "disallowed_tools naming a messaging tool and Write; other names called."),
        scenario_files.scenario(
            "un_", "send_message_inputs", "SendMessage without a message (its schema has a default), or with an empty one.",
            [{"content": [tu(i, "SendMessage", inp) for i, inp in enumerate(
                [{"to": "x"}, {"to": "x", "message": ""}, {"to": "x", "summary": "s"}], 1)]},
             {"content": [txt("Done.")]}], {}, prompt="Go"),
    ]


if __name__ == "__main__":
    scenario_files.write(HERE, "un_", all_scenarios())

#!/usr/bin/env python3
"""Generates the prodtools scenarios (prefix pt_): the reference's deferred product tools
CronCreate, CronDelete, CronList, EnterWorktree, ExitWorktree and Monitor, loaded with
ToolSearch and called with valid and invalid inputs.
Run: python3 make.py  (writes pt_*.json next to this file)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import scenario_files  # noqa: E402
from scenario_files import tu, txt, seq  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SCEN = []
ALL = "CronCreate,CronDelete,CronList,EnterWorktree,ExitWorktree,Monitor"


def sc(*args, **kw):
    SCEN.append(scenario_files.scenario("pt_", *args, **kw))


def load(names):
    return ("ToolSearch", {"query": "select:" + names})


B = lambda cmd, d="run": ("Bash", {"command": cmd, "description": d})
CC = lambda cron, prompt, **kw: ("CronCreate", {"cron": cron, "prompt": prompt, **kw})
# A repository whose commit hashes do not depend on the time it is made.
# (Dates as seconds: an ISO date would be replaced by <TIMESTAMP> in the traces.)
GIT_INIT = ("git init -q -b main && git add -A && GIT_AUTHOR_DATE='1577836800 +0000' "
            "GIT_COMMITTER_DATE='1577836800 +0000' git -c user.name=t -c user.email=t@e "
            "-c commit.gpgsign=false commit -qm init")
# Job ids, fire times and the texts that hold them change with every run.
CRON_VOLATILE = ["messages[*].tool_use_result.id", "messages[*].tool_use_result.nextFireAt",
                 "messages[*].tool_use_result.jobs[*].id",
                 "messages[*].tool_use_result.jobs[*].nextFireAt",
                 "messages[*].content[[]0].content", "messages[*].message.content[[]0].content",
                 "requests[*].turns[*].content[[]0].content",
                 # a durable job's record: its time, session, process
                 "files..claude/scheduled_tasks.json"]
# (compare.py reads "[*]" as any index; a literal index is written "[[]0]".)
# Git's own files: index stat data, reflog times, the reference's fetch of origin.
GIT_VOLATILE = ["files..git/*"]

# ============================================================ ToolSearch
sc("toolsearch_select_all", "ToolSearch selects all six tools at once (more than max_results).",
   seq(load(ALL)))
sc("toolsearch_keywords", "ToolSearch by keywords: +worktree, monitor.",
   seq(("ToolSearch", {"query": "+worktree"}), ("ToolSearch", {"query": "monitor"})))

# ============================================================ cron
sc("cron_errors", "CronCreate with bad expressions (text, a minute of 60, a step of 0, a day name, "
   "Feb 31), CronDelete of an unknown id, CronList with no job.",
   seq(load("CronCreate,CronDelete,CronList"), CC("bad cron", "x"), CC("60 * * * *", "x"),
       CC("*/0 * * * *", "x"), CC("0 9 * * MON", "x"), CC("0 0 31 2 *", "x"),
       CC("1 2 3 4", "x"), ("CronDelete", {"id": "nosuch"}), ("CronList", {})))
sc("cron_create_list", "CronCreate recurring and one-shot jobs of several wordings, then CronList "
   "(ids and fire times left out of the comparison).",
   seq(load("CronCreate,CronList"), CC("*/10 * * * *", "check the build"),
       CC("7 9 1 1 *", "new year", recurring=False), CC("30 14 * * *", "afternoon"),
       CC("0 9 * * 1-5", "standup", durable=True), CC("15 */2 * * *", "two hourly"),
       CC("5 * * * *", "line one\nline two"), ("CronList", {})),
   compare_ignore=CRON_VOLATILE)

# ============================================================ worktrees
sc("wt_outside_repo", "EnterWorktree outside a git repository, ExitWorktree with no worktree, "
   "EnterWorktree with a bad name and with both name and path.",
   seq(load("EnterWorktree,ExitWorktree"), ("EnterWorktree", {"name": "feat"}),
       ("ExitWorktree", {"action": "keep"}), ("EnterWorktree", {"name": "bad name!"}),
       ("EnterWorktree", {"name": "a/../b"}), ("EnterWorktree", {"name": "a", "path": "/tmp"})))


def in_repo(name, desc, calls, files=None, setup=GIT_INIT, options=None):
    """Query 1 makes the repository; query 2 (a new session in it) makes the calls."""
    first = [{"content": [tu(1, "Bash", {"command": setup, "description": "init"})]},
             {"content": [txt("Done.")]}]
    rest = seq(*calls)
    rest[0] = dict(rest[0], match="Second")
    sc(name, desc, first + rest, options, files=files or {"a.txt": "A\n"},
       then=[{"prompt": "Second"}], compare_ignore=GIT_VOLATILE)


in_repo("wt_keep_remove", "In a repository: EnterWorktree, a second EnterWorktree, ExitWorktree keep, "
        "a second ExitWorktree, a new worktree with an uncommitted file, remove refused, "
        "remove with discard_changes.",
        [load("EnterWorktree,ExitWorktree"), ("EnterWorktree", {"name": "feat"}),
         B("pwd; git branch --show-current; ls"), ("EnterWorktree", {"name": "two"}),
         ("ExitWorktree", {"action": "keep"}), B("pwd; git worktree list; git branch"),
         ("ExitWorktree", {"action": "keep"}), ("EnterWorktree", {"name": "gone"}),
         ("Write", {"file_path": "<WS>/.claude/worktrees/gone/new.txt", "content": "x\n"}),
         ("ExitWorktree", {"action": "remove"}),
         ("ExitWorktree", {"action": "remove", "discard_changes": True}),
         B("pwd; git worktree list; git branch; ls .claude/worktrees")])
in_repo("wt_file_tools", "In a worktree: Glob and Grep without a path and Read of a relative path "
        "work in the worktree; after ExitWorktree keep, in the launch directory again.",
        [load("EnterWorktree,ExitWorktree"), ("EnterWorktree", {"name": "feat"}),
         ("Write", {"file_path": "<WS>/.claude/worktrees/feat/only.txt", "content": "x\n"}),
         ("Glob", {"pattern": "*.txt"}), ("Grep", {"pattern": "x", "output_mode": "files_with_matches"}),
         ("Read", {"file_path": "only.txt"}), ("ExitWorktree", {"action": "keep"}),
         ("Glob", {"pattern": "*.txt"})],
        options={"allowed_tools": ["Glob", "Grep"]})
in_repo("wt_remove_clean", "In a repository: a worktree left unchanged is removed with its branch.",
        [load("EnterWorktree,ExitWorktree"), ("EnterWorktree", {"name": "tidy"}),
         ("ExitWorktree", {"action": "remove"}), B("pwd; git worktree list; git branch")])
in_repo("wt_enter_path", "In a repository with a worktree made by git: EnterWorktree by path, "
        "remove refused (not the session's), keep.",
        [load("EnterWorktree,ExitWorktree"),
         ("EnterWorktree", {"path": "<WS>/.claude/worktrees/side"}), B("pwd; git branch --show-current"),
         ("ExitWorktree", {"action": "remove"}), ("ExitWorktree", {"action": "keep"}), B("pwd")],
        setup=GIT_INIT + " && git worktree add -q -b side .claude/worktrees/side")

# ============================================================ Monitor
sc("monitor_events", "Monitor a command printing two lines while a Bash call runs; Monitor with "
   "neither command nor ws; Monitor with the default timeout, whose end comes after the turn.",
   seq(load("Monitor"),
       ("Monitor", {"description": "ticks", "timeout_ms": 5000, "command": "echo one; sleep 0.5; echo two"}),
       B("sleep 2; echo waited"), ("Monitor", {"description": "x", "timeout_ms": 5000}),
       ("Monitor", {"description": "hi", "command": "sleep 1; echo hi"})))
sc("monitor_failing", "Monitor of a command that prints nothing and fails, waited for by Bash.",
   seq(load("Monitor"),
       ("Monitor", {"description": "fails", "timeout_ms": 60000, "command": "sleep 0.3; exit 3"}),
       B("sleep 1.5; echo waited")))


# ============================================================ Monitor of a WebSocket
# A Bash call starts wsserver.py (one connection, then the steps given) in the background
# and returns; each scenario has a port of its own. The watch ends with the connection.
WS_SERVER = open(os.path.join(HERE, "wsserver.py")).read()


def ws(name, desc, port, steps, source=None, wait=4):
    serve = B(f"setsid nohup python3 wsserver.py {port} {' '.join(steps)} >/dev/null 2>&1 & sleep 0.5",
              "serve")
    source = source or {"url": f"ws://127.0.0.1:{port}/feed"}
    sc("ws_" + name, desc,
       seq(serve, load("Monitor"), ("Monitor", {"description": "feed", "timeout_ms": 8000, "ws": source}),
           B(f"sleep {wait}", "wait")),
       files={"wsserver.py": WS_SERVER})


ws("frames_close", "Two text frames half a second apart, then a close frame (1000).", 47301,
   ["sleep:0.3", "text:alpha", "sleep:0.5", "text:beta", "sleep:0.5", "close:1000"])
ws("quick_frames", "Three frames at once make one event.", 47302,
   ["sleep:0.3", "text:one", "text:two", "text:three", "sleep:0.5", "close:1000"])
ws("drop", "A frame, then the connection closes without a close frame.", 47303,
   ["sleep:0.3", "text:alpha", "sleep:0.3", "drop"])
ws("binary", "A binary frame, a text frame of two lines, a close with code 4001.", 47304,
   ["sleep:0.3", "bin:raw", "sleep:0.4", "text:multi\\nline", "sleep:0.4", "close:4001"])
ws("reject", "The server answers the upgrade with 404.", 47306, ["reject"])
ws("empty_text", "An empty text frame is no event.", 47307,
   ["sleep:0.3", "text:", "sleep:0.4", "text:x", "sleep:0.4", "close:1001"])
ws("refused", "Nothing listens on the port.", 47308, ["drop"],
   source={"url": "ws://127.0.0.1:9/"})
sc("ws_bad_urls", "Monitor with ws URLs that are not ws:// or wss:// ones.",
   seq(load("Monitor"),
       ("Monitor", {"description": "feed", "timeout_ms": 5000, "ws": {"url": "http://127.0.0.1:9/"}}),
       ("Monitor", {"description": "feed", "timeout_ms": 5000, "ws": {"url": "not a url"}}),
       ("Monitor", {"description": "feed", "timeout_ms": 5000, "ws": {"url": "ws://u:p@127.0.0.1:9/"}}),
       ("Monitor", {"description": "feed", "timeout_ms": 5000,
                    "command": "echo x", "ws": {"url": "ws://127.0.0.1:9/"}})))

scenario_files.write(HERE, "pt_", SCEN)

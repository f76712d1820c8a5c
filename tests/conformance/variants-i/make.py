#!/usr/bin/env python3
"""Generates the variants-i scenarios (prefix vi_): background Bash commands and the task
tools (TaskOutput, TaskStop, KillShell), WebFetch/WebSearch offline and their permission
questions, NotebookEdit in the permission modes, the task-list tools of claude-sonnet-4-5
(TaskCreate/TaskGet/TaskList/TaskUpdate) and TodoWrite sequences.
Run: python3 make.py  (writes vi_*.json next to this file)."""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import scenario_files  # noqa: E402
from scenario_files import tu, txt, seq  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SCEN = []


def sc(*args, **kw):
    SCEN.append(scenario_files.scenario("vi_", *args, **kw))


B = lambda cmd, d="run", **kw: ("Bash", {"command": cmd, "description": d, **kw})
R = lambda p, **kw: ("Read", {"file_path": p, **kw})
WF = lambda url, prompt="Summarize", **kw: ("WebFetch", {"url": url, "prompt": prompt, **kw})
WS = lambda **kw: ("WebSearch", kw)
NE = lambda p, src, **kw: ("NotebookEdit", {"notebook_path": p, "new_source": src, **kw})
LOG = {"can_use_tool": {"behavior": "log_all"}}


def par(*calls, final="Done."):
    out = [{"content": [tu(i, name, inp) for i, (name, inp) in enumerate(calls, 1)]}]
    if final is not None:
        out.append({"content": [txt(final)]})
    return out


# ============================================================ background Bash, task tools
# Background commands wait 1.5 s and the next call sleeps 4 s so that the end of the command
# falls inside that call (see toolvar-search/make.py).
def bg(name, desc, calls, mode="bypassPermissions", tools=None, **kw):
    opts = {"tools": tools} if tools else {}
    sc("bg_" + name, desc, seq(*calls), opts, mode=mode, timeout_s=180, **kw)


bg("ok_then_wait", "run_in_background echo after 1.5 s, then a 4 s sleep: the launch text and the notification.",
   [B("sleep 1.5; echo bg-done", run_in_background=True), B("sleep 4; echo waited")])
bg("fail_then_wait", "run_in_background command exiting 7 with stderr, then a 4 s sleep.",
   [B("sleep 1.5; echo oops >&2; exit 7", run_in_background=True), B("sleep 4; echo waited")])
bg("silent_then_wait", "run_in_background command printing nothing, then a 4 s sleep.",
   [B("sleep 1.5", run_in_background=True), B("sleep 4; echo waited")])
bg("no_description", "run_in_background without a description.",
   [("Bash", {"command": "sleep 1.5; echo nd", "run_in_background": True}), B("sleep 4; echo waited")])
bg("with_timeout", "run_in_background with a timeout of 60000.",
   [B("sleep 1.5; echo tmo", run_in_background=True, timeout=60000), B("sleep 4; echo waited")])
SCEN.append(scenario_files.scenario(
    "vi_", "bg_two_parallel", "Two run_in_background commands in one response, then a 4 s sleep.",
    [{"content": [tu(1, *B("sleep 1.5; echo one", run_in_background=True)),
                  tu(2, *B("sleep 1.6; echo two", run_in_background=True))]},
     {"content": [tu(3, *B("sleep 4; echo waited"))]}, {"content": [txt("Done.")]}],
    timeout_s=180))
bg("default_mode_echo", "default mode, no callback: run_in_background echo (read-only command).",
   [B("sleep 1.5; echo dm", run_in_background=True), B("sleep 4; echo waited")], mode="default")
bg("default_mode_touch", "default mode, no callback: run_in_background touch (asks, denied).",
   [B("touch bgfile.txt", run_in_background=True)], mode="default")
bg("default_mode_cb", "default mode, can_use_tool logs and allows: run_in_background touch.",
   [B("sleep 1.5; touch bgfile.txt; echo made", run_in_background=True), B("sleep 4; ls")], mode="default",
   behaviors=LOG)
bg("taskstop_unknown", "TaskStop of an unknown task id.", [("TaskStop", {"task_id": "nope123"})])
bg("taskstop_empty", "TaskStop with no input.", [("TaskStop", {})])
bg("taskstop_shell_id", "TaskStop given shell_id (the old field) of an unknown task.",
   [("TaskStop", {"shell_id": "zz9"})])
bg("killshell_empty", "KillShell with no input.", [("KillShell", {})])
bg("taskstop_listed", "tools lists Bash and TaskStop: TaskStop of an unknown id.",
   [("TaskStop", {"task_id": "nope123"})], tools=["Bash", "TaskStop"])
bg("taskoutput_unknown", "TaskOutput (not offered) of an unknown task id.",
   [("TaskOutput", {"task_id": "nope123"})])
bg("bashoutput_unknown", "BashOutput (old name) of an unknown shell id.",
   [("BashOutput", {"bash_id": "nope123"})])
bg("taskstop_default_mode", "default mode, no callback: TaskStop of an unknown id.",
   [("TaskStop", {"task_id": "nope123"})], mode="default")
bg("bool_string", "run_in_background given as the string \"false\".",
   [B("echo fg-str", run_in_background="false")])

# ============================================================ WebFetch / WebSearch offline
WEB = ["WebFetch", "WebSearch", "Read"]


def web(name, desc, calls, mode="bypassPermissions", tools=WEB, **kw):
    opts = {"tools": tools} if tools else {}
    sc("web_" + name, desc, seq(*calls), opts, mode=mode, timeout_s=120, **kw)


web("fetch_not_url", "WebFetch of a string that is not a URL.", [WF("not a url")])
web("fetch_ftp", "WebFetch of an ftp:// URL.", [WF("ftp://example.com/file.txt")])
web("fetch_file_scheme", "WebFetch of a file:// URL.", [WF("file:///etc/hostname")])
web("fetch_missing_prompt", "WebFetch with a url and no prompt.", [("WebFetch", {"url": "https://example.com"})])
web("fetch_url_number", "WebFetch with a number as url.", [("WebFetch", {"url": 5, "prompt": "x"})])
web("fetch_extra_field", "WebFetch with an unknown extra field.",
    [("WebFetch", {"url": "notaurl", "prompt": "x", "extra": 1})])
web("fetch_default_mode", "default mode, no callback: WebFetch of an https URL (asks, denied).",
    [WF("https://example.com/page")], mode="default")
web("fetch_default_invalid", "default mode, no callback: WebFetch of an invalid URL.",
    [WF("not a url")], mode="default")
web("fetch_dontAsk", "dontAsk: WebFetch of an https URL.", [WF("https://example.com/page")], mode="dontAsk")
web("fetch_plan", "plan mode: WebFetch of an https URL.", [WF("https://example.com/page")], mode="plan")
web("fetch_https_bypass", "WebFetch of an https URL in bypassPermissions (offline).", [WF("https://example.com/page")])
web("fetch_data_url", "WebFetch of a data: URL.", [WF("data:text/plain,hi")])
web("fetch_localhost", "WebFetch of http://127.0.0.1:9/ (offline).", [WF("http://127.0.0.1:9/x")])
SECS = ["messages[*].tool_use_result.durationSeconds"]
web("search_ok", "WebSearch with a valid query (the search is a request of its own to the mock).",
    [WS(query="rust tokio")], compare_ignore=SECS)
web("search_blocked_only", "WebSearch with blocked_domains only.", [WS(query="rust tokio", blocked_domains=["x.com"])],
    compare_ignore=SECS)
web("search_short_query", "WebSearch with a one-character query.", [WS(query="a")])
web("search_missing_query", "WebSearch with no query.", [WS()])
web("search_both_domains", "WebSearch with allowed_domains and blocked_domains both.",
    [WS(query="rust async", allowed_domains=["a.com"], blocked_domains=["b.com"])])
web("search_query_number", "WebSearch with a number as query.", [WS(query=42)])
web("search_default_mode", "default mode, no callback: WebSearch with bad input (short query).",
    [WS(query="a")], mode="default")
web("deferred_search_empty", "WebSearch not listed in tools (deferred): called with no input.",
    [WS()], tools=None)

# ============================================================ NotebookEdit in the modes
NB = json.dumps({"cells": [
    {"cell_type": "markdown", "id": "md1", "metadata": {}, "source": ["# Head"]},
    {"cell_type": "code", "id": "c1", "metadata": {}, "execution_count": 1, "source": ["x = 1"],
     "outputs": [{"output_type": "stream", "name": "stdout", "text": ["1\n"]}]}],
    "metadata": {"language_info": {"name": "python"}}, "nbformat": 4, "nbformat_minor": 5},
    indent=1) + "\n"
NBF = {"n.ipynb": NB}


def nbk(name, desc, calls, mode="bypassPermissions", files=NBF, **kw):
    sc("nb_" + name, desc, seq(*calls), {}, mode=mode, files=files, **kw)


nbk("default_mode", "default mode, no callback: Read then NotebookEdit replace (asks, denied).",
    [R("<WS>/n.ipynb"), NE("<WS>/n.ipynb", "x = 2", cell_id="c1")], mode="default")
nbk("acceptEdits", "acceptEdits: Read then NotebookEdit replace, then Read.",
    [R("<WS>/n.ipynb"), NE("<WS>/n.ipynb", "x = 2", cell_id="c1"), R("<WS>/n.ipynb")], mode="acceptEdits")
# (an inserted cell gets a random id: the insert is not recorded here)
nbk("default_cb", "default mode, can_use_tool logs and allows: NotebookEdit replace of a markdown cell.",
    [R("<WS>/n.ipynb"), NE("<WS>/n.ipynb", "## Sub", cell_id="md1", cell_type="markdown"),
     R("<WS>/n.ipynb")], mode="default", behaviors=LOG)
nbk("plan", "plan mode: Read then NotebookEdit replace.",
    [R("<WS>/n.ipynb"), NE("<WS>/n.ipynb", "x = 2", cell_id="c1")], mode="plan")
nbk("dontAsk", "dontAsk: Read then NotebookEdit replace.",
    [R("<WS>/n.ipynb"), NE("<WS>/n.ipynb", "x = 2", cell_id="c1")], mode="dontAsk")
nbk("outside_acceptEdits", "acceptEdits: NotebookEdit of a notebook outside the workspace.",
    [R("<ROOT>/outside/o.ipynb"), NE("<ROOT>/outside/o.ipynb", "x = 3", cell_id="c1")], mode="acceptEdits",
    outside_files={"outside/o.ipynb": NB})
nbk("read_offset_limit", "Read of a notebook with offset and limit.", [R("<WS>/n.ipynb", offset=1, limit=1)])
nbk("relative_path", "NotebookEdit with a relative notebook_path.",
    [R("<WS>/n.ipynb"), NE("n.ipynb", "x = 2", cell_id="c1")])
nbk("delete_all_then_read", "Delete both cells, then Read the empty notebook.",
    [R("<WS>/n.ipynb"), NE("<WS>/n.ipynb", "", cell_id="c1", edit_mode="delete"),
     NE("<WS>/n.ipynb", "", cell_id="md1", edit_mode="delete"), R("<WS>/n.ipynb")])

# ============================================================ task list (claude-sonnet-4-5)
S45 = {"model": "claude-sonnet-4-5"}
TC = lambda subj, desc="d", **kw: ("TaskCreate", {"subject": subj, "description": desc, **kw})
TU = lambda tid, **kw: ("TaskUpdate", {"taskId": tid, **kw})
TG = lambda tid: ("TaskGet", {"taskId": tid})
TL = ("TaskList", {})


def tl(name, desc, calls, mode="bypassPermissions", **kw):
    sc("tl_" + name, desc, seq(*calls), dict(S45), mode=mode, **kw)


tl("create_list_get", "TaskCreate twice, TaskList, TaskGet of #1.",
   [TC("First", "do one", activeForm="Doing one"), TC("Second", "do two"), TL, TG("1")])
tl("update_flow", "TaskCreate, TaskUpdate in_progress, completed, TaskList.",
   [TC("Work", "w"), TU("1", status="in_progress"), TU("1", status="completed"), TL])
tl("get_unknown", "TaskGet and TaskUpdate of task 99 with none created.", [TG("99"), TU("99", status="completed")])
tl("list_empty", "TaskList with no tasks.", [TL])
tl("create_missing_subject", "TaskCreate without subject; without description.",
   [("TaskCreate", {"description": "x"}), ("TaskCreate", {"subject": "s"})])
tl("update_bad_status", "TaskUpdate with status 'done' (not a status).", [TC("A"), TU("1", status="done")])
tl("update_deleted", "TaskUpdate status deleted, then TaskList and TaskGet of it.",
   [TC("A"), TC("B"), TU("1", status="deleted"), TL, TG("1")])
tl("update_fields", "TaskUpdate of subject, description, owner and blockedBy.",
   [TC("A"), TC("B"), TU("2", subject="B2", description="new", owner="me", addBlockedBy=["1"]), TG("2"), TL])
tl("default_mode", "default mode, no callback: TaskCreate, TaskUpdate, TaskList.",
   [TC("A"), TU("1", status="in_progress"), TL], mode="default")
tl("create_empty", "TaskCreate with neither subject nor description.", [("TaskCreate", {})])
tl("update_unknown_blocker", "TaskUpdate adding a blocker id no task has.", [TC("A"), TU("1", addBlocks=["9"]), TL])
tl("update_nothing", "TaskUpdate naming only the task.", [TC("A"), TU("1")])
tl("update_field_order", "TaskUpdate of status, activeForm, metadata, owner and addBlocks at once.",
   [TC("A"), TC("B"), TU("1", addBlocks=["2"], owner="o", metadata={"k": 1}, activeForm="Aing", status="in_progress")])
tl("update_same_status", "TaskUpdate to the status the task already has.", [TC("A"), TU("1", status="pending")])
tl("get_hash_id", "TaskGet and TaskUpdate of '#1'.", [TC("A"), TG("#1"), TU("#1", status="completed")])
tl("list_done_blocker", "A blocker completed: TaskList and TaskGet of the blocked task.",
   [TC("A"), TC("B"), TU("2", addBlockedBy=["1"]), TU("1", status="completed"), TL, TG("2"), TG("1")])
tl("unknown_blocker_get", "addBlocks of an id no task has, then TaskGet of the task.",
   [TC("A"), TU("1", addBlocks=["9"]), TG("1")])
tl("delete_linked", "B blocked by A; A deleted; TaskGet and TaskList of B.",
   [TC("A"), TC("B"), TU("2", addBlockedBy=["1"]), TU("1", status="deleted"), TG("2"), TL])
tl("create_after_delete", "Create A, delete it, create B: the id B gets.",
   [TC("A"), TU("1", status="deleted"), TC("B"), TL])
tl("todowrite_sonnet45", "claude-sonnet-4-5: TodoWrite called (not offered to this model?).",
   [("TodoWrite", {"todos": [{"content": "a", "status": "pending", "activeForm": "A"}]})])

# ============================================================ TodoWrite sequences
TD = lambda *items: ("TodoWrite", {"todos": [{"content": c, "status": s, "activeForm": c + "ing"}
                                             for c, s in items]})


def td(name, desc, calls, mode="bypassPermissions", **kw):
    sc("td_" + name, desc, seq(*calls), {"tools": ["TodoWrite", "Read"]}, mode=mode, **kw)


td("replace_list", "TodoWrite twice: the second list replaces the first.",
   [TD(("a", "pending"), ("b", "pending")), TD(("a", "completed"), ("b", "in_progress"))])
td("all_completed", "TodoWrite with every item completed, then one pending.",
   [TD(("a", "completed"), ("b", "completed")), TD(("c", "pending"))])
td("empty", "TodoWrite with an empty list.", [("TodoWrite", {"todos": []})])
td("default_mode", "default mode, no callback: TodoWrite.", [TD(("a", "pending"))], mode="default")
td("missing_activeform", "TodoWrite items without activeForm.",
   [("TodoWrite", {"todos": [{"content": "a", "status": "pending"}]})])
td("two_in_progress", "TodoWrite with two items in_progress.",
   [TD(("a", "in_progress"), ("b", "in_progress"))])

scenario_files.write(HERE, "vi_", SCEN)

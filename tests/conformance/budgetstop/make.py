#!/usr/bin/env python3
"""Generates the budgetstop scenarios (prefix bs_): the stop reason a result keeps when the
budget runs out after an answer whose calls then never run, varied over the answer's blocks
(text, thinking, one or two calls, a call then text), the tool of its last call, and max_turns
beside the budget; and the token budget reminder over answers of rising and falling usage.
(An Edit last is left out: the reference leaves its temporary file behind
on some runs.) Run: python3 make.py (writes bs_*.json next to this file)."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import scenario_files  # noqa: E402
from scenario_files import tu, txt  # noqa: E402

TOOLS = ["Read", "Glob", "Grep", "Bash", "Edit", "Write", "NotebookEdit", "WebFetch", "TodoWrite",
         "ToolSearch", "Task", "WebSearch", "CronList"]
READ = ("Read", {"file_path": "<WS>/a.txt"})
BASH = ("Bash", {"command": "ls"})
EDIT = ("Edit", {"file_path": "<WS>/a.txt", "old_string": "x", "new_string": "y"})
SE = {"type": "overloaded_error", "message": "Overloaded"}
THINK = {"type": "thinking", "thinking": "h", "signature": "s"}


def blocks(*parts):
    out, n = [], 0
    for p in parts:
        if isinstance(p, tuple):
            n += 1
            out.append(tu(n, *p))
        elif isinstance(p, str):
            out.append(txt(p))
        else:
            out.append(p)
    return out


CASES = {
    "text_bash": ("Look.", BASH), "bash": (BASH,), "bash_bash": (BASH, ("Bash", {"command": "pwd"})),
    "think_bash": (THINK, BASH), "bash_text": (BASH, "after"), "text_text_bash": ("a", "b", BASH),
    "read": (READ,), "text_read": ("Look.", READ), "read_bash": (READ, BASH), "bash_read": (BASH, READ),
    "read_read": (READ, READ), "read_text": (READ, "after"), "read_edit": (READ, EDIT),
    "glob": (("Glob", {"pattern": "*"}),), "grep": (("Grep", {"pattern": "x"}),),
    "write": (("Write", {"file_path": "<WS>/b.txt", "content": "x"}),),
    "webfetch": (("WebFetch", {"url": "http://127.0.0.1:9/", "prompt": "x"}),),
    "bash_cat": (("Bash", {"command": "cat a.txt"}),), "think_read": (THINK, READ),
    "agent": (("Task", {"description": "d", "prompt": "p", "subagent_type": "general-purpose"}),),
    "websearch_text": (("WebSearch", {"query": "rust"}), "after"),
    "cronlist": (("CronList", {}),), "bash_background": (("Bash", {"command": "ls", "run_in_background": True}),),
    "notebook_unread": (("NotebookEdit", {"notebook_path": "<WS>/a.ipynb", "new_source": "x", "cell_id": "c"}),),
}


def scen(name, first, options, desc):
    o = {"max_budget_usd": 0.0001, "tools": TOOLS}
    o.update(options)
    o = {k: v for k, v in o.items() if v is not None}
    s = scenario_files.scenario("bs_", name, desc, [{"content": blocks(*first)}, {"content": [txt("Done.")]}],
                                o, prompt="Go")
    s["files"] = {"a.txt": "x\n"}
    if options.get("include_partial_messages"):
        # Whole deltas: the workspace's path is never split between two.
        s["responses"][0]["chunk"] = 4096
    return s


def all_scenarios():
    out = [scen(n, c, {}, "The budget runs out after an answer of %s." % n.replace("_", ", "))
           for n, c in CASES.items()]
    out.append(scen("read_default_tools", (READ,), {"tools": None}, "Read last, the default tools."))
    out.append(scen("read_partial", (READ,), {"include_partial_messages": True}, "Read last, partial messages."))
    out.append(scen("bash_partial", (BASH,), {"include_partial_messages": True}, "Bash last, partial messages."))
    out.append(scen("read_max_turns_1", (READ,), {"max_budget_usd": None, "max_turns": 1},
                    "max_turns 1 instead of a budget, Read last."))
    out.append(scen("text_bash_max_turns_1", ("Look.", BASH), {"max_budget_usd": None, "max_turns": 1},
                    "max_turns 1 instead of a budget, text then Bash."))
    out.append(scen("bash_max_turns_3", (BASH,), {"max_turns": 3}, "The budget and max_turns 3, Bash last."))
    for name, first, extra in (("stream_error_text", ("Streaming then",), {"stream_error": SE}),
                                ("stream_error_bash", ("Look.", BASH), {"stream_error": SE}),
                                ("stream_error_read", (READ,), {"stream_error": SE}),
                                ("cut_text", ("This answer is cut off in the middle.",), {"cut_after": 4}),
                                ("cut_text_bash", ("Look.", BASH), {"cut_after": 7})):
        s = scen(name, first, {}, "The budget runs out after an answer broken off (%s)." % name.replace("_", " "))
        s["responses"][0].update(extra)
        s["env"] = {"CLAUDE_CODE_MAX_RETRIES": "0"}
        out.append(s)
    out += tokens_left()
    return out


def tokens_left():
    """The token budget reminder of a model before the 5 generation: what it counts as used
    over answers of rising and falling usage (in this area for its closeness to
    the budget's rules)."""
    def usage(i, o, cr=0):
        return {"input_tokens": i, "output_tokens": o, "cache_creation_input_tokens": 0,
                "cache_read_input_tokens": cr}
    out = []
    for name, usages in (("up_down", [usage(1000, 10), usage(50000, 10), usage(2000, 10)]),
                         ("down_up", [usage(50000, 10), usage(1000, 10), usage(60000, 10)]),
                         ("cache", [usage(10, 40000, 60000), None, usage(4000, 300, 2000)])):
        rs = []
        for i, u in enumerate(usages, 1):
            r = {"content": [tu(i, "Bash", {"command": "echo %d" % i})]}
            if u:
                r["usage"] = u
            rs.append(r)
        rs.append({"content": [txt("Done.")]})
        s = scenario_files.scenario("bs_", "tokens_left_" + name, "The token budget reminder over answers whose usage goes %s." % name.replace("_", ", "),
                                    rs, {"model": "claude-haiku-4-5"}, prompt="Go")
        out.append(s)
    return out + tokens_left_resumed()


def tokens_left_resumed():
    """The token budget reminder across a resume: the tool results keep it in the transcript
    (a resumed session sends it again), the count starts again at each prompt (from the
    context as it is then), and a prompt's own reminder goes into the tool result before it
    when max_turns ended the turn after its tools."""
    def bash(i, big=False):
        r = {"content": [tu(i, "Bash", {"command": "echo hi%d" % i})]}
        if big:
            r["usage"] = {"input_tokens": 5000, "output_tokens": 10, "cache_creation_input_tokens": 0,
                          "cache_read_input_tokens": 0}
        return r
    then = [{"prompt": "And now?", "options": {"resume": "<SESSION_ID_1>"}}]
    model = {"model": "claude-sonnet-4-5"}
    out = []
    for name, desc, rs, opts in (
            ("bash", "a Bash round", [bash(1)], {}),
            ("read", "a Read round", [{"content": [tu(1, "Read", {"file_path": "<WS>/a.txt"})]}], {}),
            ("unknown", "a call of no tool", [{"content": [tu(1, "Nope", {"a": 1})]}], {}),
            ("two_calls", "two Bash calls, the first finishing last",
             [{"content": [tu(1, "Bash", {"command": "sleep 1; echo one"}),
                           tu(2, "Bash", {"command": "echo two"})]}], {}),
            ("budget", "a Bash round under max_budget_usd", [bash(1)], {"max_budget_usd": 5}),
            ("max_turns", "a Bash round that max_turns ends", [bash(1)], {"max_turns": 1}),
            ("max_turns_used", "a large Bash round that max_turns ends", [bash(1, True)], {"max_turns": 1}),
            ("round_after", "a large Bash round, then one after the resume",
             [bash(1, True), {"content": [txt("Done.")]}, bash(2, True)], {})):
        s = scenario_files.scenario("bs_", "tokens_left_resumed_" + name,
                                    "The token budget reminder across a resume after %s." % desc,
                                    rs, dict(model, **opts), prompt="Do the task", then=then)
        out.append(s)
    return out


if __name__ == "__main__":
    scenario_files.write(HERE, "bs_", all_scenarios())

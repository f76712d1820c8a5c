#!/usr/bin/env python3
"""Generates the refusalcalls scenarios (prefix rc_): a response the API stops with
`stop_reason: "refusal"` that holds tool calls, in the permission modes, with calls that run
at once (Bash, Read), calls that read the file first (Write, Edit), calls queued behind
another, calls that ask the caller, and answers given without a run (a bad input, an
unknown tool). Run: python3 make.py  (writes rc_*.json next to this file)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import scenario_files  # noqa: E402
from scenario_files import tu, txt  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SCEN = []
DONE = {"content": [txt("Done.")]}


def sc(name, desc, blocks, mode="bypassPermissions", files=None, behaviors=None, more=None,
       **options):
    s = {"name": "rc_" + name, "description": desc, "prompt": "Go",
         "options": {"permission_mode": mode, **options},
         "responses": [{"content": blocks, "stop_reason": "refusal"}, *(more or []), DONE],
         "default": DONE, "env": {"CLAUDE_CODE_MAX_RETRIES": "1"}, "timeout_s": 90}
    if files:
        s["files"] = files
    if behaviors:
        s["behaviors"] = behaviors
    SCEN.append(s)


def B(i, cmd):
    return tu(i, "Bash", {"command": cmd, "description": "d"})


def R(i, name):
    return tu(i, "Read", {"file_path": "<WS>/" + name})


def W(i, name):
    return tu(i, "Write", {"file_path": "<WS>/" + name, "content": "x\n"})


A = {"a.txt": "x\n", "b.txt": "y\n"}

sc("bash_text", "Text, then a Bash call that writes a file (it never does).",
   [txt("Trying"), B(1, "touch made.txt")])
sc("bash_echo", "One Bash call.", [B(1, "echo hi")])
sc("read_then_bash", "A Read (started) and a Bash queued behind it.",
   [R(1, "a.txt"), B(2, "touch made.txt")], files=A)
sc("two_reads", "Two Reads, both started.", [R(1, "a.txt"), R(2, "b.txt")], files=A)
sc("three_calls", "Bash started, a second Bash and a Read queued.",
   [B(1, "touch a1"), B(2, "touch a2"), R(3, "nope.txt")])
sc("write", "A Write: it reads the file first, so it has not started.", [W(1, "w.txt")])
sc("write_accept", "A Write in acceptEdits.", [W(1, "w.txt")], mode="acceptEdits")
sc("edit_unread", "An Edit of a file not read (its check is part of the run).",
   [tu(1, "Edit", {"file_path": "<WS>/a.txt", "old_string": "x", "new_string": "y"})], files=A)
sc("read_then_write", "A Read started, a Write queued.", [R(1, "a.txt"), W(2, "w.txt")], files=A)
sc("write_then_read", "A Write first: neither started.", [W(1, "w.txt"), R(2, "a.txt")], files=A)
sc("default_ls", "A read-only Bash command in default mode runs without asking.",
   [B(1, "ls")], mode="default")
sc("default_read", "A Read in default mode.", [R(1, "a.txt")], mode="default", files=A)
sc("accept_touch", "touch in acceptEdits runs without asking.", [B(1, "touch t.txt")],
   mode="acceptEdits")
sc("default_asks", "A Bash call that asks the caller has not started.", [B(1, "touch t.txt")],
   mode="default")
sc("bad_input", "A call its schema refuses keeps its answer; no exception in the note.",
   [tu(1, "Bash", {"description": "d"})])
sc("unknown_tool", "A tool the session does not have keeps its answer.",
   [tu(1, "Glob", {"pattern": "*.txt"})], files=A, tools=["Bash", "Read"])
sc("bad_then_bash", "A refused input and a Bash started.",
   [tu(1, "Bash", {"description": "d"}), B(2, "echo hi")])
sc("twice", "A second refused answer with a call.", [B(1, "echo one")],
   more=[{"content": [B(2, "echo two")], "stop_reason": "refusal"}])

sc("twice_text", "Two refused answers without calls.", [txt("No")],
   more=[{"content": [txt("Still no")], "stop_reason": "refusal"}])
sc("text_then_calls", "A refused text answer, then a refused answer with a call.", [txt("No")],
   more=[{"content": [B(1, "echo two")], "stop_reason": "refusal"}])

sc("twice_fallback", "Two refused answers with a fallback model set.", [txt("No")],
   more=[{"content": [txt("Still no")], "stop_reason": "refusal"}],
   fallback_model="claude-sonnet-4-5")
sc("twice_sonnet", "Two refused answers on another model.", [txt("No")],
   more=[{"content": [txt("Still no")], "stop_reason": "refusal"}], model="claude-sonnet-4-5")

for model in ["claude-haiku-4-5", "claude-sonnet-5-5", "claude-mythos-5", "claude-opus-4-7",
              "claude-fable-5-1", "my-own-model"]:
    sc("twice_" + model.replace("claude-", "").replace("-", "_"),
       f"Two refused answers on {model}: the wording of the second depends on the model.",
       [txt("No")], more=[{"content": [txt("Still no")], "stop_reason": "refusal"}], model=model)

scenario_files.write(HERE, "rc_", SCEN)

#!/usr/bin/env python3
"""Generates the costcmd scenarios (prefix cc_): `/cost` and `/usage` as prompts, alone and
after a resumed session's work: the money, token counts, lines changed by Write/Edit, the
model names, the note on unknown models, and the command's record before the next prompt.
Run: python3 make.py  (writes cc_*.json next to this file)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import scenario_files  # noqa: E402
from scenario_files import tu, txt  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SCEN = []
DEFAULT = {"content": [txt("D")]}


def resp(block, usage=None):
    r = {"content": [block]}
    if usage:
        r["usage"] = usage
    return r


def sc(name, desc, prompt, responses, then=(), options=None, files=None):
    s = {"name": "cc_" + name, "description": desc, "prompt": prompt,
         "options": {"permission_mode": "bypassPermissions", **(options or {})},
         "responses": responses, "default": DEFAULT}
    if then:
        s["then"] = [{"prompt": p, "options": {"resume": "<SESSION_ID_1>",
                                               "permission_mode": "bypassPermissions", **(o or {})}}
                     for p, o in then]
    if files:
        s["files"] = files
    SCEN.append(s)


W = lambda i, path, content: tu(i, "Write", {"file_path": "<WS>/" + path, "content": content})
R = lambda i, path: tu(i, "Read", {"file_path": "<WS>/" + path})

sc("alone", "/cost as the first prompt: zeros.", "/cost", [resp(txt("x"))])
sc("usage_alone", "/usage as the first prompt.", "/usage", [resp(txt("x"))])
sc("args", "/cost with arguments.", "/cost now please", [resp(txt("x"))])
sc("sonnet", "/cost first in a session on another model.", "/cost", [resp(txt("x"))],
   options={"model": "claude-sonnet-4-5"})
sc("space_before", "A blank before the slash: a plain prompt.", " /cost", [resp(txt("Plain."))])
sc("after_resume", "A resumed session's cost, tokens and cache tokens.", "Write it",
   [resp(W(1, "a.txt", "1\n2\n3\n"),
         {"input_tokens": 1234, "output_tokens": 567, "cache_read_input_tokens": 8900,
          "cache_creation_input_tokens": 4321}),
    resp(txt("Written."), {"input_tokens": 10, "output_tokens": 5})],
   then=[("/cost", None)])
sc("usage_after_resume", "/usage after a resume.", "Write it",
   [resp(W(1, "a.txt", "one\n")), resp(txt("Written."))], then=[("/usage", None)])
sc("chain", "/cost, then a prompt: the command's record goes before it.", "Write it",
   [resp(W(1, "a.txt", "1\n2\n3\n")), resp(txt("Written."))],
   then=[("/cost", None), ("And now?", None)])
sc("chain_args", "/cost with arguments, then a prompt.", "Hi", [resp(txt("Hello"))],
   then=[("/cost a b", None), ("And now?", None)])
sc("lines", "Lines added and removed by Write (new, empty, overwrite) and Edit (replace_all).",
   "Change files",
   [resp(W(1, "b.txt", "a\nb")), resp(R(2, "e.txt")), resp(W(3, "e.txt", "x\nY\nz\nw\n")),
    resp(R(4, "m.txt")),
    resp(tu(5, "Edit", {"file_path": "<WS>/m.txt", "old_string": "q", "new_string": "r\ns",
                        "replace_all": True})),
    resp(W(6, "c.txt", "")), resp(txt("ok"))],
   then=[("/cost", None)], files={"e.txt": "x\ny\nz\n", "m.txt": "q\nk\nq\n"})
sc("one_line", "One line added, one removed: singular.", "Edit it",
   [resp(R(1, "f.txt")),
    resp(tu(2, "Edit", {"file_path": "<WS>/f.txt", "old_string": "old", "new_string": "new"})),
    resp(txt("ok"))],
   then=[("/cost", None)], files={"f.txt": "keep\nold\nkeep\n"})
sc("failed_edit", "An Edit that fails and a Bash that writes a file change no lines.", "Try",
   [resp(R(1, "f.txt")),
    resp(tu(2, "Edit", {"file_path": "<WS>/f.txt", "old_string": "absent", "new_string": "x"})),
    resp(tu(3, "Bash", {"command": "printf 'a\\nb\\n' > g.txt", "description": "write"})),
    resp(txt("ok"))],
   then=[("/cost", None)], files={"f.txt": "keep\n"})
sc("same_content", "A Write of the content a file already has.", "Rewrite",
   [resp(R(1, "f.txt")), resp(W(2, "f.txt", "same\n")), resp(txt("ok"))],
   then=[("/cost", None)], files={"f.txt": "same\n"})
sc("dated_model", "A dated model id is listed by its name.", "Hi",
   [resp(txt("Hello"), {"input_tokens": 1500, "output_tokens": 25})],
   then=[("/cost", None)], options={"model": "claude-sonnet-4-5-20250929"})
sc("unknown_model", "A model without a price: the note.", "Hi",
   [resp(txt("Hello"), {"input_tokens": 1500, "output_tokens": 25})],
   then=[("/cost", None)], options={"model": "my-own-model"})
sc("big", "Large counts and a cost above half a dollar.", "Hi",
   [resp(txt("Hello"), {"input_tokens": 999999, "output_tokens": 1000,
                        "cache_read_input_tokens": 1000000, "cache_creation_input_tokens": 999})],
   then=[("/cost", None)])
sc("two_prompts", "Two resumed prompts add up.", "One",
   [resp(txt("1"), {"input_tokens": 2500, "output_tokens": 50}),
    resp(txt("2"), {"input_tokens": 2600, "output_tokens": 60})],
   then=[("Two", None), ("/cost", None)])

scenario_files.write(HERE, "cc_", SCEN)

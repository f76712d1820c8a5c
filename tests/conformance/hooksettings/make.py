#!/usr/bin/env python3
"""Generates the hooksettings scenarios (prefix `hs_`): a settings file's `hooks` entries that
do not load, and what the session says of them (`settings_not_in_effect`). Each runs one Bash
call that a valid PreToolUse hook of the same file would block, so the trace shows whether the
file (or the entry) was in effect.

- hs_pre_*: the bad entry is a PreToolUse or PermissionRequest hook (a guard): the whole file
  is not in effect, reported with the guard's sentence and the schema's line after it.
- hs_post_*, hs_stop_*: another event: only that entry is dropped (`; entry ignored.`,
  `; matcher ignored.`, `This entry was ignored.`), the rest of the file holds.
- hs_unknown_event: an event the reference does not know is dropped with the list of valid
  events (cut at 500 characters).
Run: python3 make.py (writes the files next to this file)."""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
D = [{"type": "text", "text": "Done."}]
BLOCK = {"type": "command", "command": "echo blocked-by-hook >&2; exit 2"}
GOOD = {"matcher": "Bash", "hooks": [BLOCK]}


def hs(name, hooks):
    s = {"name": name, "description": name, "prompt": "Hi",
         "options": {"permission_mode": "bypassPermissions", "setting_sources": ["project"]},
         "responses": [{"content": [{"type": "tool_use", "id": "toolu_01", "name": "Bash",
                                     "input": {"command": "echo ran"}}]}, {"content": D}],
         "default": {"content": D},
         "files": {"a.txt": "alpha\n", ".claude/settings.json": json.dumps({"hooks": hooks})},
         "timeout_s": 120}
    with open(os.path.join(HERE, name + ".json"), "w") as f:
        json.dump(s, f, indent=1)


BAD = {
    "event_str": lambda ev: {ev: "x"},
    "no_hooks_arr": lambda ev: {ev: [{"matcher": "Bash"}]},
    "hooks_str": lambda ev: {ev: [{"hooks": "x"}]},
    "bad_type": lambda ev: {ev: [{"matcher": "Bash", "hooks": [{"type": "bogus", "command": "x"}]}]},
    "no_command": lambda ev: {ev: [{"matcher": "Bash", "hooks": [{"type": "command"}]}]},
    "matcher_num": lambda ev: {ev: [{"matcher": 5, "hooks": [BLOCK]}]},
    "timeout_str": lambda ev: {ev: [{"matcher": "Bash", "hooks": [dict(BLOCK, timeout="5")]}]},
}
hs("hs_ok", {"PreToolUse": [GOOD]})
hs("hs_pre_empty", {"PreToolUse": []})
for kind, bad in BAD.items():
    hs("hs_pre_" + kind, bad("PreToolUse"))
    post = bad("PostToolUse")
    post["PreToolUse"] = [GOOD]
    hs("hs_post_" + kind, post)
hs("hs_permreq_no_command", BAD["no_command"]("PermissionRequest"))
hs("hs_stop_hooks_str", {"Stop": [{"hooks": "x"}], "PreToolUse": [GOOD]})
hs("hs_post_two_bad", {"PostToolUse": [{"hooks": [{"type": "command"}]},
                                       {"matcher": 5, "hooks": []}], "PreToolUse": [GOOD]})
hs("hs_unknown_event", {"NotAnEvent": [GOOD], "PreToolUse": [GOOD]})
hs("hs_hooks_array", [GOOD])

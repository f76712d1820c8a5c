#!/usr/bin/env python3
"""Writes scenarios of Bash lines whose variables the permission check cannot read through:
an `echo` (read-only, so asked about only for its syntax) with a variable in each position
and quoting, under a can_use_tool callback that records the question (its
`decision_reason` and `suggestions`). Record: run.py --python <reference python>
hazards/*.json --out-dir hazards/golden (and --node ... golden-ts)."""
import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
COMMANDS = [
    'echo " rc=$?"', 'echo " rc=$X"', 'echo "a $X b"', 'echo "$?"', 'echo x$?', 'echo "rc=$1"',
    'echo "n=$#"', 'echo "a${X}b"', "echo \"it's $X\"", 'echo "a $$" >/dev/null', 'echo "$X"', 'echo " $X"',
    'echo "$PWD"', 'echo "$FOO"', 'echo "$USER"', 'echo "$HOME"', 'echo "$1"', 'echo "$X" y',
    'echo "a $!"', 'echo "a $@"', 'echo "a $0"', 'echo "a $-"', 'echo "a $*"', 'echo "$#"',
    'echo "a $?" "$X"', 'ls " $?"', 'echo "a $? $X"', 'echo "a $?"; echo "$PWD"',
    'echo "$PWD/x"', 'echo "$X/x"', 'echo rc=$?', 'echo $X', 'echo ${X}',
]
for i, command in enumerate(COMMANDS):
    s = {"name": f"hazard_{i:02d}", "description": f"Asked about: {command}", "prompt": "Run it",
         "options": {}, "behaviors": {"can_use_tool": {"behavior": "allow_all"}},
         "responses": [{"content": [{"type": "tool_use", "id": "toolu_01", "name": "Bash",
                                     "input": {"command": command, "description": "v"}}]},
                       {"content": [{"type": "text", "text": "Done."}]}]}
    (HERE / f"hazard_{i:02d}.json").write_text(json.dumps(s, indent=1) + "\n")

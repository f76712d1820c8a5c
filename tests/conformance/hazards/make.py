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
# Several lines a scenario, one call a turn: the rule offered for a line with redirections
# (`redir_*`), here-strings and words after a redirection (`here_*`), and how much text
# of its own a double-quoted string needs (`quoted_*`).
GROUPS = {
    "redir_a": ['chmod +x r.txt >/dev/null', 'chmod +x r.txt 2>&1', 'chmod +x r.txt >/dev/null 2>&1',
                'chmod +x r.txt &>/dev/null', 'chmod +x r.txt >> /dev/null', 'chmod +x r.txt < r.txt'],
    "redir_b": ['echo "a $#" 2>&1', 'echo "a $$">/dev/null', 'echo "a $#" > out2.txt',
                'chmod +x r.txt > out.txt', 'chmod +x r.txt 2>>err.txt', '>/dev/null chmod +x r.txt'],
    "redir_c": ["chmod +x r.txt >'/dev/null'", 'chmod +x r.txt 3>/dev/null', 'python3 -c "print(1)" >/dev/null',
                'make all 2>&1', 'chmod +x r.txt 2>&1 | cat', 'chmod +x r.txt; chmod +x r.txt >/dev/null'],
    "redir_d": ['git init -q; chmod +x r.txt', 'chmod +x r.txt | chmod +x r.txt 2>&1', 'chmod +x r.txt &',
                'chmod +x r.txt >/dev/null &', 'chmod +x r.txt & chmod +x r.txt', 'echo $X >/dev/null &'],
    "here_a": ['chmod +x r.txt <<< x', 'echo "a $#" <<< x', 'chmod <<< x', 'chmod +x <<< x r.txt',
               'mkdir ABC <<< x', 'cat 2>&1 <<< x'],
    "here_b": ['chmod +x r.txt < r.txt <<< x', 'chmod +x r.txt <<< x 2>&1', 'ls >/dev/null -a',
               'cat < r.txt x', 'chmod >/dev/null +x r.txt', 'echo hi >/dev/null x'],
    "quoted_a": ['ls "a $?"', 'echo "a$?"', 'echo "ab$?"', 'echo "  $?"', 'echo "$? "', 'echo "$?$?"'],
    "quoted_b": ['echo "a$PWD"', 'echo "$PWD "', 'echo "é$?"', 'echo "\\$$?"', 'echo "a$!"', 'echo "ab$!"'],
    "quoted_c": ['ls x " $?"', 'cd " $?"', 'touch " $?"', 'echo "a$?b"', 'echo "a $?b"', 'echo "$USER$PWD"'],
}
for group, commands in GROUPS.items():
    calls = [{"content": [{"type": "tool_use", "id": f"toolu_{i:02d}", "name": "Bash",
                           "input": {"command": c, "description": "v"}}]}
             for i, c in enumerate(commands, 1)]
    s = {"name": f"hazard_{group}", "description": "Asked about: " + " / ".join(commands),
         "prompt": "Run it", "options": {}, "files": {"r.txt": "r\n"},
         "behaviors": {"can_use_tool": {"behavior": "allow_all"}},
         "responses": calls + [{"content": [{"type": "text", "text": "Done."}]}]}
    (HERE / f"hazard_{group}.json").write_text(json.dumps(s, indent=1, ensure_ascii=False) + "\n")
for i, command in enumerate(COMMANDS):
    s = {"name": f"hazard_{i:02d}", "description": f"Asked about: {command}", "prompt": "Run it",
         "options": {}, "behaviors": {"can_use_tool": {"behavior": "allow_all"}},
         "responses": [{"content": [{"type": "tool_use", "id": "toolu_01", "name": "Bash",
                                     "input": {"command": command, "description": "v"}}]},
                       {"content": [{"type": "text", "text": "Done."}]}]}
    (HERE / f"hazard_{i:02d}.json").write_text(json.dumps(s, indent=1) + "\n")

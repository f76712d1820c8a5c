#!/usr/bin/env python3
"""Writes the escape scenarios of the permission table: commands that try to get past a deny
rule (or past the read-only list) by a detour. Record the reference's decisions with
  python3 ../shared/conformance/run.py --python REF NAME.json -o golden/NAME.json
The table test (crates/oxagent/tests/permission_table.rs) decides every call with our rule
engine and compares. Where we refuse a call that the reference runs, the scenario's
`deliberate` map names the reason (a key explained in docs/permissions-vs-reference.md);
a deliberate difference may only ever make us stricter.

Every command here may really run under the reference (bypassPermissions runs what no rule
stops), so each one only touches the scratch workspace: `mv`, `git`, `npm` and `curl` are
fake scripts that print their arguments."""
import json, os

from escape_cases import SCENARIOS

HERE = os.path.dirname(os.path.abspath(__file__))


def fake(name):
    return {"text": f"#!/bin/sh\necho \"{name}-fake $*\"\n", "mode": "755"}


FILES = {
    "bin/npm": fake("npm"), "bin/git": fake("git"), "bin/curl": fake("curl"), "bin/mv": fake("mv"),
    "bin/sudo": fake("sudo"),
    "package.json": "{\"name\": \"demo\"}\n", "src/app.js": "console.log('app');\n",
    "notes.txt": "n\n", "script_echo.sh": "echo from-script\n", "prog.py": "print('prog')\n",
    "secrets/key.txt": "KEY\n", "locked/config.txt": "locked=1\n",
    "link_secrets": {"symlink": "secrets"}, "link_key": {"symlink": "secrets/key.txt"},
    "link_locked": {"symlink": "locked"},
}
FILES.update({f"d{i:02d}/f.txt": "x\n" for i in range(1, 90)})
FILES.update({f"e{i:02d}/sub/": "" for i in range(1, 20)})
# script_rmN.sh removes d(80+N), so what ran shows in the files left.
FILES.update({f"script_rm{i}.sh": f"rm -rf d{80 + i:02d}\n" for i in range(1, 10)})
ENV = {"PATH": "<WS>/bin:/usr/local/bin:/usr/bin:/bin"}


def write(name, desc, options, cmds, deliberate, batch=10, extra=None):
    responses, ids, n = [], {}, 0
    for i in range(0, len(cmds), batch):
        content = []
        for tool, inp in cmds[i:i + batch]:
            n += 1
            tid = f"toolu_{n:03d}"
            content.append({"type": "tool_use", "id": tid, "name": tool, "input": inp})
            ids.setdefault(inp.get("command") or json.dumps(inp, sort_keys=True), tid)
        responses.append({"content": content})
    responses.append({"content": [{"type": "text", "text": "Done."}]})
    unknown = [c for c in deliberate if c not in ids]
    assert not unknown, f"{name}: deliberate entries name no case: {unknown}"
    s = {"name": name, "description": desc, "prompt": "Run the checks", "options": options,
         "files": FILES, "env": ENV, "record": {"outside_files": True, "decisions": True},
         "outside_files": {"outside/secret.txt": "TOP SECRET\n"},
         "home_files": {".ssh/id_rsa": "FAKE KEY\n"},
         "timeout_s": 900, "responses": responses,
         "deliberate": {ids[c]: reason for c, reason in deliberate.items()}}
    s.update(extra or {})
    with open(os.path.join(HERE, name + ".json"), "w") as f:
        json.dump(s, f, indent=1)
    return n


if __name__ == "__main__":
    total = 0
    for name, desc, options, cmds, deliberate in SCENARIOS:
        calls = [c if isinstance(c, tuple) else ("Bash", {"command": c}) for c in cmds]
        total += write(name, desc, options, calls, deliberate)
    print(total, "calls")

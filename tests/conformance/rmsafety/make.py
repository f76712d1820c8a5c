#!/usr/bin/env python3
"""Generates the rmsafety scenarios: rm and rmdir of critical and workspace directories.

Every command here is harmless if it runs (rmdir, rm -d and rm without -r only remove
empty directories or fail), so a missing check can never damage the machine. Each
scenario makes one call a turn and ends with a text turn. Run: python3 make.py"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
SCEN = []

FILES = {"sub/": "", "sub2/": "", "keep/a.txt": "a\n", "deep/er/": ""}

# Only targets that stay harmless if a check is missing: directories that are never empty
# (/usr, /etc, /var, /tmp, /proc, /sys, /dev, /run and the scenario's own), names that do
# not exist, and symbolic links under rmdir (which refuses them). No `rm -f` of a link, no
# empty system directory: either would really be removed.
TARGETS = [
    "rmdir /usr", "rm -d /etc", "rmdir ~", "rmdir <WS>", "rmdir ..", "rmdir sub",
    "rm /", "rmdir /tmp", "rmdir .", "rm -d sub2 <WS>", "cd deep && rmdir ..",
    "rmdir $HOME", "rmdir /opt/nonexistent_xyz", "rmdir <HOME>/.cache", "rm -f /nonexistent_bin",
    "rmdir ./", "rmdir <WS>/../", "rmdir deep/er/../..",
    # Which absolute paths count as critical.
    "rmdir /var", "rmdir /proc", "rmdir /sys", "rmdir /dev", "rmdir /run", "rmdir /lib",
    "rmdir /usr/local", "rmdir /usr/bin", "rmdir /usr/lib", "rmdir /var/log", "rmdir /etc/ssl",
    "rmdir /usr/share", "rmdir /nonexistent_top", "rmdir /home/nobody_xyz", "rmdir <HOME>/",
    "rmdir //usr", "rmdir /usr/../etc", "rmdir /usr/local/bin", "rmdir /var/lib", "rmdir /nonexistent_media/",
    # Forms of the command and of its targets.
    "rmdir -p sub2", "rm -rd -- <WS>", "rmdir '<WS>'", "rmdir \"$PWD\"", "rmdir sub2 && rmdir /usr",
    "echo x; rmdir ~/", "sudo rmdir /usr", "rmdir /us*", "rmdir <WS>/*", "find . -delete -name zz",
]


def sc(name, desc, calls, options, behaviors=None):
    responses = [{"content": [{"type": "tool_use", "id": f"toolu_{i:02d}", "name": "Bash",
                               "input": {"command": c, "description": "run"}}]}
                 for i, c in enumerate(calls, 1)]
    responses.append({"content": [{"type": "text", "text": "Done."}]})
    s = {"name": "rm_" + name, "description": desc, "prompt": "Go",
         "options": {"tools": ["Bash"], **options}, "responses": responses,
         "default": {"content": [{"type": "text", "text": "Done."}]}, "files": dict(FILES)}
    if behaviors:
        s["behaviors"] = behaviors
    SCEN.append(s)


def chunks(items, n):
    return [items[i:i + n] for i in range(0, len(items), n)]


for i, part in enumerate(chunks(TARGETS, 6)):
    sc(f"bypass_{i}", "bypassPermissions, no callback: which removals are still asked about.",
       part, {"permission_mode": "bypassPermissions"})
    sc(f"default_ask_{i}", "default mode, can_use_tool denies: the question each removal asks.",
       part, {"permission_mode": "default"},
       {"can_use_tool": {"behavior": "deny_all", "message": "no"}})
sc("allow_rule", "An allow rule Bash(rmdir:*) and Bash(rm:*) in acceptEdits: critical and workspace targets still asked.",
   ["rmdir /usr", "rmdir <WS>", "rmdir sub", "rm -d /etc"],
   {"permission_mode": "acceptEdits", "allowed_tools": ["Bash(rmdir:*)", "Bash(rm:*)"]},
   {"can_use_tool": {"behavior": "log_all"}})

TRAVERSE = ["touch <WS>/sub/../t1", "touch /tmp/nonexist_dir_q/../t2", "touch sub/../t3",
            "mkdir <WS>/deep/../m1", "rmdir <WS>/deep/er/..", "rmdir /usr/../etc",
            "touch /usr/share/../q2", "touch /var/../q3", "touch /nonexist_top_q/../q4",
            "touch /tmp/../q5", "rmdir /usr/local/../share", "touch <WS>/../q6"]
sc("traversal_default", "Paths with '..' after a directory, absolute and relative, in default mode.",
   TRAVERSE, {"permission_mode": "default"}, {"can_use_tool": {"behavior": "deny_all", "message": "no"}})
sc("traversal_accept", "The same in acceptEdits mode.",
   TRAVERSE, {"permission_mode": "acceptEdits"}, {"can_use_tool": {"behavior": "deny_all", "message": "no"}})


# After a `cd` on the same line: which relative targets are left unplaced. `cd deep/er && rmdir
# ../er` really removes the (empty, scenario-owned) directory the shell is in.
AFTER_CD = ["cd keep && rmdir ../keep", "cd deep && rmdir .", "cd deep && rmdir er/..",
            "cd keep && rm -d ../nonexistent_zz/*", "cd deep && rmdir nonexistent_q",
            "cd deep && rmdir ../..", "cd deep/er && rmdir ../er"]
sc("after_cd", "bypassPermissions: after a cd, a target naming an entry runs; ., .., globs are asked.",
   AFTER_CD, {"permission_mode": "bypassPermissions"})
# Where the shell is after a command: a cd carries over only when the command succeeded.
CARRY = ["cd sub; false", "pwd", "cd sub && exit 3", "pwd", "cd sub && exit 0", "pwd",
         "cd sub && true", "pwd", "mkdir -p gone && cd gone && rmdir ../gone; echo hi", "pwd"]
sc("cwd_carry", "bypassPermissions: the shell's directory after failing, exiting and succeeding commands.",
   CARRY, {"permission_mode": "bypassPermissions"})

def main():
    names = set()
    for s in SCEN:
        with open(os.path.join(HERE, s["name"] + ".json"), "w") as fh:
            json.dump(s, fh, indent=1, ensure_ascii=False)
            fh.write("\n")
        names.add(s["name"])
    for old in os.listdir(HERE):
        if old.endswith(".json") and old[:-5] not in names:
            os.remove(os.path.join(HERE, old))
    print(len(SCEN), "scenarios")


if __name__ == "__main__":
    main()

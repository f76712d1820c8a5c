#!/usr/bin/env python3
"""Writes the gitdiff scenarios: `bashEditDiff` in git work trees (README.md)."""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
INIT = "git init -q && git add -A && git -c user.email=a@b.c -c user.name=n commit -qm init && echo ok"


def tu(i, cmd):
    return {"type": "tool_use", "id": f"toolu_{i:02d}", "name": "Bash", "input": {"command": cmd, "description": "run"}}


def scenario(name, desc, first, cmds, files, then):
    """`first` (a command, or None) then, in the same query or a second one (`then`), `cmds`."""
    responses = [{"content": [tu(1, first)]}] if first else []
    if then:
        responses.append({"content": [{"type": "text", "text": "Ready."}]})
    responses += [{"content": [tu(i + 2, c)]} for i, c in enumerate(cmds)]
    responses.append({"content": [{"type": "text", "text": "Done."}]})
    s = {"name": name, "description": desc + ": " + " / ".join(cmds), "prompt": "Make the repo",
         "options": {"permission_mode": "bypassPermissions"}, "files": files,
         "responses": responses, "timeout_s": 60,
         # git's own files (commit ids, times, the index) differ from run to run.
         "compare_ignore": ["files..git/*"]}
    if then:
        s["then"] = [{"prompt": "Now change things"}]
    return s


def scenarios():
    small = {"notes.txt": "alpha\nbeta\ngamma\n", "src/app.py": "print('hi')\n"}
    big = dict(small, **{".gitignore": "ignored.txt\nbuild/\n",
                         "long.txt": "".join(f"line {i}\n" for i in range(1, 41))})
    out = []
    # A repository made during the session, by its first command.
    for name, cmds in {
        "gd_append": ["echo delta >> notes.txt"],
        "gd_sed": ["sed -i s/beta/BETA/ notes.txt"],
        "gd_new_file": ["echo new > fresh.txt"],
        "gd_rm": ["rm src/app.py"],
        "gd_two": ["echo delta >> notes.txt && sed -i s/hi/HI/ src/app.py"],
        "gd_seq": ["echo delta >> notes.txt", "echo more >> notes.txt", "ls", "rm notes.txt"],
        "gd_nochange": ["touch notes.txt", "echo x > /dev/null"],
        "gd_untracked_edit": ["echo one > u.txt", "echo two >> u.txt"],
        "gd_big": ["seq 1 200 > notes.txt"],
    }.items():
        out.append(scenario(name, "a repository made by the session's first command", INIT, cmds, dict(small), False))
    # A repository there when the session starts (made by a first query).
    for name, cmds in {
        "gs_append": ["echo delta >> notes.txt", "sed -i s/beta/BETA/ notes.txt", "ls"],
        "gs_new_rm": ["echo new > fresh.txt", "rm src/app.py"],
        "gs_two": ["echo delta >> notes.txt && sed -i s/hi/HI/ src/app.py"],
        "gs_nochange": ["touch notes.txt", "echo delta >> notes.txt"],
        "gs_big": ["seq 1 200 > notes.txt"],
    }.items():
        out.append(scenario(name, "a repository made in a first query", INIT, cmds, dict(small), True))
    out.append(scenario("gs_noinit", "a .git holding only HEAD", None, ["echo delta >> notes.txt"],
                        dict(small, **{".git/HEAD": "ref: refs/heads/main\n"}), True))
    for name, (first, cmds) in {
        "gt_unborn": ("git init -q && echo ok", ["echo delta >> notes.txt", "rm src/app.py"]),
        "gt_many": (INIT, ["for i in $(seq 1 15); do echo $i > n$i.txt; done"]),
        "gt_many_tracked": (INIT, ["for f in notes.txt src/app.py long.txt .gitignore; do echo x >> $f; done; for i in $(seq 1 12); do echo $i > m$i.txt; done"]),
        "gt_ignored": (INIT, ["echo x > ignored.txt", "mkdir -p build && echo y > build/out.txt"]),
        "gt_subdir": (INIT, ["cd src && echo more >> app.py"]),
        "gt_fail": (INIT, ["echo delta >> notes.txt; false"]),
        "gt_mv": (INIT, ["mv notes.txt renamed.txt"]),
        "gt_middle": (INIT, ["sed -i s/'line 20'/'LINE 20'/ long.txt", "sed -i -e s/'line 2$'/'LINE 2'/ -e s/'line 39'/'LINE 39'/ long.txt"]),
        "gt_binary": (INIT, ["printf 'a\\0b' > bin.dat"]),
        "gt_chmod": (INIT, ["chmod +x notes.txt"]),
        "gt_empty_new": (INIT, ["touch empty.txt"]),
        "gt_noeol": (INIT, ["printf 'x' >> notes.txt"]),
    }.items():
        out.append(scenario(name, "a repository made in a first query", first, cmds, dict(big), True))
    # Deletions and creations after a first record: numbered from 1, the newline note kept.
    out.append(scenario("gp_del", "deletions and creations, one a command", INIT,
                        ["rm one.txt", "rm two.txt", "rm three.txt", "rm noeol.txt", "rm four.txt", "rm empty.txt",
                         "printf 'a\\nb' > nl.txt", "sed -i 1d three.txt 2>/dev/null; echo x > two.txt"],
                        {"one.txt": "a\n", "two.txt": "a\nb\n", "three.txt": "a\nb\nc\n", "noeol.txt": "a",
                         "four.txt": "a\nb\nc\nd\n", "empty.txt": ""}, True))
    # Two commands side by side (they run one after the other), and a Write before a command.
    par = scenario("gp_par", "two commands side by side", INIT, [], {"notes.txt": "alpha\n"}, True)
    par["responses"].insert(2, {"content": [tu(2, "echo a >> notes.txt"), tu(3, "sleep 0.3; echo b > other.txt")]})
    out.append(par)
    wr = scenario("gp_edit_then_bash", "an Edit, then a command", INIT, [], {"notes.txt": "alpha\nbeta\n"}, True)
    wr["responses"].insert(2, {"content": [{"type": "tool_use", "id": "toolu_05", "name": "Write",
                                            "input": {"file_path": "<WS>/w.txt", "content": "w\n"}}]})
    wr["responses"].insert(3, {"content": [tu(6, "echo c >> notes.txt")]})
    out.append(wr)
    return out


if __name__ == "__main__":
    for f in os.listdir(HERE):
        if f.endswith(".json"):
            os.remove(os.path.join(HERE, f))
    for s in scenarios():
        with open(os.path.join(HERE, s["name"] + ".json"), "w") as fh:
            json.dump(s, fh, indent=1)
            fh.write("\n")
    print(len(scenarios()), "scenarios")

#!/usr/bin/env python3
"""Writes the shellasks scenarios (prefix sa_): Bash lines the reference asks about for how
they are written, and where that question stands among the deny rules.

- `sa_one_NN`: one call a session, default mode, no callback: a line with a loop, a nested
  command, an assignment, a declaration, a `case`, a function ... (one call a session because
  the reference reads a line otherwise once a session has run for a while: recorded several
  to a session, the later calls of the same lines were decided otherwise).
- `sa_rdeny_<mode>` / `sa_bdeny_<mode>`: nine lines that read the denied folder inside a
  nested command, under `Read(./secrets/**)` or `Bash(cat *)`, in each mode, and under a
  callback that records the question (`sa_rdeny_log`).
- `sa_rdeny2_<mode>`: reads of the denied folder beside the line's other constructs.

Run: python3 make.py (writes sa_*.json next to this file). Record: run.py --python <reference
python> shellasks/sa_*.json --out-dir shellasks/golden (and --node ... golden-ts)."""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "fuzz-a"))
import scenario_files  # noqa: E402
from scenario_files import tu, txt  # noqa: E402
import importlib.util  # noqa: E402

_spec = importlib.util.spec_from_file_location("fuzz_a", os.path.join(os.path.dirname(HERE), "fuzz-a", "make.py"))
fuzz_a = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fuzz_a)

ONE = [
 "case x in x) echo hi;; esac",
 "f() { echo hi; }; f",
 "function f { echo hi; }",
 "while true; do echo hi; break; done",
 "until false; do echo hi; break; done",
 "for i in 1 2; do echo hi; done",
 "for ((i=0;i<2;i++)); do echo hi; done",
 "if true; then echo hi; fi",
 "echo $'a\\tb'",
 "echo $\"hi\"",
 "[[ -f notes.txt ]] && echo yes",
 "[ -f notes.txt ] && echo yes",
 "a=(1 2); echo hi",
 "x=$(cat notes.txt) && echo $x",
 "x=$(cat notes.txt); echo done",
 "select x in a; do break; done",
 "cat <<< \"hi\"",
 "echo {a,b}",
 "x=1 && echo $x",
 "echo $x",
 "echo ${x}",
 "x=$(cat notes.txt)",
 "echo $(cat notes.txt)",
 "case x in x) cat secrets/key.txt;; esac",
 "x=1",
 "x=1; echo hi",
 "x=1 && echo hi",
 "x=1; echo $x",
 "x=1; echo \"$x\"",
 "x=$(cat notes.txt); echo $x",
 "x=$(cat notes.txt); echo \"$x\"",
 "x=$(rm -rf src); echo hi",
 "x=$(touch a.txt)",
 "export x=1; echo hi",
 "export x=$(cat notes.txt)",
 "FOO=bar echo hi",
 "x=hi; y=$x; echo done",
 "cd src && x=1",
 "x=~/notes.txt; echo hi",
 "declare x=1; echo hi",
 "readonly x=1",
 "x+=1; echo hi",
 "echo $(echo hi)",
 "ls $(pwd)",
 "echo \"$(date)\"",
 "echo `date`",
 "while read l; do echo $l; done < notes.txt",
 "while false; do echo hi; done",
 "while true; do break; done",
 "for i in 1 2; do echo $i; done",
 "for f in *.txt; do echo hi; done",
 "if [ -f notes.txt ]; then cat notes.txt; fi",
 "if true; then rm -rf x; fi",
 "echo hi | while read l; do echo $l; done",
 "x=$(echo hi) && echo done",
 "x=`cat notes.txt`; echo done",
 "x=\"$(cat notes.txt)\"; echo done",
 "x=$(cat notes.txt) y=2",
 "for i in a b; do echo hi; done",
 "for i in a 2; do echo hi; done",
 "for i in a b; do rm x; done",
 "for f in *.txt; do cat notes.txt; done",
 "for i in a b; do echo $i; done",
 "for i; do echo hi; done",
 "for i in $(ls); do echo hi; done",
 "for i in \"a b\"; do echo hi; done",
 "echo 1 2",
 "echo a; for i in a; do echo hi; done",
 "for i in a b\ndo echo hi\ndone",
 "for i in 1.5; do echo hi; done",
 "for i in -1; do echo hi; done",
 "while read l; do echo hi; done",
 "while read l; do echo hi; done < notes.txt",
 "while false; do rm x; done",
 "x=1 || echo $x",
 "x=1 && echo \"$x\"",
 "declare y=`cat notes.txt`",
 "export x=$(cat notes.txt) y=$(pwd)",
 "local x=$(pwd)"
]
# Variables the line sets, followed to where they are used (one call a session).
VARS = [
 "x=1 || echo hi",
 "x=1 | echo $x",
 "true || x=1; echo $x",
 "x=1 || x=2; echo $x",
 "x=1 && echo $x || echo $x",
 "x=1; y=2 || echo $y",
 "echo hi || x=1",
 "x=1 && y=2 || echo $x",
 "x=1; echo $y",
 "x=1; true || true; echo $x",
 "true || true; x=1; echo $x",
 "x=1 || true; echo $x",
 "x=1 && true; echo $x",
 "(x=1); echo $x",
 "x=1 | true; echo $x",
 "echo $x; x=1",
 "x=1 || echo $y",
 "x=1 && echo $y",
 "x=1; echo $HOME",
 "x=1; echo $?",
 "x=1; echo a; echo b",
 "x=1; echo $x; echo b",
 "x=a; cat $x.txt; echo b",
 "x=1; y=$x; echo $y; echo b",
 "x=1; echo ${y}",
 "x=1; echo {a,b}",
 "x=1; echo $(pwd)",
 "x=1; rm -rf src; echo b",
 "x=notes.txt; cat $x",
 "x=1 && echo a && echo b",
 "x=1; ls; pwd",
 "x=\"a b\"; echo $x; echo c",
 "x=1 || echo a; echo b",
 "x=1 | echo a",
 "x=1 & echo $x",
 "x='a'; echo $x; echo b",
 "x=1; echo \"$x\"; echo b",
 "x=1; echo ${x}; echo b",
 "x=1; x=2; echo $x; echo b",
 "x=1; echo $x$x; echo b",
 "x=1; y=2",
 "x=1; touch a.txt; echo b",
 "x=1; echo a > out.txt; echo b",
 "x=a*; echo $x; echo b",
 "x=1; cat /etc/passwd; echo b",
 "x=/etc/passwd; cat $x",
 "x=src; cd $x && ls",
 "x=1; git status; echo b",
 "x=1; echo $x | cat",
 "x=1; export y=2; echo b",
 "FOO=1 echo hi; echo b",
 "x=1;echo $x;echo b",
 "x=1; echo $x; x=2; echo $x",
 "x=out.txt; echo a > $x",
 "x=1 y=2; echo $x $y; echo b",
 "x=1; rm secrets/key.txt"
]
# The same lines with a callback, an allow rule or acceptEdits: what the rules and the mode
# allow on their own is not listed.
VARS_CTX = [
    ("log_all", None, "default", ["x=1; echo $x; echo b", "x=1; echo $x", "x=notes.txt; cat $x", "x=1; y=2",
                                  "x=1 || echo $x", "x=1; rm -rf src; echo b"]),
    (None, None, "acceptEdits", ["x=1; echo $x; echo b", "x=1; echo $x", "x=notes.txt; cat $x", "x=1; y=2",
                                 "x=1 || echo $x", "x=1; rm -rf src; echo b", "x=1; touch a.txt; echo b",
                                 "x=1; touch a.txt", "x=1; mkdir d; touch d/a", "x=1; rm -rf src"]),
    (None, "Bash(echo:*)", "default", ["x=1; echo $x; echo b", "x=1; echo $x", "x=1; echo $x; ls", "x=1; y=2"]),
]
NESTED_READS = ["echo $(cat secrets/key.txt)", "echo `cat secrets/key.txt`", "cat <(cat secrets/key.txt)",
                "echo \"$(cat secrets/key.txt)\"", "x=$(cat secrets/key.txt)",
                "echo $(cat notes.txt) && cat secrets/key.txt", "echo $(head -1 secrets/key.txt) > out.txt",
                "ls $(echo secrets)", "cat $(echo secrets/key.txt)"]
BESIDE = ["cat secrets/key.txt $HOME/x", "cat secrets/key.txt ${HOME}", "cat secrets/{key,other}.txt",
          "FOO=1 cat secrets/key.txt", "cat secrets/key.txt \"$HOME\"", "cat secrets/key.txt $",
          "cat secrets/key\\ .txt", "cat secrets/key.txt && echo \"a $?\"",
          "case x in x) cat secrets/key.txt;; esac", "x=$(cat secrets/key.txt) && echo $x",
          "for f in secrets/*; do cat $f; done", "(cat secrets/key.txt)", "{ cat secrets/key.txt; }",
          "x=1; cat secrets/key.txt", "cat secrets/key.txt | sh", "echo $(cat notes.txt); cat secrets/key.txt",
          "cat secrets/key.txt > $(echo out.txt)"]


def scenario(name, desc, responses, mode, cb=None, **opts):
    s = scenario_files.scenario("sa_", name, desc, responses, dict(opts), prompt="Work on it", mode=mode)
    s["files"] = dict(fuzz_a.FILES)
    s["outside_files"] = dict(fuzz_a.OUTSIDE)
    s["env"] = {"PATH": "<WS>/bin:/usr/local/bin:/usr/bin:/bin"}
    s["record"] = {"outside_files": True, "decisions": True}
    s["timeout_s"] = 120
    if cb:
        s["behaviors"] = {"can_use_tool": cb}
    return s


def one_each(commands):
    return [{"content": [tu(i, "Bash", {"command": c})]} for i, c in enumerate(commands, 1)] + [
        {"content": [txt("Done.")]}]


def scenarios():
    out = [scenario("one_%02d" % i, "default, no callback, one call: %s" % c, one_each([c]), "default")
           for i, c in enumerate(ONE)]
    out += [scenario("var_%02d" % i, "default, no callback, one call: %s" % c, one_each([c]), "default")
            for i, c in enumerate(VARS)]
    k = 0
    for cb, allow, mode, lines in VARS_CTX:
        for c in lines:
            opts = {"allowed_tools": [allow]} if allow else {}
            what = "%s, %s, one call: %s" % (mode, "callback " + cb if cb else ("allow " + allow if allow else "no callback"), c)
            out.append(scenario("varctx_%02d" % k, what, one_each([c]), mode, cb=cb, **opts))
            k += 1
    for mode in ("default", "acceptEdits", "bypassPermissions", "dontAsk"):
        out.append(scenario("rdeny_" + mode, mode + ", deny Read(./secrets/**): reads of the denied folder inside nested commands.",
                            one_each(NESTED_READS), mode, disallowed_tools=["Read(./secrets/**)"]))
        out.append(scenario("bdeny_" + mode, mode + ", deny Bash(cat *): cat inside nested commands.",
                            one_each(NESTED_READS), mode, disallowed_tools=["Bash(cat *)"]))
    out.append(scenario("rdeny_log", "default, log_all, deny Read(./secrets/**): the question a read inside a nested command is asked with.",
                        one_each(NESTED_READS), "default", cb="log_all", disallowed_tools=["Read(./secrets/**)"]))
    for mode in ("default", "bypassPermissions"):
        out.append(scenario("rdeny2_" + mode, mode + ", deny Read(./secrets/**): reads of the denied folder beside other constructs.",
                            one_each(BESIDE), mode, disallowed_tools=["Read(./secrets/**)"]))
    return out


if __name__ == "__main__":
    scenario_files.write(HERE, "sa_", scenarios())

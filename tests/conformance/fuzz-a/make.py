#!/usr/bin/env python3
"""Generates the fuzz-a scenarios (prefix fa_): random mixes of the permission inputs the
shared adversarial scenarios set one at a time. Each scenario draws, from a fixed seed, a
permission mode, allow and deny rules (option or project settings), a can_use_tool answer or
none, and two to four responses of one to six calls from a pool of Read/Write/Edit/Glob/Grep/
Bash calls on a workspace with links out of it, paths written every way (relative, `./`, `..`,
absolute, `~`, through links) and shell commands that read, write, chain, redirect and escape.
Run: python3 make.py [COUNT]  (writes fa_*.json next to this file; the seed is the number)."""
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import scenario_files  # noqa: E402
from scenario_files import tu, txt  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

FILES = {
    "src/app.js": "console.log('app');\n",
    "src/lib/util.js": "export const x = 1;\n",
    "notes.txt": "workspace notes\n",
    "secrets/key.txt": "workspace secret key\n",
    "locked/config.txt": "locked=1\n",
    "data.csv": "a,b\n1,2\n",
    "package.json": "{\"name\": \"demo\", \"scripts\": {\"test\": \"echo tests\"}}\n",
    "bin/npm": {"text": "#!/bin/sh\necho \"npm-fake $*\"\n", "mode": "755"},
    "bin/git": {"text": "#!/bin/sh\necho \"git-fake $*\"\n", "mode": "755"},
    "src/link_out": {"symlink": "<ROOT>/outside/secret.txt"},
    "src/linkdir": {"symlink": "<ROOT>/outside"},
    "link_to_src": {"symlink": "src"},
}
OUTSIDE = {"outside/secret.txt": "TOP SECRET\n", "outside/other.txt": "other\n"}

READ_PATHS = ["<WS>/src/app.js", "src/lib/util.js", "./src/app.js", "notes.txt", "<WS>/notes.txt",
              "<WS>/src/../notes.txt", "../outside/other.txt", "<ROOT>/outside/secret.txt",
              "<WS>/src/link_out", "<WS>/src/linkdir/other.txt", "<WS>/link_to_src/app.js",
              "~/.bashrc", "<HOME>/.profile", "secrets/key.txt", "<WS>/locked/config.txt",
              "/etc/hostname", "<WS>/missing.txt", "data.csv", "<WS>/src"]
WRITE_PATHS = ["<WS>/src/new.js", "new.txt", "./src/new2.js", "<WS>/locked/new.txt",
               "<WS>/src/../../outside/w1.txt", "<ROOT>/outside/w2.txt", "~/w3.txt",
               "<WS>/src/linkdir/w4.txt", "<WS>/link_to_src/w5.js", "<WS>/secrets/w6.txt",
               "<WS>/.claude/settings.json", "<WS>/notes.txt", "sub/deep/w7.txt", "<WS>/.git/config"]
EDITS = [("<WS>/src/app.js", "app", "APP"), ("src/lib/util.js", "x = 1", "x = 2"),
         ("<WS>/locked/config.txt", "locked=1", "locked=0"), ("notes.txt", "notes", "NOTES"),
         ("<WS>/src/linkdir/other.txt", "other", "OTHER"), ("<WS>/link_to_src/app.js", "app", "App"),
         ("../outside/other.txt", "other", "changed"), ("data.csv", "1,2", "3,4")]
GLOBS = [("**/*.js", None), ("*.txt", None), ("**/secret*", "<ROOT>/outside"), ("*", "src"),
         ("**/*", "<WS>/src/linkdir"), ("../outside/*", None), ("**/*.json", "~")]
GREPS = [("app", None, None), ("SECRET", "<ROOT>/outside", None), ("secret", "secrets", "content"),
         ("x", "src", "count"), ("a", "../outside", "files_with_matches"), ("locked", "<WS>/locked", "content")]
CMDS = ["ls", "ls src", "cat notes.txt", "cat ../outside/secret.txt", "cat src/link_out",
        "cat secrets/key.txt", "head -1 data.csv", "wc -l src/app.js", "grep -r app src",
        "git status", "git log --oneline -1", "git diff", "git push origin main", "npm test",
        "npm run build && touch made_and.txt", "npm test; touch made_semi.txt", "echo hi",
        "echo hi > out.txt", "echo hi > ../outside/esc.txt", "touch t.txt", "mkdir -p d1/d2",
        "rm notes.txt", "rm -rf src/lib", "mv data.csv moved.csv", "cp notes.txt copy.txt",
        "sed -i s/app/APP/ src/app.js", "sed -n 1p notes.txt", "find . -name '*.js'",
        "find . -name '*.csv' -delete", "pwd", "cd src && ls", "cd .. && ls",
        "cat notes.txt | sort | uniq", "ls -d /", "cat /etc/hostname",
        "python3 -c 'print(1)'", "node -e 1", "chmod +x bin/npm", "curl -s http://127.0.0.1:9/",
        "echo $(cat secrets/key.txt)", "FOO=1 npm test", "npm test | sh", "bash -c 'echo in'",
        "sort data.csv", "diff notes.txt data.csv", "tee tee.txt < notes.txt", 
        "which git", "true && false", "ln -s notes.txt ln.txt", "rmdir d1", "xargs echo < notes.txt",
        "cd src; cat app.js", "git add . && git commit -m x", "ls link_to_src/",
        "test -f notes.txt && echo yes", "awk '{print $1}' data.csv", "cut -d, -f1 data.csv"]
RULES = ["Bash(npm *)", "Bash(git:*)", "Bash(git status)", "Bash(ls:*)", "Bash(cat *)", "Bash(echo *)",
         "Bash(touch:*)", "Bash(rm:*)", "Bash(cd:*)", "Bash", "Read", "Read(./src/**)", "Read(//etc/**)",
         "Read(~/**)", "Edit(src/**)", "Edit(/locked/**)", "Edit", "Write", "Write(*.txt)",
         "Edit(./notes.txt)", "Glob", "Grep", "Read(./secrets/**)", "Bash(python3:*)", "Bash(sed:*)",
         "Edit(/<ROOT>/outside/**)", "Read(<ROOT>/outside/**)", "Bash(find:*)"]
MODES = ["default", "default", "acceptEdits", "dontAsk", "plan", "bypassPermissions"]
CALLBACKS = [None, None, "log_all", "deny_all", "deny_bash"]


def call(rng):
    k = rng.choice(["Read", "Read", "Write", "Edit", "Glob", "Grep", "Bash", "Bash", "Bash", "Bash"])
    if k == "Read":
        return "Read", {"file_path": rng.choice(READ_PATHS)}
    if k == "Write":
        return "Write", {"file_path": rng.choice(WRITE_PATHS), "content": "w%d\n" % rng.randint(1, 9)}
    if k == "Edit":
        p, a, b = rng.choice(EDITS)
        return "Edit", {"file_path": p, "old_string": a, "new_string": b}
    if k == "Glob":
        pat, path = rng.choice(GLOBS)
        return "Glob", {"pattern": pat, **({"path": path} if path else {})}
    if k == "Grep":
        pat, path, mode = rng.choice(GREPS)
        inp = {"pattern": pat}
        if path:
            inp["path"] = path
        if mode:
            inp["output_mode"] = mode
        return "Grep", inp
    return "Bash", {"command": rng.choice(CMDS)}


def one(seed):
    rng = random.Random(seed)
    mode = rng.choice(MODES)
    opts = {"permission_mode": mode}
    allow = rng.sample(RULES, rng.choice([0, 0, 1, 2, 3]))
    deny = rng.sample(RULES, rng.choice([0, 0, 0, 1, 2]))
    files = dict(FILES)
    where = rng.choice(["option", "option", "settings"])
    if where == "settings" and (allow or deny):
        perms = {}
        if allow:
            perms["allow"] = allow
        if deny:
            perms["deny"] = deny
        files[".claude/settings.json"] = json.dumps({"permissions": perms}) + "\n"
        opts["setting_sources"] = ["project"]
    else:
        if allow:
            opts["allowed_tools"] = allow
        if deny:
            opts["disallowed_tools"] = deny
    responses, n = [], 1
    for _ in range(rng.randint(2, 4)):
        blocks = []
        for _ in range(rng.randint(1, 6)):
            name, inp = call(rng)
            blocks.append(tu(n, name, inp))
            n += 1
        responses.append({"content": blocks})
    responses.append({"content": [txt("Done.")]})
    cb = rng.choice(CALLBACKS)
    desc = "seed %d: %s, allow %s, deny %s (%s), can_use_tool %s" % (
        seed, mode, allow, deny, where, cb)
    s = scenario_files.scenario("fa_", "%03d" % seed, desc, responses, opts, prompt="Work on it",
                                mode=None)
    s["files"] = files
    s["outside_files"] = dict(OUTSIDE)
    s["env"] = {"PATH": "<WS>/bin:/usr/local/bin:/usr/bin:/bin"}
    s["record"] = {"outside_files": True, "decisions": True}
    s["timeout_s"] = 300
    if cb:
        s["behaviors"] = {"can_use_tool": cb}
    return s


def targeted():
    """Hand-written scenarios that pin a rule a random one ran into."""
    out = []

    def t(name, desc, responses, mode="bypassPermissions", cb=None, **opts):
        s = scenario_files.scenario("fa_", name, desc, responses, dict(opts), prompt="Work on it",
                                    mode=mode)
        s["files"] = dict(FILES)
        s["outside_files"] = dict(OUTSIDE)
        s["env"] = {"PATH": "<WS>/bin:/usr/local/bin:/usr/bin:/bin"}
        s["record"] = {"outside_files": True, "decisions": True}
        if cb:
            s["behaviors"] = {"can_use_tool": cb}
        out.append(s)

    B = lambda c: ("Bash", {"command": c})
    one_each = lambda *calls: [{"content": [tu(i, n, inp)]} for i, (n, inp) in enumerate(calls, 1)] + [
        {"content": [txt("Done.")]}]
    after_cd = [("Read", {"file_path": "app.js"}), ("Read", {"file_path": "notes.txt"}),
                ("Write", {"file_path": "made.txt", "content": "m\n"}),
                ("Edit", {"file_path": "lib/util.js", "old_string": "x = 1", "new_string": "x = 3"}),
                ("Glob", {"pattern": "*.js"}), ("Grep", {"pattern": "export"}),
                ("Grep", {"pattern": "x", "path": "lib", "output_mode": "content"}),
                ("Glob", {"pattern": "*", "path": "lib"}), B("pwd")]
    t("cwd_files_after_cd", "bypass: `cd src`, then file tools with relative paths, one a turn.",
      one_each(B("cd src"), *after_cd))
    t("cwd_search_after_cd", "bypass, tools listed: `cd src`, then Glob/Grep with and without paths.",
      one_each(B("cd src"), ("Glob", {"pattern": "*.js"}), ("Glob", {"pattern": "**/*.js"}),
               ("Glob", {"pattern": "*", "path": "lib"}), ("Glob", {"pattern": "notes.txt", "path": ".."}),
               ("Grep", {"pattern": "export"}), ("Grep", {"pattern": "x", "path": "lib", "output_mode": "content"}),
               ("Grep", {"pattern": "app", "output_mode": "content", "-n": True}),
               ("Grep", {"pattern": "notes", "path": "..", "output_mode": "count"}),
               ("Glob", {"pattern": "*", "path": "nope"}), ("Grep", {"pattern": "a", "path": "nope"}),
               ("Read", {"file_path": "../notes.txt"}), ("Write", {"file_path": "../top.txt", "content": "t\n"})),
      tools=["Bash", "Read", "Write", "Edit", "Glob", "Grep"])
    t("cwd_files_after_cd_default", "default + log_all: `cd src`, then file tools with relative paths.",
      one_each(B("cd src"), *after_cd), mode="default", cb="log_all")
    t("cwd_files_after_cd_rules", "dontAsk, allow Read(./src/**) Edit(src/**): `cd src` then relative calls.",
      one_each(B("cd src"), *after_cd), mode="dontAsk", allowed_tools=["Read(./src/**)", "Edit(src/**)"])
    t("cwd_after_cd_out", "bypass: `cd ..` (out of the workspace), then relative file tools and pwd.",
      one_each(B("cd .."), ("Read", {"file_path": "notes.txt"}), ("Read", {"file_path": "outside/other.txt"}), B("pwd")))
    t("cwd_after_cd_abs_out", "bypass: `cd <ROOT>/outside`, then relative file tools and pwd.",
      one_each(B("cd <ROOT>/outside"), ("Read", {"file_path": "other.txt"}), B("pwd")))
    t("cwd_parallel_cd_then_read", "bypass: `cd src && ls` beside reads of notes.txt, in one response.",
      [{"content": [tu(1, "Bash", {"command": "cd src && ls"}), tu(2, "Bash", {"command": "cat notes.txt"}),
                    tu(3, "Read", {"file_path": "notes.txt"}), tu(4, "Bash", {"command": "pwd"})]},
       {"content": [txt("Done.")]}])
    t("cwd_parallel_cd_then_write", "bypass: `cd src` beside a Write of a relative path and a cat.",
      [{"content": [tu(1, "Bash", {"command": "cd src"}), tu(2, "Write", {"file_path": "w.txt", "content": "w\n"}),
                    tu(3, "Bash", {"command": "cat w.txt"}), tu(4, "Bash", {"command": "pwd"})]},
       {"content": [txt("Done.")]}])
    t("cwd_parallel_readonly_mix", "bypass: `cd src; ls`, `ls`, `touch t.txt`, `ls` in one response.",
      [{"content": [tu(1, "Bash", {"command": "cd src; ls"}), tu(2, "Bash", {"command": "ls"}),
                    tu(3, "Bash", {"command": "touch t.txt"}), tu(4, "Bash", {"command": "ls"}),
                    tu(5, "Bash", {"command": "pwd"})]},
       {"content": [txt("Done.")]}])
    readers = ["cat /etc/hostname", "cat ../outside/secret.txt", "ls -d /", "ls ../outside", "ls -d /etc",
               "head -1 /etc/hostname", "grep x /etc/hostname", "wc -l /etc/hostname", "cat src/link_out",
               "ls src/linkdir", "cat ~/x.txt", "cat notes.txt /etc/hostname", "cat /etc/hostname | wc -l",
               "tail -1 /etc/hostname", "sort /etc/hostname", "diff notes.txt /etc/hostname",
               "find /etc -name hostname", "ls -d ..", "cat <ROOT>/outside/other.txt", "cat /etc/host*.conf",
               "cat /etc/hostname && echo ok", "ls ~", "cat ./../outside/other.txt"]
    t("rd_outside_default", "default + log_all: read-only commands naming paths outside, one a turn.",
      one_each(*[B(c) for c in readers]), mode="default", cb="log_all")
    t("rd_outside_dontask", "dontAsk: read-only commands naming paths outside, one a turn.",
      one_each(*[B(c) for c in readers]), mode="dontAsk")
    t("rd_outside_accept", "acceptEdits + log_all: read-only commands naming paths outside.",
      one_each(*[B(c) for c in readers]), mode="acceptEdits", cb="log_all")
    many = ["cat", "head", "tail", "sort", "uniq", "wc", "cut -c1", "paste", "column", "tr a b <", "file",
            "stat", "diff notes.txt", "awk 1", "strings", "hexdump", "od", "base64", "nl", "grep x", "rg x",
            "sed -n 1p", "jq .", "sha256sum", "sha1sum", "md5sum", "less", "more", "xxd", "du", "tree",
            "realpath", "readlink", "basename", "dirname", "cmp notes.txt", "comm notes.txt", "fold",
            "rev", "tac", "expand", "fmt", "look x", "egrep x", "fgrep x", "zcat", "git -C", "ls -l",
            "find", "du -sh", "cksum", "sum", "b2sum", "stat -c %s", "file -b", "pr", "split -n 1",
            "iconv -f utf-8", "xargs cat <", "sha512sum", "tee", "touch", "mkdir", "rm", "rmdir",
            "cp notes.txt", "mv", "chmod 644", "ln -s x", "sed -i s/a/b/"]
    t("rd_many_nocb", "default, no callback: many commands on /etc/hostname, one a turn (the refusals' texts).",
      one_each(*[B(c + " /etc/hostname") for c in many]), mode="default")
    t("rd_many_dir_nocb", "default, no callback: many commands on the directory <ROOT>/outside.",
      one_each(*[B(c + " <ROOT>/outside") for c in many]), mode="default")
    globs = ["cat /etc/host*.conf", "cat /etc/ho*/x", "cat /et?/hostname", "head -1 /etc/[h]ostname",
             "ls /etc/host*", "cat /usr/share/*/README", "cat <ROOT>/outside/*.txt", "cat ../outside/o*.txt",
             "wc -l /etc/*", "grep x /etc/host*", "touch <ROOT>/outside/n*.txt", "rm <ROOT>/outside/o*.txt"]
    t("rd_globs_nocb", "default, no callback: commands whose outside path holds glob characters.",
      one_each(*[B(c) for c in globs]), mode="default")
    wglobs = ["touch n*.txt", "rm o*.txt", "rm -f *.csv", "mkdir d*", "cp notes.txt s*", "mv data.csv m?.csv",
              "echo hi > o*.txt", "tee t*.txt < notes.txt", "sed -i s/a/b/ n*.txt", "touch <ROOT>/outside/n*.txt",
              "rm <ROOT>/outside/o*.txt", "cp <ROOT>/outside/*.txt .", "chmod 644 *.txt", "rmdir d*", "ln -s x l*"]
    for mode, cb in (("default", None), ("default", "log_all"), ("acceptEdits", None), ("bypassPermissions", None)):
        t(f"wr_globs_{mode}_{cb or 'nocb'}", f"{mode}, {cb or 'no callback'}: writing commands whose paths hold globs.",
          one_each(*[B(c) for c in wglobs]), mode=mode, cb=cb)
    redirs = ["echo hi > o*.txt", "echo hi > o?.txt", "echo hi > [o].txt", "echo hi >> a*", "echo hi > ~/x.txt",
              "echo hi > $HOME/x.txt", "echo hi > ../outside/o*.txt", "echo hi > src/*.js", "ls > l*.txt; ls",
              "echo hi 2> e*.log", "echo hi > out.txt"]
    t("wr_redirect_globs_log_all", "default + log_all: output redirections to paths the shell would expand.",
      one_each(*[B(c) for c in redirs]), mode="default", cb="log_all")
    redirs2 = ["echo hi > $HOME", "echo hi > ${HOME}/x.txt", "echo hi > `pwd`/x.txt", 'echo hi > "$HOME/x.txt"',
               "echo hi > x$Y.txt", "echo hi > $(pwd)/x.txt", "echo hi > ~", "echo hi > ~root/x", "ls; echo hi > o*.txt",
               "echo hi > o*.txt && ls", "ls | tee > o*.txt", "echo hi > x.txt; echo hi > ~/y.txt"]
    t("wr_redirect_vars_log_all", "default + log_all: output redirections to paths with variables, tildes, globs in lines.",
      one_each(*[B(c) for c in redirs2]), mode="default", cb="log_all")
    redirs3 = ["ls | tee > out.txt", "ls | tee out.txt", "ls | sort > out.txt", "ls > out.txt; ls",
               "cat notes.txt | head -1 > o*.txt", "ls | tee > ../outside/x.txt", "ls > $HOME/x.txt; ls",
               'echo hi > "$PWD/x.txt"', 'echo hi > "$HOME"', 'cat "$HOME/x.txt"', 'echo hi > "$HOME/a b.txt"',
               "echo hi > '$HOME/x.txt'", 'touch "$HOME/x.txt"', 'echo hi > "~/x.txt"', 'echo hi > "o*.txt"']
    t("wr_redirect_pipes_nocb", "default, no callback: output redirections in pipelines and lines, quoted variables.",
      one_each(*[B(c) for c in redirs3]), mode="default")
    t("wr_redirect_vars_nocb", "default, no callback: output redirections to paths with variables, tildes, globs.",
      one_each(*[B(c) for c in redirs + redirs2]), mode="default")
    R = lambda p: ("Read", {"file_path": p})
    linked = [R("<WS>/src/linkdir/other.txt"),
              ("Edit", {"file_path": "<WS>/src/linkdir/other.txt", "old_string": "other", "new_string": "o"}),
              ("Write", {"file_path": "<WS>/src/linkdir/new.txt", "content": "n\n"}),
              ("Edit", {"file_path": "<ROOT>/outside/other.txt", "old_string": "o", "new_string": "p"}),
              ("Write", {"file_path": "<ROOT>/outside/new2.txt", "content": "n\n"})]
    for mode in ("default", "acceptEdits"):
        t(f"links_edit_deny_{mode}", f"{mode} + log_all: Edit deny rule on where a link leads; the file read first.",
          one_each(*linked), mode=mode, cb="log_all", disallowed_tools=["Edit(/<ROOT>/outside/**)"])
    t("links_edit_deny_unread", "default + log_all: Edit deny rule on where a link leads; the file never read.",
      one_each(*linked[1:]), mode="default", cb="log_all", disallowed_tools=["Edit(/<ROOT>/outside/**)"])
    under_read_deny = ["rm -rf src/lib", "rm src/app.js", "touch src/x.txt", "mkdir src/d", "mv src/app.js m.js",
                       "cp notes.txt src/c.txt", "cp src/app.js c.js", "echo hi > src/e.txt", "sed -i s/a/b/ src/app.js",
                       "rmdir src/lib", "cat src/app.js", "ls src", "head -1 src/app.js", "chmod 644 src/app.js"]
    for mode, cb in (("bypassPermissions", None), ("default", "log_all"), ("acceptEdits", None)):
        t(f"rdeny_writers_{mode}", f"{mode}: file commands on a folder under a Read deny rule.",
          one_each(*[B(c) for c in under_read_deny]), mode=mode, cb=cb, disallowed_tools=["Read(./src/**)"])
    inside = ["awk 1", "awk 'BEGIN{print 1}'", "cmp notes.txt", "comm notes.txt", "expand", "fmt",
              "tac", "rev", "fold", "paste", "nl", "column", "strings", "od", "hexdump", "base64", "file",
              "sha1sum", "md5sum", "sha256sum", "uniq", "cut -c1", "tr a b <", "xargs cat <",
              "cat <", "wc -l <", "grep -r x", "rg -l x", "jq .", "du", "tree", "readlink -f", "realpath",
              "less", "more", "xxd", "look x", "zcat", "cksum", "sum", "b2sum", "unexpand", "sha512sum",
              "iconv -f utf-8", "split -n 1", "diff3 notes.txt notes.txt", "sdiff notes.txt", "join notes.txt",
              "numfmt", "tsort", "ptx", "csplit", "shuf", "wc -c"]
    t("rd_inside_nocb", "default, no callback: commands on notes.txt inside, one a turn (which run unasked).",
      one_each(*[B(c + " notes.txt") for c in inside]), mode="default")
    mixed = ["tr a b < /etc/hostname", "cat < /etc/hostname", "wc -l < ../outside/other.txt",
             "sort < /etc/hostname | head -1", "cat notes.txt | grep x /etc/hostname", "ls / | head -1",
             "ls -d /etc; ls", "awk 1 /etc/hostname", "uniq /etc/hostname", "uniq notes.txt out.txt",
             "xargs cat < notes.txt", "echo notes.txt | xargs cat", "xargs echo < notes.txt",
             "cat /etc/hostname > copy.txt", "cat notes.txt > /tmp/fa_out.txt", "head -1 src/linkdir/other.txt",
             "grep -r x ../outside", "ls src/linkdir/", "cat src/../../outside/other.txt",
             "cd /etc && cat hostname", "sed -n 1p ../outside/other.txt", "ls ../outside | wc -l",
             "find .. -name x", "cat /etc/hostname /etc/passwd", "ls -d /"]
    t("rd_mixed_default", "default + log_all: reads outside through redirections, pipes and lists.",
      one_each(*[B(c) for c in mixed]), mode="default", cb="log_all")
    t("rd_mixed_nocb", "default, no callback: reads outside through redirections, pipes and lists.",
      one_each(*[B(c) for c in mixed]), mode="default")
    wholes = ["touch a.txt", "bash -c 'echo in'", "git add .", "echo hi > out.txt", "rm notes.txt",
              "npm test", "git add . && git commit -m x", "cat ../outside/secret.txt", "ls"]
    for mode in ("plan", "default", "acceptEdits", "dontAsk"):
        for rule in ("Bash", "Bash(*)"):
            t("whole_%s_%s" % (mode, "bare" if rule == "Bash" else "star"),
              "%s, allow %s: commands of every kind, one a turn." % (mode, rule),
              one_each(*[B(c) for c in wholes]), mode=mode, allowed_tools=[rule])
    t("whole_plan_prefix", "plan, allow Bash(git:*) Bash(npm *): git and npm commands.",
      one_each(B("git add ."), B("git add . && git commit -m x"), B("npm test"), B("npm test; touch z.txt")),
      mode="plan", allowed_tools=["Bash(git:*)", "Bash(npm *)"])
    interp = [("Bash(python3:*)", "python3 -c 'print(1)'"), ("Bash(node:*)", "node -e 1"),
              ("Bash(bash:*)", "bash -c 'echo b'"), ("Bash(sh *)", "sh -c 'echo s'"),
              ("Bash(env:*)", "env echo e"), ("Bash(xargs:*)", "echo x | xargs echo"),
              ("Bash(perl:*)", "perl -e 1"), ("Bash(npx:*)", "npx --version"), ("Bash(echo:*)", "echo ok"),
              ("Bash(python3 -c:*)", "python3 -c 'print(2)'"), ("Bash(eval:*)", "eval echo v"),
              ("Bash(git *)", "git add ."), ("Bash(ruby:*)", "ruby -e 1"), ("Bash(npm run:*)", "npm run build"),
              ("Bash(bash)", "bash"), ("Bash(touch *)", "touch q.txt")]
    for mode in ("plan", "auto"):
        t("interp_%s" % mode, "%s with interpreter prefix rules: each rule's command, one a turn." % mode,
          one_each(*[B(c) for _, c in interp]), mode=mode, allowed_tools=[r for r, _ in interp])
    interp2 = [("Bash(npm run:*)", "npm run build"), ("Bash(bash)", "bash"), ("Bash(xargs:*)", "echo q | xargs touch"),
               ("Bash(python:*)", "python -V"), ("Bash(zsh:*)", "zsh -c 1"), ("Bash(sudo:*)", "sudo true"),
               ("Bash(deno:*)", "deno -V"), ("Bash(touch *)", "touch q.txt"), ("Bash(npm test)", "npm test")]
    t("interp2_plan", "plan with more prefix rules: each rule's command, one a turn (fewer than ten refused).",
      one_each(*[B(c) for _, c in interp2]), mode="plan", allowed_tools=[r for r, _ in interp2])
    alt = []
    for i in range(12):
        alt += [B("npm test"), B("ls")]
    t("stop_alternating", "plan: npm test (refused) and ls (runs) alternating twelve times.",
      one_each(*alt), mode="plan")
    par = [{"content": [tu(2 * i + 1, "Bash", {"command": "npm test"}), tu(2 * i + 2, "Bash", {"command": "npm run x"})]}
           for i in range(7)] + [{"content": [txt("Done.")]}]
    t("stop_parallel", "plan: seven responses of two refused commands each.", par, mode="plan")
    six = one_each(*[B("npm test")] * 6)
    t("stop_then_query", "plan: six refusals, then the session goes on in a second query with six more.",
      six + [{"content": [tu(i + 20, "Bash", {"command": "npm test"})]} for i in range(6)] + [
          {"content": [txt("Done.")]}], mode="plan")
    out[-1]["then"] = [{"prompt": "Again", "options": {"continue_conversation": True}}]
    links = [("Read", {"file_path": "<WS>/src/link_out"}), ("Read", {"file_path": "src/linkdir/other.txt"}),
             ("Read", {"file_path": "<WS>/src/linkdir"}), ("Read", {"file_path": "<WS>/link_to_src/app.js"}),
             ("Read", {"file_path": "<WS>/src/linkdir/../notes.txt"}),
             ("Write", {"file_path": "<WS>/src/linkdir/n.txt", "content": "n\n"}),
             ("Edit", {"file_path": "<WS>/src/linkdir/other.txt", "old_string": "other", "new_string": "o"}),
             ("Glob", {"pattern": "*", "path": "<WS>/src/linkdir"}),
             ("Grep", {"pattern": "o", "path": "src/linkdir"}), ("Grep", {"pattern": "o", "path": "src/link_out"})]
    for mode in ("default", "acceptEdits"):
        t("links_%s" % mode, "%s + log_all: reads, writes and searches through links out of the workspace." % mode,
          one_each(*links), mode=mode, cb="log_all", tools=["Bash", "Read", "Write", "Edit", "Glob", "Grep"])
    t("deny_kind_find", "bypass, deny Bash(find:*) Bash(ls:*) Bash(wc *): which denials are whole-rule ones.",
      one_each(B("find . -name x"), B("find . -name '*.csv'"), B("find . -delete"), B("find . -name x -print"),
               B("ls '*.csv'"), B("ls *.csv"), B("ls -la"), B("ls"), B("wc -l notes.txt"), B("find ."),
               B("find . -exec echo {} +")),
      disallowed_tools=["Bash(find:*)", "Bash(ls:*)", "Bash(wc *)"])
    gits = ["git commit -m x", "git push", "git push origin main", "git checkout -b feat", "git switch main",
            "git pull", "git merge feat", "git rebase main", "git reset --hard", "git stash", "git tag v1",
            "git add .", "git status", "git fetch", "git push FAIL", "git commit -am y && git push",
            "cd src && git push", "git cherry-pick abc", "git branch -d feat", "git checkout notes.txt",
            "git -C src push", "echo git push", "git revert abc", "git am x.patch", "git init"]
    t("vcs_kinds", "bypass: git commands of every kind (a fake git), one a turn: which announce a change.",
      one_each(*[B(c) for c in gits]))
    out[-1]["files"]["bin/git"] = {"text": "#!/bin/sh\necho \"git-fake $*\"\ncase \"$*\" in *FAIL*) exit 1;; esac\n",
                                   "mode": "755"}
    reads = ["cat secrets/key.txt", "head -1 secrets/key.txt", "ls secrets", "grep -r key secrets",
             "cd secrets && cat key.txt", "cat < secrets/key.txt", "cp secrets/key.txt c.txt",
             "wc -l secrets/key.txt", "cat notes.txt secrets/key.txt", "cat secrets/key.txt | wc -l"]
    for mode in ("default", "dontAsk", "acceptEdits", "bypassPermissions"):
        t("rdeny_%s" % mode, "%s, deny Read(./secrets/**): shell reads of the denied folder." % mode,
          one_each(*[B(c) for c in reads]), mode=mode, disallowed_tools=["Read(./secrets/**)"])
    cds = ["cd .. && ls", "cd ../outside && ls", "cd <ROOT> && ls", "cd /etc && ls", "cd .. && cat notes.txt",
           "cd ..", "cd /etc", "cd ../outside", "cd .. && echo hi", "cd /etc && echo hi", "cd src/.. && ls",
           "cd ~ && ls", "cd ~"]
    t("cd_out_nocb", "default, no callback: a cd out of the workspace, alone and before other commands.",
      one_each(*[B(c) for c in cds]), mode="default")
    insrc = ["cd src", "cd .. && ls", "cd src", "cd .. && echo hi", "ls", "cat app.js", "cd lib && ls",
             "echo hi && ls", "cd .. && cat notes.txt", "cat ../notes.txt", "ls .."]
    t("cd_from_src_nocb", "default, no callback: commands after the shell moved to src.",
      one_each(*[B(c) for c in insrc]), mode="default")
    return out


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 596
    import pins_221  # noqa: E402
    import pins_261  # noqa: E402
    me = sys.modules[__name__]
    pins = pins_221.pins(me) + pins_261.pins(me) + pins_261.pins_default(me) + pins_261.pins_read_first(me)
    # Seeds whose two recordings on the reference differed are left out: 318 (a `cd ..` beside
    # a read-only call: which result tells of the shell's reset).
    unsteady = {318, 454, 481, 537, 542}
    seeds = [i for i in range(1, count + 1) if i not in unsteady]
    # Later seeds drawn to look for rules not yet met (800-807, 900-907, 1000-1007).
    later = list(range(800, 808)) + list(range(900, 908)) + list(range(1000, 1008))
    scenario_files.write(HERE, "fa_", [one(i) for i in seeds + later] + targeted() + pins)

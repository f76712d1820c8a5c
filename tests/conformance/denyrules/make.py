#!/usr/bin/env python3
"""Writes the denyrules scenarios: how Read deny rules (settings files and the
disallowed_tools option) shape Grep's and Glob's results, and what a Read/Grep/Glob call naming
a denied path gets. Each scenario makes its calls one per turn (results never race) and ends
with a text turn. Run: python3 make.py  (writes dr_*.json next to this file)."""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
TOOLS = ["Read", "Glob", "Grep"]

# Every file holds "hello", so Grep's list shows which ones the rules leave out.
TREE = {
    ".env": "hello=1\n",
    "sub/.env": "hello=2\n",
    "secrets/key.txt": "hello key\n",
    "sub/secrets/key.txt": "hello sub key\n",
    "docs/a.txt": "hello docs\n",
    "docs/private/p.txt": "hello private\n",
    "rel.txt": "hello rel\n",
    "sub/rel.txt": "hello sub rel\n",
    "nest/sub/rel.txt": "hello nest rel\n",
    "top.log": "hello log\n",
}
OUTSIDE = {"out/outside/o.txt": "hello outside\n", "out/outside/keep/k.txt": "hello keep\n",
           "out/other.txt": "hello other\n"}
HOME = {"notes/n.txt": "hello home\n", "notes/deep/d.txt": "hello deep\n"}


def settings(deny):
    return json.dumps({"permissions": {"deny": deny}}, indent=1) + "\n"


def files(deny, ask=None):
    f = dict(TREE)
    if deny is not None:
        f[".claude/settings.json"] = settings(deny)
        if ask:
            perms = {"deny": deny, "ask": ask}
            f[".claude/settings.json"] = json.dumps({"permissions": perms}, indent=1) + "\n"
    return f


def mtimes(f):
    return {p: 1700000000 + 100 * i for i, p in enumerate(sorted(f))
            if not p.endswith("/") and not (isinstance(f[p], dict) and "symlink" in f[p])}


def G(**kw):
    return ("Grep", kw)


def L(**kw):
    return ("Glob", kw)


def R(path):
    return ("Read", {"file_path": path})


# The calls every workspace scenario makes: the whole tree and the sub folder, by Grep and Glob.
BASE = [G(pattern="hello"), G(pattern="hello", path="sub"), L(pattern="**/*"),
        L(pattern="**/*", path="sub")]


def sc(name, desc, calls, deny=None, disallowed=None, mode="bypassPermissions", base=True,
       home=False, outside=False, user_deny=None, local=False, extra=None, ask=None):
    calls = (BASE if base else []) + calls
    responses = [{"content": [{"type": "tool_use", "id": f"toolu_{i:02d}", "name": t, "input": inp}]}
                 for i, (t, inp) in enumerate(calls, 1)]
    responses.append({"content": [{"type": "text", "text": "Done."}]})
    options = {"permission_mode": mode, "tools": TOOLS}
    if deny is not None:
        options["setting_sources"] = ["project"]
    if disallowed:
        options["disallowed_tools"] = disallowed
    f = files(deny, ask)
    f.update(extra or {})
    if local:
        f[".claude/settings.local.json"] = f.pop(".claude/settings.json")
        options["setting_sources"] = ["local"]
    s = {"name": "dr_" + name, "description": desc, "prompt": "Go", "options": options,
         "files": f, "mtimes": mtimes(f), "responses": responses,
         "default": {"content": [{"type": "text", "text": "Done."}]}, "timeout_s": 300}
    if outside:
        s["outside_files"] = dict(OUTSIDE)
    if home:
        s["home_files"] = dict(HOME)
    if user_deny is not None:
        s["home_files"] = dict(s.get("home_files", {}), **{".claude/settings.json": settings(user_deny)})
        s["options"]["setting_sources"] = ["user"]
    with open(os.path.join(HERE, s["name"] + ".json"), "w") as fh:
        json.dump(s, fh, indent=1)
        fh.write("\n")


def direct(path, folder=None):
    """Read and Grep naming the path itself, Glob inside its folder."""
    out = [R(path), G(pattern="hello", path=path)]
    if folder:
        out.append(L(pattern="*", path=folder))
    return out


# ---------------------------------------------------------------- settings rules
sc("none", "No deny rule: the whole tree.", [], deny=[])
sc("star_env", "Read(**/.env): every .env left out.", direct(".env") + direct("sub/.env"),
   deny=["Read(**/.env)"])
sc("bare_env", "Read(.env): a bare name, at any depth?", direct(".env") + direct("sub/.env"),
   deny=["Read(.env)"])
sc("case_upper", "Read(**/.ENV): the rule in upper case.", direct(".env"),
   deny=["Read(**/.ENV)"])
sc("ext_log", "Read(*.log).", direct("top.log"), deny=["Read(*.log)"])
sc("rel_dir_glob", "Read(secrets/**): a relative path with a slash.",
   direct("secrets/key.txt", "secrets") + direct("sub/secrets/key.txt", "sub/secrets"),
   deny=["Read(secrets/**)"])
sc("anchored_dir", "Read(/secrets/**): anchored at the settings file's project.",
   direct("secrets/key.txt", "secrets") + direct("sub/secrets/key.txt", "sub/secrets"),
   deny=["Read(/secrets/**)"])
sc("anchored_file", "Read(/rel.txt): only the top rel.txt.",
   direct("rel.txt") + direct("sub/rel.txt"), deny=["Read(/rel.txt)"])
sc("dot_rel", "Read(./rel.txt).", direct("rel.txt") + direct("sub/rel.txt"),
   deny=["Read(./rel.txt)"])
sc("rel_slash_file", "Read(sub/rel.txt).",
   direct("rel.txt") + direct("sub/rel.txt") + direct("nest/sub/rel.txt"),
   deny=["Read(sub/rel.txt)"])
sc("dir_trailing", "Read(docs/): a folder with a trailing slash.",
   direct("docs/a.txt", "docs") + direct("docs/private/p.txt", "docs/private"),
   deny=["Read(docs/)"])
sc("dir_plain", "Read(docs): a folder without a slash.",
   direct("docs/a.txt", "docs") + direct("docs/private/p.txt", "docs/private"),
   deny=["Read(docs)"])
sc("anchored_subdir", "Read(/docs/private/**).",
   direct("docs/private/p.txt", "docs/private") + [G(pattern="hello", path="docs")],
   deny=["Read(/docs/private/**)"])
sc("abs_ws_file", "Read(//<WS>/rel.txt): absolute path inside the workspace.",
   direct("rel.txt") + direct("<WS>/rel.txt") + direct("sub/rel.txt"),
   deny=["Read(/<WS>/rel.txt)"])
sc("abs_ws_dir", "Read(//<WS>/secrets/**).",
   direct("secrets/key.txt", "secrets") + direct("sub/secrets/key.txt"),
   deny=["Read(/<WS>/secrets/**)"])
sc("abs_outside", "Read(//<ROOT>/out/outside/**) with searches of the outside folder.",
   [G(pattern="hello", path="<ROOT>/out/outside"), L(pattern="**/*", path="<ROOT>/out/outside"),
    R("<ROOT>/out/outside/o.txt"), G(pattern="hello", path="<ROOT>/out/outside/o.txt"),
    G(pattern="hello", path="<ROOT>/out"), L(pattern="**/*", path="<ROOT>/out")],
   deny=["Read(/<ROOT>/out/outside/**)"], outside=True)
sc("abs_outside_file", "Read(//<ROOT>/out/outside/o.txt).",
   [G(pattern="hello", path="<ROOT>/out/outside"), L(pattern="**/*", path="<ROOT>/out/outside"),
    R("<ROOT>/out/outside/o.txt"), G(pattern="hello", path="<ROOT>/out/outside/o.txt")],
   deny=["Read(/<ROOT>/out/outside/o.txt)"], outside=True)
sc("tilde_dir", "Read(~/notes/**) with searches of the scratch home.",
   [G(pattern="hello", path="<HOME>/notes"), L(pattern="**/*", path="<HOME>/notes"),
    R("<HOME>/notes/n.txt"), G(pattern="hello", path="<HOME>/notes/n.txt"),
    L(pattern="*", path="<HOME>/notes/deep"), G(pattern="hello", path="<HOME>")],
   deny=["Read(~/notes/**)"], home=True)
sc("tilde_file", "Read(~/notes/n.txt).",
   [G(pattern="hello", path="<HOME>/notes"), L(pattern="**/*", path="<HOME>/notes"),
    R("<HOME>/notes/n.txt"), G(pattern="hello", path="<HOME>/notes/n.txt")],
   deny=["Read(~/notes/n.txt)"], home=True)
sc("several", "Several rules of different kinds together.",
   direct("secrets/key.txt") + direct("top.log"),
   deny=["Read(**/.env)", "Read(/secrets/**)", "Read(*.log)", "Read(./docs/private/**)"])
sc("default_mode", "Read(/secrets/**) in default mode.",
   direct("secrets/key.txt", "secrets") + direct("sub/secrets/key.txt"),
   deny=["Read(/secrets/**)"], mode="default")
sc("grep_glob_arg", "Read(**/.env) with a Grep glob and a Glob pattern naming .env.",
   [G(pattern="hello", glob="*.env"), G(pattern="hello", glob="**/.env"),
    L(pattern="**/.env"), L(pattern=".env"), G(pattern="hello", output_mode="content"),
    G(pattern="hello", output_mode="count")],
   deny=["Read(**/.env)"], base=False)

sc("bracket", "Read(**/[r]el.txt): a pattern with brackets is not handed to the search.",
   direct("rel.txt") + direct("sub/rel.txt") + [G(pattern="hello", output_mode="count")],
   deny=["Read(**/[r]el.txt)"])
sc("local_anchored", "Read(/secrets/**) in .claude/settings.local.json.",
   direct("secrets/key.txt", "secrets") + direct("sub/secrets/key.txt"),
   deny=["Read(/secrets/**)"], local=True)
sc("other_tools", "Deny rules on Grep, Glob and Edit paths: Grep(**/.env), Glob(/secrets/**), Edit(/docs/**).",
   direct(".env") + direct("secrets/key.txt", "secrets") + direct("docs/a.txt", "docs"),
   deny=["Grep(**/.env)", "Glob(/secrets/**)", "Edit(/docs/**)"])
sc("symlink", "Read(/secrets/**) with a link to secrets/ and one to secrets/key.txt.",
   [G(pattern="hello", path="link_dir"), L(pattern="*", path="link_dir"), R("link_dir/key.txt"),
    R("link_file.txt"), G(pattern="hello", path="link_file.txt")],
   deny=["Read(/secrets/**)"],
   extra={"link_dir": {"symlink": "<WS>/secrets"}, "link_file.txt": {"symlink": "<WS>/secrets/key.txt"}})
sc("ask_rule", "Read(/secrets/**) as an ask rule (default mode, no can_use_tool): searches keep it.",
   direct("secrets/key.txt", "secrets"), deny=[], ask=["Read(/secrets/**)"], mode="default")
sc("tilde_user_anchored", "Read(/secrets/**) in the user's settings (~/.claude/settings.json).",
   direct("secrets/key.txt", "secrets") + [G(pattern="hello", path="<HOME>")],
   user_deny=["Read(/secrets/**)", "Read(/notes/**)"], home=True)

# ---------------------------------------------------------------- the disallowed_tools option
sc("opt_star_env", "disallowed_tools Read(**/.env).", direct(".env") + direct("sub/.env"),
   disallowed=["Read(**/.env)"])
sc("opt_anchored_dir", "disallowed_tools Read(/secrets/**).",
   direct("secrets/key.txt", "secrets") + direct("sub/secrets/key.txt", "sub/secrets"),
   disallowed=["Read(/secrets/**)"])
sc("opt_dot_rel", "disallowed_tools Read(./rel.txt).", direct("rel.txt") + direct("sub/rel.txt"),
   disallowed=["Read(./rel.txt)"])
sc("opt_dir_trailing", "disallowed_tools Read(docs/).",
   direct("docs/a.txt", "docs"), disallowed=["Read(docs/)"])
sc("opt_abs_outside", "disallowed_tools Read(//<ROOT>/out/outside/**).",
   [G(pattern="hello", path="<ROOT>/out/outside"), L(pattern="**/*", path="<ROOT>/out/outside"),
    R("<ROOT>/out/outside/o.txt")],
   disallowed=["Read(/<ROOT>/out/outside/**)"], outside=True, base=False)
sc("opt_tilde", "disallowed_tools Read(~/notes/**).",
   [G(pattern="hello", path="<HOME>/notes"), L(pattern="**/*", path="<HOME>/notes"),
    R("<HOME>/notes/n.txt")],
   disallowed=["Read(~/notes/**)"], home=True, base=False)

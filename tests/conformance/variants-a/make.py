#!/usr/bin/env python3
"""Generates the variants-a scenarios (prefix va_): variants of the shared scenarios
allowed_tools_bash_rule, api_error_*, bash_*, can_use_tool_*, claude_md_*, cost_accounting,
disallowed_tools and edit_*.

Each scenario makes its tool calls one per turn (results never race) and ends with a text turn.
CLAUDE.md scenarios register an InstructionsLoaded logging hook, so what the CLI loads (file,
memory_type, load_reason) is visible in `callbacks` under --profile api (the memory text itself
travels in a <system-reminder>, which the api profile leaves free).

Run: python3 make.py  (writes va_*.json next to this file)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import scenario_files  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SCEN = []
DONE = {"content": [{"type": "text", "text": "Done."}]}

# Left out: reference traces not stable (recorded twice while exploring) -- see README.md.
UNSTABLE = set()


def sc(name, desc, calls=None, responses=None, options=None, files=None, home_files=None,
       outside_files=None, behaviors=None, env=None, timeout_s=None, prompt="Go", default=None,
       compare_ignore=None, record=None):
    if name in UNSTABLE:
        return
    if responses is None:
        responses = []
        for i, c in enumerate(calls or [], 1):
            tool, inp = c
            responses.append({"content": [{"type": "tool_use", "id": f"toolu_{i:02d}",
                                           "name": tool, "input": inp}]})
        responses.append(DONE)
    opts = {"permission_mode": "bypassPermissions"}
    opts.update(options or {})
    s = {"name": "va_" + name, "description": desc, "prompt": prompt, "options": opts,
         "files": files or {}, "responses": responses, "default": default or DONE}
    for k, v in (("home_files", home_files), ("outside_files", outside_files),
                 ("behaviors", behaviors), ("env", env), ("timeout_s", timeout_s),
                 ("compare_ignore", compare_ignore), ("record", record)):
        if v is not None:
            s[k] = v
    SCEN.append(s)


def B(command, **kw):
    d = {"command": command, "description": "run"}
    d.update(kw)
    return ("Bash", d)


def R(path, **kw):
    d = {"file_path": "<WS>/" + path if not path.startswith("<") else path}
    d.update(kw)
    return ("Read", d)


def W(path, content):
    return ("Write", {"file_path": "<WS>/" + path, "content": content})


def E(path, old, new, **kw):
    d = {"file_path": "<WS>/" + path, "old_string": old, "new_string": new}
    d.update(kw)
    return ("Edit", d)


# ============================================================ CLAUDE.md
MDHOOK = {"hooks": {"InstructionsLoaded": [{"matcher": None, "behavior": "log_all"}]}}
BASE_MD = {
    "CLAUDE.md": "# Project rules\nAlways answer in haiku.\n",
    "CLAUDE.local.md": "Local note: the build server is ci-7.\n",
    "sub/CLAUDE.md": "Nested rule: files in sub/ are generated.\n",
    "sub/data.txt": "data\n",
}
HOME_MD = {".claude/CLAUDE.md": "User memory: prefer short answers.\n"}


NESTED = {"sub/CLAUDE.md": "Nested rule: files in sub/ are generated.\n", "sub/data.txt": "data\n"}


def md(name, desc, calls=None, files=None, sources=("project",), home_files=None,
       outside_files=None, extra_opts=None, tools=None, env=None, hook=False):
    """hook=True registers an InstructionsLoaded logging hook. Only for scenarios where nothing
    loads at session start: the reference fires the session-start InstructionsLoaded hooks
    racily (before or after the SDK's hook callbacks are registered: recorded twice, they come
    and go), while the loads caused by tool calls (nested_traversal, conditional rules) are stable."""
    o = {}
    if sources is not None:
        o["setting_sources"] = list(sources)
    if tools:
        o["tools"] = tools
    o.update(extra_opts or {})
    sc("md_" + name, desc, calls=calls or [R("sub/data.txt")], options=o,
       files=files if files is not None else dict(BASE_MD),
       home_files=home_files if home_files is not None else dict(HOME_MD),
       outside_files=outside_files, behaviors=MDHOOK if hook else None,
       prompt="What are the project rules?", env=env)


def nmd(name, desc, calls=None, files=None, **kw):
    """Nested-load scenario: no CLAUDE.md loads at session start, hook on."""
    md(name, desc, calls=calls, files=files if files is not None else dict(NESTED),
       home_files=kw.pop("home_files", {}), hook=True, **kw)


md("sources_user", "setting_sources=['user']: only ~/.claude/CLAUDE.md; nested sub/CLAUDE.md on Read?",
   sources=["user"])
md("sources_local", "setting_sources=['local']: CLAUDE.local.md only?", sources=["local"])
md("sources_project_local", "setting_sources=['project','local'].", sources=["project", "local"])
md("sources_all_explicit", "setting_sources=['user','project','local'] (explicit, vs omitted).",
   sources=["user", "project", "local"])
md("sources_local_user_order", "setting_sources=['local','user'] (order of the list vs load order).",
   sources=["local", "user"])
md("dot_claude_only", ".claude/CLAUDE.md only (no root CLAUDE.md), project source.",
   files={".claude/CLAUDE.md": "Dot-claude rule: use snake_case.\n", "sub/data.txt": "data\n"})
md("dot_claude_and_root", "Both CLAUDE.md and .claude/CLAUDE.md: both loaded, order.",
   files={"CLAUDE.md": "Root rule.\n", ".claude/CLAUDE.md": "Dot-claude rule.\n",
          "sub/data.txt": "data\n"})
md("parent_dir", "CLAUDE.md in the parent of the cwd (scratch root) and in the cwd.",
   files={"CLAUDE.md": "Child rule.\n", "sub/data.txt": "data\n"},
   outside_files={"CLAUDE.md": "Parent rule: from the directory above.\n",
                  ".claude/CLAUDE.md": "Parent dot-claude rule.\n"})
md("parent_local", "CLAUDE.local.md in the parent dir, sources project+local.",
   files={"CLAUDE.md": "Child rule.\n", "sub/data.txt": "data\n"},
   outside_files={"CLAUDE.local.md": "Parent local rule.\n"}, sources=["project", "local"])
md("import_missing", "@import of a missing file, next to an existing one.",
   files={"CLAUDE.md": "Rules.\nSee @nope.md and @docs/ok.md.\n", "docs/ok.md": "OK import.\n",
          "sub/data.txt": "data\n"})
md("import_chain_depth", "Chain of @imports a->b->c->d->e->f->g (depth limit).",
   files={"CLAUDE.md": "Root @i/a.md\n", "i/a.md": "A @b.md\n", "i/b.md": "B @c.md\n",
          "i/c.md": "C @d.md\n", "i/d.md": "D @e.md\n", "i/e.md": "E @f.md\n",
          "i/f.md": "F @g.md\n", "i/g.md": "G end\n", "sub/data.txt": "data\n"})
md("import_code_block", "@imports inside a fenced code block and inline code are not imported.",
   files={"CLAUDE.md": "Rules.\n```\n@docs/fenced.md\n```\nInline `@docs/inline.md` here.\nReal @docs/real.md\n",
          "docs/fenced.md": "FENCED\n", "docs/inline.md": "INLINE\n", "docs/real.md": "REAL\n",
          "sub/data.txt": "data\n"})
md("import_home", "@~/notes.md import from the home directory, project source only.",
   files={"CLAUDE.md": "Rules @~/notes.md\n", "sub/data.txt": "data\n"},
   home_files={"notes.md": "Home notes imported.\n", ".claude/CLAUDE.md": "User memory.\n"})
md("import_absolute", "@<absolute path> import of a file inside the workspace and one outside.",
   files={"CLAUDE.md": "Rules @<WS>/abs/in.md and @<ROOT>/out.md\n", "abs/in.md": "ABS IN\n",
          "sub/data.txt": "data\n"},
   outside_files={"out.md": "ABS OUT\n"})
md("import_circular", "Circular @imports a.md <-> b.md, and CLAUDE.md importing itself.",
   files={"CLAUDE.md": "Root @a.md @CLAUDE.md\n", "a.md": "A @b.md\n", "b.md": "B @a.md\n",
          "sub/data.txt": "data\n"})
md("import_non_text", "@imports of a .png, a .json, a .sh, a file without extension.",
   files={"CLAUDE.md": "Rules @logo.png @conf.json @run.sh @NOTES\n",
          "logo.png": {"base64": "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="},
          "conf.json": "{\"a\": 1}\n", "run.sh": "echo hi\n", "NOTES": "plain notes\n",
          "sub/data.txt": "data\n"})
md("import_parent_rel", "@../up.md (relative, leaves the workspace) and @./docs/x.md.",
   files={"CLAUDE.md": "Rules @../up.md @./docs/x.md\n", "docs/x.md": "DOT X\n",
          "sub/data.txt": "data\n"},
   outside_files={"up.md": "UP\n"})
md("import_punct", "Imports followed by punctuation, in parentheses, an e-mail address, @ alone.",
   files={"CLAUDE.md": "See @docs/a.md. Also (@docs/b.md), mail me@docs.md, and @ alone, #@docs/c.md\n",
          "docs/a.md": "A\n", "docs/b.md": "B\n", "docs/c.md": "C\n", "docs.md": "EMAIL\n",
          "sub/data.txt": "data\n"})
md("import_dir", "@docs (a directory) import.",
   files={"CLAUDE.md": "Rules @docs\n", "docs/a.md": "A\n", "sub/data.txt": "data\n"})
md("html_comment", "CLAUDE.md with HTML comments (block and inline) and an @import inside a comment.",
   files={"CLAUDE.md": "Visible 1.\n<!-- hidden block\nstill hidden @docs/h.md -->\nVisible 2 <!-- inline --> end.\n",
          "docs/h.md": "HIDDEN IMPORT\n", "sub/data.txt": "data\n"})
md("frontmatter", "CLAUDE.md starting with YAML frontmatter.",
   files={"CLAUDE.md": "---\ntitle: rules\npaths: ['**/*.py']\n---\nBody rule.\n", "sub/data.txt": "data\n"})
md("empty", "Empty CLAUDE.md, whitespace-only .claude/CLAUDE.md, CLAUDE.local.md with text.",
   files={"CLAUDE.md": "", ".claude/CLAUDE.md": "  \n\n", "CLAUDE.local.md": "Local.\n",
          "sub/data.txt": "data\n"}, sources=["project", "local"])
md("rules_dir", ".claude/rules/*.md (incl. a subfolder) without frontmatter.",
   files={"CLAUDE.md": "Root.\n", ".claude/rules/b.md": "Rule B.\n", ".claude/rules/a.md": "Rule A.\n",
          ".claude/rules/sub/c.md": "Rule C.\n", ".claude/rules/notes.txt": "not md\n",
          "sub/data.txt": "data\n"})
nmd("rules_paths", ".claude/rules with paths frontmatter: attached when Read touches a matching file.",
   calls=[R("sub/data.txt"), R("src/app.py")],
   files={".claude/rules/py.md": "---\npaths:\n  - \"src/**/*.py\"\n---\nPython rule.\n",
          ".claude/rules/md.md": "---\npaths: docs/*.md\n---\nDocs rule (not matched).\n",
          "src/app.py": "print(1)\n", "sub/data.txt": "data\n"})
md("user_rules", "~/.claude/rules/*.md with sources ['user'].", sources=["user"],
   home_files={".claude/CLAUDE.md": "User memory.\n", ".claude/rules/u.md": "User rule.\n"})
nmd("nested_write", "Write of a new file in sub/ (and in a new dir newdir/ holding no CLAUDE.md).",
   calls=[W("sub/new.txt", "n\n"), W("newdir/x.txt", "x\n")])
nmd("nested_edit", "Edit (without Read) of a file in sub/.", calls=[E("sub/data.txt", "data", "DATA")])
nmd("nested_glob_grep", "Glob and Grep with path sub/ (nested CLAUDE.md attached?).",
   calls=[("Glob", {"pattern": "*.txt", "path": "<WS>/sub"}), ("Grep", {"pattern": "data", "path": "<WS>/sub"})],
   tools=["Read", "Glob", "Grep", "Bash"])
nmd("nested_deep", "Read of sub/a/b/f.txt with CLAUDE.md in sub/ and sub/a/b/ (and .claude/CLAUDE.md in sub/a).",
   calls=[R("sub/a/b/f.txt")],
   files={"sub/CLAUDE.md": "Sub.\n", "sub/a/.claude/CLAUDE.md": "Sub A dot.\n",
          "sub/a/b/CLAUDE.md": "Sub A B.\n", "sub/a/b/f.txt": "f\n"})
nmd("nested_twice", "Two Reads in sub/ (nested CLAUDE.md attached once?), then a Read of sub/CLAUDE.md itself.",
   calls=[R("sub/data.txt"), R("sub/other.txt"), R("sub/CLAUDE.md")],
   files=dict(NESTED, **{"sub/other.txt": "other\n"}))
nmd("nested_local", "sub/CLAUDE.local.md and sub/CLAUDE.md with sources project+local.",
   files=dict(NESTED, **{"sub/CLAUDE.local.md": "Nested local.\n"}), sources=["project", "local"])
nmd("nested_local_project_only", "sub/CLAUDE.local.md with sources project only.",
   files=dict(NESTED, **{"sub/CLAUDE.local.md": "Nested local.\n"}))
nmd("nested_bash", "cat sub/data.txt through Bash (nested CLAUDE.md not attached?).",
   calls=[B("cat sub/data.txt")])
nmd("nested_import", "sub/CLAUDE.md with an @import, attached on Read.",
   files=dict(NESTED, **{"sub/CLAUDE.md": "Nested @notes.md\n", "sub/notes.md": "Nested import.\n"}))
md("nested_sources_empty_rules", "setting_sources=[] but CLAUDE.md, sub/CLAUDE.md and .claude/rules exist: nothing loads.",
   sources=[], files=dict(BASE_MD, **{".claude/rules/a.md": "Rule A.\n"}), hook=True)
nmd("nested_sources_user", "setting_sources=['user'] + Read in sub/: sub/CLAUDE.md not attached?", sources=["user"])
nmd("nested_sources_local", "setting_sources=['local'] + Read in sub/ with sub/CLAUDE.md and sub/CLAUDE.local.md.",
    sources=["local"], files=dict(NESTED, **{"sub/CLAUDE.local.md": "Nested local.\n"}))
nmd("nested_rules_in_sub", "sub/.claude/rules/r.md (no frontmatter) and sub/.claude/CLAUDE.md on a Read in sub/.",
    files=dict(NESTED, **{"sub/.claude/rules/r.md": "Sub rule file.\n", "sub/.claude/CLAUDE.md": "Sub dot.\n"}))
nmd("nested_outside_cwd", "Read of <ROOT>/other/f.txt with <ROOT>/other/CLAUDE.md (outside the cwd).",
    calls=[R("<ROOT>/other/f.txt")], outside_files={"other/CLAUDE.md": "Other dir rule.\n", "other/f.txt": "f\n"})
nmd("nested_grep_file", "Grep with path = sub/data.txt (a file), then Read of sub/data.txt.",
    calls=[("Grep", {"pattern": "data", "path": "<WS>/sub/data.txt"}), R("sub/data.txt")], tools=["Read", "Grep"])
nmd("nested_read_missing", "Read of a missing file in sub/ (error), then a Read that succeeds.",
    calls=[R("sub/missing.txt"), R("sub/data.txt")])
md("crlf", "CLAUDE.md with CRLF line endings and an import.",
   files={"CLAUDE.md": "Line one.\r\nSee @docs/s.md\r\n", "docs/s.md": "S\r\n", "sub/data.txt": "data\n"})
md("large", "A 45 000-character CLAUDE.md.",
   files={"CLAUDE.md": "".join("Rule line %05d: keep it tidy.\n" % i for i in range(1500)),
          "sub/data.txt": "data\n"})
md("local_import", "CLAUDE.local.md with an @import, sources ['local'].", sources=["local"],
   files={"CLAUDE.local.md": "Local @docs/l.md\n", "docs/l.md": "Local import.\n", "sub/data.txt": "data\n"})
nmd("add_dirs", "add_dirs=[<ROOT>/extra] with a CLAUDE.md there; Read of a file in it.",
   calls=[R("<ROOT>/extra/e.txt")], files={"sub/data.txt": "data\n"},
   outside_files={"extra/CLAUDE.md": "Extra dir rule.\n", "extra/e.txt": "e\n"},
   extra_opts={"add_dirs": ["<ROOT>/extra"]})

# ============================================================ can_use_tool
cb = lambda **kw: {"can_use_tool": kw}
sc("cb_deny_interrupt_bash", "default mode, can_use_tool deny_interrupt on Bash touch.",
   calls=[B("touch a.txt"), B("echo after")], options={"permission_mode": "default"},
   behaviors=cb(behavior="deny_interrupt", message="Stop everything"))
sc("cb_deny_all_write_edit", "default mode, deny_all: Write new file, Edit existing.",
   calls=[W("w.txt", "w\n"), R("e.txt"), E("e.txt", "e", "E")], files={"e.txt": "e\n"},
   options={"permission_mode": "default"}, behaviors=cb(behavior="deny_all", message="No writes"))
sc("cb_deny_empty_message", "deny_bash with an empty message.",
   calls=[B("touch a.txt")], options={"permission_mode": "default"},
   behaviors=cb(behavior="deny_bash", message=""))
sc("cb_deny_multiline_message", "deny_bash with a multi-line, unicode message.",
   calls=[B("touch a.txt")], options={"permission_mode": "default"},
   behaviors=cb(behavior="deny_bash", message="Line one\nLine two — ünïcode ✓"))
sc("cb_rewrite_write_path", "rewrite Write: file_path changed to another file.",
   calls=[W("asked.txt", "asked\n")], options={"permission_mode": "default"},
   behaviors=cb(behavior="rewrite_input", tool="Write", set={"file_path": "<WS>/rewritten.txt", "content": "rw\n"}))
sc("cb_rewrite_edit", "rewrite Edit: new_string changed, replace_all added.",
   calls=[R("e.txt"), E("e.txt", "x", "y")], files={"e.txt": "x x\n"},
   options={"permission_mode": "default"},
   behaviors=cb(behavior="rewrite_input", tool="Edit", set={"new_string": "z", "replace_all": True}))
sc("cb_rewrite_invalid", "rewrite Bash: command set to a number (invalid input after approval).",
   calls=[B("touch a.txt")], options={"permission_mode": "default"},
   behaviors=cb(behavior="rewrite_input", tool="Bash", set={"command": 42}))
sc("cb_rewrite_extra_key", "rewrite Bash: an unknown extra key added to the input.",
   calls=[B("touch a.txt")], options={"permission_mode": "default"},
   behaviors=cb(behavior="rewrite_input", tool="Bash", set={"bogus": 1}))
sc("cb_rewrite_read_outside", "rewrite Read of an outside file to another outside file.",
   calls=[R("<ROOT>/out/a.txt")], options={"permission_mode": "default"},
   outside_files={"out/a.txt": "A\n", "out/b.txt": "B\n"},
   behaviors=cb(behavior="rewrite_input", tool="Read", set={"file_path": "<ROOT>/out/b.txt"}))
sc("cb_rewrite_to_dangerous", "rewrite Bash touch into a rm -rf of a directory (callback is trusted).",
   calls=[B("touch a.txt")], options={"permission_mode": "default"}, files={"d/x.txt": "x\n"},
   behaviors=cb(behavior="rewrite_input", tool="Bash", set={"command": "rm -rf d"}))
sc("cb_acceptEdits_bash", "acceptEdits + deny_bash: touch/mkdir in the ws and an outside write.",
   calls=[B("touch a.txt"), B("mkdir m"), B("touch ../outside.txt")],
   options={"permission_mode": "acceptEdits"}, behaviors=cb(behavior="deny_bash", message="no"),
   record={"outside_files": True})
sc("cb_plan_mode_write", "plan mode + allow_all: Write and Bash touch.",
   calls=[W("p.txt", "p\n"), B("touch q.txt")], options={"permission_mode": "plan"},
   behaviors=cb(behavior="allow_all"))
sc("cb_with_allowed_rule", "allowed_tools=['Bash(touch *)'] + deny_bash: the rule wins, callback skipped?",
   calls=[B("touch a.txt"), B("mkdir m")],
   options={"permission_mode": "default", "allowed_tools": ["Bash(touch *)"]},
   behaviors=cb(behavior="deny_bash", message="cb denied"))
sc("cb_with_disallowed_rule", "disallowed_tools=['Write'] + allow_all: Write never reaches the callback.",
   calls=[W("w.txt", "w\n"), B("touch a.txt")],
   options={"permission_mode": "default", "disallowed_tools": ["Write"]},
   behaviors=cb(behavior="allow_all"))

# -- round 2: pin the rules found in round 1
sc("cb_rewrite_write_content_only", "rewrite Write: only content changed.",
   calls=[W("a.txt", "asked\n")], options={"permission_mode": "default"},
   behaviors=cb(behavior="rewrite_input", tool="Write", set={"content": "changed\n"}))
sc("cb_rewrite_write_path_only", "rewrite Write: only file_path changed.",
   calls=[W("a.txt", "asked\n")], options={"permission_mode": "default"},
   behaviors=cb(behavior="rewrite_input", tool="Write", set={"file_path": "<WS>/b.txt"}))
sc("cb_rewrite_write_identical", "rewrite Write with the same values (updated_input == input).",
   calls=[W("a.txt", "asked\n")], options={"permission_mode": "default"},
   behaviors=cb(behavior="rewrite_input", tool="Write", set={"content": "asked\n"}))
sc("cb_rewrite_edit_unique", "rewrite Edit of a unique match: new_string changed.",
   calls=[R("e.txt"), E("e.txt", "alpha", "beta")], files={"e.txt": "alpha\n"},
   options={"permission_mode": "default"},
   behaviors=cb(behavior="rewrite_input", tool="Edit", set={"new_string": "gamma"}))
sc("cb_rewrite_edit_add_replace_all", "rewrite Edit with 2 matches + replace_all false -> true (validated before or after?).",
   calls=[R("e.txt"), E("e.txt", "x", "y", replace_all=False)], files={"e.txt": "x x\n"},
   options={"permission_mode": "default"},
   behaviors=cb(behavior="rewrite_input", tool="Edit", set={"replace_all": True}))
sc("cb_edit_invalid_before_permission", "default mode + log_all: Edit not found, Edit of a missing file, Edit old==new: callback called?",
   calls=[R("e.txt"), E("e.txt", "zzz", "y"), E("missing.txt", "a", "b"), E("e.txt", "alpha", "alpha"),
          E("e.txt", "alpha", "beta")],
   files={"e.txt": "alpha\n"}, options={"permission_mode": "default"}, behaviors=cb(behavior="log_all"))
sc("cb_suggest_cmds_1", "default mode + log_all: permission suggestions for mkdir/touch/cp/mv/rm/chmod/ln.",
   calls=[B("mkdir a"), B("mkdir -p x/y"), B("touch t.txt"), B("cp r.txt c.txt"), B("mv c.txt d.txt"),
          B("rm d.txt"), B("chmod +x r.txt"), B("ln -s r.txt l.txt")],
   files={"r.txt": "r\n"}, options={"permission_mode": "default"}, behaviors=cb(behavior="log_all"))
sc("cb_suggest_cmds_2", "default mode + log_all: suggestions for sed -i, python3 -c, redirect, tee, git init, mkdir with 2 args, touch with 2 args.",
   calls=[B("sed -i s/r/R/ r.txt"), B("python3 -c 'print(1)'"), B("echo x > f2.txt"), B("tee f3.txt < r.txt"),
          B("git init -q"), B("mkdir m1 m2"), B("touch u1 u2")],
   files={"r.txt": "r\n"}, options={"permission_mode": "default"}, behaviors=cb(behavior="log_all"))
sc("cb_suggest_cmds_3", "default mode + log_all: which second words make a 'cmd word *' prefix suggestion.",
   calls=[B("mkdir abc-def"), B("mkdir abc_d"), B("mkdir ABC"), B("mkdir 123"), B("touch .hidden"),
          B("mkdir 'q r'"), B("touch x1"), B("make all"), B("mkdir a/b"), B("touch t.txt t2.txt")],
   options={"permission_mode": "default"}, behaviors=cb(behavior="log_all"))
sc("bash_rm_dot", "bypassPermissions: rm -rf . in the workspace.", calls=[B("rm -rf ."), B("ls")], files={"k.txt": "k\n"})
sc("bash_rm_ws_abs", "bypassPermissions: rm -rf <WS> (absolute).", calls=[B("rm -rf <WS>"), B("ls")], files={"k.txt": "k\n"})
sc("bash_rm_subdir", "bypassPermissions: rm -rf sub (not the cwd) from the workspace; rm -f file.",
   calls=[B("rm -rf sub"), B("rm -f k.txt"), B("ls")], files={"k.txt": "k\n", "sub/s.txt": "s\n", "keep.txt": "x\n"})
sc("bash_rm_ancestor_from_sub", "cd sub/a, then rm -rf .. (= sub, an ancestor of the shell cwd but not of the workspace).",
   calls=[B("cd sub/a && pwd"), B("rm -rf .."), B("pwd")], files={"sub/a/f.txt": "f\n", "sub/g.txt": "g\n"})
sc("bash_timeout_round_1200", "timeout 1200ms: how the seconds are written (1s / 1.2s / 2s).",
   calls=[B("echo started; sleep 6", timeout=1200)], timeout_s=60)
sc("bash_timeout_round_2500", "timeout 2500ms: how the seconds are written.",
   calls=[B("echo started; sleep 8", timeout=2500)], timeout_s=60)

# ============================================================ allowed / disallowed rules
RULE_CALLS = [B("echo hi"), B("touch made.txt"), B("echo hi && touch x"), B("echo hi > out.txt"),
              B("ls"), W("w.txt", "w"), R("r.txt")]


def rule(name, desc, allowed=None, disallowed=None, mode="default", calls=None, files=None, tools=None):
    o = {"permission_mode": mode}
    if tools is not None:
        o["tools"] = tools
    if allowed is not None:
        o["allowed_tools"] = allowed
    if disallowed is not None:
        o["disallowed_tools"] = disallowed
    sc("rule_" + name, desc, calls=calls or RULE_CALLS, options=o, files=files or {"r.txt": "r\n"},
       prompt="Rules")


rule("bash_colon_star", "allowed ['Read','Bash(echo:*)'] (legacy prefix form).", allowed=["Read", "Bash(echo:*)"])
rule("bash_plain", "allowed ['Bash'] in default mode: every command incl. compound/redirect.", allowed=["Bash"])
rule("bash_star_only", "allowed ['Bash(*)'].", allowed=["Bash(*)"])
rule("bash_exact_touch", "allowed ['Bash(touch made.txt)'] (exact).", allowed=["Bash(touch made.txt)"])
rule("write_allowed", "allowed ['Write'] default mode: Write runs; Edit too?",
     allowed=["Write"], calls=[W("w.txt", "w\n"), R("r.txt"), E("r.txt", "r", "R")])
rule("edit_allowed_write", "allowed ['Edit'] default mode: Write covered by the Edit rule?",
     allowed=["Edit"], calls=[W("w.txt", "w\n"), R("r.txt"), E("r.txt", "r", "R")])
rule("dis_echo_bypass", "disallowed ['Bash(echo *)'] in bypassPermissions: Bash stays, echo denied.",
     disallowed=["Bash(echo *)"], mode="bypassPermissions")
rule("dis_write_edit", "disallowed ['Write','Edit'] in bypassPermissions; model calls them anyway.",
     disallowed=["Write", "Edit"], mode="bypassPermissions",
     calls=[W("w.txt", "w\n"), E("r.txt", "r", "R"), R("r.txt")])
rule("dis_lowercase", "disallowed ['bash'] (wrong case) in bypassPermissions.",
     disallowed=["bash"], mode="bypassPermissions", calls=[B("echo hi")])
rule("dis_unknown", "disallowed ['NoSuchTool', 'mcp__x__y'] in bypassPermissions.",
     disallowed=["NoSuchTool", "mcp__x__y"], mode="bypassPermissions", calls=[B("echo hi")])
rule("allow_and_dis_same", "allowed ['Bash'] and disallowed ['Bash'] at once (default mode).",
     allowed=["Bash"], disallowed=["Bash"], calls=[B("echo hi"), B("touch t")])
rule("dis_read_default", "disallowed ['Read'] default mode: Read called anyway; Bash cat.",
     disallowed=["Read"], calls=[R("r.txt"), B("cat r.txt")])
rule("dis_bash_in_tools", "tools=['Bash','Read'] + disallowed ['Bash'] (bypass).",
     disallowed=["Bash"], mode="bypassPermissions", calls=[B("echo hi"), R("r.txt")], tools=["Bash", "Read"])

# ============================================================ API errors
def err(status, typ, message, headers=None, body=None):
    e = {"status": status, "type": typ, "message": message}
    if headers:
        e["headers"] = headers
    if body:
        e["body"] = body
    return {"error": e}


def api(name, desc, responses, env=None, default=None, timeout_s=90, compare_ignore=None):
    # a final 400 is re-sent with fewer betas by the reference (CLI-specific chain): requests not compared
    if (default or {}).get("error", {}).get("status") == 400:
        compare_ignore = ["requests"]
    sc("err_" + name, desc, responses=responses, env=env, default=default, timeout_s=timeout_s,
       prompt="Go", compare_ignore=compare_ignore)


OK = {"content": [{"type": "text", "text": "Recovered."}]}
api("400_credit", "400 'Your credit balance is too low...' on every attempt.",
    [], default=err(400, "invalid_request_error",
                    "Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits."))
api("400_context_limit", "400 'input length and max_tokens exceed context limit' then success.",
    [err(400, "invalid_request_error",
         "input length and `max_tokens` exceed context limit: 150000 + 128000 > 200000, decrease input length or `max_tokens` and try again"),
     OK])
api("400_tool_use_ids", "400 'tool_use ids were found without tool_result blocks' every attempt.",
    [], default=err(400, "invalid_request_error",
                    "messages.1: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_01. Each `tool_use` block must have a corresponding `tool_result` block in the next message."))
api("400_no_message_body", "400 whose JSON body has an error without a message.",
    [], default=err(400, "invalid_request_error", "", body={"type": "error", "error": {"type": "invalid_request_error"}}))
api("400_request_id_body", "400 with request_id in the body.",
    [], default=err(400, "invalid_request_error", "", body={"type": "error", "error": {
        "type": "invalid_request_error", "message": "bad thing"}, "request_id": "req_011CTest"}))
api("403_oauth_revoked", "403 'OAuth token has been revoked' every attempt (retries 1).",
    [], env={"CLAUDE_CODE_MAX_RETRIES": "1"}, default=err(403, "permission_error", "OAuth token has been revoked. Please obtain a new token."))
for n in ("0", "3"):
    api("403_oauth_revoked_r" + n, "403 'OAuth token has been revoked' every attempt (retries %s): the retries, then two more attempts after a token refresh." % n,
        [], env={"CLAUDE_CODE_MAX_RETRIES": n}, default=err(403, "permission_error", "OAuth token has been revoked. Please obtain a new token."))
api("401_oauth_expired", "401 'OAuth token has expired' every attempt (retries 1).",
    [], env={"CLAUDE_CODE_MAX_RETRIES": "1"}, default=err(401, "authentication_error", "OAuth token has expired. Please obtain a new token or refresh your existing token."))
api("429_no_retry_after_then_ok", "429 without retry-after header, then success.",
    [err(429, "rate_limit_error", "Rate limited"), OK])
api("500_overloaded_type", "HTTP 500 whose body says overloaded_error, retries 1, always.",
    [], env={"CLAUDE_CODE_MAX_RETRIES": "1"},
    default=err(500, "overloaded_error", "Overloaded", headers={"retry-after": "0"}))
api("529_exhausted_retries_1", "529 overloaded every attempt with CLAUDE_CODE_MAX_RETRIES=1.",
    [], env={"CLAUDE_CODE_MAX_RETRIES": "1"},
    default=err(529, "overloaded_error", "Overloaded", headers={"retry-after": "0"}))
sc("err_400_after_tool", "One Bash turn succeeds, then 400 on the next request: partial usage and num_turns.",
   responses=[{"content": [{"type": "tool_use", "id": "toolu_01", "name": "Bash",
                            "input": {"command": "echo 1", "description": "one"}}],
               "usage": {"input_tokens": 500, "output_tokens": 50}},
              err(400, "invalid_request_error", "messages: later failure")],
   default=err(400, "invalid_request_error", "messages: later failure"), timeout_s=90,
   compare_ignore=["requests"])
sc("err_500_after_tool_exhausted", "Bash turn then 500 forever (retries 1): usage and cost of the partial run.",
   responses=[{"content": [{"type": "tool_use", "id": "toolu_01", "name": "Bash",
                            "input": {"command": "echo 1", "description": "one"}}],
               "usage": {"input_tokens": 500, "output_tokens": 50}}],
   default=err(500, "api_error", "Internal server error", headers={"retry-after": "0"}),
   env={"CLAUDE_CODE_MAX_RETRIES": "1"}, timeout_s=90)
sc("err_stream_overloaded_after_tool", "SSE overloaded error event right after a tool_use block, then ok.",
   responses=[{"content": [{"type": "tool_use", "id": "toolu_01", "name": "Bash",
                            "input": {"command": "echo 1", "description": "one"}}],
               "stream_error": {"type": "overloaded_error", "message": "Overloaded"}},
              {"content": [{"type": "text", "text": "After."}]}], timeout_s=90)

api("401_other_message", "401 authentication_error 'Invalid bearer token' every attempt (retries 1).",
    [], env={"CLAUDE_CODE_MAX_RETRIES": "1"}, default=err(401, "authentication_error", "Invalid bearer token"))
api("403_other_message", "403 permission_error 'Request not allowed for this org' every attempt (retries 1).",
    [], env={"CLAUDE_CODE_MAX_RETRIES": "1"}, default=err(403, "permission_error", "Request not allowed for this org"))
api("500_rate_limit_type", "HTTP 500 whose body says rate_limit_error (retries 1): api_retry error category.",
    [], env={"CLAUDE_CODE_MAX_RETRIES": "1"},
    default=err(500, "rate_limit_error", "Rate limited", headers={"retry-after": "0"}))
api("529_api_error_type", "HTTP 529 whose body says api_error (retries 1).",
    [], env={"CLAUDE_CODE_MAX_RETRIES": "1"},
    default=err(529, "api_error", "Internal server error", headers={"retry-after": "0"}))
api("503_overloaded_type_then_ok", "HTTP 503 whose body says overloaded_error, then ok.",
    [err(503, "overloaded_error", "Overloaded", headers={"retry-after": "0"}), OK])
sc("err_529_after_two_tools_exhausted", "Two Bash turns (300/30, 200/20 tokens) then 529 forever (retries 1): usage of the error result.",
   responses=[{"content": [{"type": "tool_use", "id": "toolu_01", "name": "Bash",
                            "input": {"command": "echo 1", "description": "one"}}],
               "usage": {"input_tokens": 300, "output_tokens": 30, "cache_read_input_tokens": 7}},
              {"content": [{"type": "tool_use", "id": "toolu_02", "name": "Bash",
                            "input": {"command": "echo 2", "description": "two"}}],
               "usage": {"input_tokens": 200, "output_tokens": 20, "cache_creation_input_tokens": 5}}],
   default=err(529, "overloaded_error", "Overloaded", headers={"retry-after": "0"}),
   env={"CLAUDE_CODE_MAX_RETRIES": "1"}, timeout_s=90)

# ============================================================ cost
COST_RESP = [
    {"usage": {"input_tokens": 1000, "output_tokens": 0, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0}},
    {"usage": {"input_tokens": 0, "output_tokens": 1000, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0}},
    {"usage": {"input_tokens": 0, "output_tokens": 0, "cache_creation_input_tokens": 1000, "cache_read_input_tokens": 0}},
    {"usage": {"input_tokens": 0, "output_tokens": 0, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 1000}},
]


def cost(name, desc, model=None, usages=None, env=None):
    usages = usages or [u["usage"] for u in COST_RESP]
    resp = []
    for i, u in enumerate(usages, 1):
        if i < len(usages):
            c = [{"type": "tool_use", "id": f"toolu_{i:02d}", "name": "Bash",
                  "input": {"command": f"echo {i}", "description": str(i)}}]
        else:
            c = [{"type": "text", "text": "total"}]
        resp.append({"content": c, "usage": u})
    o = {"model": model} if model else {}
    sc("cost_" + name, desc, responses=resp, options=o, prompt="Cost", env=env)


for m in ["claude-sonnet-4-5", "claude-haiku-4-5", "claude-opus-4-1", "my-custom-model"]:
    cost(m.replace("claude-", "").replace("-", "_"), "cost_accounting's usage with model=%s." % m, model=m)
cost("sonnet_4_5_over_200k", "sonnet-4-5 with a request over 200k input tokens (long-context price?).",
     model="claude-sonnet-4-5",
     usages=[{"input_tokens": 150000, "output_tokens": 100, "cache_creation_input_tokens": 40000, "cache_read_input_tokens": 20000},
             {"input_tokens": 1000, "output_tokens": 100, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0}])
cost("opus_big", "default model, millions of tokens (float rounding).",
     usages=[{"input_tokens": 3333333, "output_tokens": 777777, "cache_creation_input_tokens": 1234567, "cache_read_input_tokens": 7654321},
             {"input_tokens": 1, "output_tokens": 1, "cache_creation_input_tokens": 1, "cache_read_input_tokens": 1}])
cost("server_tool_use", "usage carrying server_tool_use and cache_creation breakdown (extra keys).",
     usages=[{"input_tokens": 100, "output_tokens": 10, "cache_creation_input_tokens": 2000, "cache_read_input_tokens": 0,
              "server_tool_use": {"web_search_requests": 2}, "cache_creation": {"ephemeral_5m_input_tokens": 1000, "ephemeral_1h_input_tokens": 1000}, "service_tier": "standard"},
             {"input_tokens": 10, "output_tokens": 10, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 2000}])

SUMMARY = {"content": [{"type": "text", "text": "<analysis>\nA.\n</analysis>\n\n<summary>\nS.\n</summary>"}],
           "match": "Your task is to create a detailed summary of the conversation so far"}


def over(name, desc, usage):
    sc("cost_" + name, desc, prompt="Cost",
       responses=[{"content": [{"type": "tool_use", "id": "toolu_01", "name": "Bash",
                                "input": {"command": "echo 1", "description": "1"}}], "usage": usage},
                  SUMMARY, {"content": [{"type": "text", "text": "After."}]}])


over("first_over_window_input", "First response reports 1,000,001 input tokens (over the 1M window, one round).",
     {"input_tokens": 1000001, "output_tokens": 10})
over("first_over_window_cache", "First response reports 2,000,000 cache_read tokens (one round).",
     {"input_tokens": 10, "output_tokens": 10, "cache_read_input_tokens": 2000000})
over("first_just_under_window", "First response reports 990,000 input tokens (over the threshold, under the window).",
     {"input_tokens": 990000, "output_tokens": 10})

# ============================================================ bash
sc("bash_exit_codes", "exit 1, exit 2 stderr only, exit 127 (command not found), exit 255, kill -9 $$-free 130.",
   calls=[B("exit 1"), B("echo e >&2; exit 2"), B("nosuchcommand_xyz 2>/dev/null"), B("exit 255"), B("echo x; exit 130")])
sc("bash_blank_lines", "Leading/trailing blank lines, only newlines, trailing spaces, tabs.",
   calls=[B("printf '\\n\\nA\\n\\n\\n'"), B("printf '\\n\\n\\n'"), B("printf 'x  \\n\\ty\\t\\n'"),
          B("printf 'no newline'")])
sc("bash_cwd_removed", "cd into sub, then the directory is removed; next call's cwd.",
   calls=[B("cd sub && pwd"), B("rm -rf ../sub && pwd"), B("pwd; ls")], files={"sub/k.txt": "k\n"})
sc("bash_cwd_subshell", "cd inside a subshell and inside bash -c does not persist; pushd does.",
   calls=[B("(cd sub && pwd)"), B("pwd"), B("bash -c 'cd sub'"), B("pwd"), B("pushd sub >/dev/null; pwd"), B("pwd")],
   files={"sub/k.txt": "k\n"})
sc("bash_env_persist", "export, alias and function definitions across calls.",
   calls=[B("export FOO=bar; alias ll='echo aliased'; f() { echo func; }"), B("echo foo=$FOO; type f >/dev/null 2>&1 && echo has-f || echo no-f; ll 2>/dev/null || echo no-ll")])
sc("bash_stdout_stderr_order", "stderr then stdout interleaved; large stderr; ANSI color codes.",
   calls=[B("echo e1 >&2; echo o1; echo e2 >&2; echo o2"), B("for i in $(seq 1 50); do echo err$i >&2; done"),
          B("printf '\\033[31mred\\033[0m\\n'")])
sc("bash_timeout_stderr", "timeout 1500ms on a command that wrote stderr and stdout before sleeping.",
   calls=[B("echo out; echo err >&2; sleep 6; echo never", timeout=1500)], timeout_s=60)
sc("bash_nonzero_in_pipeline", "Exit status of pipelines and && chains.",
   calls=[B("false | true"), B("true | false"), B("set -o pipefail; false | true"), B("false && echo no"), B("false || echo yes")])

# ============================================================ edit
sc("edit_replace_all_no_match", "replace_all with no match; replace_all where old == new.",
   calls=[R("f.txt"), E("f.txt", "zzz", "y", replace_all=True), E("f.txt", "a", "a", replace_all=True)],
   files={"f.txt": "a a a\n"})
sc("edit_overlapping", "replace_all 'aa' in 'aaaa a' (overlapping); 'aa' without replace_all (2 matches).",
   calls=[R("f.txt"), E("f.txt", "aa", "b"), E("f.txt", "aa", "b", replace_all=True)],
   files={"f.txt": "aaaaa a\n"})
sc("edit_three_matches_msg", "Edit with 3 matches without replace_all: the error names the count.",
   calls=[R("f.txt"), E("f.txt", "x = 1", "x = 2")], files={"f.txt": "x = 1\nx = 1\nx = 1\n"})
sc("edit_empty_old_existing_nonempty", "Empty old_string on an existing non-empty file (read first).",
   calls=[R("f.txt"), E("f.txt", "", "prefix\n")], files={"f.txt": "body\n"})
sc("edit_empty_old_new_empty", "Empty old_string and empty new_string on a missing file.",
   calls=[E("n.txt", "", "")])
sc("edit_after_write_new", "Write a new file, then Edit it without Read.",
   calls=[W("n.txt", "one\ntwo\n"), E("n.txt", "two", "2")])
sc("edit_delete_line", "Edit new_string '' removing a whole line incl. newline; then the last line.",
   calls=[R("f.txt"), E("f.txt", "b\n", ""), E("f.txt", "c\n", "")], files={"f.txt": "a\nb\nc\n"})
sc("edit_not_found_whitespace", "old_string differing only in leading whitespace / trailing newline.",
   calls=[R("f.py"), E("f.py", "return 1", "return 2"), E("f.py", "  return 1\n\n", "x")],
   files={"f.py": "def f():\n    return 1\n"})
sc("edit_relative_path", "Edit with a relative file_path and a path with ./",
   calls=[R("f.txt"), ("Edit", {"file_path": "f.txt", "old_string": "a", "new_string": "b"}),
          ("Edit", {"file_path": "<WS>/./f.txt", "old_string": "a", "new_string": "b"})],
   files={"f.txt": "a\n"})


def main():
    scenario_files.write(HERE, "va_", SCEN)


if __name__ == "__main__":
    main()

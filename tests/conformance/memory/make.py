#!/usr/bin/env python3
"""Generates the memory scenarios (prefix mem_): which instruction files (CLAUDE.md,
.claude/CLAUDE.md, .claude/rules/*.md, CLAUDE.local.md, their @imports) the session loads, at
the start and when a tool call reaches into a directory, and what the model is told.

Scenarios that load nothing at session start register an InstructionsLoaded logging hook (the
reference fires the session-start hooks racily; loads a tool call causes are stable). The
others are compared by the memory text: `memtext.py golden OUT mem_` (the CI subset runs it).

Run: python3 make.py  (writes mem_*.json next to this file)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import scenario_files  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SCEN = []
DONE = {"content": [{"type": "text", "text": "Done."}]}
HOOK = {"hooks": {"InstructionsLoaded": [{"matcher": None, "behavior": "log_all"}]}}


def sc(name, desc, calls, files, sources=("project",), hook=False, home_files=None,
       outside_files=None, options=None):
    responses = []
    for i, (tool, inp) in enumerate(calls, 1):
        responses.append({"content": [{"type": "tool_use", "id": f"toolu_{i:02d}",
                                       "name": tool, "input": inp}]})
    responses.append(DONE)
    opts = {"permission_mode": "bypassPermissions"}
    if sources is not None:
        opts["setting_sources"] = list(sources)
    opts.update(options or {})
    s = {"name": "mem_" + name, "description": desc, "prompt": "What are the project rules?",
         "options": opts, "files": files, "responses": responses, "default": DONE,
         "home_files": home_files or {}}
    if outside_files:
        s["outside_files"] = outside_files
    if hook:
        s["behaviors"] = HOOK
    SCEN.append(s)


def B(command):
    return ("Bash", {"command": command, "description": "run"})


def R(path):
    return ("Read", {"file_path": path if path.startswith("<") else "<WS>/" + path})


def W(path, content):
    return ("Write", {"file_path": "<WS>/" + path, "content": content})


def E(path, old, new):
    return ("Edit", {"file_path": "<WS>/" + path, "old_string": old, "new_string": new})


def dirs(*names):
    """A CLAUDE.md and a data file in each directory."""
    out = {}
    for n in names:
        out[f"{n}/CLAUDE.md"] = f"Rule of {n}.\n"
        out[f"{n}/x.txt"] = f"{n} data\n"
    return out


# ------------------------------------------------------------------ what brings files in
sc("bash_read_commands", "Bash commands that read a file in a directory with a CLAUDE.md: "
   "which ones bring it in?",
   [B("cat a/x.txt"), B("head -n 1 b/x.txt"), B("tail -n 1 c/x.txt"), B("wc -l d/x.txt"),
    B("grep data e/x.txt"), B("sed -n 1p f/x.txt"), B("less g/x.txt | cat"),
    B("cat <WS>/h/x.txt"), B("cd i && cat x.txt"), B("cat j/x.txt k/x.txt")],
   dirs("a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k"), hook=True)
sc("bash_other_commands", "Bash commands that list, write or name a directory with a CLAUDE.md.",
   [B("ls a"), B("echo hi > b/new.txt"), B("touch c/t.txt"), B("cp d/x.txt d/y.txt"),
    B("cat < e/x.txt"), B("echo f/x.txt"), B("cat ./g/x.txt"), B("cat h/missing.txt; true"),
    B("python3 -c 'open(\"i/x.txt\").read()'")],
   dirs("a", "b", "c", "d", "e", "f", "g", "h", "i"), hook=True)
sc("bash_more_commands", "More readers, operators and several files in one command.",
   [B("cat a/x.txt; true"), B("cat b/x.txt | head -n 1"), B("cat c/x.txt d/x.txt"),
    B("awk 1 e/x.txt"), B("sort f/x.txt"), B("cut -c1 g/x.txt"), B("nl h/x.txt"),
    B("more i/x.txt"), B("diff j/x.txt j/x.txt"), B("stat -c %s k/x.txt"),
    B("grep -r data l"), B("rg data m/x.txt"), B("head -n1 n/x.txt && true"),
    B("tac o/x.txt"), B("sed -i s/x/y/ p/x.txt")],
   dirs(*"abcdefghijklmnop"), hook=True)
sc("bash_read_then_edit", "A file shown by Bash (cat, cat -n, head, sed -n, grep, cat | head), then "
   "edited without a Read: does it count as read?",
   [B("cat a.txt"), E("a.txt", "one", "ONE"), B("cat -n b.txt"), E("b.txt", "one", "ONE"),
    B("head -n 1 c.txt"), E("c.txt", "one", "ONE"), B("sed -n 1,2p d.txt"), E("d.txt", "one", "ONE"),
    B("grep one e.txt"), E("e.txt", "one", "ONE"), B("cat f.txt | head -n 5"), E("f.txt", "one", "ONE"),
    B("tail -n 1 g.txt"), E("g.txt", "two", "TWO")],
   {f"{c}.txt": "one\ntwo\n" for c in "abcdefg"})
sc("read_memory_first", "Read sub/CLAUDE.md itself, then a file beside it: is it attached again?",
   [R("sub/CLAUDE.md"), R("sub/x.txt")], dirs("sub"), hook=True)
sc("edit_nested_unread", "A nested CLAUDE.md attached by a Read, then edited without a Read of it.",
   [R("sub/x.txt"), E("sub/CLAUDE.md", "Rule of sub.", "Changed.")], dirs("sub"), hook=True)
sc("edit_start_memory_unread", "The session-start CLAUDE.md edited without a Read of it.",
   [E("CLAUDE.md", "Root rule.", "Changed.")], {"CLAUDE.md": "Root rule.\n"})
sc("write_new_subdir", "Write into a new directory below one with a CLAUDE.md.",
   [W("sub/new/deep.txt", "x\n")], dirs("sub"), hook=True)
sc("read_directory", "Read of a directory that holds a CLAUDE.md.", [R("sub")], dirs("sub"),
   hook=True)
sc("read_outside_cwd", "Read of a file outside the cwd whose directory has a CLAUDE.md.",
   [R("<ROOT>/out/x.txt")], {}, hook=True,
   outside_files={"out/CLAUDE.md": "Outside rule.\n", "out/x.txt": "x\n"})
sc("two_files_one_turn", "Two Reads in one response, in two directories.",
   [("Read", {"file_path": "<WS>/a/x.txt"})], dirs("a", "b"), hook=True)
SCEN[-1]["responses"][0]["content"].append(
    {"type": "tool_use", "id": "toolu_09", "name": "Read", "input": {"file_path": "<WS>/b/x.txt"}})

# ------------------------------------------------------------------ nested files and sources
sc("nested_all_kinds", "CLAUDE.md, .claude/CLAUDE.md, rules (plain and matching), CLAUDE.local.md "
   "in a subdirectory, with imports; all sources.",
   [R("sub/x.txt")],
   {"sub/CLAUDE.md": "Sub @i1.md\n", "sub/i1.md": "Import one.\n",
    "sub/.claude/CLAUDE.md": "Sub dot @../i2.md\n", "sub/i2.md": "Import two.\n",
    "sub/.claude/rules/plain.md": "Plain rule @../../i3.md\n", "sub/i3.md": "Import three.\n",
    "sub/.claude/rules/txt.md": "---\npaths: \"*.txt\"\n---\nTxt rule.\n",
    "sub/.claude/rules/py.md": "---\npaths: \"*.py\"\n---\nPy rule.\n",
    "sub/CLAUDE.local.md": "Local sub @i4.md\n", "sub/i4.md": "Import four.\n",
    "sub/x.txt": "x\n"},
   sources=("user", "project", "local"), hook=True)
sc("nested_import_outside", "A nested CLAUDE.md importing a file above it (inside the cwd) and "
   "one outside the cwd.",
   [R("sub/x.txt")],
   {"sub/CLAUDE.md": "Sub @../top.md @<ROOT>/out.md @~/h.md\n", "top.md": "Top.\n",
    "sub/x.txt": "x\n"}, hook=True, outside_files={"out.md": "Out.\n"},
   home_files={"h.md": "Home.\n"})
sc("nested_two_levels_later", "Read a/x.txt, then a/b/x.txt: only the new level is attached.",
   [R("a/x.txt"), R("a/b/x.txt")], dirs("a", "a/b"), hook=True)
sc("nested_local_only_source", "setting_sources=['local'] and a nested CLAUDE.local.md with a rule.",
   [R("sub/x.txt")],
   {"sub/CLAUDE.local.md": "Local.\n", "sub/CLAUDE.md": "Project.\n",
    "sub/.claude/rules/r.md": "Rule.\n", "sub/x.txt": "x\n"}, sources=("local",), hook=True)

# ------------------------------------------------------------------ conditional rules
RULES = {
    ".claude/rules/any_py.md": "---\npaths: \"*.py\"\n---\nAny py.\n",
    ".claude/rules/src_py.md": "---\npaths:\n  - \"src/*.py\"\n  - \"lib/**\"\n---\nSrc py or lib.\n",
    ".claude/rules/braces.md": "---\npaths: \"src/{a,b}.js\"\n---\nBraces.\n",
    ".claude/rules/star.md": "---\npaths: \"**\"\n---\nStar star.\n",
    ".claude/rules/comma.md": "---\npaths: \"docs/*.md, notes/*.md\"\n---\nComma list.\n",
    ".claude/rules/dirglob.md": "---\npaths: \"tests/\"\n---\nTests dir.\n",
    "src/a.py": "a\n", "src/deep/b.py": "b\n", "lib/x/y.txt": "y\n", "src/a.js": "j\n",
    "notes/n.md": "n\n", "tests/t.txt": "t\n",
}
sc("rules_paths_forms", "Conditional rules: unanchored, lists, braces, **, comma lists, a directory.",
   [R("src/deep/b.py"), R("lib/x/y.txt"), R("src/a.js"), R("notes/n.md"), R("tests/t.txt"),
    R("src/a.py")], RULES)
sc("rules_paths_hook", "Conditional rules with the hook on (no session-start file).",
   [R("src/deep/b.py"), R("src/a.py"), R("src/deep/b.py")],
   {k: v for k, v in RULES.items() if k != ".claude/rules/star.md"}, hook=True)
sc("rules_paths_write_edit", "A conditional rule brought in by Write, then by Edit.",
   [W("w/new.py", "x\n"), E("e/old.py", "a", "b")],
   {".claude/rules/py.md": "---\npaths: \"**/*.py\"\n---\nPy.\n", "e/old.py": "a\n"}, hook=True)
sc("rules_paths_nested_dir", "A conditional rule in sub/.claude/rules matched relative to sub.",
   [R("sub/src/a.py")],
   {"sub/.claude/rules/p.md": "---\npaths: \"src/*.py\"\n---\nSub src py.\n",
    "sub/src/a.py": "a\n"}, hook=True)
sc("rules_user_paths", "A conditional rule in ~/.claude/rules, user source.",
   [R("src/a.py")], {"src/a.py": "a\n"}, sources=("user",), hook=True,
   home_files={".claude/rules/u.md": "---\npaths: \"src/*.py\"\n---\nUser py.\n"})
sc("rules_paths_bash_cat", "A conditional rule and `cat` in Bash.",
   [B("cat src/a.py")], {".claude/rules/py.md": "---\npaths: \"*.py\"\n---\nPy.\n",
                          "src/a.py": "a\n"}, hook=True)

# ------------------------------------------------------------------ session start
sc("start_order", "Every kind of file at the cwd and its parent, all sources.",
   [R("x.txt")],
   {"CLAUDE.md": "Cwd md.\n", ".claude/CLAUDE.md": "Cwd dot.\n",
    ".claude/rules/r.md": "Cwd rule.\n", "CLAUDE.local.md": "Cwd local.\n", "x.txt": "x\n"},
   sources=("user", "project", "local"),
   home_files={".claude/CLAUDE.md": "User md.\n", ".claude/rules/u.md": "User rule.\n"},
   outside_files={"CLAUDE.md": "Parent md.\n", ".claude/rules/pr.md": "Parent rule.\n",
                  "CLAUDE.local.md": "Parent local.\n"})
sc("start_rule_imports", "A rule with an import; a rule that imports the CLAUDE.md.",
   [R("x.txt")],
   {"CLAUDE.md": "Root.\n", ".claude/rules/a.md": "Rule A @../docs/d.md\n",
    ".claude/rules/b.md": "Rule B @../../CLAUDE.md\n", "docs/d.md": "Doc D.\n", "x.txt": "x\n"})
sc("start_user_imports", "~/.claude/CLAUDE.md importing home and outside files.",
   [R("x.txt")], {"x.txt": "x\n"}, sources=("user",),
   home_files={".claude/CLAUDE.md": "User @~/notes.md @extra.md @<ROOT>/out.md\n",
               "notes.md": "Notes.\n", ".claude/extra.md": "Extra.\n"},
   outside_files={"out.md": "Out.\n"})
sc("frontmatter_forms", "Frontmatter variants: empty, trailing spaces, unterminated, late.",
   [R("x.txt")],
   {"CLAUDE.md": "---\n---\nEmpty fm body.\n", ".claude/rules/a.md": "---  \ntitle: x\n---  \nSpaced.\n",
    ".claude/rules/b.md": "---\ntitle: never closed\nBody b.\n",
    ".claude/rules/c.md": "Intro.\n---\ntitle: late\n---\nAfter.\n", "x.txt": "x\n"})
sc("html_comment_forms", "HTML comments: indented, with text after the close, inside a fence, "
   "inside a list, an unclosed one.",
   [R("x.txt")],
   {"CLAUDE.md": "A.\n   <!-- indented -->\nB.\n<!-- c --> after close\nC.\n```\n<!-- fenced -->\n```\n"
                 "- item <!-- in item -->\n\n<!-- multi\nline -->\n\nD.\n<!-- never closed\nE.\n",
    "x.txt": "x\n"})
sc("import_forms", "Import spellings: ./, escaped space, #anchor, list item, bold, link, "
   "upper-case extension, binary, no extension, a directory, @@.",
   [R("x.txt")],
   {"CLAUDE.md": "@./a.md\nSee @b\\ c.md and @d.md#part\n- @e.md\n**@f.md**\n[l](@g.md)\n"
                 "@H.MD @i.png @noext @dir @@j.md\n",
    "a.md": "A.\n", "b c.md": "BC.\n", "d.md": "D.\n", "e.md": "E.\n", "f.md": "F.\n",
    "g.md": "G.\n", "H.MD": "H.\n", "i.png": "PNGTEXT\n", "noext": "No ext.\n",
    "dir/x.md": "in dir\n", "j.md": "J.\n", "x.txt": "x\n"})
sc("import_twice_and_self", "The same file imported twice and by itself; a file the cwd loads anyway.",
   [R("x.txt")],
   {"CLAUDE.md": "Root @a.md @a.md @CLAUDE.md @.claude/CLAUDE.md\n", "a.md": "A @a.md\n",
    ".claude/CLAUDE.md": "Dot.\n", "x.txt": "x\n"})


def main():
    scenario_files.write(HERE, "mem_", SCEN)


if __name__ == "__main__":
    main()

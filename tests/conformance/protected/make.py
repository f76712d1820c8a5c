#!/usr/bin/env python3
"""Generates the protected-path scenarios (prefix pp_): which files acceptEdits does not write
on its own, in every mode; the Glob/Grep "unavailable" wording by how the tool went missing;
tool_use ids used twice. Run: python3 make.py  (writes pp_*.json next to this file)."""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import scenario_files  # noqa: E402
from scenario_files import tu, txt  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SCEN = []
DONE = {"content": [{"type": "text", "text": "Done."}]}
FILES = {"p.txt": "P\n", ".claude/settings.json": "{}\n", ".git/config": "[core]\n",
         ".claude/notes.txt": "N\n"}


def par(*calls, start=1):
    return {"content": [tu(start + i, n, inp) for i, (n, inp) in enumerate(calls)]}


def sc(name, desc, responses, options, prompt="Go", **extra):
    s = {"name": "pp_" + name, "description": desc, "prompt": prompt,
         "options": options, "responses": responses + [DONE], "default": DONE, "files": FILES}
    s.update(extra)
    SCEN.append(s)


W = lambda p, c="x\n": ("Write", {"file_path": "<WS>/" + p, "content": c})
E = lambda p, o, n: ("Edit", {"file_path": "<WS>/" + p, "old_string": o, "new_string": n})
AE = {"permission_mode": "acceptEdits"}

# Which names are protected (acceptEdits, one batch each).
sc("ae_dot_files", "acceptEdits: Write of dot files at the workspace root.",
   [par(W(".gitconfig"), W(".gitmodules"), W(".bashrc"), W(".zshrc"), W(".profile"),
        W(".mcp.json"), W(".claude.json"), W(".ripgreprc"))], AE)
sc("ae_dot_dirs", "acceptEdits: Write under .idea, nested .git/.claude/.vscode, other dot dirs.",
   [par(W(".idea/workspace.xml"), W("sub/.git/HEAD"), W("sub/.claude/settings.json"),
        W("sub/.vscode/x.json"), W(".github/workflows/ci.yml"), W(".gitignore"), W(".env"),
        W("git/config"))], AE)
sc("ae_claude_subdirs", "acceptEdits: Write under .claude/ subfolders and settings variants.",
   [par(W(".claude/settings.local.json"), W(".claude/commands/x.md"), W(".claude/agents/a.md"),
        W(".claude/skills/s/SKILL.md"), W(".claude/worktrees/w/x.txt"), W(".claude/rules/r.md"),
        W(".claude/CLAUDE.md"), W("CLAUDE.local.md"))], AE)
sc("ae_case", "acceptEdits: letter case and odd spellings of protected paths.",
   [par(W(".GIT/config"), W(".Claude/settings.json"), W(".claude/Settings.json"),
        W("src/../.git/x"), W("./.vscode/y.json"), W(".claude/settings.json/"))], AE)
sc("ae_edit", "acceptEdits: Edit of .git/config and .claude/notes.txt.",
   [par(E(".git/config", "[core]", "[core2]"), E(".claude/notes.txt", "N", "M"))], AE)
sc("ae_allow_rule", "acceptEdits + allowed_tools Write/Edit: Write .claude/settings.json, .git/config.",
   [par(W(".claude/settings.json", "{}\n"), W(".git/config", "[x]\n"))],
   {**AE, "allowed_tools": ["Write", "Edit"]})
sc("ae_allow_path_rule", "acceptEdits + allowed_tools Write(.git/**): Write .git/config, .claude/notes.txt.",
   [par(W(".git/config", "[x]\n"), W(".claude/notes.txt", "M\n"))],
   {**AE, "allowed_tools": ["Write(.git/**)", "Write(.claude/**)", "Edit(.git/**)"]})
# Other modes.
for mode in ["default", "dontAsk", "plan"]:
    sc(f"{mode}_no_cb", f"{mode} without can_use_tool: Write .claude/settings.json, .git/config, .claude/notes.txt, p.txt.",
       [par(W(".claude/settings.json", "{}\n"), W(".git/config", "[x]\n"), W(".claude/notes.txt", "M\n"), W("p.txt", "Q\n"))],
       {"permission_mode": mode})
sc("default_cb", "default + can_use_tool log_all: Write .git/config, .claude/notes.txt, .bashrc, p.txt; Edit .claude/settings.json.",
   [par(W(".git/config", "[x]\n"), W(".claude/notes.txt", "M\n"), W(".bashrc", "B\n"), W("p.txt", "Q\n"),
        E(".claude/settings.json", "{}", "{ }"))],
   {"permission_mode": "default"}, behaviors={"can_use_tool": "log_all"})
sc("ae_cb", "acceptEdits + can_use_tool log_all: Write .git/config, .claude/settings.json, .claude/notes.txt.",
   [par(W(".git/config", "[x]\n"), W(".claude/settings.json", "{}\n"), W(".claude/notes.txt", "M\n"))],
   AE, behaviors={"can_use_tool": "log_all"})
sc("ae_hook_allow", "acceptEdits + PreToolUse hook allow: Write .git/config.",
   [par(W(".git/config", "[x]\n"))], AE,
   behaviors={"hooks": {"PreToolUse": [{"matcher": None, "behavior": "allow"}]}})

# Glob / Grep missing: wording by how they went missing.
GG = [par(("Glob", {"pattern": "*.txt"}), ("Grep", {"pattern": "P"}))]
BY = {"permission_mode": "bypassPermissions"}
sc("glob_preset_no_bash", "Preset tools, Bash disallowed: Glob and Grep.", GG, {**BY, "disallowed_tools": ["Bash"]})
sc("glob_listed_disallowed_no_bash", "tools=[Glob, Grep, Read], disallowed Glob: Glob and Grep (Grep runs).", GG,
   {**BY, "tools": ["Glob", "Grep", "Read"], "disallowed_tools": ["Glob"]})
sc("glob_unlisted_disallowed_bash", "tools=[Read, Bash], disallowed Glob/Grep (not listed): Glob and Grep.", GG,
   {**BY, "tools": ["Read", "Bash"], "disallowed_tools": ["Glob", "Grep"]})
sc("glob_unlisted_disallowed_no_bash", "tools=[Read], disallowed Glob (not listed): Glob and Grep.", GG,
   {**BY, "tools": ["Read"], "disallowed_tools": ["Glob"]})
sc("glob_empty_tools", "tools=[]: Glob and Grep.", GG, {**BY, "tools": []})
sc("glob_listed_bash_disallowed", "tools=[Read, Bash], disallowed Bash: Glob and Grep.", GG,
   {**BY, "tools": ["Read", "Bash"], "disallowed_tools": ["Bash"]})

# The same tool_use id in two answers.
sc("dup_ids_across_turns", "toolu_01 in the first answer and again in the second.",
   [{"content": [tu(1, "Bash", {"command": "echo one"})]},
    {"content": [tu(1, "Bash", {"command": "echo two"})]}], BY)
sc("dup_ids_three", "Three tool_use blocks with one id (echo dup, echo  dup, echo   dup) and a fourth id.",
   [{"content": [tu(1, "Bash", {"command": "echo dup"}), tu(1, "Bash", {"command": "echo  dup"}),
                 tu(2, "Bash", {"command": "echo other"}), tu(1, "Bash", {"command": "echo   dup"})]}], BY)

# Commands that write protected paths: a redirection, touch, mkdir, cp, an append.
BASH_WRITES = ["echo x > .claude/rules/r.md", "echo x > .git/foo", "touch .claude/x.md",
               "echo x > .claude/settings.json", "mkdir -p .vscode/d", "echo x >> .bashrc",
               "echo x > sub/.claude/CLAUDE.md", "cp a.txt .claude/b.md",
               "echo x > .claude/commands/c.md"]
for mode, short in (("acceptEdits", "ae"), ("default", "default")):
    sc(f"bash_{short}", f"{mode}: Bash commands writing under .claude, .git, .vscode and to "
       ".bashrc: asked as the file tools ask.",
       [{"content": [tu(i, "Bash", {"command": c, "description": "run"})]}
        for i, c in enumerate(BASH_WRITES, 1)],
       {"permission_mode": mode},
       files={"a.txt": "a\n", ".claude/rules/r.md": "r\n", ".git/HEAD": "ref\n", "sub/x.txt": "x\n"})

if __name__ == "__main__":
    scenario_files.write(HERE, "pp_", SCEN)

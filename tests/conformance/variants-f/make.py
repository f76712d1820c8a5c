#!/usr/bin/env python3
"""Generates the variants-f scenarios (prefix vf_): one-input variations of the tool and
permission families (allow/deny rule spellings, can_use_tool denials and rewrites of other
tools, multi-line and replace_all edits, read windows at the edges, grep and glob argument
mixes, Bash working directory, exits and timeouts, hooks on other tools).
Run: python3 make.py  (writes vf_*.json next to this file)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import scenario_files  # noqa: E402
from scenario_files import tu, txt, seq  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SCEN = []
SIX = ["Bash", "Read", "Write", "Edit", "Glob", "Grep"]


def sc(*args, **kw):
    SCEN.append(scenario_files.scenario("vf_", *args, **kw))


B = lambda cmd, d="run", **kw: ("Bash", {"command": cmd, "description": d, **kw})
R = lambda p, **kw: ("Read", {"file_path": p, **kw})
W = lambda p, c: ("Write", {"file_path": p, "content": c})
E = lambda p, o, n, **kw: ("Edit", {"file_path": p, "old_string": o, "new_string": n, **kw})
G = lambda pat, **kw: ("Glob", {"pattern": pat, **kw})
S = lambda pat, **kw: ("Grep", {"pattern": pat, **kw})
H = lambda m, b, **kw: {"matcher": m, "behavior": b, **kw}
FILES = {"p.txt": "P\n", "src/a.txt": "alpha\n", "src/b.md": "# b\n"}
OUT = {"outside/o.txt": "outside\n"}


def par(*calls, final="Done."):
    """All calls in one response, then a final text."""
    out = [{"content": [tu(i, name, inp) for i, (name, inp) in enumerate(calls, 1)]}]
    if final is not None:
        out.append({"content": [txt(final)]})
    return out


# ============================================================ allow / deny rule spellings
def rule(name, desc, calls, allowed=(), disallowed=(), mode="default", files=FILES, **kw):
    opts = {}
    if allowed:
        opts["allowed_tools"] = list(allowed)
    if disallowed:
        opts["disallowed_tools"] = list(disallowed)
    sc("rule_" + name, desc, seq(*calls), opts, mode=mode, files=files, **kw)


rule("bash_prefix_glued_star", "allowed Bash(echo h*): the star glued to a word (echo hi, echo ho, echo x, echox).",
     [B("echo hi"), B("echo ho there"), B("echo x"), B("echox")], ["Bash(echo h*)"])
rule("bash_two_rules_compound", "allowed Bash(echo:*) and Bash(touch:*): each alone, both chained, mkdir.",
     [B("echo hi"), B("touch a.txt"), B("echo hi && touch b.txt"), B("mkdir d")], ["Bash(echo:*)", "Bash(touch:*)"])
rule("bash_pipe_rules", "allowed Bash(echo *) and Bash(wc *): a pipe of both, a pipe into tee.",
     [B("echo hi | wc -l"), B("echo hi | tee t.txt"), B("wc -c p.txt")], ["Bash(echo *)", "Bash(wc *)"])
rule("bash_script_exact", "allowed Bash(./run.sh): the exact call, with an argument, through bash.",
     [B("./run.sh"), B("./run.sh extra"), B("bash run.sh")], ["Bash(./run.sh)"],
     files={"run.sh": {"text": "#!/bin/sh\necho ran $1\n", "mode": "755"}} | FILES)
rule("write_file_rule", "allowed Write(./out.txt) in default mode: that file, another one, an Edit of it.",
     [W("<WS>/out.txt", "o\n"), W("<WS>/other.txt", "x\n"), E("<WS>/out.txt", "o", "p")], ["Write(./out.txt)"])
rule("edit_dir_rule", "allowed Edit(src/**) in default mode: edits and writes in src/ and beside it.",
     [R("<WS>/src/a.txt"), E("<WS>/src/a.txt", "alpha", "beta"), W("<WS>/src/new.txt", "n\n"),
      E("<WS>/p.txt", "P", "Q")], ["Edit(src/**)"])
rule("dis_echo_allow_bash", "allowed Bash and disallowed Bash(echo:*) in default mode: echo, ls, touch.",
     [B("echo hi"), B("ls"), B("touch t.txt"), B("true && echo x")], ["Bash"], ["Bash(echo:*)"])
rule("dis_touch_acceptEdits", "acceptEdits with disallowed Bash(touch *): touch refused, mkdir and Write run.",
     [B("touch t.txt"), B("mkdir d"), W("<WS>/w.txt", "w\n")], disallowed=["Bash(touch *)"], mode="acceptEdits")
rule("dontAsk_edit_rule_write", "dontAsk with allowed Edit: Edit, Write of a new file, Bash touch.",
     [R("<WS>/p.txt"), E("<WS>/p.txt", "P", "Q"), W("<WS>/n.txt", "n\n"), B("touch t.txt")], ["Edit"], mode="dontAsk")
rule("dontAsk_glob_grep_outside", "dontAsk with allowed Glob and Grep: both with a path outside the workspace.",
     [G("*.txt", path="<ROOT>/outside"), S("outside", path="<ROOT>/outside")], ["Glob", "Grep"], mode="dontAsk",
     outside_files=OUT)
rule("glob_named_offers_grep", "default mode with allowed Glob only: Glob and Grep (not named) are both offered?",
     [G("src/*.txt"), S("alpha")], ["Glob"])
rule("grep_rule_content_offers_both", "bypassPermissions with allowed Grep(src/**): Glob and Grep offered?",
     [G("src/*.md"), S("alpha", output_mode="count")], ["Grep(src/**)"], mode="bypassPermissions")
rule("dis_read_glob_ext", "bypassPermissions with disallowed Read(*.md): Read of .md and .txt files, Grep.",
     [R("<WS>/src/b.md"), R("<WS>/src/a.txt"), S("b", path="<WS>/src")], disallowed=["Read(*.md)"],
     mode="bypassPermissions")
rule("dis_glob_tool_bypass", "bypassPermissions with disallowed Glob and Grep: both refused, Read runs.",
     [G("**/*.txt"), S("alpha"), R("<WS>/p.txt")], disallowed=["Glob", "Grep"], mode="bypassPermissions")
rule("plan_allowed_bash_rule", "plan mode with allowed Bash(touch:*): touch, echo, Write.",
     [B("touch t.txt"), B("echo hi"), W("<WS>/w.txt", "w\n")], ["Bash(touch:*)"], mode="plan")
rule("acceptEdits_sed_inplace", "acceptEdits: sed -i in the workspace, cp and mv of a file, rm.",
     [B("sed -i s/P/Q/ p.txt"), B("cp p.txt q.txt"), B("mv q.txt r.txt"), B("rm r.txt")], mode="acceptEdits")

# ============================================================ can_use_tool denials
CB = lambda b, **kw: {"can_use_tool": {"behavior": b, **kw}}
sc("cb_interrupt_read_outside", "default + deny_interrupt: a Read outside the workspace is asked and interrupts.",
   seq(R("<ROOT>/outside/o.txt"), B("echo after")), mode="default", files=FILES, outside_files=OUT,
   behaviors=CB("deny_interrupt", message="Stop here"))
sc("cb_interrupt_parallel", "default + deny_interrupt on the first of two parallel Writes.",
   par(W("<WS>/a.txt", "a\n"), W("<WS>/b.txt", "b\n")), mode="default", files=FILES,
   behaviors=CB("deny_interrupt", message="Halt"))
sc("cb_deny_bash_parallel_read", "default + deny_bash: parallel Bash touch and Read; the Read runs.",
   par(B("touch t.txt"), R("<WS>/p.txt")), mode="default", files=FILES, behaviors=CB("deny_bash", message="No shell"))
sc("cb_deny_all_acceptEdits", "acceptEdits + deny_all: Write runs without asking, Bash touch is asked and denied.",
   seq(W("<WS>/w.txt", "w\n"), B("touch t.txt"), B("echo hi")), mode="acceptEdits", files=FILES,
   behaviors=CB("deny_all", message="Nope"))
sc("cb_deny_unicode_message", "default + deny_all with a non-ASCII message on an Edit.",
   seq(R("<WS>/p.txt"), E("<WS>/p.txt", "P", "Q")), mode="default", files=FILES,
   behaviors=CB("deny_all", message="Refusé — pas maintenant ✋"))
sc("cb_deny_then_retry_same", "default + deny_all: the same Write asked twice, both denied.",
   seq(W("<WS>/w.txt", "w\n"), W("<WS>/w.txt", "w\n")), mode="default", files=FILES, behaviors=CB("deny_all"))

sc("cb_suggest_compound_lines", "default + deny_all: the rules offered for lines where one or two commands write.",
   seq(B("touch a.txt; echo start"), B("touch x1; echo s"), B("  touch y.txt;   echo s  "),
       B("echo hi > o.txt; echo s"), B("touch d.txt; touch e.txt; echo x"), B("touch g.txt && sleep 1")),
   mode="default", files=FILES, behaviors=CB("deny_all", message="No"))

# ============================================================ can_use_tool rewrites of other tools
sc("cb_rewrite_read_window", "default + rewrite_input of an outside Read: offset and limit added.",
   seq(R("<ROOT>/outside/lines.txt")), mode="default", files=FILES,
   outside_files={"outside/lines.txt": "one\ntwo\nthree\nfour\n"},
   behaviors=CB("rewrite_input", tool="Read", set={"offset": 2, "limit": 2}))
sc("cb_rewrite_grep_path", "default + rewrite_input: a Grep outside is pointed back into the workspace.",
   seq(S("alpha", path="<ROOT>/outside", output_mode="content")), mode="default", files=FILES, outside_files=OUT,
   behaviors=CB("rewrite_input", tool="Grep", set={"path": "<WS>/src"}))
sc("cb_rewrite_glob_pattern", "default + rewrite_input: an outside Glob gets another pattern and path.",
   seq(G("*.txt", path="<ROOT>/outside")), mode="default", files=FILES, outside_files=OUT,
   behaviors=CB("rewrite_input", tool="Glob", set={"pattern": "**/*.md", "path": "<WS>"}))
sc("cb_rewrite_bash_timeout", "default + rewrite_input adds a 1000 ms timeout to a slow touch command.",
   seq(B("touch t.txt; echo start; sleep 4; echo end")), mode="default", files=FILES, timeout_s=60,
   behaviors=CB("rewrite_input", tool="Bash", set={"timeout": 1000}))
sc("cb_rewrite_bash_failing", "default + rewrite_input turns a touch into a failing command.",
   seq(B("touch t.txt")), mode="default", files=FILES,
   behaviors=CB("rewrite_input", tool="Bash", set={"command": "echo bad >&2; exit 4"}))
sc("cb_rewrite_bash_description", "default + rewrite_input changes only the description.",
   seq(B("touch t.txt", "make t")), mode="default", files=FILES,
   behaviors=CB("rewrite_input", tool="Bash", set={"description": "rewritten description"}))
sc("cb_rewrite_edit_multiline", "default + rewrite_input of an Edit to a multi-line replacement.",
   seq(R("<WS>/m.txt"), E("<WS>/m.txt", "b", "B")), mode="default", files={"m.txt": "a\nb\nc\n"},
   behaviors=CB("rewrite_input", tool="Edit", set={"old_string": "a\nb", "new_string": "x\ny\nz"}))

# ============================================================ Edit
EF = {"m.txt": "def f():\n    return 1\n\ndef g():\n    return 1\n\ndef h():\n    return 2\n"}
sc("edit_multiline_unique", "Edit with a two-line old_string and a three-line new_string.",
   seq(R("<WS>/m.txt"), E("<WS>/m.txt", "def h():\n    return 2", "def h():\n    x = 2\n    return x")), files=EF)
sc("edit_replace_all_multiline", "replace_all of a two-line block found twice.",
   seq(R("<WS>/m.txt"), E("<WS>/m.txt", "():\n    return 1", "():\n    return 0", replace_all=True)), files=EF)
sc("edit_multiline_ambiguous", "A two-line old_string found twice without replace_all, then made unique.",
   seq(R("<WS>/m.txt"), E("<WS>/m.txt", "():\n    return 1", "():\n    return 9"),
       E("<WS>/m.txt", "def g():\n    return 1", "def g():\n    return 9")), files=EF)
sc("edit_replace_all_single", "replace_all true when old_string occurs once.",
   seq(R("<WS>/m.txt"), E("<WS>/m.txt", "return 2", "return 3", replace_all=True)), files=EF)
sc("edit_replace_all_delete", "replace_all with an empty new_string deletes every occurrence.",
   seq(R("<WS>/d.txt"), E("<WS>/d.txt", " TODO", "", replace_all=True)), files={"d.txt": "a TODO\nb TODO\nc\n"})
sc("edit_delete_midline", "An empty new_string for text that ends a line it does not fill (its line break?).",
   seq(R("<WS>/d.txt"), E("<WS>/d.txt", " TODO", "")), files={"d.txt": "a TODO\nb\n"})
sc("edit_replace_all_delete_mixed", "replace_all deletion where only some occurrences end a line.",
   seq(R("<WS>/d.txt"), E("<WS>/d.txt", " TODO", "", replace_all=True)), files={"d.txt": "a TODO x\nb TODO\nc TODO\n"})
sc("edit_not_found_case", "old_string differs from the file only in letter case.",
   seq(R("<WS>/m.txt"), E("<WS>/m.txt", "DEF H", "def k")), files=EF)
sc("edit_not_found_after_edit", "Two edits in a row; the second looks for the text the first replaced.",
   seq(R("<WS>/p.txt"), E("<WS>/p.txt", "P", "Q"), E("<WS>/p.txt", "P", "R")), files=FILES)
sc("edit_not_found_multiline", "A two-line old_string whose second line does not match.",
   seq(R("<WS>/m.txt"), E("<WS>/m.txt", "def h():\n    return 5", "x")), files=EF)
sc("edit_without_read_after_cat", "Edit of a file only seen through Bash cat (never read with Read).",
   seq(B("cat p.txt"), E("<WS>/p.txt", "P", "Q")), files=FILES)
sc("edit_without_read_after_grep", "Edit of a file found by Grep but never read.",
   seq(S("alpha", output_mode="content"), E("<WS>/src/a.txt", "alpha", "beta")), files=FILES)
sc("edit_three_matches_replace_all", "Three matches: refused, then replace_all replaces all three.",
   seq(R("<WS>/t.txt"), E("<WS>/t.txt", "x", "y"), E("<WS>/t.txt", "x", "y", replace_all=True)),
   files={"t.txt": "x1\nx2\nx3\n"})

# ============================================================ Write
sc("write_existing_unread_relative_dir", "Write over an existing, unread file in a subdirectory (relative path).",
   seq(W("src/a.txt", "new\n")), files=FILES)
sc("write_existing_after_glob", "Write over an existing file only listed by Glob.",
   seq(G("src/*.txt"), W("<WS>/src/a.txt", "new\n")), files=FILES)
sc("write_new_then_read", "Write a new multi-line file, then Read it back with an offset.",
   seq(W("<WS>/n.txt", "l1\nl2\nl3\n"), R("<WS>/n.txt", offset=2)), files=FILES)
sc("write_new_dotfile", "Write a new dotfile and a file whose name has spaces.",
   seq(W("<WS>/.env.local", "K=V\n"), W("<WS>/my notes.txt", "hi\n")), files=FILES)

# ============================================================ Read windows
LINES = {"big.txt": "".join("L%d\n" % i for i in range(1, 2101))}
sc("read_window_across_cap", "2100-line file: offset 1995 without limit, offset 1990 limit 20.",
   seq(R("<WS>/big.txt", offset=1995), R("<WS>/big.txt", offset=1990, limit=20)), files=LINES)
sc("read_limit_over_cap", "2100-line file with limit 2100 and with offset 100 limit 2000.",
   seq(R("<WS>/big.txt", limit=2100), R("<WS>/big.txt", offset=100, limit=2000)), files=LINES)
sc("read_offset_last_of_many", "2100-line file: offset 2100 (the last line) and offset 2101 (past it).",
   seq(R("<WS>/big.txt", offset=2100), R("<WS>/big.txt", offset=2101)), files=LINES)
HUGE = {"huge.txt": {"repeat": "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcde\n", "times": 5000}}
sc("read_huge_offset_only", "~300 KB file: an offset alone, a limit alone, the last lines.",
   seq(R("<WS>/huge.txt", offset=10), R("<WS>/huge.txt", limit=3), R("<WS>/huge.txt", offset=4999, limit=5)),
   files=HUGE)
sc("read_dir_nested_offset", "Read a nested directory, with an offset.",
   seq(R("<WS>/src", offset=2)), files=FILES)
sc("read_missing_relative_sub", "Read a missing file under an existing directory, by a relative path.",
   seq(R("src/nothere.txt")), files=FILES)
sc("read_empty_limit", "Read an empty file with a limit, and a one-byte newline file.",
   seq(R("<WS>/e.txt", limit=5), R("<WS>/nl.txt")), files={"e.txt": "", "nl.txt": "\n"})

# ============================================================ Grep and Glob
GF = {"app/main.py": "import os\ndef main():\n    print('Hello')\n    return 0\n",
      "app/util.py": "def helper():\n    return 'hello world'\n",
      "docs/guide.md": "Hello docs\nmore\nHELLO again\n", "app/data.js": "const hello = 1;\n",
      "app/sub/deep.py": "# hello deep\nx = 1\n"}
GOPTS = {"tools": SIX}
# Grep and Glob list files newest first: the mtimes make that order steady.
GM = {"app/main.py": 1700000100, "app/util.py": 1700000200, "app/data.js": 1700000300,
      "app/sub/deep.py": 1700000400, "docs/guide.md": 1700000000}
sc("grep_ci_glob_context", "Grep -i content with glob *.py and -C 1.",
   seq(S("hello", **{"-i": True, "glob": "*.py", "output_mode": "content", "-C": 1})), GOPTS, files=GF, mtimes=GM)
sc("grep_type_count_ci", "Grep count mode with type md and -i.",
   seq(S("hello", type="md", output_mode="count", **{"-i": True})), GOPTS, files=GF, mtimes=GM)
sc("grep_glob_nested_files", "Grep files mode with glob app/**/*.py and with glob {*.md,*.js}.",
   seq(S("hello", glob="app/**/*.py"), S("hello", glob="{*.md,*.js}", **{"-i": True})), GOPTS, files=GF, mtimes=GM)
sc("grep_content_head_offset_ctx", "Grep content -A 1 with head_limit 3 and offset 1.",
   seq(S("hello", output_mode="content", head_limit=3, offset=1, **{"-A": 1, "-i": True})), GOPTS, files=GF, mtimes=GM)
sc("grep_files_head_offset", "Grep files mode with head_limit 1 offset 1, and offset only.",
   seq(S("hello", head_limit=1, offset=1, **{"-i": True}), S("hello", offset=2, **{"-i": True})), GOPTS, files=GF, mtimes=GM)
sc("grep_alternation_path_file", "Grep an alternation in one file (content, -n false) and count.",
   seq(S("Hello|HELLO", path="<WS>/docs/guide.md", output_mode="content", **{"-n": False}),
       S("Hello|HELLO", path="<WS>/docs/guide.md", output_mode="count")), GOPTS, files=GF, mtimes=GM)
sc("grep_path_dir_relative_type", "Grep with a relative path app and type py, content with -B 1.",
   seq(S("return", path="app", type="py", output_mode="content", **{"-B": 1})), GOPTS, files=GF, mtimes=GM)
sc("glob_nested_brace", "Glob app/**/*.{py,js} and **/sub/*.py and app/*/deep.py.",
   seq(G("app/**/*.{py,js}"), G("**/sub/*.py"), G("app/*/deep.py")), GOPTS, files=GF,
   mtimes={"app/main.py": 1700000100, "app/util.py": 1700000200, "app/data.js": 1700000300,
           "app/sub/deep.py": 1700000400, "docs/guide.md": 1700000000})
sc("glob_path_relative_star", "Glob ** / * with a relative path app, and ./app/*.py.",
   seq(G("**/*", path="app"), G("./app/*.py")), GOPTS, files=GF,
   mtimes={"app/main.py": 1700000100, "app/util.py": 1700000200, "app/data.js": 1700000300,
           "app/sub/deep.py": 1700000400, "docs/guide.md": 1700000000})
sc("glob_path_trailing_slash", "Glob *.py with a path that ends in a slash, and a brace at the top level.",
   seq(G("*.py", path="<WS>/app/"), G("{docs,app}/*.md")), GOPTS, files=GF,
   mtimes={"app/main.py": 1700000100, "app/util.py": 1700000200, "app/data.js": 1700000300,
           "app/sub/deep.py": 1700000400, "docs/guide.md": 1700000000})

# ============================================================ Bash
sc("bash_cd_abs_then_back", "cd to an absolute subdirectory, then cd .., then pwd.",
   seq(B("cd <WS>/sub && pwd"), B("cd .. && pwd"), B("pwd")), files={"sub/k.txt": "k\n"})
sc("bash_cd_missing_keeps_cwd", "cd into a missing directory fails; the next call's cwd.",
   seq(B("cd sub"), B("cd nope"), B("pwd")), files={"sub/k.txt": "k\n"})
sc("bash_cd_in_pipeline", "cd in a pipeline and after a failed command does not persist (or does it?).",
   seq(B("cd sub | true"), B("pwd"), B("false || cd sub"), B("pwd")), files={"sub/k.txt": "k\n"})
sc("bash_exit_in_chain", "A failure in the middle of && and after ;, and set -e.",
   seq(B("echo a && false && echo b"), B("false; echo after"), B("set -e; echo x; false; echo y")))
sc("bash_exit_subshell", "exit 5 inside a subshell then echo; exit code of a pipeline's last command.",
   seq(B("(exit 5); echo code=$?"), B("true | false"), B("(echo in; exit 6)")))
sc("bash_timeout_not_reached", "timeout 5000 on a command that ends in time, then a 2500 ms timeout after two lines of output.",
   seq(B("sleep 0.2; echo ok", timeout=5000), B("echo n1; sleep 0.2; echo n2; sleep 8; echo never", timeout=2500)),
   timeout_s=60)

# ============================================================ hooks on other tools
sc("hook_pre_deny_glob_grep", "PreToolUse denies Glob|Grep (read-only tools).",
   seq(G("**/*.txt"), S("alpha"), R("<WS>/p.txt")), files=FILES,
   behaviors={"hooks": {"PreToolUse": [H("Glob|Grep", "deny", reason="No searching")]}})
sc("hook_pre_deny_one_parallel", "PreToolUse denies Write; a parallel Write and Bash in one response.",
   par(W("<WS>/w.txt", "w\n"), B("echo side")), files=FILES,
   behaviors={"hooks": {"PreToolUse": [H("Write", "deny", reason="Read-only day")]}})
sc("hook_post_context_edit_glob", "PostToolUse context on Edit and on Glob (matcher Edit|Glob).",
   seq(R("<WS>/p.txt"), E("<WS>/p.txt", "P", "Q"), G("**/*.md")), files=FILES,
   behaviors={"hooks": {"PostToolUse": [H("Edit|Glob", "add_context", text="CTX-EG")]}})
sc("hook_post_context_failed_edit", "PostToolUse context on an Edit that fails (old_string not found).",
   seq(R("<WS>/p.txt"), E("<WS>/p.txt", "ZZZ", "Q")), files=FILES,
   behaviors={"hooks": {"PostToolUse": [H("Edit", "add_context", text="CTX-FAIL")]}})

if __name__ == "__main__":
    scenario_files.write(HERE, "vf_", SCEN)

#!/usr/bin/env python3
"""Generates the variants-d scenarios (prefix vd_): one-input variations of the shared
families that the other areas vary least: cost_accounting, hook_posttooluse_context,
hook_pretooluse_deny, session_fork, read_directory / read_empty_file / read_missing_file,
bash_stdout_stderr, permission_dontAsk / permission_default_no_callback / permission_acceptEdits
and can_use_tool_deny. Run: python3 make.py  (writes vd_*.json next to this file)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import scenario_files  # noqa: E402
from scenario_files import tu, txt, seq  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SCEN = []


def sc(*args, **kw):
    SCEN.append(scenario_files.scenario("vd_", *args, **kw))


B = lambda cmd, d="run": ("Bash", {"command": cmd, "description": d})
R = lambda p, **kw: ("Read", {"file_path": p, **kw})
W = lambda p, c: ("Write", {"file_path": p, "content": c})
E = lambda p, o, n, **kw: ("Edit", {"file_path": p, "old_string": o, "new_string": n, **kw})
FILES = {"p.txt": "P\n", "sub/a.txt": "a\n"}


def u(i=0, o=0, cc=0, cr=0):
    return {"input_tokens": i, "output_tokens": o, "cache_creation_input_tokens": cc, "cache_read_input_tokens": cr}


# ============================================================ cost_accounting
def cost(name, desc, usages, model=None):
    resp = [{"content": [tu(k, "Bash", {"command": f"echo {k}", "description": str(k)})], "usage": us}
            for k, us in enumerate(usages[:-1], 1)]
    resp.append({"content": [txt("total")], "usage": usages[-1]})
    sc("cost_" + name, desc, resp, {"model": model} if model else None, prompt="Cost")


cost("mixed_all_four", "Every response uses all four token kinds at once.",
     [u(120, 45, 300, 700), u(80, 30, 0, 1000), u(10, 200, 50, 1050)])
cost("single_text_cache_only", "One text answer with only cache-read and cache-creation tokens.", [u(0, 0, 2048, 4096)])
cost("haiku_4_5_cache", "claude-haiku-4-5 with cache creation and read tokens.",
     [u(500, 100, 2000, 0), u(20, 300, 0, 2500)], "claude-haiku-4-5")
cost("opus_4_1_mixed", "claude-opus-4-1 (older opus price) over three calls.",
     [u(1000, 10, 0, 0), u(0, 1000, 0, 0), u(0, 0, 1000, 1000)], "claude-opus-4-1")
cost("sonnet_4_large_input", "claude-sonnet-4 with a 250,000-token input (long-context price?).",
     [u(250000, 1000, 0, 0)], "claude-sonnet-4-0")
cost("odd_numbers", "Odd token counts (rounding of the cost).", [u(7, 3, 11, 13), u(1, 1, 1, 1)])
cost("zero_usage", "All usage numbers zero over two calls.", [u(), u()])
cost("sonnet_3_7", "claude-3-7-sonnet-latest with cache tokens.", [u(300, 50, 1000, 0), u(10, 90, 0, 1300)],
     "claude-3-7-sonnet-latest")
cost("haiku_3_5_dated", "claude-3-5-haiku-20241022 with cache tokens.", [u(300, 50, 1000, 0), u(10, 90, 0, 1300)],
     "claude-3-5-haiku-20241022")
cost("big_output", "A single 64,000-token output.", [u(10, 64000, 0, 0)])

# ============================================================ hooks
H = lambda m, b, **kw: {"matcher": m, "behavior": b, **kw}


def hk(name, desc, calls, hooks, files=FILES, **kw):
    sc("hook_" + name, desc, seq(*calls), files=files, behaviors={"hooks": hooks}, **kw)


hk("post_two_contexts", "Two PostToolUse hooks on Bash each add context (order, joining).",
   [B("echo hi")], {"PostToolUse": [H("Bash", "add_context", text="FIRST-CTX"), H("Bash", "add_context", text="SECOND-CTX")]})
hk("post_context_read", "PostToolUse add_context on Read (matcher Read), Bash unmatched.",
   [R("<WS>/p.txt"), B("echo x")], {"PostToolUse": [H("Read", "add_context", text="READ-CTX")]})
hk("post_context_multiline", "PostToolUse context with several lines and markup characters.",
   [B("echo hi")], {"PostToolUse": [H(None, "add_context", text="line one\nline <two> & \"three\"\n")]})
hk("post_context_empty", "PostToolUse context is the empty string.",
   [B("echo hi")], {"PostToolUse": [H("Bash", "add_context", text="")]})
hk("post_context_and_system_message", "PostToolUse: one hook adds context, another returns a systemMessage.",
   [B("echo hi")], {"PostToolUse": [H("Bash", "add_context", text="CTX-A"), H("Bash", "system_message", text="SYS-B")]})
hk("prompt_context_only", "Only a UserPromptSubmit context, the answer is plain text.",
   [], {"UserPromptSubmit": [H(None, "add_context", text="PROMPT-ONLY")]})
hk("post_context_regex_matcher", "PostToolUse matcher 'Read|Bash' adds context to both calls.",
   [R("<WS>/p.txt"), B("echo x")], {"PostToolUse": [H("Read|Bash", "add_context", text="RB-CTX")]})
hk("post_stop_bash", "PostToolUse continue:false on Bash (stopReason), a second call scripted after it.",
   [B("echo one"), B("echo two")], {"PostToolUse": [H("Bash", "stop", reason="Stop after bash")]})
hk("post_block_bash", "PostToolUse decision block on Bash with a reason.",
   [B("echo one")], {"PostToolUse": [H("Bash", "block", reason="Output rejected")]})
hk("pre_deny_read", "PreToolUse denies Read; Bash passes.",
   [R("<WS>/p.txt"), B("echo ok")], {"PreToolUse": [H("Read", "deny", reason="No reading today")]})
hk("pre_deny_all_matcher_null", "PreToolUse deny with a null matcher: every tool refused.",
   [B("echo hi"), R("<WS>/p.txt")], {"PreToolUse": [H(None, "deny", reason="Nothing runs")]})
hk("pre_deny_and_allow", "Two PreToolUse hooks on Bash: one allows, one denies (deny wins?).",
   [B("echo hi")], {"PreToolUse": [H("Bash", "allow", reason="fine"), H("Bash", "deny", reason="not fine")]})
hk("pre_deny_write_default", "default mode: PreToolUse denies Write (before any permission question).",
   [W("<WS>/new.txt", "n\n")], {"PreToolUse": [H("Write", "deny", reason="No writes")]}, mode="default")
hk("pre_deny_edit_file_kept", "PreToolUse denies Edit: the file stays as it was.",
   [R("<WS>/p.txt"), E("<WS>/p.txt", "P", "Q")], {"PreToolUse": [H("Edit", "deny", reason="Frozen")]})

# ============================================================ session_fork
def two(p1, r1, p2, r2, then_opts, desc, name, third=None):
    responses = [{"content": [txt(r1)]}, {"content": [txt(r2)]}]
    then = [{"prompt": p2, "options": then_opts}]
    if third:
        responses.append({"content": [txt(third[1])]})
        then.append({"prompt": third[0], "options": third[2]})
    sc("session_" + name, desc, responses, prompt=p1, then=then)


two("Start: the number is 7", "Seven noted.", "Fork: double it", "Fourteen.",
    {"resume": "<SESSION_ID_1>", "fork_session": True},
    "Fork, then resume the FORK (query 3): its history has both turns.", "fork_resume_fork",
    ("And now?", "Still fourteen.", {"resume": "<SESSION_ID_2>"}))
two("Start: the animal is a cat", "Cat noted.", "Fork twice", "Forked again.",
    {"resume": "<SESSION_ID_1>", "fork_session": True},
    "The same session forked twice (queries 2 and 3): two new ids, both from the original.", "fork_twice",
    ("Fork again", "Another fork.", {"resume": "<SESSION_ID_1>", "fork_session": True}))
sc("session_fork_with_tool", "The forked query runs a Bash call; the original transcript is untouched.",
   [{"content": [txt("Ready.")]}, {"content": [tu(1, "Bash", {"command": "echo forked", "description": "f"})]},
    {"content": [txt("Forked run done.")]}],
   prompt="Start", then=[{"prompt": "Run in fork", "options": {"resume": "<SESSION_ID_1>", "fork_session": True}}])
two("Start: the city is Rome", "Rome noted.", "Fork with another model", "Forked.",
    {"resume": "<SESSION_ID_1>", "fork_session": True, "model": "claude-haiku-4-5"},
    "The fork uses another model: init model, cost and model_usage of the fork.", "fork_other_model")

# ============================================================ read_*
sc("read_dir_trailing_slash", "Read a directory given with a trailing slash.", seq(R("<WS>/sub/")), files=FILES)
sc("read_dir_relative", "Read the workspace itself by '.' (relative).", seq(R(".")), files=FILES)
sc("read_missing_in_missing_dir", "Read a file in a directory that does not exist.", seq(R("<WS>/nodir/x.txt")), files=FILES)
sc("read_missing_similar_name", "Read p.tx (a file p.txt exists: is it suggested?).", seq(R("<WS>/p.tx")), files=FILES)
sc("read_empty_with_offset", "Read an empty file with offset 5.", seq(R("<WS>/e.txt", offset=5)), files={"e.txt": ""})
sc("read_whitespace_only", "Read a file of blank lines and spaces.", seq(R("<WS>/w.txt")), files={"w.txt": "\n  \n\t\n"})
sc("read_no_final_newline", "Read a two-line file without a final newline, then with limit 1.",
   seq(R("<WS>/n.txt"), R("<WS>/n.txt", limit=1)), files={"n.txt": "one\ntwo"})

# ============================================================ bash_stdout_stderr
sc("bash_stderr_only_multiline", "Three stderr lines, no stdout, exit 0.", seq(B("printf 'e1\\ne2\\ne3\\n' >&2")))
sc("bash_stdout_no_newline", "printf without a final newline, then printf of only spaces.",
   seq(B("printf abc"), B("printf '   '")))
sc("bash_stderr_then_fail", "stderr text then exit 3.", seq(B("echo bad >&2; exit 3")))
sc("bash_stdout_and_fail", "stdout and stderr text then exit 1.", seq(B("echo out; echo err >&2; exit 1")))
sc("bash_unicode_output", "UTF-8 text and a tab in the output.", seq(B("printf 'h\\u00e9llo\\tw\\u00f6rld\\n'")))

# A `\\uXXXX` escape in a known tool's top-level string is read as its character.
BS = "\\"
sc("bash_unicode_escape_forms", "Bash with escaped backslashes, surrogate pairs, a lone surrogate, \\x and \\U forms.",
   seq(B("echo '" + BS * 3 + "u00e9' '" + BS * 2 + "u00e9' " + BS + "ud83d" + BS + "ude00 '" + BS + "ud83d' "
         + BS + "u00E9" + BS + "u0020x " + BS + "u004 " + BS + "x41 " + BS + "U0001F600", "d" + BS + "u00e9")))
sc("edit_unicode_escape", "Edit whose old_string and new_string carry \\u escapes; Write content too.",
   seq(R("<WS>/p.txt"), E("<WS>/p.txt", "P" + BS + "u00e9", "Q" + BS + "u00e8"), W("<WS>/w.txt", "c" + BS + "u00e9d\n")),
   files={"p.txt": "P\u00e9\n"})
sc("unknown_tool_unicode_escape", "An unknown tool and a disabled one (TodoWrite) keep their \\u escapes.",
   seq(("Foo", {"x": "f" + BS + "u00e9"}), ("TodoWrite", {"todos": [{"content": "t" + BS + "u00e9", "status": "pending",
                                                                      "activeForm": "a" + BS + "u00e9"}]}),
       R("<WS>/p" + BS + "u002etxt")), {"tools": ["Bash", "TodoWrite", "Read"]}, files=FILES)

sc("write_json_escapes", "Write of a JSON text whose strings carry \\u escapes (the file gets the characters?).",
   seq(W("<WS>/d.json", '{"name": "caf' + BS + 'u00e9", "sym": "' + BS + 'u2192"}\n')))
sc("edit_literal_escape_in_file", "The file holds a literal \\u00e9; Edit names it with the same escape.",
   seq(R("<WS>/s.json"), E("<WS>/s.json", "caf" + BS + "u00e9", "tea")), files={"s.json": '{"n": "caf' + BS + 'u00e9"}\n'})
sc("read_escape_path", "Read of caf\\u00e9.txt where caf\u00e9.txt exists.",
   seq(R("<WS>/caf" + BS + "u00e9.txt")), files={"caf\u00e9.txt": "cafe\n"})
sc("bash_escape_invalid_input", "Bash with a \\u escape in the command and an unknown key (validation fails).",
   seq(("Bash", {"command": "echo caf" + BS + "u00e9", "bogus": 1})))
sc("hook_pre_sees_escape_decoded", "PreToolUse log_all on Bash: the hook input's command has the \\u escape read?",
   seq(B("echo caf" + BS + "u00e9")), behaviors={"hooks": {"PreToolUse": [H("Bash", "log_all")]}})
sc("cb_sees_escape_decoded", "default + can_use_tool log_all on a Write whose content has a \\u escape.",
   seq(W("<WS>/n.txt", "caf" + BS + "u00e9\n")), mode="default", behaviors={"can_use_tool": "log_all"})

# ============================================================ permissions
sc("perm_dontAsk_edit", "dontAsk without rules: Read runs, Edit and Write are refused.",
   seq(R("<WS>/p.txt"), E("<WS>/p.txt", "P", "Q"), W("<WS>/n.txt", "n\n")), mode="dontAsk", files=FILES)
sc("perm_dontAsk_allowed_write", "dontAsk with allowed_tools=['Write']: the Write runs, Bash echo?",
   seq(W("<WS>/n.txt", "n\n"), B("echo hi"), B("touch t.txt")), {"allowed_tools": ["Write"]}, mode="dontAsk", files=FILES)
sc("perm_default_nocb_glob_grep", "default, no callback: Glob and Grep in the workspace, ls, touch.",
   seq(("Glob", {"pattern": "**/*.txt"}), ("Grep", {"pattern": "a"}), B("ls"), B("touch t.txt")), mode="default", files=FILES)
sc("perm_acceptEdits_bash_mkdir", "acceptEdits: mkdir and touch in the workspace, touch outside.",
   seq(B("mkdir newdir"), B("touch newdir/f.txt"), B("touch ../outside.txt")), mode="acceptEdits", files=FILES)
sc("cb_deny_custom_message_read", "can_use_tool denies with a long multi-line message (default mode, Write).",
   seq(W("<WS>/n.txt", "n\n"), R("<WS>/p.txt")), mode="default", files=FILES,
   behaviors={"can_use_tool": {"behavior": "deny_all", "message": "Not now.\nTry again later <soon>."}})
sc("cb_deny_empty_message", "can_use_tool denies with an empty message.",
   seq(B("touch t.txt")), mode="default", files=FILES,
   behaviors={"can_use_tool": {"behavior": "deny_all", "message": ""}})

if __name__ == "__main__":
    scenario_files.write(HERE, "vd_", SCEN)

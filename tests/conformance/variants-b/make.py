#!/usr/bin/env python3
"""Generates the variants-b scenarios (prefix vb_): one-input variations of the shared
scenarios (permissions, hooks, invalid inputs, max_turns, models, sessions, stop reasons,
stream cuts, system prompts, tools option, Read/Glob/Grep/Write).
Run: python3 make.py  (writes vb_*.json next to this file)."""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
SCEN = []
DONE = {"content": [{"type": "text", "text": "Done."}]}


def tu(i, name, inp):
    return {"type": "tool_use", "id": f"toolu_{i:02d}", "name": name, "input": inp}


def txt(t):
    return {"type": "text", "text": t}


def seq(*calls, final="Done."):
    """One tool call per turn, then a final text."""
    out = []
    for i, (name, inp) in enumerate(calls, 1):
        out.append({"content": [tu(i, name, inp)]})
    if final is not None:
        out.append({"content": [txt(final)]})
    return out


def par(*calls, start=1):
    return {"content": [tu(start + i, n, inp) for i, (n, inp) in enumerate(calls)]}


def sc(name, desc, responses, options=None, prompt="Go", **extra):
    s = {"name": "vb_" + name, "description": desc, "prompt": prompt,
         "options": {"permission_mode": "bypassPermissions", **(options or {})},
         "responses": responses, "default": DONE}
    s.update(extra)
    SCEN.append(s)


def settings(obj):
    return {".claude/settings.json": json.dumps(obj, indent=1) + "\n"}


B = lambda cmd, d=None: ("Bash", {"command": cmd, **({"description": d} if d else {})})
R = lambda p, **kw: ("Read", {"file_path": p, **kw})
W = lambda p, c: ("Write", {"file_path": p, "content": c})
E = lambda p, o, n, **kw: ("Edit", {"file_path": p, "old_string": o, "new_string": n, **kw})
FILES = {"p.txt": "P\n", "src/a.py": "print('a')\n", "src/b.py": "print('b')\n"}

# ------------------------------------------------------------------ permissions
sc("perm_plan_mixed", "plan mode, no callback: Read, Write, read-only Bash, mutating Bash.",
   seq(R("<WS>/p.txt"), W("<WS>/q.txt", "Q\n"), B("echo hi", "echo"), B("touch t.txt", "touch")),
   {"permission_mode": "plan"}, files=FILES)
sc("perm_plan_allowed_write", "plan mode with allowed_tools=['Write','Bash(touch *)']: do allow rules win over plan?",
   seq(W("<WS>/q.txt", "Q\n"), B("touch t.txt", "touch")),
   {"permission_mode": "plan", "allowed_tools": ["Write", "Bash(touch *)"]}, files=FILES)
sc("perm_plan_callback", "plan mode with can_use_tool log_all: which calls reach the callback.",
   seq(W("<WS>/q.txt", "Q\n"), B("touch t.txt", "touch"), R("<WS>/p.txt")),
   {"permission_mode": "plan"}, files=FILES, behaviors={"can_use_tool": "log_all"})
sc("perm_acceptEdits_fs_cmds", "acceptEdits: mkdir/touch/cp/mv/rm/sed -i inside the workspace, one per turn.",
   seq(B("mkdir -p d1/d2", "mkdir"), B("touch d1/t.txt", "touch"), B("cp p.txt p2.txt", "cp"),
       B("mv p2.txt p3.txt", "mv"), B("rm p3.txt", "rm"), B("sed -i s/P/X/ p.txt", "sed"),
       B("rmdir d1/d2", "rmdir")),
   {"permission_mode": "acceptEdits"}, files=FILES)
sc("perm_acceptEdits_outside_paths", "acceptEdits: mkdir/touch outside the workspace and Edit of an outside file.",
   seq(B("mkdir ../newdir_out", "mkdir"), B("touch <ROOT>/t_out.txt", "touch"),
       R("<ROOT>/outside/o.txt"), E("<ROOT>/outside/o.txt", "O", "Z")),
   {"permission_mode": "acceptEdits"}, files=FILES, outside_files={"outside/o.txt": "O\n"},
   record={"outside_files": True, "decisions": True})
sc("perm_dontAsk_ask_rule", "dontAsk + project settings ask rule Bash(echo *) and allow rule Read: ask in dontAsk.",
   seq(B("echo hi", "echo"), R("<WS>/p.txt"), B("ls", "ls")),
   {"permission_mode": "dontAsk", "setting_sources": ["project"]},
   files={**FILES, **settings({"permissions": {"ask": ["Bash(echo *)"], "allow": ["Read"]}})})
sc("perm_default_ask_rule_read", "default + settings ask rule Read(./p.txt), no callback: a workspace read needs approval.",
   seq(R("<WS>/p.txt"), R("<WS>/src/a.py")),
   {"permission_mode": "default", "setting_sources": ["project"]},
   files={**FILES, **settings({"permissions": {"ask": ["Read(./p.txt)"]}})})
sc("perm_default_ask_rule_read_cb", "default + settings ask rule Read(./p.txt) with can_use_tool log_all: callback context.",
   seq(R("<WS>/p.txt"), R("<WS>/src/a.py")),
   {"permission_mode": "default", "setting_sources": ["project"]},
   files={**FILES, **settings({"permissions": {"ask": ["Read(./p.txt)"]}})},
   behaviors={"can_use_tool": "log_all"})
sc("perm_bypass_ask_rule_write", "bypassPermissions + settings ask rule Write, no callback.",
   seq(W("<WS>/q.txt", "Q\n"), E("<WS>/p.txt", "P", "PP")),
   {"setting_sources": ["project"]},
   files={**FILES, **settings({"permissions": {"ask": ["Write"]}})})
sc("perm_acceptEdits_ask_rule_edit", "acceptEdits + settings ask rule Edit(./src/**): Write/Edit in src vs elsewhere.",
   seq(W("<WS>/src/c.py", "c\n"), E("<WS>/src/a.py", "a", "A"), W("<WS>/top.txt", "t\n")),
   {"permission_mode": "acceptEdits", "setting_sources": ["project"]},
   files={**FILES, **settings({"permissions": {"ask": ["Edit(./src/**)"]}})})
sc("perm_dontAsk_write_rule_glob", "dontAsk with allowed_tools=['Write(./out/**)']: writes inside/outside the pattern.",
   seq(W("<WS>/out/a.txt", "a\n"), W("<WS>/out/sub/b.txt", "b\n"), W("<WS>/other.txt", "o\n"),
       E("<WS>/p.txt", "P", "Q")),
   {"permission_mode": "dontAsk", "allowed_tools": ["Write(./out/**)"]}, files=FILES)
sc("perm_default_allowed_edit_only", "default with allowed_tools=['Edit']: does the Edit rule cover Write too?",
   seq(E("<WS>/p.txt", "P", "Q"), W("<WS>/new.txt", "n\n"), ("NotebookEdit", {"notebook_path": "<WS>/n.ipynb", "new_source": "x"})),
   {"permission_mode": "default", "allowed_tools": ["Edit"]}, files=FILES)
sc("perm_default_disallowed_read", "default with disallowed_tools=['Read']: Read removed or denied?",
   seq(R("<WS>/p.txt"), B("cat p.txt", "cat")),
   {"permission_mode": "default", "disallowed_tools": ["Read"]}, files=FILES)
sc("perm_acceptEdits_disallowed_write", "acceptEdits with disallowed_tools=['Write']: Write vs Edit.",
   seq(W("<WS>/q.txt", "Q\n"), E("<WS>/p.txt", "P", "Q")),
   {"permission_mode": "acceptEdits", "disallowed_tools": ["Write"]}, files=FILES)
sc("perm_default_touch_colon_rule", "default with allowed_tools=['Bash(touch:*)']: touch forms.",
   seq(B("touch a.txt"), B("touch b.txt c.txt"), B("touch ../out_t.txt"), B("touch"), B("touch -d 2020-01-01 a.txt")),
   {"permission_mode": "default", "allowed_tools": ["Bash(touch:*)"]}, files=FILES,
   record={"outside_files": True, "decisions": True})
sc("perm_dontAsk_parallel_mixed", "dontAsk, allowed_tools=['Read','Bash(echo *)'], one turn with 5 mixed calls.",
   [par(R("<WS>/p.txt"), W("<WS>/q.txt", "Q\n"), B("echo one"), B("touch x.txt"), ("Glob", {"pattern": "**/*.py"})), DONE],
   {"permission_mode": "dontAsk", "allowed_tools": ["Read", "Bash(echo *)"]}, files=FILES)
sc("perm_default_allowed_mixed_cb_deny", "default, allowed_tools=['Write'], can_use_tool deny_all: Write runs, touch reaches callback.",
   seq(W("<WS>/q.txt", "Q\n"), B("touch t.txt", "touch"), E("<WS>/p.txt", "P", "Z")),
   {"permission_mode": "default", "allowed_tools": ["Write"]}, files=FILES,
   behaviors={"can_use_tool": {"behavior": "deny_all", "message": "nope"}})
sc("perm_plan_disallowed_bash", "plan mode with disallowed_tools=['Bash']: init tools and a Bash call.",
   seq(B("echo hi", "echo"), R("<WS>/p.txt")),
   {"permission_mode": "plan", "disallowed_tools": ["Bash"]}, files=FILES)

# ------------------------------------------------------------------ hooks
sc("hook_pre_ask_bypass_nocb", "bypassPermissions, PreToolUse hook returns ask for Bash, no can_use_tool.",
   seq(B("echo hi", "echo"), R("<WS>/p.txt")), files=FILES,
   behaviors={"hooks": {"PreToolUse": [{"matcher": "Bash", "behavior": "ask", "reason": "Hook asks"}]}})
sc("hook_pre_allow_write_outside_default", "default mode, PreToolUse allow for Write: a Write outside the workspace.",
   seq(W("<ROOT>/out_w.txt", "w\n"), W("<WS>/in_w.txt", "w\n")),
   {"permission_mode": "default"}, files=FILES, record={"outside_files": True},
   behaviors={"hooks": {"PreToolUse": [{"matcher": "Write", "behavior": "allow", "reason": "Hook allows"}]}})
sc("hook_pre_rewrite_read", "PreToolUse rewrite_input for Read: file_path replaced by another file.",
   seq(R("<WS>/p.txt")), files=FILES,
   behaviors={"hooks": {"PreToolUse": [{"matcher": "Read", "behavior": "rewrite_input", "set": {"file_path": "<WS>/src/a.py"}}]}})
sc("hook_pre_rewrite_bash_default", "default mode: PreToolUse rewrite_input turns echo into touch (allow decision).",
   seq(B("echo hi", "echo")), {"permission_mode": "default"}, files=FILES,
   behaviors={"hooks": {"PreToolUse": [{"matcher": "Bash", "behavior": "rewrite_input", "set": {"command": "touch rewritten.txt"}}]}})
sc("hook_post_system_message_read", "PostToolUse systemMessage on Read and on Bash.",
   seq(R("<WS>/p.txt"), B("echo hi", "echo")), files=FILES,
   behaviors={"hooks": {"PostToolUse": [{"matcher": None, "behavior": "system_message", "text": "POST-SYS-MSG"}]}})
sc("hook_post_block_read", "PostToolUse decision block on Read (the result still reaches the model?).",
   seq(R("<WS>/p.txt")), files=FILES,
   behaviors={"hooks": {"PostToolUse": [{"matcher": "Read", "behavior": "block", "reason": "Post block reason"}]}})
sc("hook_post_context_failing_bash", "PostToolUse add_context + PostToolUseFailure add_context on a failing Bash.",
   seq(B("exit 3", "fail"), B("echo ok", "ok")), files=FILES,
   behaviors={"hooks": {"PostToolUse": [{"matcher": "Bash", "behavior": "add_context", "text": "POST-OK-CTX"}],
                        "PostToolUseFailure": [{"matcher": "Bash", "behavior": "add_context", "text": "POST-FAIL-CTX"}]}})
sc("hook_post_context_read_error", "PostToolUseFailure add_context on a Read of a missing file.",
   seq(R("<WS>/missing.txt")), files=FILES,
   behaviors={"hooks": {"PostToolUseFailure": [{"matcher": None, "behavior": "add_context", "text": "READ-FAIL-CTX"}],
                        "PostToolUse": [{"matcher": None, "behavior": "add_context", "text": "READ-OK-CTX"}]}})
sc("hook_two_context_prompt_and_pre", "UserPromptSubmit add_context twice (two matchers) + PreToolUse add_context.",
   seq(B("echo hi", "echo")), files=FILES,
   behaviors={"hooks": {"UserPromptSubmit": [{"matcher": None, "behavior": "add_context", "text": "CTX-ONE"},
                                             {"matcher": None, "behavior": "add_context", "text": "CTX-TWO"}],
                        "PreToolUse": [{"matcher": "Bash", "behavior": "add_context", "text": "PRE-CTX"}]}})


def cmd_hook(event, matcher, out_json, exit_code=0):
    payload = json.dumps(out_json).replace("'", "'\\''")
    entry = {"hooks": [{"type": "command", "command": f"printf '%s' '{payload}'; exit {exit_code}"}]}
    if matcher is not None:
        entry["matcher"] = matcher
    return settings({"hooks": {event: [entry]}})


sc("hook_cmd_pre_updated_input_only", "settings PreToolUse command hook: updatedInput without permissionDecision (bypass).",
   seq(B("echo original", "echo")), {"setting_sources": ["project"]},
   files={**FILES, **cmd_hook("PreToolUse", "Bash", {"hookSpecificOutput": {"hookEventName": "PreToolUse", "updatedInput": {"command": "echo replaced"}}})})
sc("hook_cmd_pre_decision_approve", "settings PreToolUse command hook: legacy decision approve in default mode on touch.",
   seq(B("touch ap.txt", "touch")), {"permission_mode": "default", "setting_sources": ["project"]},
   files={**FILES, **cmd_hook("PreToolUse", "Bash", {"decision": "approve", "reason": "legacy ok"})})
sc("hook_cmd_pre_invalid_decision", "settings PreToolUse command hook: permissionDecision 'maybe' (invalid value).",
   seq(B("echo hi", "echo")), {"setting_sources": ["project"]},
   files={**FILES, **cmd_hook("PreToolUse", "Bash", {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "maybe"}})})
sc("hook_cmd_post_suppress_sysmsg", "settings PostToolUse command hook: suppressOutput + systemMessage.",
   seq(B("echo hi", "echo")), {"setting_sources": ["project"]},
   files={**FILES, **cmd_hook("PostToolUse", "Bash", {"suppressOutput": True, "systemMessage": "CMD-SYS-MSG"})})
sc("hook_cmd_post_block_context", "settings PostToolUse command hook: decision block + additionalContext together.",
   seq(B("echo hi", "echo")), {"setting_sources": ["project"]},
   files={**FILES, **cmd_hook("PostToolUse", "Bash", {"decision": "block", "reason": "CMD-BLOCK",
                                                       "hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "CMD-CTX"}})})
sc("hook_cmd_pre_wrong_event_name", "settings PreToolUse command hook whose hookSpecificOutput names PostToolUse.",
   seq(B("echo hi", "echo")), {"setting_sources": ["project"]},
   files={**FILES, **cmd_hook("PreToolUse", "Bash", {"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "X"}})})
sc("hook_cmd_pre_plain_stdout", "settings PreToolUse command hook printing non-JSON text, exit 0.",
   seq(B("echo hi", "echo")), {"setting_sources": ["project"]},
   files={**FILES, **settings({"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "echo plain text out"}]}]}})})
sc("hook_cmd_pre_exit1", "settings PreToolUse command hook exits 1 with stderr (non-blocking error).",
   seq(B("echo hi", "echo")), {"setting_sources": ["project"]},
   files={**FILES, **settings({"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "echo warn-on-stderr >&2; exit 1"}]}]}})})

# ------------------------------------------------------------------ invalid inputs
sc("invalid_write_edit", "Invalid Write/Edit inputs: missing content, replace_all as string, old_string number.",
   seq(("Write", {"file_path": "<WS>/x.txt"}), E("<WS>/p.txt", "P", "Q", replace_all="yes"),
       ("Edit", {"file_path": "<WS>/p.txt", "old_string": 1, "new_string": "Q"}), ("Write", {"file_path": "<WS>/y.txt", "content": "y\n", "mode": "w"})),
   files=FILES)
sc("invalid_glob_grep", "Invalid Glob/Grep inputs: pattern number, output_mode enum, -A string, missing pattern.",
   seq(("Glob", {"pattern": 5}), ("Grep", {"pattern": "P", "output_mode": "lines"}),
       ("Grep", {"pattern": "P", "-A": "two"}), ("Grep", {"path": "<WS>"})),
   {"tools": ["Read", "Glob", "Grep", "Bash"]}, files=FILES)
sc("invalid_read_numbers", "Read with offset -1, limit 0, limit as string '2', offset float 1.5.",
   seq(R("<WS>/p.txt", offset=-1), R("<WS>/p.txt", limit=0), R("<WS>/p.txt", limit="2"), R("<WS>/p.txt", offset=1.5)),
   files={**FILES, "p.txt": "1\n2\n3\n4\n"})
sc("invalid_bash_fields", "Bash: timeout 'abc', run_in_background 'yes', command null, extra key.",
   seq(("Bash", {"command": "echo a", "timeout": "abc"}), ("Bash", {"command": "echo b", "run_in_background": "yes"}),
       ("Bash", {"command": None}), ("Bash", {"command": "echo c", "foo": 1})), files=FILES)
sc("invalid_parallel_mix", "One turn: invalid Read, valid Read, invalid Bash, unknown tool.",
   [par(("Read", {"path": "<WS>/p.txt"}), R("<WS>/p.txt"), ("Bash", {}), ("Nope", {"a": 1})), DONE], files=FILES)
sc("invalid_input_default_mode", "default mode, no callback: invalid Write input (missing content) — validation or permission first?",
   seq(("Write", {"file_path": "<WS>/x.txt"}), ("Bash", {"command": 42})),
   {"permission_mode": "default"}, files=FILES)
sc("unknown_tool_default_cb", "default mode with can_use_tool log_all: unknown tool and a disabled tool name (Glob not in default set).",
   seq(("NoSuchTool", {"x": 1}), ("Glob", {"pattern": "*.txt"})),
   {"permission_mode": "default"}, files=FILES, behaviors={"can_use_tool": "log_all"})
sc("unknown_tool_tools_restricted", "tools=['Read']: model calls Bash (not enabled) and Write.",
   seq(B("echo hi", "echo"), W("<WS>/w.txt", "w\n"), R("<WS>/p.txt")),
   {"tools": ["Read"]}, files=FILES)

# ------------------------------------------------------------------ max_turns
sc("max_turns_2_parallel", "max_turns=2: round 1 has 3 parallel calls, round 2 has 2, round 3 never reached.",
   [par(B("echo 1"), B("echo 2"), R("<WS>/p.txt")), par(B("echo 3"), B("echo 4"), start=4), {"content": [txt("never")]}],
   {"max_turns": 2}, files=FILES)
sc("max_turns_3_exact_text", "max_turns=3: two tool rounds then a text answer on the 3rd call (fits exactly).",
   seq(B("echo 1"), B("echo 2"), final="Final answer."), {"max_turns": 3})
sc("max_turns_1_parallel_text_first", "max_turns=1: text plus two parallel tool calls in the first response.",
   [{"content": [txt("Working."), tu(1, "Bash", {"command": "echo 1"}), tu(2, "Bash", {"command": "echo 2"})]}, DONE],
   {"max_turns": 1})
sc("max_turns_2_denied", "max_turns=2 in dontAsk: both rounds denied.",
   [par(W("<WS>/a.txt", "a\n"), B("touch b")), par(W("<WS>/c.txt", "c\n"), start=3), DONE],
   {"max_turns": 2, "permission_mode": "dontAsk"}, files=FILES)

# ------------------------------------------------------------------ models / cost
U = {"input_tokens": 1000, "output_tokens": 500, "cache_creation_input_tokens": 2000, "cache_read_input_tokens": 4000}
for m in ["claude-haiku-4-5", "claude-opus-4-1", "claude-sonnet-4-5", "haiku", "opus"]:
    sc("model_cache_" + m.replace("-", "_").replace(".", "_"), f"model={m}: usage with cache creation/read tokens, two calls (cost).",
       [{"content": [tu(1, "Bash", {"command": "echo x"})], "usage": U}, {"content": [txt("ok")], "usage": U}],
       {"model": m})
sc("model_unknown_cost", "model='gpt-x-unknown' with usage: cost and model_usage keys.",
   [{"content": [txt("hi")], "usage": U}], {"model": "gpt-x-unknown"})
sc("model_response_other_model", "model=claude-sonnet-4-5 but the API answers with model 'claude-haiku-4-5' in message_start.",
   [{"content": [txt("hi")], "usage": U, "model": "claude-haiku-4-5"}], {"model": "claude-sonnet-4-5"})

# ------------------------------------------------------------------ sessions
sc("session_resume_twice_tools", "Query 1 (Read), resume with a Bash turn, resume again with text.",
   [{"content": [tu(1, "Read", {"file_path": "<WS>/p.txt"})]}, {"content": [txt("Read P.")]},
    {"content": [tu(2, "Bash", {"command": "echo second"})]}, {"content": [txt("Echoed.")]},
    {"content": [txt("Third answer.")]}],
   files=FILES, then=[{"prompt": "Second", "options": {"resume": "<SESSION_ID_1>"}},
                      {"prompt": "Third", "options": {"resume": "<SESSION_ID_1>"}}])
sc("session_continue_after_fork", "Query 1, fork it (query 2), then continue_conversation: which session is continued?",
   [{"content": [txt("A1.")]}, {"content": [txt("Fork1.")]}, {"content": [txt("Continued.")]}],
   then=[{"prompt": "Fork it", "options": {"resume": "<SESSION_ID_1>", "fork_session": True}},
         {"prompt": "Continue", "options": {"continue_conversation": True}}])
sc("session_fork_of_fork", "Query 1, fork (2), fork the fork (3) with a tool call.",
   [{"content": [txt("A.")]}, {"content": [txt("B.")]}, {"content": [tu(1, "Bash", {"command": "echo c"})]}, {"content": [txt("C.")]}],
   then=[{"prompt": "Fork one", "options": {"resume": "<SESSION_ID_1>", "fork_session": True}},
         {"prompt": "Fork two", "options": {"resume": "<SESSION_ID_2>", "fork_session": True}}])
sc("session_resume_other_system_prompt", "Resume with a different system_prompt and model than the first query.",
   [{"content": [txt("First.")]}, {"content": [txt("Second.")]}],
   {"system_prompt": "SP-ONE"},
   then=[{"prompt": "Again", "options": {"resume": "<SESSION_ID_1>", "system_prompt": "SP-TWO", "model": "claude-sonnet-4-5"}}])
sc("session_resume_truncated_keep0", "Tear the last assistant row to 0 chars, then resume.",
   [{"content": [txt("Answer one.")]}, {"content": [txt("Answer two.")]}],
   then=[{"prompt": "Again", "options": {"resume": "<SESSION_ID_1>"},
          "before": {"truncate_transcript": {"session": 1, "at_last_type": "assistant", "keep_chars": 0}}}])
sc("session_resume_truncated_user", "Tear the last user row (the first prompt) mid-row, then resume.",
   [{"content": [txt("Answer one.")]}, {"content": [txt("Answer two.")]}],
   then=[{"prompt": "Again", "options": {"resume": "<SESSION_ID_1>"},
          "before": {"truncate_transcript": {"session": 1, "at_last_type": "user", "keep_chars": 40}}}])
sc("session_resume_unknown_then_continue", "Resume an unknown id (raises), then continue_conversation in the same cwd with a prior session.",
   [{"content": [txt("A1.")]}, {"content": [txt("Continued.")]}],
   then=[{"prompt": "Bad", "options": {"resume": "00000000-0000-4000-8000-000000000000"}},
         {"prompt": "Continue", "options": {"continue_conversation": True}}])
sc("session_continue_resume_both", "continue_conversation=True and resume=<session 1> together after a second session.",
   [{"content": [txt("A1.")]}, {"content": [txt("B1.")]}, {"content": [txt("Which one.")]}],
   then=[{"prompt": "Second"},
         {"prompt": "Both", "options": {"resume": "<SESSION_ID_1>", "continue_conversation": True}}])

# ------------------------------------------------------------------ stop reasons
sc("stop_refusal", "stop_reason refusal on a text answer.",
   [{"content": [txt("I can't help with that.")], "stop_reason": "refusal"}, DONE])
sc("stop_refusal_after_tool", "A tool round, then stop_reason refusal.",
   [{"content": [tu(1, "Bash", {"command": "echo x"})]}, {"content": [txt("Refusing now.")], "stop_reason": "refusal"}, DONE])
sc("stop_pause_turn", "stop_reason pause_turn on a text answer, then a normal answer.",
   [{"content": [txt("Pausing...")], "stop_reason": "pause_turn"}, {"content": [txt("Resumed answer.")]}])
sc("stop_context_window_exceeded", "stop_reason model_context_window_exceeded on a text answer.",
   [{"content": [txt("Out of room")], "stop_reason": "model_context_window_exceeded"}, {"content": [txt("After.")]}])
sc("stop_max_tokens_mid_tool_use", "stop_reason max_tokens with a (complete) tool_use block last.",
   [{"content": [txt("Let me run"), tu(1, "Bash", {"command": "echo x"})], "stop_reason": "max_tokens"}, {"content": [txt("After.")]}, DONE])
sc("stop_max_tokens_twice", "max_tokens twice in a row, then end_turn.",
   [{"content": [txt("Part one")], "stop_reason": "max_tokens"}, {"content": [txt(" part two")], "stop_reason": "max_tokens"},
    {"content": [txt(" end.")]}])
sc("stop_sequence_text", "stop_reason stop_sequence after a tool round.",
   [{"content": [tu(1, "Bash", {"command": "echo x"})]}, {"content": [txt("Stopped at seq")], "stop_reason": "stop_sequence"}])
sc("stop_end_turn_with_tool_use", "stop_reason end_turn although the response holds a tool_use block.",
   [{"content": [txt("Calling"), tu(1, "Bash", {"command": "echo x"})], "stop_reason": "end_turn"}, {"content": [txt("After.")]}])

# ------------------------------------------------------------------ stream cuts
sc("stream_cut_after_start", "Stream cut right after message_start, then a normal response.",
   [{"content": [txt("cut early")], "cut_after": 1}, {"content": [txt("Second try worked.")]}], timeout_s=120)
sc("stream_cut_in_tool_use", "Stream cut in the middle of a tool_use block's input, then the retry calls the tool.",
   [{"content": [txt("Running"), tu(1, "Bash", {"command": "echo partial-cut-command"})], "cut_after": 7, "chunk": 4},
    {"content": [tu(2, "Bash", {"command": "echo retry"})]}, {"content": [txt("Done.")]}], timeout_s=120)
sc("stream_cut_twice", "Two cut streams in a row, then success.",
   [{"content": [txt("first cut response text")], "cut_after": 4}, {"content": [txt("second cut response text")], "cut_after": 4},
    {"content": [txt("Third try worked.")]}], timeout_s=150)
sc("stream_cut_after_tool_round", "A tool round, then a cut stream, then success.",
   [{"content": [tu(1, "Bash", {"command": "echo x"})]}, {"content": [txt("about to be cut off here")], "cut_after": 4},
    {"content": [txt("Recovered.")]}], timeout_s=120)
sc("stream_cut_partial_messages", "Cut stream with include_partial_messages=True.",
   [{"content": [txt("This response will be cut.")], "cut_after": 4}, {"content": [txt("Second try.")]}],
   {"include_partial_messages": True}, timeout_s=120)

# ------------------------------------------------------------------ system prompt / tools / text
sc("system_prompt_preset_append", "system_prompt preset claude_code with append.",
   [{"content": [txt("ok")]}], {"system_prompt": {"type": "preset", "preset": "claude_code", "append": "APPEND-MARKER"}})
sc("system_prompt_preset_plain", "system_prompt preset claude_code without append.",
   [{"content": [txt("ok")]}], {"system_prompt": {"type": "preset", "preset": "claude_code"}})
sc("system_prompt_empty", "system_prompt = '' (empty string).",
   [{"content": [txt("ok")]}], {"system_prompt": ""})
sc("system_prompt_multiline", "system_prompt with newlines and trailing whitespace.",
   [{"content": [txt("ok")]}], {"system_prompt": "Line one.\n\nLine two.  \n"})
sc("tools_read_only", "tools=['Read']: init tools, request tools, a Read call.",
   seq(R("<WS>/p.txt")), {"tools": ["Read"]}, files=FILES)
sc("tools_preset", "tools={'type':'preset','preset':'claude_code'}.",
   [{"content": [txt("ok")]}], {"tools": {"type": "preset", "preset": "claude_code"}})
sc("tools_unknown_name", "tools=['Read','NoSuchTool','Bash'].",
   [{"content": [txt("ok")]}], {"tools": ["Read", "NoSuchTool", "Bash"]})
sc("tools_empty_with_allowed", "tools=[] with allowed_tools=['Bash'] and a Bash call.",
   seq(B("echo hi")), {"tools": [], "allowed_tools": ["Bash"]})
sc("text_several_blocks", "Three text blocks in one response (result text = ?).",
   [{"content": [txt("First block."), txt("Second block."), txt("Third block.")]}])
sc("text_empty_block", "A response whose only text block is empty.",
   [{"content": [txt("")]}])
sc("text_then_tool_then_text", "text, tool_use, text in one response.",
   [{"content": [txt("Before."), tu(1, "Bash", {"command": "echo x"}), txt("After call.")]}, {"content": [txt("Final.")]}])

# ------------------------------------------------------------------ Read / Glob / Grep / Write
sc("read_offset_past_end", "Read with offset past EOF, offset=last line, limit=1 offset=2.",
   seq(R("<WS>/f.txt", offset=10), R("<WS>/f.txt", offset=3), R("<WS>/f.txt", offset=2, limit=1)),
   files={"f.txt": "l1\nl2\nl3\n"})
sc("read_relative_and_tilde", "Read with a relative path and a ~ path inside HOME (bypass).",
   seq(R("p.txt"), R("~/h.txt")), files=FILES, home_files={"h.txt": "home file\n"})
sc("glob_variants", "Glob: no match, brace pattern, path to a file, dot-files.",
   seq(("Glob", {"pattern": "*.none"}), ("Glob", {"pattern": "src/*.{py,js}"}), ("Glob", {"pattern": "*", "path": "<WS>/p.txt"}),
       ("Glob", {"pattern": ".*"})),
   {"tools": ["Read", "Glob", "Grep"]}, files={**FILES, ".hid": "h\n", "src/c.js": "c\n"},
   mtimes={"p.txt": 1700000000, "src/a.py": 1700000100, "src/b.py": 1700000200, ".hid": 1700000300, "src/c.js": 1700000400})
sc("grep_variants", "Grep: case-insensitive count, type filter, head_limit with offset, multiline.",
   seq(("Grep", {"pattern": "print", "-i": True, "output_mode": "count"}), ("Grep", {"pattern": "print", "type": "py", "output_mode": "content", "-n": True}),
       ("Grep", {"pattern": ".", "output_mode": "files_with_matches", "head_limit": 1, "offset": 1}),
       ("Grep", {"pattern": "a'\\)\\nprint", "multiline": True, "output_mode": "content"})),
   {"tools": ["Read", "Glob", "Grep"]}, files={**FILES, "src/m.py": "print('a')\nprint('m')\n"},
   mtimes={"p.txt": 1700000000, "src/a.py": 1700000100, "src/b.py": 1700000200, "src/m.py": 1700000300})
sc("write_nested_new_dirs", "Write to a new file in non-existent nested dirs, then overwrite it without reading.",
   seq(W("<WS>/a/b/c/new.txt", "one\n"), W("<WS>/a/b/c/new.txt", "two\n")), files=FILES)
sc("write_existing_unread_acceptEdits", "acceptEdits: Write over an existing never-read file.",
   seq(W("<WS>/p.txt", "overwritten\n")), {"permission_mode": "acceptEdits"}, files=FILES)
sc("write_existing_unread_default_cb", "default + can_use_tool log_all: Write over an existing never-read file (callback input).",
   seq(W("<WS>/p.txt", "overwritten\n")), {"permission_mode": "default"}, files=FILES,
   behaviors={"can_use_tool": "log_all"})
sc("write_empty_content", "Write with empty content to a new and an existing file.",
   seq(W("<WS>/empty.txt", ""), R("<WS>/p.txt"), W("<WS>/p.txt", "")), files=FILES)


# ================================================================== round 2: pinning the differences
# hook output that is not a usable verdict (hook_no_verdict warning?)
for nm, out in [
    ("no_event_name_allow", {"hookSpecificOutput": {"permissionDecision": "allow"}}),
    ("legacy_decision_maybe", {"decision": "maybe"}),
    ("continue_string", {"continue": "yes"}),
    ("unknown_key_only", {"someUnknownKey": 1}),
    ("context_no_event_name", {"hookSpecificOutput": {"additionalContext": "CTX-NO-EVENT"}}),
    ("reason_only", {"reason": "just a reason"}),
]:
    sc("hook_cmd_pre_" + nm, f"settings PreToolUse command hook output {json.dumps(out)} on echo (bypass).",
       seq(B("echo hi", "echo")), {"setting_sources": ["project"]},
       files={**FILES, **cmd_hook("PreToolUse", "Bash", out)})
sc("hook_cmd_post_invalid_decision", "settings PostToolUse command hook output {decision: 'approve'} (not a PostToolUse value).",
   seq(B("echo hi", "echo")), {"setting_sources": ["project"]},
   files={**FILES, **cmd_hook("PostToolUse", "Bash", {"decision": "approve"})})
sc("hook_cmd_prompt_invalid_decision", "settings UserPromptSubmit command hook output {decision: 'maybe'}.",
   seq(B("echo hi", "echo")), {"setting_sources": ["project"]},
   files={**FILES, **cmd_hook("UserPromptSubmit", None, {"decision": "maybe"})})
# legacy decision approve
sc("hook_cmd_pre_approve_write_outside", "settings PreToolUse command hook {decision: approve} on a Write outside the workspace (default mode).",
   seq(W("<ROOT>/appr_out.txt", "x\n")), {"permission_mode": "default", "setting_sources": ["project"]},
   files={**FILES, **cmd_hook("PreToolUse", "Write", {"decision": "approve", "reason": "legacy ok"})},
   record={"outside_files": True})
sc("hook_cmd_pre_approve_dontAsk", "settings PreToolUse command hook {decision: approve} on touch in dontAsk.",
   seq(B("touch ap.txt", "touch")), {"permission_mode": "dontAsk", "setting_sources": ["project"]},
   files={**FILES, **cmd_hook("PreToolUse", "Bash", {"decision": "approve"})})
sc("hook_cmd_pre_approve_cb", "settings PreToolUse command hook {decision: approve} on touch in default with can_use_tool log_all.",
   seq(B("touch ap.txt", "touch")), {"permission_mode": "default", "setting_sources": ["project"]},
   files={**FILES, **cmd_hook("PreToolUse", "Bash", {"decision": "approve"})}, behaviors={"can_use_tool": "log_all"})
sc("hook_cmd_pre_approve_vs_deny_rule", "settings PreToolUse {decision: approve} vs a deny rule Bash(touch *) (bypass).",
   seq(B("touch ap.txt", "touch")), {"setting_sources": ["project"], "disallowed_tools": ["Bash(touch *)"]},
   files={**FILES, **cmd_hook("PreToolUse", "Bash", {"decision": "approve"})})

# ask rules: message text and decision_reason_type
def ask_sc(name, mode, rules, calls, cb=False):
    kw = {"behaviors": {"can_use_tool": "log_all"}} if cb else {}
    sc(name, f"{mode} + settings ask rules {rules}{' + can_use_tool log_all' if cb else ''}.",
       seq(*calls), {"permission_mode": mode, "setting_sources": ["project"]},
       files={**FILES, **settings({"permissions": {"ask": rules}})}, **kw)
ask_sc("ask_default_write_whole", "default", ["Write"], [W("<WS>/q.txt", "Q\n"), E("<WS>/p.txt", "P", "X")])
ask_sc("ask_bypass_write_path", "bypassPermissions", ["Write(./q.txt)"], [W("<WS>/q.txt", "Q\n"), W("<WS>/r.txt", "R\n")])
ask_sc("ask_bypass_bash_whole", "bypassPermissions", ["Bash"], [B("echo hi", "echo"), B("touch t.txt", "touch")])
ask_sc("ask_bypass_read_whole", "bypassPermissions", ["Read"], [R("<WS>/p.txt")])
ask_sc("ask_bypass_edit_whole", "bypassPermissions", ["Edit"], [E("<WS>/p.txt", "P", "X"), W("<WS>/q.txt", "Q\n")])
ask_sc("ask_acceptEdits_write_whole", "acceptEdits", ["Write"], [W("<WS>/q.txt", "Q\n")])
ask_sc("ask_bypass_glob_whole", "bypassPermissions", ["Glob", "Grep"], [("Glob", {"pattern": "*.txt"}), ("Grep", {"pattern": "P"})])
ask_sc("ask_bypass_write_whole_cb", "bypassPermissions", ["Write"], [W("<WS>/q.txt", "Q\n")], cb=True)
ask_sc("ask_bypass_bash_prefix", "bypassPermissions", ["Bash(echo:*)"], [B("echo hi", "echo"), B("ls", "ls")])

# NotebookEdit validation vs permission
NB = json.dumps({"cells": [{"cell_type": "code", "id": "c1", "metadata": {}, "source": ["x = 1"], "outputs": [], "execution_count": None}],
                 "metadata": {}, "nbformat": 4, "nbformat_minor": 5})
sc("notebook_default_missing", "default mode, no rules: NotebookEdit of a missing notebook.",
   seq(("NotebookEdit", {"notebook_path": "<WS>/n.ipynb", "new_source": "x"})), {"permission_mode": "default"}, files=FILES)
sc("notebook_default_existing_unread", "default mode, no rules: NotebookEdit of an existing, unread notebook.",
   seq(("NotebookEdit", {"notebook_path": "<WS>/n.ipynb", "cell_id": "c1", "new_source": "x = 2"})), {"permission_mode": "default"},
   files={**FILES, "n.ipynb": NB})
sc("notebook_allowed_edit_read_first", "default, allowed_tools=['Edit']: Read the notebook, then NotebookEdit it.",
   seq(R("<WS>/n.ipynb"), ("NotebookEdit", {"notebook_path": "<WS>/n.ipynb", "cell_id": "c1", "new_source": "x = 2"})),
   {"permission_mode": "default", "allowed_tools": ["Edit"]}, files={**FILES, "n.ipynb": NB})
sc("notebook_default_read_first", "default, no rules: Read the notebook, then NotebookEdit it (denied?).",
   seq(R("<WS>/n.ipynb"), ("NotebookEdit", {"notebook_path": "<WS>/n.ipynb", "cell_id": "c1", "new_source": "x = 2"})),
   {"permission_mode": "default"}, files={**FILES, "n.ipynb": NB})
sc("write_default_existing_unread_nocb", "default, no rules: Write over an existing unread file and Edit of a missing file.",
   seq(W("<WS>/p.txt", "new\n"), E("<WS>/missing.txt", "a", "b")), {"permission_mode": "default"}, files=FILES)

# empty / blank text answers
sc("text_blank_block", "A response whose only text block is whitespace.", [{"content": [txt("  \n ")]}])
sc("text_two_empty_blocks", "A response with two empty text blocks.", [{"content": [txt(""), txt("")]}])
sc("text_empty_then_tool", "An empty text block followed by a tool_use.",
   [{"content": [txt(""), tu(1, "Bash", {"command": "echo x"})]}, {"content": [txt("After.")]}])
sc("text_empty_after_tool_round", "A tool round, then an empty text answer.",
   [{"content": [tu(1, "Bash", {"command": "echo x"})]}, {"content": [txt("")]}])
sc("text_empty_twice", "Two empty text answers in a row, then a real one.",
   [{"content": [txt("")]}, {"content": [txt("")]}, {"content": [txt("Finally.")]}])
sc("text_empty_partial", "Empty text answer with include_partial_messages=True.",
   [{"content": [txt("")]}], {"include_partial_messages": True})

# block order in the next request
sc("text_tool_text_tool", "text, tool_use, text, tool_use in one response.",
   [{"content": [txt("T1."), tu(1, "Bash", {"command": "echo 1"}), txt("T2."), tu(2, "Bash", {"command": "echo 2"})]}, {"content": [txt("Final.")]}])
sc("tool_then_text", "tool_use then text in one response.",
   [{"content": [tu(1, "Bash", {"command": "echo 1"}), txt("Trailing text.")]}, {"content": [txt("Final.")]}])
sc("text_tool_text_resume", "text, tool_use, text then resume: block order in the resumed history.",
   [{"content": [txt("Before."), tu(1, "Bash", {"command": "echo x"}), txt("After call.")]}, {"content": [txt("Final.")]},
    {"content": [txt("Resumed.")]}],
   then=[{"prompt": "More", "options": {"resume": "<SESSION_ID_1>"}}])

# context window exceeded variants
sc("stop_context_window_after_tool", "A tool round, then stop_reason model_context_window_exceeded.",
   [{"content": [tu(1, "Bash", {"command": "echo x"})]}, {"content": [txt("No room")], "stop_reason": "model_context_window_exceeded"},
    {"content": [txt("After.")]}])
sc("stop_context_window_with_tool", "stop_reason model_context_window_exceeded on a response with a complete tool_use.",
   [{"content": [txt("Calling"), tu(1, "Bash", {"command": "echo x"})], "stop_reason": "model_context_window_exceeded"},
    {"content": [txt("After.")]}, DONE])
sc("stop_context_window_max_turns1", "max_turns=1 and stop_reason model_context_window_exceeded.",
   [{"content": [txt("No room")], "stop_reason": "model_context_window_exceeded"}, {"content": [txt("After.")]}], {"max_turns": 1})

# stream cut variants
sc("stream_cut_partial_after_start", "include_partial_messages, stream cut right after message_start.",
   [{"content": [txt("cut early")], "cut_after": 1}, {"content": [txt("Second try.")]}], {"include_partial_messages": True}, timeout_s=120)
sc("stream_cut_partial_in_tool_use", "include_partial_messages, stream cut at the start of a tool_use block after a text block.",
   [{"content": [txt("Running"), tu(1, "Bash", {"command": "echo partial"})], "cut_after": 7, "chunk": 4},
    {"content": [txt("Done after cut.")]}], {"include_partial_messages": True}, timeout_s=120)
sc("stream_cut_after_long_text_block", "A complete 80-char text block, then the stream is cut at the next block start.",
   [{"content": [txt("x" * 80), tu(1, "Bash", {"command": "echo y"})], "cut_after": 6, "chunk": 200},
    {"content": [txt("Done after cut.")]}], timeout_s=120)
sc("stream_cut_mid_long_text", "An 80-char text delta received, block not closed, then the stream is cut.",
   [{"content": [txt("y" * 80 + "tail that is never sent because of the cut")], "cut_after": 4, "chunk": 80},
    {"content": [txt("Second try.")]}], timeout_s=120)
sc("stream_cut_mid_tool_input", "Text block done, tool_use input partially streamed, then cut.",
   [{"content": [txt("Go"), tu(1, "Bash", {"command": "echo a-long-command-line-here"})], "cut_after": 9, "chunk": 6},
    {"content": [txt("Done after cut.")]}], timeout_s=120)
sc("stream_cut_two_text_blocks", "Two complete text blocks, then the stream is cut before message_delta.",
   [{"content": [txt("First block."), txt("Second block.")], "cut_after": 9, "chunk": 100},
    {"content": [txt("Done after cut.")]}], timeout_s=120)

# sessions: continue + resume, torn second prompt
sc("session_continue_resume_fork", "continue_conversation + resume=<session 1> + fork_session after a second session.",
   [{"content": [txt("A1.")]}, {"content": [txt("B1.")]}, {"content": [txt("Forked.")]}],
   then=[{"prompt": "Second"},
         {"prompt": "Both", "options": {"resume": "<SESSION_ID_1>", "continue_conversation": True, "fork_session": True}}])
sc("session_resume_torn_second_prompt", "Two queries in one session; tear the second prompt's row, then resume.",
   [{"content": [txt("A1.")]}, {"content": [txt("A2.")]}, {"content": [txt("A3.")]}],
   then=[{"prompt": "Second", "options": {"resume": "<SESSION_ID_1>"}},
         {"prompt": "Third", "options": {"resume": "<SESSION_ID_1>"},
          "before": {"truncate_transcript": {"session": 1, "at_last_type": "user", "keep_chars": 30}}}])
sc("session_continue_torn_only_prompt", "Tear the only user row of session 1, then continue_conversation.",
   [{"content": [txt("A1.")]}, {"content": [txt("Continued.")]}],
   then=[{"prompt": "Continue", "options": {"continue_conversation": True},
          "before": {"truncate_transcript": {"session": 1, "at_last_type": "user", "keep_chars": 30}}}])
sc("session_resume_torn_tool_result_keep0", "Session with a tool round; tear the tool-result row to 0 chars, then resume.",
   [{"content": [tu(1, "Bash", {"command": "echo x"})]}, {"content": [txt("A1.")]}, {"content": [txt("A2.")]}],
   then=[{"prompt": "Again", "options": {"resume": "<SESSION_ID_1>"},
          "before": {"truncate_transcript": {"session": 1, "at_last_type": "user", "keep_chars": 0}}}])


# ================================================================== round 3
# input validation before the permission check
sc("edit_default_old_not_found", "default, no callback: Edit whose old_string is not in the file.",
   seq(E("<WS>/p.txt", "ZZZ", "Q"), E("<WS>/p.txt", "P", "P")), {"permission_mode": "default"}, files=FILES)
sc("edit_dontAsk_missing", "dontAsk: Edit of a missing file and NotebookEdit of a missing notebook.",
   seq(E("<WS>/missing.txt", "a", "b"), ("NotebookEdit", {"notebook_path": "<WS>/n.ipynb", "new_source": "x"})),
   {"permission_mode": "dontAsk"}, files=FILES)
sc("edit_default_missing_cb", "default + can_use_tool log_all: Edit of a missing file (callback reached?).",
   seq(E("<WS>/missing.txt", "a", "b")), {"permission_mode": "default"}, files=FILES, behaviors={"can_use_tool": "log_all"})
sc("edit_default_outside_missing", "default, no callback: Edit of a missing file outside the workspace.",
   seq(E("<ROOT>/nowhere/missing.txt", "a", "b")), {"permission_mode": "default"}, files=FILES)
sc("edit_plan_missing", "plan mode: Edit of a missing file and of an existing file.",
   seq(E("<WS>/missing.txt", "a", "b"), E("<WS>/p.txt", "P", "Q")), {"permission_mode": "plan"}, files=FILES)
# ask rule callbacks (TS context keys)
ask_sc("ask_default_read_whole_cb", "default", ["Read"], [R("<WS>/p.txt")], cb=True)
ask_sc("ask_default_bash_whole_cb", "default", ["Bash"], [B("echo hi", "echo"), B("touch t.txt", "touch")], cb=True)
ask_sc("ask_acceptEdits_edit_path_cb", "acceptEdits", ["Edit(./src/**)"], [E("<WS>/src/a.py", "a", "A")], cb=True)
# block order with thinking
sc("thinking_tool_text_order", "thinking, tool_use, text in one response: block order in the next request.",
   [{"content": [{"type": "thinking", "thinking": "Let me think.", "signature": "sig1"}, tu(1, "Bash", {"command": "echo x"}), txt("After call.")]},
    {"content": [txt("Final.")]}])
sc("text_tool_text_parallel_reads", "text, Read, text, Read: order of blocks and results.",
   [{"content": [txt("A."), tu(1, "Read", {"file_path": "<WS>/p.txt"}), txt("B."), tu(2, "Read", {"file_path": "<WS>/src/a.py"})]},
    {"content": [txt("Final.")]}], files=FILES)
# stream cut: more points
sc("stream_cut_partial_at_text_start", "include_partial_messages, cut right after the text block start (no delta).",
   [{"content": [txt("never streamed")], "cut_after": 2}, {"content": [txt("Second try.")]}], {"include_partial_messages": True}, timeout_s=120)
sc("stream_cut_before_message_stop", "All content and message_delta received, cut before message_stop.",
   [{"content": [txt("Complete text.")], "cut_after": 7, "chunk": 100}, {"content": [txt("Second try.")]}], timeout_s=120)
sc("stream_cut_before_message_stop_tool", "A complete tool_use and message_delta received, cut before message_stop.",
   [{"content": [tu(1, "Bash", {"command": "echo x"})], "cut_after": 7, "chunk": 100}, {"content": [txt("After.")]}, DONE], timeout_s=120)
# sessions
sc("session_continue_with_unknown_resume", "continue_conversation=True with resume=<unknown id> after one session.",
   [{"content": [txt("A1.")]}, {"content": [txt("Continued.")]}],
   then=[{"prompt": "Both", "options": {"resume": "00000000-0000-4000-8000-000000000000", "continue_conversation": True}}])
sc("session_resume_torn_only_row_keep_all", "Tear the only user row keeping 200 chars (still invalid JSON), then resume.",
   [{"content": [txt("A1.")]}, {"content": [txt("A2.")]}],
   then=[{"prompt": "Again", "options": {"resume": "<SESSION_ID_1>"},
          "before": {"truncate_transcript": {"session": 1, "at_last_type": "user", "keep_chars": 200}}}])

if __name__ == "__main__":
    for f in os.listdir(HERE):
        if f.startswith("vb_") and f.endswith(".json"):
            os.remove(os.path.join(HERE, f))
    for s in SCEN:
        with open(os.path.join(HERE, s["name"] + ".json"), "w") as fh:
            json.dump(s, fh, indent=1)
            fh.write("\n")
    print(len(SCEN), "scenarios")

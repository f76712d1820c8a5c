#!/usr/bin/env python3
"""Generates the variants-c scenarios (prefix vc_): one-input variations of the shared
families compact_*, invalid_tool_input, unknown_tool, parallel_tool_calls, max_turns,
model_option, system_prompt_string, tools_*, text_answer, tool_loop_multi_turn, write_*.
Run: python3 make.py  (writes vc_*.json next to this file)."""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import scenario_files  # noqa: E402
from scenario_files import tu, txt, seq  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SCEN = []
DONE = {"content": [{"type": "text", "text": "Done."}]}
SUMMARY = "Your task is to create a detailed summary of the conversation so far"


def think(t, sig="sig"):
    return {"type": "thinking", "thinking": t, "signature": sig}


def par(*calls, start=1):
    return {"content": [tu(start + i, n, inp) for i, (n, inp) in enumerate(calls)]}


def sc(name, desc, responses, options=None, prompt="Go", **extra):
    s = {"name": "vc_" + name, "description": desc, "prompt": prompt,
         "options": {"permission_mode": "bypassPermissions", **(options or {})},
         "responses": responses, "default": DONE}
    s.update(extra)
    SCEN.append(s)


B = lambda cmd, d=None: ("Bash", {"command": cmd, **({"description": d} if d else {})})
R = lambda p, **kw: ("Read", {"file_path": p, **kw})
W = lambda p, c: ("Write", {"file_path": p, "content": c})
E = lambda p, o, n, **kw: ("Edit", {"file_path": p, "old_string": o, "new_string": n, **kw})
FILES = {"p.txt": "P\n", "src/a.py": "print('a')\n", "src/b.py": "print('b')\n"}


# ================================================================== compaction
def step(i, usage, extra_calls=()):
    c = [txt(f"Step {i}."), tu(i, "Bash", {"command": f"echo s{i}", "description": f"step {i}"})]
    for k, cmd in enumerate(extra_calls):
        c.append(tu(10 * i + k, "Bash", {"command": cmd, "description": "extra"}))
    return {"content": c, "usage": usage}


def summ(text="<analysis>\nA.\n</analysis>\n\n<summary>\nVariant summary.\n</summary>", **kw):
    return {"content": [txt(text)], "match": SUMMARY, **kw}


def u(i, o=50, cc=0, cr=0):
    return {"input_tokens": i, "output_tokens": o, "cache_creation_input_tokens": cc, "cache_read_input_tokens": cr}


FINAL = {"content": [txt("All steps ran.")]}
DEF = {"content": [txt("DEFAULT (unscripted request)")]}


def csc(name, desc, responses, options=None, **extra):
    sc(name, desc, responses, options, prompt="Run the steps and report", default=DEF, timeout_s=150, **extra)


csc("compact_auto_cache_creation", "Threshold crossed through cache_creation tokens (100 input + 967,000 cache creation).",
    [step(1, u(1000)), step(2, u(2000)), step(3, u(100, cc=967000)), summ(), FINAL])
csc("compact_auto_output_cross", "Threshold crossed only thanks to output tokens (966,900 input + 200 output).",
    [step(1, u(1000)), step(2, u(2000)), step(3, u(966900, o=200)), summ(), FINAL])
csc("compact_auto_final_text_over", "The response that crosses the threshold is a final text answer (no tool): compaction or not?",
    [step(1, u(1000)), step(2, u(2000)), {"content": [txt("All steps ran.")], "usage": u(967100)}, summ(), FINAL])
csc("compact_auto_parallel_at_cross", "The crossing response has two parallel Bash calls.",
    [step(1, u(1000)), step(2, u(2000)), step(3, u(967100), ["echo s3b"]), summ(), FINAL])
csc("compact_auto_sonnet_threshold", "model claude-sonnet-4-5 (200k window): 3rd response 167,100 input tokens.",
    [step(1, u(1000)), step(2, u(2000)), step(3, u(167100)), summ(), FINAL], {"model": "claude-sonnet-4-5"})
csc("compact_auto_sonnet_below", "model claude-sonnet-4-5: 3rd response 160,000 input tokens.",
    [step(1, u(1000)), step(2, u(2000)), step(3, u(160000)), summ(), FINAL], {"model": "claude-sonnet-4-5"})
csc("compact_auto_disabled_env", "DISABLE_AUTO_COMPACT=1 with a crossing response (967,100).",
    [step(1, u(1000)), step(2, u(2000)), step(3, u(967100)), summ(), FINAL], env={"DISABLE_AUTO_COMPACT": "1"})
csc("compact_auto_pct_override", "CLAUDE_AUTOCOMPACT_PCT_OVERRIDE=50 with a response of 600,000 input tokens.",
    [step(1, u(1000)), step(2, u(2000)), step(3, u(600000)), summ(), FINAL], env={"CLAUDE_AUTOCOMPACT_PCT_OVERRIDE": "50"})
csc("compact_summary_no_tags", "Auto compaction whose summary answer has no <analysis>/<summary> tags.",
    [step(1, u(1000)), step(2, u(2000)), step(3, u(967100)), summ("Plain summary text without tags."), FINAL])
csc("compact_summary_only_analysis", "Summary answer with only an <analysis> block.",
    [step(1, u(1000)), step(2, u(2000)), step(3, u(967100)), summ("<analysis>\nOnly analysis.\n</analysis>"), FINAL])
csc("compact_summary_with_tool_use", "Summary answer contains a text AND a tool_use (the model disobeys).",
    [step(1, u(1000)), step(2, u(2000)), step(3, u(967100)),
     {"content": [txt("<summary>\nS.\n</summary>"), tu(99, "Bash", {"command": "echo from-summary"})], "match": SUMMARY}, FINAL])
csc("compact_summary_error_400", "The summary request is answered 400 invalid_request_error.",
    [step(1, u(1000)), step(2, u(2000)), step(3, u(967100)),
     {"content": [], "match": SUMMARY, "error": {"status": 400, "type": "invalid_request_error", "message": "bad summary request"}}, FINAL])
csc("compact_summary_empty", "The summary answer is an empty text block.",
    [step(1, u(1000)), step(2, u(2000)), step(3, u(967100)), summ(""), FINAL])
csc("compact_thinking_history", "Auto compaction where every round starts with a thinking block.",
    [{"content": [think("Thinking 1.")] + step(1, u(1000))["content"], "usage": u(1000)},
     {"content": [think("Thinking 2.")] + step(2, u(2000))["content"], "usage": u(2000)},
     {"content": [think("Thinking 3.")] + step(3, u(967100))["content"], "usage": u(967100)}, summ(), FINAL])
csc("compact_auto_partial_messages", "Auto compaction with include_partial_messages=True (are summary stream events yielded?).",
    [step(1, u(1000)), step(2, u(2000)), step(3, u(967100)), summ(), FINAL], {"include_partial_messages": True})
csc("compact_ptl_second_request", "The 2nd request (after one tool round) is answered 400 prompt too long.",
    [step(1, u(1000)), {"content": [], "error": {"status": 400, "type": "invalid_request_error",
                                                 "message": "prompt is too long: 1000123 tokens > 1000000 maximum"}}, summ(), FINAL])
csc("compact_ptl_twice", "Prompt too long at the 3rd request, and again on the re-send after compaction.",
    [step(1, u(100)), step(2, u(200)),
     {"content": [], "error": {"status": 400, "type": "invalid_request_error", "message": "prompt is too long: 1000123 tokens > 1000000 maximum"}},
     summ(),
     {"content": [], "error": {"status": 400, "type": "invalid_request_error", "message": "prompt is too long: 1000456 tokens > 1000000 maximum"}},
     summ("<summary>\nSecond summary.\n</summary>"), FINAL])
csc("compact_ptl_no_numbers", "3rd request answered 400 'prompt is too long' without token numbers.",
    [step(1, u(100)), step(2, u(200)),
     {"content": [], "error": {"status": 400, "type": "invalid_request_error", "message": "prompt is too long"}}, summ(), FINAL])
csc("compact_ptl_first_turn_small_limit", "First request answered 'prompt is too long: 250000 tokens > 200000 maximum'.",
    [{"content": [], "error": {"status": 400, "type": "invalid_request_error", "message": "prompt is too long: 250000 tokens > 200000 maximum"}}, FINAL])
csc("compact_ptl_413", "3rd request answered HTTP 413 request_too_large.",
    [step(1, u(100)), step(2, u(200)),
     {"content": [], "error": {"status": 413, "type": "request_too_large", "message": "Request exceeds the maximum allowed number of bytes."}}, summ(), FINAL])

MANUAL_BASE = [{"content": [txt("Looking."), tu(1, "Bash", {"command": "echo project-files", "description": "list"})]},
               {"content": [txt("The project has files.")]}]


def msc(name, desc, compact_prompt, extra_then=(), behaviors=None, summary=None, after=True):
    resp = MANUAL_BASE + [summary or summ("<analysis>\nA.\n</analysis>\n\n<summary>\nManual summary.\n</summary>"),
                          {"content": [txt("Answer after the manual compaction.")]}]
    then = [{"prompt": compact_prompt, "options": {"resume": "<SESSION_ID_1>"}}] + list(extra_then)
    if after:
        then.append({"prompt": "What did we do so far?", "options": {"resume": "<SESSION_ID_1>"}})
    kw = {"behaviors": behaviors} if behaviors else {}
    sc(name, desc, resp, prompt="Look at the project", default=DEF, then=then, timeout_s=150, **kw)


msc("compact_manual_instructions", "Resumed '/compact Keep the file names' (custom instructions).", "/compact Keep the file names")
msc("compact_manual_instructions_hook", "Resumed '/compact Focus on tests' with PreCompact/PostCompact hooks log_all.",
    "/compact Focus on tests",
    behaviors={"hooks": {"PreCompact": [{"matcher": None, "behavior": "log_all"}],
                         "PostCompact": [{"matcher": None, "behavior": "log_all"}]}})
msc("compact_manual_hook_system_message", "Resumed '/compact' with a PreCompact hook returning systemMessage.", "/compact",
    behaviors={"hooks": {"PreCompact": [{"matcher": None, "behavior": "system_message", "text": "PRECOMPACT-SYS"}]}})
msc("compact_manual_hook_block", "Resumed '/compact' with a PreCompact hook returning decision block.", "/compact",
    behaviors={"hooks": {"PreCompact": [{"matcher": None, "behavior": "block", "reason": "No compaction please"}]}})
msc("compact_manual_hook_stop", "Resumed '/compact' with a PreCompact hook returning continue:false.", "/compact",
    behaviors={"hooks": {"PreCompact": [{"matcher": None, "behavior": "stop", "reason": "Stop at precompact"}]}})
msc("compact_manual_twice", "Resumed '/compact' twice in a row, then a question.", "/compact",
    extra_then=[{"prompt": "/compact", "options": {"resume": "<SESSION_ID_1>"}}])
msc("compact_manual_multiline_args", "Resumed '/compact line one\\nline two' (multi-line instructions).",
    "/compact line one\nline two")
msc("compact_manual_leading_space", "Resumed ' /compact' (leading space): a command or a plain prompt?", " /compact")
msc("compact_manual_summary_error", "Resumed '/compact' whose summary request is answered 400.", "/compact",
    summary={"content": [], "match": SUMMARY, "error": {"status": 400, "type": "invalid_request_error", "message": "bad summary request"}})
sc("compact_manual_empty_args", "'/compact focus here' in a fresh session.", [], prompt="/compact focus here", default=DEF)
sc("slash_unknown_command", "Prompt '/nosuchcmd arg' in a fresh session.", [{"content": [txt("Answered.")]}],
   prompt="/nosuchcmd arg", default=DEF)
csc("compact_auto_hook_block", "Auto compaction with a PreCompact hook returning decision block.",
    [step(1, u(1000)), step(2, u(2000)), step(3, u(967100)), summ(), FINAL],
    behaviors={"hooks": {"PreCompact": [{"matcher": None, "behavior": "block", "reason": "No compaction please"}]}})
csc("compact_auto_hook_stop", "Auto compaction with a PreCompact hook returning continue:false.",
    [step(1, u(1000)), step(2, u(2000)), step(3, u(967100)), summ(), FINAL],
    behaviors={"hooks": {"PreCompact": [{"matcher": None, "behavior": "stop", "reason": "Stop at precompact"}]}})

# ================================================================== invalid tool input
sc("inv_read_path_number", "Read with file_path 5 (number).", seq(("Read", {"file_path": 5})), files=FILES)
sc("inv_read_path_null", "Read with file_path null.", seq(("Read", {"file_path": None})), files=FILES)
sc("inv_read_multi_issues", "Read with file_path 1, offset 'x' and an extra key (three issues).",
   seq(("Read", {"file_path": 1, "offset": "x", "extra": True})), files=FILES)
sc("inv_read_wrong_case_key", "Read with File_path instead of file_path.", seq(("Read", {"File_path": "<WS>/p.txt"})), files=FILES)
sc("inv_read_pages_text", "Read a text file with pages '1-2'.", seq(R("<WS>/p.txt", pages="1-2")), files=FILES)
sc("inv_read_empty_path", "Read with file_path ''.", seq(R("")), files=FILES)
sc("inv_raw_json_truncated", "tool_use input streamed as truncated JSON '{\"file_path\": \"<WS>/p.txt\"'.",
   seq(("Read", '{"file_path": "<WS>/p.txt"')), files=FILES)
sc("inv_raw_json_array", "tool_use input streamed as '[]'.", seq(("Read", "[]")), files=FILES)
sc("inv_raw_json_null", "tool_use input streamed as 'null'.", seq(("Bash", "null")), files=FILES)
sc("inv_raw_json_string", "tool_use input streamed as a JSON string '\"echo hi\"'.", seq(("Bash", '"echo hi"')), files=FILES)
sc("inv_raw_json_empty", "tool_use input streamed as '' (no input_json at all).", seq(("Bash", "")), files=FILES)
sc("inv_write_content_number", "Write with content 42.", seq(("Write", {"file_path": "<WS>/n.txt", "content": 42})), files=FILES)
sc("inv_write_content_null", "Write with content null.", seq(("Write", {"file_path": "<WS>/n.txt", "content": None})), files=FILES)
sc("inv_write_empty_input", "Write with {} (both required keys missing).", seq(("Write", {})), files=FILES)
sc("inv_write_path_array", "Write with file_path ['a'].", seq(("Write", {"file_path": ["<WS>/a.txt"], "content": "x"})), files=FILES)
sc("inv_edit_missing_old", "Edit without old_string.", seq(R("<WS>/p.txt"), ("Edit", {"file_path": "<WS>/p.txt", "new_string": "Q"})), files=FILES)
sc("inv_edit_new_null", "Edit with new_string null.", seq(R("<WS>/p.txt"), ("Edit", {"file_path": "<WS>/p.txt", "old_string": "P", "new_string": None})), files=FILES)
sc("inv_edit_extra_key", "Edit with an extra key 'line'.", seq(R("<WS>/p.txt"), E("<WS>/p.txt", "P", "Q", line=1)), files=FILES)
sc("inv_bash_description_number", "Bash with description 7.", seq(("Bash", {"command": "echo d", "description": 7})), files=FILES)
sc("inv_bash_timeout_negative", "Bash with timeout -5.", seq(("Bash", {"command": "echo t", "timeout": -5})), files=FILES)
sc("inv_bash_timeout_huge", "Bash with timeout 9999999 (above the 600000 max).", seq(("Bash", {"command": "echo t", "timeout": 9999999})), files=FILES)
sc("inv_bash_timeout_float", "Bash with timeout 1500.5.", seq(("Bash", {"command": "echo t", "timeout": 1500.5})), files=FILES)
sc("inv_glob_path_number", "Glob with path 3 and an extra key.", seq(("Glob", {"pattern": "*.txt", "path": 3}), ("Glob", {"pattern": "*.txt", "x": 1})),
   {"tools": ["Read", "Glob", "Grep"]}, files=FILES)
sc("inv_grep_bool_string", "Grep with -i 'true' (string) and head_limit -1 and type 5.",
   seq(("Grep", {"pattern": "P", "-i": "true"}), ("Grep", {"pattern": "P", "head_limit": -1}), ("Grep", {"pattern": "P", "type": 5})),
   {"tools": ["Read", "Glob", "Grep"]}, files=FILES)
TODO_OK = {"todos": [{"content": "Do a", "status": "pending", "activeForm": "Doing a"},
                     {"content": "Do b", "status": "in_progress", "activeForm": "Doing b"}]}
sc("inv_todowrite_valid", "tools=['TodoWrite','Read']: a valid TodoWrite call.", seq(("TodoWrite", TODO_OK)), {"tools": ["TodoWrite", "Read"]})
sc("inv_todowrite_missing_todos", "tools=['TodoWrite']: TodoWrite with {}.", seq(("TodoWrite", {})), {"tools": ["TodoWrite", "Read"]})
sc("inv_todowrite_bad_status", "tools=['TodoWrite']: an item with status 'done' and one missing activeForm.",
   seq(("TodoWrite", {"todos": [{"content": "a", "status": "done", "activeForm": "A"}, {"content": "b", "status": "pending"}]})),
   {"tools": ["TodoWrite", "Read"]})
sc("inv_pre_hook_called", "Invalid Read input with PreToolUse/PostToolUseFailure hooks log_all: are hooks called?",
   seq(("Read", {"file_path": 5}), B("echo ok")), files=FILES,
   behaviors={"hooks": {"PreToolUse": [{"matcher": None, "behavior": "log_all"}],
                        "PostToolUseFailure": [{"matcher": None, "behavior": "log_all"}],
                        "PostToolUse": [{"matcher": None, "behavior": "log_all"}]}})
sc("inv_default_cb_write", "default mode + can_use_tool log_all: Write missing content (callback before or after validation?).",
   seq(("Write", {"file_path": "<WS>/x.txt"}), W("<WS>/y.txt", "y\n")), {"permission_mode": "default"}, files=FILES,
   behaviors={"can_use_tool": "log_all"})

# ================================================================== unknown tools
sc("unk_lowercase_bash", "The model calls 'bash' (lower case).", seq(("bash", {"command": "echo hi"})))
sc("unk_task_name", "The model calls 'Task' (the init name of the Agent tool) with {}.", seq(("Task", {})))
sc("unk_placeholder", "The model calls 'DeferredToolPlaceholder' (in the request tool list).", seq(("DeferredToolPlaceholder", {})))
sc("unk_deferred_cronlist", "The model calls the deferred tool CronList directly, without ToolSearch.", seq(("CronList", {})))
sc("unk_deferred_webfetch_invalid", "The model calls the deferred tool WebFetch with {} (invalid) without ToolSearch.", seq(("WebFetch", {})))
sc("unk_toolsearch_then_cronlist", "ToolSearch select:CronList, then CronList.",
   seq(("ToolSearch", {"query": "select:CronList"}), ("CronList", {})))
sc("unk_deferred_cronlist_extra", "CronList, still deferred, with an unexpected parameter.",
   seq(("CronList", {"extra": 1})))
sc("unk_deferred_cronlist_default", "CronList called directly in default mode (no callback).",
   seq(("CronList", {})), {"permission_mode": "default"})
sc("unk_toolsearch_parallel_cronlist", "ToolSearch select:CronList and CronList in one response.",
   [par(("ToolSearch", {"query": "select:CronList"}), ("CronList", {})), DONE])
sc("unk_toolsearch_two_then_none", "ToolSearch select:CronList,WebFetch, then a select naming nothing.",
   seq(("ToolSearch", {"query": "select:CronList,WebFetch"}), ("ToolSearch", {"query": "select:NoSuch"})))
sc("unk_mcp_name", "The model calls mcp__srv__tool (no MCP servers).", seq(("mcp__srv__tool", {"a": 1})))
sc("unk_hooks", "Unknown tool with PreToolUse / PostToolUseFailure hooks log_all.", seq(("NoSuchTool", {"x": 1})),
   behaviors={"hooks": {"PreToolUse": [{"matcher": None, "behavior": "log_all"}],
                        "PostToolUseFailure": [{"matcher": None, "behavior": "log_all"}]}})
sc("unk_dontAsk", "Unknown tool in dontAsk mode.", seq(("NoSuchTool", {"x": 1})), {"permission_mode": "dontAsk"})
sc("unk_three_times", "Unknown tool three turns in a row, then text.", seq(("Nope1", {}), ("Nope2", {}), ("Nope1", {})))
sc("unk_todowrite_default", "The model calls TodoWrite with the default toolset.", seq(("TodoWrite", TODO_OK)))
sc("unk_empty_input_name_space", "The model calls 'Read ' (trailing space).", seq(("Read ", {"file_path": "<WS>/p.txt"})), files=FILES)

# ================================================================== parallel
sc("par_read_write_read_same", "One turn: Read a.txt, Write a.txt, Read a.txt.",
   [par(R("<WS>/a.txt"), W("<WS>/a.txt", "NEW\n"), R("<WS>/a.txt")), DONE], files={"a.txt": "OLD\n"})
sc("par_edit_edit_same", "Read, then one turn with two Edits of the same file.",
   [par(R("<WS>/a.txt")), par(E("<WS>/a.txt", "one", "ONE"), E("<WS>/a.txt", "two", "TWO"), start=2), DONE],
   files={"a.txt": "one\ntwo\n"})
sc("par_write_then_edit_new", "One turn: Write a new file and Edit it.",
   [par(W("<WS>/n.txt", "alpha\n"), E("<WS>/n.txt", "alpha", "beta")), DONE])
sc("par_bash_fail_first", "One turn: Bash 'exit 1', Bash 'sleep 1; echo slow', Bash 'echo fast'.",
   [par(B("exit 1"), B("sleep 1; echo slow"), B("echo fast")), DONE])
sc("par_bash_fail_last_slow", "One turn: Bash 'echo a', Bash 'sleep 0.5; exit 2'.",
   [par(B("echo a"), B("sleep 0.5; exit 2")), DONE])
sc("par_bash_fail_then_touch", "One turn: Bash 'exit 3', then Bash 'touch after.txt' (mutating, runs after?).",
   [par(B("exit 3"), B("touch after.txt")), DONE])
sc("par_read_missing_with_bash", "One turn: Read of a missing file and Bash 'sleep 1; echo x'.",
   [par(R("<WS>/missing.txt"), B("sleep 1; echo x")), DONE])
sc("par_bash_8", "One turn: 8 Bash echo calls.", [par(*[B(f"echo n{i}") for i in range(8)]), DONE])
sc("par_touch_then_ls", "One turn: Bash touch x.txt then Bash ls (does ls see x.txt?).",
   [par(B("touch x.txt"), B("ls")), DONE])
sc("par_ls_then_touch", "One turn: Bash ls then Bash touch x.txt.",
   [par(B("ls"), B("touch x.txt")), DONE])
sc("par_bash_timeout_sibling", "One turn: Bash 'sleep 5' with timeout 1000, and Bash 'echo ok'.",
   [par(("Bash", {"command": "sleep 5", "timeout": 1000}), B("echo ok")), DONE])
sc("par_write_two_then_cat", "One turn: Write a.txt, Write b.txt, Bash 'cat a.txt b.txt'.",
   [par(W("<WS>/a.txt", "A\n"), W("<WS>/b.txt", "B\n"), B("cat a.txt b.txt")), DONE])
sc("par_text_between", "One response: text, tool, text, tool.",
   [{"content": [txt("First."), tu(1, "Bash", {"command": "echo 1"}), txt("Second."), tu(2, "Bash", {"command": "echo 2"})]}, DONE])
sc("par_duplicate_ids", "One response with two tool_use blocks sharing the id toolu_01 (same output, so that the race on which result is kept does not show).",
   [{"content": [tu(1, "Bash", {"command": "echo dup"}), tu(1, "Bash", {"command": "echo  dup"})]}, DONE])
sc("par_bash_fail_hooks", "One turn: Bash 'exit 1' + Bash 'sleep 1; echo slow' with PostToolUse / PostToolUseFailure hooks log_all.",
   [par(B("exit 1"), B("sleep 1; echo slow")), DONE],
   behaviors={"hooks": {"PostToolUse": [{"matcher": None, "behavior": "log_all"}],
                        "PostToolUseFailure": [{"matcher": None, "behavior": "log_all"}]}})
sc("par_bash_all_fail", "One turn: three failing Bash (exit 1, exit 2, false).",
   [par(B("exit 1"), B("exit 2"), B("false")), DONE])
sc("par_bash_fail_and_read", "One turn: Bash 'exit 1' and Read p.txt.",
   [par(B("exit 1"), R("<WS>/p.txt")), DONE], files=FILES)
sc("par_grep_glob_fail_read", "One turn: Glob, Read of a missing file, Grep (read-only error sibling).",
   [par(("Glob", {"pattern": "*.txt"}), R("<WS>/missing.txt"), ("Grep", {"pattern": "P"})), DONE],
   {"tools": ["Read", "Glob", "Grep"]}, files=FILES)
sc("par_bash_cat_missing", "One turn: Bash 'cat missing.txt' (fails, read-only) and Bash 'sleep 1; echo slow'.",
   [par(B("cat missing.txt"), B("sleep 1; echo slow")), DONE])

# ================================================================== max_turns
TOOLS2 = [{"content": [tu(1, "Bash", {"command": "echo 1"})]}, {"content": [tu(2, "Bash", {"command": "echo 2"})]},
          {"content": [txt("after tools")]}]
sc("mt_0", "max_turns=0 with a tool call and a text answer.", TOOLS2, {"max_turns": 0})
sc("mt_negative", "max_turns=-1 with a tool call and a text answer.", TOOLS2, {"max_turns": -1})
sc("mt_1_unknown_tool", "max_turns=1: the model calls an unknown tool.", [par(("NoSuchTool", {})), DONE], {"max_turns": 1})
sc("mt_1_stop_hook", "max_turns=1 with a tool call and a Stop hook log_all: does Stop fire on error_max_turns?",
   TOOLS2, {"max_turns": 1}, behaviors={"hooks": {"Stop": [{"matcher": None, "behavior": "log_all"}]}})
sc("mt_1_pre_deny", "max_turns=1, PreToolUse deny on Bash.", TOOLS2, {"max_turns": 1},
   behaviors={"hooks": {"PreToolUse": [{"matcher": "Bash", "behavior": "deny", "reason": "No bash"}]}})
sc("mt_1_cb_deny", "max_turns=1, default mode, can_use_tool deny_all on a touch.",
   [par(B("touch t.txt")), DONE], {"max_turns": 1, "permission_mode": "default"},
   behaviors={"can_use_tool": {"behavior": "deny_all", "message": "nope"}})
sc("mt_1_resume", "Query 1 with max_turns=1 answers text; resumed query 2 (max_turns=1) calls a tool.",
   [{"content": [txt("First.")]}, {"content": [tu(1, "Bash", {"command": "echo q2"})]}, {"content": [txt("never")]}],
   {"max_turns": 1}, then=[{"prompt": "Second", "options": {"resume": "<SESSION_ID_1>"}}])
sc("mt_2_resume_counts", "Query 1 has two rounds (max_turns=3); resumed query 2 with max_turns=2 has two rounds too.",
   [{"content": [tu(1, "Bash", {"command": "echo a"})]}, {"content": [txt("A done.")]},
    {"content": [tu(2, "Bash", {"command": "echo b"})]}, {"content": [txt("B done.")]}],
   {"max_turns": 3}, then=[{"prompt": "Second", "options": {"resume": "<SESSION_ID_1>", "max_turns": 2}}])
sc("mt_1_partial", "max_turns=1 with include_partial_messages=True.", TOOLS2, {"max_turns": 1, "include_partial_messages": True})
sc("mt_1_thinking_text", "max_turns=1: thinking + text only.", [{"content": [think("Hmm."), txt("Answer.")]}], {"max_turns": 1})
sc("mt_1_stop_hook_text", "max_turns=1: text answer with a Stop hook returning block (forces another turn).",
   [{"content": [txt("First answer.")]}, {"content": [txt("Second answer.")]}], {"max_turns": 1},
   behaviors={"hooks": {"Stop": [{"matcher": None, "behavior": "block", "reason": "Keep going"}]}})
sc("mt_2_stop_hook_block", "max_turns=2: text answer, Stop hook blocks once (log counts).",
   [{"content": [txt("First answer.")]}, {"content": [txt("Second answer.")]}, {"content": [txt("Third answer.")]}], {"max_turns": 2},
   behaviors={"hooks": {"Stop": [{"matcher": None, "behavior": "block", "reason": "Keep going"}]}})

# ================================================================== models
for nm, m in [("empty", ""), ("upper_opus", "OPUS"), ("gpt_4o", "gpt-4o"), ("opus_5_5_1m", "claude-opus-5-5[1m]"),
              ("sonnet_4_5_noprefix", "sonnet-4-5"), ("claude_3_opus_latest", "claude-3-opus-latest"),
              ("space_opus", " opus "), ("inherit", "inherit"), ("haiku_1m", "haiku[1m]")]:
    sc("model_" + nm, f"model={m!r}: init model, request model, cost.",
       [{"content": [txt("hi")], "usage": u(1000, 1000)}], {"model": m})
sc("model_fallback_same", "model and fallback_model both claude-sonnet-4-5.",
   [{"content": [txt("hi")]}], {"model": "claude-sonnet-4-5", "fallback_model": "claude-sonnet-4-5"})
sc("model_fallback_unknown", "fallback_model 'gpt-x' with the default model (no error).",
   [{"content": [txt("hi")]}], {"fallback_model": "gpt-x"})
sc("model_fallback_alias_same", "model 'sonnet' with fallback_model 'sonnet'.",
   [{"content": [txt("hi")]}], {"model": "sonnet", "fallback_model": "sonnet"})

# ================================================================== system prompt
ONE = [{"content": [txt("ok")]}]
sc("sp_none", "system_prompt=None explicitly.", ONE, {"system_prompt": None})
sc("sp_custom_type", "system_prompt {'type':'custom','prompt':'CUSTOM-SP'}.", ONE, {"system_prompt": {"type": "custom", "prompt": "CUSTOM-SP"}})
sc("sp_preset_append_empty", "system_prompt preset claude_code with append ''.", ONE,
   {"system_prompt": {"type": "preset", "preset": "claude_code", "append": ""}})
sc("sp_preset_exclude_dynamic", "system_prompt preset claude_code with exclude_dynamic_sections=True.", ONE,
   {"system_prompt": {"type": "preset", "preset": "claude_code", "exclude_dynamic_sections": True}})
sc("sp_preset_exclude_dynamic_append", "preset claude_code, exclude_dynamic_sections=True and append.", ONE,
   {"system_prompt": {"type": "preset", "preset": "claude_code", "exclude_dynamic_sections": True, "append": "APPEND-X"}})
sc("sp_long_string", "system_prompt string of 3000 chars in paragraphs.", ONE,
   {"system_prompt": "\n\n".join(["Paragraph %d. " % i + "lorem ipsum " * 20 for i in range(12)]) + "\n\nLAST-PARAGRAPH"})
sc("sp_unicode", "system_prompt with emoji, CJK and RTL text.", ONE, {"system_prompt": "Be nice 😀 — 日本語 — עברית"})
sc("sp_dash_leading", "system_prompt '--help me' (dash-leading value).", ONE, {"system_prompt": "--help me"})
sc("sp_whitespace", "system_prompt '   ' (whitespace only).", ONE, {"system_prompt": "   "})
sc("sp_string_with_tools_empty", "system_prompt string with tools=[].", ONE, {"system_prompt": "SP-X", "tools": []})

# ================================================================== tools option
sc("tools_lowercase", "tools=['read','bash'] (lower case) and a Read call.", seq(R("<WS>/p.txt")), {"tools": ["read", "bash"]}, files=FILES)
sc("tools_task", "tools=['Task','Read'].", ONE, {"tools": ["Task", "Read"]})
sc("tools_agent", "tools=['Agent','Read'].", ONE, {"tools": ["Agent", "Read"]})
sc("tools_rule_syntax", "tools=['Bash(echo *)','Read'] and an echo + touch call.",
   seq(B("echo hi"), B("touch t.txt")), {"tools": ["Bash(echo *)", "Read"]})
sc("tools_duplicate", "tools=['Read','Read','Bash'].", seq(R("<WS>/p.txt")), {"tools": ["Read", "Read", "Bash"]}, files=FILES)
sc("tools_todowrite_only", "tools=['TodoWrite'].", ONE, {"tools": ["TodoWrite"]})
sc("tools_glob_grep_disallow_grep", "tools=['Glob','Grep'] with disallowed_tools=['Grep'], model calls Grep then Glob.",
   seq(("Grep", {"pattern": "P"}), ("Glob", {"pattern": "*.txt"})), {"tools": ["Glob", "Grep"], "disallowed_tools": ["Grep"]}, files=FILES)
sc("tools_read_allowed_write", "tools=['Read'] with allowed_tools=['Write']: model calls Write.",
   seq(W("<WS>/w.txt", "w\n")), {"tools": ["Read"], "allowed_tools": ["Write"]}, files=FILES)
sc("tools_preset_disallow", "tools preset with disallowed_tools=['Bash','Write'].", seq(B("echo hi")),
   {"tools": {"type": "preset", "preset": "claude_code"}, "disallowed_tools": ["Bash", "Write"]})
sc("tools_webfetch_read", "tools=['WebFetch','Read'] (a normally deferred tool named explicitly).", ONE, {"tools": ["WebFetch", "Read"]})
sc("tools_toolsearch_only", "tools=['ToolSearch'].", ONE, {"tools": ["ToolSearch"]})
sc("tools_ls_legacy", "tools=['Glob','Grep','LS'].", ONE, {"tools": ["Glob", "Grep", "LS"]})
sc("tools_disallowed_glob_in_list", "tools=['Read','Glob'], disallowed_tools=['Glob(*.py)'] (rule form).",
   seq(("Glob", {"pattern": "*.txt"})), {"tools": ["Read", "Glob"], "disallowed_tools": ["Glob(*.py)"]}, files=FILES)
sc("tools_empty_disallowed_bash", "tools=[] with disallowed_tools=['Bash'].", ONE, {"tools": [], "disallowed_tools": ["Bash"]})

# ================================================================== text answers
sc("text_unicode", "Text with emoji, CJK, RTL, combining marks.",
   [{"content": [txt("Héllo 👋🏽 世界 שלום e\u0301 \U0001F600 done")]}], prompt="Unicode? ✓")
sc("text_thinking_then_text", "thinking + text.", [{"content": [think("Let me think."), txt("Answer.")]}])
sc("text_redacted_then_text", "redacted_thinking + text.", [{"content": [{"type": "redacted_thinking", "data": "REDACTED=="}, txt("Answer.")]}])
sc("text_two_thinking", "two thinking blocks then text.", [{"content": [think("One."), think("Two.", "sig2"), txt("Answer.")]}])
sc("text_thinking_only", "a response with only a thinking block.", [{"content": [think("Only thinking.")]}, {"content": [txt("Now text.")]}])
sc("text_then_thinking", "text then a thinking block.", [{"content": [txt("Answer first."), think("Afterthought.")]}])
sc("text_padded", "text with leading/trailing whitespace and newlines.", [{"content": [txt("  padded answer  \n\n")]}])
sc("text_fake_reminder", "text containing a <system-reminder> tag.",
   [{"content": [txt("Before <system-reminder>fake</system-reminder> after")]}])
sc("text_prompt_empty", "prompt ''.", [{"content": [txt("Empty prompt answered.")]}], prompt="")
sc("text_prompt_whitespace", "prompt '   \\n'.", [{"content": [txt("Whitespace answered.")]}], prompt="   \n")
sc("text_control_chars", "text with \\u0000, ESC and \\u2028.", [{"content": [txt("a\u0000b\u001b[31mred\u001b[0m\u2028c")]}])
sc("text_crlf", "text with CRLF line endings.", [{"content": [txt("line1\r\nline2\r\n")]}])
sc("text_long", "a 60,000-char text answer.", [{"content": [txt("x" * 59990 + "END-MARKER")], "chunk": 4000}])
sc("text_thinking_tool_thinking", "thinking, tool, then a second response with thinking + text.",
   [{"content": [think("Plan."), tu(1, "Bash", {"command": "echo t"})]}, {"content": [think("Reflect."), txt("Final.")]}])
sc("text_empty_thinking_text", "an empty thinking block then text.", [{"content": [think(""), txt("Answer.")]}])

# ================================================================== tool loops
loop = lambda n, mk: [{"content": mk(i)} for i in range(1, n + 1)] + [{"content": [txt("Loop done.")]}]
sc("loop_10_tool_only", "10 consecutive tool-only turns (is the nudge repeated?).",
   loop(10, lambda i: [tu(i, "Bash", {"command": f"echo {i}"})]))
sc("loop_5_tool_only", "exactly 5 tool-only turns then text.", loop(5, lambda i: [tu(i, "Bash", {"command": f"echo {i}"})]))
sc("loop_6_text_and_tool", "6 turns each with text + tool (does text reset the counter?).",
   loop(6, lambda i: [txt(f"Turn {i}."), tu(i, "Bash", {"command": f"echo {i}"})]))
sc("loop_text_in_middle", "4 tool-only turns, a text+tool turn, then 4 tool-only turns.",
   loop(9, lambda i: ([txt("Update.")] if i == 5 else []) + [tu(i, "Bash", {"command": f"echo {i}"})]))
sc("loop_same_call_6", "the identical Bash call repeated in 6 turns.",
   loop(6, lambda i: [tu(i, "Bash", {"command": "echo same"})]))
sc("loop_parallel_counts", "3 tool-only turns with 3 parallel calls each, then 3 single-call turns.",
   loop(6, lambda i: [tu(10 * i + k, "Bash", {"command": f"echo {i}-{k}"}) for k in range(3 if i <= 3 else 1)]))
sc("loop_thinking_tool_only", "6 turns of thinking + tool (thinking is not visible text).",
   loop(6, lambda i: [think(f"T{i}."), tu(i, "Bash", {"command": f"echo {i}"})]))
sc("loop_reads_6", "6 tool-only Read turns.", loop(6, lambda i: [tu(i, "Read", {"file_path": "<WS>/p.txt"})]), files=FILES)

# ================================================================== Write
sc("write_relative", "Write with a relative path 'rel/new.txt'.", seq(W("rel/new.txt", "rel\n")), files=FILES)
sc("write_outside_cwd", "bypass: Write to <ROOT>/out.txt (outside cwd).", seq(W("<ROOT>/out.txt", "out\n")),
   files=FILES, record={"outside_files": True})
sc("write_after_read", "Read then overwrite.", seq(R("<WS>/p.txt"), W("<WS>/p.txt", "new\n")), files=FILES)
sc("write_changed_since_read", "Read, Bash appends to the file, then Write over it.",
   seq(R("<WS>/p.txt"), B("echo extra >> p.txt"), W("<WS>/p.txt", "new\n")), files=FILES)
sc("write_touched_since_read", "Read, Bash touches the file (mtime only), then Write over it.",
   seq(R("<WS>/p.txt"), B("touch -d '2030-01-01' p.txt"), W("<WS>/p.txt", "new\n")), files=FILES)
sc("write_partial_read_then_write", "Read with limit 1 of a 3-line file, then Write over it.",
   seq(R("<WS>/m.txt", limit=1), W("<WS>/m.txt", "new\n")), files={"m.txt": "1\n2\n3\n"})
sc("write_to_directory", "Write to an existing directory path.", seq(W("<WS>/src", "x\n")), files=FILES)
sc("write_parent_is_file", "Write to p.txt/child.txt (parent is a file).", seq(W("<WS>/p.txt/child.txt", "x\n")), files=FILES)
sc("write_tilde_path", "bypass: Write to ~/h.txt.", seq(W("~/h.txt", "home\n"), R("~/h.txt")), files=FILES)
sc("write_same_content", "Read then Write the identical content.", seq(R("<WS>/p.txt"), W("<WS>/p.txt", "P\n")), files=FILES)
sc("write_crlf_file_lf_content", "Read a CRLF file, then Write LF content over it.",
   seq(R("<WS>/c.txt"), W("<WS>/c.txt", "one\ntwo\n")), files={"c.txt": "a\r\nb\r\n"})
sc("write_claude_settings_bypass", "bypass: Write .claude/settings.local.json inside the workspace.",
   seq(W("<WS>/.claude/settings.local.json", "{}\n")), files=FILES)
sc("write_claude_settings_acceptEdits", "acceptEdits: Write .claude/settings.json inside the workspace.",
   seq(W("<WS>/.claude/settings.json", "{}\n")), {"permission_mode": "acceptEdits"}, files=FILES)
sc("write_git_config_bypass", "bypass: Write .git/config inside the workspace.",
   seq(W("<WS>/.git/config", "[core]\n")), files={**FILES, ".git/HEAD": "ref: refs/heads/main\n"})
sc("write_empty_nested_new", "Write '' into a new nested dir.", seq(W("<WS>/n1/n2/e.txt", "")), files=FILES)
sc("write_no_trailing_newline", "Read a file without trailing newline, then Write unicode without newline.",
   seq(R("<WS>/t.txt"), W("<WS>/t.txt", "naïve ✓")), files={"t.txt": "abc"})
sc("write_trailing_slash", "Write to 'newdir/' (trailing slash).", seq(W("<WS>/newdir/", "x\n")), files=FILES)
sc("write_edit_after_external_change", "Read, Bash appends, then Edit (stale) and Write.",
   seq(R("<WS>/p.txt"), B("echo extra >> p.txt"), E("<WS>/p.txt", "P", "Q")), files=FILES)
sc("write_dot_segments", "Write to <WS>/src/../dot.txt.", seq(W("<WS>/src/../dot.txt", "d\n")), files=FILES)

# ================================================================== round 2: pinning the differences
sc("write_claude_other_acceptEdits", "acceptEdits: Write .claude/notes.txt (any file under .claude/?).",
   seq(W("<WS>/.claude/notes.txt", "n\n")), {"permission_mode": "acceptEdits"}, files=FILES)
sc("write_git_config_acceptEdits", "acceptEdits: Write .git/config.",
   seq(W("<WS>/.git/config", "[core]\n")), {"permission_mode": "acceptEdits"}, files={**FILES, ".git/HEAD": "ref: refs/heads/main\n"})
sc("write_vscode_acceptEdits", "acceptEdits: Write .vscode/settings.json.",
   seq(W("<WS>/.vscode/settings.json", "{}\n")), {"permission_mode": "acceptEdits"}, files=FILES)
sc("write_claude_settings_main_bypass", "bypass: Write .claude/settings.json (not .local).",
   seq(W("<WS>/.claude/settings.json", "{}\n")), files=FILES)
sc("edit_claude_settings_acceptEdits", "acceptEdits: Read then Edit an existing .claude/settings.json.",
   seq(R("<WS>/.claude/settings.json"), E("<WS>/.claude/settings.json", "{}", "{ }")), {"permission_mode": "acceptEdits"},
   files={**FILES, ".claude/settings.json": "{}\n"})
sc("write_claude_md_acceptEdits", "acceptEdits: Write CLAUDE.md at the workspace root.",
   seq(W("<WS>/CLAUDE.md", "# memo\n")), {"permission_mode": "acceptEdits"}, files=FILES)
sc("write_claude_settings_default_cb", "default + can_use_tool log_all: Write .claude/settings.json (callback context).",
   seq(W("<WS>/.claude/settings.json", "{}\n")), {"permission_mode": "default"}, files=FILES, behaviors={"can_use_tool": "log_all"})
sc("write_bashrc_home_bypass", "bypass: Write ~/.bashrc (scratch HOME).", seq(W("~/.bashrc", "# rc\n")), files=FILES)
sc("text_thinking_only_twice", "two thinking-only responses in a row.",
   [{"content": [think("Only thinking.")]}, {"content": [think("Still thinking.")]}, {"content": [txt("Late text.")]}])
sc("text_redacted_only", "a response with only a redacted_thinking block.",
   [{"content": [{"type": "redacted_thinking", "data": "R=="}]}, {"content": [txt("Now text.")]}])
sc("text_tool_then_thinking_final", "tool round, then a final response text + thinking (thinking last).",
   [{"content": [tu(1, "Bash", {"command": "echo t"})]}, {"content": [txt("Final text."), think("After.")]}])
sc("text_prompt_space", "prompt ' ' (one space).", [{"content": [txt("Space answered.")]}], prompt=" ")
msc("compact_manual_hook_block_args", "Resumed '/compact keep x' with a PreCompact hook returning decision block.", "/compact keep x",
    behaviors={"hooks": {"PreCompact": [{"matcher": None, "behavior": "block", "reason": "No compaction please"}]}}, after=False)
csc("compact_auto_hook_system_message", "Auto compaction with a PreCompact hook returning systemMessage.",
    [step(1, u(1000)), step(2, u(2000)), step(3, u(967100)), summ(), FINAL],
    behaviors={"hooks": {"PreCompact": [{"matcher": None, "behavior": "system_message", "text": "AUTO-PRECOMPACT-SYS"}]}})
csc("compact_ptl_413_first_turn", "The first request is answered HTTP 413 request_too_large.",
    [{"content": [], "error": {"status": 413, "type": "request_too_large", "message": "Request exceeds the maximum allowed number of bytes."}}, FINAL])
csc("compact_ptl_second_request_parallel", "The 2nd request (after one round of two parallel tools) is answered prompt too long.",
    [step(1, u(1000), ["echo s1b"]), {"content": [], "error": {"status": 400, "type": "invalid_request_error",
                                                 "message": "prompt is too long: 1000123 tokens > 1000000 maximum"}}, summ(), FINAL])
for nm, m in [("cap_sonnet", "Sonnet"), ("sonnet_4_5_1m", "claude-sonnet-4-5[1m]"), ("haiku_3_5_latest", "claude-3-5-haiku-latest"),
              ("opus_trailing_space", "opus "), ("upper_1m", "OPUS[1M]")]:
    sc("model_" + nm, f"model={m!r}: init model, request model, cost.",
       [{"content": [txt("hi")], "usage": u(1000, 1000)}], {"model": m})
sc("inv_edit_multi_issues", "Edit with file_path 1, no old_string and an extra key (issue order).",
   seq(("Edit", {"file_path": 1, "new_string": "x", "foo": 1})), files=FILES)
sc("inv_bool_strings", "Bash run_in_background 'false' and Grep -n 'false' (string booleans): kept as sent?",
   seq(("Bash", {"command": "echo bg", "run_in_background": "false"}), ("Grep", {"pattern": "P", "-n": "false", "output_mode": "content"})),
   {"tools": ["Read", "Grep", "Bash"]}, files=FILES)
sc("inv_number_strings", "Read offset '2' (numeric string) and Bash timeout '5000'.",
   seq(R("<WS>/m.txt", offset="2"), ("Bash", {"command": "echo t", "timeout": "5000"})), files={"m.txt": "1\n2\n3\n"})
sc("inv_raw_json_trailing", "tool_use input streamed as '{\"command\": \"echo hi\"} trailing'.",
   seq(("Bash", '{"command": "echo hi"} trailing')), files=FILES)
sc("inv_raw_json_number", "tool_use input streamed as '42'.", seq(("Bash", "42")), files=FILES)
sc("unk_glob_no_bash", "tools=['Read']: the model calls Glob and Grep (Bash absent: which text?).",
   seq(("Glob", {"pattern": "*"}), ("Grep", {"pattern": "P"})), {"tools": ["Read"]}, files=FILES)
sc("unk_grep_with_bash", "tools=['Read','Bash']: the model calls Grep and Glob.",
   seq(("Grep", {"pattern": "P"}), ("Glob", {"pattern": "*"})), {"tools": ["Read", "Bash"]}, files=FILES)
sc("unk_glob_disallowed_bash_listed", "tools=['Glob','Bash'], disallowed_tools=['Glob']: the model calls Glob.",
   seq(("Glob", {"pattern": "*"})), {"tools": ["Glob", "Bash"], "disallowed_tools": ["Glob"]}, files=FILES)
sc("unk_write_tools_read_only", "tools=['Read']: the model calls Edit and NotebookEdit.",
   seq(E("<WS>/p.txt", "P", "Q"), ("NotebookEdit", {"notebook_path": "<WS>/n.ipynb", "new_source": "x"})), {"tools": ["Read"]}, files=FILES)

if __name__ == "__main__":
    scenario_files.write(HERE, "vc_", SCEN)

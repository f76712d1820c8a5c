#!/usr/bin/env python3
"""Generates the variants-g scenarios (prefix vg_): one-input variations of the hook, subagent,
session, structured-output and result families (several hooks on one event, hooks beside
can_use_tool, hooks on failures, prompts, stops and subagents; subagent tool lists, models and
failures; resumes and forks after other endings; schemas of other shapes and wrong answers;
budgets, turn limits and denial lists).
Run: python3 make.py  (writes vg_*.json next to this file)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import scenario_files  # noqa: E402
from scenario_files import tu, txt, seq  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SCEN = []


def sc(*args, **kw):
    SCEN.append(scenario_files.scenario("vg_", *args, **kw))


B = lambda cmd, d="run", **kw: ("Bash", {"command": cmd, "description": d, **kw})
R = lambda p, **kw: ("Read", {"file_path": p, **kw})
W = lambda p, c: ("Write", {"file_path": p, "content": c})
H = lambda m, b, **kw: {"matcher": m, "behavior": b, **kw}
CB = lambda b, **kw: {"can_use_tool": {"behavior": b, **kw}}
FILES = {"p.txt": "P\n", "a.txt": "alpha-content\n", "b.txt": "beta-content\n"}


def par(*calls, final="Done."):
    """All calls in one response, then a final text."""
    out = [{"content": [tu(i, name, inp) for i, (name, inp) in enumerate(calls, 1)]}]
    if final is not None:
        out.append({"content": [txt(final)]})
    return out


def hk(name, desc, responses, hooks, mode="bypassPermissions", cb=None, **kw):
    beh = {"hooks": hooks}
    if cb:
        beh.update(cb)
    sc("hook_" + name, desc, responses, mode=mode, files=FILES, behaviors=beh, **kw)


# ============================================================ hooks: several on one event
hk("pre_two_matchers_par", "PreToolUse: 'Read|Write' adds context, 'Write' denies; a Read and a Write in one response.",
   par(R("<WS>/p.txt"), W("<WS>/w.txt", "w\n")),
   {"PreToolUse": [H("Read|Write", "add_context", text="CTX-RW"), H("Write", "deny", reason="NO-WRITE")]})
hk("pre_regex_anchor_deny", "PreToolUse matcher '^(Read|Glob)$' denies: Read denied, Bash runs.",
   seq(R("<WS>/p.txt"), B("echo hi")), {"PreToolUse": [H("^(Read|Glob)$", "deny", reason="ANCHORED")]})
hk("pre_regex_prefix", "PreToolUse matcher 'Wri.*' denies: Write denied, Read runs.",
   seq(W("<WS>/w.txt", "w\n"), R("<WS>/p.txt")), {"PreToolUse": [H("Wri.*", "deny", reason="PREFIX")]})
hk("pre_sysmsg_and_context", "PreToolUse: a systemMessage hook and an additionalContext hook on one Bash.",
   seq(B("echo hi")), {"PreToolUse": [H("Bash", "system_message", text="SYS-PRE"),
                                      H(None, "add_context", text="CTX-PRE")]})
hk("pre_stop_and_post_context", "PreToolUse stop on Write, PostToolUse context on Read; Read then Write.",
   seq(R("<WS>/p.txt"), W("<WS>/w.txt", "w\n")),
   {"PreToolUse": [H("Write", "stop", reason="STOP-AT-WRITE")], "PostToolUse": [H("Read", "add_context", text="CTX-POST")]})
hk("pre_deny_then_post_log", "PreToolUse deny on Bash, PostToolUse log_all: Post does not fire for the denied call.",
   seq(B("echo hi"), R("<WS>/p.txt")), {"PreToolUse": [H("Bash", "deny", reason="NO-BASH")], "PostToolUse": [H(None, "log_all")]})
hk("pre_rewrite_write_content", "PreToolUse 'Write|Edit' rewrites a Write's content.",
   seq(W("<WS>/w.txt", "orig\n")), {"PreToolUse": [H("Write|Edit", "rewrite_input", set={"content": "REWRITTEN\n"})]})
hk("pre_deny_unicode_reason", "PreToolUse deny with a multi-line, non-ASCII reason.",
   seq(B("echo hi")), {"PreToolUse": [H("Bash", "deny", reason="Nein — nicht jetzt.\nZweite Zeile ✋")]})

# hooks and can_use_tool together (default mode)
hk("pre_ask_cb_allow", "default: PreToolUse ask on Bash, can_use_tool allows: the command runs.",
   seq(B("echo hi")), {"PreToolUse": [H("Bash", "ask", reason="ASK-REASON")]}, mode="default", cb=CB("allow_all"))
hk("pre_ask_cb_deny", "default: PreToolUse ask on Read (in the workspace), can_use_tool denies.",
   seq(R("<WS>/p.txt")), {"PreToolUse": [H("Read", "ask", reason="ASK-READ")]}, mode="default",
   cb=CB("deny_all", message="CB-NO"))
hk("pre_allow_cb_deny", "default: PreToolUse allow on Write, can_use_tool would deny: is it asked?",
   seq(W("<WS>/w.txt", "w\n")), {"PreToolUse": [H("Write", "allow", reason="HOOK-OK")]}, mode="default",
   cb=CB("deny_all", message="CB-NO"))
hk("pre_rewrite_cb_rewrite", "default: PreToolUse rewrites Bash's command, can_use_tool rewrites it again.",
   seq(B("echo orig")), {"PreToolUse": [H("Bash", "rewrite_input", set={"command": "echo from-hook"})]},
   mode="default", cb=CB("rewrite_input", set={"command": "echo from-cb"}))
hk("pre_context_cb_deny", "default: PreToolUse adds context on Bash, can_use_tool denies it.",
   seq(B("echo hi")), {"PreToolUse": [H("Bash", "add_context", text="CTX-BEFORE-ASK")]}, mode="default",
   cb=CB("deny_all", message="CB-NO"))
hk("pre_log_cb_interrupt", "default: PreToolUse log_all, can_use_tool denies with interrupt: Stop hook fires?",
   seq(B("echo hi"), B("echo after")), {"PreToolUse": [H(None, "log_all")], "Stop": [H(None, "log_all")]},
   mode="default", cb=CB("deny_interrupt", message="HALT"))

# failures, prompts, stops
FAIL = lambda: seq(B("exit 3"), B("echo after"))
hk("postfail_block", "PostToolUseFailure block on a failing Bash.", FAIL(),
   {"PostToolUseFailure": [H("Bash", "block", reason="FAIL-BLOCK")]})
hk("postfail_system_message", "PostToolUseFailure systemMessage on a failing Bash.", FAIL(),
   {"PostToolUseFailure": [H(None, "system_message", text="SYS-FAIL")]})
hk("postfail_read_missing", "PostToolUseFailure and PostToolUse log_all on a Read of a missing file.",
   seq(R("<WS>/missing.txt")), {"PostToolUseFailure": [H(None, "log_all")], "PostToolUse": [H(None, "log_all")]})
hk("postfail_two_hooks", "PostToolUseFailure: context from two matchers ('Bash' and '*').", FAIL(),
   {"PostToolUseFailure": [H("Bash", "add_context", text="CTX-ONE"), H("*", "add_context", text="CTX-TWO")]})
hk("post_block_write", "PostToolUse block on Write: the file is written, the result carries the reason.",
   seq(W("<WS>/w.txt", "w\n")), {"PostToolUse": [H("Write", "block", reason="POST-BLOCK")]})
hk("post_two_contexts", "PostToolUse: context on Read and a system message on all; two Reads in turn.",
   seq(R("<WS>/a.txt"), R("<WS>/b.txt")),
   {"PostToolUse": [H("Read", "add_context", text="CTX-READ"), H(None, "system_message", text="SYS-POST")]})
hk("prompt_system_message", "UserPromptSubmit systemMessage.", [{"content": [txt("Hi.")]}],
   {"UserPromptSubmit": [H(None, "system_message", text="SYS-PROMPT")]})
hk("prompt_context_and_block", "UserPromptSubmit: one hook adds context, the next blocks.",
   [{"content": [txt("Hi.")]}], {"UserPromptSubmit": [H(None, "add_context", text="CTX-PROMPT"),
                                                      H(None, "block", reason="PROMPT-BLOCK")]})
hk("prompt_deny_decision", "UserPromptSubmit answers permissionDecision deny (a PreToolUse-only field).",
   [{"content": [txt("Hi.")]}], {"UserPromptSubmit": [H(None, "deny", reason="PROMPT-DENY")]})
hk("stop_system_message", "Stop systemMessage after a tool round.", seq(B("echo hi")),
   {"Stop": [H(None, "system_message", text="SYS-STOP")]})
hk("stop_block_and_log", "Stop: a blocking hook and a logging one; the model answers again.",
   [{"content": [txt("First.")]}, {"content": [txt("Second.")]}],
   {"Stop": [H(None, "block", reason="KEEP-GOING"), H(None, "log_all")]}, options={"max_turns": 2})

# subagents and hooks
SUBF = [{"match": "PARENT", "content": [tu(1, "Agent", {"description": "Look", "prompt": "SUB-PROMPT: read a.txt.",
                                                       "subagent_type": "general-purpose",
                                                       "run_in_background": False})]},
        {"match": "SUB-PROMPT", "content": [tu(2, "Read", {"file_path": "<WS>/a.txt"})]},
        {"match": "alpha-content", "content": [txt("SUB-ANSWER alpha")]},
        {"content": [txt("PARENT-DONE")]}]
SUBKW = dict(prompt="PARENT: delegate.", timeout_s=150)
hk("subagentstop_block", "SubagentStop blocks (every time) an agent with maxTurns 2.",
   [{"match": "PARENT", "content": [tu(1, "Agent", {"description": "Look", "prompt": "SUB-PROMPT: say.",
                                                   "subagent_type": "two", "run_in_background": False})]},
    {"match": "SUB-PROMPT", "content": [txt("SUB-ANSWER first")]},
    {"match": "SUB-STOP-BLOCK", "content": [txt("SUB-ANSWER again")]}, {"content": [txt("PARENT-DONE")]}],
   {"SubagentStop": [H(None, "block", reason="SUB-STOP-BLOCK")]},
   options={"agents": {"two": {"description": "Says.", "prompt": "You say.", "maxTurns": 2}}}, **SUBKW)
hk("subagentstop_stop", "SubagentStop answers continue:false.", SUBF,
   {"SubagentStop": [H(None, "stop", reason="SUB-HALT")]}, **SUBKW)
hk("subagentstop_system_message", "SubagentStop systemMessage.", SUBF,
   {"SubagentStop": [H(None, "system_message", text="SYS-SUBSTOP")]}, **SUBKW)
hk("pre_deny_agent", "PreToolUse denies the Agent call: no subagent runs.", SUBF,
   {"PreToolUse": [H("Agent", "deny", reason="NO-AGENTS")]}, **SUBKW)
hk("pre_deny_inside_subagent", "PreToolUse 'Read' denies: the subagent's Read is refused.",
   SUBF[:2] + [{"match": "NO-READ", "content": [txt("SUB-ANSWER could not read")]}, SUBF[3]],
   {"PreToolUse": [H("Read", "deny", reason="NO-READ")], "SubagentStop": [H(None, "log_all")]}, **SUBKW)
hk("post_context_inside_subagent", "PostToolUse context on the subagent's Read and on the Agent call.", SUBF,
   {"PostToolUse": [H("Read", "add_context", text="CTX-SUB-READ"), H("Agent", "add_context", text="CTX-AGENT")]},
   **SUBKW)

# PreCompact: a resumed "/compact"
COMPACT = [{"content": [txt("Looking."), tu(1, "Bash", {"command": "echo files", "description": "list"})]},
           {"content": [txt("Seen.")]},
           {"match": "Your task is to create a detailed summary of the conversation so far",
            "content": [txt("<analysis>\nA.\n</analysis>\n\n<summary>\nS.\n</summary>")]},
           {"content": [txt("After.")]}]
for b, kw in [("add_context", {"text": "CTX-COMPACT"}), ("deny", {"reason": "NO-COMPACT"}),
              ("stop", {"reason": "HALT-COMPACT"})]:
    hk("precompact_" + b, f"PreCompact {b} on a resumed /compact, then one more prompt.", COMPACT,
       {"PreCompact": [H(None, b, **kw)]}, timeout_s=150,
       then=[{"prompt": "/compact", "options": {"resume": "<SESSION_ID_1>"}},
             {"prompt": "What now?", "options": {"resume": "<SESSION_ID_1>"}}])

# more hook answers in other modes
hk("prompt_stop_and_system_message", "UserPromptSubmit: a system message, then continue:false.",
   [{"content": [txt("Hi.")]}], {"UserPromptSubmit": [H(None, "system_message", text="SYS-FIRST"),
                                                      H(None, "stop", reason="PROMPT-HALT")]})
hk("pre_ask_dontAsk", "dontAsk: PreToolUse ask on an echo, no callback.", seq(B("echo hi")),
   {"PreToolUse": [H("Bash", "ask", reason="ASK-DONTASK")]}, mode="dontAsk")
hk("pre_allow_plan_write", "plan mode: PreToolUse allow on Write.", seq(W("<WS>/w.txt", "w\n")),
   {"PreToolUse": [H("Write", "allow", reason="PLAN-OK")]}, mode="plan")
hk("pre_rewrite_invalid", "PreToolUse rewrites Write's content to a number.", seq(W("<WS>/w.txt", "w\n")),
   {"PreToolUse": [H("Write", "rewrite_input", set={"content": 5})]})
hk("pre_rewrite_read_missing", "PreToolUse rewrites a Read to a missing file; PostToolUseFailure logs.",
   seq(R("<WS>/p.txt")), {"PreToolUse": [H("Read", "rewrite_input", set={"file_path": "<WS>/gone.txt"})],
                          "PostToolUseFailure": [H(None, "log_all")]})
hk("post_stop_and_context", "PostToolUse: context and continue:false from two hooks on one Read.",
   seq(R("<WS>/p.txt"), B("echo after")), {"PostToolUse": [H(None, "add_context", text="CTX-A"),
                                                           H("Read", "stop", reason="POST-HALT")]})
hk("postfail_stop_bash", "PostToolUseFailure continue:false on a failing Bash, then more calls.",
   seq(B("exit 4"), B("echo after")), {"PostToolUseFailure": [H("Bash", "stop", reason="FAIL-HALT")]})

# ============================================================ subagents
REV = {"description": "Reviews files.", "prompt": "You are REV-PROMPT.", "tools": ["Read"]}


def sub(name, desc, responses, agents=None, mode="bypassPermissions", **kw):
    opts = {"agents": agents} if agents else {}
    sc("sub_" + name, desc, responses, opts, mode=mode, files=FILES, prompt="PARENT: delegate.", timeout_s=150, **kw)


def call(i, typ, prompt="SUB-PROMPT: work.", **kw):
    inp = {"description": "Work", "prompt": prompt, "run_in_background": False, **kw}
    if typ is not None:
        inp["subagent_type"] = typ
    return tu(i, "Agent", inp)


sub("tools_read_calls_write", "An agent with tools [Read] calls Write.",
    [{"match": "PARENT", "content": [call(1, "rev")]},
     {"match": "SUB-PROMPT", "content": [tu(2, "Write", {"file_path": "<WS>/w.txt", "content": "w\n"})]},
     {"match": "Write", "content": [txt("SUB-ANSWER no write")]}, {"content": [txt("PARENT-DONE")]}], {"rev": REV})
for alias in ["opus", "sonnet", "inherit"]:
    sub("model_" + alias, f"An agent with model {alias!r} under parent model claude-haiku-4-5.",
        [{"match": "PARENT", "content": [call(1, "rev")]}, {"match": "SUB-PROMPT", "content": [txt("SUB-ANSWER ok")]},
         {"content": [txt("PARENT-DONE")]}], {"rev": dict(REV, model=alias)})
    SCEN[-1]["options"]["model"] = "claude-haiku-4-5"
sub("read_missing", "The subagent reads a missing file and reports.",
    [{"match": "PARENT", "content": [call(1, "general-purpose")]},
     {"match": "SUB-PROMPT", "content": [tu(2, "Read", {"file_path": "<WS>/nope.txt"})]},
     {"match": "does not exist", "content": [txt("SUB-ANSWER missing")]}, {"content": [txt("PARENT-DONE")]}])
sub("parallel_one_unknown", "Two Agent calls in one response: one known, one of an unknown type.",
    [{"match": "PARENT", "content": [call(1, "general-purpose"), call(2, "no-such-agent", prompt="SUB-OTHER: x")]},
     {"match": "SUB-PROMPT", "content": [txt("SUB-ANSWER ok")]}, {"content": [txt("PARENT-DONE")]}])
sub("missing_prompt", "An Agent call without its prompt.",
    [{"match": "PARENT", "content": [tu(1, "Agent", {"description": "Work", "run_in_background": False})]},
     {"content": [txt("PARENT-DONE")]}])
sub("tools_empty_list", "An agent with tools [] answers in text.",
    [{"match": "PARENT", "content": [call(1, "bare")]}, {"match": "SUB-PROMPT", "content": [txt("SUB-ANSWER bare")]},
     {"content": [txt("PARENT-DONE")]}], {"bare": dict(REV, tools=[])})
sub("empty_answer", "The subagent ends with an empty text.",
    [{"match": "PARENT", "content": [call(1, "general-purpose")]}, {"match": "SUB-PROMPT", "content": [txt("")]},
     {"content": [txt("PARENT-DONE")]}])
sub("cb_deny_default", "default mode, can_use_tool denies the subagent's Write.",
    [{"match": "PARENT", "content": [call(1, "general-purpose")]},
     {"match": "SUB-PROMPT", "content": [tu(2, "Write", {"file_path": "<WS>/w.txt", "content": "w\n"})]},
     {"match": "SUB-CB-NO", "content": [txt("SUB-ANSWER denied")]}, {"content": [txt("PARENT-DONE")]}],
    mode="default", behaviors=CB("deny_all", message="SUB-CB-NO"))
sub("max_turns_one", "An agent with maxTurns 1 that calls Read.",
    [{"match": "PARENT", "content": [call(1, "one")]},
     {"match": "SUB-PROMPT", "content": [tu(2, "Read", {"file_path": "<WS>/a.txt"})]},
     {"match": "alpha-content", "content": [txt("SUB-ANSWER never")]}, {"content": [txt("PARENT-DONE")]}],
    {"one": dict(REV, maxTurns=1)})
sub("parent_max_turns_1", "max_turns 1 on the parent: does the subagent count against it?",
    [{"match": "PARENT", "content": [call(1, "general-purpose")]},
     {"match": "SUB-PROMPT", "content": [tu(2, "Read", {"file_path": "<WS>/a.txt"})]},
     {"match": "alpha-content", "content": [txt("SUB-ANSWER alpha")]}, {"content": [txt("PARENT-DONE")]}])
SCEN[-1]["options"]["max_turns"] = 1

# ============================================================ structured output
OBJ = {"type": "object", "properties": {
    "name": {"type": "string"},
    "meta": {"type": "object", "properties": {"age": {"type": "integer"}, "tags": {"type": "array", "items": {"type": "string"}}},
             "required": ["age"]},
    "color": {"type": "string", "enum": ["red", "green"]}},
    "required": ["name", "meta"]}
SO = lambda i, inp: {"content": [tu(i, "StructuredOutput", inp)]}
GOOD = {"name": "n", "meta": {"age": 3, "tags": ["x"]}, "color": "red"}


def so(name, desc, answers, schema=OBJ, prompt="Give me the answer", **kw):
    resp = [SO(i, a) if isinstance(a, dict) else {"content": [txt(a)]} for i, a in enumerate(answers, 1)]
    sc("so_" + name, desc, resp, {"output_format": {"type": "json_schema", "schema": schema}}, mode=None,
       prompt=prompt, **kw)


so("nested_valid", "A nested object with an array and an enum, valid.", [GOOD])
so("nested_wrong_type", "A nested field of the wrong type, then valid.", [dict(GOOD, meta={"age": "3"}), GOOD])
so("array_item_wrong", "An array item of the wrong type, then valid.", [dict(GOOD, meta={"age": 3, "tags": ["x", 5]}), GOOD])
so("enum_wrong", "An enum value not allowed, then valid.", [dict(GOOD, color="blue"), GOOD])
so("missing_root_required", "A required root field missing, then valid.", [{"meta": {"age": 1}}, GOOD])
so("missing_two_required", "Both required root fields missing, then valid.", [{"color": "red"}, GOOD])
so("missing_nested_required", "A required nested field missing, then valid.", [dict(GOOD, meta={"tags": []}), GOOD])
so("two_wrong_types", "Two fields of the wrong type, then valid.", [dict(GOOD, name=1, color=2), GOOD])
so("root_and_nested_errors", "A missing root field and a nested wrong type, then valid.",
   [{"meta": {"age": 1.5}}, GOOD])
so("null_value", "A null where a string goes, then valid.", [dict(GOOD, name=None), GOOD])
so("additional_props", "additionalProperties false with an extra key, then valid.",
   [{"a": 1, "b": 2}, {"a": 1}],
   schema={"type": "object", "properties": {"a": {"type": "integer"}}, "additionalProperties": False})
so("min_max", "minimum / maximum / minLength broken, then valid.",
   [{"n": -1, "s": ""}, {"n": 11, "s": "ok"}, {"n": 5, "s": "ok"}],
   schema={"type": "object", "properties": {"n": {"type": "integer", "minimum": 0, "maximum": 10},
                                            "s": {"type": "string", "minLength": 1}}, "required": ["n", "s"]})
so("pattern_min_items", "pattern and minItems broken, then valid.",
   [{"code": "abc", "list": []}, {"code": "A1", "list": [1]}],
   schema={"type": "object", "properties": {"code": {"type": "string", "pattern": "^[A-Z][0-9]$"},
                                            "list": {"type": "array", "minItems": 1}}})
so("const_and_anyof", "const and anyOf broken, then valid.",
   [{"k": "no", "v": True}, {"k": "yes", "v": 3}],
   schema={"type": "object", "properties": {"k": {"const": "yes"},
                                            "v": {"anyOf": [{"type": "integer"}, {"type": "string"}]}}})
so("type_list_nullable", "A type list [string, null]: null passes, a number does not.",
   [{"x": 4}, {"x": None}],
   schema={"type": "object", "properties": {"x": {"type": ["string", "null"]}}, "required": ["x"]})
so("integer_as_float", "An integer field given 42.0 and then 4.5.",
   [{"answer": 4.5}, {"answer": 42.0}],
   schema={"type": "object", "properties": {"answer": {"type": "integer"}}, "required": ["answer"]})
so("invalid_six_times", "Six invalid answers in a row.", [{"meta": {}}] * 6 + [GOOD])
so("text_six_times", "Six text answers without the tool.", ["Text %d." % i for i in range(1, 8)] + [GOOD])
so("text_then_invalid_then_valid", "A text answer, an invalid call, a valid call.", ["Just text.", {"name": 1}, GOOD])
so("with_read_same_response", "A Read and StructuredOutput in one response.",
   [], files=FILES)
SCEN[-1]["responses"] = [{"content": [tu(1, "Read", {"file_path": "<WS>/p.txt"}), tu(2, "StructuredOutput", GOOD)]},
                         {"content": [txt("Never asked.")]}]
so("read_then_answer", "A Read round, then the answer.", [], files=FILES)
SCEN[-1]["responses"] = [{"content": [tu(1, "Read", {"file_path": "<WS>/p.txt"})]}, SO(2, GOOD)]
so("max_turns_1_invalid", "max_turns 1: an invalid answer.", [{"name": 1}, GOOD])
SCEN[-1]["options"]["max_turns"] = 1
so("twice_valid", "Two valid StructuredOutput calls in one response.", [])
SCEN[-1]["responses"] = [{"content": [tu(1, "StructuredOutput", GOOD), tu(2, "StructuredOutput", dict(GOOD, name="m"))]}]
so("more_keywords", "maxLength, maxItems, exclusiveMinimum, multipleOf, uniqueItems, minProperties broken, then valid.",
   [{"s": "abcd", "l": [1, 1, 2], "x": 0, "m": 7, "o": {}}, {"s": "ab", "l": [1], "x": 1, "m": 6, "o": {"k": 1}}],
   schema={"type": "object", "properties": {"s": {"type": "string", "maxLength": 2},
                                            "l": {"type": "array", "maxItems": 2, "uniqueItems": True},
                                            "x": {"type": "number", "exclusiveMinimum": 0},
                                            "m": {"type": "integer", "multipleOf": 3},
                                            "o": {"type": "object", "minProperties": 1}}})
so("oneof_not_allof", "oneOf (two match), not, allOf broken, then valid.",
   [{"a": 5, "b": "x", "c": 1}, {"a": "s", "b": 2, "c": 3}],
   schema={"type": "object", "properties": {"a": {"oneOf": [{"type": "integer"}, {"type": "number"}]},
                                            "b": {"not": {"type": "string"}},
                                            "c": {"allOf": [{"type": "integer"}, {"minimum": 2}]}}})
so("type_then_keywords", "A wrong type beside enum/minimum/pattern on the same field, an items error and additionalProperties on a nested object.",
   [{"e": 5, "n": "x", "p": 3, "arr": [1, "a", 2, "b"], "obj": {"z": 1, "y": 2}}, {"e": "a", "n": 1, "p": "a", "arr": [], "obj": {}}],
   schema={"type": "object", "properties": {"e": {"type": "string", "enum": ["a", "b"]},
                                            "n": {"type": "integer", "minimum": 0},
                                            "p": {"type": "string", "pattern": "^a"},
                                            "arr": {"type": "array", "items": {"type": "integer"}},
                                            "obj": {"type": "object", "properties": {}, "additionalProperties": False}}})
so("text_invalid_text", "A text answer, an invalid call, a text answer, a valid call.", ["First text.", {"name": 1}, "Second text.", GOOD])
so("invalid4_text_invalid", "Four invalid calls, a text answer, one more invalid call, a valid call.",
   [{"meta": {}}] * 4 + ["A text.", {"meta": {}}, GOOD])
so("invalid_then_text", "One invalid call, then text answers only.", [{"meta": {}}, "Text one.", "Text two.", GOOD])
PYD = {"$defs": {"Item": {"properties": {"sku": {"title": "Sku", "type": "string"},
                                         "qty": {"title": "Qty", "type": "integer", "minimum": 1}},
                          "required": ["sku", "qty"], "title": "Item", "type": "object"}},
       "properties": {"items": {"items": {"$ref": "#/$defs/Item"}, "title": "Items", "type": "array"},
                      "note": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None, "title": "Note"}},
       "required": ["items"], "title": "Order", "type": "object"}
so("pydantic_refs", "A pydantic-style schema ($defs, $ref, titles, nullable anyOf): wrong items, then valid.",
   [{"items": [{"sku": 1, "qty": 0}, {"qty": 2}], "note": 5}, {"items": [{"sku": "a", "qty": 1}], "note": None}],
   schema=PYD)
so("formats", "format date-time, email, uri, uuid given wrong strings, then valid ones.",
   [{"d": "yesterday", "e": "nobody", "u": "not a uri", "i": "x"},
    {"d": "2024-01-02T03:04:05Z", "e": "a@b.co", "u": "https://x.org/p", "i": "123e4567-e89b-12d3-a456-426614174000"}],
   schema={"type": "object", "properties": {"d": {"type": "string", "format": "date-time"},
                                            "e": {"type": "string", "format": "email"},
                                            "u": {"type": "string", "format": "uri"},
                                            "i": {"type": "string", "format": "uuid"}}})
so("object_keywords", "additionalProperties as a schema, patternProperties, dependentRequired, propertyNames broken, then valid.",
   [{"a": 1, "x_1": "s", "extra": "no", "card": 1}, {"a": 1, "x_1": 2, "extra": 3, "card": 1, "billing": 2}],
   schema={"type": "object", "properties": {"a": {"type": "integer"}},
           "patternProperties": {"^x_": {"type": "integer"}},
           "additionalProperties": {"type": "integer"},
           "dependentRequired": {"card": ["billing"]},
           "propertyNames": {"maxLength": 5}})
so("array_keywords", "prefixItems / items false, contains, if-then broken, then valid.",
   [{"t": ["a", 1, 2], "c": [1, 2], "f": {"kind": "a"}}, {"t": ["a", 1], "c": [1, "s"], "f": {"kind": "a", "a": 1}}],
   schema={"type": "object", "properties": {
       "t": {"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}], "items": False},
       "c": {"type": "array", "contains": {"type": "string"}},
       "f": {"type": "object", "if": {"properties": {"kind": {"const": "a"}}}, "then": {"required": ["a"]}}}})
so("empty_schema", "An empty-object schema: any input goes.", [{"anything": [1, 2]}], schema={"type": "object"})

# structured output beside hooks, permissions, budgets and subagents
SCH = {"type": "object", "properties": {"answer": {"type": "integer"}}, "required": ["answer"]}
so("pre_deny_structured", "A PreToolUse hook denies StructuredOutput, then allows nothing else: does a denial count as an attempt?",
   [{"answer": 1}, {"answer": 2}], schema=SCH,
   behaviors={"hooks": {"PreToolUse": [H("StructuredOutput", "deny", reason="NOT-YET")]}})
so("post_hooks_structured", "PostToolUse and PostToolUseFailure log on StructuredOutput, Stop logs: which fire.",
   [{"answer": "x"}, {"answer": 2}], schema=SCH,
   behaviors={"hooks": {"PostToolUse": [H(None, "log_all")], "PostToolUseFailure": [H(None, "log_all")],
                        "Stop": [H(None, "log_all")]}})
so("post_block_structured", "PostToolUse blocks the valid StructuredOutput call.", [{"answer": 2}, {"answer": 3}], schema=SCH,
   behaviors={"hooks": {"PostToolUse": [H("StructuredOutput", "block", reason="POST-NO")]}})
so("cb_deny_default", "default mode with a denying can_use_tool: is StructuredOutput asked about?",
   [{"answer": 2}], schema=SCH, behaviors={"can_use_tool": {"behavior": "deny_all", "message": "CB-NO"}})
SCEN[-1]["options"]["permission_mode"] = "default"
so("disallowed", "disallowed_tools [StructuredOutput]: the tool offered? the call?", [{"answer": 2}, "Plain."], schema=SCH)
SCEN[-1]["options"]["disallowed_tools"] = ["StructuredOutput"]
so("budget", "max_budget_usd 0.0001 with a valid first answer.", [{"answer": 2}], schema=SCH)
SCEN[-1]["options"]["max_budget_usd"] = 0.0001
so("stop_hook_block_text", "A Stop hook that blocks, after a text answer with output_format, max_turns 4.",
   ["Text.", "Text again.", {"answer": 2}], schema=SCH, behaviors={"hooks": {"Stop": [H(None, "block", reason="MORE")]}})
SCEN[-1]["options"]["max_turns"] = 4
so("subagent", "output_format on the parent; a subagent answers in text; then the parent answers.", [], schema=SCH,
   files=FILES, prompt="PARENT: delegate.", timeout_s=150)
SCEN[-1]["responses"] = [{"match": "PARENT", "content": [call(1, "general-purpose")]},
                         {"match": "SUB-PROMPT", "content": [txt("SUB-ANSWER ok")]},
                         {"content": [tu(2, "StructuredOutput", {"answer": 7})]}]
so("tools_list", "tools [Read] with output_format: is StructuredOutput still offered?", [{"answer": 2}], schema=SCH)
SCEN[-1]["options"]["tools"] = ["Read"]
so("array_root_items", "A root schema with an array of objects; the model sends the array wrapped wrongly, then right.",
   [{"rows": {"a": 1}}, {"rows": [{"a": 1}, {"a": "2"}]}, {"rows": [{"a": 1}]}],
   schema={"type": "object", "properties": {"rows": {"type": "array", "minItems": 1, "items": {
       "type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"], "additionalProperties": False}}},
       "required": ["rows"], "additionalProperties": False})

# ============================================================ sessions
def ses(name, desc, responses, then, options=None, mode="bypassPermissions", **kw):
    sc("ses_" + name, desc, responses, options, mode=mode, files=FILES, then=then, **kw)


R1 = {"resume": "<SESSION_ID_1>"}
ses("resume_after_budget", "A session stopped by max_budget_usd, then resumed without the limit.",
    seq(R("<WS>/p.txt"), B("echo hi"), final="End."), [{"prompt": "Again", "options": dict(R1, max_budget_usd=None)}],
    {"max_budget_usd": 0.0005})
ses("resume_after_hook_stop", "A session ended by a PreToolUse continue:false, then resumed.",
    seq(B("echo hi"), final="End."), [{"prompt": "Again", "options": R1}],
    behaviors={"hooks": {"PreToolUse": [H("Bash", "stop", reason="HALTED")]}})
ses("resume_after_structured", "A structured-output session resumed without output_format.",
    [SO(1, {"answer": 4}), {"content": [txt("Plain.")]}], [{"prompt": "Again", "options": dict(R1, output_format=None)}],
    {"output_format": {"type": "json_schema", "schema": {"type": "object", "properties": {"answer": {"type": "integer"}}}}},
    mode=None)
ses("resume_adds_structured", "A plain session resumed with output_format.",
    [{"content": [txt("Plain.")]}, SO(1, {"answer": 4})],
    [{"prompt": "Again", "options": dict(R1, output_format={"type": "json_schema", "schema": {
        "type": "object", "properties": {"answer": {"type": "integer"}}}})}], mode=None)
ses("fork_other_system_prompt", "A fork with another system prompt and model.",
    [{"content": [txt("One.")]}, {"content": [txt("Two.")]}],
    [{"prompt": "Again", "options": dict(R1, fork_session=True, system_prompt="FORK-SYSTEM", model="claude-sonnet-4-5")}],
    {"system_prompt": "FIRST-SYSTEM"})
ses("continue_after_denial", "A session whose Bash was denied by can_use_tool, then continued.",
    seq(B("echo hi"), final="End."), [{"prompt": "Again", "options": {"continue_conversation": True}}],
    mode="default", behaviors=CB("deny_all", message="NO"))
ses("resume_max_turns_again", "max_turns 1 reached, resumed with max_turns 1 again.",
    seq(R("<WS>/p.txt"), R("<WS>/a.txt"), final="End."), [{"prompt": "Again", "options": R1}], {"max_turns": 1})
ses("resume_after_subagent", "A session with a foreground subagent, resumed.",
    SUBF + [{"content": [txt("Resumed.")]}], [{"prompt": "Again", "options": R1}], prompt="PARENT: delegate.",
    timeout_s=150)

ses("resume_after_retries", "A session ended by five refused structured answers, resumed without output_format.",
    [SO(i, {"answer": "x"}) for i in range(1, 6)] + [{"content": [txt("Plain.")]}],
    [{"prompt": "Again", "options": dict(R1, output_format=None)}],
    {"output_format": {"type": "json_schema", "schema": {"type": "object", "properties": {"answer": {"type": "integer"}}}}},
    mode=None)
ses("continue_after_budget", "A session stopped by max_budget_usd, continued with a larger one.",
    seq(R("<WS>/p.txt"), final="End."), [{"prompt": "Again", "options": {"continue_conversation": True, "max_budget_usd": 1.0}}],
    {"max_budget_usd": 0.0005})
ses("resume_other_mode", "A default-mode session with a denied Write, resumed in acceptEdits: the Write again.",
    seq(W("<WS>/w.txt", "w\n"), final="End.") + [{"content": [tu(9, "Write", {"file_path": "<WS>/w.txt", "content": "w\n"})]}],
    [{"prompt": "Again", "options": dict(R1, permission_mode="acceptEdits")}], mode="default")

# ============================================================ result messages
def res(name, desc, responses, options=None, mode="bypassPermissions", **kw):
    sc("res_" + name, desc, responses, options, mode=mode, files=FILES, **kw)


for b in ["0.0008", "0.00079", "0.0016", "0.0017"]:
    res("budget_" + b.replace(".", "_"), f"max_budget_usd {b}: three tool rounds of 0.0008 each.",
        seq(R("<WS>/p.txt"), R("<WS>/a.txt"), R("<WS>/b.txt")), {"max_budget_usd": float(b)})
res("budget_text_only", "max_budget_usd 0.0001 with a text-only answer.", [{"content": [txt("Hi.")]}],
    {"max_budget_usd": 0.0001})
res("budget_parallel", "max_budget_usd 0.0001 with three parallel Reads.",
    par(R("<WS>/p.txt"), R("<WS>/a.txt"), R("<WS>/b.txt")), {"max_budget_usd": 0.0001})
res("denials_mixed_sources", "default: a deny rule, a PreToolUse deny and a callback deny in one session.",
    seq(R("<WS>/p.txt"), B("echo hi"), W("<WS>/w.txt", "w\n")), {"disallowed_tools": ["Read"]}, mode="default",
    behaviors={"hooks": {"PreToolUse": [H("Bash", "deny", reason="HOOK-NO")]}, "can_use_tool": {"behavior": "deny_all", "message": "CB-NO"}})
res("denials_parallel_dontAsk", "dontAsk: three parallel writes and a Bash, all denied.",
    par(W("<WS>/a1.txt", "1\n"), W("<WS>/a2.txt", "2\n"), B("touch t"), R("<WS>/p.txt")), mode="dontAsk")
res("denials_same_call_twice", "default, no callback: the same Write denied in two rounds.",
    seq(W("<WS>/w.txt", "w\n"), W("<WS>/w.txt", "w\n")), mode="default")
res("max_turns_2_text_at_2", "max_turns 2 where the second answer is text: success.",
    seq(R("<WS>/p.txt"), final="Fine."), {"max_turns": 2})
res("max_turns_2_denials", "max_turns 2 in dontAsk with a denied Write each round.",
    seq(W("<WS>/w.txt", "w\n"), W("<WS>/x.txt", "x\n")), {"max_turns": 2}, mode="dontAsk")
res("stop_sequence_final", "The final answer stops on stop_sequence after a tool round.",
    [{"content": [tu(1, "Read", {"file_path": "<WS>/p.txt"})]}, {"content": [txt("Cut")], "stop_reason": "stop_sequence"}])
res("num_turns_stop_block", "A Stop hook that always blocks, after a tool round, max_turns 3: num_turns.",
    seq(R("<WS>/p.txt"), final="First.") + [{"content": [txt("Second.")]}], {"max_turns": 3},
    behaviors={"hooks": {"Stop": [H(None, "block", reason="MORE")]}})

scenario_files.write(HERE, "vg_", SCEN)

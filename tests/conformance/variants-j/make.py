#!/usr/bin/env python3
"""Generates the variants-j scenarios (prefix vj_): options the other areas seldom vary —
system prompts, spending limits across models and cache usage, effort / thinking / betas,
added directories in the permission modes, continued / resumed / forked sessions, partial
messages, max_turns edges and usage across models (a subagent on another model, a response
whose model differs from the request's).
Run: python3 make.py  (writes vj_*.json next to this file)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import scenario_files  # noqa: E402
from scenario_files import tu, txt, seq  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SCEN = []


def sc(*args, **kw):
    SCEN.append(scenario_files.scenario("vj_", *args, **kw))


R = lambda p, **kw: ("Read", {"file_path": p, **kw})
W = lambda p, c: ("Write", {"file_path": p, "content": c})
E = lambda p, o, n: ("Edit", {"file_path": p, "old_string": o, "new_string": n})
B = lambda cmd, d="run": ("Bash", {"command": cmd, "description": d})
LOG = {"can_use_tool": {"behavior": "log_all"}}
FILES = {"a.txt": "alpha\n", "b.txt": "beta\n", "c.txt": "gamma\n"}
S45 = "claude-sonnet-4-5"
H45 = "claude-haiku-4-5"
O41 = "claude-opus-4-1"
SCHEMA = {"type": "json_schema", "schema": {"type": "object", "properties": {"answer": {"type": "integer"}},
                                             "required": ["answer"]}}


def par(*calls, final="Done."):
    out = [{"content": [tu(i, name, inp) for i, (name, inp) in enumerate(calls, 1)]}]
    if final is not None:
        out.append({"content": [txt(final)]})
    return out


def usage(i=100, o=20, cw=0, cr=0):
    return {"input_tokens": i, "output_tokens": o, "cache_creation_input_tokens": cw,
            "cache_read_input_tokens": cr}


def with_usage(responses, u):
    return [dict(r, usage=u) for r in responses]


# ============================================================ system_prompt
def sp(name, desc, prompt_opt, responses=None, **opts):
    o = {"system_prompt": prompt_opt}
    o.update(opts)
    sc("sp_" + name, desc, responses or [{"content": [txt("ok")]}], o, files=FILES)


APPEND_LONG = "\n".join("Rule %d: keep answers short and cite file names." % i for i in range(120))
sp("string_tool", "system_prompt string; one Read then an answer.", "You are TERSE-BOT.",
   seq(R("<WS>/a.txt")))
sp("empty_tool", "system_prompt \"\" (empty string); one Read then an answer.", "", seq(R("<WS>/a.txt")))
sp("empty_text", "system_prompt \"\"; a text answer.", "")
sp("preset_plain_tool", "preset claude_code without append; one Read.",
   {"type": "preset", "preset": "claude_code"}, seq(R("<WS>/a.txt")))
sp("preset_append_tool", "preset claude_code with append; one Read.",
   {"type": "preset", "preset": "claude_code", "append": "APPEND-J"}, seq(R("<WS>/a.txt")))
sp("preset_long_append", "preset claude_code with a 120-line append.",
   {"type": "preset", "preset": "claude_code", "append": APPEND_LONG})
sp("string_long", "system_prompt string of 120 lines.", APPEND_LONG)
sp("string_sonnet45", "system_prompt string with claude-sonnet-4-5.", "You are TERSE-BOT.", model=S45)
sp("preset_haiku45", "preset claude_code + append with claude-haiku-4-5.",
   {"type": "preset", "preset": "claude_code", "append": "APPEND-J"}, model=H45)
sp("string_tools_list", "system_prompt string with tools [Read, Glob].", "You are TERSE-BOT.",
   seq(("Glob", {"pattern": "*.txt"})), tools=["Read", "Glob"])
sp("preset_default_mode", "preset claude_code, default mode, a Write asked and denied (no callback).",
   {"type": "preset", "preset": "claude_code"}, seq(W("<WS>/n.txt", "x\n")), permission_mode="default")

# ============================================================ max_budget_usd across models
# The mock's usage is 100 input / 20 output tokens a response unless told otherwise:
# claude-sonnet-4-5 $0.0006, claude-haiku-4-5 $0.0002, claude-opus-4-1 $0.003, claude-opus-5-5 $0.0008.
THREE = seq(R("<WS>/a.txt"), R("<WS>/b.txt"), R("<WS>/c.txt"))


def bud(name, desc, budget, model=None, responses=None, opts=None, **kw):
    o = {"max_budget_usd": budget}
    if model:
        o["model"] = model
    o.update(opts or {})
    sc("bud_" + name, desc, responses or THREE, o, files=FILES, **kw)


bud("s45_first", "claude-sonnet-4-5, budget 0.0005: crossed by the first response.", 0.0005, S45)
bud("s45_second", "claude-sonnet-4-5, budget 0.001: crossed by the second response.", 0.001, S45)
bud("s45_third", "claude-sonnet-4-5, budget 0.0015: crossed by the third response.", 0.0015, S45)
bud("s45_exact_two", "claude-sonnet-4-5, budget 0.0012: reached exactly by the second response.", 0.0012, S45)
bud("s45_enough", "claude-sonnet-4-5, budget 0.01: never crossed.", 0.01, S45)
bud("h45_first", "claude-haiku-4-5, budget 0.0001: crossed by the first response.", 0.0001, H45)
bud("h45_third", "claude-haiku-4-5, budget 0.0005: crossed by the third response.", 0.0005, H45)
bud("h45_exact", "claude-haiku-4-5, budget 0.0002: reached exactly by the first response.", 0.0002, H45)
bud("o41_first", "claude-opus-4-1, budget 0.002: crossed by the first response.", 0.002, O41)
bud("o41_second", "claude-opus-4-1, budget 0.005: crossed by the second response.", 0.005, O41)
bud("cache_write", "claude-sonnet-4-5, responses writing 1000 cache tokens, budget 0.008.", 0.008, S45,
    with_usage(THREE, usage(10, 20, 1000, 0)))
bud("cache_read", "claude-sonnet-4-5, responses reading 5000 cached tokens, budget 0.003.", 0.003, S45,
    with_usage(THREE, usage(10, 20, 0, 5000)))
bud("cache_both_opus55", "default model, cache write 500 and read 2000 a response, budget 0.004.", 0.004, None,
    with_usage(THREE, usage(50, 30, 500, 2000)))
bud("text_then_over", "claude-opus-4-1, budget 0.001, a text-only answer that crosses it.", 0.001, O41,
    [{"content": [txt("Only text.")]}])
bud("zero", "budget 0 with a text answer.", 0, None, [{"content": [txt("Zero.")]}])
bud("zero_tool", "budget 0 with a tool call.", 0, S45)
bud("max_turns_too", "claude-haiku-4-5, budget 0.0003 and max_turns 2: which limit is reported.", 0.0003, H45,
    opts={"max_turns": 2})
bud("thinking", "claude-sonnet-4-5, budget 0.001, responses with thinking blocks.", 0.001, S45,
    [{"content": [{"type": "thinking", "thinking": "plan %d" % i, "signature": "sig%d" % i},
                  tu(i, *R("<WS>/%s.txt" % n))]} for i, n in ((1, "a"), (2, "b"), (3, "c"))]
    + [{"content": [txt("Done.")]}])
bud("big_output", "claude-haiku-4-5, one response of 4000 output tokens, budget 0.01.", 0.01, H45,
    with_usage(THREE, usage(100, 4000)))

# ============================================================ effort, thinking, betas
def eff(name, desc, opts, responses=None, **kw):
    sc("eff_" + name, desc, responses or [{"content": [txt("ok")]}], opts, **kw)


for m in (S45, H45, O41, "claude-opus-4-5", "claude-sonnet-4-6"):
    short = m.replace("claude-", "").replace("-", "")
    eff("high_" + short, "effort high with %s." % m, {"model": m, "effort": "high"})
eff("low_opus55", "effort low with the default model, a tool turn.", {"effort": "low"}, seq(R("<WS>/a.txt")),
    files=FILES)
eff("max_tokens_s45", "max_thinking_tokens 4000 with claude-sonnet-4-5.", {"model": S45, "max_thinking_tokens": 4000})
eff("max_tokens_opus55", "max_thinking_tokens 4000 with the default model.", {"max_thinking_tokens": 4000})
eff("max_tokens_zero_effort", "max_thinking_tokens 0 with effort high.", {"max_thinking_tokens": 0, "effort": "high"})
eff("disabled_effort", "thinking disabled with effort high (default model).",
    {"thinking": {"type": "disabled"}, "effort": "high"})
eff("enabled_h45", "thinking enabled budget 2048 with claude-haiku-4-5.",
    {"model": H45, "thinking": {"type": "enabled", "budget_tokens": 2048}})
eff("adaptive_s45", "thinking adaptive with claude-sonnet-4-5.", {"model": S45, "thinking": {"type": "adaptive"}})
eff("enabled_effort_s46", "thinking enabled 3000 and effort low with claude-sonnet-4-6.",
    {"model": "claude-sonnet-4-6", "thinking": {"type": "enabled", "budget_tokens": 3000}, "effort": "low"})
for m in (S45, "claude-sonnet-4", H45, None):
    short = (m or "default").replace("claude-", "").replace("-", "")
    o = {"betas": ["context-1m-2025-08-07"]}
    if m:
        o["model"] = m
    eff("beta1m_" + short, "betas [context-1m-2025-08-07] with %s." % (m or "the default model"), o)
eff("beta1m_s45_big", "claude-sonnet-4-5 with the 1M beta and a 250,000-token prompt (price above 200k).",
    {"model": S45, "betas": ["context-1m-2025-08-07"]},
    [{"content": [txt("big")], "usage": usage(250000, 100)}])
eff("s45_big_nobeta", "claude-sonnet-4-5 without the beta, a 250,000-token prompt.", {"model": S45},
    [{"content": [txt("big")], "usage": usage(250000, 100)}])
eff("beta_unknown", "betas with an unknown name.", {"model": S45, "betas": ["made-up-beta-2099-01-01"]})

# ============================================================ add_dirs
OUT = {"outside/extra/notes.txt": "extra notes\nline two\n", "outside/extra/sub/deep.md": "# deep\n",
       "outside/other/x.txt": "other\n"}
X = "<ROOT>/outside/extra"


def ad(name, desc, calls, mode="default", dirs=(X,), behaviors=None, tools=None, **kw):
    o = {"add_dirs": list(dirs)}
    if tools:
        o["tools"] = tools
    extra = {"behaviors": behaviors} if behaviors else {}
    sc("ad_" + name, desc, seq(*calls), o, mode=mode, files=FILES, outside_files=OUT,
       record={"outside_files": True}, **extra, **kw)


GG = ["Read", "Edit", "Write", "Glob", "Grep", "Bash"]
ad("read_default", "default mode: Read in the added dir (no callback).", [R(X + "/notes.txt")])
ad("write_default", "default mode: Write a new file in the added dir (no callback).", [W(X + "/new.txt", "n\n")])
ad("write_default_cb", "default mode, logging callback: Write in the added dir.", [W(X + "/new.txt", "n\n")],
   behaviors=LOG)
ad("edit_accept", "acceptEdits: Read then Edit in the added dir.",
   [R(X + "/notes.txt"), E(X + "/notes.txt", "line two", "line 2")], mode="acceptEdits")
ad("write_accept", "acceptEdits: Write in the added dir.", [W(X + "/sub/w.txt", "w\n")], mode="acceptEdits")
ad("write_dontask", "dontAsk: Write in the added dir.", [W(X + "/new.txt", "n\n")], mode="dontAsk")
ad("read_dontask", "dontAsk: Read in the added dir.", [R(X + "/notes.txt")], mode="dontAsk")
# (one match each: the files laid outside the workspace have no fixed mtimes to order them by)
ad("glob_default", "default mode: Glob with path in the added dir.", [("Glob", {"pattern": "**/*.md", "path": X})],
   tools=GG)
ad("grep_default", "default mode: Grep in the added dir.", [("Grep", {"pattern": "dee+p", "path": X})],
   tools=GG)
ad("grep_content", "default mode: Grep content mode in the added dir.",
   [("Grep", {"pattern": "line", "path": X, "output_mode": "content"})], tools=GG)
ad("read_sibling", "default mode: Read in a sibling of the added dir (not added).",
   [R("<ROOT>/outside/other/x.txt")])
ad("write_sibling_accept", "acceptEdits: Write in a sibling of the added dir.",
   [W("<ROOT>/outside/other/y.txt", "y\n")], mode="acceptEdits")
ad("relative", "add_dirs given relative (../outside/extra): Write in acceptEdits.",
   [W(X + "/rel.txt", "r\n")], mode="acceptEdits", dirs=("../outside/extra",))
ad("missing_dir", "add_dirs naming a missing dir; Write there in acceptEdits.",
   [W("<ROOT>/outside/nothere/m.txt", "m\n")], mode="acceptEdits", dirs=("<ROOT>/outside/nothere",))
ad("two_dirs", "two added dirs: Write in each in acceptEdits.",
   [W(X + "/one.txt", "1\n"), W("<ROOT>/outside/other/two.txt", "2\n")], mode="acceptEdits",
   dirs=(X, "<ROOT>/outside/other"))
ad("bash_ls_default", "default mode: Bash ls of the added dir.", [B("ls " + X)])
ad("plan_write", "plan mode: Write in the added dir.", [W(X + "/p.txt", "p\n")], mode="plan")
ad("file_as_dir", "add_dirs naming a file; Read it in default mode.", [R(X + "/notes.txt")],
   dirs=(X + "/notes.txt",))

# ============================================================ continue / resume / fork
def ses(name, desc, responses, then, options=None, **kw):
    sc("ses_" + name, desc, responses, options or {}, then=then, files=FILES, **kw)


T2 = [{"content": [txt("First answer.")]}, {"content": [txt("Second answer.")]},
      {"content": [txt("Third answer.")]}]
ses("continue_basic", "A text answer, then continue_conversation with a second prompt.", T2,
    [{"prompt": "And then?", "options": {"continue_conversation": True}}])
ses("continue_after_tool", "A Read and an answer, then continue_conversation.",
    seq(R("<WS>/a.txt"), final="Read it.") + [{"content": [txt("Continued.")]}],
    [{"prompt": "More", "options": {"continue_conversation": True}}])
ses("continue_twice", "Three queries: the second and third continue.", T2,
    [{"prompt": "Two", "options": {"continue_conversation": True}},
     {"prompt": "Three", "options": {"continue_conversation": True}}])
ses("continue_first", "continue_conversation on the first query (nothing to continue), then again.", T2,
    [{"prompt": "Again", "options": {"continue_conversation": True}}], options={"continue_conversation": True})
ses("resume_fork", "resume with fork_session, then resume the original.", T2,
    [{"prompt": "Fork", "options": {"resume": "<SESSION_ID_1>", "fork_session": True}},
     {"prompt": "Orig", "options": {"resume": "<SESSION_ID_1>"}}])
ses("resume_other_model", "resume on claude-haiku-4-5 after claude-sonnet-4-5.", T2,
    [{"prompt": "Next", "options": {"resume": "<SESSION_ID_1>", "model": H45}}], options={"model": S45})
ses("resume_max_turns", "resume with max_turns 1 and a tool call.",
    [{"content": [txt("First answer.")]}] + seq(R("<WS>/a.txt")),
    [{"prompt": "Read", "options": {"resume": "<SESSION_ID_1>", "max_turns": 1}}])
ses("fork_no_resume", "fork_session without resume on the second query.", T2,
    [{"prompt": "Next", "options": {"fork_session": True}}])
ses("continue_fork", "continue_conversation with fork_session.", T2,
    [{"prompt": "Next", "options": {"continue_conversation": True, "fork_session": True}},
     {"prompt": "Last", "options": {"continue_conversation": True}}])
ses("resume_partial", "resume with include_partial_messages.", T2,
    [{"prompt": "Next", "options": {"resume": "<SESSION_ID_1>", "include_partial_messages": True}}])
ses("resume_budget_models", "claude-sonnet-4-5 then resumed on claude-opus-4-1: model_usage and cost.", T2,
    [{"prompt": "Next", "options": {"resume": "<SESSION_ID_1>", "model": O41}}], options={"model": S45})

# ============================================================ include_partial_messages
PM = {"include_partial_messages": True}


def pm(name, desc, responses, opts=None, **kw):
    o = dict(PM)
    o.update(opts or {})
    sc("pm_" + name, desc, responses, o, files=FILES, **kw)


pm("thinking_text", "thinking then text.",
   [{"content": [{"type": "thinking", "thinking": "Let me think about this carefully.", "signature": "s1"},
                 txt("Answer.")]}])
RA = ("Read", {"file_path": "a.txt"})  # relative: no scratch path inside the JSON deltas
RB = ("Read", {"file_path": "b.txt"})
pm("thinking_s45", "claude-sonnet-4-5: thinking then a Read, then text.",
   [{"content": [{"type": "thinking", "thinking": "Read a.", "signature": "s1"}, tu(1, *RA)]},
    {"content": [txt("Done.")]}], {"model": S45})
pm("tool_json_chunks", "a tool_use whose input arrives in many small JSON deltas.",
   [{"content": [tu(1, "Write", {"file_path": "long.txt", "content": "x" * 120 + "\n"})], "chunk": 3},
    {"content": [txt("Done.")]}])
pm("two_text", "two text blocks in one response.", [{"content": [txt("First part."), txt("Second part.")]}])
pm("max_tokens", "a text cut by max_tokens.", [{"content": [txt("This is cut")], "stop_reason": "max_tokens"}])
pm("text_tool", "text then a tool_use in one response.",
   [{"content": [txt("Reading."), tu(1, *RA)]}, {"content": [txt("Done.")]}])
pm("redacted", "redacted_thinking then text.",
   [{"content": [{"type": "redacted_thinking", "data": "opaque"}, txt("Answer.")]}])
pm("two_tools", "two tool_use blocks in one response.",
   [{"content": [tu(1, *RA), tu(2, *RB)]}, {"content": [txt("Done.")]}])
pm("empty_text", "an empty text block then a text.", [{"content": [txt(""), txt("After empty.")]}])
pm("max_tokens_tool", "a tool_use stopped by max_tokens.",
   [{"content": [tu(1, *RA)], "stop_reason": "max_tokens"}, {"content": [txt("Done.")]}])
pm("subagent", "a foreground subagent on the haiku alias with partial messages.",
   [{"match": "PARENT-J", "content": [tu(1, "Agent", {"description": "Help", "prompt": "SUB-PROMPT-J answer",
                                                      "subagent_type": "helper", "run_in_background": False})]},
    {"match": "SUB-PROMPT-J", "content": [txt("SUB-ANSWER")]},
    {"match": "SUB-ANSWER", "content": [txt("Done.")]}],
   {"agents": {"helper": {"description": "Helps.", "prompt": "You help.", "model": "haiku"}}}, prompt="PARENT-J go")

# ============================================================ max_turns edges
def mt(name, desc, responses, turns, opts=None, **kw):
    o = {"max_turns": turns}
    o.update(opts or {})
    sc("mt_" + name, desc, responses, o, files=FILES, **kw)


mt("one_tool", "max_turns 1 with a tool call.", seq(R("<WS>/a.txt")), 1)
mt("two_parallel", "max_turns 2 with three parallel Reads then another Read.",
   [{"content": [tu(1, *R("<WS>/a.txt")), tu(2, *R("<WS>/b.txt")), tu(3, *R("<WS>/c.txt"))]}]
   + seq(R("<WS>/a.txt")), 2)
mt("one_structured", "max_turns 1 with output_format: the first response is a Read.", seq(R("<WS>/a.txt")), 1,
   {"output_format": SCHEMA})
mt("two_structured", "max_turns 2 with output_format: StructuredOutput on the second response.",
   seq(R("<WS>/a.txt"), ("StructuredOutput", {"answer": 3})), 2, {"output_format": SCHEMA})
mt("one_structured_direct", "max_turns 1 with output_format: StructuredOutput first.",
   seq(("StructuredOutput", {"answer": 1})), 1, {"output_format": SCHEMA})
mt("one_text", "max_turns 1 with a text answer.", [{"content": [txt("Just text.")]}], 1)
mt("one_denied", "max_turns 1, default mode: a Write asked and denied (no callback).",
   seq(W("<WS>/n.txt", "n\n")), 1, {"permission_mode": "default"})
mt("one_partial", "max_turns 1 with include_partial_messages and a tool call.", seq(("Read", {"file_path": "a.txt"})),
   1, PM)
mt("two_structured_bad", "max_turns 2 with output_format: an invalid StructuredOutput then a valid one.",
   seq(("StructuredOutput", {"answer": "x"}), ("StructuredOutput", {"answer": 2})), 2, {"output_format": SCHEMA})
mt("three_models", "max_turns 2 with claude-haiku-4-5: the usage in the error result.",
   seq(R("<WS>/a.txt"), R("<WS>/b.txt")), 2, {"model": H45})

# ============================================================ usage and cost across models
def use(name, desc, responses, opts=None, **kw):
    sc("use_" + name, desc, responses, opts or {}, files=FILES, **kw)


HELP = {"helper": {"description": "Helps.", "prompt": "You help.", "model": "haiku"}}
SUBCALL = [{"match": "PARENT-J", "content": [tu(1, "Agent", {"description": "Help", "prompt": "SUB-PROMPT-J answer",
                                                          "subagent_type": "helper", "run_in_background": False})]},
           {"match": "SUB-PROMPT-J", "content": [txt("SUB-ANSWER")], "usage": usage(300, 40, 100, 50)},
           {"match": "SUB-ANSWER", "content": [txt("Done.")]}]
use("subagent_haiku", "a subagent on haiku under the default model: model_usage per model.", SUBCALL,
    {"agents": HELP}, prompt="PARENT-J go")
use("subagent_haiku_s45", "a subagent on haiku under claude-sonnet-4-5.", SUBCALL, {"agents": HELP, "model": S45},
    prompt="PARENT-J go")
use("subagent_opus_budget", "a subagent on opus under claude-haiku-4-5, budget 0.002.",
    SUBCALL, {"agents": {"helper": dict(HELP["helper"], model="opus")}, "model": H45, "max_budget_usd": 0.002},
    prompt="PARENT-J go")
AGENT_OPUS = ("Agent", {"description": "Help", "prompt": "SUB-PROMPT-J answer", "subagent_type": "helper",
                        "run_in_background": False})
OPUS_HELP = {"helper": dict(HELP["helper"], model="opus")}
use("subagent_budget_read_first", "Read and a subagent on opus in one response, claude-haiku-4-5, budget 0.002.",
    [{"match": "PARENT-J", "content": [tu(1, *R("<WS>/a.txt")), tu(2, *AGENT_OPUS)]}] + SUBCALL[1:],
    {"agents": OPUS_HELP, "model": H45, "max_budget_usd": 0.002}, prompt="PARENT-J go")
use("subagent_budget_agent_first", "A subagent on opus then a Read in one response, claude-haiku-4-5, budget 0.002.",
    [{"match": "PARENT-J", "content": [tu(1, *AGENT_OPUS), tu(2, *R("<WS>/a.txt"))]}] + SUBCALL[1:],
    {"agents": OPUS_HELP, "model": H45, "max_budget_usd": 0.002}, prompt="PARENT-J go")
use("subagent_budget_not_crossed", "A subagent on opus under claude-haiku-4-5, budget 0.01 (not crossed).",
    SUBCALL, {"agents": OPUS_HELP, "model": H45, "max_budget_usd": 0.01}, prompt="PARENT-J go")
use("subagent_budget_read_first_not_crossed", "Read and a subagent on opus in one response, budget 0.01 (not crossed).",
    [{"match": "PARENT-J", "content": [tu(1, *R("<WS>/a.txt")), tu(2, *AGENT_OPUS)]}] + SUBCALL[1:],
    {"agents": OPUS_HELP, "model": H45, "max_budget_usd": 0.01}, prompt="PARENT-J go")
use("subagent_read_first_no_budget", "Read and a subagent on opus in one response, no budget.",
    [{"match": "PARENT-J", "content": [tu(1, *R("<WS>/a.txt")), tu(2, *AGENT_OPUS)]}] + SUBCALL[1:],
    {"agents": OPUS_HELP, "model": H45}, prompt="PARENT-J go")
use("response_model_differs", "the response names claude-haiku-4-5 while the request is for the default model.",
    [{"content": [txt("From haiku.")], "model": H45}])
use("response_model_mixed", "first response names claude-haiku-4-5, the second the requested model.",
    [{"content": [tu(1, *R("<WS>/a.txt"))], "model": H45}, {"content": [txt("Done.")]}])
use("cache_mixed_models", "claude-opus-4-1 with cache write and read in each response.",
    with_usage(seq(R("<WS>/a.txt")), usage(20, 30, 4000, 12000)), {"model": O41})
use("haiku_cache_read", "claude-haiku-4-5 with a big cache read.",
    [{"content": [txt("ok")], "usage": usage(5, 7, 0, 90000)}], {"model": H45})
use("unknown_model", "a model name no price list has (claude-j-test-1): cost and model_usage.",
    [{"content": [txt("ok")]}], {"model": "claude-j-test-1"})
use("zero_usage", "a response with all token counts 0.", [{"content": [txt("ok")], "usage": usage(0, 0)}])

scenario_files.write(HERE, "vj_", SCEN)

#!/usr/bin/env python3
"""Generates the variants-e scenarios (prefix ve_): one-input variations of the agent-loop and
session families: API errors (headers, bodies, errors on a later call, mixed retries), cost,
max_turns, model, max_tokens stops, stream cuts, text answers, tool loops, parallel calls,
invalid and unknown tools, the tools options, sessions (resume, continue, fork) and
compaction. Run: python3 make.py  (writes ve_*.json next to this file)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import scenario_files  # noqa: E402
from scenario_files import DONE, tu, txt, seq  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SCEN = []
SUMMARY = "Your task is to create a detailed summary of the conversation so far"
FILES = {"p.txt": "P\n", "q.txt": "Q\n"}


def sc(*args, **kw):
    SCEN.append(scenario_files.scenario("ve_", *args, **kw))


B = lambda cmd, d="run": ("Bash", {"command": cmd, "description": d})
R = lambda p, **kw: ("Read", {"file_path": p, **kw})


def err(status, typ, msg, headers=None, body=None):
    e = {"status": status, "type": typ, "message": msg}
    if headers is not None:
        e["headers"] = headers
    if body is not None:
        e["body"] = body
    return {"error": e}


def u(i=0, o=0, cc=0, cr=0):
    return {"input_tokens": i, "output_tokens": o, "cache_creation_input_tokens": cc, "cache_read_input_tokens": cr}


R0 = {"retry-after": "0"}
OK = {"content": [txt("Recovered.")]}
TOOL1 = {"content": [tu(1, "Bash", {"command": "echo one", "description": "one"})]}
TOOL2 = {"content": [tu(2, "Bash", {"command": "echo two", "description": "two"})]}
PAR = {"content": [tu(1, "Bash", {"command": "echo a", "description": "a"}),
                   tu(2, "Bash", {"command": "echo b", "description": "b"})]}


def esc(name, desc, responses, retries=None, default=None, **kw):
    env = {"CLAUDE_CODE_MAX_RETRIES": str(retries)} if retries is not None else None
    extra = {"timeout_s": 120}
    if env:
        extra["env"] = env
    extra.update(kw)
    s_opts = extra.pop("options", None)
    sc("err_" + name, desc, responses, s_opts, prompt=extra.pop("prompt", "Go"), **extra)
    if default is not None:
        SCEN[-1]["default"] = default


# ============================================================ api errors
esc("429_should_retry_false", "429 with x-should-retry: false (and retry-after 0), then a good answer.",
    [err(429, "rate_limit_error", "Rate limited", {"retry-after": "0", "x-should-retry": "false"}), OK])
esc("500_should_retry_false", "500 api_error with x-should-retry: false, then a good answer.",
    [err(500, "api_error", "Internal server error", {"x-should-retry": "false"}), OK])
esc("529_should_retry_false", "529 overloaded with x-should-retry: false, then a good answer.",
    [err(529, "overloaded_error", "Overloaded", {"x-should-retry": "false"}), OK])
esc("400_should_retry_false", "400 with x-should-retry: false (a 400 is final anyway).",
    [err(400, "invalid_request_error", "Bad request here", {"x-should-retry": "false"}), OK])
esc("429_should_retry_true_max0", "429 with x-should-retry: true but CLAUDE_CODE_MAX_RETRIES=0.",
    [err(429, "rate_limit_error", "Rate limited", {"retry-after": "0", "x-should-retry": "true"}), OK], retries=0)
esc("404_model_not_found", "404 not_found_error naming the model option's model.",
    [], default=err(404, "not_found_error", "model: claude-sonnet-4-5"), options={"model": "claude-sonnet-4-5"})
esc("400_max_tokens_too_big", "400 saying max_tokens is above the model's limit.",
    [err(400, "invalid_request_error",
         "max_tokens: 128000 > 64000, which is the maximum allowed number of output tokens for claude-sonnet-4-5-20250929"), OK])
esc("400_body_no_type", "400 whose body is {error: {message}} without any type.",
    [err(400, "x", "x", body={"error": {"message": "No type given"}}), OK])
esc("400_body_flat_message", "400 whose body is a flat {message} object.",
    [err(400, "x", "x", body={"message": "Flat message body"}), OK])
esc("500_body_type_only", "500 whose body is {type: error} with no error object, every attempt.",
    [], retries=1, default=err(500, "x", "x", body={"type": "error"}))
esc("400_third_call", "Two tool rounds, then the third request is answered 400.",
    [TOOL1, TOOL2, err(400, "invalid_request_error", "Third call rejected"), OK])
esc("429_after_tool_then_ok", "A tool round, then 429 (retry-after 0), then the final answer.",
    [TOOL1, err(429, "rate_limit_error", "Rate limited", R0), {"content": [txt("Finished after retry.")]}])
esc("500_then_400", "500 (retried) then 400 (final).",
    [err(500, "api_error", "Internal server error", R0), err(400, "invalid_request_error", "Now a bad request"), OK])
esc("429_529_500_then_ok", "429, 529, 500 in a row (each retry-after 0), then success.",
    [err(429, "rate_limit_error", "Rate limited", R0), err(529, "overloaded_error", "Overloaded", R0),
     err(500, "api_error", "Internal server error", R0), OK])
esc("400_after_parallel", "Two parallel Bash calls, then the next request is answered 400.",
    [PAR, err(400, "invalid_request_error", "Rejected after parallel round"), OK])
esc("429_exhausted_max_retries_1", "429 on every attempt with CLAUDE_CODE_MAX_RETRIES=1.",
    [], retries=1, default=err(429, "rate_limit_error", "Rate limited", R0))
esc("529_max_retries_0", "529 once with CLAUDE_CODE_MAX_RETRIES=0.",
    [err(529, "overloaded_error", "Overloaded", R0), OK], retries=0)
esc("400_partial_messages", "400 on the first request with include_partial_messages.",
    [err(400, "invalid_request_error", "Bad request partial"), OK], options={"include_partial_messages": True})
esc("500_after_tool_then_ok", "A tool round, then a 500 (retried), then the final answer.",
    [TOOL1, err(500, "api_error", "Internal server error", R0), {"content": [txt("Finished.")]}])
esc("429_max_turns_1", "max_turns=1: a 429 then a text answer (does the retry count as a turn?).",
    [err(429, "rate_limit_error", "Rate limited", R0), OK], options={"max_turns": 1})
esc("503_html_then_ok", "503 with an HTML string body once, then success.",
    [err(503, "x", "x", R0, body="<html>Service Unavailable</html>"), OK])
esc("429_retry_after_fraction", "429 with retry-after 0.5, then success.",
    [err(429, "rate_limit_error", "Rate limited", {"retry-after": "0.5"}), OK])
esc("400_after_tool_partial", "A tool round, then 400, with include_partial_messages.",
    [TOOL1, err(400, "invalid_request_error", "Rejected after tool"), OK],
    options={"include_partial_messages": True})
esc("400_resume_after", "Query 1 ends in a 400; query 2 resumes it (what history is sent?).",
    [err(400, "invalid_request_error", "First query rejected"), {"content": [txt("Second answer.")]}],
    then=[{"prompt": "Try again", "options": {"resume": "<SESSION_ID_1>"}}])
esc("500_exhausted_continue", "Query 1 exhausts retries on 500; query 2 continues the conversation.",
    [err(500, "api_error", "Internal server error", R0), err(500, "api_error", "Internal server error", R0),
     {"content": [txt("Back again.")]}], retries=1,
    then=[{"prompt": "Again please", "options": {"continue_conversation": True}}])
esc("500_then_ok_continue", "A 500 retried once, then an answer; query 2 continues (the transcript keeps the retry).",
    [err(500, "api_error", "Internal server error", R0), OK, {"content": [txt("Continued.")]}],
    then=[{"prompt": "Again please", "options": {"continue_conversation": True}}])
esc("500_after_tool_resume", "A tool round, then a 500 with no retries left; query 2 resumes after the error.",
    [TOOL1, err(500, "api_error", "Internal server error", R0), {"content": [txt("Resumed.")]}], retries=0,
    then=[{"prompt": "Again please", "options": {"resume": "<SESSION_ID_1>"}}])
esc("529_exhausted_resume_twice", "529 exhausted (one retry) in query 1; two more resumes.",
    [err(529, "overloaded_error", "Overloaded", R0), err(529, "overloaded_error", "Overloaded", R0),
     {"content": [txt("Second.")]}, {"content": [txt("Third.")]}], retries=1,
    then=[{"prompt": "Two", "options": {"resume": "<SESSION_ID_1>"}},
          {"prompt": "Three", "options": {"resume": "<SESSION_ID_1>"}}])
esc("401_then_ok", "401 authentication_error 'invalid x-api-key' once, with a good answer after it.",
    [err(401, "authentication_error", "invalid x-api-key"), OK])

# ============================================================ cost
def cost(name, desc, usages, model=None, **kw):
    resp = [{"content": [tu(k, "Bash", {"command": f"echo {k}", "description": str(k)})], "usage": us}
            for k, us in enumerate(usages[:-1], 1)]
    resp.append({"content": [txt("total")], "usage": usages[-1]})
    sc("cost_" + name, desc, resp, {"model": model} if model else None, prompt="Cost", **kw)


cost("opus_4_5_cache", "claude-opus-4-5 with cache creation and reads.", [u(400, 60, 1500, 0), u(30, 120, 0, 1900)],
     "claude-opus-4-5")
cost("sonnet_4_5_long_input", "claude-sonnet-4-5 with a 250,000-token input.", [u(250000, 500, 0, 0)], "claude-sonnet-4-5")
cost("haiku_4_5_dated", "claude-haiku-4-5-20251001 over two calls.", [u(1000, 100, 0, 0), u(50, 300, 0, 1000)],
     "claude-haiku-4-5-20251001")
sc("cost_after_error", "A tool round with usage, then a 500 exhausting one retry: cost of the round only.",
   [{"content": [tu(1, "Bash", {"command": "echo c", "description": "c"})], "usage": u(1234, 56, 0, 0)},
    err(500, "api_error", "Internal server error", R0), err(500, "api_error", "Internal server error", R0)],
   prompt="Cost", env={"CLAUDE_CODE_MAX_RETRIES": "1"}, timeout_s=120,
   )
SCEN[-1]["default"] = err(500, "api_error", "Internal server error", R0)
sc("cost_max_tokens_continuation", "max_tokens stop then the continuation: both calls priced.",
   [{"content": [txt("Part one")], "stop_reason": "max_tokens", "usage": u(300, 4096, 0, 0)},
    {"content": [txt(" and part two.")], "usage": u(4400, 20, 0, 0)}], prompt="Cost")
cost("parallel_round", "Usage on a response with three parallel calls.", [u(700, 90, 0, 0), u(900, 10, 0, 0)])
SCEN[-1]["responses"][0]["content"] += [tu(7, "Bash", {"command": "echo x", "description": "x"}),
                                        tu(8, "Read", {"file_path": "<WS>/p.txt"})]
SCEN[-1]["files"] = FILES

# ============================================================ max_turns / model / max_tokens / cut
sc("mt_1_parallel", "max_turns=1 with a response of two parallel calls.", [PAR, OK], {"max_turns": 1})
sc("mt_2_unknown_tool_rounds", "max_turns=2: an unknown tool, then a valid call, then text.",
   seq(("Nope", {}), B("echo hi")), {"max_turns": 2})
sc("mt_1_max_tokens", "max_turns=1 and a max_tokens stop on the first answer.",
   [{"content": [txt("Cut")], "stop_reason": "max_tokens"}, {"content": [txt(" off.")]}], {"max_turns": 1})
sc("model_opus_alias_tool", "model='opus' over a tool round (init model, model_usage key).",
   seq(B("echo m")), {"model": "opus"})
sc("model_haiku_alias_cost", "model='haiku' with usage (price of the alias's model).",
   [{"content": [txt("Cheap.")], "usage": u(2000, 300, 0, 0)}], {"model": "haiku"})
sc("model_response_other_model", "The API answers with another model id than the one asked for.",
   [{"content": [txt("From another model.")], "model": "claude-opus-4-5-20251101", "usage": u(100, 10)}],
   {"model": "claude-sonnet-4-5"})
sc("stop_max_tokens_empty", "stop_reason max_tokens with no content at all, then text.",
   [{"content": [], "stop_reason": "max_tokens"}, {"content": [txt("After empty cut.")]}])
sc("stop_max_tokens_three", "max_tokens three times in a row, then end_turn.",
   [{"content": [txt("One")], "stop_reason": "max_tokens"}, {"content": [txt("Two")], "stop_reason": "max_tokens"},
    {"content": [txt("Three")], "stop_reason": "max_tokens"}, {"content": [txt("End.")]}])
sc("stop_max_tokens_after_tool_partial", "A tool round, then max_tokens, with include_partial_messages.",
   [TOOL1, {"content": [txt("Partly")], "stop_reason": "max_tokens"}, {"content": [txt(" done.")]}],
   {"include_partial_messages": True})
sc("cut_in_second_parallel_tool", "Two parallel tool calls; the stream is cut inside the second, then a retry.",
   [{**PAR, "cut_after": 9}, PAR, OK], timeout_s=120)
sc("cut_max_retries_0", "A cut stream with CLAUDE_CODE_MAX_RETRIES=0.",
   [{"content": [txt("Half an answer that gets cut")], "cut_after": 4}, OK], env={"CLAUDE_CODE_MAX_RETRIES": "0"},
   timeout_s=120)
sc("cut_twice_then_500_then_ok", "Two cut streams, then a 500, then success (how are the retries numbered?).",
   [{"content": [txt("cut one")], "cut_after": 4}, {"content": [txt("cut two")], "cut_after": 4},
    err(500, "api_error", "Internal server error", R0), OK], timeout_s=120)
sc("cut_then_continue", "A cut stream retried, then an answer; query 2 continues (the transcript keeps the retry).",
   [{"content": [txt("cut here")], "cut_after": 4}, OK, {"content": [txt("Continued.")]}], timeout_s=120,
   then=[{"prompt": "Again please", "options": {"continue_conversation": True}}])
sc("cut_max_retries_1_twice", "Two cut streams with CLAUDE_CODE_MAX_RETRIES=1.",
   [{"content": [txt("cut one")], "cut_after": 4}, {"content": [txt("cut two")], "cut_after": 4}, OK],
   env={"CLAUDE_CODE_MAX_RETRIES": "1"}, timeout_s=120)
sc("err_500_then_cut_then_ok", "A 500 (retried), then a cut stream, then success.",
   [err(500, "api_error", "Internal server error", R0), {"content": [txt("cut here")], "cut_after": 4}, OK],
   timeout_s=120)
sc("cut_then_500_then_ok", "A cut stream, then a 500, then success.",
   [{"content": [txt("cut here")], "cut_after": 4}, err(500, "api_error", "Internal server error", R0), OK],
   timeout_s=120)

# ============================================================ text / loops / parallel / invalid / unknown
sc("text_crlf_and_tabs", "A text answer with CRLF line ends, tabs and trailing spaces.",
   [{"content": [txt("line one\r\nline\ttwo  \r\n\r\nend ")]}])
sc("text_three_blocks", "Three text blocks in one answer (result = the last one?).",
   [{"content": [txt("Alpha."), txt("Beta."), txt("Gamma.")]}])
sc("loop_read_write_read", "Read, Write, Read of the same file over three rounds.",
   seq(R("<WS>/p.txt"), ("Write", {"file_path": "<WS>/p.txt", "content": "NEW\n"}), R("<WS>/p.txt")), files=FILES)
sc("par_three_reads_one_missing", "Three parallel Reads, the middle one of a missing file.",
   [{"content": [tu(1, "Read", {"file_path": "<WS>/p.txt"}), tu(2, "Read", {"file_path": "<WS>/nope.txt"}),
                 tu(3, "Read", {"file_path": "<WS>/q.txt"})]}, DONE], files=FILES)
sc("par_invalid_and_valid", "Parallel: a Bash call missing its command next to a valid Read.",
   [{"content": [tu(1, "Bash", {"description": "no command"}), tu(2, "Read", {"file_path": "<WS>/p.txt"})]}, DONE],
   files=FILES)
sc("par_unknown_and_valid", "Parallel: an unknown tool next to a valid Bash.",
   [{"content": [tu(1, "Frobnicate", {"x": 1}), tu(2, "Bash", {"command": "echo ok", "description": "ok"})]}, DONE])
sc("unk_mcp_name", "A call to an mcp__ tool of a server that is not configured.",
   seq(("mcp__github__create_issue", {"title": "x"})))
sc("inv_glob_pattern_number", "Glob with a numeric pattern.", seq(("Glob", {"pattern": 42})), files=FILES)
sc("inv_read_offset_string", "Read with offset given as a numeric string.",
   seq(R("<WS>/p.txt", offset="1")), files=FILES)

# ============================================================ tools options
sc("tools_read_glob_disallow_read", "tools=[Read, Glob] and disallowed_tools=[Read]; the model calls Read then Glob.",
   seq(R("<WS>/p.txt"), ("Glob", {"pattern": "*.txt"})), {"tools": ["Read", "Glob"], "disallowed_tools": ["Read"]},
   files=FILES, mtimes={"p.txt": 1700000000, "q.txt": 1700000100})
sc("tools_empty_model_calls_bash", "tools=[] and the model calls Bash anyway.", seq(B("echo hi")), {"tools": []})
sc("disallowed_bash_rule_pattern", "disallowed_tools=['Bash(rm *)']: rm is refused, echo runs.",
   seq(B("rm -f p.txt"), B("echo still")), {"disallowed_tools": ["Bash(rm *)"]}, files=FILES)
sc("allowed_and_disallowed_same", "The same tool in allowed_tools and disallowed_tools (default mode).",
   seq(B("echo both")), {"allowed_tools": ["Bash"], "disallowed_tools": ["Bash"]}, mode=None)

# ============================================================ sessions
sc("session_continue_no_prior", "continue_conversation=True in a workspace with no earlier session.",
   [{"content": [txt("Fresh start.")]}], {"continue_conversation": True})
sc("session_continue_latest_of_two", "Two sessions, then continue_conversation: the later one is continued.",
   [{"content": [txt("First session.")]}, {"content": [txt("Second session.")]}, {"content": [txt("Continued.")]}],
   then=[{"prompt": "Second"}, {"prompt": "Continue", "options": {"continue_conversation": True}}])
sc("session_custom_id_then_resume", "A session started with an explicit session_id, then resumed by that id.",
   [{"content": [txt("Started.")]}, {"content": [txt("Resumed.")]}],
   {"session_id": "11111111-2222-4333-8444-555555555555"},
   then=[{"prompt": "Again", "options": {"session_id": None, "resume": "11111111-2222-4333-8444-555555555555"}}])
sc("session_resume_at_user", "Fork at the first user message's uuid (resume_session_at a user row).",
   seq(B("echo r1"), final="One.") + [{"content": [txt("Forked.")]}],
   then=[{"prompt": "Branch", "options": {"resume": "<SESSION_ID_1>", "fork_session": True,
                                          "resume_session_at": "<USER_UUID_1_0>"}}])
sc("session_resume_tools_removed", "A session that ran Bash, resumed with tools=[].",
   seq(B("echo s"), final="Ran.") + [{"content": [txt("No tools now.")]}],
   then=[{"prompt": "Again", "options": {"resume": "<SESSION_ID_1>", "tools": []}}])
sc("session_resume_max_turns_error", "Query 1 stops at max_turns=1; query 2 resumes without a limit.",
   seq(B("echo a"), B("echo b"), final="Finished."), {"max_turns": 1},
   then=[{"prompt": "Go on", "options": {"resume": "<SESSION_ID_1>", "max_turns": None}}])
sc("session_fork_then_continue", "Query 1, a fork of it, then continue_conversation from a fresh query.",
   [{"content": [txt("Base.")]}, {"content": [txt("Forked.")]}, {"content": [txt("Continued.")]}],
   then=[{"prompt": "Fork", "options": {"resume": "<SESSION_ID_1>", "fork_session": True}},
         {"prompt": "Continue", "options": {"continue_conversation": True}}])

# ============================================================ compaction
def step(i, usage):
    return {"content": [txt(f"Step {i}."), tu(i, "Bash", {"command": f"echo s{i}", "description": f"step {i}"})],
            "usage": usage}


def summ(**kw):
    return {"content": [txt("<summary>\nVariant summary.\n</summary>")], "match": SUMMARY, **kw}


def csc(name, desc, responses, options=None, **extra):
    sc(name, desc, responses, options, prompt="Run the steps and report",
       timeout_s=150, **extra)
    SCEN[-1]["default"] = {"content": [txt("DEFAULT (unscripted request)")]}


FINAL = {"content": [txt("All steps ran.")]}
csc("compact_summary_529_then_ok", "Auto compaction whose summary request gets a 529, then a summary.",
    [step(1, u(1000, 50)), step(2, u(967100, 50)),
     {"content": [], "match": SUMMARY, "error": {"status": 529, "type": "overloaded_error", "message": "Overloaded",
                                                 "headers": R0}}, summ(), FINAL])
csc("compact_auto_max_turns_2", "Auto compaction after round 2 with max_turns=2.",
    [step(1, u(1000, 50)), step(2, u(967100, 50)), summ(), FINAL], {"max_turns": 2})

scenario_files.write(HERE, "ve_", SCEN)

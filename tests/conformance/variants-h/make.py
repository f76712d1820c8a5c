#!/usr/bin/env python3
"""Generates the variants-h scenarios (prefix vh_): one-input variations of the slash
command, settings file, MCP, thinking/compaction and API-wire families (command front
matter and arguments, built-in commands, permission rules and env/model in each settings
file under each setting_sources, stdio MCP results, names and rules, thinking and effort
options, error statuses and bodies, stop reasons).
Run: python3 make.py  (writes vh_*.json next to this file)."""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import scenario_files  # noqa: E402
from scenario_files import tu, txt, seq  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SCEN = []
SERVER = open(os.path.join(HERE, "server.py")).read()


def sc(*args, **kw):
    SCEN.append(scenario_files.scenario("vh_", *args, **kw))


B = lambda cmd, d="run": ("Bash", {"command": cmd, "description": d})
W = lambda p, c: ("Write", {"file_path": p, "content": c})
R = lambda p: ("Read", {"file_path": p})
J = lambda o: json.dumps(o, indent=1) + "\n"

# ============================================================ slash commands
CMDS = {
    ".claude/commands/tools.md": "---\nallowed-tools: Bash(touch:*)\ndescription: Touch things\n---\nTouch $ARGUMENTS\n",
    ".claude/commands/readonly.md": "---\nallowed-tools: Read\n---\nWrite the file $1\n",
    ".claude/commands/haiku.md": "---\nmodel: claude-haiku-4-5\n---\nQuick answer about $ARGUMENTS\n",
    ".claude/commands/alias.md": "---\nmodel: sonnet\n---\nAlias model for $ARGUMENTS\n",
    ".claude/commands/hint.md": "---\nargument-hint: [file] [mode]\ndescription: Hinted\n---\nHinted body: [$ARGUMENTS]\n",
    ".claude/commands/pos.md": "First $1, second $2, third $3; all: $ARGUMENTS\n",
    ".claude/commands/args.md": "Args: $ARGUMENTS\n",
    ".claude/commands/a/b/deep.md": "Two levels deep $ARGUMENTS\n",
    ".claude/commands/fix-bug.md": "Fix bug number $1\n",
    ".claude/commands/dup.md": "Project dup $ARGUMENTS\n",
    ".claude/commands/twice.md": "A: $ARGUMENTS B: $ARGUMENTS C: $1 $1\n",
    ".claude/commands/braces.md": "Braced ${ARGUMENTS} and $ARGUMENTS[0] and $ARGUMENTS[1]\n",
}
HOME_CMDS = {".claude/commands/dup.md": "User dup $ARGUMENTS\n"}


def cmd(name, desc, prompt, responses=None, mode="bypassPermissions", **kw):
    sc("cmd_" + name, desc, responses or [{"content": [txt("Done.")]}], prompt=prompt, mode=mode,
       files=CMDS, home_files=HOME_CMDS, **kw)


cmd("allowed_tools_bash", "allowed-tools Bash(touch:*) in front matter, default mode: the command's touch runs?",
    "/tools a.txt", seq(B("touch a.txt"), B("touch b.txt && echo x")), mode="default")
cmd("allowed_tools_read_write", "allowed-tools Read in front matter, default mode: a Write is still asked about.",
    "/readonly w.txt", seq(W("<WS>/w.txt", "w\n")), mode="default")
cmd("allowed_tools_next_prompt", "allowed-tools of a command, then a resumed plain prompt: is touch still allowed?",
    "/tools a.txt", seq(B("touch a.txt")) + seq(B("touch c.txt")), mode="default",
    then=[{"prompt": "Touch c", "options": {"resume": "<SESSION_ID_1>"}}])
cmd("model_full", "model: claude-haiku-4-5 in front matter: the request's model and the result's model_usage.",
    "/haiku cats")
cmd("model_alias", "model: sonnet in front matter.", "/alias dogs")
cmd("model_tool_round", "model: claude-haiku-4-5 in front matter with a tool round: the model of the second request.",
    "/haiku x", seq(B("echo hi")))
cmd("hint_no_args", "argument-hint and description, no arguments.", "/hint")
cmd("hint_args", "argument-hint, two arguments.", "/hint f.py fast")
cmd("pos_quoted", "Positional arguments with a quoted one.", '/pos "a b" c d')
cmd("pos_missing", "Positional arguments: only one given.", "/pos only")
cmd("pos_shell_words", "Positional arguments split as a shell splits them: quotes, an escaped blank, an empty word.",
    "/pos 'q r' x\\ y \"\" z")
cmd("pos_open_quote", "Positional arguments with a quote left open.", "/pos a 'b c")
cmd("args_multiline", "$ARGUMENTS over two lines.", "/args line one\nline two")
cmd("nested_two", "A command two directories deep, by its namespaced name.", "/a:b:deep here")
cmd("dash_name", "A command whose name has a dash.", "/fix-bug 12")
cmd("upper_name", "A known command typed in capitals.", "/ARGS x")
cmd("user_project_same", "The same command name in user and project settings.", "/dup z")
cmd("unknown_args", "An unknown command with arguments.", "/nosuch with args")
cmd("braces", "${ARGUMENTS} and $ARGUMENTS[n] spellings.", "/braces p q")
cmd("braces_past_end", "$ARGUMENTS[1] with one argument.", "/braces p")
# The Python SDK yields /clear's reset message as a plain object: the harness keeps its time.
cmd("builtin_clear", "/clear as the prompt.", "/clear", compare_ignore=["messages[*].__t"])
cmd("builtin_context", "/context as the prompt.", "/context")
cmd("builtin_cost", "/cost as the prompt.", "/cost")
cmd("compact_instructions_tool", "/compact with instructions after a session with a tool round.",
    "Run it", seq(B("echo one")) + [{"match": "Your task is to create a detailed summary",
                                      "content": [txt("<summary>S</summary>")]}],
    then=[{"prompt": "/compact keep the numbers\nand the names", "options": {"resume": "<SESSION_ID_1>"}}])

# ============================================================ settings files
TOUCH = seq(B("touch t.txt"))
ALLOW_TOUCH = J({"permissions": {"allow": ["Bash(touch:*)"]}})
DENY_TOUCH = J({"permissions": {"deny": ["Bash(touch:*)"]}})


def st(name, desc, responses, files=None, home=None, sources="omit", mode="default", opts=None, **kw):
    o = dict(opts or {})
    if sources != "omit":
        o["setting_sources"] = sources
    extra = {"home_files": home} if home else {}
    sc("set_" + name, desc, responses, o, mode=mode, files=files or {}, **extra, **kw)


for where, fname in (("project", ".claude/settings.json"), ("local", ".claude/settings.local.json")):
    for srcs in (["project"], ["local"], None, []):
        tag = "none" if srcs is None else ("empty" if srcs == [] else "_".join(srcs))
        st(f"allow_{where}_src_{tag}", f"allow Bash(touch:*) in {fname}, setting_sources {srcs}: touch runs?",
           TOUCH, {fname: ALLOW_TOUCH}, sources=srcs)
for srcs in (["user"], ["project"]):
    tag = "none" if srcs is None else "_".join(srcs)
    st(f"allow_user_src_{tag}", f"allow Bash(touch:*) in ~/.claude/settings.json, setting_sources {srcs}.",
       TOUCH, home={".claude/settings.json": ALLOW_TOUCH}, sources=srcs)
st("deny_project_allow_local", "deny in project settings, allow in local settings: touch.", TOUCH,
   {".claude/settings.json": DENY_TOUCH, ".claude/settings.local.json": ALLOW_TOUCH}, sources=["project", "local"])
st("deny_user_allow_option", "deny in user settings, allowed_tools Bash(touch:*): touch.", TOUCH,
   home={".claude/settings.json": DENY_TOUCH}, sources=["user"], opts={"allowed_tools": ["Bash(touch:*)"]})
st("ask_local_read_bypass", "ask Read in local settings, bypassPermissions: Read of a file.",
   seq(R("<WS>/f.txt")), {".claude/settings.local.json": J({"permissions": {"ask": ["Read"]}}), "f.txt": "F\n"},
   sources=["local"], mode="bypassPermissions")
st("default_mode_accept", "permissions.defaultMode acceptEdits in project settings, no permission_mode: Write.",
   seq(W("<WS>/w.txt", "w\n")), {".claude/settings.json": J({"permissions": {"defaultMode": "acceptEdits"}})},
   sources=["project"], mode=None)
st("default_mode_option_wins", "defaultMode acceptEdits in settings, permission_mode default: Write.",
   seq(W("<WS>/w.txt", "w\n")), {".claude/settings.json": J({"permissions": {"defaultMode": "acceptEdits"}})},
   sources=["project"], mode="default")
st("env_project", "env VH_FOO in project settings: Bash echo $VH_FOO.", seq(B("echo [$VH_FOO]")),
   {".claude/settings.json": J({"env": {"VH_FOO": "from-project"}})}, sources=["project"], mode="bypassPermissions")
st("env_project_not_loaded", "env VH_FOO in project settings, setting_sources []: Bash echo $VH_FOO.",
   seq(B("echo [$VH_FOO]")), {".claude/settings.json": J({"env": {"VH_FOO": "from-project"}})}, sources=[],
   mode="bypassPermissions")
st("env_user_and_local", "env in user and local settings, both loaded: which value wins.",
   seq(B("echo [$VH_FOO] [$VH_BAR]")), {".claude/settings.local.json": J({"env": {"VH_FOO": "local"}})},
   home={".claude/settings.json": J({"env": {"VH_FOO": "user", "VH_BAR": "user"}})}, sources=["user", "local"],
   mode="bypassPermissions")
st("model_project", "model claude-haiku-4-5 in project settings: init model and request model.",
   [{"content": [txt("Done.")]}], {".claude/settings.json": J({"model": "claude-haiku-4-5"})}, sources=["project"],
   mode="bypassPermissions")
st("model_project_option_wins", "model in project settings and the model option claude-sonnet-4-5.",
   [{"content": [txt("Done.")]}], {".claude/settings.json": J({"model": "claude-haiku-4-5"})}, sources=["project"],
   mode="bypassPermissions", opts={"model": "claude-sonnet-4-5"})
st("model_user_alias", "model haiku (alias) in user settings.", [{"content": [txt("Done.")]}],
   home={".claude/settings.json": J({"model": "haiku"})}, sources=["user"], mode="bypassPermissions")
st("output_style_project", "outputStyle Explanatory in project settings: init output_style.",
   [{"content": [txt("Done.")]}], {".claude/settings.json": J({"outputStyle": "Explanatory"})}, sources=["project"],
   mode="bypassPermissions")
st("output_style_custom", "a custom output style in .claude/output-styles chosen by outputStyle.",
   [{"content": [txt("Done.")]}], {".claude/settings.json": J({"outputStyle": "Terse"}),
                                   ".claude/output-styles/terse.md": "---\nname: Terse\ndescription: Short\n---\nBe terse.\n"},
   sources=["project"], mode="bypassPermissions")
st("settings_option_allow", "the settings option (a JSON string) with an allow rule: touch.", TOUCH,
   sources=[], opts={"settings": json.dumps({"permissions": {"allow": ["Bash(touch:*)"]}})})

# ============================================================ MCP (stdio)
MCPS = {"vh": {"command": "python3", "args": ["<WS>/server.py", "vh"]}}
M = lambda t, **a: ("mcp__vh__" + t, a)


def mcp(name, desc, calls, mode="bypassPermissions", opts=None, servers=MCPS, par=True, **kw):
    o = {"mcp_servers": servers}
    o.update(opts or {})
    if par:
        resp = [{"content": [tu(i, n, a) for i, (n, a) in enumerate(calls, 1)]}, {"content": [txt("Done.")]}]
    else:
        resp = seq(*calls)
    files = {"server.py": SERVER}
    files.update(kw.pop("files", {}))
    sc("mcp_" + name, desc, resp, o, mode=mode, files=files, env={"ENABLE_TOOL_SEARCH": "false"}, **kw)


mcp("results_text", "MCP results: text, isError, isError without content, JSON-RPC error.",
    [M("ok"), M("err"), M("err_empty"), M("rpcerr")])
mcp("results_content", "MCP results: text+image+text, image alone, no content, two texts.",
    [M("mix"), M("img"), M("empty"), M("multi")])
mcp("results_struct_resource", "MCP results: structuredContent, an embedded text resource.",
    [M("struct"), M("resource")])
mcp("odd_names", "MCP tools named with a dot, a dash and capitals.",
    [("mcp__vh__dot_name", {}), ("mcp__vh__dash-name", {}), ("mcp__vh__UpperCase", {}), ("mcp__vh__dot.name", {})])
mcp("server_dash", "A server whose name has a dash and a dot.",
    [("mcp__my-srv_x__ok", {}), ("mcp__my-srv.x__ok", {})],
    servers={"my-srv.x": {"command": "python3", "args": ["<WS>/server.py", "my-srv.x"]}})
mcp("bad_args", "MCP tool input against its schema: missing, wrong type, extra key.",
    [M("need"), M("need", n="x"), M("need", n=2, extra=1)])
mcp("allow_wildcard_default", "default mode, allowed mcp__vh__*: two tools.",
    [M("ok"), M("err")], mode="default", opts={"allowed_tools": ["mcp__vh__*"]})
mcp("allow_server_default", "default mode, allowed mcp__vh (the server): two tools.",
    [M("ok"), M("err")], mode="default", opts={"allowed_tools": ["mcp__vh"]})
mcp("allow_one_default", "default mode, allowed mcp__vh__ok only: ok runs, multi is asked about.",
    [M("ok"), M("multi")], mode="default", opts={"allowed_tools": ["mcp__vh__ok"]})
mcp("allow_prefix_star_default", "default mode, allowed mcp__vh__o*: a partial wildcard.",
    [M("ok"), M("multi")], mode="default", opts={"allowed_tools": ["mcp__vh__o*"]})
mcp("no_rule_default", "default mode, no rule: an MCP call is asked about (denied).", [M("ok")], mode="default")
mcp("no_rule_callback", "default mode, can_use_tool allows: the callback's input for an MCP call.",
    [M("ok"), M("need", n=3)], mode="default", behaviors={"can_use_tool": {"behavior": "allow_all"}})
mcp("dontAsk_wildcard", "dontAsk, allowed mcp__vh__*: calls run.", [M("ok"), M("img")], mode="dontAsk",
    opts={"allowed_tools": ["mcp__vh__*"]})
mcp("plan_no_rule", "plan mode, no rule: an MCP call.", [M("ok")], mode="plan")
mcp("plan_callback", "plan mode, can_use_tool allows: an MCP call.", [M("ok")], mode="plan",
    behaviors={"can_use_tool": {"behavior": "allow_all"}})
mcp("deny_tool_bypass", "bypassPermissions, disallowed mcp__vh__err: err and ok.",
    [M("ok"), M("err")], opts={"disallowed_tools": ["mcp__vh__err"]})
mcp("deny_server_bypass", "bypassPermissions, disallowed mcp__vh: both calls.",
    [M("ok"), M("err")], opts={"disallowed_tools": ["mcp__vh"]})
mcp("deny_wildcard_bypass", "bypassPermissions, disallowed mcp__vh__*: both calls.",
    [M("ok"), M("err")], opts={"disallowed_tools": ["mcp__vh__*"]})
mcp("settings_allow", "default mode, mcp__vh__ok allowed in project settings.",
    [M("ok"), M("err")], mode="default", opts={"setting_sources": ["project"]},
    files={".claude/settings.json": J({"permissions": {"allow": ["mcp__vh__ok"]}})})
mcp("tools_option", "tools=[Read] beside an MCP server: the MCP tools still offered?",
    [M("ok")], opts={"tools": ["Read"]})
# ============================================================ thinking, effort, compaction
TH = [{"content": [{"type": "thinking", "thinking": "Hmm.", "signature": "sig"}, txt("Done.")]}]


def th(name, desc, opts, env=None, responses=TH, **kw):
    extra = {"env": env} if env else {}
    sc("think_" + name, desc, responses, opts, mode="bypassPermissions", **extra, **kw)


th("mtt_opus", "max_thinking_tokens 2048 on the default model.", {"max_thinking_tokens": 2048})
th("mtt_sonnet", "max_thinking_tokens 2048 on claude-sonnet-4-5.", {"max_thinking_tokens": 2048, "model": "claude-sonnet-4-5"})
th("enabled_sonnet", "thinking enabled 5000 on claude-sonnet-4-5.",
   {"thinking": {"type": "enabled", "budget_tokens": 5000}, "model": "claude-sonnet-4-5"})
th("enabled_over_max", "thinking enabled 40000 (over max_tokens) on claude-sonnet-4-5.",
   {"thinking": {"type": "enabled", "budget_tokens": 40000}, "model": "claude-sonnet-4-5"})
th("disabled_sonnet", "thinking disabled on claude-sonnet-4-5.", {"thinking": {"type": "disabled"}, "model": "claude-sonnet-4-5"})
th("adaptive_sonnet", "thinking adaptive on claude-sonnet-4-5.", {"thinking": {"type": "adaptive"}, "model": "claude-sonnet-4-5"})
th("effort_high", "effort high on the default model.", {"effort": "high"})
th("effort_max", "effort max on the default model.", {"effort": "max"})
th("effort_low_sonnet", "effort low on claude-sonnet-4-5.", {"effort": "low", "model": "claude-sonnet-4-5"})
th("env_max_thinking", "MAX_THINKING_TOKENS=3000 in the environment on claude-sonnet-4-5.",
   {"model": "claude-sonnet-4-5"}, env={"MAX_THINKING_TOKENS": "3000"})
th("env_max_output", "CLAUDE_CODE_MAX_OUTPUT_TOKENS=4000 on the default model.", {},
   env={"CLAUDE_CODE_MAX_OUTPUT_TOKENS": "4000"})
BIG = {"input_tokens": 967100, "output_tokens": 50}
SUMMARY = {"match": "Your task is to create a detailed summary", "content": [txt("<summary>S</summary>")]}
ROUNDS = [{"content": [tu(1, "Bash", {"command": "echo one", "description": "one"})]},
          {"content": [tu(2, "Bash", {"command": "echo two", "description": "two"})], "usage": BIG},
          SUMMARY, {"content": [txt("Done.")]}]
sc("compact_disable_env", "DISABLE_AUTO_COMPACT=1 with usage over the threshold: no compaction.", ROUNDS,
   env={"DISABLE_AUTO_COMPACT": "1"})
sc("compact_pct_override_60", "CLAUDE_AUTOCOMPACT_PCT_OVERRIDE=60 with 600,100 input tokens.",
   [ROUNDS[0], dict(ROUNDS[1], usage={"input_tokens": 600100, "output_tokens": 50}), SUMMARY, ROUNDS[3]],
   env={"CLAUDE_AUTOCOMPACT_PCT_OVERRIDE": "60"})
sc("max_tokens_twice", "stop_reason max_tokens twice in a row, then an answer.",
   [{"content": [txt("part one")], "stop_reason": "max_tokens"},
    {"content": [txt("part two")], "stop_reason": "max_tokens"}, {"content": [txt("Done.")]}])

# ============================================================ API wire
ERR_ENV = {"CLAUDE_CODE_MAX_RETRIES": "1"}


def err(status, etype, message, **e):
    return {"error": dict({"status": status, "type": etype, "message": message}, **e)}


def api(name, desc, responses, env=ERR_ENV, opts=None, **kw):
    sc("api_" + name, desc, responses, dict({"tools": []}, **(opts or {})), env=env, timeout_s=90, **kw)


api("400_other_message", "400 invalid_request_error with its own message.",
    [err(400, "invalid_request_error", "messages.0: unexpected field")] * 6 + [{"content": [txt("Done.")]}])
api("401_body", "401 authentication_error with its own message.",
    [err(401, "authentication_error", "invalid x-api-key")] * 3)
api("403_body", "403 permission_error with its own message.",
    [err(403, "permission_error", "Your API key does not have permission to use the specified resource.")] * 3)
api("413_then_ok", "413 request_too_large once, then an answer.",
    [err(413, "request_too_large", "Request exceeds the maximum size"), {"content": [txt("Done.")]}])
api("429_retry_after_1", "429 with retry-after 1, then an answer.",
    [err(429, "rate_limit_error", "Slow down", headers={"retry-after": "1"}), {"content": [txt("Done.")]}])
api("500_after_tool", "500 twice after a tool round (retries 1).",
    [{"content": [tu(1, "Bash", {"command": "echo hi", "description": "d"})]},
     err(500, "api_error", "Internal server error"), err(500, "api_error", "Internal server error")],
    opts={"tools": ["Bash"], "permission_mode": "bypassPermissions"})
api("529_body_api_error", "529 whose body says api_error, twice.",
    [err(529, "api_error", "Something else")] * 2)
api("stream_overloaded_mid", "SSE overloaded_error after partial text, then an answer.",
    [{"content": [txt("partial")], "stream_error": {"type": "overloaded_error", "message": "Overloaded"}},
     {"content": [txt("Done.")]}])
api("stream_rate_limit_mid", "SSE rate_limit_error after partial text, then an answer.",
    [{"content": [txt("partial")], "stream_error": {"type": "rate_limit_error", "message": "Rate limited"}},
     {"content": [txt("Done.")]}])
api("stream_invalid_request_mid", "SSE invalid_request_error after partial text.",
    [{"content": [txt("partial")], "stream_error": {"type": "invalid_request_error", "message": "Bad request"}},
     {"content": [txt("Done.")]}])
api("stream_timeout_mid", "SSE timeout_error after partial text, then an answer.",
    [{"content": [txt("partial")], "stream_error": {"type": "timeout_error", "message": "Timed out"}},
     {"content": [txt("Done.")]}])
api("refusal_text", "stop_reason refusal after some text.",
    [{"content": [txt("I can't help")], "stop_reason": "refusal"}])
api("refusal_empty", "stop_reason refusal with no content.", [{"content": [], "stop_reason": "refusal"}])
api("refusal_after_tool", "stop_reason refusal in the second call, after a tool round.",
    [{"content": [tu(1, "Bash", {"command": "echo hi", "description": "d"})]},
     {"content": [txt("No.")], "stop_reason": "refusal"}],
    opts={"tools": ["Bash"], "permission_mode": "bypassPermissions"})
api("pause_turn", "stop_reason pause_turn with text, then an answer.",
    [{"content": [txt("Working")], "stop_reason": "pause_turn"}, {"content": [txt("Done.")]}])
api("context_window_text", "stop_reason model_context_window_exceeded after text, then an answer.",
    [{"content": [txt("long")], "stop_reason": "model_context_window_exceeded"}, {"content": [txt("Done.")]}])
api("unknown_stop_reason", "an unknown stop_reason (weird_reason).",
    [{"content": [txt("Odd")], "stop_reason": "weird_reason"}, {"content": [txt("Done.")]}])

# ============================================================ second round: more of each family
CMDS2 = dict(CMDS, **{
    ".claude/commands/multi.md": "---\nallowed-tools: Bash(touch:*), Write\n---\nDo $ARGUMENTS\n",
    ".claude/commands/yamllist.md": "---\nallowed-tools:\n  - Bash(touch:*)\n---\nDo $ARGUMENTS\n",
    ".claude/commands/at.md": "Look at @notes.txt and $ARGUMENTS\n",
    ".claude/commands/Upper.md": "Upper body\n",
    ".claude/commands/nomodel.md": "---\ndisable-model-invocation: true\ndescription: Quiet\n---\nQuiet body $ARGUMENTS\n",
    "notes.txt": "NOTES\n",
})


def cmd2(name, desc, prompt, responses=None, mode="bypassPermissions", **kw):
    sc("cmd2_" + name, desc, responses or [{"content": [txt("Done.")]}], prompt=prompt, mode=mode,
       files=CMDS2, home_files=HOME_CMDS, **kw)


cmd2("allowed_comma_list", "allowed-tools 'Bash(touch:*), Write' in default mode: touch and Write.",
     "/multi x", seq(B("touch a.txt"), W("<WS>/w.txt", "w\n")), mode="default")
cmd2("allowed_yaml_list", "allowed-tools as a YAML list in default mode: touch.",
     "/yamllist x", seq(B("touch a.txt")), mode="default")
cmd2("at_file", "A command body naming @notes.txt.", "/at more")
cmd2("upper_file", "A command file named Upper.md, typed /Upper.", "/Upper")
cmd2("upper_file_lower", "A command file named Upper.md, typed /upper.", "/upper")
cmd2("disable_model_invocation", "A command with disable-model-invocation, typed.", "/nomodel y")

st("model_local", "model claude-haiku-4-5 in settings.local.json, setting_sources [local].",
   [{"content": [txt("Done.")]}], {".claude/settings.local.json": J({"model": "claude-haiku-4-5"})},
   sources=["local"], mode="bypassPermissions")
st("model_env_wins", "ANTHROPIC_MODEL claude-sonnet-4-5 and model haiku in project settings.",
   [{"content": [txt("Done.")]}], {".claude/settings.json": J({"model": "haiku"})}, sources=["project"],
   mode="bypassPermissions", env={"ANTHROPIC_MODEL": "claude-sonnet-4-5"})
st("env_max_output", "env CLAUDE_CODE_MAX_OUTPUT_TOKENS=5000 in project settings: the request's max_tokens.",
   [{"content": [txt("Done.")]}], {".claude/settings.json": J({"env": {"CLAUDE_CODE_MAX_OUTPUT_TOKENS": "5000"}})},
   sources=["project"], mode="bypassPermissions")
st("additional_dirs", "permissions.additionalDirectories in project settings: Read outside, default mode.",
   seq(R("<ROOT>/outside/o.txt")), {".claude/settings.json": J({"permissions": {"additionalDirectories": ["../outside"]}})},
   sources=["project"], outside_files={"outside/o.txt": "outside\n"})
st("invalid_json", "project settings that are not JSON beside an allow rule in local settings: touch.",
   TOUCH, {".claude/settings.json": "{not json\n", ".claude/settings.local.json": ALLOW_TOUCH},
   sources=["project", "local"])
st("ask_project_callback", "ask Bash(touch:*) in project settings, default mode, can_use_tool allows.",
   TOUCH, {".claude/settings.json": J({"permissions": {"ask": ["Bash(touch:*)"]}})}, sources=["project"],
   behaviors={"can_use_tool": {"behavior": "allow_all"}})

MCPS2 = dict(MCPS, vh2={"command": "python3", "args": ["<WS>/server.py", "vh2"]})
mcp("two_servers_wildcard", "two servers, default mode, allowed mcp__vh__*: a call to each.",
    [M("ok"), ("mcp__vh2__ok", {})], mode="default", opts={"allowed_tools": ["mcp__vh__*"]}, servers=MCPS2)
mcp("failed_server", "a server whose command does not exist beside a working one: init and a call to each.",
    [M("ok"), ("mcp__gone__ok", {})], servers=dict(MCPS, gone={"command": "<WS>/no-such-server"}))
mcp("deny_settings", "deny mcp__vh__err in project settings, bypassPermissions: ok and err.",
    [M("ok"), M("err")], opts={"setting_sources": ["project"]},
    files={".claude/settings.json": J({"permissions": {"deny": ["mcp__vh__err"]}})})
mcp("ask_settings_callback", "ask mcp__vh__ok in project settings, bypassPermissions, can_use_tool allows.",
    [M("ok")], opts={"setting_sources": ["project"]}, behaviors={"can_use_tool": {"behavior": "allow_all"}},
    files={".claude/settings.json": J({"permissions": {"ask": ["mcp__vh__ok"]}})})

TOOL_ECHO = tu(1, "Bash", {"command": "echo hi", "description": "d"})
BASH = {"tools": ["Bash"], "permission_mode": "bypassPermissions"}
api("stream_overloaded_after_tool", "SSE overloaded_error after a text and a tool_use block.",
    [{"content": [txt("Running"), TOOL_ECHO], "stream_error": {"type": "overloaded_error", "message": "Overloaded"}},
     {"content": [txt("Done.")]}], opts=BASH)
api("stream_rate_limit_after_tool", "SSE rate_limit_error after a text and a tool_use block.",
    [{"content": [txt("Running"), TOOL_ECHO], "stream_error": {"type": "rate_limit_error", "message": "Rate limited"}},
     {"content": [txt("Done.")]}], opts=BASH)
api("stream_rate_limit_first", "SSE rate_limit_error before any content, then an answer.",
    [{"content": [], "stream_error": {"type": "rate_limit_error", "message": "Rate limited"}},
     {"content": [txt("Done.")]}])
api("refusal_with_tool_use", "stop_reason refusal on a response with a tool_use block.",
    [{"content": [txt("Trying"), TOOL_ECHO], "stop_reason": "refusal"}, {"content": [txt("Done.")]}], opts=BASH)

scenario_files.write(HERE, "vh_", SCEN)

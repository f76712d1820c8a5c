"""Writes the ht_* scenarios: settings hooks of `type: "mcp_tool"`, which call a tool of one of
the session's stdio MCP servers (fuzz-k's server, an `echo` tool that says its text back) and
read its text as a command hook's stdout."""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
SERVER = json.load(open(os.path.join(HERE, "..", "fuzz-k", "fk_001.json")))["files"]["server.py"]
TOOLS = {"name": "my-tools", "version": "2.0.0", "tools": [
    {"name": "echo", "description": "Say the text back.", "input": {"text": "string"}, "run": {"text": "{text}"}}]}


def text(t):
    return {"content": [{"type": "text", "text": t}]}


BASH = {"type": "tool_use", "id": "toolu_b1", "name": "Bash", "input": {"command": "echo hi"}}


def echo_hook(said, server="my-tools", tool="echo"):
    return {"type": "mcp_tool", "server": server, "tool": tool, "input": {"text": said}}


def scen(name, hook, event="PreToolUse", matcher="Bash", options=None):
    entry = {"hooks": [hook]}
    if matcher:
        entry["matcher"] = matcher
    s = {"name": name, "description": name, "prompt": "Go",
         "files": {"server.py": SERVER, "my-tools.json": json.dumps(TOOLS),
                   ".claude/settings.json": json.dumps({"hooks": {event: [entry]}})},
         "options": dict({"setting_sources": ["project"], "permission_mode": "bypassPermissions",
                          "mcp_servers": {"my-tools": {"command": "python3", "args": ["<WS>/server.py", "<WS>/my-tools.json"]}}},
                         **(options or {})),
         "env": {"ENABLE_TOOL_SEARCH": "false"},
         "responses": [{"content": [BASH]}, text("after")], "default": text("done")}
    with open(os.path.join(HERE, name + ".json"), "w") as f:
        json.dump(s, f, indent=1)


def pre(**kw):
    return json.dumps({"hookSpecificOutput": dict({"hookEventName": "PreToolUse"}, **kw)})


scen("ht_deny", echo_hook(pre(permissionDecision="deny", permissionDecisionReason="mcp says no")))
scen("ht_defer", echo_hook(pre(permissionDecision="defer")))
scen("ht_plain_text", echo_hook("cmd=${tool_input.command}"))
scen("ht_template_message", echo_hook(json.dumps({"systemMessage": "cmd=${tool_input.command} tool=${tool_name}"})))
scen("ht_post_context", echo_hook(json.dumps({"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "from mcp"}})),
     event="PostToolUse")
scen("ht_unknown_server", echo_hook(pre(permissionDecision="deny"), server="nope"))
scen("ht_unknown_tool", echo_hook(pre(permissionDecision="deny"), tool="nope"))
scen("ht_stop_block", echo_hook(json.dumps({"decision": "block", "reason": "keep going"})), event="Stop", matcher=None)
scen("ht_prompt_context", echo_hook(json.dumps({"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": "prompt ctx"}})),
     event="UserPromptSubmit", matcher=None)


# `type: "prompt"`: the model is asked; its answer (a scripted response matched by the event's
# name in the question) decides.
def prompt_scen(name, event, verdict, matcher=None, model=None, responses=None):
    hook = {"type": "prompt", "prompt": "JUDGE-ME $ARGUMENTS"}
    if model:
        hook["model"] = model
    entry = {"hooks": [hook]}
    if matcher:
        entry["matcher"] = matcher
    asked = '"hook_event_name":"%s"' % event
    s = {"name": name, "description": name, "prompt": "Go",
         "files": {".claude/settings.json": json.dumps({"hooks": {event: [entry]}})},
         "options": {"setting_sources": ["project"], "permission_mode": "bypassPermissions"},
         "responses": [{"match": asked, "content": [{"type": "text", "text": verdict}]}] + (responses or [{"content": [BASH]}, text("after")]),
         "default": text("done")}
    with open(os.path.join(HERE, name + ".json"), "w") as f:
        json.dump(s, f, indent=1)


NO = '{"ok": false, "reason": "not allowed"}'
YES = '{"ok": true, "reason": "fine"}'
prompt_scen("ht_prompt_pre_no", "PreToolUse", NO, matcher="Bash")
prompt_scen("ht_prompt_pre_yes", "PreToolUse", YES, matcher="Bash")
prompt_scen("ht_prompt_pre_impossible", "PreToolUse", '{"ok": false, "reason": "cannot tell", "impossible": true}', matcher="Bash")
prompt_scen("ht_prompt_pre_garbage", "PreToolUse", "maybe", matcher="Bash")
prompt_scen("ht_prompt_pre_model", "PreToolUse", NO, matcher="Bash", model="claude-haiku-4-5")
# (PostToolUse's question carries the call's `duration_ms`: two recordings never agree.)
prompt_scen("ht_prompt_ups_no", "UserPromptSubmit", '{"ok": false, "reason": "bad prompt"}', responses=[text("answer")])
prompt_scen("ht_prompt_ups_yes", "UserPromptSubmit", YES, responses=[text("answer")])
prompt_scen("ht_prompt_stop_no_then_yes", "Stop", '{"ok": false, "reason": "keep working"}',
            responses=[text("first"), {"match": '"hook_event_name":"Stop"', "content": [{"type": "text", "text": YES}]}, text("second")])


# `type: "agent"`: an agent of its own checks the condition and answers through the
# StructuredOutput tool (its requests are matched by the event's name in its prompt).
def agent_scen(name, event, answers, matcher=None, responses=None):
    entry = {"hooks": [{"type": "agent", "prompt": "VERIFY-ME $ARGUMENTS"}]}
    if matcher:
        entry["matcher"] = matcher
    asked = '"hook_event_name":"%s"' % event
    s = {"name": name, "description": name, "prompt": "Go",
         "files": {".claude/settings.json": json.dumps({"hooks": {event: [entry]}}),
                   "notes.txt": "workspace notes\n"},
         "options": {"setting_sources": ["project"], "permission_mode": "bypassPermissions"},
         "responses": [dict({"match": asked}, **a) for a in answers] + (responses or [{"content": [BASH]}, text("after")]),
         "default": text("done")}
    with open(os.path.join(HERE, name + ".json"), "w") as f:
        json.dump(s, f, indent=1)


# After its Read, the agent's request ends with the file's text.
AFTER_READ = "workspace notes"


def verdict(ok, reason, i=1):
    return {"content": [{"type": "tool_use", "id": "toolu_v%d" % i, "name": "StructuredOutput",
                         "input": {"ok": ok, "reason": reason}}]}


READ_NOTES = {"content": [{"type": "tool_use", "id": "toolu_r1", "name": "Read", "input": {"file_path": "notes.txt"}}]}
agent_scen("ht_agent_pre_no", "PreToolUse", [verdict(False, "not verified")], matcher="Bash")
agent_scen("ht_agent_pre_yes", "PreToolUse", [verdict(True, "looks safe")], matcher="Bash")
agent_scen("ht_agent_pre_read_no", "PreToolUse", [READ_NOTES, dict(verdict(False, "notes say no", 2), match=AFTER_READ)],
           matcher="Bash")
agent_scen("ht_agent_ups_no", "UserPromptSubmit", [verdict(False, "bad prompt")], responses=[text("answer")])
agent_scen("ht_agent_stop_no_then_yes", "Stop",
           [READ_NOTES, dict(verdict(False, "tests not run", 2), match=AFTER_READ)],
           responses=[text("first"), dict(verdict(True, "fine now", 3), match='"hook_event_name":"Stop"'), text("second")])

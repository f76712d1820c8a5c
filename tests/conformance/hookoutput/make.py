"""Writes the ho_* scenarios: a PostToolUse hook's `updatedToolOutput` and
`updatedMCPToolOutput`, for built-in tools and a stdio MCP server's tool. The hooks are
project settings commands that echo their answer (so a `\\n` in it reaches the hook as a line
break: such an answer is not JSON, and changes nothing)."""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
FUZZ_K = os.path.join(HERE, "..", "fuzz-k", "fk_001.json")


def hooks(out, matcher="Bash", extra=None):
    entries = [{"matcher": matcher, "hooks": [{"type": "command", "command": "echo '" + json.dumps(out) + "'"}]}]
    if extra:
        entries.append(extra)
    return {".claude/settings.json": json.dumps({"hooks": {"PostToolUse": entries}})}


def post(**kw):
    h = {"hookEventName": "PostToolUse"}
    h.update(kw)
    return {"hookSpecificOutput": h}


def call(i, name, inp):
    return {"type": "tool_use", "id": "toolu_" + i, "name": name, "input": inp}


def bash(i, command):
    return call(i, "Bash", {"command": command})


READ = call("r1", "Read", {"file_path": "<WS>/a.txt"})
WRITE = call("w1", "Write", {"file_path": "<WS>/w.txt", "content": "w\n"})
EDIT = call("e1", "Edit", {"file_path": "<WS>/a.txt", "old_string": "alpha", "new_string": "beta"})
MCP = call("m1", "mcp__my-tools__echo", {"text": "secret"})


def text(t):
    return {"content": [{"type": "text", "text": t}]}


def scen(name, files, first, with_mcp=False, options=None, **more):
    f = dict(files, **{"a.txt": "alpha\n"})
    o = dict({"setting_sources": ["project"], "permission_mode": "bypassPermissions"}, **(options or {}))
    s = {"name": name, "description": name, "prompt": "Go", "files": f, "options": o,
         "responses": [{"content": c} for c in first] + [text("after")], "default": text("done")}
    if with_mcp:
        server = json.load(open(FUZZ_K))["files"]["server.py"]
        tools = {"name": "my-tools", "version": "2.0.0", "tools": [
            {"name": "echo", "description": "Say the text back.", "input": {"text": "string"}, "run": {"text": "{text}"}}]}
        f.update({"server.py": server, "my-tools.json": json.dumps(tools)})
        o["mcp_servers"] = {"my-tools": {"command": "python3", "args": ["<WS>/server.py", "<WS>/my-tools.json"]}}
        s["env"] = {"ENABLE_TOOL_SEARCH": "false"}
    s.update(more)
    with open(os.path.join(HERE, name + ".json"), "w") as fh:
        json.dump(s, fh, indent=1)


B = [[bash("b1", "echo secret")]]
SH = {"stdout": "X", "stderr": "", "interrupted": False, "isImage": False}
# Bash: only an object of its shape counts.
for name, value in [("str", "REDACTED"), ("obj", SH), ("num", 42), ("null", None),
                    ("list", [{"type": "text", "text": "L1"}]), ("empty", ""), ("partial", {"stdout": "X"}),
                    ("extra", dict(SH, stderr="E", extra=1)), ("badtype", dict(SH, stdout=5)),
                    ("stderr", dict(SH, stdout="", stderr="ERR")), ("empty_out", dict(SH, stdout="")),
                    ("interrupted", dict(SH, stdout="S", interrupted=True)), ("empty_obj", {})]:
    scen("ho_bash_" + name, hooks(post(updatedToolOutput=value)), B)
scen("ho_bash_mcp_only", hooks(post(updatedMCPToolOutput="MCPONLY")), B)
scen("ho_bash_both", hooks(post(updatedToolOutput="A", updatedMCPToolOutput="B")), B)
scen("ho_bash_ctx", hooks(post(updatedToolOutput=SH, additionalContext="ctx")), B)
scen("ho_bash_fail", hooks(post(updatedToolOutput=SH)), [[bash("b1", "exit 3")]])
second = {"matcher": "Bash", "hooks": [{"type": "command", "command": "echo '" + json.dumps(post(updatedToolOutput=dict(SH, stdout="SECOND"))) + "'"}]}
scen("ho_two_hooks", hooks(post(updatedToolOutput=dict(SH, stdout="FIRST")), extra=second), B)
scen("ho_block", hooks({"decision": "block", "reason": "nope", "hookSpecificOutput": {"hookEventName": "PostToolUse", "updatedToolOutput": SH}}), B)
scen("ho_callback_log", hooks(post(updatedToolOutput=SH)), B,
     behaviors={"hooks": {"PostToolUse": [{"matcher": None, "behavior": "log_all"}]}})
scen("ho_partial_messages", hooks(post(updatedToolOutput=SH)), B, options={"include_partial_messages": True})
# Read, Write, Edit.
F = lambda **kw: {"type": "text", "file": dict({"filePath": "/x", "content": "zzz", "numLines": 1, "startLine": 1, "totalLines": 1}, **kw)}
for name, value in [("str", "NEWREAD"), ("obj", F()), ("start5", F(startLine=5)), ("path_ws", F(filePath="<WS>/a.txt")),
                    ("numlines", F(numLines=7)), ("two_fields", {"type": "text", "file": {"filePath": "/x", "content": "q"}}),
                    ("empty", F(content="")), ("bad", {"foo": 1}), ("multiline", F(content="l1\nl2")),
                    ("image", {"type": "image", "file": {"base64": "AAAA", "type": "image/png", "originalSize": 4}})]:
    scen("ho_read_" + name, hooks(post(updatedToolOutput=value), matcher="Read"), [[READ]])
scen("ho_write_str", hooks(post(updatedToolOutput="W!"), matcher="Write"), [[WRITE]])
scen("ho_write_obj", hooks(post(updatedToolOutput={"type": "create", "filePath": "/elsewhere.txt", "content": "q",
                                                   "structuredPatch": [], "originalFile": None}), matcher="Write"), [[WRITE]])
scen("ho_edit_obj", hooks(post(updatedToolOutput={"filePath": "/e.txt", "oldString": "a", "newString": "b", "originalFile": "a",
                                                  "structuredPatch": [], "userModified": False, "replaceAll": False}), matcher="Edit"),
     [[READ], [EDIT]])
# An MCP tool: the value as given.
for name, out in [("str", post(updatedMCPToolOutput="REDACTED")), ("list", post(updatedMCPToolOutput=[{"type": "text", "text": "L1"}, {"type": "text", "text": "L2"}])),
                  ("obj", post(updatedMCPToolOutput={"content": [{"type": "text", "text": "O1"}]})), ("uto_str", post(updatedToolOutput="UTO")),
                  ("both", post(updatedToolOutput="UTO", updatedMCPToolOutput="MCP")), ("num", post(updatedMCPToolOutput=7)),
                  ("null", post(updatedMCPToolOutput=None)), ("empty", post(updatedMCPToolOutput=""))]:
    scen("ho_mcp_" + name, hooks(out, matcher="mcp__my-tools__echo"), [[MCP]], with_mcp=True)


# The prompt's and the session start's hooks: a title, a block's notice without the prompt, a
# prompt answered first.
def event_hooks(event, out):
    return {".claude/settings.json": json.dumps({"hooks": {event: [{"hooks": [
        {"type": "command", "command": "echo '" + json.dumps(out) + "'"}]}]}})}


def prompt_scen(name, files, **more):
    s = {"name": name, "description": name, "prompt": "hello", "files": files,
         "options": {"setting_sources": ["project"]}, "responses": [text("one"), text("two")],
         "default": text("done"), "record": {"transcripts": True}}
    s.update(more)
    with open(os.path.join(HERE, name + ".json"), "w") as fh:
        json.dump(s, fh, indent=1)


def ups(**kw):
    return {"hookSpecificOutput": dict({"hookEventName": "UserPromptSubmit"}, **kw)}


def start(**kw):
    return {"hookSpecificOutput": dict({"hookEventName": "SessionStart"}, **kw)}


prompt_scen("ho_ups_title", event_hooks("UserPromptSubmit", ups(sessionTitle="Hook Title")))
prompt_scen("ho_ups_title_ctx", event_hooks("UserPromptSubmit", ups(sessionTitle="T2", additionalContext="ctx")))
prompt_scen("ho_ups_title_then", event_hooks("UserPromptSubmit", ups(sessionTitle="T3")),
            then=[{"prompt": "again", "options": {"resume": "<SESSION_ID_1>"}}])
prompt_scen("ho_ups_title_option", event_hooks("UserPromptSubmit", ups(sessionTitle="Hook")), ts_options={"title": "Opt"})
for name, suppress in [("ho_ups_block_suppress", True), ("ho_ups_block_nosuppress", False)]:
    out = {"decision": "block", "reason": "no",
           "hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "suppressOriginalPrompt": suppress}}
    prompt_scen(name, event_hooks("UserPromptSubmit", out))
prompt_scen("ho_ss_initial", event_hooks("SessionStart", start(initialUserMessage="FROM HOOK")))
prompt_scen("ho_ss_title", event_hooks("SessionStart", start(sessionTitle="SS Title")))
prompt_scen("ho_ss_ctx_initial", event_hooks("SessionStart", start(additionalContext="sctx", initialUserMessage="INIT MSG")))


# MessageDisplay `displayContent`: the caller is shown the hook's text, the model keeps its own.
def display(text_shown):
    return event_hooks("MessageDisplay", {"hookSpecificOutput": {"hookEventName": "MessageDisplay",
                                                                 "displayContent": text_shown}})


def display_scen(name, responses, options=None, files=None):
    s = {"name": name, "description": name, "prompt": "hello",
         "files": dict(display("SHOWN INSTEAD"), **(files or {})),
         "options": dict({"setting_sources": ["project"]}, **(options or {})),
         "responses": responses, "default": text("done")}
    with open(os.path.join(HERE, name + ".json"), "w") as fh:
        json.dump(s, fh, indent=1)


display_scen("ho_display", [text("original text")])
display_scen("ho_display_partial", [text("original text")], options={"include_partial_messages": True})
display_scen("ho_display_hook_events", [text("original text")], options={"include_hook_events": True})
display_scen("ho_display_two", [{"content": [{"type": "text", "text": "a"}, call("x1", "Read", {"file_path": "<WS>/x.txt"})]},
                                text("b")], files={"x.txt": "x\n"})
display_scen("ho_display_max_turns", [{"content": [{"type": "text", "text": "a"}, call("x1", "Read", {"file_path": "<WS>/x.txt"})]},
                                      text("b")], options={"max_turns": 1}, files={"x.txt": "x\n"})

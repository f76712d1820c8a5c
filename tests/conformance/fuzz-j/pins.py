"""Hand-written fuzz-j scenarios (fj_pin_*): each pins a rule a random seed ran into, varying
one input at a time (see README.md)."""
import os

from scenario_files import txt, tu

from sdk.specs import ADD, ECHO, FAIL

HERE = os.path.dirname(os.path.abspath(__file__))
STDIO = open(os.path.join(os.path.dirname(HERE), "mcp", "server.py")).read()
FILES = {"notes.txt": "alpha\nbeta\ngamma\n"}
LOOK = dict(ECHO, name="look", annotations={"readOnlyHint": True})
AGAIN = [{"prompt": "And one more thing.", "options": {"resume": "<SESSION_ID_1>"}}]


def returns(name, value):
    return {"name": name, "description": "Returns a fixed result.", "run": {"return": value}}


def pin(name, desc, tools, responses, options=None, env=None, behaviors=None, then=None,
        **extra):
    s = {"name": "fj_pin_" + name, "description": desc, "prompt": "Use the tools",
         "options": dict({"permission_mode": "bypassPermissions"}, **(options or {})),
         "responses": responses, "default": {"content": [txt("Done.")]}, "files": dict(FILES),
         "sdk_servers": {"kit": {"version": "1.0.0", "tools": tools}}, "timeout_s": 120,
         "env": dict({"ENABLE_TOOL_SEARCH": "false"}, **(env or {}))}
    if behaviors:
        s["behaviors"] = behaviors
    if then:
        s["then"] = then
    s.update(extra)
    return s


def rounds(*calls, final="Done."):
    """Each argument a list of calls making one response."""
    return [{"content": c} for c in calls] + [{"content": [txt(final)]}]


LOG = {"matcher": None, "behavior": "log_all"}


def pins():
    out = []
    # The hooks' input names the MCP server of the tool and where it comes from.
    hooks = {"PreToolUse": [LOG], "PostToolUse": [LOG], "PostToolUseFailure": [LOG]}
    s = pin("hook_server_stdio", "Tool hooks on a stdio server's tools and an SDK server's.",
            [ECHO], rounds([tu(1, "mcp__calc__add", {"a": 1, "b": 2}),
                            tu(2, "mcp__calc__fail", {"reason": "r"}),
                            tu(3, "mcp__kit__echo", {"text": "x"}), tu(4, "Read", {"file_path": "<WS>/notes.txt"})]),
            options={"mcp_servers": {"calc": {"command": "python3", "args": ["<WS>/server.py"]}}},
            behaviors={"hooks": dict(hooks, PermissionRequest=[LOG])})
    s["files"]["server.py"] = STDIO
    out.append(s)
    s = pin("hook_server_default", "Tool and permission hooks in default mode with a callback.",
            [ECHO, FAIL], rounds([tu(1, "mcp__kit__echo", {"text": "x"}), tu(2, "mcp__kit__fail", {})]),
            options={"permission_mode": "default"},
            behaviors={"hooks": dict(hooks, PermissionRequest=[LOG]), "can_use_tool": "allow_all"})
    out.append(s)
    # Results with nothing to show.
    empties = [returns("blank", {"content": [{"type": "text", "text": ""}]}),
               returns("spaces", {"content": [{"type": "text", "text": "  \n"}]}),
               returns("two_blank", {"content": [{"type": "text", "text": ""}, {"type": "text", "text": ""}]}),
               returns("blank_then_x", {"content": [{"type": "text", "text": ""}, {"type": "text", "text": "x"}]}),
               returns("x_then_blank", {"content": [{"type": "text", "text": "x"}, {"type": "text", "text": ""}]}),
               returns("blank_error", {"content": [{"type": "text", "text": ""}], "isError": True}),
               returns("blank_structured", {"content": [{"type": "text", "text": ""}], "structuredContent": {}})]
    out.append(pin("empty_texts", "Results whose texts are empty or blank.", empties,
                   rounds([tu(i + 1, "mcp__kit__" + t["name"], {}) for i, t in enumerate(empties)])))
    # The note on a deferred tool's schema: once per tool?
    bad = {"a": "x", "b": 1}
    out.append(pin("deferred_twice", "Tool search on: a deferred tool fails twice in one response, "
                   "then again in the next, then another tool, then a resume and the first again.",
                   [ADD, ECHO],
                   rounds([tu(1, "mcp__kit__add", bad), tu(2, "mcp__kit__add", bad)],
                          [tu(3, "mcp__kit__add", bad)], [tu(4, "mcp__kit__echo", {"text": 1})])
                   + rounds([tu(5, "mcp__kit__add", bad)]),
                   env={"ENABLE_TOOL_SEARCH": "true"}, then=AGAIN))
    out.append(pin("deferred_failure_hook", "Tool search on: a deferred tool's error, with a "
                   "PostToolUseFailure hook.", [ADD],
                   rounds([tu(1, "mcp__kit__add", {"a": "x", "b": 1})], [tu(2, "mcp__kit__add", {"a": 1})]),
                   env={"ENABLE_TOOL_SEARCH": "true"},
                   behaviors={"hooks": {"PostToolUseFailure": [LOG]}}))
    out.append(pin("deferred_after_search", "Tool search on: ToolSearch selects the tool, then its "
                   "call fails.", [ADD],
                   rounds([tu(1, "ToolSearch", {"query": "select:mcp__kit__add", "max_results": 5})],
                          [tu(2, "mcp__kit__add", {"a": "x", "b": 1})]),
                   env={"ENABLE_TOOL_SEARCH": "true"}))
    # Plan mode and MCP tools: read-only ones, rules, callbacks.
    calls = [tu(1, "mcp__kit__look", {"text": "a"}), tu(2, "mcp__kit__echo", {"text": "b"})]
    for key, opts, beh in (
            ("none", {}, None),
            ("cb", {}, {"can_use_tool": "allow_all"}),
            ("rule_look", {"allowed_tools": ["mcp__kit__look"]}, None),
            ("rule_echo", {"allowed_tools": ["mcp__kit__echo"]}, None),
            ("rule_server", {"allowed_tools": ["mcp__kit"]}, None),
            ("rule_server_cb", {"allowed_tools": ["mcp__kit"]}, {"can_use_tool": "deny_all"}),
            ("deny_look", {"disallowed_tools": ["mcp__kit__look"]}, {"can_use_tool": "allow_all"})):
        out.append(pin("plan_" + key, "Plan mode, a read-only tool and another: %s." % key,
                       [LOOK, ECHO], rounds(calls), options=dict({"permission_mode": "plan"}, **opts),
                       behaviors=beh))
    for mode in ("default", "acceptEdits", "dontAsk"):
        out.append(pin("mode_%s_look" % mode, "%s: a read-only tool and another, no rule." % mode,
                       [LOOK, ECHO], rounds(calls), options={"permission_mode": mode}))
    # When a refusal shows while the response streams.
    two = [tu(1, "mcp__kit__echo", {"text": "a"}), tu(2, "mcp__kit__look", {"text": "b"}),
           tu(3, "mcp__kit__echo", {"text": "c"})]
    for key, mode, search in (("ask", "default", "false"), ("ask_search", "default", "true"),
                              ("plan", "plan", "false"), ("dontask", "dontAsk", "false"),
                              ("accept", "acceptEdits", "true")):
        resp = rounds(two)
        for r in resp:
            r["chunk"] = 4096
        out.append(pin("stream_" + key, "Partial messages: refusals in %s mode, tool search %s."
                       % (mode, search), [LOOK, ECHO], resp,
                       options={"permission_mode": mode, "include_partial_messages": True},
                       env={"ENABLE_TOOL_SEARCH": search}))
    out.extend(restarts())
    return out


def logging_server(start="", after=""):
    """The stdio test server, writing `start` and each tool it is called for to calls.log;
    `start` code runs first, `after` code after each answer."""
    src = STDIO.replace("for line in sys.stdin:", start + 'open("calls.log", "a").write("start\\n")\n'
                        "for line in sys.stdin:", 1)
    src = src.replace("    msg = json.loads(line)\n", "    msg = json.loads(line)\n"
                      '    if msg.get("method") == "tools/call":\n'
                      '        open("calls.log", "a").write(msg["params"]["name"] + "\\n")\n', 1)
    return src.replace("    sys.stdout.flush()\n", "    sys.stdout.flush()\n" + after, 1)


def restarts():
    """A stdio server whose process ended is started again by the next call (fj_207)."""
    crash, ok = {"a": "x", "b": 1}, {"a": 2, "b": 3}
    look = tu(99, "Bash", {"command": "cat calls.log; cat again.log 2>/dev/null; true"})
    io = lambda i, t, inp: tu(i, "mcp__io__" + t, inp)  # noqa: E731
    cases = [
        ("restart_repeat", "A crash, a call, a crash, ...: each call after a crash starts the server.",
         [[io(1, "add", crash)], [io(2, "add", ok)], [io(3, "add", crash)], [io(4, "add", ok)],
          [io(5, "add", crash)], [io(6, "echo", {"text": "a"})]], "", ""),
        ("restart_same_response", "A crash, then two calls of the same response.",
         [[io(1, "add", crash), io(2, "add", ok), io(3, "echo", {"text": "hi"})]], "", ""),
        ("restart_exit_after", "A server that exits after an answer: the next call reads "
         "'Connection closed', the one after starts it.",
         [[io(1, "echo", {"text": "e"})], [io(2, "add", ok)],
          [io(3, "echo", {"text": "z"}), io(4, "add", {"a": 1, "b": 1})]], "",
         '    if msg.get("method") == "tools/call" and msg["params"]["name"] == "echo":\n'
         "        time.sleep(0.2)\n        sys.exit(0)\n"),
        ("restart_fails", "A server that cannot start again: 'is not connected', tried each call.",
         [[io(1, "add", crash)], [io(2, "add", ok)], [io(3, "echo", {"text": "z"})]],
         'import os\nif os.path.exists("calls.log"):\n'
         '    open("again.log", "a").write("again\\n")\n    sys.exit(3)\n', ""),
    ]
    out = []
    for name, desc, calls, start, after in cases:
        s = pin(name, desc, [ECHO], rounds(*calls, [look]),
                options={"mcp_servers": {"io": {"command": "python3", "args": ["<WS>/server.py"]}}})
        s["files"]["server.py"] = logging_server(start, after)
        out.append(s)
    return out

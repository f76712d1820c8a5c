#!/usr/bin/env python3
"""Generates the optprobes scenarios (prefix op_): the probes that pinned the rules fuzz-h
turned up, one input varied at a time.

- op_model_*: `haiku` and the other aliases in plan mode (which model plan mode runs).
- op_read_first_*: an Edit of a file the model has not read, per model and mode, with and
  without an allow rule; then per settings file (an ask rule for Read, others).
- op_plan_*: plan mode's questions per model (a command, a read outside the working
  directories, with and without an ask rule for Read), and the same reads in the default
  and acceptEdits modes.
- op_answer_*: when StructuredOutput's and ToolSearch's answers go out while the response
  streams, per mode, and what the result says after a text that follows the call.
- op_pace_*: when a file read's refusal goes out while the response streams.
Run: python3 make.py (writes op_*.json next to this file)."""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import scenario_files  # noqa: E402

DONE = {"content": [{"type": "text", "text": "Done."}]}
SCHEMA = {"type": "object", "properties": {"answer": {"type": "string"}}, "required": ["answer"]}
EDIT = {"type": "tool_use", "id": "toolu_01", "name": "Edit",
        "input": {"file_path": "<WS>/notes.txt", "old_string": "beta", "new_string": "BETA"}}


def scen(name, desc, options, content, files=None, **extra):
    s = {"name": "op_" + name, "description": desc, "prompt": "Go", "options": options,
         "responses": [{"content": content}], "default": DONE, "timeout_s": 60,
         "files": files or {"notes.txt": "alpha\nbeta\n"}}
    s.update(extra)
    return s


def short(model):
    return (model or "default").replace("claude-", "").replace("-", "_")


def models_in_plan():
    out = []
    for m in ["haiku", "claude-haiku-4-5", "claude-haiku-5-5", "sonnet", "opus",
              "claude-opus-4-1", None]:
        opts = {"permission_mode": "plan"}
        if m:
            opts["model"] = m
        out.append(scen("model_plan_" + short(m), "Plan mode on the model named %s." % m, opts,
                        [{"type": "text", "text": "Planning."}]))
    out.append(scen("model_default_haiku", "The default mode on haiku.",
                    {"permission_mode": "default", "model": "haiku"},
                    [{"type": "text", "text": "Working."}]))
    return out


def read_first():
    out = []
    for m in ["claude-opus-5-5", "claude-sonnet-5-5", "claude-haiku-5-5", "claude-sonnet-4-6",
              "claude-opus-4-6", "claude-opus-4-7", "claude-opus-4-8", "claude-sonnet-4-5",
              "claude-haiku-4-5", "claude-sonnet-4"]:
        for mode, allow in [("default", None), ("bypassPermissions", None), ("default", ["Edit"])]:
            opts = {"permission_mode": mode, "model": m}
            if allow:
                opts["allowed_tools"] = allow
            name = "read_first_%s_%s%s" % (short(m), mode, "_allow" if allow else "")
            out.append(scen(name, "An Edit of an unread file on %s in %s." % (m, mode), opts,
                            [EDIT]))
    settings = {
        "ask_read": {"permissions": {"ask": ["Read"]}},
        "ask_bash": {"permissions": {"ask": ["Bash"]}},
        "deny_read_file": {"permissions": {"deny": ["Read(./notes.txt)"]}},
        "added_dir": {"permissions": {"additionalDirectories": ["<ROOT>/extra"]}},
    }
    for key, body in settings.items():
        for mode, allow in [("default", ["Edit"]), ("bypassPermissions", None),
                            ("acceptEdits", None)]:
            opts = {"permission_mode": mode}
            if allow:
                opts["allowed_tools"] = allow
            files = {"notes.txt": "alpha\nbeta\n", ".claude/settings.json": json.dumps(body)}
            out.append(scen("read_first_%s_%s" % (key, mode),
                            "An Edit of an unread file with settings %s in %s." % (key, mode),
                            opts, [EDIT], files, outside_files={"extra/x.txt": "x\n"}))
    return out


def plan_questions():
    out = []
    calls = {
        "read_out": {"type": "tool_use", "id": "toolu_01", "name": "Read",
                     "input": {"file_path": "<ROOT>/extra/info.txt"}},
        "bash": {"type": "tool_use", "id": "toolu_01", "name": "Bash",
                 "input": {"command": "npm test", "description": "run"}},
    }
    for m in [None, "claude-sonnet-4-6", "claude-sonnet-4-5", "claude-opus-4-6",
              "claude-haiku-4-5", "claude-haiku-5-5"]:
        for case, call in calls.items():
            for ask in ([False, True] if case == "read_out" else [False]):
                opts = {"permission_mode": "plan"}
                if m:
                    opts["model"] = m
                files = {"notes.txt": "a\n"}
                if ask:
                    files[".claude/settings.json"] = json.dumps({"permissions": {"ask": ["Read"]}})
                name = "plan_%s_%s%s" % (short(m), case, "_ask_rule" if ask else "")
                out.append(scen(name, "Plan mode's question (%s) on %s." % (name, m), opts,
                                [call], files, outside_files={"extra/info.txt": "x\n"}))
    for mode in ["default", "acceptEdits"]:
        files = {"notes.txt": "a\n",
                 ".claude/settings.json": json.dumps({"permissions": {"ask": ["Read"]}})}
        out.append(scen("mode_%s_read_out_ask_rule" % mode,
                        "A read outside under an ask rule in %s." % mode,
                        {"permission_mode": mode}, [calls["read_out"]], files,
                        outside_files={"extra/info.txt": "x\n"}))
    return out


def answers():
    out = []
    so = {"type": "tool_use", "id": "toolu_01", "name": "StructuredOutput",
          "input": {"answer": "done"}}
    structured = {"output_format": {"type": "json_schema", "schema": SCHEMA}}
    for mode in ["default", "acceptEdits", "bypassPermissions", "dontAsk", "plan"]:
        for pre in [False, True]:
            content = [{"type": "text", "text": "Here."}, so] if pre else [so]
            opts = dict({"permission_mode": mode, "include_partial_messages": True}, **structured)
            s = scen("answer_structured_%s%s" % (mode, "_after_text" if pre else ""),
                     "StructuredOutput's answer while streaming in %s." % mode, opts, content)
            s["responses"][0]["chunk"] = 4096
            out.append(s)
    cases = {
        "tool_search": ([{"type": "tool_use", "id": "toolu_01", "name": "ToolSearch",
                          "input": {"query": "select:WebFetch"}}], {}),
        "structured_then_text": ([so, {"type": "text", "text": "After."}], structured),
        "structured_twice": ([so, {"type": "tool_use", "id": "toolu_02",
                                   "name": "StructuredOutput", "input": {"answer": "b"}}],
                             structured),
    }
    for name, (content, extra) in cases.items():
        opts = dict({"permission_mode": "bypassPermissions", "include_partial_messages": True},
                    **extra)
        s = scen("answer_" + name, "An answer given without running (%s)." % name, opts,
                 content)
        s["responses"][0]["chunk"] = 4096
        out.append(s)
    return out


def paces():
    out = []
    read = {"type": "tool_use", "id": "toolu_01", "name": "Read",
            "input": {"file_path": "<WS>/notes.txt"}}
    for mode in ["default", "bypassPermissions", "acceptEdits", "plan"]:
        for pre in [False, True]:
            content = [{"type": "text", "text": "Working."}, read] if pre else [read]
            files = {"notes.txt": "a\n",
                     ".claude/settings.local.json": json.dumps({"permissions": {"ask": ["Read"]}})}
            s = scen("pace_read_%s%s" % (mode, "_after_text" if pre else ""),
                     "A read refused by an ask rule while streaming, in %s." % mode,
                     {"permission_mode": mode, "include_partial_messages": True}, content,
                     files)
            s["responses"][0]["chunk"] = 4096
            out.append(s)
    return out


# Scenarios whose two recordings on the reference differed (when StructuredOutput's answer
# goes out: before the message_stop in one, after it in the other).
UNSTEADY = {"op_answer_structured_default"}

if __name__ == "__main__":
    every = models_in_plan() + read_first() + plan_questions() + answers() + paces()
    scenario_files.write(HERE, "op_", [s for s in every if s["name"] not in UNSTEADY])

#!/usr/bin/env python3
"""Writes scenarios of shell-command hooks that exit 2 (from a settings file or a plugin),
at each event that a refusal changes: what the model, the caller and the result see.
Record: run.py --python <reference python> hookexit/*.json --out-dir hookexit/golden (and
--node ... golden-ts)."""
import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
TEXT = {"content": [{"type": "text", "text": "Done."}]}
BASH = [{"content": [{"type": "tool_use", "id": "toolu_1", "name": "Bash",
                      "input": {"command": "echo hi"}}]}, TEXT]


def scenario(name, description, hooks, responses, plugin=False):
    options = {"permission_mode": "bypassPermissions"}
    if plugin:
        files = {"gate/.claude-plugin/plugin.json": json.dumps({"name": "gate"}) + "\n",
                 "gate/hooks/hooks.json": json.dumps({"hooks": hooks}) + "\n"}
        options["plugins"] = [{"type": "local", "path": "<WS>/gate"}]
    else:
        files = {".claude/settings.json": json.dumps({"hooks": hooks}) + "\n"}
        options["setting_sources"] = ["project"]
    s = {"name": name, "description": description, "prompt": "hello", "options": options,
         "files": files, "responses": responses, "default": TEXT}
    (HERE / f"{name}.json").write_text(json.dumps(s, indent=1) + "\n")


def on(event, command, matcher=None):
    m = {"hooks": [{"type": "command", "command": command}]}
    if matcher:
        m["matcher"] = matcher
    return {event: [m]}


scenario("hookexit_prompt", "UserPromptSubmit exits 2 with a line on stderr.",
         on("UserPromptSubmit", "echo 'no prompts today' >&2; exit 2"), [TEXT])
scenario("hookexit_prompt_silent", "UserPromptSubmit exits 2 and writes nothing.",
         on("UserPromptSubmit", "exit 2"), [TEXT])
scenario("hookexit_prompt_plugin_raw", "A plugin's UserPromptSubmit exits 2; stderr with inner blank lines and trailing spaces.",
         on("UserPromptSubmit", "printf 'a\\n\\nb  ' >&2; exit 2"), [TEXT], plugin=True)
scenario("hookexit_pre", "PreToolUse exits 2 for Bash.",
         on("PreToolUse", "echo 'gate refuses' >&2; exit 2", "Bash"), BASH)
scenario("hookexit_pre_no_newline", "PreToolUse exits 2, stderr without a final newline.",
         on("PreToolUse", "printf 'no nl' >&2; exit 2", "Bash"), BASH)
scenario("hookexit_pre_plugin_no_newline", "A plugin's PreToolUse exits 2, stderr without a final newline.",
         on("PreToolUse", "printf 'no nl' >&2; exit 2", "Bash"), BASH, plugin=True)
scenario("hookexit_pre_plugin_silent", "A plugin's PreToolUse exits 2 and writes nothing.",
         on("PreToolUse", "exit 2", "Bash"), BASH, plugin=True)
scenario("hookexit_post", "PostToolUse exits 2 after Bash.",
         on("PostToolUse", "echo 'post says' >&2; exit 2", "Bash"), BASH)
scenario("hookexit_stop", "Stop exits 2 once, then lets the turn end.",
         on("Stop", "test -f stopped && exit 0; touch stopped; echo 'keep going' >&2; exit 2"),
         [TEXT, TEXT])

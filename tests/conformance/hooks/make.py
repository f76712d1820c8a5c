#!/usr/bin/env python3
"""Writes the hook scenarios: each hook event firing, and each output field taking effect.
Record the references' traces with
  python3 ../../../../shared/conformance/run.py --python REF NAME.json -o golden/NAME.json
  python3 ../../../../shared/conformance/run.py --node REF_TS NAME.json -o golden-ts/NAME.json
and crates/oxagent/tests/hook_scenarios.rs replays the TypeScript ones."""
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
EVENTS = ["PreToolUse", "PostToolUse", "PostToolUseFailure", "UserPromptSubmit", "Stop",
          "SubagentStart", "SubagentStop", "PreCompact", "Notification", "PermissionRequest",
          "SessionStart", "SessionEnd"]

def tool(i, name, inp):
    return {"type": "tool_use", "id": f"toolu_{i:02d}", "name": name, "input": inp}

def text(t):
    return {"content": [{"type": "text", "text": t}]}

def write(name, desc, responses, hooks, options=None, prompt="Go", extra=None):
    s = {"name": name, "description": desc, "prompt": prompt,
         "options": options or {"permission_mode": "default", "allowed_tools": ["Bash(echo *)"]},
         "files": {"notes.txt": "notes\n"}, "responses": responses,
         "behaviors": {"hooks": hooks}}
    s.update(extra or {})
    with open(os.path.join(HERE, name + ".json"), "w") as f:
        json.dump(s, f, indent=1)
        f.write("\n")

# The echo runs alone: two read-only calls run side by side, and which one's hooks come
# first is a race in the reference too.
CALLS = [{"content": [tool(1, "Bash", {"command": "echo hi", "description": "say hi"})]},
         {"content": [tool(2, "Read", {"file_path": "<WS>/missing.txt"}),
                      tool(3, "Bash", {"command": "touch made.txt", "description": "make"})]},
         text("Done.")]

write("hook_every_event", "Every hook event logged with its input: tool hooks, a failing tool, "
      "a permission prompt nobody answers, prompt submit, stop, session start and end.",
      CALLS, {e: [{"matcher": None, "behavior": "log_all"}] for e in EVENTS})

write("hook_system_message", "systemMessage from the tool, failure, prompt and stop hooks.",
      [{"content": [tool(1, "Bash", {"command": "echo hi", "description": "say hi"})]},
       {"content": [tool(2, "Read", {"file_path": "<WS>/missing.txt"})]}, text("Done.")],
      {e: [{"matcher": None, "behavior": "system_message", "text": f"{e} says hi"}]
       for e in ["PreToolUse", "PostToolUse", "PostToolUseFailure", "UserPromptSubmit", "Stop"]})

# One line per event, keys sorted, without the run's duration.
LOG = ("python3 -c 'import json,sys; d=json.load(sys.stdin); d.pop(\"duration_ms\", None); "
       "print(json.dumps(d, sort_keys=True))' >> <WS>/events.jsonl")
write("hook_settings_events", "Shell-command hooks from project settings, for the session, prompt, "
      "tool and stop events: which fire, with what on stdin.",
      [{"content": [tool(1, "Bash", {"command": "echo hi", "description": "say hi"})]}, text("Done.")], {},
      options={"permission_mode": "default", "allowed_tools": ["Bash(echo *)"], "setting_sources": ["project"]},
      extra={"files": {"notes.txt": "notes\n", ".claude/settings.json": json.dumps({"hooks": {
          e: [{"matcher": "", "hooks": [{"type": "command", "command": LOG}]}]
          for e in ["SessionStart", "SessionEnd", "UserPromptSubmit", "PreToolUse", "PostToolUse",
                    "Stop", "Notification"]}}, indent=1)}})

write("hook_settings_include_events", "The settings-file command hooks with include_hook_events: "
      "each run reported as hook_started and hook_response.",
      [{"content": [tool(1, "Bash", {"command": "echo hi", "description": "say hi"})]}, text("Done.")], {},
      options={"permission_mode": "default", "allowed_tools": ["Bash(echo *)"], "setting_sources": ["project"],
               "include_hook_events": True},
      extra={"files": {"notes.txt": "notes\n", ".claude/settings.json": json.dumps({"hooks": {
          e: [{"matcher": "", "hooks": [{"type": "command", "command": LOG}]}]
          for e in ["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"]}}, indent=1)}})

write("hook_posttooluse_block", "PostToolUse answers decision block with a reason.",
      [{"content": [tool(1, "Bash", {"command": "echo hi", "description": "say hi"})]}, text("Done.")],
      {"PostToolUse": [{"matcher": "Bash", "behavior": "block", "reason": "POST-BLOCK-REASON"}]})

write("hook_posttooluse_stop", "PostToolUse answers continue false with a stop reason.",
      [{"content": [tool(1, "Bash", {"command": "echo hi", "description": "say hi"})]}, text("Done.")],
      {"PostToolUse": [{"matcher": "Bash", "behavior": "stop", "reason": "POST-STOP-REASON"}]})

write("hook_stop_block", "Stop answers decision block every time: the model goes on until max_turns.",
      [text("First."), text("Second."), text("Third."), text("Fourth.")],
      {"Stop": [{"matcher": None, "behavior": "block", "reason": "KEEP-GOING"}]},
      options={"max_turns": 3})

write("hook_stop_continue_false", "Stop answers continue false.", [text("Only.")],
      {"Stop": [{"matcher": None, "behavior": "stop", "reason": "STOP-REASON"}]}, options={})

write("hook_prompt_block", "UserPromptSubmit answers decision block: no request is made.", [text("Never.")],
      {"UserPromptSubmit": [{"matcher": None, "behavior": "block", "reason": "PROMPT-BLOCKED"}]},
      options={})

write("hook_prompt_stop", "UserPromptSubmit answers continue false.", [text("Never.")],
      {"UserPromptSubmit": [{"matcher": None, "behavior": "stop", "reason": "PROMPT-STOPPED"}]},
      options={})

write("hook_pretooluse_allow_vs_rules", "A PreToolUse allow does not pass a deny or an ask rule; "
      "an ask from the hook is denied without a callback; allow skips the prompt otherwise.",
      [{"content": [tool(1, "Bash", {"command": "rm -f notes.txt", "description": "rm"}),
                    tool(2, "Bash", {"command": "git push", "description": "push"}),
                    tool(3, "Bash", {"command": "touch allowed.txt", "description": "touch"}),
                    tool(4, "Read", {"file_path": "<WS>/notes.txt"})]}, text("Done.")],
      {"PreToolUse": [{"matcher": "Bash", "behavior": "allow"},
                      {"matcher": "Read", "behavior": "ask"}]},
      options={"permission_mode": "default", "disallowed_tools": ["Bash(rm *)"]})

write("hook_posttoolusefailure_context", "PostToolUseFailure adds context to a failed call.",
      [{"content": [tool(1, "Read", {"file_path": "<WS>/missing.txt"})]}, text("Done.")],
      {"PostToolUseFailure": [{"matcher": "Read", "behavior": "add_context", "text": "FAILURE-CONTEXT"}]})

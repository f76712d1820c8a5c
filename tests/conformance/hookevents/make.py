"""Writes scenarios that log every hook event the TypeScript SDK names, in situations that
might fire the rarer ones (a command prompt, an API failure, a denied call, CLAUDE.md, a cd,
a fallback switch). Run from this folder: python3 make.py"""
import json
import pathlib

HERE = pathlib.Path(__file__).parent
EVENTS = ["PreToolUse", "PostToolUse", "PostToolUseFailure", "PostToolBatch", "Notification",
          "UserPromptSubmit", "UserPromptExpansion", "SessionStart", "SessionEnd", "Stop",
          "StopFailure", "SubagentStart", "SubagentStop", "PreCompact", "PostCompact",
          "PreModelSwitch", "PostModelSwitch", "PermissionRequest", "PermissionDenied", "Setup",
          "TeammateIdle", "TaskCreated", "TaskCompleted", "ConfigChange", "InstructionsLoaded",
          "CwdChanged", "FileChanged", "DirectoryAdded", "MessageDisplay", "PreSkillShellCommand"]
HOOKS = {e: [{"matcher": None, "behavior": "log_all"}] for e in EVENTS}
TEXT = {"content": [{"type": "text", "text": "Done."}]}
FILES = {".claude/commands/greet.md": "Greet $ARGUMENTS warmly.\n", "a.txt": "alpha\n",
         "sub/b.txt": "beta\n",
         ".claude/skills/shell/SKILL.md": "---\nname: shell\ndescription: Runs a command\n---\nStatus: !`echo from-skill`\n"}


def tool(name, inp, tid="toolu_h1"):
    return {"content": [{"type": "tool_use", "id": tid, "name": name, "input": inp}]}


def scenario(name, desc, responses, prompt="go", options=None, **extra):
    opts = {"permission_mode": "bypassPermissions"}
    opts.update(options or {})
    s = {"name": name, "description": desc, "prompt": prompt, "options": opts, "files": FILES,
         "responses": responses, "default": TEXT, "timeout_s": 120, "behaviors": {"hooks": HOOKS}}
    s.update(extra)
    (HERE / f"{name}.json").write_text(json.dumps(s, indent=1) + "\n")


scenario("hookevents_command", "A custom command prompt (/greet Bob).", [TEXT], prompt="/greet Bob")
scenario("hookevents_api_error", "The API refuses the key (401) on every attempt.", [],
         default={"error": {"status": 401, "type": "authentication_error", "message": "invalid x-api-key"}},
         env={"CLAUDE_CODE_MAX_RETRIES": "0"})
scenario("hookevents_denied", "A Bash call denied by dontAsk mode.",
         [tool("Bash", {"command": "echo hi"}), TEXT], options={"permission_mode": "dontAsk"})
scenario("hookevents_claude_md", "CLAUDE.md in the project; a Read.",
         [tool("Read", {"file_path": "<WS>/a.txt"}), TEXT],
         files={**FILES, "CLAUDE.md": "Be brief.\n", "sub/CLAUDE.md": "Sub rules.\n"},
         options={"setting_sources": ["project"]})
scenario("hookevents_cd", "A Bash call that changes the directory, then a Read in it.",
         [tool("Bash", {"command": "cd sub"}), tool("Read", {"file_path": "<WS>/sub/b.txt"}, "toolu_h2"), TEXT])
scenario("hookevents_fallback", "A switch to the fallback model after three overloads.",
         [{"error": {"status": 529, "type": "overloaded_error", "message": "Overloaded"}}] * 3 + [TEXT],
         options={"fallback_model": "claude-sonnet-4-5"}, env={"CLAUDE_CODE_MAX_RETRIES": "4"})
scenario("hookevents_skill_shell", "A skill whose instructions run a shell command.",
         [tool("Skill", {"skill": "shell"}), TEXT])
scenario("hookevents_write_edit", "A Write then an Edit of the same file.",
         [tool("Write", {"file_path": "<WS>/n.txt", "content": "one\n"}),
          tool("Edit", {"file_path": "<WS>/n.txt", "old_string": "one", "new_string": "two"}, "toolu_h2"), TEXT])
scenario("hookevents_texts", "Text before a tool call, then two text blocks in the last answer.",
         [{"content": [{"type": "text", "text": "First I look."},
                       {"type": "tool_use", "id": "toolu_h1", "name": "Read", "input": {"file_path": "<WS>/a.txt"}}]},
          {"content": [{"type": "text", "text": "Part one."}, {"type": "text", "text": "Part two."}]}])
scenario("hookevents_server_error", "500 on every attempt.", [],
         default={"error": {"status": 500, "type": "api_error", "message": "Internal server error"}},
         env={"CLAUDE_CODE_MAX_RETRIES": "0"})
scenario("hookevents_max_turns", "The turn limit ends the turn.",
         [tool("Read", {"file_path": "<WS>/a.txt"}), TEXT], options={"max_turns": 1})
scenario("hookevents_partial", "Partial messages on; a text answer.",
         [{"content": [{"type": "text", "text": "Streamed answer text."}], "chunk": 5}],
         options={"include_partial_messages": True})

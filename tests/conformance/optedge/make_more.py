#!/usr/bin/env python3
"""Generates the second batch of optedge scenarios: environment variables (`oe_var_*`) and
settings keys (`oe_set_*`) that the first batch (make.py) did not set.

- oe_var_web_fetch_off*, oe_var_cron_off*: `CLAUDE_CODE_DISABLE_WEB_FETCH`,
  `CLAUDE_CODE_DISABLE_CRON` (the tools are gone, in subagents too).
- oe_var_simple_*, oe_var_claude_mds_simple: `CLAUDE_CODE_SIMPLE` (the minimal mode: Bash,
  Edit and Read only, no hook, no CLAUDE.md).
- oe_var_builtin_agents_off*: `CLAUDE_AGENT_SDK_DISABLE_BUILTIN_AGENTS`.
- oe_var_stop_cap*: `CLAUDE_CODE_STOP_HOOK_BLOCK_CAP` (unset, 1, 2, 3, 5, 10, not a number).
- oe_var_structured_retries_bad: `MAX_STRUCTURED_OUTPUT_RETRIES`.
- oe_set_bash_output_max*: the settings key `bashOutputMaxChars` (clamped, over the
  environment's `BASH_MAX_OUTPUT_LENGTH`, a string ignored).
- The rest matched already: `CLAUDE_CODE_SUBPROCESS_ENV_SCRUB=0`, `CLAUDE_CODE_DISABLE_ATTACHMENTS`,
  `CLAUDE_CODE_DISABLE_FILE_MENTIONS`, `BASH_ENV`, `CLAUDE_CODE_SHELL`, legacy model names,
  `CLAUDE_CODE_NO_MODEL_FALLBACK`, `CLAUDE_CODE_QUESTION_OPTIONAL_DESCRIPTIONS`, the settings
  keys `agent`, `autoCompactEnabled`, `bashEditDiffEnabled`, a skill's shell lines.
Run: python3 make_more.py (writes the files next to this file)."""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
FILES = {"a.txt": "alpha one\n", "notes.md": "n1\nn2\n", "CLAUDE.md": "Rule one.\n"}


def tu(i, name, inp):
    return {"type": "tool_use", "id": "toolu_%02d" % i, "name": name, "input": inp}


def txt(t):
    return {"type": "text", "text": t}


DONE = [txt("Done.")]


def sc(name, prompt, rounds, opts=None, files=None, beh=None, env=None):
    s = {"name": name, "description": name.replace("_", " ")[3:], "prompt": prompt,
         "options": dict({"permission_mode": "bypassPermissions"}, **(opts or {})),
         "responses": [{"content": r} if isinstance(r, list) else r for r in rounds],
         "default": {"content": DONE}, "files": files or dict(FILES), "timeout_s": 120}
    if beh:
        s["behaviors"] = beh
    if env:
        s["env"] = env
    with open(os.path.join(HERE, name + ".json"), "w") as f:
        json.dump(s, f, indent=1)


def bash(i, command, **more):
    return tu(i, "Bash", dict({"command": command, "description": "run"}, **more))


def agent(i, prompt, kind="general-purpose", **more):
    return tu(i, "Agent", dict({"description": "sub", "prompt": prompt, "subagent_type": kind}, **more))


def var(name, prompt, rounds, env, opts=None, **kw):
    sc("oe_var_" + name, prompt, rounds, opts, env=env, **kw)


def setting(name, prompt, rounds, settings, extra_files=None, opts=None, **kw):
    files = {"a.txt": "alpha one\n", ".claude/settings.json": json.dumps(settings)}
    files.update(extra_files or {})
    sc("oe_set_" + name, prompt, rounds, dict({"setting_sources": ["project"]}, **(opts or {})),
       files=files, **kw)


FETCH = {"url": "http://127.0.0.1:9/x", "prompt": "sum"}
SIMPLE = {"CLAUDE_CODE_SIMPLE": "1"}
BLOCK = {"hooks": {"Stop": [{"matcher": None, "behavior": "block", "reason": "keep going"}]}}
SCHEMA = {"output_format": {"type": "json_schema", "schema": {
    "type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]}}}
QUESTION = {"questions": [{"question": "Pick?", "header": "Pick", "options": [{"label": "A"}, {"label": "B"}],
                           "multiSelect": False}]}
SKILL = {".claude/skills/info/SKILL.md": "---\nname: info\ndescription: shows info\n---\nInfo: !`echo hi-from-skill`\n"}


def variables():
    off = {"CLAUDE_CODE_DISABLE_WEB_FETCH": "1"}
    var("web_fetch_off", "Fetch", [[tu(1, "WebFetch", FETCH)], DONE], off)
    var("web_fetch_off_listed", "Go", [[tu(1, "WebFetch", {"url": "http://127.0.0.1:9/", "prompt": "p"})], DONE],
        off, {"tools": ["Read", "WebFetch"]})
    cron = {"CLAUDE_CODE_DISABLE_CRON": "1"}
    var("cron_off", "Go", [[tu(1, "CronList", {})], DONE], cron)
    var("cron_off_create", "Go", [[tu(1, "CronCreate", {"cron": "*/5 * * * *", "prompt": "x"})], DONE], cron)
    var("cron_on", "Go", [[tu(1, "CronList", {})], DONE], None)
    var("simple_glob", "Find", [[tu(1, "Glob", {"pattern": "*.txt"})], DONE], SIMPLE)
    var("simple_read", "Read", [[tu(1, "Read", {"file_path": "<WS>/a.txt"}), tu(2, "Grep", {"pattern": "alpha"})], DONE],
        SIMPLE)
    var("simple_agent", "Go", [[agent(1, "Say hi")], DONE, DONE], SIMPLE)
    var("simple_others", "Go", [[
        tu(1, "Write", {"file_path": "<WS>/w.txt", "content": "w\n"}),
        tu(2, "WebFetch", {"url": "http://127.0.0.1:9/", "prompt": "p"}), tu(3, "TodoWrite", {"todos": []}),
        tu(4, "Skill", {"skill": "x"}), tu(5, "NotebookEdit", {"notebook_path": "<WS>/n.ipynb", "new_source": "x"}),
        tu(6, "CronList", {}), tu(7, "AskUserQuestion", {"questions": []}), tu(8, "Nope", {})], DONE], SIMPLE)
    var("simple_list", "Go", [[tu(1, "Write", {"file_path": "<WS>/w.txt", "content": "w\n"}),
                               tu(2, "Glob", {"pattern": "*"})], DONE], SIMPLE, {"tools": ["Read", "Write", "Glob"]})
    hook = {"hooks": {"PreToolUse": [{"matcher": "", "hooks": [
        {"type": "command", "command": "echo hookran >> hook.log"}]}]}}
    var("simple_hooks", "Go", [[tu(1, "Read", {"file_path": "<WS>/a.txt"})], DONE], SIMPLE,
        {"setting_sources": ["project"]},
        files={"a.txt": "a\n", "CLAUDE.md": "Rule one.\n", ".claude/settings.json": json.dumps(hook)},
        beh={"hooks": {"PreToolUse": [{"matcher": None, "behavior": "log_all"}]}})
    var("claude_mds_simple", "Hi", [[tu(1, "Read", {"file_path": "<WS>/CLAUDE.md"})], DONE], SIMPLE)
    builtin_off = {"CLAUDE_AGENT_SDK_DISABLE_BUILTIN_AGENTS": "1"}
    helper = {"agents": {"helper": {"description": "helps", "prompt": "You help."}}}
    var("builtin_agents_off", "Go", [[agent(1, "Say hi")], DONE, DONE], builtin_off)
    var("builtin_agents_off_explore", "Go", [[agent(1, "Say hi", "Explore")], DONE, DONE], builtin_off)
    var("builtin_agents_off_custom_bad", "Go", [[agent(1, "Say hi")], DONE, DONE], builtin_off, helper)
    var("stop_cap", "Go", [DONE, [txt("Again.")], [txt("Third.")], [txt("Fourth.")]],
        {"CLAUDE_CODE_STOP_HOOK_BLOCK_CAP": "2"}, beh=BLOCK)
    var("stop_cap_default", "Go", [DONE] + [[txt("Again %d." % i)] for i in range(12)], None, beh=BLOCK)
    for cap in ["1", "3", "5", "10", "abc"]:
        var("stop_cap_" + cap, "Go", [DONE] + [[txt("Again %d." % i)] for i in range(14)],
            {"CLAUDE_CODE_STOP_HOOK_BLOCK_CAP": cap}, beh=BLOCK)
    var("structured_retries_bad", "Go", [[tu(i, "StructuredOutput", {"n": v})] for i, v in ((1, "x"), (2, "y"), (3, "z"))]
        + [DONE], {"MAX_STRUCTURED_OUTPUT_RETRIES": "1"}, SCHEMA)
    var("scrub_zero", "Run", [[bash(1, "echo hi")], DONE], {"CLAUDE_CODE_SUBPROCESS_ENV_SCRUB": "0"})
    var("scrub_off", "Run", [[bash(1, "echo key=${ANTHROPIC_API_KEY:+set} base=${ANTHROPIC_BASE_URL:+set} x=${XVAR:-none}")],
                             DONE], {"XVAR": "xv"})
    var("attachments_off", "Look at @a.txt please", [DONE], {"CLAUDE_CODE_DISABLE_ATTACHMENTS": "1"})
    var("file_mentions_off", "Look at @a.txt please", [DONE], {"CLAUDE_CODE_DISABLE_FILE_MENTIONS": "1"})
    var("bash_env", "Run", [[bash(1, "echo v=${FROM_BASH_ENV:-none}")], DONE], {"BASH_ENV": "<WS>/benv.sh"},
        files={"a.txt": "alpha\n", "benv.sh": "export FROM_BASH_ENV=yes\n"})
    var("shell_sh", "Run", [[bash(1, "echo bash=${BASH_VERSION:+yes}")], DONE], {"CLAUDE_CODE_SHELL": "/bin/sh"})
    var("shell_bad", "Run", [[bash(1, "echo hi")], DONE], {"CLAUDE_CODE_SHELL": "/nonexistent/zsh"})
    legacy = {"model": "claude-3-5-sonnet-20241022"}
    var("legacy_model", "Hi", [DONE], None, legacy)
    var("legacy_model_off", "Hi", [DONE], {"CLAUDE_CODE_DISABLE_LEGACY_MODEL_REMAP": "1"}, legacy)
    overloaded = [{"error": {"status": 529}}] * 4
    var("no_fallback", "Hi", overloaded + [DONE, DONE], {"CLAUDE_CODE_NO_MODEL_FALLBACK": "1", "CLAUDE_CODE_MAX_RETRIES": "1"},
        {"fallback_model": "claude-haiku-4-5"})
    var("question_optional", "Ask", [[tu(1, "AskUserQuestion", QUESTION)], DONE],
        {"CLAUDE_CODE_QUESTION_OPTIONAL_DESCRIPTIONS": "1"})
    var("question_required", "Ask", [[tu(1, "AskUserQuestion", QUESTION)], DONE], None)
    look = tu(1, "Agent", {"description": "sub", "prompt": "Look around", "run_in_background": False})
    # With the variable set (fork) the agent runs in the background; that run is not pinned: the
    # agent and its caller race for the scripted answers, on the reference as on oxagent.
    var("fork_subagent_off", "Go", [[look], [txt("Sub done.")], DONE], None)
    var("prompt_suggestion", "Hi", [[txt("Answer.")], [txt("Next thing")], DONE],
        {"CLAUDE_CODE_ENABLE_PROMPT_SUGGESTION": "1"})
    work = [[agent(1, "Work", run_in_background=False)], [bash(2, "echo a")], [bash(3, "echo b")],
            [txt("Sub done.")], DONE, DONE, DONE]
    var("progress_summaries", "Go", work, {"CLAUDE_CODE_AGENT_PROGRESS_SUMMARIES": "1"})
    var("task_max_output_agent", "Go", [[agent(1, "Work", run_in_background=False)], [txt("word " * 200)], DONE],
        {"TASK_MAX_OUTPUT_LENGTH": "100"})
    slow = [dict(content=DONE, delay_ms=2500), DONE, DONE]
    var("first_byte_timeout", "Hi", slow, {"CLAUDE_STREAM_FIRST_BYTE_TIMEOUT_MS": "500", "CLAUDE_CODE_MAX_RETRIES": "1"})
    var("idle_timeout", "Hi", slow, {"CLAUDE_STREAM_IDLE_TIMEOUT_MS": "500", "CLAUDE_CODE_MAX_RETRIES": "1"})


def settings():
    seq = [[bash(1, "seq 1 3000")], DONE]
    setting("bash_output_max", "Run", seq, {"bashOutputMaxChars": 5000})
    setting("bash_output_max_low", "Run", seq, {"bashOutputMaxChars": 100})
    setting("bash_output_max_high", "Run", [[bash(1, "seq 1 30000")], DONE], {"bashOutputMaxChars": 200000})
    setting("bash_output_max_env", "Run", seq, {"bashOutputMaxChars": 5000}, env={"BASH_MAX_OUTPUT_LENGTH": "8000"})
    setting("bash_output_max_env_low", "Run", seq, {"bashOutputMaxChars": 9000}, env={"BASH_MAX_OUTPUT_LENGTH": "6000"})
    setting("bash_output_max_str", "Run", seq, {"bashOutputMaxChars": "5000"})
    setting("agent_setting", "Go", [[tu(1, "Read", {"file_path": "<WS>/a.txt"})], [bash(2, "echo hi")], DONE],
            {"agent": "reader"},
            opts={"agents": {"reader": {"description": "reads", "prompt": "You read.", "tools": ["Read"]}}})
    setting("auto_compact_off", "Go", [DONE], {"autoCompactEnabled": False})
    setting("bash_edit_diff", "Run", [[bash(1, "echo changed > a.txt")], DONE], {"bashEditDiffEnabled": True})
    setting("bash_edit_diff_hook", "Run", [[bash(1, "echo changed > a.txt; echo new > b.txt")], DONE],
            {"bashEditDiffEnabled": True}, beh={"hooks": {"PostToolUse": [{"matcher": "Bash", "behavior": "log_all"}]}})
    setting("skill_shell_on_skill", "Go", [[tu(1, "Skill", {"skill": "info"})], DONE], {}, SKILL)
    todo = {"todos": [{"content": "x", "status": "pending", "activeForm": "x"}]}
    setting("todo_off", "Go", [[tu(1, "TodoWrite", todo)], DONE], {"todoFeatureEnabled": False})
    setting("checkpoint_setting", "Go", [[tu(1, "Write", {"file_path": "<WS>/a.txt", "content": "new\n"})], DONE],
            {"fileCheckpointingEnabled": False})
    setting("prompt_suggestion_off", "Hi", [[txt("Answer.")], [txt("Next thing")], DONE],
            {"promptSuggestionEnabled": False}, env={"CLAUDE_CODE_ENABLE_PROMPT_SUGGESTION": "1"})


if __name__ == "__main__":
    variables()
    settings()

#!/usr/bin/env python3
"""Generates the settingscheck scenarios (prefix `sv_`): settings files the reference's
schema refuses, in part or whole, and what the session then says (`settings_not_in_effect`).

- A key of the wrong type, a value outside its enum, a number out of range: the whole file
  is not in effect (sv_model_num, sv_no_effect: its deny rule does not hold), listed as
  `  <file> (<key path>): <message>` in the schema's order of keys, ten per file at most
  (sv_eleven), files in the order they load (sv_two_files); the `settings` option is
  `--settings (inline JSON)` (sv_flag).
- A permission rule that is not a string or does not parse, a `hooks` that is not an object:
  that entry is dropped, the rest of the file is in effect ("These settings entries were
  skipped", sv_rule_*, sv_perm_allow_num, sv_hooks_str).
- Keys the schema does not know pass (sv_unknown); `env` values become strings, `null` too
  (sv_env_*); an empty file is an empty document (sv_empty_file).
Run: python3 make.py (writes the files next to this file)."""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
D = [{"type": "text", "text": "Done."}]


def tu(i, name, inp):
    return {"type": "tool_use", "id": "toolu_%02d" % i, "name": name, "input": inp}


def sv(name, settings, rounds=None, opts=None, raw=None, local=None):
    files = {"a.txt": "alpha\n",
             ".claude/settings.json": raw if raw is not None else json.dumps(settings)}
    if local is not None:
        files[".claude/settings.local.json"] = json.dumps(local)
    s = {"name": name, "description": name, "prompt": "Hi",
         "options": dict({"permission_mode": "bypassPermissions",
                          "setting_sources": ["project"]}, **(opts or {})),
         "responses": [{"content": r} for r in (rounds or [D])],
         "default": {"content": D}, "files": files, "timeout_s": 120}
    with open(os.path.join(HERE, name + ".json"), "w") as f:
        json.dump(s, f, indent=1)


def bash(command):
    return [[tu(1, "Bash", {"command": command})], D]


# types, enums, numbers
sv("sv_model_num", {"model": 5})
sv("sv_null", {"model": None})
sv("sv_array_str", {"availableModels": "x"})
sv("sv_elem", {"availableModels": [5, "x", True]})
sv("sv_rec", {"modelOverrides": {"a": 5}})
sv("sv_enum", {"defaultShell": "zsh"})
sv("sv_positive", {"cleanupPeriodDays": 0})
sv("sv_int", {"cleanupPeriodDays": 1.5})
sv("sv_object", {"statusLine": 5})
sv("sv_env_str", {"env": "x"})
sv("sv_two", {"respectGitignore": "no", "model": 5})
sv("sv_eleven", {k: "x" for k in [
    "respectGitignore", "includeCoAuthoredBy", "enableAllProjectMcpServers", "disableAllHooks",
    "disableBundledSkills", "bashEditDiffEnabled", "syncClaudeAiSkills", "alwaysThinkingEnabled",
    "disableSkillShellExecution", "enforceAvailableModels", "disableAgentView",
    "disableWorkflows"]})
GROUPS = [
    ["outputStyle", "sandbox", "enabledPlugins", "attribution", "skillOverrides",
     "forceLoginMethod", "spinnerTipsEnabled", "alwaysThinkingEnabled", "autoCompactEnabled"],
    ["cleanupPeriodDays", "apiKeyHelper", "statusLine", "language", "theme", "verbose",
     "todoFeatureEnabled", "autoUpdates", "preferredNotifChannel"],
    ["includeCoAuthoredBy", "skipWebFetchPreflight", "fileCheckpointingEnabled",
     "promptSuggestionEnabled", "agent", "plansDirectory", "autoMemoryEnabled",
     "autoMemoryDirectory", "showTurnDuration"],
    ["effortLevel", "fastMode", "companyAnnouncements", "otelHeadersHelper", "awsAuthRefresh",
     "disableAutoMode", "editorMode", "autoConnectIde", "outputStyles"],
]
for n, group in enumerate(GROUPS):
    sv("sv_group%d_num" % n, {k: 12345 for k in group})
    sv("sv_group%d_str" % n, {k: "zz" for k in group})
# permissions
sv("sv_perm_num", {"permissions": 5})
sv("sv_perm_allow_str", {"permissions": {"allow": "Bash"}})
sv("sv_perm_mode", {"permissions": {"defaultMode": "bogus"}})
sv("sv_mode_bool", {"permissions": {"defaultMode": True}})
sv("sv_perm_dirs", {"permissions": {"additionalDirectories": "x",
                                    "disableBypassPermissionsMode": "yes"}})
sv("sv_no_effect", {"model": 5, "permissions": {"deny": ["Bash"]}}, bash("echo ran"))
# entries dropped, the rest in effect
sv("sv_perm_allow_num", {"permissions": {"allow": [5]}})
sv("sv_bad_rule", {"permissions": {"allow": ["Bash(("], "deny": ["Read(*.env)"]}})
sv("sv_rule_kinds", {"permissions": {"allow": [
    "", "Bash()", "()", "bash", "mcp__srv(x)", "mcp__srv__tool(x)", "Bash(:*)", "Read",
    "Bash(git *)"]}})
sv("sv_rule_deny_ask", {"permissions": {"deny": ["Bash(("], "ask": [7]}})
sv("sv_hooks_str", {"hooks": "x"})
# what passes
sv("sv_unknown", {"unknownKeyZ": 1})
sv("sv_env_num", {"env": {"A": 5}}, bash("echo a=$A"))
sv("sv_env_null", {"env": {"A": None, "B": True}}, bash("echo a=${A-unset} b=$B"))
# whole documents, several files, the option
sv("sv_array_file", None, raw="[1,2]")
sv("sv_null_file", None, raw="null")
sv("sv_empty_file", None, raw="")
sv("sv_two_files", {"model": 5}, opts={"setting_sources": ["project", "local"]},
   local={"respectGitignore": "x", "permissions": {"allow": [1]}})
sv("sv_flag", {}, opts={"settings": json.dumps({"model": 5})})

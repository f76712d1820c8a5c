#!/usr/bin/env python3
"""Generates the shellcmds scenarios (prefix `sh_`): the shell commands a command file or a
skill runs as it is given to the model (``!`cmd` `` and ```` ```! ```` blocks).

- Which text is a command: at a line's start or after a blank, not inside an ordinary code
  span, not empty; fenced blocks run to the next three backticks (sh_code_span, sh_empty,
  sh_fence_*, sh_start_line).
- What replaces it: the output from its first line that is not blank, then what it wrote to
  standard error (sh_stderr*, sh_leading_*, sh_trailing_nl).
- A command that fails (a status other than 0) stops the command: no model call, a local
  answer "Shell command failed for pattern ..." (sh_fail*), or an error result for a Skill
  call (sh_skill_fail).
- Permissions: the rules and the mode decide alone; what would ask is refused, with a
  callback or without (sh_default_*, sh_write_*, sh_rm_default, sh_curl_default,
  sh_skill_write_*); a command's `allowed-tools` count.
- Hooks: UserPromptSubmit and UserPromptExpansion first, then a PreSkillShellCommand per
  command (fenced blocks first, `invoked_by: "user"` for a typed command), then the commands
  run; a command the rules refuse runs no hook; a blocked prompt runs none of them and its
  refusal quotes the prompt as typed (sh_hook_*).
- The settings' `disableSkillShellExecution`: every command, inline or fenced, in commands,
  skills and forked skills, reads "[shell command execution disabled by policy]"
  (sh_off_*).
Run: python3 make.py (writes the files next to this file)."""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def tu(i, name, inp):
    return {"type": "tool_use", "id": "toolu_%02d" % i, "name": name, "input": inp}


D = [{"type": "text", "text": "Done."}]
SKILL = "---\nname: info\ndescription: shows info\n%s---\nInfo: %s\n"
AGAIN = [{"prompt": "Again", "options": {"resume": "<SESSION_ID_1>"}}]


def sc(name, prompt, rounds, settings=None, files=None, opts=None, then=None, beh=None):
    all_files = {"a.txt": "alpha one\n", ".claude/settings.json": json.dumps(settings or {})}
    all_files.update(files or {})
    s = {"name": name, "description": name, "prompt": prompt,
         "options": dict({"permission_mode": "bypassPermissions",
                          "setting_sources": ["project"]}, **(opts or {})),
         "responses": [{"content": r} for r in rounds],
         "default": {"content": D}, "files": all_files, "timeout_s": 120}
    if then:
        s["then"] = then
    if beh:
        s["behaviors"] = beh
    with open(os.path.join(HERE, name + ".json"), "w") as f:
        json.dump(s, f, indent=1)


LOG = {"hooks": {ev: [{"matcher": None, "behavior": "log_all"}] for ev in [
    "PreSkillShellCommand", "UserPromptSubmit", "UserPromptExpansion", "PreToolUse",
    "PostToolUse", "Stop"]}}


def cm(name, body, prompt="/bang", rounds=None, **kw):
    files = dict(kw.pop("files", {}), **{".claude/commands/bang.md": body})
    sc(name, prompt, rounds or [D], files=files, **kw)


def skill(name, line, opts=None, beh=None, settings=None, front=""):
    files = {".claude/skills/info/SKILL.md": SKILL % (front, line)}
    sc(name, "Go", [[tu(1, "Skill", {"skill": "info"})], D, D], settings, files, opts, beh=beh)


DEFAULT = {"permission_mode": "default"}
OFF = {"disableSkillShellExecution": True}
WRITE = "Out: !`touch made.txt && echo made`\n"

# which text is a command
cm("sh_code_span", "Use `x !`echo no` y` and a!`echo glued` and !`echo yes`\n")
cm("sh_empty", "A !`` B !` ` C\n")
cm("sh_fence_multi", "Run:\n```!\necho a\necho b\n```\nEnd.\n")
cm("sh_fence_inline", "Run: ```! echo inl``` end\n")
cm("sh_fence_and_inline", "F:\n```!\necho f\n```\nI: !`echo i`\n")
cm("sh_start_line", "!`echo first`\nnext\n")
# what replaces it
cm("sh_stderr", "Out: !`echo out; echo err >&2`\n")
cm("sh_stderr_only", "Out: !`echo err >&2`\n")
cm("sh_trailing_nl", "Out: !`printf 'a\\n\\n\\n'` end\n")
cm("sh_leading_ws", "Out: !`printf '  a  '` end\n")
cm("sh_leading_nl", "Out: !`printf '\\n\\n  a\\n'` end\n")
cm("sh_ok_then", "Out: !`echo fine`\n", rounds=[D, D], then=AGAIN)
# failures
cm("sh_fail", "Out: !`echo out; exit 3`\nEnd.\n")
cm("sh_fail_stderr", "Out: !`echo out; echo bad >&2; exit 3`\nEnd.\n")
cm("sh_fail_silent", "Out: !`exit 1`\n")
cm("sh_fail_notfound", "Out: !`nosuchcmd_zz`\n")
cm("sh_fail_then", "Out: !`echo out; exit 3`\n", rounds=[D, D], then=AGAIN)
cm("sh_fail_second", "A !`echo 1` B !`echo two; exit 4`\n")
cm("sh_fail_markup", "Out: !`echo '<a> & b'; exit 1`\n")
cm("sh_fail_args", "Out: !`echo $ARGUMENTS; exit 1`\n", prompt="/bang x y")
skill("sh_skill_fail", "!`echo x; exit 2`")
# permissions
cm("sh_default_mode", "Out: !`echo hi`\n", opts=DEFAULT)
cm("sh_default_allowed", "---\nallowed-tools: Bash(echo:*)\n---\nOut: !`echo hi`\n", opts=DEFAULT)
cm("sh_default_optallowed", "Out: !`echo hi`\n",
   opts=dict(DEFAULT, allowed_tools=["Bash(echo:*)"]))
cm("sh_default_write", WRITE, opts=DEFAULT)
cm("sh_default_write_allowed", "---\nallowed-tools: Bash(touch:*)\n---\n" + WRITE, opts=DEFAULT)
cm("sh_write_allow", WRITE, opts=DEFAULT, beh={"can_use_tool": "allow_all"})
cm("sh_write_deny", WRITE, opts=DEFAULT, beh={"can_use_tool": "deny_all"})
cm("sh_write_accept", WRITE, opts={"permission_mode": "acceptEdits"})
cm("sh_rm_default", "Out: !`rm -f zz.txt; echo gone`\n", opts=DEFAULT)
cm("sh_curl_default", "Out: !`curl -s http://127.0.0.1:9/ || echo nope`\n", opts=DEFAULT)
skill("sh_skill_default", "!`echo x`", DEFAULT, {"can_use_tool": "allow_all"})
skill("sh_skill_write_default", "!`touch made.txt && echo made`", DEFAULT,
      {"can_use_tool": "allow_all"})
skill("sh_skill_write_noask", "!`touch made.txt && echo made`",
      dict(DEFAULT, allowed_tools=["Skill"]))
# disableSkillShellExecution
cm("sh_off", "Status: !`echo hi-from-bang`\nDone.\n", settings=OFF)
cm("sh_off_args", "Args $ARGUMENTS: !`echo $0`\n", prompt="/bang one two", settings=OFF)
cm("sh_off_fenced", "Status:\n```!\necho fenced\n```\nEnd.\n", settings=OFF)
cm("sh_on_fenced", "Status:\n```!\necho fenced\n```\nEnd.\n")
cm("sh_off_false", "Status: !`echo on`\n", settings={"disableSkillShellExecution": False})
cm("sh_off_two", "A !`echo 1` B !`echo 2`\n", settings=OFF)
cm("sh_off_flag", "Status: !`echo on`\n",
   opts={"settings": json.dumps(OFF)})
cm("sh_off_cmd_skilltool", "---\ndescription: bangs\n---\nStatus: !`echo on`\n",
   prompt="Go", rounds=[[tu(1, "Skill", {"skill": "bang"})], D], settings=OFF)
skill("sh_off_skill", "!`echo hi-from-skill`\nAfter.", settings=OFF)
skill("sh_off_fork", "!`echo hi-from-fork`", settings=OFF, front="context: fork\n")
# hooks
cm("sh_hook_slash", "Out: !`echo hi`\n", beh=LOG)
cm("sh_hook_slash_args", "Out: !`echo $ARGUMENTS` and ```!\necho two\n```\n", prompt="/bang x y",
   beh=LOG)
cm("sh_hook_slash_fail", "Out: !`echo hi; exit 2`\n", beh=LOG)
cm("sh_hook_slash_perm", "Out: !`touch m.txt`\n", opts=DEFAULT, beh=LOG)
cm("sh_hook_slash_blocked", "Out: !`touch m.txt && echo made`\n", beh={"hooks": {
    "UserPromptSubmit": [{"matcher": None, "behavior": "block", "reason": "no"}],
    "PreSkillShellCommand": [{"matcher": None, "behavior": "log_all"}]}})
skill("sh_hook_skill", "!`echo x` and !`echo y`", beh=LOG)
skill("sh_hook_skill_fail", "!`exit 3`", beh=LOG)
skill("sh_hook_skill_perm", "!`touch m.txt`", DEFAULT, dict(LOG, can_use_tool="allow_all"))
sc("sh_hook_slash_skill", "/info", [D], files={".claude/skills/info/SKILL.md": SKILL % (
    "", "!`echo x` and !`echo y`")}, beh=LOG)

"""Writes the scenarios of skills whose front matter says `context: fork`: the skill runs as
a subagent instead of in the conversation. Run from this folder: python3 make.py"""
import json
import pathlib

HERE = pathlib.Path(__file__).parent
FILES = {
    ".claude/skills/sum/SKILL.md": "---\nname: sum\ndescription: Summarize a file\ncontext: fork\n---\nSKILL-BODY: summarize $ARGUMENTS\n",
    ".claude/skills/look/SKILL.md": "---\nname: look\ndescription: Look around\ncontext: fork\nagent: Explore\n---\nSKILL-LOOK: list the files\n",
    ".claude/skills/plain/SKILL.md": "---\nname: plain\ndescription: Inline skill\n---\nSKILL-PLAIN: do it inline\n",
    "a.txt": "alpha-content\n",
}
HOOKS = {e: [{"matcher": None, "behavior": "log_all"}]
         for e in ["PreToolUse", "PostToolUse", "SubagentStart", "SubagentStop"]}


def text(t, match=None, **kw):
    r = {"content": [{"type": "text", "text": t}], **kw}
    if match:
        r["match"] = match
    return r


def skill(name, args=None, match=None):
    inp = {"skill": name}
    if args is not None:
        inp["args"] = args
    r = {"content": [{"type": "tool_use", "id": "toolu_K1", "name": "Skill", "input": inp}]}
    if match:
        r["match"] = match
    return r


def scenario(name, desc, responses, prompt="PARENT-PROMPT: use the skill", **extra):
    s = {"name": name, "description": desc, "prompt": prompt,
         "options": {"permission_mode": "bypassPermissions"}, "files": FILES,
         "responses": responses, "default": text("DEFAULT-ANSWER"), "timeout_s": 120,
         "compare_ignore": ["messages[*].tool_use_result.harnessSectionHash",
                            "callbacks[*].input.tool_response.harnessSectionHash"]}
    s.update(extra)
    (HERE / f"{name}.json").write_text(json.dumps(s, indent=1) + "\n")


scenario("skillfork_tool", "The model calls a `context: fork` skill with arguments (hooks logged).",
         [skill("sum", "a.txt", match="PARENT-PROMPT"),
          {"match": "SKILL-BODY", "content": [{"type": "tool_use", "id": "toolu_S1", "name": "Read",
                                               "input": {"file_path": "<WS>/a.txt"}}]},
          text("SUB-ANSWER: alpha summarized", match="alpha-content"),
          text("PARENT-DONE", match="SUB-ANSWER")],
         behaviors={"hooks": HOOKS})
scenario("skillfork_agent", "A `context: fork` skill that names the agent it runs as (Explore).",
         [skill("look", match="PARENT-PROMPT"),
          text("SUB-ANSWER: looked", match="SKILL-LOOK"),
          text("PARENT-DONE", match="SUB-ANSWER")])
scenario("skillfork_command", "A `context: fork` skill invoked by the user as /sum.",
         [text("SUB-ANSWER: summarized by command", match="SKILL-BODY"),
          text("PARENT-DONE", match="SUB-ANSWER")], prompt="/sum a.txt")
scenario("skillfork_plain_contrast", "An inline skill, for contrast.",
         [skill("plain", match="PARENT-PROMPT"), text("PARENT-DONE", match="SKILL-PLAIN")])

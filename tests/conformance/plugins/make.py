"""Writes the plugin scenarios: one local plugin (`plug/`, named demo) with a command, a skill,
an agent, hooks (`hooks/hooks.json`) and a stdio MCP server (`.mcp.json`), driven through
each of them. Run from this folder: python3 make.py"""
import json
import pathlib

HERE = pathlib.Path(__file__).parent
SERVER = (HERE.parent / "mcp" / "server.py").read_text()

DENY = """import json, sys
data = json.load(sys.stdin)
cmd = data.get("tool_input", {}).get("command", "")
if "forbidden" in cmd:
    print(json.dumps({"hookSpecificOutput": {"hookEventName": "PreToolUse",
          "permissionDecision": "deny", "permissionDecisionReason": "plugin says no"}}))
"""

FILES = {
    "plug/.claude-plugin/plugin.json": json.dumps({"name": "demo", "version": "1.2.0",
                                                   "description": "A demo plugin"}) + "\n",
    "plug/commands/greet.md": "# Greet Command\n\nGreet the user warmly.\n",
    "plug/skills/pdf/SKILL.md": "---\nname: pdf\ndescription: Work with PDFs\n---\nUse pdftotext on $ARGUMENTS.\n",
    "plug/agents/helper.md": "---\nname: helper\ndescription: Helps with small tasks\ntools: Read\n---\nYou are a helper.\n",
    "plug/hooks/hooks.json": json.dumps({"hooks": {
        "UserPromptSubmit": [{"hooks": [{"type": "command",
                                         "command": "echo plugin-context-from-${CLAUDE_PLUGIN_ROOT}"}]}],
        "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command",
                                                       "command": "python3 ${CLAUDE_PLUGIN_ROOT}/deny.py"}]}],
    }}) + "\n",
    "plug/deny.py": DENY,
    "plug/.mcp.json": json.dumps({"mcpServers": {"calc": {
        "command": "python3", "args": ["${CLAUDE_PLUGIN_ROOT}/server.py"]}}}) + "\n",
    "plug/server.py": SERVER,
}

TEXT = {"content": [{"type": "text", "text": "Done."}]}


def tool(name, inp, id_="toolu_p1"):
    return {"content": [{"type": "tool_use", "id": id_, "name": name, "input": inp}]}


def scenario(name, desc, prompt, responses, **extra):
    options = {"permission_mode": "bypassPermissions",
               "plugins": [{"type": "local", "path": "<WS>/plug"}]}
    options.update(extra.pop("options", {}))
    s = {"name": name, "description": desc, "prompt": prompt, "options": options,
         "responses": responses, "default": TEXT, "files": FILES}
    s.update(extra)
    (HERE / f"{name}.json").write_text(json.dumps(s, indent=1) + "\n")


scenario("plugins_text", "A plugin's hooks, MCP server, skill and agent listed; a text answer.",
         "hi", [TEXT])
scenario("plugins_skill", "The model calls the plugin's skill demo:pdf.", "read the pdf",
         [tool("Skill", {"skill": "demo:pdf", "args": "a.pdf"}), TEXT])
scenario("plugins_mcp_call", "The model calls the plugin's MCP tool.", "add",
         [tool("mcp__plugin_demo_calc__add", {"a": 2, "b": 3}), TEXT])
scenario("plugins_hook_deny", "The plugin's PreToolUse hook denies a Bash command.", "run it",
         [tool("Bash", {"command": "echo forbidden"}), TEXT])
scenario("plugins_hook_allow", "The plugin's PreToolUse hook lets a Bash command through.", "run it",
         [tool("Bash", {"command": "echo fine"}), TEXT])
scenario("plugins_agent", "The model hands a task to the plugin's agent demo:helper.", "delegate",
         [dict(tool("Agent", {"description": "Help", "prompt": "SUB say hi", "subagent_type": "demo:helper",
                               "run_in_background": False}), match="delegate"),
          {"match": "SUB", "content": [{"type": "text", "text": "SUB-ANSWER"}]},
          {"match": "SUB-ANSWER", "content": [{"type": "text", "text": "PARENT-DONE"}]}])
scenario("plugins_command", "A plugin command invoked by its namespaced name.", "/demo:greet",
         [TEXT])
scenario("plugins_skill_short_name", "The model calls the plugin's skill by its own name (pdf), hooks logged.",
         "use it", [tool("Skill", {"skill": "pdf"}), TEXT],
         behaviors={"hooks": {"PreToolUse": [{"matcher": None, "behavior": "log_all"}]}})
scenario("plugins_skill_unknown", "The model calls a skill nobody has, hooks logged.",
         "use it", [tool("Skill", {"skill": "nosuch"}), TEXT],
         behaviors={"hooks": {"PreToolUse": [{"matcher": None, "behavior": "log_all"}]}})

# A second plugin whose hooks refuse: the reference names the plugin in what the user sees.
GATE = {
    "gate/.claude-plugin/plugin.json": json.dumps({"name": "gate", "version": "0.1.0"}) + "\n",
}


def gate(name, desc, prompt, responses, hooks):
    files = dict(GATE)
    files["gate/hooks/hooks.json"] = json.dumps({"hooks": hooks}) + "\n"
    s = {"name": name, "description": desc, "prompt": prompt,
         "options": {"permission_mode": "bypassPermissions",
                     "plugins": [{"type": "local", "path": "<WS>/gate"}]},
         "responses": responses, "default": TEXT, "files": files}
    (HERE / f"{name}.json").write_text(json.dumps(s, indent=1) + "\n")


def command(text):
    return [{"hooks": [{"type": "command", "command": text}]}]


gate("plugins_prompt_block_exit2", "The plugin's UserPromptSubmit hook exits 2 with a reason on stderr.",
     "hello", [TEXT], {"UserPromptSubmit": command("echo 'no prompts today' >&2; exit 2")})
gate("plugins_prompt_block_json", "The plugin's UserPromptSubmit hook blocks with decision: block.",
     "hello", [TEXT], {"UserPromptSubmit": command(
         "echo '{\"decision\": \"block\", \"reason\": \"blocked by gate\"}'")})
gate("plugins_pre_exit2", "The plugin's PreToolUse hook exits 2 for Bash.",
     "run", [tool("Bash", {"command": "echo hi"}), TEXT],
     {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command",
                                                    "command": "echo 'gate refuses' >&2; exit 2"}]}]})
gate("plugins_stop_block", "The plugin's Stop hook blocks once with a reason, then lets the turn end.",
     "hello", [TEXT, TEXT], {"Stop": command(
         "test -f stopped && exit 0; touch stopped; echo 'keep going' >&2; exit 2")})

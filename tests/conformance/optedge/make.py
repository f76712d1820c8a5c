#!/usr/bin/env python3
"""Generates the optedge scenarios (prefix oe_): the options of `query()` no random area drew,
each tried on its own (see README.md).

- oe_verbatim_*: `verbatim_prompts` (a mention, /compact, /cost, /clear, a custom command, a
  tool call after them, a resumed /compact).
- oe_env_*: the `env` option (variables the shell sees; the Bash timeout and output limit).
- oe_drops_*: `resume_drops_turn` with `resume_session_at` (ids that are no UUID, a range that
  starts elsewhere, another turn in the range, nothing discarded, the turn discarded).
- oe_store_*: `session_store_flush` eager and batched.
- oe_prompt_tool_*: `permission_prompt_tool_name="stdio"` with no callback, with a hook, with
  a callback (refused as both).
- oe_task_budget, oe_client_app, oe_hook_events: `task_budget`, `client_app`,
  `include_hook_events`.
Run: python3 make.py (writes oe_*.json next to this file)."""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import scenario_files  # noqa: E402
from scenario_files import tu, txt  # noqa: E402

FILES = {"a.txt": "alpha one\n", "notes.md": "n1\nn2\n"}
DONE = [txt("Done.")]
UUID = "6f1c2a3b-1111-4222-8333-944455566677"
REPLAY = {"extra_args": {"replay-user-messages": None}}


# Options of the Python SDK only: the TypeScript one refuses them, so the scenario runs on the
# Python face alone.
PYTHON_ONLY = ("client_app", "session_store_flush")


def sc(name, prompt, rounds, opts=None, files=None, then=None, beh=None, store=None):
    s = {"name": "oe_" + name, "description": name.replace("_", " "), "prompt": prompt,
         "options": dict({"permission_mode": "bypassPermissions"}, **(opts or {})),
         "responses": [{"content": r} for r in rounds], "default": {"content": DONE},
         "files": files or dict(FILES), "timeout_s": 120}
    if then:
        s["then"] = then
    if beh:
        s["behaviors"] = beh
    if store is not None:
        s["session_store"] = store
    if any(k in PYTHON_ONLY for k in s["options"]):
        s["faces"] = ["python"]
    return s


def bash(i, command):
    return tu(i, "Bash", {"command": command, "description": "run"})


def resume(prompt, **opts):
    return {"prompt": prompt, "options": dict({"resume": "<SESSION_ID_1>"}, **opts)}


def scenarios():
    out = []
    verbatim = {"verbatim_prompts": True}
    greet = {".claude/commands/greet.md": "Say hi to $ARGUMENTS.\n"}
    project = {"setting_sources": ["project"]}
    out += [
        sc("verbatim_mention", "Look at @a.txt please", [DONE], verbatim),
        sc("verbatim_command", "/compact", [DONE], verbatim),
        sc("verbatim_cost", "/cost", [DONE], verbatim),
        sc("verbatim_clear", "/clear", [DONE], verbatim),
        sc("verbatim_custom", "/greet Bob", [DONE], dict(verbatim, **project), files=greet),
        sc("verbatim_off_custom", "/greet Bob", [DONE], project, files=greet),
        sc("verbatim_tool", "Look at @a.txt please", [[bash(1, "echo hi")], DONE],
           dict(verbatim, **project),
           files={"a.txt": "alpha\n", "CLAUDE.md": "Rule one.\n",
                  ".claude/skills/s1/SKILL.md": "---\nname: s1\ndescription: A skill.\n---\nDo it.\n"}),
        sc("verbatim_resumed_compact", "First", [DONE], verbatim,
           then=[resume("/compact", verbatim_prompts=True)]),
    ]
    out += [
        sc("env_option", "Run it", [[bash(1, "echo [$FOO] [$BAR]")], DONE],
           {"env": {"FOO": "foo1", "BAR": ""}}),
        sc("env_option_path", "Run it",
           [[bash(1, "echo $HOME | wc -c; echo ${CLAUDECODE}-${CLAUDE_CODE_ENTRYPOINT}")], DONE],
           {"env": {"ZED": "1"}}),
        sc("env_bash_timeout", "Run it", [[bash(1, "sleep 3; echo late")], DONE],
           {"env": {"BASH_DEFAULT_TIMEOUT_MS": "1000"}}),
        sc("env_max_output", "Run it", [[bash(1, "seq 1 3000")], DONE],
           {"env": {"BASH_MAX_OUTPUT_LENGTH": "500"}}),
    ]
    one_two = [[txt("One.")], [txt("Two.")], [txt("Three.")]]
    out += [
        sc("drops_turn_bad", "First", [[bash(1, "echo one")], DONE, [txt("Second answer.")]],
           then=[resume("Again", resume_session_at="<ASSISTANT_UUID_1_1>",
                        resume_drops_turn="<USER_UUID_1_2>")]),
        sc("drops_turn_good", "First", one_two,
           then=[resume("Second"), resume("Third", resume_session_at="<ASSISTANT_UUID_1_-1>",
                                          resume_drops_turn="<USER_UUID_2_1>")]),
        sc("drops_none_bad", "First", one_two[:2],
           then=[resume("Again", resume_session_at="<ASSISTANT_UUID_1_-1>",
                        resume_drops_turn="not-a-uuid")]),
        sc("drops_none_good", "First", one_two[:2],
           then=[resume("Again", resume_session_at="<ASSISTANT_UUID_1_-1>",
                        resume_drops_turn=UUID)]),
        sc("drops_tools_valid", "First", [[bash(1, "echo one")], [bash(2, "echo two")], DONE],
           then=[resume("Again", resume_session_at="<ASSISTANT_UUID_1_0>",
                        resume_drops_turn=UUID)]),
        sc("drops_n_next", "First", one_two, REPLAY,
           then=[resume("Second"), resume("Again", resume_session_at="<ASSISTANT_UUID_1_-1>",
                                          resume_drops_turn=UUID)]),
        sc("drops_n_two_turns", "First", one_two + [[txt("Four.")]], REPLAY,
           then=[resume("Second"), resume("Third"),
                 resume("Again", resume_session_at="<ASSISTANT_UUID_1_-1>",
                        resume_drops_turn="<USER_UUID_2_0>")]),
        sc("drops_n_ok", "First", one_two, REPLAY,
           then=[resume("Second"), resume("Again", resume_session_at="<ASSISTANT_UUID_1_-1>",
                                          resume_drops_turn="<USER_UUID_2_0>")]),
        sc("drops_n_tools", "First", [[bash(1, "echo one")], [bash(2, "echo two")], DONE,
                                      [txt("x")]], REPLAY,
           then=[resume("Second"), resume("Again", resume_session_at="<ASSISTANT_UUID_1_0>",
                                          resume_drops_turn="<USER_UUID_1_0>")]),
    ]
    two_calls = [[bash(1, "echo one")], [bash(2, "echo two")], DONE]
    out += [
        sc("store_eager", "Run", two_calls, {"session_store_flush": "eager"}, store={}),
        sc("store_batched", "Run", two_calls, {"session_store_flush": "batched"}, store={}),
    ]
    write = [tu(1, "Write", {"file_path": "<WS>/x.txt", "content": "x\n"})]
    stdio = {"permission_mode": "default", "permission_prompt_tool_name": "stdio"}
    out += [
        sc("prompt_tool_stdio", "Run", [write, DONE], stdio),
        sc("prompt_tool_stdio_hook", "Run", [write, DONE], stdio,
           beh={"hooks": {"Stop": [{"matcher": None, "behavior": "log_all"}]}}),
        sc("prompt_tool_stdio_cb", "Run", [write, DONE], stdio, beh={"can_use_tool": "allow_all"}),
    ]
    out += [
        sc("task_budget", "Hi", [[bash(1, "echo hi")], DONE], {"task_budget": {"total": 5000}}),
        sc("client_app", "Hi", [DONE], {"client_app": "my-app/1.0.0"}),
        sc("hook_events", "Run", [[bash(1, "echo one")], DONE], {"include_hook_events": True},
           beh={"hooks": {"PreToolUse": [{"matcher": None, "behavior": "log_all"}],
                          "Stop": [{"matcher": None, "behavior": "log_all"}],
                          "UserPromptSubmit": [{"matcher": None, "behavior": "add_context",
                                                "text": "ctx-1"}]}}),
    ]
    return out + variables() + settings() + agent_fields() + extra_flags()


def variables():
    """oe_var_*: environment variables of the process the reference reads (the scenario's
    `env`): the shell's (an env file, a command prefix, the project directory kept, no
    background commands, timeouts), the models aliases and subagents run on, and others that
    change nothing a user sees offline."""
    files = {"a.txt": "alpha one\n", "sub/x.txt": "x\n", "CLAUDE.md": "Rule one.\n",
             "env.sh": "export FROMFILE=yes\nX2=plain\necho from-env-file\n",
             "wrap.sh": "#!/bin/sh\necho \"ARGC=$#\"\n",
             "big.txt": "".join("line %d with some words here\n" % i for i in range(1, 400))}
    agent = lambda **k: [tu(1, "Agent", dict({"description": "Look", "prompt": "Do it.",  # noqa: E731
                                               "subagent_type": "general-purpose",
                                               "run_in_background": False}, **k))]
    cases = [
        ("maintain_dir", [[bash(1, "cd sub && pwd")], [bash(2, "pwd")], DONE],
         {"CLAUDE_BASH_MAINTAIN_PROJECT_WORKING_DIR": "1"}, None),
        ("maintain_dir_out", [[bash(1, "cd sub")], [bash(2, "pwd; cd ..; cd sub; pwd")],
                              [bash(3, "pwd")], DONE],
         {"CLAUDE_BASH_MAINTAIN_PROJECT_WORKING_DIR": "1"}, None),
        ("shell_prefix_missing", [[bash(1, "echo hi")], DONE],
         {"CLAUDE_CODE_SHELL_PREFIX": "/bin/echo PREFIX"}, None),
        ("shell_prefix_words", [[bash(1, "echo hi")], DONE],
         {"CLAUDE_CODE_SHELL_PREFIX": "sh <WS>/wrap.sh"}, None),
        ("shell_prefix_not_executable", [[bash(1, "echo hi")], [bash(2, "ls sub")], DONE],
         {"CLAUDE_CODE_SHELL_PREFIX": "<WS>/wrap.sh"}, None),
        ("env_file", [[bash(1, "echo [$FROMFILE] [$X2]")], DONE],
         {"CLAUDE_ENV_FILE": "<WS>/env.sh"}, None),
        ("env_file_missing", [[bash(1, "echo [$FROMFILE]")], DONE],
         {"CLAUDE_ENV_FILE": "<WS>/nope.sh"}, None),
        ("no_background", [[bash(1, "echo bg") | {}], DONE],
         {"CLAUDE_CODE_DISABLE_BACKGROUND_TASKS": "1"}, None),
        ("no_background_plain", [[bash(1, "echo hi")], DONE],
         {"CLAUDE_CODE_DISABLE_BACKGROUND_TASKS": "1"}, None),
        ("max_timeout", [[tu(1, "Bash", {"command": "sleep 2; echo done", "description": "run",
                                         "timeout": 5000})], DONE],
         {"BASH_MAX_TIMEOUT_MS": "1000"}, None),
        ("max_timeout_default", [[bash(1, "sleep 2; echo done")], DONE],
         {"BASH_MAX_TIMEOUT_MS": "1000", "BASH_DEFAULT_TIMEOUT_MS": "5000"}, None),
        ("sonnet_alias", [DONE], {"ANTHROPIC_DEFAULT_SONNET_MODEL": "claude-sonnet-4-5-custom"},
         {"model": "sonnet"}),
        ("opus_alias", [DONE], {"ANTHROPIC_DEFAULT_OPUS_MODEL": "claude-opus-4-1"},
         {"model": "opus"}),
        ("haiku_alias", [DONE], {"ANTHROPIC_DEFAULT_HAIKU_MODEL": "claude-haiku-custom"},
         {"model": "haiku"}),
        ("subagent_model", [agent(), [txt("Sub.")], DONE],
         {"CLAUDE_CODE_SUBAGENT_MODEL": "claude-haiku-4-5"}, None),
        ("subagent_model_call", [agent(model="sonnet"), [txt("Sub.")], DONE],
         {"CLAUDE_CODE_SUBAGENT_MODEL": "claude-haiku-4-5"}, None),
        ("subagent_model_definition", [agent(subagent_type="scout"), [txt("Sub.")], DONE],
         {"CLAUDE_CODE_SUBAGENT_MODEL": "haiku"},
         {"agents": {"scout": {"description": "Scouts.", "prompt": "You scout.", "model": "opus"}}}),
        ("read_max_tokens", [[tu(1, "Read", {"file_path": "<WS>/big.txt"})], DONE],
         {"CLAUDE_CODE_FILE_READ_MAX_OUTPUT_TOKENS": "200"}, None),
        ("no_claude_mds", [DONE], {"CLAUDE_CODE_DISABLE_CLAUDE_MDS": "1"},
         {"setting_sources": ["project"]}),
        ("effort_level", [DONE], {"CLAUDE_CODE_EFFORT_LEVEL": "low"}, None),
        ("max_thinking", [DONE], {"MAX_THINKING_TOKENS": "4000"}, None),
    ]
    out = []
    for name, rounds, env, opts in cases:
        s = sc("var_" + name, "Go", rounds, opts, files=dict(files))
        s["env"] = env
        out.append(s)
    # A background call where background commands are off.
    out[7]["responses"][0]["content"][0]["input"]["run_in_background"] = True
    # The alias variables wherever a model is named: a settings file's `model` or `env`, the
    # fallback model, ANTHROPIC_MODEL.
    for name, doc, opts, env in (
            ("settings_model_alias", {"model": "haiku"}, {},
             {"ANTHROPIC_DEFAULT_HAIKU_MODEL": "claude-haiku-custom"}),
            ("settings_env_alias", {"env": {"ANTHROPIC_DEFAULT_SONNET_MODEL": "claude-sonnet-4-5-custom"}},
             {"model": "sonnet"}, {}),
            ("fallback_alias", {}, {"fallback_model": "sonnet"},
             {"ANTHROPIC_DEFAULT_SONNET_MODEL": "claude-sonnet-4-5-custom"}),
            ("anthropic_model_alias", {}, {},
             {"ANTHROPIC_MODEL": "opus", "ANTHROPIC_DEFAULT_OPUS_MODEL": "claude-opus-4-1"})):
        s = sc("var_" + name, "Go", [DONE], dict({"setting_sources": ["project"]}, **opts),
               files={"a.txt": "alpha one\n", ".claude/settings.json": json.dumps(doc)})
        s["env"] = env
        out.append(s)
    return out


def settings():
    """oe_set_*: keys of a project settings file (`.claude/settings.json`, setting source
    `project`): `env`, `permissions` (`defaultMode`, rules, `additionalDirectories`), `model`,
    `respectGitignore`, command hooks and `disableAllHooks`."""
    block = {"matcher": "Bash", "hooks": [{"type": "command", "command":
                                           "echo '{\"decision\":\"block\",\"reason\":\"no\"}'"}]}
    bypass = {"permission_mode": "bypassPermissions"}
    write = [tu(1, "Write", {"file_path": "<WS>/n.txt", "content": "n\n"})]
    home_read = [tu(1, "Read", {"file_path": "<HOME>/s.txt"})]
    cases = [
        ("env", {"env": {"FOO": "from-settings"}}, [[bash(1, "echo [$FOO]")], DONE], bypass),
        ("default_mode", {"permissions": {"defaultMode": "acceptEdits"}}, [write, DONE], {}),
        ("model", {"model": "sonnet"}, [DONE], {"permission_mode": "default"}),
        ("hooks_on", {"hooks": {"PreToolUse": [block]}}, [[bash(1, "echo hi")], DONE], bypass),
        ("disable_hooks", {"disableAllHooks": True, "hooks": {"PreToolUse": [block]}},
         [[bash(1, "echo hi")], DONE], bypass),
        ("disable_hooks_sdk", {"disableAllHooks": True, "hooks": {"PreToolUse": [block]}},
         [[bash(1, "echo hi")], DONE], bypass),
        ("disable_hooks_bare", {"disableAllHooks": True}, [[bash(1, "echo hi")], DONE], bypass),
        ("disable_hooks_false", {"disableAllHooks": False}, [[bash(1, "echo hi")], DONE], bypass),
        ("gitignore_glob", {"respectGitignore": False}, [[tu(1, "Glob", {"pattern": "**/*.txt"})],
                                                         DONE], bypass),
        ("gitignore_glob_default", {}, [[tu(1, "Glob", {"pattern": "**/*.txt"})], DONE], bypass),
        ("gitignore_grep", {"respectGitignore": False},
         [[tu(1, "Grep", {"pattern": "x", "output_mode": "files_with_matches"})], DONE], bypass),
        ("add_dirs", {"permissions": {"additionalDirectories": ["../home"]}}, [home_read, DONE],
         {"permission_mode": "default"}),
        ("add_dirs_none", {}, [home_read, DONE], {"permission_mode": "default"}),
        ("allow_rule", {"permissions": {"allow": ["Bash(echo:*)"], "deny": ["Read(./a.txt)"]}},
         [[bash(1, "echo hi")], [tu(2, "Read", {"file_path": "<WS>/a.txt"})], DONE],
         {"permission_mode": "default"}),
        ("ask_rule", {"permissions": {"ask": ["Bash(echo:*)"]}}, [[bash(1, "echo hi")], DONE], bypass),
        ("env_model", {"env": {"ANTHROPIC_MODEL": "claude-haiku-4-5"}}, [DONE],
         {"permission_mode": "default"}),
        ("no_bypass", {"permissions": {"disableBypassPermissionsMode": "disable"}},
         [[bash(1, "echo hi")], write, DONE], bypass),
        ("no_bypass_default_mode", {"permissions": {"disableBypassPermissionsMode": "disable",
                                                    "defaultMode": "bypassPermissions"}},
         [write, DONE], {}),
        ("output_style", {"outputStyle": "Explanatory"}, [DONE], {}),
        ("session_start_hook", {"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command":
                                "echo '{\"hookSpecificOutput\":{\"hookEventName\":\"SessionStart\","
                                "\"additionalContext\":\"CTX-START\"}}'"}]}]}}, [DONE], {}),
        ("deny_tools", {"permissions": {"deny": ["WebFetch", "Bash"]}}, [[bash(1, "echo hi")], DONE],
         bypass),
        ("env_no_background", {"env": {"CLAUDE_CODE_DISABLE_BACKGROUND_TASKS": "1"}},
         [[tu(1, "Bash", {"command": "echo hi", "description": "run", "run_in_background": True})],
          DONE], bypass),
    ]
    out = []
    for name, doc, rounds, opts in cases:
        files = {"a.txt": "alpha one\n", ".gitignore": "ignored/\n", "ignored/x.txt": "x\n",
                 "src/app.js": "app\n", ".claude/settings.json": json.dumps(doc)}
        s = sc("set_" + name, "Go", rounds, dict({"setting_sources": ["project"]}, **opts),
               files=files)
        if "permission_mode" not in opts:
            s["options"].pop("permission_mode")
        if name.startswith("add_dirs"):
            s["home_files"] = {"s.txt": "secret\n"}
        if name == "disable_hooks_sdk":
            s["behaviors"] = {"hooks": {"PreToolUse": [{"matcher": None, "behavior": "log_all"}]}}
        out.append(s)
    return out


def agent_fields():
    """oe_agent_*: fields of an agent definition no area set: `skills` (preloaded into the
    agent's first message), `memory` (its folder), `initialPrompt`, `mcpServers` by name."""
    server = open(os.path.join(os.path.dirname(HERE), "mcp", "server.py")).read()
    files = {"a.txt": "alpha one\n",
             ".claude/skills/s1/SKILL.md": "---\nname: s1\ndescription: A skill.\n---\n"
                                            "SKILL-ONE-BODY $ARGUMENTS\n",
             ".claude/skills/s2/SKILL.md": "---\ndescription: Two.\nallowed-tools: Bash\n---\n"
                                            "SKILL-TWO\n",
             ".claude/commands/c1.md": "CMD-ONE\n", "server.py": server}
    call = [tu(1, "Agent", {"description": "Look", "prompt": "Do it.", "subagent_type": "scout",
                            "run_in_background": False})]
    cases = [
        ("skills", {"skills": ["s1"]}, [call, [txt("Sub.")], DONE], {}),
        ("skills_many", {"skills": ["s2", "s1", "nope", "c1"]}, [call, [txt("Sub.")], DONE], {}),
        ("memory_project", {"memory": "project"}, [call, [txt("Sub.")], DONE], {}),
        ("memory_local", {"memory": "local"}, [call, [txt("Sub.")], DONE], {}),
        ("memory_user", {"memory": "user"}, [call, [txt("Sub.")], DONE], {}),
        ("initial_prompt", {"initialPrompt": "FIRST-THING"}, [call, [txt("Sub.")], DONE], {}),
        ("mcp_servers", {"mcpServers": ["io"]},
         [call, [tu(2, "mcp__io__add", {"a": 1, "b": 2})], [txt("Sub.")], DONE],
         {"mcp_servers": {"io": {"command": "python3", "args": ["<WS>/server.py"]}}}),
    ]
    out = []
    for name, fields, rounds, opts in cases:
        agents = {"scout": dict({"description": "Scouts.", "prompt": "You scout."}, **fields)}
        s = sc("agent_" + name, "Go", rounds,
               dict({"setting_sources": ["project"], "agents": agents}, **opts), files=dict(files))
        out.append(s)
    return out


def extra_flags():
    """oe_extra_*: `extra_args` flags no area gave: `--mcp-config` (its servers join those of
    `mcp_servers`)."""
    server = open(os.path.join(os.path.dirname(HERE), "mcp", "server.py")).read()
    config = json.dumps({"mcpServers": {"io": {"command": "python3", "args": ["<WS>/server.py"]}}})
    add = lambda i, srv: tu(i, "mcp__%s__add" % srv, {"a": i, "b": 2})  # noqa: E731
    out = [sc("extra_mcp_config", "Go", [[add(1, "io")], DONE],
              {"extra_args": {"mcp-config": config}}, files={"server.py": server}),
           sc("extra_mcp_config_both", "Go", [[add(1, "io")], [add(2, "other")], DONE],
              {"extra_args": {"mcp-config": config},
               "mcp_servers": {"other": {"command": "python3", "args": ["<WS>/server.py"]}}},
              files={"server.py": server})]
    return out


if __name__ == "__main__":
    scenario_files.write(HERE, "oe_", scenarios())

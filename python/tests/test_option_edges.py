"""Options and environment variables no random area drew (tests/conformance/optedge):
`verbatim_prompts` (a prompt given to go as written runs no command and attaches no mentioned
file), `permission_prompt_tool_name="stdio"` without a callback (refused in the reference's
words), and the variables of the environment the reference reads."""

from __future__ import annotations

import anyio
import pytest
from conftest import requires_native, text_turn, tool_turn

from claude_agent_sdk import (
    AssistantMessage,
    ClaudeAgentOptions,
    HookMatcher,
    ResultMessage,
    TextBlock,
    ToolResultBlock,
    UserMessage,
    query,
)

pytestmark = [requires_native, pytest.mark.anyio]


async def run(prompt, opts):
    with anyio.fail_after(60):
        return [m async for m in query(prompt=prompt, options=opts)]


def user_texts(request):
    content = request["messages"][0]["content"]
    if isinstance(content, str):
        return [content]
    return [b.get("text") for b in content if b.get("type") == "text"]


@pytest.mark.parametrize("prompt", ["/compact", "/cost", "/greet Bob", "Look at @a.txt"])
async def test_a_verbatim_prompt_goes_to_the_model_as_written(mock_server, tmp_path, prompt):
    (tmp_path / ".claude" / "commands").mkdir(parents=True)
    (tmp_path / ".claude" / "commands" / "greet.md").write_text("Say hi to $ARGUMENTS.\n")
    (tmp_path / "a.txt").write_text("alpha\n")
    server = mock_server({"responses": [text_turn("Done.")]})
    opts = ClaudeAgentOptions(cwd=str(tmp_path), env=server.env(), verbatim_prompts=True,
                              setting_sources=["project"])
    messages = await run(prompt, opts)
    answers = [m for m in messages if isinstance(m, AssistantMessage)]
    assert [b.text for b in answers[0].content if isinstance(b, TextBlock)] == ["Done."]
    assert answers[0].model != "<synthetic>"
    (request,) = server.requests()
    texts = [t for t in user_texts(request) if not t.startswith("<system-reminder>")]
    assert texts == [prompt]
    assert "alpha" not in str(request["messages"])


async def test_without_the_option_the_command_runs(mock_server, tmp_path):
    (tmp_path / ".claude" / "commands").mkdir(parents=True)
    (tmp_path / ".claude" / "commands" / "greet.md").write_text("Say hi to $ARGUMENTS.\n")
    server = mock_server({"responses": [text_turn("Done.")]})
    opts = ClaudeAgentOptions(cwd=str(tmp_path), env=server.env(), setting_sources=["project"])
    await run("/greet Bob", opts)
    (request,) = server.requests()
    assert "Say hi to Bob.\n" in user_texts(request)


@pytest.mark.parametrize("with_hook", [False, True])
async def test_stdio_without_a_callback_refuses_the_question(mock_server, tmp_path, with_hook):
    server = mock_server({"responses": [
        tool_turn("t1", "Write", {"file_path": str(tmp_path / "x.txt"), "content": "x\n"}),
        text_turn("Done.")]})

    async def stop(input_data, tool_use_id, context):
        return {}

    opts = ClaudeAgentOptions(
        cwd=str(tmp_path), env=server.env(), permission_mode="default",
        permission_prompt_tool_name="stdio",
        hooks={"Stop": [HookMatcher(hooks=[stop])]} if with_hook else None)
    messages = await run("Run", opts)
    (refused,) = [b for m in messages if isinstance(m, UserMessage) and isinstance(m.content, list)
                  for b in m.content if isinstance(b, ToolResultBlock)]
    why = "Error: canUseTool callback is not provided" if with_hook else "AbortError: Stream closed"
    assert refused.is_error and refused.content == f"Tool permission request failed: {why}"
    result = messages[-1]
    assert isinstance(result, ResultMessage)
    assert [d["tool_name"] for d in result.permission_denials] == ["Write"]
    assert not (tmp_path / "x.txt").exists()


async def test_environment_variables_the_reference_reads(mock_server, tmp_path):
    """tests/conformance/optedge oe_var_*: an alias named by ANTHROPIC_DEFAULT_SONNET_MODEL,
    CLAUDE_CODE_SUBAGENT_MODEL for an agent, CLAUDE_ENV_FILE sourced before a command, and
    no `run_in_background` with CLAUDE_CODE_DISABLE_BACKGROUND_TASKS."""
    (tmp_path / "env.sh").write_text("export FROMFILE=yes\n")
    server = mock_server({"responses": [
        tool_turn("t1", "Bash", {"command": "echo [$FROMFILE]"}),
        tool_turn("t2", "Bash", {"command": "echo bg", "run_in_background": True}),
        tool_turn("t3", "Agent", {"description": "Look", "prompt": "Do it.",
                                  "subagent_type": "general-purpose", "run_in_background": False}),
        text_turn("Sub."),
        text_turn("Done."),
    ]})
    env = {**server.env(), "ANTHROPIC_DEFAULT_SONNET_MODEL": "claude-sonnet-4-5-custom",
           "CLAUDE_CODE_SUBAGENT_MODEL": "claude-haiku-4-5",
           "CLAUDE_ENV_FILE": str(tmp_path / "env.sh"),
           "CLAUDE_CODE_DISABLE_BACKGROUND_TASKS": "1"}
    opts = ClaudeAgentOptions(cwd=str(tmp_path), env=env, model="sonnet",
                              permission_mode="bypassPermissions")
    messages = await run("Go", opts)
    results = {b.tool_use_id: b for m in messages if isinstance(m, UserMessage)
               and isinstance(m.content, list) for b in m.content if isinstance(b, ToolResultBlock)}
    assert results["t1"].content == "[yes]"
    assert results["t2"].is_error and "An unexpected parameter `run_in_background` was provided" \
        in results["t2"].content
    models = [r["model"] for r in server.requests()]
    assert models == ["claude-sonnet-4-5-custom"] * 3 + ["claude-haiku-4-5", "claude-sonnet-4-5-custom"]


async def test_an_agent_definition_preloads_skills_and_makes_its_memory_folder(mock_server, tmp_path):
    """tests/conformance/optedge oe_agent_*: `skills` puts the skills' instructions after the
    agent's prompt; `memory: "project"` makes `.claude/agent-memory/<agent>/`."""
    from claude_agent_sdk import AgentDefinition

    skill = tmp_path / ".claude" / "skills" / "s1"
    skill.mkdir(parents=True)
    (skill / "SKILL.md").write_text("---\nname: s1\ndescription: A skill.\n---\nSKILL-ONE-BODY\n")
    server = mock_server({"responses": [
        tool_turn("t1", "Agent", {"description": "Look", "prompt": "Do it.", "subagent_type": "scout",
                                  "run_in_background": False}),
        text_turn("Sub."), text_turn("Done.")]})
    agent = AgentDefinition(description="Scouts.", prompt="You scout.", skills=["s1", "nope"],
                            memory="project")
    opts = ClaudeAgentOptions(cwd=str(tmp_path), env=server.env(), setting_sources=["project"],
                              permission_mode="bypassPermissions", agents={"scout": agent})
    await run("Go", opts)
    first = server.requests()[1]["messages"][0]["content"]
    texts = [b["text"] for b in first if not b["text"].startswith("<system-reminder>")]
    assert texts[-3:] == [
        "Do it.\n",
        "<command-message>s1</command-message>\n<command-name>s1</command-name>\n"
        "<skill-format>true</skill-format>",
        f"Base directory for this skill: {skill}\n\nSKILL-ONE-BODY\n",
    ]
    assert (tmp_path / ".claude" / "agent-memory" / "scout").is_dir()


def tool_results(messages):
    return {b.tool_use_id: b for m in messages if isinstance(m, UserMessage)
            and isinstance(m.content, list) for b in m.content if isinstance(b, ToolResultBlock)}


async def test_the_minimal_mode_offers_bash_edit_and_read_and_runs_no_hook(mock_server, tmp_path):
    """optedge oe_var_simple_*: with CLAUDE_CODE_SIMPLE the session has Bash, Edit and Read;
    another tool it would offer is not among its tools, and no hook runs, the SDK's included;
    the first message is a `ui_invalidate`."""
    from claude_agent_sdk import SystemMessage

    server = mock_server({"responses": [
        {"content": [{"type": "tool_use", "id": "t1", "name": "Write",
                      "input": {"file_path": str(tmp_path / "w.txt"), "content": "w\n"}},
                     {"type": "tool_use", "id": "t2", "name": "Glob", "input": {"pattern": "*"}},
                     {"type": "tool_use", "id": "t3", "name": "Read",
                      "input": {"file_path": str(tmp_path / "a.txt")}}]},
        text_turn("Done.")]})
    (tmp_path / "a.txt").write_text("alpha\n")
    calls = []

    async def hook(input_data, tool_use_id, context):
        calls.append(input_data["tool_name"])
        return {}

    opts = ClaudeAgentOptions(cwd=str(tmp_path), env={**server.env(), "CLAUDE_CODE_SIMPLE": "1"},
                              permission_mode="bypassPermissions",
                              hooks={"PreToolUse": [HookMatcher(matcher=None, hooks=[hook])]})
    messages = await run("Go", opts)
    assert isinstance(messages[0], SystemMessage) and messages[0].subtype == "ui_invalidate"
    assert messages[1].data["tools"] == ["Bash", "Edit", "Read"]
    results = tool_results(messages)
    assert results["t1"].content == ("<tool_use_error>Error: No such tool available: Write. Write is "
                                     "not among the tools available here. Continue with the tools you "
                                     "have.</tool_use_error>")
    assert "find files with `find` via the Bash tool instead" in results["t2"].content
    assert results["t3"].is_error is not True
    assert not (tmp_path / "w.txt").exists()
    assert calls == []


async def test_tools_the_environment_turns_off(mock_server, tmp_path):
    """optedge oe_var_web_fetch_off, oe_var_cron_off: the tools are disabled, in subagents too."""
    server = mock_server({"responses": [
        {"content": [{"type": "tool_use", "id": "t1", "name": "WebFetch",
                      "input": {"url": "http://127.0.0.1:9/", "prompt": "p"}},
                     {"type": "tool_use", "id": "t2", "name": "CronList", "input": {}}]},
        text_turn("Done.")]})
    env = {**server.env(), "CLAUDE_CODE_DISABLE_WEB_FETCH": "1", "CLAUDE_CODE_DISABLE_CRON": "1"}
    opts = ClaudeAgentOptions(cwd=str(tmp_path), env=env, permission_mode="bypassPermissions")
    messages = await run("Go", opts)
    assert not {"WebFetch", "CronList", "CronCreate"} & set(messages[0].data["tools"])
    results = tool_results(messages)
    for tool_id, name in (("t1", "WebFetch"), ("t2", "CronList")):
        assert results[tool_id].content == (
            f"<tool_use_error>Error: No such tool available: {name}. {name} is disabled for this "
            "session, in subagents as well as here.</tool_use_error>")


@pytest.mark.parametrize("cap,blocks", [(None, 9), ("2", 3), ("abc", 9)])
async def test_stop_hooks_may_hold_a_turn_one_more_time_than_the_cap(mock_server, tmp_path, cap, blocks):
    """optedge oe_var_stop_cap*: the turn ends after CLAUDE_CODE_STOP_HOOK_BLOCK_CAP + 1
    blocks (9 by default), each with its feedback; the result then says nothing."""
    from claude_agent_sdk import SystemMessage

    server = mock_server({"responses": [text_turn(f"Answer {i}.") for i in range(12)]})

    async def block(input_data, tool_use_id, context):
        return {"decision": "block", "reason": "keep going"}

    env = {**server.env(), **({"CLAUDE_CODE_STOP_HOOK_BLOCK_CAP": cap} if cap else {})}
    opts = ClaudeAgentOptions(cwd=str(tmp_path), env=env, permission_mode="bypassPermissions",
                              hooks={"Stop": [HookMatcher(matcher=None, hooks=[block])]})
    messages = await run("Go", opts)
    feedback = [m for m in messages if isinstance(m, UserMessage) and isinstance(m.content, list)
                and any(isinstance(b, TextBlock) and b.text == "Stop hook feedback:\nkeep going"
                        for b in m.content)]
    assert len(feedback) == blocks
    assert len(server.requests()) == blocks
    warning = [m for m in messages if isinstance(m, SystemMessage) and m.subtype == "informational"]
    assert warning[0].data["content"].startswith(
        f"A hook blocked the turn from ending {blocks} consecutive times")
    result = messages[-1]
    assert isinstance(result, ResultMessage)
    assert (result.num_turns, result.result) == (blocks + 1, "")


@pytest.mark.parametrize("setting,env,limit", [(5000, None, 5000), (100, None, 4000),
                                               (9000, "6000", 9000), ("5000", None, 30000)])
async def test_the_settings_bash_output_limit(mock_server, tmp_path, setting, env, limit):
    """optedge oe_set_bash_output_max*: `bashOutputMaxChars` (a whole number, clamped to
    4,000-128,000) sets how much of a command's output the tool result keeps, over
    BASH_MAX_OUTPUT_LENGTH."""
    import json

    (tmp_path / ".claude").mkdir()
    (tmp_path / ".claude" / "settings.json").write_text(json.dumps({"bashOutputMaxChars": setting}))
    server = mock_server({"responses": [tool_turn("t1", "Bash", {"command": "seq 1 3000"}),
                                        text_turn("Done.")]})
    extra = {"BASH_MAX_OUTPUT_LENGTH": env} if env else {}
    opts = ClaudeAgentOptions(cwd=str(tmp_path), env={**server.env(), "HOME": str(tmp_path / "home"), **extra},
                              permission_mode="bypassPermissions", setting_sources=["project"])
    messages = await run("Go", opts)
    (result,) = [m for m in messages if isinstance(m, UserMessage) and m.tool_use_result]
    stdout = result.tool_use_result["stdout"]
    assert len(stdout) == min(limit, 13892)


async def test_with_fork_subagent_every_agent_runs_in_the_background(mock_server, tmp_path):
    """optedge oe_var_fork_subagent*: CLAUDE_CODE_FORK_SUBAGENT starts every agent in the
    background, `run_in_background: false` notwithstanding."""
    from claude_agent_sdk import TaskStartedMessage

    server = mock_server({"responses": [
        tool_turn("t1", "Agent", {"description": "sub", "prompt": "Look around",
                                  "run_in_background": False}),
        text_turn("Sub done."), text_turn("Done.")], "default": text_turn("Done.")})
    opts = ClaudeAgentOptions(cwd=str(tmp_path), env={**server.env(), "CLAUDE_CODE_FORK_SUBAGENT": "1"},
                              permission_mode="bypassPermissions")
    messages = await run("Go", opts)
    (started,) = [m for m in messages if isinstance(m, TaskStartedMessage)]
    assert started.data["is_backgrounded"] is True
    result = tool_results(messages)["t1"]
    assert result.content[0]["text"].startswith("Async agent launched successfully.")

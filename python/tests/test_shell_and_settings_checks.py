"""A command's or skill's shell commands (tests/conformance/shellcmds) and the settings
schema's checks (tests/conformance/settingscheck), as a user of the Python face sees them."""

from __future__ import annotations

import json

import anyio
import pytest
from conftest import requires_native, text_turn, tool_turn

from claude_agent_sdk import (
    AssistantMessage,
    ClaudeAgentOptions,
    ResultMessage,
    SystemMessage,
    TextBlock,
    ToolResultBlock,
    UserMessage,
    query,
)

pytestmark = [requires_native, pytest.mark.anyio]


async def run(prompt, opts):
    with anyio.fail_after(60):
        return [m async for m in query(prompt=prompt, options=opts)]


def project(tmp_path, settings=None, command=None):
    (tmp_path / ".claude" / "commands").mkdir(parents=True)
    (tmp_path / ".claude" / "settings.json").write_text(json.dumps(settings or {}))
    if command is not None:
        (tmp_path / ".claude" / "commands" / "bang.md").write_text(command)


def options(tmp_path, server, **kw):
    kw.setdefault("permission_mode", "bypassPermissions")
    return ClaudeAgentOptions(cwd=str(tmp_path), env={**server.env(), "HOME": str(tmp_path / "home")},
                              setting_sources=["project"], **kw)


def prompt_texts(request):
    return [b.get("text") for b in request["messages"][0]["content"] if b.get("type") == "text"]


async def test_inline_and_fenced_commands_are_replaced_by_their_output(mock_server, tmp_path):
    project(tmp_path, command="A !`echo one` `code !`echo no`` b!`echo glued`\n```!\necho two\n```\n")
    server = mock_server({"responses": [text_turn("Done.")]})
    await run("/bang", options(tmp_path, server))
    (request,) = server.requests()
    assert "A one `code !`echo no`` b!`echo glued`\ntwo\n" in prompt_texts(request)


async def test_a_failing_command_answers_without_the_model(mock_server, tmp_path):
    project(tmp_path, command="Out: !`echo out; exit 3`\n")
    server = mock_server({"responses": [text_turn("Done.")]})
    messages = await run("/bang", options(tmp_path, server))
    why = 'Shell command failed for pattern "!`echo out; exit 3`": [stderr]\nout'
    answer = next(m for m in messages if isinstance(m, AssistantMessage))
    assert answer.model == "<synthetic>"
    assert [b.text for b in answer.content if isinstance(b, TextBlock)] == [why]
    result = messages[-1]
    assert isinstance(result, ResultMessage)
    assert (result.subtype, result.num_turns, result.result) == ("success", 0, why)
    assert server.requests() == []


async def test_a_command_that_would_need_a_question_is_refused(mock_server, tmp_path):
    project(tmp_path, command="Out: !`touch made.txt && echo made`\n")
    server = mock_server({"responses": [text_turn("Done.")]})

    async def allow(name, input_data, context):
        from claude_agent_sdk import PermissionResultAllow
        return PermissionResultAllow()

    messages = await run("/bang", options(tmp_path, server, permission_mode="default",
                                          can_use_tool=allow))
    result = messages[-1]
    assert result.result.startswith(
        'Shell command permission check failed for pattern "!`touch made.txt && echo made`": touch in ')
    assert not (tmp_path / "made.txt").exists()


async def test_a_skills_failing_command_fails_its_call(mock_server, tmp_path):
    project(tmp_path)
    skill = tmp_path / ".claude" / "skills" / "info"
    skill.mkdir(parents=True)
    (skill / "SKILL.md").write_text("---\nname: info\ndescription: shows info\n---\nInfo: !`echo x; exit 2`\n")
    server = mock_server({"responses": [tool_turn("t1", "Skill", {"skill": "info"}),
                                        text_turn("Done.")]})
    messages = await run("Go", options(tmp_path, server))
    (result,) = [b for m in messages if isinstance(m, UserMessage) and isinstance(m.content, list)
                 for b in m.content if isinstance(b, ToolResultBlock)]
    assert result.is_error
    assert result.content == 'Shell command failed for pattern "!`echo x; exit 2`": [stderr]\nx'


async def test_policy_keeps_commands_from_running(mock_server, tmp_path):
    project(tmp_path, {"disableSkillShellExecution": True},
            command="A !`touch ran.txt`\n```!\necho two\n```\n")
    server = mock_server({"responses": [text_turn("Done.")]})
    await run("/bang", options(tmp_path, server))
    (request,) = server.requests()
    off = "[shell command execution disabled by policy]"
    assert f"A {off}\n{off}\n" in prompt_texts(request)
    assert not (tmp_path / "ran.txt").exists()


def not_in_effect(messages):
    (warning,) = [m for m in messages if isinstance(m, SystemMessage)
                  and m.data.get("tag") == "settings_not_in_effect"]
    return warning.data["content"].split("\n")


async def test_a_file_with_a_value_of_the_wrong_type_is_not_in_effect(mock_server, tmp_path):
    project(tmp_path, {"respectGitignore": "no", "model": 5, "permissions": {"deny": ["Bash"]}})
    server = mock_server({"responses": [tool_turn("t1", "Bash", {"command": "echo ran"}),
                                        text_turn("Done.")]})
    messages = await run("Hi", options(tmp_path, server))
    file = tmp_path.resolve() / ".claude" / "settings.json"
    assert not_in_effect(messages)[1:3] == [
        f"  {file} (respectGitignore): Expected boolean, but received string",
        f"  {file} (model): Expected string, but received number",
    ]
    (result,) = [b for m in messages if isinstance(m, UserMessage) and isinstance(m.content, list)
                 for b in m.content if isinstance(b, ToolResultBlock)]
    assert result.content == "ran" and not result.is_error


async def test_a_bad_rule_is_skipped_and_the_rest_holds(mock_server, tmp_path):
    project(tmp_path, {"permissions": {"deny": ["Bash((", "Bash(echo:*)"]}})
    server = mock_server({"responses": [tool_turn("t1", "Bash", {"command": "echo ran"}),
                                        text_turn("Done.")]})
    messages = await run("Hi", options(tmp_path, server))
    lines = not_in_effect(messages)
    assert lines[0] == "These settings entries were skipped; the rest of each source is in effect:"
    assert lines[1].endswith('(permissions.deny): Invalid permission rule "Bash((" was skipped: '
                             "Malformed Tool(content) rule. Rules take the form Tool or "
                             'Tool(content) and must end at the closing ")"; parentheses inside '
                             "the content are literal")
    result = messages[-1]
    assert [d["tool_name"] for d in result.permission_denials] == ["Bash"]


async def test_a_typed_commands_hooks_come_before_its_shell_commands(mock_server, tmp_path):
    from claude_agent_sdk import HookMatcher

    project(tmp_path, command="Out: !`echo $ARGUMENTS` and ```!\necho two\n```\n")
    server = mock_server({"responses": [text_turn("Done.")]})
    heard = []

    async def log(input_data, tool_use_id, context):
        heard.append((input_data["hook_event_name"], input_data.get("tool_input"),
                      input_data.get("invoked_by")))
        return {}

    hooks = {ev: [HookMatcher(hooks=[log])] for ev in
             ["UserPromptSubmit", "UserPromptExpansion", "PreSkillShellCommand"]}
    await run("/bang x y", options(tmp_path, server, hooks=hooks))
    assert heard == [
        ("UserPromptSubmit", None, None),
        ("UserPromptExpansion", None, None),
        ("PreSkillShellCommand", {"command": "echo two"}, "user"),
        ("PreSkillShellCommand", {"command": "echo x y"}, "user"),
    ]
    (request,) = server.requests()
    assert "Out: x y and two\n" in prompt_texts(request)


async def test_a_hook_that_does_not_load(mock_server, tmp_path):
    """hooksettings: a bad PostToolUse entry is dropped and the file's PreToolUse hook still
    blocks; a bad PreToolUse entry keeps the whole file out."""
    block = {"type": "command", "command": "echo blocked-by-hook >&2; exit 2"}
    good = {"matcher": "Bash", "hooks": [block]}
    for event, in_effect in [("PostToolUse", True), ("PreToolUse", False)]:
        ws = tmp_path / event
        ws.mkdir()
        hooks = {event: [{"matcher": 5, "hooks": [block]}]}
        if event == "PostToolUse":
            hooks["PreToolUse"] = [good]
        project(ws, {"hooks": hooks})
        server = mock_server({"responses": [tool_turn("t1", "Bash", {"command": "echo ran"}),
                                            text_turn("Done.")]})
        messages = await run("Hi", options(ws, server))
        lines = not_in_effect(messages)
        problem = "Invalid hook matcher (matcher: Invalid input: expected string, received number)"
        file = ws.resolve() / ".claude" / "settings.json"
        if in_effect:
            assert lines[1] == f"  {file} (hooks.PostToolUse.0): {problem}; matcher ignored."
        else:
            assert lines[1].startswith(f"  {file} (hooks.PreToolUse.0): {problem} \u2014 a PreToolUse")
            assert lines[2] == f"  {file} (hooks.PreToolUse.0.matcher): Expected string, but received number"
        (result,) = [b for m in messages if isinstance(m, UserMessage) and isinstance(m.content, list)
                     for b in m.content if isinstance(b, ToolResultBlock)]
        assert (result.content == "ran") is not in_effect

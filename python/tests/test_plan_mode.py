"""Plan mode through the Python face, against ``oxagent mock-server``: with a can_use_tool
callback the session offers EnterPlanMode and ExitPlanMode; EnterPlanMode switches to plan
mode (a ``status`` message says so), ExitPlanMode asks the callback and, once allowed, leaves
plan mode so edits run again."""

from __future__ import annotations

import pytest
from conftest import requires_native, text_turn, tool_turn

from claude_agent_sdk import (
    ClaudeAgentOptions,
    PermissionResultAllow,
    PermissionResultDeny,
    ResultMessage,
    SystemMessage,
    ToolResultBlock,
    UserMessage,
    query,
)

pytestmark = [requires_native, pytest.mark.anyio]


def results(messages) -> dict[str, ToolResultBlock]:
    return {b.tool_use_id: b for m in messages if isinstance(m, UserMessage) and isinstance(m.content, list)
            for b in m.content if isinstance(b, ToolResultBlock)}


def mode_changes(messages) -> list[str]:
    return [m.data["permissionMode"] for m in messages
            if isinstance(m, SystemMessage) and m.subtype == "status" and "permissionMode" in m.data]


async def test_exit_plan_mode_asks_the_callback_then_edits_run(mock_server, tmp_path):
    server = mock_server({"responses": [
        tool_turn("toolu_1", "ExitPlanMode", {"plan": "1. write out.txt"}),
        tool_turn("toolu_2", "Write", {"file_path": str(tmp_path / "out.txt"), "content": "done\n"}),
        text_turn("Done."),
    ]})
    asked = []

    async def allow(name, tool_input, ctx):
        asked.append((name, tool_input, ctx.suggestions))
        return PermissionResultAllow()

    options = ClaudeAgentOptions(cwd=str(tmp_path), env=server.env(), permission_mode="plan", can_use_tool=allow)
    messages = [m async for m in query(prompt="Plan, then write", options=options)]

    init = messages[0]
    assert {"EnterPlanMode", "ExitPlanMode"} <= set(init.data["tools"])
    # The callback sees the call without the model's own `plan` (no plan file was written).
    assert asked[0] == ("ExitPlanMode", {}, [])
    assert mode_changes(messages) == ["default"]
    exit_result = results(messages)["toolu_1"]
    assert exit_result.content == "User has approved exiting plan mode. You can now proceed."
    exit_message = next(m for m in messages if isinstance(m, UserMessage) and m.tool_use_result
                        and "isAgent" in m.tool_use_result)
    assert exit_message.tool_use_result["plan"] is None
    assert exit_message.tool_use_result["filePath"].endswith(".md")
    # Out of plan mode, the Write is asked about with the usual suggestion, and runs.
    assert asked[1][0] == "Write" and asked[1][2][0].mode == "acceptEdits"
    assert (tmp_path / "out.txt").read_text() == "done\n"
    assert isinstance(messages[-1], ResultMessage) and messages[-1].result == "Done."


async def test_a_refused_exit_keeps_plan_mode(mock_server, tmp_path):
    server = mock_server({"responses": [
        tool_turn("toolu_1", "ExitPlanMode", {}),
        tool_turn("toolu_2", "Bash", {"command": "touch x.txt", "description": "touch"}),
        text_turn("Still planning."),
    ]})

    async def deny_exit(name, tool_input, ctx):
        return PermissionResultDeny(message="Not yet") if name == "ExitPlanMode" else PermissionResultAllow()

    options = ClaudeAgentOptions(cwd=str(tmp_path), env=server.env(), permission_mode="plan", can_use_tool=deny_exit)
    messages = [m async for m in query(prompt="Plan", options=options)]
    assert mode_changes(messages) == []
    assert results(messages)["toolu_1"].content == "Not yet"
    # Still in plan mode: the command is refused by the mode, not run.
    assert results(messages)["toolu_2"].is_error
    assert not (tmp_path / "x.txt").exists()


async def test_enter_plan_mode_switches_the_session(mock_server, tmp_path):
    server = mock_server({"responses": [
        tool_turn("toolu_1", "EnterPlanMode", {}),
        tool_turn("toolu_2", "Write", {"file_path": str(tmp_path / "late.txt"), "content": "late\n"}),
        text_turn("Planning."),
    ]})
    asked = []

    async def allow(name, tool_input, ctx):
        asked.append((name, ctx.suggestions))
        return PermissionResultAllow()

    options = ClaudeAgentOptions(cwd=str(tmp_path), env=server.env(), permission_mode="default", can_use_tool=allow)
    messages = [m async for m in query(prompt="Think first", options=options)]
    assert mode_changes(messages) == ["plan"]
    entered = results(messages)["toolu_1"]
    assert entered.content.startswith("Entered plan mode.")
    # EnterPlanMode runs without asking; in plan mode an edit is asked about with no suggestion.
    assert asked == [("Write", [])]


async def test_without_a_callback_the_plan_tools_are_not_offered(mock_server, tmp_path):
    server = mock_server({"responses": [text_turn("hi")]})
    options = ClaudeAgentOptions(cwd=str(tmp_path), env=server.env(), permission_mode="plan")
    messages = [m async for m in query(prompt="hello", options=options)]
    assert not {"EnterPlanMode", "ExitPlanMode"} & set(messages[0].data["tools"])

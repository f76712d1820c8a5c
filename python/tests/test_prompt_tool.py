"""``permission_prompt_tool_name``: an in-process MCP tool answers the permission questions
in place of ``can_use_tool``; the model never sees the tool."""

from __future__ import annotations

import json

import pytest
from conftest import requires_native, text_turn, tool_turn

from claude_agent_sdk import (
    ClaudeAgentOptions,
    ResultMessage,
    SystemMessage,
    UserMessage,
    create_sdk_mcp_server,
    query,
    tool,
)

pytestmark = [requires_native, pytest.mark.anyio]


def _server(answers: dict):
    asked: list[dict] = []

    @tool("approve", "Answers permission questions", {"tool_name": str, "input": dict})
    async def approve(args):
        asked.append(args)
        answer = answers[args["tool_name"]]
        if isinstance(answer, Exception):
            raise answer
        return {"content": [{"type": "text", "text": answer}]}

    return create_sdk_mcp_server("perm", tools=[approve]), asked


async def test_the_prompt_tool_allows_and_denies(mock_server, tmp_path):
    server = mock_server({"responses": [
        tool_turn("toolu_1", "Bash", {"command": "touch made.txt", "description": "make"}),
        tool_turn("toolu_2", "Write", {"file_path": str(tmp_path / "w.txt"), "content": "x"}),
        text_turn("Done.")]})
    perm, asked = _server({
        "Bash": json.dumps({"behavior": "allow"}),
        "Write": json.dumps({"behavior": "deny", "message": "no writes today"}),
    })
    options = ClaudeAgentOptions(cwd=str(tmp_path), env=server.env(), mcp_servers={"perm": perm},
                                 permission_prompt_tool_name="mcp__perm__approve")
    messages = [m async for m in query(prompt="go", options=options)]
    init = messages[0]
    assert isinstance(init, SystemMessage) and "mcp__perm__approve" not in init.data["tools"]
    assert [a["tool_name"] for a in asked] == ["Bash", "Write"]
    assert asked[0] == {"tool_name": "Bash", "tool_use_id": "toolu_1",
                        "input": {"command": "touch made.txt", "description": "make"}}
    assert (tmp_path / "made.txt").exists() and not (tmp_path / "w.txt").exists()
    denied = [m for m in messages if isinstance(m, UserMessage)][1]
    assert denied.tool_use_result == "Error: no writes today"
    result = messages[-1]
    assert isinstance(result, ResultMessage)
    assert [d["tool_name"] for d in result.permission_denials] == ["Write"]


async def test_an_unfit_answer_refuses_and_a_failing_tool_fails_the_call(mock_server, tmp_path):
    server = mock_server({"responses": [
        tool_turn("toolu_1", "Bash", {"command": "touch a.txt", "description": "a"}),
        tool_turn("toolu_2", "Write", {"file_path": str(tmp_path / "w.txt"), "content": "x"}),
        text_turn("Done.")]})
    perm, _ = _server({"Bash": "not json", "Write": RuntimeError("kaboom")})
    options = ClaudeAgentOptions(cwd=str(tmp_path), env=server.env(), mcp_servers={"perm": perm},
                                 permission_prompt_tool_name="mcp__perm__approve")
    messages = [m async for m in query(prompt="go", options=options)]
    refused, failed = [m for m in messages if isinstance(m, UserMessage)]
    assert refused.content[0].content.startswith(
        "The permission prompt tool returned an invalid permission result.")
    assert failed.tool_use_result == "Error calling tool (Write): kaboom"
    result = messages[-1]
    assert isinstance(result, ResultMessage)
    assert [d["tool_name"] for d in result.permission_denials] == ["Bash"]


async def test_mcp_servers_from_a_config_file(mock_server, tmp_path):
    """``mcp_servers`` as the path of a JSON file (``{"mcpServers": {...}}``), relative to
    ``cwd``, as the CLI's ``--mcp-config`` reads it."""
    (tmp_path / "servers.json").write_text(json.dumps(
        {"mcpServers": {"docs": {"type": "http", "url": "http://127.0.0.1:9/mcp"}}}))
    server = mock_server({"responses": [text_turn("Done.")]})
    options = ClaudeAgentOptions(cwd=str(tmp_path), env=server.env(), mcp_servers="servers.json")
    messages = [m async for m in query(prompt="go", options=options)]
    init = messages[0]
    assert isinstance(init, SystemMessage)
    assert init.data["mcp_servers"] == [{"name": "docs", "status": "failed", "source": "dynamic"}]

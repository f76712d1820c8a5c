"""``sandbox={"enabled": True}``: Bash commands run in a bubblewrap sandbox that may write in
the working directory only, and leaving it (``dangerouslyDisableSandbox``) is the user's
call."""

from __future__ import annotations

import shutil

import pytest
from conftest import requires_native, text_turn, tool_turn

from claude_agent_sdk import ClaudeAgentOptions, ResultMessage, SystemMessage, UserMessage, query

pytestmark = [
    requires_native,
    pytest.mark.anyio,
    pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap is not installed"),
]


async def test_sandboxed_commands_write_only_in_the_working_directory(mock_server, tmp_path):
    ws, outside = tmp_path / "ws", tmp_path / "outside"
    ws.mkdir()
    outside.mkdir()
    command = f"echo in > made.txt; echo out > {outside}/new.txt; echo rc=$?"
    server = mock_server({"responses": [
        tool_turn("toolu_1", "Bash", {"command": command, "description": "write"}),
        text_turn("Done.")]})
    options = ClaudeAgentOptions(cwd=str(ws), env=server.env(), permission_mode="bypassPermissions",
                                 sandbox={"enabled": True})
    messages = [m async for m in query(prompt="go", options=options)]
    result = next(m for m in messages if isinstance(m, UserMessage))
    assert result.tool_use_result["stdout"].endswith("Read-only file system\nrc=1")
    assert (ws / "made.txt").read_text() == "in\n"
    assert not (outside / "new.txt").exists()


async def test_leaving_the_sandbox_is_asked_about(mock_server, tmp_path):
    server = mock_server({"responses": [
        tool_turn("toolu_1", "Bash", {"command": "ls", "description": "list",
                                      "dangerouslyDisableSandbox": True}),
        text_turn("Done.")]})
    options = ClaudeAgentOptions(cwd=str(tmp_path), env=server.env(), sandbox={"enabled": True})
    messages = [m async for m in query(prompt="go", options=options)]
    denied = next(m for m in messages if isinstance(m, SystemMessage) and m.subtype == "permission_denied")
    assert denied.data["message"] == "Run outside of the sandbox"
    assert denied.data["decision_reason_type"] == "sandboxOverride"
    assert isinstance(messages[-1], ResultMessage)
    assert [d["tool_name"] for d in messages[-1].permission_denials] == ["Bash"]
